"""What ties "Play a friend" together on a page: the panel's fields, the room's flow, its follower, the controller.

:class:`FriendPage` holds no widget of its own and decides nothing: the panel
(:class:`~aton.apps.dashboard.friend_panel.FriendPanel`) forwards what people do, the room's flow
(:class:`~aton.apps.dashboard.friend.FriendFlow`) talks to the store, and the dashboard's controller
shows the seat's view and sends the moves.
"""

from __future__ import annotations

import atexit
import functools
import json
import weakref
from collections.abc import Callable
from typing import Any

from .controller import DashboardController
from .friend import Follower, FriendFlow
from .friend_panel import FriendPanel
from .text import say

__all__ = ["FriendPage"]


def _away_at_exit(room: weakref.ref[FriendFlow]) -> None:
    """At the kernel's exit: the seat of this page's room reads "away" (nothing if the page was closed)."""
    flow = room()
    if flow is not None:
        flow.away()


class FriendPage:
    """``FriendPage(controller, panel, schedule=None, show_form=None, url=None, show_play=None)``.

    ``schedule`` runs a function on the page's thread (the kernel's event loop), where the follower's
    news is applied; ``show_form()`` brings the "Play a friend" fields up (a link named a room, a room
    waiting for the opponent), ``show_play()`` the game (the opponent came in).
    """

    def __init__(
        self,
        controller: DashboardController,
        panel: FriendPanel,
        schedule: Callable[[Callable[[], None]], None] | None = None,
        show_form: Callable[[], None] | None = None,
        url: str | None = None,
        show_play: Callable[[], None] | None = None,
    ) -> None:
        self.controller = controller
        self.panel = panel
        self.schedule = schedule
        self.show_form = show_form
        self.show_play = show_play
        self.room = FriendFlow(url)
        self.follower: Follower | None = None
        self.base_url = ""
        panel.on_create(lambda nickname: self._enter_keyed(lambda key: self.room.create(nickname, key=key)))
        panel.on_join(lambda code, nickname: self._enter_keyed(lambda key: self.room.join(code, nickname, key=key)))
        panel.on_rematch(self._rematch)
        panel.on_leave(self.ask_leave)
        panel.on_leave_choice(self.choose)
        panel.on_bridge(self._bridge)
        # A closed or reloaded page has its kernel shut down: the seat must read "away" at once, not when
        # its last touch grows old (weakly held, so a page closed earlier is not kept alive by this).
        atexit.register(_away_at_exit, weakref.ref(self.room))

    def _enter_keyed(self, attempt: Callable[[str | None], bool]) -> bool:
        """Create or join with the seat key the browser made as the button was pressed (kept there as pending);
        whatever comes of it, the browser then stops keeping that key as pending."""
        key = self.panel.take_key()
        entered = self._enter(lambda: attempt(key), settled=key or "")
        if not entered and key:
            self.panel.settle(key)
        return entered

    def _enter(self, attempt: Callable[[], bool], settled: str = "") -> bool:
        try:
            entered = attempt()
        except Exception as error:  # never a traceback in the page
            self.controller.report(error)
            return False
        if not entered:
            self.controller.tell(self.room.message, alert=True)
            return False
        self.controller.enter_room(self.room)
        status = self.room.status
        if status is not None and status.state == "waiting" and self.show_form is not None:
            self.show_form()  # the code, the link and the QR code to give the opponent
        self.panel.keep(self.room.saved_text() if self.room.seat is not None else "", settled=settled)
        self.panel.address(self.room.code if self.room.spectating else None)  # a reload watches the room again
        if self.follower is None:
            self.follower = Follower(self.room, self._deliver, self.schedule)
        return True

    def _deliver(self, status: Any) -> None:
        try:
            if self.room.seat_lost:  # the teacher gave this seat away: the browser forgets its key, the page watches
                self.room.seat_lost = False
                self.panel.keep("")
                self.panel.address(self.room.code)
                self.panel.ask_leave(())
                self.controller.enter_room(self.room)
                self.controller.tell(self.room.message, alert=True)
                return
            self.controller.room_changed(status)
            if status.event == "joined" and self.show_play is not None:
                self.show_play()  # the opponent came in: the game starts
        except Exception as error:
            self.controller.report(error)

    def _bridge(self, facts: dict[str, str]) -> None:
        """What the browser holds: come back to the saved seat, or offer to join the room of the link."""
        from ...rooms import shareable_base

        # the link and QR code given to the opponent: "localhost" opens nothing on their machine
        self.base_url = shareable_base(facts["base"]) if facts["base"] else ""
        room, saved = facts["room"], facts["saved"]
        if self.room.client is not None:
            return
        if room and facts.get("seat"):  # a seat's link: its key takes the seat, here and from now on
            self.panel.forget_seat_link()
            taken = json.dumps({"code": room, "token": facts["seat"]}, separators=(",", ":"))
            if not self._enter(lambda: self.room.resume(taken)):
                why = self.room.message
                self.controller.tell(
                    (lambda lang: say("friend.seat_link_bad", lang, reason=why(lang))) if why else None, alert=True
                )
                self.panel.code.value = room
                if self.show_form is not None:
                    self.show_form()
            return
        if facts.get("pending") and self._pending(facts["pending"]):
            return
        try:
            saved_code = json.loads(saved).get("code") if saved else None
        except (ValueError, AttributeError):
            saved_code = None
        if saved and (not room or saved_code == room):
            if not self._enter(lambda: self.room.resume(saved)):
                self.panel.keep("")  # a key the store refuses is forgotten
            return
        if room and facts.get("watch") == "1":  # a spectator's reload: the room of the address, watched
            if not self._enter(lambda: self.room.watch(room)):
                self.panel.address(None)
            return
        if room:
            self.panel.code.value = room
            if self.show_form is not None:
                self.show_form()

    def _pending(self, text: str) -> bool:
        """A press of "Create a room" or "Join" the browser kept (its seat key) before a reload: the seat the key
        holds is taken again.  If no room knows the key, the press did not reach the store (the page went first,
        and its kernel with it): it is made now, with the same key.  Whether a room was entered."""
        record = self.room.pending_record(text)
        if record is None:  # not a press this page knows: forgotten
            self.panel.settle(text)
            return False
        key, nickname = record["key"], record["nickname"]
        if record["pressed"] == "create":
            ask = functools.partial(self.room.create, nickname, key=key)
        else:
            ask = functools.partial(self.room.join, record["code"], nickname, key=key)
        try:
            taken = self.room.pending_seat(key)
            if taken is None:
                entered = self._enter(ask, settled=key)
                if entered and self.room.seat is not None:
                    return True
                taken = self.room.pending_seat(key)  # the page's earlier kernel took the seat meanwhile
                if taken is None:  # a full room watched, or the refusal said: the press is over
                    self.panel.settle(key)
                    return entered
        except Exception as error:  # the store cannot say now: the press stays kept, for the next reload
            self.controller.report(error)
            return True
        if not self._enter(lambda: self.room.resume(taken), settled=key):
            self.panel.settle(key)
            return False
        return True

    def _rematch(self) -> None:
        if self.room.rematch() and self.room.status is not None:
            self.controller.room_changed(self.room.status)
        else:
            self.controller.tell(self.room.message, alert=True)

    def ask_leave(self) -> None:
        """ "Leave the room": ask what becomes of the seat (a spectator, with no seat, leaves at once)."""
        choices = self.room.leave_choices()
        if not choices:
            self.leave()
            return
        self.panel.ask_leave(choices, focus=True)
        self.controller.tell(None)

    def choose(self, choice: str) -> None:
        """The answer to "Leave the room": ``"end"`` the game (a forfeit), ``"keep"`` the seat, or ``"stay"``."""
        self.panel.ask_leave((), focus=choice == "stay")  # staying: the keyboard is back on "Leave the room"
        self.controller.tell(None)  # the question goes at once, whatever comes of the answer
        try:
            if choice == "end":
                if self.room.end_game():
                    self._left(forget=True)
                else:
                    self.controller.tell(self.room.message, alert=True)
            elif choice == "keep":
                self.room.keep_seat(self.base_url)
                self._left(forget=False)  # the browser keeps the key too: this page takes the seat again
            else:
                self.controller.tell(None)
        except Exception as error:  # never a traceback in the page
            self.controller.report(error)

    def _left(self, *, forget: bool) -> None:
        """The room was left: the page plays against a bot again and says what became of the seat."""
        said = self.room.message
        self.stop()
        if forget:
            self.panel.keep("")
        self.panel.address(None)
        self.controller.room = None
        self.controller.new_game(mode="bot")
        self.controller.tell(said)
        if self.show_form is not None:
            self.show_form()  # what became of the seat, and the link of a seat kept

    def leave(self) -> None:
        """Leave the room on this page: the browser forgets the key, the page plays against a bot again."""
        self.stop()
        self.room.leave()
        self.panel.keep("")
        self.panel.address(None)
        self.panel.ask_leave(())
        self.controller.room = None
        self.controller.new_game(mode="bot")

    def render(self, lang: str) -> None:
        """Show the room (code, link, QR code, whose turn) in ``lang``."""
        self.panel.render(self.room, lang, self.base_url, self.controller.touch)

    def stop(self) -> None:
        """Stop following the room."""
        if self.follower is not None:
            self.follower.stop()
            self.follower = None

    def close(self) -> None:
        """Stop following and close the store."""
        self.stop()
        self.room.close()
