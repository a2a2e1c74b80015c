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
Red puts 4, 1, 2, 3 and Blue puts 4, 2, 1, 4 on cartouches 1 to 4. Who resolves cartouches 2, 3 and 4 first, and why?
>>> exercise.check(aton.RED).correct
True
>>> print(exercise.check(aton.BLUE, attempt=1).explanation)  # doctest: +NORMALIZE_WHITESPACE
Not yet. The lower card on cartouche 2 acts first, not the higher one. Hint: Compare the two cards on
cartouche 2. Try again, or ask for the answer.
>>> print(exercise.check(aton.BLUE, attempt=2).explanation)  # doctest: +NORMALIZE_WHITESPACE
Not quite: the answer is Red: the lower card on cartouche 2. Cartouche 2 (order): Red played the lower card
(1 against 2), so Red resolves cartouches 2, 3 and 4 first. The lower card on cartouche 2 acts first, not the
higher one. Rule: Cartouche 2: the lower card resolves cartouches 2 to 4 first; equal cards go to cartouche 1,
then to a war.

This module gathers the public names of the teaching package, so that the
tutorials need one import (``from aton.teaching import lessons``).  The code
lives in modules that say what they hold:

- :mod:`~aton.teaching.positions`: the teaching positions, by name;
- :mod:`~aton.teaching.play`: a round played on a clone, and the step of a rule;
- :mod:`~aton.teaching.exercise`: what every question is (an exercise, a case of "Another one like this",
  a "Predict first" question), how it checks an answer and the attempt it yields for a learner's record;
- :mod:`~aton.teaching.answers`: how an answer is read, with the answer words of the catalogs;
- :mod:`~aton.teaching.feedback`: verdicts, expected mistakes and their sentences;
- the exercise kinds, one small class each, by family:
  :mod:`~aton.teaching.cartouches`, :mod:`~aton.teaching.scoring`,
  :mod:`~aton.teaching.placement`, :mod:`~aton.teaching.endings`,
  :mod:`~aton.teaching.rounds`, :mod:`~aton.teaching.sequence` and :mod:`~aton.teaching.board_questions`;
- :mod:`~aton.teaching.curriculum` (apart, since it imports the exercise kinds):
  which tutorial asks which exercise (``curriculum.exercises("05")``), and what
  teaches each rule (``curriculum.coverage()``).

Nothing here imports Jupyter: the exercise widget in
``aton.widgets.exercises`` shows these exercises, and tests check them
directly.
"""

from __future__ import annotations

from .board_questions import (
    KingdomSizeExercise,
    LegalCountExercise,
    SquareKindExercise,
    TempleCountExercise,
    kingdom_size_exercise,
    legal_count_exercise,
    square_kind_exercise,
    temple_count_exercise,
)
from .cartouches import (
    Cartouche1Exercise,
    FirstPlayerExercise,
    KingdomExercise,
    OpenTemplesExercise,
    PlacedExercise,
    RemovalExercise,
    cartouche1_exercise,
    first_player_exercise,
    kingdom_exercise,
    placed_exercise,
    removal_exercise,
    temples_exercise,
)
from .endings import EndingExercise, WinnerExercise, ending_exercise, winner_exercise
from .exercise import AnswerType, ChoiceExercise, Exercise, NumberExercise, SquareExercise, TempleSetExercise
from .feedback import Feedback, Mistake, Text, kind_name, reason_name, square_name
from .placement import Goal, PlacementExercise, placement_exercise
from .play import Chooser, first_choice, last_choice, play_round, step_of
from .positions import PositionInfo, list_positions, load_position, position_info, position_json, position_names
from .rounds import DrawExercise, ExchangeExercise, draw_exercise, exchange_exercise
from .scoring import (
    SCORING_CATEGORIES,
    KingdomReturnExercise,
    ScoreLineExercise,
    ScoringExercise,
    ScoringRemovalExercise,
    kingdom_return_exercise,
    scoring_exercise,
    scoring_removal_exercise,
)
from .sequence import (
    RemovalPoolExercise,
    SecondTurnExercise,
    TakeBackExercise,
    removal_pool_exercise,
    second_turn_exercise,
    take_back_exercise,
)

__all__ = [
    "SCORING_CATEGORIES",
    "AnswerType",
    "Cartouche1Exercise",
    "ChoiceExercise",
    "Chooser",
    "DrawExercise",
    "EndingExercise",
    "ExchangeExercise",
    "Exercise",
    "Feedback",
    "FirstPlayerExercise",
    "Goal",
    "KingdomExercise",
    "KingdomReturnExercise",
    "KingdomSizeExercise",
    "LegalCountExercise",
    "Mistake",
    "NumberExercise",
    "OpenTemplesExercise",
    "PlacedExercise",
    "PlacementExercise",
    "PositionInfo",
    "RemovalExercise",
    "RemovalPoolExercise",
    "ScoreLineExercise",
    "ScoringExercise",
    "ScoringRemovalExercise",
    "SecondTurnExercise",
    "SquareExercise",
    "SquareKindExercise",
    "TakeBackExercise",
    "TempleCountExercise",
    "TempleSetExercise",
    "Text",
    "WinnerExercise",
    "cartouche1_exercise",
    "draw_exercise",
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
    "removal_pool_exercise",
    "scoring_exercise",
    "scoring_removal_exercise",
    "second_turn_exercise",
    "square_kind_exercise",
    "square_name",
    "step_of",
    "take_back_exercise",
    "temple_count_exercise",
    "temples_exercise",
    "winner_exercise",
]
