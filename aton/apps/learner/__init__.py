"""Who is learning on a page, and where their answers go: :class:`LearnerFlow` (plain Python) and
:class:`LearnerBar` (the widget at the top of each tutorial page).

No account: the store (:class:`aton.rooms.LearningStore`, the rooms' database) gives a learner a key, and the
browser keeps it in ``localStorage`` as it keeps the seat keys of the rooms and the language, so the same
student on two pages of one browser is one learner.  In a class (``./run dashboard --class N``, which sets
``ATON_CLASS`` for the kernels) the page asks once for a nickname; elsewhere (a laptop) nobody is asked and
the answers go to one learner of that machine's store, whose key the browser keeps the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

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

    Where the room store cannot be opened (the static site), an empty, hidden box: the page works as before and
    keeps no record (it follows the language switch like the bar would).
    """
    if not store_here():
        box = widgets.Box(layout=widgets.Layout(display="none"))
        box.add_class("aton-learner-absent")
        return box
    from .bar import learner_bar as bar

    made: LearnerBar = bar(lang, flow, tutorial=tutorial)
    return made
