"""Files you can trust, actions that accept only what they mean, and a deal that stays secret.

Every way of reading a game (``Game.from_json``, ``Game.from_dict``, ``aton.replay``, the
dashboard's ``read_game_file``) goes through one reader.  Broken input of any kind is refused with
a :class:`aton.GameFileError` (a ``ValueError``) saying what is wrong, never another
exception; a file with a history loads only if replaying it gives exactly the file.  Actions refuse
``True`` and ``4.0`` as cards or squares.  Views and saves of an unfinished game hold no seed.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario import play_random

import aton
from aton import BLUE, RED, Assign, Exchange, Phase, Place, Remove
from aton.apps.dashboard.session import LoadError, read_game_file, save_file
from aton.jsonfile import MAX_DEPTH, MAX_FILE_BYTES, MAX_NUMBER_DIGITS
from aton.position import GameFileError, load_game
from aton.teaching.lessons import position_json

DATA = Path(__file__).resolve().parent / "data"
EMPTY = "." * 12


def finished(seed: int = 4) -> aton.Game:
    game = play_random(aton.new_game(seed=seed), random.Random(seed))
    assert game.result is not None
    return game


def recorded(name: str) -> aton.Game:
    """A finished game from ``tests/data`` (one for each way a game can end)."""
    stored = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return aton.replay(stored["record"])


def refused_everywhere(text: str, *words: str) -> str:
    """``text`` is refused by every reader with a project error naming ``words``; returns the message."""
    messages = []
    readers: list[Any] = [aton.Game.from_json, lambda t: load_game(t.encode())]
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raw = None
    if not isinstance(raw, dict) or raw.get("format") in ("aton/1", "aton-record/1"):
        readers.append(aton.replay)  # a record, a snapshot or no JSON object at all
    for read in readers:
        with pytest.raises(GameFileError) as caught:
            read(text)
        messages.append(str(caught.value))
    with pytest.raises(LoadError) as loaded:
        read_game_file(text.encode(), "file.json", seed_if_missing=1)
    messages.append(str(loaded.value))
    for message in messages:
        for word in words:
            assert word in message, f"{word!r} not in {message!r}"
    return messages[0]


# ------------------------------------------------------------------ actions
class TestActionsAcceptOnlyWholeNumbers:
    @pytest.mark.parametrize(
        ("make", "words"),
        [
            (lambda: Assign(RED, (4.0, 1.0, 2.0, 1.0)), "not [4.0, 1.0, 2.0, 1.0]"),
            (lambda: Assign(RED, (True, True, 2, 4)), "not [True, True, 2, 4]"),
            (lambda: Assign(RED, (1, 2, 3, None)), "values 1, 2, 3 and 4"),
            (lambda: Assign(RED, "1234"), "values 1, 2, 3 and 4"),
            (lambda: Assign(RED, 1234), "values 1, 2, 3 and 4"),
            (lambda: Assign(RED, {1: 1, 2: 2, 3: 3, 4: 4}), "values 1, 2, 3 and 4"),
            (lambda: Place(RED, (1.0, 0.0)), "no square (1.0, 0.0)"),
            (lambda: Place(RED, (True, 0)), "two whole numbers"),
            (lambda: Remove(BLUE, (1, 0.0)), "two whole numbers"),
            (lambda: Remove(BLUE, (1, 2, 3)), "two whole numbers"),
            (lambda: Place(RED, "1-0"), "two whole numbers"),
            (lambda: Place(RED, 5), "two whole numbers"),
            (lambda: Exchange(True), "unknown player True"),
            (lambda: Exchange(0.0), "unknown player 0.0"),
            (lambda: Exchange("red"), "unknown player 'red'"),
            (lambda: Place(2, (1, 0)), "unknown player 2"),
        ],
    )
    def test_a_wrong_type_is_refused_when_the_action_is_made(self, make: Any, words: str) -> None:
        with pytest.raises(aton.IllegalAction) as caught:
            make()
        assert words in str(caught.value)
        assert isinstance(caught.value, ValueError)
        assert caught.value.text("fr") != str(caught.value)  # said in French too

    def test_float_cards_against_a_legal_assignment_leave_the_game_unchanged(self) -> None:
        """The issue's case: once failed inside the resolution, leaving nobody to act."""
        game = aton.new_game(seed=2)
        game.apply(Assign(BLUE, tuple(game.hand(BLUE) or ())))
        before = game.to_json()
        with pytest.raises(aton.IllegalAction):
            game.apply(Assign(RED, tuple(float(card) for card in game.hand(RED) or ())))
        # an action whose fields were changed after it was made is refused when applied
        forged = Assign(RED, tuple(game.hand(RED) or ()))
        object.__setattr__(forged, "cards", tuple(float(card) for card in forged.cards))
        with pytest.raises(aton.IllegalAction, match="values 1, 2, 3 and 4"):
            game.apply(forged)
        assert game.to_json() == before and game.to_act == (RED,) and not game.revealed
        game.apply(Assign(RED, tuple(game.hand(RED) or ())))
        assert aton.Game.from_json(game.to_json()) == game

    def test_a_forged_square_is_recorded_as_the_board_names_it(self) -> None:
        game = finished_until(Phase.PLACE)
        square = game.legal_squares(game.actor or RED)[0]
        forged = Place(game.actor or RED, square)
        object.__setattr__(forged, "square", (float(square[0]), float(square[1])))
        game.apply(forged)
        assert str(game.actions[-1]) == f"{(game.actions[-1].player).label} place {square[0]}-{square[1]}"
        assert aton.Game.from_json(game.to_json()) == game == aton.replay(game.record())

    def test_whole_numbers_that_are_not_int_are_converted(self) -> None:
        numpy = pytest.importorskip("numpy")
        game = aton.new_game(seed=5)
        for player in aton.PLAYERS:
            cards = tuple(numpy.int64(card) for card in game.hand(player) or ())
            action = Assign(numpy.int8(player.value), cards)
            assert action.player is player and all(type(card) is int for card in action.cards)
            game.apply(action)
        assert Place(RED, (numpy.int32(2), numpy.uint8(5))).square == (2, 5)
        assert type(Place(RED, [numpy.int32(2), numpy.uint8(5)]).square[0]) is int
        json.loads(game.to_json())  # numpy values never reach the snapshot
        assert aton.Game.from_json(game.to_json()) == game
        for bad in (numpy.float64(1.0), numpy.bool_(True)):
            with pytest.raises(aton.IllegalAction):
                Place(RED, (bad, 1))
            with pytest.raises(aton.IllegalAction):
                Assign(RED, (bad, 1, 2, 3))

    def test_a_seed_is_a_whole_number_of_bounded_size(self) -> None:
        for bad in (True, 1.0, "7", 10**MAX_NUMBER_DIGITS, -(10**5000)):
            with pytest.raises(ValueError, match="seed"):
                aton.new_game(seed=bad)  # type: ignore[arg-type]
        assert aton.new_game(seed=10**MAX_NUMBER_DIGITS - 1).seed == 10**MAX_NUMBER_DIGITS - 1


def finished_until(phase: Phase) -> aton.Game:
    """A random game stopped at the first time it waits in ``phase``."""
    for seed in range(50):
        game = aton.new_game(seed=seed)
        chooser = random.Random(seed)
        while game.result is None:
            if game.phase is phase:
                return game
            options = game.legal_actions(game.to_act[0])
            game.apply(options[chooser.randrange(len(options))])
    raise AssertionError(f"no game reached {phase}")


# ------------------------------------------------------------------ odd JSON
class TestOddJson:
    @pytest.mark.parametrize(
        ("text", "words"),
        [
            ("[" * 1100 + "]" * 1100, "nested too deeply"),
            ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
            ('{"a":' * 3000 + "1" + "}" * 3000, "nested too deeply"),
            ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested too deeply"),
            ('{"seed": ' + "9" * 5000 + "}", "a number of 5000 digits"),
            ('{"seed": -' + "9" * 50 + "}", "a number of 50 digits"),
            ('{"events": [' + "1" * 100_000 + "]}", "a number of 100000 digits"),
            ('{"seed": NaN}', "NaN"),
            ('{"seed": -Infinity}', "-Infinity"),
            ('{"seed": 1e400}', "1e400"),
            (" " * (MAX_FILE_BYTES + 1) + "{}", "too large"),
            ("{not json", "not readable JSON"),
            ('{"temples": ["', "(Unterminated string starting at line 1, column 14)"),
            ("", "not readable JSON"),
            ("[1, 2]", "JSON object"),
        ],
    )
    def test_odd_json_is_refused_by_every_reader(self, text: str, words: str) -> None:
        message = refused_everywhere(text, words)
        assert len(message) < 400, "the message is for people"
        assert "Exceeds the limit" not in message and "4300" not in message

    def test_python_data_is_bounded_too(self) -> None:
        nested: list[Any] = []
        for _ in range(5000):
            nested = [nested]
        for raw, words in (
            ({"seed": 10**5000}, "over 40 digits"),
            ({"events": nested}, "nested too deeply"),
            ({"seed": object()}, "not JSON data"),
            ({1: 2}, "names of fields are text"),
            ({"seed": float("nan")}, "nan"),
        ):
            with pytest.raises(aton.PositionError, match=words):
                aton.Game.from_dict(raw)
            with pytest.raises(aton.ReplayError, match=words):
                aton.replay(raw)
        cycle: dict[str, Any] = {}
        cycle["start"] = cycle
        with pytest.raises(aton.PositionError, match="nested too deeply"):
            aton.Game.from_dict(cycle)

    def test_a_timeline_of_odd_data_is_refused(self) -> None:
        with pytest.raises(aton.ReplayError, match="nested too deeply"):
            aton.timeline({"actions": json.loads("[" * 100 + "]" * 100)})


# ------------------------------------------------------------------ fields
def snapshot_of_finished() -> dict[str, Any]:
    return copy.deepcopy(finished().to_dict())


SNAPSHOT_OBJECTS = [
    ([], "the position"),
    (["red"], "red"),
    (["blue"], "blue"),
    (["rules"], "unknown rule switches"),
    (["resolution"], "resolution"),
    (["result"], "result"),
]


class TestEveryField:
    @pytest.mark.parametrize(("path", "words"), SNAPSHOT_OBJECTS)
    def test_an_unknown_field_is_refused_in_every_object(self, path: list[str], words: str) -> None:
        raw = snapshot_of_finished()
        target = raw
        for key in path:
            target = target[key]
        target["colour"] = "green"
        message = refused_everywhere(json.dumps(raw), words, "colour")
        assert "unknown" in message

    def test_an_unknown_field_in_an_event_the_start_or_a_record_is_refused(self) -> None:
        raw = snapshot_of_finished()
        raw["events"][5]["colour"] = "green"
        refused_everywhere(json.dumps(raw), "events[5].colour is not part of the game")
        game = aton.Game.from_json(position_json("midgame"))
        game.apply(game.legal_actions(game.to_act[0])[0])
        raw = game.to_dict()
        raw["start"]["colour"] = "green"
        refused_everywhere(json.dumps(raw), "unknown fields ['colour']")
        record = game.record()
        with pytest.raises(aton.ReplayError, match="no fields \\['colour'\\]"):
            aton.replay({**record, "colour": 1})
        with pytest.raises(aton.ReplayError, match="unknown fields \\['colour'\\]"):
            aton.replay({**record, "start": {**record["start"], "colour": 1}})

    @pytest.mark.parametrize("value", [True, 1.5, "2", None, [], {}, -1, 10**30])
    def test_a_wrong_value_anywhere_in_the_state_is_refused_or_still_a_game(self, value: Any) -> None:
        """Every state field of a finished game and of a game in progress, set to a wrong value."""
        for game in (finished(), finished_until(Phase.PLACE)):
            raw = game.to_dict()
            for path in state_paths(raw):
                changed = copy.deepcopy(raw)
                set_path(changed, path, value)
                loads_or_refused(changed, game)

    def test_truncated_events_and_actions(self) -> None:
        raw = snapshot_of_finished()
        cut = {**raw, "events": raw["events"][:10]}
        refused_everywhere(json.dumps(cut), "events has 10 entries where the game has", "changed or cut")
        cut = {**raw, "actions": raw["actions"][:-3]}
        refused_everywhere(json.dumps(cut), "does not agree with its own record")
        shuffled = {**raw, "events": raw["events"][1:] + raw["events"][:1]}
        refused_everywhere(json.dumps(shuffled), "events[0]")
        refused_everywhere(
            json.dumps({**raw, "events": raw["events"] + ["x"]}), 'each event is an object with a "kind"'
        )
        refused_everywhere(json.dumps({**raw, "events": [{"kind": "dance"}]}), "unknown kind 'dance'")


def state_paths(raw: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The paths of every value in the state part of a snapshot (not the events)."""
    paths: list[tuple[Any, ...]] = []

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, (*path, index))

    for key, value in raw.items():
        if key not in ("events", "actions"):
            walk(value, (key,))
    # one card of each pile is enough: the others are read the same way
    return [path for path in paths if not (len(path) == 3 and path[1] in ("deck", "discard") and path[2] > 0)]


def set_path(raw: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        raw = raw[key]
    raw[path[-1]] = value


def loads_or_refused(raw: Any, original: aton.Game | None = None) -> aton.Game | None:
    """Load ``raw`` as text and as data: refused with a project error, or a consistent game."""
    try:
        text = json.dumps(raw)
    except ValueError:  # pragma: no cover - only for values json itself cannot write
        return None
    try:
        game = load_game(text)
    except GameFileError as error:
        assert str(error) and len(str(error)) < 2000
        with pytest.raises(GameFileError):
            load_game(json.loads(text))
        return None
    check_consistent(game)
    if original is not None and "events" in raw:
        assert game == original, "a snapshot with a history loads only as exactly itself"
    return game


def check_consistent(game: aton.Game) -> None:
    """A loaded game is a state the engine reaches: it saves and loads back equal, its record replays."""
    assert aton.Game.from_json(game.to_json()) == game
    if game.actions or game.events:
        assert aton.replay(game.record()) == game
    result = game.result
    if result is not None:
        assert list(result.scores) == [game.score(RED), game.score(BLUE)]
        assert game.legal_actions(RED) == game.legal_actions(BLUE) == []


# ------------------------------------------------------------------ finished games
class TestTamperedFinishedGames:
    def test_a_changed_score_is_refused(self) -> None:
        game = recorded("random_seed4")
        assert game.result is not None
        raw = game.to_dict()
        raw["red"]["score"] = 40
        refused_everywhere(json.dumps(raw), "but red has 40 points")
        raw["result"]["scores"][0] = 40
        refused_everywhere(json.dumps(raw), "the result says", "40-")

    @pytest.mark.parametrize("name", sorted(path.stem for path in DATA.glob("*.json")))
    def test_a_result_that_contradicts_the_game_is_refused(self, name: str) -> None:
        game = recorded(name)
        raw = game.to_dict()
        assert load_game(json.dumps(raw)) == game
        result = raw["result"]
        for change in (
            {"winner": {"red": "blue", "blue": None, None: "red"}[result["winner"]]},
            {"reason": "temple" if result["reason"] != "temple" else "points"},
            {"at_scoring": not result["at_scoring"]},
        ):
            refused_everywhere(json.dumps({**raw, "result": {**result, **change}}), "the result")
            position = {key: value for key, value in raw.items() if key not in ("events", "actions", "start")}
            with pytest.raises(aton.PositionError, match="result"):
                aton.Game.from_dict({**position, "result": {**result, **change}})
        # without its history the finished game is a position: its result still agrees with it
        position = {key: value for key, value in raw.items() if key not in ("events", "actions", "start")}
        assert aton.Game.from_dict(position).result == game.result

    def test_a_record_that_does_not_replay_to_its_snapshot_is_refused(self) -> None:
        raw = snapshot_of_finished()
        raw["seed"] += 1
        refused_everywhere(json.dumps(raw), "from a new game with seed")
        raw = snapshot_of_finished()
        raw["actions"][0], raw["actions"][1] = raw["actions"][1], raw["actions"][0]
        loads_or_refused(raw)
        raw = snapshot_of_finished()
        raw["rng"] ^= 1
        refused_everywhere(json.dumps(raw), "rng is")
        raw = snapshot_of_finished()
        raw["start"] = {"seed": raw["seed"]}
        refused_everywhere(json.dumps(raw), "does not agree with its own record")


def over(**fields: Any) -> dict[str, Any]:
    """A finished position; one that ended inside a round (not at a scoring or the round limit) shows its cards."""
    result = fields.get("result", {})
    if result.get("reason") != "round_limit" and not result.get("at_scoring"):
        fields = {"revealed": True, **fields}
        for player, cards in (("red", [1, 2, 4, 3]), ("blue", [1, 2, 4, 2])):
            fields[player] = {"assignment": cards, **fields.get(player, {})}
    return {"seed": 1, "round": 5, "phase": "over", **fields}


RED_TEMPLE = ["RRRRRRRRRRRR", EMPTY, EMPTY, EMPTY]
RED_YELLOW = ["RR..RR......", "..RR..R.....", "RR..RR......", "..RR..R....."]
BLUE_GREEN = ["..BB..B.....", "BB..BB......", "..BB..B.....", "BB..BB......"]
FULL_KINGDOM = ["red", "blue"] * 4


class TestResultAgreesWithTheBoard:
    @pytest.mark.parametrize(
        "fields",
        [
            over(temples=RED_TEMPLE, result={"winner": "red", "reason": "temple", "scores": [0, 0]}),
            over(temples=RED_YELLOW, result={"winner": "red", "reason": "yellow", "scores": [0, 0]}),
            over(temples=BLUE_GREEN, result={"winner": "blue", "reason": "green", "scores": [0, 0]}),
            over(
                red={"score": 42}, blue={"score": 10}, result={"winner": "red", "reason": "points", "scores": [42, 10]}
            ),
            over(
                kingdom=FULL_KINGDOM,
                red={"score": 41},
                blue={"score": 45},
                result={"winner": "blue", "reason": "points", "scores": [41, 45], "at_scoring": True},
            ),
            over(
                kingdom=FULL_KINGDOM,
                red={"score": 41},
                blue={"score": 41},
                result={"winner": None, "reason": "points", "scores": [41, 41], "at_scoring": True},
            ),
            over(
                rules={"round_limit": 5},
                red={"score": 12},
                blue={"score": 12},
                result={"winner": None, "reason": "round_limit", "scores": [12, 12]},
            ),
        ],
    )
    def test_a_possible_ending_loads(self, fields: dict[str, Any]) -> None:
        game = aton.Game.from_dict(fields)
        assert game.result is not None and game.to_act == () and game.legal_actions(RED) == []
        check_consistent(game)

    @pytest.mark.parametrize(
        ("fields", "words"),
        [
            # the issue's position: a result that is not the board's nor the scores'
            (over(result={"winner": "blue", "reason": "points", "scores": [3, 1]}), "the scores 3-1 but red has 0"),
            (over(result={"winner": "blue", "reason": "points", "scores": [0, 0]}), "the winner has 40 or more"),
            (over(result={"winner": "blue", "reason": "temple", "scores": [0, 0]}), "does not hold all 12 squares"),
            (over(temples=RED_TEMPLE, result={"winner": "blue", "reason": "temple"}), "blue does not hold"),
            (over(temples=RED_YELLOW, result={"winner": "red", "reason": "green"}), "victory on the board is yellow"),
            (over(temples=RED_TEMPLE, result={"winner": None, "reason": "temple"}), "has a winner"),
            (over(temples=RED_YELLOW, result={"winner": "red", "reason": "temple"}), "on the board is yellow"),
            (
                over(temples=RED_TEMPLE, red={"score": 41}, result={"winner": "red", "reason": "points"}),
                "holds a victory on the board",
            ),
            (
                over(temples=RED_TEMPLE, red={"score": 41}, result={"winner": "red", "reason": "temple"}),
                "a score of 40 would have ended the game first",
            ),
            (
                over(red={"score": 42}, blue={"score": 40}, result={"winner": "red", "reason": "points"}),
                "the other player less",
            ),
            (
                over(red={"score": 42}, result={"winner": "red", "reason": "points", "at_scoring": True}),
                "only when the Kingdom of the Dead is full",
            ),
            (
                over(
                    kingdom=FULL_KINGDOM,
                    red={"score": 41},
                    blue={"score": 45},
                    result={"winner": "red", "reason": "points", "at_scoring": True},
                ),
                "the higher score wins",
            ),
            (
                over(rules={"round_limit": 6}, result={"winner": None, "reason": "round_limit"}),
                "the round limit is 6",
            ),
            (
                over(rules={"round_limit": 5}, red={"score": 3}, result={"winner": None, "reason": "round_limit"}),
                "the higher score wins",
            ),
            (
                over(temples=RED_TEMPLE, result={"winner": "red", "reason": "temple", "at_scoring": True}),
                "only a win on points comes at a scoring",
            ),
            (
                over(
                    temples=RED_TEMPLE,
                    resolution={"actor": "blue"},
                    result={"winner": "red", "reason": "temple"},
                ),
                "nobody to act",
            ),
            (over(temples=RED_TEMPLE, result={"winner": "red", "reason": "temple", "at_scoring": 0}), "true or false"),
            (over(temples=RED_TEMPLE, result={"winner": "red", "reason": "temple", "scores": [True, 0]}), "two whole"),
            (over(temples=RED_TEMPLE, result={"winner": "red", "reason": "temple", "why": 1}), "result: unknown"),
            (
                over(temples=RED_TEMPLE, red={"hand": [1, 2, 3, 4]}, result={"winner": "red", "reason": "temple"}),
                "hands",
            ),
        ],
    )
    def test_an_impossible_ending_is_refused(self, fields: dict[str, Any], words: str) -> None:
        with pytest.raises(aton.PositionError) as caught:
            aton.Game.from_dict(fields)
        assert words in str(caught.value)
        refused_everywhere(json.dumps(fields), words)


# ------------------------------------------------------------------ the deal stays secret
BIG_SEED = 918_273_645_546_372_819


def hidden_everywhere(view: aton.GameView, secrets: list[str]) -> None:
    for text in (view.to_json(), repr(view), str(view), json.dumps(view.record()), repr(vars(view))):
        for secret in secrets:
            assert secret not in text


class TestTheDealStaysSecret:
    def test_no_view_of_an_unfinished_game_holds_the_seed_or_the_random_stream(self) -> None:
        for seed in (BIG_SEED, BIG_SEED + 1):
            game = aton.new_game(seed=seed)
            chooser = random.Random(seed)
            while game.result is None:
                for viewer in aton.PLAYERS:
                    view = game.view(viewer)
                    assert view.seed == 0 and view.to_dict()["rng"] == 0 and "start" not in view.to_dict()
                    hidden_everywhere(view, [str(seed), str(game.to_dict()["rng"])])
                options = game.legal_actions(game.to_act[0])
                game.apply(options[chooser.randrange(len(options))])
            view = game.view(RED)
            assert view.seed == seed and str(seed) in repr(view), "shown once the game is over"

    def test_a_view_of_a_position_hides_its_start(self) -> None:
        game = aton.Game.from_json(position_json("midgame"))
        assert game.record().get("start")
        assert game.view(BLUE).record().get("start") is None

    @pytest.mark.parametrize("viewer", [RED, BLUE, None])
    def test_a_save_during_the_game_holds_no_seed(self, viewer: aton.Player | None) -> None:
        game = aton.new_game(seed=BIG_SEED)
        chooser = random.Random(1)
        while game.result is None:
            saved = save_file(game, viewer)
            assert not saved.full
            raw = json.loads(saved.text)
            assert not {"seed", "rng", "events", "actions", "start"} & set(raw)
            assert str(BIG_SEED) not in saved.text and str(BIG_SEED) not in saved.name
            assert str(game.to_dict()["rng"]) not in saved.text
            options = game.legal_actions(game.to_act[0])
            game.apply(options[chooser.randrange(len(options))])
        saved = save_file(game, viewer)
        assert saved.full and json.loads(saved.text)["seed"] == BIG_SEED
        assert read_game_file(saved.text.encode(), saved.name, seed_if_missing=1) == game

    def test_a_save_without_a_seed_deals_its_hidden_cards_from_a_new_one(self) -> None:
        game = aton.new_game(seed=BIG_SEED)
        saved = save_file(game, RED)
        first = read_game_file(saved.text.encode(), saved.name, seed_if_missing=11)
        second = read_game_file(saved.text.encode(), saved.name, seed_if_missing=12)
        assert first.seed == 11 and second.seed == 12
        assert first.hand(RED) == second.hand(RED) == game.hand(RED)
        assert [first.deck(p) for p in aton.PLAYERS] != [second.deck(p) for p in aton.PLAYERS]


# ------------------------------------------------------------------ properties
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEWER = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MUTATIONS = 60


def all_paths(raw: Any) -> list[tuple[Any, ...]]:
    paths: list[tuple[Any, ...]] = []
    stack: list[tuple[Any, tuple[Any, ...]]] = [(raw, ())]
    while stack:
        value, path = stack.pop()
        paths.append(path)
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            stack.append((item, (*path, key)))
    return paths


values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["red", "blue", "over", "points", "temple", "assign", "R", "", "red place 1-0", "aton/1"]),
    st.lists(st.integers(min_value=0, max_value=5), max_size=5),
    st.dictionaries(st.sampled_from(["kind", "player", "score", "x"]), st.integers(0, 3), max_size=2),
    st.just(json.loads("[" * 20 + "1" + "]" * 20)),
)


@FEW
@given(seed=st.integers(min_value=0, max_value=2**32), data=st.data())
def test_a_finished_game_with_one_field_changed_is_refused_or_consistent(seed: int, data: st.DataObject) -> None:
    game = finished(seed % 500)
    raw = game.to_dict()
    text = json.dumps(raw)
    paths = all_paths(json.loads(text))
    for _ in range(3):
        changed = json.loads(text)
        path = data.draw(st.sampled_from(paths))
        how = data.draw(st.sampled_from(["set", "delete", "add"]))
        if not path and how != "add":
            how = "add"
        if how == "set":
            set_path(changed, path, data.draw(values))
        elif how == "delete":
            parent = changed
            for key in path[:-1]:
                parent = parent[key]
            del parent[path[-1]]
        else:
            parent = changed
            for key in path:
                parent = parent[key]
            if isinstance(parent, dict):
                parent[data.draw(st.sampled_from(["x", "seed", "kind", "score", "start", "title"]))] = data.draw(values)
            elif isinstance(parent, list):
                parent.append(data.draw(values))
        loads_or_refused(changed)


@FEW
@given(seed=st.integers(min_value=0, max_value=2**32), stop=st.integers(0, 150), data=st.data())
def test_a_record_or_a_save_with_one_field_changed_is_refused_or_consistent(
    seed: int, stop: int, data: st.DataObject
) -> None:
    game = aton.new_game(seed=seed)
    chooser = random.Random(seed)
    while game.result is None and len(game.actions) < stop:
        options = game.legal_actions(game.to_act[0])
        game.apply(options[chooser.randrange(len(options))])
    viewer = data.draw(st.sampled_from([RED, BLUE, None]))
    for source in (game.record(), json.loads(save_file(game, viewer).text), game.to_dict()):
        text = json.dumps(source)
        changed = json.loads(text)
        path = data.draw(st.sampled_from(all_paths(changed)))
        if path:
            set_path(changed, path, data.draw(values))
        else:
            changed[data.draw(st.sampled_from(["x", "seed", "start"]))] = data.draw(values)
        loads_or_refused(changed)


@FEWER
@given(seed=st.integers(min_value=0, max_value=2**40), picks=st.lists(st.integers(0, 10_000), max_size=120))
def test_the_snapshot_after_every_action_loads_back_equal(seed: int, picks: list[int]) -> None:
    game = aton.new_game(seed=seed)
    chooser = random.Random(seed)
    step = 0
    while game.result is None:
        options = game.legal_actions(game.to_act[0])
        pick = picks[step] if step < len(picks) else chooser.randrange(len(options))
        game.apply(options[pick % len(options)])
        step += 1
        if step % 4 == 0 or game.result is not None:
            assert load_game(game.to_json().encode()) == game
            assert load_game(json.dumps(game.record())) == game


# ----------------------------------------------------- every refusal in French
ENGLISH_WORDS = re.compile(
    r"\b(the|is|are|must|not|of|and|has|have|holds?|with|which|only|but|from|cannot|counters?|squares?|cards?|"
    r"rounds?|game|file|player|wins?|draw|record|number|text|digits?|whole|empty|list|object)\b"
)
"""Common English words that a French refusal must not hold (outside quoted values and field names)."""
QUOTED = re.compile(r"«[^»]*»|'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\{[^}]*\}")
ELISION = re.compile(r"(?<=\w)'(?=\w)")
"""The apostrophe of d'un, l'action... (not a quote)."""
FIELD_NAMES = re.compile(
    r"\b(format|seed|rng|rules|round|phase|temples|kingdom|start|title|description|events|actions)\b"
)
"""The names of the fields of a game file, which the French lists of known fields keep."""


def _mutated(change: Any) -> dict[str, Any]:
    snapshot = aton.new_game(seed=3).to_dict()
    change(snapshot)
    return snapshot


def _set(path: str, value: Any) -> Any:
    def change(raw: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            raw = raw[key]
        raw[last] = value

    return change


def _position(**fields: Any) -> dict[str, Any]:
    return {"temples": [EMPTY] * 4, **fields}


def _finished_position(**fields: Any) -> dict[str, Any]:
    won = {"winner": "red", "reason": "points", "scores": [40, 3]}
    return _position(**{"phase": "over", "result": won, "red": {"score": 40}, **fields})


BROKEN_FILES: list[tuple[str, Any]] = [
    ("text", b"\xff\xfe\x00"),
    ("text", "[" * 40 + "]" * 40),
    ("text", '{"seed": ' + "9" * 60 + "}"),
    ("text", '{"seed": NaN}'),
    ("text", '{"seed": 1,}'),
    ("text", '{"seed" 1}'),
    ("text", "{'seed': 1}"),
    ("text", '{"seed": 1} x'),
    ("text", "[1, 2]"),
    ("text", "x" * (MAX_FILE_BYTES + 1)),
    ("dict", {"seed": 1.5}),
    ("dict", {"seed": True}),
    ("dict", {"colour": 1}),
    ("dict", {"format": "aton/9"}),
    ("dict", {"title": 4}),
    ("dict", {"rules": {"war_cards": "top"}}),
    ("dict", {"rules": {"speed": 2}}),
    ("dict", {"rules": {"round_limit": 0}}),
    ("dict", {"rules": {"layout": "Y"}}),
    ("dict", {"rules": {"layout": [["Y Y G"]] * 4}}),
    ("dict", {"rules": {"layout": [["Y Y G Q"] * 3] * 4}}),
    ("dict", {"rules": {"layout": [["Y Y G G"] * 3] * 4}}),
    ("dict", {"rules": {"layout": [["Y Y G G"] * 2] * 4}}),
    ("dict", {"rules": {"layout": [["Y Y G K", "Y Y G K", "Y B G K"]] * 3}}),
    ("dict", {"rules": {"layout": [[1, 2, 3]] * 4}}),
    ("dict", {"rng": 2**65}),
    ("dict", {"round": 0}),
    ("dict", {"round": 500}),
    ("dict", {"phase": "dance"}),
    ("dict", {"temples": "R"}),
    ("dict", {"temples": [EMPTY, EMPTY, EMPTY, 5]}),
    ("dict", {"temples": [EMPTY, EMPTY, EMPTY, "RRR"]}),
    ("dict", {"temples": [EMPTY, EMPTY, EMPTY, "XX.........."]}),
    ("dict", {"kingdom": "red"}),
    ("dict", {"kingdom": ["red"] * 9}),
    ("dict", {"kingdom": ["green"]}),
    ("dict", {"kingdom": ["red"] * 8}),
    ("dict", {"revealed": 1}),
    ("dict", {"red": 3}),
    ("dict", {"red": {"colour": 1}}),
    ("dict", {"red": {"score": -1}}),
    ("dict", {"red": {"score": 45}}),
    ("dict", {"red": {"exchange": "yes"}}),
    ("dict", {"red": {"hand": "1234"}}),
    ("dict", {"red": {"hand": [7]}}),
    ("dict", {"red": {"hand": [1] * 40}}),
    ("dict", {"red": {"hand": [1] * 10}}),
    ("dict", {"red": {"hand": [1, 2]}}),
    ("dict", {"red": {"deck": [1, 2]}}),
    ("dict", {"red": {"assignment": [1, 2]}}),
    ("dict", {"red": {"assignment": [1, 2, 3, 4]}, "blue": {"assignment": [1, 2, 3, 4]}}),
    ("dict", {"red": {"assignment": [1, 2, 3, 4], "hand": [1, 1, 2, 2]}}),
    ("dict", {"red": {"stock": 40}}),
    ("dict", {"temples": ["RRRRRRRRRRRR", EMPTY, EMPTY, EMPTY]}),
    ("dict", {"revealed": True}),
    ("dict", {"resolution": 3}),
    ("dict", {"resolution": {"turn": 2}}),
    ("dict", {"resolution": {"scoring_turn": 2}}),
    ("dict", {"resolution": {"actor": "green"}}),
    ("dict", {"resolution": {"actor": "red"}}),
    ("dict", {"resolution": {"scoring_required": [9]}}),
    ("dict", {"result": {"winner": "red"}}),
    ("dict", _position(phase="place")),
    ("dict", _position(phase="place", revealed=True)),
    ("dict", _position(phase="remove", revealed=True, resolution={"actor": "red"})),
    ("dict", _position(phase="scoring_remove", resolution={"actor": "red"})),
    ("dict", _position(phase="over")),
    ("dict", _position(phase="over", result={"reason": "luck"})),
    ("dict", _position(phase="over", result={"reason": "points", "scores": "40-3"})),
    ("dict", _finished_position(result={"winner": "red", "reason": "points", "scores": [41, 3]})),
    ("dict", _finished_position(result={"winner": "red", "reason": "temple", "scores": [40, 3]})),
    ("dict", _finished_position(result={"winner": "red", "reason": "round_limit", "scores": [40, 3]})),
    ("dict", _finished_position(result={"winner": None, "reason": "yellow", "scores": [40, 3]})),
    ("dict", _finished_position(result={"winner": "red", "reason": "points", "scores": [40, 3], "at_scoring": True})),
    ("dict", _finished_position(revealed=True)),
    ("dict", _mutated(_set("events", 3))),
    ("dict", _mutated(_set("events", [3]))),
    ("dict", _mutated(_set("events", [{"kind": "dance"}]))),
    ("dict", _mutated(_set("actions", "red exchange"))),
    ("dict", _mutated(_set("actions", [3]))),
    ("dict", _mutated(_set("actions", ["red dances"]))),
    ("dict", _mutated(_set("actions", ["red place 2-5"]))),
    ("dict", _mutated(_set("red.score", 30))),
    ("dict", _mutated(_set("start", 3))),
    ("dict", _mutated(_set("start", {"events": []}))),
    ("dict", _mutated(_set("start", {"round": 0}))),
    ("record", 3),
    ("record", {"format": "aton-record/1", "colour": 1}),
    ("record", {"format": "aton-record/2"}),
    ("record", {"format": "aton-record/1", "seed": "x"}),
    ("record", {"format": "aton-record/1", "rules": {"war_cards": 3}}),
    ("record", {"format": "aton-record/1", "start": {"round": 0}}),
    ("record", {"format": "aton-record/1", "actions": ["red"]}),
    ("record", {"format": "aton-record/1", "actions": ["green place 1-1"]}),
    ("record", {"format": "aton-record/1", "actions": ["red place 9-9"]}),
    ("record", {"format": "aton-record/1", "actions": ["red assign 4 4 4 4"]}),
]


def _refusal(reader: str, value: Any) -> GameFileError:
    with pytest.raises(GameFileError) as caught:
        if reader == "text":
            load_game(value)
        elif reader == "dict":
            aton.Game.from_dict(value)
        else:
            aton.replay(value)
    return caught.value


def test_every_kind_of_broken_file_is_refused_in_french_without_english_words() -> None:
    codes = set()
    for reader, value in BROKEN_FILES:
        error = _refusal(reader, value)
        codes.add(error.code)
        english, french = error.text("en"), error.text("fr")
        assert english == str(error)
        assert french != english, (reader, shown(value), english)
        unquoted = QUOTED.sub("", ELISION.sub(" ", french))
        words = ENGLISH_WORDS.findall(FIELD_NAMES.sub("", unquoted))
        assert not words, (words, french, english)
    assert len(codes) >= 45, sorted(codes)


def test_a_file_refusal_keeps_its_code_and_facts_through_pickling_and_the_dashboard() -> None:
    import pickle

    error = _refusal("dict", {"round": 500})
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and again.code == "round_past_limit" and again.details == error.details
    assert again.text("fr") == "la manche 500 dépasse la limite de manches (200)"
    with pytest.raises(LoadError) as caught:
        read_game_file(b'{"round": 500}', "file.json", seed_if_missing=1)
    assert caught.value.text("fr") == "la manche 500 dépasse la limite de manches (200)"


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 80 else text[:80] + "..."


def test_every_sentence_of_a_file_refusal_renders_in_every_language() -> None:
    from string import Formatter

    from aton.refusals import _SENTENCES, refusal_text

    for code, message in _SENTENCES.items():
        facts: dict[str, Any] = {name: 7 for _text, name, _spec, _conv in Formatter().parse(message.singular) if name}
        facts.update({name: ["red"] for name in ("known", "fields") if name in facts})
        facts.pop("example", None)
        if message.plural is not None:
            facts["count"] = 2
        for lang in aton.i18n.languages():
            assert refusal_text(code, facts, lang), (code, lang)
    said = aton.errors.Reason("result_says", {"winner": "red", "reason": "yellow"})
    french = aton.PositionError("result_board_not_held", said=said, reason="yellow", player="blue").text("fr")
    assert (
        french
        == "le résultat annonce une victoire de rouge par « yellow », or bleu n'occupe pas toutes les cases jaunes"
    )
