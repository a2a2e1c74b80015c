"""The dashboard's "Play a friend" fields (CSS class ``aton-friend``), and the page's link to the browser's storage.

:class:`FriendPanel` only holds the fields and forwards what people do to callbacks; the room's flow
(:class:`~aton.apps.dashboard.friend.FriendFlow`) and the dashboard's controller decide.

The seat key stays in the browser's ``localStorage`` (so a reload, a closed tab or the same browser
later takes the seat again), and so does the key of the page's own game against a bot or between two
people (:mod:`~aton.apps.dashboard.resume`, continued after a reload); the page's address may name a
room (``?room=CODE``).  Voila 0.5.13
runs the scripts of HTML and JavaScript outputs, also those an ``Output`` widget shows later
(measured), while a preheated kernel runs the notebook before the page is asked for, so
``QUERY_STRING`` is empty there.  So a small script reads ``location`` and ``localStorage`` in the
page and types them, as JSON, into a hidden text field (``aton-friend-bridge``), which the kernel
observes; a key to keep is written back by a one-line script in another output.  The same script asks
before the page is left in the middle of a game (``beforeunload``, while the status line says
``data-in-game="true"``).

>>> panel = FriendPanel()
>>> panel.bridge.layout.display
'none'
>>> panel.read_bridge('{"query": "?room=abc-def&lang=fr", "saved": null, "base": "http://h:8866/"}')
{'room': 'ABCDEF', 'saved': '', 'base': 'http://h:8866/'}
>>> panel.read_bridge('{"query": "", "saved": null, "base": "http://h:8866/", "game": "k2Yx"}')["game"]
'k2Yx'
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ...widgets.bridge import key_maker, script_outputs
from .friend import PENDING_KEY, SAVED_KEY, FriendFlow
from .resume import GAME_KEY, bridge_reader
from .text import say

__all__ = ["FriendPanel"]

_READER = bridge_reader(
    "aton-friend-bridge",
    {"saved": SAVED_KEY, "game": GAME_KEY, "pending": PENDING_KEY},
    page_facts="{query: location.search, base: location.origin + location.pathname, hash: location.hash}",
)
"""Tells the kernel the page's address and what this browser keeps: its room, and its game in the store."""
_KEY_MAKER = key_maker(
    {"create": ".aton-friend-create", "join": ".aton-friend-join"},
    "aton-friend-key",
    PENDING_KEY,
    {"code": ".aton-friend-code input", "nickname": ".aton-friend-nickname input"},
)
"""Makes the seat key in the browser as "Create a room" or "Join" is pressed, kept there (pending) first, with the
button pressed and the code and nickname typed: a reload before the seat is kept can find it, or ask for it."""


_LABEL = {"description_width": "initial"}


def _field() -> widgets.Layout:
    """The nickname's and code's fields: their whole label, and their placeholder beside it, on a phone (390 px)."""
    return widgets.Layout(width="24em", max_width="100%")


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css)
    return box


def _button(css: str, style: str = "") -> widgets.Button:
    button = widgets.Button(button_style=style, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


class FriendPanel(widgets.VBox):  # type: ignore[misc]
    """Nickname, create a room, join one by code or link; the room's code, link and QR code; rematch, leave.

    ``FriendPanel(available=True)``: without rooms (the static site) it only says that playing a friend
    needs the server.  Callbacks: :meth:`on_create` ``(nickname)``, :meth:`on_join` ``(code, nickname)``,
    :meth:`on_rematch`, :meth:`on_leave`, :meth:`on_bridge` ``(facts)`` with what the browser holds
    (:meth:`read_bridge`).  CSS classes: ``aton-friend-nickname``, ``aton-friend-create``,
    ``aton-friend-code``, ``aton-friend-join``, ``aton-friend-room``, ``aton-friend-link``,
    ``aton-friend-qr``, ``aton-friend-turn``, ``aton-friend-rematch``, ``aton-friend-leave``,
    ``aton-friend-server-only``, ``aton-friend-bridge``.
    """

    def __init__(self, available: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-friend")
        self.available = available
        self.help = _html("aton-friend-help")
        # each value goes once, as the field is left (keystrokes one by one wait behind each other: a button
        # pressed at once would find only the first letters)
        self.nickname = widgets.Text(continuous_update=False, layout=_field(), style=_LABEL)
        self.nickname.add_class("aton-friend-nickname")
        self.create_button = _button("aton-friend-create", "success")
        self.code = widgets.Text(continuous_update=False, layout=_field(), style=_LABEL)
        self.code.add_class("aton-friend-code")
        self.join_button = _button("aton-friend-join", "primary")
        self.entry = widgets.VBox([self.help, self.nickname, self.create_button, self.code, self.join_button])
        self.room = _html("aton-friend-room")
        self.turn = _html("aton-friend-turn")
        self.rematch_button = _button("aton-friend-rematch", "success")
        self.leave_button = _button("aton-friend-leave")
        self.leave_ask = _html("aton-friend-leave-ask")
        self.end_button = _button("aton-friend-end", "danger")
        self.keep_button = _button("aton-friend-keep", "primary")
        self.stay_button = _button("aton-friend-stay")
        self.leave_box = widgets.VBox(
            [
                self.leave_ask,
                widgets.HBox(
                    [self.end_button, self.keep_button, self.stay_button], layout=widgets.Layout(flex_flow="row wrap")
                ),
            ],
            layout=widgets.Layout(display="none"),
        )
        self.leave_box.add_class("aton-friend-leave-box")
        self.in_room = widgets.VBox(
            [self.room, self.turn, widgets.HBox([self.rematch_button, self.leave_button]), self.leave_box]
        )
        self.kept = _html("aton-friend-kept")
        self.entry.children = (self.kept, *self.entry.children)
        self.choices: tuple[str, ...] = ()
        self._focus: widgets.Button | None = None
        """The choices "Leave the room" asks about now (``()``: not asking)."""
        self.server_only = _html("aton-friend-server-only")
        self.bridge = widgets.Text(layout=widgets.Layout(display="none"))
        self.bridge.add_class("aton-friend-bridge")
        self.key_field = widgets.Text(layout=widgets.Layout(display="none"))
        self.key_field.add_class("aton-friend-key")
        self._chosen = ""
        self.reader = widgets.Output(layout=widgets.Layout(display="none"))
        self.keeper = widgets.Output(layout=widgets.Layout(display="none"))
        self.addresser = widgets.Output(layout=widgets.Layout(display="none"))
        self._address: str | None = None
        self._kept: dict[str, str] = {}
        self._writes = 0
        if available:
            self.reader.outputs = script_outputs(_READER + "\n" + _KEY_MAKER)
            self.children = [
                *(self.entry, self.in_room, self.bridge, self.key_field, self.reader, self.keeper, self.addresser)
            ]
        else:
            self.children = [self.server_only]
        self.in_room.layout.display = "none"
        self._create: list[Callable[[str], object]] = []
        self._join: list[Callable[[str, str], object]] = []
        self._rematch: list[Callable[[], None]] = []
        self._leave: list[Callable[[], None]] = []
        self._choice: list[Callable[[str], None]] = []
        self._bridge: list[Callable[[dict[str, str]], None]] = []
        self.create_button.on_click(lambda _b: [f(str(self.nickname.value)) for f in list(self._create)])
        self.join_button.on_click(
            lambda _b: [f(str(self.code.value), str(self.nickname.value)) for f in list(self._join)]
        )
        self.rematch_button.on_click(lambda _b: [f() for f in list(self._rematch)])
        self.leave_button.on_click(lambda _b: [f() for f in list(self._leave)])
        for choice, button in (("end", self.end_button), ("keep", self.keep_button), ("stay", self.stay_button)):
            button.on_click(lambda _b, choice=choice: [f(choice) for f in list(self._choice)])
        self.bridge.observe(self._on_bridge, names="value")
        self.key_field.observe(lambda change: setattr(self, "_chosen", str(change["new"])[:400]), names="value")

    # ================================================================ callbacks
    def on_create(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(nickname)`` when "Create a room" is clicked."""
        self._create.append(callback)

    def on_join(self, callback: Callable[[str, str], object]) -> None:
        """Call ``callback(code_or_link, nickname)`` when "Join the room" is clicked."""
        self._join.append(callback)

    def on_rematch(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when "Rematch" is clicked."""
        self._rematch.append(callback)

    def on_leave(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when "Leave the room" is clicked."""
        self._leave.append(callback)

    def on_leave_choice(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(choice)`` when a choice of "Leave the room" is clicked: ``"end"``, ``"keep"``, ``"stay"``."""
        self._choice.append(callback)

    def ask_leave(self, choices: tuple[str, ...], *, focus: bool = False) -> None:
        """Ask what becomes of the seat (``choices`` of :meth:`FriendFlow.leave_choices`); ``()`` stops asking.

        The question shows at the next :meth:`render`, with its words.  ``focus``: the keyboard's focus then goes
        to "Stay" (the question's harmless answer) or, when asking stops, back to "Leave the room", instead of being
        lost with the button that was pressed and hidden."""
        self.choices = choices
        self._focus = (self.stay_button if choices else self.leave_button) if focus else None

    def on_bridge(self, callback: Callable[[dict[str, str]], None]) -> None:
        """Call ``callback(facts)`` once the browser said what it holds (:meth:`read_bridge`)."""
        self._bridge.append(callback)

    def take_key(self) -> str | None:
        """The seat key the browser made as "Create a room" or "Join" was pressed (kept there as pending), once:
        ``None`` when it made none (the store draws one; the browser learns it after the join)."""
        record, self._chosen = FriendFlow.pending_record(self._chosen), ""
        return None if record is None else record["key"]

    @staticmethod
    def read_bridge(text: str) -> dict[str, str] | None:
        """What the browser typed into the hidden field: the room of the address, the saved seat, the base link
        and (when it sent one) the key of the page's own game kept for a reload.

        Anything else than that small JSON object is ignored (``None``).
        """
        from ...rooms import RoomError, normalize_code

        if not isinstance(text, str) or len(text) > 2000:
            return None
        try:
            raw = json.loads(text)
        except ValueError:
            return None
        if not isinstance(raw, dict):
            return None
        from ...rooms import seat_key

        query, saved, base, game = raw.get("query"), raw.get("saved"), raw.get("base"), raw.get("game")
        params = urllib.parse.parse_qs(query.lstrip("?")) if isinstance(query, str) else {}
        rooms = params.get("room", [])
        try:
            room = normalize_code(rooms[0]) if rooms else ""
        except (RoomError, ValueError):  # not a code: nothing to join
            room = ""
        facts = {
            "room": room,
            "saved": saved if isinstance(saved, str) else "",
            "base": base if isinstance(base, str) and base.startswith(("http://", "https://")) else "",
        }
        if room and params.get("watch") == ["1"]:  # a spectator's address: the room is watched again
            facts["watch"] = "1"
        key = seat_key(raw.get("hash"))
        if room and key is not None:  # a seat's link (#seat=KEY): the seat is taken back
            facts["seat"] = key
        pending = raw.get("pending")
        if isinstance(pending, str) and pending:  # a seat key chosen here, not yet known to have been taken
            facts["pending"] = pending[:400]
        if "game" in raw:  # the key of the page's own game, kept for a reload (the dashboard's reader sends it)
            facts["game"] = game if isinstance(game, str) and len(game) <= 100 else ""
        return facts

    def _on_bridge(self, change: Any) -> None:
        facts = self.read_bridge(str(change["new"]))
        if facts is not None:
            for callback in list(self._bridge):
                callback(facts)

    # ================================================================ drawing
    def keep(self, saved: str, key: str = SAVED_KEY, *, settled: str = "") -> None:
        """Keep ``saved`` in the browser's localStorage under ``key`` (a room's code and seat key by default;
        :data:`~aton.apps.dashboard.resume.GAME_KEY`: the key of the page's own game); ``""`` forgets it.

        ``settled``: a seat key the browser made (:meth:`take_key`) whose fate is known: in the same script,
        the browser stops keeping it as pending, if that is still the one it keeps (a later press made another)."""
        if not self.available or (self._kept.get(key) == saved and not settled):
            return
        self._kept[key] = saved
        self._write_kept(settled)

    def settle(self, pending: str) -> None:
        """The browser stops keeping the seat key ``pending`` as pending (no room knows it), if it still does."""
        if self.available and pending:
            self._write_kept(pending)

    def _write_kept(self, settled: str) -> None:
        self._writes += 1
        lines = []
        for name, value in sorted(self._kept.items()):  # every key at once: a later write never hides an earlier
            if value:
                lines.append(f"window.localStorage.setItem({json.dumps(name)}, {json.dumps(value)});")
            else:
                lines.append(f"window.localStorage.removeItem({json.dumps(name)});")
        if settled:  # after the seat's own line: a reload between the two still finds the seat
            pending = json.dumps(PENDING_KEY)
            lines.append(
                f"if ((window.localStorage.getItem({pending}) || '').indexOf({json.dumps(settled)}) >= 0)"
                f" {{ window.localStorage.removeItem({pending}); }}"
            )
        self.keeper.outputs = script_outputs(" ".join(lines) + f" // {self._writes}")

    def address(self, code: str | None) -> None:
        """Name the room a spectator watches in the page's address (``?room=CODE&watch=1``), so that a reload
        watches it again; ``None`` takes it out.  The other words of the address stay."""
        if not self.available or self._address == code:
            return
        self._address = code
        self._writes += 1
        room = json.dumps(code or "")
        self.addresser.outputs = script_outputs(
            "try { var u = new URL(window.location.href);"
            f" if ({room}) {{ u.searchParams.set('room', {room}); u.searchParams.set('watch', '1'); }}"
            " else { u.searchParams.delete('room'); u.searchParams.delete('watch'); }"
            " window.history.replaceState(window.history.state, '', u.toString()); } catch (error) {}"
            f" // {self._writes}"
        )

    def forget_seat_link(self) -> None:
        """Take a seat's key out of the page's address (``#seat=KEY``) once it was read: it is not shown, nor
        kept in the history, nor passed on with the address."""
        if not self.available:
            return
        self._writes += 1
        self.addresser.outputs = script_outputs(
            "try { if (window.location.hash.indexOf('seat=') >= 0) { var u = new URL(window.location.href);"
            " u.hash = ''; window.history.replaceState(window.history.state, '', u.toString()); } } catch (e) {}"
            f" // {self._writes}"
        )
        self._address = None

    def render(self, flow: FriendFlow, lang: str, base_url: str, touch: bool = False) -> None:
        """Show the room this page is in (or the fields to enter one, and the link of a seat kept); ``touch``:
        the words say "tap"."""
        if not self.available:
            return
        status = flow.status
        self.entry.layout.display = "none" if status is not None else ""
        self.in_room.layout.display = "" if status is not None else "none"
        if status is None:
            self.room.value = self.turn.value = ""
            self.kept.value = _kept_html(flow.kept_link, lang)
            return
        self.kept.value = ""
        choices = self.choices
        if choices:
            helps = [say("friend.leave_end_help", lang, name=status.opponent or "?")] if "end" in self.choices else []
            helps.append(say("friend.leave_keep_help", lang))
            self.leave_ask.value = (
                f"<p><strong>{escape(say('friend.leave_ask', lang, code=status.code))}</strong></p><ul>"
                + "".join(f"<li>{escape(line)}</li>" for line in helps)
                + "</ul>"
            )
        self.end_button.layout.display = "" if "end" in choices else "none"
        self.leave_button.layout.display = "none" if choices else ""
        self.leave_box.layout.display = "" if choices else "none"
        if self._focus is not None:  # after the buttons are shown: a hidden one cannot take the focus
            self._focus.focus()
            self._focus = None
        code = status.code
        parts = [f'<h2 class="aton-h4">{escape(say("friend.room", lang, code=code))}</h2>']
        if base_url:
            link = flow.link(base_url)
            if status.state == "waiting":  # the QR code only while the opponent has to come in
                parts.append(f"<p>{escape(say('friend.give', lang, code=code))}</p>")
            parts.append(f'<p class="aton-friend-link"><a href="{escape(link)}">{escape(link)}</a></p>')
            if status.state == "waiting":
                parts.append(f'<div class="aton-friend-qr">{flow.qr_svg(base_url)}</div>')
        self.room.value = "".join(parts)
        self.turn.value = f"<p>{escape(flow.turn_text(lang, touch))}</p>"
        self.rematch_button.layout.display = "" if status.state == "over" and not status.spectating else "none"

    def relabel(self, lang: str) -> None:
        """Every word of the panel in ``lang``."""
        self.help.value = f"<p>{escape(say('friend.help', lang))}</p>"
        self.nickname.description = say("friend.nickname", lang)
        self.nickname.placeholder = say("friend.nickname_placeholder", lang)
        self.create_button.description = say("friend.create", lang)
        self.code.description = say("friend.code", lang)
        self.code.placeholder = "KTX-HMA"
        self.join_button.description = say("friend.join", lang)
        self.rematch_button.description = say("friend.rematch", lang)
        self.leave_button.description = say("friend.leave", lang)
        self.end_button.description = say("friend.leave_end", lang)
        self.keep_button.description = say("friend.leave_keep", lang)
        self.stay_button.description = say("friend.leave_stay", lang)
        self.server_only.value = f'<p role="note">{escape(say("friend.server_only", lang))}</p>'


def _kept_html(link: str, lang: str) -> str:
    """The message of a seat kept: its link, and the link as a QR code for a phone or a tablet."""
    if not link:
        return ""
    from ...rooms import qr_svg

    return (
        f'<div role="status"><p><strong>{escape(say("friend.kept_link", lang))}</strong></p>'
        f'<p class="aton-friend-kept-link"><a href="{escape(link)}">{escape(link)}</a></p>'
        f'<div class="aton-friend-qr">{qr_svg(link)}</div></div>'
    )
