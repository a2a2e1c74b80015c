"""The game's own random stream: SplitMix64, whose whole state is one integer.

The state is stored in the game, so a snapshot carries it and a replay draws
the same cards.  The stream is derived from the seed through a hash with a
label of its own, so a harness that seeds ``random.Random(seed)`` for its
choices is not correlated with the deal.

>>> stream = seed_state(7)
>>> stream == seed_state(7) != seed_state(8)
True
>>> cards = [1, 2, 3, 4]
>>> stream = shuffle(cards, stream)
>>> sorted(cards)
[1, 2, 3, 4]
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def seed_state(seed: int, label: str = "aton/deal") -> int:
    """The first state of the stream for ``seed`` (any integer)."""
    digest = hashlib.sha256(f"{label}:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def next_value(state: int) -> tuple[int, int]:
    """Advance ``state``; return ``(new_state, 64-bit output)``."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def shuffle(items: list[T], state: int) -> int:
    """Shuffle ``items`` in place; return the new state.

    Fisher-Yates with the swap indices read off one large random number
    (64 spare bits beyond what the permutation needs, so the bias is
    negligible): one multiplication-free step per card.
    """
    count = len(items)
    pool = 0
    for _ in range(count.bit_length() * count // 64 + 2):
        state, value = next_value(state)
        pool = (pool << 64) | value
    for i in range(count - 1, 0, -1):
        pool, j = divmod(pool, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
