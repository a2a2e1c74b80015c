"""Exercises about the end of the game: whether and how the game ends this round, and who wins.

:data:`RULE_OF_REASON` names the rule of the registry behind each way a game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from .. import data
from ..actions import PLAYERS
from ..events import Event, GameOver, RoundEnded
from ..explain import player_name
from ..game import EndReason, Game
from ..i18n import gtext
from .answers import as_player
from .exercise import ChoiceExercise, player_options
from .feedback import Feedback, Mistake, Text, each, judged, mistake, reason_name, word
from .play import all_of, new_events, play_round, plays


class EndingExercise(ChoiceExercise):
    """Whether the game ends this round, and by which victory."""

    kind: ClassVar[str] = "ending"


class WinnerExercise(ChoiceExercise):
    """Who wins when the round ends the game (nobody, in a draw)."""

    kind: ClassVar[str] = "winner"


def _reason_label(reason: EndReason | None) -> Text:
    return Text(lambda lang: reason_name(reason, lang))


RULE_OF_REASON = {
    EndReason.POINTS: "victory-points",
    EndReason.TEMPLE: "victory-temple",
    EndReason.YELLOW: "victory-yellow",
    EndReason.GREEN: "victory-green",
    EndReason.ROUND_LIMIT: "round-limit",
}
"""The rule of the registry (:mod:`aton.teaching.syllabus`) behind each way a game ends."""

_ENDINGS: tuple[EndReason | None, ...] = (None, EndReason.POINTS, EndReason.TEMPLE, EndReason.YELLOW, EndReason.GREEN)


def ending_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> EndingExercise:
    """Exercise "does the game end this round, and how?": a victory condition or "the game goes on"."""
    outcome = play_round(game, red, blue)
    events = new_events(game, outcome)
    result = outcome.result
    reason = None if result is None else result.reason
    shown: list[Event] = [*all_of(events, GameOver)] or [*all_of(events, RoundEnded)]

    def question(lang: str) -> str:
        ask = gtext(lang, "lesson question", "Does the game end this round, and if so, how?")
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        given = None if answer is None or answer == "" else EndReason(answer)
        return judged(given is reason, reason_name(reason, lang), shown, lang)

    mistakes: list[Mistake] = mistake(
        "goes-on",
        [None],
        lambda lang: gtext(
            lang, "lesson mistake", "Check the victories after cartouche 1 and after each player's cartouche 4."
        ),
        reason,
    )
    mistakes += each(
        "other-ending",
        [r for r in _ENDINGS if r is not None],
        lambda r, lang: gtext(
            lang,
            "lesson mistake",
            "The game would end by {reason} only if a player reached it this round; check the scores and the "
            "board after cartouche 1 and after each cartouche 4.",
            reason=reason_name(r, lang),
        ),
        reason,
    )
    hint = Text(lambda lang: gtext(lang, "lesson hint", "Work out the points of cartouche 1 first."))
    options = tuple((r, _reason_label(r)) for r in _ENDINGS)
    return EndingExercise(
        game=game,
        question=Text(question),
        answer=reason,
        judge=judge,
        options=options,
        outcome=outcome,
        rule="victory-points" if reason is None else RULE_OF_REASON.get(reason, "victory-points"),
        hint=hint,
        mistakes=tuple(mistakes),
    )


def winner_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> WinnerExercise:
    """Exercise "who wins?" when these assignments end the game (the answer may be nobody: a draw)."""
    outcome = play_round(game, red, blue)
    if outcome.result is None:
        raise ValueError("these assignments do not end the game this round; choose others")
    winner = outcome.result.winner
    shown = all_of(new_events(game, outcome), GameOver)

    def question(lang: str) -> str:
        ask = gtext(lang, "lesson question", "Who wins?")
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        name = word("nobody", lang) if winner is None else player_name(winner.label, lang)
        return judged(as_player(answer) is winner, name, shown, lang)

    if winner is None:
        mistakes = mistake(
            "draw",
            list(PLAYERS),
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "A player wins only with more points than the other at the end; add up both scores again.",
            ),
            winner,
        )
    else:
        both_past = outcome.result.at_scoring and min(outcome.result.scores) >= data.WINNING_POINTS
        mistakes = mistake(
            "first-past-40",
            [winner.other] if both_past else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "Both players have 40 or more after this scoring: then the game ends and the most points win, "
                "whoever reached 40 first.",
            ),
            winner,
        )
        mistakes += mistake(
            "lower-score",
            [winner.other],
            lambda lang: gtext(lang, "lesson mistake", "The higher score wins; add up the points again."),
            winner,
        )
    scores = outcome.result.scores
    if winner is not None:
        mistakes += mistake(
            "draw",
            [None],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "Nobody would mean equal scores at the end; add up each player's points again, one by one.",
            ),
            winner,
        )
    hint = Text(
        lambda lang: gtext(
            lang,
            "lesson hint",
            "Work out both scores at the end of the round, from the scores on the board now.",
        )
    )
    options = (*player_options(), (None, Text(lambda lang: word("nobody", lang))))
    return WinnerExercise(
        game=game,
        question=Text(question),
        answer=winner,
        judge=judge,
        options=options,
        outcome=outcome,
        rule=RULE_OF_REASON[outcome.result.reason],
        hint=hint,
        mistakes=tuple(mistakes),
        deciding=tuple(scores),
    )
