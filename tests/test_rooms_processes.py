"""The room store between processes: races, a process killed mid-write, a locked, read-only or damaged
SQLite file, and a PostgreSQL server restarted mid-game (only with ATON_PG_RESTART=1, as CI sets)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rooms_support import BACKENDS, play_some, play_to_end, postgres_url, seated_room, store_url

import aton
from aton import rooms

SPAWN = multiprocessing.get_context("spawn")
_STORES: dict[str, rooms.RoomStore] = {}


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from store_url(request.param, tmp_path)


def race(job: tuple[str, str, str, str, int, float]) -> tuple[str, int]:
    """In a worker process: wait for the agreed moment, then play (as a page does)."""
    url, code, token, action, version, at = job
    store = _STORES.get(url) or _STORES.setdefault(url, rooms.open_store(url))
    store.watch(code)  # the game restored before the moment, so the race is on the write
    time.sleep(max(0.0, at - time.time()))
    try:
        return ("landed", store.play(code, token, action, version=version))
    except rooms.StaleMove as error:
        return ("stale", error.details["current"])


def test_two_processes_racing_for_one_version(url: str) -> None:
    """Red and Blue assign at the same moment, each in its own process, on one version: exactly one lands."""
    store = rooms.open_store(url)
    try:
        with SPAWN.Pool(2) as pool:
            for round_ in range(6):
                code, tokens = seated_room(store, seed=round_)
                game = aton.new_game(seed=round_)
                at = time.time() + (3.0 if round_ == 0 else 0.3)  # the first round waits for the workers to start
                jobs = [(url, code, tokens[p], str(game.legal_actions(p)[0]), 0, at) for p in aton.PLAYERS]
                outcomes = sorted(pool.map(race, jobs, chunksize=1))
                assert outcomes == [("landed", 1), ("stale", 1)], outcomes
                assert store.version(code) == 1
                watch = store.watch(code)
                assert sum(watch.has_assigned(p) for p in aton.PLAYERS) == 1
    finally:
        store.dispose()


WRITER = """
import random, sys, aton
from aton import rooms
store = rooms.open_store(sys.argv[1])

def new_room(n):
    code = store.create(seed=n)
    room = (code, store.join(code, aton.RED), store.join(code, aton.BLUE))
    print(":".join(room), flush=True)
    return room

playing = [new_room(n) for n in range(3)]
generator = random.Random(0)
while True:  # plays in three rooms until killed; a finished room is replaced by a new one
    for i, (code, red, blue) in enumerate(playing):
        watch = store.watch(code)
        if watch.result is not None:
            playing[i] = new_room(store.version(code))
            continue
        player = watch.to_act[0]
        token = red if player is aton.RED else blue
        view = store.view(code, token)
        store.play(code, token, generator.choice(view.legal_actions(player)), version=store.version(code))
"""

HOLDER = """
import sys, time
from sqlalchemy import text
from aton import rooms
store = rooms.open_store(sys.argv[1])
with store.engine.execution_options(immediate=True).begin() as connection:  # a write left half done
    connection.execute(text("UPDATE aton_rooms SET version = version + 100, state = 'closed' WHERE code = :c"),
                       {"c": sys.argv[2]})
    print("holding", flush=True)
    time.sleep(60)
"""


def test_a_process_killed_mid_write_leaves_every_room_playable(url: str) -> None:
    writer = subprocess.Popen([sys.executable, "-c", WRITER, url], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None
    store = rooms.open_store(url)
    try:
        lines = [writer.stdout.readline() for _ in range(3)]  # the first rooms are there
        time.sleep(1.0)  # many moves, one of them cut short by the kill
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        rooms_ = []
        for line in lines + writer.stdout.read().splitlines():
            code, red, blue = line.strip().split(":")
            rooms_.append((code, {aton.RED: red, aton.BLUE: blue}))
        versions = {code: store.version(code) for code, _ in rooms_}
        assert sum(versions.values()) > 10
        if url.startswith("sqlite"):
            path = url.removeprefix("sqlite:///")
            with sqlite3.connect(path) as check:
                assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        # a transaction that was half written when its process died is rolled back, its lock freed
        code, tokens = rooms_[-1]
        state = store.info(code).state
        holder = subprocess.Popen([sys.executable, "-c", HOLDER, url, code], stdout=subprocess.PIPE, text=True)
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
        assert store.version(code) == versions[code] and store.info(code).state == state
        for code, tokens in rooms_:
            if store.info(code).state == "over":
                assert len(aton.replay(store.record(code)).actions) == versions[code]
            assert store.view(code, tokens[aton.RED]).round >= 1
            play_to_end(store, code, tokens)
            assert aton.replay(store.record(code)).result is not None
    finally:
        if writer.poll() is None:
            writer.kill()
        store.dispose()


# ---------------------------------------------------------------- a damaged or blocked SQLite file
def test_a_locked_store_says_so(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/rooms.db"
    store = rooms.open_store(url, busy_timeout=0.2)
    code, tokens = seated_room(store)
    blocker = sqlite3.connect(tmp_path / "rooms.db", isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        with pytest.raises(rooms.StoreError) as busy:
            play_some(store, code, tokens, 1)
        assert busy.value.code == "busy" and time.monotonic() - started < 3
        assert "locked" in busy.value.text("en") and "verrouillé" in busy.value.text("fr")
        assert not isinstance(busy.value.__cause__, rooms.RoomError)  # the driver's error is kept as the cause
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert play_some(store, code, tokens, 1) == 1
    store.dispose()


def test_a_read_only_store_says_so(tmp_path: Path) -> None:
    store = rooms.open_store(f"sqlite:///{tmp_path}/rooms.db")
    code, tokens = seated_room(store)
    store.dispose()
    read_only = rooms.open_store(f"sqlite:///file:{tmp_path}/rooms.db?mode=ro&uri=true")
    assert read_only.version(code) == 0 and read_only.view(code, tokens[aton.RED]).round == 1  # reading works
    for write in (lambda: read_only.create(), lambda: play_some(read_only, code, tokens, 1)):
        with pytest.raises(rooms.StoreError) as refused:
            write()
        assert refused.value.code == "read_only"
    assert "read-only" in refused.value.text("en") and "lecture seule" in refused.value.text("fr")
    read_only.dispose()
    if os.geteuid() != 0:  # root writes through file permissions: the mode=ro address stands for it
        (tmp_path / "rooms.db").chmod(0o444)
        with pytest.raises(rooms.StoreError):
            rooms.open_store(f"sqlite:///{tmp_path}/rooms.db").create()


def test_a_damaged_store_says_so(tmp_path: Path) -> None:
    path = tmp_path / "rooms.db"
    path.write_bytes(b"this is not a database, " * 200)
    with pytest.raises(rooms.StoreError) as damaged:
        rooms.open_store(f"sqlite:///{path}")
    assert damaged.value.code == "corrupt"
    assert "damaged" in damaged.value.text("en") and "endommagé" in damaged.value.text("fr")
    # a move row changed by hand is found when the game is restored, and said the same way
    other = tmp_path / "other.db"
    store = rooms.open_store(f"sqlite:///{other}")
    code, tokens = seated_room(store)
    play_some(store, code, tokens, 2)
    store.dispose()
    with sqlite3.connect(other) as connection:
        connection.execute("UPDATE aton_moves SET action = 'red place 4-11' WHERE version = 1")
    store = rooms.open_store(f"sqlite:///{other}")
    with pytest.raises(rooms.StoreError) as tampered:
        store.watch(code)
    assert tampered.value.code == "corrupt"
    store.dispose()
    # a folder where the file should be
    with pytest.raises(rooms.StoreError):
        rooms.open_store(f"sqlite:///{tmp_path}")


# ---------------------------------------------------------------- PostgreSQL restarted mid-game
def _cluster() -> tuple[str, str]:
    out = subprocess.run(["pg_lsclusters", "--no-header"], capture_output=True, text=True, check=True).stdout
    version, name = out.split()[:2]
    return version, name


def test_postgresql_restarted_mid_game(tmp_path: Path) -> None:
    if os.environ.get("ATON_PG_RESTART") != "1":
        pytest.skip("restarting the PostgreSQL server needs ATON_PG_RESTART=1 (CI sets it)")
    url = postgres_url()
    store = rooms.open_store(url)
    watcher = rooms.open_store(url)
    try:
        code, tokens = seated_room(store)
        play_some(store, code, tokens, 10)
        assert watcher.wait_for_change(code, 9, timeout=5) == 10
        version, name = _cluster()
        subprocess.run(["pg_ctlcluster", version, name, "restart"], check=True, timeout=120)
        # the pool replaces its dead connections: at most one call is refused, with a reason, never a raw error
        for attempt in range(20):
            try:
                play_some(store, code, tokens, 1, seed=attempt)
                break
            except rooms.StoreError as error:
                assert error.code in ("connection_lost", "unavailable"), error.code
                time.sleep(0.5)
        else:
            pytest.fail("the store did not come back after the restart")
        assert store.version(code) == 11 and watcher.wait_for_change(code, 10, timeout=10) == 11
        play_to_end(store, code, tokens)
        assert aton.replay(watcher.record(code)).result is not None
    finally:
        store.dispose()
        watcher.dispose()
