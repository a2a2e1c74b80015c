"""Why an action is refused, in every language of the message catalogs.

The engine raises :class:`aton.IllegalAction` with a ``code`` and the facts
behind it (``details``); this module turns them into a sentence, so a
French learner reads the same reason as an English one and no interface has
to parse the English text.  One function per code; its sentences are English
messages translated in the catalogs (:mod:`aton.i18n`).

>>> refusal_text("exchange_used", {"player": "blue"}, "fr")
"Bleu a déjà utilisé son jeton d'échange ; il ne sert qu'une fois par partie"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import data
from .explain import player_name
from .i18n import check_lang, gtext, join, msg, ngtext, render

Details = dict[str, Any]

_EXPECTED = {
    "assign": msg("refusal expected", "assign cards (or exchange)"),
    "remove": msg("refusal expected", "remove counters"),
    "place": msg("refusal expected", "place counters"),
    "scoring_remove": msg("refusal expected", "remove their own counters after the scoring"),
}


def _who(d: Details, lang: str, key: str = "player") -> str:
    name = player_name(d.get(key), lang)
    return "?" if name == "-" else name


def _expected(d: Details, lang: str) -> str:
    return render(_EXPECTED[d["expected"]], lang)


def _waiting(d: Details, lang: str) -> str:
    return join([player_name(name, lang) for name in d["waiting"]], lang)


def _square(d: Details) -> str:
    return str(d["square"])


def _temples(count: int, lang: str) -> str:
    if count == 1:
        return gtext(lang, "refusal temples", "temple 1")
    return gtext(lang, "refusal temples", "temples 1-{count}", count=count)


def _not_an_action(d: Details, lang: str) -> str:
    return gtext(
        lang, "refusal", "{given} is not an action; actions are Exchange, Assign, Remove and Place", given=d["given"]
    )


def _unknown_player(d: Details, lang: str) -> str:
    return gtext(lang, "refusal", "unknown player {given}; players are aton.RED and aton.BLUE", given=d["given"])


def _game_over(d: Details, lang: str) -> str:
    return gtext(lang, "refusal", "the game is over; no more actions are allowed")


def _already_assigned(d: Details, lang: str) -> str:
    fields = {"player": _who(d, lang), "waiting": _waiting(d, lang), "expected": _expected(d, lang)}
    if d["action"] == "exchange":
        return gtext(
            lang,
            "refusal",
            "{player} has already assigned this round, and an exchange replaces the 4 cards in hand, so it must come "
            "before they go on the cartouches; now {waiting} must {expected}",
            **fields,
        )
    return gtext(
        lang,
        "refusal",
        "{player} has already assigned this round (cards are assigned once per round); now {waiting} must {expected}",
        **fields,
    )


def _not_your_turn(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "it is not {player}'s turn: {waiting} must {expected} now",
        player=_who(d, lang),
        waiting=_waiting(d, lang),
        expected=_expected(d, lang),
    )


def _not_assign_phase(d: Details, lang: str) -> str:
    fields = {"player": _who(d, lang), "expected": _expected(d, lang)}
    if d["action"] == "exchange":
        return gtext(
            lang,
            "refusal",
            "the exchange is allowed only at the start of a round, while the 4 drawn cards are still in hand; "
            "now {player} must {expected}",
            **fields,
        )
    return gtext(
        lang,
        "refusal",
        "cards are assigned only at the start of a round, once the 4 cards are drawn; this round's cards are "
        "already on the cartouches, so now {player} must {expected}",
        **fields,
    )


def _exchange_used(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "{player} has already used the exchange counter; it is used once per game",
        player=_who(d, lang),
    )


def _bad_cards(d: Details, lang: str) -> str:
    return gtext(lang, "refusal", "cards are the values 1, 2, 3 and 4, not {cards}", cards=str(d["cards"]))


def _card_count(d: Details, lang: str) -> str:
    return ngtext(
        lang,
        "refusal",
        "an assignment puts one card on each of the {cartouches} cartouches, not {count} card",
        "an assignment puts one card on each of the {cartouches} cartouches, not {count} cards",
        d["count"],
        cartouches=data.CARTOUCHE_COUNT,
        count=d["count"],
    )


def _cards_not_in_hand(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "{player} holds {hand}; the assignment {cards} must use exactly these cards",
        player=_who(d, lang),
        hand=str(d["hand"]),
        cards=str(d["cards"]),
    )


def _bad_square(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "no square {square}: a square is two whole numbers (temple, index); "
        "temples are 1-{temples}, indices 0-{last}, like (2, 5)",
        square=_square(d),
        temples=data.TEMPLE_COUNT,
        last=data.SQUARES_PER_TEMPLE - 1,
    )


def _not_place_phase(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "this is not the time to place counters: {player} must {expected}",
        player=_who(d, lang),
        expected=_expected(d, lang),
    )


def _not_remove_phase(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "this is not the time to remove counters: {player} must {expected}",
        player=_who(d, lang),
        expected=_expected(d, lang),
    )


def _temple_not_allowed(d: Details, lang: str) -> str:
    fields = {
        "player": _who(d, lang),
        "card": d["allowed"],
        "temples": _temples(d["allowed"], lang),
        "temple": d["temple"],
    }
    if d["verb"] == "place":
        return gtext(
            lang,
            "refusal",
            "cartouche 3 holds a {card}, so {player} may place only in {temples}, not in temple {temple}",
            **fields,
        )
    return gtext(
        lang,
        "refusal",
        "cartouche 3 holds a {card}, so {player} may remove only in {temples}, not in temple {temple}",
        **fields,
    )


def _square_occupied(d: Details, lang: str) -> str:
    if d["found"] == "red":
        return gtext(
            lang, "refusal", "square {square} already holds a red counter; place on an empty square", square=_square(d)
        )
    return gtext(
        lang, "refusal", "square {square} already holds a blue counter; place on an empty square", square=_square(d)
    )


def _found(d: Details, lang: str) -> str:
    owner = d.get("found")
    if owner is None:
        return gtext(lang, "refusal square", "square {square} is empty", square=_square(d))
    if owner == "red":
        return gtext(lang, "refusal square", "square {square} holds a red counter", square=_square(d))
    return gtext(lang, "refusal square", "square {square} holds a blue counter", square=_square(d))


def _wrong_counter(d: Details, lang: str) -> str:
    fields = {"found": _found(d, lang), "player": _who(d, lang), "target": _who(d, lang, "target")}
    if d["target"] == d["player"]:
        return gtext(lang, "refusal", "{found}; {player} must remove one of their own counters", **fields)
    return gtext(lang, "refusal", "{found}; {player} must remove one of {target}'s counters", **fields)


def _scoring_own_counter(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "{found}; after a scoring {player} removes their own counters",
        found=_found(d, lang),
        player=_who(d, lang),
    )


def _scoring_temple_required(d: Details, lang: str) -> str:
    temples = d["temples"]
    if len(temples) == 1:
        return gtext(
            lang,
            "refusal",
            "{player} must first take one counter from each temple where they have one: temple {temples} is left",
            player=_who(d, lang),
            temples=str(temples[0]),
        )
    return gtext(
        lang,
        "refusal",
        "{player} must first take one counter from each temple where they have one: temples {temples} are left",
        player=_who(d, lang),
        temples=join([str(t) for t in temples], lang),
    )


def _scoring_highest_temple(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "{player} must take the remaining counters from the highest temple where they have counters: temple {temple}",
        player=_who(d, lang),
        temple=d["temple"],
    )


def _view_not_playable(d: Details, lang: str) -> str:
    return gtext(lang, "refusal", "a player's view cannot be played; apply the action to the game itself")


REFUSALS: dict[str, Callable[[Details, str], str]] = {
    "not_an_action": _not_an_action,
    "unknown_player": _unknown_player,
    "game_over": _game_over,
    "already_assigned": _already_assigned,
    "not_your_turn": _not_your_turn,
    "not_assign_phase": _not_assign_phase,
    "exchange_used": _exchange_used,
    "bad_cards": _bad_cards,
    "card_count": _card_count,
    "cards_not_in_hand": _cards_not_in_hand,
    "bad_square": _bad_square,
    "not_place_phase": _not_place_phase,
    "not_remove_phase": _not_remove_phase,
    "temple_not_allowed": _temple_not_allowed,
    "square_occupied": _square_occupied,
    "wrong_counter": _wrong_counter,
    "scoring_own_counter": _scoring_own_counter,
    "scoring_temple_required": _scoring_temple_required,
    "scoring_highest_temple": _scoring_highest_temple,
    "view_not_playable": _view_not_playable,
}
"""The sentence of each refusal code."""

CODES = tuple(REFUSALS)
"""Every refusal code the engine raises."""


def refusal_text(code: str, details: Details, lang: str = "en") -> str:
    """The reason for refusal ``code`` with ``details``, in ``lang`` (``"en"``, ``"fr"``, ...)."""
    check_lang(lang)
    try:
        return REFUSALS[code](details, lang)
    except KeyError as error:
        raise KeyError(f"no text for refusal {code!r} (unknown code or missing fact {error})") from None
