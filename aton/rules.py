"""Rule switches and the board layout.

:class:`Rules` holds every switch a game can be played with; the defaults are
the project's rule decisions.  :class:`Layout` is the board as data: which
kind of square sits where.  A corrected or home-made board is a data change:

>>> rules = Rules(war_cards="discard", round_limit=50)
>>> rules.layout.kind((1, 8)).code
'+1'
>>> Rules.from_dict(rules.to_dict()) == rules
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from . import data
from .errors import LayoutError as LayoutError
from .errors import RulesError

WarCards = Literal["bottom", "discard"]
WAR_CARD_CHOICES: tuple[WarCards, ...] = ("bottom", "discard")


class SquareKind(Enum):
    """The kind of a temple square; ``code`` is its letter on boards and in files."""

    YELLOW = "Y"
    GREEN = "G"
    BLACK = "K"
    BLUE = "B"
    BONUS1 = "+1"
    BONUS2 = "+2"

    @property
    def code(self) -> str:
        """The short code used in layouts and text boards (``K`` is black)."""
        return self.value

    @property
    def bonus(self) -> int:
        """Points printed on a bonus square, 0 for the other kinds."""
        return {"+1": 1, "+2": 2}.get(self.value, 0)


@dataclass(frozen=True)
class Layout:
    """Square kinds of the four temples, row by row from the top row.

    ``rows[t][r]`` is row ``r`` of temple ``t + 1`` as codes separated by
    spaces, for example ``"Y Y G K"``.
    """

    rows: tuple[tuple[str, ...], ...] = data.DEFAULT_LAYOUT_ROWS

    def __post_init__(self) -> None:
        rows = tuple(tuple(str(row) for row in temple) for temple in self.rows)
        object.__setattr__(self, "rows", rows)
        if len(rows) != data.TEMPLE_COUNT:
            raise LayoutError("layout_temples", temples=data.TEMPLE_COUNT, count=len(rows))
        for number, temple in enumerate(rows, start=1):
            if len(temple) != data.ROWS_PER_TEMPLE:
                raise LayoutError("layout_rows", temple=number, count=len(temple), rows=data.ROWS_PER_TEMPLE)
            for row in temple:
                codes = row.split()
                if len(codes) != data.COLUMNS_PER_TEMPLE:
                    raise LayoutError(
                        "layout_row_size", temple=number, row=repr(row), count=len(codes), size=data.COLUMNS_PER_TEMPLE
                    )
                unknown = [code for code in codes if code not in data.SQUARE_KIND_CODES]
                if unknown:
                    raise LayoutError(
                        "layout_codes",
                        temple=number,
                        row=repr(row),
                        unknown=unknown,
                        known=list(data.SQUARE_KIND_CODES),
                    )
            blues = sum(row.split().count("B") for row in temple)
            if blues != 1:
                raise LayoutError("layout_blue", temple=number, count=blues)
        codes = [code for temple in rows for row in temple for code in row.split()]
        for code, refusal in (("Y", "layout_no_yellow"), ("G", "layout_no_green")):
            if code not in codes:  # "every yellow square" of no square would be held by anyone at once
                raise LayoutError(refusal)

    @cached_property
    def kinds(self) -> tuple[SquareKind, ...]:
        """The 48 square kinds, temple 1 first, each temple row by row."""
        return tuple(SquareKind(code) for temple in self.rows for row in temple for code in row.split())

    def kind(self, square: tuple[int, int]) -> SquareKind:
        """The kind of ``(temple, index)``."""
        temple, index = square
        return self.kinds[(temple - 1) * data.SQUARES_PER_TEMPLE + index]

    def squares_of(self, kind: SquareKind) -> tuple[int, ...]:
        """Flat indices (0-47) of every square of ``kind``."""
        return tuple(i for i, k in enumerate(self.kinds) if k is kind)

    @classmethod
    def from_file(cls, path: str | Path) -> Layout:
        """Read a layout from a JSON file: a list of 4 temples, each a list of 3 row strings."""
        try:
            rows = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise LayoutError("layout_file", path=str(path), problem=str(error)) from error
        if not isinstance(rows, list):
            raise LayoutError("layout_file_shape")
        return cls(tuple(tuple(temple) for temple in rows))


@dataclass(frozen=True)
class Rules:
    """Every switch a game is played with.

    - ``war_cards``: where the cards turned in a war go afterwards: ``"bottom"``
      of their owner's pile (default) or their ``"discard"`` pile.
    - ``layout``: the board (default: the layout of RULES-NOTES).
    - ``round_limit``: the game ends after this round at the latest (1 to 200), the
      higher score winning.
    """

    war_cards: WarCards = "bottom"
    layout: Layout = field(default_factory=Layout)
    round_limit: int = data.DEFAULT_ROUND_LIMIT

    def __post_init__(self) -> None:
        if self.war_cards not in WAR_CARD_CHOICES:
            raise RulesError("war_cards", choices=WAR_CARD_CHOICES, given=repr(self.war_cards))
        limit = self.round_limit
        if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= data.MAX_ROUND_LIMIT:
            if isinstance(limit, int) and abs(limit) >= 10**12:
                raise RulesError("round_limit_huge", limit=data.MAX_ROUND_LIMIT)
            raise RulesError("round_limit", limit=data.MAX_ROUND_LIMIT, given=repr(limit))
        if not isinstance(self.layout, Layout):
            raise RulesError("layout_type")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; the layout is written out only when it is not the default."""
        result: dict[str, Any] = {"war_cards": self.war_cards, "round_limit": self.round_limit}
        if self.layout != Layout():
            result["layout"] = [list(temple) for temple in self.layout.rows]
        return result

    @classmethod
    def from_dict(cls, raw: Any) -> Rules:
        """Rebuild rules from :meth:`to_dict` output (missing keys take defaults)."""
        if not isinstance(raw, dict):
            raise RulesError("rules_not_object")
        unknown = set(raw) - {"war_cards", "round_limit", "layout"}
        if unknown:
            raise RulesError("rules_unknown", unknown=sorted(unknown))
        layout_rows = raw.get("layout")
        if "layout" in raw and not (
            isinstance(layout_rows, (list, tuple)) and all(isinstance(t, (list, tuple)) for t in layout_rows)
        ):
            raise LayoutError("layout_shape")
        if layout_rows is not None and not all(isinstance(row, str) for t in layout_rows for row in t):
            raise LayoutError("layout_row_text")
        layout = Layout(tuple(tuple(t) for t in layout_rows)) if layout_rows is not None else Layout()
        war_cards = raw.get("war_cards", "bottom")
        if not isinstance(war_cards, str):
            raise RulesError("war_cards", choices=WAR_CARD_CHOICES, given=type(war_cards).__name__)
        return cls(
            war_cards=war_cards,  # type: ignore[arg-type]  # checked in __post_init__
            round_limit=raw.get("round_limit", data.DEFAULT_ROUND_LIMIT),
            layout=layout,
        )
