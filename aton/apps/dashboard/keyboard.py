"""The dashboard's keyboard focus, carried out: which control of the page gets it, and when.

:func:`~aton.apps.dashboard.focus.next_focus` names the place of the next action from the controller's
facts; :class:`KeyboardFocus` finds that place's control on the page now and focuses it, once the
person at the screen has acted (a wish that waits while a bot or the other person decides).  It also
moves the focus when Tab or Escape leave the board (the canvas keeps every key): to the next control of
the play order (card panel, Confirm, step controls).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from .focus import Focus, next_focus
from .page import PLAY_TAB, guarded

if TYPE_CHECKING:
    from .app import Dashboard

__all__ = ["KeyboardFocus", "first_button"]


class KeyboardFocus:
    """Moves the keyboard focus of the dashboard ``page`` to the place of the person's next action."""

    def __init__(self, page: Dashboard) -> None:
        self.page = page
        self.flow = page.flow
        self.wanted = False
        """The person acted: the focus goes to their next action as soon as it shows."""

    @guarded
    def want(self) -> None:
        """The person at the screen acted: move the focus to their next action, now or once it is there."""
        self.wanted = True
        self.move()

    def move(self) -> None:
        """Focus the place of the next action if it is there (else the wish waits)."""
        board = self.page.board
        target = next_focus(self.flow, board_legal=bool(board.legal_squares()))
        if target is Focus.WAIT:
            return  # a bot or the other person decides: the wish stays until the next action shows
        self.wanted = False
        if target is Focus.BOARD:
            if self.page.left_tabs.selected_index == 0:
                board.focus()
            return
        widget = self.control(target)
        if widget is not None:
            board.drop_cursor()
            widget.focus()

    def control(self, target: Focus) -> widgets.DOMWidget | None:
        """The control of ``target`` on the page now (``None``: it is not there)."""
        if target is Focus.COVER:
            return self.page.cover.button
        if target is Focus.STEPS:
            return self.page.play.next_button if self.page.right_tabs.selected_index == PLAY_TAB else None
        if target is Focus.CARDS:
            return self.panel_control()
        if target is Focus.OVER:
            return first_button(self.page.play.review)
        return None

    def panel_control(self) -> widgets.Button | None:
        """The card panel's first card still in hand, else its Confirm button (``None``: no panel to use)."""
        panel = self.page.play.panel
        if panel is None or self.page.right_tabs.selected_index != PLAY_TAB or not panel.editable:
            return None
        for button in panel.card_buttons:
            if not button.disabled:
                return button
        return panel.confirm_button if not panel.confirm_button.disabled else None

    @guarded
    def leave_board(self, forward: bool) -> None:
        """Tab or Escape on the board: the next control of the play order (card panel, Confirm, step controls).

        The page's script (:data:`~aton.apps.dashboard.page.PAGE_SCRIPT`) moves the focus itself for
        Shift+Tab (to the tabs above the board) and when another panel than Play shows (to that panel's
        first control).
        """
        if not forward or self.page.right_tabs.selected_index != PLAY_TAB:
            return
        self.play_controls()[0].focus()

    def play_controls(self) -> list[widgets.DOMWidget]:
        """The controls after the board, in the keyboard's order (never empty: the tabs come last)."""
        play = self.page.play
        controls: list[widgets.DOMWidget | None] = [self.panel_control()]
        if self.page.right_tabs.selected_index == PLAY_TAB and play.steps_box.layout.display != "none":
            controls += [b for b in (play.next_button, play.skip_button) if b.layout.display != "none"]
            controls += [w for w in (play.auto_button, play.main_steps) if w.layout.display != "none"]
        controls.append(first_button(play.review))
        found = [widget for widget in controls if widget is not None]
        return found or [self.page.right_tabs]


def first_button(widget: Any) -> widgets.Button | None:
    """The first shown, enabled button inside ``widget`` (``None``: none)."""
    if isinstance(widget, widgets.Button):
        return widget if not widget.disabled and widget.layout.display != "none" else None
    if getattr(getattr(widget, "layout", None), "display", None) == "none":
        return None
    for child in getattr(widget, "children", ()):
        found = first_button(child)
        if found is not None:
            return found
    return None
