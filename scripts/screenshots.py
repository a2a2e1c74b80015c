"""Take the board screenshots of docs/widgets.md in a real browser (Voila + Playwright + Chromium).

    .venv/bin/python scripts/screenshots.py [--out docs/img] [--scale 1]

Writes ``board-start.png`` (a new game) and ``board-after-scoring.png`` (the
step-through explainer on the last line of the first scoring of a seeded
game).  Each picture comes from a small notebook served by Voila, opened in
Chromium; the script waits until the canvas pixels of known squares show the
right colours, and fails on any page error.  A browser is found from
``ATON_CHROMIUM`` or the usual names (``/usr/bin/chromium`` here).
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from aton.serving.launch import CHROMIUM_FLAGS, NO_CHROMIUM, find_chromium, free_port, wait_until_up

ROOT = Path(__file__).resolve().parents[1]
SETUP = """\
import random
import aton
from aton.widgets import BoardView, Stepper


def play_until(seed, kind):
    \"\"\"A seeded random game, played until an event of ``kind`` has happened.\"\"\"
    game = aton.new_game(seed=seed)
    chooser = random.Random(seed)
    while game.result is None and not any(event.kind == kind for event in game.events):
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    return game
"""

NOTEBOOKS = {
    "board-start": SETUP
    + """
board = BoardView(aton.new_game(seed=7), show_twin=False)
board
""",
    "board-after-scoring": SETUP
    + """
game = play_until(1, "scoring_removal")
stepper = Stepper(game.record(), board=BoardView(show_twin=False))
last_line = max(i for i, step in enumerate(stepper.steps) if step.event.kind == "score_line")
stepper.go(last_line)
stepper
""",
}

# canvas pixel checks: logical point -> expected colour (the square fills of the default layout)
WAIT_FOR_DRAWN = """
([x, y, r, g, b]) => {
  const canvas = document.querySelector('canvas.aton-board');
  if (!canvas) return false;
  const pixel = canvas.getContext('2d').getImageData(x, y, 1, 1).data;
  return Math.abs(pixel[0] - r) < 8 && Math.abs(pixel[1] - g) < 8 && Math.abs(pixel[2] - b) < 8;
}
"""


def notebook(source: str) -> str:
    """A one-cell notebook as JSON text."""
    cell = {"cell_type": "code", "execution_count": None, "id": "cell", "metadata": {}, "outputs": [], "source": source}
    document = {
        "cells": [cell],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(document, indent=1)


def shoot(notebooks: dict[str, str], out: Path, *, scale: float = 1.0, width: int = 1040) -> list[Path]:
    """Serve each notebook with Voila, open it in Chromium, wait for the board, save ``out/<name>.png``."""
    from playwright.sync_api import sync_playwright

    from aton.widgets.scene import GEOMETRY, PALETTE

    out.mkdir(parents=True, exist_ok=True)
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit(NO_CHROMIUM)
    saved = []
    with tempfile.TemporaryDirectory(prefix="aton-shots-") as folder:
        for name, source in notebooks.items():
            (Path(folder) / f"{name}.ipynb").write_text(notebook(source), encoding="utf-8")
        port = free_port()
        voila = Path(sys.executable).with_name("voila")
        process = subprocess.Popen(
            [str(voila), folder, "--no-browser", f"--port={port}", "--Voila.port_retries=0", "--Voila.ip=127.0.0.1"],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(f"{base}/voila/static/", process)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_FLAGS))
                page = browser.new_page(viewport={"width": width, "height": 1400}, device_scale_factor=scale)
                page.route(
                    "**/*",
                    lambda route: route.continue_() if route.request.url.startswith(base) else route.abort(),
                )
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                # a yellow square (temple 1, first square) must show its colour low left, where nothing covers it
                x, y = GEOMETRY.square_box((1, 0)).center
                colour = PALETTE["Y"].lstrip("#")
                expected = [round((x - 14) * 2), round((y + 16) * 2)] + [int(colour[i : i + 2], 16) for i in (0, 2, 4)]
                for name in notebooks:
                    started = time.monotonic()
                    page.goto(f"{base}/voila/render/{name}.ipynb", wait_until="domcontentloaded")
                    page.wait_for_function(WAIT_FOR_DRAWN, arg=expected, timeout=90_000, polling=100)
                    page.wait_for_timeout(300)
                    root = page.locator(".aton-shot, .aton-stepper, .aton-board-view").first
                    path = out / f"{name}.png"
                    root.screenshot(path=str(path))
                    saved.append(path)
                    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                    print(f"{shown}: drawn {time.monotonic() - started:.1f} s after opening")
                browser.close()
                if errors:
                    raise SystemExit(f"page errors: {errors}")
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "img"), help="folder for the PNG files")
    parser.add_argument("--scale", type=float, default=1.0, help="device pixel ratio of the browser page")
    parser.add_argument("--width", type=int, default=1040, help="browser window width in CSS pixels")
    options = parser.parse_args()
    shoot(NOTEBOOKS, Path(options.out), scale=options.scale, width=options.width)


if __name__ == "__main__":
    main()
