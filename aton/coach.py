"""A coach: a suggested action and why, in a learner's words, from the search bot's statistics.

The coach looks only at the player's view: it runs the search bot (which
imagines the hidden cards many times) and explains its choice with what the
search measured (expected points on cartouche 1, how often you act first, an
estimated chance to win) and with what the suggested square does on the
board.  The same view gives the same hint.

>>> import aton
>>> from aton.coach import hint
>>> game = aton.new_game(seed=2)
>>> advice = hint(game.view(aton.RED), iterations=30)
>>> game.is_legal(advice.action)
True
>>> advice.text.startswith(("Put", "Exchange"))
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace

from . import data
from .actions import Action, Assign, Exchange, Place, Player, Remove
from .bots.base import Progress
from .bots.heuristics import DEFAULT_WEIGHTS, BoardInfo, Weights, aggregates, board, flat_of, missing
from .bots.mcts import PRESETS, MctsBot, OptionStats, SearchResult
from .explain import LANGUAGES
from .game import GameView, Phase
from .rules import SquareKind

COACH_ITERATIONS = 400
"""Imagined games behind a hint (a little more than the ``medium`` bot's 300; about 0.1-0.2 s)."""


@dataclass(frozen=True)
class Alternative:
    """Another option the search looked at."""

    action: Action
    win_rate: float
    share: float
    """Share of the search spent on it (the search spends more on better options)."""


@dataclass(frozen=True)
class Hint:
    """A suggestion: the action, a short explanation, the estimated chance to win and the runners-up."""

    action: Action
    text: str
    win_rate: float
    alternatives: tuple[Alternative, ...] = field(default_factory=tuple)


_WORDS = {
    "en": {
        "assign": "Put {cards}.",
        "cartouche": "{card} on cartouche {number}",
        "and": " and ",
        "c1_gain": "On cartouche 1 you can expect about {points:+.1f} points (an average over the hands your "
        "opponent may hold).",
        "c1_even": "On cartouche 1 you expect to break about even.",
        "first": "With {card} on cartouche 2 you act first in about {share:.0%} of the imagined rounds.",
        "second": "With {card} on cartouche 2 you usually act second ({share:.0%} first), so you get the last word "
        "this round.",
        "exchange": "Exchange your cards: your hand {hand} is weak, and the search does better with four new cards.",
        "place": "Place a counter on {square}.",
        "remove_theirs": "Remove your opponent's counter from {square}.",
        "remove_own": "Remove your own counter from {square}.",
        "chance": "Estimated chance to win: {rate:.0%}.",
        "take_majority": "It gives you the majority in temple {temple}.",
        "tie_majority": "It draws level in temple {temple}, so your opponent loses that majority.",
        "keep_majority": "It strengthens your majority in temple {temple}.",
        "break_majority": "It takes away your opponent's majority in temple {temple}.",
        "black_majority": "It counts for the black squares (8 points for the majority).",
        "bonus": "It is a bonus square worth {value} at each scoring.",
        "blue": "It is a blue square: temple 4's majority scores 3 for each blue square.",
        "threat_mine": "It brings you closer to a board victory ({gap} counters still needed).",
        "threat_block": "It stops your opponent's board victory ({gap} counters still needed).",
        "least_loss": "It is the counter you miss least.",
        "most_loss": "It is the counter your opponent misses most.",
        "kinds": {
            SquareKind.YELLOW: "yellow square",
            SquareKind.GREEN: "green square",
            SquareKind.BLACK: "black square",
            SquareKind.BLUE: "blue square",
            SquareKind.BONUS1: "+1 bonus square",
            SquareKind.BONUS2: "+2 bonus square",
        },
        "square": "the {kind} in temple {temple}, row {row}, column {column}",
    },
    "fr": {
        "assign": "Posez {cards}.",
        "cartouche": "le {card} sur le cartouche {number}",
        "and": " et ",
        "c1_gain": "Au cartouche 1, vous pouvez espérer environ {points:+.1f} points (une moyenne sur les mains "
        "que votre adversaire peut avoir).",
        "c1_even": "Au cartouche 1, vous devriez faire à peu près jeu égal.",
        "first": "Avec le {card} sur le cartouche 2, vous jouez en premier dans environ {share:.0%} des tours "
        "imaginés.",
        "second": "Avec le {card} sur le cartouche 2, vous jouez le plus souvent en second ({share:.0%} en premier) : "
        "vous aurez le dernier mot ce tour-ci.",
        "exchange": "Échangez vos cartes : votre main {hand} est faible, et la recherche fait mieux avec quatre "
        "nouvelles cartes.",
        "place": "Placez un pion sur {square}.",
        "remove_theirs": "Retirez le pion adverse de {square}.",
        "remove_own": "Retirez votre propre pion de {square}.",
        "chance": "Chance de gagner estimée : {rate:.0%}.",
        "take_majority": "Vous prenez la majorité dans le temple {temple}.",
        "tie_majority": "Vous égalisez dans le temple {temple} : votre adversaire y perd la majorité.",
        "keep_majority": "Vous renforcez votre majorité dans le temple {temple}.",
        "break_majority": "Votre adversaire perd sa majorité dans le temple {temple}.",
        "black_majority": "Cela compte pour les cases grises (noires) : 8 points pour la majorité.",
        "bonus": "C'est une case bonus qui rapporte {value} à chaque décompte.",
        "blue": "C'est une case bleue : la majorité du temple 4 marque 3 par case bleue.",
        "threat_mine": "Vous vous rapprochez d'une victoire sur le plateau (encore {gap} pions).",
        "threat_block": "Vous freinez la victoire de votre adversaire sur le plateau (encore {gap} pions).",
        "least_loss": "C'est le pion qui vous manquera le moins.",
        "most_loss": "C'est le pion qui manquera le plus à votre adversaire.",
        "kinds": {
            SquareKind.YELLOW: "la case dorée (jaune)",
            SquareKind.GREEN: "la case verte",
            SquareKind.BLACK: "la case grise (noire)",
            SquareKind.BLUE: "la case bleue",
            SquareKind.BONUS1: "la case bonus +1",
            SquareKind.BONUS2: "la case bonus +2",
        },
        "square": "{kind} du temple {temple}, rangée {row}, colonne {column}",
    },
}


def _square_words(view: GameView, square: tuple[int, int], lang: str) -> str:
    words = _WORDS[lang]
    kind = view.layout_kind(square)
    row, column = divmod(square[1], data.COLUMNS_PER_TEMPLE)
    kind_text = words["kinds"][kind]  # type: ignore[index]
    if lang == "en":
        kind_text = str(kind_text)
    return str(words["square"]).format(kind=kind_text, temple=square[0], row=row + 1, column=column + 1)


def _board_reasons(view: GameView, player: Player, action: Place | Remove, lang: str) -> list[str]:
    """What the square does to majorities, black and bonus squares and board-victory threats."""
    words = _WORDS[lang]
    info = BoardInfo.of(view.rules.layout)
    squares = list(board(view))
    flat = flat_of(action.square)
    owner = squares[flat] if isinstance(action, Remove) else player
    before = aggregates(squares, info)
    squares[flat] = None if isinstance(action, Remove) else player
    after = aggregates(squares, info)
    mine0, theirs0 = before[player], before[player.other]
    mine1, theirs1 = after[player], after[player.other]
    reasons: list[str] = []
    temple = action.square[0]
    t = temple - 1
    lead0, lead1 = mine0[t] - theirs0[t], mine1[t] - theirs1[t]
    if lead0 <= 0 < lead1:
        reasons.append(str(words["take_majority"]).format(temple=temple))
    elif lead0 < 0 == lead1:
        reasons.append(str(words["tie_majority"]).format(temple=temple))
    elif lead0 > 0 and lead1 > lead0 and lead0 <= 2:
        reasons.append(str(words["keep_majority"]).format(temple=temple))
    elif lead0 < 0 < lead1 or (lead0 < 0 and lead1 > lead0 and owner is player.other):
        reasons.append(str(words["break_majority"]).format(temple=temple))
    kind = view.layout_kind(action.square)
    if kind is SquareKind.BLACK:
        reasons.append(str(words["black_majority"]))
    elif kind.bonus:
        reasons.append(str(words["bonus"]).format(value=f"+{kind.bonus}"))
    elif kind is SquareKind.BLUE:
        reasons.append(str(words["blue"]))
    my_gap0, my_gap1 = missing(mine0, theirs0, info), missing(mine1, theirs1, info)
    their_gap0, their_gap1 = missing(theirs0, mine0, info), missing(theirs1, mine1, info)
    if my_gap1 < my_gap0 and my_gap1 <= 6:
        reasons.append(str(words["threat_mine"]).format(gap=my_gap1))
    if their_gap1 > their_gap0 and their_gap0 <= 6:
        reasons.append(str(words["threat_block"]).format(gap=their_gap1))
    if not reasons and isinstance(action, Remove):
        reasons.append(str(words["least_loss"] if owner is player else words["most_loss"]))
    return reasons[:2]


def _assign_text(view: GameView, option: OptionStats, lang: str) -> list[str]:
    words = _WORDS[lang]
    action = option.action
    if isinstance(action, Exchange):
        hand = ", ".join(map(str, view.hand(action.player) or []))
        return [str(words["exchange"]).format(hand=f"({hand})")]
    assert isinstance(action, Assign)
    parts = [
        str(words["cartouche"]).format(card=card, number=number) for number, card in enumerate(action.cards, start=1)
    ]
    sentences = [str(words["assign"]).format(cards=", ".join(parts[:-1]) + str(words["and"]) + parts[-1])]
    points = option.extra.get("cartouche1")
    if points is not None:
        sentences.append(str(words["c1_gain"] if abs(points) >= 0.5 else words["c1_even"]).format(points=points))
    first = option.extra.get("first")
    if first is not None and view.round > 0:
        key = "first" if first >= 0.5 else "second"
        sentences.append(str(words[key]).format(card=action.cards[1], share=first))
    return sentences


def hint(
    view: GameView,
    lang: str = "en",
    *,
    iterations: int = COACH_ITERATIONS,
    seed: int = 0,
    weights: Weights | None = None,
    on_progress: Progress | None = None,
) -> Hint:
    """Suggest an action for ``view.viewer`` and explain it (``lang`` is ``"en"`` or ``"fr"``).

    ``on_progress(fraction)`` is called while the search runs, as for the bots
    (returning ``False`` stops it early).  Raises ``ValueError`` when the
    viewer has nothing to decide.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    if not isinstance(view, GameView):
        raise ValueError("the coach reads a player's view: pass game.view(player)")
    player = view.viewer
    if player not in view.to_act:
        raise ValueError(f"{player.label} has nothing to decide now")
    config = replace(PRESETS["medium"], iterations=iterations, weights=weights or DEFAULT_WEIGHTS)
    result: SearchResult = MctsBot(config, name="coach").search(view, random.Random(f"aton/coach/{seed}"), on_progress)
    if on_progress is not None:
        on_progress(1.0)
    best = result.options[0]
    words = _WORDS[lang]
    if view.phase is Phase.ASSIGN:
        sentences = _assign_text(view, best, lang)
    else:
        action = best.action
        assert isinstance(action, (Place, Remove))
        where = _square_words(view, action.square, lang)
        if isinstance(action, Place):
            sentences = [str(words["place"]).format(square=where)]
        elif view.owner(action.square) is player:
            sentences = [str(words["remove_own"]).format(square=where)]
        else:
            sentences = [str(words["remove_theirs"]).format(square=where)]
        sentences += _board_reasons(view, player, action, lang)
    if result.iterations:
        sentences.append(str(words["chance"]).format(rate=best.win_rate))
    total = sum(option.visits for option in result.options) or 1
    alternatives = tuple(
        Alternative(option.action, option.win_rate, option.visits / total) for option in result.options[1:4]
    )
    text = " ".join(sentences)
    if lang == "fr":
        text = re.sub(r"(\d)\.(\d)", r"\1,\2", re.sub(r"(\d)%", "\\1\u00a0%", text))
    return Hint(best.action, text, best.win_rate, alternatives)


__all__ = ["COACH_ITERATIONS", "Alternative", "Hint", "hint"]
