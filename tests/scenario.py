"""Small helpers for rule scenarios: hand-written positions, both assignments, the events logged.

A scenario reads like the rule book: build a position with :func:`position`
(the snapshot format of :mod:`aton.position`, everything left out taking its
default), let both players assign with :func:`assign`, then look at the state
and at :func:`logged` events.
"""

from __future__ import annotations

import random
from typing import Any

import aton
from aton import data

EMPTY = ". . . ."
EMPTY_TEMPLE = [EMPTY, EMPTY, EMPTY]


def board(
    t1: list[str] | None = None,
    t2: list[str] | None = None,
    t3: list[str] | None = None,
    t4: list[str] | None = None,
) -> list[list[str]]:
    """The ``temples`` field: four temples of three rows each, empty where not given."""
    return [list(t) if t is not None else list(EMPTY_TEMPLE) for t in (t1, t2, t3, t4)]


def position(**fields: Any) -> aton.Game:
    """``aton.Game.from_dict`` with ``seed=1`` and ``round=2`` unless given (round 2: removals count)."""
    fields.setdefault("seed", 1)
    fields.setdefault("round", 2)
    return aton.Game.from_dict(fields)


def hands(red: tuple[int, ...], blue: tuple[int, ...], **extra: Any) -> dict[str, Any]:
    """The ``red`` and ``blue`` fields holding these cards in hand (``extra`` per player, by name)."""
    return {
        "red": {"hand": sorted(red), **extra.get("red_fields", {})},
        "blue": {"hand": sorted(blue), **extra.get("blue_fields", {})},
    }


def assign(game: aton.Game, red: tuple[int, ...], blue: tuple[int, ...]) -> int:
    """Both players put these cards on cartouches 1-4; returns the event count before the reveal."""
    game.apply(aton.Assign(aton.RED, red))
    mark = len(game.events)
    game.apply(aton.Assign(aton.BLUE, blue))
    return mark


def logged(game: aton.Game, kind: str | None = None, since: int = 0) -> list[dict[str, Any]]:
    """The data of the events of ``kind`` (every kind if ``None``) logged from event ``since`` on."""
    return [e.to_dict() for e in game.events[since:] if kind is None or e.kind == kind]


def kinds(game: aton.Game, since: int = 0) -> list[str]:
    """The kinds of the events logged from event ``since`` on."""
    return [e.kind for e in game.events[since:]]


def counters_on_board(game: aton.Game, player: aton.Player) -> int:
    """How many of ``player``'s counters stand in the four temples."""
    return sum(1 for square in aton.SQUARES if game.owner(square) is player)


def squares_of(game: aton.Game, player: aton.Player | None) -> list[aton.Square]:
    """Every square whose occupant is ``player`` (``None``: every empty square)."""
    return [square for square in aton.SQUARES if game.owner(square) is player]


def play_random(game: aton.Game, chooser: random.Random, max_actions: int = 100_000) -> aton.Game:
    """Play ``game`` to its end with choices drawn from ``chooser``; returns the game."""
    for _ in range(max_actions):
        if game.result is not None:
            return game
        options = game.legal_actions(game.to_act[0])
        game.apply(options[chooser.randrange(len(options))])
    raise AssertionError(f"the game did not end within {max_actions} actions")


def play_first_choices(game: aton.Game) -> aton.Game:
    """Play ``game`` to its end always taking the first legal action; returns the game."""
    while game.result is None:
        game.apply(game.legal_actions(game.to_act[0])[0])
    return game


def pile(top: list[int], *elsewhere: list[int] | tuple[int, ...]) -> list[int]:
    """A full draw pile, top first: ``top``, then every card not in ``top`` or ``elsewhere``, lowest first.

    ``elsewhere`` lists the player's other cards (hand, discard...), so the 36 cards add up.
    """
    rest = list(data.DECK)
    for card in [*top, *(c for cards in elsewhere for c in cards)]:
        rest.remove(card)
    return [*top, *sorted(rest)]


def score_lines(game: aton.Game, since: int = 0) -> dict[str, tuple[int, int]]:
    """Each scoring line logged from ``since`` on: category -> (red points, blue points)."""
    return {d["category"]: (d["red_points"], d["blue_points"]) for d in logged(game, "score_line", since)}


def round_with_scoring(temples: list[list[str]], kingdom: list[str], **fields: Any) -> tuple[aton.Game, int]:
    """A round that fills the Kingdom of the Dead without changing the temples; returns (game, event mark).

    Temple 1 must be full and hold at least one blue counter; the Kingdom of the Dead holds 7 counters.
    Both play 1 on cartouche 1 (no points).  Blue plays 1 on cartouche 2 and acts first: Blue removes
    one of their own counters from temple 1 (the first one, row by row) to the Kingdom of the Dead, which
    is now full, and puts a counter back on the same square (the only empty one).  Red plays 2 on
    cartouche 2 (no removal) and 1 on cartouche 4: temple 1 is full and so is the Kingdom, so the
    counter stays in Red's stock.  The round ends with a scoring.
    """
    red = dict(fields.pop("red", {}), hand=[1, 1, 1, 2])
    blue = dict(fields.pop("blue", {}), hand=[1, 1, 1, 1])
    game = position(temples=temples, kingdom=kingdom, red=red, blue=blue, **fields)
    mark = assign(game, (1, 2, 1, 1), (1, 1, 1, 1))
    if game.phase is aton.Phase.REMOVE:
        first_blue = next(square for square in squares_of(game, aton.BLUE) if square[0] == 1)
        game.apply(aton.Remove(aton.BLUE, first_blue))
    return game, mark


def reveal(red: tuple[int, ...], blue: tuple[int, ...], /, **fields: Any) -> tuple[aton.Game, int]:
    """A position where each player holds exactly these cards and assigns them in this order.

    ``fields`` are further position fields (``temples``, ``kingdom``, ``red={"score": 5}``...).
    Returns the game (resolved up to the first decision) and the number of events before the assignments.
    """
    red_fields = dict(fields.pop("red", {}), hand=sorted(red))
    blue_fields = dict(fields.pop("blue", {}), hand=sorted(blue))
    game = position(red=red_fields, blue=blue_fields, **fields)
    mark = len(game.events)
    game.apply(aton.Assign(aton.RED, red))
    game.apply(aton.Assign(aton.BLUE, blue))
    return game, mark


class Clock:
    """A clock the test moves by hand (for long presses and taps)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def placing_game() -> aton.Game:
    """Round 1 of seed 3 after both assigned: Blue places 4 counters in temples 1-3."""
    game = aton.new_game(seed=3)
    game.apply(aton.Assign(aton.RED, (1, 2, 3, 3)))
    game.apply(aton.Assign(aton.BLUE, (1, 1, 3, 4)))
    assert game.phase is aton.Phase.PLACE and game.to_act == (aton.BLUE,)
    return game
