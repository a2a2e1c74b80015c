"""Structured events: every resolution step the engine takes, one small class per kind.

Each event is an immutable object with typed fields, named for what happened (:class:`CounterPlaced`,
:class:`Cartouche1Compared`, ...), and :data:`Event` is the union of them all.  Consumers ``match`` on the
classes and end with ``typing.assert_never``, so that the type checker lists every place a new kind must
reach.  Every class knows its JSON ``kind``; :meth:`~_EventBase.to_dict` gives the JSON form
``{"kind": ..., **fields}`` used in snapshots, and :func:`event_from_dict` reads it back, checking every field.

Fields hold only JSON values (numbers, strings, lists, ``None``) and squares as ``(temple, index)``
tuples, as in actions (lists in JSON); a log round-trips through JSON unchanged.  Players are
``"red"``/``"blue"``.  Events never hold a hidden card: the log is public.  :func:`aton.explain` turns an
event into a sentence.

>>> event = CounterPlaced("red", (2, 5), "Y", False)
>>> event
CounterPlaced(player='red', square=(2, 5), square_kind='Y', automatic=False)
>>> event.kind, event.to_dict()
('place', {'kind': 'place', 'player': 'red', 'square': (2, 5), 'square_kind': 'Y', 'automatic': False})
>>> event_from_dict({"kind": "place", "player": "red", "square": [2, 5], "square_kind": "Y", "automatic": False})
CounterPlaced(player='red', square=(2, 5), square_kind='Y', automatic=False)
>>> event_from_dict({"kind": "place", "player": "red"})
Traceback (most recent call last):
    ...
aton.errors.EventError: the event (a "place" event) has the missing fields square, square_kind, automatic
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple, TypeAlias, get_args, get_type_hints

from .errors import EventError, Reason

Square: TypeAlias = tuple[int, int]
"""A square as ``(temple, index)``: temple 1-4, index 0-11 row by row (``[temple, index]`` in JSON)."""


_tuple_eq: Callable[[object, object], bool] = tuple.__eq__  # type: ignore[assignment]
_tuple_hash: Callable[[object], int] = tuple.__hash__  # type: ignore[assignment]


class _EventBase:
    """What every event class shares: its JSON ``kind``, its JSON form, and equality within its kind only.

    Each event class is this plus an immutable named tuple of its fields: built in one step, as cheap as a
    plain tuple, which matters because the engine builds one per resolution step.  Two events are equal
    only when they are of the same class with the same fields (a plain tuple's equality would also match
    another kind, or a tuple, with the same values).
    """

    __slots__ = ()
    kind: ClassVar[str]
    """The event's kind in JSON and in the message catalogs (``"place"``, ``"cartouche1"``, ...)."""

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and _tuple_eq(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.kind, _tuple_hash(self)))

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": ..., **fields}``, the form used in snapshots (squares stay tuples until dumped)."""
        result: dict[str, Any] = {"kind": self.kind}
        result.update(zip(_FIELDS[type(self)], self, strict=True))  # type: ignore[call-overload]
        return result


# ------------------------------------------------------------------ dealing, exchanging, assigning
class RoundStarted(_EventBase, NamedTuple("RoundStarted", [("round", int)])):
    """A new round begins."""

    __slots__ = ()
    kind: ClassVar[str] = "round_start"


class Reshuffled(_EventBase, NamedTuple("Reshuffled", [("player", str), ("cards", int)])):
    """``player``'s draw pile ran out: the discard pile was shuffled into a new pile of ``cards`` cards."""

    __slots__ = ()
    kind: ClassVar[str] = "reshuffle"


class CardsDrawn(_EventBase, NamedTuple("CardsDrawn", [("player", str), ("count", int)])):
    """``player`` drew ``count`` cards to fill their hand (the values stay hidden)."""

    __slots__ = ()
    kind: ClassVar[str] = "draw"


class Exchanged(_EventBase, NamedTuple("Exchanged", [("player", str), ("discarded", list[int])])):
    """``player`` handed in the exchange counter; the ``discarded`` cards are public."""

    __slots__ = ()
    kind: ClassVar[str] = "exchange"


class Assigned(_EventBase, NamedTuple("Assigned", [("player", str)])):
    """``player`` put their cards face down on the cartouches."""

    __slots__ = ()
    kind: ClassVar[str] = "assign"


class Revealed(_EventBase, NamedTuple("Revealed", [("red", list[int]), ("blue", list[int])])):
    """The cards on cartouches 1-4 of each player, turned face up."""

    __slots__ = ()
    kind: ClassVar[str] = "reveal"


# ------------------------------------------------------------------ cartouches 1 and 2: points and order
class Cartouche1Compared(
    _EventBase,
    NamedTuple(
        "Cartouche1Compared",
        [
            ("red", int),
            ("blue", int),
            ("scorer", str | None),
            ("points", int),
        ],
    ),
):
    """Cartouche 1 compared: ``scorer`` (``None`` on a tie) gains ``points``."""

    __slots__ = ()
    kind: ClassVar[str] = "cartouche1"


class OrderDecided(
    _EventBase,
    NamedTuple(
        "OrderDecided",
        [
            ("first", str),
            ("reason", str),
            ("red", int),
            ("blue", int),
        ],
    ),
):
    """Who acts first, and why: ``reason`` is ``lower_card``, ``cartouche1``, ``war`` or ``war_exhausted``.

    ``red`` and ``blue`` are the cards on cartouche 2.
    """

    __slots__ = ()
    kind: ClassVar[str] = "order"


class WarTurn(_EventBase, NamedTuple("WarTurn", [("red", int), ("blue", int)])):
    """One pair of cards turned in a war."""

    __slots__ = ()
    kind: ClassVar[str] = "war_turn"


class WarCardsMoved(
    _EventBase,
    NamedTuple(
        "WarCardsMoved",
        [
            ("destination", str),
            ("red", list[int]),
            ("blue", list[int]),
        ],
    ),
):
    """Where the war cards went: ``destination`` is ``bottom`` (of the piles) or ``discard``."""

    __slots__ = ()
    kind: ClassVar[str] = "war_cards"


# ------------------------------------------------------------------ a player's turn: cartouches 2-4
class TurnStarted(_EventBase, NamedTuple("TurnStarted", [("player", str), ("position", str), ("temples", int)])):
    """``player`` resolves cartouches 2-4; ``position`` is ``first`` or ``second``; temples 1 to ``temples`` open."""

    __slots__ = ()
    kind: ClassVar[str] = "turn_start"


class RemovalSkipped(_EventBase, NamedTuple("RemovalSkipped", [("player", str), ("card", int)])):
    """No removal in the very first round, whatever ``card`` is on cartouche 2."""

    __slots__ = ()
    kind: ClassVar[str] = "removal_skipped"


class RemovalAllowed(
    _EventBase,
    NamedTuple(
        "RemovalAllowed",
        [
            ("player", str),
            ("target", str),
            ("count", int),
            ("temples", int),
            ("present", int),
            ("card", int),
        ],
    ),
):
    """What cartouche 2 asks: ``count`` counters of ``target`` in temples 1 to ``temples``, ``present`` there."""

    __slots__ = ()
    kind: ClassVar[str] = "removal_allowed"


class CounterRemoved(
    _EventBase,
    NamedTuple(
        "CounterRemoved",
        [
            ("player", str | None),
            ("owner", str),
            ("square", Square),
            ("square_kind", str),
            ("destination", str),
            ("automatic", bool),
            ("scoring", bool),
        ],
    ),
):
    """A counter of ``owner`` left ``square`` for the ``destination`` (``kingdom`` or ``stock``).

    ``automatic`` when there was no choice; ``scoring`` when taken back after a scoring.
    """

    __slots__ = ()
    kind: ClassVar[str] = "remove"


class PlacementAllowed(
    _EventBase,
    NamedTuple(
        "PlacementAllowed",
        [
            ("player", str),
            ("count", int),
            ("stock", int),
            ("empty", int),
        ],
    ),
):
    """What cartouche 4 asks: ``count`` counters, with ``stock`` in stock and ``empty`` open empty squares."""

    __slots__ = ()
    kind: ClassVar[str] = "placement_allowed"


class CounterPlaced(
    _EventBase,
    NamedTuple(
        "CounterPlaced",
        [
            ("player", str),
            ("square", Square),
            ("square_kind", str),
            ("automatic", bool),
        ],
    ),
):
    """``player`` placed a counter on ``square`` (of kind ``square_kind``); ``automatic`` when there was no choice."""

    __slots__ = ()
    kind: ClassVar[str] = "place"


class SentToKingdom(_EventBase, NamedTuple("SentToKingdom", [("player", str), ("count", int)])):
    """``count`` counters found no empty square and went to the Kingdom of the Dead."""

    __slots__ = ()
    kind: ClassVar[str] = "to_kingdom"


class KingdomFull(_EventBase, NamedTuple("KingdomFull", [("player", str), ("count", int)])):
    """``count`` counters had to go to a full Kingdom of the Dead and stayed in stock."""

    __slots__ = ()
    kind: ClassVar[str] = "kingdom_full"


class NoStock(_EventBase, NamedTuple("NoStock", [("player", str), ("missing", int)])):
    """``player`` has ``missing`` counters fewer in stock than cartouche 4 allows."""

    __slots__ = ()
    kind: ClassVar[str] = "no_stock"


# ------------------------------------------------------------------ end of a round, scoring, end of the game
class RoundEnded(_EventBase, NamedTuple("RoundEnded", [("round", int), ("kingdom", int)])):
    """The cards go to the discard piles; ``kingdom`` is the Kingdom of the Dead's counter count."""

    __slots__ = ()
    kind: ClassVar[str] = "round_end"


class ScoringStarted(_EventBase, NamedTuple("ScoringStarted", [("round", int)])):
    """The Kingdom of the Dead is full: a scoring takes place."""

    __slots__ = ()
    kind: ClassVar[str] = "scoring_start"


class ScoreLine(
    _EventBase,
    NamedTuple(
        "ScoreLine",
        [
            ("category", str),
            ("red", int),
            ("blue", int),
            ("scorer", str | None),
            ("red_points", int),
            ("blue_points", int),
            ("detail", dict[str, int]),
        ],
    ),
):
    """One line of a scoring.

    ``category`` is ``temple1``-``temple4``, ``black`` or ``bonus``; ``red`` and ``blue`` count the counters
    (bonus: the values); ``detail`` holds ``blue_squares`` for temple 4.
    """

    __slots__ = ()
    kind: ClassVar[str] = "score_line"


class ScoringRemoval(
    _EventBase,
    NamedTuple(
        "ScoringRemoval",
        [
            ("player", str),
            ("count", int),
            ("temples", list[int]),
        ],
    ),
):
    """After a scoring ``player`` must take ``count`` counters back, first one from each of ``temples``."""

    __slots__ = ()
    kind: ClassVar[str] = "scoring_removal"


class KingdomReturned(_EventBase, NamedTuple("KingdomReturned", [("red", int), ("blue", int)])):
    """The counters of the Kingdom of the Dead go back to stock: ``red`` and ``blue`` of them."""

    __slots__ = ()
    kind: ClassVar[str] = "kingdom_return"


class GameOver(
    _EventBase,
    NamedTuple(
        "GameOver",
        [
            ("winner", str | None),
            ("reason", str),
            ("red", int),
            ("blue", int),
            ("at_scoring", bool),
        ],
    ),
):
    """The game ended: ``winner`` (``None`` for a draw), ``reason`` and the scores.

    ``reason`` is a :class:`aton.EndReason` value; ``at_scoring`` when decided by a scoring.
    """

    __slots__ = ()
    kind: ClassVar[str] = "game_over"


Event: TypeAlias = (
    RoundStarted
    | Reshuffled
    | CardsDrawn
    | Exchanged
    | Assigned
    | Revealed
    | Cartouche1Compared
    | OrderDecided
    | WarTurn
    | WarCardsMoved
    | TurnStarted
    | RemovalSkipped
    | RemovalAllowed
    | CounterRemoved
    | PlacementAllowed
    | CounterPlaced
    | SentToKingdom
    | KingdomFull
    | NoStock
    | RoundEnded
    | ScoringStarted
    | ScoreLine
    | ScoringRemoval
    | KingdomReturned
    | GameOver
)
"""Any event: ``match`` on the classes (and end with ``assert_never``) to handle each kind."""

EVENT_CLASSES: tuple[type[Event], ...] = get_args(Event)
"""Every event class, in the order of the game."""

EVENT_KINDS: dict[str, type[Event]] = {cls.kind: cls for cls in EVENT_CLASSES}
"""Every event kind (as in JSON) with its class; the class's docstring and fields describe it."""

_FIELDS: dict[type, tuple[str, ...]] = {cls: cls._fields for cls in EVENT_CLASSES}


# ------------------------------------------------------------------ reading the JSON form
def _player(value: Any) -> bool:
    return value in ("red", "blue")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _optional_player(value: Any) -> bool:
    return value is None or _player(value)


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _cards(value: Any) -> bool:
    return isinstance(value, list) and all(_whole(card) for card in value)


def _square(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(_whole(part) for part in value)


def _counts(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and _whole(v) for k, v in value.items())


_PLAYER_FIELDS = frozenset({"player", "owner", "target", "first"})
_CHECKS: dict[object, tuple[Any, str]] = {
    int: (_whole, "event_value_whole"),
    bool: (_flag, "event_value_flag"),
    str: (_text, "event_value_text"),
    str | None: (_optional_player, "event_value_player_or_null"),
    list[int]: (_cards, "event_value_cards"),
    Square: (_square, "event_value_square"),
    dict[str, int]: (_counts, "event_value_counts"),
}
"""For each type of field: its check, and the code of the words that say what the field holds."""


def _checks(cls: type[Event]) -> dict[str, tuple[Any, str]]:
    hints = get_type_hints(cls)
    checks = {}
    for name in _FIELDS[cls]:
        check = _CHECKS[hints[name]]
        if name in _PLAYER_FIELDS and hints[name] is str:
            check = (_player, "event_value_player")
        checks[name] = check
    return checks


_FIELD_CHECKS = {cls: _checks(cls) for cls in EVENT_CLASSES}


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value


def event_from_dict(raw: Any, where: str = "the event") -> Event:
    """Read an event from its JSON form (inverse of ``to_dict``), checking every field.

    Raises :class:`EventError` (a ``ValueError``) naming an unknown kind, a missing or extra field, or a
    field of the wrong type; ``where`` names the event in the message (a snapshot reader passes
    ``"events[5]"``).
    """
    if not isinstance(raw, dict):
        raise EventError("event_not_object", where=where, found=raw)
    kind = raw.get("kind")
    cls = EVENT_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventError("event_kind_unknown", where=where, found=kind)
    checks = _FIELD_CHECKS[cls]
    missing = [name for name in checks if name not in raw]
    if missing:
        raise EventError("event_fields_missing", where=where, kind=kind, fields=missing, count=len(missing))
    for name in raw:
        if name != "kind" and name not in checks:
            raise EventError("event_field_unknown", where=where, kind=kind, field=name, fields=list(checks))
    values: list[Any] = []
    for name, (check, expected) in checks.items():
        value = raw[name]
        if not check(value):
            raise EventError(
                "event_field_wrong", where=where, kind=kind, field=name, found=value, expected=Reason(expected, {})
            )
        values.append(tuple(value) if name == "square" else _copy(value))
    return cls(*values)
