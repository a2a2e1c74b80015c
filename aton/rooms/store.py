"""The room store: shared games that two pages (two processes, two machines) play through one database.

Every move goes the same way: read the room, restore its game (from this
process's cache when it holds the latest version, else by replaying the
moves it lacks), let the engine check and apply the action
(:class:`aton.IllegalAction` comes out unchanged), then write it in one
transaction that first moves the version from ``v`` to ``v + 1``: of two
moves racing for one version exactly one lands, the other gets
:class:`~aton.rooms.errors.StaleMove`.  See ``docs/rooms.md``.
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Row, bindparam, delete, insert, select, update

from .. import data
from ..actions import PLAYERS, Action, Player, parse_action
from ..game import Game, GameView, IllegalAction, new_game
from ..rules import Rules
from ..timeline import Step, timeline
from . import db, live, overview
from .errors import BadRequest, BadToken, RoomClosed, RoomFull, RoomStateError, StaleMove, StoreError, UnknownRoom
from .keys import TOKEN_LENGTH, matches, new_code, new_token, normalize_code, token_hash, well_formed
from .overview import KeptRow, RoomInfo, TableRow

NICKNAME_MOST = 20
FORFEIT = "forfeit"
"""The reason kept for a game a player ended before its end (the other seat wins), in ``aton_games``."""
KEPT_SECONDS = 30 * 24 * 3600
"""A page's own game kept for a reload is forgotten after this long without a move (30 days)."""
CACHE_SIZE = 256
"""Games kept restored per process (one per room is enough: a page plays in one room)."""
_SEATS = {"red": Player.RED, "blue": Player.BLUE}
# Statements built once: building a statement costs more than running it on SQLite.
_ROOM = select(db.rooms).where(db.rooms.c.code == bindparam("code"))
_ROOM_LOCKED = _ROOM.with_for_update()
_VERSION = select(db.rooms.c.version, db.rooms.c.state).where(db.rooms.c.code == bindparam("code"))
_MOVES = (
    select(db.moves.c.action)
    .where(
        db.moves.c.code == bindparam("code"),
        db.moves.c.version > bindparam("since"),
        db.moves.c.version <= bindparam("upto"),
    )
    .order_by(db.moves.c.version)
)
_ADD_MOVE = insert(db.moves)
_BY_KEY = select(db.rooms).where(
    (db.rooms.c.red_hash == bindparam("hash")) | (db.rooms.c.blue_hash == bindparam("hash"))
)


def _seat(seat: object) -> Player:
    if isinstance(seat, Player):
        return seat
    if isinstance(seat, str) and seat.strip().lower() in _SEATS:
        return _SEATS[seat.strip().lower()]
    raise BadRequest("bad_seat", given=repr(seat)[:40])


def check_nickname(nickname: object) -> str | None:
    """``nickname`` trimmed, or :class:`BadRequest` (``bad_nickname``) when a seat cannot carry it."""
    if nickname is None:
        return None
    text = nickname.strip() if isinstance(nickname, str) else ""
    if not 1 <= len(text) <= NICKNAME_MOST or not all(c.isalnum() or c in " -_'." for c in text):
        raise BadRequest("bad_nickname", most=NICKNAME_MOST, given=repr(nickname)[:40])
    return text


class RoomStore:
    """Rooms in one database; open it with :func:`aton.rooms.open_store`.

    Safe to share between the threads of a process, and between processes
    and machines that open the same database.  ``clock`` gives the time
    (seconds since 1970) and is there for tests; ``busy_timeout`` is how long a
    SQLite writer waits for another one's lock (seconds).
    """

    def __init__(
        self,
        url: str,
        *,
        listen: bool = True,
        busy_timeout: float = db.BUSY_TIMEOUT_MS / 1000,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.engine = db.connect(url, busy_timeout)
        self.dialect = self.engine.dialect.name
        self._writer = db.writer(self.engine)
        self._clock = clock
        self._cache: OrderedDict[str, tuple[int, int, Game]] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._notify = live.notify_statement(self.dialect)
        self._listen = listen and self.dialect == "postgresql"
        self._waker: live.Waker | None = None
        self.replayed_actions = 0
        """Actions this store replayed to restore games (the cache keeps it near zero)."""

    def __repr__(self) -> str:
        return f"<aton.rooms.RoomStore {self.engine.url.render_as_string(hide_password=True)}>"

    def dispose(self) -> None:
        """Close every connection (and the listener); the store can be opened again."""
        if self._waker is not None:
            self._waker.close()
            self._waker = None
        self.engine.dispose()

    # ------------------------------------------------------------ plumbing
    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with db.translated(), self.engine.begin() as connection:
            yield connection

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with db.translated(), self._writer.begin() as connection:
            yield connection

    def _row(self, connection: Connection, code: str, *, lock: bool = False) -> Row[Any]:
        row = connection.execute(_ROOM_LOCKED if lock else _ROOM, {"code": code}).first()
        if row is None:
            raise UnknownRoom("unknown_room", room=code)
        return row

    def _announce(self, connection: Connection, code: str) -> None:
        if self._notify is not None:
            connection.execute(self._notify, {"code": code})

    def _seat_of(self, row: Row[Any], token: object) -> Player:
        for player in PLAYERS:
            if matches(token, row._mapping[f"{player.label}_hash"]):
                return player
        raise BadToken("bad_token", room=row.code)

    @staticmethod
    def _usable(row: Row[Any]) -> None:
        if row.state in ("closed", "abandoned"):
            raise RoomClosed("closed", room=row.code)

    # --------------------------------------------------------------- games
    def _game(self, connection: Connection, row: Row[Any]) -> Game:
        """The room's current game at the row's version: the cached one, brought up to date if needed."""
        code, version, game_no = row.code, row.version, row.game_no
        with self._cache_lock:
            cached = self._cache.get(code)
            if cached is not None:
                self._cache.move_to_end(code)
        if cached is not None and cached[0] == game_no and cached[1] == version:
            return cached[2]
        if cached is not None and cached[0] == game_no and row.base <= cached[1] < version:
            game, since = cached[2].clone(), cached[1]
        else:
            rules = Rules.from_dict(json.loads(row.rules))
            game, since = new_game(int(row.seed), rules), row.base
        try:
            for (text,) in connection.execute(_MOVES, {"code": code, "since": since, "upto": version}):
                game.apply(parse_action(text))
                self.replayed_actions += 1
        except ValueError as error:  # a move the engine refuses: the rows were changed by hand
            raise StoreError("corrupt") from error
        self._remember(code, game_no, version, game)
        return game

    def _remember(self, code: str, game_no: int, version: int, game: Game) -> None:
        with self._cache_lock:
            self._cache[code] = (game_no, version, game)
            self._cache.move_to_end(code)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    # -------------------------------------------------------------- rooms
    def create(self, seed: int | None = None, rules: Rules | None = None) -> str:
        """A new room, waiting for players; returns its code.  ``seed=None`` draws one at random."""
        if seed is None:
            seed = secrets.randbelow(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 10**data.MAX_NUMBER_DIGITS:
            raise BadRequest("bad_seed", given=repr(seed)[:40])
        rules_text = json.dumps((rules if rules is not None else Rules()).to_dict(), sort_keys=True)
        now = self._clock()
        for _ in range(20):
            code = new_code()
            with self._write() as connection:
                if connection.execute(_VERSION, {"code": code}).first():
                    continue
                connection.execute(
                    insert(db.rooms).values(
                        code=code, state="waiting", version=0, game_no=1, base=0, seed=str(seed), rules=rules_text,
                        round=1, created=now, updated=now,
                    )
                )  # fmt: skip
            return code
        raise StoreError("unavailable")  # pragma: no cover - 20 clashes among 148 million codes

    def join(self, code: str, seat: Player | str, nickname: str | None = None, *, token: str | None = None) -> str:
        """Take the free ``seat`` of room ``code``; returns the seat key (keep it secret).

        ``token``: a key the page chose itself (so that its browser holds it before the seat is taken, and a
        reload at any moment finds the seat with :meth:`seat_by_key`): :data:`~aton.rooms.keys.TOKEN_LENGTH`
        URL-safe characters, refused (``BadRequest``) when it is not one (``bad_key``) or already holds a seat
        in any room (``key_taken``).  ``None``: the store draws one.  Only the key's hash is kept either way.

        Raises :class:`RoomFull` when a person or a bot sits there.
        """
        code, player, name = normalize_code(code), _seat(seat), check_nickname(nickname)
        if token is not None and not well_formed(token):
            raise BadRequest("bad_key", length=TOKEN_LENGTH)
        token = new_token() if token is None else token
        now, label, hashed = self._clock(), player.label, token_hash(token)
        with self._write() as connection:
            row = self._row(connection, code, lock=True)
            self._usable(row)
            if row._mapping[f"{label}_hash"] is not None or row._mapping[f"{label}_bot"] is not None:
                raise RoomFull("seat_taken", room=code, seat=label)
            if connection.execute(_BY_KEY, {"hash": hashed}).first() is not None:
                raise BadRequest("key_taken")
            other = player.other.label
            full = row._mapping[f"{other}_hash"] is not None or row._mapping[f"{other}_bot"] is not None
            values = {f"{label}_hash": hashed, f"{label}_name": name, f"{label}_seen": now, "updated": now}
            if full and row.state == "waiting":
                values["state"] = "playing"
            connection.execute(update(db.rooms).where(db.rooms.c.code == code).values(**values))
            self._announce(connection, code)
        return token

    def seat_by_key(self, token: object) -> tuple[str, Player] | None:
        """The room and seat that ``token`` holds, or ``None`` (a key no room knows, or not a key at all).

        A page that chose its key before asking to join (:meth:`join` with ``token``) and was reloaded before
        it heard back asks this: a known key takes its seat again, an unknown one is forgotten."""
        if not well_formed(token):
            return None
        assert isinstance(token, str)
        with self._read() as connection:
            row = connection.execute(_BY_KEY, {"hash": token_hash(token)}).first()
        if row is None:
            return None
        return str(row.code), self._seat_of(row, token)

    def add_bot(self, code: str, seat: Player | str, level: str = "greedy") -> None:
        """Seat a bot (a name of :data:`aton.bots.BOT_NAMES`) at the free ``seat``; its moves come from
        :meth:`bot_turn`."""
        from ..bots import make_bot

        code, player = normalize_code(code), _seat(seat)
        try:
            make_bot(level)
        except ValueError:
            from ..bots import BOT_NAMES

            raise BadRequest("bad_bot", given=repr(level)[:40], known=", ".join(BOT_NAMES)) from None
        if len(level) > 40:
            raise BadRequest("bad_bot", given=repr(level)[:40], known="random, greedy, easy, medium, hard")
        now, label = self._clock(), player.label
        with self._write() as connection:
            row = self._row(connection, code, lock=True)
            self._usable(row)
            if row._mapping[f"{label}_hash"] is not None or row._mapping[f"{label}_bot"] is not None:
                raise RoomFull("seat_taken", room=code, seat=label)
            other = player.other.label
            full = row._mapping[f"{other}_hash"] is not None or row._mapping[f"{other}_bot"] is not None
            values: dict[str, Any] = {f"{label}_bot": level, f"{label}_name": None, "updated": now}
            if full and row.state == "waiting":
                values["state"] = "playing"
            connection.execute(update(db.rooms).where(db.rooms.c.code == code).values(**values))
            self._announce(connection, code)

    def info(self, code: str) -> RoomInfo:
        """What anybody may know of the room: state, version, seats, presence, round and scores."""
        code = normalize_code(code)
        with self._read() as connection:
            return overview.info_of(self._row(connection, code), self._clock())

    def seat_of(self, code: str, token: str) -> Player:
        """The seat whose key is ``token``; :class:`BadToken` otherwise."""
        code = normalize_code(code)
        with self._read() as connection:
            return self._seat_of(self._row(connection, code), token)

    def version(self, code: str) -> int:
        """The room's version: 0 when created, one more for each action and for each new game."""
        code = normalize_code(code)
        with self._read() as connection:
            row = connection.execute(_VERSION, {"code": code}).first()
        if row is None:
            raise UnknownRoom("unknown_room", room=code)
        return int(row.version)

    def view(self, code: str, token: str) -> GameView:
        """The game as the seat of ``token`` sees it (a :class:`aton.GameView`)."""
        code = normalize_code(code)
        with self._read() as connection:
            row = self._row(connection, code)
            seat = self._seat_of(row, token)
            return self._game(connection, row).view(seat)

    def watch(self, code: str) -> GameView:
        """The game as a spectator sees it: no hand, no face-down card, no seed before the end."""
        code = normalize_code(code)
        with self._read() as connection:
            row = self._row(connection, code)
            return self._game(connection, row).public_view()

    def steps(self, code: str, token: str | None = None, after: int = 0) -> list[Step]:
        """The steps of the room's game after its first ``after`` events, as the seat of ``token`` sees them.

        Each step's state is that seat's view (a spectator's, ``token=None``: the public view), so a
        page can walk a resolution step by step without ever holding the full game.
        """
        code = normalize_code(code)
        with self._read() as connection:
            row = self._row(connection, code)
            seat = None if token is None else self._seat_of(row, token)
            game = self._game(connection, row)
        full = timeline(game)[max(0, after) :]
        return [
            Step(s.number, s.event, s.state.public_view() if seat is None else s.state.view(seat), s.actions_done)
            for s in full
        ]

    def record(self, code: str) -> dict[str, Any]:
        """The record of the room's game (:meth:`aton.Game.record`) once it is over."""
        code = normalize_code(code)
        with self._read() as connection:
            row = self._row(connection, code)
            game = self._game(connection, row)
            if game.result is None and row.state == "over":  # ended by a forfeit: the record archived then
                kept = connection.execute(
                    select(db.games.c.record).where(db.games.c.code == code, db.games.c.game_no == row.game_no)
                ).first()
                if kept is not None:
                    return dict(json.loads(kept.record))
        if game.result is None:
            raise RoomStateError("not_over", room=code)
        return game.record()

    # -------------------------------------------------------------- moves
    def play(self, code: str, token: str, action: Action | str, version: int | None = None) -> int:
        """Play ``action`` for the seat of ``token``; returns the room's new version.

        ``version`` is the version the page saw; when another move landed since,
        :class:`StaleMove` is raised and nothing is played.  ``None`` plays on
        whatever version the store holds (still one move per version).
        """
        code = normalize_code(code)
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError:
                raise IllegalAction("not_an_action", given=repr(action)[:60]) from None
        with self._read() as connection:
            row = self._row(connection, code)
            seat = self._seat_of(row, token)
            self._usable(row)
            if row.state == "over":
                raise RoomStateError("game_over", room=code)
            self._check_version(row, version)
            if row.state == "waiting":
                raise RoomStateError("not_started", room=code)
            game = self._game(connection, row)
        player = getattr(action, "player", None)
        if isinstance(player, Player) and player is not seat:
            raise RoomStateError("not_your_seat", seat=seat.label, other=player.label)
        return self._append(row, game, action, seen=seat)

    @staticmethod
    def _check_version(row: Row[Any], version: int | None) -> None:
        if version is not None and version != row.version:
            raise StaleMove("stale", current=row.version, given=version)

    def _append(self, row: Row[Any], game: Game, action: Action, seen: Player | None) -> int:
        after = game.clone()
        after.apply(action)  # the engine checks it: IllegalAction goes to the caller, nothing is written
        code, version, now = str(row.code), int(row.version) + 1, self._clock()
        result = after.result
        values: dict[str, Any] = {
            "version": version,
            "round": after.round,
            "red_score": after.score(Player.RED),
            "blue_score": after.score(Player.BLUE),
            "updated": now,
        }
        if seen is not None:
            values[f"{seen.label}_seen"] = now
        if result is not None:
            values.update(state="over", winner=None if result.winner is None else result.winner.label)
        with self._write() as connection:
            landed = connection.execute(
                update(db.rooms)
                .where(db.rooms.c.code == code, db.rooms.c.version == row.version, db.rooms.c.state == "playing")
                .values(**values)
            ).rowcount
            if landed != 1:
                current = self._row(connection, code)
                self._usable(current)
                raise StaleMove("stale", current=current.version, given=row.version)
            connection.execute(_ADD_MOVE, {"code": code, "version": version, "action": str(action)})
            if result is not None:
                self._archive(connection, row, after, now)
            self._announce(connection, code)
        self._remember(code, row.game_no, version, after)
        return version

    @staticmethod
    def _archive(connection: Connection, row: Row[Any], game: Game, now: float, forfeit: Player | None = None) -> None:
        """Write the finished game into ``aton_games``: its record and result (a forfeit: the other seat wins)."""
        result = game.result
        winner: str | None
        if forfeit is not None:
            winner, reason = forfeit.other.label, FORFEIT
        else:
            assert result is not None
            winner, reason = (None if result.winner is None else result.winner.label), result.reason.value
        connection.execute(
            insert(db.games).values(
                code=row.code,
                game_no=row.game_no,
                record=json.dumps(game.record(), sort_keys=True),
                red_name=row.red_name,
                blue_name=row.blue_name,
                red_bot=row.red_bot,
                blue_bot=row.blue_bot,
                winner=winner,
                reason=reason,
                red_score=game.score(Player.RED),
                blue_score=game.score(Player.BLUE),
                rounds=game.round,
                finished=now,
            )
        )

    def bot_turn(self, code: str) -> int | None:
        """Let a bot of the room act if it is its turn; returns the new version, or ``None`` if no bot acts.

        Any page may call it (the human player's page does, after each change).
        The bot decides from its own view with a generator seeded from the
        room's seed, game and version, so two pages that ask at once compute
        the same move and the version check lets exactly one of them land; the
        other's call returns ``None``.
        """
        from ..bots import make_bot

        code = normalize_code(code)
        with self._read() as connection:
            row = self._row(connection, code)
            if row.state != "playing":
                return None
            game = self._game(connection, row)
        for player in game.to_act:
            level = row._mapping[f"{player.label}_bot"]
            if level is None:
                continue
            generator = random.Random(f"{row.seed}:{row.game_no}:{row.version}:{player.label}")
            action = make_bot(level).choose(game.view(player), generator)
            try:
                return self._append(row, game, action, seen=None)
            except StaleMove:
                return None
        return None

    # ------------------------------------------------------------ presence
    def touch(self, code: str, token: str) -> Player:
        """Note that the page of ``token``'s seat is there now (pages call it every few seconds)."""
        code = normalize_code(code)
        now = self._clock()
        with self._write() as connection:
            row = self._row(connection, code)
            seat = self._seat_of(row, token)
            self._usable(row)
            connection.execute(update(db.rooms).where(db.rooms.c.code == code).values(**{f"{seat.label}_seen": now}))
        return seat

    def away(self, code: str, token: str) -> Player:
        """Note that the page of ``token``'s seat is gone (closed, reloaded or left): the seat reads "away" now.

        Without it a closed page would read "here" until its last touch grew older than
        :data:`~aton.rooms.PRESENCE_SECONDS`.  The seat is kept; the next touch makes it present again.
        """
        code = normalize_code(code)
        with self._write() as connection:
            row = self._row(connection, code)
            seat = self._seat_of(row, token)
            connection.execute(update(db.rooms).where(db.rooms.c.code == code).values(**{f"{seat.label}_seen": None}))
            self._announce(connection, code)
        return seat

    def rematch(self, code: str, token: str) -> bool:
        """Ask for a new game in the same room, once this one is over; returns whether it started.

        The new game starts when both seats asked (a bot always agrees); it has a
        new random seed, the same rules, seats and keys, and the version goes on
        growing (one step for the new game), so pages see the change as any move.
        """
        code = normalize_code(code)
        now = self._clock()
        with self._write() as connection:
            row = self._row(connection, code, lock=True)
            seat = self._seat_of(row, token)
            self._usable(row)
            if row.state != "over":
                raise RoomStateError("no_rematch")
            wishes = {
                p: p is seat or row._mapping[f"{p.label}_rematch"] or row._mapping[f"{p.label}_bot"] is not None
                for p in PLAYERS
            }
            values: dict[str, Any] = {f"{seat.label}_rematch": True, f"{seat.label}_seen": now, "updated": now}
            started = all(wishes.values())
            if started:
                values.update(
                    state="playing", version=row.version + 1, base=row.version + 1, game_no=row.game_no + 1,
                    seed=str(secrets.randbelow(2**31)), round=1, red_score=0, blue_score=0, winner=None,
                    forfeit=None, red_rematch=False, blue_rematch=False,
                )  # fmt: skip
            connection.execute(
                update(db.rooms).where(db.rooms.c.code == code, db.rooms.c.version == row.version).values(**values)
            )
            self._announce(connection, code)
        return started

    def forfeit(self, code: str, token: str) -> Player:
        """End the game in progress for the seat of ``token``: the other seat wins by forfeit; returns the winner.

        The game is archived as it stands, with the reason ``"forfeit"`` (:data:`FORFEIT`); the room is
        ``over`` (a rematch may follow) and its version grows by one, so both pages see it at once.
        """
        code = normalize_code(code)
        now = self._clock()
        with self._write() as connection:
            row = self._row(connection, code, lock=True)
            seat = self._seat_of(row, token)
            self._usable(row)
            if row.state != "playing":
                raise RoomStateError("no_forfeit", room=code)
            game = self._game(connection, row)
            winner = seat.other
            values: dict[str, Any] = {
                "state": "over", "winner": winner.label, "forfeit": seat.label, "version": row.version + 1,
                f"{seat.label}_seen": now, f"{seat.label}_rematch": False, "updated": now,
            }  # fmt: skip
            landed = connection.execute(
                update(db.rooms)
                .where(db.rooms.c.code == code, db.rooms.c.version == row.version, db.rooms.c.state == "playing")
                .values(**values)
            ).rowcount
            if landed != 1:  # pragma: no cover - the row is locked (PostgreSQL) or the write lock held (SQLite)
                raise StaleMove("stale", current=row.version, given=row.version)
            self._archive(connection, row, game, now, forfeit=seat)
            self._announce(connection, code)
        return winner

    def give_seat(self, code: str, seat: Player | str, nickname: str | None = None) -> str:
        """Hand ``seat`` to someone new (the teacher's page does): a new key, returned; the old one stops now.

        ``nickname`` names the new holder (``None`` keeps the seat's name).  A bot's seat becomes a person's.
        The seat reads away until its new page comes; the version grows by one so that the page of the old
        key learns at once that its key is no longer the seat's.
        """
        code, player, name = normalize_code(code), _seat(seat), check_nickname(nickname)
        token, now, label = new_token(), self._clock(), player.label
        with self._write() as connection:
            row = self._row(connection, code, lock=True)
            self._usable(row)
            other = player.other.label
            full = row._mapping[f"{other}_hash"] is not None or row._mapping[f"{other}_bot"] is not None
            values: dict[str, Any] = {
                f"{label}_hash": token_hash(token), f"{label}_bot": None, f"{label}_seen": None,
                f"{label}_rematch": False, f"{label}_name": name if name is not None else row._mapping[f"{label}_name"],
                "version": row.version + 1, "updated": now,
            }  # fmt: skip
            if full and row.state == "waiting":
                values["state"] = "playing"
            connection.execute(update(db.rooms).where(db.rooms.c.code == code).values(**values))
            self._announce(connection, code)
        return token

    def free_seat(self, code: str, seat: Player | str) -> None:
        """Free ``seat`` (the teacher's page does): its key stops now and anybody may take it with the room's code.

        The game stays where it is: whoever joins the room next plays on from there.
        """
        code, player = normalize_code(code), _seat(seat)
        label, now = player.label, self._clock()
        with self._write() as connection:
            row = self._row(connection, code, lock=True)
            self._usable(row)
            values: dict[str, Any] = {
                f"{label}_hash": None, f"{label}_bot": None, f"{label}_name": None, f"{label}_seen": None,
                f"{label}_rematch": False, "version": row.version + 1, "updated": now,
            }  # fmt: skip
            connection.execute(update(db.rooms).where(db.rooms.c.code == code).values(**values))
            self._announce(connection, code)

    def close(self, code: str, *, state: str = "closed") -> None:
        """Close the room (the teacher's button): nothing more is played or joined in it."""
        code = normalize_code(code)
        with self._write() as connection:
            self._row(connection, code)
            connection.execute(
                update(db.rooms).where(db.rooms.c.code == code).values(state=state, updated=self._clock())
            )
            self._announce(connection, code)

    def close_idle(self, seconds: float) -> list[str]:
        """Mark as abandoned every open room nobody touched for ``seconds``; returns their codes."""
        limit = self._clock() - seconds
        with self._read() as connection:
            idle = [
                line.code
                for line in overview.tables(connection, self._clock())
                if line.last_activity < limit and line.state in ("waiting", "playing")
            ]
        for code in idle:
            self.close(code, state="abandoned")
        return idle

    # ------------------------------------------------------------ a page's own game, kept
    def keep_game(self, key: str | None, game: Game, setup: dict[str, Any]) -> str:
        """Keep a page's game (against a bot, or two people on one screen) under ``key``; returns the key.

        ``key=None`` makes a new one (24 random characters, as a seat key): the page keeps it in the
        browser, the store only its hash.  The game is kept whole, hidden cards included (it never leaves the
        server: :meth:`kept_game` gives it back to the page's kernel, which shows only a player's view);
        ``setup`` is the page's small JSON-ready settings (mode, bot level, colour, names).
        A badly formed key is replaced by a new one (the page keeps the key returned).  Games nobody moved
        for :data:`KEPT_SECONDS` are forgotten meanwhile.
        """
        if not well_formed(key):
            key = new_token()
        assert isinstance(key, str)
        now = self._clock()
        values: dict[str, object] = {
            "key_hash": token_hash(key),
            "game": game.to_json(),
            "setup": json.dumps(setup, separators=(",", ":"), sort_keys=True),
            "updated": now,
        }
        with self._write() as connection:
            connection.execute(delete(db.kept).where(db.kept.c.key_hash == values["key_hash"]))
            connection.execute(delete(db.kept).where(db.kept.c.updated < now - KEPT_SECONDS))
            connection.execute(insert(db.kept).values(**values))
        return key

    def kept_game(self, key: object) -> tuple[Game, dict[str, Any]] | None:
        """The game and settings kept under ``key`` (``None``: none, or not a key); a damaged row is ``corrupt``."""
        if not well_formed(key):
            return None
        assert isinstance(key, str)
        with self._read() as connection:
            row = connection.execute(select(db.kept).where(db.kept.c.key_hash == token_hash(key))).first()
        if row is None or row.updated < self._clock() - KEPT_SECONDS:
            return None
        try:
            game = Game.from_json(row.game)
            setup = json.loads(row.setup)
        except ValueError as error:
            raise StoreError("corrupt") from error
        if not isinstance(setup, dict):
            raise StoreError("corrupt")
        return game, setup

    def kept_games(self, since: float | None = None) -> list[KeptRow]:
        """Every game kept for a page (against the bot, or two people on one screen), moved at or after
        ``since``, the latest first: for the teacher's page, read-only.  Only what the table shows is read
        out (who plays, round, score); a damaged row is left out rather than failing the whole list."""
        query = select(db.kept.c.game, db.kept.c.setup, db.kept.c.updated).order_by(db.kept.c.updated.desc())
        if since is not None:
            query = query.where(db.kept.c.updated >= since)
        with self._read() as connection:
            rows = list(connection.execute(query))
        found = []
        for row in rows:
            try:
                game = Game.from_json(row.game)
                setup = json.loads(row.setup)
            except ValueError:
                continue
            if not isinstance(setup, dict):
                continue
            names = setup.get("names", ["", ""])
            if not isinstance(names, list) or len(names) != 2:
                names = ["", ""]
            mode = setup.get("mode")
            found.append(
                KeptRow(
                    mode=mode if mode in ("bot", "two") else "two",
                    level=str(setup.get("level", ""))[:20],
                    human=str(setup.get("human", ""))[:10],
                    names=(str(names[0] or "")[:20], str(names[1] or "")[:20]),
                    round=game.round,
                    scores=(game.score(PLAYERS[0]), game.score(PLAYERS[1])),
                    updated=float(row.updated),
                )
            )
        return found

    def forget_game(self, key: object) -> None:
        """Forget the game kept under ``key`` (nothing happens when there is none)."""
        if not well_formed(key):
            return
        assert isinstance(key, str)
        with self._write() as connection:
            connection.execute(delete(db.kept).where(db.kept.c.key_hash == token_hash(key)))

    # ------------------------------------------------------------ overview
    def tables(self, *, include_closed: bool = False) -> list[TableRow]:
        """The teacher's overview: one line per room (code, players, round, scores, state, activity)."""
        with self._read() as connection:
            return overview.tables(connection, self._clock(), include_closed=include_closed)

    def results_csv(self) -> str:
        """Every finished game as CSV text, for a spreadsheet."""
        with self._read() as connection:
            return overview.results_csv(connection)

    # -------------------------------------------------------------- waiting
    def wait_for_change(self, code: str, version: int, timeout: float = 30.0) -> int:
        """Wait until the room's version passes ``version`` (or the room closes), ``timeout`` seconds at most.

        Returns the version then (``version`` itself after a timeout).  On
        PostgreSQL a notification wakes the wait; on SQLite the file is looked at
        every 50 ms (see :mod:`aton.rooms.live`).
        """
        code = normalize_code(code)
        waker = self._waker_now()
        deadline = time.monotonic() + timeout
        while True:
            stamp = waker.stamp(code)
            with self._read() as connection:
                row = connection.execute(_VERSION, {"code": code}).first()
            if row is None:
                raise UnknownRoom("unknown_room", room=code)
            remaining = deadline - time.monotonic()
            if row.version > version or row.state in ("closed", "abandoned") or remaining <= 0:
                return int(row.version)
            waker.wait(code, stamp, remaining)

    def _waker_now(self) -> live.Waker:
        if self._waker is None:
            if self._listen:
                url = self.engine.url.set(drivername="postgresql")
                self._waker = live.Listener(url.render_as_string(hide_password=False))
            elif self.dialect == "sqlite" and self.engine.url.database and "?" not in str(self.engine.url):
                self._waker = live.FileWaker(str(self.engine.url.database))
            else:
                self._waker = live.Waker()
        return self._waker
