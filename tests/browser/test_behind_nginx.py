"""A class across two dashboard servers behind nginx, one address, one PostgreSQL store.

nginx (Debian's package) listens on one address and pins each browser to a server with a cookie
(:mod:`aton.serving.proxy`); the two servers share a PostgreSQL room store.  Red's browser is on the first
server, Blue's and the teacher's on the second: they play a round across the servers through the proxy (each
move's time until the other page shows it is printed).  The first server is then killed with its kernels:
Red's page says so, reconnects by itself through the same address to the second server, and is in its seat
again (the key was kept per address in the browser); the teacher's ``/class`` keeps following the room.

Needs ``nginx`` and ``ATON_TEST_POSTGRES`` (skipped without them, failed under ``ATON_REQUIRE_BROWSER`` and
``ATON_REQUIRE_POSTGRES``, as in CI).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import browser_required
from dashboard_page import LEGAL_CELLS, DashboardPage, local_page
from test_class_page import TABLE, card, type_code
from test_connection_lost import Server, playable, read, until

import aton
from aton import rooms
from aton.apps.classroom.flow import words
from aton.serving.launch import free_port, wait_until_up
from aton.serving.proxy import COOKIE, nginx_config

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the store tests' PostgreSQL helpers
from rooms_support import store_url

pytestmark = pytest.mark.browser

TEACHER_CODE = "nginx-c0de"
SAID_WITHIN = 5.0
"""Seconds a page may take to say its server is gone."""
NOTE_THE_BANNER = """
new MutationObserver(() => {
  if (document.getElementById('aton-connection') && !sessionStorage.getItem('aton-lost-at')) {
    sessionStorage.setItem('aton-lost-at', String(Date.now()));
  }
}).observe(document, {childList: true, subtree: true});
"""
"""Keeps when the page first said its connection was lost (the page reloads itself soon after)."""


def nginx_binary() -> str:
    """Debian's nginx, or a skip (a failure when the browser tests are required)."""
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
    if found is None:
        reason = "the class across servers needs nginx (Debian's package `nginx`)"
        if browser_required():
            pytest.fail(reason)
        pytest.skip(reason)
    return found


class Proxy:
    """nginx in front of ``servers``, with its pid, logs and temporary files in ``folder``."""

    def __init__(self, binary: str, folder: Path, servers: list[Server]) -> None:
        self.folder = folder
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        run_as = "root" if os.geteuid() == 0 else None
        text = nginx_config(f"127.0.0.1:{self.port}", [s.port for s in servers], folder=str(folder), run_as=run_as)
        (folder / "nginx.conf").write_text(text)
        self.process = subprocess.Popen(
            [binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=(folder / "nginx.out").open("wb"),
        )
        wait_until_up(f"{self.base}/voila/static/", self.process)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture
def postgres_store(tmp_path: Path) -> Iterator[str]:
    yield from store_url("postgresql", tmp_path)


@pytest.fixture
def class_behind_nginx(
    chromium_path: str, postgres_store: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Proxy, Server, Server]]:
    binary = nginx_binary()
    monkeypatch.setenv("ATON_TEACHER_CODE", TEACHER_CODE)
    first, second = (Server(tmp_path / name, postgres_store) for name in ("first", "second"))
    for server in (first, second):
        server.folder.mkdir()
    proxy: Proxy | None = None
    try:
        first.start()
        second.start()
        proxy = Proxy(binary, tmp_path, [first, second])
        yield proxy, first, second
    finally:
        if proxy is not None:
            proxy.stop()
        first.stop()
        second.stop()


def pinned_context(browser: Any, base: str, server: str, saved: str | None = None) -> Any:
    """A browser of its own, sent by nginx to ``server`` (``aton_1``/``aton_2``) as a first visit may be;
    ``saved``: the seat key this browser already keeps for the address."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": COOKIE, "value": server, "url": base}])
    context.add_init_script(NOTE_THE_BANNER)
    if saved is not None:  # kept once, as a join would have: a reload reads what the browser holds
        context.add_init_script(
            f"if (!window.localStorage.getItem('aton-room'))"
            f" window.localStorage.setItem('aton-room', {json.dumps(saved)});"
        )
    return context


def server_of(context: Any) -> str:
    """The server nginx pins ``context`` to now (the cookie it last set)."""
    return next(c["value"] for c in context.cookies() if c["name"] == COOKIE)


def play_one(mover: DashboardPage, other: DashboardPage) -> float:
    """``mover`` clicks its first legal square; the seconds until ``other`` shows the move."""
    mover.page.wait_for_function(f"() => document.querySelectorAll('{LEGAL_CELLS}').length > 0")
    square = mover.legal_squares()[0]
    cell = f'.aton-board-area .aton-twin td[data-square="{square[0]}-{square[1]}"]'
    held = mover.page.inner_text(cell)
    before = other.status()["shown"]
    clicked = time.monotonic()
    mover.click_square(square)
    other.page.wait_for_function(
        "before => document.querySelector('.aton-status-line').dataset.shown !== before",
        arg=before,
        timeout=other.timeout,
    )
    took = time.monotonic() - clicked
    # the mover's board (a widget apart from the status line) shows the counter placed or removed
    mover.page.wait_for_function(
        "([cell, held]) => document.querySelector(cell).innerText !== held", arg=[cell, held], timeout=mover.timeout
    )
    return took


def in_step(*dashes: DashboardPage, seconds: float = 30) -> dict[str, str]:
    """Wait until every page is live and shows the same step; that step's public facts."""
    deadline = time.monotonic() + seconds
    while True:
        statuses = [dash.status() for dash in dashes]
        if all(s["live"] == "true" for s in statuses) and len({s["shown"] for s in statuses}) == 1:
            return statuses[0]
        assert time.monotonic() < deadline, statuses
        time.sleep(0.05)


def play_the_round(red: DashboardPage, blue: DashboardPage) -> list[float]:
    """Both lay their cards, then click squares until the next round's cards; each move's time to be seen."""
    seen = []
    round_number = red.status()["round"]
    red.assign(sorted(red.hand(), reverse=True))
    blue.wait_status(to_act="blue")
    blue.assign(sorted(blue.hand()))
    for _ in range(80):
        status = in_step(red, blue)
        if status["over"] == "true" or (status["round"] != round_number and status["phase"] == "assign"):
            return seen
        if status["phase"] == "assign" or status["to-act"] not in ("red", "blue"):
            time.sleep(0.05)
            continue
        mover, other = (red, blue) if status["to-act"] == "red" else (blue, red)
        seen.append(play_one(mover, other))
    raise AssertionError("the round never ended")


def test_a_class_across_two_servers_keeps_its_seats_when_one_dies(
    class_behind_nginx: tuple[Proxy, Server, Server], browser: Any
) -> None:
    proxy, first, _second = class_behind_nginx
    errors: list[str] = []
    store = rooms.open_store(first.store_url)
    try:
        code = store.create(seed=23)
        keys = {seat: store.join(code, seat, nickname=name) for seat, name in ((aton.RED, "Ana"), (aton.BLUE, "Dan"))}
    finally:
        store.dispose()
    saved = {seat: json.dumps({"code": code, "token": key}) for seat, key in keys.items()}
    red_context = pinned_context(browser, proxy.base, "aton_1", saved[aton.RED])
    blue_context = pinned_context(browser, proxy.base, "aton_2", saved[aton.BLUE])
    teacher_context = pinned_context(browser, proxy.base, "aton_2")
    with contextlib.ExitStack() as closing:
        for context in (red_context, blue_context, teacher_context):
            closing.callback(context.close)
        red = DashboardPage(local_page(red_context, errors, 60_000), proxy.base + "/").open()
        blue = DashboardPage(local_page(blue_context, errors, 60_000), proxy.base + "/").open()
        for dash, seat in ((red, "red"), (blue, "blue")):
            until(dash.page, playable(seat), 60)
        assert (server_of(red_context), server_of(blue_context)) == ("aton_1", "aton_2")

        teacher = teacher_context.new_page()
        teacher.goto(f"{proxy.base}/class")
        teacher.wait_for_selector(".aton-class-code input", timeout=60_000)
        type_code(teacher, TEACHER_CODE)
        teacher.wait_for_function(f"document.querySelectorAll('{TABLE}').length === 1", timeout=60_000)
        assert "Ana (Red) against Dan (Blue)" in card(teacher, code).inner_text()

        seen: list[float] = []
        while len(seen) < 15:  # a few rounds, for a median that means something
            seen += play_the_round(red, blue)
        assert red.status()["over"] == "false", "the game ended before the server was killed"

        cut = sorted(seen)[max(0, round(0.95 * len(seen)) - 1)]
        print(
            f"move -> seen across two servers through nginx: median {statistics.median(seen):.2f} s,"
            f" p95 {cut:.2f} s, max {max(seen):.2f} s over {len(seen)} moves"
        )

        killed = time.time()
        first.kill()
        until(red.page, "!!sessionStorage.getItem('aton-lost-at')", 30)
        said = int(read(red.page, "sessionStorage.getItem('aton-lost-at')")) / 1000 - killed
        until(red.page, playable("red"), 180)  # reloaded by itself, through the same address, on the other server
        back = time.time() - killed
        print(f"first server killed behind nginx -> Red's page says so {said:.2f} s, playing again {back:.2f} s")
        assert said < SAID_WITHIN
        assert server_of(red_context) == "aton_2"
        assert red.status()["round"] == blue.status()["round"] != "1"

        # the seat was kept: Red and Blue play the next round through, and the teacher's page follows the room
        round_number = int(red.status()["round"])
        play_the_round(red, blue)
        if red.status()["over"] == "false":
            following = words("round", "en", round=round_number + 1)
            teacher.wait_for_function(
                '([code, text]) => { const t = document.querySelector(`[data-code="${code}"]`);'
                " const c = t && t.closest('.aton-class-table'); return c && c.innerText.includes(text); }",
                arg=[code, following],
                timeout=30_000,
            )
        assert "Ana (Red) against Dan (Blue)" in card(teacher, code).inner_text()
