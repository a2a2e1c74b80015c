"""The "Practise" button of a tutorial: the next case for the rule the learner most needs (:class:`Practise`).

The rule comes from the learner's record (:meth:`aton.rooms.LearningStore.next_rule`: missed most recently,
due for a spaced repeat, or not yet seen in the tutorials done so far); the case is a new one of that rule
(:func:`aton.teaching.variants.another_like` on the rule's first exercise of
:mod:`aton.teaching.curriculum`), and its answer is recorded as practice.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import traitlets

from ...errors import LearningRecordError
from ...i18n import check_lang, gtext
from ...teaching import curriculum
from ...teaching.exercise import Exercise
from ...teaching.mastery import Choice
from ...teaching.syllabus import RULES, rule, rule_title
from ...teaching.variants import another_like
from ...widgets.exercises import ExerciseWidget
from ...widgets.i18n import lang_of

if TYPE_CHECKING:
    from .flow import LearnerFlow
    from .here import HereFlow

__all__ = ["ALL_TUTORIALS", "Practise", "case_of", "tutorials_up_to"]

ALL_TUTORIALS: tuple[str, ...] = tuple(sorted({entry.tutorial for entry in RULES}))
"""Every tutorial that teaches a rule of the syllabus (``"01"``, ``"02"``...): the Practise page's reach."""


def tutorials_up_to(tutorial: str) -> list[str]:
    """The tutorials done once ``tutorial`` is reached: it and every one before.

    >>> tutorials_up_to("03")
    ['01', '02', '03']
    """
    return [f"{number:02d}" for number in range(1, int(tutorial) + 1)]


def case_of(rule_id: str, seed: int) -> Exercise | None:
    """A case of rule ``rule_id`` to practise: a new variant of its first exercise (the exercise itself when
    it has no variants), or ``None`` when the rule has no exercise.

    >>> case_of("cartouche1", 1).rule, case_of("no-stock-of-anything", 1)
    ('cartouche1', None)
    """
    try:
        names = rule(rule_id).exercises
    except (KeyError, ValueError):
        return None
    for name in names:
        if name in curriculum.EXERCISES:
            first = curriculum.exercise(name)
            return another_like(first, seed=seed) or first
    return None


def _refusals() -> tuple[type[Any], ...]:
    """What the learner's store may refuse: the room store's errors where it exists (not in Pyodide, where the
    static site keeps the record in the browser: :class:`~aton.errors.LearningRecordError`)."""
    try:
        from ...rooms import RoomError
    except ImportError:
        return (LearningRecordError,)
    return (RoomError, LearningRecordError)


def _reason(choice: Choice, lang: str) -> str:
    title = rule_title(choice.rule, lang)
    if choice.reason in ("review", "missed"):
        return gtext(lang, "learner", "Missed lately: {rule}", rule=title)
    if choice.reason in ("repeat", "ahead"):
        return gtext(lang, "learner", "A repeat of a rule you mastered: {rule}", rule=title)
    if choice.reason == "practising":
        return gtext(lang, "learner", "Still practising: {rule}", rule=title)
    return gtext(lang, "learner", "Not yet seen: {rule}", rule=title)


class Practise(widgets.VBox):  # type: ignore[misc]
    """A "Practise" button (``aton-learner-practise``) dealing the next case below it (``aton-learner-case``).

    ``Practise(flow, tutorial="03", lang="en")``: the rules of tutorials 01 to 03 (and any rule answered);
    ``tutorial`` may also be the tutorials themselves (:data:`ALL_TUTORIALS` on the Practise page)."""

    lang = traitlets.Unicode("en")

    def __init__(self, flow: LearnerFlow | HereFlow, tutorial: str | Sequence[str], lang: str = "en") -> None:
        self.flow = flow
        self.tutorials = tutorials_up_to(tutorial) if isinstance(tutorial, str) else list(tutorial)
        self.dealt = 0
        self.choice: Choice | None = None
        self.button = widgets.Button(icon="graduation-cap", layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.button.add_class("aton-learner-practise")
        self.button.on_click(lambda _button: self.deal())
        self.said = widgets.HTML()
        self.case: ExerciseWidget | None = None
        self.slot = widgets.VBox()
        self.slot.add_class("aton-learner-case")
        line = widgets.HBox([self.button, self.said], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__(children=[line, self.slot])  # the button keeps its words; on a phone the reason goes under
        self.lang = check_lang(lang)
        self._render()

    def deal(self) -> Exercise | None:
        """The next case, shown below the button (``None``, and why, when there is none)."""
        self.choice = None
        if self.flow.key is None:
            self._say(gtext(self.lang, "learner", "Give your nickname first: practice follows your record."))
            return None
        try:
            self.choice = self.flow.store.next_rule(self.flow.key, self.tutorials)
        except _refusals() as error:
            self._say(error.text(self.lang))
            return None
        self.dealt += 1
        made = None if self.choice is None else case_of(self.choice.rule, self.dealt)
        if made is None:
            self.choice = None
            self._say(gtext(self.lang, "learner", "Nothing to practise yet."))
            return None
        self.case = ExerciseWidget(made, self.lang, source="practice")
        self.slot.children = [self.case]
        self._render()
        return made

    def _say(self, text: str) -> None:
        self.said.value = f"<p>{html.escape(text)}</p>"

    @traitlets.validate("lang")
    def _validate_lang(self, proposal: Any) -> str:
        return lang_of(proposal)

    @traitlets.observe("lang")
    def _lang_changed(self, _change: Any) -> None:
        if hasattr(self, "slot"):
            self._render()

    def _render(self) -> None:
        lang = self.lang
        self.button.description = gtext(lang, "learner", "Practise")
        self.button.tooltip = gtext(lang, "learner", "A new case of the rule you most need to practise")
        if self.case is not None:
            self.case.lang = lang
        if self.choice is not None:
            self._say(_reason(self.choice, lang))
