"""Targets a finger can hit: on touch screens every button, tab, link, field and check box is at least 44 px tall.

The dashboard is measured in each layout (a phone, a tablet held upright and sideways, all with touch), tab by
tab, and so are the front page and the teacher's class page (``/class``: its code, tables, watched board,
learners' answers, results and the questions it asks first); with a mouse (a laptop) the pages keep their denser
look.  The smallest target of each layout is printed.  The card panel's words suit the device too: a finger
taps, a mouse clicks.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import PageErrors
from dashboard_page import STATUS, local_page
from test_class_page import CODE, SHOTS, TABLE, new_page, play_some, play_to_end, seated_room, served, type_code
from test_dashboard_axe import RUN_AXE_JS, axe_source, refused

from aton import rooms
from aton.apps.classroom.learning import RULE_IDS
from aton.apps.dashboard.style import TOUCH_TARGET
from aton.rooms import LearningStore
from aton.teaching.mastery import Attempt

pytestmark = pytest.mark.browser
__all__ = ["axe_source", "served"]  # fixtures used here

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


# the same, for the widgets of a notebook's page only (a link in the lesson's own text is a word among words)
WIDGET_TARGETS_JS = TARGETS_JS.replace(
    "if (element.closest('.aton-twin, .aton-starting')) continue;",
    "if (element.closest('.aton-twin, .aton-starting') || !element.closest('.jupyter-widgets')) continue;",
)
assert WIDGET_TARGETS_JS != TARGETS_JS


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


def keep_smallest(found: dict[str, tuple[str, float, int]], page: Any) -> None:
    """Add every target on screen now to ``found`` (each kept at its smallest height)."""
    for name, height, width in page.evaluate(TARGETS_JS):
        key = f"{name} {width}"
        if key not in found or found[key][1] > height:
            found[key] = (name, height, width)


CLASS_LAYOUTS = ("phone", "upright tablet", "laptop")


@pytest.mark.parametrize("layout", CLASS_LAYOUTS)
def test_every_target_of_the_class_page_is_tall_enough_for_a_finger(
    served: tuple[str, str], browser: Any, axe_source: str, layout: str
) -> None:
    """The class page, part after part: the code asked, the tables, a watched table, a learner's answers, the
    results with their CSV link, closing a table and erasing the answers asked first (each cancelled).  With
    every part open, axe-core finds nothing serious, no heading out of order and no content outside the
    landmarks, in English and in French."""
    base, store_url = served
    viewport, touch = LAYOUTS[layout]
    store = rooms.open_store(store_url)
    learning = LearningStore(store_url)
    errors: list[str] = []
    page = new_page(browser, errors, viewport=viewport, has_touch=touch, is_mobile=touch)
    press = (lambda locator: locator.tap()) if touch else (lambda locator: locator.click())
    try:
        code, tokens = seated_room(store, seed=301)
        play_some(store, code, tokens, 8, seed=3)
        finished, finished_tokens = seated_room(store, seed=302, red="Zoé", blue="Léo")
        play_to_end(store, finished, finished_tokens, seed=4)
        found: dict[str, tuple[str, float, int]] = {}
        page.goto(f"{base}/class")
        page.wait_for_selector(".aton-class-code input")
        keep_smallest(found, page)  # the code asked
        type_code(page, CODE)
        page.wait_for_selector(TABLE)
        page.wait_for_selector(".aton-learning h2")
        nickname = f"On {layout}"
        key = learning.register(nickname)  # an answer after the page opened its lesson
        learning.record(key, Attempt(rule=RULE_IDS[0], question="q", case="c", correct=True, answer_type="number"))
        learner = page.locator(".aton-learning-learner", has_text=nickname)
        learner.wait_for()
        keep_smallest(found, page)  # the tables, the learners
        press(page.locator(TABLE).filter(has=page.locator(f'[data-code="{code}"]')).locator(".aton-class-watch"))
        page.wait_for_selector(".aton-class-watched canvas.aton-board")
        page.wait_for_selector(".aton-class-stop")
        keep_smallest(found, page)  # the watched table
        press(learner)
        page.wait_for_selector(".aton-learning-attempts table")
        keep_smallest(found, page)  # a learner's answers
        press(page.locator(".aton-class-results-button"))
        page.wait_for_selector(".aton-class-results a[href]")
        keep_smallest(found, page)  # the results, the CSV link
        press(page.locator(TABLE).filter(has=page.locator(f'[data-code="{code}"]')).locator(".aton-class-close"))
        page.wait_for_selector(".aton-class-confirm")
        keep_smallest(found, page)  # closing, asked first
        press(page.locator(".aton-class-cancel"))
        press(page.locator(".aton-learning-erase"))
        page.wait_for_selector(".aton-learning-erase-yes")
        keep_smallest(found, page)  # erasing, asked first
        press(page.locator(".aton-learning-erase-no"))
        page.screenshot(path=str(SHOTS / f"classtargets-{layout.replace(' ', '-')}.png"), full_page=True)
        page.add_script_tag(content=axe_source)
        failing: dict[str, list[str]] = {}
        for language, lang in (("English", "en"), ("Français", "fr")):
            press(page.locator(".aton-language button", has_text=language))
            page.wait_for_function(
                "(word) => document.querySelector('.aton-class-results-button').innerText.includes(word)",
                arg="résultats" if lang == "fr" else "results",
            )
            violations = page.evaluate(RUN_AXE_JS)
            failing[lang] = [f"{v['id']} {node}" for v in violations if refused(v) for node in v["nodes"]]
            counts = {f"{v['id']} ({v['impact']})": len(v["nodes"]) for v in violations}
            print(f"axe-core on the open class page, {layout}, {lang}: {counts}")
        targets = sorted(found.values(), key=lambda target: target[1])
        print(f"{layout}: smallest class page target {targets[0]}")
        assert not any(failing.values()), failing
        kinds = {name.split(" ")[0] for name, _, _ in targets}
        assert {"a", "button[submit]", "input[password]"} <= kinds, kinds
        assert len(targets) >= 12, targets  # language, code, tables, stop, learners, results, CSV, the questions
        if touch:
            short = [target for target in targets if target[1] < TOUCH_TARGET - 0.5]
            assert not short, f"class page targets shorter than {TOUCH_TARGET} px on the {layout}: {short}"
        else:  # a mouse keeps the denser page
            buttons = [height for name, height, _ in targets if name.startswith("button")]
            assert buttons and min(buttons) < TOUCH_TARGET, targets[:5]
    finally:
        page.context.close()
        store.dispose()
        learning.dispose()
    assert not errors, f"the page raised errors: {errors}"


TUTORIALS = ("01-the-board.ipynb", "fr/02-un-tour.ipynb")
"""Served tutorials measured: the board and its questions; a round to play, in French."""


@pytest.mark.parametrize("layout", ["phone", "laptop"])
@pytest.mark.parametrize("tutorial", TUTORIALS)
def test_every_target_of_a_tutorial_is_tall_enough_for_a_finger(
    browser: Any, voila_url: str, page_errors: PageErrors, layout: str, tutorial: str
) -> None:
    """A served tutorial's widgets (the language switch, the learner's bar, step-through, cards, exercises): at
    least 44 px tall for a finger, as dense as before with a mouse.  Links inside the lesson's sentences are
    words among words (a finger's rules leave them be), so the widgets' targets are measured."""
    viewport, touch = LAYOUTS[layout]
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = local_page(context, page_errors, timeout=120_000)
    try:
        page.goto(f"{voila_url}/tutorials/{tutorial}")
        page.wait_for_selector(".aton-exercise .aton-exercise-check", timeout=120_000)
        page.wait_for_function("() => document.querySelectorAll('canvas.aton-board').length > 0")
        targets = sorted((target for target in page.evaluate(WIDGET_TARGETS_JS)), key=lambda target: target[1])
        print(f"tutorial {tutorial}, {layout}: {len(targets)} targets, smallest {targets[:1]}")
        assert len(targets) >= 8, targets
        if touch:
            short = [target for target in targets if target[1] < TOUCH_TARGET - 0.5]
            assert not short, f"tutorial targets shorter than {TOUCH_TARGET} px on the {layout}: {short}"
        else:
            buttons = [height for name, height, _ in targets if name.startswith("button")]
            assert buttons and min(buttons) < TOUCH_TARGET, targets[:5]
    finally:
        context.close()
