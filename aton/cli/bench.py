"""Engine speed: seeded random games through the public API, on one core.

``python -m aton bench`` prints full games per second and actions per
second; every decision goes through ``legal_actions`` and ``apply`` with the
event log on, as a search bot's playouts would.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from .. import data
from ..game import Game, Phase, new_game


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


SEARCH_POSITIONS_SEED = 11
"""The seed of the greedy game from which :func:`search_positions` takes its positions."""


def search_positions(seed: int = SEARCH_POSITIONS_SEED) -> list[tuple[str, Game]]:
    """Four fixed positions of one seeded greedy game, each at a card assignment (Red to decide).

    - ``opening``: round 1;
    - ``mid-game``: round 4;
    - ``scoring``: the first round that starts with the Kingdom of the Dead nearly full (a scoring is near);
    - ``ending``: the last round of the game.

    >>> [name for name, _game in search_positions()]
    ['opening', 'mid-game', 'scoring', 'ending']
    """
    from ..actions import RED
    from ..bots.greedy import GreedyBot

    game = new_game(seed)
    bot = GreedyBot()
    chooser = random.Random(f"positions/{seed}")
    starts: list[Game] = []
    scoring: Game | None = None
    while game.result is None:
        if game.phase is Phase.ASSIGN and not game.has_assigned(RED) and not game.has_assigned(RED.other):
            starts.append(game.clone())
            if scoring is None and len(game.kingdom) >= data.KINGDOM_SIZE - SCORING_NEAR:
                scoring = starts[-1]
        player = game.to_act[0]
        game.apply(bot.decide(game.view(player), player, chooser, None))
    return [
        ("opening", starts[0]),
        ("mid-game", starts[min(3, len(starts) - 1)]),
        ("scoring", scoring if scoring is not None else starts[len(starts) // 2]),
        ("ending", starts[-1]),
    ]


SCORING_NEAR = 2
"""The ``scoring`` position is the first round that starts with the Kingdom this many counters short of full."""


@dataclass(frozen=True)
class SearchBench:
    """Imagined games per second of the search on each fixed position (processor time, one core)."""

    preset: str
    per_position: tuple[tuple[str, int, float], ...]
    """(position, imagined games, processor seconds)."""

    @property
    def games_per_second(self) -> float:
        """Imagined games per second over every position."""
        games = sum(games for _name, games, _seconds in self.per_position)
        return games / max(sum(seconds for _name, _games, seconds in self.per_position), 1e-9)


def search_speed(preset: str = "medium", repeats: int = 3, seed: int = SEARCH_POSITIONS_SEED) -> SearchBench:
    """Run the ``preset`` search ``repeats`` times from Red's view of each of :func:`search_positions`."""
    from ..actions import RED
    from ..bots.mcts import PRESETS, MctsBot

    bot = MctsBot(PRESETS[preset], name=preset)
    rows = []
    for name, game in search_positions(seed):
        view = game.view(RED)
        games = 0
        start = time.process_time()
        for repeat in range(repeats):
            games += bot.search(view, random.Random(repeat)).iterations
        rows.append((name, games, time.process_time() - start))
    return SearchBench(preset, tuple(rows))


def search_report(preset: str = "medium", repeats: int = 3, games: int = 500) -> str:
    """The search's imagined games per second on the fixed positions, and random games per second."""
    result = search_speed(preset, repeats)
    start = time.process_time()
    random_games = play_random_games(games)
    random_rate = games / (time.process_time() - start)
    lines = [f"search ({preset}), {repeats} searches per position, processor time, one core"]
    for name, count, seconds in result.per_position:
        lines.append(f"  {name:<9} {count / max(seconds, 1e-9):8,.0f} imagined games/s")
    lines.append(f"  all       {result.games_per_second:8,.0f} imagined games/s")
    lines.append(f"random games: {random_rate:,.0f} games/s ({random_games.actions / games:.1f} decisions per game)")
    return "\n".join(lines)
