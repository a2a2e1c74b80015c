"""Measure the static site in a real browser: what a first visit downloads, its memory, cold and warm opens, a click.

    .venv/bin/python scripts/bench_site.py [--site site] [--warm 3] [--clicks 4]
    ./run site --bench          # the same, after installing what it needs (Playwright's Python package)

Serves the built site (``./run site``; with ``ATON_PYODIDE=local`` so that nothing comes from outside)
on loopback with ``scripts/serve_site.py`` (the site's ``_headers`` rules and its gzip copies, as a
careful host serves them), opens the dashboard (``voici/render/aton.html``) in Chromium and prints:

- the site's size and number of files;
- the first open with an empty browser cache ("cold"): page open to board drawn; the bytes of the files
  it downloaded, what the server sent for them (gzip copies where the build made them) and what a host
  compressing everything at gzip's highest level would send;
- the memory of the tab (the proportional set size of its renderer process, which holds the Python worker);
- later opens in the same browser ("warm": its disk cache filled, files checked with the server):
  page open to board drawn;
- a click on a square to the canvas showing the counter there (the four counters of a loaded position).

Times are taken inside the page with ``performance.now()`` (from the navigation start, or from the
click), as ``scripts/bench_ui.py`` does for the Voila dashboard.  The browser keeps its cache on disk
(a profile in a temporary folder), as a student's browser does: Chromium's in-memory cache of a private
window keeps no file as large as Python's.  Requests are not intercepted (with interception on,
Chromium's HTTP cache is off); build the site with ``ATON_PYODIDE=local`` so that every request stays on
loopback.  Needs Chromium (``ATON_CHROMIUM``, or Debian's ``chromium``) and Playwright's Python package
(``pip install -e '.[test]'``, which ``./run site --bench`` does).
"""

from __future__ import annotations

import argparse
import gzip
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
    """The Voila bench's clicks and figures, on pages of one browser profile kept on disk (its cache warms up)."""

    def __init__(self, playwright: Any, chromium: str | None) -> None:
        from aton.serving.launch import CHROMIUM_FLAGS
        from aton.widgets.scene import GEOMETRY, PALETTE

        self.geometry = GEOMETRY
        self.palette = PALETTE
        self.figures: dict[str, list[float]] = {}
        self.errors: list[str] = []
        self.profile = tempfile.TemporaryDirectory(prefix="aton-site-profile-")
        try:
            self.context = playwright.chromium.launch_persistent_context(
                self.profile.name,
                executable_path=chromium,
                args=list(CHROMIUM_FLAGS),
                viewport={"width": 1280, "height": 720},
            )
        except Exception as error:  # Playwright's own browser is not installed either
            raise SystemExit(f"{NO_CHROMIUM}, or run .venv/bin/playwright install chromium ({error})") from None

    def close(self) -> None:
        self.context.close()
        self.profile.cleanup()

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


def served(log: Path, site: Path) -> tuple[int, int, int, int]:
    """(answers, file bytes, bytes sent, gzip -9 bytes) of the ``200`` answers in the server's log.

    The file bytes are the files' own sizes; the bytes sent are what the log says went over the wire (a
    gzip copy where the build made one); the gzip bytes what a host compressing every answer at gzip's
    highest level would send.
    """
    count = size = sent = packed = 0
    text = log.read_text(encoding="utf-8", errors="replace")
    for path, length in re.findall(r'"GET (\S+) HTTP/[\d.]+" 200 (\S+)', text):
        file = site / unquote(urlparse(path).path).lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        if file.is_file():
            count += 1
            size += file.stat().st_size
            sent += int(length) if length.isdigit() else file.stat().st_size
            packed += len(gzip.compress(file.read_bytes(), 9, mtime=0))
    return count, size, sent, packed


def tab_memory(browser_pid: int) -> tuple[int, int]:
    """(PSS, RSS) bytes of the browser's busiest renderer: one tab, its Python worker in it.

    The proportional set size counts memory shared with other processes in part; the resident set size
    counts it whole (what a task manager shows).
    """
    import psutil

    sizes = []
    for child in psutil.Process(browser_pid).children(recursive=True):
        try:
            if "--type=renderer" in " ".join(child.cmdline()):
                info = child.memory_full_info()
                sizes.append((info.pss, info.rss))
        except psutil.Error:
            continue
    return max(sizes, default=(0, 0))


def browser_pid() -> int:
    """The process id of the Chromium that Playwright started last (in this process's tree)."""
    import psutil

    ours = [p for p in psutil.Process().children(recursive=True) if "--type=" not in " ".join(p.cmdline())]
    browsers = [p for p in ours if "chrom" in p.name().lower()]
    return max(browsers, key=lambda p: p.create_time()).pid


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
    chromium = find_chromium()  # else Playwright's own Chromium, if `.venv/bin/playwright install chromium` got it
    files, size = site_size(args.site)
    print(f"site: {size / 1e6:.1f} MB in {files} files ({args.site})")
    port = free_port()
    log = Path(tempfile.mkdtemp(prefix="aton-site-bench-")) / "server.log"
    with log.open("w") as sink:
        server = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "serve_site.py"), "--port", str(port), str(args.site)],
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
            answers, size, sent, packed = served(log, args.site)
            print(
                f"first open: {answers} files of {size / 1e6:.1f} MB; the server sent {sent / 1e6:.1f} MB"
                f" (gzip copies); {packed / 1e6:.1f} MB with every answer compressed (gzip -9)"
            )
            pss, rss = tab_memory(browser_pid())
            print(f"memory of the tab's renderer: {pss / 2**20:.0f} MiB (PSS), {rss / 2**20:.0f} MiB (RSS)")
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
