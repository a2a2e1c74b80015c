"""The learner's own rules for the front page, which has no kernel: ``GET /learner/rules``
(:class:`LearnerRulesHandler`).

The front page (:mod:`aton.serving.front`) is plain HTML.  Its script reads the learner's key that the
tutorial pages keep in the browser (``localStorage``, :data:`aton.apps.learner.flow.KEY`) and sends it in the
:data:`LEARNER_HEADER` header; the answer is that learner's rules by state, in every language, as JSON.  The
key is the credential: it is never taken from the address (no log keeps it), and only the rules of the
learner it names are returned: a forged, cut or erased key gets ``404`` and nothing else.  Reading marks
nobody as seen, so opening the front page does not put a learner on the teacher's grid.

>>> import tempfile
>>> from aton.rooms import LearningStore
>>> from aton.teaching.mastery import Attempt
>>> store = LearningStore(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> key = store.register("Ada")
>>> _ = store.record(key, Attempt(rule="draw", question="q", case="c", correct=True))
>>> body = learner_rules(store, key)
>>> body["nickname"], body["langs"]["en"]["summary"]
('Ada', 'Your rules: 0 mastered, 1 practising, 29 not yet seen')
>>> store.dispose()
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tornado.web

from ..apps.learner.flow import learning_url
from ..apps.learner.rules import rules_report
from ..i18n import languages
from ..rooms import LearningError, LearningStore, RoomError

__all__ = ["LEARNER_HEADER", "LEARNER_RULES_PATH", "LearnerRulesHandler", "learner_rules", "opened_store"]

LEARNER_RULES_PATH = "/learner/rules"
"""Where the front page asks for the learner's rules."""
LEARNER_HEADER = "X-Aton-Learner"
"""The request header carrying the learner's key (never the address, which logs keep)."""
LONGEST_KEY = 200
"""A longer header is no key (keys are 24 characters): refused before the store is asked."""


def learner_rules(store: LearningStore, key: str) -> dict[str, Any]:
    """The rules of the learner whose key is ``key``: ``{"nickname", "langs": {lang: report}}`` with
    :func:`aton.apps.learner.rules.rules_report` in each language of the catalogs.  A key the store does not
    know raises :class:`~aton.rooms.LearningError` (``unknown_learner``)."""
    learner = store.learner(key)
    records = store.mastery(key)
    return {
        "nickname": learner.nickname,
        "langs": {lang: rules_report(records, lang) for lang in languages()},
    }


def opened_store(url: str | None = None) -> Callable[[], LearningStore]:
    """A function giving the record's store, opened at its first call only (``url`` defaults to
    :func:`aton.apps.learner.flow.learning_url`, the store the pages' kernels use)."""
    opened: list[LearningStore] = []
    lock = threading.Lock()

    def store() -> LearningStore:
        with lock:
            if not opened:
                address = url or learning_url()
                if address.startswith("sqlite:///"):
                    Path(address.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
                opened.append(LearningStore(address))
            return opened[0]

    return store


class LearnerRulesHandler(tornado.web.RequestHandler):
    """``GET`` with the learner's key in :data:`LEARNER_HEADER`: ``200`` and :func:`learner_rules` as JSON;
    ``400`` without a key, ``404`` for a key the store does not know, ``503`` when the store fails (busy,
    gone).  Every answer is JSON, never cached: ``{"error": code}`` when refused."""

    def initialize(self, store: Callable[[], LearningStore]) -> None:
        """``store``: gives the record's store (see :func:`opened_store`)."""
        self._store = store

    def _answer(self, status: int, body: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body, ensure_ascii=False))

    async def get(self) -> None:
        """The rules of the learner named by the key in the header."""
        key = self.request.headers.get(LEARNER_HEADER, "").strip()
        if not key or len(key) > LONGEST_KEY:
            self._answer(400, {"error": "no_key"})
            return
        try:
            body = await asyncio.get_running_loop().run_in_executor(None, lambda: learner_rules(self._store(), key))
        except LearningError as error:
            self._answer(404, {"error": error.code})
            return
        except RoomError as error:
            self._answer(503, {"error": getattr(error, "code", "store")})
            return
        self._answer(200, body)
