"""Drive the dashboard page like a player: open it, read its public state, click cards and squares.

Selectors are the dashboard's stable CSS classes.  Squares are clicked through the canvas's own
geometry: the scene's logical coordinates are scaled to the canvas's pixels, then through the
element's bounding box (the canvas is stretched to its container).
"""

from __future__ import annotations

import base64
import json
import re
import time
from collections.abc import Callable
from typing import Any, TypeVar

from aton.widgets.scene import GEOMETRY, Geometry

BOARD = ".aton-board-area canvas.aton-board"
STATUS = ".aton-status-line"
TIMEOUT = 30_000
LEGAL_CELLS = ".aton-board-area .aton-twin td.aton-legal[data-square]"

# Every attribute of every widget model in the page, as JSON text (binary buffers left out).
MODEL_STATES_JS = """async () => {
  const pending = window.jupyterapp.widgetManagerPromise;
  const manager = await (pending.promise || pending);
  const models = await Promise.all(Object.values(manager._models || {}));
  return models.map((model) => {
    const plain = {};
    for (const [key, value] of Object.entries(model.attributes || {})) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
      else if (Array.isArray(value)) plain[key] = value.filter((v) => v === null || typeof v !== 'object');
    }
    return JSON.stringify([model.name, plain]);
  });
}"""

PIXEL_JS = """([selector, x, y]) => {
  const canvas = document.querySelector(selector);
  if (!canvas || !canvas.width) return null;
  return Array.from(canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data);
}"""


LOCAL = ("http://127.0.0.1", "http://localhost", "ws://127.0.0.1", "ws://localhost", "data:", "blob:")
"""Where a test page's requests may go: this machine only (a page that reaches for the internet fails there too)."""


def local_page(context: Any, errors: list[str], timeout: float = TIMEOUT) -> Any:
    """A new page of ``context`` whose requests leave only for this machine; its errors go to ``errors``."""
    page = context.new_page()
    page.set_default_timeout(timeout)
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(LOCAL) else route.abort())
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


Seen = TypeVar("Seen")


def settled(read: Callable[[], Seen], ready: Callable[[Seen], bool] = lambda _seen: True, pause: float = 0.3) -> Seen:
    """What ``read()`` gives once it gives the same twice in a row, ``pause`` seconds apart, and ``ready`` takes it:
    on a loaded machine the parts of a page (a board's place, its squares, its cursor) arrive one after the other."""
    deadline = time.monotonic() + TIMEOUT / 1000
    seen = read()
    while True:
        time.sleep(pause)
        now = read()
        if now == seen and ready(now):
            return now
        assert time.monotonic() < deadline, f"the page never settled: {seen} then {now}"
        seen = now


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """``"#F0E442"`` -> ``(240, 228, 66)``."""
    colour = colour.lstrip("#")
    return (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16))


class DashboardPage:
    """A Playwright page showing the dashboard."""

    def __init__(self, page: Any, url: str, geometry: Geometry = GEOMETRY, timeout: float = TIMEOUT) -> None:
        self.page = page
        self.url = url
        self.timeout = timeout
        """How long (ms) each wait for the page may take: longer where a measurement loads the server on purpose."""
        self.geometry = geometry
        """The main board's geometry on this page (the narrow one on a phone)."""

    # ------------------------------------------------------------ opening
    def open(self) -> DashboardPage:
        """Load the page and wait until the board is drawn (a known square shows its colour)."""
        self.page.goto(self.url)
        self.page.wait_for_selector(STATUS, state="attached", timeout=60_000)
        self.wait_square_colour((1, 0), "#F0E442")
        return self

    # ------------------------------------------------------------ public state
    def status(self) -> dict[str, str]:
        """The public facts the page shows (``data-*`` of the status line)."""
        return dict(
            self.page.eval_on_selector(
                STATUS,
                "e => Object.fromEntries(Array.from(e.attributes)"
                ".filter(a => a.name.startsWith('data-')).map(a => [a.name.slice(5), a.value]))",
            )
        )

    def wait_status(self, **expected: object) -> dict[str, str]:
        """Wait until every ``data-*`` fact has the expected value (underscores for dashes)."""
        pairs = {key.replace("_", "-"): str(value) for key, value in expected.items()}
        checks = " && ".join(f"e.getAttribute('data-{key}') === {json.dumps(value)}" for key, value in pairs.items())
        self.page.wait_for_function(
            f"() => {{ const e = document.querySelector('{STATUS}'); return e && {checks}; }}", timeout=self.timeout
        )
        return self.status()

    def text(self, selector: str) -> str:
        """The text inside the first element matching ``selector``."""
        return str(self.page.locator(selector).first.inner_text())

    def model_states(self) -> list[str]:
        """Every widget model the page holds, as JSON text."""
        return list(self.page.evaluate(MODEL_STATES_JS))

    def twin_cells(self) -> dict[str, str]:
        """Text of every square of the text twin, by ``"temple-index"``."""
        cells = self.page.eval_on_selector_all(
            ".aton-board-area .aton-twin td[data-square]", "cells => cells.map(c => [c.dataset.square, c.textContent])"
        )
        return dict(cells)

    def twin_scores(self) -> dict[str, tuple[int, int]]:
        """Score and stock of each player in the text twin."""
        rows = self.page.eval_on_selector_all(
            ".aton-board-area .aton-twin tr[data-player]",
            "rows => rows.map(r => [r.dataset.player, r.querySelector('.aton-score').textContent,"
            " r.querySelector('.aton-stock').textContent])",
        )
        return {player: (int(score), int(stock)) for player, score, stock in rows}

    def legal_squares(self) -> list[tuple[int, int]]:
        """Squares the text twin marks as choosable now."""
        found = self.page.eval_on_selector_all(LEGAL_CELLS, "cells => cells.map(c => c.dataset.square)")
        return [(int(t), int(i)) for t, i in (text.split("-") for text in found)]

    # ------------------------------------------------------------ canvas
    def canvas_point(self, logical: tuple[float, float]) -> tuple[float, float, float, float]:
        """Canvas pixel and page point of a point of the scene (logical pixels)."""
        # after a (re)load the page shows no board until the browser said whether it keeps a game
        self.page.locator(BOARD).first.wait_for(state="visible", timeout=60_000)
        box = self.page.locator(BOARD).bounding_box()
        assert box is not None, "the board canvas is not on the page"
        width, height = self.page.eval_on_selector(BOARD, "c => [c.width, c.height]")
        scale = width / self.geometry.width
        px, py = logical[0] * scale, logical[1] * scale
        return px, py, box["x"] + px * box["width"] / width, box["y"] + py * box["height"] / height

    def pixel(self, logical: tuple[float, float]) -> tuple[int, int, int, int]:
        """The canvas's colour at a point of the scene."""
        px, py, _, _ = self.canvas_point(logical)
        value = self.page.evaluate(PIXEL_JS, [BOARD, px, py])
        assert value is not None
        return tuple(value)  # type: ignore[return-value]

    def wait_pixel(self, logical: tuple[float, float], colour: str, tolerance: int = 24) -> None:
        """Wait until the canvas shows ``colour`` at a point of the scene.

        The canvas is looked up at every try: a page that enters a room replaces its board, and for a moment
        there is none (a loaded machine makes that moment long)."""
        r, g, b = hex_rgb(colour)
        self.page.wait_for_function(
            f"""([selector, x, y, logicalWidth]) => {{
              const canvas = document.querySelector(selector);
              if (!canvas || !canvas.width) return false;
              const scale = canvas.width / logicalWidth;
              const p = ({PIXEL_JS})([selector, x * scale, y * scale]);
              return p && Math.abs(p[0] - {r}) <= {tolerance} && Math.abs(p[1] - {g}) <= {tolerance}
                && Math.abs(p[2] - {b}) <= {tolerance};
            }}""",
            arg=[BOARD, logical[0], logical[1], self.geometry.width],
            timeout=self.timeout,
        )

    def wait_square_colour(self, square: tuple[int, int], colour: str) -> None:
        """Wait until a square of the board is painted in ``colour`` (below its letter and counter)."""
        box = self.geometry.square_box(square)
        self.wait_pixel((box.x + box.w * 0.82, box.y + box.h * 0.85), colour)

    def counter_point(self, square: tuple[int, int]) -> tuple[float, float]:
        """A point inside a counter standing on ``square`` (red's disc centre, blue's diamond top)."""
        x, y = self.geometry.square_box(square).center
        return (x + 3, y + 3 - 11)

    def click_square(self, square: tuple[int, int]) -> None:
        """Click the centre of ``square`` on the canvas (scrolled into view first, as a person would)."""
        x, y = self.geometry.square_box(square).center
        _, _, page_x, page_y = self.canvas_point((x, y))
        height = self.page.viewport_size["height"]
        if not 40 <= page_y <= height - 40:  # a tall board (a phone's) may hold the square out of sight
            self.page.evaluate(
                "(dy) => { (document.querySelector('#rendered_cells') || document.scrollingElement).scrollTop += dy; }",
                page_y - height / 2,
            )
            _, _, page_x, page_y = self.canvas_point((x, y))
        self.page.mouse.click(page_x, page_y)

    # ------------------------------------------------------------ controls
    def click(self, selector: str) -> None:
        """Click the first visible element matching ``selector``."""
        self.page.locator(selector).first.click()

    def tab(self, name: str, right: bool = True) -> None:
        """Select the tab titled ``name`` in the right (or left) column."""
        column = ".aton-right" if right else ".aton-left"
        self.page.locator(f"{column} .lm-TabBar-tab", has_text=name).first.click()

    def hand(self) -> list[int]:
        """Card values shown on the card buttons of the panel on the page (once the panel is there)."""
        self.tab_by_class(0)
        self.page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.aton-assign .aton-card'))"
            ".filter(b => b.offsetParent !== null).length === 4",
            timeout=self.timeout,
        )
        texts = self.page.eval_on_selector_all(
            ".aton-assign .aton-card", "bs => bs.filter(b => b.offsetParent !== null).map(b => b.textContent)"
        )
        return [int(re.findall(r"\d+", text)[0]) for text in texts]

    def assign(self, cards: list[int]) -> None:
        """Put ``cards`` on cartouches 1-4 by clicking a card then a cartouche, then confirm."""
        self.tab_by_class(0)
        for number, value in enumerate(cards, start=1):
            button = self.page.locator(".aton-assign .aton-card:not([disabled])", has_text=re.compile(rf"\b{value}\b"))
            button.first.click()
            self.page.locator(".aton-assign .aton-cartouche-slot").nth(number - 1).click()
            self.page.wait_for_function(
                f"() => document.querySelectorAll('.aton-assign .aton-card[disabled]').length >= {number}",
                timeout=self.timeout,
            )
        shown = self.status()["shown"]
        self.page.locator(".aton-assign .aton-confirm:not([disabled])").click()
        self.page.wait_for_function(
            f"(s) => document.querySelector('{STATUS}').dataset.shown !== s", arg=shown, timeout=self.timeout
        )

    def step_text(self) -> str:
        """The explanation of the step shown."""
        return self.text(".aton-step-explain .aton-step-text")

    def next_step(self) -> str:
        """Click "Next step" and return the new explanation ("" at the end of the game: the result says it)."""
        shown = self.status()["shown"]
        self.click(".aton-next-step")
        self.page.wait_for_function(
            f"() => document.querySelector('{STATUS}').dataset.shown !== {json.dumps(shown)}", timeout=self.timeout
        )
        return "" if self.status()["over"] == "true" else self.step_text()

    def catch_up(self, limit: int = 400) -> list[str]:
        """Watch every step until the board is live and no bot is thinking; the explanations seen."""
        seen: list[str] = []
        for _ in range(limit):
            self.page.wait_for_function(
                f"() => {{ const d = document.querySelector('{STATUS}').dataset;"
                " return d.pending !== '0' || (d.live === 'true' && !d.thinking.includes('bot')); }",
                timeout=self.timeout,
            )
            if self.status()["pending"] == "0":
                return seen
            seen.append(self.next_step())
        raise AssertionError("the steps never ended")

    def play_squares(self, player: str, limit: int = 60) -> list[tuple[int, int]]:
        """While ``player`` must remove or place, click the first legal square; the squares clicked."""
        clicked = []
        for _ in range(limit):
            status = self.status()
            if status["live"] != "true" or status["to-act"] != player or status["phase"] == "assign":
                return clicked
            legal = self.legal_squares()
            if not legal:  # the status line and the board's text twin are separate widgets: their updates
                # can reach the page a moment apart
                self.page.wait_for_function(
                    f"() => document.querySelectorAll('{LEGAL_CELLS}').length > 0", timeout=self.timeout
                )
                legal = self.legal_squares()
            assert legal, f"{player} must act but no square is marked: {status}"
            square = legal[0]
            before = status["shown"]
            self.click_square(square)
            self.page.wait_for_function(
                f"() => document.querySelector('{STATUS}').dataset.shown !== {json.dumps(before)}", timeout=self.timeout
            )
            clicked.append(square)
        raise AssertionError("too many squares to play")

    def saved_file(self) -> dict[str, Any]:
        """Click "Save the game" and read the JSON the download link holds."""
        self.page.evaluate("() => { const a = document.querySelector('.aton-download-link'); if (a) a.remove(); }")
        self.tab_by_class(3)
        self.click(".aton-save")
        link = self.page.wait_for_selector("a.aton-download-link", state="attached", timeout=self.timeout)
        assert link is not None
        href = str(link.get_attribute("href"))
        prefix = "data:application/json;base64,"
        assert href.startswith(prefix)
        return dict(json.loads(base64.b64decode(href[len(prefix) :])))

    def upload(self, name: str, content: bytes) -> None:
        """Give the load button a file."""
        self.tab_by_class(3)
        with self.page.expect_file_chooser() as chooser:
            self.click("button.aton-load")
        chooser.value.set_files(files=[{"name": name, "mimeType": "application/json", "buffer": content}])

    def new_game(self, *, mode: str, seed: int | str, level: str = "easy", human: str = "red") -> dict[str, str]:
        """Start a new game through the form (``seed=""``: a new random seed) and wait until it is shown."""
        self.tab_by_class(3)
        self.page.locator(".aton-mode button").nth(["bot", "two", "watch"].index(mode)).click()
        if mode != "two":
            self.page.locator(".aton-level button").nth(["easy", "medium", "hard"].index(level)).click()
        if mode == "bot":
            self.page.locator(".aton-human button").nth(["red", "blue"].index(human)).click()
        self.page.locator(".aton-seed input").fill(str(seed))
        before = self.status()["game"]
        self.click(".aton-start")
        self.page.wait_for_function(
            f"(before) => document.querySelector('{STATUS}').dataset.game !== before", arg=before, timeout=self.timeout
        )
        return self.wait_status(mode=mode, round=1)

    def tab_by_class(self, index: int) -> None:
        """Select the right column's tab number ``index`` (0 Play, 1 Coach, 2 Log, 3 Game)."""
        self.page.locator(".aton-right .lm-TabBar-tab").nth(index).click()
