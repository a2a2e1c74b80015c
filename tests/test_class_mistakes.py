"""The class's common mistakes said as sentences for people, in both languages, from the diagnoses the learners
read: never a mistake's internal name."""

from __future__ import annotations

from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest

from aton.apps.classroom.learning import LearningView
from aton.apps.classroom.learning_panel import LearningPanel
from aton.apps.classroom.mistakes import KINDS, mistake_sentence, told
from aton.rooms import LearningStore
from aton.teaching import curriculum
from aton.teaching.mastery import Attempt
from aton.teaching.syllabus import rule_title
from aton.teaching.variants import another_like


def _every_mistake() -> set[tuple[str, str]]:
    """Every (rule, mistake) an exercise of the tutorials or one of its varied cases can diagnose."""
    found = set()
    for name in curriculum.EXERCISES:
        first = curriculum.exercise(name)
        for case in [first, *(another_like(first, seed=seed) for seed in (4, 5))]:  # seeds told() has not read
            if case is not None:
                found |= {(case.rule, mistake.name) for mistake in case.mistakes}
    return found


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_mistake_of_the_exercises_is_a_sentence_not_a_name(lang: str) -> None:
    mistakes = _every_mistake()
    assert len(mistakes) > 80
    for rule, mistake in sorted(mistakes):
        sentence = mistake_sentence(rule, mistake, lang)
        assert sentence.lstrip("« ")[0].isupper() and sentence.rstrip()[-1] in ".!?", (rule, mistake, sentence)
        assert mistake not in sentence or "-" not in mistake, (rule, mistake, sentence)
        assert sentence != mistake_sentence(rule, "no-such-mistake", lang), (rule, mistake)  # each has its words
        if lang == "fr":
            assert sentence != mistake_sentence(rule, mistake, "en"), (rule, mistake)  # translated


def test_a_diagnosis_the_same_in_every_case_is_said_as_the_learner_read_it() -> None:
    (text,) = told()[("cartouche1", "tie")]
    assert mistake_sentence("cartouche1", "tie", "en") == text["en"]
    assert text["en"] == "You forgot the tie rule: equal cards score nothing."
    assert mistake_sentence("cartouche1", "tie", "fr") == text["fr"]
    assert mistake_sentence("cartouche1", "not-doubled", "fr") == "Vous avez oublié de doubler la différence."


def test_diagnoses_that_differ_by_case_are_said_by_what_they_share_or_by_their_kind() -> None:
    assert len(told()[("removal-choice", "completes-nothing")]) > 1
    shared = mistake_sentence("removal-choice", "completes-nothing", "en")
    assert shared == (
        "You took a square that does not win the majority for the black squares; look at what each square changes."
    )
    assert all(text["en"].startswith(shared) for text in told()[("removal-choice", "completes-nothing")])
    assert len(told()[("temple2", "meaning")]) > 1
    assert mistake_sentence("temple2", "meaning", "en") == KINDS["meaning"]("en")
    assert mistake_sentence("temple2", "meaning", "fr") == KINDS["meaning"]("fr") != KINDS["meaning"]("en")
    assert mistake_sentence("draw", "score-red-wins", "en") == KINDS["score"]("en")
    assert mistake_sentence("draw", "nothing-known", "en") == "A mistake on this rule."


@pytest.fixture
def learning(tmp_path: Path) -> Iterator[LearningStore]:
    store = LearningStore(f"sqlite:///{tmp_path / 'rooms.db'}")
    yield store
    store.dispose()


def test_the_class_page_lists_the_common_mistakes_as_sentences_with_their_rule(learning: LearningStore) -> None:
    view = LearningView(learning, lesson_start=0.0)
    ana, ben = learning.register("Ana"), learning.register("Ben")
    for key, case in ((ana, "a"), (ben, "b"), (ana, "c")):
        learning.record(
            key,
            Attempt(rule="temple2", question="q", case=case, correct=False, mistake="meaning", answer_type="number"),
        )
    learning.record(
        ben, Attempt(rule="cartouche1", question="q", case="d", correct=False, mistake="tie", answer_type="number")
    )
    panel = LearningPanel(view, "en")
    panel.poll()
    said = unescape(panel.mistakes.value)
    assert f"{rule_title('temple2', 'en')}</strong> {KINDS['meaning']('en')} (3 times, by 2 learners)" in said
    assert "You forgot the tie rule: equal cards score nothing. (1 time, by 1 learner)" in said
    assert "meaning" not in said.replace(KINDS["meaning"]("en"), "")
    assert said.index(KINDS["meaning"]("en")) < said.index("tie rule")  # the most frequent first
    panel.lang = "fr"
    said = unescape(panel.mistakes.value)
    assert f"{rule_title('temple2', 'fr')}</strong> {KINDS['meaning']('fr')} (3 fois, par 2 élèves)" in said
    view.show(view.rows[1].learner.id)  # Ben's answers: the mistake as a sentence too
    assert view.attempt_cells(view.shown_attempts[-1], "fr")[4] == mistake_sentence("cartouche1", "tie", "fr")
