"""The static site's Practise page and the learner's rules on its front page, in a real browser.

The Practise page (``voici/render/practise.html``) runs in the browser like the dashboard, its record kept in the
browser (``aton-record``) as the tutorials keep it: its loading line, the first case dealt from that record, an
answer kept there, the next case following it, the page's language from ``?lang=`` and then the one kept.  The
front page (``index.html``) runs no Python: it shows the rules the pages read from that record, in each
language's section, and says where to see them when the record changed since.  The test build is the one of
``test_site.py`` (``ATON_SITE_BUILT`` names one made already; else one is built, which takes minutes).
Screenshots go to ``$ATON_SHOTS`` when it names a folder.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from test_dashboard_axe import RUN_AXE_JS, SERIOUS, axe_source
from test_site import RECORD_STEPS, START_TIMEOUT, Served, built_site, local_only

from aton.apps.learner.practise import ALL_TUTORIALS, case_of
from aton.apps.learner.rules import rules_report
from aton.i18n import gtext
from aton.teaching.mastery import Attempt, next_rule, trace
from aton.teaching.record import LearnerRecord
from aton.teaching.syllabus import rule_title

__all__ = ["axe_source"]  # a fixture used here

pytestmark = pytest.mark.browser

WAIT = 60_000
PRACTISE = "voici/render/practise.html"
STORED = "() => window.localStorage.getItem('aton-record')"
KEPT_RULES = "() => window.localStorage.getItem('aton-record-rules')"


@pytest.fixture(scope="module")
def practise_site(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The test build, served on loopback; yield its URL."""
    site = built_site(tmp_path_factory, "practise-site")
    server = Served(site, tmp_path_factory.mktemp("practise-log") / "server.log")
    try:
        yield server.url
    finally:
        server.stop()


TALLEST = """() => Math.max(document.documentElement.scrollHeight,
  ...Array.from(document.querySelectorAll('*'), (e) => (/(auto|scroll)/.test(getComputedStyle(e).overflowY)
    ? e.scrollHeight + e.getBoundingClientRect().top : 0)))"""
"""The height the page's content takes, its own scrolling panels included (Voici scrolls a panel, not the page)."""


def _shot(page: Any, name: str) -> None:
    """The whole page at its width: the window made as tall as the content for the shot, then put back."""
    folder = os.environ.get("ATON_SHOTS", "")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        size = page.viewport_size
        tallest = int(page.evaluate(TALLEST))
        if tallest > size["height"]:
            page.set_viewport_size({"width": size["width"], "height": tallest})
        page.screenshot(path=str(Path(folder) / name), full_page=True)
        page.set_viewport_size(size)


def _stored(page: Any) -> LearnerRecord:
    text = page.evaluate(STORED)
    return LearnerRecord() if text is None else LearnerRecord.from_text(text)


def _wait_answers(page: Any, count: int) -> LearnerRecord:
    page.wait_for_function(
        "n => { const t = localStorage.getItem('aton-record'); return !!t && JSON.parse(t).attempts.length === n; }",
        arg=count,
        timeout=WAIT,
    )
    return _stored(page)


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def _serious(page: Any, source: str) -> list[str]:
    page.add_script_tag(content=source)
    return [
        f"{violation['id']}: {node}"
        for violation in page.evaluate(RUN_AXE_JS)
        if violation["impact"] in SERIOUS
        for node in violation["nodes"]
    ]


def _summary(record: LearnerRecord, lang: str) -> str:
    return str(rules_report(trace(record.attempts), lang)["summary"])


def test_the_static_practise_page_deals_from_the_browsers_record_and_the_front_page_shows_the_rules(
    browser: Any, practise_site: str, axe_source: str
) -> None:
    site = practise_site
    first = next_rule(trace([]), ALL_TUTORIALS, 0.0)  # a browser that keeps no record: the first rule not seen
    assert first is not None
    one, two = case_of(first.rule, 1), case_of(first.rule, 2)
    assert one is not None and two is not None
    wrong = next(label for label, value in one.option_labels("fr") if value != one.answer)
    problems: list[str] = []
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    local_only(page, problems)
    page.add_init_script(RECORD_STEPS)
    try:
        # the page opens in French (?lang=fr), with the site's loading line until the Practise button is there
        page.goto(f"{site}/{PRACTISE}?lang=fr")
        assert page.locator("#aton-site-progress").count() == 1
        page.locator(".aton-practise-title", has_text="S'entraîner").wait_for(timeout=START_TIMEOUT)
        page.wait_for_selector("#aton-site-progress", state="detached", timeout=START_TIMEOUT)
        steps = page.evaluate("() => window.__atonSteps")
        assert steps[0] == "download" and steps[-1] == "page", steps  # "Opening the page", not the board
        # the first case comes without a press, once the page has read the browser's record (none yet)
        case = page.locator(".aton-learner-case .aton-exercise")
        case.wait_for(timeout=WAIT)
        said = gtext("fr", "learner", "Not yet seen: {rule}", rule=rule_title(first.rule, "fr"))
        page.locator(".aton-learner-practise ~ *", has_text=said).wait_for(timeout=WAIT)
        assert one.prompt("fr")[:40] in case.inner_text()
        assert page.locator(".aton-record-download", has_text="Télécharger mon relevé").is_visible()
        case.locator(".aton-exercise-answer select").select_option(label=wrong)
        case.locator(".aton-exercise-check").tap()
        page.wait_for_selector(".aton-learner-case .aton-exercise-feedback.aton-exercise-wrong", timeout=WAIT)
        record = _wait_answers(page, 1)
        assert [(a.rule, a.correct, a.source) for a in record.attempts] == [(first.rule, False, "practice")]
        # the rules read from that record are kept beside it, for the front page
        page.wait_for_function(
            "() => { const r = localStorage.getItem('aton-record-rules'), t = localStorage.getItem('aton-record');"
            " return !!r && !!t && JSON.parse(r).check === JSON.parse(t).check; }",
            timeout=WAIT,
        )
        page.locator(".aton-learner-rules", has_text="1 en cours").wait_for(timeout=WAIT)
        _no_sideways_scroll(page)
        _shot(page, "site-practise-phone-fr.png")

        # the keyboard deals the next case: the rule just missed, with why; a right answer this time
        page.locator(".aton-learner-practise").focus()
        page.keyboard.press("Enter")
        said = gtext("fr", "learner", "Missed lately: {rule}", rule=rule_title(first.rule, "fr"))
        page.locator(".aton-learner-practise ~ *", has_text=said).wait_for(timeout=WAIT)
        page.wait_for_function(
            "text => document.querySelector('.aton-learner-case .aton-exercise').innerText.includes(text)",
            arg=two.prompt("fr")[:40],
            timeout=WAIT,
        )
        case.locator(".aton-exercise-answer select").select_option(label=two.answer_label("fr"))
        case.locator(".aton-exercise-check").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(".aton-learner-case .aton-exercise-feedback.aton-exercise-right", timeout=WAIT)
        record = _wait_answers(page, 2)
        assert [(a.rule, a.correct) for a in record.attempts] == [(first.rule, False), (first.rule, True)]
        assert not _serious(page, axe_source)

        # the kept language: the page again without ?lang= speaks French, and ?lang=en switches it
        page.goto(f"{site}/{PRACTISE}")
        page.locator(".aton-practise-title", has_text="S'entraîner").wait_for(timeout=START_TIMEOUT)
        page.locator(".aton-learner-case .aton-exercise").wait_for(timeout=WAIT)  # dealt from the kept record
        page.goto(f"{site}/{PRACTISE}?lang=en")
        page.locator(".aton-practise-title", has_text="Practise").wait_for(timeout=START_TIMEOUT)
        page.locator(".aton-learner-rules", has_text=_summary(record, "en").split(": ", 1)[1]).wait_for(timeout=WAIT)
        assert len(_stored(page).attempts) == 2  # nothing lost over the reloads
        lead = page.locator(".aton-practise-lead a")
        assert lead.get_attribute("href") == "../../index.html" and "Back to the tutorials" in lead.inner_text()

        # the front page: the learner's rules in each language's section, from the record this browser keeps
        lead.tap()
        page.wait_for_url(f"{site}/index.html")
        for lang in ("en", "fr"):
            box = page.locator(f'body > section[lang="{lang}"] .aton-learner-rules')
            box.locator("summary", has_text=_summary(record, lang)).wait_for(timeout=WAIT)
            link = page.locator(f'body > section[lang="{lang}"] a[href="{PRACTISE}?lang={lang}"]')
            assert link.is_visible()
        english = page.locator('body > section[lang="en"] .aton-learner-rules')
        english.locator("summary").tap()
        practising = english.locator('section[data-state="practising"]')
        practising.wait_for(timeout=WAIT)
        assert rule_title(first.rule, "en") in practising.inner_text()
        assert "Not yet seen (" in english.inner_text()
        _no_sideways_scroll(page)
        _shot(page, "site-front-rules-phone.png")
        assert not _serious(page, axe_source)

        # a record changed since the pages read it (here: an answer added by hand): not shown as it was, but
        # said where to see the rules; the Practise page reads it and keeps its rules, which the front page shows
        changed = LearnerRecord.from_text(page.evaluate(STORED))
        changed.add(Attempt(rule="cartouche1", question="q", case="c9", correct=True, answer_type="number"), 2.0e9)
        page.evaluate("text => localStorage.setItem('aton-record', text)", changed.to_text())
        page.reload()
        for lang, words in (("en", "open the Practise page or a tutorial"), ("fr", "ouvrez la page S'entraîner")):
            box = page.locator(f'body > section[lang="{lang}"] .aton-learner-rules')
            box.wait_for(state="visible", timeout=WAIT)
            assert words in unescape(box.inner_text()), box.inner_text()
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(f"{site}/{PRACTISE}?lang=en")
        page.locator(".aton-learner-case .aton-exercise").wait_for(timeout=START_TIMEOUT)
        page.wait_for_function(
            "() => { const r = localStorage.getItem('aton-record-rules'), t = localStorage.getItem('aton-record');"
            " return !!r && !!t && JSON.parse(r).check === JSON.parse(t).check; }",
            timeout=WAIT,
        )
        _no_sideways_scroll(page)
        _shot(page, "site-practise-laptop-en.png")
        page.goto(f"{site}/index.html")
        french = page.locator('body > section[lang="fr"] .aton-learner-rules')
        french.locator("summary", has_text=_summary(changed, "fr")).wait_for(timeout=WAIT)
        french.locator("summary").click()
        french.locator('section[data-state="practising"]').wait_for(timeout=WAIT)
        assert json.loads(page.evaluate(KEPT_RULES))["check"] == changed.check()
        _no_sideways_scroll(page)
        _shot(page, "site-front-rules-laptop.png")
        assert not problems, "\n".join(problems)
    finally:
        context.close()


def test_the_front_page_of_a_browser_without_a_record_shows_no_rules(browser: Any, practise_site: str) -> None:
    problems: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    local_only(page, problems)
    try:
        page.goto(f"{practise_site}/index.html", wait_until="load")
        assert page.locator(".aton-learner-rules").count() == 2
        page.wait_for_function("() => document.readyState === 'complete'")
        assert all(box.is_hidden() for box in page.locator(".aton-learner-rules").all())
        assert not problems, "\n".join(problems)
    finally:
        context.close()
