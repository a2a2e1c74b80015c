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

The same game on a phone's narrow board (:data:`NARROW`: temples two by two):

>>> narrow = build_scene(aton.new_game(seed=7), geometry=NARROW)
>>> narrow.hit_test(*NARROW.square_box((3, 0)).center)
Target(kind='square', square=(3, 0))
>>> NARROW.temple_box(3).y > NARROW.temple_box(2).y
True

Hidden cards are never in a scene: an unrevealed card on a cartouche is drawn
face down (without its value) unless it belongs to ``viewer``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import data
from ..actions import PLAYERS, RED, Player, Square
from ..game import SQUARES, Game
from ..rules import Layout
from .highlights import Highlights, highlights_for_event, highlights_for_events
from .i18n import tr
from .shapes import (
    GEOMETRY,
    NARROW,
    PALETTE,
    UPRIGHT,
    Box,
    Circle,
    Geometry,
    HitArea,
    Line,
    Polygon,
    Rect,
    Shape,
    Target,
    Text,
)

__all__ = [
    "GEOMETRY",
    "LAYERS",
    "NARROW",
    "PALETTE",
    "UPRIGHT",
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
            size=geometry.text_size(11),
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
    x, y = g.score_label
    shapes.append(Text(x, y, tr("score", lang), size=g.text_size(14), bold=True, tag="track"))
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
                    size=g.text_size(9),
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
        title = tr("temple", lang, number=temple)
        shapes.append(Text(x, g.temple_title_y(temple), title, size=g.text_size(15), bold=True, tag=f"temple:{temple}"))
        rule = tr(f"temple_rule.{temple}", lang, points=rule_fields.get(temple, 0))
        shapes.append(
            Text(
                x,
                g.temple_rule_y(temple),
                rule,
                size=g.text_size(12),
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
    # legend: the kinds of squares, the counters, the mark of a square that may be chosen
    for slot, code in enumerate(("Y", "G", "K", "B", "+1", "+2")):
        x, y = g.legend_slot(slot)
        shapes += _legend_swatch(code, x, y, lang, g, g.legend_room(slot))
    for slot, player in enumerate(PLAYERS, start=6):
        x, y = g.legend_slot(slot)
        shapes += _counter(player, x + 9, y, 8, lang, "legend")
        shapes.append(
            Text(
                x + 24,
                y,
                tr(f"player.{player.label}", lang),
                size=g.text_size(12),
                max_width=g.legend_room(slot),
                tag="legend",
            )
        )
    x, y = g.legend_slot(8)
    shapes.append(Rect(x, y - 9, 18, 18, fill=PALETTE["track"], tag="legend"))
    shapes += _legal_mark(Box(x, y - 9, 18, 18), "legend")
    shapes.append(
        Text(x + 26, y, tr("legend.legal", lang), size=g.text_size(12), max_width=g.legend_room(8), tag="legend")
    )
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
                Text(
                    box.x + 16,
                    box.y + 24,
                    str(number),
                    size=g.text_size(22),
                    bold=True,
                    tag=f"cartouche:{player.label}:{number}",
                )
            )
            shapes.append(
                Text(
                    box.x + 14,
                    box.y + 52,
                    tr(f"cartouche_short.{number}", lang),
                    size=g.text_size(11),
                    colour=PALETTE["muted"],
                    max_width=box.w - 66,
                    tag=f"cartouche:{player.label}:{number}",
                )
            )
    return tuple(shapes)


def _legend_swatch(code: str, x: float, y: float, lang: str, g: Geometry, room: float) -> list[Shape]:
    return [
        Rect(x, y - 9, 18, 18, fill=PALETTE[code], stroke=PALETTE["frame"], radius=2, tag="legend"),
        Text(
            x + 9,
            y,
            tr(f"kind_letter.{code}", lang),
            size=g.text_size(9 if code.startswith("+") else 11),
            colour=PALETTE[f"ink.{code}"],
            align="center",
            bold=True,
            max_width=18,
            tag="legend",
        ),
        Text(x + 24, y, tr(f"kind.{code}", lang), size=g.text_size(12), max_width=room, tag="legend"),
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
                    size=g.text_size(11),
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
            size=g.text_size(13),
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
        Text(
            box.x + 32,
            box.y + 16,
            tr(f"player.{player.label}", lang),
            size=g.text_size(16),
            bold=True,
            colour=ink,
            tag=tag,
        )
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
                size=g.text_size(11),
                colour=PALETTE["text"],
                max_width=box.w - 96,
                tag=f"{tag}:status",
            )
        )
    shapes.append(
        Text(
            box.x + 12,
            box.y + 40,
            tr("score_value", lang, points=state.score(player)),
            size=g.text_size(13),
            tag=f"{tag}:score",
        )
    )
    shapes.append(
        Text(
            box.x + 112,
            box.y + 40,
            tr("stock", lang, count=state.stock(player)),
            size=g.text_size(13),
            tag=f"{tag}:stock",
        )
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
        Text(
            box.x + 34,
            ty,
            tr(f"exchange.{state_tag}", lang),
            size=g.text_size(12),
            max_width=box.w - 40,
            tag=f"exchange:{player.label}:{state_tag}",
        )
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
                size=g.text_size(28),
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
    match target:
        case Target(kind="square", square=square) if square is not None:
            return g.square_box(square).grown(2)
        case Target(kind="temple", temple=temple) if temple is not None:
            return g.temple_header(temple)
        case Target(kind="cartouche", player=player, number=number) if player is not None and number is not None:
            return g.cartouche_box(player, number).grown(2)
        case Target(kind="player", player=player) if player is not None:
            return g.player_box(player).grown(2)
        case Target(kind="kingdom"):
            return g.kingdom.grown(2)
        case Target(kind="score"):
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
