"""A lean copy of the rest of a round, for the search's tree and playouts.

A playout plays removals and placements to the end of the round (and its
scoring), then judges the board.  It needs the squares, the counters in stock
and in the Kingdom of the Dead, the scores and the revealed cards; not the
decks, the event log, the action log or the checks of :meth:`aton.Game.apply`.
:class:`LeanRound` holds just that, plays the engine's resolution step by step
in the same order (the same automatic removals and placements, the same
scoring, the same order of play), and keeps both players' aggregate counts
(:meth:`aton.bots.heuristics.Evaluator.counts`) up to date as counters come
and go, so the quick policy does not count the board again at every step.

It is not a second rule book for anyone else: it starts from a
:class:`~aton.Game` after the cards of the round are revealed, or before, and
then reveals the cards the search chose for both players (the cartouche 1
points and the order of play; a war, which turns cards of the draw piles, is
left to the search, which holds the piles it dealt), and it stops where the
next round would deal cards.  The differential tests play random games both
ways and check that they agree square by square, point by point.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import is_

from .. import data
from ..actions import BLUE, RED, Player
from ..game import Game, Geometry, Phase
from .heuristics import AGGREGATE_SIZE, BLACK, BLUE_SQUARES, BONUS, BoardInfo

_SIZE = data.SQUARES_PER_TEMPLE
_OTHER = (BLUE, RED)
_KINGDOM = data.KINGDOM_SIZE
_OFFSET = data.REMOVAL_OFFSET
_FLATS = range(data.TEMPLE_COUNT * _SIZE)
_BITS = tuple(tuple(1 << (2 * flat + owner) for flat in _FLATS) for owner in (RED, BLUE))
"""The bit of :attr:`LeanRound.bits` for a counter of each player on each flat."""

REMOVE, PLACE, SCORING_REMOVE, OVER, NEXT_ROUND, ASSIGN = range(6)
"""The lean phases: a removal, a placement, a removal after a scoring, the game over, the next round due, and
the cards of the round still to lay (:meth:`LeanRound.reveal` goes on from there)."""

_PHASES = {Phase.REMOVE: REMOVE, Phase.PLACE: PLACE, Phase.SCORING_REMOVE: SCORING_REMOVE, Phase.ASSIGN: ASSIGN}


Changes = tuple[tuple[tuple[int, int, int, int], tuple[int, int, int, int]], ...]


def count_changes(info: BoardInfo) -> Changes:
    """Per flat, per owner (Red, Blue): the two (count index, amount) pairs a counter there adds to the counts."""
    size = AGGREGATE_SIZE
    return tuple(((a, x, b, y), (a + size, x, b + size, y)) for (a, x), (b, y) in info.changes)


class LeanRound:
    """The rest of one round of a :class:`~aton.Game`, resolved as the engine resolves it.

    ``phase`` is one of :data:`REMOVE`, :data:`PLACE`, :data:`SCORING_REMOVE`
    (``actor`` chooses a square among :meth:`choices`), :data:`OVER` (``winner``
    and ``at_scoring`` say how) or :data:`NEXT_ROUND` (the round is over and the
    next one would start with a card assignment).  ``counts`` are Red's nine
    aggregate counts, then Blue's (see :func:`aton.bots.heuristics.aggregates`).
    """

    __slots__ = (
        "actor",
        "assigned",
        "at_scoring",
        "bits",
        "changes",
        "counts",
        "first",
        "geometry",
        "kingdom",
        "phase",
        "place_left",
        "remove_left",
        "remove_target",
        "round",
        "round_limit",
        "score",
        "scoring_left",
        "scoring_required",
        "scoring_turn",
        "squares",
        "stock",
        "turn",
        "winner",
    )

    def __init__(self, game: Game, changes: Changes, counts: list[int]) -> None:
        """The state of ``game`` (removing or placing in the current round, or before its cards are revealed).

        ``changes`` are :func:`count_changes` of its layout, ``counts`` its board's counts (both players').
        A round taken at a card assignment (:data:`ASSIGN`) goes on with :meth:`reveal` once both players'
        cards are known.
        """
        phase = _PHASES.get(game._phase)
        if phase is None or (phase == ASSIGN and game._revealed):
            raise ValueError(
                f"a lean round starts before the reveal, at a removal or at a placement, not at {game._phase.value}"
            )
        self.phase = phase
        self.squares = list(game._squares)
        self.bits = sum(compress(_BITS[RED], map(is_, self.squares, repeat(RED)))) + sum(
            compress(_BITS[BLUE], map(is_, self.squares, repeat(BLUE)))
        )
        """The board as one number: bit ``2 * flat + owner`` is set when ``owner``'s counter stands on ``flat``."""
        self.stock = list(game._stock)
        self.score = list(game._score)
        self.kingdom = list(game._kingdom)
        self.assigned = list(game._assigned)
        self.first = game._first
        self.turn = game._turn
        self.actor: Player = game._actor  # type: ignore[assignment]
        self.remove_left = game._remove_left
        self.remove_target = game._remove_target
        self.place_left = game._place_left
        self.scoring_turn = game._scoring_turn
        self.scoring_left = game._scoring_left
        self.scoring_required = list(game._scoring_required)
        self.round = game._round
        self.round_limit = game.rules.round_limit
        self.geometry = game._geometry
        self.winner: Player | None = None
        self.at_scoring = False
        self.counts = counts
        self.changes = changes

    def copy(self) -> LeanRound:
        """An independent copy (a search starts each imagined game from one prepared round)."""
        copy = LeanRound.__new__(LeanRound)
        copy.phase = self.phase
        copy.squares = self.squares[:]
        copy.bits = self.bits
        copy.stock = self.stock[:]
        copy.score = self.score[:]
        copy.kingdom = self.kingdom[:]
        copy.assigned = self.assigned[:]
        copy.first = self.first
        copy.turn = self.turn
        copy.actor = self.actor
        copy.remove_left = self.remove_left
        copy.remove_target = self.remove_target
        copy.place_left = self.place_left
        copy.scoring_turn = self.scoring_turn
        copy.scoring_left = self.scoring_left
        copy.scoring_required = self.scoring_required[:]
        copy.round = self.round
        copy.round_limit = self.round_limit
        copy.geometry = self.geometry
        copy.winner = self.winner
        copy.at_scoring = self.at_scoring
        copy.counts = self.counts[:]
        copy.changes = self.changes
        return copy

    def reveal(self, red: tuple[int, ...], blue: tuple[int, ...]) -> bool:
        """Both players' cards face up, resolved as :meth:`aton.Game.apply` resolves the second assignment.

        Cartouche 1 scores (40 points end the game), cartouche 2 (then 1) decides who acts first, and the
        first turn begins.  Returns ``False``, leaving the order undecided, when equal cards on both call
        for a war: the war turns cards of the draw piles, which a lean round does not hold.
        """
        self.assigned = [red, blue]
        difference = red[0] - blue[0]
        if difference:
            scorer = RED if difference > 0 else BLUE
            score = self.score
            score[scorer] += abs(difference) * data.CARTOUCHE1_POINTS_PER_DIFFERENCE
            if score[scorer] >= data.WINNING_POINTS:
                self._end(scorer)
                return True
        if red[1] != blue[1]:
            self.first = RED if red[1] < blue[1] else BLUE
        elif difference:
            self.first = RED if difference < 0 else BLUE
        else:
            return False
        self.turn = 0
        self._start_turn()
        return True

    def begin(self, first: Player) -> None:
        """After :meth:`reveal` called a war: ``first`` won it and begins the round."""
        self.first = first
        self.turn = 0
        self._start_turn()

    # ---------------------------------------------------------------- choices
    def choices(self) -> list[int]:
        """The flats where ``actor`` may remove or place now, in :meth:`aton.Game.legal_actions`'s order."""
        squares = self.squares
        phase = self.phase
        if phase == PLACE:
            end = self.assigned[self.actor][2] * _SIZE  # type: ignore[index]
            return list(compress(_FLATS, map(is_, squares[:end], repeat(None))))
        if phase == REMOVE:
            end = self.assigned[self.actor][2] * _SIZE  # type: ignore[index]
            return list(compress(_FLATS, map(is_, squares[:end], repeat(self.remove_target))))
        actor = self.actor
        temples = self.scoring_required or [self._highest_temple_of(actor)]
        if len(temples) == 1:
            return _own(squares, temples[0], actor)
        return [f for temple in temples for f in _own(squares, temple, actor)]

    def last_turn_before_scoring(self) -> bool:
        """:func:`aton.bots.mcts.last_turn_before_scoring` of this state (a removal by the second player)."""
        if self.phase == SCORING_REMOVE or self.first is self.actor:
            return False
        left = self.remove_left if self.phase == REMOVE else 0
        return len(self.kingdom) + left >= _KINGDOM

    @property
    def removals_left(self) -> int:
        """Counters still to remove (:attr:`aton.Game.removals_left`)."""
        if self.phase == REMOVE:
            return self.remove_left
        if self.phase == SCORING_REMOVE:
            return self.scoring_left
        return 0

    # ------------------------------------------------------------------ play
    def place(self, flat: int) -> None:
        """``actor`` places a counter on the empty square ``flat`` (one of :meth:`choices`)."""
        player = self.actor
        self.squares[flat] = player  # as _add does, written out: this is the commonest step
        self.bits ^= 1 << (2 * flat + player)
        first, amount, second, extra = self.changes[flat][player]
        counts = self.counts
        counts[first] += amount
        counts[second] += extra
        self.stock[player] -= 1
        left = self.place_left = self.place_left - 1
        if left and self.squares[: self.assigned[player][2] * _SIZE].count(None) > left:  # type: ignore[index]
            return
        self._continue_placement()

    def remove(self, flat: int) -> None:
        """``actor`` removes the counter on ``flat`` (one of :meth:`choices`)."""
        if self.phase == REMOVE:
            self._remove_counter(flat, scoring=False)
            self.remove_left -= 1
            self._continue_removal()
        else:
            temple = flat // _SIZE + 1
            if temple in self.scoring_required:
                self.scoring_required.remove(temple)
            self._remove_counter(flat, scoring=True)
            self.scoring_left -= 1
            self._continue_scoring_removal()

    def play(self, flat: int) -> None:
        """:meth:`place` or :meth:`remove`, as the phase asks."""
        if self.phase == PLACE:
            self.place(flat)
        else:
            self.remove(flat)

    # ------------------------------------------------------------ resolution
    def _add(self, flat: int, player: Player) -> None:
        self.squares[flat] = player
        self.bits ^= 1 << (2 * flat + player)
        first, amount, second, extra = self.changes[flat][player]
        counts = self.counts
        counts[first] += amount
        counts[second] += extra

    def _remove_counter(self, flat: int, *, scoring: bool) -> None:
        squares = self.squares
        owner: Player = squares[flat]  # type: ignore[assignment]
        squares[flat] = None
        self.bits ^= 1 << (2 * flat + owner)
        first, amount, second, extra = self.changes[flat][owner]
        counts = self.counts
        counts[first] -= amount
        counts[second] -= extra
        if scoring or len(self.kingdom) >= _KINGDOM:
            self.stock[owner] += 1
        else:
            self.kingdom.append(owner)

    def _highest_temple_of(self, player: Player) -> int:
        squares = self.squares
        for temple in range(data.TEMPLE_COUNT, 0, -1):
            if player in squares[(temple - 1) * _SIZE : temple * _SIZE]:
                return temple
        return 0

    def _start_turn(self) -> None:
        first: Player = self.first  # type: ignore[assignment]
        player = first if self.turn == 0 else _OTHER[first]
        self.actor = player
        cards: tuple[int, ...] = self.assigned[player]  # type: ignore[assignment]
        card, temples = cards[1], cards[2]
        self.remove_left = 0
        if self.round != 1:
            target = player if card < _OFFSET else _OTHER[player]
            count = card - _OFFSET if card > _OFFSET else (1 if card < _OFFSET else 0)
            present = self.squares[: temples * _SIZE].count(target)
            self.remove_target = target
            self.remove_left = min(count, present)
        self._continue_removal()

    def _continue_removal(self) -> None:
        if self.remove_left > 0:
            target = self.remove_target
            squares = self.squares
            end = self.assigned[self.actor][2] * _SIZE  # type: ignore[index]
            candidates = list(compress(_FLATS, map(is_, squares[:end], repeat(target))))
            if len(candidates) > self.remove_left:
                self.phase = REMOVE
                return
            for flat in candidates:
                self._remove_counter(flat, scoring=False)
            self.remove_left = 0
        cards = self.assigned[self.actor]
        assert cards is not None
        self.place_left = min(cards[3], self.stock[self.actor])
        self._continue_placement()

    def _continue_placement(self) -> None:
        player = self.actor
        if self.place_left > 0:
            squares = self.squares
            end = self.assigned[player][2] * _SIZE  # type: ignore[index]
            if squares[:end].count(None) > self.place_left:
                self.phase = PLACE
                return
            empties = list(compress(_FLATS, map(is_, squares[:end], repeat(None))))
            for flat in empties:
                self._add(flat, player)
                self.stock[player] -= 1
            overflow = self.place_left - len(empties)
            self.place_left = 0
            if overflow:
                sent = min(overflow, _KINGDOM - len(self.kingdom))
                if sent:
                    self.kingdom.extend([player] * sent)
                    self.stock[player] -= sent
        if _board_victory(self.squares, player, self.geometry):
            self._end(player)
            return
        if self.turn == 0:
            self.turn = 1
            self._start_turn()
        else:
            self.assigned = [None, None]
            self.first = None
            if len(self.kingdom) >= _KINGDOM:
                self._scoring()
            else:
                self._next_round()

    def _scoring(self) -> None:
        """The engine's scoring, read off the counts (temple counters, black and blue squares, bonuses)."""
        score, counts = self.score, self.counts
        size = AGGREGATE_SIZE
        for temple in range(data.TEMPLE_COUNT):
            red, blue = counts[temple], counts[size + temple]
            if red == blue:
                continue
            winner = RED if red > blue else BLUE
            if temple == 0:
                points = abs(red - blue)
            elif temple == 1:
                points = data.TEMPLE2_MAJORITY_POINTS
            elif temple == 2:
                points = max(red, blue)
            else:
                points = data.TEMPLE4_POINTS_PER_BLUE_SQUARE * counts[winner * size + BLUE_SQUARES]
            score[winner] += points
        red, blue = counts[BLACK], counts[size + BLACK]
        if red != blue:
            score[RED if red > blue else BLUE] += data.BLACK_MAJORITY_POINTS
        score[RED] += counts[BONUS]
        score[BLUE] += counts[size + BONUS]
        if max(score) >= data.WINNING_POINTS:
            self._end(_leader_or_none(score), at_scoring=True)
            return
        self.scoring_turn = 0
        self._start_scoring_removal()

    def _start_scoring_removal(self) -> None:
        score = self.score
        leader = BLUE if score[BLUE] > score[RED] else RED
        player = leader if self.scoring_turn == 0 else _OTHER[leader]
        self.actor = player
        squares = self.squares
        on_board = list(compress(_FLATS, map(is_, squares, repeat(player))))
        self.scoring_left = min(data.POST_SCORING_REMOVALS, len(on_board))
        if len(on_board) <= data.POST_SCORING_REMOVALS:
            for flat in on_board:
                self._remove_counter(flat, scoring=True)
            self.scoring_left = 0
            self.scoring_required = []
        else:
            self.scoring_required = sorted({f // _SIZE + 1 for f in on_board})
        self._continue_scoring_removal()

    def _continue_scoring_removal(self) -> None:
        player = self.actor
        squares = self.squares
        while self.scoring_left > 0:
            if self.scoring_required:
                forced = None
                for temple in self.scoring_required:
                    own = _own(squares, temple, player)
                    if len(own) == 1:
                        forced = (temple, own[0])
                        break
                if forced is None:
                    self.phase = SCORING_REMOVE
                    return
                self.scoring_required.remove(forced[0])
                self._remove_counter(forced[1], scoring=True)
                self.scoring_left -= 1
                continue
            highest = self._highest_temple_of(player)
            own = _own(squares, highest, player)
            if len(own) > self.scoring_left:
                self.phase = SCORING_REMOVE
                return
            for flat in own:
                self._remove_counter(flat, scoring=True)
            self.scoring_left -= len(own)
        if self.scoring_turn == 0:
            self.scoring_turn = 1
            self._start_scoring_removal()
            return
        kingdom = self.kingdom
        self.stock[RED] += kingdom.count(RED)
        self.stock[BLUE] += kingdom.count(BLUE)
        kingdom.clear()
        self._next_round()

    def _next_round(self) -> None:
        self.actor = None  # type: ignore[assignment]
        if self.round >= self.round_limit:
            self._end(_leader_or_none(self.score))
            return
        self.round += 1
        self.phase = NEXT_ROUND

    def _end(self, winner: Player | None, *, at_scoring: bool = False) -> None:
        self.winner = winner
        self.at_scoring = at_scoring
        self.phase = OVER
        self.actor = None  # type: ignore[assignment]


_TEMPLE_FLATS = tuple(range((temple - 1) * _SIZE, temple * _SIZE) for temple in range(data.TEMPLE_COUNT + 1))


def _own(squares: list[Player | None], temple: int, player: Player) -> list[int]:
    """The flats of ``temple`` (1-4) where ``player``'s counters stand, in order."""
    start = (temple - 1) * _SIZE
    return list(compress(_TEMPLE_FLATS[temple], map(is_, squares[start : start + _SIZE], repeat(player))))


def _leader_or_none(score: list[int]) -> Player | None:
    red, blue = score
    return RED if red > blue else BLUE if blue > red else None


def _board_victory(squares: list[Player | None], player: Player, geometry: Geometry) -> bool:
    """Whether ``player`` holds a whole temple, every yellow or every green square (``Game._board_victory``)."""
    if squares.count(player) < geometry.smallest_group:
        return False
    for start in range(0, len(squares), _SIZE):
        if squares[start : start + _SIZE].count(player) == _SIZE:
            return True
    if all(squares[f] is player for f in geometry.yellow):
        return True
    return all(squares[f] is player for f in geometry.green)


__all__ = ["ASSIGN", "NEXT_ROUND", "OVER", "PLACE", "REMOVE", "SCORING_REMOVE", "Changes", "LeanRound", "count_changes"]
