"""What a finger or a key on the board means: plain Python, tested without a browser.

The board's canvas reports touches and keys; :class:`BoardInput` turns them into intents, and the board
(:class:`~aton.widgets.board.BoardView`) carries them out:

- :class:`Tap`: a short touch on the spot, handled as a click at that point;
- :class:`LongPress`: a finger held :data:`LONG_PRESS_SECONDS` describes what is under it, as the mouse's
  hover does (nothing is chosen);
- :class:`MoveCursor`: the keyboard cursor goes to a square (arrows; Enter or Space with no cursor yet);
- :class:`Choose`: Enter or Space choose the cursor's square; once it is played the cursor goes on to the next
  square that may be chosen (:func:`next_square`), now or when the person's turn comes back;
- :class:`Leave`: Tab or Escape leave the board forward, Shift+Tab backward.

A slide further than :data:`TAP_SLOP` or a second finger is a gesture (a pinch, a scroll): never a choice.

>>> keys = BoardInput()
>>> keys.key("ArrowRight", cursor=None, first=(1, 0), neighbour=lambda sq, dr, dc: (sq[0], sq[1] + dc))
MoveCursor(square=(1, 1))
>>> keys.key("Enter", cursor=(1, 1), first=(1, 0), neighbour=lambda sq, dr, dc: sq)
Choose(square=(1, 1))
>>> keys.key("Tab", shift=True, cursor=None, first=(1, 0), neighbour=lambda sq, dr, dc: sq)
Leave(forward=False)
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..actions import Square

__all__ = [
    "LONG_PRESS_SECONDS",
    "TAP_SLOP",
    "BoardInput",
    "Choose",
    "Intent",
    "Leave",
    "LongPress",
    "MoveCursor",
    "Tap",
    "next_square",
]

LONG_PRESS_SECONDS = 0.5
"""A finger held this long on the board describes what is under it instead of choosing it."""
TAP_SLOP = 12.0
"""How far (logical pixels, about a third of a square) a finger may slide and still tap: further is a swipe."""

ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
"""The arrow keys, as (rows, columns) to move the cursor by."""
CHOOSE_KEYS = ("Enter", " ", "Spacebar")


def next_square(legal: Sequence[Square], after: Square) -> Square | None:
    """Where the keyboard cursor goes once ``after`` was played: the first of the ``legal`` squares that comes
    after it in reading order (temple, then row and column), else the first of them (``None``: none is legal).

    >>> next_square([(1, 2), (2, 0), (3, 5)], (1, 2)), next_square([(1, 2), (2, 0)], (2, 7))
    ((2, 0), (1, 2))
    >>> next_square([], (1, 0)) is None
    True
    """
    ordered = sorted(legal)
    later = [square for square in ordered if square > after]
    return later[0] if later else (ordered[0] if ordered else None)


@dataclass(frozen=True)
class Tap:
    """A short touch on the spot, at canvas pixel ``(x, y)``: the board handles it as a click."""

    x: float
    y: float


@dataclass(frozen=True)
class LongPress:
    """A finger held at canvas pixel ``(x, y)``: describe and outline what is under it, choose nothing."""

    x: float
    y: float


@dataclass(frozen=True)
class MoveCursor:
    """Put the keyboard cursor on ``square`` (and say what is there)."""

    square: Square


@dataclass(frozen=True)
class Choose:
    """Choose ``square``, as a click on it would."""

    square: Square


@dataclass(frozen=True)
class Leave:
    """Leave the board: forward (Tab, Escape) or backward (Shift+Tab); the host moves the focus."""

    forward: bool


Intent = Tap | LongPress | MoveCursor | Choose | Leave
"""What an input means for the board."""


@dataclass
class _Touch:
    """One finger on the canvas, from its touch start to its end (canvas pixels, clock seconds)."""

    x: float
    y: float
    since: float
    gesture: bool = False  # a second finger or a slide: no tap
    described: bool = False  # the long press has shown its description already


class BoardInput:
    """Turns the canvas's touches and keys into intents (:data:`Intent`); holds the finger down now.

    ``clock`` times a long press (tests set their own).  ``on_long_press`` is called with a
    :class:`LongPress` when a finger has been held long enough while still down (in a kernel, where an
    event loop runs; elsewhere the long press is known when the finger lifts).
    """

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, on_long_press: Callable[[LongPress], object] | None = None
    ) -> None:
        self.clock = clock
        self.on_long_press = on_long_press
        self._touch: _Touch | None = None

    # ------------------------------------------------------------------ keys
    @staticmethod
    def key(
        key: str,
        shift: bool = False,
        ctrl: bool = False,
        meta: bool = False,
        *,
        cursor: Square | None,
        first: Square | Callable[[], Square],
        neighbour: Callable[[Square, int, int], Square],
    ) -> Intent | None:
        """What ``key`` does with the keyboard ``cursor`` where it is (``None``: not shown yet).

        Arrows move the cursor from ``cursor`` (else from ``first``, the first square that may be chosen)
        to its ``neighbour``; Enter or Space choose the cursor's square, or with no cursor show it on
        ``first``; Tab and Escape leave forward, Shift+Tab backward.  With Ctrl or Meta the key is the
        browser's: ``None``.
        """
        if ctrl or meta:
            return None
        start = cursor if cursor is not None else (first() if callable(first) else first)
        if key in ARROWS:
            return MoveCursor(neighbour(start, *ARROWS[key]))
        if key in CHOOSE_KEYS:
            return MoveCursor(start) if cursor is None else Choose(cursor)
        if key in ("Escape", "Tab"):
            return Leave(forward=not (key == "Tab" and shift))
        return None

    # --------------------------------------------------------------- touches
    def touch_start(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers on the canvas (every finger down now): one may tap or long press; two make a gesture."""
        if not touches:
            return
        x, y = touches[0]
        if len(touches) > 1:
            if self._touch is None:
                self._touch = _Touch(x, y, self.clock())
            self._touch.gesture = True
            return
        touch = _Touch(x, y, self.clock())
        self._touch = touch
        self._describe_later(touch)

    def touch_move(self, touches: Sequence[tuple[float, float]], scale: float = 1.0) -> None:
        """Fingers moving: a finger sliding further than :data:`TAP_SLOP` (times ``scale``) no longer taps."""
        touch = self._touch
        if touch is None or not touches:
            return
        if len(touches) > 1:
            touch.gesture = True
            return
        x, y = touches[0]
        if math.hypot(x - touch.x, y - touch.y) > TAP_SLOP * scale:
            touch.gesture = True

    def touch_end(self, touches: Sequence[tuple[float, float]]) -> Tap | LongPress | None:
        """A finger lifted (``touches``: those still down); the last one up ends the touch.

        A short touch on the spot is a :class:`Tap`, a long one a :class:`LongPress`, a gesture nothing.
        """
        touch = self._touch
        if touches or touch is None:
            return None
        self._touch = None
        if touch.gesture:
            return None
        if touch.described or self.clock() - touch.since >= LONG_PRESS_SECONDS:
            touch.described = True
            return LongPress(touch.x, touch.y)
        return Tap(touch.x, touch.y)

    def touch_cancel(self) -> None:
        """The browser took the touch over (a system gesture): nothing is chosen."""
        self._touch = None

    def _describe_later(self, touch: _Touch) -> None:
        """In a kernel, describe the square while the finger is still held (on release otherwise)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(LONG_PRESS_SECONDS, self._long_press_due, touch)

    def _long_press_due(self, touch: _Touch) -> None:
        if self._touch is touch and not touch.gesture and not touch.described:
            touch.described = True
            if self.on_long_press is not None:
                self.on_long_press(LongPress(touch.x, touch.y))
