"""Engine speed: seeded random games through the public API, on one core.

``python -m aton bench`` prints full games per second and actions per
second; every decision goes through ``legal_actions`` and ``apply`` with the
event log on, as a search bot's playouts would.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..game import new_game


@dataclass(frozen=True)
class BenchResult:
    """Figures of one benchmark run."""

    games: int
    actions: int
    seconds: float
    rounds: int

    @property
    def games_per_second(self) -> float:
        """Full random games per second."""
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        """Decisions (``legal_actions`` + ``apply``) per second."""
        return self.actions / self.seconds


def play_random_games(games: int, seed: int = 0, *, events: bool = True) -> BenchResult:
    """Play ``games`` random games from seeds ``seed, seed + 1, ...``; time them.

    >>> play_random_games(3).games
    3
    """
    chooser = random.Random(f"bench/{seed}")
    pick = chooser.random
    actions = rounds = 0
    start = time.perf_counter()
    for number in range(seed, seed + games):
        game = new_game(number, events=events)
        legal, apply = game.legal_actions, game.apply
        while game.result is None:
            options = legal(game.to_act[0])
            apply(options[int(pick() * len(options))])
            actions += 1
        rounds += game.round
    return BenchResult(games, actions, time.perf_counter() - start, rounds)


def report(games: int = 2000, seed: int = 0, repeats: int = 3) -> str:
    """Run the benchmark ``repeats`` times and describe the best and median runs."""
    runs = sorted((play_random_games(games, seed) for _ in range(repeats)), key=lambda r: r.seconds)
    best, median = runs[0], runs[len(runs) // 2]
    return (
        f"{games} random games x {repeats} runs, events on, one core\n"
        f"games/s:   best {best.games_per_second:,.0f}   median {median.games_per_second:,.0f}\n"
        f"actions/s: best {best.actions_per_second:,.0f}   median {median.actions_per_second:,.0f}\n"
        f"decisions per game {best.actions / games:.1f}, rounds per game {best.rounds / games:.1f}"
    )
