"""What a tutorial page shows before each exercise: the rounds it steps through, read from the notebook.

A tutorial steps through rounds (``Stepper(lessons.play_round(position, red=..., blue=...))``) and
then asks exercises.  An exercise whose position is one the page has already stepped through (or
whose legal actions it has already printed) has its answer on the page before the question.
:func:`page_exercises` reads a notebook's code cells (without running them) and pairs every
exercise with the positions shown before it; :func:`visible_answers` lists the exercises whose
position is one of them.  It also notes the boards shown before each exercise with their text twin
open (:attr:`PageExercise.twin_shows_answer`: the twin of the exercise's own board states a board
fact such as the counters in a temple) and the rounds stepped through with "Predict first" on
(:func:`page_predictions`).  The tests and ``scripts/count_visible_answers.py`` use it.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..game import Game
from .board_questions import KingdomSizeExercise, SquareKindExercise, TempleCountExercise
from .curriculum import exercises as curriculum_exercises
from .exercise import Exercise
from .positions import load_position

__all__ = ["BOARD_FACT_KINDS", "PageExercise", "page_exercises", "page_predictions", "visible_answers"]

BOARD_FACT_KINDS: tuple[type[Exercise], ...] = (SquareKindExercise, TempleCountExercise, KingdomSizeExercise)
"""The exercise kinds whose answer is a fact of the board as it stands: the text twin of that board,
open on the page, states it (the kinds of squares, the counters of each temple, the Kingdom's count)."""


@dataclass
class PageExercise:
    """One exercise of a page, with the games the page stepped through (or whose answers it printed) before it."""

    number: int
    exercise: Exercise
    shown_before: list[Game] = field(default_factory=list)
    twins_before: list[Game] = field(default_factory=list)
    """The boards shown before the exercise with their text twin open."""

    @property
    def answer_visible(self) -> bool:
        """Whether the exercise's position is one the page showed played out before asking."""
        return any(game == self.exercise.game for game in self.shown_before)

    @property
    def twin_shows_answer(self) -> bool:
        """Whether an open text twin above the exercise describes its board and the answer is a fact of
        that board (:data:`BOARD_FACT_KINDS`)."""
        about_the_board = isinstance(self.exercise, BOARD_FACT_KINDS)
        return about_the_board and any(game == self.exercise.game for game in self.twins_before)


def _code_cells(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def _call_name(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


class _Reader:
    """Follows the names a page binds to positions and played rounds, cell by cell."""

    def __init__(self) -> None:
        import aton
        from aton.teaching import curriculum, lessons

        self.names: dict[str, Any] = {"aton": aton, "lessons": lessons, "curriculum": curriculum}
        self.shown: list[Game] = []
        self.twins: list[Game] = []
        self.predicted: list[Game] = []
        self.found: list[PageExercise] = []

    def value(self, node: ast.expr) -> Any:
        """The value of an expression made of known names and calls to the teaching API (else ``None``)."""
        name = _call_name(node)
        if isinstance(node, ast.Name):
            return self.names.get(node.id)
        if isinstance(node, ast.Call) and name == "load_position" and isinstance(node.args[0], ast.Constant):
            return load_position(str(node.args[0].value))
        if isinstance(node, ast.Call) and name == "new_game":
            from aton import new_game

            return new_game(**{k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg})
        if isinstance(node, ast.Call) and name == "play_round":
            start = self.value(node.args[0])
            if not isinstance(start, Game):
                return None
            try:
                played = eval(compile(ast.Expression(node), "<page>", "eval"), dict(self.names))
            except (ValueError, TypeError, NameError, AttributeError):
                played = None
            return _Played(start, played if isinstance(played, Game) else None)
        return None

    def read(self, source: str) -> None:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            return
        for statement in tree.body:
            for node in ast.walk(statement):
                if isinstance(node, ast.Call):
                    self._call(node)
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target = statement.targets[0]
                if isinstance(target, ast.Name):
                    self.names[target.id] = self.value(statement.value)

    def _call(self, node: ast.Call) -> None:
        name = _call_name(node)
        if name == "Stepper" and node.args:
            played = self.value(node.args[0])
            if isinstance(played, _Played):
                self.shown.append(played.start)
                predict = any(k.arg == "predict" and _true(k.value) for k in node.keywords)
                if predict and played.game is not None:
                    self.predicted.append(played.game)
        elif name == "BoardView" and node.args:
            game = self.value(node.args[0])
            twin = all(not (k.arg == "show_twin" and not _true(k.value)) for k in node.keywords)
            if isinstance(game, Game) and twin:
                self.twins.append(game)
        elif name == "legal_actions" and isinstance(node.func, ast.Attribute):
            game = self.value(node.func.value)
            if isinstance(game, Game):
                self.shown.append(game)
        elif name == "exercise_list" and node.args:
            for exercise in self._exercises(node.args[0]):
                self.found.append(PageExercise(len(self.found) + 1, exercise, list(self.shown), list(self.twins)))

    def _exercises(self, node: ast.expr) -> list[Exercise]:
        if isinstance(node, ast.Call) and _call_name(node) == "exercises" and isinstance(node.args[0], ast.Constant):
            return curriculum_exercises(str(node.args[0].value))
        if isinstance(node, ast.List):
            made = []
            for item in node.elts:
                made.append(eval(compile(ast.Expression(item), "<page>", "eval"), dict(self.names)))
            return made
        return []


def _true(node: ast.expr) -> bool:
    """Whether a keyword's value is the constant ``True``."""
    return isinstance(node, ast.Constant) and node.value is True


@dataclass
class _Played:
    """A round played from ``start`` (what a step-through of it shows), and the game played (``None``:
    it could not be played from the page's names alone)."""

    start: Game
    game: Game | None = None


def page_exercises(path: Path) -> list[PageExercise]:
    """Every exercise of the tutorial notebook ``path``, with the games shown played out before it."""
    reader = _Reader()
    for source in _code_cells(path):
        reader.read(source)
    return reader.found


def page_predictions(path: Path) -> list[Game]:
    """The rounds the tutorial notebook ``path`` steps through with "Predict first" on (their questions
    are :func:`aton.teaching.predict.prediction_for` of their steps)."""
    reader = _Reader()
    for source in _code_cells(path):
        reader.read(source)
    return reader.predicted


def visible_answers(path: Path) -> list[PageExercise]:
    """The exercises of ``path`` whose position the page stepped through (or whose answer it printed) before."""
    return [item for item in page_exercises(path) if item.answer_visible]
