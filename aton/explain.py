"""Events in words, in every language of the message catalogs.

:func:`explain` renders one event as a sentence a learner understands and
:func:`rule_of` names the rule behind it in a few words.  Both read the
event's data only; nothing is ever parsed back from the text.  There is one
function per event kind; its sentences are English messages translated in
the catalogs (:mod:`aton.i18n`); a ``match`` on the event classes picks it, so the type checker
names this module when a new kind of event appears.

>>> from aton.events import Cartouche1Compared
>>> explain(Cartouche1Compared(red=4, blue=1, scorer="red", points=6))
"Cartouche 1 (points): Red's 4 beats Blue's 1, so Red scores 2 x (4 - 1) = 6 points."
>>> explain({"kind": "cartouche1", "red": 2, "blue": 2, "scorer": None, "points": 0}, lang="fr")
'Cartouche 1 (points) : les deux joueurs ont joué 2 ; à égalité, personne ne marque.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, assert_never

from . import data
from .errors import EventError
from .events import (
    Assigned,
    CardsDrawn,
    Cartouche1Compared,
    CounterPlaced,
    CounterRemoved,
    Event,
    Exchanged,
    GameOver,
    KingdomFull,
    KingdomReturned,
    NoStock,
    OrderDecided,
    PlacementAllowed,
    RemovalAllowed,
    RemovalSkipped,
    Reshuffled,
    Revealed,
    RoundEnded,
    RoundStarted,
    ScoreLine,
    ScoringRemoval,
    ScoringStarted,
    SentToKingdom,
    TurnStarted,
    WarCardsMoved,
    WarTurn,
    event_from_dict,
)
from .i18n import check_lang, counted, gtext, join, languages, msg, ngtext, render, table

LANGUAGES = languages()
"""The languages with a catalog when the package was imported (see :func:`aton.i18n.languages`)."""


def player_name(player: str | None, lang: str = "en") -> str:
    """``"red"`` -> ``"Red"`` (``"Rouge"`` in French); anything else -> ``"-"``."""
    if player == "red":
        return gtext(lang, "player", "Red")
    if player == "blue":
        return gtext(lang, "player", "Blue")
    return "-"


def _other(player: str) -> str:
    return "blue" if player == "red" else "red"


def temples_upto(count: int, lang: str) -> str:
    """Temples 1 to ``count`` in words: ``"temple 1 only"``, ``"temples 1 and 2"``, ``"temples 1 to 3"``."""
    if count == 1:
        return gtext(lang, "temples up to", "temple 1 only")
    if count == 2:
        return gtext(lang, "temples up to", "temples 1 and 2")
    return gtext(lang, "temples up to", "temples 1 to {count}", count=count)


def square_words(square: tuple[int, int] | list[int], lang: str) -> str:
    """``(2, 5)`` -> ``"temple 2, row 2, column 2"``."""
    temple, index = square
    row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
    return gtext(
        lang, "square", "temple {temple}, row {row}, column {column}", temple=temple, row=row + 1, column=column + 1
    )


def kind_words(code: str, lang: str) -> str:
    """A square kind with its article: ``"a yellow square"`` (``"une case dorée (jaune)"``)."""
    return render(_KINDS[code], lang)


_KINDS = {
    "Y": msg("square kind with article", "a yellow square"),
    "G": msg("square kind with article", "a green square"),
    "K": msg("square kind with article", "a black square"),
    "B": msg("square kind with article", "a blue square"),
    "+1": msg("square kind with article", "a +1 bonus square"),
    "+2": msg("square kind with article", "a +2 bonus square"),
}


SQUARE_LETTERS = {
    "Y": msg("kind_letter.Y", "Y"),
    "G": msg("kind_letter.G", "G"),
    "K": msg("kind_letter.K", "K"),
    "B": msg("kind_letter.B", "B"),
    "+1": msg("kind_letter.+1", "+1"),
    "+2": msg("kind_letter.+2", "+2"),
}
"""The letter each language shows on a square kind (by the kind's code); no letter names two kinds."""


def square_letter(code: str, lang: str) -> str:
    """The letter of the square kind ``code`` in ``lang``: ``square_letter("K", "fr") == "N"``."""
    return render(SQUARE_LETTERS[code], lang)


def _cards(values: list[int], lang: str) -> str:
    return join([str(v) for v in values], lang)


# ------------------------------------------------------------------ one function per event kind
def _round_start(e: RoundStarted, lang: str) -> str:
    return gtext(
        lang, "event round_start", "Round {round} begins: each player fills their hand to 4 cards.", round=e.round
    )


def _reshuffle(e: Reshuffled, lang: str) -> str:
    return ngtext(
        lang,
        "event reshuffle",
        "{player}'s draw pile ran out: the discard pile is shuffled into a new face-down pile of {count} card.",
        "{player}'s draw pile ran out: the discard pile is shuffled into a new face-down pile of {count} cards.",
        e.cards,
        player=player_name(e.player, lang),
        count=e.cards,
    )


def _draw(e: CardsDrawn, lang: str) -> str:
    who = player_name(e.player, lang)
    if e.count == 0:
        return gtext(lang, "event draw", "{player} already holds 4 cards.", player=who)
    return ngtext(
        lang,
        "event draw",
        "{player} draws {count} card (only {player} sees it).",
        "{player} draws {count} cards (only {player} sees them).",
        e.count,
        player=who,
        count=e.count,
    )


def _exchange(e: Exchanged, lang: str) -> str:
    return gtext(
        lang,
        "event exchange",
        "{player} hands in the exchange counter (allowed once per game): the cards {cards} go face up "
        "to the discard pile and {player} draws 4 new cards.",
        player=player_name(e.player, lang),
        cards=_cards(e.discarded, lang),
    )


def _assign(e: Assigned, lang: str) -> str:
    return gtext(
        lang,
        "event assign",
        "{player} puts one card face down on each of the four cartouches.",
        player=player_name(e.player, lang),
    )


def _reveal(e: Revealed, lang: str) -> str:
    return gtext(
        lang,
        "event reveal",
        "The cards are turned face up. Red: {red}; Blue: {blue} (cartouches 1 to 4).",
        red=", ".join(map(str, e.red)),
        blue=", ".join(map(str, e.blue)),
    )


def _cartouche1(e: Cartouche1Compared, lang: str) -> str:
    if e.scorer is None:
        return gtext(
            lang,
            "event cartouche1",
            "Cartouche 1 (points): both players played {card}; equal cards score nothing.",
            card=e.red,
        )
    scorer, other = e.scorer, _other(e.scorer)
    return ngtext(
        lang,
        "event cartouche1",
        "Cartouche 1 (points): {scorer}'s {high} beats {other}'s {low}, so {scorer} scores 2 x ({high} - {low}) "
        "= {points} point.",
        "Cartouche 1 (points): {scorer}'s {high} beats {other}'s {low}, so {scorer} scores 2 x ({high} - {low}) "
        "= {points} points.",
        e.points,
        scorer=player_name(scorer, lang),
        other=player_name(other, lang),
        high=e.red if scorer == "red" else e.blue,
        low=e.blue if scorer == "red" else e.red,
        points=e.points,
    )


def _order(e: OrderDecided, lang: str) -> str:
    first = e.first
    fields: dict[str, object] = {"first": player_name(first, lang)}
    if e.reason == "lower_card":
        return gtext(
            lang,
            "event order",
            "Cartouche 2 (order): {first} played the lower card ({low} against {high}), "
            "so {first} resolves cartouches 2, 3 and 4 first.",
            low=e.red if first == "red" else e.blue,
            high=e.blue if first == "red" else e.red,
            **fields,
        )
    if e.reason == "cartouche1":
        return gtext(
            lang,
            "event order",
            "Cartouche 2 (order): both played {card}; the tie is broken by cartouche 1, "
            "where {first} played the lower card, so {first} resolves cartouches 2, 3 and 4 first.",
            card=e.red,
            **fields,
        )
    if e.reason == "war":
        return gtext(
            lang,
            "event order",
            "Cartouche 2 (order): cartouches 1 and 2 are both tied, so the players turned up cards "
            "from their piles (a war) until {first} showed the lower card: {first} resolves cartouches 2, 3 and 4 "
            "first.",
            **fields,
        )
    return gtext(
        lang,
        "event order",
        "Cartouche 2 (order): every pair of cards in the war was tied until the piles ran out, "
        "so Red resolves cartouches 2, 3 and 4 first (Red goes first in any tie that cannot be broken).",
    )


def _war_turn(e: WarTurn, lang: str) -> str:
    if e.red == e.blue:
        return gtext(
            lang,
            "event war_turn",
            "War: Red turns up a {red}, Blue turns up a {blue}. Equal again: they turn another pair.",
            red=e.red,
            blue=e.blue,
        )
    return gtext(lang, "event war_turn", "War: Red turns up a {red}, Blue turns up a {blue}.", red=e.red, blue=e.blue)


def _war_cards(e: WarCardsMoved, lang: str) -> str:
    if e.destination == "bottom":
        return gtext(
            lang,
            "event war_cards",
            "The cards turned in the war go to the bottom of their owners' piles, in the order turned.",
        )
    return gtext(
        lang, "event war_cards", "The cards turned in the war go to their owners' discard piles (rule variant)."
    )


def _turn_start(e: TurnStarted, lang: str) -> str:
    fields = {
        "player": player_name(e.player, lang),
        "card": e.temples,
        "temples": temples_upto(e.temples, lang),
    }
    if e.position == "first":
        return gtext(
            lang,
            "event turn_start",
            "{player} acts first: cartouche 3 holds a {card}, so {player} may remove and place in {temples}.",
            **fields,
        )
    return gtext(
        lang,
        "event turn_start",
        "{player} acts second: cartouche 3 holds a {card}, so {player} may remove and place in {temples}.",
        **fields,
    )


def _removal_skipped(e: RemovalSkipped, lang: str) -> str:
    return gtext(
        lang,
        "event removal_skipped",
        "Cartouche 2 (removal): {player} played a {card}, but in the very first round of the game "
        "no counters are removed.",
        player=player_name(e.player, lang),
        card=e.card,
    )


def _removal_allowed(e: RemovalAllowed, lang: str) -> str:
    card, count, present = e.card, e.count, e.present
    who = player_name(e.player, lang)
    if count == 0:
        return gtext(
            lang,
            "event removal_allowed",
            "Cartouche 2 (removal): {player} played a 2, so nothing is removed (2 - 2 = 0).",
            player=who,
        )
    where = temples_upto(e.temples, lang)
    if e.target == e.player:
        if present == 0:
            return gtext(
                lang,
                "event removal_allowed",
                "Cartouche 2 (removal): {player} played a 1, so {player} must remove one of their own counters "
                "from {temples}: there is none, so nothing happens.",
                player=who,
                temples=where,
            )
        return gtext(
            lang,
            "event removal_allowed",
            "Cartouche 2 (removal): {player} played a 1, so {player} must remove one of their own counters "
            "from {temples}.",
            player=who,
            temples=where,
        )
    fields: dict[str, object] = {
        "player": who,
        "card": card,
        "count": count,
        "target": player_name(e.target, lang),
        "temples": where,
        "present": present,
    }
    if present == 0:
        return ngtext(
            lang,
            "event removal_allowed",
            "Cartouche 2 (removal): {player} played a {card}, so {player} removes {card} - 2 = {count} counter of "
            "{target} from {temples}: {target} has none there, so nothing happens.",
            "Cartouche 2 (removal): {player} played a {card}, so {player} removes {card} - 2 = {count} counters of "
            "{target} from {temples}: {target} has none there, so nothing happens.",
            count,
            **fields,
        )
    if present < count:
        return ngtext(
            lang,
            "event removal_allowed",
            "Cartouche 2 (removal): {player} played a {card}, so {player} removes {card} - 2 = {count} counters of "
            "{target} from {temples}: only {present} is there, so it goes.",
            "Cartouche 2 (removal): {player} played a {card}, so {player} removes {card} - 2 = {count} counters of "
            "{target} from {temples}: only {present} are there, so those go.",
            present,
            **fields,
        )
    return ngtext(
        lang,
        "event removal_allowed",
        "Cartouche 2 (removal): {player} played a {card}, so {player} removes {card} - 2 = {count} counter of "
        "{target} from {temples}.",
        "Cartouche 2 (removal): {player} played a {card}, so {player} removes {card} - 2 = {count} counters of "
        "{target} from {temples}.",
        count,
        **fields,
    )


def _remove(e: CounterRemoved, lang: str) -> str:
    fields: dict[str, object] = {
        "player": player_name(e.player, lang),
        "owner": player_name(e.owner, lang),
        "square": square_words(e.square, lang),
    }
    automatic = e.automatic
    if e.scoring:
        if automatic:
            return gtext(
                lang,
                "event remove",
                "After the scoring, {player} takes back their counter from {square} to their stock "
                "(no choice here, so it happens automatically).",
                **fields,
            )
        return gtext(
            lang,
            "event remove",
            "After the scoring, {player} takes back their counter from {square} to their stock.",
            **fields,
        )
    own = e.owner == e.player
    if e.destination == "kingdom":
        if own:
            message = (
                gtext(
                    lang,
                    "event remove",
                    "{player} removes their own counter from {square}; it goes to the Kingdom of the Dead "
                    "(no choice here, so it happens automatically).",
                    **fields,
                )
                if automatic
                else gtext(
                    lang,
                    "event remove",
                    "{player} removes their own counter from {square}; it goes to the Kingdom of the Dead.",
                    **fields,
                )
            )
            return message
        if automatic:
            return gtext(
                lang,
                "event remove",
                "{player} removes {owner}'s counter from {square}; it goes to the Kingdom of the Dead "
                "(no choice here, so it happens automatically).",
                **fields,
            )
        return gtext(
            lang,
            "event remove",
            "{player} removes {owner}'s counter from {square}; it goes to the Kingdom of the Dead.",
            **fields,
        )
    if own:
        if automatic:
            return gtext(
                lang,
                "event remove",
                "{player} removes their own counter from {square}; the Kingdom of the Dead is full, so it goes back "
                "to {owner}'s stock (no choice here, so it happens automatically).",
                **fields,
            )
        return gtext(
            lang,
            "event remove",
            "{player} removes their own counter from {square}; the Kingdom of the Dead is full, so it goes back "
            "to {owner}'s stock.",
            **fields,
        )
    if automatic:
        return gtext(
            lang,
            "event remove",
            "{player} removes {owner}'s counter from {square}; the Kingdom of the Dead is full, so it goes back "
            "to {owner}'s stock (no choice here, so it happens automatically).",
            **fields,
        )
    return gtext(
        lang,
        "event remove",
        "{player} removes {owner}'s counter from {square}; the Kingdom of the Dead is full, so it goes back "
        "to {owner}'s stock.",
        **fields,
    )


def _placement_allowed(e: PlacementAllowed, lang: str) -> str:
    return ngtext(
        lang,
        "event placement_allowed",
        "Cartouche 4 (placement): {player} played a {count}, so {player} must place {count} counter from stock "
        "on an empty square of the allowed temples ({empty} empty, {stock} in stock).",
        "Cartouche 4 (placement): {player} played a {count}, so {player} must place {count} counters from stock "
        "on empty squares of the allowed temples ({empty} empty, {stock} in stock).",
        e.count,
        player=player_name(e.player, lang),
        count=e.count,
        empty=e.empty,
        stock=e.stock,
    )


def _place(e: CounterPlaced, lang: str) -> str:
    fields = {
        "player": player_name(e.player, lang),
        "kind": kind_words(e.square_kind, lang),
        "square": square_words(e.square, lang),
    }
    if e.automatic:
        return gtext(
            lang,
            "event place",
            "{player} places a counter on {kind} in {square} (no choice left, so it happens automatically).",
            **fields,
        )
    return gtext(lang, "event place", "{player} places a counter on {kind} in {square}.", **fields)


def _to_kingdom(e: SentToKingdom, lang: str) -> str:
    return ngtext(
        lang,
        "event to_kingdom",
        "Placing is mandatory: {player}'s counters that find no empty square in the allowed temples go from "
        "stock to the Kingdom of the Dead, as long as it has room; {count} goes there.",
        "Placing is mandatory: {player}'s counters that find no empty square in the allowed temples go from "
        "stock to the Kingdom of the Dead, as long as it has room; {count} go there.",
        e.count,
        count=e.count,
        player=player_name(e.player, lang),
    )


def _kingdom_full(e: KingdomFull, lang: str) -> str:
    return ngtext(
        lang,
        "event kingdom_full",
        "The Kingdom of the Dead is full, so {count} counter that found no empty square stays in {player}'s stock.",
        "The Kingdom of the Dead is full, so {count} counters that found no empty square stay in {player}'s stock.",
        e.count,
        count=e.count,
        player=player_name(e.player, lang),
    )


def _no_stock(e: NoStock, lang: str) -> str:
    return ngtext(
        lang,
        "event no_stock",
        "{player} has {count} counter fewer in stock than cartouche 4 asks for, so {player} places what they have.",
        "{player} has {count} counters fewer in stock than cartouche 4 asks for, so {player} places what they have.",
        e.missing,
        count=e.missing,
        player=player_name(e.player, lang),
    )


def _round_end(e: RoundEnded, lang: str) -> str:
    if e.kingdom >= data.KINGDOM_SIZE:
        return gtext(
            lang,
            "event round_end",
            "Round {round} ends: the 8 cards go face up to the discard piles. The Kingdom of the Dead holds "
            "{count} of {size} counters: it is full, so a scoring takes place.",
            round=e.round,
            count=e.kingdom,
            size=data.KINGDOM_SIZE,
        )
    return ngtext(
        lang,
        "event round_end",
        "Round {round} ends: the 8 cards go face up to the discard piles. The Kingdom of the Dead holds "
        "{count} counter out of {size}.",
        "Round {round} ends: the 8 cards go face up to the discard piles. The Kingdom of the Dead holds "
        "{count} counters out of {size}.",
        e.kingdom,
        round=e.round,
        count=e.kingdom,
        size=data.KINGDOM_SIZE,
    )


def _scoring_start(e: ScoringStarted, lang: str) -> str:
    return gtext(
        lang,
        "event scoring_start",
        "Scoring: the Kingdom of the Dead is full. Each temple, the black squares and the bonus squares "
        "are scored; a majority means strictly more counters, and a tie scores nothing.",
    )


def _score_line(e: ScoreLine, lang: str) -> str:
    category = e.category
    if category == "bonus":
        return gtext(
            lang,
            "event score_line",
            "Bonus squares: Red scores {red} and Blue scores {blue} "
            "(the printed value of every bonus square each occupies).",
            red=e.red_points,
            blue=e.blue_points,
        )
    counts: dict[str, object] = {"red": e.red, "blue": e.blue}
    if category == "black":
        name = gtext(
            lang, "event score_line", "Black squares of all temples (counters: Red {red}, Blue {blue})", **counts
        )
    else:
        name = gtext(
            lang,
            "event score_line",
            "Temple {number} (counters: Red {red}, Blue {blue})",
            number=int(category[-1]),
            **counts,
        )
    if e.scorer is None:
        return gtext(lang, "event score_line", "{counts}: no majority, nobody scores.", counts=name)
    points = e.red_points if e.scorer == "red" else e.blue_points
    fields: dict[str, object] = {"counts": name, "player": player_name(e.scorer, lang), "points": points}
    if category == "temple1":
        return ngtext(
            lang,
            "event score_line",
            "{counts}: {player} has the majority and scores the difference, {points} point.",
            "{counts}: {player} has the majority and scores the difference, {points} points.",
            points,
            **fields,
        )
    if category == "temple3":
        return ngtext(
            lang,
            "event score_line",
            "{counts}: {player} has the majority and scores one point per own counter there, {points} point.",
            "{counts}: {player} has the majority and scores one point per own counter there, {points} points.",
            points,
            **fields,
        )
    if category == "temple4":
        return ngtext(
            lang,
            "event score_line",
            "{counts}: {player} has the majority and scores 3 per blue square they occupy in all four temples: "
            "{squares} x 3 = {points} point.",
            "{counts}: {player} has the majority and scores 3 per blue square they occupy in all four temples: "
            "{squares} x 3 = {points} points.",
            points,
            squares=e.detail.get("blue_squares", 0),
            **fields,
        )
    return ngtext(
        lang,
        "event score_line",
        "{counts}: {player} has the majority and scores {points} point.",
        "{counts}: {player} has the majority and scores {points} points.",
        points,
        **fields,
    )


def _scoring_removal(e: ScoringRemoval, lang: str) -> str:
    who = player_name(e.player, lang)
    count = e.count
    order = gtext(
        lang,
        "event scoring_removal",
        "The leader after the scoring takes back first (Red if the scores are equal), all {limit} counters "
        "before the other player starts.",
        limit=data.POST_SCORING_REMOVALS,
    )
    if count == 0:
        said = gtext(
            lang,
            "event scoring_removal",
            "After the scoring, {player} has no counter in the temples, so there is nothing to take back.",
            player=who,
        )
    elif count < data.POST_SCORING_REMOVALS:
        said = ngtext(
            lang,
            "event scoring_removal",
            "After the scoring, {player} has only {count} counter in the temples (fewer than {limit}), "
            "so it goes back to stock.",
            "After the scoring, {player} has only {count} counters in the temples (fewer than {limit}), "
            "so all of them go back to stock.",
            count,
            player=who,
            count=count,
            limit=data.POST_SCORING_REMOVALS,
        )
    elif len(e.temples) >= count:  # one from each temple is all of them: no "rest" to take
        said = ngtext(
            lang,
            "event scoring_removal",
            "{player} takes {count} counter of their own back to stock: one from each temple where they have "
            "one (temples {temples}).",
            "{player} takes {count} counters of their own back to stock: one from each temple where they have "
            "one (temples {temples}).",
            count,
            player=who,
            count=count,
            temples=join([str(t) for t in e.temples], lang),
        )
    else:
        said = ngtext(
            lang,
            "event scoring_removal",
            "{player} takes {count} counter of their own back to stock: first one from each temple where they "
            "have one (temples {temples}), then the rest from the highest-numbered temple in which they still "
            "have counters.",
            "{player} takes {count} counters of their own back to stock: first one from each temple where they "
            "have one (temples {temples}), then the rest from the highest-numbered temple in which they still "
            "have counters.",
            count,
            player=who,
            count=count,
            temples=join([str(t) for t in e.temples], lang),
        )
    return f"{order} {said}"


def _kingdom_return(e: KingdomReturned, lang: str) -> str:
    return gtext(
        lang,
        "event kingdom_return",
        "The Kingdom of the Dead empties: {red} to Red's stock and {blue} to Blue's stock.",
        red=counted("counter", e.red, lang),
        blue=counted("counter", e.blue, lang),
    )


def _game_over(e: GameOver, lang: str) -> str:
    winner, reason = e.winner, e.reason
    fields: dict[str, object] = {"winner": player_name(winner, lang), "red": e.red, "blue": e.blue}
    if reason == "points":
        if winner is None:
            return gtext(
                lang,
                "event game_over",
                "After the scoring both players have 40 or more points and the same score (Red {red}, Blue {blue}): "
                "a draw.",
                **fields,
            )
        if e.at_scoring and min(e.red, e.blue) >= data.WINNING_POINTS:
            return gtext(
                lang,
                "event game_over",
                "After the scoring both players have 40 or more points: the most points wins, so {winner} wins "
                "(Red {red}, Blue {blue}).",
                **fields,
            )
        if e.at_scoring:
            return gtext(
                lang,
                "event game_over",
                "After the scoring {winner} has 40 or more points and wins (Red {red}, Blue {blue}).",
                **fields,
            )
        return gtext(
            lang, "event game_over", "{winner} reaches 40 points and wins at once (Red {red}, Blue {blue}).", **fields
        )
    if reason == "temple":
        return gtext(
            lang,
            "event game_over",
            "{winner} occupies all 12 squares of a temple and wins at once (Red {red}, Blue {blue}).",
            **fields,
        )
    if reason == "yellow":
        return gtext(
            lang,
            "event game_over",
            "{winner} occupies every yellow square of the four temples and wins at once (Red {red}, Blue {blue}).",
            **fields,
        )
    if reason == "green":
        return gtext(
            lang,
            "event game_over",
            "{winner} occupies every green square of the four temples and wins at once (Red {red}, Blue {blue}).",
            **fields,
        )
    if winner is None:
        return gtext(
            lang,
            "event game_over",
            "The round limit is reached with equal scores (Red {red}, Blue {blue}): a draw.",
            **fields,
        )
    return gtext(
        lang,
        "event game_over",
        "The round limit is reached: {winner} has more points and wins (Red {red}, Blue {blue}).",
        **fields,
    )


def _sentence(event: Event, lang: str) -> str:
    """The sentence of ``event``: one function per kind."""
    match event:
        case RoundStarted():
            return _round_start(event, lang)
        case Reshuffled():
            return _reshuffle(event, lang)
        case CardsDrawn():
            return _draw(event, lang)
        case Exchanged():
            return _exchange(event, lang)
        case Assigned():
            return _assign(event, lang)
        case Revealed():
            return _reveal(event, lang)
        case Cartouche1Compared():
            return _cartouche1(event, lang)
        case OrderDecided():
            return _order(event, lang)
        case WarTurn():
            return _war_turn(event, lang)
        case WarCardsMoved():
            return _war_cards(event, lang)
        case TurnStarted():
            return _turn_start(event, lang)
        case RemovalSkipped():
            return _removal_skipped(event, lang)
        case RemovalAllowed():
            return _removal_allowed(event, lang)
        case CounterRemoved():
            return _remove(event, lang)
        case PlacementAllowed():
            return _placement_allowed(event, lang)
        case CounterPlaced():
            return _place(event, lang)
        case SentToKingdom():
            return _to_kingdom(event, lang)
        case KingdomFull():
            return _kingdom_full(event, lang)
        case NoStock():
            return _no_stock(event, lang)
        case RoundEnded():
            return _round_end(event, lang)
        case ScoringStarted():
            return _scoring_start(event, lang)
        case ScoreLine():
            return _score_line(event, lang)
        case ScoringRemoval():
            return _scoring_removal(event, lang)
        case KingdomReturned():
            return _kingdom_return(event, lang)
        case GameOver():
            return _game_over(event, lang)
        case _:
            assert_never(event)


RULES = table(
    msg("rule round_start", "Each round: draw to 4 cards, assign them, reveal, resolve."),
    msg("rule reshuffle", "An empty pile is refilled by shuffling the discard pile."),
    msg("rule draw", "Each player holds 4 cards at the start of a round."),
    msg("rule exchange", "Exchange counter: once per game, before assigning."),
    msg("rule assign", "Cards are assigned face down, both players at once."),
    msg("rule reveal", "All 8 cards are revealed once both have assigned."),
    msg("rule cartouche1", "Cartouche 1: the higher card scores 2 x the difference."),
    msg("rule order", "Cartouche 2: the lower card acts first; ties go to cartouche 1, then to a war."),
    msg("rule war_turn", "War: turn up cards until one player shows a lower card."),
    msg("rule war_cards", "War cards go under the pile in the order turned."),
    msg("rule war_cards.discard", "Variant: war cards go to the discard pile."),
    msg("rule turn_start", "Cartouche 3: a card t opens temples 1 to t."),
    msg("rule removal_skipped", "No removal in the game's first round."),
    msg("rule removal_allowed", "Cartouche 2: remove card - 2 opponent counters; a 1 removes one of your own."),
    msg("rule remove", "Removed counters go to the Kingdom of the Dead (to stock when it is full)."),
    msg("rule placement_allowed", "Cartouche 4: place that many counters on empty allowed squares."),
    msg("rule place", "Cartouche 4: one counter per empty square."),
    msg("rule to_kingdom", "Counters that do not fit go to the Kingdom of the Dead."),
    msg("rule kingdom_full", "A full Kingdom of the Dead sends counters back to stock."),
    msg("rule no_stock", "With too few counters in stock, place what you have."),
    msg("rule round_end", "A full Kingdom of the Dead (8) triggers a scoring at the end of the round."),
    msg("rule scoring_start", "Scoring: temples, black squares, bonus squares; ties score nothing."),
    msg("rule score_line", "Scoring: a majority is strictly more counters."),
    msg("rule score_line.temple1", "Temple 1: the majority scores the difference in counters."),
    msg("rule score_line.temple2", "Temple 2: the majority scores 5 points."),
    msg("rule score_line.temple3", "Temple 3: the majority scores one point per own counter there."),
    msg("rule score_line.temple4", "Temple 4: the majority scores 3 per blue square it holds, in all temples."),
    msg("rule score_line.black", "Black squares of all temples: the majority scores 8."),
    msg("rule score_line.bonus", "Bonus squares: each player scores the printed value of those they hold."),
    msg(
        "rule scoring_removal",
        "After a scoring each player takes 4 of their own counters back to stock, the leader first (Red if tied): "
        "one from each temple where they have one, then from the highest-numbered temple in which they still "
        "have counters.",
    ),
    msg("rule kingdom_return", "After a scoring the Kingdom of the Dead empties: its counters go back to stock."),
    msg("rule game_over", "Victory: 40 points, a full temple, all yellow or all green squares."),
    msg("rule game_over.points", "40 points win; after a scoring the higher score wins, equal scores draw."),
    msg("rule game_over.temple", "Holding all 12 squares of one temple wins at once."),
    msg("rule game_over.yellow", "Holding every yellow square of the four temples wins at once."),
    msg("rule game_over.green", "Holding every green square of the four temples wins at once."),
    msg("rule game_over.round_limit", "At the round limit the higher score wins; equal scores draw."),
)
"""Each event kind's rule in a few words (the "why" of a step), keyed ``"rule <kind>"``."""


def _as_event(event: Event | Mapping[str, Any], doing: str) -> Event:
    if isinstance(event, Mapping):
        try:
            return event_from_dict(dict(event))
        except EventError as error:
            raise ValueError(f"{doing} {event.get('kind')!r}: {error}") from None
    return event


def explain(event: Event | Mapping[str, Any], lang: str = "en") -> str:
    """One event as a sentence a learner understands, in ``lang`` (``"en"``, ``"fr"``, ...).

    ``event`` is an event or its JSON form (checked by :func:`aton.events.event_from_dict`).
    """
    check_lang(lang)
    return _sentence(_as_event(event, "cannot explain event"), lang)


def _rule_key(event: Event) -> str:
    """The key of ``event``'s rule in :data:`RULES`."""
    match event:
        case WarCardsMoved(destination="discard"):
            return "rule war_cards.discard"
        case ScoreLine(category=category):
            return f"rule score_line.{category}" if f"rule score_line.{category}" in RULES else "rule score_line"
        case CounterRemoved(scoring=True):
            return "rule scoring_removal"  # taken back after a scoring: to stock, not to the Kingdom
        case GameOver(reason=reason):
            return f"rule game_over.{reason}" if f"rule game_over.{reason}" in RULES else "rule game_over"
        case _:
            return f"rule {event.kind}"


def rule_of(event: Event | Mapping[str, Any], lang: str = "en") -> str:
    """The rule behind ``event`` in a few words, in ``lang``."""
    check_lang(lang)
    typed = _as_event(event, "no rule for event kind")
    message = RULES.get(_rule_key(typed))
    if message is None:  # every kind has a rule (tests/test_explain.py)
        raise ValueError(f"no rule for event kind {typed.kind!r}")
    return render(message, lang)
