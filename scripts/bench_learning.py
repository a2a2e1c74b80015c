"""Record writes per second the learners' record holds, with several writer processes at once.

    .venv/bin/python scripts/bench_learning.py [--writers 4] [--seconds 3] [--backend sqlite|postgresql|both]
        [--postgres postgresql://aton:aton@127.0.0.1/aton_test]

Each writer is a separate process, as a page's kernel is: it registers a learner and records answers
(:meth:`aton.rooms.LearningStore.record`, one transaction each) as fast as it can for ``--seconds``.  Printed
per backend: the writes per second of all writers together, the median and 95th percentile of one write,
then the time the teacher's page takes to read the grid of the class (:meth:`~LearningStore.class_grid`)
and the version it polls (:meth:`~LearningStore.version`) once those answers are in.  SQLite runs on a
fresh file in a temporary folder; PostgreSQL (with ``--postgres`` or ``ATON_TEST_POSTGRES``) in a schema of
its own, dropped afterwards.  Bounded: at most 8 writers and 10 seconds.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
import urllib.parse
from typing import Any

from aton.rooms import LearningStore
from aton.teaching.mastery import Attempt, practicable_rules

SPAWN = multiprocessing.get_context("spawn")
RULES = practicable_rules()


def writer(url: str, number: int, ready: Any, seconds: float, out: Any) -> None:
    """One page: register, then record answers until the time is up; report the count and each write's time."""
    try:
        out.put(writes(url, number, ready, seconds))
    except Exception as error:  # reported to the parent, which stops at once
        out.put(error)


def writes(url: str, number: int, ready: Any, seconds: float) -> tuple[int, list[float]]:
    """The writer's work: how many answers it recorded and how long each write took (seconds).

    Every writer starts its clock once all of them are ready (``ready``, a barrier): starting processes on a
    busy machine takes seconds, which must not be counted."""
    learning = LearningStore(url, busy_timeout=30.0)
    key = learning.register(f"Writer {number}")
    times = []
    ready.wait(timeout=120)
    until = time.time() + seconds
    count = 0
    while time.time() < until:
        rule = RULES[(count + number) % len(RULES)]
        answer = Attempt(
            rule=rule, question=f"{rule}-bench", case=f"case-{count % 7}", correct=count % 3 > 0,
            mistake=None if count % 3 > 0 else "bench_mistake", answer_type="number",
        )  # fmt: skip
        began = time.perf_counter()
        learning.record(key, answer)
        times.append(time.perf_counter() - began)
        count += 1
    learning.dispose()
    return count, times


def run(url: str, writers: int, seconds: float) -> None:
    """Measure one store and print its figures."""
    LearningStore(url).dispose()  # tables created before the writers start
    queue = SPAWN.Queue()
    ready = SPAWN.Barrier(writers)
    processes = [SPAWN.Process(target=writer, args=(url, n, ready, seconds, queue)) for n in range(writers)]
    for process in processes:
        process.start()
    results = [queue.get(timeout=seconds + 180) for _ in processes]
    for process in processes:
        process.join(timeout=30)
    failed = [result for result in results if isinstance(result, Exception)]
    if failed:
        raise SystemExit(f"a writer failed: {failed[0]!r}")
    total = sum(count for count, _times in results)
    times = sorted(t for _count, each in results for t in each)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    learning = LearningStore(url)
    began = time.perf_counter()
    grid = learning.class_grid()
    grid_ms = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    for _ in range(20):
        learning.version()
    version_ms = (time.perf_counter() - began) * 1000 / 20
    learning.dispose()
    print(
        f"{learning.dialect:10} {writers} writers x {seconds:g} s: {total / seconds:7.0f} writes/s "
        f"({total} writes; one write median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms); "
        f"grid of {len(grid)} learners x {total // max(1, len(grid))} answers read in {grid_ms:.0f} ms, "
        f"version in {version_ms:.2f} ms"
    )


def fresh_schema(url: str) -> tuple[str, str]:
    """``url`` with an empty schema of its own, and the schema's name."""
    import psycopg

    schema = f"bench_learning_{os.getpid()}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        connection.execute(f"CREATE SCHEMA {schema}")
    options = urllib.parse.quote(f"-csearch_path={schema}")
    return f"{url}{'&' if '?' in url else '?'}options={options}", schema


def drop_schema(url: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--postgres", default=os.environ.get("ATON_TEST_POSTGRES", ""))
    args = parser.parse_args(argv)
    if not 1 <= args.writers <= 8 or not 0 < args.seconds <= 10:
        parser.error("--writers is 1 to 8 and --seconds more than 0 and at most 10 (a bounded measurement)")
    if args.backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            run(f"sqlite:///{folder}/rooms.db", args.writers, args.seconds)
    if args.backend in ("postgresql", "both"):
        if not args.postgres:
            print("postgresql: skipped (give --postgres URL or set ATON_TEST_POSTGRES)", file=sys.stderr)
            return 0 if args.backend == "both" else 2
        url, schema = fresh_schema(args.postgres)
        try:
            run(url, args.writers, args.seconds)
        finally:
            drop_schema(args.postgres, schema)
    return 0


if __name__ == "__main__":
    sys.exit(main())
