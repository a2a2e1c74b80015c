"""The card assignment panel: one player's four cards onto cartouches 1-4, with a live preview.

The panel reads the hand from ``game.view(player)``, so it can only ever hold
that player's own cards.  Click a card then a cartouche (a filled cartouche
clicked with no card chosen gives its card back), or use the swap buttons.
The preview says what the choice means.  *Exchange* hands in the exchange
counter (while unused); *Confirm* chooses ``aton.Assign``.  The panel never plays
an action itself: it hands it to its referee (:mod:`aton.widgets.referee`), the
app's controller when one is attached, else the game's own referee.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from .. import data
from ..actions import RED, Action, Assign, Exchange, Player
from ..game import Game, Phase
from .assign_choice import CardChoice, Face, preview_html, waiting_text
from .i18n import check_lang, player_word, tr
from .referee import Outcome, Referee, referee_for, register

__all__ = ["AssignPanel"]


class AssignPanel(widgets.VBox):  # type: ignore[misc]
    """Put the cards in hand on the four cartouches and confirm (CSS class ``aton-assign``).

    ``AssignPanel(game=None, player=RED, *, lang="en", referee=None, confirm_exchange=False)``: ``referee``
    plays the panel's choices (default: :func:`~aton.widgets.referee.referee_for` the game);
    ``confirm_exchange``: the exchange button first asks "Exchange your four cards?", and only "Yes,
    exchange" hands the counter in (an exchange cannot be undone: the new cards have been seen).

    Methods for hosts and tests: :meth:`select_card`, :meth:`put_on`, :meth:`swap`, :meth:`clear`,
    :meth:`choose` (all four at once), :meth:`exchange`, :meth:`confirm`, :meth:`refresh` (after the
    game moved on), :meth:`set_player` (two people on one screen), :meth:`set_game`.
    :meth:`on_action` calls back with the ``Exchange`` or ``Assign`` played.  ``cards`` is the
    current choice (``None`` for an empty cartouche).  CSS classes: ``aton-card``,
    ``aton-cartouche-slot``, ``aton-swap``, ``aton-exchange``, ``aton-exchange-ask`` (the question, with
    ``aton-exchange-yes`` and ``aton-exchange-no``), ``aton-confirm``, ``aton-assign-preview``,
    ``aton-assign-message``.
    """

    lang = traitlets.Unicode("en")
    touch = traitlets.Bool(False, help='A finger points: the help says "tap", not "click".')

    def __init__(
        self,
        game: Game | None = None,
        player: Player = RED,
        *,
        lang: str = "en",
        referee: Referee | None = None,
        confirm_exchange: bool = False,
        touch: bool = False,
        heading_level: int = 3,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if not 1 <= heading_level <= 6:
            raise ValueError(f"a heading level is 1 to 6, not {heading_level}")
        self.heading_level = heading_level
        """The level of the panel's title (``<h3>``: under a page's or a notebook section's own headings)."""
        self._referee = referee
        self.confirm_exchange = confirm_exchange
        self._asking = False
        self.add_class("aton-assign")
        self.title = widgets.HTML()
        self.help = widgets.HTML()
        self.hand_label = widgets.HTML()
        self.card_buttons = [self._button("aton-card", "auto") for _ in range(data.HAND_SIZE)]
        self.slot_buttons = [self._button("aton-cartouche-slot", "13em") for _ in range(data.CARTOUCHE_COUNT)]
        self.swap_buttons = [self._button("aton-swap", "auto") for _ in range(data.CARTOUCHE_COUNT - 1)]
        self.clear_button = self._button("aton-clear", "auto")
        self.exchange_button = self._button("aton-exchange", "auto")
        self.confirm_button = self._button("aton-confirm", "auto")
        self.confirm_button.button_style = "success"
        self.exchange_question = widgets.HTML()
        self.exchange_yes = self._button("aton-exchange-yes", "auto")
        self.exchange_yes.button_style = "warning"
        self.exchange_no = self._button("aton-exchange-no", "auto")
        self.exchange_ask = widgets.VBox([self.exchange_question, widgets.HBox([self.exchange_yes, self.exchange_no])])
        self.exchange_ask.add_class("aton-exchange-ask")
        self.exchange_ask.layout.display = "none"
        self.preview = widgets.HTML()
        self.preview.add_class("aton-assign-preview")
        self.status = widgets.HTML()
        self.status.add_class("aton-assign-message")
        for position, button in enumerate(self.card_buttons):
            button.on_click(lambda _b, position=position: self.select_card(position))
        for number, button in enumerate(self.slot_buttons, start=1):
            button.on_click(lambda _b, number=number: self.put_on(number))
        for first, button in enumerate(self.swap_buttons, start=1):
            button.on_click(lambda _b, first=first: self.swap(first, first + 1))
        self.clear_button.on_click(lambda _b: self.clear())
        self.exchange_button.on_click(lambda _b: self.ask_exchange() if self.confirm_exchange else self.exchange())
        self.exchange_yes.on_click(lambda _b: self.exchange())
        self.exchange_no.on_click(lambda _b: self.keep_cards())
        self.confirm_button.on_click(lambda _b: self.confirm())
        self.children = [
            self.title,
            self.help,
            widgets.HBox([self.hand_label, *self.card_buttons]),
            widgets.HBox(self.slot_buttons, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([*self.swap_buttons, self.clear_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.preview,
            widgets.HBox([self.exchange_button, self.confirm_button]),
            self.exchange_ask,
            self.status,
        ]
        self._game = game
        self._player = Player(player)
        self.choice = CardChoice()
        """The cards on the cartouches so far (:class:`~aton.widgets.assign_choice.CardChoice`)."""
        self._was_editable = False
        self._status: Callable[[str], str] | None = None
        self._callbacks: list[Callable[[Action], None]] = []
        self._choice_callbacks: list[Callable[[tuple[int | None, ...] | None], None]] = []
        self._told: tuple[int | None, ...] | None = None
        self.lang = check_lang(lang)
        self.touch = touch
        self.observe(lambda _change: self._render(), names=["lang", "touch"])
        self.refresh()

    @staticmethod
    def _button(css: str, width: str) -> Any:
        button = widgets.Button(layout=widgets.Layout(width=width, min_width="6em"))
        button.add_class(css)
        return button

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    # ------------------------------------------------------------ public API
    @property
    def player(self) -> Player:
        """The player whose cards the panel shows."""
        return self._player

    @property
    def game(self) -> Game | None:
        """The game the panel plays in."""
        return self._game

    @property
    def referee(self) -> Referee | None:
        """Who plays the panel's choices: the one attached, else the game's own (``None``: no game)."""
        if self._referee is not None:
            return self._referee
        return referee_for(self._game) if self._game is not None else None

    @property
    def hand(self) -> list[int]:
        """The cards in hand as the panel shows them (only the panel's player's own cards)."""
        return list(self.choice.hand)

    @property
    def cards(self) -> tuple[int | None, ...]:
        """The cards on cartouches 1-4 so far (``None``: still empty)."""
        return self.choice.cards

    @property
    def editable(self) -> bool:
        """Whether the player has cards to assign now."""
        game = self._game
        return game is not None and game.phase is Phase.ASSIGN and not game.has_assigned(self._player)

    def set_game(self, game: Game | None) -> None:
        """Assign in ``game`` from now on."""
        self._game = game
        self._reset()
        self.refresh()

    def follow(self, game: Game) -> None:
        """The same game seen anew (a room's next view): the choice in progress stays while it still fits."""
        self._game = game
        self.refresh()

    def set_player(self, player: Player) -> None:
        """Show ``player``'s hand instead (the previous hand leaves the panel)."""
        self._player = Player(player)
        self._reset()
        self.refresh()

    def refresh(self) -> None:
        """Read the game again (a new round, an exchange made elsewhere); keeps the choice if the hand is unchanged.

        While the player may assign, the panel shows their hand; once they have assigned, the cards they
        put on the cartouches (their own, so never hidden from them).
        """
        game = self._game
        hand: list[int] = []
        slots: list[int | None] = [None] * data.CARTOUCHE_COUNT
        if game is not None:
            view = game.view(self._player)
            if self.editable:
                hand = list(view.hand(self._player) or [])
            else:
                assigned = view.assignment(self._player)
                if assigned is not None:
                    hand, slots = list(assigned), list(range(len(assigned)))
        editable = self.editable
        if hand != self.choice.hand or not editable or not self._was_editable:
            self.choice = CardChoice(hand, None if editable else slots)
            self._status = None if editable else (lambda lang: waiting_text(self._game, self._player, lang))
        self._was_editable = editable
        self._render()

    def select_card(self, position: int) -> None:
        """Choose the card at ``position`` in the hand (again: let it go)."""
        if not self.editable or not self.choice.select(position):
            return
        value = self.choice.hand[position]
        chosen = self.choice.selected is not None
        key = "assign.select_card.touch" if self.touch else "assign.select_card"
        self._status = (lambda lang: tr(key, lang, value=value)) if chosen else None
        self._render()

    def put_on(self, number: int) -> None:
        """Put the chosen card on cartouche ``number``; with no card chosen, take that cartouche's card back."""
        if not self.editable:
            return
        self.choice.put_on(number)
        self._status = None
        self._render()

    def swap(self, first: int, second: int) -> None:
        """Swap the cards of cartouches ``first`` and ``second``."""
        if not self.editable:
            return
        self.choice.swap(first, second)
        self._render()

    def clear(self) -> None:
        """Take every card back into the hand."""
        self._reset()
        self._render()

    def choose(self, cards: Sequence[int]) -> None:
        """Put ``cards`` on cartouches 1-4 at once; they must be the cards in hand (``ValueError`` otherwise)."""
        self.choice.choose(cards)
        self._status = None
        self._render()

    def ask_exchange(self) -> None:
        """Ask whether to exchange the cards ("Yes, exchange" / "No, keep my cards"); nothing is played yet."""
        self._asking = True
        self._render()

    def keep_cards(self) -> None:
        """Answer "No" to the exchange question: the hand stays."""
        self._asking = False
        self._render()

    def exchange(self) -> Action | None:
        """Hand in the exchange counter (the referee plays it) and show the new hand."""
        game = self._game
        self._asking = False
        if game is None:
            return None
        return self._apply(Exchange(self._player), lambda lang: tr("assign.exchanged", lang))

    def confirm(self) -> Action | None:
        """Hand the choice to the referee as ``aton.Assign`` (all four cartouches must be filled)."""
        game = self._game
        if game is None or not self.editable:
            return None
        cards = self.cards
        if any(card is None for card in cards):
            self._status = lambda lang: tr("assign.need_all", lang)
            self._render()
            return None
        return self._apply(Assign(self._player, tuple(card for card in cards if card is not None)), None)

    def on_action(self, callback: Callable[[Action], None], remove: bool = False) -> None:
        """Call ``callback(action)`` after the referee played the panel's ``Exchange`` or ``Assign``."""
        register(self._callbacks, callback, remove)

    def on_choice(self, callback: Callable[[tuple[int | None, ...] | None], None], remove: bool = False) -> None:
        """Call ``callback(cards)`` when the choice not yet confirmed changes (``None`` once it is confirmed).

        A host draws the choice on its board's cartouches, for the player's own eyes.
        """
        known = callback in self._choice_callbacks
        register(self._choice_callbacks, callback, remove)
        if not remove and not known:
            callback(self._told)

    # ------------------------------------------------------------- internals
    def _apply(self, action: Action, done: Callable[[str], str] | None) -> Action | None:
        referee = self.referee
        if referee is None:
            return None
        drawn: list[Outcome] = []

        def draw(outcome: Outcome) -> None:
            """Show the outcome at once, before the referee's app moves on (it may close this panel)."""
            drawn.append(outcome)
            refusal = outcome.refusal
            if refusal is not None:
                self._status = lambda lang: _capital(refusal(lang))
                self._render()
                return
            self.refresh()
            if done is not None:
                self._status = done
                self._render()

        outcome = referee.submit(action, draw)
        if not drawn:
            draw(outcome)
        if outcome.refusal is not None:
            return None
        for callback in list(self._callbacks):
            callback(action)
        return action

    def _reset(self) -> None:
        self.choice.reset()
        self._status = None

    def _render(self) -> None:
        lang = self.lang
        editable = self.editable
        name = player_word(self._player.label, lang)
        level, title = self.heading_level, escape(tr("assign.title", lang, player=name))
        self.title.value = f'<h{level} class="aton-assign-title">{title}</h{level}>'
        help_key = "assign.help.touch" if self.touch else "assign.help"
        self.help.value = f"<p>{escape(tr(help_key, lang))}</p>" if editable else ""
        self.hand_label.value = f"<b>{escape(tr('assign.hand', lang))}</b>"
        for button, face in zip(self.card_buttons, self.choice.card_faces(lang, editable), strict=True):
            _show(button, face)
        for button, face in zip(self.slot_buttons, self.choice.slot_faces(lang, editable), strict=True):
            _show(button, face)
        cards = self.cards
        for first, button in enumerate(self.swap_buttons, start=1):
            button.description = tr("assign.swap", lang, a=first, b=first + 1)
            button.disabled = not editable
        self.clear_button.description = tr("assign.clear", lang)
        self.clear_button.disabled = not editable
        game = self._game
        can_exchange = editable and game is not None and game.exchange_available(self._player)
        self.exchange_button.description = tr("assign.exchange", lang)
        self.exchange_button.layout.display = "" if can_exchange and not self._asking else "none"
        self.exchange_ask.layout.display = "" if can_exchange and self._asking else "none"
        self.exchange_question.value = f"<p>{escape(tr('assign.exchange_ask', lang))}</p>"
        self.exchange_yes.description = tr("assign.exchange_yes", lang)
        self.exchange_no.description = tr("assign.exchange_no", lang)
        self.confirm_button.description = tr("assign.confirm", lang)
        self.confirm_button.disabled = not editable or any(card is None for card in cards)
        shown = editable or any(card is not None for card in cards)
        self.preview.value = preview_html(cards, game.round if game is not None else 1, lang) if shown else ""
        text = self._status(lang) if self._status is not None else ""
        self.status.value = f'<div role="status" aria-live="polite">{escape(text)}</div>' if text else ""
        choice = cards if editable else None
        if choice != self._told:
            self._told = choice
            for callback in list(self._choice_callbacks):
                callback(choice)


def _show(button: widgets.Button, face: Face) -> None:
    """Make ``button`` show ``face``."""
    button.description = face.description
    if not face.hidden:
        button.button_style = face.style
    button.disabled = face.disabled
    button.layout.display = "none" if face.hidden else ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
