"""Why an action is refused, in English and French.

The engine raises :class:`aton.IllegalAction` with a ``code`` and the facts
behind it (``details``); this module turns them into a sentence, so a
French learner reads the same reason as an English one and no interface has
to parse the English text.

>>> refusal_text("exchange_used", {"player": "blue"}, "fr")
"Bleu a déjà utilisé son jeton d'échange ; il ne sert qu'une fois par partie"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import data

Details = dict[str, Any]

_NAMES = {"en": {"red": "Red", "blue": "Blue"}, "fr": {"red": "Rouge", "blue": "Bleu"}}
_EXPECTED = {
    "en": {
        "assign": "assign cards (or exchange)",
        "remove": "remove counters",
        "place": "place counters",
        "scoring_remove": "remove their own counters after the scoring",
    },
    "fr": {
        "assign": "poser ses cartes (ou échanger)",
        "remove": "retirer des pions",
        "place": "placer des pions",
        "scoring_remove": "reprendre ses propres pions après le décompte",
    },
}


def _who(details: Details, lang: str, key: str = "player") -> str:
    return _NAMES[lang].get(details.get(key) or "", "?")


def _waiting(details: Details, lang: str) -> str:
    joiner = " and " if lang == "en" else " et "
    return joiner.join(_NAMES[lang][name] for name in details["waiting"])


def _found(details: Details, lang: str) -> str:
    owner = details.get("found")
    if lang == "fr":
        return "est vide" if owner is None else f"porte un pion {'rouge' if owner == 'red' else 'bleu'}"
    return "is empty" if owner is None else f"holds a {owner} counter"


def _en(code: str, d: Details) -> str:
    who = _who(d, "en")
    if code == "not_an_action":
        return f"{d['given']} is not an action; actions are Exchange, Assign, Remove and Place"
    if code == "unknown_player":
        return f"unknown player {d['given']}; players are aton.RED and aton.BLUE"
    if code == "game_over":
        return "the game is over; no more actions are allowed"
    if code == "already_assigned":
        rule = (
            "the exchange is allowed only before assigning"
            if d["action"] == "exchange"
            else "cards are assigned once per round"
        )
        return (
            f"{who} has already assigned this round ({rule}); "
            f"now {_waiting(d, 'en')} must {_EXPECTED['en'][d['expected']]}"
        )
    if code == "not_your_turn":
        return f"it is not {who}'s turn: {_waiting(d, 'en')} must {_EXPECTED['en'][d['expected']]} now"
    if code == "not_assign_phase":
        what = "the exchange is allowed" if d["action"] == "exchange" else "cards are assigned"
        return f"{what} only at the start of a round, before assigning; now {who} must {_EXPECTED['en'][d['expected']]}"
    if code == "exchange_used":
        return f"{who} has already used the exchange counter; it is used once per game"
    if code == "bad_cards":
        return f"cards are the values 1, 2, 3 and 4, not {d['cards']}"
    if code == "card_count":
        return f"an assignment puts one card on each of the {data.CARTOUCHE_COUNT} cartouches, not {d['count']} cards"
    if code == "cards_not_in_hand":
        return f"{who} holds {d['hand']}; the assignment {d['cards']} must use exactly these cards"
    if code == "bad_square":
        return (
            f"no square {d['square']}: a square is two whole numbers (temple, index); "
            f"temples are 1-{data.TEMPLE_COUNT}, indices 0-{data.SQUARES_PER_TEMPLE - 1}, like (2, 5)"
        )
    if code == "not_place_phase":
        return f"this is not the time to place counters: {who} must {_EXPECTED['en'][d['expected']]}"
    if code == "not_remove_phase":
        return f"this is not the time to remove counters: {who} must {_EXPECTED['en'][d['expected']]}"
    if code == "temple_not_allowed":
        allowed = d["allowed"]
        return (
            f"cartouche 3 holds {allowed}, so {who} may {d['verb']} only in temples 1-{allowed}, "
            f"not in temple {d['temple']}"
        )
    if code == "square_occupied":
        return f"square {d['square']} already holds a {d['found']} counter; place on an empty square"
    if code == "wrong_counter":
        whose = "their own" if d["target"] == d["player"] else f"{_who(d, 'en', 'target')}'s"
        return f"square {d['square']} {_found(d, 'en')}; {who} must remove one of {whose} counters"
    if code == "scoring_own_counter":
        return f"square {d['square']} {_found(d, 'en')}; after a scoring {who} removes their own counters"
    if code == "scoring_temple_required":
        temples = ", ".join(map(str, d["temples"]))
        return f"{who} must first take one counter from each temple where they have one: still temple(s) {temples}"
    if code == "scoring_highest_temple":
        return (
            f"{who} must take the remaining counters from the highest temple where they have counters: "
            f"temple {d['temple']}"
        )
    if code == "view_not_playable":
        return "a player's view cannot be played; apply the action to the game itself"
    raise KeyError(code)


def _fr(code: str, d: Details) -> str:
    who = _who(d, "fr")
    if code == "not_an_action":
        return f"{d['given']} n'est pas une action ; les actions sont Exchange, Assign, Remove et Place"
    if code == "unknown_player":
        return f"joueur inconnu {d['given']} ; les joueurs sont aton.RED et aton.BLUE"
    if code == "game_over":
        return "la partie est terminée ; plus aucune action n'est possible"
    if code == "already_assigned":
        rule = (
            "l'échange n'est permis qu'avant de poser ses cartes"
            if d["action"] == "exchange"
            else "on pose ses cartes une fois par tour"
        )
        return (
            f"{who} a déjà posé ses cartes ce tour-ci ({rule}) ; maintenant {_waiting(d, 'fr')} doit "
            f"{_EXPECTED['fr'][d['expected']]}"
        )
    if code == "not_your_turn":
        return f"ce n'est pas à {who} de jouer : {_waiting(d, 'fr')} doit {_EXPECTED['fr'][d['expected']]} maintenant"
    if code == "not_assign_phase":
        what = "l'échange n'est permis" if d["action"] == "exchange" else "on ne pose ses cartes"
        return (
            f"{what} qu'au début d'un tour, avant de poser ses cartes ; maintenant {who} doit "
            f"{_EXPECTED['fr'][d['expected']]}"
        )
    if code == "exchange_used":
        return f"{who} a déjà utilisé son jeton d'échange ; il ne sert qu'une fois par partie"
    if code == "bad_cards":
        return f"les cartes valent 1, 2, 3 ou 4, pas {d['cards']}"
    if code == "card_count":
        return f"on pose une carte sur chacun des {data.CARTOUCHE_COUNT} cartouches, pas {d['count']} cartes"
    if code == "cards_not_in_hand":
        return f"{who} a en main {d['hand']} ; les cartes posées {d['cards']} doivent être exactement celles-ci"
    if code == "bad_square":
        return (
            f"pas de case {d['square']} : une case s'écrit avec deux nombres entiers (temple, indice), "
            f"temples 1 à {data.TEMPLE_COUNT} "
            f"et indices 0 à {data.SQUARES_PER_TEMPLE - 1}, par exemple (2, 5)"
        )
    if code == "not_place_phase":
        return f"ce n'est pas le moment de placer des pions : {who} doit {_EXPECTED['fr'][d['expected']]}"
    if code == "not_remove_phase":
        return f"ce n'est pas le moment de retirer des pions : {who} doit {_EXPECTED['fr'][d['expected']]}"
    if code == "temple_not_allowed":
        allowed, verb = d["allowed"], "placer" if d["verb"] == "place" else "retirer"
        temples = "le temple 1" if allowed == 1 else f"les temples 1 à {allowed}"
        return (
            f"le cartouche 3 porte un {allowed}, donc {who} ne peut {verb} que dans {temples}, "
            f"pas dans le temple {d['temple']}"
        )
    if code == "square_occupied":
        color = "rouge" if d["found"] == "red" else "bleu"
        return f"la case {d['square']} porte déjà un pion {color} ; placez sur une case vide"
    if code == "wrong_counter":
        whose = "ses propres pions" if d["target"] == d["player"] else f"des pions de {_who(d, 'fr', 'target')}"
        return f"la case {d['square']} {_found(d, 'fr')} ; {who} doit retirer un de {whose}"
    if code == "scoring_own_counter":
        return f"la case {d['square']} {_found(d, 'fr')} ; après un décompte, {who} reprend ses propres pions"
    if code == "scoring_temple_required":
        temples = ", ".join(map(str, d["temples"]))
        return f"{who} doit d'abord reprendre un pion dans chaque temple où il en a : encore le(s) temple(s) {temples}"
    if code == "scoring_highest_temple":
        return (
            f"{who} doit reprendre les pions restants dans le temple le plus haut où il en a : le temple {d['temple']}"
        )
    if code == "view_not_playable":
        return "la vue d'un joueur ne se joue pas ; appliquez l'action à la partie elle-même"
    raise KeyError(code)


_RENDER: dict[str, Callable[[str, Details], str]] = {"en": _en, "fr": _fr}

CODES = (
    "not_an_action",
    "unknown_player",
    "game_over",
    "already_assigned",
    "not_your_turn",
    "not_assign_phase",
    "exchange_used",
    "bad_cards",
    "card_count",
    "cards_not_in_hand",
    "bad_square",
    "not_place_phase",
    "not_remove_phase",
    "temple_not_allowed",
    "square_occupied",
    "wrong_counter",
    "scoring_own_counter",
    "scoring_temple_required",
    "scoring_highest_temple",
    "view_not_playable",
)
"""Every refusal code the engine raises."""


def refusal_text(code: str, details: Details, lang: str = "en") -> str:
    """The reason for refusal ``code`` with ``details``, in ``lang`` (``"en"`` or ``"fr"``)."""
    if lang not in _RENDER:
        raise ValueError(f"unknown language {lang!r}; choose one of {tuple(_RENDER)}")
    return _RENDER[lang](code, details)
