"""The dashboard's style sheet: phone, tablet, laptop and projector layouts, light and dark themes.

The sheet goes into the page inside an HTML widget.  The page reports its width
(see :mod:`~aton.apps.dashboard.app`), :func:`page_layout` names the layout for
it, and the root carries that name as a class (``aton-layout-wide``,
``aton-layout-tablet``, ``aton-layout-phone``): one decision, which the board's
geometry, the words that point to the buttons and the CSS below all follow.
  Every rule is scoped to
``.aton-dashboard``; the dark theme (class ``aton-dark`` on the root) sets the
JupyterLab and ipywidgets colour variables inside the dashboard, and the page
around it follows through ``:has()``.  The board itself keeps its own colours,
like a printed board on a dark table.

>>> "aton-dark" in dashboard_css()
True
>>> [page_layout(width) for width in (390, 1024, 1280)]
['phone', 'tablet', 'wide']
"""

from __future__ import annotations

from ...widgets.shapes import NARROW_MAX_WIDTH
from ...widgets.touch import TOUCH_TARGET, touch_targets

__all__ = ["PAGE_LAYOUTS", "TOUCH_TARGET", "dashboard_css", "page_layout"]

PAGE_LAYOUTS = ("wide", "tablet", "phone")
"""The page's layouts: the panels right of the board, below a full-width board, below a narrow board."""
PHONE_MAX_WIDTH = NARROW_MAX_WIDTH
"""Pages up to this many CSS pixels wide get the phone layout (the board's narrow geometry)."""
TABLET_MAX_WIDTH = 1180
"""Pages up to this wide (and wider than a phone) get the tablet layout: the board full width, panels below."""


def page_layout(width: float) -> str:
    """The layout for a page ``width`` CSS pixels wide (one of :data:`PAGE_LAYOUTS`); ``0``: unknown, wide."""
    if width <= 0 or width > TABLET_MAX_WIDTH:
        return "wide"
    return "phone" if width <= PHONE_MAX_WIDTH else "tablet"


_LIGHT = {
    "--aton-page": "#f4efe4",
    "--aton-panel": "#fffdf8",
    "--aton-ink": "#1a1a1a",
    "--aton-muted": "#5a4a32",
    "--aton-line": "#d6c7a4",
    "--aton-accent": "#7a5c38",  # 5.4:1 on the page: the title may be small on a phone
    "--aton-alert": "#9b1c1c",
    "--aton-alert-bg": "#fdecea",
    "--jp-widgets-horizontal-tab-width": "auto",
    "--aton-chosen": "#d9c49a",
    "--aton-chosen-ink": "#1a1a1a",
    # contrast of 4.5:1 or more for the widgets' own colours (axe-core's color-contrast rule): inactive tab
    # titles and the twin's header (grey on #eeeeee), white words on success and info buttons
    "--jp-ui-font-color2": "#4a4a4a",
    "--jp-success-color1": "#2e7d32",
    "--jp-info-color1": "#00727d",
    "--jp-warn-color1": "#a84a00",
    "--jp-error-color1": "#c62828",
}

_DARK = {
    "--aton-page": "#15130f",
    "--aton-panel": "#221e17",
    "--aton-ink": "#efe7d7",
    "--aton-muted": "#c8bca5",
    "--aton-line": "#4d4330",
    "--aton-accent": "#e0bd7e",
    "--aton-alert": "#ffb4ab",
    "--aton-alert-bg": "#3d1d1a",
    "--aton-chosen": "#8a6f3f",
    "--aton-chosen-ink": "#ffffff",
    # JupyterLab and ipywidgets variables, so buttons, tabs and inputs follow the theme
    "--jp-layout-color0": "#15130f",
    "--jp-layout-color1": "#221e17",
    "--jp-layout-color2": "#302a20",
    "--jp-layout-color3": "#463d2e",
    "--jp-layout-color4": "#5c513d",
    "--jp-ui-font-color0": "#ffffff",
    "--jp-ui-font-color1": "#efe7d7",
    "--jp-ui-font-color2": "#c8bca5",
    "--jp-ui-font-color3": "#a39780",
    "--jp-content-font-color0": "#ffffff",
    "--jp-content-font-color1": "#efe7d7",
    "--jp-content-font-color2": "#c8bca5",
    "--jp-content-font-color3": "#a39780",
    "--jp-border-color0": "#6b5e45",
    "--jp-border-color1": "#5c513d",
    "--jp-border-color2": "#463d2e",
    "--jp-border-color3": "#302a20",
    "--jp-widgets-color": "#efe7d7",
    "--jp-widgets-label-color": "#efe7d7",
    "--jp-widgets-readout-color": "#efe7d7",
    "--jp-widgets-input-color": "#efe7d7",
    "--jp-widgets-input-background-color": "#302a20",
    "--jp-widgets-input-border-color": "#6b5e45",
    "--jp-brand-color1": "#3a78b5",
    "--jp-inverse-layout-color0": "#efe7d7",
}


def _variables(values: dict[str, str]) -> str:
    return " ".join(f"{name}: {value};" for name, value in values.items())


def dashboard_css() -> str:
    """The ``<style>`` element of the dashboard."""
    return f"""<style>
.aton-dashboard {{ {_variables(_LIGHT)} }}
.aton-dashboard.aton-dark {{ {_variables(_DARK)} }}
.aton-dashboard {{
  background: var(--aton-page); color: var(--aton-ink);
  padding: 6px 12px 12px 12px; box-sizing: border-box; width: 100%;
}}
/* Served by Voila (the page holds #rendered_cells): the dashboard fills the page and sets its colour.
   In JupyterLab these rules match nothing, so the notebook keeps its own look. */
#rendered_cells .aton-dashboard {{ min-height: 100vh; }}
body:has(#rendered_cells .aton-dashboard.aton-dark), body:has(#rendered_cells .aton-dashboard.aton-dark) .jp-Notebook,
body:has(#rendered_cells .aton-dashboard.aton-dark) #rendered_cells {{ background: #15130f !important; }}
/* The learner's bar sits above the dashboard, on the page's background: it takes the theme's colours too. */
body:has(#rendered_cells .aton-dashboard.aton-dark) .aton-learner {{ {_variables(_DARK)} color: var(--aton-ink); }}
body:has(#rendered_cells .aton-dashboard.aton-dark) .aton-learner .widget-html-content,
body:has(#rendered_cells .aton-dashboard.aton-dark) .aton-learner .widget-label {{ color: var(--aton-ink); }}
body:has(#rendered_cells .aton-dashboard.aton-light), body:has(#rendered_cells .aton-dashboard.aton-light) .jp-Notebook,
body:has(#rendered_cells .aton-dashboard.aton-light) #rendered_cells {{ background: #f4efe4 !important; }}
#rendered_cells:has(.aton-dashboard), #rendered_cells .jp-Cell:has(.aton-dashboard),
#rendered_cells .jp-Cell:has(.aton-dashboard) .jp-OutputArea {{ padding: 0 !important; }}
#rendered_cells .jp-Cell:has(.aton-dashboard) .jp-Cell-outputWrapper {{ margin-top: 0 !important; }}
.aton-dashboard .widget-html, .aton-dashboard .widget-html-content,
.aton-dashboard .widget-label {{ color: var(--aton-ink); }}
.aton-dashboard .widget-html-content {{ line-height: 1.35; }}
.aton-dashboard a {{ color: var(--aton-accent); }}
.aton-dashboard .widget-toggle-button.mod-active, .aton-dashboard .widget-toggle-button.mod-active:hover {{
  background: var(--aton-chosen); color: var(--aton-chosen-ink); font-weight: bold;
  box-shadow: inset 0 0 0 1px var(--aton-accent);
}}
.aton-header {{
  align-items: center; flex-wrap: wrap; gap: 4px 16px; border-bottom: 2px solid var(--aton-line);
  padding-bottom: 2px; margin-bottom: 4px;
}}
.aton-heading {{ font-size: 1.55em; margin: 0; color: var(--aton-accent); white-space: nowrap; }}
.aton-heading small {{ font-size: 0.55em; color: var(--aton-muted); font-weight: normal; }}
.aton-status {{ flex: 1 1 300px; }}
.aton-header .aton-language, .aton-header .aton-theme {{ flex: 0 0 auto; }}
.aton-header .aton-language > .widget-label {{
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
}}

.aton-status-line {{ display: flex; flex-wrap: wrap; gap: 2px 14px; font-size: 1.05em; }}
.aton-status-line span:nth-child(2) {{ font-weight: bold; }}
.aton-app-message .widget-html-content:empty {{ display: none; }}
.aton-app-message [role="alert"], .aton-dashboard .aton-reason {{
  color: var(--aton-alert); background: var(--aton-alert-bg); padding: 4px 8px; border-radius: 4px;
}}
.aton-body {{ display: flex; flex-flow: row wrap; gap: 12px; align-items: flex-start; width: 100%; }}
.aton-left {{ flex: 1 1 0; min-width: 460px; max-width: 1400px; }}
.aton-right-column {{ flex: 0 0 auto; width: clamp(330px, 33vw, 560px); }}
.aton-right-column > .aton-right {{ width: auto; align-self: stretch; box-sizing: border-box; }}
.aton-right .widget-tab-contents, .aton-right .lm-TabPanel-stackedPanel {{
  max-height: calc(100vh - 130px); overflow-y: auto;
}}
/* The board's message line keeps the height of two lines whatever it says, so a refused click never moves
   the canvas under the pointer (the dashboard's own messages sit above the right column, not the board). */
.aton-dashboard .aton-board-view .aton-message {{
  height: 2.8em; line-height: 1.4em; overflow-y: auto; font-weight: bold; flex: 0 0 auto;
}}
.aton-dashboard .aton-board-view .aton-message p {{ margin: 0; }}
/* The upload button writes "(number of files)" after its description: show its tooltip instead. */
.aton-dashboard .aton-load {{ font-size: 0 !important; }}
.aton-dashboard .aton-load::before {{ content: attr(title); font-size: var(--jp-widgets-font-size); }}
.aton-status-line span {{ overflow-wrap: anywhere; }}
.aton-dashboard canvas {{ border-radius: 6px; }}
/* Touch: a finger swiping up or down the board scrolls the page (the page's script keeps the canvas library
   from cancelling it); the board reads taps and long presses, and no sideways pan, zoom, text selection or
   callout comes from a finger on it; elsewhere a double tap does not zoom, and pinching still does. */
.aton-dashboard {{ touch-action: manipulation; }}
.aton-dashboard canvas.aton-board {{
  touch-action: pan-y; user-select: none; -webkit-user-select: none; -webkit-touch-callout: none;
  -webkit-tap-highlight-color: transparent;
}}
.aton-dashboard canvas.aton-board:focus {{ outline: none; }}
.aton-dashboard canvas.aton-board:focus-visible {{ outline: 3px solid var(--aton-accent); outline-offset: 2px; }}
.aton-dashboard .jupyter-button:focus-visible, .aton-dashboard input:focus-visible,
.aton-dashboard a:focus-visible {{ outline: 3px solid var(--aton-accent); outline-offset: 2px; }}
.aton-dashboard .aton-friend-kept .aton-friend-kept-link a[href] {{ line-height: 1.4; padding: 11px 0;
  box-sizing: border-box; }}
.aton-dashboard.aton-dark .aton-board {{ box-shadow: 0 0 0 2px #5c513d; border-radius: 6px; }}
.aton-dashboard .aton-keys-help {{ color: var(--aton-muted); }}
.aton-steps {{
  border: 1px solid var(--aton-line); border-radius: 6px; padding: 4px 8px; background: var(--aton-panel);
}}
/* A bar 100% wide plus its margins would make its box scroll sideways. */
.aton-dashboard .aton-bot-progress {{ max-width: calc(100% - 4px); }}
/* The panels' headings are second under the page's title (and the log's rounds third), for screen readers'
   outline; they keep the look of the smaller headings they were. */
.aton-dashboard .aton-sr-only {{
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
}}
.aton-dashboard .aton-h3 {{ font-size: 1.17em; margin: 1em 0; }}
.aton-dashboard .aton-h4 {{ font-size: 1em; margin: 1.33em 0; }}
.aton-dashboard .aton-h5 {{ font-size: 0.83em; margin: 1.67em 0; }}
.aton-steps .aton-h4, .aton-game .aton-h4, .aton-log .aton-h4 {{ margin: 2px 0; }}
.aton-step-explain p {{ margin: 3px 0; }}
.aton-step-text {{ font-size: 1.08em; }}
.aton-step-buttons {{ flex-wrap: wrap; }}
.aton-turn p {{ font-weight: bold; margin: 6px 0; }}
.aton-result .widget-html-content > div {{
  border: 2px solid var(--aton-accent); border-radius: 8px; padding: 4px 12px; margin-bottom: 6px;
  background: var(--aton-panel);
}}
.aton-result .aton-h3 {{ margin: 4px 0; }}
.aton-cover {{
  align-items: center; justify-content: center; text-align: center; min-height: 70vh;
  border: 3px dashed var(--aton-accent); border-radius: 12px; margin-top: 12px; background: var(--aton-panel);
}}
.aton-cover h2 {{ font-size: 2em; margin: 0.5em 0; }}
.aton-cover p {{ font-size: 1.2em; }}
.aton-cover .aton-cover-ready {{ font-size: 1.2em; height: auto; padding: 10px 24px; }}
.aton-log-body {{ max-height: calc(100vh - 170px); overflow-y: auto; }}
.aton-log-body ol {{ margin: 2px 0 6px 0; padding-left: 1.8em; }}
.aton-log-body .aton-h5 {{ margin: 6px 0 2px 0; }}
.aton-hint .widget-html-content > div {{ border-left: 4px solid var(--aton-accent); padding-left: 8px; }}
.aton-dashboard .aton-assign .aton-assign-title {{ font-size: 1em; margin: 4px 0; }}
.aton-dashboard .aton-assign .widget-hbox {{ flex-wrap: wrap; }}
.aton-dashboard .aton-assign p, .aton-dashboard .aton-assign ul {{ margin: 2px 0; }}
.aton-twin-box {{ margin-top: 6px; }}
.aton-twin table {{ border-collapse: collapse; margin: 4px 0; }}
.aton-twin td, .aton-twin th {{ border: 1px solid var(--aton-line); padding: 1px 4px; }}
@media (min-width: 1700px) {{
  .aton-dashboard {{ font-size: 16px; --jp-widgets-font-size: 16px; --jp-ui-font-size1: 16px; }}
  .aton-dashboard .jupyter-button {{ height: 36px; }}
}}
/* Tablet and phone (the layout the page's width chose): the board takes the whole width, the panels go
   below it, and nothing is wider than the screen. */
.aton-dashboard.aton-layout-tablet .aton-left, .aton-dashboard.aton-layout-phone .aton-left {{
  min-width: 0; flex: 1 1 100%; max-width: 100%;
}}
.aton-dashboard.aton-layout-tablet .aton-right-column, .aton-dashboard.aton-layout-phone .aton-right-column {{
  width: 100%;
}}
.aton-dashboard.aton-layout-tablet .aton-right .widget-tab-contents,
.aton-dashboard.aton-layout-tablet .aton-right .lm-TabPanel-stackedPanel,
.aton-dashboard.aton-layout-phone .aton-right .widget-tab-contents,
.aton-dashboard.aton-layout-phone .aton-right .lm-TabPanel-stackedPanel {{ max-height: none; }}
.aton-dashboard.aton-layout-phone, .aton-dashboard.aton-layout-tablet {{ overflow-x: hidden; }}
.aton-dashboard.aton-layout-tablet .aton-left > .widget-tab-contents,
.aton-dashboard.aton-layout-tablet .aton-left > .lm-TabPanel-stackedPanel {{ padding: 6px 4px; }}
.aton-dashboard.aton-layout-tablet :is(small, h5, h6, .aton-h5),
.aton-dashboard.aton-layout-phone :is(small, h5, h6, .aton-h5) {{
  font-size: max(12px, 0.85em);
}}
/* Phone and tablet: the panels are below the board, so what the page says at once (a problem, a game kept
   from an earlier visit) is pinned to the bottom or the top of the screen instead, wherever the page is. */
.aton-dashboard.aton-layout-phone .aton-app-message, .aton-dashboard.aton-layout-tablet .aton-app-message {{
  position: fixed; left: 8px; right: 8px; bottom: 8px; z-index: 30; margin: 0;
}}
.aton-dashboard.aton-layout-phone .aton-app-message .widget-html-content > div,
.aton-dashboard.aton-layout-tablet .aton-app-message .widget-html-content > div {{
  border: 2px solid var(--aton-accent); border-radius: 6px; padding: 6px 10px; box-shadow: 0 2px 8px #0008;
}}
.aton-dashboard.aton-layout-phone .aton-app-message .widget-html-content > div:not(.aton-reason),
.aton-dashboard.aton-layout-tablet .aton-app-message .widget-html-content > div:not(.aton-reason) {{
  background: var(--aton-panel);
}}
/* The pinned message holds words only: a tap on it reaches what lies beneath (a tab, a button at the bottom of
   the screen), and news (not a problem) fades away after a while; each new message shows again. */
.aton-dashboard.aton-layout-phone .aton-app-message, .aton-dashboard.aton-layout-tablet .aton-app-message {{
  pointer-events: none;
}}
.aton-dashboard.aton-layout-phone .aton-app-message [role="status"],
.aton-dashboard.aton-layout-tablet .aton-app-message [role="status"] {{
  animation: aton-news-fades 0.6s ease-in 8s forwards;
}}
@keyframes aton-news-fades {{ to {{ opacity: 0; visibility: hidden; }} }}
.aton-dashboard.aton-layout-phone .aton-resume, .aton-dashboard.aton-layout-tablet .aton-resume {{
  position: fixed; left: 8px; right: 8px; top: 8px; z-index: 30; background: var(--aton-panel);
  border: 2px solid var(--aton-accent); border-radius: 6px; padding: 6px 10px; box-shadow: 0 2px 8px #0008;
}}
.aton-dashboard.aton-layout-phone, .aton-dashboard.aton-layout-tablet {{ padding-bottom: 72px; }}
/* The phone: a narrow board as large as the screen allows, with a strip on the right (a finger scrolls the
   page anywhere, on the board too). */
.aton-dashboard.aton-layout-phone {{ padding: 4px 16px 72px 4px; }}
.aton-dashboard.aton-layout-phone .widget-tab-contents, .aton-dashboard.aton-layout-phone .lm-TabPanel-stackedPanel {{
  padding: 4px 2px;
}}
/* A tablet held upright (the upright board): as much of the width as the phone gives its board, with the
   same strip on the right. */
.aton-dashboard.aton-layout-tablet.aton-board-upright {{ padding: 4px 16px 72px 4px; }}
.aton-dashboard.aton-board-upright .aton-left > .widget-tab-contents,
.aton-dashboard.aton-board-upright .aton-left > .lm-TabPanel-stackedPanel {{ padding: 4px 2px; }}
.aton-dashboard.aton-layout-phone .aton-board-view .aton-message {{ height: 4.2em; }}  /* three lines */
.aton-dashboard.aton-layout-phone .aton-heading {{ font-size: 1.3em; white-space: normal; }}
.aton-dashboard.aton-layout-phone .aton-status {{ flex-basis: 100%; }}
.aton-dashboard.aton-layout-phone .aton-steps {{ padding: 4px; }}
{touch_targets(".aton-dashboard.aton-layout-phone")}
{touch_targets("body:has(.aton-dashboard.aton-layout-phone) .aton-learner")}
@media (pointer: coarse) {{
{touch_targets(".aton-dashboard")}
{touch_targets(".aton-learner")}
}}
/* Phone and tablet, steps to watch: the step's words and its buttons sit in a bar pinned to the bottom of the
   screen, and the page's script scrolls the part of the board the step changed into view above it (step and
   board seen at once).  The bar keeps to the step: its title and the long help of "Only the main steps" stay
   off it, and what the page says at once moves to the top of the screen meanwhile. */
.aton-dashboard.aton-layout-phone .aton-steps.aton-steps-pending,
.aton-dashboard.aton-layout-tablet .aton-steps.aton-steps-pending {{
  position: fixed; left: 0; right: 0; bottom: 0; z-index: 25; margin: 0; max-height: 45vh; overflow-y: auto;
  box-sizing: border-box; border-width: 2px 0 0 0; border-color: var(--aton-accent); border-radius: 10px 10px 0 0;
  box-shadow: 0 -2px 10px #0006; padding: 4px 10px calc(6px + env(safe-area-inset-bottom, 0px)) 10px;
}}
.aton-dashboard.aton-layout-phone .aton-steps.aton-steps-pending :is(.aton-steps-title, .aton-main-steps-help),
.aton-dashboard.aton-layout-tablet .aton-steps.aton-steps-pending :is(.aton-steps-title, .aton-main-steps-help) {{
  display: none;
}}
/* Voila's page panels are "contain: strict", which would pin the bar to them instead of the screen. */
.lm-BoxPanel:has(.aton-dashboard.aton-layout-phone), .lm-BoxPanel-child:has(.aton-dashboard.aton-layout-phone),
.lm-BoxPanel:has(.aton-dashboard.aton-layout-tablet), .lm-BoxPanel-child:has(.aton-dashboard.aton-layout-tablet) {{
  contain: none !important;
}}
.aton-dashboard.aton-layout-phone:has(.aton-steps.aton-steps-pending),
.aton-dashboard.aton-layout-tablet:has(.aton-steps.aton-steps-pending) {{ padding-bottom: 50vh; }}
.aton-dashboard.aton-layout-phone:has(.aton-steps.aton-steps-pending) .aton-app-message,
.aton-dashboard.aton-layout-tablet:has(.aton-steps.aton-steps-pending) .aton-app-message {{ top: 8px; bottom: auto; }}
@media (max-width: 860px) {{
  .aton-left {{ min-width: 0; flex-basis: 100%; }}
  .aton-right-column {{ width: 100%; }}
  .aton-right .widget-tab-contents, .aton-right .lm-TabPanel-stackedPanel {{ max-height: none; }}
}}
</style>"""
