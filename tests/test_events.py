"""Typed events: the same JSON as before, read back exactly, broken input refused, no string tests of kinds.

``tests/data/events/digests.json`` holds, for seeded random games and for the recorded games and teaching
positions played on, the SHA-256 of the JSON of every event.  It was written by the engine before events
were typed (a kind string and a dict), so an equal digest means exactly the same JSON, field for field.
Write it again only for a deliberate change of the JSON form:
``.venv/bin/python tests/test_events.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import operator
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import aton
from aton import events as events_module

ROOT = Path(__file__).resolve().parent.parent
DIGESTS = Path(__file__).resolve().parent / "data" / "events" / "digests.json"
RANDOM_GAMES = 60


def _play_out(game: aton.Game, chooser: random.Random) -> Iterator[aton.Game]:
    """Play ``game`` to its end with random legal actions, yielding it after every action."""
    while game.result is None:
        options = game.legal_actions(game.to_act[0])
        game.apply(options[chooser.randrange(len(options))])
        yield game


def games() -> Iterator[tuple[str, aton.Game, Iterator[aton.Game]]]:
    """(name, game, its steps): seeded random games with both rule variants, recorded games, positions."""
    for seed in range(RANDOM_GAMES):
        rules = aton.Rules(war_cards="discard" if seed % 3 == 2 else "bottom", round_limit=8 if seed % 5 == 4 else 200)
        game = aton.new_game(seed=seed, rules=rules)
        yield f"random {seed}", game, _play_out(game, random.Random(f"events/{seed}"))
    recorded = sorted((ROOT / "tests" / "data").glob("*.json")) + sorted((ROOT / "aton" / "recorded").glob("*.json"))
    for path in recorded:
        record = json.loads(path.read_text(encoding="utf-8"))["record"]
        game = aton.replay({**record, "actions": []})
        actions = [aton.parse_action(text) for text in record["actions"]]
        yield f"recorded {path.name}", game, _replay(game, actions)
    for path in sorted((ROOT / "aton" / "positions").glob("*.json")):
        game = aton.load_game(path.read_text(encoding="utf-8"), seed_if_missing=1)
        yield f"position {path.name}", game, _play_out(game, random.Random(f"events/{path.name}"))


def _replay(game: aton.Game, actions: list[aton.Action]) -> Iterator[aton.Game]:
    for action in actions:
        game.apply(action)
        yield game


def digest(game: aton.Game) -> str:
    """The SHA-256 of the JSON of every event of ``game``."""
    text = json.dumps([event.to_dict() for event in game.events], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def written_digests() -> dict[str, str]:
    result: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8"))
    return result


# ------------------------------------------------------------------ the same JSON, read back exactly
def test_every_event_round_trips_after_every_action_and_the_json_is_unchanged() -> None:
    expected = written_digests()
    seen: set[type] = set()
    checked = {}
    for name, game, steps in games():
        shown = 0
        for state in (game, *steps):
            for event in state.events[shown:]:
                raw = event.to_dict()
                assert list(raw) == ["kind", *type(event)._fields], event
                assert raw["kind"] == event.kind == type(event).kind
                back = aton.event_from_dict(json.loads(json.dumps(raw)))
                assert back == event and type(back) is type(event), (name, raw)
                assert back.to_dict() == raw and json.dumps(back.to_dict()) == json.dumps(raw)
                seen.add(type(event))
            shown = len(state.events)
        checked[name] = digest(game)
        assert checked[name] == expected.get(name), f"{name}: the JSON of its events changed"
    assert set(checked) == set(expected)
    assert len(seen) >= len(aton.EVENT_KINDS) - 3, "the games reach nearly every kind (tests/test_explain.py: all)"


def test_the_classes_and_their_kinds() -> None:
    classes = events_module.EVENT_CLASSES
    assert len({cls.kind for cls in classes}) == len(classes) == len(aton.EVENT_KINDS)
    assert all(aton.EVENT_KINDS[cls.kind] is cls for cls in classes)
    assert not {cls.__name__ for cls in classes} & {"Place", "Remove", "Exchange", "Assign"}
    for cls in classes:
        assert cls.__doc__ and cls.__doc__.strip(), f"{cls.__name__} says what it means"


def test_events_of_different_kinds_with_the_same_values_differ() -> None:
    drawn, sent, full = (
        events_module.CardsDrawn("red", 2),
        events_module.SentToKingdom("red", 2),
        events_module.KingdomFull("red", 2),
    )
    again = events_module.CardsDrawn("red", 2)
    assert operator.ne(drawn, sent) and not operator.eq(drawn, sent) and operator.ne(sent, full)
    assert operator.eq(drawn, again) and not operator.ne(drawn, again)
    assert operator.ne(drawn, ("red", 2)) and operator.ne(("red", 2), drawn) and not operator.eq(("red", 2), drawn)
    assert len({drawn, sent, full, events_module.CardsDrawn("red", 2)}) == 3
    assert repr(drawn) == "CardsDrawn(player='red', count=2)"
    with pytest.raises(AttributeError):
        drawn.count = 3  # type: ignore[misc]


# ------------------------------------------------------------------ broken input is refused
PLACE = {"kind": "place", "player": "red", "square": [2, 5], "square_kind": "Y", "automatic": False}
SCORE = {
    "kind": "score_line",
    "category": "temple4",
    "red": 3,
    "blue": 1,
    "scorer": "red",
    "red_points": 6,
    "blue_points": 0,
    "detail": {"blue_squares": 2},
}


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("place", 'each event is an object with a "kind"'),
        (["place"], 'each event is an object with a "kind"'),
        ({"player": "red"}, "unknown kind None"),
        ({"kind": "dance"}, "unknown kind 'dance'"),
        ({"kind": 3}, "unknown kind 3"),
        ({"kind": "Place"}, "unknown kind 'Place'"),
        ({k: v for k, v in PLACE.items() if k != "square"}, "missing field square"),
        ({"kind": "place"}, "missing fields player, square, square_kind, automatic"),
        ({**PLACE, "colour": "green"}, "the event.colour is not part of the game"),
        ({**PLACE, "player": "green"}, 'the event.player is \'green\' where a "place" event has "red" or "blue"'),
        ({**PLACE, "player": None}, "the event.player is None"),
        ({**PLACE, "square": [2, 5, 1]}, "a square [temple, index]"),
        ({**PLACE, "square": [2, "5"]}, "a square [temple, index]"),
        ({**PLACE, "square": "2-5"}, "a square [temple, index]"),
        ({**PLACE, "automatic": 0}, "true or false"),
        ({**PLACE, "square_kind": 1}, "the event.square_kind is 1 where"),
        ({**SCORE, "red": True}, 'the event.red is True where a "score_line" event has a whole number'),
        ({**SCORE, "red": 1.0}, "a whole number"),
        ({**SCORE, "scorer": "nobody"}, '"red", "blue" or null'),
        ({**SCORE, "detail": {"blue_squares": "2"}}, "an object of whole numbers"),
        ({**SCORE, "detail": []}, "an object of whole numbers"),
        ({"kind": "reveal", "red": [1, 2, 3, 4], "blue": [1, 2, "3", 4]}, "a list of whole numbers"),
        ({"kind": "reveal", "red": [1, 2, 3, 4], "blue": None}, "a list of whole numbers"),
    ],
)
def test_event_from_dict_refuses_broken_input(raw: Any, words: str) -> None:
    with pytest.raises(aton.EventError) as refused:
        aton.event_from_dict(raw)
    assert words in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_a_snapshot_with_a_broken_event_is_refused_naming_it() -> None:
    game = aton.new_game(seed=4)
    game.apply(game.legal_actions(game.to_act[0])[0])
    raw = game.to_dict()
    raw["events"][2]["count"] = "four"
    with pytest.raises(aton.PositionError, match=r"events\[2\]\.count is 'four' where a \"draw\" event has"):
        aton.Game.from_dict(raw)
    del raw["events"][2]["count"]
    with pytest.raises(aton.PositionError, match=r"events\[2\] \(a \"draw\" event\) has the missing field count"):
        aton.load_game(json.dumps(raw))


def test_reading_copies_lists_so_an_event_never_shares_them_with_the_file() -> None:
    raw: dict[str, Any] = {"kind": "reveal", "red": [1, 2, 3, 4], "blue": [4, 3, 2, 1]}
    event = aton.event_from_dict(raw)
    raw["red"].append(9)
    assert isinstance(event, events_module.Revealed) and event.red == [1, 2, 3, 4]


# ------------------------------------------------------------------ no string test of a kind outside the module
STRING_KIND_TESTS = re.compile(
    r"""\.kind\s*(?:==|!=|\bin\b|\bnot\s+in\b)"""  # event.kind == "place", event.kind in (...)
    r"""|\bkind\s*(?:==|!=)\s*["']"""  # kind == "place" after kind = event.kind
    r"""|\bkind\s+(?:not\s+)?in\s+\("""  # kind in ("to_kingdom", ...)
    r"""|\[\s*["']kind["']\s*\]"""  # raw["kind"]
    r"""|\.data\s*\[|\.data\.get\("""  # event.data["square"]: the deprecated dict of the fields
)
NOT_YET_CONVERTED: set[str] = set()
"""Modules that still read events as a kind string and a dict: none any more, and none may come back."""


def _string_kind_tests() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "aton").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name == "aton/events.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if STRING_KIND_TESTS.search(line):
                found.setdefault(name, []).append(f"{number}: {line.strip()}")
    return found


def test_no_module_tests_an_event_kind_as_a_string() -> None:
    found = _string_kind_tests()
    new = {name: lines for name, lines in found.items() if name not in NOT_YET_CONVERTED}
    assert not new, f"match on the event classes instead of testing kind strings or reading .data: {new}"
    converted = NOT_YET_CONVERTED - set(found)
    assert not converted, f"converted (well done): remove {sorted(converted)} from NOT_YET_CONVERTED"


def test_the_pattern_catches_string_kind_tests() -> None:
    for line in (
        'if event.kind == "place":',
        'shown = [e for e in events if e.kind in ("exchange", "reshuffle")]',
        'if kind == "reveal":',
        'if kind in ("to_kingdom", "kingdom_full"):',
        'square = event.data["square"]',
        'if e.data.get("scoring"):',
        'kind = raw["kind"]',
    ):
        assert STRING_KIND_TESTS.search(line), line
    for line in ("case CounterPlaced(square=square):", "kind=render(KIND_WORDS[judgement.kind], lang)", "square_kind"):
        assert not STRING_KIND_TESTS.search(line), line


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DIGESTS.parent.mkdir(exist_ok=True)
    written = {name: (list(steps), digest(game))[1] for name, game, steps in games()}
    DIGESTS.write_text(json.dumps(written, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(written)} digests to {DIGESTS}")
