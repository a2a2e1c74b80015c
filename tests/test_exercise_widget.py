"""The exercise widget: every kind of answer, the Check button, feedback and language, without a browser."""

from __future__ import annotations

import pytest

import aton
from aton.events import Cartouche1Compared
from aton.teaching import lessons
from aton.widgets.exercises import TEXTS, ExerciseWidget, exercise_list
from aton.widgets.practice import RoundPractice


def _press_check(widget: ExerciseWidget) -> None:
    widget.check_button.click()


def test_texts_have_the_same_keys_in_both_languages() -> None:
    assert set(TEXTS["en"]) == set(TEXTS["fr"]) and TEXTS["fr"]["check"] == "Vérifier"


def test_a_choice_answered_wrong_then_right() -> None:
    game = lessons.load_position("cartouche-2")
    widget = ExerciseWidget(lessons.first_player_exercise(game, (3, 4, 1, 2), (2, 4, 1, 4)))
    assert "aton-exercise" in widget._dom_classes
    assert widget.input.index is None  # nothing chosen yet
    _press_check(widget)
    assert "Choose an answer first." in widget.feedback.value
    widget.answer = (aton.RED, "cartouche1")  # the options pair a player with the reason
    _press_check(widget)
    assert "aton-exercise-wrong" in widget.feedback._dom_classes
    # a first wrong try: the likely mistake and a hint, not the answer
    assert "The lower card on cartouche 2 acts first" not in widget.feedback.value
    assert "the lower card on cartouche 1 acts first, not the higher" in widget.feedback.value
    assert "Hint: Cartouche 2 is tied" in widget.feedback.value
    assert "the answer is" not in widget.feedback.value and "Rule:" not in widget.feedback.value
    _press_check(widget)  # the same answer again: now the answer, the events and the rule
    assert "Not quite: the answer is Blue: cartouche 2 tied, the lower card on cartouche 1." in widget.feedback.value
    assert "Rule: Cartouche 2: the lower card resolves" in widget.feedback.value
    assert widget.attempts == 2
    widget.show_button.click()
    assert "The answer: Blue: cartouche 2 tied, the lower card on cartouche 1." in widget.feedback.value
    widget.answer = (aton.BLUE, "cartouche1")
    _press_check(widget)
    assert "aton-exercise-right" in widget.feedback._dom_classes
    assert "aton-exercise-wrong" not in widget.feedback._dom_classes


def test_switching_language_translates_question_options_and_feedback() -> None:
    game = lessons.load_position("first-round")
    widget = ExerciseWidget(lessons.cartouche1_exercise(game, (4, 1, 2, 3), (1, 2, 4, 4)))
    assert widget.input.options[0][0] == "Choose…" and widget.input.value is None
    assert widget.input.description == "Your answer"  # the list has a name (axe-core: a form field needs one)
    widget.answer = 3
    widget.check()
    widget.lang = "fr"
    assert widget.check_button.description == "Vérifier"
    assert "Combien de points" in widget.question.value
    assert widget.input.options[0][0] == "Choisir…"
    assert widget.input.description == "Votre réponse"
    assert widget.answer == 3  # the answer survives the switch
    assert "Pas encore." in widget.feedback.value  # and the feedback is given again in French (a hint)
    assert "6" not in widget.feedback.value.split("</strong>")[1]  # the first wrong try does not give the answer
    with pytest.raises(Exception, match="unknown language"):
        widget.lang = "de"


def test_temples_are_ticked() -> None:
    game = lessons.load_position("temples-and-placement")
    widget = ExerciseWidget(lessons.temples_exercise(game, (3, 2, 1, 4), (4, 3, 2, 1), aton.BLUE), "fr")
    assert [button.description for button in widget.input.children] == [f"Temple {n}" for n in range(1, 5)]
    assert not widget.check().correct  # nothing ticked: asked to answer first
    widget.answer = [1, 2]
    assert widget.answer == {1, 2}
    assert widget.check().correct


def test_a_square_is_answered_by_clicking_the_board() -> None:
    exercise = lessons.placement_exercise(lessons.load_position("place-majority"), lessons.Goal("majority", "temple2"))
    widget = ExerciseWidget(exercise)
    board = widget.board
    assert board is not None and board in widget.children
    board.handle_click(*board.square_center((2, 7)))
    assert widget.answer == (2, 7)
    assert widget.check().correct
    board.handle_click(*board.square_center((1, 3)))
    assert widget.answer == (1, 3)
    assert not widget.check().correct
    # The game behind the exercise is never played by the clicks.
    assert exercise.game.owner((2, 7)) is None and exercise.game.phase is aton.Phase.PLACE
    assert ExerciseWidget(exercise, board=None).board is None


def test_exercise_list_numbers_and_switches_language() -> None:
    game = lessons.load_position("board-tour")
    box = exercise_list([lessons.kingdom_size_exercise(game), lessons.temple_count_exercise(game, aton.RED, 3)])
    assert [item.heading.value for item in box.items] == [
        "<strong>Exercise 1 of 2</strong>",
        "<strong>Exercise 2 of 2</strong>",
    ]
    box.lang = "fr"
    assert all(item.lang == "fr" for item in box.items)
    assert box.items[1].heading.value == "<strong>Exercice 2 sur 2</strong>"


def test_round_practice_plays_a_round_and_starts_again() -> None:
    start = lessons.load_position("first-round")
    practice = RoundPractice(start, aton.RED, opponent=(1, 2, 4, 4), focus="cartouche1")
    practice.panel.choose((4, 1, 2, 3))
    practice.panel.confirm()
    assert practice.game.round == 2 and practice.game.score(aton.RED) == 6
    step = practice.stepper.step
    assert step is not None and isinstance(step.event, Cartouche1Compared)
    assert practice.stepper.layout.display == "" and practice.panel.layout.display == "none"
    assert start.round == 1 and start.score(aton.RED) == 0  # the position itself is untouched
    practice.reset()
    assert practice.game.round == 1 and practice.panel.layout.display == ""
    practice.lang = "fr"
    assert practice.again.description == "Rejouer cette manche"


def test_a_square_that_cannot_be_chosen_is_not_a_try_and_the_answer_shows_in_french() -> None:
    from aton.teaching import curriculum

    widget = ExerciseWidget(curriculum.exercise("win-green"), "fr", board=None)
    widget.answer = (4, 0)  # taken by Blue already
    _press_check(widget)
    assert widget.attempts == 0 and "porte déjà une pierre bleue" in widget.feedback.value
    widget.answer = (1, 1)
    _press_check(widget)
    assert widget.attempts == 1 and "Indice" in widget.feedback.value
    assert "Règle" not in widget.feedback.value
    widget.show_button.click()
    assert "La réponse : " in widget.feedback.value and "Règle : " in widget.feedback.value
    assert widget.show_button.description == "Voir la réponse"
