"""Exercises about the cartouches of a round: who acts first, cartouche 1's points, how many counters
cartouche 2 removes, which temples cartouche 3 opens, how many counters cartouche 4 places, and how many go
to the Kingdom of the Dead.

Each is asked about a position and the cards both players put on cartouches 1
to 4; the round is played on a clone and the answer read from the engine's
events.

>>> from aton.teaching.positions import load_position
>>> exercise = cartouche1_exercise(load_position("first-round"), red=(4, 1, 2, 3), blue=(1, 2, 4, 4))
>>> exercise.answer, exercise.kind, exercise.answer_type
(6, 'cartouche1', 'number')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from .. import data
from ..actions import RED, Player
from ..events import (
    Cartouche1Compared,
    CounterPlaced,
    CounterRemoved,
    Event,
    KingdomFull,
    NoStock,
    OrderDecided,
    PlacementAllowed,
    RemovalAllowed,
    RemovalSkipped,
    Revealed,
    SentToKingdom,
    TurnStarted,
    WarTurn,
)
from ..explain import player_name
from ..game import Game
from ..i18n import gtext, msg, render
from .exercise import (
    ChoiceExercise,
    NumberExercise,
    TempleSetExercise,
    as_int,
    as_player,
    as_temples,
    number_options,
    player_options,
)
from .feedback import Feedback, Text, join_or_none, judged, mistake
from .play import Chooser, all_of, cards_text, first_choice, first_of, new_events, play_round, plays, side, turn_events


class FirstPlayerExercise(ChoiceExercise):
    """Who resolves cartouches 2 to 4 first (rule ``order``)."""

    kind: ClassVar[str] = "first_player"


class Cartouche1Exercise(NumberExercise):
    """How many points a player scores at cartouche 1."""

    kind: ClassVar[str] = "cartouche1"


class RemovalExercise(NumberExercise):
    """How many counters a player removes with cartouche 2."""

    kind: ClassVar[str] = "removal"


class OpenTemplesExercise(TempleSetExercise):
    """In which temples cartouche 3 lets a player remove and place."""

    kind: ClassVar[str] = "temples"


class KingdomExercise(NumberExercise):
    """How many counters go to the Kingdom of the Dead during a turn or a round."""

    kind: ClassVar[str] = "kingdom"


class PlacedExercise(NumberExercise):
    """How many counters a player places with cartouche 4 (fewer when the stock runs short)."""

    kind: ClassVar[str] = "placed"


def first_player_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> FirstPlayerExercise:
    """Exercise "who acts first here?": who resolves cartouches 2-4 first with these assignments.

    When cartouches 1 and 2 are both tied, the question shows the cards the
    war turns up (the engine turns them from the piles of the position).
    """
    outcome = play_round(game, red, blue)
    events = new_events(game, outcome)
    order = first_of(events, OrderDecided)
    war = all_of(events, WarTurn)
    first = Player.parse(order.first)

    def question(lang: str) -> str:
        text = plays(game, outcome, lang)
        if war:
            reds, blues = cards_text([e.red for e in war]), cards_text([e.blue for e in war])
            text += " " + gtext(
                lang,
                "lesson question",
                "The top cards of the piles are, in order: Red {red}; Blue {blue}.",
                red=reds,
                blue=blues,
            )
        return text + " " + gtext(lang, "lesson question", "Who resolves cartouches 2, 3 and 4 first?")

    def judge(answer: Any, lang: str) -> Feedback:
        return judged(as_player(answer) is first, player_name(first.label, lang), [*war, order], lang)

    reveal = first_of(events, Revealed)
    tied2 = reveal.red[1] == reveal.blue[1]
    tied1 = tied2 and reveal.red[0] == reveal.blue[0]
    if tied1:
        hint = msg("lesson hint", "Both cartouches 1 and 2 are tied: compare the cards the war turns up, pair by pair.")
        wrong = msg("lesson mistake", "The war is won by the lower card turned up, not the higher one.")
    elif tied2:
        hint = msg("lesson hint", "Cartouche 2 is tied: look at cartouche 1.")
        wrong = msg(
            "lesson mistake", "With cartouche 2 tied, the lower card on cartouche 1 acts first, not the higher."
        )
    else:
        hint = msg("lesson hint", "Compare the two cards on cartouche 2.")
        wrong = msg("lesson mistake", "The lower card on cartouche 2 acts first, not the higher one.")
    mistakes = mistake("higher-card", [first.other], lambda lang: render(wrong, lang), first)
    return FirstPlayerExercise(
        game=game,
        question=Text(question),
        answer=first,
        judge=judge,
        options=player_options(),
        outcome=outcome,
        rule="order",
        hint=Text(lambda lang: render(hint, lang)),
        mistakes=tuple(mistakes),
    )


def cartouche1_exercise(
    game: Game, red: Sequence[int], blue: Sequence[int], player: Player = RED
) -> Cartouche1Exercise:
    """Exercise "how many points does Red score at cartouche 1?"."""
    outcome = play_round(game, red, blue)
    event = first_of(new_events(game, outcome), Cartouche1Compared)
    points = event.points if event.scorer == player.label else 0

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(lang, "lesson question", "How many points does {player} score at cartouche 1?", player=who)
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return judged(as_int(answer) == points, str(points), [event], lang)

    reveal = first_of(new_events(game, outcome), Revealed)
    mine, theirs = side(player, reveal.red, reveal.blue)[0], side(player.other, reveal.red, reveal.blue)[0]
    difference = abs(mine - theirs)
    doubled = data.CARTOUCHE1_POINTS_PER_DIFFERENCE * difference
    mistakes = [
        *mistake(
            "not-doubled",
            [difference],
            lambda lang: gtext(lang, "lesson mistake", "You forgot to double the difference."),
            points,
        ),
        *mistake(
            "tie",
            range(1, doubled + 7) if mine == theirs else [],
            lambda lang: gtext(lang, "lesson mistake", "You forgot the tie rule: equal cards score nothing."),
            points,
        ),
        *mistake(
            "lower-card",
            [doubled] if mine < theirs else [],
            lambda lang: gtext(lang, "lesson mistake", "Only the higher card scores; the lower card scores nothing."),
            points,
        ),
    ]
    hint = Text(
        lambda lang: gtext(lang, "lesson hint", "Look at both cards on cartouche 1: which is higher, and by how much?")
    )
    highest = data.CARTOUCHE1_POINTS_PER_DIFFERENCE * (max(data.CARD_VALUES) - min(data.CARD_VALUES))
    return Cartouche1Exercise(
        game=game,
        question=Text(question),
        answer=points,
        judge=judge,
        options=number_options(highest),
        outcome=outcome,
        rule="cartouche1",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def removal_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> RemovalExercise:
    """Exercise "how many counters does Red remove with cartouche 2?" (own or opponent's, as the card says)."""
    outcome = play_round(game, red, blue)
    turn = turn_events(new_events(game, outcome), player)
    removed = all_of(turn, CounterRemoved)
    reasons = [e for e in turn if isinstance(e, RemovalAllowed | RemovalSkipped)]
    count = len(removed)

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(lang, "lesson question", "How many counters does {player} remove with cartouche 2?", player=who)
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return judged(as_int(answer) == count, str(count), [*reasons, *removed[:1]], lang)

    reveal = first_of(new_events(game, outcome), Revealed)
    card = side(player, reveal.red, reveal.blue)[1]
    asked = 1 if card == 1 else max(0, card - data.REMOVAL_OFFSET)
    first_round = any(isinstance(e, RemovalSkipped) for e in reasons)
    rule_id = "first-round" if first_round else {1: "removal-own", 2: "removal-two"}.get(card, "removal")
    mistakes = [
        *mistake(
            "first-round",
            [asked] if first_round else [],
            lambda lang: gtext(
                lang, "lesson mistake", "You forgot that nobody removes counters in the game's first round."
            ),
            count,
        ),
        *mistake(
            "no-subtraction",
            [card] if card >= 2 else [],
            lambda lang: gtext(
                lang, "lesson mistake", "You forgot to subtract 2 from the card: a card v removes v - 2."
            ),
            count,
        ),
        *mistake(
            "one-is-nothing",
            [0] if card == 1 else [],
            lambda lang: gtext(
                lang, "lesson mistake", "A 1 is not a card that removes nothing: it removes one of your own counters."
            ),
            count,
        ),
        *mistake(
            "fewer-present",
            [asked] if not first_round else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You counted what the card asks for; only the counters standing in the temples that cartouche 3 "
                "opens can go.",
            ),
            count,
        ),
    ]
    hint = Text(
        lambda lang: gtext(
            lang,
            "lesson hint",
            "Read the card on cartouche 2, then count the counters that stand in the temples its cartouche 3 opens.",
        )
    )
    highest = max(data.CARD_VALUES) - data.REMOVAL_OFFSET
    return RemovalExercise(
        game=game,
        question=Text(question),
        answer=count,
        judge=judge,
        options=number_options(highest),
        outcome=outcome,
        rule=rule_id,
        hint=hint,
        mistakes=tuple(mistakes),
    )


def temples_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> OpenTemplesExercise:
    """Exercise "which temples may Blue use?": where cartouche 3 lets the player remove and place."""
    outcome = play_round(game, red, blue)
    turn = next(e for e in all_of(new_events(game, outcome), TurnStarted) if e.player == player.label)
    temples = frozenset(range(1, turn.temples + 1))

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(
            lang, "lesson question", "In which temples may {player} remove and place counters this round?", player=who
        )
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        names = [str(t) for t in sorted(temples)]
        return judged(as_temples(answer) == temples, join_or_none(names, lang), [turn], lang)

    reveal = first_of(new_events(game, outcome), Revealed)
    other_card = side(player.other, reveal.red, reveal.blue)[2]
    mistakes = [
        *mistake(
            "only-t",
            [frozenset({max(temples)})],
            lambda lang: gtext(lang, "lesson mistake", "A card t opens temples 1 to t, not temple t alone."),
            temples,
        ),
        *mistake(
            "other-player",
            [frozenset(range(1, other_card + 1))],
            lambda lang: gtext(lang, "lesson mistake", "You read the other player's cartouche 3."),
            temples,
        ),
    ]
    hint = Text(lambda lang: gtext(lang, "lesson hint", "Find this player's card on cartouche 3."))
    return OpenTemplesExercise(
        game=game,
        question=Text(question),
        answer=temples,
        judge=judge,
        outcome=outcome,
        rule="temples",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def _kingdom_arrivals(events: Sequence[Event]) -> tuple[int, list[Event]]:
    """How many counters go to the Kingdom of the Dead in ``events``, and the events that say so."""
    count = 0
    reasons: list[Event] = []
    for event in events:
        match event:
            case CounterRemoved(destination="kingdom"):
                count += 1
                reasons.append(event)
            case SentToKingdom():
                count += event.count
                reasons.append(event)
            case KingdomFull():
                reasons.append(event)
    return count, reasons


def kingdom_exercise(
    game: Game, red: Sequence[int], blue: Sequence[int], player: Player | None = None, *, choose: Chooser = first_choice
) -> KingdomExercise:
    """Exercise "how many counters go to the Kingdom of the Dead?" during ``player``'s turn (or the whole round)."""
    outcome = play_round(game, red, blue, choose=choose)
    events = new_events(game, outcome)
    count, reasons = _kingdom_arrivals(events if player is None else turn_events(events, player))

    def question(lang: str) -> str:
        if player is None:
            ask = gtext(lang, "lesson question", "How many counters go to the Kingdom of the Dead during this round?")
        else:
            ask = gtext(
                lang,
                "lesson question",
                "How many counters go to the Kingdom of the Dead while {player} resolves cartouches 2 to 4?",
                player=player_name(player.label, lang),
            )
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return judged(as_int(answer) == count, str(count), reasons, lang)

    kept = sum(e.count for e in all_of(reasons, KingdomFull))
    mistakes = [
        *mistake(
            "kingdom-full",
            [count + kept] if kept else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You forgot that the Kingdom of the Dead holds only 8: once it is full, counters stay in stock.",
            ),
            count,
        ),
        *mistake(
            "placing-optional",
            [0],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "Placing is compulsory: counters that find no empty square go to the Kingdom of the Dead.",
            ),
            count,
        ),
    ]
    hint = Text(
        lambda lang: gtext(
            lang,
            "lesson hint",
            "Count the empty squares of the open temples, the counters the card asks for, and the room left in "
            "the Kingdom of the Dead.",
        )
    )
    options = number_options(data.KINGDOM_SIZE)
    return KingdomExercise(
        game=game,
        question=Text(question),
        answer=count,
        judge=judge,
        options=options,
        outcome=outcome,
        rule="kingdom-full" if kept else "overflow",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def placed_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> PlacedExercise:
    """Exercise "how many counters does Blue place with cartouche 4?" (fewer when the stock runs short)."""
    outcome = play_round(game, red, blue)
    turn = turn_events(new_events(game, outcome), player)
    placed = all_of(turn, CounterPlaced)
    reasons = [e for e in turn if isinstance(e, PlacementAllowed | NoStock | SentToKingdom)]
    count = len(placed)
    reveal = first_of(new_events(game, outcome), Revealed)
    card = side(player, reveal.red, reveal.blue)[3]

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(lang, "lesson question", "How many counters does {player} place with cartouche 4?", player=who)
        return f"{plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return judged(as_int(answer) == count, str(count), reasons, lang)

    mistakes = mistake(
        "stock",
        [card],
        lambda lang: gtext(
            lang, "lesson mistake", "You counted the card, not the stock: nobody can place counters they do not have."
        ),
        count,
    )
    hint = Text(lambda lang: gtext(lang, "lesson hint", "Compare the card on cartouche 4 with the player's stock."))
    options = number_options(max(data.CARD_VALUES))
    rule_id = "no-stock" if any(isinstance(e, NoStock) for e in reasons) else "placement"
    return PlacedExercise(
        game=game,
        question=Text(question),
        answer=count,
        judge=judge,
        options=options,
        outcome=outcome,
        rule=rule_id,
        hint=hint,
        mistakes=tuple(mistakes),
    )
