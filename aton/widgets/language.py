"""A language switch: English / Français buttons that set a :class:`~aton.widgets.i18n.Language`; and the
page's language chosen by the browser and kept there (:class:`LanguageKeeper`)."""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as widgets
import traitlets

from ..i18n import LANG_KEY, SOURCE_LANGUAGE, language_name, languages
from .bridge import bridge_reader, script_outputs
from .i18n import Language, check_lang, tr

__all__ = ["LANG_KEY", "Language", "LanguageKeeper", "LanguageSwitch", "choose_language"]


class LanguageSwitch(widgets.ToggleButtons):  # type: ignore[misc]
    """One button per language of the catalogs, e.g. English / Français (CSS class ``aton-language``);
    ``value`` is the language code.

    ``LanguageSwitch(*components, lang="en", language=None)``: the switch shows and sets ``language``
    (a :class:`~aton.widgets.i18n.Language`, the page's one language; default: a new one speaking
    ``lang``).  Every component given (or added later with :meth:`connect`) follows it:
    ``component.lang`` changes with the choice.  Each language is named in its own words.
    """

    def __init__(self, *components: Any, lang: str = "en", language: Language | None = None, **kwargs: Any) -> None:
        self.language = language if language is not None else Language(lang)
        """The language this switch shows and sets (its owner: the switch only mirrors it)."""
        options = [(language_name(code), code) for code in languages()]
        super().__init__(options=options, value=self.language.value, **kwargs)
        self.add_class("aton-language")
        self.style.button_width = "6em"
        self.description = tr("language", self.language.value)
        self.observe(self._on_value, names="value")
        self.language.on_change(self._on_language)
        self.connect(*components)

    def connect(self, *components: Any) -> None:
        """Switch the language of ``components`` with this switch (they take its language now)."""
        self.language.follow(*components)

    def _on_value(self, change: Any) -> None:
        self.language.set(check_lang(str(change["new"])))

    def _on_language(self, lang: str) -> None:
        self.description = tr("language", lang)
        self.value = lang  # the same value again changes nothing


_BROWSER_FACTS = (
    "{query: (function () { try { return new URLSearchParams(location.search).get('lang'); }"
    " catch (error) { return null; } })(),"
    " browser: [navigator.language || ''].concat(navigator.languages || []).slice(0, 5)}"
)
"""What the page tells of itself: ``?lang=`` in its address and the browser's own languages."""


def choose_language(query: object, kept: object, browser: object) -> tuple[str, bool]:
    """The page's language from what the browser tells, and whether to keep it: ``(lang, keep)``.

    ``?lang=`` in the address wins and is kept; then the language this browser kept; then the browser's own
    language (its first preference: ``fr-FR`` is French), which is not kept (the browser says it every time);
    anything else is English.

    >>> choose_language("fr", "en", ["en-US"]), choose_language(None, "fr", ["en-US"])
    (('fr', True), ('fr', False))
    >>> choose_language(None, None, ["fr-FR", "en"]), choose_language(None, None, ["de-DE", "fr"])
    (('fr', False), ('en', False))
    >>> choose_language("xx", "??", ["FR"]), choose_language(None, None, None)
    (('fr', False), ('en', False))
    """
    known = languages()

    def code(value: object) -> str | None:
        if not isinstance(value, str) or not value:
            return None
        found = value.strip().lower().replace("_", "-").split("-")[0]
        return found if found in known else None

    if code(query) is not None:
        return str(code(query)), True
    if code(kept) is not None:
        return str(code(kept)), False
    first = browser[0] if isinstance(browser, list) and browser else None
    return code(first) or SOURCE_LANGUAGE, False


class LanguageKeeper(widgets.Box):  # type: ignore[misc]
    """Keeps a page's language in the browser (hidden; CSS class ``aton-language-keeper``).

    ``LanguageKeeper(language)``: once the page is drawn, a small script types into a hidden field what the
    browser says (``?lang=`` in the address, the language kept under :data:`LANG_KEY` in ``localStorage``,
    ``navigator.languages``); :func:`choose_language` decides and ``language`` is set.  Every later change of
    ``language`` (the switch tapped) is written back to ``localStorage`` by a one-line script, so the next
    visit of any page of the server speaks it (a choice made before the browser was heard is not undone).
    The same bridge as the rooms' seat keys: Voila runs the scripts of an output, while a preheated kernel
    never sees the page's address.
    """

    heard = traitlets.Bool(False)
    """Whether the browser has told the page's language (then a language change no longer comes by itself: a
    field shown from then on keeps what is typed in it, which a change of its label would empty)."""

    def __init__(self, language: Language, **kwargs: Any) -> None:
        super().__init__(layout=widgets.Layout(display="none"), **kwargs)
        self.add_class("aton-language-keeper")
        self.language = language
        self.bridge = widgets.Text()
        self.bridge.add_class("aton-language-bridge")
        reader = widgets.Output()
        reader.outputs = script_outputs(
            bridge_reader("aton-language-bridge", {"kept": LANG_KEY}, page_facts=_BROWSER_FACTS)
        )
        self.writer = widgets.Output()
        self._writes = 0
        self._reading = False
        self._chosen = False  # the language was chosen on this page before the browser was heard
        self.children = [self.bridge, reader, self.writer]
        self.bridge.observe(self._on_bridge, names="value")
        language.on_change(self._on_change)

    def read(self, text: str) -> None:
        """What the page's script typed (JSON): set the language it decides, and keep it if it came by address.
        Once the browser has been heard at all, readable or not, :attr:`heard` is true."""
        try:
            self._decide(text)
        finally:
            self.heard = True

    def _decide(self, text: str) -> None:
        try:
            facts = json.loads(text) if isinstance(text, str) and len(text) < 2000 else None
        except ValueError:
            facts = None
        if not isinstance(facts, dict):
            return  # nothing to read: the page stays in its language
        lang, keep = choose_language(facts.get("query"), facts.get("kept"), facts.get("browser"))
        if self._chosen and not keep:
            return  # a tap on the switch before the browser was heard wins over what the browser says
        self._reading = True
        try:
            self.language.set(lang)
        finally:
            self._reading = False
        if keep:
            self.keep(lang)

    def keep(self, lang: str) -> None:
        """Write ``lang`` to the browser's ``localStorage`` (a new output each time, so the script runs)."""
        self._writes += 1
        line = f"try {{ window.localStorage.setItem({json.dumps(LANG_KEY)}, {json.dumps(check_lang(lang))}); }}"
        self.writer.outputs = script_outputs(f"{line} catch (error) {{}} // {self._writes}")

    def _on_bridge(self, change: Any) -> None:
        self.read(str(change["new"]))

    def _on_change(self, lang: str) -> None:
        if not self._reading:
            self._chosen = True
            self.keep(lang)
