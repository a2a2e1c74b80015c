"""Predict, then see: a step-through that asks before the key steps of a round, and counts right answers per rule.

:class:`PredictFlow` walks the :func:`aton.timeline` of a game.  Before a key step it asks the learner a
question about it, computed from that step's event (never written by hand):

- who acts first, and why (the ``order`` event): a :class:`~aton.teaching.cartouches.FirstPlayerExercise`;
- how many counters a player removes (``removal_allowed`` / ``removal_skipped``): a
  :class:`~aton.teaching.cartouches.RemovalExercise`;
- which temples a player's cartouche 3 opens (``turn_start``): an
  :class:`~aton.teaching.cartouches.OpenTemplesExercise`;
- where the counters of cartouche 4 go: how many to the Kingdom of the Dead (``placement_allowed``): a
  :class:`~aton.teaching.cartouches.KingdomExercise`;
- each scoring line's points (``score_line``): a :class:`~aton.teaching.scoring.ScoreLineExercise`.

Each question is one of the exercise kinds the tutorials ask (:mod:`aton.teaching.exercise`), built from the
step instead of from cards, and named for the record (:attr:`~aton.teaching.exercise.Exercise.name`:
``"predict_order"``, ``"predict_removal"``, ``"predict_temples"``, ``"predict_placement"``,
``"predict_score"``): it checks an answer and yields the attempt to record as every question does.

Only once the question is answered (right, or wrong twice, or the answer asked for) does the flow go
on to the step, whose explanation the step-through then shows.  Right answers at the first try are
counted per rule of the registry (:mod:`aton.teaching.syllabus`), so a learner sees which rules they
have mastered.  The flow holds no widget: :class:`aton.widgets.stepper.Stepper` shows it (its
"Predict first" switch), and the tests drive it directly.

>>> from aton.teaching.play import play_round
>>> from aton.teaching.positions import load_position
>>> flow = PredictFlow(play_round(load_position("cartouche-2"), (4, 1, 2, 3), (2, 4, 1, 4)))
>>> question = flow.next_question()     # forward up to the next key step: a question comes first
>>> question.prompt()
'Who will resolve cartouches 2, 3 and 4 first, and why?'
>>> flow.answer((RED, "lower_card")).correct, flow.pending is None
(True, True)
>>> flow.tally["order"]
Tally(right=1, asked=1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import data
from ..actions import BLUE, RED, Player
from ..events import (
    CounterRemoved,
    Event,
    GameOver,
    KingdomFull,
    OrderDecided,
    PlacementAllowed,
    RemovalAllowed,
    RemovalSkipped,
    Revealed,
    RoundEnded,
    ScoreLine,
    SentToKingdom,
    TurnStarted,
)
from ..explain import player_name
from ..game import Game
from ..i18n import check_lang, gtext, msg, ngtext, render
from ..rules import SquareKind
from ..timeline import Step, timeline
from .answers import as_int, as_temples
from .cartouches import (
    REASONS,
    FirstPlayerExercise,
    KingdomExercise,
    OpenTemplesExercise,
    RemovalExercise,
    order_figures,
    order_mistakes,
    order_options,
    order_reason,
    removal_fixed,
    removal_hint,
    removal_meaning,
    temple_set_mistakes,
)
from .exercise import Exercise, NumberExercise, number_options
from .feedback import Feedback, Mistake, Text, each, judged
from .mastery import Attempt, trace
from .play import side
from .scoring import ScoreLineExercise, category_name
from .syllabus import rule_title

__all__ = ["PREDICTED_EVENTS", "PredictFlow", "Tally", "prediction_for"]

PREDICTED_EVENTS: tuple[type[Event], ...] = (
    OrderDecided,
    RemovalAllowed,
    RemovalSkipped,
    TurnStarted,
    PlacementAllowed,
    ScoreLine,
)
"""The events a question comes before."""


class Tally(NamedTuple):
    """Right answers at the first try, of the questions asked, for one rule."""

    right: int
    asked: int


@dataclass
class _Pending:
    index: int
    exercise: Exercise
    attempts: int = 0
    first: Any = None
    """The answer given at the first try (what the record keeps)."""


class PredictFlow:
    """A step-through that asks before each key step; see the module's documentation.

    ``PredictFlow(source=None, *, viewer=None)``: ``source`` is a game or a record dict (as for
    :func:`aton.timeline`).  :attr:`index` is the step shown; :meth:`forward` goes one step on, or
    returns the question to answer first (then :attr:`pending` is set and :attr:`index` does not
    move); :meth:`answer` judges an answer; :meth:`reveal` gives the answer up.  :attr:`tally` and
    :meth:`mastered` keep the right answers per rule across :meth:`load` (a new game).
    """

    def __init__(self, source: Game | Mapping[str, Any] | None = None, *, viewer: Player | None = None) -> None:
        self.viewer = viewer
        self.tally: dict[str, Tally] = {}
        self.record: list[Attempt] = []
        """Every question answered, as the learner's record keeps it (:meth:`~aton.teaching.exercise.Exercise.attempt`):
        what :meth:`mastered` reads, kept across :meth:`load` like :attr:`tally`."""
        self.steps: list[Step] = []
        self.index = 0
        self.pending: _Pending | None = None
        self.answered: set[int] = set()
        self.load(source)

    def load(self, source: Game | Mapping[str, Any] | None, at: int = 0) -> None:
        """Step through ``source`` from step ``at`` on; the tally of right answers is kept."""
        if source is None:
            self.steps = []
        else:
            self.steps = timeline(source if isinstance(source, Game) else dict(source), viewer=self.viewer)
        self.index = min(max(at, 0), max(len(self.steps) - 1, 0))
        self.pending = None
        self.answered = set(range(self.index + 1))

    def extend(self, steps: Sequence[Step]) -> None:
        """Take the steps of a live game that went on (the steps shown so far stay answered)."""
        self.steps = list(steps)

    def question_at(self, index: int) -> Exercise | None:
        """The question asked before step ``index`` (``None``: not a key step, or already answered)."""
        if index in self.answered or not 0 < index < len(self.steps):
            return None
        return prediction_for(self.steps, index)

    def forward(self) -> Exercise | None:
        """Go one step on, or return the question to answer before the next step (``None``: moved on)."""
        if self.pending is not None:
            return self.pending.exercise
        target = self.index + 1
        if target >= len(self.steps):
            return None
        question = self.question_at(target)
        if question is None:
            self.answered.add(target)
            self.index = target
            return None
        self.pending = _Pending(target, question)
        return question

    def next_question(self) -> Exercise | None:
        """Go forward up to the next key step and return its question (``None``: no key step left)."""
        while self.index < len(self.steps) - 1:
            question = self.forward()
            if question is not None:
                return question
        return None

    def go(self, index: int) -> None:
        """Show step ``index`` (back, first, or a step already answered); a pending question is dropped."""
        self.pending = None
        self.index = min(max(index, 0), max(len(self.steps) - 1, 0))
        self.answered = set(range(self.index + 1))  # stepping on from here asks again

    def answer(self, value: Any, lang: str = "en") -> Feedback:
        """Judge ``value`` for the pending question.

        A first wrong try gets the diagnosis and a hint; a right answer, or a second wrong one,
        shows the step.  Only a right answer at the first try counts as right for the rule.
        """
        pending = self.pending
        if pending is None:
            raise ValueError("no question is waiting for an answer; step forward first")
        feedback = pending.exercise.check(value, lang, attempt=pending.attempts + 1)
        if not feedback.readable:
            return feedback
        pending.attempts += 1
        if pending.attempts == 1:
            pending.first = value
        if feedback.correct or pending.attempts >= 2:
            self._count(pending, feedback.correct and pending.attempts == 1)
            self._show(pending.index)
        return feedback

    def reveal(self, lang: str = "en") -> Feedback:
        """The answer of the pending question, given up: the step is shown and the question counts as missed."""
        pending = self.pending
        if pending is None:
            raise ValueError("no question is waiting for an answer; step forward first")
        self._count(pending, False)
        self._show(pending.index)
        return Feedback(False, pending.exercise.reveal(lang))

    def mastered(self) -> list[str]:
        """The rules mastered by the answers given so far, as the learner's record reads them
        (:func:`aton.teaching.mastery.trace`): right first tries on at least two *different* cases whose answer
        could have been wrong, and a chance of knowing the rule of at least 0.95 by knowledge tracing.  A
        question whose answer a rule alone fixes (a 2 on cartouche 2 removes nothing) proves nothing here."""
        counted = [attempt for attempt in self.record if not attempt.given_away]
        return [rule for rule, found in trace(counted).items() if found.state == "mastered"]

    def summary(self, lang: str = "en") -> list[str]:
        """One line per rule asked about: "Mastered, 2 of 2 right: Cartouche 3: ..." or "0 of 1 right: ..."."""
        check_lang(lang)
        lines = []
        mastered = set(self.mastered())
        for rule, tally in self.tally.items():
            facts = {"rule": rule_title(rule, lang), "right": tally.right, "asked": tally.asked}
            if rule in mastered:
                lines.append(
                    ngtext(
                        lang,
                        "predict tally",
                        "Mastered, {right} right answer of {asked}: {rule}",
                        "Mastered, {right} right answers of {asked}: {rule}",
                        tally.right,
                        **facts,
                    )
                )
            else:
                lines.append(
                    ngtext(
                        lang,
                        "predict tally",
                        "{right} right answer of {asked}: {rule}",
                        "{right} right answers of {asked}: {rule}",
                        tally.right,
                        **facts,
                    )
                )
        return lines

    def _count(self, pending: _Pending, right: bool) -> None:
        exercise = pending.exercise
        before = self.tally.get(exercise.rule, Tally(0, 0))
        self.tally[exercise.rule] = Tally(before.right + int(right), before.asked + 1)
        if exercise.recordable():
            # a rule-fixed answer could not have been wrong: kept, but marked so that it proves nothing
            self.record.append(
                exercise.attempt(pending.first, correct=right, source="predict", given_away=exercise.rule_fixed)
            )

    def _show(self, index: int) -> None:
        self.pending = None
        self.answered.add(index)
        self.index = index


# ------------------------------------------------------------------ the questions
def prediction_for(steps: Sequence[Step], index: int) -> Exercise | None:
    """The question to ask before ``steps[index]``, computed from its event (``None``: not a key step)."""
    event = steps[index].event
    before = steps[index - 1].state
    match event:
        case OrderDecided():
            return _order_question(steps, index, event, before)
        case RemovalAllowed() | RemovalSkipped():
            return _removal_question(steps, index, event, before)
        case TurnStarted():
            return _temples_question(steps, index, event, before)
        case PlacementAllowed():
            return _placement_question(steps, index, event, before)
        case ScoreLine():
            return _score_question(event, before)
    return None


def _latest(steps: Sequence[Step], index: int, kind: type[Any]) -> Any:
    return next((steps[i].event for i in range(index - 1, -1, -1) if isinstance(steps[i].event, kind)), None)


def _turn(steps: Sequence[Step], index: int, player: str) -> list[Event]:
    """The events of ``player``'s turn from ``index`` on (up to the next turn, round end or game end)."""
    found: list[Event] = []
    for step in steps[index:]:
        event = step.event
        if isinstance(event, TurnStarted) and event.player != player:
            break
        if isinstance(event, RoundEnded | GameOver):
            break
        found.append(event)
    return found


def _order_question(steps: Sequence[Step], index: int, event: OrderDecided, before: Game) -> Exercise | None:
    reveal = _latest(steps, index, Revealed)
    if reveal is None:
        return None
    first, reason = Player.parse(event.first), order_reason(event.reason)
    hint, mistakes = order_mistakes(reveal.red, reveal.blue, first, reason)

    def judge(value: Any, lang: str) -> Feedback:
        given = tuple(value) if isinstance(value, tuple | list) else (value, reason)
        label = render(_ORDER_ANSWER, lang, player=player_name(first.label, lang))
        right = len(given) == 2 and given[0] is first and given[1] == reason and given[1] in REASONS
        return judged(right, f"{label} ({_reason_words(reason, lang)})", [event], lang)

    return FirstPlayerExercise(
        game=before,
        question=Text(
            lambda lang: gtext(lang, "predict question", "Who will resolve cartouches 2, 3 and 4 first, and why?")
        ),
        answer=first,
        reason=reason,
        judge=judge,
        options=order_options(),
        rule="order",
        hint=hint,
        mistakes=tuple(mistakes),
        deciding=order_figures(reveal.red, reveal.blue, reason),
        name="predict_order",
    )


_ORDER_ANSWER = msg("predict answer", "{player} acts first")
_REASON_WORDS = {
    "lower_card": msg("predict answer", "the lower card on cartouche 2"),
    "cartouche1": msg("predict answer", "cartouche 2 tied, the lower card on cartouche 1"),
    "war": msg("predict answer", "a war"),
}


def _reason_words(reason: str, lang: str) -> str:
    return render(_REASON_WORDS[reason], lang)


_COUNTS = range(max(data.CARD_VALUES) + 1)
"""The answers offered to "how many counters ...?" questions: 0 up to the highest card."""


def _count_question(
    kind: type[NumberExercise],
    before: Game,
    question: Callable[[str], str],
    answer: int,
    judge: Callable[[Any, str], Feedback],
    rule: str,
    hint: Callable[[str], str],
    mistakes: Sequence[Mistake],
    name: str,
    deciding: tuple[int, ...] = (),
    rule_fixed: bool = False,
) -> Exercise:
    """A "how many counters ...?" question on the position ``before`` the step, answered 0 to the highest card."""
    return kind(
        game=before,
        question=Text(question),
        answer=answer,
        judge=judge,
        options=number_options(max(data.CARD_VALUES)),
        rule=rule,
        hint=Text(hint),
        mistakes=tuple(mistakes),
        deciding=deciding,
        rule_fixed=rule_fixed,
        name=name,
    )


def _removal_question(
    steps: Sequence[Step], index: int, event: RemovalAllowed | RemovalSkipped, before: Game
) -> Exercise:
    player = Player.parse(event.player)
    turn = _turn(steps, index, event.player)
    removed = [e for e in turn if isinstance(e, CounterRemoved) and not e.scoring]
    count = len(removed)
    card = event.card
    skipped = isinstance(event, RemovalSkipped)
    rule = "first-round" if skipped else {1: "removal-own", 2: "removal-two"}.get(card, "removal")

    def judge(value: Any, lang: str) -> Feedback:
        return judged(as_int(value) == count, str(count), [event, *removed[:1]], lang)

    def meaning(n: int, lang: str) -> str:
        return removal_meaning(n, card=card, player=player, first_round=skipped, lang=lang)

    def question(lang: str) -> str:
        return gtext(
            lang,
            "predict question",
            "{player} has a {card} on cartouche 2. How many counters will {player} remove?",
            player=player_name(player.label, lang),
            card=card,
        )

    mistakes = each("meaning", _COUNTS, meaning, count)
    fixed = removal_fixed(card, skipped)
    deciding = (card, event.present) if isinstance(event, RemovalAllowed) and not fixed else ()
    return _count_question(
        RemovalExercise,
        before,
        question,
        count,
        judge,
        rule,
        removal_hint,
        mistakes,
        "predict_removal",
        deciding,
        fixed,
    )


def _temples_question(steps: Sequence[Step], index: int, event: TurnStarted, before: Game) -> Exercise:
    player = Player.parse(event.player)
    temples = frozenset(range(1, event.temples + 1))
    reveal = _latest(steps, index, Revealed)
    other_card = side(player.other, reveal.red, reveal.blue)[2] if reveal is not None else 0

    def judge(value: Any, lang: str) -> Feedback:
        names = ", ".join(str(t) for t in sorted(temples))
        return judged(as_temples(value) == temples, names, [event], lang)

    mistakes = temple_set_mistakes(event.temples, other_card, player)

    def question(lang: str) -> str:
        return gtext(
            lang,
            "predict question",
            "{player} resolves cartouches 2 to 4 now. In which temples may {player} remove and place?",
            player=player_name(player.label, lang),
        )

    return OpenTemplesExercise(
        game=before,
        question=Text(question),
        answer=temples,
        judge=judge,
        rule="temples",
        hint=Text(lambda lang: gtext(lang, "lesson hint", "Find this player's card on cartouche 3.")),
        mistakes=tuple(mistakes),
        deciding=(event.temples,),
        name="predict_temples",
    )


def _placement_question(steps: Sequence[Step], index: int, event: PlacementAllowed, before: Game) -> Exercise:
    player = Player.parse(event.player)
    turn = _turn(steps, index, event.player)
    sent = sum(e.count for e in turn if isinstance(e, SentToKingdom))
    kept = sum(e.count for e in turn if isinstance(e, KingdomFull))
    shown = [e for e in turn if isinstance(e, SentToKingdom | KingdomFull)]
    placing = min(event.count, event.stock)
    room = data.KINGDOM_SIZE - len(before.kingdom)
    rule = "kingdom-full" if kept else ("overflow" if sent else "placement")

    def judge(value: Any, lang: str) -> Feedback:
        return judged(as_int(value) == sent, str(sent), [event, *shown], lang)

    def meaning(n: int, lang: str) -> str:
        if n > placing:
            return gtext(
                lang,
                "predict mistake",
                "{n} is more counters than {player} places: count the counters cartouche 4 asks for, and the stock.",
                n=n,
                player=player_name(player.label, lang),
            )
        if n > room:
            return gtext(
                lang,
                "predict mistake",
                "Look at the room left in the Kingdom of the Dead: counters that find no room there stay in stock.",
            )
        return ngtext(
            lang,
            "predict mistake",
            "{n} would mean that {n} counter finds no empty square in the open temples; count the empty squares "
            "there again.",
            "{n} would mean that {n} counters find no empty square in the open temples; count the empty squares "
            "there again.",
            n,
            n=n,
        )

    def question(lang: str) -> str:  # no figure: the counters asked for and the empty squares are to be found
        return gtext(
            lang,
            "predict question",
            "{player} now places the counters of cartouche 4. How many of them will go to the Kingdom of the Dead?",
            player=player_name(player.label, lang),
        )

    def hint(lang: str) -> str:
        return gtext(
            lang,
            "lesson hint",
            "Count the empty squares of the open temples, the counters the card asks for, and the room left in "
            "the Kingdom of the Dead.",
        )

    deciding = (room,) if kept else (placing, event.empty)
    mistakes = each("meaning", _COUNTS, meaning, sent)
    return _count_question(
        KingdomExercise, before, question, sent, judge, rule, hint, mistakes, "predict_placement", deciding
    )


@dataclass(frozen=True)
class _Outcome:
    """A possible result of a scoring line: Red's and Blue's points, and what it would mean."""

    red: int
    blue: int
    means: Any = field(default=None, compare=False)


def _score_question(line: ScoreLine, before: Game) -> Exercise:
    category = line.category
    right = (line.red_points, line.blue_points)
    candidates = _score_candidates(line, before)
    options = tuple(sorted({(o.red, o.blue) for o in candidates} | {right}))
    mistakes = [
        Mistake("score-" + category, frozenset([(o.red, o.blue)]), Text(o.means))
        for o in candidates
        if (o.red, o.blue) != right
    ]
    # an outcome reached by two readings keeps the first one's words
    rule = "majority-tie" if line.scorer is None and category != "bonus" else category

    def judge(value: Any, lang: str) -> Feedback:
        given = tuple(value)
        return judged(given == right, _points_words(right, lang), [line], lang)

    def question(lang: str) -> str:
        return gtext(
            lang,
            "predict question",
            "Scoring {where}: how many points do Red and Blue score?",
            where=category_name(category, lang),
        )

    return ScoreLineExercise(
        game=before,
        question=Text(question),
        answer=right,
        judge=judge,
        options=tuple((value, _points_label(value)) for value in options),
        rule=rule,
        hint=Text(lambda lang: _score_hint(category, lang)),
        mistakes=tuple(mistakes),
        deciding=(line.red, line.blue) if category != "bonus" else (),
        name="predict_score",
    )


def _points_words(points: tuple[int, int], lang: str) -> str:
    return gtext(
        lang,
        "predict answer",
        "{red_name} {red}, {blue_name} {blue}",
        red_name=player_name("red", lang),
        red=points[0],
        blue_name=player_name("blue", lang),
        blue=points[1],
    )


def _points_label(points: tuple[int, int]) -> Text:
    return Text(lambda lang: _points_words(points, lang))


def _score_hint(category: str, lang: str) -> str:
    if category == "bonus":
        return gtext(lang, "lesson hint", "Add up the printed values of the bonus squares this player holds.")
    return gtext(
        lang,
        "lesson hint",
        "Count both players' counters {where} first: only strictly more counters is a majority.",
        where=category_name(category, lang),
    )


def _split(player: Player | None, points: int) -> tuple[int, int]:
    if player is None:
        return (0, 0)
    return (points, 0) if player is RED else (0, points)


_BONUS_SQUARES = msg("lesson mistake", "You counted the bonus squares; each scores its printed value, +1 or +2.")
_BONUS_OTHER = msg("lesson mistake", "Those are the other player's bonus points; count this player's.")
_BONUS_OWN = msg(
    "predict mistake", "Bonus squares are not a majority: each player scores their own, even the one with fewer."
)
_TIE = msg("lesson mistake", "You forgot the tie rule: equal counts score nothing.")
_MAJORITY = msg("predict mistake", "One player has strictly more counters there: that is a majority, and it scores.")
_OTHER_PLAYER = msg("lesson mistake", "Those are the other player's points: only the majority scores.")
_READINGS = {
    "temple1": msg("predict mistake", "You scored the difference as temple 1 does; each temple has its own rule."),
    "temple2": msg("predict mistake", "You gave 5 points as temple 2 does; each temple has its own rule."),
    "temple3": msg(
        "predict mistake", "You scored the majority's own counters as temple 3 does; each temple has its own rule."
    ),
}
_DOUBLED = msg(
    "lesson mistake", "You doubled the difference as cartouche 1 does; temple 1 scores the difference itself."
)
_BLUE_COUNT = msg(
    "lesson mistake", "You counted the blue squares; each is worth 3 points to the majority holder of temple 4."
)
_BLACK_COUNT = msg(
    "lesson mistake",
    "You counted the black squares; the majority of them scores 8 points, however many squares it is.",
)


def _score_candidates(line: ScoreLine, before: Game) -> list[_Outcome]:
    """The results other readings of the rules would give, each with the sentence that names the reading."""
    red, blue = line.red, line.blue
    category = line.category
    if category == "bonus":
        values = {SquareKind.BONUS1: 1, SquareKind.BONUS2: 2}
        held = {RED: 0, BLUE: 0}
        for temple in range(1, data.TEMPLE_COUNT + 1):
            for spot in range(data.SQUARES_PER_TEMPLE):
                owner = before.owner((temple, spot))
                if before.layout_kind((temple, spot)) in values and owner is not None:
                    held[owner] += 1
        return [
            _Outcome(held[RED], held[BLUE], _says(_BONUS_SQUARES)),
            _Outcome(line.blue_points, line.red_points, _says(_BONUS_OTHER)),
            _Outcome(*_split(RED, line.red_points), _says(_BONUS_OWN)),
            _Outcome(*_split(BLUE, line.blue_points), _says(_BONUS_OWN)),
        ]
    blue_squares = line.detail.get("blue_squares", 0)
    rules = {
        "temple1": abs(red - blue),
        "temple2": data.TEMPLE2_MAJORITY_POINTS,
        "temple3": max(red, blue),
        "temple4": data.TEMPLE4_POINTS_PER_BLUE_SQUARE * blue_squares,
        "black": data.BLACK_MAJORITY_POINTS,
    }
    leader = RED if red > blue else BLUE if blue > red else None
    if leader is None:
        tie = {"temple1": red, "temple3": red}.get(category, rules[category]) or data.TEMPLE2_MAJORITY_POINTS
        return [_Outcome(*_split(player, tie), _says(_TIE)) for player in (RED, BLUE)]
    mine = max(red, blue)
    right = rules[category]
    found = [
        _Outcome(0, 0, _says(_MAJORITY)),
        _Outcome(*_split(leader.other, right), _says(_OTHER_PLAYER)),
    ]
    for other, reading in _READINGS.items():
        points = rules[other]
        if other != category and points and points != right:
            found.append(_Outcome(*_split(leader, points), _says(reading)))
    if category == "temple1":
        found.append(_Outcome(*_split(leader, 2 * right), _says(_DOUBLED)))
    if category == "temple4" and blue_squares:
        found.append(_Outcome(*_split(leader, blue_squares), _says(_BLUE_COUNT)))
    if category == "black":
        found.append(_Outcome(*_split(leader, mine), _says(_BLACK_COUNT)))
    return found


def _says(message: Any, leader: Player | None = None) -> Any:
    def make(lang: str) -> str:
        if leader is None:
            return render(message, lang)
        return render(message, lang, leader=player_name(leader.label, lang))

    return make
