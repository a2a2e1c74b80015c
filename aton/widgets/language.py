"""A language switch that sets ``lang`` on every component it is connected to."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..i18n import language_name, languages
from .i18n import check_lang, tr

__all__ = ["LanguageSwitch"]


class LanguageSwitch(widgets.ToggleButtons):  # type: ignore[misc]
    """One button per language of the catalogs, e.g. English / Français (CSS class ``aton-language``);
    ``value`` is the language code.

    ``LanguageSwitch(*components, lang="en")``: every component given (or added
    later with :meth:`connect`) gets ``component.lang = value`` whenever the
    choice changes.  Each language is named in its own words.
    """

    def __init__(self, *components: Any, lang: str = "en", **kwargs: Any) -> None:
        options = [(language_name(code), code) for code in languages()]
        super().__init__(options=options, value=check_lang(lang), **kwargs)
        self.add_class("aton-language")
        self.style.button_width = "6em"
        self._components: list[Any] = []
        self.observe(self._on_value, names="value")
        self.description = tr("language", lang)
        self.connect(*components)

    def connect(self, *components: Any) -> None:
        """Switch the language of ``components`` with this switch (they take its language now)."""
        for component in components:
            if component not in self._components:
                self._components.append(component)
            component.lang = self.value

    def _on_value(self, change: Any) -> None:
        lang = check_lang(str(change["new"]))
        self.description = tr("language", lang)
        for component in self._components:
            component.lang = lang
