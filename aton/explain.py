"""Events in words, in English and French.

:func:`explain` renders one event as a sentence a learner understands and
:func:`rule_of` names the rule behind it in a few words.  Both read the
event's data only; nothing is ever parsed back from the text.

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

LANGUAGES = ("en", "fr")
Text = Callable[[dict[str, Any]], str]

_PLAYER = {"en": {"red": "Red", "blue": "Blue"}, "fr": {"red": "Rouge", "blue": "Bleu"}}
_KIND = {
    "en": {
        "Y": "a yellow square",
        "G": "a green square",
        "K": "a black square",
        "B": "a blue square",
        "+1": "a +1 bonus square",
        "+2": "a +2 bonus square",
    },
    "fr": {
        "Y": "une case dorée (jaune)",
        "G": "une case verte",
        "K": "une case grise (noire)",
        "B": "une case bleue",
        "+1": "une case bonus +1",
        "+2": "une case bonus +2",
    },
}


def player_name(player: str | None, lang: str = "en") -> str:
    """``"red"`` -> ``"Red"`` (``"Rouge"`` in French)."""
    return _PLAYER[lang].get(player or "", "-")


def _other(player: str) -> str:
    return "blue" if player == "red" else "red"


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _temples(count: int, lang: str) -> str:
    if lang == "fr":
        return "le temple 1" if count == 1 else f"les temples 1 à {count}"
    return "temple 1 only" if count == 1 else f"temples 1-{count}"


def _square(square: tuple[int, int] | list[int], lang: str) -> str:
    temple, index = square
    row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
    if lang == "fr":
        return f"temple {temple}, rangée {row + 1}, colonne {column + 1}"
    return f"temple {temple}, row {row + 1}, column {column + 1}"


def _en(d: dict[str, Any], kind: str) -> str:
    def P(key: str = "player") -> str:
        return player_name(d.get(key), "en")

    if kind == "round_start":
        return f"Round {d['round']} begins: each player fills their hand to 4 cards."
    if kind == "reshuffle":
        return (
            f"{P()}'s draw pile ran out: the discard pile is shuffled into a new face-down pile of {d['cards']} cards."
        )
    if kind == "draw":
        if d["count"] == 0:
            return f"{P()} already holds 4 cards."
        return f"{P()} draws {_plural(d['count'], 'card', 'cards')} (only {P()} sees them)."
    if kind == "exchange":
        cards = ", ".join(map(str, d["discarded"]))
        return (
            f"{P()} hands in the exchange counter (allowed once per game): the cards {cards} go face up "
            f"to the discard pile and {P()} draws 4 new cards."
        )
    if kind == "assign":
        return f"{P()} puts one card face down on each of the four cartouches."
    if kind == "reveal":
        return (
            f"The cards are turned face up. Red: {', '.join(map(str, d['red']))}; "
            f"Blue: {', '.join(map(str, d['blue']))} (cartouches 1 to 4)."
        )
    if kind == "cartouche1":
        if d["scorer"] is None:
            return f"Cartouche 1 (points): both players played {d['red']}; equal cards score nothing."
        s, o = d["scorer"], _other(d["scorer"])
        high, low = d[s], d[o]
        return (
            f"Cartouche 1 (points): {P('scorer')}'s {high} beats {player_name(o)}'s {low}, "
            f"so {P('scorer')} scores 2 x ({high} - {low}) = {d['points']} points."
        )
    if kind == "order":
        first = P("first")
        f, o = d["first"], _other(d["first"])
        if d["reason"] == "lower_card":
            return (
                f"Cartouche 2 (order): {first} played the lower card ({d[f]} against {d[o]}), "
                f"so {first} resolves cartouches 2, 3 and 4 first."
            )
        if d["reason"] == "cartouche1":
            return (
                f"Cartouche 2 (order): both played {d['red']}; the tie is broken by cartouche 1, "
                f"where {first} played the lower card, so {first} acts first."
            )
        if d["reason"] == "war":
            return (
                f"Cartouche 2 (order): cartouches 1 and 2 are both tied, so the players turned up cards "
                f"from their piles (a war) until {first} showed the lower card: {first} acts first."
            )
        return (
            "Cartouche 2 (order): every pair of cards in the war was tied until the piles ran out, "
            "so Red acts first (Red goes first in any tie that cannot be broken)."
        )
    if kind == "war_turn":
        tail = " Equal again: they turn another pair." if d["red"] == d["blue"] else ""
        return f"War: Red turns up a {d['red']}, Blue turns up a {d['blue']}.{tail}"
    if kind == "war_cards":
        if d["destination"] == "bottom":
            return "The cards turned in the war go to the bottom of their owners' piles, in the order turned."
        return "The cards turned in the war go to their owners' discard piles (rule variant)."
    if kind == "turn_start":
        position = "first" if d["position"] == "first" else "second"
        return (
            f"{P()} acts {position}: cartouche 3 holds {d['temples']}, so {P()} may remove and place "
            f"in {_temples(d['temples'], 'en')}."
        )
    if kind == "removal_skipped":
        return (
            f"Cartouche 2 (removal): {P()} played {d['card']}, but in the very first round of the game "
            "no counters are removed."
        )
    if kind == "removal_allowed":
        card, count, present, temples = d["card"], d["count"], d["present"], d["temples"]
        if count == 0:
            return f"Cartouche 2 (removal): {P()} played a 2, so nothing is removed (2 - 2 = 0)."
        where = _temples(temples, "en")
        if d["target"] == d["player"]:
            text = (
                f"Cartouche 2 (removal): {P()} played a 1, so {P()} must remove one of their own counters from {where}"
            )
            return text + (": there is none, so nothing happens." if present == 0 else ".")
        text = (
            f"Cartouche 2 (removal): {P()} played a {card}, so {P()} removes {card} - 2 = "
            f"{_plural(count, 'counter', 'counters')} of {P('target')} from {where}"
        )
        if present == 0:
            return text + f": {P('target')} has none there, so nothing happens."
        if present < count:
            return text + (
                f": only {present} is there, so it goes."
                if present == 1
                else f": only {present} are there, so those go."
            )
        return text + "."
    if kind == "remove":
        auto = " (no choice here, so it happens automatically)" if d.get("automatic") else ""
        where = _square(d["square"], "en")
        if d.get("scoring"):
            return f"After the scoring, {P()} takes back their counter from {where} to their stock{auto}."
        whose = "their own counter" if d["owner"] == d["player"] else f"{player_name(d['owner'])}'s counter"
        if d["destination"] == "kingdom":
            return f"{P()} removes {whose} from {where}; it goes to the Kingdom of the Dead{auto}."
        return (
            f"{P()} removes {whose} from {where}; the Kingdom of the Dead is full, so it goes back "
            f"to {player_name(d['owner'])}'s stock{auto}."
        )
    if kind == "placement_allowed":
        return (
            f"Cartouche 4 (placement): {P()} played a {d['count']}, so {P()} must place "
            f"{_plural(d['count'], 'counter', 'counters')} from stock on empty squares of the allowed temples "
            f"({d['empty']} empty, {d['stock']} in stock)."
        )
    if kind == "place":
        auto = " (no choice left, so it happens automatically)" if d.get("automatic") else ""
        return f"{P()} places a counter on {_KIND['en'][d['square_kind']]} in {_square(d['square'], 'en')}{auto}."
    if kind == "to_kingdom":
        return (
            f"{_plural(d['count'], 'counter', 'counters')} of {P()} found no empty square in the allowed temples: "
            "placing is mandatory, so they go from stock to the Kingdom of the Dead."
        )
    if kind == "kingdom_full":
        return (
            f"The Kingdom of the Dead is full, so {_plural(d['count'], 'counter', 'counters')} that should go "
            f"there stay in {P()}'s stock."
        )
    if kind == "no_stock":
        return (
            f"{P()} has {d['missing']} fewer counters in stock than cartouche 4 allows, so {P()} places what they have."
        )
    if kind == "round_end":
        text = (
            f"Round {d['round']} ends: the 8 cards go face up to the discard piles. "
            f"The Kingdom of the Dead holds {d['kingdom']} of 8 counters."
        )
        return text + (" It is full, so a scoring takes place." if d["kingdom"] >= data.KINGDOM_SIZE else "")
    if kind == "scoring_start":
        return (
            "Scoring: the Kingdom of the Dead is full. Each temple, the black squares and the bonus squares "
            "are scored; a majority means strictly more counters, and a tie scores nothing."
        )
    if kind == "score_line":
        return _score_line_en(d)
    if kind == "scoring_removal":
        temples = ", ".join(map(str, d["temples"])) or "none"
        if d["count"] == 0:
            return f"After the scoring, {P()} has no counter in the temples, so there is nothing to take back."
        if d["count"] < data.POST_SCORING_REMOVALS:
            return (
                f"After the scoring, {P()} has only {_plural(d['count'], 'counter', 'counters')} in the temples "
                f"(fewer than {data.POST_SCORING_REMOVALS}), so all of them go back to stock."
            )
        return (
            f"{P()} takes {_plural(d['count'], 'counter', 'counters')} of their own back to stock: first one "
            f"from each temple where they have counters (temples {temples}), the rest from the highest temple."
        )
    if kind == "kingdom_return":
        return (
            f"The Kingdom of the Dead empties: {d['red']} red and {d['blue']} blue counters go back "
            "to their owners' stocks."
        )
    if kind == "game_over":
        return _game_over_en(d)
    raise KeyError(kind)


def _score_line_en(d: dict[str, Any]) -> str:
    category, red, blue = d["category"], d["red"], d["blue"]
    if category == "bonus":
        return (
            f"Bonus squares: Red scores {d['red_points']} and Blue scores {d['blue_points']} "
            "(the printed value of every bonus square each occupies)."
        )
    name = "Black squares (all temples)" if category == "black" else f"Temple {category[-1]}"
    counts = f"{name}: Red {red}, Blue {blue} counters"
    if d["scorer"] is None:
        return f"{counts}: no majority, nobody scores."
    who = player_name(d["scorer"])
    points = d[f"{d['scorer']}_points"]
    how = {
        "temple1": f"scores the difference, {points} points",
        "temple2": f"scores {points} points",
        "temple3": f"scores one point per own counter there, {points} points",
        "temple4": (
            f"scores 3 per blue square they occupy in all four temples: "
            f"{d['detail'].get('blue_squares', 0)} x 3 = {points} points"
        ),
        "black": f"scores {points} points",
    }[category]
    return f"{counts}: {who} has the majority and {how}."


def _game_over_en(d: dict[str, Any]) -> str:
    winner, reason = d["winner"], d["reason"]
    scores = f"(Red {d['red']}, Blue {d['blue']})"
    w = player_name(winner)
    if reason == "points":
        if winner is None:
            return f"After the scoring both players have 40 or more points and the same score {scores}: a draw."
        if d.get("at_scoring"):
            return f"After the scoring a player has 40 or more points, and {w} has the most: {w} wins {scores}."
        return f"{w} reaches 40 points and wins at once {scores}."
    if reason == "temple":
        return f"{w} occupies all 12 squares of a temple and wins at once {scores}."
    if reason == "yellow":
        return f"{w} occupies every yellow square of the four temples and wins at once {scores}."
    if reason == "green":
        return f"{w} occupies every green square of the four temples and wins at once {scores}."
    if winner is None:
        return f"The round limit is reached with equal scores {scores}: a draw."
    return f"The round limit is reached: {w} has more points and wins {scores}."


def _fr(d: dict[str, Any], kind: str) -> str:
    def P(key: str = "player") -> str:
        return player_name(d.get(key), "fr")

    if kind == "round_start":
        return f"Le tour {d['round']} commence : chaque joueur complète sa main à 4 cartes."
    if kind == "reshuffle":
        return (
            f"La pioche de {P()} est épuisée : sa défausse est mélangée pour former une nouvelle pioche "
            f"de {d['cards']} cartes."
        )
    if kind == "draw":
        if d["count"] == 0:
            return f"{P()} a déjà 4 cartes en main."
        return f"{P()} pioche {d['count']} carte{'s' if d['count'] > 1 else ''} (lui seul les voit)."
    if kind == "exchange":
        cards = ", ".join(map(str, d["discarded"]))
        return (
            f"{P()} rend son jeton d'échange (une fois par partie) : les cartes {cards} vont face visible "
            f"dans la défausse et {P()} pioche 4 nouvelles cartes."
        )
    if kind == "assign":
        return f"{P()} pose une carte face cachée sur chacun des quatre cartouches."
    if kind == "reveal":
        return (
            f"Les cartes sont retournées. Rouge : {', '.join(map(str, d['red']))} ; "
            f"Bleu : {', '.join(map(str, d['blue']))} (cartouches 1 à 4)."
        )
    if kind == "cartouche1":
        if d["scorer"] is None:
            return f"Cartouche 1 (points) : les deux joueurs ont joué {d['red']} ; à égalité, personne ne marque."
        s, o = d["scorer"], _other(d["scorer"])
        return (
            f"Cartouche 1 (points) : le {d[s]} de {P('scorer')} bat le {d[o]} de {player_name(o, 'fr')}, "
            f"donc {P('scorer')} marque 2 x ({d[s]} - {d[o]}) = {d['points']} points."
        )
    if kind == "order":
        first = P("first")
        f, o = d["first"], _other(d["first"])
        if d["reason"] == "lower_card":
            return (
                f"Cartouche 2 (ordre) : {first} a joué la carte la plus basse ({d[f]} contre {d[o]}), "
                f"donc {first} joue ses cartouches 2, 3 et 4 en premier."
            )
        if d["reason"] == "cartouche1":
            return (
                f"Cartouche 2 (ordre) : les deux ont joué {d['red']} ; l'égalité est départagée par le "
                f"cartouche 1, où {first} a joué la carte la plus basse : {first} commence."
            )
        if d["reason"] == "war":
            return (
                f"Cartouche 2 (ordre) : égalité aux cartouches 1 et 2, les joueurs retournent des cartes "
                f"de leur pioche (la guerre) jusqu'à ce que {first} montre la plus basse : {first} commence."
            )
        return (
            "Cartouche 2 (ordre) : toutes les paires de la guerre étaient égales jusqu'à épuisement des "
            "pioches, donc Rouge commence (Rouge passe en premier dans une égalité impossible à départager)."
        )
    if kind == "war_turn":
        tail = " Encore égalité : ils retournent une autre paire." if d["red"] == d["blue"] else ""
        return f"Guerre : Rouge retourne un {d['red']}, Bleu retourne un {d['blue']}.{tail}"
    if kind == "war_cards":
        if d["destination"] == "bottom":
            return "Les cartes retournées pendant la guerre vont sous la pioche de leur propriétaire, dans l'ordre."
        return "Les cartes retournées pendant la guerre vont dans la défausse de leur propriétaire (variante)."
    if kind == "turn_start":
        position = "en premier" if d["position"] == "first" else "en second"
        return (
            f"{P()} joue {position} : le cartouche 3 porte un {d['temples']}, donc {P()} peut retirer et "
            f"placer dans {_temples(d['temples'], 'fr')}."
        )
    if kind == "removal_skipped":
        return (
            f"Cartouche 2 (retrait) : {P()} a joué {d['card']}, mais au tout premier tour de la partie "
            "on ne retire aucun pion."
        )
    if kind == "removal_allowed":
        card, count, present, temples = d["card"], d["count"], d["present"], d["temples"]
        if count == 0:
            return f"Cartouche 2 (retrait) : {P()} a joué un 2, donc rien n'est retiré (2 - 2 = 0)."
        where = _temples(temples, "fr")
        if d["target"] == d["player"]:
            text = f"Cartouche 2 (retrait) : {P()} a joué un 1 et doit retirer un de ses propres pions dans {where}"
            return text + (" : il n'en a aucun, rien ne se passe." if present == 0 else ".")
        text = (
            f"Cartouche 2 (retrait) : {P()} a joué un {card} et retire {card} - 2 = {count} "
            f"pion{'s' if count > 1 else ''} de {P('target')} dans {where}"
        )
        if present == 0:
            return text + f" : {P('target')} n'en a aucun, rien ne se passe."
        if present < count:
            return text + (
                " : il n'y en a qu'un, il est retiré."
                if present == 1
                else f" : il n'y en a que {present}, ils sont retirés."
            )
        return text + "."
    if kind == "remove":
        auto = " (aucun choix possible, c'est automatique)" if d.get("automatic") else ""
        where = _square(d["square"], "fr")
        if d.get("scoring"):
            return f"Après le décompte, {P()} reprend son pion du {where} dans sa réserve{auto}."
        whose = (
            "un de ses propres pions" if d["owner"] == d["player"] else f"un pion de {player_name(d['owner'], 'fr')}"
        )
        if d["destination"] == "kingdom":
            return f"{P()} retire {whose} du {where} ; il va au Royaume des Morts{auto}."
        return (
            f"{P()} retire {whose} du {where} ; le Royaume des Morts est plein, il retourne dans la "
            f"réserve de {player_name(d['owner'], 'fr')}{auto}."
        )
    if kind == "placement_allowed":
        return (
            f"Cartouche 4 (placement) : {P()} a joué un {d['count']} et doit placer {d['count']} "
            f"pion{'s' if d['count'] > 1 else ''} de sa réserve sur des cases vides des temples permis "
            f"({d['empty']} vides, {d['stock']} en réserve)."
        )
    if kind == "place":
        auto = " (plus de choix, c'est automatique)" if d.get("automatic") else ""
        return f"{P()} place un pion sur {_KIND['fr'][d['square_kind']]} au {_square(d['square'], 'fr')}{auto}."
    if kind == "to_kingdom":
        return (
            f"{d['count']} pion{'s' if d['count'] > 1 else ''} de {P()} ne trouve{'nt' if d['count'] > 1 else ''} "
            "aucune case vide dans les temples permis : le placement est obligatoire, "
            f"{'ils vont' if d['count'] > 1 else 'il va'} de la réserve au Royaume des Morts."
        )
    if kind == "kingdom_full":
        return (
            f"Le Royaume des Morts est plein : {d['count']} pion(s) qui devaient y aller "
            f"restent dans la réserve de {P()}."
        )
    if kind == "no_stock":
        return f"Il manque {d['missing']} pion(s) à {P()} dans sa réserve : il place ce qu'il a."
    if kind == "round_end":
        text = (
            f"Fin du tour {d['round']} : les 8 cartes vont face visible dans les défausses. "
            f"Le Royaume des Morts compte {d['kingdom']} pions sur 8."
        )
        return text + (" Il est plein : un décompte a lieu." if d["kingdom"] >= data.KINGDOM_SIZE else "")
    if kind == "scoring_start":
        return (
            "Décompte : le Royaume des Morts est plein. On compte chaque temple, les cases grises (noires) "
            "et les cases bonus ; la majorité, c'est strictement plus de pions, et une égalité ne rapporte rien."
        )
    if kind == "score_line":
        return _score_line_fr(d)
    if kind == "scoring_removal":
        temples = ", ".join(map(str, d["temples"])) or "aucun"
        if d["count"] == 0:
            return f"Après le décompte, {P()} n'a aucun pion dans les temples : il n'a rien à reprendre."
        if d["count"] < data.POST_SCORING_REMOVALS:
            return (
                f"Après le décompte, {P()} n'a que {d['count']} pion{'s' if d['count'] > 1 else ''} dans les "
                f"temples (moins de {data.POST_SCORING_REMOVALS}) : il les reprend tous dans sa réserve."
            )
        return (
            f"{P()} reprend {d['count']} de ses pions dans sa réserve : d'abord un dans chaque temple où il "
            f"en a (temples {temples}), le reste dans le temple le plus haut."
        )
    if kind == "kingdom_return":
        return (
            f"Le Royaume des Morts se vide : {d['red']} pions rouges et {d['blue']} pions bleus retournent "
            "dans les réserves."
        )
    if kind == "game_over":
        return _game_over_fr(d)
    raise KeyError(kind)


def _score_line_fr(d: dict[str, Any]) -> str:
    category, red, blue = d["category"], d["red"], d["blue"]
    if category == "bonus":
        return (
            f"Cases bonus : Rouge marque {d['red_points']} et Bleu marque {d['blue_points']} "
            "(la valeur imprimée de chaque case bonus occupée)."
        )
    name = "Cases grises (noires), tous temples" if category == "black" else f"Temple {category[-1]}"
    counts = f"{name} : Rouge {red}, Bleu {blue} pions"
    if d["scorer"] is None:
        return f"{counts} : pas de majorité, personne ne marque."
    who = player_name(d["scorer"], "fr")
    points = d[f"{d['scorer']}_points"]
    how = {
        "temple1": f"marque la différence, {points} points",
        "temple2": f"marque {points} points",
        "temple3": f"marque un point par pion à lui dans ce temple, {points} points",
        "temple4": (
            f"marque 3 par case bleue occupée dans les quatre temples : "
            f"{d['detail'].get('blue_squares', 0)} x 3 = {points} points"
        ),
        "black": f"marque {points} points",
    }[category]
    return f"{counts} : {who} a la majorité et {how}."


def _game_over_fr(d: dict[str, Any]) -> str:
    winner, reason = d["winner"], d["reason"]
    scores = f"(Rouge {d['red']}, Bleu {d['blue']})"
    w = player_name(winner, "fr")
    if reason == "points":
        if winner is None:
            return f"Après le décompte, les deux joueurs ont 40 points ou plus et le même score {scores} : égalité."
        if d.get("at_scoring"):
            return f"Après le décompte, un joueur a 40 points ou plus et {w} en a le plus : {w} gagne {scores}."
        return f"{w} atteint 40 points et gagne immédiatement {scores}."
    if reason == "temple":
        return f"{w} occupe les 12 cases d'un temple et gagne immédiatement {scores}."
    if reason == "yellow":
        return f"{w} occupe toutes les cases dorées (jaunes) des quatre temples et gagne immédiatement {scores}."
    if reason == "green":
        return f"{w} occupe toutes les cases vertes des quatre temples et gagne immédiatement {scores}."
    if winner is None:
        return f"La limite de tours est atteinte avec des scores égaux {scores} : égalité."
    return f"La limite de tours est atteinte : {w} a plus de points et gagne {scores}."


_RENDER: dict[str, Callable[[dict[str, Any], str], str]] = {"en": _en, "fr": _fr}

RULES: dict[str, dict[str, str]] = {
    "en": {
        "round_start": "Each round: draw to 4 cards, assign them, reveal, resolve.",
        "reshuffle": "An empty pile is refilled by shuffling the discard pile.",
        "draw": "Each player holds 4 cards at the start of a round.",
        "exchange": "Exchange counter: once per game, before assigning.",
        "assign": "Cards are assigned face down, both players at once.",
        "reveal": "All 8 cards are revealed once both have assigned.",
        "cartouche1": "Cartouche 1: the higher card scores 2 x the difference.",
        "order": "Cartouche 2: the lower card acts first; ties go to cartouche 1, then to a war.",
        "war_turn": "War: turn up cards until one player shows a lower card.",
        "war_cards": "War cards go under the pile in the order turned.",
        "turn_start": "Cartouche 3: a card t opens temples 1 to t.",
        "removal_skipped": "No removal in the game's first round.",
        "removal_allowed": "Cartouche 2: remove card - 2 opponent counters; a 1 removes one of your own.",
        "remove": "Removed counters go to the Kingdom of the Dead (to stock when it is full).",
        "placement_allowed": "Cartouche 4: place that many counters on empty allowed squares.",
        "place": "Cartouche 4: one counter per empty square.",
        "to_kingdom": "Counters that do not fit go to the Kingdom of the Dead.",
        "kingdom_full": "A full Kingdom of the Dead sends counters back to stock.",
        "no_stock": "With too few counters in stock, place what you have.",
        "round_end": "A full Kingdom of the Dead (8) triggers a scoring at the end of the round.",
        "scoring_start": "Scoring: temples, black squares, bonus squares; ties score nothing.",
        "score_line": "Scoring: a majority is strictly more counters.",
        "score_line.temple1": "Temple 1: the majority scores the difference in counters.",
        "score_line.temple2": "Temple 2: the majority scores 5 points.",
        "score_line.temple3": "Temple 3: the majority scores one point per own counter there.",
        "score_line.temple4": "Temple 4: the majority scores 3 per blue square it holds, in all temples.",
        "score_line.black": "Black squares of all temples: the majority scores 8.",
        "score_line.bonus": "Bonus squares: each player scores the printed value of those they hold.",
        "scoring_removal": "After a scoring: take back 4 counters, one per temple first.",
        "kingdom_return": "After a scoring the Kingdom of the Dead empties.",
        "game_over": "Victory: 40 points, a full temple, all yellow or all green squares.",
    },
    "fr": {
        "round_start": "Chaque tour : piocher 4 cartes, les poser, les révéler, résoudre.",
        "reshuffle": "Une pioche vide est reformée en mélangeant la défausse.",
        "draw": "Chaque joueur a 4 cartes au début d'un tour.",
        "exchange": "Jeton d'échange : une fois par partie, avant de poser ses cartes.",
        "assign": "Les cartes sont posées face cachée, par les deux joueurs à la fois.",
        "reveal": "Les 8 cartes sont révélées quand les deux joueurs ont posé.",
        "cartouche1": "Cartouche 1 : la carte la plus haute marque 2 x la différence.",
        "order": "Cartouche 2 : la carte la plus basse joue d'abord ; égalité : cartouche 1, puis guerre.",
        "war_turn": "Guerre : retourner des cartes jusqu'à ce qu'un joueur montre la plus basse.",
        "war_cards": "Les cartes de la guerre vont sous la pioche, dans l'ordre.",
        "turn_start": "Cartouche 3 : une carte t ouvre les temples 1 à t.",
        "removal_skipped": "Pas de retrait au premier tour de la partie.",
        "removal_allowed": "Cartouche 2 : retirer carte - 2 pions adverses ; un 1 retire un de ses pions.",
        "remove": "Les pions retirés vont au Royaume des Morts (à la réserve s'il est plein).",
        "placement_allowed": "Cartouche 4 : placer autant de pions sur des cases vides permises.",
        "place": "Cartouche 4 : un pion par case vide.",
        "to_kingdom": "Les pions qui ne trouvent pas de place vont au Royaume des Morts.",
        "kingdom_full": "Un Royaume des Morts plein renvoie les pions à la réserve.",
        "no_stock": "Avec trop peu de pions en réserve, on place ce qu'on a.",
        "round_end": "Un Royaume des Morts plein (8) déclenche un décompte en fin de tour.",
        "scoring_start": "Décompte : temples, cases grises, cases bonus ; l'égalité ne rapporte rien.",
        "score_line": "Décompte : la majorité, c'est strictement plus de pions.",
        "score_line.temple1": "Temple 1 : la majorité marque la différence de pions.",
        "score_line.temple2": "Temple 2 : la majorité marque 5 points.",
        "score_line.temple3": "Temple 3 : la majorité marque un point par pion à elle dans ce temple.",
        "score_line.temple4": "Temple 4 : la majorité marque 3 par case bleue occupée, dans tous les temples.",
        "score_line.black": "Cases grises (noires) de tous les temples : la majorité marque 8.",
        "score_line.bonus": "Cases bonus : chaque joueur marque la valeur imprimée de celles qu'il occupe.",
        "scoring_removal": "Après un décompte : reprendre 4 pions, d'abord un par temple.",
        "kingdom_return": "Après un décompte, le Royaume des Morts se vide.",
        "game_over": "Victoire : 40 points, un temple entier, toutes les cases dorées ou vertes.",
    },
}
"""For each language, each event kind's rule in a few words (the "why" of a step)."""


def _as_event(event: Event | Mapping[str, Any]) -> Event:
    if isinstance(event, Event):
        return event
    return Event.from_dict(dict(event))


def _check_lang(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")


def explain(event: Event | Mapping[str, Any], lang: str = "en") -> str:
    """One event as a sentence a learner understands, in ``lang`` (``"en"`` or ``"fr"``)."""
    _check_lang(lang)
    ev = _as_event(event)
    try:
        return _RENDER[lang](ev.data, ev.kind)
    except KeyError as error:
        raise ValueError(f"cannot explain event {ev.kind!r}: unknown kind or missing field {error}") from None


def rule_of(event: Event | Mapping[str, Any], lang: str = "en") -> str:
    """The rule behind ``event`` in a few words, in ``lang``."""
    _check_lang(lang)
    ev = _as_event(event)
    if ev.kind == "war_cards" and ev.data.get("destination") == "discard":
        return {
            "en": "Variant: war cards go to the discard pile.",
            "fr": "Variante : les cartes de la guerre vont à la défausse.",
        }[lang]
    key = f"score_line.{ev.data.get('category')}" if ev.kind == "score_line" else ev.kind
    try:
        return RULES[lang].get(key) or RULES[lang][ev.kind]
    except KeyError:
        raise ValueError(f"no rule for event kind {ev.kind!r}") from None
