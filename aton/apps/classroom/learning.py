"""The teacher's view of learning on the class page, without widgets: the grid, the mistakes, a learner's
answers, the CSV and erasing.

:class:`LearningView` reads a :class:`~aton.rooms.LearningStore` that shares the rooms' database.  "This
lesson" starts when the teacher's code opened the class page (``lesson_start``): the grid, the mistakes,
the CSV and erasing all take the answers given since then, and the learners seen since then.  A learner
who registered earlier shows as soon as they answer or open a page.  :meth:`LearningView.poll` asks the
store's cheap :meth:`~aton.rooms.LearningStore.changed_since` and reads the grid again only when the record
changed: the panel calls it every second, so an answer shows within two seconds.

>>> import tempfile
>>> from aton.rooms import LearningStore
>>> from aton.teaching.mastery import Attempt
>>> store = LearningStore(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> view = LearningView(store, lesson_start=0.0)
>>> view.poll(), view.rows
(True, ())
>>> key = store.register("Ana")
>>> _ = store.record(key, Attempt(rule="cartouche1", question="q", case="a", correct=False,
...                               mistake="not-doubled", answer_type="number"))
>>> view.poll(), view.poll(), [row.learner.nickname for row in view.rows]
(True, False, ['Ana'])
>>> view.cell_words(view.rows[0], "cartouche1", "fr")
'en cours'
>>> view.mistake_lines("en")[0].sentence
'You forgot to double the difference.'
>>> store.dispose()
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ...i18n import Message, check_lang, msg, nmsg, render_key, table
from ...rooms import GridRow, LearningStore, MistakeCount
from ...teaching.mastery import Attempt
from ...teaching.syllabus import RULES, rule_title
from .mistakes import FIXED, mistake_sentence, warm

__all__ = ["LEARNING_STRINGS", "MISTAKE_SENTENCES", "LearningView", "MistakeLine", "learning_words"]

LEARNING_STRINGS: dict[str, Message] = table(
    msg("learning.title", "What the class has learnt"),
    msg("learning.since", "Answers since {time}, when this page was opened with the teacher's code."),
    msg("learning.empty", "No learner has answered yet this lesson."),
    nmsg("learning.count", "{count} learner", "{count} learners"),
    msg("learning.grid_caption", "Learners by rule: each cell is the learner's state on that rule."),
    msg("learning.learner", "Learner"),
    msg("learning.rules", "The rules of the columns"),
    msg("learning.state.not seen", "not seen"),
    msg("learning.state.practising", "practising"),
    msg("learning.state.mastered", "mastered"),
    msg("learning.state.review", "review"),
    msg("learning.mistakes", "The class's most common mistakes this lesson"),
    msg("learning.mistakes_none", "No diagnosed mistake yet."),
    nmsg("learning.times", "{count} time", "{count} times"),
    nmsg("learning.by", "by {count} learner", "by {count} learners"),
    msg("learning.show", "Answers of {name}"),
    msg("learning.attempts_of", "Answers of {name} this lesson"),
    msg("learning.attempts_none", "No answer this lesson."),
    msg("learning.hide", "Hide the answers"),
    msg("learning.column.time", "Time"),
    msg("learning.column.rule", "Rule"),
    msg("learning.column.question", "Question"),
    msg("learning.column.result", "First try"),
    msg("learning.column.mistake", "Mistake"),
    msg("learning.right", "right"),
    msg("learning.wrong", "wrong"),
    msg("learning.download", "Download the answers (CSV)"),
    msg("learning.erase", "Erase this class's record"),
    msg(
        "learning.erase_ask",
        "Erase every answer given since {time} and the learners who came since then? Their pages will have to "
        "ask their nicknames again. This cannot be undone.",
    ),
    msg("learning.erase_yes", "Yes, erase it"),
    msg("learning.erase_no", "Cancel"),
    nmsg("learning.erased", "{count} answer erased.", "{count} answers erased."),
)
"""Every text of the learning part of the class page (``learning.<key>``)."""


def learning_words(key: str, lang: str, **values: Any) -> str:
    """A learning text of the class page with its ``{placeholders}`` filled.

    >>> learning_words("count", "fr", count=2)
    '2 élèves'
    """
    check_lang(lang)
    return render_key(LEARNING_STRINGS, f"learning.{key}", lang, "class page text", **values)


MISTAKE_SENTENCES: dict[str, Callable[[str], str]] = FIXED
"""Mistake names whose diagnosis does not depend on the answer given (:data:`aton.apps.classroom.mistakes.FIXED`);
every other mistake is said by :func:`~aton.apps.classroom.mistakes.mistake_sentence` too."""

RULE_IDS: tuple[str, ...] = tuple(entry.id for entry in RULES)
"""The grid's columns: the syllabus's rules, in tutorial order."""


@dataclass(frozen=True)
class MistakeLine:
    """One of the class's common mistakes in words: the rule's title, the mistake as a sentence
    (:func:`~aton.apps.classroom.mistakes.mistake_sentence`), and the count in words."""

    rule: str
    rule_title: str
    sentence: str
    count: str
    mistake: MistakeCount


class LearningView:
    """The learning part of the class page.

    ``LearningView(store, *, lesson_start=None, clock=time.time)``: ``lesson_start`` (seconds since 1970)
    defaults to now, the moment the teacher's code opened the page.  ``rows`` (the grid), ``mistakes`` and
    ``version`` are what the last :meth:`poll` read; ``shown`` is the learner whose answers are open;
    ``erasing`` whether the erase question is asked.
    """

    def __init__(
        self, store: LearningStore, *, lesson_start: float | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self._clock = clock
        self.lesson_start = clock() if lesson_start is None else lesson_start
        self.rows: tuple[GridRow, ...] = ()
        self.mistakes: tuple[MistakeCount, ...] = ()
        self.version: str | None = None
        self.shown: int | None = None
        self.shown_attempts: tuple[Attempt, ...] = ()
        self.erasing = False
        self.last_erased: int | None = None
        warm()  # the words of the mistakes, read before the first one shows

    # -------------------------------------------------------------- reading
    def poll(self) -> bool:
        """Read the grid and the mistakes again if the record changed; ``True`` when it did."""
        if self.version is not None and not self.store.changed_since(self.version):
            return False
        version = self.store.version()
        self.rows = tuple(self.store.class_grid(since=self.lesson_start))
        self.mistakes = tuple(self.store.common_mistakes(since=self.lesson_start, limit=5))
        if self.shown is not None:
            self.shown_attempts = tuple(self.store.attempts_of(self.shown, since=self.lesson_start))
        self.version = version
        return True

    def start_words(self, lang: str) -> str:
        """When the lesson started, as the page says it."""
        stamp = datetime.fromtimestamp(self.lesson_start).strftime("%H:%M")
        return learning_words("since", lang, time=stamp)

    @staticmethod
    def headers(lang: str) -> list[tuple[str, str]]:
        """The grid's column headers: ``(short, full)`` for each rule (its number, and its title)."""
        return [(str(number), rule_title(rule, lang)) for number, rule in enumerate(RULE_IDS, start=1)]

    @staticmethod
    def cell_words(row: GridRow, rule: str, lang: str) -> str:
        """A cell of the grid in words: not seen, practising, mastered or review."""
        return learning_words(f"state.{row.state(rule)}", lang)

    def mistake_lines(self, lang: str) -> list[MistakeLine]:
        """The class's most common mistakes in words, the most frequent first."""
        lines = []
        for found in self.mistakes:
            lines.append(
                MistakeLine(
                    rule=found.rule,
                    rule_title=rule_title(found.rule, lang) if found.rule in RULE_IDS else found.rule,
                    sentence=mistake_sentence(found.rule, found.mistake, lang),
                    count=", ".join(
                        [
                            learning_words("times", lang, count=found.count),
                            learning_words("by", lang, count=found.learners),
                        ]
                    ),
                    mistake=found,
                )
            )
        return lines

    # -------------------------------------------------------------- one learner
    def show(self, learner_id: int) -> tuple[Attempt, ...]:
        """Open the answers of learner ``learner_id`` this lesson (clicking them in the grid)."""
        self.shown = learner_id
        self.shown_attempts = tuple(self.store.attempts_of(learner_id, since=self.lesson_start))
        return self.shown_attempts

    def hide(self) -> None:
        """Close the learner's answers."""
        self.shown = None
        self.shown_attempts = ()

    def shown_name(self) -> str:
        """The nickname of the learner whose answers are open (``""`` when none)."""
        return next((row.learner.nickname for row in self.rows if row.learner.id == self.shown), "")

    def attempt_cells(self, attempt: Attempt, lang: str) -> list[str]:
        """An answer as the page's table shows it: time, rule, question, right or wrong, mistake."""
        stamp = datetime.fromtimestamp(attempt.time or 0.0).strftime("%H:%M:%S")
        rule = rule_title(attempt.rule, lang) if attempt.rule in RULE_IDS else attempt.rule
        mistake = "" if attempt.mistake is None else mistake_sentence(attempt.rule, attempt.mistake, lang)
        result = learning_words("right" if attempt.correct else "wrong", lang)
        return [stamp, rule, attempt.question, result, mistake]

    # -------------------------------------------------------------- the record
    def csv_text(self) -> str:
        """This lesson's answers as CSV (see :meth:`aton.rooms.LearningStore.export_csv`)."""
        return self.store.export_csv(since=self.lesson_start)

    def csv_href(self) -> str:
        """The answers as a ``data:`` address a link downloads (``download="answers.csv"``)."""
        data = base64.b64encode(self.csv_text().encode("utf-8")).decode("ascii")
        return f"data:text/csv;charset=utf-8;base64,{data}"

    def ask_erase(self) -> None:
        """Ask before erasing: :meth:`confirm_erase` erases, :meth:`cancel_erase` does not."""
        self.erasing = True

    def cancel_erase(self) -> None:
        """Keep the record."""
        self.erasing = False

    def confirm_erase(self) -> int | None:
        """Erase the answers given this lesson and the learners who came this lesson (only once asked);
        returns how many answers were erased (``None`` when nothing was asked)."""
        if not self.erasing:
            return None
        erased = self.store.erase(since=self.lesson_start)
        self.erasing = False
        self.last_erased = erased
        self.hide()
        self.version = None
        self.poll()
        return erased
