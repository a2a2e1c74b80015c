"""Honest chances: the search's raw chances to win mapped to what happens, and how to tell them.

The search scores its imagined games with a heuristic (:func:`aton.bots.heuristics.win_probability`),
so its raw chances are not frequencies: over many bot games, "35%" was followed by a win 48% of the
time.  ``aton bench-calibration`` plays a fixed set of bot games, compares every chance the app shows
(the review's graph, the review's judged chances, the coach's candidates) with who won, and fits one
mapping per source (Platt scaling: ``logistic(a * logit(raw) + b)``).  The fitted numbers are data
(``calibration.json`` next to this module), measured on other games than those they were fitted on.

A chance that rests on few imagined games is told with a range (:func:`chance_words`), and a chance
is never told as a sure win or loss unless the game is over.

>>> mapping = Calibration({"graph": (1.0, 0.0)})
>>> round(mapping.apply("graph", 0.7), 6)
0.7
>>> mapping.apply("graph", 1.0, games=0)  # a finished game: exact
1.0
>>> round(mapping.apply("graph", 1.0, games=10), 3)  # all ten imagined games won: not a certainty
0.95
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources

from ..i18n import gtext, percent

SOURCES = ("graph", "judged", "coach")
"""The chances the app shows: the review's graph, the review's judged moves, the coach's candidates."""

FEW_GAMES = 40
"""A chance resting on fewer imagined games than this is told as a range."""

_FILE = "calibration.json"


@dataclass(frozen=True)
class Calibration:
    """One Platt mapping ``(a, b)`` per source; a source without one is left as it is."""

    mappings: Mapping[str, tuple[float, float]] = field(default_factory=dict)

    def apply(self, source: str, raw: float, games: int | None = None) -> float:
        """The calibrated chance for a ``raw`` chance of ``source`` measured on ``games`` imagined games.

        ``games=0`` means an exact value (a finished game): returned as it is.  With ``games``, a raw
        chance of 0 or 1 (every imagined game lost or won) is first moved half a game inwards.
        """
        if games == 0 or math.isnan(raw):
            return raw
        low = 0.5 / games if games else 1e-4
        clamped = min(max(raw, low), 1.0 - low)
        a, b = self.mappings.get(source, (1.0, 0.0))
        return _logistic(a * _logit(clamped) + b)


IDENTITY = Calibration()
"""No mapping: the raw chances (the benchmark collects these)."""


def load() -> Calibration:
    """The mappings shipped in ``calibration.json`` (the identity if the file has none)."""
    try:
        raw = json.loads(resources.files("aton.bots").joinpath(_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return IDENTITY
    mappings = {}
    for source in SOURCES:
        pair = raw.get("mappings", {}).get(source)
        if pair is not None:
            a, b = (float(value) for value in pair)
            if not (math.isfinite(a) and math.isfinite(b) and a > 0):
                raise ValueError(f"{_FILE}: the mapping of {source} must be two numbers with a > 0, not {pair}")
            mappings[source] = (a, b)
    return Calibration(mappings)


_SHIPPED: list[Calibration] = []


def shipped() -> Calibration:
    """:func:`load`, read once."""
    if not _SHIPPED:
        _SHIPPED.append(load())
    return _SHIPPED[0]


def _logit(p: float) -> float:
    return math.log(p / (1.0 - p))


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


# ----------------------------------------------------------------- measuring
Point = tuple[float, float]
"""``(chance, outcome)``: a chance to win and what happened (1 won, 0 lost, 1/2 a draw)."""


def fit(points: Iterable[Point], steps: int = 50) -> tuple[float, float]:
    """The Platt mapping ``(a, b)`` that best predicts the outcomes (least log loss, Newton's method).

    Exact chances (0 or 1) are left out: they are not mapped.

    >>> said_80_won_60 = [(0.8, 1.0)] * 6 + [(0.8, 0.0)] * 4 + [(0.2, 0.0)] * 6 + [(0.2, 1.0)] * 4
    >>> a, b = fit(said_80_won_60)
    >>> round(Calibration({"graph": (a, b)}).apply("graph", 0.8), 3)
    0.6
    """
    data = [(_logit(p), y) for p, y in points if 0.0 < p < 1.0]
    a, b = 1.0, 0.0
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in data:
            q = _logistic(a * x + b)
            error, weight = q - y, q * (1.0 - q)
            ga += error * x
            gb += error
            haa += weight * x * x
            hab += weight * x
            hbb += weight
        haa += 1e-9
        hbb += 1e-9
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-10:
            break
    return a, b


def reliability(points: Sequence[Point], bins: int = 10) -> list[tuple[int, float, float]]:
    """Per bin of chance (0-10%, 10-20%, ...): ``(count, mean chance, share won)``."""
    table = [[0, 0.0, 0.0] for _ in range(bins)]
    for p, y in points:
        row = table[min(int(p * bins), bins - 1)]
        row[0] += 1
        row[1] += p
        row[2] += y
    return [(int(n), s / n if n else 0.0, w / n if n else 0.0) for n, s, w in table]


def ece(points: Sequence[Point], bins: int = 10) -> float:
    """Expected calibration error: the mean gap between chance and share won, bins weighted by size.

    >>> ece([(0.25, 0.0), (0.25, 0.0), (0.25, 1.0), (0.25, 0.0)])
    0.0
    """
    total = len(points)
    if not total:
        return 0.0
    return sum(n * abs(mean - won) for n, mean, won in reliability(points, bins)) / total


def brier(points: Sequence[Point]) -> float:
    """Mean squared gap between chance and outcome (0 is perfect; always saying 50% scores 0.25)."""
    return sum((p - y) ** 2 for p, y in points) / len(points) if points else 0.0


# ----------------------------------------------------------------- telling
def chance_words(chance: float, games: int, lang: str = "en") -> str:
    """A chance as people should read it: a range when few imagined games stand behind it.

    >>> chance_words(0.72, 300)
    '72%'
    >>> chance_words(0.72, 12)
    'between 44% and 89%'
    >>> chance_words(0.9996, 500)
    'more than 99%'
    """
    if games and games < FEW_GAMES:
        low, high = _wilson(chance, games)
        return gtext(
            lang, "chance to win", "between {low} and {high}", low=percent(low, lang), high=percent(high, lang)
        )
    if 0.0 < chance < 1.0:
        if chance > 0.99:
            return gtext(lang, "chance to win", "more than {limit}", limit=percent(0.99, lang))
        if chance < 0.01:
            return gtext(lang, "chance to win", "less than {limit}", limit=percent(0.01, lang))
    return percent(chance, lang)


def _wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


__all__ = [
    "FEW_GAMES",
    "IDENTITY",
    "SOURCES",
    "Calibration",
    "brier",
    "chance_words",
    "ece",
    "fit",
    "load",
    "reliability",
    "shipped",
]
