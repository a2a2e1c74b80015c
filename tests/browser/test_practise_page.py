"""The Practise page (``/practise``) of a class server and the learner's rules on the front page (``/home``):
a nickname asked once, the next case for the rule the learner most needs dealt and recorded, both languages,
the keyboard, a phone's width.  Screenshots go to ``$ATON_SHOTS`` when it names a folder."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import dashboard_server
from dashboard_page import local_page
from test_dashboard_axe import RUN_AXE_JS, SERIOUS, axe_source

from aton.apps.learner.practise import ALL_TUTORIALS, case_of
from aton.rooms import LearningStore
from aton.teaching.mastery import next_rule, trace
from aton.teaching.syllabus import rule_title

__all__ = ["axe_source"]  # a fixture used here

pytestmark = pytest.mark.browser

PAGE_TIMEOUT = 180_000
WAIT = 60_000


@pytest.fixture(scope="module")
def class_server(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server as ``./run dashboard --class 2`` starts it (``ATON_CLASS``), with a store of its own."""
    folder = tmp_path_factory.mktemp("practise")
    store_url = f"sqlite:///{folder / 'rooms.db'}"
    with dashboard_server(folder, {"ATON_ROOMS": store_url, "ATON_CLASS": "2"}) as base:
        yield base, store_url


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("ATON_SHOTS", "")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def _recorded(store: LearningStore, count: int) -> list[Any]:
    deadline = time.monotonic() + WAIT / 1000
    while True:
        learners = store.learners()
        rows = [] if not learners else store.attempts_of(learners[0].id)
        if len(rows) >= count or time.monotonic() > deadline:
            return rows
        time.sleep(0.2)


def _serious(page: Any, source: str) -> list[str]:
    page.add_script_tag(content=source)
    return [
        f"{violation['id']}: {node}"
        for violation in page.evaluate(RUN_AXE_JS)
        if violation["impact"] in SERIOUS
        for node in violation["nodes"]
    ]


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def test_the_practise_page_deals_the_rule_most_needed_and_home_shows_the_learners_rules(
    browser: Any, class_server: tuple[str, str], axe_source: str
) -> None:
    base, store_url = class_server
    first = next_rule(trace([]), ALL_TUTORIALS, 0.0)  # nothing answered: the first rule not yet seen
    assert first is not None
    one, two = case_of(first.rule, 1), case_of(first.rule, 2)
    assert one is not None and two is not None
    wrong = next(label for label, value in one.option_labels("en") if value != one.answer)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    errors: list[str] = []
    page = local_page(context, errors, timeout=WAIT)
    store = LearningStore(store_url)
    try:
        page.goto(f"{base}/practise?lang=en", timeout=PAGE_TIMEOUT)
        page.locator(".aton-practise-title", has_text="Practise").wait_for(timeout=PAGE_TIMEOUT)
        nickname = page.locator(".aton-learner-nickname input")
        nickname.wait_for(state="visible", timeout=PAGE_TIMEOUT)
        nickname.fill("Ada")
        page.locator(".aton-learner-start").tap()
        page.locator(".aton-learner-name", has_text="Learning as Ada").wait_for(timeout=WAIT)
        # the first case comes without a press: the first rule not yet seen
        case = page.locator(".aton-learner-case .aton-exercise")
        case.wait_for(timeout=WAIT)
        page.locator(".aton-learner-practise ~ *", has_text=f"Not yet seen: {rule_title(first.rule, 'en')}").wait_for(
            timeout=WAIT
        )
        assert one.prompt("en")[:40] in case.inner_text()
        case.locator(".aton-exercise-answer select").select_option(label=wrong)
        case.locator(".aton-exercise-check").tap()
        page.wait_for_selector(".aton-learner-case .aton-exercise-feedback.aton-exercise-wrong", timeout=WAIT)
        rows = _recorded(store, 1)
        assert [(a.rule, a.correct, a.source) for a in rows] == [(first.rule, False, "practice")]
        _no_sideways_scroll(page)
        _shot(page, "practise-phone-en.png")

        # the keyboard deals the next case: the rule just missed, with why
        button = page.locator(".aton-learner-practise")
        button.focus()
        page.keyboard.press("Enter")
        page.locator(".aton-learner-practise ~ *", has_text=f"Missed lately: {rule_title(first.rule, 'en')}").wait_for(
            timeout=WAIT
        )
        page.wait_for_function(
            "text => document.querySelector('.aton-learner-case .aton-exercise').innerText.includes(text)",
            arg=two.prompt("en")[:40],
            timeout=WAIT,
        )
        case = page.locator(".aton-learner-case .aton-exercise")
        case.locator(".aton-exercise-answer select").select_option(label=two.answer_label("en"))
        case.locator(".aton-exercise-check").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(".aton-learner-case .aton-exercise-feedback.aton-exercise-right", timeout=WAIT)
        rows = _recorded(store, 2)
        assert [(a.rule, a.correct) for a in rows] == [(first.rule, False), (first.rule, True)]
        assert len({a.case for a in rows}) == 2  # two different cases of the rule

        # a reload in French: the same learner, not asked again, the page in French
        page.goto(f"{base}/practise?lang=fr", timeout=PAGE_TIMEOUT)
        page.locator(".aton-practise-title", has_text="S'entraîner").wait_for(timeout=PAGE_TIMEOUT)
        page.locator(".aton-learner-name", has_text="Vous apprenez sous le pseudo Ada").wait_for(timeout=WAIT)
        assert not page.locator(".aton-learner-nickname input").is_visible()
        page.locator(".aton-learner-case .aton-exercise").wait_for(timeout=WAIT)
        assert [learner.nickname for learner in store.learners()] == ["Ada"]
        _no_sideways_scroll(page)
        _shot(page, "practise-phone-fr.png")
        assert not _serious(page, axe_source)

        # the front page has no kernel: it asks the server for the rules of the key this browser keeps
        page.goto(f"{base}/home?lang=en", timeout=PAGE_TIMEOUT)
        rules = page.locator("section#en .aton-learner-rules")
        rules.locator("summary", has_text="Your rules: 0 mastered, 1 practising").wait_for(timeout=WAIT)
        rules.locator("summary").tap()
        practising = rules.locator('section[data-state="practising"]')
        practising.wait_for(timeout=WAIT)
        assert rule_title(first.rule, "en") in practising.inner_text()
        assert page.locator('section#en a[href="practise"]').is_visible()
        _no_sideways_scroll(page)
        _shot(page, "home-rules-phone-en.png")
        assert not _serious(page, axe_source)
        page.goto(f"{base}/home?lang=fr", timeout=PAGE_TIMEOUT)
        french = page.locator("section#fr .aton-learner-rules summary", has_text="Vos règles : 0 maîtrisée, 1 en cours")
        french.wait_for(timeout=WAIT)
        page.set_viewport_size({"width": 1280, "height": 900})
        french.click()
        page.locator('section#fr .aton-learner-rules section[data-state="practising"]').wait_for(timeout=WAIT)
        _shot(page, "home-rules-laptop-fr.png")
        # another browser with no key, and one with a forged key, see no rules
        other = browser.new_context(viewport={"width": 1280, "height": 900})
        stranger = local_page(other, errors, timeout=WAIT)
        stranger.goto(f"{base}/home?lang=en", timeout=PAGE_TIMEOUT)
        stranger.evaluate("window.localStorage.setItem('aton-learner', 'forged-key-of-nobody-at-all')")
        with stranger.expect_response(lambda response: "learner/rules" in response.url) as answer:
            stranger.reload()
        assert answer.value.status == 404
        assert stranger.locator("section#en .aton-learner-rules").is_hidden()
        other.close()
        assert not errors, errors
    finally:
        store.dispose()
        context.close()
