"""The static site's learner bar: the record kept in the browser, shown, downloaded and loaded (:class:`HereBar`).

The flow is :class:`~aton.apps.learner.here.HereFlow` (plain Python).  Python runs in a worker of the page,
which has no ``localStorage``: as for the language and the dashboard's game, a small script reads the stored
record into a hidden field (``aton-record-bridge``) once the page is drawn, and a script written into a
hidden output keeps each new record and types its report (kept, refused, or another page's newer record)
into the same field.

The site's front page has no Python: with every record it keeps, the page also keeps the learner's rules read
from it (:func:`rules_text`, under :data:`~aton.apps.learner.here.RULES_KEY`, with the record's check), and
once it has read the browser's record it writes them again if they are missing (a record kept by an older
build), so the front page shows the rules of the record the browser holds.
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ...errors import LearningRecordError
from ...i18n import check_lang, gtext, languages, ngtext
from ...widgets.bridge import bridge_reader, script_outputs
from ...widgets.i18n import lang_of
from ...widgets.recording import use_recorder
from .here import ASIDE_KEY, KEY, RULES_KEY, HereFlow
from .practise import Practise
from .rules import LearnerRules, rules_report

__all__ = ["HereBar", "here_bar", "rules_text"]

BRIDGE = ".aton-record-bridge input"


_WRITER = """(function () {
  var report;
  try {
    var now = window.localStorage.getItem(KEY), check = null;
    if (now !== null) {
      try { var kept = JSON.parse(now); check = kept && typeof kept.check === 'string' ? kept.check : ''; }
      catch (error) { check = ''; }
    }
    if (check !== BASE) {
      report = {conflict: now};
    } else {
      if (ASIDE !== null) { window.localStorage.setItem(ASIDE_KEY, ASIDE); }
      window.localStorage.setItem(KEY, TEXT);
      report = {wrote: true};
      try { window.localStorage.setItem(RULES_KEY, RULES); } catch (error) {} // the front page's; the record is kept
    }
  } catch (error) {
    report = {failed: String((error && error.name) || error)};
  }
  var field = document.querySelector(BRIDGE);
  if (!field) { return; }
  report.n = COUNT;
  field.value = JSON.stringify(report);
  field.dispatchEvent(new Event('input', {bubbles: true}));
})();"""

_RULES_WRITER = """(function () {
  try {
    var now = window.localStorage.getItem(KEY), check = null;
    try { check = JSON.parse(now).check; } catch (error) { check = null; }
    var kept = window.localStorage.getItem(RULES_KEY), had = null;
    try { had = JSON.parse(kept).check; } catch (error) { had = null; }
    if (check === CHECK && had !== CHECK) { window.localStorage.setItem(RULES_KEY, RULES); }
  } catch (error) {}
})();"""
"""Keeps the learner's rules for the front page once the page has read the record, if they are not kept yet for
the record the browser holds (its check is still the one read)."""

_NAMES = re.compile(r"\b(BRIDGE|RULES_KEY|ASIDE_KEY|KEY|BASE|ASIDE|COUNT|TEXT|RULES|CHECK)\b")

LOAD_MOST = 4_000_000
"""The largest file the "Load a record" button passes on, in bytes (a record is at most a million characters)."""


def _js(value: object) -> str:
    """A value as a script literal (``</`` broken so it cannot end the page's script)."""
    return json.dumps(value).replace("</", "<\\/")


def rules_text(flow: HereFlow) -> str:
    """The learner's rules read from ``flow``'s record, for the site's front page, in every language:
    ``{"check": <the record's check>, "langs": {lang: rules_report(...)}}`` as JSON (see
    :data:`~aton.apps.learner.here.RULES_KEY`).

    >>> import json
    >>> from aton.teaching.mastery import Attempt
    >>> flow = HereFlow(clock=lambda: 100.0)
    >>> flow.heard(None)
    >>> _ = flow.record(Attempt(rule="cartouche1", question="q", case="c", correct=False), "en")
    >>> kept = json.loads(rules_text(flow))
    >>> kept["check"] == flow.record_here.check(), kept["langs"]["fr"]["summary"]
    (True, 'Vos règles : 0 maîtrisée, 1 en cours, 29 pas encore vues')
    """
    records = flow.records()
    report = {"check": flow.record_here.check(), "langs": {lang: rules_report(records, lang) for lang in languages()}}
    return json.dumps(report, ensure_ascii=False)


class HereBar(widgets.VBox):  # type: ignore[misc]
    """The record of this browser (CSS class ``aton-learner``, ``aton-learner-here``): the learner's rules,
    "Practise" on a tutorial's page, "Download my record" (``aton-record-download``, then a link
    ``aton-record-link`` to ``aton-record.json``) and "Load a record" (``aton-record-load``); what happened to
    the record in ``aton-learner-message``.  ``lang`` switches its words."""

    lang = traitlets.Unicode("en")

    def __init__(
        self, flow: HereFlow | None = None, lang: str = "en", *, tutorial: str | Sequence[str] | None = None
    ) -> None:
        self.flow = flow if flow is not None else HereFlow()
        self.flow.write = self._write
        self.bridge = widgets.Text()
        self.bridge.add_class("aton-record-bridge")
        reader = widgets.Output()
        reader.outputs = script_outputs(bridge_reader("aton-record-bridge", {"kept": KEY}))
        self.writer = widgets.Output()
        self.rules_writer = widgets.Output()
        self._writes = 0
        hidden = widgets.Box(
            [self.bridge, reader, self.writer, self.rules_writer], layout=widgets.Layout(display="none")
        )
        self.rules = LearnerRules(lang=lang)
        self.practise = None if tutorial is None else Practise(self.flow, tutorial, lang)
        self.download = widgets.Button(icon="download", layout=widgets.Layout(width="auto"))
        self.download.add_class("aton-record-download")
        self.download.on_click(lambda _button: self.offer_download())
        self.link = widgets.HTML()
        self.link.add_class("aton-record-link")
        self.upload = widgets.FileUpload(
            accept=".json,application/json", multiple=False, layout=widgets.Layout(width="auto")
        )
        self.upload.add_class("aton-record-load")
        self.upload.observe(self._on_upload, names="value")
        files = widgets.HBox([self.download, self.link, self.upload], layout=widgets.Layout(flex_flow="row wrap"))
        self.message = widgets.HTML()
        self.message.add_class("aton-learner-message")
        self._said: list[str] = []
        more = [] if self.practise is None else [self.practise]
        super().__init__(children=[hidden, self.rules, *more, files, self.message])
        self.add_class("aton-learner")
        self.add_class("aton-learner-here")
        self.flow.on_recorded(self.refresh)
        self.bridge.observe(self._heard, names="value")
        self.lang = check_lang(lang)
        self.refresh()

    def _heard(self, change: Any) -> None:
        """The page's script typed a report into the bridge: the flow reads it; once the browser's record is read
        and sound, the learner's rules are kept for the front page if they are not yet."""
        known = self.flow.known
        self.flow.heard_report(str(change["new"]))
        if not known and self.flow.known and self.flow.refused is None and self.flow.attempts:
            values = {
                "KEY": _js(KEY),
                "RULES_KEY": _js(RULES_KEY),
                "CHECK": _js(self.flow.record_here.check()),
                "RULES": _js(rules_text(self.flow)),
            }
            self.rules_writer.outputs = script_outputs(_NAMES.sub(lambda match: values[match.group(0)], _RULES_WRITER))

    def _write(self, text: str, base: str | None, aside: str | None) -> None:
        """Run the script that keeps ``text`` in the browser (a new output each time, so it runs), and the
        learner's rules read from it for the front page."""
        self._writes += 1
        values = {
            "BRIDGE": _js(BRIDGE),
            "RULES_KEY": _js(RULES_KEY),
            "ASIDE_KEY": _js(ASIDE_KEY),
            "KEY": _js(KEY),
            "BASE": _js(base),
            "ASIDE": _js(aside),
            "COUNT": str(self._writes),
            "TEXT": _js(text),
            "RULES": _js(rules_text(self.flow)),
        }  # one pass: a value (the record, a damaged text) is never searched for names
        source = _NAMES.sub(lambda match: values[match.group(0)], _WRITER)
        self.writer.outputs = script_outputs(source)

    def offer_download(self) -> None:
        """Show a link to the record as a file (a new link each time: it holds the record as it is now)."""
        name, text = self.flow.download()
        payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
        words = html.escape(gtext(self.lang, "learner", "Save {name}", name=name))
        self.link.value = (
            f'<a class="aton-record-file" download="{html.escape(name)}" '
            f'href="data:application/json;base64,{payload}">{words}</a>'
        )

    def load(self, content: bytes) -> None:
        """A record file chosen: its answers are added, or why not is said (the record is unchanged)."""
        self._said = []
        if len(content) > LOAD_MOST:
            error = LearningRecordError("record_too_large", size=len(content), limit=LOAD_MOST)
            self._said = [self._not_loaded(error)]
        else:
            try:
                added = self.flow.load(content)
            except LearningRecordError as error:
                self._said = [self._not_loaded(error)]
            else:
                self._said = [
                    ngtext(
                        self.lang,
                        "learner",
                        "Record loaded: {count} answer added.",
                        "Record loaded: {count} answers added.",
                        added,
                        count=added,
                    )
                ]
        self.refresh()

    def _not_loaded(self, error: LearningRecordError) -> str:
        reason = error.text(self.lang)
        return gtext(
            self.lang, "learner", "This file was not loaded: {reason}. Your record is unchanged.", reason=reason
        )

    def _on_upload(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        content = bytes(files[0].get("content", b""))
        self.upload.value = ()
        self.load(content)

    def refresh(self) -> None:
        """Show the learner's rules again from the record, and what happened to it."""
        self.rules.show(self.flow.records())
        self._render()

    @traitlets.validate("lang")
    def _validate_lang(self, proposal: Any) -> str:
        return lang_of(proposal)

    @traitlets.observe("lang")
    def _lang_changed(self, _change: Any) -> None:
        if hasattr(self, "message"):
            self._said = []
            self._render()

    def _render(self) -> None:
        lang = self.lang
        self.rules.lang = lang
        if self.practise is not None:
            self.practise.lang = lang
        self.download.description = gtext(lang, "learner", "Download my record")
        self.download.tooltip = gtext(lang, "learner", "Your answers as a file, to keep or to load on another computer")
        self.upload.description = gtext(lang, "learner", "Load a record")
        self.upload.tooltip = gtext(lang, "learner", "Add the answers of a record file you downloaded")
        if self.link.value:
            self.offer_download()
        lines = [*self.flow.problems(lang), *self._said]
        self.message.value = "".join(f'<p role="status">{html.escape(line)}</p>' for line in lines)


def here_bar(lang: str = "en", flow: HereFlow | None = None, *, tutorial: str | Sequence[str] | None = None) -> HereBar:
    """The static site's learner bar, its flow made this kernel's recorder: every answer of the page is kept
    in the browser.  ``tutorial`` (``"03"``): the page is that tutorial's, and offers practice."""
    bar = HereBar(flow, lang, tutorial=tutorial)
    use_recorder(bar.flow)
    return bar
