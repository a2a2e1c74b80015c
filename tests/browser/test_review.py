"""The game review in the dashboard, in a real browser: the graph is drawn, a click on it moves the board."""

from __future__ import annotations

import json
from typing import Any

import pytest
from dashboard_page import TIMEOUT, DashboardPage, hex_rgb

import aton
from aton.lessons import position_json
from aton.widgets.review_flow import GRAPH_HEIGHT, GRAPH_MARGIN
from aton.widgets.scene import GEOMETRY, PALETTE

pytestmark = pytest.mark.browser

GRAPH = ".aton-review canvas.aton-review-graph"
REVIEW_BOARD = ".aton-review canvas.aton-board"
LINE = "#2a6fb0"

# How many pixels of the canvas are close to a colour.
COUNT_JS = """([selector, r, g, b]) => {
  const canvas = document.querySelector(selector);
  if (!canvas || !canvas.width) return 0;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - r) <= 30 && Math.abs(data[i + 1] - g) <= 30 && Math.abs(data[i + 2] - b) <= 30) count++;
  }
  return count;
}"""

# The colour at a point of the review's board, given in the scene's logical pixels.
BOARD_PIXEL_JS = """([selector, x, y, logicalWidth]) => {
  const canvas = document.querySelector(selector);
  if (!canvas || !canvas.width) return null;
  const scale = canvas.width / logicalWidth;
  return Array.from(canvas.getContext('2d').getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data);
}"""


def finished_game() -> aton.Game:
    """Red places one counter elsewhere, then takes the last yellow square and wins."""
    raw = json.loads(position_json("victory-yellow"))
    raw["resolution"]["place_left"] = 2
    game = aton.Game.from_dict(raw)
    game.apply(aton.Place(aton.RED, (1, 11)))
    game.apply(aton.Place(aton.RED, (2, 6)))
    assert game.result is not None
    return game


def board_pixel(page: Any, square: tuple[int, int]) -> tuple[int, ...]:
    x, y = GEOMETRY.square_box(square).center
    value = page.evaluate(BOARD_PIXEL_JS, [REVIEW_BOARD, x + 3, y + 3 - 11, GEOMETRY.width])
    assert value is not None, "the review's board is not drawn"
    return tuple(value)


def near(pixel: tuple[int, ...], colour: str, tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], hex_rgb(colour), strict=True))


def test_review_a_loaded_game_then_click_the_graph(page: Any, voila_url: str) -> None:
    dash = DashboardPage(page, voila_url).open()
    dash.upload("finished.json", finished_game().to_json().encode())
    page.wait_for_selector(".aton-review-open", state="visible", timeout=TIMEOUT)
    dash.click(".aton-review-open")
    # The graph is drawn: a line in its colour, more than a few pixels long.
    r, g, b = hex_rgb(LINE)
    page.wait_for_function(f"() => ({COUNT_JS})(['{GRAPH}', {r}, {g}, {b}]) > 40", timeout=60_000)
    page.wait_for_selector(".aton-review-moment", state="visible", timeout=TIMEOUT)
    assert "after decision 2 of 2" in dash.text(".aton-review-moment")
    page.wait_for_function(
        "([selector, x, y, w]) => { const c = document.querySelector(selector); return c && c.width > 0; }",
        arg=[REVIEW_BOARD, 0, 0, GEOMETRY.width],
        timeout=TIMEOUT,
    )
    page.wait_for_timeout(300)
    assert near(board_pixel(page, (2, 6)), PALETTE["red"]), "the last moment shows Red's counter on (2, 6)"
    last_step = dash.text(".aton-review .aton-step-position")
    # A click near the graph's left edge: the moment before any decision.
    box = page.locator(GRAPH).bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + GRAPH_MARGIN + 2, box["y"] + GRAPH_HEIGHT / 2)
    page.wait_for_function(
        "() => document.querySelector('.aton-review-moment').textContent.includes('after decision 0 of 2')",
        timeout=TIMEOUT,
    )
    assert dash.text(".aton-review .aton-step-position") != last_step
    page.wait_for_function(
        f"""() => {{
            const p = ({BOARD_PIXEL_JS})(['{REVIEW_BOARD}', {GEOMETRY.square_box((2, 6)).center[0] + 3},
                                          {GEOMETRY.square_box((2, 6)).center[1] + 3 - 11}, {GEOMETRY.width}]);
            const [r, g, b] = {list(hex_rgb(PALETTE["red"]))};
            return p && (Math.abs(p[0] - r) > 30 || Math.abs(p[1] - g) > 30 || Math.abs(p[2] - b) > 30);
        }}""",
        timeout=TIMEOUT,
    )
    html = page.content()
    assert "Traceback" not in html and "jp-OutputArea-error" not in html
