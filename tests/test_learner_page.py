"""A learner without an account: the page's flow and bar, the key the browser keeps, answers recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aton.apps.learner import learner_bar
from aton.apps.learner.bar import LearnerBar
from aton.apps.learner.flow import KEY, LearnerFlow, in_class
from aton.rooms import LearningStore
from aton.teaching import curriculum
from aton.teaching.mastery import Attempt
from aton.widgets.exercises import ExerciseWidget
from aton.widgets.recording import current_recorder, use_recorder


@pytest.fixture
def store(tmp_path: Path) -> LearningStore:
    return LearningStore(f"sqlite:///{tmp_path / 'rooms.db'}")


def _attempt(correct: bool = True) -> Attempt:
    return Attempt(rule="cartouche1", question="cartouche1-tie", case="c1", correct=correct, answer_type="number")


def test_a_class_asks_a_nickname_once_and_two_pages_of_one_browser_are_one_learner(store: LearningStore) -> None:
    first = LearnerBar(LearnerFlow(store, in_class=True), "fr")
    first.read(json.dumps({"kept": None}))
    assert first.ask.layout.display == "" and "pseudo" in first.message.value
    first.join("bad\u0007name")
    assert first.flow.key is None and first.message.value  # refused, said in the page's language
    first.join("Ada")
    assert first.ask.layout.display == "none" and "Ada" in first.status.value
    kept = first.flow.key
    assert kept is not None and KEY in str(first.writer.outputs) and kept in str(first.writer.outputs)
    second = LearnerBar(LearnerFlow(store, in_class=True), "en")
    second.read(json.dumps({"kept": kept}))
    assert second.flow.key == kept and "Learning as Ada" in second.status.value
    assert second.ask.layout.display == "none" and 'at = "aton-learner-nickname"' in str(second.writer.outputs)
    assert '"Ada"' in str(second.writer.outputs)
    assert len(store.learners()) == 1


def test_outside_a_class_nobody_is_asked_and_the_machine_s_learner_is_kept(store: LearningStore) -> None:
    bar = LearnerBar(LearnerFlow(store, in_class=False))
    bar.read(json.dumps({"kept": None}))
    assert bar.ask.layout.display == "none" and bar.status.value == ""
    key = bar.flow.key
    assert key is not None and key in str(bar.writer.outputs)
    again = LearnerBar(LearnerFlow(store, in_class=False))
    again.read(json.dumps({"kept": key}))
    assert again.flow.key == key and len(store.learners()) == 1


def test_a_forged_key_makes_a_new_learner_or_asks_again(store: LearningStore) -> None:
    flow = LearnerFlow(store, in_class=True)
    assert flow.heard("x" * 24) is None and flow.asking and flow.key is None
    bar = LearnerBar(LearnerFlow(store, in_class=True))
    bar.read("not json")
    bar.read(json.dumps(["kept"]))
    assert bar.flow.key is None and not bar.flow.asking  # nothing readable: nothing decided


def test_answers_wait_for_the_nickname_then_go_in_and_survive_a_new_page(store: LearningStore) -> None:
    bar = learner_bar("en", LearnerFlow(store, in_class=True))
    try:
        assert current_recorder() is bar.flow
        bar.read(json.dumps({"kept": None}))
        widget = ExerciseWidget(curriculum.exercise("cartouche1-tie"), board=None)
        widget.answer = 3
        widget.check()
        assert "nickname" in widget.feedback.value and bar.flow.pending
        bar.join("Ada")
        assert not bar.flow.pending
        key = bar.flow.key
        assert key is not None
        widget.another()
        widget.answer = widget.exercise.answer
        assert widget.check().correct and widget.record_note == ""
        recorded = store.attempts(key)
        assert [(a.correct, a.source) for a in recorded] == [(False, "exercise"), (True, "practice")]
        assert store.mastery(key)["cartouche1"].state == "practising"
    finally:
        use_recorder(None)


def test_a_store_that_fails_says_so_and_keeps_the_answer_waiting(store: LearningStore, tmp_path: Path) -> None:
    flow = LearnerFlow(store, in_class=True)
    key = flow.join("Ada")
    assert flow.record(_attempt(), "fr") is None
    store.dispose()
    flow._store = LearningStore(f"sqlite:///{tmp_path / 'missing' / 'no.db'}")  # a folder that is not there
    said = flow.record(_attempt(False), "fr")
    assert said is not None and said.startswith("Cette réponse n'a pas été enregistrée")
    assert len(flow.pending) == 1  # kept for the next write
    flow._store = LearningStore(f"sqlite:///{tmp_path / 'rooms.db'}")
    assert flow.record(_attempt(), "en") is None and not flow.pending
    assert [a.correct for a in flow.store.attempts(key)] == [True, False, True]  # nothing lost, in order


def test_a_malformed_answer_is_refused_and_the_rest_go_in(store: LearningStore) -> None:
    flow = LearnerFlow(store, in_class=False)
    flow.heard(None)
    said = flow.record(Attempt(rule="no-such-rule", question="q", case="c", correct=True), "en")
    assert said is not None and "not recorded" in said
    assert flow.record(_attempt(), "en") is None and len(flow.store.attempts(flow.key or "")) == 1


def test_a_class_is_known_from_the_server_s_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ATON_CLASS", raising=False)
    assert not in_class() and not LearnerFlow("sqlite:///x.db").in_class
    monkeypatch.setenv("ATON_CLASS", "24")
    assert in_class() and LearnerFlow("sqlite:///x.db").in_class


def test_the_learner_s_rules_show_by_state_and_follow_each_answer(store: LearningStore) -> None:
    bar = learner_bar("en", LearnerFlow(store, in_class=True))
    try:
        bar.read(json.dumps({"kept": None}))
        assert bar.rules.layout.display == "none"  # nobody known: no rules shown
        bar.join("Ada")
        assert "0 mastered, 0 practising, 30 not yet seen" in bar.rules.summary.value
        for name, case in (("cartouche1-tie", "a"), ("cartouche1-red", "b")):
            widget = ExerciseWidget(curriculum.exercise(name), board=None)
            widget.answer = widget.exercise.answer
            assert widget.check().correct, case
        assert "1 mastered, 0 practising, 29 not yet seen" in bar.rules.summary.value
        assert bar.rules.listing.value == ""
        bar.rules.toggle.value = True
        assert '<section data-state="mastered"><strong>Mastered (1 rule)</strong>' in bar.rules.listing.value
        widget = ExerciseWidget(curriculum.exercise("cartouche1-blue"), board=None)
        widget.answer = 5
        assert not widget.check().correct
        assert "1 to review" in bar.rules.summary.value and 'data-state="review"' in bar.rules.listing.value
        bar.lang = "fr"
        assert "Vos règles" in bar.rules.summary.value and "À revoir (1 règle)" in bar.rules.listing.value
        assert bar.rules.toggle.description == "Masquer les règles"
    finally:
        use_recorder(None)


def test_the_front_page_shows_the_nickname_the_tutorial_pages_keep() -> None:
    from aton.apps.learner.flow import NICKNAME_KEY
    from aton.serving.front import LEARNER_NICKNAME, front_page

    page = front_page({"en": [("01-the-board.ipynb", "01")], "fr": [("01-le-plateau.ipynb", "01")]})
    assert NICKNAME_KEY == LEARNER_NICKNAME and f"getItem({json.dumps(NICKNAME_KEY)})" in page
    assert 'data-said="Learning as {nickname}" hidden' in page
    assert 'data-said="Vous apprenez sous le pseudo {nickname}" hidden' in page


def test_practise_deals_a_case_of_the_rule_missed_last_and_records_it_as_practice(store: LearningStore) -> None:
    bar = learner_bar("en", LearnerFlow(store, in_class=True), tutorial="02")
    try:
        practise = bar.practise
        assert practise is not None and practise.tutorials == ["01", "02"]
        assert practise.deal() is None and "nickname" in practise.said.value  # nobody known yet
        bar.join("Ada")
        widget = ExerciseWidget(curriculum.exercise("cartouche1-blue"), board=None)
        widget.answer = 5
        assert not widget.check().correct
        made = practise.deal()
        assert made is not None and made.rule == "cartouche1" and practise.choice is not None
        assert practise.choice.reason == "missed" and "Missed lately" in practise.said.value
        assert practise.case is not None and practise.slot.children == (practise.case,)
        practise.case.answer = made.answer
        assert practise.case.check().correct
        key = bar.flow.key or ""
        assert [(a.rule, a.source, a.correct) for a in store.attempts(key)] == [
            ("cartouche1", "exercise", False),
            ("cartouche1", "practice", True),
        ]
        bar.lang = "fr"
        assert practise.button.description == "S'entraîner" and "cartouche" in practise.said.value.lower()
    finally:
        use_recorder(None)


def test_without_a_room_store_the_record_is_kept_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The static site's Python (Pyodide) has no SQLAlchemy: the bar keeps the record in the browser, through
    its bridge and write script, shows the learner's rules, offers practice, a download and a load."""
    import base64
    import json

    import aton.apps.learner as learner
    from aton.apps.learner.here_bar import HereBar
    from aton.teaching.record import LearnerRecord
    from aton.widgets.recording import current_recorder, record

    monkeypatch.setattr(learner, "store_here", lambda: False)
    bar = learner.learner_bar("fr", tutorial="02")
    try:
        assert isinstance(bar, HereBar) and current_recorder() is bar.flow
        bar.bridge.value = json.dumps({"kept": None})  # the browser keeps no record yet
        assert record(Attempt(rule="cartouche1", question="q", case="c1", correct=False), "fr") is None
        script = bar.writer.outputs[0]["data"]["application/javascript"]
        assert "aton-record" in script and '"check"' not in script.split("TEXT")[0]
        assert "Vos règles" in bar.rules.summary.value and "1 en cours" in bar.rules.summary.value
        assert bar.download.description == "Télécharger mon relevé"
        bar.download.click()
        link = bar.link.value
        assert 'download="aton-record.json"' in link
        text = base64.b64decode(link.split("base64,")[1].split('"')[0]).decode("utf-8")
        assert [a.case for a in LearnerRecord.from_text(text).attempts] == ["c1"]
        bar.load(b'{"format": "aton-record", "version": 1, "attempts": [], "check": "forged"}')
        assert "a pas été chargé" in bar.message.value and len(bar.flow.attempts) == 1
        bar.lang = "en"
        assert bar.download.description == "Download my record" and bar.practise is not None
        assert bar.practise.deal() is not None  # practice follows the browser's record
        assert "Missed lately" in bar.practise.said.value
    finally:
        use_recorder(None)


def test_the_practise_page_deals_the_first_case_once_the_learner_is_known_and_follows_the_record(
    store: LearningStore,
) -> None:
    from html import unescape

    from aton.apps.learner.page import PractisePage, practise_page
    from aton.apps.learner.practise import ALL_TUTORIALS
    from aton.i18n import gtext
    from aton.teaching.syllabus import RULES, rule_title

    assert set(ALL_TUTORIALS) == {entry.tutorial for entry in RULES}  # every tutorial that teaches a rule
    page = PractisePage(LearnerFlow(store, in_class=True), "en")
    page.bar.bridge.value = json.dumps({"kept": None})
    assert page.practise.case is None and page.practise.dealt == 0  # nobody known: nothing dealt yet
    page.bar.nickname.value = "Ada"
    page.bar.start.click()
    assert page.flow.key is not None and page.practise.case is not None  # dealt without a press
    first = page.practise.choice
    assert first is not None and first.reason == "not seen"
    assert page.practise.case.exercise.rule == first.rule
    # a wrong first try, recorded as practice; the next case is of the rule just missed
    case = page.practise.case.exercise
    page.flow.record(Attempt(rule=case.rule, question="q", case="c", correct=False, source="practice"), "en")
    page.practise.button.click()
    assert page.practise.choice is not None and page.practise.choice == (first.rule, "missed")
    assert f"Missed lately: {rule_title(first.rule, 'en')}" in page.practise.said.value
    # French: every word of the page follows
    page.language.value = "fr"
    assert "S'entraîner" in unescape(page.title.value) and "Retour aux tutoriels" in page.lead.value
    said = gtext("fr", "learner", "Missed lately: {rule}", rule=rule_title(first.rule, "fr"))
    assert said != f"Missed lately: {rule_title(first.rule, 'fr')}" and said in unescape(page.practise.said.value)
    assert page.practise.button.description == "S'entraîner" and page.bar.lang == "fr"
    # another page of the same browser: the same learner, not asked, a case at once
    again = practise_page("en", LearnerFlow(store, in_class=True))
    again.bar.bridge.value = json.dumps({"kept": page.flow.key})  # as the page's script types it
    assert again.flow.nickname == "Ada" and again.practise.case is not None
    assert current_recorder() is again.flow  # the page's answers are recorded
    use_recorder(None)


def test_the_static_site_s_practise_page_follows_the_record_kept_in_the_browser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without a room store (the static site's Python) the Practise page is the browser's record: the first case
    once the page has read it, practice following it, the learner's rules kept for the site's front page."""
    from html import unescape

    import aton.apps.learner.page as page_module
    from aton.apps.learner.here import RULES_KEY, HereFlow
    from aton.apps.learner.here_bar import HereBar
    from aton.apps.learner.practise import case_of
    from aton.teaching.record import LearnerRecord
    from aton.teaching.syllabus import rule_title

    monkeypatch.setattr(page_module, "store_here", lambda: False)
    page = page_module.practise_page("en")
    try:
        assert isinstance(page.bar, HereBar) and isinstance(page.flow, HereFlow)
        assert current_recorder() is page.flow
        assert 'href="../../index.html"' in page.lead.value  # the site's front page, from voici/render/
        assert page.practise.case is None  # the browser's record not read yet: nothing dealt
        # the browser keeps a record with a missed answer (from a tutorial): the page reads it, deals that rule
        record = LearnerRecord()
        missed = case_of("cartouche1", 1)
        assert missed is not None
        record.add(Attempt(rule="cartouche1", question="q", case="c1", correct=False), 50.0)
        page.bar.bridge.value = json.dumps({"kept": record.to_text()})
        assert page.practise.case is not None and page.practise.choice == ("cartouche1", "missed")
        assert f"Missed lately: {rule_title('cartouche1', 'en')}" in unescape(page.practise.said.value)
        # the page keeps the rules read from that record for the front page, if the browser still holds it
        script = page.bar.rules_writer.outputs[0]["data"]["application/javascript"]
        assert json.dumps(RULES_KEY) in script and json.dumps(record.check()) in script
        assert "1 en cours" in script and "1 practising" in script
        # an answer on the page: the record and its rules are written together
        page.flow.record(Attempt(rule="cartouche1", question="q", case="c2", correct=True, source="practice"), "en")
        script = page.bar.writer.outputs[0]["data"]["application/javascript"]
        assert json.dumps(RULES_KEY) in script and page.flow.record_here.check() in script
        assert [a.source for a in page.flow.attempts] == ["exercise", "practice"]
        # French: every word of the page follows
        page.language.value = "fr"
        assert "S'entraîner" in unescape(page.title.value) and "Retour aux tutoriels" in page.lead.value
        assert page.practise.button.description == "S'entraîner" and page.bar.download.description == (
            "Télécharger mon relevé"
        )
        # a browser that keeps no record: a first case at once, of a rule not yet seen
        fresh = page_module.PractisePage(HereFlow(), "en")
        fresh.bar.bridge.value = json.dumps({"kept": None})
        assert fresh.practise.choice is not None and fresh.practise.choice.reason == "not seen"
        assert fresh.bar.rules_writer.outputs == ()  # nothing to keep for the front page yet
    finally:
        use_recorder(None)
