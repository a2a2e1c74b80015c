"""Snapshots, teaching positions and records, as JSON.

One format serves three uses:

- ``game.to_json()`` writes a **full snapshot** and ``Game.from_json`` reads
  it back to an equal game.
- A teacher writes a **position** by hand in the same format, leaving out
  what does not matter: missing hands and piles are dealt from the seed,
  missing stocks are what is left of the 29 counters.  Impossible positions
  are rejected with a message saying what is wrong.
- ``game.record()`` holds the seed, the rules, the start position (for a
  game that did not start new) and the decisions; :func:`replay` plays it
  again to the same game.

A hand-written position (temples top row first; ``R`` red, ``B`` blue, ``.`` empty):

>>> import aton
>>> game = aton.Game.from_dict({
...     "seed": 3, "round": 5,
...     "temples": [["R R . .", "B . . .", ". . . ."], "............", "............", "............"],
...     "kingdom": ["red", "blue", "blue", "red", "red", "blue", "red"],
...     "red": {"score": 12}, "blue": {"score": 9},
... })
>>> game.owner((1, 4)), len(game.kingdom), game.stock(aton.RED), len(game.hand(aton.BLUE))
(BLUE, 7, 23, 4)

Fields of a position (all optional but ``temples`` in practice):

========================  =====================================================================
``format``                ``"aton/1"``
``seed``                  whole number; the random stream for dealing and reshuffles
``rng``                   the stream's state (written by snapshots; derived from ``seed`` if absent)
``rules``                 ``{"war_cards": "bottom" | "discard", "round_limit": 200, "layout": [...]}``
``round``                 round number, from 1
``phase``                 ``assign`` (default), ``remove``, ``place``, ``scoring_remove``, ``over``
``temples``               4 temples, each 3 row strings of ``R``/``B``/``.`` (or one 12-letter string)
``kingdom``               owners of the counters in the Kingdom of the Dead: ``"red"``/``"blue"``
``red``, ``blue``         ``score``, ``stock``, ``exchange`` (true while unused), ``hand``,
                          ``assignment`` (cards on cartouches 1-4 or null), ``deck`` (top first),
                          ``discard``
``revealed``              whether this round's cards are face up
``resolution``            who acts and what is left to do, for positions inside a resolution
``result``                for finished games
``events``, ``actions``   the log and the decisions so far (snapshots)
========================  =====================================================================
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from . import data, rng
from .actions import PLAYERS, Action, Player, parse_action
from .events import Event
from .game import EndReason, Game, Geometry, IllegalAction, Phase, Result
from .rules import LayoutError, Rules

FORMAT = "aton/1"
RECORD_FORMAT = "aton-record/1"
_OCCUPANT = {"R": Player.RED, "B": Player.BLUE, ".": None}
_LETTER = {Player.RED: "R", Player.BLUE: "B", None: "."}


class PositionError(ValueError):
    """A position or snapshot that cannot be a state of Aton; the message says what is wrong."""


class ReplayError(ValueError):
    """A record that cannot be replayed; the message names the first bad action."""


def _player_name(player: Player | None) -> str | None:
    return None if player is None else player.label


def _temple_rows(game: Game) -> list[list[str]]:
    rows = []
    for temple in range(data.TEMPLE_COUNT):
        base = temple * data.SQUARES_PER_TEMPLE
        rows.append(
            [
                " ".join(
                    _LETTER[game._squares[base + r * data.COLUMNS_PER_TEMPLE + c]]
                    for c in range(data.COLUMNS_PER_TEMPLE)
                )
                for r in range(data.ROWS_PER_TEMPLE)
            ]
        )
    return rows


def _state_dict(game: Game) -> dict[str, Any]:
    players = {}
    for player in PLAYERS:
        cards = game._assigned[player]
        players[player.label] = {
            "score": game._score[player],
            "stock": game._stock[player],
            "exchange": game._exchange[player],
            "hand": list(game._hand[player]),
            "assignment": None if cards is None else list(cards),
            "deck": game._deck[player][::-1],
            "discard": list(game._discard[player]),
        }
    result = game._result
    return {
        "format": FORMAT,
        "seed": game.seed,
        "rng": game._rng,
        "rules": game.rules.to_dict(),
        "round": game._round,
        "phase": game._phase.value,
        "temples": _temple_rows(game),
        "kingdom": [p.label for p in game._kingdom],
        **players,
        "revealed": game._revealed,
        "resolution": {
            "first": _player_name(game._first),
            "turn": game._turn,
            "actor": _player_name(game._actor),
            "remove_left": game._remove_left,
            "remove_target": _player_name(game._remove_target),
            "place_left": game._place_left,
            "scoring_required": list(game._scoring_required),
            "scoring_left": game._scoring_left,
            "scoring_turn": game._scoring_turn,
        },
        "result": None
        if result is None
        else {
            "winner": _player_name(result.winner),
            "reason": result.reason.value,
            "scores": list(result.scores),
            "at_scoring": result.at_scoring,
        },
    }


def game_to_dict(game: Game) -> dict[str, Any]:
    """The full snapshot of ``game``."""
    snapshot = _state_dict(game)
    snapshot["events"] = [event.to_dict() for event in game._events]
    snapshot["actions"] = [str(action) for action in game._actions]
    if game._start is not None:
        snapshot["start"] = game._start
    return snapshot


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game``: enough to replay it exactly."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "seed": game.seed,
        "rules": game.rules.to_dict(),
        "actions": [str(action) for action in game._actions],
    }
    if game._start is not None:
        record["start"] = game._start
    return record


# ------------------------------------------------------------------ reading
def _require(condition: bool, message: str) -> None:
    if not condition:
        raise PositionError(message)


def _whole(raw: Any, name: str, minimum: int = 0) -> int:
    _require(
        isinstance(raw, int) and not isinstance(raw, bool) and raw >= minimum,
        f"{name} must be a whole number of at least {minimum}, not {raw!r}",
    )
    return int(raw)


def _cards(raw: Any, name: str) -> list[int]:
    _require(isinstance(raw, list), f"{name} must be a list of card values 1-4, not {raw!r}")
    for card in raw:
        _require(
            isinstance(card, int) and not isinstance(card, bool) and card in data.CARD_VALUES,
            f"{name} holds {card!r}; cards are 1, 2, 3 or 4",
        )
    return list(raw)


def _player_or_none(raw: Any, name: str) -> Player | None:
    if raw is None:
        return None
    _require(raw in ("red", "blue"), f'{name} must be "red", "blue" or null, not {raw!r}')
    return Player.parse(raw)


def _parse_temples(raw: Any) -> list[Player | None]:
    _require(
        isinstance(raw, list) and len(raw) == data.TEMPLE_COUNT,
        f'temples must be a list of {data.TEMPLE_COUNT} temples, each 3 rows like "R . B ."',
    )
    squares: list[Player | None] = []
    for number, temple in enumerate(raw, start=1):
        rows_ok = isinstance(temple, list) and all(isinstance(row, str) for row in temple)
        text = "".join(temple) if rows_ok else temple
        _require(isinstance(text, str), f"temple {number} must be rows of R, B and . (empty), not {temple!r}")
        letters = text.replace(" ", "").upper()
        _require(
            len(letters) == data.SQUARES_PER_TEMPLE,
            f"temple {number} has {len(letters)} squares; each temple has {data.SQUARES_PER_TEMPLE} "
            "(R red counter, B blue counter, . empty)",
        )
        bad = sorted(set(letters) - set(_OCCUPANT))
        _require(not bad, f"temple {number} uses {bad}; a square is R (red), B (blue) or . (empty)")
        squares.extend(_OCCUPANT[letter] for letter in letters)
    return squares


def game_from_json(text: str) -> Game:
    """Read a snapshot or position from JSON text."""
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, TypeError) as error:
        raise PositionError(f"this is not readable JSON: {error}") from None
    return game_from_dict(raw)


def game_from_dict(raw: Any) -> Game:
    """Build and validate a game from a snapshot or a hand-written position."""
    _require(isinstance(raw, dict), 'a position is a JSON object such as {"temples": [...], "round": 3}')
    known = {
        "format",
        "seed",
        "rng",
        "rules",
        "round",
        "phase",
        "temples",
        "kingdom",
        "red",
        "blue",
        "revealed",
        "resolution",
        "result",
        "events",
        "actions",
        "start",
        "title",
        "description",
    }
    unknown = sorted(set(raw) - known)
    _require(not unknown, f"unknown fields {unknown}; known fields: {', '.join(sorted(known))}")
    _require(raw.get("format", FORMAT) == FORMAT, f"format must be {FORMAT!r}, not {raw.get('format')!r}")
    seed = raw.get("seed", 0)
    _require(isinstance(seed, int) and not isinstance(seed, bool), f"seed must be a whole number, not {seed!r}")
    try:
        rules = Rules.from_dict(raw.get("rules", {}))
    except (LayoutError, ValueError, TypeError) as error:
        raise PositionError(f"rules: {error}") from None
    game = Game.__new__(Game)
    game.rules = rules
    game.seed = seed
    game._geometry = Geometry.of(rules.layout)
    game._log_events = True
    game._observer = None
    state = raw.get("rng")
    game._rng = rng.seed_state(seed, "aton/position") if state is None else _whole(state, "rng")
    _require(game._rng < 2**64, "rng must be below 2**64")
    game._round = _whole(raw.get("round", 1), "round", 1)
    _require(
        game._round <= rules.round_limit,
        f"round {game._round} is past the round limit {rules.round_limit}",
    )
    phase_name = raw.get("phase", "assign")
    phases = [phase.value for phase in Phase]
    _require(phase_name in phases, f"phase must be one of {phases}, not {phase_name!r}")
    game._phase = Phase(phase_name)
    empty_board = ["." * data.SQUARES_PER_TEMPLE] * data.TEMPLE_COUNT
    game._squares = _parse_temples(raw.get("temples", empty_board))
    kingdom = raw.get("kingdom", [])
    _require(isinstance(kingdom, list), 'kingdom must be a list such as ["red", "blue"]')
    game._kingdom = []
    for owner in kingdom:
        _require(owner in ("red", "blue"), f'each counter in the kingdom is "red" or "blue", not {owner!r}')
        game._kingdom.append(Player.parse(owner))
    _require(
        len(game._kingdom) <= data.KINGDOM_SIZE,
        f"the Kingdom of the Dead holds at most {data.KINGDOM_SIZE} counters, not {len(game._kingdom)}",
    )
    game._revealed = bool(raw.get("revealed", False))
    game._stock, game._score, game._exchange = [0, 0], [0, 0], [True, True]
    game._hand, game._deck, game._discard = [[], []], [[], []], [[], []]
    game._assigned = [None, None]
    for player in PLAYERS:
        _read_player(game, player, raw.get(player.label, {}))
    _read_resolution(game, raw.get("resolution", {}))
    _read_result(game, raw.get("result"))
    _check_consistency(game)
    events = raw.get("events", [])
    _require(isinstance(events, list), "events must be a list")
    try:
        game._events = [Event.from_dict(event) for event in events]
    except (KeyError, TypeError, AttributeError, ValueError):
        raise PositionError('each event is an object with a "kind"') from None
    game._actions = []
    actions = raw.get("actions", [])
    _require(isinstance(actions, list), "actions must be a list of action strings")
    for text in actions:
        try:
            game._actions.append(parse_action(str(text)))
        except ValueError as error:
            raise PositionError(f"actions: {error}") from None
    if "start" in raw:
        game._start = raw["start"]
    elif game._actions or "events" in raw:
        game._start = None
    else:
        game._start = _state_dict(game)
    return game


def _read_player(game: Game, player: Player, raw: Any) -> None:
    name = player.label
    _require(isinstance(raw, dict), f'{name} must be an object such as {{"score": 12}}')
    known = {"score", "stock", "exchange", "hand", "assignment", "deck", "discard"}
    unknown = sorted(set(raw) - known)
    _require(not unknown, f"{name}: unknown fields {unknown}; known: {', '.join(sorted(known))}")
    game._score[player] = _whole(raw.get("score", 0), f"{name} score")
    exchange = raw.get("exchange", True)
    _require(isinstance(exchange, bool), f"{name} exchange must be true (unused) or false (used)")
    game._exchange[player] = exchange
    assignment = raw.get("assignment")
    if assignment is not None:
        cards = _cards(assignment, f"{name} assignment")
        _require(len(cards) == data.CARTOUCHE_COUNT, f"{name} assignment needs one card per cartouche (4)")
        game._assigned[player] = tuple(cards)
    discard = _cards(raw.get("discard", []), f"{name} discard")
    hand = _cards(raw["hand"], f"{name} hand") if "hand" in raw else None
    deck = _cards(raw["deck"], f"{name} deck")[::-1] if "deck" in raw else None
    used = Counter(discard) + Counter(hand or []) + Counter(deck or []) + Counter(game._assigned[player] or ())
    for value in data.CARD_VALUES:
        _require(
            used[value] <= data.CARDS_PER_VALUE,
            f"{name} has {used[value]} cards of value {value} (hand, cartouches, pile and discard together); "
            f"a deck holds {data.CARDS_PER_VALUE} of each value",
        )
    missing = list((Counter(data.DECK) - used).elements())
    if deck is None:
        game._rng = rng.shuffle(missing, game._rng)
        deck = missing
    else:
        _require(
            not missing,
            f"{name}'s cards are incomplete: {sorted(missing)} are in no hand, pile or discard; "
            f'each player has {len(data.DECK)} cards, nine of each value (leave out "deck" to deal the rest)',
        )
    if hand is None:
        hand = []
        if game._phase is Phase.ASSIGN and game._assigned[player] is None:
            while len(hand) < data.HAND_SIZE and deck:
                hand.append(deck.pop())
    game._hand[player], game._deck[player], game._discard[player] = sorted(hand), deck, discard
    on_board = game._squares.count(player)
    in_kingdom = game._kingdom.count(player)
    stock = raw.get("stock", data.COUNTERS_PER_PLAYER - on_board - in_kingdom)
    _require(
        isinstance(stock, int) and stock >= 0 and on_board + in_kingdom + stock == data.COUNTERS_PER_PLAYER,
        f"{name} has {on_board} counters in the temples, {in_kingdom} in the Kingdom of the Dead and {stock} "
        f"in stock; together they must make exactly {data.COUNTERS_PER_PLAYER}",
    )
    game._stock[player] = stock


def _read_resolution(game: Game, raw: Any) -> None:
    _require(isinstance(raw, dict), "resolution must be an object")
    game._first = _player_or_none(raw.get("first"), "resolution first")
    game._turn = _whole(raw.get("turn", 0), "resolution turn")
    _require(game._turn in (0, 1), "resolution turn is 0 (first player acting) or 1 (second)")
    game._actor = _player_or_none(raw.get("actor"), "resolution actor")
    game._remove_left = _whole(raw.get("remove_left", 0), "resolution remove_left")
    game._remove_target = _player_or_none(raw.get("remove_target"), "resolution remove_target")
    game._place_left = _whole(raw.get("place_left", 0), "resolution place_left")
    required = raw.get("scoring_required", [])
    _require(
        isinstance(required, list) and all(t in range(1, data.TEMPLE_COUNT + 1) for t in required),
        "resolution scoring_required is a list of temple numbers",
    )
    game._scoring_required = list(required)
    game._scoring_left = _whole(raw.get("scoring_left", 0), "resolution scoring_left")
    game._scoring_turn = _whole(raw.get("scoring_turn", 0), "resolution scoring_turn")


def _read_result(game: Game, raw: Any) -> None:
    game._result = None
    if game._phase is not Phase.OVER:
        _require(raw is None, 'only a finished game (phase "over") has a result')
        return
    _require(isinstance(raw, dict), 'a finished game needs a result {"winner", "reason", "scores"}')
    reasons = [reason.value for reason in EndReason]
    _require(raw.get("reason") in reasons, f"result reason must be one of {reasons}")
    scores = raw.get("scores", [game._score[0], game._score[1]])
    _require(
        isinstance(scores, list) and len(scores) == 2 and all(isinstance(s, int) for s in scores),
        f"result scores is [red, blue], two whole numbers, not {scores!r}",
    )
    game._result = Result(
        _player_or_none(raw.get("winner"), "result winner"),
        EndReason(raw["reason"]),
        (int(scores[0]), int(scores[1])),
        bool(raw.get("at_scoring", False)),
    )


def _check_consistency(game: Game) -> None:
    phase = game._phase
    if phase is Phase.OVER:
        return
    for player in PLAYERS:
        name = player.label
        _require(
            game._score[player] < data.WINNING_POINTS,
            f"{name} has {game._score[player]} points; at {data.WINNING_POINTS} the game is over",
        )
        if phase is Phase.PLACE and player is game._actor:
            continue  # a condition met in the middle of a placement is checked after that cartouche 4
        reason = game._board_victory(player)
        _require(
            reason is None,
            f"{name} already meets a victory condition ({reason.value if reason else ''}); the game would be over",
        )
    if phase is Phase.ASSIGN:
        _require(not game._revealed, "in the assign phase no card is revealed yet")
        _require(
            None in game._assigned,
            'both players have assigned; the cards would be revealed and resolved (use phase "remove" or "place")',
        )
        _require(
            len(game._kingdom) < data.KINGDOM_SIZE,
            f"the Kingdom of the Dead is full ({data.KINGDOM_SIZE}); it is scored and emptied at the end of the round, "
            f"so a round starts with at most {data.KINGDOM_SIZE - 1} counters there",
        )
        _require(game._actor is None, "nobody resolves cartouches in the assign phase: resolution actor must be null")
        for player in PLAYERS:
            if game._assigned[player] is None:
                _require(
                    len(game._hand[player]) == data.HAND_SIZE,
                    f"{player.label} holds {len(game._hand[player])} cards; a player who has not assigned holds "
                    f"{data.HAND_SIZE}",
                )
            else:
                _require(not game._hand[player], f"{player.label} has assigned, so their hand is empty")
        return
    actor = game._actor
    _require(actor is not None, f"in the {phase.value} phase the resolution must name the acting player (actor)")
    assert actor is not None
    if phase is Phase.SCORING_REMOVE:
        _require(game._scoring_left > 0, "in the scoring_remove phase scoring_left must be at least 1")
        _require(
            game._scoring_left <= data.POST_SCORING_REMOVALS, "a player removes at most 4 counters after a scoring"
        )
        _require(game._board_victory(actor) is None, "the acting player meets a victory condition")
        for player in PLAYERS:
            _require(
                game._assigned[player] is None and not game._revealed, "after a scoring the round's cards are discarded"
            )
        _check_scoring_removal(game, actor)
        return
    _require(game._revealed, f"in the {phase.value} phase the cards are revealed (revealed: true)")
    _require(
        phase is not Phase.REMOVE or game._round > 1,
        "no counters are removed in the first round, so round 1 has no remove phase",
    )
    _require(None not in game._assigned, f"in the {phase.value} phase both assignments are known")
    _require(game._first is not None, f"in the {phase.value} phase the resolution names who acts first (first)")
    _require(
        actor is (game._first if game._turn == 0 else game._first.other),  # type: ignore[union-attr]
        "the actor must be the first player when turn is 0 and the other player when turn is 1",
    )
    cards = game._assigned[actor]
    assert cards is not None
    end = cards[2] * data.SQUARES_PER_TEMPLE
    if phase is Phase.REMOVE:
        target = game._remove_target
        _require(target is not None, "in the remove phase the resolution names whose counters go (remove_target)")
        present = sum(1 for f in range(end) if game._squares[f] is target)
        _require(
            0 < game._remove_left < present,
            f"remove_left must be at least 1 and fewer than the {present} candidate counters "
            "(otherwise the engine removes them all itself)",
        )
    else:
        empty = sum(1 for f in range(end) if game._squares[f] is None)
        _require(
            0 < game._place_left < empty and game._place_left <= game._stock[actor],
            f"place_left must be at least 1, at most the stock and fewer than the {empty} empty allowed squares",
        )


def _check_scoring_removal(game: Game, actor: Player) -> None:
    """A position inside the removals after a scoring must leave the acting player a real choice."""
    name, left = actor.label, game._scoring_left
    _require(
        len(game._kingdom) == data.KINGDOM_SIZE,
        f"during the removals after a scoring the Kingdom of the Dead is still full ({data.KINGDOM_SIZE} counters); "
        "it empties when both players have removed theirs",
    )
    red, blue = game._score
    leader = Player.BLUE if blue > red else Player.RED
    _require(
        game._scoring_turn in (0, 1) and actor is (leader if game._scoring_turn == 0 else leader.other),
        f"after a scoring the leader removes first (red if tied): with scores {red}-{blue} the actor of "
        f"scoring_turn {game._scoring_turn} is {(leader if game._scoring_turn == 0 else leader.other).label}",
    )
    counts = {temple: game.counters_in_temple(actor, temple) for temple in range(1, data.TEMPLE_COUNT + 1)}
    _require(
        sum(counts.values()) > left,
        f"{name} has {sum(counts.values())} counters in the temples and {left} to remove: with that few the "
        "engine removes them all itself",
    )
    required = game._scoring_required
    _require(len(required) <= left, f"scoring_required names {len(required)} temples but only {left} counters go")
    for temple in required:
        _require(
            counts[temple] >= 2,
            f"scoring_required names temple {temple}, where {name} has {counts[temple]} counters; the engine "
            "takes a single counter itself, so a required temple holds at least 2",
        )
    if not required:
        highest = max((temple for temple, count in counts.items() if count), default=0)
        _require(
            counts.get(highest, 0) > left,
            f"the remaining {left} counters come from {name}'s highest temple ({highest}), which holds "
            f"{counts.get(highest, 0)}: no choice is left, so the engine removes them itself",
        )


def replay(record: Any) -> Game:
    """Play a record again: the same seed, rules, start and actions give the same game.

    >>> import aton
    >>> game = aton.new_game(seed=4)
    >>> game.apply(game.legal_actions(aton.RED)[3])
    >>> aton.replay(game.record()) == game
    True
    """
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as error:
            raise ReplayError(f"this record is not readable JSON: {error}") from None
    if not isinstance(record, dict):
        raise ReplayError('a record is a JSON object with "seed", "rules" and "actions"')
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise ReplayError('a record\'s "actions" is a list of action strings like "red place 2-5"')
    try:
        if record.get("start") is not None:
            game = game_from_dict(record["start"])
        else:
            seed = record.get("seed", 0)
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise ReplayError(f"a record's seed is a whole number, not {seed!r}")
            try:
                rules = Rules.from_dict(record.get("rules", {}))
            except (ValueError, TypeError) as error:
                raise ReplayError(f"the record's rules cannot be read: {error}") from None
            game = Game(seed, rules)
    except (PositionError, LayoutError) as error:
        raise ReplayError(f"the record's start cannot be set up: {error}") from None
    for number, text in enumerate(actions, start=1):
        try:
            action: Action = parse_action(str(text))
            game.apply(action)
        except (IllegalAction, ValueError) as error:
            raise ReplayError(f"action {number} ({text!r}) cannot be played: {error}") from None
    return game
