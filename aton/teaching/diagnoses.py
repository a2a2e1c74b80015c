"""How well the exercises' feedback names a mistake: measured over the tutorials' exercises.

- :func:`wrong_options_diagnosed`: of all the wrong options a learner can pick (choices and numbers),
  how many get a sentence of their own, saying what that answer would mean.
- :data:`TYPICAL_MISTAKES`: the wrong answers learners typically give to the tutorials' exercises
  (doubling the card at cartouche 1, counting the black squares instead of 8 points, ...), and
  :func:`typical_mistakes_diagnosed`: whether each gets a diagnosis.

``scripts/count_diagnoses.py`` prints both; the tests hold them to their targets.
"""

from __future__ import annotations

from typing import Any

from ..actions import BLUE, RED
from .curriculum import EXERCISES, exercise
from .exercise import Exercise

__all__ = ["TYPICAL_MISTAKES", "typical_mistakes_diagnosed", "wrong_options_diagnosed"]

TYPICAL_MISTAKES: tuple[tuple[str, Any, str], ...] = (
    # 01
    ("square-yellow-or-not", "Y", "takes the +2 square for a yellow one"),
    ("square-black", "B", "mixes up the black (K) and blue (B) squares"),
    ("temple3-count", 2, "counts the other player's counters"),
    ("temple3-count", 5, "counts both players' counters"),
    ("kingdom-room", 3, "counts the counters in the Kingdom, not the places left"),
    # 02
    ("exchange-red", "used", "thinks the exchange counter is gone"),
    ("exchange-red", "before-drawing", "thinks the exchange comes before drawing"),
    ("exchange-blue", "yes", "forgets that the exchange is used once per game"),
    ("draw-pile", 34, "forgets to draw from the new pile"),
    ("draw-pile", 30, "draws all 4 cards from the new pile"),
    ("draw-pile", 28, "leaves this round's cards out of the reshuffle"),
    ("draw-pile", 0, "forgets the reshuffle"),
    ("cartouche1-red", 8, "doubles the card instead of the difference"),
    ("cartouche1-red", 3, "forgets to double the difference"),
    ("cartouche1-blue", 1, "forgets to double the difference"),
    ("cartouche1-blue", 8, "doubles the card instead of the difference"),
    ("cartouche1-tie", 6, "scores a tie"),
    # 03
    ("first-tie", (RED, "cartouche1"), "the higher card on cartouche 1 acts first"),
    ("first-tie", (BLUE, "lower_card"), "right player, but cartouche 2 is tied"),
    ("first-war", (RED, "war"), "the higher card turned up wins the war"),
    ("first-war", (BLUE, "cartouche1"), "misses that cartouche 1 is tied too"),
    ("removal-three", 4, "forgets to subtract 2"),
    ("removal-one", 3, "forgets to subtract 2 from a 3"),
    ("removal-one", 0, "takes a 3 for a card that removes nothing"),
    ("removal-two", 2, "forgets to subtract 2"),
    ("removal-own", 0, "takes a 1 for nothing"),
    ("removal-first-round", 2, "forgets that the first round removes nothing"),
    ("removal-choice", (2, 5), "removes a counter that changes nothing for the black squares"),
    ("removal-pool", 2, "leaves out the first player's new counters: the first player resolves 2 to 4 completely"),
    # 04
    ("temples-blue", frozenset({2}), "opens temple t alone"),
    ("temples-blue", frozenset({1}), "reads the other player's cartouche 3"),
    ("overflow-red", 0, "thinks placing is optional"),
    ("overflow-red", 1, "counts the counters placed"),
    ("overflow-red", 3, "sends the whole card to the Kingdom"),
    ("kingdom-full", 3, "forgets that the Kingdom holds only 8"),
    ("no-stock", 4, "counts the card, not the stock"),
    ("place-temple2", (1, 5), "places where it changes nothing"),
    # 05
    ("score-temple1", 4, "doubles the difference as cartouche 1 does"),
    ("score-temple1", 7, "counts the own counters"),
    ("score-temple2", 0, "gives the points to the other player"),
    ("score-temple2", 20, "scores 5 per counter in temple 2"),
    ("score-temple3", 2, "scores the difference"),
    ("score-temple4", 3, "counts only temple 4's blue square"),
    ("score-temple4", 2, "counts blue squares, not 3 points each"),
    ("score-temple4-minority", 3, "scores the blue squares without the majority of temple 4"),
    ("score-black", 5, "counts the black squares instead of 8 points"),
    ("score-tie", 5, "scores a tie"),
    ("score-bonus-red", 2, "counts bonus squares, not their values"),
    ("score-bonus-red", 1, "takes the other player's bonus"),
    ("score-bonus-blue", 3, "takes the other player's bonus"),
    ("kingdom-room-scoring", 6, "counts the counters in the Kingdom"),
    ("scoring-removal-red", frozenset({4}), "takes the highest temple first"),
    ("kingdom-return-red", 8, "gives every counter of the Kingdom back to one player"),
    ("take-back-first", (BLUE, "acted-first"), "thinks acting first in the round decides the take-back"),
    ("take-back-first", (BLUE, "leader-before"), "compares the scores from before the scoring"),
    # 06
    ("ending-points", None, "forgets the 40-point check after cartouche 1"),
    ("winner-scoring", BLUE, "adds the points up wrong"),
    ("winner-scoring", None, "thinks it is a draw"),
    ("winner-both-40", RED, "thinks the first past 40 at a scoring wins"),
    ("second-turn", 4, "lets the second player play after a board victory"),
    ("winner-round-limit", None, "thinks it is a draw"),
)
"""Typical wrong answers to the tutorials' exercises: (exercise, answer, what the learner did)."""


def _tutorial_exercises() -> list[Exercise]:
    return [exercise(name) for name in EXERCISES]


def wrong_options_diagnosed(exercises: list[Exercise] | None = None) -> tuple[int, int]:
    """``(diagnosed, total)``: the wrong options of every choice and number exercise, and how many of
    them get a diagnosis of their own."""
    diagnosed = total = 0
    for item in exercises if exercises is not None else _tutorial_exercises():
        for value, _label in item.options:
            if item.check(value).correct:
                continue
            total += 1
            if item.diagnose(value) is not None:
                diagnosed += 1
    return diagnosed, total


def typical_mistakes_diagnosed() -> dict[tuple[str, Any], bool]:
    """For each typical mistake, whether its answer is wrong and gets a diagnosis."""
    found: dict[tuple[str, Any], bool] = {}
    built: dict[str, Exercise] = {}
    for name, answer, _what in TYPICAL_MISTAKES:
        item = built.setdefault(name, exercise(name))
        wrong = not item.check(answer).correct
        found[(name, answer)] = wrong and item.diagnose(answer) is not None
    return found
