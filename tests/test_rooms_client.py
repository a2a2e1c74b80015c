"""A page's flow in a room (aton.rooms.RoomClient), without a browser: two pages, a spectator, a bot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rooms_support import BACKENDS, store_url

import aton
from aton import rooms
from aton.rooms import client as client_module


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from store_url(request.param, tmp_path)


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def test_two_pages_play_a_game(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr(client_module, "TOUCH_SECONDS", 0.0)
    one, two, three = (rooms.RoomStore(url, clock=clock) for _ in range(3))  # three kernels
    try:
        ana = rooms.RoomClient.create(one, aton.RED, nickname="Ana", seed=4)
        first = ana.status()
        assert (first.state, first.event, first.my_turn, first.opponent) == ("waiting", "waiting", False, None)
        link = ana.link("http://192.168.1.20:8866/?lang=fr")
        assert link == f"http://192.168.1.20:8866/?lang=fr&room={ana.code}" and ana.token not in link
        svg = ana.qr_svg("http://192.168.1.20:8866/")
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and ana.token not in svg
        ben = rooms.RoomClient.join(two, link, nickname="Ben")
        assert ben.seat is aton.BLUE and ben.status().opponent == "Ana"
        joined = ana.poll(timeout=2)
        assert joined is not None and joined.event == "joined" and joined.opponent == "Ben"
        assert joined.state == "playing" and joined.my_turn and joined.to_act == (aton.RED, aton.BLUE)
        # a spectator sees the board, no card
        eve = rooms.RoomClient.spectate(three, ana.code.lower())
        seen = eve.status()
        assert seen.spectating and seen.view.hand(aton.RED) is None and seen.view.hand(aton.BLUE) is None
        with pytest.raises(ValueError):
            eve.play("red exchange")
        # a reload: the page comes back to its seat from what it saved
        again = rooms.RoomClient.resume(one, ana.saved())
        assert again.seat is aton.RED and again.status().view.hand(aton.RED) == aton.new_game(seed=4).hand(aton.RED)
        with pytest.raises(rooms.BadToken):
            rooms.RoomClient.resume(one, {"code": ana.code, "token": ana.token[:-2]})
        # both assign; the other page sees each move
        after = ana.play(ana.status().view.legal_actions(aton.RED)[0])
        assert after.version == 1 and not after.my_turn
        moved = ben.poll(timeout=2)
        assert moved is not None and moved.version == 1 and moved.view.has_assigned(aton.RED) and moved.my_turn
        with pytest.raises(rooms.StaleMove):  # a page that did not see the last move cannot play over it
            ana.store.play(ana.code, str(ana.token), "red exchange", version=0)
        ben.play(moved.view.legal_actions(aton.BLUE)[0])
        assert eve.poll(timeout=2) is not None
        # the opponent's page goes away and comes back
        clock.now += rooms.PRESENCE_SECONDS + 1
        left = ana.poll(timeout=0.2)
        assert left is not None and left.event == "left" and not left.opponent_present
        ben.poll(timeout=0.2)
        back = ana.poll(timeout=0.2)
        assert back is not None and back.event == "came_back"
        assert ana.poll(timeout=0.1) is None  # nothing new
        # play to the end from both pages, then a rematch asked by both
        pages = {aton.RED: ana, aton.BLUE: ben}
        status = ana.status()
        while status.state == "playing":
            player = status.to_act[0]
            status = pages[player].status()
            status = pages[player].play(status.view.legal_actions(player)[-1])
        assert status.state == "over" and aton.replay(one.record(ana.code)).result is not None
        wish = ana.rematch()
        assert wish.rematch_asked and wish.state == "over"
        offer = ben.poll(timeout=2)
        assert offer is not None and offer.opponent_wants_rematch
        fresh = ben.rematch()
        assert fresh.state == "playing" and fresh.version == status.version + 1 and fresh.view.actions == []
    finally:
        for store in (one, two, three):
            store.dispose()


def test_a_page_against_a_bot(url: str) -> None:
    store = rooms.open_store(url)
    try:
        ana = rooms.RoomClient.create(store, aton.BLUE, nickname="Ana", bot="greedy", seed=9)
        status = ana.status()
        assert status.opponent == "bot:greedy" and status.opponent_present and status.view.has_assigned(aton.RED)
        while status.state == "playing":
            if not status.my_turn:
                polled = ana.poll(timeout=1)
                status = polled if polled is not None else ana.status()
                continue
            status = ana.play(status.view.legal_actions(aton.BLUE)[0])
        assert status.state == "over"
        assert ana.rematch().state == "playing"  # a bot always agrees
    finally:
        store.dispose()


def test_joining_a_full_room_or_a_bad_link(url: str) -> None:
    store = rooms.open_store(url)
    try:
        ana = rooms.RoomClient.create(store, nickname="Ana")
        rooms.RoomClient.join(store, ana.code)
        with pytest.raises(rooms.RoomFull):
            rooms.RoomClient.join(store, ana.code)
        with pytest.raises(rooms.BadRequest):
            rooms.RoomClient.join(store, "http://x/?room=")
        with pytest.raises(rooms.UnknownRoom):
            rooms.RoomClient.spectate(store, "http://x/?room=ZZZZZZ")
        assert rooms.parse_link(f"http://x:1/?lang=fr&room={ana.code.lower()}") == ana.code
    finally:
        store.dispose()


def test_a_client_gone_away_touches_no_more(tmp_path: Path) -> None:
    """A page whose kernel is stopping may still poll in another thread: it must not say "here" again."""
    store = rooms.open_store(f"sqlite:///{tmp_path / 'rooms.db'}")
    try:
        ana = rooms.RoomClient.create(store, aton.RED, nickname="Ana")
        ana.away()
        assert not store.info(ana.code).seat(aton.RED).present
        ana.poll(timeout=0.0)
        assert not store.info(ana.code).seat(aton.RED).present
        back = rooms.RoomClient.resume(store, ana.saved())  # the page came back: a new client
        back.poll(timeout=0.0)
        assert store.info(ana.code).seat(aton.RED).present
    finally:
        store.dispose()


def test_the_link_names_the_machine_on_its_network_not_localhost(monkeypatch: pytest.MonkeyPatch) -> None:
    assert client_module.shareable_base("http://localhost:8866/?lang=fr", "10.0.0.5") == "http://10.0.0.5:8866/?lang=fr"
    assert client_module.shareable_base("https://127.0.0.1/", "10.0.0.5") == "https://10.0.0.5/"
    for typed in ("http://class.local:8866/", "http://10.0.0.9:8866/", "http://[fe80::2]:8866/"):
        assert client_module.shareable_base(typed, "10.0.0.5") == typed  # typed by someone who can be reached
    found = client_module.network_address()
    assert found is None or not client_module.is_loopback(found)
    monkeypatch.setattr(client_module, "network_address", lambda: None)  # a machine with no network
    assert client_module.shareable_base("http://localhost:8866/") == "http://localhost:8866/"


def test_without_a_route_the_address_of_the_host_name_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    class NoRoute(socket.socket):
        def connect(self, address: object) -> None:
            raise OSError("network is unreachable")

    monkeypatch.setattr(client_module.socket, "socket", NoRoute)
    monkeypatch.setattr(client_module.socket, "gethostbyname", lambda name: "192.168.1.20")
    assert client_module.network_address() == "192.168.1.20"
    monkeypatch.setattr(client_module.socket, "gethostbyname", lambda name: "127.0.1.1")
    assert client_module.network_address() is None
