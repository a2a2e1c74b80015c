"""The teacher's view of learning on /class through Voila: learners' answers written into the record (with
``LearningStore.record``, as a page does) show in the grid, in English and French; the time from an answer
to the grid, measured over 50 answers of 25 learners writing at once; a learner's answers; the CSV download;
erasing asked first; a phone's width; axe-core.

The load is light clients: 25 threads of this test process, each a learner calling ``LearningStore.record``
on the server's store (SQLite in a temporary folder) at the same time, two answers each, a random 0-1.5 s
apart.  An answer's time runs from the moment ``record`` returned (the answer is committed) to the moment
the teacher's page shows its cell changed, read in the page every 50 ms (both clocks are this machine's).
"""

from __future__ import annotations

import csv
import io
import json
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from test_class_page import CODE, new_page, served, type_code
from test_dashboard_axe import RUN_AXE_JS, SERIOUS, axe_source

from aton.apps.classroom.learning import RULE_IDS
from aton.rooms import LearningStore
from aton.teaching.mastery import Attempt

__all__ = ["axe_source", "served"]  # fixtures used here

pytestmark = pytest.mark.browser

SHOTS = Path(tempfile.gettempdir())
LEARNERS = 25
GRID = ".aton-learning-grid"
WAIT = 60_000  # ms: the machine is shared and loaded

WATCH_JS = """() => {
  window.atonSeen = {};
  setInterval(() => {
    for (const cell of document.querySelectorAll('.aton-learning-table td[data-state]')) {
      if (cell.dataset.state === 'not seen') continue;
      const key = cell.closest('tr').dataset.learner + '/' + cell.dataset.rule;
      if (!(key in window.atonSeen)) window.atonSeen[key] = Date.now() / 1000;
    }
  }, 50);
}"""


def answer(store: LearningStore, key: str, rule: str, case: str, correct: bool, mistake: str | None = None) -> float:
    """Record one answer as a page would; returns when it was committed."""
    store.record(
        key,
        Attempt(rule=rule, question=f"{rule}-q", case=case, correct=correct, mistake=mistake, answer_type="number"),
    )
    return time.time()


def serious_violations(page: Any, source: str) -> list[str]:
    page.add_script_tag(content=source)
    return [
        f"{violation['id']}: {node}"
        for violation in page.evaluate(RUN_AXE_JS)
        if violation["impact"] in SERIOUS
        for node in violation["nodes"]
    ]


def test_the_grid_follows_the_learners_answers(served: tuple[str, str], browser: Any, axe_source: str) -> None:
    base, store_url = served
    store = LearningStore(store_url)
    errors: list[str] = []
    try:
        page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
        page.set_default_timeout(WAIT)
        page.goto(f"{base}/class")
        page.wait_for_selector(".aton-class-code input")
        type_code(page, CODE)
        page.wait_for_selector(".aton-learning h2")
        page.wait_for_function("document.querySelector('.aton-learning').innerText.includes('No learner')")
        keys = [store.register(f"Learner {number:02d}") for number in range(LEARNERS)]
        page.wait_for_function(
            f"document.querySelectorAll('.aton-learning-table tbody tr').length === {LEARNERS}", timeout=WAIT
        )
        ids = {
            key: int(
                page.get_attribute(f'.aton-learning-table tr:has(th:text-is("Learner {number:02d}"))', "data-learner")
            )
            for number, key in enumerate(keys)
        }
        page.evaluate(WATCH_JS)

        # 25 learners answer at once, two answers each: 50 answers, each a cell that turns from "not seen"
        committed: dict[str, float] = {}
        lock = threading.Lock()

        def learner(index: int, key: str) -> None:
            generator = random.Random(index)
            for rule in (RULE_IDS[index % len(RULE_IDS)], RULE_IDS[(index + 7) % len(RULE_IDS)]):
                time.sleep(generator.uniform(0.0, 1.5))
                wrong = index % 3 == 0
                done = answer(store, key, rule, f"c{index}", not wrong, "not-doubled" if wrong else None)
                with lock:
                    committed[f"{ids[key]}/{rule}"] = done

        threads = [threading.Thread(target=learner, args=(index, key)) for index, key in enumerate(keys)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(committed) == 2 * LEARNERS
        page.wait_for_function(f"Object.keys(window.atonSeen).length >= {2 * LEARNERS}", timeout=WAIT, polling=200)
        seen = page.evaluate("window.atonSeen")
        delays = sorted(max(0.0, seen[cell] - moment) for cell, moment in committed.items())
        median = statistics.median(delays)
        p95 = delays[round(0.95 * (len(delays) - 1))]
        figures = {"answers": len(delays), "learners": LEARNERS, "median_s": round(median, 3), "p95_s": round(p95, 3),
                   "max_s": round(delays[-1], 3)}  # fmt: skip
        (SHOTS / "aton-class-grid-latency.json").write_text(json.dumps(figures))
        print("answer -> teacher's grid:", json.dumps(figures))
        assert median <= 2.0, f"an answer took {median:.2f} s (median) to show in the grid: {figures}"

        # the grid's words, the common mistake in words, and axe
        text = page.inner_text(".aton-learning")
        assert "practising" in text and "You forgot to double the difference." in text
        page.screenshot(path=str(SHOTS / "classlearning-en.png"), full_page=True)
        violations = serious_violations(page, axe_source)
        assert not violations, violations

        # a learner's answers, by keyboard
        button = page.locator(".aton-learning-learner", has_text="Learner 00")
        button.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(".aton-learning-attempts table")
        assert f"{RULE_IDS[0]}-q" in page.inner_text(".aton-learning-attempts")
        assert "wrong" in page.inner_text(".aton-learning-attempts")

        # French: the words change, and a new answer still shows within moments
        page.locator(".aton-language button", has_text="Français").click()
        page.wait_for_function("document.querySelector('.aton-learning h2').innerText.includes('Ce que la classe')")
        page.wait_for_function("document.querySelector('.aton-learning-grid').innerText.includes('en cours')")
        rule = RULE_IDS[3]
        done = answer(store, keys[1], rule, "fr", True)
        page.wait_for_function(
            "([id, rule]) => !!window.atonSeen[id + '/' + rule]", arg=[ids[keys[1]], rule], timeout=WAIT
        )
        french_delay = page.evaluate("([id, rule]) => window.atonSeen[id + '/' + rule]", [ids[keys[1]], rule]) - done
        print(f"one answer -> the French grid: {french_delay:.2f} s")
        assert "Réponses de Learner 00" in page.inner_text(".aton-learning")
        violations = serious_violations(page, axe_source)
        assert not violations, violations

        # the CSV holds the attempts
        with page.expect_download() as caught:
            page.locator(".aton-learning-download").click()
        download = caught.value
        assert download.suggested_filename == "answers.csv"
        lines = list(csv.DictReader(io.StringIO(Path(download.path()).read_text(encoding="utf-8"))))
        assert len(lines) == 2 * LEARNERS + 1
        assert {line["nickname"] for line in lines} == {f"Learner {number:02d}" for number in range(LEARNERS)}
        assert sum(line["first_try"] == "wrong" for line in lines) == 2 * len(range(0, LEARNERS, 3))

        # erasing asks first
        page.locator(".aton-learning-erase").click()
        page.wait_for_function("document.querySelector('.aton-learning').innerText.includes('Effacer toutes')")
        page.locator(".aton-learning-erase-no").click()
        page.wait_for_timeout(500)
        assert len(store.attempts(keys[0])) == 2
        page.locator(".aton-learning-erase").click()
        page.locator(".aton-learning-erase-yes").click()
        page.wait_for_function("document.querySelector('.aton-learning').innerText.includes('Aucun élève')")
        page.wait_for_function("document.querySelector('.aton-learning').innerText.includes('51 réponses effacées.')")
        page.context.close()

        # a phone: the grid scrolls sideways inside its own box, the page does not; axe again
        later = [store.register(f"Phone {number}") for number in range(3)]
        for number, key in enumerate(later):
            answer(store, key, RULE_IDS[number], "p", True)
        phone = new_page(browser, errors, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        phone.set_default_timeout(WAIT)
        phone.goto(f"{base}/class")
        phone.wait_for_selector(".aton-class-code input")
        type_code(phone, CODE)
        phone.wait_for_selector(".aton-learning h2")
        for number, key in enumerate(later):  # answers after this page's lesson start
            answer(store, key, RULE_IDS[number + 5], "q", True)
        phone.wait_for_function("document.querySelectorAll('.aton-learning-table tbody tr').length === 3")
        phone.locator(".aton-learning-learner", has_text="Phone 1").tap()
        phone.wait_for_selector(".aton-learning-attempts table")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide at 390 px"
        inner = phone.evaluate(
            f"(() => {{ const b = document.querySelector('{GRID}'); return [b.scrollWidth, b.clientWidth]; }})()"
        )
        assert inner[0] > inner[1], f"the grid does not scroll inside its box: {inner}"
        phone.screenshot(path=str(SHOTS / "classlearning-phone.png"), full_page=True)
        violations = serious_violations(phone, axe_source)
        assert not violations, violations
        phone.context.close()
    finally:
        store.dispose()
    assert not errors, f"the page raised errors: {errors}"
