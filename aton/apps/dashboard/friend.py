"""Playing a friend from two screens, without any widget: the room of one page, its seat key, its follower.

:class:`FriendFlow` is what the dashboard's "Play a friend" does in plain Python: it opens the room
store (``aton.rooms.default_url()``, i.e. ``ATON_ROOMS``), creates a room or joins one by code or
link, comes back to its seat with the key the browser kept (:meth:`FriendFlow.saved_text`), watches as a
spectator when the room is full, sends this page's moves to the store (the one writer of a room) and
follows the room's changes.  It only ever holds its seat's view (``store.view(code, key)``) or, for a
spectator, the public view: nothing hidden can reach the page.

Every refusal becomes a message for people (:attr:`FriendFlow.message`, a function of the language):
an unknown code, a full room, a stale move, a bad key, a store that is locked, read-only or damaged.
A move either lands (and both pages show it) or the message says it was not played.

:class:`Follower` polls the store in a thread and hands each new :class:`~aton.rooms.RoomStatus` to
the page's thread (the kernel's event loop), where the dashboard's controller applies it.

>>> import tempfile, aton
>>> url = f"sqlite:///{tempfile.mkdtemp()}/rooms.db"
>>> ana, ben = FriendFlow(url), FriendFlow(url)
>>> ana.create("Ana"), ana.status.state
(True, 'waiting')
>>> ben.join(ana.code, "Ben"), ben.seat, ana.poll(1.0).event
(True, BLUE, 'joined')
>>> ben.status.view.hand(aton.RED) is None     # Ben's page holds Ben's view only
True
>>> ana.close(); ben.close()
"""

from __future__ import annotations

import contextlib
import functools
import json
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from ...actions import RED, Action, Assign, Player
from ...game import IllegalAction
from ...refusals import error_text
from ...timeline import Step
from ...widgets.i18n import player_word
from .text import say

__all__ = ["PENDING_KEY", "SAVED_KEY", "Follower", "FriendFlow", "rooms_available"]

Text = Callable[[str], str]

SAVED_KEY = "aton-room"
"""The browser's localStorage key that keeps this page's room code and seat key."""

QUIET_SECONDS = 20.0
"""After a store outage, how long a seat that reads away is not said to have left (longer than a seat's
presence lasts without a touch, :data:`aton.rooms.PRESENCE_SECONDS`)."""

PENDING_KEY = "aton-room-pending"
"""The browser's localStorage key that keeps the seat key it made as "Create a room" or "Join" was pressed, until
the kernel says the seat is kept under :data:`SAVED_KEY` (or that no room knows the key): a reload in between finds
the seat by it (:meth:`FriendFlow.pending_seat`)."""

MAX_SAVED = 200
"""Saved text longer than this is not a room's code and key: it is ignored."""


def rooms_available() -> bool:
    """Whether this Python can hold rooms (not in the static site's Pyodide, which has no database)."""
    if sys.platform == "emscripten":
        return False
    try:
        import sqlalchemy  # noqa: F401
    except ImportError:
        return False
    return True


def _refusal(error: BaseException) -> Text:
    """A store's or the engine's refusal as words for people."""
    if getattr(error, "code", None) is not None and callable(getattr(error, "text", None)):
        return lambda lang: error_text(error, lang)
    return lambda lang: say("friend.problem", lang, reason=error_text(error, lang, unexpected=_plain))


def _plain(error: BaseException) -> str:
    return str(error) or type(error).__name__


class FriendFlow:
    """One page's place in one room: a seat (with its key) or a spectator's chair.

    ``FriendFlow(url=None, *, store=None)``: ``url`` of the room store (``None``: ``ATON_ROOMS`` or the
    default file), or an open ``store`` to share (tests).  What people do: :meth:`create`, :meth:`join`,
    :meth:`resume`, :meth:`send`, :meth:`rematch`, :meth:`leave`.  What the page shows: :attr:`status`,
    :attr:`message`, :meth:`turn_text`, :meth:`link`, :meth:`qr_svg`, :meth:`saved_text` (for the browser).
    """

    def __init__(self, url: str | None = None, *, store: Any = None) -> None:
        self.url = url
        self._store = store
        self._owns_store = store is None
        self.client: Any = None
        """The :class:`aton.rooms.RoomClient` of this page, once in a room."""
        self.status: Any = None
        """The last :class:`aton.rooms.RoomStatus` (``None`` before a room)."""
        self.message: Text | None = None
        self.alert = False
        self.game_no = 0
        """Counts the games this page saw in its room (a rematch starts the next one)."""
        self._lock = threading.RLock()
        self._steps: tuple[int, list[Step]] | None = None
        self._outage: Text | None = None
        """The message of a store failure the follower met (cleared as soon as the store answers again)."""
        self._quiet_until = 0.0
        """After a store outage, until then (``time.monotonic``) a seat that reads away is not said to have left:
        nobody could tell the store they were there."""
        self._said_left = False
        self._awaited: str | None = None
        """The new holder of the other seat (handed on by the teacher), said to join when their page comes."""
        self._noted: Any = None
        self.kept_link = ""
        """After "Keep my seat": the link that takes the seat back (it holds the seat's key)."""
        self.seat_lost = False
        """Whether this page's key stopped being its seat's (the teacher gave the seat away or freed it)."""

    # ================================================================ the store
    @property
    def store(self) -> Any:
        """The room store, opened on first use (a failure to open is a :class:`aton.rooms.StoreError`)."""
        if self._store is None:
            from ... import rooms

            self._store = rooms.open_store(self.url or rooms.default_url())
        return self._store

    @property
    def code(self) -> str | None:
        """The room's code, once in a room."""
        return None if self.client is None else str(self.client.code)

    @property
    def seat(self) -> Player | None:
        """This page's seat (``None`` for a spectator or before a room)."""
        return None if self.client is None else self.client.seat

    @property
    def spectating(self) -> bool:
        """Whether this page watches a room without a seat."""
        return self.client is not None and self.client.seat is None

    # ================================================================ entering a room
    def create(self, nickname: str = "", seat: Player = RED, *, key: str | None = None) -> bool:
        """Open a new room and sit at ``seat``; the message gives the code to pass on.  ``key``: the seat key the
        browser made (``None``: the store draws one)."""
        from ...rooms import RoomClient

        def enter() -> None:
            self._enter(RoomClient.create(self.store, seat, nickname=nickname.strip() or None, token=key))
            code = self.code
            self._say(lambda lang: say("friend.created", lang, code=code))

        return self._try(enter)

    def join(self, code_or_link: str, nickname: str = "", *, key: str | None = None) -> bool:
        """Take the free seat of the room in a typed code or a link; a full room is watched instead.  ``key``: the
        seat key the browser made (``None``: the store draws one)."""
        from ...rooms import RoomClient, RoomFull

        def enter() -> None:
            try:
                self._enter(RoomClient.join(self.store, code_or_link, nickname=nickname.strip() or None, token=key))
            except RoomFull:
                self._enter(RoomClient.spectate(self.store, code_or_link))
                code = self.code
                self._say(lambda lang: say("friend.full", lang, code=code))
                return
            code, seat = self.code, self.seat
            assert seat is not None
            self._say(lambda lang: say("friend.seated", lang, code=code, seat=player_word(seat.label, lang)))

        return self._try(enter)

    def watch(self, code_or_link: str) -> bool:
        """Watch a room without a seat."""
        from ...rooms import RoomClient

        def enter() -> None:
            self._enter(RoomClient.spectate(self.store, code_or_link))
            code = self.code
            self._say(lambda lang: say("friend.watching", lang, code=code))

        return self._try(enter)

    def resume(self, saved: str) -> bool:
        """Come back to the seat kept in the browser (:meth:`saved_text`); a bad key is refused and forgotten."""
        from ...rooms import RoomClient

        try:
            data = json.loads(saved) if isinstance(saved, str) and len(saved) <= MAX_SAVED else None
        except ValueError:
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("code"), str):
            return False

        def enter() -> None:
            token = data.get("token")
            if token is None:
                self._enter(RoomClient.spectate(self.store, data["code"]))
                code = self.code
                self._say(lambda lang: say("friend.watching", lang, code=code))
                return
            self._enter(RoomClient.resume(self.store, data))
            code, seat = self.code, self.seat
            assert seat is not None
            self._say(lambda lang: say("friend.resumed", lang, code=code, seat=player_word(seat.label, lang)))

        return self._try(enter)

    @staticmethod
    def pending_record(text: object) -> dict[str, str] | None:
        """What the browser keeps (as pending) of a press of "Create a room" or "Join": the seat key it made, the
        button (``pressed``: ``"create"`` or ``"join"``), the code and nickname typed; ``None`` if that is not it.

        >>> FriendFlow.pending_record('{"key": "' + "k" * 24 + '", "pressed": "join", "code": "KTX-HMA"}')["code"]
        'KTX-HMA'
        >>> FriendFlow.pending_record('{"key": "short", "pressed": "join"}') is None
        True
        """
        from ...rooms.keys import well_formed

        try:
            raw = json.loads(text) if isinstance(text, str) and len(text) <= 400 else None
        except ValueError:
            return None
        if not isinstance(raw, dict) or not well_formed(raw.get("key")) or raw.get("pressed") not in ("create", "join"):
            return None
        return {name: str(raw.get(name) or "")[:100] for name in ("key", "pressed", "code", "nickname")}

    def pending_seat(self, key: object) -> str | None:
        """The seat a key the browser made holds, as :meth:`saved_text` would keep it, or ``None`` when no room
        knows the key (its page was reloaded before the store took it: the browser forgets it).

        A store that cannot answer raises its :class:`aton.rooms.RoomError` (the key is kept for later)."""
        found = self.store.seat_by_key(key)
        if found is None:
            return None
        return json.dumps({"code": found[0], "token": key}, separators=(",", ":"))

    def _enter(self, client: Any) -> None:
        with self._lock:
            self.client = client
            self.status = client.status()
            self.game_no = 1
            self._steps = None

    def saved_text(self) -> str:
        """What the browser keeps to come back to this seat (``""`` when there is nothing to keep)."""
        if self.client is None:
            return ""
        return json.dumps(self.client.saved(), separators=(",", ":"))

    def link(self, base_url: str) -> str:
        """The link that opens this room (never the seat key)."""
        return str(self.client.link(base_url)) if self.client is not None else ""

    def qr_svg(self, base_url: str) -> str:
        """The link as an SVG QR code, for a tablet to scan."""
        return str(self.client.qr_svg(base_url)) if self.client is not None else ""

    # ================================================================ playing
    def send(self, action: Action) -> bool:
        """Send this page's move to the store, at the version the page shows; whether it landed.

        On a refusal the page's status is read again (a stale move shows the game as it is now) and the
        message says the move was not played, and why.
        """
        from ...rooms import BadToken, RoomError, StaleMove

        client = self.client
        if client is None or client.token is None:
            self._say(lambda lang: say("friend.not_seated", lang), alert=True)
            return False
        with self._lock:
            before = self.status
            try:
                self.status = client.play(action)
            except StaleMove as error:
                self._refresh()
                elsewhere = self._elsewhere(before, self.status, refused=True, action=action)  # another tab was first
                why = _refusal(error)
                self._say(elsewhere or (lambda lang: say("friend.not_played", lang, reason=why(lang))), alert=True)
                return False
            except (RoomError, IllegalAction) as error:
                if isinstance(error, BadToken) and error.code == "seat_lost":
                    code = self.code
                    self.lose_seat()
                    self._say(
                        lambda lang: say("friend.not_played", lang, reason=say("friend.seat_lost", lang, code=code)),
                        alert=True,
                    )
                    return False
                self._refresh()
                elsewhere, why = self._elsewhere(before, self.status, refused=True, action=action), _refusal(error)
                self._say(elsewhere or (lambda lang: say("friend.not_played", lang, reason=why(lang))), alert=True)
                return False
            self._say(None)
            return True

    def _elsewhere(
        self, before: Any, after: Any, *, refused: bool = False, action: Action | None = None
    ) -> Text | None:
        """What this seat played between two statuses of one game that this page did not: another page holding
        the same seat (another tab, another device) played it.  In words (``refused``: as the reason this page's
        own ``action`` was not played), or ``None``."""
        if after is None or self.seat is None:
            return None
        seat = self.seat
        if isinstance(action, Assign) and action.player is seat and after.view.has_assigned(seat):
            return functools.partial(_lang_text, "friend.elsewhere_cards_refused")  # this page's own cards never landed
        if before is None or _new_game(before, after):
            return None
        mine = [action for action in after.view.actions if action.player is seat]
        new = mine[sum(1 for action in before.view.actions if action.player is seat) :]
        if not new:
            return None
        key = "friend.elsewhere_cards" if any(isinstance(action, Assign) for action in new) else "friend.elsewhere"
        return functools.partial(_lang_text, key + "_refused" * refused)

    def rematch(self) -> bool:
        """Ask for a new game in the same room (it starts when the opponent asks too)."""

        def ask() -> None:
            self.status = self.client.rematch()

        return self.client is not None and self.client.token is not None and self._try(ask)

    def leave_choices(self) -> tuple[str, ...]:
        """What "Leave the room" offers now: ``"end"`` (the game, the opponent winning by forfeit: only while
        it is played), ``"keep"`` (the seat, with a link to come back by) and ``"stay"``; a spectator, who has
        nothing to keep, leaves at once (``()``)."""
        status = self.status
        if self.client is None or self.client.token is None or status is None:
            return ()
        if status.state == "playing":
            return ("end", "keep", "stay")
        if status.state in ("waiting", "over"):
            return ("keep", "stay")
        return ()

    def end_game(self) -> bool:
        """End the game in progress: the opponent wins by forfeit (so recorded); then leave the room.

        On a refusal (the game ended meanwhile, the store is out) the page stays in the room and says why."""
        client = self.client
        if client is None or client.token is None:
            return False

        def end() -> None:
            self.status = client.forfeit()

        if not self._try(end):
            self._refresh()
            return False
        name = self.status.opponent or "?"
        code = self.code
        self.leave()
        self._say(lambda lang: say("friend.ended", lang, code=code, name=name))
        return True

    def keep_seat(self, base_url: str) -> str:
        """Leave the room keeping the seat: the link that takes it back (``#seat=KEY``), on any device or server.

        The seat reads away until a page comes back with the key; the page shows the link (``""``: no seat)."""
        client = self.client
        if client is None or client.token is None:
            return ""
        link = str(client.seat_link(base_url or "/"))  # without the page's address: from the server's root
        code = self.code
        self.leave()
        self.kept_link = link
        self._say(lambda lang: say("friend.kept", lang, code=code))
        return link

    def leave(self) -> None:
        """Leave the room on this page (the seat stays in the room, away; the page decides what the browser keeps)."""
        self.away()
        with self._lock:
            self.client = None
            self.status = None
            self._steps = None
            self.kept_link = ""
            self._say(None)

    def lose_seat(self) -> bool:
        """The store says this page's key is no longer its seat's (the teacher gave the seat away or freed it):
        the page watches the room instead, and says so.  Whether it could (the room is still there)."""
        from ...rooms import RoomClient, RoomError

        client = self.client
        if client is None:
            return False
        code = str(client.code)
        with self._lock:
            try:
                self.client = RoomClient.spectate(self.store, code)
                self.status = self.client.status()
            except RoomError:
                self.client, self.status = None, None
            self._steps = None
            self.seat_lost = True
            self._say(lambda lang: say("friend.seat_lost", lang, code=code), alert=True)
        return self.client is not None

    def away(self) -> None:
        """Tell the room this page is gone, so the opponent and the class page read "away" at once.

        Called when the page leaves the room and when its kernel stops (the page was closed or reloaded).
        It takes no lock (the kernel may be stopping while the follower waits) and never raises.
        """
        client = self.client
        if client is None or self._store is None:
            return
        with contextlib.suppress(Exception):
            client.away()

    def _refresh(self) -> None:
        from ...rooms import RoomError

        with contextlib.suppress(RoomError):
            self.status = self.client.status()

    # ================================================================ following
    def poll(self, timeout: float = 0.5) -> Any:
        """Wait up to ``timeout`` seconds for a change of the room; the new status when the page must redraw.

        The wait holds no lock, so this page's own move is never held up by it.  A store failure becomes
        the message (and a status the page redraws with).
        """
        from ...rooms import RoomError

        client, last = self.client, self.status
        if client is None:
            time.sleep(timeout)
            return None
        try:
            if last is not None and last.state in ("waiting", "playing", "over"):
                self.store.wait_for_change(client.code, last.version, timeout)
            with self._lock:
                if self.client is not client:
                    return None
                status = client.poll(timeout=0.0)
                elsewhere = self._elsewhere(self.status, status)  # this page's own moves are in its status already
                if elsewhere is not None:
                    self._say(elsewhere, alert=True)
                if status is not None:
                    if last is not None and status.version > last.version and _new_game(last, status):
                        self.game_no += 1
                        self._steps = None
                    self.status = status
                if self._outage is not None:  # the store answers again: its error goes at once
                    if self.message is self._outage:
                        self._say(None)
                    self._outage = None
                    self._quiet_until = time.monotonic() + QUIET_SECONDS
                    return status if status is not None else self.status
                return status
        except RoomError as error:
            if getattr(error, "code", None) == "seat_lost":
                self.lose_seat()
                return self.status
            self._outage = _refusal(error)
            self._say(self._outage, alert=True)
            return self.status

    def steps(self) -> list[Step]:
        """The steps of the room's game as this page may see them (cached per version)."""
        client, status = self.client, self.status
        if client is None or status is None:
            return []
        cached = self._steps
        if cached is not None and cached[0] == status.version:
            return cached[1]
        steps: list[Step] = self.store.steps(client.code, client.token)
        self._steps = (status.version, steps)
        return steps

    # ================================================================ words
    def turn_text(self, lang: str, touch: bool = False) -> str:
        """Whose turn it is, who the opponent is, and whether they are there (``touch``: the person points with a
        finger, so the words say "tap" where a mouse would "click")."""
        status = self.status
        if status is None:
            return ""
        opponent = status.opponent or "?"
        if status.spectating:
            return say("friend.spectator", lang, code=status.code)
        if status.state == "waiting":
            return say("friend.waiting", lang, code=status.code)
        if status.state in ("closed", "abandoned"):
            return say("friend.closed", lang, code=status.code)
        if status.state == "over":
            if status.forfeit is not None and not (status.opponent_wants_rematch or status.rematch_asked):
                mine = status.forfeit is status.seat
                return say("friend.forfeit_mine" if mine else "friend.forfeit_theirs", lang, name=opponent)
            if status.opponent_wants_rematch and not status.rematch_asked:
                device = ".touch" if touch else ""
                return say(f"friend.rematch_offered{device}", lang, name=opponent)
            if status.rematch_asked:
                return say("friend.rematch_waiting", lang, name=opponent)
            return say("friend.over", lang)
        if status.opponent is None:  # the teacher freed the other seat: whoever joins plays on
            return " ".join([say("friend.your_turn", lang)] * status.my_turn + [say("friend.seat_free", lang)])
        parts = [say("friend.your_turn" if status.my_turn else "friend.their_turn", lang, name=opponent)]
        if not status.opponent_present and self._awaited == status.opponent:  # handed on, not come yet
            parts.append(say("friend.handed", lang, name=opponent))
        elif not status.opponent_present and not self.quiet:
            parts.append(say("friend.away", lang, name=opponent))
        return " ".join(parts)

    @property
    def quiet(self) -> bool:
        """Whether the store was out a moment ago: a seat that reads away may only have been unable to say so."""
        return self._outage is not None or time.monotonic() < self._quiet_until

    def note_event(self, status: Any) -> None:
        """Say what changed for the opponent (joined, left, came back, their seat handed to someone).

        Nobody is said to have left because the store was out, nor to have come back without having been
        said to leave.
        """
        if status is self._noted:  # the same status again (a store failure re-delivers the last): said already
            return
        self._noted = status
        name = status.opponent or "?"
        event = status.event
        if event == "left" and self.quiet:
            return
        if event == "handed":  # a new holder of the other seat: said to join when their page comes
            self._awaited = name
            self._said_left = False
            self._say(functools.partial(_event_text, "friend.handed", name))
            return
        if event == "came_back" and self._awaited == name:
            event = "joined"
        elif event == "came_back" and not self._said_left:
            return
        if event in ("joined", "left", "came_back"):
            self._said_left = event == "left"
            self._awaited = None
            self._say(functools.partial(_event_text, f"friend.{event}", name))

    def _say(self, text: Text | None, *, alert: bool = False) -> None:
        self.message = text
        self.alert = alert

    def _try(self, function: Callable[[], None]) -> bool:
        """Run a call to the store; a refusal becomes the message and ``False``."""
        from ...rooms import RoomError

        try:
            with self._lock:
                function()
            return True
        except (RoomError, ValueError) as error:
            self._say(_refusal(error), alert=True)
            return False

    def close(self) -> None:
        """Leave, and close the store if this flow opened it."""
        self.leave()
        if self._owns_store and self._store is not None:
            self._store.dispose()
            self._store = None


def _lang_text(key: str, lang: str) -> str:
    return say(key, lang)


def _event_text(key: str, name: str, lang: str) -> str:
    return say(key, lang, name=name)


def _new_game(before: Any, after: Any) -> bool:
    """Whether ``after`` shows a new game of the room (a rematch) rather than more of the same."""
    return len(after.view.events) < len(before.view.events) or (before.state == "over" and after.state == "playing")


class Follower:
    """Follows a :class:`FriendFlow`'s room in a thread; each change goes to ``deliver`` on the page's thread.

    ``Follower(flow, deliver, schedule=None, interval=0.5)``: ``schedule(function)`` runs ``function``
    on the page's thread (the kernel's event loop); without it ``deliver`` is called from the thread.
    """

    def __init__(
        self,
        flow: FriendFlow,
        deliver: Callable[[Any], None],
        schedule: Callable[[Callable[[], None]], None] | None = None,
        interval: float = 0.5,
    ) -> None:
        self.flow = flow
        self.deliver = deliver
        self.schedule = schedule
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="aton-room-follower", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                status = self.flow.poll(self.interval)
            except Exception:  # never let the follower die: the next poll tries again
                time.sleep(self.interval)
                continue
            if status is None or self._stop.is_set():
                continue
            if self.schedule is None:
                self.deliver(status)
            else:
                self.schedule(functools.partial(self.deliver, status))

    def stop(self) -> None:
        """Stop following (the thread ends after its current wait)."""
        self._stop.set()
