"""The bot interface: a player's view and a seeded random generator in, one legal action out.

A bot never sees the full game.  It is handed ``game.view(player)``, where the
opponent's hand, a face-down assignment and the order of both draw piles are
hidden, and a ``random.Random`` it uses for every random choice; the same view
and a generator in the same state give the same action.

>>> import random, aton
>>> from aton.bots import make_bot
>>> game = aton.new_game(seed=3)
>>> bot = make_bot("random")
>>> action = bot.choose(game.view(aton.RED), random.Random(1))
>>> game.is_legal(action)
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator
from typing import TypeVar

from ..actions import Action, Player
from ..errors import BotError
from ..game import GameView

Progress = Callable[[float], "bool | None"]
"""``on_progress(fraction)``, called while a bot thinks (fraction 0-1).

Returning ``False`` asks the bot to stop early and answer with its best action
so far (still legal; an early stop makes the answer depend on timing)."""

T = TypeVar("T")
Steps = Generator[None, None, T]
"""Work in steps: a generator that yields now and then and returns its result at the end.

Whoever drives it may do something else between two steps: a browser page, where Python has no
threads, handles its clicks there (a "stop" among them) while a bot thinks."""


def run_steps(steps: Steps[T]) -> T:
    """Drive ``steps`` to the end and return its result.

    >>> def count() -> Steps[int]:
    ...     yield
    ...     yield
    ...     return 2
    >>> run_steps(count())
    2
    """
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]


class Bot(ABC):
    """A player program.  Subclasses implement :meth:`decide`; :meth:`choose` checks the view first."""

    name: str = "bot"

    def choose(self, view: GameView, rng: random.Random, on_progress: Progress | None = None) -> Action:
        """One legal action for ``view.viewer``, chosen from the view alone.

        Raises ``ValueError`` if ``view`` is not a player's view or that player
        has nothing to decide.
        """
        return run_steps(self.choose_steps(view, rng, on_progress))

    def choose_steps(self, view: GameView, rng: random.Random, on_progress: Progress | None = None) -> Steps[Action]:
        """:meth:`choose` in steps (see :data:`Steps`): the same action, with pauses while the bot thinks."""
        if not isinstance(view, GameView):
            raise BotError("bot_needs_view")
        player = view.viewer
        if player not in view.to_act:
            raise BotError("bot_nothing_to_decide", player=player.label, phase=view.phase.value)
        action = yield from self.decide_steps(view, player, rng, on_progress)
        if on_progress is not None:
            on_progress(1.0)
        return action

    @abstractmethod
    def decide(self, view: GameView, player: Player, rng: random.Random, on_progress: Progress | None) -> Action:
        """The bot's choice for ``player``, who is to act in ``view``."""

    def decide_steps(
        self, view: GameView, player: Player, rng: random.Random, on_progress: Progress | None
    ) -> Steps[Action]:
        """:meth:`decide` in steps; a bot that thinks long pauses now and then (a quick one: never)."""
        yield from ()
        return self.decide(view, player, rng, on_progress)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class RandomBot(Bot):
    """Picks uniformly among the legal actions (the exchange counter included)."""

    name = "random"

    def decide(self, view: GameView, player: Player, rng: random.Random, on_progress: Progress | None) -> Action:
        """A legal action drawn uniformly with ``rng``."""
        options = view.legal_actions(player)
        return options[rng.randrange(len(options))]
