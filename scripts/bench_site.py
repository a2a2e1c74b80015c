"""Measure the static site in a real browser: its size, the first open, a warm open, a click on the board.

    .venv/bin/python scripts/bench_site.py [--site site] [--warm 3] [--clicks 4]

Serves the built site (``./run site``; with ``ATON_PYODIDE=local`` so that nothing comes from outside)
on loopback with ``python -m http.server``, opens the dashboard (``voici/render/aton.html``) in
Chromium and prints:

- the site's size and number of files;
- the first open with an empty browser cache ("cold"): page open to board drawn, and the bytes the
  server sent for it (the files of every ``200`` answer in its log; ``http.server`` does not compress);
- later opens in the same browser ("warm", the HTTP cache filled): page open to board drawn;
- a click on a square to the canvas showing the counter there (the four counters of a loaded position).

Times are taken inside the page with ``performance.now()`` (from the navigation start, or from the
click), as ``scripts/bench_ui.py`` does for the Voila dashboard.  Requests are not intercepted (with
interception on, Chromium's HTTP cache is off and a warm open would be a cold one); build the site with
``ATON_PYODIDE=local`` so that every request stays on loopback.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_ui import BOARD, POLL_JS, Bench, hex_rgb

from aton.serving.launch import NO_CHROMIUM, find_chromium, free_port, wait_until_up

ROOT = Path(__file__).resolve().parents[1]
PAGE = "voici/render/aton.html"
OPEN_LIMIT_MS = 600_000

DRAWN_JS = """
window.__atonPoll(() => {
  const target = %(target)s;
  return window.__atonNear(window.__atonPixel('%(board)s', target.x, target.y), target.rgb, 24);
}, %(limit)d).then((t) => { window.__atonBoardDrawn = t; });
"""


class SiteBench(Bench):
    """The Voila bench's clicks and figures, on pages of one browser context (so its cache warms up)."""

    def __init__(self, playwright: Any, chromium: str) -> None:
        super().__init__(playwright, chromium)
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 720})

    def page(self, viewport: tuple[int, int] = (1280, 720)) -> Any:
        from aton.apps.dashboard.app import BOARD_SCALE

        page = self.context.new_page()
        page.set_default_timeout(120_000)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        box = self.geometry.square_box((1, 0))
        target = {
            "x": round((box.x + box.w * 0.82) * BOARD_SCALE),
            "y": round((box.y + box.h * 0.85) * BOARD_SCALE),
            "rgb": hex_rgb(self.palette["Y"]),
        }
        page.add_init_script(POLL_JS)
        page.add_init_script(DRAWN_JS % {"target": json.dumps(target), "board": BOARD, "limit": OPEN_LIMIT_MS})
        return page

    def open(self, page: Any, url: str, name: str | None) -> None:
        page.goto(url)
        page.wait_for_function("() => window.__atonBoardDrawn !== undefined", timeout=OPEN_LIMIT_MS)
        if name is not None:
            self.add(name, page.evaluate("() => window.__atonBoardDrawn"))


def served(log: Path, site: Path) -> tuple[int, int]:
    """(answers, bytes) of the ``200`` answers in ``http.server``'s log: what really went over the wire."""
    count = size = 0
    for path in re.findall(r'"GET (\S+) HTTP/[\d.]+" 200', log.read_text(encoding="utf-8", errors="replace")):
        file = site / unquote(urlparse(path).path).lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        if file.is_file():
            count += 1
            size += file.stat().st_size
    return count, size


def site_size(site: Path) -> tuple[int, int]:
    """(files, bytes) of the built site."""
    files = [path for path in site.rglob("*") if path.is_file()]
    return len(files), sum(path.stat().st_size for path in files)


def main() -> None:
    """Command line: see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (default: site/)")
    parser.add_argument("--warm", type=int, default=3, help="warm opens after the first (default 3)")
    parser.add_argument("--clicks", type=int, default=4, help="squares clicked on the last page (up to 4)")
    args = parser.parse_args()
    if not (args.site / PAGE).exists():
        raise SystemExit(f"no site in {args.site}: build it first with ./run site")
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit(NO_CHROMIUM)
    files, size = site_size(args.site)
    print(f"site: {size / 1e6:.1f} MB in {files} files ({args.site})")
    port = free_port()
    log = Path(tempfile.mkdtemp(prefix="aton-site-bench-")) / "server.log"
    with log.open("w") as sink:
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(args.site)],
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    from playwright.sync_api import sync_playwright

    url = f"http://127.0.0.1:{port}/{PAGE}"
    try:
        wait_until_up(f"http://127.0.0.1:{port}/index.html", server)
        with sync_playwright() as playwright:
            bench = SiteBench(playwright, chromium)
            page = bench.page()
            bench.open(page, url, "page open -> board drawn, cold")
            time.sleep(3)  # let the page's last requests finish before counting
            answers, size = served(log, args.site)
            print(f"first open: the server sent {size / 1e6:.1f} MB in {answers} answers")
            for _ in range(args.warm):
                page.close()
                page = bench.page()
                bench.open(page, url, "page open -> board drawn, warm")
            bench.place_position(page)
            bench.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    for name, values in bench.figures.items():
        unit = "s" if name.startswith("page") else "ms"
        shown = [v / 1000 if unit == "s" else v for v in values]
        print(
            f"{name}: median {statistics.median(shown):.1f} {unit}, worst {max(shown):.1f} {unit}"
            f" ({len(shown)} runs: {', '.join(f'{v:.1f}' for v in shown)})"
        )
    if bench.errors:
        raise SystemExit(f"the page raised errors: {bench.errors}")


if __name__ == "__main__":
    main()
