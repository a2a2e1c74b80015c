"""Speed of the explanations: every event of N seeded random games, in English and French.

    .venv/bin/python scripts/bench_explain.py [--games 1000] [--repeats 3]

Plays the games first (not timed), then times ``aton.explain`` and ``aton.rule_of``
over all their events, per language, and prints events, seconds and microseconds per event
(best of the runs).  Garbage collection is frozen after the games are played, so
the figures measure the rendering, not the collector walking the events kept in memory.
"""

from __future__ import annotations

import argparse
import gc
import random
import time

import aton


def collect_events(games: int) -> list[aton.Event]:
    """All events of ``games`` random games (seeds 0, 1, ...)."""
    chooser = random.Random("bench-explain")
    events: list[aton.Event] = []
    for seed in range(games):
        game = aton.new_game(seed)
        while game.result is None:
            options = game.legal_actions(game.to_act[0])
            game.apply(options[int(chooser.random() * len(options))])
        events.extend(game.events)
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    events = collect_events(args.games)
    gc.collect()
    gc.freeze()  # the quarter-million events kept for the measurement are not rescanned by the collector
    print(f"{len(events)} events from {args.games} random games, best of {args.repeats} runs")
    for lang in ("en", "fr"):
        aton.explain(events[0], lang)  # first use loads the language
        for name, function in (("explain", aton.explain), ("rule_of", aton.rule_of)):
            best = min(_timed(function, events, lang) for _ in range(args.repeats))
            print(f"{name:8} {lang}: {best:6.3f} s   {best / len(events) * 1e6:5.2f} µs per event")


def _timed(function: object, events: list[aton.Event], lang: str) -> float:
    render = function  # a callable (event, lang) -> str
    start = time.perf_counter()
    for event in events:
        render(event, lang)  # type: ignore[operator]
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
