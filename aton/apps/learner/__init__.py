"""Who is learning on a page, and where their answers go: :class:`LearnerFlow` (plain Python) and
:class:`LearnerBar` (the widget at the top of each tutorial page).

No account: the store (:class:`aton.rooms.LearningStore`, the rooms' database) gives a learner a key, and the
browser keeps it in ``localStorage`` as it keeps the seat keys of the rooms and the language, so the same
student on two pages of one browser is one learner.  In a class (``./run dashboard --class N``, which sets
``ATON_CLASS`` for the kernels) the page asks once for a nickname; elsewhere (a laptop) nobody is asked and
the answers go to one learner of that machine's store, whose key the browser keeps the same way.
"""

from __future__ import annotations

from .bar import LearnerBar, learner_bar
from .flow import KEY, NICKNAME_KEY, LearnerFlow, in_class, learning_url

__all__ = ["KEY", "NICKNAME_KEY", "LearnerBar", "LearnerFlow", "in_class", "learner_bar", "learning_url"]
