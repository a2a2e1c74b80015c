"""Information-set Monte Carlo tree search.

Each iteration imagines one full game consistent with the bot's view
(:meth:`aton.GameView.sample` deals the opponent's hidden hand and both draw
piles from the cards not yet seen; a face-down opposing assignment is put
back into the opponent's hand, so the opponent *chooses* it in the search
instead of it being dealt at random), walks down a tree of decisions shared by
all these imagined games, plays on with a quick policy, and scores the result.

- **Card assignment** is simultaneous and hidden, so at that node each player
  keeps separate statistics and picks with its own UCB rule (decoupled UCT).
  Assignments are keyed by *pattern* (which rank of the hand goes on which
  cartouche: "highest card on cartouche 1..."), so the opponent's statistics
  carry over between imagined hands; options that do not exist in an
  imagined hand are skipped and counted as unavailable (availability UCB).
- **Removals and placements** are ordinary tree nodes for whoever acts, with
  one square per class (temple and square kind): the others are equivalent.
- The tree covers the current round.  Beyond it, and below new leaves, a
  **playout** finishes the round (and ``horizon`` more rounds) with the greedy
  square choice (or uniformly random choices; a player who removes last
  before a scoring removes by that scoring's exact points), then the
  position is scored with :func:`aton.bots.heuristics.win_probability` (or,
  with ``evaluation="fitted"``, the model of :mod:`aton.bots.evaluation`); a
  finished game scores 1, 0 or 1/2.

The budget is a number of iterations (deterministic: the same view and
generator state give the same action) or milliseconds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any

from .. import data
from ..actions import BLUE, RED, Action, Assign, Exchange, Place, Player, Remove
from ..errors import BotError
from ..game import SQUARES, Deal, Game, GameView, Geometry, Phase
from .base import Bot, Progress, Steps, run_steps
from .evaluation import MODELS, NOT_AHEAD, Evaluation
from .greedy import AssignmentRater
from .heuristics import (
    DEFAULT_WEIGHTS,
    BoardInfo,
    Weights,
    after_change,
    aggregates,
    board,
    class_representatives,
    evaluator,
    flat_of,
    logistic,
    win_probability,
)
from .lean import ASSIGN, OVER, PLACE, SCORING_REMOVE, LeanRound, count_changes
from .lookahead import VictoryGroups, ahead, nothing_ahead

_LEAN_PHASES = (Phase.REMOVE, Phase.PLACE, Phase.SCORING_REMOVE)
"""Where a playout may go on with a :class:`~aton.bots.lean.LeanRound` (not at a card assignment)."""

_SQUARE_ACTIONS = (
    tuple(tuple(Remove(player, square) for square in SQUARES) for player in (RED, BLUE)),
    tuple(tuple(Place(player, square) for square in SQUARES) for player in (RED, BLUE)),
)
"""The removal (0) and the placement (1) of each player on each flat, as the lean tree offers them."""

Key = Hashable
EXCHANGE_KEY = "exchange"
STEP_ITERATIONS = 16
"""Search iterations between two pauses of :meth:`MctsBot.search_steps` (a few milliseconds of work)."""


@dataclass(frozen=True)
class SearchConfig:
    """The knobs of the search.

    - ``iterations``: imagined games per decision (ignored when ``ms`` is set).
    - ``ms``: a time budget per decision in milliseconds instead.
    - ``exploration``: the UCB constant.
    - ``playout``: ``"greedy"`` (best square by the board value, with ``epsilon`` random
      moves) or ``"random"``.
    - ``horizon``: whole rounds played after the current one before scoring the position.
    - ``width``: assignments considered per hand, the best by the greedy rating (0: all).
    - ``square_width``: square classes considered per removal or placement, the best by the board value (0: all).
    - ``opponent_width``: assignments considered for the opponent's imagined hands, the best by the
      greedy rating (0: as ``width``).
    - ``decisive``: where an imagined opposing hand can complete a board victory in its own turn
      (:func:`wins_at_once`), the opponent considers only the assignments that do.
    - ``evaluation``: how the end of a playout is judged: ``"heuristic"``
      (:func:`~aton.bots.heuristics.win_probability`), ``"fitted"`` (the model of :mod:`aton.bots.evaluation`)
      or ``"ahead"`` (that model fitted again with a look at the next round's hands, :mod:`aton.bots.lookahead`).
    - ``temperature``, ``race``, ``projection`` (options of :meth:`MctsBot.from_spec`): the evaluation's
      :class:`~aton.bots.heuristics.Weights` (the board values of the quick policy; the end of a playout
      with ``evaluation="heuristic"``).
    - ``coefficients``: with a fitted evaluation, the model's coefficients (in the order of
      :data:`aton.bots.evaluation.FEATURE_NAMES`) instead of those stored with it: a frozen
      copy of a shipped bot (:mod:`aton.bots.shipped`) keeps the model it was shipped with.
    """

    iterations: int = 300
    ms: float | None = None
    exploration: float = 0.6
    playout: str = "greedy"
    epsilon: float = 0.1
    horizon: int = 0
    width: int = 0
    square_width: int = 0
    opponent_width: int = 0
    decisive: bool = False
    evaluation: str = "heuristic"
    weights: Weights = field(default=DEFAULT_WEIGHTS, compare=False)
    coefficients: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise BotError("search_iterations", found=self.iterations)
        if self.ms is not None and self.ms <= 0:
            raise BotError("search_ms", found=self.ms)
        if self.playout not in ("greedy", "random"):
            raise BotError("search_playout", found=self.playout)
        if self.evaluation not in EVALUATIONS:
            raise BotError("search_evaluation", found=self.evaluation)
        if not 0.0 <= self.epsilon <= 1.0:
            raise BotError("search_epsilon", found=self.epsilon)
        for name in ("horizon", "width", "square_width", "opponent_width"):
            if getattr(self, name) < 0:
                raise BotError("search_negative", option=name, found=getattr(self, name))


EVALUATIONS = ("heuristic", *MODELS)
"""The values of :attr:`SearchConfig.evaluation`."""

WEIGHT_OPTIONS = ("temperature", "race", "projection")
"""Options of :meth:`MctsBot.from_spec` that change the evaluation's :class:`~aton.bots.heuristics.Weights`."""

PRESETS: dict[str, SearchConfig] = {
    "easy": SearchConfig(iterations=40, width=8, decisive=True),
    "medium": SearchConfig(iterations=450, width=8, decisive=True, evaluation="fitted"),
    "hard": SearchConfig(iterations=1800, width=8, decisive=True, evaluation="fitted"),
}
"""Named budgets; ``mcts`` means ``medium``."""

ANALYSIS = SearchConfig(iterations=450, width=8, decisive=True, evaluation="fitted")
"""The search of the coach and the game review: ``medium``'s budget and evaluation (the fitted model), whose
chances the shipped calibration maps."""

TEACHING = SearchConfig(iterations=450, width=8, decisive=True)
"""The search :func:`imagine` shows by default (tutorial 07): ``medium``'s budget with the heuristic evaluation,
whose terms a learner can read one by one (:func:`aton.bots.heuristics.advantage_parts`)."""


@cache
def assignment_patterns(hand: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every distinct assignment of ``hand`` as ``(pattern, cards)``.

    A pattern gives, for cartouches 1-4, the rank of the card there (0 for the
    highest card of the hand); equal cards take their ranks left to right, so
    each distinct assignment has one pattern.

    >>> assignment_patterns((1, 2, 3, 4))[0]
    ((0, 1, 2, 3), (4, 3, 2, 1))
    >>> len(assignment_patterns((2, 2, 4, 4)))
    6
    """
    from itertools import permutations

    ordered = sorted(hand, reverse=True)
    result: dict[tuple[int, ...], tuple[int, ...]] = {}
    for cards in sorted(set(permutations(ordered)), reverse=True):
        used: set[int] = set()
        pattern = []
        for card in cards:
            rank = next(r for r, value in enumerate(ordered) if value == card and r not in used)
            used.add(rank)
            pattern.append(rank)
        result[tuple(pattern)] = cards
    return tuple(result.items())


class _Node:
    """Statistics of one decision point, shared by every imagined game that reaches it."""

    __slots__ = ("children", "rows", "stats")

    def __init__(self) -> None:
        self.stats: dict[Player, dict[Key, list[float]]] = {}
        """Per player, per option: [visits, total reward for that player, times available (a whole number)]."""
        self.children: dict[Key, _Node] = {}
        self.rows: dict[tuple[Player, int], tuple[list[tuple[Key, Action]], list[list[float]]]] = {}
        """Per player and list of options offered here (by identity, the list kept alive): their entries of
        :attr:`stats` in the list's order (the search offers the same remembered lists again and again)."""


@dataclass
class OptionStats:
    """What the search learned about one of the bot's options at the root."""

    action: Action
    visits: int
    win_rate: float
    """Mean playout result for the bot (an estimate of its chance to win)."""
    extra: dict[str, float] = field(default_factory=dict)
    """Averages over the playouts of this option: ``cartouche1`` (points won minus lost at cartouche 1),
    ``first`` (share of playouts where the bot acted first), ``scoring`` (share of playouts whose round
    ends with a scoring)."""
    spread: float = 0.0
    """Standard deviation of the playout results of this option (its ``win_rate`` has a standard error of
    ``spread / sqrt(visits)``)."""


@dataclass
class SearchResult:
    """The decision and the root statistics, best option first."""

    action: Action
    options: list[OptionStats]
    iterations: int
    seconds: float
    line_rate: float | None = None
    """The first option's chance to win along the line the search prefers while the bot keeps deciding
    (a placement followed by more of its own placements is worth its best follow-up, not the average
    of every follow-up tried); ``None`` without a search."""
    reply_rate: float | None = None
    """The first option's chance to win along the line both players prefer: like :attr:`line_rate`, but
    the walk goes on through the opponent's most tried replies too (read from the bot's side), so a reply
    that refutes the option counts once the search has found it, instead of being averaged with the
    replies tried before it; ``None`` without a search."""


LINE_VISITS = 8
"""A follow-up decision counts in :attr:`SearchResult.line_rate` once it was tried this many times, and at
least a quarter as often as the option itself (fewer tries give too noisy a mean)."""


class MctsBot(Bot):
    """The search bot; see the module documentation.  ``config`` sets the budget and knobs."""

    def __init__(self, config: SearchConfig | None = None, name: str = "mcts") -> None:
        self.config = config if config is not None else PRESETS["medium"]
        self.name = name

    @classmethod
    def from_spec(cls, preset: str, options: str = "", name: str | None = None) -> MctsBot:
        """A bot from a preset name and ``key=value`` options separated by commas."""
        config = PRESETS[preset]
        changes: dict[str, Any] = {}
        known = {f.name: f for f in fields(SearchConfig) if f.name not in ("weights", "coefficients")} | dict.fromkeys(
            WEIGHT_OPTIONS
        )
        for item in filter(None, (part.strip() for part in options.split(","))):
            key, equals, text = item.partition("=")
            key = key.strip()
            if not equals or key not in known:
                raise BotError("search_option_unknown", found=item, known=list(known))
            try:
                if key in ("iterations", "horizon", "width", "square_width", "opponent_width"):
                    changes[key] = int(text)
                elif key == "decisive":
                    changes[key] = bool(int(text))
                elif key in ("ms", "exploration", "epsilon", *WEIGHT_OPTIONS):
                    changes[key] = float(text)
                else:
                    changes[key] = text.strip()
            except ValueError:
                raise BotError("search_option_number", option=key, found=text) from None
        weight_changes: dict[str, Any] = {key: float(changes.pop(key)) for key in WEIGHT_OPTIONS if key in changes}
        if weight_changes:
            changes["weights"] = replace(config.weights, **weight_changes)
        label = name or preset
        return cls(replace(config, **changes), name=label if not changes else f"{label}:{options.strip()}")

    def decide(self, view: GameView, player: Player, rng: random.Random, on_progress: Progress | None) -> Action:
        """The most visited root option after the search."""
        return self.search(view, rng, on_progress).action

    def decide_steps(
        self, view: GameView, player: Player, rng: random.Random, on_progress: Progress | None
    ) -> Steps[Action]:
        """:meth:`decide` in steps: the search pauses every :data:`STEP_ITERATIONS` iterations."""
        result = yield from self.search_steps(view, rng, on_progress)
        return result.action

    def search(
        self, view: GameView, rng: random.Random, on_progress: Progress | None = None, *, only: Action | None = None
    ) -> SearchResult:
        """Search from ``view`` and return the decision with the root statistics.

        With ``only`` (one of the viewer's legal actions), the viewer's first
        decision is fixed to it and everything after it is searched as usual:
        the single option's ``win_rate`` then estimates that action's chance to
        win (a game review measures the move played and the best move this way).
        """
        return run_steps(self.search_steps(view, rng, on_progress, only=only))

    def search_steps(
        self, view: GameView, rng: random.Random, on_progress: Progress | None = None, *, only: Action | None = None
    ) -> Steps[SearchResult]:
        """:meth:`search` in steps (see :data:`~aton.bots.base.Steps`): a pause every :data:`STEP_ITERATIONS`."""
        player = view.viewer
        legal = view.legal_actions(player)
        options = class_representatives(legal, BoardInfo.of(view.rules.layout))
        start = time.perf_counter()
        if only is not None:
            if only not in legal:
                raise BotError("search_only_illegal", action=str(only), player=player.label)
        elif len(options) == 1:  # a single choice, or squares that are all alike
            return SearchResult(options[0], [OptionStats(options[0], 0, 0.5)], 0, 0.0)
        search = _Search(view, player, self.config, rng, only)
        config = self.config
        deadline = None if config.ms is None else start + config.ms / 1000.0
        total = config.iterations
        done = 0
        while True:
            search.iterate()
            done += 1
            if deadline is not None:
                if done % 8 == 0:
                    now = time.perf_counter()
                    if now >= deadline:
                        break
                    if (
                        on_progress is not None
                        and on_progress(min(1.0, 1 - (deadline - now) / (config.ms or 1))) is False
                    ):
                        break
            else:
                if done >= total:
                    break
                if on_progress is not None and done % 16 == 0 and on_progress(done / total) is False:
                    break
            if done % STEP_ITERATIONS == 0:
                yield
        stats = search.root_options()
        first = stats[0]
        return SearchResult(
            first.action,
            stats,
            done,
            time.perf_counter() - start,
            search.line_rate(first),
            search.line_rate(first, replies=True),
        )

    def estimate(self, view: GameView, rng: random.Random, samples: int) -> float:
        """The viewer's chance to win from ``view`` without a search: the mean of ``samples`` playouts.

        Each playout imagines the hidden cards as the search does and plays on
        with the search's quick policy; the viewer need not be the one to act.
        A finished game gives 1, 0 or 1/2 exactly.
        """
        if not isinstance(view, GameView):
            raise BotError("estimate_needs_view")
        if samples < 1:
            raise BotError("estimate_samples", found=samples)
        if view.result is not None:
            return win_probability(view, view.viewer, self.config.weights)
        search = _Search(view, view.viewer, self.config, rng)
        return sum(search.finish(search.determinize())[0] for _ in range(samples)) / samples


def wins_at_once(rater: AssignmentRater, cards: tuple[int, ...]) -> bool:
    """Whether laying ``cards`` lets ``rater``'s player complete a board victory in its own turn.

    Its removals and placements are imagined on the board as it is (the
    greedy bot's one-turn look-ahead); the opponent's turn may still spoil it.
    """
    _points, removal, temples, placed = cards
    _values, wins_at = rater.simulator.values(removal, temples)
    return wins_at is not None and wins_at <= min(placed, rater.stock)


def war(decks: list[list[int]], drawn: list[int]) -> tuple[Player | None, int]:
    """Who wins the war of a reveal (:meth:`aton.Game.apply`'s), ``drawn`` cards gone from the top of each pile,
    and how many cards of each pile it turns.

    The top cards are turned in pairs until they differ; the lower card wins.
    ``None`` when a pile runs out first (the engine would shuffle the discard
    pile in with its own generator, or end the war): the whole game decides.
    """
    red, blue = len(decks[RED]) - drawn[RED], len(decks[BLUE]) - drawn[BLUE]
    turned = 0
    while red > 0 and blue > 0:
        red -= 1
        blue -= 1
        turned += 1
        red_card, blue_card = decks[RED][red], decks[BLUE][blue]
        if red_card != blue_card:
            return (RED if red_card < blue_card else BLUE), turned
    return None, turned


def piles_after_war(
    decks: list[list[int]], drawn: list[int], turned: int, where: str
) -> tuple[list[list[int]], list[int]]:
    """The draw piles (top card last) after a war that turned ``turned`` cards of each, ``drawn`` gone before:
    the turned cards go under the pile or to the discard pile, as the rules' ``war_cards`` says (``where``)."""
    piles = []
    for player in (RED, BLUE):
        left = len(decks[player]) - drawn[player] - turned
        kept = decks[player][:left]
        if where == "bottom":
            kept = decks[player][left : left + turned] + kept  # turned from the top down, laid under in turn
        piles.append(kept)
    return piles, [0, 0]


def last_turn_before_scoring(game: Game, player: Player) -> bool:
    """Whether ``player`` acts last this round and a scoring follows it (the Kingdom of the Dead fills up).

    Counters removed during the turn go to the Kingdom, so a turn that still
    has removals to make may fill it.  Then only this turn's placements come
    between its removals and the scoring, and the quick policy chooses those
    removals by the scoring itself (two at once: breaking a majority may take both).
    """
    if game.phase is Phase.SCORING_REMOVE or game.phase is Phase.ASSIGN or game.first_player is player:
        return False
    return len(game.kingdom) + game.removals_left >= data.KINGDOM_SIZE


@dataclass
class Playout:
    """One imagined game of the search, kept whole to be shown (see :func:`imagine`)."""

    start: Game
    """The imagined game as dealt: the view's public facts, the hidden cards drawn at random."""
    actions: list[Action]
    """The quick policy's decisions, in order."""
    end: Game
    """Where the playout stopped: the end of the round (after its scoring, if any), or the end of the game."""
    chance: float
    """The score of the end: 1, 0 or 1/2 for a finished game, else the search's evaluation (the heuristic's chance
    to win, unless the configuration asks for the fitted model)."""


def imagine(view: GameView, rng: random.Random, config: SearchConfig | None = None) -> Playout:
    """One imagined game as the search plays it below its tree, kept whole (with its event log); the search is
    :data:`TEACHING` unless ``config`` says otherwise.

    The hidden cards are dealt at random, consistent with ``view``; then the
    quick policy plays on to the end of the round (card assignments at random,
    each counter on the square with the best board value, one time in ten a
    random square; the last removals before a scoring by that scoring); the end is scored for ``view.viewer`` with
    :func:`aton.bots.heuristics.win_probability` (or the model of :mod:`aton.bots.evaluation`, as ``config`` says).

    >>> import aton
    >>> playout = imagine(aton.new_game(seed=4).view(aton.RED), random.Random(0))
    >>> playout.end.round == 2 or playout.end.result is not None
    True
    """
    if not isinstance(view, GameView):
        raise ValueError("a playout starts from a player's view: pass game.view(player)")
    search = _Search(view, view.viewer, config or TEACHING, rng)
    start = view.sample(rng, events=True, hidden_assignment="hand" if search.opponent_locked else "assigned")
    game = start.clone(events=True)
    done = len(game.actions)
    chance = search.playout(game)
    return Playout(start, game.actions[done:], game, chance)


_GREEDY_MEMORY: dict[tuple[BoardInfo, Weights], dict[Key, int]] = {}

GREEDY_MEMORY_SIZE = 50_000
"""Greedy squares remembered per layout and weights (then the memory starts afresh; a few megabytes)."""


def greedy_memory(info: BoardInfo, weights: Weights) -> dict[Key, int]:
    """The quick policy's remembered greedy squares for ``info`` and ``weights``, shared by every search.

    A greedy square depends only on the board, the actor, what limits the choice and the evaluation,
    so searches of one game (or of the same position again) answer each other's questions.
    """
    memory = _GREEDY_MEMORY.get((info, weights))
    if memory is None or len(memory) >= GREEDY_MEMORY_SIZE:
        if len(_GREEDY_MEMORY) >= 16:
            _GREEDY_MEMORY.clear()
        memory = _GREEDY_MEMORY[(info, weights)] = {}
    return memory


_VIEW_RATERS: dict[int, tuple[GameView, dict[tuple[Player, Weights], AssignmentRater]]] = {}

VIEW_RATERS_KEPT = 32
"""Views whose raters :func:`view_rater` keeps (then it starts afresh)."""


def view_rater(view: GameView, player: Player, weights: Weights) -> AssignmentRater:
    """``AssignmentRater(view, player, weights)``, shared by the searches of the same view object.

    A rater remembers the values of the assignments it rated: a second search of the same view (a
    review measuring the move played and the best move, the same position with another seed) finds
    them worked out.  The values depend only on the view's public facts, so nothing changes but the time.
    """
    entry = _VIEW_RATERS.get(id(view))
    if entry is None or entry[0] is not view:  # the view is kept with its raters: its id stays its own
        if len(_VIEW_RATERS) >= VIEW_RATERS_KEPT:
            _VIEW_RATERS.clear()
        entry = _VIEW_RATERS[id(view)] = (view, {})
    raters = entry[1]
    rater = raters.get((player, weights))
    if rater is None:
        rater = raters[(player, weights)] = AssignmentRater(view, player, weights)
    return rater


class _GameNeeded(Exception):
    """Raised by :meth:`_Search.hand_options` when a greedy rating must be made from a game not built."""


class _Search:
    """One search: the root view, the tree and the playout policy."""

    def __init__(
        self, view: GameView, player: Player, config: SearchConfig, rng: random.Random, only: Action | None = None
    ) -> None:
        self.view = view
        self.player = player
        self.config = config
        self.rng = rng
        self.root = _Node()
        self.round = view.round
        self.info = BoardInfo.of(view.rules.layout)
        opponent = player.other
        self.opponent_locked = view.phase is Phase.ASSIGN and view.has_assigned(opponent)
        """The opponent has already laid its cards face down: it may not exchange any more."""
        self.extra: dict[Key, list[float]] = {}
        """Per root assignment of the bot: imagined rounds, cartouche 1 points, times first, scorings."""
        self.noted: list[float] | None = None
        self.squares: dict[Key, float] = {}
        """Per root option of the bot: the sum of the squared results (for their spread)."""
        self.raters: dict[Player, AssignmentRater] = {}
        self.assign_cache: dict[Key, list[tuple[Key, Action]]] = {}
        self.square_cache: dict[Key, list[tuple[Key, Action]]] = {}
        self.deal, self.build = view._dealer(hidden_assignment="hand" if self.opponent_locked else "assigned")
        self.judge = evaluator(self.info, config.weights)
        self.model = Evaluation.of(config.coefficients, config.evaluation) if config.evaluation in MODELS else None
        """The fitted evaluation of the end of a playout (``None``: the heuristic's chance)."""
        self.groups = (
            VictoryGroups.of(Geometry.of(view.rules.layout))
            if self.model is not None and self.model.looks_ahead
            else None
        )
        """The groups whose holding wins at once, when the model asks whether the next hands complete one."""
        self.piles: tuple[list[list[int]], list[int]] | None = None
        """The imagined game's draw piles (top card last) and the cards already drawn from each in the tree: the
        next round's hands are the top cards left, when the model looks at them (see :meth:`look_ahead`)."""
        self.changes = count_changes(self.info)
        self.greedy_squares = greedy_memory(self.info, config.weights)
        """The quick policy's greedy square by board (:attr:`~aton.bots.lean.LeanRound.bits`), actor and limits."""
        self.only: list[tuple[Key, Action]] | None = None
        """The viewer's single root option, when the search is told to play it."""
        if only is not None:
            if isinstance(only, Assign):
                hand = tuple(sorted(view.hand(player) or ()))
                key: Key = next(pattern for pattern, cards in assignment_patterns(hand) if cards == only.cards)
            else:
                key = EXCHANGE_KEY if isinstance(only, Exchange) else only
            self.only = [(key, only)]
        self.lean: LeanRound | None = None
        """The round as the view shows it, when the whole tree can be walked on lean rounds (see :meth:`walk_lean`)."""
        if config.horizon == 0 and not config.square_width and view.phase is not Phase.OVER:
            self.lean = LeanRound(view, self.changes, self.judge.counts(view._squares))
            self.lean_to_act = [p for p in (RED, BLUE) if self.lean.assigned[p] is None]
            self.lean_mine_at = self.lean_to_act.index(player) if player in self.lean_to_act else None
            self.lean_hand = tuple(sorted(view.hand(player) or ()))
            self.lean_exchange = [view.exchange_available(p) for p in (RED, BLUE)]
        self.root_offers: dict[tuple[int, ...], list[list[tuple[Key, Action]]]] = {}
        """The options of the players laying cards at the root, by the opponent's dealt hand."""
        self.logs: list[float] = [0.0]
        """``math.log(n)`` at index ``n`` from 1 up to the imagined games so far (how often an option was offered)."""
        self.lean_squares: dict[tuple[Any, ...], list[tuple[Key, Action]]] = {}
        """The tree's options (one square per class) by placement or removal, player and flats on offer."""

    # -------------------------------------------------------------- imagining
    def determinize(self) -> Game:
        """A full game consistent with the view; a hidden opposing assignment becomes a hand to choose from."""
        return self.build(self.deal(self.rng))

    def assign_options(self, game: Game, player: Player, at_root: bool) -> list[tuple[Key, Action]]:
        """The assignments the search considers for ``player``'s (imagined) hand, and the exchange if allowed.

        With ``width`` set, only the best ``width`` assignments by the greedy
        rating are kept.  Every assignment node of the search lies before this
        round's reveal, so the board is the same and one rater per player serves.
        """
        hand = tuple(sorted(game.hand(player) or ()))
        return self.hand_options(game, player, hand, game.exchange_available(player), at_root)

    def hand_options(
        self, game: Game | None, player: Player, hand: tuple[int, ...], exchange: bool, at_root: bool
    ) -> list[tuple[Key, Action]]:
        """:meth:`assign_options` of ``player`` holding ``hand`` (sorted), the exchange counter still unused or not.

        ``game`` is the imagined game or, at the root, the view (the same public facts): the greedy
        rating reads the board, the scores and the discard piles.  Without it (an imagined game not
        built), :class:`_GameNeeded` is raised where a rating would have to be made.
        """
        exchange = exchange and not (at_root and player is not self.player and self.opponent_locked)
        cache_key = (player, hand, exchange)
        options = self.assign_cache.get(cache_key)
        if options is None:
            patterns = assignment_patterns(hand)
            width = self.config.width
            if player is not self.player and self.config.opponent_width:
                width = self.config.opponent_width
            if width and len(patterns) > width:
                rater = self.rater(player, game)
                pattern_of = {cards: pattern for pattern, cards in patterns}
                kept = [cards for _value, cards in rater.rate(hand)[:width]]
                options = [(pattern_of[cards], Assign(player, cards)) for cards in kept]
            else:
                options = [(pattern, Assign(player, cards)) for pattern, cards in patterns]
            if player is not self.player and self.config.decisive:
                rater = self.rater(player, game)
                winning = [option for option in options if wins_at_once(rater, option[1].cards)]  # type: ignore[union-attr]
                if winning:
                    options = winning
            if exchange:
                options.append((EXCHANGE_KEY, Exchange(player)))
            self.assign_cache[cache_key] = options
        return options

    def rater(self, player: Player, game: Game | None) -> AssignmentRater:
        """The greedy rating of ``player``'s assignments, made from the first game that needs it.

        Made from the view itself (at the root), it is the one every search of that view makes there:
        searches of one view share it (:func:`view_rater`).
        """
        rater = self.raters.get(player)
        if rater is None:
            if game is None:
                raise _GameNeeded
            if game is self.view:
                rater = self.raters[player] = view_rater(self.view, player, self.config.weights)
            else:
                rater = self.raters[player] = AssignmentRater(game, player, self.config.weights)
        return rater

    def square_options(self, game: Game, player: Player) -> list[tuple[Key, Action]]:
        """One removal or placement per square class; with ``square_width``, the best few by the board value."""
        legal = class_representatives(game.legal_actions(player), self.info)
        width = self.config.square_width
        if not width or len(legal) <= width:
            return [(a, a) for a in legal]
        squares = board(game)
        cache_key = (tuple(squares), tuple(legal))
        options = self.square_cache.get(cache_key)
        if options is None:
            info, weights = self.info, self.config.weights
            counts = aggregates(squares, info)
            mine, theirs = counts[player], counts[player.other]
            rated = []
            for action in legal:
                flat = flat_of(action.square)  # type: ignore[union-attr]
                if isinstance(action, Place):
                    value = after_change(mine, theirs, flat, True, 1, info, weights)
                else:
                    value = after_change(mine, theirs, flat, squares[flat] is player, -1, info, weights)
                rated.append((value, action))
            rated.sort(key=lambda pair: -pair[0])
            options = [(a, a) for _value, a in rated[:width]]
            self.square_cache[cache_key] = options
        return options

    # --------------------------------------------------------------- the tree
    def select(self, node: _Node, player: Player, options: list[tuple[Key, Action]]) -> tuple[Key, Action]:
        row_key = (player, id(options))
        row = node.rows.get(row_key)
        if row is None or row[0] is not options:
            table = node.stats.get(player)
            if table is None:
                table = node.stats[player] = {}
            entries = []
            for option in options:
                entry = table.get(option[0])
                if entry is None:
                    entry = table[option[0]] = [0.0, 0.0, 0]
                entries.append(entry)
            row = node.rows[row_key] = (options, entries)
        unvisited = []
        best = -1
        best_score = -math.inf
        c = self.config.exploration
        sqrt, logs = math.sqrt, self.logs
        for index, entry in enumerate(row[1]):
            entry[2] += 1
            visits = entry[0]
            if visits == 0:
                unvisited.append(index)
                continue
            if unvisited:  # an option not tried yet is chosen: the others' scores do not count
                continue
            score = entry[1] / visits + c * sqrt(logs[entry[2]] / visits)  # type: ignore[call-overload]
            if score > best_score:
                best_score, best = score, index
        if unvisited:
            return options[unvisited[self.rng.randrange(len(unvisited))] if len(unvisited) > 1 else unvisited[0]]
        return options[best]

    def iterate(self) -> None:
        """One imagined game: walk down the tree, add a node, play out, back up the result."""
        self.noted = None
        logs = self.logs
        logs.append(math.log(len(logs)))  # an option is offered at most once per imagined game
        path: list[tuple[_Node, list[tuple[Player, Key]]]] = []
        leaf = self.walk_lean(path) if self.lean is not None else self.walk(self.determinize(), self.root, path)
        reward, scored = self.finish(leaf)
        if self.noted is not None:
            self.noted[3] += scored
        me = self.player
        for visited, picks_made in path:
            for player, key in picks_made:
                entry = visited.stats[player][key]
                entry[0] += 1
                entry[1] += reward if player is me else 1.0 - reward
        if path:
            for player, key in path[0][1]:
                if player is me:
                    self.squares[key] = self.squares.get(key, 0.0) + reward * reward

    def walk(self, game: Game, node: _Node, path: list[tuple[_Node, list[tuple[Player, Key]]]]) -> Game:
        """Walk down the tree from ``node`` on the imagined ``game`` until a new node is added; return the game."""
        me = self.player
        while game.result is None and game.round == self.round:
            chosen: list[tuple[Player, Key]] = []
            if game.phase is Phase.ASSIGN:
                picks: list[Action] = []
                for player in game.to_act:
                    if self.only is not None and node is self.root and player is me:
                        key, action = self.select(node, player, self.only)
                    else:
                        key, action = self.select(node, player, self.assign_options(game, player, node is self.root))
                    chosen.append((player, key))
                    picks.append(action)
                for action in picks:
                    game._play(action)  # taken from the legal options of this very state
                joint: Key = tuple(chosen)
                if node is self.root:
                    self.note_root(game, chosen, picks)
            else:
                player = game.to_act[0]
                if self.only is not None and node is self.root and player is me:
                    key, action = self.select(node, player, self.only)
                else:
                    key, action = self.select(node, player, self.square_options(game, player))
                chosen.append((player, key))
                game._play(action)
                joint = key
            path.append((node, chosen))
            child = node.children.get(joint)
            if child is None:
                node.children[joint] = _Node()
                break
            node = child
        return game

    def walk_lean(self, path: list[tuple[_Node, list[tuple[Player, Key]]]]) -> Game | LeanRound:
        """:meth:`walk` from the root on a :class:`~aton.bots.lean.LeanRound`, building no game where none is needed.

        The same tree, the same options and the same draws as :meth:`walk` on the dealt game: the hidden
        cards are dealt (the same draws), the card assignments are chosen from the dealt hands (an
        exchange takes the top cards of the dealt pile) and revealed on a copy of the round, and the
        removals and placements after it are walked on that copy, which the playout then finishes.
        Only where the engine's own generator or a war's turned cards count (a pile too short for an
        exchange, equal cards at the reveal), or a greedy rating must be made from an imagined game
        after an exchange, is the whole game built from the deal and the actions so far, and the walk
        goes on on it.
        """
        dealt = self.deal(self.rng)
        template: LeanRound = self.lean  # type: ignore[assignment]
        node = self.root
        decks, drawn = dealt.decks, [0, 0]
        self.piles = (decks, drawn)
        if self.groups is not None and min(len(decks[RED]), len(decks[BLUE])) < data.HAND_SIZE:
            return self.walk(self.replay(dealt, []), node, path)  # the next hands come after a reshuffle
        if template.phase != ASSIGN:
            return self.walk_lean_squares(template.copy(), node, path)
        me, root, only, select = self.player, self.root, self.only, self.select
        hands: list[tuple[int, ...]] = [(), ()]
        hands[me] = self.lean_hand
        hands[me.other] = tuple(dealt.hand or ())
        exchange = list(self.lean_exchange)
        assigned = template.assigned[:]
        state: LeanRound | None = None
        played: list[Action] = []
        to_act = self.lean_to_act
        mine_at, root_offers = self.lean_mine_at, self.root_offers
        while True:
            at_root = node is root
            if at_root:  # the options there depend on the opponent's dealt hand only
                offered = root_offers.get(hands[me.other])
                if offered is None:
                    offered = root_offers[hands[me.other]] = [
                        only
                        if only is not None and player is me
                        # at the root the view's public facts are the game's
                        else self.hand_options(self.view, player, hands[player], exchange[player], True)
                        for player in to_act
                    ]
            else:
                try:
                    offered = [
                        self.hand_options(None, player, hands[player], exchange[player], False) for player in to_act
                    ]
                except _GameNeeded:
                    return self.walk(self.replay(dealt, played), node, path)
            chosen: list[tuple[Player, Key]] = []
            picks: list[Action] = []
            for player, options in zip(to_act, offered, strict=True):
                key, action = select(node, player, options)
                chosen.append((player, key))
                picks.append(action)
            path.append((node, chosen))
            joint: Key = tuple(chosen)
            played += picks
            waiting: list[Player] = []
            lean = True
            for action in picks:
                player = action.player
                if type(action) is Assign:
                    assigned[player] = action.cards
                    continue
                left = len(decks[player]) - drawn[player]
                if left < (2 if self.groups is not None else 1) * data.HAND_SIZE:
                    # The discard pile would be shuffled in (now, or for the next hand): the game's own generator.
                    lean = False
                    break
                hands[player] = tuple(sorted(decks[player][left - data.HAND_SIZE : left]))
                drawn[player] += data.HAND_SIZE
                exchange[player] = False
                waiting.append(player)
            if lean and not waiting:
                state = self.reveal(assigned, decks, drawn)
                lean = state is not None
            if not lean:
                game = self.replay(dealt, played)
                if at_root:
                    self.note_root(game, chosen, picks)
                child = node.children.get(joint)
                if child is None:
                    node.children[joint] = _Node()
                    return game
                return self.walk(game, child, path)
            if at_root and not waiting and mine_at is not None:
                # Who acts first as the game tells it after the reveal (none once the round is over: as note_root).
                self.note_cards(chosen[mine_at][1], assigned[me], assigned[me.other], state.first)  # type: ignore[arg-type, union-attr]
            child = node.children.get(joint)
            if child is None:
                node.children[joint] = _Node()
                if state is not None:
                    return state
                # A new node after an exchange: the cards are laid at random, as :meth:`finish` lays them.
                randrange = self.rng.randrange
                for player in waiting:
                    patterns = assignment_patterns(hands[player])
                    cards = patterns[randrange(len(patterns))][1]
                    assigned[player] = cards
                    played.append(Assign(player, cards))
                state = self.reveal(assigned, decks, drawn)
                return state if state is not None else self.replay(dealt, played)
            node = child
            if state is not None:
                return self.walk_lean_squares(state, node, path)
            to_act = waiting

    def reveal(
        self, assigned: list[tuple[int, ...] | None], decks: list[list[int]], drawn: list[int]
    ) -> LeanRound | None:
        """The round after the reveal of ``assigned`` (both players' cards), resolved up to the next choice.

        A war turns the top cards of the dealt piles (``drawn`` cards gone from each); ``None`` when it
        needs more cards than the piles hold (the whole game decides).
        """
        red, blue = assigned
        state = self.lean.copy()  # type: ignore[union-attr]
        if state.reveal(red, blue):  # type: ignore[arg-type]
            return state
        winner, turned = war(decks, drawn)
        if winner is None:
            return None
        if self.groups is not None:
            piles = piles_after_war(decks, drawn, turned, self.view.rules.war_cards)
            if min(map(len, piles[0])) < data.HAND_SIZE:
                return None  # the next hands come after a reshuffle: the whole game decides
            self.piles = piles
        state.begin(winner)
        return state

    def replay(self, dealt: Deal, played: list[Action]) -> Game:
        """The whole imagined game of ``dealt`` after the actions ``played`` in the tree (where a lean round stops)."""
        game = self.build(dealt)
        for action in played:
            game._play(action)
        return game

    def walk_lean_squares(
        self, state: LeanRound, node: _Node, path: list[tuple[_Node, list[tuple[Player, Key]]]]
    ) -> LeanRound:
        """:meth:`walk` through removals and placements on ``state``, to a new node or the end of the round."""
        me, root, only = self.player, self.root, self.only
        select = self.select
        known = self.lean_squares
        klass = self.info.klass
        while state.phase <= SCORING_REMOVE:
            player = state.actor
            if only is not None and node is root and player is me:
                key, action = select(node, player, only)
            else:
                flats = state.choices()
                options_key = (state.phase == PLACE, player, *flats)
                options = known.get(options_key)
                if options is None:
                    # One square per class, the first in order (:func:`~aton.bots.heuristics.class_representatives`).
                    actions = _SQUARE_ACTIONS[state.phase == PLACE][player]
                    firsts = dict(zip(map(klass.__getitem__, reversed(flats)), reversed(flats), strict=True))
                    options = [(actions[f], actions[f]) for f in sorted(firsts.values())]
                    known[options_key] = options
                key, action = select(node, player, options)
            path.append((node, [(player, key)]))
            state.play(flat_of(action.square))  # type: ignore[union-attr]
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        return state

    def note_root(self, game: Game, chosen: list[tuple[Player, Key]], picks: list[Action]) -> None:
        """Keep cartouche 1 points and the order of play for the bot's root assignment (the coach reads them)."""
        me = self.player
        mine = next((a for a in picks if a.player is me), None)
        key = next(k for p, k in chosen if p is me) if any(p is me for p, _ in chosen) else None
        if key is None or not isinstance(mine, Assign):
            return
        theirs = next((a for a in picks if a.player is not me), None)
        if not isinstance(theirs, Assign):
            theirs_cards = game.assignment(me.other) if game.revealed else None
            if theirs_cards is None:
                return
        else:
            theirs_cards = theirs.cards
        self.note_cards(key, mine.cards, theirs_cards, game.first_player)

    def note_cards(self, key: Key, mine: tuple[int, ...], theirs: tuple[int, ...], first_player: Player | None) -> None:
        """:meth:`note_root` once both players' cards are known (``first_player``: who won a war, if any)."""
        me = self.player
        entry = self.extra.get(key)
        if entry is None:
            entry = self.extra[key] = [0.0, 0.0, 0.0, 0.0]
        self.noted = entry
        entry[0] += 1
        entry[1] += data.CARTOUCHE1_POINTS_PER_DIFFERENCE * (mine[0] - theirs[0])
        if mine[1] != theirs[1]:
            first = 1.0 if mine[1] < theirs[1] else 0.0
        elif mine[0] != theirs[0]:
            first = 1.0 if mine[0] < theirs[0] else 0.0
        elif first_player is not None:
            first = 1.0 if first_player is me else 0.0
        else:
            first = 0.5
        entry[2] += first

    # ---------------------------------------------------------------- playout
    def finish(self, game: Game | LeanRound) -> tuple[float, bool]:
        """The playout's score of ``game`` and whether a scoring came in it (the Kingdom emptied, or 40 points).

        A playout that only finishes the current round (``horizon`` 0) plays on a
        :class:`~aton.bots.lean.LeanRound`, which gives the same result as the
        engine (:meth:`playout`) for the same generator state, at less cost
        (the tree may hand over a lean round already: :meth:`walk_lean`).
        """
        kingdom = len(self.view.kingdom)
        if isinstance(game, LeanRound):
            return self.lean_playout(game, kingdom)
        if self.config.horizon == 0:
            # An exchange in the tree leaves this round's cards to lay: laid at random, as :meth:`playout` lays them.
            while game._phase is Phase.ASSIGN and game.round == self.round:
                self.assign_randomly(game)
            if game._phase in _LEAN_PHASES and self.keep_piles(game):
                return self.lean_playout(game, kingdom)
        reward = self.playout(game)
        result = game.result
        return reward, (result.at_scoring if result is not None else len(game.kingdom) < kingdom)

    def lean_playout(self, game: Game | LeanRound, kingdom: int) -> tuple[float, bool]:
        """:meth:`playout` to the end of the round on a :class:`~aton.bots.lean.LeanRound` (the same choices).

        Returns the score and whether a scoring came (as :meth:`finish`); a ``game`` is left as it was, a
        lean round is played on.
        """
        config = self.config
        rng = self.rng
        random_number = rng.random
        randrange = rng.randrange
        greedy = config.playout == "greedy"
        epsilon = config.epsilon
        judge = self.judge
        best = judge.best_flat
        before_scoring = judge.before_scoring_of_counts
        if isinstance(game, LeanRound):
            state, counts = game, game.counts
        else:
            counts = judge.counts(game._squares)
            state = LeanRound(game, self.changes, counts)
        choices, place, remove = state.choices, state.place, state.remove
        squares, score = state.squares, state.score
        known = self.greedy_squares
        while state.phase <= SCORING_REMOVE:
            player = state.actor
            phase = state.phase
            if not greedy or random_number() < epsilon:
                flats = choices()
                (place if phase == PLACE else remove)(flats[randrange(len(flats))])
                continue
            # The greedy square depends on the board and on what limits the choice: remember it.
            key: Key
            if phase == PLACE:
                key = (state.bits, player, 1, state.assigned[player][2])  # type: ignore[index]
            elif phase == SCORING_REMOVE:
                key = (state.bits, player, 0, tuple(state.scoring_required))
            elif state.last_turn_before_scoring():
                scores = (score[player], score[player.other])
                more = state.removals_left - 1
                key = (state.bits, player, -2, state.assigned[player][2], state.remove_target, scores, more)  # type: ignore[index]
                flat = known.get(key)
                if flat is None:
                    flats = choices()
                    owner = RED if squares[flats[0]] is RED else BLUE  # whose counters are on offer
                    flat = known[key] = before_scoring(counts, flats, owner, player, -1, scores, more)
                remove(flat)
                continue
            else:
                key = (state.bits, player, -1, state.assigned[player][2], state.remove_target)  # type: ignore[index]
            flat = known.get(key)
            if flat is None:
                flats = choices()
                if phase == PLACE:
                    flat = best(counts, flats, player, player, 1)
                else:
                    owner = RED if squares[flats[0]] is RED else BLUE
                    flat = best(counts, flats, owner, player, -1)
                known[key] = flat
            (place if phase == PLACE else remove)(flat)
        me = self.player
        if state.phase == OVER:
            winner = state.winner
            return (0.5 if winner is None else 1.0 if winner is me else 0.0), state.at_scoring
        model = self.model
        if model is None:
            chance = logistic(judge.advantage(counts, me, score[me], score[me.other]) / config.weights.temperature)
        else:
            left = state.kingdom
            red = left.count(RED)
            looked = (
                NOT_AHEAD if self.groups is None else self.look_ahead(state.squares, score, state.stock, state.bits)
            )
            chance = model.chance(counts, me, score, state.stock, red, len(left) - red, judge, state.round, looked)
        return chance, len(state.kingdom) < kingdom

    def keep_piles(self, game: Game) -> bool:
        """Keep the imagined ``game``'s draw piles once this round's cards are revealed (a war and an exchange have
        taken theirs), for :meth:`look_ahead` at the end of the round; ``False`` when a pile holds too few cards
        for the next hand (the engine then shuffles the discard pile in with the game's own generator: only the
        engine's playout knows that hand)."""
        if self.groups is None:
            return True
        decks = game._deck
        if len(decks[RED]) < data.HAND_SIZE or len(decks[BLUE]) < data.HAND_SIZE:
            return False
        self.piles = decks, [0, 0]  # the lean playout draws no card from them
        return True

    def look_ahead(
        self, squares: list[Player | None], scores: list[int], stock: list[int], board: int
    ) -> tuple[float, float, float]:
        """The look at the next round's hands of the imagined game for the bot (:func:`aton.bots.lookahead.ahead`),
        read from the tops of its piles (:attr:`piles`: a lean round goes on only where they hold the next hands)."""
        if nothing_ahead(self.groups, squares, scores, board):  # type: ignore[arg-type]
            return NOT_AHEAD
        decks, drawn = self.piles  # type: ignore[misc]
        tops = [len(decks[player]) - drawn[player] for player in (RED, BLUE)]
        hands = [decks[player][top - data.HAND_SIZE : top] for player, top in zip((RED, BLUE), tops, strict=True)]
        return ahead(self.groups, squares, self.player, hands, scores, stock, board)  # type: ignore[arg-type]

    def assign_randomly(self, game: Game) -> None:
        """The quick policy at a card assignment: each player still to lay cards lays its hand in a random order."""
        randrange = self.rng.randrange
        for player in game.to_act:
            patterns = assignment_patterns(tuple(game.hand(player) or ()))
            game._play(Assign(player, patterns[randrange(len(patterns))][1]))

    def playout(self, game: Game) -> float:
        """Play ``game`` on with the quick policy to the end of the round (plus ``horizon`` rounds); score it."""
        config = self.config
        last_round = self.round + config.horizon
        rng = self.rng
        random_number = rng.random
        randrange = rng.randrange
        greedy = config.playout == "greedy"
        epsilon = config.epsilon
        best = self.judge.best
        before_scoring = self.judge.best_before_scoring
        play = game._play  # every action below is one of this state's legal choices
        assign, place = Phase.ASSIGN, Phase.PLACE
        while game.result is None:
            phase = game.phase
            if phase is assign:
                if game.round > last_round:
                    break
                self.assign_randomly(game)
                continue
            player = game.to_act[0]
            if greedy and random_number() >= epsilon:
                flats, actions = game.square_choices(player)
                squares = game.squares
                if phase is place:
                    owner, sign = player, 1
                else:
                    owner, sign = (
                        (RED if squares[flats[0]] is RED else BLUE),
                        -1,
                    )  # a removal: whose counters are on offer
                if sign < 0 and last_turn_before_scoring(game, player):
                    scores = (game.score(player), game.score(player.other))
                    more = game.removals_left - 1 if sign < 0 else 0
                    play(actions[before_scoring(squares, flats, owner, player, sign, scores, more)])
                else:
                    play(actions[best(squares, flats, owner, player, sign)[0]])
            else:
                options = game.legal_actions(player)
                play(options[randrange(len(options))])
        return self.judge_end(game)

    def judge_end(self, game: Game) -> float:
        """The playout's score of ``game`` for the bot: 1, 0 or 1/2 when it is over, else the evaluation's chance."""
        model = self.model
        if model is None or game.result is not None:
            return win_probability(game, self.player, self.config.weights)
        judge = self.judge
        left = game.kingdom
        red = left.count(RED)
        scores = (game.score(RED), game.score(BLUE))
        stock = (game.stock(RED), game.stock(BLUE))
        looked = NOT_AHEAD
        if self.groups is not None and game.phase is Phase.ASSIGN:  # the next hands are dealt
            hands = [game.hand(player) or () for player in (RED, BLUE)]
            looked = ahead(self.groups, game.squares, self.player, hands, scores, stock)
        return model.chance(
            judge.counts(game.squares),
            self.player,
            scores,
            stock,
            red,
            len(left) - red,
            judge,
            game.round,
            looked,
        )

    # ---------------------------------------------------------------- results
    def line_rate(self, option: OptionStats, *, replies: bool = False) -> float:
        """``option``'s chance to win, followed down the bot's own most tried follow-ups.

        The mean at the root counts every follow-up the search tried, good and bad.  While the next
        decision is the bot's own again (more counters to remove or place this turn), the most tried
        follow-up's mean is the better estimate; the walk stops where someone else decides, at a
        card assignment, or where a follow-up was tried fewer than :data:`LINE_VISITS` times.
        With ``replies``, the walk also goes through the opponent's removals and placements (its most
        tried reply, its mean read from the bot's side): the line both players prefer.
        """
        me = self.player
        rate = option.win_rate
        node = self.root
        key: Key = option.action if isinstance(option.action, (Place, Remove)) else None
        while key is not None:
            child = node.children.get(key)
            if child is None or len(child.stats) != 1:
                break
            ((actor, table),) = child.stats.items()
            if actor is not me and not replies:
                break
            best_key, (visits, total, _available) = max(table.items(), key=lambda item: item[1][0])
            if visits < max(LINE_VISITS, option.visits / 4):
                break
            rate = total / visits if actor is me else 1.0 - total / visits
            node, key = child, best_key if isinstance(best_key, (Place, Remove)) else None
        return rate

    def root_options(self) -> list[OptionStats]:
        me = self.player
        table = self.root.stats.get(me, {})
        view = self.view
        hand = tuple(view.hand(me) or ())
        by_pattern = dict(assignment_patterns(hand)) if view.phase is Phase.ASSIGN else {}
        result = []
        for key, (visits, total, _available) in table.items():
            if visits == 0:
                continue
            action: Action
            if key == EXCHANGE_KEY:
                action = Exchange(me)
            elif isinstance(key, tuple):
                action = Assign(me, by_pattern[key])
            else:
                action = key  # type: ignore[assignment]
            extra: dict[str, float] = {}
            record = self.extra.get(key)
            if record and record[0]:
                extra = {
                    "cartouche1": record[1] / record[0],
                    "first": record[2] / record[0],
                    "scoring": record[3] / record[0],
                }
            mean = total / visits
            spread = math.sqrt(max(self.squares.get(key, 0.0) / visits - mean * mean, 0.0))
            result.append(OptionStats(action, int(visits), mean, extra, spread))
        result.sort(key=lambda s: (-s.visits, -s.win_rate))
        if not result:
            options = view.legal_actions(me)
            result = [OptionStats(options[0], 0, 0.5)]
        return result


__all__ = [
    "ANALYSIS",
    "PRESETS",
    "TEACHING",
    "MctsBot",
    "OptionStats",
    "Playout",
    "SearchConfig",
    "SearchResult",
    "assignment_patterns",
    "imagine",
    "last_turn_before_scoring",
    "wins_at_once",
]
