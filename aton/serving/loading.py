"""What a page shows while its kernel starts: "starting, please wait", until the dashboard is drawn.

The notebook displays :func:`starting_notice` just before the dashboard.  The
notice is plain HTML, so the browser shows it as soon as the page arrives, while
the widgets are still being fetched from the kernel; a style rule hides it once
the page holds the dashboard (``.aton-dashboard``; the class and Practise pages alike).  If the dashboard never
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

__all__ = [
    "SITE_FAILED",
    "SITE_NOTE",
    "SITE_NOTE_LATER",
    "SITE_STEPS",
    "SITE_UPDATE",
    "STARTING",
    "site_progress_words",
    "site_update_words",
    "starting_html",
    "starting_notice",
]

STARTING = (
    msg("starting.title", "Aton is starting, please wait…"),
    msg("starting.detail", "This takes a few seconds. If nothing appears within a minute, reload the page."),
)
"""The notice's title and explanation."""

SITE_STEPS = {
    "download": msg("site.download", "Downloading Python and the game: {done} of {total} MB"),
    "python": msg("site.python", "Starting Python in your browser"),
    "packages": msg("site.packages", "Loading Aton and its widgets"),
    "board": msg("site.board", "Drawing the board"),
    "page": msg("site.page", "Opening the page"),
}
"""The static site's loading line, one step after the other as the page sees them happen (``{done}`` and
``{total}`` are megabytes, written by the page in its language's way)."""
SITE_NOTE = msg("site.note", "{seconds} s (the first visit takes longest; nothing is installed on your computer)")
"""Said after the step, with the seconds since the page opened (a browser that never started this build)."""
SITE_NOTE_LATER = msg("site.note_later", "{seconds} s (nothing is installed on your computer)")
"""... in a browser that started this build before: its files come from the browser's cache."""
SITE_FAILED = {
    "fail_title": msg("site.failed.title", "Aton could not start."),
    "fail_file": msg("site.failed.file", "The file {file} did not arrive from {host}: {reason}."),
    "fail_start": msg("site.failed.start", "Python did not start within {seconds} s."),
    "fail_board": msg("site.failed.board", "The board was not drawn within {seconds} s."),
    "fail_page": msg("site.failed.page", "The page did not open within {seconds} s."),
    "why_stalled": msg("site.failed.stalled", "nothing arrived for {seconds} s"),
    "why_refused": msg("site.failed.refused", "the network refused it (blocked, or no connection)"),
    "why_status": msg("site.failed.status", "the server answered {status}"),
    "why_not_file": msg(
        "site.failed.not_file",
        "what came is a web page, not the file (a network filter's block page, or a sign-in page of the network)",
    ),
    "try": msg(
        "site.failed.try",
        "What to try: the button below; another network (school filters often block outside sites such as "
        "cdn.jsdelivr.net, where Python comes from); or the self-hosted build of this site, which needs no other "
        "site (ATON_PYODIDE=local ./run site, for whoever hosts it).",
    ),
    "retry": msg("site.failed.retry", "Try again"),
}
"""What the loading line says when the start fails: what failed, why, what to try, and its button."""
SITE_UPDATE = {
    "newer": msg(
        "site.update.newer",
        "The site has a newer version of {name} than the copy this browser keeps of it (the copy you worked in "
        "before the site was updated).",
    ),
    "open": msg("site.update.open", "Open the new version (my copy stays, renamed)"),
    "keep": msg("site.update.keep", "Keep my copy"),
    "mine": msg("site.update.mine", "my copy"),
}
"""What a notebook page of the static site says when this browser's copy of the notebook is older than the
site's (``scripts/site_updates.js``); ``mine`` ends the name the copy is then kept under."""

_STYLE = """<style>
.aton-starting { font-family: sans-serif; padding: 2em; color: #333; }
.aton-starting h2 { font-size: 1.4em; margin: 0 0 .3em 0; }
.aton-starting p { margin: 0 0 1em 0; }
body:has(.aton-dashboard) .aton-starting, body:has(.aton-classroom) .aton-starting,
body:has(.aton-practise-page) .aton-starting { display: none; }
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
    """The static site's loading line in every language, for its script: the steps, the note, the failures.

    >>> words = site_progress_words()
    >>> words["fr"]["python"]
    'Démarrage de Python dans votre navigateur'
    >>> "{seconds}" in words["en"]["note"] and "{done}" in words["en"]["download"]
    True
    >>> words["en"]["retry"], words["fr"]["retry"]
    ('Try again', 'Réessayer')
    """
    fields = {"done": "{done}", "total": "{total}", "seconds": "{seconds}", "file": "{file}", "host": "{host}"}
    fields |= {"reason": "{reason}", "status": "{status}"}
    return {
        lang: {
            **{key: render(message, lang, **fields) for key, message in SITE_STEPS.items()},
            "note": render(SITE_NOTE, lang, **fields),
            "note_later": render(SITE_NOTE_LATER, lang, **fields),
            **{key: render(message, lang, **fields) for key, message in SITE_FAILED.items()},
        }
        for lang in languages()
    }


def site_update_words() -> dict[str, dict[str, str]]:
    """The words of the static site's "newer version" banner in every language, for its script.

    >>> site_update_words()["fr"]["keep"]
    'Garder ma copie'
    """
    return {
        lang: {key: render(message, lang, name="{name}") for key, message in SITE_UPDATE.items()}
        for lang in languages()
    }


def starting_notice() -> Any:
    """Display the notice in the notebook's output (an ``IPython.display.HTML``)."""
    from IPython.display import HTML, display

    display(HTML(starting_html()))  # type: ignore[no-untyped-call]
    return None
