"""One player's cards going onto cartouches 1-4, before they confirm: plain Python, tested without a browser.

:class:`CardChoice` holds the hand as the panel shows it, which card of it lies on which cartouche, and
the card chosen to be put down next; it says what each card and cartouche button shows (:class:`Face`).
The card panel (:class:`~aton.widgets.assign.AssignPanel`) shows it and turns it into ``Assign``;
:func:`preview_html` and :func:`waiting_text` are the words it shows under the cards.

>>> choice = CardChoice([2, 5, 1, 3])
>>> choice.select(1)
True
>>> choice.put_on(4)
>>> choice.cards
(None, None, None, 5)
>>> choice.swap(3, 4)
>>> choice.cards
(None, None, 5, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from .. import data
from ..actions import Player
from ..game import Game, Phase
from .i18n import tr
from .words import assignment_preview, players_text

__all__ = ["CardChoice", "Face", "preview_html", "waiting_text"]


@dataclass(frozen=True)
class Face:
    """What a button shows: its words, its style (``""``, ``"info"``, ``"warning"``), whether it is off or hidden."""

    description: str
    style: str = ""
    disabled: bool = False
    hidden: bool = False


class CardChoice:
    """The cards of ``hand`` (by position) on cartouches 1-4 (``slots``), and the card ``selected`` to put down."""

    def __init__(self, hand: Sequence[int] = (), slots: Sequence[int | None] | None = None) -> None:
        self.hand: list[int] = list(hand)
        self.slots: list[int | None] = list(slots) if slots is not None else [None] * data.CARTOUCHE_COUNT
        self.selected: int | None = None

    @property
    def cards(self) -> tuple[int | None, ...]:
        """The cards on cartouches 1-4 so far (``None``: still empty)."""
        return tuple(None if slot is None else self.hand[slot] for slot in self.slots)

    def reset(self) -> None:
        """Every card back in the hand, none chosen."""
        self.slots = [None] * data.CARTOUCHE_COUNT
        self.selected = None

    def select(self, position: int) -> bool:
        """Choose the card at ``position`` (again: let it go); whether it may be chosen (in hand, not put down)."""
        if not 0 <= position < len(self.hand) or position in self.slots:
            return False
        self.selected = None if self.selected == position else position
        return True

    def put_on(self, number: int) -> None:
        """Put the chosen card on cartouche ``number``; with none chosen, take that cartouche's card back."""
        self.slots[number - 1] = self.selected
        self.selected = None

    def swap(self, first: int, second: int) -> None:
        """Swap the cards of cartouches ``first`` and ``second``."""
        a, b = first - 1, second - 1
        self.slots[a], self.slots[b] = self.slots[b], self.slots[a]

    def choose(self, cards: Sequence[int]) -> None:
        """Put ``cards`` on cartouches 1-4 at once; they must be the cards in hand (``ValueError`` otherwise)."""
        if sorted(cards) != sorted(self.hand) or len(cards) != data.CARTOUCHE_COUNT:
            raise ValueError(f"choose the four cards in hand {sorted(self.hand)}, not {list(cards)}")
        free = list(range(len(self.hand)))
        slots: list[int | None] = []
        for value in cards:
            position = next(p for p in free if self.hand[p] == value)
            free.remove(position)
            slots.append(position)
        self.slots = slots
        self.selected = None

    def card_faces(self, lang: str, editable: bool) -> list[Face]:
        """What each of the :data:`~aton.data.HAND_SIZE` card buttons shows (hidden past the hand)."""
        placed = {slot: number for number, slot in enumerate(self.slots, start=1) if slot is not None}
        faces = []
        for position in range(data.HAND_SIZE):
            if position >= len(self.hand):
                faces.append(Face("", disabled=True, hidden=True))
                continue
            value = self.hand[position]
            if position in placed:
                faces.append(Face(tr("assign.card_placed", lang, value=value, number=placed[position]), disabled=True))
            elif position == self.selected:
                faces.append(Face(tr("assign.card_chosen", lang, value=value), "info"))
            else:
                faces.append(Face(tr("assign.card", lang, value=value), disabled=not editable))
        return faces

    def slot_faces(self, lang: str, editable: bool) -> list[Face]:
        """What each cartouche button shows: its number and meaning, and its card if any."""
        faces = []
        for number, card in enumerate(self.cards, start=1):
            meaning = tr(f"cartouche_short.{number}", lang)
            if card is None:
                faces.append(Face(tr("assign.slot_empty", lang, number=number, meaning=meaning), disabled=not editable))
            else:
                words = tr("assign.slot_card", lang, number=number, meaning=meaning, value=card)
                faces.append(Face(words, "warning", disabled=not editable))
        return faces


def preview_html(cards: Sequence[int | None], round_number: int, lang: str) -> str:
    """What the cards on the cartouches would mean in round ``round_number``, as a polite status."""
    items = "".join(f"<li>{escape(line)}</li>" for line in assignment_preview(cards, round_number, lang))
    title = escape(tr("assign.preview_title", lang))
    return f'<div role="status" aria-live="polite"><b>{title}</b><ul>{items}</ul></div>'


def waiting_text(game: Game | None, player: Player, lang: str) -> str:
    """What ``player``, who has no cards to assign now, is told: not now, or whom the game waits for."""
    if game is None:
        return ""
    if game.phase is not Phase.ASSIGN:
        return tr("assign.not_now", lang) if not game.has_assigned(player) else tr("assign.done_all", lang)
    if not game.has_assigned(player):
        return ""
    waiting = [p for p in game.view(player).to_act if p is not player]
    return tr("assign.done", lang, players=players_text(waiting, lang)) if waiting else tr("assign.done_all", lang)
