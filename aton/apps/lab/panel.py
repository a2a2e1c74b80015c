"""The simulation lab's tournament panel: play a series of bot games with a progress bar and a stop button.

:class:`TournamentPanel` shows a :class:`~aton.apps.lab.flow.TournamentFlow`.
The games run through a :class:`~aton.apps.work.Worker`: in a
background thread in a Jupyter kernel, and in slices of the page's own loop in
a browser (JupyterLite), where "Stop" is handled between two slices.  The cell
that starts the games returns at once; the report and every plot registered
with :meth:`TournamentPanel.plot` appear when the games are over (or stopped),
so a notebook run top to bottom works in both.

A plot is a function ``draw(results, plt)`` returning a matplotlib figure
(``plt`` is ``matplotlib.pyplot``); the panel draws it to a PNG image, so it
shows in JupyterLab, Voila and JupyterLite alike.  Where matplotlib cannot be
loaded, the plot's place says so and the rest works.  CSS classes:
``aton-lab``, ``aton-lab-start``, ``aton-lab-progress``, ``aton-lab-stop``,
``aton-lab-status``, ``aton-lab-report``, ``aton-lab-plot``.

>>> from aton.apps.work import Worker
>>> panel = TournamentPanel([("greedy", "random", 2)], seed=3, worker=Worker())
>>> panel.start()
>>> panel.flow.state.value, panel.status.value[:18]
('done', '2 games played in ')
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import html
import io
import weakref
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import ipywidgets as widgets

from ...bots.tournament import TournamentResult
from ...refusals import error_text
from ..work import Job, Worker, kernel_schedule
from .flow import LabState, Pairing, TournamentFlow, lab_words

__all__ = ["Drawer", "TournamentPanel"]

Drawer = Callable[[list[TournamentResult], Any], Any]
"""``draw(results, plt) -> figure``: one plot of the results (``plt`` is ``matplotlib.pyplot``)."""


def _pyplot() -> Any | None:
    """``matplotlib.pyplot``, or ``None`` where this Python has no matplotlib."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


class TournamentPanel(widgets.VBox):  # type: ignore[misc]
    """Plays ``pairings`` (``(first bot, second bot, games)``) from ``seed``, colours alternated by default.

    ``TournamentPanel(pairings, seed=0, *, alternate=True, lang="en", worker=None)``: :meth:`start`
    plays (again), :meth:`stop` stops, :meth:`plot` registers a plot, ``await panel.finished()``
    waits for the end.  ``worker`` defaults to the kernel's (threads, or the page's loop in a browser).
    """

    def __init__(
        self,
        pairings: Sequence[Pairing],
        seed: int = 0,
        *,
        alternate: bool = True,
        lang: str = "en",
        worker: Worker[None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-lab")
        self.flow = TournamentFlow(pairings, seed, alternate=alternate)
        self.lang = lang
        self.worker: Worker[None] = worker if worker is not None else Worker(kernel_schedule())
        self.job: Job | None = None
        self._ended: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._plots: list[tuple[Drawer, widgets.VBox]] = []
        self.start_button = widgets.Button(icon="play", button_style="primary")
        self.start_button.add_class("aton-lab-start")
        self.start_button.on_click(lambda _b: self.start())
        self.progress = widgets.IntProgress(value=0, min=0, max=self.flow.total)
        self.progress.add_class("aton-lab-progress")
        self.stop_button = widgets.Button(icon="stop")
        self.stop_button.add_class("aton-lab-stop")
        self.stop_button.on_click(lambda _b: self.stop())
        self.status = widgets.HTML()
        self.status.add_class("aton-lab-status")
        self.report = widgets.HTML()
        self.report.add_class("aton-lab-report")
        self.children = [widgets.HBox([self.start_button, self.progress, self.stop_button]), self.status, self.report]
        self._render()

    # ------------------------------------------------------------- actions
    _playing: ClassVar[weakref.WeakSet[TournamentPanel]] = weakref.WeakSet()
    """Panels whose games are being played: one at a time, so that a cell run again does not play twice."""

    def start(self) -> None:
        """Play every pairing (again, from the first game); nothing happens while games are being played.

        Another panel still playing (the cell run again, say) is stopped first: both would share one processor.
        """
        if self.flow.state is LabState.RUNNING:
            return
        for other in list(TournamentPanel._playing):
            other.stop()
        TournamentPanel._playing.add(self)
        job = self.job = Job("lab")
        if self._ended.done():
            self._ended = concurrent.futures.Future()
        self.flow.start()
        self._render()
        for drawer, box in self._plots:  # the plots of earlier games go: the report has gone too
            self._draw(drawer, box)

        def progress(job: Job, _fraction: float) -> None:
            if job is self.job:
                self._render_progress()

        def done(job: Job, _result: None, error: BaseException | None) -> None:
            if job is not self.job:
                return
            self.flow.finish(error, stopped=job.cancelled)
            TournamentPanel._playing.discard(self)
            for drawer, box in self._plots:
                self._draw(drawer, box)
            self._render()  # the status last: once it says the games are over, everything is drawn
            if not self._ended.done():
                self._ended.set_result(None)

        self.worker.run(job, lambda report: self.flow.steps(report, lambda: job.cancelled), done, progress)

    def stop(self) -> None:
        """Stop the games being played; the games played so far are kept."""
        if self.job is not None and self.flow.state is LabState.RUNNING:
            self.job.cancel()

    async def finished(self) -> None:
        """Wait until the games are over or stopped (``await panel.finished()`` in a notebook cell)."""
        await asyncio.wrap_future(self._ended)

    def plot(self, drawer: Drawer) -> Drawer:
        """Show ``drawer(results, plt)``'s figure here (in the calling cell), now or once games are played.

        Used as a decorator in a notebook cell; returns ``drawer`` unchanged.
        """
        from IPython.display import display

        box = widgets.VBox(layout=widgets.Layout(align_items="flex-start"))  # an image at its own size
        box.add_class("aton-lab-plot")
        name = getattr(drawer, "__qualname__", "<")
        if not name.startswith("<"):  # the cell run again: its plot replaces the one it showed before
            self._plots = [
                (known, place) for known, place in self._plots if getattr(known, "__qualname__", None) != name
            ]
        self._plots.append((drawer, box))
        self._draw(drawer, box)
        display(box)  # type: ignore[no-untyped-call]
        return drawer

    # ------------------------------------------------------------- drawing
    def _draw(self, drawer: Drawer, box: widgets.VBox) -> None:
        results = self.flow.results
        if self.flow.state in (LabState.IDLE, LabState.RUNNING) or not results:
            box.children = [widgets.HTML(html.escape(lab_words("plot_waiting", self.lang)))]
            return
        plt = _pyplot()
        if plt is None:
            box.children = [widgets.HTML(html.escape(lab_words("plot_no_matplotlib", self.lang)))]
            return
        before = set(plt.get_fignums())
        try:
            figure = drawer(results, plt)
            image = io.BytesIO()
            figure.savefig(image, format="png", dpi=96, bbox_inches="tight")
        except Exception as error:  # a teacher's plot code: its error goes in its own place, the rest works
            box.children = [
                widgets.HTML(
                    html.escape(
                        lab_words("plot_failed", self.lang, error=error_text(error, self.lang, unexpected=repr))
                    )
                )
            ]
            return
        finally:
            for number in set(plt.get_fignums()) - before:  # drawn as an image: the figure is done with
                plt.close(number)
        box.children = [widgets.Image(value=image.getvalue(), format="png", layout=widgets.Layout(max_width="100%"))]

    def _render_progress(self) -> None:
        self.progress.value = self.flow.played
        self.status.value = html.escape(self.flow.status(self.lang))

    def _render(self) -> None:
        running = self.flow.state is LabState.RUNNING
        self.start_button.description = lab_words("start" if self.flow.state is LabState.IDLE else "again", self.lang)
        self.start_button.disabled = running
        self.stop_button.description = lab_words("stop", self.lang)
        self.stop_button.layout.display = "" if running else "none"
        self._render_progress()
        reports = [result.text(self.lang) for result in self.flow.results] if not running else []
        self.report.value = "".join(f'<pre style="margin:0.6em 0">{html.escape(text)}</pre>' for text in reports)
