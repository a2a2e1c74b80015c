"""The search's lean round against the engine: random games played both ways must agree at every step."""

from __future__ import annotations

import functools
import random
from typing import Literal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import aton
from aton import data
from aton.actions import Assign, Exchange
from aton.bots.heuristics import BoardInfo, evaluator
from aton.bots.lean import ASSIGN, NEXT_ROUND, OVER, PLACE, REMOVE, SCORING_REMOVE, LeanRound, count_changes
from aton.bots.mcts import PRESETS, SearchConfig, _Search, assignment_patterns, piles_after_war, war
from aton.game import Game, Phase, shuffler
from aton.rules import Layout, Rules

PHASES = {Phase.REMOVE: REMOVE, Phase.PLACE: PLACE, Phase.SCORING_REMOVE: SCORING_REMOVE}
OTHER_CODES = [code for code in data.SQUARE_KIND_CODES if code != "B"]


def random_layout(chooser: random.Random) -> Layout:
    """A board of random square kinds: one blue square a temple, anywhere in it, at least one yellow and one green
    square, the kinds' shares drawn too, so that some boards have only a few yellow or green squares (where a
    board victory comes often)."""
    weights = [chooser.random() ** 3 + 0.01 for _ in OTHER_CODES]
    codes = []
    for _ in range(data.TEMPLE_COUNT):
        temple = chooser.choices(OTHER_CODES, weights, k=data.SQUARES_PER_TEMPLE - 1)
        temple.insert(chooser.randrange(data.SQUARES_PER_TEMPLE), "B")
        codes += temple
    free = [flat for flat, code in enumerate(codes) if code != "B"]
    for needed in ("Y", "G"):
        if needed not in codes:
            flat = chooser.choice([f for f in free if codes[f] not in ("Y", "G")])
            codes[flat] = needed
    width, size = data.COLUMNS_PER_TEMPLE, data.SQUARES_PER_TEMPLE
    rows = [" ".join(codes[start : start + width]) for start in range(0, len(codes), width)]
    return Layout(tuple(tuple(rows[t * size // width : (t + 1) * size // width]) for t in range(data.TEMPLE_COUNT)))


layouts = st.one_of(st.just(Layout()), st.integers(0, 10**6).map(lambda seed: random_layout(random.Random(seed))))
"""The default board or a random one: the lean round must follow any board the rules accept."""


def play_randomly(game: Game, chooser: random.Random, steps: int) -> None:
    """Up to ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if game.result is not None:
            return
        options = game.legal_actions(game.to_act[0])
        game.apply(options[chooser.randrange(len(options))])


def lean_of(game: Game) -> LeanRound:
    info = BoardInfo.of(game.rules.layout)
    return LeanRound(game, count_changes(info), evaluator(info).counts(game.squares))


def check_same(game: Game, lean: LeanRound) -> None:
    """The lean round and the engine describe the same position."""
    assert lean.squares == list(game.squares)
    assert lean.counts == evaluator(BoardInfo.of(game.rules.layout)).counts(game.squares)
    assert lean.score == [game.score(aton.RED), game.score(aton.BLUE)]
    assert lean.stock == [game.stock(aton.RED), game.stock(aton.BLUE)]
    assert lean.kingdom == list(game.kingdom)


def race(game: Game, chooser: random.Random) -> int:
    """Finish the round of ``game`` both ways with the same random squares; return the steps compared."""
    lean = lean_of(game)
    steps = 0
    while lean.phase in (REMOVE, PLACE, SCORING_REMOVE):
        assert PHASES[game.phase] == lean.phase
        player = game.to_act[0]
        assert lean.actor is player
        flats, actions = game.square_choices(player)
        assert lean.choices() == flats
        assert [actions[f] for f in flats] == game.legal_actions(player)
        assert lean.removals_left == game.removals_left
        flat = flats[chooser.randrange(len(flats))]
        game.apply(actions[flat])
        lean.play(flat)
        check_same(game, lean)
        steps += 1
    if lean.phase == OVER:
        assert game.result is not None
        assert (lean.winner, lean.at_scoring) == (game.result.winner, game.result.at_scoring)
    else:
        assert lean.phase == NEXT_ROUND
        assert game.result is None and game.phase is Phase.ASSIGN and game.round == lean.round
    return steps


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    before=st.integers(0, 250),
    choices=st.integers(0, 10**6),
    limit=st.sampled_from([200, 3, 6]),
    war=st.sampled_from(["bottom", "discard"]),
    layout=layouts,
)
def test_a_lean_round_plays_as_the_engine(
    seed: int, before: int, choices: int, limit: int, war: Literal["bottom", "discard"], layout: Layout
) -> None:
    game = aton.new_game(seed, Rules(round_limit=limit, war_cards=war, layout=layout), events=False)
    chooser = random.Random(choices)
    play_randomly(game, chooser, before)
    while game.result is None and game.phase is Phase.ASSIGN:
        play_randomly(game, chooser, 1)
    if game.result is not None:
        return
    check_same(game, lean_of(game))
    race(game, chooser)


def test_many_rounds_agree_to_the_end_of_each_game() -> None:
    """Whole random games, every round finished both ways: scorings, board victories and 40 points all come."""
    endings = set()
    compared = 0
    for seed in range(40):
        layout = Layout() if seed % 2 else random_layout(random.Random(seed))
        game = aton.new_game(seed, Rules(layout=layout), events=False)
        chooser = random.Random(seed)
        while game.result is None:
            if game.phase is Phase.ASSIGN:
                play_randomly(game, chooser, 1)
                continue
            compared += race(game, chooser)
        endings.add((game.result.reason, game.result.at_scoring))
    assert compared > 1000
    assert len(endings) >= 2


def search_of(game: Game, config: SearchConfig) -> _Search:
    view = game.view(game.to_act[0])
    return _Search(view, view.viewer, config, random.Random(0))


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    before=st.integers(0, 200),
    generator=st.integers(0, 10**6),
    playout=st.sampled_from(["greedy", "random"]),
    evaluation=st.sampled_from(["heuristic", "fitted", "ahead"]),
    layout=layouts,
)
def test_the_lean_playout_scores_as_the_engine_playout(
    seed: int, before: int, generator: int, playout: str, evaluation: str, layout: Layout
) -> None:
    """The same imagined game and generator state: the same choices, score and scoring, and the same draws after."""
    game = aton.new_game(seed, Rules(layout=layout), events=False)
    play_randomly(game, random.Random(seed), before)
    if game.result is not None:
        return
    search = search_of(game, SearchConfig(playout=playout, epsilon=0.3, evaluation=evaluation))
    kingdom = len(search.view.kingdom)
    for number in range(5):
        search.rng = random.Random(generator + number)
        imagined = search.determinize()
        if number % 2 and imagined.phase is Phase.ASSIGN and imagined.exchange_available(imagined.to_act[0]):
            imagined._play(Exchange(imagined.to_act[0]))  # as the tree may: the cards are laid in the playout
        state = search.rng.getstate()
        engine_game = imagined.clone()
        reward = search.playout(engine_game)
        result = engine_game.result
        scored = result.at_scoring if result is not None else len(engine_game.kingdom) < kingdom
        after = search.rng.random()
        search.rng.setstate(state)
        assert search.finish(imagined) == (reward, scored)
        assert search.rng.random() == after


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rounds=st.integers(0, 12),
    choices=st.integers(0, 10**6),
    war_cards=st.sampled_from(["bottom", "discard"]),
    exchange=st.booleans(),
    layout=layouts,
)
@example(
    seed=360, rounds=6, choices=360, war_cards="bottom", exchange=False, layout=Layout()
)  # a war, then nobody can act
@example(
    seed=11599, rounds=11, choices=11599, war_cards="discard", exchange=False, layout=Layout()
)  # the same, then a scoring
@example(
    seed=122, rounds=10, choices=10, war_cards="bottom", exchange=False, layout=Layout()
)  # a war, then a scoring that ends it
def test_a_lean_reveal_plays_as_the_engine(
    seed: int,
    rounds: int,
    choices: int,
    war_cards: Literal["bottom", "discard"],
    exchange: bool,
    layout: Layout,
) -> None:
    """Cards laid on a lean round (an exchange taking the top of the pile, a war the top cards) as on the engine."""
    game = aton.new_game(seed, Rules(war_cards=war_cards, layout=layout), events=False)
    chooser = random.Random(choices)
    for _ in range(rounds):  # whole rounds at random, to where nobody has laid cards yet
        play_randomly(game, chooser, 1)
        while game.result is None and (game.phase is not Phase.ASSIGN or len(game.to_act) < 2):
            play_randomly(game, chooser, 1)
    if game.result is not None:
        return
    decks = [list(game._deck[aton.RED]), list(game._deck[aton.BLUE])]  # as dealt: the top card last
    drawn = [0, 0]
    player = chooser.choice(game.to_act)
    if exchange and game.exchange_available(player) and len(decks[player]) >= 4:
        game.apply(Exchange(player))
        assert game.hand(player) == sorted(decks[player][-4:])  # the lean search's exchange
        drawn[player] = 4
    lean = lean_of(game)
    assert lean.phase == ASSIGN
    copy, before = lean.copy(), (list(game.squares), lean.counts[:], lean.score[:])
    red_hand, blue_hand = (tuple(game.hand(p) or ()) for p in (aton.RED, aton.BLUE))
    red = assignment_patterns(red_hand)[chooser.randrange(len(assignment_patterns(red_hand)))][1]
    blues = [cards for _pattern, cards in assignment_patterns(blue_hand)]
    same = [cards for cards in blues if cards[:2] == red[:2]]  # a war now and then
    blue = chooser.choice(same) if same and chooser.random() < 0.7 else chooser.choice(blues)
    winner, turned = war(decks, drawn)
    game.apply(Assign(aton.RED, red))
    game.apply(Assign(aton.BLUE, blue))
    played_out = game.phase not in (Phase.REMOVE, Phase.PLACE)  # nobody could act: the round ended on its own
    if red[:2] == blue[:2] and winner is not None and not played_out:  # the piles the look at the next hands reads
        assert piles_after_war(decks, drawn, turned, war_cards)[0] == game._deck
    if not lean.reveal(red, blue):
        assert red[:2] == blue[:2]
        if winner is None:  # a pile ran out: the engine shuffles with its own generator
            return
        assert played_out or game.first_player is winner
        lean.begin(winner)
    if lean.phase == OVER:
        assert game.result is not None and game.result.winner is lean.winner
        assert game.result.at_scoring is lean.at_scoring  # a board victory, or a war then a scoring past 40
        return
    if played_out:  # then a scoring may have begun, or the next round
        assert lean.phase == PHASES.get(game.phase, NEXT_ROUND) and game.phase in (Phase.SCORING_REMOVE, Phase.ASSIGN)
        check_same(game, lean)
        return
    assert game.first_player is lean.first
    check_same(game, lean)
    race(game, chooser)
    assert (copy.phase, copy.squares, copy.counts, copy.score) == (ASSIGN, *before)  # the copy kept its own lists


def search_positions_both_ways() -> list[aton.GameView]:
    """Views of random games at every phase, both war rules, for whoever acts."""
    views = []
    for war_cards in ("bottom", "discard"):
        for seed in range(6):
            layout = Layout() if seed % 2 else random_layout(random.Random(seed))
            game = aton.new_game(seed, Rules(war_cards=war_cards, layout=layout), events=False)
            chooser = random.Random(seed)
            step = 0
            while game.result is None:
                if step % 7 == seed % 7:
                    views.append(game.view(game.to_act[0]))
                play_randomly(game, chooser, 1)
                step += 1
    return views


def statistics(search: _Search) -> list[tuple[object, ...]]:
    return [(o.action, o.visits, o.win_rate, o.extra, o.spread, search.line_rate(o)) for o in search.root_options()]


@pytest.mark.parametrize(
    ("config", "seeds"),
    [
        (PRESETS["easy"], 1),
        (SearchConfig(iterations=120, width=8, decisive=True, playout="random"), 2),
        (SearchConfig(iterations=40, width=8, decisive=True, evaluation="fitted"), 1),
        (SearchConfig(iterations=40, width=8, decisive=True, evaluation="ahead"), 1),  # the next hands read alike
    ],
)
def test_the_search_decides_as_with_the_engine(config: SearchConfig, seeds: int) -> None:
    """The tree walked on lean rounds gives the statistics of the tree walked on whole games with the engine's playout.

    Every position of a few random games (both war rules), the viewer's search and a search told to open
    with one move; the same generator states: the same choices, visits, rates, notes and spreads.  (The
    second setting meets, among others, a war at the root after which the round resolves itself.)
    """
    compared = 0
    for number, view in enumerate(search_positions_both_ways()):
        legal = view.legal_actions(view.viewer)
        for only, seed in [(None, seed) for seed in range(seeds)] + [(legal[number % len(legal)], number)]:
            results = []
            for lean in (True, False):
                search = _Search(view, view.viewer, config, random.Random(seed), only)
                if not lean:
                    search.lean = None
                    search.lean_playout = functools.partial(_engine_finish, search)  # type: ignore[method-assign]
                for _ in range(config.iterations):
                    search.iterate()
                results.append(statistics(search))
            assert results[0] == results[1]
            compared += 1
    assert compared > 60


def _engine_finish(search: _Search, game: Game, kingdom: int) -> tuple[float, bool]:
    reward = search.playout(game)
    result = game.result
    return reward, (result.at_scoring if result is not None else len(game.kingdom) < kingdom)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64), size=st.integers(0, 80))
def test_the_quick_shuffle_shuffles_as_random(seed: int, size: int) -> None:
    """The sampler's shuffle draws exactly what ``random.Random.shuffle`` draws, and leaves the same state."""
    quick, slow = random.Random(seed), random.Random(seed)
    items, same = list(range(size)), list(range(size))
    shuffler(quick)(items)
    slow.shuffle(same)
    assert items == same
    assert quick.getstate() == slow.getstate()
