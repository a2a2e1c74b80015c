"""The look past the round (:mod:`aton.bots.lookahead`) against the rules as the lean round plays them.

For positions of seeded games at the start of a round, the question "can this hand complete a board
victory in the player's own turn?" is answered twice: by :class:`VictoryGroups` (counting what a group
needs) and by playing the turn out on a :class:`~aton.bots.lean.LeanRound` (itself checked square by square
against the engine in ``test_lean.py``), for every way of laying the hand and every group, the player
acting first, removing the opponent's counters of the group and placing on its squares first.
"""

from __future__ import annotations

import random

import pytest
from test_lean import random_layout

import aton
from aton.actions import Player
from aton.bots import make_bot
from aton.bots.evaluation import AHEAD_NAMES, FEATURE_NAMES, Evaluation
from aton.bots.heuristics import BoardInfo, evaluator
from aton.bots.lean import OVER, PLACE, REMOVE, LeanRound, count_changes
from aton.bots.lookahead import VictoryGroups, ahead, orderings
from aton.game import Geometry, Phase
from aton.rules import Rules


def played_out(game: aton.Game, player: Player, cards: tuple[int, ...], group: tuple[int, ...]) -> bool:
    """Whether ``player``, acting first with ``cards``, fills ``group`` by choosing its squares first."""
    info = BoardInfo.of(game.rules.layout)
    judge = evaluator(info)
    state = LeanRound(game, count_changes(info), judge.counts(game.squares))
    state.assigned = [cards, cards]  # the opponent's cards do not count: its turn comes after
    state.begin(player)
    members = set(group)
    while state.phase in (REMOVE, PLACE) and state.actor is player:
        choices = state.choices()
        if state.phase == REMOVE and state.remove_target is player:
            preferred = [flat for flat in choices if flat not in members]  # an own counter: keep the group's
        else:
            preferred = [flat for flat in choices if flat in members]
        (state.place if state.phase == PLACE else state.remove)((preferred or choices)[0])
    return state.phase == OVER and state.winner is player and not state.at_scoring


def starts_of_rounds(seeds: range, *, random_boards: bool = False) -> list[aton.Game]:
    """Copies of seeded games (greedy against random moves) at each card assignment after the first round, on
    the default board or on boards of random square kinds (``test_lean.random_layout``: some with few yellow or
    green squares, where board victories come often)."""
    found = []
    for seed in seeds:
        rules = Rules(layout=random_layout(random.Random(seed))) if random_boards else Rules()
        game = aton.new_game(seed, rules, events=False)
        bots = (make_bot("greedy"), make_bot("random"))
        rng = random.Random(seed)
        while game.result is None:
            if game.phase is Phase.ASSIGN and game.round > 1 and len(game.to_act) == 2:
                found.append(game.clone())
            player = game.to_act[0]
            game.apply(bots[(player + seed) % 2].choose(game.view(player), rng))
    return found


POSITIONS = starts_of_rounds(range(40)) + starts_of_rounds(range(40, 100), random_boards=True)


def test_the_positions_hold_wins_and_non_wins() -> None:
    answers = [
        VictoryGroups.of(Geometry.of(game.rules.layout)).completes(
            game.squares, player, game.hand(player) or (), game.stock(player)
        )
        for game in POSITIONS
        for player in (aton.RED, aton.BLUE)
    ]
    assert len(answers) > 300
    assert 10 < sum(answers) < len(answers) - 10
    assert len({game.rules.layout for game in POSITIONS}) > 15


@pytest.mark.parametrize("part", range(4))
def test_the_answer_is_the_turn_played_out(part: int) -> None:
    for game in POSITIONS[part::4]:
        groups = VictoryGroups.of(Geometry.of(game.rules.layout))
        for player in (aton.RED, aton.BLUE):
            hand = tuple(game.hand(player) or ())
            expected = any(
                played_out(game, player, cards, group) for cards in orderings(hand) for group in groups.groups
            )
            assert groups.completes(game.squares, player, hand, game.stock(player)) == expected, (game.round, hand)


def test_a_hand_of_other_than_four_cards_completes_nothing() -> None:
    game = POSITIONS[0]
    groups = VictoryGroups.of(Geometry.of(game.rules.layout))
    assert not groups.completes([aton.RED] * 11 + [None] * 37, aton.RED, (4, 4, 4), 20)
    assert groups.completes([aton.RED] * 11 + [None] * 37, aton.RED, (1, 1, 1, 4), 20)


def test_too_few_counters_in_stock_complete_nothing() -> None:
    groups = VictoryGroups.of(Geometry.of(POSITIONS[0].rules.layout))
    squares = [aton.RED] * 9 + [None] * 39
    assert groups.completes(squares, aton.RED, (4, 4, 4, 4), 3)
    assert not groups.completes(squares, aton.RED, (4, 4, 4, 4), 2)


def test_a_one_on_cartouche_two_costs_a_counter_only_when_every_own_counter_in_reach_is_in_the_group() -> None:
    groups = VictoryGroups.of(Geometry.of(POSITIONS[0].rules.layout))
    squares = [aton.RED] * 8 + [None] * 40  # four to place in temple 1
    assert groups.completes(squares, aton.RED, (1, 2, 1, 4), 20)  # a 2 on cartouche 2 removes nothing
    assert not groups.completes(squares, aton.RED, (1, 1, 1, 4), 20)  # a 1 there takes one of temple 1's
    squares[12] = aton.RED  # a counter in temple 2 that the 1 may take instead, once temple 2 is open
    assert not groups.completes(squares, aton.RED, (1, 1, 1, 4), 20)
    assert groups.completes(squares, aton.RED, (1, 1, 2, 4), 20)


def test_the_next_hands_are_the_top_of_the_piles() -> None:
    """The search reads the next round's hands from the tops of the imagined piles once the cards of the round
    are revealed (an exchange and a war have taken theirs by then): the engine deals them so."""
    checked = 0
    bot = make_bot("greedy")
    for number, game in enumerate(POSITIONS[:40]):
        game = game.clone()
        start = game.round
        rng = random.Random(number)
        while game.result is None and game.phase is Phase.ASSIGN and game.round == start:
            player = game.to_act[0]
            game.apply(bot.choose(game.view(player), rng))
        piles = [game.deck(player) or [] for player in (aton.RED, aton.BLUE)]
        if game.result is not None or game.round != start or min(map(len, piles)) < 4:
            continue  # over at cartouche 1, or the discard pile comes back: the game's own generator
        while game.result is None and game.round == start:
            player = game.to_act[0]
            game.apply(bot.choose(game.view(player), rng))
        if game.result is None:
            for player in (aton.RED, aton.BLUE):
                assert tuple(game.hand(player) or ()) == tuple(sorted(piles[player][:4]))
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("name", AHEAD_NAMES)
def test_the_look_ahead_changes_sign_with_the_player(name: str) -> None:
    model = Evaluation(tuple(1.0 if feature == name else 0.0 for feature in FEATURE_NAMES))
    assert model.looks_ahead
    game = POSITIONS[0]
    judge = evaluator(BoardInfo.of(game.rules.layout))
    counts = judge.counts(game.squares)
    mine = tuple(1.0 if feature == name else 0.0 for feature in AHEAD_NAMES)
    theirs = tuple(-value for value in mine)
    red = model.chance(counts, aton.RED, (10, 10), (20, 20), 0, 0, judge, 3, mine)  # type: ignore[arg-type]
    blue = model.chance(counts, aton.BLUE, (10, 10), (20, 20), 0, 0, judge, 3, theirs)  # type: ignore[arg-type]
    assert red > 0.7 and red + blue == pytest.approx(1.0)
    assert not Evaluation(tuple(0.0 for _ in FEATURE_NAMES)).looks_ahead


def test_the_look_ahead_reads_both_hands() -> None:
    groups = VictoryGroups.of(Geometry.of(POSITIONS[0].rules.layout))
    squares = [aton.RED] * 9 + [None] * 39
    hands = [(1, 2, 3, 4), (1, 1, 2, 3)]
    assert ahead(groups, squares, aton.RED, hands, (38, 10), (20, 20)) == (1.0, 1.0, 0.0)
    assert ahead(groups, squares, aton.BLUE, hands, (38, 10), (20, 20)) == (-1.0, -1.0, 0.0)
    assert ahead(groups, squares, aton.BLUE, hands, (10, 36), (20, 20)) == (-1.0, 0.0, 0.0)  # Blue's 3 beats no 4
    # Red lays 1, 2, 1, 3 (a 1 on cartouche 2 would take one of its own); Blue's 4 beats Red's 2, not its 3
    assert ahead(groups, squares, aton.RED, [(1, 1, 2, 3), (1, 2, 3, 4)], (10, 36), (20, 20)) == (1.0, 0.0, -1.0)
    assert ahead(groups, squares, aton.RED, [(1, 1, 1, 2), (1, 2, 3, 4)], (10, 36), (20, 20)) == (0.0, -1.0, 0.0)
