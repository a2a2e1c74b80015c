"""What a page shows while its kernel starts: "starting, please wait", until the dashboard is drawn.

The notebook displays :func:`starting_notice` just before the dashboard.  The
notice is plain HTML, so the browser shows it as soon as the page arrives, while
the widgets are still being fetched from the kernel; a style rule hides it once
the page holds the dashboard (``.aton-dashboard``).  If the dashboard never
comes (the server stopped, say), the notice stays and says what to do, so a page
is never left blank.

The words are in the message catalogs (``aton/locale``), shown in every language
the catalogs have: the page's language is not known yet.

>>> "aton-starting" in starting_html() and "Aton" in starting_html()
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..i18n import languages, msg, render

__all__ = ["SITE_NOTE", "SITE_STEPS", "STARTING", "site_progress_words", "starting_html", "starting_notice"]

STARTING = (
    msg("starting.title", "Aton is starting, please wait…"),
    msg("starting.detail", "This takes a few seconds. If nothing appears within a minute, reload the page."),
)
"""The notice's title and explanation."""

SITE_STEPS = (
    (0.0, msg("site.page", "Loading the page")),
    (1.0, msg("site.python", "Starting Python in your browser")),
    (3.0, msg("site.packages", "Loading Aton and its widgets")),
    (5.0, msg("site.board", "Drawing the board")),
)
"""The static site's start-up line: each step from the second it usually begins at (measured on a warm open)."""
SITE_NOTE = msg("site.note", "{seconds} s (the first visit takes longest; nothing is installed on your computer)")
"""Said after the step, with the seconds since the page opened."""

_STYLE = """<style>
.aton-starting { font-family: sans-serif; padding: 2em; color: #333; }
.aton-starting h2 { font-size: 1.4em; margin: 0 0 .3em 0; }
.aton-starting p { margin: 0 0 1em 0; }
body:has(.aton-dashboard) .aton-starting, body:has(.aton-classroom) .aton-starting { display: none; }
</style>"""


def starting_html() -> str:
    """The notice as HTML: a style rule, then the title and explanation in every language."""
    parts = [_STYLE, '<div class="aton-starting" role="status" aria-live="polite">']
    for lang in languages():
        title, detail = (escape(render(message, lang)) for message in STARTING)
        parts.append(f'<div lang="{lang}"><h2>{title}</h2><p>{detail}</p></div>')
    parts.append("</div>")
    return "".join(parts)


def site_progress_words() -> dict[str, Any]:
    """The static site's start-up line in every language, for its script: the step times and texts by language.

    >>> words = site_progress_words()
    >>> words["steps"][1], words["text"]["fr"][1]
    (1.0, 'Démarrage de Python dans votre navigateur')
    >>> "{seconds}" in words["note"]["en"]
    True
    """
    return {
        "steps": [after for after, _message in SITE_STEPS],
        "text": {lang: [render(message, lang) for _after, message in SITE_STEPS] for lang in languages()},
        "note": {lang: render(SITE_NOTE, lang, seconds="{seconds}") for lang in languages()},
    }


def starting_notice() -> Any:
    """Display the notice in the notebook's output (an ``IPython.display.HTML``)."""
    from IPython.display import HTML, display

    display(HTML(starting_html()))  # type: ignore[no-untyped-call]
    return None
