"""Teaching positions and exercises, checked by the engine.

Teaching positions are JSON files in the position format of
:mod:`aton.position`, shipped in ``aton/positions/``, each with a ``title``
and a ``description`` (``{"en": ..., "fr": ...}``).  :func:`load_position`
reads one by name.

An :class:`Exercise` asks one question about a position ("who acts first
here?", "how many points does Red score in temple 1?", "where would you
place?").  The right answer is never written by hand: the exercise plays the
situation on a clone of the game and reads the engine's events and scores.
:meth:`Exercise.check` compares a learner's answer with it and explains, in
English or French: a first wrong try gets the likely mistake (each exercise
lists its expected :class:`Mistake` s) and a hint; a second one the answer,
the sentences of :func:`aton.explain` and the rule the exercise is about,
from the rule registry (:mod:`aton.teaching.syllabus`).

>>> import aton
>>> from aton.teaching import lessons
>>> game = lessons.load_position("cartouche-2")
>>> exercise = lessons.first_player_exercise(game, red=(4, 1, 2, 3), blue=(4, 2, 1, 4))
>>> print(exercise.prompt())
Red puts 4, 1, 2, 3 and Blue puts 4, 2, 1, 4 on cartouches 1 to 4. Who resolves cartouches 2, 3 and 4 first?
>>> exercise.check(aton.RED).correct
True
>>> print(exercise.check(aton.BLUE, attempt=1).explanation)  # doctest: +NORMALIZE_WHITESPACE
Not yet. The lower card on cartouche 2 acts first, not the higher one. Hint: Compare the two cards on
cartouche 2. Try again, or ask for the answer.
>>> print(exercise.check(aton.BLUE, attempt=2).explanation)  # doctest: +NORMALIZE_WHITESPACE
Not quite: the answer is Red. Cartouche 2 (order): Red played the lower card (1 against 2), so Red resolves
cartouches 2, 3 and 4 first. The lower card on cartouche 2 acts first, not the higher one. Rule: Cartouche 2:
the lower card resolves cartouches 2 to 4 first; equal cards go to cartouche 1, then to a war.

Nothing here imports Jupyter: the exercise widget in
``aton.widgets.exercises`` shows these exercises, and tests check them
directly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Literal, NamedTuple

from .. import data
from ..actions import (
    BLUE,
    PLAYERS,
    RED,
    Action,
    Assign,
    Exchange,
    Place,
    Player,
    Remove,
    Square,
    check_square,
    parse_square,
)
from ..events import Event
from ..explain import explain, player_name, temples_upto
from ..game import EndReason, Game, Phase
from ..i18n import Message, check_lang, gtext, join, msg, ngtext, render
from ..rules import SquareKind
from ..timeline import timeline
from .syllabus import rule_title

AnswerType = Literal["choice", "number", "temples", "square"]
"""How a learner answers: pick one option, give a whole number, tick temples, or pick a square."""


class Text:
    """A text in any language of the catalogs, made when asked: ``text["fr"]``.

    >>> Text(lambda lang: player_name("red", lang))["fr"]
    'Rouge'
    """

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[str], str]) -> None:
        self._make = make

    def __getitem__(self, lang: str) -> str:
        return self._make(check_lang(lang))

    def __repr__(self) -> str:
        return f"Text({self['en']!r})"


_POSITIONS = "positions"


# ------------------------------------------------------------------ positions
@dataclass(frozen=True)
class PositionInfo:
    """A teaching position's name (its file name without ``.json``), title and description."""

    name: str
    title: Text
    description: Text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PositionInfo) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


def _position_file(name: str) -> Any:
    return resources.files("aton").joinpath(_POSITIONS).joinpath(f"{name}.json")


def position_names() -> list[str]:
    """The names of every teaching position shipped with the package, sorted.

    >>> "scoring" in position_names()
    True
    """
    folder = resources.files("aton").joinpath(_POSITIONS)
    return sorted(entry.name[: -len(".json")] for entry in folder.iterdir() if entry.name.endswith(".json"))


def position_json(name: str) -> str:
    """The JSON text of the teaching position ``name`` (what a teacher copies to write their own)."""
    if name not in position_names():
        raise ValueError(f"no teaching position {name!r}; known positions: {', '.join(position_names())}")
    text: str = _position_file(name).read_text(encoding="utf-8")
    return text


def _text(raw: Any, field_name: str, name: str) -> Text:
    """A position's title or description: English words translated by the catalogs (context ``position
    <field>``), or, in a teacher's own file, an object of texts by language (English required)."""
    if isinstance(raw, str):
        message = Message(f"position {field_name}", raw)
        return Text(lambda lang: render(message, lang) if raw else "")
    if isinstance(raw, dict) and isinstance(raw.get("en"), str) and all(isinstance(v, str) for v in raw.values()):
        texts = dict(raw)
        return Text(lambda lang: texts.get(lang) or texts["en"])
    raise ValueError(f"position {name!r}: {field_name} is a text, or an object of texts by language with an en text")


def position_info(name: str) -> PositionInfo:
    """The title and description of the teaching position ``name``.

    >>> position_info("first-round").title["fr"]
    'Le premier tour'
    """
    raw = json.loads(position_json(name))
    return PositionInfo(
        name,
        _text(raw.get("title", name), "title", name),
        _text(raw.get("description", ""), "description", name),
    )


def list_positions() -> list[PositionInfo]:
    """Every teaching position with its title and description."""
    return [position_info(name) for name in position_names()]


def load_position(name: str) -> Game:
    """The teaching position ``name`` as a game, validated by the engine.

    >>> load_position("board-tour").round
    6
    """
    return Game.from_json(position_json(name))


# ------------------------------------------------------------------ feedback
class Feedback(NamedTuple):
    """The verdict on an answer: ``correct`` and an ``explanation`` in full sentences."""

    correct: bool
    explanation: str
    readable: bool = True
    """False when the answer could not be read or cannot be chosen (it does not count as a try)."""


_WORDS = {
    "right": msg("lesson feedback", "Right."),
    "none": msg("lesson answer", "none"),
    "nobody": msg("lesson answer", "nobody (a draw)"),
    "yes": msg("lesson answer", "yes"),
    "no": msg("lesson answer", "no"),
}

_KIND_NAMES = {
    SquareKind.YELLOW: msg("square kind with letter", "yellow (Y)"),
    SquareKind.GREEN: msg("square kind with letter", "green (G)"),
    SquareKind.BLACK: msg("square kind with letter", "black (K)"),
    SquareKind.BLUE: msg("square kind with letter", "blue (B)"),
    SquareKind.BONUS1: msg("square kind with letter", "bonus +1"),
    SquareKind.BONUS2: msg("square kind with letter", "bonus +2"),
}

_KIND_ROLES = {
    SquareKind.YELLOW: msg(
        "square kind role", "Holding all 14 yellow squares of the four temples wins the game at once."
    ),
    SquareKind.GREEN: msg(
        "square kind role", "Holding all 14 green squares of the four temples wins the game at once."
    ),
    SquareKind.BLACK: msg(
        "square kind role", "At a scoring, whoever holds more black squares of all temples together scores 8."
    ),
    SquareKind.BLUE: msg(
        "square kind role", "At a scoring, the majority holder of temple 4 scores 3 for each blue square they hold."
    ),
    SquareKind.BONUS1: msg("square kind role", "At a scoring, the counter on it scores 1 point for its owner."),
    SquareKind.BONUS2: msg("square kind role", "At a scoring, the counter on it scores 2 points for its owner."),
}

_REASONS: dict[EndReason | None, Message] = {
    EndReason.POINTS: msg("ending", "40 points"),
    EndReason.TEMPLE: msg("ending", "a whole temple"),
    EndReason.YELLOW: msg("ending", "every yellow square"),
    EndReason.GREEN: msg("ending", "every green square"),
    EndReason.ROUND_LIMIT: msg("ending", "the round limit"),
    None: msg("ending", "the game goes on"),
}


def _check_lang(lang: str) -> None:
    check_lang(lang)


def _wrong(answer: str, lang: str) -> str:
    return gtext(lang, "lesson feedback", "Not quite: the answer is {answer}.", answer=answer)


def _verdict(correct: bool, answer: object, lang: str) -> str:
    return render(_WORDS["right"], lang) if correct else _wrong(str(answer), lang)


def square_name(square: Square, lang: str = "en") -> str:
    """``(2, 5)`` as words: ``"square 2-5 (temple 2, row 2, column 2)"``."""
    _check_lang(lang)
    temple, index = square
    row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
    return gtext(
        lang,
        "lesson square",
        "square {temple}-{index} (temple {temple}, row {row}, column {column})",
        temple=temple,
        index=str(index),
        row=row + 1,
        column=column + 1,
    )


def kind_name(kind: SquareKind, lang: str = "en") -> str:
    """The name of a square kind, with its letter (``"black (K)"``)."""
    _check_lang(lang)
    return render(_KIND_NAMES[kind], lang)


def _kind_label(kind: SquareKind) -> Text:
    return Text(lambda lang: kind_name(kind, lang))


def _reason_label(reason: EndReason | None) -> Text:
    return Text(lambda lang: reason_name(reason, lang))


def reason_name(reason: EndReason | None, lang: str = "en") -> str:
    """How a game ends, in a few words (``None``: it goes on)."""
    _check_lang(lang)
    return render(_REASONS[reason], lang)


def _join(items: Sequence[str], lang: str) -> str:
    return join(items, lang) if items else render(_WORDS["none"], lang)


def _feedback(correct: bool, answer: str, events: Iterable[Event], lang: str, extra: str = "") -> Feedback:
    """A verdict and the events in words (the exercise adds the "Rule:" line of the rule it is about)."""
    events = list(events)
    parts = [_verdict(correct, answer, lang)]
    parts += [explain(event, lang) for event in events]
    if extra:
        parts.append(extra)
    return Feedback(correct, " ".join(parts))


@dataclass(frozen=True)
class Mistake:
    """A likely wrong answer and what it shows: ``answers`` (the wrong values, as the exercise reads
    them) and a ``diagnosis`` in each language ("you forgot to double the difference")."""

    name: str
    answers: frozenset[Any]
    diagnosis: Text


def _mistake(name: str, answers: Iterable[Any], make: Callable[[str], str], right: Any) -> list[Mistake]:
    """A :class:`Mistake`, unless its answers are empty or include the right one (then it is no mistake)."""
    values = frozenset(answers)
    if not values or right in values:
        return []
    return [Mistake(name, values, Text(make))]


# ------------------------------------------------------------------ playing on a clone
Chooser = Callable[[Game], Action]
"""Picks the action for a real choice during a resolution (from ``game.legal_actions``)."""


def first_choice(game: Game) -> Action:
    """The first legal action of the player to act: a fixed way to settle choices that do not matter."""
    return game.legal_actions(game.to_act[0])[0]


def last_choice(game: Game) -> Action:
    """The last legal action of the player to act (tests use it to show an answer does not depend on choices)."""
    return game.legal_actions(game.to_act[0])[-1]


def play_round(
    game: Game,
    red: Sequence[int] | None = None,
    blue: Sequence[int] | None = None,
    *,
    choose: Chooser = first_choice,
    through_scoring: bool = False,
) -> Game:
    """A clone of ``game`` with the round played on to its end; ``game`` itself is not changed.

    ``red`` and ``blue`` are the cards for cartouches 1-4 of a player who has
    not assigned yet.  Choices inside the resolution (which counter to
    remove, where to place) are settled by ``choose``.  Play stops when the
    next round begins, when a scoring asks a player to take counters back
    (unless ``through_scoring``: then those choices are settled by
    ``choose`` too), or when the game is over.

    >>> game = load_position("first-round")
    >>> after = play_round(game, red=(4, 1, 2, 3), blue=(1, 2, 4, 4))
    >>> after.score(RED), game.score(RED)
    (6, 0)
    """
    clone = game.clone(events=True)
    if clone.phase is Phase.ASSIGN:
        for player, cards in ((RED, red), (BLUE, blue)):
            if not clone.has_assigned(player):
                if cards is None:
                    raise ValueError(f"{player.label} has not assigned yet: give the cards for cartouches 1-4")
                clone.apply(Assign(player, tuple(cards)))
    phases = (Phase.REMOVE, Phase.PLACE, Phase.SCORING_REMOVE) if through_scoring else (Phase.REMOVE, Phase.PLACE)
    while clone.phase in phases:
        clone.apply(choose(clone))
    return clone


def step_of(game: Game, kind: str, occurrence: int = 1) -> int:
    """The number of the step where ``kind`` happens (the ``occurrence``-th time) in :func:`aton.timeline` of ``game``.

    A step-through explainer opened on ``game`` can go straight to the rule a lesson is about.

    >>> game = play_round(load_position("first-round"), red=(4, 1, 2, 3), blue=(1, 2, 4, 4))
    >>> steps = timeline(game)
    >>> steps[step_of(game, "cartouche1")].event.data["points"]
    6
    """
    seen = 0
    for step in timeline(game):
        if step.event.kind == kind:
            seen += 1
            if seen == occurrence:
                return step.number
    raise ValueError(f"no {kind!r} step (number {occurrence}) in this game")


def _new_events(before: Game, after: Game) -> list[Event]:
    return after.events[len(before.events) :]


def _turn_events(events: Sequence[Event], player: Player) -> list[Event]:
    """The events of ``player``'s resolution of cartouches 2-4 (from its ``turn_start`` on)."""
    selected: list[Event] = []
    inside = False
    for event in events:
        if event.kind in ("turn_start", "round_end", "game_over"):
            inside = event.kind == "turn_start" and event.data["player"] == player.label
            if inside:
                selected.append(event)
            continue
        if inside:
            selected.append(event)
    return selected


def _cards_text(cards: Sequence[int]) -> str:
    return ", ".join(map(str, cards))


def _as_player(answer: Any) -> Player | None:
    if isinstance(answer, Player):
        return answer
    if isinstance(answer, str):
        words = {"red": RED, "rouge": RED, "blue": BLUE, "bleu": BLUE, "none": None, "nobody": None, "draw": None}
        key = answer.strip().lower()
        if key in words:
            return words[key]
    if answer is None:
        return None
    raise ValueError(f"{answer!r} is not a player; answer red or blue")


def _as_player_or_none(answer: Any) -> Player | None:
    try:
        return _as_player(answer)
    except ValueError:
        return None


def _as_int(answer: Any) -> int:
    if isinstance(answer, bool):
        raise ValueError(f"{answer!r} is not a whole number")
    try:
        return int(answer)
    except (TypeError, ValueError):
        raise ValueError(f"{answer!r} is not a whole number") from None


def _as_temples(answer: Any) -> frozenset[int]:
    try:
        temples = frozenset(int(t) for t in answer)
    except (TypeError, ValueError):
        raise ValueError(f"{answer!r} is not a set of temple numbers 1-{data.TEMPLE_COUNT}") from None
    if not temples <= set(range(1, data.TEMPLE_COUNT + 1)):
        raise ValueError(f"temples are numbered 1-{data.TEMPLE_COUNT}")
    return temples


def _as_square(answer: Any) -> Square:
    if isinstance(answer, str):
        return parse_square(answer)
    return check_square(tuple(answer) if isinstance(answer, list) else answer)


# ------------------------------------------------------------------ exercises
@dataclass(frozen=True, eq=False)
class Exercise:
    """One question about a position, with the right answer computed by the engine.

    - ``game``: the position the question is about (shown on the board).
    - ``question``: the question in each language.
    - ``answer_type``: ``"choice"`` (one of ``options``), ``"number"`` (one of
      ``options``, whole numbers), ``"temples"`` (a set of temple numbers) or
      ``"square"`` (a square of ``game``).
    - ``options``: for choices and numbers, the values a learner may pick,
      each with its label in each language.
    - ``answer``: the right answer (for ``"square"``: the set of good squares).
    - ``outcome``: the game after the situation was played, for explainers.
    """

    kind: str
    game: Game
    question: Text
    answer_type: AnswerType
    answer: Any
    judge: Callable[[Any, str], Feedback] = field(repr=False)
    options: tuple[tuple[Any, Text], ...] = ()
    outcome: Game | None = field(default=None, repr=False)
    rule: str = ""
    hint: Text | None = field(default=None, repr=False)
    mistakes: tuple[Mistake, ...] = field(default=(), repr=False)

    def prompt(self, lang: str = "en") -> str:
        """The question in ``lang``."""
        _check_lang(lang)
        return self.question[lang]

    def option_labels(self, lang: str = "en") -> list[tuple[str, Any]]:
        """``(label, value)`` pairs for a choice or number input."""
        _check_lang(lang)
        return [(labels[lang], value) for value, labels in self.options]

    def check(self, answer: Any, lang: str = "en", attempt: int | None = None) -> Feedback:
        """Judge ``answer``: right or wrong, and why, in ``lang``.

        ``attempt`` is the learner's try (1, 2, ...).  A wrong first try gets
        the diagnosis of the likely mistake (when the answer is one of
        :attr:`mistakes`) and a hint, not the answer, so there is a second
        try; from the second try on, or without ``attempt`` (the answer asked
        for directly), the feedback gives the answer and the events behind it.
        Every feedback but a first wrong try ends with "Rule:" and the rule
        the exercise is about, from :mod:`aton.teaching.syllabus`.

        An answer that cannot be read (a word for a number, a square off the
        board) is wrong, and the explanation says why.
        """
        _check_lang(lang)
        try:
            verdict = self.judge(answer, lang)
            mistake = self.diagnose(answer)
        except ValueError as error:
            return Feedback(
                False, gtext(lang, "lesson feedback", "This answer cannot be read: {reason}", reason=error), False
            )
        if not verdict.readable:
            return verdict
        diagnosis = [mistake.diagnosis[lang]] if mistake is not None and not verdict.correct else []
        if not verdict.correct and attempt == 1:
            parts = [gtext(lang, "lesson feedback", "Not yet."), *diagnosis]
            if self.hint is not None:
                parts.append(gtext(lang, "lesson feedback", "Hint: {hint}", hint=self.hint[lang]))
            parts.append(gtext(lang, "lesson feedback", "Try again, or ask for the answer."))
            return Feedback(False, " ".join(parts))
        return Feedback(verdict.correct, " ".join([verdict.explanation, *diagnosis, self.rule_line(lang)]).strip())

    def diagnose(self, answer: Any) -> Mistake | None:
        """The expected mistake ``answer`` is, if any (``None`` for a right or an unforeseen answer)."""
        value = self.read(answer)
        return next((m for m in self.mistakes if value in m.answers), None)

    def read(self, answer: Any) -> Any:
        """``answer`` as the exercise compares it (a number, a set of temples, a square, a choice)."""
        if self.answer_type == "number":
            return _as_int(answer)
        if self.answer_type == "temples":
            return _as_temples(answer)
        if self.answer_type == "square":
            return _as_square(answer)
        if self.options and all(isinstance(value, bool) for value, _label in self.options):
            return _as_yes_no(answer)
        for value, _label in self.options:
            if (
                answer is value
                or answer == value
                or (isinstance(value, Player) and _as_player_or_none(answer) is value)
            ):
                return value
        return answer

    def __post_init__(self) -> None:
        # an answer diagnosed by an earlier mistake is not another mistake's too
        claimed: set[Any] = set()
        distinct = []
        for mistake in self.mistakes:
            answers = mistake.answers - claimed
            claimed |= answers
            if answers:
                distinct.append(Mistake(mistake.name, frozenset(answers), mistake.diagnosis))
        object.__setattr__(self, "mistakes", tuple(distinct))

    def answer_label(self, lang: str = "en") -> str:
        """The right answer in words (every good square, for a square)."""
        _check_lang(lang)
        if self.answer_type == "square":
            return _join([square_name(square, lang) for square in sorted(self.answer)], lang)
        if self.answer_type == "temples":
            return _join([str(t) for t in sorted(self.answer)], lang)
        for value, label in self.options:
            if value is self.answer or (value == self.answer and type(value) is type(self.answer)):
                return label[lang]
        return str(self.answer)

    def reveal(self, lang: str = "en") -> str:
        """The answer on request, with the events behind it and the rule: what "Show the answer" shows."""
        _check_lang(lang)
        answer = min(self.answer) if self.answer_type == "square" else self.answer
        explanation = self.check(answer, lang).explanation
        right = render(_WORDS["right"], lang)
        shown = gtext(lang, "lesson feedback", "The answer: {answer}.", answer=self.answer_label(lang))
        return shown + explanation[len(right) :] if explanation.startswith(right) else f"{shown} {explanation}"

    def rule_line(self, lang: str = "en") -> str:
        """``"Rule: ..."``: the rule this exercise is about, from the registry (empty without one)."""
        if not self.rule:
            return ""
        return gtext(lang, "lesson feedback", "Rule: {rule}", rule=rule_title(self.rule, lang))


def _both(make: Callable[[str], str]) -> Text:
    return Text(make)


def _player_label(label: str) -> Text:
    return Text(lambda lang: player_name(label, lang))


def _player_options() -> tuple[tuple[Any, Text], ...]:
    return tuple((player, _player_label(player.label)) for player in PLAYERS)


def _number_label(n: int) -> Text:
    return Text(lambda lang: str(n))


def _number_options(highest: int) -> tuple[tuple[Any, Text], ...]:
    return tuple((n, _number_label(n)) for n in range(highest + 1))


def _plays(game: Game, outcome: Game, lang: str) -> str:
    """``"Red puts 4, 1, 2, 3 and Blue puts ..."``: the revealed assignments of the round played."""
    reveal = next(e for e in _new_events(game, outcome) if e.kind == "reveal")
    return gtext(
        lang,
        "lesson question",
        "Red puts {red} and Blue puts {blue} on cartouches 1 to 4.",
        red=_cards_text(reveal.data["red"]),
        blue=_cards_text(reveal.data["blue"]),
    )


def first_player_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> Exercise:
    """Exercise "who acts first here?": who resolves cartouches 2-4 first with these assignments.

    When cartouches 1 and 2 are both tied, the question shows the cards the
    war turns up (the engine turns them from the piles of the position).
    """
    outcome = play_round(game, red, blue)
    events = _new_events(game, outcome)
    order = next(e for e in events if e.kind == "order")
    war = [e for e in events if e.kind == "war_turn"]
    first = Player.parse(order.data["first"])

    def question(lang: str) -> str:
        text = _plays(game, outcome, lang)
        if war:
            reds, blues = _cards_text([e.data["red"] for e in war]), _cards_text([e.data["blue"] for e in war])
            text += " " + gtext(
                lang,
                "lesson question",
                "The top cards of the piles are, in order: Red {red}; Blue {blue}.",
                red=reds,
                blue=blues,
            )
        return text + " " + gtext(lang, "lesson question", "Who resolves cartouches 2, 3 and 4 first?")

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_player(answer) is first, player_name(first.label, lang), [*war, order], lang)

    reveal = next(e for e in events if e.kind == "reveal")
    tied2 = reveal.data["red"][1] == reveal.data["blue"][1]
    tied1 = tied2 and reveal.data["red"][0] == reveal.data["blue"][0]
    if tied1:
        hint = msg("lesson hint", "Both cartouches 1 and 2 are tied: compare the cards the war turns up, pair by pair.")
        wrong = msg("lesson mistake", "The war is won by the lower card turned up, not the higher one.")
    elif tied2:
        hint = msg("lesson hint", "Cartouche 2 is tied: look at cartouche 1.")
        wrong = msg(
            "lesson mistake", "With cartouche 2 tied, the lower card on cartouche 1 acts first, not the higher."
        )
    else:
        hint = msg("lesson hint", "Compare the two cards on cartouche 2.")
        wrong = msg("lesson mistake", "The lower card on cartouche 2 acts first, not the higher one.")
    mistakes = _mistake("higher-card", [first.other], lambda lang: render(wrong, lang), first)
    return Exercise(
        "first_player",
        game,
        _both(question),
        "choice",
        first,
        judge,
        _player_options(),
        outcome,
        rule="order",
        hint=Text(lambda lang: render(hint, lang)),
        mistakes=tuple(mistakes),
    )


def cartouche1_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player = RED) -> Exercise:
    """Exercise "how many points does Red score at cartouche 1?"."""
    outcome = play_round(game, red, blue)
    event = next(e for e in _new_events(game, outcome) if e.kind == "cartouche1")
    points = event.data["points"] if event.data["scorer"] == player.label else 0

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(lang, "lesson question", "How many points does {player} score at cartouche 1?", player=who)
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == points, str(points), [event], lang)

    reveal = next(e for e in _new_events(game, outcome) if e.kind == "reveal")
    mine, theirs = reveal.data[player.label][0], reveal.data[player.other.label][0]
    difference = abs(mine - theirs)
    doubled = data.CARTOUCHE1_POINTS_PER_DIFFERENCE * difference
    mistakes = [
        *_mistake(
            "not-doubled",
            [difference],
            lambda lang: gtext(lang, "lesson mistake", "You forgot to double the difference."),
            points,
        ),
        *_mistake(
            "tie",
            range(1, doubled + 7) if mine == theirs else [],
            lambda lang: gtext(lang, "lesson mistake", "You forgot the tie rule: equal cards score nothing."),
            points,
        ),
        *_mistake(
            "lower-card",
            [doubled] if mine < theirs else [],
            lambda lang: gtext(lang, "lesson mistake", "Only the higher card scores; the lower card scores nothing."),
            points,
        ),
    ]
    hint = Text(
        lambda lang: gtext(lang, "lesson hint", "Look at both cards on cartouche 1: which is higher, and by how much?")
    )
    highest = data.CARTOUCHE1_POINTS_PER_DIFFERENCE * (max(data.CARD_VALUES) - min(data.CARD_VALUES))
    return Exercise(
        "cartouche1",
        game,
        _both(question),
        "number",
        points,
        judge,
        _number_options(highest),
        outcome,
        rule="cartouche1",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def removal_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> Exercise:
    """Exercise "how many counters does Red remove with cartouche 2?" (own or opponent's, as the card says)."""
    outcome = play_round(game, red, blue)
    turn = _turn_events(_new_events(game, outcome), player)
    removed = [e for e in turn if e.kind == "remove"]
    reasons = [e for e in turn if e.kind in ("removal_allowed", "removal_skipped")]
    count = len(removed)

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(lang, "lesson question", "How many counters does {player} remove with cartouche 2?", player=who)
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == count, str(count), reasons + removed[:1], lang)

    reveal = next(e for e in _new_events(game, outcome) if e.kind == "reveal")
    card = reveal.data[player.label][1]
    asked = 1 if card == 1 else max(0, card - data.REMOVAL_OFFSET)
    first_round = any(e.kind == "removal_skipped" for e in reasons)
    rule_id = "first-round" if first_round else {1: "removal-own", 2: "removal-two"}.get(card, "removal")
    mistakes = [
        *_mistake(
            "first-round",
            [asked] if first_round else [],
            lambda lang: gtext(
                lang, "lesson mistake", "You forgot that nobody removes counters in the game's first round."
            ),
            count,
        ),
        *_mistake(
            "no-subtraction",
            [card] if card >= 2 else [],
            lambda lang: gtext(
                lang, "lesson mistake", "You forgot to subtract 2 from the card: a card v removes v - 2."
            ),
            count,
        ),
        *_mistake(
            "one-is-nothing",
            [0] if card == 1 else [],
            lambda lang: gtext(
                lang, "lesson mistake", "A 1 is not a card that removes nothing: it removes one of your own counters."
            ),
            count,
        ),
        *_mistake(
            "fewer-present",
            [asked] if not first_round else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You counted what the card asks for; only the counters standing in the temples that cartouche 3 "
                "opens can go.",
            ),
            count,
        ),
    ]
    hint = Text(
        lambda lang: gtext(
            lang,
            "lesson hint",
            "Read the card on cartouche 2, then count the counters that stand in the temples its cartouche 3 opens.",
        )
    )
    highest = max(data.CARD_VALUES) - data.REMOVAL_OFFSET
    return Exercise(
        "removal",
        game,
        _both(question),
        "number",
        count,
        judge,
        _number_options(highest),
        outcome,
        rule=rule_id,
        hint=hint,
        mistakes=tuple(mistakes),
    )


def temples_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> Exercise:
    """Exercise "which temples may Blue use?": where cartouche 3 lets the player remove and place."""
    outcome = play_round(game, red, blue)
    turn = next(e for e in _new_events(game, outcome) if e.kind == "turn_start" and e.data["player"] == player.label)
    temples = frozenset(range(1, turn.data["temples"] + 1))

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(
            lang, "lesson question", "In which temples may {player} remove and place counters this round?", player=who
        )
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        names = [str(t) for t in sorted(temples)]
        return _feedback(_as_temples(answer) == temples, _join(names, lang), [turn], lang)

    reveal = next(e for e in _new_events(game, outcome) if e.kind == "reveal")
    other_card = reveal.data[player.other.label][2]
    mistakes = [
        *_mistake(
            "only-t",
            [frozenset({max(temples)})],
            lambda lang: gtext(lang, "lesson mistake", "A card t opens temples 1 to t, not temple t alone."),
            temples,
        ),
        *_mistake(
            "other-player",
            [frozenset(range(1, other_card + 1))],
            lambda lang: gtext(lang, "lesson mistake", "You read the other player's cartouche 3."),
            temples,
        ),
    ]
    hint = Text(lambda lang: gtext(lang, "lesson hint", "Find this player's card on cartouche 3."))
    return Exercise(
        "temples",
        game,
        _both(question),
        "temples",
        temples,
        judge,
        (),
        outcome,
        rule="temples",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def _kingdom_arrivals(events: Sequence[Event]) -> tuple[int, list[Event]]:
    count, reasons = 0, []
    for event in events:
        if event.kind == "remove" and event.data["destination"] == "kingdom":
            count += 1
            reasons.append(event)
        elif event.kind == "to_kingdom":
            count += event.data["count"]
            reasons.append(event)
        elif event.kind == "kingdom_full":
            reasons.append(event)
    return count, reasons


def kingdom_exercise(
    game: Game, red: Sequence[int], blue: Sequence[int], player: Player | None = None, *, choose: Chooser = first_choice
) -> Exercise:
    """Exercise "how many counters go to the Kingdom of the Dead?" during ``player``'s turn (or the whole round)."""
    outcome = play_round(game, red, blue, choose=choose)
    events = _new_events(game, outcome)
    count, reasons = _kingdom_arrivals(events if player is None else _turn_events(events, player))

    def question(lang: str) -> str:
        if player is None:
            ask = gtext(lang, "lesson question", "How many counters go to the Kingdom of the Dead during this round?")
        else:
            ask = gtext(
                lang,
                "lesson question",
                "How many counters go to the Kingdom of the Dead while {player} resolves cartouches 2 to 4?",
                player=player_name(player.label, lang),
            )
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == count, str(count), reasons, lang)

    kept = sum(int(e.data["count"]) for e in reasons if e.kind == "kingdom_full")
    mistakes = [
        *_mistake(
            "kingdom-full",
            [count + kept] if kept else [],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You forgot that the Kingdom of the Dead holds only 8: once it is full, counters stay in stock.",
            ),
            count,
        ),
        *_mistake(
            "placing-optional",
            [0],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "Placing is compulsory: counters that find no empty square go to the Kingdom of the Dead.",
            ),
            count,
        ),
    ]
    hint = Text(
        lambda lang: gtext(
            lang,
            "lesson hint",
            "Count the empty squares of the open temples, the counters the card asks for, and the room left in "
            "the Kingdom of the Dead.",
        )
    )
    options = _number_options(data.KINGDOM_SIZE)
    return Exercise(
        "kingdom",
        game,
        _both(question),
        "number",
        count,
        judge,
        options,
        outcome,
        rule="kingdom-full" if kept else "overflow",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def placed_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> Exercise:
    """Exercise "how many counters does Blue place with cartouche 4?" (fewer when the stock runs short)."""
    outcome = play_round(game, red, blue)
    turn = _turn_events(_new_events(game, outcome), player)
    placed = [e for e in turn if e.kind == "place"]
    reasons = [e for e in turn if e.kind in ("placement_allowed", "no_stock", "to_kingdom")]
    count = len(placed)
    card = next(e for e in _new_events(game, outcome) if e.kind == "reveal").data[player.label][3]

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(lang, "lesson question", "How many counters does {player} place with cartouche 4?", player=who)
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == count, str(count), reasons, lang)

    mistakes = _mistake(
        "stock",
        [card],
        lambda lang: gtext(
            lang, "lesson mistake", "You counted the card, not the stock: nobody can place counters they do not have."
        ),
        count,
    )
    hint = Text(lambda lang: gtext(lang, "lesson hint", "Compare the card on cartouche 4 with the player's stock."))
    options = _number_options(max(data.CARD_VALUES))
    rule_id = "no-stock" if any(e.kind == "no_stock" for e in reasons) else "placement"
    return Exercise(
        "placed",
        game,
        _both(question),
        "number",
        count,
        judge,
        options,
        outcome,
        rule=rule_id,
        hint=hint,
        mistakes=tuple(mistakes),
    )


SCORING_CATEGORIES = ("temple1", "temple2", "temple3", "temple4", "black", "bonus")
"""The lines of a scoring, in the order the engine scores them."""


def _category_name(category: str, lang: str) -> str:
    if category.startswith("temple"):
        return gtext(lang, "scoring category", "in temple {number}", number=int(category[-1]))
    if category == "black":
        return gtext(lang, "scoring category", "for the black squares")
    return gtext(lang, "scoring category", "for the bonus squares")


def scoring_exercise(
    game: Game,
    red: Sequence[int] | None,
    blue: Sequence[int] | None,
    category: str,
    player: Player,
    *,
    choose: Chooser = first_choice,
    rule: str = "",
) -> Exercise:
    """Exercise "how many points does Red score in temple 3 at this scoring?".

    ``rule`` names the rule of the "Rule:" line (by default the scoring line's own).

    The round is played with these assignments (or, from a placement
    position, with ``choose``) and must end in a scoring.
    """
    if category not in SCORING_CATEGORIES:
        raise ValueError(f"unknown scoring category {category!r}; choose one of {SCORING_CATEGORIES}")
    outcome = play_round(game, red, blue, choose=choose)
    events = _new_events(game, outcome)
    lines = [e for e in events if e.kind == "score_line" and e.data["category"] == category]
    if not lines:
        raise ValueError("these assignments do not lead to a scoring this round; choose others")
    line = lines[0]
    points = int(line.data[f"{player.label}_points"])

    def question(lang: str) -> str:
        who, where = player_name(player.label, lang), _category_name(category, lang)
        ask = gtext(
            lang,
            "lesson question",
            "The Kingdom of the Dead is full at the end of the round. How many points does {player} score {where}?",
            player=who,
            where=where,
        )
        if game.phase is Phase.ASSIGN:
            return f"{_plays(game, outcome, lang)} {ask}"
        return ask

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == points, str(points), [line], lang)

    mistakes = _scoring_mistakes(outcome, line, category, player, points)
    hint = Text(lambda lang: _scoring_hint(category, lang))
    options = _number_options(max(12, points))
    return Exercise(
        "scoring",
        game,
        _both(question),
        "number",
        points,
        judge,
        options,
        outcome,
        rule=rule or category,
        hint=hint,
        mistakes=tuple(mistakes),
    )


def _bonus_squares(game: Game) -> list[tuple[Square, int]]:
    """The bonus squares of ``game``'s board with their printed values."""
    values = {SquareKind.BONUS1: 1, SquareKind.BONUS2: 2}
    return [
        ((temple, index), values[kind])
        for temple in range(1, data.TEMPLE_COUNT + 1)
        for index in range(data.SQUARES_PER_TEMPLE)
        if (kind := game.layout_kind((temple, index))) in values
    ]


def _scoring_hint(category: str, lang: str) -> str:
    if category == "bonus":
        return gtext(lang, "lesson hint", "Add up the printed values of the bonus squares this player holds.")
    return gtext(
        lang,
        "lesson hint",
        "Count both players' counters {where} first: only strictly more counters is a majority.",
        where=_category_name(category, lang),
    )


def _scoring_mistakes(outcome: Game, line: Event, category: str, player: Player, points: int) -> list[Mistake]:
    """The likely wrong answers to "how many points in this scoring line"."""
    other_points = int(line.data[f"{player.other.label}_points"])
    found = _mistake(
        "wrong-player",
        [other_points] if category != "bonus" else [],
        lambda lang: gtext(lang, "lesson mistake", "Those are the other player's points: only the majority scores."),
        points,
    )
    if category == "bonus":
        held = sum(1 for flat, _value in _bonus_squares(outcome) if outcome.owner(flat) is player)
        return (
            found
            + _mistake(
                "other-bonus",
                [other_points],
                lambda lang: gtext(
                    lang, "lesson mistake", "Those are the other player's bonus points; count this player's."
                ),
                points,
            )
            + _mistake(
                "squares-not-values",
                [held],
                lambda lang: gtext(
                    lang, "lesson mistake", "You counted the bonus squares; each scores its printed value, +1 or +2."
                ),
                points,
            )
        )
    mine, theirs = int(line.data[player.label]), int(line.data[player.other.label])
    if mine == theirs:
        found += _mistake(
            "tie",
            range(1, 25),
            lambda lang: gtext(lang, "lesson mistake", "You forgot the tie rule: equal counts score nothing."),
            points,
        )
    if category == "temple1":
        found += _mistake(
            "counted-own",
            [mine],
            lambda lang: gtext(
                lang, "lesson mistake", "Temple 1 scores the difference in counters, not your own counters."
            ),
            points,
        )
    if category == "temple3":
        found += _mistake(
            "difference",
            [abs(mine - theirs)],
            lambda lang: gtext(lang, "lesson mistake", "Temple 3 scores your own counters there, not the difference."),
            points,
        )
    if category == "temple4" and points:
        found += _mistake(
            "not-times-3",
            [points // 3],
            lambda lang: gtext(lang, "lesson mistake", "Each blue square is worth 3 points, not 1."),
            points,
        )
    if category in ("temple1", "temple2", "temple3", "temple4") and points:
        other_temples = {"temple1": abs(mine - theirs), "temple2": 5, "temple3": mine}
        wrong = {v for k, v in other_temples.items() if k != category}
        found += _mistake(
            "wrong-temple",
            wrong,
            lambda lang: gtext(
                lang, "lesson mistake", "You scored it as another temple scores: each temple has its own rule."
            ),
            points,
        )
    return found


def scoring_removal_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> Exercise:
    """Exercise "after this scoring, from which temples does Red take a counter back first?".

    The answer is the engine's: the temples its ``scoring_removal`` event
    names for that player (one counter from each temple where they have one).
    """
    outcome = play_round(game, red, blue, through_scoring=True)
    removal = [
        e for e in _new_events(game, outcome) if e.kind == "scoring_removal" and e.data["player"] == player.label
    ]
    if not removal:
        raise ValueError("these assignments do not lead to a scoring this round; choose others")
    event = removal[0]
    temples = frozenset(int(t) for t in event.data["temples"])

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = gtext(
            lang,
            "lesson question",
            "After the scoring, from which temples must {player} first take one counter back?",
            player=who,
        )
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        names = [str(t) for t in sorted(temples)]
        return _feedback(_as_temples(answer) == temples, _join(names, lang), [event], lang)

    everywhere = frozenset(range(1, data.TEMPLE_COUNT + 1))
    mistakes = _mistake(
        "every-temple",
        [everywhere],
        lambda lang: gtext(
            lang, "lesson mistake", "Only the temples where this player still has a counter count, not all four."
        ),
        temples,
    ) + _mistake(
        "highest-only",
        [frozenset({max(temples)})] if temples else [],
        lambda lang: gtext(
            lang,
            "lesson mistake",
            "The highest-numbered temple comes last: first one counter from each temple where the player has one.",
        ),
        temples,
    )
    hint = Text(lambda lang: gtext(lang, "lesson hint", "In which temples does this player have counters now?"))
    return Exercise(
        "scoring_removal",
        game,
        _both(question),
        "temples",
        temples,
        judge,
        (),
        outcome,
        rule="scoring-removal",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def kingdom_return_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> Exercise:
    """Exercise "when the Kingdom of the Dead empties after the scoring, how many counters go back to Red?"."""
    outcome = play_round(game, red, blue, through_scoring=True)
    events = [e for e in _new_events(game, outcome) if e.kind == "kingdom_return"]
    if not events:
        raise ValueError("these assignments do not lead to a scoring this round; choose others")
    event = events[0]
    count = int(event.data[player.label])
    taken = [e for e in _new_events(game, outcome) if e.kind == "remove" and e.data.get("scoring")]
    taken_mine = sum(1 for e in taken if e.data["owner"] == player.label)

    def question(lang: str) -> str:
        ask = gtext(
            lang,
            "lesson question",
            "After the scoring, the Kingdom of the Dead empties. How many counters go back to {player}'s stock "
            "from it?",
            player=player_name(player.label, lang),
        )
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == count, str(count), [event], lang)

    mistakes = [
        *_mistake(
            "all-eight",
            [data.KINGDOM_SIZE],
            lambda lang: gtext(
                lang, "lesson mistake", "Each counter goes back to its owner: count only this player's counters."
            ),
            count,
        ),
        *_mistake(
            "taken-back",
            [count + taken_mine, taken_mine],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "The counters taken back from the temples went straight to stock; they never were in the Kingdom.",
            ),
            count,
        ),
    ]
    hint = Text(lambda lang: gtext(lang, "lesson hint", "Count this player's counters in the Kingdom of the Dead."))
    return Exercise(
        "kingdom_return",
        game,
        _both(question),
        "number",
        count,
        judge,
        _number_options(data.KINGDOM_SIZE),
        outcome,
        rule="kingdom-return",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def exchange_exercise(game: Game, player: Player) -> Exercise:
    """Exercise "may Red exchange the cards now?": the engine says whether the exchange is legal, and why not."""
    action = Exchange(player)
    allowed = game.why_illegal(action) is None
    outcome: Game | None = None
    shown: list[Event] = []
    if allowed:
        outcome = game.clone(events=True)
        outcome.apply(action)
        shown = [e for e in _new_events(game, outcome) if e.kind in ("exchange", "reshuffle")]

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        cards = _cards_text(sorted(game.hand(player) or []))
        return gtext(
            lang,
            "lesson question",
            "{player} holds {cards} and has not assigned yet. May {player} exchange these cards now?",
            player=who,
            cards=cards,
        )

    def judge(answer: Any, lang: str) -> Feedback:
        given = _as_yes_no(answer)
        label = render(_WORDS["yes" if allowed else "no"], lang)
        if allowed:
            return _feedback(given is allowed, label, shown, lang)
        reason = game.why_illegal(action, lang) or ""
        verdict = _verdict(given is allowed, label, lang)
        return Feedback(given is allowed, f"{verdict} {reason[:1].upper()}{reason[1:]}.")

    mistakes = _mistake(
        "used" if not allowed else "too-late",
        [not allowed],
        (
            lambda lang: gtext(
                lang, "lesson mistake", "The exchange counter is used once per game, and this one is gone."
            )
        )
        if not allowed
        else (
            lambda lang: gtext(
                lang, "lesson mistake", "The exchange comes after drawing and before assigning: that is now."
            )
        ),
        allowed,
    )
    hint = Text(
        lambda lang: gtext(
            lang, "lesson hint", "Does this player still have the exchange counter, and is it before assigning?"
        )
    )
    options = (
        (True, Text(lambda lang: render(_WORDS["yes"], lang))),
        (False, Text(lambda lang: render(_WORDS["no"], lang))),
    )
    return Exercise(
        "exchange",
        game,
        _both(question),
        "choice",
        allowed,
        judge,
        options,
        outcome,
        rule="exchange",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def draw_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> Exercise:
    """Exercise "how many cards are left in Red's draw pile once the next round's cards are drawn?".

    The round is played; the engine draws the next round's 4 cards,
    reshuffling the discard pile when the pile runs out.
    """
    outcome = play_round(game, red, blue)
    events = _new_events(game, outcome)
    if outcome.phase is not Phase.ASSIGN or not any(e.kind == "round_start" for e in events):
        raise ValueError("these assignments do not lead to a new round; choose others")
    start = max(i for i, e in enumerate(events) if e.kind == "round_start")
    shown = [e for e in events[start:] if e.kind in ("reshuffle", "draw") and e.data.get("player") == player.label]
    pile, discard = game.deck_size(player), len(game.discard(player))
    count = outcome.deck_size(player)
    drawn = data.HAND_SIZE

    def question(lang: str) -> str:
        ask = gtext(
            lang,
            "lesson question",
            "{player}'s draw pile holds {pile} cards and the discard pile {discard}; this round's 4 cards go to "
            "the discard pile too. How many cards are left in the draw pile once {player} has drawn the next "
            "round's 4 cards?",
            player=player_name(player.label, lang),
            pile=pile,
            discard=discard,
        )
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == count, str(count), shown, lang)

    mistakes = [
        *_mistake(
            "no-reshuffle",
            [0, max(0, pile - drawn)],
            lambda lang: gtext(
                lang,
                "lesson mistake",
                "You forgot the reshuffle: when the pile runs out, the discard pile is shuffled into a new pile.",
            ),
            count,
        ),
        *_mistake(
            "kept-discards",
            [count + drawn],
            lambda lang: gtext(lang, "lesson mistake", "You forgot to take away the 4 cards drawn from the new pile."),
            count,
        ),
    ]
    hint = Text(
        lambda lang: gtext(
            lang, "lesson hint", "Draw from the pile until it is empty, then from the reshuffled discard pile."
        )
    )
    options = _number_options(max(40, count))
    return Exercise(
        "draw",
        game,
        _both(question),
        "number",
        count,
        judge,
        options,
        outcome,
        rule="draw",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def _as_yes_no(answer: Any) -> bool:
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str) and answer.strip().lower() in ("yes", "oui", "no", "non"):
        return answer.strip().lower() in ("yes", "oui")
    raise ValueError(f"{answer!r} is not yes or no")


_ENDINGS: tuple[EndReason | None, ...] = (None, EndReason.POINTS, EndReason.TEMPLE, EndReason.YELLOW, EndReason.GREEN)


def ending_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> Exercise:
    """Exercise "does the game end this round, and how?": a victory condition or "the game goes on"."""
    outcome = play_round(game, red, blue)
    events = _new_events(game, outcome)
    result = outcome.result
    reason = None if result is None else result.reason
    shown = [e for e in events if e.kind == "game_over"] or [e for e in events if e.kind == "round_end"]

    def question(lang: str) -> str:
        ask = gtext(lang, "lesson question", "Does the game end this round, and if so, how?")
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        given = None if answer is None or answer == "" else EndReason(answer)
        return _feedback(given is reason, reason_name(reason, lang), shown, lang)

    mistakes = _mistake(
        "goes-on",
        [None],
        lambda lang: gtext(
            lang, "lesson mistake", "Check the victories after cartouche 1 and after each player's cartouche 4."
        ),
        reason,
    )
    hint = Text(lambda lang: gtext(lang, "lesson hint", "Work out the points of cartouche 1 first."))
    options = tuple((r, _reason_label(r)) for r in _ENDINGS)
    return Exercise(
        "ending",
        game,
        _both(question),
        "choice",
        reason,
        judge,
        options,
        outcome,
        rule="victory-points" if reason is None else _RULE_OF_REASON.get(reason, "victory-points"),
        hint=hint,
        mistakes=tuple(mistakes),
    )


_RULE_OF_REASON = {
    EndReason.POINTS: "victory-points",
    EndReason.TEMPLE: "victory-temple",
    EndReason.YELLOW: "victory-yellow",
    EndReason.GREEN: "victory-green",
    EndReason.ROUND_LIMIT: "round-limit",
}


def winner_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> Exercise:
    """Exercise "who wins?" when these assignments end the game (the answer may be nobody: a draw)."""
    outcome = play_round(game, red, blue)
    if outcome.result is None:
        raise ValueError("these assignments do not end the game this round; choose others")
    winner = outcome.result.winner
    shown = [e for e in _new_events(game, outcome) if e.kind in ("game_over",)]

    def question(lang: str) -> str:
        ask = gtext(lang, "lesson question", "Who wins?")
        return f"{_plays(game, outcome, lang)} {ask}"

    def judge(answer: Any, lang: str) -> Feedback:
        name = render(_WORDS["nobody"], lang) if winner is None else player_name(winner.label, lang)
        return _feedback(_as_player(answer) is winner, name, shown, lang)

    scores = outcome.result.scores
    if winner is None:
        mistakes = _mistake(
            "draw",
            list(PLAYERS),
            lambda lang: gtext(lang, "lesson mistake", "Equal scores at the end are a draw: nobody wins."),
            winner,
        )
    else:
        mistakes = _mistake(
            "lower-score",
            [winner.other],
            lambda lang: gtext(lang, "lesson mistake", "The higher score wins; add up the points again."),
            winner,
        )
    hint = Text(
        lambda lang: gtext(
            lang,
            "lesson hint",
            "Work out both scores at the end of the round (now Red {red}, Blue {blue}).",
            red=game.score(RED),
            blue=game.score(BLUE),
        )
    )
    del scores
    options = (*_player_options(), (None, _both(lambda lang: render(_WORDS["nobody"], lang))))
    return Exercise(
        "winner",
        game,
        _both(question),
        "choice",
        winner,
        judge,
        options,
        outcome,
        rule=_RULE_OF_REASON[outcome.result.reason],
        hint=hint,
        mistakes=tuple(mistakes),
    )


# ------------------------------------------------------------------ placement goals
@dataclass(frozen=True)
class Goal:
    """What a placement should achieve, judged by the engine.

    - ``Goal("majority", "temple2")``: strictly more counters than the
      opponent in temple 2 (or ``"black"``: on the black squares) when the
      round is over; judged by the scoring's line when a scoring follows.
    - ``Goal("points")``: as many points as any legal square gives at the
      scoring that follows.
    - ``Goal("win")``: win the game at once.
    """

    kind: Literal["majority", "points", "win"]
    category: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("majority", "points", "win"):
            raise ValueError(f"unknown goal {self.kind!r}; goals are majority, points and win")
        if self.kind == "majority" and self.category not in SCORING_CATEGORIES[:5]:
            raise ValueError(f"a majority goal names one of {SCORING_CATEGORIES[:5]}, not {self.category!r}")

    def describe(self, lang: str = "en") -> str:
        """The goal in words."""
        _check_lang(lang)
        if self.kind == "win":
            return gtext(lang, "placement goal", "win the game at once")
        if self.kind == "points":
            return gtext(lang, "placement goal", "score as many points as possible at the scoring")
        return gtext(lang, "placement goal", "win the majority {where}", where=_category_name(self.category, lang))


def _majority_after(outcome: Game, events: Sequence[Event], category: str, player: Player) -> bool:
    for event in events:
        if event.kind == "score_line" and event.data["category"] == category:
            return bool(event.data["scorer"] == player.label)
    if category == "black":
        black = [
            outcome.owner((temple, index))
            for temple in range(1, data.TEMPLE_COUNT + 1)
            for index in range(data.SQUARES_PER_TEMPLE)
            if outcome.layout_kind((temple, index)) is SquareKind.BLACK
        ]
        return black.count(player) > black.count(player.other)
    temple = int(category[-1])
    return outcome.counters_in_temple(player, temple) > outcome.counters_in_temple(player.other, temple)


def _scoring_points(events: Sequence[Event], player: Player) -> int:
    return sum(int(e.data[f"{player.label}_points"]) for e in events if e.kind == "score_line")


def placement_exercise(game: Game, goal: Goal, *, choose: Chooser = first_choice, rule: str = "") -> Exercise:
    """Exercise "where would you place?": the player to act places one counter; which squares reach ``goal``?

    In the remove phase the question is "which counter would you remove?".
    Every legal square is tried on a clone; the round is played on to its
    end (other choices settled by ``choose``) and the goal is judged by the
    engine: its scoring lines, its result, or its counts.  ``rule`` names
    the rule of the "Rule:" line (by default the victory reached, the
    choice of a removal, or placing).
    """
    if game.phase not in (Phase.PLACE, Phase.REMOVE):
        raise ValueError(f"a placement exercise needs a position in the place or remove phase, not {game.phase.value}")
    removing = game.phase is Phase.REMOVE
    player = game.to_act[0]
    trials: dict[Square, tuple[Game, list[Event], bool, int]] = {}
    for square in game.legal_squares(player):
        trial = game.clone(events=True)
        trial.apply(Remove(player, square) if removing else Place(player, square))
        while trial.phase in (Phase.REMOVE, Phase.PLACE):
            trial.apply(choose(trial))
        events = _new_events(game, trial)
        if goal.kind == "win":
            reached = trial.result is not None and trial.result.winner is player
        elif goal.kind == "majority":
            reached = _majority_after(trial, events, goal.category, player)
        else:
            reached = False
        trials[square] = (trial, events, reached, _scoring_points(events, player))
    if goal.kind == "points":
        if not any(e.kind == "score_line" for _, events, _, _ in trials.values() for e in events):
            raise ValueError("a points goal needs a position where a scoring follows this placement")
        best = max(points for _, _, _, points in trials.values())
        trials = {sq: (g, ev, points == best, points) for sq, (g, ev, _, points) in trials.items()}
    good = frozenset(sq for sq, (_, _, reached, _) in trials.items() if reached)
    if not good:
        raise ValueError(f"no legal square reaches the goal {goal.describe()!r} in this position")

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        left = game.placements_left
        if removing:
            return gtext(
                lang,
                "lesson question",
                "{player} must remove a counter of {opponent} in {temples}. Which one would you remove to {goal}?",
                player=who,
                opponent=player_name(player.other.label, lang),
                temples=temples_upto(game.allowed_temples(player), lang),
                goal=goal.describe(lang),
            )
        return ngtext(
            lang,
            "lesson question",
            "{player} has {count} counter left to place in {temples}. Where would you place to {goal}?",
            "{player} has {count} counters left to place in {temples}. Where would you place to {goal}?",
            left,
            player=who,
            count=left,
            temples=temples_upto(game.allowed_temples(player), lang),
            goal=goal.describe(lang),
        )

    def judge(answer: Any, lang: str) -> Feedback:
        square = _as_square(answer)
        if square not in trials:
            reason = game.why_illegal(Place(player, square), lang) or ""
            return Feedback(
                False,
                gtext(lang, "lesson feedback", "That square cannot be chosen now: {reason}", reason=reason),
                False,
            )
        trial, events, reached, points = trials[square]
        names = _join([square_name(sq, lang) for sq in sorted(good)], lang)
        shown = _goal_events(events, goal)
        extra = ""
        if goal.kind == "points":
            extra = ngtext(
                lang,
                "lesson feedback",
                "With this square {player} scores {points} point at the scoring; the best squares give {best}.",
                "With this square {player} scores {points} points at the scoring; the best squares give {best}.",
                points,
                player=player_name(player.label, lang),
                points=points,
                best=max(p for *_, p in trials.values()),
            )
        else:
            extra = _short_of_goal(trial, best_outcome, goal, player, lang, reached)
        return _feedback(reached, names, shown, lang, extra)

    best_outcome = trials[min(good)][0]
    missed = frozenset(trials) - good
    mistakes = _mistake(
        "completes-nothing",
        missed,
        lambda lang: gtext(
            lang,
            "lesson mistake",
            "You took a square that does not {goal}; look at what each square changes.",
            goal=goal.describe(lang),
        ),
        min(good),
    )
    if not rule:
        if removing:
            rule = "removal-choice"
        elif goal.kind == "win" and best_outcome.result is not None:
            rule = _RULE_OF_REASON.get(best_outcome.result.reason, "placement")
        else:
            rule = "placement"
    if goal.kind == "win":
        hint = Text(
            lambda lang: gtext(
                lang,
                "lesson hint",
                "Which set is one counter from complete: a temple, the yellow or the green squares?",
            )
        )
    else:
        hint = Text(lambda lang: gtext(lang, "lesson hint", "Count both players' counters where the goal is judged."))
    return Exercise(
        "placement",
        game,
        _both(question),
        "square",
        good,
        judge,
        (),
        best_outcome,
        rule=rule,
        hint=hint,
        mistakes=tuple(mistakes),
    )


def _short_of_goal(trial: Game, best: Game, goal: Goal, player: Player, lang: str, reached: bool) -> str:
    """Where a square leaves the player: the set still incomplete, or the counts of a majority."""
    who = player_name(player.label, lang)
    squares = [(t, i) for t in range(1, data.TEMPLE_COUNT + 1) for i in range(data.SQUARES_PER_TEMPLE)]
    if goal.kind == "win" and not reached:
        reason = best.result.reason if best.result is not None else None
        kinds = {EndReason.YELLOW: SquareKind.YELLOW, EndReason.GREEN: SquareKind.GREEN}
        if reason in kinds:
            kind = kinds[reason]
            of_kind = [sq for sq in squares if trial.layout_kind(sq) is kind]
            held = sum(1 for sq in of_kind if trial.owner(sq) is player)
            return gtext(
                lang,
                "lesson feedback",
                "At the end of the round {player} holds {held} of the {total} {kind} squares: "
                "the set is still incomplete.",
                player=who,
                held=held,
                total=len(of_kind),
                kind=render(_SET_WORDS[kind], lang),
            )
        if reason is EndReason.TEMPLE:
            best_temple = max(range(1, data.TEMPLE_COUNT + 1), key=lambda t: trial.counters_in_temple(player, t))
            return gtext(
                lang,
                "lesson feedback",
                "At the end of the round {player} holds {held} of the 12 squares of temple {temple}: "
                "not yet all of them.",
                player=who,
                held=trial.counters_in_temple(player, best_temple),
                temple=best_temple,
            )
        return ""
    if goal.kind == "majority" and goal.category == "black":
        black = [trial.owner(sq) for sq in squares if trial.layout_kind(sq) is SquareKind.BLACK]
        if reached:
            return gtext(
                lang,
                "lesson feedback",
                "After this round {player} holds {mine} black squares and {opponent} {theirs}: the majority.",
                player=who,
                opponent=player_name(player.other.label, lang),
                mine=black.count(player),
                theirs=black.count(player.other),
            )
        return gtext(
            lang,
            "lesson feedback",
            "After this round {player} holds {mine} black squares and {opponent} {theirs}: no majority for {player}.",
            player=who,
            opponent=player_name(player.other.label, lang),
            mine=black.count(player),
            theirs=black.count(player.other),
        )
    return ""


_SET_WORDS = {
    SquareKind.YELLOW: msg("lesson square set", "yellow"),
    SquareKind.GREEN: msg("lesson square set", "green"),
}


def _goal_events(events: Sequence[Event], goal: Goal) -> list[Event]:
    placed = [e for e in events if e.kind in ("place", "remove")][:1]
    if goal.kind == "win":
        return placed + [e for e in events if e.kind == "game_over"]
    if goal.kind == "majority":
        return placed + [e for e in events if e.kind == "score_line" and e.data["category"] == goal.category]
    return placed + [e for e in events if e.kind == "score_line"]


# ------------------------------------------------------------------ board questions
def square_kind_exercise(game: Game, square: Square) -> Exercise:
    """Exercise "what kind of square is 2-8?" (one of yellow, green, black, blue, +1, +2)."""
    square = check_square(square)
    kind = game.layout_kind(square)

    def question(lang: str) -> str:
        where = square_name(square, lang)
        return gtext(lang, "lesson question", "What kind of square is {square}?", square=where)

    def judge(answer: Any, lang: str) -> Feedback:
        given = answer if isinstance(answer, SquareKind) else SquareKind(answer)
        verdict = _verdict(given is kind, kind_name(kind, lang), lang)
        return Feedback(given is kind, f"{verdict} {render(_KIND_ROLES[kind], lang)}")

    options = tuple((k, _kind_label(k)) for k in SquareKind)
    return Exercise("square_kind", game, _both(question), "choice", kind, judge, options)


def temple_count_exercise(game: Game, player: Player, temple: int) -> Exercise:
    """Exercise "how many of Red's counters stand in temple 3?"."""
    count = game.counters_in_temple(player, temple)
    other = game.counters_in_temple(player.other, temple)

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        return gtext(
            lang,
            "lesson question",
            "How many of {player}'s counters stand in temple {temple}?",
            player=who,
            temple=temple,
        )

    def judge(answer: Any, lang: str) -> Feedback:
        verdict = _verdict(_as_int(answer) == count, count, lang)
        me, them = player_name(player.label, lang), player_name(player.other.label, lang)
        detail = ngtext(
            lang,
            "lesson feedback",
            "Temple {temple} holds {count} counter of {player} and {other} of {opponent}.",
            "Temple {temple} holds {count} counters of {player} and {other} of {opponent}.",
            count,
            temple=temple,
            count=count,
            player=me,
            other=other,
            opponent=them,
        )
        return Feedback(_as_int(answer) == count, f"{verdict} {detail}")

    options = _number_options(data.SQUARES_PER_TEMPLE)
    mistakes = _mistake(
        "other-player",
        [other],
        lambda lang: gtext(lang, "lesson mistake", "You counted the other player's counters."),
        count,
    )
    return Exercise("temple_count", game, _both(question), "number", count, judge, options, mistakes=tuple(mistakes))


def kingdom_size_exercise(game: Game) -> Exercise:
    """Exercise "how many more counters fill the Kingdom of the Dead?" (a scoring comes when it is full)."""
    free = data.KINGDOM_SIZE - len(game.kingdom)

    def question(lang: str) -> str:
        return gtext(
            lang, "lesson question", "How many more counters must go to the Kingdom of the Dead before it is full?"
        )

    def judge(answer: Any, lang: str) -> Feedback:
        correct = _as_int(answer) == free
        verdict = _verdict(correct, free, lang)
        detail = ngtext(
            lang,
            "lesson feedback",
            "The Kingdom of the Dead has {size} places and holds {count} counter; "
            "when it is full at the end of a round, a scoring takes place.",
            "The Kingdom of the Dead has {size} places and holds {count} counters; "
            "when it is full at the end of a round, a scoring takes place.",
            len(game.kingdom),
            size=data.KINGDOM_SIZE,
            count=len(game.kingdom),
        )
        return Feedback(correct, f"{verdict} {detail}")

    mistakes = _mistake(
        "counted-present",
        [len(game.kingdom)],
        lambda lang: gtext(lang, "lesson mistake", "You counted the counters there, not the places left."),
        free,
    )
    hint = Text(lambda lang: gtext(lang, "lesson hint", "The Kingdom of the Dead has 8 places."))
    return Exercise(
        "kingdom_size",
        game,
        _both(question),
        "number",
        free,
        judge,
        _number_options(data.KINGDOM_SIZE),
        rule="scoring-when",
        hint=hint,
        mistakes=tuple(mistakes),
    )


def legal_count_exercise(game: Game, player: Player) -> Exercise:
    """Exercise "how many legal actions does Red have now?" (``len(game.legal_actions(player))``)."""
    actions = game.legal_actions(player)
    count = len(actions)

    call = f"game.legal_actions({player!r})"

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        return gtext(
            lang, "lesson question", "How many actions does {call} list for {player} now?", call=call, player=who
        )

    def judge(answer: Any, lang: str) -> Feedback:
        correct = _as_int(answer) == count
        verdict = _verdict(correct, count, lang)
        kinds = sorted({type(a).__name__ for a in actions})
        detail = ngtext(
            lang,
            "lesson feedback",
            "The list holds {count} action of the kinds {kinds}.",
            "The list holds {count} actions of the kinds {kinds}.",
            count,
            count=count,
            kinds=", ".join(kinds),
        )
        return Feedback(correct, f"{verdict} {detail}")

    return Exercise("legal_count", game, _both(question), "number", count, judge, _number_options(max(30, count)))


__all__ = [
    "SCORING_CATEGORIES",
    "Exercise",
    "Feedback",
    "Goal",
    "Mistake",
    "PositionInfo",
    "cartouche1_exercise",
    "ending_exercise",
    "exchange_exercise",
    "first_choice",
    "first_player_exercise",
    "kind_name",
    "kingdom_exercise",
    "kingdom_return_exercise",
    "kingdom_size_exercise",
    "last_choice",
    "legal_count_exercise",
    "list_positions",
    "load_position",
    "placed_exercise",
    "placement_exercise",
    "play_round",
    "position_info",
    "position_json",
    "position_names",
    "reason_name",
    "removal_exercise",
    "scoring_exercise",
    "scoring_removal_exercise",
    "square_kind_exercise",
    "square_name",
    "step_of",
    "temple_count_exercise",
    "temples_exercise",
    "winner_exercise",
]
