"""Why the room store refused a call, in every language of the message catalogs.

Every refusal is a :class:`RoomError` subclass with a ``code`` naming the
reason and ``details`` holding its facts; ``error.text("fr")`` tells it in
French, as :meth:`aton.IllegalAction.text` does for the rules.  A database
failure never leaves the store as a raw driver exception: it becomes a
:class:`StoreError` (busy, read-only, damaged, connection lost).

>>> error = UnknownRoom("unknown_room", room="ABCDEF")
>>> str(error)
'there is no room ABCDEF; check the code you were given'
>>> error.text("fr")
"il n'y a pas de salle ABCDEF ; vérifiez le code que l'on vous a donné"
>>> isinstance(StaleMove("stale", current=3, given=2), RoomError)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import check_lang, gtext

Details = dict[str, Any]

__all__ = [
    "CODES",
    "BadRequest",
    "BadToken",
    "RoomClosed",
    "RoomError",
    "RoomFull",
    "RoomStateError",
    "StaleMove",
    "StoreError",
    "UnknownRoom",
]


def _seat(d: Details, lang: str, key: str = "seat") -> str:
    return gtext(lang, "player", "Red") if d[key] == "red" else gtext(lang, "player", "Blue")


_TEXTS: dict[str, Callable[[Details, str], str]] = {
    "unknown_room": lambda d, lang: gtext(
        lang, "room refusal", "there is no room {room}; check the code you were given", room=d["room"]
    ),
    "seat_taken": lambda d, lang: gtext(
        lang, "room refusal", "the {seat} seat of room {room} is taken", seat=_seat(d, lang), room=d["room"]
    ),
    "stale": lambda d, lang: gtext(  # the steps stay in the details: a player has no use for them
        lang, "room refusal", "the game moved on before this move arrived; look at the board again and play from there"
    ),
    "bad_token": lambda d, lang: gtext(
        lang,
        "room refusal",
        "this seat key is not valid in room {room}; open the link you were given to take your seat again",
        room=d["room"],
    ),
    "seat_lost": lambda d, lang: gtext(
        lang,
        "room refusal",
        "this page's seat in room {room} was given to someone else or freed by the teacher; "
        "its key no longer plays there",
        room=d["room"],
    ),
    "closed": lambda d, lang: gtext(lang, "room refusal", "room {room} is closed", room=d["room"]),
    "not_started": lambda d, lang: gtext(
        lang, "room refusal", "the game in room {room} waits for a second player", room=d["room"]
    ),
    "not_over": lambda d, lang: gtext(
        lang, "room refusal", "the game in room {room} is not over; its record is shown at the end", room=d["room"]
    ),
    "not_your_seat": lambda d, lang: gtext(
        lang,
        "room refusal",
        "you sit at {seat}; you cannot play for {other}",
        seat=_seat(d, lang),
        other=_seat(d, lang, "other"),
    ),
    "no_rematch": lambda d, lang: gtext(lang, "room refusal", "a rematch can be asked for only once the game is over"),
    "game_over": lambda d, lang: gtext(
        lang, "room refusal", "the game in room {room} is over; ask for a rematch to play again", room=d["room"]
    ),
    "no_forfeit": lambda d, lang: gtext(
        lang, "room refusal", "only a game in progress can be ended, and room {room} has none", room=d["room"]
    ),
    "bad_code": lambda d, lang: gtext(
        lang,
        "room refusal",
        "{given} is not a room code; a code has {length} letters, such as {example}",
        given=d["given"],
        length=d["length"],
        example=d["example"],
    ),
    "bad_seat": lambda d, lang: gtext(
        lang, "room refusal", "{given} is not a seat; seats are aton.RED and aton.BLUE", given=d["given"]
    ),
    "bad_nickname": lambda d, lang: gtext(
        lang,
        "room refusal",
        "a nickname has 1 to {most} letters, digits or spaces, not {given}",
        most=d["most"],
        given=d["given"],
    ),
    "bad_bot": lambda d, lang: gtext(
        lang, "room refusal", "unknown bot level {given}; choose one of {known}", given=d["given"], known=d["known"]
    ),
    "bad_seed": lambda d, lang: gtext(
        lang, "room refusal", "a room's seed is a whole number or nothing, not {given}", given=d["given"]
    ),
    "bad_key": lambda d, lang: gtext(
        lang,
        "room refusal",
        "a seat key is {length} letters, digits, dashes or underscores; this page's key is not one, so no seat "
        "was taken",
        length=d["length"],
    ),
    "key_taken": lambda d, lang: gtext(
        lang, "room refusal", "this seat key already holds a seat, so no seat was taken; try again"
    ),
    "bad_url": lambda d, lang: gtext(
        lang,
        "room refusal",
        "cannot open the room store {given}: give sqlite:///path/rooms.db or postgresql://user:password@host/db",
        given=d["given"],
    ),
    "busy": lambda d, lang: gtext(
        lang, "room refusal", "the room store is locked by another program; try again in a moment"
    ),
    "read_only": lambda d, lang: gtext(
        lang, "room refusal", "the room store cannot be written (a read-only file or folder)"
    ),
    "corrupt": lambda d, lang: gtext(
        lang, "room refusal", "the room store is damaged: it is not a database the rooms can read"
    ),
    "connection_lost": lambda d, lang: gtext(
        lang, "room refusal", "the connection to the room store was lost; try again in a moment"
    ),
    "unavailable": lambda d, lang: gtext(
        lang, "room refusal", "the room store cannot be reached; try again in a moment"
    ),
}

CODES = tuple(_TEXTS)
"""Every refusal code of the room store."""


class RoomError(Exception):
    """A refused room call; ``code`` names the reason, ``details`` its facts, ``text(lang)`` says it.

    The game and the store are unchanged by a refused call.
    """

    codes: tuple[str, ...] = CODES
    """The codes this class of error carries."""

    def __init__(self, code: str, /, **details: Any) -> None:
        if code not in self.codes:
            raise ValueError(f"{type(self).__name__} has no code {code!r}; its codes: {', '.join(self.codes)}")
        self.code = code
        self.details = details
        super().__init__(_TEXTS[code](details, "en"))

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"en"`` or ``"fr"``)."""
        return _TEXTS[self.code](self.details, check_lang(lang))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.code, self.details))


def _rebuild(kind: type[RoomError], code: str, details: Details) -> RoomError:
    """Unpickle a :class:`RoomError` (errors cross process pools)."""
    return kind(code, **details)


class UnknownRoom(RoomError):
    """No room has this code."""

    codes = ("unknown_room",)


class RoomFull(RoomError):
    """The seat asked for is taken (by a person or a bot)."""

    codes = ("seat_taken",)


class StaleMove(RoomError):
    """The move was for a version of the game that another move replaced first."""

    codes = ("stale",)


class BadToken(RoomError):
    """The seat key is wrong, forged or cut short (``bad_token``), or no longer the seat's (``seat_lost``: the
    teacher gave the seat to someone else or freed it while this page held it)."""

    codes = ("bad_token", "seat_lost")


class RoomClosed(RoomError):
    """The teacher closed the room (or it was abandoned): nothing more is played in it."""

    codes = ("closed",)


class RoomStateError(RoomError):
    """The call does not fit the room's state: not started, not over (or over already), not this seat's action."""

    codes = ("not_started", "not_over", "not_your_seat", "no_rematch", "game_over", "no_forfeit")


class BadRequest(RoomError):
    """An argument that cannot be right: a code, seat, nickname, bot level, seed, seat key chosen by a page (badly
    formed, or one that holds a seat already) or store address."""

    codes = ("bad_code", "bad_seat", "bad_nickname", "bad_bot", "bad_seed", "bad_key", "key_taken", "bad_url")


class StoreError(RoomError):
    """The database failed: locked, read-only, damaged, or its server was lost."""

    codes = ("busy", "read_only", "corrupt", "connection_lost", "unavailable")
