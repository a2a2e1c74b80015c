"""The errors of the engine: every refusal is a ``ValueError`` with a code and its facts.

An error names its reason with a ``code`` and keeps the facts behind it in
``details``; its text is rendered only when it is shown, in any language of
the message catalogs: ``str(error)`` is English and ``error.text("fr")`` is
French.  Pages show any error through ``aton.error_text(error, lang)``
(:func:`aton.refusals.error_text`): the one way to turn an error into
words.  The sentences live in :mod:`aton.refusals`, which plugs them in
here when it is imported (``import aton`` does), so this module imports
nothing of the engine and every other module may import it.

>>> import aton
>>> error = PositionError("round_past_limit", round=9, limit=5)
>>> str(error)
'round 9 is past the round limit 5'
>>> error.text("fr")
'la manche 9 dépasse la limite de manches (5)'
>>> isinstance(error, GameFileError) and isinstance(error, ValueError)
True

Kinds of error:

==========================  =====================================================================
:class:`IllegalAction`      an action the rules do not allow now (raised by ``Game.apply``)
:class:`ActionTextError`    an action written as text that cannot be read (``parse_action``)
:class:`HiddenInformation`  a question a player's view cannot answer
:class:`RulesError`         rule switches that cannot be used (``Rules``)
:class:`LayoutError`        a board layout that cannot be used (``Layout``)
:class:`GameFileError`      a game file, snapshot, position or record that cannot be read
:class:`PositionError`      a position or snapshot that cannot be a state of Aton
:class:`EventError`         an event in a file's log that cannot be read
:class:`ReplayError`        a record that cannot be replayed
:class:`BotError`           a bot, the coach or a review asked for what it cannot do
==========================  =====================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Details = dict[str, Any]
Renderer = Callable[[str, Details, str], str]
"""``(code, details, lang) -> text``: how the message catalogs tell a reason."""

_renderer: list[Renderer] = []


def use_renderer(renderer: Renderer) -> None:
    """Tell every error's reason with ``renderer`` (:mod:`aton.refusals` calls this when imported)."""
    _renderer[:] = [renderer]


def render(code: str, details: Details, lang: str = "en") -> str:
    """The reason ``code`` with ``details`` in ``lang``; the code and facts if no renderer is plugged in."""
    if not _renderer:  # pragma: no cover - ``import aton`` plugs in the message catalogs
        return f"{code} {details}"
    return _renderer[0](code, details, lang)


@dataclass(frozen=True)
class Reason:
    """A part of a reason told by a code and its facts (where a file differs, who won by what...).

    An error's ``details`` may hold one; it is told in the language of the error that holds it.
    """

    code: str
    details: Details

    def text(self, lang: str = "en") -> str:
        """This part in ``lang``."""
        return render(self.code, self.details, lang)


class CodedError(ValueError):
    """A refusal told by a ``code`` and its facts (``details``), in any language: ``error.text("fr")``.

    ``details`` may hold another coded error (the reason behind this one) or a :class:`Reason`, which
    are told in the same language.
    """

    def __init__(self, code: str, /, **details: Any) -> None:
        self.code = code
        self.details = details
        super().__init__(render(code, details, "en"))

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"en"``, ``"fr"``, ...)."""
        return render(self.code, self.details, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.code, self.details))


def _rebuild(kind: type[CodedError], code: str, details: Details) -> CodedError:
    """Unpickle a coded error (errors cross process pools)."""
    return kind(code, **details)


class IllegalAction(CodedError):
    """An action the rules do not allow now; the message says why and what is allowed.

    ``code`` names the reason and ``details`` holds its facts, so the reason
    can be told in another language: ``error.text("fr")``.
    """


class ActionTextError(CodedError):
    """An action written as text (``"red place 2-5"``) that cannot be read."""


class HiddenInformation(CodedError):
    """A question a player's view cannot answer, because the answer is hidden from that player."""


class RulesError(CodedError):
    """Rule switches that cannot be used; the message says which values are allowed."""


class LayoutError(RulesError):
    """A board layout that cannot be used; the message says what is wrong."""


class GameFileError(CodedError):
    """A game file, snapshot, position or record that cannot be read; the message says what is wrong.

    Every problem found while reading is one of these (or a subclass), never a ``TypeError`` or a
    ``RecursionError``.
    """


class PositionError(GameFileError):
    """A position or snapshot that cannot be a state of Aton; the message says what is wrong."""


class EventError(GameFileError):
    """An event in JSON form that cannot be read: unknown kind, a field missing, extra or of the wrong type."""


class ReplayError(GameFileError):
    """A record that cannot be replayed; the message names the first bad action."""


class UnreadableAnswer(CodedError):
    """An exercise's answer that cannot be read as what the question asks for (a word for a number, a
    temple 5); the learner is told so in their language, and the answer counts as wrong."""


class BotError(CodedError):
    """A bot, the coach or a review asked for something it cannot do (an unknown bot, a game in place of a
    player's view, a search option out of range); the message says what is allowed."""


class LearningRecordError(CodedError):
    """A learner's record kept in the browser or loaded from a file that cannot be used (too large, not a
    record, an answer malformed, changed by hand), or an answer it cannot keep; the message says what, and
    nothing of the record changes (:mod:`aton.teaching.record`)."""
