"""Load of the room store as a class plays: move-to-seen latency, the teacher's overview, bytes, recovery.

    .venv/bin/python scripts/rooms_load.py --rooms 15 [--seconds 20] [--backend sqlite|postgresql|both]
        [--postgres postgresql://aton:aton@127.0.0.1/aton_test] [--no-listen]

Each room has two players, each a separate process as a page's kernel is: it waits for a change with
``wait_for_change`` (SQLite: a 50 ms poll; PostgreSQL: LISTEN/NOTIFY, or a poll with ``--no-listen``),
reads its view, and when it is its turn thinks ``--think`` seconds (a person does not play at once) and
plays.  A teacher process reads ``tables()`` every second.  Printed: the time from a move's commit to
the opponent's page having read it (median, 95th percentile), moves per second, the teacher's overview
time, stale moves (both players assigning at once: one lands, the other reads again), then the bytes
one finished game takes in the store, and the time a new process needs to play on after a writer was
killed (``kill -9``) mid-game.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aton
from aton import rooms
from aton.rooms import live

SPAWN = multiprocessing.get_context("spawn")


def player(url: str, code: str, token: str, seat: int, think: float, span: Any, listen: bool, out: Any) -> None:
    """One page: follow the room, play when it is its turn, report what it saw and when.

    The page keeps polling while its player thinks (as a real page does), so a move that arrives
    meanwhile is seen at once.
    """
    store = rooms.open_store(url, listen=listen)
    me = aton.Player(seat)
    generator = random.Random(f"{code}{seat}")
    seen, stale, play_at = store.version(code), 0, None
    view = store.view(code, token)
    until = ready_then_wait(store, code, span, out)
    while time.time() < until and view.result is None:
        wait = 1.0 if play_at is None else max(0.0, play_at - time.time())
        version = store.wait_for_change(code, seen, timeout=wait)
        if version > seen:
            view = store.view(code, token)  # what the page redraws from
            out.put(("seen", code, version, time.time()))
            seen = version
        if me in view.to_act and view.result is None:
            if play_at is None:
                play_at = time.time() + think * generator.uniform(0.5, 1.5)
            elif time.time() >= play_at:
                play_at = None
                try:
                    new = store.play(code, token, generator.choice(view.legal_actions(me)), version=seen)
                    out.put(("played", code, new, time.time()))
                    seen, view = new, store.view(code, token)
                except rooms.StaleMove:
                    stale += 1
                except rooms.StoreError as error:  # counted, and the page goes on as a page would
                    out.put(("error", code, 1, 0.0))
                    print(f"{code}: {error}", file=sys.stderr)
        else:
            play_at = None
    out.put(("stale", code, stale, 0.0))
    store.dispose()


def ready_then_wait(store: rooms.RoomStore, code: str, span: Any, out: Any) -> float:
    """Say this process is ready, wait until every process is, and return the end of the run."""
    if code:
        store.wait_for_change(code, 10**9, timeout=0.1)  # starts the PostgreSQL listener ...
        waker = getattr(store, "_waker", None)
        if isinstance(waker, live.Listener):
            waker.wait_until_listening()  # ... and waits until it listens
    out.put(("ready", code, 0, 0.0))
    go, until = span
    go.wait()
    return float(until.value)


def teacher(url: str, span: Any, out: Any) -> None:
    """The teacher's overview page: one ``tables()`` a second."""
    store = rooms.open_store(url)
    until = ready_then_wait(store, "", span, out)
    while time.time() < until:
        started = time.perf_counter()
        store.tables()
        out.put(("tables", "", 0, time.perf_counter() - started))
        time.sleep(1.0)
    store.dispose()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def class_load(url: str, count: int, seconds: float, think: float, listen: bool) -> None:
    store = rooms.open_store(url)
    seated = []
    for n in range(count):
        code = store.create(seed=n)
        seated.append(
            (code, store.join(code, aton.RED, nickname=f"R{n}"), store.join(code, aton.BLUE, nickname=f"B{n}"))
        )
    out = SPAWN.Queue()
    span = (SPAWN.Event(), SPAWN.Value("d", 0.0))
    processes = [SPAWN.Process(target=teacher, args=(url, span, out))]
    for code, red, blue in seated:
        for seat, token in ((0, red), (1, blue)):
            processes.append(SPAWN.Process(target=player, args=(url, code, token, seat, think, span, listen, out)))
    for process in processes:
        process.start()
    for _ in processes:  # every process started, connected and its game restored before the first move
        assert out.get(timeout=300)[0] == "ready"
    span[1].value = time.time() + seconds
    span[0].set()
    events: list[tuple[str, str, int, float]] = []
    while any(p.is_alive() for p in processes) or not out.empty():
        try:
            events.append(out.get(timeout=0.5))
        except Exception:
            continue
    for process in processes:
        process.join()
    played = {(c, v): t for kind, c, v, t in events if kind == "played"}
    latencies = [t - played[(c, v)] for kind, c, v, t in events if kind == "seen" and (c, v) in played]
    latencies = [x for x in latencies if x >= 0]
    tables = [t for kind, _, _, t in events if kind == "tables"]
    stale = sum(v for kind, _, v, _ in events if kind == "stale")
    errors = sum(v for kind, _, v, _ in events if kind == "error")
    if url.startswith("postgresql"):
        mode = "LISTEN/NOTIFY" if listen else "a 50 ms poll of the version"
    else:
        mode = "a 50 ms look at the file, then the version"
    print(f"  {count} rooms, {2 * count} player processes + 1 teacher, {seconds:.0f} s, waking by {mode}")
    if latencies:
        print(
            f"  move to seen by the opponent: median {statistics.median(latencies) * 1000:.1f} ms, "
            f"p95 {percentile(latencies, 0.95) * 1000:.1f} ms, over {len(latencies)} moves "
            f"({len(played) / seconds:.1f} moves/s); stale moves {stale}, store errors {errors}"
        )
    if tables:
        print(
            f"  teacher's tables(): median {statistics.median(tables) * 1000:.1f} ms, "
            f"p95 {percentile(tables, 0.95) * 1000:.1f} ms"
        )
    store.dispose()


def bytes_per_game(url: str, games: int) -> None:
    store = rooms.open_store(url)
    moves = 0
    for n in range(games):
        code = store.create(seed=1000 + n)
        store.add_bot(code, aton.RED, "random")
        store.add_bot(code, aton.BLUE, "random")
        while store.bot_turn(code) is not None:
            moves += 1
    if url.startswith("sqlite"):
        path = url.removeprefix("sqlite:///")
        with store.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        import sqlite3

        with sqlite3.connect(path) as db:
            sizes = dict(db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall())
        total = sum(v for k, v in sizes.items() if "aton" in k)
    else:
        with store.engine.connect() as connection:
            total = sum(
                connection.exec_driver_sql(f"SELECT pg_total_relation_size('{t}')").scalar() or 0
                for t in ("aton_rooms", "aton_moves", "aton_games")
            )
    print(f"  {games} games ({moves / games:.0f} actions each): {total / games / 1024:.1f} KiB stored per game")
    store.dispose()


KILLED = """
import random, sys, aton
from aton import rooms
store = rooms.open_store(sys.argv[1]); code = sys.argv[2]; tokens = {aton.RED: sys.argv[3], aton.BLUE: sys.argv[4]}
generator = random.Random(0)
print("ready", flush=True)
while store.watch(code).result is None:
    p = store.watch(code).to_act[0]
    view = store.view(code, tokens[p])
    store.play(code, tokens[p], generator.choice(view.legal_actions(p)), version=store.version(code))
"""

RESUME = """
import sys, time, aton
from aton import rooms
started = time.perf_counter()
store = rooms.open_store(sys.argv[1]); code = sys.argv[2]; tokens = {aton.RED: sys.argv[3], aton.BLUE: sys.argv[4]}
watch = store.watch(code)
p = watch.to_act[0]
store.play(code, tokens[p], store.view(code, tokens[p]).legal_actions(p)[0], version=store.version(code))
print(f"{(time.perf_counter() - started) * 1000:.0f} {store.version(code)}")
"""


def recovery(url: str) -> None:
    store = rooms.open_store(url)
    code = store.create(seed=5)
    tokens = [store.join(code, aton.RED), store.join(code, aton.BLUE)]
    writer = subprocess.Popen([sys.executable, "-c", KILLED, url, code, *tokens], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None
    writer.stdout.readline()
    deadline = time.monotonic() + 30
    while store.version(code) < 30 and time.monotonic() < deadline:  # mid-game (a game is about 100 actions)
        time.sleep(0.005)
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    before = store.version(code)
    killed_at = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", RESUME, url, code, *tokens], capture_output=True, text=True)
    total = (time.perf_counter() - killed_at) * 1000
    if result.returncode != 0:
        print(f"  recovery failed: {result.stderr.strip()[-500:]}")
        return
    ms, after = result.stdout.split()
    print(
        f"  kill -9 of a writer at version {before}: a new process played version {after} "
        f"{ms} ms after opening the store ({total:.0f} ms with Python's start-up)"
    )
    store.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.5, help="seconds a player takes per move, on average")
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--postgres", default=os.environ.get("ATON_TEST_POSTGRES", ""))
    parser.add_argument("--no-listen", action="store_true", help="PostgreSQL pages poll instead of listening")
    parser.add_argument("--games", type=int, default=10, help="games played to measure the bytes per game")
    args = parser.parse_args()
    if not 1 <= args.rooms <= 50:
        parser.error("--rooms takes 1 to 50")
    backends = ["sqlite", "postgresql"] if args.backend == "both" else [args.backend]
    for backend in backends:
        if backend == "sqlite":
            url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='aton-rooms-'))}/rooms.db"
        else:
            if not args.postgres:
                print("postgresql: skipped (give --postgres URL or set ATON_TEST_POSTGRES)")
                continue
            url = fresh_schema(args.postgres)
        print(f"{backend}:")
        class_load(url, args.rooms, args.seconds, args.think, not args.no_listen)
        bytes_per_game(url, args.games)
        recovery(url)


def fresh_schema(url: str) -> str:
    """``url`` with an empty schema of its own (dropped tables of an earlier run are not counted)."""
    import urllib.parse

    import psycopg

    schema = f"load_{int(time.time())}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        connection.execute(f"CREATE SCHEMA {schema}")
    return f"{url}{'&' if '?' in url else '?'}options={urllib.parse.quote(f'-csearch_path={schema}')}"


if __name__ == "__main__":
    main()
