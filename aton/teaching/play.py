"""Playing a situation on a clone of the game, so that the engine gives the answer to an exercise.

:func:`play_round` plays a round on from a position with the cards given;
:func:`step_of` finds the step of a rule in the timeline, for an explainer
opened on it.  The exercise kinds read the new events of the clone
(:func:`new_events`, :func:`turn_events`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from ..actions import BLUE, RED, Action, Assign, Player
from ..events import EVENT_KINDS, Event, GameOver, Revealed, RoundEnded, TurnStarted
from ..game import Game, Phase
from ..i18n import gtext
from ..timeline import timeline

__all__ = ["Chooser", "first_choice", "last_choice", "play_round", "step_of"]

Chooser = Callable[[Game], Action]
"""Picks the action for a real choice during a resolution (from ``game.legal_actions``)."""


def first_choice(game: Game) -> Action:
    """The first legal action of the player to act: a fixed way to settle choices that do not matter."""
    return game.legal_actions(game.to_act[0])[0]


def last_choice(game: Game) -> Action:
    """The last legal action of the player to act (tests use it to show an answer does not depend on choices)."""
    return game.legal_actions(game.to_act[0])[-1]


def play_round(
    game: Game,
    red: Sequence[int] | None = None,
    blue: Sequence[int] | None = None,
    *,
    choose: Chooser = first_choice,
    through_scoring: bool = False,
) -> Game:
    """A clone of ``game`` with the round played on to its end; ``game`` itself is not changed.

    ``red`` and ``blue`` are the cards for cartouches 1-4 of a player who has
    not assigned yet.  Choices inside the resolution (which counter to
    remove, where to place) are settled by ``choose``.  Play stops when the
    next round begins, when a scoring asks a player to take counters back
    (unless ``through_scoring``: then those choices are settled by
    ``choose`` too), or when the game is over.

    >>> from aton.teaching.positions import load_position
    >>> game = load_position("first-round")
    >>> after = play_round(game, red=(4, 1, 2, 3), blue=(1, 2, 4, 4))
    >>> after.score(RED), game.score(RED)
    (6, 0)
    """
    clone = game.clone(events=True)
    if clone.phase is Phase.ASSIGN:
        for player, cards in ((RED, red), (BLUE, blue)):
            if not clone.has_assigned(player):
                if cards is None:
                    raise ValueError(f"{player.label} has not assigned yet: give the cards for cartouches 1-4")
                clone.apply(Assign(player, tuple(cards)))
    phases = (Phase.REMOVE, Phase.PLACE, Phase.SCORING_REMOVE) if through_scoring else (Phase.REMOVE, Phase.PLACE)
    while clone.phase in phases:
        clone.apply(choose(clone))
    return clone


def step_of(game: Game, kind: type[Event] | str, occurrence: int = 1) -> int:
    """The number of the step where an event of ``kind`` happens (the ``occurrence``-th time) in
    :func:`aton.timeline` of ``game``.

    ``kind`` is an event class (:class:`~aton.events.Cartouche1Compared`) or its kind in JSON
    (``"cartouche1"``, as the tutorials write it).  A step-through explainer opened on ``game`` can go
    straight to the rule a lesson is about.

    >>> from aton.events import Cartouche1Compared
    >>> from aton.teaching.positions import load_position
    >>> game = play_round(load_position("first-round"), red=(4, 1, 2, 3), blue=(1, 2, 4, 4))
    >>> steps = timeline(game)
    >>> steps[step_of(game, Cartouche1Compared)].event
    Cartouche1Compared(red=4, blue=1, scorer='red', points=6)
    >>> step_of(game, "cartouche1") == step_of(game, Cartouche1Compared)
    True
    """
    cls = event_class(kind)
    seen = 0
    for step in timeline(game):
        if isinstance(step.event, cls):
            seen += 1
            if seen == occurrence:
                return step.number
    raise ValueError(f"no {cls.kind!r} step (number {occurrence}) in this game")


def event_class(kind: type[Event] | str) -> type[Event]:
    """The event class ``kind`` names: itself, or the class of a kind in JSON (``"reveal"``: :class:`Revealed`)."""
    if isinstance(kind, str):
        try:
            return EVENT_KINDS[kind]
        except KeyError:
            raise ValueError(f"no event kind {kind!r}; the kinds are {', '.join(EVENT_KINDS)}") from None
    return kind


E = TypeVar("E")


def first_of(events: Iterable[object], kind: type[E]) -> E:
    """The first event of class ``kind`` in ``events`` (``StopIteration`` when there is none)."""
    return next(event for event in events if isinstance(event, kind))


def all_of(events: Iterable[object], kind: type[E]) -> list[E]:
    """Every event of class ``kind`` in ``events``, in order."""
    return [event for event in events if isinstance(event, kind)]


T = TypeVar("T")


def side(player: Player, red: T, blue: T) -> T:
    """Of two values, Red's first and Blue's second, the one of ``player`` (``side(BLUE, 4, 1) == 1``)."""
    return red if player is RED else blue


def new_events(before: Game, after: Game) -> list[Event]:
    """The events of ``after`` that ``before`` (the game it was cloned from) does not have."""
    return after.events[len(before.events) :]


def turn_events(events: Sequence[Event], player: Player) -> list[Event]:
    """The events of ``player``'s resolution of cartouches 2-4 (from its :class:`~aton.events.TurnStarted` on)."""
    selected: list[Event] = []
    inside = False
    for event in events:
        match event:
            case TurnStarted():
                inside = event.player == player.label
            case RoundEnded() | GameOver():
                inside = False
        if inside:
            selected.append(event)
    return selected


def cards_text(cards: Sequence[int]) -> str:
    """``"4, 1, 2, 3"``."""
    return ", ".join(map(str, cards))


def plays(game: Game, outcome: Game, lang: str) -> str:
    """``"Red puts 4, 1, 2, 3 and Blue puts ..."``: the revealed assignments of the round played."""
    reveal = first_of(new_events(game, outcome), Revealed)
    return gtext(
        lang,
        "lesson question",
        "Red puts {red} and Blue puts {blue} on cartouches 1 to 4.",
        red=cards_text(reveal.red),
        blue=cards_text(reveal.blue),
    )
