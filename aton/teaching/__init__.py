"""Teaching: the syllabus of rules, the exercises checked by the engine, and how they map to tutorials.

- :mod:`~aton.teaching.syllabus`: every rule a learner meets, with its identifier.
- :mod:`~aton.teaching.positions`: the teaching positions the tutorials start from.
- :mod:`~aton.teaching.exercise`: what every question is (a tutorial's exercise, a practice case, a "Predict
  first" question: one family); :mod:`~aton.teaching.answers`: how answers are read, with the catalogs' answer
  words; :mod:`~aton.teaching.feedback`: verdicts and the sentences that name a mistake;
  :mod:`~aton.teaching.play`: a round played on a clone for the engine's answer.
- The exercise kinds, one small class each, by family: :mod:`~aton.teaching.cartouches`,
  :mod:`~aton.teaching.scoring`, :mod:`~aton.teaching.placement`, :mod:`~aton.teaching.endings`,
  :mod:`~aton.teaching.rounds`, :mod:`~aton.teaching.board_questions`.
- :mod:`~aton.teaching.lessons`: every public name of the above in one place, for the tutorials.
- :mod:`~aton.teaching.curriculum`: which tutorial teaches which rule, and the exercises of each (it imports the
  exercise kinds; nothing of the exercises imports it back).

Nothing here imports a widget: :mod:`aton.widgets.exercises` shows the exercises.
"""
