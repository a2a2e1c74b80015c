"""Another one like this: a new case of the same rule, dealt from seeded random games and checked by the engine.

:func:`another_like` takes an exercise and a seed and returns an exercise of the same kind about the same
rule (its "Rule:" line is the same) and the same case of it (a tie stays a tie, a war a war), on another
position.  So that pressing the button teaches the rule and not one answer, a variant first draws the
answer it will ask for, evenly among the answers the rule allows (:func:`answers_allowed`), then searches
for a case with that answer:

- positions are round starts of games played at random from new deals (their seeds come from the
  variant's seed), and the cards for the round are every ordering of the hands, in a seeded order;
- a cheap test on the cards keeps only those that can give the case and the answer drawn (the card on
  cartouche 3 for the open temples, equal cards on cartouches 1 and 2 for a war, ...);
- where random games hardly ever give the case, the position is built from one of them: counters added
  to the board so that the stock runs short, or scores moved so that a game ends in a draw (the position
  is read back as a file is, so it is one the rules can reach).

For a number with many possible values (points of a scoring, room in the Kingdom), the variant collects a
few cases and picks evenly among the answers they give.  The exercise kinds compute the answer from the
engine's events, as for the tutorials' exercises, so a variant's answer is never written by hand.  The
same seed gives the same variant; a variant takes a few tens of milliseconds in CPython.

"Where would you place?" deals positions of random games in the middle of a placement (or a removal)
where some squares reach the goal and most do not; for a victory on the board, the position is built one
counter short of it (a temple, the yellow or the green squares), with the gap where the player may place.
Kinds without variants would be listed in :data:`NO_VARIANTS` with the reason; there are none.

>>> from aton.teaching.curriculum import exercise
>>> original = exercise("cartouche1-red")
>>> variant = another_like(original, seed=1)
>>> type(variant) is type(original) and variant.rule == original.rule and variant.game != original.game
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

from .. import data
from ..actions import PLAYERS, Player
from ..events import Cartouche1Compared, Revealed
from ..game import EndReason, Game, Phase, new_game
from ..rules import Rules, SquareKind
from .board_questions import (
    RULE_OF_KIND,
    KingdomSizeExercise,
    SquareKindExercise,
    TempleCountExercise,
    kingdom_size_exercise,
    square_kind_exercise,
    temple_count_exercise,
)
from .cartouches import (
    Cartouche1Exercise,
    FirstPlayerExercise,
    KingdomExercise,
    OpenTemplesExercise,
    PlacedExercise,
    RemovalExercise,
    cartouche1_exercise,
    first_player_exercise,
    kingdom_exercise,
    placed_exercise,
    removal_exercise,
    temples_exercise,
)
from .endings import EndingExercise, WinnerExercise, ending_exercise, winner_exercise
from .exercise import Exercise
from .placement import Goal, PlacementExercise, placement_exercise
from .play import first_of, new_events
from .rounds import DrawExercise, ExchangeExercise, draw_exercise, exchange_exercise
from .scoring import (
    SCORING_CATEGORIES,
    KingdomReturnExercise,
    ScoringExercise,
    ScoringRemovalExercise,
    kingdom_return_exercise,
    scoring_exercise,
    scoring_removal_exercise,
)
from .sequence import (
    RemovalPoolExercise,
    SecondTurnExercise,
    TakeBackExercise,
    removal_pool_exercise,
    second_turn_exercise,
    take_back_exercise,
)

__all__ = ["NO_VARIANTS", "another_like", "answer_key", "answers_allowed", "has_variants", "same_case"]

NO_VARIANTS: dict[type[Exercise], str] = {}
"""Exercise kinds without variants, and why (none today: every kind of the tutorials has variants)."""

_GAMES = 40
"""Random games tried at most for one variant."""
_TRIES = 120
"""Cases built at most for one variant."""
_POOL = 10
"""Cases collected before picking evenly among their answers, when the rule allows many answers."""
_PLACEMENT_POOL = 1
"""Cases collected for a placement exercise: the first found (each is a new set of squares, and costs more)."""
_PER_POSITION = 3
"""Cases built at most from one position."""

Cards = tuple[int, ...]
CardTest = Callable[[Cards, Cards, Player], bool]
"""Whether these cards (Red's, Blue's, the player asked about) can give the case and the answer wanted."""


# ------------------------------------------------------------------ answers and cases
def answer_key(exercise: Exercise) -> Hashable:
    """The answer as variants count it: a player by name (also when a reason comes with it), a set of
    temples, a number, a choice."""
    answer = exercise.answer
    if isinstance(answer, tuple):
        answer = answer[0]
    return answer.label if isinstance(answer, Player) else answer


def _tie_at_cartouche1(exercise: Exercise) -> bool:
    assert exercise.outcome is not None
    return first_of(new_events(exercise.game, exercise.outcome), Cartouche1Compared).scorer is None


def same_case(made: Exercise, original: Exercise) -> bool:
    """Whether ``made`` practises the same rule and the same case of it as ``original``: its rule, and for
    who acts first the reason (a war stays a war), for cartouche 1 whether the cards are tied, for who wins
    whether both players pass 40 at the scoring, for who takes back first whether the scores are equal, for
    a placement the same goal and phase (place or remove)."""
    if type(made) is not type(original) or made.rule != original.rule:
        return False
    if isinstance(made, FirstPlayerExercise) and isinstance(original, FirstPlayerExercise):
        return made.reason == original.reason
    if isinstance(original, Cartouche1Exercise):
        return _tie_at_cartouche1(made) == _tie_at_cartouche1(original)
    if isinstance(original, WinnerExercise):
        return _both_past(made) == _both_past(original)
    if isinstance(original, TakeBackExercise):
        return bool(made.answer[1] == original.answer[1])
    if isinstance(made, PlacementExercise) and isinstance(original, PlacementExercise):
        return made.game.phase is original.game.phase and _goal(made) == _goal(original)
    return True


def _both_past(exercise: Exercise) -> bool:
    """Whether the game ends at a scoring where both players have 40 points or more."""
    assert exercise.outcome is not None and exercise.outcome.result is not None
    result = exercise.outcome.result
    return result.at_scoring and min(result.scores) >= data.WINNING_POINTS


def answers_allowed(exercise: Exercise) -> tuple[Hashable, ...]:
    """The answers a case of ``exercise``'s rule may have, which variants deal evenly (empty: too many to
    list; a variant then picks evenly among the answers of a few cases found)."""
    rule = exercise.rule
    players = tuple(p.label for p in PLAYERS)
    if isinstance(exercise, FirstPlayerExercise):
        return players
    if isinstance(exercise, WinnerExercise):
        # a game ends at a scoring when a player has 40: equal scores there are both past 40
        draws = rule == "round-limit" or (rule == "victory-points" and _both_past(exercise))
        return (*players, None) if draws else players
    if isinstance(exercise, Cartouche1Exercise):
        return (0,) if _tie_at_cartouche1(exercise) else (0, 2, 4, 6)
    if isinstance(exercise, RemovalExercise):
        return {"removal": (0, 1, 2), "removal-own": (0, 1)}.get(rule, (0,))
    if isinstance(exercise, OpenTemplesExercise):
        return tuple(frozenset(range(1, t + 1)) for t in range(1, data.TEMPLE_COUNT + 1))
    if isinstance(exercise, PlacedExercise) and rule == "no-stock":
        return (1, 2, 3)
    if isinstance(exercise, KingdomExercise) and rule == "kingdom-full":
        return (0, 1, 2)
    if isinstance(exercise, EndingExercise):
        return (None, EndReason.POINTS) if rule == "victory-points" else (exercise.answer,)
    if isinstance(exercise, ExchangeExercise):
        return ("yes", "used")
    if isinstance(exercise, SquareKindExercise):
        return tuple(kind for kind in SquareKind if RULE_OF_KIND[kind] == rule)
    if isinstance(exercise, ScoringExercise) and rule == "majority-tie":
        return (0,)
    if isinstance(exercise, TakeBackExercise):
        return ("red", "blue") if exercise.answer[1] == "leader" else ("red",)
    if isinstance(exercise, SecondTurnExercise) and rule != "order":
        return (0,)
    return ()


def has_variants(exercise: Exercise) -> bool:
    """Whether :func:`another_like` knows how to deal a new case of this exercise's kind (those it does
    not are in :data:`NO_VARIANTS`, with the reason)."""
    if isinstance(exercise, PlacementExercise):
        return _goal(exercise) is not None
    return type(exercise) in _ROUND_BUILDERS or isinstance(exercise, _BOARD_KINDS)


# ------------------------------------------------------------------ the search
def another_like(exercise: Exercise, seed: int = 0) -> Exercise | None:
    """A new exercise of ``exercise``'s kind about the same rule and case, on another position (``None``:
    none found).  Its answer is drawn evenly among :func:`answers_allowed`.  The same ``seed`` gives the
    same variant.
    """
    if not has_variants(exercise):
        return None
    name = f"{type(exercise).__name__}:{exercise.rule}"
    rng = random.Random(f"{name}:{seed}")
    allowed = answers_allowed(exercise)
    target = _target(allowed, name, seed)
    if isinstance(exercise, PlacementExercise):
        cases = _placement_cases(exercise, rng)
    elif type(exercise) in _ROUND_BUILDERS:
        cases = _round_cases(exercise, rng, target)
    else:
        cases = _board_cases(exercise, rng)
    pool = _PLACEMENT_POOL if isinstance(exercise, PlacementExercise) else _POOL
    found: dict[Hashable, Exercise] = {}
    seen = 0
    for made in itertools.islice(cases, _TRIES):
        if isinstance(made, WinnerExercise) and made.rule == exercise.rule and allowed:
            rescored = _rescored(made, exercise, target, rng)
            if rescored is not None and _differs(rescored, exercise):
                return rescored
        if not same_case(made, exercise) or not _differs(made, exercise):
            continue
        key = answer_key(made)
        if allowed and key == target:
            return made
        if allowed and key not in allowed:
            continue
        found.setdefault(key, made)
        seen += 1
        if not allowed and seen >= pool:
            break
    if not found:
        return None
    return found[rng.choice(list(found))]


def _target(allowed: tuple[Hashable, ...], name: str, seed: int) -> Hashable:
    """The answer the variant of ``seed`` asks for: seeds are taken in blocks of as many as there are answers,
    and each block deals every answer once, in an order shuffled by the block's number (so that pressing the
    button again and again brings every answer, in no order a learner could guess)."""
    if not allowed:
        return None
    block, place = divmod(seed, len(allowed))
    order = list(allowed)
    random.Random(f"{name}:block:{block}").shuffle(order)
    return order[place]


def _differs(made: Exercise, original: Exercise) -> bool:
    return made.game != original.game or made.prompt() != original.prompt()


def _positions(rng: random.Random, limit: bool = False, first: bool = False) -> Iterator[Game]:
    """Round starts (assign phase, nobody assigned) of random games, in the order they are played
    (with ``limit``, games with a short round limit, so that their last round comes; with ``first``,
    the first round only)."""
    for _game in range(_GAMES):
        rules = Rules(round_limit=rng.randint(3, 8)) if limit else None
        game = new_game(seed=rng.randrange(1 << 30), rules=rules)
        start = 1 if first else rng.randint(2, 9)
        while game.result is None and game.round < 25:
            if game.phase is Phase.ASSIGN and game.round >= start and not any(game.has_assigned(p) for p in PLAYERS):
                yield game.clone()
                if first:
                    break
            player = game.to_act[0]
            game.apply(rng.choice(game.legal_actions(player)))


def _orderings(hand: Sequence[int]) -> list[Cards]:
    return sorted(set(itertools.permutations(hand)))


# ------------------------------------------------------------------ rounds
Build = Callable[[Game, Cards, Cards, Player, random.Random], Exercise]


def _scoring(exercise: Exercise) -> Build:
    def build(game: Game, red: Cards, blue: Cards, player: Player, rng: random.Random) -> Exercise:
        if exercise.rule == "majority-tie":
            category = rng.choice(SCORING_CATEGORIES[:5])
            return scoring_exercise(game, red, blue, category, player, rule="majority-tie")
        return scoring_exercise(game, red, blue, exercise.rule, player)

    return build


def _round_builders() -> dict[type[Exercise], Callable[[Exercise], Build]]:
    return {
        Cartouche1Exercise: lambda _e: lambda g, r, b, p, _rng: cartouche1_exercise(g, r, b, p),
        FirstPlayerExercise: lambda _e: lambda g, r, b, _p, _rng: first_player_exercise(g, r, b),
        RemovalExercise: lambda _e: lambda g, r, b, p, _rng: removal_exercise(g, r, b, p),
        OpenTemplesExercise: lambda _e: lambda g, r, b, p, _rng: temples_exercise(g, r, b, p),
        KingdomExercise: lambda _e: lambda g, r, b, p, _rng: kingdom_exercise(g, r, b, p),
        PlacedExercise: lambda _e: lambda g, r, b, p, _rng: placed_exercise(g, r, b, p),
        ScoringExercise: _scoring,
        ScoringRemovalExercise: lambda _e: lambda g, r, b, p, _rng: scoring_removal_exercise(g, r, b, p),
        KingdomReturnExercise: lambda _e: lambda g, r, b, p, _rng: kingdom_return_exercise(g, r, b, p),
        DrawExercise: lambda _e: lambda g, r, b, p, _rng: draw_exercise(g, r, b, p),
        EndingExercise: lambda _e: lambda g, r, b, _p, _rng: ending_exercise(g, r, b),
        WinnerExercise: lambda _e: lambda g, r, b, _p, _rng: winner_exercise(g, r, b),
        RemovalPoolExercise: lambda _e: lambda g, r, b, p, _rng: removal_pool_exercise(g, r, b, p),
        SecondTurnExercise: lambda _e: lambda g, r, b, _p, _rng: second_turn_exercise(g, r, b),
        TakeBackExercise: lambda _e: lambda g, r, b, _p, _rng: take_back_exercise(g, r, b),
    }


_ROUND_BUILDERS = _round_builders()
_BOARD_KINDS = (SquareKindExercise, TempleCountExercise, KingdomSizeExercise, ExchangeExercise)


def _revealed(exercise: Exercise) -> tuple[Cards, Cards]:
    assert exercise.outcome is not None
    reveal = first_of(new_events(exercise.game, exercise.outcome), Revealed)
    return tuple(reveal.red), tuple(reveal.blue)


def _mine(cards: tuple[Cards, Cards], player: Player) -> tuple[Cards, Cards]:
    """(the player's cards, the other's) from (Red's, Blue's)."""
    return (cards[0], cards[1]) if player is PLAYERS[0] else (cards[1], cards[0])


def _card_test(exercise: Exercise, target: Hashable) -> CardTest:
    """A cheap test on the cards that keeps those which can give ``exercise``'s case with answer ``target``."""
    if isinstance(exercise, FirstPlayerExercise):
        reason = exercise.reason

        def order(red: Cards, blue: Cards, _player: Player) -> bool:
            tied2, tied1 = red[1] == blue[1], red[0] == blue[0]
            lower = "red" if (red[1] < blue[1] if not tied2 else red[0] < blue[0]) else "blue"
            if reason == "war":  # the piles decide a war: the engine tells who wins it
                return tied1 and tied2
            case = tied2 and not tied1 if reason == "cartouche1" else not tied2
            return case and lower == target

        return order
    if isinstance(exercise, Cartouche1Exercise):
        tie = _tie_at_cartouche1(exercise)

        def cartouche1(red: Cards, blue: Cards, player: Player) -> bool:
            mine, theirs = _mine((red, blue), player)
            if tie or mine[0] == theirs[0]:
                return tie and mine[0] == theirs[0]
            points = max(0, data.CARTOUCHE1_POINTS_PER_DIFFERENCE * (mine[0] - theirs[0]))
            return points == target

        return cartouche1
    if isinstance(exercise, RemovalExercise):
        group = {"removal-own": (1,), "removal-two": (2,), "removal": (3, 4)}.get(exercise.rule, (1, 2, 3, 4))
        return lambda red, blue, player: _mine((red, blue), player)[0][1] in group
    if isinstance(exercise, OpenTemplesExercise):
        assert isinstance(target, frozenset)
        return lambda red, blue, player: _mine((red, blue), player)[0][2] == len(target)
    if isinstance(exercise, PlacedExercise) and isinstance(target, int):
        return lambda red, blue, player: _mine((red, blue), player)[0][3] > target
    if isinstance(exercise, RemovalPoolExercise):
        # the player asked about acts second and removes the opponent's counters
        return lambda red, blue, player: _mine((red, blue), player)[0][1] >= 3 and _acts_second(red, blue, player)
    if isinstance(exercise, SecondTurnExercise) and exercise.rule != "order":
        # the player one counter short of a temple acts first, and does not remove their own counters
        return lambda red, blue, player: _mine((red, blue), player)[0][1] != 1 and _acts_second(red, blue, player.other)
    if isinstance(exercise, KingdomExercise) and exercise.rule == "kingdom-full":
        # few open temples and many counters to place, or counters removed: more than the room left
        return lambda red, blue, player: _crowded(_mine((red, blue), player)[0])
    return lambda _red, _blue, _player: True


def _acts_second(red: Cards, blue: Cards, player: Player) -> bool:
    """Whether ``player`` surely acts second with these cards (no war)."""
    mine, theirs = _mine((red, blue), player)
    return mine[1] > theirs[1] or (mine[1] == theirs[1] and mine[0] > theirs[0])


def _crowded(cards: Cards) -> bool:
    """Whether a player's cards may send more counters to the Kingdom than a nearly full one holds."""
    return (cards[2] <= 2 and cards[3] >= 3) or cards[1] >= 3


def _round_cases(exercise: Exercise, rng: random.Random, target: Hashable) -> Iterator[Exercise]:
    build = _ROUND_BUILDERS[type(exercise)](exercise)
    test = _card_test(exercise, target)
    rule = exercise.rule
    stock = isinstance(exercise, PlacedExercise) and isinstance(target, int)
    full = rule == "kingdom-full"
    short = isinstance(exercise, SecondTurnExercise) and rule == "victory-temple"
    for game in _positions(rng, limit=rule == "round-limit", first=rule == "first-round"):
        player = rng.choice(PLAYERS)
        built: Game | None = game
        if stock:
            assert isinstance(target, int)
            built = _with_stock(game, player, target, rng)
        elif full:
            built = _with_kingdom(game, target if isinstance(target, int) and target else rng.randint(1, 2), rng)
        elif short:
            built = _temple_short(game, player, rng)
        if built is None:
            continue
        game = built
        reds, blues = _orderings(game.hand(PLAYERS[0]) or ()), _orderings(game.hand(PLAYERS[1]) or ())
        pairs = [(r, b) for r in reds for b in blues if test(r, b, player)]
        rng.shuffle(pairs)
        for red, blue in pairs[:_PER_POSITION]:
            try:
                yield build(game, red, blue, player, rng)
            except (ValueError, StopIteration):  # these cards do not lead to the situation (no scoring, the
                continue  # game over at cartouche 1 before any order is decided)


def _rebuilt(game: Game, change: Callable[[dict[str, Any]], None]) -> Game | None:
    """``game`` as a hand-written position (no history), changed by ``change``, read back and checked as a
    file is (``None``: the change gives a position the rules cannot reach)."""
    raw = game.to_dict()
    for name in ("events", "actions", "start"):
        raw.pop(name, None)
    change(raw)
    try:
        return Game.from_dict(raw)
    except ValueError:
        return None


def _with_stock(game: Game, player: Player, stock: int, rng: random.Random) -> Game | None:
    """``game`` with counters of ``player`` added on empty squares until ``stock`` are left in stock, where
    no counter gives a victory on the board (``None``: not possible here)."""
    squares = list(game.squares)
    empty = [i for i, owner in enumerate(squares) if owner is None]
    rng.shuffle(empty)
    needed = game.stock(player) - stock
    if needed < 0 or needed > len(empty) - 6:
        return None
    chosen: list[int] = []
    kinds = [game.layout_kind((t, i)) for t in range(1, data.TEMPLE_COUNT + 1) for i in range(data.SQUARES_PER_TEMPLE)]
    trial = [*squares]
    for index in empty:
        if len(chosen) == needed:
            break
        trial[index] = player
        if _board_victory(trial, kinds, player):
            trial[index] = None
            continue
        chosen.append(index)
    if len(chosen) < needed:
        return None
    return _rebuilt(game, _with_squares(trial))


def _with_kingdom(game: Game, room: int, rng: random.Random) -> Game | None:
    """``game`` with counters from the stocks added to the Kingdom of the Dead until ``room`` places are left
    (``None``: it holds more already)."""
    kingdom = [p.label for p in game.kingdom]
    stocks = {p: game.stock(p) for p in PLAYERS}
    while len(kingdom) < data.KINGDOM_SIZE - room:
        owner = rng.choice([p for p in PLAYERS if stocks[p] > 0])
        stocks[owner] -= 1
        kingdom.append(owner.label)
    if len(kingdom) != data.KINGDOM_SIZE - room:
        return None

    def change(raw: dict[str, Any]) -> None:
        raw["kingdom"] = kingdom
        for player in PLAYERS:
            raw[player.label].pop("stock", None)

    return _rebuilt(game, change)


def _temple_short(game: Game, player: Player, rng: random.Random) -> Game | None:
    """``game`` with temple 1 all ``player``'s but one empty square, the first they would place on."""
    size = data.SQUARES_PER_TEMPLE
    squares: list[Player | None] = [*game.squares]
    gap = rng.randrange(size)
    squares[:size] = [None if i == gap else player for i in range(size)]
    kinds = [game.layout_kind((t, i)) for t in range(1, data.TEMPLE_COUNT + 1) for i in range(size)]
    if any(_board_victory(squares, kinds, p) for p in PLAYERS):
        return None
    return _rebuilt(game, _with_squares(squares))


def _with_squares(squares: Sequence[Player | None]) -> Callable[[dict[str, Any]], None]:
    """A change of a position that puts ``squares`` on its board (the stocks follow)."""
    size = data.SQUARES_PER_TEMPLE

    def change(raw: dict[str, Any]) -> None:
        raw["temples"] = [
            "".join("." if s is None else s.label[0].upper() for s in squares[t * size : (t + 1) * size])
            for t in range(data.TEMPLE_COUNT)
        ]
        for player in PLAYERS:
            raw[player.label].pop("stock", None)

    return change


def _board_victory(squares: list[Player | None], kinds: list[SquareKind], player: Player) -> bool:
    """Whether ``player`` holds a victory on the board ``squares`` (a whole temple, every yellow or green)."""
    size = data.SQUARES_PER_TEMPLE
    if any(all(s is player for s in squares[t : t + size]) for t in range(0, len(squares), size)):
        return True
    for colour in (SquareKind.YELLOW, SquareKind.GREEN):
        if all(s is player for s, k in zip(squares, kinds, strict=True) if k is colour):
            return True
    return False


def _rescored(made: Exercise, original: Exercise, target: Hashable, rng: random.Random) -> Exercise | None:
    """The winner exercise ``made`` on its position with the score of the player behind at the end moved, so
    that ``target`` wins (``None``: a draw) in the case of ``original`` (both past 40 at the scoring or not);
    ``None`` when no score does it there."""
    assert made.outcome is not None and made.outcome.result is not None
    final = dict(zip(PLAYERS, made.outcome.result.scores, strict=True))
    behind = min(PLAYERS, key=lambda p: (final[p], p is PLAYERS[1]))
    ahead = behind.other
    past = _both_past(original)
    if target is None:
        wanted = final[ahead]
    elif not past:
        return None  # the search finds these winners as they come
    elif target == behind.label:
        wanted = final[ahead] + rng.randint(1, 3)
    elif final[ahead] > data.WINNING_POINTS:
        wanted = rng.randint(data.WINNING_POINTS, final[ahead] - 1)
    else:
        return None
    start = made.game.score(behind) + wanted - final[behind]
    if wanted == final[behind] or not 0 <= start < data.WINNING_POINTS:
        return None

    def change(raw: dict[str, Any]) -> None:
        raw[behind.label]["score"] = start

    game = _rebuilt(made.game, change)
    if game is None:
        return None
    try:
        rescored = winner_exercise(game, *_revealed(made))
    except ValueError:
        return None
    if same_case(rescored, original) and answer_key(rescored) == target:
        return rescored
    return None


# ------------------------------------------------------------------ questions about the board
def _board_cases(exercise: Exercise, rng: random.Random) -> Iterator[Exercise]:
    target_kinds = answers_allowed(exercise)
    for game in _positions(rng):
        if isinstance(exercise, SquareKindExercise):
            kind = rng.choice(target_kinds)
            squares = [
                (t, i)
                for t in range(1, data.TEMPLE_COUNT + 1)
                for i in range(data.SQUARES_PER_TEMPLE)
                if game.layout_kind((t, i)) is kind
            ]
            if squares:
                yield square_kind_exercise(game, rng.choice(squares))
        elif isinstance(exercise, TempleCountExercise):
            temple = int(exercise.rule[-1]) if exercise.rule.startswith("temple") else rng.randint(1, 4)
            yield temple_count_exercise(game, rng.choice(PLAYERS), temple)
        elif isinstance(exercise, KingdomSizeExercise):
            yield kingdom_size_exercise(game)
        elif isinstance(exercise, ExchangeExercise):
            yield exchange_exercise(game, rng.choice(PLAYERS))


# ------------------------------------------------------------------ where would you place (or remove)?
_GOALS = (Goal("win"), Goal("points"), *(Goal("majority", c) for c in SCORING_CATEGORIES[:5]))

_WIN_SETS = {"victory-temple", "victory-yellow", "victory-green"}


def _goal(exercise: PlacementExercise) -> Goal | None:
    """The goal a placement exercise asks for, read back from its question (each goal words itself apart)."""
    prompt = exercise.prompt("en")
    return next((goal for goal in _GOALS if goal.describe("en") in prompt), None)


def _choices(rng: random.Random, phase: Phase, last: bool) -> Iterator[Game]:
    """Positions of random games where the player to act chooses a square to place on (or, in the remove
    phase, a counter to remove); with ``last``, their last counter to place."""
    for _game in range(_GAMES):
        game = new_game(seed=rng.randrange(1 << 30))
        start = rng.randint(3, 9)
        while game.result is None and game.round < 25:
            if game.phase is phase and game.round >= start and (not last or game.placements_left == 1):
                yield game.clone()
            player = game.to_act[0]
            game.apply(rng.choice(game.legal_actions(player)))


def _placement_cases(exercise: PlacementExercise, rng: random.Random) -> Iterator[Exercise]:
    goal = _goal(exercise)
    assert goal is not None
    phase = exercise.game.phase
    win = exercise.rule in _WIN_SETS
    for game in _choices(rng, phase, last=win):
        built = _one_short(game, exercise.rule, rng) if win else game
        if built is None:
            continue
        legal = built.legal_squares(built.to_act[0])
        try:
            made = placement_exercise(built, goal)
        except ValueError:  # no square reaches the goal here
            continue
        if len(legal) >= 3 and 2 * len(made.answer) <= len(legal):  # most squares must miss the goal
            yield made


def _one_short(game: Game, rule: str, rng: random.Random) -> Game | None:
    """``game`` (a placement) with the set of ``rule``'s board victory (a temple open to the player, the
    yellow or the green squares) all the player's but one empty square they may place on."""
    player = game.to_act[0]
    size = data.SQUARES_PER_TEMPLE
    kinds = [game.layout_kind((t, i)) for t in range(1, data.TEMPLE_COUNT + 1) for i in range(size)]
    reach = game.allowed_temples(player) * size
    if rule == "victory-temple":
        temple = rng.randrange(game.allowed_temples(player))
        wanted = list(range(temple * size, (temple + 1) * size))
    else:
        kind = SquareKind.YELLOW if rule == "victory-yellow" else SquareKind.GREEN
        wanted = [i for i, k in enumerate(kinds) if k is kind]
    gaps = [i for i in wanted if i < reach]
    if not gaps:
        return None
    gap = rng.choice(gaps)
    squares: list[Player | None] = [*game.squares]
    for i in wanted:
        squares[i] = None if i == gap else player
    if any(_board_victory(squares, kinds, p) for p in PLAYERS):
        return None
    return _rebuilt(game, _with_squares(squares))
