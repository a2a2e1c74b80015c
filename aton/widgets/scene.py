"""The board as plain data: what to draw where, and what a point of the board is.

This module never imports ipywidgets or ipycanvas.  From a game state (a
:class:`~aton.Game` or a :class:`~aton.GameView`) and :class:`Highlights` it
computes a :class:`Scene`: three layers of shapes (:class:`Rect`,
:class:`Circle`, :class:`Polygon`, :class:`Line`, :class:`Text`) in logical
pixels, and the hit areas that map a point back to a square, a cartouche, the
Kingdom of the Dead, the score track, a player or a temple.  The canvas widget
only paints these shapes; tests check the drawing as data.

Layers: ``static`` (the board itself, drawn once per language), ``pieces``
(counters, markers, cards, stocks: what the state says) and ``overlay``
(highlights, keyboard focus, hover).

Every shape carries a ``tag`` naming what it shows, for tests and tools:
``square:1-0``, ``label:1-0``, ``counter:red:1-0``, ``card:red:2:up:4``,
``card:blue:2:down``, ``card:red:2:empty``, ``kingdom:3:blue``,
``marker:red:12``, ``legal:1-5``...

>>> import aton
>>> scene = build_scene(aton.new_game(seed=7))
>>> scene.hit_test(*GEOMETRY.square_box((2, 5)).center)
Target(kind='square', square=(2, 5))
>>> len(scene.find("square:"))
48

Hidden cards are never in a scene: an unrevealed card on a cartouche is drawn
face down (without its value) unless it belongs to ``viewer``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Union

from .. import data
from ..actions import PLAYERS, RED, Player, Square
from ..events import Event
from ..game import SQUARES, Game
from ..rules import Layout, SquareKind
from .i18n import tr

__all__ = [
    "GEOMETRY",
    "LAYERS",
    "PALETTE",
    "Box",
    "Circle",
    "Geometry",
    "Highlights",
    "HitArea",
    "Line",
    "Polygon",
    "Rect",
    "Scene",
    "Shape",
    "Target",
    "Text",
    "build_scene",
    "highlights_for_event",
    "highlights_for_events",
    "hit_areas",
    "overlay_layer",
    "pieces_layer",
    "static_layer",
    "visible_cards",
]

LAYERS = ("static", "pieces", "overlay")
"""Layer names, bottom first."""

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


# --------------------------------------------------------------- highlights
@dataclass(frozen=True)
class Highlights:
    """What to point out on top of a state.

    - ``legal``: squares the acting player may choose now;
    - ``placed``: squares that just received a counter;
    - ``removed``: ``(square, owner)`` of counters just removed (drawn as ghosts);
    - ``squares``: squares a scoring line counts (black, bonus or blue squares);
    - ``temples``: temples to frame (opened by cartouche 3, or being scored);
    - ``cartouches``: ``(player, number)`` of cartouches being compared or used;
    - ``kingdom`` / ``score``: frame the Kingdom of the Dead / the score track;
    - ``cursor``: the square under keyboard focus; ``hover``: the target under the mouse;
    - ``suggested``: the square the coach suggests (a star-like mark: a ring and a cross).
    """

    legal: frozenset[Square] = frozenset()
    placed: frozenset[Square] = frozenset()
    removed: tuple[tuple[Square, Player], ...] = ()
    squares: frozenset[Square] = frozenset()
    temples: frozenset[int] = frozenset()
    cartouches: frozenset[tuple[Player, int]] = frozenset()
    kingdom: bool = False
    score: bool = False
    cursor: Square | None = None
    hover: Target | None = None
    suggested: Square | None = None

    def merged(self, other: Highlights) -> Highlights:
        """Both sets of highlights together (``other``'s cursor and hover win when set)."""
        return Highlights(
            legal=self.legal | other.legal,
            placed=self.placed | other.placed,
            removed=self.removed + tuple(r for r in other.removed if r not in self.removed),
            squares=self.squares | other.squares,
            temples=self.temples | other.temples,
            cartouches=self.cartouches | other.cartouches,
            kingdom=self.kingdom or other.kingdom,
            score=self.score or other.score,
            cursor=other.cursor if other.cursor is not None else self.cursor,
            hover=other.hover if other.hover is not None else self.hover,
            suggested=other.suggested if other.suggested is not None else self.suggested,
        )


def _both(number: int) -> frozenset[tuple[Player, int]]:
    return frozenset((player, number) for player in PLAYERS)


def _upto(count: int) -> frozenset[int]:
    return frozenset(range(1, count + 1))


def _kind_squares(layout: Layout, *kinds: SquareKind) -> frozenset[Square]:
    return frozenset(square for square in SQUARES if layout.kind(square) in kinds)


def highlights_for_event(event: Event, layout: Layout | None = None) -> Highlights:
    """What ``event`` touched: the cartouche compared, counters removed, squares placed, the temple scored...

    >>> from aton.events import CounterPlaced
    >>> highlights_for_event(CounterPlaced("red", (2, 5), "Y", automatic=False)).placed
    frozenset({(2, 5)})
    """
    layout = layout or Layout()
    kind, d = event.kind, event.data
    if kind == "reveal":
        return Highlights(cartouches=frozenset((p, n) for p in PLAYERS for n in range(1, data.CARTOUCHE_COUNT + 1)))
    if kind == "cartouche1":
        return Highlights(cartouches=_both(1), score=d.get("scorer") is not None)
    if kind in ("order", "war_turn", "war_cards"):
        return Highlights(cartouches=_both(2))
    if kind == "turn_start":
        player = Player.parse(d["player"])
        return Highlights(cartouches=frozenset({(player, 3)}), temples=_upto(int(d["temples"])))
    if kind == "removal_allowed":
        player = Player.parse(d["player"])
        return Highlights(cartouches=frozenset({(player, 2)}), temples=_upto(int(d["temples"])))
    if kind == "removal_skipped":
        return Highlights(cartouches=frozenset({(Player.parse(d["player"]), 2)}))
    if kind == "placement_allowed":
        return Highlights(cartouches=frozenset({(Player.parse(d["player"]), 4)}))
    if kind == "remove":
        square = (int(d["square"][0]), int(d["square"][1]))
        return Highlights(removed=((square, Player.parse(d["owner"])),), kingdom=d.get("destination") == "kingdom")
    if kind == "place":
        return Highlights(placed=frozenset({(int(d["square"][0]), int(d["square"][1]))}))
    if kind in ("to_kingdom", "kingdom_full", "round_end", "scoring_start", "kingdom_return"):
        return Highlights(kingdom=True)
    if kind == "score_line":
        category = str(d["category"])
        if category.startswith("temple"):
            temple = int(category[-1])
            squares = _kind_squares(layout, SquareKind.BLUE) if temple == data.TEMPLE_COUNT else frozenset()
            return Highlights(temples=frozenset({temple}), squares=squares, score=True)
        if category == "black":
            return Highlights(squares=_kind_squares(layout, SquareKind.BLACK), score=True)
        return Highlights(squares=_kind_squares(layout, SquareKind.BONUS1, SquareKind.BONUS2), score=True)
    if kind == "scoring_removal":
        return Highlights(temples=frozenset(int(t) for t in d.get("temples", ())))
    if kind == "game_over":
        return Highlights(score=True)
    return Highlights()


def highlights_for_events(events: Iterable[Event], layout: Layout | None = None) -> Highlights:
    """The squares that several events touched (placed and removed), for "what just happened".

    Only placements and removals are kept: the frames of cartouches and
    temples belong to single steps.  A square placed then emptied again shows
    as removed.
    """
    placed: set[Square] = set()
    removed: list[tuple[Square, Player]] = []
    for event in events:
        if event.kind not in ("place", "remove"):
            continue
        step = highlights_for_event(event, layout)
        placed |= step.placed
        for square, owner in step.removed:
            placed.discard(square)
            removed = [r for r in removed if r[0] != square] + [(square, owner)]
        for square in step.placed:
            removed = [r for r in removed if r[0] != square]
    return Highlights(placed=frozenset(placed), removed=tuple(removed))


# -------------------------------------------------------------------- scene
@dataclass(frozen=True)
class Scene:
    """Everything to draw, layer by layer, and the hit areas."""

    static: tuple[Shape, ...]
    pieces: tuple[Shape, ...]
    overlay: tuple[Shape, ...]
    hits: tuple[HitArea, ...]
    width: float = GEOMETRY.width
    height: float = GEOMETRY.height
    geometry: Geometry = field(default=GEOMETRY, repr=False)

    def layer(self, name: str) -> tuple[Shape, ...]:
        """The shapes of layer ``name`` (one of :data:`LAYERS`)."""
        if name not in LAYERS:
            raise ValueError(f"unknown layer {name!r}; layers are {LAYERS}")
        shapes: tuple[Shape, ...] = getattr(self, name)
        return shapes

    @property
    def shapes(self) -> tuple[Shape, ...]:
        """All shapes, bottom layer first."""
        return self.static + self.pieces + self.overlay

    def find(self, prefix: str) -> list[Shape]:
        """Shapes whose tag starts with ``prefix``."""
        return [shape for shape in self.shapes if shape.tag.startswith(prefix)]

    def tagged(self, tag: str) -> list[Shape]:
        """Shapes whose tag is exactly ``tag`` (``find("square:1-1")`` would also match ``square:1-10``)."""
        return [shape for shape in self.shapes if shape.tag == tag]

    def texts(self) -> list[str]:
        """Every text drawn."""
        return [shape.text for shape in self.shapes if isinstance(shape, Text)]

    def hit_test(self, x: float, y: float) -> Target | None:
        """The target under the logical point ``(x, y)``, or ``None`` for the bare board."""
        for area in self.hits:
            if area.box.contains(x, y):
                return area.target
        return None


def _hits(geometry: Geometry) -> tuple[HitArea, ...]:
    areas = [HitArea(Target("square", square=square), geometry.square_box(square)) for square in SQUARES]
    areas += [HitArea(Target("temple", temple=t), geometry.temple_header(t)) for t in range(1, data.TEMPLE_COUNT + 1)]
    areas += [
        HitArea(Target("cartouche", player=p, number=n), geometry.cartouche_box(p, n))
        for p in PLAYERS
        for n in range(1, data.CARTOUCHE_COUNT + 1)
    ]
    areas += [HitArea(Target("player", player=p), geometry.player_box(p)) for p in PLAYERS]
    areas.append(HitArea(Target("kingdom"), geometry.kingdom))
    areas.append(HitArea(Target("score"), geometry.track))
    return tuple(areas)


def _counter(player: Player, x: float, y: float, size: float, lang: str, tag: str) -> list[Shape]:
    """A counter: red is a disc with a white ring, blue a diamond with a letter; both outlined."""
    fill = PALETTE[player.label]
    if player is RED:
        return [
            Circle(x, y, size, fill=fill, stroke=PALETTE["outline"], line_width=1.5, tag=tag),
            Circle(x, y, size * 0.55, stroke=PALETTE["counter_ink"], line_width=max(1.5, size * 0.16), tag=tag),
        ]
    d = size * 1.15
    return [
        Polygon(
            ((x, y - d), (x + d, y), (x, y + d), (x - d, y)),
            fill=fill,
            stroke=PALETTE["outline"],
            line_width=1.5,
            tag=tag,
        ),
        Text(
            x,
            y + 0.5,
            tr("counter_letter.blue", lang),
            size=round(size * 0.95),
            colour=PALETTE["counter_ink"],
            align="center",
            bold=True,
            tag=tag,
        ),
    ]


def _square_shapes(layout: Layout, square: Square, lang: str, geometry: Geometry) -> list[Shape]:
    box = geometry.square_box(square)
    code = layout.kind(square).code
    tag = f"{square[0]}-{square[1]}"
    shapes: list[Shape] = [
        Rect(box.x, box.y, box.w, box.h, fill=PALETTE[code], stroke=PALETTE["frame"], radius=3, tag=f"square:{tag}")
    ]
    if code == "K":
        for offset in range(8, int(box.w * 2), 12):
            # diagonal hatching clipped to the square by hand: a pattern on the black squares
            x0, y0 = box.x + max(0.0, offset - box.h), box.y + min(float(offset), box.h)
            x1, y1 = box.x + min(float(offset), box.w), box.y + max(0.0, offset - box.w)
            shapes.append(Line(((x0, y0), (x1, y1)), stroke=PALETTE["hatch.K"], line_width=2, tag=f"pattern:{tag}"))
    if code in ("+1", "+2"):
        shapes.append(
            Rect(
                box.x + 3,
                box.y + 3,
                box.w - 6,
                box.h - 6,
                stroke=PALETTE["frame"],
                dash=(3, 2),
                radius=2,
                tag=f"pattern:{tag}",
            )
        )
    shapes.append(
        Text(
            box.x + 5,
            box.y + 9,
            tr(f"kind_letter.{code}", lang),
            size=11,
            colour=PALETTE[f"ink.{code}"],
            bold=True,
            tag=f"label:{tag}",
        )
    )
    return shapes


def static_layer(layout: Layout | None = None, lang: str = "en", geometry: Geometry = GEOMETRY) -> tuple[Shape, ...]:
    """The board itself: temples and their squares, track, Kingdom, legend, cartouche outlines, labels."""
    layout = layout or Layout()
    g = geometry
    shapes: list[Shape] = [Rect(0, 0, g.width, g.height, fill=PALETTE["board"], tag="board")]
    # score track
    shapes.append(Text(g.margin, g.track_y + g.track_height / 2, tr("score", lang), size=14, bold=True, tag="track"))
    for points in range(data.WINNING_POINTS + 1):
        box = g.track_box(points)
        goal = points == data.WINNING_POINTS
        fill = PALETTE["goal"] if goal else PALETTE["track.alt"] if points % 5 == 0 else PALETTE["track"]
        shapes.append(Rect(box.x, box.y, box.w, box.h, fill=fill, stroke=PALETTE["frame"], tag=f"track:{points}"))
        if points % 5 == 0:
            shapes.append(
                Text(
                    box.center[0],
                    box.center[1],
                    str(points),
                    size=9,
                    align="center",
                    bold=goal,
                    colour=PALETTE["muted"],
                    tag=f"track:{points}",
                )
            )
    # temples
    rule_fields = {2: data.TEMPLE2_MAJORITY_POINTS, 4: data.TEMPLE4_POINTS_PER_BLUE_SQUARE}
    for temple in range(1, data.TEMPLE_COUNT + 1):
        box = g.temple_box(temple).grown(6)
        shapes.append(
            Rect(
                box.x,
                box.y,
                box.w,
                box.h,
                fill=PALETTE["temple"],
                stroke=PALETTE["frame"],
                line_width=2,
                radius=6,
                tag=f"temple:{temple}",
            )
        )
        x = g.temple_x(temple)
        shapes.append(Text(x, g.title_y, tr("temple", lang, number=temple), size=15, bold=True, tag=f"temple:{temple}"))
        rule = tr(f"temple_rule.{temple}", lang, points=rule_fields.get(temple, 0))
        shapes.append(
            Text(
                x,
                g.rule_y,
                rule,
                size=12,
                colour=PALETTE["muted"],
                max_width=g.temple_width + 8,
                tag=f"temple_rule:{temple}",
            )
        )
        for index in range(data.SQUARES_PER_TEMPLE):
            shapes += _square_shapes(layout, (temple, index), lang, g)
    # Kingdom of the Dead: the places (its title shows the count, so it lives with the pieces)
    kingdom = g.kingdom
    shapes.append(
        Rect(
            kingdom.x,
            kingdom.y,
            kingdom.w,
            kingdom.h,
            fill=PALETTE["temple"],
            stroke=PALETTE["frame"],
            radius=6,
            tag="kingdom",
        )
    )
    for place in range(data.KINGDOM_SIZE):
        x, y = g.kingdom_slot(place)
        shapes.append(Circle(x, y, 13, fill=PALETTE["track"], stroke=PALETTE["frame"], dash=(3, 2), tag="kingdom"))
    # legend
    lx, ly = g.legend_x, g.kingdom_y
    for slot, code in enumerate(("Y", "G", "K", "B")):
        shapes += _legend_swatch(code, lx + slot * 150, ly, lang)
    for slot, code in enumerate(("+1", "+2")):
        shapes += _legend_swatch(code, lx + slot * 100, ly + 28, lang)
    for slot, player in enumerate(PLAYERS):
        x = lx + 200 + slot * 100
        shapes += _counter(player, x + 9, ly + 28, 8, lang, "legend")
        shapes.append(Text(x + 24, ly + 28, tr(f"player.{player.label}", lang), tag="legend"))
    x = lx + 400
    shapes.append(Rect(x, ly + 19, 18, 18, fill=PALETTE["track"], tag="legend"))
    shapes += _legal_mark(Box(x, ly + 19, 18, 18), "legend")
    shapes.append(Text(x + 26, ly + 28, tr("legend.legal", lang), max_width=g.width - x - 30, tag="legend"))
    # cartouche outlines with their numbers and meanings
    for player in PLAYERS:
        for number in range(1, data.CARTOUCHE_COUNT + 1):
            box = g.cartouche_box(player, number)
            shapes.append(
                Rect(
                    box.x,
                    box.y,
                    box.w,
                    box.h,
                    fill=PALETTE["cartouche"],
                    stroke=PALETTE["frame"],
                    line_width=2,
                    radius=box.h / 2.6,
                    tag=f"cartouche:{player.label}:{number}",
                )
            )
            shapes.append(
                Text(box.x + 16, box.y + 24, str(number), size=22, bold=True, tag=f"cartouche:{player.label}:{number}")
            )
            shapes.append(
                Text(
                    box.x + 14,
                    box.y + 52,
                    tr(f"cartouche_short.{number}", lang),
                    size=11,
                    colour=PALETTE["muted"],
                    max_width=box.w - 66,
                    tag=f"cartouche:{player.label}:{number}",
                )
            )
    return tuple(shapes)


def _legend_swatch(code: str, x: float, y: float, lang: str) -> list[Shape]:
    return [
        Rect(x, y - 9, 18, 18, fill=PALETTE[code], stroke=PALETTE["frame"], radius=2, tag="legend"),
        Text(
            x + 9,
            y,
            tr(f"kind_letter.{code}", lang),
            size=9 if code.startswith("+") else 11,
            colour=PALETTE[f"ink.{code}"],
            align="center",
            bold=True,
            tag="legend",
        ),
        Text(x + 24, y, tr(f"kind.{code}", lang), size=12, tag="legend"),
    ]


def _legal_mark(box: Box, tag: str) -> list[Shape]:
    """The mark of a square that may be chosen: a dashed frame with a white halo and a corner notch."""
    outer = box.grown(1)
    x2, y = outer.x + outer.w, outer.y
    return [
        Rect(outer.x, outer.y, outer.w, outer.h, stroke=PALETTE["halo"], line_width=5, radius=3, tag=tag),
        Rect(
            outer.x,
            outer.y,
            outer.w,
            outer.h,
            stroke=PALETTE["outline"],
            line_width=2.5,
            dash=(5, 3),
            radius=3,
            tag=tag,
        ),
        Polygon(((x2 - 12, y), (x2, y), (x2, y + 12)), fill=PALETTE["outline"], stroke=PALETTE["halo"], tag=tag),
    ]


def visible_cards(state: Game, player: Player, viewer: Player | None = None) -> tuple[int, ...] | None:
    """The cards on ``player``'s cartouches that may be shown: after the reveal, or to their owner.

    ``None`` when nothing is assigned or when the cards are face down for this viewer.
    """
    cards = state.assignment(player)
    if cards is None:
        return None
    if state.revealed or (viewer is not None and player is viewer):
        return tuple(cards)
    return None


def pieces_layer(
    state: Game,
    lang: str = "en",
    viewer: Player | None = None,
    geometry: Geometry = GEOMETRY,
    preview: Sequence[int | None] | None = None,
) -> tuple[Shape, ...]:
    """What the state says: counters, score markers, Kingdom, stocks, exchange counters and cards.

    ``preview``: the cards ``viewer`` is putting on their cartouches and has not confirmed yet
    (``None`` for an empty cartouche), drawn face up on their side only.
    """
    g = geometry
    shapes: list[Shape] = []
    for square in SQUARES:
        owner = state.owner(square)
        if owner is not None:
            x, y = g.square_box(square).center
            shapes += _counter(owner, x + 3, y + 3, 14, lang, f"counter:{owner.label}:{square[0]}-{square[1]}")
    # score markers: red above the track, blue below; the number beside when past 40
    for player in PLAYERS:
        points = state.score(player)
        box = g.track_box(points)
        cx = box.center[0]
        cy = box.y - 11 if player is RED else box.y + box.h + 11
        shapes += _counter(player, cx, cy, 8, lang, f"marker:{player.label}:{points}")
        if points > data.WINNING_POINTS:
            shapes.append(
                Text(
                    cx + 12,
                    cy,
                    str(points),
                    size=11,
                    bold=True,
                    colour=PALETTE[f"text.{player.label}"],
                    tag=f"marker:{player.label}:{points}",
                )
            )
    # Kingdom of the Dead
    kingdom = state.kingdom
    shapes.append(
        Text(
            g.margin + 8,
            g.kingdom_y,
            tr("kingdom", lang, count=len(kingdom), size=data.KINGDOM_SIZE),
            size=13,
            bold=True,
            tag="kingdom_title",
        )
    )
    for place, owner in enumerate(kingdom[: data.KINGDOM_SIZE]):
        x, y = g.kingdom_slot(place)
        shapes += _counter(owner, x, y, 10, lang, f"kingdom:{place}:{owner.label}")
    # players: panel and cartouches
    to_act = state.to_act
    for player in PLAYERS:
        shapes += _player_panel(state, player, player in to_act, lang, g)
        cards: Sequence[int | None] | None = visible_cards(state, player, viewer)
        assigned = state.has_assigned(player)
        if preview is not None and player is viewer and not assigned:
            cards = tuple(preview)
        for number in range(1, data.CARTOUCHE_COUNT + 1):
            shapes += _card(player, number, cards[number - 1] if cards else None, assigned, g)
    return tuple(shapes)


def _player_panel(state: Game, player: Player, acting: bool, lang: str, g: Geometry) -> list[Shape]:
    box = g.player_box(player)
    ink = PALETTE[f"text.{player.label}"]
    tag = f"player:{player.label}"
    shapes: list[Shape] = [
        Rect(
            box.x,
            box.y,
            box.w,
            box.h,
            fill=PALETTE["cartouche"],
            stroke=ink,
            line_width=3 if acting else 1,
            radius=6,
            tag=tag,
        ),
    ]
    shapes += _counter(player, box.x + 16, box.y + 16, 8, lang, tag)
    shapes.append(
        Text(box.x + 32, box.y + 16, tr(f"player.{player.label}", lang), size=16, bold=True, colour=ink, tag=tag)
    )
    status = []
    if acting:
        status.append(tr("to_act", lang))
    if state.first_player is player:
        status.append(tr("acts_first", lang))
    if status:
        shapes.append(
            Text(
                box.x + 90,
                box.y + 16,
                " · ".join(status),
                size=11,
                colour=PALETTE["text"],
                max_width=box.w - 96,
                tag=f"{tag}:status",
            )
        )
    shapes.append(
        Text(box.x + 12, box.y + 40, tr("score_value", lang, points=state.score(player)), size=13, tag=f"{tag}:score")
    )
    shapes.append(
        Text(box.x + 112, box.y + 40, tr("stock", lang, count=state.stock(player)), size=13, tag=f"{tag}:stock")
    )
    available = state.exchange_available(player)
    tx, ty = box.x + 20, box.y + 62
    hexagon = tuple(
        (tx + 8 * dx, ty + 8 * dy)
        for dx, dy in ((1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87), (0.5, -0.87))
    )
    state_tag = "available" if available else "used"
    if available:
        shapes.append(
            Polygon(
                hexagon, fill=PALETTE["token"], stroke=PALETTE["outline"], tag=f"exchange:{player.label}:{state_tag}"
            )
        )
    else:
        shapes.append(
            Polygon(hexagon, stroke=PALETTE["muted"], dash=(2, 2), tag=f"exchange:{player.label}:{state_tag}")
        )
    shapes.append(
        Text(box.x + 34, ty, tr(f"exchange.{state_tag}", lang), size=12, tag=f"exchange:{player.label}:{state_tag}")
    )
    return shapes


def _card(player: Player, number: int, value: int | None, assigned: bool, g: Geometry) -> list[Shape]:
    box = g.card_box(player, number)
    base = f"card:{player.label}:{number}"
    if value is not None:
        return [
            Rect(
                box.x,
                box.y,
                box.w,
                box.h,
                fill=PALETTE["card"],
                stroke=PALETTE["outline"],
                line_width=1.5,
                radius=4,
                tag=f"{base}:up:{value}",
            ),
            Text(
                box.x + box.w / 2,
                box.y + box.h / 2 + 1,
                str(value),
                size=28,
                bold=True,
                align="center",
                tag=f"{base}:up:{value}",
            ),
        ]
    if assigned:
        shapes: list[Shape] = [
            Rect(
                box.x,
                box.y,
                box.w,
                box.h,
                fill=PALETTE["card_back"],
                stroke=PALETTE["outline"],
                line_width=1.5,
                radius=4,
                tag=f"{base}:down",
            ),
        ]
        inner = box.grown(-5)
        shapes.append(
            Rect(
                inner.x,
                inner.y,
                inner.w,
                inner.h,
                stroke=PALETTE["card_back.line"],
                line_width=1.5,
                radius=2,
                tag=f"{base}:down",
            )
        )
        cx, cy = inner.center
        shapes.append(
            Polygon(
                ((cx, cy - 14), (cx + 10, cy), (cx, cy + 14), (cx - 10, cy)),
                stroke=PALETTE["card_back.line"],
                line_width=1.5,
                tag=f"{base}:down",
            )
        )
        return shapes
    return [Rect(box.x, box.y, box.w, box.h, stroke=PALETTE["frame"], dash=(4, 3), radius=4, tag=f"{base}:empty")]


def overlay_layer(highlights: Highlights, lang: str = "en", geometry: Geometry = GEOMETRY) -> tuple[Shape, ...]:
    """Highlights on top: frames, marked squares, ghosts of removed counters, keyboard focus and hover."""
    g = geometry
    accent, halo = PALETTE["accent"], PALETTE["halo"]
    shapes: list[Shape] = []

    def frame(box: Box, tag: str, width: float = 4.0, radius: float = 6.0) -> None:
        shapes.append(Rect(box.x, box.y, box.w, box.h, stroke=halo, line_width=width + 3, radius=radius, tag=tag))
        shapes.append(Rect(box.x, box.y, box.w, box.h, stroke=accent, line_width=width, radius=radius, tag=tag))

    if highlights.score:
        frame(g.track, "hl:score", 3)
    if highlights.kingdom:
        frame(g.kingdom.grown(3), "hl:kingdom", 3)
    for temple in sorted(highlights.temples):
        frame(g.temple_box(temple).grown(10), f"hl:temple:{temple}")
    for player, number in sorted(highlights.cartouches):
        frame(g.cartouche_box(player, number).grown(3), f"hl:cartouche:{player.label}:{number}", 4, 30)
    for square in sorted(highlights.squares):
        frame(g.square_box(square).grown(2), f"hl:square:{square[0]}-{square[1]}", 3, 4)
    for square in sorted(highlights.legal):
        shapes += _legal_mark(g.square_box(square), f"legal:{square[0]}-{square[1]}")
    for square in sorted(highlights.placed):
        x, y = g.square_box(square).center
        tag = f"placed:{square[0]}-{square[1]}"
        shapes.append(Circle(x + 3, y + 3, 20, stroke=halo, line_width=6, tag=tag))
        shapes.append(Circle(x + 3, y + 3, 20, stroke=accent, line_width=3.5, tag=tag))
    for square, owner in highlights.removed:
        box = g.square_box(square)
        x, y = box.center
        tag = f"removed:{square[0]}-{square[1]}:{owner.label}"
        if owner is RED:
            shapes.append(Circle(x + 3, y + 3, 14, stroke=PALETTE[owner.label], line_width=2.5, dash=(4, 3), tag=tag))
        else:
            d = 16
            shapes.append(
                Polygon(
                    ((x + 3, y + 3 - d), (x + 3 + d, y + 3), (x + 3, y + 3 + d), (x + 3 - d, y + 3)),
                    stroke=PALETTE[owner.label],
                    line_width=2.5,
                    dash=(4, 3),
                    tag=tag,
                )
            )
        for a, b in (
            ((box.x + 8, box.y + 8), (box.x + box.w - 8, box.y + box.h - 8)),
            ((box.x + box.w - 8, box.y + 8), (box.x + 8, box.y + box.h - 8)),
        ):
            shapes.append(Line((a, b), stroke=halo, line_width=6, tag=tag))
            shapes.append(Line((a, b), stroke=accent, line_width=3, tag=tag))
    if highlights.suggested is not None:
        box = g.square_box(highlights.suggested)
        x, y = box.center
        tag = f"suggested:{highlights.suggested[0]}-{highlights.suggested[1]}"
        shapes.append(Circle(x + 3, y + 3, 23, stroke=halo, line_width=7, dash=(6, 4), tag=tag))
        shapes.append(Circle(x + 3, y + 3, 23, stroke=PALETTE["outline"], line_width=3.5, dash=(6, 4), tag=tag))
    if highlights.cursor is not None:
        box = g.square_box(highlights.cursor).grown(4)
        tag = f"cursor:{highlights.cursor[0]}-{highlights.cursor[1]}"
        shapes.append(Rect(box.x, box.y, box.w, box.h, stroke=halo, line_width=7, radius=5, tag=tag))
        shapes.append(Rect(box.x, box.y, box.w, box.h, stroke=PALETTE["outline"], line_width=3.5, radius=5, tag=tag))
    if highlights.hover is not None:
        hover_box = _target_box(highlights.hover, g)
        if hover_box is not None:
            shapes.append(
                Rect(
                    hover_box.x,
                    hover_box.y,
                    hover_box.w,
                    hover_box.h,
                    stroke=PALETTE["muted"],
                    line_width=1.5,
                    dash=(2, 2),
                    radius=3,
                    tag="hover",
                )
            )
    return tuple(shapes)


def _target_box(target: Target, g: Geometry) -> Box | None:
    if target.kind == "square" and target.square is not None:
        return g.square_box(target.square).grown(2)
    if target.kind == "temple" and target.temple is not None:
        return g.temple_header(target.temple)
    if target.kind == "cartouche" and target.player is not None and target.number is not None:
        return g.cartouche_box(target.player, target.number).grown(2)
    if target.kind == "player" and target.player is not None:
        return g.player_box(target.player).grown(2)
    if target.kind == "kingdom":
        return g.kingdom.grown(2)
    if target.kind == "score":
        return g.track
    return None


def build_scene(
    state: Game,
    highlights: Highlights | None = None,
    *,
    lang: str = "en",
    viewer: Player | None = None,
    geometry: Geometry = GEOMETRY,
) -> Scene:
    """The whole scene of ``state`` with ``highlights``, in ``lang``.

    ``viewer`` sees their own cards on the cartouches before the reveal;
    everybody else's stay face down.  Pass ``game.view(player)`` to be sure
    that nothing hidden from that player is even read.
    """
    return Scene(
        static=static_layer(state.rules.layout, lang, geometry),
        pieces=pieces_layer(state, lang, viewer, geometry),
        overlay=overlay_layer(highlights or Highlights(), lang, geometry),
        hits=_hits(geometry),
        width=geometry.width,
        height=geometry.height,
        geometry=geometry,
    )


def hit_areas(geometry: Geometry = GEOMETRY) -> tuple[HitArea, ...]:
    """The hit areas of a board with ``geometry`` (the same for every state)."""
    return _hits(geometry)
