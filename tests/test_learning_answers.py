"""Every answer recorded: the attempt each kind of question makes, and the recorder the page wires in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from aton.teaching import curriculum, lessons
from aton.teaching.exercise import Exercise
from aton.teaching.mastery import Attempt, problem
from aton.widgets.exercises import ExerciseWidget
from aton.widgets.recording import current_recorder, use_recorder


class Keep:
    """A recorder keeping what it is handed; ``refuse`` makes it say the write failed."""

    def __init__(self, refuse: str | None = None) -> None:
        self.kept: list[Attempt] = []
        self.refuse = refuse

    def record(self, attempt: Attempt, lang: str) -> str | None:
        if self.refuse is not None:
            return f"{self.refuse} ({lang})"
        assert problem(attempt) is None, problem(attempt)  # what the store would refuse
        self.kept.append(attempt)
        return None


@pytest.fixture
def kept() -> Iterator[Keep]:
    recorder = Keep()
    use_recorder(recorder)
    yield recorder
    use_recorder(None)


def _wrong_with_mistake(exercise: Exercise) -> object:
    for mistake in exercise.mistakes:
        for answer in sorted(mistake.answers, key=repr):
            return answer
    raise AssertionError("no foreseen mistake")


def test_an_exercise_records_its_first_try_only(kept: Keep) -> None:
    exercise = curriculum.exercise("cartouche1-tie")
    widget = ExerciseWidget(exercise, board=None)
    wrong = _wrong_with_mistake(exercise)
    widget.answer = wrong
    assert not widget.check().correct
    widget.answer = exercise.answer
    assert widget.check().correct  # the second try is not recorded
    assert len(kept.kept) == 1
    first = kept.kept[0]
    assert (first.rule, first.question, first.source, first.correct) == (
        "cartouche1",
        "cartouche1-tie",
        "exercise",
        False,
    )
    assert first.mistake == exercise.diagnose(wrong).name  # type: ignore[union-attr]
    assert first.answer_type == "number" and not first.given_away
    assert first.case == curriculum.exercise("cartouche1-tie").attempt(0, correct=True).case


def test_a_right_choice_counts_its_options_and_an_answer_shown_first_is_given_away(kept: Keep) -> None:
    name = next(n for n in curriculum.EXERCISES if curriculum.exercise(n).answer_type == "choice")
    exercise = curriculum.exercise(name)
    widget = ExerciseWidget(exercise, board=None)
    widget.answer = exercise.answer
    assert widget.check().correct
    assert kept.kept[-1].correct and kept.kept[-1].options == len(exercise.options) >= 2
    assert kept.kept[-1].mistake is None
    again = ExerciseWidget(curriculum.exercise(name), board=None)
    again.show_answer()
    again.answer = exercise.answer
    again.check()
    assert kept.kept[-1].given_away and len(kept.kept) == 2


def test_another_one_like_this_records_a_practice_case(kept: Keep) -> None:
    widget = ExerciseWidget(curriculum.exercise("cartouche1-tie"), board=None)
    widget.answer = widget.exercise.answer
    widget.check()
    made = widget.another()
    assert made is not None
    widget.answer = made.answer
    assert widget.check().correct
    assert [a.source for a in kept.kept] == ["exercise", "practice"]
    assert kept.kept[1].question == "cartouche1-tie" and kept.kept[1].rule == "cartouche1"


def test_a_predict_question_records_its_rule(kept: Keep) -> None:
    from aton.widgets import Stepper

    scored = lessons.play_round(
        lessons.load_position("scoring"), red=(3, 2, 1, 3), blue=(4, 2, 1, 2), through_scoring=True
    )
    stepper = Stepper(scored, at="first", predict=True)
    while stepper.question is None:
        stepper.forward()
    question = stepper.question.exercise
    stepper.answer(question.shown_answer())
    assert len(kept.kept) == 1
    attempt = kept.kept[0]
    assert attempt.source == "predict" and attempt.correct and attempt.rule == question.rule
    assert attempt.question == question.name and question.name.startswith("predict_")


def test_a_refused_write_shows_on_the_page_and_the_widget_keeps_working() -> None:
    use_recorder(Keep(refuse="The record could not be kept"))
    try:
        widget = ExerciseWidget(curriculum.exercise("cartouche1-tie"), board=None, lang="fr")
        widget.answer = widget.exercise.answer
        assert widget.check().correct
        assert "aton-record-failed" in widget.feedback.value and "(fr)" in widget.feedback.value
        assert widget.another() is not None  # still answers
    finally:
        use_recorder(None)


def test_a_broken_recorder_does_not_break_the_question() -> None:
    class Broken:
        def record(self, attempt: Attempt, lang: str) -> str | None:
            raise RuntimeError("disk gone")

    use_recorder(Broken())
    try:
        widget = ExerciseWidget(curriculum.exercise("cartouche1-tie"), board=None)
        widget.answer = widget.exercise.answer
        assert widget.check().correct and "disk gone" in widget.record_note
    finally:
        use_recorder(None)


def test_without_a_recorder_nothing_is_recorded() -> None:
    assert current_recorder() is None
    widget = ExerciseWidget(curriculum.exercise("cartouche1-tie"), board=None)
    widget.answer = widget.exercise.answer
    assert widget.check().correct and widget.record_note == "" and "aton-record-failed" not in widget.feedback.value
