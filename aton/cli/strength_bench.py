"""Head to head of two bots with the figures a strength claim needs: ``aton bench-strength``.

Game ``i`` (from 0) is played from the game seed ``seed + i``, the first bot playing red in even games and
blue in odd ones (:func:`aton.bots.tournament.play_many` with ``alternate=True``), so the same command gives
the same games, one process or several.  The report gives, for the first bot:

- wins, draws and losses, and the win rate with its 95% Wilson interval (a draw counts as not won);
- the mean final margin (its score minus the other's, every game) with a 95% interval (normal, from the
  games' standard deviation), which tells more per game than wins when one bot wins most games;
- the Elo difference from its score (wins plus half the draws), with the interval of the Wilson interval
  of that score, on the Elo scale (400 points: ten to one odds);
- each bot's processor time per decision.

``--save`` keeps the games in a JSON file; ``--load`` reads such a file instead of playing, after checking
every field (a file that was edited by hand or cut short is refused with a message saying what is wrong).
Several ``--load`` files that continue one another (``--seed 0 --games 20``, then ``--seed 20 --games
20``...) are joined into the one series they make (:func:`join`): a long head to head can be played in
pieces on a busy machine, and stopped between two of them.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from ..bots.tournament import ENDINGS, GameSummary, SerialExecutor, TournamentResult, play_many, wilson
from ..runtime import CAN_START_PROCESSES

KIND = "aton bench-strength games"
"""The ``kind`` a saved file declares."""
FORMAT = 1
"""The version of the saved file's layout."""
MAX_FILE_BYTES = 50_000_000
"""The largest saved file read (about 600 bytes a game)."""
MAX_SCORE = 1000
"""No score in a saved game is above this (a game ends at 40 points, plus a scoring's gains)."""
BOARD_ENDINGS = ("temple", "yellow", "green")
"""Endings won on the board, where the winner may have fewer points."""
Z95 = 1.96


class StrengthFileError(ValueError):
    """A file given to ``--load`` that does not hold games kept by ``--save``; the message says why."""


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval."""

    value: float
    low: float
    high: float


def mean_interval(values: list[float], z: float = Z95) -> Interval:
    """The mean of ``values`` with its normal 95% interval (``z`` standard errors each way; the standard
    deviation with ``n - 1``).

    >>> figures = mean_interval([1.0, 3.0])
    >>> figures.value, round(figures.low, 3), round(figures.high, 3)
    (2.0, 0.04, 3.96)
    """
    count = len(values)
    if count == 0:
        return Interval(0.0, -math.inf, math.inf)
    mean = sum(values) / count
    if count == 1:
        return Interval(mean, -math.inf, math.inf)
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    half = z * math.sqrt(variance / count)
    return Interval(mean, mean - half, mean + half)


def elo(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (infinite for 0 or 1).

    >>> round(elo(0.75), 1)
    190.8
    >>> elo(0.5)
    0.0
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0 - 1e-12:  # a Wilson bound at 1 comes back a rounding short of it
        return math.inf
    return 400.0 * math.log10(score / (1.0 - score))


@dataclass(frozen=True)
class Strength:
    """The figures of a head to head, for the first bot."""

    games: int
    wins: int
    draws: int
    losses: int
    win_rate: Interval
    margin: Interval
    elo: Interval
    seconds_per_decision: tuple[float, float]
    processor_seconds: tuple[float, float]
    """Each bot's processor time over every game."""


def strength(result: TournamentResult) -> Strength:
    """:class:`Strength` of the first bot of ``result``."""
    count = len(result.games)
    wins, losses, draws = result.wins_of(0), result.wins_of(1), result.draws
    low, high = wilson(wins, count)
    margins = []
    for game in result.games:
        red, blue = game.scores
        margins.append(float(blue - red if game.swapped else red - blue))
    score = (wins + draws / 2) / count if count else 0.5
    score_low, score_high = wilson(wins + draws / 2, count)
    seconds = [0.0, 0.0]
    for game in result.games:
        for bot in (0, 1):
            seconds[bot] += game.think_seconds[bot ^ int(game.swapped)]
    return Strength(
        games=count,
        wins=wins,
        draws=draws,
        losses=losses,
        win_rate=Interval(wins / count if count else 0.0, low, high),
        margin=mean_interval(margins),
        elo=Interval(elo(score), elo(score_low), elo(score_high)),
        seconds_per_decision=(result.seconds_per_decision(0), result.seconds_per_decision(1)),
        processor_seconds=(seconds[0], seconds[1]),
    )


def _signed(value: float, digits: int = 0) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value:+.{digits}f}"


def report(result: TournamentResult) -> str:
    """The head to head in words (English, like the other bench commands)."""
    first, second = result.bots
    figures = strength(result)
    rate, margin, rating = figures.win_rate, figures.margin, figures.elo
    count = figures.games
    endings = ", ".join(f"{name} {n}" for name, n in result.endings.items() if n)
    return "\n".join(
        [
            f"{first} vs {second}: {count} games from seed {result.seed}, colours alternated",
            f"{first}: {figures.wins} wins, {figures.draws} draws, {figures.losses} losses",
            f"win rate of {first}: {100 * rate.value:.1f}% (95% interval {100 * rate.low:.1f}% to "
            f"{100 * rate.high:.1f}%)",
            f"mean final margin ({first} minus {second}): {_signed(margin.value, 2)} points (95% interval "
            f"{_signed(margin.low, 2)} to {_signed(margin.high, 2)})",
            f"Elo difference ({first} minus {second}): {_signed(rating.value)} (95% interval "
            f"{_signed(rating.low)} to {_signed(rating.high)})",
            f"wins by colour: red {result.wins['red']}, blue {result.wins['blue']}; average rounds "
            f"{result.average_rounds:.1f}; endings: {endings}",
            f"processor time per decision: {first} {1000 * figures.seconds_per_decision[0]:.1f} ms, "
            f"{second} {1000 * figures.seconds_per_decision[1]:.1f} ms; in all {figures.processor_seconds[0]:.0f} s "
            f"and {figures.processor_seconds[1]:.0f} s",
        ]
    )


def play(
    first: str,
    second: str,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    on_game: Callable[[GameSummary], bool | None] | None = None,
) -> TournamentResult:
    """Play the head to head: ``games`` games, colours alternated, on ``jobs`` processes (the same games)."""
    serial = jobs == 1 or not CAN_START_PROCESSES
    executor: Executor = SerialExecutor() if serial else ProcessPoolExecutor(max_workers=jobs)
    try:
        return play_many(first, second, games, seed, executor, alternate=True, on_game=on_game)
    finally:
        executor.shutdown()


def save(result: TournamentResult, path: Path) -> None:
    """Keep the games of ``result`` in ``path`` (JSON) for ``--load``."""
    data = {
        "kind": KIND,
        "format": FORMAT,
        "bots": list(result.bots),
        "seed": result.seed,
        "games": [asdict(game) for game in result.games],
    }
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")


def _refuse(path: Path, text: str) -> StrengthFileError:
    return StrengthFileError(f"{path}: {text}")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seconds(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def _pair(value: Any, check: Callable[[Any], bool]) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(check(item) for item in value)


def _score(value: Any) -> bool:
    return _whole(value) and 0 <= value <= MAX_SCORE


def _card(value: Any) -> bool:
    return _whole(value) and 1 <= value <= 4


GAME_FIELDS = tuple(f.name for f in fields(GameSummary))


def _game(raw: Any, number: int, bots: tuple[str, str], seed: int) -> GameSummary:
    """One saved game, checked field by field and against its place in the series."""
    where = f"game {number}"
    if not isinstance(raw, dict) or set(raw) != set(GAME_FIELDS):
        raise ValueError(f"{where} must be an object with exactly the fields {', '.join(GAME_FIELDS)}")
    swapped = number % 2 == 1
    red, blue = (bots[1], bots[0]) if swapped else bots
    expected = {"number": number, "seed": seed + number, "swapped": swapped, "red": red, "blue": blue}
    for name, value in expected.items():
        if raw[name] != value or type(raw[name]) is not type(value):
            raise ValueError(f"{where}: {name} is {raw[name]!r}, the series' game {number} has {value!r}")
    if raw["winner"] not in ("red", "blue", None):
        raise ValueError(f"{where}: winner must be red, blue or null, not {raw['winner']!r}")
    if raw["ending"] not in ENDINGS:
        raise ValueError(f"{where}: ending must be one of {', '.join(ENDINGS)}, not {raw['ending']!r}")
    if not _whole(raw["rounds"]) or not 1 <= raw["rounds"] <= 1000:
        raise ValueError(f"{where}: rounds must be a whole number from 1, not {raw['rounds']!r}")
    if not _pair(raw["scores"], _score):
        raise ValueError(f"{where}: scores must be two whole numbers from 0 to {MAX_SCORE}")
    curve, cartouche = raw["score_curve"], raw["first_cartouche"]
    if not isinstance(curve, list) or len(curve) != raw["rounds"] or not all(_pair(s, _score) for s in curve):
        raise ValueError(f"{where}: score_curve must hold a pair of scores for each of its {raw['rounds']} rounds")
    if curve[-1] != raw["scores"]:
        raise ValueError(f"{where}: the score curve ends at {curve[-1]}, the final scores are {raw['scores']}")
    if (
        not isinstance(cartouche, list)
        or len(cartouche) > raw["rounds"]
        or not all(_pair(cards, _card) for cards in cartouche)
    ):
        raise ValueError(f"{where}: first_cartouche must hold at most one pair of cards (1-4) per round")
    if not _pair(raw["decisions"], lambda n: _whole(n) and n >= 1):
        raise ValueError(f"{where}: decisions must be two whole numbers from 1")
    if not _pair(raw["think_seconds"], _seconds) or not _seconds(raw["seconds"]):
        raise ValueError(f"{where}: times must be numbers of seconds, at least 0")
    red_score, blue_score = raw["scores"]
    if raw["ending"] in BOARD_ENDINGS:
        if raw["winner"] is None:
            raise ValueError(f"{where}: a game ended by a {raw['ending']} victory has a winner")
    else:
        leader = None if red_score == blue_score else ("red" if red_score > blue_score else "blue")
        if raw["winner"] != leader:
            raise ValueError(
                f"{where}: ended by {raw['ending']} at {red_score}-{blue_score}, the winner is "
                f"{leader or 'nobody'}, not {raw['winner'] or 'nobody'}"
            )
    values = dict(raw)
    for name in ("scores", "decisions", "think_seconds"):
        values[name] = tuple(raw[name])
    values["score_curve"] = tuple(tuple(pair) for pair in curve)
    values["first_cartouche"] = tuple(tuple(pair) for pair in cartouche)
    return GameSummary(**values)


def load(path: Path) -> TournamentResult:
    """The games kept by :func:`save` in ``path``, every field checked; :class:`StrengthFileError` otherwise."""
    from ..bots import make_bot

    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _refuse(path, f"{size} bytes is more than a saved head to head holds ({MAX_FILE_BYTES})")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise _refuse(path, f"cannot be read ({error})") from None

    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a number")

    try:
        raw = json.loads(text, parse_constant=no_constant)
    except (ValueError, RecursionError) as error:
        raise _refuse(path, f"is not JSON ({error})") from None
    if not isinstance(raw, dict) or raw.get("kind") != KIND:
        raise _refuse(path, f"does not hold games kept by aton bench-strength --save (no kind {KIND!r})")
    if raw.get("format") != FORMAT or type(raw.get("format")) is not int:
        raise _refuse(path, f"is in format {raw.get('format')!r}; this version reads format {FORMAT}")
    if set(raw) != {"kind", "format", "bots", "seed", "games"}:
        raise _refuse(path, "must hold exactly kind, format, bots, seed and games")
    bots, seed, games = raw["bots"], raw["seed"], raw["games"]
    if not _pair(bots, lambda name: isinstance(name, str)):
        raise _refuse(path, "bots must be the names of the two bots")
    for name in bots:
        try:
            make_bot(name)
        except ValueError as error:
            raise _refuse(path, f"bots: {error}") from None
    if not _whole(seed):
        raise _refuse(path, f"seed must be a whole number, not {seed!r}")
    if not isinstance(games, list) or not games:
        raise _refuse(path, "games must be a list of at least one game")
    names = (bots[0], bots[1])
    result = TournamentResult(names, seed, True)
    for number, game in enumerate(games):
        try:
            result.games.append(_game(game, number, names, seed))
        except ValueError as error:
            raise _refuse(path, str(error)) from None
    return result


def join(parts: list[TournamentResult]) -> TournamentResult:
    """Head-to-head pieces played one after another as one series: the same bots, each piece starting at the
    seed where the one before ended, every piece but the last with an even number of games (so that the
    colours go on alternating).  The result is the series one run from the first seed would have played.

    >>> from aton.bots.tournament import TournamentResult
    >>> join([TournamentResult(("a", "b"), 0, True), TournamentResult(("a", "b"), 2, True)])
    Traceback (most recent call last):
    ...
    ValueError: the piece from seed 2 does not start where the one before ended (seed 0)
    """
    if not parts:
        raise ValueError("no piece to join")
    first = parts[0]
    games = list(first.games)
    for part in parts[1:]:
        end = first.seed + len(games)
        if part.bots != first.bots:
            raise ValueError(
                f"the piece from seed {part.seed} is {part.bots[0]} vs {part.bots[1]}, not "
                f"{first.bots[0]} vs {first.bots[1]}"
            )
        if part.seed != end:
            raise ValueError(f"the piece from seed {part.seed} does not start where the one before ended (seed {end})")
        if len(games) % 2:
            raise ValueError(
                f"the piece ending at seed {end - 1} has an odd number of games: colours would not alternate"
            )
        offset = len(games)
        games.extend(replace(game, number=game.number + offset) for game in part.games)
    return TournamentResult(first.bots, first.seed, True, games)


def run(
    first: str,
    second: str,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    *,
    load_paths: list[Path] | None = None,
    save_path: Path | None = None,
    log: Callable[[str], None] | None = None,
) -> str:
    """Play (or load) the head to head, keep it if asked, and return the report with the load average."""
    if load_paths:
        try:
            result = join([load(path) for path in load_paths])
        except StrengthFileError:
            raise
        except ValueError as error:
            raise StrengthFileError(str(error)) from None
    else:
        done = [0]

        def progress(game: GameSummary) -> None:
            done[0] += 1
            if log is not None and (done[0] % 50 == 0 or done[0] == games):
                log(f"{done[0]} of {games} games played")

        result = play(first, second, games, seed, jobs, on_game=progress)
    if save_path is not None:
        save(result, save_path)
    text = report(result)
    if not load_paths and hasattr(os, "getloadavg"):
        one, five, fifteen = os.getloadavg()
        text += f"\nload average at the end: {one:.2f}, {five:.2f}, {fifteen:.2f}"
    return text


__all__ = [
    "Interval",
    "Strength",
    "StrengthFileError",
    "elo",
    "join",
    "load",
    "mean_interval",
    "play",
    "report",
    "run",
    "save",
    "strength",
]
