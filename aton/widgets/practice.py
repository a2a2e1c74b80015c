"""Play one round of a position yourself, then step through it: :class:`RoundPractice`.

It lives apart from the exercise widgets (:mod:`aton.widgets.exercises`) because it holds a
step-through explainer, and the step-through asks its "predict first" questions with the
exercise widgets.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ..actions import RED, Action, Assign, Player
from ..events import Event, Revealed
from ..game import Game, Phase
from ..teaching.play import event_class, first_choice, step_of
from .exercises import TEXTS, _check_lang
from .referee import Referee, referee_for

__all__ = ["RoundPractice"]


class RoundPractice(widgets.VBox):  # type: ignore[misc]
    """Play one round of a position yourself, then step through it (CSS class ``aton-exercise-practice``).

    ``RoundPractice(game, player=RED, opponent=(1, 2, 4, 4), lang="en", focus=Revealed)``: the
    learner assigns ``player``'s cards with the assignment panel; the opponent's cards are fixed
    (``opponent``, cards for cartouches 1-4), so every learner meets the same situation.  Choices
    inside the round are settled by the engine's first legal square.  The step-through explainer then
    opens at the first event of class ``focus`` (or of its kind in JSON, ``"reveal"``; an unknown kind is
    refused at once).  ``game`` itself is never changed; "Play this round
    again" starts over from it.
    """

    lang = traitlets.Unicode("en")

    def __init__(
        self,
        game: Game,
        player: Player = RED,
        opponent: Sequence[int] | None = None,
        lang: str = "en",
        *,
        focus: type[Event] | str = Revealed,
    ) -> None:
        from .assign import AssignPanel
        from .stepper import Stepper

        _check_lang(lang)
        self.position = game
        self.player = Player(player)
        self.opponent = None if opponent is None else tuple(opponent)
        self.focus = event_class(focus)
        self.game: Game = game.clone()
        self.intro = widgets.HTML()
        self.panel = AssignPanel(None, self.player, lang=lang)
        self.panel.on_action(self._assigned)
        self.stepper = Stepper(None, lang=lang)
        self.stepper.layout.display = "none"
        self.again = widgets.Button(layout=widgets.Layout(width="auto", display="none"))
        self.again.add_class("aton-exercise-again")
        self.again.on_click(lambda _button: self.reset())
        super().__init__(children=[self.intro, self.panel, self.again, self.stepper])
        self.add_class("aton-exercise-practice")
        self.lang = lang
        self._relabel()
        self.reset()

    def reset(self) -> None:
        """Start again from the position."""
        self.game = self.position.clone()
        self.panel.set_game(self.game)
        self.panel.layout.display = ""
        self.stepper.layout.display = "none"
        self.again.layout.display = "none"

    def _assigned(self, action: Any) -> None:
        if not isinstance(action, Assign):
            return
        game = self.game
        referee = referee_for(game)  # the panel's referee too: one writer of the round
        other = self.player.other
        if not game.has_assigned(other):
            cards = self.opponent
            if cards is None:
                cards = next(a.cards for a in game.legal_actions(other) if isinstance(a, Assign))
            _play(referee, Assign(other, cards))
        while game.phase in (Phase.REMOVE, Phase.PLACE):
            _play(referee, first_choice(game))
        self.stepper.load(game, at="first")
        with contextlib.suppress(ValueError):  # a round without such a step opens at its first step
            self.stepper.go(step_of(game, self.focus))
        self.panel.layout.display = "none"
        self.stepper.layout.display = ""
        self.again.layout.display = ""

    @traitlets.validate("lang")
    def _validate_lang(self, proposal: Any) -> str:
        value = str(proposal["value"])
        _check_lang(value)
        return value

    @traitlets.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        if hasattr(self, "stepper"):
            self.panel.lang = change["new"]
            self.stepper.lang = change["new"]
            self._relabel()

    def _relabel(self) -> None:
        from .i18n import player_word

        words = TEXTS[self.lang]
        me, other = player_word(self.player.label, self.lang), player_word(self.player.other.label, self.lang)
        self.intro.value = f"<p>{html.escape(words['practice'].format(player=me, other=other))}</p>"
        self.again.description = words["again"]


def _play(referee: Referee, action: Action) -> None:
    """Have ``referee`` play a move the practice makes for the learner (the engine chose it: never refused)."""
    outcome = referee.submit(action)
    if outcome.refusal is not None:
        raise ValueError(outcome.reason)
