"""A look past the end of the round: what the next hands allow at once.

The search plays each imagined game to the end of the current round and then judges the position.
A position where one player is three counters from a whole temple and will draw the cards to take it
is nearly lost for the other, whatever the points say; seen only as a "threat" term, it is worth a few
points.  The imagined game knows the next hands (the top cards of its dealt piles), so the judgement can
ask what the next round will answer (:func:`ahead`, the features of the ``ahead`` evaluation,
:data:`aton.bots.evaluation.AHEAD_NAMES`):

- **a board victory** (:meth:`VictoryGroups.completes`): can the player lay its four cards so that its own
  turn alone fills a temple, every yellow square or every green square?

  - Cartouche 3 must open the highest temple of the group that the player does not hold yet.
  - Cartouche 4 must place a counter on every square of the group still empty or held by the opponent
    (and the player must have that many counters in stock).
  - The opponent's counters in the group must go first: cartouche 2 removes ``value - 2`` of them.
  - A 1 on cartouche 2 removes one of the player's own counters: it costs nothing when the player has no
    counter in the open temples or one outside the group, else one more counter to place.

- **40 points at cartouche 1** (:func:`reach`): whatever the opponent lays there, or unless it lays its
  highest card there.

The opponent's turn may still spoil a board victory (it may act first, remove or block); how often it does
is what the fitted model learns from its coefficients.

>>> import aton
>>> from aton.game import Geometry
>>> game = aton.new_game(seed=1)
>>> groups = VictoryGroups.of(Geometry.of(game.rules.layout))
>>> squares = [aton.RED] * 9 + [None] * 39
>>> groups.completes(squares, aton.RED, (1, 2, 3, 4), 20)
True
>>> groups.completes(squares, aton.RED, (1, 1, 2, 2), 20)
False
>>> groups.completes(squares, aton.BLUE, (4, 4, 4, 4), 20)
False
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import permutations
from operator import itemgetter
from typing import TypeAlias

from .. import data
from ..actions import BLUE, RED, Player
from ..game import Geometry

_SIZE = data.SQUARES_PER_TEMPLE
_MOST = data.CARD_VALUES[-1]
_SPAN = data.CARD_VALUES[-1] - data.CARD_VALUES[0]
"""The most a card on cartouche 1 can beat the opponent's by."""


Need: TypeAlias = tuple[int, int, int, tuple[bool, ...]]
"""Of one group: counters to place, opposing counters to remove first, the highest temple to open, and by the
number of temples open whether a 1 on cartouche 2 costs nothing (the player's own counters in reach, if any,
are not all in the group)."""


def _occupants_of(group: tuple[int, ...]) -> Callable[[Sequence[Player | None]], tuple[Player | None, ...]]:
    """A function giving the occupants of ``group``'s squares as a tuple (one square too: a board may have a
    single yellow or green square)."""
    if len(group) == 1:
        (flat,) = group
        return lambda squares: (squares[flat],)
    return itemgetter(*group)


@cache
def orderings(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct ways of laying ``hand`` on cartouches 1-4."""
    return tuple(sorted(set(permutations(hand))))


@dataclass(frozen=True)
class VictoryGroups:
    """The groups of squares whose whole holding wins at once: each temple, every yellow, every green square."""

    groups: tuple[tuple[int, ...], ...]
    """The flats of each group."""
    _occupants: tuple[Callable[[Sequence[Player | None]], tuple[Player | None, ...]], ...] = field(
        init=False, compare=False, hash=False, repr=False
    )
    _needs: dict[Hashable, tuple[tuple[Need, ...], ...]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    _known: dict[tuple[object, ...], bool] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_occupants", tuple(_occupants_of(group) for group in self.groups))

    @classmethod
    @cache
    def of(cls, geometry: Geometry) -> VictoryGroups:
        """The groups of a layout's ``geometry`` (one object per layout)."""
        size = len(geometry.codes)
        temples = tuple(tuple(range(start, start + _SIZE)) for start in range(0, size, _SIZE))
        return cls(groups=(*temples, geometry.yellow, geometry.green))

    def completes(
        self,
        squares: Sequence[Player | None],
        player: Player,
        hand: Sequence[int],
        stock: int,
        board: Hashable | None = None,
    ) -> bool:
        """Whether ``player``, laying ``hand`` well, fills a group in its own turn (see the module's rules).

        ``stock`` is the player's counters in stock; more than four never matters.  ``board`` names the
        squares' occupants for the memory of answers (the lean round's
        :attr:`~aton.bots.lean.LeanRound.bits`); by default the squares themselves.
        """
        if len(hand) != data.HAND_SIZE:
            return False
        if board is None:
            board = tuple(squares)
        needs = self.both_needs(squares, board)[player]
        if not needs:
            return False
        cards = tuple(sorted(hand))
        stock = min(stock, _MOST)
        key = (board, player, cards, stock)
        known = self._known.get(key)
        if known is None:
            if len(self._known) >= MEMO_SIZE:
                self._known.clear()
            known = self._known[key] = _lays_out(needs, cards, stock)
        return known

    def both_needs(self, squares: Sequence[Player | None], board: Hashable) -> tuple[tuple[Need, ...], ...]:
        """:meth:`needs` of Red, then of Blue, remembered by ``board`` (the name of the squares' occupants)."""
        both = self._needs.get(board)
        if both is None:
            if len(self._needs) >= MEMO_SIZE:
                self._needs.clear()
            both = self._needs[board] = (self.needs(squares, RED), self.needs(squares, BLUE))
        return both

    def needs(self, squares: Sequence[Player | None], player: Player) -> tuple[Need, ...]:
        """What each group that four placements could fill still needs of ``player`` (see :data:`Need`)."""
        found = []
        own = [flat for flat, owner in enumerate(squares) if owner is player]
        for group, occupants in zip(self.groups, self._occupants, strict=True):
            held = occupants(squares)
            short = len(group) - held.count(player)
            if not 0 < short <= _MOST:
                continue
            theirs = held.count(player.other)
            highest = max(flat for flat, owner in zip(group, held, strict=True) if owner is not player) // _SIZE + 1
            members = frozenset(group)
            free_own_removal = tuple(
                not any(flat < temples * _SIZE for flat in own)
                or any(flat < temples * _SIZE and flat not in members for flat in own)
                for temples in range(data.TEMPLE_COUNT + 1)
            )
            found.append((short, theirs, highest, free_own_removal))
        return tuple(found)


def highest_beaten(score: int, card: int) -> int | None:
    """The highest opposing card on cartouche 1 against which ``card`` there still brings ``score`` to 40 points
    (the higher card scores twice the difference), or ``None`` when none does.

    >>> highest_beaten(36, 4), highest_beaten(38, 4), highest_beaten(30, 4)
    (2, 3, None)
    """
    needed = math.ceil((data.WINNING_POINTS - score) / data.CARTOUCHE1_POINTS_PER_DIFFERENCE)
    low = card - max(needed, 1)
    return low if low >= data.CARD_VALUES[0] else None


def reach(score: int, their_score: int, hand: Sequence[int], their_hand: Sequence[int]) -> int:
    """How surely a player reaches 40 points at cartouche 1 of the next round, holding ``hand`` against
    ``their_hand``: 2 whatever the opponent lays there, 1 unless the opponent lays its highest card there
    (which then serves no other cartouche), else 0.

    >>> reach(38, 20, (1, 2, 3, 4), (1, 1, 2, 3)), reach(36, 20, (1, 2, 3, 4), (1, 1, 2, 3))
    (2, 1)
    >>> reach(20, 36, (1, 2, 3, 4), (1, 1, 2, 3))
    0
    """
    if len(hand) != data.HAND_SIZE or len(their_hand) != data.HAND_SIZE:
        return 0
    limit = highest_beaten(score, max(hand))
    if limit is None:
        return 0
    *_, second, highest = sorted(their_hand)
    return 2 if highest <= limit else 1 if second <= limit else 0


def nothing_ahead(
    groups: VictoryGroups, squares: Sequence[Player | None], scores: Sequence[int], board: Hashable
) -> bool:
    """Whether no hand could give either player anything :func:`ahead` looks for: no group four placements
    from complete, and neither score within reach of 40 at cartouche 1 (the search asks this before it
    reads the hands).

    >>> import aton
    >>> from aton.game import Geometry
    >>> groups = VictoryGroups.of(Geometry.of(aton.new_game(seed=1).rules.layout))
    >>> nothing_ahead(groups, [None] * 48, (30, 33), "empty"), nothing_ahead(groups, [None] * 48, (30, 34), "empty")
    (True, False)
    """
    return max(scores) < data.WINNING_POINTS - data.CARTOUCHE1_POINTS_PER_DIFFERENCE * _SPAN and not any(
        groups.both_needs(squares, board)
    )


def ahead(
    groups: VictoryGroups,
    squares: Sequence[Player | None],
    player: Player,
    hands: Sequence[Sequence[int]],
    scores: Sequence[int],
    stock: Sequence[int],
    board: Hashable | None = None,
) -> tuple[float, float, float]:
    """The look past the round for ``player``, by player ``hands`` (Red's first; an empty hand is not known):
    ``next_win``, ``next_reach`` and ``next_forced`` of :data:`aton.bots.evaluation.FEATURE_NAMES`, each 1 when
    only ``player`` has it, -1 when only the opponent does, else 0.

    - ``next_win``: the next hand completes a board victory in the player's own turn (:meth:`VictoryGroups.completes`);
    - ``next_reach``: it reaches 40 points at cartouche 1 whatever the opponent lays (:func:`reach` 2);
    - ``next_forced``: it does unless the opponent lays its highest card there (:func:`reach` 1).
    """
    other = player.other
    mine, theirs = hands[player], hands[other]
    if board is None:
        board = tuple(squares)
    wins = 0.0
    if any(groups.both_needs(squares, board)):
        wins = float(groups.completes(squares, player, mine, stock[player], board)) - float(
            groups.completes(squares, other, theirs, stock[other], board)
        )
    my_reach = reach(scores[player], scores[other], mine, theirs)
    their_reach = reach(scores[other], scores[player], theirs, mine)
    return (
        wins,
        float(my_reach == 2) - float(their_reach == 2),
        float(my_reach == 1) - float(their_reach == 1),
    )


def _lays_out(needs: tuple[Need, ...], hand: tuple[int, ...], stock: int) -> bool:
    """Whether some way of laying ``hand`` meets one of ``needs`` with ``stock`` counters."""
    for to_place, to_remove, highest, free_own_removal in needs:
        for _points, removal, temples, placed in orderings(hand):
            if temples < highest:
                continue
            extra = 0
            if to_remove:
                if removal - data.REMOVAL_OFFSET < to_remove:
                    continue
            elif removal < data.REMOVAL_OFFSET and not free_own_removal[temples]:
                extra = 1
            if to_place + extra <= min(placed, stock):
                return True
    return False


MEMO_SIZE = 100_000
"""Positions whose answer a :class:`VictoryGroups` keeps."""


__all__ = ["MEMO_SIZE", "Need", "VictoryGroups", "ahead", "highest_beaten", "nothing_ahead", "orderings", "reach"]
