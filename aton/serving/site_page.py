"""The static site's front page: what it holds and how to start, in every language of the catalogs.

The build (``scripts/build_site.py``) writes it as ``index.html``.  Each language has its own section,
with its tutorials (the English ones in ``tutorials/``, another language's in ``tutorials/<lang>/``);
a language with no tutorials of its own points at the English ones.  The page's words come from the
message catalogs, like every other text of the project.

The page runs no Python: the learner's rules (mastered, practising, not yet seen, to review) come from the
browser, where the tutorials and the Practise page keep the learner's record (``aton-record``) and, with it, the
rules read from that record (``aton-record-rules``, :data:`aton.apps.learner.here.RULES_KEY`).  The page shows
them, in each language's section, only while the record still has the check they were read from.

>>> page = front_page_html({"en": ["01-the-board.ipynb", "02-a-round.ipynb"], "fr": ["01-le-plateau.ipynb"]},
...                        megabytes=33, local=True)
>>> "2 lessons, from the board" in page and "1 leçon, du plateau" in page
True
>>> 'href="notebooks/index.html?path=tutorials/fr/01-le-plateau.ipynb"' in page
True
>>> '<a href="#tutorials-en">all of them</a>' in page and '<ol id="tutorials-en">' in page
True
>>> 'href="voici/render/practise.html?lang=fr"' in page and "S&#x27;entraîner" in page
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape

from ..i18n import SOURCE_LANGUAGE, language_name, languages, msg, nmsg, render
from .front import RULES_STYLE, RULES_VIEW, TOUCH_LINKS_STYLE
from .front import WORDS as SERVER_WORDS

__all__ = ["FRONT", "PRACTISE_PAGE", "RECORD_KEY", "RULES_KEY", "front_page_html", "tutorial_folder"]

PRACTISE_PAGE = "voici/render/practise.html"
"""The Practise page on the site (``notebooks/practise.ipynb``, rendered by Voici)."""
RECORD_KEY = "aton-record"
"""Where the pages keep the learner's record in the browser (:data:`aton.apps.learner.here.KEY`)."""
RULES_KEY = "aton-record-rules"
"""Where they keep the rules read from it (:data:`aton.apps.learner.here.RULES_KEY`)."""

FRONT = {
    "title": msg("site.front.title", "Aton: play and learn in your browser"),
    "lead": msg("site.front.lead", "Python runs in this browser tab: nothing to install, nothing sent to a server."),
    "first_visit": msg(
        "site.front.first_visit",
        "The first visit downloads about {megabytes} MB ({full} MB from a host that does not compress); later "
        "visits start faster.",
    ),
    "play": msg("site.front.play", "Play"),
    "play_item": msg("site.front.play_item", "{link}: the dashboard, against a bot or with a friend"),
    "tutorials": msg("site.front.tutorials", "Tutorials"),
    "tutorials_item": nmsg(
        "site.front.tutorials_item",
        "{link}: {count} lesson, from the board to the engine from Python ({all})",
        "{link}: {count} lessons, from the board to the engine from Python ({all})",
    ),
    "all": msg("site.front.all", "all of them"),
    "lab": msg("site.front.lab", "Simulation lab"),
    "lab_item": msg("site.front.lab_item", "{link}: bot tournaments with win rates and score curves"),
    "gallery": msg("site.front.gallery", "Widget gallery"),
    "gallery_item": msg("site.front.gallery_item", "{link}: the board, the cards and the step-through, one by one"),
    "jupyterlab_item": msg("site.front.jupyterlab_item", "{link}, with every notebook"),
    "kept_local": msg("site.front.kept_local", "Work is kept in this browser only; Python is Pyodide, from this site."),
    "server_note": msg(
        "site.front.server_note",
        "Playing a friend from two screens and the teacher's class page need a server (./run dashboard): here, "
        "two people play on one screen.",
    ),
    "kept_cdn": msg(
        "site.front.kept_cdn", "Work is kept in this browser only; Python is Pyodide, from its CDN (cdn.jsdelivr.net)."
    ),
    "practise": SERVER_WORDS["practise"],
    "practise_item": SERVER_WORDS["practise_item"],
    "rules_stale": msg(
        "site.front.rules_stale",
        "This browser keeps your answers: open the Practise page or a tutorial to see your rules here.",
    ),
}
"""The front page's words."""

_STYLE = (
    """body { font: 17px/1.5 sans-serif; max-width: 42em; margin: 2em auto; padding: 0 1em; color: #222; }
a { color: #1f4e79; } li { margin: 0.4em 0; } small { color: #555; }
section + section { border-top: 1px solid #ccc; margin-top: 2em; } h2 { font-size: 1.1em; color: #555; }
"""
    + TOUCH_LINKS_STYLE
    + RULES_STYLE
)


def tutorial_folder(lang: str) -> str:
    """Where ``lang``'s tutorials are in the project and on the site.

    >>> tutorial_folder("en"), tutorial_folder("fr")
    ('tutorials', 'tutorials/fr')
    """
    return "tutorials" if lang == SOURCE_LANGUAGE else f"tutorials/{lang}"


def _link(href: str, label: str, *, bold: bool = True) -> str:
    text = f"<b>{escape(label)}</b>" if bold else escape(label)
    return f'<a href="{escape(href)}">{text}</a>'


def _label(file_name: str, titles: Mapping[str, str], folder: str) -> str:
    """A tutorial's name: its title (``titles``, by path on the site), else from its file name
    (``01-the-board.ipynb`` -> ``01 the board``)."""
    return titles.get(f"{folder}/{file_name}") or file_name.removesuffix(".ipynb").replace("-", " ")


def _with_links(text: str, **links: str) -> str:
    """``text`` escaped, its ``{name}`` placeholders then replaced by the HTML ``links``."""
    html = escape(text)
    for name, link in links.items():
        html = html.replace("{" + name + "}", link)
    return html


def _section(
    lang: str, folder: str, tutorials: Sequence[str], megabytes: tuple[int, int], local: bool, titles: Mapping[str, str]
) -> str:
    def say(key: str, **fields: object) -> str:
        return render(FRONT[key], lang, **fields)

    def item(key: str, links: dict[str, str], **fields: object) -> str:
        text = say(key, **{name: "{" + name + "}" for name in links}, **fields)
        return f"<li>{_with_links(text, **links)}</li>"

    items = [item("play_item", {"link": _link("voici/render/aton.html", say("play"))})]
    practise = item("practise_item", {"link": _link(f"{PRACTISE_PAGE}?lang={lang}", say("practise"))})
    every = ""
    if tutorials:
        links = {
            "link": _link(f"notebooks/index.html?path={folder}/{tutorials[0]}", say("tutorials")),
            "all": _link(f"#tutorials-{lang}", say("all"), bold=False),
        }
        items.append(item("tutorials_item", links, count=len(tutorials)))
        # the list of every tutorial is on this page: JupyterLite's apps cannot open a folder from a link
        every = (
            f'<ol id="tutorials-{lang}">'
            + "".join(
                "<li>"
                + _link(f"notebooks/index.html?path={folder}/{name}", _label(name, titles, folder), bold=False)
                + "</li>"
                for name in tutorials
            )
            + "</ol>"
        )
    items.append(practise)
    items.append(item("lab_item", {"link": _link("notebooks/index.html?path=simulation-lab.ipynb", say("lab"))}))
    items.append(item("gallery_item", {"link": _link("notebooks/index.html?path=widgets.ipynb", say("gallery"))}))
    items.append(item("jupyterlab_item", {"link": _link("lab/index.html", "JupyterLab", bold=False)}))
    first_visit = say("first_visit", megabytes=megabytes[0], full=megabytes[1])
    return (
        f'<section lang="{lang}">'
        f"<h2>{escape(language_name(lang))}</h2>"
        f'<div class="aton-learner-rules" data-stale="{escape(say("rules_stale"))}" aria-live="polite" hidden></div>'
        f"<p>{escape(say('lead'))} <small>{escape(first_visit)}</small></p>"
        f"<ul>{''.join(items)}</ul>"
        f"{every}"
        f"<p><small>{escape(say('server_note'))}</small></p>"
        f"<p><small>{escape(say('kept_local' if local else 'kept_cdn'))}</small></p>"
        "</section>"
    )


_BROWSER_LANGUAGE_FIRST = """<script>
(function () {
  // the section in the browser's language comes first (a French browser reads French first)
  var wanted = (navigator.languages || [navigator.language || '']).map(function (tag) {
    return String(tag).slice(0, 2).toLowerCase();
  });
  for (var i = wanted.length - 1; i >= 0; i--) {
    if (!/^[a-z]{2}$/.test(wanted[i])) continue;
    var found = document.querySelector('body > section[lang="' + wanted[i] + '"]');
    var first = document.querySelector('body > section[lang]');
    if (found && first && found !== first) first.parentNode.insertBefore(found, first);
  }
})();
</script>"""
"""Puts the section of the browser's language first (the page lists every language)."""

_RULES = """<script>
(function () {
  // the learner's rules, as the pages read them from the record this browser keeps (nothing kept: nothing shown)
  var record = null, kept = null, check = null, report = null;
  try { record = window.localStorage.getItem(RECORD); kept = window.localStorage.getItem(RULES); }
  catch (error) { return; }
  if (record === null) { return; }
  try { check = JSON.parse(record).check; } catch (error) { check = null; }
  try { report = JSON.parse(kept); } catch (error) { report = null; }
  var sound = typeof check === 'string' && !!report && report.check === check && !!report.langs;
  /*rules*/
  document.querySelectorAll('body > section[lang] .aton-learner-rules').forEach(function (box) {
    var said = sound ? report.langs[box.closest('section[lang]').getAttribute('lang')] : null;
    if (said && typeof said.summary === 'string' && Array.isArray(said.states)) { rules(box, said); return; }
    box.textContent = box.getAttribute('data-stale');
    box.hidden = false;
  });
})();
</script>"""
"""Shows the learner's rules in each language's section: those the pages kept with the record this browser holds
(the same check), else a line saying where to see them (a record kept by an older build, or one the pages have
not read since it changed)."""


def front_page_html(
    tutorials: Mapping[str, Sequence[str]],
    *,
    megabytes: int | tuple[int, int],
    local: bool,
    titles: Mapping[str, str] | None = None,
) -> str:
    """The front page: a section per language of the catalogs, each with that language's tutorials.

    ``tutorials`` maps a language to its notebooks' file names, in order; ``titles`` (by path on the site,
    ``tutorials/fr/05-le-decompte.ipynb``) their names as their first heading writes them; ``megabytes`` is
    what a first visit downloads, from a host that compresses and from one that does not; ``local`` says
    that Pyodide comes from the site itself rather than its CDN.  The browser's language comes first.
    """
    sizes = megabytes if isinstance(megabytes, tuple) else (megabytes, megabytes)
    rules_script = (
        _RULES.replace("RECORD", json.dumps(RECORD_KEY))
        .replace("RULES", json.dumps(RULES_KEY))
        .replace("/*rules*/", RULES_VIEW)  # last: its words are not placeholders
    )
    title = " / ".join(dict.fromkeys(escape(render(FRONT["title"], lang)) for lang in languages()))
    sections = []
    for lang in languages():
        own = lang if tutorials.get(lang) else SOURCE_LANGUAGE
        sections.append(_section(lang, tutorial_folder(own), tutorials.get(own, ()), sizes, local, titles or {}))
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n"
        '<link rel="icon" href="data:,">\n'  # the site has no icon of its own: no request, no 404
        "<!-- JupyterLite's pages read the site's settings from this element of the front page (here: none). -->\n"
        '<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{}</script>\n'
        f"<style>\n{_STYLE}\n</style>\n</head>\n<body>\n<h1>Aton</h1>\n{chr(10).join(sections)}\n"
        f"{_BROWSER_LANGUAGE_FIRST}\n{rules_script}\n</body>\n</html>\n"
    )
