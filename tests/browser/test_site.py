"""The static site in a real browser: built as a school would host it, served as plain files on loopback.

The build (``scripts/build_site.py --pyodide local``) takes Pyodide from the npm registry and its
pure-Python packages from PyPI.  numpy, Pillow and sqlite3 have no WebAssembly build but the Pyodide
CDN's, out of reach here: the build says so and uses the stand-ins of ``scripts/site_standins/`` (as a
school's self-hosted build would where the CDN is blocked); the dashboard's page uses them everywhere.
The test build has the test hooks (``--test-hooks``: ``window.jupyterapp``, with which the tests run a
notebook's cells); the published build of the CDN test has none.  The sites are served by
``scripts/serve_site.py`` (the site's ``_headers`` and gzip copies).  Every request that leaves loopback
is refused and counts as a failure, as do failed requests, answers of 400 and more, and page errors
(except in the test that blocks the CDN on purpose).  Downloads and compiled files are cached in
``.cache/site/``, so later builds are quicker.
"""

from __future__ import annotations

import hashlib
import html.parser
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dashboard_page import STATUS, DashboardPage, local_page

from aton.serving.launch import CHROMIUM_FLAGS, free_port, wait_until_up
from aton.widgets.scene import PALETTE, UPRIGHT

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 300_000
"""Milliseconds allowed for a cold start (Pyodide, the kernel's installs, the project's wheel) on a busy machine."""
FAILURE_SECONDS = 20
"""How soon a page whose Python cannot be downloaded must say so."""


def tools_missing() -> str | None:
    """Why the site cannot be built here, or ``None``."""
    for tool in ("node", "npm"):
        if subprocess.run(["which", tool], capture_output=True).returncode != 0:
            return f"{tool} is not installed"
    if not Path(sys.executable).with_name("voici").exists():
        return "the site's build tools are not installed (pip install -e '.[site]')"
    return None


def build_site(out: Path, *options: str, root: Path = ROOT) -> Path:
    """Build the site of the project at ``root`` into ``out``; skip without the tools (fail under CI)."""
    missing = tools_missing()
    if missing is not None:
        if os.environ.get("ATON_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail(missing)
        pytest.skip(missing)
    command = [sys.executable, str(root / "scripts" / "build_site.py"), *options, "--out", str(out)]
    subprocess.run(command, check=True, cwd=root)
    return out


class Served:
    """A built site served by ``scripts/serve_site.py`` on loopback, with its log of answers."""

    def __init__(self, site: Path, log: Path) -> None:
        self.port = free_port()
        self.log = log
        with log.open("w") as sink:
            self.process = subprocess.Popen(
                [sys.executable, str(ROOT / "scripts" / "serve_site.py"), "--port", str(self.port), str(site)],
                stdout=sink,
                stderr=subprocess.STDOUT,
            )
        self.url = f"http://127.0.0.1:{self.port}"
        wait_until_up(f"{self.url}/index.html", self.process)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


BUILT = "ATON_SITE_BUILT"
"""An environment variable naming a test build made already (``build_site.py --pyodide local --test-hooks``):
the tests use it instead of building one (a build takes minutes).  It must be a build of the tree under test."""


def built_site(tmp_path_factory: pytest.TempPathFactory, name: str = "site") -> Path:
    """The test build: the one named by :data:`BUILT`, else a new one."""
    built = os.environ.get(BUILT, "").strip()
    if built:
        if not (Path(built) / "index.html").is_file():
            pytest.fail(f"{BUILT}={built} is not a built site")
        return Path(built)
    return build_site(tmp_path_factory.mktemp(name) / "site", "--pyodide", "local", "--test-hooks")


@pytest.fixture(scope="module")
def site_dir(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test build: a self-hosted Pyodide (stand-ins where the CDN is out of reach) and the test hooks."""
    return built_site(tmp_path_factory)


@pytest.fixture(scope="module")
def site_url(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The test build, served on loopback; yield its URL."""
    server = Served(site_dir, tmp_path_factory.mktemp("served") / "server.log")
    try:
        yield server.url
    finally:
        server.stop()


class Problems(list[str]):
    """Everything that went wrong in the page: errors, failed requests, requests leaving loopback."""


def local_only(page: Any, problems: list[str]) -> None:
    """Requests stay on loopback; page errors, failed requests and answers of 400 and more are problems."""

    def only_local(route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "data:", "blob:")):
            route.continue_()
        else:
            problems.append(f"request leaving loopback: {url}")
            route.abort()

    page.route("**/*", only_local)
    page.on("pageerror", lambda error: problems.append(f"page error: {str(error)[:2000]}"))
    page.on("requestfailed", lambda request: failed(request, problems))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)


def failed(request: Any, problems: list[str]) -> None:
    """A failed request is a problem, but not the tab's icon cut off as the page reloads or closes
    (``net::ERR_ABORTED``): the page needs nothing from it, and a busy machine makes that likely."""
    reason = request.failure or ""
    if "favicon" in request.url and "ERR_ABORTED" in reason:
        return
    problems.append(f"failed request: {request.url} ({reason})")


@pytest.fixture
def site_page(browser: Any, site_url: str) -> Iterator[tuple[Any, Problems]]:
    """A fresh page whose requests stay on loopback; the test fails on any page error or failed request."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(60_000)
    problems = Problems()
    local_only(page, problems)
    yield page, problems
    context.close()
    assert not problems, "\n".join(problems)


RECORD_STEPS = """
window.__atonSteps = [];
window.__atonSpinnerSeen = false;
const atonWatch = setInterval(() => {
  const box = document.getElementById('aton-site-progress');
  const step = box && box.dataset.step;
  if (step && window.__atonSteps[window.__atonSteps.length - 1] !== step) window.__atonSteps.push(step);
  const spinner = document.getElementById('loading');
  if (spinner && spinner.offsetParent !== null) window.__atonSpinnerSeen = true;
  if (!box && window.__atonSteps.length) clearInterval(atonWatch);
}, 20);
"""
"""Records the loading line's steps as they change, and whether Voici's spinner ever showed."""
APP_HANDLES = """() => {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const blank = new Set(Object.getOwnPropertyNames(frame.contentWindow));
  frame.remove();
  const handles = [];
  for (const name of Object.getOwnPropertyNames(window).filter((name) => !blank.has(name))) {
    let value = null;
    try { value = window[name]; } catch (error) { continue; }
    if (!value || (typeof value !== 'object' && typeof value !== 'function')) continue;
    for (const part of ['serviceManager', 'commands', 'shell', 'sessionContext', 'kernel', 'requestExecute']) {
      try { if (value[part] !== undefined && value[part] !== null) handles.push(name + '.' + part); } catch (e) {}
    }
  }
  return { jupyterapp: typeof window.jupyterapp, handles };
}"""
"""What a console line finds on the page: ``window.jupyterapp``, and any global the page added that holds the
application's services, commands, shell or a kernel (the globals of a blank page are left out)."""
KEPT_ROUND_2 = """() => {
  try { return JSON.parse(JSON.parse(localStorage.getItem('aton-game-here')).game).round === 2; }
  catch (error) { return false; }
}"""


def test_the_static_dashboard_plays_a_round_against_the_bot(site_page: tuple[Any, Problems], site_url: str) -> None:
    page, _problems = site_page
    page.add_init_script(RECORD_STEPS)
    started = time.perf_counter()
    page.goto(f"{site_url}/voici/render/aton.html")
    assert page.locator("#aton-site-progress").count() == 1  # the start-up line shows at once, in every language
    assert "installé sur votre ordinateur" in page.locator('#aton-site-progress [lang="fr"]').inner_text()
    assert "installed on your computer" in page.locator('#aton-site-progress [lang="en"]').inner_text()
    page.wait_for_selector(STATUS, state="attached", timeout=START_TIMEOUT)
    dash = DashboardPage(page, f"{site_url}/voici/render/aton.html")
    dash.wait_square_colour((1, 0), "#F0E442")
    print(f"page open to board drawn (cold): {time.perf_counter() - started:.1f} s")
    page.wait_for_selector("#aton-site-progress", state="detached")
    steps = page.evaluate("() => window.__atonSteps")
    # one indicator, telling the steps as they happen: the bytes, Python (when it came first), packages, board
    assert steps[0] == "download" and steps[-1] == "board" and "packages" in steps, steps
    assert steps == sorted(steps, key=["download", "python", "packages", "board"].index), steps
    assert page.evaluate("() => window.__atonSpinnerSeen") is False  # Voici's own spinner never showed
    doors = page.evaluate(APP_HANDLES)  # Voici's bundle set window.jupyterapp: one console line ran any Python
    assert doors == {"jupyterapp": "undefined", "handles": []}, doors

    dash.new_game(mode="bot", seed=7, level="easy", human="red")
    dash.wait_status(thinking="")
    dash.tab_by_class(1)  # the coach searches in the page's loop too
    dash.click(".aton-hint-button")
    page.wait_for_function("() => document.querySelector('.aton-hint').textContent.includes('Suggestion for Red')")
    assert "chance to win" in dash.text(".aton-hint")
    dash.tab_by_class(0)
    low, second, third, high = sorted(dash.hand())
    dash.assign([second, low, third, high])
    for _ in range(20):
        dash.catch_up()
        status = dash.status()
        if status["round"] == "2" and status["phase"] == "assign":
            break
        assert status["to-act"] == "red", status
        for square in dash.play_squares("red"):
            dash.wait_pixel(dash.counter_point(square), PALETTE["red"])
    else:
        raise AssertionError("round 2 never came")
    # what the browser keeps (localStorage) in round 2's card phase: no card of the bot's on its cartouches
    page.wait_for_function(KEPT_ROUND_2, timeout=60_000)
    kept = json.loads(json.loads(page.evaluate("() => localStorage.getItem('aton-game-here')"))["game"])
    assert kept["phase"] == "assign" and kept["blue"].get("assignment") is None, kept["blue"]

    # a student saves the game and loads the file again: the same round, the bot's cards still not in it
    saved = dash.saved_file()
    assert "hand" not in saved["blue"] and saved["red"]["hand"] == sorted(dash.hand())
    scores = dash.twin_scores()
    dash.new_game(mode="bot", seed=8, level="easy", human="red")
    dash.wait_status(round=1)
    dash.upload("saved.json", json.dumps(saved).encode())
    dash.wait_status(round=2, phase="assign", mode="bot")
    assert dash.twin_scores() == scores


LINES = """
window.__atonLines = [];
setInterval(() => {
  const box = document.getElementById('aton-site-progress');
  const text = box && box.innerText;
  if (text && window.__atonLines[window.__atonLines.length - 1] !== text) window.__atonLines.push(text);
}, 50);
"""
"""Records every text of the loading line."""


def shown_megabytes(line: str) -> tuple[float, float]:
    """The ``done`` and ``total`` megabytes of an English download line."""
    done, total = re.search(r"Downloading Python and the game: ([\d.]+) of ([\d.]+) MB", line).groups()  # type: ignore[union-attr]
    return float(done), float(total)


def test_the_loading_line_speaks_the_browser_language_first_and_counts_every_file(
    browser: Any, site_url: str, site_dir: Path
) -> None:
    """A French browser reads French first; the megabytes count the page's own scripts too (the start's files
    alone said 18.9 MB while the page moved 24.6 MB); a later visit does not say that the first is the longest."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="fr-FR")
    errors: list[str] = []
    page = local_page(context, errors, timeout=60_000)
    page.add_init_script(LINES)
    html = (site_dir / "voici" / "render" / "aton.html").read_text(encoding="utf-8")
    plan = json.loads(re.search(r"const plan = (\{.*?\});\n", html).group(1))  # type: ignore[union-attr]
    planned = sum(file["bytes"] or 0 for file in plan["files"]) / 1e6
    try:
        page.goto(f"{site_url}/voici/render/aton.html")
        box = page.locator("#aton-site-progress")
        assert box.locator("[lang]").first.get_attribute("lang") == "fr"  # the browser's language first
        page.wait_for_selector(STATUS, state="attached", timeout=START_TIMEOUT)
        page.wait_for_selector("#aton-site-progress", state="detached", timeout=START_TIMEOUT)
        lines = page.evaluate("() => window.__atonLines")
        downloads = [line for line in lines if "Downloading Python" in line]
        assert downloads and all("the first visit takes longest" in line for line in downloads), lines[:3]
        assert all(line.index("Téléchargement") < line.index("Downloading") for line in downloads)
        moved = page.evaluate(
            "() => performance.getEntriesByType('resource').reduce((s, e) => s + e.decodedBodySize, 0)"
        )
        done, total = shown_megabytes(downloads[-1])
        print(
            f"loading line: {total:.1f} MB counted, the start's files {planned:.1f} MB, "
            f"the page moved {moved / 1e6:.1f} MB"
        )
        assert total >= planned + 1.0, (total, planned)  # the page's own scripts and styles count too
        assert total <= moved / 1e6 + 0.1 and done <= total
        # a later visit of the same build: its files are in the cache; no "the first visit takes longest"
        page.reload()
        page.wait_for_selector(STATUS, state="attached", timeout=START_TIMEOUT)
        page.wait_for_selector("#aton-site-progress", state="detached", timeout=START_TIMEOUT)
        later = page.evaluate("() => window.__atonLines")
        assert later and not any("first visit" in line or "première visite" in line for line in later), later[:3]
        assert any("nothing is installed on your computer" in line for line in later), later[:3]
        assert not errors, errors
    finally:
        context.close()


def test_a_review_in_the_static_dashboard_stops_mid_way(site_page: tuple[Any, Problems], site_url: str) -> None:
    """A page has no threads for Python: the review runs in slices, and the click on "stop" gets in between.

    Started again, it runs to its end: the stop button goes and the graph comes.
    """
    page, _problems = site_page
    page.goto(f"{site_url}/voici/render/aton.html")
    page.wait_for_selector(STATUS, state="attached", timeout=START_TIMEOUT)
    dash = DashboardPage(page, f"{site_url}/voici/render/aton.html")
    dash.wait_square_colour((1, 0), "#F0E442")
    recorded = json.loads((ROOT / "aton" / "recorded" / "close-game.json").read_text(encoding="utf-8"))
    dash.upload("close-game.json", json.dumps(recorded["record"]).encode())
    page.wait_for_selector(".aton-review-open", state="visible", timeout=60_000)
    dash.click(".aton-review-open")
    page.wait_for_function(
        "() => { const e = document.querySelector('.aton-review-status');"
        " return e && /Reviewing .*: [1-9]/.test(e.textContent); }",
        timeout=START_TIMEOUT,
    )
    dash.click(".aton-review-cancel")
    page.wait_for_function(
        "() => { const e = document.querySelector('.aton-review-status');"
        " return e && e.textContent.includes('The review was stopped.'); }",
        timeout=START_TIMEOUT,
    )
    assert not page.locator(".aton-review-graph").is_visible()  # stopped before its end: no graph
    dash.click(".aton-review-start")  # started again, it runs to its end and shows its graph
    page.wait_for_selector(".aton-review-graph", state="visible", timeout=START_TIMEOUT)
    assert not page.locator(".aton-review-cancel").is_visible()


def test_the_static_dashboard_fits_an_upright_tablet_and_keeps_its_game_over_a_reload(
    browser: Any, site_url: str
) -> None:
    """Held upright (768 x 1024, touch), the static page takes the upright board and the keyboard's order, as
    the served one does; a game against the bot, kept in the browser, continues after a reload."""
    context = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)
    errors: list[str] = []
    page = local_page(context, errors, timeout=60_000)
    page.on("dialog", lambda dialog: dialog.accept())  # "Leave site?": a game is in progress
    url = f"{site_url}/voici/render/aton.html"
    try:
        page.goto(url)
        page.wait_for_selector(STATUS, state="attached", timeout=START_TIMEOUT)
        page.wait_for_selector(".aton-dashboard.aton-layout-tablet.aton-board-upright", state="attached")
        dash = DashboardPage(page, url, UPRIGHT)
        dash.wait_square_colour((1, 0), "#F0E442")
        shown = page.eval_on_selector(".aton-board-area canvas.aton-board", "c => c.getBoundingClientRect().width")
        assert UPRIGHT.square * shown / UPRIGHT.width >= 36.8, shown
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 768

        # Tab from the board: the card panel, the step controls, then the tabs above them
        page.locator(".aton-board-area canvas.aton-board").focus()
        page.keyboard.press("Tab")
        page.wait_for_function("() => document.activeElement.closest('.aton-assign')")
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.matches('.aton-right > .lm-TabBar .lm-TabBar-tab')"):
                break
        else:
            raise AssertionError("Tab never reached the tabs after the step controls")

        dash.wait_status(thinking="")
        dash.assign(sorted(dash.hand()))
        dash.catch_up()  # the reveal watched, the bot's counters placed: red's turn to place
        dash.wait_status(**{"in-game": "true", "to-act": "red"})
        page.wait_for_function("() => (localStorage.getItem('aton-game-here') || '').length > 1000")
        page.wait_for_timeout(1000)  # the last move written too
        before = dash.status()
        page.reload()
        page.wait_for_selector(".aton-resume-continue", state="visible", timeout=START_TIMEOUT)
        assert "left in progress in this browser" in page.locator(".aton-resume").inner_text()
        page.locator(".aton-resume-continue").tap()
        dash.wait_status(**{"in-game": "true", "offer": "false"})
        dash.catch_up()
        facts = ("round", "phase", "to-act", "red-score", "blue-score", "red-stock", "blue-stock")
        after = dash.status()
        assert [after[fact] for fact in facts] == [before[fact] for fact in facts], (before, after)
        assert not errors, errors
    finally:
        context.close()


RAN_EVERY_CELL = """() => {
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map((e) => e.textContent.trim());
  const shown = prompts.filter((text) => text);
  return shown.length > 0 && shown.every((text) => /^\\[\\d+\\]:$/.test(text));
}"""
KERNEL_IDLE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const context = panel && panel.sessionContext;
  return !!(context && context.session && context.session.kernel && context.kernelDisplayStatus === 'idle');
}"""


def run_every_cell(page: Any, url: str) -> None:
    """Open the notebook at ``url`` in JupyterLite and run all its cells, as "Run all" does."""
    page.goto(url)
    page.wait_for_function(KERNEL_IDLE, timeout=START_TIMEOUT)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(RAN_EVERY_CELL, timeout=START_TIMEOUT)


TUTORIALS = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tutorials").rglob("*.ipynb"))
"""Every tutorial, English and French: 07 has bots thinking in the page's own loop, 08 tournaments game by game."""


@pytest.mark.parametrize("notebook", [*TUTORIALS, "widgets.ipynb"])
def test_a_tutorial_runs_in_jupyterlite(site_page: tuple[Any, Problems], site_url: str, notebook: str) -> None:
    """Every tutorial, and the widget gallery (at the top of the site, as on the front page)."""
    page, _problems = site_page
    run_every_cell(page, f"{site_url}/notebooks/index.html?path={notebook}")
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
    assert errors.count() == 0, errors.all_inner_texts()
    assert page.locator(".jp-OutputArea-output canvas").count() >= 1  # the tutorial's boards drew


def test_the_simulation_lab_plays_in_the_page_and_its_stop_button_works(
    site_page: tuple[Any, Problems], site_url: str
) -> None:
    """The lab's games run in slices of the page's loop: the click on "Stop" gets in between.

    This test site has no matplotlib (the real one comes from the Pyodide CDN): each plot's place says
    so, and the report of the games played is there all the same.
    """
    page, _problems = site_page
    run_every_cell(page, f"{site_url}/notebooks/index.html?path=simulation-lab.ipynb")
    status = page.locator(".aton-lab-status")
    page.wait_for_function(
        "() => /^Game ([2-9]|[0-9]{2,})/.test(document.querySelector('.aton-lab-status')?.textContent || '')",
        timeout=START_TIMEOUT,
    )
    page.locator(".aton-lab-stop").click()
    page.wait_for_function(
        "() => (document.querySelector('.aton-lab-status')?.textContent || '').startsWith('Stopped after')",
        timeout=60_000,
    )
    played = int(status.inner_text().split()[2])
    assert 1 <= played < 124, status.inner_text()
    assert page.locator(".aton-lab-report pre").count() >= 1
    plots = page.locator(".aton-lab-plot")
    assert plots.count() == 5  # four of the games, one of the Elo ladder
    page.wait_for_function(  # textContent, not innerText: the lower cells may be scrolled out of view
        "() => [...document.querySelectorAll('.aton-lab-plot')]"
        ".every((e) => e.textContent.includes('needs matplotlib'))",
        timeout=30_000,
    )
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
    assert errors.count() == 0, errors.all_inner_texts()


def test_the_site_lock_serves_compiled_wheels_the_kernel_loads_as_python_starts(site_url: str) -> None:
    config = json.loads(urllib.request.urlopen(f"{site_url}/jupyter-lite.json", timeout=30).read())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    lock_path = kernel["loadPyodideOptions"]["lockFileURL"]
    assert lock_path.startswith("versioned/") and lock_path.endswith("/pyodide-lock.json")  # named by its content
    assert {"aton", "ipywidgets", "ipycanvas", "ipython"} <= set(kernel["loadPyodideOptions"]["packages"])
    lock = json.loads(urllib.request.urlopen(f"{site_url}/{lock_path}", timeout=30).read())
    entry = lock["packages"]["aton"]
    address = urllib.parse.urljoin(f"{site_url}/{lock_path}", entry["file_name"])
    assert "/versioned/" in address
    data = urllib.request.urlopen(address, timeout=30).read()
    assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        assert "aton/game.py" in wheel.namelist()  # the source stays, for tracebacks
        header = wheel.read("aton/__pycache__/game.cpython-313.pyc")[:8]
    assert header[4:8] == (1).to_bytes(4, "little")  # hash-based, never checked against the source


# ----------------------------------------------------------------- a published build, its CDN blocked
@pytest.fixture(scope="module")
def published_url(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The build GitHub Pages publishes (Pyodide from its CDN, no test hooks), served on loopback."""
    out = build_site(tmp_path_factory.mktemp("published") / "site", "--pyodide", "cdn")
    server = Served(out, tmp_path_factory.mktemp("published-log") / "server.log")
    try:
        yield server.url
    finally:
        server.stop()


def test_the_published_build_has_no_test_hook(published_url: str) -> None:
    """``window.jupyterapp`` would let a console line run code in the page's Python: only the test build has it."""
    for path in ("jupyter-lite.json", "voici/render/aton.html", "lab/jupyter-lite.json", "notebooks/jupyter-lite.json"):
        text = urllib.request.urlopen(f"{published_url}/{path}", timeout=30).read().decode("utf-8")
        assert "exposeAppInBrowser" not in text, path


def test_a_blocked_cdn_says_what_failed_and_what_to_try_within_20_s(browser: Any, published_url: str) -> None:
    """A school network that filters cdn.jsdelivr.net: the page says so, in both languages, with a retry button."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    blocked: list[str] = []

    def block_outside(route: Any) -> None:
        if route.request.url.startswith("http://127.0.0.1"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort("blockedbyclient")

    page.route("**/*", block_outside)
    try:
        started = time.perf_counter()
        page.goto(f"{published_url}/voici/render/aton.html")
        page.wait_for_selector('#aton-site-progress[data-step="failed"]', timeout=FAILURE_SECONDS * 1000)
        print(f"page open to the failure message, CDN blocked: {time.perf_counter() - started:.1f} s")
        assert any(url.startswith("https://cdn.jsdelivr.net/pyodide/") for url in blocked), blocked
        box = page.locator("#aton-site-progress")
        assert box.get_attribute("role") == "alert"
        english = box.locator('[lang="en"]').inner_text()
        french = box.locator('[lang="fr"]').inner_text()
        assert "Aton could not start." in english and "cdn.jsdelivr.net" in english
        assert "did not arrive from cdn.jsdelivr.net" in english and "the network refused it" in english
        assert "another network" in english and "ATON_PYODIDE=local ./run site" in english
        assert "Aton n'a pas pu démarrer." in french and "autre réseau" in french
        assert "ATON_PYODIDE=local ./run site" in french
        assert page.locator("#loading").evaluate_all("(found) => found.every((e) => e.offsetParent === null)")
        buttons = box.locator("button.aton-site-retry")
        assert buttons.all_inner_texts() == ["Try again", "Réessayer"]
        with page.expect_navigation():  # the button loads the page again; blocked again, it says so again
            buttons.first.click()
        page.wait_for_selector('#aton-site-progress[data-step="failed"]', timeout=FAILURE_SECONDS * 1000)
        page.wait_for_timeout(2000)
        assert "Drawing the board" not in box.inner_text()
    finally:
        context.close()


BLOCKED_FILE = "static/pyodide/pyodide.asm.wasm"
"""The start-up file a school's network fails in the tests below (Pyodide's WebAssembly, 8.6 MB)."""
BLOCK_PAGE = (
    "<!doctype html><html><body><h1>Access denied</h1><p>This site is blocked by your school.</p></body></html>"
)
NETWORK_CASES = {
    "refused": ("the network refused it", lambda route: route.abort("connectionrefused")),
    "403": ("the server answered 403", lambda route: route.fulfill(status=403, body="Forbidden")),
    "hang": ("nothing arrived for 15 s", lambda route: None),  # never answered
    "200 html": (
        "what came is a web page, not the file",
        lambda route: route.fulfill(status=200, content_type="text/html", body=BLOCK_PAGE),
    ),
    "200 html as wasm": (  # a filter that even keeps the file's type: the first bytes tell
        "what came is a web page, not the file",
        lambda route: route.fulfill(status=200, content_type="application/wasm", body=BLOCK_PAGE),
    ),
}
"""How a school's network fails a file: what the line then says, and how the test's route answers."""
PAGES = {
    "dashboard": "voici/render/aton.html",
    "tutorial 01": "notebooks/index.html?path=tutorials/01-the-board.ipynb",
    "jupyterlab": "lab/index.html",
}


@pytest.mark.parametrize("case", list(NETWORK_CASES))
@pytest.mark.parametrize("where", list(PAGES))
def test_a_network_that_fails_a_start_up_file_is_told_on_the_dashboard_a_tutorial_and_jupyterlab(
    browser: Any, site_url: str, where: str, case: str
) -> None:
    """Refused, 403, no answer, or a block page answered 200: the line names the file and the host, at once
    (the time limit of 15 s for no answer), in both languages, with a retry."""
    said, answer = NETWORK_CASES[case]
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    # the context's routes see the Python worker's requests too (a page's own routes do not)
    context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1") else route.abort()
    )
    context.route(f"**/{BLOCKED_FILE}", answer)  # the route added last is asked first
    page = context.new_page()
    try:
        started = time.perf_counter()
        page.goto(f"{site_url}/{PAGES[where]}")
        page.wait_for_selector('#aton-site-progress[data-step="failed"]', timeout=FAILURE_SECONDS * 1000)
        seconds = time.perf_counter() - started
        print(f"{where}, {case}: the message after {seconds:.1f} s")
        limit = FAILURE_SECONDS if case == "hang" else 5
        assert seconds < limit, seconds
        box = page.locator("#aton-site-progress")
        english = box.locator('[lang="en"]').inner_text()
        french = box.locator('[lang="fr"]').inner_text()
        host = urllib.parse.urlsplit(site_url).netloc
        assert f"The file pyodide.asm.wasm did not arrive from {host}: {said}" in english, english
        assert f"Le fichier pyodide.asm.wasm n'est pas arrivé de {host}" in french, french
        assert box.locator("button.aton-site-retry").all_inner_texts() == ["Try again", "Réessayer"]
        page.wait_for_timeout(1000)
        assert page.locator('#aton-site-progress[data-step="failed"]').count() == 1  # it stays said
    finally:
        context.close()


def test_a_tutorial_and_jupyterlab_show_the_loading_line_until_python_is_ready(browser: Any, site_url: str) -> None:
    """Tutorial 01 tells its steps and the line goes once its kernel is idle; JupyterLab with no notebook open
    lets the line go once the files are here (Python starts when a notebook opens)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    errors: list[str] = []
    page = local_page(context, errors, timeout=60_000)
    page.add_init_script(RECORD_STEPS)
    try:
        page.goto(f"{site_url}/notebooks/index.html?path=tutorials/01-the-board.ipynb")
        assert page.locator("#aton-site-progress").count() == 1
        # the indicator says "idle" for a moment before the kernel starts too: wait for the line, then look
        page.wait_for_selector("#aton-site-progress", state="detached", timeout=START_TIMEOUT)
        assert page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').count() >= 1
        steps = page.evaluate("() => window.__atonSteps")
        assert steps[0] == "download" and steps[-1] == "packages" and "failed" not in steps, steps
        page.goto(f"{site_url}/lab/index.html")
        assert page.locator("#aton-site-progress").count() == 1
        page.wait_for_selector("#aton-site-progress", state="detached", timeout=60_000)
        assert not errors, errors
    finally:
        context.close()


# ----------------------------------------------------------------- links
class Links(html.parser.HTMLParser):
    """The addresses a page links to (``a``, ``link``, ``script``, ``img``) and the ids it holds."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        for name in ("href", "src"):
            value = found.get(name)
            if value and tag in ("a", "link", "script", "img") and not value.startswith(("data:", "javascript:")):
                self.links.append(value)


def contents_listed(site_url: str, path: str) -> bool:
    """Whether JupyterLite's contents list the file ``path`` (what its apps open from ``?path=``)."""
    folder, _, name = path.rpartition("/")
    listing = f"{site_url}/api/contents/{folder + '/' if folder else ''}all.json"
    content = json.loads(urllib.request.urlopen(listing, timeout=30).read())["content"]
    return any(entry["name"] == name and entry["type"] != "directory" for entry in content)


def test_every_link_of_the_site_pages_leads_somewhere(site_url: str) -> None:
    """The front page (both languages, "all of them" / « tous » included) and the dashboard's page: no 404."""
    checked: dict[str, str] = {}
    for page in ("index.html", "voici/render/aton.html"):
        address = f"{site_url}/{page}"
        parser = Links()
        parser.feed(urllib.request.urlopen(address, timeout=30).read().decode("utf-8"))
        assert parser.links, page
        for link in parser.links:
            if link.startswith("#"):
                assert link[1:] in parser.ids, f"{page}: {link} names no element of the page"
                continue
            target = urllib.parse.urljoin(address, link)
            if not target.startswith(site_url) or target in checked:
                continue
            try:
                status = urllib.request.urlopen(target, timeout=30).status
            except urllib.error.HTTPError as error:
                status = error.code
            checked[target] = f"{page}: {link} -> {status}"
            assert status == 200, checked[target]
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(target).query)
            for path in query.get("path", []):  # JupyterLite's apps open only files: a folder there is a 404
                assert urllib.parse.urlsplit(target).path.endswith("/notebooks/index.html"), checked[target]
                assert contents_listed(site_url, path), f"{checked[target]}: {path} is not on the site"
    front = [link for link in checked.values() if link.startswith("index.html")]
    assert len(front) > 20, front  # both languages' tutorials, one by one


def test_the_front_page_puts_the_browser_language_first_and_asks_for_no_icon(browser: Any, site_url: str) -> None:
    """A French browser gets the French section first; no request for /favicon.ico (it was a 404 on every visit)."""
    for locale, first in (("fr-FR", "fr"), ("en-GB", "en")):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        answers: list[str] = []
        page.on("response", lambda response, seen=answers: seen.append(f"{response.status} {response.url}"))
        try:
            page.goto(f"{site_url}/index.html", wait_until="load")
            page.wait_for_timeout(1000)
            assert page.locator("body > section[lang]").first.get_attribute("lang") == first
            assert all(answer.startswith("200 ") for answer in answers), answers
            assert not any("favicon" in answer for answer in answers), answers
            if first == "fr":
                assert "05 · Le décompte" in page.locator('section[lang="fr"]').inner_text()
        finally:
            context.close()


def test_every_link_inside_the_served_notebooks_opens_a_file_of_the_site(site_url: str) -> None:
    """What JupyterLite opens for a link in a notebook: a file its contents list (the dashboard, the lab, docs)."""
    listing = json.loads(urllib.request.urlopen(f"{site_url}/api/contents/all.json", timeout=30).read())["content"]
    folders = [""] + [entry["path"] + "/" for entry in listing if entry["type"] == "directory"]
    folders += ["tutorials/fr/", "docs/img/"]
    checked = 0
    for folder in folders:
        try:
            entries = json.loads(urllib.request.urlopen(f"{site_url}/api/contents/{folder}all.json", timeout=30).read())
        except urllib.error.HTTPError:
            continue
        for entry in entries["content"]:
            if not entry["name"].endswith(".ipynb"):
                continue
            notebook = json.loads(urllib.request.urlopen(f"{site_url}/files/{entry['path']}", timeout=30).read())
            for cell in notebook["cells"]:
                text = "".join(cell["source"]) if cell["cell_type"] == "markdown" else ""
                for target in re.findall(r"\]\(([^)\s]+)\)", text):
                    if re.match(r"^([a-z]+:|#)", target):
                        continue
                    path = posixpath.normpath(posixpath.join(posixpath.dirname(entry["path"]), target.split("#")[0]))
                    assert contents_listed(site_url, urllib.parse.unquote(path)), f"{entry['path']}: {target}"
                    checked += 1
    assert checked >= 30, checked


# ----------------------------------------------------------------- a returning student after an update
def test_a_returning_browser_gets_the_rebuilt_site(
    browser: Any, chromium_path: str, site_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A site built days ago, then rebuilt with a change: the student's browser, cache and all, shows the change.

    The change is in the project's Python (the dashboard's heading gets an attribute), so it reaches the
    page only through a new wheel: the page and the settings are checked with the server on every visit
    (``_headers``), and the wheel's address is new (``versioned/``).
    """
    work = tmp_path_factory.mktemp("fresh")
    served = work / "served"
    old = work / "old"
    shutil.copytree(site_dir, old, symlinks=True)
    days_ago = time.time() - 10 * 86400  # a site deployed ten days ago: a heuristic cache would keep it a day
    for path in [old, *old.rglob("*")]:
        os.utime(path, (days_ago, days_ago), follow_symlinks=False)
    served.symlink_to(old, target_is_directory=True)
    tree = work / "project"
    skip = shutil.ignore_patterns(".venv", ".cache", "site", "build", "dist", "*.egg-info", "__pycache__", ".git*")
    shutil.copytree(ROOT, tree, ignore=skip)
    (tree / ".cache").symlink_to(ROOT / ".cache", target_is_directory=True)  # the same downloads, compiled once
    heading_module = tree / "aton" / "apps" / "dashboard" / "parts.py"  # where the heading is written
    changed = heading_module.read_text(encoding="utf-8").replace(
        '<h1 class="aton-heading">', '<h1 class="aton-heading" data-build="2">'
    )
    assert changed != heading_module.read_text(encoding="utf-8")
    heading_module.write_text(changed, encoding="utf-8")
    server = Served(served, work / "server.log")
    heading = ".aton-heading"
    try:
        # a browser that keeps its cache on disk, as a student's does (a private window keeps large files nowhere)
        context = browser.browser_type.launch_persistent_context(
            str(work / "profile"), executable_path=chromium_path, args=list(CHROMIUM_FLAGS)
        )
        try:
            page = context.new_page()
            page.goto(f"{server.url}/voici/render/aton.html")
            page.wait_for_selector(heading, timeout=START_TIMEOUT)
            assert page.locator(heading).get_attribute("data-build") is None
            page.close()
            new = build_site(work / "new", "--pyodide", "local", "--test-hooks", root=tree)
            served.unlink()
            served.symlink_to(new, target_is_directory=True)
            page = context.new_page()
            page.goto(f"{server.url}/voici/render/aton.html")
            page.wait_for_selector(f'{heading}[data-build="2"]', timeout=START_TIMEOUT)
        finally:
            context.close()
    finally:
        server.stop()
    log = (work / "server.log").read_text(encoding="utf-8")
    assert 'pyodide.asm.wasm HTTP/1.1" 304' in log or log.count('pyodide.asm.wasm HTTP/1.1" 200') == 1


# ----------------------------------------------------------------- a student's copy of a tutorial after an update
STORED = """async (path) => {
  const base = new URL('../', window.location.href).pathname;
  const db = await new Promise((ok, ko) => {
    const r = indexedDB.open('JupyterLite Storage - ' + base);
    r.onsuccess = () => ok(r.result);
    r.onerror = ko;
  });
  const files = db.transaction('files').objectStore('files');
  const keys = await new Promise((ok) => { const r = files.getAllKeys(); r.onsuccess = () => ok(r.result); });
  db.close();
  return keys.filter((key) => key.startsWith(path));
}"""
"""The notebooks this browser keeps a copy of (JupyterLite's storage), under a folder."""


def test_a_tutorial_a_student_worked_in_says_when_the_site_has_a_newer_version(
    browser: Any, site_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The measured case: a student runs a cell of tutorial 01 and the browser keeps their copy (saved, as the
    autosave does after two minutes); the tutorial changes and the site is rebuilt.  Before, that browser
    opened the old copy and said nothing.  Now the page says the site has a newer version; "Open the new
    version" keeps the student's copy under another name and opens the new text."""
    work = tmp_path_factory.mktemp("tutorial-update")
    served = work / "served"
    served.symlink_to(site_dir, target_is_directory=True)
    tree = work / "project"
    skip = shutil.ignore_patterns(".venv", ".cache", "site", "build", "dist", "*.egg-info", "__pycache__", ".git*")
    shutil.copytree(ROOT, tree, ignore=skip)
    (tree / ".cache").symlink_to(ROOT / ".cache", target_is_directory=True)
    tutorial = tree / "tutorials" / "01-the-board.ipynb"
    changed = tutorial.read_text(encoding="utf-8").replace("# 01 · The board and the pieces", "# 01 · The board (2)")
    assert changed != tutorial.read_text(encoding="utf-8")
    tutorial.write_text(changed, encoding="utf-8")
    server = Served(served, work / "server.log")
    url = f"{server.url}/notebooks/index.html?path=tutorials/01-the-board.ipynb"
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("#aton-site-progress", state="detached", timeout=START_TIMEOUT)
        page.locator(".jp-CodeCell").first.click()
        page.keyboard.press("Shift+Enter")
        page.wait_for_selector(".jp-CodeCell .jp-InputPrompt:has-text('[1]')", timeout=START_TIMEOUT)
        page.keyboard.press("Control+s")
        page.wait_for_function(f"async () => (await ({STORED})('tutorials/01')).length === 1", timeout=60_000)
        page.close()

        new = build_site(work / "new", "--pyodide", "local", "--test-hooks", root=tree)
        served.unlink()
        served.symlink_to(new, target_is_directory=True)
        page = context.new_page()
        page.goto(url)
        banner = page.locator("#aton-site-update")
        banner.wait_for(state="visible", timeout=60_000)
        assert "The site has a newer version of 01-the-board.ipynb" in banner.locator('[lang="en"]').inner_text()
        assert "Le site a une version plus récente" in banner.locator('[lang="fr"]').inner_text()
        heading = ".jp-RenderedMarkdown h1"
        page.wait_for_selector(
            f"{heading}:has-text('The board and the pieces')", state="attached", timeout=START_TIMEOUT
        )
        with page.expect_navigation():
            banner.locator("button.aton-update-open").first.click()
        page.wait_for_selector(f"{heading}:has-text('The board (2)')", state="attached", timeout=START_TIMEOUT)
        assert page.evaluate(STORED, "tutorials/01") == ["tutorials/01-the-board (my copy).ipynb"]
        assert page.locator("#aton-site-update").count() == 0
    finally:
        context.close()
        server.stop()


# ----------------------------------------------------------------- the learner's record, kept in the browser
STORED_RECORD = "() => window.localStorage.getItem('aton-record')"


def stored_answers(page: Any) -> list[dict[str, Any]]:
    """The answers of the record this browser keeps (none when it keeps no record)."""
    text = page.evaluate(STORED_RECORD)
    return [] if text is None else list(json.loads(text)["attempts"])


def test_an_answer_in_tutorial_01_is_kept_in_the_browser_over_a_reload_and_downloads(
    site_page: tuple[Any, Problems], site_url: str, tmp_path: Path
) -> None:
    """The static site has no store: the answer goes into the browser's record, which a reload reads back (the
    learner's rules say so), which downloads as aton-record.json, and into which a forged file does not load."""
    from aton.teaching import curriculum
    from aton.teaching.record import LearnerRecord

    page, _problems = site_page
    url = f"{site_url}/notebooks/index.html?path=tutorials/01-the-board.ipynb"
    run_every_cell(page, url)
    first = curriculum.exercises("01")[0]
    exercise = page.locator(".aton-exercise-list .aton-exercise").nth(0)
    exercise.scroll_into_view_if_needed()
    exercise.locator(
        ".aton-exercise-answer button", has_text=re.compile(f"^{re.escape(first.answer_label('en'))}$")
    ).click()
    exercise.locator(".aton-exercise-check").click()
    page.wait_for_function(
        "() => { const t = localStorage.getItem('aton-record'); return !!t && JSON.parse(t).attempts.length === 1; }",
        timeout=60_000,
    )
    (kept,) = stored_answers(page)
    assert (kept["rule"], kept["correct"], kept["source"]) == (first.rule, True, "exercise")
    page.locator(".aton-learner-rules", has_text="1 practising").first.wait_for(timeout=30_000)

    run_every_cell(page, url)  # a reload: Python starts again, in a new kernel
    page.locator(".aton-learner-rules", has_text="1 practising").first.wait_for(timeout=60_000)
    assert len(stored_answers(page)) == 1

    page.locator(".aton-record-download").first.click()
    link = page.locator(".aton-record-link a")
    link.wait_for(timeout=30_000)
    with page.expect_download() as caught:
        link.click()
    download = caught.value
    assert download.suggested_filename == "aton-record.json"
    saved = tmp_path / "aton-record.json"
    download.save_as(saved)
    record = LearnerRecord.from_text(saved.read_bytes())  # a sound record, checked as a loaded one is
    assert [(a.rule, a.correct) for a in record.attempts] == [(first.rule, True)]

    forged = saved.read_text(encoding="utf-8").replace('"correct":true', '"correct":false')
    (tmp_path / "forged.json").write_text(forged, encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.locator(".aton-record-load").first.click()
    chooser.value.set_files(str(tmp_path / "forged.json"))
    message = page.locator(".aton-learner-message", has_text="This file was not loaded").first
    message.wait_for(timeout=30_000)
    assert "changed outside Aton" in message.inner_text() and "Your record is unchanged" in message.inner_text()
    assert len(stored_answers(page)) == 1 and stored_answers(page)[0]["correct"] is True

    with page.expect_file_chooser() as chooser:  # the sound file loads, and adds nothing it already has
        page.locator(".aton-record-load").first.click()
    chooser.value.set_files(str(saved))
    page.locator(".aton-learner-message", has_text="Record loaded: 0 answers added.").first.wait_for(timeout=30_000)


# ----------------------------------------------------------------- JupyterLab: the same line and the same update notice
KEEP_OLD_COPY = """async (path) => {
  const text = await (await fetch('../files/' + path, {cache: 'no-cache'})).text();
  const content = JSON.parse(text);
  content.metadata.aton = {...(content.metadata.aton || {}), site_version: 'an older build'};
  const base = new URL('../', window.location.href).pathname;
  const db = await new Promise((ok, ko) => {
    const r = indexedDB.open('JupyterLite Storage - ' + base);
    r.onsuccess = () => ok(r.result);
    r.onerror = ko;
  });
  const now = new Date().toISOString();
  const name = path.split('/').pop();
  const files = db.transaction('files', 'readwrite');
  files.objectStore('files').put({name, path, last_modified: now, created: now, format: 'json',
    mimetype: 'application/json', content, size: text.length, writable: true, type: 'notebook'}, path);
  await new Promise((ok, ko) => { files.oncomplete = ok; files.onerror = ko; });
  db.close();
}"""
"""Keep in this browser's JupyterLite storage a copy of a notebook of the site, from an older build (as the
autosave keeps one after a student worked in it)."""


def test_jupyterlab_says_when_this_browser_keeps_older_copies_and_opens_the_new_versions(
    browser: Any, site_url: str
) -> None:
    """JupyterLab opens notebooks in tabs (restored from the last visit, or from its file browser), not from
    its address: as it opens, it tells every copy this browser keeps of an older version, one after the other,
    in both languages; "Keep my copy" goes on to the next, "Open the new version" keeps the copy aside."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    errors: list[str] = []
    page = local_page(context, errors, timeout=60_000)
    try:
        page.goto(f"{site_url}/lab/index.html")
        page.wait_for_selector("#aton-site-progress", state="detached", timeout=START_TIMEOUT)
        page.wait_for_selector(".jp-DirListing-item", timeout=60_000)  # the storage exists once it lists files
        for path in ("tutorials/01-the-board.ipynb", "tutorials/02-a-round.ipynb"):
            page.evaluate(KEEP_OLD_COPY, path)
        page.reload()
        banner = page.locator("#aton-site-update")
        banner.wait_for(state="visible", timeout=60_000)
        assert "The site has a newer version of 01-the-board.ipynb" in banner.locator('[lang="en"]').inner_text()
        assert "Le site a une version plus récente de 01-the-board.ipynb" in banner.locator('[lang="fr"]').inner_text()
        banner.locator("button.aton-update-keep").first.click()  # keep 01: then 02 is told
        page.wait_for_function(
            "() => (document.querySelector('#aton-site-update [lang=en]') || {}).textContent"
            "?.includes('02-a-round.ipynb')",
            timeout=10_000,
        )
        with page.expect_navigation():
            page.locator("#aton-site-update button.aton-update-open").first.click()
        page.wait_for_selector("#aton-site-progress", state="detached", timeout=START_TIMEOUT)
        kept = page.evaluate(STORED, "tutorials/0")
        assert sorted(kept) == ["tutorials/01-the-board.ipynb", "tutorials/02-a-round (my copy).ipynb"], kept
        page.wait_for_timeout(2000)  # the check runs as the page opens: 01 was kept, 02 is the site's now
        assert page.locator("#aton-site-update").count() == 0
        assert not errors, errors
    finally:
        context.close()
