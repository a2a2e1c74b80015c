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

from . import data
from .actions import PLAYERS, Action, Assign, Exchange, Place, Player, Remove, parse_square, square_text
from .bots import Bot, make_bot
from .explain import LANGUAGES, explain
from .game import Game, GameView, Phase
from .rules import Rules

HUMAN = "human"

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "welcome": "Aton: {red} (red) against {blue} (blue), seed {seed}. Type ? for a hint, q to quit.",
        "squares_help": "Squares are written temple-index, like 2-5; index 0-11 counts row by row from the top left.",
        "your_turn": "{who}, your turn.",
        "hand": "Your cards: {cards}.",
        "ask_assign": "Cards for cartouches 1 to 4 (like {example}){exchange}: ",
        "exchange_option": ", or x to exchange your cards (once per game)",
        "ask_place": "Place a counter ({left} to place). Choose a square: ",
        "ask_remove": "Remove a counter of {whose} ({left} to remove). Choose a square: ",
        "ask_scoring": "After the scoring, take back one of your counters ({left} left). Choose a square: ",
        "yours": "yours",
        "theirs": "your opponent",
        "options": "You may choose: {squares}.",
        "bad_cards": "Those are not your cards. You hold {hand}; write four numbers, like {example}.",
        "bad_square": "{text!r} is not one of the squares you may choose.",
        "no_exchange": "You cannot exchange any more: the exchange counter is used once per game.",
        "thinking": "{who} ({bot}) is thinking...",
        "hint": "Hint: {text}",
        "bye": "Game left. Goodbye.",
        "over": "The game is over.",
    },
    "fr": {
        "welcome": "Aton : {red} (rouge) contre {blue} (bleu), graine {seed}. Tapez ? pour un conseil, q pour quitter.",
        "squares_help": "Les cases s'écrivent temple-indice, comme 2-5 ; l'indice 0-11 compte rangée par rangée "
        "depuis le coin en haut à gauche.",
        "your_turn": "{who}, à vous.",
        "hand": "Vos cartes : {cards}.",
        "ask_assign": "Cartes pour les cartouches 1 à 4 (comme {example}){exchange} : ",
        "exchange_option": ", ou x pour échanger vos cartes (une fois par partie)",
        "ask_place": "Placez un pion ({left} à placer). Choisissez une case : ",
        "ask_remove": "Retirez un pion {whose} ({left} à retirer). Choisissez une case : ",
        "ask_scoring": "Après le décompte, reprenez un de vos pions (encore {left}). Choisissez une case : ",
        "yours": "à vous",
        "theirs": "adverse",
        "options": "Vous pouvez choisir : {squares}.",
        "bad_cards": "Ce ne sont pas vos cartes. Vous avez {hand} ; écrivez quatre nombres, comme {example}.",
        "bad_square": "{text!r} ne fait pas partie des cases possibles.",
        "no_exchange": "Vous ne pouvez plus échanger : le jeton d'échange ne sert qu'une fois par partie.",
        "thinking": "{who} ({bot}) réfléchit...",
        "hint": "Conseil : {text}",
        "bye": "Partie quittée. Au revoir.",
        "over": "La partie est terminée.",
    },
}
_NAMES = {"en": {"red": "Red", "blue": "Blue"}, "fr": {"red": "Rouge", "blue": "Bleu"}}


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
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self.text = _TEXT[lang]
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

    def say(self, key: str, **values: Any) -> None:
        """Write one message of the game's language."""
        self.write(self.text[key].format(**values))

    def name(self, player: Player) -> str:
        """The colour's name in the game's language."""
        return _NAMES[self.lang][player.label]

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
            self.write(str(self.game))
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
                from .coach import hint

                self.say("hint", text=hint(view, self.lang).text)
                continue
            if answer:
                return answer

    def ask(self, player: Player) -> Action:
        """Show the player's view and ask for a legal action until one is given."""
        view = self.game.view(player)
        self.write(str(view))
        self.say("your_turn", who=self.name(player))
        if view.phase is Phase.ASSIGN:
            return self.ask_assignment(player, view)
        return self.ask_square(player, view)

    def ask_assignment(self, player: Player, view: GameView) -> Action:
        """Ask for the four cards on cartouches 1-4, or the exchange."""
        hand = view.hand(player) or []
        example = " ".join(map(str, sorted(hand, reverse=True)))
        self.say("hand", cards=", ".join(map(str, hand)))
        exchange = self.text["exchange_option"] if view.exchange_available(player) else ""
        while True:
            answer = self.prompt(self.text["ask_assign"].format(example=example, exchange=exchange), view)
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
        codes = ", ".join(f"{text} {view.layout_kind(a.square).code}" for text, a in by_text.items())
        if view.phase is Phase.PLACE:
            message = self.text["ask_place"].format(left=view.placements_left)
        elif view.phase is Phase.REMOVE:
            first = options[0]
            assert isinstance(first, Remove)
            whose = "yours" if view.owner(first.square) is player else "theirs"
            message = self.text["ask_remove"].format(whose=self.text[whose], left=view.removals_left)
        else:
            message = self.text["ask_scoring"].format(left=view.removals_left)
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
            self.write(self.game.why_illegal(tried, self.lang) or self.text["bad_square"].format(text=answer))


def play(red: str, blue: str, seed: int = 0, lang: str = "en", **options: Any) -> int:
    """Play a terminal game; ``red``/``blue`` are ``"human"`` or bot names.  Returns the exit code."""
    return TextGame(red, blue, seed, lang, **options).run()


__all__ = ["HUMAN", "TextGame", "play"]
