"""Fit the search's evaluation at the end of a round (``aton/bots/evaluation.json``) from seeded games.

The search plays each imagined game to the end of the current round and then
judges the position.  This script plays seeded games between quick bots
(``greedy`` with some random moves, now and then ``easy``; or, with ``--players``, one bot against itself,
such as a short search: the model then learns from the search's own games), records every
position where a round has just ended (the next card assignment is due, the
game not over), public information only, with the game's final winner, and
fits a logistic model of the winner on features of the position
(:func:`aton.bots.evaluation.features`).  Whole games are held out to compare
the model's log-loss and accuracy with the hand-made heuristic's
(:func:`aton.bots.heuristics.win_probability`).

Needs numpy (in the development environment, not a dependency of the package; the bots stay pure Python)::

    .venv/bin/python scripts/fit_evaluation.py --games 3000 --jobs 2 --save /tmp/positions.npz
    .venv/bin/python scripts/fit_evaluation.py --load /tmp/positions.npz --write
    .venv/bin/python scripts/fit_evaluation.py --load /tmp/positions.npz --model ahead --write
    .venv/bin/python scripts/fit_evaluation.py --games 2500 --seed 20000 --jobs 2 \
        --players medium:iterations=80,evaluation=ahead --save /tmp/self-play.npz --model ahead

``--model fitted`` (the default) fits the model without the look at the next round's hands, ``--model ahead``
with it (:mod:`aton.bots.lookahead`); ``--write`` stores the coefficients where the search reads that model
(:data:`aton.bots.evaluation.MODELS`: ``evaluation.json``, ``evaluation-ahead.json``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aton import BLUE, RED, Game, Player, data  # noqa: E402
from aton.bots import make_bot  # noqa: E402
from aton.bots.evaluation import AHEAD_NAMES, FEATURE_NAMES, MODELS, board_terms, features  # noqa: E402
from aton.bots.heuristics import BoardInfo, evaluator  # noqa: E402
from aton.bots.lookahead import VictoryGroups, reach  # noqa: E402
from aton.game import Geometry, Phase  # noqa: E402

RAW = 18 + 2 + 2 + 2 + 1 + 2 + 8
"""A position's raw numbers: both players' counts, scores, stock, counters in the Kingdom, the round,
whether each player's hand completes a board victory at once (:mod:`aton.bots.lookahead`), and both hands."""


QUICK = "quick"
"""The players of the games by default: ``greedy`` with some random moves, now and then ``easy``."""


def play(seed: int, players: str = QUICK) -> tuple[list[list[int]], float]:
    """One seeded game: the raw numbers of every position at the start of a round after the first, Red's result.

    ``players`` is :data:`QUICK` or a bot (``"medium:iterations=60"``) that plays both colours, with a
    random move now and then (none, 2% or 5% of its decisions, drawn per colour) so that games differ.
    """
    chooser = random.Random(f"fit/{seed}")
    if players == QUICK:
        names = ["greedy", "greedy"]
        if chooser.random() < 0.15:
            names[chooser.randrange(2)] = "easy"
        noise = [chooser.choice((0.0, 0.03, 0.08, 0.15)) for _ in range(2)]
    else:
        names = [players, players]
        noise = [chooser.choice((0.0, 0.02, 0.05)) for _ in range(2)]
    bots = [make_bot(name) for name in names]
    generators = [random.Random(f"fit/{seed}/{colour}") for colour in ("red", "blue")]
    game = Game(seed, events=False)
    judge = evaluator(BoardInfo.of(game.rules.layout))
    groups = VictoryGroups.of(Geometry.of(game.rules.layout))
    rows: list[list[int]] = []
    current = game.round
    while game.result is None:
        if game.round != current:
            current = game.round
            if game.phase is Phase.ASSIGN:
                kingdom = game.kingdom
                rows.append(
                    [
                        *judge.counts(game.squares),
                        game.score(RED),
                        game.score(BLUE),
                        game.stock(RED),
                        game.stock(BLUE),
                        kingdom.count(RED),
                        kingdom.count(BLUE),
                        game.round,
                        *(
                            int(groups.completes(game.squares, player, game.hand(player) or (), game.stock(player)))
                            for player in (RED, BLUE)
                        ),
                        *hand_numbers(game, RED),
                        *hand_numbers(game, BLUE),
                    ]
                )
        player = game.to_act[0]
        rng = generators[player]
        if noise[player] and rng.random() < noise[player]:
            options = game.legal_actions(player)
            action = options[rng.randrange(len(options))]
        else:
            action = bots[player].choose(game.view(player), rng)
        game.apply(action)
    winner = game.result.winner
    return rows, 0.5 if winner is None else 1.0 if winner is RED else 0.0


def hand_numbers(game: Game, player: Player) -> list[int]:
    """``player``'s hand at the start of the round, sorted (zeros when it does not hold four cards)."""
    hand = sorted(game.hand(player) or ())
    return hand if len(hand) == data.HAND_SIZE else [0] * data.HAND_SIZE


def play_range(seeds: range, players: str = QUICK) -> list[tuple[int, list[list[int]], float]]:
    return [(seed, *play(seed, players)) for seed in seeds]


def generate(games: int, seed: int, jobs: int, players: str = QUICK) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Raw positions, Red's results and game numbers of ``games`` seeded games between ``players``."""
    pieces = [range(seed + i, seed + games, max(1, jobs * 4)) for i in range(max(1, jobs * 4))]
    with ProcessPoolExecutor(jobs) as pool:
        results = [item for chunk in pool.map(play_range, pieces, [players] * len(pieces)) for item in chunk]
    raw, outcome, game_of = [], [], []
    for number, rows, result in sorted(results):
        for row in rows:
            raw.append(row)
            outcome.append(result)
            game_of.append(number)
    return np.array(raw, dtype=float), np.array(outcome), np.array(game_of)


def flipped(raw: np.ndarray) -> np.ndarray:
    """The same positions seen from Blue (the players' numbers swapped)."""
    out = raw.copy()
    out[:, :9], out[:, 9:18] = raw[:, 9:18], raw[:, :9]
    for a in (18, 20, 22, 25):
        out[:, a], out[:, a + 1] = raw[:, a + 1], raw[:, a]
    out[:, 27:31], out[:, 31:35] = raw[:, 31:35], raw[:, 27:31]
    return out


def matrix(raw: np.ndarray) -> np.ndarray:
    """The model's features of each position, for Red."""
    judge = evaluator(BoardInfo.of(Game(0).rules.layout))
    rows = []
    for row in raw:
        scores, stock, kingdom, round_number = row[18:20], row[20:22], row[22:24], row[24]
        counts = row[:18].astype(int).tolist()
        mine, theirs = (int(v) for v in scores)
        my_stock, their_stock = (int(v) for v in stock)
        my_kingdom, their_kingdom = (int(v) for v in kingdom)
        terms = board_terms(counts, judge)
        hands = [tuple(int(v) for v in row[27:31] if v), tuple(int(v) for v in row[31:35] if v)]
        reaches = [reach(mine, theirs, hands[0], hands[1]), reach(theirs, mine, hands[1], hands[0])]
        ahead = (
            float(row[25] - row[26]),
            float(reaches[0] == 2) - float(reaches[1] == 2),
            float(reaches[0] == 1) - float(reaches[1] == 1),
        )
        rows.append(
            features(terms, mine, theirs, my_stock, their_stock, my_kingdom, their_kingdom, int(round_number), ahead)
        )
    return np.array(rows)


def old_chance(raw: np.ndarray) -> np.ndarray:
    """The hand-made heuristic's chance for Red (``win_probability``)."""
    judge = evaluator(BoardInfo.of(Game(0).rules.layout))
    temperature = judge.weights.temperature
    values = [judge.advantage(row[:18].astype(int).tolist(), RED, int(row[18]), int(row[19])) for row in raw]
    return 1.0 / (1.0 + np.exp(-np.array(values) / temperature))


def fit(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression without intercept (Newton's method, an L2 penalty on standardised features)."""
    scale = x.std(axis=0) + 1e-9
    z = x / scale
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        gradient = z.T @ (p - y) + l2 * w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return np.asarray(w / scale)


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def accuracy(p: np.ndarray, y: np.ndarray) -> float:
    decided = y != 0.5
    return float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--players",
        default=QUICK,
        help="who plays the games: 'quick' (greedy, now and then easy; the default) or one bot for both "
        "colours, e.g. 'medium:iterations=60,evaluation=ahead' (games of the search itself)",
    )
    parser.add_argument("--save", type=Path, help="keep the positions played (npz) to fit again")
    parser.add_argument("--load", type=Path, help="fit positions saved before instead of playing")
    parser.add_argument("--holdout", type=float, default=0.25, help="share of the games held out")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--model", choices=sorted(MODELS), default="fitted", help="the model to fit (default fitted)")
    parser.add_argument("--write", action="store_true", help="store the fit where the search reads the model")
    args = parser.parse_args()
    names = FEATURE_NAMES if args.model == "ahead" else tuple(n for n in FEATURE_NAMES if n not in AHEAD_NAMES)
    path = MODELS[args.model]
    if args.load:
        loaded = np.load(args.load)
        raw, outcome, game_of = loaded["raw"], loaded["outcome"], loaded["game"]
        if raw.ndim != 2 or raw.shape[1] != RAW:
            raise SystemExit(
                f"{args.load}: positions of {raw.shape[-1]} numbers, not {RAW}: saved by another version of this "
                "script (before the positions kept both hands); play them again with --games"
            )
    else:
        if args.players != QUICK:
            try:
                make_bot(args.players)  # refused before any game is played
            except ValueError as error:
                raise SystemExit(f"--players: {error}") from None
        raw, outcome, game_of = generate(args.games, args.seed, args.jobs, args.players)
        if args.save:
            np.savez(args.save, raw=raw, outcome=outcome, game=game_of)
    games = np.unique(game_of)
    held = set(np.random.default_rng(0).choice(games, int(len(games) * args.holdout), replace=False).tolist())
    test = np.array([g in held for g in game_of])
    both_raw = np.vstack([raw, flipped(raw)])
    both_y = np.concatenate([outcome, 1 - outcome])
    both_test = np.concatenate([test, test])
    x = matrix(both_raw)[:, [FEATURE_NAMES.index(name) for name in names]]
    w = fit(x[~both_test], both_y[~both_test], args.l2)
    new = 1.0 / (1.0 + np.exp(-(x @ w)))
    old = old_chance(both_raw)
    stored_coefficients = json.loads(path.read_text(encoding="utf-8"))["coefficients"]
    stored = 1.0 / (1.0 + np.exp(-(x @ np.array([stored_coefficients.get(name, 0.0) for name in names]))))
    print(f"{len(games)} games, {len(raw)} positions ({test.sum()} held out, from {len(held)} games)")
    for name, value in zip(names, w, strict=True):
        print(f"  {name:>16} {value:+.4f}")
    print(f"old: the heuristic; stored: {path.name} as it is; new: this fit")
    chances = (("old", old), ("stored", stored), ("new", new))
    for label, mask in (("fitted on", ~both_test), ("held out", both_test)):
        losses = " ".join(f"{name} {log_loss(p[mask], both_y[mask]):.4f}" for name, p in chances)
        hits = " ".join(f"{name} {accuracy(p[mask], both_y[mask]):.3f}" for name, p in chances)
        print(f"{label}: log-loss {losses}; accuracy {hits}")
    if args.write:
        w_all = fit(x, both_y, args.l2)
        path.write_text(
            json.dumps(
                {
                    "about": "Logistic model of the winner at the end of a round"
                    + (", with a look at the next round's hands" if args.model == "ahead" else "")
                    + " (scripts/fit_evaluation.py).",
                    "games": len(games),
                    "positions": len(raw),
                    "l2": args.l2,
                    "coefficients": {n: round(float(v), 6) for n, v in zip(names, w_all, strict=True)},
                },
                indent=2,
            )
            + "\n"
        )
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
