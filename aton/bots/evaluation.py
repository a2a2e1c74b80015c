"""The search's judgement of a position at the end of a round: a logistic model fitted on seeded games.

The search plays each imagined game to the end of the current round, then
asks who is likely to win from there.  :func:`aton.bots.heuristics.win_probability`
answers with a hand-made sum of points (the score, the projected scoring as if
it came now, board threats); this model weighs more facts, all public, with
coefficients fitted on the positions of seeded games against their final
winner (``scripts/fit_evaluation.py``, stored in ``evaluation.json``):

- the score difference, alone and times the round number (a lead late in the
  game is more often kept), and the extra weight of points above 24;
- the projected scoring, smoothed (:func:`~aton.bots.heuristics.projection`)
  and exact (:func:`~aton.bots.heuristics.scoring_points`), each also
  multiplied by how full the Kingdom of the Dead is (a scoring that comes
  soon counts more than one several rounds away);
- whether that scoring, if it came now, would end the game at 40 points, and
  for whom (again alone and times the Kingdom's fullness);
- board-victory threats (:class:`~aton.bots.heuristics.Weights` ``threat``);
- counters left in stock and in the Kingdom (they come back after a scoring);
- with the ``ahead`` model only (:data:`MODELS`): what the next round's hands allow at once, a board
  victory or 40 points at cartouche 1 (:mod:`aton.bots.lookahead`).

Every feature changes sign when the players are swapped, and the model has no
intercept, so the two players' chances add up to 1.

>>> import aton
>>> from aton.bots.heuristics import BoardInfo, evaluator
>>> game = aton.new_game(seed=1)
>>> judge = evaluator(BoardInfo.of(game.rules.layout))
>>> model = Evaluation.load()
>>> model.chance(judge.counts(game.squares), aton.RED, (0, 0), (29, 29), 0, 0, judge, 1)
0.5
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from operator import mul
from pathlib import Path
from typing import TYPE_CHECKING

from .. import data
from ..actions import Player
from .heuristics import AGGREGATE_SIZE, DEFAULT_WEIGHTS, _missing, logistic, projection, scoring_points

if TYPE_CHECKING:
    from .heuristics import Evaluator

PATH = Path(__file__).with_name("evaluation.json")
"""Where the fitted coefficients are stored."""

MODELS = {"fitted": PATH, "ahead": Path(__file__).with_name("evaluation-ahead.json")}
"""The stored models by the name a search's ``evaluation`` gives them: ``fitted`` (without the look at the next
round's hands: those coefficients are 0) and ``ahead`` (fitted with it)."""

FEATURE_NAMES = (
    "score",
    "score_late",
    "race",
    "projection",
    "projection_soon",
    "exact",
    "exact_soon",
    "wins_now",
    "wins_now_soon",
    "threat",
    "stock",
    "kingdom",
    "next_win",
    "next_reach",
    "next_forced",
)
"""The model's features, in the order of :func:`features` and of the coefficients."""

AHEAD_NAMES = ("next_win", "next_reach", "next_forced")
"""The features that look at the next round's hands (:func:`aton.bots.lookahead.ahead`), last of the features."""

NOT_AHEAD = (0.0, 0.0, 0.0)
"""Those features when the next hands are not known."""

LATE = 10
"""The ``score_late`` feature is the score difference times the round number over this."""

RACE_FROM = DEFAULT_WEIGHTS.race_from
"""Points from which every point counts again in the ``race`` feature (as the heuristic's ``race``)."""


def board_terms(both: list[int], judge: Evaluator) -> tuple[float, int, int, float]:
    """The board's part of :func:`features`: the smoothed projection, the exact points of a scoring now
    (the first player's, the second's) and the threats (the first player's best minus the other's)."""
    size = AGGREGATE_SIZE
    mine, theirs = both[:size], both[size:]
    threats = judge.weights.threat
    yellow, green = judge.info.yellow_total, judge.info.green_total
    gained, lost = scoring_points(mine, theirs)
    gap = _missing(mine, theirs, yellow, green)
    threat = threats[gap] if gap < len(threats) else 0.0
    gap = _missing(theirs, mine, yellow, green)
    threat -= threats[gap] if gap < len(threats) else 0.0
    return projection(mine, theirs), gained, lost, threat


def features(
    terms: tuple[float, int, int, float],
    my_score: int,
    their_score: int,
    my_stock: int,
    their_stock: int,
    my_kingdom: int,
    their_kingdom: int,
    round_number: int,
    ahead: tuple[float, float, float] = NOT_AHEAD,
) -> tuple[float, ...]:
    """The features of a position for one player: ``terms`` is the board's part (:func:`board_terms` of the
    counts, that player's first), which :class:`Evaluation` remembers; ``round_number`` is the round about to
    start; ``ahead`` is the look at the next round's hands (:func:`aton.bots.lookahead.ahead`; none by default)."""
    smoothed, gained, lost, threat = terms
    soon = (my_kingdom + their_kingdom) / data.KINGDOM_SIZE
    my_total, their_total = my_score + gained, their_score + lost
    wins = 0.0
    if max(my_total, their_total) >= data.WINNING_POINTS and my_total != their_total:
        wins = 1.0 if my_total > their_total else -1.0
    exact = float(gained - lost)
    lead = float(my_score - their_score)
    return (
        lead,
        lead * round_number / LATE,
        float(max(0, my_score - RACE_FROM) - max(0, their_score - RACE_FROM)),
        smoothed,
        smoothed * soon,
        exact,
        exact * soon,
        wins,
        wins * soon,
        threat,
        float(my_stock - their_stock),
        float(my_kingdom - their_kingdom),
        *ahead,
    )


class Evaluation:
    """The fitted model: one coefficient per feature of :data:`FEATURE_NAMES`.

    :meth:`chance` gives the logistic of the features times the coefficients; the board's part of the
    features (the projected scoring, the threats) depends on the 18 counts alone and is remembered, as
    :class:`~aton.bots.heuristics.Evaluator` remembers board values (at most :data:`MEMO_SIZE` boards).
    """

    __slots__ = ("_boards", "coefficients", "looks_ahead")

    def __init__(self, coefficients: tuple[float, ...]) -> None:
        if len(coefficients) != len(FEATURE_NAMES):
            raise ValueError(f"the model needs {len(FEATURE_NAMES)} coefficients, not {len(coefficients)}")
        self.coefficients = coefficients
        self.looks_ahead = any(coefficients[FEATURE_NAMES.index(name)] != 0.0 for name in AHEAD_NAMES)
        """Whether the look at the next round's hands counts (the search then reads them from its imagined piles)."""
        self._boards: dict[Evaluator, dict[tuple[int, ...], tuple[float, int, int, float]]] = {}
        """Per evaluator (a layout and its threat values), the board terms by counts."""

    @classmethod
    @cache
    def load(cls, name: str = "fitted") -> Evaluation:
        """The model stored under ``name`` (:data:`MODELS`; read once).  A feature the file does not name counts 0:
        the model was fitted without it."""
        stored = json.loads(MODELS[name].read_text(encoding="utf-8"))["coefficients"]
        return cls(tuple(float(stored.get(feature, 0.0)) for feature in FEATURE_NAMES))

    @classmethod
    @cache
    def of(cls, coefficients: tuple[float, ...] | None, name: str = "fitted") -> Evaluation:
        """The model with these ``coefficients`` (``None``: the one stored under ``name``, :meth:`load`), one object
        per set of coefficients, so that the board terms it remembers serve every search that uses it."""
        return cls.load(name) if coefficients is None else cls(coefficients)

    def logit(self, values: Sequence[float]) -> float:
        """The coefficients times ``values`` (:func:`features`), before the logistic."""
        total: float = sum(map(mul, self.coefficients, values))
        return total

    def chance(
        self,
        both: list[int],
        player: Player,
        scores: tuple[int, int] | list[int],
        stock: tuple[int, int] | list[int],
        red_kingdom: int,
        blue_kingdom: int,
        judge: Evaluator,
        round_number: int,
        ahead: tuple[float, float, float] = NOT_AHEAD,
    ) -> float:
        """``player``'s chance to win at the start of round ``round_number``: counts (Red's 9, then Blue's),
        scores and stock by player (Red first), counters of each colour in the Kingdom of the Dead, and the look at
        the next round's hands for ``player`` (:func:`features`).

        The same as ``logistic(self.logit(features(board_terms(...), ...)))`` for ``player``, sooner.
        """
        size = AGGREGATE_SIZE
        ordered = both if player == 0 else both[size:] + both[:size]
        key = tuple(ordered)
        boards = self._boards.get(judge)
        if boards is None:
            boards = self._boards[judge] = {}
        terms = boards.get(key)
        if terms is None:
            if len(boards) >= MEMO_SIZE:
                boards.clear()
            terms = boards[key] = board_terms(ordered, judge)
        other = 1 - player
        kingdom = (red_kingdom, blue_kingdom)
        values = features(
            terms,
            scores[player],
            scores[other],
            stock[player],
            stock[other],
            kingdom[player],
            kingdom[other],
            round_number,
            ahead,
        )
        return logistic(sum(map(mul, self.coefficients, values)))


MEMO_SIZE = 50_000
"""Boards whose terms an :class:`Evaluation` keeps."""


__all__ = ["AHEAD_NAMES", "FEATURE_NAMES", "MODELS", "NOT_AHEAD", "PATH", "Evaluation", "board_terms", "features"]
