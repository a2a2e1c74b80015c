"""A language switch: English / Français buttons that set a :class:`~aton.widgets.i18n.Language`."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..i18n import language_name, languages
from .i18n import Language, check_lang, tr

__all__ = ["Language", "LanguageSwitch"]


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
