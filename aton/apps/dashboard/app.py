"""The Aton dashboard: a whole game in one widget, for Voila or a notebook.

``Dashboard(seed=None, lang="en")`` builds the page: the board (click squares to remove and place),
the card panel, the steps of each resolution one at a time, the coach, the game log, the
step-through explainer, a new-game form (against a bot, two people on one screen, two bots),
saving and loading, English / French and a light / dark theme.  ``notebooks/aton.ipynb`` only
builds and displays it.

The flow (modes, turns, bots, the cover, the steps, the coach, files, messages) lives in
:class:`~aton.apps.dashboard.controller.DashboardController`, a plain object without widgets;
this module, :mod:`~aton.apps.dashboard.play` and :mod:`~aton.apps.dashboard.form` only draw it
and forward what people do.

How hidden cards stay hidden:

- Every panel is built from ``game.view(player)`` of the person at the screen; the board and
  the explainer draw views too (or public information only).
- Two people on one screen: a "pass the screen" cover stands between their turns; before it
  is lifted the previous card panel is closed (its widgets leave the page, their state too).
- A bot decides from its own view in a background thread; its cards are face down until the reveal.
- A saved file holds only what the people at the screen may see (the whole game once it is over).
- The seed deals every card, so the page shows it only once the game is over (header, result,
  ``data-seed``); a seed typed in the form is the person's own.

The keyboard: the board comes first in the play order, then the card panel, Confirm and the step
controls; Tab or Escape leave the board for them, and after every action of the person at the screen
the focus goes to their next one (:mod:`~aton.apps.dashboard.focus`).  A tap on the board is a click.

Nothing the dashboard does shows a Python traceback: every handler turns an error into a
message (CSS class ``aton-message``) and keeps the game as it was.

Stable CSS classes for tests and tools: ``aton-dashboard`` (root; ``aton-dark`` in the dark theme),
``aton-status`` (its inner ``div`` carries public facts as ``data-*`` attributes), ``aton-app-message``,
``aton-board`` (the canvas), ``aton-step-explain``, ``aton-next-step``, ``aton-skip``, ``aton-auto``,
``aton-turn``, ``aton-bot-progress``, ``aton-cover``, ``aton-cover-ready``, ``aton-cover-message``,
``aton-result``, ``aton-right-column``,
``aton-hint-button``, ``aton-hint``, ``aton-hint-play`` ("Play this": the coach's move), ``aton-resume`` (a game
kept from an earlier visit: ``aton-resume-continue``, ``aton-resume-decline``), ``aton-log``, ``aton-mode``,
``aton-level``, ``aton-human``,
``aton-seed``, ``aton-start``, ``aton-save``, ``aton-download``, ``aton-load``, ``aton-language``,
``aton-theme``, and those of the widgets it holds (``aton-assign``, ``aton-card``...).

Phones and tablets: a small script in the page types the page's width into a hidden field
(``aton-page-width``) when it opens and when it is resized; :func:`~aton.apps.dashboard.style.page_layout`
names the layout for it (``page_layout``: ``"wide"``, ``"tablet"`` or ``"phone"``), the root carries
it as a class (``aton-layout-phone``...), the boards take the narrow geometry on a phone and the upright
one on a tablet held upright (:func:`~aton.widgets.shapes.layout_for_width`, up to 900 CSS pixels), and the words
that point to the step buttons say where they are.  The same script keeps the page's ``lang`` attribute
in step with the language (the root's class ``aton-lang-fr``...).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from html import escape
from typing import Any, Concatenate, ParamSpec, TypeVar

import ipywidgets as widgets
import traitlets

from ...actions import RED, Player
from ...game import Game
from ...widgets.assign import AssignPanel
from ...widgets.board import BoardView
from ...widgets.i18n import LANGUAGES, check_lang
from ...widgets.language import LanguageSwitch
from ...widgets.scene import GEOMETRY, NARROW, UPRIGHT, Geometry, Highlights, highlights_for_event
from ...widgets.shapes import layout_for_width
from ...widgets.stepper import Stepper
from ..work import Worker, kernel_schedule
from .controller import DashboardController
from .focus import Focus, next_focus
from .form import GameForm
from .friend_page import FriendPage
from .html import coach_html, log_html, message_html, status_html
from .play import CoverScreen, PlayPanel, close_tree
from .resume import GAME_KEY, HERE_KEY, BrowserStore, GameKeeper, bridge_reader
from .session import Mode, SavedFile, Session
from .style import PAGE_LAYOUTS, dashboard_css, page_layout
from .text import say

__all__ = ["Dashboard", "close_tree", "kernel_schedule"]

P = ParamSpec("P")
T = TypeVar("T")
BOARD_SCALE = 1.5
"""The boards draw at 1.5 x their logical size: sharp up to about 1470 device pixels (a projector, a
high-DPI laptop), and each redraw moves about half the pixels of 2 x (measured: in Chromium without a GPU,
compositing the 2 x board took about 30 ms per click)."""
NARROW_SCALE = 2.0
"""The narrow board (372 x 1206 logical pixels) draws at 2 x: sharp on a phone; 744 x 2412 canvas pixels."""
UPRIGHT_SCALE = 1.75
"""The upright tablet's board (854 x 826 logical pixels) draws at 1.75 x: 1494 canvas pixels for about 730
CSS pixels, sharp on a tablet's screen of 2 device pixels per CSS pixel."""
PLAY_TAB, COACH_TAB, LOG_TAB, GAME_TAB = range(4)

PAGE_SCRIPT = """(function () {
  // The canvas library focuses a canvas on every mouse press, before it reads where the press was; on a
  // board taller than the screen (a phone's, a narrow window's) that focus scrolled the page first, so the
  // press landed on another square.  Focusing a canvas no longer scrolls.
  if (!HTMLCanvasElement.prototype.atonFocus) {
    HTMLCanvasElement.prototype.atonFocus = HTMLElement.prototype.focus;
    HTMLCanvasElement.prototype.focus = function (options) {
      return this.atonFocus(Object.assign({preventScroll: true}, options || {}));
    };
  }
  var tries = 0;
  var timer = setInterval(function () {
    var field = document.querySelector('.aton-page-width input');
    var root = document.querySelector('.aton-dashboard');
    if ((!field || !root) && ++tries < 600) { return; }
    clearInterval(timer);
    if (!field || !root) { return; }
    root.setAttribute('role', 'main');  // the page's content, for screen readers' landmarks
    var last = '';
    function report() {
      var width = String(document.documentElement.clientWidth || window.innerWidth || 0);
      if (width === last) { return; }
      last = width;
      field.value = width;
      field.dispatchEvent(new Event('input', {bubbles: true}));
    }
    var pending = null;
    window.addEventListener('resize', function () { clearTimeout(pending); pending = setTimeout(report, 150); });
    report();
    function language() {
      var found = /\\baton-lang-([a-z]+)\\b/.exec(root.className);
      if (found && document.documentElement.lang !== found[1]) { document.documentElement.lang = found[1]; }
    }
    new MutationObserver(language).observe(root, {attributes: true, attributeFilter: ['class']});
    language();
    document.addEventListener('keydown', function (event) { tabOrder(root, event); }, true);
    // The keyboard on a board taller than the screen (a phone, an upright tablet): when the focus comes to
    // the board, and when its cursor moves, the place where the keyboard acts is brought into view (a
    // finger or a mouse on the board moves nothing: the board is where they are).
    var pointerAt = 0;
    document.addEventListener('pointerdown', function () { pointerAt = Date.now(); }, true);
    document.addEventListener('touchstart', function () { pointerAt = Date.now(); }, {capture: true, passive: true});
    function keyboardOnBoard() {
      var here = document.activeElement;
      return here && here.matches('canvas.aton-board') && root.contains(here) && Date.now() - pointerAt > 800;
    }
    // again a little later too: the page may still be settling (panels shrinking as steps end)
    document.addEventListener('focusin', function () {
      [60, 400, 1200].forEach(function (wait) {
        setTimeout(function () { if (keyboardOnBoard()) { showPlace(); } }, wait);
      });
    }, true);
    new MutationObserver(function () { if (keyboardOnBoard()) { showPlace(); } }).observe(
      root, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-focus-y']});
  }, 100);
  function showPlace() {
    var canvas = document.activeElement;
    var view = canvas && canvas.closest('.aton-board-view');
    var info = view && view.querySelector('.aton-hover [data-focus-y]');
    if (!info) { return; }
    var box = canvas.getBoundingClientRect(), room = window.innerHeight;
    var y = box.top + parseFloat(info.getAttribute('data-focus-y')) * box.height;
    if (y >= 80 && y <= room - 80) { return; }
    var scroller = document.querySelector('#rendered_cells');
    if (scroller && scroller.scrollHeight > scroller.clientHeight + 1) {
      scroller.scrollTop += y - room / 2;
    } else {
      window.scrollBy(0, y - room / 2);
    }
  }
  // The keyboard's order: board, the right panel's controls (the cards and the step controls), then the
  // tabs above that panel, then the rest of the page; Shift+Tab goes the same way back.  The tab bars come
  // before their panels in the page, so Tab alone would never reach them after the panel's last control.
  function shown(element) {
    return !element.disabled && element.tabIndex >= 0 && element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== 'hidden';
  }
  function controls(box) {
    return Array.prototype.filter.call(
      box.querySelectorAll('button, input, select, textarea, a[href], [tabindex]'), shown);
  }
  function currentTab(tabs) {
    var bar = tabs && tabs.querySelector(':scope > .lm-TabBar');
    return bar ? bar.querySelector('.lm-TabBar-tab.lm-mod-current') : null;
  }
  function tabOrder(root, event) {
    if (event.key !== 'Tab' && event.key !== 'Escape') { return; }
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var here = document.activeElement, back = event.key === 'Tab' && event.shiftKey;
    var tabs = root.querySelector('.aton-right'), tab = currentTab(tabs);
    var panel = tabs && tabs.querySelector(':scope > .widget-tab-contents');
    if (!tab || !panel || !here || !root.contains(here)) { return; }
    var inside = controls(panel), first = inside[0], last = inside[inside.length - 1];
    var playing = tab === tabs.querySelector('.lm-TabBar-tab');  // the first tab: Play
    if (here.matches('canvas.aton-board')) {
      if (back) {  // up the page: the tabs above the board
        var above = currentTab(here.closest('.aton-left'));
        if (above) { event.preventDefault(); above.focus(); }
      } else if (!playing) {  // the kernel leads the way to the play controls; other panels start here
        event.preventDefault();
        (first || tab).focus();
      }
      return;
    }
    if (event.key !== 'Tab' || !first) { return; }
    if (!back && here === last) {
      event.preventDefault();
      tab.focus();
    } else if (tab.parentNode.contains(here)) {
      if (back) { event.preventDefault(); }
      last.focus();  // forward, the browser goes on from the panel's last control: out of the panel
    } else if (back && here === first) {
      tab.focus();  // the browser goes on from the tabs: what comes before the panel
    }
  }
})();"""
"""Runs in the page: reports its width to the hidden field ``aton-page-width`` (at once and after a resize),
sets the page's ``lang`` from the dashboard's class, makes the dashboard the page's main landmark, and keeps
a click on a canvas from scrolling the page before the click is read, and keeps the keyboard's order: board,
the right panel's controls, the tabs above it, the rest of the page (Shift+Tab the same way back)."""


HERE_READER = bridge_reader("aton-here-bridge", {"kept": HERE_KEY})
"""Runs in the static site's page (no room store): types the game this browser keeps (``localStorage``,
:data:`~aton.apps.dashboard.resume.HERE_KEY`) into the hidden field ``aton-here-bridge``, and asks before
the page is left while a game is in progress."""


def _here_writer(text: str, count: int) -> tuple[dict[str, Any], ...]:
    """The script that keeps ``text`` in the browser under :data:`HERE_KEY` (``""``: forgets it)."""
    key = json.dumps(HERE_KEY)
    code = (
        f"window.localStorage.setItem({key}, {json.dumps(text)});"
        if text
        else f"window.localStorage.removeItem({key});"
    )
    source = f"try {{ {code} }} catch (error) {{}} // {count}"
    return ({"output_type": "display_data", "data": {"application/javascript": source}, "metadata": {}},)


def _guarded(method: Callable[Concatenate[Dashboard, P], T]) -> Callable[Concatenate[Dashboard, P], T | None]:
    """Turn any error of a handler into a message in the page; the game stays as it was."""

    @functools.wraps(method)
    def wrapper(self: Dashboard, /, *args: P.args, **kwargs: P.kwargs) -> T | None:
        try:
            return method(self, *args, **kwargs)
        except Exception as error:
            self.flow.report(error)
            return None

    return wrapper


def _button(css: str, style: str = "", width: str = "auto") -> widgets.Button:
    button = widgets.Button(button_style=style, layout=widgets.Layout(width=width))
    button.add_class(css)
    return button


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css)
    return box


class _LazyStore:
    """The room store of "Play a friend", opened only when the keeper first needs it."""

    def __init__(self, opener: Callable[[], Any]) -> None:
        self._opener = opener

    def __getattr__(self, name: str) -> Any:
        return getattr(self._opener(), name)


class Dashboard(widgets.VBox):  # type: ignore[misc]
    """The whole game in one widget (CSS class ``aton-dashboard``), showing a :class:`DashboardController`.

    ``Dashboard(seed=None, lang="en", *, mode="bot", level="easy", human=RED, theme="light",
    background=None)``

    - ``seed``: the first game's seed (``None``: a new random one, shown once the game is over).
    - ``mode``: ``"bot"`` (a person against a bot), ``"two"`` (two people on one screen) or
      ``"watch"`` (two bots); ``level``: ``"easy"``, ``"medium"`` or ``"hard"``; ``human``: the
      colour the person plays against a bot.
    - ``background``: run bots and the coach in threads (default: when in a Jupyter kernel);
      ``False`` runs them at once, for scripts and tests.

    ``flow`` is the controller: every decision is its own; this widget draws it and forwards clicks.
    Methods for scripts and tests: :meth:`new_game`, :meth:`next_step`, :meth:`skip`,
    :meth:`lift_cover`, :meth:`ask_coach`, :meth:`save`, :meth:`load_bytes`.
    """

    theme = traitlets.Unicode("light")
    page_layout = traitlets.Unicode("wide")
    """The page's layout (``"wide"``, ``"tablet"``, ``"phone"``), from the width the page reports."""
    board_layout = traitlets.Unicode("wide")
    """The board's geometry the page's width asks for (``"narrow"``, ``"upright"``, ``"wide"``), see
    :func:`~aton.widgets.shapes.layout_for_width`."""

    def __init__(
        self,
        seed: int | None = None,
        lang: str = "en",
        *,
        mode: str = "bot",
        level: str = "easy",
        human: Player = RED,
        theme: str = "light",
        background: bool | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-dashboard")
        lang = check_lang(lang)
        schedule = kernel_schedule() if background is not False else None
        if background and schedule is None:
            raise ValueError("background=True needs a Jupyter kernel to hand results back to the page")
        self.flow = DashboardController(seed, mode=mode, level=level, human=human, schedule=schedule, lang=lang)
        self._generation = -1
        self._stepper: Stepper | None = None
        self._predict: tuple[bool, dict[str, Any]] = (False, {})
        """The step-through's "predict first" switch and its right answers per rule, kept from game to game."""
        self._saved: SavedFile | None = None
        self._saved_lang = lang
        self._drawn_lang = lang
        self._focus_wanted = False
        self._hooked_panel: AssignPanel | None = None

        # ---------------------------------------------------------- header and message
        self.style_html = widgets.HTML(dashboard_css())
        self.title_html = _html("aton-title")
        self.status = _html("aton-status")
        self.language = LanguageSwitch(language=self.flow.language)  # shows and sets the controller's language
        self.theme_switch = widgets.ToggleButtons(options=[("Light", "light"), ("Dark", "dark")], value=theme)
        self.theme_switch.add_class("aton-theme")
        self.theme_switch.style.button_width = "5.5em"
        header = widgets.HBox([self.title_html, self.status, self.language, self.theme_switch])
        header.add_class("aton-header")
        self.message = _html("aton-message")
        self.message.add_class("aton-app-message")
        self.page_width = widgets.Text(layout=widgets.Layout(display="none"))
        self.page_width.add_class("aton-page-width")
        self.page_script = widgets.Output(layout=widgets.Layout(display="none"))
        self.page_script.outputs = (
            {"output_type": "display_data", "data": {"application/javascript": PAGE_SCRIPT}, "metadata": {}},
        )

        # ---------------------------------------------------------- board and explainer
        self.twin_box = widgets.Accordion()
        self.twin_box.add_class("aton-twin-box")
        self.board_area = widgets.VBox()
        self.board_area.add_class("aton-board-area")
        self.board: BoardView
        self._build_board(lang)
        self._generation = self.flow.generation
        self.explainer_help = _html("aton-explainer-help")
        self.explainer_area = widgets.VBox([self.explainer_help])
        self.explainer_area.add_class("aton-explainer")
        self.left_tabs = widgets.Tab(children=[self.board_area, self.explainer_area])
        self.left_tabs.add_class("aton-left")

        # ---------------------------------------------------------- play
        self.play = PlayPanel(self.flow)
        self.play.on_choice(self._on_choice)
        self._reviewing: tuple[Game, Highlights, str] | None = None
        """A moment of the game review the main board shows (until another game comes)."""
        self.play.review.show_on(self._show_reviewed)

        # ---------------------------------------------------------- coach, log, new game and files
        self.coach_help = _html("aton-coach-help")
        self.hint_button = _button("aton-hint-button", "info")
        self.hint_html = _html("aton-hint")
        self.hint_play = _button("aton-hint-play", "success")
        self.hint_play.layout.display = "none"
        # "Play this" right under the button that asked, above the suggestion and its table (always in view)
        coach_box = widgets.VBox([self.coach_help, self.hint_button, self.hint_play, self.hint_html])
        coach_box.add_class("aton-coach")
        self.log_html = _html("aton-log")
        setup = self.flow.session.setup
        self.form = GameForm(
            mode=setup.mode.value, level=setup.level, human=setup.human, seed_text="" if seed is None else str(seed)
        )
        self.right_tabs = widgets.Tab(children=[self.play, coach_box, widgets.VBox([self.log_html]), self.form])
        self.right_tabs.add_class("aton-right")

        # ---------------------------------------------------------- cover
        self.cover = CoverScreen(self.flow)

        # ---------------------------------------------------------- a game kept from an earlier visit
        self.resume_text = _html("aton-resume-text")
        self.resume_continue = _button("aton-resume-continue", "success")
        self.resume_decline = _button("aton-resume-decline")
        self.resume_box = widgets.VBox([self.resume_text, widgets.HBox([self.resume_continue, self.resume_decline])])
        self.resume_box.add_class("aton-resume")
        self.resume_box.layout.display = "none"

        right = widgets.VBox([self.resume_box, self.message, self.right_tabs])  # a message never moves the board
        right.add_class("aton-right-column")
        self.body = widgets.HBox([self.left_tabs, right])
        self.body.add_class("aton-body")
        self.children = [self.style_html, header, self.cover, self.body, self.page_width, self.page_script]

        # ---------------------------------------------------------- wiring: people's input goes to the flow
        flow = self.flow
        self.hint_button.on_click(lambda _b: self.ask_coach())
        self.hint_play.on_click(lambda _b: self.play_hint())
        self.resume_continue.on_click(lambda _b: self.continue_kept_game())
        self.resume_decline.on_click(lambda _b: self.decline_kept_game())
        self.form.on_start(self._on_start)
        self.form.on_save(self.save)
        self.form.on_file(lambda name, content: self.load_bytes(content, name))
        self.friend: FriendPage | None = None
        """Playing a friend: the room of this page (``None`` where there are no rooms, as on the static site)."""
        if self.form.friend.available:
            self.friend = FriendPage(
                flow, self.form.friend, schedule, show_form=self._show_friend_form, show_play=self._show_play
            )
        for button in (self.play.next_button, self.play.skip_button, self.cover.button):
            button.on_click(lambda _b: self._want_focus())  # after the page's own handler: the flow moved on
        self.keeper: GameKeeper | None = None
        """Keeps this page's game for a reload: in the room store, or in the browser where there is none."""
        if self.friend is not None:
            room = self.friend.room
            panel = self.form.friend
            self.keeper = GameKeeper(flow, store=_LazyStore(lambda: room.store), remember=self._remember_game)
            panel.on_bridge(self._on_bridge)
        else:  # no room store (the static site): the browser keeps the game itself
            self._here_writes = 0
            self.here_store = BrowserStore(self._write_here)
            self.here_bridge = widgets.Text(layout=widgets.Layout(display="none"))
            self.here_bridge.add_class("aton-here-bridge")
            self.here_script = widgets.Output(layout=widgets.Layout(display="none"))
            self.here_script.outputs = (
                {"output_type": "display_data", "data": {"application/javascript": HERE_READER}, "metadata": {}},
            )
            self.here_writer = widgets.Output(layout=widgets.Layout(display="none"))
            self.children = [*self.children, self.here_bridge, self.here_script, self.here_writer]
            self.keeper = GameKeeper(flow, store=self.here_store)
            self.here_bridge.observe(self._on_here_bridge, names="value")
        self.left_tabs.observe(self._on_left_tab, names="selected_index")
        self.right_tabs.observe(self._on_right_tab, names="selected_index")
        self.observe(self._on_theme, names="theme")
        self.observe(self._on_page_layout, names=["page_layout", "board_layout"])
        self.page_width.observe(self._on_page_width, names="value")
        self.add_class("aton-layout-wide")
        self.theme_switch.observe(self._on_theme_switch, names="value")
        flow.on_change(self._render)
        self.theme = theme
        self._on_theme(None)
        self._relabel()
        self._render()

    # ================================================================ for scripts and tests
    @property
    def session(self) -> Session:
        """The game and its players."""
        return self.flow.session

    @property
    def game(self) -> Game:
        """The live game."""
        return self.flow.game

    @property
    def worker(self) -> Worker[Any]:
        """Where bots and the coach think."""
        return self.flow.worker

    @property
    def live(self) -> bool:
        """Whether the board shows the game as it is now (no step left to watch)."""
        return self.flow.live

    @property
    def pending(self) -> int:
        """Steps not watched yet."""
        return self.flow.pending

    @property
    def panel(self) -> AssignPanel | None:
        """The card panel on the page now, if any."""
        return self.play.panel

    @property
    def at_screen(self) -> Player | None:
        """Two people on one screen: whose cards may show now (``None`` while the cover is up)."""
        return self.flow.at_screen

    @property
    def covered(self) -> bool:
        """Whether the "pass the screen" cover is up."""
        return bool(self.cover.layout.display != "none")

    @property
    def thinking(self) -> list[str]:
        """Names of the background jobs running (``"bot:blue"``, ``"coach"``)."""
        return self.flow.thinking

    @_guarded
    def new_game(
        self,
        seed: int | None = None,
        *,
        mode: str | None = None,
        level: str | None = None,
        human: Player | None = None,
        names: tuple[str, str] = ("", ""),
    ) -> None:
        """Start a new game (unchanged settings keep their current value; ``seed=None``: a new seed)."""
        self.flow.new_game(seed, mode=mode, level=level, human=human, names=names)

    @_guarded
    def next_step(self) -> None:
        """Show the next step not watched yet."""
        self.flow.next_step()

    @_guarded
    def skip(self) -> None:
        """Go to the end of this round, or to now."""
        self.flow.skip()

    @_guarded
    def lift_cover(self) -> None:
        """Two people on one screen: the player named on the cover looks now."""
        self.flow.lift_cover()

    @_guarded
    def ask_coach(self) -> None:
        """Ask the coach for a hint for the person who must decide."""
        self.flow.ask_coach()

    @_guarded
    def play_hint(self) -> None:
        """Play the coach's suggestion ("Play this")."""
        self.flow.play_hint()

    @_guarded
    def continue_kept_game(self) -> None:
        """Continue the game kept from an earlier visit of this browser."""
        self.flow.accept_resume()

    @_guarded
    def decline_kept_game(self) -> None:
        """Keep the new game (the kept one is forgotten)."""
        self.flow.decline_resume()

    @_guarded
    def save(self) -> None:
        """Put a download link for the game in the page (what the people at the screen may see)."""
        self.flow.save()

    @_guarded
    def load_bytes(self, content: bytes, name: str = "file") -> bool:
        """Load a saved game, a teacher's position or a record; on a problem say why and keep the game."""
        return self.flow.load_bytes(content, name)

    def close(self) -> None:
        """Stop the background work, then close the dashboard."""
        self.flow.close()
        if self.keeper is not None:
            self.keeper.close()
        self.play.review.reset()
        if self.friend is not None:
            self.friend.close()
        super().close()

    # ================================================================ input
    @_guarded
    def _on_bridge(self, facts: dict[str, str]) -> None:
        """The browser said what it holds: the key of a game kept from an earlier visit, if any."""
        if self.keeper is not None:
            self.keeper.browser_said(facts.get("game", ""))

    @_guarded
    def _on_here_bridge(self, change: Any) -> None:
        """The static site's browser said which game it keeps (its text, or nothing)."""
        try:
            kept = json.loads(str(change["new"])).get("kept", "")
        except (ValueError, AttributeError):
            return
        if self.keeper is not None:
            self.keeper.browser_said(self.here_store.load(kept))

    def _write_here(self, text: str) -> None:
        """Keep ``text`` (this page's game) in the static site's browser; ``""`` forgets it."""
        self._here_writes += 1
        self.here_writer.outputs = _here_writer(text, self._here_writes)

    def _remember_game(self, key: str) -> None:
        self.form.friend.keep(key, GAME_KEY)

    @_guarded
    def _show_reviewed(self, state: Game, highlights: Highlights, text: str) -> None:
        """The review's "Show" (or its graph): the moment on the main board, in view, with what it says."""
        self._reviewing = (state, highlights, text)
        self.left_tabs.selected_index = 0
        self._render_board()

    def _show_play(self) -> None:
        self.right_tabs.selected_index = PLAY_TAB

    def _show_friend_form(self) -> None:
        """A link named a room: bring up the "Play a friend" fields, its code filled in."""
        self.form.mode_choice.value = "friend"
        self.right_tabs.selected_index = GAME_TAB

    @_guarded
    def _on_start(self, choices: dict[str, Any]) -> None:
        self.flow.start_from_form(
            choices["seed_text"],
            mode=choices["mode"],
            level=choices["level"],
            human=choices["human"],
            names=choices["names"],
        )

    def _on_choice(self, cards: tuple[int | None, ...] | None) -> None:
        """The person's unconfirmed cards, drawn on their own cartouches (the board's viewer is that person)."""
        self.board.preview(cards)

    @_guarded
    def _on_left_tab(self, change: Any) -> None:
        self._focus_wanted = False
        if change["new"] == 1:
            self._open_explainer()

    @_guarded
    def _on_right_tab(self, change: Any) -> None:
        self._focus_wanted = False  # the person went elsewhere: a late bot move must not pull them back
        if change["new"] == LOG_TAB:
            self.log_html.value = log_html(self.flow, self.lang)
        self._render_board()  # the board's hint says where the step buttons are

    def _relang(self, lang: str) -> None:
        """The controller's language changed: every part of the page speaks it (then the render goes on)."""
        self._drawn_lang = lang
        self.board.lang = lang
        if self._stepper is not None:
            self._stepper.lang = lang
        self._relabel()

    @_guarded
    def _on_theme_switch(self, change: Any) -> None:
        self.theme = str(change["new"])

    @_guarded
    def _on_page_width(self, change: Any) -> None:
        """The page said how wide it is: pick the layout (text that is not a width is ignored)."""
        try:
            width = float(str(change["new"]))
        except ValueError:
            return
        self.board_layout = layout_for_width(width)
        self.page_layout = page_layout(width)

    @_guarded
    def _on_page_layout(self, change: Any) -> None:
        for name in PAGE_LAYOUTS:
            self.remove_class(f"aton-layout-{name}")
        self.add_class(f"aton-layout-{self.page_layout}")
        geometry, scale = self._geometry()
        if geometry is UPRIGHT:  # the style sheet gives the upright board the screen's width, less a strip
            self.add_class("aton-board-upright")
        else:
            self.remove_class("aton-board-upright")
        self.board.set_geometry(geometry, scale)
        if self._stepper is not None:
            self._stepper.board.set_geometry(geometry, scale)
        self._render_board()

    def _geometry(self) -> tuple[Geometry, float]:
        """The boards' geometry and drawing scale for the page's layout."""
        if self.page_layout == "phone":
            return NARROW, NARROW_SCALE
        if self.page_layout == "tablet" and self.board_layout == "upright":
            return UPRIGHT, UPRIGHT_SCALE  # a tablet held upright (the width said so)
        return GEOMETRY, BOARD_SCALE

    @traitlets.validate("page_layout")
    def _valid_page_layout(self, proposal: Any) -> str:
        value = str(proposal["value"])
        if value not in PAGE_LAYOUTS:
            raise traitlets.TraitError(f"page_layout is one of {PAGE_LAYOUTS}, not {value!r}")
        return value

    def _on_theme(self, change: Any) -> None:
        dark = self.theme == "dark"
        self.remove_class("aton-light" if dark else "aton-dark")
        self.add_class("aton-dark" if dark else "aton-light")
        if self.theme_switch.value != self.theme:
            self.theme_switch.value = self.theme

    @traitlets.validate("theme")
    def _valid_theme(self, proposal: Any) -> str:
        value = str(proposal["value"])
        if value not in ("light", "dark"):
            raise traitlets.TraitError(f"theme is 'light' or 'dark', not {value!r}")
        return value

    @property
    def lang(self) -> str:
        """The page's language: the controller's (``flow.language``), which every part follows."""
        return self.flow.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self.flow.set_lang(lang)

    # ================================================================ drawing the flow
    def _render(self) -> None:
        """Bring every part of the page in step with the controller.

        Words go first: the explanation and the status reach the page before the board's
        redraw, which takes the browser longer.
        """
        flow = self.flow
        lang = self.lang
        if lang != self._drawn_lang:
            self._relang(lang)
        if flow.generation != self._generation:
            self._install()
        if flow.live and self.board.game is not flow.game:
            self._render_board()  # a room's new view: the board and its twin first, as a click draws itself first
        # the step's explanation, then at once the status that says it is there (tools wait on the status,
        # and time the explanation): nothing slow, such as a new card panel, may come between the two
        self.play.render_steps(lang)
        self.status.value = status_html(flow, lang)
        self.message.value = message_html(flow, lang)
        self._render_cover()
        self.play.render_rest(lang)
        self._render_board()
        self.hint_html.value = coach_html(flow, lang)
        self.hint_play.layout.display = "" if flow.hint is not None and flow.live else "none"
        offer = flow.resume_offer
        self.resume_box.layout.display = "none" if offer is None else ""
        self.resume_text.value = (
            "" if offer is None else f"<h4>{escape(say('resume.title', lang))}</h4><p>{escape(offer.text(lang))}</p>"
        )
        if self.friend is not None:
            if flow.mode is Mode.FRIEND and self.form.mode_choice.value != Mode.FRIEND.value:
                self.form.mode_choice.value = Mode.FRIEND.value  # a room entered from a saved key shows its fields
            self.friend.render(lang)
        if flow.saved is not self._saved or lang != self._saved_lang:
            self._saved, self._saved_lang = flow.saved, lang
            self.form.show_saved(flow.saved, lang)
        if self.right_tabs.selected_index == LOG_TAB:
            self.log_html.value = log_html(flow, lang)
        panel = self.play.panel
        if panel is not None and panel is not self._hooked_panel:
            self._hooked_panel = panel
            panel.on_action(self._after_cards)
        if self._focus_wanted:
            self._apply_focus()

    # ================================================================ keyboard focus
    def _after_cards(self, action: Any) -> None:
        """Confirm (or the exchange) was played from the card panel: focus where the person acts next."""
        self._want_focus()

    @_guarded
    def _want_focus(self) -> None:
        """The person at the screen acted: move the focus to their next action, now or once it is there."""
        self._focus_wanted = True
        self._apply_focus()

    def _apply_focus(self) -> None:
        target = next_focus(self.flow, board_legal=bool(self.board.legal_squares()))
        if target is Focus.WAIT:
            return  # a bot or the other person decides: the wish stays until the next action shows
        self._focus_wanted = False
        if target is Focus.BOARD:
            if self.left_tabs.selected_index == 0:
                self.board.focus()
            return
        widget = self._focus_widget(target)
        if widget is not None:
            self.board.drop_cursor()
            widget.focus()

    def _focus_widget(self, target: Focus) -> widgets.DOMWidget | None:
        """The control of ``target`` on the page now (``None``: it is not there)."""
        if target is Focus.COVER:
            return self.cover.button
        if target is Focus.STEPS:
            return self.play.next_button if self.right_tabs.selected_index == PLAY_TAB else None
        if target is Focus.CARDS:
            return self._panel_control()
        if target is Focus.OVER:
            return _first_button(self.play.review)
        return None

    def _panel_control(self) -> widgets.Button | None:
        """The card panel's first card still in hand, else its Confirm button (``None``: no panel to use)."""
        panel = self.play.panel
        if panel is None or self.right_tabs.selected_index != PLAY_TAB or not panel.editable:
            return None
        for button in panel.card_buttons:
            if not button.disabled:
                return button
        return panel.confirm_button if not panel.confirm_button.disabled else None

    @_guarded
    def _leave_board(self, forward: bool) -> None:
        """Tab or Escape on the board: the next control of the play order (card panel, Confirm, step controls).

        The page's script (:data:`PAGE_SCRIPT`) moves the focus itself for Shift+Tab (to the tabs above the
        board) and when another panel than Play shows (to that panel's first control).
        """
        if not forward or self.right_tabs.selected_index != PLAY_TAB:
            return
        self._play_controls()[0].focus()

    def _play_controls(self) -> list[widgets.DOMWidget]:
        """The controls after the board, in the keyboard's order (never empty: the tabs come last)."""
        play = self.play
        controls: list[widgets.DOMWidget | None] = [self._panel_control()]
        if self.right_tabs.selected_index == PLAY_TAB and play.steps_box.layout.display != "none":
            controls += [b for b in (play.next_button, play.skip_button) if b.layout.display != "none"]
            controls += [w for w in (play.auto_button, play.main_steps) if w.layout.display != "none"]
        controls.append(_first_button(play.review))
        found = [widget for widget in controls if widget is not None]
        return found or [self.right_tabs]

    def _install(self) -> None:
        """A new game or a loaded file: a new board, no panel, no explainer, the Play tab."""
        flow = self.flow
        self._generation = flow.generation
        self._reviewing = None
        self.play.close_panel()
        self._build_board(self.lang)
        if self._stepper is not None:
            self._predict = (self._stepper.predicting, self._stepper.flow.tally)
            close_tree(self._stepper)
            self._stepper = None
            self.explainer_area.children = [self.explainer_help]
        self.right_tabs.selected_index = PLAY_TAB
        if self.left_tabs.selected_index == 1:
            self._open_explainer()

    def _build_board(self, lang: str) -> None:
        """A new board for the game (the old one leaves the page with everything it showed)."""
        flow = self.flow
        geometry, scale = self._geometry()
        board = BoardView(
            flow.game,
            viewer=flow.board_viewer(),
            controls=flow.session.controls,
            lang=lang,
            show_twin=False,
            display_width=1400,
            scale=scale,
            geometry=geometry,
            referee=flow,  # the board only chooses: the controller plays, or refuses with a message
        )
        board.on_leave(self._leave_board)
        board.on_action(lambda _action: self._want_focus())
        old: BoardView | None = getattr(self, "board", None)
        self.board = board
        self.twin_box.children = [board.twin]
        self.board_area.children = [board, self.twin_box]
        if old is not None:
            close_tree(old.twin)
            close_tree(old)

    def _render_board(self) -> None:
        board = self.board
        flow = self.flow
        viewer = flow.board_viewer()
        if board.viewer is not viewer:
            board.set_viewer(viewer)
        step = flow.shown_step()
        reviewing = self._reviewing
        if step is None and reviewing is not None and flow.over:
            state, highlights, text = reviewing
            board.show(state, highlights)
            board.say(text)
            return
        if step is None:
            if board.game is not flow.game:  # a room: each move brings a new view of the same game (drawn once live,
                board.set_game(flow.game)  # so that steps still to watch are not given away)
            if not board.up_to_date:  # a click drew itself already: its words stay
                board.refresh()
            board.suggest(flow.suggested_square)
            return
        board.suggest(None)
        board.show(step.state, highlights_for_event(step.event, step.state.rules.layout))
        pending = flow.pending
        where = "" if self.page_layout == "wide" else "_below"  # the buttons: right of the board, or below it
        if self.right_tabs.selected_index == PLAY_TAB:
            board.say(lambda lang: say(f"steps.board{where}", lang, count=pending))
        else:
            board.say(lambda lang: say(f"steps.board_elsewhere{where}", lang, count=pending, tab=say("tab.play", lang)))

    def _render_cover(self) -> None:
        self.cover.render(self.lang, self.message.value)
        self.body.layout.display = "none" if self.flow.covered else ""

    def _open_explainer(self) -> None:
        """Build (once per game) or bring up to date the step-through explainer on its own board."""
        flow = self.flow
        if self._stepper is not None:
            self._stepper.refresh()
            return
        viewer = flow.session.viewer
        geometry, scale = self._geometry()
        board = BoardView(
            viewer=viewer,
            lang=self.lang,
            show_changes=False,
            show_twin=False,
            display_width=1400,
            scale=scale,
            geometry=geometry,
        )
        if flow.room is not None and flow.mode is Mode.FRIEND:  # a room's steps come from its store
            self._stepper = Stepper(None, viewer=viewer, lang=self.lang, board=board, at="last", steps=flow.steps)
        else:
            self._stepper = Stepper(flow.game, viewer=viewer, lang=self.lang, board=board)
        self._stepper.flow.tally = self._predict[1]  # right answers per rule, kept from game to game
        self._stepper.predict_toggle.value = self._predict[0]
        self.explainer_area.children = [self.explainer_help, self._stepper]

    def _relabel(self) -> None:
        """Every fixed word of the page in the current language."""
        lang = self.lang
        for other in LANGUAGES:
            self.remove_class(f"aton-lang-{other}")
        self.add_class(f"aton-lang-{lang}")  # the page's script sets <html lang> from it
        title, subtitle = escape(say("title", lang)), escape(say("subtitle", lang))
        self.title_html.value = f'<h1 class="aton-heading">{title} <small>{subtitle}</small></h1>'
        theme = self.theme_switch.value
        self.theme_switch.options = [(say("theme.light", lang), "light"), (say("theme.dark", lang), "dark")]
        self.theme_switch.value = theme
        self.left_tabs.titles = (say("tab.board", lang), say("tab.explainer", lang))
        self.right_tabs.titles = tuple(say(f"tab.{name}", lang) for name in ("play", "coach", "log", "game"))
        self.twin_box.titles = (say("twin.title", lang),)
        self.explainer_help.value = f"<p>{escape(say('explainer.help', lang))}</p>"
        self.play.relabel(lang)
        self.coach_help.value = f"<p>{escape(say('coach.help', lang))}</p>"
        self.hint_button.description = say("coach.button", lang)
        self.hint_play.description = say("coach.play", lang)
        self.resume_continue.description = say("resume.continue", lang)
        self.resume_decline.description = say("resume.decline", lang)
        self.form.relabel(lang)


def _first_button(widget: Any) -> widgets.Button | None:
    """The first shown, enabled button inside ``widget`` (``None``: none)."""
    if isinstance(widget, widgets.Button):
        return widget if not widget.disabled and widget.layout.display != "none" else None
    if getattr(getattr(widget, "layout", None), "display", None) == "none":
        return None
    for child in getattr(widget, "children", ()):
        found = _first_button(child)
        if found is not None:
            return found
    return None
