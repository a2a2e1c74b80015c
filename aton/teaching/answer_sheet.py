"""The teacher's answer sheet: every question of the tutorials, its answer, and the typical wrong answers.

The sheet is generated from the exercises themselves (:data:`aton.teaching.curriculum.EXERCISES`) and from
the "predict first" step-throughs of the tutorial notebooks (:class:`aton.teaching.predict.PredictFlow`),
so it never says anything the page would not: each answer is the engine's, each explanation is what
"Show the answer" shows, and each typical wrong answer comes with the sentence a learner reads after that
answer at the first try (what the mistake reveals).

:func:`answer_sheet` gives the sheet as data; :func:`sheet_markdown` and :func:`sheet_html` write it as a
page and as a printable file (``aton answer-sheet``; the files in ``docs/`` are made by it).

>>> sheet = answer_sheet("en")
>>> sheet[0].number, sheet[0].questions[0].answer
('01', 'bonus +2')
>>> answer_sheet("fr")[1].questions[0].explanation[:14]
'La réponse : O'
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from ..game import Game
from ..i18n import check_lang, gtext, join
from .curriculum import EXERCISES, exercise
from .exercise import Exercise, SquareExercise, TempleSetExercise
from .feedback import join_or_none, square_name
from .play import play_round
from .positions import load_position
from .predict import PredictFlow
from .syllabus import rule_title

__all__ = [
    "SheetQuestion",
    "SheetTutorial",
    "WrongAnswer",
    "answer_sheet",
    "notebook_title",
    "predict_rounds",
    "sheet_html",
    "sheet_markdown",
]


@dataclass(frozen=True)
class WrongAnswer:
    """A typical wrong answer (``answers``, as a learner picks them) and what it reveals (``diagnosis``)."""

    answers: str
    diagnosis: str


@dataclass(frozen=True)
class SheetQuestion:
    """One question of a tutorial: where it is asked, the question, the answer and why, the typical mistakes."""

    where: str
    question: str
    answer: str
    explanation: str
    rule: str
    wrong: tuple[WrongAnswer, ...]


@dataclass(frozen=True)
class SheetTutorial:
    """The questions of one tutorial (``number`` such as ``"05"``), in the order the page asks them."""

    number: str
    title: str
    questions: tuple[SheetQuestion, ...]


# ------------------------------------------------------------------ reading the tutorials
def notebook_title(path: Path) -> str:
    """The first heading of a notebook's first markdown cell (the file name if it has none)."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook.get("cells", []):
            if cell.get("cell_type") == "markdown":
                heading = re.search(r"^#\s+(.+)$", "".join(cell.get("source", [])), re.MULTILINE)
                if heading:
                    return heading.group(1).strip()
                break
    except (OSError, ValueError):
        pass
    return path.stem


def _literal(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


def predict_rounds(path: Path) -> list[tuple[Game, int]]:
    """The rounds a tutorial steps through with "predict first" on: each played game and the step it opens at.

    The notebook's code is read, not run: a name bound to ``load_position("...")`` or to
    ``play_round(position, red=..., blue=..., through_scoring=...)`` with literal cards, then a
    ``Stepper(name, ..., predict=True)``, and its ``.go(lessons.step_of(name, "kind"))`` if the page opens
    it further on.
    """
    from .lessons import step_of

    names: dict[str, Game] = {}
    steppers: dict[str, list[Any]] = {}
    found: list[list[Any]] = []
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        try:
            tree = ast.parse("".join(cell["source"]))
        except SyntaxError:
            continue
        for statement in tree.body:
            value = statement.value if isinstance(statement, (ast.Assign, ast.Expr)) else None
            if not isinstance(value, ast.Call):
                continue
            name = value.func.attr if isinstance(value.func, ast.Attribute) else getattr(value.func, "id", "")
            target = (
                statement.targets[0].id
                if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name)
                else None
            )
            if name == "load_position" and target and value.args:
                names[target] = load_position(str(_literal(value.args[0])))
            elif name == "play_round" and target and value.args and isinstance(value.args[0], ast.Name):
                start = names.get(value.args[0].id)
                keywords = {k.arg: _literal(k.value) for k in value.keywords if k.arg}
                if start is not None:
                    names[target] = play_round(start, **keywords)
            elif name == "Stepper" and target and value.args and isinstance(value.args[0], ast.Name):
                predict = any(k.arg == "predict" and _literal(k.value) is True for k in value.keywords)
                played = names.get(value.args[0].id)
                if predict and played is not None:
                    steppers[target] = [played, 0]
                    found.append(steppers[target])
            elif name == "go" and isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Name):
                entry = steppers.get(value.func.value.id)
                arg = value.args[0] if value.args else None
                if entry is not None and isinstance(arg, ast.Call) and len(arg.args) == 2:
                    entry[1] = step_of(entry[0], str(_literal(arg.args[1])))
    return [(game, start) for game, start in found]


# ------------------------------------------------------------------ the sheet
def _value_label(item: Exercise, value: Any, lang: str) -> str:
    if isinstance(item, TempleSetExercise):
        return join_or_none([str(t) for t in sorted(value)], lang)
    if isinstance(item, SquareExercise):
        return square_name(value, lang)
    for option, label in item.options:
        if option is value or (option == value and type(option) is type(value)):
            return label[lang]
    return str(value)


def _question(item: Exercise, where: str, lang: str) -> SheetQuestion:
    wrong = tuple(
        WrongAnswer(
            join(sorted((_value_label(item, value, lang) for value in mistake.answers), key=_natural), lang),
            mistake.diagnosis[lang],
        )
        for mistake in item.mistakes
    )
    return SheetQuestion(
        where=where,
        question=item.prompt(lang),
        answer=item.answer_label(lang),
        explanation=item.reveal(lang),
        rule=rule_title(item.rule, lang) if item.rule else "",
        wrong=wrong,
    )


def _natural(text: str) -> tuple[int, str]:
    return (int(text), "") if text.isdigit() else (1 << 30, text)


def _predict_questions(game: Game, start: int) -> Iterator[Exercise]:
    flow = PredictFlow(game)
    flow.go(start)
    while (question := flow.next_question()) is not None:
        yield question
        flow.reveal()


def _tutorial_file(folder: Path, number: str) -> Path | None:
    return next(iter(sorted(folder.glob(f"{number}-*.ipynb"))), None)


def answer_sheet(lang: str = "en", tutorials: Path | None = None) -> list[SheetTutorial]:
    """Every tutorial with questions: its exercises, then (with ``tutorials``, the folder of the notebooks
    in ``lang``) the questions of its "predict first" step-throughs, each with its answer and typical
    mistakes, in ``lang``."""
    check_lang(lang)
    numbers = sorted({number for number, _build in EXERCISES.values()})
    sheet = []
    for number in numbers:
        questions: list[SheetQuestion] = []
        notebook = _tutorial_file(tutorials, number) if tutorials is not None else None
        if notebook is not None:
            for game, start in predict_rounds(notebook):
                for item in _predict_questions(game, start):
                    where = gtext(lang, "answer sheet", "Predict first, in the step-through")
                    questions.append(_question(item, where, lang))
        names = [name for name, (tutorial, _build) in EXERCISES.items() if tutorial == number]
        for index, name in enumerate(names, 1):
            where = gtext(lang, "answer sheet", "Exercise {number}", number=index)
            questions.append(_question(exercise(name), where, lang))
        title = notebook_title(notebook) if notebook is not None else ""
        sheet.append(SheetTutorial(number, title, tuple(questions)))
    return sheet


def _heading(tutorial: SheetTutorial, lang: str) -> str:
    if tutorial.title:
        return tutorial.title
    return gtext(lang, "answer sheet", "Tutorial {number}", number=tutorial.number)


def _introduction(lang: str) -> str:
    return gtext(
        lang,
        "answer sheet",
        "Every question of the tutorials, its answer and why, and the typical wrong answers with what each "
        "reveals: the sentence a learner reads after that answer at the first try. Generated from the "
        "exercises by the command aton answer-sheet.",
    )


def sheet_markdown(sheet: Sequence[SheetTutorial], lang: str = "en") -> str:
    """The sheet as a Markdown page."""
    check_lang(lang)
    lines = ["# " + gtext(lang, "answer sheet", "Answer sheet for teachers"), "", _introduction(lang)]
    for tutorial in sheet:
        lines += ["", "## " + _heading(tutorial, lang)]
        for question in tutorial.questions:
            lines += ["", f"### {question.where}", "", f"**{question.question}**", ""]
            lines.append("- " + gtext(lang, "answer sheet", "Answer: {answer}", answer=question.answer))
            lines.append("- " + gtext(lang, "answer sheet", "Why: {why}", why=question.explanation))
            for wrong in question.wrong:
                lines.append(
                    "- "
                    + gtext(
                        lang,
                        "answer sheet",
                        "Wrong answer {answer}: {reveals}",
                        answer=wrong.answers,
                        reveals=wrong.diagnosis,
                    )
                )
    return "\n".join(lines) + "\n"


_PRINT_STYLE = """body { font: 11pt/1.4 sans-serif; max-width: 48em; margin: 1.5em auto; padding: 0 1em; color: #111; }
h1 { font-size: 1.6em; } h2 { font-size: 1.3em; border-bottom: 2px solid #444; margin-top: 1.6em; }
h3 { font-size: 1em; margin: 1.2em 0 0.2em; color: #444; }
section.question { break-inside: avoid; } dl { margin: 0.3em 0 0 1em; } dt { font-weight: bold; }
dd { margin: 0 0 0.3em 1em; } .answer { font-weight: bold; }
@media print { h2 { break-before: page; } h2:first-of-type { break-before: auto; } a { color: inherit; } }"""


def sheet_html(sheet: Sequence[SheetTutorial], lang: str = "en") -> str:
    """The sheet as one printable HTML file (a page per tutorial when printed)."""
    check_lang(lang)
    title = gtext(lang, "answer sheet", "Answer sheet for teachers")
    parts = [
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>\n<style>\n{_PRINT_STYLE}\n</style>\n</head>\n<body>\n<main>",
        f"<h1>{escape(title)}</h1>",
        f"<p>{escape(_introduction(lang))}</p>",
    ]
    answer = escape(gtext(lang, "answer sheet", "Answer"))
    why = escape(gtext(lang, "answer sheet", "Why"))
    typical = escape(gtext(lang, "answer sheet", "Typical wrong answers"))
    for tutorial in sheet:
        parts.append(f"<h2>{escape(_heading(tutorial, lang))}</h2>")
        for question in tutorial.questions:
            rows = [
                f'<dt>{answer}</dt><dd class="answer">{escape(question.answer)}</dd>',
                f"<dt>{why}</dt><dd>{escape(question.explanation)}</dd>",
            ]
            if question.wrong:
                rows.append(f"<dt>{typical}</dt>")
                rows += [f"<dd><b>{escape(w.answers)}</b>: {escape(w.diagnosis)}</dd>" for w in question.wrong]
            parts.append(
                f'<section class="question"><h3>{escape(question.where)}</h3>'
                f"<p><b>{escape(question.question)}</b></p><dl>{''.join(rows)}</dl></section>"
            )
    parts.append("</main>\n</body>\n</html>\n")
    return "\n".join(parts)
