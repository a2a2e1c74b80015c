"""The step-through explainer: walk a game one resolution step at a time, drawn and explained.

The steps come from :func:`aton.timeline` (every event with the state right
after it, as ``viewer`` may see it).  The board shows the state of the current
step with what the step touched highlighted; the panel explains the step in
full sentences (:func:`aton.explain`) and names the rule behind it
(:func:`aton.rule_of`).  The source is a live game (call :meth:`Stepper.refresh`
as it goes on) or a recorded game (a record dict).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import ipywidgets as widgets
import traitlets

from ..actions import Player
from ..explain import explain
from ..game import Game
from ..teaching.exercise import Exercise
from ..teaching.feedback import Feedback
from ..teaching.predict import PredictFlow
from ..timeline import Step, timeline
from .board import BoardView
from .i18n import check_lang, tr
from .referee import register
from .scene import highlights_for_event
from .stepper_text import ends_a_round, explanation_html, round_end_after, tally_html

__all__ = ["SPEEDS", "Stepper"]

SPEEDS: dict[str, int] = {"slow": 2000, "normal": 1000, "fast": 400}
"""Autoplay speeds: milliseconds per step."""


class Stepper(widgets.VBox):  # type: ignore[misc]
    """Step through a game: first, back, forward, end of round, play at a chosen speed (class ``aton-stepper``).

    ``Stepper(source=None, *, viewer=None, lang="en", board=None, at=None)``

    - ``source``: a live :class:`~aton.Game` or a record dict (``game.record()``, a saved file).
    - ``viewer``: show only what this player may know (``None``: public information, and cards
      on the cartouches only once revealed).
    - ``board``: a :class:`BoardView` to draw on (default: a new read-only board, ``stepper.board``).
    - ``at``: start at the ``"first"`` or ``"last"`` step (default: first for a record, last for a game).
    - ``predict``: start in "predict first" mode (the toggle ``aton-step-predict`` switches it): before
      each key step *Forward* asks a question about it (:class:`aton.teaching.predict.PredictFlow`), and
      shows the step only once it is answered; right answers are counted per rule (``aton-step-tally``).

    Methods: :meth:`go`, :meth:`first`, :meth:`back`, :meth:`forward`, :meth:`end_of_round`,
    :meth:`play`, :meth:`pause`, :meth:`refresh` (re-read a live game), :meth:`load` (another source),
    :meth:`set_viewer`.
    :meth:`on_step` calls back with each :class:`~aton.timeline.Step` shown.  CSS classes:
    ``aton-step-first``, ``aton-step-back``, ``aton-step-forward``, ``aton-step-end-round``,
    ``aton-step-play``, ``aton-step-speed``, ``aton-explain``.
    """

    lang = traitlets.Unicode("en")

    def __init__(
        self,
        source: Game | Mapping[str, Any] | None = None,
        *,
        viewer: Player | None = None,
        lang: str = "en",
        board: BoardView | None = None,
        at: Literal["first", "last"] | None = None,
        steps: Callable[[], list[Step]] | None = None,
        predict: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-stepper")
        self.flow = PredictFlow(viewer=viewer)
        """Asks before the key steps in "predict first" mode, and counts the right answers per rule."""
        self.predict_toggle = widgets.ToggleButton(value=predict, icon="question", layout=widgets.Layout(width="auto"))
        self.predict_toggle.add_class("aton-step-predict")
        self.predict_toggle.observe(self._on_predict, names="value")
        self.question_box = widgets.VBox()
        self.question_box.add_class("aton-step-question")
        self.tally = widgets.HTML()
        self.tally.add_class("aton-step-tally")
        self.question: Any = None
        """The question shown in "predict first" mode (a widget), or ``None``."""
        self._steps_from = steps
        """Where the steps come from when not from ``source`` (a shared room's store, which holds the game)."""
        self.board = board if board is not None else BoardView(viewer=viewer, lang=lang, show_changes=False)
        buttons = [self._button(f"aton-step-{name}") for name in ("first", "back", "forward", "end-round", "play")]
        self.first_button, self.back_button, self.forward_button, self.end_button, self.play_button = buttons
        self.first_button.on_click(lambda _b: self.first())
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.forward())
        self.end_button.on_click(lambda _b: self.end_of_round())
        self.play_button.on_click(lambda _b: self.pause() if self.playing else self.play())
        self.speed = widgets.ToggleButtons(options=[("normal", SPEEDS["normal"])], value=SPEEDS["normal"])
        self.speed.add_class("aton-step-speed")
        self.speed.style.button_width = "6em"
        self.speed.style.description_width = "initial"
        self.explanation = widgets.HTML()
        self.explanation.add_class("aton-explain")
        # The Play widget ticks in the browser (no thread in the kernel); its own icon buttons stay hidden.
        self.ticker = widgets.Play(
            min=0, max=0, value=0, interval=SPEEDS["normal"], layout=widgets.Layout(display="none")
        )
        self.ticker.observe(self._on_tick, names="value")
        self.ticker.observe(lambda _change: self._relabel(), names="playing")
        self.speed.observe(self._on_speed, names="value")
        controls = widgets.HBox(
            [*buttons, self.speed, self.predict_toggle],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        controls.add_class("aton-stepper-controls")
        self.children = [controls, self.question_box, self.explanation, self.tally, self.ticker, self.board]
        self._viewer = viewer
        self._source: Game | Mapping[str, Any] | None = None
        self._steps: list[Step] = []
        self._index = 0
        self._callbacks: list[Callable[[Step], None]] = []
        self.lang = check_lang(lang)
        self.board.lang = self.lang
        self.observe(self._on_lang, names="lang")
        if "touch" in self.board.trait_names():  # a finger taps the board, a mouse clicks it: a question says so
            self.board.observe(self._on_touch, names="touch")
        self._relabel()
        self.load(source, at=at)

    @staticmethod
    def _button(css: str) -> Any:
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.add_class(css)
        return button

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    # ------------------------------------------------------------ public API
    @property
    def steps(self) -> list[Step]:
        """Every step of the source."""
        return list(self._steps)

    @property
    def index(self) -> int:
        """The position of the step shown (0 is the first)."""
        return self._index

    @property
    def step(self) -> Step | None:
        """The step shown, or ``None`` when there is none."""
        return self._steps[self._index] if self._steps else None

    @property
    def playing(self) -> bool:
        """Whether autoplay is on."""
        return bool(self.ticker.playing)

    @property
    def interval(self) -> int:
        """Autoplay speed: milliseconds per step."""
        return int(self.ticker.interval)

    @interval.setter
    def interval(self, milliseconds: int) -> None:
        self.ticker.interval = int(milliseconds)

    @property
    def predicting(self) -> bool:
        """Whether "predict first" is on."""
        return bool(self.predict_toggle.value)

    def load(self, source: Game | Mapping[str, Any] | None, *, at: Literal["first", "last"] | None = None) -> None:
        """Step through ``source`` (a live game or a record dict) from now on."""
        self.pause()
        self._source = source
        self._steps = self._compute()
        self._clear_question()
        start = at or ("last" if isinstance(source, Game) else "first")
        self.go(len(self._steps) - 1 if start == "last" else 0)

    def set_viewer(self, viewer: Player | None) -> None:
        """Show the steps as ``viewer`` may see them (two people sharing a screen), staying on the same step."""
        self._viewer = viewer
        self.board.set_viewer(viewer)
        index = self._index
        self._steps = self._compute()
        self.go(index)

    def refresh(self) -> None:
        """Re-read a live game that went on; follows the newest step if the last one was shown."""
        at_end = self._index >= len(self._steps) - 1
        self._steps = self._compute()
        self.ticker.max = max(len(self._steps) - 1, 0)
        if self.predicting:  # the learner steps on through the questions
            self._sync_flow()
            self._render()
            return
        self.go(len(self._steps) - 1 if at_end else self._index)

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the steps there are); in "predict first" mode a question not
        answered yet is dropped, and the steps up to ``index`` count as seen."""
        self._index = min(max(int(index), 0), max(len(self._steps) - 1, 0))
        self._sync_flow()
        if self.flow.pending is not None and self.flow.pending.index != self._index:
            self.flow.go(self._index)
            self._clear_question()
        else:
            self.flow.go(self._index)
        self._show_step()

    def _show_step(self) -> None:
        self.ticker.max = max(len(self._steps) - 1, 0)
        if self.ticker.value != self._index:
            self.ticker.value = self._index
        step = self.step
        if step is not None:
            event = step.event
            self.board.show(
                step.state, highlights_for_event(event, step.state.rules.layout), lambda lang: explain(event, lang)
            )
        self._render()
        if step is not None:
            for callback in list(self._callbacks):
                callback(step)

    def first(self) -> None:
        """Go to the first step."""
        self.go(0)

    def back(self) -> None:
        """Go one step back."""
        self.go(self._index - 1)

    def forward(self) -> None:
        """Go one step forward; in "predict first" mode, ask first when the next step is a key step."""
        if not self.predicting:
            self.go(self._index + 1)
            return
        self._sync_flow()
        if self.flow.pending is None and self.question is not None:  # the last answer's feedback goes
            self._clear_question()
        question = self.flow.forward()
        if question is None:
            self.go(self.flow.index)
        else:
            self._ask(question)

    def answer(self, value: Any) -> Feedback:
        """Answer the question shown in "predict first" mode (what the question's Check button does)."""
        if self.question is None:
            raise ValueError("no question is shown; step forward in predict-first mode first")
        self.question.answer = value
        feedback: Feedback = self.question.check()
        return feedback

    def end_of_round(self) -> None:
        """Go forward to the end of this round (the next ``round_end`` or ``game_over`` step, else the last);
        in "predict first" mode, stop at the next question of the round."""
        if self.predicting:
            self._sync_flow()
            while self.flow.index < len(self._steps) - 1:
                question = self.flow.forward()
                if question is not None:
                    self._index = self.flow.index
                    self._show_step()
                    self._ask(question)
                    return
                if ends_a_round(self._steps[self.flow.index]):
                    break
            self.go(self.flow.index)
            return
        self.go(round_end_after(self._steps, self._index))

    def play(self) -> None:
        """Play on automatically at the chosen speed (from the start when at the last step)."""
        if len(self._steps) < 2 or self.predicting:
            return
        if self._index >= len(self._steps) - 1:
            self.go(0)
        self.ticker.playing = True
        self._relabel()

    def pause(self) -> None:
        """Stop autoplay."""
        self.ticker.playing = False
        self._relabel()

    def on_step(self, callback: Callable[[Step], None], remove: bool = False) -> None:
        """Call ``callback(step)`` each time a step is shown."""
        register(self._callbacks, callback, remove)

    # ------------------------------------------------------------- internals
    def _compute(self) -> list[Step]:
        source = self._source
        if self._steps_from is not None:
            return list(self._steps_from())
        if source is None:
            return []
        return timeline(source if isinstance(source, Game) else dict(source), viewer=self._viewer)

    def _sync_flow(self) -> None:
        """Give the flow the steps shown (they grow as a live game goes on)."""
        if self.flow.steps is not self._steps:
            self.flow.extend(self._steps)
        if self.flow.pending is None:
            self.flow.index = self._index

    def _ask(self, question: Exercise) -> None:
        from .exercises import PredictQuestion

        self.question = PredictQuestion(question, self.flow, self._answered, lang=self.lang)
        self.question.touch = bool(getattr(self.board, "touch", False))
        self.question_box.children = [self.question]
        self._render()

    def _on_touch(self, change: Any) -> None:
        """The board's page has a finger (or a mouse) for its main pointer: the question's words follow."""
        if self.question is not None:
            self.question.touch = bool(change["new"])

    def _answered(self) -> None:
        """The question is settled (right, wrong twice, or given up): show the step it was about."""
        if self.flow.pending is None:
            self._index = self.flow.index
            self._show_step()
        self._render_tally()

    def _clear_question(self) -> None:
        self.question = None
        self.question_box.children = []
        self.flow.pending = None

    def _on_predict(self, change: Any) -> None:
        if not change["new"]:
            self._clear_question()
        else:
            self.pause()
        self._render()
        self._render_tally()

    def _render_tally(self) -> None:
        self.tally.value = tally_html(self.flow.summary(self.lang) if self.predicting else [], self.lang)

    def _on_tick(self, change: Any) -> None:
        if int(change["new"]) != self._index:
            self.go(int(change["new"]))

    def _on_speed(self, change: Any) -> None:
        self.ticker.interval = int(change["new"])

    def _on_lang(self, change: Any) -> None:
        self.board.lang = self.lang
        if self.question is not None:
            self.question.lang = self.lang
        self._relabel()
        self._render()
        self._render_tally()

    def _relabel(self) -> None:
        lang = self.lang
        self.first_button.description = tr("step.first", lang)
        self.back_button.description = tr("step.back", lang)
        self.forward_button.description = tr("step.forward", lang)
        self.end_button.description = tr("step.end_round", lang)
        self.play_button.description = tr("step.pause" if self.playing else "step.play", lang)
        value = self.speed.value
        self.speed.options = [(tr(f"step.speed.{name}", lang), ms) for name, ms in SPEEDS.items()]
        self.speed.value = value
        self.speed.description = tr("step.speed", lang)
        self.predict_toggle.description = tr("step.predict", lang)
        self.predict_toggle.tooltip = tr("step.predict_tooltip", lang)

    def _render(self) -> None:
        lang = self.lang
        count = len(self._steps)
        step = self.step
        self.first_button.disabled = self.back_button.disabled = self._index <= 0
        self.forward_button.disabled = self.end_button.disabled = self._index >= count - 1
        self.play_button.disabled = count < 2 or self.predicting
        waiting = self.flow.pending is not None
        if waiting:
            self.forward_button.disabled = self.end_button.disabled = True
        self.explanation.value = explanation_html(step, self._index, count, lang, waiting=waiting)
