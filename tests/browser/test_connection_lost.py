"""A dead server is said, and the pages come back by themselves once it is up again.

The server (and its kernels: the whole process group, as when its machine dies) is killed with SIGKILL
while two players and a spectator are in a room and the teacher's ``/class`` is open; every page must
say so within 5 s, in its language, with its moves disabled.  The server is then started again on the
same port: every page reloads itself and is playable again, the players in their seats (the keys kept in
the browser), the spectator in the room its address names, and the teacher's class open without the code
typed again (kept for the tab's session).

A server that only stalls (a loaded machine: here stopped with SIGSTOP for a while) is said the same way,
but once it answers again the pages go on where they were, without a reload: nothing typed is lost.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dashboard_page import DashboardPage, local_page

import aton
from aton import rooms
from aton.apps.classroom.flow import words as class_words
from aton.serving.launch import SERVER_MODULE, free_port, wait_until_up

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SAID_WITHIN = 5.0
"""Seconds a page may take to say the server is gone."""
BANNER = "document.getElementById('aton-connection')"
INERT = "Array.from(document.body.children).filter(c => c.id !== 'aton-connection').every(c => c.inert)"


class Server:
    """A dashboard server of its own, in its own process group, that can be killed and started again."""

    def __init__(self, folder: Path, store_url: str) -> None:
        self.folder, self.store_url = folder, store_url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        with (self.folder / f"voila-{self.starts}.log").open("wb") as sink:
            self.process = subprocess.Popen(
                [
                    *(sys.executable, "-m", SERVER_MODULE, "notebooks/aton.ipynb", "--no-browser"),
                    *(f"--port={self.port}", "--Voila.port_retries=0", "--Voila.ip=127.0.0.1"),
                    "--VoilaExecutor.iopub_timeout=60",
                ],
                cwd=ROOT,
                env={**os.environ, "ATON_ROOMS": self.store_url},
                stdout=sink,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its kernels in its group: a kill takes them all, as a dead machine
            )
        wait_until_up(f"{self.base}/voila/static/", self.process)

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def signal(self, number: int) -> None:
        """Send ``number`` to the server and its kernels (SIGSTOP / SIGCONT: a stall)."""
        assert self.process is not None
        os.killpg(self.process.pid, number)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


TEACHER_CODE = "lost-c0de"


@pytest.fixture
def server(chromium_path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    monkeypatch.setenv("ATON_TEACHER_CODE", TEACHER_CODE)
    made = Server(tmp_path, f"sqlite:///{tmp_path}/rooms.db")
    made.start()
    try:
        yield made
    finally:
        made.stop()


def reloading(error: Exception) -> bool:
    """Whether ``error`` only says that the page was reloading (its script context gone for a moment)."""
    return "context" in str(error).lower() or "navigat" in str(error).lower()


def until(page: Any, script: str, seconds: float) -> float:
    """Poll ``script`` in ``page`` until it is true (a reload in between is waited through); the seconds taken."""
    start = time.monotonic()
    while True:
        try:
            if page.evaluate(script):
                return time.monotonic() - start
        except Exception as error:
            if not reloading(error):
                raise
        assert time.monotonic() - start < seconds, f"not true after {seconds} s: {script}\n{what_it_shows(page)}"
        page.wait_for_timeout(100)


def read(page: Any, script: str, seconds: float = 30) -> Any:
    """The value of ``script`` in ``page``, read again if a reload took the page's context meanwhile."""
    start = time.monotonic()
    while True:
        try:
            return page.evaluate(script)
        except Exception as error:
            if not reloading(error) or time.monotonic() - start > seconds:
                raise
        page.wait_for_timeout(100)


def what_it_shows(page: Any) -> str:
    """The page's address and the start of its text, to tell in a failure what the page showed instead."""
    try:
        return f"{page.url}: " + str(page.evaluate("document.body.innerText.slice(0, 600)"))
    except Exception as error:  # the page is reloading or gone
        return f"{page.url}: (unreadable: {error})"


def open_class(page: Any, address: str) -> None:
    """Open the class page at ``address`` and type the teacher's code (not yet sent) once its kernel beats."""
    page.goto(address)
    until(page, "!!document.querySelector('.aton-beat [data-beat]')", 60)
    page.locator(".aton-class-code input").fill(TEACHER_CODE)


def send_code(page: Any, seconds: float = 180) -> None:
    """Send the teacher's code as a person does: Enter in the box, once the page takes keys (no banner of a lost
    connection: a loaded machine may make one show for a moment), typed again if the banner took the key."""
    box = page.locator(".aton-class-code input")
    deadline = time.monotonic() + seconds
    while True:
        until(page, f"!{BANNER}", max(1.0, deadline - time.monotonic()))
        if box.input_value() != TEACHER_CODE:
            box.fill(TEACHER_CODE)
        box.press("Enter")
        try:
            until(page, "!document.querySelector('.aton-class-gate')?.offsetParent", 20)
            return
        except AssertionError:
            if time.monotonic() > deadline or not page.evaluate(f"!!{BANNER}"):
                raise  # not a key lost to the banner: the page refused the code, or never answered


def playable(seat: str | None) -> str:
    """True once the page is back in the room (a player: with their cards to choose)."""
    mode = "document.querySelector('.aton-status-line')?.dataset.mode === 'friend'"
    if seat is None:
        return f"(() => !{BANNER} && {mode})()"
    cards = "Array.from(document.querySelectorAll('.aton-assign .aton-card')).filter(b => b.offsetParent).length === 4"
    return f"(() => !{BANNER} && {mode} && {cards})()"


def test_a_killed_server_is_said_and_the_pages_come_back(server: Server, browser: Any) -> None:
    errors: list[str] = []  # the pages' own errors while their server is dead are expected: not checked
    store = rooms.open_store(server.store_url)
    try:
        code = store.create(seed=31)
        keys = {seat: store.join(code, seat, nickname=name) for seat, name in ((aton.RED, "Ana"), (aton.BLUE, "Dan"))}
    finally:
        store.dispose()
    pages: dict[str | None, Any] = {}
    for seat, query in ((aton.RED, ""), (aton.BLUE, "?lang=fr"), (None, f"?room={code}&watch=1")):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        if seat is not None:
            saved = json.dumps({"code": code, "token": keys[seat]})
            context.add_init_script(f"window.localStorage.setItem('aton-room', {json.dumps(saved)});")
        dash = DashboardPage(local_page(context, errors, 60_000), server.base + "/" + query).open()
        dash.wait_status(mode="friend")
        pages[None if seat is None else seat.label] = dash.page
    for seat, page in pages.items():
        until(page, playable(seat), 60)
        until(page, "!!document.querySelector('.aton-beat [data-beat]')", 30)
    assert "watch=1" in pages[None].url and code in pages[None].url
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    open_class(teacher, f"{server.base}/class?lang=fr")
    send_code(teacher)
    until(teacher, f"!!document.querySelector('.aton-class-table [data-code=\"{code}\"]')", 60)
    until(teacher, "!!document.querySelector('.aton-beat [data-beat]')", 30)
    # the page shows itself in French (the language its address asks for) before the server dies
    until(teacher, f"document.querySelector('h1')?.textContent === {json.dumps(class_words('title', 'fr'))}", 60)

    killed = time.monotonic()
    server.kill()
    for page in [*pages.values(), teacher]:
        until(page, f"!!{BANNER}", 30)
    said_all = time.monotonic() - killed
    assert "connexion au serveur est perdue" in teacher.evaluate(f"{BANNER}.textContent")
    assert teacher.evaluate(INERT), "the class page still takes clicks"
    for seat, page in pages.items():
        text = page.evaluate(f"{BANNER}.textContent")
        words = "connexion au serveur est perdue" if seat == "blue" else "connection to the server is lost"
        assert words in text, text
        assert page.evaluate(INERT), "moves are still possible"
        assert page.evaluate(f"{BANNER}.getAttribute('role')") == "alert"
    print(f"server killed -> every page says so: {said_all:.2f} s")
    assert said_all < SAID_WITHIN

    started = time.monotonic()
    server.start()
    up = time.monotonic() - started
    back = {seat: until(page, playable(seat), 180) for seat, page in pages.items()}
    # the teacher's page is open again without the code typed again (kept for the tab's session)
    until(teacher, f"!{BANNER} && !!document.querySelector('.aton-class-table [data-code=\"{code}\"]')", 180)
    assert teacher.locator(".aton-class-gate").is_hidden()
    again = time.monotonic() - started
    print(f"server back (up after {up:.2f} s) -> every page playable again, no manual reload: {again:.2f} s")
    # the seats and the room were kept: a move goes through and the other pages see it
    red, blue = DashboardPage(pages["red"], ""), DashboardPage(pages["blue"], "")
    red.assign(sorted(red.hand(), reverse=True))
    blue.wait_status(to_act="blue")
    DashboardPage(pages[None], "").wait_status(to_act="blue")
    assert back
    for page in [*pages.values(), teacher]:
        page.context.close()


def test_a_stalled_server_is_said_and_the_pages_go_on_without_a_reload(server: Server, browser: Any) -> None:
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    player = DashboardPage(local_page(context, errors, 60_000), server.base + "/?lang=fr").open()
    teacher = local_page(browser.new_context(viewport={"width": 1280, "height": 900}), errors, 60_000)
    open_class(teacher, f"{server.base}/class")
    for page in (player.page, teacher):
        until(page, "!!document.querySelector('.aton-beat [data-beat]')", 60)
        page.evaluate("window.atonSameDocument = true")  # gone if the page reloads

    server.signal(signal.SIGSTOP)
    try:
        for page in (player.page, teacher):
            until(page, f"!!{BANNER}", 30)
        assert "connexion au serveur est perdue" in player.page.evaluate(f"{BANNER}.textContent")
        assert "connection to the server is lost" in teacher.evaluate(f"{BANNER}.textContent")
        assert player.page.evaluate(INERT) and teacher.evaluate(INERT)
    finally:
        server.signal(signal.SIGCONT)
    stalled = time.monotonic()
    for page in (player.page, teacher):
        until(page, f"!{BANNER} && !document.body.classList.contains('aton-offline')", 60)
    print(f"server answers again -> banners gone, no reload: {time.monotonic() - stalled:.2f} s")
    for page in (player.page, teacher):
        assert page.evaluate("window.atonSameDocument === true"), "the page was reloaded"
        assert not page.evaluate(INERT)
    # what was typed is not lost: still in the box, or already sent (the box lost the focus when the page went
    # inert, which sends the code), and then the class opens without the code typed again
    gate = "document.querySelector('.aton-class-gate')?.offsetParent"
    box = "document.querySelector('.aton-class-code input')"
    until(teacher, f"!{gate} || {box}.value === {json.dumps(TEACHER_CODE)}", 60)
    if teacher.evaluate(f"!!{gate}"):
        send_code(teacher)
    until(teacher, "!!document.querySelector('.aton-class-tables')?.offsetParent", 60)
    player.assign(sorted(player.hand(), reverse=True))  # the game goes on
    assert not errors, errors
    for page in (player.page, teacher):
        page.context.close()
