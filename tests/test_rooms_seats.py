"""Seats that can be given back: a forfeit, a seat kept by its link, a seat the teacher frees or hands on.

Each test runs on SQLite and, when ATON_TEST_POSTGRES is set, on PostgreSQL (see rooms_support).
"""

from __future__ import annotations

import csv
import io
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from rooms_support import BACKENDS, play_some, seated_room, store_url

import aton
from aton import rooms
from aton.rooms import client as client_module


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from store_url(request.param, tmp_path)


@pytest.fixture
def store(url: str) -> Iterator[rooms.RoomStore]:
    opened = rooms.RoomStore(url)
    yield opened
    opened.dispose()


def results(store: rooms.RoomStore) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(store.results_csv())))


# ---------------------------------------------------------------- a forfeit
def test_a_forfeit_ends_the_game_for_the_other_seat_and_is_recorded_so(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store, seed=5)
    play_some(store, code, tokens, 6)
    before = store.version(code)
    scores = store.info(code).scores
    assert store.forfeit(code, tokens[aton.BLUE]) is aton.RED
    info = store.info(code)
    assert (info.state, info.winner, info.forfeit, info.version) == ("over", aton.RED, aton.BLUE, before + 1)
    [line] = results(store)
    assert (line["room"], line["winner"], line["reason"], line["red"], line["blue"]) == (
        code, "red", rooms.FORFEIT, "Ana", "Ben",
    )  # fmt: skip
    assert (int(line["red_score"]), int(line["blue_score"])) == scores
    record = store.record(code)  # the game as it stood: it replays to where it was stopped
    assert len(record["actions"]) == 6 and aton.replay(record).result is None
    # nothing more is played, a second forfeit is refused, a rematch starts a new game without the forfeit
    view = store.view(code, tokens[aton.RED])
    with pytest.raises(rooms.RoomStateError) as refused:
        store.play(code, tokens[aton.RED], view.legal_actions(aton.RED)[0], version=store.version(code))
    assert refused.value.code == "game_over" and code in refused.value.text("fr")
    with pytest.raises(rooms.RoomStateError) as again:
        store.forfeit(code, tokens[aton.RED])
    assert again.value.code == "no_forfeit"
    store.rematch(code, tokens[aton.RED])
    assert store.rematch(code, tokens[aton.BLUE])
    info = store.info(code)
    assert (info.state, info.forfeit, info.winner) == ("playing", None, None)


def test_a_forfeit_needs_a_game_in_progress_and_a_key(store: rooms.RoomStore) -> None:
    code = store.create(seed=3)
    ana = store.join(code, aton.RED, nickname="Ana")
    with pytest.raises(rooms.RoomStateError) as waiting:
        store.forfeit(code, ana)
    assert waiting.value.code == "no_forfeit"
    store.join(code, aton.BLUE, nickname="Ben")
    with pytest.raises(rooms.BadToken):
        store.forfeit(code, "x" * 24)
    store.close(code)
    with pytest.raises(rooms.RoomClosed):
        store.forfeit(code, ana)
    assert results(store) == []


def test_an_older_store_gets_the_new_column_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    first = rooms.RoomStore(f"sqlite:///{path}")
    code, tokens = seated_room(first)
    first.dispose()
    with sqlite3.connect(path) as connection:  # as a store made before the column existed
        connection.execute("ALTER TABLE aton_rooms DROP COLUMN forfeit")
    again = rooms.RoomStore(f"sqlite:///{path}")
    try:
        assert again.info(code).forfeit is None
        again.forfeit(code, tokens[aton.RED])
        assert again.info(code).forfeit is aton.RED
    finally:
        again.dispose()


# ---------------------------------------------------------------- the teacher hands a seat on
def test_a_seat_given_to_a_new_key_stops_the_old_key_at_once(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store, seed=9)
    play_some(store, code, tokens, 3)
    before = store.version(code)
    new = store.give_seat(code, aton.BLUE, nickname="Dan")
    assert new != tokens[aton.BLUE] and store.seat_of(code, new) is aton.BLUE
    info = store.info(code)
    assert info.version == before + 1 and info.seat(aton.BLUE).nickname == "Dan"
    assert not info.seat(aton.BLUE).present and info.state == "playing"
    for call in (store.view, store.touch, store.seat_of):
        with pytest.raises(rooms.BadToken):
            call(code, tokens[aton.BLUE])
    # the game goes on where it was, for the new key
    assert play_some(store, code, {aton.RED: tokens[aton.RED], aton.BLUE: new}, 4) == 4
    # the name is kept when none is given; a bad name is refused and nothing changes
    newer = store.give_seat(code, "blue")
    assert store.info(code).seat(aton.BLUE).nickname == "Dan"
    with pytest.raises(rooms.BadRequest):
        store.give_seat(code, aton.BLUE, nickname="=cmd()")
    assert store.seat_of(code, newer) is aton.BLUE


def test_a_freed_seat_is_taken_by_whoever_joins_and_the_game_goes_on(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store, seed=2)
    play_some(store, code, tokens, 2)
    version = store.version(code)
    store.free_seat(code, aton.RED)
    info = store.info(code)
    assert info.free_seats == (aton.RED,) and info.state == "playing" and info.seat(aton.RED).nickname is None
    with pytest.raises(rooms.BadToken):
        store.view(code, tokens[aton.RED])
    cleo = rooms.RoomClient.join(store, code, nickname="Cleo")
    assert cleo.seat is aton.RED and store.version(code) == version + 1
    assert play_some(store, code, {aton.RED: cleo.token or "", aton.BLUE: tokens[aton.BLUE]}, 3) == 3


def test_a_bot_seat_can_be_handed_to_a_person(store: rooms.RoomStore) -> None:
    ana = rooms.RoomClient.create(store, aton.RED, nickname="Ana", bot="greedy", seed=4)
    key = store.give_seat(ana.code, aton.BLUE, nickname="Ben")
    seat = store.info(ana.code).seat(aton.BLUE)
    assert seat.bot is None and seat.nickname == "Ben" and store.seat_of(ana.code, key) is aton.BLUE


def test_handing_on_a_closed_room_is_refused(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    store.close(code)
    with pytest.raises(rooms.RoomClosed):
        store.give_seat(code, aton.RED, nickname="Eve")
    with pytest.raises(rooms.RoomClosed):
        store.free_seat(code, aton.RED)
    assert store.seat_of(code, tokens[aton.RED]) is aton.RED


# ---------------------------------------------------------------- a page's client
def test_a_kept_seat_link_takes_the_seat_on_another_store(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "TOUCH_SECONDS", 0.0)
    one, two = rooms.RoomStore(url), rooms.RoomStore(url)  # two servers sharing one database
    try:
        ana = rooms.RoomClient.create(one, aton.RED, nickname="Ana", seed=7)
        rooms.RoomClient.join(one, ana.code, nickname="Ben")
        link = ana.seat_link("http://10.0.0.5:8866/?lang=fr")
        assert link.startswith(f"http://10.0.0.5:8866/?lang=fr&room={ana.code}#seat=")
        assert rooms.parse_link(link) == ana.code
        key = rooms.seat_key(link.partition("#")[2])
        assert key == ana.token
        back = rooms.RoomClient.resume(two, {"code": rooms.parse_link(link), "token": key})
        assert back.seat is aton.RED and back.status().view.hand(aton.RED) == aton.new_game(seed=7).hand(aton.RED)
        with pytest.raises(ValueError):
            rooms.RoomClient.spectate(one, ana.code).seat_link("http://h/")
    finally:
        one.dispose()
        two.dispose()


def test_the_page_whose_seat_was_handed_on_is_told_so(store: rooms.RoomStore) -> None:
    ana = rooms.RoomClient.create(store, aton.RED, nickname="Ana", seed=8)
    ben = rooms.RoomClient.join(store, ana.code, nickname="Ben")
    ben.status()
    store.give_seat(ana.code, aton.BLUE, nickname="Dan")
    with pytest.raises(rooms.BadToken) as lost:
        ben.status()
    assert lost.value.code == "seat_lost" and ana.code in lost.value.text("fr")
    with pytest.raises(rooms.BadToken) as refused:
        ben.play("blue exchange")
    assert refused.value.code == "seat_lost"
    with pytest.raises(rooms.BadToken) as forged:  # a key that never sat here is only a bad key
        rooms.RoomClient(store, ana.code, "y" * 24)
    assert forged.value.code == "bad_token"


def test_the_opponent_reads_a_forfeit(store: rooms.RoomStore) -> None:
    ana = rooms.RoomClient.create(store, aton.RED, nickname="Ana", seed=8)
    ben = rooms.RoomClient.join(store, ana.code, nickname="Ben")
    ana.status()
    ended = ben.forfeit()
    assert (ended.state, ended.forfeit) == ("over", aton.BLUE)
    seen = ana.poll(timeout=2)
    assert seen is not None and seen.state == "over" and seen.forfeit is aton.BLUE and seen.view.result is None


def test_a_key_chosen_by_the_page_takes_the_seat_and_finds_it_again(store: rooms.RoomStore) -> None:
    """A page may choose its seat key before it asks to join (its browser keeps it first, so a reload at any
    moment finds the seat): the store keeps only its hash, finds the seat by it, and refuses a key that is not
    one or that holds a seat already, changing nothing."""
    chosen = rooms.keys.new_token()
    assert store.seat_by_key(chosen) is None  # not yet used: a reload before the join forgets it
    code = store.create()
    assert store.join(code, aton.RED, nickname="Ana", token=chosen) == chosen
    assert store.seat_by_key(chosen) == (code, aton.RED)
    assert store.seat_of(code, chosen) is aton.RED
    with store.engine.connect() as connection:  # the key itself is nowhere in the database
        rows = [tuple(row) for row in connection.execute(rooms.db.rooms.select())]
    assert chosen not in repr(rows) and rooms.keys.token_hash(chosen) in repr(rows)
    # the same key again, in this room or another: refused, nothing taken
    other = store.create()
    for room, seat in ((code, aton.BLUE), (other, aton.RED)):
        with pytest.raises(rooms.BadRequest) as refused:
            store.join(room, seat, nickname="Eve", token=chosen)
        assert refused.value.code == "key_taken"
    assert store.info(code).seat(aton.BLUE).taken is False and store.info(other).seat(aton.RED).taken is False
    assert store.version(code) == 0 and store.info(code).state == "waiting"
    assert refused.value.text("fr") != refused.value.text("en")
    # keys of the wrong length or alphabet are not keys
    for forged in ("", "a" * 23, "a" * 25, "a" * 23 + "!", "a" * 23 + "é", "a" * 23 + " ", 42, b"a" * 24):
        with pytest.raises(rooms.BadRequest) as refused:
            store.join(other, aton.RED, token=forged)  # type: ignore[arg-type]
        assert refused.value.code == "bad_key"
        assert store.seat_by_key(forged) is None
    assert refused.value.text("fr") != refused.value.text("en") and "24" in refused.value.text("fr")
    assert store.info(other).seat(aton.RED).taken is False
    # a key drawn by the store is found as well; a client joining with a chosen key holds it
    drawn = store.join(other, aton.BLUE)
    assert store.seat_by_key(drawn) == (other, aton.BLUE)
    ben_key = rooms.keys.new_token()
    ben = rooms.RoomClient.join(store, code, nickname="Ben", token=ben_key)
    assert (ben.seat, ben.token) == (aton.BLUE, ben_key)
    back = rooms.RoomClient.by_key(store, ben_key)
    assert back is not None and (back.code, back.seat) == (code, aton.BLUE)
    assert rooms.RoomClient.by_key(store, rooms.keys.new_token()) is None


def test_creating_a_room_with_a_taken_or_forged_key_leaves_no_room(store: rooms.RoomStore) -> None:
    chosen = rooms.keys.new_token()
    first = rooms.RoomClient.create(store, aton.RED, nickname="Ana", token=chosen)
    assert first.token == chosen and store.seat_by_key(chosen) == (first.code, aton.RED)
    before = len(store.tables())
    for bad, reason in ((chosen, "key_taken"), ("x" * 24 + "?", "bad_key")):
        with pytest.raises(rooms.BadRequest) as refused:
            rooms.RoomClient.create(store, aton.RED, nickname="Eve", token=bad)
        assert refused.value.code == reason
    assert len(store.tables()) == before
