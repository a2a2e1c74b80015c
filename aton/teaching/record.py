"""One learner's record as one text: what the static site keeps in the browser and offers as a file.

Where no server keeps the learners' record (the static site: Python runs in the learner's browser), the
record is one JSON text (:class:`LearnerRecord`): the learner's answers (:class:`~aton.teaching.mastery.Attempt`)
and a check.  The page keeps it in the browser's ``localStorage`` and offers it as a file,
``aton-record.json``, which the learner can load again (on another computer, after clearing the browser).

Everything read back is checked before any of it is used (:meth:`LearnerRecord.from_text`): its size, that it
is JSON within the bounds of :func:`aton.jsonfile.read_json`, its format and version, every answer
(:func:`aton.teaching.mastery.problem`), their number, and the check (the SHA-256 of the answers), which tells
a record damaged or edited by hand.  A refused record is a :class:`~aton.errors.LearningRecordError`, told in
every language; nothing of it is used.  The check does not stop a determined forger (the code is public): it
keeps mistakes and casual edits out.  Nothing hidden goes in: an answer names its rule, its question, a hashed
case and the verdict.

>>> record = LearnerRecord()
>>> record.add(Attempt(rule="cartouche1", question="cartouche1-tie", case="c1", correct=True,
...                    answer_type="number"), now=1000.0).time
1000.0
>>> again = LearnerRecord.from_text(record.to_text())
>>> again.attempts == record.attempts, again.mastery()["cartouche1"].state
(True, 'practising')
>>> edited = record.to_text().replace('"correct":true', '"correct":false')
>>> LearnerRecord.from_text(edited)
Traceback (most recent call last):
...
aton.errors.LearningRecordError: the record was changed outside Aton: its check does not match its answers
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import CodedError, LearningRecordError
from ..jsonfile import read_json
from .mastery import Attempt, Choice, RuleRecord, next_rule, problem, trace

__all__ = ["FILE_NAME", "FORMAT", "MOST_ANSWERS", "MOST_CHARACTERS", "VERSION", "LearnerRecord"]

FORMAT = "aton-record"
"""The ``format`` field of every record."""
VERSION = 1
"""The version of the record's shape this code writes and reads."""
FILE_NAME = "aton-record.json"
"""The name of the record's file when downloaded."""
MOST_ANSWERS = 4000
"""The most answers a record keeps: about a hundred lessons of 40 answers."""
MOST_CHARACTERS = 1_000_000
"""The longest record text read or written (an answer takes about 220 characters; browsers keep at least
5 million characters per site in ``localStorage``)."""
_FIELDS = ("format", "version", "attempts", "check")


def _check(attempts: Sequence[Attempt]) -> str:
    """The SHA-256 of the answers in a canonical form (sorted keys, no spaces)."""
    text = json.dumps([a.to_dict() for a in attempts], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _same(attempt: Attempt) -> tuple[Any, ...]:
    """What makes two answers the same answer (the one answer loaded twice)."""
    return tuple(sorted(attempt.to_dict().items(), key=lambda item: item[0]))


@dataclass
class LearnerRecord:
    """A learner's answers, oldest first, kept as one text (:meth:`to_text`, :meth:`from_text`).

    It answers what the learners' store answers for one learner: :meth:`mastery` and :meth:`next_rule`,
    read from the answers, as :class:`aton.rooms.LearningStore` reads them.
    """

    attempts: list[Attempt] = field(default_factory=list)

    def add(self, attempt: Attempt, now: float) -> Attempt:
        """Keep ``attempt``, stamped with the time ``now`` (seconds since 1970); returns it as kept.

        A malformed answer (:func:`~aton.teaching.mastery.problem`) or a full record raises
        :class:`~aton.errors.LearningRecordError`, and nothing changes.
        """
        if not isinstance(attempt, Attempt):
            raise LearningRecordError("record_bad_answer", field="attempt", given=repr(attempt)[:40])
        stamped = Attempt(**{**attempt.to_dict(), "time": float(now), "learner": ""})
        found = problem(stamped)
        if found is not None:
            raise LearningRecordError("record_bad_answer", field=found.field, given=found.given)
        if len(self.attempts) >= MOST_ANSWERS:
            raise LearningRecordError("record_full", limit=MOST_ANSWERS)
        candidate = [*self.attempts, stamped]
        if len(self._text(candidate)) > MOST_CHARACTERS:
            raise LearningRecordError("record_full", limit=len(self.attempts))
        self.attempts = candidate
        return stamped

    def mastery(self) -> dict[str, RuleRecord]:
        """Every rule's record (:func:`aton.teaching.mastery.trace`)."""
        return trace(self.attempts)

    def next_rule(self, tutorials_done: Iterable[str], now: float) -> Choice | None:
        """The rule to practise next (:func:`aton.teaching.mastery.next_rule`)."""
        return next_rule(self.mastery(), tutorials_done, now)

    def merged(self, other: LearnerRecord) -> LearnerRecord:
        """This record with the answers of ``other`` it lacks, in time order (a file loaded into a browser that
        kept answers of its own: nothing of either is lost).  Too many answers together raise
        :class:`~aton.errors.LearningRecordError` (``record_too_many``).

        >>> a = Attempt(rule="cartouche1", question="q", case="c", correct=True, time=2.0)
        >>> b = Attempt(rule="cartouche1", question="q", case="d", correct=False, time=1.0)
        >>> [x.case for x in LearnerRecord([a]).merged(LearnerRecord([b, a])).attempts]
        ['d', 'c']
        """
        seen = {_same(attempt) for attempt in self.attempts}
        extra = [attempt for attempt in other.attempts if _same(attempt) not in seen]
        together = sorted(
            enumerate([*self.attempts, *extra]), key=lambda pair: (pair[1].time, pair[0])
        )  # stable: ties keep their order
        attempts = [attempt for _index, attempt in together]
        if len(attempts) > MOST_ANSWERS:
            raise LearningRecordError("record_too_many", count=len(attempts), limit=MOST_ANSWERS)
        return LearnerRecord(attempts)

    def check(self) -> str:
        """The record's check: the SHA-256 of its answers (as :meth:`to_text` writes it)."""
        return _check(self.attempts)

    def to_text(self) -> str:
        """The record as JSON text: ``{"format", "version", "attempts", "check"}``."""
        return self._text(self.attempts)

    @staticmethod
    def _text(attempts: Sequence[Attempt]) -> str:
        body = {
            "format": FORMAT,
            "version": VERSION,
            "attempts": [a.to_dict() for a in attempts],
            "check": _check(attempts),
        }
        return json.dumps(body, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_text(cls, text: object) -> LearnerRecord:
        """The record in ``text`` (a ``str``, or the file's ``bytes``), every part checked first.

        Raises :class:`~aton.errors.LearningRecordError` naming the first problem: too large, not JSON, not a
        record, another version, a malformed answer (its number and field), too many answers, or a check that
        does not match.

        >>> LearnerRecord.from_text('{"format": "aton-game"}')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        aton.errors.LearningRecordError: this is not a learning record of Aton (a JSON object whose "format" is ...)
        >>> LearnerRecord.from_text(b"x" * 2_000_000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        aton.errors.LearningRecordError: the record is too large (2,000,000 characters); a record holds at most ...
        """
        if isinstance(text, (bytes, bytearray)):
            if len(text) > MOST_CHARACTERS * 4:
                raise LearningRecordError("record_too_large", size=len(text), limit=MOST_CHARACTERS)
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise LearningRecordError("record_not_text") from None
        if not isinstance(text, str):
            raise LearningRecordError("record_not_text")
        if len(text) > MOST_CHARACTERS:
            raise LearningRecordError("record_too_large", size=len(text), limit=MOST_CHARACTERS)
        try:
            data = read_json(text)
        except CodedError as error:
            raise LearningRecordError("record_not_json", reason=error) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise LearningRecordError("record_not_a_record")
        if data.get("version") != VERSION or isinstance(data.get("version"), bool):
            raise LearningRecordError("record_version", given=str(data.get("version"))[:20], version=VERSION)
        unknown = sorted(str(name)[:40] for name in data if name not in _FIELDS)
        raw = data.get("attempts")
        if unknown or not isinstance(raw, list) or not isinstance(data.get("check"), str):
            raise LearningRecordError("record_not_a_record")
        if len(raw) > MOST_ANSWERS:
            raise LearningRecordError("record_too_many", count=len(raw), limit=MOST_ANSWERS)
        attempts: list[Attempt] = []
        for number, item in enumerate(raw, start=1):
            try:
                attempt = Attempt.from_dict(item)
            except (ValueError, TypeError):
                raise LearningRecordError("record_answer_unreadable", number=number) from None
            found = problem(attempt)
            if found is None and attempt.learner:
                found_field, given = "learner", repr(attempt.learner)[:40]
            elif found is not None:
                found_field, given = found.field, found.given
            else:
                attempts.append(attempt)
                continue
            raise LearningRecordError("record_answer_wrong", number=number, field=found_field, given=given)
        if _check(attempts) != data["check"]:
            raise LearningRecordError("record_changed")
        return cls(attempts)
