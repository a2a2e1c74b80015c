"""Events in words, in every language of the message catalogs.

:func:`explain` renders one event as a sentence a learner understands and
:func:`rule_of` names the rule behind it in a few words.  Both read the
event's data only; nothing is ever parsed back from the text.  There is one
function per event kind; its sentences are English messages translated in
the catalogs (:mod:`aton.i18n`).

>>> from aton.events import Event
>>> explain(Event("cartouche1", {"red": 4, "blue": 1, "scorer": "red", "points": 6}))
"Cartouche 1 (points): Red's 4 beats Blue's 1, so Red scores 2 x (4 - 1) = 6 points."
>>> explain(Event("cartouche1", {"red": 2, "blue": 2, "scorer": None, "points": 0}), lang="fr")
'Cartouche 1 (points) : les deux joueurs ont joué 2 ; à égalité, personne ne marque.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import data
from .events import Event
from .i18n import check_lang, counted, gtext, join, languages, msg, ngtext, render, table

LANGUAGES = languages()
"""The languages with a catalog when the package was imported (see :func:`aton.i18n.languages`)."""

Data = dict[str, Any]


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
def _round_start(d: Data, lang: str) -> str:
    return gtext(
        lang, "event round_start", "Round {round} begins: each player fills their hand to 4 cards.", round=d["round"]
    )


def _reshuffle(d: Data, lang: str) -> str:
    return ngtext(
        lang,
        "event reshuffle",
        "{player}'s draw pile ran out: the discard pile is shuffled into a new face-down pile of {count} card.",
        "{player}'s draw pile ran out: the discard pile is shuffled into a new face-down pile of {count} cards.",
        d["cards"],
        player=player_name(d["player"], lang),
        count=d["cards"],
    )


def _draw(d: Data, lang: str) -> str:
    who = player_name(d["player"], lang)
    if d["count"] == 0:
        return gtext(lang, "event draw", "{player} already holds 4 cards.", player=who)
    return ngtext(
        lang,
        "event draw",
        "{player} draws {count} card (only {player} sees it).",
        "{player} draws {count} cards (only {player} sees them).",
        d["count"],
        player=who,
        count=d["count"],
    )


def _exchange(d: Data, lang: str) -> str:
    return gtext(
        lang,
        "event exchange",
        "{player} hands in the exchange counter (allowed once per game): the cards {cards} go face up "
        "to the discard pile and {player} draws 4 new cards.",
        player=player_name(d["player"], lang),
        cards=_cards(d["discarded"], lang),
    )


def _assign(d: Data, lang: str) -> str:
    return gtext(
        lang,
        "event assign",
        "{player} puts one card face down on each of the four cartouches.",
        player=player_name(d["player"], lang),
    )


def _reveal(d: Data, lang: str) -> str:
    return gtext(
        lang,
        "event reveal",
        "The cards are turned face up. Red: {red}; Blue: {blue} (cartouches 1 to 4).",
        red=", ".join(map(str, d["red"])),
        blue=", ".join(map(str, d["blue"])),
    )


def _cartouche1(d: Data, lang: str) -> str:
    if d["scorer"] is None:
        return gtext(
            lang,
            "event cartouche1",
            "Cartouche 1 (points): both players played {card}; equal cards score nothing.",
            card=d["red"],
        )
    scorer, other = d["scorer"], _other(d["scorer"])
    return ngtext(
        lang,
        "event cartouche1",
        "Cartouche 1 (points): {scorer}'s {high} beats {other}'s {low}, so {scorer} scores 2 x ({high} - {low}) "
        "= {points} point.",
        "Cartouche 1 (points): {scorer}'s {high} beats {other}'s {low}, so {scorer} scores 2 x ({high} - {low}) "
        "= {points} points.",
        d["points"],
        scorer=player_name(scorer, lang),
        other=player_name(other, lang),
        high=d[scorer],
        low=d[other],
        points=d["points"],
    )


def _order(d: Data, lang: str) -> str:
    first, other = d["first"], _other(d["first"])
    fields: dict[str, object] = {"first": player_name(first, lang)}
    if d["reason"] == "lower_card":
        return gtext(
            lang,
            "event order",
            "Cartouche 2 (order): {first} played the lower card ({low} against {high}), "
            "so {first} resolves cartouches 2, 3 and 4 first.",
            low=d[first],
            high=d[other],
            **fields,
        )
    if d["reason"] == "cartouche1":
        return gtext(
            lang,
            "event order",
            "Cartouche 2 (order): both played {card}; the tie is broken by cartouche 1, "
            "where {first} played the lower card, so {first} resolves cartouches 2, 3 and 4 first.",
            card=d["red"],
            **fields,
        )
    if d["reason"] == "war":
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


def _war_turn(d: Data, lang: str) -> str:
    if d["red"] == d["blue"]:
        return gtext(
            lang,
            "event war_turn",
            "War: Red turns up a {red}, Blue turns up a {blue}. Equal again: they turn another pair.",
            red=d["red"],
            blue=d["blue"],
        )
    return gtext(
        lang, "event war_turn", "War: Red turns up a {red}, Blue turns up a {blue}.", red=d["red"], blue=d["blue"]
    )


def _war_cards(d: Data, lang: str) -> str:
    if d["destination"] == "bottom":
        return gtext(
            lang,
            "event war_cards",
            "The cards turned in the war go to the bottom of their owners' piles, in the order turned.",
        )
    return gtext(
        lang, "event war_cards", "The cards turned in the war go to their owners' discard piles (rule variant)."
    )


def _turn_start(d: Data, lang: str) -> str:
    fields = {
        "player": player_name(d["player"], lang),
        "card": d["temples"],
        "temples": temples_upto(d["temples"], lang),
    }
    if d["position"] == "first":
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


def _removal_skipped(d: Data, lang: str) -> str:
    return gtext(
        lang,
        "event removal_skipped",
        "Cartouche 2 (removal): {player} played a {card}, but in the very first round of the game "
        "no counters are removed.",
        player=player_name(d["player"], lang),
        card=d["card"],
    )


def _removal_allowed(d: Data, lang: str) -> str:
    card, count, present = d["card"], d["count"], d["present"]
    who = player_name(d["player"], lang)
    if count == 0:
        return gtext(
            lang,
            "event removal_allowed",
            "Cartouche 2 (removal): {player} played a 2, so nothing is removed (2 - 2 = 0).",
            player=who,
        )
    where = temples_upto(d["temples"], lang)
    if d["target"] == d["player"]:
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
        "target": player_name(d["target"], lang),
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


def _remove(d: Data, lang: str) -> str:
    fields: dict[str, object] = {
        "player": player_name(d["player"], lang),
        "owner": player_name(d["owner"], lang),
        "square": square_words(d["square"], lang),
    }
    automatic = bool(d.get("automatic"))
    if d.get("scoring"):
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
    own = d["owner"] == d["player"]
    if d["destination"] == "kingdom":
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


def _placement_allowed(d: Data, lang: str) -> str:
    return ngtext(
        lang,
        "event placement_allowed",
        "Cartouche 4 (placement): {player} played a {count}, so {player} must place {count} counter from stock "
        "on an empty square of the allowed temples ({empty} empty, {stock} in stock).",
        "Cartouche 4 (placement): {player} played a {count}, so {player} must place {count} counters from stock "
        "on empty squares of the allowed temples ({empty} empty, {stock} in stock).",
        d["count"],
        player=player_name(d["player"], lang),
        count=d["count"],
        empty=d["empty"],
        stock=d["stock"],
    )


def _place(d: Data, lang: str) -> str:
    fields = {
        "player": player_name(d["player"], lang),
        "kind": kind_words(d["square_kind"], lang),
        "square": square_words(d["square"], lang),
    }
    if d.get("automatic"):
        return gtext(
            lang,
            "event place",
            "{player} places a counter on {kind} in {square} (no choice left, so it happens automatically).",
            **fields,
        )
    return gtext(lang, "event place", "{player} places a counter on {kind} in {square}.", **fields)


def _to_kingdom(d: Data, lang: str) -> str:
    return ngtext(
        lang,
        "event to_kingdom",
        "{count} counter of {player} found no empty square in the allowed temples: "
        "placing is mandatory, so it goes from stock to the Kingdom of the Dead.",
        "{count} counters of {player} found no empty square in the allowed temples: "
        "placing is mandatory, so they go from stock to the Kingdom of the Dead.",
        d["count"],
        count=d["count"],
        player=player_name(d["player"], lang),
    )


def _kingdom_full(d: Data, lang: str) -> str:
    return ngtext(
        lang,
        "event kingdom_full",
        "The Kingdom of the Dead is full, so {count} counter that should go there stays in {player}'s stock.",
        "The Kingdom of the Dead is full, so {count} counters that should go there stay in {player}'s stock.",
        d["count"],
        count=d["count"],
        player=player_name(d["player"], lang),
    )


def _no_stock(d: Data, lang: str) -> str:
    return ngtext(
        lang,
        "event no_stock",
        "{player} has {count} counter fewer in stock than cartouche 4 asks for, so {player} places what they have.",
        "{player} has {count} counters fewer in stock than cartouche 4 asks for, so {player} places what they have.",
        d["missing"],
        count=d["missing"],
        player=player_name(d["player"], lang),
    )


def _round_end(d: Data, lang: str) -> str:
    if d["kingdom"] >= data.KINGDOM_SIZE:
        return gtext(
            lang,
            "event round_end",
            "Round {round} ends: the 8 cards go face up to the discard piles. The Kingdom of the Dead holds "
            "{count} of {size} counters: it is full, so a scoring takes place.",
            round=d["round"],
            count=d["kingdom"],
            size=data.KINGDOM_SIZE,
        )
    return ngtext(
        lang,
        "event round_end",
        "Round {round} ends: the 8 cards go face up to the discard piles. The Kingdom of the Dead holds "
        "{count} counter out of {size}.",
        "Round {round} ends: the 8 cards go face up to the discard piles. The Kingdom of the Dead holds "
        "{count} counters out of {size}.",
        d["kingdom"],
        round=d["round"],
        count=d["kingdom"],
        size=data.KINGDOM_SIZE,
    )


def _scoring_start(d: Data, lang: str) -> str:
    return gtext(
        lang,
        "event scoring_start",
        "Scoring: the Kingdom of the Dead is full. Each temple, the black squares and the bonus squares "
        "are scored; a majority means strictly more counters, and a tie scores nothing.",
    )


def _score_line(d: Data, lang: str) -> str:
    category = d["category"]
    if category == "bonus":
        return gtext(
            lang,
            "event score_line",
            "Bonus squares: Red scores {red} and Blue scores {blue} "
            "(the printed value of every bonus square each occupies).",
            red=d["red_points"],
            blue=d["blue_points"],
        )
    counts: dict[str, object] = {"red": d["red"], "blue": d["blue"]}
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
    if d["scorer"] is None:
        return gtext(lang, "event score_line", "{counts}: no majority, nobody scores.", counts=name)
    points = d[f"{d['scorer']}_points"]
    fields: dict[str, object] = {"counts": name, "player": player_name(d["scorer"], lang), "points": points}
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
            squares=d["detail"].get("blue_squares", 0),
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


def _scoring_removal(d: Data, lang: str) -> str:
    who = player_name(d["player"], lang)
    count = d["count"]
    if count == 0:
        return gtext(
            lang,
            "event scoring_removal",
            "After the scoring, {player} has no counter in the temples, so there is nothing to take back.",
            player=who,
        )
    if count < data.POST_SCORING_REMOVALS:
        return ngtext(
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
    temples = join([str(t) for t in d["temples"]], lang)
    if len(d["temples"]) >= count:  # one from each temple is all of them: no "rest" to take
        return ngtext(
            lang,
            "event scoring_removal",
            "{player} takes {count} counter of their own back to stock: one from each temple where they have "
            "counters (temples {temples}).",
            "{player} takes {count} counters of their own back to stock: one from each temple where they have "
            "counters (temples {temples}).",
            count,
            player=who,
            count=count,
            temples=temples,
        )
    return ngtext(
        lang,
        "event scoring_removal",
        "{player} takes {count} counter of their own back to stock: first one from each temple where they have "
        "counters (temples {temples}), then the rest from the highest-numbered temple in which they still have "
        "counters.",
        "{player} takes {count} counters of their own back to stock: first one from each temple where they have "
        "counters (temples {temples}), then the rest from the highest-numbered temple in which they still have "
        "counters.",
        count,
        player=who,
        count=count,
        temples=temples,
    )


def _kingdom_return(d: Data, lang: str) -> str:
    return gtext(
        lang,
        "event kingdom_return",
        "The Kingdom of the Dead empties: {red} to Red's stock and {blue} to Blue's stock.",
        red=counted("counter", d["red"], lang),
        blue=counted("counter", d["blue"], lang),
    )


def _game_over(d: Data, lang: str) -> str:
    winner, reason = d["winner"], d["reason"]
    fields: dict[str, object] = {"winner": player_name(winner, lang), "red": d["red"], "blue": d["blue"]}
    if reason == "points":
        if winner is None:
            return gtext(
                lang,
                "event game_over",
                "After the scoring both players have 40 or more points and the same score (Red {red}, Blue {blue}): "
                "a draw.",
                **fields,
            )
        if d.get("at_scoring"):
            return gtext(
                lang,
                "event game_over",
                "After the scoring a player has 40 or more points, and {winner} has the most: {winner} wins "
                "(Red {red}, Blue {blue}).",
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


EXPLAIN: dict[str, Callable[[Data, str], str]] = {
    "round_start": _round_start,
    "reshuffle": _reshuffle,
    "draw": _draw,
    "exchange": _exchange,
    "assign": _assign,
    "reveal": _reveal,
    "cartouche1": _cartouche1,
    "order": _order,
    "war_turn": _war_turn,
    "war_cards": _war_cards,
    "turn_start": _turn_start,
    "removal_skipped": _removal_skipped,
    "removal_allowed": _removal_allowed,
    "remove": _remove,
    "placement_allowed": _placement_allowed,
    "place": _place,
    "to_kingdom": _to_kingdom,
    "kingdom_full": _kingdom_full,
    "no_stock": _no_stock,
    "round_end": _round_end,
    "scoring_start": _scoring_start,
    "score_line": _score_line,
    "scoring_removal": _scoring_removal,
    "kingdom_return": _kingdom_return,
    "game_over": _game_over,
}
"""The sentence of each event kind."""

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
        "After a scoring each player takes 4 of their own counters back to stock: one from each temple first, "
        "then from the highest-numbered temple in which they still have counters.",
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


def _as_event(event: Event | Mapping[str, Any]) -> Event:
    if isinstance(event, Event):
        return event
    return Event.from_dict(dict(event))


def explain(event: Event | Mapping[str, Any], lang: str = "en") -> str:
    """One event as a sentence a learner understands, in ``lang`` (``"en"``, ``"fr"``, ...)."""
    check_lang(lang)
    ev = _as_event(event)
    try:
        return EXPLAIN[ev.kind](ev.data, lang)
    except KeyError as error:
        raise ValueError(f"cannot explain event {ev.kind!r}: unknown kind or missing field {error}") from None


def rule_of(event: Event | Mapping[str, Any], lang: str = "en") -> str:
    """The rule behind ``event`` in a few words, in ``lang``."""
    check_lang(lang)
    ev = _as_event(event)
    if ev.kind == "war_cards" and ev.data.get("destination") == "discard":
        return render(RULES["rule war_cards.discard"], lang)
    if ev.kind == "score_line":
        message = RULES.get(f"rule score_line.{ev.data.get('category')}") or RULES["rule score_line"]
    elif ev.kind == "remove" and ev.data.get("scoring"):
        message = RULES["rule scoring_removal"]  # taken back after a scoring: to stock, not to the Kingdom
    elif ev.kind == "game_over":
        message = RULES.get(f"rule game_over.{ev.data.get('reason')}") or RULES["rule game_over"]
    else:
        message = RULES.get(f"rule {ev.kind}")  # type: ignore[assignment]
    if message is None:
        raise ValueError(f"no rule for event kind {ev.kind!r}")
    return render(message, lang)
