"""The dashboard's widgets without a browser: what the page holds and shows, drawn from the controller.

Every widget's state is what the browser would receive; these tests read it all.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import aton
from aton import BLUE, RED, Phase
from aton.apps.dashboard.app import Dashboard
from aton.apps.dashboard.controller import MAX_SEED_DIGITS
from aton.apps.dashboard.style import dashboard_css
from aton.events import CounterPlaced, CounterRemoved


def dashboard(**options: Any) -> Dashboard:
    return Dashboard(background=False, **options)


def tree(widget: Any) -> list[Any]:
    """``widget`` and every widget inside it."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += tree(child)
    return found


def page_text(dash: Dashboard) -> str:
    """Every attribute of every widget on the page, as the browser would get it."""
    values = []
    for widget in tree(dash):
        for value in widget.get_state().values():
            values.append(value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False))
    return "\n".join(values)


def seed_marks(seed: int) -> list[str]:
    """How the seed would read on the page: the status attribute, the header, the result, a file name."""
    return [f'data-seed="{seed}"', f"Seed {seed}", f"Graine {seed}", f"seed was {seed}", f"seed-{seed}"]


def catch_up(dash: Dashboard) -> None:
    for _ in range(1000):
        if dash.live:
            return
        dash.skip()


def finish(dash: Dashboard, chooser: random.Random) -> None:
    """Play the game to its end through the dashboard's controller, as its person(s) would."""
    flow = dash.flow
    for _ in range(3000):
        catch_up(dash)
        if flow.game.result is not None:
            return
        if flow.covered:
            dash.lift_cover()
        person = flow.deciding_person()
        assert person is not None
        assert flow.play(chooser.choice(flow.game.legal_actions(person)))
    raise AssertionError("the game never ended")


# ------------------------------------------------------------------ the seed
def test_the_seed_stays_off_the_page_until_the_game_is_over_and_then_shows() -> None:
    for mode in ("bot", "two", "watch"):
        dash = dashboard(mode=mode)  # a new random seed, typed by nobody
        seed = dash.game.seed
        text = page_text(dash)
        assert not any(mark in text for mark in seed_marks(seed)), mode
        if mode == "watch":
            for _ in range(100_000):
                if dash.flow.over:
                    break
                dash.flow.tick()
        else:
            finish(dash, random.Random(seed))
            catch_up(dash)
        assert dash.flow.over
        text = page_text(dash)  # the same check finds the seed once it may show
        assert f'data-seed="{seed}"' in text and f"Seed {seed}" in text and f"seed was {seed}" in text, mode


def test_a_seed_of_four_thousand_digits_is_refused_in_a_short_message() -> None:
    dash = dashboard(seed=3)
    status = dash.status.value
    dash.form.seed_text.value = "4" * 4000
    dash.form.start_button.click()
    message = re.sub(r"<[^>]+>", "", dash.message.value)
    assert f"at most {MAX_SEED_DIGITS} digits" in message and "4,000 characters" in message and len(message) < 200
    assert dash.game.seed == 3 and dash.status.value == status
    dash.lang = "fr"
    assert f"au plus {MAX_SEED_DIGITS} chiffres" in dash.message.value


def test_the_form_says_a_seed_gives_the_cards_away() -> None:
    dash = dashboard()
    assert "work out every hidden card" in dash.form.seed_help.value
    dash.lang = "fr"
    assert "retrouver toutes les cartes" in dash.form.seed_help.value


def test_the_form_says_hard_is_medium_with_more_time() -> None:
    dash = dashboard()
    assert "Hard is medium with four times as long" in dash.form.level_help.value
    assert dash.form.level_help.layout.display == dash.form.level_choice.layout.display == ""
    dash.lang = "fr"
    assert "plus de temps" in dash.form.level_help.value and "difficile" in dash.form.level_help.value


# ------------------------------------------------------------------ the board
def card_tags(dash: Dashboard, player: aton.Player) -> set[str]:
    scene = dash.board.scene
    assert scene is not None
    return {s.tag for s in scene.pieces if s.tag.startswith(f"card:{player.label}:")}


def test_your_cards_show_on_the_board_as_you_assign_them_and_the_bots_stay_face_down() -> None:
    dash = dashboard(seed=7)
    panel = dash.panel
    assert panel is not None and not dash.game.has_assigned(BLUE)  # the bot chooses once red has
    hand = panel.hand
    panel.select_card(0)
    panel.put_on(3)
    assert f"card:red:3:up:{hand[0]}" in card_tags(dash, RED)
    assert {t for t in card_tags(dash, RED) if ":up:" in t} == {f"card:red:3:up:{hand[0]}"}
    assert all(":empty" in t for t in card_tags(dash, BLUE))  # nothing of the bot's lies there yet
    panel.put_on(3)  # the card comes back
    assert not any(":up:" in t for t in card_tags(dash, RED))
    panel.choose(sorted(hand))
    assert {t.split(":")[2] for t in card_tags(dash, RED) if ":up:" in t} == {"1", "2", "3", "4"}
    assert all(":empty" in t for t in card_tags(dash, BLUE))


def test_two_people_see_only_their_own_unconfirmed_cards() -> None:
    dash = dashboard(seed=11, mode="two")
    dash.lift_cover()
    red_panel = dash.panel
    assert red_panel is not None and red_panel.player is RED
    red_panel.choose(sorted(red_panel.hand, reverse=True))
    assert any(":up:" in t for t in card_tags(dash, RED))
    red_panel.confirm()
    assert dash.covered and dash.board.viewer is BLUE
    assert not any(":up:" in t for t in card_tags(dash, RED)) and not any(":up:" in t for t in card_tags(dash, BLUE))
    dash.lift_cover()
    blue_panel = dash.panel
    assert blue_panel is not None and blue_panel.player is BLUE
    blue_panel.select_card(0)
    blue_panel.put_on(1)
    assert {t for t in card_tags(dash, BLUE) if ":up:" in t} == {f"card:blue:1:up:{blue_panel.hand[0]}"}
    assert not any(":up:" in t for t in card_tags(dash, RED))


def test_the_coach_marks_its_square_on_the_board() -> None:
    dash = dashboard(seed=2)
    flow = dash.flow
    chooser = random.Random(5)
    for _ in range(300):
        catch_up(dash)
        if flow.deciding_person() is RED and flow.game.phase is Phase.PLACE:
            break
        person = flow.deciding_person()
        assert person is not None
        flow.play(chooser.choice(flow.game.legal_actions(person)))
    dash.ask_coach()
    advice = flow.hint
    assert advice is not None and isinstance(advice.action, aton.Place)
    temple, index = advice.action.square
    scene = dash.board.scene
    assert scene is not None and f"suggested:{temple}-{index}" in {s.tag for s in scene.overlay}
    assert "Suggestion for Red" in dash.hint_html.value
    dash.board.choose(advice.action.square)
    scene = dash.board.scene
    assert scene is not None and not any(s.tag.startswith("suggested:") for s in scene.overlay)


def test_the_board_says_where_the_step_buttons_are() -> None:
    dash = dashboard(seed=7)
    panel = dash.panel
    assert panel is not None
    panel.choose(sorted(panel.hand))
    panel.confirm()
    assert dash.pending > 0
    assert "buttons are on the right" in dash.board.message.value
    dash.right_tabs.selected_index = 1  # the coach
    assert "buttons are on the right" not in dash.board.message.value
    assert "“Play” tab" in dash.board.message.value
    dash.lang = "fr"
    assert "« Jouer »" in dash.board.message.value
    dash.right_tabs.selected_index = 0
    assert "les boutons sont à droite" in dash.board.message.value


def test_each_step_says_where_it_happens_on_the_board_and_pins_its_buttons() -> None:
    """The hidden place of the step names the squares the step changed; the steps box is marked to be pinned
    while steps are to be watched, and not once they are all seen."""
    dash = dashboard(seed=7)
    panel = dash.panel
    assert panel is not None
    assert "aton-steps-pending" not in dash.play.steps_box._dom_classes
    assert dash.boards.step_place.value == ""
    panel.choose(sorted(panel.hand))
    panel.confirm()
    changed = 0
    for _ in range(2000):
        if dash.live:
            assert "aton-steps-pending" not in dash.play.steps_box._dom_classes
            assert dash.boards.step_place.value == ""
            if dash.game.round > 1 or dash.game.result is not None:
                break
            person = dash.flow.deciding_person()
            assert person is not None
            dash.flow.play(dash.game.legal_actions(person)[0])
            continue
        assert "aton-steps-pending" in dash.play.steps_box._dom_classes
        event = dash.game.events[dash.flow.shown - 1]
        value = dash.boards.step_place.value
        assert f'data-shown="{dash.flow.shown}"' in value
        found = re.search(r'data-squares="([^"]*)"', value)
        assert found is not None
        if isinstance(event, (CounterPlaced, CounterRemoved)):
            changed += 1
            temple, index = event.square
            assert found.group(1) == f"{temple}-{index}" and "data-top=" in value
        else:
            assert found.group(1) == ""
        dash.next_step()
    assert dash.game.round == 2 and changed > 0


# ------------------------------------------------------------------ the play tab and the form
def test_play_the_steps_turns_itself_off_at_the_end_of_a_round() -> None:
    dash = dashboard(seed=7)
    panel = dash.panel
    assert panel is not None
    panel.choose(sorted(panel.hand))
    panel.confirm()
    dash.play.auto_button.value = True
    assert dash.flow.auto and dash.play.ticker.playing
    chooser = random.Random(1)
    for tick in range(3000):
        if not dash.play.auto_button.value:
            break
        if dash.live and dash.game.round == 1:
            person = dash.flow.deciding_person()
            assert person is not None
            dash.flow.play(chooser.choice(dash.game.legal_actions(person)))
            continue
        dash.play.ticker.value = tick + 1  # the browser's timer
    assert not dash.play.auto_button.value and not dash.play.ticker.playing
    assert dash.game.events[dash.flow.shown - 1].kind == "round_end"


def test_after_the_game_no_empty_steps_panel_remains() -> None:
    dash = dashboard(seed=3)
    finished = aton.new_game(seed=6)
    chooser = random.Random(6)
    while finished.result is None:
        finished.apply(chooser.choice(finished.legal_actions(finished.to_act[0])))
    assert dash.play.steps_box.layout.display == ""
    assert dash.load_bytes(finished.to_json().encode(), "done.json")
    assert dash.play.steps_box.layout.display == "none" and "Game over" in dash.play.result_html.value


def test_the_load_button_reads_load_a_file_without_a_count() -> None:
    dash = dashboard()
    assert dash.form.upload.tooltip == "Load a file"
    css = dashboard_css()
    assert ".aton-load {" in css and "content: attr(title)" in css
    dash.lang = "fr"
    assert dash.form.upload.tooltip == "Charger un fichier"


# ------------------------------------------------------------------ what reaches the page
def test_no_change_sent_to_the_page_is_an_empty_value(monkeypatch: Any) -> None:
    """Pyodide's kernel drops a ``None`` from a widget's update, so the page would keep its old value.

    A whole game, a review run, stopped and finished, and both languages: every change sent is a value.
    """
    import ipywidgets

    from aton.apps.review.flow import FlowState

    empty: set[tuple[str, str]] = set()
    send_state = ipywidgets.Widget.send_state

    def record(widget: Any, key: Any = None) -> None:
        empty.update((type(widget).__name__, name) for name, value in widget.get_state(key).items() if value is None)
        send_state(widget, key)

    monkeypatch.setattr(ipywidgets.Widget, "send_state", record)
    dash = dashboard(seed=5)
    finish(dash, random.Random(5))
    catch_up(dash)
    dash.lang = "fr"
    dash.lang = "en"
    (row,) = dash.play.review.children
    row.children[0].click()
    panel = dash.play.review.panel
    assert panel is not None and panel.flow.state is FlowState.DONE
    panel.show_moment(3)
    panel.flow.state = FlowState.RUNNING  # as if a review were running in the background, then stopped
    panel._render()
    panel.flow.state = FlowState.CANCELLED
    panel._render()
    dash.new_game()
    assert empty == set()


# ------------------------------------------------------------------ one writer, one language
def test_a_click_on_the_board_is_played_once_by_the_controller(monkeypatch: Any) -> None:
    dash = dashboard(seed=2)
    flow = dash.flow
    chooser = random.Random(5)
    for _ in range(300):
        catch_up(dash)
        game = flow.game
        if flow.deciding_person() is RED and game.phase is Phase.PLACE and game.placements_left > 1:
            break
        person = flow.deciding_person()
        assert person is not None
        flow.play(chooser.choice(game.legal_actions(person)))
    else:
        raise AssertionError("red never had two counters to place")
    applied: list[aton.Action] = []
    submitted: list[aton.Action] = []
    real_apply, real_submit = aton.Game.apply, flow.submit

    def counting_apply(game: aton.Game, action: aton.Action) -> None:
        applied.append(action)
        real_apply(game, action)

    def counting_submit(action: aton.Action, draw: Any = None) -> Any:
        submitted.append(action)
        return real_submit(action, draw)

    monkeypatch.setattr(aton.Game, "apply", counting_apply)
    monkeypatch.setattr(flow, "submit", counting_submit)
    count = flow.applied
    square = game.legal_squares(RED)[0]
    action = dash.board.handle_click(*dash.board.square_center(square))
    assert action == aton.Place(RED, square)
    assert submitted == [action] and applied == [action] and flow.applied == count + 1
    assert game.owner(square) is RED and "Red places a counter" in dash.board.message.value
    assert dash.board.referee is flow and dash.panel is None


def test_the_card_panel_is_played_by_the_controller() -> None:
    dash = dashboard(seed=7)
    panel = dash.panel
    assert panel is not None and panel.referee is dash.flow
    panel.choose(sorted(panel.hand))
    action = panel.confirm()
    assert action is not None and action in dash.game.actions
    assert dash.flow.applied == len(dash.game.actions)  # the bot's moves and the person's: all the controller's


def test_switching_the_language_updates_every_part_of_the_page() -> None:
    dash = dashboard(seed=7)
    dash.left_tabs.selected_index = 1  # the explainer has its own board
    stepper = dash._stepper
    panel = dash.panel
    assert stepper is not None and panel is not None
    dash.language.value = "fr"  # the switch sets the controller's language; everything follows it
    assert dash.lang == dash.flow.lang == dash.flow.language.value == "fr"
    assert dash.board.lang == stepper.lang == stepper.board.lang == panel.lang == "fr"
    assert dash.language.description == "Langue"
    assert "posez vos cartes" in dash.board.message.value
    assert panel.confirm_button.description == "Valider"
    assert dash.right_tabs.titles[0] == "Jouer" and dash.hint_button.description != "Ask the coach"
    assert "Manche 1" in dash.status.value
    dash.flow.set_lang("en")  # the controller: the switch shows it too
    assert dash.language.value == "en" and dash.board.lang == stepper.lang == panel.lang == "en"
    assert dash.right_tabs.titles[0] == "Play" and "Round 1" in dash.status.value
    assert panel.confirm_button.description == "Confirm"
    dash.lang = "fr"  # the page's lang is the controller's too
    assert dash.language.value == "fr" and dash.flow.lang == "fr" and dash.board.lang == "fr"
    texts = page_text(dash)
    assert "Confirm" not in texts and "Round 1" not in texts
