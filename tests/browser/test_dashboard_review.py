"""The game review in the dashboard, in a real browser: the graph is drawn, a click on it moves the board."""

from __future__ import annotations

import json
from typing import Any

import pytest
from dashboard_page import TIMEOUT, DashboardPage, hex_rgb

import aton
from aton.apps.review.flow import GRAPH_MARGIN, GRAPH_WIDTH
from aton.teaching.lessons import position_json
from aton.widgets.scene import GEOMETRY, PALETTE

pytestmark = pytest.mark.browser

GRAPH = ".aton-review canvas.aton-review-graph"
REVIEW_BOARD = ".aton-review canvas.aton-board"
LINE = "#2a6fb0"
SLOW = 90_000
"""Milliseconds to wait for what the review's run draws (the machine may be busy)."""

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


def test_review_a_loaded_game_then_click_the_graph(page: Any, voila_url: str) -> None:
    dash = DashboardPage(page, voila_url).open()
    dash.upload("finished.json", finished_game().to_json().encode())
    page.wait_for_selector(".aton-review-open", state="visible", timeout=TIMEOUT)
    dash.click(".aton-review-open")
    # The graph is drawn: a line in its colour, more than a few pixels long.
    r, g, b = hex_rgb(LINE)
    page.wait_for_function(f"() => ({COUNT_JS})(['{GRAPH}', {r}, {g}, {b}]) > 40", timeout=SLOW)
    page.wait_for_function(
        "() => { const e = document.querySelector('.aton-review-moment');"
        " return e && e.textContent.includes('after decision 2 of 2'); }",
        timeout=SLOW,
    )
    # The last moment shows Red's counter on (2, 6) on the review's own board.
    x, y = GEOMETRY.square_box((2, 6)).center
    red = list(hex_rgb(PALETTE["red"]))
    page.wait_for_function(
        f"""() => {{
            const p = ({BOARD_PIXEL_JS})(['{REVIEW_BOARD}', {x + 3}, {y + 3 - 11}, {GEOMETRY.width}]);
            return p && Math.abs(p[0] - {red[0]}) <= 30 && Math.abs(p[1] - {red[1]}) <= 30
                && Math.abs(p[2] - {red[2]}) <= 30;
        }}""",
        timeout=SLOW,
    )
    last_step = dash.text(".aton-review .aton-step-position")
    # A click near the graph's left edge: the moment before any decision.
    page.locator(GRAPH).scroll_into_view_if_needed()
    box = page.locator(GRAPH).bounding_box()
    assert box is not None
    scale = box["width"] / GRAPH_WIDTH  # the canvas is drawn at its logical size, shown to fit its column
    page.mouse.click(box["x"] + (GRAPH_MARGIN + 2) * scale, box["y"] + box["height"] / 2)
    page.wait_for_function(
        "() => document.querySelector('.aton-review-moment').textContent.includes('after decision 0 of 2')",
        timeout=SLOW,
    )
    page.wait_for_function(
        "(last) => document.querySelector('.aton-review .aton-step-position').textContent !== last",
        arg=last_step,
        timeout=SLOW,
    )
    page.wait_for_function(
        f"""() => {{
            const p = ({BOARD_PIXEL_JS})(['{REVIEW_BOARD}', {x + 3}, {y + 3 - 11}, {GEOMETRY.width}]);
            return p && (Math.abs(p[0] - {red[0]}) > 30 || Math.abs(p[1] - {red[1]}) > 30
                || Math.abs(p[2] - {red[2]}) > 30);
        }}""",
        timeout=SLOW,
    )
    html = page.content()
    assert "Traceback" not in html and "jp-OutputArea-error" not in html
