"""What every exercise is: a question about a position, the engine's answer, and how an answer is judged.

:class:`Exercise` holds what all exercises share (the position, the question,
the right answer, how to judge, the likely mistakes, the hint and the rule);
four bases read an answer the way the learner gives it: :class:`ChoiceExercise`
(pick one option), :class:`NumberExercise` (a whole number),
:class:`TempleSetExercise` (tick temples) and :class:`SquareExercise` (pick a
square).  Each exercise kind is a small subclass of one of them, built with
keyword arguments, beside the function that builds it from a position
(:mod:`aton.teaching.cartouches`, :mod:`~aton.teaching.scoring`,
:mod:`~aton.teaching.placement`, :mod:`~aton.teaching.endings`,
:mod:`~aton.teaching.rounds`, :mod:`~aton.teaching.board_questions`).

>>> from aton.teaching.positions import load_position
>>> question = NumberExercise(
...     game=load_position("board-tour"), question=Text(lambda lang: "Two and two?"), answer=4,
...     judge=lambda answer, lang: Feedback(as_int(answer) == 4, ""), options=number_options(9))
>>> question.check("4").correct, question.check("four").readable
(True, False)
>>> question.attempt("5", correct=False).answer_type
'number'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from ..actions import PLAYERS, Player, Square
from ..explain import player_name
from ..game import Game
from ..i18n import check_lang, gtext
from ..refusals import error_text
from .answers import as_int, as_player, as_square, as_temples, as_yes_no
from .feedback import Feedback, Mistake, Text, join_or_none, square_name, word
from .mastery import Attempt, case_key, problem
from .syllabus import rule_title

__all__ = [
    "AnswerType",
    "ChoiceExercise",
    "Exercise",
    "NumberExercise",
    "SquareExercise",
    "TempleSetExercise",
]

AnswerType = Literal["choice", "number", "temples", "square"]
"""How a learner answers: pick one option, give a whole number, tick temples, or pick a square."""

Options = tuple[tuple[Any, Text], ...]
"""The values a learner may pick, each with its label in each language."""


# ------------------------------------------------------------------ options
def player_options() -> Options:
    """Red and Blue, named in each language."""
    return tuple((player, _player_label(player.label)) for player in PLAYERS)


def _player_label(label: str) -> Text:
    return Text(lambda lang: player_name(label, lang))


def number_options(highest: int) -> Options:
    """The whole numbers 0 to ``highest``."""
    return tuple((n, _number_label(n)) for n in range(highest + 1))


def _number_label(n: int) -> Text:
    return Text(lambda lang: str(n))


def yes_no_options() -> Options:
    """Yes (``True``) and no (``False``)."""
    return ((True, Text(lambda lang: word("yes", lang))), (False, Text(lambda lang: word("no", lang))))


# ------------------------------------------------------------------ exercises
@dataclass(frozen=True, eq=False, kw_only=True)
class Exercise:
    """One question about a position, with the right answer computed by the engine.

    - ``game``: the position the question is about (shown on the board).
    - ``question``: the question in each language.
    - ``answer``: the right answer (for a square exercise: the set of good squares).
    - ``judge``: the verdict on an answer read by :meth:`read`, in a language.
    - ``options``: for choices and numbers, the values a learner may pick,
      each with its label in each language.
    - ``outcome``: the game after the situation was played, for explainers.
    - ``rule``: the rule of the registry (:mod:`aton.teaching.syllabus`) the exercise is about.
    - ``hint`` and ``mistakes``: what a first wrong try gets.
    - ``deciding``: the figures of this case that decide the answer (Red's and Blue's cards on
      cartouche 1, the counters of both players in a temple...): a first wrong try may state some of
      them, never all (see :meth:`deciding_figures`).
    - ``rule_fixed``: whether a rule alone fixes the answer here (temple 2 gives 5, a 2 removes
      nothing): then a first wrong try may state that rule, figure included.
    - ``name``: the question's name in a learner's record (:meth:`attempt`): its name in
      :data:`aton.teaching.curriculum.EXERCISES` for a tutorial's exercise, ``"predict_order"`` and the like
      for a question of a "Predict first" step-through (:mod:`aton.teaching.predict`); empty, the kind names it.

    The class says the kind of exercise (:attr:`kind`, for example
    ``"cartouche1"``) and how a learner answers (:attr:`answer_type`).
    """

    kind: ClassVar[str] = ""
    """The name of the exercise kind (``"first_player"``, ``"scoring"``, ...)."""
    answer_type: ClassVar[AnswerType]
    """How a learner answers: ``"choice"``, ``"number"``, ``"temples"`` or ``"square"``."""

    game: Game
    question: Text
    answer: Any
    judge: Callable[[Any, str], Feedback] = field(repr=False)
    options: Options = ()
    outcome: Game | None = field(default=None, repr=False)
    rule: str = ""
    hint: Text | None = field(default=None, repr=False)
    mistakes: tuple[Mistake, ...] = field(default=(), repr=False)
    deciding: tuple[int, ...] = field(default=(), repr=False)
    rule_fixed: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        # an answer diagnosed by an earlier mistake is not another mistake's too
        claimed: set[Any] = set()
        distinct = []
        for mistake in self.mistakes:
            answers = mistake.answers - claimed
            claimed |= answers
            if answers:
                distinct.append(Mistake(mistake.name, frozenset(answers), mistake.diagnosis))
        object.__setattr__(self, "mistakes", tuple(distinct))

    def deciding_figures(self) -> tuple[int, ...]:
        """The figures of this case that, stated together, give the answer away (``()``: none but the answer).

        A first wrong try names the mistake and where to look; it never states the answer, nor all
        of these figures (:func:`aton.teaching.diagnoses.first_try_leak` checks it).
        """
        return self.deciding

    def prompt(self, lang: str = "en") -> str:
        """The question in ``lang``."""
        check_lang(lang)
        return self.question[lang]

    def option_labels(self, lang: str = "en") -> list[tuple[str, Any]]:
        """``(label, value)`` pairs for a choice or number input."""
        check_lang(lang)
        return [(labels[lang], value) for value, labels in self.options]

    def check(self, answer: Any, lang: str = "en", attempt: int | None = None) -> Feedback:
        """Judge ``answer``: right or wrong, and why, in ``lang``.

        ``attempt`` is the learner's try (1, 2, ...).  A wrong first try gets
        the diagnosis of the likely mistake (when the answer is one of
        :attr:`mistakes`) and a hint, not the answer, so there is a second
        try; from the second try on, or without ``attempt`` (the answer asked
        for directly), the feedback gives the answer and the events behind it.
        Every feedback but a first wrong try ends with "Rule:" and the rule
        the exercise is about, from :mod:`aton.teaching.syllabus`.

        An answer that cannot be read (a word for a number, a square off the
        board) is wrong, and the explanation says why.
        """
        check_lang(lang)
        try:
            verdict = self.judge(answer, lang)
            mistake = self.diagnose(answer)
        except ValueError as error:
            return Feedback(
                False,
                gtext(lang, "lesson feedback", "This answer cannot be read: {reason}", reason=error_text(error, lang)),
                False,
            )
        if not verdict.readable:
            return verdict
        diagnosis = [mistake.diagnosis[lang]] if mistake is not None and not verdict.correct else []
        if not verdict.correct and attempt == 1:
            parts = [gtext(lang, "lesson feedback", "Not yet."), *diagnosis]
            if self.hint is not None:
                parts.append(gtext(lang, "lesson feedback", "Hint: {hint}", hint=self.hint[lang]))
            parts.append(gtext(lang, "lesson feedback", "Try again, or ask for the answer."))
            return Feedback(False, " ".join(parts))
        return Feedback(verdict.correct, " ".join([verdict.explanation, *diagnosis, self.rule_line(lang)]).strip())

    def diagnose(self, answer: Any) -> Mistake | None:
        """The expected mistake ``answer`` is, if any (``None`` for a right or an unforeseen answer)."""
        value = self.read(answer)
        return next((m for m in self.mistakes if value in m.answers), None)

    def read(self, answer: Any) -> Any:
        """``answer`` as the exercise compares it (a number, a set of temples, a square, a choice)."""
        raise NotImplementedError

    def answer_label(self, lang: str = "en") -> str:
        """The right answer in words (its option's label)."""
        check_lang(lang)
        for value, label in self.options:
            if value is self.answer or (value == self.answer and type(value) is type(self.answer)):
                return label[lang]
        return str(self.answer)

    def shown_answer(self) -> Any:
        """One right answer, as a learner would give it (what "Show the answer" checks)."""
        return self.answer

    def reveal(self, lang: str = "en") -> str:
        """The answer on request, with the events behind it and the rule: what "Show the answer" shows."""
        check_lang(lang)
        explanation = self.check(self.shown_answer(), lang).explanation
        right = word("right", lang)
        shown = gtext(lang, "lesson feedback", "The answer: {answer}.", answer=self.answer_label(lang))
        return shown + explanation[len(right) :] if explanation.startswith(right) else f"{shown} {explanation}"

    def recordable(self) -> bool:
        """Whether answers to this question can go into a learner's record: it names a rule of the syllabus."""
        return problem(Attempt(rule=self.rule, question="q", case="c", correct=True)) is None

    def attempt(
        self,
        answer: Any,
        *,
        correct: bool,
        source: str = "exercise",
        question: str | None = None,
        given_away: bool = False,
    ) -> Attempt:
        """The attempt a first try at this question (``answer``, right or not) makes, for the learner's record.

        - ``source``: where it was asked (``"exercise"``, ``"predict"``, ``"practice"``: see
          :data:`aton.teaching.mastery.SOURCES`);
        - ``question``: the question's name; by default :attr:`name`, else the kind (``"cartouche1"``);
        - the case key hashes the kind, the question in English and its right answer
          (:func:`~aton.teaching.mastery.case_key`): two positions with the same question and answer are one
          case, and no card shows in the record;
        - the mistake is the one :meth:`diagnose` names for a wrong answer (none for an unreadable one);
        - ``given_away``: the answer was shown before this try, or a rule alone fixes it (:attr:`rule_fixed`,
          for a question of a step-through): kept, but it proves nothing.

        Pure: the store is not touched here (:mod:`aton.widgets.recording` hands the attempt on).
        """
        mistake = None
        if not correct:
            try:
                found = self.diagnose(answer)
            except ValueError:  # an answer that cannot be read has no diagnosis
                found = None
            mistake = None if found is None else found.name
        return Attempt(
            rule=self.rule,
            question=question or self.name or self.kind or self.rule,
            case=case_key(self.kind, self.prompt("en"), _stable(self.answer)),
            correct=bool(correct),
            mistake=mistake,
            source=source,
            answer_type=self.answer_type,
            options=len(self.options) if self.answer_type == "choice" else 0,
            given_away=given_away,
        )

    def rule_line(self, lang: str = "en") -> str:
        """``"Rule: ..."``: the rule this exercise is about, from the registry (empty without one)."""
        if not self.rule:
            return ""
        return gtext(lang, "lesson feedback", "Rule: {rule}", rule=rule_title(self.rule, lang))


def _stable(value: Any) -> Any:
    """``value`` with its sets sorted, so the same case gives the same key in every process."""
    if isinstance(value, (set, frozenset)):
        return tuple(sorted((_stable(item) for item in value), key=repr))
    if isinstance(value, (list, tuple)):
        return tuple(_stable(item) for item in value)
    return value


class ChoiceExercise(Exercise):
    """An exercise answered by picking one of its :attr:`~Exercise.options` (a player, yes or no, a kind)."""

    answer_type: ClassVar[AnswerType] = "choice"

    def read(self, answer: Any) -> Any:
        """The option ``answer`` names (a player also by its name; yes and no also as words)."""
        if self.options and all(isinstance(value, bool) for value, _label in self.options):
            return as_yes_no(answer)
        for value, _label in self.options:
            if answer is value or answer == value or (isinstance(value, Player) and _player_or_none(answer) is value):
                return value
        return answer


def _player_or_none(answer: Any) -> Player | None:
    try:
        return as_player(answer)
    except ValueError:
        return None


class NumberExercise(Exercise):
    """An exercise answered by a whole number."""

    answer_type: ClassVar[AnswerType] = "number"

    def read(self, answer: Any) -> int:
        """``answer`` as a whole number."""
        return as_int(answer)


class TempleSetExercise(Exercise):
    """An exercise answered by ticking temples: the answer is a set of temple numbers."""

    answer_type: ClassVar[AnswerType] = "temples"

    def read(self, answer: Any) -> frozenset[int]:
        """``answer`` as a set of temple numbers."""
        return as_temples(answer)

    def answer_label(self, lang: str = "en") -> str:
        """The temples of the answer, in order ("none" for none)."""
        check_lang(lang)
        return join_or_none([str(t) for t in sorted(self.answer)], lang)


class SquareExercise(Exercise):
    """An exercise answered by picking a square of the board: :attr:`~Exercise.answer` is the set of good squares."""

    answer_type: ClassVar[AnswerType] = "square"

    def read(self, answer: Any) -> Square:
        """``answer`` as a square."""
        return as_square(answer)

    def answer_label(self, lang: str = "en") -> str:
        """Every good square, in words."""
        check_lang(lang)
        return join_or_none([square_name(square, lang) for square in sorted(self.answer)], lang)

    def shown_answer(self) -> Any:
        """The first good square."""
        return min(self.answer)
