"""The board view: the scene painted on an ipycanvas ``MultiCanvas``, with clicks, taps, hover and keys.

Layers (bottom to top): the static board (drawn once per language), the
pieces (counters, markers, cards, stocks) and the overlay (highlights,
keyboard focus, hover).  A redraw repaints only the layers whose shapes
changed, inside one ``hold_canvas()``.  When a browser connects (a Voila page
opening, a notebook reloaded) every layer is painted again, so the board is
never blank.

The board never decides a rule and never plays: a click on a square becomes
``Place``/``Remove`` for the player who must act, and the board hands that
choice to its referee (:mod:`aton.widgets.referee`): the app's controller when
one is attached, else the one referee of the game, which plays it through the
engine.  A refused click shows the referee's reason in words.

Touch screens send no mouse events to the canvas (ipycanvas cancels them, so a
swipe on the board never scrolls the page): a tap is read from the touch events
and goes through :meth:`BoardView.handle_click`, the very path of a click; a long
press describes what is under the finger, as the mouse's hover does.  The keys
(arrows, Enter, Space) choose too, and Tab, Shift+Tab or Escape leave the board:
the canvas would keep the focus otherwise, so the host moves it
(:meth:`BoardView.on_leave`).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipycanvas
import ipywidgets as widgets
import traitlets

from .. import data
from ..actions import Action, Place, Player, Remove, Square
from ..events import Event
from ..explain import explain
from ..game import Game, GameView, Phase
from ..rules import Layout
from .i18n import check_lang, tr
from .paint import paint_layer
from .referee import Outcome, Referee, referee_for, register
from .scene import (
    GEOMETRY,
    LAYERS,
    Geometry,
    Highlights,
    Scene,
    Shape,
    Target,
    highlights_for_events,
    hit_areas,
    overlay_layer,
    pieces_layer,
    static_layer,
)
from .shapes import LAYOUTS, layout_for_width
from .twin import TextTwin
from .words import describe, prompt

__all__ = ["LONG_PRESS_SECONDS", "TAP_SLOP", "BoardView"]

_ACTING_PHASES = (Phase.REMOVE, Phase.PLACE, Phase.SCORING_REMOVE)
_ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
_CHOOSE_KEYS = ("Enter", " ", "Spacebar")

LONG_PRESS_SECONDS = 0.5
"""A finger held this long on the board describes what is under it instead of choosing it."""
TAP_SLOP = 12.0
"""How far (logical pixels, about a third of a square) a finger may slide and still tap: further is a swipe."""


@dataclass
class _Touch:
    """One finger on the canvas, from its touch start to its end (canvas pixels, clock seconds)."""

    x: float
    y: float
    since: float
    gesture: bool = False  # a second finger or a slide: no tap
    described: bool = False  # the long press has shown its description already


def _reset_canvas_manager() -> None:
    """Make ipycanvas name the target canvas again in the next batch (a newly connected browser needs it)."""
    ipycanvas.canvas._CANVAS_MANAGER._current_canvas = None


def _square_words(square: Square, lang: str) -> str:
    temple, index = square
    row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
    return tr("picker.where", lang, temple=temple, row=row + 1, column=column + 1)


def _status(text: str, *, alert: bool = False, square: str | None = None, focus_y: float | None = None) -> str:
    role = 'class="aton-reason" role="alert"' if alert else 'role="status" aria-live="polite"'
    cursor = f' data-cursor="{square}"' if square is not None else ""  # the keyboard cursor's square, for tools
    if focus_y is not None:  # how far down the board the keyboard acts: the page scrolls it into view
        cursor += f' data-focus-y="{focus_y:.3f}"'
    return f"<div {role}{cursor}>{escape(text)}</div>"


FIT_SCRIPT = """(function () {
  var tries = 0;
  var timer = setInterval(function () {
    var field = document.querySelector('.MARK input');
    var view = field && field.closest('.aton-board-view');
    if (!view && ++tries < 600) { return; }
    clearInterval(timer);
    if (!view) { return; }
    var last = '';
    function report() {
      var room = view.parentElement ? view.parentElement.clientWidth : view.clientWidth;
      var width = String(Math.round(room || 0));
      if (width === last || width === '0') { return; }
      last = width;
      field.value = width;
      field.dispatchEvent(new Event('input', {bubbles: true}));
    }
    var pending = null;
    new ResizeObserver(function () { clearTimeout(pending); pending = setTimeout(report, 150); }).observe(
      view.parentElement || view);
    report();
  }, 100);
})();"""
"""Runs in the page for a board that follows its width: types the room the board has (its container's width)
into the board's hidden field (class ``MARK``, replaced by the board's own), at once and after a resize."""


class BoardView(widgets.VBox):  # type: ignore[misc]
    """The Aton board on a canvas, with its prompt, hover help, a square picker and a text twin.

    ``BoardView(game=None, *, viewer=None, controls=(), lang="en", scale=2.0,
    show_twin=True, show_changes=True, display_width=None, referee=None, geometry=None)``

    - ``game``: the live :class:`~aton.Game` to show and play (``None``: an empty board; see :meth:`set_game`).
    - ``viewer``: the player looking at the screen; the board draws ``game.view(viewer)``, so the
      opponent's hidden cards are never read.  ``None`` shows public information only.
    - ``controls``: the players whose removals and placements this board chooses
      (``()``: a board to look at; ``(RED,)``: a human plays red; ``(RED, BLUE)``: two people).
    - ``scale``: the canvas is drawn ``scale`` times larger than displayed, for sharp high-DPI screens.
    - ``show_twin``: put the text twin (``board.twin``) below the canvas.
    - ``show_changes``: after :meth:`refresh`, mark the squares the new events placed or emptied.
    - ``display_width``: the largest width in CSS pixels (default: the logical width, 980).
    - ``geometry``: where the parts of the board sit (:data:`~aton.widgets.shapes.GEOMETRY`, temples side by
      side, or :data:`~aton.widgets.shapes.NARROW` for a phone); :meth:`set_geometry` changes it later.
      Without one, the board follows the room it has in the page (:meth:`fit_width`): a tutorial's board
      on a phone takes the narrow geometry, on an upright tablet the upright one, else the wide one.
    - ``referee``: who plays the board's choices (:class:`~aton.widgets.referee.Referee`; default:
      :func:`~aton.widgets.referee.referee_for` the game, shared with the game's other widgets).

    Callbacks: :meth:`on_action` (the referee played a choice of this board), :meth:`on_illegal` (the
    referee refused a click, with its reason), :meth:`on_select` (any click on a target), :meth:`on_leave`
    (Tab, Shift+Tab or Escape left the board: the host moves the keyboard focus).  A tap is a click and a
    long press (:data:`LONG_PRESS_SECONDS`) a hover; :meth:`focus` gives the canvas the keyboard focus.
    Set ``lang`` to ``"fr"`` or ``"en"`` at any time.  CSS classes: ``aton-board`` (the canvas),
    ``aton-message`` (prompt and reasons), ``aton-hover`` (what is under the mouse, the finger or the keyboard
    cursor; ``data-cursor`` names the cursor's square), ``aton-keys-help``, ``aton-square-picker``,
    ``aton-text-twin``.
    """

    lang = traitlets.Unicode("en")
    _fitted = 0
    """How many boards that follow their width were made (each names its hidden field after its number)."""

    def __init__(
        self,
        game: Game | None = None,
        *,
        viewer: Player | None = None,
        controls: Iterable[Player] = (),
        lang: str = "en",
        scale: float = 2.0,
        show_twin: bool = True,
        show_changes: bool = True,
        display_width: float | None = None,
        referee: Referee | None = None,
        geometry: Geometry | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-board-view")
        self._referee = referee
        self.geometry = geometry if geometry is not None else GEOMETRY
        self.scale = float(scale)
        self._display_width = display_width
        self.show_changes = show_changes
        g = self.geometry
        self.canvas = ipycanvas.MultiCanvas(
            len(LAYERS),
            width=round(g.width * self.scale),
            height=round(g.height * self.scale),
            layout=widgets.Layout(width="100%", max_width=f"{display_width or g.width:g}px", height="auto"),
        )
        self.canvas.add_class("aton-board")
        self.message = widgets.HTML()
        self.message.add_class("aton-message")
        self.info = widgets.HTML()
        self.info.add_class("aton-hover")
        self.keys_help = widgets.HTML()
        self.keys_help.add_class("aton-keys-help")
        self.picker = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto", min_width="18em"))
        self.choose_button = widgets.Button()
        self.choose_button.on_click(lambda _button: self._choose_picked())
        self.picker_box = widgets.HBox([self.picker, self.choose_button], layout=widgets.Layout(display="none"))
        self.picker_box.add_class("aton-square-picker")
        self.twin = TextTwin(lang=lang, viewer=viewer)
        self.children = [self.message, self.canvas, self.info, self.picker_box, self.keys_help] + (
            [self.twin] if show_twin else []
        )
        self.width_field: widgets.Text | None = None
        """Without a ``geometry`` given: the hidden field where the page types the board's width (see
        :meth:`fit_width`); ``None`` when the host lays the board out itself (the dashboard)."""
        if geometry is None:
            BoardView._fitted += 1
            mark = f"aton-fit-{BoardView._fitted}"
            self.width_field = widgets.Text(layout=widgets.Layout(display="none"))
            self.width_field.add_class("aton-board-width")
            self.width_field.add_class(mark)
            script = widgets.Output(layout=widgets.Layout(display="none"))
            script.outputs = (
                {
                    "output_type": "display_data",
                    "data": {"application/javascript": FIT_SCRIPT.replace("MARK", mark)},
                    "metadata": {},
                },
            )
            self.children = [*self.children, self.width_field, script]
            self.width_field.observe(lambda change: self.fit_width(change["new"]), names="value")

        self._game: Game | None = None
        self._viewer = viewer
        self._controls: tuple[Player, ...] = tuple(Player(p) for p in controls)
        self._state: Game | None = None
        self._shown: Game | None = None
        self._shown_step: Callable[[str], str] | None = None
        self._shown_highlights = Highlights()
        self._changes = Highlights()
        self._events_seen = 0
        self._cursor: Square | None = None
        self._hover: Target | None = None
        self._message: Callable[[str], str] | None = None
        self._message_alert = False
        self._info: Callable[[str], str] | None = None
        self._preview: tuple[int | None, ...] | None = None
        self._suggested: Square | None = None
        self._painted: dict[str, tuple[Shape, ...]] = {}
        self._static_cache: dict[tuple[Layout, str], tuple[Shape, ...]] = {}
        self._hits = hit_areas(g)
        self._scene: Scene | None = None
        self._action_callbacks: list[Callable[[Action], None]] = []
        self._illegal_callbacks: list[Callable[[Action, str], None]] = []
        self._select_callbacks: list[Callable[[Target], None]] = []
        self._leave_callbacks: list[Callable[[bool], None]] = []
        self._touch: _Touch | None = None
        self.clock: Callable[[], float] = time.monotonic
        """The clock that times a long press (tests set their own)."""
        self.paint_counts: dict[str, int] = dict.fromkeys(LAYERS, 0)
        """How many times each layer was painted (the board repaints only layers that changed)."""

        self.lang = check_lang(lang)
        self.canvas.on_mouse_down(self.handle_click)
        self.canvas.on_mouse_move(self.handle_move)
        self.canvas.on_mouse_out(self.handle_out)
        self.canvas.on_key_down(self.handle_key)
        self.canvas.on_touch_start(self.handle_touch_start)
        self.canvas.on_touch_move(self.handle_touch_move)
        self.canvas.on_touch_end(self.handle_touch_end)
        self.canvas.on_touch_cancel(self.handle_touch_cancel)
        self.canvas.on_client_ready(self.redraw)
        self.observe(self._on_lang, names="lang")
        self._relabel()
        self.set_game(game)

    # ------------------------------------------------------------ public API
    @property
    def game(self) -> Game | None:
        """The live game this board shows and plays."""
        return self._game

    @property
    def referee(self) -> Referee | None:
        """Who plays this board's choices: the one attached, else the game's own (``None``: no game)."""
        if self._referee is not None:
            return self._referee
        return referee_for(self._game) if self._game is not None else None

    def attach(self, referee: Referee | None) -> None:
        """Hand the board's choices to ``referee`` from now on (``None``: the game's own referee)."""
        self._referee = referee

    @property
    def viewer(self) -> Player | None:
        """The player looking at the board (``None``: public information only)."""
        return self._viewer

    @property
    def controls(self) -> tuple[Player, ...]:
        """The players whose clicks this board sends to the engine."""
        return self._controls

    @controls.setter
    def controls(self, players: Iterable[Player]) -> None:
        self._controls = tuple(Player(p) for p in players)
        self._relabel()
        self._render()

    @property
    def state(self) -> Game | None:
        """The state drawn now: a shown step, or the live game as ``viewer`` sees it."""
        return self._state

    @property
    def scene(self) -> Scene | None:
        """The scene drawn last (shapes and hit areas, in logical pixels)."""
        return self._scene

    @property
    def up_to_date(self) -> bool:
        """Whether the board draws the live game with every event so far (a :meth:`refresh` would add nothing)."""
        game = self._game
        return self._shown is None and (game is None or self._events_seen == len(game.events))

    @property
    def showing(self) -> bool:
        """True while :meth:`show` displays a state other than the live game (clicks only describe)."""
        return self._shown is not None

    def set_game(self, game: Game | None) -> None:
        """Show and play ``game`` from now on (a new game, a loaded position)."""
        self._game = game
        self._events_seen = len(game.events) if game is not None else 0
        self._changes = Highlights()
        self._cursor = None
        self._shown = None
        self._message = None
        self._preview = None
        self._suggested = None
        self._update_state()
        self._render()

    def set_viewer(self, viewer: Player | None) -> None:
        """Look at the game as ``viewer`` (for two people sharing a screen)."""
        self._viewer = viewer
        self._cursor = None
        self._preview = None  # a choice belongs to the eyes that made it
        self._update_state()
        self._render()

    def refresh(self) -> None:
        """Draw the live game again, after someone else (a bot, another widget) changed it.

        With ``show_changes`` the squares the new events placed or emptied are marked.
        """
        game = self._game
        if game is not None and self.show_changes and len(game.events) > self._events_seen:
            self._changes = highlights_for_events(game.events[self._events_seen :], game.rules.layout)
        self._events_seen = len(game.events) if game is not None else 0
        self._shown = None
        self._message = None
        self._update_state()
        self._render()

    def show(self, state: Game, highlights: Highlights | None = None, step: Callable[[str], str] | None = None) -> None:
        """Draw ``state`` (a step of a timeline, a teaching position) with ``highlights``; clicks only describe.

        ``step`` gives what a step-through's step is, in a language: the text twin says it instead of
        the phase.  :meth:`refresh` goes back to the live game.
        """
        if self._viewer is not None and not isinstance(state, GameView):
            state = state.view(self._viewer)
        self._shown_step = step
        self._shown = state
        self._shown_highlights = highlights or Highlights()
        self._message = lambda lang: ""
        self._update_state()
        self._render()

    def preview(self, cards: Sequence[int | None] | None) -> None:
        """Draw the cards the viewer is putting on their cartouches, before they confirm (``None``: none).

        Only the viewer's own side shows them, face up, and only until they have assigned.
        """
        chosen = tuple(cards) if cards is not None else None
        if chosen != self._preview:
            self._preview = chosen
            self._render(twin=False)

    def suggest(self, square: Square | None) -> None:
        """Mark the square the coach suggests on the live game (``None``: no mark)."""
        if square != self._suggested:
            self._suggested = square
            self._render(twin=False)

    def say(self, text: str | Callable[[str], str], *, alert: bool = False) -> None:
        """Put a message above the board: a text, or a function of the language (kept on a language switch)."""
        self._message = text if callable(text) else (lambda lang, text=text: text)
        self._message_alert = alert
        self._render_message()

    def legal_squares(self) -> list[Square]:
        """Squares the acting player may choose now, if this board controls that player."""
        game = self._game
        if game is None or self._shown is not None or game.phase not in _ACTING_PHASES:
            return []
        actor = game.actor
        if actor is None or actor not in self._controls:
            return []
        return game.legal_squares(actor)

    def choose(self, square: Square) -> Action | None:
        """Choose ``square`` as a click would: hand the action to the referee, then show what became of it.

        Returns the action played, or ``None``.
        """
        game = self._game
        referee = self.referee
        if game is None or referee is None or self._shown is not None:
            self._describe(Target("square", square=square))
            return None
        player = self._chooser()
        if player is None:
            target = Target("square", square=square)
            self._message = lambda lang: f"{tr('read_only', lang)} {self._describe_text(target, lang)}"
            self._message_alert = False
            self._render_message()
            return None
        action: Action = (
            Remove(player, square) if game.phase in (Phase.REMOVE, Phase.SCORING_REMOVE) else Place(player, square)
        )
        drawn: list[Outcome] = []

        def draw(outcome: Outcome) -> None:
            """Show the outcome at once, before the referee's app moves on (and redraws the board its own way)."""
            drawn.append(outcome)
            if outcome.refusal is not None:
                self._show_refusal(square, outcome)
            elif self._game is game and self._shown is None:
                self._show_played(game, outcome)

        outcome = referee.submit(action, draw)
        if not drawn:
            draw(outcome)
        if outcome.refusal is not None:
            for refused in list(self._illegal_callbacks):
                refused(action, outcome.reason)
            return None
        for callback in list(self._action_callbacks):
            callback(action)
        return action

    def on_action(self, callback: Callable[[Action], None], remove: bool = False) -> None:
        """Call ``callback(action)`` after the referee played ``action``, chosen on this board."""
        register(self._action_callbacks, callback, remove)

    def on_illegal(self, callback: Callable[[Action, str], None], remove: bool = False) -> None:
        """Call ``callback(action, reason)`` when the referee refuses a click (``reason`` in English)."""
        register(self._illegal_callbacks, callback, remove)

    def on_select(self, callback: Callable[[Target], None], remove: bool = False) -> None:
        """Call ``callback(target)`` for every click on a part of the board (square, cartouche, Kingdom...)."""
        register(self._select_callbacks, callback, remove)

    def on_leave(self, callback: Callable[[bool], None], remove: bool = False) -> None:
        """Call ``callback(forward)`` when a key leaves the board: Tab or Escape (``True``), Shift+Tab (``False``).

        The canvas keeps every key it gets, Tab included, so the host moves the keyboard focus to its next
        (or previous) control.  Without a callback, Tab and Escape go to the square list when it shows; else
        the canvas lets the focus go, and the next Tab or Shift+Tab goes on from there.
        """
        register(self._leave_callbacks, callback, remove)

    def focus(self) -> None:
        """Give the keyboard focus to the board's canvas (arrows, Enter and Space then choose squares)."""
        self.canvas.focus()

    def drop_cursor(self) -> None:
        """Take the keyboard cursor off the board (the host moved the focus elsewhere)."""
        if self._cursor is not None:
            self._cursor = None
            self._info = None
            self._render(twin=False)

    def square_center(self, square: Square) -> tuple[float, float]:
        """Centre of ``square`` in canvas pixels (what mouse events report), for tests and tools."""
        x, y = self.geometry.square_box(square).center
        return (x * self.scale, y * self.scale)

    def target_at(self, x: float, y: float) -> Target | None:
        """The target under canvas pixel ``(x, y)``."""
        scale = self.scale
        for area in self._hits:
            if area.box.contains(x / scale, y / scale):
                return area.target
        return None

    def fit_width(self, width: object) -> None:
        """The board has ``width`` CSS pixels of room (the page said so): the narrow geometry up to a phone's
        width, the upright one up to an upright tablet's, else the wide one (text that is not a width is
        ignored).  Only boards built without a ``geometry`` follow their width by themselves."""
        try:
            room = float(str(width))
        except ValueError:
            return
        self.set_geometry(LAYOUTS[layout_for_width(room)])

    def set_geometry(self, geometry: Geometry, scale: float | None = None) -> None:
        """Lay the board out with ``geometry`` from now on (the page turned narrow or wide): resize, repaint.

        ``scale``: draw that many times larger than the logical size (default: as before).
        """
        scale = self.scale if scale is None else float(scale)
        if geometry == self.geometry and scale == self.scale:
            return
        self.geometry = geometry
        self.scale = scale
        self._hits = hit_areas(geometry)
        self._static_cache.clear()
        self._hover = None
        self.canvas.layout.max_width = f"{self._display_width or geometry.width:g}px"
        self.canvas.width = round(geometry.width * scale)
        self.canvas.height = round(geometry.height * scale)
        self.redraw()

    def redraw(self) -> None:
        """Paint every layer again (a newly connected browser starts with a blank canvas)."""
        self._painted.clear()
        self._render()

    # -------------------------------------------------------- event handlers
    def handle_click(self, x: float, y: float) -> Action | None:
        """A mouse press at canvas pixel ``(x, y)``: choose a square, or describe what was clicked."""
        target = self.target_at(x, y)
        if target is None:
            return None
        for callback in list(self._select_callbacks):
            callback(target)
        match target:
            case Target(kind="square", square=square) if square is not None:
                self._cursor = None
                return self.choose(square)
        self._describe(target)
        return None

    def handle_move(self, x: float, y: float) -> None:
        """The mouse moved to canvas pixel ``(x, y)``: outline and describe what is under it."""
        target = self.target_at(x, y)
        if target == self._hover:
            return
        self._hover = target
        self._info = None if target is None else (lambda lang, t=target: self._describe_text(t, lang))
        self._render(twin=False)

    def handle_out(self, x: float = 0.0, y: float = 0.0) -> None:
        """The mouse left the canvas."""
        if self._hover is not None:
            self._hover = None
            self._info = self._cursor_info()
            self._render(twin=False)

    def handle_key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> Action | None:
        """A key pressed on the focused canvas.

        Arrows move the cursor (from the first square that may be chosen), Enter or Space chooses the
        cursor's square (with no cursor yet they show it first), Tab and Escape leave the board forward,
        Shift+Tab backward (:meth:`on_leave`).
        """
        if ctrl or meta:
            return None
        if key in _ARROWS:
            self._cursor = self.geometry.neighbour(self._cursor or self._first_focus(), *_ARROWS[key])
            self._info = self._cursor_info()
            self._render(twin=False)  # the cursor is the overlay's and the line under the board's only
            return None
        if key in _CHOOSE_KEYS:
            if self._cursor is None:  # show where Enter would play before it plays
                self._cursor = self._first_focus()
                self._info = self._cursor_info()
                self._render(twin=False)
                return None
            return self.choose(self._cursor)
        if key in ("Escape", "Tab"):
            self.drop_cursor()
            self._leave(forward=not (key == "Tab" and shift))
        return None

    def handle_touch_start(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers on the canvas (``touches``: every finger down now, in canvas pixels).

        One finger may become a tap or a long press; a second finger makes a gesture, never a choice.
        """
        if not touches:
            return
        if len(touches) > 1:
            if self._touch is None:
                x, y = touches[0]
                self._touch = _Touch(x, y, self.clock())
            self._touch.gesture = True
            return
        x, y = touches[0]
        touch = _Touch(x, y, self.clock())
        self._touch = touch
        self._describe_later(touch)

    def handle_touch_move(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers moving: a finger sliding further than :data:`TAP_SLOP` no longer taps."""
        touch = self._touch
        if touch is None or not touches:
            return
        if len(touches) > 1:
            touch.gesture = True
            return
        x, y = touches[0]
        if math.hypot(x - touch.x, y - touch.y) > TAP_SLOP * self.scale:
            touch.gesture = True

    def handle_touch_end(self, touches: Sequence[tuple[float, float]]) -> Action | None:
        """A finger lifted (``touches``: the fingers still down).

        The last finger up ends the touch: a short one on the spot is a tap, handled as a click
        (:meth:`handle_click`, the same path to the referee); a long one describes what is under it.
        """
        touch = self._touch
        if touches or touch is None:
            return None
        self._touch = None
        if touch.gesture:
            return None
        if touch.described or self.clock() - touch.since >= LONG_PRESS_SECONDS:
            self._long_press(touch)
            return None
        if self._hover is not None:  # a finger has no hover: a tap clears a long press's outline
            self._hover = None
        return self.handle_click(touch.x, touch.y)

    def handle_touch_cancel(self, touches: Sequence[tuple[float, float]] = ()) -> None:
        """The browser took the touch over (a system gesture): nothing is chosen."""
        self._touch = None

    # ------------------------------------------------------------- internals
    def _leave(self, *, forward: bool) -> None:
        if self._leave_callbacks:
            for callback in list(self._leave_callbacks):
                callback(forward)
        elif forward and self.picker_box.layout.display != "none":
            self.picker.focus()
        else:  # the browser keeps its place: the next Tab (or Shift+Tab) goes on from the canvas
            self.canvas.blur()

    def _describe_later(self, touch: _Touch) -> None:
        """In a kernel, describe the square while the finger is still held (on release otherwise)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(LONG_PRESS_SECONDS, self._long_press_due, touch)

    def _long_press_due(self, touch: _Touch) -> None:
        if self._touch is touch and not touch.gesture and not touch.described:
            self._long_press(touch)

    def _long_press(self, touch: _Touch) -> None:
        """Describe and outline what is under the finger, as the mouse's hover does; nothing is chosen."""
        touch.described = True
        target = self.target_at(touch.x, touch.y)
        self._hover = target
        self._info = None if target is None else (lambda lang, t=target: self._describe_text(t, lang))
        self._render(twin=False)

    def _show_refusal(self, square: Square, outcome: Outcome) -> None:
        refusal = outcome.refusal
        if refusal is None:
            return
        self._message = lambda lang: tr(
            "not_allowed", lang, where=_square_words(square, lang), reason=_capital(refusal(lang).rstrip("."))
        )
        self._message_alert = True
        self._render_message()

    def _show_played(self, game: Game, outcome: Outcome) -> None:
        if self.show_changes:
            self._changes = highlights_for_events(outcome.events, game.rules.layout)
        self._events_seen = len(game.events)
        first = outcome.events[0] if outcome.events else None
        self._message = lambda lang: _after_action(first, self._state or game, lang, self._controls)
        self._message_alert = False
        self._update_state()
        self._render()

    def _chooser(self) -> Player | None:
        """The controlled player a click speaks for (the engine then says whether it is their turn)."""
        game = self._game
        if game is None or not self._controls:
            return None
        actor = game.actor
        if game.phase in _ACTING_PHASES and actor in self._controls:
            return actor
        waiting = [p for p in game.to_act if p in self._controls]
        return waiting[0] if waiting else self._controls[0]

    def _choose_picked(self) -> None:
        square = self.picker.value
        if square is not None:
            self.choose(tuple(square))

    def _first_focus(self) -> Square:
        legal = self.legal_squares()
        return legal[0] if legal else (1, 0)

    def _cursor_info(self) -> Callable[[str], str] | None:
        cursor = self._cursor
        if cursor is None:
            return None
        return lambda lang: self._describe_text(Target("square", square=cursor), lang)

    def _describe_text(self, target: Target, lang: str) -> str:
        state = self._state
        return "" if state is None else describe(target, state, lang, self._viewer)

    def _describe(self, target: Target) -> None:
        self._info = lambda lang: self._describe_text(target, lang)
        self._render_info()

    def _update_state(self) -> None:
        if self._shown is not None:
            self._state = self._shown
        elif self._game is None:
            self._state = None
        elif self._viewer is not None and not isinstance(self._game, GameView):
            self._state = self._game.view(self._viewer)
        else:
            self._state = self._game

    def _highlights(self) -> Highlights:
        if self._shown is not None:
            base = self._shown_highlights
        else:
            base = self._changes.merged(Highlights(legal=frozenset(self.legal_squares()), suggested=self._suggested))
        return base.merged(Highlights(cursor=self._cursor, hover=self._hover))

    def _static(self, layout: Layout) -> tuple[Shape, ...]:
        key = (layout, self.lang)
        if key not in self._static_cache:
            self._static_cache[key] = static_layer(layout, self.lang, self.geometry)
        return self._static_cache[key]

    def _render(self, *, twin: bool = True) -> None:
        state = self._state
        preview = self._preview if self._shown is None else None
        lang = self.lang
        highlights = self._highlights()
        layout = state.rules.layout if state is not None else Layout()
        layers = {
            "static": self._static(layout),
            "pieces": pieces_layer(state, lang, self._viewer, self.geometry, preview) if state is not None else (),
            "overlay": overlay_layer(highlights, lang, self.geometry) if state is not None else (),
        }
        self._scene = Scene(layers["static"], layers["pieces"], layers["overlay"], self._hits, geometry=self.geometry)
        changed = [name for name in LAYERS if self._painted.get(name) != layers[name]]
        if changed:
            _reset_canvas_manager()
            with ipycanvas.hold_canvas():
                for name in changed:
                    paint_layer(self.canvas[LAYERS.index(name)], layers[name], self.scale)
                    self.paint_counts[name] += 1
            self._painted.update({name: layers[name] for name in changed})
        if twin:
            twin_highlights = Highlights(
                legal=highlights.legal, placed=highlights.placed, removed=highlights.removed, temples=highlights.temples
            )
            step = self._shown_step if self._shown is not None else None
            self.twin.show(state, twin_highlights, self._viewer, step)
            self._update_picker()
            self._render_message()
        self._render_info()

    def _render_message(self) -> None:
        lang = self.lang
        if self._message is not None:
            text = self._message(lang)
        elif self._shown is None and self._state is not None:
            text = prompt(self._state, lang, self._controls)
        else:
            text = ""
        self.message.value = _status(text, alert=self._message_alert and self._message is not None) if text else ""

    def _render_info(self) -> None:
        text = self._info(self.lang) if self._info is not None else ""
        cursor = self._cursor
        where = f"{cursor[0]}-{cursor[1]}" if cursor is not None and self._hover is None else None
        legal = self.legal_squares() if cursor is None else ()
        place = cursor if cursor is not None else legal[0] if legal else None
        focus_y = None if place is None else self.geometry.square_box(place).center[1] / self.geometry.height
        self.info.value = _status(text, square=where, focus_y=focus_y) if text or focus_y is not None else ""

    def _update_picker(self) -> None:
        legal = self.legal_squares()
        lang = self.lang
        state = self._state
        if not legal or state is None:
            # Hidden, not emptied: an empty list would send the page a choice of None, which Pyodide drops.
            self.picker_box.layout.display = "none"
            return
        options = [
            (
                tr(
                    "picker.option",
                    lang,
                    where=_square_words(sq, lang),
                    kind=tr(f"kind_square.{state.layout_kind(sq).code}", lang),
                ),
                sq,
            )
            for sq in legal
        ]
        self.picker.options = options
        if self.picker.value not in legal:
            self.picker.value = legal[0]
        self.picker_box.layout.display = ""

    def _relabel(self) -> None:
        lang = self.lang
        self.picker.description = tr("picker.label", lang)
        self.choose_button.description = tr("picker.choose", lang)
        self.keys_help.value = f"<small>{escape(tr('keys_help', lang))}</small>" if self._controls else ""

    def _on_lang(self, change: Any) -> None:
        self.twin.lang = self.lang
        self._relabel()
        self._render()

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _after_action(event: Event | None, state: Game, lang: str, controls: tuple[Player, ...]) -> str:
    said = explain(event, lang) if event is not None else ""
    return f"{said} {prompt(state, lang, controls)}".strip()
