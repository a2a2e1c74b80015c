"""The greedy bot: sensible one-step rules, no look-ahead.

What it does, in plain words:

- **Cards.**  For each way of laying its four cards it imagines its own turn:
  the removals cartouche 2 allows (the opponent's most valuable counters in
  reach), then the counters cartouche 4 places (each on the best free square
  in the temples cartouche 3 opens), and scores the board it would leave (see
  :mod:`aton.bots.heuristics`).  Each pip on cartouche 1 counts 2 points,
  since cartouche 1 scores twice the difference.  A card that could win at
  once (40 points on cartouche 1, or a board victory) counts as a win, with
  a bonus for a low cartouche 2 (acting first) when a board victory is in
  reach or the opponent is about to reach one.  So it puts a big card on
  cartouche 1 when placements are worth little, a high cartouche 3 when
  the best squares are in temples 3 and 4, and a high cartouche 4 when
  majorities are within reach.
- **Exchange.**  It hands in its cards once, when they are clearly weaker
  (3.5 pips or more below) than what its draw pile is expected to give.
- **Removals.**  It takes the opponent's counter whose loss hurts them most
  (majorities, black squares, bonus squares, blue squares under a temple 4
  majority, counters blocking its own board victory), and, when it must
  remove its own, the one it misses least.
- **Placements.**  Each counter goes where it gains most: a majority won or
  kept, the black majority, a bonus square, a yellow or green set or a temple
  close to complete, or blocking the opponent's.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import permutations
from math import comb
from typing import TYPE_CHECKING

from .. import data
from ..actions import BLUE, RED, Action, Assign, Exchange, Player
from ..errors import BotError
from ..game import GameView, Phase
from .base import Bot, Progress
from .heuristics import (
    DEFAULT_WEIGHTS,
    BoardInfo,
    Weights,
    aggregates,
    best_square,
    board,
    change,
    evaluator,
    missing,
    threat,
)

if TYPE_CHECKING:
    from ..game import Game

WIN_VALUE = 100.0
"""What a win is worth in the greedy bot's points."""
EXCHANGE_MARGIN = 3.5
"""Exchange when the hand holds this many pips fewer than four cards of the draw pile would on average."""


def max_card_distribution(pool: list[int], cards: int = data.HAND_SIZE) -> dict[int, float]:
    """Chance that the highest of ``cards`` cards drawn from ``pool`` is each value.

    >>> max_card_distribution([1, 1, 4, 4], 2)[4]
    0.8333333333333334
    """
    total = comb(len(pool), cards) if len(pool) >= cards else 0
    if total == 0:
        return {max(pool): 1.0} if pool else {}
    result: dict[int, float] = {}
    previous = 0.0
    for value in sorted(set(pool)):
        at_most = comb(sum(1 for card in pool if card <= value), cards) / total
        result[value] = at_most - previous
        previous = at_most
    return result


def card_distribution(pool: list[int]) -> dict[int, float]:
    """Chance that one card drawn from ``pool`` has each value."""
    if not pool:
        return {}
    return {value: pool.count(value) / len(pool) for value in sorted(set(pool))}


class TurnSimulator:
    """Imagines ``player``'s own turn for each cartouche 2-3 pair, on a copy of the public board."""

    def __init__(self, game: Game, player: Player, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.game = game
        self.player = player
        self.weights = weights
        self.info = BoardInfo.of(game.rules.layout)
        self.squares = list(board(game))
        self._cache: dict[tuple[int, int], tuple[list[float], int | None]] = {}

    def values(self, removal_card: int, temples: int) -> tuple[list[float], int | None]:
        """Board values after 0-4 placements, and the placement count that wins at once (or ``None``)."""
        key = (removal_card, temples)
        if key not in self._cache:
            self._cache[key] = self._simulate(removal_card, temples)
        return self._cache[key]

    def _simulate(self, removal_card: int, temples: int) -> tuple[list[float], int | None]:
        me, info, weights = self.player, self.info, self.weights
        squares = list(self.squares)
        end = temples * data.SQUARES_PER_TEMPLE
        if self.game.round > 1 and removal_card != data.REMOVAL_OFFSET:
            target = me if removal_card < data.REMOVAL_OFFSET else me.other
            count = 1 if removal_card < data.REMOVAL_OFFSET else removal_card - data.REMOVAL_OFFSET
            for _ in range(count):
                candidates = [f for f in range(end) if squares[f] is target]
                if not candidates:
                    break
                flat, _gain = best_square(squares, candidates, target, me, -1, info, weights)
                squares[flat] = None
        counts = aggregates(squares, info)
        mine, theirs = counts[me], counts[me.other]
        judge = evaluator(info, weights)  # board_value's very numbers, remembered
        values = [judge.value(mine, theirs)]
        wins_at: int | None = None
        empties: dict[int, list[int]] = {}
        klass = info.klass
        for flat in range(end):
            if squares[flat] is None:
                empties.setdefault(klass[flat], []).append(flat)
        stock = self.game.stock(me)
        for placed in range(data.CARD_VALUES[-1]):
            if placed >= stock or not empties:
                values.append(values[-1])
                continue
            # The best class (the first of equals, in the order of the dict) by the value after a counter there.
            both = mine + theirs if me is RED else theirs + mine
            flat = judge.best_flat(both, [flats[0] for flats in empties.values()], me, me, 1)
            flats = empties[klass[flat]]
            flats.pop(0)
            if not flats:
                del empties[klass[flat]]
            mine = change(mine, flat, info, 1)
            values.append(judge.value(mine, theirs))
            if wins_at is None and missing(mine, theirs, info) == 0:
                wins_at = placed + 1
        return values, wins_at


class AssignmentRater:
    """Rates every assignment of a hand for ``player`` by the greedy rules.

    Everything but the hand is worked out once (the board, the scores, the
    opponent's possible cards), so rating many imagined hands is cheap.
    Public information only: the opponent's cards are judged from their
    face-up discard pile.
    """

    def __init__(self, game: Game, player: Player, weights: Weights = DEFAULT_WEIGHTS) -> None:
        opponent = player.other
        self.player = player
        self.simulator = TurnSimulator(game, player, weights)
        pool = unseen_cards(game, opponent)
        self.high = max_card_distribution(pool)
        self.single = card_distribution(pool)
        info = self.simulator.info
        counts = aggregates(self.simulator.squares, info)
        their_gap = missing(counts[opponent], counts[player], info)
        self.danger = (
            threat(counts[opponent], counts[player], info, weights) if their_gap <= data.CARD_VALUES[-1] else 0.0
        )
        self.scores = (game.score(player), game.score(opponent))
        self.stock = game.stock(player)
        self._values: dict[tuple[int, ...], float] = {}

    def value(self, cards: tuple[int, ...]) -> float:
        """The greedy value of laying ``cards`` on cartouches 1-4."""
        known = self._values.get(cards)
        if known is not None:
            return known
        points, removal, temples, placed = cards
        values, wins_at = self.simulator.values(removal, temples)
        placed = min(placed, self.stock)
        value = data.CARTOUCHE1_POINTS_PER_DIFFERENCE * points + values[placed]
        single = self.single
        first = sum(p for v, p in single.items() if v > removal) + 0.5 * single.get(removal, 0.0)
        if wins_at is not None and wins_at <= placed:
            value += WIN_VALUE * (first + 0.5 * (1 - first))
        value += first * self.danger * 0.5
        # Cartouche 1 can end the game: 40 points for the higher card.
        step = data.CARTOUCHE1_POINTS_PER_DIFFERENCE
        my_score, their_score = self.scores
        win = sum(p for v, p in self.high.items() if my_score + step * (points - v) >= data.WINNING_POINTS)
        lose = sum(p for v, p in self.high.items() if their_score + step * (v - points) >= data.WINNING_POINTS)
        value += WIN_VALUE * (win - lose)
        self._values[cards] = value
        return value

    def rate(self, hand: list[int] | tuple[int, ...]) -> list[tuple[float, tuple[int, ...]]]:
        """Every distinct assignment of ``hand`` with its value, best first (ties keep card order)."""
        rated = [(self.value(cards), cards) for cards in _orderings(tuple(sorted(hand)))]
        rated.sort(key=lambda pair: -pair[0])
        return rated


def rate_assignments(view: Game, player: Player, weights: Weights = DEFAULT_WEIGHTS) -> list[tuple[float, Assign]]:
    """Every assignment of ``player``'s hand with the greedy value, best first."""
    hand = view.hand(player)
    if not hand:
        return []
    rater = AssignmentRater(view, player, weights)
    return [(value, Assign(player, cards)) for value, cards in rater.rate(hand)]


def unseen_cards(game: Game, player: Player) -> list[int]:
    """``player``'s cards not face up in their discard pile: their hand, hidden assignment and draw pile."""
    pool = list(data.DECK)
    for card in game.discard(player):
        pool.remove(card)
    return pool


@cache
def _orderings(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(set(permutations(hand))))


def should_exchange(view: GameView, player: Player) -> bool:
    """Whether the hand is so weak that four cards from the draw pile are worth the exchange counter."""
    if not view.exchange_available(player):
        return False
    hand = view.hand(player) or []
    pile = view.unknown_cards(player)
    if not pile or len(hand) < data.HAND_SIZE:
        return False
    expected = data.HAND_SIZE * sum(pile) / len(pile)
    return expected - sum(hand) >= EXCHANGE_MARGIN


def greedy_square(game: Game, player: Player, weights: Weights = DEFAULT_WEIGHTS) -> Action:
    """The best removal or placement for ``player`` now, by the board value."""
    flats, actions = game.square_choices(player)
    if not flats:
        raise BotError("bot_nothing_to_decide", player=player.label, phase=game.phase.value)
    squares = board(game)
    if game.phase is Phase.PLACE:
        owner, sign = player, 1
    else:
        owner, sign = (RED if squares[flats[0]] is RED else BLUE), -1  # a removal: whose counters are on offer
    flat, _gain = evaluator(BoardInfo.of(game.rules.layout), weights).best(squares, flats, owner, player, sign)
    return actions[flat]


class GreedyBot(Bot):
    """Plays the best-looking action now, by the rules written at the top of :mod:`aton.bots.greedy`."""

    name = "greedy"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def decide(self, view: GameView, player: Player, rng: random.Random, on_progress: Progress | None) -> Action:
        """Exchange, assign, remove or place by the greedy rules; ``rng`` breaks ties between equal cards."""
        if view.phase is Phase.ASSIGN:
            if should_exchange(view, player):
                return Exchange(player)
            rated = rate_assignments(view, player, self.weights)
            best = rated[0][0]
            ties = [action for value, action in rated if value >= best - 1e-9]
            return ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
        return greedy_square(view, player, self.weights)
