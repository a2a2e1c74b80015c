"""The static site in a class: several students open the self-hosted build at once, on a school network that
lets nothing else out, then on one whose filter answers Pyodide's files with a block page.

Each student is a browser context of its own (its own cache and storage, as its own computer would have), all
opened together; every request to another host than the site's is refused and counted (none may be made).
``ATON_SITE_CLASS`` sets the number of students (3 by default).  The test prints, per student: the seconds from
opening tutorial 01 to its Python ready (the loading line gone once the kernel is idle), then from opening the
dashboard to its board drawn, the bytes each downloaded and any file fetched more than once; and with the block
page, the seconds to the message naming the file and the host.  ``ATON_SITE_BUILT`` names a test build made
already (see ``test_site.py``); else the test builds one (``--pyodide local --test-hooks``).
"""

from __future__ import annotations

import collections
import os
import re
import statistics
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_site import BLOCK_PAGE, BLOCKED_FILE, FAILURE_SECONDS, START_TIMEOUT, Served, built_site

from aton.serving.launch import CHROMIUM_FLAGS

pytestmark = pytest.mark.browser

TUTORIAL = "notebooks/index.html?path=tutorials/01-the-board.ipynb"
DASHBOARD = "voici/render/aton.html"
WATCH = """(() => {
  window.__atonLine = null;
  let seen = false;
  const watch = setInterval(() => {
    const box = document.querySelector('#aton-site-progress');
    if (box) {
      seen = true;
      if (box.dataset.step !== 'failed') return;
      window.__atonLine = {state: 'failed', at: performance.now()};
    } else if (seen) {
      window.__atonLine = {state: 'gone', at: performance.now()};
    } else {
      return;
    }
    clearInterval(watch);
  }, 100);
})();"""
"""Notes in the page when its loading line went (Python ready, the board drawn) or failed (its message shown),
in milliseconds since the page began to open (the page's own clock: a busy test process cannot delay it)."""


def class_size() -> int:
    """How many students the test seats (``ATON_SITE_CLASS``, default 3)."""
    text = os.environ.get("ATON_SITE_CLASS", "3").strip() or "3"
    if not text.isdigit() or not 1 <= int(text) <= 40:
        pytest.fail(f"ATON_SITE_CLASS is a number of students from 1 to 40, not {text!r}")
    return int(text)


@pytest.fixture(scope="module")
def class_site(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, Path]]:
    """The self-hosted build, served on loopback as a school's server would serve it: its address, its folder and
    the server's log (each answer with the bytes sent)."""
    site = built_site(tmp_path_factory, "class-site")
    server = Served(site, tmp_path_factory.mktemp("class-log") / "server.log")
    try:
        yield server.url, site, server.log
    finally:
        server.stop()


def served_since(log: Path, start: int) -> tuple[int, collections.Counter[str]]:
    """The bytes the server sent in its ``200`` answers logged after character ``start`` of its log, and how
    many times each file was sent."""
    text = log.read_text(encoding="utf-8", errors="replace")[start:]
    sent = 0
    files: collections.Counter[str] = collections.Counter()
    for path, length in re.findall(r'"GET (\S+) HTTP/[\d.]+" 200 (\d+)', text):
        sent += int(length)
        files[path.split("?")[0]] += 1
    return sent, files


SCHOOL_NETWORK = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""A network that reaches the school's server only: every other host name is unknown.  (The browser blocks
them itself: a test's routes would turn the browser's cache off, and every file would come twice.)"""


@pytest.fixture(scope="module")
def school_browser(browser: Any, chromium_path: str) -> Iterator[Any]:
    """A Chromium on the school's network (:data:`SCHOOL_NETWORK`)."""
    launched = browser.browser_type.launch(executable_path=chromium_path, args=[*CHROMIUM_FLAGS, SCHOOL_NETWORK])
    try:
        yield launched
    finally:
        launched.close()


class Student:
    """One student's browser: a context of its own (its own cache and storage), whose requests to other hosts
    than the site's are counted (they fail: the school's network knows no other host)."""

    def __init__(self, browser: Any, site_url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 720})
        self.host = urllib.parse.urlsplit(site_url).netloc
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", self._request)
        self.context.add_init_script(WATCH)

    def _request(self, request: Any) -> None:
        url = request.url
        if urllib.parse.urlsplit(url).netloc != self.host and not url.startswith(("data:", "blob:")):
            self.foreign.append(url)

    def open(self, url: str) -> Any:
        page = self.context.new_page()
        page.set_default_timeout(60_000)
        page.on("pageerror", lambda error: self.errors.append(str(error)[:300]))
        page.goto(url, wait_until="commit")
        return page


def wait_all(pages: list[Any], want: str, limit_s: float) -> list[float]:
    """Seconds from each page's opening until its loading line reached ``want`` (``gone`` or ``failed``)."""
    times: list[float | None] = [None] * len(pages)
    deadline = time.perf_counter() + limit_s
    while None in times:
        for index, page in enumerate(pages):
            if times[index] is not None:
                continue
            line = page.evaluate("() => window.__atonLine || null")
            if line is None:
                continue
            if line["state"] != want:
                pytest.fail(f"page {index + 1} ({page.url}): the loading line is {line['state']}, expected {want}")
            times[index] = line["at"] / 1000
        if time.perf_counter() > deadline:
            pytest.fail(f"{times.count(None)} of {len(pages)} pages not {want} after {limit_s:.0f} s: {times}")
        pages[0].wait_for_timeout(250)
    return [float(t) for t in times if t is not None]


def spread(seconds: list[float]) -> str:
    return f"median {statistics.median(seconds):.1f} s, {min(seconds):.1f}-{max(seconds):.1f} s"


def per_student(sent: int, files: collections.Counter[str], size: int) -> str:
    """What the server sent per student, and the files sent more often than once per student."""
    more = sorted(path for path, count in files.items() if count > size)
    said = f"{sent / size / 1e6:.1f} MB in {sum(files.values()) / size:.0f} files per student"
    return said + (f"; sent more than once per student: {', '.join(more)}" if more else "; no file sent twice")


def test_a_class_opens_tutorial_01_then_the_dashboard_on_the_self_hosted_site(
    school_browser: Any, class_site: tuple[str, Path, Path]
) -> None:
    """Every student opens tutorial 01 at once, then the dashboard at once (as the lesson plan goes)."""
    url, _site, log = class_site
    size = class_size()
    students = [Student(school_browser, url) for _ in range(size)]
    try:
        mark = len(log.read_text(encoding="utf-8", errors="replace"))
        tutorials = [student.open(f"{url}/{TUTORIAL}") for student in students]
        ready = wait_all(tutorials, "gone", START_TIMEOUT / 1000)
        for page in tutorials:
            page.close()
        tutorial_sent = served_since(log, mark)
        mark = len(log.read_text(encoding="utf-8", errors="replace"))
        dashboards = [student.open(f"{url}/{DASHBOARD}") for student in students]
        drawn = wait_all(dashboards, "gone", START_TIMEOUT / 1000)
        for page in dashboards:
            assert page.locator(".aton-dashboard canvas").count() >= 1
        dashboard_sent = served_since(log, mark)
        print(f"\n{size} students, self-hosted build, every other host blocked (load {os.getloadavg()[0]:.1f})")
        print(f"  tutorial 01, open to Python ready: {spread(ready)} ({', '.join(f'{t:.1f}' for t in ready)})")
        print(f"  then the dashboard, open to board drawn: {spread(drawn)} ({', '.join(f'{t:.1f}' for t in drawn)})")
        print(f"  tutorial 01: {per_student(*tutorial_sent, size)}")
        print(f"  then the dashboard: {per_student(*dashboard_sent, size)}")
        assert all(not student.foreign for student in students), [s.foreign for s in students]
        assert all(not student.errors for student in students), [s.errors for s in students]
        assert tutorial_sent[0] / size > 1e6  # each student really downloaded Python
    finally:
        for student in students:
            student.context.close()


def test_a_class_behind_a_block_page_is_told_at_once_on_tutorial_01_and_the_dashboard(
    school_browser: Any, class_site: tuple[str, Path, Path]
) -> None:
    """A filter answers Pyodide's WebAssembly with its own page (200, text/html): every student's tutorial and
    dashboard name the file and the host within seconds, all students at once.  (The block page is the test's
    route, which turns the browser's cache off: no matter here.)"""
    url = class_site[0]
    size = class_size()
    students = [Student(school_browser, url) for _ in range(size)]
    host = urllib.parse.urlsplit(url).netloc
    for student in students:
        student.context.route(
            f"**/{BLOCKED_FILE}",
            lambda route: route.fulfill(status=200, content_type="text/html", body=BLOCK_PAGE),
        )
    try:
        pages = [student.open(f"{url}/{where}") for student in students for where in (TUTORIAL, DASHBOARD)]
        told = wait_all(pages, "failed", FAILURE_SECONDS * 3)
        print(f"\n{size} students behind a block page: open to the message, tutorial 01 and dashboard: {spread(told)}")
        for page in pages:
            english = page.locator('#aton-site-progress [lang="en"]').inner_text()
            assert f"The file pyodide.asm.wasm did not arrive from {host}" in english, english
            assert "what came is a web page, not the file" in english
            assert "Le fichier pyodide.asm.wasm" in page.locator('#aton-site-progress [lang="fr"]').inner_text()
        assert max(told) < FAILURE_SECONDS, told
        assert all(not student.foreign for student in students)
    finally:
        for student in students:
            student.context.close()


def test_the_class_size_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATON_SITE_CLASS", "5")
    assert class_size() == 5
    monkeypatch.setenv("ATON_SITE_CLASS", "")
    assert class_size() == 3
