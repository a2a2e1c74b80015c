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
from ..i18n import gtext, msg, ngtext, render
from .answers import as_int, as_yes_no
from .exercise import ChoiceExercise, NumberExercise, number_options
from .feedback import Feedback, Text, each, judged, mistake, verdict
from .play import cards_text, new_events, play_round, plays


class ExchangeExercise(ChoiceExercise):
    """Whether a player may exchange their cards now, and why; the engine says why not.

    May or may not has two outcomes only, so each option gives a reason too: ``"yes"``,
    ``"used"`` (the exchange counter is gone) or ``"before-drawing"`` (a wrong belief: the
    exchange comes after drawing).  ``True``/``False`` and yes/no words are still read, and
    judged on yes or no alone.
    """

    kind: ClassVar[str] = "exchange"

    def read(self, answer: Any) -> Any:
        """``"yes"``, ``"used"``, ``"before-drawing"``, or a bare yes (``"yes"``) or no (``False``)."""
        if isinstance(answer, str) and answer in _EXCHANGE_ANSWERS:
            return answer
        return "yes" if as_yes_no(answer) else False


_EXCHANGE_ANSWERS = {
    "yes": msg("lesson answer", "Yes: the exchange counter is unused and the cards are not assigned yet"),
    "used": msg("lesson answer", "No: this player's exchange counter is already used"),
    "before-drawing": msg("lesson answer", "No: an exchange must come before drawing, and the cards are drawn"),
}


def _exchange_label(value: str) -> Text:
    return Text(lambda lang: render(_EXCHANGE_ANSWERS[value], lang))


class DrawExercise(NumberExercise):
    """How many cards are left in a draw pile once the next round's cards are drawn."""

    kind: ClassVar[str] = "draw"


def exchange_exercise(game: Game, player: Player) -> ExchangeExercise:
    """Exercise "may Red exchange the cards now, and why?": the engine says whether the exchange is legal."""
    action = Exchange(player)
    allowed = game.why_illegal(action) is None
    if not allowed and game.exchange_available(player):
        raise ValueError("an exchange exercise asks about a player who has not assigned yet, in the assign phase")
    answer = "yes" if allowed else "used"
    outcome: Game | None = None
    shown: list[Event] = []
    if allowed:
        outcome = game.clone(events=True)
        outcome.apply(action)
        shown = [e for e in new_events(game, outcome) if isinstance(e, Exchanged | Reshuffled)]
    exercise: ExchangeExercise | None = None

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        cards = cards_text(sorted(game.hand(player) or []))
        return gtext(
            lang,
            "lesson question",
            "{player} holds {cards} and has not assigned yet. May {player} exchange these cards now, and why?",
            player=who,
            cards=cards,
        )

    def judge(given: Any, lang: str) -> Feedback:
        value = exercise.read(given) if exercise is not None else given
        correct = value == answer or (value is False and not allowed)
        label = render(_EXCHANGE_ANSWERS[answer], lang)
        if allowed:
            return judged(correct, label, shown, lang)
        reason = game.why_illegal(action, lang) or ""
        said = verdict(correct, label, lang)
        return Feedback(correct, f"{said} {reason[:1].upper()}{reason[1:]}.")

    used = lambda lang: gtext(
        lang,
        "lesson mistake",
        "You answered as if this player still had the exchange counter, which serves once per game: look on "
        "the board whether it is still there.",
    )
    unused = lambda lang: gtext(
        lang,
        "lesson mistake",
        "You answered as if this player had already used the exchange counter: look on the board whether it is "
        "still there.",
    )
    too_early = lambda lang: gtext(
        lang,
        "lesson mistake",
        "The exchange comes after drawing and before assigning: a player sees the 4 cards, then may swap them.",
    )
    mistakes = [
        *mistake("used", ["yes"] if not allowed else [], used, answer),
        *mistake("not-used", ["used", False] if allowed else [], unused, answer),
        *mistake("before-drawing", ["before-drawing"], too_early, answer),
    ]
    hint = Text(
        lambda lang: gtext(
            lang, "lesson hint", "Does this player still have the exchange counter, and is it before assigning?"
        )
    )
    options = tuple((value, _exchange_label(value)) for value in _EXCHANGE_ANSWERS)
    exercise = ExchangeExercise(
        game=game,
        question=Text(question),
        answer=answer,
        judge=judge,
        options=options,
        outcome=outcome,
        rule="exchange",
        hint=hint,
        mistakes=tuple(mistakes),
    )
    return exercise


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
    reshuffled = [e for e in shown if isinstance(e, Reshuffled)]
    new_pile = reshuffled[0].cards if reshuffled else 0
    from_old = min(pile, drawn)
    from_new = drawn - from_old

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
        extra = ""
        if reshuffled:
            extra = gtext(
                lang,
                "lesson feedback",
                "{player} first draws the {old} cards left in the old pile, then {new} from the new pile of "
                "{size}: {size} - {new} = {left} cards are left.",
                player=player_name(player.label, lang),
                old=from_old,
                new=from_new,
                size=new_pile,
                left=count,
            )
        return judged(as_int(answer) == count, str(count), shown, lang, extra)

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
            "all-from-new",
            [new_pile - drawn] if reshuffled and from_old else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You drew all 4 cards from the new pile; the cards left in the old pile are drawn first.",
            ),
            count,
        ),
        *mistake(
            "not-drawn",
            [new_pile] if reshuffled else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "That is the new pile before drawing; take away the cards drawn from it.",
            ),
            count,
        ),
        *mistake(
            "kept-round-cards",
            [discard - from_new] if reshuffled else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You left out this round's 4 cards: they reach the discard pile before the reshuffle.",
            ),
            count,
        ),
    ]

    def meaning(n: int, lang: str) -> str:
        if reshuffled and n > new_pile:
            return gtext(
                lang,
                "lesson mistake",
                "{n} is more cards than the new pile holds ({size}, the discard pile with this round's cards).",
                n=n,
                size=new_pile,
            )
        if reshuffled and n >= new_pile - drawn:
            return ngtext(
                lang,
                "lesson mistake",
                "{n} would mean {taken} card drawn from the new pile; {player} draws {new} there, after the {old} "
                "left in the old pile.",
                "{n} would mean {taken} cards drawn from the new pile; {player} draws {new} there, after the {old} "
                "left in the old pile.",
                new_pile - n,
                n=n,
                taken=new_pile - n,
                player=player_name(player.label, lang),
                new=from_new,
                old=from_old,
            )
        return gtext(
            lang,
            "lesson mistake",
            "{n} would mean more than 4 cards drawn, or a smaller discard pile; a player draws only up to 4 cards.",
            n=n,
        )

    mistakes += each("meaning", range(max(40, count) + 1), meaning, count)
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
        deciding=(new_pile, from_new) if reshuffled else (pile,),
    )
