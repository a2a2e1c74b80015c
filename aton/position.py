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

- the JSON itself: at most :data:`MAX_FILE_BYTES`, nesting at most :data:`MAX_DEPTH` levels, whole
  numbers of at most :data:`MAX_NUMBER_DIGITS` digits (read without Python's own digit limit);
- every field, in every object: known names only, the right types (``true`` is not ``1``), possible
  values, a state the rules can reach, a result that agrees with the board, scores and cards;
- a snapshot with a history (``events``, ``actions`` or ``start``) is played again from its start or
  its seed and must give exactly the snapshot, events included, else the first difference is named.

>>> snapshot = aton.new_game(seed=3).to_dict()
>>> snapshot["red"]["score"] = 30
>>> aton.Game.from_dict(snapshot)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
aton.position.PositionError: the file does not agree with its own record: red.score is 30 where the game has 0. ...
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from typing import Any

from . import data, rng
from .actions import PLAYERS, Action, Player, parse_action
from .events import EventError, event_from_dict
from .game import EndReason, Game, Geometry, IllegalAction, Phase, Result
from .rules import LayoutError, Rules

FORMAT = "aton/1"
RECORD_FORMAT = "aton-record/1"
_OCCUPANT = {"R": Player.RED, "B": Player.BLUE, ".": None}
_LETTER = {Player.RED: "R", Player.BLUE: "B", None: "."}

MAX_FILE_BYTES = 2_000_000
"""The largest game file read, in bytes (UTF-8).  A full snapshot takes about 3 kB per round (random
games: at most 40 kB; the longest game found, 35 rounds, 65 kB), so a game played to the highest round
limit (200) stays well below this even with many events per round."""
MAX_DEPTH = 16
"""The deepest nesting of lists and objects in a game file (snapshots nest 5 levels)."""
MAX_NUMBER_DIGITS = data.MAX_NUMBER_DIGITS
_NUMBER_BOUND = 10**MAX_NUMBER_DIGITS
_HISTORY = ("events", "actions", "start")
"""Fields that make a file a snapshot with a history, checked by replaying it."""
_NOTES = ("title", "description")
"""Fields for people, not part of the game."""


class GameFileError(ValueError):
    """A game file, snapshot, position or record that cannot be read; the message says what is wrong.

    Every problem found while reading is one of these (or a subclass), never a ``TypeError`` or a
    ``RecursionError``.
    """


class PositionError(GameFileError):
    """A position or snapshot that cannot be a state of Aton; the message says what is wrong."""


class ReplayError(GameFileError):
    """A record that cannot be replayed; the message names the first bad action."""


def shown(value: Any, width: int = 60) -> str:
    """``repr(value)`` cut to about ``width`` characters, for messages about values read from files.

    >>> shown("x" * 500)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (502 characters)"
    >>> shown(10**5000)
    'a whole number of over 40 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _NUMBER_BOUND:
        return f"a whole number of over {MAX_NUMBER_DIGITS} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # pragma: no cover - a value nested or sized past every bound
        return f"a {type(value).__name__}"
    return text if len(text) <= width else f"{text[:width]}... ({len(text)} characters)"


class _NotANumber(Exception):
    """``NaN``, ``Infinity`` or a number too large for a float, met while parsing."""

    def __init__(self, text: str) -> None:
        self.text = text


def _no_constant(name: str) -> Any:
    raise _NotANumber(name)


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _NotANumber(text)
    return number


def read_json(text: str | bytes | bytearray, error: type[GameFileError] = PositionError) -> Any:
    """Parse a game file's JSON text, refusing what no game file holds: over :data:`MAX_FILE_BYTES`,
    nesting over :data:`MAX_DEPTH`, numbers over :data:`MAX_NUMBER_DIGITS` digits, ``NaN``.

    Problems raise ``error`` with a message for people.

    >>> read_json('{"seed": 7}')
    {'seed': 7}
    >>> read_json("[" * 5000 + "]" * 5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    aton.position.PositionError: the JSON is nested too deeply: a game file nests lists and objects at most ...
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_FILE_BYTES:
            raise error(_too_large(len(text)))
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise error("the file is not text (UTF-8)") from None
    if not isinstance(text, str):
        raise error(f"a game file is JSON text, not {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise error(_too_large(len(text.encode("utf-8", "surrogatepass"))))
    outside_strings = _STRING.sub('""', text)
    long_number = _LONG_NUMBER.search(outside_strings)
    if long_number is not None:
        raise error(
            f"the file holds a number of {len(long_number.group())} digits; numbers in a game file have at most "
            f"{MAX_NUMBER_DIGITS}"
        )
    if _nesting_exceeds(outside_strings, MAX_DEPTH):
        raise error(_too_deep())
    try:
        raw = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except json.JSONDecodeError as problem:
        what = problem.msg.removesuffix(" at")  # "Unterminated string starting at" reads on: "... at line 1"
        raise error(f"this is not readable JSON ({what} at line {problem.lineno}, column {problem.colno})") from None
    except _NotANumber as problem:
        raise error(
            f"the file holds {shown(problem.text, 40)[1:-1]}, which is not a number a game file can hold"
        ) from None
    except RecursionError:  # pragma: no cover - the nesting was measured before parsing
        raise error(_too_deep()) from None
    return raw


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_LONG_NUMBER = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1},}}")
"""A run of digits longer than any number a game file holds (searched for outside strings)."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def _nesting_exceeds(text: str, depth: int) -> bool:
    """Whether the lists and objects of JSON ``text`` (with its strings emptied) nest deeper than ``depth``.

    Measured without parsing: everything but brackets is dropped; each round removes the innermost
    pairs, so brackets still there after ``depth`` rounds nest deeper.  (Unbalanced text is left
    for the parser to name.)

    >>> _nesting_exceeds('{"a": [[1], ""]}', 3), _nesting_exceeds('{"a": [[1]]}', 2)
    (False, True)
    """
    brackets = _NOT_BRACKET.sub("", text)
    for _ in range(depth):
        if not brackets:
            return False
        shorter = _INNERMOST.sub("", brackets)
        if shorter == brackets:
            return False  # unbalanced: the parser says where
        brackets = shorter
    return bool(_INNERMOST.search(brackets))


def _too_large(size: int) -> str:
    return (
        f"the file is too large ({size:,} bytes); a game file is at most {MAX_FILE_BYTES:,} bytes "
        f"({MAX_FILE_BYTES // 1_000_000} MB)"
    )


def _too_deep() -> str:
    return f"the JSON is nested too deeply: a game file nests lists and objects at most {MAX_DEPTH} levels deep"


def check_json_value(raw: Any, error: type[GameFileError] = PositionError) -> None:
    """Check that ``raw`` is JSON data a game file could hold, without recursion.

    Objects have text keys; values are objects, lists (or tuples), text, whole numbers of at most
    :data:`MAX_NUMBER_DIGITS` digits, numbers, ``true``/``false`` or ``null``; nesting is at most
    :data:`MAX_DEPTH` levels.  Raises ``error`` otherwise.
    """
    stack: list[tuple[Any, int]] = [(raw, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > MAX_DEPTH:
                raise error(_too_deep())
            for key, item in value.items():
                if not isinstance(key, str):
                    raise error(f"the names of fields are text, not {shown(key)}")
                if isinstance(item, (dict, list, tuple)):
                    stack.append((item, depth + 1))
                elif not _scalar_ok(item):
                    raise error(_not_json(item, key))
        elif isinstance(value, (list, tuple)):
            if depth > MAX_DEPTH:
                raise error(_too_deep())
            for item in value:
                if isinstance(item, (dict, list, tuple)):
                    stack.append((item, depth + 1))
                elif not _scalar_ok(item):
                    raise error(_not_json(item, None))
        elif not _scalar_ok(value):
            raise error(_not_json(value, None))


def _scalar_ok(value: Any) -> bool:
    if value is None or isinstance(value, (str, bool)):
        return True
    if isinstance(value, int):
        return bool(-_NUMBER_BOUND < value < _NUMBER_BOUND)
    if isinstance(value, float):
        return math.isfinite(value)
    return False


def _not_json(value: Any, key: str | None) -> str:
    where = "" if key is None else f" in {key!r}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"the file holds a number of over {MAX_NUMBER_DIGITS} digits{where}; numbers have at most that many"
    if isinstance(value, float):
        return f"the file holds {value}{where}, which is not a number a game file can hold"
    return f"the file holds {shown(value)}{where}, which is not JSON data (text, numbers, lists, objects)"


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
        f"{name} must be a whole number of at least {minimum}, not {shown(raw)}",
    )
    return int(raw)


def _flag(raw: Any, name: str) -> bool:
    _require(isinstance(raw, bool), f"{name} must be true or false, not {shown(raw)}")
    return bool(raw)


def _known_fields(raw: dict[str, Any], known: tuple[str, ...], name: str) -> None:
    unknown = sorted(set(raw) - set(known))
    _require(not unknown, f"{name}: unknown fields {_names(unknown)}; known: {', '.join(known)}")


def _names(keys: list[str]) -> list[str]:
    """Field names for a message, each cut to 30 characters, at most 5 of them."""
    return [key if len(key) <= 30 else key[:30] + "..." for key in keys[:5]]


def _cards(raw: Any, name: str) -> list[int]:
    _require(isinstance(raw, list), f"{name} must be a list of card values 1-4, not {shown(raw)}")
    for card in raw:
        _require(
            isinstance(card, int) and not isinstance(card, bool) and card in data.CARD_VALUES,
            f"{name} holds {shown(card)}; cards are 1, 2, 3 or 4",
        )
    _require(len(raw) <= len(data.DECK), f"{name} holds {len(raw)} cards; a player has {len(data.DECK)}")
    return list(raw)


def _player_or_none(raw: Any, name: str) -> Player | None:
    if raw is None:
        return None
    _require(isinstance(raw, str) and raw in ("red", "blue"), f'{name} must be "red", "blue" or null, not {shown(raw)}')
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
        _require(isinstance(text, str), f"temple {number} must be rows of R, B and . (empty), not {shown(temple)}")
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
    _require(isinstance(raw, dict), 'a game file is a JSON object such as {"temples": [...], "round": 3}')
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
        _require(isinstance(raw, dict), 'a position is a JSON object such as {"temples": [...], "round": 3}')
        game = _state_from_dict(raw)
        if not any(key in raw for key in _HISTORY):
            game._events, game._actions = [], []
            game._start = _state_dict(game)
            return game
        return _checked_history(game, raw)
    except GameFileError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
        raise PositionError(f"this position cannot be read: {shown(str(error), 200)}") from None


def _seed(raw: Any, name: str = "seed") -> int:
    _require(isinstance(raw, int) and not isinstance(raw, bool), f"{name} must be a whole number, not {shown(raw)}")
    _require(
        -_NUMBER_BOUND < raw < _NUMBER_BOUND,
        f"{name} has over {MAX_NUMBER_DIGITS} digits; seeds have at most that many",
    )
    return int(raw)


def _state_from_dict(raw: dict[str, Any]) -> Game:
    """The state fields of a snapshot or position (everything but the history), checked."""
    _known_fields(raw, _TOP_FIELDS, "the position")
    _require(raw.get("format", FORMAT) == FORMAT, f"format must be {FORMAT!r}, not {shown(raw.get('format'))}")
    for note in _NOTES:
        text = raw.get(note, "")
        _require(
            isinstance(text, str) or (isinstance(text, dict) and all(isinstance(t, str) for t in text.values())),
            f'{note} must be text, or text by language like {{"en": "...", "fr": "..."}}, not {shown(text)}',
        )
    seed = _seed(raw.get("seed", 0))
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
    _require(phase_name in phases, f"phase must be one of {phases}, not {shown(phase_name)}")
    game._phase = Phase(phase_name)
    empty_board = ["." * data.SQUARES_PER_TEMPLE] * data.TEMPLE_COUNT
    game._squares = _parse_temples(raw.get("temples", empty_board))
    kingdom = raw.get("kingdom", [])
    _require(isinstance(kingdom, list), 'kingdom must be a list such as ["red", "blue"]')
    _require(
        len(kingdom) <= data.KINGDOM_SIZE,
        f"the Kingdom of the Dead holds at most {data.KINGDOM_SIZE} counters, not {len(kingdom)}",
    )
    game._kingdom = []
    for owner in kingdom:
        _require(owner in ("red", "blue"), f'each counter in the kingdom is "red" or "blue", not {shown(owner)}')
        game._kingdom.append(Player.parse(owner))
    game._revealed = _flag(raw.get("revealed", False), "revealed")
    game._stock, game._score, game._exchange = [0, 0], [0, 0], [True, True]
    game._hand, game._deck, game._discard = [[], []], [[], []], [[], []]
    game._assigned = [None, None]
    for player in PLAYERS:
        _read_player(game, player, raw.get(player.label, {}))
    _read_resolution(game, raw.get("resolution", {}))
    _read_result(game, raw.get("result"))
    _check_consistency(game)
    game._events, game._actions, game._start = [], [], None
    return game


def _checked_history(game: Game, raw: dict[str, Any]) -> Game:
    """Play a snapshot's actions again from its start; return the replay if it is exactly the snapshot."""
    events = raw.get("events", [])
    _require(isinstance(events, list), "events must be a list")
    for index, event in enumerate(events):
        try:
            event_from_dict(event, f"events[{index}]")
        except EventError as error:
            raise PositionError(str(error)) from None
    actions = _action_texts(raw.get("actions", []), PositionError)
    start = raw.get("start")
    if start is None:
        begin = Game(game.seed, game.rules)
        origin = f"a new game with seed {game.seed}"
    else:
        begin = _start_of(start, PositionError)
        origin = "its start position"
    try:
        play_actions(begin, actions, PositionError)
    except PositionError as error:
        raise PositionError(f"the file does not agree with its own record: from {origin}, {error}") from None
    expected = game_to_dict(begin)
    found = {key: value for key, value in raw.items() if key not in _NOTES}
    difference = _first_difference(expected, found)
    if difference is not None:
        raise PositionError(
            f"the file does not agree with its own record: {difference}. Playing its "
            f"{len(actions)} actions again from {origin} gives a different game, so the file was changed or cut"
        )
    return begin


def _action_texts(raw: Any, error: type[GameFileError]) -> list[str]:
    if not isinstance(raw, list):
        raise error('"actions" is a list of action strings like "red place 2-5"')
    for number, text in enumerate(raw, start=1):
        if not isinstance(text, str):
            raise error(f'action {number} must be text like "red place 2-5", not {shown(text)}')
    return raw


def _start_of(start: Any, error: type[GameFileError]) -> Game:
    """The game a record or snapshot starts from: its ``start`` position, itself without history."""
    if not isinstance(start, dict):
        raise error(f"start must be a position object, not {shown(start)}")
    inside = [key for key in _HISTORY if key in start]
    if inside:
        raise error(f"the start position holds no {', '.join(inside)} of its own")
    try:
        return _checked_game(start)
    except PositionError as problem:
        if error is PositionError:
            raise PositionError(f"start: {problem}") from None
        raise error(f"the record's start cannot be set up: {problem}") from None


def play_actions(game: Game, actions: list[str], error: type[GameFileError] = ReplayError) -> None:
    """Apply ``actions`` in order; the first that cannot be read or played raises ``error`` naming it."""
    for number, text in enumerate(actions, start=1):
        try:
            action: Action = parse_action(text)
        except ValueError as problem:
            raise error(f"action {number} ({shown(text)}) cannot be read: {problem}") from None
        try:
            game.apply(action)
        except IllegalAction as problem:
            raise error(f"action {number} ({shown(text)}) cannot be played: {problem}") from None


def _first_difference(expected: Any, found: Any, path: str = "") -> str | None:
    """Where ``found`` (the file) first differs from ``expected`` (the replay), in words; ``None`` if nowhere.

    JSON values are compared exactly: ``true`` is not ``1`` and ``1.0`` is not ``1``.
    """
    where = path or "the file"
    if isinstance(expected, dict) and isinstance(found, dict):
        prefix = f"{path}." if path else ""
        for key in expected:
            if key not in found:
                return f"{prefix}{key} is missing"
        for key in found:
            if key not in expected:
                return f"{prefix}{key} is not part of the game"
        for key in expected:
            if _differs(expected[key], found[key]):
                return _first_difference(expected[key], found[key], f"{prefix}{key}")
        return None
    if isinstance(expected, (list, tuple)) and isinstance(found, (list, tuple)):
        for number, (left, right) in enumerate(zip(expected, found, strict=False)):
            if _differs(left, right):
                return _first_difference(left, right, f"{where}[{number}]")
        if len(expected) != len(found):
            return f"{where} has {len(found)} entries where the game has {len(expected)}"
        return None
    if not _differs(expected, found):
        return None
    return f"{where} is {shown(found)} where the game has {shown(expected)}"


def _differs(left: Any, right: Any) -> bool:
    """Whether two JSON values differ (lists of different lengths are told apart without writing them out)."""
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)) and len(left) != len(right):
        return True
    if isinstance(left, dict) and isinstance(right, dict) and left.keys() != right.keys():
        return True
    return json.dumps(left, sort_keys=True) != json.dumps(right, sort_keys=True)


def _read_player(game: Game, player: Player, raw: Any) -> None:
    name = player.label
    _require(isinstance(raw, dict), f'{name} must be an object such as {{"score": 12}}')
    _known_fields(raw, ("score", "stock", "exchange", "hand", "assignment", "deck", "discard"), name)
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
    _require(
        not hand or game._phase is Phase.ASSIGN,
        f"{name} holds cards in the {game._phase.value} phase; hands are empty once both players have assigned",
    )
    game._hand[player], game._deck[player], game._discard[player] = sorted(hand), deck, discard
    on_board = game._squares.count(player)
    in_kingdom = game._kingdom.count(player)
    stock = raw.get("stock", data.COUNTERS_PER_PLAYER - on_board - in_kingdom)
    _require(
        isinstance(stock, int)
        and not isinstance(stock, bool)
        and stock >= 0
        and on_board + in_kingdom + stock == data.COUNTERS_PER_PLAYER,
        f"{name} has {on_board} counters in the temples, {in_kingdom} in the Kingdom of the Dead and "
        f"{shown(stock)} in stock; together they must make exactly {data.COUNTERS_PER_PLAYER}",
    )
    game._stock[player] = stock


_RESOLUTION_FIELDS = (
    "first",
    "turn",
    "actor",
    "remove_left",
    "remove_target",
    "place_left",
    "scoring_required",
    "scoring_left",
    "scoring_turn",
)


def _read_resolution(game: Game, raw: Any) -> None:
    _require(isinstance(raw, dict), "resolution must be an object")
    _known_fields(raw, _RESOLUTION_FIELDS, "resolution")
    game._first = _player_or_none(raw.get("first"), "resolution first")
    game._turn = _whole(raw.get("turn", 0), "resolution turn")
    _require(game._turn in (0, 1), "resolution turn is 0 (first player acting) or 1 (second)")
    game._actor = _player_or_none(raw.get("actor"), "resolution actor")
    game._remove_left = _whole(raw.get("remove_left", 0), "resolution remove_left")
    game._remove_target = _player_or_none(raw.get("remove_target"), "resolution remove_target")
    game._place_left = _whole(raw.get("place_left", 0), "resolution place_left")
    required = raw.get("scoring_required", [])
    _require(
        isinstance(required, list)
        and all(type(t) is int and 1 <= t <= data.TEMPLE_COUNT for t in required)
        and len(set(required)) == len(required),
        f"resolution scoring_required is a list of different temple numbers 1-{data.TEMPLE_COUNT}, "
        f"not {shown(required)}",
    )
    game._scoring_required = list(required)
    game._scoring_left = _whole(raw.get("scoring_left", 0), "resolution scoring_left")
    game._scoring_turn = _whole(raw.get("scoring_turn", 0), "resolution scoring_turn")
    _require(game._scoring_turn in (0, 1), "resolution scoring_turn is 0 (the leader removing) or 1 (the other)")


def _read_result(game: Game, raw: Any) -> None:
    game._result = None
    if game._phase is not Phase.OVER:
        _require(raw is None, 'only a finished game (phase "over") has a result')
        return
    _require(isinstance(raw, dict), 'a finished game needs a result {"winner", "reason", "scores"}')
    _known_fields(raw, ("winner", "reason", "scores", "at_scoring"), "result")
    reasons = [reason.value for reason in EndReason]
    _require(raw.get("reason") in reasons, f"result reason must be one of {reasons}, not {shown(raw.get('reason'))}")
    scores = raw.get("scores", [game._score[0], game._score[1]])
    _require(
        isinstance(scores, list)
        and len(scores) == 2
        and all(isinstance(s, int) and not isinstance(s, bool) for s in scores),
        f"result scores is [red, blue], two whole numbers, not {shown(scores)}",
    )
    game._result = Result(
        _player_or_none(raw.get("winner"), "result winner"),
        EndReason(raw["reason"]),
        (int(scores[0]), int(scores[1])),
        _flag(raw.get("at_scoring", False), "result at_scoring"),
    )


def _check_consistency(game: Game) -> None:
    phase = game._phase
    if phase is Phase.OVER:
        _check_result(game)
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


def _check_result(game: Game) -> None:
    """A finished game's result must be what the engine would have decided from its board and scores."""
    result = game._result
    assert result is not None  # _read_result gives every finished game a result
    red, blue = game._score
    winner, reason, points = result.winner, result.reason, data.WINNING_POINTS
    _require(
        result.scores == (red, blue),
        f"the result gives the scores {result.scores[0]}-{result.scores[1]} but red has {red} points and blue "
        f"{blue}; they must agree",
    )
    _require(game._actor is None, "a finished game has nobody to act: resolution actor must be null")
    boards = {player: game._board_victory(player) for player in PLAYERS}
    leader = Player.RED if red > blue else Player.BLUE if blue > red else None
    said = f"the result says {'a draw' if winner is None else winner.label + ' wins'} by {reason.value}"
    _require(
        not result.at_scoring or reason is EndReason.POINTS,
        f"{said} at a scoring (at_scoring), but only a win on points comes at a scoring",
    )
    if reason in (EndReason.POINTS, EndReason.ROUND_LIMIT):
        held = [f"{player.label} ({victory.value})" for player, victory in boards.items() if victory is not None]
        _require(
            not held,
            f"{said}, but {' and '.join(held)} holds a victory on the board, which would have ended the game first",
        )
    face_up = reason is not EndReason.ROUND_LIMIT and not result.at_scoring  # ended inside a round
    when, cards = (
        ("inside a round", "face up on the cartouches (revealed: true, both assignments)")
        if face_up
        else ("between two rounds", "discarded (revealed: false, no assignment)")
    )
    _require(
        game._revealed is face_up and all((assigned is not None) is face_up for assigned in game._assigned),
        f"{said}{' at a scoring' if result.at_scoring else ''}, which ends the game {when}: the round's cards "
        f"are {cards}",
    )
    if reason is EndReason.POINTS and result.at_scoring:
        _require(max(red, blue) >= points, f"{said} at a scoring, but nobody has {points} points ({red}-{blue})")
        _require(winner is leader, f"{said} at a scoring, but the scores are {red}-{blue}: the higher score wins")
        _require(
            len(game._kingdom) == data.KINGDOM_SIZE,
            f"{said} at a scoring, but a scoring happens only when the Kingdom of the Dead is full",
        )
    elif reason is EndReason.POINTS:
        _require(
            winner is not None and game._score[winner] >= points and game._score[winner.other] < points,
            f"{said} at cartouche 1, but the scores are {red}-{blue}: the winner has {points} or more and the "
            "other player less",
        )
        _require(
            len(game._kingdom) < data.KINGDOM_SIZE,
            f"{said} at cartouche 1, but the Kingdom of the Dead is full: a round starts with it emptied by a scoring",
        )
    elif reason is EndReason.ROUND_LIMIT:
        _require(
            game._round == game.rules.round_limit,
            f"{said}, but the game is in round {game._round} and the round limit is {game.rules.round_limit}",
        )
        _require(max(red, blue) < points, f"{said}, but a score of {points} would have ended the game first")
        _require(winner is leader, f"{said}, but the scores are {red}-{blue}: the higher score wins")
    else:
        what = {EndReason.TEMPLE: "all 12 squares of a temple", EndReason.YELLOW: "every yellow square"}.get(
            reason, "every green square"
        )
        _require(winner is not None, f"{said}, but a win by {reason.value} has a winner")
        assert winner is not None
        _require(
            boards[winner] is reason,
            f"{said}, but {winner.label} does not hold {what}"
            if boards[winner] is None
            else f"{said}, but {winner.label}'s victory on the board is {boards[winner].value}",  # type: ignore[union-attr]
        )
        _require(boards[winner.other] is None, f"{said}, but {winner.other.label} also holds a victory on the board")
        _require(max(red, blue) < points, f"{said}, but a score of {points} would have ended the game first")


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
        raise ReplayError('a record is a JSON object with "seed", "rules" and "actions"')
    if record.get("format") == FORMAT:
        try:
            record = _checked_game(record).record()
        except PositionError as error:
            raise ReplayError(str(error)) from None
    try:
        unknown = sorted(set(record) - set(_RECORD_FIELDS))
        if unknown:
            raise ReplayError(f"a record has no fields {_names(unknown)}; its fields are {', '.join(_RECORD_FIELDS)}")
        if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise ReplayError(f"a record's format is {RECORD_FORMAT!r}, not {shown(record.get('format'))}")
        seed = record.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ReplayError(f"a record's seed is a whole number, not {shown(seed)}")
        try:
            rules = Rules.from_dict(record.get("rules", {}))
        except ValueError as error:
            raise ReplayError(f"the record's rules cannot be read: {error}") from None
        actions = _action_texts(record.get("actions", []), ReplayError)
        if record.get("start") is not None:
            return _start_of(record["start"], ReplayError), actions
        try:
            return Game(seed, rules), actions
        except ValueError as error:
            raise ReplayError(f"the record's start cannot be set up: {error}") from None
    except GameFileError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
        raise ReplayError(f"this record cannot be read: {shown(str(error), 200)}") from None
