"""Targets a finger can hit: on touch screens every button, tab, link, field and check box is at least 44 px tall.

The dashboard is measured in each layout (a phone, a tablet held upright and sideways, all with touch), tab by
tab, and so is the front page; with a mouse (a laptop) the page keeps its denser look.  The smallest target of
each layout is printed.  The card panel's words suit the device too: a finger taps, a mouse clicks.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import PageErrors
from dashboard_page import STATUS, local_page

from aton.apps.dashboard.style import TOUCH_TARGET

pytestmark = pytest.mark.browser

LAYOUTS = {
    "phone": ({"width": 390, "height": 844}, True),
    "upright tablet": ({"width": 768, "height": 1024}, True),
    "landscape tablet": ({"width": 1024, "height": 768}, True),
    "laptop": ({"width": 1280, "height": 720}, False),
}
"""The screens measured: their size, and whether a finger (touch) or a mouse points."""

# every target on screen now: [what it is, its height, its width]; a check box counts with its label (a tap on
# the label ticks it); hidden parts (other tabs, the board's text twin for screen readers) are left out
TARGETS_JS = """() => {
  const found = [];
  const picks = 'button, a[href], input, select, textarea, [role="tab"], summary';
  for (const element of document.querySelectorAll(picks)) {
    if (element.closest('.aton-twin, .aton-starting')) continue;
    if (getComputedStyle(element).visibility === 'hidden' || element.getClientRects().length === 0) continue;
    let box = element.getBoundingClientRect();
    const label = element.matches('input[type="checkbox"], input[type="radio"]') && element.closest('label');
    if (label) box = label.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    const words = (element.innerText || element.value || element.getAttribute('aria-label') || '').trim();
    const kind = element.tagName.toLowerCase() + (element.type ? `[${element.type}]` : '');
    found.push([`${kind} "${words.slice(0, 24)}"`, Math.round(box.height * 10) / 10, Math.round(box.width)]);
  }
  return found;
}"""


def measure_tabs(page: Any, touch: bool) -> list[tuple[str, float, int]]:
    """Every target of the dashboard, each tab of its two tab bars shown in turn."""
    found: dict[str, tuple[str, float, int]] = {}
    for bar in (".aton-left", ".aton-right"):
        tabs = page.locator(f"{bar} > .lm-TabBar .lm-TabBar-tab")
        for index in range(tabs.count()):
            tab = tabs.nth(index)
            tab.tap() if touch else tab.click()
            page.wait_for_timeout(400)
            for name, height, width in page.evaluate(TARGETS_JS):
                key = f"{name} {width}"
                if key not in found or found[key][1] > height:
                    found[key] = (name, height, width)
    return sorted(found.values(), key=lambda target: target[1])


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_every_target_is_tall_enough_for_a_finger(
    browser: Any, voila_url: str, page_errors: PageErrors, layout: str
) -> None:
    viewport, touch = LAYOUTS[layout]
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = local_page(context, page_errors)
    try:
        page.goto(voila_url)
        page.wait_for_selector(STATUS, state="attached", timeout=60_000)
        page.wait_for_selector(".aton-assign .aton-card", timeout=60_000)
        # the words for the device: a finger taps, a mouse clicks
        verb = "Tap a card" if touch else "Click a card"
        page.wait_for_function("(v) => document.querySelector('.aton-assign').innerText.includes(v)", arg=verb)
        targets = measure_tabs(page, touch)
        assert len(targets) >= 20, targets  # the cards, the cartouches, the tabs, the switches, the form...
        kinds = {name.split(" ")[0] for name, _, _ in targets}
        assert {"li", "input[checkbox]", "input[text]", "button[submit]", "button[button]"} <= kinds, kinds
        page.goto(f"{voila_url}/home")
        front = sorted(page.evaluate(TARGETS_JS), key=lambda target: target[1])
        smallest, front_smallest = targets[0], front[0]
        print(f"{layout}: smallest dashboard target {smallest}, smallest front page target {front_smallest}")
        if touch:
            short = [target for target in targets + front if target[1] < TOUCH_TARGET - 0.5]
            assert not short, f"targets shorter than {TOUCH_TARGET} px on the {layout}: {short}"
        else:  # a mouse keeps the dense page: the buttons as ipywidgets draw them
            buttons = [height for name, height, _ in targets if name.startswith("button")]
            assert buttons and min(buttons) <= 30, targets[:5]
            assert min(buttons) < TOUCH_TARGET
    finally:
        context.close()
