"""Every rule of the registry is taught: an explained event, a tutorial section with a prepared position and
an exercise checked by the engine, in English and in French; every exercise's expected mistakes are tested."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aton.events import EVENT_KINDS
from aton.explain import RULES as EVENT_RULES
from aton.i18n import languages, render
from aton.teaching import curriculum, lessons, syllabus

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "fr")


def _notebook(tutorial: str, lang: str) -> tuple[set[str], str]:
    folder = ROOT / "tutorials" / ("fr" if lang == "fr" else "")
    (path,) = sorted(folder.glob(f"{tutorial}-*.ipynb"))
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    headings = {
        line[3:].strip()
        for cell in cells
        if cell["cell_type"] == "markdown"
        for line in "".join(cell["source"]).splitlines()
        if line.startswith("## ")
    }
    code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    return headings, code


def test_both_languages_are_in_the_catalogs() -> None:
    assert set(LANGS) <= set(languages())


@pytest.mark.parametrize("entry", syllabus.RULES, ids=lambda entry: entry.id)
@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_is_taught(entry: syllabus.Rule, lang: str) -> None:
    assert entry.events, f"{entry.id}: no event shows this rule"
    for kind in entry.events:
        assert kind in EVENT_KINDS, f"{entry.id}: event {kind!r} has no explanation"
        assert f"rule {kind}" in EVENT_RULES, f"{entry.id}: event {kind!r} has no rule line"
    title = syllabus.rule_title(entry.id, lang)
    section = syllabus.section_title(entry.id, lang)
    if lang != "en":
        assert title != syllabus.rule_title(entry.id, "en"), f"{entry.id}: the rule is not translated to {lang}"
    headings, code = _notebook(entry.tutorial, lang)
    assert section in headings, f"{entry.id}: tutorial {entry.tutorial} ({lang}) has no section {section!r}"
    if entry.text_only is not None:
        assert not entry.exercises, f"{entry.id}: a text-only rule lists exercises"
        assert render(entry.text_only, lang)
        return
    assert entry.positions, f"{entry.id}: no teaching position"
    for name in entry.positions:
        assert name in lessons.position_names(), f"{entry.id}: no position {name!r}"
        assert f'"{name}"' in code, f"{entry.id}: tutorial {entry.tutorial} ({lang}) never loads {name!r}"
    assert entry.exercises, f"{entry.id}: no exercise"
    assert f'curriculum.exercises("{entry.tutorial}")' in code
    for name in entry.exercises:
        number, _build = curriculum.EXERCISES[name]
        assert number == entry.tutorial, f"{entry.id}: exercise {name!r} belongs to tutorial {number}"
        exercise = curriculum.exercise(name)
        assert exercise.rule == entry.id, f"{name}: its Rule line is about {exercise.rule!r}, not {entry.id!r}"
        right = min(exercise.answer) if exercise.answer_type == "square" else exercise.answer
        verdict = exercise.check(right, lang)
        assert verdict.correct and title in verdict.explanation


def test_the_registry_knows_every_exercise_and_every_rule_once() -> None:
    listed = [name for entry in syllabus.RULES for name in entry.exercises]
    board = {"square-yellow-or-not", "square-black", "temple3-count", "kingdom-room"}  # tutorial 01: the pieces
    assert set(listed) | board == set(curriculum.EXERCISES)
    ids = [entry.id for entry in syllabus.RULES]
    assert len(ids) == len(set(ids))
    with pytest.raises(ValueError, match="no rule"):
        syllabus.rule("nonsense")
    with pytest.raises(ValueError, match="no exercise"):
        curriculum.exercise("nonsense")


def _right(exercise: lessons.Exercise) -> Any:
    return min(exercise.answer) if exercise.answer_type == "square" else exercise.answer


@pytest.mark.parametrize("name", list(curriculum.EXERCISES))
def test_each_exercise_right_mistakes_and_nonsense(name: str) -> None:
    exercise = curriculum.exercise(name)
    for lang in LANGS:
        assert exercise.check(_right(exercise), lang, attempt=1).correct
        for mistake in exercise.mistakes:
            wrong = min(mistake.answers, key=repr)
            first = exercise.check(wrong, lang, attempt=1)
            assert not first.correct
            assert mistake.diagnosis[lang] in first.explanation, (name, mistake.name)
            second = exercise.check(wrong, lang, attempt=2)
            assert not second.correct and mistake.diagnosis[lang] in second.explanation
            if exercise.rule:
                assert exercise.rule_line(lang) in second.explanation
                assert exercise.rule_line(lang) not in first.explanation
        nonsense = exercise.check("a fish", lang, attempt=1)
        assert not nonsense.correct and not nonsense.readable and nonsense.explanation
    assert exercise.check("a fish").explanation != exercise.check("a fish", "fr").explanation


def test_a_hint_first_then_the_answer() -> None:
    exercise = curriculum.exercise("cartouche1-red")
    first = exercise.check(3, attempt=1)
    assert "forgot to double the difference" in first.explanation
    assert "Hint:" in first.explanation and "6" not in first.explanation
    second = exercise.check(3, attempt=2)
    assert "the answer is 6" in second.explanation
    assert second.explanation.endswith(exercise.rule_line())
    assert "The answer:" in exercise.reveal() and "6" in exercise.reveal()
    assert "Cartouche 1: the higher card scores 2 x the difference" in exercise.rule_line()


def test_the_rule_line_is_the_exercises_rule_not_the_last_events() -> None:
    """A removal-count question must not end on where removed counters go."""
    exercise = curriculum.exercise("removal-own")
    text = exercise.check(0, attempt=2).explanation
    assert text.endswith("Rule: Cartouche 2: a 1 removes one of your own counters, from the temples you open.")
    assert "A 1 is not a card that removes nothing" in text


def test_the_coverage_table_names_the_text_only_rule() -> None:
    rows = {row.rule: row for row in curriculum.coverage()}
    assert rows["war-piles"].text_only and not rows["war-piles"].exercises
    assert all(row.exercises for row in rows.values() if not row.text_only)
    assert "| war-piles |" in curriculum.coverage_table()


def test_the_teachers_guide_shows_the_registrys_table() -> None:
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    assert curriculum.coverage_table() in guide, (
        "docs/teaching.md: paste aton.teaching.curriculum.coverage_table() again"
    )


def test_a_missed_win_says_the_set_is_still_incomplete() -> None:
    exercise = curriculum.exercise("win-yellow")
    text = exercise.check("1-3", attempt=2).explanation
    assert "of the 14 yellow squares: the set is still incomplete" in text
    assert "took a square that does not win the game at once" in text
    taken = exercise.check("1-0", attempt=1)  # an occupied square: the reason, and it is not counted as a try
    assert not taken.readable and "already holds a red counter" in taken.explanation


def test_a_removal_choice_shows_the_black_counts() -> None:
    exercise = curriculum.exercise("removal-choice")
    assert "holds 3 black squares and Blue 3: no majority for Red" in exercise.check("1-1", attempt=2).explanation
    right = exercise.check("1-7").explanation
    assert "Red removes Blue's counter from temple 1, row 2, column 4" in right and "the majority." in right
