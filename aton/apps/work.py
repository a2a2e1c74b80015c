"""Background work for the apps: a bot's, the coach's or a review's search, away from the page's thread.

:class:`Worker` runs the work on a thread and hands the result back on the page's thread, so the page
never freezes.  In a browser (Pyodide), where threads cannot start, it runs the search in slices in the
page's event loop after the click is answered, with progress, instead.  :class:`Job` is one piece of
such work, which can be cancelled.
"""

from __future__ import annotations

import functools
import random
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from ..bots import Bot
from ..bots.base import Steps, run_steps
from ..game import GameView
from ..runtime import CAN_START_THREADS

__all__ = ["Job", "Schedule", "Worker", "bot_work", "browser_schedule", "kernel_schedule"]

R = TypeVar("R")
Schedule = Callable[[Callable[[], None]], None]
"""Run a function on the page's thread, soon; callable from any thread."""


def browser_schedule() -> Schedule | None:
    """Where threads cannot start (Pyodide): "run this soon" in the page's event loop, else ``None``.

    The Pyodide kernel has no ``io_loop``; its messages are handled by the asyncio loop that Pyodide
    runs on the browser's own event loop.
    """
    if CAN_START_THREADS:
        return None
    import asyncio

    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:  # pragma: no cover - Pyodide always has one
        return None

    def schedule(function: Callable[[], None]) -> None:
        loop.call_soon(function)

    return schedule


def kernel_schedule() -> Schedule | None:
    """A thread-safe "run this on the kernel's thread" in a Jupyter kernel, or ``None`` outside one."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    loop = getattr(getattr(shell, "kernel", None), "io_loop", None)
    add_callback = getattr(loop, "add_callback", None)
    return add_callback if callable(add_callback) else browser_schedule()


class Job:
    """One piece of background work (a bot's or the coach's search); :meth:`cancel` asks it to stop early."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._cancelled = threading.Event()
        self.progress = 0.0
        self.started = time.perf_counter()

    def cancel(self) -> None:
        """Ask the work to stop; its result will be thrown away."""
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancelled.is_set()

    def __repr__(self) -> str:
        return f"<Job {self.name} {'cancelled' if self.cancelled else f'{self.progress:.0%}'}>"


class Worker(Generic[R]):
    """Runs work in daemon threads; results, errors and progress come back through ``schedule``.

    ``schedule`` runs a function on the page's thread (in a kernel: the kernel's event loop, where
    widget messages are handled, so the game is only ever changed on one thread).  Without it the
    work runs at once on the calling thread and the callbacks are queued and run in order, never
    nested (for tests and scripts).  Where threads cannot start (``in_loop``, default: in a browser),
    the work itself is scheduled: it runs in the event loop after the current handler has returned
    (so the page shows the click first), sends its progress as it goes, and stops early once its job
    is cancelled.  Work that comes in steps (``work`` returns a generator, see
    :data:`aton.bots.base.Steps`) runs there a slice of :attr:`SLICE` seconds at a time, and the
    page's own messages (a click on "stop") are handled between two slices.
    """

    PROGRESS_EVERY = 0.1
    """Seconds between two progress reports sent to the page."""
    SLICE = 0.05
    """Seconds of stepped work run in the event loop before the page's messages get their turn."""

    def __init__(self, schedule: Schedule | None = None, *, in_loop: bool | None = None) -> None:
        self._schedule = schedule
        self._queue: deque[Callable[[], None]] = deque()
        self._draining = False
        self.in_loop = (not CAN_START_THREADS) if in_loop is None else in_loop
        """Whether scheduled work runs in the event loop rather than in threads."""

    @property
    def threaded(self) -> bool:
        """Whether work runs in background threads."""
        return self._schedule is not None and not self.in_loop

    def call_soon(self, function: Callable[[], None]) -> None:
        """Run ``function`` on the page's thread after the current handler."""
        if self._schedule is not None:
            self._schedule(function)
            return
        self._queue.append(function)
        if self._draining:
            return
        self._draining = True
        try:
            while self._queue:
                self._queue.popleft()()
        finally:
            self._draining = False

    def run(
        self,
        job: Job,
        work: Callable[[Callable[[float], bool]], R | Steps[R]],
        done: Callable[[Job, R | None, BaseException | None], None],
        progress: Callable[[Job, float], None] | None = None,
    ) -> None:
        """Run ``work(report)`` for ``job``; then ``done(job, result, error)`` on the page's thread.

        ``work`` calls ``report(fraction)`` now and then; it returns ``False`` once the job is
        cancelled, and forwards the fraction to ``progress`` at most every :attr:`PROGRESS_EVERY` s.
        """
        last = [0.0]

        def report(fraction: float) -> bool:
            job.progress = fraction
            now = time.perf_counter()
            if progress is not None and now - last[0] >= self.PROGRESS_EVERY and not job.cancelled:
                last[0] = now
                if self.in_loop:  # on the page's thread already: show it now, not after the work
                    progress(job, fraction)
                else:
                    self.call_soon(lambda: progress(job, fraction))
            return not job.cancelled

        def body() -> None:
            result: R | None = None
            error: BaseException | None = None
            try:
                with _quick_switching():
                    outcome = work(report)
                    if isinstance(outcome, Generator):
                        if self.in_loop and self._schedule is not None:
                            self._schedule(functools.partial(run_slice, outcome, self._schedule))
                            return
                        outcome = run_steps(outcome)
                    result = outcome
            except Exception as problem:  # handed back to the page as a message
                error = problem
            self.call_soon(lambda: done(job, result, error))

        def run_slice(steps: Generator[None, None, R], schedule: Schedule) -> None:
            deadline = time.perf_counter() + self.SLICE
            try:
                while not job.cancelled:
                    next(steps)
                    if time.perf_counter() >= deadline:
                        schedule(functools.partial(run_slice, steps, schedule))
                        return
                steps.close()
                done(job, None, None)
            except StopIteration as end:
                done(job, end.value, None)
            except Exception as problem:  # handed back to the page as a message
                done(job, None, problem)

        if self._schedule is None:
            body()
        elif self.in_loop:

            def turn() -> None:
                if job.cancelled:  # cancelled while waiting for its turn: nothing to compute
                    done(job, None, None)
                else:
                    body()

            self._schedule(turn)
        else:
            threading.Thread(target=body, name=f"aton-{job.name}", daemon=True).start()


_SWITCH_LOCK = threading.Lock()
_RUNNING = [0, 0.0]  # background jobs running, the interpreter's switch interval before the first


@contextmanager
def _quick_switching() -> Iterator[None]:
    """While background work runs, let threads take turns every millisecond instead of every 5.

    A search holds the interpreter lock between two switches; the page's messages (a click, a
    redraw) pass through several threads of the kernel, each waiting for its turn.  Shorter turns
    keep a click's round trip short while a bot thinks; the usual interval comes back afterwards.
    """
    with _SWITCH_LOCK:
        if _RUNNING[0] == 0:
            _RUNNING[1] = sys.getswitchinterval()
            sys.setswitchinterval(min(_RUNNING[1], 0.001))
        _RUNNING[0] += 1
    try:
        yield
    finally:
        with _SWITCH_LOCK:
            _RUNNING[0] -= 1
            if _RUNNING[0] == 0:
                sys.setswitchinterval(_RUNNING[1])


def bot_work(bot: Bot, view: GameView, rng: random.Random) -> Callable[[Callable[[float], bool]], Any]:
    """The work of one bot decision, for :meth:`Worker.run`: in steps, so a page without threads can stop it."""

    def work(report: Callable[[float], bool]) -> Any:
        return bot.choose_steps(view, rng, on_progress=report)

    return work
