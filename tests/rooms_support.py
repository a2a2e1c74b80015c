"""Shared by the room store's tests: the store addresses to test (SQLite always, PostgreSQL when given).

PostgreSQL runs when ``ATON_TEST_POSTGRES`` holds a URL (CI sets it); each
test gets a schema of its own there, dropped afterwards.  Without the URL
those tests are skipped with the reason, unless ``ATON_REQUIRE_POSTGRES=1``,
which turns a missing or unreachable server into a failure.
"""

from __future__ import annotations

import json
import os
import random
import re
import urllib.parse
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import aton
from aton import rooms


def postgres_url() -> str:
    """The test server's URL, or skip (fail when it is required) with the reason."""
    url = os.environ.get("ATON_TEST_POSTGRES", "").strip()
    required = os.environ.get("ATON_REQUIRE_POSTGRES") == "1"
    if not url:
        reason = "PostgreSQL tests need ATON_TEST_POSTGRES=postgresql://user:password@host/database"
        if required:
            pytest.fail(f"ATON_REQUIRE_POSTGRES=1 but: {reason}")
        pytest.skip(reason)
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=5):
            pass
    except psycopg.Error as error:
        if required:
            pytest.fail(f"ATON_REQUIRE_POSTGRES=1 but the server at ATON_TEST_POSTGRES cannot be reached: {error}")
        pytest.skip(f"the server at ATON_TEST_POSTGRES cannot be reached: {error}")
    return url


def with_schema(url: str, schema: str) -> str:
    """``url`` with its tables in ``schema`` (tests do not see each other's rooms)."""
    options = urllib.parse.quote(f"-csearch_path={schema}")
    return f"{url}{'&' if '?' in url else '?'}options={options}"


def store_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty store address on ``backend`` (``"sqlite"`` or ``"postgresql"``)."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path}/rooms.db"
        return
    import psycopg

    base = postgres_url()
    schema = f"test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(base, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    try:
        yield with_schema(base, schema)
    finally:
        with psycopg.connect(base, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


BACKENDS = ("sqlite", "postgresql")


def seated_room(store: rooms.RoomStore, seed: int = 11) -> tuple[str, dict[aton.Player, str]]:
    """A room with Ana at red and Ben at blue, the game started."""
    code = store.create(seed=seed)
    return code, {
        aton.RED: store.join(code, aton.RED, nickname="Ana"),
        aton.BLUE: store.join(code, aton.BLUE, nickname="Ben"),
    }


def play_some(store: rooms.RoomStore, code: str, tokens: dict[aton.Player, str], count: int, seed: int = 0) -> int:
    """Play up to ``count`` random legal actions through the store (each seat from its own view)."""
    generator = random.Random(seed)
    played = 0
    while played < count:
        watch = store.watch(code)
        if watch.result is not None:
            break
        player = watch.to_act[0]
        view = store.view(code, tokens[player])
        store.play(code, tokens[player], generator.choice(view.legal_actions(player)), version=store.version(code))
        played += 1
    return played


def play_to_end(store: rooms.RoomStore, code: str, tokens: dict[aton.Player, str], seed: int = 0) -> None:
    """Play random legal actions until the game is over."""
    play_some(store, code, tokens, 10_000, seed)


def leaks(snapshot: dict[str, Any], game: aton.Game, seats: tuple[aton.Player, ...]) -> list[str]:
    """What of ``game``'s hidden information hidden from ``seats`` (a player's or nobody's view) shows in ``snapshot``.

    ``snapshot`` is a view's ``to_dict()``; the check runs on its JSON text and
    fields: the seed and random stream (as numbers in the text), the hands of
    ``seats``, face-down assignments (values and their actions), and the decks.
    """
    text = json.dumps(snapshot)
    found = []
    numbers = {int(n) for n in re.findall(r"-?\d+", text)}
    if game.result is None:
        if game.seed in numbers and abs(game.seed) > 1000:
            found.append("seed")
        rng = game.to_dict()["rng"]
        if rng in numbers and abs(rng) > 1000:
            found.append("rng")
    for player in seats:
        label = player.label
        hand = game.hand(player)
        if hand and snapshot[label]["hand"]:
            found.append(f"{label} hand")
        cards = game.assignment(player)
        if cards is not None and not game.revealed:
            if snapshot[label]["assignment"] is not None:
                found.append(f"{label} assignment")
            if str(aton.Assign(player, cards)) in text:
                found.append(f"{label} assign action")
    for player in aton.PLAYERS:
        if snapshot[player.label]["deck"]:
            found.append(f"{player.label} deck")
    return found
