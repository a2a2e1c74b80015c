"""The simulation lab's tournaments as plain Python: what is being played, how far it got, and the words for it.

:class:`TournamentFlow` plays a list of pairings, one game after another, in
steps (:func:`aton.bots.tournament.play_many_steps`), so the same games can run in a
background thread of a Jupyter kernel or, in a browser page where Python has no
threads, in slices between which the page handles a click on "stop".  Every
finished game is kept as it comes: a stopped series still has the games played
so far, and the results and plots count those.  :class:`~aton.apps.lab.panel.TournamentPanel`
shows a flow; this module imports no widget.

>>> flow = TournamentFlow([("greedy", "random", 3)], seed=1)
>>> flow.state.value, flow.total
('idle', 3)
>>> from aton.bots.base import run_steps
>>> run_steps(flow.steps(lambda fraction: True))
>>> flow.finish(None)
>>> flow.state.value, flow.played, len(flow.results[0].games)
('done', 3, 3)
>>> flow.status("fr")[:20]
'3 parties jouées en '
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from enum import Enum

from ...bots.base import Steps
from ...bots.tournament import BotSpec, GameSummary, TournamentResult, bot_name, check_series, play_many_steps
from ...i18n import Message, check_lang, decimal, msg, nmsg, render_key, table
from ...refusals import error_text

__all__ = ["LAB_STRINGS", "LabState", "Pairing", "TournamentFlow", "lab_words"]

Pairing = tuple[BotSpec, BotSpec, int]
"""``(first bot, second bot, number of games)``."""

LAB_STRINGS: dict[str, Message] = table(
    msg("lab.start", "Play the games"),
    msg("lab.again", "Play them again"),
    msg("lab.stop", "Stop"),
    nmsg(
        "lab.idle",
        "{count} game to play. It starts with “Play the games”.",
        "{count} games to play. They start with “Play the games”.",
    ),
    msg("lab.running", "Game {number} of {total}: {first} against {second}"),
    nmsg(
        "lab.done",
        "{count} game played in {seconds} s.",
        "{count} games played in {seconds} s.",
    ),
    nmsg(
        "lab.stopped",
        "Stopped after {count} of {total} games: the results and the plots count the game played.",
        "Stopped after {count} of {total} games: the results and the plots count the games played.",
    ),
    msg("lab.stopped_early", "Stopped before the first game was over: there is nothing to count yet."),
    msg("lab.failed", "The games stopped on an error: {error}"),
    msg("lab.plot_waiting", "This plot appears once games have been played."),
    msg(
        "lab.plot_no_matplotlib",
        "This plot needs matplotlib, which this Python cannot load; the results above do not need it.",
    ),
    msg("lab.plot_failed", "This plot could not be drawn: {error}"),
)
"""Every text of the lab's tournament panel, by key (``lab.<key>``; :func:`lab_words` takes the key without it)."""


def lab_words(key: str, lang: str, **values: object) -> str:
    """A text of the tournament panel in ``lang``, its ``{placeholders}`` filled.

    >>> lab_words("running", "fr", number=2, total=5, first="easy", second="random")
    'Partie 2 sur 5 : easy contre random'
    """
    check_lang(lang)
    return render_key(LAB_STRINGS, f"lab.{key}", lang, "lab panel text", **values)


class LabState(Enum):
    """Where the series of tournaments stands."""

    IDLE = "idle"
    RUNNING = "running"
    DONE = "done"
    STOPPED = "stopped"
    FAILED = "failed"


class TournamentFlow:
    """A series of seeded tournaments (``pairings``), played one game after another, and how far it got.

    The games are those of :func:`aton.bots.tournament.play_many` with the same seed and ``alternate``:
    where and how they are played never changes them.  Raises ``ValueError`` for a pairing that is
    not (bot, bot, games) with known bots and at least one game.
    """

    def __init__(self, pairings: Sequence[Pairing], seed: int = 0, *, alternate: bool = True) -> None:
        if not pairings:
            raise ValueError("the lab needs at least one pairing: (first bot, second bot, number of games)")
        checked: list[Pairing] = []
        for pairing in pairings:
            if not isinstance(pairing, (tuple, list)) or len(pairing) != 3:
                raise ValueError(f"a pairing is (first bot, second bot, number of games), not {pairing!r}")
            first, second, games = pairing  # a list does as well as a tuple
            check_series(first, second, games, seed)
            checked.append((first, second, games))
        self.pairings = checked
        self.seed = seed
        self.alternate = alternate
        self.state = LabState.IDLE
        self.games: list[list[GameSummary]] = [[] for _ in checked]
        """The games played so far, per pairing, in order."""
        self.current = 0
        """The pairing being played (or the last one played)."""
        self.error: BaseException | None = None
        self.seconds = 0.0
        self._started = 0.0

    @property
    def total(self) -> int:
        """Games of every pairing together."""
        return sum(games for _, _, games in self.pairings)

    @property
    def played(self) -> int:
        """Games played so far."""
        return sum(len(games) for games in self.games)

    @property
    def results(self) -> list[TournamentResult]:
        """One result per pairing that has played at least one game, with the games played so far."""
        return [
            TournamentResult((bot_name(first), bot_name(second)), self.seed, self.alternate, list(games))
            for (first, second, _), games in zip(self.pairings, self.games, strict=True)
            if games
        ]

    def start(self) -> None:
        """Forget earlier games and start counting afresh (the games themselves come from :meth:`steps`)."""
        self.games = [[] for _ in self.pairings]
        self.current = 0
        self.error = None
        self.state = LabState.RUNNING
        self._started = time.perf_counter()

    def steps(self, report: Callable[[float], bool], stop: Callable[[], bool] = lambda: False) -> Steps[None]:
        """Play every pairing in steps; ``report(fraction)`` after each game, ``False`` back stops the series.

        ``stop()`` is asked between two steps too, so a stop never waits for the end of a long game
        (a thread drives the steps without pausing, and a ``hard`` bot's game lasts many seconds).
        """
        if self.state is not LabState.RUNNING:
            self.start()
        carry_on = True

        def on_game(summary: GameSummary) -> bool:
            nonlocal carry_on
            self.games[self.current].append(summary)
            carry_on = report(self.played / self.total)
            return carry_on

        for index, (first, second, games) in enumerate(self.pairings):
            self.current = index
            series = play_many_steps(first, second, games, self.seed, alternate=self.alternate, on_game=on_game)
            for _ in series:
                if stop():
                    series.close()
                    return
                yield
            if not carry_on:
                return

    def finish(self, error: BaseException | None, *, stopped: bool = False) -> None:
        """The series has ended: all played, ``stopped`` early, or on ``error``."""
        self.seconds = time.perf_counter() - self._started
        self.error = error
        if error is not None:
            self.state = LabState.FAILED
        elif stopped or self.played < self.total:
            self.state = LabState.STOPPED
        else:
            self.state = LabState.DONE

    def status(self, lang: str) -> str:
        """Where the series stands, in words."""
        if self.state is LabState.IDLE:
            return lab_words("idle", lang, count=self.total)
        if self.state is LabState.RUNNING:
            first, second, _ = self.pairings[self.current]
            number = min(self.played + 1, self.total)
            return lab_words(
                "running", lang, number=number, total=self.total, first=bot_name(first), second=bot_name(second)
            )
        if self.state is LabState.FAILED:
            return lab_words("failed", lang, error=error_text(self.error, lang, unexpected=str) if self.error else "")
        if self.state is LabState.STOPPED and self.played == 0:
            return lab_words("stopped_early", lang)
        if self.state is LabState.STOPPED:
            return lab_words("stopped", lang, count=self.played, total=self.total)
        seconds = decimal(self.seconds, lang, "0.0" if self.seconds >= 1 else "0.00")  # never "0.0 s"
        return lab_words("done", lang, count=self.played, seconds=seconds)
