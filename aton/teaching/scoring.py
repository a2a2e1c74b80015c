"""Exercises about a scoring: the points of one scoring line, the temples a player takes counters back
from, and the counters the Kingdom of the Dead gives back.

>>> from aton import RED
>>> from aton.teaching.positions import load_position
>>> exercise = scoring_exercise(load_position("scoring"), (3, 2, 1, 3), (4, 2, 1, 2), "temple1", RED)
>>> exercise.kind, exercise.rule
('scoring', 'temple1')
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, ClassVar

from .. import data
from ..actions import Player, Square
from ..events import CounterRemoved, KingdomReturned, ScoreLine, ScoringRemoval
from ..explain import player_name
from ..game import Game, Phase
from ..i18n import gtext, ngtext
from ..rules import SquareKind
from .answers import as_int, as_temples
from .exercise import ChoiceExercise, NumberExercise, TempleSetExercise, number_options
from .feedback import Feedback, Mistake, Text, each, join_or_none, judged, mistake
from .play import Chooser, all_of, first_choice, new_events, play_round, plays, side


class ScoringExercise(NumberExercise):
    """How many points a player scores on one line of a scoring (a temple, the black or the bonus squares)."""

    kind: ClassVar[str] = "scoring"


class ScoringRemovalExercise(TempleSetExercise):
    """From which temples a player first takes a counter back after a scoring."""

    kind: ClassVar[str] = "scoring_removal"


class ScoreLineExercise(ChoiceExercise):
    """What Red and Blue score on one line of a scoring, picked among the results other readings of the rules
    would give: :attr:`~aton.teaching.exercise.Exercise.answer` is ``(Red's points, Blue's points)``.  A
    "Predict first" step-through asks it before each scoring line (:mod:`aton.teaching.predict`)."""

    kind: ClassVar[str] = "score_line"


class KingdomReturnExercise(NumberExercise):
    """How many counters go back to a player's stock when the Kingdom of the Dead empties."""

    kind: ClassVar[str] = "kingdom_return"


SCORING_CATEGORIES = ("temple1", "temple2", "temple3", "temple4", "black", "bonus")
"""The lines of a scoring, in the order the engine scores them."""


def category_name(category: str, lang: str) -> str:
    if category.startswith("temple"):
        return gtext(lang, "scoring category", "in temple {number}", number=int(category[-1]))
    if category == "black":
        return gtext(lang, "scoring category", "for the black squares")
    return gtext(lang, "scoring category", "for the bonus squares")


def scoring_exercise(
    game: Game,
    red: Sequence[int] | None,
    blue: Sequence[int] | None,
    category: str,
    player: Player,
    *,
    choose: Chooser = first_choice,
    rule: str = "",
) -> ScoringExercise:
    """Exercise "how many points does Red score in temple 3 at this scoring?".

    ``rule`` names the rule of the "Rule:" line (by default the scoring line's own).

    The round is played with these assignments (or, from a placement
    position, with ``choose``) and must end in a scoring.
    """
    if category not in SCORING_CATEGORIES:
        raise ValueError(f"unknown scoring category {category!r}; choose one of {SCORING_CATEGORIES}")
    outcome = play_round(game, red, blue, choose=choose)
    events = new_events(game, outcome)
    lines = [line for line in all_of(events, ScoreLine) if line.category == category]
    if not lines:
        raise ValueError("these assignments do not lead to a scoring this round; choose others")
    line = lines[0]
    points = side(player, line.red_points, line.blue_points)

    def question(lang: str) -> str:
        who, where = player_name(player.label, lang), category_name(category, lang)
        ask = gtext(
            lang,
            "lesson question",
            "The Kingdom of the Dead is full at the end of the round. How many points does {player} score {where}?",
            player=who,
            where=where,
        )
        if game.phase is Phase.ASSIGN:
            return f"{plays(game, outcome, lang)} {ask}"
        return ask

    def judge(answer: Any, lang: str) -> Feedback:
        return judged(as_int(answer) == points, str(points), [line], lang)

    mistakes = _scoring_mistakes(outcome, line, category, player, points)
    hint = Text(lambda lang: _scoring_hint(category, lang))
    options = number_options(max(12, points))
    return ScoringExercise(
        game=game,
        question=Text(question),
        answer=points,
        judge=judge,
        options=options,
        outcome=outcome,
        rule=rule or category,
        hint=hint,
        mistakes=tuple(mistakes),
        deciding=_scoring_figures(outcome, line, category, player),
        rule_fixed=_fixed_by_rule(line, category),
    )


def _fixed_by_rule(line: ScoreLine, category: str) -> bool:
    """Whether a rule alone fixes the points of ``line``: a tie scores nothing, temple 2's majority 5, the
    black squares' majority 8."""
    if category == "bonus":
        return False
    return line.red == line.blue or category in ("temple2", "black")


def _scoring_figures(outcome: Game, line: ScoreLine, category: str, player: Player) -> tuple[int, ...]:
    """The figures that decide the points of ``line`` for ``player``: the counts of both players (the
    blue squares held, in temple 4; the +1 and +2 squares held, for the bonus squares)."""
    if category == "bonus":
        values = [value for square, value in _bonus_squares(outcome) if outcome.owner(square) is player]
        return (values.count(1), values.count(2))
    if category == "temple4" and side(player, line.red_points, line.blue_points):
        return (len(_blue_squares(outcome, player)),)
    return (side(player, line.red, line.blue), side(player.other, line.red, line.blue))


def _bonus_squares(game: Game) -> list[tuple[Square, int]]:
    """The bonus squares of ``game``'s board with their printed values."""
    values = {SquareKind.BONUS1: 1, SquareKind.BONUS2: 2}
    return [
        ((temple, index), values[kind])
        for temple in range(1, data.TEMPLE_COUNT + 1)
        for index in range(data.SQUARES_PER_TEMPLE)
        if (kind := game.layout_kind((temple, index))) in values
    ]


def _scoring_hint(category: str, lang: str) -> str:
    if category == "bonus":
        return gtext(lang, "lesson hint", "Add up the printed values of the bonus squares this player holds.")
    return gtext(
        lang,
        "lesson hint",
        "Count both players' counters {where} first: only strictly more counters is a majority.",
        where=category_name(category, lang),
    )


def _scoring_mistakes(outcome: Game, line: ScoreLine, category: str, player: Player, points: int) -> list[Mistake]:
    """The likely wrong answers to "how many points in this scoring line"."""
    other_points = side(player.other, line.red_points, line.blue_points)
    found = mistake(
        "wrong-player",
        [other_points] if category != "bonus" else [],
        lambda lang: gtext(lang, "lesson mistake", "Those are the other player's points: only the majority scores."),
        points,
    )
    if category == "bonus":
        held = sum(1 for flat, _value in _bonus_squares(outcome) if outcome.owner(flat) is player)
        return (
            found
            + mistake(
                "other-bonus",
                [other_points],
                lambda lang: gtext(
                    lang, "lesson mistake", "Those are the other player's bonus points; count this player's."
                ),
                points,
            )
            + mistake(
                "squares-not-values",
                [held],
                lambda lang: gtext(
                    lang, "lesson mistake", "You counted the bonus squares; each scores its printed value, +1 or +2."
                ),
                points,
            )
            + each(
                "meaning",
                range(25),
                lambda n, lang: gtext(
                    lang,
                    "lesson mistake",
                    "{n} would mean {player} holds bonus squares printed with {n} in all; add the +1 and +2 of "
                    "the squares {player} holds.",
                    n=n,
                    player=player_name(player.label, lang),
                ),
                points,
            )
        )
    mine, theirs = side(player, line.red, line.blue), side(player.other, line.red, line.blue)
    if mine == theirs:
        found += mistake(
            "tie",
            range(1, 25),
            lambda lang: gtext(lang, "lesson mistake", "You forgot the tie rule: equal counts score nothing."),
            points,
        )
    if category == "temple1":
        found += mistake(
            "counted-own",
            [mine],
            lambda lang: gtext(
                lang, "lesson mistake", "Temple 1 scores the difference in counters, not your own counters."
            ),
            points,
        )
    if category == "temple3":
        found += mistake(
            "difference",
            [abs(mine - theirs)],
            lambda lang: gtext(lang, "lesson mistake", "Temple 3 scores your own counters there, not the difference."),
            points,
        )
    if category == "temple1" and points:
        found += mistake(
            "doubled",
            [2 * points],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You doubled the difference as cartouche 1 does; temple 1 scores the difference itself.",
            ),
            points,
        )
    if category == "temple2" and mine:
        found += mistake(
            "five-per-counter",
            [data.TEMPLE2_MAJORITY_POINTS * mine],
            lambda lang: gtext(
                lang, "lesson mistake", "Temple 2 gives 5 points once, to its majority: not 5 per counter."
            ),
            points,
        )
    if category == "temple4" and not points:
        found += mistake(
            "blue-without-majority",
            [data.TEMPLE4_POINTS_PER_BLUE_SQUARE * len(_blue_squares(outcome, player))],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "The blue squares score only for the player who holds the majority of temple 4; look at who has "
                "more counters there.",
            ),
            points,
        )
    if category == "temple4":
        blue_held = _blue_squares(outcome, player)
        own_temple = sum(1 for temple, _index in blue_held if temple == data.TEMPLE_COUNT)
        if points:
            found += mistake(
                "only-temple4",
                [data.TEMPLE4_POINTS_PER_BLUE_SQUARE * own_temple],
                lambda lang: gtext(
                    lang,
                    "lesson mistake",
                    "You counted only temple 4's blue square; the blue squares of all four temples count, 3 points "
                    "each.",
                ),
                points,
            )
            found += mistake(
                "not-times-3",
                [len(blue_held)],
                lambda lang: gtext(
                    lang,
                    "lesson mistake",
                    "You counted the blue squares; each is worth 3 points to the majority holder of temple 4.",
                ),
                points,
            )
    if category == "black":
        black_held = side(player, line.red, line.blue)
        found += mistake(
            "counted-squares",
            [black_held] if black_held != points else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You counted the black squares; the majority of them scores 8 points, however many squares it is.",
            ),
            points,
        )
    if category in ("temple1", "temple2", "temple3", "temple4") and points:
        other_temples = {"temple1": abs(mine - theirs), "temple2": 5, "temple3": mine}
        wrong = {v for k, v in other_temples.items() if k != category}
        found += mistake(
            "wrong-temple",
            wrong,
            lambda lang: gtext(
                lang, "lesson mistake", "You scored it as another temple scores: each temple has its own rule."
            ),
            points,
        )
    who, other = player, player.other

    def meaning(n: int, lang: str) -> str:
        name, rival = player_name(who.label, lang), player_name(other.label, lang)
        facts = {"n": n, "player": name, "opponent": rival, "mine": mine, "theirs": theirs}
        if category == "temple1":
            return ngtext(
                lang,
                "lesson mistake",
                "{n} would mean {player} has {n} more counter than {opponent} in temple 1; count both players' "
                "counters there again.",
                "{n} would mean {player} has {n} more counters than {opponent} in temple 1; count both players' "
                "counters there again.",
                n,
                **facts,
            )
        if category == "temple2":
            return gtext(
                lang, "lesson mistake", "Temple 2 gives 5 points to its majority, or nothing: never {n}.", **facts
            )
        if category == "temple3":
            return ngtext(
                lang,
                "lesson mistake",
                "{n} would mean {player} holds the majority of temple 3 with {n} counter; count {player}'s "
                "counters there again.",
                "{n} would mean {player} holds the majority of temple 3 with {n} counters; count {player}'s "
                "counters there again.",
                n,
                **facts,
            )
        if category == "temple4":
            if n % data.TEMPLE4_POINTS_PER_BLUE_SQUARE:
                return gtext(
                    lang,
                    "lesson mistake",
                    "Temple 4 gives 3 points per blue square: {n} is not a multiple of 3.",
                    **facts,
                )
            return ngtext(
                lang,
                "lesson mistake",
                "{n} would mean {player} holds the majority of temple 4 and {count} blue square in all; "
                "count the blue squares {player} holds in the four temples.",
                "{n} would mean {player} holds the majority of temple 4 and {count} blue squares in all; "
                "count the blue squares {player} holds in the four temples.",
                n // data.TEMPLE4_POINTS_PER_BLUE_SQUARE,
                count=n // data.TEMPLE4_POINTS_PER_BLUE_SQUARE,
                **facts,
            )
        return gtext(
            lang,
            "lesson mistake",
            "The black squares give 8 points to their majority, or nothing: never {n}.",
            **facts,
        )

    return [*found, *each("meaning", range(25), meaning, points)]


def _blue_squares(game: Game, player: Player) -> list[Square]:
    """The blue squares of every temple that ``player`` holds."""
    return [
        (temple, index)
        for temple in range(1, data.TEMPLE_COUNT + 1)
        for index in range(data.SQUARES_PER_TEMPLE)
        if game.layout_kind((temple, index)) is SquareKind.BLUE and game.owner((temple, index)) is player
    ]


def scoring_removal_exercise(
    game: Game, red: Sequence[int], blue: Sequence[int], player: Player
) -> ScoringRemovalExercise:
    """Exercise "after this scoring, from which temples does Red take a counter back first?".

    The answer is the engine's: the temples its :class:`~aton.events.ScoringRemoval` event
    names for that player (one counter from each temple where they have one).
    """
    outcome = play_round(game, red, blue, through_scoring=True)
    removal = [e for e in all_of(new_events(game, outcome), ScoringRemoval) if e.player == player.label]
    if not removal:
        raise ValueError("these assignments do not lead to a scoring this round; choose others")
    event = removal[0]
    temples = frozenset(event.temples)

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(
            lang,
            "lesson question",
            "After the scoring, from which temples must {player} first take one counter back?",
            player=who,
        )
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        names = [str(t) for t in sorted(temples)]
        return judged(as_temples(answer) == temples, join_or_none(names, lang), [event], lang)

    everywhere = frozenset(range(1, data.TEMPLE_COUNT + 1))
    mistakes = mistake(
        "every-temple",
        [everywhere],
        lambda lang: gtext(
            lang, "lesson mistake", "Only the temples where this player still has a counter count, not all four."
        ),
        temples,
    ) + mistake(
        "highest-only",
        [frozenset({max(temples)})] if temples else [],
        lambda lang: gtext(
            lang,
            "lesson mistake",
            "The highest-numbered temple comes last: first one counter from each temple where the player has one.",
        ),
        temples,
    )

    def meaning(chosen: frozenset[int], lang: str) -> str:
        who = player_name(player.label, lang)
        extra = sorted(chosen - temples)
        if extra:
            return gtext(
                lang,
                "lesson mistake",
                "{player} has no counter in temple {temple}: nothing is taken back from there.",
                player=who,
                temple=extra[0],
            )
        return gtext(
            lang,
            "lesson mistake",
            "You left out a temple where {player} still has counters: look at each temple on the board.",
            player=who,
        )

    every = [
        frozenset(chosen)
        for size in range(data.TEMPLE_COUNT + 1)
        for chosen in itertools.combinations(range(1, data.TEMPLE_COUNT + 1), size)
    ]
    mistakes += each("temples", every, meaning, temples)
    hint = Text(lambda lang: gtext(lang, "lesson hint", "In which temples does this player have counters now?"))
    return ScoringRemovalExercise(
        game=game,
        question=Text(question),
        answer=temples,
        judge=judge,
        outcome=outcome,
        rule="scoring-removal",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def kingdom_return_exercise(
    game: Game, red: Sequence[int], blue: Sequence[int], player: Player
) -> KingdomReturnExercise:
    """Exercise "when the Kingdom of the Dead empties after the scoring, how many counters go back to Red?"."""
    outcome = play_round(game, red, blue, through_scoring=True)
    events = all_of(new_events(game, outcome), KingdomReturned)
    if not events:
        raise ValueError("these assignments do not lead to a scoring this round; choose others")
    event = events[0]
    count = side(player, event.red, event.blue)
    taken = [e for e in all_of(new_events(game, outcome), CounterRemoved) if e.scoring]
    taken_mine = sum(1 for e in taken if e.owner == player.label)
    mistakes: list[Mistake]

    def question(lang: str) -> str:
        ask = gtext(
            lang,
            "lesson question",
            "After the scoring, the Kingdom of the Dead empties. How many counters go back to {player}'s stock "
            "from it?",
            player=player_name(player.label, lang),
        )
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return judged(as_int(answer) == count, str(count), [event], lang)

    mistakes = [
        *mistake(
            "all-eight",
            [data.KINGDOM_SIZE],
            lambda lang: gtext(
                lang, "lesson mistake", "Each counter goes back to its owner: count only this player's counters."
            ),
            count,
        ),
        *mistake(
            "taken-back",
            [count + taken_mine, taken_mine],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "The counters taken back from the temples went straight to stock; they never were in the Kingdom.",
            ),
            count,
        ),
    ]
    mistakes += each(
        "meaning",
        range(data.KINGDOM_SIZE + 1),
        lambda n, lang: ngtext(
            lang,
            "lesson mistake",
            "{n} would mean {n} of {player}'s counters lay in the Kingdom of the Dead at the scoring; look at "
            "whose counters are there.",
            "{n} would mean {n} of {player}'s counters lay in the Kingdom of the Dead at the scoring; look at "
            "whose counters are there.",
            n,
            n=n,
            player=player_name(player.label, lang),
        ),
        count,
    )
    hint = Text(lambda lang: gtext(lang, "lesson hint", "Count this player's counters in the Kingdom of the Dead."))
    return KingdomReturnExercise(
        game=game,
        question=Text(question),
        answer=count,
        judge=judge,
        options=number_options(data.KINGDOM_SIZE),
        outcome=outcome,
        rule="kingdom-return",
        hint=hint,
        mistakes=tuple(mistakes),
    )
