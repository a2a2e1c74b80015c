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

import json
import re
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path

from ..i18n import LANG_KEY, SOURCE_LANGUAGE, language_name, languages, msg, render
from ..teaching.answer_sheet import notebook_title

__all__ = [
    "FRONT_PATH",
    "RULES_STYLE",
    "RULES_VIEW",
    "TOUCH_LINKS_STYLE",
    "TUTORIALS_PATH",
    "TUTORIAL_FILE",
    "front_page",
    "kept_language_page",
    "tutorial_in",
    "tutorial_titles",
]

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
    "learner": msg("front.learner", "Learning as {nickname}"),
    "practise": msg("front.practise", "Practise"),
    "practise_item": msg(
        "front.practise_item", "{link}: a case of the rule you most need, chosen from your answers in every tutorial"
    ),
    "rules_failed": msg("front.rules_failed", "Your rules could not be read just now."),
}
"""The front page's words."""

RULES_STYLE = """.aton-learner-rules { background: #f6f1e4; border: 1px solid #d6c7a4; border-radius: 4px;
  padding: 0.4em 0.8em; }
.aton-learner-rules summary { cursor: pointer; font-weight: bold; }
.aton-learner-rules h4 { margin: 0.6em 0 0.2em; font-size: 1em; } .aton-learner-rules ul { margin: 0; }
@media (pointer: coarse), (max-width: 700px) {
  .aton-learner-rules summary { min-height: 44px; line-height: 1.4; padding: 10px 0; box-sizing: border-box; } }"""
"""The look of the learner's rules on a front page (the server's and the static site's): a box, its summary a
finger can tap on a touch screen or a phone."""

RULES_VIEW = """function rules(box, report) {
    var details = document.createElement('details'), summary = document.createElement('summary');
    summary.textContent = report.summary;
    details.appendChild(summary);
    report.states.forEach(function (group) {
      var section = document.createElement('section'), heading = document.createElement('h4');
      var list = document.createElement('ul');
      section.setAttribute('data-state', group.state);
      heading.textContent = group.heading;
      group.rules.forEach(function (title) {
        var item = document.createElement('li');
        item.textContent = title;
        list.appendChild(item);
      });
      section.appendChild(heading);
      section.appendChild(list);
      details.appendChild(section);
    });
    box.replaceChildren(details);
    box.hidden = false;
  }"""
"""The script that shows a learner's rules in a box of a front page (the server's and the static site's), from
:func:`aton.apps.learner.rules.rules_report`'s shape: the summary, and under it each state's rules."""

TOUCH_LINKS_STYLE = """@media (pointer: coarse), (max-width: 700px) {
  a { display: inline-block; min-height: 44px; padding: 10px 0; line-height: 24px; box-sizing: border-box; }
  ol > li > a { display: block; } }
"""
"""On a touch screen or a phone every link is at least 44 px tall; a list's link takes its whole line."""

_STYLE = (
    """body { font: 17px/1.5 sans-serif; max-width: 44em; margin: 2em auto; padding: 0 1em; color: #222; }
a { color: #1f4e79; } li { margin: 0.3em 0; } small { color: #555; }
section + section { border-top: 1px solid #ccc; margin-top: 2em; } h2 { font-size: 1.2em; } h3 { font-size: 1em; }
"""
    + TOUCH_LINKS_STYLE
    + RULES_STYLE
)
"""The page's look; on a touch screen or a phone every link (and the learner's rules' summary) is at least
44 px tall, for a finger."""


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


def tutorial_in(root: Path, path: str, lang: str) -> str | None:
    """The tutorial ``path`` (``01-the-board.ipynb``, ``fr/01-le-plateau.ipynb``) in ``lang``: the file of the same
    number in that language's folder, as a path under :data:`TUTORIALS_PATH` (``None`` if there is none).

    >>> root = Path(__file__).resolve().parents[2]
    >>> tutorial_in(root, "01-the-board.ipynb", "fr"), tutorial_in(root, "fr/01-le-plateau.ipynb", "en")
    ('fr/01-le-plateau.ipynb', '01-the-board.ipynb')
    >>> tutorial_in(root, "01-the-board.ipynb", "de") is None
    True
    """
    if lang not in languages() or not TUTORIAL_FILE.fullmatch(path):
        return None
    number = path.rsplit("/", 1)[-1][:2]
    folder = root / tutorial_folder(lang)
    found = sorted(folder.glob(f"{number}-*.ipynb")) if folder.is_dir() else []
    if not found:
        return None
    prefix = "" if lang == SOURCE_LANGUAGE else f"{lang}/"
    return prefix + found[0].name


def kept_language_page(lang: str, target: str) -> str:
    """A page that keeps ``lang`` in the browser (as every page of the server reads it) and goes on to ``target``.

    >>> 'localStorage.setItem("aton-lang", "fr")' in kept_language_page("fr", "fr/01-le-plateau.ipynb")
    True
    """
    data = json.dumps(lang)
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="2; url={escape(target)}"><title>Aton</title></head><body>'
        f"<script>try {{ window.localStorage.setItem({json.dumps(LANG_KEY)}, {data}); }} catch (error) {{}}"
        f" location.replace({json.dumps(target)});</script>"
        f'<p><a href="{escape(target)}">{escape(target)}</a></p></body></html>\n'
    )


_CHOOSER = """<script>(function () {
  var known = KNOWN, lang = null, kept = null, asked = null;
  function code(value) {
    var found = String(value || '').toLowerCase().replace('_', '-').split('-')[0];
    return known.indexOf(found) >= 0 ? found : null;
  }
  try { asked = code(new URLSearchParams(location.search).get('lang')); } catch (error) { asked = null; }
  try { kept = code(window.localStorage.getItem(KEY)); } catch (error) { kept = null; }
  lang = asked || kept || code(navigator.language) || known[0];
  if (asked) { try { window.localStorage.setItem(KEY, asked); } catch (error) {} }
  document.documentElement.lang = lang;
  document.querySelectorAll('main > section[lang]').forEach(function (section) {
    section.hidden = section.getAttribute('lang') !== lang;
  });
  var nickname = null;
  try { nickname = window.localStorage.getItem(NICKNAME); } catch (error) { nickname = null; }
  document.querySelectorAll('main > section[lang] .aton-learner-name').forEach(function (line) {
    if (!nickname) { return; }
    line.textContent = line.getAttribute('data-said').replace('{nickname}', nickname);
    line.hidden = false;
  });
  var key = null;
  try { key = window.localStorage.getItem(LEARNER); } catch (error) { key = null; }
  /*rules*/
  if (key && window.fetch) {
    fetch('RULES', {headers: {HEADER: key}, cache: 'no-store'}).then(function (answer) {
      if (answer.status === 404 || answer.status === 400) { return null; }
      if (!answer.ok) { throw new Error(String(answer.status)); }
      return answer.json();
    }).then(function (body) {
      if (!body) { return; }
      document.querySelectorAll('main > section[lang] .aton-learner-rules').forEach(function (box) {
        var report = body.langs[box.closest('section[lang]').getAttribute('lang')];
        if (report) { rules(box, report); }
      });
    }).catch(function () {
      document.querySelectorAll('main > section[lang] .aton-learner-rules').forEach(function (box) {
        box.textContent = box.getAttribute('data-failed');
        box.hidden = false;
      });
    });
  }
  document.querySelectorAll('nav a[data-lang]').forEach(function (link) {
    if (link.getAttribute('data-lang') === lang) { link.setAttribute('aria-current', 'true'); }
  });
})();</script>"""
"""Shows the section of the page's language (``?lang=``, then the one the browser kept, then its own); a language
named in the address is kept.  Without scripts every section shows.  The nickname a page of a class kept in the
browser (:data:`LEARNER_NICKNAME`) shows at the top of each section, and under it the learner's rules, asked
of the server with the learner's key (:data:`LEARNER_KEY`, sent in a header to
:data:`aton.serving.learner_rules.LEARNER_RULES_PATH`; a key the server does not know shows nothing)."""

LEARNER_NICKNAME = "aton-learner-nickname"
"""Where the tutorial pages of a class keep the learner's nickname (``aton.apps.learner.NICKNAME_KEY``)."""
LEARNER_KEY = "aton-learner"
"""Where the pages keep the learner's key (``aton.apps.learner.flow.KEY``)."""
RULES_ADDRESS = "learner/rules"
"""The learner's rules, relative to the front page (:data:`aton.serving.learner_rules.LEARNER_RULES_PATH`)."""
RULES_HEADER = "X-Aton-Learner"
"""The header carrying the key (:data:`aton.serving.learner_rules.LEARNER_HEADER`)."""


def _with_link(text: str, href: str, label: str) -> str:
    return escape(text).replace("{link}", f'<a href="{escape(href)}"><b>{escape(label)}</b></a>')


def _section(lang: str, tutorials: Sequence[tuple[str, str]], has_class: bool, has_practise: bool = False) -> str:
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
    practise = ""
    if has_practise:
        practise = (
            f"<h3>{escape(say('practise'))}</h3>"
            f"<ul><li>{_with_link(say('practise_item'), 'practise', say('practise'))}</li></ul>"
        )
    return (
        f'<section lang="{escape(lang)}" id="{escape(lang)}"><h2>{escape(language_name(lang))}</h2>'
        f'<p class="aton-learner-name" data-said="{escape(say("learner", nickname="{nickname}"))}" hidden></p>'
        f'<div class="aton-learner-rules" data-failed="{escape(say("rules_failed"))}" aria-live="polite" hidden></div>'
        f"<p>{escape(say('lead'))}</p>"
        f"<h3>{escape(say('play'))}</h3><ul><li>{_with_link(say('play_item'), './', say('dashboard'))}</li></ul>"
        f"<h3>{escape(say('tutorials'))}</h3><p><small>{escape(say('tutorials_help'))}</small></p>"
        f"<ol>{items}</ol>{practise}{teach}</section>"
    )


def front_page(
    tutorials: Mapping[str, Sequence[tuple[str, str]]], *, has_class: bool = True, has_practise: bool = False
) -> str:
    """The front page's HTML: a section per language (the source language first) with its tutorials, the
    Practise page when ``has_practise``, the class page when ``has_class``.

    Links are relative to the server's base URL (the page is served at ``<base>home``).
    """
    sections = [lang for lang in languages() if lang in tutorials or lang == SOURCE_LANGUAGE]
    title = " · ".join(dict.fromkeys(render(WORDS["title"], lang) for lang in sections))
    nav = " · ".join(
        f'<a href="?lang={escape(lang)}" data-lang="{escape(lang)}" hreflang="{escape(lang)}">'
        f"{escape(language_name(lang))}</a>"
        for lang in sections
    )
    chooser = (
        _CHOOSER.replace("KNOWN", json.dumps(list(sections)))
        .replace("NICKNAME", json.dumps(LEARNER_NICKNAME))
        .replace("LEARNER", json.dumps(LEARNER_KEY))
        .replace("RULES", RULES_ADDRESS)
        .replace("HEADER", json.dumps(RULES_HEADER))
        .replace("KEY", json.dumps(LANG_KEY))
        .replace("/*rules*/", RULES_VIEW)  # last: its words are not placeholders
    )
    body = "".join(_section(lang, tutorials.get(lang, []), has_class, has_practise) for lang in sections)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>"
        f"<body><header><h1>Aton</h1><nav>{nav}</nav></header><main>{body}</main>{chooser}</body></html>\n"
    )
