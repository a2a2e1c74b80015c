"""Teaching that transfers: predict before you see, exercises on new cases, feedback that names the mistake.

- the exercises of every tutorial ask about a position the page has not played out above them, with
  no question asked twice with different answers, and no bare two-way choice;
- every wrong option has a sentence saying what it would mean, and every typical mistake a diagnosis;
- the statements R1-R7 and N2 of the teaching issue are right;
- "another one like this" deals a new case of the same rule;
- the predict-then-see flow asks before the key steps, judges from the events and counts per rule.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

import aton
from aton import BLUE
from aton.events import ScoreLine
from aton.teaching import curriculum, lessons
from aton.teaching.diagnoses import TYPICAL_MISTAKES, typical_mistakes_diagnosed, wrong_options_diagnosed
from aton.teaching.pages import page_exercises, visible_answers
from aton.teaching.predict import PredictFlow, Tally
from aton.teaching.variants import another_like, has_variants

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = sorted((ROOT / "tutorials").glob("*.ipynb")) + sorted((ROOT / "tutorials" / "fr").glob("*.ipynb"))
WITH_EXERCISES = [path for path in TUTORIALS if page_exercises(path)]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _markdown(path: Path) -> str:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")


# ----------------------------------------------------------------- exercises on new cases
@pytest.mark.parametrize("path", WITH_EXERCISES, ids=_name)
def test_no_exercise_asks_about_a_position_played_out_above_it(path: Path) -> None:
    shown = [(item.number, item.exercise.kind, item.exercise.rule) for item in visible_answers(path)]
    assert shown == [], f"{_name(path)}: these exercises ask about a position the page stepped through before"


def test_the_page_check_finds_an_exercise_whose_round_was_stepped_through(tmp_path: Path) -> None:
    cells = [
        'game = lessons.load_position("scoring")',
        "played = lessons.play_round(game, red=(3, 2, 1, 3), blue=(4, 2, 1, 2))\nStepper(played, lang=LANG)",
        'exercise_list([lessons.scoring_exercise(game, (3, 2, 1, 3), (4, 2, 1, 2), "temple2", aton.BLUE)], LANG)',
        'exercise_list([lessons.scoring_exercise(lessons.load_position("scoring-practice"), (3, 2, 1, 2), '
        '(4, 2, 1, 1), "temple2", aton.RED)], LANG)',
    ]
    notebook = {"cells": [{"cell_type": "code", "source": source} for source in cells]}
    page = tmp_path / "page.ipynb"
    page.write_text(json.dumps(notebook), encoding="utf-8")
    items = page_exercises(page)
    assert [item.answer_visible for item in items] == [True, False]


@pytest.mark.parametrize("path", WITH_EXERCISES, ids=_name)
def test_no_two_exercises_of_a_page_ask_the_same_question_with_different_answers(path: Path) -> None:
    answers: dict[str, set[str]] = defaultdict(set)
    for item in page_exercises(path):
        answers[item.exercise.prompt()].add(repr(item.exercise.answer))
    twice = {prompt: found for prompt, found in answers.items() if len(found) > 1}
    assert not twice, f"{_name(path)}: the same question with different answers: {twice}"


def test_no_question_offers_only_two_options() -> None:
    """A rule with two outcomes (who acts first, may a player exchange) asks for the reason too."""
    for name in curriculum.EXERCISES:
        exercise = curriculum.exercise(name)
        assert not exercise.options or len(exercise.options) > 2, name
    first = curriculum.exercise("first-war")
    assert first.check((BLUE, "war")).correct and not first.check((BLUE, "cartouche1")).correct
    exchange = curriculum.exercise("exchange-blue")
    assert exchange.check("used").correct and not exchange.check("before-drawing").correct


def test_tutorial_texts_do_not_give_the_exchange_answers_away() -> None:
    for path in (ROOT / "tutorials" / "02-a-round.ipynb", ROOT / "tutorials" / "fr" / "02-un-tour.ipynb"):
        text = _markdown(path)
        assert "and still has the counter" not in text and "et a encore son jeton" not in text
        assert "used theirs in round 2" not in text and "utilisé le sien" not in text


def test_every_exercise_shows_its_own_board() -> None:
    from aton.widgets.board import BoardView
    from aton.widgets.exercises import ExerciseWidget

    for name in ("score-temple1", "first-tie", "exchange-red", "win-green"):
        exercise = curriculum.exercise(name)
        widget = ExerciseWidget(exercise)
        assert isinstance(widget.board, BoardView), name
        assert widget.board.state == exercise.game, name
        assert widget.board in widget.children


# ----------------------------------------------------------------- another one like this
@pytest.mark.parametrize("name", [n for n in curriculum.EXERCISES if has_variants(curriculum.exercise(n))])
def test_another_one_like_this_is_a_new_case_of_the_same_rule(name: str) -> None:
    original = curriculum.exercise(name)
    variant = another_like(original, seed=1)
    if variant is None:
        assert original.rule in ("no-stock",), f"{name}: no variant found"
        return
    assert variant.kind == original.kind and variant.rule == original.rule
    assert variant.game != original.game or variant.prompt() != original.prompt()
    assert variant.check(variant.shown_answer()).correct  # the engine's answer
    again = another_like(original, seed=1)
    assert again is not None and again.prompt() == variant.prompt() and again.answer == variant.answer


def test_the_widget_deals_another_case_and_judges_it() -> None:
    from aton.widgets.exercises import ExerciseWidget

    widget = ExerciseWidget(curriculum.exercise("score-temple1"))
    before = widget.exercise
    made = widget.another()
    assert made is not None and widget.exercise is made and made.game != before.game
    assert widget.board is not None and widget.board.state == made.game
    assert widget.answer is None and widget.feedback.value == ""
    widget.answer = made.answer
    assert widget.check().correct
    widget.lang = "fr"
    assert widget.another_button.description == "Un autre du même genre"


# ----------------------------------------------------------------- feedback that names the mistake
def test_every_wrong_option_says_what_it_would_mean() -> None:
    diagnosed, total = wrong_options_diagnosed()
    assert total > 200
    assert diagnosed / total >= 0.5, f"only {diagnosed} of {total} wrong options are diagnosed"


def test_every_typical_mistake_gets_a_diagnosis() -> None:
    found = typical_mistakes_diagnosed()
    assert len(found) == len(TYPICAL_MISTAKES) >= 50
    assert [key for key, ok in found.items() if not ok] == []


@pytest.mark.parametrize(
    ("name", "answer", "words"),
    [
        ("cartouche1-red", 8, "twice the card"),
        ("score-temple1", 4, "doubled the difference as cartouche 1 does"),
        ("score-black", 5, "counted the black squares"),
        ("draw-pile", 34, "the new pile before drawing"),
        ("draw-pile", 30, "drew all 4 cards from the new pile"),
        ("score-temple2", 0, "other player"),
        ("kingdom-full", 3, "holds only 8"),
    ],
)
def test_the_issue_s_examples_are_diagnosed(name: str, answer: object, words: str) -> None:
    feedback = curriculum.exercise(name).check(answer, attempt=1)
    assert not feedback.correct and words in feedback.explanation


def test_a_diagnosis_is_in_french_too() -> None:
    feedback = curriculum.exercise("cartouche1-red").check(8, "fr", attempt=1)
    assert "le double de la carte" in feedback.explanation


def test_the_rule_line_names_the_rule_of_the_question() -> None:
    from aton.teaching.syllabus import rule_title

    for name in curriculum.EXERCISES:
        exercise = curriculum.exercise(name)
        assert exercise.rule, f"{name} names no rule"
        assert f"Rule: {rule_title(exercise.rule)}" in exercise.reveal()
    assert curriculum.exercise("square-black").rule == "black"
    assert curriculum.exercise("temple3-count").rule == "temple3"


def test_r1_the_black_majority_is_counted_at_the_scoring() -> None:
    """R1: "After this round Red holds 2 black squares and Blue 2: the majority" counted after the take-back."""
    exercise = lessons.placement_exercise(lessons.load_position("strategy-place"), lessons.Goal("majority", "black"))
    right = exercise.check(min(exercise.answer)).explanation
    counts = re.search(r"holds (\d+) black squares and Blue (\d+)", right)
    assert counts and int(counts[1]) > int(counts[2]), right
    assert "After this round" not in right


def test_r2_a_wrong_square_in_the_removal_exercise_speaks_of_removing() -> None:
    """R2: a square outside the open temples was answered "this is not the time to place counters"."""
    exercise = curriculum.exercise("removal-choice")
    feedback = exercise.check((4, 0)).explanation
    assert "not the time to place" not in feedback
    assert "remove" in feedback


def test_r3_temple_4_counts_every_temple_s_blue_square() -> None:
    """R3: 3 (only temple 4's blue square) was told "worth 3 points, not 1"."""
    exercise = curriculum.exercise("score-temple4")
    assert exercise.answer == 6
    feedback = exercise.check(3, attempt=1).explanation
    assert "not 1" not in feedback
    assert "all four temples" in feedback


def test_r4_the_draw_pile_explanation_adds_up_to_the_answer() -> None:
    """R4: "a new pile of 34 ... draws 4" gave 30 while the answer is 32, and the diagnosis fired at 36."""
    exercise = curriculum.exercise("draw-pile")
    assert exercise.answer == 32
    shown = exercise.reveal()
    assert "34 - 2 = 32" in shown
    assert "take away the 4 cards" not in exercise.check(36, attempt=1).explanation
    assert exercise.diagnose(34) is not None and exercise.diagnose(30) is not None


def test_r5_compulsory_removal_is_named_a_decision_of_this_project() -> None:
    english = _markdown(ROOT / "tutorials" / "03-cartouche-2.ipynb")
    assert "Removal is compulsory, but" not in english
    assert re.search(r"compulsory here: this is a decision of this project", english)
    french = _markdown(ROOT / "tutorials" / "fr" / "03-le-cartouche-2.ipynb")
    assert "Le retrait est obligatoire, mais" not in french
    assert "c'est un choix de ce projet" in french and "*peuvent* retirer" in french


def test_r6_only_the_english_rulebook_sends_unplaced_counters_to_the_kingdom() -> None:
    french = _markdown(ROOT / "tutorials" / "fr" / "04-temples-et-placement.ipynb")
    assert "(la règle le dit" not in french and "la règle anglaise qui le dit" in french
    english = _markdown(ROOT / "tutorials" / "04-temples-and-placement.ipynb")
    assert "(the rulebook says so" not in english and "the English rulebook says so" in english


def test_r7_the_text_twin_of_a_step_says_the_step_not_the_phase() -> None:
    from aton.widgets import Stepper

    scored = lessons.play_round(lessons.load_position("scoring-practice"), (3, 2, 1, 2), (4, 2, 1, 1))
    stepper = Stepper(scored)
    stepper.go(lessons.step_of(scored, ScoreLine))
    twin = stepper.board.twin.value
    assert "Now: choosing cards" not in twin
    assert "This step: Temple 1 (counters: Red 5, Blue 7)" in twin
    stepper.lang = "fr"
    assert "Cette étape : Temple 1" in stepper.board.twin.value


def test_n2_the_bonus_square_of_the_easy_bot_is_in_the_opposite_corner() -> None:
    english = _markdown(ROOT / "tutorials" / "07-strategy.ipynb")
    assert "+2 bonus square next to it" not in english and "opposite corner of temple 2" in english
    french = _markdown(ROOT / "tutorials" / "fr" / "07-strategie.ipynb")
    assert "case +2 voisine" not in french and "coin opposé du temple 2" in french
    # the squares the text names: greedy's black square 2-7 (row 2, column 4), easy's +2 at 2-8 (row 3, column 1)
    game = lessons.load_position("bots-disagree-bonus")
    assert game.layout_kind((2, 7)).value == "K" and game.layout_kind((2, 8)).value == "+2"


# ----------------------------------------------------------------- predict, then see
def _scoring_round() -> aton.Game:
    return lessons.play_round(lessons.load_position("scoring-practice"), (3, 2, 1, 2), (4, 2, 1, 1))


def test_predict_asks_before_every_key_step_and_answers_from_the_events() -> None:
    flow = PredictFlow(_scoring_round())
    asked = []
    while (question := flow.next_question()) is not None:
        assert flow.pending is not None and flow.index == flow.pending.index - 1  # the step is not shown yet
        step = flow.steps[flow.pending.index]
        asked.append((question.name, type(step.event).__name__))
        assert question.check(question.shown_answer()).correct
        flow.answer(question.shown_answer())
        assert flow.pending is None and flow.index == flow.steps.index(step)
    kinds = [kind for kind, _event in asked]
    assert kinds[:2] == ["predict_order", "predict_temples"]
    assert {"predict_removal", "predict_placement"} <= set(kinds)
    assert kinds.count("predict_score") == 6  # each scoring line
    lines = [q for q in asked if q[0] == "predict_score"]
    assert all(event == "ScoreLine" for _kind, event in lines)
    assert flow.tally["temple2"] == Tally(1, 1) and flow.tally["temples"] == Tally(2, 2)
    assert "temples" in flow.mastered()


def test_predict_the_answers_are_the_engine_s() -> None:
    flow = PredictFlow(_scoring_round())
    answers = {}
    while (question := flow.next_question()) is not None:
        event = flow.steps[flow.pending.index].event  # type: ignore[union-attr]
        if isinstance(event, ScoreLine):
            answers[event.category] = (question.answer, (event.red_points, event.blue_points))
        flow.reveal()
    assert all(asked == engine for asked, engine in answers.values())
    assert answers["temple2"][0] == (5, 0)


def test_predict_a_first_wrong_try_gets_a_hint_and_the_step_waits() -> None:
    flow = PredictFlow(_scoring_round())
    question = flow.next_question()
    assert question is not None and question.name == "predict_order"
    wrong = next(value for value, _label in question.options if not question.check(value).correct)
    first = flow.answer(wrong)
    assert not first.correct and first.explanation.startswith("Not yet.") and flow.pending is not None
    right = flow.answer(question.shown_answer())
    assert right.correct and flow.pending is None
    assert flow.tally["order"] == Tally(0, 1)  # right only at the second try: not counted right


def test_predict_twice_wrong_or_given_up_shows_the_step() -> None:
    flow = PredictFlow(_scoring_round())
    question = flow.next_question()
    assert question is not None
    wrong = next(value for value, _label in question.options if not question.check(value).correct)
    flow.answer(wrong)
    flow.answer(wrong)
    assert flow.pending is None and flow.tally["order"] == Tally(0, 1)
    question = flow.next_question()
    assert question is not None
    shown = flow.reveal("fr")
    assert not shown.correct and shown.explanation.startswith("La réponse")
    with pytest.raises(ValueError, match="no question"):
        flow.answer(1)


def test_predict_the_tally_survives_a_new_game_and_says_the_mastered_rules() -> None:
    flow = PredictFlow(_scoring_round())
    for _game in range(2):  # the same round twice: one case remembered, not a rule mastered
        while (question := flow.next_question()) is not None:
            flow.answer(question.shown_answer())
        flow.load(_scoring_round())
    assert flow.tally["bonus"] == Tally(2, 2)
    assert "bonus" not in flow.mastered()
    for red, blue in (((1, 2, 2, 3), (1, 1, 2, 4)), ((1, 2, 2, 3), (1, 2, 1, 4))):  # two other cases of the rule
        flow.load(lessons.play_round(lessons.load_position("scoring-practice"), red, blue))
        while (question := flow.next_question()) is not None:
            flow.answer(question.shown_answer())
    assert flow.tally["bonus"] == Tally(4, 4)
    assert "bonus" in flow.mastered()
    lines = flow.summary("fr")
    assert any(line.startswith("Règle acquise, 4 bonnes réponses sur 4 : Cases +1 et +2") for line in lines), lines


def test_predict_mastery_counts_no_answer_a_rule_alone_fixes() -> None:
    """Nobody removes in the first round, whatever the cards: answering it right proves nothing about the rule."""
    flow = PredictFlow()
    for seed in range(12):
        game = aton.new_game(seed=seed)
        flow.load(lessons.play_round(game, game.hand(aton.RED), game.hand(aton.BLUE)))
        while (question := flow.next_question()) is not None:
            flow.answer(question.shown_answer())
    fixed = [attempt for attempt in flow.record if attempt.given_away]
    assert fixed and all(attempt.correct for attempt in fixed)
    only_fixed = {a.rule for a in fixed} - {a.rule for a in flow.record if not a.given_away}
    assert "first-round" in only_fixed and not only_fixed & set(flow.mastered())
    assert flow.tally["first-round"].right >= 12  # still shown as right answers


def test_predict_questions_are_in_french() -> None:
    flow = PredictFlow(_scoring_round())
    question = flow.next_question()
    assert question is not None
    assert question.prompt("fr") == "Qui va jouer en premier ses cartouches 2, 3 et 4, et pourquoi ?"
    labels = [label for label, _value in question.option_labels("fr")]
    assert "Rouge : égalité au cartouche 2, la carte la plus basse au cartouche 1" in labels


def test_predict_a_war_and_a_first_round() -> None:
    war = lessons.play_round(lessons.load_position("cartouche2-practice"), (2, 4, 1, 3), (2, 4, 1, 4))
    flow = PredictFlow(war)
    question = flow.next_question()
    assert question is not None and question.shown_answer() == (BLUE, "war")
    first = lessons.play_round(lessons.load_position("first-round-practice"), (3, 1, 2, 3), (1, 4, 3, 4))
    flow.load(first)
    removals = []
    while (question := flow.next_question()) is not None:
        if question.name == "predict_removal":
            removals.append((question.answer, question.rule))
        flow.answer(question.shown_answer())
    assert removals == [(0, "first-round"), (0, "first-round")]


def test_the_stepper_asks_before_showing_in_predict_mode() -> None:
    from aton.widgets import Stepper

    stepper = Stepper(_scoring_round(), at="first", predict=True)
    assert stepper.play_button.disabled
    while stepper.question is None:
        stepper.forward()
    waiting = stepper.index
    assert "Answer the question above" in stepper.explanation.value
    assert stepper.forward_button.disabled
    question = stepper.question.exercise
    assert stepper.board.state == stepper.steps[waiting].state  # the board shows the state before the step
    feedback = stepper.answer(question.shown_answer())
    assert feedback.correct and stepper.index == waiting + 1
    assert "Cartouche 2 (order)" in stepper.explanation.value
    assert "right answer of 1" in stepper.tally.value
    stepper.lang = "fr"
    assert stepper.predict_toggle.description == "Prédire d'abord" and "bonne réponse sur 1" in stepper.tally.value
    stepper.predict_toggle.value = False
    stepper.forward()
    assert stepper.question is None and stepper.index == waiting + 2


def test_the_stepper_s_end_of_round_stops_at_the_next_question() -> None:
    from aton.widgets import Stepper

    stepper = Stepper(_scoring_round(), at="first", predict=True)
    stepper.end_of_round()
    assert stepper.question is not None and stepper.question.exercise.name == "predict_order"
    stepper.back()
    assert stepper.question is None and stepper.flow.pending is None


def test_the_dashboard_s_step_by_step_tab_offers_predict_first_and_keeps_the_tally() -> None:
    from aton.apps.dashboard.app import Dashboard

    dash = Dashboard(background=False, seed=7)
    panel = dash.panel
    assert panel is not None
    panel.choose(sorted(panel.hand))
    assert panel.confirm() is not None
    dash.left_tabs.selected_index = 1  # the step-by-step tab
    stepper = dash._stepper
    assert stepper is not None and stepper.predict_toggle in stepper.children[0].children
    stepper.predict_toggle.value = True
    stepper.first()
    while stepper.question is None and stepper.index < len(stepper.steps) - 1:
        stepper.forward()
    assert stepper.question is not None
    stepper.answer(stepper.question.exercise.shown_answer())
    tally = dict(stepper.flow.tally)
    assert tally and all(t.right == t.asked == 1 for t in tally.values())
    dash.left_tabs.selected_index = 0
    dash.new_game()
    dash.left_tabs.selected_index = 1
    again = dash._stepper
    assert again is not None and again is not stepper
    assert again.predicting and again.flow.tally == tally
