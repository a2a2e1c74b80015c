"""Painting a board: its three layers on an ipycanvas ``MultiCanvas``, its status lines and its square list.

:class:`BoardPainter` keeps what each layer shows and repaints only the layers whose shapes changed,
inside one ``hold_canvas()``; the static board is drawn once per layout and language.  The helpers
below make the canvas and connect its events (:func:`make_canvas`, :func:`connect`), write the words
around it (:func:`status_html`, :func:`fill_picker`) and make the hidden field and script that tell a board
how wide the page lets it be (:func:`fit_parts`, :data:`FIT_SCRIPT`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import ipycanvas
import ipywidgets as widgets

from ..actions import Player, Square
from ..game import Game
from ..rules import Layout
from .board_model import Draw, square_words
from .highlights import Highlights
from .i18n import tr
from .paint import paint_layer
from .scene import (
    LAYERS,
    Geometry,
    HitArea,
    Scene,
    Shape,
    Target,
    hit_areas,
    overlay_layer,
    pieces_layer,
    static_layer,
)
from .shapes import LAYOUTS, layout_for_width

if TYPE_CHECKING:
    from .board import BoardView

__all__ = [
    "FIT_SCRIPT",
    "TOUCH_SCROLL_JS",
    "BoardPainter",
    "connect",
    "fill_picker",
    "fit_parts",
    "geometry_for_width",
    "html",
    "make_canvas",
    "make_picker",
    "picker_options",
    "status_html",
]


def _reset_canvas_manager() -> None:
    """Make ipycanvas name the target canvas again in the next batch (a newly connected browser needs it)."""
    ipycanvas.canvas._CANVAS_MANAGER._current_canvas = None


class BoardPainter:
    """Brings the canvas and the words of ``board`` in step with its model (:mod:`~aton.widgets.board_model`).

    The canvas has one layer per :data:`~aton.widgets.scene.LAYERS`; a layer is painted again only when its
    shapes changed.
    """

    def __init__(self, board: BoardView, geometry: Geometry, scale: float) -> None:
        self.board = board
        self.canvas = board.canvas
        self.geometry: Geometry = geometry
        self.scale: float = scale
        self.hits: tuple[HitArea, ...] = hit_areas(geometry)
        self.scene: Scene | None = None
        """The scene drawn last (shapes and hit areas, in logical pixels)."""
        self.painted: dict[str, tuple[Shape, ...]] = {}
        self.static_cache: dict[tuple[Layout, str], tuple[Shape, ...]] = {}
        self.paint_counts: dict[str, int] = dict.fromkeys(LAYERS, 0)
        """How many times each layer was painted (a redraw repaints only layers that changed)."""

    def draw(self, what: Draw = "all") -> None:
        """Draw again everything (``"all"``), the canvas and the line under it (``"board"``), the message
        above (``"message"``) or the line under the board (``"info"``)."""
        if what == "message":
            self.render_message()
        elif what == "info":
            self.render_info()
        else:
            self.render(twin=what == "all")

    def render(self, *, twin: bool = True) -> None:
        """Paint the canvas and the line under it; with ``twin`` also the text twin, the square list, the message."""
        board = self.board
        model, lang = board.model, board.lang
        state = model.state
        highlights = model.highlights()
        preview = model.preview if model.shown is None else None
        self.scene = self.paint(state, highlights, lang, model.viewer, preview)
        if twin:
            step = model.shown_step if model.shown is not None else None
            board.twin.show(state, model.twin_highlights(highlights), model.viewer, step)
            fill_picker(board.picker, board.picker_box, model.legal_squares(), state, lang)
            self.render_message()
        self.render_info()

    def render_message(self) -> None:
        """The words above the board: a message, a refusal (an alert) or the prompt."""
        model = self.board.model
        text = model.message_text(self.board.lang)
        self.board.message.value = (
            status_html(text, alert=model.message_alert and model.message is not None) if text else ""
        )

    def render_info(self) -> None:
        """The line under the board: what is pointed at, and where the keyboard acts."""
        text, where, focus_y = self.board.model.info_line(self.board.lang, self.geometry)
        self.board.info.value = status_html(text, square=where, focus_y=focus_y) if text or focus_y is not None else ""

    def relabel(self) -> None:
        """The fixed words around the canvas in the board's language."""
        board = self.board
        lang = board.lang
        board.picker.description = tr("picker.label", lang)
        board.choose_button.description = tr("picker.choose", lang)
        board.keys_help.value = f"<small>{escape(tr('keys_help', lang))}</small>" if board.controls else ""

    def set_geometry(self, geometry: Geometry, scale: float) -> None:
        """Lay out with ``geometry``, drawn ``scale`` times larger: resize the canvas, forget what was painted."""
        self.geometry = geometry
        self.scale = scale
        self.hits = hit_areas(geometry)
        self.static_cache.clear()
        self.canvas.width = round(geometry.width * scale)
        self.canvas.height = round(geometry.height * scale)
        self.painted.clear()

    def static(self, layout: Layout, lang: str) -> tuple[Shape, ...]:
        """The board without pieces, for ``layout`` in ``lang`` (drawn once)."""
        key = (layout, lang)
        if key not in self.static_cache:
            self.static_cache[key] = static_layer(layout, lang, self.geometry)
        return self.static_cache[key]

    def paint(
        self,
        state: Game | None,
        highlights: Highlights,
        lang: str,
        viewer: Player | None,
        preview: Sequence[int | None] | None,
    ) -> Scene:
        """Paint ``state`` with ``highlights`` (only the layers that changed); the scene drawn."""
        geometry = self.geometry
        layout = state.rules.layout if state is not None else Layout()
        layers = {
            "static": self.static(layout, lang),
            "pieces": pieces_layer(state, lang, viewer, geometry, preview) if state is not None else (),
            "overlay": overlay_layer(highlights, lang, geometry) if state is not None else (),
        }
        changed = [name for name in LAYERS if self.painted.get(name) != layers[name]]
        if changed:
            _reset_canvas_manager()
            with ipycanvas.hold_canvas():
                for name in changed:
                    paint_layer(self.canvas[LAYERS.index(name)], layers[name], self.scale)
                    self.paint_counts[name] += 1
            self.painted.update({name: layers[name] for name in changed})
        return Scene(layers["static"], layers["pieces"], layers["overlay"], self.hits, geometry=geometry)

    def square_center(self, square: Square) -> tuple[float, float]:
        """Centre of ``square`` in canvas pixels (what mouse events report)."""
        x, y = self.geometry.square_box(square).center
        return (x * self.scale, y * self.scale)

    def target_at(self, x: float, y: float) -> Target | None:
        """The target under canvas pixel ``(x, y)`` (``None``: none)."""
        for area in self.hits:
            if area.box.contains(x / self.scale, y / self.scale):
                return area.target
        return None


def status_html(text: str, *, alert: bool = False, square: str | None = None, focus_y: float | None = None) -> str:
    """A line of the board for people and screen readers: a polite status, or an alert.

    ``square`` names the keyboard cursor's square (``data-cursor``, for tools); ``focus_y`` says how far
    down the board the keyboard acts (``data-focus-y``: the page scrolls it into view).
    """
    role = 'class="aton-reason" role="alert"' if alert else 'role="status" aria-live="polite"'
    cursor = f' data-cursor="{square}"' if square is not None else ""
    if focus_y is not None:
        cursor += f' data-focus-y="{focus_y:.3f}"'
    return f"<div {role}{cursor}>{escape(text)}</div>"


def picker_options(legal: Sequence[Square], state: Game, lang: str) -> list[tuple[str, Square]]:
    """The square list's choices: each legal square in words, with its kind."""
    return [
        (
            tr(
                "picker.option",
                lang,
                where=square_words(sq, lang),
                kind=tr(f"kind_square.{state.layout_kind(sq).code}", lang),
            ),
            sq,
        )
        for sq in legal
    ]


TOUCH_SCROLL_JS = """  // A finger swiping up or down a board scrolls the page, as anywhere on a phone.  The canvas
  // library cancels every touch on a canvas (so the browser never scrolls from it); here, before it hears them, the
  // touch start and the finger's moves on a board lose that power: the browser scrolls (the board's
  // ``touch-action: pan-y`` lets it, vertically only) once the finger has moved a few pixels, and the board
  // still hears every touch, so a tap or a long press on a square works as before and a swipe chooses
  // nothing.  The lifted finger stays cancelled: a tap makes no mouse click.  Once per page.
  if (!window.atonBoardScrolls) {
    window.atonBoardScrolls = true;
    var boardLook = document.createElement('style');
    boardLook.textContent = 'canvas.aton-board { touch-action: pan-y; user-select: none; ' +
      '-webkit-user-select: none; -webkit-touch-callout: none; -webkit-tap-highlight-color: transparent; }';
    document.head.appendChild(boardLook);
    var keepScroll = function (event) {
      var target = event.target;
      if (target && target.matches && target.matches('canvas.aton-board')) {
        Object.defineProperty(event, 'preventDefault', {value: function () {}, configurable: true});
      }
    };
    ['touchstart', 'touchmove'].forEach(function (kind) {
      document.addEventListener(kind, keepScroll, {capture: true, passive: true});
    });
    document.addEventListener('contextmenu', function (event) {  // a long press describes: no menu
      if (event.target && event.target.matches && event.target.matches('canvas.aton-board')) {
        event.preventDefault();
      }
    }, true);
  }
"""
"""Page script (a part of a function's body) that lets a one-finger vertical swipe on any board scroll the page,
while the board still reads taps and long presses; the dashboard's page script and every board that follows
its width (a tutorial's, the class page's) run it, once per page."""

FIT_SCRIPT = (
    """(function () {
"""
    + TOUCH_SCROLL_JS
    + """  var tries = 0;
  var timer = setInterval(function () {
    var field = document.querySelector('.MARK input');
    var view = field && field.closest('.aton-board-view');
    if (!view && ++tries < 600) { return; }
    clearInterval(timer);
    if (!view) { return; }
    var last = '';
    var coarse = window.matchMedia ? window.matchMedia('(pointer: coarse)') : null;
    function report() {
      var room = Math.round((view.parentElement ? view.parentElement.clientWidth : view.clientWidth) || 0);
      // the width, and "touch" where the main pointer is a finger (the words then say "tap", not "click")
      var width = String(room) + (coarse && coarse.matches ? ' touch' : '');
      if (width === last || room === 0) { return; }
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
)
"""Runs in the page for a board that follows its width: types the room the board has (its container's width,
then `` touch`` where a finger is the main pointer) into the board's hidden field (class ``MARK``, replaced by
the board's own), at once and after a resize; and lets a swipe on the board scroll the page
(:data:`TOUCH_SCROLL_JS`)."""


def make_canvas(geometry: Geometry, scale: float, display_width: float | None) -> ipycanvas.MultiCanvas:
    """The board's canvas: one layer per :data:`~aton.widgets.scene.LAYERS`, ``scale`` times the logical size,
    as wide as its room up to ``display_width`` CSS pixels (default: the logical width)."""
    canvas = ipycanvas.MultiCanvas(
        len(LAYERS),
        width=round(geometry.width * scale),
        height=round(geometry.height * scale),
        layout=widgets.Layout(width="100%", max_width=f"{display_width or geometry.width:g}px", height="auto"),
    )
    canvas.add_class("aton-board")
    return canvas


def connect(canvas: ipycanvas.MultiCanvas, board: Any) -> None:
    """Send the canvas's mouse, key and touch events to the board's handlers; repaint for a new browser."""
    canvas.on_mouse_down(board.handle_click)
    canvas.on_mouse_move(board.handle_move)
    canvas.on_mouse_out(board.handle_out)
    canvas.on_key_down(board.handle_key)
    canvas.on_touch_start(board.handle_touch_start)
    canvas.on_touch_move(board.handle_touch_move)
    canvas.on_touch_end(board.handle_touch_end)
    canvas.on_touch_cancel(board.handle_touch_cancel)
    canvas.on_client_ready(board.redraw)


def fit_parts(mark: str, on_width: Callable[[str], None]) -> tuple[widgets.Text, widgets.Output]:
    """The hidden field where the page types a board's width (CSS class ``mark``) and the script that types it.

    ``on_width`` gets every width typed.
    """
    field = widgets.Text(layout=widgets.Layout(display="none"))
    field.add_class("aton-board-width")
    field.add_class(mark)
    script = widgets.Output(layout=widgets.Layout(display="none"))
    code = FIT_SCRIPT.replace("MARK", mark)
    script.outputs = ({"output_type": "display_data", "data": {"application/javascript": code}, "metadata": {}},)
    field.observe(lambda change: on_width(change["new"]), names="value")
    return field, script


def fill_picker(
    picker: widgets.Dropdown, box: widgets.Box, legal: Sequence[Square], state: Game | None, lang: str
) -> None:
    """Offer the ``legal`` squares in the square list, or hide the list when there are none."""
    if not legal or state is None:
        # Hidden, not emptied: an empty list would send the page a choice of None, which Pyodide drops.
        box.layout.display = "none"
        return
    picker.options = picker_options(legal, state, lang)
    if picker.value not in legal:
        picker.value = legal[0]
    box.layout.display = ""


def html(css: str) -> widgets.HTML:
    """An empty ``HTML`` widget of CSS class ``css``."""
    box = widgets.HTML()
    box.add_class(css)
    return box


def make_picker(choose: Callable[[Square], object]) -> tuple[widgets.Dropdown, widgets.Button, widgets.HBox]:
    """The square list (hidden until squares may be chosen), its button, and their box; the button chooses."""
    picker = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto", min_width="18em"))
    button = widgets.Button()

    def chosen(_button: widgets.Button) -> None:
        if picker.value is not None:
            choose(tuple(picker.value))

    button.on_click(chosen)
    box = widgets.HBox([picker, button], layout=widgets.Layout(display="none"))
    box.add_class("aton-square-picker")
    return picker, button, box


def geometry_for_width(width: object) -> Geometry | None:
    """The geometry for a board with ``width`` CSS pixels of room (:func:`~aton.widgets.shapes.layout_for_width`);
    ``None`` for text that is not a width.  Words after the width (``"390 touch"``) are not read here.

    >>> geometry_for_width("390 touch") == geometry_for_width("390") != geometry_for_width("1280")
    True
    """
    words = str(width).split()
    try:
        room = float(words[0]) if words else None
    except ValueError:
        return None
    if room is None:
        return None
    return LAYOUTS[layout_for_width(room)]
