"""The Aton dashboard: a whole game in one widget, for Voila or a notebook.

``Dashboard(seed=None, lang="en")`` builds the page: the board (click squares to remove and place),
the card panel, the steps of each resolution one at a time, the coach, the game log, the
step-through explainer, a new-game form (against a bot, two people on one screen, two bots),
saving and loading, English / French and a light / dark theme.  ``notebooks/aton.ipynb`` only
builds and displays it.

The flow (modes, turns, bots, the cover, the steps, the coach, files, messages) lives in
:class:`~aton.apps.dashboard.controller.DashboardController`, a plain object without widgets;
this module, :mod:`~aton.apps.dashboard.play` and :mod:`~aton.apps.dashboard.form` only draw it
and forward what people do.

How hidden cards stay hidden:

- Every panel is built from ``game.view(player)`` of the person at the screen; the board and
  the explainer draw views too (or public information only).
- Two people on one screen: a "pass the screen" cover stands between their turns; before it
  is lifted the previous card panel is closed (its widgets leave the page, their state too).
- A bot decides from its own view in a background thread; its cards are face down until the reveal.
- A saved file holds only what the people at the screen may see (the whole game once it is over).
- The seed deals every card, so the page shows it only once the game is over (header, result,
  ``data-seed``); a seed typed in the form is the person's own.

The keyboard: the board comes first in the play order, then the card panel, Confirm and the step
controls; Tab or Escape leave the board for them, and after every action of the person at the screen
the focus goes to their next one (:mod:`~aton.apps.dashboard.focus`).  A tap on the board is a click.

Nothing the dashboard does shows a Python traceback: every handler turns an error into a
message (CSS class ``aton-message``) and keeps the game as it was.

Stable CSS classes for tests and tools: ``aton-dashboard`` (root; ``aton-dark`` in the dark theme),
``aton-status`` (its inner ``div`` carries public facts as ``data-*`` attributes), ``aton-app-message``,
``aton-board`` (the canvas), ``aton-step-explain``, ``aton-next-step``, ``aton-skip``, ``aton-auto``,
``aton-turn``, ``aton-bot-progress``, ``aton-cover``, ``aton-cover-ready``, ``aton-cover-message``,
``aton-result``, ``aton-right-column``,
``aton-hint-button``, ``aton-hint``, ``aton-hint-play`` ("Play this": the coach's move), ``aton-resume`` (a game
kept from an earlier visit: ``aton-resume-continue``, ``aton-resume-decline``), ``aton-log``, ``aton-mode``,
``aton-level``, ``aton-human``,
``aton-seed``, ``aton-start``, ``aton-save``, ``aton-download``, ``aton-load``, ``aton-language``,
``aton-theme``, and those of the widgets it holds (``aton-assign``, ``aton-card``...).

Phones and tablets: a small script in the page types the page's width into a hidden field
(``aton-page-width``) when it opens and when it is resized; :func:`~aton.apps.dashboard.style.page_layout`
names the layout for it (``page_layout``: ``"wide"``, ``"tablet"`` or ``"phone"``), the root carries
it as a class (``aton-layout-phone``...), the boards take the narrow geometry on a phone and the upright
one on a tablet held upright (:func:`~aton.widgets.shapes.layout_for_width`, up to 900 CSS pixels), and the words
that point to the step buttons say where they are.  The same script keeps the page's ``lang`` attribute
in step with the language (the root's class ``aton-lang-fr``...).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar, cast

import ipywidgets as widgets
import traitlets

from ...actions import RED, Player
from ...game import Game
from ...widgets.assign import AssignPanel
from ...widgets.board import BoardView
from ...widgets.i18n import check_lang
from ...widgets.scene import Geometry, Highlights
from ...widgets.stepper import Stepper
from ..work import Worker, kernel_schedule
from .boards import BoardPanes
from .connection import ConnectionWatch, served_by_voila
from .controller import DashboardController
from .form import GameForm
from .friend_page import FriendPage
from .html import log_html, message_html, status_html
from .keeping import HERE_READER, HOLD_LIMIT, PageKeeping, kernel_later
from .keyboard import KeyboardFocus
from .page import (
    BOARD_SCALE,
    GAME_TAB,
    LOG_TAB,
    NARROW_SCALE,
    PAGE_SCRIPT,
    PLAY_TAB,
    UPRIGHT_SCALE,
    OneOf,
    PageLook,
    guarded,
    html,
    script_output,
)
from .parts import CoachPane, Header, ResumePane
from .play import CoverScreen, PlayPanel, close_tree
from .resume import GameKeeper
from .session import Mode, SavedFile, Session
from .style import PAGE_LAYOUTS, dashboard_css
from .text import say

__all__ = [
    "BOARD_SCALE",
    "HERE_READER",
    "NARROW_SCALE",
    "PAGE_SCRIPT",
    "UPRIGHT_SCALE",
    "Dashboard",
    "close_tree",
    "kernel_schedule",
]

T = TypeVar("T")


def _read(get: Callable[[Dashboard], T], doc: str) -> T:
    """A read-only property of the dashboard (typed as what it gives)."""
    return cast(T, property(get, doc=doc))


class Dashboard(widgets.VBox):  # type: ignore[misc]
    """The whole game in one widget (CSS class ``aton-dashboard``), showing a :class:`DashboardController`.

    ``Dashboard(seed=None, lang="en", *, mode="bot", level="easy", human=RED, theme="light",
    background=None)``

    - ``seed``: the first game's seed (``None``: a new random one, shown once the game is over).
    - ``mode``: ``"bot"`` (a person against a bot), ``"two"`` (two people on one screen) or
      ``"watch"`` (two bots); ``level``: ``"easy"``, ``"medium"`` or ``"hard"``; ``human``: the
      colour the person plays against a bot.
    - ``background``: run bots and the coach in threads (default: when in a Jupyter kernel);
      ``False`` runs them at once, for scripts and tests.
    - ``hold``: show no game until the browser said whether it keeps one from an earlier visit, and offer
      that one first (default: in a kernel Voila started; once the page has spoken, it waits at most
      :data:`~aton.apps.dashboard.keeping.HOLD_LIMIT` seconds more).

    ``flow`` is the controller: every decision is its own; this widget draws it and forwards clicks.
    Methods for scripts and tests: :meth:`new_game`, :meth:`next_step`, :meth:`skip`,
    :meth:`lift_cover`, :meth:`ask_coach`, :meth:`save`, :meth:`load_bytes`.
    """

    theme = OneOf(("light", "dark"), "light", "theme is 'light' or 'dark', not {value!r}")
    page_layout = OneOf(PAGE_LAYOUTS, "wide", "page_layout is one of " + str(PAGE_LAYOUTS) + ", not {value!r}")
    """The page's layout (``"wide"``, ``"tablet"``, ``"phone"``), from the width the page reports."""
    board_layout = traitlets.Unicode("wide")
    """The board's geometry the page's width asks for (``"narrow"``, ``"upright"``, ``"wide"``), see
    :func:`~aton.widgets.shapes.layout_for_width`."""

    def __init__(
        self,
        seed: int | None = None,
        lang: str = "en",
        *,
        mode: str = "bot",
        level: str = "easy",
        human: Player = RED,
        theme: str = "light",
        background: bool | None = None,
        hold: bool | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-dashboard")
        lang = check_lang(lang)
        schedule = kernel_schedule() if background is not False else None
        if background and schedule is None:
            raise ValueError("background=True needs a Jupyter kernel to hand results back to the page")
        self.flow = flow = DashboardController(seed, mode=mode, level=level, human=human, schedule=schedule, lang=lang)
        self._saved: SavedFile | None = None
        self._saved_lang = self._drawn_lang = lang
        self._hooked_panel: AssignPanel | None = None
        self.header = Header(flow, theme)
        self.title_html, self.status, self.language = self.header.title, self.header.status, self.header.language
        self.theme_switch = self.header.theme_switch
        self.message = html("aton-message")
        self.message.add_class("aton-app-message")
        self.look = PageLook(self, self.theme_switch, self._set_geometry)
        """The page's layout, theme and language as classes of the root."""
        self.page_width = self.look.width_field
        self.boards = BoardPanes(
            flow,
            lang,
            geometry=self.look.geometry,
            on_leave=lambda forward: self.keyboard.leave_board(forward),
            on_action=lambda _a: self.keyboard.want(),
        )
        """The main board and the explainer (:class:`~aton.apps.dashboard.boards.BoardPanes`)."""
        self._generation = flow.generation
        self.left_tabs = self.boards.tabs
        self.play = PlayPanel(flow)
        self.play.on_choice(lambda cards: self.board.preview(cards))  # drawn on the person's own cartouches
        self.play.review.show_on(self._show_reviewed)
        self.coach = CoachPane(self.ask_coach, self.play_hint)
        self.hint_button, self.hint_html, self.hint_play = self.coach.button, self.coach.hint, self.coach.play
        self.log_html = widgets.HTML()
        self.log_html.add_class("aton-log")
        setup = flow.session.setup
        self.form = GameForm(
            mode=setup.mode.value, level=setup.level, human=setup.human, seed_text="" if seed is None else str(seed)
        )
        self.right_tabs = widgets.Tab(children=[self.play, self.coach.box, widgets.VBox([self.log_html]), self.form])
        self.right_tabs.add_class("aton-right")
        self.cover: CoverScreen = CoverScreen(flow)
        self.resume = ResumePane(self.continue_kept_game, self.decline_kept_game)
        self.resume_box, self.resume_text = self.resume.box, self.resume.text
        self.resume_continue, self.resume_decline = self.resume.continue_button, self.resume.decline_button
        right = widgets.VBox([self.resume_box, self.message, self.right_tabs])  # a message never moves the board
        right.add_class("aton-right-column")
        self.body = widgets.HBox([self.left_tabs, right])
        self.body.add_class("aton-body")
        page = [widgets.HTML(dashboard_css()), self.header.box, self.cover, self.body, self.page_width]
        self.children = [*page, script_output(PAGE_SCRIPT)]
        self.keyboard = KeyboardFocus(self)
        """Where the keyboard focus goes (:class:`~aton.apps.dashboard.keyboard.KeyboardFocus`)."""

        # ---------------------------------------------------------- wiring: people's input goes to the flow
        self.form.on_start(self._on_start)
        self.form.on_save(self.save)
        self.form.on_file(lambda name, content: self.load_bytes(content, name))
        self.friend: FriendPage | None = None
        """Playing a friend: the room of this page (``None`` where there are no rooms, as on the static site)."""
        if self.form.friend.available:
            self.friend = FriendPage(
                flow, self.form.friend, schedule, show_form=self._show_friend_form, show_play=self._show_play
            )
        for button in (self.play.next_button, self.play.skip_button, self.cover.button):
            button.on_click(lambda _b: self.keyboard.want())  # after the page's own handler: the flow moved on
        self._later = kernel_later() if background is not False else None
        if hold is None:  # a page Voila serves (its kernel may have run this long before a browser came)
            hold = self._later is not None and "VOILA_BASE_URL" in os.environ
        keeping = PageKeeping(flow, self.friend, self.form.friend, hold=hold)
        if hold:  # a browser that never says still gets its new game, a while after its page first spoke
            self.page_width.observe(self._page_spoke, names="value")
        self.keeper: GameKeeper | None = keeping.keeper
        """Keeps this page's game for a reload: in the room store, or in the browser where there is none."""
        self.here_store, self.here_bridge = keeping.here_store, keeping.here_bridge
        self.here_writer = keeping.here_writer
        self.children = [*self.children, *keeping.hidden]
        self.connection: ConnectionWatch | None = None
        """On a server: the kernel's beat, which the page watches to say a lost connection and come back."""
        if self.friend is not None and schedule is not None and served_by_voila():
            self.connection = ConnectionWatch()
            self.connection.start(schedule)
            self.children = [*self.children, self.connection]
        self.left_tabs.observe(self._on_left_tab, names="selected_index")
        self.right_tabs.observe(self._on_right_tab, names="selected_index")
        flow.on_change(self._render)
        self.theme = theme
        self.look.show_theme()
        self._relabel()
        self._render()

    # ================================================================ for scripts and tests
    session: Session = _read(lambda d: d.flow.session, "The game and its players.")
    game: Game = _read(lambda d: d.flow.game, "The live game.")
    worker: Worker[Any] = _read(lambda d: d.flow.worker, "Where bots and the coach think.")
    live: bool = _read(lambda d: d.flow.live, "Whether the board shows the game as it is now (no step left to watch).")
    pending: int = _read(lambda d: d.flow.pending, "Steps not watched yet.")
    panel: AssignPanel | None = _read(lambda d: d.play.panel, "The card panel on the page now, if any.")
    at_screen: Player | None = _read(lambda d: d.flow.at_screen, "Two people on one screen: whose cards may show.")
    covered: bool = _read(lambda d: d.cover.layout.display != "none", 'Whether the "pass the screen" cover is up.')
    thinking: list[str] = _read(lambda d: d.flow.thinking, 'The background jobs running ("bot:blue", "coach").')
    board: BoardView = _read(lambda d: d.boards.board, "The main board (a new one for each game).")
    _stepper: Stepper | None = _read(lambda d: d.boards.stepper, "The explainer of this game, once opened.")

    @guarded
    def new_game(
        self,
        seed: int | None = None,
        *,
        mode: str | None = None,
        level: str | None = None,
        human: Player | None = None,
        names: tuple[str, str] = ("", ""),
    ) -> None:
        """Start a new game (unchanged settings keep their current value; ``seed=None``: a new seed)."""
        self.flow.new_game(seed, mode=mode, level=level, human=human, names=names)

    @guarded
    def next_step(self) -> None:
        """Show the next step not watched yet."""
        self.flow.next_step()

    @guarded
    def skip(self) -> None:
        """Go to the end of this round, or to now."""
        self.flow.skip()

    @guarded
    def lift_cover(self) -> None:
        """Two people on one screen: the player named on the cover looks now."""
        self.flow.lift_cover()

    @guarded
    def ask_coach(self) -> None:
        """Ask the coach for a hint for the person who must decide."""
        self.flow.ask_coach()

    @guarded
    def play_hint(self) -> None:
        """Play the coach's suggestion ("Play this")."""
        self.flow.play_hint()

    @guarded
    def continue_kept_game(self) -> None:
        """Continue the game kept from an earlier visit of this browser."""
        self.flow.accept_resume()

    @guarded
    def decline_kept_game(self) -> None:
        """Keep the new game (the kept one is forgotten)."""
        self.flow.decline_resume()

    def _page_spoke(self, change: Any) -> None:
        self.page_width.unobserve(self._page_spoke, names="value")
        if self._later is not None:
            self._later(HOLD_LIMIT, self._release)

    @guarded
    def _release(self) -> None:
        self.flow.release()

    @guarded
    def save(self) -> None:
        """Put a download link for the game in the page (what the people at the screen may see)."""
        self.flow.save()

    @guarded
    def load_bytes(self, content: bytes, name: str = "file") -> bool:
        """Load a saved game, a teacher's position or a record; on a problem say why and keep the game."""
        return self.flow.load_bytes(content, name)

    def close(self) -> None:
        """Stop the background work, then close the dashboard."""
        self.flow.close()
        if self.keeper is not None:
            self.keeper.close()
        self.play.review.reset()
        if self.friend is not None:
            self.friend.close()
        if self.connection is not None:
            self.connection.stop()
        super().close()

    @property
    def lang(self) -> str:
        """The page's language: the controller's (``flow.language``), which every part follows."""
        return self.flow.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self.flow.set_lang(lang)

    # ================================================================ input
    @guarded
    def _show_reviewed(self, state: Game, highlights: Highlights, text: str) -> None:
        """The review's "Show" (or its graph): the moment on the main board, in view, with what it says."""
        self.boards.reviewing = (state, highlights, text)
        self.left_tabs.selected_index = 0
        self._render_board()

    def _show_play(self) -> None:
        self.right_tabs.selected_index = PLAY_TAB

    def _show_friend_form(self) -> None:
        """A link named a room: bring up the "Play a friend" fields, its code filled in."""
        self.form.mode_choice.value = "friend"
        self.right_tabs.selected_index = GAME_TAB

    @guarded
    def _on_start(self, choices: dict[str, Any]) -> None:
        names = {key: choices[key] for key in ("mode", "level", "human", "names")}
        self.flow.start_from_form(choices["seed_text"], **names)

    @guarded
    def _on_left_tab(self, change: Any) -> None:
        self.keyboard.wanted = False
        if change["new"] == 1:
            self.boards.open_explainer(self.lang)

    @guarded
    def _on_right_tab(self, change: Any) -> None:
        self.keyboard.wanted = False  # the person went elsewhere: a late bot move must not pull them back
        if change["new"] == LOG_TAB:
            self.log_html.value = log_html(self.flow, self.lang)
        self._render_board()  # the board's hint says where the step buttons are

    def _set_geometry(self, geometry: Geometry, scale: float) -> None:
        """The page's layout changed: the boards take its geometry."""
        self.boards.set_geometry(geometry, scale)
        self._render_board()

    # ================================================================ drawing the flow
    def _render(self) -> None:
        """Bring every part of the page in step with the controller.

        Words go first: the explanation and the status reach the page before the board's
        redraw, which takes the browser longer.
        """
        flow = self.flow
        lang = self.lang
        if lang != self._drawn_lang:  # the controller's language changed: every part speaks it
            self._drawn_lang = lang
            self.boards.set_lang(lang)
            self._relabel()
        if flow.generation != self._generation:
            self._install()
        if flow.live and self.board.game is not flow.game:
            self._render_board()  # a room's new view: the board and its twin first, as a click draws itself first
        # the step's explanation, then at once the status that says it is there (tools wait on the status,
        # and time the explanation): nothing slow, such as a new card panel, may come between the two
        self.play.render_steps(lang)
        self.status.value = status_html(flow, lang)
        self.message.value = message_html(flow, lang)
        self.cover.render(lang, self.message.value)
        self.body.layout.display = "none" if flow.covered else ""
        # one game on the screen: while the browser has not said whether it keeps a game, and while that game is
        # offered, no other game shows (its board and its cards wait)
        held = "none" if flow.held else ""
        if self.left_tabs.layout.display != held:
            self.left_tabs.layout.display = held
            self.right_tabs.layout.display = held
        self.play.render_rest(lang)
        self._render_board()
        self.coach.render(flow, lang)
        self.resume.render(flow, lang)
        if self.friend is not None:
            if flow.mode is Mode.FRIEND and self.form.mode_choice.value != Mode.FRIEND.value:
                self.form.mode_choice.value = Mode.FRIEND.value  # a room entered from a saved key shows its fields
            self.friend.render(lang)
        if flow.saved is not self._saved or lang != self._saved_lang:
            self._saved, self._saved_lang = flow.saved, lang
            self.form.show_saved(flow.saved, lang)
        if self.right_tabs.selected_index == LOG_TAB:
            self.log_html.value = log_html(flow, lang)
        panel = self.play.panel
        if panel is not None and panel is not self._hooked_panel:
            self._hooked_panel = panel
            panel.on_action(lambda _action: self.keyboard.want())  # Confirm or the exchange: focus what comes next
        if self.keyboard.wanted:
            self.keyboard.move()

    def _install(self) -> None:
        """A new game or a loaded file: a new board, no panel, no explainer, the Play tab."""
        self._generation = self.flow.generation
        self.play.close_panel()
        self.boards.new_game(self.lang)
        self.right_tabs.selected_index = PLAY_TAB
        if self.left_tabs.selected_index == 1:
            self.boards.open_explainer(self.lang)

    def _render_board(self) -> None:
        playing = self.right_tabs.selected_index == PLAY_TAB
        self.boards.render_board(below=self.page_layout != "wide", playing=playing)

    def _relabel(self) -> None:
        """Every fixed word of the page in the current language."""
        lang = self.lang
        self.look.show_lang(lang, say)
        self.header.relabel(lang)
        self.boards.relabel(lang)
        self.right_tabs.titles = tuple(say(f"tab.{name}", lang) for name in ("play", "coach", "log", "game"))
        self.play.relabel(lang)
        self.coach.relabel(lang)
        self.resume.relabel(lang)
        self.form.relabel(lang)
        if self.connection is not None:
            self.connection.render(lang)
