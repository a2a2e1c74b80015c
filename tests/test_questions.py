"""One family of questions: every exercise, predict question and practice case is an exercise kind that knows
its rule, checks an answer and yields one attempt to record; the words answers are read from are the catalogs'."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from aton import BLUE, RED
from aton.errors import UnreadableAnswer
from aton.i18n import languages
from aton.teaching import curriculum, lessons
from aton.teaching.answers import WORDS, as_player, as_yes_no, fold, meaning, words
from aton.teaching.diagnoses import predict_questions, wrong_answers
from aton.teaching.exercise import Exercise
from aton.teaching.mastery import problem
from aton.teaching.predict import PredictFlow
from aton.teaching.variants import another_like

VALUES: dict[str, Any] = {"red": RED, "blue": BLUE, "nobody": None, "yes": True, "no": False}
"""What each meaning of the catalogs' answer words reads as."""


def _read(name: str, word: str) -> Any:
    return as_yes_no(word) if name in ("yes", "no") else as_player(word)


def _spelled(word: str) -> Iterator[str]:
    """``word`` as a learner may type it: as written, in capitals, with spaces around, without accents."""
    yield word
    yield word.upper()
    yield f"  {word.capitalize()} "
    yield fold(word)


def test_every_meaning_has_words_in_every_language() -> None:
    assert set(WORDS) == set(VALUES)
    for name in WORDS:
        for lang in languages():
            assert words(name, lang), f"no word for {name!r} in {lang}"
    assert "rouge" in words("red", "fr") and "oui" in words("yes", "fr") and "personne" in words("nobody", "fr")
    assert words("red", "en") == ("red",) and "draw" in words("nobody", "en")


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("name", list(VALUES))
def test_every_answer_word_parses_whatever_its_case_spaces_and_accents(name: str, lang: str) -> None:
    for word in words(name, lang):
        for typed in _spelled(word):
            assert _read(name, typed) == VALUES[name], f"{typed!r} ({lang}) is not read as {name}"


def test_no_word_means_two_answers_in_any_language() -> None:
    seen: dict[str, str] = {}
    for name in WORDS:
        for lang in languages():
            for word in words(name, lang):
                assert seen.setdefault(fold(word), name) == name, f"{word!r} means {name} and {seen[fold(word)]}"


def test_words_of_no_meaning_are_refused_with_a_message() -> None:
    for read, word in ((as_player, "green"), (as_player, "vert"), (as_yes_no, "maybe"), (as_yes_no, "peut-être")):
        with pytest.raises(UnreadableAnswer):
            read(word)
    with pytest.raises(KeyError):
        meaning("oui", {"red": RED})
    assert as_player("Égalité") is None and as_player("egalite") is None


# ------------------------------------------------------------------ the questions
def _round_questions() -> list[Exercise]:
    scored = lessons.play_round(
        lessons.load_position("scoring"), red=(3, 2, 1, 3), blue=(4, 2, 1, 2), through_scoring=True
    )
    kingdom = lessons.play_round(lessons.load_position("cartouche-2"), red=(2, 4, 1, 3), blue=(2, 4, 1, 4))
    return predict_questions(scored) + predict_questions(kingdom)


def _questions() -> list[tuple[str, Exercise]]:
    found: list[tuple[str, Exercise]] = [("exercise", curriculum.exercise(name)) for name in curriculum.EXERCISES]
    found += [("predict", question) for question in _round_questions()]
    practice = another_like(curriculum.exercise("cartouche1-tie"), seed=1)
    assert practice is not None
    found.append(("practice", practice))
    return found


QUESTIONS = _questions()


def test_predict_questions_are_exercise_kinds_of_the_tutorials() -> None:
    asked = [question for source, question in QUESTIONS if source == "predict"]
    names = {question.name for question in asked}
    assert names == {"predict_order", "predict_removal", "predict_temples", "predict_placement", "predict_score"}
    tutorial_kinds = {type(question) for source, question in QUESTIONS if source == "exercise"}
    for question in asked:
        assert type(question).__module__ != "aton.teaching.predict", type(question)
        assert question.kind and question.kind != question.name
    # the four kinds that are also asked in the tutorials are the tutorials' own classes
    assert sum(type(question) in tutorial_kinds for question in asked) >= 4
    assert {question.kind for question in asked} == {"first_player", "removal", "temples", "kingdom", "score_line"}


@pytest.mark.parametrize(("source", "question"), QUESTIONS, ids=[f"{s}-{q.name or q.kind}" for s, q in QUESTIONS])
def test_every_question_checks_right_and_wrong_answers_and_yields_one_attempt(source: str, question: Exercise) -> None:
    assert question.rule and question.recordable()
    right = question.shown_answer()
    assert question.check(right).correct
    made = question.attempt(right, correct=True, source=source)
    assert problem(made) is None and made.correct and made.mistake is None
    assert (made.rule, made.source, made.answer_type) == (question.rule, source, question.answer_type)
    assert made.question == (question.name or question.kind)
    wrong = wrong_answers(question)
    assert wrong, "no wrong answer to try"
    for value in wrong[:6]:
        feedback = question.check(value, attempt=1)
        assert feedback.readable and not feedback.correct
        missed = question.attempt(value, correct=False, source=source)
        assert problem(missed) is None and not missed.correct and missed.case == made.case
        found = question.diagnose(value)
        assert missed.mistake == (None if found is None else found.name)


def test_an_unreadable_answer_yields_an_attempt_without_a_mistake() -> None:
    question = curriculum.exercise("cartouche1-tie")
    assert not question.check("six").readable
    assert question.attempt("six", correct=False).mistake is None


def test_a_step_through_records_one_attempt_per_question_answered() -> None:
    flow = PredictFlow(lessons.play_round(lessons.load_position("scoring-practice"), (3, 2, 1, 2), (4, 2, 1, 1)))
    asked = []
    while (question := flow.next_question()) is not None:
        asked.append(question)
        wrong = wrong_answers(question)
        flow.answer(wrong[0] if wrong else question.shown_answer())
        if flow.pending is not None:
            flow.answer(question.shown_answer())
    assert [attempt.question for attempt in flow.record] == [question.name for question in asked]
    assert all(attempt.source == "predict" for attempt in flow.record)
    assert [attempt.given_away for attempt in flow.record] == [question.rule_fixed for question in asked]
