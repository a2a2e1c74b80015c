"""The static site in a real browser: built with a self-hosted Pyodide, served as plain files on loopback.

The build (``scripts/build_site.py --pyodide local``) takes Pyodide from the npm registry and its
pure-Python packages from PyPI.  numpy and Pillow, which ``ipycanvas`` imports, have no WebAssembly
build on any registry (the real ones come from the Pyodide CDN, out of reach here), so the build gets
the **test-only stand-ins** of ``tests/site/standins/`` for them (and for ``sqlite3``).  Every request
that leaves loopback is refused and counts as a failure, as do failed requests, answers of 400 and
more, and page errors.  Downloads are cached in ``.cache/site/``, so a second run builds quickly.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dashboard_page import STATUS, DashboardPage

from aton.serving.launch import free_port, wait_until_up
from aton.widgets.scene import PALETTE

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
STAND_INS = ROOT / "tests" / "site" / "standins"
"""Test-only stand-ins for numpy, Pillow and sqlite3: not the real packages (see their docstrings)."""
START_TIMEOUT = 300_000
"""Milliseconds allowed for a cold start (Pyodide, the kernel's installs, the project's wheel) on a busy machine."""


def tools_missing() -> str | None:
    """Why the site cannot be built here, or ``None``."""
    for tool in ("node", "npm"):
        if subprocess.run(["which", tool], capture_output=True).returncode != 0:
            return f"{tool} is not installed"
    if not Path(sys.executable).with_name("voici").exists():
        return "the site's build tools are not installed (pip install -e '.[site]')"
    return None


@pytest.fixture(scope="module")
def site_url(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Build the site with a self-hosted Pyodide and the stand-ins, serve it on loopback; yield its URL."""
    missing = tools_missing()
    if missing is not None:
        if os.environ.get("ATON_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail(missing)
        pytest.skip(missing)
    out = tmp_path_factory.mktemp("site") / "site"
    build = [sys.executable, str(ROOT / "scripts" / "build_site.py"), "--pyodide", "local"]
    subprocess.run([*build, "--stand-ins", str(STAND_INS), "--out", str(out)], check=True, cwd=ROOT)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{base}/index.html", server)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=20)


class Problems(list[str]):
    """Everything that went wrong in the page: errors, failed requests, requests leaving loopback."""


@pytest.fixture
def site_page(browser: Any, site_url: str) -> Iterator[tuple[Any, Problems]]:
    """A fresh page whose requests stay on loopback; the test fails on any page error or failed request."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(60_000)
    problems = Problems()

    def only_local(route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "data:", "blob:")):
            route.continue_()
        else:
            problems.append(f"request leaving loopback: {url}")
            route.abort()

    page.route("**/*", only_local)
    page.on("pageerror", lambda error: problems.append(f"page error: {str(error)[:2000]}"))
    page.on("requestfailed", lambda request: problems.append(f"failed request: {request.url}"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    yield page, problems
    context.close()
    assert not problems, "\n".join(problems)


def test_the_static_dashboard_plays_a_round_against_the_bot(site_page: tuple[Any, Problems], site_url: str) -> None:
    page, _problems = site_page
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

    # a student saves the game and loads the file again: the same round, the bot's cards still not in it
    saved = dash.saved_file()
    assert "hand" not in saved["blue"] and saved["red"]["hand"] == sorted(dash.hand())
    scores = dash.twin_scores()
    dash.new_game(mode="bot", seed=8, level="easy", human="red")
    dash.wait_status(round=1)
    dash.upload("saved.json", json.dumps(saved).encode())
    dash.wait_status(round=2, phase="assign", mode="bot")
    assert dash.twin_scores() == scores


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
    assert plots.count() == 4
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
    assert kernel["loadPyodideOptions"]["lockFileURL"] == "static/aton/pyodide-lock.json"
    assert {"aton", "ipywidgets", "ipycanvas", "ipython"} <= set(kernel["loadPyodideOptions"]["packages"])
    lock = json.loads(urllib.request.urlopen(f"{site_url}/static/aton/pyodide-lock.json", timeout=30).read())
    entry = lock["packages"]["aton"]
    address = urllib.parse.urljoin(f"{site_url}/static/aton/", entry["file_name"])
    data = urllib.request.urlopen(address, timeout=30).read()
    assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        assert "aton/game.py" in wheel.namelist()  # the source stays, for tracebacks
        header = wheel.read("aton/__pycache__/game.cpython-313.pyc")[:8]
    assert header[4:8] == (1).to_bytes(4, "little")  # hash-based, never checked against the source
