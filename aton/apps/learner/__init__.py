"""Who is learning on a page, and where their answers go: :class:`LearnerFlow` (plain Python) and
:class:`LearnerBar` (the widget at the top of each tutorial page).

No account: the store (:class:`aton.rooms.LearningStore`, the rooms' database) gives a learner a key, and the
browser keeps it in ``localStorage`` as it keeps the seat keys of the rooms and the language, so the same
student on two pages of one browser is one learner.  In a class (``./run dashboard --class N``, which sets
``ATON_CLASS`` for the kernels) the page asks once for a nickname; elsewhere (a laptop) nobody is asked and
the answers go to one learner of that machine's store, whose key the browser keeps the same way.

On the static site (Pyodide: no store) the record is kept in the browser itself (:class:`HereFlow`, shown by
:class:`HereBar`), and the learner can download it as a file and load it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bar import LearnerBar
    from .flow import LearnerFlow

__all__ = ["learner_bar", "store_here"]


def store_here() -> bool:
    """Whether this Python can open the room store (SQLAlchemy and sqlite3 are there): not in Pyodide, where
    the static site's pages run (their Python has neither).

    >>> store_here()
    True
    """
    try:
        import sqlite3  # noqa: F401

        import sqlalchemy  # noqa: F401
    except ImportError:
        return False
    return True


def learner_bar(lang: str = "en", flow: LearnerFlow | None = None, *, tutorial: str | None = None) -> Any:
    """The page's learner bar (:func:`aton.apps.learner.bar.learner_bar`): every answer of the page is recorded.

    Where the room store cannot be opened (the static site), the record is kept in the browser
    (:func:`aton.apps.learner.here_bar.here_bar`: the learner's rules, "Practise", download and load).
    """
    if not store_here():
        from .here_bar import here_bar

        return here_bar(lang, tutorial=tutorial)
    from .bar import learner_bar as bar

    made: LearnerBar = bar(lang, flow, tutorial=tutorial)
    return made
