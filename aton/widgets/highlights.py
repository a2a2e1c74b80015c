"""What to point out on the board for one step of the game: legal squares, counters placed or removed,
the cartouches and temples a step is about, the squares a scoring line counts.

:func:`highlights_for_event` matches every event class (mypy lists this place when a new kind of event
comes), so each step of a resolution shows on the board.

>>> from aton.events import CounterPlaced
>>> highlights_for_event(CounterPlaced("red", (2, 5), "Y", False)).placed
frozenset({(2, 5)})
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import assert_never

from .. import data
from ..actions import PLAYERS, Player, Square
from ..events import (
    Assigned,
    CardsDrawn,
    Cartouche1Compared,
    CounterPlaced,
    CounterRemoved,
    Event,
    Exchanged,
    GameOver,
    KingdomFull,
    KingdomReturned,
    NoStock,
    OrderDecided,
    PlacementAllowed,
    RemovalAllowed,
    RemovalSkipped,
    Reshuffled,
    Revealed,
    RoundEnded,
    RoundStarted,
    ScoreLine,
    ScoringRemoval,
    ScoringStarted,
    SentToKingdom,
    TurnStarted,
    WarCardsMoved,
    WarTurn,
)
from ..game import SQUARES
from ..rules import Layout, SquareKind
from .shapes import Target


@dataclass(frozen=True)
class Highlights:
    """What to point out on top of a state.

    - ``legal``: squares the acting player may choose now;
    - ``placed``: squares that just received a counter;
    - ``removed``: ``(square, owner)`` of counters just removed (drawn as ghosts);
    - ``squares``: squares a scoring line counts (black, bonus or blue squares);
    - ``temples``: temples to frame (opened by cartouche 3, or being scored);
    - ``cartouches``: ``(player, number)`` of cartouches being compared or used;
    - ``kingdom`` / ``score``: frame the Kingdom of the Dead / the score track;
    - ``cursor``: the square under keyboard focus; ``hover``: the target under the mouse;
    - ``suggested``: the square the coach suggests (a star-like mark: a ring and a cross).
    """

    legal: frozenset[Square] = frozenset()
    placed: frozenset[Square] = frozenset()
    removed: tuple[tuple[Square, Player], ...] = ()
    squares: frozenset[Square] = frozenset()
    temples: frozenset[int] = frozenset()
    cartouches: frozenset[tuple[Player, int]] = frozenset()
    kingdom: bool = False
    score: bool = False
    cursor: Square | None = None
    hover: Target | None = None
    suggested: Square | None = None

    def merged(self, other: Highlights) -> Highlights:
        """Both sets of highlights together (``other``'s cursor and hover win when set)."""
        return Highlights(
            legal=self.legal | other.legal,
            placed=self.placed | other.placed,
            removed=self.removed + tuple(r for r in other.removed if r not in self.removed),
            squares=self.squares | other.squares,
            temples=self.temples | other.temples,
            cartouches=self.cartouches | other.cartouches,
            kingdom=self.kingdom or other.kingdom,
            score=self.score or other.score,
            cursor=other.cursor if other.cursor is not None else self.cursor,
            hover=other.hover if other.hover is not None else self.hover,
            suggested=other.suggested if other.suggested is not None else self.suggested,
        )


def _both(number: int) -> frozenset[tuple[Player, int]]:
    return frozenset((player, number) for player in PLAYERS)


def _upto(count: int) -> frozenset[int]:
    return frozenset(range(1, count + 1))


def _kind_squares(layout: Layout, *kinds: SquareKind) -> frozenset[Square]:
    return frozenset(square for square in SQUARES if layout.kind(square) in kinds)


def highlights_for_event(event: Event, layout: Layout | None = None) -> Highlights:
    """What ``event`` touched: the cartouche compared, counters removed, squares placed, the temple scored...

    >>> from aton.events import CounterPlaced
    >>> highlights_for_event(CounterPlaced("red", (2, 5), "Y", automatic=False)).placed
    frozenset({(2, 5)})
    """
    layout = layout or Layout()
    match event:
        case Revealed():
            return Highlights(cartouches=frozenset((p, n) for p in PLAYERS for n in range(1, data.CARTOUCHE_COUNT + 1)))
        case Cartouche1Compared(scorer=scorer):
            return Highlights(cartouches=_both(1), score=scorer is not None)
        case OrderDecided() | WarTurn() | WarCardsMoved():
            return Highlights(cartouches=_both(2))
        case TurnStarted(player=player, temples=temples):
            return Highlights(cartouches=frozenset({(Player.parse(player), 3)}), temples=_upto(temples))
        case RemovalAllowed(player=player, temples=temples):
            return Highlights(cartouches=frozenset({(Player.parse(player), 2)}), temples=_upto(temples))
        case RemovalSkipped(player=player):
            return Highlights(cartouches=frozenset({(Player.parse(player), 2)}))
        case PlacementAllowed(player=player):
            return Highlights(cartouches=frozenset({(Player.parse(player), 4)}))
        case CounterRemoved(square=square, owner=owner, destination=destination):
            return Highlights(removed=((_square(square), Player.parse(owner)),), kingdom=destination == "kingdom")
        case CounterPlaced(square=square):
            return Highlights(placed=frozenset({_square(square)}))
        case SentToKingdom() | KingdomFull() | RoundEnded() | ScoringStarted() | KingdomReturned():
            return Highlights(kingdom=True)
        case ScoreLine(category=category):
            if category.startswith("temple"):
                temple = int(category[-1])
                squares = _kind_squares(layout, SquareKind.BLUE) if temple == data.TEMPLE_COUNT else frozenset()
                return Highlights(temples=frozenset({temple}), squares=squares, score=True)
            if category == "black":
                return Highlights(squares=_kind_squares(layout, SquareKind.BLACK), score=True)
            return Highlights(squares=_kind_squares(layout, SquareKind.BONUS1, SquareKind.BONUS2), score=True)
        case ScoringRemoval(temples=temples):
            return Highlights(temples=frozenset(int(t) for t in temples))
        case GameOver():
            return Highlights(score=True)
        case RoundStarted() | Reshuffled() | CardsDrawn() | Exchanged() | Assigned() | NoStock():
            return Highlights()
        case _:
            assert_never(event)


def _square(square: Square) -> Square:
    """A square of an event as a tuple of two whole numbers (a record read from JSON may hold a list)."""
    return (int(square[0]), int(square[1]))


def highlights_for_events(events: Iterable[Event], layout: Layout | None = None) -> Highlights:
    """The squares that several events touched (placed and removed), for "what just happened".

    Only placements and removals are kept: the frames of cartouches and
    temples belong to single steps.  A square placed then emptied again shows
    as removed.
    """
    placed: set[Square] = set()
    removed: list[tuple[Square, Player]] = []
    for event in events:
        if not isinstance(event, (CounterPlaced, CounterRemoved)):
            continue
        step = highlights_for_event(event, layout)
        placed |= step.placed
        for square, owner in step.removed:
            placed.discard(square)
            removed = [r for r in removed if r[0] != square] + [(square, owner)]
        for square in step.placed:
            removed = [r for r in removed if r[0] != square]
    return Highlights(placed=frozenset(placed), removed=tuple(removed))
