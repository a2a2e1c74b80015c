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
English or French, with the sentences of :func:`aton.explain` and the rule
of :func:`aton.rule_of`.

>>> import aton
>>> from aton import lessons
>>> game = lessons.load_position("cartouche-2")
>>> exercise = lessons.first_player_exercise(game, red=(4, 1, 2, 3), blue=(4, 2, 1, 4))
>>> print(exercise.prompt())
Red puts 4, 1, 2, 3 and Blue puts 4, 2, 1, 4 on cartouches 1 to 4. Who resolves cartouches 2, 3 and 4 first?
>>> exercise.check(aton.RED).correct
True
>>> print(exercise.check(aton.BLUE).explanation)  # doctest: +NORMALIZE_WHITESPACE
Not quite: the answer is Red. Cartouche 2 (order): Red played the lower card (1 against 2), so Red resolves
cartouches 2, 3 and 4 first. Rule: Cartouche 2: the lower card acts first; ties go to cartouche 1, then to a war.

Nothing here imports Jupyter: the exercise widget in
``aton.widgets.exercises`` shows these exercises, and tests check them
directly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Literal, NamedTuple

from . import data
from .actions import BLUE, PLAYERS, RED, Action, Assign, Place, Player, Square, check_square, parse_square
from .events import Event
from .explain import LANGUAGES, explain, player_name, rule_of
from .game import EndReason, Game, Phase
from .rules import SquareKind
from .timeline import timeline

AnswerType = Literal["choice", "number", "temples", "square"]
"""How a learner answers: pick one option, give a whole number, tick temples, or pick a square."""

Text = Mapping[str, str]
"""A text in every language of :data:`aton.explain.LANGUAGES`: ``{"en": ..., "fr": ...}``."""

_POSITIONS = "positions"


# ------------------------------------------------------------------ positions
@dataclass(frozen=True)
class PositionInfo:
    """A teaching position's name (its file name without ``.json``), title and description."""

    name: str
    title: Text
    description: Text


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


def _text(raw: Any, field_name: str, name: str) -> dict[str, str]:
    if isinstance(raw, str):
        return dict.fromkeys(LANGUAGES, raw)
    if isinstance(raw, dict) and all(isinstance(raw.get(lang), str) for lang in LANGUAGES):
        return {lang: raw[lang] for lang in LANGUAGES}
    raise ValueError(f"position {name!r}: {field_name} is a text or an object with {', '.join(LANGUAGES)} texts")


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


_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "right": "Right.",
        "wrong": "Not quite: the answer is {answer}.",
        "rule": "Rule: {rule}",
        "and": "and",
        "none": "none",
        "nobody": "nobody (a draw)",
        "goes_on": "the game goes on",
        "square": "square {temple}-{index} (temple {temple}, row {row}, column {column})",
        "illegal": "That square cannot be chosen now: {reason}",
        "unreadable": "This answer cannot be read: {reason}",
    },
    "fr": {
        "right": "Exact.",
        "wrong": "Pas tout à fait : la réponse est {answer}.",
        "rule": "Règle : {rule}",
        "and": "et",
        "none": "aucun",
        "nobody": "personne (égalité)",
        "goes_on": "la partie continue",
        "square": "case {temple}-{index} (temple {temple}, rangée {row}, colonne {column})",
        "illegal": "Cette case ne peut pas être choisie maintenant : {reason}",
        "unreadable": "Cette réponse est illisible : {reason}",
    },
}

_KIND_NAMES: dict[str, dict[SquareKind, str]] = {
    "en": {
        SquareKind.YELLOW: "yellow (Y)",
        SquareKind.GREEN: "green (G)",
        SquareKind.BLACK: "black (K)",
        SquareKind.BLUE: "blue (B)",
        SquareKind.BONUS1: "bonus +1",
        SquareKind.BONUS2: "bonus +2",
    },
    "fr": {
        SquareKind.YELLOW: "dorée (jaune, D)",
        SquareKind.GREEN: "verte (V)",
        SquareKind.BLACK: "grise (noire, G)",
        SquareKind.BLUE: "bleue (B)",
        SquareKind.BONUS1: "bonus +1",
        SquareKind.BONUS2: "bonus +2",
    },
}

_KIND_ROLES: dict[str, dict[SquareKind, str]] = {
    "en": {
        SquareKind.YELLOW: "Holding all 14 yellow squares of the four temples wins the game at once.",
        SquareKind.GREEN: "Holding all 14 green squares of the four temples wins the game at once.",
        SquareKind.BLACK: "At a scoring, whoever holds more black squares of all temples together scores 8.",
        SquareKind.BLUE: "At a scoring, the majority holder of temple 4 scores 3 for each blue square they hold.",
        SquareKind.BONUS1: "At a scoring, the counter on it scores 1 point for its owner.",
        SquareKind.BONUS2: "At a scoring, the counter on it scores 2 points for its owner.",
    },
    "fr": {
        SquareKind.YELLOW: "Occuper les 14 cases dorées des quatre temples fait gagner immédiatement.",
        SquareKind.GREEN: "Occuper les 14 cases vertes des quatre temples fait gagner immédiatement.",
        SquareKind.BLACK: "Au décompte, qui occupe le plus de cases grises, tous temples confondus, marque 8.",
        SquareKind.BLUE: "Au décompte, le majoritaire du temple 4 marque 3 par case bleue qu'il occupe.",
        SquareKind.BONUS1: "Au décompte, le pion posé dessus rapporte 1 point à son propriétaire.",
        SquareKind.BONUS2: "Au décompte, le pion posé dessus rapporte 2 points à son propriétaire.",
    },
}

_REASONS: dict[str, dict[EndReason | None, str]] = {
    "en": {
        EndReason.POINTS: "40 points",
        EndReason.TEMPLE: "a whole temple",
        EndReason.YELLOW: "every yellow square",
        EndReason.GREEN: "every green square",
        EndReason.ROUND_LIMIT: "the round limit",
        None: "the game goes on",
    },
    "fr": {
        EndReason.POINTS: "40 points",
        EndReason.TEMPLE: "un temple entier",
        EndReason.YELLOW: "toutes les cases dorées",
        EndReason.GREEN: "toutes les cases vertes",
        EndReason.ROUND_LIMIT: "la limite de tours",
        None: "la partie continue",
    },
}


def _check_lang(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")


def square_name(square: Square, lang: str = "en") -> str:
    """``(2, 5)`` as words: ``"square 2-5 (temple 2, row 2, column 2)"``."""
    _check_lang(lang)
    temple, index = square
    row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
    return _WORDS[lang]["square"].format(temple=temple, index=index, row=row + 1, column=column + 1)


def kind_name(kind: SquareKind, lang: str = "en") -> str:
    """The name of a square kind, with its letter (``"black (K)"``)."""
    _check_lang(lang)
    return _KIND_NAMES[lang][kind]


def reason_name(reason: EndReason | None, lang: str = "en") -> str:
    """How a game ends, in a few words (``None``: it goes on)."""
    _check_lang(lang)
    return _REASONS[lang][reason]


def _join(items: Sequence[str], lang: str) -> str:
    if not items:
        return _WORDS[lang]["none"]
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {_WORDS[lang]['and']} {items[-1]}"


def _feedback(correct: bool, answer: str, events: Iterable[Event], lang: str, extra: str = "") -> Feedback:
    """A verdict, the events in words and the rule behind the last one."""
    words = _WORDS[lang]
    events = list(events)
    parts = [words["right"] if correct else words["wrong"].format(answer=answer)]
    parts += [explain(event, lang) for event in events]
    if extra:
        parts.append(extra)
    if events:
        parts.append(words["rule"].format(rule=rule_of(events[-1], lang)))
    return Feedback(correct, " ".join(parts))


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

    def prompt(self, lang: str = "en") -> str:
        """The question in ``lang``."""
        _check_lang(lang)
        return self.question[lang]

    def option_labels(self, lang: str = "en") -> list[tuple[str, Any]]:
        """``(label, value)`` pairs for a choice or number input."""
        _check_lang(lang)
        return [(labels[lang], value) for value, labels in self.options]

    def check(self, answer: Any, lang: str = "en") -> Feedback:
        """Judge ``answer``: right or wrong, and why, in ``lang``.

        An answer that cannot be read (a word for a number, a square off the
        board) is wrong, and the explanation says why.
        """
        _check_lang(lang)
        try:
            return self.judge(answer, lang)
        except ValueError as error:
            return Feedback(False, _WORDS[lang]["unreadable"].format(reason=error))


def _both(make: Callable[[str], str]) -> dict[str, str]:
    return {lang: make(lang) for lang in LANGUAGES}


def _player_options() -> tuple[tuple[Any, Text], ...]:
    return tuple((player, {lang: player_name(player.label, lang) for lang in LANGUAGES}) for player in PLAYERS)


def _number_options(highest: int) -> tuple[tuple[Any, Text], ...]:
    return tuple((n, dict.fromkeys(LANGUAGES, str(n))) for n in range(highest + 1))


_PLAYS = {
    "en": "Red puts {red} and Blue puts {blue} on cartouches 1 to 4.",
    "fr": "Rouge pose {red} et Bleu pose {blue} sur les cartouches 1 à 4.",
}


def _plays(game: Game, outcome: Game, lang: str) -> str:
    """``"Red puts 4, 1, 2, 3 and Blue puts ..."``: the revealed assignments of the round played."""
    reveal = next(e for e in _new_events(game, outcome) if e.kind == "reveal")
    return _PLAYS[lang].format(red=_cards_text(reveal.data["red"]), blue=_cards_text(reveal.data["blue"]))


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
            text += (
                f" The top cards of the piles are, in order: Red {reds}; Blue {blues}."
                if lang == "en"
                else f" Les premières cartes des pioches sont, dans l'ordre : Rouge {reds} ; Bleu {blues}."
            )
        return text + (
            " Who resolves cartouches 2, 3 and 4 first?"
            if lang == "en"
            else " Qui joue ses cartouches 2, 3 et 4 en premier ?"
        )

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_player(answer) is first, player_name(first.label, lang), [*war, order], lang)

    return Exercise("first_player", game, _both(question), "choice", first, judge, _player_options(), outcome)


def cartouche1_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player = RED) -> Exercise:
    """Exercise "how many points does Red score at cartouche 1?"."""
    outcome = play_round(game, red, blue)
    event = next(e for e in _new_events(game, outcome) if e.kind == "cartouche1")
    points = event.data["points"] if event.data["scorer"] == player.label else 0

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = (
            f" How many points does {who} score at cartouche 1?"
            if lang == "en"
            else f" Combien de points {who} marque-t-il au cartouche 1 ?"
        )
        return _plays(game, outcome, lang) + ask

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == points, str(points), [event], lang)

    highest = data.CARTOUCHE1_POINTS_PER_DIFFERENCE * (max(data.CARD_VALUES) - min(data.CARD_VALUES))
    return Exercise("cartouche1", game, _both(question), "number", points, judge, _number_options(highest), outcome)


def removal_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> Exercise:
    """Exercise "how many counters does Red remove with cartouche 2?" (own or opponent's, as the card says)."""
    outcome = play_round(game, red, blue)
    turn = _turn_events(_new_events(game, outcome), player)
    removed = [e for e in turn if e.kind == "remove"]
    reasons = [e for e in turn if e.kind in ("removal_allowed", "removal_skipped")]
    count = len(removed)

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = (
            f" How many counters does {who} remove with cartouche 2?"
            if lang == "en"
            else f" Combien de pions {who} retire-t-il avec le cartouche 2 ?"
        )
        return _plays(game, outcome, lang) + ask

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == count, str(count), reasons + removed[:1], lang)

    highest = max(data.CARD_VALUES) - data.REMOVAL_OFFSET
    return Exercise("removal", game, _both(question), "number", count, judge, _number_options(highest), outcome)


def temples_exercise(game: Game, red: Sequence[int], blue: Sequence[int], player: Player) -> Exercise:
    """Exercise "which temples may Blue use?": where cartouche 3 lets the player remove and place."""
    outcome = play_round(game, red, blue)
    turn = next(e for e in _new_events(game, outcome) if e.kind == "turn_start" and e.data["player"] == player.label)
    temples = frozenset(range(1, turn.data["temples"] + 1))

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        ask = (
            f" In which temples may {who} remove and place counters this round?"
            if lang == "en"
            else f" Dans quels temples {who} peut-il retirer et placer des pions ce tour-ci ?"
        )
        return _plays(game, outcome, lang) + ask

    def judge(answer: Any, lang: str) -> Feedback:
        names = [str(t) for t in sorted(temples)]
        return _feedback(_as_temples(answer) == temples, _join(names, lang), [turn], lang)

    return Exercise("temples", game, _both(question), "temples", temples, judge, (), outcome)


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
            ask = (
                " How many counters go to the Kingdom of the Dead during this round?"
                if lang == "en"
                else " Combien de pions vont au Royaume des Morts pendant ce tour ?"
            )
        else:
            who = player_name(player.label, lang)
            ask = (
                f" How many counters go to the Kingdom of the Dead while {who} resolves cartouches 2 to 4?"
                if lang == "en"
                else f" Combien de pions vont au Royaume des Morts pendant que {who} joue ses cartouches 2 à 4 ?"
            )
        return _plays(game, outcome, lang) + ask

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == count, str(count), reasons, lang)

    options = _number_options(data.KINGDOM_SIZE)
    return Exercise("kingdom", game, _both(question), "number", count, judge, options, outcome)


SCORING_CATEGORIES = ("temple1", "temple2", "temple3", "temple4", "black", "bonus")
"""The lines of a scoring, in the order the engine scores them."""

_CATEGORY_NAMES = {
    "en": {"black": "for the black squares", "bonus": "for the bonus squares"},
    "fr": {"black": "pour les cases grises (noires)", "bonus": "pour les cases bonus"},
}


def _category_name(category: str, lang: str) -> str:
    if category.startswith("temple"):
        return f"{'in' if lang == 'en' else 'dans le'} temple {category[-1]}"
    return _CATEGORY_NAMES[lang][category]


def scoring_exercise(
    game: Game,
    red: Sequence[int] | None,
    blue: Sequence[int] | None,
    category: str,
    player: Player,
    *,
    choose: Chooser = first_choice,
) -> Exercise:
    """Exercise "how many points does Red score in temple 3 at this scoring?".

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
        if lang == "en":
            ask = f"The Kingdom of the Dead is full at the end of the round. How many points does {who} score {where}?"
        else:
            ask = f"Le Royaume des Morts est plein à la fin du tour. Combien de points {who} marque-t-il {where} ?"
        if game.phase is Phase.ASSIGN:
            return f"{_plays(game, outcome, lang)} {ask}"
        return ask

    def judge(answer: Any, lang: str) -> Feedback:
        return _feedback(_as_int(answer) == points, str(points), [line], lang)

    options = _number_options(max(12, points))
    return Exercise("scoring", game, _both(question), "number", points, judge, options, outcome)


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
        ask = (
            f" After the scoring, from which temples must {who} first take one counter back?"
            if lang == "en"
            else f" Après le décompte, dans quels temples {who} doit-il d'abord reprendre un pion ?"
        )
        return _plays(game, outcome, lang) + ask

    def judge(answer: Any, lang: str) -> Feedback:
        names = [str(t) for t in sorted(temples)]
        return _feedback(_as_temples(answer) == temples, _join(names, lang), [event], lang)

    return Exercise("scoring_removal", game, _both(question), "temples", temples, judge, (), outcome)


_ENDINGS: tuple[EndReason | None, ...] = (None, EndReason.POINTS, EndReason.TEMPLE, EndReason.YELLOW, EndReason.GREEN)


def ending_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> Exercise:
    """Exercise "does the game end this round, and how?": a victory condition or "the game goes on"."""
    outcome = play_round(game, red, blue)
    events = _new_events(game, outcome)
    result = outcome.result
    reason = None if result is None else result.reason
    shown = [e for e in events if e.kind == "game_over"] or [e for e in events if e.kind == "round_end"]

    def question(lang: str) -> str:
        ask = (
            " Does the game end this round, and if so, how?"
            if lang == "en"
            else " La partie se termine-t-elle ce tour-ci, et si oui, comment ?"
        )
        return _plays(game, outcome, lang) + ask

    def judge(answer: Any, lang: str) -> Feedback:
        given = None if answer is None or answer == "" else EndReason(answer)
        return _feedback(given is reason, reason_name(reason, lang), shown, lang)

    options = tuple((r, {lang: reason_name(r, lang) for lang in LANGUAGES}) for r in _ENDINGS)
    return Exercise("ending", game, _both(question), "choice", reason, judge, options, outcome)


def winner_exercise(game: Game, red: Sequence[int], blue: Sequence[int]) -> Exercise:
    """Exercise "who wins?" when these assignments end the game (the answer may be nobody: a draw)."""
    outcome = play_round(game, red, blue)
    if outcome.result is None:
        raise ValueError("these assignments do not end the game this round; choose others")
    winner = outcome.result.winner
    shown = [e for e in _new_events(game, outcome) if e.kind in ("game_over",)]

    def question(lang: str) -> str:
        return _plays(game, outcome, lang) + (" Who wins?" if lang == "en" else " Qui gagne ?")

    def judge(answer: Any, lang: str) -> Feedback:
        name = _WORDS[lang]["nobody"] if winner is None else player_name(winner.label, lang)
        return _feedback(_as_player(answer) is winner, name, shown, lang)

    options = (*_player_options(), (None, _both(lambda lang: _WORDS[lang]["nobody"])))
    return Exercise("winner", game, _both(question), "choice", winner, judge, options, outcome)


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
            return "win the game at once" if lang == "en" else "gagner immédiatement"
        if self.kind == "points":
            return (
                "score as many points as possible at the scoring"
                if lang == "en"
                else "marquer le plus de points possible au décompte"
            )
        where = _category_name(self.category, lang)
        return f"win the majority {where}" if lang == "en" else f"avoir la majorité {where}"


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


def placement_exercise(game: Game, goal: Goal, *, choose: Chooser = first_choice) -> Exercise:
    """Exercise "where would you place?": the player to act places one counter; which squares reach ``goal``?

    Every legal square is tried on a clone; the round is played on to its
    end (other choices settled by ``choose``) and the goal is judged by the
    engine: its scoring lines, its result, or its counts.
    """
    if game.phase is not Phase.PLACE:
        raise ValueError(f"a placement exercise needs a position in the place phase, not {game.phase.value}")
    player = game.to_act[0]
    trials: dict[Square, tuple[Game, list[Event], bool, int]] = {}
    for square in game.legal_squares(player):
        trial = game.clone(events=True)
        trial.apply(Place(player, square))
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
        if lang == "en":
            return (
                f"{who} has {left} counter{'s' if left > 1 else ''} left to place in temples "
                f"1-{game.allowed_temples(player)}. Where would you place to {goal.describe(lang)}?"
            )
        return (
            f"{who} doit encore placer {left} pion{'s' if left > 1 else ''} dans les temples "
            f"1 à {game.allowed_temples(player)}. Où placer pour {goal.describe(lang)} ?"
        )

    def judge(answer: Any, lang: str) -> Feedback:
        square = _as_square(answer)
        if square not in trials:
            reason = game.why_illegal(Place(player, square)) or ""
            return Feedback(False, _WORDS[lang]["illegal"].format(reason=reason))
        _, events, reached, points = trials[square]
        names = _join([square_name(sq, lang) for sq in sorted(good)], lang)
        shown = _goal_events(events, goal)
        extra = ""
        if goal.kind == "points":
            extra = (
                f"With this square {player_name(player.label, lang)} scores {points} points at the scoring; "
                f"the best squares give {max(p for *_, p in trials.values())}."
                if lang == "en"
                else f"Avec cette case, {player_name(player.label, lang)} marque {points} points au décompte ; "
                f"les meilleures cases en donnent {max(p for *_, p in trials.values())}."
            )
        return _feedback(reached, names, shown, lang, extra)

    best_outcome = trials[min(good)][0]
    return Exercise("placement", game, _both(question), "square", good, judge, (), best_outcome)


def _goal_events(events: Sequence[Event], goal: Goal) -> list[Event]:
    placed = [e for e in events if e.kind == "place"][:1]
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
        return f"What kind of square is {where}?" if lang == "en" else f"De quel type est la {where} ?"

    def judge(answer: Any, lang: str) -> Feedback:
        given = answer if isinstance(answer, SquareKind) else SquareKind(answer)
        words = _WORDS[lang]
        verdict = words["right"] if given is kind else words["wrong"].format(answer=kind_name(kind, lang))
        return Feedback(given is kind, f"{verdict} {_KIND_ROLES[lang][kind]}")

    options = tuple((k, {lang: kind_name(k, lang) for lang in LANGUAGES}) for k in SquareKind)
    return Exercise("square_kind", game, _both(question), "choice", kind, judge, options)


def temple_count_exercise(game: Game, player: Player, temple: int) -> Exercise:
    """Exercise "how many of Red's counters stand in temple 3?"."""
    count = game.counters_in_temple(player, temple)
    other = game.counters_in_temple(player.other, temple)

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        if lang == "en":
            return f"How many of {who}'s counters stand in temple {temple}?"
        return f"Combien de pions de {who} y a-t-il dans le temple {temple} ?"

    def judge(answer: Any, lang: str) -> Feedback:
        words = _WORDS[lang]
        verdict = words["right"] if _as_int(answer) == count else words["wrong"].format(answer=count)
        me, them = player_name(player.label, lang), player_name(player.other.label, lang)
        if lang == "en":
            detail = f"Temple {temple} holds {count} counters of {me} and {other} of {them}."
        else:
            detail = f"Le temple {temple} contient {count} pions de {me} et {other} de {them}."
        return Feedback(_as_int(answer) == count, f"{verdict} {detail}")

    options = _number_options(data.SQUARES_PER_TEMPLE)
    return Exercise("temple_count", game, _both(question), "number", count, judge, options)


def kingdom_size_exercise(game: Game) -> Exercise:
    """Exercise "how many more counters fill the Kingdom of the Dead?" (a scoring comes when it is full)."""
    free = data.KINGDOM_SIZE - len(game.kingdom)

    def question(lang: str) -> str:
        if lang == "en":
            return "How many more counters must go to the Kingdom of the Dead before it is full?"
        return "Combien de pions doivent encore aller au Royaume des Morts pour qu'il soit plein ?"

    def judge(answer: Any, lang: str) -> Feedback:
        words = _WORDS[lang]
        correct = _as_int(answer) == free
        verdict = words["right"] if correct else words["wrong"].format(answer=free)
        if lang == "en":
            detail = (
                f"The Kingdom of the Dead has {data.KINGDOM_SIZE} places and holds {len(game.kingdom)} counters; "
                "when it is full at the end of a round, a scoring takes place."
            )
        else:
            detail = (
                f"Le Royaume des Morts a {data.KINGDOM_SIZE} places et contient {len(game.kingdom)} pions ; "
                "quand il est plein à la fin d'un tour, un décompte a lieu."
            )
        return Feedback(correct, f"{verdict} {detail}")

    return Exercise("kingdom_size", game, _both(question), "number", free, judge, _number_options(data.KINGDOM_SIZE))


def legal_count_exercise(game: Game, player: Player) -> Exercise:
    """Exercise "how many legal actions does Red have now?" (``len(game.legal_actions(player))``)."""
    actions = game.legal_actions(player)
    count = len(actions)

    def question(lang: str) -> str:
        who = player_name(player.label, lang)
        if lang == "en":
            return f"How many actions does game.legal_actions({player!r}) list for {who} now?"
        return f"Combien d'actions game.legal_actions({player!r}) donne-t-il pour {who} maintenant ?"

    def judge(answer: Any, lang: str) -> Feedback:
        words = _WORDS[lang]
        correct = _as_int(answer) == count
        verdict = words["right"] if correct else words["wrong"].format(answer=count)
        kinds = sorted({type(a).__name__ for a in actions})
        if lang == "en":
            detail = f"The list holds {count} actions of the kinds {', '.join(kinds)}."
        else:
            detail = f"La liste contient {count} actions, de types {', '.join(kinds)}."
        return Feedback(correct, f"{verdict} {detail}")

    return Exercise("legal_count", game, _both(question), "number", count, judge, _number_options(max(30, count)))


__all__ = [
    "SCORING_CATEGORIES",
    "Exercise",
    "Feedback",
    "Goal",
    "PositionInfo",
    "cartouche1_exercise",
    "ending_exercise",
    "first_choice",
    "first_player_exercise",
    "kind_name",
    "kingdom_exercise",
    "kingdom_size_exercise",
    "last_choice",
    "legal_count_exercise",
    "list_positions",
    "load_position",
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
