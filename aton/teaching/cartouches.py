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

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import data
from ..actions import RED, Player
from ..errors import UnreadableAnswer
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
from ..i18n import check_lang, gtext, msg, ngtext, render
from .answers import as_int, as_player, as_temples
from .exercise import ChoiceExercise, NumberExercise, TempleSetExercise, number_options
from .feedback import Feedback, Mistake, Text, each, join_or_none, judged, mistake
from .play import Chooser, all_of, cards_text, first_choice, first_of, new_events, play_round, plays, side, turn_events


@dataclass(frozen=True, eq=False, kw_only=True)
class FirstPlayerExercise(ChoiceExercise):
    """Who resolves cartouches 2 to 4 first (rule ``order``), and why.

    :attr:`~Exercise.answer` is the player; :attr:`reason` is why (``"lower_card"``,
    ``"cartouche1"`` or ``"war"``).  The options pair a player with a reason.
    """

    kind: ClassVar[str] = "first_player"
    reason: str = ""

    def answer_label(self, lang: str = "en") -> str:
        """The player and the reason, in words."""
        check_lang(lang)
        return render(_REASON_LABELS[self.reason], lang, player=player_name(self.answer.label, lang))

    def shown_answer(self) -> Any:
        """The player with the reason, as the options give it."""
        return (self.answer, self.reason)


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


REASONS = ("lower_card", "cartouche1", "war")
"""Why a player acts first: the lower card on cartouche 2, the lower card on cartouche 1 (cartouche 2
tied), or a war (both tied).  The engine's ``war_exhausted`` counts as a war."""

_REASON_LABELS = {
    "lower_card": msg("lesson answer", "{player}: the lower card on cartouche 2"),
    "cartouche1": msg("lesson answer", "{player}: cartouche 2 tied, the lower card on cartouche 1"),
    "war": msg("lesson answer", "{player}: cartouches 1 and 2 tied, a war"),
}


def _order_label(player: Player, reason: str) -> Text:
    return Text(lambda lang: render(_REASON_LABELS[reason], lang, player=player_name(player.label, lang)))


def order_reason(reason: str) -> str:
    """The reason of an :class:`~aton.events.OrderDecided` event as an option gives it (``war_exhausted`` is a war)."""
    return "war" if reason.startswith("war") else reason


def first_player_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> FirstPlayerExercise:
    """Exercise "who acts first here, and why?": who resolves cartouches 2-4 first with these assignments.

    Who acts first has two outcomes only, so the options pair the player with the reason (the lower
    card on cartouche 2, on cartouche 1, or a war); a bare player is still read and judged on the
    player alone.  When cartouches 1 and 2 are both tied, the question shows the cards the war turns
    up (the engine turns them from the piles of the position).
    """
    outcome = play_round(game, red, blue)
    events = new_events(game, outcome)
    order = first_of(events, OrderDecided)
    war = all_of(events, WarTurn)
    first = Player.parse(order.first)
    reason = order_reason(order.reason)

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
        return text + " " + gtext(lang, "lesson question", "Who resolves cartouches 2, 3 and 4 first, and why?")

    def judge(answer: Any, lang: str) -> Feedback:
        player, given = _read_order(answer)
        correct = player is first and given in (None, reason)
        return judged(
            correct, render(_REASON_LABELS[reason], lang, player=player_name(first.label, lang)), [*war, order], lang
        )

    reveal = first_of(events, Revealed)
    hint, mistakes = order_mistakes(reveal.red, reveal.blue, first, reason)
    options = order_options()
    deciding = order_figures(reveal.red, reveal.blue, reason, (war[-1].red, war[-1].blue) if war else ())
    return FirstPlayerExercise(
        game=game,
        question=Text(question),
        answer=first,
        reason=reason,
        judge=judge,
        options=options,
        outcome=outcome,
        rule="order",
        hint=hint,
        mistakes=tuple(mistakes),
        deciding=deciding,
    )


def order_figures(red: Sequence[int], blue: Sequence[int], reason: str, war: Sequence[int] = ()) -> tuple[int, ...]:
    """The cards that decide who acts first: both cards on cartouche 2, on cartouche 1 when cartouche 2 is
    tied, or the last pair a war turns up (``war``, when known).

    >>> order_figures((3, 4, 1, 2), (2, 4, 1, 4), "cartouche1")
    (3, 2)
    """
    if reason == "lower_card":
        return (red[1], blue[1])
    if reason == "cartouche1":
        return (red[0], blue[0])
    return tuple(war)


def order_options() -> tuple[tuple[tuple[Player, str], Text], ...]:
    """Every player with every reason to act first, labelled: the options of "who acts first, and why?"."""
    return tuple(((p, r), _order_label(p, r)) for p in (RED, RED.other) for r in REASONS)


def order_mistakes(red: Sequence[int], blue: Sequence[int], first: Player, reason: str) -> tuple[Text, list[Mistake]]:
    """The hint and the diagnosis of every wrong (player, reason) when ``red`` and ``blue`` are the cards
    revealed and ``first`` acts first because of ``reason``."""
    answer = (first, reason)
    tied2 = red[1] == blue[1]
    tied1 = tied2 and red[0] == blue[0]
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
    not_reason = {
        "lower_card": msg(
            "lesson mistake",
            "Cartouche 2 cannot decide here: both players put the same card on it, so the tie goes to cartouche 1.",
        ),
        "cartouche1": msg(
            "lesson mistake",
            "Cartouche 1 decides only when cartouche 2 is tied; look at cartouche 2 again: its two cards differ.",
        )
        if not tied2
        else msg(
            "lesson mistake",
            "Cartouche 1 is tied too, so it cannot decide: a war follows.",
        ),
        "war": msg(
            "lesson mistake",
            "A war comes only when cartouches 1 and 2 are both tied; here the cards on cartouches 1 and 2 "
            "decide before any war.",
        ),
    }

    def reason_sentence(claimed: str) -> Callable[[str], str]:
        return lambda lang: render(not_reason[claimed], lang)

    def right_player_wrong_reason(claimed: str) -> Callable[[str], str]:
        def make(lang: str) -> str:
            head = gtext(lang, "lesson mistake", "Right player, wrong reason.")
            return f"{head} {reason_sentence(claimed)(lang)}"

        return make

    mistakes = [*mistake("higher-card", [first.other, (first.other, reason)], lambda lang: render(wrong, lang), answer)]
    for claimed in REASONS:
        if claimed == reason:
            continue
        mistakes += mistake(f"reason-{claimed}", [(first, claimed)], right_player_wrong_reason(claimed), answer)
        mistakes += mistake(f"other-{claimed}", [(first.other, claimed)], reason_sentence(claimed), answer)
    return Text(lambda lang: render(hint, lang)), mistakes


def _read_order(answer: Any) -> tuple[Player | None, str | None]:
    """A player and a reason from ``(player, reason)``, or a bare player (the reason not given)."""
    if isinstance(answer, tuple | list) and len(answer) == 2:
        reason = str(answer[1])
        if reason not in REASONS:
            raise UnreadableAnswer("answer_reason", answer=repr(answer[1]), reasons=", ".join(REASONS))
        return as_player(answer[0]), reason
    return as_player(answer), None


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
    mistakes: list[Mistake] = [
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
        *mistake(
            "doubled-card",
            [data.CARTOUCHE1_POINTS_PER_DIFFERENCE * mine] if mine > theirs else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "That is twice the card; cartouche 1 doubles the difference between the two cards, not the card.",
            ),
            points,
        ),
        *mistake(
            "card-itself",
            [mine] if mine > theirs else [],
            lambda lang: gtext(lang, "lesson mistake", "That is the card itself; the points are twice the difference."),
            points,
        ),
    ]
    highest = data.CARTOUCHE1_POINTS_PER_DIFFERENCE * max(data.CARD_VALUES)
    most = data.CARTOUCHE1_POINTS_PER_DIFFERENCE * (max(data.CARD_VALUES) - min(data.CARD_VALUES))
    who = player

    def meaning(n: int, lang: str) -> str:
        if n == 0:
            return gtext(
                lang,
                "lesson mistake",
                "0 would mean {player}'s card on cartouche 1 is not the higher one; compare the two cards again.",
                player=player_name(who.label, lang),
            )
        if n > most:
            return gtext(
                lang, "lesson mistake", "{n} is more than cartouche 1 can ever give, whatever the two cards.", n=n
            )
        if n % data.CARTOUCHE1_POINTS_PER_DIFFERENCE:
            return gtext(
                lang,
                "lesson mistake",
                "{n} cannot be points of cartouche 1: they are always twice a difference, an even number.",
                n=n,
            )
        return gtext(
            lang,
            "lesson mistake",
            "{n} would need another gap between the two cards on cartouche 1: subtract them again, then double "
            "the difference.",
            n=n,
        )

    mistakes += each("meaning", range(highest + 1), meaning, points)
    hint = Text(
        lambda lang: gtext(lang, "lesson hint", "Look at both cards on cartouche 1: which is higher, and by how much?")
    )
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
        deciding=(mine, theirs),
        rule_fixed=mine == theirs,
    )


def removal_asked(card: int) -> int:
    """How many counters a ``card`` on cartouche 2 asks to remove (a 1 removes one of your own).

    >>> [removal_asked(card) for card in (1, 2, 3, 4)]
    [1, 0, 1, 2]
    """
    return 1 if card == 1 else max(0, card - data.REMOVAL_OFFSET)


def removal_meaning(n: int, *, card: int, player: Player, first_round: bool, lang: str) -> str:
    """What answering ``n`` to "how many counters does ``player`` remove with ``card``?" would mean: the
    diagnosis of a wrong count, shared by the removal exercise and the predict-then-see question."""
    if first_round:
        return gtext(lang, "lesson mistake", "You forgot that nobody removes counters in the game's first round.")
    if n == card and card >= 2:
        return gtext(lang, "lesson mistake", "You took the card's value itself: a card v on cartouche 2 removes v - 2.")
    if n > removal_asked(card) and card == 1:
        return gtext(
            lang,
            "lesson mistake",
            "{n} is more than a 1 on cartouche 2 asks for: it removes one of your own counters.",
            n=n,
        )
    if n > removal_asked(card):
        return gtext(
            lang,
            "lesson mistake",
            "{n} is more than the card on cartouche 2 asks for: read it again, a card v removes v - 2.",
            n=n,
        )
    return gtext(
        lang,
        "lesson mistake",
        "{n} would leave counters that must go: removal is compulsory (a decision of this project) as long "
        "as counters stand in the temples {player}'s cartouche 3 opens.",
        n=n,
        player=player_name(player.label, lang),
    )


def removal_hint(lang: str) -> str:
    """The hint of every question on cartouche 2's removals."""
    return gtext(
        lang,
        "lesson hint",
        "Read the card on cartouche 2, then count the counters that stand in the temples its cartouche 3 opens.",
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
    asked = removal_asked(card)
    first_round = any(isinstance(e, RemovalSkipped) for e in reasons)
    rule_id = "first-round" if first_round else {1: "removal-own", 2: "removal-two"}.get(card, "removal")
    mistakes: list[Mistake] = [
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
            [card] if card >= 2 and not first_round else [],
            lambda lang: gtext(
                lang, "lesson mistake", "You took the card's value itself: a card v on cartouche 2 removes v - 2."
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

    def meaning(n: int, lang: str) -> str:
        return removal_meaning(n, card=card, player=player, first_round=first_round, lang=lang)

    mistakes += each("meaning", range(max(data.CARD_VALUES) + 1), meaning, count)
    hint = Text(removal_hint)
    highest = max(data.CARD_VALUES)
    allowed = [e for e in reasons if isinstance(e, RemovalAllowed) and not first_round and card != 2]
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
        deciding=(card, allowed[0].present) if allowed and not removal_fixed(card, first_round) else (),
        rule_fixed=removal_fixed(card, first_round),
    )


def removal_fixed(card: int, first_round: bool) -> bool:
    """Whether a rule alone fixes how many counters a ``card`` on cartouche 2 removes: nothing in the first
    round or with a 2, one of your own with a 1 (when you have one there)."""
    return first_round or card in (1, 2)


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
    mistakes = temple_set_mistakes(turn.temples, other_card, player)
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
        deciding=(turn.temples,),
    )


def temple_set_mistakes(card: int, other_card: int, player: Player) -> list[Mistake]:
    """The diagnosis of every wrong set of temples when ``player``'s card on cartouche 3 is ``card`` and
    the other player's ``other_card`` (0: not known): temple t alone, the other player's card, no temple,
    a set with a gap, a temple the card does not reach, or too few temples."""
    temples = frozenset(range(1, card + 1))
    found = [
        *mistake(
            "only-t",
            [frozenset({card})],
            lambda lang: gtext(lang, "lesson mistake", "A card t opens temples 1 to t, not temple t alone."),
            temples,
        ),
        *mistake(
            "other-player",
            [frozenset(range(1, other_card + 1))] if other_card else [],
            lambda lang: gtext(lang, "lesson mistake", "You read the other player's cartouche 3."),
            temples,
        ),
    ]

    def meaning(chosen: frozenset[int], lang: str) -> str:
        who = player_name(player.label, lang)
        if not chosen:
            return gtext(lang, "lesson mistake", "You ticked no temple: every card on cartouche 3 opens at least one.")
        highest = max(chosen)
        if chosen != frozenset(range(1, highest + 1)):
            return ngtext(
                lang,
                "lesson mistake",
                "A card t opens temples 1 to t together, with no gap: no card opens temple {temples} alone.",
                "A card t opens temples 1 to t together, with no gap: no card opens exactly temples {temples}.",
                len(chosen),
                temples=join_or_none([str(t) for t in sorted(chosen)], lang),
            )
        if highest > card:
            return gtext(
                lang,
                "lesson mistake",
                "Temple {temple} is not open to {player}: {player}'s card on cartouche 3 does not reach it.",
                temple=highest,
                player=who,
            )
        return gtext(
            lang,
            "lesson mistake",
            "{player}'s card on cartouche 3 opens more temples than you ticked: look at it again.",
            player=who,
        )

    every = [
        frozenset(chosen)
        for size in range(data.TEMPLE_COUNT + 1)
        for chosen in itertools.combinations(range(1, data.TEMPLE_COUNT + 1), size)
    ]
    return [*found, *each("temples", every, meaning, temples)]


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
    mistakes: list[Mistake] = [
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
    acting = [player] if player is not None else [RED, RED.other]
    placing = sum(side(p, *_cards4(game, outcome)) for p in acting)
    placed = len(
        [e for e in (events if player is None else turn_events(events, player)) if isinstance(e, CounterPlaced)]
    )
    removed = sum(1 for e in reasons if isinstance(e, CounterRemoved))
    mistakes += mistake(
        "counted-placed",
        [placed] if placed else [],
        lambda lang: gtext(
            lang,
            "lesson mistake",
            "You counted the counters placed on the board; count those that found no empty square, and the "
            "removed ones.",
        ),
        count,
    )
    mistakes += mistake(
        "whole-card",
        [placing + removed] if placed else [],
        lambda lang: gtext(
            lang,
            "lesson mistake",
            "That would mean no counter found an empty square; some did, and only the others go to the Kingdom.",
        ),
        count,
    )

    def meaning(n: int, lang: str) -> str:
        if n > placing + removed:
            return gtext(
                lang,
                "lesson mistake",
                "{n} is more counters than this turn moves: add the counters cartouche 4 places and those "
                "cartouche 2 removes, no more.",
                n=n,
            )
        return ngtext(
            lang,
            "lesson mistake",
            "{n} would mean {n} counter found no room or was removed to the Kingdom; count the empty squares "
            "of the open temples again.",
            "{n} would mean {n} counters found no room or were removed to the Kingdom; count the empty squares "
            "of the open temples again.",
            n,
            n=n,
        )

    mistakes += each("meaning", range(data.KINGDOM_SIZE + 1), meaning, count)
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
        deciding=kingdom_figures(events if player is None else turn_events(events, player), len(game.kingdom)),
    )


def kingdom_figures(events: Sequence[Event], held: int) -> tuple[int, ...]:
    """The figures that decide how many counters go to the Kingdom of the Dead in ``events``: the room left
    there when it fills, else the counters to place and the empty squares open to them."""
    if any(isinstance(e, KingdomFull) for e in events):
        return (data.KINGDOM_SIZE - held,)
    allowed = all_of(events, PlacementAllowed)
    return (min(allowed[0].count, allowed[0].stock), allowed[0].empty) if allowed else ()


def _cards4(game: Game, outcome: Game) -> tuple[int, int]:
    """The cards on cartouche 4 of Red and Blue in the round played."""
    reveal = first_of(new_events(game, outcome), Revealed)
    return reveal.red[3], reveal.blue[3]


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
        [card] if count < card else [],
        lambda lang: gtext(
            lang, "lesson mistake", "You counted the card, not the stock: nobody can place counters they do not have."
        ),
        count,
    )
    stock = game.stock(player)

    def meaning(n: int, lang: str) -> str:
        if n == 0:
            return gtext(
                lang,
                "lesson mistake",
                "Placing is compulsory (as published reviews of the game read it): with counters in stock and "
                "a card on cartouche 4, some are placed.",
            )
        if n > card:
            return gtext(lang, "lesson mistake", "{n} is more than the card on cartouche 4 asks for.", n=n)
        return gtext(
            lang,
            "lesson mistake",
            "{n} would mean that only {n} could be placed; compare the card on cartouche 4 with the counters "
            "{player} has in stock.",
            n=n,
            player=player_name(player.label, lang),
        )

    mistakes += each("meaning", range(max(data.CARD_VALUES) + 1), meaning, count)
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
        deciding=(card, stock),
    )
