"""Every step of a game with the state right after it: what a step-through explainer walks.

:func:`timeline` replays a game (or a record) and keeps, for each event, a
copy of the game as it stood just after that event, seen by ``viewer``
(``None`` keeps the full game, for recorded games and teaching).

>>> import aton
>>> game = aton.new_game(seed=7)
>>> for player in game.to_act:
...     game.apply(game.legal_actions(player)[0])
>>> steps = timeline(game)
>>> len(steps) == len(game.events)
True
>>> from aton.events import Revealed
>>> reveal = next(step for step in steps if isinstance(step.event, Revealed))
>>> reveal.state.revealed, reveal.state.score(aton.BLUE)
(True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Player, parse_action
from .events import Event
from .game import Game
from .jsonfile import check_json_value
from .position import ReplayError, record_start


@dataclass(frozen=True)
class Step:
    """One event, the state right after it, and how many decisions had been taken by then.

    ``actions_done`` counts the decision that caused the event.
    """

    number: int
    event: Event
    state: Game
    actions_done: int


def _snapshot(game: Game, viewer: Player | None) -> Game:
    return game.clone() if viewer is None else game.view(viewer)


def timeline(source: Game | dict[str, Any], viewer: Player | None = None) -> list[Step]:
    """The steps of ``source`` (a game, a record or a snapshot), each with the state after its event.

    A record or snapshot is checked as :func:`aton.replay` checks it.
    """
    record = source.record() if isinstance(source, Game) else source
    steps: list[Step] = []
    actions_done = 0

    def observe(game: Game, event: Event) -> None:
        steps.append(Step(len(steps), event, _snapshot(game, viewer), actions_done))

    if not isinstance(source, Game):
        check_json_value(record, ReplayError)
    game, actions = record_start(record)
    for event in game.events:
        observe(game, event)
    game.observe(observe)
    for number, text in enumerate(actions, start=1):
        actions_done = number
        try:
            game.apply(parse_action(text))
        except ValueError as error:
            raise ReplayError("action_illegal", number=number, text=text, reason=error) from None
    game.observe(None)
    return steps
