"""Why an action, a file or a rule switch is refused, in every language of the message catalogs.

The engine raises its errors (:mod:`aton.errors`: :class:`aton.IllegalAction`,
:class:`aton.PositionError`, ...) with a ``code`` and the facts behind it
(``details``); this module turns them into a sentence, so a French learner
reads the same reason as an English one and no interface has to parse the
English text.  The sentences are English messages translated in the catalogs
(:mod:`aton.i18n`): one function per refused action, and a table of sentences
for files, rules and actions written as text.  Importing this module plugs it
into the errors.

>>> refusal_text("exchange_used", {"player": "blue"}, "fr")
"Bleu a déjà utilisé son jeton d'échange ; il ne sert qu'une fois par partie"
>>> refusal_text("hand_after_assign", {"player": "red"}, "fr")
'rouge a posé ses cartes : sa main est donc vide'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import data, errors
from .errors import CodedError, Details, Reason
from .explain import player_name, square_words
from .i18n import Message, check_lang, gtext, join, msg, ngtext, nmsg, render

_EXPECTED = {
    "assign": msg("refusal expected", "assign cards (or exchange)"),
    "remove": msg("refusal expected", "remove counters"),
    "place": msg("refusal expected", "place counters"),
    "scoring_remove": msg("refusal expected", "remove their own counters after the scoring"),
}


def _who(d: Details, lang: str, key: str = "player") -> str:
    name = player_name(d.get(key), lang)
    return "?" if name == "-" else name


def _expected(d: Details, lang: str) -> str:
    return render(_EXPECTED[d["expected"]], lang)


def _waiting(d: Details, lang: str) -> str:
    return join([player_name(name, lang) for name in d["waiting"]], lang)


def _square(d: Details, lang: str) -> str:
    """The square of the details (``"1-0"``, as files and the API write it) in words: "temple 1, row 1, column 1"."""
    text = str(d["square"])
    temple, _, index = text.partition("-")
    if not (temple.isdigit() and index.isdigit()):
        return text
    return square_words((int(temple), int(index)), lang)


def _temples(count: int, lang: str) -> str:
    if count == 1:
        return gtext(lang, "refusal temples", "temple 1")
    if count == 2:
        return gtext(lang, "refusal temples", "temples 1-2")  # French: « les temples 1 et 2 »
    return gtext(lang, "refusal temples", "temples 1-{count}", count=count)


def _not_an_action(d: Details, lang: str) -> str:
    return gtext(
        lang, "refusal", "{given} is not an action; actions are Exchange, Assign, Remove and Place", given=d["given"]
    )


def _unknown_player(d: Details, lang: str) -> str:
    return gtext(lang, "refusal", "unknown player {given}; players are aton.RED and aton.BLUE", given=d["given"])


def _game_over(d: Details, lang: str) -> str:
    return gtext(lang, "refusal", "the game is over; no more actions are allowed")


def _already_assigned(d: Details, lang: str) -> str:
    fields = {"player": _who(d, lang), "waiting": _waiting(d, lang), "expected": _expected(d, lang)}
    if d["action"] == "exchange":
        return gtext(
            lang,
            "refusal",
            "{player} has already assigned this round, and an exchange replaces the 4 cards in hand, so it must come "
            "before they go on the cartouches; now {waiting} must {expected}",
            **fields,
        )
    return gtext(
        lang,
        "refusal",
        "{player} has already assigned this round (cards are assigned once per round); now {waiting} must {expected}",
        **fields,
    )


def _not_your_turn(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "it is not {player}'s turn: {waiting} must {expected} now",
        player=_who(d, lang),
        waiting=_waiting(d, lang),
        expected=_expected(d, lang),
    )


def _not_assign_phase(d: Details, lang: str) -> str:
    fields = {"player": _who(d, lang), "expected": _expected(d, lang)}
    if d["action"] == "exchange":
        return gtext(
            lang,
            "refusal",
            "the exchange is allowed only at the start of a round, while the 4 drawn cards are still in hand; "
            "now {player} must {expected}",
            **fields,
        )
    return gtext(
        lang,
        "refusal",
        "cards are assigned only at the start of a round, once the 4 cards are drawn; this round's cards are "
        "already on the cartouches, so now {player} must {expected}",
        **fields,
    )


def _exchange_used(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "{player} has already used the exchange counter; it is used once per game",
        player=_who(d, lang),
    )


def _bad_cards(d: Details, lang: str) -> str:
    return gtext(lang, "refusal", "cards are the values 1, 2, 3 and 4, not {cards}", cards=str(d["cards"]))


def _card_count(d: Details, lang: str) -> str:
    return ngtext(
        lang,
        "refusal",
        "an assignment puts one card on each of the {cartouches} cartouches, not {count} card",
        "an assignment puts one card on each of the {cartouches} cartouches, not {count} cards",
        d["count"],
        cartouches=data.CARTOUCHE_COUNT,
        count=d["count"],
    )


def _cards_not_in_hand(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "{player} holds {hand}; the assignment {cards} must use exactly these cards",
        player=_who(d, lang),
        hand=str(d["hand"]),
        cards=str(d["cards"]),
    )


def _bad_square(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "no square {square}: a square is two whole numbers (temple, index); "
        "temples are 1-{temples}, indices 0-{last}, like (2, 5)",
        square=str(d["square"]),  # as it was written: it names no square
        temples=data.TEMPLE_COUNT,
        last=data.SQUARES_PER_TEMPLE - 1,
    )


def _not_place_phase(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "this is not the time to place counters: {player} must {expected}",
        player=_who(d, lang),
        expected=_expected(d, lang),
    )


def _not_remove_phase(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "this is not the time to remove counters: {player} must {expected}",
        player=_who(d, lang),
        expected=_expected(d, lang),
    )


def _temple_not_allowed(d: Details, lang: str) -> str:
    fields = {
        "player": _who(d, lang),
        "card": d["allowed"],
        "temples": _temples(d["allowed"], lang),
        "temple": d["temple"],
    }
    if d["verb"] == "place":
        return gtext(
            lang,
            "refusal",
            "cartouche 3 holds a {card}, so {player} may place only in {temples}, not in temple {temple}",
            **fields,
        )
    return gtext(
        lang,
        "refusal",
        "cartouche 3 holds a {card}, so {player} may remove only in {temples}, not in temple {temple}",
        **fields,
    )


def _square_occupied(d: Details, lang: str) -> str:
    if d["found"] == "red":
        return gtext(
            lang,
            "refusal",
            "the square at {square} already holds a red counter; place on an empty square",
            square=_square(d, lang),
        )
    return gtext(
        lang,
        "refusal",
        "the square at {square} already holds a blue counter; place on an empty square",
        square=_square(d, lang),
    )


def _found(d: Details, lang: str) -> str:
    owner = d.get("found")
    if owner is None:
        return gtext(lang, "refusal square", "the square at {square} is empty", square=_square(d, lang))
    if owner == "red":
        return gtext(lang, "refusal square", "the square at {square} holds a red counter", square=_square(d, lang))
    return gtext(lang, "refusal square", "the square at {square} holds a blue counter", square=_square(d, lang))


def _wrong_counter(d: Details, lang: str) -> str:
    fields = {"found": _found(d, lang), "player": _who(d, lang), "target": _who(d, lang, "target")}
    if d["target"] == d["player"]:
        return gtext(lang, "refusal", "{found}; {player} must remove one of their own counters", **fields)
    return gtext(lang, "refusal", "{found}; {player} must remove one of {target}'s counters", **fields)


def _scoring_own_counter(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "{found}; after a scoring {player} removes their own counters",
        found=_found(d, lang),
        player=_who(d, lang),
    )


def _scoring_temple_required(d: Details, lang: str) -> str:
    temples = d["temples"]
    if len(temples) == 1:
        return gtext(
            lang,
            "refusal",
            "{player} must first take one counter from each temple where they have one: temple {temples} is left",
            player=_who(d, lang),
            temples=str(temples[0]),
        )
    return gtext(
        lang,
        "refusal",
        "{player} must first take one counter from each temple where they have one: temples {temples} are left",
        player=_who(d, lang),
        temples=join([str(t) for t in temples], lang),
    )


def _scoring_highest_temple(d: Details, lang: str) -> str:
    return gtext(
        lang,
        "refusal",
        "{player} must take the remaining counters from the highest temple where they have counters: temple {temple}",
        player=_who(d, lang),
        temple=d["temple"],
    )


def _view_not_playable(d: Details, lang: str) -> str:
    return gtext(lang, "refusal", "a player's view cannot be played; apply the action to the game itself")


REFUSALS: dict[str, Callable[[Details, str], str]] = {
    "not_an_action": _not_an_action,
    "unknown_player": _unknown_player,
    "game_over": _game_over,
    "already_assigned": _already_assigned,
    "not_your_turn": _not_your_turn,
    "not_assign_phase": _not_assign_phase,
    "exchange_used": _exchange_used,
    "bad_cards": _bad_cards,
    "card_count": _card_count,
    "cards_not_in_hand": _cards_not_in_hand,
    "bad_square": _bad_square,
    "not_place_phase": _not_place_phase,
    "not_remove_phase": _not_remove_phase,
    "temple_not_allowed": _temple_not_allowed,
    "square_occupied": _square_occupied,
    "wrong_counter": _wrong_counter,
    "scoring_own_counter": _scoring_own_counter,
    "scoring_temple_required": _scoring_temple_required,
    "scoring_highest_temple": _scoring_highest_temple,
    "view_not_playable": _view_not_playable,
}
"""The sentence of each refusal code."""

CODES = tuple(REFUSALS)
"""Every code of a refused action (:class:`aton.IllegalAction`)."""


# ------------------------------------------------------- files, rules, action texts
_SHOWN = ("found", "expected", "text", "word")
"""Facts that are values read from a file or typed: shown as typed, cut to about 60 characters."""
_LISTED = ("known", "fields")
"""Facts that are lists of names: written one after the other."""
_FILE_PLAYERS = {"red": msg("file refusal player", "red"), "blue": msg("file refusal player", "blue")}
_EXAMPLES = {
    "file": '{"temples": [...], "round": 3}',
    "side": '{"score": 12}',
    "note": '{"en": "...", "fr": "..."}',
    "result": '{"winner", "reason", "scores"}',
    "rules": '{"war_cards": "bottom"}',
}
"""JSON examples inside sentences (kept out of the messages: translators leave JSON alone)."""


def shown_value(value: Any, lang: str = "en", width: int = 60) -> str:
    """``repr(value)`` cut to about ``width`` characters, for messages about values read from files.

    >>> shown_value("x" * 100, "fr", 10)
    "'xxxxxxxxx... (102 caractères)"
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**data.MAX_NUMBER_DIGITS:
        return gtext(
            lang, "file refusal value", "a whole number of over {digits} digits", digits=data.MAX_NUMBER_DIGITS
        )
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # pragma: no cover - a value nested or sized past every bound
        return f"a {type(value).__name__}"
    if len(text) <= width:
        return text
    return gtext(lang, "file refusal value", "{start}... ({count} characters)", start=text[:width], count=len(text))


def _fact(key: str, value: Any, lang: str) -> Any:
    if isinstance(value, (CodedError, Reason)):
        return value.text(lang)
    if isinstance(value, BaseException):
        return str(value)
    if type(value) is int and abs(value) >= 10**15:
        return str(value)  # beyond what number formatting handles; such numbers come only from files
    if key in _SHOWN:
        return shown_value(value, lang)
    if key in ("player", "winner", "viewer") and value in _FILE_PLAYERS:
        return render(_FILE_PLAYERS[value], lang)
    if key in _LISTED:
        return ", ".join(str(item) for item in value)
    if isinstance(value, (list, tuple)):
        return str(value)
    return value


def _facts(d: Details, lang: str) -> dict[str, Any]:
    return {key: _fact(key, value, lang) for key, value in d.items()}


_JSON_PROBLEMS = {
    message.singular: message
    for message in (
        msg("JSON problem", "Expecting value"),
        msg("JSON problem", "Expecting property name enclosed in double quotes"),
        msg("JSON problem", "Expecting ':' delimiter"),
        msg("JSON problem", "Expecting ',' delimiter"),
        msg("JSON problem", "Unterminated string starting"),
        msg("JSON problem", "Invalid control character"),
        msg("JSON problem", "Invalid \\escape"),
        msg("JSON problem", "Invalid \\uXXXX escape"),
        msg("JSON problem", "Extra data"),
        msg("JSON problem", "Illegal trailing comma before end of object"),
        msg("JSON problem", "Illegal trailing comma before end of array"),
    )
}
"""What Python's JSON reader says is wrong, in words of every language (anything else is shown as it is)."""


def _not_json(d: Details, lang: str) -> str:
    problem = _JSON_PROBLEMS.get(d["problem"])
    return gtext(
        lang,
        "file refusal",
        "this is not readable JSON ({problem} at line {line}, column {column})",
        problem=d["problem"] if problem is None else render(problem, lang),
        line=d["line"],
        column=d["column"],
    )


def _in_key(in_key: Message, plain: Message) -> Callable[[Details, str], str]:
    """A sentence about a value, ``in_key`` when the file names the field holding it, else ``plain``."""

    def text(d: Details, lang: str) -> str:
        facts = _facts(d, lang)
        if "key" in d:
            facts["key"] = repr(d["key"])
            return render(in_key, lang, **facts)
        return render(plain, lang, **facts)

    return text


def _unknown_fields(d: Details, lang: str) -> str:
    if not d["where"]:
        return gtext(lang, "file refusal", "the position: unknown fields {unknown}; known: {known}", **_facts(d, lang))
    return gtext(lang, "file refusal", "{where}: unknown fields {unknown}; known: {known}", **_facts(d, lang))


def _difference_where(d: Details, lang: str) -> dict[str, Any]:
    facts = _facts(d, lang)
    facts["path"] = d["path"] or gtext(lang, "file refusal", "the file")
    return facts


def _difference_length(d: Details, lang: str) -> str:
    return gtext(
        lang, "file refusal", "{path} has {found} entries where the game has {expected}", **_difference_where(d, lang)
    )


def _difference_value(d: Details, lang: str) -> str:
    return gtext(lang, "file refusal", "{path} is {found} where the game has {expected}", **_difference_where(d, lang))


def _result_says(d: Details, lang: str) -> str:
    if d["winner"] is None:
        return gtext(lang, "file refusal result", "the result says a draw by {reason}", reason=d["reason"])
    return gtext(lang, "file refusal result", "the result says {winner} wins by {reason}", **_facts(d, lang))


def _board_victory_first(d: Details, lang: str) -> str:
    held = [
        gtext(lang, "file refusal result", "{player} ({victory})", player=_fact("player", p, lang), victory=v)
        for p, v in d["held"]
    ]
    return gtext(
        lang,
        "file refusal result",
        "{said}, but {held} holds a victory on the board, which would have ended the game first",
        said=_fact("said", d["said"], lang),
        held=join(held, lang),
    )


_NOT_HELD = {
    "temple": msg("file refusal result", "{said}, but {player} does not hold all 12 squares of a temple"),
    "yellow": msg("file refusal result", "{said}, but {player} does not hold every yellow square"),
    "green": msg("file refusal result", "{said}, but {player} does not hold every green square"),
}


def _board_not_held(d: Details, lang: str) -> str:
    return render(_NOT_HELD[d["reason"]], lang, **_facts(d, lang))


_SENTENCES: dict[str, Message] = {
    # reading the JSON
    "file_not_text": msg("file refusal", "the file is not text (UTF-8)"),
    "file_not_json_text": msg("file refusal", "a game file is JSON text, not {given}"),
    "file_too_large": msg(
        "file refusal", "the file is too large ({size} bytes); a game file is at most {limit} bytes ({megabytes} MB)"
    ),
    "number_too_long": msg(
        "file refusal", "the file holds a number of {digits} digits; numbers in a game file have at most {limit}"
    ),
    "too_deep": msg(
        "file refusal", "the JSON is nested too deeply: a game file nests lists and objects at most {limit} levels deep"
    ),
    "not_a_number": msg("file refusal", "the file holds {value}, which is not a number a game file can hold"),
    "key_not_text": msg("file refusal", "the names of fields are text, not {found}"),
    "file_not_object": msg("file refusal", "a game file is a JSON object such as {example}"),
    "position_not_object": msg("file refusal", "a position is a JSON object such as {example}"),
    "position_unreadable": msg("file refusal", "this position cannot be read: {problem}"),
    # fields
    "not_whole": msg("file refusal", "{field} must be a whole number of at least {minimum}, not {found}"),
    "not_flag": msg("file refusal", "{field} must be true or false, not {found}"),
    "not_an_object": msg("file refusal", "{field} must be an object"),
    "cards_not_list": msg("file refusal", "{field} must be a list of card values 1-4, not {found}"),
    "not_a_card": msg("file refusal", "{field} holds {found}; cards are 1, 2, 3 or 4"),
    "too_many_cards": msg("file refusal", "{field} holds {count} cards; a player has {deck}"),
    "not_player": msg("file refusal", '{field} must be "red", "blue" or null, not {found}'),
    "turn_not_bit": msg("file refusal", "resolution turn is 0 (first player acting) or 1 (second)"),
    "scoring_turn_not_bit": msg("file refusal", "resolution scoring_turn is 0 (the leader removing) or 1 (the other)"),
    "scoring_required_bad": msg(
        "file refusal", "resolution scoring_required is a list of different temple numbers 1-{temples}, not {found}"
    ),
    "temples_not_list": msg("file refusal", 'temples must be a list of {temples} temples, each 3 rows like "R . B ."'),
    "temple_not_rows": msg("file refusal", "temple {temple} must be rows of R, B and . (empty), not {found}"),
    "temple_size": msg(
        "file refusal",
        "temple {temple} has {count} squares; each temple has {size} (R red counter, B blue counter, . empty)",
    ),
    "temple_letters": msg("file refusal", "temple {temple} uses {letters}; a square is R (red), B (blue) or . (empty)"),
    "seed_not_whole": msg("file refusal", "{field} must be a whole number, not {found}"),
    "seed_too_long": msg("file refusal", "{field} has over {limit} digits; seeds have at most that many"),
    "bad_format": msg("file refusal", "format must be {expected}, not {found}"),
    "bad_note": msg("file refusal", "{field} must be text, or text by language like {example}, not {found}"),
    "bad_rules": msg("file refusal", "rules: {reason}"),
    "rng_too_large": msg("file refusal", "rng must be below 2**64"),
    "round_past_limit": msg("file refusal", "round {round} is past the round limit {limit}"),
    "bad_phase": msg("file refusal", "phase must be one of {phases}, not {found}"),
    "kingdom_not_list": msg("file refusal", 'kingdom must be a list such as ["red", "blue"]'),
    "kingdom_too_full": msg("file refusal", "the Kingdom of the Dead holds at most {size} counters, not {count}"),
    "kingdom_owner": msg("file refusal", 'each counter in the kingdom is "red" or "blue", not {found}'),
    "side_not_object": msg("file refusal", "{field} must be an object such as {example}"),
    "exchange_not_flag": msg("file refusal", "{field} must be true (unused) or false (used)"),
    "assignment_size": msg("file refusal", "{field} needs one card per cartouche (4)"),
    "too_many_of_value": msg(
        "file refusal",
        "{player} has {count} cards of value {value} (hand, cartouches, pile and discard together); "
        "a deck holds {limit} of each value",
    ),
    "cards_missing": msg(
        "file refusal",
        "{player}'s cards are incomplete: {missing} are in no hand, pile or discard; each player has {deck} cards, "
        'nine of each value (leave out "deck" to deal the rest)',
    ),
    "hand_outside_assign": msg(
        "file refusal", "{player} holds cards in the {phase} phase; hands are empty once both players have assigned"
    ),
    "counter_count": msg(
        "file refusal",
        "{player} has {board} counters in the temples, {kingdom} in the Kingdom of the Dead and {found} in stock; "
        "together they must make exactly {total}",
    ),
    # a state the rules can reach
    "score_past_win": msg("file refusal", "{player} has {points} points; at {win} the game is over"),
    "victory_held": msg(
        "file refusal", "{player} already meets a victory condition ({victory}); the game would be over"
    ),
    "assign_revealed": msg("file refusal", "in the assign phase no card is revealed yet"),
    "assign_both_assigned": msg(
        "file refusal",
        'both players have assigned; the cards would be revealed and resolved (use phase "remove" or "place")',
    ),
    "assign_kingdom_full": msg(
        "file refusal",
        "the Kingdom of the Dead is full ({size}); it is scored and emptied at the end of the round, "
        "so a round starts with at most {most} counters there",
    ),
    "assign_actor": msg(
        "file refusal", "nobody resolves cartouches in the assign phase: resolution actor must be null"
    ),
    "hand_size": msg("file refusal", "{player} holds {count} cards; a player who has not assigned holds {size}"),
    "hand_after_assign": msg("file refusal", "{player} has assigned, so their hand is empty"),
    "actor_missing": msg("file refusal", "in the {phase} phase the resolution must name the acting player (actor)"),
    "scoring_left_zero": msg("file refusal", "in the scoring_remove phase scoring_left must be at least 1"),
    "scoring_left_too_many": msg("file refusal", "a player removes at most 4 counters after a scoring"),
    "actor_victory_held": msg("file refusal", "the acting player meets a victory condition"),
    "scoring_cards_left": msg("file refusal", "after a scoring the round's cards are discarded"),
    "not_revealed": msg("file refusal", "in the {phase} phase the cards are revealed (revealed: true)"),
    "remove_in_round_one": msg(
        "file refusal", "no counters are removed in the first round, so round 1 has no remove phase"
    ),
    "assignment_missing": msg("file refusal", "in the {phase} phase both assignments are known"),
    "first_missing": msg("file refusal", "in the {phase} phase the resolution names who acts first (first)"),
    "actor_not_in_turn": msg(
        "file refusal", "the actor must be the first player when turn is 0 and the other player when turn is 1"
    ),
    "remove_target_missing": msg(
        "file refusal", "in the remove phase the resolution names whose counters go (remove_target)"
    ),
    "remove_left_range": msg(
        "file refusal",
        "remove_left must be at least 1 and fewer than the {present} candidate counters "
        "(otherwise the engine removes them all itself)",
    ),
    "place_left_range": msg(
        "file refusal",
        "place_left must be at least 1, at most the stock and fewer than the {empty} empty allowed squares",
    ),
    "scoring_kingdom_not_full": msg(
        "file refusal",
        "during the removals after a scoring the Kingdom of the Dead is still full ({size} counters); "
        "it empties when both players have removed theirs",
    ),
    "scoring_actor": msg(
        "file refusal",
        "after a scoring the leader removes first (red if tied): with scores {red}-{blue} the actor of "
        "scoring_turn {turn} is {player}",
    ),
    "scoring_too_few": msg(
        "file refusal",
        "{player} has {count} counters in the temples and {left} to remove: with that few the engine removes "
        "them all itself",
    ),
    "scoring_required_too_many": msg(
        "file refusal", "scoring_required names {count} temples but only {left} counters go"
    ),
    "scoring_required_single": msg(
        "file refusal",
        "scoring_required names temple {temple}, where {player} has {count} counters; the engine takes a single "
        "counter itself, so a required temple holds at least 2",
    ),
    "scoring_no_choice": msg(
        "file refusal",
        "the remaining {left} counters come from {player}'s highest temple ({temple}), which holds {count}: "
        "no choice is left, so the engine removes them itself",
    ),
    # the result of a finished game
    "result_unfinished": msg("file refusal", 'only a finished game (phase "over") has a result'),
    "result_missing": msg("file refusal", "a finished game needs a result {example}"),
    "result_reason": msg("file refusal", "result reason must be one of {reasons}, not {found}"),
    "result_scores": msg("file refusal", "result scores is [red, blue], two whole numbers, not {found}"),
    "result_scores_differ": msg(
        "file refusal result",
        "the result gives the scores {result_red}-{result_blue} but red has {red} points and blue {blue}; "
        "they must agree",
    ),
    "result_actor": msg("file refusal result", "a finished game has nobody to act: resolution actor must be null"),
    "result_at_scoring_not_points": msg(
        "file refusal result", "{said} at a scoring (at_scoring), but only a win on points comes at a scoring"
    ),
    "result_cards_face_up": msg(
        "file refusal result",
        "{said}, which ends the game inside a round: the round's cards are face up on the cartouches "
        "(revealed: true, both assignments)",
    ),
    "result_cards_discarded_at_scoring": msg(
        "file refusal result",
        "{said} at a scoring, which ends the game between two rounds: the round's cards are discarded "
        "(revealed: false, no assignment)",
    ),
    "result_cards_discarded": msg(
        "file refusal result",
        "{said}, which ends the game between two rounds: the round's cards are discarded "
        "(revealed: false, no assignment)",
    ),
    "result_scoring_no_points": msg(
        "file refusal result", "{said} at a scoring, but nobody has {points} points ({red}-{blue})"
    ),
    "result_scoring_not_leader": msg(
        "file refusal result", "{said} at a scoring, but the scores are {red}-{blue}: the higher score wins"
    ),
    "result_scoring_kingdom_not_full": msg(
        "file refusal result",
        "{said} at a scoring, but a scoring happens only when the Kingdom of the Dead is full",
    ),
    "result_points_scores": msg(
        "file refusal result",
        "{said} at cartouche 1, but the scores are {red}-{blue}: the winner has {points} or more and the "
        "other player less",
    ),
    "result_points_kingdom_full": msg(
        "file refusal result",
        "{said} at cartouche 1, but the Kingdom of the Dead is full: a round starts with it emptied by a scoring",
    ),
    "result_round_limit_round": msg(
        "file refusal result", "{said}, but the game is in round {round} and the round limit is {limit}"
    ),
    "result_points_first": msg(
        "file refusal result", "{said}, but a score of {points} would have ended the game first"
    ),
    "result_round_limit_not_leader": msg(
        "file refusal result", "{said}, but the scores are {red}-{blue}: the higher score wins"
    ),
    "result_board_no_winner": msg("file refusal result", "{said}, but a win by {reason} has a winner"),
    "result_board_other_victory": msg(
        "file refusal result", "{said}, but {player}'s victory on the board is {victory}"
    ),
    "result_board_both": msg("file refusal result", "{said}, but {player} also holds a victory on the board"),
    # the history of a snapshot, records and their actions
    "events_not_list": msg("file refusal", "events must be a list"),
    "event_not_object": msg("file refusal", '{where} is {found}: each event is an object with a "kind"'),
    "event_kind_unknown": msg(
        "file refusal", "{where} has the unknown kind {found}; the kinds are listed in aton.EVENT_KINDS"
    ),
    "event_fields_missing": nmsg(
        "file refusal",
        '{where} (a "{kind}" event) has the missing field {fields}',
        '{where} (a "{kind}" event) has the missing fields {fields}',
    ),
    "event_field_unknown": msg(
        "file refusal", '{where}.{field} is not part of the game: a "{kind}" event has the fields {fields}'
    ),
    "event_field_wrong": msg("file refusal", '{where}.{field} is {found} where a "{kind}" event has {expected}'),
    "event_value_whole": msg("file refusal event value", "a whole number"),
    "event_value_flag": msg("file refusal event value", "true or false"),
    "event_value_text": msg("file refusal event value", "text"),
    "event_value_player": msg("file refusal event value", '"red" or "blue"'),
    "event_value_player_or_null": msg("file refusal event value", '"red", "blue" or null'),
    "event_value_cards": msg("file refusal event value", "a list of whole numbers"),
    "event_value_square": msg("file refusal event value", "a square [temple, index]"),
    "event_value_counts": msg("file refusal event value", "an object of whole numbers"),
    "bad_event": msg("file refusal", "{reason}"),
    "origin_new": msg("file refusal", "a new game with seed {seed}"),
    "origin_start": msg("file refusal", "its start position"),
    "history_unplayable": msg("file refusal", "the file does not agree with its own record: from {origin}, {reason}"),
    "history_differs": msg(
        "file refusal",
        "the file does not agree with its own record: {difference}. Playing its {count} actions again from "
        "{origin} gives a different game, so the file was changed or cut",
    ),
    "difference_missing": msg("file refusal", "{path} is missing"),
    "difference_extra": msg("file refusal", "{path} is not part of the game"),
    "actions_not_list": msg("file refusal", '"actions" is a list of action strings like "red place 2-5"'),
    "action_not_text": msg("file refusal", 'action {number} must be text like "red place 2-5", not {found}'),
    "action_unreadable": msg("file refusal", "action {number} ({text}) cannot be read: {reason}"),
    "action_illegal": msg("file refusal", "action {number} ({text}) cannot be played: {reason}"),
    "start_not_object": msg("file refusal", "start must be a position object, not {found}"),
    "start_has_history": msg("file refusal", "the start position holds no {fields} of its own"),
    "bad_start": msg("file refusal", "start: {reason}"),
    "record_start_unusable": msg("file refusal", "the record's start cannot be set up: {reason}"),
    "record_not_object": msg("file refusal", 'a record is a JSON object with "seed", "rules" and "actions"'),
    "record_unknown_fields": msg("file refusal", "a record has no fields {unknown}; its fields are {known}"),
    "bad_record_format": msg("file refusal", "a record's format is {expected}, not {found}"),
    "record_seed": msg("file refusal", "a record's seed is a whole number, not {found}"),
    "record_rules": msg("file refusal", "the record's rules cannot be read: {reason}"),
    "record_unreadable": msg("file refusal", "this record cannot be read: {problem}"),
    # rule switches and layouts
    "war_cards": msg("rules refusal", "war_cards must be one of {choices}, not {given}"),
    "round_limit": msg("rules refusal", "round_limit must be a whole number from 1 to {limit}, not {given}"),
    "round_limit_huge": msg(
        "rules refusal", "round_limit must be a whole number from 1 to {limit}, not a larger number"
    ),
    "layout_type": msg("rules refusal", "layout must be an aton.Layout"),
    "rules_not_object": msg("rules refusal", "rules must be a JSON object such as {example}"),
    "rules_unknown": msg("rules refusal", "unknown rule switches {unknown}; known: war_cards, round_limit, layout"),
    "layout_temples": msg("rules refusal", "a layout has {temples} temples, this one has {count}"),
    "layout_rows": msg("rules refusal", "temple {temple} has {count} rows; each temple has {rows}"),
    "layout_row_size": msg("rules refusal", "temple {temple} row {row} has {count} squares; each row has {size}"),
    "layout_codes": msg(
        "rules refusal", "temple {temple} row {row} has unknown square codes {unknown}; known codes are {known}"
    ),
    "layout_blue": msg("rules refusal", "temple {temple} has {count} blue squares; each temple has exactly 1"),
    "layout_no_yellow": msg(
        "rules refusal", "a layout needs at least one yellow square (Y): holding every yellow square wins the game"
    ),
    "layout_no_green": msg(
        "rules refusal", "a layout needs at least one green square (G): holding every green square wins the game"
    ),
    "layout_file": msg("rules refusal", "cannot read a layout from {path}: {problem}"),
    "layout_file_shape": msg("rules refusal", "a layout file holds a list of 4 temples, each a list of 3 row strings"),
    "layout_shape": msg(
        "rules refusal", 'a layout is a list of 4 temples, each a list of 3 row strings like "Y Y G K"'
    ),
    "layout_row_text": msg("rules refusal", 'each row of a layout is a string of square codes like "Y Y G K"'),
    # what a player's view hides
    "hidden_hand": msg("hidden refusal", "{player}'s hand is hidden from {viewer}"),
    "view_of_other": msg("hidden refusal", "{viewer}'s view cannot show what {player} knows"),
    "spectator_from_view": msg("hidden refusal", "a spectator's view is taken from the game, not from a player's view"),
    "spectator_hand": msg("hidden refusal", "{player}'s hand is hidden from spectators"),
    "spectator_view_of": msg("hidden refusal", "a spectator's view cannot show what {player} knows"),
    "spectator_sample": msg("hidden refusal", "a spectator's view cannot be sampled; sample a player's view"),
    # bots, the coach and the search
    "bot_spec_type": msg("bot refusal", "a bot is named by a string such as 'greedy', not {found}"),
    "bot_no_options": msg("bot refusal", "bot {name!r} takes no options (got {options!r})"),
    "bot_unknown": msg("bot refusal", "unknown bot {found}; known bots: {known}"),
    "bot_needs_view": msg("bot refusal", "a bot decides from a player's view: pass game.view(player), not the game"),
    "bot_nothing_to_decide": msg("bot refusal", "{player} has nothing to decide now (phase {phase})"),
    "coach_not_assignment": msg("bot refusal", "the coach explains assignments and exchanges here, not {found}"),
    "coach_needs_view": msg("bot refusal", "the coach reads a player's view: pass game.view(player)"),
    "coach_nothing_to_decide": msg("bot refusal", "{player} has nothing to decide now"),
    "search_iterations": msg("bot refusal", "iterations must be at least 1, not {found}"),
    "search_ms": msg("bot refusal", "ms must be a positive number of milliseconds, not {found}"),
    "search_playout": msg("bot refusal", "playout must be 'greedy' or 'random', not {found}"),
    "search_evaluation": msg("bot refusal", "evaluation must be 'fitted', 'ahead' or 'heuristic', not {found}"),
    "search_epsilon": msg("bot refusal", "epsilon must be between 0 and 1, not {found}"),
    "search_negative": msg("bot refusal", "{option} must be 0 or more, not {found}"),
    "search_option_unknown": msg("bot refusal", "unknown search option {found}; options are {known} (as key=value)"),
    "search_option_number": msg("bot refusal", "search option {option} needs a number, not {found}"),
    "search_only_illegal": msg("bot refusal", "{action} is not one of {player}'s legal actions here"),
    "estimate_needs_view": msg("bot refusal", "an estimate reads a player's view: pass game.view(player)"),
    "estimate_samples": msg("bot refusal", "samples must be at least 1, not {found}"),
    # actions written as text
    "action_text_short": msg(
        "action text refusal", "cannot read action {text}: expected 'PLAYER VERB ...', like 'red place 2-5'"
    ),
    "action_text_player": msg(
        "action text refusal", "cannot read action {text}: unknown player {word}; players are 'red' and 'blue'"
    ),
    "action_text_square": msg(
        "action text refusal",
        "cannot read action {text}: {word} is no square; a square is written temple-index, with temples "
        "1-{temples} and indices 0-{last}, like 2-5",
    ),
    # a learner's record kept in the browser, or loaded from its file
    "record_not_text": msg("record refusal", "the record is not text (UTF-8)"),
    "record_too_large": msg(
        "record refusal", "the record is too large ({size} characters); a record holds at most {limit}"
    ),
    "record_not_json": msg("record refusal", "the record cannot be read: {reason}"),
    "record_not_a_record": msg(
        "record refusal", 'this is not a learning record of Aton (a JSON object whose "format" is "aton-record")'
    ),
    "record_version": msg(
        "record refusal", "this record has version {given}; this version of Aton reads records of version {version}"
    ),
    "record_too_many": msg("record refusal", "the record holds {count} answers; a record holds at most {limit}"),
    "record_answer_unreadable": msg("record refusal", "answer {number} of the record cannot be read"),
    "record_answer_wrong": msg(
        "record refusal", "answer {number} of the record cannot be right: its {field} is {given}"
    ),
    "record_changed": msg(
        "record refusal", "the record was changed outside Aton: its check does not match its answers"
    ),
    "record_bad_answer": msg("record refusal", "this answer cannot be kept: its {field} is {given}"),
    "record_full": msg(
        "record refusal",
        "the record is full ({limit} answers): download it to keep it; new answers are not kept",
    ),
    # answers to exercises
    "answer_player": msg("answer refusal", "{answer} is not a player; answer red or blue"),
    "answer_number": msg("answer refusal", "{answer} is not a whole number"),
    "answer_temples": msg("answer refusal", "{answer} is not a set of temple numbers 1-{temples}"),
    "answer_yes_no": msg("answer refusal", "{answer} is not yes or no"),
    "answer_reason": msg("answer refusal", "{answer} is not a reason; reasons are {reasons}"),
    "player_name": msg("action text refusal", "unknown player {given}; players are 'red' and 'blue'"),
    "square_text": msg("action text refusal", "a square is written temple-index, like 2-5, not {text}"),
    "action_text_form": msg(
        "action text refusal",
        "cannot read action {text}: known forms are 'red exchange', 'red assign 4 1 3 2', 'red remove 2-5' "
        "and 'red place 2-5'",
    ),
}
"""The sentence of each refusal of a file, a rule switch or an action text; facts fill its placeholders."""

_EXAMPLE_OF = {
    "file_not_object": "file",
    "position_not_object": "file",
    "side_not_object": "side",
    "bad_note": "note",
    "result_missing": "result",
    "rules_not_object": "rules",
}


def _sentence(code: str) -> Callable[[Details, str], str]:
    message = _SENTENCES[code]
    example = _EXAMPLES.get(_EXAMPLE_OF.get(code, ""))

    def text(d: Details, lang: str) -> str:
        facts = _facts(d, lang)
        if example is not None:
            facts["example"] = example
        return render(message, lang, **facts)

    return text


REFUSALS.update({code: _sentence(code) for code in _SENTENCES})
REFUSALS.update(
    {
        "not_json": _not_json,
        "json_number_too_long": _in_key(
            msg(
                "file refusal",
                "the file holds a number of over {limit} digits in {key}; numbers have at most that many",
            ),
            msg("file refusal", "the file holds a number of over {limit} digits; numbers have at most that many"),
        ),
        "json_not_a_number": _in_key(
            msg("file refusal", "the file holds {value} in {key}, which is not a number a game file can hold"),
            msg("file refusal", "the file holds {value}, which is not a number a game file can hold"),
        ),
        "json_not_data": _in_key(
            msg(
                "file refusal",
                "the file holds {found} in {key}, which is not JSON data (text, numbers, lists, objects)",
            ),
            msg("file refusal", "the file holds {found}, which is not JSON data (text, numbers, lists, objects)"),
        ),
        "unknown_fields": _unknown_fields,
        "difference_length": _difference_length,
        "difference_value": _difference_value,
        "result_says": _result_says,
        "result_board_victory_first": _board_victory_first,
        "result_board_not_held": _board_not_held,
    }
)
FILE_CODES = tuple(code for code in REFUSALS if code not in CODES)
"""Every code of a refused file, rule switch or action text (:class:`aton.GameFileError`, ...)."""


def refusal_text(code: str, details: Details, lang: str = "en") -> str:
    """The reason for refusal ``code`` with ``details``, in ``lang`` (``"en"``, ``"fr"``, ...)."""
    check_lang(lang)
    try:
        return REFUSALS[code](details, lang)
    except KeyError as error:
        raise KeyError(f"no text for refusal {code!r} (unknown code or missing fact {error})") from None


def error_text(
    error: BaseException, lang: str = "en", *, unexpected: Callable[[BaseException], str] | None = None
) -> str:
    """Any error as words for people in ``lang``: the one way pages and commands tell a problem.

    The engine's errors (rules, files, positions, bots, views) and the room store's are told from their
    code and facts in the message catalogs; anything else is a fault of the program, told as such with
    its kind and message, or by ``unexpected(error)`` when given (a panel that already says "an error").

    >>> import aton
    >>> error_text(aton.PositionError("round_past_limit", round=9, limit=5), "fr")
    'la manche 9 dépasse la limite de manches (5)'
    >>> error_text(KeyError("x"), "fr")
    "un problème imprévu dans le programme (KeyError : 'x')"
    >>> error_text(KeyError("x"), "fr", unexpected=repr)
    "KeyError('x')"
    >>> error_text(KeyError("x"))
    "an unexpected problem in the program (KeyError: 'x')"
    """
    check_lang(lang)
    if isinstance(error, CodedError):
        return error.text(lang)
    text = getattr(error, "text", None)
    code = getattr(error, "code", None)
    if callable(text) and isinstance(code, str):  # the room store's errors (aton.rooms.errors)
        return str(text(lang))
    if unexpected is not None:
        return unexpected(error)
    return gtext(
        lang,
        "error",
        "an unexpected problem in the program ({kind}: {detail})",
        kind=type(error).__name__,
        detail=str(error),
    )


errors.use_renderer(refusal_text)
