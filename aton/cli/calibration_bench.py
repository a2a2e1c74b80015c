"""How honest the chances are: ``aton bench-calibration``.

Plays a fixed set of bot games of mixed strength (:data:`PAIRS`, colours alternated) and compares every
chance the app shows with who won, for both players, each from its own view:

- ``graph``: the review's chance-to-win graph (after every decision but the last);
- ``judged``: the review's chance for the move played, at every third decision of the player, as the review
  settles it (judged again with more imagined games where the review does so);
- ``coach``: the coach's chance for its shown candidate that the player then played (every sixth decision).

Both players' chances are read: one game's outcome is a win for one and a loss for the other, so the
share of games Red happened to win in a set (a large part of the noise of a few dozen games) cannot
pass for a fault of the chances.

Two sets of games are played: one to fit the mapping (seeds from :data:`FIT_SEED`) and another to
measure it (seeds from :data:`TEST_SEED`), so the figures after the mapping are measured on games it
was not fitted on.  On the first set, each form of :data:`aton.bots.calibration.FORMS` is tried by
cross-validation over games (fitted on four fifths of the games, scored on the fifth left out) and the
one with the least held-out Brier score is fitted on the whole set.  On the second set the report gives
the expected calibration error (10 bins) and the Brier score of each source before and after the
mapping, each with a 95% interval from resampling whole games (every point of one game shares its
outcome, so the game is the unit of chance).  ``--fit`` writes the mapping of each source that makes
the second set better (both figures) into ``aton/bots/calibration.json``; ``--diagram FILE.svg`` draws
the reliability diagram of the mapping the app applies after the run (the one written with ``--fit``, the
shipped one without).

Game ``i`` of a set is played with seed ``S + i`` and reviewed with seed ``i``, so ``--jobs J`` (processes)
gives exactly the serial result; ``--minutes M`` stops starting games after M minutes of wall time and
keeps as many games in each set as both have (the report says how many: ``--games`` that many gives the
same figures).  ``--reuse FILE`` takes the games a file kept by ``--save`` holds instead of playing them
again, so a set can grow from one run to the next (the same code and the same shipped mapping, which the
review's verdicts read, play a game to the same chances).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ..actions import BLUE, RED, Player, parse_action
from ..bots.calibration import (
    FORMS,
    IDENTITY,
    SOURCES,
    Calibration,
    Point,
    bootstrap,
    brier,
    ece,
    fit_form,
    log_loss,
    reliability,
    shipped,
    view_progress,
)
from ..bots.coach import CANDIDATES_SHOWN, COACH_ITERATIONS, search_candidates
from ..bots.heuristics import BoardInfo, class_representatives
from ..bots.review import DEEPEN_TIMES, DEFAULT_SAMPLES, Judgement, deepens, graph_chance, judge
from ..bots.review import DEFAULT_ITERATIONS as REVIEW_ITERATIONS
from ..bots.tournament import SerialExecutor, play_game
from ..game import Game, GameView
from ..position import record_start
from ..runtime import CAN_START_PROCESSES, cpu_time

PAIRS = (
    ("greedy", "easy"),
    ("easy", "greedy"),
    ("easy", "medium"),
    ("medium", "easy"),
    ("random", "easy"),
    ("easy", "random"),
    ("easy", "easy"),
    ("greedy", "greedy"),
)
"""Red and Blue of game 0, 1, 2, ... (in turn): mixed strengths, each bot as both colours, and two even
matches.  Medium plays a quarter of the games: its own thinking is most of a game's cost."""

FIT_SEED = 5000
TEST_SEED = 9000
JUDGE_EVERY = 3
"""The review's judgement is read at every third decision of each player (shifted by the game's number):
the points of one game share its outcome, so the game, not the point, is what costs and what informs."""
COACH_EVERY = 6
"""The coach is asked at every sixth decision of each player (shifted by the game's number)."""
FOLDS = 5
"""Cross-validation over the first set's games: game ``i`` is left out in fold ``i % FOLDS``."""

Sample = tuple[float, int, float, int, float]
"""``(raw chance, imagined games behind it, outcome for Red, game number, progress)``."""
Samples = dict[str, list[Sample]]
GameChances = tuple[Samples, dict[str, Any]]
"""One game's raw chances per source and the processor time its parts took (:func:`gather_game`)."""


def gather_game(
    seed: int, number: int, coach_iterations: int = COACH_ITERATIONS, review_iterations: int = REVIEW_ITERATIONS
) -> GameChances:
    """Play game ``number`` (seed ``seed + number``) and read both players' chances as the app shows them,
    each from its own view (:func:`read_chances`).  Returns the raw chances, each with the outcome for its
    player, and the processor time each part took."""
    red, blue = PAIRS[number % len(PAIRS)]
    tick = cpu_time()
    game, _summary = play_game(red, blue, seed + number)
    played = cpu_time() - tick
    samples, times = read_chances(game, number, coach_iterations=coach_iterations, review_iterations=review_iterations)
    return samples, {"pair": f"{red}-{blue}", "red_won": _outcomes(game)[RED], "play": played, **times}


def _outcomes(game: Game) -> dict[Player, float]:
    result = game.result
    assert result is not None
    return {player: 0.5 if result.winner is None else float(result.winner is player) for player in (RED, BLUE)}


def read_chances(
    game: Game,
    number: int,
    *,
    coach_iterations: int = COACH_ITERATIONS,
    review_iterations: int = REVIEW_ITERATIONS,
    mapping: Calibration | None = None,
) -> tuple[Samples, dict[str, float]]:
    """Both players' raw chances in the finished ``game``, as the review with seed ``number`` and the coach
    with that seed show them (the review's and the coach's own functions, seeds and budgets):

    - the review's graph after every decision but the last (:func:`aton.bots.review.graph_chance`);
    - the review's judgement of every :data:`JUDGE_EVERY`-th decision of the player, as the review settles
      it: judged with ``mapping`` (the shipped one by default), and judged again deeper where the review
      does so (:func:`aton.bots.review.deepens`, against the player's next judged decision); the chance
      kept is the one the review shows, before the mapping (``Judgement.raw``);
    - the coach at every :data:`COACH_EVERY`-th decision: the chance of its shown candidate
      (:data:`aton.bots.coach.CANDIDATES_SHOWN`) that the player then played.

    The verdicts, and so which losses are measured again and which decisions judged deeper, read the
    chances mapped: the chances read depend a little on the mapping they were judged with.  Returns the
    samples and the processor time of the review and the coach (and ``deeper``: how many of the judged
    chances read were judged again deeper)."""
    samples: Samples = {source: [] for source in SOURCES}
    times = {"review": 0.0, "coach": 0.0, "deeper": 0.0}
    won = _outcomes(game)
    start, texts = record_start(game.record())
    info = BoardInfo.of(start.rules.layout)
    actions = [parse_action(text) for text in texts]
    before: dict[int, GameView] = {}
    progress: dict[int, float] = {}

    def graph(decisions: int) -> None:
        for player in (RED, BLUE):
            view = start.view(player)
            if view.result is None:
                tick = cpu_time()
                raw = graph_chance(view, seed=number, number=decisions, samples=DEFAULT_SAMPLES, calibration=IDENTITY)
                samples["graph"].append((raw, DEFAULT_SAMPLES, won[player], number, view_progress(view)))
                times["review"] += cpu_time() - tick

    graph(0)
    decided = {RED: 0, BLUE: 0}
    sampled: list[int] = []
    for decisions, action in enumerate(actions, start=1):
        player = action.player
        view = start.view(player)
        before[decisions] = start.clone(events=False).view(player)
        progress[decisions] = view_progress(view)
        turn = decided[player] + number
        if turn % JUDGE_EVERY == 0:
            sampled.append(decisions)
        if turn % COACH_EVERY == 0 and len(class_representatives(view.legal_actions(player), info)) > 1:
            tick = cpu_time()
            candidates = search_candidates(view, iterations=coach_iterations, seed=number, calibration=IDENTITY)
            for candidate in candidates[:CANDIDATES_SHOWN]:
                if _alike(candidate.action, action, info):
                    chance = (candidate.win_rate, candidate.visits, won[player], number, progress[decisions])
                    samples["coach"].append(chance)
                    break
            times["coach"] += cpu_time() - tick
        decided[player] += 1
        start.apply(action)
        graph(decisions)

    tick = cpu_time()
    judged: dict[tuple[int, int], Judgement] = {}

    def judgement(decision: int, times_deeper: int = 1) -> Judgement:
        key = (decision, times_deeper)
        if key not in judged:
            judged[key] = judge(
                before[decision],
                actions[decision - 1],
                iterations=review_iterations * times_deeper,
                seed=number,
                number=decision,
                calibration=mapping,
            )
        return judged[key]

    def forced(decision: int) -> bool:
        view = before[decision]
        return len(class_representatives(view.legal_actions(view.viewer), info)) == 1

    for decision in sampled:
        if forced(decision):
            continue
        first = judgement(decision)
        player = actions[decision - 1].player
        following = next(
            (
                later
                for later in range(decision + 1, len(actions) + 1)
                if actions[later - 1].player is player and not forced(later)
            ),
            None,
        )
        shown = first
        if following is not None and deepens(first, judgement(following)):
            shown = judgement(decision, DEEPEN_TIMES)
            times["deeper"] += 1
        raw = shown.raw[0]
        games = shown.games[0] if 0.0 < raw < 1.0 else 0
        samples["judged"].append((raw, games, won[player], number, progress[decision]))
    times["review"] += cpu_time() - tick
    return samples, times


def _alike(a: Any, b: Any, info: BoardInfo) -> bool:
    if a == b:
        return True
    square_a, square_b = getattr(a, "square", None), getattr(b, "square", None)
    if square_a is None or square_b is None or type(a) is not type(b):
        return False
    return bool(info.klass[(square_a[0] - 1) * 12 + square_a[1]] == info.klass[(square_b[0] - 1) * 12 + square_b[1]])


def collect(
    games: int,
    *,
    jobs: int = 1,
    minutes: float | None = None,
    coach_iterations: int = COACH_ITERATIONS,
    log: Callable[[str], None] | None = None,
    known: Mapping[tuple[int, int], GameChances] | None = None,
) -> tuple[Samples, Samples, list[dict[str, Any]]]:
    """Play both sets, game ``i`` of the first then game ``i`` of the second, on ``jobs`` processes.

    Games in ``known`` (by ``(set seed, number)``, see :func:`kept_games`) are taken from there, not played
    again.  Stops starting games after ``minutes`` of wall time; returns the samples of the first ``n``
    games of each set (``n`` the games both sets finished) and the time each game took."""
    done: dict[tuple[int, int], GameChances] = dict(known or {})
    order = [(seed, number) for number in range(games) for seed in (FIT_SEED, TEST_SEED) if (seed, number) not in done]
    executor: Executor = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 and CAN_START_PROCESSES else SerialExecutor()
    deadline = None if minutes is None else time.monotonic() + 60 * minutes
    try:
        pending: list[tuple[tuple[int, int], Future[GameChances]]] = []
        tasks = iter(order)

        def top_up() -> None:
            while len(pending) < 2 * jobs and (deadline is None or time.monotonic() < deadline):
                task = next(tasks, None)
                if task is None:
                    return
                pending.append((task, executor.submit(gather_game, task[0], task[1], coach_iterations)))

        top_up()
        while pending:
            task, future = pending.pop(0)
            done[task] = future.result()
            if log is not None:
                times = done[task][1]
                log(
                    f"  {'fit' if task[0] == FIT_SEED else 'test'} game {task[1] + 1} ({times['pair']}): "
                    f"play {times['play']:.1f} s, review {times['review']:.1f} s, coach {times['coach']:.1f} s"
                )
            top_up()
    finally:
        executor.shutdown()
    kept = 0
    while kept < games and (FIT_SEED, kept) in done and (TEST_SEED, kept) in done:
        kept += 1
    sets: list[Samples] = []
    for seed in (FIT_SEED, TEST_SEED):
        merged: Samples = {source: [] for source in SOURCES}
        for number in range(kept):
            for source in SOURCES:
                merged[source].extend(done[seed, number][0][source])
        sets.append(merged)
    timing = [done[seed, number][1] for number in range(kept) for seed in (FIT_SEED, TEST_SEED)]
    return sets[0], sets[1], timing


# ----------------------------------------------------------------- measuring
def points(samples: list[Sample], mapping: Calibration, source: str) -> list[Point]:
    """``(chance shown, outcome)`` pairs: the raw chances through ``mapping``."""
    return [(mapping.apply(source, raw, games, t), outcome) for raw, games, outcome, _n, t in samples]


def by_game(samples: list[Sample], mapping: Calibration, source: str) -> list[list[Point]]:
    """:func:`points`, one list per game (the unit the intervals resample)."""
    groups: dict[int, list[Point]] = {}
    for sample in samples:
        groups.setdefault(sample[3], []).extend(points([sample], mapping, source))
    return list(groups.values())


def _clamped(samples: list[Sample], source: str) -> list[tuple[float, float, float]]:
    """The fitting data: chances clamped as they are shown, with outcome and progress."""
    return [(IDENTITY.apply(source, raw, games), outcome, t) for raw, games, outcome, _n, t in samples]


def fit_source(samples: list[Sample], source: str, form: str) -> Calibration:
    """A mapping of ``form`` for ``source`` fitted on ``samples`` (``identity``: none)."""
    if form == "identity":
        return IDENTITY
    return Calibration({source: fit_form(form, _clamped(samples, source))}, {source: form})


def cross_validate(samples: list[Sample], source: str) -> dict[str, tuple[float, float, float]]:
    """Per form (and ``identity``): held-out ``(Brier, ECE, log loss)`` over :data:`FOLDS` folds of games."""
    scores = {}
    for form in ("identity", *FORMS):
        held_out: list[Point] = []
        for fold in range(FOLDS):
            train = [s for s in samples if s[3] % FOLDS != fold]
            test = [s for s in samples if s[3] % FOLDS == fold]
            held_out += points(test, fit_source(train, source, form), source)
        scores[form] = (brier(held_out), ece(held_out), log_loss(held_out))
    return scores


def choose(fit_set: Samples) -> tuple[Calibration, dict[str, dict[str, tuple[float, float, float]]]]:
    """Per source, the form with the least held-out Brier score, fitted on the whole first set."""
    mappings: dict[str, tuple[float, ...]] = {}
    forms: dict[str, str] = {}
    table = {}
    for source in SOURCES:
        table[source] = cross_validate(fit_set[source], source)
        best = min(table[source], key=lambda form: table[source][form][0])
        fitted = fit_source(fit_set[source], source, best)
        if source in fitted.mappings:
            mappings[source] = fitted.mappings[source]
            forms[source] = fitted.forms[source]
    return Calibration(mappings, forms), table


def measure(samples: list[Sample], mapping: Calibration, source: str) -> dict[str, Any]:
    """ECE and Brier of ``samples`` through ``mapping``, each with its 95% interval over games."""
    shown = points(samples, mapping, source)
    groups = by_game(samples, mapping, source)
    intervals = bootstrap(groups)
    return {
        "points": len(shown),
        "games": len(groups),
        "ece": ece(shown),
        "ece95": intervals["ece"],
        "brier": brier(shown),
        "brier95": intervals["brier"],
    }


def better(raw: dict[str, Any], mapped: dict[str, Any]) -> bool:
    """Whether a mapping makes the held-out set better: a lower ECE and no higher Brier score."""
    return bool(mapped["ece"] < raw["ece"] and mapped["brier"] <= raw["brier"])


def best_of(test: Samples, raw: dict[str, dict[str, Any]], refit: Calibration, in_use: Calibration) -> Calibration:
    """Per source, the mapping to keep: the refit where it makes the ``test`` samples better than raw and than the
    mapping in use; else the mapping in use where it makes them better than raw; else none."""
    mappings, forms = {}, {}
    for source in SOURCES:
        fresh = measure(test[source], refit, source) if source in refit.mappings else None
        old = measure(test[source], in_use, source) if source in in_use.mappings else None
        if fresh is not None and better(raw[source], fresh) and (old is None or better(old, fresh)):
            mappings[source], forms[source] = refit.mappings[source], refit.forms.get(source, "platt")
        elif old is not None and better(raw[source], old):
            mappings[source], forms[source] = in_use.mappings[source], in_use.forms.get(source, "platt")
    return Calibration(mappings, forms)


def table(test: Samples, mapping: Calibration, raw: dict[str, dict[str, Any]] | None = None) -> str:
    """ECE and Brier per source, before (raw; ``raw`` if already measured) and after ``mapping``, on the
    ``test`` samples, with intervals."""
    lines = [
        "source   games points   ECE raw [95%]         -> mapped [95%]          Brier raw [95%]       -> mapped [95%]"
    ]
    for source in SOURCES:
        before = raw[source] if raw is not None else measure(test[source], IDENTITY, source)
        after = measure(test[source], mapping, source)
        lines.append(
            f"{source:<8} {before['games']:>5} {before['points']:>6}   {_with(before, 'ece')} -> "
            f"{_with(after, 'ece')}   {_with(before, 'brier')} -> {_with(after, 'brier')}"
        )
    return "\n".join(lines)


def _with(figures: dict[str, Any], name: str) -> str:
    low, high = figures[f"{name}95"]
    return f"{figures[name]:.3f} [{low:.3f}-{high:.3f}]"


def _describe(mapping: Calibration) -> str:
    return ", ".join(
        f"{s} {mapping.forms.get(s, 'platt')} ({' '.join(f'{v:.3f}' for v in mapping.mappings[s])})"
        if s in mapping.mappings and mapping.forms.get(s) != "isotonic"
        else f"{s} isotonic ({len(mapping.mappings[s]) // 2} knots)"
        if s in mapping.mappings
        else f"{s} none"
        for s in SOURCES
    )


# ----------------------------------------------------------------- drawing
COLOURS = {"graph": "#1f77b4", "judged": "#d62728", "coach": "#2ca02c"}


def diagram(test: Samples, mapping: Calibration, title: str = "Reliability of the chances") -> str:
    """A reliability diagram as SVG: per source, the share won against the chance shown (10 bins), raw
    (left) and mapped (right); each dot's area grows with its points, and a bin needs 5 to be drawn."""
    size, margin, gap = 300, 48, 70
    width = 2 * size + gap + 2 * margin
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{size + 2 * margin + 60}" '
        f'font-family="sans-serif" font-size="12">',
        f'<text x="{margin}" y="20" font-size="14">{title}</text>',
    ]
    for panel, (name, shown_by) in enumerate((("raw", IDENTITY), ("mapped", mapping))):
        left = margin + panel * (size + gap)
        parts += [
            f'<text x="{left}" y="{margin - 8}">{name}</text>',
            f'<rect x="{left}" y="{margin}" width="{size}" height="{size}" fill="none" stroke="#888"/>',
            f'<line x1="{left}" y1="{margin + size}" x2="{left + size}" y2="{margin}" stroke="#bbb" '
            'stroke-dasharray="4 4"/>',
        ]
        for tick in range(0, 11, 2):
            x = left + size * tick / 10
            y = margin + size - size * tick / 10
            parts.append(f'<text x="{x - 8:.0f}" y="{margin + size + 16}">{tick * 10}%</text>')
            parts.append(f'<text x="{left - 34}" y="{y + 4:.0f}">{tick * 10}%</text>')
        parts.append(f'<text x="{left + size / 2 - 40:.0f}" y="{margin + size + 34}">chance shown</text>')
        if panel == 0:
            parts.append(
                f'<text x="12" y="{margin + size / 2 + 50:.0f}" '
                f'transform="rotate(-90 12 {margin + size / 2 + 50:.0f})">share of games won</text>'
            )
        for row, source in enumerate(SOURCES):
            shown = points(test[source], shown_by, source)
            bins = [(mean, won, n) for n, mean, won in reliability(shown) if n >= 5]
            path = " ".join(f"{left + size * mean:.1f},{margin + size - size * won:.1f}" for mean, won, _n in bins)
            colour = COLOURS[source]
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
            for mean, won, n in bins:
                radius = min(8.0, 2.0 + n**0.5 / 4)
                parts.append(
                    f'<circle cx="{left + size * mean:.1f}" cy="{margin + size - size * won:.1f}" '
                    f'r="{radius:.1f}" fill="{colour}" fill-opacity="0.6"/>'
                )
            label_y = margin + size + 56 + 0 * row
            label_x = left + 100 * row
            parts.append(f'<rect x="{label_x}" y="{label_y - 10}" width="12" height="12" fill="{colour}"/>')
            parts.append(f'<text x="{label_x + 16}" y="{label_y}">{source} {ece(shown):.3f}</text>')
    parts.append(
        f'<text x="{margin}" y="{size + 2 * margin + 50}" fill="#555">the figure after each source: its ECE '
        "(10 bins) on games the mapping was not fitted on</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# ----------------------------------------------------------------- the whole benchmark
class KeptChancesError(ValueError):
    """A file given to ``--load`` or ``--reuse`` is not chances kept by ``--save``."""


def _load(path: Path) -> tuple[Samples, Samples, list[dict[str, Any]], int]:
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))

        def read(name: str) -> Samples:
            return {
                s: [(float(r), int(g), float(y), int(n), float(t)) for r, g, y, n, t in saved[name][s]] for s in SOURCES
            }

        return read("fit"), read("test"), list(saved.get("timing", [])), int(saved["games"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise KeptChancesError(f"{path} does not hold chances kept by --save ({error})") from error


def kept_games(path: Path) -> dict[tuple[int, int], GameChances]:
    """The games a file kept by ``--save`` holds, each by ``(set seed, number)``, for :func:`collect` to
    take instead of playing them again (the same code plays the same game to the same chances)."""
    fit_set, test_set, timing, games = _load(path)
    if len(timing) != 2 * games:
        raise KeptChancesError(f"{path} keeps {len(timing)} game times for {games} games in each set")
    kept: dict[tuple[int, int], GameChances] = {}
    for index, (seed, samples) in enumerate(((FIT_SEED, fit_set), (TEST_SEED, test_set))):
        for number in range(games):
            kept[seed, number] = ({source: [] for source in SOURCES}, timing[2 * number + index])
        for source in SOURCES:
            for sample in samples[source]:
                if (seed, sample[3]) not in kept:
                    raise KeptChancesError(f"{path} keeps a chance of game {sample[3]}, not one of its {games} games")
                kept[seed, sample[3]][0][source].append(sample)
    return kept


def _timing_lines(timing: list[dict[str, Any]], wall: float | None, jobs: int) -> Iterator[str]:
    if not timing:
        return
    parts = ("play", "review", "coach")
    total = {part: sum(t[part] for t in timing) for part in parts}
    count = len(timing)
    yield (
        f"processor time per game: {sum(total.values()) / count:.2f} s "
        f"(play {total['play'] / count:.2f}, review {total['review'] / count:.2f}, coach {total['coach'] / count:.2f})"
        f"; {sum(total.values()):.0f} s in all for {count} games"
        + (f", {wall:.0f} s of wall time on {jobs} process{'es' if jobs > 1 else ''}" if wall is not None else "")
    )
    deeper = sum(t.get("deeper", 0) for t in timing)
    yield f"judged chances read from a deeper judgement (as the review shows them): {deeper:g}"
    pairs: dict[str, list[float]] = {}
    for t in timing:
        pairs.setdefault(t["pair"], []).append(sum(t[part] for part in parts))
    yield "  per pair: " + ", ".join(f"{pair} {sum(v) / len(v):.2f} s" for pair, v in pairs.items())


def run(
    games: int,
    *,
    write_fit: bool = False,
    diagram_path: Path | None = None,
    load_path: Path | None = None,
    save_path: Path | None = None,
    jobs: int = 1,
    minutes: float | None = None,
    fit_path: Path | None = None,
    log: Callable[[str], None] = print,
    reuse_path: Path | None = None,
    in_use: Calibration | None = None,
) -> str:
    """The whole benchmark: gather (or load) both sets, choose and fit, measure; returns the report.

    With ``write_fit``, each source's better mapping on the second set, of the refit and the one in use
    (``in_use``, default the shipped one: :func:`best_of`), goes to ``fit_path`` (default: the package's
    ``calibration.json``): a refit that does no better never drops a mapping that does."""
    wall: float | None = None
    known: dict[tuple[int, int], GameChances] = {}
    if load_path is not None:
        fit_set, test_set, timing, games = _load(load_path)
    else:
        if reuse_path is not None:
            known = kept_games(reuse_path)
            log(f"{len(known) // 2} games of each set taken from {reuse_path}, not played again")
        limit = f" (or as many as {minutes:g} minutes allow)" if minutes is not None else ""
        log(f"playing and reviewing {games} games{limit} to fit, and as many others to measure ...")
        began = time.monotonic()
        fit_set, test_set, timing = collect(games, jobs=jobs, minutes=minutes, log=log, known=known)
        wall = time.monotonic() - began if len(known) < len(timing) else None
        games = len(timing) // 2
        if save_path is not None:
            save_path.write_text(
                json.dumps({"games": games, "fit": fit_set, "test": test_set, "timing": timing}), encoding="utf-8"
            )
    chosen, scores = choose(fit_set)
    raw_test = {s: measure(test_set[s], IDENTITY, s) for s in SOURCES}
    kept = Calibration(
        {s: v for s, v in chosen.mappings.items() if better(raw_test[s], measure(test_set[s], chosen, s))},
        {s: k for s, k in chosen.forms.items() if s in chosen.mappings},
    )
    lines = [
        f"{games} games of mixed strength to fit (seeds from {FIT_SEED}), {games} others to measure "
        f"(seeds from {TEST_SEED}); both players' views; pairs {', '.join(f'{r}-{b}' for r, b in PAIRS)}",
        *_timing_lines(timing, wall, jobs),
        *(
            [f"  (the wall time is that of the games played; {len(known) // 2} of each set were kept from before)"]
            if wall is not None and known
            else []
        ),
        f"forms tried by {FOLDS}-fold cross-validation over the first set's games "
        "(held-out Brier / ECE / log loss; the least Brier is chosen):",
    ]
    for source in SOURCES:
        lines.append(
            f"  {source:<8} "
            + ", ".join(f"{form} {b:.4f}/{e:.3f}/{ll:.4f}" for form, (b, e, ll) in scores[source].items())
        )
    lines += [
        "chosen and fitted on the whole first set: " + _describe(chosen),
        f"measured on the second set (95% intervals over its {games} games):",
        table(test_set, chosen, raw_test),
        "makes the second set better (lower ECE, Brier no higher), so kept: " + _describe(kept),
    ]
    current = shipped() if in_use is None else in_use
    if current.mappings:
        lines += [
            "the shipped mapping (" + _describe(current) + ") on the second set:",
            table(test_set, current, raw_test),
        ]
    written = best_of(test_set, raw_test, kept, current)
    for name, index in (("first", 0), ("second", 1)):
        red_won = [t["red_won"] for t in timing[index::2] if "red_won" in t]
        if red_won:
            lines.append(f"{name} set: Red won {sum(red_won):g} of {len(red_won)} games (draws count half)")
    if write_fit:
        target = fit_path or Path(__file__).resolve().parent.parent / "bots" / "calibration.json"
        target.write_text(
            json.dumps(
                {
                    "about": "Mappings of the search's chances (forms: aton.bots.calibration.FORMS), fitted by "
                    "aton bench-calibration --fit on the games of FIT_SEED, kept only for the sources they make "
                    "better on the games of TEST_SEED.",
                    "games": games,
                    "forms": {s: written.forms[s] for s in written.mappings},
                    "mappings": {s: [round(v, 6) for v in written.mappings[s]] for s in written.mappings},
                },
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )
        lines.append(
            f"written to {target} (per source, the better on the second set of the refit and the shipped): "
            + _describe(written)
        )
    if diagram_path is not None:
        # the mapping the app applies after this run: the one written, or the one shipped
        diagram_path.write_text(diagram(test_set, written if write_fit else current), encoding="utf-8")
        lines.append(f"reliability diagram written to {diagram_path}")
    return "\n".join(lines)


__all__ = [
    "COACH_EVERY",
    "FIT_SEED",
    "FOLDS",
    "JUDGE_EVERY",
    "PAIRS",
    "TEST_SEED",
    "KeptChancesError",
    "best_of",
    "better",
    "by_game",
    "choose",
    "collect",
    "cross_validate",
    "diagram",
    "fit_source",
    "gather_game",
    "kept_games",
    "measure",
    "points",
    "read_chances",
    "run",
    "table",
]
