"""A plain-text board: what ``print(game)`` shows.  Public information only.

>>> import aton
>>> print(aton.new_game(seed=1))  # doctest: +ELLIPSIS
Round 1 · assign · to act: red, blue
Score  red 0  blue 0 · Stock  red 29  blue 29 · Exchange  red yes  blue yes
Kingdom of the Dead: . . . . . . . .  (0/8)
Temple 1 difference  Temple 2 5 points    Temple 3 own count   Temple 4 3 x blue
Y.  Y.  G.  G.       G.  G.  Y.  Y.       Y.  Y.  G.  G.       G.  G.  Y.  Y.
...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import data
from .actions import PLAYERS, Player

if TYPE_CHECKING:
    from .game import Game

TEMPLE_TITLES = ("difference", "5 points", "own count", "3 x blue")
_LETTER = {None: ".", 0: "R", 1: "B"}
CELL = 4
BLOCK = CELL * data.COLUMNS_PER_TEMPLE + 5


def render(game: Game) -> str:
    """The public state of ``game`` as lines of text (square: kind code then R, B or .)."""

    def both(query: Callable[[Player], object]) -> str:
        return "  ".join(f"{p.label} {query(p)}" for p in PLAYERS)

    to_act = ", ".join(p.label for p in game.to_act) or "nobody"
    lines = [
        f"Round {game.round} · {game.phase.value} · to act: {to_act}",
        f"Score  {both(game.score)} · Stock  {both(game.stock)} · "
        f"Exchange  {both(lambda p: 'yes' if game.exchange_available(p) else 'no')}",
        "Kingdom of the Dead: "
        + " ".join([_LETTER[int(p)] for p in game.kingdom] + ["."] * (data.KINGDOM_SIZE - len(game.kingdom)))
        + f"  ({len(game.kingdom)}/{data.KINGDOM_SIZE})",
        "".join(f"Temple {t + 1} {TEMPLE_TITLES[t]}".ljust(BLOCK) for t in range(data.TEMPLE_COUNT)).rstrip(),
    ]
    for row in range(data.ROWS_PER_TEMPLE):
        cells = []
        for temple in range(1, data.TEMPLE_COUNT + 1):
            block = ""
            for column in range(data.COLUMNS_PER_TEMPLE):
                square = (temple, row * data.COLUMNS_PER_TEMPLE + column)
                owner = game.owner(square)
                block += f"{game.layout_kind(square).code}{_LETTER[None if owner is None else int(owner)]}".ljust(CELL)
            cells.append(block.ljust(BLOCK))
        lines.append("".join(cells).rstrip())
    if game.revealed:
        cards = "   ".join(f"{p.label} " + " ".join(str(c) for c in (game.assignment(p) or ())) for p in PLAYERS)
        lines.append(f"Cartouches 1-4: {cards}")
    else:
        lines.append(
            "Cartouches: " + "  ".join(f"{p.label} {'face down' if game.has_assigned(p) else 'empty'}" for p in PLAYERS)
        )
    if game.result is not None:
        winner = game.result.winner.label if game.result.winner is not None else "nobody (draw)"
        lines.append(f"Game over: {winner} wins by {game.result.reason.value}")
    return "\n".join(lines)
