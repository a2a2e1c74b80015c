"""What a board shows and what its choices become: plain Python, without a widget.

:class:`BoardModel` holds the board's side of the game: the live game and the eyes it is seen with,
a shown step, the squares the last events changed, the keyboard cursor, the hover, the coach's
suggestion, the words above and below the canvas, and the callbacks.  A choice of a square becomes
``Place``/``Remove`` for the player who must act and goes to the referee
(:mod:`aton.widgets.referee`); the model never decides a rule.  After each change it asks its widget
(:class:`~aton.widgets.board.BoardView`) to draw one of :data:`DRAWS`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Literal

from .. import data
from ..actions import Action, Place, Player, Remove, Square
from ..events import Event
from ..explain import explain
from ..game import Game, GameView, Phase
from .board_input import next_square
from .highlights import Highlights, highlights_for_events
from .i18n import tr
from .referee import Outcome, Referee, referee_for
from .scene import Geometry, Target
from .words import describe, prompt

__all__ = ["ACTING_PHASES", "DRAWS", "BoardModel", "Draw", "square_words"]

ACTING_PHASES = (Phase.REMOVE, Phase.PLACE, Phase.SCORING_REMOVE)
"""The phases where a square is chosen."""
Draw = Literal["all", "board", "message", "info"]
DRAWS: tuple[Draw, ...] = ("all", "board", "message", "info")
"""What the widget draws again: everything, the canvas and the line under it, the message, the line under it."""
Words = Callable[[str], str]
"""Text for people as a function of the language (kept on a language switch)."""


def square_words(square: Square, lang: str) -> str:
    """Where ``square`` is, in words (``"Temple 1, row 1, column 2"``)."""
    temple, index = square
    row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
    return tr("picker.where", lang, temple=temple, row=row + 1, column=column + 1)


class BoardModel:
    """The state of one board and what its clicks do; ``draw(what)`` redraws the widget's part ``what``."""

    def __init__(
        self,
        draw: Callable[[Draw], None],
        *,
        viewer: Player | None = None,
        controls: Iterable[Player] = (),
        referee: Referee | None = None,
        show_changes: bool = True,
    ) -> None:
        self.draw = draw
        self.attached = referee
        self.show_changes = show_changes
        self.game: Game | None = None
        self.viewer = viewer
        self.controls: tuple[Player, ...] = tuple(Player(p) for p in controls)
        self.state: Game | None = None
        """What is drawn: the shown step, or the live game as ``viewer`` sees it."""
        self.shown: Game | None = None
        self.shown_step: Words | None = None
        self.shown_highlights = Highlights()
        self.changes = Highlights()
        self.events_seen = 0
        self.cursor: Square | None = None
        self.cursor_played: Square | None = None
        """The square the keyboard just played, while the cursor waits there for a square to go on to."""
        self.hover: Target | None = None
        self.message: Words | None = None
        self.message_alert = False
        self.read_only: Words | None = None
        """What a click on a square says when this board chooses nothing (``None``: moves are chosen elsewhere)."""
        self.info: Words | None = None
        self.preview: tuple[int | None, ...] | None = None
        self.suggested: Square | None = None
        self.action_callbacks: list[Callable[[Action], None]] = []
        self.illegal_callbacks: list[Callable[[Action, str], None]] = []
        self.select_callbacks: list[Callable[[Target], None]] = []

    # ------------------------------------------------------------ what is shown
    @property
    def referee(self) -> Referee | None:
        """Who plays the choices: the one attached, else the game's own (``None``: no game)."""
        if self.attached is not None:
            return self.attached
        return referee_for(self.game) if self.game is not None else None

    def set_game(self, game: Game | None) -> None:
        """Show and play ``game`` from now on."""
        self.game = game
        self.events_seen = len(game.events) if game is not None else 0
        self.changes = Highlights()
        self.cursor = None
        self.shown = None
        self.message = None
        self.preview = None
        self.suggested = None
        self.update_state()
        self.draw("all")

    def follow(self, game: Game) -> None:
        """Show ``game``, a newer view of the game shown (a shared room moved on): with ``show_changes``, what
        its new events did stays marked until the next move.  A view of another game starts afresh."""
        if self.game is None or len(game.events) < self.events_seen:
            self.set_game(game)
            return
        self.game = game
        self.refresh()

    def set_viewer(self, viewer: Player | None) -> None:
        """Look at the game as ``viewer``."""
        self.viewer = viewer
        self.cursor = None
        self.preview = None  # a choice belongs to the eyes that made it
        self.update_state()
        self.draw("all")

    def set_controls(self, players: Iterable[Player]) -> None:
        """Choose for ``players`` from now on."""
        self.controls = tuple(Player(p) for p in players)

    def refresh(self) -> None:
        """Draw the live game again; with ``show_changes`` mark what the new events placed or emptied."""
        game = self.game
        if game is not None and self.show_changes and len(game.events) > self.events_seen:
            self.changes = highlights_for_events(game.events[self.events_seen :], game.rules.layout)
        self.events_seen = len(game.events) if game is not None else 0
        self.shown = None
        self.message = None
        self.update_state()
        self.advance_cursor()
        self.draw("all")

    def show(self, state: Game, highlights: Highlights | None = None, step: Words | None = None) -> None:
        """Draw ``state`` with ``highlights`` (``step``: what the step is, in words); clicks only describe."""
        if self.viewer is not None and not isinstance(state, GameView):
            state = state.view(self.viewer)
        self.shown_step = step
        self.shown = state
        self.shown_highlights = highlights or Highlights()
        self.message = lambda lang: ""
        self.update_state()
        self.draw("all")

    def set_preview(self, cards: Sequence[int | None] | None) -> None:
        """Draw the viewer's unconfirmed cards on their cartouches (``None``: none)."""
        chosen = tuple(cards) if cards is not None else None
        if chosen != self.preview:
            self.preview = chosen
            self.draw("board")

    def suggest(self, square: Square | None) -> None:
        """Mark the coach's square on the live game (``None``: no mark)."""
        if square != self.suggested:
            self.suggested = square
            self.draw("board")

    def say(self, text: str | Words, *, alert: bool = False) -> None:
        """Put a message above the board: a text, or a function of the language."""
        self.message = text if callable(text) else (lambda lang, text=text: text)
        self.message_alert = alert
        self.draw("message")

    def update_state(self) -> None:
        if self.shown is not None:
            self.state = self.shown
        elif self.game is None:
            self.state = None
        elif self.viewer is not None and not isinstance(self.game, GameView):
            self.state = self.game.view(self.viewer)
        else:
            self.state = self.game

    @property
    def up_to_date(self) -> bool:
        """Whether the live game is drawn with every event so far."""
        game = self.game
        return self.shown is None and (game is None or self.events_seen == len(game.events))

    def legal_squares(self) -> list[Square]:
        """Squares the acting player may choose now, if this board controls that player."""
        game = self.game
        if game is None or self.shown is not None or game.phase not in ACTING_PHASES:
            return []
        actor = game.actor
        if actor is None or actor not in self.controls:
            return []
        return game.legal_squares(actor)

    def first_focus(self) -> Square:
        """Where the keyboard cursor starts: the first square that may be chosen."""
        legal = self.legal_squares()
        return legal[0] if legal else (1, 0)

    def highlights(self) -> Highlights:
        """What the overlay marks: a shown step's, or the changes, the legal squares and the suggestion."""
        if self.shown is not None:
            base = self.shown_highlights
        else:
            base = self.changes.merged(Highlights(legal=frozenset(self.legal_squares()), suggested=self.suggested))
        return base.merged(Highlights(cursor=self.cursor, hover=self.hover))

    # ------------------------------------------------------------------ words
    def describe_text(self, target: Target, lang: str) -> str:
        """What ``target`` is, for the eyes of the viewer."""
        state = self.state
        return "" if state is None else describe(target, state, lang, self.viewer)

    def describe(self, target: Target) -> None:
        """Say what ``target`` is under the board."""
        self.info = lambda lang: self.describe_text(target, lang)
        self.draw("info")

    def point_at(self, target: Target | None, *, again: bool = False) -> bool:
        """Outline and describe ``target`` (the mouse or a long press is on it); whether anything changed.

        ``again``: say it even if it is pointed at already (a long press).
        """
        if target == self.hover and not again:
            return False
        self.hover = target
        self.info = None if target is None else (lambda lang, t=target: self.describe_text(t, lang))
        return True

    def point_away(self) -> bool:
        """Nothing is pointed at any more (the mouse left): back to the cursor's words; whether that changed."""
        if self.hover is None:
            return False
        self.hover = None
        self.info = self.cursor_info()
        return True

    def cursor_info(self) -> Words | None:
        """What is under the keyboard cursor, in words (``None``: no cursor)."""
        cursor = self.cursor
        if cursor is None:
            return None
        return lambda lang: self.describe_text(Target("square", square=cursor), lang)

    def move_cursor(self, square: Square | None) -> None:
        """The keyboard cursor to ``square`` (``None``: off the board), said under the board."""
        self.cursor = square
        self.cursor_played = None
        self.info = self.cursor_info()
        self.draw("board")

    def played_by_keyboard(self, square: Square) -> None:
        """The keyboard played ``square``: the cursor goes on to the next square that may be chosen, at once or
        once one may be (the bot's turn first, or the steps to watch); the next Enter plays there."""
        self.cursor_played = square
        self.advance_cursor()
        self.draw("board")

    def advance_cursor(self) -> None:
        """Move the cursor on from the square the keyboard played, if it waits there and a square may be chosen."""
        played = self.cursor_played
        if played is None or self.cursor != played:
            self.cursor_played = None
            return
        square = next_square(self.legal_squares(), played)
        if square is not None:
            self.cursor, self.cursor_played = square, None
            self.info = self.cursor_info()

    def info_line(self, lang: str, geometry: Geometry) -> tuple[str, str | None, float | None]:
        """The line under the board: its words, the keyboard cursor's square (``"1-5"``, ``None`` while
        something else is pointed at) and how far down the board (0 to 1) the keyboard acts, if it may."""
        text = self.info(lang) if self.info is not None else ""
        cursor = self.cursor
        where = f"{cursor[0]}-{cursor[1]}" if cursor is not None and self.hover is None else None
        legal = self.legal_squares() if cursor is None else ()
        place = cursor if cursor is not None else legal[0] if legal else None
        focus_y = None if place is None else geometry.square_box(place).center[1] / geometry.height
        return text, where, focus_y

    def twin_highlights(self, highlights: Highlights) -> Highlights:
        """What the text twin marks of ``highlights``: no cursor, hover nor suggestion."""
        h = highlights
        return Highlights(legal=h.legal, placed=h.placed, removed=h.removed, temples=h.temples)

    def message_text(self, lang: str) -> str:
        """The words above the board: a message, else the prompt of the live game."""
        if self.message is not None:
            return self.message(lang)
        if self.shown is None and self.state is not None:
            return prompt(self.state, lang, self.controls)
        return ""

    # ---------------------------------------------------------------- choices
    def chooser(self) -> Player | None:
        """The controlled player a click speaks for (the engine then says whether it is their turn)."""
        game = self.game
        if game is None or not self.controls:
            return None
        actor = game.actor
        if game.phase in ACTING_PHASES and actor in self.controls:
            return actor
        waiting = [p for p in game.to_act if p in self.controls]
        return waiting[0] if waiting else self.controls[0]

    def select(self, target: Target) -> Action | None:
        """A click on ``target``: choose a square, or describe the rest."""
        for callback in list(self.select_callbacks):
            callback(target)
        match target:
            case Target(kind="square", square=square) if square is not None:
                self.cursor = None
                return self.choose(square)
        self.describe(target)
        return None

    def choose(self, square: Square) -> Action | None:
        """Hand the choice of ``square`` to the referee, then show what became of it; the action played or ``None``."""
        game = self.game
        referee = self.referee
        if game is None or referee is None or self.shown is not None:
            self.describe(Target("square", square=square))
            return None
        player = self.chooser()
        if player is None:
            target = Target("square", square=square)
            why = self.read_only or functools.partial(tr, "read_only")
            self.message = lambda lang: f"{why(lang)} {self.describe_text(target, lang)}"
            self.message_alert = False
            self.draw("message")
            return None
        action: Action = (
            Remove(player, square) if game.phase in (Phase.REMOVE, Phase.SCORING_REMOVE) else Place(player, square)
        )
        drawn: list[Outcome] = []

        def draw(outcome: Outcome) -> None:
            """Show the outcome at once, before the referee's app moves on (and redraws the board its own way)."""
            drawn.append(outcome)
            if outcome.refusal is not None:
                self._show_refusal(square, outcome)
            elif self.game is game and self.shown is None:
                self._show_played(game, outcome)

        outcome = referee.submit(action, draw)
        if not drawn:
            draw(outcome)
        if outcome.refusal is not None:
            for refused in list(self.illegal_callbacks):
                refused(action, outcome.reason)
            return None
        for callback in list(self.action_callbacks):
            callback(action)
        return action

    def _show_refusal(self, square: Square, outcome: Outcome) -> None:
        refusal = outcome.refusal
        if refusal is None:
            return
        kind = "not_allowed" if outcome.by_rule else "not_played_at"
        self.message = lambda lang: tr(
            kind, lang, where=square_words(square, lang), reason=_capital(refusal(lang).rstrip("."))
        )
        self.message_alert = True
        self.draw("message")

    def _show_played(self, game: Game, outcome: Outcome) -> None:
        if self.show_changes:
            self.changes = highlights_for_events(outcome.events, game.rules.layout)
        self.events_seen = len(game.events)
        first = outcome.events[0] if outcome.events else None
        self.message = lambda lang: _after_action(first, self.state or game, lang, self.controls)
        self.message_alert = False
        self.update_state()
        self.draw("all")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _after_action(event: Event | None, state: Game, lang: str, controls: tuple[Player, ...]) -> str:
    said = explain(event, lang) if event is not None else ""
    return f"{said} {prompt(state, lang, controls)}".strip()
