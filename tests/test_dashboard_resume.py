"""A game that survives a reload, without a browser: kept in the room store under the browser's key, offered back.

Each "page" here is a new controller (a new kernel after a reload) with its own keeper; the browser is the
list of keys the keeper asked it to remember.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import aton
from aton import BLUE, RED, rooms
from aton.apps.dashboard.app import Dashboard
from aton.apps.dashboard.controller import DashboardController
from aton.apps.dashboard.friend_panel import FriendPanel
from aton.apps.dashboard.html import status_html
from aton.apps.dashboard.resume import GAME_KEY, GameKeeper, setup_from_dict
from aton.apps.dashboard.session import Mode


@pytest.fixture
def store(tmp_path: Path) -> rooms.RoomStore:
    opened = rooms.open_store(f"sqlite:///{tmp_path / 'rooms.db'}")
    yield opened
    opened.dispose()


class Browser:
    """What the browser keeps in its localStorage for the page's own game."""

    def __init__(self) -> None:
        self.key = ""

    def remember(self, key: str) -> None:
        self.key = key


def page(store: rooms.RoomStore, browser: Browser, **options: object) -> tuple[DashboardController, GameKeeper]:
    """A page opened (or reloaded) in ``browser``: a new controller, its keeper, the browser's key read."""
    flow = DashboardController(**options)  # type: ignore[arg-type]
    keeper = GameKeeper(flow, store=store, remember=browser.remember)
    keeper.browser_said(browser.key)
    return flow, keeper


def person_plays(flow: DashboardController, chooser: random.Random, moves: int) -> None:
    for _ in range(moves):
        if flow.game.result is not None:  # the game may end sooner: the bot may win first
            return
        while not flow.live:
            flow.skip()
        if flow.covered:
            flow.lift_cover()
        person = flow.deciding_person()
        assert person is not None
        assert flow.play(chooser.choice(flow.game.legal_actions(person))), flow.message_text("en")


def test_the_store_keeps_a_game_under_a_key_it_only_hashes(store: rooms.RoomStore) -> None:
    game = aton.new_game(seed=5)
    game.apply(aton.Assign(RED, tuple(game.hand(RED))))
    key = store.keep_game(None, game, {"mode": "bot"})
    assert len(key) == 24
    kept = store.kept_game(key)
    assert kept is not None and kept[0] == game and kept[1] == {"mode": "bot"}
    with store.engine.connect() as connection:
        rows = connection.exec_driver_sql("SELECT key_hash FROM aton_kept").fetchall()
    assert rows and key not in rows[0][0]  # only the hash is stored
    assert store.kept_game(key[:-1] + ("A" if key[-1] != "A" else "B")) is None  # a forged key finds nothing
    assert store.kept_game("not a key") is None and store.kept_game(None) is None
    assert store.keep_game(key, game, {"mode": "two"}) == key
    assert store.kept_game(key)[1] == {"mode": "two"}  # type: ignore[index]
    assert store.keep_game("bad key!", game, {}) != "bad key!"  # a malformed key is replaced
    store.forget_game(key)
    assert store.kept_game(key) is None


def test_a_reload_continues_the_game_against_the_bot_where_it_was(store: rooms.RoomStore) -> None:
    browser = Browser()
    flow, _keeper = page(store, browser, seed=21, level="easy")
    assert browser.key == ""  # nothing kept before a person moved
    person_plays(flow, random.Random(4), 8)
    assert len(browser.key) == 24
    before = flow.game
    round_, actions, hand = before.round, list(before.actions), before.hand(RED)

    again, _ = page(store, browser)  # the reload: a new kernel with a new random game
    offer = again.resume_offer
    assert offer is not None and again.status_facts()["offer"] == "true"
    assert again.game.actions != actions
    text = offer.text("en")
    assert f"round {round_}" in text and "against the easy bot" in text
    assert "Une partie est restée en cours" in offer.text("fr")
    assert again.accept_resume()
    assert again.game.actions == actions and again.game.round == round_ and again.game.hand(RED) == hand
    assert again.mode is Mode.BOT and again.session.setup.level == "easy" and again.live
    assert "back where it was" in again.message_text("en")
    # the game goes on to its end, the bot answering as before
    person_plays(again, random.Random(5), 3)
    assert len(again.game.actions) > len(actions)


def test_what_reaches_the_page_holds_no_hidden_card(store: rooms.RoomStore) -> None:
    browser = Browser()
    flow, _ = page(store, browser, seed=33)
    person_plays(flow, random.Random(1), 1)  # Red's cards laid; Blue's hand is the bot's secret
    secret = flow.game.hand(BLUE)
    again, _ = page(store, browser)
    assert again.resume_offer is not None
    # the page gets the key (the browser's), the offer's words and, once continued, Red's view only
    for lang in ("en", "fr"):
        words = again.resume_offer.text(lang)
        assert str(again.resume_offer.game.seed) not in words and "hand" not in words
    again.accept_resume()
    assert again.session.viewer is RED and again.game.view(RED).hand(BLUE) is None
    assert again.shown_seed is None and str(again.game.seed) not in status_html(again, "en")
    assert secret == again.game.hand(BLUE)  # the bot's cards stayed on the server, unchanged


def test_two_people_continue_behind_the_cover(store: rooms.RoomStore) -> None:
    browser = Browser()
    flow, _ = page(store, browser, seed=9, mode="two")
    person_plays(flow, random.Random(2), 1)  # Red laid their cards face down; Blue is next
    assert flow.cover_for() is BLUE
    again, _ = page(store, browser)
    assert "Two people on one screen" in again.resume_offer.text("en")  # type: ignore[union-attr]
    assert again.accept_resume()
    assert again.mode is Mode.TWO and again.game.actions == flow.game.actions
    assert again.covered and again.at_screen is None and again.cover_for() is BLUE  # nobody's cards show yet
    assert again.assigning_person() is None
    person_plays(again, random.Random(3), 1)  # Blue takes the screen and lays theirs: the round goes on
    assert again.game.revealed


def test_declining_forgets_the_kept_game_and_keeps_the_new_one(store: rooms.RoomStore) -> None:
    browser = Browser()
    flow, _ = page(store, browser, seed=4)
    person_plays(flow, random.Random(6), 2)
    key = browser.key
    again, _ = page(store, browser, seed=8)
    new_actions = list(again.game.actions)
    again.decline_resume()
    assert again.resume_offer is None and again.game.actions == new_actions
    assert store.kept_game(key) is None
    person_plays(again, random.Random(7), 1)
    kept = store.kept_game(key)  # the same browser key now keeps the new game
    assert kept is not None and kept[0].actions == again.game.actions


def test_nothing_is_kept_before_the_browser_spoke_nor_while_the_offer_waits(store: rooms.RoomStore) -> None:
    browser = Browser()
    flow, _ = page(store, browser, seed=4)
    person_plays(flow, random.Random(6), 2)
    old = list(flow.game.actions)
    waiting = DashboardController(seed=8)
    keeper = GameKeeper(waiting, store=store, remember=browser.remember)
    person_plays(waiting, random.Random(1), 1)  # the browser has not said what it holds yet
    assert store.kept_game(browser.key)[0].actions == old  # type: ignore[index]
    keeper.browser_said(browser.key)
    assert waiting.resume_offer is not None
    person_plays(waiting, random.Random(2), 1)  # the person plays the new game without answering
    assert store.kept_game(browser.key)[0].actions == old  # type: ignore[index]


def test_a_finished_game_or_two_bots_are_not_offered(store: rooms.RoomStore) -> None:
    browser = Browser()
    flow, _keeper = page(store, browser, seed=4)
    person_plays(flow, random.Random(6), 1)
    key = browser.key
    assert store.kept_game(key) is not None
    finished = aton.new_game(seed=6)
    chooser = random.Random(6)
    while finished.result is None:
        finished.apply(chooser.choice(finished.legal_actions(finished.to_act[0])))
    assert flow.load_bytes(finished.to_json().encode(), "done.json")
    assert store.kept_game(key) is None  # over: nothing to continue
    watching, _ = page(store, Browser(), seed=3, mode="watch")
    for _ in range(200):
        watching.skip()
    assert watching.resume_offer is None
    flow2, _ = page(store, browser)
    assert flow2.resume_offer is None


def test_leaving_a_game_in_progress_asks_first() -> None:
    flow = DashboardController(seed=12)
    assert not flow.in_game and 'data-in-game="false"' in status_html(flow, "en")
    flow.play(aton.Assign(RED, tuple(flow.game.hand(RED))))
    assert flow.in_game and 'data-in-game="true"' in status_html(flow, "en")
    watch = DashboardController(seed=12, mode="watch")
    assert not watch.in_game
    panel = FriendPanel()
    script = panel.reader.outputs[0]["data"]["application/javascript"]
    assert "beforeunload" in script and 'data-in-game="true"' in script and GAME_KEY in script


def test_the_browser_keeps_both_keys(store: rooms.RoomStore) -> None:
    panel = FriendPanel()
    panel.keep('{"code":"KTXHMA","token":"abc"}')
    panel.keep("k" * 24, GAME_KEY)
    script = panel.keeper.outputs[0]["data"]["application/javascript"]
    assert "aton-room" in script and json.dumps(GAME_KEY) in script and "k" * 24 in script
    facts = panel.read_bridge(json.dumps({"query": "", "saved": None, "base": "http://h/", "game": "x" * 24}))
    assert facts is not None and facts["game"] == "x" * 24
    junk = panel.read_bridge(json.dumps({"query": "", "game": ["not", "text"]}))
    assert junk is not None and junk["game"] == ""


def test_a_store_that_fails_says_so_and_the_game_goes_on(store: rooms.RoomStore) -> None:
    class Broken:
        def kept_game(self, key: object) -> None:
            raise rooms.StoreError("read_only")

        def keep_game(self, *args: object) -> str:
            raise rooms.StoreError("read_only")

    flow = DashboardController(seed=4)
    keeper = GameKeeper(flow, store=Broken())
    keeper.browser_said("")
    person_plays(flow, random.Random(1), 1)
    assert keeper.failed and flow.message_alert
    assert "cannot be kept for a reload" in flow.message_text("en")
    assert "ne peut pas être gardée" in flow.message_text("fr")
    person_plays(flow, random.Random(2), 2)  # the game goes on


def test_kept_settings_are_checked() -> None:
    assert setup_from_dict({"mode": "bot", "level": "hard", "human": "blue"}).human is BLUE  # type: ignore[union-attr]
    for junk in ({"mode": "bot", "level": "godlike"}, {"mode": "friend"}, {"mode": 3}, None, "bot"):
        assert setup_from_dict(junk) is None


def test_the_dashboard_offers_the_kept_game_after_a_reload(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from aton.apps.dashboard.app import Dashboard

    monkeypatch.setenv("ATON_ROOMS", f"sqlite:///{tmp_path / 'rooms.db'}")
    bridge = {"query": "", "saved": None, "base": "http://localhost:8866/", "game": None}
    first = Dashboard(seed=14, background=False)
    first.form.friend.bridge.value = json.dumps(bridge)
    first.flow.play(aton.Assign(RED, tuple(first.game.hand(RED))))
    script = first.form.friend.keeper.outputs[0]["data"]["application/javascript"]
    key = json.loads(script.split(json.dumps(GAME_KEY) + ", ")[1].split(");")[0])
    actions = list(first.game.actions)
    first.close()

    again = Dashboard(background=False)
    assert again.resume_box.layout.display == "none"
    again.form.friend.bridge.value = json.dumps(dict(bridge, game=key))
    assert again.resume_box.layout.display == "" and "Continue your game?" in again.resume_text.value
    assert again.resume_continue.description == "Continue that game"
    again.lang = "fr"
    assert again.resume_continue.description == "Reprendre cette partie"
    again.resume_continue.click()
    assert again.resume_box.layout.display == "none" and again.game.actions == actions
    again.close()


def test_the_bot_answers_after_a_reload_as_it_would_have_without_one(store: rooms.RoomStore) -> None:
    plain = DashboardController(seed=17, level="easy")
    plain_chooser = random.Random(8)
    browser = Browser()
    reloaded, _ = page(store, browser, seed=17, level="easy")
    chooser = random.Random(8)
    person_plays(plain, plain_chooser, 10)
    person_plays(reloaded, chooser, 10)
    again, _ = page(store, browser)
    assert again.resume_offer is not None and set(again.resume_offer.bot_states) == {"blue"}
    again.accept_resume()
    person_plays(plain, plain_chooser, 15)
    person_plays(again, chooser, 15)
    assert again.game.actions == plain.game.actions


def test_a_game_left_for_a_month_is_forgotten(tmp_path: Path) -> None:
    from aton.rooms.store import KEPT_SECONDS

    class Clock:
        now = 1_800_000_000.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    store = rooms.RoomStore(f"sqlite:///{tmp_path / 'rooms.db'}", clock=clock)
    try:
        old = store.keep_game(None, aton.new_game(seed=1), {"mode": "bot"})
        clock.now += KEPT_SECONDS - 60
        assert store.kept_game(old) is not None
        clock.now += 120
        assert store.kept_game(old) is None  # too old to offer
        store.keep_game(None, aton.new_game(seed=2), {"mode": "bot"})  # another page's move clears it out
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT COUNT(*) FROM aton_kept").scalar() == 1
    finally:
        store.dispose()


def test_the_static_site_keeps_the_game_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """No room store (Pyodide): the game itself goes to the browser's localStorage, and comes back from it."""
    from aton.apps.dashboard import friend
    from aton.apps.dashboard.app import Dashboard
    from aton.apps.dashboard.resume import HERE_KEY

    monkeypatch.setattr(friend.sys, "platform", "emscripten")  # as on the static site
    monkeypatch.setitem(sys.modules, "aton.rooms", None)  # where the room store does not even import
    first = Dashboard(seed=14, background=False)
    assert first.friend is None and first.keeper is not None
    first.here_bridge.value = json.dumps({"kept": ""})  # a first visit: the browser keeps nothing
    first.flow.play(aton.Assign(RED, tuple(first.game.hand(RED))))
    script = first.here_writer.outputs[0]["data"]["application/javascript"]
    assert f"localStorage.setItem({json.dumps(HERE_KEY)}, " in script
    kept = json.loads(script.split(json.dumps(HERE_KEY) + ", ")[1].split("); }")[0])
    actions = list(first.game.actions)
    first.close()

    again = Dashboard(background=False)  # the page reloaded: Python starts again in the browser
    again.here_bridge.value = json.dumps({"kept": kept})
    assert again.resume_box.layout.display == "" and "Continue your game?" in again.resume_text.value
    again.resume_continue.click()
    assert again.game.actions == actions
    again.close()

    declined = Dashboard(background=False)  # "No, start a new game": the browser forgets the kept one
    declined.here_bridge.value = json.dumps({"kept": kept})
    declined.resume_decline.click()
    assert "localStorage.removeItem" in declined.here_writer.outputs[0]["data"]["application/javascript"]
    declined.close()

    broken = Dashboard(background=False)  # a damaged text is no game
    broken.here_bridge.value = json.dumps({"kept": kept[:50]})
    assert broken.resume_box.layout.display == "none"
    broken.close()


# ------------------------------------------------------------------ one game on the screen, named
def held_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int | None = None) -> Dashboard:
    """A dashboard page that shows no game until its browser says what it keeps (as in a Jupyter kernel)."""
    monkeypatch.setenv("ATON_ROOMS", f"sqlite:///{tmp_path / 'rooms.db'}")
    return Dashboard(seed, background=False, hold=True)


BRIDGE = {"query": "", "saved": None, "base": "http://localhost:8866/", "game": None}


def kept_key(dash: Dashboard) -> str:
    """The key the page asked its browser to keep for its game."""
    outputs = dash.form.friend.keeper.outputs
    script = outputs[0]["data"]["application/javascript"]
    return str(json.loads(script.split(json.dumps(GAME_KEY) + ", ")[1].split(");")[0]))


def test_a_page_shows_no_game_until_the_browser_said_what_it_keeps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dash = held_page(tmp_path, monkeypatch, seed=14)
    hidden = (dash.left_tabs.layout.display, dash.right_tabs.layout.display)
    assert hidden == ("none", "none") and dash.panel is None  # no hand dealt on the page
    assert "Looking for a game kept in this browser" in dash.status.value
    assert "Round 1" not in dash.status.value
    dash.form.friend.bridge.value = json.dumps(BRIDGE)  # nothing kept: the new game shows
    shown = (dash.left_tabs.layout.display, dash.right_tabs.layout.display)
    assert shown == ("", "") and dash.panel is not None
    status = dash.status.value
    assert "Round 1" in status and "against the easy bot" in status and "started just now" in status
    dash.close()


def test_the_kept_game_is_offered_alone_and_named_with_when_it_began(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = held_page(tmp_path, monkeypatch, seed=14)
    first.form.friend.bridge.value = json.dumps(BRIDGE)
    began = first.flow.session.started
    first.flow.play(aton.Assign(RED, tuple(first.game.hand(RED))))
    key, actions = kept_key(first), list(first.game.actions)
    first.close()

    again = held_page(tmp_path, monkeypatch)
    again.flow.clock = lambda: began + 25 * 60  # the page reloaded 25 minutes later
    again.form.friend.bridge.value = json.dumps(dict(BRIDGE, game=key))
    assert again.resume_box.layout.display == ""
    assert "It was started 25 minutes ago." in again.resume_text.value
    assert again.left_tabs.layout.display == "none" and again.panel is None
    assert "waiting for you" in again.status.value and "Round" not in again.status.value
    again.lang = "fr"
    assert "Elle a été commencée il y a 25 minutes." in again.resume_text.value
    again.lang = "en"
    again.resume_continue.click()
    assert again.resume_box.layout.display == "none" and again.game.actions == actions
    assert again.left_tabs.layout.display == "" and again.right_tabs.layout.display == ""
    status = again.status.value
    assert "Round 1" in status and "against the easy bot" in status and "started 25 minutes ago" in status
    again.close()


def test_a_new_game_or_a_finished_one_takes_the_offer_away(store: rooms.RoomStore) -> None:
    browser = Browser()
    flow, _ = page(store, browser, seed=4)
    person_plays(flow, random.Random(6), 2)
    key = browser.key
    again, _ = page(store, browser, seed=8)
    assert again.resume_offer is not None and again.held
    again.new_game(5)  # a new game started from the form: the offer goes, the kept game is forgotten
    assert again.resume_offer is None and not again.held
    assert store.kept_game(key) is None
    assert json.loads(status_html(again, "en").split('data-offer="')[1].split('"')[0]) is False

    person_plays(again, random.Random(3), 2)
    third, _ = page(store, browser, seed=9)
    assert third.resume_offer is not None
    finished = aton.new_game(seed=6)
    chooser = random.Random(6)
    while finished.result is None:
        finished.apply(chooser.choice(finished.legal_actions(finished.to_act[0])))
    assert third.load_bytes(finished.to_json().encode(), "done.json")  # a finished game on the screen: no offer
    assert third.resume_offer is None and not third.held and third.game.result is not None


def test_a_page_whose_browser_never_says_shows_its_game_after_a_while(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dash = held_page(tmp_path, monkeypatch, seed=14)
    assert dash.flow.held
    dash._release()  # what the kernel's timer calls after HOLD_LIMIT seconds
    assert not dash.flow.held and dash.panel is not None
    assert dash.left_tabs.layout.display == ""
    dash.close()


def test_a_kept_start_that_is_not_a_time_is_ignored(store: rooms.RoomStore) -> None:
    browser = Browser()
    flow, _ = page(store, browser, seed=4)
    person_plays(flow, random.Random(6), 1)
    kept = store.kept_game(browser.key)
    assert kept is not None and kept[1]["started"] == flow.session.started
    store.keep_game(browser.key, kept[0], dict(kept[1], started="yesterday"))
    again, _ = page(store, browser)
    assert again.resume_offer is not None and again.resume_offer.started is None
    assert "It was" not in again.resume_offer.text("en", again.clock())
