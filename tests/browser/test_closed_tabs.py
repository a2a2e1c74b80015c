"""Closed means closed: a closed or reloaded page shuts its kernel down, and its room seat reads "away" at once.

Voila's page asks the server to shut its kernel down when it is left (``beforeunload``); the server must
have set the ``_xsrf`` cookie for that call to be accepted.  The kernels are counted as the server's
``ipykernel`` children.  The server here has its own store and a teacher's code, as
``./run dashboard --class N`` starts it, and a pool of two preheated kernels.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import PageErrors
from dashboard_page import TIMEOUT, DashboardPage, local_page

import aton
from aton import rooms
from aton.serving.launch import SERVER_MODULE, free_port, wait_until_up
from aton.serving.orphans import GRACE_SECONDS, UNCLAIMED_SECONDS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CODE = "TEST-C0DE"
POOL = 2
CYCLES = 20


class Served:
    """The server's address, process and store."""

    def __init__(self, base: str, process: subprocess.Popen[bytes], store_url: str, log: Path) -> None:
        self.base, self.process, self.store_url, self.log = base, process, store_url, log

    def kernels(self) -> int:
        """The kernels the server runs now (its ``ipykernel`` children)."""
        listed = subprocess.run(
            ["ps", "-o", "pid=,args=", "--ppid", str(self.process.pid)], capture_output=True, text=True, check=False
        )
        return sum("ipykernel" in line for line in listed.stdout.splitlines())

    def wait_kernels(self, count: int, seconds: float) -> int:
        """Wait until the server runs ``count`` kernels (or the time is up); the count at the end."""
        deadline = time.monotonic() + seconds
        while (now := self.kernels()) != count and time.monotonic() < deadline:
            time.sleep(0.5)
        return now

    def described(self) -> str:
        """Each kernel the server runs, as its model says (connections, state), and the server's lines on kernels:
        what a failed count needs to be understood."""
        listed = subprocess.run(
            ["ps", "-o", "args=", "--ppid", str(self.process.pid)], capture_output=True, text=True, check=False
        )
        models = []
        for kernel in re.findall(r"kernel-([0-9a-f-]{36})\.json", listed.stdout):
            try:
                with urllib.request.urlopen(f"{self.base}/api/kernels/{kernel}", timeout=10) as answer:
                    models.append(answer.read().decode())
            except OSError as error:
                models.append(f"{kernel}: {error}")
        lines = [line for line in self.log.read_text(errors="replace").splitlines() if "ernel" in line]
        return "\n".join(["kernels:", *models, "server log:", *lines[-40:]])


@pytest.fixture(scope="module")
def served(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("closed-tabs")
    store_url = f"sqlite:///{folder}/rooms.db"
    port = free_port()
    environment = {**os.environ, "ATON_ROOMS": store_url, "ATON_TEACHER_CODE": CODE}
    with (folder / "voila.log").open("wb") as sink:
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", SERVER_MODULE, "notebooks/aton.ipynb", "--no-browser", f"--port={port}"),
                *("--Voila.port_retries=0", "--Voila.ip=127.0.0.1", "--VoilaExecutor.iopub_timeout=60"),
                f"--VoilaConfiguration.default_pool_size={POOL}",
            ],
            cwd=ROOT,
            env=environment,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{base}/voila/static/", process)
        yield Served(base, process, store_url, folder / "voila.log")
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        log = (folder / "voila.log").read_text(errors="replace")
        assert "'_xsrf' argument missing" not in log


def close_tab(page: Any) -> None:
    """Close the page as a person closes a tab (``beforeunload`` runs; "leave the page?" is answered yes)."""
    page.on("dialog", lambda dialog: dialog.accept())
    with page.expect_event("close", timeout=10_000):  # Playwright answers the dialog while it waits here
        page.close(run_before_unload=True)
    assert page.is_closed()


def seated_pair(
    served: Served, store: rooms.RoomStore, browser: Any, page_errors: PageErrors, seed: int
) -> tuple[str, Any, Any]:
    """A new room with Ana (Red) and Dan (Blue) each in their seat on a page of their own: the code and the pages."""
    code = store.create(seed=seed)
    keys = {seat: store.join(code, seat, nickname=name) for seat, name in ((aton.RED, "Ana"), (aton.BLUE, "Dan"))}
    pages = []
    for seat in (aton.RED, aton.BLUE):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        saved = json.dumps({"code": code, "token": keys[seat]})
        context.add_init_script(f"window.localStorage.setItem('aton-room', {json.dumps(saved)});")
        dash = DashboardPage(local_page(context, page_errors), served.base + "/").open()
        dash.wait_status(mode="friend")
        pages.append(dash.page)
    return code, pages[0], pages[1]


def test_closed_pages_give_their_kernels_back(served: Served, browser: Any, page_errors: PageErrors) -> None:
    before = served.wait_kernels(POOL, 120)
    assert before == POOL, f"the pool never reached {POOL} kernels: {before}\n{served.described()}"
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        for cycle in range(CYCLES):
            page = local_page(context, page_errors)
            DashboardPage(page, served.base + "/").open()
            if cycle == 0:
                assert any(cookie["name"] == "_xsrf" for cookie in context.cookies())
            close_tab(page)
        # the browser sends the last page's call as the page goes: keep the browser open meanwhile
        after = served.wait_kernels(POOL, 60)
    finally:
        context.close()
    print(f"kernels alive after {CYCLES} open/close cycles: {before} -> {after}")
    assert after == POOL, served.described()
    assert not page_errors, page_errors


def test_a_closed_tab_reads_away_for_the_partner_and_the_class_page(
    served: Served, browser: Any, page_errors: PageErrors
) -> None:
    store = rooms.open_store(served.store_url)
    try:
        code, ana, dan = seated_pair(served, store, browser, page_errors, seed=77)
        teacher = local_page(browser.new_context(viewport={"width": 1280, "height": 900}), page_errors, 60_000)
        teacher.goto(served.base + "/class")
        box = teacher.locator(".aton-class-code input")
        box.fill(CODE)
        box.press("Enter")
        table = teacher.locator(".aton-class-table").filter(has=teacher.locator(f'[data-code="{code}"]'))
        table.wait_for(timeout=60_000)
        assert "away" not in table.inner_text()
        # Dan's page is there: Ana's page says nothing of him leaving
        ana.wait_for_function("() => !document.body.innerText.includes('Dan left')", timeout=TIMEOUT)

        closed = time.monotonic()
        close_tab(dan)
        while store.info(code).seat(aton.BLUE).present and time.monotonic() - closed < 10:
            time.sleep(0.1)
        print(f"tab closed -> store says away: {time.monotonic() - closed:.2f} s")
        ana.wait_for_function("() => document.body.innerText.includes('Dan left')", timeout=10_000)
        told = time.monotonic() - closed
        teacher.wait_for_function(
            '(code) => { const cell = document.querySelector(`[data-code="${code}"]`);'
            " const table = cell && cell.closest('.aton-class-table');"
            " return table && table.innerText.includes('Dan is away'); }",
            arg=code,
            timeout=max(1_000, int((10 - (time.monotonic() - closed)) * 1000)),
        )
        on_class = time.monotonic() - closed
        print(f"tab closed -> partner told: {told:.2f} s; -> class page says away: {on_class:.2f} s")
        assert told < 10 and on_class < 10
        assert store.info(code).seat(aton.BLUE).nickname == "Dan"  # the seat is kept for his return
        for page in (ana, teacher):
            page.context.close()
    finally:
        store.dispose()
    assert not page_errors, page_errors


def test_a_page_gone_without_its_close_call_frees_its_kernel_and_reads_left(
    served: Served, browser: Any, page_errors: PageErrors
) -> None:
    """A crashed tab (closed without ``beforeunload``: only its websocket drops) loses its kernel after the grace
    of :data:`aton.serving.orphans.GRACE_SECONDS`, and its partner reads "left" then, not at the cull."""
    # the kernels of the pages closed before have gone (a page that never connected: after its own wait)
    before = served.wait_kernels(POOL, UNCLAIMED_SECONDS + 60)
    assert before == POOL, served.described()
    store = rooms.open_store(served.store_url)
    try:
        code, ana, dan = seated_pair(served, store, browser, page_errors, seed=78)
        with_pages = served.wait_kernels(POOL + 2, 120)
        assert with_pages == POOL + 2, served.described()

        crashed = time.monotonic()
        dan.close(run_before_unload=False)  # no call to shut the kernel down: as a browser that crashed
        limit = GRACE_SECONDS + 30
        ana.wait_for_function("() => document.body.innerText.includes('Dan left')", timeout=limit * 1000)
        told = time.monotonic() - crashed
        after = served.wait_kernels(POOL + 1, max(1.0, limit - (time.monotonic() - crashed)))
        freed = time.monotonic() - crashed
        print(f"tab crashed -> partner told: {told:.2f} s; kernels {with_pages} -> {after} after {freed:.2f} s")
        assert after == POOL + 1, served.described()
        assert told < limit
        assert store.info(code).seat(aton.BLUE).nickname == "Dan"  # the seat is kept for his return
        ana.context.close()
        dan.context.close()
    finally:
        store.dispose()
    assert not page_errors, page_errors
