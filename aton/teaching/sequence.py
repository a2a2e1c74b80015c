"""Exercises about the order things happen in: within a round, at a victory, and after a scoring.

Three mistakes about order that the other exercise kinds cannot catch:

- :func:`removal_pool_exercise`: the player who acts first resolves cartouches 2, 3 **and 4** before the
  other starts, so the counters they place this round can be removed by the other player's cartouche 2
  ("how many of Red's counters can Blue choose from?");
- :func:`second_turn_exercise`: a board victory at the first player's cartouche 4 ends the game at once,
  so the second player never resolves their cartouches ("how many counters does Blue place this round?");
- :func:`take_back_exercise`: after a scoring, the leader (after that scoring's points; Red when tied)
  takes back counters first, whoever acted first in the round.

As everywhere in :mod:`aton.teaching`, the round is played on a clone and the answer read from the
engine's events.

>>> from aton.teaching.positions import load_position
>>> exercise = removal_pool_exercise(load_position("cartouche2-practice"), (2, 3, 1, 4), (2, 4, 1, 4), BLUE)
>>> exercise.answer, exercise.kind, exercise.rule
(6, 'removal_pool', 'order')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from .. import data
from ..actions import BLUE, RED, Player
from ..events import CounterPlaced, Event, GameOver, OrderDecided, PlacementAllowed, RemovalAllowed, ScoringRemoval
from ..explain import player_name
from ..game import Game
from ..i18n import gtext, msg, ngtext, render
from .answers import as_int, as_player
from .endings import RULE_OF_REASON
from .exercise import ChoiceExercise, NumberExercise, number_options
from .feedback import Feedback, Mistake, Text, judged, mistake
from .play import all_of, first_of, new_events, play_round, plays, side, turn_events

__all__ = [
    "RemovalPoolExercise",
    "SecondTurnExercise",
    "TakeBackExercise",
    "removal_pool_exercise",
    "second_turn_exercise",
    "take_back_exercise",
]


class RemovalPoolExercise(NumberExercise):
    """How many of the opponent's counters the second player's cartouche 2 can choose from."""

    kind: ClassVar[str] = "removal_pool"


class SecondTurnExercise(NumberExercise):
    """How many counters the second player places in a round the first player may end at once."""

    kind: ClassVar[str] = "second_turn"


class TakeBackExercise(ChoiceExercise):
    """Who takes back counters first after a scoring."""

    kind: ClassVar[str] = "take_back"


def _name(player: Player | str, lang: str) -> str:
    return player_name(player if isinstance(player, str) else player.label, lang)


def removal_pool_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> RemovalPoolExercise:
    """Exercise "how many of the opponent's counters can ``player`` choose from when removing?", where
    ``player`` acts second and the first player placed counters in the temples ``player`` opens."""
    outcome = play_round(game, red, blue)
    events = new_events(game, outcome)
    order = first_of(events, OrderDecided)
    if order.first == player.label:
        raise ValueError(f"{player.label} acts first with these cards; the question is about the second player")
    allowed = [e for e in turn_events(events, player) if isinstance(e, RemovalAllowed)]
    if not allowed or allowed[0].target == player.label:
        raise ValueError(f"{player.label} removes none of the opponent's counters with these cards")
    pool = allowed[0]
    first = player.other
    placed_before = sum(
        1
        for e in turn_events(events, first)
        if isinstance(e, CounterPlaced) and e.square[0] <= pool.temples and e.player == first.label
    )
    if not placed_before:
        raise ValueError(f"{first.label} places nothing {player.label} could remove; choose other cards")
    on_board = sum(
        1
        for temple in range(1, data.TEMPLE_COUNT + 1)
        for index in range(data.SQUARES_PER_TEMPLE)
        if game.owner((temple, index)) is first
    )

    def question(lang: str) -> str:
        ask = gtext(
            lang,
            "lesson question",
            "How many of {opponent}'s counters can {player} choose from when removing with cartouche 2?",
            player=_name(player, lang),
            opponent=_name(first, lang),
        )
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        why = ngtext(
            lang,
            "lesson feedback",
            "When {player} removes, {opponent} has {present} counter in the temples {player}'s cartouche 3 opens, "
            "{placed} of them placed this round.",
            "When {player} removes, {opponent} has {present} counters in the temples {player}'s cartouche 3 opens, "
            "{placed} of them placed this round.",
            pool.present,
            player=_name(player, lang),
            opponent=_name(first, lang),
            present=pool.present,
            placed=placed_before,
        )
        return judged(as_int(answer) == pool.present, str(pool.present), [order, pool], lang, why)

    mistakes: list[Mistake] = [
        *mistake(
            "before-placement",
            [pool.present - placed_before],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You left out the counters {first} places this round: {first} resolves cartouches 2, 3 and 4 "
                "completely before {player} starts, so they are already on the board.",
                first=_name(first, lang),
                player=_name(player, lang),
            ),
            pool.present,
        ),
        *mistake(
            "board-at-start",
            [on_board],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You counted the board as it is before the round. Play it in order: what does {first} do with "
                "cartouches 2 to 4 before {player} removes, and which temples does {player}'s cartouche 3 open?",
                first=_name(first, lang),
                player=_name(player, lang),
            ),
            pool.present,
        ),
        *mistake(
            "removed-not-pool",
            [pool.count],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "That is how many counters the card asks {player} to remove, not how many {player} can choose from.",
                player=_name(player, lang),
            ),
            pool.present,
        ),
    ]
    hint = Text(
        lambda lang: gtext(
            lang,
            "lesson hint",
            "Who resolves first? Play that player's cartouches 2, 3 and 4 on the board, then count in the temples "
            "{player}'s cartouche 3 opens.",
            player=_name(player, lang),
        )
    )
    return RemovalPoolExercise(
        game=game,
        question=Text(question),
        answer=pool.present,
        judge=judge,
        options=number_options(data.SQUARES_PER_TEMPLE * data.TEMPLE_COUNT),
        outcome=outcome,
        rule="order",
        hint=hint,
        mistakes=tuple(mistakes),
        deciding=(pool.present - placed_before, placed_before),
    )


def second_turn_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> SecondTurnExercise:
    """Exercise "how many counters does the second player place this round?" in a round the first player
    may win at once on the board (then the answer is 0: the second player's turn never comes)."""
    outcome = play_round(game, red, blue)
    events = new_events(game, outcome)
    order = first_of(events, OrderDecided)
    second = BLUE if order.first == RED.label else RED
    placed = sum(1 for e in turn_events(events, second) if isinstance(e, CounterPlaced))
    card4 = side(second, tuple(red), tuple(blue))[3]
    over = all_of(events, GameOver)
    shown: list[Event] = [*over] or [e for e in turn_events(events, second) if isinstance(e, PlacementAllowed)]

    def question(lang: str) -> str:
        ask = gtext(
            lang, "lesson question", "How many counters does {player} place this round?", player=_name(second, lang)
        )
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return judged(as_int(answer) == placed, str(placed), [order, *shown], lang)

    mistakes = mistake(
        "plays-after-win",
        [card4, min(card4, outcome.stock(second) + placed)] if over else [],
        lambda lang: gtext(
            lang,
            "lesson mistake",
            "You let {player} play on. Look at what {first} does first with cartouches 2 to 4: a victory on the "
            "board ends the game at once, in the middle of the round.",
            player=_name(second, lang),
            first=_name(second.other, lang),
        ),
        placed,
    )
    hint = Text(
        lambda lang: gtext(
            lang,
            "lesson hint",
            "Who resolves first? Play that player's cartouches 2, 3 and 4 on the board before {player}'s.",
            player=_name(second, lang),
        )
    )
    result = outcome.result
    return SecondTurnExercise(
        game=game,
        question=Text(question),
        answer=placed,
        judge=judge,
        options=number_options(max(data.CARD_VALUES)),
        outcome=outcome,
        rule=RULE_OF_REASON[result.reason] if result is not None else "order",
        hint=hint,
        mistakes=tuple(mistakes),
    )


TAKE_BACK_REASONS = ("leader", "tie", "acted-first", "leader-before")
"""Reasons a learner may give for who takes back first after a scoring: the leader after it (the rule), the
equal scores after it (then Red, the rule too), acting first in the round, or leading before the scoring."""

_TAKE_BACK_LABELS = {
    "leader": msg("lesson answer", "{player}: leads after the scoring"),
    "tie": msg("lesson answer", "{player}: the scores are equal after the scoring"),
    "acted-first": msg("lesson answer", "{player}: acted first this round"),
    "leader-before": msg("lesson answer", "{player}: led before the scoring"),
}


def _take_back_label(player: Player, reason: str) -> Text:
    return Text(lambda lang: render(_TAKE_BACK_LABELS[reason], lang, player=_name(player, lang)))


def take_back_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> TakeBackExercise:
    """Exercise "after this round's scoring, who takes back counters first, and why?" (the leader after the
    scoring; Red when the scores are equal).  Two players are two outcomes only, so the options pair the
    player with a reason, as "who acts first" does."""
    before = play_round(game, red, blue)
    outcome = play_round(game, red, blue, through_scoring=True)
    events = new_events(game, outcome)
    takes = all_of(events, ScoringRemoval)
    if not takes:
        raise ValueError("no scoring with counters taken back follows these cards; choose others")
    first = RED if takes[0].player == RED.label else BLUE
    acted_first = RED if first_of(events, OrderDecided).first == RED.label else BLUE
    red_before, blue_before = game.score(RED), game.score(BLUE)
    leader_before = RED if red_before > blue_before else BLUE if blue_before > red_before else None
    tied = outcome.score(RED) == outcome.score(BLUE)
    answer = (first, "tie" if tied else "leader")
    options = tuple(
        ((player, reason), _take_back_label(player, reason))
        for player in (RED, BLUE)
        for reason in TAKE_BACK_REASONS
        if not (reason == "tie" and player is not RED)
    )

    def question(lang: str) -> str:
        ask = gtext(lang, "lesson question", "After this round's scoring, who takes back counters first, and why?")
        return f"{plays(game, before, lang)} {ask}"

    def judge(value: Any, lang: str) -> Feedback:
        scores = {"red": outcome.score(RED), "blue": outcome.score(BLUE)}
        if tied:
            why = gtext(
                lang, "lesson feedback", "After the scoring both have {red} points: Red takes back first.", **scores
            )
        else:
            why = gtext(
                lang,
                "lesson feedback",
                "After the scoring Red has {red} points and Blue {blue}: the leader, {leader}, takes back first.",
                leader=_name(first, lang),
                **scores,
            )
        given = value if isinstance(value, tuple) else (as_player(value), None)
        correct = given[0] is first and given[1] in (None, answer[1])
        return judged(
            correct, render(_TAKE_BACK_LABELS[answer[1]], lang, player=_name(first, lang)), [takes[0]], lang, why
        )

    not_deciding = {
        "acted-first": msg(
            "lesson mistake",
            "Acting first in the round does not decide it: after a scoring, the leader takes back first.",
        ),
        "leader-before": msg(
            "lesson mistake",
            "You compared the scores from before the scoring; add this round's points and the scoring's first.",
        ),
    }
    right_player = msg("lesson mistake", "Right player, wrong reason.")
    false_claim = {
        "acted-first": msg(
            "lesson mistake",
            "Look at cartouche 2 again: the player you chose did not act first this round. Besides, acting "
            "first does not decide who takes back first.",
        ),
        "leader-before": msg(
            "lesson mistake",
            "Look at the scores before the round again: the player you chose did not lead. Besides, only the "
            "scores after the scoring count.",
        ),
    }

    def diagnosis(reason: str, player: Player, claimed_by: Player | None) -> Callable[[str], str]:
        def make(lang: str) -> str:
            if claimed_by is not player:
                return render(false_claim[reason], lang)
            if player is first:
                return f"{render(right_player, lang)} {render(not_deciding[reason], lang)}"
            return render(not_deciding[reason], lang)

        return make

    mistakes: list[Mistake] = []
    for reason, who in (("acted-first", acted_first), ("leader-before", leader_before)):
        for player in (RED, BLUE):
            mistakes += mistake(f"{reason}-{player.label}", [(player, reason)], diagnosis(reason, player, who), answer)
    if tied:
        mistakes += mistake(
            "leader-when-tied",
            [(RED, "leader"), (BLUE, "leader")],
            lambda lang: gtext(lang, "lesson mistake", "Work out both scores after the scoring again: nobody leads."),
            answer,
        )
    else:
        mistakes += mistake(
            "not-tied",
            [(RED, "tie")],
            lambda lang: gtext(
                lang, "lesson mistake", "Work out both scores after the scoring again: they are not equal."
            ),
            answer,
        )
        mistakes += mistake(
            "other-leader",
            [(first.other, "leader")],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "The leader does take back first, but add up the scores again: cartouche 1 of this round, then "
                "every scoring line.",
            ),
            answer,
        )
    hint = Text(
        lambda lang: gtext(
            lang,
            "lesson hint",
            "Work out both scores after the scoring: cartouche 1 of this round, then every scoring line.",
        )
    )
    return TakeBackExercise(
        game=game,
        question=Text(question),
        answer=answer,
        judge=judge,
        options=options,
        outcome=outcome,
        rule="scoring-removal",
        hint=hint,
        mistakes=tuple(mistakes),
        deciding=(outcome.score(RED), outcome.score(BLUE)),
    )
