"""How truthful the game review is: its verdicts at the default strength against a deep review.

    .venv/bin/python scripts/review_truth.py [--seeds 3] [--deep 10] [--jobs 2]

Reviews recorded games: Red in tutorial 09's ``close-game`` and both players in three games of the
``medium`` search bot against ``greedy`` (``tests/data/review/medium-vs-greedy-*.json``, written by
``scripts/make_review_game.py``).  Each game is reviewed at the default strength
(:data:`aton.bots.review.DEFAULT_ITERATIONS`) on ``--seeds`` seeds and once with ``--deep`` times the
imagined games (seed 1000), and the script prints:

- the share of judged decisions whose default verdict is the deep review's, per seed and in all;
- the decisions the deep review calls a blunder that the default review calls good;
- decision 107 of ``close-game`` (Red's round-10 placement): the chance of the move played against the
  best move's, and the verdict, per seed and in the deep review, with the costliest decision named;
- the processor time (``time.process_time``) of a default review per 100 decisions of the game.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import aton
from aton.bots.review import DEFAULT_ITERATIONS, Verdict, recorded_game, review

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "review"
DEEP_SEED = 1000
WATCHED = ("close-game", "red", 107)
"""Tutorial 09's round-10 placement of Red."""


def games() -> list[tuple[str, dict[str, Any], list[str]]]:
    """``(name, record, players reviewed)`` of every measured game."""
    found = [("close-game", recorded_game("close-game"), ["red"])]
    for path in sorted(DATA.glob("medium-vs-greedy-*.json")):
        found.append((path.stem, json.loads(path.read_text(encoding="utf-8")), ["red", "blue"]))
    return found


def run(job: tuple[str, dict[str, Any], str, int, int]) -> tuple[str, str, int, int, float, dict[str, Any]]:
    """One review (in a worker process): its processor time and its decisions as a dict."""
    name, record, player, seed, iterations = job
    start = time.process_time()
    result = review(record, aton.Player[player.upper()], seed=seed, iterations=iterations)
    return name, player, seed, iterations, time.process_time() - start, result.to_dict()


def costliest(result: dict[str, Any]) -> int | None:
    """The number of the judged decision with the biggest loss."""
    judged = [d for d in result["decisions"] if d["verdict"] is not None]
    return max(judged, key=lambda d: (d["loss"], -d["number"]))["number"] if judged else None


def main() -> None:
    """Run the reviews and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--deep", type=int, default=10, help="the deep review's imagined games, times the default")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="review only the games whose name contains this")
    parser.add_argument("--save", default="", help="write every review (as JSON) to this file too")
    args = parser.parse_args()
    measured = [(name, record, players) for name, record, players in games() if args.only in name]
    jobs = []
    for name, record, players in measured:
        for player in players:
            jobs.append((name, record, player, DEEP_SEED, DEFAULT_ITERATIONS * args.deep))
            jobs += [(name, record, player, seed, DEFAULT_ITERATIONS) for seed in range(args.seeds)]
    wall = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        done = list(pool.map(run, jobs))
    wall = time.perf_counter() - wall
    if args.save:
        Path(args.save).write_text(json.dumps(done, indent=1) + "\n", encoding="utf-8")
    deep = {(n, p): r for n, p, _s, it, _c, r in done if it != DEFAULT_ITERATIONS}
    lengths = {name: len(record["actions"]) for name, record, _players in measured}
    agree = total = 0
    cpu = decisions = 0.0
    missed: list[str] = []
    print(
        f"default {DEFAULT_ITERATIONS} imagined games, seeds 0-{args.seeds - 1}; deep {DEFAULT_ITERATIONS * args.deep}"
    )
    print(f"{'game':24} {'player':6} {'seed':>4} {'agree':>12} {'cpu/100 dec':>12} counts")
    for name, player, seed, iterations, seconds, result in done:
        if iterations != DEFAULT_ITERATIONS:
            continue
        reference = {d["number"]: d["verdict"] for d in deep[(name, player)]["decisions"]}
        judged = [d for d in result["decisions"] if d["verdict"] is not None and reference[d["number"]]]
        same = sum(1 for d in judged if d["verdict"] == reference[d["number"]])
        agree, total = agree + same, total + len(judged)
        cpu, decisions = cpu + seconds, decisions + lengths[name]
        for d in judged:
            if d["verdict"] != reference[d["number"]]:
                print(f"    decision {d['number']}: {d['verdict']} (deep: {reference[d['number']]})")
            if reference[d["number"]] == Verdict.BLUNDER.value and d["verdict"] == Verdict.GOOD.value:
                missed.append(f"{name} {player} seed {seed} decision {d['number']}")
        per = 100 * seconds / lengths[name]
        share = same / max(len(judged), 1)
        print(f"{name:24} {player:6} {seed:>4} {same:>4}/{len(judged):<3} {share:4.0%} {per:9.2f} s {result['counts']}")
    print(f"agreement with the deep review: {agree}/{total} = {agree / max(total, 1):.1%}")
    print(f"deep-review blunders called good: {len(missed)} {missed}")
    print(f"processor time per 100 decisions (default): {100 * cpu / max(decisions, 1):.2f} s")
    for name, player in deep:
        reference = deep[(name, player)]
        print(f"deep {name} {player}: counts {reference['counts']}, costliest decision {costliest(reference)}")
    name, player, number = WATCHED
    for _n, _p, seed, iterations, _c, result in sorted(
        (d for d in done if d[0] == name and d[1] == player), key=lambda d: (d[3], d[2])
    ):
        (decision,) = [d for d in result["decisions"] if d["number"] == number]
        label = "deep" if iterations != DEFAULT_ITERATIONS else "default"
        print(
            f"decision {number} {label} seed {seed}: played {decision['played']} {decision['played_chance']} "
            f"vs best {decision['best']} {decision['best_chance']}: {decision['verdict']}; "
            f"costliest decision {costliest(result)}"
        )
    print(f"wall time {wall:.0f} s with {args.jobs} processes")


if __name__ == "__main__":
    main()
