"""The Aton rules engine: one :class:`Game` holds the whole state and enforces every rule.

A game stops whenever a player has a real choice and resolves everything
else on its own, logging each step as an :class:`~aton.events.Event`.

>>> import aton
>>> game = aton.new_game(seed=7)
>>> game.phase, game.to_act
(<Phase.ASSIGN: 'assign'>, (RED, BLUE))
>>> for player in game.to_act:
...     game.apply(game.legal_actions(player)[0])
>>> game.phase, game.to_act
(<Phase.PLACE: 'place'>, (RED,))
>>> for event in game.events[5:8]:
...     print(aton.explain(event))
The cards are turned face up. Red: 1, 1, 2, 4; Blue: 2, 2, 3, 3 (cartouches 1 to 4).
Cartouche 1 (points): Blue's 2 beats Red's 1, so Blue scores 2 x (2 - 1) = 2 points.
Cartouche 2 (order): Red played the lower card (1 against 2), so Red resolves cartouches 2, 3 and 4 first.
"""

from __future__ import annotations

import json
import random
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from itertools import compress, permutations, repeat
from operator import is_
from typing import Any, NamedTuple, Protocol

from . import data, rng
from . import refusals as _refusals  # noqa: F401 - plugs the sentences of the refusals into the errors
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
    check_square,
    square_text,
    whole_number,
)
from .errors import HiddenInformation as HiddenInformation
from .errors import IllegalAction as IllegalAction
from .events import (
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
from .rules import Layout, Rules, SquareKind
from .textboard import render as render_board

SQUARE_COUNT = data.TEMPLE_COUNT * data.SQUARES_PER_TEMPLE
_TEMPLE_SIZE = data.SQUARES_PER_TEMPLE
SQUARES: tuple[Square, ...] = tuple(
    (temple, index) for temple in range(1, data.TEMPLE_COUNT + 1) for index in range(data.SQUARES_PER_TEMPLE)
)
FLAT: dict[Square, int] = {square: flat for flat, square in enumerate(SQUARES)}
_PLACE_ACTIONS = tuple(tuple(Place(p, square) for square in SQUARES) for p in PLAYERS)
_REMOVE_ACTIONS = tuple(tuple(Remove(p, square) for square in SQUARES) for p in PLAYERS)
_EXCHANGE = tuple(Exchange(p) for p in PLAYERS)
_WAITING = (((), (BLUE,)), ((RED,), (RED, BLUE)))
_ALONE = ((RED,), (BLUE,))
_OTHER = (BLUE, RED)
_SEED_BOUND = 10**data.MAX_NUMBER_DIGITS


class Phase(Enum):
    """What the game waits for."""

    ASSIGN = "assign"
    REMOVE = "remove"
    PLACE = "place"
    SCORING_REMOVE = "scoring_remove"
    OVER = "over"


_ASSIGN, _REMOVE, _PLACE, _SCORING_REMOVE, _OVER = (
    Phase.ASSIGN,
    Phase.REMOVE,
    Phase.PLACE,
    Phase.SCORING_REMOVE,
    Phase.OVER,
)


class EndReason(Enum):
    """Why a game ended."""

    POINTS = "points"
    TEMPLE = "temple"
    YELLOW = "yellow"
    GREEN = "green"
    ROUND_LIMIT = "round_limit"


@dataclass(frozen=True)
class Result:
    """How a game ended: ``winner`` (``None`` for a draw), ``reason``, final ``scores`` (red, blue).

    ``at_scoring`` is true when 40 points were reached in a scoring of the
    Kingdom of the Dead rather than at cartouche 1.
    """

    winner: Player | None
    reason: EndReason
    scores: tuple[int, int]
    at_scoring: bool = False


@dataclass
class GameState:
    """Everything a :class:`Game` is, as plain fields: what a file format reads and writes.

    :meth:`Game.state` gives a copy of a game's state and :meth:`Game.from_state` builds a game from
    one (the lists are copied both ways), so a format such as :mod:`aton.position` never reaches
    into the game.  Lists by player are indexed by :class:`~aton.actions.Player` (red first).
    ``from_state`` trusts the state: a reader checks it first (:func:`aton.position.game_from_dict`
    does, and says what is wrong).

    >>> game = new_game(seed=7)
    >>> state = game.state()
    >>> state.hand[RED], state.stock, state.phase
    ([1, 1, 2, 4], [29, 29], <Phase.ASSIGN: 'assign'>)
    >>> Game.from_state(state) == game
    True
    """

    rules: Rules
    seed: int
    rng: int
    """The state of the random stream (deals and reshuffles)."""
    round: int = 1
    phase: Phase = Phase.ASSIGN
    squares: list[Player | None] = field(default_factory=lambda: [None] * SQUARE_COUNT)
    """The owner of each square, in the order of :data:`SQUARES`."""
    kingdom: list[Player] = field(default_factory=list)
    score: list[int] = field(default_factory=lambda: [0, 0])
    stock: list[int] = field(default_factory=lambda: [data.COUNTERS_PER_PLAYER] * 2)
    exchange: list[bool] = field(default_factory=lambda: [True, True])
    """Whether each player still has the exchange counter."""
    hand: list[list[int]] = field(default_factory=lambda: [[], []])
    deck: list[list[int]] = field(default_factory=lambda: [[], []])
    """Each draw pile, bottom card first: cards are drawn from the end."""
    discard: list[list[int]] = field(default_factory=lambda: [[], []])
    assigned: list[tuple[int, ...] | None] = field(default_factory=lambda: [None, None])
    """The cards on cartouches 1-4, or ``None`` before a player assigns."""
    revealed: bool = False
    first: Player | None = None
    """Who resolves cartouches 2-4 first this round."""
    turn: int = 0
    """0 while the first player resolves, 1 for the second."""
    actor: Player | None = None
    remove_left: int = 0
    remove_target: Player | None = None
    place_left: int = 0
    scoring_required: list[int] = field(default_factory=list)
    """Temples the actor must still take a counter from after a scoring."""
    scoring_left: int = 0
    scoring_turn: int = 0
    """0 while the leader removes after a scoring, 1 for the other player."""
    result: Result | None = None
    events: list[Event] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    start: dict[str, Any] | None = None
    """The position the game began from (its snapshot form), or ``None`` for a new game."""


class FileFormat(Protocol):
    """How games are written and read as JSON: :mod:`aton.position` plugs itself in with :func:`use_file_format`.

    The engine does not import its file format (the format imports the engine), as an image library's
    core leaves its file formats to plug-ins; ``import aton`` plugs this one in.
    """

    def to_dict(self, game: Game) -> dict[str, Any]:
        """The full snapshot of ``game``."""

    def record(self, game: Game) -> dict[str, Any]:
        """The record of ``game``: seed, rules, start and decisions."""

    def from_dict(self, raw: Any) -> Game:
        """A game from a snapshot or position, checked."""

    def from_json(self, text: str | bytes) -> Game:
        """A game from JSON text, checked."""


_file_format: list[FileFormat] = []


def use_file_format(file_format: FileFormat) -> None:
    """Write and read games with ``file_format`` (:mod:`aton.position` calls this when imported)."""
    _file_format[:] = [file_format]


def _format() -> FileFormat:
    if not _file_format:  # pragma: no cover - ``import aton`` plugs in aton.position
        raise RuntimeError("no file format for games: import aton.position")
    return _file_format[0]


@cache
def _orderings(cards: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(set(permutations(cards))))


@cache
def _assign_actions(player: Player, sorted_hand: tuple[int, ...], exchange: bool) -> tuple[Action, ...]:
    assigns: tuple[Action, ...] = tuple(Assign(player, cards) for cards in _orderings(sorted_hand))
    return (*assigns, _EXCHANGE[player]) if exchange else assigns


@dataclass(frozen=True)
class Geometry:
    """Flat square indices (0-47) of each scoring group, derived once per layout."""

    yellow: tuple[int, ...]
    green: tuple[int, ...]
    black: tuple[int, ...]
    blue: tuple[int, ...]
    bonus: tuple[tuple[int, int], ...]
    smallest_group: int
    codes: tuple[str, ...]
    """The code of each square kind (``"Y"``, ``"+2"``...), by flat index."""
    """Fewest counters that can meet a board victory (a temple, all yellow or all green)."""

    def yellow_of(self, squares: list[Player | None]) -> tuple[Player | None, ...]:
        """The occupants of the yellow squares."""
        return tuple(squares[f] for f in self.yellow)

    def green_of(self, squares: list[Player | None]) -> tuple[Player | None, ...]:
        """The occupants of the green squares."""
        return tuple(squares[f] for f in self.green)

    @classmethod
    @cache
    def of(cls, layout: Layout) -> Geometry:
        """The geometry of ``layout`` (cached)."""
        kinds = layout.kinds
        return cls(
            yellow=layout.squares_of(SquareKind.YELLOW),
            green=layout.squares_of(SquareKind.GREEN),
            black=layout.squares_of(SquareKind.BLACK),
            blue=layout.squares_of(SquareKind.BLUE),
            bonus=tuple((f, kinds[f].bonus) for f in range(SQUARE_COUNT) if kinds[f].bonus),
            codes=tuple(kind.code for kind in kinds),
            smallest_group=min(
                data.SQUARES_PER_TEMPLE,
                len(layout.squares_of(SquareKind.YELLOW)),
                len(layout.squares_of(SquareKind.GREEN)),
            ),
        )


def _temple_range(temple: int) -> range:
    start = (temple - 1) * data.SQUARES_PER_TEMPLE
    return range(start, start + data.SQUARES_PER_TEMPLE)


_LABELS = ("red", "blue")


def _name(player: Player | None) -> str | None:
    return None if player is None else _LABELS[player]


class Game:
    """A game of Aton.  Build one with :func:`aton.new_game`.

    Squares are ``(temple, index)`` with temple 1-4 and index 0-11 row by row.
    Every query that takes a player takes ``aton.RED`` or ``aton.BLUE``.
    """

    rules: Rules
    seed: int

    def __init__(self, seed: int = 0, rules: Rules | None = None, *, events: bool = True) -> None:
        number = whole_number(seed)
        if number is None:
            raise ValueError(f"a seed is a whole number, not {str(seed)[:40]!r}")
        if not -_SEED_BOUND < number < _SEED_BOUND:
            raise ValueError(f"a seed has at most {data.MAX_NUMBER_DIGITS} digits; this one has more")
        self.rules = rules if rules is not None else Rules()
        self.seed = seed = number
        self._geometry = Geometry.of(self.rules.layout)
        self._rng = rng.seed_state(seed)
        self._log_events = events
        self._observer: Callable[[Game, Event], None] | None = None
        self._events: list[Event] = []
        self._actions: list[Action] = []
        self._start: dict[str, Any] | None = None
        self._round = 1
        self._phase = _ASSIGN
        self._squares: list[Player | None] = [None] * SQUARE_COUNT
        self._kingdom: list[Player] = []
        self._stock = [data.COUNTERS_PER_PLAYER, data.COUNTERS_PER_PLAYER]
        self._score = [0, 0]
        self._exchange = [True, True]
        self._deck: list[list[int]] = [list(data.DECK), list(data.DECK)]
        self._discard: list[list[int]] = [[], []]
        self._hand: list[list[int]] = [[], []]
        self._assigned: list[tuple[int, ...] | None] = [None, None]
        self._revealed = False
        self._first: Player | None = None
        self._turn = 0
        self._actor: Player | None = None
        self._remove_left = 0
        self._remove_target: Player | None = None
        self._place_left = 0
        self._scoring_required: list[int] = []
        self._scoring_left = 0
        self._scoring_turn = 0
        self._result: Result | None = None
        for player in PLAYERS:
            self._rng = rng.shuffle(self._deck[player], self._rng)
        if self._log_events:
            self._emit(RoundStarted(1))
        for player in PLAYERS:
            self._draw(player)

    # ----------------------------------------------------------------- queries
    @property
    def phase(self) -> Phase:
        """What the game waits for now."""
        return self._phase

    @property
    def to_act(self) -> tuple[Player, ...]:
        """The players who must act now: both (until they assign) in ASSIGN, one otherwise."""
        if self._phase is _ASSIGN:
            red, blue = self._assigned
            return _WAITING[red is None][blue is None]
        actor = self._actor
        return () if actor is None or self._phase is _OVER else _ALONE[actor]

    @property
    def round(self) -> int:
        """The round being played, from 1."""
        return self._round

    def hand(self, player: Player) -> list[int] | None:
        """The cards in ``player``'s hand, lowest first.

        Empty once assigned; ``None`` in a view that may not see it.
        """
        return list(self._hand[player])

    def assignment(self, player: Player) -> tuple[int, ...] | None:
        """The cards ``player`` put on cartouches 1-4 this round, or ``None`` (not assigned, or hidden)."""
        return self._assigned[player]

    def has_assigned(self, player: Player) -> bool:
        """Whether ``player`` has put their cards on the cartouches this round (public)."""
        return self._assigned[player] is not None

    @property
    def revealed(self) -> bool:
        """Whether this round's cartouche cards are face up."""
        return self._revealed

    def score(self, player: Player) -> int:
        """Points on the score track."""
        return self._score[player]

    def stock(self, player: Player) -> int:
        """Counters in ``player``'s stock."""
        return self._stock[player]

    def owner(self, square: Square) -> Player | None:
        """``RED``, ``BLUE`` or ``None`` for the counter on ``square``."""
        return self._squares[FLAT[check_square(square)]]

    @property
    def squares(self) -> tuple[Player | None, ...]:
        """The owner of each of the 48 squares (``None`` when empty), in the order of :data:`aton.SQUARES`."""
        return tuple(self._squares)

    @property
    def kingdom(self) -> list[Player]:
        """Owners of the counters in the Kingdom of the Dead, in the order they arrived."""
        return list(self._kingdom)

    def exchange_available(self, player: Player) -> bool:
        """True until ``player`` has handed in the exchange counter."""
        return self._exchange[player]

    def deck_size(self, player: Player) -> int:
        """Cards in ``player``'s face-down draw pile (public)."""
        return len(self._deck[player])

    def deck(self, player: Player) -> list[int] | None:
        """``player``'s draw pile, top card first (hidden from both players in views)."""
        return self._deck[player][::-1]

    def discard(self, player: Player) -> list[int]:
        """``player``'s face-up discard pile, oldest first (public)."""
        return list(self._discard[player])

    @property
    def first_player(self) -> Player | None:
        """Who acts first for cartouches 2-4 this round (``None`` before the order is decided)."""
        return self._first

    @property
    def actor(self) -> Player | None:
        """The player resolving cartouches 2-4 or removing after a scoring, if any."""
        return self._actor

    @property
    def removals_left(self) -> int:
        """Counters still to remove in REMOVE or SCORING_REMOVE."""
        if self._phase is _REMOVE:
            return self._remove_left
        if self._phase is _SCORING_REMOVE:
            return self._scoring_left
        return 0

    @property
    def placements_left(self) -> int:
        """Counters still to place in PLACE."""
        return self._place_left if self._phase is _PLACE else 0

    def allowed_temples(self, player: Player) -> int:
        """Temples 1..n that ``player``'s cartouche 3 opens this round (0 before the reveal)."""
        cards = self._assigned[player]
        return cards[2] if self._revealed and cards is not None else 0

    @property
    def result(self) -> Result | None:
        """``None`` while playing, else the :class:`Result`."""
        return self._result

    @property
    def events(self) -> list[Event]:
        """The log of events, in order."""
        return list(self._events)

    @property
    def actions(self) -> list[Action]:
        """The decisions taken so far, in order."""
        return list(self._actions)

    def counters_in_temple(self, player: Player, temple: int) -> int:
        """How many of ``player``'s counters stand in ``temple``."""
        return sum(1 for f in _temple_range(temple) if self._squares[f] is player)

    def layout_kind(self, square: Square) -> SquareKind:
        """The kind of ``square`` on this game's board."""
        return self.rules.layout.kind(check_square(square))

    # ----------------------------------------------------------- legal actions
    def legal_actions(self, player: Player) -> list[Action]:
        """Every action ``player`` may take now (empty when it is not their turn)."""
        phase = self._phase
        if phase is _ASSIGN:
            if self._assigned[player] is not None:
                return []
            options = _assign_actions(player, tuple(self._hand[player]), self._exchange[player])
            return list(options)
        if player is not self._actor:
            return []
        squares = self._squares
        if phase is _PLACE:
            end = self._temple_end(player)
            return list(compress(_PLACE_ACTIONS[player][:end], map(is_, squares[:end], repeat(None))))
        remove = _REMOVE_ACTIONS[player]
        return [remove[f] for f in self._removal_candidates()]

    def square_choices(self, player: Player) -> tuple[list[int], list[Action]]:
        """The flat indices (0-47) where ``player`` may remove or place now, and the actions by flat.

        The same choices as :meth:`legal_actions` outside the card assignment,
        as numbers a bot can compute with: ``actions[flat]`` is the action on
        square ``flat``.  Empty when ``player`` has no such choice now.
        """
        phase = self._phase
        if phase is _ASSIGN or phase is _OVER or player is not self._actor:
            return [], []
        if phase is _PLACE:
            squares = self._squares
            return [f for f in range(self._temple_end(player)) if squares[f] is None], list(_PLACE_ACTIONS[player])
        return self._removal_candidates(), list(_REMOVE_ACTIONS[player])

    def legal_squares(self, player: Player) -> list[Square]:
        """Squares where ``player`` may remove or place now."""
        return [a.square for a in self.legal_actions(player) if isinstance(a, (Remove, Place))]

    def _temple_end(self, player: Player) -> int:
        """One past the last flat index of the temples ``player``'s cartouche 3 opens."""
        return self._assigned[player][2] * _TEMPLE_SIZE  # type: ignore[index]

    def _removal_candidates(self) -> list[int]:
        if self._phase is _REMOVE:
            return self._removal_candidates_for_target()
        squares = self._squares
        actor = self._actor
        temples = self._scoring_required or [self._highest_temple_of(actor)]  # type: ignore[arg-type]
        return [f for temple in temples for f in _temple_range(temple) if squares[f] is actor]

    def _highest_temple_of(self, player: Player) -> int:
        for temple in range(data.TEMPLE_COUNT, 0, -1):
            if any(self._squares[f] is player for f in _temple_range(temple)):
                return temple
        return 0

    # ------------------------------------------------------------ validation
    def why_illegal(self, action: Action, lang: str = "en") -> str | None:
        """The reason ``action`` is not allowed now (in ``lang``), or ``None`` if it is legal."""
        try:
            self._validate(action)
        except IllegalAction as error:
            return error.text(lang)
        return None

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is allowed now."""
        return self.why_illegal(action) is None

    def _validate(self, action: Action) -> None:
        """Return if ``action`` is legal now, else raise :class:`IllegalAction` saying why."""
        try:
            phase = self._phase
            if isinstance(action, Place):
                if phase is _PLACE and action.player is self._actor:
                    flat = FLAT.get(action.square)
                    if flat is not None and flat < self._temple_end(action.player) and self._squares[flat] is None:
                        return
            elif isinstance(action, Remove) and phase is _REMOVE:
                if action.player is self._actor:
                    flat = FLAT.get(action.square)
                    if (
                        flat is not None
                        and flat < self._temple_end(action.player)
                        and self._squares[flat] is self._remove_target
                    ):
                        return
            elif isinstance(action, Exchange):
                if phase is _ASSIGN and self._assigned[action.player] is None and self._exchange[action.player]:
                    return
            elif isinstance(action, Assign):
                player = action.player
                if (
                    phase is _ASSIGN
                    and self._assigned[player] is None
                    and len(action.cards) == data.CARTOUCHE_COUNT
                    and sorted(action.cards) == sorted(self._hand[player])
                    and all(type(card) is int for card in action.cards)
                ):
                    return
            elif isinstance(action, Remove) and phase is _SCORING_REMOVE and action.player is self._actor:
                flat = FLAT.get(action.square)
                if flat is not None and self._squares[flat] is action.player:
                    temple = action.square[0]
                    required = self._scoring_required
                    if temple in required if required else temple == self._highest_temple_of(action.player):
                        return
        except TypeError:  # a malformed square or card list: _check_slowly says what is wrong
            pass
        self._check_slowly(action)

    def _check_slowly(self, action: Action) -> None:
        if not isinstance(action, (Exchange, Assign, Remove, Place)):
            raise IllegalAction("not_an_action", given=repr(action))
        if action.player not in PLAYERS:
            raise IllegalAction("unknown_player", given=repr(action.player))
        player = Player(action.player)
        name = player.label
        phase = self._phase
        if phase is _OVER:
            raise IllegalAction("game_over")
        expected = phase.value
        if player not in self.to_act:
            waiting = [p.label for p in self.to_act]
            if phase is _ASSIGN and isinstance(action, (Exchange, Assign)):
                kind = "exchange" if isinstance(action, Exchange) else "assign"
                raise IllegalAction("already_assigned", player=name, action=kind, waiting=waiting, expected=expected)
            raise IllegalAction("not_your_turn", player=name, waiting=waiting, expected=expected)
        if isinstance(action, (Exchange, Assign)):
            if phase is not _ASSIGN:
                kind = "exchange" if isinstance(action, Exchange) else "assign"
                raise IllegalAction("not_assign_phase", player=name, action=kind, expected=expected)
            if isinstance(action, Exchange):
                if not self._exchange[player]:
                    raise IllegalAction("exchange_used", player=name)
                return
            hand = sorted(self._hand[player])
            cards = action.cards
            if not all(type(card) is int and card in data.CARD_VALUES for card in cards):
                raise IllegalAction("bad_cards", player=name, cards=list(cards))
            if len(cards) != data.CARTOUCHE_COUNT:
                raise IllegalAction("card_count", player=name, count=len(cards))
            if sorted(cards) != hand:
                raise IllegalAction("cards_not_in_hand", player=name, hand=hand, cards=list(cards))
            return
        try:
            flat = FLAT[check_square(action.square)]
        except ValueError:
            raise IllegalAction("bad_square", player=name, square=repr(action.square)) from None
        square = square_text(action.square)
        owner = self._squares[flat]
        found = None if owner is None else owner.label
        temple = action.square[0]
        if isinstance(action, Place):
            if phase is not _PLACE:
                raise IllegalAction("not_place_phase", player=name, expected=expected)
            allowed = self.allowed_temples(player)
            if temple > allowed:
                raise IllegalAction("temple_not_allowed", player=name, verb="place", allowed=allowed, temple=temple)
            if owner is not None:
                raise IllegalAction("square_occupied", player=name, square=square, found=found)
            return
        if phase is _PLACE or phase is _ASSIGN:
            raise IllegalAction("not_remove_phase", player=name, expected=expected)
        if phase is _REMOVE:
            target = _name(self._remove_target)
            allowed = self.allowed_temples(player)
            if temple > allowed:
                raise IllegalAction("temple_not_allowed", player=name, verb="remove", allowed=allowed, temple=temple)
            if found != target:
                raise IllegalAction("wrong_counter", player=name, square=square, found=found, target=target)
            return
        if owner is not player:
            raise IllegalAction("scoring_own_counter", player=name, square=square, found=found)
        if self._scoring_required:
            if temple not in self._scoring_required:
                raise IllegalAction("scoring_temple_required", player=name, temples=list(self._scoring_required))
            return
        highest = self._highest_temple_of(player)
        if temple != highest:
            raise IllegalAction("scoring_highest_temple", player=name, temple=highest)

    # ----------------------------------------------------------------- apply
    def apply(self, action: Action) -> None:
        """Play ``action``: validate it, then resolve everything up to the next real choice.

        Raises :class:`IllegalAction` (a ``ValueError``) with the reason, leaving the game unchanged.
        """
        self._validate(action)
        self._play(action)

    def _play(self, action: Action) -> None:
        """Play an action already known to be legal (:meth:`apply` without the check).

        Only for the search bot's imagined games, which play actions taken from
        :meth:`legal_actions` or :meth:`square_choices` of the same state a
        moment before; the differential tests check that it plays as :meth:`apply`.
        """
        player = action.player
        if isinstance(action, Place):
            flat = FLAT[action.square]
            self._actions.append(_PLACE_ACTIONS[player][flat])  # the square exactly as the board names it
            self._squares[flat] = player
            self._stock[player] -= 1
            if self._log_events:
                self._emit(CounterPlaced(_LABELS[player], SQUARES[flat], self._geometry.codes[flat], False))
            left = self._place_left = self._place_left - 1
            if left and self._squares[: self._temple_end(player)].count(None) > left:
                return
            self._continue_placement()
        elif isinstance(action, Remove):
            flat = FLAT[action.square]
            self._actions.append(_REMOVE_ACTIONS[player][flat])
            if self._phase is _REMOVE:
                self._remove_counter(flat, automatic=False, scoring=False)
                self._remove_left -= 1
                self._continue_removal()
            else:
                temple = action.square[0]
                if temple in self._scoring_required:
                    self._scoring_required.remove(temple)
                self._remove_counter(flat, automatic=False, scoring=True)
                self._scoring_left -= 1
                self._continue_scoring_removal()
        elif isinstance(action, Assign):
            self._actions.append(action)
            self._assigned[player] = action.cards
            self._hand[player].clear()
            if self._log_events:
                self._emit(Assigned(_LABELS[player]))
            if self._assigned[_OTHER[player]] is not None:
                self._reveal_and_resolve()
        else:
            self._actions.append(action)
            self._exchange[player] = False
            discarded = list(self._hand[player])
            self._discard[player].extend(discarded)
            self._hand[player].clear()
            if self._log_events:
                self._emit(Exchanged(_LABELS[player], discarded))
            self._draw(player)

    # ------------------------------------------------------------ resolution
    def _emit(self, event: Event) -> None:
        """Log ``event``; callers build it only when ``self._log_events`` (the log costs nothing when off)."""
        self._events.append(event)
        if self._observer is not None:
            self._observer(self, event)

    def _reshuffle(self, player: Player) -> None:
        deck = self._deck[player]
        deck.extend(self._discard[player])
        self._discard[player].clear()
        self._rng = rng.shuffle(deck, self._rng)
        if self._log_events:
            self._emit(Reshuffled(_LABELS[player], len(deck)))

    def _draw(self, player: Player) -> None:
        hand, deck = self._hand[player], self._deck[player]
        drawn = 0
        while len(hand) < data.HAND_SIZE:
            if not deck:
                if not self._discard[player]:
                    break
                if drawn and self._log_events:  # what was left of the old pile comes first, then the reshuffle
                    self._emit(CardsDrawn(_LABELS[player], drawn))
                    drawn = 0
                self._reshuffle(player)
            take = min(data.HAND_SIZE - len(hand), len(deck))
            hand += deck[-take:]
            del deck[-take:]
            drawn += take
        hand.sort()
        if self._log_events:
            self._emit(CardsDrawn(_LABELS[player], drawn))

    def _reveal_and_resolve(self) -> None:
        red_cards, blue_cards = self._assigned
        assert red_cards is not None and blue_cards is not None
        self._revealed = True
        if self._log_events:
            self._emit(Revealed(list(red_cards), list(blue_cards)))
        difference = red_cards[0] - blue_cards[0]
        scorer = None if difference == 0 else (RED if difference > 0 else BLUE)
        points = abs(difference) * data.CARTOUCHE1_POINTS_PER_DIFFERENCE
        if scorer is not None:
            self._score[scorer] += points
        if self._log_events:
            self._emit(Cartouche1Compared(red_cards[0], blue_cards[0], _name(scorer), points))
        if scorer is not None and self._score[scorer] >= data.WINNING_POINTS:
            self._end(scorer, EndReason.POINTS)
            return
        if red_cards[1] != blue_cards[1]:
            first, reason = (RED if red_cards[1] < blue_cards[1] else BLUE), "lower_card"
        elif red_cards[0] != blue_cards[0]:
            first, reason = (RED if red_cards[0] < blue_cards[0] else BLUE), "cartouche1"
        else:
            first, reason = self._war()
        if self._log_events:
            self._emit(OrderDecided(_LABELS[first], reason, red_cards[1], blue_cards[1]))
        self._first = first
        self._turn = 0
        self._start_turn()

    def _war(self) -> tuple[Player, str]:
        turned: list[list[int]] = [[], []]
        decks = self._deck
        winner, reason = RED, "war_exhausted"
        while True:
            for player in PLAYERS:
                if not decks[player] and self._discard[player]:
                    self._reshuffle(player)
            if not decks[RED] or not decks[BLUE]:
                break
            red_card, blue_card = decks[RED].pop(), decks[BLUE].pop()
            turned[RED].append(red_card)
            turned[BLUE].append(blue_card)
            if self._log_events:
                self._emit(WarTurn(red_card, blue_card))
            if red_card != blue_card:
                winner, reason = (RED if red_card < blue_card else BLUE), "war"
                break
        for player in PLAYERS:
            if self.rules.war_cards == "bottom":
                decks[player][0:0] = turned[player][::-1]
            else:
                self._discard[player].extend(turned[player])
        if self._log_events:
            self._emit(WarCardsMoved(self.rules.war_cards, turned[RED], turned[BLUE]))
        return winner, reason

    def _start_turn(self) -> None:
        first: Player = self._first  # type: ignore[assignment]
        player = first if self._turn == 0 else _OTHER[first]
        self._actor = player
        cards: tuple[int, ...] = self._assigned[player]  # type: ignore[assignment]
        card, temples = cards[1], cards[2]
        if self._log_events:
            self._emit(TurnStarted(_LABELS[player], "first" if self._turn == 0 else "second", temples))
        self._remove_left = 0
        if self._round == 1:
            if self._log_events:
                self._emit(RemovalSkipped(_LABELS[player], card))
        else:
            target = player if card < data.REMOVAL_OFFSET else _OTHER[player]
            count = (
                card - data.REMOVAL_OFFSET if card > data.REMOVAL_OFFSET else (1 if card < data.REMOVAL_OFFSET else 0)
            )
            present = self._squares[: temples * data.SQUARES_PER_TEMPLE].count(target)
            if self._log_events:
                self._emit(RemovalAllowed(_LABELS[player], _LABELS[target], count, temples, present, card))
            self._remove_target = target
            self._remove_left = min(count, present)
        self._continue_removal()

    def _continue_removal(self) -> None:
        if self._remove_left > 0:
            candidates = self._removal_candidates_for_target()
            if len(candidates) > self._remove_left:
                self._phase = _REMOVE
                return
            for flat in candidates:
                self._remove_counter(flat, automatic=True, scoring=False)
            self._remove_left = 0
        self._start_placement()

    def _removal_candidates_for_target(self) -> list[int]:
        squares, target = self._squares, self._remove_target
        return [f for f in range(self._temple_end(self._actor)) if squares[f] is target]  # type: ignore[arg-type]

    def _remove_counter(self, flat: int, *, automatic: bool, scoring: bool) -> None:
        owner = self._squares[flat]
        assert owner is not None
        self._squares[flat] = None
        if scoring or len(self._kingdom) >= data.KINGDOM_SIZE:
            self._stock[owner] += 1
            destination = "stock"
        else:
            self._kingdom.append(owner)
            destination = "kingdom"
        if self._log_events:
            self._emit(
                CounterRemoved(
                    _name(self._actor),
                    _LABELS[owner],
                    SQUARES[flat],
                    self._geometry.codes[flat],
                    destination,
                    automatic,
                    scoring,
                )
            )

    def _start_placement(self) -> None:
        player = self._actor
        assert player is not None
        cards = self._assigned[player]
        assert cards is not None
        count, stock = cards[3], self._stock[player]
        empty = self._squares[: cards[2] * data.SQUARES_PER_TEMPLE].count(None)
        if self._log_events:
            self._emit(PlacementAllowed(_LABELS[player], count, stock, empty))
            if stock < count:
                self._emit(NoStock(_LABELS[player], count - stock))
        self._place_left = min(count, stock)
        self._continue_placement()

    def _continue_placement(self) -> None:
        player: Player = self._actor  # type: ignore[assignment]
        if self._place_left > 0:
            squares = self._squares
            end = self._temple_end(player)
            if squares[:end].count(None) > self._place_left:
                self._phase = _PLACE
                return
            empties = [f for f in range(end) if squares[f] is None]
            for flat in empties:
                self._place_counter(flat, automatic=True)
            overflow = self._place_left - len(empties)
            self._place_left = 0
            if overflow:
                sent = min(overflow, data.KINGDOM_SIZE - len(self._kingdom))
                if sent:
                    self._kingdom.extend([player] * sent)
                    self._stock[player] -= sent
                    if self._log_events:
                        self._emit(SentToKingdom(_LABELS[player], sent))
                if overflow > sent and self._log_events:
                    self._emit(KingdomFull(_LABELS[player], overflow - sent))
        self._end_turn()

    def _place_counter(self, flat: int, *, automatic: bool) -> None:
        player = self._actor
        assert player is not None
        self._squares[flat] = player
        self._stock[player] -= 1
        if self._log_events:
            self._emit(CounterPlaced(_LABELS[player], SQUARES[flat], self._geometry.codes[flat], automatic))

    def _end_turn(self) -> None:
        player = self._actor
        assert player is not None
        reason = self._board_victory(player)
        if reason is not None:
            self._end(player, reason)
            return
        if self._turn == 0:
            self._turn = 1
            self._start_turn()
        else:
            self._end_round()

    def board_victory(self, player: Player) -> EndReason | None:
        """The victory ``player`` holds on the board now (a whole temple, every yellow or green square), if any."""
        return self._board_victory(player)

    def _board_victory(self, player: Player) -> EndReason | None:
        squares = self._squares
        if squares.count(player) < self._geometry.smallest_group:
            return None
        size = data.SQUARES_PER_TEMPLE
        for start in range(0, SQUARE_COUNT, size):
            if squares[start : start + size].count(player) == size:
                return EndReason.TEMPLE
        geometry = self._geometry
        if geometry.yellow_of(squares).count(player) == len(geometry.yellow):
            return EndReason.YELLOW
        if geometry.green_of(squares).count(player) == len(geometry.green):
            return EndReason.GREEN
        return None

    def _end_round(self) -> None:
        for player in PLAYERS:
            cards = self._assigned[player]
            if cards is not None:
                self._discard[player].extend(cards)
            self._assigned[player] = None
        self._revealed = False
        self._first = None
        self._actor = None
        if self._log_events:
            self._emit(RoundEnded(self._round, len(self._kingdom)))
        if len(self._kingdom) >= data.KINGDOM_SIZE:
            self._scoring()
        else:
            self._next_round()

    def _scoring(self) -> None:
        if self._log_events:
            self._emit(ScoringStarted(self._round))
        squares, geometry = self._squares, self._geometry

        def count(player: Player, flats: Iterable[int]) -> int:
            return sum(1 for f in flats if squares[f] is player)

        def majority(red: int, blue: int) -> Player | None:
            return RED if red > blue else BLUE if blue > red else None

        lines: list[tuple[str, int, int, Player | None, int, dict[str, Any]]] = []
        for temple in range(1, data.TEMPLE_COUNT + 1):
            red, blue = count(RED, _temple_range(temple)), count(BLUE, _temple_range(temple))
            winner = majority(red, blue)
            detail: dict[str, Any] = {}
            points = 0
            if winner is not None:
                if temple == 1:
                    points = abs(red - blue)
                elif temple == 2:
                    points = data.TEMPLE2_MAJORITY_POINTS
                elif temple == 3:
                    points = max(red, blue)
                else:
                    blue_squares = count(winner, geometry.blue)
                    points = data.TEMPLE4_POINTS_PER_BLUE_SQUARE * blue_squares
                    detail = {"blue_squares": blue_squares}
            lines.append((f"temple{temple}", red, blue, winner, points, detail))
        red, blue = count(RED, geometry.black), count(BLUE, geometry.black)
        winner = majority(red, blue)
        lines.append(("black", red, blue, winner, data.BLACK_MAJORITY_POINTS if winner is not None else 0, {}))
        for category, red, blue, winner, points, detail in lines:
            gained = [0, 0]
            if winner is not None:
                gained[winner] = points
            self._score_line(category, red, blue, winner, gained, detail)
        bonus = [sum(value for f, value in geometry.bonus if squares[f] is p) for p in PLAYERS]
        self._score_line("bonus", bonus[RED], bonus[BLUE], None, bonus, {})
        high = max(self._score)
        if high >= data.WINNING_POINTS:
            self._end(self._leader_or_none(), EndReason.POINTS, at_scoring=True)
            return
        self._scoring_turn = 0
        self._start_scoring_removal()

    def _score_line(
        self, category: str, red: int, blue: int, winner: Player | None, gained: list[int], detail: dict[str, Any]
    ) -> None:
        self._score[RED] += gained[RED]
        self._score[BLUE] += gained[BLUE]
        if self._log_events:
            self._emit(ScoreLine(category, red, blue, _name(winner), gained[RED], gained[BLUE], detail))

    def _leader_or_none(self) -> Player | None:
        red, blue = self._score
        return RED if red > blue else BLUE if blue > red else None

    def _start_scoring_removal(self) -> None:
        leader = BLUE if self._score[BLUE] > self._score[RED] else RED
        player = leader if self._scoring_turn == 0 else _OTHER[leader]
        self._actor = player
        on_board = [f for f in range(SQUARE_COUNT) if self._squares[f] is player]
        count = min(data.POST_SCORING_REMOVALS, len(on_board))
        temples = sorted({SQUARES[f][0] for f in on_board})
        if self._log_events:
            self._emit(ScoringRemoval(_LABELS[player], count, temples))
        self._scoring_left = count
        if len(on_board) <= data.POST_SCORING_REMOVALS:
            for flat in on_board:
                self._remove_counter(flat, automatic=True, scoring=True)
            self._scoring_left = 0
            self._scoring_required = []
        else:
            self._scoring_required = list(temples)  # a copy: the logged event keeps its own list
        self._continue_scoring_removal()

    def _continue_scoring_removal(self) -> None:
        player = self._actor
        assert player is not None
        squares = self._squares
        while self._scoring_left > 0:
            if self._scoring_required:
                forced = None
                for temple in self._scoring_required:
                    own = [f for f in _temple_range(temple) if squares[f] is player]
                    if len(own) == 1:
                        forced = (temple, own[0])
                        break
                if forced is None:
                    self._phase = _SCORING_REMOVE
                    return
                self._scoring_required.remove(forced[0])
                self._remove_counter(forced[1], automatic=True, scoring=True)
                self._scoring_left -= 1
                continue
            highest = self._highest_temple_of(player)
            own = [f for f in _temple_range(highest) if squares[f] is player]
            if len(own) > self._scoring_left:
                self._phase = _SCORING_REMOVE
                return
            for flat in own:
                self._remove_counter(flat, automatic=True, scoring=True)
            self._scoring_left -= len(own)
        if self._scoring_turn == 0:
            self._scoring_turn = 1
            self._start_scoring_removal()
            return
        self._actor = None
        returned = [self._kingdom.count(RED), self._kingdom.count(BLUE)]
        self._stock[RED] += returned[RED]
        self._stock[BLUE] += returned[BLUE]
        self._kingdom.clear()
        if self._log_events:
            self._emit(KingdomReturned(returned[RED], returned[BLUE]))
        self._next_round()

    def _next_round(self) -> None:
        if self._round >= self.rules.round_limit:
            self._end(self._leader_or_none(), EndReason.ROUND_LIMIT)
            return
        self._round += 1
        self._phase = _ASSIGN
        if self._log_events:
            self._emit(RoundStarted(self._round))
        for player in PLAYERS:
            self._draw(player)

    def _end(self, winner: Player | None, reason: EndReason, *, at_scoring: bool = False) -> None:
        scores = (self._score[RED], self._score[BLUE])
        self._result = Result(winner, reason, scores, at_scoring)
        self._phase = _OVER
        self._actor = None
        if self._log_events:
            self._emit(GameOver(_name(winner), reason.value, scores[RED], scores[BLUE], at_scoring))

    # ------------------------------------------------------------ copies etc.
    def clone(self, *, events: bool | None = None) -> Game:
        """An independent copy.  ``events=False`` gives a copy that logs nothing (for fast search)."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy._squares = list(self._squares)
        copy._kingdom = list(self._kingdom)
        copy._stock = list(self._stock)
        copy._score = list(self._score)
        copy._exchange = list(self._exchange)
        copy._deck = [list(self._deck[0]), list(self._deck[1])]
        copy._discard = [list(self._discard[0]), list(self._discard[1])]
        copy._hand = [list(self._hand[0]), list(self._hand[1])]
        copy._assigned = list(self._assigned)
        copy._scoring_required = list(self._scoring_required)
        copy._observer = None
        if events is False:
            copy._log_events = False
            copy._events = []
            copy._actions = []
        else:
            copy._events = list(self._events)
            copy._actions = list(self._actions)
            if events:
                copy._log_events = True
        return copy

    def view(self, player: Player) -> GameView:
        """What ``player`` may know: no opponent hand or unrevealed assignment, no deck order."""
        return GameView(self, player)

    def public_view(self) -> GameView:
        """What a spectator may know (someone at no seat): a :class:`SpectatorView`, no hand at all."""
        return SpectatorView(self)

    def record(self) -> dict[str, Any]:
        """Seed, rules, start position (if not a new game) and the decisions: enough to replay."""
        return _format().record(self)

    def to_dict(self) -> dict[str, Any]:
        """The full snapshot as a JSON-ready dict (see :mod:`aton.position`)."""
        return _format().to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The full snapshot as JSON text; :meth:`from_json` rebuilds the same game."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, raw: Any) -> Game:
        """Build a game from a snapshot or a hand-written position, validating it."""
        return _format().from_dict(raw)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Build a game from JSON text (a :meth:`to_json` snapshot or a teacher's position file)."""
        return _format().from_json(text)

    def state(self) -> GameState:
        """A copy of everything this game is (see :class:`GameState`); changing it changes nothing here."""
        return GameState(
            rules=self.rules,
            seed=self.seed,
            rng=self._rng,
            round=self._round,
            phase=self._phase,
            squares=list(self._squares),
            kingdom=list(self._kingdom),
            score=list(self._score),
            stock=list(self._stock),
            exchange=list(self._exchange),
            hand=[list(cards) for cards in self._hand],
            deck=[list(cards) for cards in self._deck],
            discard=[list(cards) for cards in self._discard],
            assigned=list(self._assigned),
            revealed=self._revealed,
            first=self._first,
            turn=self._turn,
            actor=self._actor,
            remove_left=self._remove_left,
            remove_target=self._remove_target,
            place_left=self._place_left,
            scoring_required=list(self._scoring_required),
            scoring_left=self._scoring_left,
            scoring_turn=self._scoring_turn,
            result=self._result,
            events=list(self._events),
            actions=list(self._actions),
            start=self._start,
        )

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that is ``state`` (copied), logging events; the state is trusted, so check it first."""
        game = cls.__new__(cls)
        game.rules = state.rules
        game.seed = state.seed
        game._geometry = Geometry.of(state.rules.layout)
        game._rng = state.rng
        game._log_events = True
        game._observer = None
        game._events = list(state.events)
        game._actions = list(state.actions)
        game._start = state.start
        game._round = state.round
        game._phase = state.phase
        game._squares = list(state.squares)
        game._kingdom = list(state.kingdom)
        game._stock = list(state.stock)
        game._score = list(state.score)
        game._exchange = list(state.exchange)
        game._deck = [list(cards) for cards in state.deck]
        game._discard = [list(cards) for cards in state.discard]
        game._hand = [list(cards) for cards in state.hand]
        game._assigned = list(state.assigned)
        game._revealed = state.revealed
        game._first = state.first
        game._turn = state.turn
        game._actor = state.actor
        game._remove_left = state.remove_left
        game._remove_target = state.remove_target
        game._place_left = state.place_left
        game._scoring_required = list(state.scoring_required)
        game._scoring_left = state.scoring_left
        game._scoring_turn = state.scoring_turn
        game._result = state.result
        return game

    def observe(self, observer: Callable[[Game, Event], None] | None) -> None:
        """Call ``observer(game, event)`` as each event is logged from now on (``None`` stops it).

        :func:`aton.timeline` keeps the state after every event this way.
        """
        self._observer = observer

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.seed,
            self._rng,
            self._round,
            self._phase,
            self._squares,
            self._kingdom,
            self._stock,
            self._score,
            self._exchange,
            self._deck,
            self._discard,
            self._hand,
            self._assigned,
            self._revealed,
            self._first,
            self._turn,
            self._actor,
            self._remove_left,
            self._remove_target,
            self._place_left,
            self._scoring_required,
            self._scoring_left,
            self._scoring_turn,
            self._result,
            self._events,
            self._actions,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game) or type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return render_board(self)

    def board_text(self, lang: str = "en") -> str:
        """The text board (what ``print(game)`` shows) in ``lang``."""
        return render_board(self, lang)

    def __repr__(self) -> str:
        return (
            f"<aton.Game seed={self.seed} round={self._round} phase={self._phase.value} "
            f"score red {self._score[RED]} blue {self._score[BLUE]}>"
        )


class GameView(Game):
    """A player's view of a game: the same queries, hidden things as ``None``.

    A view cannot be played (``apply`` raises); :meth:`sample` deals the
    hidden cards at random to give a full game consistent with the view.
    The seed, the random stream and a position's start are hidden too (the
    seed is 0 in a view, also in :meth:`to_dict` and the repr): with them the
    deal could be worked out again.  Once the game is over nothing is hidden
    any more and the view shows the seed and the start, for replaying.
    The opponent's assignment is left out of :attr:`actions` until the reveal.

    >>> game = new_game(seed=271828)
    >>> view = game.view(RED)
    >>> view.seed, view.to_dict()["seed"], view.to_dict()["rng"], "271828" in repr(view)
    (0, 0, 0, False)
    """

    viewer: Player

    def __init__(self, game: Game, viewer: Player) -> None:
        self.__dict__.update(game.clone().__dict__)
        self.viewer = Player(viewer)
        opponent = self.viewer.other
        self._hidden_hand = len(game._hand[opponent])
        self._hand[opponent] = []
        if not self._revealed:
            self._hidden_assignment = self._assigned[opponent] is not None
            self._assigned[opponent] = None
            if self._hidden_assignment:
                mine = [i for i, a in enumerate(self._actions) if isinstance(a, Assign) and a.player is opponent]
                if mine:
                    del self._actions[mine[-1]]
        else:
            self._hidden_assignment = False
        self._deck_sizes = [len(game._deck[RED]), len(game._deck[BLUE])]
        self._deck = [[], []]
        self._rng = 0
        if game._phase is not _OVER:
            self.seed = 0
            self._start = None

    def __repr__(self) -> str:
        seed = self.seed if self._phase is _OVER else "hidden"
        return (
            f"<aton.GameView for {self.viewer.label} seed={seed} round={self._round} phase={self._phase.value} "
            f"score red {self._score[RED]} blue {self._score[BLUE]}>"
        )

    def hand(self, player: Player) -> list[int] | None:
        """The viewer's hand; ``None`` for the opponent's."""
        return list(self._hand[player]) if player is self.viewer else None

    def has_assigned(self, player: Player) -> bool:
        """Whether ``player`` has assigned (public, even while the cards are hidden)."""
        if player is self.viewer.other and self._hidden_assignment:
            return True
        return self._assigned[player] is not None

    @property
    def to_act(self) -> tuple[Player, ...]:
        """As in the game; the opponent's assignment counts even while hidden."""
        if self._phase is _ASSIGN:
            return tuple(p for p in PLAYERS if not self.has_assigned(p))
        return super().to_act

    def deck_size(self, player: Player) -> int:
        """Cards in ``player``'s draw pile."""
        return self._deck_sizes[player]

    def deck(self, player: Player) -> list[int] | None:
        """Hidden in a view: ``None``."""
        return None

    def hidden_hand_size(self) -> int:
        """How many cards the opponent holds face down."""
        return self._hidden_hand

    def legal_actions(self, player: Player) -> list[Action]:
        """The viewer's legal actions; the opponent's while they depend only on public facts."""
        if player is not self.viewer and self._phase is _ASSIGN:
            if self.has_assigned(player):
                return []
            raise HiddenInformation("hidden_hand", player=player.label, viewer=self.viewer.label)
        return super().legal_actions(player)

    def apply(self, action: Action) -> None:
        """Views are for reading: apply actions to the game itself."""
        raise IllegalAction("view_not_playable")

    def clone(self, *, events: bool | None = None) -> GameView:
        """An independent copy of the view."""
        copy = super().clone(events=events)
        assert isinstance(copy, GameView)
        copy._deck_sizes = list(self._deck_sizes)
        return copy

    def view(self, player: Player) -> GameView:
        """Only the viewer's own view can be taken from a view."""
        if player is not self.viewer:
            raise HiddenInformation("view_of_other", viewer=self.viewer.label, player=player.label)
        return self.clone()

    def unknown_cards(self, player: Player) -> list[int]:
        """The cards of ``player`` whose place the viewer does not know (their hidden hand, assignment, deck)."""
        remaining = list(data.DECK)
        known = list(self._discard[player]) + list(self._hand[player])
        cards = self._assigned[player]
        if cards is not None:
            known += list(cards)
        for card in known:
            remaining.remove(card)
        return remaining

    def sample(self, generator: Any, *, events: bool = False, hidden_assignment: str = "assigned") -> Game:
        """A full game consistent with this view, hidden cards dealt with ``generator`` (a ``random.Random``).

        The opponent's hidden hand or assignment and both draw piles are
        drawn from the cards not yet seen.  Search bots use this to imagine
        the hidden information.  A face-down opposing assignment is dealt as
        an assignment (``hidden_assignment="assigned"``) or, for a search that
        lets the opponent choose it, as a hand of four cards still to assign
        (``hidden_assignment="hand"``).
        """
        return self.sampler(events=events, hidden_assignment=hidden_assignment)(generator)

    def sampler(self, *, events: bool = False, hidden_assignment: str = "assigned") -> Callable[[Any], Game]:
        """A function of a generator that gives what :meth:`sample` gives, with the fixed work done once.

        A search imagines thousands of games from one view: the cards not yet
        seen and the copy of the public state are worked out here once, and
        each call only shuffles and deals (the same games, for the same
        generator state, as :meth:`sample`).
        """
        deal, build = self._dealer(events=events, hidden_assignment=hidden_assignment)

        def sample(generator: Any) -> Game:
            return build(deal(generator))

        return sample

    def _dealer(
        self, *, events: bool = False, hidden_assignment: str = "assigned"
    ) -> tuple[Callable[[Any], Deal], Callable[[Deal], Game]]:
        """:meth:`sampler` in two halves: ``deal(generator)`` draws the hidden cards, ``build(deal)`` makes the game.

        The search bot deals every imagined game but builds the whole game only
        when its imagined play needs more than the board, the scores and the
        cards laid (a war or an exchange draws from the piles).  ``build`` takes
        a deal once: the game keeps its lists.
        """
        if hidden_assignment not in ("assigned", "hand"):
            raise ValueError(f"hidden_assignment is 'assigned' or 'hand', not {hidden_assignment!r}")
        template = Game.__new__(Game)
        template.__dict__.update(Game.clone(self, events=events).__dict__)
        for name in ("viewer", "_hidden_hand", "_hidden_assignment", "_deck_sizes"):
            template.__dict__.pop(name, None)
        opponent = self.viewer.other
        pools = [self.unknown_cards(player) for player in PLAYERS]
        hidden_hand = self._hidden_hand
        hidden = self._hidden_assignment
        as_hand = hidden and hidden_assignment == "hand"
        clone = Game.clone
        size = data.HAND_SIZE

        def deal(generator: Any) -> Deal:
            shuffle = shuffler(generator)
            decks: list[list[int]] = []
            hand: list[int] | None = None
            assigned: tuple[int, ...] | None = None
            for player in PLAYERS:
                pool = list(pools[player])
                shuffle(pool)
                if player is opponent:
                    if as_hand:
                        hand = sorted(pool[:size])
                        pool = pool[size:]
                    elif hidden:
                        assigned = tuple(pool[:size])
                        pool = pool[size:]
                    elif hidden_hand:
                        hand = sorted(pool[:hidden_hand])
                        pool = pool[hidden_hand:]
                decks.append(pool)
            return Deal(decks, hand, assigned, generator.getrandbits(64))

        def build(dealt: Deal) -> Game:
            game = clone(template, events=events)
            if dealt.hand is not None:
                game._hand[opponent] = dealt.hand
            if dealt.assigned is not None:
                game._assigned[opponent] = dealt.assigned
                if events:  # the log was kept: the imagined assignment takes the hidden one's place
                    game._actions.append(Assign(opponent, dealt.assigned))
            game._deck = dealt.decks
            game._rng = dealt.rng
            return game

        return deal, build

    def _sample_slowly(self, generator: Any, *, events: bool = False, hidden_assignment: str = "assigned") -> Game:
        """:meth:`sample` as it was written first (the tests compare :meth:`sampler` with it)."""
        if hidden_assignment not in ("assigned", "hand"):
            raise ValueError(f"hidden_assignment is 'assigned' or 'hand', not {hidden_assignment!r}")
        game = Game.__new__(Game)
        game.__dict__.update(Game.clone(self, events=events).__dict__)
        for name in ("viewer", "_hidden_hand", "_hidden_assignment", "_deck_sizes"):
            game.__dict__.pop(name, None)
        opponent = self.viewer.other
        for player in PLAYERS:
            pool = self.unknown_cards(player)
            generator.shuffle(pool)
            if player is opponent:
                if self._hidden_assignment and hidden_assignment == "hand":
                    game._hand[opponent] = sorted(pool[: data.HAND_SIZE])
                    pool = pool[data.HAND_SIZE :]
                elif self._hidden_assignment:
                    imagined = tuple(pool[: data.HAND_SIZE])
                    game._assigned[opponent] = imagined
                    pool = pool[data.HAND_SIZE :]
                    if events:  # the log was kept: the imagined assignment takes the hidden one's place
                        game._actions.append(Assign(opponent, imagined))
                elif self._hidden_hand:
                    game._hand[opponent] = sorted(pool[: self._hidden_hand])
                    pool = pool[self._hidden_hand :]
            game._deck[player] = pool
        game._rng = generator.getrandbits(64)
        return game


class Deal(NamedTuple):
    """The hidden cards of one imagined game (:meth:`GameView._dealer`): what a view does not show, drawn at random."""

    decks: list[list[int]]
    """Both draw piles, Red's first (the top card last)."""
    hand: list[int] | None
    """The opponent's hidden hand, sorted (``None`` when it holds no hidden card)."""
    assigned: tuple[int, ...] | None
    """The opponent's face-down assignment when it is dealt as one (else ``None``)."""
    rng: int
    """The game's own random state (it reshuffles the piles)."""


def shuffler(generator: Any) -> Callable[[list[Any]], None]:
    """``generator.shuffle``, or a quicker function that shuffles exactly as it does for a ``random.Random``.

    :meth:`random.Random.shuffle` swaps each item ``i`` (from the last down) with
    an index drawn by ``_randbelow(i + 1)``: the top ``k`` bits of the
    generator's next 32-bit word (``k`` the bit length of ``i + 1``), drawn
    again while too large.  Here the words come many at a time from one
    ``getrandbits(32 * n)`` (the same words, least significant first), never
    more than the shuffle uses: the same items end in the same places and the
    generator is left in the same state (the tests compare the two), at half
    the cost (a search shuffles the unseen cards of every imagined game).

    >>> import random
    >>> cards, same = list(range(20)), list(range(20))
    >>> shuffler(random.Random(3))(cards); random.Random(3).shuffle(same)
    >>> cards == same
    True
    """
    if type(generator) is not random.Random:
        return generator.shuffle  # type: ignore[no-any-return]
    getrandbits, slow = generator.getrandbits, generator.shuffle
    batches, shifts = _WORD_BATCHES, _SHIFTS

    def shuffle(items: list[Any]) -> None:
        i = len(items) - 1
        if i >= len(batches):
            slow(items)
            return
        while i > 0:
            # One word per item still to place; a word that gives too large an index costs one more.
            for word in batches[i].unpack(getrandbits(32 * i).to_bytes(4 * i, "little")):
                j = word >> shifts[i]
                if j <= i:
                    items[i], items[j] = items[j], items[i]
                    i -= 1

    return shuffle


_WORD_BATCHES = tuple(struct.Struct(f"<{count}I") for count in range(64))
"""Unpackers of ``count`` 32-bit words, least significant first (a shuffle of up to 64 items)."""
_SHIFTS = tuple(32 - (i + 1).bit_length() for i in range(64))
"""How far ``_randbelow(i + 1)`` shifts a 32-bit word to draw an index up to ``i``: it keeps the bit length of
``i + 1``."""


class SpectatorView(GameView):
    """The view of someone at no seat (a spectator of a shared room): both players' cards are hidden.

    Like a player's view it has no deck order and hides the seed and the
    start until the game is over; it hides both hands too, and both
    assignments until they are turned face up.  ``viewer`` is ``None``.

    >>> game = new_game(seed=5)
    >>> game.apply(game.legal_actions(RED)[0])
    >>> watch = game.public_view()
    >>> watch.hand(RED), watch.hand(BLUE), watch.has_assigned(RED), watch.to_act, watch.seed
    (None, None, True, (BLUE,), 0)
    >>> watch.actions, watch.hidden_hand_size(RED), watch.hidden_hand_size(BLUE)
    ([], 0, 4)
    """

    viewer: Player | None  # type: ignore[assignment]

    def __init__(self, game: Game) -> None:
        if isinstance(game, GameView):
            raise HiddenInformation("spectator_from_view")
        super().__init__(game, RED)
        self.viewer = None
        self._hidden_hands = [len(game._hand[RED]), len(game._hand[BLUE])]
        self._hand = [[], []]
        self._hidden_assigned = [False, False]
        if not self._revealed:
            self._hidden_assigned = [a is not None for a in game._assigned]
            if self._hidden_assigned[RED]:  # Blue's face-down assignment is already out (a view for Red)
                mine = [i for i, a in enumerate(self._actions) if isinstance(a, Assign) and a.player is RED]
                del self._actions[mine[-1]]
            self._assigned = [None, None]

    def __repr__(self) -> str:
        seed = self.seed if self._phase is _OVER else "hidden"
        return (
            f"<aton.GameView for no seat seed={seed} round={self._round} phase={self._phase.value} "
            f"score red {self._score[RED]} blue {self._score[BLUE]}>"
        )

    def hand(self, player: Player) -> list[int] | None:
        """Hidden from a spectator: ``None``."""
        return None

    def has_assigned(self, player: Player) -> bool:
        """Whether ``player`` has assigned (public, even while the cards are face down)."""
        return self._hidden_assigned[player] or self._assigned[player] is not None

    def hidden_hand_size(self, player: Player = BLUE) -> int:
        """How many cards ``player`` holds face down."""
        return self._hidden_hands[player]

    def legal_actions(self, player: Player) -> list[Action]:
        """As in a player's view for the opponent: what depends only on public facts."""
        if self._phase is _ASSIGN:
            if self.has_assigned(player):
                return []
            raise HiddenInformation("spectator_hand", player=player.label)
        return Game.legal_actions(self, player)

    def clone(self, *, events: bool | None = None) -> SpectatorView:
        """An independent copy of the view."""
        copy = super().clone(events=events)
        assert isinstance(copy, SpectatorView)
        copy._hidden_hands = list(self._hidden_hands)
        copy._hidden_assigned = list(self._hidden_assigned)
        return copy

    def view(self, player: Player) -> GameView:
        """A spectator cannot see what a player knows."""
        raise HiddenInformation("spectator_view_of", player=player.label)

    def sample(self, generator: Any, *, events: bool = False, hidden_assignment: str = "assigned") -> Game:
        """Not for spectators: they do not decide, so no game is dealt from their view."""
        raise HiddenInformation("spectator_sample")


def new_game(seed: int = 0, rules: Rules | None = None, *, events: bool = True) -> Game:
    """A new game with both decks shuffled from ``seed`` and 4 cards dealt to each player.

    >>> game = new_game(seed=7)
    >>> len(game.hand(RED)), game.stock(BLUE), game.score(RED)
    (4, 29, 0)
    """
    return Game(seed, rules, events=events)
