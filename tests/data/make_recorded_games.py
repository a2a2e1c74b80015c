"""Write the recorded games of ``tests/data/`` (run it by hand; the tests only read the files).

    .venv/bin/python tests/data/make_recorded_games.py

Each game is played from a seed (or a hand-written position), first through
a short script of decisions if one is given, then with seeded random
choices, to its end.  Each file holds the record (seed, rules, start,
decisions) and what the game ended with: the text board, the result, the
round, and how many events of each kind were logged.  Regenerate them only
when a rule change is meant to change recorded games, and say so.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aton

HERE = Path(__file__).resolve().parent
EMPTY = "............"


@dataclass(frozen=True)
class Spec:
    """One recorded game: where it starts, the scripted decisions, then random choices."""

    name: str
    description: str
    seed: int
    rules: dict[str, Any] = field(default_factory=dict)
    start: dict[str, Any] | None = None
    script: tuple[str, ...] = ()


SPECS = (
    Spec("random_seed1", "Random play; 40 points reached in a scoring of the Kingdom of the Dead.", 1),
    Spec("random_seed4", "Random play; 40 points reached at cartouche 1.", 4),
    Spec("random_seed11_temple", "Random play; a player fills a whole temple.", 11),
    Spec("random_seed86_draw", "Random play; both pass 40 in a scoring with equal points: a draw.", 86),
    Spec("random_seed6_kingdom_full", "Random play; counters find the Kingdom of the Dead full.", 6),
    Spec("random_seed162_no_stock", "Random play with an empty stock at cartouche 4.", 162),
    Spec(
        "discard_seed2_temple",
        "Variant: war cards go to the discard pile; a temple victory.",
        2,
        {"war_cards": "discard"},
    ),
    Spec("discard_seed154_draw", "Variant: war cards go to the discard pile; a draw.", 154, {"war_cards": "discard"}),
    Spec("round_limit_seed5", "A round limit of 4: the higher score wins when it is reached.", 5, {"round_limit": 4}),
    Spec(
        "position_kingdom_nearly_full",
        "A teaching position: the Kingdom of the Dead holds 7 counters, so a scoring comes at once.",
        9,
        start={
            "round": 6,
            "temples": [
                ["R R B .", "B R . .", ". . B ."],
                [". B . R", "R . B .", ". . . ."],
                ["R . . .", ". B . .", ". . . B"],
                EMPTY,
            ],
            "kingdom": ["red", "blue", "red", "blue", "red", "blue", "red"],
            "red": {"score": 17},
            "blue": {"score": 21, "exchange": False},
        },
    ),
    Spec(
        "position_yellow",
        "A teaching position: Red holds 13 of the 14 yellow squares and takes the last one.",
        10,
        start={
            "round": 4,
            "temples": [
                [". R . .", "R R . .", ". . . ."],
                [". . R R", ". . R .", ". . . ."],
                ["R R . .", "R R . .", ". . . ."],
                [". . R R", ". . R .", ". . B ."],
            ],
            "red": {"hand": [1, 1, 1, 2], "score": 6},
            "blue": {"hand": [1, 1, 1, 3], "score": 9},
        },
        script=("red assign 1 2 1 1", "blue assign 1 3 1 1", "red place 1-0"),
    ),
    Spec(
        "position_green",
        "A teaching position: Blue holds 13 of the 14 green squares and, acting second, takes the last one.",
        12,
        start={
            "round": 3,
            "temples": [
                [". . . B", ". . B .", ". . . ."],
                ["B B . .", "B B . .", ". . . ."],
                [". . B B", ". . B .", ". . . ."],
                ["B B . .", "B B . .", ". . . ."],
            ],
            "red": {"hand": [1, 1, 1, 2]},
            "blue": {"hand": [1, 1, 1, 3]},
        },
        script=("red assign 1 2 1 1", "blue assign 1 3 1 1", "red place 1-0", "blue place 1-2"),
    ),
)


def play(spec: Spec) -> aton.Game:
    """Play ``spec`` to its end."""
    if spec.start is not None:
        game = aton.Game.from_dict({"seed": spec.seed, "rules": spec.rules, **spec.start})
    else:
        game = aton.new_game(spec.seed, aton.Rules.from_dict(spec.rules))
    for text in spec.script:
        game.apply(aton.parse_action(text))
    chooser = random.Random(f"recorded/{spec.seed}")
    while game.result is None:
        options = game.legal_actions(game.to_act[0])
        game.apply(options[chooser.randrange(len(options))])
    return game


def entry(spec: Spec, game: aton.Game) -> dict[str, Any]:
    """The file's content: the record and the final state to replay to."""
    result = game.result
    assert result is not None
    return {
        "name": spec.name,
        "description": spec.description,
        "record": game.record(),
        "final": {
            "board": str(game).splitlines(),
            "winner": None if result.winner is None else result.winner.label,
            "reason": result.reason.value,
            "scores": list(result.scores),
            "at_scoring": result.at_scoring,
            "round": game.round,
            "decisions": len(game.actions),
            "event_kinds": dict(sorted(Counter(event.kind for event in game.events).items())),
        },
    }


def dumps(value: Any, indent: str = "") -> str:
    """JSON with one item per line, except that short lists and lists of numbers stay on one line."""
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(key)}: {dumps(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    nested = any(isinstance(item, (dict, list)) for item in value) if isinstance(value, list) else False
    long_text = isinstance(value, list) and len(json.dumps(value)) > 100 and all(isinstance(i, str) for i in value)
    if isinstance(value, list) and (nested or long_text):
        return "[\n" + ",\n".join(inner + dumps(item, inner) for item in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def main() -> None:
    for spec in SPECS:
        game = play(spec)
        path = HERE / f"{spec.name}.json"
        path.write_text(dumps(entry(spec, game)) + "\n", encoding="utf-8")
        result = game.result
        assert result is not None
        print(f"{path.name}: {result.reason.value}, winner {result.winner}, scores {result.scores}, round {game.round}")


if __name__ == "__main__":
    main()
