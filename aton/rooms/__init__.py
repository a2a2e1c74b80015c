"""Rooms: one game shared by two pages (two kernels, two machines) through a database.

Not imported by ``import aton`` (the engine runs where SQLAlchemy is not
installed, such as Pyodide): ``from aton import rooms`` loads it.

>>> import tempfile, aton
>>> from aton import rooms
>>> folder = tempfile.mkdtemp()
>>> store = rooms.open_store(f"sqlite:///{folder}/rooms.db")
>>> code = store.create(seed=7)
>>> ana = store.join(code, aton.RED, nickname="Ana")
>>> ben = store.join(code, aton.BLUE, nickname="Ben")
>>> view = store.view(code, ana)
>>> view.hand(aton.RED), view.hand(aton.BLUE)
([1, 1, 2, 4], None)
>>> store.play(code, ana, view.legal_actions(aton.RED)[0], version=store.version(code))
1
>>> store.join(code, aton.BLUE)
Traceback (most recent call last):
...
aton.rooms.errors.RoomFull: the Blue seat of room ... is taken
>>> store.dispose()

The whole interface is described in ``docs/rooms.md``; the learners' record
(:class:`LearningStore`, in the same database) in ``docs/learning.md``.
"""

from __future__ import annotations

from .client import (
    RoomClient,
    RoomStatus,
    join_link,
    network_address,
    parse_link,
    qr_svg,
    seat_key,
    seat_link,
    shareable_base,
)
from .errors import (
    CODES,
    BadRequest,
    BadToken,
    RoomClosed,
    RoomError,
    RoomFull,
    RoomStateError,
    StaleMove,
    StoreError,
    UnknownRoom,
)
from .keys import CODE_LETTERS, normalize_code
from .learning import GridRow, Learner, LearningError, LearningStore, MistakeCount
from .overview import PRESENCE_SECONDS, STATES, KeptRow, RoomInfo, SeatInfo, TableRow
from .store import FORFEIT, RoomStore

__all__ = [
    "CODES",
    "CODE_LETTERS",
    "FORFEIT",
    "PRESENCE_SECONDS",
    "STATES",
    "BadRequest",
    "BadToken",
    "GridRow",
    "KeptRow",
    "Learner",
    "LearningError",
    "LearningStore",
    "MistakeCount",
    "RoomClient",
    "RoomClosed",
    "RoomError",
    "RoomFull",
    "RoomInfo",
    "RoomStateError",
    "RoomStatus",
    "RoomStore",
    "SeatInfo",
    "StaleMove",
    "StoreError",
    "TableRow",
    "UnknownRoom",
    "default_url",
    "join_link",
    "network_address",
    "normalize_code",
    "open_store",
    "parse_link",
    "qr_svg",
    "seat_key",
    "seat_link",
    "shareable_base",
]


def open_store(url: str, *, listen: bool = True, busy_timeout: float = 5.0) -> RoomStore:
    """Open (and on first use create) the room store at ``url``.

    ``sqlite:///path/rooms.db`` (a file; its folder is created) or
    ``postgresql://user:password@host/database`` (the psycopg 3 driver).
    ``listen=False`` makes PostgreSQL stores poll instead of listening for
    notifications (for measurements); ``busy_timeout`` is how many seconds a
    SQLite writer waits for another writer's lock.  Raises :class:`BadRequest` for another
    address and :class:`StoreError` when the database cannot be opened.
    """
    return RoomStore(url, listen=listen, busy_timeout=busy_timeout)


def default_url() -> str:
    """The store ``./run dashboard`` uses: ``$ATON_ROOMS``, else ``.aton-data/rooms.db`` in the current folder."""
    import os
    from pathlib import Path

    url = os.environ.get("ATON_ROOMS", "").strip()
    return url or f"sqlite:///{Path.cwd() / '.aton-data' / 'rooms.db'}"
