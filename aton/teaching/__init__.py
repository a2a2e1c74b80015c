"""Teaching: the syllabus of rules, the exercises checked by the engine, and how they map to tutorials.

- :mod:`~aton.teaching.syllabus`: every rule a learner meets, with its identifier.
- :mod:`~aton.teaching.lessons`: exercises built from positions and rounds, with feedback that names the mistake.
- :mod:`~aton.teaching.curriculum`: which tutorial teaches which rule, and the exercises of each.

Nothing here imports a widget: :mod:`aton.widgets.exercises` shows the exercises.
"""
