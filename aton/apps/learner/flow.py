"""The learner of one page: their key, their nickname, and the answers they give (:class:`LearnerFlow`).

>>> import tempfile
>>> flow = LearnerFlow(f"sqlite:///{tempfile.mkdtemp()}/rooms.db", in_class=True)
>>> flow.heard(None) is None, flow.asking            # a class asks for a nickname first
(True, True)
>>> from aton.teaching.mastery import Attempt
>>> flow.record(Attempt(rule="cartouche1", question="q", case="c", correct=True), "en")  # kept until then
'Give your nickname at the top of the page: your answers are kept from then on.'
>>> key = flow.join("Ada")
>>> len(flow.store.attempts(key)), flow.nickname                       # the waiting answer went in
(1, 'Ada')
>>> again = LearnerFlow(flow.store, in_class=True)
>>> again.heard(key) is None and again.nickname == "Ada"               # another page of the same browser
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ...i18n import gtext
from ...rooms import Learner, LearningError, LearningStore, RoomError
from ...teaching.mastery import Attempt, RuleRecord

__all__ = ["KEY", "MACHINE_NICKNAME", "NICKNAME_KEY", "LearnerFlow", "in_class", "learning_url"]

KEY = "aton-learner"
"""Where the browser keeps the learner's key (``localStorage``)."""
NICKNAME_KEY = "aton-learner-nickname"
"""Where the browser keeps the learner's nickname, for the pages without a kernel (the front page)."""
MACHINE_NICKNAME = "learner"
"""The nickname of a machine's one learner, outside a class (nobody is asked)."""


def in_class() -> bool:
    """Whether this kernel serves a class: ``./run dashboard --class N`` sets ``ATON_CLASS`` to N."""
    return bool(os.environ.get("ATON_CLASS", "").strip())


def learning_url() -> str:
    """The store of the record: ``$ATON_ROOMS`` as for the rooms, else ``.aton-data/rooms.db`` in the project
    (the folder holding ``pyproject.toml`` above the current one; a tutorial's kernel runs in ``tutorials/``)."""
    url = os.environ.get("ATON_ROOMS", "").strip()
    if url:
        return url
    here = Path.cwd()
    root = next((folder for folder in (here, *here.parents) if (folder / "pyproject.toml").is_file()), here)
    return f"sqlite:///{root / '.aton-data' / 'rooms.db'}"


class LearnerFlow:
    """One page's learner: who they are (:meth:`heard`, :meth:`join`) and their answers (:meth:`record`).

    ``LearnerFlow(store=None, *, in_class=None)``: ``store`` is a :class:`~aton.rooms.LearningStore`, a store
    address or ``None`` (:func:`learning_url`, opened at the first use); ``in_class`` defaults to
    :func:`in_class`.  It is the page's recorder (:class:`aton.widgets.recording.Recorder`): answers given
    before the learner is known wait in :attr:`pending` and go in once they are.
    """

    def __init__(self, store: LearningStore | str | None = None, *, in_class: bool | None = None) -> None:
        self._store = store if isinstance(store, LearningStore) else None
        self._url = store if isinstance(store, str) else None
        self.in_class = globals()["in_class"]() if in_class is None else in_class
        self.key: str | None = None
        self.learner: Learner | None = None
        self.asking = False
        """Whether the page asks for a nickname (in a class, before the learner is known)."""
        self.pending: list[Attempt] = []
        """Answers given before the learner was known, or whose write failed: kept until they go in."""
        self.error: RoomError | None = None
        """The store's latest refusal or failure (``None`` after a success)."""
        self._listeners: list[Callable[[], None]] = []

    def on_recorded(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after answers went into the record (to show the learner's rules again)."""
        self._listeners.append(callback)

    def records(self) -> dict[str, RuleRecord]:
        """The learner's record on every rule (empty before the learner is known or when the store fails)."""
        if self.key is None:
            return {}
        try:
            return self.store.mastery(self.key)
        except RoomError as error:
            self.error = error
            return {}

    @property
    def store(self) -> LearningStore:
        """The record's store (opened at the first use)."""
        if self._store is None:
            url = self._url or learning_url()
            if url.startswith("sqlite:///") and url != "sqlite://":
                Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
            self._store = LearningStore(url)
        return self._store

    @property
    def nickname(self) -> str | None:
        """The learner's nickname once known."""
        return None if self.learner is None else self.learner.nickname

    def heard(self, kept: str | None) -> str | None:
        """What the browser keeps (a key, or nothing): the learner is known again, or (outside a class) a new
        one is made.  Returns a new key for the browser to keep, else ``None``."""
        if isinstance(kept, str) and 0 < len(kept) <= 200:
            try:
                self.learner = self.store.touch(kept)
            except LearningError:
                pass  # a forged or erased key: a new learner
            except RoomError as error:
                self.error = error
                return None
            else:
                self.key, self.asking, self.error = kept, False, None
                self._flush()
                return None
        if self.in_class:
            self.asking = True
            return None
        return self._start(MACHINE_NICKNAME)

    def join(self, nickname: str) -> str:
        """A new learner called ``nickname`` (asked in a class); returns their key for the browser to keep.
        A bad nickname raises :class:`~aton.rooms.BadRequest` (``text(lang)`` says why)."""
        key = self._start(nickname.strip())
        if key is None:
            assert self.error is not None
            raise self.error
        return key

    def _start(self, nickname: str) -> str | None:
        try:
            key = self.store.register(nickname)
            self.learner = self.store.learner(key)
        except RoomError as error:
            if getattr(error, "code", "") == "bad_nickname":
                raise
            self.error = error
            return None
        self.key, self.asking, self.error = key, False, None
        self._flush()
        return key

    def record(self, attempt: Attempt, lang: str) -> str | None:
        """Keep ``attempt`` for this learner: ``None`` when it went in, else why not, in ``lang``."""
        self.pending.append(attempt)
        if self.key is None:
            if self.in_class:
                return gtext(
                    lang, "learner", "Give your nickname at the top of the page: your answers are kept from then on."
                )
            return None
        self._flush()
        if self.error is not None:
            return gtext(lang, "learner", "This answer was not recorded: {reason}", reason=self.error.text(lang))
        return None

    def _flush(self) -> None:
        """Write the waiting answers, oldest first.  A malformed one is dropped (it never goes in; the error
        says so); at a store failure the rest wait for the next answer."""
        wrote = False
        while self.pending and self.key is not None:
            try:
                self.store.record(self.key, self.pending[0])
            except LearningError as error:
                self.error = error
                if error.code != "bad_attempt":
                    return
            except RoomError as error:
                self.error = error
                return
            else:
                self.error, wrote = None, True
            self.pending.pop(0)
        for callback in self._listeners if wrote else ():
            callback()
