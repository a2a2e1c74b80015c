"""Players and actions.

Actions are small frozen dataclasses with a repr you can paste back into
Python (after ``from aton import *``) and a short string form for records:

>>> Assign(RED, (4, 1, 3, 2))
Assign(RED, (4, 1, 3, 2))
>>> str(Place(BLUE, (2, 5)))
'blue place 2-5'
>>> parse_action('blue place 2-5') == Place(BLUE, (2, 5))
True

Players, cards and squares are whole numbers: an ``int`` or anything that
converts to one exactly (``__index__``, like numpy integers).  ``True`` and
``4.0`` are refused when the action is made, with :class:`aton.IllegalAction`:

>>> Place(RED, (1.0, 0.0))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
aton.errors.IllegalAction: no square (1.0, 0.0): a square is two whole numbers (temple, index); ...
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from operator import index as _index
from typing import Union

from . import data
from .errors import ActionTextError, IllegalAction


class Player(IntEnum):
    """A player: ``RED`` (first wherever a fixed order breaks a tie) or ``BLUE``."""

    RED = 0
    BLUE = 1

    @property
    def other(self) -> Player:
        """The opponent."""
        return _OPPONENT[self]  # a lookup: much cheaper than building the member again

    @property
    def label(self) -> str:
        """``"red"`` or ``"blue"``: the name used in files and events."""
        return "red" if self is Player.RED else "blue"

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__
    __hash__ = int.__hash__

    @classmethod
    def parse(cls, text: str) -> Player:
        """``"red"``/``"blue"`` (any case) to a player."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise IllegalAction("player_name", given=repr(text)) from None


RED = Player.RED
BLUE = Player.BLUE
PLAYERS = (RED, BLUE)
_OPPONENT = (BLUE, RED)

Square = tuple[int, int]
"""A temple square: ``(temple 1-4, index 0-11)``, index row by row from the top row."""


def square_text(square: Square) -> str:
    """``(2, 5)`` -> ``"2-5"``."""
    return f"{square[0]}-{square[1]}"


def parse_square(text: str) -> Square:
    """``"2-5"`` -> ``(2, 5)``, checked against the board size."""
    try:
        temple_text, index_text = text.split("-")
        square = (int(temple_text), int(index_text))
    except ValueError:
        raise IllegalAction("square_text", text=repr(text)) from None
    check_square(square)
    return square


def whole_number(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number, else ``None``.

    An ``int`` or anything with ``__index__`` (numpy integers) is a whole
    number; ``bool``, ``float`` and strings are not, even ``True`` or ``4.0``.

    >>> whole_number(3), whole_number(True), whole_number(4.0), whole_number("4")
    (3, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, (bool, float, str, bytes)):
        return None
    try:
        return _index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _pair(square: object) -> Square | None:
    """``square`` as ``(temple, index)`` of two ``int`` if it is a pair of whole numbers, else ``None``."""
    if type(square) is tuple and len(square) == 2 and type(square[0]) is int and type(square[1]) is int:
        return square
    if isinstance(square, (str, bytes, dict)) or not isinstance(square, (tuple, list)):
        return None
    if len(square) != 2:
        return None
    temple, index = whole_number(square[0]), whole_number(square[1])
    return None if temple is None or index is None else (temple, index)


def check_square(square: object) -> Square:
    """Return ``square`` as a tuple if it names a real square, else raise :class:`aton.IllegalAction`.

    >>> check_square([2, 5])
    (2, 5)
    >>> check_square((5, 0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    aton.errors.IllegalAction: no square (5, 0): a square is two whole numbers (temple, index); temples are 1-4, ...
    """
    pair = _pair(square)
    if pair is None:
        raise _refuse("bad_square", square=repr(square))
    temple, index = pair
    if not (1 <= temple <= data.TEMPLE_COUNT and 0 <= index < data.SQUARES_PER_TEMPLE):
        raise _refuse("bad_square", square=repr(square))
    return (temple, index)


def _player(value: object) -> Player:
    """``value`` as a :class:`Player`; ``0``/``1`` (or numpy integers) are accepted, ``True`` and ``0.0`` are not."""
    if type(value) is Player:
        return value
    number = whole_number(value)
    if number not in (0, 1):
        raise _refuse("unknown_player", given=repr(value))
    return PLAYERS[number]


def _cards(cards: object) -> tuple[int, ...]:
    """``cards`` as a tuple of ``int``; anything else but whole numbers is refused (the values are checked in play)."""
    if type(cards) is tuple and all(type(card) is int for card in cards):
        return cards
    if isinstance(cards, (str, bytes, dict)) or not isinstance(cards, (tuple, list)):
        raise _refuse("bad_cards", cards=repr(cards))
    numbers = [whole_number(card) for card in cards]
    if None in numbers:
        raise _refuse("bad_cards", cards=repr(list(cards)))
    return tuple(numbers)  # type: ignore[arg-type]


def _refuse(code: str, **details: str) -> ValueError:
    """The :class:`aton.IllegalAction` for a malformed action."""
    return IllegalAction(code, **details)


def _square(square: object) -> Square:
    pair = _pair(square)
    if pair is None:
        raise _refuse("bad_square", square=repr(square))
    return pair


@dataclass(frozen=True, slots=True)
class Exchange:
    """Hand in the exchange counter: discard the 4 cards in hand and draw 4 new ones."""

    player: Player

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _player(self.player))

    def __str__(self) -> str:
        return f"{self.player.label} exchange"

    def __repr__(self) -> str:
        return f"Exchange({self.player!r})"


@dataclass(frozen=True, slots=True)
class Assign:
    """Put the cards on cartouches 1-4, in that order."""

    player: Player
    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _player(self.player))
        object.__setattr__(self, "cards", _cards(self.cards))

    def __str__(self) -> str:
        return f"{self.player.label} assign {' '.join(map(str, self.cards))}"

    def __repr__(self) -> str:
        return f"Assign({self.player!r}, {self.cards!r})"


@dataclass(frozen=True, slots=True)
class Remove:
    """Remove the counter on ``square`` (by cartouche 2, or after a scoring)."""

    player: Player
    square: Square

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _player(self.player))
        object.__setattr__(self, "square", _square(self.square))

    def __str__(self) -> str:
        return f"{self.player.label} remove {square_text(self.square)}"

    def __repr__(self) -> str:
        return f"Remove({self.player!r}, {self.square!r})"


@dataclass(frozen=True, slots=True)
class Place:
    """Place a counter from stock on the empty ``square`` (cartouche 4)."""

    player: Player
    square: Square

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _player(self.player))
        object.__setattr__(self, "square", _square(self.square))

    def __str__(self) -> str:
        return f"{self.player.label} place {square_text(self.square)}"

    def __repr__(self) -> str:
        return f"Place({self.player!r}, {self.square!r})"


Action = Union[Exchange, Assign, Remove, Place]  # noqa: UP007 - a runtime alias on Python 3.10
ACTION_TYPES = (Exchange, Assign, Remove, Place)


def parse_action(text: str) -> Action:
    """Read an action from its string form (``"red assign 4 1 3 2"``, ``"blue remove 3-7"``...).

    Raises :class:`aton.errors.ActionTextError` (a ``ValueError``) saying what cannot be read.
    """
    words = text.split()
    if len(words) < 2:
        raise ActionTextError("action_text_short", text=text)
    try:
        player = Player.parse(words[0])
    except ValueError:
        raise ActionTextError("action_text_player", text=text, word=words[0]) from None
    verb, rest = words[1].lower(), words[2:]
    if verb == "exchange" and not rest:
        return Exchange(player)
    if verb == "assign" and len(rest) == data.CARTOUCHE_COUNT and all(w.isdigit() for w in rest):
        return Assign(player, tuple(int(w) for w in rest))
    if verb in ("remove", "place") and len(rest) == 1:
        try:
            square = parse_square(rest[0])
        except ValueError:
            raise ActionTextError(
                "action_text_square",
                text=text,
                word=rest[0],
                temples=data.TEMPLE_COUNT,
                last=data.SQUARES_PER_TEMPLE - 1,
            ) from None
        return Remove(player, square) if verb == "remove" else Place(player, square)
    raise ActionTextError("action_text_form", text=text)
