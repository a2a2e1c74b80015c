"""axe-core on the pages around the dashboard: the front page (``/home``), the class page (``/class``) and the first
tutorial in English and in French, on a phone (390 x 844) and a laptop (1280 x 800).

No serious or critical violation may remain, and the class page and the tutorials have a main landmark (their
content is inside it).  The counts by page, width and rule are printed, for the record.
"""

from __future__ import annotations

import collections
from typing import Any

import pytest
from dashboard_page import local_page
from test_dashboard_axe import RUN_AXE_JS, SERIOUS, axe_source

pytestmark = pytest.mark.browser

__all__ = ["axe_source"]  # the fixture, shared with the dashboard's test

WIDTHS = {"phone": ({"width": 390, "height": 844}, True), "laptop": ({"width": 1280, "height": 800}, False)}
WAIT = 180_000
"""A tutorial runs all its cells in a fresh kernel before its last exercise shows: on a loaded machine, minutes."""
PAGES = {
    "home": ("/home", "section#fr ol li a"),
    "class": ("/class", ".aton-classroom"),
    "tutorial 01 (en)": ("/tutorials/01-the-board.ipynb", ".aton-exercise .aton-exercise-check"),
    "tutorial 01 (fr)": ("/tutorials/fr/01-le-plateau.ipynb", ".aton-exercise .aton-exercise-check"),
}


@pytest.mark.parametrize("width", list(WIDTHS))
def test_axe_on_the_front_page_the_class_page_and_a_tutorial(
    browser: Any, voila_url: str, axe_source: str, width: str
) -> None:
    viewport, mobile = WIDTHS[width]
    context = browser.new_context(viewport=viewport, has_touch=mobile, is_mobile=mobile)
    errors: list[str] = []
    page = local_page(context, errors, timeout=WAIT)
    serious: list[str] = []
    counts: dict[str, collections.Counter[str]] = {}
    try:
        for name, (path, ready) in PAGES.items():
            page.goto(f"{voila_url}{path}")
            page.wait_for_selector(ready, state="attached", timeout=WAIT)
            page.wait_for_function("() => document.readyState === 'complete'", timeout=WAIT)
            if name != "home":  # Voila's pages: the notebook's content is the main landmark
                page.wait_for_function(
                    "() => { const main = document.querySelector('[role=main], main');"
                    " return main && main.querySelector('.jp-OutputArea-output, .jp-RenderedHTMLCommon'); }",
                    timeout=WAIT,
                )
            page.add_script_tag(content=axe_source)
            found: collections.Counter[str] = collections.Counter()
            for violation in page.evaluate(RUN_AXE_JS):
                found[f"{violation['id']} ({violation['impact']})"] += len(violation["nodes"])
                if violation["impact"] in SERIOUS:
                    serious += [
                        f"{name} on a {width}: {violation['id']} ({violation['help']}) {n}" for n in violation["nodes"]
                    ]
            counts[name] = found
        print(f"\naxe-core on a {width}, by page and rule:", {name: dict(found) for name, found in counts.items()})
        assert not serious, "\n".join(serious)
        assert not errors, errors
    finally:
        context.close()
