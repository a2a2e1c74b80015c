"""Small parts of the dashboard's page, each with its widgets, its fixed words and what it shows.

- :class:`Header`: the title, the status (public facts as ``data-*``), the language and the theme switch.
- :class:`CoachPane`: the coach's tab: "Hint", "Play this" and the suggestion.
- :class:`ResumePane`: a game kept from an earlier visit, offered back (continue or decline).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ...widgets.language import LanguageKeeper, LanguageSwitch
from .controller import DashboardController
from .html import coach_html
from .page import button, html
from .text import say

__all__ = ["CoachPane", "Header", "ResumePane"]


class Header:
    """The page's header (``box``): title, status, language switch (the choice kept by the browser), theme switch."""

    def __init__(self, flow: DashboardController, theme: str) -> None:
        self.title = html("aton-title")
        self.status = html("aton-status")
        self.language = LanguageSwitch(language=flow.language)  # shows and sets the controller's language
        self.theme_switch = widgets.ToggleButtons(options=[("Light", "light"), ("Dark", "dark")], value=theme)
        self.theme_switch.add_class("aton-theme")
        self.theme_switch.style.button_width = "5.5em"
        self.keeper = LanguageKeeper(flow.language)  # the browser's language, or the one it kept; kept when chosen
        self.box = widgets.HBox([self.title, self.status, self.language, self.theme_switch, self.keeper])
        self.box.add_class("aton-header")

    def relabel(self, lang: str) -> None:
        """The title in ``lang``."""
        title, subtitle = escape(say("title", lang)), escape(say("subtitle", lang))
        self.title.value = f'<h1 class="aton-heading">{title} <small>{subtitle}</small></h1>'


class CoachPane:
    """The coach's tab (``box``): its help, the button that asks (``ask``), "Play this" (``play``), the hint."""

    def __init__(self, ask: Callable[[], object], play: Callable[[], object]) -> None:
        self.help = html("aton-coach-help")
        self.button = button("aton-hint-button", "info")
        self.hint = html("aton-hint")
        self.play = button("aton-hint-play", "success")
        self.play.layout.display = "none"
        # "Play this" right under the button that asked, above the suggestion and its table (always in view)
        self.box = widgets.VBox([self.help, self.button, self.play, self.hint])
        self.box.add_class("aton-coach")
        self.button.on_click(lambda _b: ask())
        self.play.on_click(lambda _b: play())

    def render(self, flow: DashboardController, lang: str) -> None:
        """The hint of the controller, and "Play this" while it may be played."""
        self.hint.value = coach_html(flow, lang)
        self.play.layout.display = "" if flow.hint is not None and flow.live else "none"

    def relabel(self, lang: str) -> None:
        """The fixed words in ``lang``."""
        self.help.value = f"<p>{escape(say('coach.help', lang))}</p>"
        self.button.description = say("coach.button", lang)
        self.play.description = say("coach.play", lang)


class ResumePane:
    """A game kept from an earlier visit (``box``, hidden without one): its words, ``resume``, ``decline``."""

    def __init__(self, resume: Callable[[], object], decline: Callable[[], object]) -> None:
        self.text = html("aton-resume-text")
        self.continue_button = button("aton-resume-continue", "success")
        self.decline_button = button("aton-resume-decline")
        self.box = widgets.VBox([self.text, widgets.HBox([self.continue_button, self.decline_button])])
        self.box.add_class("aton-resume")
        self.box.layout.display = "none"
        self.continue_button.on_click(lambda _b: resume())
        self.decline_button.on_click(lambda _b: decline())

    def render(self, flow: DashboardController, lang: str) -> None:
        """Show the controller's offer of a kept game, or hide the pane."""
        offer = flow.resume_offer
        self.box.layout.display = "none" if offer is None else ""
        if offer is None:
            self.text.value = ""
            return
        title, words = say("resume.title", lang), offer.text(lang, flow.clock())
        self.text.value = f'<h2 class="aton-h4">{escape(title)}</h2><p>{escape(words)}</p>'

    def relabel(self, lang: str) -> None:
        """The buttons' words in ``lang``."""
        self.continue_button.description = say("resume.continue", lang)
        self.decline_button.description = say("resume.decline", lang)
