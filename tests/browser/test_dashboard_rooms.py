"""Playing a friend in a real browser: two pages and a spectator of one Voila server share a room.

Every websocket frame each page receives or sends is recorded.  The checks look for the opponent's
cards as the board's text twin writes them (a cartouche row of four values), and for the room's seed as
the page would write it; each check is shown to find what it looks for once it may be there (the cards
after the reveal, the seed once the game is over), so it can fail.
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import PageErrors, rooms_url
from dashboard_page import TIMEOUT, DashboardPage, local_page
from test_dashboard_fair import Frames, seed_marks, shows_cards

import aton
from aton import rooms

pytestmark = pytest.mark.browser

SHOTS = Path(tempfile.gettempdir())
"""Where the screenshots go."""
FACTS = ("round", "phase", "red-score", "blue-score", "red-stock", "blue-stock", "kingdom")


class TimedFrames(Frames):
    """Frames with the moment each arrived (``time.monotonic``)."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def _add(self, payload: Any) -> None:
        super()._add(payload)
        self.times.append(time.monotonic())

    def before(self, moment: float) -> int:
        """How many frames came before ``moment``."""
        return sum(1 for t in self.times if t < moment)


class Pages:
    """Pages of their own browser contexts (each its own localStorage), every frame recorded."""

    def __init__(self, browser: Any, url: str, errors: PageErrors) -> None:
        self.browser, self.url, self.errors = browser, url, errors
        self.contexts: list[Any] = []

    def open(self, query: str = "", saved: str | None = None) -> tuple[DashboardPage, TimedFrames]:
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        self.contexts.append(context)
        if saved is not None:  # what an earlier visit left in this browser
            context.add_init_script(f"window.localStorage.setItem('aton-room', {json.dumps(saved)});")
        page = local_page(context, self.errors)
        frames = TimedFrames()
        frames.record(page)
        return DashboardPage(page, self.url + "/" + query).open(), frames

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Any, voila_url: str, page_errors: PageErrors, request: pytest.FixtureRequest) -> Iterator[Pages]:
    made = Pages(browser, voila_url, page_errors)
    yield made
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed:
        for number, context in enumerate(made.contexts):
            for page in context.pages:
                page.screenshot(path=str(SHOTS / f"friend-failure-{number}.png"))
                print(f"screenshot of a failing page: {SHOTS}/friend-failure-{number}.png")
    made.close()
    assert not page_errors, f"the pages raised errors: {page_errors}"


def store(tmp_path_factory: pytest.TempPathFactory) -> rooms.RoomStore:
    return rooms.open_store(rooms_url(tmp_path_factory))


def enter_friend_mode(dash: DashboardPage, nickname: str) -> None:
    dash.tab_by_class(3)
    dash.page.locator(".aton-mode button").nth(3).click()
    dash.page.locator(".aton-friend-nickname input").fill(nickname)


def facts(dash: DashboardPage) -> tuple[str, ...]:
    status = dash.status()
    return tuple(status[key] for key in FACTS)


def in_step(*dashes: DashboardPage, seconds: float = 15) -> None:
    """Wait until every page has watched its steps and shows the same public facts."""
    deadline = time.monotonic() + seconds
    while True:
        for dash in dashes:
            dash.catch_up()
        if len({facts(dash) for dash in dashes}) == 1:
            return
        assert time.monotonic() < deadline, [dash.status() for dash in dashes]
        time.sleep(0.1)


def play_round(red: DashboardPage, blue: DashboardPage, eve: DashboardPage) -> None:
    """Click squares on the page whose turn it is until the round (or the game) is over."""
    start = red.status()["round"]
    for _ in range(60):
        in_step(red, blue, eve)
        status = red.status()
        if status["round"] != start or status["over"] == "true" or status["phase"] == "assign":
            return
        mover = red if status["to-act"] == "red" else blue
        mover.play_squares(status["to-act"])
    raise AssertionError("the round never ended")


def assign_both(red: DashboardPage, blue: DashboardPage) -> tuple[tuple[int, ...], tuple[int, ...], float, float]:
    """Red then blue lay their cards; the seconds blue's page took to see that red had, and when blue began
    to lay theirs (before it, the cards of neither could be revealed)."""
    red_cards = tuple(sorted(red.hand(), reverse=True))
    red.assign(list(red_cards))
    sent = time.monotonic()
    blue.wait_status(to_act="blue")
    seen = time.monotonic() - sent
    blue_cards = tuple(sorted(blue.hand()))
    revealed = time.monotonic()
    blue.assign(list(blue_cards))
    return red_cards, blue_cards, seen, revealed


def no_card_before_the_reveal(
    red: TimedFrames,
    blue: TimedFrames,
    eve: TimedFrames,
    red_cards: tuple[int, ...],
    blue_cards: tuple[int, ...],
    revealed: float,
) -> None:
    """The opponent's cards reach neither the other player's page nor the spectator's before the reveal."""
    for frames, hidden in (
        (blue, [(aton.RED, red_cards)]),
        (red, [(aton.BLUE, blue_cards)]),
        (eve, [(aton.RED, red_cards), (aton.BLUE, blue_cards)]),
    ):
        reveal = frames.before(revealed)
        assert any("The cards are turned face up" in text for text in frames[reveal:])
        for player, cards in hidden:
            assert not any(shows_cards(text, player, cards) for text in frames[:reveal]), player
            assert any(shows_cards(text, player, cards) for text in frames[reveal:]), player  # found once face up


def test_two_pages_play_a_round_and_a_spectator_watches(pages: Pages, tmp_path_factory: pytest.TempPathFactory) -> None:
    ana, ana_frames = pages.open()
    enter_friend_mode(ana, "Ana")
    ana.click(".aton-friend-create")
    ana.wait_status(mode="friend")
    ana.page.wait_for_selector(".aton-friend-qr svg", timeout=TIMEOUT)
    link = str(ana.page.locator(".aton-friend-link a").first.get_attribute("href"))
    code = link.rsplit("room=", 1)[1]
    assert re.fullmatch(r"[A-Z]{6}", code), link
    assert "Waiting for your opponent" in ana.text(".aton-friend-turn")
    ana.page.screenshot(path=str(SHOTS / "friend-create-en.png"))
    seed = _seed_of(tmp_path_factory, code)

    ben, ben_frames = pages.open(f"?room={code}")
    ben.page.wait_for_function(
        "(code) => { const f = document.querySelector('.aton-friend-code input'); return f && f.value === code; }",
        arg=code,
        timeout=TIMEOUT,
    )
    ben.page.locator(".aton-friend-nickname input").fill("Ben")
    ben.click(".aton-friend-join")
    ben.wait_status(mode="friend")
    ana.page.wait_for_function(
        "() => document.querySelector('.aton-app-message').innerText.includes('Ben joined')", timeout=TIMEOUT
    )
    eve, eve_frames = pages.open(f"?room={code}")
    eve.page.wait_for_function(
        "(code) => document.querySelector('.aton-friend-code input')?.value === code", arg=code, timeout=TIMEOUT
    )
    eve.click(".aton-friend-join")
    eve.wait_status(mode="friend")
    eve.page.wait_for_function(
        "() => document.querySelector('.aton-app-message').innerText.includes('full')", timeout=TIMEOUT
    )

    red_cards, blue_cards, seen, revealed = assign_both(ana, ben)
    assert seen < 1.0, seen  # the room's follower polls every 0.5 s at most; Playwright's polling adds a little
    play_round(ana, ben, eve)
    assert ana.status()["round"] == ben.status()["round"] == eve.status()["round"] == "2"
    ana.tab_by_class(0)
    ben.tab_by_class(0)
    ana.page.screenshot(path=str(SHOTS / "friend-red-en.png"))
    ben.page.screenshot(path=str(SHOTS / "friend-blue-en.png"))
    eve.page.screenshot(path=str(SHOTS / "friend-spectator-en.png"))
    for dash, name in ((ana, "red"), (ben, "blue")):
        dash.page.locator(".aton-language button", has_text="Français").click()
        dash.page.wait_for_function(
            "() => document.querySelector('.aton-right .lm-TabBar-tab').innerText.includes('Jouer')", timeout=TIMEOUT
        )
        dash.page.screenshot(path=str(SHOTS / f"friend-{name}-fr.png"))

    no_card_before_the_reveal(ana_frames, ben_frames, eve_frames, red_cards, blue_cards, revealed)
    # no seed on any page during the game, and no seat key on another page
    ana_key = json.loads(ana.page.evaluate("localStorage.getItem('aton-room')"))["token"]
    ben_key = json.loads(ben.page.evaluate("localStorage.getItem('aton-room')"))["token"]
    assert eve.page.evaluate("localStorage.getItem('aton-room')") is None
    for frames in (ana_frames, ben_frames, eve_frames):
        assert not any(mark in text for text in frames for mark in seed_marks(seed))
    assert not any(ana_key in text for text in ben_frames + eve_frames)
    assert not any(ben_key in text for text in ana_frames + eve_frames)
    assert any(ana_key in text for text in ana_frames)  # the check finds a key where it belongs


def _seed_of(tmp_path_factory: pytest.TempPathFactory, code: str) -> str:
    from sqlalchemy import text

    opened = store(tmp_path_factory)
    try:
        with opened.engine.connect() as connection:
            return str(connection.execute(text("SELECT seed FROM aton_rooms WHERE code = :c"), {"c": code}).scalar())
    finally:
        opened.dispose()


def test_a_reload_resumes_the_seat_and_the_seed_shows_only_at_the_end(
    pages: Pages, tmp_path_factory: pytest.TempPathFactory
) -> None:
    opened = store(tmp_path_factory)
    code = opened.create(seed=4242, rules=aton.Rules(round_limit=1))
    red_key = opened.join(code, aton.RED, nickname="Ana")
    blue_key = opened.join(code, aton.BLUE, nickname="Ben")
    saved = {seat: json.dumps({"code": code, "token": key}) for seat, key in (("red", red_key), ("blue", blue_key))}
    ana, ana_frames = pages.open(saved=saved["red"])  # the browser kept the keys of an earlier visit
    ana.wait_status(mode="friend")
    # read before Ben comes back: his return then replaces this line with "Ben came back."
    ana.page.wait_for_function(
        "() => document.querySelector('.aton-app-message')?.textContent.includes('back in room')", timeout=TIMEOUT
    )
    ben, ben_frames = pages.open(saved=saved["blue"])
    eve, eve_frames = pages.open(f"?room={code}")
    ben.wait_status(mode="friend")
    eve.page.wait_for_function(
        "(code) => document.querySelector('.aton-friend-code input')?.value === code", arg=code, timeout=TIMEOUT
    )
    eve.click(".aton-friend-join")
    eve.wait_status(mode="friend")
    # a forged key in a browser is refused and forgotten
    forged, _ = pages.open(saved=json.dumps({"code": code, "token": "A" * 24}))
    forged.page.wait_for_function(
        "() => document.querySelector('.aton-app-message').innerText.includes('seat key is not valid')",
        timeout=TIMEOUT,
    )
    forged.page.wait_for_function("() => localStorage.getItem('aton-room') === null", timeout=TIMEOUT)
    assert forged.status()["mode"] == "bot"

    red_cards, blue_cards, _, revealed = assign_both(ana, ben)
    play_round(ana, ben, eve)
    no_card_before_the_reveal(ana_frames, ben_frames, eve_frames, red_cards, blue_cards, revealed)
    for dash in (ana, ben, eve):
        dash.wait_status(over="true")
        dash.catch_up()
    seed = "4242"
    assert ana.status()["seed"] == seed
    for frames in (ana_frames, ben_frames, eve_frames):
        over = frames.first('data-over="true"', "Game over")
        assert not any(mark in text for text in frames[:over] for mark in seed_marks(seed))
        assert any(mark in text for text in frames[over:] for mark in seed_marks(seed))  # found once it may show
    ana.tab_by_class(3)
    ana.page.wait_for_selector(".aton-friend-rematch", state="visible", timeout=TIMEOUT)
    opened.dispose()
