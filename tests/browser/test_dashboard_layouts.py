"""The dashboard on a phone (390 x 844) and a tablet (1024 x 768, and held upright: 768 x 1024), in English and
French, measured in Chromium.

The page never scrolls sideways; the phone gets the narrow board (temples two by two) shown about as large
as it is drawn: squares of 36 CSS pixels or more, and no text under 12 CSS pixels, on the board or around
it; the upright tablet gets the upright board, with squares at least as large as the phone's; the words
that point to the step buttons say they are below the board.  Screenshots of every screenful
go to the system's temporary folder (``aton-layout-<size>-<lang>-<n>.png``) for people to look at.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dashboard_page import STATUS, DashboardPage, hex_rgb, local_page

import aton
from aton.widgets.i18n import tr
from aton.widgets.scene import GEOMETRY, NARROW, PALETTE, UPRIGHT, Geometry, Text, build_scene

pytestmark = pytest.mark.browser

SHOTS = Path(tempfile.gettempdir())
SIZES = {
    "phone": ({"width": 390, "height": 844}, True, NARROW),
    "tablet": ({"width": 1024, "height": 768}, False, GEOMETRY),
    "upright": ({"width": 768, "height": 1024}, False, UPRIGHT),
}
LAYOUT_CLASS = {"phone": "phone", "tablet": "tablet", "upright": "tablet"}
PHONE_SQUARE = NARROW.square * 360 / NARROW.width
"""The phone's squares in CSS pixels (its board shows 360 px wide at 390 x 844); the upright tablet's are no smaller."""
WORDS = {
    "en": ("Round 1", "buttons are below the board"),
    "fr": ("Manche 1", "boutons sont sous le plateau"),
}

OVERFLOW_JS = """
() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const page = document.documentElement;
  if (page.scrollWidth > width + 1) found.push(`the page is ${page.scrollWidth} px wide in ${width}`);
  for (const e of document.querySelectorAll('body, #rendered_cells, .aton-dashboard, .aton-dashboard *')) {
    const style = getComputedStyle(e);
    if (['auto', 'scroll'].includes(style.overflowX) && e.scrollWidth > e.clientWidth + 1) {
      found.push(`${e.tagName.toLowerCase()}.${e.className} scrolls sideways (${e.scrollWidth} > ${e.clientWidth})`);
    }
    const box = e.getBoundingClientRect();
    if (box.width && box.height && e.offsetParent !== null && (box.right > width + 1 || box.left < -1)) {
      found.push(`${e.tagName.toLowerCase()}.${e.className} goes from ${box.left} to ${box.right} in ${width}`);
    }
  }
  return found.slice(0, 20);
}
"""

SMALL_TEXT_JS = """
() => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector('.aton-dashboard'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const element = node.parentElement;
    if (!element || !node.textContent.trim() || element.closest('style, script')) continue;
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height || element.offsetParent === null) continue;
    const style = getComputedStyle(element);
    if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.visibility === 'hidden') continue;
    const size = parseFloat(style.fontSize);
    if (size > 0 && size < 12) {  // 0: words hidden on purpose (the upload button shows its title instead)
      found.push(`${element.tagName.toLowerCase()}.${element.className}: "${node.textContent.trim().slice(0, 40)}" `
        + `at ${style.fontSize}`);
    }
  }
  return found;
}
"""


@pytest.fixture
def device_page(browser: Any, voila_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh touch page of the size named by the test's parameter; fails on any page error."""
    viewport, mobile, _ = SIZES[request.param]
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=mobile, accept_downloads=True)
    errors: list[str] = []
    page = local_page(context, errors)
    yield page
    context.close()
    assert not errors, f"the page raised errors: {errors}"


def _smallest_board_text(geometry: Geometry, lang: str) -> float:
    """The smallest font the board draws (a game some rounds in), leaving out the letter inside blue counters."""
    game = aton.new_game(seed=11)
    while game.result is None and game.round <= 4:
        game.apply(game.legal_actions(game.to_act[0])[0])
    glyph = tr("counter_letter.blue", lang)
    scene = build_scene(game, lang=lang, geometry=geometry)
    return min(s.size for s in scene.shapes if isinstance(s, Text) and s.text != glyph)


def _wait_board(page: Any, geometry: Geometry) -> None:
    """Wait until the board has this geometry and shows square 1-0 in its yellow."""
    box = geometry.square_box((1, 0))
    x, y = box.x + box.w * 0.82, box.y + box.h * 0.85
    r, g, b = hex_rgb("#F0E442")
    page.wait_for_function(
        """([logicalWidth, logicalHeight, x, y, r, g, b]) => {
          const canvas = document.querySelector('.aton-board-area canvas.aton-board');
          if (!canvas || !canvas.width) return false;
          const scale = canvas.width / logicalWidth;
          if (Math.abs(canvas.height / scale - logicalHeight) > 1) return false;
          const p = canvas.getContext('2d').getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
          return Math.abs(p[0] - r) < 24 && Math.abs(p[1] - g) < 24 && Math.abs(p[2] - b) < 24;
        }""",
        arg=[geometry.width, geometry.height, x, y, r, g, b],
        timeout=60_000,
    )


def _screenshots(page: Any, name: str) -> list[Path]:
    """A screenshot of every screenful, scrolling the page down (the whole page, as a player sees it)."""
    shots = []
    for number in range(12):
        at_end = page.evaluate(
            """(n) => { const r = document.querySelector('#rendered_cells');
              r.scrollTop = n * (r.clientHeight - 60); return r.scrollTop + r.clientHeight >= r.scrollHeight - 1; }""",
            number,
        )
        page.wait_for_timeout(150)
        shot = SHOTS / f"aton-layout-{name}-{number}.png"
        page.screenshot(path=str(shot))
        shots.append(shot)
        if at_end:
            break
    page.evaluate("() => { document.querySelector('#rendered_cells').scrollTop = 0; }")
    return shots


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("device_page", ["phone", "tablet", "upright"], indirect=True)
def test_phone_and_tablet_layouts(device_page: Any, voila_url: str, lang: str, request: pytest.FixtureRequest) -> None:
    size = request.node.callspec.params["device_page"]
    viewport, _, geometry = SIZES[size]
    page = device_page
    round_word, below = WORDS[lang]
    page.goto(voila_url)
    page.wait_for_selector(STATUS, state="attached", timeout=60_000)
    page.wait_for_function(
        "(name) => document.querySelector('.aton-dashboard').classList.contains(name)",
        arg=f"aton-layout-{LAYOUT_CLASS[size]}",
    )
    if lang == "fr":
        page.locator(".aton-language button", has_text="Français").click()
    page.wait_for_function(
        "(word) => document.querySelector('.aton-status-line').textContent.includes(word)", arg=round_word
    )
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    _wait_board(page, geometry)

    # the board is laid out for the screen, not shrunk
    shown = page.eval_on_selector(".aton-board-area canvas.aton-board", "c => c.getBoundingClientRect().width")
    ratio = shown / geometry.width
    smallest = _smallest_board_text(geometry, lang)
    assert smallest * ratio >= 12, f"board text of {smallest * ratio:.1f} CSS px on the {size}"
    if size == "phone":
        assert geometry.square * ratio >= 36, f"squares of {geometry.square * ratio:.1f} CSS px on the phone"
        temples = [geometry.temple_box(t) for t in range(1, 5)]
        assert temples[0].y == temples[1].y < temples[2].y  # two by two
    elif size == "upright":
        square = geometry.square * ratio
        assert square >= PHONE_SQUARE, f"squares of {square:.1f} CSS px upright, {PHONE_SQUARE:.1f} on the phone"
        temples = [geometry.temple_box(t) for t in range(1, 5)]
        assert len({box.y for box in temples}) == 1  # side by side
        print(f"upright tablet: board {shown:.0f} CSS px wide, squares of {square:.1f} CSS px")
    else:
        assert geometry.square * ratio >= 44, f"squares of {geometry.square * ratio:.1f} CSS px on the tablet"
    assert shown <= viewport["width"]
    assert page.evaluate(OVERFLOW_JS) == []
    assert page.evaluate(SMALL_TEXT_JS) == []
    # the panels are below the board, and each tab fits the screen too
    board_box = page.locator(".aton-left").bounding_box()
    right_box = page.locator(".aton-right-column").bounding_box()
    assert board_box is not None and right_box is not None
    assert right_box["y"] >= board_box["y"] + board_box["height"] - 1
    for index in range(page.locator(".aton-right .lm-TabBar-tab").count()):
        page.locator(".aton-right .lm-TabBar-tab").nth(index).click()
        page.wait_for_timeout(150)
        assert page.evaluate(OVERFLOW_JS) == [], f"tab {index}"
        assert page.evaluate(SMALL_TEXT_JS) == [], f"tab {index}"
    _screenshots(page, f"{size}-{lang}-start")

    # lay the cards: the steps to watch say where their buttons are
    dash = DashboardPage(page, voila_url, geometry)
    dash.assign(sorted(dash.hand()))
    page.wait_for_function(
        "(words) => document.querySelector('.aton-board-area .aton-message').textContent.includes(words)",
        arg=below,
    )
    assert page.evaluate(OVERFLOW_JS) == []
    assert page.evaluate(SMALL_TEXT_JS) == []
    shots = _screenshots(page, f"{size}-{lang}-steps")
    assert shots and all(shot.stat().st_size > 10_000 for shot in shots)

    # a problem is said where the player is looking, though the panels are below the board
    dash.upload("broken.json", b'{"temples": [')
    page.wait_for_function("() => document.querySelector('.aton-app-message [role=alert]')")
    page.evaluate("() => { document.querySelector('#rendered_cells').scrollTop = 0; }")
    page.wait_for_timeout(150)
    message = page.locator(".aton-app-message [role=alert]").bounding_box()
    assert message is not None and message["y"] >= 0 and message["y"] + message["height"] <= viewport["height"]
    assert "broken.json" in page.locator(".aton-app-message").inner_text()
    page.screenshot(path=str(SHOTS / f"aton-layout-{size}-{lang}-message.png"))


@pytest.mark.parametrize("device_page", ["phone"], indirect=True)
def test_a_round_on_the_narrow_board(device_page: Any, voila_url: str) -> None:
    """Clicks on the narrow board reach the squares drawn there; the text twin says what the board shows."""
    page = device_page
    dash = DashboardPage(page, voila_url, NARROW)
    page.goto(voila_url)
    page.wait_for_selector(STATUS, state="attached", timeout=60_000)
    page.wait_for_function("() => document.querySelector('.aton-dashboard.aton-layout-phone')")
    _wait_board(page, NARROW)
    dash.new_game(mode="bot", seed=7, level="easy", human="red")
    _wait_board(page, NARROW)  # the new game's board is narrow too
    dash.wait_status(thinking="")
    low, second, third, high = sorted(dash.hand())
    dash.assign([second, low, third, high])
    placed: list[tuple[int, int]] = []
    for _ in range(20):
        dash.tab_by_class(0)
        dash.catch_up()
        status = dash.status()
        if status["round"] == "2" and status["phase"] == "assign":
            break
        for square in dash.play_squares("red"):
            placed.append(square)
            dash.wait_pixel(dash.counter_point(square), PALETTE["red"])
    else:
        raise AssertionError("round 2 never came")
    assert placed, "red placed no counter"
    cells = dash.twin_cells()
    for square in placed:
        assert "red counter" in cells[f"{square[0]}-{square[1]}"], (square, cells)
    engine_counters = [key for key, text in cells.items() if "counter" in text]
    for key in engine_counters:  # every counter the twin names is drawn where the narrow board puts it
        temple, index = (int(part) for part in key.split("-"))
        colour = PALETTE["red"] if "red counter" in cells[key] else PALETTE["blue"]
        dash.wait_pixel(dash.counter_point((temple, index)), colour)
    assert page.evaluate(OVERFLOW_JS) == []


def test_the_layout_follows_a_resized_window(page: Any, voila_url: str) -> None:
    """A laptop window made narrow gets the phone's board, and the wide one back when it grows again."""
    page.goto(voila_url)
    page.wait_for_function("() => document.querySelector('.aton-dashboard.aton-layout-wide .aton-status-line')")
    _wait_board(page, GEOMETRY)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('.aton-dashboard.aton-layout-phone')")
    _wait_board(page, NARROW)
    assert page.evaluate(OVERFLOW_JS) == []
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_function("() => document.querySelector('.aton-dashboard.aton-layout-tablet')")
    _wait_board(page, GEOMETRY)
    page.set_viewport_size({"width": 768, "height": 1024})  # the tablet turned upright
    _wait_board(page, UPRIGHT)
    assert page.evaluate(OVERFLOW_JS) == []
    page.set_viewport_size({"width": 1024, "height": 768})
    _wait_board(page, GEOMETRY)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_function("() => document.querySelector('.aton-dashboard.aton-layout-wide')")
    right = page.locator(".aton-right-column").bounding_box()
    left = page.locator(".aton-left").bounding_box()
    assert right is not None and left is not None and right["x"] >= left["x"] + left["width"] - 1  # beside again
