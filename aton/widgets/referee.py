"""The one writer of a game: widgets choose actions, a referee applies them through the engine.

A widget never plays an action itself.  The board turns a click into ``Place``/``Remove``, the card
panel turns "Confirm" into ``Assign``; both hand the action to their :class:`Referee` with
:meth:`Referee.submit` and show the :class:`Outcome`: the events it caused, or why it was refused.
The referee hands the outcome to the widget's ``draw`` first, before anyone else hears of it, so the
page shows the move where it was made before the rest of the page moves on.

- An app attaches its own referee (the dashboard's
  :class:`~aton.apps.dashboard.controller.DashboardController` also refuses the bot's side and the
  side of the person who is not at the screen).
- A widget used alone (a tutorial, the gallery) uses :func:`referee_for`: one
  :class:`GameReferee` per game, shared by every widget of that game, so a page has exactly one
  object that applies actions to it.

This module imports no widget library, so scripts and tests use it as it is.

>>> import aton
>>> game = aton.new_game(seed=3)
>>> referee = referee_for(game)
>>> referee is referee_for(game)
True
>>> referee.submit(aton.Assign(aton.RED, (1, 2, 3, 3))).accepted
True
>>> refused = referee.submit(aton.Place(aton.RED, (1, 0)))
>>> refused.accepted, refused.reason
(False, "it is not Red's turn: Blue must assign cards (or exchange) now")
>>> referee.applied, len(game.actions)
(1, 1)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..actions import Action
from ..events import Event
from ..game import Game, IllegalAction

__all__ = ["Draw", "GameReferee", "Outcome", "Referee", "referee_for"]

Text = Callable[[str], str]
"""Words for people as a function of the language."""

Draw = Callable[["Outcome"], None]
"""What the widget that chose an action does with its outcome, before anyone else hears of it."""


@dataclass(frozen=True)
class Outcome:
    """What became of an action a widget chose.

    - ``events``: the events the action itself caused, in order (empty when refused).
    - ``refusal``: why it was refused, in any language (``None``: it was played).
    - ``reason``: the refusal in English, for logs and callbacks ("" when it was played).
    - ``by_rule``: whether the game's rules or its turn refused it (``False``: it was allowed but did not
      reach the game, say a room's store that did not answer; a widget then does not call it "not allowed").
    """

    action: Action
    events: tuple[Event, ...] = ()
    refusal: Text | None = None
    reason: str = ""
    by_rule: bool = True

    @property
    def accepted(self) -> bool:
        """Whether the action was played."""
        return self.refusal is None

    @classmethod
    def refused(cls, action: Action, refusal: Text, *, by_rule: bool = True) -> Outcome:
        """An outcome refusing ``action`` with ``refusal`` (its English text becomes ``reason``)."""
        return cls(action, refusal=refusal, reason=refusal("en"), by_rule=by_rule)


class Referee(Protocol):
    """Anything that applies the actions widgets choose: :class:`GameReferee`, an app's controller."""

    def submit(self, action: Action, draw: Draw | None = None) -> Outcome:
        """Play ``action`` if allowed (the game is unchanged otherwise) and say what became of it.

        ``draw(outcome)`` is called first, as soon as the action is played or refused, before any other
        listener or the app's flow (the widget that chose the action draws it there).
        """
        ...


class GameReferee:
    """Applies the actions chosen for one game through the engine, and reports refusals.

    ``on_applied(callback)``: ``callback(outcome)`` after every action played, so every widget of
    the game can draw it, whichever widget chose it.  ``applied`` counts the actions played.
    """

    def __init__(self, game: Game) -> None:
        self._game = weakref.ref(game)
        self.applied = 0
        """How many actions this referee has played."""
        self._listeners: list[Callable[[Outcome], None]] = []

    @property
    def game(self) -> Game | None:
        """The game this referee plays in (``None`` once nothing else holds it)."""
        return self._game()

    def submit(self, action: Action, draw: Draw | None = None) -> Outcome:
        """Apply ``action`` if the engine allows it; otherwise say why (the game is unchanged).

        ``draw(outcome)`` hears of it first, then the :meth:`on_applied` listeners.
        """
        game = self._game()
        if game is None:
            raise ValueError("this referee's game no longer exists")
        before = len(game.events)
        try:
            game.apply(action)
        except IllegalAction as error:  # the game is unchanged; a player's view cannot be played, for one
            refused = Outcome(action, refusal=error.text, reason=str(error))
            if draw is not None:
                draw(refused)
            return refused
        self.applied += 1
        outcome = Outcome(action, tuple(game.events[before:]))
        if draw is not None:
            draw(outcome)
        for callback in list(self._listeners):
            callback(outcome)
        return outcome

    def on_applied(self, callback: Callable[[Outcome], None], remove: bool = False) -> None:
        """Call ``callback(outcome)`` after every action this referee played."""
        if remove:
            if callback in self._listeners:
                self._listeners.remove(callback)
        elif callback not in self._listeners:
            self._listeners.append(callback)


_REFEREES: dict[int, GameReferee] = {}


def referee_for(game: Game) -> GameReferee:
    """The one :class:`GameReferee` of ``game`` (made on first use, gone with the game)."""
    key = id(game)
    referee = _REFEREES.get(key)
    if referee is None or referee.game is not game:
        referee = GameReferee(game)
        _REFEREES[key] = referee
        weakref.finalize(game, _forget, key, referee)
    return referee


def _forget(key: int, referee: Any) -> None:
    if _REFEREES.get(key) is referee:
        del _REFEREES[key]


def register(callbacks: list[Any], callback: Any, remove: bool = False) -> None:
    """Add ``callback`` to ``callbacks`` once, or take it out with ``remove=True``: how widgets and flows keep
    their listeners (``on_action``, ``on_change``...)."""
    if remove:
        if callback in callbacks:
            callbacks.remove(callback)
    elif callback not in callbacks:
        callbacks.append(callback)
