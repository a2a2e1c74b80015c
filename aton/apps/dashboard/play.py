"""The dashboard's "Play" tab: the result, the steps to watch, whose turn it is, the bot's progress, the cards.

:class:`PlayPanel` shows a :class:`~aton.apps.dashboard.controller.DashboardController` and hands
what people do (next step, skip, "Play the steps", their cards) back to it; any error of a handler
becomes the controller's message.  CSS classes: ``aton-play``, ``aton-result``, ``aton-steps``,
``aton-step-explain``, ``aton-next-step``, ``aton-skip``, ``aton-auto`` ("Play the steps" / "Pause the steps": it says
what a click does), ``aton-main-steps`` (the switch "Only the main steps"), ``aton-speed``, ``aton-turn``,
``aton-progress-box``, ``aton-bot-progress``, ``aton-panel-box`` (holding an ``aton-assign`` panel),
``aton-review-box`` (the game review, :mod:`aton.apps.review.panel`).

>>> from aton.apps.dashboard.controller import DashboardController
>>> play = PlayPanel(DashboardController(seed=4))
>>> play.render("en")
>>> play.panel.player, play.steps_box.layout.display
(RED, '')
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ...actions import PLAYERS, Player
from ...widgets.assign import AssignPanel
from ...widgets.i18n import player_word, tr
from ...widgets.stepper import SPEEDS
from ..review.panel import ReviewHook
from ..work import Job
from .controller import DashboardController
from .html import result_html, step_html, turn_html
from .session import Mode
from .text import say

__all__ = ["CoverScreen", "PlayPanel", "close_tree"]

Choice = tuple[int | None, ...] | None


def close_tree(widget: Any) -> None:
    """Close ``widget`` and every widget inside it: their state leaves the page's widget manager."""
    for child in list(getattr(widget, "children", ())):
        close_tree(child)
    widget.close()


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css)
    return box


def _button(css: str, style: str = "") -> widgets.Button:
    button = widgets.Button(button_style=style, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


class PlayPanel(widgets.VBox):  # type: ignore[misc]
    """The "Play" tab of the dashboard, drawn from ``flow`` by :meth:`render`.

    ``on_choice(callback)``: ``callback(cards)`` as the person puts cards on the cartouches (``None``
    when no choice is pending), so the board can draw them for that person only.
    """

    def __init__(self, flow: DashboardController, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-play")
        self.flow = flow
        self.result_html = _html("aton-result")
        self.steps_title = _html("aton-steps-title")
        self.step_explain = _html("aton-step-explain")
        self.next_button = _button("aton-next-step", "primary")
        self.skip_button = _button("aton-skip")
        self.auto_button = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.auto_button.add_class("aton-auto")
        self.main_steps = widgets.Checkbox(value=flow.main_only, indent=False, layout=widgets.Layout(width="auto"))
        self.main_steps.add_class("aton-main-steps")
        self.main_steps_help = _html("aton-main-steps-help")
        # a room: the moves that arrive are played at once, unless the person chooses to step through them
        self.step_through = widgets.Checkbox(value=flow.step_through, indent=False, layout=widgets.Layout(width="auto"))
        self.step_through.add_class("aton-step-through")
        self.speed = widgets.ToggleButtons(options=[(name, ms) for name, ms in SPEEDS.items()], value=SPEEDS["normal"])
        self.speed.add_class("aton-speed")
        self.speed.style.button_width = "5em"
        self.ticker = widgets.Play(
            min=0, max=10**9, value=0, interval=SPEEDS["normal"], layout=widgets.Layout(display="none")
        )
        step_buttons = widgets.HBox([self.next_button, self.skip_button, self.auto_button])
        step_buttons.add_class("aton-step-buttons")
        self.steps_box = widgets.VBox(
            [
                self.steps_title,
                self.step_explain,
                step_buttons,
                self.step_through,
                self.main_steps,
                self.main_steps_help,
                self.speed,
                self.ticker,
            ]
        )
        self.steps_box.add_class("aton-steps")
        self.turn_text = _html("aton-turn")
        self.progress = widgets.FloatProgress(min=0.0, max=1.0, value=0.0, layout=widgets.Layout(width="100%"))
        self.progress.add_class("aton-bot-progress")
        self.progress_label = _html("aton-bot-status")
        self.progress_box = widgets.VBox([self.progress_label, self.progress])
        self.progress_box.add_class("aton-progress-box")
        self.panel_box = widgets.VBox()
        self.panel_box.add_class("aton-panel-box")
        self.review = ReviewHook(flow.worker, flow.lang)
        """"Review this game" once the game is over, then the review panel."""
        # the keyboard's order: the card panel and its Confirm, then the step controls (the turn's words,
        # "watch the steps above", come after them)
        self.children = [
            self.result_html,
            self.review,
            self.panel_box,
            self.steps_box,
            self.turn_text,
            self.progress_box,
        ]
        self.panel: AssignPanel | None = None
        """The card panel on the page now, if any."""
        self._panel_key: tuple[int, int, Player] | None = None
        self._choice_callbacks: list[Callable[[Choice], None]] = []
        self._syncing = False
        self.next_button.on_click(lambda _b: self._guard(flow.next_step))
        self.skip_button.on_click(lambda _b: self._guard(flow.skip))
        self.auto_button.observe(self._on_auto, names="value")
        self.main_steps.observe(self._on_main_steps, names="value")
        self.step_through.observe(self._on_step_through, names="value")
        self.speed.observe(lambda change: self._guard(self._set_interval, int(change["new"])), names="value")
        self.ticker.observe(lambda _change: self._guard(flow.tick), names="value")
        flow.on_progress(self._on_progress)

    @property
    def lang(self) -> str:
        """The page's language (the controller's)."""
        return self.flow.lang

    def on_choice(self, callback: Callable[[Choice], None]) -> None:
        """Call ``callback(cards)`` when the person's unconfirmed choice of cards changes."""
        self._choice_callbacks.append(callback)

    # ------------------------------------------------------------ drawing
    def render(self, lang: str) -> None:
        """Bring the tab in step with the controller."""
        self.render_steps(lang)
        self.render_rest(lang)

    def render_steps(self, lang: str) -> None:
        """The steps to watch only (a host sends them first: they are what a person waits for)."""
        self._render_steps(lang)

    def render_rest(self, lang: str) -> None:
        """Everything but the steps: whose turn it is, the card panel, the bot's progress, the result."""
        flow = self.flow
        self.turn_text.value = turn_html(flow, lang)
        self._render_panel(lang)
        self._render_progress(lang)
        self.result_html.value = result_html(flow, lang)
        self.review.update(flow.game if flow.over else None, flow.session.humans or PLAYERS, lang, flow.touch)

    def relabel(self, lang: str) -> None:
        """The fixed words in ``lang``."""
        self.next_button.description = say("steps.next", lang)
        self.auto_button.description = say("steps.pause" if self.flow.auto else "steps.auto", lang)
        self.main_steps.description = say("steps.main_only", lang)
        self.step_through.description = say("steps.step_through", lang)
        self.step_through.tooltip = say("steps.step_through_help", lang)
        self._main_steps_help(lang)
        value = self.speed.value
        self.speed.options = [(tr(f"step.speed.{name}", lang), ms) for name, ms in SPEEDS.items()]
        self.speed.value = value
        self.speed.description = say("steps.speed", lang)
        if self.panel is not None:
            self.panel.lang = lang

    def close_panel(self) -> None:
        """Take the card panel off the page (its widgets leave the browser's widget manager too)."""
        panel = self.panel
        self.panel = None
        self._panel_key = None
        self.panel_box.children = []
        if panel is not None:
            panel.on_choice(self._on_choice, remove=True)
            close_tree(panel)
        self._on_choice(None)

    def _render_steps(self, lang: str) -> None:
        flow = self.flow
        pending = flow.pending
        self.steps_box.layout.display = "none" if flow.over else ""
        # steps to watch: on a phone or a tablet the box becomes a bar pinned to the bottom of the screen
        if pending and not flow.over:
            self.steps_box.add_class("aton-steps-pending")
        else:
            self.steps_box.remove_class("aton-steps-pending")
        self.steps_title.value = f'<h2 class="aton-h4">{escape(say("steps.title", lang))}</h2>' if pending else ""
        for button in (self.next_button, self.skip_button):
            button.disabled = pending == 0
            button.layout.display = "" if pending else "none"
        self.skip_button.description = say("steps.skip" if flow.round_end_ahead() else "steps.skip_now", lang)
        self._syncing = True
        try:
            self.auto_button.value = flow.auto
            self.main_steps.value = flow.main_only
            self.step_through.value = flow.step_through
        finally:
            self._syncing = False
        # the button says what a click does: play the steps, or pause them (two bots start playing)
        self.auto_button.description = say("steps.pause" if flow.auto else "steps.auto", lang)
        self.auto_button.icon = "pause" if flow.auto else "play"
        self.ticker.playing = flow.auto
        self.speed.layout.display = "" if flow.auto else "none"
        self.step_explain.value = step_html(flow, lang)
        self.step_through.layout.display = "" if flow.mode is Mode.FRIEND else "none"
        self._main_steps_help(lang)

    def _main_steps_help(self, lang: str) -> None:
        """What "Only the main steps" does, as the box is now: on, or off."""
        words = say("steps.main_only_help" if self.flow.main_only else "steps.main_only_help_off", lang)
        self.main_steps.tooltip = words
        self.main_steps_help.value = f"<p><small>{escape(words)}</small></p>"

    def _render_panel(self, lang: str) -> None:
        flow = self.flow
        game = flow.game
        person = None if flow.covered or flow.held else flow.assigning_person()  # held: no hand on the page
        if person is None:
            self.close_panel()
            return
        key = (flow.generation, game.round, person)  # a room brings a new view of the same game at each move
        if self.panel is not None and self._panel_key == key:
            self.panel.touch = flow.touch
            self.panel.follow(game)  # a room's new view of the same game: cards laid from another page show
            return
        self.close_panel()
        # the controller plays the cards; an exchange is asked for twice (it cannot be undone)
        panel = AssignPanel(  # its title is second under the page's
            game, person, lang=lang, referee=flow, confirm_exchange=True, touch=flow.touch, heading_level=2
        )
        panel.on_choice(self._on_choice)
        self.panel = panel
        self._panel_key = key
        self.panel_box.children = [panel]

    def _render_progress(self, lang: str) -> None:
        thinking = self.flow.bot_progress()
        if thinking is None:
            self.progress_box.layout.display = "none"
            self.progress.value = 0.0
            self.progress_label.value = ""
            return
        player, fraction = thinking
        who = player_word(player.label, lang)
        self.progress_label.value = f'<p role="status">{escape(say("bot.thinking", lang, player=who))}</p>'
        self.progress.value = fraction
        self.progress_box.layout.display = ""

    # ------------------------------------------------------------ input
    def _guard(self, function: Callable[..., object], *args: Any) -> None:
        try:
            function(*args)
        except Exception as error:
            self.flow.report(error)

    def _set_interval(self, interval: int) -> None:
        self.ticker.interval = interval

    def _on_auto(self, change: Any) -> None:
        if not self._syncing:
            self._guard(self.flow.set_auto, bool(change["new"]))

    def _on_step_through(self, change: Any) -> None:
        if not self._syncing:
            self._guard(self.flow.set_step_through, bool(change["new"]))

    def _on_main_steps(self, change: Any) -> None:
        if not self._syncing:
            self._guard(self.flow.set_main_only, bool(change["new"]))

    def _on_choice(self, cards: Choice) -> None:
        for callback in list(self._choice_callbacks):
            callback(cards)

    def _on_progress(self, job: Job, fraction: float) -> None:
        self.progress.value = min(1.0, max(0.0, fraction))


class CoverScreen(widgets.VBox):  # type: ignore[misc]
    """Two people on one screen: "Pass the screen to Blue" hides the page between their cards.

    CSS classes: ``aton-cover``, ``aton-cover-title``, ``aton-cover-text``, ``aton-cover-ready`` (the
    button saying who looks now), ``aton-cover-message`` (the page's message while the cover is up).
    """

    def __init__(self, flow: DashboardController, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-cover")
        self.flow = flow
        self.title = _html("aton-cover-title")
        self.text = _html("aton-cover-text")
        self.button = _button("aton-cover-ready", "primary")
        self.message = _html("aton-cover-message")
        self.children = [self.title, self.text, self.button, self.message]
        self.layout.display = "none"
        self.button.on_click(lambda _b: self._lift())

    def _lift(self) -> None:
        try:
            self.flow.lift_cover()
        except Exception as error:
            self.flow.report(error)

    def render(self, lang: str, message: str) -> None:
        """Show the cover for whoever must take the screen next, or hide it."""
        flow = self.flow
        cover = flow.cover_for()
        if cover is None:
            self.layout.display = "none"
            self.message.value = ""
            return
        name = flow.session.name(cover, player_word(cover.label, lang))
        self.title.value = f"<h2>{escape(say('cover.title', lang, player=name))}</h2>"
        done = [p for p in PLAYERS if flow.game.has_assigned(p)]
        note = ""
        if done:
            who = flow.session.name(done[0], player_word(done[0].label, lang))
            note = f"<p>{escape(say('cover.done', lang, player=who))}</p>"
        self.text.value = f"{note}<p>{escape(say('cover.text', lang, player=name))}</p>"
        self.button.description = say("cover.ready", lang, player=name)
        self.message.value = message
        self.layout.display = ""
