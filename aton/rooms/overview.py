"""What a page and the teacher read about rooms without replaying any game.

:class:`RoomInfo` is one room as its row holds it (state, seats, presence,
round, scores); :func:`tables` lists every room for the teacher's overview
and :func:`results_csv` writes the finished games as a spreadsheet.  Both
read only the ``rooms`` and ``games`` rows: the overview of a class costs
one query, whatever the length of the games.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import Connection, select

from ..actions import PLAYERS, Player
from . import db

PRESENCE_SECONDS = 15.0
"""A seat whose page was not seen for this long counts as gone (pages touch every few seconds)."""
STATES = ("waiting", "playing", "over", "closed", "abandoned")
"""A room's states: waiting for a second seat, playing, game over, closed by the teacher, abandoned."""
OPEN_STATES = ("waiting", "playing", "over")


@dataclass(frozen=True)
class SeatInfo:
    """One seat: who sits there and whether their page is there now."""

    seat: Player
    taken: bool
    nickname: str | None
    bot: str | None
    seen: float | None
    present: bool
    rematch: bool


@dataclass(frozen=True)
class RoomInfo:
    """A room as its row says: no card, no seed, nothing hidden (anybody may read it)."""

    code: str
    state: str
    version: int
    game_no: int
    round: int
    scores: tuple[int, int]
    winner: Player | None
    seats: tuple[SeatInfo, SeatInfo]
    forfeit: Player | None
    """The seat that ended the game by forfeit (the other one won), or ``None``."""
    created: float
    updated: float

    def seat(self, player: Player) -> SeatInfo:
        """The seat of ``player`` (``aton.RED`` or ``aton.BLUE``)."""
        return self.seats[player]

    @property
    def free_seats(self) -> tuple[Player, ...]:
        """The seats nobody (and no bot) has taken."""
        return tuple(info.seat for info in self.seats if not info.taken)


def info_of(row: Any, now: float) -> RoomInfo:
    """A :class:`RoomInfo` from a ``rooms`` row, presence judged at time ``now``."""
    seats = []
    for player in PLAYERS:
        label = player.label
        bot, seen = row._mapping[f"{label}_bot"], row._mapping[f"{label}_seen"]
        seats.append(
            SeatInfo(
                seat=player,
                taken=row._mapping[f"{label}_hash"] is not None or bot is not None,
                nickname=row._mapping[f"{label}_name"],
                bot=bot,
                seen=seen,
                present=bot is not None or (seen is not None and now - seen < PRESENCE_SECONDS),
                rematch=bool(row._mapping[f"{label}_rematch"]),
            )
        )
    winner = row.winner
    return RoomInfo(
        code=row.code,
        state=row.state,
        version=row.version,
        game_no=row.game_no,
        round=row.round,
        scores=(row.red_score, row.blue_score),
        winner=None if winner is None else Player.parse(winner),
        seats=(seats[0], seats[1]),
        forfeit=None if row.forfeit is None else Player.parse(row.forfeit),
        created=row.created,
        updated=row.updated,
    )


@dataclass(frozen=True)
class TableRow:
    """One line of the teacher's overview."""

    code: str
    red: str
    blue: str
    round: int
    scores: tuple[int, int]
    state: str
    version: int
    last_activity: float
    present: tuple[bool, bool]


@dataclass(frozen=True)
class KeptRow:
    """A game kept for a page, as the teacher's overview lists it: ``mode`` (``"bot"`` or ``"two"``), the
    bot's ``level`` and the colour the ``human`` plays (against the bot), the ``names`` typed (red, blue;
    ``""`` when none), the round, the scores (red, blue) and when it last moved."""

    mode: str
    level: str
    human: str
    names: tuple[str, str]
    round: int
    scores: tuple[int, int]
    updated: float


def _who(seat: SeatInfo) -> str:
    if seat.bot is not None:
        return f"bot:{seat.bot}"
    return seat.nickname or ("?" if seat.taken else "")


def tables(connection: Connection, now: float, *, include_closed: bool = False) -> list[TableRow]:
    """Every room, most recently active first (closed and abandoned ones only with ``include_closed``)."""
    query = select(db.rooms).order_by(db.rooms.c.updated.desc(), db.rooms.c.code)
    if not include_closed:
        query = query.where(db.rooms.c.state.in_(OPEN_STATES))
    lines = []
    for row in connection.execute(query):
        info = info_of(row, now)
        lines.append(
            TableRow(
                code=info.code,
                red=_who(info.seats[0]),
                blue=_who(info.seats[1]),
                round=info.round,
                scores=info.scores,
                state=info.state,
                version=info.version,
                last_activity=max([info.updated, *(s.seen for s in info.seats if s.seen is not None)]),
                present=(info.seats[0].present, info.seats[1].present),
            )
        )
    return lines


RESULT_COLUMNS = (
    "room",
    "game",
    "finished",
    "red",
    "blue",
    "winner",
    "reason",
    "red_score",
    "blue_score",
    "rounds",
    "seed",
)


def results_csv(connection: Connection) -> str:
    """Every finished game as CSV text (one header line, then one line per game, oldest first)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(RESULT_COLUMNS)
    query = select(db.games).order_by(db.games.c.finished, db.games.c.code, db.games.c.game_no)
    for row in connection.execute(query):
        red = f"bot:{row.red_bot}" if row.red_bot else row.red_name or ""
        blue = f"bot:{row.blue_bot}" if row.blue_bot else row.blue_name or ""
        finished = datetime.fromtimestamp(row.finished, timezone.utc).isoformat(timespec="seconds")
        seed = json.loads(row.record)["seed"]
        writer.writerow(
            [
                row.code,
                row.game_no,
                finished,
                spreadsheet_cell(red),
                spreadsheet_cell(blue),
                row.winner or "",
                row.reason,
                row.red_score,
                row.blue_score,
                row.rounds,
                seed,
            ]
        )
    return out.getvalue()


def spreadsheet_cell(text: str) -> str:
    """A nickname made safe for spreadsheets (no formula: a leading ``= + - @`` gets a quote)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
