"""The search's lean round against the engine: random games played both ways must agree at every step."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aton
from aton.actions import Exchange
from aton.bots.heuristics import BoardInfo, evaluator
from aton.bots.lean import NEXT_ROUND, OVER, PLACE, REMOVE, SCORING_REMOVE, LeanRound, count_changes
from aton.bots.mcts import PRESETS, SearchConfig, _Search
from aton.game import Game, Phase, shuffler
from aton.rules import Rules

PHASES = {Phase.REMOVE: REMOVE, Phase.PLACE: PLACE, Phase.SCORING_REMOVE: SCORING_REMOVE}


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
)
def test_a_lean_round_plays_as_the_engine(
    seed: int, before: int, choices: int, limit: int, war: Literal["bottom", "discard"]
) -> None:
    game = aton.new_game(seed, Rules(round_limit=limit, war_cards=war), events=False)
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
        game = aton.new_game(seed, events=False)
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
    evaluation=st.sampled_from(["heuristic", "fitted"]),
)
def test_the_lean_playout_scores_as_the_engine_playout(
    seed: int, before: int, generator: int, playout: str, evaluation: str
) -> None:
    """The same imagined game and generator state: the same choices, score and scoring, and the same draws after."""
    game = aton.new_game(seed, events=False)
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


@pytest.mark.parametrize("evaluation", ["heuristic", "fitted"])
def test_the_search_decides_as_with_the_engine_playout(evaluation: str) -> None:
    """A whole search gives the same statistics whichever way its playouts are played."""
    game = aton.new_game(3, events=False)
    play_randomly(game, random.Random(3), 40)
    view = game.view(game.to_act[0])
    config = replace(PRESETS["easy"], evaluation=evaluation)
    results = []
    for lean in (True, False):
        search = _Search(view, view.viewer, config, random.Random(9))
        if not lean:
            search.lean_playout = functools.partial(_engine_finish, search)  # type: ignore[method-assign]
        for _ in range(200):
            search.iterate()
        results.append([(o.action, o.visits, o.win_rate, o.extra, o.spread) for o in search.root_options()])
    assert results[0] == results[1]


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
