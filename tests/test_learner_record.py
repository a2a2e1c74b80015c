"""A learner's record as one text (the static site's, kept in the browser and downloaded as a file), and the
page's flow that keeps it there: everything read back is checked, a refused text changes nothing and is kept
aside, two pages of one browser lose none of each other's answers.  No browser, no widget: these run in
Pyodide too (``scripts/pyodide_tests.py``)."""

from __future__ import annotations

import json

import pytest

from aton.apps.learner.here import HereFlow, stored_check
from aton.errors import LearningRecordError
from aton.teaching.mastery import Attempt
from aton.teaching.record import FILE_NAME, MOST_ANSWERS, MOST_CHARACTERS, LearnerRecord

T0 = 1_800_000_000.0


def answer(case: str, correct: bool = True, rule: str = "cartouche1", **more: object) -> Attempt:
    return Attempt(rule=rule, question=f"{rule}-q", case=case, correct=correct, answer_type="number", **more)  # type: ignore[arg-type]


def kept(*attempts: Attempt) -> LearnerRecord:
    record = LearnerRecord()
    for number, attempt in enumerate(attempts):
        record.add(attempt, T0 + number)
    return record


def test_a_record_round_trips_and_tells_mastery_and_the_next_rule() -> None:
    record = kept(answer("c1"), answer("c2"), answer("x", False, rule="order", mistake="forgot_tie"))
    again = LearnerRecord.from_text(record.to_text())
    assert again.attempts == record.attempts and [a.time for a in again.attempts] == [T0, T0 + 1, T0 + 2]
    assert again.mastery()["cartouche1"].state == "mastered"
    assert again.mastery()["order"].state == "practising"
    assert again.next_rule(["01", "02", "03"], T0 + 10) == ("order", "missed")
    assert LearnerRecord.from_text(record.to_text().encode("utf-8")).attempts == record.attempts  # the file's bytes
    assert FILE_NAME == "aton-record.json"


def test_the_page_stamps_the_time_and_refuses_a_malformed_answer_changing_nothing() -> None:
    record = kept(answer("c1"))
    before = record.to_text()
    for bad in (answer("=SUM(A1)"), answer("c", rule="nothing"), answer("c", given_away=1), "an answer"):
        with pytest.raises(LearningRecordError) as refused:
            record.add(bad, T0)  # type: ignore[arg-type]
        assert refused.value.code == "record_bad_answer" and refused.value.text("fr") != refused.value.text("en")
        assert record.to_text() == before
    assert record.add(answer("c2", time=5.0, learner="someone"), T0 + 9).time == T0 + 9  # the page's own clock


def forged(change: object) -> str:
    """A sound record's text after ``change(data)`` edits its JSON (the check left as it was)."""
    data = json.loads(kept(answer("c1"), answer("c2", False)).to_text())
    change(data)  # type: ignore[operator]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "record_not_json"),
        ("{oops", "record_not_json"),
        ("[" * 100 + "]" * 100, "record_not_json"),
        ('{"n": 1' + "0" * 5000 + "}", "record_not_json"),
        (b"\xff\xfe", "record_not_text"),
        (12, "record_not_text"),
        ("x" * (MOST_CHARACTERS + 1), "record_too_large"),
        ("[]", "record_not_a_record"),
        ('{"format": "aton-game", "version": 1, "attempts": [], "check": ""}', "record_not_a_record"),
        (forged(lambda d: d.update(version=2)), "record_version"),
        (forged(lambda d: d.update(version=True)), "record_version"),
        (forged(lambda d: d.update(extra=1)), "record_not_a_record"),
        (forged(lambda d: d.update(attempts={})), "record_not_a_record"),
        (forged(lambda d: d.pop("check")), "record_not_a_record"),
        (forged(lambda d: d["attempts"].append([1, 2])), "record_answer_unreadable"),
        (forged(lambda d: d["attempts"][1].update(secret=1)), "record_answer_unreadable"),
        (forged(lambda d: d["attempts"][1].update(case="=cmd|' /C calc'!A0")), "record_answer_wrong"),
        (forged(lambda d: d["attempts"][1].update(rule="no-such-rule")), "record_answer_wrong"),
        (forged(lambda d: d["attempts"][1].update(time=-1)), "record_answer_wrong"),
        (forged(lambda d: d["attempts"][1].update(learner="7")), "record_answer_wrong"),
        (forged(lambda d: d["attempts"][1].update(correct=True)), "record_changed"),
        (forged(lambda d: d["attempts"].pop()), "record_changed"),
        (forged(lambda d: d["attempts"].extend([d["attempts"][0]] * (MOST_ANSWERS + 1))), "record_too_many"),
    ],
)
def test_a_damaged_or_forged_record_is_refused_with_a_message_in_every_language(text: object, code: str) -> None:
    with pytest.raises(LearningRecordError) as refused:
        LearnerRecord.from_text(text)
    assert refused.value.code == code
    english, french = refused.value.text("en"), refused.value.text("fr")
    assert english and french and english != french, (english, french)
    assert isinstance(refused.value, ValueError)


def test_the_record_has_a_size_limit_it_says_before_keeping_anything() -> None:
    record = LearnerRecord([answer(f"c{n}", time=float(n)) for n in range(MOST_ANSWERS)])
    with pytest.raises(LearningRecordError) as full:
        record.add(answer("one more"), T0)
    assert full.value.code == "record_full" and len(record.attempts) == MOST_ANSWERS
    assert "download" in full.value.text("en")
    assert len(record.to_text()) <= MOST_CHARACTERS  # a full record is still read back
    assert len(LearnerRecord.from_text(record.to_text()).attempts) == MOST_ANSWERS


def test_merging_keeps_every_answer_of_both_once_in_time_order() -> None:
    mine = kept(answer("a"), answer("b", False))
    other = LearnerRecord([*mine.attempts[:1], answer("z", time=T0 - 5), answer("y", time=T0 + 0.5)])
    merged = mine.merged(other)
    assert [a.case for a in merged.attempts] == ["z", "a", "y", "b"]
    assert mine.merged(mine).attempts == mine.attempts
    with pytest.raises(LearningRecordError) as too_many:
        LearnerRecord([answer(f"c{n}", time=float(n)) for n in range(MOST_ANSWERS)]).merged(kept(answer("new")))
    assert too_many.value.code == "record_too_many"


# ---------------------------------------------------------------- the page's flow (plain Python)
class Browser:
    """A browser's ``localStorage`` as the page's write script uses it: keep only over the record last read."""

    def __init__(self, text: str | None = None) -> None:
        self.text = text
        self.aside: str | None = None
        self.reports: list[dict[str, object]] = []

    def write(self, text: str, base: str | None, aside: str | None) -> None:
        if stored_check(self.text) != base:
            self.reports.append({"conflict": self.text})
            return
        if aside is not None:
            self.aside = aside
        self.text = text
        self.reports.append({"wrote": True})


def page(browser: Browser, clock: float = T0) -> HereFlow:
    flow = HereFlow(write=browser.write, clock=lambda: clock)
    flow.heard_report(json.dumps({"kept": browser.text}))
    return flow


def deliver(browser: Browser, flow: HereFlow) -> None:
    """Hand the script's reports back to the page, as the bridge does."""
    while browser.reports:
        flow.heard_report(json.dumps(browser.reports.pop(0)))


def test_answers_are_kept_in_the_browser_and_read_back_after_a_reload() -> None:
    browser = Browser()
    flow = page(browser)
    assert flow.record(answer("c1"), "en") is None
    deliver(browser, flow)
    reloaded = page(browser)
    assert [a.case for a in reloaded.attempts] == ["c1"] and reloaded.problems("en") == []
    assert reloaded.next_rule("here", ["01", "02"]) is not None


def test_answers_given_before_the_browser_said_wait_and_go_in() -> None:
    browser = Browser(kept(answer("old")).to_text())
    flow = HereFlow(write=browser.write, clock=lambda: T0 + 50)
    assert flow.record(answer("early"), "en") is None and browser.text is not None
    assert "early" not in browser.text
    flow.heard_report(json.dumps({"kept": browser.text}))
    deliver(browser, flow)
    assert [a.case for a in LearnerRecord.from_text(browser.text).attempts] == ["old", "early"]


def test_a_damaged_record_in_the_browser_is_refused_set_aside_and_a_new_one_starts() -> None:
    browser = Browser(forged(lambda d: d["attempts"][0].update(correct=False)))
    damaged = browser.text
    flow = page(browser)
    said = flow.problems("en")
    assert len(said) == 1 and "could not be read" in said[0] and "check does not match" in said[0]
    assert "n'a pas pu être lu" in flow.problems("fr")[0]
    assert browser.text == damaged  # nothing written until there is something to keep
    flow.record(answer("new"), "en")
    deliver(browser, flow)
    assert browser.aside == damaged  # kept as it was
    assert [a.case for a in LearnerRecord.from_text(browser.text).attempts] == ["new"]


def test_two_pages_of_one_browser_lose_none_of_each_others_answers() -> None:
    browser = Browser()
    one, two = page(browser, T0), page(browser, T0 + 1)
    one.record(answer("from one"), "en")
    deliver(browser, one)
    two.record(answer("from two"), "en")  # two read the browser before one wrote
    deliver(browser, two)  # a conflict: two merges one's record and writes again
    one.record(answer("one again"), "en")
    deliver(browser, one)
    cases = sorted(a.case for a in LearnerRecord.from_text(browser.text).attempts)
    assert cases == ["from one", "from two", "one again"]


def test_a_record_file_loads_merged_and_a_bad_one_changes_nothing() -> None:
    browser = Browser()
    flow = page(browser)
    flow.record(answer("here"), "en")
    deliver(browser, flow)
    name, text = flow.download()
    assert name == "aton-record.json" and LearnerRecord.from_text(text).attempts == flow.attempts
    other = kept(answer("elsewhere", rule="order")).to_text().encode("utf-8")
    assert flow.load(other) == 1 and flow.load(other) == 0
    deliver(browser, flow)
    before = browser.text
    with pytest.raises(LearningRecordError):
        flow.load(other.replace(b"elsewhere", b"elsewhere2"))
    assert browser.text == before and len(flow.attempts) == 2


def test_a_browser_that_refuses_to_keep_the_record_is_said_and_the_answers_stay_downloadable() -> None:
    flow = page(Browser())
    flow.record(answer("c1"), "en")
    flow.heard_report(json.dumps({"failed": "QuotaExceededError", "n": 1}))
    said = flow.problems("en")
    assert len(said) == 1 and "QuotaExceededError" in said[0] and "download" in said[0]
    assert [a.case for a in LearnerRecord.from_text(flow.download()[1]).attempts] == ["c1"]
    for junk in ("", "[1]", "{}", '{"kept": 5}', '{"conflict": 7}', "{" * 10):
        flow.heard_report(junk)
    assert len(flow.attempts) == 1
