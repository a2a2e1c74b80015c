"""The dashboard's page: its script, the layout its width asks for, its theme, and helpers for its parts.

The page's script (:data:`PAGE_SCRIPT`) types the page's width into a hidden field; :class:`PageLook`
turns that width into the page's layout (``"wide"``, ``"tablet"``, ``"phone"``) and the boards'
geometry and scale (:func:`board_geometry`), and puts the layout, the theme and the language on the
dashboard's root as CSS classes (``aton-layout-phone``, ``aton-dark``, ``aton-lang-fr``...).
:func:`guarded` turns any error of a handler into a message in the page.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

import ipywidgets as widgets
import traitlets

from ...widgets.board_paint import TOUCH_SCROLL_JS
from ...widgets.bridge import script_outputs
from ...widgets.i18n import LANGUAGES
from ...widgets.scene import GEOMETRY, NARROW, UPRIGHT, Geometry
from ...widgets.shapes import layout_for_width
from .controller import DashboardController
from .style import PAGE_LAYOUTS, page_layout

__all__ = [
    "BOARD_SCALE",
    "NARROW_SCALE",
    "PAGE_SCRIPT",
    "UPRIGHT_SCALE",
    "OneOf",
    "PageLook",
    "board_geometry",
    "button",
    "guarded",
    "html",
    "script_output",
]

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

PAGE_SCRIPT = (
    """(function () {
  // The canvas library focuses a canvas on every mouse press, before it reads where the press was; on a
  // board taller than the screen (a phone's, a narrow window's) that focus scrolled the page first, so the
  // press landed on another square.  Focusing a canvas no longer scrolls.
  if (!HTMLCanvasElement.prototype.atonFocus) {
    HTMLCanvasElement.prototype.atonFocus = HTMLElement.prototype.focus;
    HTMLCanvasElement.prototype.focus = function (options) {
      return this.atonFocus(Object.assign({preventScroll: true}, options || {}));
    };
  }
"""
    + TOUCH_SCROLL_JS
    + """  var tries = 0;
  var timer = setInterval(function () {
    var field = document.querySelector('.aton-page-width input');
    var root = document.querySelector('.aton-dashboard');
    if ((!field || !root) && ++tries < 600) { return; }
    clearInterval(timer);
    if (!field || !root) { return; }
    // the page's content, for screen readers' landmarks (unless it sits in a page's main content: a tutorial):
    // Voila's cells (the learner's bar above the dashboard too), else the dashboard
    if (!root.parentElement || !root.parentElement.closest('main, [role=main]')) {
      var cells = root.closest('#rendered_cells');
      (cells || root).setAttribute('role', 'main');
    }
    var last = '';
    var coarse = window.matchMedia ? window.matchMedia('(pointer: coarse)') : null;
    function report() {
      // the width, and "touch" where the main pointer is a finger (the words then say "tap", not "click")
      var width = String(document.documentElement.clientWidth || window.innerWidth || 0) +
        (coarse && coarse.matches ? ' touch' : '');
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
    // Steps to watch on a phone or a tablet: each new step brings the part of the board it changed into view,
    // between the top of the screen and the bar of the step's words and buttons at the bottom (and again a
    // little later: the bar's words may still change its height).
    var stepKey = '';
    new MutationObserver(function () {
      var place = root.querySelector('.aton-step-focus .aton-step-place[data-top]');
      var key = place ? place.getAttribute('data-shown') + ' ' + place.getAttribute('data-top') : '';
      if (key === stepKey) { return; }
      stepKey = key;
      if (!key) { return; }
      showStep();
      [150, 600].forEach(function (wait) { setTimeout(function () { if (stepKey === key) { showStep(); } }, wait); });
    }).observe(root, {subtree: true, childList: true});
  }, 100);
  function showStep() {
    var root = document.querySelector('.aton-dashboard');
    if (!root || !/\\baton-layout-(phone|tablet)\\b/.test(root.className)) { return; }
    var place = root.querySelector('.aton-step-focus .aton-step-place[data-top]');
    var canvas = root.querySelector('.aton-board-area canvas.aton-board');
    if (!place || !canvas) { return; }
    var box = canvas.getBoundingClientRect();
    if (!box.height) { return; }  // the board's tab is not the one shown
    var top = box.top + parseFloat(place.getAttribute('data-top')) * box.height;
    var bottom = box.top + parseFloat(place.getAttribute('data-bottom')) * box.height;
    var floor = window.innerHeight, margin = 12;
    var bar = root.querySelector('.aton-steps.aton-steps-pending');
    if (bar && getComputedStyle(bar).position === 'fixed' && bar.getClientRects().length) {
      floor = Math.min(floor, bar.getBoundingClientRect().top);
    }
    if (top >= margin && bottom <= floor - margin) { return; }
    var shift = bottom - top > floor - 2 * margin ? top - margin : (top + bottom) / 2 - floor / 2;
    var scroller = document.querySelector('#rendered_cells');
    if (scroller && scroller.scrollHeight > scroller.clientHeight + 1) {
      scroller.scrollTop += shift;
    } else {
      window.scrollBy(0, shift);
    }
  }
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
)
"""Runs in the page: reports its width to the hidden field ``aton-page-width`` (at once and after a resize),
sets the page's ``lang`` from the dashboard's class, makes the dashboard the page's main landmark, and keeps
a click on a canvas from scrolling the page before the click is read, and keeps the keyboard's order: board,
the right panel's controls, the tabs above it, the rest of the page (Shift+Tab the same way back)."""


def board_geometry(page: str, board: str) -> tuple[Geometry, float]:
    """The boards' geometry and drawing scale for the page's layout ``page`` and the board's ``board``.

    >>> board_geometry("phone", "narrow") == (NARROW, NARROW_SCALE)
    True
    >>> board_geometry("tablet", "wide") == (GEOMETRY, BOARD_SCALE)
    True
    """
    if page == "phone":
        return NARROW, NARROW_SCALE
    if page == "tablet" and board == "upright":
        return UPRIGHT, UPRIGHT_SCALE  # a tablet held upright (the width said so)
    return GEOMETRY, BOARD_SCALE


class _Reports(Protocol):
    flow: DashboardController


S = TypeVar("S", bound=_Reports)


def guarded(method: Callable[Concatenate[S, P], T]) -> Callable[Concatenate[S, P], T | None]:
    """Turn any error of a handler into a message in the page (``self.flow.report``); the game stays as it was."""

    @functools.wraps(method)
    def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T | None:
        try:
            return method(self, *args, **kwargs)
        except Exception as error:
            self.flow.report(error)
            return None

    return wrapper


def button(css: str, style: str = "", width: str = "auto") -> widgets.Button:
    """A button of CSS class ``css``."""
    made = widgets.Button(button_style=style, layout=widgets.Layout(width=width))
    made.add_class(css)
    return made


def html(css: str) -> widgets.HTML:
    """An empty ``HTML`` widget of CSS class ``css``."""
    box = widgets.HTML()
    box.add_class(css)
    return box


def script_output(code: str) -> widgets.Output:
    """A hidden output that runs ``code`` in the page."""
    output = widgets.Output(layout=widgets.Layout(display="none"))
    output.outputs = script_outputs(code)
    return output


class OneOf(traitlets.Unicode):  # type: ignore[type-arg]
    """A text trait that is one of ``values``; another value is refused with ``message`` (``{value!r}``)."""

    def __init__(self, values: tuple[str, ...], default: str, message: str) -> None:
        super().__init__(default)
        self.values = values
        self.message = message

    def validate(self, obj: Any, value: Any) -> str:
        text = str(super().validate(obj, value))
        if text not in self.values:
            raise traitlets.TraitError(self.message.format(value=text))
        return text


class PageLook:
    """Puts the page's layout, theme and language on the dashboard's ``root`` as CSS classes.

    ``root`` has the traits ``page_layout``, ``board_layout`` and ``theme``: the page's width typed in the
    hidden field ``width_field`` (class ``aton-page-width``) sets the first two, the ``switch`` the theme.
    ``boards(geometry, scale)`` lays the boards out again when the layout changes.
    """

    def __init__(
        self,
        root: Any,
        switch: widgets.ToggleButtons,
        boards: Callable[[Geometry, float], None],
    ) -> None:
        self.root = root
        self.width_field = widgets.Text(layout=widgets.Layout(display="none"))
        self.width_field.add_class("aton-page-width")
        self.flow: DashboardController = root.flow
        self.switch = switch
        self.boards = boards
        root.add_class("aton-layout-wide")
        root.observe(lambda _change: self.show_theme(), names="theme")
        root.observe(lambda _change: self.show_layout(), names=["page_layout", "board_layout"])
        self.width_field.observe(lambda change: self.width_said(change["new"]), names="value")
        switch.observe(lambda change: self.switch_said(change["new"]), names="value")

    def geometry(self) -> tuple[Geometry, float]:
        """The boards' geometry and drawing scale for the page's layout now."""
        return board_geometry(self.root.page_layout, self.root.board_layout)

    @guarded
    def switch_said(self, theme: object) -> None:
        """The theme switch was turned."""
        self.root.theme = str(theme)

    @guarded
    def width_said(self, text: object) -> None:
        """The page said how wide it is (``"390"``; ``"390 touch"`` where a finger points): pick the layouts,
        and the words for a finger on the phone's layout or a touch screen (text that is not a width is ignored)."""
        words = str(text).split()
        try:
            width = float(words[0]) if words else float("nan")
        except ValueError:
            return
        if width != width:  # not a number
            return
        self.root.board_layout = layout_for_width(width)
        self.root.page_layout = page_layout(width)
        self.flow.set_touch("touch" in words[1:] or self.root.page_layout == "phone")

    @guarded
    def show_layout(self) -> None:
        """The layout's class on the root (and ``aton-board-upright``), the boards laid out for it."""
        root = self.root
        for name in PAGE_LAYOUTS:
            root.remove_class(f"aton-layout-{name}")
        root.add_class(f"aton-layout-{root.page_layout}")
        geometry, scale = self.geometry()
        if geometry is UPRIGHT:  # the style sheet gives the upright board the screen's width, less a strip
            root.add_class("aton-board-upright")
        else:
            root.remove_class("aton-board-upright")
        self.boards(geometry, scale)

    def show_theme(self) -> None:
        """The theme's class on the root; the switch shows it."""
        root = self.root
        dark = root.theme == "dark"
        root.remove_class("aton-light" if dark else "aton-dark")
        root.add_class("aton-dark" if dark else "aton-light")
        if self.switch.value != root.theme:
            self.switch.value = root.theme

    def show_lang(self, lang: str, words: Callable[[str, str], str]) -> None:
        """The language's class on the root (the page's script sets ``<html lang>`` from it); the switch's words."""
        for other in LANGUAGES:
            self.root.remove_class(f"aton-lang-{other}")
        self.root.add_class(f"aton-lang-{lang}")
        theme = self.switch.value
        self.switch.options = [(words("theme.light", lang), "light"), (words("theme.dark", lang), "dark")]
        self.switch.value = theme
