"""The words of the exercises: texts in every language, verdicts, expected mistakes and their diagnoses.

A :class:`Text` is made in the language asked for, from the message catalogs;
a :class:`Feedback` is the verdict on one answer; a :class:`Mistake` is a
likely wrong answer with the sentence that names it ("you forgot to double the
difference").  The exercise kinds (:mod:`aton.teaching.cartouches` and its
neighbours) build their explanations from these pieces and from the engine's
events in words (:func:`aton.explain`).

>>> square_name((2, 5))
'square at temple 2, row 2, column 2'
>>> verdict(False, 6, "en")
'Not quite: the answer is 6.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from .. import data
from ..actions import Square
from ..events import Event
from ..explain import explain
from ..game import EndReason
from ..i18n import Message, check_lang, gtext, join, msg, render
from ..rules import SquareKind


class Text:
    """A text in any language of the catalogs, made when asked: ``text["fr"]``.

    >>> from aton.explain import player_name
    >>> Text(lambda lang: player_name("red", lang))["fr"]
    'Rouge'
    """

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[str], str]) -> None:
        self._make = make

    def __getitem__(self, lang: str) -> str:
        return self._make(check_lang(lang))

    def __repr__(self) -> str:
        return f"Text({self['en']!r})"


class Feedback(NamedTuple):
    """The verdict on an answer: ``correct`` and an ``explanation`` in full sentences."""

    correct: bool
    explanation: str
    readable: bool = True
    """False when the answer could not be read or cannot be chosen (it does not count as a try)."""


@dataclass(frozen=True)
class Mistake:
    """A likely wrong answer and what it shows: ``answers`` (the wrong values, as the exercise reads
    them) and a ``diagnosis`` in each language ("you forgot to double the difference")."""

    name: str
    answers: frozenset[Any]
    diagnosis: Text


def mistake(name: str, answers: Iterable[Any], make: Callable[[str], str], right: Any) -> list[Mistake]:
    """A :class:`Mistake`, unless its answers are empty or include the right one (then it is no mistake).

    >>> [m.name for m in mistake("not-doubled", [3], lambda lang: "", right=6)]
    ['not-doubled']
    >>> mistake("not-doubled", [6], lambda lang: "", right=6)
    []
    """
    values = frozenset(answers)
    if not values or right in values:
        return []
    return [Mistake(name, values, Text(make))]


def each(name: str, answers: Iterable[Any], make: Callable[[Any, str], str], right: Any) -> list[Mistake]:
    """One :class:`Mistake` per wrong answer, each with its own sentence ``make(answer, lang)``: what that
    answer would mean ("5 would be temple 2's points").  The right answer is left out.

    >>> [m.diagnosis["en"] for m in each("odd", [3, 4], lambda n, lang: f"{n} is odd", right=4)]
    ['3 is odd']
    """
    found: list[Mistake] = []
    for answer in answers:
        if answer == right:
            continue
        found.append(Mistake(name, frozenset([answer]), Text(_bound(make, answer))))
    return found


def _bound(make: Callable[[Any, str], str], answer: Any) -> Callable[[str], str]:
    return lambda lang: make(answer, lang)


Word = Literal["right", "none", "nobody", "yes", "no"]
"""The short words of the feedback and the options (see :func:`word`)."""

_WORDS: dict[Word, Message] = {
    "right": msg("lesson feedback", "Right."),
    "none": msg("lesson answer", "none"),
    "nobody": msg("lesson answer", "nobody (a draw)"),
    "yes": msg("lesson answer", "yes"),
    "no": msg("lesson answer", "no"),
}

_KIND_NAMES = {
    SquareKind.YELLOW: msg("square kind with letter", "yellow (Y)"),
    SquareKind.GREEN: msg("square kind with letter", "green (G)"),
    SquareKind.BLACK: msg("square kind with letter", "black (K)"),
    SquareKind.BLUE: msg("square kind with letter", "blue (B)"),
    SquareKind.BONUS1: msg("square kind with letter", "bonus +1"),
    SquareKind.BONUS2: msg("square kind with letter", "bonus +2"),
}

_REASONS: dict[EndReason | None, Message] = {
    EndReason.POINTS: msg("ending", "40 points"),
    EndReason.TEMPLE: msg("ending", "a whole temple"),
    EndReason.YELLOW: msg("ending", "every yellow square"),
    EndReason.GREEN: msg("ending", "every green square"),
    EndReason.ROUND_LIMIT: msg("ending", "the round limit"),
    None: msg("ending", "the game goes on"),
}


def word(name: Word, lang: str) -> str:
    """One short word of the feedback in ``lang`` (``word("yes", "fr") == "oui"``)."""
    return render(_WORDS[name], lang)


def verdict(correct: bool, answer: object, lang: str) -> str:
    """``"Right."`` or ``"Not quite: the answer is ..."``."""
    if correct:
        return word("right", lang)
    return gtext(lang, "lesson feedback", "Not quite: the answer is {answer}.", answer=str(answer))


def judged(correct: bool, answer: str, events: Iterable[Event], lang: str, extra: str = "") -> Feedback:
    """A verdict and the events in words (the exercise adds the "Rule:" line of the rule it is about)."""
    parts = [verdict(correct, answer, lang)]
    parts += [explain(event, lang) for event in events]
    if extra:
        parts.append(extra)
    return Feedback(correct, " ".join(parts))


def join_or_none(items: Sequence[str], lang: str) -> str:
    """``items`` joined as a list in ``lang``, or "none" when there are none."""
    return join(items, lang) if items else word("none", lang)


def square_name(square: Square, lang: str = "en") -> str:
    """``(2, 5)`` as words: ``"square at temple 2, row 2, column 2"`` (one name: "2-5" stays in files)."""
    check_lang(lang)
    temple, index = square
    row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
    return gtext(
        lang,
        "lesson square",
        "square at temple {temple}, row {row}, column {column}",
        temple=temple,
        row=row + 1,
        column=column + 1,
    )


def kind_name(kind: SquareKind, lang: str = "en") -> str:
    """The name of a square kind, with its letter (``"black (K)"``)."""
    check_lang(lang)
    return render(_KIND_NAMES[kind], lang)


def reason_name(reason: EndReason | None, lang: str = "en") -> str:
    """How a game ends, in a few words (``None``: it goes on)."""
    check_lang(lang)
    return render(_REASONS[reason], lang)
