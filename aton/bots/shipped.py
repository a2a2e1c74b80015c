"""Frozen copies of the shipped search bots: ``shipped-easy``, ``shipped-medium``, ``shipped-hard``.

Why they exist: a claim such as "the new ``medium`` beats the old one" needs the old one to play.  The
presets in :data:`aton.bots.mcts.PRESETS` and the fitted evaluation in ``evaluation.json`` change when the
bots improve; once they have, the bot they replaced is gone from the code.  ``shipped.json`` keeps, as data,
each preset's settings (budget, widths, the heuristic's weights) and the coefficients of the fitted model as
they were shipped on the version tag it records.  ``aton bench-strength --first medium --second
shipped-medium`` then measures a change to ``medium`` against the bot it changes, head to head, on the same
code.

What is frozen is data, not code: a change to the search's algorithm itself (how it imagines games,
its quick policy) also changes the frozen copies.  Such a change is measured against an older checkout
(``scripts/compare_search.py``).  On the day of the tag the copies play exactly as the shipped presets
(``tests/test_strength.py`` checks it while it stays true).

>>> bot = frozen_bot("medium")
>>> bot.name, bot.config.iterations, bot.config.evaluation
('shipped-medium', 450, 'fitted')
>>> frozen_bot("wizard")
Traceback (most recent call last):
...
ValueError: no frozen copy of 'wizard'; frozen copies: shipped-easy, shipped-medium, shipped-hard
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from .evaluation import FEATURE_NAMES
from .heuristics import Weights
from .mcts import MctsBot, SearchConfig

PATH = Path(__file__).with_name("shipped.json")
"""Where the frozen settings are stored."""

PREFIX = "shipped-"
"""A frozen copy is named after its preset with this prefix: ``shipped-medium``."""


@cache
def _stored() -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    return stored


def version() -> str:
    """The version tag of the frozen copies (the day their settings were shipped)."""
    return str(_stored()["version"])


def frozen_names() -> tuple[str, ...]:
    """The names of the frozen copies, weakest first: ``("shipped-easy", "shipped-medium", "shipped-hard")``."""
    return tuple(PREFIX + name for name in _stored()["presets"])


@cache
def frozen_config(preset: str) -> SearchConfig:
    """The search settings of ``preset`` as shipped on :func:`version`, the fitted model's coefficients
    included (so that a new ``evaluation.json`` does not change them; a feature added to the model since
    counts 0, as it did then)."""
    stored = _stored()
    try:
        entry = dict(stored["presets"][preset])
    except KeyError:
        raise ValueError(f"no frozen copy of {preset!r}; frozen copies: {', '.join(frozen_names())}") from None
    weights = dict(entry.pop("weights"))
    weights["threat"] = tuple(float(value) for value in weights["threat"])
    coefficients = stored["evaluation"]["coefficients"]
    return SearchConfig(
        **entry,
        weights=Weights(**weights),
        coefficients=tuple(float(coefficients.get(name, 0.0)) for name in FEATURE_NAMES),
    )


def frozen_bot(preset: str) -> MctsBot:
    """The frozen copy of ``preset`` (``"medium"``), named ``shipped-medium``."""
    return MctsBot(frozen_config(preset), name=PREFIX + preset)


__all__ = ["PATH", "PREFIX", "frozen_bot", "frozen_config", "frozen_names", "version"]
