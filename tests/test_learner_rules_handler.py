"""The front page's ``/learner/rules``: a learner's own rules for the key the browser keeps, nobody else's."""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tornado.web

from aton.rooms import LearningStore, StoreError
from aton.serving.front import front_page, tutorial_titles
from aton.serving.launch import free_port
from aton.serving.learner_rules import LEARNER_HEADER, LEARNER_RULES_PATH, LearnerRulesHandler, learner_rules
from aton.teaching.mastery import Attempt
from aton.teaching.syllabus import RULES, rule_title

ROOT = Path(__file__).resolve().parent.parent


def _answer(store: LearningStore, key: str, rule: str, case: str, correct: bool) -> None:
    store.record(key, Attempt(rule=rule, question="q", case=case, correct=correct, answer_type="number"))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[LearningStore]:
    made = LearningStore(f"sqlite:///{tmp_path / 'rooms.db'}")
    yield made
    made.dispose()


def test_the_rules_of_a_learner_in_every_language(store: LearningStore) -> None:
    key = store.register("Ada")
    _answer(store, key, "cartouche1", "a", True)
    _answer(store, key, "cartouche1", "b", True)
    _answer(store, key, "draw", "c", False)
    body = learner_rules(store, key)
    assert body["nickname"] == "Ada" and set(body["langs"]) == {"en", "fr"}
    english, french = body["langs"]["en"], body["langs"]["fr"]
    assert english["summary"].startswith("Your rules: 1 mastered, 1 practising, ")
    assert french["summary"].startswith("Vos règles : 1 maîtrisée, 1 en cours, ")
    states = {group["state"]: group for group in english["states"]}
    assert list(states) == ["practising", "mastered", "not seen"]  # what needs work first
    assert states["mastered"]["heading"] == "Mastered (1 rule)" and len(states["mastered"]["rules"]) == 1
    assert len(states["not seen"]["rules"]) == len(RULES) - 2
    assert states["mastered"]["rules"] == [rule_title("cartouche1", "en")]
    json.dumps(body)  # plain JSON values


class Served:
    """The handler in a server of its own (on 127.0.0.1, in a thread with its own event loop, so that no loop
    another test left running gets in the way), on a store of its own; :attr:`store` may be swapped."""

    def __init__(self, store: LearningStore) -> None:
        self.store: Any = store
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        started = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            routes = [(LEARNER_RULES_PATH, LearnerRulesHandler, {"store": lambda: self.store})]
            self.server = tornado.web.Application(routes).listen(self.port, address="127.0.0.1")
            self.loop.call_soon(started.set)
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        started.wait(30)

    def ask(self, key: str | None) -> tuple[int, dict[str, object]]:
        """``GET /learner/rules`` with ``key`` in its header: the status and the JSON body."""
        headers = {} if key is None else {LEARNER_HEADER: key}
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{LEARNER_RULES_PATH}", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                code, body = response.status, response.read()
                content_type, cache = response.headers["Content-Type"], response.headers["Cache-Control"]
        except urllib.error.HTTPError as error:
            code, body = error.code, error.read()
            content_type, cache = error.headers["Content-Type"], error.headers["Cache-Control"]
        assert content_type.startswith("application/json") and cache == "no-store"
        return code, json.loads(body)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.server.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)


@pytest.fixture
def served(store: LearningStore) -> Iterator[Served]:
    made = Served(store)
    yield made
    made.stop()


def test_a_key_gets_its_own_learners_rules_and_nobody_elses(served: Served, store: LearningStore) -> None:
    ada, bob = store.register("Ada"), store.register("Bob")
    _answer(store, ada, "draw", "a", True)
    _answer(store, bob, "draw", "a", False)
    _answer(store, bob, "cartouche1", "b", False)
    code, body = served.ask(ada)
    assert code == 200 and body["nickname"] == "Ada"
    assert body == json.loads(json.dumps(learner_rules(store, ada)))
    code, body = served.ask(bob)
    assert code == 200 and body["nickname"] == "Bob"
    langs = body["langs"]
    assert isinstance(langs, dict)
    assert langs["en"]["summary"].startswith("Your rules: 0 mastered, 2 practising")


def test_no_key_a_forged_key_or_an_erased_one_get_nothing(served: Served, store: LearningStore) -> None:
    key = store.register("Ada")
    _answer(store, key, "draw", "a", True)
    assert served.ask(None) == (400, {"error": "no_key"})
    assert served.ask("x" * 201) == (400, {"error": "no_key"})
    assert served.ask(key[:-1]) == (404, {"error": "unknown_learner"})
    assert served.ask(key[:-1] + ("A" if key[-1] != "A" else "B")) == (404, {"error": "unknown_learner"})
    store.erase()
    assert served.ask(key) == (404, {"error": "unknown_learner"})


def test_reading_the_rules_does_not_mark_the_learner_seen(served: Served, store: LearningStore) -> None:
    key = store.register("Ada")
    seen = store.learner(key).seen
    assert served.ask(key)[0] == 200
    assert store.learner(key).seen == seen


def test_a_store_that_fails_says_so(served: Served, store: LearningStore) -> None:
    key = store.register("Ada")

    class Busy:
        def learner(self, key: str) -> None:
            raise StoreError("busy")

    served.store = Busy()
    assert served.ask(key) == (503, {"error": "busy"})
    served.store = store
    assert served.ask(key)[0] == 200


def test_the_front_page_asks_for_the_rules_with_the_key_in_a_header_never_in_the_address() -> None:
    page = front_page(tutorial_titles(ROOT), has_practise=True)
    assert page.count('class="aton-learner-rules"') == 2  # one box a language
    assert "fetch('learner/rules', {headers: {\"X-Aton-Learner\": key}" in page
    assert "learner/rules?" not in page
    assert page.count('href="practise"') == 2
    assert 'href="practise"' not in front_page(tutorial_titles(ROOT))
