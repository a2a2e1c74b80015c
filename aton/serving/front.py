"""The class server's front page: the dashboard, every tutorial in every language, and the class view.

``./run dashboard`` (and ``--class N``) serves the dashboard at ``/``, the class page at ``/class``, each
tutorial as a page at ``/tutorials/<file>`` (``/tutorials/fr/<file>`` in French) and this page at
:data:`FRONT_PATH`, which links them all: a class without JupyterHub follows the lesson plan from one
machine.  The page's words come from the message catalogs; each language has its own section, with its
tutorials titled as their first heading says.  Nothing here imports Jupyter.

>>> tutorials = {"en": [("01-the-board.ipynb", "01 · The board")], "fr": [("01-le-plateau.ipynb", "01 · Le plateau")]}
>>> page = front_page(tutorials)
>>> 'href="tutorials/fr/01-le-plateau.ipynb"' in page and "Tutoriels" in page and 'href="class"' in page
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path

from ..i18n import SOURCE_LANGUAGE, language_name, languages, msg, render
from ..teaching.answer_sheet import notebook_title

__all__ = ["FRONT_PATH", "TUTORIALS_PATH", "TUTORIAL_FILE", "front_page", "tutorial_titles"]

FRONT_PATH = "/home"
"""Where the front page is served (``/`` stays the students' dashboard)."""
TUTORIALS_PATH = "/tutorials"
"""Where the tutorials are served as pages: ``/tutorials/01-the-board.ipynb``, ``/tutorials/fr/...``."""
TUTORIAL_FILE = re.compile(r"(?:[a-z]{2}/)?[0-9]{2}-[A-Za-z0-9-]+\.ipynb")
"""The tutorial files a page may be asked for (nothing else under ``tutorials/`` is served)."""

WORDS = {
    "title": msg("front.title", "Aton: play, learn, teach"),
    "lead": msg(
        "front.lead",
        "Everything runs on this machine: every page below opens in the browser, with nothing to install.",
    ),
    "play": msg("front.play", "Play"),
    "play_item": msg("front.play_item", "{link}: the dashboard, against a bot, with a friend or two on one screen"),
    "dashboard": msg("front.dashboard", "Play Aton"),
    "tutorials": msg("front.tutorials", "Tutorials"),
    "tutorials_help": msg(
        "front.tutorials_help",
        "Each tutorial opens as a page with its boards, step-throughs and exercises; its code runs on this machine.",
    ),
    "teach": msg("front.teach", "Teach"),
    "class_item": msg(
        "front.class_item", "{link}: every table of the class live, and the results (it asks for the teacher's code)"
    ),
    "class": msg("front.class", "The class view"),
}
"""The front page's words."""

_STYLE = """body { font: 17px/1.5 sans-serif; max-width: 44em; margin: 2em auto; padding: 0 1em; color: #222; }
a { color: #1f4e79; } li { margin: 0.3em 0; } small { color: #555; }
section + section { border-top: 1px solid #ccc; margin-top: 2em; } h2 { font-size: 1.2em; } h3 { font-size: 1em; }"""


def tutorial_folder(lang: str) -> str:
    """Where ``lang``'s tutorials are, in the project and under :data:`TUTORIALS_PATH`.

    >>> tutorial_folder("en"), tutorial_folder("fr")
    ('tutorials', 'tutorials/fr')
    """
    return "tutorials" if lang == SOURCE_LANGUAGE else f"tutorials/{lang}"


def tutorial_titles(root: Path) -> dict[str, list[tuple[str, str]]]:
    """``{lang: [(file, title), ...]}`` for the tutorials under the project folder ``root``, in order."""
    found: dict[str, list[tuple[str, str]]] = {}
    for lang in languages():
        folder = root / tutorial_folder(lang)
        if folder.is_dir():
            files = sorted(path for path in folder.glob("*.ipynb") if TUTORIAL_FILE.fullmatch(path.name))
            if files:
                found[lang] = [(path.name, notebook_title(path)) for path in files]
    return found


def _with_link(text: str, href: str, label: str) -> str:
    return escape(text).replace("{link}", f'<a href="{escape(href)}"><b>{escape(label)}</b></a>')


def _section(lang: str, tutorials: Sequence[tuple[str, str]], has_class: bool) -> str:
    def say(key: str, **fields: object) -> str:
        return render(WORDS[key], lang, **fields)

    folder = tutorial_folder(lang)
    items = "".join(
        f'<li><a href="{escape(folder)}/{escape(name)}">{escape(title)}</a></li>' for name, title in tutorials
    )
    teach = ""
    if has_class:
        teach = (
            f"<h3>{escape(say('teach'))}</h3><ul><li>{_with_link(say('class_item'), 'class', say('class'))}</li></ul>"
        )
    return (
        f'<section lang="{escape(lang)}" id="{escape(lang)}"><h2>{escape(language_name(lang))}</h2>'
        f"<p>{escape(say('lead'))}</p>"
        f"<h3>{escape(say('play'))}</h3><ul><li>{_with_link(say('play_item'), './', say('dashboard'))}</li></ul>"
        f"<h3>{escape(say('tutorials'))}</h3><p><small>{escape(say('tutorials_help'))}</small></p>"
        f"<ol>{items}</ol>{teach}</section>"
    )


def front_page(tutorials: Mapping[str, Sequence[tuple[str, str]]], *, has_class: bool = True) -> str:
    """The front page's HTML: a section per language (the source language first) with its tutorials.

    Links are relative to the server's base URL (the page is served at ``<base>home``).
    """
    sections = [lang for lang in languages() if lang in tutorials or lang == SOURCE_LANGUAGE]
    title = " · ".join(dict.fromkeys(render(WORDS["title"], lang) for lang in sections))
    nav = " · ".join(f'<a href="#{escape(lang)}">{escape(language_name(lang))}</a>' for lang in sections)
    body = "".join(_section(lang, tutorials.get(lang, []), has_class) for lang in sections)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>"
        f"<body><header><h1>Aton</h1><nav>{nav}</nav></header><main>{body}</main></body></html>\n"
    )
