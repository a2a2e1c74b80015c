"""How long a game review takes, and how stable its verdicts are between seeds.

``python -m aton bench-review`` reviews one game (the shipped ``close-game``
by default) once per review seed, on one core, and prints the time of each
review, the time per decision of the game and per judged decision, the
verdict counts, and the share of judged decisions whose verdict changes when
only the review's seed changes (the default strength is chosen to keep it
below 10%).  The machine's load average is printed too: wall times grow when
other programs run at the same time; the processor time of the review does not.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any

from ..actions import Player
from ..bots.review import DEFAULT_ITERATIONS, DEFAULT_SAMPLES, Review, Verdict, review


@dataclass(frozen=True)
class ReviewTiming:
    """One review of the benchmark and its wall time."""

    seed: int
    seconds: float
    review: Review
    cpu_seconds: float = 0.0
    """Processor time of the review (other programs running at the same time do not count)."""


def pairwise_changes(reviews: list[Review]) -> float:
    """The share of judged decisions whose verdict differs between two of the reviews, averaged over the pairs.

    >>> pairwise_changes([])
    0.0
    """
    shares = [
        verdict_changes([first, second])[0] / max(verdict_changes([first, second])[1], 1)
        for i, first in enumerate(reviews)
        for second in reviews[i + 1 :]
    ]
    return sum(shares) / len(shares) if shares else 0.0


def verdict_changes(reviews: list[Review]) -> tuple[int, int]:
    """``(changed, judged)``: judged decisions whose verdict is not the same in every review.

    The reviews are of the same game and player, with different seeds.

    >>> verdict_changes([])
    (0, 0)
    """
    if not reviews:
        return (0, 0)
    columns = list(zip(*(r.decisions for r in reviews), strict=True))
    judged = [column for column in columns if column[0].verdict is not None]
    changed = sum(1 for column in judged if len({j.verdict for j in column}) > 1)
    return (changed, len(judged))


def run(
    record: dict[str, Any],
    player: Player,
    seeds: int = 3,
    iterations: int = DEFAULT_ITERATIONS,
    samples: int = DEFAULT_SAMPLES,
) -> list[ReviewTiming]:
    """Review ``record`` for ``player`` with review seeds 0, 1, ... ``seeds - 1`` and time each review."""
    timings = []
    for seed in range(seeds):
        start, cpu = time.perf_counter(), time.process_time()
        result = review(record, player, seed=seed, iterations=iterations, samples=samples)
        timings.append(ReviewTiming(seed, time.perf_counter() - start, result, time.process_time() - cpu))
    return timings


def report(timings: list[ReviewTiming], name: str) -> str:
    """The figures of :func:`run` as text."""
    first = timings[0].review
    decisions = first.total_decisions
    judged = len(first.judged())
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    lines = [
        f"review of {first.player.label} in {name}: {decisions} decisions in the game, {len(first.decisions)} by "
        f"{first.player.label} ({judged} judged, {len(first.decisions) - judged} forced)",
        f"strength: {first.iterations} imagined games per search, {first.samples} playouts per graph point; "
        f"one core; load average before the end: {load} (on {os.cpu_count()} cores)",
    ]
    for timing in timings:
        counts = timing.review.counts()
        lines.append(
            f"seed {timing.seed}: {timing.seconds:.1f} s ({timing.cpu_seconds:.1f} s of processor time), "
            f"{1000 * timing.seconds / max(decisions, 1):.0f} ms per decision of the game "
            f"({1000 * timing.cpu_seconds / max(decisions, 1):.0f} ms processor), "
            f"{1000 * timing.seconds / max(judged, 1):.0f} ms per judged decision; "
            + ", ".join(f"{counts[verdict]} {verdict.value}" for verdict in Verdict)
        )
    seconds = sorted(t.seconds for t in timings)
    lines.append(f"time: best {seconds[0]:.1f} s, median {seconds[len(seconds) // 2]:.1f} s, worst {seconds[-1]:.1f} s")
    cpu = sorted(t.cpu_seconds for t in timings)
    lines.append(f"processor time: best {cpu[0]:.1f} s, median {cpu[len(cpu) // 2]:.1f} s, worst {cpu[-1]:.1f} s")
    if len(timings) > 1:
        changed, total = verdict_changes([t.review for t in timings])
        lines.append(
            f"verdict stability: {changed} of {total} judged decisions change verdict between the "
            f"{len(timings)} seeds ({changed / max(total, 1):.1%}); between two seeds: "
            f"{pairwise_changes([t.review for t in timings]):.1%} on average"
        )
    return "\n".join(lines)


def random_game_record(seed: int) -> dict[str, Any]:
    """The record of a game of two random bots from ``seed`` (the "random play" of the benchmark).

    >>> random_game_record(0)["format"]
    'aton-record/1'
    """
    import random

    from ..bots import RandomBot
    from ..game import new_game

    game = new_game(seed)
    bot = RandomBot()
    chooser = random.Random(f"random-play/{seed}")
    while game.result is None:
        player = game.to_act[0]
        game.apply(bot.decide(game.view(player), player, chooser, None))
    return game.record()


@dataclass(frozen=True)
class RandomPlay:
    """What :func:`random_play` measured over all its games."""

    changed: int
    """Judged decisions whose verdict is not the same for every seed."""
    judged: int
    pairwise: float
    """The share of judged decisions whose verdict differs between two seeds, averaged over the pairs."""
    seconds: float
    """Processor time of the reviews."""
    decisions: int
    """Decisions of the games, each counted once per review."""
    counts: dict[Verdict, float]
    """Verdicts over all the games, on average per seed."""


def random_play(
    games: int, seeds: int = 2, iterations: int = DEFAULT_ITERATIONS, samples: int = DEFAULT_SAMPLES
) -> RandomPlay:
    """Review Red in ``games`` random games with ``seeds`` review seeds each."""
    changed = judged = decisions = 0
    seconds = 0.0
    pairs = 0.0
    counts = dict.fromkeys(Verdict, 0.0)
    for number in range(games):
        record = random_game_record(number)
        timings = run(record, Player.RED, seeds, iterations, samples)
        reviews = [t.review for t in timings]
        one, total = verdict_changes(reviews)
        changed += one
        judged += total
        pairs += pairwise_changes(reviews) * total
        seconds += sum(t.cpu_seconds for t in timings)
        decisions += sum(t.review.total_decisions for t in timings)
        for result in reviews:
            for verdict, count in result.counts().items():
                counts[verdict] += count / len(reviews)
    return RandomPlay(changed, judged, pairs / max(judged, 1), seconds, decisions, counts)


def random_report(games: int, seeds: int, iterations: int, samples: int) -> str:
    """:func:`random_play` as text."""
    found = random_play(games, seeds, iterations, samples)
    counts = ", ".join(f"{found.counts[verdict]:.1f} {verdict.value}" for verdict in Verdict)
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    return (
        f"random play: Red reviewed in {games} games of two random bots, {seeds} review seeds each, "
        f"{iterations} imagined games per search; load average before the end: {load}\n"
        f"verdicts per review of all {games} games (average over the seeds): {counts}\n"
        f"verdict stability: {found.changed} of {found.judged} judged decisions change verdict between the "
        f"{seeds} seeds ({found.changed / max(found.judged, 1):.1%}); between two seeds: {found.pairwise:.1%}\n"
        f"processor time: {100 * found.seconds / max(found.decisions, 1):.2f} s per 100 decisions of a game"
    )


__all__ = [
    "RandomPlay",
    "ReviewTiming",
    "pairwise_changes",
    "random_game_record",
    "random_play",
    "random_report",
    "report",
    "run",
    "verdict_changes",
]
