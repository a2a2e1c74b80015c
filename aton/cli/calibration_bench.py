"""How honest the chances are: ``aton bench-calibration``.

Plays a fixed set of bot games of mixed strength (:data:`PAIRS`, colours alternated) and compares every
chance the app shows with who won:

- ``graph``: the review's chance-to-win graph (Red's view after every decision but the last);
- ``judged``: the review's chance for each judged move played;
- ``coach``: the coach's chance for its candidate that Red then played (every few decisions).

Two sets of games are played: one to fit the mapping (:func:`aton.bots.calibration.fit`, seeds from
:data:`FIT_SEED`) and another to measure it (seeds from :data:`TEST_SEED`), so the figures after the
mapping are measured on games it was not fitted on.  Prints the expected calibration error (10 bins)
and the Brier score of each source before and after the mapping, and can write the mapping
(``--fit``, into ``aton/bots/calibration.json``) and a reliability diagram (``--diagram FILE.svg``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..actions import RED, parse_action
from ..bots.calibration import IDENTITY, SOURCES, Calibration, brier, ece, fit, reliability, shipped
from ..bots.coach import COACH_ITERATIONS, search_candidates
from ..bots.heuristics import BoardInfo, class_representatives
from ..bots.review import review
from ..bots.tournament import play_game
from ..position import record_start

PAIRS = (
    ("greedy", "easy"),
    ("easy", "greedy"),
    ("easy", "medium"),
    ("medium", "easy"),
    ("greedy", "medium"),
    ("medium", "greedy"),
    ("random", "easy"),
    ("easy", "random"),
)
"""Red and Blue of game 0, 1, 2, ... (in turn): mixed strengths, each bot as both colours."""

FIT_SEED = 5000
TEST_SEED = 9000
COACH_EVERY = 2
"""The coach is asked at every second decision of Red."""

Sample = tuple[float, int, float]
"""``(raw chance, imagined games behind it, outcome for Red)``."""


def collect(
    games: int, seed: int, coach_iterations: int = COACH_ITERATIONS, on_game: Callable[[int], None] | None = None
) -> dict[str, list[Sample]]:
    """Play ``games`` games from ``seed`` and gather the raw chances of every source with the outcome."""
    samples: dict[str, list[Sample]] = {source: [] for source in SOURCES}
    for number in range(games):
        red, blue = PAIRS[number % len(PAIRS)]
        game, _summary = play_game(red, blue, seed + number)
        result = game.result
        assert result is not None
        outcome = 0.5 if result.winner is None else 1.0 if result.winner is RED else 0.0
        record = game.record()
        reviewed = review(record, RED, seed=number, calibration=IDENTITY)
        for point in reviewed.curve[:-1]:
            samples["graph"].append((point.chance, reviewed.samples, outcome))
        for judged in reviewed.judged():
            samples["judged"].append((judged.played_chance, judged.games[0], outcome))
        start, texts = record_start(record)
        info = BoardInfo.of(start.rules.layout)
        decided = 0
        for text in texts:
            action = parse_action(text)
            if action.player is RED:
                view = start.view(RED)
                if decided % COACH_EVERY == 0 and len(class_representatives(view.legal_actions(RED), info)) > 1:
                    for candidate in search_candidates(
                        view, iterations=coach_iterations, seed=number, calibration=IDENTITY
                    ):
                        if _alike(candidate.action, action, info):
                            samples["coach"].append((candidate.win_rate, candidate.visits, outcome))
                            break
                decided += 1
            start.apply(action)
        if on_game is not None:
            on_game(number)
    return samples


def _alike(a: Any, b: Any, info: BoardInfo) -> bool:
    if a == b:
        return True
    square_a, square_b = getattr(a, "square", None), getattr(b, "square", None)
    if square_a is None or square_b is None or type(a) is not type(b):
        return False
    return bool(info.klass[(square_a[0] - 1) * 12 + square_a[1]] == info.klass[(square_b[0] - 1) * 12 + square_b[1]])


def points(samples: list[Sample], mapping: Calibration, source: str) -> list[tuple[float, float]]:
    """``(chance shown, outcome)`` pairs: the raw chances through ``mapping``."""
    return [(mapping.apply(source, raw, games), outcome) for raw, games, outcome in samples]


def fit_all(samples: dict[str, list[Sample]]) -> Calibration:
    """One Platt mapping per source, fitted on ``samples`` (clamped as they are shown)."""
    return Calibration({source: fit(points(samples[source], IDENTITY, source)) for source in SOURCES})


def table(test: dict[str, list[Sample]], mapping: Calibration) -> str:
    """ECE and Brier per source, before (raw) and after ``mapping``, on the ``test`` samples."""
    lines = ["source   points   ECE raw -> mapped   Brier raw -> mapped"]
    for source in SOURCES:
        raw = points(test[source], IDENTITY, source)
        mapped = points(test[source], mapping, source)
        lines.append(
            f"{source:<8} {len(raw):>6}   {ece(raw):.3f} -> {ece(mapped):.3f}      "
            f"{brier(raw):.3f} -> {brier(mapped):.3f}"
        )
    return "\n".join(lines)


def diagram(test: dict[str, list[Sample]], mapping: Calibration, title: str = "Reliability of the chances") -> str:
    """A reliability diagram as SVG: per source, the share won against the chance shown (10 bins)."""
    size, margin = 360, 48
    colours = {"graph": "#1f77b4", "judged": "#d62728", "coach": "#2ca02c"}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 2 * margin + 150}" height="{size + 2 * margin}" '
        f'font-family="sans-serif" font-size="12">',
        f'<text x="{margin}" y="20" font-size="14">{title}</text>',
        f'<rect x="{margin}" y="{margin}" width="{size}" height="{size}" fill="none" stroke="#888"/>',
        f'<line x1="{margin}" y1="{margin + size}" x2="{margin + size}" y2="{margin}" stroke="#bbb" '
        'stroke-dasharray="4 4"/>',
    ]
    for tick in range(0, 11, 2):
        x = margin + size * tick / 10
        y = margin + size - size * tick / 10
        parts.append(f'<text x="{x - 8:.0f}" y="{margin + size + 16}">{tick * 10}%</text>')
        parts.append(f'<text x="{margin - 36}" y="{y + 4:.0f}">{tick * 10}%</text>')
    parts.append(f'<text x="{margin + size / 2 - 50:.0f}" y="{margin + size + 34}">chance shown</text>')
    parts.append(
        f'<text x="12" y="{margin + size / 2 + 30:.0f}" transform="rotate(-90 12 {margin + size / 2 + 30:.0f})">'
        "share of games won</text>"
    )
    for row, source in enumerate(SOURCES):
        shown = points(test[source], mapping, source)
        bins = [(mean, won, n) for n, mean, won in reliability(shown) if n >= 5]
        path = " ".join(f"{margin + size * mean:.1f},{margin + size - size * won:.1f}" for mean, won, _n in bins)
        colour = colours[source]
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for mean, won, n in bins:
            radius = min(8.0, 2.0 + n**0.5 / 4)
            parts.append(
                f'<circle cx="{margin + size * mean:.1f}" cy="{margin + size - size * won:.1f}" r="{radius:.1f}" '
                f'fill="{colour}" fill-opacity="0.6"/>'
            )
        label_y = margin + 20 + 22 * row
        parts.append(f'<rect x="{margin + size + 16}" y="{label_y - 10}" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{margin + size + 34}" y="{label_y}">{source} (ECE {ece(shown):.3f})</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def run(
    games: int,
    *,
    write_fit: bool = False,
    diagram_path: Path | None = None,
    load_path: Path | None = None,
    save_path: Path | None = None,
    log: Callable[[str], None] = print,
) -> str:
    """The whole benchmark: gather (or load) both sets, fit, measure; returns the report."""
    start = time.process_time()
    if load_path is not None:
        saved = json.loads(load_path.read_text(encoding="utf-8"))
        fit_set = {s: [tuple(x) for x in saved["fit"][s]] for s in SOURCES}
        test_set = {s: [tuple(x) for x in saved["test"][s]] for s in SOURCES}
    else:
        log(f"playing and reviewing {games} games to fit, then {games} others to measure ...")
        fit_set = collect(games, FIT_SEED, on_game=lambda n: log(f"  fit game {n + 1}/{games}"))
        test_set = collect(games, TEST_SEED, on_game=lambda n: log(f"  test game {n + 1}/{games}"))
        if save_path is not None:
            save_path.write_text(json.dumps({"fit": fit_set, "test": test_set}), encoding="utf-8")
    fitted = fit_all(fit_set)
    mapping = fitted if write_fit else shipped()
    lines = [
        f"{games} games of mixed strength to fit (seeds from {FIT_SEED}), {games} others to measure "
        f"(seeds from {TEST_SEED}); Red's view; pairs {', '.join(f'{r}-{b}' for r, b in PAIRS)}",
        ("mapping fitted now" if write_fit else "the shipped mapping")
        + " (a, b per source): "
        + ", ".join(
            f"{s} {mapping.mappings.get(s, (1.0, 0.0))[0]:.3f} {mapping.mappings.get(s, (1.0, 0.0))[1]:+.3f}"
            for s in SOURCES
        ),
        table(test_set, mapping),
    ]
    if not write_fit:
        lines += [
            "a mapping fitted now on the first set (a, b per source): "
            + ", ".join(f"{s} {fitted.mappings[s][0]:.3f} {fitted.mappings[s][1]:+.3f}" for s in SOURCES),
            table(test_set, fitted),
        ]
    for name, samples in (("first", fit_set), ("second", test_set)):
        graph = samples["graph"]
        if graph:
            lines.append(
                f"{name} set: Red's mean chance on the graph {sum(p for p, _g, _y in graph) / len(graph):.3f}, "
                f"Red won {sum(y for _p, _g, y in graph) / len(graph):.3f} (weighted by the graph's points)"
            )
    if write_fit:
        target = Path(__file__).resolve().parent.parent / "bots" / "calibration.json"
        target.write_text(
            json.dumps(
                {
                    "about": "Platt mappings logistic(a * logit(raw) + b) of the search's chances, fitted by "
                    "aton bench-calibration --fit on the games of FIT_SEED; measured on those of TEST_SEED.",
                    "games": games,
                    "mappings": {s: [round(v, 6) for v in fitted.mappings[s]] for s in SOURCES},
                },
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )
        lines.append(f"mapping written to {target}")
    if diagram_path is not None:
        diagram_path.write_text(diagram(test_set, mapping), encoding="utf-8")
        lines.append(f"reliability diagram written to {diagram_path}")
    lines.append(f"processor time: {time.process_time() - start:.0f} s")
    return "\n".join(lines)


__all__ = ["FIT_SEED", "PAIRS", "TEST_SEED", "collect", "diagram", "fit_all", "points", "run", "table"]
