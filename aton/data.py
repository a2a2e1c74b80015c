"""The fixed facts of Aton, in one place.

Everything the rules count with lives here as data: the board layout, the
deck, the counters, the scoring values and the limits.  The engine reads
these names; nothing else in the package repeats the numbers.

>>> TEMPLE_COUNT * SQUARES_PER_TEMPLE
48
>>> sorted(set(DECK)), DECK.count(3)
([1, 2, 3, 4], 9)
>>> DEFAULT_LAYOUT_ROWS[0][2]
'+1 B K +1'
"""

from __future__ import annotations

from typing import Final

TEMPLE_COUNT: Final = 4
ROWS_PER_TEMPLE: Final = 3
COLUMNS_PER_TEMPLE: Final = 4
SQUARES_PER_TEMPLE: Final = ROWS_PER_TEMPLE * COLUMNS_PER_TEMPLE
KINGDOM_SIZE: Final = 8
COUNTERS_PER_PLAYER: Final = 29
CARD_VALUES: Final = (1, 2, 3, 4)
CARDS_PER_VALUE: Final = 9
DECK: Final = tuple(value for value in CARD_VALUES for _ in range(CARDS_PER_VALUE))
HAND_SIZE: Final = 4
CARTOUCHE_COUNT: Final = 4

WINNING_POINTS: Final = 40
CARTOUCHE1_POINTS_PER_DIFFERENCE: Final = 2
REMOVAL_OFFSET: Final = 2
"""Cartouche 2 removes ``value - REMOVAL_OFFSET`` opponent counters (a 1 removes an own one)."""

TEMPLE2_MAJORITY_POINTS: Final = 5
TEMPLE4_POINTS_PER_BLUE_SQUARE: Final = 3
BLACK_MAJORITY_POINTS: Final = 8
POST_SCORING_REMOVALS: Final = 4
DEFAULT_ROUND_LIMIT: Final = 200
MAX_ROUND_LIMIT: Final = 200
"""The highest round limit a game may be played with: it bounds the length of a game, so that every
game's file fits the size limit of game files (random play ends in about 11 rounds)."""
MAX_NUMBER_DIGITS: Final = 40
"""The most digits a whole number (a seed, a count) may have in a game or a file: 128-bit seeds fit."""

SQUARE_KIND_CODES: Final = ("Y", "G", "K", "B", "+1", "+2")
"""Codes of the square kinds: yellow, green, black, blue, bonus +1, bonus +2."""

DEFAULT_LAYOUT_ROWS: Final = (
    ("Y Y G G", "Y Y G K", "+1 B K +1"),
    ("G G Y Y", "G G Y K", "+2 B K +1"),
    ("Y Y G G", "Y Y G K", "K B K +2"),
    ("G G Y Y", "G G Y K", "K B K +2"),
)
"""The default board: temples 1-4, each three rows of four squares, top row first."""
