"""Side-by-side speed of the search: this tree against another checkout, in one run, in processor time.

    .venv/bin/python scripts/compare_search.py /path/to/old/checkout [/path/to/another ...] [--rounds 5]

Both trees search the same four fixed positions (``aton.cli.bench.search_positions``, passed on as records)
with the same seeds; each measurement is one subprocess that imports one tree, and the trees alternate
(old, new, old, new, ... or old1, old2, new, old1, ...) so that the load of the machine falls on all alike.
Only public API is used in the subprocess (``aton.replay``, ``MctsBot.search``), so any older checkout can
be measured.  Prints imagined games per second for each tree (median of the rounds), the ratios, and
random games per second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, random, sys, time
import aton
from aton.bots.mcts import MctsBot, PRESETS
records, preset, repeats = json.loads(sys.stdin.read())
bot = MctsBot(PRESETS[preset])
games = seconds = 0.0
rows = []
for record in records:
    view = aton.replay(record).view(aton.RED)
    start = time.process_time()
    count = 0
    for seed in range(repeats):
        count += bot.search(view, random.Random(seed)).iterations
    spent = time.process_time() - start
    rows.append(count / spent)
    games += count
    seconds += spent
chooser = random.Random(0)
start = time.process_time()
for number in range(200):
    game = aton.new_game(number)
    while game.result is None:
        options = game.legal_actions(game.to_act[0])
        game.apply(options[int(chooser.random() * len(options))])
random_rate = 200 / (time.process_time() - start)
print(json.dumps([games / seconds, rows, random_rate]))
"""


def measure(tree: Path, payload: str) -> tuple[float, list[float], float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, "-c", CHILD], input=payload, capture_output=True, text=True, env=env, cwd=tree, check=True
    )
    rate, rows, random_rate = json.loads(done.stdout)
    return rate, rows, random_rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, nargs="+", help="the other checkouts (for example a worktree of main)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--preset", default="medium")
    parser.add_argument("--repeats", type=int, default=2, help="searches per position per measurement")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from aton.cli.bench import search_positions

    positions = search_positions()
    payload = json.dumps([[game.record() for _name, game in positions], args.preset, args.repeats])
    trees = {(f"old{n + 1}" if len(args.old) > 1 else "old"): tree.resolve() for n, tree in enumerate(args.old)}
    trees["new"] = HERE
    results: dict[str, list[tuple[float, list[float], float]]] = {label: [] for label in trees}
    for _ in range(args.rounds):
        for label, tree in trees.items():
            results[label].append(measure(tree, payload))
    names = [name for name, _game in positions]
    for label, tree in trees.items():
        runs = results[label]
        per = [statistics.median(run[1][i] for run in runs) for i in range(len(names))]
        print(
            f"{label}: {statistics.median(run[0] for run in runs):7,.0f} imagined games/s  ("
            + ", ".join(f"{name} {rate:,.0f}" for name, rate in zip(names, per, strict=True))
            + f");  random games {statistics.median(run[2] for run in runs):,.0f}/s  [{tree}]"
        )
    for label in trees:
        if label == "new":
            continue
        ratios = [new[0] / old[0] for old, new in zip(results[label], results["new"], strict=True)]
        print(
            f"new / {label}: median {statistics.median(ratios):.2f}x "
            f"(per round: {', '.join(f'{r:.2f}' for r in ratios)})"
        )


if __name__ == "__main__":
    main()
