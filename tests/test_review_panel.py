"""The review on a page without a browser: the flow object, the panel's run, its graph clicks and its list."""

from __future__ import annotations

from typing import Any

import pytest

import aton
from aton.apps.review.flow import GRAPH_MARGIN, GRAPH_WIDTH, REVIEW_STRINGS, FlowState, ReviewFlow, words
from aton.apps.review.panel import ReviewPanel
from aton.bots.review import Verdict, recorded_game

SMALL: dict[str, Any] = {"iterations": 20, "samples": 2}


def short_record(decisions: int = 24) -> dict[str, Any]:
    record = recorded_game("close-game")
    return dict(record, actions=record["actions"][:decisions])


def missed_win() -> aton.Game:
    from aton.teaching.lessons import load_position

    game = load_position("victory-yellow")
    game.apply(aton.Place(aton.RED, (1, 11)))
    return game


def test_panel_words_come_from_the_catalogs_with_plurals() -> None:
    assert all(key.startswith("review.") for key in REVIEW_STRINGS)
    assert words("decision", "en", number=3, round=2, verdict="gaffe", count=1).endswith("1 point of chance lost)")
    assert words("decision", "fr", number=3, round=2, verdict="gaffe", count=1).endswith("1 point de chance perdu)")
    assert words("decision", "fr", number=3, round=2, verdict="gaffe", count=12).endswith("12 points de chance perdus)")
    assert words("red", "fr") == "Rouge" and words("button", "fr") == "Analyser cette partie"
    with pytest.raises(ValueError, match="unknown language 'de'"):
        words("button", "de")
    with pytest.raises(KeyError, match="no review panel text"):
        words("nothing", "en")


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
    assert panel.graph_box.layout.display == "none" and panel.start_button.layout.display == ""
    panel.start()  # no kernel: the work runs at once
    assert panel.start_button.layout.display == "none"
    assert panel.flow.state is FlowState.DONE
    assert panel.graph_box.layout.display == "" and "Review of Red" in panel.status.value
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
    assert panel.start_button.layout.display == "" and "stopped" in panel.status.value


def short_finished_game() -> aton.Game:
    """Red has two counters to place and 13 of the 14 yellow squares: one elsewhere, then the last yellow."""
    import json

    from aton.teaching.lessons import position_json

    raw = json.loads(position_json("victory-yellow"))
    raw["resolution"]["place_left"] = 2
    game = aton.Game.from_dict(raw)
    game.apply(aton.Place(aton.RED, (1, 11)))
    game.apply(aton.Place(aton.RED, (2, 6)))
    assert game.result is not None and game.result.winner is aton.RED
    return game


def test_the_dashboard_offers_the_review_of_a_loaded_finished_game() -> None:
    from aton.apps.dashboard.app import Dashboard

    dash = Dashboard(seed=3, background=False)
    assert dash.play.review.children == ()
    assert dash.load_bytes(short_finished_game().to_json().encode(), "finished.json")
    (row,) = dash.play.review.children
    (button,) = row.children
    assert button.description == "Review this game"
    button.click()
    panel = dash.play.review.panel
    assert panel is not None and panel.flow.state is FlowState.DONE and panel.flow.player is aton.RED
    assert len(panel.flow.result.curve) == 3  # type: ignore[union-attr]
    dash.lang = "fr"
    assert button.description == "Analyser cette partie" and "Analyse des décisions de Rouge" in panel.status.value
    dash.new_game()
    assert dash.play.review.children == () and dash.play.review.panel is None


def test_two_people_on_one_screen_each_open_their_own_review() -> None:
    from aton.apps.review.panel import ReviewHook

    hook = ReviewHook()
    game = short_finished_game()
    hook.update(game, (aton.RED, aton.BLUE), "en")
    (row,) = hook.children
    assert [b.description for b in row.children] == ["Review this game for Red", "Review this game for Blue"]
    red = hook.open_review(aton.RED)
    assert red.stepper.step is not None and red.stepper.step.state.hand(aton.BLUE) is None
    blue = hook.open_review(aton.BLUE)
    assert hook.panel is blue and blue is not red and red not in hook.children
    assert blue.stepper.step is not None and blue.stepper.step.state.hand(aton.RED) is None
