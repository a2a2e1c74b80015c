"""Where a page's answers go: the :class:`Recorder` the page wires in, or nowhere.

A widget that asks a question (an exercise, a predict question, a case of "Another one like this") makes
one :class:`~aton.teaching.mastery.Attempt` at the learner's first try (:meth:`aton.teaching.exercise.Exercise.attempt`)
and hands it to :func:`record`.  The widgets hold no store code: a page that keeps a record (the served
tutorials, the dashboard) installs its recorder with :func:`use_recorder` once, in its first cell; a plain
notebook installs none and nothing is recorded.  One kernel is one page, so the recorder is the kernel's.

>>> kept = []
>>> class Keep:
...     def record(self, attempt, lang):
...         kept.append(attempt.rule)
...         return None
>>> use_recorder(Keep())
>>> from aton.teaching.mastery import Attempt
>>> record(Attempt(rule="cartouche1", question="q", case="c", correct=True), "en"), kept
(None, ['cartouche1'])
>>> use_recorder(None)
>>> record(Attempt(rule="cartouche1", question="q", case="c", correct=True), "en"), kept
(None, ['cartouche1'])
"""

from __future__ import annotations

from typing import Protocol

from ..teaching.mastery import Attempt

__all__ = ["Recorder", "current_recorder", "record", "use_recorder"]


class Recorder(Protocol):
    """What keeps a page's answers: ``record(attempt, lang)`` returns ``None`` when the answer was kept, or
    a sentence for people in ``lang`` saying why it was not (the page shows it; nothing kept before is lost)."""

    def record(self, attempt: Attempt, lang: str) -> str | None:
        """Keep ``attempt``; ``None``, or why it was not kept."""
        ...  # pragma: no cover


_current: list[Recorder | None] = [None]


def use_recorder(recorder: Recorder | None) -> None:
    """Send this kernel's answers to ``recorder`` from now on (``None``: record nothing)."""
    _current[0] = recorder


def current_recorder() -> Recorder | None:
    """The recorder this kernel's answers go to, if any."""
    return _current[0]


def record(attempt: Attempt, lang: str) -> str | None:
    """Hand ``attempt`` to the kernel's recorder: ``None`` when kept or when there is none, else why not.

    A recorder that fails unexpectedly does not stop the widget: its error is returned as the reason.
    """
    recorder = _current[0]
    if recorder is None:
        return None
    try:
        return recorder.record(attempt, lang)
    except Exception as error:  # the question keeps working whatever the recorder does
        return str(error) or type(error).__name__
