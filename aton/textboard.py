"""A plain-text board: what ``print(game)`` shows (``game.board_text("fr")`` in French).  Public information only.

>>> import aton
>>> print(aton.new_game(seed=1))  # doctest: +ELLIPSIS
Round 1 · assign · to act: red and blue
Score  red 0  blue 0 · Stock  red 29  blue 29 · Exchange  red yes  blue yes
Kingdom of the Dead: . . . . . . . .  (0/8)
Temple 1 difference  Temple 2 5 points    Temple 3 own count   Temple 4 3 x blue
Y.  Y.  G.  G.       G.  G.  Y.  Y.       Y.  Y.  G.  G.       G.  G.  Y.  Y.
...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import data
from .actions import PLAYERS, Player
from .explain import square_letter
from .i18n import check_lang, gtext, join, msg
from .i18n import render as render_message

if TYPE_CHECKING:
    from .game import Game

TEMPLE_TITLES = (
    msg("text board temple", "difference"),
    msg("text board temple", "5 points"),
    msg("text board temple", "own count"),
    msg("text board temple", "3 x blue"),
)
_PHASES = {
    "assign": msg("text board phase", "assign"),
    "remove": msg("text board phase", "remove"),
    "place": msg("text board phase", "place"),
    "scoring_remove": msg("text board phase", "take back"),
    "over": msg("text board phase", "over"),
}
_REASONS = {
    "points": msg("text board ending", "points"),
    "temple": msg("text board ending", "a whole temple"),
    "yellow": msg("text board ending", "all yellow squares"),
    "green": msg("text board ending", "all green squares"),
    "round_limit": msg("text board ending", "the round limit"),
}
_LETTER = {None: ".", 0: "R", 1: "B"}
CELL = 4
BLOCK = CELL * data.COLUMNS_PER_TEMPLE + 5


_NAMES = {"red": msg("text board player", "red"), "blue": msg("text board player", "blue")}


def _name(player: Player, lang: str) -> str:
    return render_message(_NAMES[player.label], lang)


def render(game: Game, lang: str = "en") -> str:
    """The public state of ``game`` as lines of text in ``lang`` (square: its letter, then R, B or .).

    >>> import aton
    >>> print(render(aton.new_game(seed=1), "fr").splitlines()[0])
    Manche 1 · pose des cartes · à jouer : rouge et bleu
    """
    check_lang(lang)

    def both(query: Callable[[Player], object]) -> str:
        return "  ".join(f"{_name(p, lang)} {query(p)}" for p in PLAYERS)

    yes, no = gtext(lang, "text board", "yes"), gtext(lang, "text board", "no")
    to_act = join([_name(p, lang) for p in game.to_act], lang) or gtext(lang, "text board", "nobody")
    kingdom = " ".join([_LETTER[int(p)] for p in game.kingdom] + ["."] * (data.KINGDOM_SIZE - len(game.kingdom)))
    lines = [
        gtext(
            lang,
            "text board",
            "Round {round} · {phase} · to act: {players}",
            round=game.round,
            phase=render_message(_PHASES[game.phase.value], lang),
            players=to_act,
        ),
        gtext(
            lang,
            "text board",
            "Score  {scores} · Stock  {stocks} · Exchange  {exchange}",
            scores=both(game.score),
            stocks=both(game.stock),
            exchange=both(lambda p: yes if game.exchange_available(p) else no),
        ),
        gtext(
            lang,
            "text board",
            "Kingdom of the Dead: {squares}  ({count}/{size})",
            squares=kingdom,
            count=len(game.kingdom),
            size=data.KINGDOM_SIZE,
        ),
        "".join(
            gtext(
                lang, "text board", "Temple {number} {rule}", number=t + 1, rule=render_message(TEMPLE_TITLES[t], lang)
            ).ljust(BLOCK)
            for t in range(data.TEMPLE_COUNT)
        ).rstrip(),
    ]
    for row in range(data.ROWS_PER_TEMPLE):
        cells = []
        for temple in range(1, data.TEMPLE_COUNT + 1):
            block = ""
            for column in range(data.COLUMNS_PER_TEMPLE):
                square = (temple, row * data.COLUMNS_PER_TEMPLE + column)
                owner = game.owner(square)
                letter = square_letter(game.layout_kind(square).code, lang)
                block += f"{letter}{_LETTER[None if owner is None else int(owner)]}".ljust(CELL)
            cells.append(block.ljust(BLOCK))
        lines.append("".join(cells).rstrip())
    if game.revealed:
        cards = "   ".join(f"{_name(p, lang)} " + " ".join(str(c) for c in (game.assignment(p) or ())) for p in PLAYERS)
        lines.append(gtext(lang, "text board", "Cartouches 1-4: {cards}", cards=cards))
    else:
        face_down, empty = gtext(lang, "text board", "face down"), gtext(lang, "text board", "empty")
        states = "  ".join(f"{_name(p, lang)} {face_down if game.has_assigned(p) else empty}" for p in PLAYERS)
        lines.append(gtext(lang, "text board", "Cartouches: {states}", states=states))
    if game.result is not None:
        reason = render_message(_REASONS[game.result.reason.value], lang)
        if game.result.winner is None:
            lines.append(gtext(lang, "text board", "Game over: a draw ({reason})", reason=reason))
        else:
            lines.append(
                gtext(
                    lang,
                    "text board",
                    "Game over: {player} wins ({reason})",
                    player=_name(game.result.winner, lang),
                    reason=reason,
                )
            )
    return "\n".join(lines)
