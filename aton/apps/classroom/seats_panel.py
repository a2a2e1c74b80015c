"""The class page's seats: a table's form that hands a seat to a new key or frees it, and the box that shows the
new key's link and QR code on the teacher's screen.

The flow (:class:`~aton.apps.classroom.flow.ClassroomFlow`: ``give_seat``, ``free_seat``, ``handed``) decides;
these widgets only forward the teacher's clicks and show what it holds.  CSS classes: ``aton-class-seats-form``,
``aton-class-seat-colour``, ``aton-class-seat-name``, ``aton-class-give``, ``aton-class-free``,
``aton-class-seats-cancel``; ``aton-class-handed`` (the words, ``aton-class-handed-link`` and ``aton-class-qr``).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ...explain import player_name
from ...rooms import RoomError
from .flow import ClassroomFlow, words

__all__ = ["HandedBox", "SeatsForm"]

SEATS_CSS = """
.aton-class-handed .widget-html-content:empty { display: none; }
.aton-class-handed [role="status"] { margin-bottom: 0; }
.aton-class-handed-box { background: #fffdf8; border: 2px solid #8c6d46; border-radius: 6px; padding: 0 10px; }
.aton-class-handed a { color: #1f4e79; font-weight: bold; }
.aton-classroom .aton-class-handed .aton-class-handed-link a[href] { line-height: 1.4 !important; padding: 11px 0;
  box-sizing: border-box; }
.aton-class-qr svg { width: 220px; max-width: 100%; height: auto; }
.aton-class-seats-form .widget-toggle-buttons .widget-toggle-button { width: auto; min-height: 36px; }
"""
"""The seats' part of the class page's style (the panel's ``class_css`` takes it in).  A seat's link is long and
wraps on a phone: its lines are spaced as text, and the link stays a touch target by its padding."""


class SeatsForm(widgets.VBox):  # type: ignore[misc]
    """Table ``code``'s seats: which seat, the student's nickname, give it to a new key, free it, or cancel.

    ``SeatsForm(flow, code, done)``: each button acts on ``flow``; then ``done(error)`` is called (``None``
    when the store took it, else its :class:`aton.rooms.RoomError`, with nothing changed).  :attr:`opener`
    (CSS class ``aton-class-seats``) is the table card's button that brings the form up.
    """

    def __init__(self, flow: ClassroomFlow, code: str, done: Callable[[RoomError | None], None]) -> None:
        super().__init__()
        self.add_class("aton-class-seats-form")
        self.flow, self.code, self.done = flow, code, done
        self.text = widgets.HTML()
        self.colour = widgets.ToggleButtons(options=[("Red", "red"), ("Blue", "blue")], value="red")
        self.colour.add_class("aton-class-seat-colour")
        # wide enough for its placeholder beside its label on a phone (390 px), never wider than the card; its
        # value goes to the kernel once, as the field is left (Tab, Enter): keystrokes sent one by one wait behind
        # each other, and a button pressed at once would find only the first letters (measured: "D" of "Dan")
        self.name = widgets.Text(continuous_update=False, layout=widgets.Layout(width="24em", max_width="100%"))
        self.name.add_class("aton-class-seat-name")
        self.give_button = widgets.Button(button_style="primary")
        self.give_button.add_class("aton-class-give")
        self.free_button = widgets.Button(button_style="warning")
        self.free_button.add_class("aton-class-free")
        self.cancel_button = widgets.Button()
        self.cancel_button.add_class("aton-class-seats-cancel")
        actions = widgets.HBox([self.give_button, self.free_button, self.cancel_button])
        actions.add_class("aton-class-row")
        self.children = [self.text, self.colour, self.name, actions]
        self.give_button.on_click(
            lambda _b: self._act(lambda: flow.give_seat(code, str(self.colour.value), str(self.name.value)))
        )
        self.free_button.on_click(lambda _b: self._act(lambda: flow.free_seat(code, str(self.colour.value))))
        self.cancel_button.on_click(lambda _b: self._act(flow.cancel_seats))
        self.opener = widgets.Button()
        self.opener.add_class("aton-class-seats")
        self.opener.on_click(lambda _b: self._act(lambda: flow.ask_seats(code)))

    def _act(self, call: Callable[[], object]) -> None:
        try:
            call()
        except RoomError as error:
            self.done(error)
            return
        self.name.value = ""
        self.done(None)

    def relabel(self, lang: str) -> None:
        """Every word of the form in ``lang`` (the seat chosen stays)."""
        self.text.value = f"<p>{escape(words('seats_ask', lang, code=self.code))}</p>"
        options = [(player_name("red", lang), "red"), (player_name("blue", lang), "blue")]
        if list(self.colour.options) != options:
            value = self.colour.value
            self.colour.options = options
            self.colour.value = value
        self.colour.description = words("seats_colour", lang)
        self.name.description = words("seats_name", lang)
        self.name.placeholder = words("seats_name_placeholder", lang)
        self.give_button.description = words("seats_give", lang)
        self.free_button.description = words("seats_free", lang)
        self.cancel_button.description = words("seats_cancel", lang)
        self.opener.description = words("seats", lang)


class HandedBox(widgets.VBox):  # type: ignore[misc]
    """The last seat handed on (its words, the new key's link and its QR code) or freed; :meth:`take_address`
    takes the page's address as the browser opened it (:attr:`ClassroomFlow.dashboard_base`)."""

    def __init__(self, flow: ClassroomFlow) -> None:
        super().__init__()
        self.add_class("aton-class-handed")
        self.flow = flow
        self.text = widgets.HTML()
        self.children = [self.text]

    def take_address(self, base: str) -> None:
        """The page's address: the dashboard's, as the students' machines open it, starts the seats' links."""
        from ...rooms import shareable_base

        if len(base) <= 500 and base.startswith(("http://", "https://")):
            self.flow.dashboard_base = shareable_base(base)

    def render(self, lang: str) -> None:
        """Show the last seat handed on or freed, in ``lang`` (nothing before one)."""
        handed = self.flow.handed
        if handed is None:
            self.text.value = ""
            return
        text = f'<p role="status">{escape(self.flow.handed_words(lang))}</p>'
        if handed.link:
            link = escape(handed.link)
            text += f'<p class="aton-class-handed-link"><a href="{link}">{link}</a></p>'
            text += f'<div class="aton-class-qr">{handed.qr_svg()}</div>'
        self.text.value = f'<div class="aton-class-handed-box">{text}</div>'
