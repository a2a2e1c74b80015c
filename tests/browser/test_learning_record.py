"""A learner's record from a served tutorial page: a nickname asked once in a class, answers recorded in the
store, the same learner and record after a reload (the store is read directly)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import DASHBOARD, ROOT
from dashboard_page import local_page

from aton.rooms import LearningStore
from aton.serving.launch import SERVER_MODULE, free_port, wait_until_up
from aton.teaching import curriculum

pytestmark = pytest.mark.browser

PAGE_TIMEOUT = 180_000  # the tutorial runs every cell in a fresh kernel on a loaded machine
WAIT = 60_000


@pytest.fixture(scope="module")
def class_server(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server as ``./run dashboard --class 2`` starts it (``ATON_CLASS``), with a store of its own."""
    folder = tmp_path_factory.mktemp("learning")
    store_url = f"sqlite:///{folder / 'rooms.db'}"
    port = free_port()
    with (folder / "voila.log").open("wb") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                SERVER_MODULE,
                DASHBOARD,
                "--no-browser",
                f"--port={port}",
                "--Voila.port_retries=0",
                "--Voila.ip=127.0.0.1",
                "--VoilaExecutor.iopub_timeout=60",
            ],
            cwd=ROOT,
            env={**os.environ, "ATON_ROOMS": store_url, "ATON_CLASS": "2"},
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{base}/voila/static/", process)
        yield base, store_url
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def _answer(exercise: Any, label: str) -> None:
    exercise.locator(".aton-exercise-answer button", has_text=re.compile(f"^{re.escape(label)}$")).first.click()
    exercise.locator(".aton-exercise-check").first.click()


def _verdict(page: Any, exercise: Any, verdict: str) -> None:
    page.wait_for_function(
        "([box, css]) => box.classList.contains(css)",
        arg=[exercise.locator(".aton-exercise-feedback").first.element_handle(), f"aton-exercise-{verdict}"],
        timeout=WAIT,
    )


def _recorded(store: LearningStore, count: int) -> list[Any]:
    deadline = time.monotonic() + WAIT / 1000
    while True:
        learners = store.learners()
        rows = [] if not learners else store.attempts_of(learners[0].id)
        if len(rows) >= count or time.monotonic() > deadline:
            return rows
        time.sleep(0.2)


def test_a_learner_with_a_nickname_answers_reloads_and_keeps_the_record(
    browser: Any, class_server: tuple[str, str]
) -> None:
    base, store_url = class_server
    first, second = curriculum.exercises("01")[:2]
    right_1, right_2 = first.answer_label("en"), second.answer_label("en")
    wrong_2 = next(label for label, value in second.option_labels("en") if value != second.answer)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page = local_page(context, errors, timeout=WAIT)
    store = LearningStore(store_url)
    try:
        page.goto(f"{base}/tutorials/01-the-board.ipynb", timeout=PAGE_TIMEOUT)
        nickname = page.locator(".aton-learner-nickname input")
        nickname.wait_for(state="visible", timeout=PAGE_TIMEOUT)
        nickname.fill("Ada")
        page.locator(".aton-learner-start").click()
        page.locator(".aton-learner-name", has_text="Learning as Ada").wait_for(timeout=WAIT)
        page.wait_for_selector(".aton-exercise .aton-exercise-check", timeout=PAGE_TIMEOUT)
        exercises = page.locator(".aton-exercise-list .aton-exercise")
        one, two = exercises.nth(0), exercises.nth(1)
        one.scroll_into_view_if_needed()
        _answer(one, right_1)
        _verdict(page, one, "right")
        two.scroll_into_view_if_needed()
        _answer(two, wrong_2)
        _verdict(page, two, "wrong")
        _answer(two, right_2)
        _verdict(page, two, "right")
        rows = _recorded(store, 2)
        assert [(a.question, a.rule, a.correct, a.source) for a in rows] == [
            ("square-yellow-or-not", first.rule, True, "exercise"),
            ("square-black", second.rule, False, "exercise"),
        ]
        assert [learner.nickname for learner in store.learners()] == ["Ada"]
        assert page.locator(".aton-record-failed").count() == 0

        page.reload(timeout=PAGE_TIMEOUT)
        page.locator(".aton-learner-name", has_text="Learning as Ada").wait_for(timeout=PAGE_TIMEOUT)
        assert not page.locator(".aton-learner-nickname input").is_visible()  # asked once only
        page.locator(".aton-learner-rules", has_text="2 practising").wait_for(timeout=WAIT)  # the record read again
        page.wait_for_selector(".aton-exercise .aton-exercise-check", timeout=PAGE_TIMEOUT)
        one = page.locator(".aton-exercise-list .aton-exercise").nth(0)
        one.scroll_into_view_if_needed()
        _answer(one, right_1)
        _verdict(page, one, "right")
        page.locator(".aton-learner-practise").click()  # the rule missed last: square-black's rule
        case = page.locator(".aton-learner-case .aton-exercise")
        case.wait_for(timeout=WAIT)
        assert "aton-exercise-check" in case.inner_html()
        rows = _recorded(store, 3)
        assert [learner.nickname for learner in store.learners()] == ["Ada"]  # the same learner
        assert [(a.question, a.correct) for a in rows] == [
            ("square-yellow-or-not", True),
            ("square-black", False),
            ("square-yellow-or-not", True),
        ]
        assert len({a.learner for a in rows}) == 1
        page.goto(f"{base}/home?lang=fr", timeout=PAGE_TIMEOUT)  # the front page has no kernel: the browser tells
        said = page.locator("section#fr .aton-learner-name", has_text="Vous apprenez sous le pseudo Ada")
        said.wait_for(timeout=WAIT)
        assert not errors, errors
    finally:
        store.dispose()
        context.close()
