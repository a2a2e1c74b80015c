"""Honest chances: the search's raw chances to win mapped to what happens, and how to tell them.

The search scores its imagined games with an evaluation (the fitted model of :mod:`aton.bots.evaluation`
for the coach and the review; before, a heuristic, over whose chances "35%" was followed by a win 48% of
the time), so its raw chances are not frequencies.  ``aton bench-calibration`` plays a fixed set of bot
games, compares every chance the app shows (the review's graph, the review's judged chances, the coach's
candidates) with who won, and fits one mapping per source (one of :data:`FORMS`, chosen by
cross-validation).  The fitted numbers are data (``calibration.json`` next to this module), measured on
other games than those they were fitted on.

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
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..actions import BLUE, RED
from ..i18n import gtext, percent

SOURCES = ("graph", "judged", "coach")
"""The chances the app shows: the review's graph, the review's judged moves, the coach's candidates."""

FEW_GAMES = 40
"""A chance resting on fewer imagined games than this is told as a range."""

_FILE = "calibration.json"


FORMS = ("temperature", "platt", "beta", "platt-progress", "isotonic")
"""The forms a mapping of one source can take (``t`` is the game's :func:`progress`, ``L = logit(raw)``):

- ``temperature`` ``(a,)``: ``logistic(a * L)`` (50% stays 50%: one number, the least to learn);
- ``platt`` ``(a, b)``: ``logistic(a * L + b)``;
- ``beta`` ``(a, c, b)``: ``logistic(a * ln(raw) - c * ln(1 - raw) + b)`` (Platt's two tails bent apart);
- ``platt-progress`` ``(a, b, c, d)``: ``logistic((a + c * t) * L + b + d * t)``;
- ``isotonic`` ``(x1, y1, x2, y2, ...)``: a rising curve through the knots, flat beyond them.
"""

ROUND_SCALE = 12
"""The round by which :func:`progress` says a game is (about) over."""


def progress(round_number: int, scores: tuple[int, int]) -> float:
    """How far a game has gone, from 0 to 1: the higher of its round and its leading score, each scaled.

    >>> progress(1, (0, 0)), round(progress(6, (10, 4)), 3), progress(3, (40, 12))
    (0.0, 0.455, 1.0)
    """
    by_round = (round_number - 1) / (ROUND_SCALE - 1)
    return min(1.0, max(0.0, by_round, max(scores) / 40))


def view_progress(view: Any) -> float:
    """:func:`progress` of a game or view (its round and both public scores)."""
    return progress(view.round, (view.score(RED), view.score(BLUE)))


@dataclass(frozen=True)
class Calibration:
    """One mapping per source (see :data:`FORMS`; Platt ``(a, b)`` unless ``forms`` says otherwise);
    a source without one is left as it is."""

    mappings: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    forms: Mapping[str, str] = field(default_factory=dict)

    def apply(self, source: str, raw: float, games: int | None = None, progress: float = 0.5) -> float:
        """The calibrated chance for a ``raw`` chance of ``source`` measured on ``games`` imagined games.

        ``games=0`` means an exact value (a finished game): returned as it is.  With ``games``, a raw
        chance of 0 or 1 (every imagined game lost or won) is first moved half a game inwards.
        ``progress`` (:func:`view_progress` of the position) matters to a ``platt-progress`` mapping only.
        """
        if games == 0 or math.isnan(raw):
            return raw
        low = 0.5 / games if games else 1e-4
        clamped = min(max(raw, low), 1.0 - low)
        params = self.mappings.get(source)
        if params is None:
            return clamped
        return curve(self.forms.get(source, "platt"), params, clamped, progress)


def curve(form: str, params: Sequence[float], p: float, t: float = 0.5) -> float:
    """A mapping of :data:`FORMS` applied to a chance ``p`` strictly between 0 and 1, at progress ``t``.

    >>> round(curve("isotonic", (0.2, 0.1, 0.6, 0.5), 0.4), 3)
    0.3
    """
    if form == "temperature":
        return _logistic(params[0] * _logit(p))
    if form == "platt":
        a, b = params
        return _logistic(a * _logit(p) + b)
    if form == "beta":
        a, c, b = params
        return _logistic(a * math.log(p) - c * math.log(1.0 - p) + b)
    if form == "platt-progress":
        a, b, c, d = params
        return _logistic((a + c * t) * _logit(p) + b + d * t)
    if form == "isotonic":
        xs, ys = params[0::2], params[1::2]
        if p <= xs[0]:
            return ys[0]
        for x0, y0, x1, y1 in zip(xs, ys, xs[1:], ys[1:], strict=False):
            if p <= x1:
                return y0 if x1 == x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
        return ys[-1]
    raise ValueError(f"unknown mapping form {form!r}; known: {', '.join(FORMS)}")


IDENTITY = Calibration()
"""No mapping: the raw chances (the benchmark collects these)."""


def load() -> Calibration:
    """The mappings shipped in ``calibration.json`` (the identity if the file has none)."""
    try:
        raw = json.loads(resources.files("aton.bots").joinpath(_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return IDENTITY
    return from_dict(raw)


_SIZES = {"temperature": 1, "platt": 2, "beta": 3, "platt-progress": 4}


def from_dict(raw: Mapping[str, Any]) -> Calibration:
    """A calibration from its JSON form: ``{"mappings": {source: [numbers]}, "forms": {source: form}}``.

    >>> from_dict({"mappings": {"graph": [0.8, 0.1]}}).apply("graph", 0.5) > 0.5
    True
    """
    mappings: dict[str, tuple[float, ...]] = {}
    forms: dict[str, str] = {}
    for source in SOURCES:
        numbers = raw.get("mappings", {}).get(source)
        if numbers is None:
            continue
        form = raw.get("forms", {}).get(source, "platt")
        values = tuple(float(value) for value in numbers)
        if form not in FORMS or not all(math.isfinite(v) for v in values):
            raise ValueError(f"{_FILE}: the mapping of {source} must be a known form and numbers, not {numbers}")
        if form == "isotonic":
            xs, ys = values[0::2], values[1::2]
            if len(values) < 4 or len(values) % 2 or list(xs) != sorted(xs) or list(ys) != sorted(ys):
                raise ValueError(f"{_FILE}: the isotonic mapping of {source} must be rising knots, not {numbers}")
        elif len(values) != _SIZES[form] or values[0] <= 0:
            raise ValueError(f"{_FILE}: the {form} mapping of {source} must be {_SIZES[form]} numbers, a > 0")
        mappings[source] = values
        forms[source] = form
    return Calibration(mappings, forms)


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
    a, b = fit_form("platt", [(p, y, 0.5) for p, y in points], steps=steps, ridge=0.0)
    return a, b


Sample = tuple[float, float, float]
"""``(chance, outcome, progress)``: a chance, what happened and how far the game had gone (:func:`progress`)."""


def _features(form: str, p: float, t: float) -> list[float]:
    x = _logit(p)
    if form == "temperature":
        return [x]
    if form == "platt":
        return [x, 1.0]
    if form == "beta":
        return [math.log(p), -math.log(1.0 - p), 1.0]
    if form == "platt-progress":
        return [x, 1.0, t * x, t]
    raise ValueError(f"no features for {form!r}")


_START = {"temperature": [1.0], "platt": [1.0, 0.0], "beta": [1.0, 1.0, 0.0], "platt-progress": [1.0, 0.0, 0.0, 0.0]}


def fit_form(form: str, samples: Sequence[Sample], steps: int = 30, ridge: float = 1e-3) -> tuple[float, ...]:
    """The mapping of ``form`` (:data:`FORMS`) that best predicts the outcomes of ``samples``.

    The logistic forms minimise the log loss (Newton's method, with a small ``ridge`` pulling them
    towards the identity); ``isotonic`` is the rising curve nearest the outcomes (pool adjacent
    violators), its knots at the middle of each pooled block.  Exact chances (0 or 1) are left out.

    >>> said_80_won_60 = [(0.8, 1.0, 0.5)] * 6 + [(0.8, 0.0, 0.5)] * 4 + [(0.2, 0.0, 0.5)] * 6 + [(0.2, 1.0, 0.5)] * 4
    >>> beta = fit_form("beta", said_80_won_60, ridge=0.0)
    >>> round(curve("beta", beta, 0.8), 3), round(curve("isotonic", fit_form("isotonic", said_80_won_60), 0.8), 3)
    (0.6, 0.6)
    """
    data = [(p, y, t) for p, y, t in samples if 0.0 < p < 1.0]
    if form == "isotonic":
        return _isotonic(data)
    rows = [(_features(form, p, t), y) for p, y, t in data]
    prior = _START[form]
    w = list(prior)
    size = len(w)
    weight = ridge * max(1, len(rows))
    for _ in range(steps):
        grad = [weight * (w[i] - prior[i]) for i in range(size)]
        hess = [[weight if i == j else 0.0 for j in range(size)] for i in range(size)]
        for x, y in rows:
            q = _logistic(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            error, curvature = q - y, q * (1.0 - q)
            for i in range(size):
                grad[i] += error * x[i]
                for j in range(i + 1):
                    hess[i][j] += curvature * x[i] * x[j]
        for i in range(size):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        before = _penalised_loss(rows, w, prior, weight)
        for _ in range(40):  # halve the step until the loss falls: far from the answer Newton overshoots
            trial = [wi - si for wi, si in zip(w, step, strict=True)]
            if _penalised_loss(rows, trial, prior, weight) <= before:
                break
            step = [si / 2 for si in step]
        else:
            break
        w = trial
        if sum(abs(si) for si in step) < 1e-7:
            break
    return tuple(w)


def _penalised_loss(
    rows: Sequence[tuple[list[float], float]], w: list[float], prior: list[float], weight: float
) -> float:
    total = weight / 2 * sum((wi - pi) ** 2 for wi, pi in zip(w, prior, strict=True))
    for x, y in rows:
        z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
        # log(1 + e^z) - y z, computed without overflow
        total += (z if z > 0 else 0.0) + math.log1p(math.exp(-abs(z))) - y * z
    return total


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` by Gaussian elimination (the matrix is small and positive definite)."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col] or 1e-12
        for r in range(size):
            if r != col:
                factor = rows[r][col] / head
                rows[r] = [v - factor * h for v, h in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / (rows[i][i] or 1e-12) for i in range(size)]


def _isotonic(data: Sequence[Sample]) -> tuple[float, ...]:
    tied: dict[float, list[float]] = {}
    for p, y, _t in data:
        tied.setdefault(p, [0.0, 0.0, 0.0])
        tied[p][0] += p
        tied[p][1] += y
        tied[p][2] += 1.0
    blocks: list[list[float]] = []  # [sum of chances, sum of outcomes, count]
    for _p, block in sorted(tied.items()):
        blocks.append(block)
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            blocks[-1] = [blocks[-1][k] + last[k] for k in range(3)]
    knots: list[float] = []
    for total_p, total_y, count in blocks:
        knots += [total_p / count, min(max(total_y / count, 1e-3), 1.0 - 1e-3)]
    if len(knots) == 2:
        knots += [knots[0], knots[1]]
    return tuple(knots)


def log_loss(points: Sequence[Point]) -> float:
    """Mean of ``-log`` of the chance given to what happened (a draw counts half each way)."""
    if not points:
        return 0.0
    total = 0.0
    for p, y in points:
        q = min(max(p, 1e-6), 1.0 - 1e-6)
        total -= y * math.log(q) + (1.0 - y) * math.log(1.0 - q)
    return total / len(points)


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


def bootstrap(
    groups: Sequence[Sequence[Point]], resamples: int = 500, seed: int = 0, bins: int = 10
) -> dict[str, tuple[float, float]]:
    """95% intervals of the ECE and the Brier score, by resampling whole ``groups`` (games) with replacement.

    The points of one game share its outcome, so the game, not the point, is the unit drawn.  Each game
    is first summed per bin, so a resample costs a few additions per game.

    >>> games = [[(0.5, 1.0)] * 3, [(0.5, 0.0)] * 3]
    >>> bootstrap(games, resamples=200)["brier"]
    (0.25, 0.25)
    """
    if not groups:
        return {"ece": (0.0, 0.0), "brier": (0.0, 0.0)}
    sums = []
    for points in groups:
        table = [0.0] * (3 * bins + 1)  # per bin: count, chances, outcomes; then the squared errors
        for p, y in points:
            at = 3 * min(int(p * bins), bins - 1)
            table[at] += 1
            table[at + 1] += p
            table[at + 2] += y
            table[-1] += (p - y) ** 2
        sums.append([(i, v) for i, v in enumerate(table) if v])  # a game touches a few bins
    chooser = random.Random(seed)
    eces, briers = [], []
    for _ in range(resamples):
        total = [0.0] * (3 * bins + 1)
        for _ in range(len(sums)):
            for i, v in sums[chooser.randrange(len(sums))]:
                total[i] += v
        count = sum(total[0 : 3 * bins : 3]) or 1.0
        eces.append(sum(abs(total[i + 1] - total[i + 2]) for i in range(0, 3 * bins, 3)) / count)
        briers.append(total[-1] / count)
    low, high = int(0.025 * (resamples - 1)), round(0.975 * (resamples - 1))
    eces.sort()
    briers.sort()
    return {"ece": (eces[low], eces[high]), "brier": (briers[low], briers[high])}


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
    "FORMS",
    "IDENTITY",
    "SOURCES",
    "Calibration",
    "Sample",
    "bootstrap",
    "brier",
    "chance_words",
    "curve",
    "ece",
    "fit",
    "fit_form",
    "from_dict",
    "load",
    "log_loss",
    "progress",
    "reliability",
    "shipped",
    "view_progress",
]
