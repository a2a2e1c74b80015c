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
    """Where every part of the board sits, in logical pixels (draw at ``scale`` x for sharp screens).

    The same fields lay out the wide board (:data:`GEOMETRY`: four temples side by side, the players'
    rows below) and the narrow one (:data:`NARROW`, for phones: temples two by two, the score track in
    two rows, each player's panel above their cartouches two by two).  ``min_text`` is the smallest font
    the board uses: every text of the scene is drawn at least that large (:meth:`text_size`).
    """

    margin: float = 24.0
    track_x: float = 84.0
    track_y: float = 34.0
    track_cell: float = 21.0
    track_height: float = 20.0
    track_per_row: int = data.WINNING_POINTS + 1
    track_row_pitch: float = 60.0
    score_label_y: float | None = None
    title_y: float = 94.0
    rule_y: float = 112.0
    grid_y: float = 132.0
    pitch: float = 50.0
    square: float = 46.0
    temple_gap: float = 40.0
    temples_per_row: int = data.TEMPLE_COUNT
    temple_row_pitch: float = 0.0
    kingdom_y: float = 310.0
    kingdom_pitch: float = 32.0
    legend_x: float = 330.0
    legend_y: float | None = None
    legend_columns: int = 0
    legend_column_width: float = 122.0
    legend_row_pitch: float = 26.0
    rows_y: tuple[float, float] = (376.0, 466.0)
    row_height: float = 80.0
    player_width: float | None = None
    cartouche_x: float = 280.0
    cartouche_y: float = 0.0
    cartouche_pitch: float = 172.0
    cartouche_width: float = 156.0
    cartouches_per_row: int = data.CARTOUCHE_COUNT
    cartouche_row_pitch: float = 0.0
    min_text: float = 12.0
    width: float = 980.0
    height: float = 560.0

    def text_size(self, size: float) -> float:
        """The font size to draw a text meant at ``size``: never below ``min_text``."""
        return max(size, self.min_text)

    @property
    def temple_width(self) -> float:
        """Width of one temple's grid."""
        return self.pitch * data.COLUMNS_PER_TEMPLE - (self.pitch - self.square)

    @property
    def temple_height(self) -> float:
        """Height of one temple's grid."""
        return self.pitch * data.ROWS_PER_TEMPLE - (self.pitch - self.square)

    def _temple_row(self, temple: int) -> float:
        """How far down temple ``temple``'s row of temples lies (0 for the first row)."""
        return ((temple - 1) // self.temples_per_row) * self.temple_row_pitch

    def temple_x(self, temple: int) -> float:
        """Left edge of temple ``temple``'s grid."""
        column = (temple - 1) % self.temples_per_row
        return self.margin + 6 + column * (self.pitch * data.COLUMNS_PER_TEMPLE + self.temple_gap)

    def temple_title_y(self, temple: int) -> float:
        """Middle of temple ``temple``'s title."""
        return self.title_y + self._temple_row(temple)

    def temple_rule_y(self, temple: int) -> float:
        """Middle of the line under temple ``temple``'s title that says how it scores."""
        return self.rule_y + self._temple_row(temple)

    def temple_box(self, temple: int) -> Box:
        """The grid of temple ``temple`` (1-4)."""
        return Box(self.temple_x(temple), self.grid_y + self._temple_row(temple), self.temple_width, self.temple_height)

    def temple_header(self, temple: int) -> Box:
        """The title and rule above temple ``temple``."""
        top = self.temple_title_y(temple) - 10
        return Box(self.temple_x(temple), top, self.temple_width, self.grid_y - self.title_y + 2)

    def square_box(self, square: Square) -> Box:
        """The square ``(temple, index)``."""
        temple, index = square
        row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
        grid = self.temple_box(temple)
        return Box(grid.x + column * self.pitch, grid.y + row * self.pitch, self.square, self.square)

    def neighbour(self, square: Square, d_row: int, d_column: int) -> Square:
        """The square next to ``square`` as the board is drawn, one step down ``d_row`` / right ``d_column``.

        What the arrow keys follow: on the wide board right of temple 1 comes temple 2; on the narrow one
        below temple 1 comes temple 3.  At an edge the square stays where it is.
        """
        cx, cy = self.square_box(square).center
        best: tuple[float, Square] | None = None
        for temple in range(1, data.TEMPLE_COUNT + 1):
            for index in range(data.SQUARES_PER_TEMPLE):
                ox, oy = self.square_box((temple, index)).center
                dx, dy = ox - cx, oy - cy
                along = dx * d_column + dy * d_row  # how far in the arrow's direction
                across = abs(dx * d_row) + abs(dy * d_column)  # how far off its line
                if along > 0 and across <= self.pitch / 2 and (best is None or along < best[0]):
                    best = (along, (temple, index))
        return best[1] if best is not None else square

    def track_box(self, points: int) -> Box:
        """The cell of the score track for ``points`` (0 to 40; higher scores sit on 40)."""
        cell = min(max(points, 0), data.WINNING_POINTS)
        row, column = divmod(cell, self.track_per_row)
        return Box(
            self.track_x + column * self.track_cell,
            self.track_y + row * self.track_row_pitch,
            self.track_cell,
            self.track_height,
        )

    @property
    def track_rows(self) -> int:
        """How many rows the score track takes."""
        return -(-(data.WINNING_POINTS + 1) // self.track_per_row)

    @property
    def track(self) -> Box:
        """The whole score track, with room for the markers above and below."""
        cells = min(data.WINNING_POINTS + 1, self.track_per_row)
        height = (self.track_rows - 1) * self.track_row_pitch + self.track_height + 48
        return Box(self.track_x - 4, self.track_y - 24, cells * self.track_cell + 8, height)

    @property
    def score_label(self) -> tuple[float, float]:
        """Where the word "Score" starts: left of the track, or above it (``score_label_y``)."""
        if self.score_label_y is None:
            return (self.margin, self.track_y + self.track_height / 2)
        return (self.margin, self.score_label_y)

    def kingdom_slot(self, place: int) -> tuple[float, float]:
        """Centre of place ``place`` (0-7) of the Kingdom of the Dead."""
        return (self.margin + 20 + place * self.kingdom_pitch, self.kingdom_y + 28)

    @property
    def kingdom(self) -> Box:
        """The Kingdom of the Dead with its title."""
        return Box(self.margin, self.kingdom_y - 12, data.KINGDOM_SIZE * self.kingdom_pitch + 16, 58)

    def legend_slot(self, slot: int) -> tuple[float, float]:
        """Left and middle of entry ``slot`` of the legend: yellow, green, black, blue, +1, +2, red, blue, legal.

        The wide board lines them up right of the Kingdom; a narrow one puts them in ``legend_columns``
        columns below it.
        """
        if self.legend_columns:
            row, column = divmod(slot, self.legend_columns)
            top = self.legend_y if self.legend_y is not None else self.kingdom_y + 60
            return (self.margin + column * self.legend_column_width, top + row * self.legend_row_pitch)
        x, y = self.legend_x, self.kingdom_y
        if slot < 4:
            return (x + slot * 150, y)
        if slot < 6:
            return (x + (slot - 4) * 100, y + 28)
        if slot < 8:
            return (x + 200 + (slot - 6) * 100, y + 28)
        return (x + 400, y + 28)

    def legend_room(self, slot: int) -> float:
        """How wide the words of legend entry ``slot`` may be (from its left edge to the next entry or the edge)."""
        x, _ = self.legend_slot(slot)
        if self.legend_columns:
            return self.legend_column_width - 30
        return self.width - x - 30

    def row_y(self, player: Player) -> float:
        """Top of ``player``'s row (panel and cartouches)."""
        return self.rows_y[player]

    def player_box(self, player: Player) -> Box:
        """``player``'s panel: name, score, stock, exchange counter."""
        width = self.player_width if self.player_width is not None else self.cartouche_x - self.margin - 16
        return Box(self.margin, self.row_y(player), width, self.row_height)

    def cartouche_box(self, player: Player, number: int) -> Box:
        """``player``'s cartouche ``number`` (1-4)."""
        row, column = divmod(number - 1, self.cartouches_per_row)
        x = self.cartouche_x + column * self.cartouche_pitch
        y = self.row_y(player) + self.cartouche_y + row * self.cartouche_row_pitch
        return Box(x, y, self.cartouche_width, self.row_height - 4)

    def card_box(self, player: Player, number: int) -> Box:
        """The card lying on ``player``'s cartouche ``number``."""
        box = self.cartouche_box(player, number)
        return Box(box.x + box.w - 50, box.y + 8, 42, 60)


GEOMETRY = Geometry()
"""The board's geometry (logical size 980 x 560): temples side by side, for a laptop or a projector."""

NARROW = Geometry(
    margin=8.0,
    score_label_y=12.0,
    track_x=18.0,
    track_y=42.0,
    track_cell=16.0,
    track_height=18.0,
    track_per_row=21,
    track_row_pitch=60.0,
    title_y=160.0,
    rule_y=177.0,
    grid_y=192.0,
    pitch=42.0,
    square=38.0,
    temple_gap=12.0,
    temples_per_row=2,
    temple_row_pitch=176.0,
    kingdom_y=538.0,
    legend_y=604.0,
    legend_columns=3,
    legend_column_width=120.0,
    rows_y=(686.0, 946.0),
    row_height=80.0,
    player_width=356.0,
    cartouche_x=8.0,
    cartouche_y=88.0,
    cartouche_pitch=182.0,
    cartouche_width=174.0,
    cartouches_per_row=2,
    cartouche_row_pitch=84.0,
    min_text=13.0,
    width=372.0,
    height=1206.0,
)
"""The board on a phone (logical size 372 x 1206), shown about as large as it is drawn: temples two by two,
squares of 38 and no text under 13 logical pixels, so that a 360-pixel-wide board keeps squares of 36 CSS
pixels and text of 12."""

UPRIGHT = Geometry(
    margin=8.0,
    track_cell=18.0,
    temple_gap=12.0,
    legend_y=382.0,
    legend_columns=3,
    legend_column_width=280.0,
    rows_y=(466.0, 646.0),
    cartouche_x=262.0,
    cartouche_pitch=296.0,
    cartouche_width=288.0,
    cartouches_per_row=2,
    cartouche_row_pitch=84.0,
    min_text=15.5,
    width=854.0,
    height=826.0,
)
"""The board on an upright tablet (logical size 854 x 826): the four temples side by side as on the wide
board, closer together, the legend in three columns under the Kingdom, each player's cartouches two by two
beside their panel.  Shown 730 CSS pixels wide (a tablet held upright, 768 pixels), its squares are 39 CSS
pixels, larger than the wide board's would be there (34), and no text is under 12."""

LAYOUTS: dict[str, Geometry] = {"wide": GEOMETRY, "upright": UPRIGHT, "narrow": NARROW}
"""The board's layouts by name: the page picks one from its width (:func:`layout_for_width`)."""

NARROW_MAX_WIDTH = 700
"""Up to this many CSS pixels wide (a phone), the board takes the narrow geometry."""
UPRIGHT_MAX_WIDTH = 900
"""Up to this wide (a tablet held upright: 768, 800, 834 px), the upright geometry: the wide board would show
its squares under 37 CSS pixels there."""


def layout_for_width(width: float) -> str:
    """The board's layout (a key of :data:`LAYOUTS`) for ``width`` CSS pixels of room (``0``: unknown, wide).

    >>> [layout_for_width(w) for w in (0, 360, 700, 768, 900, 1024)]
    ['wide', 'narrow', 'narrow', 'upright', 'upright', 'wide']
    """
    if width <= 0 or width > UPRIGHT_MAX_WIDTH:
        return "wide"
    return "narrow" if width <= NARROW_MAX_WIDTH else "upright"
