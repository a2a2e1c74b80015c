"""axe-core on the pages around the dashboard: the front page (``/home``), the class page (``/class``), the
Practise page (``/practise``) and every tutorial the server serves, in English and in French, at a laptop's width
(1280 x 800) and a phone's (390 x 844).

Each page is opened once (a tutorial runs all its cells first) and checked at both widths, the window resized
between.  No serious or critical violation may remain, nor a heading out of order or content outside the
landmarks, and the class page and the tutorials have a main
landmark (their content is inside it).  The counts by page, width and rule are printed, for the record.
"""

from __future__ import annotations

import collections
from pathlib import Path
from typing import Any

import pytest
from dashboard_page import local_page
from test_dashboard_axe import RUN_AXE_JS, axe_source, refused

from aton.serving.front import tutorial_folder, tutorial_titles

pytestmark = pytest.mark.browser

__all__ = ["axe_source"]  # the fixture, shared with the dashboard's test

WIDTHS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
WAIT = 240_000
"""A tutorial runs all its cells in a fresh kernel before it shows: on a loaded machine, minutes."""
ROOT = Path(__file__).resolve().parents[2]
PAGES = {"home": "/home", "class": "/class", "practise": "/practise"} | {
    f"{lang} {name}": f"/{tutorial_folder(lang)}/{name}"
    for lang, tutorials in tutorial_titles(ROOT).items()
    for name, _title in tutorials
}

SETTLED_JS = """() => {
  const cells = document.querySelector('#rendered_cells');
  if (!cells || getComputedStyle(cells).display === 'none' || document.readyState !== 'complete') return false;
  const now = document.querySelectorAll('.jupyter-widgets, canvas').length;
  const seen = window.atonAxeSettled || (window.atonAxeSettled = {now: -1, count: 0});
  if (seen.now === now) { seen.count += 1; } else { seen.now = now; seen.count = 0; }
  return seen.count >= 10;  // no widget came for ten polls in a row (1 s): the page is drawn
}"""


@pytest.mark.parametrize("name", list(PAGES))
def test_axe_on_the_pages_around_the_dashboard(browser: Any, voila_url: str, axe_source: str, name: str) -> None:
    context = browser.new_context(viewport=WIDTHS["laptop"])
    errors: list[str] = []
    page = local_page(context, errors, timeout=WAIT)
    serious: list[str] = []
    counts: dict[str, collections.Counter[str]] = {}
    try:
        page.goto(f"{voila_url}{PAGES[name]}")
        if name == "home":
            page.wait_for_selector("section#fr ol li a", state="attached", timeout=WAIT)
        else:  # Voila's pages: once every cell ran and the widgets are drawn, the content is the main landmark
            page.wait_for_function(SETTLED_JS, timeout=WAIT, polling=100)
            assert page.evaluate(
                "() => { const main = document.querySelector('[role=main], main');"
                " return !!(main && main.querySelector('.jp-OutputArea-output, .jp-RenderedHTMLCommon')); }"
            ), "no main landmark holds the page's content"
        page.add_script_tag(content=axe_source)
        for width, viewport in WIDTHS.items():
            page.set_viewport_size(viewport)
            page.wait_for_function("(width) => window.innerWidth === width", arg=viewport["width"])
            found: collections.Counter[str] = collections.Counter()
            for violation in page.evaluate(RUN_AXE_JS):
                found[f"{violation['id']} ({violation['impact']})"] += len(violation["nodes"])
                if refused(violation):  # serious, critical, or a heading out of order
                    where = f"{name} at a {width}'s width: {violation['id']} ({violation['help']})"
                    serious += [f"{where} {node}" for node in violation["nodes"]]
            counts[width] = found
        print(f"\naxe-core on {name}:", {width: dict(found) for width, found in counts.items()})
        assert not serious, "\n".join(serious)
        assert not errors, errors
    finally:
        context.close()
