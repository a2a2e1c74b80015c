"""The rule book, scenario by scenario.

Each test sets up a situation (a hand-written position, in the snapshot
format of ``aton/position.py``, or a seeded game), plays the decisions, and
checks the state and the events the engine logged.  The sections follow
RULES-NOTES.md and docs/rules.md.

Squares are ``(temple, index)``; index 0-11 row by row from the top row.
The default board (``aton/data.py``)::

    Temple 1:  Y  Y  G  G  | Temple 2:  G  G  Y  Y
               Y  Y  G  K  |            G  G  Y  K
              +1  B  K +1  |           +2  B  K +1

    Temple 3:  Y  Y  G  G  | Temple 4:  G  G  Y  Y
               Y  Y  G  K  |            G  G  Y  K
               K  B  K +2  |            K  B  K +2
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import ClassVar

import pytest
from scenario import (
    assign,
    board,
    counters_on_board,
    kinds,
    logged,
    pile,
    play_first_choices,
    play_random,
    position,
    reveal,
    round_with_scoring,
    score_lines,
    squares_of,
)

import aton
from aton import BLUE, RED, Assign, EndReason, Exchange, Phase, Place, Remove, data

FULL_MIXED_TEMPLE = ["R B R B", "R B R R", "R B B B"]
"""Temple 1 full, 6 red and 6 blue; one black square (1-7 red, 1-10 blue) and one bonus square (+1) each."""


def total_cards(game: aton.Game, player: aton.Player) -> int:
    hand = game.hand(player) or []
    cards = game.assignment(player) or ()
    return len(hand) + len(cards) + game.deck_size(player) + len(game.discard(player))


# --------------------------------------------------------------------- components and setup
class TestComponentsAndSetup:
    def test_the_default_board_has_the_mix_of_squares_of_the_rule_notes(self) -> None:
        """14 yellow, 14 green, 10 black, one blue square per temple, 6 bonus squares worth 9 in all."""
        layout = aton.Rules().layout
        codes = Counter(kind.code for kind in layout.kinds)
        assert codes == {"Y": 14, "G": 14, "K": 10, "B": 4, "+1": 3, "+2": 3}
        assert sum(kind.bonus for kind in layout.kinds) == 9
        for temple in range(1, 5):
            assert [layout.kind((temple, i)).code for i in range(12)].count("B") == 1
        assert layout.kind((1, 8)).code == "+1" and layout.kind((3, 8)).code == "K"

    def test_a_new_game_deals_four_cards_and_29_counters_to_each_player(self) -> None:
        game = aton.new_game(seed=11)
        assert game.round == 1 and game.phase is Phase.ASSIGN and game.to_act == (RED, BLUE)
        for player in aton.PLAYERS:
            assert len(game.hand(player) or []) == data.HAND_SIZE
            assert game.stock(player) == 29 and game.score(player) == 0
            assert game.exchange_available(player)
            assert game.deck_size(player) == 32 and total_cards(game, player) == 36
            assert Counter((game.hand(player) or []) + (game.deck(player) or [])) == {1: 9, 2: 9, 3: 9, 4: 9}
        assert game.kingdom == [] and squares_of(game, None) == list(aton.SQUARES)
        assert kinds(game) == ["round_start", "draw", "draw"]

    def test_the_same_seed_deals_the_same_cards(self) -> None:
        assert aton.new_game(seed=5) == aton.new_game(seed=5)
        assert aton.new_game(seed=5).deck(RED) != aton.new_game(seed=6).deck(RED)


# --------------------------------------------------------------------- assignment
class TestAssignment:
    def test_both_assign_in_any_order_and_the_cards_stay_hidden_until_both_have(self) -> None:
        game = position(red={"hand": [1, 2, 3, 4]}, blue={"hand": [2, 2, 3, 3]})
        game.apply(Assign(BLUE, (3, 2, 2, 3)))
        assert game.to_act == (RED,) and not game.revealed
        assert game.view(RED).assignment(BLUE) is None and game.view(RED).has_assigned(BLUE)
        assert game.view(BLUE).assignment(BLUE) == (3, 2, 2, 3)
        game.apply(Assign(RED, (4, 1, 3, 2)))
        assert game.revealed
        assert logged(game, "reveal") == [{"kind": "reveal", "red": [4, 1, 3, 2], "blue": [3, 2, 2, 3]}]
        assert game.view(RED).assignment(BLUE) == (3, 2, 2, 3)


# --------------------------------------------------------------------- cartouche 1
class TestCartouche1Points:
    def test_the_higher_card_scores_twice_the_difference(self) -> None:
        game, mark = reveal((4, 2, 1, 3), (1, 3, 2, 4), red={"score": 5})
        assert game.score(RED) == 5 + 2 * (4 - 1) and game.score(BLUE) == 0
        assert logged(game, "cartouche1", mark) == [
            {"kind": "cartouche1", "red": 4, "blue": 1, "scorer": "red", "points": 6}
        ]

    def test_equal_cards_score_nothing(self) -> None:
        game, mark = reveal((3, 2, 1, 4), (3, 1, 2, 4))
        assert game.score(RED) == game.score(BLUE) == 0
        assert logged(game, "cartouche1", mark)[0]["scorer"] is None

    def test_reaching_40_at_cartouche_1_wins_at_once(self) -> None:
        """Checked right after cartouche 1: nothing else of the round is resolved."""
        game, mark = reveal((1, 2, 3, 4), (3, 1, 2, 4), blue={"score": 36})
        assert game.phase is Phase.OVER and game.to_act == ()
        assert game.result == aton.Result(BLUE, EndReason.POINTS, (0, 40), at_scoring=False)
        assert kinds(game, mark) == ["assign", "assign", "reveal", "cartouche1", "game_over"]

    def test_scores_above_40_count(self) -> None:
        game, _ = reveal((4, 2, 3, 1), (1, 2, 3, 4), red={"score": 39}, blue={"score": 39})
        assert game.result is not None and game.result.scores == (45, 39) and game.result.winner is RED


# --------------------------------------------------------------------- cartouche 2: order
class TestOrder:
    def test_the_lower_card_on_cartouche_2_acts_first(self) -> None:
        game, mark = reveal((1, 3, 2, 4), (1, 2, 3, 4))
        order = logged(game, "order", mark)
        assert order == [{"kind": "order", "first": "blue", "reason": "lower_card", "red": 3, "blue": 2}]
        assert game.first_player is BLUE
        assert [d["player"] for d in logged(game, "turn_start", mark)] == ["blue"]
        assert game.actor is BLUE and game.phase is Phase.PLACE

    def test_a_tie_on_cartouche_2_goes_to_the_lower_card_on_cartouche_1(self) -> None:
        game, mark = reveal((4, 2, 1, 3), (1, 2, 3, 4))
        assert logged(game, "order", mark)[0] == {
            "kind": "order",
            "first": "blue",
            "reason": "cartouche1",
            "red": 2,
            "blue": 2,
        }
        assert game.score(RED) == 6, "the higher cartouche-1 card still scored"

    def test_the_first_player_resolves_cartouches_2_3_4_completely_before_the_second(self) -> None:
        game, mark = reveal((1, 3, 1, 2), (1, 4, 3, 2), temples=board(["B B . .", ". . . .", ". . . ."]))
        # Red: removes one of Blue's 2 counters (a choice), then places 2 in temple 1 (a choice).
        game.apply(Remove(RED, (1, 0)))
        game.apply(Place(RED, (1, 2)))
        assert game.actor is RED and game.placements_left == 1
        game.apply(Place(RED, (1, 3)))
        assert game.actor is BLUE
        steps = [(d["kind"], d.get("player")) for d in logged(game, since=mark) if d["kind"] != "place"]
        assert steps[steps.index(("turn_start", "red")) :] == [
            ("turn_start", "red"),
            ("removal_allowed", "red"),
            ("remove", "red"),
            ("placement_allowed", "red"),
            ("turn_start", "blue"),
            ("removal_allowed", "blue"),
            ("remove", "blue"),
            ("remove", "blue"),
            ("placement_allowed", "blue"),
        ]
        assert game.phase is Phase.PLACE and game.actor is BLUE


class TestWar:
    HAND: ClassVar[list[int]] = [1, 2, 3, 4]

    def war_game(self, red_top: list[int], blue_top: list[int], **rules: object) -> aton.Game:
        """Both play 1, 2, 3, 4: cartouches 1 and 2 tie, so a war decides the order."""
        return position(
            rules=rules,
            red={"hand": self.HAND, "deck": pile(red_top, self.HAND)},
            blue={"hand": self.HAND, "deck": pile(blue_top, self.HAND)},
        )

    def test_a_war_turns_up_pairs_until_one_is_lower_and_the_cards_go_under_the_pile(self) -> None:
        game = self.war_game([2, 3, 4], [2, 1, 1])
        mark = assign(game, (1, 2, 3, 4), (1, 2, 3, 4))
        assert logged(game, "war_turn", mark) == [
            {"kind": "war_turn", "red": 2, "blue": 2},
            {"kind": "war_turn", "red": 3, "blue": 1},
        ]
        assert logged(game, "war_cards", mark) == [
            {"kind": "war_cards", "destination": "bottom", "red": [2, 3], "blue": [2, 1]}
        ]
        assert logged(game, "order", mark)[0]["first"] == "blue"
        assert logged(game, "order", mark)[0]["reason"] == "war"
        # Under the pile in the order turned: they will be drawn again in that order, after the rest.
        assert (game.deck(RED) or [])[-2:] == [2, 3] and (game.deck(BLUE) or [])[-2:] == [2, 1]
        assert (game.deck(RED) or [])[0] == 4, "the next card on top is the one after the war cards"
        assert game.deck_size(RED) == game.deck_size(BLUE) == 32
        assert game.discard(RED) == game.discard(BLUE) == []

    def test_with_the_discard_switch_war_cards_go_to_the_discard_pile(self) -> None:
        game = self.war_game([2, 3, 4], [2, 1, 1], war_cards="discard")
        mark = assign(game, (1, 2, 3, 4), (1, 2, 3, 4))
        assert logged(game, "war_cards", mark)[0]["destination"] == "discard"
        assert game.discard(RED) == [2, 3] and game.discard(BLUE) == [2, 1]
        assert game.deck_size(RED) == game.deck_size(BLUE) == 30

    def test_a_pile_running_out_during_a_war_is_refilled_from_its_discard_pile(self) -> None:
        """The set-aside war card is not shuffled in; it goes under the refilled pile afterwards."""
        hand = self.HAND
        discard = pile([], hand, [2])  # every other card: 31 of them
        game, mark = reveal(
            (1, 2, 3, 4), (1, 2, 3, 4), red={"deck": [2], "discard": discard}, blue={"deck": pile([2], hand)}
        )
        steps = [d for d in logged(game, since=mark) if d["kind"] in ("war_turn", "reshuffle", "war_cards")]
        assert steps[0] == {"kind": "war_turn", "red": 2, "blue": 2}
        assert steps[1] == {"kind": "reshuffle", "player": "red", "cards": 31}
        turned = steps[-1]
        assert turned["kind"] == "war_cards" and turned["red"][0] == 2
        assert len(turned["red"]) == len(steps) - 2, "one card turned per war_turn"
        assert game.discard(RED) == []
        assert (game.deck(RED) or [])[-len(turned["red"]) :] == turned["red"]
        assert game.deck_size(RED) == 32 and total_cards(game, RED) == 36

    def test_when_every_pair_ties_until_the_piles_run_out_red_acts_first(self) -> None:
        hand = self.HAND
        same = pile([], hand)
        game, mark = reveal((1, 2, 3, 4), (1, 2, 3, 4), red={"deck": same}, blue={"deck": same})
        assert len(logged(game, "war_turn", mark)) == 32
        assert logged(game, "order", mark)[0]["first"] == "red"
        assert logged(game, "order", mark)[0]["reason"] == "war_exhausted"
        assert game.deck(RED) == same and game.deck(BLUE) == same, "all back under the pile, in order"

    def test_war_cards_are_public(self) -> None:
        game = self.war_game([2, 3], [2, 1])
        assign(game, (1, 2, 3, 4), (1, 2, 3, 4))
        view = game.view(RED)
        assert [e for e in view.events if e.kind == "war_turn"] == [e for e in game.events if e.kind == "war_turn"]


# --------------------------------------------------------------------- cartouche 2: removal
class TestRemoval:
    def test_the_first_round_removes_nothing(self) -> None:
        """Not even the own counter a 1 would remove."""
        game, mark = reveal((2, 1, 1, 3), (2, 4, 1, 3), round=1, temples=board(["R B . .", ". . . .", ". . . ."]))
        assert [(d["player"], d["card"]) for d in logged(game, "removal_skipped", mark)] == [("red", 1)]
        assert logged(game, "removal_allowed", mark) == [] and logged(game, "remove", mark) == []
        assert game.owner((1, 0)) is RED and game.owner((1, 1)) is BLUE and game.kingdom == []
        game.apply(Place(RED, (1, 2)))
        game.apply(Place(RED, (1, 3)))
        game.apply(Place(RED, (1, 4)))
        assert [(d["player"], d["card"]) for d in logged(game, "removal_skipped", mark)] == [("red", 1), ("blue", 4)]
        assert game.owner((1, 0)) is RED and game.owner((1, 2)) is RED and game.kingdom == []

    def test_a_1_on_cartouche_2_removes_one_of_your_own_counters(self) -> None:
        game, mark = reveal((1, 1, 1, 1), (1, 2, 3, 4), temples=board(["R . . .", ". . . .", ". . . ."]))
        allowed = logged(game, "removal_allowed", mark)[0]
        assert allowed["player"] == "red" and allowed["target"] == "red" and allowed["count"] == 1
        removed = logged(game, "remove", mark)
        assert [(d["owner"], d["square"], d["destination"], d["automatic"]) for d in removed] == [
            ("red", (1, 0), "kingdom", True)
        ]
        assert game.owner((1, 0)) is None and game.kingdom == [RED]

    def test_the_acting_player_chooses_which_own_counter_goes(self) -> None:
        game, _ = reveal((1, 1, 1, 1), (1, 2, 3, 4), temples=board(["R R . .", ". . . .", ". . . ."]))
        assert game.phase is Phase.REMOVE and game.actor is RED and game.removals_left == 1
        assert game.legal_actions(RED) == [Remove(RED, (1, 0)), Remove(RED, (1, 1))]
        game.apply(Remove(RED, (1, 1)))
        assert game.owner((1, 0)) is RED and game.owner((1, 1)) is None and game.kingdom == [RED]

    def test_a_3_removes_one_opponent_counter_and_a_4_removes_two(self) -> None:
        temples = board(["B B B .", ". . . .", ". . . ."])
        game, mark = reveal((2, 3, 1, 1), (4, 4, 1, 4), temples=temples)
        assert logged(game, "removal_allowed", mark)[0] == {
            "kind": "removal_allowed",
            "player": "red",
            "target": "blue",
            "count": 1,
            "temples": 1,
            "present": 3,
            "card": 3,
        }
        assert game.legal_actions(RED) == [Remove(RED, (1, i)) for i in range(3)]
        game.apply(Remove(RED, (1, 2)))
        assert game.kingdom == [BLUE] and counters_on_board(game, BLUE) == 2
        game.apply(Place(RED, (1, 5)))
        # Blue's 4 removes two of Red's counters: Red has just the one, so it goes (no choice).
        blue_removal = logged(game, "removal_allowed", mark)[1]
        assert (blue_removal["count"], blue_removal["present"]) == (2, 1)
        assert game.owner((1, 5)) is None and game.kingdom == [BLUE, RED]

    def test_a_4_removes_two_opponent_counters_chosen_one_by_one(self) -> None:
        game, _ = reveal((1, 4, 1, 2), (4, 4, 1, 4), temples=board(["B B B .", ". . . .", ". . . ."]))
        assert game.removals_left == 2
        game.apply(Remove(RED, (1, 0)))
        assert game.phase is Phase.REMOVE and game.removals_left == 1
        game.apply(Remove(RED, (1, 2)))
        assert squares_of(game, BLUE) == [(1, 1)] and game.kingdom == [BLUE, BLUE]

    def test_a_2_removes_nothing(self) -> None:
        game, mark = reveal((2, 2, 2, 2), (1, 3, 2, 4), temples=board(["B R . .", ". . . .", ". . . ."]))
        assert logged(game, "removal_allowed", mark)[0] == {
            "kind": "removal_allowed",
            "player": "red",
            "target": "blue",
            "count": 0,
            "temples": 2,
            "present": 1,
            "card": 2,
        }
        assert logged(game, "remove", mark) == [] and game.owner((1, 0)) is BLUE

    def test_removal_only_from_the_temples_cartouche_3_allows(self) -> None:
        temples = board(["B . . B", ". . . .", ". . . ."], None, ["B B . .", ". . . .", ". . . ."])
        game, mark = reveal((1, 3, 2, 4), (4, 4, 4, 4), temples=temples)
        assert logged(game, "removal_allowed", mark)[0]["present"] == 2
        assert game.legal_actions(RED) == [Remove(RED, (1, 0)), Remove(RED, (1, 3))]
        assert "temples 1-2" in (game.why_illegal(Remove(RED, (3, 0))) or "")

    def test_own_counter_removal_is_limited_to_the_allowed_temples_too(self) -> None:
        game, mark = reveal((1, 1, 1, 1), (1, 2, 3, 4), temples=board(None, ["R . . .", ". . . .", ". . . ."]))
        assert logged(game, "removal_allowed", mark)[0]["present"] == 0
        assert logged(game, "remove", mark) == [] and game.owner((2, 0)) is RED

    def test_removal_is_limited_to_the_counters_present(self) -> None:
        temples = board(["B . . .", ". . . .", ". . . ."], ["B . . .", ". . . .", ". . . ."])
        game, mark = reveal((1, 4, 1, 3), (4, 4, 4, 4), temples=temples)
        allowed = logged(game, "removal_allowed", mark)[0]
        assert (allowed["count"], allowed["present"]) == (2, 1)
        assert [d["square"] for d in logged(game, "remove", mark)] == [(1, 0)]
        assert game.owner((2, 0)) is BLUE and game.kingdom == [BLUE]

    def test_removal_is_mandatory_the_only_actions_are_removals(self) -> None:
        game, _ = reveal((1, 3, 2, 4), (4, 4, 4, 4), temples=board(["B B B .", ". . . .", ". . . ."]))
        assert game.phase is Phase.REMOVE
        assert all(isinstance(action, Remove) for action in game.legal_actions(RED))
        assert game.legal_actions(BLUE) == []

    def test_a_removed_counter_goes_to_the_kingdom_of_the_dead(self) -> None:
        game, _ = reveal((1, 3, 1, 4), (4, 3, 2, 1), temples=board(["B . . .", ". . . .", ". . . ."]))
        assert game.kingdom[0] is BLUE and game.stock(BLUE) == 28

    def test_a_full_kingdom_sends_removed_counters_back_to_their_owner(self) -> None:
        game, mark = reveal(
            (1, 4, 1, 2), (4, 4, 4, 4), temples=board(["B B . .", ". . . .", ". . . ."]), kingdom=["red"] * 7
        )
        removed = logged(game, "remove", mark)
        assert [(d["square"], d["destination"]) for d in removed] == [((1, 0), "kingdom"), ((1, 1), "stock")]
        assert game.kingdom == [RED] * 7 + [BLUE]
        assert game.stock(BLUE) == 29 - 1


# --------------------------------------------------------------------- automatic steps and the record
class TestAutomaticSteps:
    def test_a_real_choice_is_asked_for_and_each_choice_is_a_decision_of_the_record(self) -> None:
        """Red's 4 removes 2 of Blue's 3 counters in temple 1: Red picks them, one decision each."""
        temples = board(["R B R R", "R B R R", "R B . ."])
        game, mark = reveal((2, 4, 1, 2), (4, 4, 4, 4), temples=temples)
        assert game.phase is Phase.REMOVE
        game.apply(Remove(RED, (1, 1)))
        game.apply(Remove(RED, (1, 5)))
        # Red places 2 with 4 empty squares in temple 1: still a choice.
        assert game.phase is Phase.PLACE and len(game.legal_actions(RED)) == 4
        record = game.record()
        assert record["actions"] == [
            "red assign 2 4 1 2",
            "blue assign 4 4 4 4",
            "red remove 1-1",
            "red remove 1-5",
        ]
        assert all(d["automatic"] is False for d in logged(game, "remove", mark))

    def test_when_every_candidate_must_go_and_every_empty_square_be_filled_it_is_automatic(self) -> None:
        """Red's 4 removes Blue's only 2 counters in temple 1, then Red's 4 fills its last 4 squares.

        Nothing is asked: the steps are logged as automatic, and the record holds the two assignments
        only.  (Red now holds all of temple 1 and wins.)
        """
        temples = board(["R R R R", "R B R R", "B . . R"])
        game, mark = reveal((2, 4, 1, 4), (4, 4, 4, 4), temples=temples)
        removed = logged(game, "remove", mark)
        assert [(d["square"], d["automatic"]) for d in removed if d["player"] == "red"] == [
            ((1, 5), True),
            ((1, 8), True),
        ]
        placed = [d for d in logged(game, "place", mark) if d["player"] == "red"]
        assert [(d["square"], d["automatic"]) for d in placed] == [
            ((1, 5), True),
            ((1, 8), True),
            ((1, 9), True),
            ((1, 10), True),
        ]
        assert game.record()["actions"] == ["red assign 2 4 1 4", "blue assign 4 4 4 4"]
        assert aton.replay(game.record()) == game
        assert game.result == aton.Result(RED, EndReason.TEMPLE, (0, 2 * (4 - 2)))


# --------------------------------------------------------------------- cartouches 3 and 4: temples, placement
class TestPlacement:
    def test_cartouche_3_opens_temples_1_to_t_and_cartouche_4_places_that_many(self) -> None:
        game, mark = reveal((1, 2, 2, 3), (1, 3, 2, 4))
        assert logged(game, "turn_start", mark)[0]["temples"] == 2
        assert game.phase is Phase.PLACE and game.placements_left == 3
        assert game.legal_squares(RED) == [(t, i) for t in (1, 2) for i in range(12)]
        for square in [(1, 0), (2, 11), (2, 5)]:
            game.apply(Place(RED, square))
        assert [d["square"] for d in logged(game, "place", mark)] == [(1, 0), (2, 11), (2, 5)]
        assert game.stock(RED) == 26 and game.actor is not RED

    def test_counters_that_do_not_fit_go_from_stock_to_the_kingdom_of_the_dead(self) -> None:
        """Placement is mandatory: with one empty square in temple 1 and a 3, two counters go to the Kingdom."""
        temples = board(["R B R B", "R B R B", "R B R ."])
        game, mark = reveal((1, 2, 1, 3), (4, 4, 4, 4), temples=temples)
        assert [d["square"] for d in logged(game, "place", mark)] == [(1, 11)]
        assert logged(game, "to_kingdom", mark) == [{"kind": "to_kingdom", "player": "red", "count": 2}]
        assert game.kingdom == [RED, RED] and game.stock(RED) == 29 - 6 - 3

    def test_a_full_kingdom_sends_counters_that_do_not_fit_back_to_stock(self) -> None:
        temples = board(["R B R B", "R B R B", "R B R ."])
        game, mark = reveal((1, 2, 1, 4), (4, 4, 4, 4), temples=temples, kingdom=["blue"] * 7)
        assert logged(game, "to_kingdom", mark) == [{"kind": "to_kingdom", "player": "red", "count": 1}]
        assert logged(game, "kingdom_full", mark)[0] == {"kind": "kingdom_full", "player": "red", "count": 2}
        assert game.kingdom == [BLUE] * 7 + [RED]
        assert game.stock(RED) == 29 - 6 - 1 - 1

    def test_with_fewer_counters_in_stock_than_the_card_place_what_you_have(self) -> None:
        temples = board(
            None,
            ["R R R R", "R R R .", ". . . ."],
            ["R R R R", "R R R .", ". . . ."],
            ["R R R R", "R R . .", ". . . ."],
        )
        game, mark = reveal((1, 2, 1, 4), (2, 2, 3, 3), temples=temples, kingdom=["red"] * 7)
        assert game.stock(RED) == 2
        assert logged(game, "no_stock", mark) == [{"kind": "no_stock", "player": "red", "missing": 2}]
        assert game.phase is Phase.PLACE and game.placements_left == 2
        game.apply(Place(RED, (1, 0)))
        game.apply(Place(RED, (1, 1)))
        assert game.stock(RED) == 0 and game.actor is BLUE and logged(game, "to_kingdom", mark) == []

    def test_with_an_empty_stock_nothing_is_placed(self) -> None:
        temples = board(
            ["R . . .", ". . . .", ". . . ."],
            ["R R R R", "R R R .", ". . . ."],
            ["R R R R", "R R R .", ". . . ."],
            ["R R R R", "R R R .", ". . . ."],
        )
        game, mark = reveal((1, 2, 1, 4), (2, 2, 3, 3), temples=temples, kingdom=["red"] * 7)
        assert game.stock(RED) == 0
        red_steps = [d["kind"] for d in logged(game, since=mark) if d.get("player") == "red" and d["kind"] != "assign"]
        assert red_steps == ["turn_start", "removal_allowed", "placement_allowed", "no_stock"]
        assert counters_on_board(game, RED) == 22 and game.kingdom == [RED] * 7


# --------------------------------------------------------------------- end of round
class TestEndOfRound:
    def test_the_eight_cards_go_to_the_discard_piles_and_each_hand_refills_to_four(self) -> None:
        """Temple 1 is full: every counter to place goes to the Kingdom of the Dead (4 + 1), no decision."""
        game, mark = reveal((4, 2, 1, 1), (3, 2, 1, 4), temples=board(FULL_MIXED_TEMPLE))
        assert game.round == 3 and game.phase is Phase.ASSIGN
        assert sorted(game.discard(RED)) == [1, 1, 2, 4] and sorted(game.discard(BLUE)) == [1, 2, 3, 4]
        assert len(game.hand(RED) or []) == len(game.hand(BLUE) or []) == 4
        assert logged(game, "round_end", mark)[0] == {"kind": "round_end", "round": 2, "kingdom": 5}
        assert "scoring_start" not in kinds(game, mark)

    def test_no_scoring_while_the_kingdom_is_not_full(self) -> None:
        game, mark = round_with_scoring(board(FULL_MIXED_TEMPLE), ["red"] * 5)
        assert game.kingdom == [RED] * 5 + [BLUE, RED]
        assert logged(game, "round_end", mark)[0]["kingdom"] == 7
        assert "scoring_start" not in kinds(game, mark) and game.round == 3

    def test_a_full_kingdom_at_the_end_of_the_round_triggers_a_scoring(self) -> None:
        game, mark = round_with_scoring(board(FULL_MIXED_TEMPLE), ["red"] * 7)
        steps = kinds(game, mark)
        assert steps.index("round_end") < steps.index("scoring_start")
        assert logged(game, "round_end", mark)[0]["kingdom"] == 8
        # The counter Red could not place found the Kingdom already full: it stayed in stock.
        assert logged(game, "kingdom_full", mark) == [{"kind": "kingdom_full", "player": "red", "count": 1}]


# --------------------------------------------------------------------- scoring
class TestScoring:
    """Temple 1 is full and mixed in each of these (see ``round_with_scoring``)."""

    def test_temple_1_majority_scores_the_difference(self) -> None:
        game, mark = round_with_scoring(board(["R R R R", "R R R B", "B B B B"]), ["red"] * 7)
        assert score_lines(game, mark) == {
            "temple1": (7 - 5, 0),
            "temple2": (0, 0),
            "temple3": (0, 0),
            "temple4": (0, 0),
            "black": (0, 8),  # 1-7 and 1-10 are blue
            "bonus": (0, 1 + 1),  # 1-8 and 1-11 are blue
        }
        assert (game.score(RED), game.score(BLUE)) == (2, 10)

    def test_a_tie_in_temple_1_scores_nothing(self) -> None:
        game, mark = round_with_scoring(board(FULL_MIXED_TEMPLE), ["red"] * 7)
        line = logged(game, "score_line", mark)[0]
        assert line == {
            "kind": "score_line",
            "category": "temple1",
            "red": 6,
            "blue": 6,
            "scorer": None,
            "red_points": 0,
            "blue_points": 0,
            "detail": {},
        }
        assert score_lines(game, mark) == {
            "temple1": (0, 0),
            "temple2": (0, 0),
            "temple3": (0, 0),
            "temple4": (0, 0),
            "black": (0, 0),
            "bonus": (1, 1),
        }

    def test_temple_2_majority_scores_5(self) -> None:
        temples = board(FULL_MIXED_TEMPLE, ["R R . .", "B . . .", ". . . ."])
        game, mark = round_with_scoring(temples, ["red"] * 7)
        assert score_lines(game, mark)["temple2"] == (5, 0)
        assert (game.score(RED), game.score(BLUE)) == (5 + 1, 1)

    def test_a_tie_in_temple_2_scores_nothing(self) -> None:
        temples = board(FULL_MIXED_TEMPLE, ["R . . .", "B . . .", ". . . ."])
        game, mark = round_with_scoring(temples, ["red"] * 7)
        assert score_lines(game, mark)["temple2"] == (0, 0)

    def test_temple_3_majority_scores_its_own_counters_there(self) -> None:
        temples = board(FULL_MIXED_TEMPLE, None, ["B B B .", ". . . .", ". . . R"])
        game, mark = round_with_scoring(temples, ["red"] * 7)
        assert score_lines(game, mark) == {
            "temple1": (0, 0),
            "temple2": (0, 0),
            "temple3": (0, 3),
            "temple4": (0, 0),
            "black": (0, 0),
            "bonus": (1 + 2, 1),  # red holds 3-11 (+2)
        }

    def test_temple_4_majority_scores_3_per_blue_square_it_holds_in_all_four_temples(self) -> None:
        temples = board(
            FULL_MIXED_TEMPLE,  # 1-9 (blue square) is blue
            [". . . .", ". . . .", ". B . ."],  # 2-9 blue
            [". . . .", ". . . .", ". R . ."],  # 3-9 red
            ["B R . .", ". . . .", ". B . ."],  # 4-9 blue; blue 2, red 1 in temple 4
        )
        game, mark = round_with_scoring(temples, ["red"] * 7)
        assert score_lines(game, mark) == {
            "temple1": (0, 0),
            "temple2": (0, 5),
            "temple3": (1, 0),
            "temple4": (0, 3 * 3),
            "black": (0, 0),
            "bonus": (1, 1),
        }
        line = logged(game, "score_line", mark)[3]
        assert line["scorer"] == "blue" and line["detail"] == {"blue_squares": 3}

    def test_temple_4_majority_without_blue_squares_scores_nothing(self) -> None:
        temples = board(FULL_MIXED_TEMPLE, None, None, ["R R . .", ". . . .", ". . . ."])
        game, mark = round_with_scoring(temples, ["red"] * 7)
        line = logged(game, "score_line", mark)[3]
        assert line["category"] == "temple4" and line["scorer"] == "red" and line["red_points"] == 0
        assert line["detail"] == {"blue_squares": 0}
        assert score_lines(game, mark)["temple4"] == (0, 0)

    def test_temple_4_majority_with_the_blue_squares_of_other_temples(self) -> None:
        temples = board(
            ["R B R B", "R B R R", "R R B B"],  # 1-9 red
            [". . . .", ". . . .", ". R . ."],  # 2-9 red
            None,
            ["R . . .", ". . . .", ". . . ."],  # red holds temple 4 but not its blue square
        )
        game, mark = round_with_scoring(temples, ["red"] * 7)
        assert score_lines(game, mark)["temple4"] == (2 * 3, 0)

    def test_the_black_majority_over_all_temples_scores_8_for_red(self) -> None:
        temples = board(FULL_MIXED_TEMPLE, None, [". . . .", ". . . R", "R . R ."])
        game, mark = round_with_scoring(temples, ["red"] * 7)
        assert score_lines(game, mark) == {
            "temple1": (0, 0),
            "temple2": (0, 0),
            "temple3": (3, 0),
            "temple4": (0, 0),
            "black": (8, 0),  # red 4 black squares (1-7, 3-7, 3-8, 3-10), blue 1 (1-10)
            "bonus": (1, 1),
        }
        black = logged(game, "score_line", mark)[4]
        assert (black["red"], black["blue"], black["scorer"]) == (4, 1, "red")
        assert (game.score(RED), game.score(BLUE)) == (3 + 8 + 1, 1)

    def test_the_black_majority_over_all_temples_scores_8_for_blue(self) -> None:
        temples = board(FULL_MIXED_TEMPLE, None, None, [". . . .", ". . . B", "B . B ."])
        game, mark = round_with_scoring(temples, ["red"] * 7)
        assert score_lines(game, mark) == {
            "temple1": (0, 0),
            "temple2": (0, 0),
            "temple3": (0, 0),
            "temple4": (0, 3),  # blue holds 1-9 only
            "black": (0, 8),
            "bonus": (1, 1),
        }

    def test_a_black_tie_scores_nothing(self) -> None:
        game, mark = round_with_scoring(board(FULL_MIXED_TEMPLE), ["red"] * 7)
        black = logged(game, "score_line", mark)[4]
        assert (black["category"], black["red"], black["blue"], black["scorer"]) == ("black", 1, 1, None)

    def test_each_player_scores_the_bonus_squares_they_occupy(self) -> None:
        temples = board(
            FULL_MIXED_TEMPLE,  # 1-8 (+1) red, 1-11 (+1) blue
            [". . . .", ". . . .", "R . . B"],  # 2-8 (+2) red, 2-11 (+1) blue
            None,
            [". . . .", ". . . .", ". . . R"],  # 4-11 (+2) red
        )
        game, mark = round_with_scoring(temples, ["red"] * 7)
        assert score_lines(game, mark)["bonus"] == (1 + 2 + 2, 1 + 1)
        assert score_lines(game, mark)["temple2"] == (0, 0)

    def test_scoring_lines_come_in_rule_book_order(self) -> None:
        game, mark = round_with_scoring(board(FULL_MIXED_TEMPLE), ["red"] * 7)
        assert [d["category"] for d in logged(game, "score_line", mark)] == [
            "temple1",
            "temple2",
            "temple3",
            "temple4",
            "black",
            "bonus",
        ]


class TestScoringVictory:
    TEMPLES = board(
        FULL_MIXED_TEMPLE,
        [". . . .", ". . . .", ". B . ."],
        [". . . .", ". . . .", ". R . ."],
        ["B R . .", ". . . .", ". B . ."],
    )
    """Red gains 2 (temple 3, bonus), Blue gains 15 (temple 2, temple 4, bonus)."""

    def test_one_player_at_40_after_a_scoring_wins(self) -> None:
        game, _ = round_with_scoring(self.TEMPLES, ["red"] * 7, red={"score": 39}, blue={"score": 10})
        assert game.result == aton.Result(RED, EndReason.POINTS, (41, 25), at_scoring=True)

    def test_both_at_40_after_a_scoring_the_higher_score_wins(self) -> None:
        game, mark = round_with_scoring(self.TEMPLES, ["red"] * 7, red={"score": 39}, blue={"score": 30})
        assert game.result == aton.Result(BLUE, EndReason.POINTS, (41, 45), at_scoring=True)
        assert kinds(game, mark)[-1] == "game_over" and "scoring_removal" not in kinds(game, mark)

    def test_both_at_40_with_equal_scores_is_a_draw(self) -> None:
        game, _ = round_with_scoring(self.TEMPLES, ["red"] * 7, red={"score": 39}, blue={"score": 26})
        assert game.result == aton.Result(None, EndReason.POINTS, (41, 41), at_scoring=True)
        assert logged(game, "game_over")[0]["winner"] is None


# --------------------------------------------------------------------- after a scoring
class TestAfterScoring:
    TEMPLES = board(["R R R R", "R R R R", "B B B B"], None, ["B B . .", ". . . .", ". . . ."])
    KINGDOM: ClassVar[list[str]] = ["red", "red", "red", "red", "blue", "blue", "blue"]

    def test_the_leader_removes_first_one_per_temple_then_from_the_highest_temple(self) -> None:
        game, mark = round_with_scoring(self.TEMPLES, self.KINGDOM, red={"score": 10}, blue={"score": 20})
        assert score_lines(game, mark) == {
            "temple1": (4, 0),
            "temple2": (0, 0),
            "temple3": (0, 2),
            "temple4": (0, 0),
            "black": (0, 0),
            "bonus": (0, 2),
        }
        assert (game.score(RED), game.score(BLUE)) == (14, 24)
        # Blue leads, so Blue removes first: one from temple 1 and one from temple 3, in any order.
        assert game.phase is Phase.SCORING_REMOVE and game.actor is BLUE and game.removals_left == 4
        assert logged(game, "scoring_removal", mark) == [
            {"kind": "scoring_removal", "player": "blue", "count": 4, "temples": [1, 3]}
        ]
        assert game.legal_squares(BLUE) == [(1, 8), (1, 9), (1, 10), (1, 11), (3, 0), (3, 1)]
        game.apply(Remove(BLUE, (3, 0)))
        assert game.legal_squares(BLUE) == [(1, 8), (1, 9), (1, 10), (1, 11)]
        game.apply(Remove(BLUE, (1, 9)))
        # Blue has no counter in temples 2 and 4: two more from the highest temple with counters.
        # Temple 3 holds one (it goes on its own), then temple 1 (Blue picks the square).
        assert game.owner((3, 1)) is None and game.removals_left == 1
        assert game.legal_squares(BLUE) == [(1, 8), (1, 10), (1, 11)]
        game.apply(Remove(BLUE, (1, 10)))
        # Now Red: every counter is in temple 1.
        assert game.actor is RED and game.removals_left == 4
        assert logged(game, "scoring_removal", mark)[1]["temples"] == [1]
        for index in (0, 5, 6, 7):
            game.apply(Remove(RED, (1, index)))
        removals = logged(game, "remove", mark)[1:]  # the first one was Blue's cartouche 2
        assert [(d["owner"], d["square"], d["automatic"]) for d in removals] == [
            ("blue", (3, 0), False),
            ("blue", (1, 9), False),
            ("blue", (3, 1), True),
            ("blue", (1, 10), False),
            ("red", (1, 0), False),
            ("red", (1, 5), False),
            ("red", (1, 6), False),
            ("red", (1, 7), False),
        ]
        assert all(d["scoring"] and d["destination"] == "stock" for d in removals)
        # The log keeps what was asked, even after the removals.
        assert [d["temples"] for d in logged(game, "scoring_removal", mark)] == [[1, 3], [1]]

    def test_the_kingdom_counters_return_to_stock_and_a_new_round_begins(self) -> None:
        game, mark = round_with_scoring(self.TEMPLES, self.KINGDOM, red={"score": 10}, blue={"score": 20})
        for square in [(3, 0), (1, 9), (1, 10), (1, 0), (1, 5), (1, 6), (1, 7)]:
            game.apply(Remove(game.actor or RED, square))
        assert logged(game, "kingdom_return", mark) == [{"kind": "kingdom_return", "red": 4, "blue": 4}]
        assert game.kingdom == [] and game.round == 3 and game.phase is Phase.ASSIGN
        assert (counters_on_board(game, RED), game.stock(RED)) == (4, 25)
        assert (counters_on_board(game, BLUE), game.stock(BLUE)) == (2, 27)

    def test_red_removes_first_when_the_scores_are_equal(self) -> None:
        game, mark = round_with_scoring(self.TEMPLES, self.KINGDOM, red={"score": 10}, blue={"score": 10})
        assert (game.score(RED), game.score(BLUE)) == (14, 14)
        assert game.actor is RED
        assert logged(game, "scoring_removal", mark)[0]["player"] == "red"

    def test_a_player_with_fewer_than_4_counters_in_the_temples_removes_them_all(self) -> None:
        game, mark = round_with_scoring(board(["R R R R", "R R R R", "R B B B"]), ["red"] * 7)
        assert (game.score(RED), game.score(BLUE)) == (6 + 1, 1)
        for index in (0, 1, 2, 3):  # Red leads and picks 4 of 9
            game.apply(Remove(RED, (1, index)))
        blue_removals = [d for d in logged(game, "remove", mark) if d["scoring"] and d["owner"] == "blue"]
        assert [(d["square"], d["automatic"]) for d in blue_removals] == [
            ((1, 9), True),
            ((1, 10), True),
            ((1, 11), True),
        ]
        assert logged(game, "scoring_removal", mark)[1]["count"] == 3
        assert counters_on_board(game, BLUE) == 0 and game.round == 3

    def test_a_single_counter_in_a_temple_is_taken_on_its_own(self) -> None:
        temples = board(
            ["R R R R", "R R R R", "R B B B"],
            ["B . . .", ". . . .", ". . . ."],
            [". B . .", ". . . .", ". . . ."],
            [". . B .", ". . . .", ". . . ."],
        )
        game, mark = round_with_scoring(temples, ["red"] * 7, blue={"score": 20})
        assert game.actor is BLUE and game.removals_left == 1
        auto = [d["square"] for d in logged(game, "remove", mark) if d["scoring"]]
        assert auto == [(2, 0), (3, 1), (4, 2)]
        assert game.legal_squares(BLUE) == [(1, 9), (1, 10), (1, 11)]
        game.apply(Remove(BLUE, (1, 11)))
        assert game.actor is RED


# --------------------------------------------------------------------- board victories
class TestBoardVictory:
    def test_all_12_squares_of_a_temple_win_at_once_and_the_second_player_does_not_act(self) -> None:
        game, mark = reveal((1, 2, 1, 1), (1, 3, 1, 1), temples=board(["R R R R", "R R R R", "R R R ."]))
        assert game.result == aton.Result(RED, EndReason.TEMPLE, (0, 0))
        assert [d["player"] for d in logged(game, "turn_start", mark)] == ["red"]
        assert kinds(game, mark)[-2:] == ["place", "game_over"]

    def test_all_yellow_squares_win_at_once(self) -> None:
        temples = board(
            [". R . .", "R R . .", ". . . ."],
            [". . R R", ". . R .", ". . . ."],
            ["R R . .", "R R . .", ". . . ."],
            [". . R R", ". . R .", ". . . ."],
        )
        game, _ = reveal((1, 2, 1, 1), (1, 3, 1, 1), temples=temples)
        assert game.phase is Phase.PLACE
        game.apply(Place(RED, (1, 0)))
        assert game.result == aton.Result(RED, EndReason.YELLOW, (0, 0))

    def test_all_green_squares_win_at_once_checked_after_the_second_players_cartouche_4(self) -> None:
        temples = board(
            [". . . B", ". . B .", ". . . ."],
            ["B B . .", "B B . .", ". . . ."],
            [". . B B", ". . B .", ". . . ."],
            ["B B . .", "B B . .", ". . . ."],
        )
        game, _ = reveal((1, 2, 1, 1), (1, 3, 1, 1), temples=temples)
        game.apply(Place(RED, (1, 0)))
        assert game.result is None and game.actor is BLUE
        assert game.owner((1, 0)) is None, "Blue's 3 removed Red's only counter in temple 1"
        game.apply(Place(BLUE, (1, 2)))
        assert game.result == aton.Result(BLUE, EndReason.GREEN, (0, 0))
        assert logged(game, "game_over")[-1]["reason"] == "green"

    def test_a_condition_met_in_the_middle_of_a_placement_wins_after_the_placement(self) -> None:
        """The check comes after the whole cartouche 4: Red still places the other counters first."""
        game, _ = reveal((1, 2, 2, 3), (1, 3, 1, 1), temples=board(["R R R R", "R R R R", "R R R ."]))
        game.apply(Place(RED, (1, 11)))
        assert game.result is None and game.phase is Phase.PLACE and game.placements_left == 2
        again = aton.Game.from_json(game.to_json())
        assert again == game, "a snapshot taken in between loads"
        game.apply(Place(RED, (2, 0)))
        game.apply(Place(RED, (2, 1)))
        assert game.result == aton.Result(RED, EndReason.TEMPLE, (0, 0))
        assert game.owner((2, 1)) is RED

    def test_a_position_where_a_player_already_meets_a_condition_is_rejected(self) -> None:
        with pytest.raises(aton.PositionError, match="victory condition"):
            position(temples=board(["B B B B", "B B B B", "B B B B"]))

    @pytest.mark.parametrize(("missing", "words"), [("Y", "yellow square"), ("G", "green square")])
    def test_a_board_without_yellow_or_green_squares_is_refused(self, missing: str, words: str) -> None:
        """Every yellow square of a board with none would be held by both players before any counter is placed."""
        rows = tuple(tuple(row.replace(missing, "K") for row in temple) for temple in data.DEFAULT_LAYOUT_ROWS)
        with pytest.raises(aton.LayoutError, match=words):
            aton.Layout(rows)
        with pytest.raises(aton.LayoutError, match=words):
            aton.Rules.from_dict({"layout": [list(temple) for temple in rows]})


# --------------------------------------------------------------------- exchange
class TestExchange:
    def test_exchange_discards_the_four_cards_face_up_and_draws_four_new_ones(self) -> None:
        game = aton.new_game(seed=21)
        old = game.hand(RED) or []
        top = (game.deck(RED) or [])[:4]
        game.apply(Exchange(RED))
        assert game.discard(RED) == old and game.hand(RED) == sorted(top)
        assert not game.exchange_available(RED) and game.exchange_available(BLUE)
        assert logged(game, "exchange")[0] == {"kind": "exchange", "player": "red", "discarded": old}
        assert game.view(BLUE).discard(RED) == old, "discard piles are public"
        assert game.to_act == (RED, BLUE), "red still has to assign"

    def test_exchange_is_offered_once_per_game(self) -> None:
        game = aton.new_game(seed=21)
        assert Exchange(RED) in game.legal_actions(RED)
        game.apply(Exchange(RED))
        assert Exchange(RED) not in game.legal_actions(RED)
        play_first_choices_until_round(game, 2)
        assert Exchange(RED) not in game.legal_actions(RED) and Exchange(BLUE) in game.legal_actions(BLUE)

    def test_exchange_only_before_assigning(self) -> None:
        game = aton.new_game(seed=21)
        game.apply(game.legal_actions(RED)[0])
        assert game.legal_actions(RED) == [] and game.exchange_available(RED)
        assert game.why_illegal(Exchange(RED)) is not None

    def test_an_exchange_reshuffles_when_the_pile_runs_out_and_may_bring_the_cards_back(self) -> None:
        hand = [1, 2, 3, 4]
        discard = pile([], hand, [4, 4])
        game = position(red={"hand": hand, "deck": [4, 4], "discard": discard})
        mark = len(game.events)
        game.apply(Exchange(RED))
        assert kinds(game, mark) == ["exchange", "draw", "reshuffle", "draw"]  # the 2 left, then the rest
        assert logged(game, "reshuffle", mark)[0]["cards"] == 30 + 4
        assert [d["count"] for d in logged(game, "draw", mark)] == [2, 2]
        assert game.deck_size(RED) == 32 and game.discard(RED) == [] and total_cards(game, RED) == 36


# --------------------------------------------------------------------- the draw pile
class TestReshuffle:
    def test_an_empty_pile_is_refilled_from_the_discard_pile_when_drawing(self) -> None:
        cards = (4, 2, 1, 1)
        game, mark = reveal(
            cards, (3, 2, 1, 4), temples=board(FULL_MIXED_TEMPLE), red={"deck": [], "discard": pile([], cards)}
        )
        assert game.round == 3
        reshuffles = logged(game, "reshuffle", mark)
        assert reshuffles == [{"kind": "reshuffle", "player": "red", "cards": 36}]
        assert kinds(game, mark).index("reshuffle") > kinds(game, mark).index("round_start")
        assert game.deck_size(RED) == 32 and game.discard(RED) == [] and len(game.hand(RED) or []) == 4

    def test_the_cards_left_are_drawn_before_the_reshuffle_and_the_rest_after(self) -> None:
        """The log tells the draw in its true order: what is left of the pile, the reshuffle, the rest."""
        cards = (4, 2, 1, 1)
        game, mark = reveal(
            cards,
            (3, 2, 1, 4),
            temples=board(FULL_MIXED_TEMPLE),
            red={"deck": [4, 4], "discard": pile([], cards, [4, 4])},
        )
        steps = [d for d in logged(game, since=mark) if d["kind"] in ("draw", "reshuffle") and d["player"] == "red"]
        assert steps == [
            {"kind": "draw", "player": "red", "count": 2},
            {"kind": "reshuffle", "player": "red", "cards": 34},
            {"kind": "draw", "player": "red", "count": 2},
        ]
        assert game.deck_size(RED) == 32 and len(game.hand(RED) or []) == 4

    def test_a_long_game_reshuffles_and_keeps_all_36_cards(self) -> None:
        game = play_random(aton.new_game(seed=3), random.Random(3))
        assert "reshuffle" in kinds(game)
        for player in aton.PLAYERS:
            assert total_cards(game, player) == 36


# --------------------------------------------------------------------- the round limit
class TestRoundLimit:
    def test_the_default_round_limit_is_200(self) -> None:
        assert aton.Rules().round_limit == 200 == data.DEFAULT_ROUND_LIMIT

    @pytest.mark.parametrize(
        ("scores", "winner"),
        [((10, 3), RED), ((3, 10), BLUE), ((7, 7), None)],
    )
    def test_after_the_last_round_the_higher_score_wins_and_equal_scores_draw(
        self, scores: tuple[int, int], winner: aton.Player | None
    ) -> None:
        game, _ = reveal(
            (1, 2, 1, 1),
            (1, 1, 2, 1),
            rules={"round_limit": 5},
            round=5,
            red={"score": scores[0]},
            blue={"score": scores[1]},
        )
        play_first_choices(game)
        assert game.round == 5
        assert game.result == aton.Result(winner, EndReason.ROUND_LIMIT, scores)
        assert logged(game, "game_over")[0]["reason"] == "round_limit"

    def test_the_default_limit_ends_a_game_after_round_200(self) -> None:
        game, _ = reveal((1, 2, 1, 1), (1, 1, 2, 1), round=200, red={"score": 1})
        play_first_choices(game)
        assert game.result is not None and game.result.reason is EndReason.ROUND_LIMIT and game.round == 200

    def test_a_seeded_game_with_a_short_limit_ends_at_that_round(self) -> None:
        game = play_random(aton.new_game(seed=8, rules=aton.Rules(round_limit=2)), random.Random(8))
        assert game.round == 2 and game.result is not None and game.result.reason is EndReason.ROUND_LIMIT


def play_first_choices_until_round(game: aton.Game, round_number: int) -> None:
    """Take the first legal action until round ``round_number`` begins."""
    while game.round < round_number and game.result is None:
        game.apply(game.legal_actions(game.to_act[0])[0])


# --------------------------------------------------------------------- the rules page
class TestRulesPage:
    PAGE = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

    def test_the_rules_page_shows_the_default_board_of_the_data(self) -> None:
        def cells(row: str) -> str:
            return "".join(code.rjust(3) for code in row.split())

        text = self.PAGE.read_text(encoding="utf-8")
        rows = data.DEFAULT_LAYOUT_ROWS
        for left, right in ((0, 1), (2, 3)):
            for r in range(3):
                label = [f"Temple {left + 1}:", f"Temple {right + 1}:"] if r == 0 else [" " * 9, " " * 9]
                line = f"    {label[0]}{cells(rows[left][r])}  | {label[1]}{cells(rows[right][r])}"
                assert line in text.splitlines(), line

    def test_the_teaching_position_of_the_rules_page_loads_and_plays_as_described(self) -> None:
        text = self.PAGE.read_text(encoding="utf-8")
        example = text.split("```json\n")[1].split("```")[0]
        game = aton.Game.from_json(example)
        assert game.round == 6 and len(game.kingdom) == 7
        assert (game.stock(RED), game.stock(BLUE)) == (19, 19)
        assert counters_on_board(game, RED) == 6 and counters_on_board(game, BLUE) == 7
        assert not game.exchange_available(BLUE)
        game.apply(Assign(RED, (1, 3, 2, 4)))
        game.apply(Assign(BLUE, (2, 2, 3, 4)))
        assert game.actor is BLUE and game.phase is Phase.PLACE and game.placements_left == 4
        while game.round == 6 and game.result is None:
            game.apply(game.legal_actions(game.to_act[0])[0])
        assert "scoring_start" in kinds(game)
        assert aton.replay(game.record()) == game
