"""Bad input is refused with a message a learner can act on, and changes nothing.

Illegal actions raise ``aton.IllegalAction`` (a ``ValueError``) and leave the
game exactly as it was (its full JSON snapshot is unchanged).  Impossible
positions raise ``aton.PositionError`` and broken records ``aton.ReplayError``,
each saying what is wrong.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from scenario import board, play_random, position, reveal, round_with_scoring

import aton
from aton import BLUE, RED, Assign, Exchange, Phase, Place, Remove


def refused(game: aton.Game, action: Any, *words: str) -> str:
    """Apply ``action``: it must raise IllegalAction naming ``words`` and leave ``game`` unchanged."""
    before = game.to_json()
    before_legal = {p: game.legal_actions(p) for p in aton.PLAYERS}
    with pytest.raises(aton.IllegalAction) as caught:
        game.apply(action)
    message = str(caught.value)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert game.to_json() == before
    assert {p: game.legal_actions(p) for p in aton.PLAYERS} == before_legal
    assert game.why_illegal(action) == message and not game.is_legal(action)
    assert isinstance(caught.value, ValueError)
    return message


# --------------------------------------------------------------------- games in each phase
def assign_phase() -> aton.Game:
    """Round 2, both still to assign; Red has a counter in temple 1."""
    return position(
        temples=board(["R . . .", ". . . .", ". . . ."]), red={"hand": [1, 2, 3, 4]}, blue={"hand": [1, 2, 3, 4]}
    )


def remove_phase() -> aton.Game:
    """Red's 3 removes one of Blue's counters in temples 1-2 (Blue has 2 there and 1 in temple 3)."""
    temples = board(
        ["B R . .", ". . . .", ". . . ."], [". B . .", ". . . .", ". . . ."], ["B . . .", ". . . .", ". . . ."]
    )
    game, _ = reveal((1, 3, 2, 4), (4, 4, 4, 4), temples=temples)
    assert game.phase is Phase.REMOVE and game.actor is RED
    return game


def place_phase() -> aton.Game:
    """Red places 3 counters in temple 1, which holds a red and a blue counter."""
    game, _ = reveal((1, 2, 1, 3), (4, 4, 4, 4), temples=board(["R B . .", ". . . .", ". . . ."]))
    assert game.phase is Phase.PLACE and game.actor is RED
    return game


def scoring_remove_phase() -> aton.Game:
    """After a scoring Blue (the leader) takes 4 counters back: one from temples 1 and 3 first."""
    temples = board(["R R R R", "R R R R", "B B B B"], None, ["B B B B", ". . . .", ". . . ."])
    game, _ = round_with_scoring(temples, ["red"] * 7, red={"score": 10}, blue={"score": 20})
    assert game.phase is Phase.SCORING_REMOVE and game.actor is BLUE
    return game


def finished() -> aton.Game:
    game = play_random(aton.new_game(seed=4), random.Random(4))
    assert game.phase is Phase.OVER
    return game


# --------------------------------------------------------------------- illegal actions
class TestWrongPhase:
    def test_placing_while_cards_are_assigned(self) -> None:
        refused(assign_phase(), Place(RED, (1, 1)), "not the time to place", "assign")

    def test_removing_while_cards_are_assigned(self) -> None:
        """Even one's own counter in the highest temple (a scoring removal would allow that)."""
        refused(assign_phase(), Remove(RED, (1, 0)), "not the time to remove", "assign")

    def test_assigning_during_the_resolution(self) -> None:
        refused(place_phase(), Assign(RED, (1, 2, 3, 4)), "only at the start of a round")

    def test_exchanging_during_the_resolution(self) -> None:
        refused(place_phase(), Exchange(RED), "exchange", "while the 4 drawn cards are still in hand")

    def test_removing_while_placing(self) -> None:
        refused(place_phase(), Remove(RED, (1, 1)), "not the time to remove", "place counters")

    def test_placing_while_removing(self) -> None:
        refused(remove_phase(), Place(RED, (1, 5)), "not the time to place", "remove counters")

    def test_placing_after_a_scoring(self) -> None:
        refused(scoring_remove_phase(), Place(BLUE, (2, 0)), "not the time to place")


class TestWrongPlayer:
    def test_placing_for_the_player_who_is_not_acting(self) -> None:
        refused(place_phase(), Place(BLUE, (1, 5)), "not Blue's turn", "Red must place")

    def test_removing_for_the_player_who_is_not_acting(self) -> None:
        refused(remove_phase(), Remove(BLUE, (1, 1)), "not Blue's turn")

    def test_assigning_twice_in_a_round(self) -> None:
        game = assign_phase()
        game.apply(Assign(RED, (1, 2, 3, 4)))
        refused(game, Assign(RED, (4, 3, 2, 1)), "Red has already assigned", "Blue must assign")

    def test_removing_after_a_scoring_for_the_other_player(self) -> None:
        refused(scoring_remove_phase(), Remove(RED, (1, 0)), "not Red's turn")


class TestWrongSquare:
    def test_placing_on_an_occupied_square(self) -> None:
        refused(place_phase(), Place(RED, (1, 1)), "temple 1, row 1, column 2 already", "blue counter", "empty square")
        refused(place_phase(), Place(RED, (1, 0)), "temple 1, row 1, column 1 already", "red counter")

    def test_placing_in_a_temple_cartouche_3_does_not_allow(self) -> None:
        refused(place_phase(), Place(RED, (2, 0)), "cartouche 3 holds a 1", "only in temple 1,", "not in temple 2")

    def test_removing_in_a_temple_cartouche_3_does_not_allow(self) -> None:
        refused(remove_phase(), Remove(RED, (3, 0)), "cartouche 3 holds a 2", "temples 1-2", "temple 3")

    def test_removing_an_empty_square_or_ones_own_counter_when_the_opponents_must_go(self) -> None:
        refused(remove_phase(), Remove(RED, (1, 2)), "temple 1, row 1, column 3 is empty", "Blue's counters")
        refused(remove_phase(), Remove(RED, (1, 1)), "red counter", "Blue's counters")

    def test_a_square_that_is_not_on_the_board(self) -> None:
        refused(place_phase(), Place(RED, (5, 0)), "temples are 1-4")
        refused(place_phase(), Place(RED, (1, 12)), "indices 0-11")
        with pytest.raises(aton.IllegalAction, match="two whole numbers"):
            Place(RED, ("1", "2"))  # type: ignore[arg-type]  # refused when the action is made

    def test_after_a_scoring_first_one_from_each_temple_with_counters(self) -> None:
        refused(scoring_remove_phase(), Remove(BLUE, (1, 0)), "red counter", "their own counters")
        refused(scoring_remove_phase(), Remove(BLUE, (2, 0)), "is empty")

    def test_after_a_scoring_the_rest_from_the_highest_temple(self) -> None:
        game = scoring_remove_phase()
        game.apply(Remove(BLUE, (1, 8)))
        game.apply(Remove(BLUE, (3, 0)))
        assert game.removals_left == 2 and game.legal_squares(BLUE) == [(3, 1), (3, 2), (3, 3)]
        refused(game, Remove(BLUE, (1, 9)), "highest temple", "temple 3")


class TestWrongCards:
    def test_cards_that_are_not_in_hand(self) -> None:
        refused(assign_phase(), Assign(RED, (4, 4, 4, 4)), "Red holds [1, 2, 3, 4]", "exactly these cards")

    def test_the_wrong_number_of_cards(self) -> None:
        refused(assign_phase(), Assign(RED, (1, 2, 3)), "4 cartouches", "not 3 cards")
        refused(assign_phase(), Assign(RED, (1, 2, 3, 4, 4)), "not 5 cards")

    def test_things_that_are_not_cards(self) -> None:
        with pytest.raises(aton.IllegalAction, match="values 1, 2, 3 and 4"):
            Assign(RED, ("a", 1, 2, 3))  # type: ignore[arg-type]  # refused when the action is made
        refused(assign_phase(), Assign(RED, (0, 1, 2, 3)), "values 1, 2, 3 and 4")


class TestExchange:
    def test_a_second_exchange(self) -> None:
        game = assign_phase()
        game.apply(Exchange(RED))
        refused(game, Exchange(RED), "already used the exchange counter", "once per game")

    def test_a_second_exchange_in_a_later_round(self) -> None:
        game = aton.new_game(seed=30)
        game.apply(Exchange(BLUE))
        while game.round == 1:
            game.apply(game.legal_actions(game.to_act[0])[0])
        assert game.phase is Phase.ASSIGN
        refused(game, Exchange(BLUE), "once per game")

    def test_an_exchange_after_assigning(self) -> None:
        game = assign_phase()
        game.apply(Assign(BLUE, (1, 2, 3, 4)))
        refused(game, Exchange(BLUE), "already assigned", "must come before they go on the cartouches")


class TestNoMoreActions:
    def test_any_action_after_the_game_is_over(self) -> None:
        game = finished()
        for action in (Place(RED, (1, 0)), Remove(BLUE, (1, 0)), Exchange(RED), Assign(BLUE, (1, 2, 3, 4))):
            refused(game, action, "game is over")
        assert game.legal_actions(RED) == game.legal_actions(BLUE) == []

    def test_a_view_cannot_be_played(self) -> None:
        game = place_phase()
        view = game.view(RED)
        before = game.to_json()
        with pytest.raises(aton.IllegalAction, match="view cannot be played"):
            view.apply(Place(RED, (1, 5)))
        assert game.to_json() == before and view.owner((1, 5)) is None

    def test_something_that_is_not_an_action(self) -> None:
        refused(place_phase(), "red place 1-5", "not an action")


def test_every_illegal_action_of_a_state_is_refused_and_every_legal_one_is_listed() -> None:
    """All Place/Remove actions on all squares, both players, in each kind of state."""
    for game in (assign_phase(), remove_phase(), place_phase(), scoring_remove_phase(), finished()):
        for player in aton.PLAYERS:
            legal = set(game.legal_actions(player))
            for square in aton.SQUARES:
                for action in (Place(player, square), Remove(player, square)):
                    assert (game.why_illegal(action) is None) == (action in legal), (game.phase, action)


# --------------------------------------------------------------------- impossible positions
class TestImpossiblePositions:
    @pytest.mark.parametrize(
        ("text", "words"),
        [
            ("{not json", "not readable JSON"),
            ("", "not readable JSON"),
            ("[1, 2]", "JSON object"),
            ('"red"', "JSON object"),
        ],
    )
    def test_malformed_json(self, text: str, words: str) -> None:
        with pytest.raises(aton.PositionError, match=words):
            aton.Game.from_json(text)

    @pytest.mark.parametrize(
        ("fields", "words"),
        [
            # counters
            ({"red": {"stock": 5}}, "0 counters in the temples, 0 in the Kingdom of the Dead and 5 in stock"),
            ({"temples": ["RRRRRRRRRRR.", "RRRRRRRRRRR.", "RRRRRRRRRRR.", "............"]}, "exactly 29"),
            ({"kingdom": ["red"] * 9}, "at most 8"),
            ({"kingdom": ["red"] * 8}, "Kingdom of the Dead is full"),
            ({"kingdom": ["green"]}, '"red" or "blue"'),
            ({"kingdom": "red"}, "kingdom must be a list"),
            # cards
            ({"red": {"hand": [1, 1, 1, 1], "discard": [1, 1, 1, 1, 1, 1]}}, "10 cards of value 1"),
            ({"blue": {"deck": [4] * 9}}, "incomplete"),
            ({"red": {"hand": [1, 2, 3]}}, "holds 3 cards"),
            ({"red": {"hand": [1, 2, 3, 5]}}, "cards are 1, 2, 3 or 4"),
            ({"red": {"assignment": [1, 2, 3]}}, "one card per cartouche"),
            ({"red": {"assignment": [1, 2, 3, 4], "hand": [1, 2, 3, 4]}}, "hand is empty"),
            ({"red": {"assignment": [1, 2, 3, 4]}, "blue": {"assignment": [1, 2, 3, 4]}}, "both players have"),
            # fields
            ({"colour": "red"}, "unknown fields ['colour']"),
            ({"red": {"points": 3}}, "red: unknown fields ['points']"),
            ({"format": "aton/9"}, "format must be 'aton/1'"),
            ({"seed": "7"}, "seed must be a whole number"),
            ({"round": 0}, "round must be a whole number of at least 1"),
            ({"round": 201}, "past the round limit 200"),
            ({"phase": "dance"}, "phase must be one of"),
            ({"rules": {"war_cards": "top"}}, "war_cards must be one of"),
            ({"rules": {"speed": 2}}, "unknown rule switches"),
            ({"red": []}, "red must be an object"),
            ({"red": {"exchange": "no"}}, "exchange must be true"),
            ({"red": {"score": -2}}, "red score must be a whole number"),
            ({"events": ["x"]}, "each event is an object"),
            ({"actions": ["red jump"]}, "cannot read action 'red jump'"),
            # temple strings
            ({"temples": [".........", "", "", ""]}, "temple 1 has 9 squares"),
            ({"temples": ["RRRRXX......", "", "", ""]}, "temple 1 uses ['X']"),
            ({"temples": ["............"] * 3}, "list of 4 temples"),
            ({"temples": [[1, 2, 3], "............", "............", "............"]}, "temple 1 must be rows"),
            ({"temples": "RB.."}, "list of 4 temples"),
            # a player already winning
            ({"red": {"score": 40}}, "40 points; at 40 the game is over"),
            ({"temples": ["BBBBBBBBBBBB", "", "", ""]}, "victory condition (temple)"),
            (
                {"temples": ["RR..RR......", "..RR..R.....", "RR..RR......", "..RR..R....."]},
                "victory condition (yellow)",
            ),
            (
                {"temples": ["..BB..B.....", "BB..BB......", "..BB..B.....", "BB..BB......"]},
                "victory condition (green)",
            ),
            # the resolution
            ({"phase": "place", "revealed": True}, "must name the acting player"),
            ({"phase": "over"}, "a finished game needs a result"),
            ({"result": {"winner": "red", "reason": "points"}}, 'only a finished game (phase "over")'),
            ({"phase": "over", "result": {"reason": "points", "scores": ["a", 1]}}, "two whole numbers"),
        ],
    )
    def test_impossible_position(self, fields: dict[str, Any], words: str) -> None:
        if "temples" in fields and isinstance(fields["temples"], list):
            fields["temples"] = [t or "............" for t in fields["temples"]]
        with pytest.raises(aton.PositionError) as caught:
            aton.Game.from_dict(fields)
        assert words in str(caught.value)
        with pytest.raises(aton.PositionError):
            aton.Game.from_json(json.dumps(fields))

    def test_a_remove_phase_in_the_first_round(self) -> None:
        fields = {
            "round": 1,
            "phase": "remove",
            "revealed": True,
            "temples": ["BB..........", "............", "............", "............"],
            "red": {"assignment": [1, 3, 1, 1]},
            "blue": {"assignment": [1, 4, 1, 1]},
            "resolution": {"first": "red", "actor": "red", "remove_target": "blue", "remove_left": 1},
        }
        with pytest.raises(aton.PositionError, match="no counters are removed in the first round"):
            aton.Game.from_dict(fields)
        assert aton.Game.from_dict({**fields, "round": 2}).legal_squares(RED) == [(1, 0), (1, 1)]

    def test_a_choice_the_engine_would_have_made_itself(self) -> None:
        with pytest.raises(aton.PositionError, match="otherwise the engine removes them all itself"):
            aton.Game.from_dict(
                {
                    "round": 2,
                    "phase": "remove",
                    "revealed": True,
                    "temples": ["B...........", "............", "............", "............"],
                    "red": {"assignment": [1, 3, 1, 1]},
                    "blue": {"assignment": [1, 4, 1, 1]},
                    "resolution": {"first": "red", "actor": "red", "remove_target": "blue", "remove_left": 1},
                }
            )

    @pytest.mark.parametrize(
        ("resolution", "kingdom", "words"),
        [
            ({"actor": "red", "scoring_left": 4}, 8, "with that few the engine removes them all itself"),
            ({"actor": "red", "scoring_left": 2}, 7, "Kingdom of the Dead is still full"),
            ({"actor": "blue", "scoring_left": 2}, 8, "the leader removes first"),
            ({"actor": "red", "scoring_left": 2, "scoring_required": [2]}, 8, "temple 2, where red has 0"),
            ({"actor": "red", "scoring_left": 2, "scoring_required": [1, 3, 4]}, 8, "names 3 temples"),
            ({"actor": "red", "scoring_left": 3}, 8, "holds 2: no choice is left"),
        ],
    )
    def test_a_removal_after_a_scoring_that_could_not_happen(
        self, resolution: dict[str, Any], kingdom: int, words: str
    ) -> None:
        fields = {
            "round": 4,
            "phase": "scoring_remove",
            "temples": ["RR..........", "............", "RR..........", "............"],
            "kingdom": ["red", "blue"] * 4,
            "resolution": {"actor": "red", "scoring_left": 1},
        }
        assert aton.Game.from_dict(fields).legal_squares(RED) == [(3, 0), (3, 1)]  # a real choice
        with pytest.raises(aton.PositionError, match=words):
            aton.Game.from_dict({**fields, "resolution": resolution, "kingdom": fields["kingdom"][:kingdom]})

    def test_a_position_error_is_a_value_error(self) -> None:
        assert issubclass(aton.PositionError, ValueError)
        assert issubclass(aton.ReplayError, ValueError)
        assert issubclass(aton.IllegalAction, ValueError)


# --------------------------------------------------------------------- broken records
class TestBrokenRecords:
    def record(self) -> dict[str, Any]:
        game = aton.new_game(seed=12)
        for _ in range(12):
            game.apply(game.legal_actions(game.to_act[0])[-1])
        return game.record()

    def test_an_illegal_action_names_its_number(self) -> None:
        record = self.record()
        record["actions"][5] = "blue place 4-11"
        with pytest.raises(aton.ReplayError, match=r"action 6 \('blue place 4-11'\) cannot be played"):
            aton.replay(record)

    def test_an_unreadable_action_names_its_number(self) -> None:
        record = self.record()
        record["actions"][2] = "red dances"
        with pytest.raises(aton.ReplayError, match=r"action 3 .* cannot read action 'red dances'"):
            aton.replay(record)

    def test_only_the_first_bad_action_is_named(self) -> None:
        record = self.record()
        record["actions"][3] = "blue exchange"
        record["actions"][1] = "red exchange"
        record["actions"][0] = "red assign 1 1 1 1"
        with pytest.raises(aton.ReplayError, match=r"^action 1 "):
            aton.replay(record)

    @pytest.mark.parametrize(
        ("record", "words"),
        [
            ("{", "not readable JSON"),
            ([], "JSON object"),
            ({"seed": "x", "actions": []}, "seed is a whole number"),
            ({"seed": 1, "actions": "red exchange"}, '"actions" is a list'),
            ({"seed": 1, "rules": {"war_cards": "sideways"}, "actions": []}, "rules cannot be read"),
            ({"seed": 1, "rules": {"layout": 5}, "actions": []}, "rules cannot be read"),
            ({"seed": 1, "start": {"round": 0}, "actions": []}, "start cannot be set up"),
        ],
    )
    def test_a_record_that_cannot_be_set_up(self, record: Any, words: str) -> None:
        with pytest.raises(aton.ReplayError, match=words):
            aton.replay(record)

    def test_a_good_record_still_replays(self) -> None:
        record = self.record()
        assert aton.replay(record).record() == record
        assert aton.replay(json.dumps(record)).record() == record


def test_a_refusal_survives_pickling_with_its_code_and_both_languages() -> None:
    """Errors cross process pools (tournaments): the code and facts come back, not just the text."""
    import pickle

    with pytest.raises(aton.IllegalAction) as caught:
        assign_phase().apply(Place(RED, (1, 1)))
    again = pickle.loads(pickle.dumps(caught.value))
    assert (again.code, again.details, str(again)) == (caught.value.code, caught.value.details, str(caught.value))
    assert again.text("fr") == caught.value.text("fr") != str(again)
