"""A coach: a suggested action and why, in a learner's words, from the search bot's statistics.

The coach looks only at the player's view: it runs the search bot (which
imagines the hidden cards many times) and explains its choice with what the
search measured (expected points on cartouche 1, how often you act first, an
estimated chance to win) and with what the suggested square does on the
board.  The same view gives the same hint.

>>> import aton
>>> from aton.bots.coach import hint
>>> game = aton.new_game(seed=2)
>>> advice = hint(game.view(aton.RED), iterations=30)
>>> game.is_legal(advice.action)
True
>>> advice.text.startswith(("Put", "Exchange"))
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from .. import data
from ..actions import Action, Assign, Exchange, Place, Player, Remove
from ..errors import BotError
from ..game import Game, GameView, Phase
from ..i18n import check_lang, decimal, gtext, join, msg, ngtext, percent, render
from ..rules import SquareKind
from .base import Progress, Steps, run_steps
from .calibration import Calibration, chance_words, shipped, view_progress
from .heuristics import DEFAULT_WEIGHTS, BoardInfo, Weights, aggregates, board, flat_of, missing
from .mcts import ANALYSIS, MctsBot, OptionStats, SearchResult

COACH_ITERATIONS = 400
"""Imagined games behind a hint (a little more than the ``medium`` bot's 300; about 0.1-0.2 s)."""


@dataclass(frozen=True)
class Alternative:
    """Another option the search looked at."""

    action: Action
    win_rate: float
    share: float
    """Share of the search spent on it (the search spends more on better options)."""


@dataclass(frozen=True)
class Hint:
    """A suggestion: the action, a short explanation, the estimated chance to win and the runners-up."""

    action: Action
    text: str
    win_rate: float
    alternatives: tuple[Alternative, ...] = field(default_factory=tuple)
    candidates: tuple[Candidate, ...] = field(default_factory=tuple)
    """The moves the search tried, most visited first (the suggestion first), for a table or a chart."""


_KINDS = {
    SquareKind.YELLOW: msg("coach square", "the yellow square in temple {temple}, row {row}, column {column}"),
    SquareKind.GREEN: msg("coach square", "the green square in temple {temple}, row {row}, column {column}"),
    SquareKind.BLACK: msg("coach square", "the black square in temple {temple}, row {row}, column {column}"),
    SquareKind.BLUE: msg("coach square", "the blue square in temple {temple}, row {row}, column {column}"),
    SquareKind.BONUS1: msg("coach square", "the +1 bonus square in temple {temple}, row {row}, column {column}"),
    SquareKind.BONUS2: msg("coach square", "the +2 bonus square in temple {temple}, row {row}, column {column}"),
}


def _square_words(view: GameView | Game, square: tuple[int, int], lang: str) -> str:
    row, column = divmod(square[1], data.COLUMNS_PER_TEMPLE)
    return render(_KINDS[view.layout_kind(square)], lang, temple=square[0], row=row + 1, column=column + 1)


def _board_reasons(
    view: GameView, player: Player, action: Place | Remove, lang: str, limit: int | None = 2
) -> list[str]:
    """What the square does to majorities, black and bonus squares and board-victory threats (``limit`` at most)."""
    info = BoardInfo.of(view.rules.layout)
    squares = list(board(view))
    flat = flat_of(action.square)
    owner = squares[flat] if isinstance(action, Remove) else player
    before = aggregates(squares, info)
    squares[flat] = None if isinstance(action, Remove) else player
    after = aggregates(squares, info)
    mine0, theirs0 = before[player], before[player.other]
    mine1, theirs1 = after[player], after[player.other]
    reasons: list[str] = []
    temple = action.square[0]
    t = temple - 1
    lead0, lead1 = mine0[t] - theirs0[t], mine1[t] - theirs1[t]
    if lead0 <= 0 < lead1:
        reasons.append(gtext(lang, "coach", "It gives you the majority in temple {temple}.", temple=temple))
    elif lead0 < 0 == lead1:
        reasons.append(
            gtext(
                lang, "coach", "It draws level in temple {temple}, so your opponent loses that majority.", temple=temple
            )
        )
    elif lead0 > 0 and lead1 > lead0 and lead0 <= 2:
        reasons.append(gtext(lang, "coach", "It strengthens your majority in temple {temple}.", temple=temple))
    elif lead0 < 0 < lead1 or (lead0 < 0 and lead1 > lead0 and owner is player.other):
        reasons.append(
            gtext(lang, "coach", "It takes away your opponent's majority in temple {temple}.", temple=temple)
        )
    kind = view.layout_kind(action.square)
    if kind is SquareKind.BLACK:
        reasons.append(gtext(lang, "coach", "It counts for the black squares (8 points for the majority)."))
    elif kind.bonus:
        value = f"+{kind.bonus}"
        reasons.append(gtext(lang, "coach", "It is a bonus square worth {value} at each scoring.", value=value))
    elif kind is SquareKind.BLUE:
        reasons.append(gtext(lang, "coach", "It is a blue square: temple 4's majority scores 3 for each blue square."))
    my_gap0, my_gap1 = missing(mine0, theirs0, info), missing(mine1, theirs1, info)
    their_gap0, their_gap1 = missing(theirs0, mine0, info), missing(theirs1, mine1, info)
    if my_gap1 < my_gap0 and my_gap1 <= 6:
        reasons.append(
            ngtext(
                lang,
                "coach",
                "It brings you closer to a board victory ({count} counter still needed).",
                "It brings you closer to a board victory ({count} counters still needed).",
                my_gap1,
                count=my_gap1,
            )
        )
    if their_gap1 > their_gap0 and their_gap0 <= 6:
        reasons.append(
            ngtext(
                lang,
                "coach",
                "It stops your opponent's board victory ({count} counter still needed).",
                "It stops your opponent's board victory ({count} counters still needed).",
                their_gap1,
                count=their_gap1,
            )
        )
    if not reasons and isinstance(action, Remove):
        if owner is player:
            reasons.append(gtext(lang, "coach", "It is the counter you miss least."))
        else:
            reasons.append(gtext(lang, "coach", "It is the counter your opponent misses most."))
    return reasons[:limit]


def _assign_text(view: GameView, option: OptionStats, lang: str) -> list[str]:
    action = option.action
    if isinstance(action, Exchange):
        hand = "(" + ", ".join(map(str, view.hand(action.player) or [])) + ")"
        return [
            gtext(
                lang,
                "coach",
                "Exchange your cards: your hand {hand} is weak, and the search does better with four new cards.",
                hand=hand,
            )
        ]
    if not isinstance(action, Assign):
        raise BotError("coach_not_assignment", found=action)
    parts = [
        gtext(lang, "coach", "{card} on cartouche {number}", card=card, number=number)
        for number, card in enumerate(action.cards, start=1)
    ]
    sentences = [gtext(lang, "coach", "Put {cards}.", cards=join(parts, lang))]
    points = option.extra.get("cartouche1")
    if points is not None:
        if abs(points) >= 0.5:
            sentences.append(
                gtext(
                    lang,
                    "coach",
                    "On cartouche 1 you can expect about {points} points (an average over the hands your opponent "
                    "may hold).",
                    points=decimal(points, lang, "+0.0;-0.0"),
                )
            )
        else:
            sentences.append(gtext(lang, "coach", "On cartouche 1 you expect to break about even."))
    first = option.extra.get("first")
    if first is not None and view.round > 0:
        share = percent(first, lang)
        if first >= 0.5:
            sentences.append(
                gtext(
                    lang,
                    "coach",
                    "With {card} on cartouche 2 you act first in about {share} of the imagined rounds.",
                    card=action.cards[1],
                    share=share,
                )
            )
        else:
            sentences.append(
                gtext(
                    lang,
                    "coach",
                    "With {card} on cartouche 2 you usually act second ({share} first), so you get the last word "
                    "this round.",
                    card=action.cards[1],
                    share=share,
                )
            )
    return sentences


def hint(
    view: GameView,
    lang: str = "en",
    *,
    iterations: int = COACH_ITERATIONS,
    seed: int = 0,
    weights: Weights | None = None,
    on_progress: Progress | None = None,
    calibration: Calibration | None = None,
) -> Hint:
    """Suggest an action for ``view.viewer`` and explain it (``lang`` is ``"en"`` or ``"fr"``).

    ``on_progress(fraction)`` is called while the search runs, as for the bots
    (returning ``False`` stops it early).  Raises ``ValueError`` when the
    viewer has nothing to decide.
    """
    return run_steps(
        hint_steps(
            view,
            lang,
            iterations=iterations,
            seed=seed,
            weights=weights,
            on_progress=on_progress,
            calibration=calibration,
        )
    )


def hint_steps(
    view: GameView,
    lang: str = "en",
    *,
    iterations: int = COACH_ITERATIONS,
    seed: int = 0,
    weights: Weights | None = None,
    on_progress: Progress | None = None,
    calibration: Calibration | None = None,
) -> Steps[Hint]:
    """:func:`hint` in steps (see :data:`aton.bots.base.Steps`): the search pauses now and then.

    The chances are the search's, mapped by ``calibration`` (the shipped one by default; see
    :mod:`aton.bots.calibration`)."""
    mapping = calibration if calibration is not None else shipped()
    check_lang(lang)
    if not isinstance(view, GameView):
        raise BotError("coach_needs_view")
    player = view.viewer
    if player not in view.to_act:
        raise BotError("coach_nothing_to_decide", player=player.label)
    config = replace(ANALYSIS, iterations=iterations, weights=weights or DEFAULT_WEIGHTS)
    coach = MctsBot(config, name="coach")
    result: SearchResult = yield from coach.search_steps(view, random.Random(f"aton/coach/{seed}"), on_progress)
    if on_progress is not None:
        on_progress(1.0)
    best = result.options[0]
    if view.phase is Phase.ASSIGN:
        sentences = _assign_text(view, best, lang)
    else:
        action = best.action
        assert isinstance(action, (Place, Remove))
        where = _square_words(view, action.square, lang)
        if isinstance(action, Place):
            sentences = [gtext(lang, "coach", "Place a counter on {square}.", square=where)]
        elif view.owner(action.square) is player:
            sentences = [gtext(lang, "coach", "Remove your own counter from {square}.", square=where)]
        else:
            sentences = [gtext(lang, "coach", "Remove your opponent's counter from {square}.", square=where)]
        sentences += _board_reasons(view, player, action, lang)

    def chance(option: OptionStats) -> float:
        return mapping.apply("coach", option.win_rate, option.visits, view_progress(view))

    if result.iterations:
        sentences.append(
            gtext(lang, "coach", "Estimated chance to win: {rate}.", rate=chance_words(chance(best), best.visits, lang))
        )
    total = sum(option.visits for option in result.options) or 1
    alternatives = tuple(
        Alternative(option.action, chance(option), option.visits / total) for option in result.options[1:4]
    )
    candidates = tuple(
        Candidate(option.action, option.visits, chance(option), option.visits / total)
        for option in result.options[:CANDIDATES_SHOWN]
    )
    return Hint(
        best.action, " ".join(sentences), chance(best) if result.iterations else best.win_rate, alternatives, candidates
    )


CANDIDATES_SHOWN = 6
"""How many of the search's moves a hint keeps for its table."""


@dataclass(frozen=True)
class Candidate:
    """One option the search looked at: how often it tried it (``visits``) and how it fared (``win_rate``)."""

    action: Action
    visits: int
    win_rate: float
    share: float
    """Share of the search's visits: the search spends more time on the options that look better."""


def search_candidates(
    view: GameView,
    *,
    iterations: int = COACH_ITERATIONS,
    seed: int = 0,
    limit: int = 8,
    calibration: Calibration | None = None,
) -> list[Candidate]:
    """The search's options for ``view.viewer``, most visited first, with its estimate for each.

    This is the coach's search (the same seed gives the same numbers): the
    suggested action is the first candidate.  Options the search treats as
    alike (squares of the same kind in the same temple) appear once.

    >>> import aton
    >>> game = aton.new_game(seed=2)
    >>> found = search_candidates(game.view(aton.RED), iterations=60)
    >>> found[0].visits >= found[-1].visits and abs(sum(c.share for c in found) - 1) < 0.35
    True
    """
    if not isinstance(view, GameView):
        raise BotError("coach_needs_view")
    if view.viewer not in view.to_act:
        raise BotError("coach_nothing_to_decide", player=view.viewer.label)
    config = replace(ANALYSIS, iterations=iterations)
    result = MctsBot(config, name="coach").search(view, random.Random(f"aton/coach/{seed}"))
    total = sum(option.visits for option in result.options) or 1
    mapping = calibration if calibration is not None else shipped()
    progress = view_progress(view)
    return [
        Candidate(
            option.action,
            option.visits,
            mapping.apply("coach", option.win_rate, option.visits, progress),
            option.visits / total,
        )
        for option in result.options[:limit]
    ]


def action_words(view: GameView | Game, action: Action, lang: str = "en") -> str:
    """An action in a few words: the cards on cartouches 1-4, the exchange, or the square."""
    check_lang(lang)
    if isinstance(action, Assign):
        return gtext(
            lang, "coach candidate", "cards {cards} on cartouches 1 to 4", cards=", ".join(map(str, action.cards))
        )
    if isinstance(action, Exchange):
        return gtext(lang, "coach candidate", "exchange the 4 cards")
    assert isinstance(action, (Place, Remove))
    where = _square_words(view, action.square, lang)
    if isinstance(action, Place):
        return gtext(lang, "coach candidate", "place on {square}", square=where)
    return gtext(lang, "coach candidate", "remove from {square}", square=where)


def candidates_table(view: GameView, candidates: list[Candidate], lang: str = "en") -> str:
    """The candidates as a Markdown table: move, visits, share of the search and estimated chance to win."""
    check_lang(lang)
    head = [
        gtext(lang, "coach candidate", "move"),
        gtext(lang, "coach candidate", "visits"),
        gtext(lang, "coach candidate", "share of the search"),
        gtext(lang, "coach candidate", "estimated chance to win"),
    ]
    lines = ["| " + " | ".join(head) + " |", "|---|---:|---:|---:|"]
    for candidate in candidates:
        cells = [
            action_words(view, candidate.action, lang),
            str(candidate.visits),
            percent(candidate.share, lang),
            percent(candidate.win_rate, lang),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


__all__ = [
    "CANDIDATES_SHOWN",
    "COACH_ITERATIONS",
    "Alternative",
    "Candidate",
    "Hint",
    "action_words",
    "candidates_table",
    "hint",
    "hint_steps",
    "search_candidates",
]
