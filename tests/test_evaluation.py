"""The fitted evaluation of the end of a round (:mod:`aton.bots.evaluation`)."""

from __future__ import annotations

import random

import pytest

import aton
from aton.bots import MctsBot
from aton.bots.evaluation import AHEAD_NAMES, FEATURE_NAMES, Evaluation, board_terms, features
from aton.bots.heuristics import BoardInfo, evaluator, logistic
from aton.bots.mcts import ANALYSIS, PRESETS, TEACHING, SearchConfig
from aton.errors import BotError


def _positions(count: int) -> list[aton.Game]:
    """Positions at the start of a round of random games."""
    found = []
    for seed in range(count):
        game = aton.new_game(seed=seed)
        rng = random.Random(seed)
        while game.result is None and game.round < 2 + seed % 6:
            options = game.legal_actions(game.to_act[0])
            game.apply(options[rng.randrange(len(options))])
        if game.result is None:
            found.append(game)
    return found


def test_the_stored_model_has_a_coefficient_per_feature() -> None:
    model = Evaluation.load()
    assert len(model.coefficients) == len(FEATURE_NAMES)
    with pytest.raises(ValueError, match="coefficients"):
        Evaluation((1.0,))


def test_the_chance_is_the_logistic_of_the_features_and_the_players_chances_add_up_to_one() -> None:
    model = Evaluation.load()
    for game in _positions(30):
        judge = evaluator(BoardInfo.of(game.rules.layout))
        counts = judge.counts(game.squares)
        scores = (game.score(aton.RED), game.score(aton.BLUE))
        stock = (game.stock(aton.RED), game.stock(aton.BLUE))
        kingdom = game.kingdom
        red, blue = kingdom.count(aton.RED), kingdom.count(aton.BLUE)
        chances = [model.chance(counts, p, scores, stock, red, blue, judge, game.round) for p in aton.PLAYERS]
        assert chances[0] + chances[1] == pytest.approx(1.0)
        values = features(board_terms(counts, judge), *scores, *stock, red, blue, game.round)
        assert chances[0] == logistic(model.logit(values))  # the same operations
        assert 0.0 < chances[0] < 1.0


def test_the_stored_models_look_ahead_only_where_fitted_to() -> None:
    """``fitted`` (what medium, hard, the coach and the review use) was fitted without the look at the next
    round's hands, so its search does not work it out; ``ahead`` was fitted with it."""
    assert not Evaluation.load().looks_ahead
    assert all(Evaluation.load().coefficients[FEATURE_NAMES.index(name)] == 0.0 for name in AHEAD_NAMES)
    ahead = Evaluation.load("ahead")
    assert ahead.looks_ahead and len(ahead.coefficients) == len(FEATURE_NAMES)
    assert all(ahead.coefficients[FEATURE_NAMES.index(name)] > 0.0 for name in AHEAD_NAMES)
    bot = MctsBot.from_spec("medium", "evaluation=ahead,iterations=60")
    view = _positions(3)[-1].view(aton.RED)
    assert bot.config.evaluation == "ahead"
    assert bot.choose(view, random.Random(0)) in view.legal_actions(aton.RED)
    with pytest.raises(BotError, match="'fitted', 'ahead' or 'heuristic'"):
        MctsBot.from_spec("medium", "evaluation=later")


def test_the_search_takes_the_evaluation_it_is_given() -> None:
    assert PRESETS["hard"].evaluation == "fitted"
    assert PRESETS["medium"].evaluation == ANALYSIS.evaluation == "fitted"  # the coach and the review search as medium
    assert PRESETS["easy"].evaluation == TEACHING.evaluation == SearchConfig().evaluation == "heuristic"
    assert MctsBot.from_spec("medium", "evaluation=fitted").config.evaluation == "fitted"
    with pytest.raises(BotError):
        SearchConfig(evaluation="other")
