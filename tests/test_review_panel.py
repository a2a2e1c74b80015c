"""The review on a page without a browser: the flow object, the panel's run, its graph clicks and its list."""

from __future__ import annotations

from typing import Any

import pytest

import aton
from aton.review import TEXTS, Verdict, recorded_game
from aton.widgets.review_flow import GRAPH_MARGIN, GRAPH_WIDTH, WORDS, FlowState, ReviewFlow
from aton.widgets.review_panel import ReviewPanel

SMALL: dict[str, Any] = {"iterations": 20, "samples": 2}


def short_record(decisions: int = 24) -> dict[str, Any]:
    record = recorded_game("close-game")
    return dict(record, actions=record["actions"][:decisions])


def missed_win() -> aton.Game:
    from aton.lessons import load_position

    game = load_position("victory-yellow")
    game.apply(aton.Place(aton.RED, (1, 11)))
    return game


def test_words_have_the_same_keys_in_both_languages() -> None:
    assert set(WORDS["en"]) == set(WORDS["fr"])
    assert set(TEXTS["en"]) == set(TEXTS["fr"])
    for key in TEXTS["en"]:
        if isinstance(TEXTS["en"][key], dict):
            assert set(TEXTS["en"][key]) == set(TEXTS["fr"][key]), key


def test_the_flow_maps_graph_points_to_steps_seen_by_the_reviewed_player() -> None:
    record = short_record()
    flow = ReviewFlow(record, aton.BLUE, **SMALL)
    assert flow.state is FlowState.IDLE and flow.points() == []
    result = flow.run()
    assert result is not None and flow.state is FlowState.DONE
    points = flow.points()
    assert len(points) == len(record["actions"]) + 1
    assert points[0][0] == GRAPH_MARGIN and points[-1][0] == GRAPH_WIDTH - GRAPH_MARGIN
    assert flow.decisions_at(0) == 0 and flow.decisions_at(GRAPH_WIDTH) == len(record["actions"])
    for decisions in (0, 5, 13, len(record["actions"])):
        step = flow.steps[flow.select(decisions)]
        assert step.actions_done == decisions or (decisions == 0 and step.actions_done == 0)
        # The step is Blue's view: Red's hand is never there.
        assert step.state.hand(aton.RED) is None
    assert "after decision 13" in (flow.select(13) and flow.moment_text("en"))


def test_the_flow_can_be_stopped() -> None:
    flow = ReviewFlow(short_record(), aton.RED, **SMALL)
    assert flow.run(on_progress=lambda fraction: fraction < 0.3) is None
    assert flow.state is FlowState.CANCELLED and flow.result is None


def test_a_review_made_elsewhere_must_fit_the_game() -> None:
    record = short_record()
    made = ReviewFlow(record, aton.RED, **SMALL).run()
    assert made is not None
    assert ReviewFlow(record, aton.RED, result=made).state is FlowState.DONE
    with pytest.raises(ValueError, match="not blue's review"):
        ReviewFlow(record, aton.BLUE, result=made)


def test_the_panel_runs_then_a_graph_click_moves_the_step_through() -> None:
    panel = ReviewPanel(short_record(), aton.RED, **SMALL)
    assert panel.graph_box.layout.display == "none"
    panel.start()  # no kernel: the work runs at once
    assert panel.flow.state is FlowState.DONE
    assert panel.graph_box.layout.display is None and "Review of Red" in panel.status.value
    last = panel.stepper.index
    assert last == len(panel.stepper.steps) - 1
    panel.canvas._mouse_down_callbacks(GRAPH_MARGIN + 1, 50)  # a click at the graph's left edge
    assert panel.flow.moment == 0 and panel.stepper.index < last
    assert "after decision 0" in panel.moment.value
    panel.set_lang("fr")
    assert panel.start_button.description == "Analyser cette partie pour Rouge"


def test_the_panel_lists_a_blunder_and_frames_the_better_square() -> None:
    panel = ReviewPanel(missed_win(), aton.RED, iterations=40, samples=2)
    panel.start()
    (blunder,) = panel.flow.mistakes()
    assert blunder.verdict is Verdict.BLUNDER
    rows = panel.mistakes_box.children
    assert "every yellow square is yours" in rows[1].children[1].value
    rows[1].children[0].click()
    assert panel.flow.moment == 0
    scene = panel.stepper.board.scene
    assert scene is not None
    assert "every yellow square" in panel.moment.value
    assert panel.flow.better_squares(blunder) == frozenset({(2, 6)})


def test_a_cancelled_panel_can_start_again() -> None:
    panel = ReviewPanel(short_record(), aton.RED, **SMALL)
    panel.flow.state = FlowState.RUNNING  # as if a review were running in the background
    panel.job = None
    panel.cancel()  # nothing to stop yet: no error
    panel.flow.state = FlowState.CANCELLED
    panel._render()
    assert not panel.start_button.disabled and "stopped" in panel.status.value
