"""The learner's rules, by state: mastered, for review, practising, not yet seen (:class:`LearnerRules`).

>>> from aton.teaching.mastery import Attempt, trace
>>> records = trace([Attempt(rule="cartouche1", question="q", case="c", correct=True, answer_type="number")])
>>> grouped = rules_by_state(records)
>>> grouped["practising"], len(grouped["not seen"]) == len(records) - 1
(['cartouche1'], True)
>>> LearnerRules(records, "fr").summary.value
'<strong>Vos règles</strong> : 0 maîtrisée, 1 en cours, 29 pas encore vues'
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets
import traitlets

from ...i18n import check_lang, gtext, ngtext
from ...teaching.mastery import STATES, RuleRecord
from ...teaching.syllabus import rule_title
from ...widgets.i18n import lang_of

__all__ = ["ORDER", "LearnerRules", "rules_by_state", "rules_report", "summary_words"]

ORDER = ("review", "practising", "mastered", "not seen")
"""The order the states are listed in: what needs work first."""


def rules_by_state(records: Mapping[str, RuleRecord]) -> dict[str, list[str]]:
    """The rule ids of each state (:data:`aton.teaching.mastery.STATES`), in the syllabus's order."""
    grouped: dict[str, list[str]] = {state: [] for state in STATES}
    for rule, record in records.items():
        grouped[record.state].append(rule)
    return grouped


def _state_heading(state: str, count: int, lang: str) -> str:
    if state == "review":
        return ngtext(lang, "learner", "To review ({count} rule)", "To review ({count} rules)", count, count=count)
    if state == "practising":
        return ngtext(lang, "learner", "Practising ({count} rule)", "Practising ({count} rules)", count, count=count)
    if state == "mastered":
        return ngtext(lang, "learner", "Mastered ({count} rule)", "Mastered ({count} rules)", count, count=count)
    return ngtext(lang, "learner", "Not yet seen ({count} rule)", "Not yet seen ({count} rules)", count, count=count)


def summary_words(grouped: Mapping[str, list[str]], lang: str, *, title: str | None = None) -> str:
    """The one-line summary of :func:`rules_by_state`'s groups: "Your rules: 1 mastered, 2 practising, 27 not
    yet seen" (with "to review" first when there is any).  ``title`` stands for "Your rules" when given.

    >>> summary_words({"mastered": [], "practising": ["draw"], "not seen": ["a", "b"], "review": []}, "en")
    'Your rules: 0 mastered, 1 practising, 2 not yet seen'
    """
    mastered, practising, unseen = (len(grouped.get(state, ())) for state in ("mastered", "practising", "not seen"))
    parts = [
        ngtext(lang, "learner", "{count} mastered", "{count} mastered", mastered, count=mastered),
        ngtext(lang, "learner", "{count} practising", "{count} practising", practising, count=practising),
        ngtext(lang, "learner", "{count} not yet seen", "{count} not yet seen", unseen, count=unseen),
    ]
    if grouped.get("review"):
        n = len(grouped["review"])
        parts.insert(0, ngtext(lang, "learner", "{count} to review", "{count} to review", n, count=n))
    named = gtext(lang, "learner", "Your rules") if title is None else title
    return gtext(lang, "learner", "{title}: {counts}", title=named, counts=", ".join(parts))


def rules_report(records: Mapping[str, RuleRecord], lang: str) -> dict[str, Any]:
    """The learner's rules in ``lang`` as plain JSON values, for a page without a kernel (the front page):
    ``{"summary": ..., "states": [{"state", "heading", "rules": [titles]}]}``, the states in :data:`ORDER`
    (those with no rule left out).

    >>> from aton.teaching.mastery import Attempt, trace
    >>> report = rules_report(trace([Attempt(rule="draw", question="q", case="c", correct=False)]), "fr")
    >>> report["states"][0]["heading"], report["states"][0]["rules"] == [rule_title("draw", "fr")]
    ('En cours (1 règle)', True)
    """
    check_lang(lang)
    grouped = rules_by_state(records)
    states = [
        {
            "state": state,
            "heading": _state_heading(state, len(grouped[state]), lang),
            "rules": [rule_title(rule, lang) for rule in grouped[state]],
        }
        for state in ORDER
        if grouped[state]
    ]
    return {"summary": summary_words(grouped, lang), "states": states}


class LearnerRules(widgets.VBox):  # type: ignore[misc]
    """A one-line summary of the learner's rules (CSS class ``aton-learner-rules``) and, under a button, the
    rules of each state (``aton-learner-rules-list``; one ``<section data-state=...>`` a state)."""

    lang = traitlets.Unicode("en")

    def __init__(self, records: Mapping[str, RuleRecord] | None = None, lang: str = "en") -> None:
        self.records: Mapping[str, RuleRecord] = records or {}
        self.summary = widgets.HTML()
        self.toggle = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.toggle.add_class("aton-learner-rules-toggle")
        self.toggle.observe(lambda _change: self._render(), names="value")
        self.listing = widgets.HTML()
        self.listing.add_class("aton-learner-rules-list")
        line = widgets.HBox([self.summary, self.toggle], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__(children=[line, self.listing])  # on a phone the button goes under the words
        self.add_class("aton-learner-rules")
        self.lang = check_lang(lang)
        self._render()

    def show(self, records: Mapping[str, RuleRecord]) -> None:
        """Show these records (every rule's, from :meth:`aton.rooms.LearningStore.mastery`)."""
        self.records = records
        self._render()

    @traitlets.validate("lang")
    def _validate_lang(self, proposal: Any) -> str:
        return lang_of(proposal)

    @traitlets.observe("lang")
    def _lang_changed(self, _change: Any) -> None:
        if hasattr(self, "listing"):
            self._render()

    def _render(self) -> None:
        lang = self.lang
        self.layout.display = "" if self.records else "none"
        grouped = rules_by_state(self.records)
        title = html.escape(gtext(lang, "learner", "Your rules"))
        said = summary_words(grouped, lang, title="\x00")
        self.summary.value = html.escape(said).replace("\x00", f"<strong>{title}</strong>")
        shown = bool(self.toggle.value)
        self.toggle.description = (
            gtext(lang, "learner", "Hide the rules") if shown else gtext(lang, "learner", "Show the rules")
        )
        sections = []
        for state in ORDER:
            rules = grouped[state]
            if not rules:
                continue
            items = "".join(f"<li>{html.escape(rule_title(rule, lang))}</li>" for rule in rules)
            heading = html.escape(_state_heading(state, len(rules), lang))
            sections.append(f'<section data-state="{state}"><strong>{heading}</strong><ul>{items}</ul></section>')
        self.listing.value = "".join(sections) if shown else ""
