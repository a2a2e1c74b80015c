"""A round on an emulated touch tablet (1024 x 768, and held upright: 768 x 1024), with taps only.

The page gets real touch events (``has_touch``, ``is_mobile``): a tap on the canvas sends no mouse
event at all, so these tests prove that the board reads touches.  Buttons are tapped too.  The time
from a tap on a square to its counter drawn is measured inside the page and printed.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import PageErrors
from dashboard_page import BOARD, LEGAL_CELLS, STATUS, TIMEOUT, DashboardPage, hex_rgb, local_page

from aton import data
from aton.apps.dashboard.app import BOARD_SCALE, UPRIGHT_SCALE
from aton.apps.dashboard.page import NARROW_SCALE
from aton.widgets.scene import GEOMETRY, NARROW, PALETTE, UPRIGHT, Geometry

pytestmark = pytest.mark.browser

TABLETS = {
    "landscape": ({"width": 1024, "height": 768}, GEOMETRY),
    "upright": ({"width": 768, "height": 1024}, UPRIGHT),
}
"""The two ways to hold a tablet: its screen and the board the dashboard draws there."""
SEED = 7
ACTING = ("remove", "place", "scoring_remove")

# what reaches the page: mouse events (a tap must make none on the board) and when the last touch started
WATCH_INPUT_JS = """() => {
  window.__atonInput = {mouse: 0, touchAt: null};
  for (const kind of ['mousedown', 'mouseup'])
    document.addEventListener(kind, (e) => {
      if (e.target.matches && e.target.matches('canvas')) window.__atonInput.mouse += 1;
    }, {capture: true, passive: true});
  document.addEventListener('touchstart', () => { window.__atonInput.touchAt = performance.now(); },
                            {capture: true, passive: true});
}"""

# watches, frame by frame, for the pixel to show the colour; keeps the time (ms) from the last touch start
WATCH_PIXEL_JS = """([selector, x, y, rgb, tolerance]) => {
  window.__atonDrawn = null;
  const check = () => {
    const canvas = document.querySelector(selector);
    const p = canvas && canvas.width ? canvas.getContext('2d').getImageData(x, y, 1, 1).data : null;
    if (p && [0, 1, 2].every((i) => Math.abs(p[i] - rgb[i]) <= tolerance)) {
      window.__atonDrawn = performance.now() - window.__atonInput.touchAt;
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
}"""


# what scrolls the page: Voila's cell area once the panels sit below the board, else the document
SCROLLER = "(document.querySelector('#rendered_cells') || document.scrollingElement)"
SCROLL_AT = f"() => [{SCROLLER}.scrollLeft, {SCROLLER}.scrollTop]"

# a point on screen at the height of y (or near it) that is on the page but not on the board
BESIDE_BOARD_JS = """(y) => {
  const width = window.innerWidth, height = window.innerHeight, found = [];
  for (const py of [y, height - 60, 60]) {
    for (const px of [4, width - 12, width / 2]) {
      const element = document.elementFromPoint(px, py);
      const inside = (document.querySelector('#rendered_cells') || document.scrollingElement).contains(element);
      if (element && !element.closest('canvas') && inside) found.push([px, py]);
    }
  }
  if (!found.length) throw new Error('no point beside the board');
  return found;
}"""

# true once the page has stayed scrolled at y (put back there while it moves) for ten frames in a row
STILL_AT_JS = """(y) => {
  const scroller = document.querySelector('#rendered_cells') || document.scrollingElement;
  if (Math.abs(scroller.scrollTop - y) > 1) scroller.scrollTop = y;  // a swipe's momentum may carry it on
  const top = scroller.scrollTop;
  const same = Math.abs(top - y) <= 1 && window.__atonLastY === top;
  window.__atonLastY = top;
  window.__atonStill = same ? (window.__atonStill || 0) + 1 : 0;
  return window.__atonStill >= 10;
}"""


@pytest.fixture
def tablet(browser: Any, voila_url: str, page_errors: PageErrors, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page on an emulated touch tablet (held as the test's parameter says) whose requests leave only for
    localhost; fails on any page error."""
    viewport, _ = TABLETS[request.param]
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=True, device_scale_factor=1)
    page = local_page(context, page_errors)
    page.add_init_script(f"({WATCH_INPUT_JS})()")
    yield page
    context.close()
    assert not page_errors, f"the page raised errors: {page_errors}"


class TouchPlayer:
    """Plays the dashboard with taps: buttons with ``locator.tap``, squares with the touchscreen."""

    def __init__(self, page: Any, dash: DashboardPage, geometry: Geometry = GEOMETRY) -> None:
        self.page = page
        self.dash = dash
        self.geometry = geometry
        self.timings: list[float] = []

    def tap(self, selector: str, index: int = 0) -> None:
        self.page.locator(selector).nth(index).tap()

    def wait_shown_change(self, before: str) -> None:
        self.page.wait_for_function(
            f"(s) => document.querySelector('{STATUS}').dataset.shown !== s", arg=before, timeout=TIMEOUT
        )

    def square_point(self, square: tuple[int, int]) -> tuple[float, float]:
        """The viewport point of a square's centre, scrolled into view first (a finger taps what it sees)."""
        x, y = self.geometry.square_box(square).center
        for _ in range(3):
            _, _, page_x, page_y = self.dash.canvas_point((x, y))
            height = self.page.evaluate("() => window.innerHeight")
            if 40 <= page_y <= height - 40:
                return page_x, page_y
            self.page.evaluate(f"(dy) => {{ {SCROLLER}.scrollTop += dy; }}", page_y - height / 2)
        raise AssertionError(f"square {square} cannot be brought into view")

    def new_game(self, seed: int) -> None:
        """Start a game against the easy bot as red, through the form, with taps (and the seed typed)."""
        self.page.locator(".aton-right .lm-TabBar-tab").nth(3).tap()
        self.tap(".aton-mode button", 0)
        self.tap(".aton-level button", 0)
        self.tap(".aton-human button", 0)
        self.tap(".aton-seed input")
        self.page.locator(".aton-seed input").fill(str(seed))
        before = self.dash.status()["game"]
        self.tap(".aton-start")
        self.page.wait_for_function(
            f"(b) => document.querySelector('{STATUS}').dataset.game !== b", arg=before, timeout=TIMEOUT
        )
        self.dash.wait_status(mode="bot", round=1)

    def lay_cards(self) -> None:
        """Tap a card, then a cartouche, four times; then tap Confirm."""
        self.page.locator(".aton-right .lm-TabBar-tab").nth(0).tap()
        for number in range(1, data.CARTOUCHE_COUNT + 1):
            self.page.locator(".aton-assign .aton-card:not([disabled])").first.tap()
            self.tap(".aton-assign .aton-cartouche-slot", number - 1)
            self.page.wait_for_function(
                f"() => document.querySelectorAll('.aton-assign .aton-card[disabled]').length >= {number}",
                timeout=TIMEOUT,
            )
        before = self.dash.status()["shown"]
        self.page.locator(".aton-assign .aton-confirm:not([disabled])").tap()
        self.wait_shown_change(before)

    def tap_square(self, square: tuple[int, int]) -> None:
        """Tap a square, wait for the page to move on and for its counter to be drawn; time tap -> counter."""
        before = self.dash.status()
        colour = PALETTE[before["to-act"]] if before["phase"] == "place" else None
        if colour is not None:  # the watch starts before the tap, so it sees the first frame with the counter
            px, py, _, _ = self.dash.canvas_point(self.dash.counter_point(square))
            self.page.evaluate(WATCH_PIXEL_JS, [BOARD, round(px), round(py), hex_rgb(colour), 24])
        x, y = self.square_point(square)
        self.page.touchscreen.tap(x, y)
        self.wait_shown_change(before["shown"])
        if colour is not None:
            self.timings.append(
                float(self.page.wait_for_function("() => window.__atonDrawn", timeout=TIMEOUT).json_value())
            )

    def hold(self, point: tuple[float, float], words: str, view: Any = None) -> None:
        """Keep a finger on ``point`` until the board describes it in ``words`` (the board ``view``'s words: a
        locator; default the dashboard's board), then lift it.

        Playwright's touchscreen only taps: the finger goes down and up through the browser's protocol.
        """
        session = self.page.context.new_cdp_session(self.page)
        finger = [{"x": point[0], "y": point[1]}]
        session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": finger})
        hover = (view if view is not None else self.page.locator(".aton-board-area")).locator(".aton-hover").first
        self.page.wait_for_function(  # shown while the finger is still down, as a hover would be
            "([box, w]) => box.innerText.includes(w)",
            arg=[hover.element_handle(), words],
            timeout=TIMEOUT,
        )
        session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        session.detach()

    def swipe(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8, rest: bool = False) -> None:
        """Slide a finger from ``start`` to ``end`` (``rest``: and hold it still there a moment before lifting it)."""
        session = self.page.context.new_cdp_session(self.page)
        session.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]}
        )
        for step in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * step / steps
            y = start[1] + (end[1] - start[1]) * step / steps
            session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        for _ in range(6 if rest else 0):
            self.page.wait_for_timeout(50)
            session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        session.detach()


@pytest.mark.parametrize("tablet", ["landscape", "upright"], indirect=True)
def test_a_round_on_a_touch_tablet_with_taps_only(tablet: Any, voila_url: str, request: pytest.FixtureRequest) -> None:
    page = tablet
    held = request.node.callspec.params["tablet"]
    _, geometry = TABLETS[held]
    dash = DashboardPage(page, voila_url, geometry).open()
    page.wait_for_function(
        "(w) => { const c = document.querySelector('.aton-board-area canvas.aton-board'); return c && c.width === w; }",
        arg=round(geometry.width * (UPRIGHT_SCALE if geometry is UPRIGHT else BOARD_SCALE)),  # its board is drawn
    )
    player = TouchPlayer(page, dash, geometry)
    player.new_game(SEED)
    player.lay_cards()

    placed: list[tuple[int, int]] = []
    touched = False
    for _ in range(200):
        page.wait_for_function(
            f"() => {{ const d = document.querySelector('{STATUS}').dataset;"
            " return d.pending !== '0' || (d.live === 'true' && !d.thinking.includes('bot')); }",
            timeout=TIMEOUT,
        )
        status = dash.status()
        if status["round"] == "2" and status["phase"] == "assign" and status["pending"] == "0":
            break
        if status["pending"] != "0":
            before = status["shown"]
            player.tap(".aton-next-step")
            player.wait_shown_change(before)
            continue
        assert status["to-act"] == "red" and status["phase"] in ACTING, status
        page.wait_for_function(f"() => document.querySelectorAll('{LEGAL_CELLS}').length > 0", timeout=TIMEOUT)
        legal = dash.legal_squares()
        if not touched:
            touched = True
            # a swipe over the board plays nothing and scrolls the page, as a swipe beside it does; then a long
            # press describes a square and plays nothing (the kernel reads the touches in order: once the
            # description shows, the swipe has been read too)
            # the dashboard fits a 1024 x 768 screen: room below it lets a swipe show whether it scrolls the page
            page.evaluate(
                "() => { const room = document.createElement('div'); room.id = 'aton-test-room';"
                f" room.style.height = '1500px'; const s = {SCROLLER};"
                " (s === document.scrollingElement ? document.body : s).appendChild(room); }"
            )
            x, y = player.square_point(legal[0])
            scroll = page.evaluate(SCROLL_AT)
            # a swipe up scrolls the page down, from the board too (the finger stops before it lifts: no fling that
            # would carry the page on under the long press)
            player.swipe((x, y), (x - 60, y - 200), rest=True)
            page.wait_for_function(f"(y) => {SCROLLER}.scrollTop > y", arg=scroll[1], timeout=TIMEOUT)
            page.evaluate(f"(y) => {{ {SCROLLER}.scrollTop = y; }}", scroll[1])
            page.wait_for_function(STILL_AT_JS, arg=scroll[1], timeout=TIMEOUT)
            temple, index = legal[0]
            row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
            where = f"Temple {temple}, row {row + 1}, column {column + 1}:"
            player.hold(player.square_point(legal[0]), where)
            assert dash.status()["shown"] == status["shown"], "a swipe or a long press played a square"
            assert page.evaluate(SCROLL_AT) == scroll, "a long press scrolled the page"
            # the same swipe beside the board scrolls the page: the board alone keeps its touches
            for side in page.evaluate(BESIDE_BOARD_JS, y):  # the margins left of the board, the strip right of it
                player.swipe(side, (side[0], side[1] - 200))
                page.wait_for_timeout(1500)
                if page.evaluate(f"(y) => {SCROLLER}.scrollTop > y", scroll[1]):
                    break
            page.wait_for_function(f"(y) => {SCROLLER}.scrollTop > y", arg=scroll[1], timeout=TIMEOUT)
            # back as it was, once the swipe's momentum has stopped (a tap must land where it was aimed)
            page.evaluate(
                f"(y) => {{ document.getElementById('aton-test-room').remove(); {SCROLLER}.scrollTop = y; }}", scroll[1]
            )
            page.wait_for_function(STILL_AT_JS, arg=scroll[1], timeout=TIMEOUT)
        square = legal[0]
        player.tap_square(square)
        placed.append(square)
    else:
        raise AssertionError("round 2 never came")

    assert placed, "red chose no square"
    cells = dash.twin_cells()
    assert any("red counter" in text for text in cells.values())
    assert page.evaluate("() => window.__atonInput.mouse") == 0, "a tap on the board sent mouse events"
    assert player.timings, "no counter was placed by a tap"
    median = statistics.median(player.timings)
    print(
        f"tap to counter drawn on the emulated tablet ({held}): median {median:.0f} ms, "
        f"max {max(player.timings):.0f} ms over {len(player.timings)} taps"
    )


# the swipe's distance: how far the page scrolled, once it has stopped moving (a swipe may carry it on)
SETTLED_SCROLL_JS = f"""async () => {{
  const scroller = {SCROLLER};
  let last = -1;
  for (let frame = 0; frame < 120; frame++) {{
    await new Promise((done) => setTimeout(done, 50));
    if (scroller.scrollTop === last) break;
    last = scroller.scrollTop;
  }}
  return scroller.scrollTop;
}}"""


PHONE = {"width": 390, "height": 844}
"""The phone the swipes are tried on (touch)."""


def swipe_distances(page: Any, player: TouchPlayer, board: str) -> dict[str, float]:
    """How far a 300 px swipe up scrolls the page, the top of the ``board`` (a canvas taller than the screen) at
    most 100 px below the top of the screen: started on the board 600 px down it, on the left margin and on the
    right margin, at that height."""
    page.evaluate(f"() => {{ {SCROLLER}.scrollTop = 0; }}")
    page.wait_for_function(STILL_AT_JS, arg=0, timeout=TIMEOUT)
    box = page.locator(board).first.bounding_box()
    assert box is not None and box["height"] > PHONE["height"], box  # the board is taller than the screen
    start = max(0, round(box["y"] - 100))
    distances: dict[str, float] = {}
    for where in ("board", "left margin", "right margin"):
        page.evaluate(f"(y) => {{ {SCROLLER}.scrollTop = y; }}", start)
        page.wait_for_function(STILL_AT_JS, arg=start, timeout=TIMEOUT)
        box = page.locator(board).first.bounding_box()
        y = box["y"] + 600
        x = {"board": box["x"] + box["width"] / 2, "left margin": 2, "right margin": PHONE["width"] - 2}[where]
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).matches('canvas.aton-board')", [x, y])
        assert hit == (where == "board"), (where, x, y)
        player.swipe((x, y), (x, y - 300), rest=True)  # no fling: the page moves as far as the finger
        distances[where] = page.evaluate(SETTLED_SCROLL_JS) - start
    return distances


def test_a_swipe_on_the_phone_scrolls_the_page_on_the_board_and_on_the_margins(
    browser: Any, voila_url: str, page_errors: PageErrors
) -> None:
    """At 390 x 844 a 300 px swipe up scrolls the page wherever it starts: on the board (a tap or a long press
    there still plays and describes: see the tablet's round) and on the margins beside it; it plays nothing."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    page = local_page(context, page_errors)
    try:
        dash = DashboardPage(page, voila_url, NARROW)
        page.goto(voila_url)
        page.wait_for_selector(STATUS, state="attached", timeout=60_000)
        page.wait_for_function("() => document.querySelector('.aton-dashboard.aton-layout-phone')")
        page.wait_for_function(
            "(w) => { const c = document.querySelector('.aton-board-area canvas.aton-board');"
            " return c && c.width === w; }",
            arg=round(NARROW.width * NARROW_SCALE),
        )
        shown = dash.status()["shown"]
        distances = swipe_distances(page, TouchPlayer(page, dash, NARROW), BOARD)
        print(
            "dashboard: swipe of 300 px up on the phone, page scrolled by: "
            + ", ".join(f"{k} {v:.0f} px" for k, v in distances.items())
        )
        for where, distance in distances.items():
            assert distance >= 200, f"a swipe on the {where} scrolled the page {distance} px"
        assert dash.status()["shown"] == shown, "a swipe played something"
    finally:
        context.close()


TUTORIAL_TIMEOUT = 120_000  # a tutorial runs all its cells in a fresh kernel before its boards show


@pytest.mark.parametrize("tutorial", ["01-the-board.ipynb", "fr/04-temples-et-placement.ipynb"])
def test_a_swipe_on_a_tutorial_board_scrolls_the_page_and_a_long_press_still_describes(
    browser: Any, voila_url: str, page_errors: PageErrors, tutorial: str
) -> None:
    """A served tutorial at 390 x 844: a 300 px swipe up on its board scrolls the page as far as one on the
    margins does, and a long press on a square still describes it without scrolling anything."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    page = local_page(context, page_errors)
    try:
        page.goto(f"{voila_url}/tutorials/{tutorial}")
        board = "canvas.aton-board"
        page.wait_for_function(  # every board drawn for the phone: temples two by two
            "(w) => { const boards = [...document.querySelectorAll('canvas.aton-board')];"
            " return boards.length > 0 && boards.every((c) => c.width === w); }",
            arg=round(NARROW.width * 2),
            timeout=TUTORIAL_TIMEOUT,
        )
        page.wait_for_selector(".aton-exercise .aton-exercise-check", timeout=TUTORIAL_TIMEOUT)
        player = TouchPlayer(page, DashboardPage(page, voila_url, NARROW), NARROW)
        distances = swipe_distances(page, player, board)
        print(
            f"tutorial {tutorial}: swipe of 300 px up on the phone, page scrolled by: "
            + ", ".join(f"{k} {v:.0f} px" for k, v in distances.items())
        )
        for where, distance in distances.items():
            assert distance >= 200, f"a swipe on the tutorial's {where} scrolled the page {distance} px"
        # a long press on a square of the first board (brought on screen) describes it; the page stays still
        board_view = page.locator(".aton-board-view").first
        board_view.locator(board).scroll_into_view_if_needed()
        still = page.evaluate(SCROLL_AT)
        page.wait_for_function(STILL_AT_JS, arg=still[1], timeout=TIMEOUT)
        box = board_view.locator(board).bounding_box()
        x, y = NARROW.square_box((1, 0)).center
        point = (box["x"] + x * box["width"] / NARROW.width, box["y"] + y * box["height"] / NARROW.height)
        assert 0 < point[1] < PHONE["height"], (box, point)
        words = "rangée 1, colonne 1" if tutorial.startswith("fr/") else "row 1, column 1"
        player.hold(point, words, board_view)
        assert page.evaluate(SCROLL_AT) == still, "a long press scrolled the page"
    finally:
        context.close()
