"""What a page does in a room, as plain Python (no widget): create or join, keep the seat key, follow.

A page builds a :class:`RoomClient`, saves :meth:`RoomClient.saved` in the
browser's localStorage (so a reload takes the same seat again with
:meth:`RoomClient.resume`), shows :meth:`RoomClient.link` and its QR code
to the opponent, and calls :meth:`RoomClient.poll` in a loop: it returns a
new :class:`RoomStatus` whenever something the page shows changed (a move,
the opponent arriving, leaving or coming back, a rematch, the room closing).

>>> import tempfile, aton
>>> from aton.rooms import open_store
>>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> ana = RoomClient.create(store, aton.RED, nickname="Ana")
>>> ana.status().state, ana.status().event
('waiting', 'waiting')
>>> ben = RoomClient.join(store, ana.link("http://class.local:8866/"), nickname="Ben")
>>> ben.seat, ben.status().opponent, ana.poll(timeout=1).event
(BLUE, 'Ana', 'joined')
>>> store.dispose()
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..actions import PLAYERS, Action, Player
from ..game import GameView
from ..rules import Rules
from .errors import BadRequest, BadToken, RoomFull
from .keys import TOKEN_LENGTH, normalize_code, well_formed
from .overview import RoomInfo
from .store import RoomStore, check_nickname

TOUCH_SECONDS = 5.0
"""How often a seated page tells the store it is there."""


def join_link(base_url: str, code: str) -> str:
    """The link that opens ``base_url`` on room ``code`` (the seat key is never in it).

    >>> join_link("http://10.0.0.5:8866/?lang=fr", "abcdef")
    'http://10.0.0.5:8866/?lang=fr&room=ABCDEF'
    """
    parts = urllib.parse.urlsplit(base_url)
    query = [(k, v) for k, v in urllib.parse.parse_qsl(parts.query) if k != "room"]
    query.append(("room", normalize_code(code)))
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "0.0.0.0", "::")
"""Host names that mean "this machine" to whoever types them, so a link with them opens nothing elsewhere."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (``localhost``, ``127.0.0.1``, ``::1``...).

    >>> [is_loopback(h) for h in ("localhost", "127.0.1.1", "::1", "10.0.0.5", "class.local", "app.localhost")]
    [True, True, True, False, False, True]
    """
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_address() -> str | None:
    """This machine's address on its network (the school's), or ``None`` when it has none but loopback.

    The address is the one a UDP socket would send from towards a private address: connecting a UDP
    socket sends nothing, it only picks the route.  Without a route, the address of the host's name.
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
        if not is_loopback(address) and address != "0.0.0.0":
            return address
    with contextlib.suppress(OSError):
        address = socket.gethostbyname(socket.gethostname())
        if not is_loopback(address):
            return address
    return None


def shareable_base(base_url: str, address: str | None = None) -> str:
    """The page's address as other machines can open it: a ``localhost`` (loopback) host becomes ``address``
    (by default :func:`network_address`); any other host is kept, as typed (a name, a proxy's address).

    >>> shareable_base("http://localhost:8866/?lang=fr", "10.0.0.5")
    'http://10.0.0.5:8866/?lang=fr'
    >>> shareable_base("http://class.local:8866/", "10.0.0.5"), shareable_base("http://10.0.0.9/", "10.0.0.5")
    ('http://class.local:8866/', 'http://10.0.0.9/')
    >>> shareable_base("http://[::1]:8866/", "fe80::1")
    'http://[fe80::1]:8866/'
    """
    parts = urllib.parse.urlsplit(base_url)
    host = parts.hostname or ""
    if not host or not is_loopback(host):
        return base_url
    if address is None:
        address = network_address()
        if address is None:
            return base_url
    shown = f"[{address}]" if ":" in address else address
    netloc = shown if parts.port is None else f"{shown}:{parts.port}"
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


SEAT_FRAGMENT = "seat"
"""The name of a seat link's fragment (``#seat=KEY``): a fragment is never sent to a server, nor logged by one."""


def seat_link(base_url: str, code: str, token: str) -> str:
    """The link that takes a seat back: the room's link with the seat key in its fragment (keep it private).

    >>> seat_link("http://10.0.0.5:8866/?lang=fr", "ktxhma", "k" * 24)
    'http://10.0.0.5:8866/?lang=fr&room=KTXHMA#seat=kkkkkkkkkkkkkkkkkkkkkkkk'
    """
    link = urllib.parse.urlsplit(join_link(base_url, code))
    return urllib.parse.urlunsplit(link._replace(fragment=f"{SEAT_FRAGMENT}={token}"))


def seat_key(fragment: object) -> str | None:
    """The seat key in a link's fragment (``#seat=KEY``, with or without ``#``), or ``None`` when it holds none.

    >>> seat_key("#seat=" + "k" * 24) == "k" * 24, seat_key("#seat=short"), seat_key(None)
    (True, None, None)
    """
    if not isinstance(fragment, str) or len(fragment) > 200:
        return None
    values = urllib.parse.parse_qs(fragment.lstrip("#")).get(SEAT_FRAGMENT, [])
    return values[0] if values and well_formed(values[0]) else None


def parse_link(text: str) -> str:
    """The room code in a link (``...?room=ABCDEF``) or typed by hand (``abc-def``).

    >>> parse_link("http://10.0.0.5:8866/?room=KTXHMA"), parse_link(" ktx hma ")
    ('KTXHMA', 'KTXHMA')
    """
    if isinstance(text, str) and "room=" in text:
        query = urllib.parse.urlsplit(text.strip()).query
        rooms = urllib.parse.parse_qs(query).get("room", [])
        return normalize_code(rooms[0] if rooms else "")
    return normalize_code(text)


def qr_svg(text: str, *, scale: int = 4) -> str:
    """A QR code of ``text`` as SVG markup, to put in a page (pure Python, by ``segno``)."""
    import segno

    return str(segno.make(text, error="m").svg_inline(scale=scale))


@dataclass(frozen=True)
class RoomStatus:
    """What a room's page shows, at one version.

    ``event`` is what changed for the opponent since the last status:
    ``"waiting"`` (no opponent yet), ``"joined"``, ``"left"`` (their page is
    gone), ``"came_back"``, ``"handed"`` (the teacher handed their seat to
    someone else, named ``opponent``), or ``None``.
    """

    code: str
    seat: Player | None
    state: str
    version: int
    view: GameView
    to_act: tuple[Player, ...]
    my_turn: bool
    opponent: str | None
    opponent_present: bool
    event: str | None
    rematch_asked: bool
    opponent_wants_rematch: bool
    forfeit: Player | None = None
    """The seat that ended the game by forfeit (the other one won), or ``None``."""

    @property
    def spectating(self) -> bool:
        """Whether this page watches without a seat."""
        return self.seat is None


class RoomClient:
    """One page's seat (or spectator's place) in one room of a :class:`RoomStore`."""

    def __init__(self, store: RoomStore, code: str, token: str | None = None) -> None:
        self.store = store
        self.code = normalize_code(code)
        self.token = token
        self.seat: Player | None = None if token is None else store.seat_of(self.code, token)
        self._last: RoomStatus | None = None
        self._touched = 0.0
        self._gone = False

    # ------------------------------------------------------------ starting
    @classmethod
    def create(
        cls,
        store: RoomStore,
        seat: Player | str = Player.RED,
        *,
        nickname: str | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
        bot: str | None = None,
        token: str | None = None,
    ) -> RoomClient:
        """Open a new room and sit at ``seat``; ``bot`` (a level) seats a bot opposite; ``token``: the seat key
        the page chose (:meth:`RoomStore.join`), ``None`` for one drawn by the store.

        A nickname or a key the store refuses is refused before the room is made: no empty room is left behind."""
        check_nickname(nickname)
        if token is not None and not well_formed(token):
            raise BadRequest("bad_key", length=TOKEN_LENGTH)
        if token is not None and store.seat_by_key(token) is not None:
            raise BadRequest("key_taken")
        code = store.create(seed=seed, rules=rules)
        client = cls(store, code, store.join(code, seat, nickname=nickname, token=token))
        if bot is not None:
            assert client.seat is not None
            store.add_bot(code, client.seat.other, bot)
            store.bot_turn(code)
        return client

    @classmethod
    def join(
        cls, store: RoomStore, code_or_link: str, *, nickname: str | None = None, token: str | None = None
    ) -> RoomClient:
        """Take a free seat (red first) of the room in a link or typed code; :class:`RoomFull` if none.
        ``token``: the seat key the page chose (:meth:`RoomStore.join`)."""
        code = parse_link(code_or_link)
        for seat in store.info(code).free_seats:
            try:
                return cls(store, code, store.join(code, seat, nickname=nickname, token=token))
            except RoomFull:  # taken meanwhile by someone else: try the other seat
                continue
        raise RoomFull("seat_taken", room=code, seat=PLAYERS[-1].label)

    @classmethod
    def resume(cls, store: RoomStore, saved: dict[str, Any]) -> RoomClient:
        """Take the seat again after a reload, from :meth:`saved` (kept in the browser)."""
        return cls(store, str(saved.get("code", "")), saved.get("token"))

    @classmethod
    def by_key(cls, store: RoomStore, token: object) -> RoomClient | None:
        """The seat that ``token`` holds in any room (a key the page chose before it joined), or ``None``."""
        found = store.seat_by_key(token)
        return None if found is None else cls(store, found[0], str(token))

    @classmethod
    def spectate(cls, store: RoomStore, code_or_link: str) -> RoomClient:
        """Watch a room without a seat."""
        code = parse_link(code_or_link)
        store.info(code)  # UnknownRoom now rather than at the first poll
        return cls(store, code)

    def saved(self) -> dict[str, Any]:
        """What the page keeps in localStorage to come back to its seat."""
        return {"code": self.code, "token": self.token}

    def link(self, base_url: str) -> str:
        """The link to give the opponent (or spectators)."""
        return join_link(base_url, self.code)

    def qr_svg(self, base_url: str) -> str:
        """The link as a QR code (SVG), for a phone to scan."""
        return qr_svg(self.link(base_url))

    def seat_link(self, base_url: str) -> str:
        """The link that takes this seat back on any device or server sharing the store (holds the key)."""
        if self.token is None:
            raise ValueError("a spectator has no seat to keep")
        return seat_link(base_url, self.code, self.token)

    # ------------------------------------------------------------ following
    def status(self) -> RoomStatus:
        """The room now, as this page shows it.

        A key that was this seat's and is no longer (the teacher gave the seat away or freed it) is
        :class:`BadToken` with the code ``seat_lost``.
        """
        info = self.store.info(self.code)
        with self._seat_kept():
            view = self.store.watch(self.code) if self.token is None else self.store.view(self.code, self.token)
        status = self._status(info, view)
        self._last = status
        return status

    @contextlib.contextmanager
    def _seat_kept(self) -> Iterator[None]:
        """Say ``seat_lost`` rather than ``bad_token`` when the store refuses the key this client sat with."""
        try:
            yield
        except BadToken as error:
            if self.seat is not None and error.code == "bad_token":
                raise BadToken("seat_lost", room=self.code) from error
            raise

    def _status(self, info: RoomInfo, view: GameView) -> RoomStatus:
        to_act = view.to_act if info.state == "playing" else ()
        opponent_seat = None if self.seat is None else info.seat(self.seat.other)
        if opponent_seat is None:
            opponent, present, event = None, False, None
        else:
            opponent = opponent_seat.nickname or (f"bot:{opponent_seat.bot}" if opponent_seat.bot else None)
            present = opponent_seat.present
            event = self._event(opponent_seat.taken, present, opponent)
        mine = None if self.seat is None else info.seat(self.seat)
        return RoomStatus(
            code=self.code,
            seat=self.seat,
            state=info.state,
            version=info.version,
            view=view,
            to_act=to_act,
            my_turn=self.seat is not None and self.seat in to_act,
            opponent=opponent,
            opponent_present=present,
            event=event,
            rematch_asked=mine is not None and mine.rematch,
            opponent_wants_rematch=opponent_seat is not None and opponent_seat.rematch,
            forfeit=info.forfeit if info.state == "over" else None,
        )

    def _event(self, taken: bool, present: bool, opponent: str | None = None) -> str | None:
        last = self._last
        if not taken:
            return "waiting"
        if last is None:
            return None
        if last.opponent is None and last.event == "waiting":
            return "joined"
        if last.opponent is not None and opponent != last.opponent:  # the teacher handed the seat to someone
            return "handed"
        if last.opponent_present and not present:
            return "left"
        if not last.opponent_present and present:
            return "came_back"
        return None

    def poll(self, timeout: float = 1.0) -> RoomStatus | None:
        """Wait up to ``timeout`` seconds for a change; the new status if the page must redraw, else ``None``.

        Also tells the store this page is there (every few seconds) and lets a
        bot opponent move when it is its turn.
        """
        if self.token is not None and not self._gone and time.monotonic() - self._touched >= TOUCH_SECONDS:
            with self._seat_kept():
                self.store.touch(self.code, self.token)
            self._touched = time.monotonic()
        last = self._last
        if last is None:
            return self.status()
        if last.state == "playing" and self.store.bot_turn(self.code) is not None:
            return self.status()
        self.store.wait_for_change(self.code, last.version, timeout)
        status = self.status()
        changed = (
            status.version != last.version
            or status.state != last.state
            or (status.event is not None and status.event != "waiting")
            or status.opponent_wants_rematch != last.opponent_wants_rematch
        )
        return status if changed else None

    def away(self) -> None:
        """Tell the store this page is gone (its seat reads "away" at once); a spectator has nothing to tell.

        The client touches no more after it (a poll still under way in another thread would otherwise say
        "here" again); a page that comes back makes a new client.
        """
        self._gone = True
        if self.token is not None:
            self.store.away(self.code, self.token)

    # ------------------------------------------------------------- acting
    def play(self, action: Action | str) -> RoomStatus:
        """Play for this page's seat at the version it shows; the new status (a bot may answer at once)."""
        if self.token is None:
            raise ValueError("a spectator cannot play")
        version = self._last.version if self._last is not None else self.store.version(self.code)
        with self._seat_kept():
            self.store.play(self.code, self.token, action, version=version)
        self.store.bot_turn(self.code)
        return self.status()

    def forfeit(self) -> RoomStatus:
        """End the game in progress: the opponent wins by forfeit (recorded so in the store and its results)."""
        if self.token is None:
            raise ValueError("a spectator cannot end the game")
        with self._seat_kept():
            self.store.forfeit(self.code, self.token)
        return self.status()

    def rematch(self) -> RoomStatus:
        """Ask for a new game once this one is over (it starts when the opponent asks too)."""
        if self.token is None:
            raise ValueError("a spectator cannot ask for a rematch")
        if self.store.rematch(self.code, self.token):
            self.store.bot_turn(self.code)
        return self.status()
