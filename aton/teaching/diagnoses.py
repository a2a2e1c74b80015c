"""How well the exercises' feedback names a mistake: measured over the tutorials' exercises.

- :func:`wrong_options_diagnosed`: of all the wrong options a learner can pick (choices and numbers),
  how many get a sentence of their own, saying what that answer would mean;
  :func:`wrong_choices_diagnosed`: the same for the sets of temples and the squares a learner can pick
  ("temple 4 is not open to Blue", "that is a green square").
- :data:`TYPICAL_MISTAKES`: the wrong answers learners typically give to the tutorials' exercises
  (doubling the card at cartouche 1, counting the black squares instead of 8 points, ...), and
  :func:`typical_mistakes_diagnosed`: whether each gets a diagnosis.

- :func:`first_try_leak`: whether a first wrong try gives the answer away (states the answer, as the
  language writes it, or every figure that decides it), and :func:`first_try_leaks`: every such text
  over the tutorials' exercises, their predict-then-see questions, every wrong answer and language.

``scripts/count_diagnoses.py`` prints the first two, ``scripts/count_visible_answers.py`` the third;
the tests hold them to their targets.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any, NamedTuple

from .. import data
from ..actions import BLUE, RED, Player
from ..events import Revealed
from ..explain import player_name, square_words, temples_upto
from ..game import Game
from ..i18n import languages, msg, render
from ..rules import SquareKind
from ..timeline import timeline
from .curriculum import EXERCISES, exercise
from .exercise import Exercise
from .feedback import kind_name, square_name, word
from .play import new_events, plays
from .predict import prediction_for

__all__ = [
    "TYPICAL_MISTAKES",
    "FirstTry",
    "first_tries",
    "first_try_leak",
    "first_try_leaks",
    "predict_questions",
    "typical_mistakes_diagnosed",
    "wording_leak",
    "wrong_answers",
    "wrong_choices_diagnosed",
    "wrong_options_diagnosed",
]

TYPICAL_MISTAKES: tuple[tuple[str, Any, str], ...] = (
    # 01
    ("square-yellow-or-not", "Y", "takes the +2 square for a yellow one"),
    ("square-black", "B", "mixes up the black (K) and blue (B) squares"),
    ("temple3-count", 2, "counts the other player's counters"),
    ("temple3-count", 5, "counts both players' counters"),
    ("kingdom-room", 3, "counts the counters in the Kingdom, not the places left"),
    # 02
    ("exchange-red", "used", "thinks the exchange counter is gone"),
    ("exchange-red", "before-drawing", "thinks the exchange comes before drawing"),
    ("exchange-blue", "yes", "forgets that the exchange is used once per game"),
    ("draw-pile", 34, "forgets to draw from the new pile"),
    ("draw-pile", 30, "draws all 4 cards from the new pile"),
    ("draw-pile", 28, "leaves this round's cards out of the reshuffle"),
    ("draw-pile", 0, "forgets the reshuffle"),
    ("cartouche1-red", 8, "doubles the card instead of the difference"),
    ("cartouche1-red", 3, "forgets to double the difference"),
    ("cartouche1-blue", 1, "forgets to double the difference"),
    ("cartouche1-blue", 8, "doubles the card instead of the difference"),
    ("cartouche1-tie", 6, "scores a tie"),
    # 03
    ("first-tie", (RED, "cartouche1"), "the higher card on cartouche 1 acts first"),
    ("first-tie", (BLUE, "lower_card"), "right player, but cartouche 2 is tied"),
    ("first-war", (RED, "war"), "the higher card turned up wins the war"),
    ("first-war", (BLUE, "cartouche1"), "misses that cartouche 1 is tied too"),
    ("removal-three", 4, "forgets to subtract 2"),
    ("removal-one", 3, "forgets to subtract 2 from a 3"),
    ("removal-one", 0, "takes a 3 for a card that removes nothing"),
    ("removal-two", 2, "forgets to subtract 2"),
    ("removal-own", 0, "takes a 1 for nothing"),
    ("removal-first-round", 2, "forgets that the first round removes nothing"),
    ("removal-choice", (2, 5), "removes a counter that changes nothing for the black squares"),
    ("removal-pool", 2, "leaves out the first player's new counters: the first player resolves 2 to 4 completely"),
    # 04
    ("temples-blue", frozenset({2}), "opens temple t alone"),
    ("temples-blue", frozenset({1}), "reads the other player's cartouche 3"),
    ("overflow-red", 0, "thinks placing is optional"),
    ("overflow-red", 1, "counts the counters placed"),
    ("overflow-red", 3, "sends the whole card to the Kingdom"),
    ("kingdom-full", 3, "forgets that the Kingdom holds only 8"),
    ("no-stock", 4, "counts the card, not the stock"),
    ("place-temple2", (1, 5), "places where it changes nothing"),
    # 05
    ("score-temple1", 4, "doubles the difference as cartouche 1 does"),
    ("score-temple1", 7, "counts the own counters"),
    ("score-temple2", 0, "gives the points to the other player"),
    ("score-temple2", 20, "scores 5 per counter in temple 2"),
    ("score-temple3", 2, "scores the difference"),
    ("score-temple4", 3, "counts only temple 4's blue square"),
    ("score-temple4", 2, "counts blue squares, not 3 points each"),
    ("score-temple4-minority", 3, "scores the blue squares without the majority of temple 4"),
    ("score-black", 5, "counts the black squares instead of 8 points"),
    ("score-tie", 5, "scores a tie"),
    ("score-bonus-red", 2, "counts bonus squares, not their values"),
    ("score-bonus-red", 1, "takes the other player's bonus"),
    ("score-bonus-blue", 3, "takes the other player's bonus"),
    ("kingdom-room-scoring", 6, "counts the counters in the Kingdom"),
    ("scoring-removal-red", frozenset({4}), "takes the highest temple first"),
    ("kingdom-return-red", 8, "gives every counter of the Kingdom back to one player"),
    ("take-back-first", (BLUE, "acted-first"), "thinks acting first in the round decides the take-back"),
    ("take-back-first", (BLUE, "leader-before"), "compares the scores from before the scoring"),
    # 06
    ("ending-points", None, "forgets the 40-point check after cartouche 1"),
    ("winner-scoring", BLUE, "adds the points up wrong"),
    ("winner-scoring", None, "thinks it is a draw"),
    ("winner-both-40", RED, "thinks the first past 40 at a scoring wins"),
    ("second-turn", 4, "lets the second player play after a board victory"),
    ("winner-round-limit", None, "thinks it is a draw"),
)
"""Typical wrong answers to the tutorials' exercises: (exercise, answer, what the learner did)."""


def _tutorial_exercises() -> list[Exercise]:
    return [exercise(name) for name in EXERCISES]


def wrong_options_diagnosed(exercises: list[Exercise] | None = None) -> tuple[int, int]:
    """``(diagnosed, total)``: the wrong options of every choice and number exercise, and how many of
    them get a diagnosis of their own."""
    diagnosed = total = 0
    for item in exercises if exercises is not None else _tutorial_exercises():
        for value, _label in item.options:
            if item.check(value).correct:
                continue
            total += 1
            if item.diagnose(value) is not None:
                diagnosed += 1
    return diagnosed, total


def wrong_choices_diagnosed(exercises: list[Exercise] | None = None) -> tuple[int, int]:
    """``(diagnosed, total)``: the wrong sets of temples and wrong squares of every temple-set and square
    exercise, and how many of them get a diagnosis of their own."""
    diagnosed = total = 0
    for item in exercises if exercises is not None else _tutorial_exercises():
        if item.answer_type not in ("temples", "square"):
            continue
        for value in wrong_answers(item):
            total += 1
            diagnosed += item.diagnose(value) is not None
    return diagnosed, total


def typical_mistakes_diagnosed() -> dict[tuple[str, Any], bool]:
    """For each typical mistake, whether its answer is wrong and gets a diagnosis."""
    found: dict[tuple[str, Any], bool] = {}
    built: dict[str, Exercise] = {}
    for name, answer, _what in TYPICAL_MISTAKES:
        item = built.setdefault(name, exercise(name))
        wrong = not item.check(answer).correct
        found[(name, answer)] = wrong and item.diagnose(answer) is not None
    return found


# ------------------------------------------------------------------ first tries that give the answer away
_NAMES = re.compile(
    r"\d+-\d+"  # a square: 2-5
    r"|\+\d+"  # a bonus square: +2
    r"|\b(?:cartouches?|temples?|rows?|columns?|lignes?|colonnes?)\s+\d+"
    r"(?:(?:\s*(?:,|and|et|or|ou|to|à))+\s*\d+)*",
    re.IGNORECASE,
)
"""Numbers that name a thing, not a figure of the case: cartouche 2, temples 1 to 3, square 2-5, +2."""

_RULE_PHRASES = re.compile(
    r"\bv\s*-\s*2\b"  # a card v removes v - 2
    # 3 points per blue square, 5 points to its majority
    r"|\b\d+ points? (?:per|each|to (?:its|their|the) majority|par|chacune|au joueur majoritaire)"
    r"|\bmultiple (?:of|de) \d+"
    r"|\b(?:has|a) \d+ places\b|\b(?:holds only|ne contient que) \d+"  # the Kingdom's 8 places
    r"|\b(?:up to|more than|plus de|qu'à) \d+ (?:cards|cartes)\b",  # a hand of 4 cards
    re.IGNORECASE,
)
"""The rules' constants as the rules state them, true in every case: "a card v removes v - 2", "3 points
per blue square", "the Kingdom of the Dead has 8 places", "up to 4 cards"."""

_FIGURE = re.compile(r"(?<![\w.,])\d+(?![\w])")

# TRANSLATORS: the ways a sentence says that nobody wins, separated by commas (a hint must not say them)
_NOBODY = msg("answer words in a text", "nobody, a draw")
"""How a text says that nobody wins, in each language of the catalogs."""


def figures(text: str) -> Counter[int]:
    """The figures a text states, each with how many times, without the numbers that name things
    (cartouche 2, square 2-5) or the rules' formulas (v - 2).

    >>> sorted(figures("Temple 3: Red has 4 there, Blue 2; a card v removes v - 2 (square 2-5, +1).").items())
    [(2, 1), (4, 1)]
    """
    plain = _RULE_PHRASES.sub(" ", _NAMES.sub(" ", text))
    return Counter(int(found) for found in _FIGURE.findall(plain))


def answer_words(item: Exercise, lang: str) -> list[str]:
    """The answer of ``item`` as a text in ``lang`` would write it (numbers aside: see :func:`figures`).

    A player by name, nobody as "nobody" or "a draw", temples as "1, 2 and 3" or "temples 1 to 3", a
    square by name or as 2-5, a kind of square by its colour, any other choice by its label.
    """
    if item.answer_type == "number":
        return []
    if item.answer_type == "temples":
        temples = sorted(item.answer)
        if not temples:
            return []
        found = [item.answer_label(lang)] if len(temples) > 1 else []
        if temples == list(range(1, len(temples) + 1)):
            found.append(temples_upto(len(temples), lang))
        return found
    if item.answer_type == "square":
        found = []
        for square in sorted(item.answer):
            found += [square_name(square, lang), square_words(square, lang), f"{square[0]}-{square[1]}"]
        return found
    answer = _player_answer(item) or item.answer  # who acts first, and why: the player gives it away
    if isinstance(answer, Player):
        return [player_name(answer.label, lang)]
    if answer is None and any(value is None for value, _label in item.options):
        return [word("nobody", lang), *(said.strip() for said in render(_NOBODY, lang).split(",") if said.strip())]
    if isinstance(answer, SquareKind):
        name = kind_name(answer, lang)
        return [name, name.split(" (")[0]]
    return [item.answer_label(lang)]


def first_try_leak(item: Exercise, text: str, lang: str, *, given: Any = None, deciding: bool = True) -> str | None:
    """What the first-try text ``text`` of ``item`` gives away (``None``: nothing).

    It gives the answer away when it states the answer (in words, or as a figure of the case, unless a
    rule alone fixes it: :attr:`~aton.teaching.exercise.Exercise.rule_fixed`), or every figure that
    decides it (:meth:`~aton.teaching.exercise.Exercise.deciding_figures`).  ``given`` is the wrong
    answer the text is about: a text that says that number back ("5 would mean ...") tells nothing new.
    """
    for words in answer_words(item, lang):
        if _names_one_player(item, words, text, lang) or _says(words, text, lang):
            return f"the answer {words!r}"
    stated = figures(text)
    if isinstance(given, int) and not isinstance(given, bool):
        del stated[given]
    if item.answer_type == "number" and not item.rule_fixed and item.answer in stated:
        return f"the answer {item.answer}"
    decide = Counter(item.deciding_figures() if deciding else ())
    if decide and all(stated[figure] >= times for figure, times in decide.items()):
        return "the figures that decide it: " + ", ".join(str(n) for n in sorted(decide.elements()))
    return None


def _player_answer(item: Exercise) -> Player | None:
    answer = item.answer[0] if isinstance(item.answer, tuple) and item.answer else item.answer
    return answer if isinstance(answer, Player) else None


def _names_one_player(item: Exercise, words: str, text: str, lang: str) -> bool:
    """Whether ``text`` names the player who is the answer, and not the other one (a text naming both,
    "Red has 19, Blue 21", does not point at either)."""
    player = _player_answer(item)
    if player is None or words != player_name(player.label, lang):
        return False
    return words in text and player_name(player.other.label, lang) not in text


def _says(words: str, text: str, lang: str) -> bool:
    if any(words == player_name(p.label, lang) for p in (RED, BLUE)):
        return False  # judged by _names_one_player
    if words[:1].isupper():  # a name is written with its capital
        return words in text
    return words.lower() in text.lower()


class FirstTry(NamedTuple):
    """One first wrong try: the exercise (its name, or ``name/predict`` for a question asked before a step),
    the wrong answer, the language and the text it gets."""

    name: str
    exercise: Exercise
    answer: Any
    lang: str
    text: str

    @property
    def leak(self) -> str | None:
        """What the text gives away, if anything (:func:`first_try_leak`)."""
        return first_try_leak(self.exercise, self.text, self.lang, given=self.answer)


def wrong_answers(item: Exercise) -> list[Any]:
    """Every wrong answer a learner can give ``item``: each wrong option, each set of temples, each legal
    square that misses."""
    if item.answer_type == "temples":
        candidates: list[Any] = [
            frozenset(chosen)
            for size in range(data.TEMPLE_COUNT + 1)
            for chosen in itertools.combinations(range(1, data.TEMPLE_COUNT + 1), size)
        ]
    elif item.answer_type == "square":
        player = item.game.to_act[0] if item.game.to_act else RED
        candidates = list(item.game.legal_squares(player))
    else:
        candidates = [value for value, _label in item.options]
    return [value for value in candidates if item.check(value).readable and not item.check(value).correct]


def predict_questions(game: Game) -> list[Exercise]:
    """The questions a predict-then-see step-through of ``game`` asks, in order."""
    steps = timeline(game)
    return [question for index in range(1, len(steps)) if (question := prediction_for(steps, index)) is not None]


def _predict_questions(name: str, item: Exercise) -> Iterator[tuple[str, Exercise]]:
    """The predict-then-see questions of the round ``item`` plays (its outcome), if it plays one."""
    if item.outcome is not None:
        for number, question in enumerate(predict_questions(item.outcome), 1):
            yield f"{name}/predict-{number}", question


def wording_leak(item: Exercise, lang: str) -> str | None:
    """What the question of ``item`` gives away in its own wording (``None``: nothing), as
    :func:`first_try_leak` reads it.  A question about a round must give the cards played (and those a
    war turns up): it gives its answer away only by stating it, not by giving those cards."""
    prompt = item.prompt(lang)
    if item.outcome is not None and any(isinstance(e, Revealed) for e in new_events(item.game, item.outcome)):
        cards = plays(item.game, item.outcome, lang)
        return first_try_leak(item, prompt.removeprefix(cards), lang, deciding=False)
    return first_try_leak(item, prompt, lang)


def first_tries(names: list[str] | None = None) -> Iterator[FirstTry]:
    """Every first wrong try of the tutorials' exercises (and of the questions a predict-then-see
    step-through of their rounds asks), for every wrong answer, in every language."""
    seen: set[tuple[str, str]] = set()
    for name in names if names is not None else list(EXERCISES):
        item = exercise(name)
        for label, question in [(name, item), *_predict_questions(name, item)]:
            key = (question.kind, question.prompt() + repr(question.answer) + repr(question.game.to_json()))
            if key in seen:
                continue
            seen.add(key)
            for wrong in wrong_answers(question):
                for lang in languages():
                    text = question.check(wrong, lang, attempt=1).explanation
                    yield FirstTry(label, question, wrong, lang, text)


def first_try_leaks(names: list[str] | None = None) -> tuple[list[FirstTry], int]:
    """``(leaks, total)``: the first wrong tries whose text gives the answer away, of all first wrong tries."""
    leaks: list[FirstTry] = []
    total = 0
    for attempt in first_tries(names):
        total += 1
        if attempt.leak is not None:
            leaks.append(attempt)
    return leaks, total
