"""Jupyter widgets for Aton: the board on a canvas, card assignment, a step-through explainer.

Every component works alone in a notebook, JupyterLab or Voila, speaks English
and French (set ``lang``, or connect a :class:`LanguageSwitch`), and carries a
stable CSS class for browser tests.

- :class:`BoardView`: the board (ipycanvas), clicks through the engine, hover help, text twin.
- :class:`AssignPanel`: one player's four cards onto the cartouches, with a live preview.
- :class:`Stepper`: first / back / forward / end of round / play, board and explanation in step.
- :class:`TextTwin`: the board as accessible HTML.
- :class:`LanguageSwitch`: English / Français for any set of components, setting a :class:`Language`.
- :mod:`aton.widgets.referee`: the one writer of a game; widgets only choose actions and hand them to it.

The drawing logic is plain data in :mod:`aton.widgets.scene` (no widget
imports), the texts are in :mod:`aton.widgets.i18n` and
:mod:`aton.widgets.words`.  The widget classes are imported on first use, so
``import aton.widgets.scene`` works without ipywidgets.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .assign import AssignPanel
    from .board import BoardView
    from .i18n import Language
    from .language import LanguageSwitch
    from .scene import Highlights, Scene, Target, build_scene, highlights_for_event
    from .stepper import Stepper
    from .twin import TextTwin, twin_html

__all__ = [
    "AssignPanel",
    "BoardView",
    "Highlights",
    "Language",
    "LanguageSwitch",
    "Scene",
    "Stepper",
    "Target",
    "TextTwin",
    "build_scene",
    "highlights_for_event",
    "twin_html",
]

_WHERE = {
    "AssignPanel": "assign",
    "BoardView": "board",
    "Highlights": "scene",
    "Language": "i18n",
    "LanguageSwitch": "language",
    "Scene": "scene",
    "Stepper": "stepper",
    "Target": "scene",
    "TextTwin": "twin",
    "build_scene": "scene",
    "highlights_for_event": "scene",
    "twin_html": "twin",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
