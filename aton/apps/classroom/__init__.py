"""The teacher's view of the class (``notebooks/class.ipynb``): every table live, watching one, closing, results.

:mod:`~aton.apps.classroom.flow` holds the page without widgets (the teacher's code, the tables, the
watched table, closing, the results); :mod:`~aton.apps.classroom.panel` draws it.  ``docs/class.md``
describes the page.
"""
