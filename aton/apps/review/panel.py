"""The review panel: a progress bar while the review runs, then a clickable graph and the mistakes on the board.

:class:`ReviewPanel` draws a :class:`~aton.apps.review.flow.ReviewFlow`.
The graph is an ipycanvas canvas (no plotting library, nothing fetched from
the network, so it works in Voila offline): the reviewed player's chance to
win after each decision, with the mistakes marked; a click or a tap on it
shows that moment in the step-through (the words say "tap" where a finger is
the page's main pointer: :meth:`ReviewPanel.set_touch`).  Each mistake in the list has a button that shows
the moment before it with the better move's square framed on the board and
the sentence saying what it does.

The review runs through a :class:`~aton.apps.work.Worker`
(background thread in a kernel, at once without one) and can be stopped.
CSS classes: ``aton-review``, ``aton-review-start``, ``aton-review-progress``,
``aton-review-cancel``, ``aton-review-status``, ``aton-review-graph``,
``aton-review-mistakes``, ``aton-review-show``, ``aton-review-moment``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from ...actions import Player
from ...bots.review import DEFAULT_ITERATIONS, DEFAULT_SAMPLES, Judgement, Review, at_least, verdict_words
from ...bots.review import Verdict as _Verdict
from ...game import Game
from ...i18n import percent
from ...widgets.scene import Highlights
from ...widgets.stepper import Stepper
from ..work import Job, Worker
from .flow import GRAPH_HEIGHT, GRAPH_MARGIN, GRAPH_WIDTH, FlowState, ReviewFlow, words

__all__ = ["ReviewHook", "ReviewPanel"]

_RESTARTABLE = (FlowState.CANCELLED, FlowState.FAILED)

_COLOURS = {
    "axis": "#8a8a8a",
    "half": "#c8c8c8",
    "line": "#2a6fb0",
    "mistake": "#c0392b",
    "moment": "#e67e22",
    "background": "#ffffff",
}


class ReviewPanel(widgets.VBox):  # type: ignore[misc]
    """One player's review of one game, with its own step-through (class ``aton-review``).

    ``ReviewPanel(source, player, *, lang="en", worker=None, seed=0, iterations=..., samples=...,
    stepper=None, result=None, show=None)``; ``source`` is a finished game or its record; ``result`` shows a
    review already made; ``show(state, highlights, text)``, if given, shows each moment chosen on the host's
    own board (a page's main board) instead of the panel's step-through, which then stays hidden.
    :meth:`start` runs the review,
    :meth:`cancel` stops it, :meth:`show_moment` and :meth:`show_mistake` move the step-through.
    """

    def __init__(
        self,
        source: Game | Mapping[str, Any],
        player: Player,
        *,
        lang: str = "en",
        worker: Worker[Review] | None = None,
        seed: int = 0,
        iterations: int = DEFAULT_ITERATIONS,
        samples: int = DEFAULT_SAMPLES,
        stepper: Stepper | None = None,
        result: Review | None = None,
        show: Callable[[Game, Highlights, str], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-review")
        self.show = show
        self.lang = lang
        self.flow = ReviewFlow(source, player, seed=seed, iterations=iterations, samples=samples, result=result)
        self.worker: Worker[Review] = worker if worker is not None else Worker()
        self.job: Job | None = None
        self.start_button = widgets.Button(icon="search")
        self.start_button.add_class("aton-review-start")
        self.start_button.on_click(lambda _b: self.start())
        self.progress = widgets.FloatProgress(value=0.0, min=0.0, max=1.0)
        self.progress.add_class("aton-review-progress")
        self.cancel_button = widgets.Button(icon="stop")
        self.cancel_button.add_class("aton-review-cancel")
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.status = widgets.HTML()
        self.status.add_class("aton-review-status")
        self.canvas = Canvas(width=GRAPH_WIDTH, height=GRAPH_HEIGHT)
        self.canvas.layout = widgets.Layout(width="100%", max_width=f"{GRAPH_WIDTH}px", height="auto")
        self.canvas.add_class("aton-review-graph")
        self.canvas.on_mouse_down(lambda x, _y: self.show_moment(self.flow.decisions_at(x)))
        self.canvas.on_touch_start(self._on_touch)  # a finger sends no mouse press: a touch shows its moment too
        self.touch = False
        """A finger is the page's main pointer: the words say "tap", not "click" (:meth:`set_touch`)."""
        self.graph_caption = widgets.HTML()
        self.moment = widgets.HTML()
        self.moment.add_class("aton-review-moment")
        self.mistakes_box = widgets.VBox()
        self.mistakes_box.add_class("aton-review-mistakes")
        self.stepper = stepper if stepper is not None else Stepper(self.flow.record, viewer=player, lang=lang)
        if "touch" in self.stepper.board.trait_names():  # the step-through's board knows the page's pointer
            self.stepper.board.observe(lambda change: self.set_touch(bool(change["new"])), names="touch")
        self.graph_box = widgets.VBox([self.graph_caption, self.canvas, self.moment])
        self.children = [
            widgets.HBox([self.start_button, self.progress, self.cancel_button]),
            self.status,
            self.graph_box,
            self.mistakes_box,
            self.stepper,
        ]
        self._render()
        if self.flow.result is not None:
            self.show_moment(len(self.flow.result.curve) - 1)

    # ------------------------------------------------------------- actions
    def start(self) -> None:
        """Run the review (in the background when the worker is threaded)."""
        if self.flow.state is FlowState.RUNNING:
            return
        job = self.job = Job("review")
        work = self.flow.work()
        self._render()

        def progress(job: Job, fraction: float) -> None:
            if job is self.job:
                self.flow.progress = fraction
                self._render_progress()

        def done(job: Job, result: Review | None, error: BaseException | None) -> None:
            if job is not self.job:
                return
            self.flow.finish(None if job.cancelled else result, error)
            self._render()
            if self.flow.result is not None:
                self.show_moment(len(self.flow.result.curve) - 1)

        self.worker.run(job, work, done, progress)

    def cancel(self) -> None:
        """Stop a running review."""
        if self.job is not None and self.flow.state is FlowState.RUNNING:
            self.job.cancel()

    def show_moment(self, decisions: int) -> None:
        """Show the moment after ``decisions`` decisions in the step-through and mark it on the graph."""
        if self.flow.result is None:
            return
        self.stepper.go(self.flow.select(decisions))
        self._draw_graph()
        text = self.flow.moment_text(self.lang)
        self.moment.value = f'<p role="status">{escape(text)}</p>'
        step = self.stepper.step
        if self.show is not None and step is not None:
            self.show(step.state, Highlights(), text)

    def show_mistake(self, judgement: Judgement) -> None:
        """Show the moment before ``judgement``'s decision, with the better move framed on the board."""
        self.stepper.go(self.flow.select_mistake(judgement))
        step = self.stepper.step
        moment, better = self.flow.moment_text(self.lang), judgement.text.get(self.lang, "")
        if step is not None:
            highlights = Highlights(
                squares=self.flow.better_squares(judgement), cartouches=self.flow.better_cartouches(judgement)
            )
            self.stepper.board.show(step.state, highlights)
            if self.show is not None:
                self.show(step.state, highlights, f"{moment} {better}".strip())
        self._draw_graph()
        self.moment.value = f'<p role="status">{escape(moment)}</p><p>{escape(better)}</p>'

    def set_lang(self, lang: str) -> None:
        """Switch the panel's language."""
        self.lang = lang
        self.stepper.lang = lang
        self._render()

    def set_touch(self, touch: bool) -> None:
        """A finger (``True``) or a mouse is the page's main pointer: the graph's words say "tap" or "click"."""
        if touch != self.touch:
            self.touch = touch
            self._render()

    def _on_touch(self, touches: list[tuple[float, float]]) -> None:
        """One finger down on the graph: show the moment under it (two fingers are a gesture, not a choice)."""
        if len(touches) == 1:
            self.show_moment(self.flow.decisions_at(touches[0][0]))

    # ------------------------------------------------------------- drawing
    def _player(self) -> str:
        return words(self.flow.player.label, self.lang)

    def _render_progress(self) -> None:
        flow = self.flow
        self.progress.value = flow.progress
        if flow.state is FlowState.RUNNING:
            text = words("running", self.lang, player=self._player(), percent=percent(flow.percent() / 100, self.lang))
            self.status.value = f'<p role="status">{escape(text)}</p>'

    def _render(self) -> None:
        flow, lang = self.flow, self.lang
        running = flow.state is FlowState.RUNNING
        self.start_button.description = words("button_for", lang, player=self._player())
        # Shown with "", not None: Pyodide's kernel drops a None from an update, and the page would keep "none".
        self.start_button.layout.display = "" if flow.state in (FlowState.IDLE, *_RESTARTABLE) else "none"
        self.cancel_button.description = words("cancel", lang)
        self.progress.layout.display = "" if running else "none"
        self.cancel_button.layout.display = "" if running else "none"
        done = flow.result is not None
        self.graph_box.layout.display = "" if done else "none"
        self.mistakes_box.layout.display = "" if done else "none"
        self.stepper.layout.display = "" if done and self.show is None else "none"
        if running:
            self._render_progress()
        elif flow.state is FlowState.CANCELLED:
            self.status.value = f'<p role="status">{escape(words("cancelled", lang))}</p>'
        elif flow.state is FlowState.FAILED:
            self.status.value = f'<p role="alert">{escape(words("failed", lang, error=flow.failure_text(lang)))}</p>'
        elif done and flow.result is not None:
            summary = flow.result.text(lang).split("\n\n")[0].split("\n")
            self.status.value = "".join(f"<p>{escape(line)}</p>" for line in summary)
        else:
            self.status.value = ""
        if done:
            device = ".touch" if self.touch else ""  # a finger taps, a mouse clicks
            self.graph_caption.value = f"<p>{escape(words('graph' + device, lang, player=self._player()))}</p>"
            self.canvas.layout.aria_label = words(f"graph_label{device}", lang)
            self._draw_graph()
            self._list_mistakes()

    def _list_mistakes(self) -> None:
        lang = self.lang
        rows: list[widgets.Widget] = [widgets.HTML(f"<h3>{escape(words('mistakes', lang))}</h3>")]
        mistakes = self.flow.mistakes()
        if not mistakes:
            rows.append(widgets.HTML(f"<p>{escape(words('no_mistakes', lang))}</p>"))
        for judgement in mistakes:
            label = words(
                "decision",
                lang,
                number=judgement.number,
                round=judgement.round,
                verdict=verdict_words(judgement.verdict, lang),
                count=round(100 * judgement.loss),
            )
            # never squeezed by the text beside it: the whole word stays readable
            button = widgets.Button(
                description=words("show", lang), layout=widgets.Layout(width="auto", min_width="6em", flex="0 0 auto")
            )
            button.add_class("aton-review-show")
            button.on_click(lambda _b, j=judgement: self.show_mistake(j))
            text = widgets.HTML(
                f"<p><b>{escape(label)}</b><br>{escape(judgement.played_words.get(lang, ''))}<br>"
                f"{escape(judgement.text.get(lang, ''))}</p>"
            )
            text.layout = widgets.Layout(flex="1 1 auto")
            rows.append(widgets.HBox([button, text], layout=widgets.Layout(align_items="flex-start")))
        self.mistakes_box.children = rows

    def _draw_graph(self) -> None:
        flow, canvas = self.flow, self.canvas
        result = flow.result
        if result is None:
            return
        points = flow.points()
        width, height, m = GRAPH_WIDTH, GRAPH_HEIGHT, GRAPH_MARGIN
        with hold_canvas():
            canvas.clear()
            canvas.fill_style = _COLOURS["background"]
            canvas.fill_rect(0, 0, width, height)
            canvas.stroke_style = _COLOURS["half"]
            canvas.line_width = 1
            canvas.stroke_line(m, height / 2, width - m, height / 2)
            canvas.stroke_style = _COLOURS["axis"]
            canvas.stroke_rect(m, m, width - 2 * m, height - 2 * m)
            canvas.fill_style = _COLOURS["axis"]
            canvas.font = "11px sans-serif"
            canvas.fill_text(percent(1.0, self.lang), 2, m + 4)
            canvas.fill_text(percent(0.0, self.lang), 6, height - m + 4)
            canvas.stroke_style = _COLOURS["line"]
            canvas.line_width = 2
            canvas.stroke_lines(points)
            canvas.fill_style = _COLOURS["mistake"]
            for judgement in result.decisions:
                if judgement.verdict is not None and at_least(judgement.verdict, _Verdict.MISTAKE):
                    x, y = points[judgement.number]
                    canvas.fill_circle(x, y, 4)
            if flow.moment is not None:
                x, _y = points[flow.moment]
                canvas.stroke_style = _COLOURS["moment"]
                canvas.line_width = 2
                canvas.stroke_line(x, m, x, height - m)


class ReviewHook(widgets.VBox):  # type: ignore[misc]
    """ "Review this game" buttons for a finished game, and the one review panel opened (class ``aton-review-box``).

    A page calls :meth:`update` whenever it shows its game (the buttons appear once the game is over) and
    :meth:`reset` when it starts or loads another.  There is one button per person who played (both on one
    screen: one each); opening one person's review closes the other's, so each review is shown alone.
    """

    def __init__(self, worker: Worker[Any] | None = None, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-review-box")
        self.worker = worker
        self.lang = lang
        self.touch = False
        """A finger is the page's main pointer (:meth:`update` says so)."""
        self.panel: ReviewPanel | None = None
        self._key: tuple[int, int] | None = None
        self._game: Game | None = None
        self._buttons: dict[Player, widgets.Button] = {}
        self._show_on: Callable[[Game, Highlights, str], None] | None = None

    def show_on(self, show: Callable[[Game, Highlights, str], None] | None) -> None:
        """Show the moments of the review with ``show(state, highlights, text)``: the page's main board."""
        self._show_on = show

    def update(self, game: Game | None, players: tuple[Player, ...], lang: str, touch: bool = False) -> None:
        """Offer the review of ``game`` to ``players`` once it is over (``None``: nothing to review); ``touch``: a
        finger is the page's main pointer (the review's words say "tap")."""
        self.touch = touch
        if self.panel is not None:
            self.panel.set_touch(touch)
        if game is None or game.result is None:
            if self._key is not None or self.panel is not None:
                self.reset()
            return
        key = (id(game), len(game.actions))
        if key != self._key:
            self.reset()
            self._key, self._game = key, game
            self._buttons = {}
            for player in players:
                button = widgets.Button(icon="search", button_style="info", layout=widgets.Layout(width="auto"))
                button.add_class("aton-review-open")
                button.add_class(f"aton-review-open-{player.label}")
                button.on_click(lambda _b, p=player: self.open_review(p))
                self._buttons[player] = button
            self._show()
        if lang != self.lang:
            self.lang = lang
            if self.panel is not None:
                self.panel.set_lang(lang)
        for player, button in self._buttons.items():
            label = "button" if len(self._buttons) == 1 else "button_for"
            button.description = words(label, self.lang, player=words(player.label, self.lang))

    def open_review(self, player: Player) -> ReviewPanel:
        """Open ``player``'s review of the game and start it (closing another person's review)."""
        if self._game is None:
            raise ValueError("there is no finished game to review")
        if self.panel is not None and self.panel.flow.player is player:
            return self.panel
        self._close_panel()
        self.panel = ReviewPanel(self._game, player, lang=self.lang, worker=self.worker, show=self._show_on)
        self.panel.set_touch(self.touch)
        self._show()
        self.panel.start()
        return self.panel

    def reset(self) -> None:
        """Forget the game: stop a running review and take the buttons away."""
        self._close_panel()
        self._key, self._game, self._buttons = None, None, {}
        self.children = list[widgets.Widget]()

    def _close_panel(self) -> None:
        if self.panel is not None:
            self.panel.cancel()
            self.panel.close()
            self.panel = None

    def _show(self) -> None:
        row = widgets.HBox(list(self._buttons.values()))
        self.children = [row] if self.panel is None else [row, self.panel]
