"""Recorded games replay to their stored final positions and results.

The files in ``tests/data/`` are written by ``tests/data/make_recorded_games.py``
(seeded random play, some from teaching positions, one per ending and rule
switch).  Replaying each record must give the same text board, result,
round, number of decisions and events of each kind.  A rule change that
alters a recorded game shows up here first.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import aton

DATA = Path(__file__).resolve().parent / "data"
FILES = sorted(DATA.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return stored


def test_there_are_recorded_games_for_every_ending_and_switch() -> None:
    finals = [load(path)["final"] for path in FILES]
    records = [load(path)["record"] for path in FILES]
    assert {final["reason"] for final in finals} == {reason.value for reason in aton.EndReason}
    assert any(final["winner"] is None for final in finals), "a draw"
    assert any(final["at_scoring"] for final in finals) and any(
        final["reason"] == "points" and not final["at_scoring"] for final in finals
    )
    assert any(record["rules"]["war_cards"] == "discard" for record in records)
    assert any("start" in record for record in records), "a game from a teaching position"


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_recorded_game_replays_to_its_final_position(path: Path) -> None:
    stored = load(path)
    record, final = stored["record"], stored["final"]
    game = aton.replay(record)
    assert str(game).splitlines() == final["board"]
    result = game.result
    assert result is not None
    assert (None if result.winner is None else result.winner.label) == final["winner"]
    assert result.reason.value == final["reason"]
    assert list(result.scores) == final["scores"] == [game.score(aton.RED), game.score(aton.BLUE)]
    assert result.at_scoring == final["at_scoring"]
    assert game.round == final["round"] and len(game.actions) == final["decisions"]
    assert dict(Counter(event.kind for event in game.events)) == final["event_kinds"]
    assert game.record() == record, "the record of the replay is the record"


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_recorded_game_resumed_from_a_snapshot_ends_the_same(path: Path) -> None:
    """Stop halfway, write the snapshot as JSON, read it back and play the rest."""
    record = load(path)["record"]
    half = len(record["actions"]) // 2
    first_half = aton.replay({**record, "actions": record["actions"][:half]})
    resumed = aton.Game.from_json(first_half.to_json())
    for text in record["actions"][half:]:
        resumed.apply(aton.parse_action(text))
    assert resumed == aton.replay(record)
