"""The attempt one answered question makes, for a learner's record (:class:`aton.teaching.mastery.Attempt`).

An exercise of a tutorial, a predict question of a step-through and a case dealt by "Another one like this"
are all :class:`~aton.teaching.exercise.Exercise` objects: :func:`attempt_for` reads from one of them what the
record keeps (its rule, its name, a key of its case, the verdict at the first try and the diagnosed mistake),
so the widgets only say which answer was given and where.  Pure: the store is not touched here.

>>> from aton.teaching import curriculum
>>> tie = curriculum.exercise("cartouche1-tie")
>>> right = attempt_for(tie, 0, correct=True)
>>> right.rule, right.question, right.source, right.answer_type, right.mistake
('cartouche1', 'cartouche1-tie', 'exercise', 'number', None)
>>> right.case == attempt_for(curriculum.exercise("cartouche1-tie"), 3, correct=False).case
True
"""

from __future__ import annotations

from typing import Any

from .curriculum import name_of
from .exercise import Exercise
from .mastery import Attempt, case_key, problem

__all__ = ["attempt_for", "recordable"]


def _stable(value: Any) -> Any:
    """``value`` with its sets sorted, so the same case gives the same key in every process."""
    if isinstance(value, (set, frozenset)):
        return tuple(sorted((_stable(item) for item in value), key=repr))
    if isinstance(value, (list, tuple)):
        return tuple(_stable(item) for item in value)
    return value


def recordable(exercise: Exercise) -> bool:
    """Whether answers to ``exercise`` can go into a record: it names a rule of the syllabus."""
    return problem(Attempt(rule=exercise.rule, question="q", case="c", correct=True)) is None


def attempt_for(
    exercise: Exercise,
    answer: Any,
    *,
    correct: bool,
    source: str = "exercise",
    question: str | None = None,
    given_away: bool = False,
) -> Attempt:
    """The attempt of a first try at ``exercise`` (``answer``, right or not), to record.

    - ``question``: the question's name; by default its name in :data:`aton.teaching.curriculum.EXERCISES`,
      else its kind (a predict question's kind, ``"cartouche1"``);
    - the case key hashes the question in English and its right answer (:func:`~aton.teaching.mastery.case_key`):
      two positions with the same question and answer are one case, and no card shows in the record;
    - the mistake is the one :meth:`~aton.teaching.exercise.Exercise.diagnose` names for a wrong answer;
    - ``given_away``: the answer was shown before this try.
    """
    mistake = None
    if not correct:
        try:
            found = exercise.diagnose(answer)
        except ValueError:  # an answer that cannot be read has no diagnosis
            found = None
        mistake = None if found is None else found.name
    name = question or name_of(exercise) or exercise.kind or exercise.rule
    return Attempt(
        rule=exercise.rule,
        question=name,
        case=case_key(exercise.kind, exercise.prompt("en"), _stable(exercise.answer)),
        correct=bool(correct),
        mistake=mistake,
        source=source,
        answer_type=exercise.answer_type,
        options=len(exercise.options) if exercise.answer_type == "choice" else 0,
        given_away=given_away,
    )
