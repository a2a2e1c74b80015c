"""The room store's tables and database connections (SQLAlchemy Core), and its database errors.

Four tables for the rooms, two for the learners' record (:mod:`aton.rooms.learning`):

``rooms``
    one row per room: its code, state, version, the current game's seed,
    rules and first version (``base``), each seat's key hash, nickname, bot
    level, last-seen time and rematch wish, and the figures the teacher's
    overview shows (round, scores, winner, the seat that ended the game by
    forfeit) so that no game is replayed for it;
``moves``
    one row per action: ``(code, version, action)``, the action in its text
    form (``"red place 2-5"``); the actions of the current game are those
    with a version above the room's ``base``;
``games``
    one row per finished game: its record and result, for the results table;
``kept``
    one row per page's game in progress against a bot or between two people on one screen, so that a
    reload, a closed tab or a lost connection can continue it: the hash of the key the browser keeps, the
    game's full snapshot (JSON, hidden cards included: it never leaves the server), the page's settings;
``learners``
    one row per learner: a number, the hash of the key their browser keeps, a nickname, when they came
    and when they last answered;
``attempts``
    one row per answered question (:class:`aton.teaching.mastery.Attempt`): the learner's number, the rule,
    the question's name, the case's key, right at the first try or not, the diagnosed mistake, where it
    was asked, how it is answered, and when.  Row numbers are never reused (so the teacher's page can tell
    a change by them).

Times are seconds since 1970 (UTC) as floating-point numbers.  SQLite files
are opened in WAL mode (readers never wait for the writer) with a busy
timeout; every write transaction on SQLite starts with ``BEGIN IMMEDIATE``
so two writers queue on the lock instead of failing half-way.
PostgreSQL connections are checked before use (``pool_pre_ping``), so a
restarted server costs one refused call at most.  A PostgreSQL server has a fixed number of connection
slots (100 by default) for every page of every dashboard server that shares it, so each process keeps one
engine per address and one idle connection in it (:data:`POSTGRES_POOL`); a page's kernel holds two
connections at rest, that one and its listener's (:mod:`aton.rooms.live`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    create_engine,
    event,
    exc,
    inspect,
)
from sqlalchemy.engine import URL, make_url

from .errors import BadRequest, StoreError

BUSY_TIMEOUT_MS = 5000
"""How long (by default) a SQLite writer waits for the lock before the call fails as ``busy``."""

metadata = MetaData()

rooms = Table(
    "aton_rooms",
    metadata,
    Column("code", String(8), primary_key=True),
    Column("state", String(10), nullable=False),
    Column("version", Integer, nullable=False),
    Column("game_no", Integer, nullable=False),
    Column("base", Integer, nullable=False),
    Column("seed", Text, nullable=False),
    Column("rules", Text, nullable=False),
    *(
        column
        for seat in ("red", "blue")
        for column in (
            Column(f"{seat}_hash", String(64)),
            Column(f"{seat}_name", String(40)),
            Column(f"{seat}_bot", String(40)),
            Column(f"{seat}_seen", Float),
            Column(f"{seat}_rematch", Boolean, nullable=False, default=False),
            Column(f"{seat}_score", Integer, nullable=False, default=0),
        )
    ),
    Column("round", Integer, nullable=False, default=1),
    Column("winner", String(5)),
    Column("forfeit", String(5)),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

moves = Table(
    "aton_moves",
    metadata,
    Column("code", String(8), nullable=False),
    Column("version", Integer, nullable=False),
    Column("action", String(40), nullable=False),
    PrimaryKeyConstraint("code", "version"),
)

games = Table(
    "aton_games",
    metadata,
    Column("code", String(8), nullable=False),
    Column("game_no", Integer, nullable=False),
    Column("record", Text, nullable=False),
    Column("red_name", String(40)),
    Column("blue_name", String(40)),
    Column("red_bot", String(40)),
    Column("blue_bot", String(40)),
    Column("winner", String(5)),
    Column("reason", String(20)),
    Column("red_score", Integer, nullable=False),
    Column("blue_score", Integer, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("finished", Float, nullable=False),
    PrimaryKeyConstraint("code", "game_no"),
)


kept = Table(
    "aton_kept",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("game", Text, nullable=False),
    Column("setup", Text, nullable=False),
    Column("updated", Float, nullable=False),
)

learners = Table(
    "aton_learners",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("nickname", String(40), nullable=False),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
    sqlite_autoincrement=True,
)

attempts = Table(
    "aton_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner", Integer, nullable=False),
    Column("rule", String(40), nullable=False),
    Column("question", String(80), nullable=False),
    Column("case_key", String(120), nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("mistake", String(80)),
    Column("source", String(10), nullable=False),
    Column("answer_type", String(10), nullable=False),
    Column("options", Integer, nullable=False),
    Column("given_away", Boolean, nullable=False),
    Column("time", Float, nullable=False),
    Index("aton_attempts_learner", "learner", "time"),
    Index("aton_attempts_time", "time"),
    sqlite_autoincrement=True,
)


POSTGRES_POOL = {"pool_size": 1, "max_overflow": 9}
"""A PostgreSQL engine's pool: one connection kept between calls (a page's kernel is one person's), up to nine
more while threads overlap (the page, its room's watcher, its beat), closed as soon as they are returned."""

_shared_engines: dict[str, Engine] = {}
_shared_lock = threading.Lock()


def connect(url: str, busy_timeout: float = BUSY_TIMEOUT_MS / 1000) -> Engine:
    """An engine for ``sqlite:///path`` or ``postgresql://...`` with the store's settings; tables created.

    Every store of one process opened on the same PostgreSQL address shares one engine (a page's room,
    its kept game and its learner's record), so a class does not run the server out of connection slots;
    disposing of it closes its idle connections, and it opens new ones when used again.
    Raises :class:`BadRequest` (``bad_url``) for any other address and :class:`StoreError` when the
    database cannot be opened.
    """
    if not isinstance(url, str):
        raise BadRequest("bad_url", given=repr(url)[:80])
    try:
        parsed = make_url(url)
    except exc.ArgumentError:
        raise BadRequest("bad_url", given=repr(url)[:80]) from None
    backend = parsed.get_backend_name()
    if backend == "sqlite" and parsed.database and parsed.database != ":memory:":
        if not parsed.database.startswith("file:"):  # a plain path (a file: URI is opened as it says)
            with translated():
                try:
                    Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
                except OSError as error:
                    raise sqlite3.OperationalError(f"unable to open database file: {error}") from error
        engine = create_engine(parsed.set(drivername="sqlite+pysqlite"), connect_args={"timeout": busy_timeout})
        _sqlite_settings(engine, int(busy_timeout * 1000))
    elif backend == "postgresql":
        return _postgres(parsed.set(drivername="postgresql+psycopg"))
    else:
        raise BadRequest("bad_url", given=repr(url)[:80])
    with translated():
        metadata.create_all(engine)
        _add_missing_columns(engine)
    return engine


def _postgres(address: URL) -> Engine:
    """The process's engine for a PostgreSQL ``address``, made (and its tables created) on first use."""
    key = address.render_as_string(hide_password=False)
    with _shared_lock:
        engine = _shared_engines.get(key)
        if engine is None:
            engine = create_engine(
                address,
                pool_pre_ping=True,
                connect_args={"connect_timeout": 5, "application_name": APPLICATION_NAME},
                **POSTGRES_POOL,
            )
            with translated():
                metadata.create_all(engine)
                _add_missing_columns(engine)
            _shared_engines[key] = engine
        return engine


APPLICATION_NAME = "aton"
"""How the store's connections name themselves to PostgreSQL (``pg_stat_activity.application_name``)."""


ADDED_COLUMNS = {"aton_rooms": ("forfeit",)}
"""Columns added to a table after its first release: a store made before gets them when it is opened."""


def _add_missing_columns(engine: Engine) -> None:
    """Add the columns of :data:`ADDED_COLUMNS` that a store made by an earlier version lacks (all nullable)."""
    for name, columns in ADDED_COLUMNS.items():
        present = {column["name"] for column in inspect(engine).get_columns(name)}
        table = metadata.tables[name]
        for column in columns:
            if column in present:
                continue
            kind = table.c[column].type.compile(dialect=engine.dialect)
            with engine.begin() as connection:
                connection.exec_driver_sql(f"ALTER TABLE {name} ADD COLUMN {column} {kind}")


def _sqlite_settings(engine: Engine, busy_ms: int) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None  # transactions are begun below, not by the driver
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {busy_ms}")
        mode = cursor.execute("PRAGMA journal_mode").fetchone()[0]
        if mode != "wal":
            cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        immediate = connection.get_execution_options().get("immediate", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def writer(engine: Engine) -> Engine:
    """The engine to write with: on SQLite its transactions take the write lock first (``BEGIN IMMEDIATE``)."""
    return engine.execution_options(immediate=True)


@contextmanager
def translated() -> Iterator[None]:
    """Turn a database failure into a :class:`StoreError` with its reason (no raw driver error escapes)."""
    try:
        yield
    except exc.DBAPIError as error:
        raise StoreError(_reason(error)) from error
    except exc.SQLAlchemyError as error:
        raise StoreError("unavailable") from error
    except sqlite3.Error as error:
        raise StoreError(_reason_text(str(error))) from error


def _reason(error: exc.DBAPIError) -> str:
    if error.connection_invalidated:
        return "connection_lost"
    return _reason_text(str(error.orig))


def _reason_text(text: str) -> str:
    text = text.lower()
    if "locked" in text or "busy" in text:
        return "busy"
    if "readonly" in text or "read-only" in text or "read only" in text:
        return "read_only"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return "corrupt"
    if "unable to open" in text:
        return "read_only"
    if (
        "terminat" in text
        or "server closed" in text
        or "connection" in text
        or "shutting down" in text
        or "admin_shutdown" in text
        or "consuming input failed" in text
    ):
        return "connection_lost"
    return "unavailable"
