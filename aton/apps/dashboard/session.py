"""What the dashboard plays, without any widget: the game, who plays each side, files.

- :class:`Setup` is what a player chooses for a new game (mode, bot level, colour, seed, names);
  :class:`Session` is a game with its players: which side a person plays, which a bot.
- :func:`save_file` writes a game to a file that reveals nothing hidden from the people at the
  screen; :func:`read_game_file` reads a saved game, a teacher's position or a record, and turns
  every problem into a :class:`LoadError` with a clear message.
- Background work (a bot's or the coach's search) runs through :mod:`aton.apps.work`.

>>> import aton
>>> session = Session(Setup(mode=Mode.BOT, level="easy", human=aton.RED, seed=12))
>>> session.controller(aton.BLUE), session.viewer, session.controls
('bot', RED, (RED,))
>>> saved = save_file(session.game, session.viewer)
>>> '"deck"' in saved.text, saved.full
(False, False)
>>> again = read_game_file(saved.text.encode(), "saved.json", seed_if_missing=5)
>>> again.hand(aton.RED) == session.game.hand(aton.RED), again.score(aton.BLUE)
(True, 0)
"""

from __future__ import annotations

import json
import random
import secrets
import time
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ...actions import BLUE, PLAYERS, RED, Player
from ...bots import Bot, make_bot
from ...explain import player_name
from ...game import Game, new_game
from ...i18n import gtext
from ...jsonfile import MAX_FILE_BYTES
from ...position import GameFileError, load_game

__all__ = [
    "LEVELS",
    "MAX_FILE_BYTES",
    "LoadError",
    "Mode",
    "SavedFile",
    "Session",
    "Setup",
    "fresh_seed",
    "public_position",
    "read_game_file",
    "save_file",
]

LEVELS = ("easy", "medium", "hard")
"""Bot levels offered, weakest first (names of :func:`aton.bots.make_bot`)."""

SEED_RANGE = 1_000_000
"""New random seeds are below this, short enough to read out to a class."""


class Mode(Enum):
    """Who plays: a person against a bot, two people sharing a screen, two bots watched, or a friend on
    another screen (a room of :mod:`aton.rooms`)."""

    BOT = "bot"
    TWO = "two"
    WATCH = "watch"
    FRIEND = "friend"


def fresh_seed() -> int:
    """A new random seed, drawn from the operating system (never from the shared ``random`` module)."""
    return secrets.randbelow(SEED_RANGE)


@dataclass(frozen=True)
class Setup:
    """The choices behind a new game.

    ``human`` is the colour the person plays against a bot (or in a room, their seat); ``names`` are
    optional names for red and blue when two people share the screen (or the nicknames in a room);
    ``spectator``: this page watches a room without a seat; ``seed=None`` draws a new one.
    """

    mode: Mode = Mode.BOT
    level: str = "easy"
    human: Player = RED
    seed: int | None = None
    names: tuple[str, str] = ("", "")
    spectator: bool = False

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"the bot level is one of {', '.join(LEVELS)}, not {self.level!r}")
        object.__setattr__(self, "human", Player(self.human))
        object.__setattr__(self, "mode", Mode(self.mode))


class Session:
    """A game and its players.

    Bots get a generator seeded from the game's seed and their colour, so a shared seed played with
    the same moves gives the same bot answers.
    """

    def __init__(
        self, setup: Setup, game: Game | None = None, *, source: str | None = None, started: float | None = None
    ) -> None:
        self.setup = setup
        self.started = time.time() if started is None else started
        """When the game began (seconds since the epoch; a game kept for a reload keeps its own): the header
        says how long ago."""
        if game is None:
            game = new_game(setup.seed if setup.seed is not None else fresh_seed())
        self.game = game
        self.source = source
        """The name of the file the game was loaded from, if any."""
        self.bots: dict[Player, Bot] = {p: make_bot(setup.level) for p in PLAYERS if self.controller(p) == "bot"}
        self.bot_rngs = {p: random.Random(f"aton/dashboard/{game.seed}/{p.label}") for p in self.bots}

    @property
    def mode(self) -> Mode:
        """The mode of play."""
        return self.setup.mode

    def controller(self, player: Player) -> str:
        """``"human"`` (at this screen), ``"bot"``, or ``"friend"`` (on another screen): who decides for ``player``."""
        mode = self.setup.mode
        if mode is Mode.FRIEND:
            return "human" if player is self.setup.human and not self.setup.spectator else "friend"
        if mode is Mode.TWO or (mode is Mode.BOT and player is self.setup.human):
            return "human"
        return "bot"

    @property
    def humans(self) -> tuple[Player, ...]:
        """The colours people play."""
        return tuple(p for p in PLAYERS if self.controller(p) == "human")

    @property
    def viewer(self) -> Player | None:
        """Whose eyes the shared parts of the page use: the person against a bot or seated in a room, else
        nobody (public only)."""
        if self.setup.mode is Mode.FRIEND:
            return None if self.setup.spectator else self.setup.human
        return self.setup.human if self.setup.mode is Mode.BOT else None

    @property
    def controls(self) -> tuple[Player, ...]:
        """The colours whose squares clicks on the board choose."""
        return self.humans

    def bots_to_decide(self) -> list[Player]:
        """The bots that must decide now.

        Where a person and a bot choose at the same time (the cards of a round), the bot waits until the
        person has committed: it then decides from its own view, as before, where the person's cards are
        still face down.  Until then nothing about the bot's cards of this round exists anywhere (not in
        the game, not in a kept or saved game), so nobody can read them before choosing their own.

        >>> from aton import Assign
        >>> session = Session(Setup(seed=5))
        >>> session.bots_to_decide()  # red, a person, chooses first
        []
        >>> session.game.apply(Assign(RED, tuple(session.game.hand(RED))))
        >>> session.bots_to_decide() == [BLUE]
        True
        """
        to_act = self.game.to_act
        if any(player not in self.bots for player in to_act):
            return []
        return list(to_act)

    def name(self, player: Player, word: str) -> str:
        """A display name: ``"Blue (Ana)"`` when two people gave names, else ``word`` (the colour's word)."""
        given = self.setup.names[player].strip() if self.setup.mode in (Mode.TWO, Mode.FRIEND) else ""
        return f"{word} ({given})" if given else word


# -------------------------------------------------------------------- files
class LoadError(GameFileError):
    """A file that cannot become a game; the message says why."""


@dataclass(frozen=True)
class SavedFile:
    """A file to download: its name, its JSON text, and whether it is the full game (``full``)."""

    name: str
    text: str
    full: bool
    viewer: Player | None


def public_position(game: Game, viewer: Player | None, lang: str = "en") -> dict[str, Any]:
    """The position as ``viewer`` may know it (``None``: what everyone may know), in the position format.

    Left out: both draw piles, the random stream, the seed, the history, the opponent's hand and any
    assignment still face down for the viewer.  :meth:`aton.Game.from_dict` deals the missing cards
    again, so a loaded file plays on with fresh hidden cards.

    >>> import aton
    >>> game = aton.new_game(seed=3)
    >>> game.apply(aton.Assign(aton.BLUE, tuple(game.hand(aton.BLUE))))
    >>> position = public_position(game, aton.RED)
    >>> position["blue"].get("assignment"), "hand" in position["blue"], position["red"]["hand"] == game.hand(aton.RED)
    (None, False, True)
    """
    snapshot = game.to_dict()
    position: dict[str, Any] = {
        key: snapshot[key]
        for key in ("format", "rules", "round", "phase", "temples", "kingdom", "revealed", "resolution", "result")
    }
    for player in PLAYERS:
        side = dict(snapshot[player.label])
        side.pop("deck", None)
        if player is not viewer:
            side.pop("hand", None)
            if not game.revealed:
                side["assignment"] = None
        position[player.label] = side
    fields: dict[str, object] = {"round": game.round}
    if viewer is None:
        description = gtext(
            lang,
            "saved position",
            "Saved from the Aton dashboard in round {round}, as everyone sees it. "
            "Hidden cards are not in this file: they are dealt again when it is loaded.",
            **fields,
        )
    else:
        description = gtext(
            lang,
            "saved position",
            "Saved from the Aton dashboard in round {round}, as {player} sees it. "
            "Hidden cards are not in this file: they are dealt again when it is loaded.",
            player=player_name(viewer.label, lang),
            **fields,
        )
    position["description"] = description
    return position


def save_file(game: Game, viewer: Player | None, lang: str = "en") -> SavedFile:
    """The file to download for ``game``: the full game once it is over, else :func:`public_position`
    (which describes itself in ``lang``)."""
    if game.result is not None:
        return SavedFile(f"aton-game-seed-{game.seed}.json", game.to_json(indent=1), True, viewer)
    text = json.dumps(public_position(game, viewer, lang), indent=1, ensure_ascii=False)
    who = "everyone" if viewer is None else viewer.label
    return SavedFile(f"aton-round-{game.round}-{who}.json", text, False, viewer)


def read_game_file(data: bytes, name: str, seed_if_missing: int) -> Game:
    """A game from a file's bytes: a saved game, a teacher's position or a record (``aton-record/1``).

    The engine's one reader of game files (:func:`aton.position.load_game`) does every check: size,
    nesting, numbers, fields, and for a saved game with its history a replay that must give exactly
    the file.  A position without a seed (as :func:`save_file` writes during a game) gets
    ``seed_if_missing``, which deals its missing cards: new hidden cards, not the ones of the game
    it was saved from.  Raises :class:`LoadError` saying what is wrong; nothing else escapes.
    """
    try:
        return load_game(bytes(data), seed_if_missing=seed_if_missing)
    except GameFileError as error:
        raise LoadError(error.code, **error.details) from None


def other(player: Player) -> Player:
    """The opponent (``BLUE`` for ``RED``)."""
    return BLUE if player is RED else RED
