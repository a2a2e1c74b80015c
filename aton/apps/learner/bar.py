"""The learner's bar at the top of a page: the nickname asked once in a class, then shown (:class:`LearnerBar`).

The key travels as the language does (:class:`aton.widgets.LanguageKeeper`): once the page is drawn, a small
script types what the browser keeps under :data:`~aton.apps.learner.flow.KEY` into a hidden field, and a new
key is written back by a one-line script.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ...i18n import check_lang, gtext
from ...rooms import RoomError
from ...widgets.bridge import bridge_reader, script_outputs
from ...widgets.i18n import lang_of
from ...widgets.recording import use_recorder
from .flow import KEY, NICKNAME_KEY, LearnerFlow
from .practise import Practise
from .rules import LearnerRules

__all__ = ["LearnerBar", "learner_bar"]


class LearnerBar(widgets.VBox):  # type: ignore[misc]
    """Who is learning on this page (CSS class ``aton-learner``): in a class, a nickname field
    (``aton-learner-nickname``) and a button (``aton-learner-start``) until the learner is known, then
    "Learning as …" (``aton-learner-name``), the learner's rules and, on a tutorial's page (``tutorial="03"``),
    a "Practise" button.  ``lang`` switches its words."""

    lang = traitlets.Unicode("en")

    def __init__(
        self, flow: LearnerFlow | None = None, lang: str = "en", *, tutorial: str | Sequence[str] | None = None
    ) -> None:
        self.flow = flow if flow is not None else LearnerFlow()
        self.bridge = widgets.Text()
        self.bridge.add_class("aton-learner-bridge")
        reader = widgets.Output()
        reader.outputs = script_outputs(bridge_reader("aton-learner-bridge", {"kept": KEY}))
        self.writer = widgets.Output()
        self._writes = 0
        hidden = widgets.Box([self.bridge, reader, self.writer], layout=widgets.Layout(display="none"))
        self.status = widgets.HTML()
        self.status.add_class("aton-learner-name")
        self.nickname = widgets.Text(continuous_update=False)
        self.nickname.add_class("aton-learner-nickname")
        self.start = widgets.Button(button_style="primary")
        self.start.add_class("aton-learner-start")
        self.start.on_click(lambda _button: self.join(self.nickname.value))
        self.ask = widgets.HBox(
            [self.nickname, self.start], layout=widgets.Layout(display="none", flex_flow="row wrap")
        )
        self.message = widgets.HTML()
        self.message.add_class("aton-learner-message")
        self._problem: RoomError | None = None
        self.rules = LearnerRules(lang=lang)
        """The learner's rules by state (shown once the learner is known)."""
        self.practise = None if tutorial is None else Practise(self.flow, tutorial, lang)
        """The "Practise" button and its case (on a tutorial's page)."""
        more = [] if self.practise is None else [self.practise]
        super().__init__(children=[hidden, self.status, self.ask, self.message, self.rules, *more])
        self.flow.on_recorded(self.refresh)
        self.add_class("aton-learner")
        self.bridge.observe(lambda change: self.read(str(change["new"])), names="value")
        self.lang = check_lang(lang)
        self._render()

    def read(self, text: str) -> None:
        """What the page's script typed (JSON ``{"kept": key or null}``): the learner is known, asked for, or
        made (outside a class)."""
        try:
            facts = json.loads(text) if len(text) < 1000 else None
        except ValueError:
            facts = None
        if not isinstance(facts, dict):
            return
        kept = facts.get("kept")
        key = self.flow.heard(kept if isinstance(kept, str) else None)
        if key is not None or self.flow.key is not None:
            self.keep(key or self.flow.key or "")
        self._problem = self.flow.error
        self.refresh()

    def join(self, nickname: str) -> None:
        """The nickname given: a new learner, whose key the browser keeps."""
        try:
            key = self.flow.join(nickname)
        except RoomError as error:
            self._problem = error
        else:
            self._problem = None
            self.keep(key)
        self.refresh()

    def refresh(self) -> None:
        """Show the learner's rules again from the record, and who is learning."""
        self.rules.show(self.flow.records())
        self._render()

    def keep(self, key: str) -> None:
        """Write ``key`` and the nickname to the browser's ``localStorage`` (a new output each time, so the
        script runs); the front page shows the nickname from there."""
        self._writes += 1
        nickname = json.dumps(self.flow.nickname if self.flow.in_class else None)
        line = (
            f"try {{ window.localStorage.setItem({json.dumps(KEY)}, {json.dumps(key)});"
            f" var nickname = {nickname}, at = {json.dumps(NICKNAME_KEY)};"
            " if (nickname) { window.localStorage.setItem(at, nickname); }"
            " else { window.localStorage.removeItem(at); } }"
        )
        self.writer.outputs = script_outputs(f"{line} catch (error) {{}} // {self._writes}")

    @traitlets.validate("lang")
    def _validate_lang(self, proposal: Any) -> str:
        return lang_of(proposal)

    @traitlets.observe("lang")
    def _lang_changed(self, _change: Any) -> None:
        if hasattr(self, "message"):
            self._render()

    def _render(self) -> None:
        lang, flow = self.lang, self.flow
        self.rules.lang = lang
        if self.practise is not None:
            self.practise.lang = lang
        name = flow.nickname
        if name is not None and flow.in_class:
            said = gtext(lang, "learner", "Learning as {nickname}", nickname=name)
            self.status.value = f"<p><strong>{html.escape(said)}</strong></p>"
        else:
            self.status.value = ""
        self.ask.layout.display = "" if flow.asking else "none"
        self.nickname.placeholder = gtext(lang, "learner", "Your nickname")
        self.nickname.description = gtext(lang, "learner", "Nickname")
        self.start.description = gtext(lang, "learner", "Start")
        self.start.tooltip = gtext(lang, "learner", "Keep what you learn under this nickname")
        lines = []
        if flow.asking:
            lines.append(gtext(lang, "learner", "Give your nickname to keep what you learn on every page."))
        if self._problem is not None:
            lines.append(self._problem.text(lang))
        self.message.value = "".join(f"<p>{html.escape(line)}</p>" for line in lines)


def learner_bar(
    lang: str = "en", flow: LearnerFlow | None = None, *, tutorial: str | Sequence[str] | None = None
) -> LearnerBar:
    """The page's learner bar, its flow made this kernel's recorder: every answer of the page is recorded.
    ``tutorial`` (``"03"``): the page is that tutorial's, and offers practice of its rules and earlier ones."""
    bar = LearnerBar(flow, lang, tutorial=tutorial)
    use_recorder(bar.flow)
    return bar
