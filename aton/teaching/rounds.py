"""Exercises about the course of a round: whether a player may exchange their cards, and how many cards
are left in the draw pile once the next round's cards are drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from .. import data
from ..actions import Exchange, Player
from ..events import CardsDrawn, Event, Exchanged, Reshuffled, RoundStarted
from ..explain import player_name
from ..game import Game, Phase
from ..i18n import gtext
from .exercise import ChoiceExercise, NumberExercise, as_int, as_yes_no, number_options, yes_no_options
from .feedback import Feedback, Text, judged, mistake, verdict, word
from .play import cards_text, new_events, play_round, plays


class ExchangeExercise(ChoiceExercise):
    """Whether a player may exchange their cards now; the engine says why not."""

    kind: ClassVar[str] = "exchange"


class DrawExercise(NumberExercise):
    """How many cards are left in a draw pile once the next round's cards are drawn."""

    kind: ClassVar[str] = "draw"


def exchange_exercise(game: Game, player: Player) -> ExchangeExercise:
    """Exercise "may Red exchange the cards now?": the engine says whether the exchange is legal, and why not."""
    action = Exchange(player)
    allowed = game.why_illegal(action) is None
    outcome: Game | None = None
    shown: list[Event] = []
    if allowed:
        outcome = game.clone(events=True)
        outcome.apply(action)
        shown = [e for e in new_events(game, outcome) if isinstance(e, Exchanged | Reshuffled)]

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        cards = cards_text(sorted(game.hand(player) or []))
        return gtext(
            lang,
            "lesson question",
            "{player} holds {cards} and has not assigned yet. May {player} exchange these cards now?",
            player=who,
            cards=cards,
        )

    def judge(answer: Any, lang: str) -> Feedback:
        given = as_yes_no(answer)
        label = word("yes" if allowed else "no", lang)
        if allowed:
            return judged(given is allowed, label, shown, lang)
        reason = game.why_illegal(action, lang) or ""
        said = verdict(given is allowed, label, lang)
        return Feedback(given is allowed, f"{said} {reason[:1].upper()}{reason[1:]}.")

    mistakes = mistake(
        "used" if not allowed else "too-late",
        [not allowed],
        (
            lambda lang: gtext(
                lang, "lesson mistake", "The exchange counter is used once per game, and this one is gone."
            )
        )
        if not allowed
        else (
            lambda lang: gtext(
                lang, "lesson mistake", "The exchange comes after drawing and before assigning: that is now."
            )
        ),
        allowed,
    )
    hint = Text(
        lambda lang: gtext(
            lang, "lesson hint", "Does this player still have the exchange counter, and is it before assigning?"
        )
    )
    options = yes_no_options()
    return ExchangeExercise(
        game=game,
        question=Text(question),
        answer=allowed,
        judge=judge,
        options=options,
        outcome=outcome,
        rule="exchange",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def draw_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> DrawExercise:
    """Exercise "how many cards are left in Red's draw pile once the next round's cards are drawn?".

    The round is played; the engine draws the next round's 4 cards,
    reshuffling the discard pile when the pile runs out.
    """
    outcome = play_round(game, red, blue)
    events = new_events(game, outcome)
    if outcome.phase is not Phase.ASSIGN or not any(isinstance(e, RoundStarted) for e in events):
        raise ValueError("these assignments do not lead to a new round; choose others")
    start = max(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
    shown = [e for e in events[start:] if isinstance(e, Reshuffled | CardsDrawn) and e.player == player.label]
    pile, discard = game.deck_size(player), len(game.discard(player))
    count = outcome.deck_size(player)
    drawn = data.HAND_SIZE

    def question(lang: str) -> str:
        ask = gtext(
            lang,
            "lesson question",
            "{player}'s draw pile holds {pile} cards and the discard pile {discard}; this round's 4 cards go to "
            "the discard pile too. How many cards are left in the draw pile once {player} has drawn the next "
            "round's 4 cards?",
            player=player_name(player.label, lang),
            pile=pile,
            discard=discard,
        )
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return judged(as_int(answer) == count, str(count), shown, lang)

    mistakes = [
        *mistake(
            "no-reshuffle",
            [0, max(0, pile - drawn)],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You forgot the reshuffle: when the pile runs out, the discard pile is shuffled into a new pile.",
            ),
            count,
        ),
        *mistake(
            "kept-discards",
            [count + drawn],
            lambda lang: gtext(lang, "lesson mistake", "You forgot to take away the 4 cards drawn from the new pile."),
            count,
        ),
    ]
    hint = Text(
        lambda lang: gtext(
            lang, "lesson hint", "Draw from the pile until it is empty, then from the reshuffled discard pile."
        )
    )
    options = number_options(max(40, count))
    return DrawExercise(
        game=game,
        question=Text(question),
        answer=count,
        judge=judge,
        options=options,
        outcome=outcome,
        rule="draw",
        hint=hint,
        mistakes=tuple(mistakes),
    )
