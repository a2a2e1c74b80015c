"""Paint scene shapes on an ipycanvas ``Canvas``: the only place that issues drawing commands.

Call :func:`paint_layer` inside ``ipycanvas.hold_canvas()`` so that a whole
layer goes to the browser as one message.  Shapes are in logical pixels;
``scale`` (2 by default in the board) draws them larger so that the canvas,
displayed at its logical size, stays sharp on high-DPI screens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .scene import Circle, Line, Polygon, Rect, Shape

__all__ = ["paint_layer"]


class _Pen:
    """Sets canvas attributes only when they change (each set is a command sent to the browser)."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.values: dict[str, object] = {}

    def set(self, name: str, value: object) -> None:
        if self.values.get(name, _UNSET) != value:
            setattr(self.canvas, name, value)
            self.values[name] = value

    def dash(self, segments: tuple[float, ...]) -> None:
        if self.values.get("dash", ()) != segments:
            self.canvas.set_line_dash(list(segments))
            self.values["dash"] = segments


_UNSET = object()


def _rounded(canvas: Any, shape: Rect) -> None:
    x, y, w, h = shape.x, shape.y, shape.w, shape.h
    r = max(0.0, min(shape.radius, w / 2, h / 2))
    canvas.begin_path()
    canvas.move_to(x + r, y)
    canvas.arc_to(x + w, y, x + w, y + h, r)
    canvas.arc_to(x + w, y + h, x, y + h, r)
    canvas.arc_to(x, y + h, x, y, r)
    canvas.arc_to(x, y, x + w, y, r)
    canvas.close_path()


def _paint_rect(canvas: Any, pen: _Pen, shape: Rect) -> None:
    if shape.radius > 0:
        _rounded(canvas, shape)
        if shape.fill is not None:
            pen.set("fill_style", shape.fill)
            canvas.fill()
        if shape.stroke is not None:
            pen.set("stroke_style", shape.stroke)
            pen.set("line_width", shape.line_width)
            pen.dash(shape.dash)
            canvas.stroke()
        return
    if shape.fill is not None:
        pen.set("fill_style", shape.fill)
        canvas.fill_rect(shape.x, shape.y, shape.w, shape.h)
    if shape.stroke is not None:
        pen.set("stroke_style", shape.stroke)
        pen.set("line_width", shape.line_width)
        pen.dash(shape.dash)
        canvas.stroke_rect(shape.x, shape.y, shape.w, shape.h)


def _paint(canvas: Any, pen: _Pen, shape: Shape) -> None:
    if isinstance(shape, Rect):
        _paint_rect(canvas, pen, shape)
    elif isinstance(shape, Circle):
        if shape.fill is not None:
            pen.set("fill_style", shape.fill)
            canvas.fill_circle(shape.x, shape.y, shape.r)
        if shape.stroke is not None:
            pen.set("stroke_style", shape.stroke)
            pen.set("line_width", shape.line_width)
            pen.dash(shape.dash)
            canvas.stroke_circle(shape.x, shape.y, shape.r)
    elif isinstance(shape, Polygon):
        points = [list(point) for point in shape.points]
        if shape.fill is not None:
            pen.set("fill_style", shape.fill)
            canvas.fill_polygon(points)
        if shape.stroke is not None:
            pen.set("stroke_style", shape.stroke)
            pen.set("line_width", shape.line_width)
            pen.dash(shape.dash)
            canvas.stroke_polygon(points)
    elif isinstance(shape, Line):
        pen.set("stroke_style", shape.stroke)
        pen.set("line_width", shape.line_width)
        pen.dash(shape.dash)
        canvas.stroke_lines([list(point) for point in shape.points])
    else:
        pen.set("font", shape.font)
        pen.set("text_align", shape.align)
        pen.set("fill_style", shape.colour)
        if shape.max_width is None:
            canvas.fill_text(shape.text, shape.x, shape.y)
        else:
            canvas.fill_text(shape.text, shape.x, shape.y, shape.max_width)


def paint_layer(canvas: Any, shapes: Sequence[Shape], scale: float = 1.0) -> int:
    """Clear ``canvas`` and paint ``shapes`` on it at ``scale``; returns the number of shapes painted."""
    canvas.reset_transform()
    canvas.clear()
    canvas.set_transform(scale, 0, 0, scale, 0, 0)
    canvas.line_join = "round"
    canvas.text_baseline = "middle"
    pen = _Pen(canvas)
    for shape in shapes:
        _paint(canvas, pen, shape)
    pen.dash(())
    return len(shapes)
