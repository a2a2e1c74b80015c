"""The Aton dashboard: a whole game in one widget, for Voila or a notebook.

``Dashboard(seed=None, lang="en")`` builds the page: the board (click squares to remove and place),
the card panel, the steps of each resolution one at a time, the coach, the game log, the
step-through explainer, a new-game form (against a bot, two people on one screen, two bots),
saving and loading, English / French and a light / dark theme.  ``notebooks/aton.ipynb`` only
builds and displays it.

How hidden cards stay hidden:

- Every panel is built from ``game.view(player)`` of the person at the screen; the board and
  the explainer draw views too (or public information only).
- Two people on one screen: a "pass the screen" cover stands between their turns; before it
  is lifted the previous card panel is closed (its widgets leave the page, their state too).
- A bot decides from its own view in a background thread; its cards are face down until the reveal.
- A saved file holds only what the people at the screen may see (the whole game once it is over).

Nothing the dashboard does shows a Python traceback: every handler turns an error into a
message (CSS class ``aton-message``) and keeps the game as it was.

Stable CSS classes for tests and tools: ``aton-dashboard`` (root; ``aton-dark`` in the dark theme),
``aton-status`` (its inner ``div`` carries public facts as ``data-*`` attributes), ``aton-app-message``,
``aton-board`` (the canvas), ``aton-step-explain``, ``aton-next-step``, ``aton-skip``, ``aton-auto``,
``aton-turn``, ``aton-bot-progress``, ``aton-cover``, ``aton-cover-ready``, ``aton-result``,
``aton-hint-button``, ``aton-hint``, ``aton-log``, ``aton-mode``, ``aton-level``, ``aton-human``,
``aton-seed``, ``aton-start``, ``aton-save``, ``aton-download``, ``aton-load``, ``aton-language``,
``aton-theme``, and those of the widgets it holds (``aton-assign``, ``aton-card``...).
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Callable
from html import escape
from typing import Any, Concatenate, ParamSpec, TypeVar

import ipywidgets as widgets
import traitlets

from ..actions import PLAYERS, RED, Action, Assign, Exchange, Player
from ..coach import Hint, hint
from ..explain import explain, rule_of
from ..game import Game, Phase
from ..timeline import Step, timeline
from .assign import AssignPanel
from .board import BoardView
from .dashboard_session import (
    LEVELS,
    Job,
    LoadError,
    Mode,
    Schedule,
    Session,
    Setup,
    Worker,
    bot_work,
    fresh_seed,
    read_game_file,
    save_file,
)
from .dashboard_style import dashboard_css
from .dashboard_text import say
from .i18n import check_lang, player_word, tr
from .language import LanguageSwitch
from .scene import highlights_for_event
from .stepper import SPEEDS, Stepper
from .words import result_text

__all__ = ["Dashboard", "close_tree", "kernel_schedule"]

P = ParamSpec("P")
T = TypeVar("T")
_ACTING = (Phase.REMOVE, Phase.PLACE, Phase.SCORING_REMOVE)
_ROUND_ENDS = ("round_end", "game_over")
BOARD_SCALE = 1.5
"""The boards draw at 1.5 x their logical size: sharp up to about 1470 device pixels (a projector, a
high-DPI laptop), and each redraw moves about half the pixels of 2 x (measured: in Chromium without a GPU,
compositing the 2 x board took about 30 ms per click)."""


def kernel_schedule() -> Schedule | None:
    """A thread-safe "run this on the kernel's thread" in a Jupyter kernel, or ``None`` outside one."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    loop = getattr(getattr(shell, "kernel", None), "io_loop", None)
    add_callback = getattr(loop, "add_callback", None)
    return add_callback if callable(add_callback) else None


def close_tree(widget: Any) -> None:
    """Close ``widget`` and every widget inside it: their state leaves the page's widget manager."""
    for child in list(getattr(widget, "children", ())):
        close_tree(child)
    widget.close()


def _guarded(method: Callable[Concatenate[Dashboard, P], T]) -> Callable[Concatenate[Dashboard, P], T | None]:
    """Turn any error of a handler into a message in the page; the game stays as it was."""

    @functools.wraps(method)
    def wrapper(self: Dashboard, /, *args: P.args, **kwargs: P.kwargs) -> T | None:
        try:
            return method(self, *args, **kwargs)
        except Exception as error:
            self._report(error)
            return None

    return wrapper


def _button(css: str, style: str = "", width: str = "auto") -> widgets.Button:
    button = widgets.Button(button_style=style, layout=widgets.Layout(width=width))
    button.add_class(css)
    return button


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css)
    return box


class Dashboard(widgets.VBox):  # type: ignore[misc]
    """The whole game in one widget (CSS class ``aton-dashboard``).

    ``Dashboard(seed=None, lang="en", *, mode="bot", level="easy", human=RED, theme="light",
    background=None)``

    - ``seed``: the first game's seed (``None``: a new random one, shown in the page).
    - ``mode``: ``"bot"`` (a person against a bot), ``"two"`` (two people on one screen) or
      ``"watch"`` (two bots); ``level``: ``"easy"``, ``"medium"`` or ``"hard"``; ``human``: the
      colour the person plays against a bot.
    - ``background``: run bots and the coach in threads (default: when in a Jupyter kernel);
      ``False`` runs them at once, for scripts and tests.

    Methods for scripts and tests: :meth:`new_game`, :meth:`next_step`, :meth:`skip`,
    :meth:`lift_cover`, :meth:`ask_coach`, :meth:`save`, :meth:`load_bytes`.
    """

    lang = traitlets.Unicode("en")
    theme = traitlets.Unicode("light")

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
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-dashboard")
        lang = check_lang(lang)
        schedule = kernel_schedule() if background is not False else None
        if background and schedule is None:
            raise ValueError("background=True needs a Jupyter kernel to hand results back to the page")
        self.worker: Worker[Any] = Worker(schedule)
        setup = Setup(mode=Mode(mode), level=level, human=Player(human), seed=seed)
        self.session = Session(setup)
        self._shown = len(self.session.game.events)
        self._board_events = self._shown
        self._count = self._shown
        self._round = self.session.game.round
        self._relabelling = False
        self._installed = False
        self._jobs: dict[str, Job] = {}
        self._panel: AssignPanel | None = None
        self._panel_key: tuple[int, int, Player] | None = None
        self._at_screen: Player | None = None
        self._message: Callable[[str], str] | None = None
        self._message_alert = False
        self._hint: tuple[tuple[int, int, Player], Hint, str] | None = None
        self._steps_cache: tuple[int, int, list[Step]] | None = None
        self._stepper: Stepper | None = None
        self._progress_text: Callable[[str], str] | None = None

        # ---------------------------------------------------------- header
        self.style_html = widgets.HTML(dashboard_css())
        self.title_html = _html("aton-title")
        self.status = _html("aton-status")
        self.language = LanguageSwitch(lang=lang)
        self.theme_switch = widgets.ToggleButtons(options=[("Light", "light"), ("Dark", "dark")], value=theme)
        self.theme_switch.add_class("aton-theme")
        self.theme_switch.style.button_width = "5.5em"
        header = widgets.HBox([self.title_html, self.status, self.language, self.theme_switch])
        header.add_class("aton-header")
        self.message = _html("aton-message")
        self.message.add_class("aton-app-message")

        # ---------------------------------------------------------- board
        self.twin_box = widgets.Accordion()
        self.twin_box.add_class("aton-twin-box")
        self.board_area = widgets.VBox()
        self.board_area.add_class("aton-board-area")
        self.board = self._build_board(lang)
        self.explainer_help = _html("aton-explainer-help")
        self.explainer_area = widgets.VBox([self.explainer_help])
        self.explainer_area.add_class("aton-explainer")
        self.left_tabs = widgets.Tab(children=[self.board_area, self.explainer_area])
        self.left_tabs.add_class("aton-left")

        # ---------------------------------------------------------- play
        self.steps_title = _html("aton-steps-title")
        self.step_explain = _html("aton-step-explain")
        self.next_button = _button("aton-next-step", "primary")
        self.skip_button = _button("aton-skip")
        self.auto_button = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.auto_button.add_class("aton-auto")
        self.speed = widgets.ToggleButtons(options=[(name, ms) for name, ms in SPEEDS.items()], value=SPEEDS["normal"])
        self.speed.add_class("aton-speed")
        self.speed.style.button_width = "5em"
        self.ticker = widgets.Play(
            min=0, max=10**9, value=0, interval=SPEEDS["normal"], layout=widgets.Layout(display="none")
        )
        step_buttons = widgets.HBox([self.next_button, self.skip_button, self.auto_button])
        step_buttons.add_class("aton-step-buttons")
        self.steps_box = widgets.VBox([self.steps_title, self.step_explain, step_buttons, self.speed, self.ticker])
        self.steps_box.add_class("aton-steps")
        self.turn_text = _html("aton-turn")
        self.progress = widgets.FloatProgress(min=0.0, max=1.0, value=0.0, layout=widgets.Layout(width="100%"))
        self.progress.add_class("aton-bot-progress")
        self.progress_label = _html("aton-bot-status")
        self.progress_box = widgets.VBox([self.progress_label, self.progress])
        self.progress_box.add_class("aton-progress-box")
        self.panel_box = widgets.VBox()
        self.panel_box.add_class("aton-panel-box")
        self.result_html = _html("aton-result")
        play_box = widgets.VBox([self.result_html, self.steps_box, self.turn_text, self.progress_box, self.panel_box])
        play_box.add_class("aton-play")

        # ---------------------------------------------------------- coach and log
        self.coach_help = _html("aton-coach-help")
        self.hint_button = _button("aton-hint-button", "info")
        self.hint_html = _html("aton-hint")
        coach_box = widgets.VBox([self.coach_help, self.hint_button, self.hint_html])
        coach_box.add_class("aton-coach")
        self.log_html = _html("aton-log")
        log_box = widgets.VBox([self.log_html])

        # ---------------------------------------------------------- new game, save, load
        self.new_title = _html("aton-new-title")
        self.mode_choice = widgets.ToggleButtons(options=[("", m.value) for m in Mode], value=setup.mode.value)
        self.mode_choice.add_class("aton-mode")
        self.mode_choice.style.button_width = "auto"
        self.level_choice = widgets.ToggleButtons(options=[(name, name) for name in LEVELS], value=setup.level)
        self.level_choice.add_class("aton-level")
        self.level_choice.style.button_width = "7em"
        self.human_choice = widgets.ToggleButtons(options=[("", p.label) for p in PLAYERS], value=setup.human.label)
        self.human_choice.add_class("aton-human")
        self.human_choice.style.button_width = "7em"
        self.name_red = widgets.Text(layout=widgets.Layout(width="16em"))
        self.name_red.add_class("aton-name-red")
        self.name_blue = widgets.Text(layout=widgets.Layout(width="16em"))
        self.name_blue.add_class("aton-name-blue")
        self.names_box = widgets.VBox([self.name_red, self.name_blue])
        self.seed_text = widgets.Text(value="" if seed is None else str(seed), layout=widgets.Layout(width="16em"))
        self.seed_text.add_class("aton-seed")
        self.seed_help = _html("aton-seed-help")
        self.start_button = _button("aton-start", "success")
        self.save_title = _html("aton-save-title")
        self.save_button = _button("aton-save")
        self.download = _html("aton-download")
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("aton-load")
        self.upload_label = _html("aton-load-label")
        game_box = widgets.VBox(
            [
                self.new_title,
                self.mode_choice,
                self.level_choice,
                self.human_choice,
                self.names_box,
                self.seed_text,
                self.seed_help,
                self.start_button,
                self.save_title,
                self.save_button,
                self.download,
                self.upload_label,
                self.upload,
            ]
        )
        game_box.add_class("aton-game")
        self.right_tabs = widgets.Tab(children=[play_box, coach_box, log_box, game_box])
        self.right_tabs.add_class("aton-right")

        # ---------------------------------------------------------- cover
        self.cover_title = _html("aton-cover-title")
        self.cover_text = _html("aton-cover-text")
        self.cover_button = _button("aton-cover-ready", "primary")
        self.cover = widgets.VBox([self.cover_title, self.cover_text, self.cover_button])
        self.cover.add_class("aton-cover")
        self.cover.layout.display = "none"

        self.body = widgets.HBox([self.left_tabs, self.right_tabs])
        self.body.add_class("aton-body")
        self.children = [self.style_html, header, self.message, self.cover, self.body]

        # ---------------------------------------------------------- wiring
        self.next_button.on_click(lambda _b: self.next_step())
        self.skip_button.on_click(lambda _b: self.skip())
        self.auto_button.observe(self._on_auto, names="value")
        self.speed.observe(self._on_speed, names="value")
        self.ticker.observe(self._on_tick, names="value")
        self.hint_button.on_click(lambda _b: self.ask_coach())
        self.mode_choice.observe(lambda _c: self._relabel(), names="value")
        self.start_button.on_click(lambda _b: self._start_from_form())
        self.save_button.on_click(lambda _b: self.save())
        self.upload.observe(self._on_upload, names="value")
        self.cover_button.on_click(lambda _b: self.lift_cover())
        self.left_tabs.observe(self._on_left_tab, names="selected_index")
        self.right_tabs.observe(self._on_right_tab, names="selected_index")
        self.language.connect(self)
        self.observe(self._on_lang, names="lang")
        self.observe(self._on_theme, names="theme")
        self.theme_switch.observe(self._on_theme_switch, names="value")
        self.lang = lang
        self.theme = theme
        self._on_theme(None)
        self._relabel()
        self._install()

    # ================================================================ public API
    @property
    def game(self) -> Game:
        """The live game."""
        return self.session.game

    @property
    def live(self) -> bool:
        """Whether the board shows the game as it is now (no step left to watch)."""
        return self._shown >= len(self.session.game.events)

    @property
    def pending(self) -> int:
        """Steps not watched yet."""
        return max(0, len(self.session.game.events) - self._shown)

    @property
    def panel(self) -> AssignPanel | None:
        """The card panel on the page now, if any."""
        return self._panel

    @property
    def at_screen(self) -> Player | None:
        """Two people on one screen: whose cards may show now (``None`` while the cover is up)."""
        return self._at_screen

    @property
    def covered(self) -> bool:
        """Whether the "pass the screen" cover is up."""
        return bool(self.cover.layout.display != "none")

    @property
    def thinking(self) -> list[str]:
        """Names of the background jobs running (``"bot:blue"``, ``"coach"``)."""
        return sorted(self._jobs)

    @_guarded
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
        old = self.session.setup
        setup = Setup(
            mode=Mode(mode) if mode is not None else old.mode,
            level=level if level is not None else old.level,
            human=Player(human) if human is not None else old.human,
            seed=seed if seed is not None else fresh_seed(),
            names=names,
        )
        self._cancel_jobs()
        self.session = Session(setup)
        self._shown = len(self.session.game.events)
        chosen = self.session.game.seed
        self._set_message(lambda lang: say("new.started", lang, seed=chosen))
        self._install()

    @_guarded
    def next_step(self) -> None:
        """Show the next step not watched yet (the board catches up with the game at the last one)."""
        if not self.live:
            self._shown += 1
            self._render()
            if self.live:
                self._advance()

    @_guarded
    def skip(self) -> None:
        """Go to the end of this round (a scoring follows it step by step), or to now."""
        events = self.session.game.events
        target = len(events)
        for index in range(self._shown, len(events)):
            if events[index].kind in _ROUND_ENDS:
                target = index + 1
                break
        if target == self._shown:
            target = len(events)
        self._shown = target
        self._render()
        if self.live:
            self._advance()

    @_guarded
    def lift_cover(self) -> None:
        """Two people on one screen: the player named on the cover looks now; their cards appear."""
        wanted = self._cover_for()
        if wanted is None:
            return
        self._at_screen = wanted
        self._render()

    @_guarded
    def ask_coach(self) -> None:
        """Ask the coach for a hint for the person who must decide (in a background thread)."""
        game = self.session.game
        player = self._deciding_person()
        if player is None or not self.live:
            words = "coach.not_live" if player is not None else "coach.nothing"
            self.hint_html.value = f"<p>{escape(say(words, self.lang))}</p>"
            return
        if "coach" in self._jobs:
            return
        view = game.view(player)
        lang = self.lang
        key = (id(game), len(game.actions), player)
        job = Job("coach")
        self._jobs["coach"] = job
        self.hint_html.value = f"<p><i>{escape(say('coach.thinking', lang))}</i></p>"

        def work(report: Callable[[float], bool]) -> Hint:
            return hint(view, lang, on_progress=report)

        def done(job: Job, result: Hint | None, error: BaseException | None) -> None:
            self._finish_coach(job, key, lang, result, error)

        self.worker.run(job, work, done)

    @_guarded
    def save(self) -> None:
        """Put a download link for the game in the page (what the people at the screen may see)."""
        saved = save_file(self.session.game, self._save_viewer())
        payload = base64.b64encode(saved.text.encode("utf-8")).decode("ascii")
        lang = self.lang
        if saved.full:
            note = say("save.full", lang)
        else:
            who = saved.viewer
            own = "" if who is None else say("save.public.own", lang, player=player_word(who.label, lang))
            name = say("save.public.everyone", lang) if who is None else player_word(who.label, lang)
            note = say("save.public", lang, who=name, own=own)
        self.download.value = ""  # a second save of the same game still shows a fresh link
        self.download.value = (
            f'<a class="aton-download-link" download="{escape(saved.name)}" '
            f'href="data:application/json;base64,{payload}">{escape(say("save.link", lang, name=saved.name))}</a>'
            f"<p><small>{escape(note)}</small></p>"
        )

    @_guarded
    def load_bytes(self, content: bytes, name: str = "file") -> bool:
        """Load a saved game, a teacher's position or a record; on a problem say why and keep the game."""
        try:
            game = read_game_file(content, name, seed_if_missing=fresh_seed())
        except LoadError as error:
            reason = str(error)
            self._set_message(lambda lang: say("load.error", lang, name=name, reason=reason), alert=True)
            return False
        self._cancel_jobs()
        self.session = Session(self.session.setup, game, source=name)
        self._shown = len(game.events)
        self._set_message(
            lambda lang: say(
                "load.done", lang, name=name, round=game.round, phase=tr(f"phase.{game.phase.value}", lang)
            )
        )
        self._install()
        return True

    def close(self) -> None:
        """Stop the background work, then close the dashboard."""
        self._cancel_jobs()
        super().close()

    # ================================================================ game flow
    def _install(self) -> None:
        """Show the session's game from scratch (new game, loaded file)."""
        session = self.session
        self._close_panel()
        self._at_screen = None
        self._hint = None
        self._steps_cache = None
        self.hint_html.value = ""
        self.download.value = ""
        if self._installed:
            self.board = self._build_board(self.lang)
        self._installed = True
        self._board_events = len(session.game.events)
        if self._stepper is not None:
            close_tree(self._stepper)
            self._stepper = None
            self.explainer_area.children = [self.explainer_help]
        self.auto_button.value = session.mode is Mode.WATCH
        self.right_tabs.selected_index = 0
        if self.left_tabs.selected_index == 1:
            self._open_explainer()
        self._render()
        self._advance()

    def _advance(self) -> None:
        """Start the bots that must decide now (two bots wait until the steps are watched)."""
        session = self.session
        game = session.game
        if game.result is not None:
            self._cancel_jobs(keep_coach=True)
            return
        if session.mode is Mode.WATCH and not self.live:
            return
        for player in session.bots_to_decide():
            name = f"bot:{player.label}"
            if name in self._jobs:
                continue
            job = Job(name)
            self._jobs[name] = job
            view = game.view(player)
            work = bot_work(session.bots[player], view, session.bot_rngs[player])
            self.worker.run(
                job,
                work,
                functools.partial(self._finish_bot, game, player),
                self._on_bot_progress,
            )
        self._render_progress()
        self._render_status()

    @_guarded
    def _finish_bot(self, game: Game, player: Player, job: Job, action: Any, error: BaseException | None) -> None:
        name = f"bot:{player.label}"
        if self._jobs.get(name) is job:
            del self._jobs[name]
        if job.cancelled or game is not self.session.game:
            return
        if error is not None:
            reason = str(error)
            self._set_message(
                lambda lang: say("bot.error", lang, player=player_word(player.label, lang), reason=reason), alert=True
            )
            self._render()
            return
        if player not in game.to_act or not game.is_legal(action):
            self._advance()
            return
        was_live = self._shown >= len(game.events)
        game.apply(action)
        if was_live and isinstance(action, (Assign, Exchange)) and game.phase is Phase.ASSIGN:
            self._shown = len(game.events)  # face-down cards or an exchange: nothing moves on the board
        self._after_change()

    def _finish_coach(
        self, job: Job, key: tuple[int, int, Player], lang: str, result: Hint | None, error: BaseException | None
    ) -> None:
        if self._jobs.get("coach") is job:
            del self._jobs["coach"]
        if job.cancelled:
            return
        if error is not None or result is None:
            reason = str(error)
            self.hint_html.value = f'<p class="aton-reason">{escape(say("coach.error", lang, reason=reason))}</p>'
            return
        self._hint = (key, result, lang)
        self._render_hint()

    @_guarded
    def _on_board_action(self, action: Action) -> None:
        """A person's click was played by the board (it has drawn the game as it is now)."""
        game = self.session.game
        self._board_events = len(game.events)
        self._after_person(action)

    @_guarded
    def _on_panel_action(self, action: Action) -> None:
        """A person assigned their cards or exchanged them through the card panel."""
        self._after_person(action)

    def _after_person(self, action: Action) -> None:
        game = self.session.game
        before = self._count
        if self._shown >= before:
            # the person's own step needs no watching; what follows it does, unless they decide on
            still = action.player in game.to_act and game.round == self._round and not isinstance(action, Assign)
            self._shown = len(game.events) if still else before + 1
        if isinstance(action, Assign) and self.session.mode is Mode.TWO:
            self._at_screen = None
        self._set_message(None)
        self._after_change()

    def _after_change(self) -> None:
        self._render()
        self._advance()

    # ================================================================ who does what
    def _deciding_person(self) -> Player | None:
        """The person at the screen who must decide now, if any."""
        session = self.session
        game = session.game
        if game.result is not None:
            return None
        to_act = [p for p in game.to_act if session.controller(p) == "human"]
        if session.mode is Mode.TWO and game.phase is Phase.ASSIGN:
            return self._at_screen if self._at_screen in to_act else None
        return to_act[0] if to_act else None

    def _cover_for(self) -> Player | None:
        """Two people on one screen: who must take the screen next to choose their cards (``None``: no cover)."""
        session = self.session
        game = session.game
        if session.mode is not Mode.TWO or not self.live or game.phase is not Phase.ASSIGN or game.result:
            return None
        waiting = list(game.to_act)
        if not waiting or self._at_screen in waiting:
            return None
        return waiting[0]

    def _save_viewer(self) -> Player | None:
        session = self.session
        if session.mode is Mode.BOT:
            return session.setup.human
        return None

    # ================================================================ rendering
    def _render(self) -> None:
        """Bring every part of the page in step with the game and the step shown.

        Words go first: the explanation and the status reach the page before the board's
        redraw, which takes the browser longer.
        """
        self._render_steps()
        self._render_status()
        self._render_turn()
        self._render_board()
        self._render_cover_and_panel()
        self._render_progress()
        self._render_result()
        self._render_hint()
        if self.right_tabs.selected_index == 2:
            self._render_log()
        self._count = len(self.session.game.events)
        self._round = self.session.game.round

    def _steps(self) -> list[Step]:
        game = self.session.game
        key = (id(game), len(game.events))
        cache = self._steps_cache
        if cache is None or (cache[0], cache[1]) != key:
            cache = (key[0], key[1], timeline(game, viewer=self.session.viewer))
            self._steps_cache = cache
        return cache[2]

    def _step_at(self, count: int) -> Step | None:
        """The step of event ``count - 1`` (the state after the first ``count`` events)."""
        steps = self._steps()
        index = count - 1 - (len(self.session.game.events) - len(steps))
        return steps[index] if 0 <= index < len(steps) else None

    def _build_board(self, lang: str) -> BoardView:
        """A new board for the session's game (the old one leaves the page with everything it showed)."""
        session = self.session
        game = session.game
        viewer = session.viewer
        if session.mode is Mode.TWO and game.phase is Phase.ASSIGN and game.to_act:
            viewer = game.to_act[0]  # the first to choose cards: nothing of theirs lies face down yet
        board = BoardView(
            game,
            viewer=viewer,
            controls=session.controls,
            lang=lang,
            show_twin=False,
            display_width=1400,
            scale=BOARD_SCALE,
        )
        board.on_action(self._on_board_action)
        old: BoardView | None = getattr(self, "board", None)
        self.twin_box.children = [board.twin]
        self.board_area.children = [board, self.twin_box]
        if old is not None:
            old.on_action(self._on_board_action, remove=True)
            close_tree(old.twin)
            close_tree(old)
        return board

    def _wanted_viewer(self) -> Player | None:
        """Whose eyes the board uses now.

        Two people on one screen: the person at the screen, else the next one to take it.  (The
        board's text twin cannot go back to "nobody" once it had a viewer, so the board always
        keeps a person whose cards are not face down on the cartouches.)
        """
        session = self.session
        if session.mode is not Mode.TWO:
            return session.viewer
        if session.game.phase is Phase.ASSIGN:
            return self._at_screen or self._cover_for() or self.board.viewer
        return self.board.viewer

    def _shown_state(self) -> Game:
        """The state the board shows: the step being watched, or the game as it is now."""
        if not self.live:
            step = self._step_at(self._shown)
            if step is not None:
                return step.state
        return self.session.game

    def _render_board(self) -> None:
        board = self.board
        game = self.session.game
        wanted_viewer = self._wanted_viewer()
        if board.viewer is not wanted_viewer:
            board.set_viewer(wanted_viewer)
        if self.live:
            if board.showing or self._board_events != len(game.events):
                board.refresh()
                self._board_events = len(game.events)
            return
        step = self._step_at(self._shown)
        if step is None:
            board.refresh()
            self._board_events = len(game.events)
            return
        board.show(step.state, highlights_for_event(step.event, step.state.rules.layout))
        pending = self.pending
        board.say(lambda lang: say("steps.board", lang, count=pending))
        self._board_events = -1

    def _render_cover_and_panel(self) -> None:
        session = self.session
        game = session.game
        lang = self.lang
        cover = self._cover_for()
        if cover is not None:
            self._close_panel()
            self._clear_private()
            name = session.name(cover, player_word(cover.label, lang))
            self.cover_title.value = f"<h2>{escape(say('cover.title', lang, player=name))}</h2>"
            done = [p for p in PLAYERS if game.has_assigned(p)]
            note = (
                f"<p>{escape(say('cover.done', lang, player=session.name(done[0], player_word(done[0].label, lang))))}"
                "</p>"
                if done
                else ""
            )
            self.cover_text.value = f"{note}<p>{escape(say('cover.text', lang, player=name))}</p>"
            self.cover_button.description = say("cover.ready", lang, player=name)
            self.cover.layout.display = ""
            self.body.layout.display = "none"
            return
        self.cover.layout.display = "none"
        self.body.layout.display = ""
        person = self._assigning_person()
        if person is None:
            self._close_panel()
            return
        key = (id(game), game.round, person)
        if self._panel is not None and self._panel_key == key:
            self._panel.refresh()
            return
        self._close_panel()
        panel = AssignPanel(game, person, lang=lang)
        panel.on_action(self._on_panel_action)
        self._panel = panel
        self._panel_key = key
        self.panel_box.children = [panel]

    def _assigning_person(self) -> Player | None:
        """Whose card panel belongs on the page now: the person choosing cards (or waiting for a bot)."""
        session = self.session
        game = session.game
        if not self.live or game.phase is not Phase.ASSIGN or game.result is not None:
            return None
        if session.mode is Mode.BOT:
            return session.setup.human
        if session.mode is Mode.TWO and self._at_screen is not None and not game.has_assigned(self._at_screen):
            return self._at_screen
        return None

    def _close_panel(self) -> None:
        panel = self._panel
        self._panel = None
        self._panel_key = None
        self.panel_box.children = []
        if panel is not None:
            panel.on_action(self._on_panel_action, remove=True)
            close_tree(panel)

    def _clear_private(self) -> None:
        """Forget everything shown for one person (a hint names their cards) before the screen passes."""
        self._hint = None
        self.hint_html.value = ""
        job = self._jobs.pop("coach", None)
        if job is not None:
            job.cancel()

    def _render_steps(self) -> None:
        lang = self.lang
        game = self.session.game
        pending = self.pending
        self.steps_title.value = f"<h4>{escape(say('steps.title', lang))}</h4>" if pending else ""
        self.next_button.disabled = pending == 0
        self.skip_button.disabled = pending == 0
        self.next_button.layout.display = "" if pending else "none"
        self.skip_button.layout.display = "" if pending else "none"
        self.speed.layout.display = "" if self.auto_button.value else "none"
        events = game.events
        round_end_ahead = any(e.kind in _ROUND_ENDS for e in events[self._shown :])
        self.skip_button.description = say("steps.skip" if round_end_ahead else "steps.skip_now", lang)
        if self._shown == 0 or not events or (game.result is not None and self.live):
            self.step_explain.value = ""  # nothing yet, or the result box says it
            return
        event = events[min(self._shown, len(events)) - 1]
        if pending:
            head = say("steps.position", lang, count=pending)
            why = f'<p class="aton-step-why"><i>{escape(say("steps.why", lang, rule=rule_of(event, lang)))}</i></p>'
        else:
            head, why = say("steps.none", lang), ""
        self.step_explain.value = (
            f'<div role="status" aria-live="polite" data-shown="{self._shown}">'
            f'<p class="aton-step-position"><b>{escape(head)}</b></p>'
            f'<p class="aton-step-text">{escape(explain(event, lang))}</p>{why}</div>'
        )

    def _render_turn(self) -> None:
        session = self.session
        game = session.game
        lang = self.lang
        text = ""
        if not self.live:
            text = say("steps.watching", lang)
        elif game.result is None:
            person = self._deciding_person()
            if person is not None and game.phase in _ACTING:
                if session.mode is Mode.TWO:
                    text = say("turn.people", lang, player=session.name(person, player_word(person.label, lang)))
                else:
                    text = say(f"turn.{game.phase.value}", lang)
        self.turn_text.value = f'<p role="status">{escape(text)}</p>' if text else ""

    def _render_progress(self) -> None:
        bots = [name for name in self._jobs if name.startswith("bot:")]
        if not bots:
            self.progress_box.layout.display = "none"
            self.progress.value = 0.0
            self.progress_label.value = ""
            return
        player = Player.parse(bots[0].split(":")[1])
        who = player_word(player.label, self.lang)
        self.progress_label.value = f'<p role="status">{escape(say("bot.thinking", self.lang, player=who))}</p>'
        self.progress.value = min(1.0, max(0.0, self._jobs[bots[0]].progress))
        self.progress_box.layout.display = ""

    def _on_bot_progress(self, job: Job, fraction: float) -> None:
        if job.name in self._jobs and self._jobs[job.name] is job:
            self.progress.value = min(1.0, max(0.0, fraction))

    def _render_result(self) -> None:
        game = self.session.game
        lang = self.lang
        if game.result is None or not self.live:
            self.result_html.value = ""
            return
        over = [e for e in game.events if e.kind == "game_over"]
        why = explain(over[-1], lang) if over else ""
        again = say("result.again", lang, tab=say("tab.game", lang))
        self.result_html.value = (
            f'<div role="status"><h3>{escape(result_text(game, lang))}</h3><p>{escape(why)}</p>'
            f"<p><small>{escape(again)}</small></p></div>"
        )

    def _render_status(self) -> None:
        session = self.session
        game = session.game
        lang = self.lang
        state = self._shown_state()
        red, blue = player_word("red", lang), player_word("blue", lang)
        level = say(f"new.level.{session.setup.level}", lang)
        if session.mode is Mode.BOT:
            mode = say("status.mode.bot", lang, human=player_word(session.setup.human.label, lang), level=level)
        else:
            mode = say(f"status.mode.{session.mode.value}", lang, level=level)
        if session.source:
            mode = f"{mode} · {say('status.loaded', lang)}"
        parts = [
            say("status.round", lang, round=state.round),
            say(
                "status.scores",
                lang,
                red=red,
                blue=blue,
                red_score=state.score(RED),
                blue_score=state.score(Player.BLUE),
            ),
            say("status.seed", lang, seed=game.seed),
            mode,
        ]
        facts = {
            "round": state.round,
            "phase": state.phase.value,
            "red-score": state.score(RED),
            "blue-score": state.score(Player.BLUE),
            "red-stock": state.stock(RED),
            "blue-stock": state.stock(Player.BLUE),
            "kingdom": len(state.kingdom),
            "live": str(self.live).lower(),
            "pending": self.pending,
            "shown": self._shown,
            "to-act": " ".join(p.label for p in game.to_act) if self.live else "",
            "thinking": " ".join(sorted(self._jobs)),
            "mode": session.mode.value,
            "seed": game.seed,
            "over": str(game.result is not None and self.live).lower(),
            "cover": str(self._cover_for() is not None).lower(),
            "at-screen": self._at_screen.label if self._at_screen is not None else "",
        }
        attributes = " ".join(f'data-{name}="{escape(str(value))}"' for name, value in facts.items())
        items = "".join(f"<span>{escape(part)}</span>" for part in parts)
        self.status.value = f'<div class="aton-status-line" {attributes}>{items}</div>'

    def _render_hint(self) -> None:
        stored = self._hint
        if stored is None:
            return
        key, advice, lang = stored
        game = self.session.game
        person = self._deciding_person()
        if person is None or key != (id(game), len(game.actions), person) or lang != self.lang:
            self._hint = None
            self.hint_html.value = ""
            return
        head = say("coach.result", lang, player=player_word(person.label, lang))
        self.hint_html.value = f'<div role="status"><p><b>{escape(head)}</b></p><p>{escape(advice.text)}</p></div>'

    def _render_log(self) -> None:
        lang = self.lang
        events = self.session.game.events[: self._shown]
        if not events:
            self.log_html.value = f"<p>{escape(say('log.empty', lang))}</p>"
            return
        parts = [f"<h4>{escape(say('log.title', lang))}</h4>"]
        open_list = False
        for event in events:
            if event.kind == "round_start":
                if open_list:
                    parts.append("</ol>")
                parts.append(f"<h5>{escape(say('log.round', lang, round=event.data.get('round', '')))}</h5><ol>")
                open_list = True
            elif not open_list:
                parts.append("<ol>")
                open_list = True
            parts.append(f"<li>{escape(explain(event, lang))}</li>")
        if open_list:
            parts.append("</ol>")
        self.log_html.value = f'<div class="aton-log-body">{"".join(parts)}</div>'

    def _relabel(self) -> None:
        """Every fixed word of the page in the current language."""
        if self._relabelling:  # reassigning options below fires the mode observer again
            return
        self._relabelling = True
        try:
            self._relabel_now()
        finally:
            self._relabelling = False

    def _relabel_now(self) -> None:
        lang = self.lang
        self.title_html.value = (
            f'<h1 class="aton-heading">{escape(say("title", lang))} <small>{escape(say("subtitle", lang))}</small></h1>'
        )
        theme = self.theme_switch.value
        self.theme_switch.options = [(say("theme.light", lang), "light"), (say("theme.dark", lang), "dark")]
        self.theme_switch.value = theme
        self.left_tabs.titles = (say("tab.board", lang), say("tab.explainer", lang))
        self.right_tabs.titles = (
            say("tab.play", lang),
            say("tab.coach", lang),
            say("tab.log", lang),
            say("tab.game", lang),
        )
        self.twin_box.titles = (say("twin.title", lang),)
        self.explainer_help.value = f"<p>{escape(say('explainer.help', lang))}</p>"
        self.next_button.description = say("steps.next", lang)
        self.auto_button.description = say("steps.auto", lang)
        value = self.speed.value
        self.speed.options = [(tr(f"step.speed.{name}", lang), ms) for name, ms in SPEEDS.items()]
        self.speed.value = value
        self.speed.description = say("steps.speed", lang)
        self.coach_help.value = f"<p>{escape(say('coach.help', lang))}</p>"
        self.hint_button.description = say("coach.button", lang)
        self.new_title.value = f"<h4>{escape(say('new.title', lang))}</h4>"
        mode = self.mode_choice.value
        self.mode_choice.options = [(say(f"new.mode.{m.value}", lang), m.value) for m in Mode]
        self.mode_choice.value = mode
        self.mode_choice.description = say("new.mode", lang)
        level = self.level_choice.value
        self.level_choice.options = [(say(f"new.level.{name}", lang), name) for name in LEVELS]
        self.level_choice.value = level
        self.level_choice.description = say("new.level", lang)
        human = self.human_choice.value
        self.human_choice.options = [(player_word(p.label, lang), p.label) for p in PLAYERS]
        self.human_choice.value = human
        self.human_choice.description = say("new.human", lang)
        self.name_red.description = say("new.name_red", lang)
        self.name_blue.description = say("new.name_blue", lang)
        self.seed_text.description = say("new.seed", lang)
        self.seed_text.placeholder = say("new.seed_placeholder", lang)
        self.seed_help.value = f"<p><small>{escape(say('new.seed_help', lang))}</small></p>"
        self.start_button.description = say("new.start", lang)
        self.save_title.value = f"<h4>{escape(say('save.title', lang))}</h4>"
        self.save_button.description = say("save.button", lang)
        self.upload.description = say("load.button", lang)
        self.upload_label.value = f"<p>{escape(say('load.label', lang))}</p>"
        chosen = Mode(self.mode_choice.value)
        self.level_choice.layout.display = "none" if chosen is Mode.TWO else ""
        self.human_choice.layout.display = "" if chosen is Mode.BOT else "none"
        self.names_box.layout.display = "" if chosen is Mode.TWO else "none"

    def _render_message(self) -> None:
        message = self._message
        if message is None:
            self.message.value = ""
            return
        role = 'class="aton-reason" role="alert"' if self._message_alert else 'role="status"'
        self.message.value = f"<div {role}>{escape(message(self.lang))}</div>"

    def _set_message(self, text: Callable[[str], str] | None, *, alert: bool = False) -> None:
        self._message = text
        self._message_alert = alert
        self._render_message()

    def _report(self, error: BaseException) -> None:
        """Show an unexpected problem as a message (never a traceback); the game stays as it was."""
        reason = str(error) or type(error).__name__
        self._set_message(lambda lang: say("error", lang, reason=reason), alert=True)

    # ================================================================ handlers
    @_guarded
    def _start_from_form(self) -> None:
        text = self.seed_text.value.strip()
        seed: int | None = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                self._set_message(lambda lang: say("new.bad_seed", lang, text=text), alert=True)
                return
            if seed < 0:
                self._set_message(lambda lang: say("new.bad_seed", lang, text=text), alert=True)
                return
        self.new_game(
            seed,
            mode=str(self.mode_choice.value),
            level=str(self.level_choice.value),
            human=Player.parse(str(self.human_choice.value)),
            names=(self.name_red.value, self.name_blue.value),
        )

    @_guarded
    def _on_upload(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        name = str(item.get("name", "file"))
        size = int(item.get("size", 0) or 0)
        content = item.get("content", b"")
        self.upload.value = ()
        if size > 2_000_000:
            self._set_message(lambda lang: say("load.too_big", lang, name=name, size=size), alert=True)
            return
        self.load_bytes(bytes(content), name)

    @_guarded
    def _on_auto(self, change: Any) -> None:
        self.ticker.playing = bool(change["new"])
        self.speed.layout.display = "" if change["new"] else "none"

    @_guarded
    def _on_speed(self, change: Any) -> None:
        self.ticker.interval = int(change["new"])

    @_guarded
    def _on_tick(self, change: Any) -> None:
        if self.auto_button.value and not self.live:
            self.next_step()

    @_guarded
    def _on_left_tab(self, change: Any) -> None:
        if change["new"] == 1:
            self._open_explainer()

    @_guarded
    def _on_right_tab(self, change: Any) -> None:
        if change["new"] == 2:
            self._render_log()

    def _open_explainer(self) -> None:
        """Build (once per game) or bring up to date the step-through explainer on its own board."""
        session = self.session
        stepper = self._stepper
        if stepper is None:
            board = BoardView(
                viewer=session.viewer,
                lang=self.lang,
                show_changes=False,
                show_twin=False,
                display_width=1400,
                scale=BOARD_SCALE,
            )
            stepper = Stepper(session.game, viewer=session.viewer, lang=self.lang, board=board)
            self._stepper = stepper
            self.explainer_area.children = [self.explainer_help, stepper]
        else:
            stepper.refresh()

    @_guarded
    def _on_lang(self, change: Any) -> None:
        lang = self.lang
        self.board.lang = lang
        if self._stepper is not None:
            self._stepper.lang = lang
        if self._panel is not None:
            self._panel.lang = lang
        if self.language.value != lang:
            self.language.value = lang
        self._relabel()
        self._render_message()
        self._render()

    @_guarded
    def _on_theme_switch(self, change: Any) -> None:
        self.theme = str(change["new"])

    def _on_theme(self, change: Any) -> None:
        dark = self.theme == "dark"
        if dark:
            self.remove_class("aton-light")
            self.add_class("aton-dark")
        else:
            self.remove_class("aton-dark")
            self.add_class("aton-light")
        if self.theme_switch.value != self.theme:
            self.theme_switch.value = self.theme

    @traitlets.validate("theme")
    def _valid_theme(self, proposal: Any) -> str:
        value = str(proposal["value"])
        if value not in ("light", "dark"):
            raise traitlets.TraitError(f"theme is 'light' or 'dark', not {value!r}")
        return value

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    def _cancel_jobs(self, *, keep_coach: bool = False) -> None:
        for name in list(self._jobs):
            if keep_coach and name == "coach":
                continue
            self._jobs.pop(name).cancel()
