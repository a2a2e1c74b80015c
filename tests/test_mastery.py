"""Mastery per rule (knowledge tracing with a floor of two different cases) and the choice of the next rule."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from aton.teaching import mastery
from aton.teaching.mastery import (
    DAY,
    IN_LESSON_AFTER,
    MASTERED_AT,
    Attempt,
    Choice,
    Params,
    Problem,
    RuleRecord,
    case_key,
    guess_rate,
    next_rule,
    problem,
    trace,
)
from aton.teaching.syllabus import RULES

T0 = 1_800_000_000.0


def answer(rule: str, case: str, correct: bool, at: float, *, kind: str = "number", options: int = 0,
           mistake: str | None = None, given_away: bool = False) -> Attempt:  # fmt: skip
    return Attempt(
        rule=rule, question=f"{rule}-q", case=case, correct=correct, time=at, answer_type=kind, options=options,
        mistake=None if correct else mistake, given_away=given_away,
    )  # fmt: skip


def state(attempts: list[Attempt], rule: str = "cartouche1") -> str:
    return trace(attempts)[rule].state


# ------------------------------------------------------------------ the model
def test_every_rule_starts_not_seen() -> None:
    records = trace([])
    assert list(records) == [entry.id for entry in RULES]
    assert {record.state for record in records.values()} == {"not seen"}


def test_two_right_answers_on_the_same_case_do_not_master() -> None:
    same = [answer("cartouche1", "case-a", True, T0 + i) for i in range(6)]
    record = trace(same)["cartouche1"]
    assert record.p_known >= MASTERED_AT  # the chance alone would say mastered...
    assert record.cases == 1 and record.state == "practising"  # ...the floor of two different cases does not
    assert state([*same, answer("cartouche1", "case-b", True, T0 + 10)]) == "mastered"


def test_two_right_numbers_on_different_cases_master() -> None:
    attempts = [answer("temple2", "a", True, T0), answer("temple2", "b", True, T0 + 1)]
    record = trace(attempts)["temple2"]
    assert record.state == "mastered" and record.cases == 2 and record.mastered_time == T0 + 1
    assert trace(attempts[:1])["temple2"].state == "practising"


def test_a_choice_a_coin_could_answer_needs_more_right_answers() -> None:
    assert guess_rate("choice", 2) == 0.5 and guess_rate("choice", 3) == pytest.approx(1 / 3)
    assert guess_rate("number") == guess_rate("square") == guess_rate("temples") == 0.1
    yes_no = [answer("order", str(i), True, T0 + i, kind="choice", options=2) for i in range(10)]
    needed = next(n for n in range(1, 11) if state(yes_no[:n], "order") == "mastered")
    numbers = [answer("order", str(i), True, T0 + i) for i in range(10)]
    assert next(n for n in range(1, 11) if state(numbers[:n], "order") == "mastered") == 2
    assert needed == 5  # 0.2 -> 0.45 -> 0.68 -> 0.83 -> 0.92 -> 0.96
    three = [answer("order", str(i), True, T0 + i, kind="choice", options=3) for i in range(10)]
    assert 2 < next(n for n in range(1, 11) if state(three[:n], "order") == "mastered") < needed


def test_the_chance_of_knowing_follows_bayes() -> None:
    params = Params()
    p0, guess, slip = params.p_init, 0.1, params.slip
    posterior = p0 * (1 - slip) / (p0 * (1 - slip) + (1 - p0) * guess)
    expected = posterior + (1 - posterior) * params.p_learn
    assert trace([answer("black", "a", True, T0)])["black"].p_known == pytest.approx(expected)
    posterior = p0 * slip / (p0 * slip + (1 - p0) * (1 - guess))
    expected = posterior + (1 - posterior) * params.p_learn
    assert trace([answer("black", "a", False, T0)])["black"].p_known == pytest.approx(expected)


def test_a_later_miss_marks_review_and_right_answers_master_again() -> None:
    attempts = [answer("cartouche1", "a", True, T0), answer("cartouche1", "b", True, T0 + 1)]
    assert state(attempts) == "mastered"
    attempts.append(answer("cartouche1", "c", False, T0 + 2, mistake="doubled"))
    record = trace(attempts)["cartouche1"]
    assert record.state == "review" and record.last_miss == T0 + 2 and record.last_mistake == "doubled"
    assert record.p_known < MASTERED_AT
    attempts.append(answer("cartouche1", "d", True, T0 + 3))
    assert state(attempts) == "mastered"


def test_a_miss_before_mastery_is_practising_not_review() -> None:
    attempts = [answer("cartouche1", "a", False, T0), answer("cartouche1", "b", True, T0 + 1)]
    assert state(attempts[:1]) == "practising" and state(attempts) == "practising"


def test_given_away_answers_and_unknown_rules_move_nothing() -> None:
    given = [answer("temple1", str(i), True, T0 + i, given_away=True) for i in range(5)]
    assert state(given, "temple1") == "not seen"
    stray = [Attempt(rule="gone", question="q", case="c", correct=True, time=T0)]
    assert all(record.state == "not seen" for record in trace(stray).values())


def test_attempts_are_taken_in_time_order() -> None:
    ordered = [
        answer("cartouche1", "a", True, T0), answer("cartouche1", "b", True, T0 + 1),
        answer("cartouche1", "c", False, T0 + 2),
    ]  # fmt: skip
    assert state(ordered) == "review"
    assert state([ordered[2], ordered[0], ordered[1]]) == "review"  # same times, another list order
    moved = [answer("cartouche1", "c", False, T0 - 1), ordered[0], ordered[1]]
    assert state(moved) == "mastered"


# ------------------------------------------------------------------ checking attempts
@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"rule": "nope"}, "rule", "unknown"),
        ({"question": ""}, "question", "empty"),
        ({"question": "x" * 81}, "question", "too_long"),
        ({"case": "=cmd()"}, "case", "characters"),
        ({"case": "a\nb"}, "case", "characters"),
        ({"mistake": 3}, "mistake", "type"),
        ({"correct": "yes"}, "correct", "type"),
        ({"source": "quiz"}, "source", "unknown"),
        ({"answer_type": "essay"}, "answer_type", "unknown"),
        ({"options": -1}, "options", "type"),
        ({"options": True}, "options", "type"),
        ({"time": math.nan}, "time", "type"),
        ({"given_away": None}, "given_away", "type"),
    ],
)
def test_a_malformed_attempt_names_its_field(change: dict[str, object], field: str, reason: str) -> None:
    good = Attempt(rule="draw", question="draw-pile", case="seed=3 round=2", correct=True)
    assert problem(good) is None
    found = problem(Attempt(**{**good.to_dict(), **change}))
    assert isinstance(found, Problem) and (found.field, found.reason) == (field, reason)


def test_an_attempt_round_trips_through_its_dict() -> None:
    one = Attempt(rule="draw", question="draw-pile", case="k", correct=False, mistake="m", source="practice")
    assert Attempt.from_dict(one.to_dict()) == one
    with pytest.raises(ValueError, match="unknown attempt field"):
        Attempt.from_dict({**one.to_dict(), "cards": [1, 2]})
    with pytest.raises(ValueError, match="missing"):
        Attempt.from_dict({"rule": "draw"})


def test_case_keys_tell_cases_apart_without_showing_them() -> None:
    assert case_key(7, 2, (1, 2, 3, 4)) != case_key(7, 2, (1, 2, 3, 3))
    assert "1, 2, 3, 4" not in case_key(7, 2, (1, 2, 3, 4)) and len(case_key("x")) == 16


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess in Pyodide (where it runs all the same)")
def test_the_model_needs_only_the_standard_library() -> None:
    code = (
        "import sys; import aton.teaching.mastery; "
        "print(sorted(m for m in ('sqlalchemy', 'ipywidgets', 'aton.rooms') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# ------------------------------------------------------------------ the next rule
def test_nothing_to_practise_before_any_tutorial() -> None:
    assert next_rule(trace([]), [], T0) is None


def test_the_first_not_seen_rule_of_a_done_tutorial_comes_first() -> None:
    choice = next_rule(trace([]), ["02"], T0)
    assert choice == Choice("draw", "not seen")
    assert next_rule(trace([]), ["05"], T0) == Choice("scoring-when", "not seen")


def test_a_not_seen_rule_comes_before_a_mastered_one() -> None:
    attempts = [answer("draw", "a", True, T0), answer("draw", "b", True, T0 + 1)]
    records = trace(attempts)
    assert records["draw"].state == "mastered"
    choice = next_rule(records, ["02"], T0 + 60)
    assert choice == Choice("exchange", "not seen")


def test_the_rule_missed_most_recently_comes_first() -> None:
    attempts = [
        answer("draw", "a", False, T0), answer("cartouche1", "a", False, T0 + 1), answer("exchange", "a", True, T0 + 2)
    ]  # fmt: skip
    assert next_rule(trace(attempts), ["02"], T0 + 3) == Choice("cartouche1", "missed")
    attempts.append(answer("draw", "b", False, T0 + 4))
    assert next_rule(trace(attempts), ["02"], T0 + 5) == Choice("draw", "missed")


def test_a_rule_in_review_comes_before_everything() -> None:
    attempts = [
        answer("draw", "a", True, T0), answer("draw", "b", True, T0 + 1), answer("draw", "c", False, T0 + 2),
        answer("exchange", "a", False, T0 + 3),
    ]  # fmt: skip
    assert next_rule(trace(attempts), ["02"], T0 + 4) == Choice("draw", "review")


def test_rules_being_practised_interleave() -> None:
    attempts = [answer("draw", "a", True, T0), answer("exchange", "a", True, T0 + 1)]
    # both practising with the same chance of knowing: the one not just answered comes first
    assert next_rule(trace(attempts), ["02"], T0 + 2) == Choice("draw", "practising")
    attempts.append(answer("draw", "a", True, T0 + 3))  # the same case again: still practising
    assert next_rule(trace(attempts), ["02"], T0 + 4) == Choice("exchange", "practising")


def test_rules_of_tutorials_not_done_wait_unless_answered() -> None:
    first = next_rule(trace([]), ["03"], T0)
    assert first is not None and first.rule in {e.id for e in RULES if e.tutorial == "03"}
    attempts = [answer("temple3", "a", False, T0)]
    assert next_rule(trace(attempts), [], T0 + 1) == Choice("temple3", "missed")


def test_rules_without_an_exercise_are_not_dealt() -> None:
    allowed = mastery.practicable_rules()
    assert allowed and all(entry.exercises for entry in RULES if entry.id in allowed)
    text_only = [entry.id for entry in RULES if entry.text_only is not None]
    assert not set(text_only) & set(allowed)
    assert next_rule(trace([]), ["02"], T0, practicable=["cartouche1"]) == Choice("cartouche1", "not seen")


def mastered_02(at: float) -> list[Attempt]:
    """Every dealt rule of tutorial 02 mastered at ``at``."""
    rules = [entry.id for entry in RULES if entry.tutorial == "02" and entry.id in mastery.practicable_rules()]
    return [answer(rule, case, True, at + i * 0.1) for i, (rule, case) in enumerate(
        (rule, case) for rule in rules for case in ("a", "b"))]  # fmt: skip


def test_a_spaced_repeat_comes_after_its_interval() -> None:
    attempts = mastered_02(T0)
    records = trace(attempts)
    assert {records[r].state for r in ("draw", "exchange", "cartouche1")} == {"mastered"}
    before = next_rule(records, ["02"], T0 + DAY - 60)
    assert before is not None and before.reason == "ahead"  # nothing due yet: the one due soonest
    after = next_rule(records, ["02"], T0 + DAY + 1)
    assert after == Choice("draw", "repeat")  # the first mastered is the most overdue
    # a right repeat puts the next one 1 day later, then 3 days, then 7
    attempts.append(answer("draw", "c", True, T0 + DAY + 2))
    record = trace(attempts)["draw"]
    assert record.repeats == 1 and record.due(T0) == T0 + 2 * DAY + 2
    attempts.append(answer("draw", "d", True, T0 + 2 * DAY + 3))
    assert trace(attempts)["draw"].due(T0) == T0 + 5 * DAY + 3
    attempts.append(answer("draw", "e", True, T0 + 5 * DAY + 4))
    assert trace(attempts)["draw"].due(T0) == T0 + 12 * DAY + 4
    attempts.append(answer("draw", "f", True, T0 + 12 * DAY + 5))
    assert trace(attempts)["draw"].due(T0) == T0 + 19 * DAY + 5


def test_the_in_lesson_repeat_comes_after_other_cases() -> None:
    attempts = [answer("draw", "a", True, T0), answer("draw", "b", True, T0 + 1)]
    others = [answer("temple1", str(i), False, T0 + 2 + i) for i in range(IN_LESSON_AFTER)]
    records = trace(attempts + others[:-1])
    assert records["draw"].others_since == IN_LESSON_AFTER - 1 and records["draw"].due(T0) == T0 + 1 + DAY
    records = trace(attempts + others)
    assert records["draw"].due(T0) == -math.inf
    # due now, yet a missed rule still comes first; once nothing is missed the repeat comes
    assert next_rule(records, ["02", "05"], T0 + 100) == Choice("temple1", "missed")
    records = {**records, "temple1": RuleRecord("temple1")}
    assert next_rule(records, ["02"], T0 + 100) == Choice("draw", "repeat")


def test_the_choice_depends_only_on_its_inputs() -> None:
    attempts = [*mastered_02(T0), answer("temple1", "a", False, T0 + 5), answer("order", "a", True, T0 + 6)]
    records = trace(attempts)
    choices = {next_rule(records, ["02", "03", "05"], T0 + 7) for _ in range(20)}
    assert len(choices) == 1
    assert trace(list(reversed(attempts))) == records
