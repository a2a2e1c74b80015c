"""Waking pages when a room changes: LISTEN/NOTIFY on PostgreSQL, a short poll on SQLite.

A page waits with :meth:`aton.rooms.RoomStore.wait_for_change`, which reads
the room's version, then sleeps until something may have changed and reads
again.  On SQLite "something may have changed" is the database file or its
write-ahead log changing size or time, looked at every 50 ms (a ``stat``
costs microseconds where a query costs a millisecond of Python: 30 pages
polling the database itself kept both processors of the test machine busy
and writers waited seconds for the lock); the version is read again at
least every second all the same.  On
PostgreSQL every write sends ``NOTIFY aton_rooms, '<code>'`` in its
transaction (delivered at commit); one listening connection per process
counts the notifications per room and wakes the waiting threads, which then
read the version again.  The listener only shortens the wait: if its
connection is lost (a restarted server), waiters fall back to the 50 ms poll
until it is back, so no change is ever missed.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

CHANNEL = "aton_rooms"
POLL_SECONDS = 0.05
"""The tick of a poll (SQLite, or PostgreSQL while its listener is down)."""
SAFETY_SECONDS = 1.0
"""With a live listener, the version is still read again this often (a notification lost in transit)."""
RETRY_SECONDS = (0.2, 2.0)
"""The listener's wait before connecting again after a failure: the first, doubled at each failure up to the
second (a server with no free connection slot is not hammered by every page at once)."""
LISTENER_NAME = "aton-listen"
"""How the listener's connection names itself to PostgreSQL (``pg_stat_activity.application_name``)."""


class Waker:
    """Sleeps a poll tick (a store that cannot tell when it changed)."""

    def stamp(self, code: str) -> int:
        """A number that changes when ``code`` may have changed (always 0 here)."""
        return 0

    def wait(self, code: str, stamp: int, timeout: float) -> None:
        """Sleep until ``code`` may have changed since ``stamp``, at most ``timeout`` seconds."""
        time.sleep(max(0.0, min(timeout, POLL_SECONDS)))

    def close(self) -> None:
        """Stop (nothing to stop here)."""


class FileWaker(Waker):
    """Watches a SQLite file and its write-ahead log: every commit changes the log's size or time."""

    def __init__(self, path: str) -> None:
        self._paths = (path, path + "-wal")

    def stamp(self, code: str) -> int:
        marks = []
        for path in self._paths:
            try:
                status = os.stat(path)
                marks += [status.st_mtime_ns, status.st_size, status.st_ino]
            except OSError:
                marks.append(-1)
        return hash(tuple(marks))

    def wait(self, code: str, stamp: int, timeout: float) -> None:
        deadline = time.monotonic() + min(timeout, SAFETY_SECONDS)
        while self.stamp(code) == stamp:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(left, POLL_SECONDS))


class Listener(Waker):
    """One PostgreSQL connection that LISTENs and wakes the threads waiting on a room."""

    def __init__(self, conninfo: str) -> None:
        self._conninfo = conninfo
        self._changed = threading.Condition()
        self._counts: dict[str, int] = {}
        self._alive = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="aton-rooms-listener", daemon=True)
        self._thread.start()

    @property
    def alive(self) -> bool:
        """Whether notifications arrive now (else waiters poll)."""
        return self._alive

    def stamp(self, code: str) -> int:
        with self._changed:
            return self._counts.get(code, 0)

    def wait(self, code: str, stamp: int, timeout: float) -> None:
        if not self._alive:
            super().wait(code, stamp, timeout)
            return
        with self._changed:
            self._changed.wait_for(
                lambda: self._counts.get(code, 0) != stamp or not self._alive, min(timeout, SAFETY_SECONDS)
            )

    def wait_until_listening(self, timeout: float = 5.0) -> bool:
        """Wait for the listening connection (tests and measurements start once it is up)."""
        deadline = time.monotonic() + timeout
        while not self._alive and time.monotonic() < deadline:
            time.sleep(0.01)
        return self._alive

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=3)

    def _run(self) -> None:
        import psycopg

        pause = RETRY_SECONDS[0]
        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    self._conninfo, autocommit=True, connect_timeout=5, application_name=LISTENER_NAME
                ) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._set_alive(True)
                    pause = RETRY_SECONDS[0]
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.5):
                            self._wake(note.payload)
            except Exception:  # the server went away or is full: waiters poll until the connection is back
                pass
            self._set_alive(False)
            self._stop.wait(pause)
            pause = min(2 * pause, RETRY_SECONDS[1])

    def _set_alive(self, alive: bool) -> None:
        with self._changed:
            self._alive = alive
            self._changed.notify_all()

    def _wake(self, code: str) -> None:
        with self._changed:
            self._counts[code] = self._counts.get(code, 0) + 1
            self._changed.notify_all()


def notify_statement(dialect: str) -> Any:
    """The statement that announces a change of room ``:code`` (``None`` on SQLite, which polls)."""
    if dialect != "postgresql":
        return None
    from sqlalchemy import text

    return text(f"SELECT pg_notify('{CHANNEL}', :code)")
