"""A game of Aton in the terminal, for people who prefer text and for screen readers.

Plain lines only: the text board (``print(view)``), the cards in hand, the
squares you may choose, and every step of the game explained in a sentence
(:func:`aton.explain`).  Type ``?`` for a hint from the coach, ``q`` to quit.
Input and output are functions, so the game can be driven from tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import data
from ..actions import PLAYERS, Action, Assign, Exchange, Place, Player, Remove, parse_square, square_text
from ..bots import Bot, make_bot
from ..explain import explain, player_name, square_letter
from ..game import Game, GameView, Phase
from ..i18n import check_lang, msg, nmsg, render, table
from ..rules import Rules

HUMAN = "human"

_TEXT = table(
    msg("terminal welcome", "Aton: {red} (red) against {blue} (blue), seed {seed}. Type ? for a hint, q to quit."),
    msg(
        "terminal squares_help",
        "Squares are written temple-index, like 2-5; index 0-11 counts row by row from the top left.",
    ),
    msg("terminal your_turn", "{who}, your turn."),
    msg("terminal hand", "Your cards: {cards}."),
    msg("terminal ask_assign", "Cards for cartouches 1 to 4 (like {example}){exchange}: "),
    msg("terminal exchange_option", ", or x to exchange your cards (once per game)"),
    nmsg(
        "terminal ask_place",
        "Place a counter ({count} to place). Choose a square: ",
        "Place a counter ({count} to place). Choose a square: ",
    ),
    nmsg(
        "terminal ask_remove_own",
        "Remove one of your counters ({count} to remove). Choose a square: ",
        "Remove one of your counters ({count} to remove). Choose a square: ",
    ),
    nmsg(
        "terminal ask_remove_theirs",
        "Remove a counter of your opponent ({count} to remove). Choose a square: ",
        "Remove a counter of your opponent ({count} to remove). Choose a square: ",
    ),
    nmsg(
        "terminal ask_scoring",
        "After the scoring, take back one of your counters ({count} left). Choose a square: ",
        "After the scoring, take back one of your counters ({count} left). Choose a square: ",
    ),
    msg("terminal options", "You may choose: {squares}."),
    msg("terminal bad_cards", "Those are not your cards. You hold {hand}; write four numbers, like {example}."),
    msg("terminal bad_square", "{text!r} is not one of the squares you may choose."),
    msg("terminal no_exchange", "You cannot exchange any more: the exchange counter is used once per game."),
    msg("terminal thinking", "{who} ({bot}) is thinking..."),
    msg("terminal hint", "Hint: {text}"),
    msg("terminal bye", "Game left. Goodbye."),
    msg("terminal over", "The game is over."),
)


class Quit(Exception):
    """The player asked to leave the game."""


class TextGame:
    """One terminal game; ``players`` maps each colour to ``"human"`` or a bot."""

    def __init__(
        self,
        red: str | Bot,
        blue: str | Bot,
        seed: int = 0,
        lang: str = "en",
        *,
        rules: Rules | None = None,
        read: Callable[[str], str] = input,
        write: Callable[[str], Any] = print,
    ) -> None:
        self.lang = check_lang(lang)
        self.game = Game(seed, rules)
        self.seed = seed
        self.players: dict[Player, Bot | None] = {}
        self.labels: dict[Player, str] = {}
        for player, spec in zip(PLAYERS, (red, blue), strict=True):
            if isinstance(spec, str) and spec.strip().lower() == HUMAN:
                self.players[player] = None
                self.labels[player] = HUMAN
            else:
                bot = make_bot(spec) if isinstance(spec, str) else spec
                self.players[player] = bot
                self.labels[player] = spec if isinstance(spec, str) else bot.name
        self.generators = {p: random.Random(f"aton/play/{seed}/{p.label}") for p in PLAYERS}
        self.read = read
        self.write = write
        self.shown = 0

    def text(self, key: str, **values: Any) -> str:
        """One message in the game's language (``key`` without its ``terminal`` context prefix)."""
        if "seed" in values:  # a seed is a name to type back, not a quantity: no digit grouping
            values["seed"] = str(values["seed"])
        return render(_TEXT[f"terminal {key}"], self.lang, **values)

    def say(self, key: str, **values: Any) -> None:
        """Write one message of the game's language."""
        self.write(self.text(key, **values))

    def name(self, player: Player) -> str:
        """The colour's name in the game's language."""
        return player_name(player.label, self.lang)

    def show_events(self) -> None:
        """Explain every event not yet shown."""
        events = self.game.events
        for event in events[self.shown :]:
            self.write(explain(event, self.lang))
        self.shown = len(events)

    def run(self) -> int:
        """Play until the game ends or the player leaves; return an exit code (0, or 130 on Ctrl-C)."""
        self.say("welcome", red=self.labels[Player.RED], blue=self.labels[Player.BLUE], seed=self.seed)
        self.say("squares_help")
        try:
            self.show_events()
            while self.game.result is None:
                player = self.game.to_act[0]
                bot = self.players[player]
                if bot is None:
                    action = self.ask(player)
                else:
                    self.say("thinking", who=self.name(player), bot=self.labels[player])
                    action = bot.choose(self.game.view(player), self.generators[player])
                self.game.apply(action)
                self.show_events()
            self.write(self.game.board_text(self.lang))
            self.say("over")
            return 0
        except (EOFError, Quit):
            self.write("")
            self.say("bye")
            return 0
        except KeyboardInterrupt:
            self.write("")
            self.say("bye")
            return 130

    # ----------------------------------------------------------------- asking
    def prompt(self, message: str, view: GameView) -> str:
        """Read one answer; ``q`` leaves, ``?`` prints a hint and asks again."""
        while True:
            answer = self.read(message).strip()
            lowered = answer.lower()
            if lowered in ("q", "quit", "quitter", "exit"):
                raise Quit
            if lowered in ("?", "h", "hint", "aide", "conseil"):
                from ..bots.coach import hint

                self.say("hint", text=hint(view, self.lang).text)
                continue
            if answer:
                return answer

    def ask(self, player: Player) -> Action:
        """Show the player's view and ask for a legal action until one is given."""
        view = self.game.view(player)
        self.write(view.board_text(self.lang))
        self.say("your_turn", who=self.name(player))
        if view.phase is Phase.ASSIGN:
            return self.ask_assignment(player, view)
        return self.ask_square(player, view)

    def ask_assignment(self, player: Player, view: GameView) -> Action:
        """Ask for the four cards on cartouches 1-4, or the exchange."""
        hand = view.hand(player) or []
        example = " ".join(map(str, sorted(hand, reverse=True)))
        self.say("hand", cards=", ".join(map(str, hand)))
        exchange = self.text("exchange_option") if view.exchange_available(player) else ""
        while True:
            answer = self.prompt(self.text("ask_assign", example=example, exchange=exchange), view)
            if answer.lower() in ("x", "exchange", "echange", "échange"):
                if view.exchange_available(player):
                    return Exchange(player)
                self.say("no_exchange")
                continue
            digits = [int(c) for c in answer if c.isdigit()]
            action = Assign(player, tuple(digits))
            if len(digits) == data.CARTOUCHE_COUNT and self.game.is_legal(action):
                return action
            self.say("bad_cards", hand=", ".join(map(str, hand)), example=example)

    def ask_square(self, player: Player, view: GameView) -> Action:
        """Ask for a square among the legal ones."""
        options = view.legal_actions(player)
        by_text = {square_text(a.square): a for a in options if isinstance(a, (Place, Remove))}
        codes = ", ".join(
            f"{text} {square_letter(view.layout_kind(a.square).code, self.lang)}" for text, a in by_text.items()
        )
        if view.phase is Phase.PLACE:
            message = self.text("ask_place", count=view.placements_left)
        elif view.phase is Phase.REMOVE:
            first = options[0]
            own = isinstance(first, Remove) and view.owner(first.square) is player
            message = self.text("ask_remove_own" if own else "ask_remove_theirs", count=view.removals_left)
        else:
            message = self.text("ask_scoring", count=view.removals_left)
        self.say("options", squares=codes)
        while True:
            answer = self.prompt(message, view)
            key = answer.replace(" ", "-").replace(",", "-")
            while "--" in key:
                key = key.replace("--", "-")
            if key in by_text:
                return by_text[key]
            try:
                square = parse_square(key)
            except ValueError:
                self.say("bad_square", text=answer)
                continue
            tried: Action = Place(player, square) if view.phase is Phase.PLACE else Remove(player, square)
            self.write(self.game.why_illegal(tried, self.lang) or self.text("bad_square", text=answer))


def play(red: str, blue: str, seed: int = 0, lang: str = "en", **options: Any) -> int:
    """Play a terminal game; ``red``/``blue`` are ``"human"`` or bot names.  Returns the exit code."""
    return TextGame(red, blue, seed, lang, **options).run()


__all__ = ["HUMAN", "TextGame", "play"]
