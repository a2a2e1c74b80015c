"""Step and see at once: on a phone (390 x 844) and an upright tablet (768 x 1024), each step of a round against
the bot shows the squares it changed and the "Next step" button on the screen together, measured in Chromium.

At each step the test reads where the board's canvas is (``getBoundingClientRect``), where the "Next step"
button is, where the bar pinned to the bottom of the screen begins, and who holds each square (the board's
text twin); the squares a step changed are those whose owner differs from the step before, placed on the
canvas with the board's geometry for the layout drawn.  A square is on the screen when it lies between the
top of the screen and the bar (or the bottom of the screen when nothing is pinned there).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from dashboard_page import STATUS, DashboardPage, local_page

from aton.widgets.scene import NARROW, UPRIGHT, Geometry

pytestmark = pytest.mark.browser

SIZES = {
    "phone": ({"width": 390, "height": 844}, True, NARROW, "phone"),
    "upright": ({"width": 768, "height": 1024}, False, UPRIGHT, "tablet"),
}
WAIT = 90_000
"""Generous limits: the machine running the tests may be loaded."""

SETTLED_JS = """(shown) => {
  const status = document.querySelector('.aton-status-line');
  if (!status || status.dataset.shown !== shown) return false;
  if (document.querySelector('.aton-step-focus')) {  // the page says where the step happens: wait for this step's
    const place = document.querySelector('.aton-step-focus .aton-step-place');
    if (!place || place.dataset.shown !== shown) return false;
  }
  const scroller = document.querySelector('#rendered_cells');
  const bar = document.querySelector('.aton-steps');
  const now = [scroller ? scroller.scrollTop : 0, window.scrollY, bar ? bar.getBoundingClientRect().top : 0].join();
  const seen = window.atonSettled || (window.atonSettled = {now: null, count: 0});
  if (seen.now === now) { seen.count += 1; } else { seen.now = now; seen.count = 0; }
  return seen.count >= 8;  // unchanged for eight polls in a row (0.8 s): the page has done its scrolling
}"""

MEASURE_JS = """() => {
  const canvas = document.querySelector('.aton-board-area canvas.aton-board').getBoundingClientRect();
  const next = document.querySelector('.aton-next-step');
  const button = next.getBoundingClientRect();
  const bar = document.querySelector('.aton-steps');
  const pinned = bar && ['fixed', 'sticky'].includes(getComputedStyle(bar).position) && bar.getClientRects().length;
  const place = document.querySelector('.aton-step-focus .aton-step-place');
  return {
    canvas: [canvas.left, canvas.top, canvas.width, canvas.height],
    next: [button.left, button.top, button.width, button.height],
    nextShown: next.offsetParent !== null && !next.disabled,
    floor: pinned ? bar.getBoundingClientRect().top : window.innerHeight,
    width: window.innerWidth,
    height: window.innerHeight,
    squares: place ? place.dataset.squares : null,
    owners: Object.fromEntries(Array.from(document.querySelectorAll('.aton-board-area .aton-twin td[data-square]'))
      .map((cell) => [cell.dataset.square, cell.textContent.split(';')[0]])),
  };
}"""


@pytest.fixture
def device_page(browser: Any, voila_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh touch page of the size named by the test's parameter; fails on any page error."""
    viewport, mobile, _, _ = SIZES[request.param]
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=mobile, accept_downloads=True)
    errors: list[str] = []
    page = local_page(context, errors, timeout=WAIT)
    yield page
    context.close()
    assert not errors, f"the page raised errors: {errors}"


def _on_screen(box: Any, measure: dict[str, Any], geometry: Geometry) -> bool:
    """Whether the board's ``box`` (logical pixels) lies on the screen, above the bar pinned at its bottom."""
    left, top, width, height = measure["canvas"]
    scale_x, scale_y = width / geometry.width, height / geometry.height
    x0, y0 = left + box.x * scale_x, top + box.y * scale_y
    x1, y1 = x0 + box.w * scale_x, y0 + box.h * scale_y
    return x0 >= -1 and x1 <= measure["width"] + 1 and y0 >= -1 and y1 <= measure["floor"] + 1


def _owner(text: str) -> str:
    """Whose counter the text twin says a square holds: "red", "blue" or ""."""
    return "red" if "red counter" in text else "blue" if "blue counter" in text else ""


def _next_on_screen(measure: dict[str, Any]) -> bool:
    _left, top, width, height = measure["next"]
    return bool(measure["nextShown"]) and width > 0 and top >= 0 and top + height <= measure["height"] + 1


def _watch_steps(dash: DashboardPage, measures: dict[int, dict[str, Any]]) -> None:
    """Watch every step until the board is live and no bot is thinking, measuring the screen at each."""
    page = dash.page
    for _ in range(400):
        page.wait_for_function(
            f"() => {{ const d = document.querySelector('{STATUS}').dataset;"
            " return d.pending !== '0' || (d.live === 'true' && !d.thinking.includes('bot')); }",
            timeout=WAIT,
        )
        status = dash.status()
        if status["pending"] == "0":
            return
        shown = status["shown"]
        page.evaluate("() => { window.atonSettled = null; }")
        page.wait_for_function(SETTLED_JS, arg=shown, timeout=WAIT, polling=100)
        measures[int(shown)] = page.evaluate(MEASURE_JS)
        dash.next_step()
    raise AssertionError("the steps never ended")


@pytest.mark.parametrize("device_page", ["phone", "upright"], indirect=True)
def test_each_step_shows_its_squares_and_next(device_page: Any, voila_url: str, request: pytest.FixtureRequest) -> None:
    size = request.node.callspec.params["device_page"]
    _, _, geometry, layout = SIZES[size]
    page = device_page
    dash = DashboardPage(page, voila_url, geometry)
    page.goto(voila_url)
    page.wait_for_selector(STATUS, state="attached", timeout=WAIT)
    page.wait_for_function(
        "(name) => document.querySelector('.aton-dashboard').classList.contains(name)",
        arg=f"aton-layout-{layout}",
        timeout=WAIT,
    )
    dash.new_game(mode="bot", seed=7, level="easy", human="red")
    dash.wait_status(thinking="")
    low, second, third, high = sorted(dash.hand())
    dash.assign([second, low, third, high])
    measures: dict[int, dict[str, Any]] = {}
    for _ in range(40):
        dash.tab_by_class(0)
        _watch_steps(dash, measures)
        status = dash.status()
        if status["round"] != "1" or status["over"] == "true":
            break
        dash.play_squares("red")
    else:
        raise AssertionError("round 2 never came")
    assert len(measures) >= 10, f"only {len(measures)} steps were watched"

    with_squares = both = next_shown = 0
    missed = []
    for shown, measure in sorted(measures.items()):
        next_ok = _next_on_screen(measure)
        next_shown += next_ok
        before = measures.get(shown - 1)
        if before is None:  # a step seen already (the person's own move): no step before it to compare with
            continue
        squares = sorted(
            tuple(int(part) for part in key.split("-"))
            for key, owner in measure["owners"].items()
            if _owner(owner) != _owner(before["owners"][key])
        )
        if measure["squares"] is not None:  # the page names the squares the step changed
            named = sorted(tuple(int(p) for p in key.split("-")) for key in measure["squares"].split())
            assert named == squares, (shown, named, squares)
        if not squares:
            continue
        with_squares += 1
        seen = all(_on_screen(geometry.square_box(square), measure, geometry) for square in squares)
        if seen and next_ok:
            both += 1
        else:
            missed.append((shown, squares, measure["canvas"], measure["floor"]))
    print(
        f"\n{size}: steps of round 1 where the changed squares and Next are both visible: {both} of {with_squares}"
        f" (Next on screen at {next_shown} of {len(measures)} steps)"
    )
    assert with_squares >= 3, f"only {with_squares} steps changed squares"
    assert next_shown == len(measures), f"Next out of sight at {len(measures) - next_shown} steps"
    assert both == with_squares, f"steps where the changed squares or Next were out of sight: {missed[:3]}"
