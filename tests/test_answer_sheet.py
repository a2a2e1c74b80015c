"""The teacher's answer sheet: made from the exercises, in every language, and the committed files kept in step."""

from __future__ import annotations

from pathlib import Path

import pytest

from aton.cli import main
from aton.i18n import languages
from aton.teaching.answer_sheet import answer_sheet, predict_rounds, sheet_html, sheet_markdown
from aton.teaching.curriculum import EXERCISES, exercise

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def tutorials(lang: str) -> Path:
    return ROOT / ("tutorials" if lang == "en" else f"tutorials/{lang}")


def sheet_file(lang: str, suffix: str) -> Path:
    return DOCS / (f"answer-sheet{suffix}" if lang == "en" else f"answer-sheet.{lang}{suffix}")


@pytest.mark.parametrize("lang", languages())
def test_every_exercise_is_on_the_sheet_with_the_engines_answer(lang: str) -> None:
    sheet = answer_sheet(lang)
    by_tutorial = {tutorial.number: list(tutorial.questions) for tutorial in sheet}
    for name, (number, _build) in EXERCISES.items():
        made = exercise(name)
        question = by_tutorial[number].pop(0)
        assert question.question == made.prompt(lang), f"{name} is not where the {lang} sheet has it"
        assert question.answer == made.answer_label(lang)
        assert question.explanation == made.reveal(lang)
        assert len(question.wrong) == len(made.mistakes)
    assert sum(len(t.questions) for t in sheet) == len(EXERCISES)


def test_the_predict_first_rounds_of_the_tutorials_are_read() -> None:
    assert len(predict_rounds(tutorials("en") / "02-a-round.ipynb")) == 1
    (_scored, start), *_ = predict_rounds(tutorials("en") / "05-scoring.ipynb")
    assert start > 0, "tutorial 05's predict step-through opens at the scoring"
    assert predict_rounds(tutorials("en") / "01-the-board.ipynb") == []
    with_predict = answer_sheet("en", tutorials("en"))
    without = answer_sheet("en")
    for number in ("02", "03", "05"):
        extra = len(with_predict[int(number) - 1].questions) - len(without[int(number) - 1].questions)
        assert extra > 0, f"tutorial {number} asks predict questions"


@pytest.mark.parametrize("lang", languages())
def test_the_committed_sheets_are_what_the_exercises_say_now(lang: str) -> None:
    sheet = answer_sheet(lang, tutorials(lang))
    for suffix, text in ((".md", sheet_markdown(sheet, lang)), (".html", sheet_html(sheet, lang))):
        path = sheet_file(lang, suffix)
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is stale: run .venv/bin/aton answer-sheet --lang {lang} "
            f"--tutorials {tutorials(lang).relative_to(ROOT)} {'--html ' if suffix == '.html' else ''}--out "
            f"{path.relative_to(ROOT)}"
        )


def test_the_french_sheet_is_french() -> None:
    text = sheet_markdown(answer_sheet("fr", tutorials("fr")), "fr")
    for english in ("Answer:", "Why:", "Wrong answer", "Exercise ", "Predict first"):
        assert english not in text


def test_the_command_writes_a_printable_file_and_refuses_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.html"
    assert main(["answer-sheet", "--lang", "fr", "--html", "--out", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<html lang="fr">' in html and "@media print" in html
    assert main(["answer-sheet", "--tutorials", str(tmp_path / "nowhere")]) == 1
    assert "nowhere" in capsys.readouterr().err
