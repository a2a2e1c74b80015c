"""Measure how long the engine takes to read game files, legal and broken.

    .venv/bin/python scripts/bench_files.py [--games 200] [--repeats 5]

Plays seeded random games to their end and, for the largest of them and for a long game in which
both players hold back (equal cards on cartouche 1, no removals, few counters placed), prints the
file size and the median time of ``aton.Game.from_json`` (which checks every field and replays the
history).  Then the time to refuse broken files at the size limit: a padded file just under 2 MB,
deep nesting, a 100,000-digit number and a snapshot with its events cut.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import random
import statistics
import time
from collections.abc import Callable

import aton
from aton import BLUE, RED, Assign, Phase
from aton.jsonfile import MAX_FILE_BYTES
from aton.position import GameFileError


def random_game(seed: int) -> aton.Game:
    game = aton.new_game(seed=seed)
    chooser = random.Random(seed)
    while game.result is None:
        options = game.legal_actions(game.to_act[0])
        game.apply(options[chooser.randrange(len(options))])
    return game


def held_back_game(seed: int) -> aton.Game:
    """Both players choose together to keep the game going: equal cartouche 1, a 2 on cartouche 2."""
    game = aton.new_game(seed=seed)
    chooser = random.Random(seed)
    while game.result is None:
        if game.phase is Phase.ASSIGN and set(game.to_act) == {RED, BLUE}:
            reds = sorted(set(itertools.permutations(game.hand(RED) or ())))
            blues = sorted(set(itertools.permutations(game.hand(BLUE) or ())))

            def cost(pair: tuple[tuple[int, ...], tuple[int, ...]]) -> float:
                red, blue = pair
                return abs(red[0] - blue[0]) * 10 + 3 * (red[1] != 2) + 3 * (blue[1] != 2) + red[3] + blue[3]

            red, blue = min(itertools.product(reds, blues), key=cost)
            game.apply(Assign(RED, red))
            game.apply(Assign(BLUE, blue))
            continue
        options = game.legal_actions(game.to_act[0])
        game.apply(options[chooser.randrange(len(options))])
    return game


def median_ms(work: Callable[[], object], repeats: int) -> str:
    """The median wall time and processor time of ``work``, in ms (the machine may be shared)."""
    times, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        with contextlib.suppress(GameFileError):
            work()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return f"{statistics.median(times) * 1000:,.1f} ms ({statistics.median(cpu) * 1000:,.1f} ms of processor time)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    largest = max((random_game(seed) for seed in range(args.games)), key=lambda game: len(game.events))
    longest = max((held_back_game(seed) for seed in range(args.games // 5)), key=lambda game: game.round)
    print(f"reading legal files (median of {args.repeats}):")
    for label, game in (("largest random game", largest), ("longest held-back game", longest)):
        for indent in (None, 1):
            text = game.to_json(indent=indent)
            assert aton.Game.from_json(text) == game
            ms = median_ms(lambda text=text: aton.Game.from_json(text), args.repeats)
            print(
                f"  {label}: {game.round} rounds, {len(game.actions)} actions, {len(game.events)} events, "
                f"indent {indent}: {len(text) / 1000:,.0f} kB read in {ms}"
            )

    snapshot = largest.to_dict()
    padded = json.dumps(snapshot, indent=1)
    padded = padded[:-1] + " " * (MAX_FILE_BYTES - len(padded) - 1) + "}"
    cut = json.dumps({**snapshot, "events": snapshot["events"][:10]})
    print(f"refusing broken files (median of {args.repeats}):")
    for label, text in (
        (f"legal game padded to {len(padded) / 1e6:.2f} MB (loads)", padded),
        ("one byte over the size limit", " " * (MAX_FILE_BYTES + 1)),
        ("100,000 nested lists", "[" * 100_000 + "]" * 100_000),
        ("a 100,000-digit number", '{"seed": ' + "7" * 100_000 + "}"),
        ("a finished game with its events cut to 10", cut),
    ):
        ms = median_ms(lambda text=text: aton.Game.from_json(text), args.repeats)
        print(f"  {label}: {ms}")


if __name__ == "__main__":
    main()
