"""Many seeded games between two bots, as a table a notebook can plot.

Game ``i`` (from 0) is played with the game seed ``seed + i``; each bot's
random generator is derived from that game seed and its colour.  So every
game depends only on the seed and its number, never on the order games are
run in: any :class:`concurrent.futures.Executor` (local processes, threads, a
Dask or Ray executor) gives the same games.

With ``alternate=True`` the bots swap colours in odd-numbered games, so each
plays red as often as blue.

>>> result = play_many("greedy", "random", games=4, seed=10, executor=SerialExecutor(), alternate=True)
>>> [(g.seed, g.red, g.blue) for g in result.games][:2]
[(10, 'greedy', 'random'), (11, 'random', 'greedy')]
>>> result.wins_of(0) + result.wins_of(1) + result.draws
4
"""

from __future__ import annotations

import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from typing import Any, TypeVar

from ..actions import BLUE, PLAYERS, RED, Action, Assign
from ..game import EndReason, Game, Result
from ..i18n import check_lang, decimal, gtext, msg, ngtext, percent, render
from ..rules import Rules
from ..runtime import CAN_START_PROCESSES, cpu_time
from . import Bot, make_bot
from .base import Steps, run_steps

BotSpec = str | Bot
"""A bot by name (``"greedy"``, ``"mcts:iterations=200"``) or a bot object (picklable for process pools)."""

ENDINGS = ("40 points", "scoring", "temple", "yellow", "green", "round limit")
"""How a game can end, in the words of the tables: ``40 points`` at cartouche 1, ``scoring`` when 40 or
more points were reached at a scoring, a whole ``temple``, every ``yellow`` or ``green`` square, or the
``round limit``."""

ENDING_NAMES = {
    "40 points": msg("ending name", "40 points"),
    "scoring": msg("ending name", "scoring"),
    "temple": msg("ending name", "temple"),
    "yellow": msg("ending name", "yellow"),
    "green": msg("ending name", "green"),
    "round limit": msg("ending name", "round limit"),
}
"""Each of :data:`ENDINGS` in words for people (the table keys stay as they are)."""


def ending_name(word: str, lang: str = "en") -> str:
    """One of :data:`ENDINGS` in words for people, in ``lang``: ``ending_name("scoring", "fr")``."""
    try:
        return render(ENDING_NAMES[word], lang)
    except KeyError:
        raise ValueError(f"unknown ending {word!r}; endings are {', '.join(ENDINGS)}") from None


T = TypeVar("T")


def ending(result: Result) -> str:
    """The :data:`ENDINGS` word for a finished game's result."""
    if result.reason is EndReason.POINTS:
        return "scoring" if result.at_scoring else "40 points"
    if result.reason is EndReason.ROUND_LIMIT:
        return "round limit"
    return str(result.reason.value)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion.

    >>> low, high = wilson(180, 200)
    >>> round(low, 3), round(high, 3)
    (0.851, 0.934)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class GameSummary:
    """One game: who played which colour, who won, how, and how the scores went."""

    number: int
    """Game number in the series, from 0."""
    seed: int
    red: str
    """Name of the bot playing red."""
    blue: str
    winner: str | None
    """``"red"``, ``"blue"`` or ``None`` for a draw."""
    ending: str
    """One of :data:`ENDINGS`."""
    rounds: int
    scores: tuple[int, int]
    """Final (red, blue) scores."""
    score_curve: tuple[tuple[int, int], ...]
    """(red, blue) scores at the end of each round (the last entry is the final score)."""
    first_cartouche: tuple[tuple[int, int], ...]
    """(red, blue) cards on cartouche 1, round by round."""
    decisions: tuple[int, int]
    """Decisions taken by red and by blue."""
    think_seconds: tuple[float, float]
    """Processor time red's and blue's bot spent deciding (the thread's CPU time, so other programs
    running on a busy machine do not inflate it; it still varies a little from run to run)."""
    seconds: float
    """Wall time of the whole game (varies from run to run)."""
    swapped: bool = False
    """Whether the first bot of the series played blue in this game."""

    @property
    def winner_bot(self) -> int | None:
        """0 if the series' first bot won, 1 for the second, ``None`` for a draw."""
        if self.winner is None:
            return None
        first_won = (self.winner == "red") != self.swapped
        return 0 if first_won else 1

    def row(self) -> dict[str, Any]:
        """A flat dict (one table row) without the per-round lists; ``winner_name`` is the winning bot's name."""
        row = asdict(self)
        for name in ("score_curve", "first_cartouche", "scores", "decisions", "think_seconds"):
            row.pop(name)
        row.update(
            winner_name=None if self.winner is None else (self.red if self.winner == "red" else self.blue),
            red_score=self.scores[0],
            blue_score=self.scores[1],
            red_decisions=self.decisions[0],
            blue_decisions=self.decisions[1],
            red_think_seconds=self.think_seconds[0],
            blue_think_seconds=self.think_seconds[1],
        )
        return row


@dataclass
class TournamentResult:
    """Every game of a series and the totals.

    ``games`` is in game-number order.  ``bots`` names the first and second bot
    (the first plays red unless colours alternate and the game number is odd).
    """

    bots: tuple[str, str]
    seed: int
    alternate: bool
    games: list[GameSummary] = field(default_factory=list)

    @property
    def wins(self) -> dict[str, int]:
        """Wins by colour: ``{"red": R, "blue": B}``."""
        counts = Counter(game.winner for game in self.games)
        return {"red": counts["red"], "blue": counts["blue"]}

    @property
    def draws(self) -> int:
        """Games without a winner."""
        return sum(1 for game in self.games if game.winner is None)

    def wins_of(self, bot: int) -> int:
        """Wins of the first (0) or second (1) bot."""
        return sum(1 for game in self.games if game.winner_bot == bot)

    def win_rate(self, bot: int = 0) -> float:
        """Share of games won by the first (0) or second (1) bot; draws count as not won."""
        return self.wins_of(bot) / len(self.games) if self.games else 0.0

    def confidence(self, bot: int = 0) -> tuple[float, float]:
        """95% Wilson interval of :meth:`win_rate`."""
        return wilson(self.wins_of(bot), len(self.games))

    @property
    def average_rounds(self) -> float:
        """Mean number of rounds per game."""
        return sum(game.rounds for game in self.games) / len(self.games) if self.games else 0.0

    @property
    def endings(self) -> dict[str, int]:
        """How many games ended each way (every :data:`ENDINGS` key, zeros included)."""
        counts = Counter(game.ending for game in self.games)
        return {name: counts[name] for name in ENDINGS}

    @property
    def seconds_per_game(self) -> float:
        """Mean wall time per game (over the games' own clocks, so independent of parallelism)."""
        return sum(game.seconds for game in self.games) / len(self.games) if self.games else 0.0

    def seconds_per_decision(self, bot: int) -> float:
        """Mean processor time per decision of the first (0) or second (1) bot."""
        seconds = decisions = 0.0
        for game in self.games:
            colour = bot ^ int(game.swapped)
            seconds += game.think_seconds[colour]
            decisions += game.decisions[colour]
        return seconds / decisions if decisions else 0.0

    def rows(self) -> list[dict[str, Any]]:
        """One flat dict per game (``pandas.DataFrame(result.rows())`` makes a table)."""
        return [game.row() for game in self.games]

    def to_dict(self, *, timing: bool = True) -> dict[str, Any]:
        """Totals and games as JSON-ready data; ``timing=False`` leaves out everything measured in seconds."""
        low, high = self.confidence(0)
        second_low, second_high = self.confidence(1)
        result: dict[str, Any] = {
            "games": len(self.games),
            "seed": self.seed,
            "red": self.bots[0],
            "blue": self.bots[1],
            "alternate": self.alternate,
            "wins": self.wins,
            "draws": self.draws,
            "bots": [
                {"name": self.bots[0], "wins": self.wins_of(0), "win_rate": self.win_rate(0), "ci95": [low, high]},
                {
                    "name": self.bots[1],
                    "wins": self.wins_of(1),
                    "win_rate": self.win_rate(1),
                    "ci95": [second_low, second_high],
                },
            ],
            "win_rate": self.win_rate(0),
            "ci95": [low, high],
            "average_rounds": self.average_rounds,
            "endings": self.endings,
            "per_game": [_game_dict(game, timing) for game in self.games],
        }
        if timing:
            result["timing"] = {
                "seconds_per_game": self.seconds_per_game,
                "seconds_per_decision": [self.seconds_per_decision(0), self.seconds_per_decision(1)],
            }
        return result

    def text(self, lang: str = "en") -> str:
        """A short report in words, in ``lang``."""
        check_lang(lang)
        first, second = self.bots
        count = len(self.games)
        low, high = self.confidence(0)
        endings = ", ".join(f"{render(ENDING_NAMES[name], lang)} {n}" for name, n in self.endings.items())
        if self.alternate:
            head = ngtext(
                lang,
                "tournament",
                "{first} vs {second}: {count} game from seed {seed}, colours alternated",
                "{first} vs {second}: {count} games from seed {seed}, colours alternated",
                count,
                first=first,
                second=second,
                count=count,
                seed=str(self.seed),
            )
        else:
            head = ngtext(
                lang,
                "tournament",
                "{first} vs {second}: {count} game from seed {seed}, {first} plays red",
                "{first} vs {second}: {count} games from seed {seed}, {first} plays red",
                count,
                first=first,
                second=second,
                count=count,
                seed=str(self.seed),
            )
        return "\n".join(
            [
                head,
                gtext(
                    lang,
                    "tournament",
                    "Wins: {first} {first_wins}, {second} {second_wins}, draws {draws}",
                    first=first,
                    first_wins=self.wins_of(0),
                    second=second,
                    second_wins=self.wins_of(1),
                    draws=self.draws,
                ),
                gtext(
                    lang,
                    "tournament",
                    "Win rate of {first}: {rate} (95% CI {low} to {high})",
                    first=first,
                    rate=_share(self.win_rate(0), lang),
                    low=_share(low, lang),
                    high=_share(high, lang),
                ),
                gtext(
                    lang,
                    "tournament",
                    "Wins by colour: red {red}, blue {blue}",
                    red=self.wins["red"],
                    blue=self.wins["blue"],
                ),
                gtext(lang, "tournament", "Average rounds: {rounds}", rounds=decimal(self.average_rounds, lang)),
                gtext(lang, "tournament", "Endings: {endings}", endings=endings),
                gtext(
                    lang,
                    "tournament",
                    "Time per game: {game} s; processor time per decision: {first} {first_ms} ms, {second} "
                    "{second_ms} ms",
                    game=decimal(self.seconds_per_game, lang, "0.000"),
                    first=first,
                    first_ms=decimal(self.seconds_per_decision(0) * 1000, lang),
                    second=second,
                    second_ms=decimal(self.seconds_per_decision(1) * 1000, lang),
                ),
            ]
        )


def _share(value: float, lang: str) -> str:
    return percent(value, lang, 1)


def _game_dict(game: GameSummary, timing: bool) -> dict[str, Any]:
    data = asdict(game)
    if not timing:
        data.pop("seconds")
        data.pop("think_seconds")
    return data


@dataclass(frozen=True)
class Rating:
    """One bot's Elo rating in a ladder, with its standard error (from the games played)."""

    bot: str
    elo: float
    error: float
    games: int


def elo_ladder(results: Sequence[TournamentResult], anchor: str = "random", anchor_elo: float = 0.0) -> list[Rating]:
    """Elo ratings of every bot in ``results`` (a round-robin of series), strongest first.

    The ratings are the maximum-likelihood Bradley-Terry strengths of all the games at once (a draw counts
    half a win for each), on the Elo scale (400 points: ten to one odds), with ``anchor`` fixed at
    ``anchor_elo``.  A bot that won or lost every game would have no finite rating: each pair gets half a
    virtual draw so that the ratings stay finite.  ``error`` is the standard error of the rating from the
    curvature of the likelihood (about 68% of the time within one error, 95% within two).

    >>> from aton.bots.tournament import TournamentResult
    >>> ladder = elo_ladder([])
    >>> ladder
    []
    """
    names = sorted({name for result in results for name in result.bots})
    if not names:
        return []
    if anchor not in names:
        anchor = names[0]
    index = {name: i for i, name in enumerate(names)}
    size = len(names)
    wins = [[0.0] * size for _ in range(size)]
    played = [0] * size
    for result in results:
        first, second = index[result.bots[0]], index[result.bots[1]]
        wins[first][second] += result.wins_of(0) + result.draws / 2 + PRIOR_DRAWS / 2
        wins[second][first] += result.wins_of(1) + result.draws / 2 + PRIOR_DRAWS / 2
        played[first] += len(result.games)
        played[second] += len(result.games)
    theta = [0.0] * size  # natural-log strengths
    free = [i for i in range(size) if names[i] != anchor]
    for _ in range(100):
        gradient, hessian = _bt_derivatives(theta, wins, free)
        step = _solve(hessian, gradient)
        for row, i in enumerate(free):
            theta[i] += step[row]
        if max((abs(value) for value in step), default=0.0) < 1e-10:
            break
    _gradient, hessian = _bt_derivatives(theta, wins, free)
    variance = _inverse_diagonal(hessian)
    scale = 400 / math.log(10)
    errors = dict.fromkeys(range(size), 0.0)
    for row, i in enumerate(free):
        errors[i] = scale * math.sqrt(max(variance[row], 0.0))
    ladder = [Rating(names[i], anchor_elo + scale * theta[i], errors[i], played[i]) for i in range(size)]
    return sorted(ladder, key=lambda rating: -rating.elo)


PRIOR_DRAWS = 1.0
"""Virtual drawn games added to every pair of :func:`elo_ladder` (keeps a clean sweep finite)."""


def _bt_derivatives(
    theta: list[float], wins: list[list[float]], free: list[int]
) -> tuple[list[float], list[list[float]]]:
    """The likelihood's gradient and the negative Hessian over the ``free`` strengths."""
    size = len(theta)
    position = {i: row for row, i in enumerate(free)}
    gradient = [0.0] * len(free)
    hessian = [[0.0] * len(free) for _ in free]
    for i in range(size):
        for j in range(i + 1, size):
            games = wins[i][j] + wins[j][i]
            if not games:
                continue
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            weight = games * p * (1.0 - p)
            residual = wins[i][j] - games * p
            for a, sign in ((i, 1.0), (j, -1.0)):
                if a in position:
                    gradient[position[a]] += sign * residual
            for a in (i, j):
                for b in (i, j):
                    if a in position and b in position:
                        hessian[position[a]][position[b]] += weight if a == b else -weight
    return gradient, hessian


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` by Gaussian elimination (small, symmetric positive definite systems)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        if abs(rows[column][column]) < 1e-12:
            return [0.0] * size
        for r in range(size):
            if r != column:
                factor = rows[r][column] / rows[column][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def _inverse_diagonal(matrix: list[list[float]]) -> list[float]:
    size = len(matrix)
    return [_solve(matrix, [1.0 if k == i else 0.0 for k in range(size)])[i] for i in range(size)]


def ladder_svg(ladder: Sequence[Rating], title: str = "Elo ladder (95% intervals)") -> str:
    """The ladder as a small SVG plot: each bot's rating with a bar of two standard errors each way."""
    if not ladder:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>\n'
    low = min(r.elo - 2 * r.error for r in ladder)
    high = max(r.elo + 2 * r.error for r in ladder)
    span = max(high - low, 1.0)
    width, left, row = 520, 90, 34
    height = 50 + row * len(ladder) + 30

    def x(value: float) -> float:
        return left + (width - left - 30) * (value - low) / span

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        'font-size="12">',
        f'<text x="10" y="20" font-size="14">{title}</text>',
    ]
    for number, rating in enumerate(reversed(list(ladder))):
        y = 45 + row * number
        parts.append(f'<text x="10" y="{y + 4}">{rating.bot}</text>')
        parts.append(
            f'<line x1="{x(rating.elo - 2 * rating.error):.1f}" y1="{y}" x2="{x(rating.elo + 2 * rating.error):.1f}" '
            f'y2="{y}" stroke="#4c72b0" stroke-width="3"/>'
        )
        parts.append(f'<circle cx="{x(rating.elo):.1f}" cy="{y}" r="5" fill="#4c72b0"/>')
        parts.append(f'<text x="{x(rating.elo) + 8:.1f}" y="{y - 8}">{rating.elo:.0f}</text>')
    axis = 45 + row * len(ladder)
    parts.append(f'<line x1="{left}" y1="{axis}" x2="{width - 30}" y2="{axis}" stroke="#888"/>')
    step = 200 if span > 800 else 100
    tick = math.ceil(low / step) * step
    while tick <= high:
        parts.append(f'<text x="{x(tick) - 12:.1f}" y="{axis + 16}">{tick:.0f}</text>')
        tick += step
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def bot_name(bot: BotSpec) -> str:
    """The name a bot is listed under."""
    return bot if isinstance(bot, str) else bot.name


def _build(bot: BotSpec) -> Bot:
    return make_bot(bot) if isinstance(bot, str) else bot


def bot_random(game_seed: int, colour: str) -> random.Random:
    """The generator a bot uses in a game: derived from the game seed and its colour only."""
    return random.Random(f"aton/bot/{game_seed}/{colour}")


def play_game(
    red: BotSpec,
    blue: BotSpec,
    seed: int,
    rules: Rules | None = None,
    *,
    number: int = 0,
    swapped: bool = False,
) -> tuple[Game, GameSummary]:
    """Play one game between two bots; return the finished game (no event log) and its summary."""
    return run_steps(play_game_steps(red, blue, seed, rules, number=number, swapped=swapped))


def play_game_steps(
    red: BotSpec,
    blue: BotSpec,
    seed: int,
    rules: Rules | None = None,
    *,
    number: int = 0,
    swapped: bool = False,
) -> Steps[tuple[Game, GameSummary]]:
    """:func:`play_game` in steps (see :data:`aton.bots.base.Steps`): the same game, with a pause after each
    decision and wherever a bot pauses while it thinks.  A bot's processor time counts its own steps only."""
    bots = (_build(red), _build(blue))
    generators = (bot_random(seed, "red"), bot_random(seed, "blue"))
    game = Game(seed, rules, events=False)
    decisions = [0, 0]
    think = [0.0, 0.0]
    curve: list[tuple[int, int]] = []
    first: list[tuple[int, int]] = []
    pending: dict[int, int] = {}
    current_round = game.round
    start = time.perf_counter()
    while game.result is None:
        player = game.to_act[0]
        thinking = bots[player].choose_steps(game.view(player), generators[player])
        while True:
            tick = cpu_time()
            try:
                next(thinking)
            except StopIteration as end:
                action: Action = end.value
                think[player] += cpu_time() - tick
                break
            think[player] += cpu_time() - tick
            yield
        decisions[player] += 1
        if isinstance(action, Assign):
            pending[player] = action.cards[0]
            if len(pending) == len(PLAYERS):
                first.append((pending[RED], pending[BLUE]))
                pending = {}
        game.apply(action)
        if game.round != current_round:
            curve.append((game.score(RED), game.score(BLUE)))
            current_round = game.round
        yield
    seconds = time.perf_counter() - start
    result = game.result
    curve.append((game.score(RED), game.score(BLUE)))
    summary = GameSummary(
        number=number,
        seed=seed,
        red=bot_name(red),
        blue=bot_name(blue),
        winner=None if result.winner is None else result.winner.label,
        ending=ending(result),
        rounds=game.round,
        scores=result.scores,
        score_curve=tuple(curve),
        first_cartouche=tuple(first),
        decisions=(decisions[RED], decisions[BLUE]),
        think_seconds=(think[RED], think[BLUE]),
        seconds=seconds,
        swapped=swapped,
    )
    return game, summary


def _series_game_steps(
    built: tuple[Bot, Bot], names: tuple[str, str], seed: int, number: int, alternate: bool, rules: Rules | None
) -> Steps[GameSummary]:
    """Game ``number`` of a series between the ``built`` bots (listed under ``names``), in steps."""
    swapped = alternate and number % 2 == 1
    red, blue = (built[1], built[0]) if swapped else built
    _game, summary = yield from play_game_steps(red, blue, seed + number, rules, number=number, swapped=swapped)
    red_name, blue_name = (names[1], names[0]) if swapped else names
    return replace(summary, red=red_name, blue=blue_name)


def _play_chunk(
    first: BotSpec, second: BotSpec, seed: int, numbers: Sequence[int], alternate: bool, rules: Rules | None
) -> list[GameSummary]:
    built = (_build(first), _build(second))
    names = (bot_name(first), bot_name(second))
    return [run_steps(_series_game_steps(built, names, seed, number, alternate, rules)) for number in numbers]


def check_series(red: BotSpec, blue: BotSpec, games: int, seed: int) -> None:
    """Raise ``ValueError`` saying what is wrong unless ``games`` seeded games between ``red`` and ``blue``
    can be played (an unknown bot name is refused with the names there are).

    >>> check_series("greedy", "random", True, 1)
    Traceback (most recent call last):
    ...
    ValueError: a series plays a whole number of games, at least 1, not True
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"a series plays a whole number of games, at least 1, not {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    for bot in (red, blue):
        if isinstance(bot, str):
            make_bot(bot)


def play_many_steps(
    red: BotSpec,
    blue: BotSpec,
    games: int,
    seed: int = 0,
    *,
    alternate: bool = False,
    rules: Rules | None = None,
    on_game: Callable[[GameSummary], bool | None] | None = None,
) -> Steps[TournamentResult]:
    """:func:`play_many` one game after another, in steps: the same games, with pauses in between.

    For a browser page, where Python has no threads or processes: whoever drives the steps handles the
    page's clicks between two of them, so a "stop" (``on_game`` returning ``False``, or simply no more
    steps) takes effect within a bot's decision.

    >>> from aton.bots.base import run_steps
    >>> stepped = run_steps(play_many_steps("greedy", "random", games=4, seed=10, alternate=True))
    >>> at_once = play_many("greedy", "random", games=4, seed=10, alternate=True, executor=SerialExecutor())
    >>> [(g.seed, g.winner, g.scores) for g in stepped.games] == [(g.seed, g.winner, g.scores) for g in at_once.games]
    True
    >>> play_many_steps("greedy", "random", games=0)  # refused at once, not at the first step
    Traceback (most recent call last):
    ...
    ValueError: a series plays a whole number of games, at least 1, not 0
    """
    check_series(red, blue, games, seed)
    return _series_steps(
        (_build(red), _build(blue)), (bot_name(red), bot_name(blue)), games, seed, alternate, rules, on_game
    )


def _series_steps(
    built: tuple[Bot, Bot],
    names: tuple[str, str],
    games: int,
    seed: int,
    alternate: bool,
    rules: Rules | None,
    on_game: Callable[[GameSummary], bool | None] | None,
) -> Steps[TournamentResult]:
    summaries: list[GameSummary] = []
    for number in range(games):
        summary = yield from _series_game_steps(built, names, seed, number, alternate, rules)
        summaries.append(summary)
        if on_game is not None and on_game(summary) is False:
            break
    return TournamentResult(names, seed, alternate, summaries)


class SerialExecutor(Executor):
    """Runs each task at once in the calling thread: no processes (handy in tests and small runs)."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` now; return a finished future."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            future.set_exception(error)
        return future


def _chunks(count: int, pieces: int) -> Iterable[range]:
    size = max(1, math.ceil(count / max(1, pieces)))
    for start in range(0, count, size):
        yield range(start, min(count, start + size))


def play_many(
    red: BotSpec,
    blue: BotSpec,
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    alternate: bool = False,
    rules: Rules | None = None,
    on_game: Callable[[GameSummary], bool | None] | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games between ``red`` and ``blue``; the same arguments give the same games.

    ``executor`` runs batches of games (default: local processes, one per
    core; one game after another where processes cannot start, as in a
    browser).  ``alternate=True`` swaps colours in odd games.  ``on_game`` is
    called in the calling process as each game's batch comes back (game by
    game with a :class:`SerialExecutor`, so progress can be shown); if it
    returns ``False`` the series stops there and the result holds the games
    played so far.  Bots given as objects must be picklable for a process
    pool; names always are.

    >>> stopped = play_many("random", "random", games=5, executor=SerialExecutor(), on_game=lambda g: g.number < 1)
    >>> len(stopped.games)
    2
    """
    check_series(red, blue, games, seed)
    own = executor is None
    if executor is None:
        workers = max(1, min(os.cpu_count() or 1, games)) if CAN_START_PROCESSES else 1
        executor = SerialExecutor() if workers == 1 else ProcessPoolExecutor(max_workers=workers)
    serial = isinstance(executor, SerialExecutor)
    workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    chunks = list(_chunks(games, games if serial else workers * 4))
    summaries: list[GameSummary] = []
    try:
        # A serial executor plays a chunk as soon as it is submitted: submit one at a time, so that a
        # stop asked by ``on_game`` comes before the next game rather than after all of them.
        def submit(numbers: range) -> Future[list[GameSummary]]:
            return executor.submit(_play_chunk, red, blue, seed, list(numbers), alternate, rules)

        ahead = [] if serial else [submit(numbers) for numbers in chunks]
        for index, numbers in enumerate(chunks):
            batch = (submit(numbers) if serial else ahead[index]).result()
            summaries.extend(batch)
            if on_game is not None and False in [on_game(summary) for summary in batch]:
                for waiting in ahead:
                    waiting.cancel()
                break
    finally:
        if own:
            executor.shutdown()
    summaries.sort(key=lambda s: s.number)
    return TournamentResult((bot_name(red), bot_name(blue)), seed, alternate, summaries)


__all__ = [
    "ENDINGS",
    "BotSpec",
    "GameSummary",
    "Rating",
    "SerialExecutor",
    "TournamentResult",
    "bot_random",
    "check_series",
    "elo_ladder",
    "ending",
    "ladder_svg",
    "play_game",
    "play_game_steps",
    "play_many",
    "play_many_steps",
    "wilson",
]
