"""An exercise widget: a question about a position, an answer, a Check button and feedback that explains.

The widget shows an :class:`aton.teaching.lessons.Exercise`; it never decides what is
right: :meth:`aton.teaching.lessons.Exercise.check` asks the engine.  Answers are given
with buttons (a choice), a drop-down list (a number, or a square), toggle
buttons (temples), or a click on a board view when one is attached.

Every visible word exists in English and French; ``widget.lang = "fr"``
switches at run time (link it to a language switch with
``ipywidgets.dlink((switch, "value"), (widget, "lang"))``).  The outer box has
the CSS class ``aton-exercise``; its parts have ``aton-exercise-question``,
``aton-exercise-answer``, ``aton-exercise-check`` and
``aton-exercise-feedback`` (plus ``aton-exercise-right`` or
``aton-exercise-wrong`` once checked), so browser tests can find them.

>>> from aton.teaching import lessons
>>> game = lessons.load_position("first-round")
>>> widget = ExerciseWidget(lessons.cartouche1_exercise(game, red=(4, 1, 2, 3), blue=(1, 2, 4, 4)))
>>> widget.answer = 6
>>> widget.check().correct
True
>>> widget.lang = "fr"
>>> widget.check_button.description
'Vérifier'
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ..actions import Square
from ..data import SQUARES_PER_TEMPLE, TEMPLE_COUNT
from ..i18n import check_lang, msg, render, table
from ..teaching.exercise import Exercise
from ..teaching.feedback import Feedback, square_name
from .recording import record

__all__ = ["TEXTS", "ExerciseList", "ExerciseWidget", "PredictQuestion", "exercise_list"]

_MESSAGES = table(
    msg("exercise check", "Check"),
    msg("exercise check_tooltip", "Check your answer with the rules engine"),
    msg("exercise pick", "Choose…"),
    msg("exercise answer", "Your answer"),
    msg("exercise temple", "Temple {number}"),
    msg("exercise square_hint", "Choose a square in the list, or click it on the board."),
    msg("exercise square_hint.touch", "Choose a square in the list, or tap it on the board."),
    msg("exercise no_answer", "Choose an answer first."),
    msg("exercise right", "✓ Right"),
    msg("exercise wrong", "✗ Not yet"),
    msg("exercise numbered", "Exercise {number} of {total}"),
    msg(
        "exercise practice",
        "You play {player}. Put your four cards on the cartouches and confirm; {other} has chosen "
        "already. Then step through what happens. (Counters are removed and placed on the first squares "
        "allowed, for you and for {other}; in a real game you choose them, as the dashboard lets you.)",
    ),
    msg("exercise again", "Play this round again"),
    msg("exercise show", "Show the answer"),
    msg("exercise another", "Another one like this"),
    msg("exercise another_tooltip", "A new case of the same rule, dealt at random and checked by the rules engine"),
    msg("exercise no_other", "No other case of this rule was found; try this one again."),
)


class _Words(Mapping[str, str]):
    """The exercise widget's words in one language, by key (each a template still to ``format``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return render(_MESSAGES[f"exercise {key}"], self.lang)

    def __iter__(self) -> Iterator[str]:
        return (context.removeprefix("exercise ") for context in _MESSAGES)

    def __len__(self) -> int:
        return len(_MESSAGES)


class _Texts:
    """``TEXTS[lang][key]``: every word the exercise widget shows, from the catalogs."""

    def __getitem__(self, lang: str) -> _Words:
        return _Words(check_lang(lang))


TEXTS = _Texts()
"""Every word the exercise widget shows: ``TEXTS["fr"]["check"]``."""

_ALL_SQUARES: tuple[Square, ...] = tuple(
    (temple, index) for temple in range(1, TEMPLE_COUNT + 1) for index in range(SQUARES_PER_TEMPLE)
)


def _check_lang(lang: str) -> None:
    try:
        check_lang(lang)
    except ValueError as error:
        raise traitlets.TraitError(str(error)) from None


def _board_for(exercise: Exercise, lang: str) -> widgets.Widget | None:
    """A board view showing the exercise's position, for answers given by clicking a square."""
    from .board import BoardView  # the canvas board; imported here so the exercises work without a browser

    board = BoardView(lang=lang, show_twin=False)
    board.show(exercise.game)
    return board


class ExerciseWidget(widgets.VBox):  # type: ignore[misc]
    """One exercise: question, answer input, Check button and feedback.

    ``board`` shows the exercise's own position, and a square is clicked on
    it: by default (``"auto"``) every exercise gets a
    :class:`~aton.widgets.board.BoardView` of its position (so no exercise
    leans on a board shown higher up the page); pass a widget with ``on_select(callback)`` to use another, or
    ``None`` for no board (the drop-down list of squares stays, for
    keyboards and screen readers).  ``number`` and ``total`` give a heading
    such as "Exercise 1 of 3".
    """

    lang = traitlets.Unicode("en")
    """The language of every visible word: ``"en"`` or ``"fr"``."""
    touch = traitlets.Bool(False)
    """A finger is the page's main pointer: the words say "tap", not "click" (a board of its own tells it)."""

    def __init__(
        self,
        exercise: Exercise,
        lang: str = "en",
        *,
        board: widgets.Widget | str | None = "auto",
        number: int | None = None,
        total: int | None = None,
        source: str = "exercise",
    ) -> None:
        _check_lang(lang)
        if board == "auto":
            board = _board_for(exercise, lang)
        elif isinstance(board, str):
            raise ValueError(f'board is a widget, None or "auto", not {board!r}')
        self.exercise = exercise
        self.board = board
        self._number, self._total = number, total
        self._feedback: Feedback | None = None
        self.heading = widgets.HTML()
        self.heading.add_class("aton-exercise-heading")
        self.question = widgets.HTML()
        self.question.add_class("aton-exercise-question")
        self.hint = widgets.HTML()
        self.input = self._make_input()
        self.input.add_class("aton-exercise-answer")
        self.check_button = widgets.Button(button_style="primary")
        self.check_button.add_class("aton-exercise-check")
        self.check_button.on_click(lambda _button: self.check())
        self.show_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.show_button.add_class("aton-exercise-show")
        self.show_button.on_click(lambda _button: self.show_answer())
        self.another_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.another_button.add_class("aton-exercise-another")
        self.another_button.on_click(lambda _button: self.another())
        self.another_button.layout.display = "" if _has_variants(exercise) else "none"
        self.variants = 0
        """New cases dealt so far with "Another one like this" (the seed of the next one)."""
        self.attempts = 0
        """Wrong answers checked so far: the first gets a hint, later ones the answer."""
        self._attempt: int | None = None
        self._name = exercise.name or None  # the name its other cases ("Another one like this") keep
        self._source = source  # where the answers come from, for the record: "exercise" or "practice"
        self._recorded = self._shown_first = False
        self.record_note = ""
        """Why the latest answer was not recorded, in the page's language (empty when it was, or none is kept)."""
        self.feedback = widgets.HTML()
        self.feedback.add_class("aton-exercise-feedback")
        self.feedback.layout.min_height = "1.5em"
        children: list[widgets.Widget] = [self.heading, self.question]
        if board is not None:
            children.append(board)
        # on a phone the buttons go onto a second line rather than cut their words
        buttons = widgets.HBox(
            [self.check_button, self.show_button, self.another_button], layout=widgets.Layout(flex_flow="row wrap")
        )
        children += [self.hint, self.input, buttons, self.feedback]
        super().__init__(children=children)
        self.add_class("aton-exercise")
        self.layout.border = "1px solid #888"
        self.layout.padding = "0.5em 1em"
        self.layout.margin = "0.5em 0"
        if board is not None and hasattr(board, "on_select"):
            board.on_select(self._board_clicked)
        if self.exercise.answer_type == "square":
            self.input.observe(self._mark_square, names="value")
        if board is not None and "touch" in getattr(board, "trait_names", lambda: [])():
            traitlets.dlink((board, "touch"), (self, "touch"))  # the board's page knows the pointer
        self.lang = lang
        self._render()

    # ----------------------------------------------------------------- input
    def _make_input(self) -> widgets.Widget:
        answer_type = self.exercise.answer_type
        if answer_type == "choice":
            return widgets.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        if answer_type in ("number", "square"):  # a list named by its label ("Your answer"), shown in full
            return widgets.Dropdown(options=[], value=None, style={"description_width": "initial"})
        buttons = [widgets.ToggleButton(value=False) for _ in range(TEMPLE_COUNT)]
        for number, button in enumerate(buttons, start=1):
            button.add_class(f"aton-exercise-temple-{number}")
        return widgets.HBox(buttons)

    def _options(self, lang: str) -> list[tuple[str, Any]]:
        if self.exercise.answer_type == "square":
            return [(square_name(square, lang), square) for square in _ALL_SQUARES]
        return self.exercise.option_labels(lang)

    @property
    def answer(self) -> Any:
        """The answer currently given (``None`` when nothing is chosen yet)."""
        answer_type = self.exercise.answer_type
        if answer_type == "temples":
            chosen = frozenset(n for n, b in enumerate(self.input.children, start=1) if b.value)
            return chosen
        return self.input.value

    @answer.setter
    def answer(self, value: Any) -> None:
        answer_type = self.exercise.answer_type
        if answer_type == "temples":
            wanted = {int(t) for t in value}
            for number, button in enumerate(self.input.children, start=1):
                button.value = number in wanted
            return
        if answer_type == "square":
            value = tuple(value)
        self.input.value = value

    def _board_clicked(self, target: Any) -> None:
        """A click on the board: a square answers a "where would you place?" exercise."""
        square = getattr(target, "square", None)
        if self.exercise.answer_type == "square" and getattr(target, "kind", None) == "square" and square:
            self.answer = tuple(square)

    def _mark_square(self, change: Any) -> None:
        """Frame the chosen square on the board (as the keyboard focus is framed)."""
        board = self.board
        if board is None or not hasattr(board, "show"):
            return
        from .scene import Highlights

        square = change["new"]
        board.show(self.exercise.game, Highlights(cursor=None if square is None else tuple(square)))

    # ----------------------------------------------------------------- checking
    def check(self) -> Feedback:
        """Judge the current answer with the engine and show the feedback."""
        answer = self.answer
        answer_type = self.exercise.answer_type
        if answer_type == "choice":
            empty = self.input.index is None
        elif answer_type == "temples":
            empty = not answer
        else:
            empty = answer is None
        if empty:
            self._feedback = None
            self._show_message(TEXTS[self.lang]["no_answer"])
            return Feedback(False, TEXTS[self.lang]["no_answer"])
        self._attempt = self.attempts + 1
        self._feedback = self.exercise.check(answer, self.lang, attempt=self._attempt)
        if not self._feedback.correct and self._feedback.readable:
            self.attempts += 1
        self._record_first(answer, self._feedback)
        self._show_feedback()
        return self._feedback

    def _record_first(self, answer: Any, feedback: Feedback) -> None:
        """Hand the first readable try at this case to the page's recorder (see :mod:`aton.widgets.recording`)."""
        if self._recorded or not feedback.readable or not self.exercise.recordable():
            return
        self._recorded = True
        attempt = self.exercise.attempt(
            answer,
            correct=feedback.correct,
            source=self._source,
            question=self._name,
            given_away=self._shown_first,
        )
        self.record_note = record(attempt, self.lang) or ""

    def another(self) -> Exercise | None:
        """Deal a new case of the same rule (another position, checked by the engine) and ask it instead.

        Returns the new exercise, or ``None`` (and says so) when no other case was found.
        """
        from ..teaching.variants import another_like

        self.variants += 1
        made = another_like(self.exercise, seed=self.variants)
        if made is None:
            self._feedback = None
            self._show_message(TEXTS[self.lang]["no_other"])
            return None
        self.exercise = made
        self.attempts = 0
        self._attempt = None
        self._source = "practice"
        self._recorded = self._shown_first = False
        self._feedback = None
        if self.exercise.answer_type == "temples":
            self.answer = frozenset()
        else:
            self.input.options = []
        if self.board is not None and hasattr(self.board, "show"):
            self.board.show(made.game)
        self._render()
        return made

    def show_answer(self) -> Feedback:
        """The answer on request, with the rule behind it."""
        self._attempt = None
        self._shown_first = True
        self._feedback = Feedback(False, self.exercise.reveal(self.lang))
        self._show_feedback()
        return self._feedback

    def _note(self) -> str:
        """The line saying the latest answer was not recorded, if it was not."""
        if not self.record_note:
            return ""
        return f'<p class="aton-record-failed" role="alert">{html.escape(self.record_note)}</p>'

    def _show_message(self, text: str) -> None:
        self.feedback.remove_class("aton-exercise-right")
        self.feedback.remove_class("aton-exercise-wrong")
        self.feedback.value = f"<p>{html.escape(text)}</p>"

    def _show_feedback(self) -> None:
        feedback = self._feedback
        if feedback is None:
            self.feedback.value = ""
            return
        words = TEXTS[self.lang]
        verdict = words["right"] if feedback.correct else words["wrong"]
        colour = "#1a7f37" if feedback.correct else "#b3261e"
        self.feedback.remove_class("aton-exercise-wrong" if feedback.correct else "aton-exercise-right")
        self.feedback.add_class("aton-exercise-right" if feedback.correct else "aton-exercise-wrong")
        self.feedback.value = (
            f'<div role="status" style="border-left: 4px solid {colour}; padding-left: 0.6em">'
            f"<strong>{html.escape(verdict)}</strong><br>{html.escape(feedback.explanation)}</div>{self._note()}"
        )

    # ----------------------------------------------------------------- language
    @traitlets.validate("lang")
    def _validate_lang(self, proposal: Any) -> str:
        value = str(proposal["value"])
        _check_lang(value)
        return value

    @traitlets.observe("lang", "touch")
    def _lang_changed(self, _change: Any) -> None:
        if hasattr(self, "feedback"):
            self._render()

    def _render(self) -> None:
        lang = self.lang
        words = TEXTS[lang]
        if self.board is not None and "lang" in getattr(self.board, "trait_names", lambda: [])():
            self.board.lang = lang
        if self._number is not None and self._total is not None:
            heading = words["numbered"].format(number=self._number, total=self._total)
            self.heading.value = f"<strong>{html.escape(heading)}</strong>"
        self.question.value = f"<p>{html.escape(self.exercise.prompt(lang))}</p>"
        self.check_button.description = words["check"]
        self.check_button.tooltip = words["check_tooltip"]
        answer_type = self.exercise.answer_type
        hint = words["square_hint.touch" if self.touch else "square_hint"]  # a finger taps, a mouse clicks
        self.hint.value = f"<p><em>{html.escape(hint)}</em></p>" if answer_type == "square" else ""
        if answer_type == "temples":
            for number, button in enumerate(self.input.children, start=1):
                button.description = words["temple"].format(number=number)
        else:
            current = self.input.value if self.input.options else None
            options = self._options(lang)
            if answer_type in ("number", "square"):
                options = [(words["pick"], None), *options]
                self.input.description = words["answer"]  # the list's name for screen readers, and on screen
            self.input.options = options
            if current is None:
                self.input.index = None if answer_type == "choice" else 0  # no choice yet / "Choose..."
            else:
                self.input.value = current
        self.show_button.description = words["show"]
        self.another_button.description = words["another"]
        self.another_button.tooltip = words["another_tooltip"]
        if self._feedback is not None:
            if self._attempt is None:
                self._feedback = Feedback(False, self.exercise.reveal(lang))
            else:
                self._feedback = self.exercise.check(self.answer, lang, attempt=self._attempt)
        self._show_feedback()


class PredictQuestion(ExerciseWidget):
    """The question a step-through asks before a key step ("predict first"; CSS class ``aton-predict``).

    Answers go to the :class:`~aton.teaching.predict.PredictFlow`, which judges them, counts them per
    rule and decides when the step is shown; ``settled()`` is called after each answer.
    """

    def __init__(self, exercise: Exercise, flow: Any, settled: Any, lang: str = "en") -> None:
        self.flow = flow
        self._settled = settled
        super().__init__(exercise, lang, board=None)
        self._source = "predict"
        self.add_class("aton-predict")
        self.another_button.layout.display = "none"  # the question is about this game's step

    def check(self) -> Feedback:
        """Judge the current answer through the flow (a first wrong try gets a hint, not the step)."""
        if self.flow.pending is None or self.flow.pending.exercise is not self.exercise:
            return self._feedback or Feedback(False, "")
        answer = self.answer
        answer_type = self.exercise.answer_type
        empty = (
            self.input.index is None
            if answer_type == "choice"
            else (not answer if answer_type == "temples" else answer is None)
        )
        if empty:
            self._feedback = None
            self._show_message(TEXTS[self.lang]["no_answer"])
            return Feedback(False, TEXTS[self.lang]["no_answer"])
        self._attempt = self.flow.pending.attempts + 1
        self._feedback = self.flow.answer(answer, self.lang)
        if not self._feedback.correct and self._feedback.readable:
            self.attempts += 1
        self._record_first(answer, self._feedback)
        self._show_feedback()
        self._done()
        return self._feedback

    def show_answer(self) -> Feedback:
        """Give the answer up: the step is shown, and the question counts as missed."""
        if self.flow.pending is None or self.flow.pending.exercise is not self.exercise:
            return self._feedback or Feedback(False, "")
        self._attempt = None
        self._feedback = self.flow.reveal(self.lang)
        self._show_feedback()
        self._done()
        return self._feedback

    def _done(self) -> None:
        if self.flow.pending is None:  # settled: no more answers to this question
            self.check_button.disabled = self.show_button.disabled = True
        self._settled()


def _has_variants(exercise: Exercise) -> bool:
    from ..teaching.variants import has_variants

    return has_variants(exercise)


def exercise_list(exercises: Sequence[Exercise], lang: str = "en") -> widgets.VBox:
    """The exercises of a lesson, numbered ("Exercise 1 of 3"...), in one box.

    Its ``lang`` follows the first exercise widget's; set ``box.lang = "fr"``
    on the returned box to switch them all (the box has a ``lang`` trait).
    """
    total = len(exercises)
    items = [
        ExerciseWidget(exercise, lang, number=number, total=total) for number, exercise in enumerate(exercises, start=1)
    ]
    return ExerciseList(items, lang)


class ExerciseList(widgets.VBox):  # type: ignore[misc]
    """Several :class:`ExerciseWidget` one below the other, switching language together."""

    lang = traitlets.Unicode("en")

    def __init__(self, items: Sequence[ExerciseWidget], lang: str = "en") -> None:
        super().__init__(children=list(items))
        self.add_class("aton-exercise-list")
        self.items = list(items)
        self.lang = lang

    @traitlets.validate("lang")
    def _validate_lang(self, proposal: Any) -> str:
        value = str(proposal["value"])
        _check_lang(value)
        return value

    @traitlets.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        for item in getattr(self, "items", []):
            item.lang = change["new"]
