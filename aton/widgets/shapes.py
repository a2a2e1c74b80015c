"""The drawing vocabulary of the board: colours, shapes, boxes, targets and where every part sits.

Plain data without any widget: :mod:`aton.widgets.scene` builds a board from these, the canvas paints
them (:mod:`aton.widgets.paint`), and tests read them.

>>> GEOMETRY.square_box((1, 0)).contains(*GEOMETRY.square_box((1, 0)).center)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from .. import data
from ..actions import Player, Square

# ------------------------------------------------------------------ palette
PALETTE: dict[str, str] = {
    # Okabe-Ito colours, readable with the common colour-vision deficiencies; every
    # kind also carries a letter and every counter a shape, so colour is never needed.
    "Y": "#F0E442",
    "G": "#009E73",
    "K": "#3C3C3C",
    "B": "#56B4E9",
    "+1": "#E8D9B5",
    "+2": "#E8D9B5",
    "ink.Y": "#1A1A1A",
    "ink.G": "#FFFFFF",
    "ink.K": "#FFFFFF",
    "ink.B": "#1A1A1A",
    "ink.+1": "#1A1A1A",
    "ink.+2": "#1A1A1A",
    "hatch.K": "#5E5E5E",
    "red": "#D55E00",
    "blue": "#0B4F8A",
    "text.red": "#A84A00",
    "text.blue": "#0B4F8A",
    "counter_ink": "#FFFFFF",
    "outline": "#1A1A1A",
    "board": "#F6EEDC",
    "temple": "#E9DBBE",
    "frame": "#8C6D46",
    "text": "#1A1A1A",
    "muted": "#5A4A32",
    "track": "#FFFDF6",
    "track.alt": "#EFE4CC",
    "goal": "#D9C49A",
    "card": "#FFFFFF",
    "card_back": "#6B4F2A",
    "card_back.line": "#A88B5F",
    "cartouche": "#FBF5E8",
    "accent": "#B5307F",
    "halo": "#FFFFFF",
    "token": "#8C6D46",
}
"""Colours by role: square kinds by code, players by label, and the board's inks."""


# ------------------------------------------------------------------- shapes
@dataclass(frozen=True)
class Rect:
    """A rectangle; ``radius`` rounds its corners, ``dash`` strokes it dashed."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    radius: float = 0.0
    tag: str = ""


@dataclass(frozen=True)
class Circle:
    """A circle around ``(x, y)``."""

    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    tag: str = ""


@dataclass(frozen=True)
class Polygon:
    """A closed polygon through ``points``."""

    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    tag: str = ""


@dataclass(frozen=True)
class Line:
    """An open polyline through ``points``."""

    points: tuple[tuple[float, float], ...]
    stroke: str = "#000000"
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    tag: str = ""


@dataclass(frozen=True)
class Text:
    """A line of text anchored at ``(x, y)``: ``align`` left/center/right, vertically centred."""

    x: float
    y: float
    text: str
    size: float = 12.0
    colour: str = PALETTE["text"]
    align: Literal["left", "center", "right"] = "left"
    bold: bool = False
    max_width: float | None = None
    tag: str = ""

    @property
    def font(self) -> str:
        """The CSS font, in logical pixels."""
        return f"{'bold ' if self.bold else ''}{self.size:g}px sans-serif"


Shape = Union[Rect, Circle, Polygon, Line, Text]  # noqa: UP007 - a runtime alias on Python 3.10


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in logical pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> tuple[float, float]:
        """The middle of the box."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, px: float, py: float) -> bool:
        """Whether ``(px, py)`` lies inside (edges included)."""
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h

    def grown(self, by: float) -> Box:
        """The same box, ``by`` pixels larger on every side."""
        return Box(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)


TargetKind = Literal["square", "temple", "cartouche", "kingdom", "score", "player"]


@dataclass(frozen=True)
class Target:
    """What a point of the board is: a square, a temple's title, a player's cartouche, a panel..."""

    kind: TargetKind
    square: Square | None = None
    temple: int | None = None
    player: Player | None = None
    number: int | None = None

    def __repr__(self) -> str:
        fields = [f"kind={self.kind!r}"]
        for name in ("square", "temple", "player", "number"):
            value = getattr(self, name)
            if value is not None:
                fields.append(f"{name}={value!r}")
        return f"Target({', '.join(fields)})"


@dataclass(frozen=True)
class HitArea:
    """A box on the board and the target it stands for."""

    target: Target
    box: Box


# ----------------------------------------------------------------- geometry
@dataclass(frozen=True)
class Geometry:
    """Where every part of the board sits, in logical pixels (draw at ``scale`` x for sharp screens)."""

    margin: float = 24.0
    track_x: float = 84.0
    track_y: float = 34.0
    track_cell: float = 21.0
    track_height: float = 20.0
    title_y: float = 94.0
    rule_y: float = 112.0
    grid_y: float = 132.0
    pitch: float = 50.0
    square: float = 46.0
    temple_gap: float = 40.0
    kingdom_y: float = 310.0
    kingdom_pitch: float = 32.0
    legend_x: float = 330.0
    rows_y: tuple[float, float] = (376.0, 466.0)
    row_height: float = 80.0
    cartouche_x: float = 280.0
    cartouche_pitch: float = 172.0
    cartouche_width: float = 156.0
    width: float = 980.0
    height: float = 560.0

    @property
    def temple_width(self) -> float:
        """Width of one temple's grid."""
        return self.pitch * data.COLUMNS_PER_TEMPLE - (self.pitch - self.square)

    @property
    def temple_height(self) -> float:
        """Height of one temple's grid."""
        return self.pitch * data.ROWS_PER_TEMPLE - (self.pitch - self.square)

    def temple_x(self, temple: int) -> float:
        """Left edge of temple ``temple``'s grid."""
        return self.margin + 6 + (temple - 1) * (self.pitch * data.COLUMNS_PER_TEMPLE + self.temple_gap)

    def temple_box(self, temple: int) -> Box:
        """The grid of temple ``temple`` (1-4)."""
        return Box(self.temple_x(temple), self.grid_y, self.temple_width, self.temple_height)

    def temple_header(self, temple: int) -> Box:
        """The title and rule above temple ``temple``."""
        return Box(self.temple_x(temple), self.title_y - 10, self.temple_width, self.grid_y - self.title_y + 2)

    def square_box(self, square: Square) -> Box:
        """The square ``(temple, index)``."""
        temple, index = square
        row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
        return Box(
            self.temple_x(temple) + column * self.pitch, self.grid_y + row * self.pitch, self.square, self.square
        )

    def track_box(self, points: int) -> Box:
        """The cell of the score track for ``points`` (0 to 40; higher scores sit on 40)."""
        cell = min(max(points, 0), data.WINNING_POINTS)
        return Box(self.track_x + cell * self.track_cell, self.track_y, self.track_cell, self.track_height)

    @property
    def track(self) -> Box:
        """The whole score track, with room for the markers above and below."""
        cells = data.WINNING_POINTS + 1
        return Box(self.track_x - 4, self.track_y - 24, cells * self.track_cell + 8, self.track_height + 48)

    def kingdom_slot(self, place: int) -> tuple[float, float]:
        """Centre of place ``place`` (0-7) of the Kingdom of the Dead."""
        return (self.margin + 20 + place * self.kingdom_pitch, self.kingdom_y + 28)

    @property
    def kingdom(self) -> Box:
        """The Kingdom of the Dead with its title."""
        return Box(self.margin, self.kingdom_y - 12, data.KINGDOM_SIZE * self.kingdom_pitch + 16, 58)

    def row_y(self, player: Player) -> float:
        """Top of ``player``'s row (panel and cartouches)."""
        return self.rows_y[player]

    def player_box(self, player: Player) -> Box:
        """``player``'s panel: name, score, stock, exchange counter."""
        return Box(self.margin, self.row_y(player), self.cartouche_x - self.margin - 16, self.row_height)

    def cartouche_box(self, player: Player, number: int) -> Box:
        """``player``'s cartouche ``number`` (1-4)."""
        x = self.cartouche_x + (number - 1) * self.cartouche_pitch
        return Box(x, self.row_y(player), self.cartouche_width, self.row_height - 4)

    def card_box(self, player: Player, number: int) -> Box:
        """The card lying on ``player``'s cartouche ``number``."""
        box = self.cartouche_box(player, number)
        return Box(box.x + box.w - 50, box.y + 8, 42, 60)


GEOMETRY = Geometry()
"""The board's geometry (logical size 980 x 560)."""
