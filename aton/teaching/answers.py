"""How a learner's answer is read: a player, yes or no, a whole number, temples or a square.

An answer comes as a value (:data:`~aton.RED`, ``True``, ``4``, ``{1, 2}``, ``(2, 5)``) or as words typed by
a learner or a test: "red", « rouge », "nobody", « oui », "2-5".  The words are not written in the code: they
are the message catalogs' entries of context ``answer words`` (:data:`WORDS`), one entry per meaning, listing
the words of each language that mean it, separated by commas.  A word is read in every language whatever the
page's (a word of one language never means another answer in another), and spaces around it, its case and
its accents do not matter (« Égalité » is « egalite »).  An answer that cannot be read raises
:class:`~aton.errors.UnreadableAnswer`, a ``ValueError`` whose message says what was expected.

>>> as_player("Rouge") is RED, as_player(" blue ") is BLUE, as_player("nobody"), as_yes_no("OUI")
(True, True, None, True)
>>> words("nobody", "en")
('nobody', 'none', 'draw')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any, TypeVar

from .. import data
from ..actions import BLUE, RED, Player, Square, check_square, parse_square
from ..errors import UnreadableAnswer
from ..i18n import Message, languages, msg, render

__all__ = ["WORDS", "as_int", "as_player", "as_square", "as_temples", "as_yes_no", "fold", "meaning", "words"]

T = TypeVar("T")

WORDS: dict[str, Message] = {
    # TRANSLATORS: the words a learner may type for the answer "Red" (the player), separated by commas
    "red": msg("answer words", "red"),
    # TRANSLATORS: the words a learner may type for the answer "Blue" (the player), separated by commas
    "blue": msg("answer words", "blue"),
    # TRANSLATORS: the words a learner may type for "nobody wins, a draw", separated by commas
    "nobody": msg("answer words", "nobody, none, draw"),
    # TRANSLATORS: the words a learner may type for the answer "yes", separated by commas
    "yes": msg("answer words", "yes"),
    # TRANSLATORS: the words a learner may type for the answer "no", separated by commas
    "no": msg("answer words", "no"),
}
"""The meanings an answer may be given in words, each with the catalog entry listing its words."""


def fold(text: str) -> str:
    """``text`` as words are compared: no spaces around or doubled, no case, no accents.

    >>> fold("  Égalité   NULLE ")
    'egalite nulle'
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.split())


def words(name: str, lang: str) -> tuple[str, ...]:
    """The words that mean the answer ``name`` of :data:`WORDS` in ``lang``, as the catalog writes them."""
    listed = render(WORDS[name], lang)
    return tuple(word.strip() for word in listed.split(",") if word.strip())


def meaning(answer: str, meanings: Mapping[str, T]) -> T:
    """The value of the meaning whose words (of any language) ``answer`` is; ``KeyError`` when it is none.

    ``meanings`` maps names of :data:`WORDS` to the values they stand for.

    >>> meaning("NON", {"yes": True, "no": False})
    False
    """
    folded = fold(answer)
    for name, value in meanings.items():
        if any(folded == fold(word) for lang in languages() for word in words(name, lang)):
            return value
    raise KeyError(answer)


_PLAYERS: dict[str, Player | None] = {"red": RED, "blue": BLUE, "nobody": None}
_YES_NO = {"yes": True, "no": False}


def as_player(answer: Any) -> Player | None:
    """A player from a :class:`~aton.Player` or a word of the catalogs (``None``: nobody, a draw)."""
    if isinstance(answer, Player):
        return answer
    if isinstance(answer, str):
        try:
            return meaning(answer, _PLAYERS)
        except KeyError:
            pass
    if answer is None:
        return None
    raise UnreadableAnswer("answer_player", answer=repr(answer))


def as_yes_no(answer: Any) -> bool:
    """``True``/``False``, or a word of the catalogs for yes or no."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        try:
            return meaning(answer, _YES_NO)
        except KeyError:
            pass
    raise UnreadableAnswer("answer_yes_no", answer=repr(answer))


def as_int(answer: Any) -> int:
    """A whole number from a number or its digits (never ``True``/``False``)."""
    if isinstance(answer, bool):
        raise UnreadableAnswer("answer_number", answer=repr(answer))
    try:
        return int(answer)
    except (TypeError, ValueError):
        raise UnreadableAnswer("answer_number", answer=repr(answer)) from None


def as_temples(answer: Any) -> frozenset[int]:
    """A set of temple numbers 1-4."""
    try:
        temples = frozenset(int(t) for t in answer)
    except (TypeError, ValueError):
        raise UnreadableAnswer("answer_temples", answer=repr(answer), temples=data.TEMPLE_COUNT) from None
    if not temples <= set(range(1, data.TEMPLE_COUNT + 1)):
        raise UnreadableAnswer("answer_temples", answer=repr(answer), temples=data.TEMPLE_COUNT)
    return temples


def as_square(answer: Any) -> Square:
    """A square from ``(2, 5)``, ``[2, 5]`` or ``"2-5"``."""
    if isinstance(answer, str):
        return parse_square(answer)
    return check_square(tuple(answer) if isinstance(answer, list) else answer)
