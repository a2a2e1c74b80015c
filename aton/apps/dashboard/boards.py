"""The dashboard's left side: the main board with its text twin, and the step-through explainer.

:class:`BoardPanes` builds a board for each game (the board only chooses: the controller plays), draws on
it what the controller says is to be seen (the live game, a step to watch, a moment of the game review),
and builds the explainer on its own board once per game, when its tab is opened.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ...actions import Action
from ...game import Game
from ...widgets.board import BoardView
from ...widgets.scene import Geometry, Highlights, highlights_for_event
from ...widgets.stepper import Stepper
from .controller import DashboardController
from .page import html
from .play import close_tree
from .session import Mode
from .step_focus import focus_html, step_focus
from .text import say

__all__ = ["BoardPanes"]


class BoardPanes:
    """The tabs of the left side (``tabs``): the board (``board``, its twin in ``twin_box``) and the explainer.

    ``geometry()`` gives the boards' geometry and scale for the page's layout now; ``on_leave`` and
    ``on_action`` are the callbacks of every new board (a key left it, it chose an action).
    """

    def __init__(
        self,
        flow: DashboardController,
        lang: str,
        *,
        geometry: Callable[[], tuple[Geometry, float]],
        on_leave: Callable[[bool], None],
        on_action: Callable[[Action], None],
    ) -> None:
        self.flow = flow
        self.geometry = geometry
        self._on_leave = on_leave
        self._on_action = on_action
        self.stepper: Stepper | None = None
        """The step-through explainer of this game, once its tab was opened."""
        self.predict: tuple[bool, dict[str, Any], list[Any]] = (False, {}, [])
        """The step-through's "predict first" switch and its right answers per rule, kept from game to game."""
        self.reviewing: tuple[Game, Highlights, str] | None = None
        """A moment of the game review the main board shows (until another game comes)."""
        self.twin_box = widgets.Accordion()
        self.twin_box.add_class("aton-twin-box")
        self.step_place = widgets.HTML(layout=widgets.Layout(display="none"))
        """Hidden: where the step shown happens on the board (the page's script scrolls it into view)."""
        self.step_place.add_class("aton-step-focus")
        self.board_area = widgets.VBox()
        self.board_area.add_class("aton-board-area")
        self.board_heading = html("aton-board-heading")
        """The board's heading, for screen readers only: second under the page's title, above the text twin's."""
        self.board_heading.add_class("aton-sr-only")
        self.board: BoardView
        self.build_board(lang)
        self.explainer_help = html("aton-explainer-help")
        self.explainer_area = widgets.VBox([self.explainer_help])
        self.explainer_area.add_class("aton-explainer")
        self.tabs = widgets.Tab(children=[self.board_area, self.explainer_area])
        self.tabs.add_class("aton-left")

    def build_board(self, lang: str) -> None:
        """A new board for the game (the old one leaves the page with everything it showed)."""
        flow = self.flow
        geometry, scale = self.geometry()
        board = BoardView(
            flow.game,
            viewer=flow.board_viewer(),
            controls=flow.session.controls,
            lang=lang,
            show_twin=False,
            display_width=1400,
            scale=scale,
            geometry=geometry,
            referee=flow,  # the board only chooses: the controller plays, or refuses with a message
        )
        if flow.session.setup.spectator:  # a spectator is told who moves, not to choose moves elsewhere
            board.model.read_only = functools.partial(say, "friend.spectator_board")
        board.on_leave(self._on_leave)
        board.on_action(self._on_action)
        old: BoardView | None = getattr(self, "board", None)
        self.board = board
        self.twin_box.children = [board.twin]
        self.board_area.children = [self.board_heading, board, self.twin_box, self.step_place]
        if old is not None:
            close_tree(old.twin)
            close_tree(old)

    def new_game(self, lang: str) -> None:
        """A new game or a loaded file: a new board, no review, no explainer (its answers kept)."""
        self.reviewing = None
        self.build_board(lang)
        if self.stepper is not None:
            self.predict = (self.stepper.predicting, self.stepper.flow.tally, self.stepper.flow.record)
            close_tree(self.stepper)
            self.stepper = None
            self.explainer_area.children = [self.explainer_help]

    def set_geometry(self, geometry: Geometry, scale: float) -> None:
        """Lay the boards out with ``geometry``, drawn ``scale`` times larger."""
        self.board.set_geometry(geometry, scale)
        if self.stepper is not None:
            self.stepper.board.set_geometry(geometry, scale)

    def set_lang(self, lang: str) -> None:
        """The boards speak ``lang``."""
        self.board.lang = lang
        if self.stepper is not None:
            self.stepper.lang = lang

    def render_board(self, *, below: bool, playing: bool) -> None:
        """Draw on the board what the controller says is to be seen: the live game, a step, a reviewed moment.

        The words of a step say where its buttons are: right of the board or ``below`` it, on the Play tab
        (``playing``) or on another.
        """
        board = self.board
        flow = self.flow
        board.touch = flow.touch  # a finger or a mouse: the words of what the board holds (a question) follow
        if self.stepper is not None:
            self.stepper.board.touch = flow.touch
        viewer = flow.board_viewer()
        if board.viewer is not viewer:
            board.set_viewer(viewer)
        step = flow.shown_step()
        reviewing = self.reviewing
        if step is None:
            self.step_place.value = ""
        if step is None and reviewing is not None and flow.over:
            state, highlights, text = reviewing
            board.show(state, highlights)
            board.say(text)
            return
        if step is None:
            if board.game is not flow.game:  # a room: each move brings a new view of the same game (drawn once live,
                board.follow(flow.game)  # so that steps still to watch are not given away), its last move marked
            if not board.up_to_date:  # a click drew itself already: its words stay
                board.refresh()
            board.suggest(flow.suggested_square)
            return
        board.suggest(None)
        highlights = highlights_for_event(step.event, step.state.rules.layout)
        board.show(step.state, highlights)
        geometry = self.geometry()[0]
        self.step_place.value = focus_html(flow.shown, step_focus(highlights, geometry), geometry)
        pending = flow.pending
        where = "_below" if below else ""
        if playing:
            board.say(lambda lang: say(f"steps.board{where}", lang, count=pending))
        else:
            board.say(lambda lang: say(f"steps.board_elsewhere{where}", lang, count=pending, tab=say("tab.play", lang)))

    def open_explainer(self, lang: str) -> None:
        """Build (once per game) or bring up to date the step-through explainer on its own board."""
        flow = self.flow
        if self.stepper is not None:
            self.stepper.refresh()
            return
        viewer = flow.session.viewer
        geometry, scale = self.geometry()
        board = BoardView(
            viewer=viewer,
            lang=lang,
            show_changes=False,
            show_twin=False,
            display_width=1400,
            scale=scale,
            geometry=geometry,
        )
        if flow.room is not None and flow.mode is Mode.FRIEND:  # a room's steps come from its store
            self.stepper = Stepper(None, viewer=viewer, lang=lang, board=board, at="last", steps=flow.steps)
        else:
            self.stepper = Stepper(flow.game, viewer=viewer, lang=lang, board=board)
        self.stepper.flow.tally = self.predict[1]  # right answers per rule, kept from game to game
        self.stepper.flow.record = self.predict[2]
        self.stepper.predict_toggle.value = self.predict[0]
        self.explainer_area.children = [self.explainer_help, self.stepper]

    def relabel(self, lang: str) -> None:
        """The tabs' titles and the fixed words in ``lang``."""
        self.tabs.titles = (say("tab.board", lang), say("tab.explainer", lang))
        self.board_heading.value = f"<h2>{escape(say('tab.board', lang))}</h2>"
        self.twin_box.titles = (say("twin.title", lang),)
        self.explainer_help.value = f"<p>{escape(say('explainer.help', lang))}</p>"
