"""The teacher's view of learning on the class page, without a browser: the grid from a real learners'
record (SQLite, and PostgreSQL when ATON_TEST_POSTGRES is set), its refresh, the common mistakes in words,
a learner's answers, the CSV, erasing asked first, and the games kept on one screen."""

from __future__ import annotations

import base64
import csv
import io
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from rooms_support import BACKENDS, store_url

from aton import rooms
from aton.apps.classroom.flow import ClassroomFlow, TeacherGate
from aton.apps.classroom.learning import RULE_IDS, LearningView
from aton.apps.classroom.panel import ClassroomPanel
from aton.game import new_game
from aton.rooms import LearningStore
from aton.teaching.mastery import Attempt
from aton.teaching.syllabus import RULES, rule_title

CODE = "KTXH-M4RA"
T0 = 1_800_000_000.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from store_url(request.param, tmp_path)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def learning(url: str, clock: Clock) -> Iterator[LearningStore]:
    store = LearningStore(url, clock=clock)
    yield store
    store.dispose()


def answer(store: LearningStore, key: str, rule: str, case: str, correct: bool, mistake: str | None = None) -> None:
    store.record(
        key,
        Attempt(rule=rule, question=f"{rule}-q", case=case, correct=correct, mistake=mistake, answer_type="number"),
    )


def test_the_grid_has_learners_by_rules_in_tutorial_order(learning: LearningStore, clock: Clock) -> None:
    view = LearningView(learning, lesson_start=T0, clock=clock)
    ana, ben = learning.register("Ana"), learning.register("ben")
    clock.now += 1
    answer(learning, ana, "cartouche1", "a", True)
    answer(learning, ana, "cartouche1", "b", True)
    answer(learning, ben, "cartouche1", "a", False, "not-doubled")
    assert view.poll()
    assert [row.learner.nickname for row in view.rows] == ["Ana", "ben"]
    assert tuple(rule.id for rule in RULES) == RULE_IDS
    assert [full for _short, full in view.headers("fr")] == [rule_title(rule.id, "fr") for rule in RULES]
    assert [short for short, _full in view.headers("en")][:3] == ["1", "2", "3"]
    ana_row, ben_row = view.rows
    assert view.cell_words(ana_row, "cartouche1", "en") == "mastered"
    assert view.cell_words(ben_row, "cartouche1", "en") == "practising"
    assert view.cell_words(ben_row, "draw", "fr") == "pas vue"
    # a miss after mastery: review
    answer(learning, ana, "cartouche1", "c", False)
    assert view.poll()
    assert view.cell_words(view.rows[0], "cartouche1", "fr") == "à revoir"


def test_the_grid_is_read_again_only_when_the_record_changed(learning: LearningStore, clock: Clock) -> None:
    view = LearningView(learning, lesson_start=T0, clock=clock)
    assert view.poll()
    assert not view.poll()
    key = learning.register("Ana")
    assert view.poll()
    assert not view.poll()
    answer(learning, key, "draw", "a", True)
    assert view.poll()
    assert view.rows[0].state("draw") == "practising"
    assert not view.poll()


def test_the_lesson_starts_when_the_page_was_opened(learning: LearningStore, clock: Clock) -> None:
    early = learning.register("Early")
    answer(learning, early, "draw", "a", False, "not-doubled")
    clock.now += 100
    view = LearningView(learning, clock=clock)
    assert view.lesson_start == clock.now
    view.poll()
    assert view.rows == () and view.mistakes == ()
    assert "opened with the teacher's code" in view.start_words("en")
    clock.now += 1
    answer(learning, early, "cartouche1", "b", True)  # answering makes them seen this lesson
    view.poll()
    assert [row.learner.nickname for row in view.rows] == ["Early"]
    assert view.rows[0].state("draw") == "not seen"  # the answer before the lesson is not counted
    assert view.rows[0].state("cartouche1") == "practising"


def test_common_mistakes_in_words_with_their_rule(learning: LearningStore, clock: Clock) -> None:
    view = LearningView(learning, lesson_start=T0, clock=clock)
    keys = [learning.register(name) for name in ("Ana", "Ben", "Cy")]
    for key in keys:
        answer(learning, key, "cartouche1", "a", False, "not-doubled")
    answer(learning, keys[0], "cartouche1", "b", False, "not-doubled")
    answer(learning, keys[1], "temple1", "a", False, "odd-unnamed")
    view.poll()
    first, second = view.mistake_lines("en")
    assert first.rule == "cartouche1" and first.rule_title == rule_title("cartouche1", "en")
    assert first.sentence == "You forgot to double the difference."
    assert first.count == "4 times, by 3 learners"
    assert second.sentence == "A mistake on this rule." and second.count == "1 time, by 1 learner"
    assert view.mistake_lines("fr")[0].sentence != first.sentence
    assert view.mistake_lines("fr")[0].count == "4 fois, par 3 élèves"


def test_a_learner_s_answers_on_clicking_them(learning: LearningStore, clock: Clock) -> None:
    view = LearningView(learning, lesson_start=T0, clock=clock)
    ana, ben = learning.register("Ana"), learning.register("Ben")
    clock.now += 5
    answer(learning, ana, "cartouche1", "a", False, "not-doubled")
    answer(learning, ben, "draw", "a", True)
    view.poll()
    ana_id = view.rows[0].learner.id
    shown = view.show(ana_id)
    assert [attempt.rule for attempt in shown] == ["cartouche1"]
    assert view.shown_name() == "Ana"
    cells = view.attempt_cells(shown[0], "en")
    assert cells[1:] == [
        rule_title("cartouche1", "en"),
        "cartouche1-q",
        "wrong",
        "You forgot to double the difference.",
    ]
    assert len(cells[0]) == 8 and cells[0].count(":") == 2
    answer(learning, ana, "draw", "b", True)
    view.poll()  # the open answers follow
    assert [attempt.rule for attempt in view.shown_attempts] == ["cartouche1", "draw"]
    view.hide()
    assert view.shown is None and view.shown_attempts == ()


def test_csv_of_the_lesson(learning: LearningStore, clock: Clock) -> None:
    key = learning.register("Ana")
    answer(learning, key, "draw", "old", True)
    clock.now += 10
    view = LearningView(learning, clock=clock)
    answer(learning, key, "cartouche1", "a", False, "not-doubled")
    lines = list(csv.DictReader(io.StringIO(view.csv_text())))
    assert [(line["nickname"], line["rule"], line["first_try"]) for line in lines] == [("Ana", "cartouche1", "wrong")]
    href = view.csv_href()
    assert href.startswith("data:text/csv;charset=utf-8;base64,")
    assert base64.b64decode(href.split(",", 1)[1]).decode() == view.csv_text()


def test_erasing_asks_first_and_takes_only_this_lesson(learning: LearningStore, clock: Clock) -> None:
    before = learning.register("Before")
    answer(learning, before, "draw", "a", True)
    clock.now += 10
    view = LearningView(learning, clock=clock)
    now = learning.register("Now")
    answer(learning, now, "draw", "a", True)
    answer(learning, before, "draw", "b", True)
    view.poll()
    assert view.confirm_erase() is None  # not asked: nothing happens
    assert len(view.rows) == 2
    view.ask_erase()
    view.cancel_erase()
    assert view.confirm_erase() is None and len(view.rows) == 2
    view.ask_erase()
    assert view.confirm_erase() == 2
    assert not view.erasing and view.last_erased == 2
    assert len(learning.attempts(before)) == 1  # the answer before the lesson stays
    with pytest.raises(rooms.LearningError):
        learning.learner(now)  # who came this lesson is gone
    assert [row.learner.nickname for row in view.rows] == ["Before"]


def test_the_flow_opens_the_learning_view_on_the_rooms_database(url: str) -> None:
    store = rooms.open_store(url)
    try:
        flow = ClassroomFlow(store=store, gate=TeacherGate(CODE))
        assert flow.learning is None
        flow.unlock(CODE)
        assert flow.learning is not None
        key = LearningStore(store.engine).register("Ana")
        learner = LearningStore(store.engine).learner(key)
        assert flow.learning.poll()
        assert [row.learner.id for row in flow.learning.rows] == [learner.id]
    finally:
        store.dispose()


def test_games_on_one_screen_are_listed_read_only(url: str) -> None:
    store = rooms.open_store(url)
    try:
        flow = ClassroomFlow(store=store, gate=TeacherGate(CODE))
        flow.unlock(CODE)
        assert flow.kept == ()
        store.keep_game(None, new_game(seed=3), {"mode": "bot", "level": "easy", "human": "blue", "names": ["", "Zoé"]})
        store.keep_game(None, new_game(seed=4), {"mode": "two", "level": "easy", "human": "red", "names": ["Ana", ""]})
        assert flow.refresh()
        assert not flow.refresh()
        lines = sorted(flow.kept_summary(row, "en") for row in flow.kept)
        assert lines[0].startswith("Ana (Red) against someone (Blue), on one screen · round 1 · 0 to 0 · last move at ")
        assert lines[1].startswith("Zoé against the bot (easy) · round 1")
        assert any(flow.kept_summary(row, "fr").startswith("Zoé contre le bot") for row in flow.kept)
        assert {row.mode for row in store.kept_games(since=0.0)} == {"bot", "two"}
        assert store.kept_games(since=4_000_000_000.0) == []
    finally:
        store.dispose()


def test_the_panel_shows_the_grid_mistakes_answers_and_erase(tmp_path: Path) -> None:
    store = rooms.open_store(f"sqlite:///{tmp_path}/rooms.db")
    try:
        panel = ClassroomPanel(store=store, gate=TeacherGate(CODE), background=False)
        panel.unlock(CODE)
        assert panel.learning is not None
        learning = LearningStore(store.engine)
        key = learning.register("Ana")
        learning.record(
            key,
            Attempt(
                rule="cartouche1", question="q1", case="a", correct=False, mistake="not-doubled", answer_type="number"
            ),
        )
        panel.poll()
        grid = unescape(panel.learning.grid.value)
        assert 'data-state="practising"' in grid and "Ana" in grid and 'tabindex="0"' in grid
        assert "You forgot to double the difference." in unescape(panel.learning.mistakes.value)
        assert panel.kept_html.value and "No game on one screen" in unescape(panel.kept_html.value)
        (button,) = panel.learning.learners.children
        assert button.description == "Answers of Ana"
        button.click()
        assert "q1" in panel.learning.attempts.value
        assert panel.learning.attempts_box.layout.display == ""
        panel.learning.hide_button.click()
        assert panel.learning.attempts_box.layout.display == "none"
        panel.lang = "fr"
        assert button.description == "Réponses de Ana"
        assert "en cours" in panel.learning.grid.value
        panel.learning.erase_button.click()
        assert panel.learning.erase_confirm.layout.display == ""
        assert "Effacer toutes les réponses" in unescape(panel.learning.erase_text.value)
        panel.learning.erase_no.click()
        assert panel.learning.erase_confirm.layout.display == "none"
        assert len(learning.attempts(key)) == 1
        panel.learning.erase_button.click()
        panel.learning.erase_yes.click()
        assert "1 réponse effacée." in unescape(panel.learning.message.value)
        assert "Aucun élève" in unescape(panel.learning.grid.value)
    finally:
        store.dispose()
