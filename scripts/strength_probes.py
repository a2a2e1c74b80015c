"""Where a search bot's strength comes from: play it against another bot with one part of it changed.

    .venv/bin/python scripts/strength_probes.py --probe sighted --games 200 --jobs 2
    .venv/bin/python scripts/strength_probes.py --probe assignments --games 200 --jobs 2
    .venv/bin/python scripts/strength_probes.py --probe squares --games 200 --jobs 2
    .venv/bin/python scripts/strength_probes.py --probe model --set kingdom=0 --games 200 --jobs 2

- ``sighted``: the search is dealt the true hidden cards (the opponent's hand or face-down cards and both
  draw piles in their true order) instead of imagined ones: how much the hidden information costs.
- ``assignments``: the search lays the cards; the greedy bot chooses every removal and placement.
- ``squares``: the search chooses removals and placements; the greedy bot lays the cards.
- ``model``: the search as it is, but for the fitted evaluation's coefficients named by ``--set NAME=VALUE``
  (:data:`aton.bots.evaluation.FEATURE_NAMES`): what one of the model's terms does to the play.

The games are those of ``aton simulate`` (game ``i`` has seed ``--seed + i``, colours alternated, the bots'
own generators), so a probe can be compared game by game with the bot as it is.  Prints the wins, the win
rate with its 95% Wilson interval and the processor time per decision; ``--json`` adds every game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aton import Game, GameView, Player
from aton.actions import Action
from aton.bots import GreedyBot, MctsBot
from aton.bots.base import Bot, Progress, Steps, run_steps
from aton.bots.evaluation import FEATURE_NAMES, Evaluation
from aton.bots.mcts import PRESETS
from aton.bots.tournament import play_many
from aton.game import Deal, Phase

PROBES = ("sighted", "assignments", "squares", "model")


class SplitBot(Bot):
    """The search for the card assignments (``search_assignments``) or for the squares, greedy for the rest."""

    def __init__(self, preset: str, search_assignments: bool) -> None:
        self.search = MctsBot(PRESETS[preset], name=preset)
        self.greedy = GreedyBot()
        self.search_assignments = search_assignments
        self.name = f"{preset} ({'assignments' if search_assignments else 'squares'} only)"

    def decide(self, view: GameView, player: Player, rng: random.Random, on_progress: Progress | None) -> Action:
        return run_steps(self.decide_steps(view, player, rng, on_progress))

    def decide_steps(
        self, view: GameView, player: Player, rng: random.Random, on_progress: Progress | None
    ) -> Steps[Action]:
        if (view.phase is Phase.ASSIGN) != self.search_assignments:
            yield from ()
            return self.greedy.decide(view, player, rng, on_progress)
        return (yield from self.search.decide_steps(view, player, rng, on_progress))


def _true_dealer(
    truth: Game, view: GameView, *, events: bool = False, hidden_assignment: str = "assigned"
) -> tuple[Callable[[Any], Deal], Callable[[Deal], Game]]:
    """``view._dealer`` that deals the true hidden cards of ``truth`` every time (the generator is still drawn)."""
    _deal, build = GameView._dealer(view, events=events, hidden_assignment=hidden_assignment)
    opponent = view.viewer.other

    def deal(generator: Any) -> Deal:
        generator.random()
        hand: list[int] | None = None
        assigned: tuple[int, ...] | None = None
        if view._hidden_assignment:
            if hidden_assignment == "hand":
                hand = sorted(truth._assigned[opponent] or ())
            else:
                assigned = tuple(truth._assigned[opponent] or ())
        elif view._hidden_hand:
            hand = sorted(truth._hand[opponent])
        return Deal([list(truth._deck[0]), list(truth._deck[1])], hand, assigned, truth._rng)

    return deal, build


_VIEW = Game.view


def _view_that_remembers(game: Game, player: Player) -> GameView:
    """:meth:`Game.view`, the view keeping the game it comes from (for :class:`SightedBot` only)."""
    view = _VIEW(game, player)
    view.__dict__["_truth"] = game
    return view


class SightedBot(MctsBot):
    """The search dealt the true hidden cards instead of imagined ones (see :func:`_true_dealer`)."""

    def decide_steps(
        self, view: GameView, player: Player, rng: random.Random, on_progress: Progress | None
    ) -> Steps[Action]:
        truth = view.__dict__.pop("_truth", None)
        if truth is None:
            raise RuntimeError("the sighted probe reads views made by its own Game.view (processes started by fork)")
        view.__dict__["_dealer"] = partial(_true_dealer, truth, view)
        return (yield from super().decide_steps(view, player, rng, on_progress))


def set_coefficients(changes: list[str]) -> str:
    """Replace coefficients of the loaded fitted model (``NAME=VALUE`` each); returns them as a name suffix.

    The searches of this process and of its workers (started by fork) read this one loaded model.
    """
    model = Evaluation.load()
    coefficients = list(model.coefficients)
    for change in changes:
        name, _, value = change.partition("=")
        if name not in FEATURE_NAMES:
            raise SystemExit(f"--set {change}: the model's terms are {', '.join(FEATURE_NAMES)}")
        try:
            coefficients[FEATURE_NAMES.index(name)] = float(value)
        except ValueError:
            raise SystemExit(f"--set {change}: the value is not a number") from None
    model.coefficients = tuple(coefficients)
    return ",".join(changes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probe", choices=PROBES, required=True)
    parser.add_argument("--preset", default="medium", choices=sorted(PRESETS))
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result and every game as JSON")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a model coefficient")
    args = parser.parse_args()
    if args.set and args.probe != "model":
        parser.error("--set goes with --probe model")
    if args.probe == "model" and PRESETS[args.preset].evaluation != "fitted":
        parser.error(f"{args.preset} does not search with the fitted model")
    bot: Bot
    if args.probe == "sighted":
        Game.view = _view_that_remembers  # type: ignore[method-assign, assignment]  # this process and its workers only
        bot = SightedBot(PRESETS[args.preset], name=f"{args.preset} (sighted)")
    elif args.probe == "model":
        changed = set_coefficients(args.set)
        bot = MctsBot(PRESETS[args.preset], name=f"{args.preset} ({changed})" if changed else args.preset)
    else:
        bot = SplitBot(args.preset, args.probe == "assignments")
    with ProcessPoolExecutor(args.jobs) as pool:
        result = play_many(bot, args.against, args.games, args.seed, pool, alternate=True)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.text())


if __name__ == "__main__":
    main()
