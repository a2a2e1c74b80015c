"""The front page's ``/learner/rules``: a learner's own rules for the key the browser keeps, nobody else's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import tornado.web
from tornado.testing import AsyncHTTPTestCase

from aton.rooms import LearningStore, StoreError
from aton.serving.front import front_page, tutorial_titles
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


class HandlerTest(AsyncHTTPTestCase):
    """The handler in a server of its own, on a store of its own."""

    def setUp(self) -> None:
        import tempfile

        self.folder = tempfile.TemporaryDirectory()
        self.store = LearningStore(f"sqlite:///{self.folder.name}/rooms.db")
        super().setUp()

    def tearDown(self) -> None:
        super().tearDown()
        self.store.dispose()
        self.folder.cleanup()

    def get_app(self) -> tornado.web.Application:
        return tornado.web.Application([(LEARNER_RULES_PATH, LearnerRulesHandler, {"store": lambda: self.store})])

    def ask(self, key: str | None) -> tuple[int, dict[str, object]]:
        headers = {} if key is None else {LEARNER_HEADER: key}
        response = self.fetch(LEARNER_RULES_PATH, headers=headers, raise_error=False)
        assert response.headers["Content-Type"].startswith("application/json")
        assert response.headers["Cache-Control"] == "no-store"
        return response.code, json.loads(response.body)

    def test_a_key_gets_its_own_learners_rules_and_nobody_elses(self) -> None:
        ada, bob = self.store.register("Ada"), self.store.register("Bob")
        _answer(self.store, ada, "draw", "a", True)
        _answer(self.store, bob, "draw", "a", False)
        _answer(self.store, bob, "cartouche1", "b", False)
        code, body = self.ask(ada)
        assert code == 200 and body["nickname"] == "Ada"
        assert body == json.loads(json.dumps(learner_rules(self.store, ada)))
        code, body = self.ask(bob)
        assert code == 200 and body["nickname"] == "Bob"
        langs = body["langs"]
        assert isinstance(langs, dict)
        assert langs["en"]["summary"].startswith("Your rules: 0 mastered, 2 practising")

    def test_no_key_a_forged_key_or_an_erased_one_get_nothing(self) -> None:
        key = self.store.register("Ada")
        _answer(self.store, key, "draw", "a", True)
        assert self.ask(None) == (400, {"error": "no_key"})
        assert self.ask("x" * 201) == (400, {"error": "no_key"})
        assert self.ask(key[:-1]) == (404, {"error": "unknown_learner"})
        assert self.ask(key[:-1] + ("A" if key[-1] != "A" else "B")) == (404, {"error": "unknown_learner"})
        self.store.erase()
        assert self.ask(key) == (404, {"error": "unknown_learner"})

    def test_reading_the_rules_does_not_mark_the_learner_seen(self) -> None:
        key = self.store.register("Ada")
        seen = self.store.learner(key).seen
        assert self.ask(key)[0] == 200
        assert self.store.learner(key).seen == seen

    def test_a_store_that_fails_says_so(self) -> None:
        key = self.store.register("Ada")
        real = self.store

        class Busy:
            def learner(self, key: str) -> None:
                raise StoreError("busy")

        self.store = Busy()  # type: ignore[assignment]
        assert self.ask(key) == (503, {"error": "busy"})
        self.store = real
        assert self.ask(key)[0] == 200


def test_the_front_page_asks_for_the_rules_with_the_key_in_a_header_never_in_the_address() -> None:
    page = front_page(tutorial_titles(ROOT), has_practise=True)
    assert page.count('class="aton-learner-rules"') == 2  # one box a language
    assert "fetch('learner/rules', {headers: {\"X-Aton-Learner\": key}" in page
    assert "learner/rules?" not in page
    assert page.count('href="practise"') == 2
    assert 'href="practise"' not in front_page(tutorial_titles(ROOT))
