"""The exercises of the tutorials, by name, and the coverage of the rule registry.

Each exercise of :data:`EXERCISES` is built from a teaching position by the
engine (the exercise kinds of :mod:`aton.teaching.cartouches` and its neighbours); a tutorial shows its exercises with
``curriculum.exercises("05")``, so the notebooks and the registry
(:mod:`aton.teaching.syllabus`) name the same ones.  :func:`coverage` lists, for each
rule, the events, the section, the positions and the exercises that teach it.

>>> exercise("cartouche1-tie").check(0).correct
True
>>> [row.rule for row in coverage()][:3]
['draw', 'exchange', 'cartouche1']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..actions import BLUE, RED, Player
from .board_questions import kingdom_size_exercise, square_kind_exercise, temple_count_exercise
from .cartouches import (
    cartouche1_exercise,
    first_player_exercise,
    kingdom_exercise,
    placed_exercise,
    removal_exercise,
    temples_exercise,
)
from .endings import ending_exercise, winner_exercise
from .exercise import Exercise
from .placement import Goal, placement_exercise
from .positions import load_position
from .rounds import draw_exercise, exchange_exercise
from .scoring import kingdom_return_exercise, scoring_exercise, scoring_removal_exercise
from .sequence import removal_pool_exercise, second_turn_exercise, take_back_exercise
from .syllabus import RULES, section_title

__all__ = ["EXERCISES", "CoverageRow", "coverage", "exercise", "exercises", "name_of"]


def _removal_choice() -> Exercise:
    return placement_exercise(load_position("removal-choice"), Goal("majority", "black"))


_SCORING_CARDS = ((3, 2, 1, 2), (4, 2, 1, 1))
"""The cards of the scoring exercises' round (both open temple 1 only, which is full: the Kingdom fills)."""


def _scoring(category: str, player: Player) -> Callable[[], Exercise]:
    return lambda: scoring_exercise(load_position("scoring-practice"), *_SCORING_CARDS, category, player)


EXERCISES: dict[str, tuple[str, Callable[[], Exercise]]] = {
    # 01
    "square-yellow-or-not": ("01", lambda: square_kind_exercise(load_position("board-tour"), (2, 8))),
    "square-black": ("01", lambda: square_kind_exercise(load_position("board-tour"), (3, 8))),
    "temple3-count": ("01", lambda: temple_count_exercise(load_position("board-tour"), RED, 3)),
    "kingdom-room": ("01", lambda: kingdom_size_exercise(load_position("board-tour"))),
    # 02
    "exchange-red": ("02", lambda: exchange_exercise(load_position("exchange"), RED)),
    "exchange-blue": ("02", lambda: exchange_exercise(load_position("exchange"), BLUE)),
    "draw-pile": ("02", lambda: draw_exercise(load_position("exchange"), (1, 1, 2, 1), (4, 2, 3, 4), RED)),
    "cartouche1-red": (
        "02",
        lambda: cartouche1_exercise(load_position("cartouche1-practice"), (4, 3, 3, 1), (1, 2, 3, 4), RED),
    ),
    "cartouche1-blue": (
        "02",
        lambda: cartouche1_exercise(load_position("cartouche1-practice"), (3, 1, 4, 3), (4, 1, 2, 3), BLUE),
    ),
    "cartouche1-tie": (
        "02",
        lambda: cartouche1_exercise(load_position("cartouche1-practice"), (3, 1, 3, 4), (3, 2, 1, 4), BLUE),
    ),
    # 03
    "first-tie": (
        "03",
        lambda: first_player_exercise(load_position("cartouche2-practice"), (3, 4, 1, 2), (2, 4, 1, 4)),
    ),
    "first-war": (
        "03",
        lambda: first_player_exercise(load_position("cartouche2-practice"), (2, 4, 1, 3), (2, 4, 1, 4)),
    ),
    "removal-three": (
        "03",
        lambda: removal_exercise(load_position("cartouche2-practice"), (1, 4, 2, 3), (2, 4, 1, 4), RED),
    ),
    "removal-one": (
        "03",
        lambda: removal_exercise(load_position("cartouche2-practice"), (1, 3, 2, 4), (2, 4, 1, 4), RED),
    ),
    "removal-two": (
        "03",
        lambda: removal_exercise(load_position("cartouche2-practice"), (1, 2, 3, 4), (2, 4, 1, 4), RED),
    ),
    "removal-own": (
        "03",
        lambda: removal_exercise(load_position("cartouche2-practice"), (2, 1, 3, 4), (2, 4, 1, 4), RED),
    ),
    "removal-first-round": (
        "03",
        lambda: removal_exercise(load_position("first-round-practice"), (3, 1, 2, 3), (1, 4, 3, 4), BLUE),
    ),
    "removal-choice": ("03", _removal_choice),
    "removal-pool": (
        "03",
        lambda: removal_pool_exercise(load_position("cartouche2-practice"), (2, 3, 1, 4), (2, 4, 1, 4), BLUE),
    ),
    # 04
    "temples-blue": (
        "04",
        lambda: temples_exercise(load_position("placement-practice"), (4, 2, 1, 3), (3, 4, 2, 1), BLUE),
    ),
    "overflow-red": (
        "04",
        lambda: kingdom_exercise(load_position("placement-practice"), (4, 2, 1, 3), (3, 4, 2, 1), RED),
    ),
    "place-temple2": (
        "04",
        lambda: placement_exercise(load_position("place-majority"), Goal("majority", "temple2")),
    ),
    "kingdom-full": (
        "04",
        lambda: kingdom_exercise(load_position("kingdom-full-practice"), (1, 2, 1, 4), (4, 3, 3, 4), RED),
    ),
    "no-stock": (
        "04",
        lambda: placed_exercise(load_position("kingdom-full-practice"), (1, 2, 1, 4), (4, 3, 3, 4), BLUE),
    ),
    # 05
    "score-temple1": ("05", _scoring("temple1", BLUE)),
    "score-temple2": ("05", _scoring("temple2", RED)),
    "score-temple3": ("05", _scoring("temple3", BLUE)),
    "score-temple4": ("05", _scoring("temple4", RED)),
    "score-temple4-minority": ("05", _scoring("temple4", BLUE)),
    "score-black": ("05", _scoring("black", RED)),
    "score-tie": (
        "05",
        lambda: scoring_exercise(
            load_position("scoring-tie-practice"), (2, 2, 1, 3), (4, 2, 1, 1), "temple2", RED, rule="majority-tie"
        ),
    ),
    "score-bonus-red": ("05", _scoring("bonus", RED)),
    "score-bonus-blue": ("05", _scoring("bonus", BLUE)),
    "kingdom-room-scoring": ("05", lambda: kingdom_size_exercise(load_position("scoring-practice"))),
    "scoring-removal-red": (
        "05",
        lambda: scoring_removal_exercise(load_position("scoring-practice"), *_SCORING_CARDS, RED),
    ),
    "kingdom-return-red": (
        "05",
        lambda: kingdom_return_exercise(load_position("scoring-practice"), *_SCORING_CARDS, RED),
    ),
    "take-back-first": (
        "05",
        lambda: take_back_exercise(load_position("scoring-practice"), (2, 3, 1, 2), (2, 1, 1, 4)),
    ),
    # 06
    "ending-points": (
        "06",
        lambda: ending_exercise(load_position("victory-points"), (4, 1, 2, 3), (1, 1, 2, 3)),
    ),
    "win-yellow": ("06", lambda: placement_exercise(load_position("victory-yellow"), Goal("win"))),
    "winner-scoring": (
        "06",
        lambda: winner_exercise(load_position("victory-scoring-practice"), *_SCORING_CARDS),
    ),
    "winner-both-40": (
        "06",
        lambda: winner_exercise(load_position("victory-both-40-practice"), (2, 3, 1, 2), (4, 1, 1, 2)),
    ),
    "win-temple": ("06", lambda: placement_exercise(load_position("victory-temple"), Goal("win"))),
    "second-turn": (
        "06",
        lambda: second_turn_exercise(load_position("victory-at-once"), (4, 2, 1, 1), (1, 3, 4, 4)),
    ),
    "win-green": ("06", lambda: placement_exercise(load_position("victory-green"), Goal("win"))),
    "winner-round-limit": (
        "06",
        lambda: winner_exercise(load_position("round-limit-practice"), (4, 1, 2, 3), (1, 2, 3, 4)),
    ),
}
"""Every exercise of the tutorials: its name, the tutorial it belongs to and how the engine builds it."""


def exercise(name: str) -> Exercise:
    """The exercise ``name`` of :data:`EXERCISES`, built from its teaching position."""
    try:
        _tutorial, build = EXERCISES[name]
    except KeyError:
        raise ValueError(f"no exercise {name!r}; exercises are {', '.join(EXERCISES)}") from None
    return replace(build(), name=name)


def name_of(exercise: Exercise) -> str | None:
    """The name in :data:`EXERCISES` ``exercise`` was built by :func:`exercise` from (``None`` for another).

    A learner's record names the question it answers this way.

    >>> name_of(exercise("cartouche1-tie")), name_of(exercises("02")[0]) in EXERCISES
    ('cartouche1-tie', True)
    """
    return exercise.name if exercise.name in EXERCISES else None


def exercises(tutorial: str) -> list[Exercise]:
    """The exercises of tutorial ``tutorial`` (``"05"``), in order."""
    names = [name for name, (number, _build) in EXERCISES.items() if number == tutorial]
    if not names:
        raise ValueError(f"no exercises for tutorial {tutorial!r}")
    return [exercise(name) for name in names]


@dataclass(frozen=True)
class CoverageRow:
    """One rule and what teaches it (see :func:`coverage`)."""

    rule: str
    events: tuple[str, ...]
    tutorial: str
    section: str
    positions: tuple[str, ...]
    exercises: tuple[str, ...]
    text_only: bool

    def cells(self) -> list[str]:
        """The row as text cells: rule, events, section, positions, exercises."""
        return [
            self.rule,
            ", ".join(self.events),
            f"{self.tutorial} · {self.section}",
            ", ".join(self.positions) or "-",
            ", ".join(self.exercises) or ("text only" if self.text_only else "-"),
        ]


def coverage(lang: str = "en") -> list[CoverageRow]:
    """Every rule of the registry with its events, tutorial section (heading in ``lang``), positions and
    exercises."""
    return [
        CoverageRow(
            entry.id,
            entry.events,
            entry.tutorial,
            section_title(entry.id, lang),
            entry.positions,
            entry.exercises,
            entry.text_only is not None,
        )
        for entry in RULES
    ]


def coverage_table(lang: str = "en") -> str:
    """:func:`coverage` as a Markdown table."""
    lines = ["| rule | events | section | positions | exercises |", "|---|---|---|---|---|"]
    lines += ["| " + " | ".join(row.cells()) + " |" for row in coverage(lang)]
    return "\n".join(lines)
