"""Another one like this: a new case of the same rule, dealt from a seeded random game and checked by the engine.

:func:`another_like` takes an exercise and a seed and returns an exercise of the same kind about the same
rule (its "Rule:" line is the same), on another position: a game played at random from a new deal
(its own seed) up to the start of a round, with cards for the round drawn at random from the hands.
The exercise kinds compute the answer from the engine's events, as for the tutorials' exercises, so a
variant's answer is never written by hand.  Kinds that need a hand-made position (a placement that
completes a set, an ending) may find no variant: then the result is ``None``.

>>> from aton.teaching.curriculum import exercise
>>> original = exercise("cartouche1-red")
>>> variant = another_like(original, seed=1)
>>> type(variant) is type(original) and variant.rule == original.rule and variant.game != original.game
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from .. import data
from ..actions import PLAYERS, Player
from ..game import Game, Phase, new_game
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

__all__ = ["another_like", "has_variants"]

_GAMES = 20
"""Random games tried for one variant."""

Cards = tuple[int, ...]
Build = Callable[[Game, Cards, Cards, Player, random.Random], Exercise]


def _round_builders() -> dict[type[Exercise], Build]:
    def scoring(game: Game, red: Cards, blue: Cards, player: Player, rng: random.Random) -> Exercise:
        category = rng.choice(SCORING_CATEGORIES[:5]) if rng.random() < 0.3 else rng.choice(SCORING_CATEGORIES)
        made = scoring_exercise(game, red, blue, category, player)
        if made.outcome is not None and _tied(made, category):
            return scoring_exercise(game, red, blue, category, player, rule="majority-tie")
        return made

    return {
        Cartouche1Exercise: lambda g, r, b, p, _rng: cartouche1_exercise(g, r, b, p),
        FirstPlayerExercise: lambda g, r, b, _p, _rng: first_player_exercise(g, r, b),
        RemovalExercise: lambda g, r, b, p, _rng: removal_exercise(g, r, b, p),
        OpenTemplesExercise: lambda g, r, b, p, _rng: temples_exercise(g, r, b, p),
        KingdomExercise: lambda g, r, b, p, _rng: kingdom_exercise(g, r, b, p),
        PlacedExercise: lambda g, r, b, p, _rng: placed_exercise(g, r, b, p),
        ScoringExercise: scoring,
        ScoringRemovalExercise: lambda g, r, b, p, _rng: scoring_removal_exercise(g, r, b, p),
        KingdomReturnExercise: lambda g, r, b, p, _rng: kingdom_return_exercise(g, r, b, p),
        DrawExercise: lambda g, r, b, p, _rng: draw_exercise(g, r, b, p),
        EndingExercise: lambda g, r, b, _p, _rng: ending_exercise(g, r, b),
        WinnerExercise: lambda g, r, b, _p, _rng: winner_exercise(g, r, b),
    }


_ROUND_BUILDERS = _round_builders()
_BOARD_KINDS = (SquareKindExercise, TempleCountExercise, KingdomSizeExercise, ExchangeExercise)


def _tied(made: Exercise, category: str) -> bool:
    """Whether the scoring line of ``category`` in the exercise's round is a tie (nobody scores it)."""
    from ..events import ScoreLine

    assert made.outcome is not None
    lines = [e for e in made.outcome.events[len(made.game.events) :] if isinstance(e, ScoreLine)]
    return any(line.category == category and line.scorer is None and category != "bonus" for line in lines)


def has_variants(exercise: Exercise) -> bool:
    """Whether :func:`another_like` knows how to deal a new case of this exercise's kind."""
    return type(exercise) in _ROUND_BUILDERS or isinstance(exercise, _BOARD_KINDS)


def _positions(rng: random.Random, limit: bool = False, first: bool = False) -> Iterator[Game]:
    """Round starts (assign phase, nobody assigned) of random games, in the order they are played
    (with ``limit``, games with a short round limit, so that their last round comes; with ``first``,
    the first round only)."""
    for _game in range(_GAMES):
        rules = Rules(round_limit=rng.randint(3, 8)) if limit else None
        game = new_game(seed=rng.randrange(1 << 30), rules=rules)
        start = 1 if first else rng.randint(3, 9)  # past the first rounds, whose boards are nearly empty
        while game.result is None and game.round < 25:
            if game.phase is Phase.ASSIGN and game.round >= start and not any(game.has_assigned(p) for p in PLAYERS):
                yield game.clone()
            player = game.to_act[0]
            game.apply(rng.choice(game.legal_actions(player)))


def _cards(game: Game, player: Player, rng: random.Random) -> Cards:
    hand = list(game.hand(player) or [])
    rng.shuffle(hand)
    return tuple(hand)


def another_like(exercise: Exercise, seed: int = 0) -> Exercise | None:
    """A new exercise of ``exercise``'s kind about the same rule, on another position (``None``: none found).

    The same ``seed`` gives the same variant.
    """
    rng = random.Random(f"{type(exercise).__name__}:{exercise.rule}:{seed}")
    if type(exercise) in _ROUND_BUILDERS:
        return _round_variant(exercise, rng)
    if isinstance(exercise, _BOARD_KINDS):
        return _board_variant(exercise, rng)
    return None


def _round_variant(exercise: Exercise, rng: random.Random) -> Exercise | None:
    build = _ROUND_BUILDERS[type(exercise)]
    for game in _positions(rng, limit=exercise.rule == "round-limit", first=exercise.rule == "first-round"):
        if game == exercise.game:
            continue
        for _try in range(4):
            red, blue = _cards(game, PLAYERS[0], rng), _cards(game, PLAYERS[1], rng)
            try:
                made = build(game, red, blue, rng.choice(PLAYERS), rng)
            except ValueError:  # these cards do not lead to the situation (no scoring, no ending)
                continue
            if made.rule == exercise.rule and _differs(made, exercise) and _alike(made, exercise):
                return made
    return None


def _alike(made: Exercise, original: Exercise) -> bool:
    """Whether ``made`` asks the same kind of case: a number answer is zero exactly when the original's is."""
    if isinstance(original.answer, int) and not isinstance(original.answer, bool):
        return bool(made.answer) == bool(original.answer)
    if isinstance(original, EndingExercise | ExchangeExercise):
        return bool(made.answer == original.answer)
    return getattr(made, "reason", None) == getattr(original, "reason", None)


def _differs(made: Exercise, original: Exercise) -> bool:
    return made.game != original.game or made.prompt() != original.prompt()


def _board_variant(exercise: Exercise, rng: random.Random) -> Exercise | None:
    for game in _positions(rng):
        if game == exercise.game:
            continue
        made: Exercise | None = None
        if isinstance(exercise, SquareKindExercise):
            squares = [
                (t, i)
                for t in range(1, data.TEMPLE_COUNT + 1)
                for i in range(data.SQUARES_PER_TEMPLE)
                if _kind_rule(game.layout_kind((t, i))) == exercise.rule
            ]
            made = square_kind_exercise(game, rng.choice(squares)) if squares else None
        elif isinstance(exercise, TempleCountExercise):
            temple = int(exercise.rule[-1]) if exercise.rule.startswith("temple") else rng.randint(1, 4)
            made = temple_count_exercise(game, rng.choice(PLAYERS), temple)
        elif isinstance(exercise, KingdomSizeExercise):
            made = kingdom_size_exercise(game)
        elif isinstance(exercise, ExchangeExercise):
            player = rng.choice(PLAYERS)
            if not game.exchange_available(player) or rng.random() < 0.5:
                made = exchange_exercise(game, player)
        if made is not None and made.rule == exercise.rule and _differs(made, exercise) and _alike(made, exercise):
            return made
    return None


def _kind_rule(kind: SquareKind) -> str:
    return RULE_OF_KIND[kind]
