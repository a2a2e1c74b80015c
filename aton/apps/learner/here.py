"""The learner's record kept in the browser itself, where no server keeps it (the static site): :class:`HereFlow`.

On the static site Python runs in the learner's browser and there is no store: the record is one text
(:class:`aton.teaching.record.LearnerRecord`) in the browser's ``localStorage`` under :data:`KEY`.  The page
reads it when it opens (:meth:`HereFlow.heard`), every answer goes into it, and the page writes it back
through a script (``write(text, base)``, see :mod:`aton.apps.learner.here_bar`).  Two pages of one browser
(tutorial 01 and 02 in two tabs) share the text: the script writes only if the browser still holds the record
this page last read (``base``, its check); else it hands the newer text back (:meth:`HereFlow.conflict`), and
the two are merged, so no page overwrites another's answers.

Nothing read is used unchecked: a damaged or forged text is refused with a message, set aside under
:data:`ASIDE_KEY` (nothing lost), and a new record starts.  The learner downloads the record as a file
(:meth:`HereFlow.download`) and loads one back (:meth:`HereFlow.load`, checked the same way, merged with what
the browser holds).

>>> texts = []
>>> flow = HereFlow(write=lambda text, base, aside: texts.append((text, base)), clock=lambda: 100.0)
>>> flow.heard(None)                                         # nothing kept in this browser yet
>>> from aton.teaching.mastery import Attempt
>>> flow.record(Attempt(rule="cartouche1", question="q", case="c", correct=True, answer_type="number"), "en")
>>> texts[-1][1] is None, len(flow.attempts)                 # written where the browser held nothing
(True, 1)
>>> again = HereFlow(write=lambda text, base, aside: None)
>>> again.heard(texts[-1][0])                                # a reload: the record is still there
>>> again.records()["cartouche1"].state
'practising'
>>> again.heard("{not a record")                             # a second word from the browser changes nothing
>>> len(again.attempts)
1
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from ...errors import LearningRecordError
from ...i18n import gtext
from ...teaching.mastery import Attempt, Choice, RuleRecord
from ...teaching.record import FILE_NAME, MOST_CHARACTERS, LearnerRecord

__all__ = ["ASIDE_KEY", "KEY", "RULES_KEY", "HereFlow", "stored_check"]

KEY = "aton-record"
"""Where the browser keeps the learner's record (``localStorage``)."""
ASIDE_KEY = "aton-record-refused"
"""Where a record the page could not read is set aside, as it was (the learner may still download it)."""
RULES_KEY = "aton-record-rules"
"""Where the pages put the learner's rules read from the record, for the site's front page (which runs no Python):
``{"check": <the record's check>, "langs": {lang: {"summary", "states": [...]}}}``.  The front page shows them
only while the record under :data:`KEY` still has that check, so they never disagree with it."""
MOST_CONFLICTS = 5
"""Writes in a row that another page's newer record may turn back before the page stops trying."""

Writer = Callable[[str, "str | None", "str | None"], None]
"""``write(text, base, aside)``: keep ``text`` if the browser still holds the record whose check is ``base``
(``None``: nothing), after setting ``aside`` (a damaged text, or ``None``) aside under :data:`ASIDE_KEY`."""


def stored_check(text: str | None) -> str | None:
    """What the page's script finds as the check of the stored ``text``: ``None`` when nothing is stored, ``""``
    when it holds no check (damaged).

    >>> stored_check(None), stored_check("{oops"), stored_check('{"check": "ab"}')
    (None, '', 'ab')
    """
    if text is None:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return ""
    check = data.get("check") if isinstance(data, dict) else None
    return check if isinstance(check, str) else ""


class HereFlow:
    """One page's learner on the static site: the record read from the browser, answers added, written back.

    ``HereFlow(write=None, clock=time.time)``; it is the page's recorder
    (:class:`aton.widgets.recording.Recorder`) and answers what :class:`aton.apps.learner.practise.Practise`
    asks of a learner's flow (``key``, ``store.next_rule``).
    """

    in_class = False
    asking = False
    nickname = None

    def __init__(self, write: Writer | None = None, clock: Callable[[], float] = time.time) -> None:
        self.write = write
        self.clock = clock
        self.record_here = LearnerRecord()
        self.known = False
        """Whether the browser said what it keeps (before that, answers wait in :attr:`pending`)."""
        self.pending: list[Attempt] = []
        self.base: str | None = None
        """The check of the record the browser holds, as far as this page knows (read, or last written)."""
        self.aside: str | None = None
        """A damaged text found in the browser, to set aside at the next write."""
        self.refused: LearningRecordError | None = None
        """Why the record kept in this browser was refused (it was set aside)."""
        self.failed: str | None = None
        """Why the browser did not keep the latest write (storage full or refused), if it did not."""
        self.error: LearningRecordError | None = None
        """The latest answer or file refused."""
        self.loaded: int | None = None
        """How many answers the latest file loaded added."""
        self.conflicts = 0
        self._listeners: list[Callable[[], None]] = []

    # ------------------------------------------------------------------ what the page asks
    @property
    def key(self) -> str:
        """The learner's key: the browser itself (one learner per browser)."""
        return "here"

    @property
    def store(self) -> HereFlow:
        """The learner's store: this record (``store.next_rule(key, tutorials)`` as on the server)."""
        return self

    @property
    def attempts(self) -> list[Attempt]:
        """The learner's answers, oldest first."""
        return self.record_here.attempts

    def on_recorded(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after the record changed (an answer, a file loaded, another page's answers)."""
        self._listeners.append(callback)

    def records(self) -> dict[str, RuleRecord]:
        """Every rule's record, read from the answers."""
        return self.record_here.mastery()

    def next_rule(self, key: object, tutorials_done: list[str], now: float | None = None) -> Choice | None:
        """The rule to practise next (as :meth:`aton.rooms.LearningStore.next_rule`)."""
        return self.record_here.next_rule(tutorials_done, self.clock() if now is None else now)

    def download(self) -> tuple[str, str]:
        """The file to download: its name (:data:`~aton.teaching.record.FILE_NAME`) and text."""
        return FILE_NAME, self.record_here.to_text()

    # ------------------------------------------------------------------ the browser
    def heard(self, kept: str | None) -> None:
        """What the browser kept when the page opened (the record's text, or ``None``); said once."""
        if self.known:
            return
        self.known = True
        if kept is not None:
            try:
                self.record_here = LearnerRecord.from_text(kept)
            except LearningRecordError as error:
                self.refused, self.aside = error, kept
        self.base = stored_check(kept)
        waiting, self.pending = self.pending, []
        for attempt in waiting:
            self._add(attempt)
        if waiting:
            self._write()
        self._changed()

    def conflict(self, stored: str | None) -> None:
        """The browser holds a newer record than this page's (another page wrote it): merge, write again."""
        self.conflicts += 1
        if self.conflicts > MOST_CONFLICTS:
            self.failed = "conflict"
            self._changed()
            return
        try:
            theirs = LearnerRecord() if stored is None else LearnerRecord.from_text(stored)
        except LearningRecordError as error:
            self.refused, self.aside = error, stored
        else:
            try:
                self.record_here = theirs.merged(self.record_here)
            except LearningRecordError as error:
                self.error = error
        self.base = stored_check(stored)
        self._write()
        self._changed()

    def wrote(self, failed: str | None = None) -> None:
        """The page's script kept the record (``failed``: why the browser refused it, such as a full storage)."""
        self.conflicts = 0
        if failed is None:
            self.aside = None
        self.failed = failed
        self._changed()

    def heard_report(self, text: str) -> None:
        """What the page's script typed into the bridge (JSON): ``{"kept": ...}`` once the page opened,
        ``{"wrote": true}``, ``{"failed": reason}`` or ``{"conflict": text}`` after a write.  Anything else
        is ignored."""
        if len(text) > 2 * MOST_CHARACTERS + 200:
            return
        try:
            facts: Any = json.loads(text)
        except (ValueError, RecursionError):
            return
        if not isinstance(facts, dict):
            return
        kept = facts.get("kept", ...)
        if kept is not ... and (kept is None or isinstance(kept, str)):
            self.heard(kept)
        elif facts.get("wrote") is True:
            self.wrote()
        elif isinstance(facts.get("failed"), str):
            self.wrote(facts["failed"][:200])
        elif "conflict" in facts and (facts["conflict"] is None or isinstance(facts["conflict"], str)):
            self.conflict(facts["conflict"])

    # ------------------------------------------------------------------ answers and files
    def record(self, attempt: Attempt, lang: str) -> str | None:
        """Keep ``attempt``: ``None`` when kept, else why not, in ``lang``."""
        if not self.known:
            self.pending.append(attempt)
            return None
        try:
            self._add(attempt, raising=True)
        except LearningRecordError as error:
            return gtext(lang, "learner", "This answer was not recorded: {reason}", reason=error.text(lang))
        self._write()
        self._changed()
        return None

    def load(self, content: bytes | str) -> int:
        """Load a record file: its answers this record lacks are added (returns how many).  A file that is
        not a sound record raises :class:`~aton.errors.LearningRecordError`, and nothing changes."""
        loaded = LearnerRecord.from_text(content)
        before = len(self.record_here.attempts)
        merged = self.record_here.merged(loaded)
        self.record_here = merged
        self.loaded = len(merged.attempts) - before
        self._write()
        self._changed()
        return self.loaded

    def _add(self, attempt: Attempt, raising: bool = False) -> None:
        try:
            self.record_here.add(attempt, self.clock())
        except LearningRecordError as error:
            if raising:
                raise  # the answer's own message says it
            self.error = error
        else:
            self.error = None

    def _write(self) -> None:
        if self.write is not None and self.known:
            base, self.base = self.base, self.record_here.check()  # what the browser holds once written
            self.write(self.record_here.to_text(), base, self.aside)

    def _changed(self) -> None:
        for callback in self._listeners:
            callback()

    def problems(self, lang: str) -> list[str]:
        """What the page says about the record now, in ``lang`` (nothing when all is well)."""
        lines = []
        if self.refused is not None:
            lines.append(
                gtext(
                    lang,
                    "learner",
                    "The record kept in this browser could not be read ({reason}); it was set aside and a new "
                    "record starts.",
                    reason=self.refused.text(lang),
                )
            )
        if self.failed is not None:
            lines.append(
                gtext(
                    lang,
                    "learner",
                    "This browser did not keep your latest answers ({reason}): download your record to keep it.",
                    reason=self.failed,
                )
            )
        if self.error is not None:
            lines.append(self.error.text(lang))
        return lines
