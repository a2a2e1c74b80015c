"""The step-through explainer's words and its end-of-round jump, without widgets."""

from __future__ import annotations

import random
from html import escape

import aton
from aton.events import GameOver, RoundEnded
from aton.explain import explain
from aton.timeline import timeline
from aton.widgets.i18n import tr
from aton.widgets.stepper_text import explanation_html, round_end_after, tally_html


def test_the_end_of_round_jump_stops_on_the_step_that_ends_the_round() -> None:
    game = aton.new_game(seed=11)
    chooser = random.Random(11)
    while game.round < 3:  # two rounds played: two round ends, then steps of the third
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    steps = timeline(game)
    ends = [i for i, step in enumerate(steps) if isinstance(step.event, (RoundEnded, GameOver))]
    for index in range(len(steps)):
        following = [i for i in ends if i > index]
        assert round_end_after(steps, index) == (following[0] if following else len(steps) - 1)
    assert len(ends) >= 2 and round_end_after(steps, 0) == ends[0] < len(steps) - 1


def test_a_step_is_explained_or_only_placed_while_a_question_waits() -> None:
    step = timeline(aton.new_game(seed=11))[0]
    said = explanation_html(step, 0, 3, "en")
    assert "aton-step-why" in said and explain(step.event, "en").split(".")[0] in said
    waiting = explanation_html(step, 0, 3, "en", waiting=True)
    assert "aton-step-waiting" in waiting and "aton-step-text" not in waiting
    assert escape(tr("step.empty", "fr")) in explanation_html(None, 0, 0, "fr")
    assert tally_html([], "en") == ""
    assert tally_html(["a <b>", "c"], "en").count("<li>") == 2 and "a &lt;b&gt;" in tally_html(["a <b>"], "en")
