"""Where the keyboard focus goes in the dashboard: to the place of the next action.

A keyboard player must never be left on the page's body: after Confirm, after the last step
watched, after the last counter placed, the focus moves to what they do next (the board when they
must place, the card panel when they choose cards, "Next step" when there are steps to watch, the
cover's button when the screen passes).  The board's canvas keeps every key, Tab included, so
leaving it is the dashboard's job too: Tab or Escape go to the next control of the play order
(card panel, Confirm, step controls), Shift+Tab to the tabs above the board.  After the step
controls Tab goes to the tabs above them (Play, Coach...), then on to the rest of the page.

This module decides the place from the controller's public facts only; :mod:`~aton.apps.dashboard.app`
turns it into a widget and focuses it.

>>> from aton.apps.dashboard.controller import DashboardController
"""

from __future__ import annotations

from enum import Enum

from .controller import DashboardController

__all__ = ["Focus", "next_focus"]


class Focus(Enum):
    """The place of the next action of the person at the screen."""

    COVER = "cover"
    """Two people on one screen: the button that lifts the cover."""
    STEPS = "steps"
    """Steps to watch: "Next step"."""
    CARDS = "cards"
    """Cards to put on the cartouches: the card panel (its first free card, or Confirm)."""
    BOARD = "board"
    """Counters to place, remove or take back: the board."""
    OVER = "over"
    """The game is over and its end watched."""
    WAIT = "wait"
    """Nothing to do yet (a bot or the other person decides): the focus stays where it is."""


def next_focus(flow: DashboardController, *, board_legal: bool) -> Focus:
    """Where the person at the screen acts next (``board_legal``: the board offers squares to them now).

    >>> from aton import RED, Assign
    >>> flow = DashboardController(seed=4)
    >>> next_focus(flow, board_legal=False)
    <Focus.CARDS: 'cards'>
    >>> flow.play(Assign(RED, tuple(sorted(flow.game.hand(RED)))))
    True
    >>> next_focus(flow, board_legal=False)  # the reveal waits to be watched
    <Focus.STEPS: 'steps'>
    """
    if flow.covered:
        return Focus.COVER
    if flow.pending:
        return Focus.STEPS
    if flow.over:
        return Focus.OVER
    person = flow.assigning_person()
    if person is not None and not flow.game.has_assigned(person):
        return Focus.CARDS
    if board_legal:
        return Focus.BOARD
    return Focus.WAIT
