"""Teaching positions: the prepared games the tutorials and exercises start from.

Teaching positions are JSON files in the position format of
:mod:`aton.position`, shipped in ``aton/positions/``, each with a ``title``
and a ``description`` (``{"en": ..., "fr": ...}``, or English words that the
catalogs translate).  :func:`load_position` reads one by name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..game import Game
from ..i18n import Message, render
from .feedback import Text

__all__ = ["PositionInfo", "list_positions", "load_position", "position_info", "position_json", "position_names"]

_POSITIONS = "positions"


@dataclass(frozen=True)
class PositionInfo:
    """A teaching position's name (its file name without ``.json``), title and description."""

    name: str
    title: Text
    description: Text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PositionInfo) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


def _position_file(name: str) -> Any:
    return resources.files("aton").joinpath(_POSITIONS).joinpath(f"{name}.json")


def position_names() -> list[str]:
    """The names of every teaching position shipped with the package, sorted.

    >>> "scoring" in position_names()
    True
    """
    folder = resources.files("aton").joinpath(_POSITIONS)
    return sorted(entry.name[: -len(".json")] for entry in folder.iterdir() if entry.name.endswith(".json"))


def position_json(name: str) -> str:
    """The JSON text of the teaching position ``name`` (what a teacher copies to write their own)."""
    if name not in position_names():
        raise ValueError(f"no teaching position {name!r}; known positions: {', '.join(position_names())}")
    text: str = _position_file(name).read_text(encoding="utf-8")
    return text


def _text(raw: Any, field_name: str, name: str) -> Text:
    """A position's title or description: English words translated by the catalogs (context ``position
    <field>``), or, in a teacher's own file, an object of texts by language (English required)."""
    if isinstance(raw, str):
        message = Message(f"position {field_name}", raw)
        return Text(lambda lang: render(message, lang) if raw else "")
    if isinstance(raw, dict) and isinstance(raw.get("en"), str) and all(isinstance(v, str) for v in raw.values()):
        texts = dict(raw)
        return Text(lambda lang: texts.get(lang) or texts["en"])
    raise ValueError(f"position {name!r}: {field_name} is a text, or an object of texts by language with an en text")


def position_info(name: str) -> PositionInfo:
    """The title and description of the teaching position ``name``.

    >>> position_info("first-round").title["fr"]
    'La première manche'
    """
    raw = json.loads(position_json(name))
    return PositionInfo(
        name,
        _text(raw.get("title", name), "title", name),
        _text(raw.get("description", ""), "description", name),
    )


def list_positions() -> list[PositionInfo]:
    """Every teaching position with its title and description."""
    return [position_info(name) for name in position_names()]


def load_position(name: str) -> Game:
    """The teaching position ``name`` as a game, validated by the engine.

    >>> load_position("board-tour").round
    6
    """
    return Game.from_json(position_json(name))
