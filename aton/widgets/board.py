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

Touch screens send no mouse events to the canvas (ipycanvas cancels every touch, so
a swipe on the board scrolls the page only where the page's script lets it, as the
dashboard's does): a tap is read from the touch events
and goes through :meth:`BoardView.handle_click`, the very path of a click; a long
press describes what is under the finger, as the mouse's hover does.  The keys
(arrows, Enter, Space) choose too, and Tab, Shift+Tab or Escape leave the board:
the canvas would keep the focus otherwise, so the host moves it
(:meth:`BoardView.on_leave`).

Callbacks: :meth:`on_action` (the referee played a choice of this board), :meth:`on_illegal` (the
referee refused a click, with its reason), :meth:`on_select` (any click on a target), :meth:`on_leave`
(Tab, Shift+Tab or Escape left the board: the host moves the keyboard focus).  A tap is a click and a
long press (:data:`LONG_PRESS_SECONDS`) a hover; :meth:`focus` gives the canvas the keyboard focus.
Set ``lang`` to ``"fr"`` or ``"en"`` at any time.  CSS classes: ``aton-board`` (the canvas),
``aton-message`` (prompt and reasons), ``aton-hover`` (what is under the mouse, the finger or the keyboard
cursor; ``data-cursor`` names the cursor's square), ``aton-keys-help``, ``aton-square-picker``,
``aton-text-twin``.

The board's parts: :mod:`~aton.widgets.board_model` (what is shown, what a choice becomes) and
:mod:`~aton.widgets.board_input` (what a touch or a key means), both without the widget library, and
:mod:`~aton.widgets.board_paint` (the layers painted, the words around the canvas); this widget holds them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar, cast

import ipywidgets as widgets
import traitlets

from ..actions import Action, Player, Square
from ..game import Game
from .board_input import LONG_PRESS_SECONDS, TAP_SLOP, BoardInput, Choose, Intent, Leave, LongPress, MoveCursor, Tap
from .board_model import BoardModel
from .board_paint import (
    FIT_SCRIPT,
    BoardPainter,
    connect,
    fit_parts,
    geometry_for_width,
    html,
    make_canvas,
    make_picker,
)
from .i18n import check_lang
from .referee import Referee, register
from .scene import GEOMETRY, Geometry, Highlights, Scene, Target
from .twin import TextTwin

__all__ = ["FIT_SCRIPT", "LONG_PRESS_SECONDS", "TAP_SLOP", "BoardView"]

T = TypeVar("T")


def _read(get: Callable[[BoardView], T], doc: str) -> T:
    """A read-only property of the board (typed as what it gives)."""
    return cast(T, property(get, doc=doc))


class BoardView(widgets.VBox):  # type: ignore[misc]
    """The Aton board on a canvas, with its prompt, hover help, a square picker and a text twin.

    ``BoardView(game=None, *, viewer=None, controls=(), lang="en", scale=2.0,
    show_twin=True, twin_open=True, show_changes=True, display_width=None, referee=None, geometry=None)``

    - ``game``: the live :class:`~aton.Game` to show and play (``None``: an empty board; see :meth:`set_game`).
    - ``viewer``: the player looking at the screen; the board draws ``game.view(viewer)``, so the
      opponent's hidden cards are never read.  ``None`` shows public information only.
    - ``controls``: the players whose removals and placements this board chooses
      (``()``: a board to look at; ``(RED,)``: a human plays red; ``(RED, BLUE)``: two people).
    - ``scale``: the canvas is drawn ``scale`` times larger than displayed, for sharp high-DPI screens.
    - ``show_twin``: put the text twin (``board.twin``) below the canvas; ``twin_open=False`` starts it
      closed (the reader opens it), for a board shown above questions whose answers it would state.
    - ``show_changes``: after :meth:`refresh`, mark the squares the new events placed or emptied.
    - ``display_width``: the largest width in CSS pixels (default: the logical width, 980).
    - ``geometry``: where the parts of the board sit (:data:`~aton.widgets.shapes.GEOMETRY`, temples side by
      side, or :data:`~aton.widgets.shapes.NARROW` for a phone); :meth:`set_geometry` changes it later.
      Without one, the board follows the room it has in the page (:meth:`fit_width`): a tutorial's board
      on a phone takes the narrow geometry, on an upright tablet the upright one, else the wide one.
    - ``referee``: who plays the board's choices (:class:`~aton.widgets.referee.Referee`; default:
      :func:`~aton.widgets.referee.referee_for` the game, shared with the game's other widgets).

    Set ``lang`` to ``"fr"`` or ``"en"`` at any time; callbacks and CSS classes: see the module's text.
    """

    lang = traitlets.Unicode("en")
    touch = traitlets.Bool(False, help='A finger is the main pointer of the page (the words say "tap", not "click").')
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
        twin_open: bool = True,
        show_changes: bool = True,
        display_width: float | None = None,
        referee: Referee | None = None,
        geometry: Geometry | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-board-view")
        g = geometry if geometry is not None else GEOMETRY
        self._display_width = display_width
        self.canvas = make_canvas(g, scale, display_width)
        self.message, self.info, self.keys_help = (
            html(css) for css in ("aton-message", "aton-hover", "aton-keys-help")
        )
        self.picker, self.choose_button, self.picker_box = make_picker(lambda square: self.choose(square))
        self.twin = TextTwin(lang=lang, viewer=viewer, opened=twin_open)
        self.children = [self.message, self.canvas, self.info, self.picker_box, self.keys_help]
        self.children += (self.twin,) if show_twin else ()
        self.width_field: widgets.Text | None = None
        """Without a ``geometry`` given: the hidden field where the page types the board's width (see
        :meth:`fit_width`); ``None`` when the host lays the board out itself (the dashboard)."""
        if geometry is None:
            BoardView._fitted += 1
            self.width_field, script = fit_parts(f"aton-fit-{BoardView._fitted}", self.fit_width)
            self.children = [*self.children, self.width_field, script]
        self.painter = BoardPainter(self, g, float(scale))
        """Paints the canvas and writes the words (:class:`~aton.widgets.board_paint.BoardPainter`)."""
        self.model = BoardModel(
            self.painter.draw, viewer=viewer, controls=controls, referee=referee, show_changes=show_changes
        )
        """What the board shows and what its clicks do (:class:`~aton.widgets.board_model.BoardModel`)."""
        self.input = BoardInput(time.monotonic, on_long_press=self._carry_out)
        """What touches and keys mean (:class:`~aton.widgets.board_input.BoardInput`)."""
        self._leave_callbacks: list[Callable[[bool], None]] = []
        self.lang = check_lang(lang)
        connect(self.canvas, self)
        self.observe(self._on_lang, names="lang")
        self.painter.relabel()
        self.set_game(game)

    # ------------------------------------------------------------ public API
    game: Game | None = _read(lambda b: b.model.game, "The live game this board shows and plays.")
    referee: Referee | None = _read(lambda b: b.model.referee, "Who plays the choices (``None``: no game).")
    viewer: Player | None = _read(lambda b: b.model.viewer, "Who looks at the board (``None``: the public).")
    state: Game | None = _read(lambda b: b.model.state, "The state drawn: a shown step, or the live game.")
    scene: Scene | None = _read(lambda b: b.painter.scene, "The scene drawn last (shapes, hit areas).")
    up_to_date: bool = _read(lambda b: b.model.up_to_date, "Whether a :meth:`refresh` would add nothing.")
    showing: bool = _read(lambda b: b.model.shown is not None, "True while :meth:`show` shows a step.")
    geometry: Geometry = _read(lambda b: b.painter.geometry, "Where the parts of the board sit (:meth:`set_geometry`).")
    scale: float = _read(lambda b: b.painter.scale, "The canvas draws ``scale`` times larger than its logical size.")
    paint_counts: dict[str, int] = _read(lambda b: b.painter.paint_counts, "How many times each layer was painted.")

    @property
    def controls(self) -> tuple[Player, ...]:
        """The players whose clicks this board sends to the referee."""
        return self.model.controls

    @controls.setter
    def controls(self, players: Iterable[Player]) -> None:
        self.model.set_controls(players)
        self.painter.relabel()
        self.painter.draw()

    @property
    def clock(self) -> Callable[[], float]:
        """The clock that times a long press (tests set their own)."""
        return self.input.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.input.clock = clock

    def attach(self, referee: Referee | None) -> None:
        """Hand the board's choices to ``referee`` from now on (``None``: the game's own referee)."""
        self.model.attached = referee

    def set_game(self, game: Game | None) -> None:
        """Show and play ``game`` from now on (a new game, a loaded position)."""
        self.model.set_game(game)

    def follow(self, game: Game) -> None:
        """Show a newer view of the same game (a shared room moved on), its last move marked until the next."""
        self.model.follow(game)

    def set_viewer(self, viewer: Player | None) -> None:
        """Look at the game as ``viewer`` (for two people sharing a screen)."""
        self.model.set_viewer(viewer)

    def refresh(self) -> None:
        """Draw the live game again, after someone else changed it (``show_changes``: mark what changed)."""
        self.model.refresh()

    def show(self, state: Game, highlights: Highlights | None = None, step: Callable[[str], str] | None = None) -> None:
        """Draw ``state`` (a step, a teaching position) with ``highlights``; clicks only describe.

        ``step`` gives what a step-through's step is, in a language: the text twin says it instead of
        the phase.  :meth:`refresh` goes back to the live game.
        """
        self.model.show(state, highlights, step)

    def preview(self, cards: Sequence[int | None] | None) -> None:
        """Draw the cards the viewer is putting on their own cartouches, before they confirm (``None``: none)."""
        self.model.set_preview(cards)

    def suggest(self, square: Square | None) -> None:
        """Mark the square the coach suggests on the live game (``None``: no mark)."""
        self.model.suggest(square)

    def say(self, text: str | Callable[[str], str], *, alert: bool = False) -> None:
        """Put a message above the board: a text, or a function of the language (kept on a language switch)."""
        self.model.say(text, alert=alert)

    def legal_squares(self) -> list[Square]:
        """Squares the acting player may choose now, if this board controls that player."""
        return self.model.legal_squares()

    def choose(self, square: Square) -> Action | None:
        """Choose ``square`` as a click would: the referee plays it or says why not; the action played or ``None``."""
        return self.model.choose(square)

    def on_action(self, callback: Callable[[Action], None], remove: bool = False) -> None:
        """Call ``callback(action)`` after the referee played ``action``, chosen on this board."""
        register(self.model.action_callbacks, callback, remove)

    def on_illegal(self, callback: Callable[[Action, str], None], remove: bool = False) -> None:
        """Call ``callback(action, reason)`` when the referee refuses a click (``reason`` in English)."""
        register(self.model.illegal_callbacks, callback, remove)

    def on_select(self, callback: Callable[[Target], None], remove: bool = False) -> None:
        """Call ``callback(target)`` for every click on a part of the board (square, cartouche, Kingdom...)."""
        register(self.model.select_callbacks, callback, remove)

    def on_leave(self, callback: Callable[[bool], None], remove: bool = False) -> None:
        """Call ``callback(forward)`` when a key leaves the board: Tab or Escape (``True``), Shift+Tab (``False``).

        The canvas keeps every key, Tab included, so the host moves the focus.  Without a callback, Tab and
        Escape go to the square list when it shows; else the canvas lets the focus go.
        """
        register(self._leave_callbacks, callback, remove)

    def focus(self) -> None:
        """Give the keyboard focus to the board's canvas (arrows, Enter and Space then choose squares)."""
        self.canvas.focus()

    def drop_cursor(self) -> None:
        """Take the keyboard cursor off the board (the host moved the focus elsewhere)."""
        if self.model.cursor is not None:
            self.model.move_cursor(None)

    def square_center(self, square: Square) -> tuple[float, float]:
        """Centre of ``square`` in canvas pixels (what mouse events report), for tests and tools."""
        return self.painter.square_center(square)

    def target_at(self, x: float, y: float) -> Target | None:
        """The target under canvas pixel ``(x, y)``."""
        return self.painter.target_at(x, y)

    def fit_width(self, width: object) -> None:
        """The board has ``width`` CSS pixels of room: take the geometry :func:`layout_for_width` names.

        ``"390 touch"``: the page's main pointer is a finger (:attr:`touch`; hosts say "tap" rather than
        "click").  Text that is not a width is ignored.  Only boards built without a ``geometry`` follow their
        width.
        """
        geometry = geometry_for_width(width)
        if geometry is not None:
            self.touch = "touch" in str(width).split()[1:]
            self.set_geometry(geometry)

    def set_geometry(self, geometry: Geometry, scale: float | None = None) -> None:
        """Lay the board out with ``geometry`` (and draw ``scale`` times larger; default: as before)."""
        scale = self.scale if scale is None else float(scale)
        if geometry == self.geometry and scale == self.scale:
            return
        self.model.hover = None
        self.canvas.layout.max_width = f"{self._display_width or geometry.width:g}px"
        self.painter.set_geometry(geometry, scale)
        self.redraw()

    def redraw(self) -> None:
        """Paint every layer again (a newly connected browser starts with a blank canvas)."""
        self.painter.painted.clear()
        self.painter.draw()

    # -------------------------------------------------------- event handlers
    def handle_click(self, x: float, y: float) -> Action | None:
        """A mouse press (or a tap) at canvas pixel ``(x, y)``: choose a square, or describe what was there."""
        target = self.target_at(x, y)
        return None if target is None else self.model.select(target)

    def handle_move(self, x: float, y: float) -> None:
        """The mouse moved to canvas pixel ``(x, y)``: outline and describe what is under it."""
        if self.model.point_at(self.target_at(x, y)):
            self.painter.draw("board")

    def handle_out(self, x: float = 0.0, y: float = 0.0) -> None:
        """The mouse left the canvas."""
        if self.model.point_away():
            self.painter.draw("board")

    def handle_key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> Action | None:
        """A key on the focused canvas (see :meth:`BoardInput.key <aton.widgets.board_input.BoardInput.key>`)."""
        model = self.model
        intent = self.input.key(
            key, shift, ctrl, meta, cursor=model.cursor, first=model.first_focus, neighbour=self.geometry.neighbour
        )
        return self._carry_out(intent)

    def handle_touch_start(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers on the canvas (every finger down now, canvas pixels): a tap, a long press or a gesture."""
        self.input.touch_start(touches)

    def handle_touch_move(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers moving: a finger sliding further than :data:`TAP_SLOP` no longer taps."""
        self.input.touch_move(touches, self.scale)

    def handle_touch_end(self, touches: Sequence[tuple[float, float]]) -> Action | None:
        """A finger lifted (``touches``: those still down): a tap is a click, a long press describes."""
        return self._carry_out(self.input.touch_end(touches))

    def handle_touch_cancel(self, touches: Sequence[tuple[float, float]] = ()) -> None:
        """The browser took the touch over (a system gesture): nothing is chosen."""
        self.input.touch_cancel()

    # ------------------------------------------------------------- internals
    def _carry_out(self, intent: Intent | None) -> Action | None:
        """Do what a touch or a key means."""
        model = self.model
        match intent:
            case Tap(x, y):
                model.hover = None  # a finger has no hover: a tap clears a long press's outline
                return self.handle_click(x, y)
            case LongPress(x, y):
                model.point_at(self.target_at(x, y), again=True)
                self.painter.draw("board")
            case MoveCursor(square):
                model.move_cursor(square)
            case Choose(square):
                played = self.choose(square)
                if played is not None:  # the cursor goes on to the next square that may be chosen
                    model.played_by_keyboard(square)
                return played
            case Leave(forward):
                self.drop_cursor()
                self._leave(forward=forward)
        return None

    def _leave(self, *, forward: bool) -> None:
        if self._leave_callbacks:
            for callback in list(self._leave_callbacks):
                callback(forward)
        elif forward and self.picker_box.layout.display != "none":
            self.picker.focus()
        else:  # the browser keeps its place: the next Tab (or Shift+Tab) goes on from the canvas
            self.canvas.blur()

    def _on_lang(self, change: Any) -> None:
        self.twin.lang = self.lang
        self.painter.relabel()
        self.painter.draw()

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))
