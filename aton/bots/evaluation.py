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
- counters left in stock and in the Kingdom (they come back after a scoring).

Every feature changes sign when the players are swapped, and the model has no
intercept, so the two players' chances add up to 1.

>>> import aton
>>> from aton.bots.heuristics import BoardInfo, evaluator
>>> game = aton.new_game(seed=1)
>>> judge = evaluator(BoardInfo.of(game.rules.layout))
>>> model = Evaluation.load()
>>> model.chance(judge.counts(game.squares), aton.RED, (0, 0), (29, 29), 0, 0, judge)
0.5
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .. import data
from ..actions import Player
from .heuristics import AGGREGATE_SIZE, _missing, logistic, projection, scoring_points

if TYPE_CHECKING:
    from .heuristics import Evaluator

PATH = Path(__file__).with_name("evaluation.json")
"""Where the fitted coefficients are stored."""

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
)
"""The model's features, in the order of :func:`features` and of the coefficients."""

LATE = 10
"""The ``score_late`` feature is the score difference times the round number over this."""

RACE_FROM = 24
"""Points from which every point counts again in the ``race`` feature (as the heuristic's ``race``)."""


def features(
    both: list[int],
    my_score: int,
    their_score: int,
    my_stock: int,
    their_stock: int,
    my_kingdom: int,
    their_kingdom: int,
    round_number: int,
    judge: Evaluator,
) -> list[float]:
    """The features of a position for the player whose counts come first in ``both`` (18 numbers).

    ``round_number`` is the round about to start; ``judge`` gives the layout's
    yellow and green squares and the threat values (:class:`~aton.bots.heuristics.Weights`).
    """
    threats = judge.weights.threat
    yellow, green = judge.info.yellow_total, judge.info.green_total
    size = AGGREGATE_SIZE
    mine, theirs = both[:size], both[size:]
    soon = (my_kingdom + their_kingdom) / data.KINGDOM_SIZE
    smoothed = projection(mine, theirs)
    gained, lost = scoring_points(mine, theirs)
    my_total, their_total = my_score + gained, their_score + lost
    wins = 0.0
    if max(my_total, their_total) >= data.WINNING_POINTS and my_total != their_total:
        wins = 1.0 if my_total > their_total else -1.0
    gap = _missing(mine, theirs, yellow, green)
    threat = threats[gap] if gap < len(threats) else 0.0
    gap = _missing(theirs, mine, yellow, green)
    threat -= threats[gap] if gap < len(threats) else 0.0
    exact = float(gained - lost)
    lead = float(my_score - their_score)
    return [
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
    ]


@dataclass(frozen=True)
class Evaluation:
    """The fitted model: one coefficient per feature of :data:`FEATURE_NAMES`."""

    coefficients: tuple[float, ...]

    @classmethod
    @cache
    def load(cls) -> Evaluation:
        """The model stored in :data:`PATH` (read once)."""
        stored = json.loads(PATH.read_text(encoding="utf-8"))["coefficients"]
        return cls(tuple(float(stored[name]) for name in FEATURE_NAMES))

    def chance(
        self,
        both: list[int],
        player: Player,
        scores: tuple[int, int] | list[int],
        stock: tuple[int, int] | list[int],
        red_kingdom: int,
        blue_kingdom: int,
        judge: Evaluator,
        round_number: int = 0,
    ) -> float:
        """``player``'s chance to win at the start of a round: counts (Red's 9, then Blue's), scores and stock
        by player (Red first), counters of each colour in the Kingdom of the Dead."""
        size = AGGREGATE_SIZE
        other = 1 - player
        ordered = both if player == 0 else both[size:] + both[:size]
        kingdom = (red_kingdom, blue_kingdom)
        values = features(
            ordered,
            scores[player],
            scores[other],
            stock[player],
            stock[other],
            kingdom[player],
            kingdom[other],
            round_number,
            judge,
        )
        return logistic(sum(w * x for w, x in zip(self.coefficients, values, strict=True)))


__all__ = ["FEATURE_NAMES", "PATH", "Evaluation", "features"]
