"""Measure the dashboard in a real browser: page open, clicks on squares, "next step".

    .venv/bin/python scripts/bench_ui.py [--runs 5] [--rounds 3] [--loads 5] [--screenshots docs/img]

Starts Voila on ``notebooks/aton.ipynb`` (from the repository root, so ``voila.json`` applies),
opens the dashboard in Chromium (``ATON_CHROMIUM`` or the usual names) and prints, over repeated
runs, the median and the worst of:

- page open to board drawn: the first page of a freshly started server without preheated
  kernels ("cold"), later pages of that server, and pages served from preheated kernels;
- a click on a square to the canvas showing the counter there;
- a click on "Next step" to the explanation showing the next step;
- a button's round trip to the kernel (Save) while the hard bot is thinking, and when idle.

Every time is taken inside the page with ``performance.now()``: from the navigation start or the
click event to the moment a polling loop (between tasks, and on every animation frame) sees the
expected canvas pixel or a ``MutationObserver`` sees the new text.  Targets on the project's
2-core machine: median click-to-drawn under 50 ms, page open to board drawn under 3 s with
preheated kernels.  With ``--screenshots DIR`` it also saves ``dashboard-light.png`` and
``dashboard-dark.png`` (1280 x 720) of a game in progress.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from aton.serving.launch import CHROMIUM_FLAGS, NO_CHROMIUM, SERVER_MODULE, find_chromium, free_port

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/aton.ipynb"
BOARD = ".aton-board-area canvas.aton-board"
STATUS = ".aton-status-line"

# A position where red (the person) must place 4 counters in temples 1-4: four clicks to time per load.
PLACE_POSITION = {
    "title": "Red places four counters",
    "seed": 5,
    "round": 3,
    "phase": "place",
    "revealed": True,
    "temples": [["B . . .", ". . . .", ". . . ."], [". . . .", ". . R .", ". . . ."], "............", "............"],
    "red": {"score": 4, "assignment": [2, 3, 4, 4]},
    "blue": {"score": 6, "assignment": [1, 4, 2, 3]},
    "resolution": {"first": "red", "turn": 0, "actor": "red", "place_left": 4},
}

# Watch a condition without a busy loop: check it after every drawImage / putImageData (how a
# redraw reaches the visible canvas), after every DOM mutation and on every animation frame;
# resolve with performance.now() when it first holds.
POLL_JS = """
window.__atonWatchers = new Set();
window.__atonCheck = () => { for (const watcher of Array.from(window.__atonWatchers)) watcher(); };
for (const name of ['drawImage', 'putImageData']) {
  const original = CanvasRenderingContext2D.prototype[name];
  CanvasRenderingContext2D.prototype[name] = function (...args) {
    const result = original.apply(this, args);
    if (window.__atonWatchers.size) window.__atonCheck();
    return result;
  };
}
new MutationObserver(() => { if (window.__atonWatchers.size) window.__atonCheck(); })
  .observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
window.__atonPoll = (check, limit) => new Promise((resolve) => {
  const start = performance.now();
  let done = false;
  const stop = (value) => { done = true; window.__atonWatchers.delete(watcher); resolve(value); };
  const watcher = () => {
    if (done) return;
    let ok = false;
    try { ok = check(); } catch (e) {}
    if (ok) stop(performance.now());
    else if (performance.now() - start > limit) stop(null);
  };
  window.__atonWatchers.add(watcher);
  const frame = () => { if (!done) { watcher(); requestAnimationFrame(frame); } };
  requestAnimationFrame(frame);
  watcher();
});
window.__atonPixel = (selector, x, y) => {
  const canvas = document.querySelector(selector);
  if (!canvas || !canvas.width) return null;
  return canvas.getContext('2d').getImageData(x, y, 1, 1).data;
};
window.__atonNear = (p, rgb, tol) => p && Math.abs(p[0] - rgb[0]) <= tol && Math.abs(p[1] - rgb[1]) <= tol
  && Math.abs(p[2] - rgb[2]) <= tol && p[3] > 200;
"""

# From document start: note when the board first shows square 1-0 in its colour.
DRAWN_JS = """
window.__atonPoll(() => {
  const target = %(target)s;
  return window.__atonNear(window.__atonPixel('%(board)s', target.x, target.y), target.rgb, 24);
}, 120000).then((t) => { window.__atonBoardDrawn = t; });
"""


def hex_rgb(colour: str) -> list[int]:
    colour = colour.lstrip("#")
    return [int(colour[i : i + 2], 16) for i in (0, 2, 4)]


class Server:
    """A Voila process serving the dashboard; ``log`` is its output so far."""

    server_module = SERVER_MODULE
    """What serves the page: ``./run dashboard``'s server, or ``voila`` alone (``--plain-voila``, to compare)."""

    def __init__(self, preheat: bool) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = Path(tempfile.mkstemp(prefix="voila-", suffix=".log")[1])
        args = [
            sys.executable,
            "-m",
            self.server_module,
            NOTEBOOK,
            "--no-browser",
            f"--port={self.port}",
            "--Voila.port_retries=0",
            "--Voila.ip=127.0.0.1",
        ]
        if not preheat:
            args.append("--VoilaConfiguration.preheat_kernel=False")
        self.started = time.perf_counter()
        with self.log_path.open("wb") as sink:
            self.process = subprocess.Popen(args, cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT)

    def wait_up(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.url}voila/static/", timeout=2)
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("voila did not start")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_pool(self, fills: int, timeout: float = 120) -> None:
        """Wait until the kernel pool was filled ``fills`` times (and kernels had a moment to settle)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.log().count("is filled with") >= fills:
                time.sleep(1.0)
                return
            time.sleep(0.2)
        raise RuntimeError("the kernel pool did not fill up")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log_path.unlink(missing_ok=True)


@contextmanager
def server(preheat: bool) -> Iterator[Server]:
    running = Server(preheat)
    try:
        running.wait_up()
        yield running
    finally:
        running.stop()


class Bench:
    """A browser and the figures gathered."""

    def __init__(self, playwright: Any, chromium: str) -> None:
        from aton.widgets.scene import GEOMETRY, PALETTE

        self.geometry = GEOMETRY
        self.palette = PALETTE
        self.browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_FLAGS))
        self.figures: dict[str, list[float]] = {}
        self.errors: list[str] = []

    def add(self, name: str, value: float | None) -> None:
        if value is None:
            raise RuntimeError(f"{name}: the expected change never came")
        self.figures.setdefault(name, []).append(float(value))

    def page(self, viewport: tuple[int, int] = (1280, 720)) -> Any:
        context = self.browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.route(
            "**/*",
            lambda route: (
                route.continue_()
                if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
                else route.abort()
            ),
        )
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        box = self.geometry.square_box((1, 0))
        from aton.apps.dashboard.app import BOARD_SCALE

        scale = BOARD_SCALE
        target = {
            "x": round((box.x + box.w * 0.82) * scale),
            "y": round((box.y + box.h * 0.85) * scale),
            "rgb": hex_rgb(self.palette["Y"]),
        }
        page.add_init_script(POLL_JS)
        page.add_init_script(DRAWN_JS % {"target": json.dumps(target), "board": BOARD})
        return page

    # ------------------------------------------------------------ page open
    def open(self, page: Any, url: str, name: str | None) -> None:
        page.goto(url)
        page.wait_for_function("() => window.__atonBoardDrawn !== undefined", timeout=90_000)
        width = page.eval_on_selector(BOARD, "c => c.width")
        from aton.apps.dashboard.app import BOARD_SCALE

        assert abs(width / self.geometry.width - BOARD_SCALE) < 1e-6, "the board's drawing scale changed"
        if name is not None:
            self.add(name, page.evaluate("() => window.__atonBoardDrawn"))

    # ------------------------------------------------------------ helpers in the page
    def status(self, page: Any) -> dict[str, str]:
        return dict(
            page.eval_on_selector(
                STATUS,
                "e => Object.fromEntries(Array.from(e.attributes)"
                ".filter(a => a.name.startsWith('data-')).map(a => [a.name.slice(5), a.value]))",
            )
        )

    def tab(self, page: Any, index: int) -> None:
        page.locator(".aton-right .lm-TabBar-tab").nth(index).click()

    def new_game(self, page: Any, seed: int, level: str = "easy", human: str = "red") -> None:
        self.tab(page, 3)
        page.locator(".aton-mode button").nth(0).click()
        page.locator(".aton-level button").nth(["easy", "medium", "hard"].index(level)).click()
        page.locator(".aton-human button").nth(["red", "blue"].index(human)).click()
        page.locator(".aton-seed input").fill(str(seed))
        before = page.eval_on_selector(STATUS, "e => e.dataset.game")
        page.locator(".aton-start").click()
        page.wait_for_function(
            f"(before) => {{ const d = document.querySelector('{STATUS}').dataset; return d.game !== before"
            " && d.round === '1'; }",
            arg=before,
        )

    def assign(self, page: Any) -> None:
        self.tab(page, 0)
        page.wait_for_function(
            "() => document.querySelectorAll('.aton-assign .aton-card:not([disabled])').length === 4"
        )
        texts = page.eval_on_selector_all(".aton-assign .aton-card", "bs => bs.map(b => b.textContent)")
        hand = sorted(int(re.findall(r"\d+", text)[0]) for text in texts)
        low, second, third, high = hand
        for number, value in enumerate([second, low, third, high], start=1):
            page.locator(".aton-assign .aton-card:not([disabled])", has_text=re.compile(rf"\b{value}\b")).first.click()
            page.locator(".aton-assign .aton-cartouche-slot").nth(number - 1).click()
            page.wait_for_function(
                f"() => document.querySelectorAll('.aton-assign .aton-card[disabled]').length >= {number}"
            )
        shown = self.status(page)["shown"]
        page.locator(".aton-assign .aton-confirm:not([disabled])").click()
        page.wait_for_function(f"(s) => document.querySelector('{STATUS}').dataset.shown !== s", arg=shown)

    def legal(self, page: Any) -> list[tuple[int, int]]:
        found = page.eval_on_selector_all(
            ".aton-board-area .aton-twin td.aton-legal[data-square]", "cells => cells.map(c => c.dataset.square)"
        )
        return [(int(t), int(i)) for t, i in (text.split("-") for text in found)]

    def next_step(self, page: Any) -> None:
        """Click "Next step"; time until the explanation shows the next step."""
        took = page.evaluate(
            """async () => {
              const box = document.querySelector('.aton-step-explain');
              const index = () => { const d = box.querySelector('[data-shown]'); return d ? d.dataset.shown : null; };
              const before = index();
              let clicked = null, changed = null;
              const button = document.querySelector('.aton-next-step');
              button.addEventListener('click', () => { clicked = performance.now(); }, {capture: true, once: true});
              const seen = new Promise((resolve) => {
                const observer = new MutationObserver(() => {
                  if (clicked !== null && index() !== before) {
                    changed = performance.now(); observer.disconnect(); resolve();
                  }
                });
                observer.observe(box, {subtree: true, childList: true, characterData: true});
                setTimeout(() => { observer.disconnect(); resolve(); }, 15000);
              });
              button.click();
              await seen;
              return changed === null ? null : changed - clicked;
            }"""
        )
        self.add("next step -> explanation", took)

    def click_square(self, page: Any, square: tuple[int, int]) -> None:
        """Click a square through the mouse; time until the canvas shows a red counter there."""
        geometry = self.geometry
        x, y = geometry.square_box(square).center
        width, height = page.eval_on_selector(BOARD, "c => [c.width, c.height]")
        scale = width / geometry.width
        box = page.locator(BOARD).bounding_box()
        sample = (round((x + 3) * scale), round((y + 3 - 11) * scale))
        page_x = box["x"] + x * scale * box["width"] / width
        page_y = box["y"] + y * scale * box["height"] / height
        page.mouse.move(page_x, page_y)  # a player points at the square, then presses
        time.sleep(0.3)
        shown = self.status(page)["shown"]
        handle = page.evaluate_handle(
            """([px, py, rgb]) => {
              const canvas = document.querySelector('BOARD');
              const result = {clicked: null};
              canvas.addEventListener('mousedown', () => { result.clicked = performance.now(); },
                {capture: true, once: true});
              result.done = window.__atonPoll(() => result.clicked !== null
                && window.__atonNear(window.__atonPixel('BOARD', px, py), rgb, 24), 15000)
                .then((t) => t === null ? null : t - result.clicked);
              return result;
            }""".replace("BOARD", BOARD),
            [sample[0], sample[1], hex_rgb(self.palette["red"])],
        )
        page.mouse.click(page_x, page_y)
        self.add("click square -> counter drawn", page.evaluate("(r) => r.done", handle))
        page.wait_for_function(
            f"(s) => document.querySelector('{STATUS}').dataset.shown !== s", arg=shown, timeout=30_000
        )

    def round_trip(self, page: Any, name: str) -> None:
        """Click "Save the game"; time until the download link appears (a kernel round trip)."""
        took = page.evaluate(
            """async () => {
              const box = document.querySelector('.aton-download');
              box.querySelectorAll('a').forEach((a) => a.remove());
              const button = document.querySelector('.aton-save');
              let clicked = null;
              button.addEventListener('click', () => { clicked = performance.now(); }, {capture: true, once: true});
              const seen = window.__atonPoll(() => clicked !== null && box.querySelector('a'), 15000);
              button.click();
              const t = await seen;
              return t === null ? null : t - clicked;
            }"""
        )
        self.add(name, took)

    def wait_quiet(self, page: Any) -> dict[str, str]:
        page.wait_for_function(
            f"() => {{ const d = document.querySelector('{STATUS}').dataset;"
            " return d.pending !== '0' || (d.live === 'true' && !d.thinking.includes('bot')); }",
            timeout=60_000,
        )
        return self.status(page)

    # ------------------------------------------------------------ a game
    def play_rounds(self, page: Any, rounds: int) -> None:
        """Play ``rounds`` rounds against the easy bot: time every "Next step" and every square clicked."""
        self.assign(page)
        for _ in range(200):
            status = self.wait_quiet(page)
            if status["pending"] != "0":
                self.next_step(page)
                continue
            if int(status["round"]) > rounds or status["over"] == "true":
                return
            if status["phase"] == "assign":
                self.assign(page)
            elif status["to-act"] == "red":
                legal = self.legal(page)
                if status["phase"] == "place":
                    self.click_square(page, legal[0])
                else:
                    self.plain_click(page, legal[0])
        raise RuntimeError("the game did not get through the rounds")

    def plain_click(self, page: Any, square: tuple[int, int]) -> None:
        """A removal: click without timing (the counter leaves; nothing red appears)."""
        geometry = self.geometry
        x, y = geometry.square_box(square).center
        width, height = page.eval_on_selector(BOARD, "c => [c.width, c.height]")
        box = page.locator(BOARD).bounding_box()
        scale = width / geometry.width
        shown = self.status(page)["shown"]
        page.mouse.click(box["x"] + x * scale * box["width"] / width, box["y"] + y * scale * box["height"] / height)
        page.wait_for_function(f"(s) => document.querySelector('{STATUS}').dataset.shown !== s", arg=shown)

    def place_position(self, page: Any) -> None:
        """Load the four-counter position and time each of the four clicks."""
        self.tab(page, 3)
        content = json.dumps(PLACE_POSITION).encode()
        with page.expect_file_chooser() as chooser:
            page.locator("button.aton-load").click()
        chooser.value.set_files(files=[{"name": "place.json", "mimeType": "application/json", "buffer": content}])
        page.wait_for_function(
            f"() => {{ const d = document.querySelector('{STATUS}').dataset; return d.round === '3'"
            " && d.phase === 'place' && d.live === 'true'; }"
        )
        self.tab(page, 0)
        page.wait_for_function(f"() => window.__atonPixel('{BOARD}', 10, 10) !== null")
        time.sleep(0.3)
        for _ in range(4):
            status = self.status(page)
            if status["phase"] != "place" or status["to-act"] != "red" or status["live"] != "true":
                break
            self.click_square(page, self.legal(page)[0])

    def while_thinking(self, page: Any, samples: int) -> None:
        """Save-button round trips while the hard bot thinks about its cards, then idle.

        The Save button is clicked from script: it need not be visible.
        """
        for attempt in range(5):
            self.new_game(page, seed=99 + attempt, level="hard", human="blue")
            try:
                page.wait_for_function(
                    f"() => document.querySelector('{STATUS}').dataset.thinking.includes('bot')", timeout=3000
                )
            except PlaywrightTimeout:
                continue
            for _ in range(samples):
                if "bot" not in self.status(page)["thinking"]:
                    break
                self.round_trip(page, "Save round trip, hard bot thinking")
            if len(self.figures.get("Save round trip, hard bot thinking", [])) >= samples:
                break
        for _ in range(samples):
            page.wait_for_function(f"() => !document.querySelector('{STATUS}').dataset.thinking")
            self.round_trip(page, "Save round trip, idle")

    def close(self) -> None:
        self.browser.close()


def summary(figures: dict[str, list[float]], unit_ms: bool = True) -> list[str]:
    lines = []
    for name, values in figures.items():
        median, worst = statistics.median(values), max(values)
        if name.startswith("page open"):
            lines.append(f"{name:55s} median {median / 1000:6.2f} s   worst {worst / 1000:6.2f} s   (n={len(values)})")
        else:
            lines.append(f"{name:55s} median {median:6.1f} ms  worst {worst:6.1f} ms  (n={len(values)})")
    return lines


def screenshots(bench: Bench, url: str, out: Path) -> None:
    """Two pictures of a game in progress at 1280 x 720, light and dark."""
    page = bench.page()
    bench.open(page, url, None)
    bench.new_game(page, seed=7)
    bench.assign(page)
    for _ in range(3):
        if bench.status(page)["pending"] != "0":
            bench.next_step(page)
    bench.tab(page, 0)
    time.sleep(0.5)
    out.mkdir(parents=True, exist_ok=True)
    page.mouse.move(0, 0)
    page.screenshot(path=str(out / "dashboard-light.png"))
    page.locator(".aton-theme button").nth(1).click()
    page.wait_for_selector(".aton-dashboard.aton-dark")
    time.sleep(0.5)
    page.screenshot(path=str(out / "dashboard-dark.png"))
    page.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="page opens per figure (default 5)")
    parser.add_argument("--cold-runs", type=int, default=3, help="fresh servers for the cold figure (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds played against the easy bot (default 3)")
    parser.add_argument("--loads", type=int, default=4, help="loads of a 4-counter position (default 4)")
    parser.add_argument("--plain-voila", action="store_true", help="serve with voila alone (no /class), to compare")
    parser.add_argument("--screenshots", type=Path, help="also save dashboard-light/dark.png here")
    options = parser.parse_args()
    if options.plain_voila:
        Server.server_module = "voila"

    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        sys.exit(NO_CHROMIUM)
    with sync_playwright() as playwright:
        bench = Bench(playwright, chromium)
        try:
            print(f"cold: {options.cold_runs} fresh servers without preheated kernels ...", flush=True)
            for _ in range(options.cold_runs):
                with server(preheat=False) as cold:
                    page = bench.page()
                    bench.open(page, cold.url, "page open -> board drawn, cold server (first page)")
                    page.context.close()
            print(f"no preheat: {options.runs} pages on a running server ...", flush=True)
            with server(preheat=False) as plain:
                for _ in range(options.runs):
                    page = bench.page()
                    bench.open(page, plain.url, "page open -> board drawn, running server, no preheat")
                    page.context.close()
            print(f"preheated: {options.runs} pages, each from a full kernel pool ...", flush=True)
            with server(preheat=True) as warm:
                fills = 1
                for _ in range(options.runs):
                    warm.wait_pool(fills)
                    page = bench.page()
                    bench.open(page, warm.url, "page open -> board drawn, preheated kernels")
                    page.context.close()
                    fills += 1
                print("clicks: a game against the easy bot, and loads of a placement position ...", flush=True)
                warm.wait_pool(fills)
                page = bench.page()
                bench.open(page, warm.url, None)
                bench.new_game(page, seed=7)
                bench.play_rounds(page, options.rounds)
                for _ in range(options.loads):
                    bench.place_position(page)
                print("responsiveness: the Save button while the hard bot thinks ...", flush=True)
                bench.while_thinking(page, 3)
                page.context.close()
                if options.screenshots is not None:
                    screenshots(bench, warm.url, options.screenshots)
        finally:
            bench.close()
    print()
    for line in summary(bench.figures):
        print(line)
    clicks = bench.figures.get("click square -> counter drawn", [])
    warm_open = bench.figures.get("page open -> board drawn, preheated kernels", [])
    print()
    if clicks:
        verdict = "met" if statistics.median(clicks) < 50 else "MISSED"
        print(f"target: median click -> counter drawn < 50 ms: {verdict}")
    if warm_open:
        verdict = "met" if statistics.median(warm_open) < 3000 else "MISSED"
        print(f"target: page open -> board drawn < 3 s with preheated kernels: {verdict}")
    if bench.errors:
        print(f"page errors: {bench.errors}")
        sys.exit(1)


if __name__ == "__main__":
    main()
