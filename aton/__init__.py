"""Aton: the two-player card-driven area-control game, as a rules engine.

>>> import aton
>>> game = aton.new_game(seed=7)
>>> game.apply(aton.Assign(aton.RED, tuple(game.hand(aton.RED))))
>>> game.to_act
(BLUE,)
"""

from .actions import (
    BLUE,
    PLAYERS,
    RED,
    Action,
    Assign,
    Exchange,
    Place,
    Player,
    Remove,
    Square,
    parse_action,
)
from .errors import BotError, EventError
from .events import EVENT_KINDS, Event, event_from_dict
from .explain import explain, rule_of
from .game import (
    SQUARES,
    EndReason,
    Game,
    GameView,
    HiddenInformation,
    IllegalAction,
    Phase,
    Result,
    new_game,
)
from .position import GameFileError, PositionError, ReplayError, load_game, replay
from .refusals import error_text
from .rules import Layout, LayoutError, Rules, SquareKind
from .timeline import Step, timeline

__all__ = [
    "BLUE",
    "EVENT_KINDS",
    "PLAYERS",
    "RED",
    "SQUARES",
    "Action",
    "Assign",
    "BotError",
    "EndReason",
    "Event",
    "EventError",
    "Exchange",
    "Game",
    "GameFileError",
    "GameView",
    "HiddenInformation",
    "IllegalAction",
    "Layout",
    "LayoutError",
    "Phase",
    "Place",
    "Player",
    "PositionError",
    "Remove",
    "ReplayError",
    "Result",
    "Rules",
    "Square",
    "SquareKind",
    "Step",
    "error_text",
    "event_from_dict",
    "explain",
    "load_game",
    "new_game",
    "parse_action",
    "replay",
    "rule_of",
    "timeline",
]
__version__ = "0.1.0"
