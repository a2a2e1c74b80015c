"""A game survives a reload, in a real browser: the page asks before leaving, then offers the game back.

The game is kept in the room store of the test server (a SQLite file this test opens too); the page keeps
only a key in its localStorage.  The bot chooses its cards of a round only once the person has chosen theirs,
so the kept game of round 2 holds none of them; every websocket frame of the reloaded page is recorded and
the bot's cards, once chosen and turned up, are found in them only from then on, so the search can fail.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import rooms_url
from dashboard_page import STATUS, TIMEOUT, DashboardPage
from test_dashboard_fair import Frames, shows_cards

import aton
from aton import rooms
from aton.apps.dashboard.resume import GAME_KEY
from aton.apps.dashboard.session import MAX_FILE_BYTES

pytestmark = pytest.mark.browser

SHOTS = Path(tempfile.gettempdir())
"""Where the screenshots go."""
FACTS = ("round", "phase", "red-score", "blue-score", "red-stock", "blue-stock", "kingdom")


BEFORE_THE_OFFER_JS = """
window.atonBeforeOffer = {polls: 0, seen: [], offer: false};
const atonWatch = setInterval(() => {
  const watch = window.atonBeforeOffer;
  const shown = (selector) => Array.from(document.querySelectorAll(selector)).some(
    (element) => element.getClientRects().length > 0 && element.getBoundingClientRect().height > 0);
  if (shown('.aton-resume')) { watch.offer = true; clearInterval(atonWatch); return; }
  watch.polls += 1;
  const status = document.querySelector('.aton-status-line');
  if (shown('.aton-board-area canvas.aton-board')) watch.seen.push('a board');
  if (shown('.aton-assign .aton-card')) watch.seen.push('cards');
  if (status && /Round 1/.test(status.textContent)) watch.seen.push('Round 1');
}, 50);
"""
"""Runs in the reloaded page from its first moment: records what it shows before the offer of the kept game."""


def play_to_round_two(dash: DashboardPage) -> dict[str, str]:
    """Red plays round 1 (cards, then the first legal squares) until round 2 waits for Red's cards."""
    for _ in range(60):
        dash.catch_up()
        status = dash.status()
        if status["round"] == "2" and status["phase"] == "assign":
            return status
        if status["phase"] == "assign":
            dash.assign(dash.hand())
        else:
            dash.play_squares("red")
    raise AssertionError(f"round 2 never came: {dash.status()}")


def test_a_reload_mid_game_asks_first_then_continues_the_game(
    page: Any, voila_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    dash = DashboardPage(page, voila_url).open()
    dialogs: list[str] = []

    def on_dialog(dialog: Any) -> None:
        dialogs.append(dialog.type)
        dialog.accept()

    page.on("dialog", on_dialog)
    dash.new_game(mode="bot", seed=21)
    before = play_to_round_two(dash)
    assert dash.wait_status(**{"in-game": "true"})
    page.wait_for_function(f"() => !!window.localStorage.getItem('{GAME_KEY}')", timeout=TIMEOUT)
    key = page.evaluate(f"() => window.localStorage.getItem('{GAME_KEY}')")

    store = rooms.open_store(rooms_url(tmp_path_factory))
    try:
        for _ in range(100):  # the page keeps each move: the store holds round 2 waiting for Red's cards
            kept = store.kept_game(key)
            if kept is not None and kept[0].round == 2 and kept[0].phase is aton.Phase.ASSIGN:
                break
            time.sleep(0.1)
        assert kept is not None
        game = kept[0]
    finally:
        store.dispose()
    assert not game.has_assigned(aton.BLUE) and not game.has_assigned(aton.RED)  # the bot chooses after red

    frames = Frames()
    frames.record(page)
    page.add_init_script(BEFORE_THE_OFFER_JS)
    page.reload()
    assert "beforeunload" in dialogs  # leaving a game in progress asked first
    page.wait_for_selector(STATUS, state="attached", timeout=60_000)
    offer = page.locator(".aton-resume")
    offer.wait_for(state="visible", timeout=60_000)
    assert "round 2" in offer.inner_text() and "against the easy bot" in offer.inner_text()
    assert "It was started" in offer.inner_text()
    assert dash.status()["offer"] == "true"
    # one game on the screen: before the offer, no new game was shown (no board, no cards, no "Round 1")
    page.wait_for_function("() => window.atonBeforeOffer && window.atonBeforeOffer.offer", timeout=TIMEOUT)
    before_offer = page.evaluate("() => window.atonBeforeOffer")
    assert before_offer["polls"] > 0 and before_offer["seen"] == [], before_offer
    assert not page.locator(".aton-board-area canvas.aton-board").first.is_visible()  # nor beside the offer
    assert page.locator(".aton-assign .aton-card").count() == 0
    assert "waiting for you" in dash.text(STATUS)
    page.screenshot(path=str(SHOTS / "dashboard-resume-offer.png"))
    dash.click(".aton-resume-continue")
    after = dash.wait_status(round=2, phase="assign", offer="false")
    assert {name: after[name] for name in FACTS} == {name: before[name] for name in FACTS}
    offer.wait_for(state="hidden", timeout=TIMEOUT)  # the status line reaches the page first
    assert "back where it was" in dash.text(".aton-app-message")
    header = dash.text(STATUS)  # the header names the game: against whom, its round, since when
    assert "Round 2" in header and "against the easy bot" in header and "started" in header
    assert sorted(dash.hand()) == sorted(game.hand(aton.RED))  # Red's own cards, as they were
    before_choice = len(frames)

    dash.assign(dash.hand())  # the game goes on: the bot chooses, the reveal shows its cards, which the search finds
    dash.catch_up()
    store = rooms.open_store(rooms_url(tmp_path_factory))
    chosen: list[aton.Assign] = []
    try:
        for _ in range(100):  # the page keeps each move
            kept = store.kept_game(key)
            chosen = (
                [a for a in kept[0].actions if isinstance(a, aton.Assign) and a.player is aton.BLUE] if kept else []
            )
            if len(chosen) >= 2:
                break
            time.sleep(0.1)
    finally:
        store.dispose()
    assert len(chosen) >= 2, chosen
    secret = tuple(chosen[1].cards)  # round 2's
    assert not any(shows_cards(frame, aton.BLUE, secret) for frame in frames[:before_choice])
    assert any(shows_cards(frame, aton.BLUE, secret) for frame in frames[before_choice:])
    assert dash.status()["round"] in ("2", "3")


def test_a_file_too_large_is_refused_by_the_page_before_it_is_sent(page: Any, voila_url: str) -> None:
    dash = DashboardPage(page, voila_url).open()
    frames = Frames()
    frames.record(page)
    page.reload()
    page.wait_for_selector(STATUS, state="attached", timeout=60_000)
    dash.wait_square_colour((1, 0), "#F0E442")
    game = dash.status()["game"]
    sent_before = sum(len(frame) for frame in frames)
    big = b'{"format": "aton-position/1", "description": "' + b"x" * (MAX_FILE_BYTES + 1_000_000) + b'"}'
    dash.upload("huge.json", big)
    warning = page.locator(".aton-load-warning-text")
    page.wait_for_function(
        "() => (document.querySelector('.aton-load-warning-text') || {}).textContent", timeout=TIMEOUT
    )
    text = warning.inner_text()
    assert "huge.json is too large (3 MB)" in text and "Nothing was sent" in text
    assert warning.get_attribute("role") == "alert"
    warning.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "dashboard-file-too-large.png"))
    time.sleep(1.0)
    # the 3 MB file never left the page (the frames meanwhile are the page's own: steps, the connection's beat)
    assert sum(len(frame) for frame in frames) - sent_before < 1_000_000
    assert dash.status()["game"] == game and "too large" not in dash.text(".aton-app-message")
    small = aton.new_game(seed=5).to_json().encode()
    dash.upload("small.json", small)  # a file of a fair size still loads, and the warning goes
    dash.page.wait_for_function(
        f"(g) => document.querySelector('{STATUS}').dataset.game !== g", arg=game, timeout=TIMEOUT
    )
    assert warning.inner_text() == ""
