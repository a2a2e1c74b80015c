"""Where on the board a step happens, so that a page taller than the screen can bring it into view.

On a phone or an upright tablet the board is taller than the screen and the step's words and buttons sit in
a bar pinned to the bottom of it.  Each time a step is shown, the dashboard writes where the step happens on
the board into a hidden element (:func:`focus_html`); the page's script scrolls the page so that this part
of the board lies between the top of the screen and the bar.

The place is what the step changed: the squares that received or lost a counter.  A step that changed no
square points at what it is about instead: the temple being scored, the cartouches being compared, the
Kingdom of the Dead, the score track.

>>> from aton.events import CounterPlaced
>>> from aton.widgets.scene import NARROW, highlights_for_event
>>> found = step_focus(highlights_for_event(CounterPlaced("red", (3, 4), "Y", automatic=False)), NARROW)
>>> found.squares, found.box == NARROW.square_box((3, 4))
(((3, 4),), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...widgets.scene import Geometry, Highlights
from ...widgets.shapes import Box

__all__ = ["StepFocus", "focus_html", "step_focus"]


@dataclass(frozen=True)
class StepFocus:
    """The squares a step changed (placed or emptied), and the part of the board to bring into view."""

    squares: tuple[tuple[int, int], ...]
    box: Box | None


def _union(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    left = min(b.x for b in boxes)
    top = min(b.y for b in boxes)
    right = max(b.x + b.w for b in boxes)
    bottom = max(b.y + b.h for b in boxes)
    return Box(left, top, right - left, bottom - top)


def step_focus(highlights: Highlights, geometry: Geometry) -> StepFocus:
    """The squares ``highlights`` marks as changed, and the part of the board drawn with ``geometry`` to show.

    >>> from aton.widgets.scene import GEOMETRY
    >>> step_focus(Highlights(temples=frozenset({2})), GEOMETRY).box == GEOMETRY.temple_box(2)
    True
    >>> step_focus(Highlights(), GEOMETRY)
    StepFocus(squares=(), box=None)
    """
    squares = tuple(sorted(highlights.placed | {square for square, _owner in highlights.removed}))
    if squares:
        return StepFocus(squares, _union([geometry.square_box(s) for s in squares]))
    if len(highlights.temples) == 1:
        (temple,) = highlights.temples
        return StepFocus((), geometry.temple_box(temple))
    if highlights.cartouches:
        boxes = [geometry.cartouche_box(player, number) for player, number in highlights.cartouches]
        return StepFocus((), _union(boxes))
    if highlights.kingdom:
        return StepFocus((), geometry.kingdom)
    if highlights.score:
        return StepFocus((), geometry.track)
    if highlights.squares:
        return StepFocus((), _union([geometry.square_box(s) for s in highlights.squares]))
    return StepFocus((), None)


def focus_html(shown: int | None, focus: StepFocus, geometry: Geometry) -> str:
    """The hidden element the page's script reads: the step's number (``shown``), the squares it changed,
    and the top and bottom of the part to show, as fractions of the board's height (``""``: no step).

    >>> from aton.widgets.scene import GEOMETRY
    >>> focus_html(7, StepFocus(((1, 0),), GEOMETRY.square_box((1, 0))), GEOMETRY)
    '<span class="aton-step-place" data-shown="7" data-squares="1-0" data-top="0.2357" data-bottom="0.3179"></span>'
    >>> focus_html(None, StepFocus((), None), GEOMETRY)
    ''
    """
    if shown is None:
        return ""
    squares = " ".join(f"{temple}-{index}" for temple, index in focus.squares)
    place = ""
    if focus.box is not None:
        top = max(0.0, focus.box.y / geometry.height)
        bottom = min(1.0, (focus.box.y + focus.box.h) / geometry.height)
        place = f' data-top="{top:.4f}" data-bottom="{bottom:.4f}"'
    return f'<span class="aton-step-place" data-shown="{shown}" data-squares="{squares}"{place}></span>'
