"""Reading JSON from a file people share, within bounds: size, nesting and number length.

A game file may be forged: every reader of the project takes its JSON through :func:`read_json`, which
refuses a file too large (:data:`MAX_FILE_BYTES`), too deeply nested (:data:`MAX_DEPTH`), with a number
of more than :data:`MAX_NUMBER_DIGITS` digits (read without Python's own digit limit), or anything but
JSON data, before any of it is used.  Each refusal is a :class:`~aton.errors.GameFileError` with a code,
told in every language.

>>> read_json('{"seed": 3}')
{'seed': 3}
>>> read_json("[" * 50 + "]" * 50)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
aton.errors.PositionError: ...
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from . import data
from .errors import GameFileError, PositionError
from .refusals import shown_value

MAX_FILE_BYTES = 2_000_000
"""The largest game file read, in bytes (UTF-8).  A full snapshot takes about 3 kB per round (random
games: at most 40 kB; the longest game found, 35 rounds, 65 kB), so a game played to the highest round
limit (200) stays well below this even with many events per round."""
MAX_DEPTH = 16
"""The deepest nesting of lists and objects in a game file (snapshots nest 5 levels)."""
MAX_NUMBER_DIGITS = data.MAX_NUMBER_DIGITS
_NUMBER_BOUND = 10**MAX_NUMBER_DIGITS


def shown(value: Any, width: int = 60) -> str:
    """``repr(value)`` cut to about ``width`` characters, for messages about values read from files.

    Messages keep the value itself and show it this way in their own language.

    >>> shown("x" * 500)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (502 characters)"
    >>> shown(10**5000)
    'a whole number of over 40 digits'
    """
    return shown_value(value, "en", width)


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
    aton.errors.PositionError: the JSON is nested too deeply: a game file nests lists and objects at most ...
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_FILE_BYTES:
            raise error("file_too_large", size=len(text), limit=MAX_FILE_BYTES, megabytes=MAX_FILE_BYTES // 1_000_000)
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise error("file_not_text") from None
    if not isinstance(text, str):
        raise error("file_not_json_text", given=type(text).__name__)
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        size = len(text.encode("utf-8", "surrogatepass"))
        raise error("file_too_large", size=size, limit=MAX_FILE_BYTES, megabytes=MAX_FILE_BYTES // 1_000_000)
    outside_strings = _STRING.sub('""', text)
    long_number = _LONG_NUMBER.search(outside_strings)
    if long_number is not None:
        raise error("number_too_long", digits=str(len(long_number.group())), limit=MAX_NUMBER_DIGITS)
    if _nesting_exceeds(outside_strings, MAX_DEPTH):
        raise error("too_deep", limit=MAX_DEPTH)
    try:
        raw = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except json.JSONDecodeError as problem:
        what = problem.msg.removesuffix(" at")  # "Unterminated string starting at" reads on: "... at line 1"
        raise error("not_json", problem=what, line=problem.lineno, column=problem.colno) from None
    except _NotANumber as problem:
        raise error("not_a_number", value=shown(problem.text, 40)[1:-1]) from None
    except RecursionError:  # pragma: no cover - the nesting was measured before parsing
        raise error("too_deep", limit=MAX_DEPTH) from None
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
                raise error("too_deep", limit=MAX_DEPTH)
            for key, item in value.items():
                if not isinstance(key, str):
                    raise error("key_not_text", found=key)
                if isinstance(item, (dict, list, tuple)):
                    stack.append((item, depth + 1))
                elif not _scalar_ok(item):
                    raise _not_json(error, item, key)
        elif isinstance(value, (list, tuple)):
            if depth > MAX_DEPTH:
                raise error("too_deep", limit=MAX_DEPTH)
            for item in value:
                if isinstance(item, (dict, list, tuple)):
                    stack.append((item, depth + 1))
                elif not _scalar_ok(item):
                    raise _not_json(error, item, None)
        elif not _scalar_ok(value):
            raise _not_json(error, value, None)


def _scalar_ok(value: Any) -> bool:
    if value is None or isinstance(value, (str, bool)):
        return True
    if isinstance(value, int):
        return bool(-_NUMBER_BOUND < value < _NUMBER_BOUND)
    if isinstance(value, float):
        return math.isfinite(value)
    return False


def _not_json(error: type[GameFileError], value: Any, key: str | None) -> GameFileError:
    where = {} if key is None else {"key": key}
    if isinstance(value, int) and not isinstance(value, bool):
        return error("json_number_too_long", limit=MAX_NUMBER_DIGITS, **where)
    if isinstance(value, float):
        return error("json_not_a_number", value=str(value), **where)
    return error("json_not_data", found=value, **where)
