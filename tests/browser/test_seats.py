"""Seats given back, in a real browser: a player keeps their seat and takes it again from its link in a fresh
browser (another device), and the teacher's class page hands a seat to a new key while the old page is refused.

The server is ``./run dashboard``'s (``aton.serving.server``) with a store in a temporary folder and a teacher's
code in its environment.  Every page sends its requests to 127.0.0.1 only: a seat's link names the server's
address on the network (as a student's machine opens it), so the test checks that text and opens the same path
and fragment on 127.0.0.1.  Screenshots are saved as ``seats-*.png`` in the temporary folder.
"""

from __future__ import annotations

import contextlib
import json
import re
import tempfile
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import dashboard_server
from dashboard_page import TIMEOUT, DashboardPage, local_page
from playwright.sync_api import Error as PlaywrightError

import aton
from aton import rooms

pytestmark = pytest.mark.browser

CODE = "SEAT-C0DE"
SHOTS = Path(tempfile.gettempdir())
MESSAGE = ".aton-app-message"


@pytest.fixture(scope="module")
def served(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The server with a teacher's code and its own store; yields (base URL, store URL)."""
    folder = tmp_path_factory.mktemp("seats")
    store_url = f"sqlite:///{folder}/rooms.db"
    with dashboard_server(folder, {"ATON_ROOMS": store_url, "ATON_TEACHER_CODE": CODE}) as base:
        yield base, store_url


class Contexts:
    """Browser contexts of their own (each its own localStorage: another device)."""

    def __init__(self, browser: Any, base: str) -> None:
        self.browser, self.base = browser, base
        self.errors: list[str] = []
        self.made: list[Any] = []

    def page(self, address: str = "/", saved: str | None = None) -> DashboardPage:
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        self.made.append(context)
        if saved is not None:  # what an earlier visit left in this browser
            context.add_init_script(f"window.localStorage.setItem('aton-room', {json.dumps(saved)});")
        return DashboardPage(local_page(context, self.errors, timeout=60_000), self.base + address).open()

    def close(self) -> None:
        for context in self.made:
            context.close()


@pytest.fixture
def contexts(browser: Any, served: tuple[str, str], request: pytest.FixtureRequest) -> Iterator[Contexts]:
    made = Contexts(browser, served[0])
    yield made
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed:
        for number, context in enumerate(made.made):
            for page in context.pages:
                page.screenshot(path=str(SHOTS / f"seats-failure-{number}.png"))
    made.close()
    assert not made.errors, f"the pages raised errors: {made.errors}"


def wait_text(dash: DashboardPage, selector: str, words: str) -> None:
    dash.page.wait_for_function(
        "([selector, words]) => Array.from(document.querySelectorAll(selector)).some(e => e.innerText.includes(words))",
        arg=[selector, words],
        timeout=TIMEOUT,
    )


def local_address(link: str, base: str) -> str:
    """The path, query and fragment of a link that names the server's network address, to open on 127.0.0.1."""
    parts = urllib.parse.urlsplit(link)
    assert parts.hostname and not rooms.client.is_loopback(parts.hostname), link  # a link other machines open
    assert parts.port == urllib.parse.urlsplit(base).port, link
    return urllib.parse.urlunsplit(("", "", parts.path, parts.query, parts.fragment))


def enter_friend_mode(dash: DashboardPage, nickname: str) -> None:
    dash.tab_by_class(3)
    dash.page.locator(".aton-mode button").nth(3).click()
    dash.page.locator(".aton-friend-nickname input").fill(nickname)


def test_a_kept_seat_is_taken_again_from_its_link_in_a_fresh_browser(contexts: Contexts) -> None:
    ana = contexts.page()
    enter_friend_mode(ana, "Ana")
    ana.click(".aton-friend-create")
    ana.wait_status(mode="friend")
    link = str(ana.page.locator(".aton-friend-link a").first.get_attribute("href"))
    code = link.rsplit("room=", 1)[1]
    ben = contexts.page(f"/?room={code}")
    ben.page.wait_for_function(
        "(code) => document.querySelector('.aton-friend-code input')?.value === code", arg=code, timeout=TIMEOUT
    )
    ben.page.locator(".aton-friend-nickname input").fill("Ben")
    ben.click(".aton-friend-join")
    ben.wait_status(mode="friend")
    wait_text(ana, MESSAGE, "Ben joined")
    # the opponent's arrival brings the Play tab up: wait for it before going to the room's fields
    ana.page.wait_for_function(
        "() => document.querySelector('.aton-right .lm-TabBar-tab.lm-mod-current')"
        " === document.querySelectorAll('.aton-right .lm-TabBar-tab')[0]",
        timeout=TIMEOUT,
    )

    # Leave asks; Stay changes nothing; Keep my seat shows the seat's link
    ana.tab_by_class(3)
    ana.page.wait_for_selector(".aton-friend-leave", state="visible", timeout=TIMEOUT)
    ana.click(".aton-friend-leave")
    ana.page.wait_for_selector(".aton-friend-end", state="visible", timeout=TIMEOUT)
    wait_text(ana, ".aton-friend-leave-ask", "what becomes of your seat?")
    assert "Ben wins by forfeit" in ana.text(".aton-friend-leave-ask")
    ana.page.screenshot(path=str(SHOTS / "seats-leave-asks.png"))
    ana.click(".aton-friend-stay")
    ana.page.wait_for_selector(".aton-friend-end", state="hidden", timeout=TIMEOUT)
    assert ana.status()["mode"] == "friend"
    ana.click(".aton-friend-leave")
    ana.click(".aton-friend-keep")
    ana.wait_status(mode="bot")
    ana.page.wait_for_selector(".aton-friend-kept-link a", timeout=TIMEOUT)
    kept = str(ana.page.locator(".aton-friend-kept-link a").first.get_attribute("href"))
    assert f"room={code}#seat=" in kept
    assert ana.page.locator(".aton-friend-kept .aton-friend-qr svg").count() == 1
    ana.page.screenshot(path=str(SHOTS / "seats-kept-link.png"))
    wait_text(ben, ".aton-friend-turn", "Ana left: their page is closed. The game goes on when they come back.")

    # another device: the link takes the seat, the key leaves the address, the game goes on
    other = contexts.page(local_address(kept, contexts.base))
    other.wait_status(mode="friend")
    wait_text(other, MESSAGE, f"You are back in room {code}")
    other.page.wait_for_function("() => !window.location.hash.includes('seat=')", timeout=TIMEOUT)
    other.page.wait_for_function("() => !!window.localStorage.getItem('aton-room')", timeout=TIMEOUT)
    stored = other.page.evaluate("() => window.localStorage.getItem('aton-room')")
    assert stored is not None and json.loads(stored)["code"] == code  # this browser keeps the seat from now on
    cards = sorted(other.hand(), reverse=True)
    other.assign(cards)
    ben.wait_status(to_act="blue")
    ben.assign(sorted(ben.hand()))
    other.page.wait_for_function(
        "() => document.querySelector('.aton-status-line').dataset.phase !== 'assign'", timeout=TIMEOUT
    )
    other.page.screenshot(path=str(SHOTS / "seats-taken-again.png"))


def test_the_teacher_hands_a_seat_to_a_new_key_and_the_old_page_is_refused(
    contexts: Contexts, served: tuple[str, str], browser: Any
) -> None:
    store = rooms.open_store(served[1])
    try:
        code = store.create(seed=12)
        ana_key = store.join(code, aton.RED, nickname="Ana")
        ben_key = store.join(code, aton.BLUE, nickname="Ben")
    finally:
        store.dispose()
    ben = contexts.page(saved=json.dumps({"code": code, "token": ben_key}))
    ben.wait_status(mode="friend")
    wait_text(ben, MESSAGE, f"You are back in room {code}")
    ana = contexts.page(saved=json.dumps({"code": code, "token": ana_key}))
    ana.wait_status(mode="friend")

    # the teacher's class page: Seats, Blue, "Dan", give
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    contexts.made.append(context)
    teacher = local_page(context, contexts.errors, timeout=60_000)
    teacher.goto(contexts.base + "/class")
    box = teacher.locator(".aton-class-code input")
    box.fill(CODE)
    box.press("Enter")
    card = teacher.locator(f".aton-class-table:has([data-code='{code}'])")
    card.locator(".aton-class-seats").click()
    card.locator(".aton-class-seat-colour button", has_text="Blue").click()
    card.locator(".aton-class-seat-name input").fill("Dan")
    card.locator(".aton-class-give").click()
    teacher.wait_for_selector(".aton-class-handed .aton-class-qr svg", timeout=TIMEOUT)
    handed = str(teacher.locator(".aton-class-handed-link a").first.get_attribute("href"))
    assert f"room={code}#seat=" in handed and "Give Dan this link" in teacher.locator(".aton-class-handed").inner_text()
    teacher.screenshot(path=str(SHOTS / "seats-teacher-handed.png"))

    # the old page is told in words, keeps no key and plays no more (it watches)
    wait_text(ben, MESSAGE, "The teacher gave your seat")
    ben.page.wait_for_function("() => window.localStorage.getItem('aton-room') === null", timeout=TIMEOUT)
    ben.wait_status(to_act="red blue")
    assert ben.page.locator(".aton-assign .aton-confirm:visible").count() == 0
    ben.page.screenshot(path=str(SHOTS / "seats-old-page-told.png"))
    store = rooms.open_store(served[1])
    try:
        with pytest.raises(rooms.BadToken):  # what the old page's key would send is refused by the store
            store.play(code, ben_key, "blue exchange")
    finally:
        store.dispose()

    # the new key takes the seat in a fresh browser and plays
    dan = contexts.page(local_address(handed, contexts.base))
    dan.wait_status(mode="friend")
    wait_text(dan, MESSAGE, f"You are back in room {code}: you play Blue")
    dan.assign(sorted(dan.hand()))
    ana.wait_status(to_act="red")


def test_a_reload_right_after_join_keeps_the_seat(contexts: Contexts, served: tuple[str, str]) -> None:
    """The browser makes the seat key as Join is pressed and keeps it before the kernel hears of the press, so a
    reload at once (not waiting for anything the kernel writes back) finds the seat again."""
    store = rooms.open_store(served[1])
    try:
        code = store.create(seed=7)
        store.join(code, aton.RED, nickname="Ana")
    finally:
        store.dispose()
    ben = contexts.page(f"/?room={code}")
    ben.page.wait_for_function(
        "(code) => document.querySelector('.aton-friend-code input')?.value === code", arg=code, timeout=TIMEOUT
    )
    ben.page.locator(".aton-friend-nickname input").fill("Ben")
    ben.page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" (a game may be in progress): yes
    ben.page.locator(".aton-friend-join").click()
    pending = ben.page.evaluate("() => window.localStorage.getItem('aton-room-pending')")
    ben.page.reload(wait_until="commit")  # at once: the kernel may not even have heard the press yet
    assert isinstance(pending, str)  # the browser kept the key, and what it was for, before the kernel heard
    made = json.loads(pending)
    assert rooms.keys.well_formed(made["key"]) and (made["pressed"], made["code"], made["nickname"]) == (
        "join",
        code,
        "Ben",
    )
    pending = made["key"]
    ben.page.wait_for_selector(".aton-status-line", state="attached", timeout=TIMEOUT)
    ben.wait_status(mode="friend")
    wait_text(ben, MESSAGE, f"You are back in room {code}")
    assert "Blue" in ben.text(MESSAGE)
    ben.page.wait_for_function("() => window.localStorage.getItem('aton-room-pending') === null", timeout=TIMEOUT)
    stored = json.loads(ben.page.evaluate("() => window.localStorage.getItem('aton-room')"))
    assert stored == {"code": code, "token": pending}  # the key the browser made is the seat's
    store = rooms.open_store(served[1])
    try:
        assert store.seat_by_key(pending) == (code, aton.BLUE)
        assert store.info(code).state == "playing"
    finally:
        store.dispose()
    ben.page.screenshot(path=str(SHOTS / "seats-reload-after-join.png"))


def fill_cartouches(dash: DashboardPage, cards: list[int]) -> None:
    """Put ``cards`` on cartouches 1-4 (a card, then a cartouche), without confirming."""
    dash.tab_by_class(0)
    for number, value in enumerate(cards, start=1):
        button = dash.page.locator(".aton-assign .aton-card:not([disabled])", has_text=re.compile(rf"\b{value}\b"))
        button.first.click()
        dash.page.locator(".aton-assign .aton-cartouche-slot").nth(number - 1).click()
        dash.page.wait_for_function(
            f"() => document.querySelectorAll('.aton-assign .aton-card[disabled]').length >= {number}",
            timeout=TIMEOUT,
        )


def test_two_tabs_of_one_seat_confirming_different_cards(contexts: Contexts, served: tuple[str, str]) -> None:
    """One seat open in two tabs (the second in French), each confirming another assignment at once: one lands;
    the other tab says, in French, that another page holding the seat confirmed first, and its card panel shows
    the cards laid, with nothing left to confirm."""
    store = rooms.open_store(served[1])
    try:
        code = store.create(seed=12)
        ana_key = store.join(code, aton.RED, nickname="Ana")
        store.join(code, aton.BLUE, nickname="Ben")
    finally:
        store.dispose()
    saved = json.dumps({"code": code, "token": ana_key})
    first, second = contexts.page(saved=saved), contexts.page("/?lang=fr", saved=saved)
    for tab in (first, second):
        tab.wait_status(mode="friend", to_act="red blue")
    cards = sorted(first.hand())
    fill_cartouches(first, cards)
    fill_cartouches(second, list(reversed(cards)))
    first.page.locator(".aton-assign .aton-confirm:not([disabled])").click()
    with contextlib.suppress(PlaywrightError):  # gone already if this tab heard of the first one's cards
        second.page.locator(".aton-assign .aton-confirm:not([disabled])").click(timeout=2_000)
    for tab in (first, second):
        tab.wait_status(to_act="blue")
    wait_text(second, MESSAGE, "autre page qui tient votre place")
    second.page.wait_for_function(
        "() => document.querySelectorAll('.aton-assign .aton-confirm:not([disabled])').length === 0"
        " || Array.from(document.querySelectorAll('.aton-assign .aton-confirm')).every(b => b.offsetParent === null)",
        timeout=TIMEOUT,
    )
    wait_text(second, ".aton-assign", "Vos cartes sont posées face cachée")
    second.page.screenshot(path=str(SHOTS / "seats-two-tabs-refused.png"))
    first.page.screenshot(path=str(SHOTS / "seats-two-tabs-landed.png"))
    assert "another page" not in first.text(MESSAGE) and "autre page" not in first.text(MESSAGE)
