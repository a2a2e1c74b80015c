"""A first wrong try names the mistake without the answer.

Every wrong answer of every exercise of the tutorials (each wrong option, each set of temples, each legal
square that misses), and of the questions a "Predict first" step-through of its round asks, is tried in
English and in French: the first-try text must not state the answer (as the language writes it: a figure,
a name such as Red or nobody, temples, a square), nor every figure that decides it (both cards on
cartouche 1, both players' counters in a temple...), unless a rule alone fixes the answer.  The second try
still gives the answer.  Wrong sets of temples and wrong squares get a diagnosis of their own.
"""

from __future__ import annotations

import dataclasses

import pytest

from aton.teaching import curriculum
from aton.teaching.diagnoses import (
    figures,
    first_tries,
    first_try_leak,
    first_try_leaks,
    wording_leak,
    wrong_answers,
    wrong_choices_diagnosed,
)
from aton.teaching.exercise import Exercise
from aton.teaching.feedback import Mistake, Text
from aton.teaching.variants import another_like, has_variants

LANGS = ("en", "fr")


@pytest.mark.parametrize("name", list(curriculum.EXERCISES))
def test_no_first_wrong_try_gives_the_answer_away(name: str) -> None:
    tries = list(first_tries([name]))
    assert tries, f"{name}: no wrong answer was tried"
    assert {attempt.lang for attempt in tries} == set(LANGS)
    leaks = [f"{a.name} ({a.lang}) {a.answer!r}: {a.leak} in {a.text!r}" for a in tries if a.leak is not None]
    assert leaks == [], "\n".join(leaks)


def test_every_exercise_and_its_predict_questions_are_read() -> None:
    leaks, total = first_try_leaks()
    tries = list(first_tries())
    assert total == len(tries) > 2000
    kinds = {attempt.exercise.kind for attempt in tries}
    names = {attempt.exercise.name for attempt in tries}
    assert {"predict_order", "predict_removal", "predict_temples", "predict_placement", "predict_score"} <= names
    assert {"temples", "scoring_removal", "placement", "winner", "first_player", "kingdom", "score_line"} <= kinds
    assert leaks == []


def _with_first_try(item: Exercise, wrong: object, sentence: str) -> Exercise:
    """``item`` whose first try at ``wrong`` says ``sentence``."""
    mistake = Mistake("made-up", frozenset([item.read(wrong)]), Text(lambda lang: sentence))
    return dataclasses.replace(item, mistakes=(mistake,))


@pytest.mark.parametrize(
    ("name", "wrong", "sentence"),
    [
        # the leaks the issue names, as the feedback used to say them
        ("winner-round-limit", None, "Nobody would mean equal scores; here they are 25 for Red and 21 for Blue."),
        ("winner-scoring", None, "Here they are 51 for Red and 37 for Blue."),
        ("score-temple3", 1, "1 would mean a majority with 1 counter; Blue has 4 there and Red 2."),
        ("no-stock", 1, "1 would mean that only 1 could be placed; Blue had 2 in stock and a 4 on cartouche 4."),
        ("removal-three", 3, "3 is more than the card asks for: a 4 on cartouche 2 removes 2."),
        ("temple3-count", 0, "0 would leave 11 empty squares in temple 3 beside 1 of Blue; it has 8."),
        ("cartouche1-red", 0, "0 would mean Red's card is not the higher one; here Red has 4 against 1."),
        ("score-temple1", 1, "They have 7 and 5."),
        ("first-tie", "the other player, by a war", "Blue acts first."),
        ("temples-blue", frozenset({3}), "Blue may use temples 1 and 2."),
        ("temples-blue", frozenset({3}), "Blue's card on cartouche 3 opens temples 1 and 2."),
        ("win-green", (1, 1), "Place on square 4-5."),
        ("square-black", "Y", "It is a black (K) square."),
    ],
)
def test_the_check_finds_a_first_try_that_gives_the_answer_away(name: str, wrong: object, sentence: str) -> None:
    item = curriculum.exercise(name)
    if name == "first-tie":
        wrong = (item.answer.other, "war")
    for lang in LANGS:
        text = _with_first_try(item, wrong, sentence).check(wrong, lang, attempt=1).explanation
        assert sentence in text
        assert first_try_leak(item, text, "en") is not None, text


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("removal-three", "Read the card on cartouche 2 again; temples 1 to 3, square 2-5, a card v removes v - 2."),
        ("score-temple2", "Temple 2 gives 5 points to its majority, or nothing."),  # the rule fixes the answer
        ("score-black", "The black squares give 8 points to their majority, or nothing."),
        ("winner-round-limit", "Work out both scores: Red 19 and Blue 21 before the round."),  # both named
        ("temple3-count", "Blue has 1 counter there."),  # one deciding figure of two
    ],
)
def test_names_rules_and_one_figure_are_no_leak(name: str, sentence: str) -> None:
    assert first_try_leak(curriculum.exercise(name), sentence, "en") is None


def test_figures_leave_out_the_numbers_that_name_things() -> None:
    said = figures("Cartouches 1 and 2 tied, temples 1, 2, and 4, square 2-5, +2; Red has 4 and Blue 4.")
    assert said == {4: 2}
    assert figures("Le cartouche 3 ouvre les temples 1 à 3 ; Bleu en a 2.") == {2: 1}


@pytest.mark.parametrize("name", list(curriculum.EXERCISES))
def test_the_second_try_still_gives_the_answer(name: str) -> None:
    item = curriculum.exercise(name)
    for wrong in wrong_answers(item)[:3]:
        for lang in LANGS:
            second = item.check(wrong, lang, attempt=2)
            assert not second.correct and item.answer_label(lang) in second.explanation, (name, lang, wrong)
            assert item.rule_line(lang) in second.explanation


@pytest.mark.parametrize(
    "name", ["temples-blue", "scoring-removal-red", "win-yellow", "win-temple", "win-green", "removal-choice"]
)
def test_every_wrong_set_of_temples_and_every_wrong_square_gets_a_diagnosis(name: str) -> None:
    item = curriculum.exercise(name)
    wrong = wrong_answers(item)
    assert wrong
    for answer in wrong:
        mistake = item.diagnose(answer)
        assert mistake is not None, (name, answer)
        for lang in LANGS:
            assert mistake.diagnosis[lang] in item.check(answer, lang, attempt=1).explanation


def test_the_measure_counts_the_sets_and_squares_diagnosed() -> None:
    diagnosed, total = wrong_choices_diagnosed()
    assert total > 50 and diagnosed == total
    bare = dataclasses.replace(curriculum.exercise("temples-blue"), mistakes=())
    assert wrong_choices_diagnosed([bare]) == (0, 15)


def test_the_diagnoses_of_temples_and_squares_say_what_was_chosen() -> None:
    temples = curriculum.exercise("temples-blue")  # Blue's card on cartouche 3 is a 2: temples 1 and 2
    assert "Temple 4 is not open to Blue" in temples.check([1, 2, 3, 4], attempt=1).explanation
    assert "Temple 3 is not open to Blue" in temples.check([1, 2, 3], attempt=1).explanation
    assert "no gap" in temples.check([1, 3], attempt=1).explanation
    assert "Le temple 4 n'est pas ouvert à Bleu" in temples.check([1, 2, 3, 4], "fr", attempt=1).explanation
    removal = curriculum.exercise("scoring-removal-red")
    assert "left out a temple where Red still has counters" in removal.check([1, 2], attempt=1).explanation
    green = curriculum.exercise("win-green")
    text = green.check("1-1", attempt=1).explanation
    assert "That is a yellow square, in temple 1" in text and "4-5" not in text
    choice = curriculum.exercise("removal-choice")
    assert "That is a yellow square, not a black one" in choice.check("1-1", attempt=1).explanation


def test_the_question_s_own_wording_is_checked_too() -> None:
    item = curriculum.exercise("cartouche1-red")
    assert wording_leak(item, "en") is None  # the cards played are the question's material
    told = dataclasses.replace(item, question=Text(lambda lang: "Red scores 6 points. How many?"))
    assert wording_leak(told, "en") == "the answer 6"


@pytest.mark.parametrize("name", [n for n in curriculum.EXERCISES if has_variants(curriculum.exercise(n))])
def test_another_one_like_this_gives_no_answer_away_at_the_first_try(name: str) -> None:
    """The texts are written for any case, not for the tutorials' positions: the cases "Another one like
    this" deals are read the same way."""
    original = curriculum.exercise(name)
    leaks = []
    for seed in range(1, 6):
        variant = another_like(original, seed=seed)
        if variant is None:
            continue
        for wrong in wrong_answers(variant):
            for lang in LANGS:
                text = variant.check(wrong, lang, attempt=1).explanation
                leak = first_try_leak(variant, text, lang, given=wrong)
                if leak is not None:
                    leaks.append(f"seed {seed} ({lang}) {wrong!r}: {leak} in {text!r}")
    assert leaks == [], "\n".join(leaks)
