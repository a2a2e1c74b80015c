"""What a learner knows of each rule, from their answers, and which rule they should practise next.

Pure: no database, no clock, no global random (standard library only, so it runs in Pyodide on the static
site as well as on the server).  The store (:mod:`aton.rooms.learning`) keeps the :class:`Attempt` records;
this module reads them.

The model: Bayesian knowledge tracing with a floor
---------------------------------------------------
Each rule of the registry (:mod:`aton.teaching.syllabus`) has a chance that the learner knows it, updated
after every answer by **Bayesian knowledge tracing** (Corbett and Anderson, 1995).  Four figures drive it
(:class:`Params`): the chance of knowing the rule before any answer (``p_init`` 0.2), the chance of learning
it at each answer (``p_learn`` 0.2), the chance of a right answer without knowing it (*guess*) and of a wrong
answer while knowing it (*slip*, 0.1).  The guess depends on the kind of answer (:func:`guess_rate`): one of
2 options is right half the time by chance (0.5), one of 3 a third of the time, a number, a set of temples
or a square about one time in ten.  So two right numbers take the chance of knowing from 0.2 past 0.95,
while a yes/no question needs five right answers in a row: a right answer that a coin could give says less.

We chose tracing over a plain count ("two right in a row") because answers differ in what they prove (the
guess rate), a miss lowers the estimate by how surprising it is instead of wiping it, and its figure reads
as a chance a teacher can take in ("known with 96 % likelihood").  A plain count cannot tell a lucky
yes/no from a computed score.

The issue's floor is kept on top of it: a rule is **mastered** only once

- the chance of knowing it is at least :data:`MASTERED_AT` (0.95), **and**
- the learner answered right at the first try on at least :data:`MIN_CASES` (2) *different* cases (distinct
  :attr:`Attempt.case` keys): the same question answered twice proves memory of that answer, not the rule.

Only the first try of a question counts (a second try after the hint is not evidence of knowing), and an
attempt whose answer the page gave away (:attr:`Attempt.given_away`, as
:func:`aton.teaching.pages.visible_answers` finds them) is kept in the record but moves nothing.

States (:data:`STATES`): ``"not seen"`` (no attempt), ``"practising"`` (attempts, not yet mastered),
``"mastered"``, and ``"review"``: a miss after the rule was mastered.  A rule in review is mastered again once
the chance of knowing it is back at 0.95 after a right first try on a case.

The next rule to practise
-------------------------
:func:`next_rule` ranks the rules a learner may practise (those of the tutorials done so far, and any rule
already attempted): first the rules in review, then the rules missed at their latest attempt (the most
recent miss first), then the mastered rules whose spaced repeat is due, then the rules being practised (the
least known first, the rule just answered last so that rules interleave), then the rules not yet seen (in
the order of the syllabus).  Spaced repeats (:data:`REPEAT_AFTER`) come after :data:`IN_LESSON_AFTER` other
cases in the same lesson, then 1 day, 3 days and 7 days after the previous right answer, and every 7 days
after that.  Given the same attempts, tutorials and time it always gives the same answer.

>>> a = [Attempt(rule="cartouche1", question="cartouche1-tie", case="c1", correct=True, time=1.0,
...              answer_type="number")]
>>> record = trace(a)["cartouche1"]
>>> record.state, round(record.p_known, 2)
('practising', 0.75)
>>> b = a + [Attempt(rule="cartouche1", question="cartouche1-tie", case="c1", correct=True, time=2.0,
...                  answer_type="number")]
>>> trace(b)["cartouche1"].state            # the same case twice: memory, not the rule
'practising'
>>> c = a + [Attempt(rule="cartouche1", question="cartouche1-red", case="c2", correct=True, time=2.0,
...                  answer_type="number")]
>>> trace(c)["cartouche1"].state
'mastered'
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any, NamedTuple

from .syllabus import RULES, Rule

__all__ = [
    "ANSWER_TYPES",
    "DEFAULT_PARAMS",
    "IN_LESSON_AFTER",
    "LIMITS",
    "MASTERED_AT",
    "MIN_CASES",
    "REPEAT_AFTER",
    "SOURCES",
    "STATES",
    "Attempt",
    "Choice",
    "Params",
    "Problem",
    "RuleRecord",
    "case_key",
    "guess_rate",
    "next_rule",
    "practicable_rules",
    "problem",
    "trace",
]

MASTERED_AT = 0.95
"""The chance of knowing a rule at which (with :data:`MIN_CASES`) it is mastered."""
MIN_CASES = 2
"""Different cases a learner must answer right at the first try before a rule is mastered."""
STATES = ("not seen", "practising", "mastered", "review")
"""A rule's states for a learner, in the order a learner goes through them."""
SOURCES = ("exercise", "predict", "practice")
"""Where an answer comes from: a tutorial's exercise, a predict question of a step-through, a practice case."""
ANSWER_TYPES = ("choice", "number", "temples", "square")
"""How a question is answered (as :attr:`aton.teaching.exercise.Exercise.answer_type` says)."""
DAY = 24 * 3600.0
REPEAT_AFTER = (1 * DAY, 3 * DAY, 7 * DAY)
"""Spaced repeats of a mastered rule: seconds after the previous right answer (the last one repeats)."""
IN_LESSON_AFTER = 5
"""The first repeat of a newly mastered rule comes after this many answers on other rules."""
LIMITS = {"question": 80, "case": 120, "mistake": 80, "learner": 64}
"""The most characters of each text field of an :class:`Attempt` (longer ones are refused)."""
MOST_OPTIONS = 100
_RULE_IDS = frozenset(entry.id for entry in RULES)


@dataclass(frozen=True)
class Params:
    """The figures of knowledge tracing (see the module's docstring)."""

    p_init: float = 0.2
    p_learn: float = 0.2
    slip: float = 0.1


DEFAULT_PARAMS = Params()
"""The figures this module uses unless told otherwise."""


def guess_rate(answer_type: str, options: int = 0) -> float:
    """The chance of a right answer without knowing the rule.

    A choice among ``options`` is right one time in ``options`` (a third when the count is not given); a
    number, a set of temples or a square one time in ten.

    >>> guess_rate("choice", 2), guess_rate("choice", 3) > guess_rate("number")
    (0.5, True)
    """
    if answer_type == "choice":
        return 1 / options if options >= 2 else 1 / 3
    return 0.1


@dataclass(frozen=True, kw_only=True)
class Attempt:
    """One answered question: the first try, right or not, and what it was about.

    - ``rule``: the rule's id in :mod:`aton.teaching.syllabus`;
    - ``question``: the question's name: an exercise of :data:`aton.teaching.curriculum.EXERCISES`, a predict
      question's kind or a practice case's name;
    - ``case``: a key that tells two cases of the same rule apart (see :func:`case_key`);
    - ``correct``: right at the first try;
    - ``mistake``: the diagnosed mistake's name (:attr:`aton.teaching.feedback.Mistake.name`), or ``None``;
    - ``source``: one of :data:`SOURCES`;
    - ``time``: seconds since 1970 (the store stamps its own clock);
    - ``answer_type`` and ``options``: how it was answered (one of :data:`ANSWER_TYPES`, and for a choice the
      number of options), which sets the guess rate;
    - ``given_away``: the page showed the answer before the question (kept, not counted);
    - ``learner``: who answered (the store fills in its learner's number).

    No field holds a card of a live game: a case from a game in progress is named by a hash.
    """

    rule: str
    question: str
    case: str
    correct: bool
    mistake: str | None = None
    source: str = "exercise"
    time: float = 0.0
    answer_type: str = "choice"
    options: int = 0
    given_away: bool = False
    learner: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The attempt as plain JSON values."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Attempt:
        """An attempt from :meth:`to_dict`'s shape; raises ``ValueError`` for an unknown or missing field.

        The values are not checked here: :func:`problem` does.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"an attempt is a mapping of fields, not {type(data).__name__}")
        names = {f.name for f in fields(cls)}
        unknown = sorted(str(name) for name in data if name not in names)
        if unknown:
            raise ValueError(f"unknown attempt field(s): {', '.join(unknown)}")
        missing = [name for name in ("rule", "question", "case", "correct") if name not in data]
        if missing:
            raise ValueError(f"missing attempt field(s): {', '.join(missing)}")
        return cls(**dict(data))


def case_key(*parts: object) -> str:
    """A short key naming one case from what makes it that case (a seed and round and cards, or a question's
    text and answer): 16 hexadecimal digits of their SHA-256, so no card shows in the record.

    >>> case_key(7, 2, (1, 2, 3, 4)) == case_key(7, 2, (1, 2, 3, 4)), case_key(7, 2) == case_key(7, 3)
    (True, False)
    >>> len(case_key("How many points?", 6))
    16
    """
    text = "\x1f".join(repr(part) for part in parts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class Problem(NamedTuple):
    """What is wrong with an attempt: the ``field``, the ``reason`` (a code) and the value ``given``."""

    field: str
    reason: str
    """``"type"`` (not the right kind of value), ``"empty"``, ``"too_long"``, ``"unknown"`` (not one of the
    known values) or ``"characters"`` (a control character, or a first character that is not a letter or
    digit)."""
    given: str


def _text_problem(name: str, value: object, *, optional: bool = False) -> Problem | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        return Problem(name, "type", repr(value)[:40])
    if not value:
        return Problem(name, "empty", "''")
    if len(value) > LIMITS[name]:
        return Problem(name, "too_long", repr(value)[:40])
    if not value[0].isalnum() or not value.isprintable():
        return Problem(name, "characters", repr(value)[:40])
    return None


def problem(attempt: object) -> Problem | None:
    """The first thing wrong with ``attempt`` (``None`` when it can be recorded).

    >>> problem(Attempt(rule="nothing", question="q", case="c", correct=True))
    Problem(field='rule', reason='unknown', given="'nothing'")
    >>> problem(Attempt(rule="draw", question="q", case="c", correct=1))
    Problem(field='correct', reason='type', given='1')
    """
    if not isinstance(attempt, Attempt):
        return Problem("attempt", "type", repr(attempt)[:40])
    if not isinstance(attempt.rule, str) or attempt.rule not in _RULE_IDS:
        return Problem("rule", "unknown", repr(attempt.rule)[:40])
    for name in ("question", "case"):
        found = _text_problem(name, getattr(attempt, name))
        if found:
            return found
    found = _text_problem("mistake", attempt.mistake, optional=True)
    if found:
        return found
    for name in ("correct", "given_away"):
        if not isinstance(getattr(attempt, name), bool):
            return Problem(name, "type", repr(getattr(attempt, name))[:40])
    if attempt.source not in SOURCES:
        return Problem("source", "unknown", repr(attempt.source)[:40])
    if attempt.answer_type not in ANSWER_TYPES:
        return Problem("answer_type", "unknown", repr(attempt.answer_type)[:40])
    options = attempt.options
    if isinstance(options, bool) or not isinstance(options, int) or not 0 <= options <= MOST_OPTIONS:
        return Problem("options", "type", repr(options)[:40])
    when = attempt.time
    if isinstance(when, bool) or not isinstance(when, int | float) or not math.isfinite(when) or when < 0:
        return Problem("time", "type", repr(when)[:40])
    if not isinstance(attempt.learner, str) or len(attempt.learner) > LIMITS["learner"]:
        return Problem("learner", "type", repr(attempt.learner)[:40])
    return None


@dataclass(frozen=True)
class RuleRecord:
    """One learner's record on one rule (see :func:`trace`).

    - ``state``: one of :data:`STATES`; ``p_known``: the chance they know it (knowledge tracing);
    - ``attempts``: answers counted, ``right``: of them right at the first try, ``cases``: distinct cases
      answered right;
    - ``last_time`` and ``last_correct``: the latest answer; ``last_miss``: the time of the latest miss;
    - ``last_mistake``: the latest diagnosed mistake;
    - ``mastered_time``: when it was (last) mastered; ``repeats``: right answers since; ``last_right``: the time
      of the latest right answer;
    - ``others_since``: answers on other rules after this rule's latest one (for the in-lesson repeat).
    """

    rule: str
    state: str = "not seen"
    p_known: float = 0.0
    attempts: int = 0
    right: int = 0
    cases: int = 0
    last_time: float | None = None
    last_correct: bool | None = None
    last_miss: float | None = None
    last_mistake: str | None = None
    mastered_time: float | None = None
    repeats: int = 0
    last_right: float | None = None
    others_since: int = 0

    def due(self, now: float) -> float | None:
        """For a mastered rule, when its next spaced repeat is due (``-inf`` when the in-lesson repeat is
        due now); ``None`` for a rule in any other state."""
        if self.state != "mastered" or self.last_right is None:
            return None
        if self.repeats == 0:
            if self.others_since >= IN_LESSON_AFTER:
                return -math.inf
            return self.last_right + REPEAT_AFTER[0]
        return self.last_right + REPEAT_AFTER[min(self.repeats - 1, len(REPEAT_AFTER) - 1)]


@dataclass
class _Tracker:
    rule: str
    p: float
    attempts: int = 0
    right: int = 0
    cases: set[str] | None = None
    last_time: float | None = None
    last_correct: bool | None = None
    last_miss: float | None = None
    last_mistake: str | None = None
    mastered: bool = False
    review: bool = False
    mastered_time: float | None = None
    repeats: int = 0
    last_right: float | None = None
    others_since: int = 0

    def answer(self, attempt: Attempt, params: Params) -> None:
        correct = attempt.correct
        if self.cases is None:
            self.cases = set()
        self.attempts += 1
        self.last_time, self.last_correct = attempt.time, correct
        if attempt.mistake is not None:
            self.last_mistake = attempt.mistake
        guess, slip = guess_rate(attempt.answer_type, attempt.options), params.slip
        if correct:
            known = self.p * (1 - slip)
            evidence = known + (1 - self.p) * guess
        else:
            known = self.p * slip
            evidence = known + (1 - self.p) * (1 - guess)
        self.p = known / evidence if evidence > 0 else self.p
        self.p += (1 - self.p) * params.p_learn
        if correct:
            self.right += 1
            self.cases.add(attempt.case)
            self.last_right = attempt.time
            if self.mastered and not self.review:
                self.repeats += 1
        else:
            self.last_miss = attempt.time
            if self.mastered:
                self.review = True
        enough = self.p >= MASTERED_AT and len(self.cases) >= MIN_CASES
        if correct and enough and (not self.mastered or self.review):
            self.mastered, self.review = True, False
            self.mastered_time, self.repeats = attempt.time, 0

    def record(self) -> RuleRecord:
        if not self.attempts:
            return RuleRecord(self.rule)
        state = "review" if self.review else "mastered" if self.mastered else "practising"
        return RuleRecord(
            self.rule, state, self.p, self.attempts, self.right, len(self.cases or ()), self.last_time,
            self.last_correct, self.last_miss, self.last_mistake, self.mastered_time, self.repeats,
            self.last_right, self.others_since,
        )  # fmt: skip


def trace(
    attempts: Iterable[Attempt], params: Params = DEFAULT_PARAMS, rules: Sequence[Rule] = RULES
) -> dict[str, RuleRecord]:
    """Every rule of ``rules`` (the syllabus by default, in its order) with one learner's record on it.

    ``attempts`` are one learner's, taken in time order (ties keep their order); those whose answer was
    given away, and those about a rule not in ``rules``, move nothing.
    """
    trackers = {entry.id: _Tracker(entry.id, params.p_init) for entry in rules}
    ordered = sorted(enumerate(attempts), key=lambda pair: (pair[1].time, pair[0]))
    counted = 0
    for _index, attempt in ordered:
        tracker = trackers.get(attempt.rule)
        if tracker is None or attempt.given_away:
            continue
        tracker.answer(attempt, params)
        counted += 1
        tracker.others_since = counted  # for now: the answers counted up to this rule's latest
    for tracker in trackers.values():
        if tracker.attempts:
            tracker.others_since = counted - tracker.others_since  # answers on other rules after its latest
    return {rule_id: tracker.record() for rule_id, tracker in trackers.items()}


class Choice(NamedTuple):
    """The rule to practise next and why: ``reason`` is ``"review"``, ``"missed"``, ``"repeat"``,
    ``"practising"``, ``"not seen"`` or ``"ahead"`` (everything is mastered and nothing is due: the repeat
    due soonest)."""

    rule: str
    reason: str


def practicable_rules(rules: Sequence[Rule] = RULES) -> tuple[str, ...]:
    """The rules that have an exercise to practise (a rule taught by text only has none)."""
    return tuple(entry.id for entry in rules if entry.exercises and entry.text_only is None)


def next_rule(
    records: Mapping[str, RuleRecord],
    tutorials_done: Iterable[str],
    now: float,
    *,
    rules: Sequence[Rule] = RULES,
    practicable: Iterable[str] | None = None,
) -> Choice | None:
    """The rule that most needs practice, from a learner's :func:`trace` ``records``.

    The candidates are the ``practicable`` rules (by default :func:`practicable_rules`) that belong to a
    tutorial of ``tutorials_done`` (``"02"``, ``"03"``...) or that the learner already answered.  Their order
    is in the module's docstring; ``now`` (seconds since 1970) decides which spaced repeats are due.
    ``None`` when there is no candidate (no tutorial done, nothing answered).
    """
    done = set(tutorials_done)
    allowed = set(practicable_rules(rules) if practicable is None else practicable)
    order = {entry.id: index for index, entry in enumerate(rules)}
    candidates = [
        records.get(entry.id, RuleRecord(entry.id))
        for entry in rules
        if entry.id in allowed and (entry.tutorial in done or records.get(entry.id, RuleRecord(entry.id)).attempts)
    ]
    if not candidates:
        return None
    latest = max((r.last_time for r in candidates if r.last_time is not None), default=None)

    def rank(record: RuleRecord) -> tuple[int, float, float, int]:
        position = order[record.rule]
        if record.state == "review":
            return (0, -(record.last_miss or 0.0), 0.0, position)
        if record.state == "practising" and record.last_correct is False:
            return (1, -(record.last_miss or 0.0), 0.0, position)
        due = record.due(now)
        if due is not None and due <= now:
            return (2, due, 0.0, position)
        if record.state == "practising":
            just_answered = 1.0 if record.last_time is not None and record.last_time == latest else 0.0
            return (3, just_answered, record.p_known, position)
        if record.state == "not seen":
            return (4, 0.0, 0.0, position)
        return (5, due if due is not None else math.inf, 0.0, position)

    best = min(candidates, key=rank)
    reasons = ("review", "missed", "repeat", "practising", "not seen", "ahead")
    return Choice(best.rule, reasons[rank(best)[0]])
