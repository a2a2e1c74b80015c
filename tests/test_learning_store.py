"""The learners' record in the room store (aton.rooms.learning): every call, refusals in English and French,
writes from two processes at once, and a restart.

Each test runs on SQLite and, when ATON_TEST_POSTGRES is set, on PostgreSQL (see rooms_support).
"""

from __future__ import annotations

import csv
import io
import multiprocessing
import pickle
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rooms_support import BACKENDS, store_url

from aton import rooms
from aton.rooms import LearningError, LearningStore
from aton.teaching.mastery import STATES, Attempt, Choice
from aton.teaching.syllabus import RULES

SPAWN = multiprocessing.get_context("spawn")
T0 = 1_800_000_000.0


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from store_url(request.param, tmp_path)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        self.now += 1.0  # every call a second later, so attempts are in order
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def learning(url: str, clock: Clock) -> Iterator[LearningStore]:
    opened = LearningStore(url, clock=clock)
    yield opened
    opened.dispose()


def attempt(rule: str = "cartouche1", case: str = "a", correct: bool = True, **more: object) -> Attempt:
    values: dict[str, object] = {"question": f"{rule}-q", "answer_type": "number", **more}
    return Attempt(rule=rule, case=case, correct=correct, **values)  # type: ignore[arg-type]


def both_languages(error: rooms.RoomError, *words: str) -> None:
    english, french = error.text("en"), error.text("fr")
    assert english == str(error) and french != english
    for word in words:
        assert word in english and word in french, (word, english, french)


# ------------------------------------------------------------------ learners
def test_a_learner_registers_and_is_known_by_the_key(learning: LearningStore) -> None:
    key = learning.register("Ana")
    other = learning.register("Ana")  # the same nickname twice: two learners, told apart by number
    ana, ana2 = learning.learner(key), learning.learner(other)
    assert ana.nickname == ana2.nickname == "Ana" and ana.id != ana2.id and key != other
    assert ana.created == ana.seen
    seen = learning.touch(key)
    assert seen.seen > ana.seen and learning.learner(key).seen == seen.seen


def test_the_store_keeps_the_hash_of_the_key_never_the_key(learning: LearningStore, url: str) -> None:
    key = learning.register("Ben")
    learning.record(key, attempt())
    with learning.engine.connect() as connection:
        dump = repr([tuple(row) for table in ("aton_learners", "aton_attempts")
                     for row in connection.exec_driver_sql(f"SELECT * FROM {table}")])  # fmt: skip
    assert key not in dump and rooms.keys.token_hash(key) in dump
    assert key not in learning.export_csv()


@pytest.mark.parametrize("nickname", ["", "x" * 21, "<b>", None, 42])
def test_a_bad_nickname_is_refused(learning: LearningStore, nickname: object) -> None:
    with pytest.raises(rooms.BadRequest) as caught:
        learning.register(nickname)  # type: ignore[arg-type]
    assert caught.value.code == "bad_nickname"
    assert learning.learners() == []


@pytest.mark.parametrize("key", ["", "x" * 24, None, 12, "a" * 500])
def test_a_forged_key_is_refused_in_both_languages(learning: LearningStore, key: object) -> None:
    learning.register("Ana")
    for call in (learning.learner, learning.attempts, learning.mastery, learning.touch):
        with pytest.raises(LearningError) as caught:
            call(key)  # type: ignore[arg-type]
        assert caught.value.code == "unknown_learner"
        both_languages(caught.value)
    with pytest.raises(LearningError):
        learning.record(key, attempt())  # type: ignore[arg-type]
    assert learning.export_csv().count("\n") == 1


def test_errors_cross_processes() -> None:
    error = LearningError("bad_attempt", field="rule", reason="unknown", given="'x'")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is LearningError and copy.details == error.details and str(copy) == str(error)
    assert isinstance(error, rooms.RoomError)


# ------------------------------------------------------------------ recording
def test_answers_are_recorded_and_make_mastery(learning: LearningStore) -> None:
    key = learning.register("Ana")
    first = learning.record(key, attempt(case="a"))
    assert first.learner == str(learning.learner(key).id) and first.time > T0
    assert learning.mastery(key)["cartouche1"].state == "practising"
    learning.record(key, attempt(case="a"))
    assert learning.mastery(key)["cartouche1"].state == "practising"  # the same case: not yet
    learning.record(key, attempt(case="b"))
    assert learning.mastery(key)["cartouche1"].state == "mastered"
    learning.record(key, attempt(case="c", correct=False, mistake="doubled"))
    records = learning.mastery(key)
    assert records["cartouche1"].state == "review" and records["cartouche1"].last_mistake == "doubled"
    assert [a.case for a in learning.attempts(key)] == ["a", "a", "b", "c"]
    assert set(records) == {entry.id for entry in RULES}


def test_an_attempt_as_a_mapping_is_recorded(learning: LearningStore) -> None:
    key = learning.register("Ana")
    stored = learning.record(key, {"rule": "order", "question": "order", "case": "k1", "correct": False,
                                   "mistake": "higher_card", "source": "predict", "answer_type": "choice",
                                   "options": 2})  # fmt: skip
    assert stored.source == "predict" and stored.options == 2 and learning.attempts(key) == [stored]


@pytest.mark.parametrize(
    ("bad", "field"),
    [
        (attempt(rule="no-rule"), "rule"),
        (attempt(question="q" * 81), "question"),
        (attempt(case="c" * 121), "case"),
        (attempt(mistake="m" * 81, correct=False), "mistake"),
        (attempt(source="quiz"), "source"),
        (attempt(correct="yes"), "correct"),
        ({"rule": "draw", "question": "q", "case": "c", "correct": True, "cards": [1, 2, 3, 4]}, "cards"),
        ({"rule": "draw", "question": "q"}, "case"),
        ("draw right", "attempt"),
    ],
)
def test_a_malformed_write_is_refused_and_loses_nothing(learning: LearningStore, bad: object, field: str) -> None:
    key = learning.register("Ana")
    learning.record(key, attempt(case="a"))
    learning.record(key, attempt(case="b"))
    before, version = learning.attempts(key), learning.version()
    with pytest.raises(LearningError) as caught:
        learning.record(key, bad)  # type: ignore[arg-type]
    assert caught.value.code == "bad_attempt" and caught.value.details["field"] == field
    both_languages(caught.value, field)
    assert "nothing recorded before is lost" in str(caught.value)
    assert learning.attempts(key) == before and learning.version() == version
    assert learning.mastery(key)["cartouche1"].state == "mastered"


def test_the_next_rule_for_a_learner(learning: LearningStore) -> None:
    key = learning.register("Ana")
    assert learning.next_rule(key, []) is None
    assert learning.next_rule(key, ["02"]) == Choice("draw", "not seen")
    learning.record(key, attempt(rule="exchange", correct=False, mistake="after_assign"))
    assert learning.next_rule(key, ["02"]) == Choice("exchange", "missed")


# ------------------------------------------------------------------ the teacher's views
def class_of_three(learning: LearningStore) -> dict[str, str]:
    keys = {name: learning.register(name) for name in ("Cleo", "ana", "Ben")}
    learning.record(keys["ana"], attempt(case="a"))
    learning.record(keys["ana"], attempt(case="b"))
    learning.record(keys["Ben"], attempt(case="a", correct=False, mistake="doubled"))
    learning.record(keys["Ben"], attempt(rule="temple2", correct=False, mistake="counted_once"))
    learning.record(keys["ana"], attempt(rule="temple2", correct=False, mistake="counted_once"))
    learning.record(keys["Ben"], attempt(rule="temple2", case="b", correct=False, mistake="counted_once"))
    return keys


def test_the_class_grid(learning: LearningStore) -> None:
    keys = class_of_three(learning)
    grid = learning.class_grid()
    assert [row.learner.nickname for row in grid] == ["ana", "Ben", "Cleo"]
    ana, ben, cleo = grid
    assert ana.state("cartouche1") == "mastered" and ana.state("temple2") == "practising"
    assert ben.state("cartouche1") == "practising" and ben.records["temple2"].attempts == 2
    assert {cleo.state(entry.id) for entry in RULES} == {"not seen"}
    assert all(set(row.records) == {e.id for e in RULES} for row in grid)
    assert all(row.state(e.id) in STATES for row in grid for e in RULES)
    assert ana.records == learning.mastery(keys["ana"])


def test_the_grid_and_mistakes_since_a_time(learning: LearningStore, clock: Clock) -> None:
    keys = class_of_three(learning)
    lesson = clock.now + 0.5
    dan = learning.register("Dan")
    learning.record(keys["Ben"], attempt(rule="black", correct=False, mistake="counted_once"))
    grid = learning.class_grid(since=lesson)
    assert [row.learner.nickname for row in grid] == ["Ben", "Dan"]  # ana and Cleo were not seen since
    assert grid[0].state("temple2") == "not seen" and grid[0].records["black"].attempts == 1
    assert learning.common_mistakes(since=lesson) == [rooms.MistakeCount("black", "counted_once", 1, 1)]
    assert [a.rule for a in learning.attempts_of(grid[0].learner.id, since=lesson)] == ["black"]
    assert learning.attempts_of(learning.learner(dan).id) == []
    assert learning.attempts_of(99_999) == []


def test_the_most_common_mistakes(learning: LearningStore) -> None:
    class_of_three(learning)
    top = learning.common_mistakes()
    assert top[0] == rooms.MistakeCount("temple2", "counted_once", 3, 2)
    assert top[1] == rooms.MistakeCount("cartouche1", "doubled", 1, 1)
    assert learning.common_mistakes(limit=1) == top[:1]
    for bad in (0, -1, 1.5, True, 10_000):
        with pytest.raises(LearningError) as caught:
            learning.common_mistakes(limit=bad)  # type: ignore[arg-type]
        assert caught.value.code == "bad_limit"
    with pytest.raises(LearningError) as caught:
        learning.class_grid(since="yesterday")  # type: ignore[arg-type]
    both_languages(caught.value, "yesterday")


def test_the_csv_export(learning: LearningStore) -> None:
    keys = class_of_three(learning)
    learning.record(keys["Cleo"], attempt(rule="draw", case="seed 4", question="draw-pile", source="practice"))
    rows = list(csv.reader(io.StringIO(learning.export_csv())))
    assert tuple(rows[0]) == rooms.learning.CSV_COLUMNS and len(rows) == 8
    by_column = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    assert [row["nickname"] for row in by_column] == ["ana", "ana", "Ben", "Ben", "ana", "Ben", "Cleo"]
    assert by_column[2]["first_try"] == "wrong" and by_column[2]["mistake"] == "doubled"
    assert by_column[-1]["source"] == "practice" and by_column[-1]["case"] == "seed 4"
    assert by_column[0]["time"].endswith("+00:00")
    assert not any(key in learning.export_csv() for key in keys.values())


def test_a_nickname_cannot_run_as_a_formula_in_a_spreadsheet(learning: LearningStore) -> None:
    key = learning.register("-1-1")
    learning.record(key, attempt())
    row = list(csv.reader(io.StringIO(learning.export_csv())))[1]
    assert row[2] == "'-1-1"


def test_erase_the_class_record(learning: LearningStore, clock: Clock) -> None:
    keys = class_of_three(learning)
    lesson = clock.now + 0.5
    late = learning.register("Dan")
    learning.record(late, attempt())
    learning.record(keys["ana"], attempt(rule="draw"))
    assert learning.erase(since=lesson) == 2
    assert [row.learner.nickname for row in learning.class_grid()] == ["ana", "Ben", "Cleo"]
    assert len(learning.attempts(keys["ana"])) == 3
    with pytest.raises(LearningError):
        learning.learner(late)
    assert learning.erase() == 6
    assert learning.class_grid() == [] and learning.export_csv().count("\n") == 1
    with pytest.raises(LearningError) as caught:
        learning.record(keys["ana"], attempt())
    assert caught.value.code == "unknown_learner"


def test_the_version_tells_a_change(learning: LearningStore) -> None:
    start = learning.version()
    assert not learning.changed_since(start)
    key = learning.register("Ana")
    registered = learning.version()
    assert learning.changed_since(start) and registered != start
    learning.record(key, attempt())
    recorded = learning.version()
    learning.touch(key)  # a page opened: the teacher's grid shows the learner
    assert learning.changed_since(recorded)
    recorded = learning.version()
    assert learning.changed_since(registered) and not learning.changed_since(recorded)
    learning.erase()
    erased = learning.version()
    assert erased != recorded
    # after an erase, the same counts again never give an old version (row numbers are not reused)
    key = learning.register("Ana")
    learning.record(key, attempt())
    assert learning.version() not in (start, registered, recorded, erased)


def test_the_version_is_cheap(learning: LearningStore) -> None:
    key = learning.register("Ana")
    for i in range(200):
        learning.record(key, attempt(case=str(i), correct=i % 3 > 0))
    began = time.perf_counter()
    for _ in range(50):
        learning.version()
    assert (time.perf_counter() - began) / 50 < 0.02


# ------------------------------------------------------------------ the room store's database
def test_it_shares_the_room_store_database(url: str) -> None:
    store = rooms.open_store(url)
    try:
        code = store.create(seed=3)
        learning = LearningStore(store.engine)
        key = learning.register("Ana")
        learning.record(key, attempt())
        learning.dispose()  # the engine is the room store's: still open
        assert store.version(code) == 0 and LearningStore(store.engine).learner(key).nickname == "Ana"
    finally:
        store.dispose()


def test_a_restart_sees_everything(url: str) -> None:
    first = LearningStore(url)
    key = first.register("Ana")
    first.record(key, attempt(case="a"))
    first.record(key, attempt(case="b"))
    before = first.export_csv()
    first.dispose()
    second = LearningStore(url)
    try:
        assert second.learner(key).nickname == "Ana"
        assert second.mastery(key)["cartouche1"].state == "mastered"
        assert second.export_csv() == before
    finally:
        second.dispose()


def writer(job: tuple[str, str, int, float]) -> int:
    """In a worker process: record ``count`` answers for the learner ``key`` from the agreed moment on."""
    url, key, count, at = job
    learning = LearningStore(url, busy_timeout=20.0)
    time.sleep(max(0.0, at - time.time()))
    for i in range(count):
        learning.record(key, attempt(rule="temple1", case=f"c{key[:4]}-{i}", correct=i % 2 == 0))
    learning.dispose()
    return count


def test_two_processes_record_at_once(url: str) -> None:
    learning = LearningStore(url)
    try:
        keys = [learning.register("Ana"), learning.register("Ben")]
        at = time.time() + 3.0
        with SPAWN.Pool(2) as pool:
            done = pool.map(writer, [(url, key, 40, at) for key in keys], chunksize=1)
        assert done == [40, 40]
        for key in keys:
            answers = learning.attempts(key)
            assert len(answers) == 40 and len({a.case for a in answers}) == 40
        grid = learning.class_grid()
        assert [row.records["temple1"].attempts for row in grid] == [40, 40]
        assert learning.export_csv().count("\n") == 81
    finally:
        learning.dispose()
