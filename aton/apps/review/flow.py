"""The game review on a page, without widgets: what is reviewed, the run, the graph's geometry, the moment shown.

:class:`ReviewFlow` holds a finished game, the reviewed player, the review
once it has run (:func:`aton.bots.review.review`), and the moment chosen on the
graph or in the list of mistakes, as a step of the step-through (the
timeline seen by the reviewed player only).  The review panel
(:mod:`aton.apps.review.panel`) draws it; tests drive it directly.

>>> import aton
>>> from aton.teaching.lessons import load_position
>>> game = load_position("victory-yellow")
>>> game.apply(aton.Place(aton.RED, (1, 11)))
>>> flow = ReviewFlow(game, aton.RED, iterations=30, samples=2)
>>> flow.run().worst()[0].verdict.value
'blunder'
>>> flow.state
<FlowState.DONE: 'done'>
>>> flow.decisions_at(GRAPH_WIDTH - GRAPH_MARGIN, GRAPH_WIDTH)
1
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from ...actions import Assign, Place, Player, Remove
from ...bots.base import Steps, run_steps
from ...bots.calibration import chance_words
from ...bots.review import DEFAULT_ITERATIONS, DEFAULT_SAMPLES, Judgement, Review, ReviewCancelled, review_steps
from ...explain import player_name
from ...game import Game
from ...i18n import Message, check_lang, msg, nmsg, render_key, table
from ...refusals import error_text
from ...timeline import Step, timeline

__all__ = ["GRAPH_HEIGHT", "GRAPH_MARGIN", "GRAPH_WIDTH", "REVIEW_STRINGS", "FlowState", "ReviewFlow", "words"]

GRAPH_WIDTH = 520
"""The graph's size in logical pixels, and the margin around the plotted area."""
GRAPH_HEIGHT = 160
GRAPH_MARGIN = 24

# Every text of the review panel, in English; translations live in the message catalogs
# (aton/locale/<lang>/LC_MESSAGES/aton.po, see docs/translating.md).
REVIEW_STRINGS: dict[str, Message] = table(
    msg("review.button", "Review this game"),
    msg("review.button_for", "Review this game for {player}"),
    msg("review.running", "Reviewing {player}'s decisions: {percent}"),
    msg("review.cancel", "Stop the review"),
    msg("review.cancelled", "The review was stopped."),
    msg("review.failed", "The review failed: {error}"),
    msg(
        "review.graph",
        "{player}'s chance to win after each decision, as {player} could see it. Click to see that moment on the "
        "board.",
    ),
    msg(
        "review.graph.touch",
        "{player}'s chance to win after each decision, as {player} could see it. Tap it to see that moment on the "
        "board.",
    ),
    msg("review.graph_label", "Chance to win over the game; click a point to show that moment"),
    msg("review.graph_label.touch", "Chance to win over the game; tap a point to show that moment"),
    msg("review.show", "Show"),
    msg("review.mistakes", "Decisions to learn from"),
    msg("review.no_mistakes", "No mistakes found: every judged decision was close to the best found."),
    msg("review.moment", "Shown: after decision {number} of {count} (round {round}), {player}'s chance {percent}."),
    nmsg(
        "review.decision",
        "Decision {number}, round {round} ({verdict}, {count} point of chance lost)",
        "Decision {number}, round {round} ({verdict}, {count} points of chance lost)",
    ),
)
"""Every text of the review panel, by key (``review.<key>``; :func:`words` takes the key without the prefix)."""


def words(key: str, lang: str, **values: Any) -> str:
    """A panel text with its ``{placeholders}`` filled (``red`` and ``blue`` are the players' names).

    >>> words("button", "fr")
    'Analyser cette partie'
    >>> words("decision", "en", number=3, round=2, verdict="mistake", count=1)
    'Decision 3, round 2 (mistake, 1 point of chance lost)'
    """
    check_lang(lang)
    if key in ("red", "blue"):
        return player_name(key, lang)
    return render_key(REVIEW_STRINGS, f"review.{key}", lang, "review panel text", **values)


class FlowState(Enum):
    """Where the review stands."""

    IDLE = "idle"
    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"


class ReviewFlow:
    """One player's review of one game, and the moment of the game chosen on the graph or the list.

    ``source`` is a game (finished, usually) or its record.  The step-through
    shows the timeline as ``player`` saw it, so the review never shows the
    other player's hidden cards.  ``result`` takes a review already made.
    """

    def __init__(
        self,
        source: Game | Mapping[str, Any],
        player: Player,
        *,
        seed: int = 0,
        iterations: int = DEFAULT_ITERATIONS,
        samples: int = DEFAULT_SAMPLES,
        result: Review | None = None,
    ) -> None:
        if not isinstance(player, Player):
            raise ValueError(f"review a player (aton.RED or aton.BLUE), not {player!r}")
        self.record: dict[str, Any] = source.record() if isinstance(source, Game) else dict(source)
        self.player = player
        self.seed = seed
        self.iterations = iterations
        self.samples = samples
        self.state = FlowState.IDLE
        self.progress = 0.0
        self.result: Review | None = None
        self.error: str | None = None
        self.failure: BaseException | None = None
        """The error the review stopped on; :meth:`failure_text` tells it in any language."""
        self.moment: int | None = None
        """Decisions taken at the moment shown (``None``: none chosen yet)."""
        self.steps: list[Step] = timeline(self.record, viewer=player)
        if result is not None:  # a review already made (a notebook shows it without running it again)
            if result.player is not player or result.total_decisions != len(self.record.get("actions", [])):
                raise ValueError(f"this review is not {player.label}'s review of this game")
            self.finish(result, None)

    # ------------------------------------------------------------- the run
    def work(self) -> Callable[[Callable[[float], bool]], Steps[Review]]:
        """The review as work in steps for :meth:`~aton.apps.work.Worker.run` (``report`` stops it)."""
        self.state = FlowState.RUNNING
        self.progress = 0.0
        record, player, seed, iterations, samples = self.record, self.player, self.seed, self.iterations, self.samples

        def run(report: Callable[[float], bool]) -> Steps[Review]:
            return review_steps(record, player, seed=seed, iterations=iterations, samples=samples, on_progress=report)

        return run

    def finish(self, result: Review | None, error: BaseException | None) -> None:
        """Take the work's outcome: a review, a stop, or an error (kept as a message)."""
        if isinstance(error, ReviewCancelled):
            self.state = FlowState.CANCELLED
        elif error is not None:
            self.state, self.error, self.failure = FlowState.FAILED, str(error), error
        elif result is not None:
            self.state, self.result, self.progress = FlowState.DONE, result, 1.0
        else:
            self.state = FlowState.CANCELLED

    def failure_text(self, lang: str) -> str:
        """Why the review failed, in ``lang`` (empty if it did not)."""
        return "" if self.failure is None else error_text(self.failure, lang)

    def run(self, on_progress: Callable[[float], bool | None] | None = None) -> Review | None:
        """Run the review here and now (scripts, tests, notebooks); ``None`` if ``on_progress`` stopped it."""
        work = self.work()

        def report(fraction: float) -> bool:
            self.progress = fraction
            return on_progress is None or on_progress(fraction) is not False

        try:
            result = run_steps(work(report))
        except ReviewCancelled as error:
            self.finish(None, error)
            return None
        self.finish(result, None)
        return result

    # ------------------------------------------------------------- the graph
    def points(self, width: float = GRAPH_WIDTH, height: float = GRAPH_HEIGHT) -> list[tuple[float, float]]:
        """The graph's points in pixels (x to the right, y down; 100% at the top), one per curve point."""
        if self.result is None:
            return []
        curve = self.result.curve
        inner_w, inner_h = width - 2 * GRAPH_MARGIN, height - 2 * GRAPH_MARGIN
        last = max(len(curve) - 1, 1)
        return [
            (GRAPH_MARGIN + inner_w * i / last, GRAPH_MARGIN + inner_h * (1.0 - point.chance))
            for i, point in enumerate(curve)
        ]

    def decisions_at(self, x: float, width: float = GRAPH_WIDTH) -> int:
        """The curve point nearest to ``x`` on a graph ``width`` pixels wide: decisions taken at that point."""
        count = len(self.result.curve) if self.result is not None else len(self.record.get("actions", [])) + 1
        inner_w = width - 2 * GRAPH_MARGIN
        fraction = (x - GRAPH_MARGIN) / inner_w if inner_w > 0 else 0.0
        return min(max(round(fraction * max(count - 1, 1)), 0), count - 1)

    # ------------------------------------------------------------- moments
    def step_index(self, decisions: int) -> int:
        """The step-through's step for the moment after ``decisions`` decisions (the last step by then)."""
        index = 0
        for position, step in enumerate(self.steps):
            if step.actions_done <= decisions:
                index = position
            else:
                break
        return index

    def select(self, decisions: int) -> int:
        """Choose the moment after ``decisions`` decisions; returns its step index."""
        if self.result is not None:
            decisions = min(max(decisions, 0), len(self.result.curve) - 1)
        self.moment = decisions
        return self.step_index(decisions)

    def select_mistake(self, judgement: Judgement) -> int:
        """Choose the moment just before ``judgement``'s decision; returns its step index."""
        return self.select(judgement.number - 1)

    def moment_text(self, lang: str) -> str:
        """The moment shown, in words (empty before the review or a choice)."""
        if self.result is None or self.moment is None:
            return ""
        point = self.result.curve[self.moment]
        over = self.moment == len(self.result.curve) - 1 and self.result.result is not None
        return words(
            "moment",
            lang,
            number=self.moment,
            count=len(self.result.curve) - 1,
            round=point.round,
            player=words(self.player.label, lang),
            # a point rests on a few playouts: told as a range; the end of a finished game is exact
            percent=chance_words(point.chance, 0 if over else self.result.samples, lang),
        )

    def mistakes(self) -> list[Judgement]:
        """The decisions to learn from, in the order they were taken."""
        if self.result is None:
            return []
        from ...bots.review import EXPLAINED_FROM

        return sorted(self.result.worst(EXPLAINED_FROM), key=lambda j: j.number)

    @staticmethod
    def better_squares(judgement: Judgement) -> frozenset[tuple[int, int]]:
        """Where the better move puts or takes a counter (empty for card decisions)."""
        best = judgement.best
        return frozenset({best.square}) if isinstance(best, (Place, Remove)) else frozenset()

    @staticmethod
    def better_cartouches(judgement: Judgement) -> frozenset[tuple[Player, int]]:
        """The cartouches the better assignment changes against the one played."""
        best, played = judgement.best, judgement.played
        if not isinstance(best, Assign):
            return frozenset()
        cards = played.cards if isinstance(played, Assign) else (0, 0, 0, 0)
        return frozenset((best.player, n + 1) for n in range(4) if best.cards[n] != cards[n])

    def percent(self) -> int:
        """Progress in whole percent."""
        return math.floor(100 * self.progress)
