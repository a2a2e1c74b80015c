"""The teacher's view of the class, without widgets: the teacher's code, the tables, watching, closing, results.

:class:`TeacherGate` checks the teacher's code (set for the server in
``ATON_TEACHER_CODE``; ``./run dashboard --class N`` makes one and prints it):
in constant time, and after a few wrong tries each further try must wait
longer.  :class:`ClassroomFlow` opens the room store only once the gate is
open, then lists every table (:meth:`ClassroomFlow.refresh`, about once a
second), shows one as a spectator sees it (:meth:`ClassroomFlow.watch`:
``store.watch(code)``, never a hand or a seed), closes a room after a
confirmation and gives the finished games as a table and as CSV.  The class
panel (:mod:`aton.apps.classroom.panel`) draws it; tests drive it directly.

>>> import tempfile
>>> from aton import rooms
>>> store = rooms.open_store(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> flow = ClassroomFlow(store=store, gate=TeacherGate("ABCD-2345"))
>>> flow.unlock("abcd2344").answer
<Answer.WRONG: 'wrong'>
>>> flow.tables
()
>>> flow.unlock(" abcd-2345 ").answer, flow.is_open
(<Answer.OPEN: 'open'>, True)
>>> code = store.create(seed=3)
>>> flow.refresh(), [row.code for row in flow.tables] == [code]
(True, True)
>>> print(flow.state_words(flow.tables[0], "fr"))
en attente d'un second joueur
>>> store.dispose()
"""

from __future__ import annotations

import base64
import csv
import hmac
import io
import os
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from ...actions import Player
from ...explain import player_name
from ...game import GameView
from ...i18n import Message, check_lang, msg, nmsg, render_key, table
from ...rooms import (
    KeptRow,
    LearningStore,
    RoomStore,
    TableRow,
    default_url,
    normalize_code,
    open_store,
    qr_svg,
    seat_link,
)
from .learning import LearningView

__all__ = [
    "CLASS_STRINGS",
    "CODE_ENV",
    "FREE_TRIES",
    "RECENT_SECONDS",
    "Answer",
    "Attempt",
    "ClassroomFlow",
    "HandedSeat",
    "Locked",
    "TeacherGate",
    "configured_code",
    "new_teacher_code",
    "normalize_teacher_code",
    "words",
]

CODE_ENV = "ATON_TEACHER_CODE"
"""The environment variable that holds the teacher's code for the server's pages."""
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Capitals and digits that cannot be read as each other (no I, L, O, 0 or 1)."""
CODE_LENGTH = 8
"""8 characters of 31: about 40 random bits, shown as two groups of four (``KTXH-M4RA``)."""
FREE_TRIES = 3
"""Wrong codes allowed before each further try must wait (2 s, 4 s, 8 s, ... up to a minute)."""
MAX_WAIT = 60.0
RECENT_SECONDS = 3 * 3600.0
"""Closed and abandoned tables stay listed this long after their last activity (a lesson)."""

CLASS_STRINGS: dict[str, Message] = table(
    msg("class.title", "The class"),
    msg("class.lead", "Every table of the class, live. Watch a table to see its board as a spectator."),
    msg("class.code_label", "Teacher's code"),
    msg("class.code_ask", "Type the teacher's code that was shown when the server started."),
    msg("class.code_open", "Open the class"),
    msg("class.code_empty", "Type the code first."),
    msg("class.code_wrong", "That is not the teacher's code."),
    msg("class.code_wait", "Too many wrong codes: try again in {seconds} s."),
    msg(
        "class.code_none",
        "The class view is off: no teacher's code is set for this server. Start it with "
        "./run dashboard --class N (it prints a code), or set the code in ATON_TEACHER_CODE before starting it.",
    ),
    msg("class.empty", "No table yet: a table appears here as soon as a student creates a room."),
    nmsg("class.count", "{count} table", "{count} tables"),
    msg("class.updated", "updated at {time}"),
    msg("class.table", "Table {code}"),
    msg("class.against", "{red} against {blue}"),
    msg("class.seat", "{name} ({colour})"),
    msg("class.free", "free seat"),
    msg("class.bot", "bot ({level})"),
    msg("class.away", "{name} is away"),
    msg("class.round", "round {round}"),
    msg("class.score", "{red_points} to {blue_points}"),
    msg("class.state.waiting", "waiting for a second player"),
    msg("class.state.playing", "playing"),
    msg("class.state.over", "game over"),
    msg("class.state.closed", "closed by the teacher"),
    msg("class.state.abandoned", "abandoned"),
    msg("class.watch", "Watch"),
    msg("class.watching", "Watching table {code}: you see what the players have shown, never their hands."),
    msg("class.stop", "Stop watching"),
    msg("class.close", "Close"),
    msg("class.close_ask", "Close table {code}? Its players will no longer be able to play there."),
    msg("class.close_yes", "Yes, close it"),
    msg("class.close_no", "Cancel"),
    msg("class.closed", "Table {code} is closed."),
    msg("class.seats", "Seats"),
    msg(
        "class.seats_ask",
        "Table {code}: hand a seat to a new key (for a student who lost theirs, or another student), or free it "
        "for whoever joins. The seat's old key stops playing at once.",
    ),
    msg("class.seats_colour", "Seat"),
    msg("class.seats_name", "Student"),
    msg("class.seats_name_placeholder", "nickname (optional)"),
    msg("class.seats_give", "Give the seat to a new key"),
    msg("class.seats_free", "Free the seat"),
    msg("class.seats_cancel", "Cancel"),
    msg(
        "class.handed",
        "Table {code}: {seat}'s seat now belongs to a new key. Give {name} this link or let them scan the code: "
        "it takes the seat on any device. The old key no longer plays.",
    ),
    msg("class.handed_someone", "the student"),
    msg("class.freed", "Table {code}: {seat}'s seat is free. Whoever joins the room with its code takes it."),
    msg("class.results", "Results of the lesson"),
    msg("class.results_show", "Show the results"),
    msg("class.results_none", "No game has finished yet."),
    msg("class.download", "Download the results (CSV)"),
    msg("class.column.room", "Table"),
    msg("class.column.game", "Game"),
    msg("class.column.finished", "Finished"),
    msg("class.column.red", "Red"),
    msg("class.column.blue", "Blue"),
    msg("class.column.winner", "Winner"),
    msg("class.column.reason", "Won by"),
    msg("class.column.red_score", "Red's points"),
    msg("class.column.blue_score", "Blue's points"),
    msg("class.column.rounds", "Rounds"),
    msg("class.draw", "draw"),
    msg("class.reason.points", "points"),
    msg("class.reason.temple", "a whole temple"),
    msg("class.reason.yellow", "every yellow square"),
    msg("class.reason.green", "every green square"),
    msg("class.reason.round_limit", "round limit"),
    msg("class.reason.forfeit", "forfeit"),
    msg("class.kept_title", "Games on one screen"),
    msg("class.kept_lead", "Games against the bot and games of two people on one screen, as they stand (read only)."),
    msg("class.kept_none", "No game on one screen is being played."),
    msg("class.kept_bot", "{name} against the bot ({level})"),
    msg("class.kept_two", "{red} against {blue}, on one screen"),
    msg("class.kept_someone", "someone"),
    msg("class.kept_moved", "last move at {time}"),
)
"""Every text of the class page, by key (``class.<key>``; :func:`words` takes the key without the prefix)."""

RESULT_SHOWN = ("room", "game", "finished", "red", "blue", "winner", "reason", "red_score", "blue_score", "rounds")
"""The columns of ``results_csv`` the page shows (the CSV file has the seed too, for replaying)."""


def words(key: str, lang: str, **values: Any) -> str:
    """A class page text with its ``{placeholders}`` filled.

    >>> words("count", "fr", count=2)
    '2 tables'
    >>> words("close_ask", "en", code="KTXHMA")
    'Close table KTXHMA? Its players will no longer be able to play there.'
    """
    check_lang(lang)
    return render_key(CLASS_STRINGS, f"class.{key}", lang, "class page text", **values)


# ------------------------------------------------------------------ the teacher's code
def new_teacher_code() -> str:
    """A fresh random teacher's code, ``XXXX-XXXX`` (``./run dashboard --class N`` prints one).

    >>> code = new_teacher_code()
    >>> len(code), code[4], set(code.replace("-", "")) <= set(CODE_ALPHABET)
    (9, '-', True)
    """
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def normalize_teacher_code(text: object) -> str:
    """A typed code as compared: capitals, with spaces and dashes dropped (``""`` for anything but text).

    >>> normalize_teacher_code(" ktxh-m4ra "), normalize_teacher_code(None)
    ('KTXHM4RA', '')
    """
    if not isinstance(text, str):
        return ""
    return "".join(text.split()).replace("-", "").upper()


def configured_code(environ: Mapping[str, str] | None = None) -> str | None:
    """The server's teacher's code from ``ATON_TEACHER_CODE`` (``None`` when unset or blank)."""
    value = normalize_teacher_code((os.environ if environ is None else environ).get(CODE_ENV, ""))
    return value or None


class Answer(Enum):
    """What the gate said to a typed code."""

    OPEN = "open"
    WRONG = "wrong"
    EMPTY = "empty"
    WAIT = "wait"
    NOT_CONFIGURED = "not_configured"


@dataclass(frozen=True)
class Attempt:
    """The gate's answer, and for ``WAIT`` how many seconds are left to wait."""

    answer: Answer
    wait: float = 0.0

    def text(self, lang: str) -> str:
        """The answer in words for the teacher (empty once the class is open)."""
        if self.answer is Answer.OPEN:
            return ""
        if self.answer is Answer.WAIT:
            return words("code_wait", lang, seconds=max(1, round(self.wait)))
        key = {Answer.WRONG: "code_wrong", Answer.EMPTY: "code_empty", Answer.NOT_CONFIGURED: "code_none"}
        return words(key[self.answer], lang)


class TeacherGate:
    """The teacher's code check of one page.

    ``TeacherGate(code, clock=time.monotonic)``: ``code`` is the server's
    code (``None``: none configured, nothing opens).  The comparison takes the
    same time wherever the typed code differs (:func:`hmac.compare_digest`).
    After :data:`FREE_TRIES` wrong codes each try must wait 2, 4, 8 ... seconds
    (at most a minute) after the last wrong one; a try made sooner is not
    compared at all.
    """

    def __init__(self, code: str | None, *, clock: Callable[[], float] = time.monotonic) -> None:
        expected = normalize_teacher_code(code) if code is not None else ""
        self._expected = expected.encode() if expected else None
        self._clock = clock
        self.wrong = 0
        self._not_before = 0.0
        self.is_open = False

    @property
    def configured(self) -> bool:
        """Whether the server has a teacher's code."""
        return self._expected is not None

    def attempt(self, typed: object) -> Attempt:
        """Try the code ``typed``; the gate opens on the right one."""
        if self._expected is None:
            return Attempt(Answer.NOT_CONFIGURED)
        if self.is_open:
            return Attempt(Answer.OPEN)
        now = self._clock()
        if now < self._not_before:
            return Attempt(Answer.WAIT, self._not_before - now)
        given = normalize_teacher_code(typed)
        if not given:
            return Attempt(Answer.EMPTY)
        if hmac.compare_digest(given.encode(), self._expected):
            self.is_open = True
            self.wrong = 0
            return Attempt(Answer.OPEN)
        self.wrong += 1
        if self.wrong >= FREE_TRIES:
            self._not_before = now + min(MAX_WAIT, 2.0 ** (self.wrong - FREE_TRIES + 1))
        return Attempt(Answer.WRONG)


# ------------------------------------------------------------------ the class
class Locked(PermissionError):
    """The class was asked for before the teacher's code was typed."""

    def __init__(self) -> None:
        super().__init__("type the teacher's code first")


@dataclass(frozen=True)
class HandedSeat:
    """A seat the teacher handed on (``link``: the new key's link, to give the student) or freed (``link`` empty)."""

    code: str
    seat: Player
    nickname: str
    link: str

    def qr_svg(self) -> str:
        """The link as an SVG QR code (empty for a seat freed), for a phone or a tablet to scan."""
        return qr_svg(self.link) if self.link else ""


class ClassroomFlow:
    """What the class page holds: the gate, the tables, the table watched, a close to confirm, the results.

    ``ClassroomFlow(store=None, *, url=None, gate=None, clock=time.time)``: the
    store is opened at ``url`` (default :func:`aton.rooms.default_url`) when the
    gate opens, unless one is given; ``gate`` defaults to the code in
    ``ATON_TEACHER_CODE``.  Everything but :meth:`unlock` raises :class:`Locked`
    until the gate is open, so nothing of the class is read before.
    """

    def __init__(
        self,
        store: RoomStore | None = None,
        *,
        url: str | None = None,
        gate: TeacherGate | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.gate = gate if gate is not None else TeacherGate(configured_code())
        self._store = store
        self._url = url
        self._clock = clock
        self.tables: tuple[TableRow, ...] = ()
        self.kept: tuple[KeptRow, ...] = ()
        self.learning: LearningView | None = None
        self.updated: float | None = None
        self.watching: str | None = None
        self.watched_version: int | None = None
        self.closing: str | None = None
        self.last_closed: str | None = None
        self.seating: str | None = None
        """The table whose seats the teacher is handing on or freeing (its card shows the form)."""
        self.handed: HandedSeat | None = None
        """The last seat handed on or freed: its new link (and QR code) for the teacher's screen."""
        self.dashboard_base = ""
        """The dashboard's address as the students' machines open it (the page tells it); links start with it."""

    # -------------------------------------------------------------- the gate
    @property
    def is_open(self) -> bool:
        """Whether the right teacher's code was typed on this page."""
        return self.gate.is_open

    def unlock(self, typed: object) -> Attempt:
        """Try a teacher's code; on the right one the store is opened and the tables read."""
        attempt = self.gate.attempt(typed)
        if attempt.answer is Answer.OPEN and self._store is None:
            self._store = open_store(self._url or default_url())
        if attempt.answer is Answer.OPEN and self._store is not None and self.learning is None:
            self.learning = LearningView(LearningStore(self._store.engine), clock=self._clock)
        if attempt.answer is Answer.OPEN:
            self.refresh()
        return attempt

    @property
    def store(self) -> RoomStore:
        """The room store (only once the gate is open)."""
        if not self.gate.is_open or self._store is None:
            raise Locked()
        return self._store

    # -------------------------------------------------------------- tables
    def refresh(self) -> bool:
        """Read every table again; ``True`` when something changed since the last read.

        Open tables are all listed; closed and abandoned ones while their last
        activity is less than :data:`RECENT_SECONDS` old.
        """
        now = self._clock()
        rows = tuple(
            row
            for row in self.store.tables(include_closed=True)
            if row.state in ("waiting", "playing", "over") or now - row.last_activity < RECENT_SECONDS
        )
        kept = tuple(self.store.kept_games(since=now - RECENT_SECONDS))
        self.updated = now
        changed = rows != self.tables or kept != self.kept
        self.tables = rows
        self.kept = kept
        return changed

    def kept_summary(self, row: KeptRow, lang: str) -> str:
        """A game kept on one screen in a line: who plays, round, score, and when it last moved."""
        if row.mode == "bot":
            colour = row.human if row.human in ("red", "blue") else "red"
            name = row.names[0 if colour == "red" else 1] or player_name(colour, lang)
            who = words("kept_bot", lang, name=name, level=row.level)
        else:
            someone = words("kept_someone", lang)
            red = words("seat", lang, name=row.names[0] or someone, colour=player_name("red", lang))
            blue = words("seat", lang, name=row.names[1] or someone, colour=player_name("blue", lang))
            who = words("kept_two", lang, red=red, blue=blue)
        stamp = datetime.fromtimestamp(row.updated).strftime("%H:%M:%S")
        return " · ".join(
            [
                who,
                words("round", lang, round=row.round),
                words("score", lang, red_points=row.scores[0], blue_points=row.scores[1]),
                words("kept_moved", lang, time=stamp),
            ]
        )

    def row(self, code: str) -> TableRow | None:
        """The listed table ``code``, if any."""
        return next((row for row in self.tables if row.code == code), None)

    def state_words(self, row: TableRow, lang: str) -> str:
        """The table's state in words."""
        return words(f"state.{row.state}", lang)

    def seat_words(self, row: TableRow, colour: str, lang: str) -> str:
        """Who sits at ``colour`` (``"red"`` or ``"blue"``): a nickname, a bot, or a free seat."""
        who = row.red if colour == "red" else row.blue
        if who.startswith("bot:"):
            who = words("bot", lang, level=who[4:])
        elif not who:
            who = words("free", lang)
        return words("seat", lang, name=who, colour=player_name(colour, lang))

    def summary(self, row: TableRow, lang: str) -> str:
        """One table in a line: players, round, score, state, and who is away."""
        parts = [
            words("against", lang, red=self.seat_words(row, "red", lang), blue=self.seat_words(row, "blue", lang)),
            words("round", lang, round=row.round),
            words("score", lang, red_points=row.scores[0], blue_points=row.scores[1]),
            self.state_words(row, lang),
        ]
        if row.state == "playing":
            for colour, who, present in (("red", row.red, row.present[0]), ("blue", row.blue, row.present[1])):
                if who and not present:
                    parts.append(words("away", lang, name=who if who != "?" else player_name(colour, lang)))
        return " · ".join(parts)

    def updated_words(self, lang: str) -> str:
        """How many tables, and when they were read."""
        count = words("count", lang, count=len(self.tables))
        if self.updated is None:
            return count
        stamp = datetime.fromtimestamp(self.updated).strftime("%H:%M:%S")
        return f"{count}, {words('updated', lang, time=stamp)}"

    # -------------------------------------------------------------- watching
    def watch(self, code: str) -> GameView:
        """Watch table ``code``: the spectator's view (no hand, no face-down card, no seed before the end)."""
        code = normalize_code(code)
        view = self.store.watch(code)
        self.watching = code
        row = self.row(code)
        self.watched_version = row.version if row is not None else self.store.version(code)
        return view

    def watched_moved(self) -> bool:
        """Whether the watched table has a new version in the last :meth:`refresh`."""
        if self.watching is None:
            return False
        row = self.row(self.watching)
        return row is not None and row.version != self.watched_version

    def stop_watching(self) -> None:
        """Watch no table."""
        self.watching = None
        self.watched_version = None

    # -------------------------------------------------------------- closing
    def ask_close(self, code: str) -> None:
        """Ask to close table ``code``: :meth:`confirm_close` closes it, :meth:`cancel_close` does not."""
        self.store  # noqa: B018 - the gate must be open
        self.closing = normalize_code(code)

    def cancel_close(self) -> None:
        """Keep the table asked about open."""
        self.closing = None

    def confirm_close(self) -> str | None:
        """Close the table asked about (its players can no longer play); returns its code."""
        code = self.closing
        if code is None:
            return None
        self.store.close(code)
        self.closing = None
        self.last_closed = code
        self.refresh()
        return code

    # -------------------------------------------------------------- seats
    def ask_seats(self, code: str) -> None:
        """Show the seats form of table ``code`` (one table at a time)."""
        self.store  # noqa: B018 - the gate must be open
        self.seating = normalize_code(code)

    def cancel_seats(self) -> None:
        """Hide the seats form."""
        self.seating = None

    def give_seat(self, code: str, colour: str, nickname: str = "") -> HandedSeat:
        """Hand seat ``colour`` of table ``code`` to a new key (named ``nickname``, if given); the old key stops.

        The new key's link (the dashboard's address, the room, the key in the fragment) is kept in
        :attr:`handed` for the teacher's screen.  A refused nickname or a closed room raises the store's
        :class:`aton.rooms.RoomError`; nothing changes then.
        """
        code = normalize_code(code)
        key = self.store.give_seat(code, colour, nickname=nickname.strip() or None)
        link = seat_link(self.dashboard_base or "/", code, key)
        self.handed = HandedSeat(code, Player.parse(colour), nickname.strip(), link)
        self.seating = None
        self.refresh()
        return self.handed

    def free_seat(self, code: str, colour: str) -> HandedSeat:
        """Free seat ``colour`` of table ``code``: its key stops, whoever joins the room next takes it."""
        code = normalize_code(code)
        self.store.free_seat(code, colour)
        self.handed = HandedSeat(code, Player.parse(colour), "", "")
        self.seating = None
        self.refresh()
        return self.handed

    def handed_words(self, lang: str) -> str:
        """What the teacher reads about the last seat handed on or freed ("" when none)."""
        handed = self.handed
        if handed is None:
            return ""
        seat = player_name(handed.seat.label, lang)
        if not handed.link:
            return words("freed", lang, code=handed.code, seat=seat)
        name = handed.nickname or words("handed_someone", lang)
        return words("handed", lang, code=handed.code, seat=seat, name=name)

    # -------------------------------------------------------------- results
    def results_csv(self) -> str:
        """Every finished game as CSV text (see :meth:`aton.rooms.RoomStore.results_csv`)."""
        return self.store.results_csv()

    def results(self, lang: str) -> tuple[list[str], list[list[str]]]:
        """The finished games for the page: column titles and rows, in ``lang`` (winner and reason in words)."""
        lines = list(csv.DictReader(io.StringIO(self.results_csv())))
        header = [words(f"column.{name}", lang) for name in RESULT_SHOWN]
        rows = []
        for line in lines:
            cells = []
            for name in RESULT_SHOWN:
                value = line.get(name, "")
                if name == "winner":
                    value = player_name(value, lang) if value else words("draw", lang)
                elif name == "reason" and f"class.reason.{value}" in CLASS_STRINGS:
                    value = words(f"reason.{value}", lang)
                elif name == "finished":
                    value = value.replace("T", " ").replace("+00:00", " UTC")
                cells.append(value)
            rows.append(cells)
        return header, rows

    def csv_href(self) -> str:
        """The results as a ``data:`` address a link downloads (``download="results.csv"``)."""
        data = base64.b64encode(self.results_csv().encode("utf-8")).decode("ascii")
        return f"data:text/csv;charset=utf-8;base64,{data}"
