"""Board judgement shared by the greedy bot, the search bot's playouts and the coach.

Everything here reads **public** information only: the squares, the scores,
the Kingdom of the Dead and the layout.  The value of a position for a player
is counted in points, as a learner would: points already on the track, plus
what the next scoring would probably give (majorities of the four temples, of
the black squares, the bonus squares), plus the danger of a board victory
(a whole temple, every yellow square, every green square).

Squares of the same kind in the same temple are interchangeable for every
rule (nothing depends on where a square sits inside its temple), so bots
consider one square per *class* ``(temple, kind)``: at most 21 choices instead
of 48.

>>> import aton
>>> game = aton.new_game(seed=1)
>>> advantage(game, aton.RED) == advantage(game, aton.BLUE) == 0.0
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from .. import data
from ..actions import Action, Place, Player, Remove
from ..rules import Layout, SquareKind

if TYPE_CHECKING:
    from ..game import Game

# Indices into a player's aggregate counts (a list of 9 numbers).
T1, T2, T3, T4, YELLOW, GREEN, BLACK, BLUE_SQUARES, BONUS = range(9)
AGGREGATE_SIZE = 9
_SLOT = {
    SquareKind.YELLOW: YELLOW,
    SquareKind.GREEN: GREEN,
    SquareKind.BLACK: BLACK,
    SquareKind.BLUE: BLUE_SQUARES,
}

Aggregate = list[int]


def board(game: Game) -> tuple[Player | None, ...]:
    """The owner of each of the 48 squares, temple 1 first (public information)."""
    return game.squares


@dataclass(frozen=True)
class BoardInfo:
    """What a bot needs to know about each square of a layout, by flat index 0-47."""

    temple: tuple[int, ...]
    """Temple of the square, 0-3."""
    kind: tuple[SquareKind, ...]
    changes: tuple[tuple[tuple[int, int], ...], ...]
    """(aggregate index, amount) pairs that a counter on the square adds to its owner's counts."""
    klass: tuple[int, ...]
    """Class of the square: squares with the same class are interchangeable."""
    yellow_total: int
    green_total: int

    @classmethod
    @cache
    def of(cls, layout: Layout) -> BoardInfo:
        """The information for ``layout`` (cached)."""
        kinds = layout.kinds
        temple = tuple(f // data.SQUARES_PER_TEMPLE for f in range(len(kinds)))
        changes = []
        classes: dict[tuple[int, SquareKind], int] = {}
        klass = []
        for flat, kind in enumerate(kinds):
            pairs: list[tuple[int, int]] = [(temple[flat], 1)]
            if kind in _SLOT:
                pairs.append((_SLOT[kind], 1))
            else:
                pairs.append((BONUS, kind.bonus))
            changes.append(tuple(pairs))
            klass.append(classes.setdefault((temple[flat], kind), len(classes)))
        return cls(
            temple=temple,
            kind=tuple(kinds),
            changes=tuple(changes),
            klass=tuple(klass),
            yellow_total=sum(1 for k in kinds if k is SquareKind.YELLOW),
            green_total=sum(1 for k in kinds if k is SquareKind.GREEN),
        )


@dataclass(frozen=True)
class Weights:
    """How the evaluation counts things (points are the unit).

    - ``projection``: weight of what the next scoring would give now.
    - ``threat``: value of being ``missing`` counters away from a board victory
      (index = counters still needed, an opponent counter in the way counting
      as two); only the best threat of each player counts.
    - ``temperature``: points of advantage that turn 50% into about 73% in
      :func:`win_probability`.
    """

    projection: float = 1.0
    threat: tuple[float, ...] = (60.0, 24.0, 18.0, 13.0, 8.0, 4.0, 2.0, 1.0, 0.5)
    temperature: float = 7.0
    race: float = 0.35
    """Extra weight per point above :attr:`race_from` (being near 40 matters more)."""
    race_from: int = 24


DEFAULT_WEIGHTS = Weights()

# Smoothed sign of a majority margin: a lead of one counter is easily lost to a removal.
_MARGIN_VALUES = (0.0, 0.6, 0.85, 0.95)
_SIGN: tuple[float, ...] = tuple(
    [-1.0] * 60 + [-v for v in reversed(_MARGIN_VALUES[1:])] + list(_MARGIN_VALUES) + [1.0] * 60
)
_ZERO = 60 + len(_MARGIN_VALUES) - 1
"""``_SIGN[_ZERO + d]`` is the smoothed sign of a margin ``d``."""


def _sign(difference: int) -> float:
    return _SIGN[_ZERO + difference]


def aggregates(squares: Sequence[Player | None], info: BoardInfo) -> tuple[Aggregate, Aggregate]:
    """Counts per player: counters in temples 1-4, on yellow, green, black, blue squares, bonus points."""
    red = [0] * AGGREGATE_SIZE
    blue = [0] * AGGREGATE_SIZE
    both = (red, blue)
    changes = info.changes
    for flat, owner in enumerate(squares):
        if owner is not None:
            counts = both[owner]
            for index, amount in changes[flat]:
                counts[index] += amount
    return red, blue


def projection(mine: Aggregate, theirs: Aggregate) -> float:
    """Points the next scoring would give ``mine`` minus ``theirs`` (majorities smoothed)."""
    sign, zero = _SIGN, _ZERO
    value = float(mine[T1] - theirs[T1])
    value += data.TEMPLE2_MAJORITY_POINTS * sign[zero + mine[T2] - theirs[T2]]
    difference = mine[T3] - theirs[T3]
    if difference:
        value += sign[zero + difference] * (mine[T3] if difference > 0 else theirs[T3])
    difference = mine[T4] - theirs[T4]
    if difference:
        blue = mine[BLUE_SQUARES] if difference > 0 else theirs[BLUE_SQUARES]
        value += data.TEMPLE4_POINTS_PER_BLUE_SQUARE * sign[zero + difference] * blue
    value += data.BLACK_MAJORITY_POINTS * sign[zero + mine[BLACK] - theirs[BLACK]]
    return value + mine[BONUS] - theirs[BONUS]


def missing(mine: Aggregate, theirs: Aggregate, info: BoardInfo) -> int:
    """Fewest counters ``mine`` still needs for a board victory (an opposing counter counts twice)."""
    return _missing(mine, theirs, info.yellow_total, info.green_total)


def _missing(mine: Aggregate, theirs: Aggregate, yellow: int, green: int) -> int:
    size = data.SQUARES_PER_TEMPLE
    return min(
        size - mine[0] + theirs[0],
        size - mine[1] + theirs[1],
        size - mine[2] + theirs[2],
        size - mine[3] + theirs[3],
        yellow - mine[YELLOW] + theirs[YELLOW],
        green - mine[GREEN] + theirs[GREEN],
    )


def threat(mine: Aggregate, theirs: Aggregate, info: BoardInfo, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """The value of ``mine``'s best board-victory threat."""
    gap = _missing(mine, theirs, info.yellow_total, info.green_total)
    table = weights.threat
    return table[gap] if gap < len(table) else 0.0


def board_value(mine: Aggregate, theirs: Aggregate, info: BoardInfo, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """Projected scoring plus threats, for ``mine`` against ``theirs``, in points."""
    value = weights.projection * projection(mine, theirs)
    table = weights.threat
    yellow, green = info.yellow_total, info.green_total
    gap = _missing(mine, theirs, yellow, green)
    if gap < len(table):
        value += table[gap]
    gap = _missing(theirs, mine, yellow, green)
    if gap < len(table):
        value -= table[gap]
    return value


def _race(score: int, weights: Weights) -> float:
    return weights.race * max(0, score - weights.race_from)


def advantage(game: Game, player: Player, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """How far ``player`` is ahead, in points: the score, the projected scoring, board threats.

    Public information only, so it can be asked of a view.
    """
    judge = evaluator(BoardInfo.of(game.rules.layout), weights)
    return judge.advantage(judge.counts(board(game)), player, game.score(player), game.score(player.other))


def advantage_parts(game: Game, player: Player, weights: Weights = DEFAULT_WEIGHTS) -> dict[str, float]:
    """:func:`advantage` term by term, to show how the heuristic judges a position (they add up to it).

    - ``score``: points ahead on the track now;
    - ``race``: the extra weight of points above 24 (being near 40 matters more);
    - ``scoring``: what the next scoring would give if it came now, majorities smoothed (a lead of one
      counter counts 60%, of two 85%, of three 95%: a lead can still be lost);
    - ``threats``: the value of being close to a board victory (yours minus your opponent's).

    >>> import aton
    >>> parts = advantage_parts(aton.new_game(seed=1), aton.RED)
    >>> sorted(parts), sum(parts.values())
    (['race', 'score', 'scoring', 'threats'], 0.0)
    """
    info = BoardInfo.of(game.rules.layout)
    counts = aggregates(board(game), info)
    mine, theirs = counts[player], counts[player.other]
    my_score, their_score = game.score(player), game.score(player.other)
    scoring = weights.projection * projection(mine, theirs)
    return {
        "score": float(my_score - their_score),
        "race": _race(my_score, weights) - _race(their_score, weights),
        "scoring": scoring,
        "threats": board_value(mine, theirs, info, weights) - scoring,
    }


def win_probability(game: Game, player: Player, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """A rough chance that ``player`` wins from here: 1, 0 or 0.5 at the end, else a logistic of the advantage."""
    result = game.result
    if result is not None:
        if result.winner is None:
            return 0.5
        return 1.0 if result.winner is player else 0.0
    return logistic(advantage(game, player, weights) / weights.temperature)


def logistic(x: float) -> float:
    """``1 / (1 + e^-x)``, safe for large ``|x|``."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def change(counts: Aggregate, flat: int, info: BoardInfo, sign: int) -> Aggregate:
    """A copy of ``counts`` with a counter added (``sign`` 1) or taken away (-1) on ``flat``."""
    result = list(counts)
    for index, amount in info.changes[flat]:
        result[index] += sign * amount
    return result


def class_representatives(actions: list[Action], info: BoardInfo) -> list[Action]:
    """One action per square class (the first in order); other actions unchanged.

    Placing on (or removing from) any square of a class has the same effect on
    every rule, so a bot need look at one of them.
    """
    seen: set[int] = set()
    result: list[Action] = []
    klass = info.klass
    for action in actions:
        if isinstance(action, (Place, Remove)):
            square = action.square
            key = klass[(square[0] - 1) * data.SQUARES_PER_TEMPLE + square[1]]
            if key in seen:
                continue
            seen.add(key)
        result.append(action)
    return result


def flat_of(square: tuple[int, int]) -> int:
    """``(temple, index)`` -> flat index 0-47."""
    return (square[0] - 1) * data.SQUARES_PER_TEMPLE + square[1]


def square_gain(
    counts: tuple[Aggregate, Aggregate],
    flat: int,
    owner: Player,
    player: Player,
    sign: int,
    info: BoardInfo,
    weights: Weights = DEFAULT_WEIGHTS,
) -> float:
    """Change of ``player``'s board value when a counter of ``owner`` is added (1) or taken (-1) at ``flat``."""
    mine, theirs = counts[player], counts[player.other]
    return after_change(mine, theirs, flat, owner is player, sign, info, weights) - board_value(
        mine, theirs, info, weights
    )


def after_change(
    mine: Aggregate, theirs: Aggregate, flat: int, own: bool, sign: int, info: BoardInfo, weights: Weights
) -> float:
    """``mine``'s board value after a counter is added (``sign`` 1) or taken (-1) on ``flat``.

    ``own`` says whether the counter is ``mine`` or ``theirs``.  The value, not the difference.
    """
    if own:
        mine = list(mine)
        for index, amount in info.changes[flat]:
            mine[index] += sign * amount
    else:
        theirs = list(theirs)
        for index, amount in info.changes[flat]:
            theirs[index] += sign * amount
    return board_value(mine, theirs, info, weights)


class Evaluator:
    """:func:`board_value` for one layout and one set of weights, remembering the values it computed.

    The value depends only on the two players' aggregate counts (18 small
    numbers), and a search meets the same counts again and again: looking a
    value up is several times cheaper than computing it.  The results are
    exactly :func:`board_value`'s.  At most :data:`MEMO_SIZE` values are kept
    (then the memory starts afresh), so a long session does not grow.
    """

    __slots__ = ("_best", "_by_counts", "_changes", "_memo", "_offers", "_scoring_choices", "info", "weights")

    def __init__(self, info: BoardInfo, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.info = info
        self.weights = weights
        self._memo: dict[tuple[int, ...], float] = {}
        self._best: dict[tuple[Any, ...], tuple[int, float]] = {}
        self._by_counts: dict[tuple[int, ...], tuple[int, float]] = {}
        self._scoring_choices: dict[tuple[Any, ...], int] = {}
        self._offers: dict[tuple[int, ...], tuple[tuple[int, ...], list[int]]] = {}
        """By candidate flats: the classes on offer in order, and the first flat of each."""
        self._changes = tuple((a, x, b, y) for (a, x), (b, y) in info.changes)
        """Per flat, the two (aggregate index, amount) pairs a counter there adds (every square has two)."""

    def value(self, mine: Aggregate, theirs: Aggregate) -> float:
        """``board_value(mine, theirs, info, weights)``, from memory when it was asked before."""
        key = (*mine, *theirs)
        memo = self._memo
        value = memo.get(key)
        if value is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            value = memo[key] = self._compute(key)
        return value

    def _compute(self, s: tuple[int, ...]) -> float:
        """:func:`board_value` of a packed pair of counts, the same operations in the same order."""
        m1, m2, m3, m4, m_yellow, m_green, m_black, m_blue, m_bonus = s[:9]
        t1, t2, t3, t4, t_yellow, t_green, t_black, t_blue, t_bonus = s[9:]
        sign, zero = _SIGN, _ZERO
        value = float(m1 - t1)
        value += _T2 * sign[zero + m2 - t2]
        if m3 != t3:
            value += sign[zero + m3 - t3] * (m3 if m3 > t3 else t3)
        if m4 != t4:
            value += _T4 * sign[zero + m4 - t4] * (m_blue if m4 > t4 else t_blue)
        value += _BLACK * sign[zero + m_black - t_black]
        value = self.weights.projection * (value + m_bonus - t_bonus)
        table = self.weights.threat
        size = _SIZE
        yellow, green = self.info.yellow_total, self.info.green_total
        gap = min(
            size - m1 + t1,
            size - m2 + t2,
            size - m3 + t3,
            size - m4 + t4,
            yellow - m_yellow + t_yellow,
            green - m_green + t_green,
        )
        if gap < len(table):
            value += table[gap]
        gap = min(
            size - t1 + m1,
            size - t2 + m2,
            size - t3 + m3,
            size - t4 + m4,
            yellow - t_yellow + m_yellow,
            green - t_green + m_green,
        )
        if gap < len(table):
            value -= table[gap]
        return value

    def counts(self, squares: Sequence[Player | None]) -> list[int]:
        """Both players' aggregate counts in one list: Red's 9 numbers, then Blue's 9."""
        counts = [0] * (2 * AGGREGATE_SIZE)
        changes = self._changes
        for flat in [flat for flat, owner in enumerate(squares) if owner is not None]:
            first, amount, second, extra = changes[flat]
            if squares[flat]:  # Blue's counts come after Red's
                first += AGGREGATE_SIZE
                second += AGGREGATE_SIZE
            counts[first] += amount
            counts[second] += extra
        return counts

    def advantage(self, both: list[int], player: Player, my_score: int, their_score: int) -> float:
        """:func:`advantage` from the board's counts (:meth:`counts`) and both scores, ``player``'s first."""
        size = AGGREGATE_SIZE
        mine, theirs = (both[size:], both[:size]) if player else (both[:size], both[size:])
        weights = self.weights
        return (
            my_score - their_score + _race(my_score, weights) - _race(their_score, weights) + self.value(mine, theirs)
        )

    def best(
        self,
        squares: Sequence[Player | None],
        candidates: list[int],
        owner: Player,
        player: Player,
        sign: int,
    ) -> tuple[int, float]:
        """:func:`best_square` with this evaluator (the same flat and gain)."""
        key = (tuple(squares), tuple(candidates), owner, player, sign)
        found = self._best.get(key)
        if found is not None:
            return found
        if len(self._best) >= MEMO_SIZE:
            self._best.clear()
        found = self._best[key] = self._find_best(squares, candidates, owner, player, sign)
        return found

    def _find_best(
        self,
        squares: Sequence[Player | None],
        candidates: list[int],
        owner: Player,
        player: Player,
        sign: int,
    ) -> tuple[int, float]:
        return self.best_of_counts(self.counts(squares), candidates, owner, player, sign)

    def best_of_counts(
        self,
        both: list[int],
        candidates: list[int],
        owner: Player,
        player: Player,
        sign: int,
    ) -> tuple[int, float]:
        """:meth:`best` from the board's counts (:meth:`counts`) instead of its squares (the same choice)."""
        flat, value, ordered = self._best_of(both, candidates, owner, player, sign)
        size = AGGREGATE_SIZE
        return flat, value - self.value(ordered[:size], ordered[size:])

    def best_flat(self, both: list[int], candidates: list[int], owner: Player, player: Player, sign: int) -> int:
        """The flat of :meth:`best_of_counts` alone (a playout needs no gain)."""
        return self._best_of(both, candidates, owner, player, sign)[0]

    def _best_of(
        self, both: list[int], candidates: list[int], owner: Player, player: Player, sign: int
    ) -> tuple[int, float, list[int]]:
        """The best flat, the board value after the change there, and the counts with ``player``'s first."""
        size = AGGREGATE_SIZE
        if player:  # Blue: Blue's counts first
            both = both[size:] + both[:size]
        base = 0 if owner is player else size
        offers = self._offers
        offer = offers.get(flats := tuple(candidates))
        if offer is None:
            if len(offers) >= MEMO_SIZE:
                offers.clear()
            class_of = self.info.klass.__getitem__
            # The classes on offer in order, and the first flat of each (the last one written from the end).
            first_of = dict(zip(map(class_of, reversed(candidates)), reversed(candidates), strict=True))
            ordered = tuple(dict.fromkeys(map(class_of, candidates)))
            offer = offers[flats] = (ordered, [first_of[k] for k in ordered])
        classes, firsts = offer
        # The choice depends only on the counts and the classes on offer: many boards share them.
        key = (*both, base, sign, *classes)
        found = self._by_counts.get(key)
        if found is None:
            if len(self._by_counts) >= MEMO_SIZE:
                self._by_counts.clear()
            found = self._by_counts[key] = self._choose(both, firsts, base, sign)
        position, value = found
        return firsts[position], value, both

    def _choose(self, both: list[int], flats: list[int], base: int, sign: int) -> tuple[int, float]:
        """The position in ``flats`` (one flat per class) of the best change, and the board value after it.

        Each candidate changes two of the 18 counts: one temple's and one
        other (a yellow, green, black or blue square, or a bonus).  The terms
        of the board value up to temple 4's are worked out once per temple
        changed and shared by its candidates; then each candidate adds its own
        terms, in :func:`board_value`'s order with its operations, so the
        values are exactly its values.
        """
        m1, m2, m3, m4, m_yellow, m_green, m_black, m_blue, m_bonus = both[:9]
        t1, t2, t3, t4, t_yellow, t_green, t_black, t_blue, t_bonus = both[9:]
        weights = self.weights
        projection_weight, table = weights.projection, weights.threat
        reach = len(table)
        yellow, green = self.info.yellow_total, self.info.green_total
        sign_of, zero = _SIGN, _ZERO
        size = _SIZE
        mine = base == 0
        black = _BLACK * sign_of[zero + m_black - t_black]
        yellow_mine, yellow_theirs = yellow - m_yellow + t_yellow, yellow - t_yellow + m_yellow
        green_mine, green_theirs = green - m_green + t_green, green - t_green + m_green
        # Per temple changed: the sum of the temple terms before temple 4's, temple 4's counts, and the gaps of the
        # four temples (the same operations in the same order as board_value, shared by the candidates there).
        # (``min`` is spelled out as comparisons: a call costs several of them.)
        temples: list[tuple[float, int, int, float, int, int, int, int, int, int] | None] = [None, None, None, None]
        changes = self._changes
        best_position, best_value = 0, -math.inf
        for position, flat in enumerate(flats):
            first, amount, second, extra = changes[flat]
            found = temples[first]
            if found is None:
                x1, x2, x3, x4 = m1, m2, m3, m4
                y1, y2, y3, y4 = t1, t2, t3, t4
                step = sign * amount
                if mine:
                    if first == 0:
                        x1 += step
                    elif first == 1:
                        x2 += step
                    elif first == 2:
                        x3 += step
                    else:
                        x4 += step
                elif first == 0:
                    y1 += step
                elif first == 1:
                    y2 += step
                elif first == 2:
                    y3 += step
                else:
                    y4 += step
                prefix = float(x1 - y1)
                prefix += _T2 * sign_of[zero + x2 - y2]
                if x3 != y3:
                    prefix += sign_of[zero + x3 - y3] * (x3 if x3 > y3 else y3)
                whole = prefix
                if x4 != y4:
                    whole += _T4 * sign_of[zero + x4 - y4] * (m_blue if x4 > y4 else t_blue)
                # The gaps of the four temples, then without yellow, without green, and of all six groups.
                g1, g2, g3, g4 = size - x1 + y1, size - x2 + y2, size - x3 + y3, size - x4 + y4
                g1 = g1 if g1 < g2 else g2
                g3 = g3 if g3 < g4 else g4
                gap_mine = g1 if g1 < g3 else g3
                g1, g2, g3, g4 = size - y1 + x1, size - y2 + x2, size - y3 + x3, size - y4 + x4
                g1 = g1 if g1 < g2 else g2
                g3 = g3 if g3 < g4 else g4
                gap_theirs = g1 if g1 < g3 else g3
                no_yellow_mine = gap_mine if gap_mine < green_mine else green_mine
                no_green_mine = gap_mine if gap_mine < yellow_mine else yellow_mine
                no_yellow_theirs = gap_theirs if gap_theirs < green_theirs else green_theirs
                no_green_theirs = gap_theirs if gap_theirs < yellow_theirs else yellow_theirs
                found = temples[first] = (
                    prefix,
                    x4,
                    y4,
                    whole,
                    no_yellow_mine,
                    no_yellow_theirs,
                    no_green_mine,
                    no_green_theirs,
                    no_yellow_mine if no_yellow_mine < yellow_mine else yellow_mine,
                    no_yellow_theirs if no_yellow_theirs < yellow_theirs else yellow_theirs,
                )
            (
                prefix,
                x4,
                y4,
                value,
                no_yellow_mine,
                no_yellow_theirs,
                no_green_mine,
                no_green_theirs,
                gap_mine,
                gap_theirs,
            ) = found
            more = sign * extra
            a_bonus, b_bonus = m_bonus, t_bonus
            if second == YELLOW:
                gap, other = (
                    (yellow_mine - more, yellow_theirs + more) if mine else (yellow_mine + more, yellow_theirs - more)
                )
                gap_mine = gap if gap < no_yellow_mine else no_yellow_mine
                gap_theirs = other if other < no_yellow_theirs else no_yellow_theirs
                value += black
            elif second == GREEN:
                gap, other = (
                    (green_mine - more, green_theirs + more) if mine else (green_mine + more, green_theirs - more)
                )
                gap_mine = gap if gap < no_green_mine else no_green_mine
                gap_theirs = other if other < no_green_theirs else no_green_theirs
                value += black
            else:
                if second == BLACK:
                    if mine:
                        value += _BLACK * sign_of[zero + m_black + more - t_black]
                    else:
                        value += _BLACK * sign_of[zero + m_black - t_black - more]
                elif second == BLUE_SQUARES:
                    value = prefix
                    if x4 != y4:
                        if mine:
                            value += _T4 * sign_of[zero + x4 - y4] * (m_blue + more if x4 > y4 else t_blue)
                        else:
                            value += _T4 * sign_of[zero + x4 - y4] * (m_blue if x4 > y4 else t_blue + more)
                    value += black
                else:
                    value += black
                    if mine:
                        a_bonus += more
                    else:
                        b_bonus += more
            value = projection_weight * (value + a_bonus - b_bonus)
            if gap_mine < reach:
                value += table[gap_mine]
            if gap_theirs < reach:
                value -= table[gap_theirs]
            if value > best_value:
                best_position, best_value = position, value
        return best_position, best_value

    def best_before_scoring(
        self,
        squares: Sequence[Player | None],
        candidates: list[int],
        owner: Player,
        player: Player,
        sign: int,
        scores: tuple[int, int],
        more: int = 0,
    ) -> int:
        """The best candidate flat when a scoring ends this round and nobody acts after ``player``.

        The board value smooths majorities (a lead of one counter is easily
        lost); just before a scoring nothing can be lost any more, so each
        candidate is judged by the scoring itself: the exact points, then who
        wins at once with 40 points (:func:`value_at_scoring`); the smoothed
        value only breaks ties.  ``more`` further removals of the same kind
        are looked at together with this one (two removals that break a
        majority only together).  ``scores`` are ``player``'s score and the opponent's.
        """
        return self.before_scoring_of_counts(self.counts(squares), candidates, owner, player, sign, scores, more)

    def before_scoring_of_counts(
        self,
        both: list[int],
        candidates: list[int],
        owner: Player,
        player: Player,
        sign: int,
        scores: tuple[int, int],
        more: int = 0,
    ) -> int:
        """:meth:`best_before_scoring` from the board's counts (:meth:`counts`) instead of its squares."""
        size = AGGREGATE_SIZE
        if player:
            both = both[size:] + both[:size]
        base = 0 if owner is player else size
        klass = self.info.klass
        available: dict[int, int] = {}
        firsts: dict[int, int] = {}
        for flat in candidates:
            key = klass[flat]
            available[key] = available.get(key, 0) + 1
            if key not in firsts:
                firsts[key] = flat
        # The choice depends on the counts, the classes on offer and the scores only: remember it.
        memo_key = (*both, base, sign, more, *scores, *available.items())
        known = self._scoring_choices.get(memo_key)
        if known is not None:
            return firsts[known]
        if len(self._scoring_choices) >= MEMO_SIZE:
            self._scoring_choices.clear()
        best_key = self._choose_before_scoring(both, firsts, available, base, sign, scores, more)
        self._scoring_choices[memo_key] = best_key
        return firsts[best_key]

    def _choose_before_scoring(
        self,
        both: list[int],
        firsts: dict[int, int],
        available: dict[int, int],
        base: int,
        sign: int,
        scores: tuple[int, int],
        more: int,
    ) -> int:
        changes = self._changes
        best_class, best_value = next(iter(firsts)), -math.inf
        # Two removals lead to the same board in either order: each board is judged once.
        judged: dict[tuple[int, ...], float] = {}
        for key, flat in firsts.items():
            state = both[:]
            first, amount, second, extra = changes[flat]
            state[base + first] += sign * amount
            state[base + second] += sign * extra
            value = self._at_scoring(tuple(state), scores)
            if more:
                for other, follow in firsts.items():
                    if other == key and available[key] < 2:
                        continue
                    after = state[:]
                    first, amount, second, extra = changes[follow]
                    after[base + first] += sign * amount
                    after[base + second] += sign * extra
                    packed = tuple(after)
                    found = judged.get(packed)
                    if found is None:
                        found = judged[packed] = self._at_scoring(packed, scores)
                    value = max(value, found)
            if value > best_value:
                best_class, best_value = key, value
        return best_class

    def _at_scoring(self, state: tuple[int, ...], scores: tuple[int, int]) -> float:
        """:func:`value_at_scoring` of a packed pair of counts, plus the smoothed value to break ties."""
        m1, m2, m3, m4, m_yellow, m_green, m_black, m_blue, m_bonus = state[:AGGREGATE_SIZE]
        t1, t2, t3, t4, t_yellow, t_green, t_black, t_blue, t_bonus = state[AGGREGATE_SIZE:]
        memo = self._memo  # :meth:`value` of the pair, its key being the packed counts themselves
        smoothed = memo.get(state)
        if smoothed is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            smoothed = memo[state] = self._compute(state)
        tie_break = TIE_BREAK * smoothed
        info = self.info
        if (
            min(
                _SIZE - m1 + t1,
                _SIZE - m2 + t2,
                _SIZE - m3 + t3,
                _SIZE - m4 + t4,
                info.yellow_total - m_yellow + t_yellow,
                info.green_total - m_green + t_green,
            )
            == 0
        ):
            return 2 * SCORING_WIN + tie_break
        mine = m_bonus + (m1 - t1 if m1 > t1 else 0) + (_T2 if m2 > t2 else 0) + (m3 if m3 > t3 else 0)
        theirs = t_bonus + (t1 - m1 if t1 > m1 else 0) + (_T2 if t2 > m2 else 0) + (t3 if t3 > m3 else 0)
        if m4 > t4:
            mine += _T4 * m_blue
        elif t4 > m4:
            theirs += _T4 * t_blue
        if m_black > t_black:
            mine += _BLACK
        elif t_black > m_black:
            theirs += _BLACK
        my_total, their_total = scores[0] + mine, scores[1] + theirs
        value = float(my_total - their_total)
        if max(my_total, their_total) >= data.WINNING_POINTS and my_total != their_total:
            value += SCORING_WIN if my_total > their_total else -SCORING_WIN
        return value + tie_break


def scoring_points(mine: Aggregate, theirs: Aggregate) -> tuple[int, int]:
    """The points a scoring gives each side now (exact majorities, no smoothing): ``(mine, theirs)``.

    >>> scoring_points([3, 0, 0, 0, 0, 0, 1, 0, 1], [1, 0, 0, 0, 0, 0, 0, 0, 0])
    (11, 0)
    """
    points = [0, 0]
    for index, (a, b) in enumerate(((mine[T1], theirs[T1]), (mine[T2], theirs[T2]), (mine[T3], theirs[T3]))):
        if a != b:
            winner = 0 if a > b else 1
            points[winner] += abs(a - b) if index == 0 else data.TEMPLE2_MAJORITY_POINTS if index == 1 else max(a, b)
    if mine[T4] != theirs[T4]:
        winner = 0 if mine[T4] > theirs[T4] else 1
        blue = (mine, theirs)[winner][BLUE_SQUARES]
        points[winner] += data.TEMPLE4_POINTS_PER_BLUE_SQUARE * blue
    if mine[BLACK] != theirs[BLACK]:
        points[0 if mine[BLACK] > theirs[BLACK] else 1] += data.BLACK_MAJORITY_POINTS
    points[0] += mine[BONUS]
    points[1] += theirs[BONUS]
    return points[0], points[1]


TIE_BREAK = 0.001
"""Weight of the smoothed board value in :meth:`Evaluator.best_before_scoring` (it only breaks ties)."""

SCORING_WIN = 1000.0
"""What winning at once is worth in :func:`value_at_scoring` (more than any difference of points)."""


def value_at_scoring(mine: Aggregate, theirs: Aggregate, scores: tuple[int, int], info: BoardInfo) -> float:
    """``mine``'s value of the board just before a scoring: a board victory, a win at 40, else the points ahead."""
    if _missing(mine, theirs, info.yellow_total, info.green_total) == 0:
        return 2 * SCORING_WIN
    gained, lost = scoring_points(mine, theirs)
    my_total, their_total = scores[0] + gained, scores[1] + lost
    value = float(my_total - their_total)
    if max(my_total, their_total) >= data.WINNING_POINTS and my_total != their_total:
        value += SCORING_WIN if my_total > their_total else -SCORING_WIN
    return value


_T2, _T4, _BLACK = data.TEMPLE2_MAJORITY_POINTS, data.TEMPLE4_POINTS_PER_BLUE_SQUARE, data.BLACK_MAJORITY_POINTS
_SIZE = data.SQUARES_PER_TEMPLE

MEMO_SIZE = 50_000
"""Board values an :class:`Evaluator` keeps (a few megabytes)."""

_EVALUATORS: dict[tuple[BoardInfo, Weights], Evaluator] = {}
_LAST: list[Evaluator] = []


def evaluator(info: BoardInfo, weights: Weights = DEFAULT_WEIGHTS) -> Evaluator:
    """The shared :class:`Evaluator` of ``info`` and ``weights`` (one per pair, kept for the session)."""
    if _LAST:
        last = _LAST[0]
        if last.info is info and last.weights is weights:
            return last
    found = _EVALUATORS.get((info, weights))
    if found is None:
        if len(_EVALUATORS) >= 16:
            _EVALUATORS.clear()
        found = _EVALUATORS[(info, weights)] = Evaluator(info, weights)
    _LAST[:] = [found]
    return found


def best_square(
    squares: Sequence[Player | None],
    candidates: list[int],
    owner: Player,
    player: Player,
    sign: int,
    info: BoardInfo,
    weights: Weights = DEFAULT_WEIGHTS,
) -> tuple[int, float]:
    """The candidate flat whose change (a counter of ``owner`` added or taken) is best for ``player``.

    Returns ``(flat, gain)``; ties go to the first candidate.  Candidates of the
    same class are judged once.
    """
    return evaluator(info, weights).best(squares, candidates, owner, player, sign)


__all__ = [
    "DEFAULT_WEIGHTS",
    "BoardInfo",
    "Evaluator",
    "Weights",
    "advantage",
    "advantage_parts",
    "after_change",
    "aggregates",
    "best_square",
    "board",
    "board_value",
    "class_representatives",
    "evaluator",
    "flat_of",
    "logistic",
    "missing",
    "projection",
    "scoring_points",
    "square_gain",
    "threat",
    "value_at_scoring",
    "win_probability",
]
