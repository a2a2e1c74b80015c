"""Exercises about the board as it stands: the kind of a square, the counters in a temple, the room
left in the Kingdom of the Dead, and the number of legal actions.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .. import data
from ..actions import Player, Square, check_square
from ..explain import player_name
from ..game import Game
from ..i18n import gtext, msg, ngtext, render
from ..rules import SquareKind
from .answers import as_int
from .exercise import ChoiceExercise, NumberExercise, number_options
from .feedback import Feedback, Text, each, kind_name, mistake, square_name, verdict


class SquareKindExercise(ChoiceExercise):
    """What kind a square is (yellow, green, black, blue, +1, +2), and what that kind does."""

    kind: ClassVar[str] = "square_kind"

    def read(self, answer: Any) -> Any:
        """A square kind, also from its letter or value (``"K"``, ``"+2"``)."""
        return answer if isinstance(answer, SquareKind) else SquareKind(answer)


class TempleCountExercise(NumberExercise):
    """How many of a player's counters stand in a temple."""

    kind: ClassVar[str] = "temple_count"


class KingdomSizeExercise(NumberExercise):
    """How many more counters fill the Kingdom of the Dead."""

    kind: ClassVar[str] = "kingdom_size"


class LegalCountExercise(NumberExercise):
    """How many actions ``game.legal_actions`` lists for a player."""

    kind: ClassVar[str] = "legal_count"


_KIND_ROLES = {
    SquareKind.YELLOW: msg(
        "square kind role", "Holding all 14 yellow squares of the four temples wins the game at once."
    ),
    SquareKind.GREEN: msg(
        "square kind role", "Holding all 14 green squares of the four temples wins the game at once."
    ),
    SquareKind.BLACK: msg(
        "square kind role", "At a scoring, whoever holds more black squares of all temples together scores 8."
    ),
    SquareKind.BLUE: msg(
        "square kind role", "At a scoring, the majority holder of temple 4 scores 3 for each blue square they hold."
    ),
    SquareKind.BONUS1: msg("square kind role", "At a scoring, the counter on it scores 1 point for its owner."),
    SquareKind.BONUS2: msg("square kind role", "At a scoring, the counter on it scores 2 points for its owner."),
}


def _kind_label(kind: SquareKind) -> Text:
    return Text(lambda lang: kind_name(kind, lang))


def square_kind_exercise(game: Game, square: Square) -> SquareKindExercise:
    """Exercise "what kind of square is 2-8?" (one of yellow, green, black, blue, +1, +2)."""
    square = check_square(square)
    kind = game.layout_kind(square)

    def question(lang: str) -> str:
        where = square_name(square, lang)
        return gtext(lang, "lesson question", "What kind of square is {square}?", square=where)

    def judge(answer: Any, lang: str) -> Feedback:
        given = answer if isinstance(answer, SquareKind) else SquareKind(answer)
        said = verdict(given is kind, kind_name(kind, lang), lang)
        return Feedback(given is kind, f"{said} {render(_KIND_ROLES[kind], lang)}")

    options = tuple((k, _kind_label(k)) for k in SquareKind)
    mistakes = each(
        "other-kind",
        list(SquareKind),
        lambda other, lang: gtext(
            lang,
            "lesson mistake",
            "The letter on this square is not the one of a {other} square; look at it again on the board.",
            other=kind_name(other, lang),
        ),
        kind,
    )
    return SquareKindExercise(
        game=game,
        question=Text(question),
        answer=kind,
        judge=judge,
        options=options,
        rule=RULE_OF_KIND[kind],
        mistakes=tuple(mistakes),
    )


RULE_OF_KIND = {
    SquareKind.YELLOW: "victory-yellow",
    SquareKind.GREEN: "victory-green",
    SquareKind.BLACK: "black",
    SquareKind.BLUE: "temple4",
    SquareKind.BONUS1: "bonus",
    SquareKind.BONUS2: "bonus",
}
"""The rule of the registry that gives each square kind its use."""


def temple_count_exercise(game: Game, player: Player, temple: int) -> TempleCountExercise:
    """Exercise "how many of Red's counters stand in temple 3?"."""
    count = game.counters_in_temple(player, temple)
    other = game.counters_in_temple(player.other, temple)

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        return gtext(
            lang,
            "lesson question",
            "How many of {player}'s counters stand in temple {temple}?",
            player=who,
            temple=temple,
        )

    def judge(answer: Any, lang: str) -> Feedback:
        said = verdict(as_int(answer) == count, count, lang)
        me, them = player_name(player.label, lang), player_name(player.other.label, lang)
        detail = ngtext(
            lang,
            "lesson feedback",
            "Temple {temple} holds {count} counter of {player} and {other} of {opponent}.",
            "Temple {temple} holds {count} counters of {player} and {other} of {opponent}.",
            count,
            temple=temple,
            count=count,
            player=me,
            other=other,
            opponent=them,
        )
        return Feedback(as_int(answer) == count, f"{said} {detail}")

    options = number_options(data.SQUARES_PER_TEMPLE)
    mistakes = mistake(
        "other-player",
        [other],
        lambda lang: gtext(lang, "lesson mistake", "You counted the other player's counters."),
        count,
    ) + mistake(
        "both-players",
        [count + other],
        lambda lang: gtext(lang, "lesson mistake", "You counted both players' counters; count this player's only."),
        count,
    )

    def meaning(n: int, lang: str) -> str:
        empty = data.SQUARES_PER_TEMPLE - n - other
        if empty < 0:
            return gtext(
                lang,
                "lesson mistake",
                "{n} counters would not fit in temple {temple}: its 12 squares hold {opponent}'s counters too.",
                n=n,
                temple=temple,
                opponent=player_name(player.other.label, lang),
            )
        return gtext(
            lang,
            "lesson mistake",
            "{n} is not what the board shows: count {player}'s counters in temple {temple} again, row by row.",
            n=n,
            player=player_name(player.label, lang),
            temple=temple,
        )

    mistakes += each("meaning", range(data.SQUARES_PER_TEMPLE + 1), meaning, count)
    return TempleCountExercise(
        game=game,
        question=Text(question),
        answer=count,
        judge=judge,
        options=options,
        rule=f"temple{temple}",
        mistakes=tuple(mistakes),
        deciding=(other, data.SQUARES_PER_TEMPLE - count - other),
    )


def kingdom_size_exercise(game: Game) -> KingdomSizeExercise:
    """Exercise "how many more counters fill the Kingdom of the Dead?" (a scoring comes when it is full)."""
    free = data.KINGDOM_SIZE - len(game.kingdom)

    def question(lang: str) -> str:
        return gtext(
            lang, "lesson question", "How many more counters must go to the Kingdom of the Dead before it is full?"
        )

    def judge(answer: Any, lang: str) -> Feedback:
        correct = as_int(answer) == free
        said = verdict(correct, free, lang)
        detail = ngtext(
            lang,
            "lesson feedback",
            "The Kingdom of the Dead has {size} places and holds {count} counter; "
            "when it is full at the end of a round, a scoring takes place.",
            "The Kingdom of the Dead has {size} places and holds {count} counters; "
            "when it is full at the end of a round, a scoring takes place.",
            len(game.kingdom),
            size=data.KINGDOM_SIZE,
            count=len(game.kingdom),
        )
        return Feedback(correct, f"{said} {detail}")

    mistakes = mistake(
        "counted-present",
        [len(game.kingdom)],
        lambda lang: gtext(lang, "lesson mistake", "You counted the counters there, not the places left."),
        free,
    )
    mistakes += each(
        "meaning",
        range(data.KINGDOM_SIZE + 1),
        lambda n, lang: ngtext(
            lang,
            "lesson mistake",
            "{n} would mean the Kingdom of the Dead holds {held} counter now; count them on the board.",
            "{n} would mean the Kingdom of the Dead holds {held} counters now; count them on the board.",
            data.KINGDOM_SIZE - n,
            n=n,
            held=data.KINGDOM_SIZE - n,
        ),
        free,
    )
    hint = Text(lambda lang: gtext(lang, "lesson hint", "The Kingdom of the Dead has 8 places."))
    return KingdomSizeExercise(
        game=game,
        question=Text(question),
        answer=free,
        judge=judge,
        options=number_options(data.KINGDOM_SIZE),
        rule="scoring-when",
        hint=hint,
        mistakes=tuple(mistakes),
        deciding=(data.KINGDOM_SIZE, len(game.kingdom)),
    )


def legal_count_exercise(game: Game, player: Player) -> LegalCountExercise:
    """Exercise "how many legal actions does Red have now?" (``len(game.legal_actions(player))``)."""
    actions = game.legal_actions(player)
    count = len(actions)

    call = f"game.legal_actions({player!r})"

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        return gtext(
            lang, "lesson question", "How many actions does {call} list for {player} now?", call=call, player=who
        )

    def judge(answer: Any, lang: str) -> Feedback:
        correct = as_int(answer) == count
        said = verdict(correct, count, lang)
        kinds = sorted({type(a).__name__ for a in actions})
        detail = ngtext(
            lang,
            "lesson feedback",
            "The list holds {count} action of the kinds {kinds}.",
            "The list holds {count} actions of the kinds {kinds}.",
            count,
            count=count,
            kinds=", ".join(kinds),
        )
        return Feedback(correct, f"{said} {detail}")

    return LegalCountExercise(
        game=game, question=Text(question), answer=count, judge=judge, options=number_options(max(30, count))
    )
