"""Rough edges of the dashboard found by a new user, each shown fixed (every one of these failed before the fix)."""

from __future__ import annotations

import json
import random
from typing import Any

import aton
from aton import BLUE, RED, Phase
from aton.apps.dashboard.app import Dashboard
from aton.apps.dashboard.controller import MINOR_STEPS, DashboardController
from aton.apps.dashboard.form import LOAD_GUARD, GameForm, megabytes
from aton.apps.dashboard.session import MAX_FILE_BYTES
from aton.apps.review.panel import ReviewPanel
from aton.events import RoundEnded, ScoreLine, ScoringStarted
from aton.widgets.board import BoardView
from aton.widgets.words import prompt


def dashboard(**options: Any) -> Dashboard:
    return Dashboard(background=False, **options)


def catch_up(flow: DashboardController) -> None:
    for _ in range(2000):
        if flow.live:
            return
        flow.skip()
    raise AssertionError("the steps never ended")


# ------------------------------------------------------------------ 1. the scoring after one's own move
def test_a_round_ended_by_a_person_who_leads_the_take_back_shows_its_scoring() -> None:
    """Seed 8, two people: Red's placement ends the round, the scoring follows and Red takes back first."""
    flow = DashboardController(seed=8, mode="two")
    for _ in range(600):
        catch_up(flow)
        if flow.covered:
            flow.lift_cover()
        person = flow.deciding_person()
        assert person is not None
        action = flow.game.legal_actions(person)[0]
        before = len(flow.game.events)
        score = (flow.game.score(RED), flow.game.score(BLUE))
        assert flow.play(action)
        new = flow.game.events[before:]
        if any(isinstance(event, ScoringStarted) for event in new) and action.player in flow.game.to_act:
            break
    else:
        raise AssertionError("no round ended by the person who then takes back first")
    assert flow.game.phase is Phase.SCORING_REMOVE
    assert flow.pending > 0 and not flow.live  # the steps wait to be watched: nothing skipped unseen
    facts = flow.status_facts()
    assert (facts["red-score"], facts["blue-score"]) == score  # the score has not jumped yet
    assert flow.turn_text("en").startswith("Watch the steps")  # not yet "take back your counters"
    seen = []
    while not flow.live:
        flow.next_step()
        seen.append(type(flow.game.events[flow.shown - 1]))
    assert seen[0] is RoundEnded and ScoringStarted in seen and ScoreLine in seen
    assert flow.deciding_person() is action.player


# ------------------------------------------------------------------ 2. a file too large, refused in the page
def test_a_file_too_large_is_refused_in_the_page_before_it_is_sent() -> None:
    form = GameForm()
    script = form.load_guard.outputs[0]["data"]["application/javascript"]
    assert script == LOAD_GUARD and str(MAX_FILE_BYTES) in script
    assert "stopImmediatePropagation" in script and "input.value = ''" in script
    form.relabel("en")
    assert "is too large ({size})" in form.load_warning.value and "2 MB" in form.load_warning.value
    form.relabel("fr")
    assert "est trop grand ({size})" in form.load_warning.value and "2 Mo" in form.load_warning.value
    assert 'data-size="{count} Mo"' in form.load_warning.value
    assert megabytes(2_500_000, "en") == "2.5 MB"


# ------------------------------------------------------------------ 3. Play / Pause
def test_play_the_steps_says_what_a_click_does() -> None:
    watching = dashboard(seed=8, mode="watch")
    button = watching.play.auto_button
    assert watching.flow.auto and button.description == "Pause the steps"  # two bots start playing
    button.value = False
    assert not watching.flow.auto and button.description == "Play the steps"
    watching.lang = "fr"
    assert button.description == "Dérouler les étapes"
    button.value = True
    assert button.description == "Mettre les étapes en pause"
    person = dashboard(seed=7)
    assert person.play.auto_button.description == "Play the steps" and not person.flow.auto


# ------------------------------------------------------------------ 4. the review on the main board
def test_the_review_shows_its_moments_on_the_main_board_with_readable_buttons() -> None:
    from aton.teaching.lessons import load_position

    game = load_position("victory-yellow")
    game.apply(aton.Place(RED, (1, 11)))
    shown: list[tuple[aton.Game, Any, str]] = []
    panel = ReviewPanel(game, RED, iterations=40, samples=2, show=lambda s, h, t: shown.append((s, h, t)))
    panel.start()
    assert panel.stepper.layout.display == "none"  # no second board far down
    row = panel.mistakes_box.children[1]
    button = row.children[0]
    assert button.description == "Show" and button.layout.min_width == "6em" and button.layout.flex == "0 0 auto"
    button.click()
    state, highlights, text = shown[-1]
    assert (2, 6) in highlights.squares and "every yellow square" in text
    assert state.hand(BLUE) is None  # the reviewed player's view

    dash = dashboard(seed=3)
    from test_review_panel import short_finished_game

    assert dash.load_bytes(short_finished_game().to_json().encode(), "finished.json")
    dash.left_tabs.selected_index = 1
    (row,) = dash.play.review.children
    row.children[0].click()
    review = dash.play.review.panel
    assert review is not None and review.stepper.layout.display == "none"
    review.show_moment(1)
    assert dash.left_tabs.selected_index == 0  # the main board comes into view
    moment = review.stepper.step
    assert moment is not None and dash.board.scene is not None
    assert dash.board.model.shown is not None and dash.board.model.shown.events == moment.state.events
    assert "after decision 1" in dash.board.message.value
    dash.right_tabs.selected_index = 2  # another tab: the moment stays on the board
    assert dash.board.model.shown is not None
    dash.new_game()
    assert dash.board.model.shown is None


# ------------------------------------------------------------------ 5. the exchange asks first
def test_the_exchange_asks_before_the_cards_are_handed_in() -> None:
    dash = dashboard(seed=11, human=BLUE)
    panel = dash.panel
    assert panel is not None and panel.exchange_button.layout.display == ""
    hand = panel.hand
    panel.exchange_button.click()
    assert dash.game.exchange_available(BLUE) and panel.hand == hand  # nothing played yet
    assert panel.exchange_ask.layout.display == "" and panel.exchange_button.layout.display == "none"
    assert "only once per game" in panel.exchange_question.value
    panel.exchange_no.click()
    assert dash.game.exchange_available(BLUE) and panel.exchange_ask.layout.display == "none"
    dash.lang = "fr"
    panel.exchange_button.click()
    assert panel.exchange_yes.description == "Oui, échanger"
    panel.exchange_yes.click()
    assert not dash.game.exchange_available(BLUE) and aton.Exchange(BLUE) in dash.game.actions


# ------------------------------------------------------------------ 6. "Play this"
def test_the_coach_suggestion_can_be_played_with_one_button() -> None:
    dash = dashboard(seed=2)
    assert dash.hint_play.layout.display == "none"
    dash.ask_coach()
    advice = dash.flow.hint
    assert advice is not None and dash.hint_play.layout.display == ""
    assert dash.hint_play.description == "Play this"
    before = len(dash.game.actions)
    dash.hint_play.click()
    assert dash.game.actions[before] == advice.action
    assert dash.flow.hint is None and dash.hint_play.layout.display == "none"
    dash.lang = "fr"
    assert dash.hint_play.description == "Jouer ce coup"
    flow = DashboardController(seed=2)
    assert not flow.play_hint() and "nobody" not in flow.message_text("en")  # no hint: nothing played


# ------------------------------------------------------------------ 7. "place 4 counters" before the first
def test_the_prompt_counts_without_more_before_the_first_counter() -> None:
    game = aton.new_game(seed=3)
    game.apply(aton.Assign(RED, (1, 2, 3, 3)))
    game.apply(aton.Assign(BLUE, (1, 1, 3, 4)))
    assert prompt(game) == "Blue: place 4 counters in temples 1 to 3. Choose a marked square."
    assert prompt(game, "fr") == "Bleu : placez 4 pierres dans les temples 1 à 3. Choisissez une case marquée."
    game.apply(game.legal_actions(BLUE)[0])
    assert prompt(game) == "Blue: place 3 more counters in temples 1 to 3. Choose a marked square."


# ------------------------------------------------------------------ 8. only the main steps
def test_only_the_main_steps_can_be_watched() -> None:
    every = DashboardController(seed=12)
    main = DashboardController(seed=12)
    assert not main.main_only  # off by default: every step, as the tutorials explain them
    main.set_main_only(True)
    for flow in (every, main):
        flow.play(aton.Assign(RED, tuple(flow.game.hand(RED))))
    assert main.pending < every.pending
    watched = []
    while not main.live:
        main.next_step()
        if not main.live:
            watched.append(main.game.events[main.shown - 1])
    assert watched and not any(isinstance(event, MINOR_STEPS) for event in watched)
    catch_up(every)
    assert main.game.events == every.game.events  # the same game, fewer stops
    dash = dashboard(seed=12)
    assert dash.play.main_steps.description == "Only the main steps" and not dash.play.main_steps.value
    dash.play.main_steps.value = True
    assert dash.flow.main_only
    dash.lang = "fr"
    assert dash.play.main_steps.description == "Seulement les étapes principales"


def test_round_one_needs_fewer_clicks_with_only_the_main_steps() -> None:
    counts = {}
    for main_only in (False, True):
        flow = DashboardController(seed=5)
        flow.set_main_only(main_only)
        chooser = random.Random(1)
        clicks = 0
        while flow.game.round == 1:
            if not flow.live:
                flow.next_step()
                clicks += 1
                continue
            person = flow.deciding_person()
            assert person is not None
            flow.play(chooser.choice(flow.game.legal_actions(person)))
        counts[main_only] = clicks
    assert counts[True] < counts[False] / 2, counts


# ------------------------------------------------------------------ 9. "Choose a marked square" for the actor only
def test_only_the_acting_side_is_asked_to_choose_a_square() -> None:
    game = aton.new_game(seed=3)
    game.apply(aton.Assign(RED, (1, 2, 3, 3)))
    game.apply(aton.Assign(BLUE, (1, 1, 3, 4)))
    assert prompt(game, controls=()) == "Blue places 4 counters in temples 1 to 3."
    assert prompt(game, "fr", controls=(RED,)) == "Bleu place 4 pierres dans les temples 1 à 3."
    assert "Choose a marked square" in prompt(game, controls=(BLUE,))
    waiting = BoardView(game, viewer=RED, controls=(RED,))
    assert "Blue places 4 counters" in waiting.message.value and "marked square" not in waiting.message.value
    spectator = BoardView(game)
    assert "marked square" not in spectator.message.value
    acting = BoardView(game, viewer=BLUE, controls=(BLUE,))
    assert "Choose a marked square" in acting.message.value
    watched = dashboard(seed=3, mode="watch")
    for _ in range(400):
        if watched.live and watched.game.phase in (Phase.PLACE, Phase.REMOVE):
            break
        watched.flow.tick()
    assert "marked square" not in json.dumps(watched.board.message.value)
