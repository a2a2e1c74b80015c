"""The Practise page (``/practise``): the next case for the rule the learner most needs, across every tutorial
(:class:`PractisePage`).

The page is the learner's bar (:class:`~aton.apps.learner.bar.LearnerBar`: the nickname asked once in a class,
the learner's rules) with a "Practise" button that reaches every tutorial
(:data:`~aton.apps.learner.practise.ALL_TUTORIALS`), under a title and a language switch like the class
page's.  The rule comes from the record (:meth:`aton.rooms.LearningStore.next_rule`): a rule to review or
missed lately first, then the spaced repeats of rules mastered a while ago, then the rules being practised and
those not yet seen.  The first case is dealt as soon as the learner is known; every press of the button deals
the next one.

On the static site (no store: Python runs in the browser) the same page is the record kept in the browser
(:class:`~aton.apps.learner.here_bar.HereBar`, the tutorials' one: the learner's rules, "Practise", download
and load): the first case is dealt once the page has read the browser's record, and its link goes back to the
site's front page (:data:`SITE_HOME`).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import traitlets

from ...i18n import check_lang, gtext
from ...widgets.i18n import lang_of
from ...widgets.language import LanguageKeeper, LanguageSwitch
from ...widgets.recording import use_recorder
from . import store_here
from .here import HereFlow
from .here_bar import HereBar
from .practise import ALL_TUTORIALS, Practise

if TYPE_CHECKING:
    from .bar import LearnerBar
    from .flow import LearnerFlow

__all__ = ["SERVER_HOME", "SITE_HOME", "PractisePage", "practise_page"]

SERVER_HOME = "home"
"""The front page, from the server's Practise page (``/practise``: the front page is ``/home``)."""
SITE_HOME = "../../index.html"
"""The front page, from the static site's Practise page (``voici/render/practise.html``)."""

_STYLE = """<style>
.aton-practise-page { max-width: 60em; margin: 0 auto; padding: 0 8px; box-sizing: border-box; }
.aton-practise-header { flex-flow: row wrap; align-items: center; gap: 8px; }
.aton-practise-header h1 { font-size: 1.5em; margin: 4px 16px 4px 0; }
.aton-practise-page .aton-language > .widget-label { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); }
.aton-practise-page .widget-button, .aton-practise-page .widget-toggle-button,
  .aton-practise-page .widget-upload { min-height: 40px; }
.aton-practise-page .aton-learner-practise { font-size: 1.1em; padding: 0 18px; }
.aton-practise-page a { color: #1f4e79; text-decoration: underline; }
@media (pointer: coarse), (max-width: 700px) { .aton-practise-page .widget-button,
  .aton-practise-page .widget-upload { min-height: 44px; } }
</style>"""
"""The page's look: a column that fits a phone, buttons a finger can hit, the language switch's label for
screen readers only (its buttons say the languages)."""


class PractisePage(widgets.VBox):  # type: ignore[misc]
    """The Practise page (CSS class ``aton-practise-page``): a title (``aton-practise-title``), a language
    switch kept in the browser, a lead (``aton-practise-lead``) with a link back to the front page, and the
    learner's bar with its "Practise" button over every tutorial.

    ``PractisePage(flow=None, lang="en")``: ``flow`` is the page's :class:`LearnerFlow` (the server's record),
    or a :class:`HereFlow` (the record kept in the browser); by default a new one of the kind this Python can
    keep (:func:`~aton.apps.learner.store_here`)."""

    lang = traitlets.Unicode("en")

    def __init__(self, flow: LearnerFlow | HereFlow | None = None, lang: str = "en") -> None:
        lang = check_lang(lang)
        self.bar: LearnerBar | HereBar
        """The learner's bar: who is learning, their rules, and the "Practise" button."""
        if isinstance(flow, HereFlow) or (flow is None and not store_here()):
            self.bar = HereBar(flow, lang, tutorial=ALL_TUTORIALS)
            self.home = SITE_HOME
        else:
            from .bar import LearnerBar  # the room store: not in the static site's Python

            self.bar = LearnerBar(flow, lang, tutorial=ALL_TUTORIALS)
            self.home = SERVER_HOME
        """The front page's address, from this page."""
        practise = self.bar.practise
        assert practise is not None
        self.practise: Practise = practise
        self.title = widgets.HTML()
        self.title.add_class("aton-practise-title")
        self.language = LanguageSwitch(lang=lang)
        self.language_keeper = LanguageKeeper(self.language.language)  # chosen by the browser, kept there
        header = widgets.HBox([self.title, self.language, self.language_keeper])
        header.add_class("aton-practise-header")
        self.lead = widgets.HTML()
        self.lead.add_class("aton-practise-lead")
        super().__init__(children=[widgets.HTML(_STYLE), header, self.lead, self.bar])
        self.add_class("aton-practise-page")
        # after the bar has heard the browser or the nickname: the first case, without a press
        if isinstance(self.bar, HereBar):
            self.bar.flow.on_recorded(self.first_case)  # the browser's record read (or changed)
        else:
            self.bar.bridge.observe(lambda _change: self.first_case(), names="value")
            self.bar.start.on_click(lambda _button: self.first_case())
        self.language.connect(self)
        self.lang = lang
        self._render()

    @property
    def flow(self) -> LearnerFlow | HereFlow:
        """The page's learner."""
        return self.bar.flow

    def known(self) -> bool:
        """Whether the learner is known: their key (the server), or the record the browser keeps, read."""
        flow = self.flow
        return flow.known if isinstance(flow, HereFlow) else flow.key is not None

    def first_case(self) -> None:
        """Deal the first case once the learner is known (nothing when a case is already there or when the
        learner is not known yet)."""
        if self.known() and self.practise.case is None and self.practise.dealt == 0:
            self.practise.deal()

    @traitlets.validate("lang")
    def _validate_lang(self, proposal: Any) -> str:
        return lang_of(proposal)

    @traitlets.observe("lang")
    def _lang_changed(self, _change: Any) -> None:
        if hasattr(self, "lead"):
            self._render()

    def _render(self) -> None:
        lang = self.lang
        self.bar.lang = lang
        title = gtext(lang, "practise page", "Practise")
        self.title.value = f"<h1>{html.escape(title)}</h1>"
        lead = html.escape(
            gtext(
                lang,
                "practise page",
                "Each case is chosen from your record: a rule you missed lately first, then a rule you mastered "
                "a while ago, then the rules you are practising and those you have not seen yet.",
            )
        )
        home = html.escape(gtext(lang, "practise page", "Back to the tutorials"))
        self.lead.value = f'<p>{lead}</p><p><a href="{html.escape(self.home)}">{home}</a></p>'


def practise_page(lang: str = "en", flow: LearnerFlow | HereFlow | None = None) -> PractisePage:
    """The Practise page, its learner made this kernel's recorder: every answer of the page is recorded (in the
    server's store, or in the browser on the static site)."""
    page = PractisePage(flow, lang)
    use_recorder(page.flow)
    return page
