"""The rule registry: one entry per rule of ``docs/rules.md``, and where each is taught.

Each :class:`Rule` names the rule (``id``, a ``title`` that is also the
"Rule:" line of an exercise's feedback), the event kinds whose explanations
show it, the tutorial and section that teach it, the teaching positions of
that section and the exercises that check it (names of
:data:`aton.teaching.curriculum.EXERCISES`).  :func:`aton.teaching.curriculum.coverage` reads the
registry back as a table, and the test suite checks that every rule has an
explained event, a section with a prepared position and an exercise checked
by the engine, in every language of the catalogs.

A rule that no reachable position can show says why in ``text_only``.

>>> rule("cartouche1").events
('cartouche1',)
>>> rule_title("removal-two", "fr")[:12]
'Cartouche 2 '
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import Message, check_lang, msg, render

__all__ = ["RULES", "Rule", "rule", "rule_title", "section_title"]


@dataclass(frozen=True)
class Rule:
    """One rule of the game and the teaching material for it.

    - ``id``: a short name (``"cartouche1"``);
    - ``title``: the rule in one sentence, from the catalogs;
    - ``events``: the event kinds whose explanations show the rule;
    - ``tutorial``: the tutorial's number (``"03"``) and ``section`` its heading (from the catalogs, so
      the French notebook's heading is the French text);
    - ``positions``: teaching positions (names in ``aton/positions``) the section uses;
    - ``exercises``: names of the exercises that check the rule;
    - ``text_only``: why the rule has no prepared position or exercise (empty when it has them).
    """

    id: str
    title: Message
    events: tuple[str, ...]
    tutorial: str
    section: Message
    positions: tuple[str, ...] = ()
    exercises: tuple[str, ...] = ()
    text_only: Message | None = None


RULES: tuple[Rule, ...] = (
    Rule(
        "draw",
        msg("rule title", "Each round both players draw to 4 cards; an empty pile is refilled from the discards."),
        ("draw", "reshuffle"),
        "02",
        msg("tutorial section", "Drawing and the exchange"),
        ("exchange",),
        ("draw-pile",),
    ),
    Rule(
        "exchange",
        msg(
            "rule title",
            "Once per game, after drawing and before assigning, a player may hand in the exchange counter, "
            "discard the 4 cards face up and draw 4 new ones.",
        ),
        ("exchange",),
        "02",
        msg("tutorial section", "Drawing and the exchange"),
        ("exchange",),
        ("exchange-red", "exchange-blue"),
    ),
    Rule(
        "cartouche1",
        msg("rule title", "Cartouche 1: the higher card scores 2 x the difference; equal cards score nothing."),
        ("cartouche1",),
        "02",
        msg("tutorial section", "Cartouche 1: points"),
        ("first-round",),
        ("cartouche1-red", "cartouche1-blue", "cartouche1-tie"),
    ),
    Rule(
        "order",
        msg(
            "rule title",
            "Cartouche 2: the lower card resolves cartouches 2 to 4 first; equal cards go to cartouche 1, "
            "then to a war.",
        ),
        ("order", "war_turn", "war_cards"),
        "03",
        msg("tutorial section", "A war, step by step"),
        ("cartouche-2",),
        ("first-tie", "first-war", "removal-pool"),
    ),
    Rule(
        "war-piles",
        msg(
            "rule title",
            "A pile that runs out during a war is refilled from its discards; with no card left to turn and "
            "every pair equal, Red acts first.",
        ),
        ("war_turn", "reshuffle"),
        "03",
        msg("tutorial section", "Who acts first"),
        text_only=msg(
            "rule text only",
            "No teaching position reaches it: a war would have to turn up every card of both piles and discards "
            "with every pair equal, so it is taught in words only.",
        ),
    ),
    Rule(
        "temples",
        msg("rule title", "Cartouche 3: a card t opens temples 1 to t, for removing and for placing."),
        ("turn_start",),
        "04",
        msg("tutorial section", "Too little room, step by step"),
        ("temples-and-placement",),
        ("temples-blue",),
    ),
    Rule(
        "removal",
        msg(
            "rule title",
            "Cartouche 2: a card v above 2 removes v - 2 of the opponent's counters from the open temples, "
            "as many as are there.",
        ),
        ("removal_allowed", "remove"),
        "03",
        msg("tutorial section", "A war, step by step"),
        ("cartouche-2",),
        ("removal-three", "removal-one"),
    ),
    Rule(
        "removal-two",
        msg("rule title", "Cartouche 2: a 2 removes nothing (2 - 2 = 0)."),
        ("removal_allowed",),
        "03",
        msg("tutorial section", "A 2 and a 1 on cartouche 2"),
        ("cartouche-2",),
        ("removal-two",),
    ),
    Rule(
        "removal-own",
        msg("rule title", "Cartouche 2: a 1 removes one of your own counters, from the temples you open."),
        ("removal_allowed", "remove"),
        "03",
        msg("tutorial section", "A 2 and a 1 on cartouche 2"),
        ("cartouche-2",),
        ("removal-own",),
    ),
    Rule(
        "removal-choice",
        msg("rule title", "The acting player chooses which counters are removed."),
        ("remove",),
        "03",
        msg("tutorial section", "Choosing which counter to remove"),
        ("removal-choice",),
        ("removal-choice",),
    ),
    Rule(
        "first-round",
        msg("rule title", "In the game's very first round nobody removes counters, not even with a 1."),
        ("removal_skipped",),
        "03",
        msg("tutorial section", "Removing counters"),
        ("first-round",),
        ("removal-first-round",),
    ),
    Rule(
        "placement",
        msg(
            "rule title",
            "Cartouche 4: a card n places n counters from stock on empty squares of the open temples; "
            "you choose the squares.",
        ),
        ("placement_allowed", "place"),
        "04",
        msg("tutorial section", "Where to place"),
        ("place-majority",),
        ("place-temple2",),
    ),
    Rule(
        "overflow",
        msg(
            "rule title",
            "Placing is compulsory: counters that find no empty open square go from stock to the Kingdom of the Dead.",
        ),
        ("to_kingdom",),
        "04",
        msg("tutorial section", "Too little room, step by step"),
        ("temples-and-placement",),
        ("overflow-red",),
    ),
    Rule(
        "kingdom-full",
        msg(
            "rule title",
            "When the Kingdom of the Dead is full, counters that would go there stay in (or go back to) "
            "their owner's stock.",
        ),
        ("kingdom_full",),
        "04",
        msg("tutorial section", "A full Kingdom, and too few counters"),
        ("kingdom-full",),
        ("kingdom-full",),
    ),
    Rule(
        "no-stock",
        msg("rule title", "With fewer counters in stock than the card asks for, you place what you have."),
        ("no_stock",),
        "04",
        msg("tutorial section", "A full Kingdom, and too few counters"),
        ("kingdom-full",),
        ("no-stock",),
    ),
    Rule(
        "scoring-when",
        msg(
            "rule title",
            "A scoring takes place at the end of a round in which the Kingdom of the Dead became full (8 counters).",
        ),
        ("round_end", "scoring_start"),
        "05",
        msg("tutorial section", "The scoring, line by line"),
        ("scoring",),
        ("kingdom-room-scoring",),
    ),
    Rule(
        "majority-tie",
        msg("rule title", "A majority is strictly more counters than the opponent; a tie gives nobody the points."),
        ("score_line", "scoring_start"),
        "05",
        msg("tutorial section", "A tie scores nothing"),
        ("scoring-tie",),
        ("score-tie",),
    ),
    Rule(
        "temple1",
        msg("rule title", "Temple 1: the majority (strictly more counters) scores the difference in counters."),
        ("score_line",),
        "05",
        msg("tutorial section", "The scoring, line by line"),
        ("scoring",),
        ("score-temple1",),
    ),
    Rule(
        "temple2",
        msg("rule title", "Temple 2: the majority scores 5 points."),
        ("score_line",),
        "05",
        msg("tutorial section", "The scoring, line by line"),
        ("scoring",),
        ("score-temple2",),
    ),
    Rule(
        "temple3",
        msg("rule title", "Temple 3: the majority scores one point per own counter there."),
        ("score_line",),
        "05",
        msg("tutorial section", "The scoring, line by line"),
        ("scoring",),
        ("score-temple3",),
    ),
    Rule(
        "temple4",
        msg("rule title", "Temple 4: the majority scores 3 per blue square it holds, in all four temples."),
        ("score_line",),
        "05",
        msg("tutorial section", "The scoring, line by line"),
        ("scoring",),
        ("score-temple4", "score-temple4-minority"),
    ),
    Rule(
        "black",
        msg("rule title", "Black squares of all temples together: the majority scores 8; a tie scores nothing."),
        ("score_line",),
        "05",
        msg("tutorial section", "The scoring, line by line"),
        ("scoring",),
        ("score-black",),
    ),
    Rule(
        "bonus",
        msg("rule title", "Bonus squares: each player scores the printed value of every bonus square they hold."),
        ("score_line",),
        "05",
        msg("tutorial section", "The scoring, line by line"),
        ("scoring",),
        ("score-bonus-red", "score-bonus-blue"),
    ),
    Rule(
        "scoring-removal",
        msg(
            "rule title",
            "After a scoring each player takes 4 of their own counters back to stock, the leader first: one from "
            "each temple where they have one, then from the highest-numbered temple where they still have counters.",
        ),
        ("scoring_removal", "remove"),
        "05",
        msg("tutorial section", "After the scoring, step by step"),
        ("scoring",),
        ("scoring-removal-red", "take-back-first"),
    ),
    Rule(
        "kingdom-return",
        msg(
            "rule title",
            "After a scoring the Kingdom of the Dead empties: its counters go back to their owners' stock.",
        ),
        ("kingdom_return",),
        "05",
        msg("tutorial section", "After the scoring, step by step"),
        ("scoring",),
        ("kingdom-return-red",),
    ),
    Rule(
        "victory-points",
        msg(
            "rule title",
            "40 points win at once; when both pass 40 at a scoring the higher score wins and equal scores draw.",
        ),
        ("game_over", "cartouche1"),
        "06",
        msg("tutorial section", "40 points"),
        ("victory-points", "victory-scoring"),
        ("ending-points", "winner-scoring", "winner-both-40"),
    ),
    Rule(
        "victory-temple",
        msg("rule title", "Holding all 12 squares of one temple wins at once."),
        ("game_over",),
        "06",
        msg("tutorial section", "A whole temple, every green square"),
        ("victory-temple",),
        ("win-temple", "second-turn"),
    ),
    Rule(
        "victory-yellow",
        msg("rule title", "Holding every yellow square of the four temples wins at once."),
        ("game_over",),
        "06",
        msg("tutorial section", "One yellow square short"),
        ("victory-yellow",),
        ("win-yellow",),
    ),
    Rule(
        "victory-green",
        msg("rule title", "Holding every green square of the four temples wins at once."),
        ("game_over",),
        "06",
        msg("tutorial section", "A whole temple, every green square"),
        ("victory-green",),
        ("win-green",),
    ),
    Rule(
        "round-limit",
        msg("rule title", "Every game ends: at the round limit the higher score wins and equal scores draw."),
        ("game_over",),
        "06",
        msg("tutorial section", "A draw at the round limit"),
        ("round-limit",),
        ("winner-round-limit",),
    ),
)
"""Every rule of ``docs/rules.md``, in the order the tutorials teach them."""

_BY_ID = {entry.id: entry for entry in RULES}


def rule(rule_id: str) -> Rule:
    """The registry entry ``rule_id``; an unknown id is refused with the known ones."""
    try:
        return _BY_ID[rule_id]
    except KeyError:
        raise ValueError(f"no rule {rule_id!r}; rules are {', '.join(_BY_ID)}") from None


def rule_title(rule_id: str, lang: str = "en") -> str:
    """The rule ``rule_id`` in one sentence, in ``lang``."""
    return render(rule(rule_id).title, check_lang(lang))


def section_title(rule_id: str, lang: str = "en") -> str:
    """The heading of the tutorial section that teaches ``rule_id``, in ``lang``."""
    return render(rule(rule_id).section, check_lang(lang))
