"""Game review: where a game was won and lost, decision by decision, and why.

:func:`review` replays a finished (or unfinished) game and, for every decision
of one player (an assignment, an exchange, a removal, a placement), asks the
search bot two questions *from that player's view at that moment* (their own
cards, the public board and discard piles; never the opponent's hidden cards,
which the search imagines as it does in play):

- which move was best, and
- what chance to win the move played and the best move give.

The two chances are measured with the same care: each by its own search of ``iterations`` imagined
games that must open with that move and plays on from there (:meth:`aton.bots.mcts.MctsBot.search` with
``only=``), read along the line both players prefer
(:attr:`aton.bots.mcts.SearchResult.reply_rate`: a placement that needs a good second placement is worth
that, and a move the opponent can refute is worth what is left after the refutation, not the average of
every reply tried before the search found it).  The loss (best minus played, both chances as people
read them: mapped by the calibration of :mod:`aton.bots.calibration`), less one standard error
(:data:`CONFIDENCE`), gives the verdict, with the limits in :data:`THRESHOLDS`.
Where the first search hesitated between two moves (:data:`RIVAL_SHARE`), both
are measured and the better counts as the best move; a loss near a threshold
(:data:`REMEASURE_NEAR`) is measured again and pooled, so the imagined games go
where the verdict is in doubt.  Where the chance to win falls by :data:`DEEPEN_DROP` between two
judged decisions, the first is judged again with :data:`DEEPEN_TIMES` the imagined games.  Decisions
with a single legal action (or whose options are all alike) are forced and not judged.

For the graph, the reviewed player's chance to win is estimated after every
decision of either player, again from the reviewed player's own view only
(:meth:`aton.bots.mcts.MctsBot.estimate`): the opponent's review is a separate
review with its own view.

Every judged move that lost at least :data:`EXPLAINED_FROM` gets a sentence in
every language of the message catalogs saying what the better move does (a win at once, 40 points
within reach, a majority taken or kept, a board victory prevented, the points
expected on cartouche 1), from the facts the coach uses (:mod:`aton.bots.coach`).

The review is seeded: each decision is searched with a generator derived from
``seed`` and the decision's number, so the same game and seed give the same
review.  ``on_progress(fraction)`` is called after each step; returning
``False`` stops the review with :class:`ReviewCancelled`.

>>> import aton
>>> from aton.teaching.lessons import load_position
>>> game = load_position("victory-yellow")
>>> game.apply(aton.Place(aton.RED, (1, 11)))  # not the last yellow square
>>> result = review(game, aton.RED, iterations=40, samples=4)
>>> judged = result.decisions[0]
>>> judged.verdict, judged.best
(<Verdict.BLUNDER: 'blunder'>, Place(RED, (2, 6)))
>>> print(judged.text["en"])  # doctest: +ELLIPSIS
Better: place a counter on the yellow square in temple 2, row 2, column 3. It wins the game at once: ...
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from importlib import resources
from itertools import pairwise
from typing import Any, NamedTuple

from ..actions import Action, Assign, Exchange, Place, Player, Remove, parse_action
from ..explain import player_name
from ..game import EndReason, Game, GameView, Phase
from ..i18n import Message, check_lang, decimal, gtext, join, languages, msg, ngtext, percent, render
from ..jsonfile import check_json_value
from ..position import ReplayError, record_start, replay
from .base import Steps, run_steps
from .calibration import IDENTITY, Calibration, chance_words, shipped, view_progress
from .coach import _board_reasons, _square_words
from .heuristics import BoardInfo, class_representatives, flat_of
from .lookahead import highest_beaten
from .mcts import ANALYSIS, MctsBot, OptionStats, SearchResult

Progress = Callable[[float], "bool | None"]
"""``on_progress(fraction)``; returning ``False`` cancels the review."""

DEFAULT_ITERATIONS = 120
"""Imagined games per search at the default strength (see ``aton bench-review`` for the time and the
stability of the verdicts between seeds that decided it)."""

MEASURE_SHARE = 1.0
"""When the move played is not the best found, each of the two is measured by a search of this share of
``iterations`` that must open with it (the same imagined games for both: the move played is measured
with the same care as the best, so a refutation of it is found as often as the best move's strength)."""

REMEASURE_TIMES = 3
"""At most this many further measures of one loss, each while it stays near a threshold."""

RIVAL_SHARE = 0.5
"""The search's next choices are measured too (and the best of those measured is the best move) when they
were tried at least this share as often as its first: a search of ``iterations`` imagined games often
cannot tell such moves apart, and the verdict would change with the one it happened to prefer."""

RIVALS = 1
"""At most this many of those next choices are measured (:data:`RIVAL_SHARE`), and the exchange of cards
besides when it is one of them: the ways of laying one hand share what the search learns of the opponent's
replies, a new hand does not, so a search of ``iterations`` imagined games ranks the exchange least surely (a
card decision whose fourth choice was the exchange, never measured, was called good where the exchange was
better by 21-27 points)."""

REMEASURE_NEAR = 1.5
"""A judged loss whose verdict lies within this many standard errors of a threshold is measured again
(:data:`REMEASURE_SHARE`): the imagined games go where the verdict is in doubt, not where it is plain."""

REMEASURE_SHARE = 0.75
"""Each further measure of a loss near a threshold: a search of this share of ``iterations`` for each of the
two moves, pooled with the measures before (its imagined games counted with theirs)."""

DEEPEN_DROP = 0.2
"""Where the chance to win falls this much between two judged decisions of the reviewed player (the move
played's chance at the first, the best move's at the next), the first is judged again by a deeper search
(:data:`DEEPEN_TIMES`): a drop that large means the first measure missed something, often the opponent's
refutation of the move played, or that the hidden cards turned out badly (then the deeper search agrees)."""

DEEPEN_TIMES = 4
"""The deeper judgement of a decision before a drop (:data:`DEEPEN_DROP`) searches this many times
``iterations`` imagined games."""

DEFAULT_SAMPLES = 20
"""Playouts behind each point of the chance-to-win graph."""


class Verdict(Enum):
    """How a judged decision compares with the best move found."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    (Verdict.BLUNDER, 0.20),
    (Verdict.MISTAKE, 0.10),
    (Verdict.INACCURACY, 0.05),
)
"""The verdicts by the chance to win lost against the best move found (0.20 is 20 percentage points),
worst first; a smaller loss is :attr:`Verdict.GOOD`."""

CONFIDENCE = 1.0
"""A loss gives a verdict only beyond this many standard errors of the two measured chances: a loss the
imagined games cannot tell from noise is not called a mistake (so verdicts do not change with the seed)."""

SURE = 0.995
"""A chance to win this close to 1 (or to 0) is told as a win (or a loss) all but certain."""

SCORING_NEAR = 0.5
"""A round that ends with a scoring in at least this share of the imagined games is "before a scoring"."""

SLOPE_STEP = 0.01
"""Where the two measured chances lie closer than this, the mapping's slope is read over this width around
them (it scales the loss's standard error from the search's chances to the ones people read)."""

EXPLAINED_FROM = Verdict.INACCURACY
"""Decisions judged this or worse get a sentence on the better move."""

_ORDER = (Verdict.GOOD, Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)


def verdict_of(loss: float) -> Verdict:
    """The verdict for a loss of chance to win.

    >>> verdict_of(0.02), verdict_of(0.12), verdict_of(0.5)
    (<Verdict.GOOD: 'good'>, <Verdict.MISTAKE: 'mistake'>, <Verdict.BLUNDER: 'blunder'>)
    """
    for verdict, limit in THRESHOLDS:
        if loss >= limit:
            return verdict
    return Verdict.GOOD


def at_least(verdict: Verdict, floor: Verdict) -> bool:
    """Whether ``verdict`` is ``floor`` or worse.

    >>> at_least(Verdict.BLUNDER, Verdict.MISTAKE), at_least(Verdict.GOOD, Verdict.INACCURACY)
    (True, False)
    """
    return _ORDER.index(verdict) >= _ORDER.index(floor)


class ReviewCancelled(Exception):
    """The review was stopped through ``on_progress`` before it finished."""


# ----------------------------------------------------------------- texts
# Every text of the review for people, in English; translations live in the message catalogs
# (aton/locale/<lang>/LC_MESSAGES/aton.po, see docs/translating.md).
VERDICT_WORDS: dict[Verdict, Message] = {
    Verdict.GOOD: msg("review verdict good", "good"),
    Verdict.INACCURACY: msg("review verdict inaccuracy", "inaccuracy"),
    Verdict.MISTAKE: msg("review verdict mistake", "mistake"),
    Verdict.BLUNDER: msg("review verdict blunder", "blunder"),
}
"""Each verdict in words."""

FORCED = msg("review verdict forced", "forced")
"""A decision with a single choice, in words."""

KIND_WORDS: dict[str, Message] = {
    "assign": msg("review decision kind", "assignment"),
    "exchange": msg("review decision kind", "exchange"),
    "remove": msg("review decision kind", "removal"),
    "place": msg("review decision kind", "placement"),
}
"""Each kind of decision in words."""

HOW_WORDS: dict[EndReason, Message] = {
    EndReason.TEMPLE: msg("review how the game is won", "a whole temple is yours"),
    EndReason.YELLOW: msg("review how the game is won", "every yellow square is yours"),
    EndReason.GREEN: msg("review how the game is won", "every green square is yours"),
    EndReason.POINTS: msg("review how the game is won", "40 points"),
    EndReason.ROUND_LIMIT: msg("review how the game is won", "the round limit is reached"),
}
"""How a game ends, as the clause after "It wins the game at once:"."""


def _fact(key: str, lang: str, values: dict[str, Any]) -> str:
    """One sentence on what the better move does, from its facts (numbers written the way ``lang`` writes them)."""
    if key == "wins_now":
        how = render(HOW_WORDS[values["how"]], lang)
        return gtext(lang, "review better move", "It wins the game at once: {how}.", how=how)
    if key == "reach_40":
        return gtext(
            lang,
            "review better move",
            "With {card} on cartouche 1 you reach 40 points and win this round if your opponent's card there is "
            "{low} or lower; the move played cannot reach 40 this round.",
            card=values["card"],
            low=values["low"],
        )
    if key == "stops_win":
        how = render(HOW_WORDS[values["how"]], lang)
        return gtext(
            lang,
            "review better move",
            "It stops your opponent from winning at once ({how}), which the move played allows.",
            how=how,
        )
    if key == "c1":
        return gtext(
            lang,
            "review better move",
            "On cartouche 1 it expects about {best} points, against {played} with the move played.",
            best=decimal(values["best"], lang, "+0.0;-0.0"),
            played=decimal(values["played"], lang, "+0.0;-0.0"),
        )
    if key == "first":
        return gtext(
            lang,
            "review better move",
            "It acts first in about {best} of the imagined rounds, against {played} with the move played.",
            best=percent(values["best"], lang),
            played=percent(values["played"], lang),
        )
    if key == "first_before_scoring":
        return gtext(
            lang,
            "review better move",
            "It acts first in about {best} of the imagined rounds, against {played} with the move played, and "
            "about {scoring} of the imagined rounds end with a scoring: acting first, you leave your opponent the "
            "last removals and placements before it.",
            best=percent(values["best"], lang),
            played=percent(values["played"], lang),
            scoring=percent(values["scoring"], lang),
        )
    if key == "sure_win":
        return gtext(lang, "review better move", "After it, the search finds your win all but certain.")
    if key == "sure_loss":
        return gtext(lang, "review better move", "After the move played, the search finds your loss all but certain.")
    raise ValueError(f"no review sentence {key!r}")


def verdict_words(verdict: Verdict | None, lang: str = "en") -> str:
    """The verdict in words (``None`` is a forced decision).

    >>> verdict_words(Verdict.BLUNDER, "fr")
    'gaffe'
    """
    return render(FORCED if verdict is None else VERDICT_WORDS[verdict], check_lang(lang))


def describe(view: Game, action: Action, lang: str = "en") -> str:
    """A move in words, as the review's sentences name it ("place a counter on the yellow square ...").

    ``view`` is the state before the move (a view or a game).

    >>> import aton
    >>> describe(aton.new_game(seed=7), aton.Assign(aton.RED, (4, 1, 2, 1)))
    'put 4 on cartouche 1, 1 on cartouche 2, 2 on cartouche 3, and 1 on cartouche 4'
    """
    check_lang(lang)
    if isinstance(action, Exchange):
        return gtext(lang, "review move", "exchange your cards")
    if isinstance(action, Assign):
        parts = [
            gtext(lang, "review move", "{card} on cartouche {number}", card=card, number=number)
            for number, card in enumerate(action.cards, start=1)
        ]
        return gtext(lang, "review move", "put {cards}", cards=join(parts, lang))
    assert isinstance(action, (Place, Remove))
    where = _square_words(view, action.square, lang)
    if isinstance(action, Place):
        return gtext(lang, "review move", "place a counter on {square}", square=where)
    if view.owner(action.square) is action.player:
        return gtext(lang, "review move", "remove your own counter from {square}", square=where)
    return gtext(lang, "review move", "remove your opponent's counter from {square}", square=where)


# ----------------------------------------------------------------- results
@dataclass(frozen=True)
class Judgement:
    """One decision of the reviewed player.

    ``verdict`` is ``None`` for a forced decision (then ``best`` is the move
    played and the chances are not measured: ``nan``).  ``text`` holds, by
    language, the sentence on the better move (empty when none is needed).
    """

    number: int
    """The decision's number in the game, from 1 (the graph's point after it has the same number)."""
    round: int
    kind: str
    """``assign``, ``exchange``, ``remove`` or ``place``."""
    played: Action
    best: Action
    played_chance: float
    best_chance: float
    verdict: Verdict | None
    text: dict[str, str] = field(default_factory=dict)
    played_words: dict[str, str] = field(default_factory=dict)
    """The move played in words, by language (with ``text``)."""
    games: tuple[int, int] = (0, 0)
    """Imagined games behind ``played_chance`` and ``best_chance`` (few games: the chance is told as a range)."""
    raw: tuple[float, float] = (math.nan, math.nan)
    """``played_chance`` and ``best_chance`` before the mapping: as the search measured them, clamped as
    :meth:`~aton.bots.calibration.Calibration.apply` clamps them (0 or 1 only for a move that wins at once, an
    exact chance); ``aton bench-calibration`` fits the mapping on these."""

    @property
    def loss(self) -> float:
        """Chance to win lost against the best move found (0 for a good or forced move)."""
        if self.verdict is None:
            return 0.0
        return max(0.0, self.best_chance - self.played_chance)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (actions in the record's words, ``null`` chances for forced decisions)."""
        return {
            "number": self.number,
            "round": self.round,
            "kind": self.kind,
            "played": str(self.played),
            "best": str(self.best),
            "played_chance": None if math.isnan(self.played_chance) else round(self.played_chance, 4),
            "best_chance": None if math.isnan(self.best_chance) else round(self.best_chance, 4),
            "loss": round(self.loss, 4),
            "verdict": None if self.verdict is None else self.verdict.value,
            "text": dict(self.text),
            "played_words": dict(self.played_words),
        }


@dataclass(frozen=True)
class Point:
    """The reviewed player's estimated chance to win after ``decisions`` decisions (0: the start)."""

    decisions: int
    round: int
    by: Player | None
    """Who took the last decision (``None`` at the start)."""
    chance: float


@dataclass(frozen=True)
class Review:
    """A player's review of one game: every decision judged, and the chance to win over the game."""

    player: Player
    seed: int
    iterations: int
    samples: int
    decisions: tuple[Judgement, ...]
    """The reviewed player's decisions in order, forced ones included."""
    curve: tuple[Point, ...]
    """One point at the start and one after every decision of either player."""
    result: tuple[str | None, str, int, int] | None
    """``(winner, reason, red score, blue score)`` of a finished game (winner ``None`` for a draw)."""
    total_decisions: int
    final_round: int

    def judged(self) -> list[Judgement]:
        """The decisions that were not forced."""
        return [j for j in self.decisions if j.verdict is not None]

    def worst(self, floor: Verdict = Verdict.MISTAKE) -> list[Judgement]:
        """Decisions judged ``floor`` or worse, biggest loss first."""
        chosen = [j for j in self.decisions if j.verdict is not None and at_least(j.verdict, floor)]
        return sorted(chosen, key=lambda j: (-j.loss, j.number))

    def counts(self) -> dict[Verdict, int]:
        """How many judged decisions got each verdict."""
        counts = dict.fromkeys(_ORDER, 0)
        for judgement in self.decisions:
            if judgement.verdict is not None:
                counts[judgement.verdict] += 1
        return counts

    def round_curve(self) -> list[tuple[int, float]]:
        """``(round, chance)`` at the last point of each round."""
        last: dict[int, float] = {}
        for point in self.curve:
            last[point.round] = point.chance
        return sorted(last.items())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the whole review."""
        winner_reason = None
        if self.result is not None:
            winner, reason, red, blue = self.result
            winner_reason = {"winner": winner, "reason": reason, "scores": [red, blue]}
        return {
            "player": self.player.label,
            "seed": self.seed,
            "iterations": self.iterations,
            "samples": self.samples,
            "thresholds": {verdict.value: limit for verdict, limit in THRESHOLDS},
            "result": winner_reason,
            "decisions_in_game": self.total_decisions,
            "counts": {verdict.value: count for verdict, count in self.counts().items()},
            "forced": sum(1 for j in self.decisions if j.verdict is None),
            "decisions": [j.to_dict() for j in self.decisions],
            "curve": [
                {
                    "decisions": p.decisions,
                    "round": p.round,
                    "by": None if p.by is None else p.by.label,
                    "chance": round(p.chance, 4),
                }
                for p in self.curve
            ],
        }

    def text(self, lang: str = "en") -> str:
        """The review as a few paragraphs for people."""
        check_lang(lang)
        me = player_name(self.player.label, lang)
        lines = [
            ngtext(
                lang,
                "review summary",
                "Review of {player}'s decisions (seed {seed}, {iterations} imagined game per search)",
                "Review of {player}'s decisions (seed {seed}, {iterations} imagined games per search)",
                self.iterations,
                player=me,
                seed=str(self.seed),
                iterations=self.iterations,
            )
        ]
        if self.result is not None:
            winner, reason, red, blue = self.result
            fields: dict[str, object] = {
                "how": render(HOW_WORDS[EndReason(reason)], lang),
                "red": red,
                "blue": blue,
                "decisions": self.total_decisions,
            }
            if winner is None:
                lines.append(
                    ngtext(
                        lang,
                        "review summary",
                        "Result: a draw ({how}), red {red} - blue {blue}, {decisions} decision.",
                        "Result: a draw ({how}), red {red} - blue {blue}, {decisions} decisions.",
                        self.total_decisions,
                        **fields,
                    )
                )
            else:
                lines.append(
                    ngtext(
                        lang,
                        "review summary",
                        "Result: {winner} wins ({how}), red {red} - blue {blue}, {decisions} decision.",
                        "Result: {winner} wins ({how}), red {red} - blue {blue}, {decisions} decisions.",
                        self.total_decisions,
                        winner=player_name(winner, lang),
                        **fields,
                    )
                )
        else:
            lines.append(
                ngtext(
                    lang,
                    "review summary",
                    "Not finished: {decisions} decision, round {round}.",
                    "Not finished: {decisions} decisions, round {round}.",
                    self.total_decisions,
                    decisions=self.total_decisions,
                    round=self.final_round,
                )
            )
        counts = {verdict.value: count for verdict, count in self.counts().items()}
        forced = sum(1 for j in self.decisions if j.verdict is None)
        lines.append(
            gtext(
                lang,
                "review summary",
                "{player}'s decisions: {judged} judged, {forced} forced. Good: {good}, inaccuracies: {inaccuracy}, "
                "mistakes: {mistake}, blunders: {blunder}.",
                player=me,
                judged=len(self.judged()),
                forced=forced,
                **counts,
            )
        )
        values = " ".join(percent(chance, lang) for _round, chance in self.round_curve())
        lines.append(
            gtext(
                lang,
                "review summary",
                "{player}'s chance to win (own view) at the end of each round: {values}",
                player=me,
                values=values,
            )
        )
        lines.append("")
        worst = self.worst(EXPLAINED_FROM)
        if worst:
            lines.append(gtext(lang, "review summary", "Decisions to learn from:"))
        else:
            lines.append(gtext(lang, "review summary", "No mistakes found."))
        for judgement in sorted(worst, key=lambda j: j.number):
            lines.append(
                "- "
                + gtext(
                    lang,
                    "review summary",
                    "Decision {number} (round {round}, {kind}), {verdict}: you chose to {played} ({played_chance}).",
                    number=judgement.number,
                    round=judgement.round,
                    kind=render(KIND_WORDS[judgement.kind], lang),
                    verdict=verdict_words(judgement.verdict, lang),
                    played=judgement.played_words.get(lang, str(judgement.played)),
                    played_chance=chance_words(judgement.played_chance, judgement.games[0], lang),
                )
            )
            lines.append("  " + judgement.text.get(lang, ""))
        return "\n".join(lines)


# ----------------------------------------------------------------- judging
def _kind(action: Action) -> str:
    if isinstance(action, Exchange):
        return "exchange"
    if isinstance(action, Assign):
        return "assign"
    return "remove" if isinstance(action, Remove) else "place"


def _same_choice(a: Action, b: Action, info: BoardInfo) -> bool:
    """Equal actions, or squares of one class (they have the same effect on every rule)."""
    if a == b:
        return True
    if isinstance(a, (Place, Remove)) and type(a) is type(b):
        assert isinstance(b, (Place, Remove))
        return bool(info.klass[flat_of(a.square)] == info.klass[flat_of(b.square)])
    return False


def _wins_at_once(view: GameView, action: Action, rng: random.Random) -> EndReason | None:
    """How ``action`` wins the game on the spot for the viewer (board facts only), or ``None``."""
    if not isinstance(action, (Place, Remove)):
        return None
    game = view.sample(rng)
    game.apply(action)
    result = game.result
    if result is not None and result.winner is view.viewer:
        return result.reason
    return None


def _opponent_wins_next(view: GameView, action: Action, rng: random.Random) -> EndReason | None:
    """Whether, after ``action``, the opponent's very next removal or placement can win at once."""
    if not isinstance(action, (Place, Remove)):
        return None
    game = view.sample(rng)
    game.apply(action)
    opponent = view.viewer.other
    if game.result is not None or game.to_act != (opponent,) or game.phase is Phase.ASSIGN:
        return None
    info = BoardInfo.of(game.rules.layout)
    for reply in class_representatives(game.legal_actions(opponent), info):
        trial = game.clone(events=False)
        trial.apply(reply)
        if trial.result is not None and trial.result.winner is opponent:
            return trial.result.reason
    return None


def _reach_40(view: GameView, cards: tuple[int, ...]) -> int | None:
    """The highest opposing card on cartouche 1 that still lets ``cards`` reach 40 points, or ``None``."""
    return highest_beaten(view.score(view.viewer), cards[0])


def _sentences(
    view: GameView,
    played: Action,
    best: Action,
    played_measure: tuple[OptionStats, float],
    best_measure: tuple[OptionStats, float],
    stream: str,
) -> tuple[dict[str, str], dict[str, str]]:
    """The sentence on the better move and the move played in words, in every language.

    Each measure is the search's statistics for the move and its chance to win.
    """
    played_option, played_rate = played_measure
    best_option, best_rate = best_measure
    rng_seed = f"{stream}/facts"
    facts: list[tuple[str, dict[str, Any]]] = []
    won = _wins_at_once(view, best, random.Random(rng_seed))
    if won is not None:
        facts.append(("wins_now", {"how": won}))
    if isinstance(best, Assign) and isinstance(played, (Assign, Exchange)):
        low = _reach_40(view, best.cards)
        if low is not None and (isinstance(played, Exchange) or _reach_40(view, played.cards) is None):
            facts.append(("reach_40", {"card": best.cards[0], "low": low}))
    if won is None:
        threat = _opponent_wins_next(view, played, random.Random(rng_seed))
        if threat is not None and _opponent_wins_next(view, best, random.Random(rng_seed)) is None:
            facts.append(("stops_win", {"how": threat}))
    if won is None and best_rate >= SURE and best_option.visits > 0:
        facts.append(("sure_win", {}))
    if played_rate <= 1.0 - SURE and played_option.visits > 0:
        facts.append(("sure_loss", {}))
    if isinstance(best, Assign):
        b, p = best_option.extra, played_option.extra
        if "cartouche1" in b and "cartouche1" in p and abs(b["cartouche1"] - p["cartouche1"]) >= 0.5:
            facts.append(("c1", {"best": b["cartouche1"], "played": p["cartouche1"]}))
        if "first" in b and "first" in p and abs(b["first"] - p["first"]) >= 0.15 and view.round > 1:
            if b["first"] < p["first"] and p.get("scoring", 0.0) >= SCORING_NEAR:
                facts.append(
                    ("first_before_scoring", {"best": b["first"], "played": p["first"], "scoring": p["scoring"]})
                )
            else:
                facts.append(("first", {"best": b["first"], "played": p["first"]}))
    texts: dict[str, str] = {}
    played_words: dict[str, str] = {}
    for lang in languages():
        sentences = [gtext(lang, "review better move", "Better: {move}.", move=describe(view, best, lang))]
        sentences += [_fact(key, lang, values) for key, values in facts]
        if isinstance(best, (Place, Remove)) and won is None:
            # Only what differs: a reason the move played has too does not make the better move better.
            shared = (
                _board_reasons(view, view.viewer, played, lang, limit=None)
                if isinstance(played, (Place, Remove))
                else []
            )
            sentences += [
                reason for reason in _board_reasons(view, view.viewer, best, lang, limit=None) if reason not in shared
            ][:2]
        sentences.append(
            gtext(
                lang,
                "review better move",
                "Estimated chance to win: {best} with it, {played} with the move played.",
                best=chance_words(best_rate, best_option.visits, lang),
                played=chance_words(played_rate, played_option.visits, lang),
            )
        )
        texts[lang] = " ".join(sentences)
        played_words[lang] = describe(view, played, lang)
    return texts, played_words


def judge(
    view: GameView,
    played: Action,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    number: int = 1,
    calibration: Calibration | None = None,
) -> Judgement:
    """Judge one decision: ``played`` by ``view.viewer``, from that view alone.

    A first search finds the best move; when the move played is another, two
    searches that must open with each of them measure both chances the same
    way.  ``number`` is the decision's number in the game (it names the
    decision's random stream, together with ``seed``).
    """
    return run_steps(
        judge_steps(view, played, iterations=iterations, seed=seed, number=number, calibration=calibration)
    )


def judge_steps(
    view: GameView,
    played: Action,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    number: int = 1,
    calibration: Calibration | None = None,
) -> Steps[Judgement]:
    """:func:`judge` in steps (see :data:`aton.bots.base.Steps`): its searches pause now and then.

    The chances are the search's, mapped by ``calibration`` (the shipped one by default; see
    :mod:`aton.bots.calibration`), and the verdict reads them mapped."""
    mapping = calibration if calibration is not None else shipped()
    if not isinstance(view, GameView):
        raise ValueError("a review reads a player's view: pass game.view(player)")
    player = view.viewer
    if played.player is not player:
        raise ValueError(f"{played} is not a decision of {player.label}")
    legal = view.legal_actions(player)
    if played not in legal:
        raise ValueError(f"{played} was not legal for {player.label} here")
    info = BoardInfo.of(view.rules.layout)
    kind = _kind(played)
    if len(class_representatives(legal, info)) == 1:
        return Judgement(number, view.round, kind, played, played, math.nan, math.nan, None)
    bot = MctsBot(replace(ANALYSIS, iterations=iterations), name="review")
    stream = f"aton/review/{seed}/{number}"
    found = yield from bot.search_steps(view, random.Random(f"{stream}/search"))
    best = found.action
    rivals = _rivals(found, best, played, info)
    if _same_choice(best, played, info):
        best = played
    if best is played and not rivals:
        games = found.options[0].visits
        exact = _games(view, played, games, stream)
        rate = mapping.apply("judged", _rate(found), exact, view_progress(view))
        raw = IDENTITY.apply("judged", _rate(found), exact)
        return Judgement(
            number, view.round, kind, played, played, rate, rate, Verdict.GOOD, games=(games, games), raw=(raw, raw)
        )
    measure = MctsBot(replace(ANALYSIS, iterations=max(1, round(iterations * MEASURE_SHARE))))
    played_found = yield from measure.search_steps(view, random.Random(f"{stream}/measure"), only=played)
    best_found = played_found
    if best is not played:
        best_found = yield from measure.search_steps(view, random.Random(f"{stream}/measure"), only=best)
    best_m, played_m = _Measure.of(best_found), _Measure.of(played_found)
    for rival in rivals:
        rival_found = yield from measure.search_steps(view, random.Random(f"{stream}/measure"), only=rival)
        rival_m = _Measure.of(rival_found)
        if rival_m.rate > best_m.rate:
            best, best_m = rival, rival_m
    progress = view_progress(view)
    gap = _compare(view, (best, best_m), (played, played_m), stream, mapping, progress)
    again = MctsBot(replace(ANALYSIS, iterations=max(1, round(iterations * REMEASURE_SHARE))))
    for time in range(REMEASURE_TIMES):
        if not _near_threshold(gap.loss - CONFIDENCE * gap.error, gap.error):
            break
        best_again = yield from again.search_steps(view, random.Random(f"{stream}/again/{time}"), only=best)
        played_again = yield from again.search_steps(view, random.Random(f"{stream}/again/{time}"), only=played)
        best_m, played_m = best_m.pooled(_Measure.of(best_again)), played_m.pooled(_Measure.of(played_again))
        gap = _compare(view, (best, best_m), (played, played_m), stream, mapping, progress)
    best_rate, played_rate = gap.shown
    best_raw, played_raw = gap.raw
    if played_rate >= best_rate:
        best, best_m, best_rate, best_raw = played, played_m, played_rate, played_raw
    verdict = verdict_of(gap.loss - CONFIDENCE * gap.error)
    best_games, played_games = best_m.visits, played_m.visits
    best_stats, played_stats = best_m.result(best), played_m.result(played)
    text: dict[str, str] = {}
    played_words: dict[str, str] = {}
    if at_least(verdict, EXPLAINED_FROM):
        text, played_words = _sentences(
            view, played, best, (played_stats, played_rate), (best_stats, best_rate), stream
        )
    return Judgement(
        number,
        view.round,
        kind,
        played,
        best,
        played_rate,
        best_rate,
        verdict,
        text,
        played_words,
        games=(played_games, best_games),
        raw=(played_raw, best_raw),
    )


def _rivals(found: SearchResult, best: Action, played: Action, info: BoardInfo) -> list[Action]:
    """The search's next choices after ``best`` that are not the move played, tried at least
    :data:`RIVAL_SHARE` as often as ``best``, most tried first (at most :data:`RIVALS`, and the exchange); only the
    exchange when ``best`` is the move played (see :data:`RIVALS`)."""
    first = found.options[0].visits
    only_exchange = _same_choice(best, played, info)
    rivals: list[Action] = []
    for option in found.options[1:]:
        if option.visits < RIVAL_SHARE * first:
            break
        action = option.action
        if _same_choice(action, played, info) or _same_choice(action, best, info):
            continue
        if isinstance(action, Exchange) or (len(rivals) < RIVALS and not only_exchange):
            rivals.append(action)
    return rivals


def _games(view: GameView, action: Action, games: int, stream: str) -> int:
    """``games``, or 0 (an exact chance, not mapped) for a move that wins the game at once."""
    return 0 if _wins_at_once(view, action, random.Random(f"{stream}/exact")) is not None else games


@dataclass(frozen=True)
class _Measure:
    """What the searches that must open with one move measured: pooled over one or two searches."""

    visits: int
    rate: float
    """The raw chance to win along the preferred line (see :func:`_rate`), averaged over the searches by visits."""
    mean: float
    """The mean result of the imagined games."""
    square: float
    """The mean squared result of the imagined games (with ``mean``, their spread)."""
    extra: dict[str, float]

    @classmethod
    def of(cls, found: SearchResult) -> _Measure:
        option = found.options[0]
        return cls(
            option.visits,
            _rate(found),
            option.win_rate,
            option.spread**2 + option.win_rate**2,
            dict(option.extra),
        )

    def pooled(self, other: _Measure) -> _Measure:
        """Both measures as one, each weighted by its imagined games."""
        total = self.visits + other.visits
        if total == 0:
            return self

        def mix(a: float, b: float) -> float:
            return (a * self.visits + b * other.visits) / total

        extra = {key: mix(value, other.extra[key]) for key, value in self.extra.items() if key in other.extra}
        return _Measure(
            total, mix(self.rate, other.rate), mix(self.mean, other.mean), mix(self.square, other.square), extra
        )

    @property
    def spread(self) -> float:
        """The standard deviation of the imagined games' results."""
        return math.sqrt(max(self.square - self.mean * self.mean, 0.0))

    @property
    def error(self) -> float:
        """The standard error of the chance: the spread of the imagined games' results over ``sqrt(n)``."""
        return self.spread / math.sqrt(max(self.visits, 1))

    def result(self, action: Action) -> OptionStats:
        """The measure as the search's statistics of ``action`` (the sentences read these)."""
        return OptionStats(action, self.visits, self.mean, dict(self.extra), self.spread)


class _Gap(NamedTuple):
    """The best and the played move's chances as people read them (mapped), and the standard error of the
    gap between them as people read it."""

    shown: tuple[float, float]
    error: float
    raw: tuple[float, float]
    """The two chances before the mapping (clamped as shown)."""

    @property
    def loss(self) -> float:
        """The chance lost as people read it (never below 0): the verdict reads it."""
        return max(self.shown[0] - self.shown[1], 0.0)


def _compare(
    view: GameView,
    best: tuple[Action, _Measure],
    played: tuple[Action, _Measure],
    stream: str,
    mapping: Calibration,
    progress: float,
) -> _Gap:
    """Both measured chances through ``mapping``; the raw chances' standard error scaled as the mapping
    scales the gap between them."""
    (best_m, best_games), (played_m, played_games) = (
        (measure, _games(view, action, measure.visits, stream)) for action, measure in (best, played)
    )
    raw = (IDENTITY.apply("judged", best_m.rate, best_games), IDENTITY.apply("judged", played_m.rate, played_games))
    shown = (
        mapping.apply("judged", best_m.rate, best_games, progress),
        mapping.apply("judged", played_m.rate, played_games, progress),
    )
    if abs(raw[0] - raw[1]) > SLOPE_STEP:
        scale = (shown[0] - shown[1]) / (raw[0] - raw[1])
    else:
        middle = min(max((raw[0] + raw[1]) / 2, SLOPE_STEP), 1.0 - SLOPE_STEP)
        visits = max(best_m.visits, played_m.visits)
        scale = (
            mapping.apply("judged", middle + SLOPE_STEP / 2, visits, progress)
            - mapping.apply("judged", middle - SLOPE_STEP / 2, visits, progress)
        ) / SLOPE_STEP
    return _Gap(shown, scale * math.hypot(best_m.error, played_m.error), raw)


def _near_threshold(judged: float, uncertainty: float) -> bool:
    """Whether a loss (one standard error already taken off) lies within :data:`REMEASURE_NEAR` standard
    errors of a verdict's threshold: a second measure decides it.

    >>> _near_threshold(0.11, 0.02), _near_threshold(0.15, 0.02)
    (True, False)
    """
    return any(abs(judged - limit) < REMEASURE_NEAR * uncertainty for _verdict, limit in THRESHOLDS)


def _rate(found: SearchResult) -> float:
    """The chance to win of the search's first option, along the line both players prefer (see
    ``reply_rate``): the opponent's refutation counts once the search has found it."""
    if found.reply_rate is not None:
        return found.reply_rate
    return found.line_rate if found.line_rate is not None else found.options[0].win_rate


# ----------------------------------------------------------------- recorded games
_RECORDED = "recorded"


def recorded_game_names() -> list[str]:
    """The recorded games shipped with the package (to review in the tutorials and the benchmark).

    >>> "close-game" in recorded_game_names()
    True
    """
    folder = resources.files("aton").joinpath(_RECORDED)
    return sorted(entry.name[: -len(".json")] for entry in folder.iterdir() if entry.name.endswith(".json"))


def recorded_game(name: str) -> dict[str, Any]:
    """The record (as ``game.record()`` writes it) of the shipped game ``name``.

    >>> record = recorded_game("close-game")
    >>> record["format"], len(record["actions"])
    ('aton-record/1', 110)
    """
    return dict(_recorded_file(name)["record"])


def recorded_game_info(name: str) -> dict[str, dict[str, str]]:
    """The ``title`` and ``description`` of the shipped game ``name``, each in English and French.

    >>> recorded_game_info("close-game")["title"]["fr"]
    'Une partie serrée'
    """
    raw = _recorded_file(name)
    return {"title": dict(raw["title"]), "description": dict(raw["description"])}


def _recorded_file(name: str) -> dict[str, Any]:
    if name not in recorded_game_names():
        raise ValueError(f"no recorded game {name!r}; known games: {', '.join(recorded_game_names())}")
    text = resources.files("aton").joinpath(_RECORDED).joinpath(f"{name}.json").read_text(encoding="utf-8")
    raw: dict[str, Any] = json.loads(text)
    return raw


# ----------------------------------------------------------------- the review
def _start(source: Game | dict[str, Any]) -> tuple[Game, list[Action]]:
    """The game before the first decision and the decisions, read as :func:`aton.replay` reads them.

    ``source`` is a game, a record (``game.record()``) or a full snapshot (``game.to_dict()``).
    """
    if isinstance(source, GameView):
        raise ValueError("a review replays the whole game: pass the game (or its record), not a view")
    if isinstance(source, Game):
        record: Any = source.record()
    elif isinstance(source, dict):
        check_json_value(source, ReplayError)
        record = source
    else:
        raise ValueError(f"review a game or a record (a dict), not {type(source).__name__}")
    replay(record)  # every decision is checked before the long work starts
    game, texts = record_start(record)
    return game, [parse_action(text) for text in texts]


def review(
    source: Game | dict[str, Any],
    player: Player,
    *,
    seed: int = 0,
    iterations: int = DEFAULT_ITERATIONS,
    samples: int = DEFAULT_SAMPLES,
    on_progress: Progress | None = None,
    calibration: Calibration | None = None,
) -> Review:
    """Review ``player``'s decisions in ``source`` (a game, or a record as ``game.record()`` writes it).

    Each decision is judged from ``game.view(player)`` as it stood just before
    it; the graph's points from ``game.view(player)`` just after each
    decision.  Raises :class:`aton.ReplayError` for a record that cannot be
    played and :class:`ReviewCancelled` when ``on_progress`` returns ``False``.
    """
    return run_steps(
        review_steps(
            source,
            player,
            seed=seed,
            iterations=iterations,
            samples=samples,
            on_progress=on_progress,
            calibration=calibration,
        )
    )


def deepens(before: Judgement, after: Judgement) -> bool:
    """Whether the review judges ``before`` again, deeper (:data:`DEEPEN_TIMES`): the chance to win falls by
    :data:`DEEPEN_DROP` or more from the move played there to the best move at ``after``, the reviewed
    player's next judged decision (both chances as shown, mapped).

    >>> from aton import RED
    >>> first = Judgement(3, 1, "place", Place(RED, (1, 1)), Place(RED, (1, 1)), 0.7, 0.7, Verdict.GOOD)
    >>> deepens(first, replace(first, number=5, best_chance=0.45)), deepens(first, replace(first, best_chance=0.6))
    (True, False)
    """
    return before.played_chance - after.best_chance >= DEEPEN_DROP


def graph_chance(
    view: GameView,
    *,
    seed: int = 0,
    number: int = 0,
    samples: int = DEFAULT_SAMPLES,
    calibration: Calibration | None = None,
) -> float:
    """The graph's point after ``number`` decisions: ``view.viewer``'s chance to win from ``view``, the mean of
    ``samples`` playouts (seeded by ``seed`` and ``number``), mapped by ``calibration`` (default: shipped)."""
    mapping = calibration if calibration is not None else shipped()
    estimator = MctsBot(replace(ANALYSIS), name="review")
    raw = estimator.estimate(view, random.Random(f"aton/review/{seed}/{number}/graph"), samples)
    return mapping.apply("graph", raw, 0 if view.result is not None else samples, view_progress(view))


def review_steps(
    source: Game | dict[str, Any],
    player: Player,
    *,
    seed: int = 0,
    iterations: int = DEFAULT_ITERATIONS,
    samples: int = DEFAULT_SAMPLES,
    on_progress: Progress | None = None,
    calibration: Calibration | None = None,
) -> Steps[Review]:
    """:func:`review` in steps (see :data:`aton.bots.base.Steps`): a pause inside every search and after
    every decision, so a page without threads handles its "stop" while a review runs."""
    if not isinstance(player, Player):
        raise ValueError(f"review a player (aton.RED or aton.BLUE), not {player!r}")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}")
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a whole number of at least 1, not {samples!r}")
    game, actions = _start(source)
    mine = sum(1 for action in actions if action.player is player)
    total = len(actions) + 1 + mine * 3
    done = 0

    def step(amount: int) -> None:
        nonlocal done
        done += amount
        if on_progress is not None and on_progress(min(1.0, done / total)) is False:
            raise ReviewCancelled("the review was stopped")

    mapping = calibration if calibration is not None else shipped()

    def chance(view: GameView, number: int) -> float:
        return graph_chance(view, seed=seed, number=number, samples=samples, calibration=mapping)

    start = chance(game.view(player), 0)
    curve = [Point(0, game.round, None, start)]
    step(1)
    judgements: list[Judgement] = []
    views: dict[int, GameView] = {}
    for number, action in enumerate(actions, start=1):
        if action.player is player:
            views[number] = game.clone(events=False).view(player)
            judged = yield from judge_steps(
                views[number], action, iterations=iterations, seed=seed, number=number, calibration=mapping
            )
            judgements.append(judged)
        round_before = game.round
        game.apply(action)
        view = game.view(player)
        curve.append(Point(number, round_before, action.player, chance(view, number)))
        step(1 + (3 if action.player is player else 0))
        yield
    judged_only = [j for j in judgements if j.verdict is not None]
    for before, after in pairwise(judged_only):
        if deepens(before, after):
            deeper = yield from judge_steps(
                views[before.number],
                before.played,
                iterations=iterations * DEEPEN_TIMES,
                seed=seed,
                number=before.number,
                calibration=mapping,
            )
            judgements[judgements.index(before)] = deeper
    result = None
    if game.result is not None:
        winner = game.result.winner
        result = (None if winner is None else winner.label, game.result.reason.value, *game.result.scores)
    return Review(player, seed, iterations, samples, tuple(judgements), tuple(curve), result, len(actions), game.round)


__all__ = [
    "DEEPEN_DROP",
    "DEEPEN_TIMES",
    "DEFAULT_ITERATIONS",
    "DEFAULT_SAMPLES",
    "EXPLAINED_FROM",
    "FORCED",
    "HOW_WORDS",
    "KIND_WORDS",
    "MEASURE_SHARE",
    "REMEASURE_NEAR",
    "REMEASURE_SHARE",
    "REMEASURE_TIMES",
    "RIVAL_SHARE",
    "THRESHOLDS",
    "VERDICT_WORDS",
    "Judgement",
    "Point",
    "Review",
    "ReviewCancelled",
    "Verdict",
    "at_least",
    "deepens",
    "describe",
    "graph_chance",
    "judge",
    "judge_steps",
    "recorded_game",
    "recorded_game_info",
    "recorded_game_names",
    "review",
    "review_steps",
    "verdict_of",
]
