"""Bots that play fair: each decides from a player's view and a seeded random generator.

This package also holds what is built on the bots' search: the coach (:mod:`aton.bots.coach`), the game
review (:mod:`aton.bots.review`) and tournaments between bots (:mod:`aton.bots.tournament`).

Build one by name with :func:`make_bot`; every bot has
``choose(view, rng, on_progress=None) -> action``.

========== ==========================================================================
name       what it is
========== ==========================================================================
random     uniform over the legal actions
greedy     one-step rules of thumb (see :mod:`aton.bots.greedy`)
mcts       information-set Monte Carlo tree search, default budget (``medium``)
easy       ``mcts`` with a small budget
medium     ``mcts`` with the default budget
hard       ``medium`` with more time to think (four times the budget); not shown stronger than ``medium``
========== ==========================================================================

``shipped-easy``, ``shipped-medium`` and ``shipped-hard`` are frozen copies of the presets as shipped on
a tagged day (:mod:`aton.bots.shipped`), for measuring a change against the bot it replaces.

Search bots take options after a colon: ``"mcts:iterations=400"``,
``"mcts:ms=500"`` (a time budget; the answer then depends on the machine's
speed), ``"hard:playout=random"``.

>>> import random, aton
>>> game = aton.new_game(seed=5)
>>> bot = make_bot("greedy")
>>> action = bot.choose(game.view(aton.BLUE), random.Random(0))
>>> game.is_legal(action)
True
>>> make_bot("wizard")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
aton.errors.BotError: unknown bot 'wizard'; known bots: random, greedy, mcts, easy, medium, hard, shipped-easy, ...
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import BotError
from .base import Bot, Progress, RandomBot
from .greedy import GreedyBot
from .mcts import PRESETS, MctsBot

BOT_NAMES: tuple[str, ...] = ("random", "greedy", "mcts", *PRESETS)
"""Names :func:`make_bot` knows, weakest search preset first."""

_FACTORIES: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_bot(spec: str) -> Bot:
    """Build a bot from its name, with optional search options: ``"hard"``, ``"mcts:iterations=300"``.

    Raises :class:`aton.BotError` (a ``ValueError``, told in every language) naming the known bots or
    options when ``spec`` is not understood.
    """
    if not isinstance(spec, str):
        raise BotError("bot_spec_type", found=spec)
    name, _, options = spec.strip().partition(":")
    name = name.strip().lower()
    if name in _FACTORIES:
        if options.strip():
            raise BotError("bot_no_options", name=name, options=options)
        return _FACTORIES[name]()
    if name.startswith("shipped-") and name.removeprefix("shipped-") in PRESETS:
        if options.strip():
            raise BotError("bot_no_options", name=name, options=options)
        from .shipped import frozen_bot

        return frozen_bot(name.removeprefix("shipped-"))
    if name == "mcts" or name in PRESETS:
        return MctsBot.from_spec("medium" if name == "mcts" else name, options, name=name)
    raise BotError("bot_unknown", found=spec, known=[*BOT_NAMES, *(f"shipped-{preset}" for preset in PRESETS)])


__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "MctsBot", "Progress", "RandomBot", "make_bot"]
