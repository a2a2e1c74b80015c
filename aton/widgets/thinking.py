"""The search made visible: the coach's candidate moves as a table with a bar chart.

Each row is one option the search bot tried: the move in words, how many
imagined games it spent on it (visits, drawn as a bar: the search spends more
on the options that look better) and the estimated chance to win (the mean
result of those games).  The numbers come from
:func:`aton.bots.coach.search_candidates`; this widget only draws them.

>>> import aton
>>> from aton.bots.coach import search_candidates
>>> view = aton.new_game(seed=2).view(aton.RED)
>>> chart = SearchChart(view, search_candidates(view, iterations=40))
>>> "aton-search-bar" in chart.value and "<table" in chart.value
True
>>> chart.lang = "fr"
>>> "visites" in chart.value
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ..bots.calibration import chance_words
from ..bots.coach import Candidate, action_words
from ..game import Game, GameView
from ..i18n import check_lang, gtext
from .i18n import lang_of

__all__ = ["SearchChart", "candidates_html"]


def candidates_html(view: GameView | Game, candidates: Sequence[Candidate], lang: str = "en") -> str:
    """The candidates as an HTML table: the move, a bar for its visits, the visits and the estimated chance
    to win (the dashboard's coach shows the same table under its hint)."""
    check_lang(lang)
    most = max((candidate.visits for candidate in candidates), default=0) or 1
    head = [
        gtext(lang, "coach candidate", "move"),
        gtext(lang, "coach candidate", "visits"),
        gtext(lang, "coach candidate", "estimated chance to win"),
    ]
    rows = []
    for candidate in candidates:
        width = round(100 * candidate.visits / most)
        bar = (
            f'<div class="aton-search-bar" style="background:#4063d8;height:0.9em;width:{width}%;'
            f'min-width:2px" title="{candidate.visits}"></div>'
        )
        rows.append(
            "<tr>"
            f"<td>{html.escape(action_words(view, candidate.action, lang))}</td>"
            f'<td style="width:40%">{bar}</td>'
            f'<td style="text-align:right">{candidate.visits}</td>'
            f'<td style="text-align:right">{html.escape(chance_words(candidate.win_rate, candidate.visits, lang))}</td>'
            "</tr>"
        )
    return (
        '<table class="aton-search-table" style="border-collapse:collapse;width:100%">'
        f"<tr><th>{html.escape(head[0])}</th><th></th><th>{html.escape(head[1])}</th>"
        f"<th>{html.escape(head[2])}</th></tr>" + "".join(rows) + "</table>"
    )


class SearchChart(widgets.HTML):  # type: ignore[misc]
    """A table of the search's candidates with a bar per row (visits) and the estimated chance to win."""

    lang = traitlets.Unicode("en")
    """The language of the words: ``"en"`` or ``"fr"``."""

    def __init__(self, view: GameView, candidates: list[Candidate], lang: str = "en") -> None:
        if not candidates:
            raise ValueError("the search found no candidate to show")
        self.view = view
        self.candidates = list(candidates)
        super().__init__()
        self.add_class("aton-search-chart")
        self.lang = check_lang(lang)
        self._draw()

    @traitlets.validate("lang")
    def _validate_lang(self, proposal: Any) -> str:
        return lang_of(proposal)

    @traitlets.observe("lang")
    def _lang_changed(self, _change: Any) -> None:
        if hasattr(self, "candidates"):
            self._draw()

    def _draw(self) -> None:
        self.value = candidates_html(self.view, self.candidates, self.lang)
