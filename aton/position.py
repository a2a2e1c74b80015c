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
``result``                for finished games: ``winner``, ``reason``, ``scores``, ``at_scoring``
``events``, ``actions``   the log and the decisions so far (snapshots)
``start``                 the position a snapshot's game began from (absent: a new game)
``title``, ``description`` for people: text, or text by language
========================  =====================================================================

Every reader (:meth:`Game.from_json`, :meth:`Game.from_dict`, :func:`replay`, :func:`load_game`,
the dashboard's file reader) checks input the same way, and every problem is a
:class:`GameFileError` (a ``ValueError``) with a message for people:

- the JSON itself, read by :mod:`aton.jsonfile`: a bounded size, nesting and number length (read
  without Python's own digit limit);
- every field, in every object: known names only, the right types (``true`` is not ``1``), possible
  values, a state the rules can reach, a result that agrees with the board, scores and cards;
- a snapshot with a history (``events``, ``actions`` or ``start``) is played again from its start or
  its seed and must give exactly the snapshot, events included, else the first difference is named.

>>> snapshot = aton.new_game(seed=3).to_dict()
>>> snapshot["red"]["score"] = 30
>>> aton.Game.from_dict(snapshot)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
aton.errors.PositionError: the file does not agree with its own record: red.score is 30 where the game has 0. ...
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from . import data, rng
from .actions import PLAYERS, Action, Player, parse_action
from .errors import EventError, Reason
from .errors import GameFileError as GameFileError
from .errors import PositionError as PositionError
from .errors import ReplayError as ReplayError
from .events import event_from_dict
from .game import EndReason, Game, GameState, IllegalAction, Phase, Result, use_file_format
from .jsonfile import _NUMBER_BOUND, MAX_NUMBER_DIGITS, check_json_value, read_json, shown
from .rules import Rules

FORMAT = "aton/1"
RECORD_FORMAT = "aton-record/1"
_OCCUPANT = {"R": Player.RED, "B": Player.BLUE, ".": None}
_LETTER = {Player.RED: "R", Player.BLUE: "B", None: "."}

_HISTORY = ("events", "actions", "start")
"""Fields that make a file a snapshot with a history, checked by replaying it."""
_NOTES = ("title", "description")
"""Fields for people, not part of the game."""


# ------------------------------------------------------------------ writing
def _player_name(player: Player | None) -> str | None:
    return None if player is None else player.label


def _temple_rows(squares: list[Player | None]) -> list[list[str]]:
    rows = []
    for temple in range(data.TEMPLE_COUNT):
        base = temple * data.SQUARES_PER_TEMPLE
        rows.append(
            [
                " ".join(
                    _LETTER[squares[base + r * data.COLUMNS_PER_TEMPLE + c]] for c in range(data.COLUMNS_PER_TEMPLE)
                )
                for r in range(data.ROWS_PER_TEMPLE)
            ]
        )
    return rows


def _state_dict(state: GameState) -> dict[str, Any]:
    players = {}
    for player in PLAYERS:
        cards = state.assigned[player]
        players[player.label] = {
            "score": state.score[player],
            "stock": state.stock[player],
            "exchange": state.exchange[player],
            "hand": list(state.hand[player]),
            "assignment": None if cards is None else list(cards),
            "deck": state.deck[player][::-1],
            "discard": list(state.discard[player]),
        }
    result = state.result
    return {
        "format": FORMAT,
        "seed": state.seed,
        "rng": state.rng,
        "rules": state.rules.to_dict(),
        "round": state.round,
        "phase": state.phase.value,
        "temples": _temple_rows(state.squares),
        "kingdom": [p.label for p in state.kingdom],
        **players,
        "revealed": state.revealed,
        "resolution": {
            "first": _player_name(state.first),
            "turn": state.turn,
            "actor": _player_name(state.actor),
            "remove_left": state.remove_left,
            "remove_target": _player_name(state.remove_target),
            "place_left": state.place_left,
            "scoring_required": list(state.scoring_required),
            "scoring_left": state.scoring_left,
            "scoring_turn": state.scoring_turn,
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
    state = game.state()
    snapshot = _state_dict(state)
    snapshot["events"] = [event.to_dict() for event in state.events]
    snapshot["actions"] = [str(action) for action in state.actions]
    if state.start is not None:
        snapshot["start"] = state.start
    return snapshot


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game``: enough to replay it exactly."""
    state = game.state()
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "seed": state.seed,
        "rules": state.rules.to_dict(),
        "actions": [str(action) for action in state.actions],
    }
    if state.start is not None:
        record["start"] = state.start
    return record


# ------------------------------------------------------------------ reading
# Every check has the shape of ``Game.apply``: a fast test, and only when it fails a coded refusal
# (a code and its facts), told in the reader's language when it is shown (:mod:`aton.refusals`).
def _require(condition: bool, code: str, /, **facts: Any) -> None:
    if not condition:
        raise PositionError(code, **facts)


def _is_whole(raw: Any) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool)


def _whole(raw: Any, name: str, minimum: int = 0) -> int:
    _require(_is_whole(raw) and raw >= minimum, "not_whole", field=name, minimum=minimum, found=raw)
    return int(raw)


def _flag(raw: Any, name: str) -> bool:
    _require(isinstance(raw, bool), "not_flag", field=name, found=raw)
    return bool(raw)


def _known_fields(raw: dict[str, Any], known: tuple[str, ...], name: str) -> None:
    unknown = sorted(set(raw) - set(known))
    _require(not unknown, "unknown_fields", where=name, unknown=_names(unknown), known=list(known))


def _names(keys: list[str]) -> list[str]:
    """Field names for a message, each cut to 30 characters, at most 5 of them."""
    return [key if len(key) <= 30 else key[:30] + "..." for key in keys[:5]]


def _cards(raw: Any, name: str) -> list[int]:
    _require(isinstance(raw, list), "cards_not_list", field=name, found=raw)
    for card in raw:
        _require(_is_whole(card) and card in data.CARD_VALUES, "not_a_card", field=name, found=card)
    _require(len(raw) <= len(data.DECK), "too_many_cards", field=name, count=len(raw), deck=len(data.DECK))
    return list(raw)


def _player_or_none(raw: Any, name: str) -> Player | None:
    if raw is None:
        return None
    _require(isinstance(raw, str) and raw in ("red", "blue"), "not_player", field=name, found=raw)
    return Player.parse(raw)


def _bit(code: str) -> Callable[[Any, str], int]:
    """A reader of a field that is 0 or 1, refused with ``code``."""

    def read(raw: Any, name: str) -> int:
        number = _whole(raw, name)
        _require(number in (0, 1), code)
        return number

    return read


def _temple_numbers(raw: Any, name: str) -> list[int]:
    _require(
        isinstance(raw, list)
        and all(type(t) is int and 1 <= t <= data.TEMPLE_COUNT for t in raw)
        and len(set(raw)) == len(raw),
        "scoring_required_bad",
        temples=data.TEMPLE_COUNT,
        found=raw,
    )
    return list(raw)


def _parse_temples(raw: Any) -> list[Player | None]:
    _require(isinstance(raw, list) and len(raw) == data.TEMPLE_COUNT, "temples_not_list", temples=data.TEMPLE_COUNT)
    squares: list[Player | None] = []
    for number, temple in enumerate(raw, start=1):
        rows_ok = isinstance(temple, list) and all(isinstance(row, str) for row in temple)
        text = "".join(temple) if rows_ok else temple
        _require(isinstance(text, str), "temple_not_rows", temple=number, found=temple)
        letters = text.replace(" ", "").upper()
        _require(
            len(letters) == data.SQUARES_PER_TEMPLE,
            "temple_size",
            temple=number,
            count=len(letters),
            size=data.SQUARES_PER_TEMPLE,
        )
        bad = sorted(set(letters) - set(_OCCUPANT))
        _require(not bad, "temple_letters", temple=number, letters=bad)
        squares.extend(_OCCUPANT[letter] for letter in letters)
    return squares


Reader = Callable[[Any, str], Any]
"""Reads one field's value (given its name for messages), or raises :class:`PositionError`."""

_RESOLUTION: dict[str, tuple[Any, Reader]] = {
    "first": (None, _player_or_none),
    "turn": (0, _bit("turn_not_bit")),
    "actor": (None, _player_or_none),
    "remove_left": (0, _whole),
    "remove_target": (None, _player_or_none),
    "place_left": (0, _whole),
    "scoring_required": ([], _temple_numbers),
    "scoring_left": (0, _whole),
    "scoring_turn": (0, _bit("scoring_turn_not_bit")),
}
"""The fields of ``resolution``: their value when left out, and how each is read."""


def _read_fields(raw: Any, schema: dict[str, tuple[Any, Reader]], where: str) -> dict[str, Any]:
    """The fields of the object ``raw`` read by ``schema`` (which also names every known field)."""
    _require(isinstance(raw, dict), "not_an_object", field=where)
    _known_fields(raw, tuple(schema), where)
    return {name: read(raw.get(name, default), f"{where} {name}") for name, (default, read) in schema.items()}


def game_from_json(text: str | bytes) -> Game:
    """Read a snapshot or position from JSON text (bounded: see :func:`read_json`)."""
    return _checked_game(read_json(text, PositionError))


def game_from_dict(raw: Any) -> Game:
    """Build and validate a game from a snapshot or a hand-written position.

    A position (no ``events``, ``actions`` or ``start``) is checked field by field and for being a
    state of Aton, a finished one for a result that agrees with its board and scores.  A snapshot
    with a history is also played again from its start (or from its seed) with its actions; it
    loads only if that gives exactly the snapshot, events included.
    """
    check_json_value(raw, PositionError)
    return _checked_game(raw)


def load_game(source: Any, *, seed_if_missing: int | None = None) -> Game:
    """A game from a file's text (or bytes, or parsed JSON): a snapshot, a position or a record.

    The one reader of game files: records (format ``aton-record/1``) are replayed, everything
    else is read as a snapshot or position.  A position without a ``seed`` gets
    ``seed_if_missing`` (when given), which deals its hidden cards.  Raises
    :class:`GameFileError` (a ``ValueError``) saying what is wrong.

    >>> import aton
    >>> game = aton.new_game(seed=5)
    >>> load_game(game.to_json()) == load_game(json.dumps(game.record())) == game
    True
    """
    if isinstance(source, (str, bytes, bytearray)):
        raw = read_json(source)
    else:
        check_json_value(source, PositionError)
        raw = source
    _require(isinstance(raw, dict), "file_not_object")
    if raw.get("format") == RECORD_FORMAT:
        return _checked_replay(raw)
    if seed_if_missing is not None and "seed" not in raw:
        raw = {**raw, "seed": seed_if_missing}
    return _checked_game(raw)


_TOP_FIELDS = (
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
)


def _checked_game(raw: Any) -> Game:
    """:func:`game_from_dict` on data already checked by :func:`check_json_value`."""
    try:
        _require(isinstance(raw, dict), "position_not_object")
        state = _state_from_dict(raw)
        if not any(key in raw for key in _HISTORY):
            state.start = _state_dict(state)
            return Game.from_state(state)
        return _checked_history(state, raw)
    except GameFileError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
        raise PositionError("position_unreadable", problem=shown(str(error), 200)) from None


def _seed(raw: Any, name: str = "seed") -> int:
    _require(_is_whole(raw), "seed_not_whole", field=name, found=raw)
    _require(-_NUMBER_BOUND < raw < _NUMBER_BOUND, "seed_too_long", field=name, limit=MAX_NUMBER_DIGITS)
    return int(raw)


def _state_from_dict(raw: dict[str, Any]) -> GameState:
    """The state of a snapshot or position (everything but the history), checked."""
    _known_fields(raw, _TOP_FIELDS, "")
    _require(raw.get("format", FORMAT) == FORMAT, "bad_format", expected=FORMAT, found=raw.get("format"))
    for note in _NOTES:
        text = raw.get(note, "")
        _require(
            isinstance(text, str) or (isinstance(text, dict) and all(isinstance(t, str) for t in text.values())),
            "bad_note",
            field=note,
            found=text,
        )
    seed = _seed(raw.get("seed", 0))
    try:
        rules = Rules.from_dict(raw.get("rules", {}))
    except (ValueError, TypeError) as error:
        raise PositionError("bad_rules", reason=error) from None
    stream = raw.get("rng")
    state = GameState(
        rules=rules,
        seed=seed,
        rng=rng.seed_state(seed, "aton/position") if stream is None else _whole(stream, "rng"),
    )
    _require(state.rng < 2**64, "rng_too_large")
    state.round = _whole(raw.get("round", 1), "round", 1)
    _require(state.round <= rules.round_limit, "round_past_limit", round=state.round, limit=rules.round_limit)
    phase_name = raw.get("phase", "assign")
    phases = [phase.value for phase in Phase]
    _require(phase_name in phases, "bad_phase", phases=phases, found=phase_name)
    state.phase = Phase(phase_name)
    empty_board = ["." * data.SQUARES_PER_TEMPLE] * data.TEMPLE_COUNT
    state.squares = _parse_temples(raw.get("temples", empty_board))
    kingdom = raw.get("kingdom", [])
    _require(isinstance(kingdom, list), "kingdom_not_list")
    _require(len(kingdom) <= data.KINGDOM_SIZE, "kingdom_too_full", size=data.KINGDOM_SIZE, count=len(kingdom))
    for owner in kingdom:
        _require(owner in ("red", "blue"), "kingdom_owner", found=owner)
    state.kingdom = [Player.parse(owner) for owner in kingdom]
    state.revealed = _flag(raw.get("revealed", False), "revealed")
    for player in PLAYERS:
        _read_player(state, player, raw.get(player.label, {}))
    resolution = _read_fields(raw.get("resolution", {}), _RESOLUTION, "resolution")
    for name, value in resolution.items():
        setattr(state, name, value)
    state.result = _read_result(state, raw.get("result"))
    _check_consistency(state, Game.from_state(state))
    return state


def _checked_history(state: GameState, raw: dict[str, Any]) -> Game:
    """Play a snapshot's actions again from its start; return the replay if it is exactly the snapshot."""
    events = raw.get("events", [])
    _require(isinstance(events, list), "events_not_list")
    for index, event in enumerate(events):
        try:
            event_from_dict(event, f"events[{index}]")
        except EventError as error:
            raise PositionError("bad_event", reason=error) from None
    actions = _action_texts(raw.get("actions", []), PositionError)
    start = raw.get("start")
    origin = Reason("origin_new", {"seed": state.seed}) if start is None else Reason("origin_start", {})
    begin = Game(state.seed, state.rules) if start is None else _start_of(start, PositionError)
    try:
        play_actions(begin, actions, PositionError)
    except PositionError as error:
        raise PositionError("history_unplayable", origin=origin, reason=error) from None
    expected = game_to_dict(begin)
    found = {key: value for key, value in raw.items() if key not in _NOTES}
    difference = _first_difference(expected, found)
    if difference is not None:
        raise PositionError("history_differs", difference=difference, count=len(actions), origin=origin)
    return begin


def _action_texts(raw: Any, error: type[GameFileError]) -> list[str]:
    if not isinstance(raw, list):
        raise error("actions_not_list")
    for number, text in enumerate(raw, start=1):
        if not isinstance(text, str):
            raise error("action_not_text", number=number, found=text)
    return raw


def _start_of(start: Any, error: type[GameFileError]) -> Game:
    """The game a record or snapshot starts from: its ``start`` position, itself without history."""
    if not isinstance(start, dict):
        raise error("start_not_object", found=start)
    inside = [key for key in _HISTORY if key in start]
    if inside:
        raise error("start_has_history", fields=inside)
    try:
        return _checked_game(start)
    except PositionError as problem:
        if error is PositionError:
            raise PositionError("bad_start", reason=problem) from None
        raise error("record_start_unusable", reason=problem) from None


def play_actions(game: Game, actions: list[str], error: type[GameFileError] = ReplayError) -> None:
    """Apply ``actions`` in order; the first that cannot be read or played raises ``error`` naming it."""
    for number, text in enumerate(actions, start=1):
        try:
            action: Action = parse_action(text)
        except ValueError as problem:
            raise error("action_unreadable", number=number, text=text, reason=problem) from None
        try:
            game.apply(action)
        except IllegalAction as problem:
            raise error("action_illegal", number=number, text=text, reason=problem) from None


def _first_difference(expected: Any, found: Any, path: str = "") -> Reason | None:
    """Where ``found`` (the file) first differs from ``expected`` (the replay); ``None`` if nowhere.

    JSON values are compared exactly: ``true`` is not ``1`` and ``1.0`` is not ``1``.
    """
    if isinstance(expected, dict) and isinstance(found, dict):
        prefix = f"{path}." if path else ""
        for key in expected:
            if key not in found:
                return Reason("difference_missing", {"path": f"{prefix}{key}"})
        for key in found:
            if key not in expected:
                return Reason("difference_extra", {"path": f"{prefix}{key}"})
        for key in expected:
            if _differs(expected[key], found[key]):
                return _first_difference(expected[key], found[key], f"{prefix}{key}")
        return None
    if isinstance(expected, (list, tuple)) and isinstance(found, (list, tuple)):
        for number, (left, right) in enumerate(zip(expected, found, strict=False)):
            if _differs(left, right):
                return _first_difference(left, right, f"{path}[{number}]")
        if len(expected) != len(found):
            return Reason("difference_length", {"path": path, "found": len(found), "expected": len(expected)})
        return None
    if not _differs(expected, found):
        return None
    return Reason("difference_value", {"path": path, "found": found, "expected": expected})


def _differs(left: Any, right: Any) -> bool:
    """Whether two JSON values differ (lists of different lengths are told apart without writing them out)."""
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)) and len(left) != len(right):
        return True
    if isinstance(left, dict) and isinstance(right, dict) and left.keys() != right.keys():
        return True
    return json.dumps(left, sort_keys=True) != json.dumps(right, sort_keys=True)


_SIDE_FIELDS = ("score", "stock", "exchange", "hand", "assignment", "deck", "discard")


def _read_player(state: GameState, player: Player, raw: Any) -> None:
    name = player.label
    _require(isinstance(raw, dict), "side_not_object", field=name)
    _known_fields(raw, _SIDE_FIELDS, name)
    state.score[player] = _whole(raw.get("score", 0), f"{name} score")
    exchange = raw.get("exchange", True)
    _require(isinstance(exchange, bool), "exchange_not_flag", field=f"{name} exchange")
    state.exchange[player] = exchange
    assignment = raw.get("assignment")
    if assignment is not None:
        cards = _cards(assignment, f"{name} assignment")
        _require(len(cards) == data.CARTOUCHE_COUNT, "assignment_size", field=f"{name} assignment")
        state.assigned[player] = tuple(cards)
    discard = _cards(raw.get("discard", []), f"{name} discard")
    hand = _cards(raw["hand"], f"{name} hand") if "hand" in raw else None
    deck = _cards(raw["deck"], f"{name} deck")[::-1] if "deck" in raw else None
    used = Counter(discard) + Counter(hand or []) + Counter(deck or []) + Counter(state.assigned[player] or ())
    for value in data.CARD_VALUES:
        _require(
            used[value] <= data.CARDS_PER_VALUE,
            "too_many_of_value",
            player=name,
            count=used[value],
            value=value,
            limit=data.CARDS_PER_VALUE,
        )
    missing = list((Counter(data.DECK) - used).elements())
    if deck is None:
        state.rng = rng.shuffle(missing, state.rng)
        deck = missing
    else:
        _require(not missing, "cards_missing", player=name, missing=sorted(missing), deck=len(data.DECK))
    if hand is None:
        hand = []
        if state.phase is Phase.ASSIGN and state.assigned[player] is None:
            while len(hand) < data.HAND_SIZE and deck:
                hand.append(deck.pop())
    _require(not hand or state.phase is Phase.ASSIGN, "hand_outside_assign", player=name, phase=state.phase.value)
    state.hand[player], state.deck[player], state.discard[player] = sorted(hand), deck, discard
    on_board = state.squares.count(player)
    in_kingdom = state.kingdom.count(player)
    stock = raw.get("stock", data.COUNTERS_PER_PLAYER - on_board - in_kingdom)
    _require(
        _is_whole(stock) and stock >= 0 and on_board + in_kingdom + stock == data.COUNTERS_PER_PLAYER,
        "counter_count",
        player=name,
        board=on_board,
        kingdom=in_kingdom,
        found=stock,
        total=data.COUNTERS_PER_PLAYER,
    )
    state.stock[player] = stock


def _read_result(state: GameState, raw: Any) -> Result | None:
    if state.phase is not Phase.OVER:
        _require(raw is None, "result_unfinished")
        return None
    _require(isinstance(raw, dict), "result_missing")
    _known_fields(raw, ("winner", "reason", "scores", "at_scoring"), "result")
    reasons = [reason.value for reason in EndReason]
    _require(raw.get("reason") in reasons, "result_reason", reasons=reasons, found=raw.get("reason"))
    scores = raw.get("scores", list(state.score))
    _require(
        isinstance(scores, list) and len(scores) == 2 and all(_is_whole(s) for s in scores),
        "result_scores",
        found=scores,
    )
    return Result(
        _player_or_none(raw.get("winner"), "result winner"),
        EndReason(raw["reason"]),
        (int(scores[0]), int(scores[1])),
        _flag(raw.get("at_scoring", False), "result at_scoring"),
    )


def _check_consistency(state: GameState, game: Game) -> None:
    """``state`` (which ``game`` is) must be a state the rules can reach, with a real choice to make."""
    phase = state.phase
    if phase is Phase.OVER:
        _check_result(state, game)
        return
    for player in PLAYERS:
        name = player.label
        _require(
            state.score[player] < data.WINNING_POINTS,
            "score_past_win",
            player=name,
            points=state.score[player],
            win=data.WINNING_POINTS,
        )
        if phase is Phase.PLACE and player is state.actor:
            continue  # a condition met in the middle of a placement is checked after that cartouche 4
        reason = game.board_victory(player)
        _require(reason is None, "victory_held", player=name, victory=reason.value if reason else "")
    if phase is Phase.ASSIGN:
        _require(not state.revealed, "assign_revealed")
        _require(None in state.assigned, "assign_both_assigned")
        _require(
            len(state.kingdom) < data.KINGDOM_SIZE,
            "assign_kingdom_full",
            size=data.KINGDOM_SIZE,
            most=data.KINGDOM_SIZE - 1,
        )
        _require(state.actor is None, "assign_actor")
        for player in PLAYERS:
            if state.assigned[player] is None:
                _require(
                    len(state.hand[player]) == data.HAND_SIZE,
                    "hand_size",
                    player=player.label,
                    count=len(state.hand[player]),
                    size=data.HAND_SIZE,
                )
            else:
                _require(not state.hand[player], "hand_after_assign", player=player.label)
        return
    actor = state.actor
    _require(actor is not None, "actor_missing", phase=phase.value)
    assert actor is not None
    if phase is Phase.SCORING_REMOVE:
        _require(state.scoring_left > 0, "scoring_left_zero")
        _require(state.scoring_left <= data.POST_SCORING_REMOVALS, "scoring_left_too_many")
        _require(game.board_victory(actor) is None, "actor_victory_held")
        _require(state.assigned == [None, None] and not state.revealed, "scoring_cards_left")
        _check_scoring_removal(state, game, actor)
        return
    _require(state.revealed, "not_revealed", phase=phase.value)
    _require(phase is not Phase.REMOVE or state.round > 1, "remove_in_round_one")
    _require(None not in state.assigned, "assignment_missing", phase=phase.value)
    first = state.first
    _require(first is not None, "first_missing", phase=phase.value)
    assert first is not None
    _require(actor is (first if state.turn == 0 else first.other), "actor_not_in_turn")
    cards = state.assigned[actor]
    assert cards is not None
    end = cards[2] * data.SQUARES_PER_TEMPLE
    if phase is Phase.REMOVE:
        target = state.remove_target
        _require(target is not None, "remove_target_missing")
        present = state.squares[:end].count(target)
        _require(0 < state.remove_left < present, "remove_left_range", present=present)
    else:
        empty = state.squares[:end].count(None)
        _require(
            0 < state.place_left < empty and state.place_left <= state.stock[actor], "place_left_range", empty=empty
        )


def _check_result(state: GameState, game: Game) -> None:
    """A finished game's result must be what the engine would have decided from its board and scores."""
    result = state.result
    assert result is not None  # _read_result gives every finished game a result
    red, blue = state.score
    winner, reason, points = result.winner, result.reason, data.WINNING_POINTS
    _require(
        result.scores == (red, blue),
        "result_scores_differ",
        result_red=result.scores[0],
        result_blue=result.scores[1],
        red=red,
        blue=blue,
    )
    _require(state.actor is None, "result_actor")
    boards = {player: game.board_victory(player) for player in PLAYERS}
    leader = Player.RED if red > blue else Player.BLUE if blue > red else None
    said = Reason("result_says", {"winner": _player_name(winner), "reason": reason.value})

    def check(condition: bool, code: str, /, **facts: Any) -> None:
        _require(condition, code, said=said, reason=reason.value, **facts)

    check(not result.at_scoring or reason is EndReason.POINTS, "result_at_scoring_not_points")
    if reason in (EndReason.POINTS, EndReason.ROUND_LIMIT):
        held = [[player.label, victory.value] for player, victory in boards.items() if victory is not None]
        check(not held, "result_board_victory_first", held=held)
    face_up = reason is not EndReason.ROUND_LIMIT and not result.at_scoring  # ended inside a round
    check(
        state.revealed is face_up and all((assigned is not None) is face_up for assigned in state.assigned),
        "result_cards_face_up"
        if face_up
        else "result_cards_discarded_at_scoring"
        if result.at_scoring
        else "result_cards_discarded",
    )
    scores = {"red": red, "blue": blue, "points": points}
    if reason is EndReason.POINTS and result.at_scoring:
        check(max(red, blue) >= points, "result_scoring_no_points", **scores)
        check(winner is leader, "result_scoring_not_leader", **scores)
        check(len(state.kingdom) == data.KINGDOM_SIZE, "result_scoring_kingdom_not_full")
    elif reason is EndReason.POINTS:
        check(
            winner is not None and state.score[winner] >= points and state.score[winner.other] < points,
            "result_points_scores",
            **scores,
        )
        check(len(state.kingdom) < data.KINGDOM_SIZE, "result_points_kingdom_full")
    elif reason is EndReason.ROUND_LIMIT:
        limit = state.rules.round_limit
        check(state.round == limit, "result_round_limit_round", round=state.round, limit=limit)
        check(max(red, blue) < points, "result_points_first", points=points)
        check(winner is leader, "result_round_limit_not_leader", red=red, blue=blue)
    else:
        check(winner is not None, "result_board_no_winner")
        assert winner is not None
        held_by_winner = boards[winner]
        check(
            held_by_winner is reason,
            "result_board_not_held" if held_by_winner is None else "result_board_other_victory",
            player=winner.label,
            victory=None if held_by_winner is None else held_by_winner.value,
        )
        check(boards[winner.other] is None, "result_board_both", player=winner.other.label)
        check(max(red, blue) < points, "result_points_first", points=points)


def _check_scoring_removal(state: GameState, game: Game, actor: Player) -> None:
    """A position inside the removals after a scoring must leave the acting player a real choice."""
    name, left = actor.label, state.scoring_left
    _require(len(state.kingdom) == data.KINGDOM_SIZE, "scoring_kingdom_not_full", size=data.KINGDOM_SIZE)
    red, blue = state.score
    leader = Player.BLUE if blue > red else Player.RED
    expected = leader if state.scoring_turn == 0 else leader.other
    _require(actor is expected, "scoring_actor", red=red, blue=blue, turn=state.scoring_turn, player=expected.label)
    counts = {temple: game.counters_in_temple(actor, temple) for temple in range(1, data.TEMPLE_COUNT + 1)}
    total = sum(counts.values())
    _require(total > left, "scoring_too_few", player=name, count=total, left=left)
    required = state.scoring_required
    _require(len(required) <= left, "scoring_required_too_many", count=len(required), left=left)
    for temple in required:
        _require(counts[temple] >= 2, "scoring_required_single", temple=temple, player=name, count=counts[temple])
    if not required:
        highest = max((temple for temple, count in counts.items() if count), default=0)
        _require(
            counts.get(highest, 0) > left,
            "scoring_no_choice",
            left=left,
            player=name,
            temple=highest,
            count=counts.get(highest, 0),
        )


_RECORD_FIELDS = ("format", "seed", "rules", "actions", "start")


def replay(record: Any) -> Game:
    """Play a record again: the same seed, rules, start and actions give the same game.

    ``record`` is a dict (``game.record()``) or its JSON text; a full snapshot (format ``aton/1``)
    is accepted too and checked as :func:`game_from_dict` does.  Raises :class:`ReplayError`.

    >>> import aton
    >>> game = aton.new_game(seed=4)
    >>> game.apply(game.legal_actions(aton.RED)[3])
    >>> aton.replay(game.record()) == game
    True
    """
    if isinstance(record, (str, bytes, bytearray)):
        record = read_json(record, ReplayError)
    else:
        check_json_value(record, ReplayError)
    return _checked_replay(record)


def _checked_replay(record: Any) -> Game:
    """:func:`replay` on data already checked by :func:`check_json_value`."""
    game, actions = record_start(record)
    play_actions(game, actions, ReplayError)
    return game


def record_start(record: Any) -> tuple[Game, list[str]]:
    """The game a record starts from and its actions (not played yet), every field checked.

    A full snapshot (format ``aton/1``) is read as :func:`game_from_dict` does and its own record is
    used.  Raises :class:`ReplayError` saying what is wrong.
    """
    if not isinstance(record, dict):
        raise ReplayError("record_not_object")
    if record.get("format") == FORMAT:
        try:
            record = _checked_game(record).record()
        except PositionError as error:
            raise ReplayError(error.code, **error.details) from None
    try:
        unknown = sorted(set(record) - set(_RECORD_FIELDS))
        if unknown:
            raise ReplayError("record_unknown_fields", unknown=_names(unknown), known=list(_RECORD_FIELDS))
        if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise ReplayError("bad_record_format", expected=RECORD_FORMAT, found=record.get("format"))
        seed = record.get("seed", 0)
        if not _is_whole(seed):
            raise ReplayError("record_seed", found=seed)
        try:
            rules = Rules.from_dict(record.get("rules", {}))
        except (ValueError, TypeError) as error:
            raise ReplayError("record_rules", reason=error) from None
        actions = _action_texts(record.get("actions", []), ReplayError)
        if record.get("start") is not None:
            return _start_of(record["start"], ReplayError), actions
        try:
            return Game(seed, rules), actions
        except ValueError as error:
            raise ReplayError("record_start_unusable", reason=error) from None
    except GameFileError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
        raise ReplayError("record_unreadable", problem=shown(str(error), 200)) from None


class _Format:
    """The snapshot format, plugged into :class:`Game` (``to_dict``, ``record``, ``from_dict``, ``from_json``)."""

    to_dict = staticmethod(game_to_dict)
    record = staticmethod(record_of)
    from_dict = staticmethod(game_from_dict)
    from_json = staticmethod(game_from_json)


use_file_format(_Format())
