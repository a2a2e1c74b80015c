"""The room store (aton.rooms): every call, its refusals in English and French, hidden information.

Each test runs on SQLite and, when ATON_TEST_POSTGRES is set, on PostgreSQL (see rooms_support).
"""

from __future__ import annotations

import itertools
import json
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rooms_support import BACKENDS, leaks, play_some, play_to_end, seated_room, store_url

import aton
from aton import rooms
from aton.i18n import languages
from aton.rooms import overview


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from store_url(request.param, tmp_path)


class Clock:
    """A clock the test moves by hand (presence depends on time)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(url: str, clock: Clock) -> Iterator[rooms.RoomStore]:
    opened = rooms.RoomStore(url, clock=clock)
    yield opened
    opened.dispose()


def both_languages(error: rooms.RoomError, *words: str) -> None:
    """The refusal reads in English and in French (a real translation), with ``words`` in both."""
    english, french = error.text("en"), error.text("fr")
    assert english == str(error) and french != english
    for word in words:
        assert word in english and word in french, (word, english, french)


# ---------------------------------------------------------------- the interface
def test_engine_imports_without_the_store() -> None:
    code = "import sys, aton; aton.new_game(seed=1); print('aton.rooms' in sys.modules, 'sqlalchemy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_a_room_from_creation_to_the_record(store: rooms.RoomStore) -> None:
    code = store.create(seed=11)
    assert len(code) == 6 and set(code) <= set(rooms.CODE_LETTERS) and not set(code) & set("0O1IL")
    assert store.version(code) == 0 and store.info(code).state == "waiting"
    ana = store.join(code, aton.RED, nickname="Ana")
    assert store.info(code).state == "waiting" and store.info(code).free_seats == (aton.BLUE,)
    ben = store.join(code.lower(), "blue", nickname="Ben")
    assert store.info(code).state == "playing" and ana != ben
    assert store.seat_of(code, ana) is aton.RED and store.seat_of(code, ben) is aton.BLUE
    game = aton.new_game(seed=11)
    view = store.view(code, ana)
    assert view.hand(aton.RED) == game.hand(aton.RED) and view.hand(aton.BLUE) is None
    action = view.legal_actions(aton.RED)[2]
    assert store.play(code, ana, action, version=0) == 1
    game.apply(action)
    assert store.version(code) == 1 and store.view(code, ben) == game.view(aton.BLUE)
    assert store.play(code, ben, str(game.legal_actions(aton.BLUE)[0]), version=1) == 2  # text works too
    with pytest.raises(rooms.RoomStateError) as refused:
        store.record(code)
    both_languages(refused.value, code)
    play_to_end(store, code, {aton.RED: ana, aton.BLUE: ben})
    record = store.record(code)
    assert aton.replay(record).result == store.watch(code).result is not None
    assert store.version(code) == len(record["actions"]) and store.info(code).state == "over"


def test_codes_are_typeable_and_checked(store: rooms.RoomStore) -> None:
    codes = {store.create() for _ in range(20)}
    assert len(codes) == 20
    with pytest.raises(rooms.UnknownRoom) as unknown:
        store.view("ZZZZZZ", "x" * 24)
    both_languages(unknown.value, "ZZZZZZ")
    for bad in ("ABC", "ABCDE0", "ABCDEI", "", None, 123456):
        with pytest.raises(rooms.BadRequest) as refused:
            store.version(bad)  # type: ignore[arg-type]
        assert refused.value.code == "bad_code"
    both_languages(refused.value, "6")
    assert rooms.normalize_code(" abc-def ") == "ABCDEF"


def test_a_taken_seat_is_refused(store: rooms.RoomStore) -> None:
    code = store.create()
    store.join(code, aton.RED, nickname="Ana")
    with pytest.raises(rooms.RoomFull) as taken:
        store.join(code, aton.RED, nickname="Eve")
    both_languages(taken.value, code)
    assert "Red" in taken.value.text("en") and "Rouge" in taken.value.text("fr")
    store.add_bot(code, aton.BLUE, "random")
    for seat in aton.PLAYERS:
        with pytest.raises(rooms.RoomFull):
            store.join(code, seat)
        with pytest.raises(rooms.RoomFull):
            store.add_bot(code, seat, "greedy")
    for bad in ("green", 3, None):
        with pytest.raises(rooms.BadRequest) as refused:
            store.join(code, bad)  # type: ignore[arg-type]
        assert refused.value.code == "bad_seat"
    for bad_name in ("", "x" * 21, "<script>", 7):
        with pytest.raises(rooms.BadRequest) as refused:
            store.join(store.create(), aton.RED, nickname=bad_name)  # type: ignore[arg-type]
        assert refused.value.code == "bad_nickname"
    with pytest.raises(rooms.BadRequest) as refused:
        store.add_bot(store.create(), aton.RED, "wizard")
    both_languages(refused.value, "greedy")


def test_a_stale_move_is_refused_and_changes_nothing(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    play_some(store, code, tokens, 3)
    version = store.version(code)
    watch = store.watch(code)
    player = watch.to_act[0]
    action = store.view(code, tokens[player]).legal_actions(player)[0]
    with pytest.raises(rooms.StaleMove) as stale:
        store.play(code, tokens[player], action, version=version - 1)
    both_languages(stale.value, "")
    assert stale.value.details["current"] == version and stale.value.details["given"] == version - 1
    assert not any(str(step) in stale.value.text(lang) for step in (version, version - 1) for lang in ("en", "fr"))
    with pytest.raises(rooms.StaleMove):
        store.play(code, tokens[player], action, version=version + 1)
    assert store.version(code) == version and store.watch(code) == watch
    assert store.play(code, tokens[player], action, version=version) == version + 1


def test_wrong_forged_and_truncated_keys_are_refused(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    other, other_tokens = seated_room(store)
    forged = "A" * 24
    for bad in (other_tokens[aton.RED], forged, tokens[aton.RED][:-1], tokens[aton.RED] + "x", "", None, 42):
        for call in (
            lambda t: store.view(code, t),
            lambda t: store.seat_of(code, t),
            lambda t: store.touch(code, t),
            lambda t: store.play(code, t, "red exchange", version=0),
        ):
            with pytest.raises(rooms.BadToken) as refused:
                call(bad)
    both_languages(refused.value, code)
    assert store.version(code) == 0 and store.version(other) == 0


def test_a_closed_room_refuses_play_and_seats(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    waiting = store.create()
    store.close(code)
    with pytest.raises(rooms.RoomClosed) as closed:
        store.play(code, tokens[aton.RED], store.view(code, tokens[aton.RED]).legal_actions(aton.RED)[0], version=0)
    both_languages(closed.value, code)
    store.close(waiting)
    with pytest.raises(rooms.RoomClosed):
        store.join(waiting, aton.RED)
    assert store.version(code) == 0 and store.wait_for_change(code, 0, timeout=5) == 0
    assert [line.code for line in store.tables()] == []
    assert {line.state for line in store.tables(include_closed=True)} == {"closed"}


def test_the_engine_refusal_comes_out_unchanged(store: rooms.RoomStore) -> None:
    code = store.create(seed=5)
    ana = store.join(code, aton.RED)
    with pytest.raises(rooms.RoomStateError) as waiting:
        store.play(code, ana, "red exchange", version=0)
    both_languages(waiting.value, code)
    ben = store.join(code, aton.BLUE)
    game = aton.new_game(seed=5)
    illegal = aton.Place(aton.RED, (1, 0))
    with pytest.raises(aton.IllegalAction) as refused:
        store.play(code, ana, illegal, version=0)
    with pytest.raises(aton.IllegalAction) as expected:
        game.apply(illegal)
    assert type(refused.value) is aton.IllegalAction and refused.value.code == expected.value.code
    assert refused.value.text("fr") == expected.value.text("fr")
    with pytest.raises(aton.IllegalAction) as garbage:
        store.play(code, ana, "red dances", version=0)
    assert garbage.value.code == "not_an_action"
    with pytest.raises(rooms.RoomStateError) as not_mine:
        store.play(code, ana, game.legal_actions(aton.BLUE)[0], version=0)
    both_languages(not_mine.value)
    assert "Blue" in str(not_mine.value) and "Bleu" in not_mine.value.text("fr")
    assert store.version(code) == 0 and store.view(code, ben) == game.view(aton.BLUE)


# ---------------------------------------------------------------- hidden information
def test_views_hold_no_hidden_card_nor_seed(store: rooms.RoomStore) -> None:
    seed = 987_654_321
    code, tokens = seated_room(store, seed)
    game = aton.new_game(seed=seed)
    red_assign = next(a for a in game.legal_actions(aton.RED) if isinstance(a, aton.Assign))
    game.apply(red_assign)
    store.play(code, tokens[aton.RED], red_assign, version=0)  # red's cards lie face down, blue holds 4
    full = game.to_dict()
    # the check finds every kind of hidden information in the full game ...
    assert set(leaks(full, game, (aton.RED, aton.BLUE))) == {
        "seed",
        "rng",
        "red assignment",
        "red assign action",
        "blue hand",
        "red deck",
        "blue deck",
    }
    # ... and none in the views, sent as JSON to a page
    blue = json.loads(json.dumps(store.view(code, tokens[aton.BLUE]).to_dict()))
    spectator = json.loads(json.dumps(store.watch(code).to_dict()))
    assert leaks(blue, game, (aton.RED,)) == []
    assert leaks(spectator, game, (aton.RED, aton.BLUE)) == []
    watch = store.watch(code)
    assert watch.hand(aton.RED) is None and watch.hand(aton.BLUE) is None and watch.viewer is None
    assert watch.has_assigned(aton.RED) and watch.to_act == (aton.BLUE,) and watch.seed == 0
    with pytest.raises(aton.HiddenInformation):
        watch.legal_actions(aton.BLUE)
    with pytest.raises(aton.HiddenInformation):
        watch.view(aton.RED)
    # the red seat sees its own cards; after the reveal both assignments are public
    red = store.view(code, tokens[aton.RED]).to_dict()
    assert red["red"]["assignment"] == list(red_assign.cards) and leaks(red, game, (aton.BLUE,)) == []
    blue_assign = game.legal_actions(aton.BLUE)[0]
    game.apply(blue_assign)
    store.play(code, tokens[aton.BLUE], blue_assign, version=1)
    assert store.watch(code).events[-1] == game.events[-1]
    play_to_end(store, code, tokens)
    assert store.watch(code).seed == seed  # nothing is hidden once the game is over


# ---------------------------------------------------------------- bots, presence, rematch, overview
def test_a_bot_plays_its_seat_once_per_turn(url: str) -> None:
    pages = [rooms.open_store(url), rooms.open_store(url)]  # two pages (two kernels) ask at once
    try:
        code = pages[0].create(seed=3)
        ana = pages[0].join(code, aton.RED, nickname="Ana")
        pages[0].add_bot(code, aton.BLUE, "greedy")
        assert pages[0].info(code).seat(aton.BLUE).bot == "greedy" and pages[0].info(code).state == "playing"
        results: list[int | None] = []
        barrier = threading.Barrier(2)

        def ask(page: rooms.RoomStore) -> None:
            barrier.wait()
            results.append(page.bot_turn(code))

        threads = [threading.Thread(target=ask, args=(page,)) for page in pages]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(results, key=str) == [1, None]  # exactly one move landed
        assert pages[1].bot_turn(code) is None  # blue has assigned: red's turn, no bot acts
        view = pages[1].view(code, ana)
        assert view.has_assigned(aton.BLUE) and view.to_act == (aton.RED,)
        pages[0].play(code, ana, view.legal_actions(aton.RED)[0], version=1)
        while pages[0].info(code).state == "playing":
            if pages[0].bot_turn(code) is None:
                view = pages[0].view(code, ana)
                pages[0].play(code, ana, view.legal_actions(aton.RED)[-1], version=pages[0].version(code))
        assert aton.replay(pages[1].record(code)).result is not None
    finally:
        for page in pages:
            page.dispose()


def test_presence_follows_the_pages(store: rooms.RoomStore, clock: Clock) -> None:
    code, tokens = seated_room(store)
    assert all(seat.present for seat in store.info(code).seats)
    clock.now += rooms.PRESENCE_SECONDS + 1
    store.touch(code, tokens[aton.RED])
    info = store.info(code)
    assert info.seat(aton.RED).present and not info.seat(aton.BLUE).present
    assert store.tables()[0].present == (True, False)


def test_a_page_gone_reads_away_at_once_and_its_next_touch_brings_it_back(store: rooms.RoomStore, clock: Clock) -> None:
    code, tokens = seated_room(store)
    version = store.version(code)
    assert store.away(code, tokens[aton.BLUE]) == aton.BLUE
    info = store.info(code)
    assert info.seat(aton.RED).present and not info.seat(aton.BLUE).present  # no clock moved: at once
    assert store.tables()[0].present == (True, False) and store.version(code) == version  # the game is untouched
    store.touch(code, tokens[aton.BLUE])
    assert store.info(code).seat(aton.BLUE).present
    with pytest.raises(rooms.BadToken):
        store.away(code, "A" * 24)
    assert store.info(code).seat(aton.BLUE).present


def test_the_teacher_overview_and_results(store: rooms.RoomStore, clock: Clock) -> None:
    code, tokens = seated_room(store)
    clock.now += 10
    other = store.create()
    store.join(other, aton.BLUE, nickname="-Zed")
    lines = {line.code: line for line in store.tables()}
    assert lines[other].state == "waiting" and lines[other].red == "" and lines[other].blue == "-Zed"
    assert next(iter(lines)) == other  # most recent activity first
    clock.now += 10
    play_to_end(store, code, tokens)
    clock.now += 10
    line = next(line for line in store.tables() if line.code == code)
    watch = store.watch(code)
    assert (line.red, line.blue, line.state, line.round) == ("Ana", "Ben", "over", watch.round)
    assert line.scores == (watch.score(aton.RED), watch.score(aton.BLUE)) and line.version == store.version(code)
    assert store.tables()[0].code == code  # most recent activity first
    assert store.results_csv().startswith(
        "room,game,finished,red,blue,winner,reason,red_score,blue_score,rounds,seed\n"
    )
    rows = store.results_csv().splitlines()[1:]
    assert len(rows) == 1 and rows[0].startswith(f"{code},1,") and ",Ana,Ben," in rows[0] and rows[0].endswith(",11")
    assert overview.spreadsheet_cell("-Zed") == "'-Zed" and overview.spreadsheet_cell("Zed-") == "Zed-"  # no formula


def test_rematch_starts_a_new_game_in_the_same_room(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    with pytest.raises(rooms.RoomStateError) as early:
        store.rematch(code, tokens[aton.RED])
    both_languages(early.value)
    play_to_end(store, code, tokens)
    end = store.version(code)
    assert store.rematch(code, tokens[aton.RED]) is False
    assert store.info(code).seat(aton.RED).rematch and store.version(code) == end
    assert store.rematch(code, tokens[aton.BLUE]) is True
    info = store.info(code)
    assert (info.state, info.version, info.game_no, info.scores) == ("playing", end + 1, 2, (0, 0))
    assert store.view(code, tokens[aton.RED]).actions == [] and store.watch(code).round == 1
    play_some(store, code, tokens, 3)
    assert store.version(code) == end + 4
    with pytest.raises(rooms.RoomStateError):
        store.record(code)  # the new game's record comes at its end
    play_to_end(store, code, tokens, seed=1)
    assert len(store.results_csv().splitlines()) == 3 and aton.replay(store.record(code)).result is not None


def test_a_move_replays_nothing_from_a_warm_store(url: str) -> None:
    first, second = rooms.open_store(url), rooms.open_store(url)
    try:
        code, tokens = seated_room(first)
        play_some(first, code, tokens, 40)
        assert first.replayed_actions == 0  # its cache follows its own moves
        second.watch(code)
        assert second.replayed_actions == 40  # a cold store replays once ...
        play_some(first, code, tokens, 5, seed=2)
        second.watch(code)
        assert second.replayed_actions == 45  # ... then only the moves it has not seen
        assert second.watch(code) == first.watch(code)
    finally:
        first.dispose()
        second.dispose()


def test_waiting_for_a_change(url: str) -> None:
    page, other = rooms.open_store(url), rooms.open_store(url)
    try:
        code, tokens = seated_room(other)
        assert page.wait_for_change(code, 0, timeout=0.1) == 0
        started = time.monotonic()
        assert page.wait_for_change(code, 0, timeout=0.3) == 0 and time.monotonic() - started >= 0.29
        seen: list[float] = []

        def wait() -> None:
            page.wait_for_change(code, 0, timeout=10)
            seen.append(time.monotonic())

        waiter = threading.Thread(target=wait)
        waiter.start()
        time.sleep(0.3)
        played = time.monotonic()
        play_some(other, code, tokens, 1)
        waiter.join()
        assert 0 <= seen[0] - played < 0.5
        assert page.wait_for_change(code, 0, timeout=10) == 1  # already past: at once
        with pytest.raises(rooms.UnknownRoom):
            page.wait_for_change("ZZZZZZ", 0, timeout=0.1)
    finally:
        page.dispose()
        other.dispose()


@pytest.fixture
def postgres(tmp_path: Path) -> Iterator[str]:
    yield from store_url("postgresql", tmp_path)


def test_a_page_holds_few_connections_of_a_shared_postgresql_server(postgres: str) -> None:
    """A class shares one PostgreSQL server and its 100 connection slots: a page's stores share one engine
    of one idle connection, however many threads used it at once, and each connection says it is ours."""
    url = postgres
    room_store, kept_store = rooms.open_store(url), rooms.open_store(url)
    learners = rooms.LearningStore(url)
    try:
        assert room_store.engine is kept_store.engine is learners.engine
        code, tokens = seated_room(room_store)
        waiters = [
            threading.Thread(target=kept_store.wait_for_change, args=(code, 0), kwargs={"timeout": 10})
            for _ in range(4)
        ]
        for waiter in waiters:
            waiter.start()
        readers = [threading.Thread(target=lambda: [room_store.watch(code) for _ in range(20)]) for _ in range(4)]
        for reader in readers:
            reader.start()
        play_some(room_store, code, tokens, 2)
        for thread in waiters + readers:
            thread.join()
        pool = room_store.engine.pool
        assert pool.checkedout() == 0 and pool.checkedin() <= 1  # type: ignore[attr-defined]
        with room_store.engine.connect() as connection:
            assert connection.exec_driver_sql("SHOW application_name").scalar() == "aton"
    finally:
        learners.dispose()
        kept_store.dispose()
        room_store.dispose()


def test_a_listener_that_cannot_connect_waits_longer_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server with no free slot is not asked again every 0.2 s by every page: the waits double up to 2 s."""
    import psycopg

    from aton.rooms import live

    tries: list[float] = []

    def refuse(*args: object, **kwargs: object) -> None:
        tries.append(time.monotonic())
        raise psycopg.OperationalError("sorry, too many clients already")

    monkeypatch.setattr(psycopg, "connect", refuse)
    listener = live.Listener("postgresql://aton:aton@127.0.0.1/none")
    try:
        time.sleep(1.7)
    finally:
        listener.close()
    assert not listener.alive
    gaps = [later - earlier for earlier, later in itertools.pairwise(tries)]
    assert 2 <= len(tries) <= 4, tries  # at 0, 0.2, 0.6 and 1.4 s (a fixed 0.2 s wait made 9 tries)
    assert all(later > 1.5 * earlier for earlier, later in itertools.pairwise(gaps)), gaps


# ---------------------------------------------------------------- errors
def test_every_refusal_reads_in_every_language() -> None:
    samples = {
        "room": "ABCDEF",
        "seat": "red",
        "other": "blue",
        "current": 4,
        "given": 3,
        "length": 6,
        "example": "KTXHMA",
        "most": 20,
        "known": "greedy",
    }
    kinds = [rooms.UnknownRoom, rooms.RoomFull, rooms.StaleMove, rooms.BadToken, rooms.RoomClosed]
    kinds += [rooms.RoomStateError, rooms.BadRequest, rooms.StoreError]
    for kind in kinds:
        for code in kind.codes:
            error = kind(code, **samples)
            assert isinstance(error, rooms.RoomError) and error.code == code
            texts = {lang: error.text(lang) for lang in languages()}
            assert len(set(texts.values())) == len(texts), texts
            again = pickle.loads(pickle.dumps(error))
            assert type(again) is kind and again.text("fr") == texts["fr"]
    assert sorted(code for kind in kinds for code in kind.codes) == sorted(rooms.CODES)
    with pytest.raises(ValueError):
        rooms.StaleMove("closed", room="ABCDEF")


def test_a_bad_store_address_is_refused() -> None:
    for bad in ("mysql://x/y", "rooms.db", "", None, "sqlite://"):
        with pytest.raises(rooms.BadRequest) as refused:
            rooms.open_store(bad)  # type: ignore[arg-type]
        assert refused.value.code == "bad_url"
    both_languages(refused.value, "sqlite:///")
    with pytest.raises(rooms.StoreError) as unreachable:
        rooms.open_store("postgresql://aton:aton@127.0.0.1:9/aton_test")  # nothing listens there
    assert unreachable.value.code in ("connection_lost", "unavailable")
    both_languages(unreachable.value)
