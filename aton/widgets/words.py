"""Sentences the widgets show, built from public facts of a state (no widget imports).

- :func:`describe` says what a point of the board is and what it scores
  (hover, keyboard focus, a click on a read-only board);
- :func:`prompt` says who must do what now;
- :func:`assignment_preview` says what a choice of cards on the cartouches means;
- :func:`result_text` says how a finished game ended.

The numbers come from :mod:`aton.data` and the board layout, never from here.

>>> import aton
>>> game = aton.new_game(seed=7)
>>> prompt(game, "en")
'Red and Blue: choose your cards for the four cartouches.'
>>> assignment_preview((4, 1, 2, 3), round_number=2, lang="en")[2]
'Cartouche 3 = 2: you may act in temples 1 and 2.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import data
from ..actions import PLAYERS, Player, Square
from ..events import CounterPlaced, PlacementAllowed
from ..explain import temples_upto
from ..game import Game, Phase
from ..i18n import join
from ..rules import SquareKind
from .i18n import player_word, tr
from .scene import Target, visible_cards

__all__ = ["assignment_preview", "describe", "join_words", "players_text", "prompt", "result_text", "temples_text"]


def join_words(words: Sequence[str], lang: str) -> str:
    """``["a", "b", "c"]`` -> ``"a, b, and c"`` (``"a, b et c"`` in French)."""
    return join(words, lang)


def players_text(players: Iterable[Player], lang: str) -> str:
    """``(RED, BLUE)`` -> ``"Red and Blue"``; nobody -> ``"nobody"``."""
    names = [player_word(p.label, lang) for p in players]
    return join_words(names, lang) if names else tr("nobody", lang)


def temples_text(count: int, lang: str) -> str:
    """Temples 1..count in words: ``"temple 1 only"``, ``"temples 1 and 2"``, ``"temples 1 to 3"``."""
    return temples_upto(count, lang)


def _kind_sentence(state: Game, kind: SquareKind, lang: str) -> str:
    layout = state.rules.layout
    count = len(layout.squares_of(kind))
    if kind is SquareKind.YELLOW:
        return tr("describe.kind.Y", lang, count=count)
    if kind is SquareKind.GREEN:
        return tr("describe.kind.G", lang, count=count)
    if kind is SquareKind.BLACK:
        return tr("describe.kind.K", lang, count=count, points=data.BLACK_MAJORITY_POINTS)
    if kind is SquareKind.BLUE:
        return tr("describe.kind.B", lang, points=data.TEMPLE4_POINTS_PER_BLUE_SQUARE)
    return tr("describe.kind.bonus", lang, value=kind.bonus)


def _temple_sentence(temple: int, lang: str) -> str:
    points = {2: data.TEMPLE2_MAJORITY_POINTS, 4: data.TEMPLE4_POINTS_PER_BLUE_SQUARE}.get(temple, 0)
    return tr(f"describe.temple.{temple}", lang, points=points)


def describe_square(state: Game, square: Square, lang: str) -> str:
    """What ``square`` is, who stands on it, and what it scores."""
    temple, index = square
    row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
    kind = state.layout_kind(square)
    owner = state.owner(square)
    occupant = (
        tr("describe.empty", lang)
        if owner is None
        else tr("describe.occupied", lang, counter=tr(f"counter.{owner.label}", lang))
    )
    head = tr(
        "describe.square",
        lang,
        temple=temple,
        row=row + 1,
        column=column + 1,
        kind=tr(f"kind_square.{kind.code}", lang),
        letter=tr(f"kind_letter.{kind.code}", lang),
        occupant=occupant,
    )
    return " ".join([head, _kind_sentence(state, kind, lang), _temple_sentence(temple, lang)])


def describe(target: Target, state: Game, lang: str = "en", viewer: Player | None = None) -> str:
    """A sentence about ``target`` in ``state``: what it is and what it scores."""
    red, blue = player_word("red", lang), player_word("blue", lang)
    match target:
        case Target(kind="square") if target.square is not None:
            return describe_square(state, target.square, lang)
        case Target(kind="temple") if target.temple is not None:
            temple = target.temple
            counts = [state.counters_in_temple(p, temple) for p in PLAYERS]
            head = tr(
                "describe.temple_header",
                lang,
                rule=_temple_sentence(temple, lang),
                red=red,
                red_count=counts[0],
                blue=blue,
                blue_count=counts[1],
            )
            return f"{head} {tr('describe.temple_all', lang, count=data.SQUARES_PER_TEMPLE)}"
        case Target(kind="cartouche") if target.player is not None and target.number is not None:
            cards = visible_cards(state, target.player, viewer)
            if cards is not None:
                card = tr("describe.card_up", lang, value=cards[target.number - 1])
            elif state.has_assigned(target.player):
                card = tr("card_face_down", lang)
            else:
                card = tr("card_empty", lang)
            rule = tr(
                f"describe.cartouche.{target.number}",
                lang,
                points=data.CARTOUCHE1_POINTS_PER_DIFFERENCE,
                offset=data.REMOVAL_OFFSET,
            )
            return tr(
                "describe.cartouche_of",
                lang,
                player=player_word(target.player.label, lang),
                number=target.number,
                card=card,
                rule=rule,
            )
        case Target(kind="kingdom"):
            return tr("describe.kingdom", lang, **kingdom_fields(state, lang))
        case Target(kind="score"):
            return tr(
                "describe.score",
                lang,
                red=red,
                red_points=state.score(Player.RED),
                blue=blue,
                blue_points=state.score(Player.BLUE),
                points=data.WINNING_POINTS,
            )
        case Target(kind="player") if target.player is not None:
            player = target.player
            exchange = "available" if state.exchange_available(player) else "used"
            return tr(
                "describe.player",
                lang,
                player=player_word(player.label, lang),
                points=state.score(player),
                count=state.stock(player),
                exchange=tr(f"describe.exchange.{exchange}", lang),
            )
    return ""


def result_text(state: Game, lang: str = "en") -> str:
    """How the game ended, or ``""`` while it goes on."""
    result = state.result
    if result is None:
        return ""
    reason = tr(f"reason.{result.reason.value}", lang)
    if result.winner is None:
        return tr("draw", lang, reason=reason)
    return tr("winner", lang, player=player_word(result.winner.label, lang), reason=reason)


def prompt(state: Game, lang: str = "en", controls: Sequence[Player] | None = None) -> str:
    """Who must do what now, in one sentence (from public facts only).

    ``controls``: the players whose squares this screen chooses (``None``: the player acting reads it).
    Only the acting player is asked to choose a square; everybody else is told what they wait for.
    Before the first counter of a turn is placed the count has no "more".
    """
    phase = state.phase
    if phase is Phase.OVER:
        return result_text(state, lang) or tr("prompt.over", lang)
    if phase is Phase.ASSIGN:
        choosing = controls is None or any(player in controls for player in state.to_act)
        return tr(
            "prompt.assign" if choosing else "prompt.others.assign", lang, players=players_text(state.to_act, lang)
        )
    actor = state.actor
    if actor is None:
        return tr("prompt.wait", lang, players=players_text(state.to_act, lang))
    player = player_word(actor.label, lang)
    acting = controls is None or actor in controls
    key = "prompt." if acting else "prompt.others."
    if phase is Phase.PLACE:
        first = _no_counter_placed_yet(state)
        return tr(
            f"{key}place_first" if first else f"{key}place",
            lang,
            player=player,
            count=state.placements_left,
            temples=temples_text(state.allowed_temples(actor), lang),
        )
    if phase is Phase.REMOVE:
        owners = {state.owner(square) for square in state.legal_squares(actor)}
        target = next((owner for owner in owners if owner is not None), actor.other)
        return tr(
            f"{key}remove",
            lang,
            player=player,
            count=state.removals_left,
            target=player_word(target.label, lang),
            temples=temples_text(state.allowed_temples(actor), lang),
        )
    return tr(f"{key}scoring_remove", lang, player=player, count=state.removals_left)


def _no_counter_placed_yet(state: Game) -> bool:
    """Whether the player placing now has not placed a counter of this turn yet."""
    for event in reversed(state.events):
        if isinstance(event, CounterPlaced):
            return False
        if isinstance(event, PlacementAllowed):
            return True
    return True


def _assign_temples(value: int, lang: str) -> str:
    return temples_upto(value, lang)


def assignment_preview(cards: Sequence[int | None], round_number: int, lang: str = "en") -> list[str]:
    """One sentence per cartouche saying what the card on it would do (``None``: still empty)."""
    lines = []
    for number, value in enumerate(cards, start=1):
        if value is None:
            lines.append(tr("assign.preview.missing", lang, number=number))
        elif number == 1:
            lines.append(tr("assign.preview.1", lang, value=value, points=data.CARTOUCHE1_POINTS_PER_DIFFERENCE))
        elif number == 2:
            offset = data.REMOVAL_OFFSET
            if value > offset:
                text = tr("assign.preview.2.remove", lang, value=value, count=value - offset, offset=offset)
            elif value == offset:
                text = tr("assign.preview.2.nothing", lang, value=value, offset=offset)
            else:
                text = tr("assign.preview.2.own", lang, value=value)
            if round_number == 1:
                text = f"{text} {tr('assign.preview.2.first_round', lang)}"
            lines.append(text)
        elif number == 3:
            lines.append(tr("assign.preview.3", lang, value=value, temples=_assign_temples(value, lang)))
        else:
            lines.append(tr("assign.preview.4", lang, value=value, count=value))
    return lines


def kingdom_fields(state: Game, lang: str) -> dict[str, object]:
    """The facts every sentence about the Kingdom of the Dead names: how full, and whose counters."""
    kingdom = state.kingdom
    return {
        "count": len(kingdom),
        "size": data.KINGDOM_SIZE,
        "red": player_word("red", lang),
        "red_count": kingdom.count(Player.RED),
        "blue": player_word("blue", lang),
        "blue_count": kingdom.count(Player.BLUE),
    }
