"""An Elo ladder of the bots from a round-robin of seeded series, with a plot.

    .venv/bin/python scripts/elo_ladder.py [--scale 1.0] [--anchor greedy] [--svg docs/img/elo-ladder.svg] \
        [--save ladder.json]

Plays every pair of ``random``, ``greedy``, ``easy``, ``medium`` and ``hard`` (colours alternated, one
process), fits the ratings with :func:`aton.bots.tournament.elo_ladder` (the ``--anchor`` bot = 0, ``greedy``
by default: every bot has many games against it, so the other ratings are measured from it closely, where
``random``, which never wins, would leave them hundreds of points wide) and prints the table: rating, 95%
interval (two standard errors each way) and games.  Pairs with the slow bots play fewer
games (see ``GAMES``); ``--scale`` multiplies every number of games.  ``--load`` reads the games kept by
``--save`` instead of playing; ``--no-play`` rates only the games given by ``--tally`` (totals of a pair).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aton.bots.tournament import (
    GameSummary,
    SerialExecutor,
    TournamentResult,
    elo_ladder,
    ladder_svg,
    play_many,
)

GAMES = {
    ("greedy", "random"): 20,
    ("easy", "random"): 10,
    ("medium", "random"): 2,
    ("easy", "greedy"): 20,
    ("medium", "greedy"): 20,
    ("hard", "greedy"): 4,
    ("medium", "easy"): 6,
    ("hard", "easy"): 2,
    ("hard", "medium"): 4,
}
"""Games per pair (first bot, second bot): fewer where the slow bots think long (``hard`` vs ``random`` is
left out: the ladder reaches ``hard`` through the other bots)."""
SEED = 700


def _tally(first: str, second: str, wins: int, losses: int, draws: int) -> TournamentResult:
    """A series known only by its totals, as a result :func:`elo_ladder` can count."""
    result = TournamentResult((first, second), SEED, True)
    blank = {
        "number": 0,
        "seed": 0,
        "ending": "scoring",
        "rounds": 0,
        "scores": (0, 0),
        "score_curve": (),
        "first_cartouche": (),
        "decisions": (0, 0),
        "think_seconds": (0.0, 0.0),
        "seconds": 0.0,
    }
    for winner, count in (("red", wins), ("blue", losses), (None, draws)):
        for _ in range(count):
            result.games.append(GameSummary(red=first, blue=second, winner=winner, **blank))  # type: ignore[arg-type]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--svg", type=Path)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path)
    parser.add_argument(
        "--skip", action="append", default=[], metavar="FIRST,SECOND", help="a pair not to play (see --tally)"
    )
    parser.add_argument(
        "--tally",
        action="append",
        default=[],
        metavar="FIRST,SECOND,WINS,LOSSES,DRAWS",
        help="games played elsewhere (aton simulate --alternate), counted as they are",
    )
    parser.add_argument(
        "--anchor", default="greedy", help="the bot rated 0, from which the others are measured (default greedy)"
    )
    parser.add_argument(
        "--no-play", action="store_true", help="play nothing: rate only the games of --load and --tally"
    )
    args = parser.parse_args()
    skipped = {tuple(pair.split(",")) for pair in args.skip}
    results: list[TournamentResult] = []
    if args.load:
        for raw in json.loads(args.load.read_text(encoding="utf-8")):
            result = TournamentResult((raw["bots"][0], raw["bots"][1]), raw["seed"], True)
            result.games.extend(GameSummary(**game) for game in raw["games"])
            results.append(result)
    elif not args.no_play:
        for (first, second), games in GAMES.items():
            if (first, second) in skipped:
                continue
            count = max(2, round(games * args.scale))
            start = time.process_time()
            results.append(play_many(first, second, count, SEED, SerialExecutor(), alternate=True))
            print(
                f"{first} vs {second}: {results[-1].wins_of(0)}-{results[-1].wins_of(1)} "
                f"({results[-1].draws} draws) in {time.process_time() - start:.0f} s of processor time",
                file=sys.stderr,
                flush=True,
            )
    for text in args.tally:
        first, second, wins, losses, draws = text.split(",")
        results.append(_tally(first, second, int(wins), int(losses), int(draws)))
    if args.save:
        from dataclasses import asdict

        args.save.write_text(
            json.dumps([{"bots": r.bots, "seed": r.seed, "games": [asdict(g) for g in r.games]} for r in results]),
            encoding="utf-8",
        )
    print("| pair | games | wins of the first | draws |")
    print("|---|---:|---:|---:|")
    for result in results:
        print(f"| {result.bots[0]} vs {result.bots[1]} | {len(result.games)} | {result.wins_of(0)} | {result.draws} |")
    if args.anchor not in {name for result in results for name in result.bots}:
        parser.error(f"--anchor {args.anchor!r} played no game here")
    ladder = elo_ladder(results, anchor=args.anchor)
    print()
    print("| bot | Elo | 95% interval | games |")
    print("|---|---:|---|---:|")
    for rating in ladder:
        low, high = rating.elo - 2 * rating.error, rating.elo + 2 * rating.error
        interval = "(the anchor)" if rating.bot == args.anchor else f"{low:.0f} to {high:.0f}"
        print(f"| {rating.bot} | {rating.elo:.0f} | {interval} | {rating.games} |")
    if args.svg:
        title = f"Elo ladder, {args.anchor} = 0 (95% intervals)"
        args.svg.write_text(ladder_svg(ladder, title), encoding="utf-8")


if __name__ == "__main__":
    main()
