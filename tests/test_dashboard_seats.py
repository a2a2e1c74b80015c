"""Seats given back on the dashboard, without a browser: "Leave the room" asks, a kept seat's link, a seat lost.

Each test runs on SQLite and, when ATON_TEST_POSTGRES is set, on PostgreSQL (see rooms_support): every page
opens its own store, as each page's kernel does.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rooms_support import BACKENDS, store_url

import aton
from aton import rooms
from aton.apps.dashboard.controller import DashboardController
from aton.apps.dashboard.friend import FriendFlow
from aton.apps.dashboard.friend_page import FriendPage
from aton.apps.dashboard.friend_panel import FriendPanel
from aton.apps.dashboard.session import Mode

BASE = "http://10.0.0.5:8866/"


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from store_url(request.param, tmp_path)


@pytest.fixture
def made() -> Iterator[list[FriendPage]]:
    pages: list[FriendPage] = []
    yield pages
    for friend in pages:
        friend.close()


def new_page(made: list[FriendPage], url: str, *, hash: str = "", query: str = "") -> FriendPage:
    """A dashboard page's room part, with what its browser says (address, saved seat)."""
    friend = FriendPage(DashboardController(), FriendPanel(), url=url)
    made.append(friend)
    facts = {"query": query, "saved": None, "base": BASE, "hash": hash}
    friend.panel.bridge.value = json.dumps(facts)
    return friend


def catch_up(flow: FriendFlow, version: int) -> None:
    deadline = time.monotonic() + 30  # a loaded machine may be slow; the wait ends as soon as it is there
    while time.monotonic() < deadline:
        if flow.status is not None and flow.status.version >= version:
            return
        flow.poll(0.25)
    raise AssertionError(f"stuck below version {version}")


def two_players(made: list[FriendPage], url: str) -> tuple[FriendPage, FriendPage]:
    ana, ben = new_page(made, url), new_page(made, url)
    ana.panel.nickname.value = "Ana"
    ana.panel.create_button.click()
    ben.panel.code.value, ben.panel.nickname.value = ana.room.code or "", "Ben"
    ben.panel.join_button.click()
    assert ana.room.seat is aton.RED and ben.room.seat is aton.BLUE
    for friend in (ana, ben):  # the tests poll by hand: no follower may still be polling
        follower = friend.follower
        friend.stop()
        if follower is not None:
            follower._thread.join(timeout=30)
    deadline = time.monotonic() + 30  # a join moves no version: wait for the state
    while ana.room.status.state != "playing" and time.monotonic() < deadline:
        ana.room.poll(0.25)
    assert ana.room.status.state == "playing"
    return ana, ben


def texts(flow: FriendFlow) -> dict[str, str]:
    return {lang: flow.turn_text(lang) for lang in ("en", "fr")}


def test_leave_asks_and_stay_changes_nothing(made: list[FriendPage], url: str) -> None:
    ana, _ben = two_players(made, url)
    ana.panel.leave_button.click()
    ana.render("fr")
    ana.panel.relabel("fr")
    assert ana.panel.choices == ("end", "keep", "stay") and ana.panel.leave_box.layout.display == ""
    assert ana.panel.leave_button.layout.display == "none" and ana.panel.end_button.layout.display == ""
    assert "forfait" in ana.panel.leave_ask.value and "Ben" in ana.panel.leave_ask.value
    assert ana.panel.end_button.description == "Terminer la partie"
    ana.panel.stay_button.click()
    ana.render("fr")
    assert ana.panel.leave_box.layout.display == "none" and ana.panel.leave_button.layout.display == ""
    assert ana.panel.choices == () and ana.room.seat is aton.RED and ana.room.status.state == "playing"
    assert ana.room.store.info(ana.room.code).seat(aton.RED).present
    # a spectator has no seat to keep: it leaves at once
    eve = new_page(made, url, query=f"?room={ana.room.code}&watch=1")
    assert eve.room.spectating and eve.room.leave_choices() == ()
    eve.panel.leave_button.click()
    assert eve.room.client is None and eve.controller.mode is Mode.BOT


def test_ending_the_game_gives_the_partner_the_win_by_forfeit(made: list[FriendPage], url: str) -> None:
    ana, ben = two_players(made, url)
    code = ana.room.code or ""
    ana.panel.leave_button.click()
    ana.panel.end_button.click()
    assert ana.room.client is None and ana.controller.mode is Mode.BOT and ana.controller.room is None
    assert "Ben wins by forfeit" in ana.controller.message_text("en")
    assert "Ben gagne par forfait" in ana.controller.message_text("fr")
    removed = ana.panel.keeper.outputs[0]["data"]["application/javascript"]
    assert "removeItem" in removed  # the browser forgets the key of a game that is over
    catch_up(ben.room, ben.room.store.version(code))
    status = ben.room.status
    assert (status.state, status.forfeit) == ("over", aton.RED)
    said = texts(ben.room)
    assert said["en"] == "Ana ended the game: you win by forfeit." and "forfait" in said["fr"]
    assert "come back" not in said["en"]  # nothing promises a return that will not come
    ben.controller.enter_room(ben.room)
    assert ben.controller.deciding_person() is None and ben.controller.assigning_person() is None
    [line] = list(csv.DictReader(io.StringIO(ben.room.store.results_csv())))
    assert (line["room"], line["winner"], line["reason"]) == (code, "blue", "forfeit")


def test_keeping_the_seat_gives_a_link_that_takes_it_on_another_server(made: list[FriendPage], url: str) -> None:
    ana, ben = two_players(made, url)
    code = ana.room.code or ""
    ana.panel.leave_button.click()
    ana.panel.keep_button.click()
    link = ana.room.kept_link
    assert link.startswith(f"{BASE}?room={code}#seat=") and ana.room.client is None
    ana.render("en")
    assert link in ana.panel.kept.value and "<svg" in ana.panel.kept.value
    assert "kept your seat" in ana.controller.message_text("en")
    assert "removeItem" not in ana.panel.keeper.outputs[0]["data"]["application/javascript"]  # the browser keeps it
    deadline = time.monotonic() + 30  # "away" moves no version: wait for the presence
    while ben.room.status.opponent_present and time.monotonic() < deadline:
        ben.room.poll(0.3)
    assert not ben.room.status.opponent_present
    assert "goes on when they come back" in texts(ben.room)["en"]  # true: the seat waits for its key
    # another device, another server (its own store on the same database): the link takes the seat
    query, _, fragment = link.partition("?")[2].partition("#")
    other = new_page(made, url, query="?" + query, hash="#" + fragment)
    assert other.room.seat is aton.RED and other.room.status.state == "playing"
    assert "u.hash = ''" in other.panel.addresser.outputs[0]["data"]["application/javascript"]
    kept = other.panel.keeper.outputs[0]["data"]["application/javascript"]
    assert "setItem" in kept and code in kept  # from now on this browser keeps the seat
    action = other.room.status.view.legal_actions(aton.RED)[0]
    assert other.room.send(action)
    catch_up(ben.room, other.room.status.version)
    assert ben.room.status.opponent_present


def test_a_seat_link_that_no_longer_holds_the_seat_says_so(made: list[FriendPage], url: str) -> None:
    ana, _ben = two_players(made, url)
    code = ana.room.code or ""
    link = ana.room.client.seat_link(BASE)
    ana.room.store.give_seat(code, aton.RED, nickname="Dan")
    query, _, fragment = link.partition("?")[2].partition("#")
    late = new_page(made, url, query="?" + query, hash="#" + fragment)
    assert late.room.client is None and late.panel.code.value == code
    assert late.controller.message_text("en").startswith("This seat link no longer takes a seat")


def test_the_page_of_a_seat_handed_on_is_told_and_its_moves_refused(made: list[FriendPage], url: str) -> None:
    ana, ben = two_players(made, url)
    code = ana.room.code or ""
    store = rooms.RoomStore(url)
    try:
        dan_key = store.give_seat(code, aton.BLUE, nickname="Dan")
    finally:
        store.dispose()
    action = ben.room.status.view.legal_actions(aton.BLUE)[0]
    assert not ben.room.send(action)  # refused, in words
    assert "gave your seat" in ben.room.message("en") and "donné votre place" in ben.room.message("fr")
    assert ben.room.spectating and ben.room.seat_lost
    # the follower's delivery: the browser forgets the key, the page watches the room
    ben._deliver(ben.room.status)
    assert "removeItem" in ben.panel.keeper.outputs[0]["data"]["application/javascript"]
    assert ben.controller.mode is Mode.FRIEND and ben.controller.session.setup.spectator
    assert "gave your seat" in ben.controller.message_text("en")
    # the partner is told who holds the other seat now, and that they joined when their page comes
    catch_up(ana.room, ana.room.store.version(code))
    ana.controller.enter_room(ana.room)
    ana.room.note_event(ana.room.status)
    assert ana.room.status.event == "handed" and ana.room.message is not None
    assert "now belongs to Dan" in ana.room.message("en") and "Dan" in ana.room.message("fr")
    said = ana.room.turn_text("en")
    assert "now belongs to Dan" in said and "left" not in said, (said, ana.room.status, ana.room._awaited)
    dan = new_page(made, url, query=f"?room={code}", hash="#seat=" + dan_key)
    assert dan.room.seat is aton.BLUE
    deadline = time.monotonic() + 30
    while not ana.room.status.opponent_present and time.monotonic() < deadline:
        ana.room.poll(0.3)
    ana.room.note_event(ana.room.status)
    assert ana.room.message is not None and ana.room.message("en") == "Dan joined the room."
    # a page that only follows learns it at its next poll
    store = rooms.RoomStore(url)
    try:
        store.give_seat(code, aton.RED, nickname="Eve")
    finally:
        store.dispose()
    deadline = time.monotonic() + 30
    while not ana.room.spectating and time.monotonic() < deadline:
        ana.room.poll(0.3)
    assert ana.room.spectating and "gave your seat" in ana.room.message("en")


def test_a_freed_seat_is_said_as_free_to_the_partner(made: list[FriendPage], url: str) -> None:
    ana, _ben = two_players(made, url)
    store = rooms.RoomStore(url)
    try:
        store.free_seat(ana.room.code or "", aton.BLUE)
    finally:
        store.dispose()
    catch_up(ana.room, ana.room.store.version(ana.room.code or ""))
    said = texts(ana.room)
    assert "The other seat is free" in said["en"] and "L'autre place est libre" in said["fr"]
    cleo = new_page(made, url)
    cleo.panel.code.value, cleo.panel.nickname.value = ana.room.code or "", "Cleo"
    cleo.panel.join_button.click()
    assert cleo.room.seat is aton.BLUE and cleo.room.status.state == "playing"


def kept_script(friend: FriendPage) -> str:
    """The script the page last ran to write the browser's localStorage."""
    return str(friend.panel.keeper.outputs[0]["data"]["application/javascript"])


def pressed(key: str, button: str, code: str = "", nickname: str = "") -> str:
    """What the page's script keeps and types as "Create a room" or "Join" is pressed."""
    return json.dumps({"key": key, "pressed": button, "code": code, "nickname": nickname})


def reloaded(made: list[FriendPage], url: str, pending: str) -> FriendPage:
    """A page opened again in a browser that keeps only ``pending`` (the seat was not kept yet)."""
    friend = FriendPage(DashboardController(), FriendPanel(), url=url)
    made.append(friend)
    facts = {"query": "", "saved": None, "base": BASE, "hash": "", "pending": pending}
    friend.panel.bridge.value = json.dumps(facts)
    return friend


def test_a_key_made_in_the_browser_takes_the_seat_and_a_reload_finds_it(made: list[FriendPage], url: str) -> None:
    """The browser makes the seat key as Join is pressed and keeps it as pending; the page joins with it, then
    keeps the seat (and stops keeping the key as pending) in one script.  A reload before that script ran finds
    the seat by the pending key; a key made twice is refused with a message."""
    ana = new_page(made, url)
    ana.panel.nickname.value = "Ana"
    ana.panel.create_button.click()
    code = ana.room.code or ""
    ben = new_page(made, url)
    key = rooms.keys.new_token()
    ben.panel.key_field.value = pressed(key, "join", code, "Ben")  # what the page's script types as Join is pressed
    ben.panel.code.value, ben.panel.nickname.value = code, "Ben"
    ben.panel.join_button.click()
    assert ben.room.seat is aton.BLUE and ben.room.client.token == key
    script = kept_script(ben)
    saved = json.dumps({"code": code, "token": key}, separators=(",", ":"))
    assert script.index(json.dumps(saved)) < script.index("aton-room-pending") and f'indexOf("{key}")' in script
    ben.close()
    # reloaded before the seat was kept: the browser has only the pending key
    again = reloaded(made, url, pressed(key, "join", code, "Ben"))
    assert again.room.code == code and again.room.seat is aton.BLUE and again.room.client.token == key
    assert json.dumps(saved) in kept_script(again)
    # the same key made again (a copied browser): refused with a message, nothing taken
    third = new_page(made, url)
    other = new_page(made, url)
    other.panel.create_button.click()
    third.panel.key_field.value = pressed(key, "join")
    third.panel.code.value = other.room.code or ""
    third.panel.join_button.click()
    assert third.room.client is None and third.controller.message is not None
    assert "try again" in third.controller.message("en") and "réessayez" in third.controller.message("fr")
    check = rooms.open_store(url)
    assert check.info(other.room.code or "").seat(aton.BLUE).taken is False
    check.dispose()
    # without a key from the browser, the store draws one, as before
    fourth = new_page(made, url)
    fourth.panel.code.value = other.room.code or ""
    fourth.panel.join_button.click()
    assert fourth.room.seat is aton.BLUE and fourth.room.client.token != key


def test_a_press_that_never_reached_the_store_is_made_after_the_reload(made: list[FriendPage], url: str) -> None:
    """The page was reloaded (and its kernel shut down) before its kernel heard "Join" or "Create a room": no room
    knows the pending key, so the new page makes the press itself, with the same key; a press the store refuses
    is said and forgotten; anything else kept as pending is forgotten."""
    ana = new_page(made, url)
    ana.panel.create_button.click()
    code = ana.room.code or ""
    key = rooms.keys.new_token()
    ben = reloaded(made, url, pressed(key, "join", code.lower(), "Ben"))
    assert ben.room.code == code and ben.room.seat is aton.BLUE and ben.room.client.token == key
    assert f'indexOf("{key}")' in kept_script(ben) and f'\\"token\\":\\"{key}' in kept_script(ben)
    created_key = rooms.keys.new_token()
    cleo = reloaded(made, url, pressed(created_key, "create", "", "Cleo"))
    assert cleo.room.seat is aton.RED and cleo.room.client.token == created_key and cleo.room.status.state == "waiting"
    # the room is full now: a press to join it watches it, as the press would have
    dan_key = rooms.keys.new_token()
    dan = reloaded(made, url, pressed(dan_key, "join", code, "Dan"))
    assert (
        dan.room.spectating and f'indexOf("{dan_key}")' in dan.panel.keeper.outputs[0]["data"]["application/javascript"]
    )
    # a refused press (a code no room has) is said; nothing kept
    eve_key = rooms.keys.new_token()
    eve = reloaded(made, url, pressed(eve_key, "join", "ZZZZZZ", "Eve"))
    assert eve.room.client is None and "ZZZZZZ" in (eve.controller.message or (lambda _l: ""))("en")
    assert f'indexOf("{eve_key}")' in kept_script(eve) and "setItem" not in kept_script(eve)
    # not a press: forgotten
    for junk in ("nonsense", pressed("short", "join"), pressed(rooms.keys.new_token(), "leave")):
        lost = reloaded(made, url, junk)
        assert lost.room.client is None and "removeItem" in kept_script(lost)


def two_tabs(made: list[FriendPage], url: str) -> tuple[FriendPage, FriendPage, FriendPage]:
    """Ana's seat open in two tabs (the same key), Ben at the other; nobody follows by itself (polled by hand)."""
    ana, ben = two_players(made, url)
    again = new_page(made, url)
    again.panel.bridge.value = json.dumps({"query": "", "saved": ana.room.saved_text(), "base": BASE, "hash": ""})
    follower = again.follower
    again.stop()
    if follower is not None:  # the test polls by hand: the follower must be done
        follower._thread.join(timeout=30)
    assert again.room.seat is aton.RED and again.room.status.state == "playing"
    return ana, again, ben


def poll_into(friend: FriendPage, timeout: float = 1.0) -> None:
    status = friend.room.poll(timeout)
    if status is not None:
        friend.controller.room_changed(status)


@pytest.mark.parametrize("heard", [False, True], ids=["at-once", "after-hearing"])
def test_two_tabs_of_one_seat_confirming_different_cards(made: list[FriendPage], url: str, heard: bool) -> None:
    """Each tab confirms another assignment: the first lands; the other tab says why its cards were not played
    (another page holding the seat confirmed first), in English and French, and its card panel shows the cards
    that were laid, not its own choice.  The tab that played is told nothing of the kind."""
    from aton.apps.dashboard.play import PlayPanel

    first, second, _ben = two_tabs(made, url)
    panels = PlayPanel(first.controller), PlayPanel(second.controller)
    for panel in panels:
        panel.render("en")
    hand = sorted(first.controller.game.hand(aton.RED))
    mine, theirs = panels[0].panel, panels[1].panel
    assert mine is not None and theirs is not None
    mine.choose(hand)
    theirs.choose(list(reversed(hand)))
    assert mine.confirm() is not None
    panels[0].render("en")
    if heard:  # the second tab heard of the first one's cards before its own press
        poll_into(second)
        panels[1].render("en")
        assert theirs.confirm() is None  # nothing to confirm any more: the panel shows the laid cards
    else:
        assert theirs.confirm() is None  # sent at the version both tabs saw: the store refuses it
        panels[1].render("en")
    said = second.controller.message
    assert said is not None
    assert "another page that holds your seat" in said("en") and "autre page qui tient votre place" in said("fr")
    assert ("not played" in said("en")) is (not heard)
    laid = second.controller.game.assignment(aton.RED)
    assert laid is not None and list(laid) == hand  # the first tab's cards, as the second tab shows them
    assert not theirs.editable and list(theirs.cards) == hand
    # the tab that played: its own move is never said to come from elsewhere
    poll_into(first, 0.3)
    told = first.controller.message
    assert told is None or "another page" not in told("en")
