"""Exercises "where would you place?" and "which counter would you remove?": every legal square is tried
on a clone, and the engine judges which reach the :class:`Goal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from .. import data
from ..actions import Place, Player, Remove, Square
from ..events import CounterPlaced, CounterRemoved, Event, GameOver, ScoreLine
from ..explain import kind_words, player_name, temples_upto
from ..game import EndReason, Game, Phase
from ..i18n import check_lang, gtext, msg, ngtext, render
from ..rules import SquareKind
from .answers import as_square
from .endings import RULE_OF_REASON
from .exercise import SquareExercise
from .feedback import Feedback, Text, each, join_or_none, judged, square_name
from .play import Chooser, all_of, first_choice, new_events, side
from .scoring import SCORING_CATEGORIES, category_name


class PlacementExercise(SquareExercise):
    """Which squares reach a goal when the player to act places (or removes) one counter there."""

    kind: ClassVar[str] = "placement"


@dataclass(frozen=True)
class Goal:
    """What a placement should achieve, judged by the engine.

    - ``Goal("majority", "temple2")``: strictly more counters than the
      opponent in temple 2 (or ``"black"``: on the black squares) when the
      round is over; judged by the scoring's line when a scoring follows.
    - ``Goal("points")``: as many points as any legal square gives at the
      scoring that follows.
    - ``Goal("win")``: win the game at once.
    """

    aim: Literal["majority", "points", "win"]
    """What to achieve: a majority (in ``category``), the most points at the scoring, or a win."""
    category: str = ""

    def __post_init__(self) -> None:
        if self.aim not in ("majority", "points", "win"):
            raise ValueError(f"unknown goal {self.aim!r}; goals are majority, points and win")
        if self.aim == "majority" and self.category not in SCORING_CATEGORIES[:5]:
            raise ValueError(f"a majority goal names one of {SCORING_CATEGORIES[:5]}, not {self.category!r}")

    def describe(self, lang: str = "en") -> str:
        """The goal in words."""
        check_lang(lang)
        if self.aim == "win":
            return gtext(lang, "placement goal", "win the game at once")
        if self.aim == "points":
            return gtext(lang, "placement goal", "score as many points as possible at the scoring")
        return gtext(lang, "placement goal", "win the majority {where}", where=category_name(self.category, lang))


def _majority_after(outcome: Game, events: Sequence[Event], category: str, player: Player) -> bool:
    for line in all_of(events, ScoreLine):
        if line.category == category:
            return line.scorer == player.label
    if category == "black":
        black = [
            outcome.owner((temple, index))
            for temple in range(1, data.TEMPLE_COUNT + 1)
            for index in range(data.SQUARES_PER_TEMPLE)
            if outcome.layout_kind((temple, index)) is SquareKind.BLACK
        ]
        return black.count(player) > black.count(player.other)
    temple = int(category[-1])
    return outcome.counters_in_temple(player, temple) > outcome.counters_in_temple(player.other, temple)


def _scoring_points(events: Sequence[Event], player: Player) -> int:
    return sum(side(player, line.red_points, line.blue_points) for line in all_of(events, ScoreLine))


def placement_exercise(game: Game, goal: Goal, *, choose: Chooser = first_choice, rule: str = "") -> PlacementExercise:
    """Exercise "where would you place?": the player to act places one counter; which squares reach ``goal``?

    In the remove phase the question is "which counter would you remove?".
    Every legal square is tried on a clone; the round is played on to its
    end (other choices settled by ``choose``) and the goal is judged by the
    engine: its scoring lines, its result, or its counts.  ``rule`` names
    the rule of the "Rule:" line (by default the victory reached, the
    choice of a removal, or placing).
    """
    if game.phase not in (Phase.PLACE, Phase.REMOVE):
        raise ValueError(f"a placement exercise needs a position in the place or remove phase, not {game.phase.value}")
    removing = game.phase is Phase.REMOVE
    player = game.to_act[0]
    trials: dict[Square, tuple[Game, list[Event], bool, int]] = {}
    for square in game.legal_squares(player):
        trial = game.clone(events=True)
        trial.apply(Remove(player, square) if removing else Place(player, square))
        while trial.phase in (Phase.REMOVE, Phase.PLACE):
            trial.apply(choose(trial))
        events = new_events(game, trial)
        if goal.aim == "win":
            reached = trial.result is not None and trial.result.winner is player
        elif goal.aim == "majority":
            reached = _majority_after(trial, events, goal.category, player)
        else:
            reached = False
        trials[square] = (trial, events, reached, _scoring_points(events, player))
    if goal.aim == "points":
        if not any(isinstance(e, ScoreLine) for _, events, _, _ in trials.values() for e in events):
            raise ValueError("a points goal needs a position where a scoring follows this placement")
        best = max(points for _, _, _, points in trials.values())
        trials = {sq: (g, ev, points == best, points) for sq, (g, ev, _, points) in trials.items()}
    good = frozenset(sq for sq, (_, _, reached, _) in trials.items() if reached)
    if not good:
        raise ValueError(f"no legal square reaches the goal {goal.describe()!r} in this position")

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        left = game.placements_left
        if removing:
            return gtext(
                lang,
                "lesson question",
                "{player} must remove a counter of {opponent} in {temples}. Which one would you remove to {goal}?",
                player=who,
                opponent=player_name(player.other.label, lang),
                temples=temples_upto(game.allowed_temples(player), lang),
                goal=goal.describe(lang),
            )
        return ngtext(
            lang,
            "lesson question",
            "{player} has {count} counter left to place in {temples}. Where would you place to {goal}?",
            "{player} has {count} counters left to place in {temples}. Where would you place to {goal}?",
            left,
            player=who,
            count=left,
            temples=temples_upto(game.allowed_temples(player), lang),
            goal=goal.describe(lang),
        )

    def judge(answer: Any, lang: str) -> Feedback:
        square = as_square(answer)
        if square not in trials:
            action = Remove(player, square) if removing else Place(player, square)
            reason = game.why_illegal(action, lang) or ""
            return Feedback(
                False,
                gtext(lang, "lesson feedback", "That square cannot be chosen now: {reason}", reason=reason),
                False,
            )
        trial, events, reached, points = trials[square]
        names = join_or_none([square_name(sq, lang) for sq in sorted(good)], lang)
        shown = _goal_events(events, goal)
        extra = ""
        if goal.aim == "points":
            extra = ngtext(
                lang,
                "lesson feedback",
                "With this square {player} scores {points} point at the scoring; the best squares give {best}.",
                "With this square {player} scores {points} points at the scoring; the best squares give {best}.",
                points,
                player=player_name(player.label, lang),
                points=points,
                best=max(p for *_, p in trials.values()),
            )
        else:
            extra = _short_of_goal(trial, events, best_outcome, goal, player, lang, reached)
        return judged(reached, names, shown, lang, extra)

    best_outcome = trials[min(good)][0]
    missed = frozenset(trials) - good

    def what_it_is(square: Square, lang: str) -> str:
        head = gtext(
            lang,
            "lesson mistake",
            "You took a square that does not {goal}; look at what each square changes.",
            goal=goal.describe(lang),
        )
        return f"{head} {_square_diagnosis(game, square, goal, removing, player, lang)}"

    mistakes = each("completes-nothing", sorted(missed), what_it_is, min(good))
    if not rule:
        if removing:
            rule = "removal-choice"
        elif goal.aim == "win" and best_outcome.result is not None:
            rule = RULE_OF_REASON.get(best_outcome.result.reason, "placement")
        else:
            rule = "placement"
    if goal.aim == "win":
        hint = Text(
            lambda lang: gtext(
                lang,
                "lesson hint",
                "Which set is one counter from complete: a temple, the yellow or the green squares?",
            )
        )
    else:
        hint = Text(lambda lang: gtext(lang, "lesson hint", "Count both players' counters where the goal is judged."))
    return PlacementExercise(
        game=game,
        question=Text(question),
        answer=good,
        judge=judge,
        outcome=best_outcome,
        rule=rule,
        hint=hint,
        mistakes=tuple(mistakes),
    )


def _square_diagnosis(game: Game, square: Square, goal: Goal, removing: bool, player: Player, lang: str) -> str:
    """What a square that misses ``goal`` is: its kind and temple, and why that does not reach the goal
    ("That square is green (G), in temple 1: a counter there completes neither temple 1 nor every yellow
    square")."""
    kind = game.layout_kind(square)
    temple = square[0]
    facts = {"kind": kind_words(kind.code, lang), "temple": temple, "player": player_name(player.label, lang)}
    if goal.aim == "win":
        if kind in _SET_WORDS:
            return gtext(
                lang,
                "lesson mistake",
                "That is {kind}, in temple {temple}: a counter there completes neither temple {temple} nor every "
                "{set} square.",
                set=render(_SET_WORDS[kind], lang),
                **facts,
            )
        return gtext(
            lang,
            "lesson mistake",
            "That is {kind}, in temple {temple}: a counter there does not complete temple {temple}, and that kind "
            "of square wins nothing.",
            **facts,
        )
    if goal.aim == "majority" and goal.category == "black":
        if kind is not SquareKind.BLACK:
            return gtext(
                lang,
                "lesson mistake",
                "That is {kind}, not a black one: it does not change the black squares.",
                **facts,
            )
        return gtext(
            lang,
            "lesson mistake",
            "That square is black, but the round still ends without a majority of black squares for {player}: "
            "look at whose counters stand on the other black squares.",
            **facts,
        )
    if goal.aim == "majority":
        wanted = int(goal.category[-1])
        if temple != wanted:
            return gtext(
                lang,
                "lesson mistake",
                "That square is in temple {temple}, not temple {wanted}: it does not change the majority there.",
                wanted=wanted,
                **facts,
            )
        return gtext(
            lang,
            "lesson mistake",
            "That square is in temple {temple}, but the round still ends without {player} holding more counters "
            "there: look at what each player places after it.",
            **facts,
        )
    return gtext(lang, "lesson mistake", "Other squares give more points at the scoring.")


def _short_of_goal(
    trial: Game, events: Sequence[Event], best: Game, goal: Goal, player: Player, lang: str, reached: bool
) -> str:
    """Where a square leaves the player: the set still incomplete, or the counts of a majority."""
    who = player_name(player.label, lang)
    squares = [(t, i) for t in range(1, data.TEMPLE_COUNT + 1) for i in range(data.SQUARES_PER_TEMPLE)]
    if goal.aim == "win" and not reached:
        reason = best.result.reason if best.result is not None else None
        kinds = {EndReason.YELLOW: SquareKind.YELLOW, EndReason.GREEN: SquareKind.GREEN}
        if reason in kinds:
            kind = kinds[reason]
            of_kind = [sq for sq in squares if trial.layout_kind(sq) is kind]
            held = sum(1 for sq in of_kind if trial.owner(sq) is player)
            return gtext(
                lang,
                "lesson feedback",
                "At the end of the round {player} holds {held} of the {total} {kind} squares: "
                "the set is still incomplete.",
                player=who,
                held=held,
                total=len(of_kind),
                kind=render(_SET_WORDS[kind], lang),
            )
        if reason is EndReason.TEMPLE:
            best_temple = max(range(1, data.TEMPLE_COUNT + 1), key=lambda t: trial.counters_in_temple(player, t))
            return gtext(
                lang,
                "lesson feedback",
                "At the end of the round {player} holds {held} of the 12 squares of temple {temple}: "
                "not yet all of them.",
                player=who,
                held=trial.counters_in_temple(player, best_temple),
                temple=best_temple,
            )
        return ""
    if goal.aim == "majority" and goal.category == "black":
        black = [trial.owner(sq) for sq in squares if trial.layout_kind(sq) is SquareKind.BLACK]
        lines = [line for line in all_of(events, ScoreLine) if line.category == "black"]
        if lines:  # a scoring: count as it did, before anyone takes counters back
            mine, theirs = side(player, lines[0].red, lines[0].blue), side(player.other, lines[0].red, lines[0].blue)
            return gtext(
                lang,
                "lesson feedback",
                "At the scoring {player} holds {mine} black squares and {opponent} {theirs}.",
                player=who,
                opponent=player_name(player.other.label, lang),
                mine=mine,
                theirs=theirs,
            )
        if reached:
            return gtext(
                lang,
                "lesson feedback",
                "After this round {player} holds {mine} black squares and {opponent} {theirs}: the majority.",
                player=who,
                opponent=player_name(player.other.label, lang),
                mine=black.count(player),
                theirs=black.count(player.other),
            )
        return gtext(
            lang,
            "lesson feedback",
            "After this round {player} holds {mine} black squares and {opponent} {theirs}: no majority for {player}.",
            player=who,
            opponent=player_name(player.other.label, lang),
            mine=black.count(player),
            theirs=black.count(player.other),
        )
    return ""


_SET_WORDS = {
    SquareKind.YELLOW: msg("lesson square set", "yellow"),
    SquareKind.GREEN: msg("lesson square set", "green"),
}


def _goal_events(events: Sequence[Event], goal: Goal) -> list[Event]:
    placed = [e for e in events if isinstance(e, CounterPlaced | CounterRemoved)][:1]
    if goal.aim == "win":
        return [*placed, *all_of(events, GameOver)]
    lines = all_of(events, ScoreLine)
    if goal.aim == "majority":
        return [*placed, *(line for line in lines if line.category == goal.category)]
    return [*placed, *lines]
