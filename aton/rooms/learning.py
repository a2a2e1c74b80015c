"""The learners' record: who is learning, every answer they gave, and what they have mastered, in the room store.

A learner has no account: :meth:`LearningStore.register` takes a nickname and returns a key that the
browser keeps (as a seat key is kept); the store keeps only its SHA-256 hash (:mod:`aton.rooms.keys`).  Each
answered exercise, predict question or practice case is one :class:`~aton.teaching.mastery.Attempt`, written
in its own transaction: a refused write (a forged key, an unknown rule, an oversize field) raises a
:class:`LearningError` and changes nothing, so nothing already recorded is lost.  The tables live in the same
database as the rooms (``aton_learners`` and ``aton_attempts`` of :mod:`aton.rooms.db`), with the same
settings: SQLite in WAL mode with ``BEGIN IMMEDIATE`` writers, or PostgreSQL shared by several servers.

What each learner has mastered is read from their attempts by :mod:`aton.teaching.mastery` (Bayesian
knowledge tracing with a floor of two different cases); nothing derived is stored, so the record cannot
disagree with itself.  No card of a live game is ever written: an attempt holds names, a case key and
the verdict.  The whole interface is described in ``docs/learning.md``.

>>> import tempfile
>>> from aton.teaching.mastery import Attempt
>>> learning = LearningStore(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> key = learning.register("Ana")
>>> learning.learner(key).nickname
'Ana'
>>> for case in ("a", "b"):
...     _ = learning.record(key, Attempt(rule="cartouche1", question="cartouche1-tie", case=case,
...                                      correct=True, answer_type="number"))
>>> learning.mastery(key)["cartouche1"].state
'mastered'
>>> learning.record(key, Attempt(rule="no-such-rule", question="q", case="c", correct=True))
Traceback (most recent call last):
...
aton.rooms.learning.LearningError: this answer was not recorded: rule is not one of the known values ...
>>> learning.dispose()
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import Connection, Engine, Row, and_, bindparam, delete, func, insert, select, update

from ..i18n import check_lang, gtext
from ..teaching.mastery import DEFAULT_PARAMS, Attempt, Choice, Params, Problem, RuleRecord, next_rule, problem, trace
from . import db
from .errors import RoomError
from .keys import new_token, token_hash, well_formed
from .store import _nickname

__all__ = [
    "CSV_COLUMNS",
    "GridRow",
    "Learner",
    "LearningError",
    "LearningStore",
    "MistakeCount",
    "learners_without",
]

CSV_COLUMNS = (
    "time", "learner", "nickname", "rule", "question", "case", "source", "answer_type", "options", "first_try",
    "mistake", "given_away",
)  # fmt: skip
"""The columns of :meth:`LearningStore.export_csv`, in order."""

_A = db.attempts.c
_L = db.learners.c
_ATTEMPT_FIELDS = {f.name for f in fields(Attempt)}
_BY_HASH = select(_L.id, _L.nickname, _L.created, _L.seen).where(_L.key_hash == bindparam("key_hash"))
_ADD_ATTEMPT = insert(db.attempts)
_SEEN = (
    update(db.learners)
    .where(_L.key_hash == bindparam("hash"))
    .values(seen=bindparam("now"))
    .returning(_L.id, _L.nickname, _L.created, _L.seen)
)
_OF_LEARNER = select(db.attempts).where(_A.learner == bindparam("learner_id")).order_by(_A.time, _A.id)
_VERSION = select(
    select(func.max(_A.id)).scalar_subquery(),
    select(func.count()).select_from(db.attempts).scalar_subquery(),
    select(func.max(_L.id)).scalar_subquery(),
    select(func.count()).select_from(db.learners).scalar_subquery(),
    select(func.max(_L.seen)).scalar_subquery(),
)


# ------------------------------------------------------------------ refusals
def _problem_text(d: Mapping[str, Any], lang: str) -> str:
    reason, field, given = d["reason"], d["field"], d["given"]
    if reason == "empty":
        return gtext(lang, "learning refusal", "{field} is empty", field=field)
    if reason == "too_long":
        return gtext(lang, "learning refusal", "{field} is too long ({given})", field=field, given=given)
    if reason == "unknown":
        return gtext(
            lang, "learning refusal", "{field} is not one of the known values ({given})", field=field, given=given
        )
    if reason == "characters":
        return gtext(
            lang,
            "learning refusal",
            "{field} holds a character it may not hold or does not start with a letter or digit ({given})",
            field=field,
            given=given,
        )
    if reason == "missing":
        return gtext(lang, "learning refusal", "{field} is missing", field=field)
    return gtext(lang, "learning refusal", "{field} has the wrong kind of value ({given})", field=field, given=given)


_TEXTS: dict[str, Callable[[Mapping[str, Any], str], str]] = {
    "unknown_learner": lambda d, lang: gtext(
        lang,
        "learning refusal",
        "this learner key is not known here (it was erased or is not a real key); give your nickname again "
        "to start a new record",
    ),
    "bad_attempt": lambda d, lang: gtext(
        lang,
        "learning refusal",
        "this answer was not recorded: {reason}; nothing recorded before is lost",
        reason=_problem_text(d, lang),
    ),
    "bad_since": lambda d, lang: gtext(
        lang,
        "learning refusal",
        "a start time is a number of seconds since 1970 or nothing, not {given}",
        given=d["given"],
    ),
    "bad_limit": lambda d, lang: gtext(
        lang, "learning refusal", "a count of rows is a whole number from 1 to {most}, not {given}", **d
    ),
}


class LearningError(RoomError):
    """A refused call of the learners' record; ``code`` names the reason, ``text(lang)`` says it.

    - ``unknown_learner``: the key is forged, cut short or was erased;
    - ``bad_attempt``: the attempt is malformed (``details``: ``field``, ``reason`` as in
      :class:`aton.teaching.mastery.Problem`, and the value ``given``);
    - ``bad_since``, ``bad_limit``: an argument of the teacher's views that cannot be right.

    Nothing is written by a refused call.
    """

    codes = tuple(_TEXTS)

    def __init__(self, code: str, /, **details: Any) -> None:
        if code not in self.codes:
            raise ValueError(f"LearningError has no code {code!r}; its codes: {', '.join(self.codes)}")
        self.code = code
        self.details = details
        Exception.__init__(self, _TEXTS[code](details, "en"))

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"en"`` or ``"fr"``)."""
        return _TEXTS[self.code](self.details, check_lang(lang))


def _refuse(found: Problem) -> LearningError:
    return LearningError("bad_attempt", field=found.field, reason=found.reason, given=found.given)


def _since(since: object) -> float | None:
    if since is None:
        return None
    if isinstance(since, bool) or not isinstance(since, int | float) or since != since:
        raise LearningError("bad_since", given=repr(since)[:40])
    return float(since)


# ------------------------------------------------------------------ results
@dataclass(frozen=True)
class Learner:
    """A learner: their number in this store, nickname, and when they came and last answered (seconds since
    1970).  Two learners may share a nickname; the number tells them apart."""

    id: int
    nickname: str
    created: float
    seen: float


@dataclass(frozen=True)
class GridRow:
    """One learner's line of the teacher's grid: their record on every rule of the syllabus, in its order."""

    learner: Learner
    records: dict[str, RuleRecord]

    def state(self, rule: str) -> str:
        """The state of ``rule`` (one of :data:`aton.teaching.mastery.STATES`)."""
        return self.records[rule].state


@dataclass(frozen=True)
class MistakeCount:
    """A diagnosed mistake of the class: the rule, the mistake's name, how many first tries made it, by how
    many learners."""

    rule: str
    mistake: str
    count: int
    learners: int


def _attempt(row: Row[Any]) -> Attempt:
    return Attempt(
        rule=row.rule, question=row.question, case=row.case_key, correct=bool(row.correct), mistake=row.mistake,
        source=row.source, time=row.time, answer_type=row.answer_type, options=row.options,
        given_away=bool(row.given_away), learner=str(row.learner),
    )  # fmt: skip


def _cell(value: object) -> str:
    """A CSV cell that a spreadsheet shows as text (never runs as a formula)."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="seconds")


# ------------------------------------------------------------------ the store
class LearningStore:
    """The learners' record in the room store's database.

    ``url_or_engine``: the store's address (``sqlite:///path/rooms.db``, ``postgresql://...``) or the
    engine of an open :class:`~aton.rooms.RoomStore` (``LearningStore(rooms.engine)``) to share its
    connections.  ``clock`` gives the time (seconds since 1970; every attempt is stamped with it, never with
    the page's clock) and is there for tests; ``params`` are knowledge tracing's figures.  Safe to share
    between threads, processes and machines that open the same database.
    """

    def __init__(
        self,
        url_or_engine: str | Engine,
        *,
        busy_timeout: float = db.BUSY_TIMEOUT_MS / 1000,
        clock: Callable[[], float] = time.time,
        params: Params = DEFAULT_PARAMS,
    ) -> None:
        if isinstance(url_or_engine, Engine):
            self.engine = url_or_engine
            self._owned = False
            with db.translated():
                db.metadata.create_all(self.engine)
        else:
            self.engine = db.connect(url_or_engine, busy_timeout)
            self._owned = True
        self.dialect = self.engine.dialect.name
        self._writer = db.writer(self.engine)
        self._clock = clock
        self.params = params

    def __repr__(self) -> str:
        return f"<aton.rooms.LearningStore {self.engine.url.render_as_string(hide_password=True)}>"

    def dispose(self) -> None:
        """Close the connections (unless the engine is a room store's, which closes them itself)."""
        if self._owned:
            self.engine.dispose()

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with db.translated(), self.engine.begin() as connection:
            yield connection

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with db.translated(), self._writer.begin() as connection:
            yield connection

    @staticmethod
    def _learner(connection: Connection, key: object, *, seen: float | None = None) -> Learner:
        """The learner of ``key``; with ``seen``, marked as seen at that time (one statement either way)."""
        if not well_formed(key):
            raise LearningError("unknown_learner")
        assert isinstance(key, str)
        if seen is None:
            row = connection.execute(_BY_HASH, {"key_hash": token_hash(key)}).first()
        else:
            row = connection.execute(_SEEN, {"hash": token_hash(key), "now": seen}).first()
        if row is None:
            raise LearningError("unknown_learner")
        return Learner(row.id, row.nickname, row.created, row.seen)

    # ---------------------------------------------------------- a learner's pages
    def register(self, nickname: str) -> str:
        """A new learner called ``nickname``; returns their key (for the browser to keep: the store keeps
        only its hash).  A nickname has 1 to 20 letters, digits, spaces or ``-_'.``, as in the rooms
        (:class:`~aton.rooms.BadRequest` ``bad_nickname`` otherwise)."""
        name = _nickname(nickname if nickname is not None else "")
        assert name is not None
        key = new_token()
        now = self._clock()
        with self._write() as connection:
            connection.execute(
                insert(db.learners).values(key_hash=token_hash(key), nickname=name, created=now, seen=now)
            )
        return key

    def learner(self, key: str) -> Learner:
        """The learner whose key is ``key``; :class:`LearningError` ``unknown_learner`` for a forged, cut or
        erased key."""
        with self._read() as connection:
            return self._learner(connection, key)

    def touch(self, key: str) -> Learner:
        """Mark the learner as seen now (a page opened) and return them."""
        now = self._clock()
        with self._write() as connection:
            return self._learner(connection, key, seen=now)

    def record(self, key: str, attempt: Attempt | Mapping[str, Any]) -> Attempt:
        """Record one answer (an :class:`Attempt`, or its :meth:`~Attempt.to_dict` mapping) for the learner
        ``key``; returns it as stored (stamped with the store's time and the learner's number).

        Refused with :class:`LearningError` (``unknown_learner`` or ``bad_attempt``, saying which field and
        why) without writing anything.
        """
        if isinstance(attempt, Mapping):
            attempt = self._from_mapping(attempt)
        found = problem(attempt)
        if found is not None:
            raise _refuse(found)
        assert isinstance(attempt, Attempt)
        now = self._clock()
        with self._write() as connection:
            learner = self._learner(connection, key, seen=now)
            stored = replace(attempt, time=now, learner=str(learner.id))
            connection.execute(
                _ADD_ATTEMPT,
                {
                    "learner": learner.id, "rule": stored.rule, "question": stored.question,
                    "case_key": stored.case, "correct": stored.correct, "mistake": stored.mistake,
                    "source": stored.source, "answer_type": stored.answer_type, "options": stored.options,
                    "given_away": stored.given_away, "time": now,
                },
            )  # fmt: skip
        return stored

    @staticmethod
    def _from_mapping(data: Mapping[str, Any]) -> Attempt:
        for name in data:
            if name not in _ATTEMPT_FIELDS:
                raise _refuse(Problem(str(name)[:40], "unknown", repr(name)[:40]))
        for name in ("rule", "question", "case", "correct"):
            if name not in data:
                raise _refuse(Problem(name, "missing", ""))
        return Attempt(**dict(data))

    def attempts(self, key: str) -> list[Attempt]:
        """Every answer of the learner ``key``, oldest first."""
        with self._read() as connection:
            learner = self._learner(connection, key)
            return [_attempt(row) for row in connection.execute(_OF_LEARNER, {"learner_id": learner.id})]

    def mastery(self, key: str) -> dict[str, RuleRecord]:
        """The learner's record on every rule of the syllabus (its order): state, chance of knowing, counts."""
        return trace(self.attempts(key), self.params)

    def next_rule(self, key: str, tutorials_done: Iterable[str], now: float | None = None) -> Choice | None:
        """The rule the learner ``key`` should practise next (see :func:`aton.teaching.mastery.next_rule`);
        ``now`` defaults to the store's clock."""
        moment = self._clock() if now is None else now
        return next_rule(self.mastery(key), tutorials_done, moment)

    # ---------------------------------------------------------- the teacher's page
    def learners(self, since: float | None = None) -> list[Learner]:
        """Every learner (seen at or after ``since``, when given), by nickname then number."""
        start = _since(since)
        query = select(_L.id, _L.nickname, _L.created, _L.seen).order_by(func.lower(_L.nickname), _L.id)
        if start is not None:
            query = query.where(_L.seen >= start)
        with self._read() as connection:
            return [Learner(*row) for row in connection.execute(query)]

    def attempts_of(self, learner_id: int, since: float | None = None) -> list[Attempt]:
        """The answers of learner number ``learner_id`` (at or after ``since``), oldest first: what the
        teacher sees on clicking a learner.  An unknown number has none."""
        start = _since(since)
        if isinstance(learner_id, bool) or not isinstance(learner_id, int):
            return []
        query = _OF_LEARNER if start is None else _OF_LEARNER.where(_A.time >= start)
        with self._read() as connection:
            return [_attempt(row) for row in connection.execute(query, {"learner_id": learner_id})]

    def class_grid(self, since: float | None = None) -> list[GridRow]:
        """Every learner (seen at or after ``since``) with their record on every rule, from their attempts at
        or after ``since``: the teacher's grid of learners by rules.  One query, whatever the class's size."""
        start = _since(since)
        joined = db.learners.outerjoin(
            db.attempts, and_(_A.learner == _L.id, *([] if start is None else [_A.time >= start]))
        )
        query = (
            select(_L.id.label("lid"), _L.nickname, _L.created, _L.seen, db.attempts)
            .select_from(joined)
            .order_by(_L.id, _A.time, _A.id)
        )
        if start is not None:
            query = query.where(_L.seen >= start)
        by_learner: dict[int, tuple[Learner, list[Attempt]]] = {}
        with self._read() as connection:
            for row in connection.execute(query):
                entry = by_learner.get(row.lid)
                if entry is None:
                    entry = by_learner[row.lid] = (Learner(row.lid, row.nickname, row.created, row.seen), [])
                if row.id is not None:
                    entry[1].append(_attempt(row))
        rows = [GridRow(learner, trace(answers, self.params)) for learner, answers in by_learner.values()]
        return sorted(rows, key=lambda row: (row.learner.nickname.lower(), row.learner.id))

    def common_mistakes(self, since: float | None = None, limit: int = 10) -> list[MistakeCount]:
        """The class's most frequent diagnosed mistakes at a first try (at or after ``since``): rule, mistake,
        count and learners, the most frequent first, at most ``limit`` (1 to 1000) of them."""
        start = _since(since)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 1000:
            raise LearningError("bad_limit", most=1000, given=repr(limit)[:40])
        count = func.count().label("answers")
        query = (
            select(_A.rule, _A.mistake, count, func.count(_A.learner.distinct()).label("learners"))
            .where(_A.mistake.is_not(None), _A.correct.is_(False), _A.given_away.is_(False))
            .group_by(_A.rule, _A.mistake)
            .order_by(count.desc(), _A.rule, _A.mistake)
            .limit(limit)
        )
        if start is not None:
            query = query.where(_A.time >= start)
        with self._read() as connection:
            return [MistakeCount(row.rule, row.mistake, row.answers, row.learners) for row in connection.execute(query)]

    def export_csv(self, since: float | None = None) -> str:
        """The record as CSV text: a header (:data:`CSV_COLUMNS`), then one line per answer (at or after
        ``since``), oldest first, with the learner's number and nickname, never their key."""
        start = _since(since)
        query = (
            select(db.attempts, _L.nickname)
            .select_from(db.attempts.join(db.learners, _L.id == _A.learner))
            .order_by(_A.time, _A.id)
        )
        if start is not None:
            query = query.where(_A.time >= start)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        with self._read() as connection:
            for row in connection.execute(query):
                writer.writerow(
                    [
                        _iso(row.time), row.learner, _cell(row.nickname), row.rule, _cell(row.question),
                        _cell(row.case_key), row.source, row.answer_type, row.options,
                        "right" if row.correct else "wrong", _cell(row.mistake), "yes" if row.given_away else "no",
                    ]
                )  # fmt: skip
        return out.getvalue()

    def erase(self, since: float | None = None) -> int:
        """Erase the class's record: every answer (given at or after ``since``) and every learner who came
        (at or after ``since``) with their keys, which stop working; returns how many answers were erased."""
        start = _since(since)
        with self._write() as connection:
            if start is None:
                erased = connection.execute(delete(db.attempts)).rowcount
                connection.execute(delete(db.learners))
            else:
                erased = connection.execute(delete(db.attempts).where(_A.time >= start)).rowcount
                gone = select(_L.id).where(_L.created >= start)
                connection.execute(delete(db.attempts).where(_A.learner.in_(gone)))
                connection.execute(delete(db.learners).where(_L.created >= start))
        return int(erased)

    def version(self) -> str:
        """A short text that changes whenever an answer is recorded, a learner registers, opens a page
        (:meth:`touch`) or the record is erased (the newest row numbers, the row counts and the latest time a
        learner was seen: one cheap query)."""
        with self._read() as connection:
            row = connection.execute(_VERSION).one()
        return ".".join(repr(value or 0) for value in row)

    def changed_since(self, version: str) -> bool:
        """Whether the record changed since :meth:`version` gave ``version``: what the teacher's page polls
        (every second or two) before it reads the grid again."""
        return self.version() != version


def learners_without(rows: Iterable[GridRow], rule: str, state: str = "mastered") -> list[Learner]:
    """The learners of a grid whose ``rule`` is not in ``state`` (who still has to master it)."""
    return [row.learner for row in rows if row.state(rule) != state]
