"""Serving a class: several pages opened at once all draw their board, the kernel of an abandoned page is
culled, and the load test's short run passes, all against one server configured as for a class.

The server here has a pool of 3 preheated kernels and culls kernels idle for 20 s (a class would use
minutes: ``./run dashboard --class 30``).
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dashboard_page import STATUS, DashboardPage, local_page

from aton.serving.launch import SERVER_MODULE, classroom_options, free_port, wait_until_up

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CLASS = 3
CULL_SECONDS = 20
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def kernel_pids(server: int) -> dict[str, int]:
    """Kernel id -> process id of every kernel under the server (read from /proc)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        match = re.search(r"kernel-([0-9a-f-]{36})\.json", command)
        if parent == server and match:
            found[match[1]] = int(entry.name)
    return found


@pytest.fixture(scope="module")
def classroom(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A server as ``./run dashboard --class 3`` starts it, with a 20 s cull; yields (URL, process id)."""
    port = free_port()
    log = tmp_path_factory.mktemp("classroom") / "voila.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", SERVER_MODULE, "notebooks/aton.ipynb", "--no-browser", f"--port={port}"),
                *("--Voila.port_retries=0", "--Voila.ip=127.0.0.1", *classroom_options(CLASS, CULL_SECONDS)),
            ],
            cwd=ROOT,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}/"
    try:
        wait_until_up(f"{base}voila/static/", process)
        deadline = time.monotonic() + 120
        while "is filled with" not in log.read_text(errors="replace") and time.monotonic() < deadline:
            time.sleep(0.5)
        yield base, process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def new_page(browser: Any, errors: list[str]) -> Any:
    return local_page(browser.new_context(viewport={"width": 1280, "height": 720}), errors)


def test_several_pages_opened_at_once_all_draw_their_board(browser: Any, classroom: tuple[str, int]) -> None:
    base, server = classroom
    errors: list[str] = []
    pages = [new_page(browser, errors) for _ in range(CLASS + 1)]  # one more than the pool
    try:
        for page in pages:
            page.goto(base, wait_until="commit", timeout=120_000)
        kernels = set()
        for page in pages:
            page.wait_for_selector(STATUS, state="attached", timeout=120_000)
            DashboardPage(page, base).wait_square_colour((1, 0), "#F0E442")
            kernels.add(page.evaluate(KERNEL_ID_JS))
            assert page.locator(".aton-starting").first.is_hidden(), "the starting notice stays once the board is drawn"
        assert len(kernels) == len(pages), "every page has its own kernel"
        assert kernels <= set(kernel_pids(server)), "every page's kernel runs under the server"
    finally:
        for page in pages:
            page.close(run_before_unload=True)  # as a closed tab: the page tells the server to stop its kernel
            page.context.close()
    assert not errors


def test_the_starting_notice_shows_until_the_dashboard_is_there(browser: Any, classroom: tuple[str, int]) -> None:
    base, _ = classroom
    errors: list[str] = []
    page = new_page(browser, errors)
    try:
        # Hold back the widget manager's code: the page's cells are there, the widgets are not yet.
        page.route(re.compile(r".*/labextensions/.*"), lambda route: route.abort())
        page.goto(base, timeout=120_000)
        notice = page.locator(".aton-starting")
        notice.wait_for(state="visible", timeout=60_000)
        assert "please wait" in notice.inner_text() and "patientez" in notice.inner_text()
    finally:
        page.context.close()


def test_the_kernel_of_an_abandoned_page_is_culled(browser: Any, classroom: tuple[str, int]) -> None:
    base, server = classroom
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(base, timeout=120_000)
    DashboardPage(page, base).wait_square_colour((1, 0), "#F0E442")
    kernel = page.evaluate(KERNEL_ID_JS)
    assert kernel in kernel_pids(server)
    page.close(run_before_unload=False)  # no unload beacon: a browser that crashed or a laptop shut
    page.context.close()
    deadline = time.monotonic() + CULL_SECONDS + 60
    while kernel in kernel_pids(server) and time.monotonic() < deadline:
        time.sleep(1)
    assert kernel not in kernel_pids(server), "the abandoned page's kernel was not culled"
    assert len(kernel_pids(server)) >= 2, "the preheated kernels are never culled"


def test_the_load_script_short_run_passes(classroom: tuple[str, int]) -> None:
    base, _ = classroom
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "load_test.py"), "--short", "--url", base, "--client-nice", "10"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=400,
    )
    print(done.stdout)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "pages without a board:  0 of 3" in done.stdout
    assert "kernel deaths:          0" in done.stdout
    assert re.search(r"click to counter drawn: median [\d.]+ ms", done.stdout)


def test_the_load_script_refuses_other_hosts() -> None:
    for url in ("http://192.0.2.1:8866/", "http://example.org/", "ftp://127.0.0.1/"):
        done = subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "load_test.py"), "--url", url, "--sessions", "1", "--players", "0"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode != 0 and "refusing" in done.stderr, (url, done.stderr)
