"""Teaching positions and exercise checkers: every position loads, every checker judges right and wrong.

The expected answers below are worked out by hand from the rules; the
exercises compute theirs with the engine, so a disagreement is a bug in one
of them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import aton
from aton import BLUE, RED, EndReason, SquareKind
from aton.events import WarTurn
from aton.teaching import lessons
from aton.teaching.lessons import Goal

POSITIONS = lessons.position_names()


def test_the_teaching_positions_are_shipped() -> None:
    assert {
        "board-tour",
        "first-round",
        "cartouche-2",
        "temples-and-placement",
        "place-majority",
        "scoring",
        "victory-points",
        "victory-scoring",
        "victory-yellow",
        "strategy-place",
        "midgame",
    } <= set(POSITIONS)


@pytest.mark.parametrize("name", POSITIONS)
def test_every_position_loads_and_is_valid(name: str) -> None:
    text = lessons.position_json(name)
    raw = json.loads(text)
    assert raw["format"] == "aton/1"
    game = lessons.load_position(name)
    assert game.result is None
    # 29 counters per player, all accounted for.
    for player in aton.PLAYERS:
        on_board = sum(game.owner(square) is player for square in aton.SQUARES)
        assert on_board + game.kingdom.count(player) + game.stock(player) == 29
    # The engine's own snapshot of the position reads back to the same game.
    assert aton.Game.from_json(game.to_json()) == game
    # Playable: the players to act have legal actions.
    assert game.to_act and all(game.legal_actions(player) for player in game.to_act)


@pytest.mark.parametrize("name", POSITIONS)
def test_every_position_has_a_title_and_description_in_both_languages(name: str) -> None:
    info = lessons.position_info(name)
    assert info.name == name
    for lang in ("en", "fr"):
        assert info.title[lang].strip()
        assert len(info.description[lang]) > 20
    assert info.title["en"] != info.title["fr"]


def test_list_positions_and_unknown_names() -> None:
    assert [info.name for info in lessons.list_positions()] == POSITIONS
    with pytest.raises(ValueError, match="no teaching position 'nowhere'; known positions: board-tour"):
        lessons.load_position("nowhere")


def test_play_round_works_on_a_clone() -> None:
    game = lessons.load_position("cartouche-2")
    before = game.to_json()
    after = lessons.play_round(game, red=(1, 4, 2, 3), blue=(2, 4, 1, 4))
    assert game.to_json() == before
    assert after.round == game.round + 1 and after.phase is aton.Phase.ASSIGN
    with pytest.raises(ValueError, match="blue has not assigned yet"):
        lessons.play_round(game, red=(1, 4, 2, 3))
    with pytest.raises(aton.IllegalAction):
        lessons.play_round(game, red=(4, 4, 4, 4), blue=(2, 4, 1, 4))


def _assert_judges(exercise: lessons.Exercise, right: object, wrong: object, shown_answer: str) -> None:
    """The right answer is accepted in both languages; the wrong one is refused and the answer explained."""
    for lang in ("en", "fr"):
        verdict = exercise.check(right, lang)
        assert verdict.correct, verdict.explanation
        assert verdict.explanation.startswith("Right." if lang == "en" else "Exact.")
        refused = exercise.check(wrong, lang)
        assert not refused.correct
        assert refused.explanation.startswith("Not quite" if lang == "en" else "Pas tout à fait")
    assert shown_answer in exercise.check(wrong, "en").explanation
    assert exercise.check(wrong, "en").explanation != exercise.check(wrong, "fr").explanation
    assert exercise.prompt("en") != exercise.prompt("fr")


# ----------------------------------------------------------------- the board (tutorial 1)
def test_square_kind() -> None:
    game = lessons.load_position("board-tour")
    exercise = lessons.square_kind_exercise(game, (2, 8))
    assert exercise.answer is SquareKind.BONUS2
    _assert_judges(exercise, SquareKind.BONUS2, SquareKind.BLACK, "bonus +2")
    assert exercise.check("+2").correct
    black = lessons.square_kind_exercise(game, (3, 8))
    assert black.answer is SquareKind.BLACK
    assert "8" in black.check(SquareKind.BLACK).explanation
    assert "grise" in black.prompt("fr") or "type" in black.prompt("fr")


def test_temple_count_and_kingdom_size() -> None:
    game = lessons.load_position("board-tour")
    count = lessons.temple_count_exercise(game, RED, 3)
    assert count.answer == 3
    _assert_judges(count, 3, 2, "3")
    free = lessons.kingdom_size_exercise(game)
    assert free.answer == 5
    _assert_judges(free, 5, 3, "5")


# ----------------------------------------------------------------- cartouche 1 (tutorial 2)
def test_cartouche1_points() -> None:
    game = lessons.load_position("first-round")
    red_wins = lessons.cartouche1_exercise(game, red=(4, 1, 2, 3), blue=(1, 2, 4, 4), player=RED)
    assert red_wins.answer == 6
    _assert_judges(red_wins, 6, 3, "6")
    assert "2 x (4 - 1) = 6" in red_wins.check(3).explanation
    loser = lessons.cartouche1_exercise(game, red=(4, 1, 2, 3), blue=(1, 2, 4, 4), player=BLUE)
    assert loser.answer == 0
    tie = lessons.cartouche1_exercise(game, red=(2, 1, 3, 4), blue=(2, 1, 4, 4), player=BLUE)
    assert tie.answer == 0
    assert "equal cards score nothing" in tie.check(4).explanation


# ----------------------------------------------------------------- cartouche 2 (tutorial 3)
@pytest.mark.parametrize(
    ("red", "blue", "first", "why"),
    [
        ((4, 1, 2, 3), (2, 4, 1, 4), RED, "lower card (1 against 4)"),
        ((3, 4, 1, 2), (2, 4, 1, 4), BLUE, "tie is broken by cartouche 1"),
        ((2, 4, 1, 3), (2, 4, 1, 4), BLUE, "a war"),
    ],
)
def test_who_acts_first(red: tuple[int, ...], blue: tuple[int, ...], first: aton.Player, why: str) -> None:
    game = lessons.load_position("cartouche-2")
    exercise = lessons.first_player_exercise(game, red, blue)
    assert exercise.answer is first
    name = first.label.capitalize()
    _assert_judges(exercise, first, first.other, name)
    assert exercise.check("rouge" if first is RED else "bleu").correct
    assert why in exercise.check(first.other).explanation


def test_a_war_shows_the_cards_turned() -> None:
    game = lessons.load_position("cartouche-2")
    exercise = lessons.first_player_exercise(game, (2, 4, 1, 3), (2, 4, 1, 4))
    turned = [e for e in exercise.outcome.events[len(game.events) :] if isinstance(e, WarTurn)]  # type: ignore[union-attr]
    assert turned
    assert f"Red {', '.join(str(e.red) for e in turned)}" in exercise.prompt()


def test_removal_counts() -> None:
    game = lessons.load_position("cartouche-2")
    # Red acts first with a 4 on cartouche 2 and temples 1-2 open: 2 Blue counters asked, only 1 there.
    fewer = lessons.removal_exercise(game, (1, 4, 2, 3), (2, 4, 1, 4), RED)
    assert fewer.answer == 1
    _assert_judges(fewer, 1, 2, "1")
    assert "only 1 is there" in fewer.check(2).explanation
    # Blue's 1 on cartouche 2 removes one of Blue's own counters.
    own = lessons.removal_exercise(game, (1, 2, 3, 4), (4, 1, 2, 4), BLUE)
    assert own.answer == 1
    assert "one of their own counters" in own.check(0).explanation
    # The game's first round removes nothing.
    first = lessons.load_position("first-round")
    none = lessons.removal_exercise(first, (4, 1, 2, 3), (2, 4, 1, 4), BLUE)
    assert none.answer == 0
    _assert_judges(none, 0, 2, "0")
    assert "first round" in none.check(2).explanation


# ----------------------------------------------------------------- cartouches 3 and 4 (tutorial 4)
def test_which_temples() -> None:
    game = lessons.load_position("temples-and-placement")
    exercise = lessons.temples_exercise(game, (3, 2, 1, 4), (4, 3, 2, 1), BLUE)
    assert exercise.answer == {1, 2}
    _assert_judges(exercise, [1, 2], [1, 2, 3], "1 and 2")
    assert exercise.check({2, 1}).correct
    assert not exercise.check([2]).correct
    three = lessons.temples_exercise(game, (3, 2, 1, 4), (1, 2, 3, 4), BLUE)
    assert three.answer == {1, 2, 3}


def test_counters_to_the_kingdom() -> None:
    game = lessons.load_position("temples-and-placement")
    # Red acts first, opens temple 1 only (2 empty squares) and must place 4: 2 go to the Kingdom.
    exercise = lessons.kingdom_exercise(game, (3, 2, 1, 4), (4, 3, 2, 1), RED)
    assert exercise.answer == 2
    _assert_judges(exercise, 2, 0, "2")
    assert "placing is mandatory" in exercise.check(0).explanation.lower()
    # Over the whole round Blue's 3 on cartouche 2 adds one removed Red counter, whatever Blue picks.
    whole = lessons.kingdom_exercise(game, (3, 2, 1, 4), (4, 3, 2, 1))
    other = lessons.kingdom_exercise(game, (3, 2, 1, 4), (4, 3, 2, 1), choose=lessons.last_choice)
    assert whole.answer == other.answer == 3


def test_where_to_place_for_a_majority() -> None:
    game = lessons.load_position("place-majority")
    exercise = lessons.placement_exercise(game, Goal("majority", "temple2"))
    assert exercise.answer == {(2, 4), (2, 7), (2, 9), (2, 11)}
    _assert_judges(exercise, (2, 4), (1, 3), "2-4")
    assert exercise.check("2-9").correct
    assert exercise.check([2, 11]).correct
    illegal = exercise.check((3, 2))
    assert not illegal.correct
    assert "cartouche 3 holds a 2, so Blue may place only in temples 1-2" in illegal.explanation
    taken = exercise.check((2, 0))
    assert not taken.correct and "already holds" in taken.explanation
    assert "Temple 2 (counters: Red 4, Blue 5): Blue has the majority" in exercise.check((2, 4)).explanation


# ----------------------------------------------------------------- scoring (tutorial 5)
@pytest.mark.parametrize(
    ("category", "player", "points"),
    [
        ("temple1", RED, 2),  # 7 against 5: the difference
        ("temple2", BLUE, 5),  # 4 against 0
        ("temple3", RED, 5),  # 5 own counters
        ("temple4", BLUE, 9),  # majority 3 to 2, Blue holds the blue squares of temples 1, 2 and 4
        ("temple4", RED, 0),
        ("black", BLUE, 8),  # 2 against 1
        ("black", RED, 0),
        ("bonus", RED, 3),  # +1 in temple 1 and +2 in temple 4
        ("bonus", BLUE, 1),
    ],
)
def test_scoring_lines(category: str, player: aton.Player, points: int) -> None:
    game = lessons.load_position("scoring")
    exercise = lessons.scoring_exercise(game, (3, 2, 1, 3), (4, 2, 1, 2), category, player)
    assert exercise.answer == points
    _assert_judges(exercise, points, points + 1, str(points))


def test_scoring_needs_a_scoring() -> None:
    game = lessons.load_position("cartouche-2")
    with pytest.raises(ValueError, match="do not lead to a scoring"):
        lessons.scoring_exercise(game, (1, 4, 2, 3), (2, 4, 1, 4), "temple1", RED)
    with pytest.raises(ValueError, match="unknown scoring category"):
        lessons.scoring_exercise(game, (1, 4, 2, 3), (2, 4, 1, 4), "temple5", RED)


def test_taking_counters_back_after_a_scoring() -> None:
    game = lessons.load_position("scoring")
    exercise = lessons.scoring_removal_exercise(game, (3, 2, 1, 3), (4, 2, 1, 2), RED)
    assert exercise.answer == {1, 3, 4}  # Red has no counter in temple 2
    _assert_judges(exercise, [1, 3, 4], [1, 2, 3, 4], "1, 3, and 4")
    assert "(temples 1, 3, and 4)" in exercise.check([1]).explanation


def test_the_best_square_for_the_scoring() -> None:
    game = lessons.load_position("strategy-place")
    exercise = lessons.placement_exercise(game, Goal("points"))
    # The black square of temple 2 wins temple 2 (5) and the black squares (8), and its +1 stays: 14 points.
    assert exercise.answer == {(2, 10)}
    verdict = exercise.check((2, 8))
    assert not verdict.correct and "the best squares give 14" in verdict.explanation
    assert exercise.check((2, 10)).correct


# ----------------------------------------------------------------- winning (tutorial 6)
def test_forty_points_at_cartouche_1() -> None:
    game = lessons.load_position("victory-points")
    exercise = lessons.ending_exercise(game, (4, 1, 2, 3), (1, 1, 2, 3))
    assert exercise.answer is EndReason.POINTS
    _assert_judges(exercise, EndReason.POINTS, None, "40 points")
    assert exercise.check("points").correct
    goes_on = lessons.ending_exercise(game, (2, 1, 3, 4), (1, 1, 2, 3))
    assert goes_on.answer is None
    _assert_judges(goes_on, None, EndReason.POINTS, "the game goes on")


def test_both_past_forty_at_a_scoring() -> None:
    game = lessons.load_position("victory-scoring")
    exercise = lessons.winner_exercise(game, (3, 2, 1, 3), (4, 2, 1, 2))
    assert exercise.answer is BLUE  # Red 32 + 10 = 42, Blue 20 + 2 + 23 = 45
    _assert_judges(exercise, BLUE, RED, "Blue")
    assert "(Red 42, Blue 45)" in exercise.check(RED).explanation
    with pytest.raises(ValueError, match="do not end the game"):
        lessons.winner_exercise(lessons.load_position("scoring"), (3, 2, 1, 3), (4, 2, 1, 2))


def test_the_last_yellow_square() -> None:
    game = lessons.load_position("victory-yellow")
    exercise = lessons.placement_exercise(game, Goal("win"))
    assert exercise.answer == {(2, 6)}
    _assert_judges(exercise, (2, 6), (2, 7), "2-6")
    assert "every yellow square" in exercise.check((2, 6)).explanation


def test_goals_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown goal"):
        Goal("glory")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a majority goal names one of"):
        Goal("majority", "temple9")
    with pytest.raises(ValueError, match="place or remove phase"):
        lessons.placement_exercise(lessons.load_position("scoring"), Goal("win"))
    with pytest.raises(ValueError, match="no legal square reaches"):
        lessons.placement_exercise(lessons.load_position("place-majority"), Goal("win"))


# ----------------------------------------------------------------- the engine (tutorial 8)
def test_legal_action_count() -> None:
    game = aton.new_game(seed=7)
    exercise = lessons.legal_count_exercise(game, RED)
    assert exercise.answer == len(game.legal_actions(RED)) == 13  # 12 orders of 1, 1, 2, 4 and the exchange
    _assert_judges(exercise, 13, 24, "13")


# ----------------------------------------------------------------- answers that cannot be read
def test_unreadable_answers_are_wrong_with_a_reason() -> None:
    game = lessons.load_position("first-round")
    number = lessons.cartouche1_exercise(game, (4, 1, 2, 3), (1, 2, 4, 4))
    verdict = number.check("six")
    assert not verdict.correct and "'six' is not a whole number" in verdict.explanation
    assert not number.check(True).correct
    temples = lessons.temples_exercise(lessons.load_position("temples-and-placement"), (3, 2, 1, 4), (4, 3, 2, 1), RED)
    assert "[5] is not a set of temple numbers 1-4" in temples.check([5]).explanation
    square = lessons.placement_exercise(lessons.load_position("place-majority"), Goal("majority", "temple2"))
    assert "no square" in square.check((9, 1)).explanation
    # told in the learner's language
    assert "'six' n'est pas un nombre entier" in number.check("six", "fr").explanation
    assert "n'est pas un ensemble de numéros de temples de 1 à 4" in temples.check([5], "fr").explanation
    assert "pas de case (9, 1)" in square.check((9, 1), "fr").explanation
    with pytest.raises(ValueError, match="unknown language"):
        number.check(6, "de")


def test_exercise_options() -> None:
    game = lessons.load_position("cartouche-2")
    exercise = lessons.first_player_exercise(game, (4, 1, 2, 3), (2, 4, 1, 4))
    # who acts first has two outcomes only, so each option gives the reason too
    reasons = ("lower_card", "cartouche1", "war")
    assert [value for _, value in exercise.option_labels("fr")] == [(p, r) for p in (RED, BLUE) for r in reasons]
    assert exercise.option_labels("fr")[0][0] == "Rouge : la carte la plus basse au cartouche 2"
    number = lessons.cartouche1_exercise(game, (4, 1, 2, 3), (2, 4, 1, 4))
    # 0 to 8: a 4 doubled (8) is a typical mistake a learner must be able to pick
    assert [value for _, value in number.option_labels()] == list(range(9))
    assert number.answer in [value for _, value in number.option_labels()]


def test_the_teachers_guide_example_position_works() -> None:
    """The position and the exercise that docs/teaching.md shows to teachers load and run."""
    guide = (Path(__file__).resolve().parent.parent / "docs" / "teaching.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", guide, re.DOTALL)
    assert block, "docs/teaching.md shows an example position"
    game = aton.Game.from_json(block[1])
    assert len(game.kingdom) == 7
    pattern = r"lessons\.scoring_exercise\(game, \(([\d, ]+)\), \(([\d, ]+)\), \"(\w+)\", aton\.(RED|BLUE)\)"
    call = re.search(pattern, guide)
    assert call, "docs/teaching.md shows a scoring exercise on it"
    red, blue = (tuple(int(card) for card in call[n].split(",")) for n in (1, 2))
    exercise = lessons.scoring_exercise(game, red, blue, call[3], aton.Player[call[4]])
    other = lessons.scoring_exercise(game, red, blue, call[3], aton.Player[call[4]], choose=lessons.last_choice)
    assert exercise.answer == other.answer  # the answer does not depend on choices left to the engine


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_exercise_text_holds_a_negative_count(lang: str) -> None:
    """Every option of every exercise, first and second try: no "-1 empty squares" (a minus sign between
    numbers, as in "4 - 1", is fine)."""
    from aton.teaching import curriculum

    negative = re.compile(r"(?<![\w)])-\s?\d")
    checked = 0
    for name in curriculum.EXERCISES:
        exercise = curriculum.exercise(name)
        texts = [exercise.prompt(lang)]
        for value, _label in exercise.options:
            texts += [exercise.check(value, lang, attempt=try_).explanation for try_ in (1, 2)]
        for text in texts:
            assert not negative.search(text.replace(" - ", " minus ")), (name, text)
        checked += len(exercise.options)
    assert checked > 200


def test_a_count_past_the_squares_of_a_temple_is_named_without_a_negative() -> None:
    exercise = lessons.temple_count_exercise(lessons.load_position("board-tour"), RED, 3)
    text = exercise.check(12, attempt=1).explanation
    assert "-1" not in text and "12 counters would not fit in temple 3" in text
    assert "12 pierres ne tiendraient pas dans le temple 3" in exercise.check(12, "fr", attempt=1).explanation
