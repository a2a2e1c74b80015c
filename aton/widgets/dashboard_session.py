"""What the dashboard plays, without any widget: the game, who plays each side, files, background work.

- :class:`Setup` is what a player chooses for a new game (mode, bot level, colour, seed, names);
  :class:`Session` is a game with its players: which side a person plays, which a bot.
- :func:`save_file` writes a game to a file that reveals nothing hidden from the people at the
  screen; :func:`read_game_file` reads a saved game, a teacher's position or a record, and turns
  every problem into a :class:`LoadError` with a clear message.
- :class:`Worker` runs a bot's or the coach's search away from the page's thread and hands the
  result back on it, so the page never freezes.  In a browser (Pyodide), where threads cannot start,
  it runs the search in the page's event loop after the click is answered, with progress, instead.

>>> import aton
>>> session = Session(Setup(mode=Mode.BOT, level="easy", human=aton.RED, seed=12))
>>> session.controller(aton.BLUE), session.viewer, session.controls
('bot', RED, (RED,))
>>> saved = save_file(session.game, session.viewer)
>>> '"deck"' in saved.text, saved.full
(False, False)
>>> again = read_game_file(saved.text.encode(), "saved.json", seed_if_missing=5)
>>> again.hand(aton.RED) == session.game.hand(aton.RED), again.score(aton.BLUE)
(True, 0)
"""

from __future__ import annotations

import functools
import json
import random
import secrets
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from ..actions import BLUE, PLAYERS, RED, Player
from ..bots import Bot, make_bot
from ..bots.base import Steps, run_steps
from ..explain import player_name
from ..game import Game, GameView, new_game
from ..i18n import gtext
from ..position import MAX_FILE_BYTES, GameFileError, load_game
from ..runtime import CAN_START_THREADS

__all__ = [
    "LEVELS",
    "MAX_FILE_BYTES",
    "Job",
    "LoadError",
    "Mode",
    "SavedFile",
    "Session",
    "Setup",
    "Worker",
    "browser_schedule",
    "fresh_seed",
    "kernel_schedule",
    "public_position",
    "read_game_file",
    "save_file",
]

LEVELS = ("easy", "medium", "hard")
"""Bot levels offered, weakest first (names of :func:`aton.bots.make_bot`)."""

SEED_RANGE = 1_000_000
"""New random seeds are below this, short enough to read out to a class."""


class Mode(Enum):
    """Who plays: a person against a bot, two people sharing a screen, or two bots watched."""

    BOT = "bot"
    TWO = "two"
    WATCH = "watch"


def fresh_seed() -> int:
    """A new random seed, drawn from the operating system (never from the shared ``random`` module)."""
    return secrets.randbelow(SEED_RANGE)


@dataclass(frozen=True)
class Setup:
    """The choices behind a new game.

    ``human`` is the colour the person plays against a bot; ``names`` are optional
    names for red and blue when two people share the screen; ``seed=None`` draws a new one.
    """

    mode: Mode = Mode.BOT
    level: str = "easy"
    human: Player = RED
    seed: int | None = None
    names: tuple[str, str] = ("", "")

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"the bot level is one of {', '.join(LEVELS)}, not {self.level!r}")
        object.__setattr__(self, "human", Player(self.human))
        object.__setattr__(self, "mode", Mode(self.mode))


class Session:
    """A game and its players.

    Bots get a generator seeded from the game's seed and their colour, so a shared seed played with
    the same moves gives the same bot answers.
    """

    def __init__(self, setup: Setup, game: Game | None = None, *, source: str | None = None) -> None:
        self.setup = setup
        if game is None:
            game = new_game(setup.seed if setup.seed is not None else fresh_seed())
        self.game = game
        self.source = source
        """The name of the file the game was loaded from, if any."""
        self.bots: dict[Player, Bot] = {p: make_bot(setup.level) for p in PLAYERS if self.controller(p) == "bot"}
        self.bot_rngs = {p: random.Random(f"aton/dashboard/{game.seed}/{p.label}") for p in self.bots}

    @property
    def mode(self) -> Mode:
        """The mode of play."""
        return self.setup.mode

    def controller(self, player: Player) -> str:
        """``"human"`` or ``"bot"``: who decides for ``player``."""
        mode = self.setup.mode
        if mode is Mode.TWO or (mode is Mode.BOT and player is self.setup.human):
            return "human"
        return "bot"

    @property
    def humans(self) -> tuple[Player, ...]:
        """The colours people play."""
        return tuple(p for p in PLAYERS if self.controller(p) == "human")

    @property
    def viewer(self) -> Player | None:
        """Whose eyes the shared parts of the page use: the person against a bot, else nobody (public only)."""
        return self.setup.human if self.setup.mode is Mode.BOT else None

    @property
    def controls(self) -> tuple[Player, ...]:
        """The colours whose squares clicks on the board choose."""
        return self.humans

    def bots_to_decide(self) -> list[Player]:
        """The bots that must decide now."""
        return [p for p in self.game.to_act if p in self.bots]

    def name(self, player: Player, word: str) -> str:
        """A display name: ``"Blue (Ana)"`` when two people gave names, else ``word`` (the colour's word)."""
        given = self.setup.names[player].strip() if self.setup.mode is Mode.TWO else ""
        return f"{word} ({given})" if given else word


# -------------------------------------------------------------------- files
class LoadError(GameFileError):
    """A file that cannot become a game; the message says why."""


@dataclass(frozen=True)
class SavedFile:
    """A file to download: its name, its JSON text, and whether it is the full game (``full``)."""

    name: str
    text: str
    full: bool
    viewer: Player | None


def public_position(game: Game, viewer: Player | None, lang: str = "en") -> dict[str, Any]:
    """The position as ``viewer`` may know it (``None``: what everyone may know), in the position format.

    Left out: both draw piles, the random stream, the seed, the history, the opponent's hand and any
    assignment still face down for the viewer.  :meth:`aton.Game.from_dict` deals the missing cards
    again, so a loaded file plays on with fresh hidden cards.

    >>> import aton
    >>> game = aton.new_game(seed=3)
    >>> game.apply(aton.Assign(aton.BLUE, tuple(game.hand(aton.BLUE))))
    >>> position = public_position(game, aton.RED)
    >>> position["blue"].get("assignment"), "hand" in position["blue"], position["red"]["hand"] == game.hand(aton.RED)
    (None, False, True)
    """
    snapshot = game.to_dict()
    position: dict[str, Any] = {
        key: snapshot[key]
        for key in ("format", "rules", "round", "phase", "temples", "kingdom", "revealed", "resolution", "result")
    }
    for player in PLAYERS:
        side = dict(snapshot[player.label])
        side.pop("deck", None)
        if player is not viewer:
            side.pop("hand", None)
            if not game.revealed:
                side["assignment"] = None
        position[player.label] = side
    fields: dict[str, object] = {"round": game.round}
    if viewer is None:
        description = gtext(
            lang,
            "saved position",
            "Saved from the Aton dashboard in round {round}, as everyone sees it. "
            "Hidden cards are not in this file: they are dealt again when it is loaded.",
            **fields,
        )
    else:
        description = gtext(
            lang,
            "saved position",
            "Saved from the Aton dashboard in round {round}, as {player} sees it. "
            "Hidden cards are not in this file: they are dealt again when it is loaded.",
            player=player_name(viewer.label, lang),
            **fields,
        )
    position["description"] = description
    return position


def save_file(game: Game, viewer: Player | None, lang: str = "en") -> SavedFile:
    """The file to download for ``game``: the full game once it is over, else :func:`public_position`
    (which describes itself in ``lang``)."""
    if game.result is not None:
        return SavedFile(f"aton-game-seed-{game.seed}.json", game.to_json(indent=1), True, viewer)
    text = json.dumps(public_position(game, viewer, lang), indent=1, ensure_ascii=False)
    who = "everyone" if viewer is None else viewer.label
    return SavedFile(f"aton-round-{game.round}-{who}.json", text, False, viewer)


def read_game_file(data: bytes, name: str, seed_if_missing: int) -> Game:
    """A game from a file's bytes: a saved game, a teacher's position or a record (``aton-record/1``).

    The engine's one reader of game files (:func:`aton.position.load_game`) does every check: size,
    nesting, numbers, fields, and for a saved game with its history a replay that must give exactly
    the file.  A position without a seed (as :func:`save_file` writes during a game) gets
    ``seed_if_missing``, which deals its missing cards: new hidden cards, not the ones of the game
    it was saved from.  Raises :class:`LoadError` saying what is wrong; nothing else escapes.
    """
    try:
        return load_game(bytes(data), seed_if_missing=seed_if_missing)
    except GameFileError as error:
        raise LoadError(error.code, **error.details) from None


# ------------------------------------------------------- background work
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


def other(player: Player) -> Player:
    """The opponent (``BLUE`` for ``RED``)."""
    return BLUE if player is RED else RED
