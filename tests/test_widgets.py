"""The widgets without a browser: clicks through the engine, the assignment panel, the stepper, the twin.

Widgets run here with no kernel attached (ipywidgets then uses a dummy
channel); clicks are simulated by calling the handlers with canvas pixel
coordinates, as the browser's mouse events would.
"""

from __future__ import annotations

import random
import re

import ipycanvas
import pytest

import aton
from aton import BLUE, RED, Assign, Exchange, Phase, Place, Remove, data
from aton.events import CounterPlaced
from aton.widgets import AssignPanel, BoardView, LanguageSwitch, Stepper, TextTwin, twin_html
from aton.widgets.scene import GEOMETRY, Highlights, Target


def position(**fields: object) -> aton.Game:
    fields.setdefault("seed", 1)
    fields.setdefault("round", 2)
    return aton.Game.from_dict(fields)


def random_game(seed: int, until: str | None = None, actions: int | None = None) -> aton.Game:
    """A seeded random game played until an event of kind ``until`` happened, or ``actions`` were taken."""
    game = aton.new_game(seed=seed)
    chooser = random.Random(seed)
    while game.result is None:
        if until is not None and any(e.kind == until for e in game.events):
            break
        if actions is not None and len(game.actions) >= actions:
            break
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    return game


def placing_game() -> aton.Game:
    """Round 1 of seed 3 after both assigned: blue places 4 counters in temples 1-3."""
    game = aton.new_game(seed=3)
    game.apply(Assign(RED, (1, 2, 3, 3)))
    game.apply(Assign(BLUE, (1, 1, 3, 4)))
    assert game.phase is Phase.PLACE and game.to_act == (BLUE,)
    return game


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&#x27;", "'")


# ------------------------------------------------------------------ the board
def test_a_click_on_a_legal_square_places_through_the_engine() -> None:
    game = placing_game()
    board = BoardView(game, controls=(RED, BLUE))
    applied: list[aton.Action] = []
    board.on_action(applied.append)
    assert set(board.legal_squares()) == set(game.legal_squares(BLUE))
    assert {s.tag for s in board.scene.overlay if s.tag.startswith("legal:")} == {  # type: ignore[union-attr]
        f"legal:{t}-{i}" for t, i in game.legal_squares(BLUE)
    }
    action = board.handle_click(*board.square_center((2, 5)))
    assert action == Place(BLUE, (2, 5)) and applied == [action]
    assert game.owner((2, 5)) is BLUE and game.placements_left == 3
    assert "Blue places a counter on a green square in temple 2, row 2, column 2" in text_of(board.message.value)
    assert "placed:2-5" in {s.tag for s in board.scene.overlay}  # type: ignore[union-attr]
    assert "counter:blue:2-5" in {s.tag for s in board.scene.pieces}  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("square", "english", "french"),
    [
        ((4, 0), "may place only in temples 1-3, not in temple 4", "ne peut placer que dans les temples 1 à 3"),
        ((1, 0), "already holds a blue counter", "porte déjà une pierre bleue"),
    ],
)
def test_a_click_on_an_illegal_square_shows_the_engines_reason(square: aton.Square, english: str, french: str) -> None:
    game = placing_game()
    game.apply(Place(BLUE, (1, 0)))
    before = game.to_json()
    board = BoardView(game, controls=(BLUE,))
    refused: list[tuple[aton.Action, str]] = []
    board.on_illegal(lambda action, reason: refused.append((action, reason)))
    assert board.handle_click(*board.square_center(square)) is None
    assert game.to_json() == before
    reason = game.why_illegal(Place(BLUE, square))
    assert refused == [(Place(BLUE, square), reason)]
    assert english in text_of(board.message.value) and 'role="alert"' in board.message.value
    board.lang = "fr"
    assert french in text_of(board.message.value)
    assert "interdit" in text_of(board.message.value)
    assert f"{square[0]}-{square[1]}" not in text_of(board.message.value)  # one name for a square: in words


def test_a_square_has_one_name_in_every_message() -> None:
    """The refusal names the square as the board does ("temple 1, row 1, column 1"), never "1-0" beside it."""
    game = placing_game()
    game.apply(Place(BLUE, (1, 0)))
    board = BoardView(game, controls=(BLUE,))
    board.handle_click(*board.square_center((1, 0)))
    said = text_of(board.message.value)
    assert said.startswith("Temple 1, row 1, column 1: not allowed.") and "1-0" not in said, said
    assert "the square at temple 1, row 1, column 1 already holds a blue counter" in said.lower()
    board.lang = "fr"
    said = text_of(board.message.value)
    assert "la case du temple 1, rangée 1, colonne 1 porte déjà une pierre bleue" in said.lower() and "1-0" not in said


def test_a_click_when_it_is_not_your_turn_says_whose_turn_it_is() -> None:
    game = placing_game()
    board = BoardView(game, controls=(RED,))
    assert board.legal_squares() == []
    assert board.handle_click(*board.square_center((1, 0))) is None
    assert "It is not Red's turn: Blue must place counters now." in text_of(board.message.value)
    board.lang = "fr"
    assert "Ce n'est pas à Rouge de jouer : Bleu doit placer des pierres" in text_of(board.message.value)


def test_a_read_only_board_describes_what_is_clicked() -> None:
    game = placing_game()
    board = BoardView(game)
    assert board.handle_click(*board.square_center((1, 9))) is None
    assert game.placements_left == 4
    assert "blue square" in text_of(board.message.value)
    seen: list[Target] = []
    board.on_select(seen.append)
    x, y = GEOMETRY.kingdom_slot(0)
    board.handle_click(x * board.scale, y * board.scale)
    assert seen == [Target("kingdom")] and "Kingdom of the Dead: 0 of 8" in text_of(board.info.value)


def test_removing_and_taking_back_after_a_scoring_go_through_the_engine() -> None:
    game = random_game(1, until="scoring_removal")
    assert game.phase is Phase.SCORING_REMOVE
    actor = game.actor
    assert actor is not None
    board = BoardView(game, controls=(actor,))
    legal = board.legal_squares()
    assert legal and set(legal) == set(game.legal_squares(actor))
    wrong = next(sq for sq in aton.SQUARES if sq not in legal)
    assert board.handle_click(*board.square_center(wrong)) is None
    assert "not allowed" in text_of(board.message.value)
    assert board.handle_click(*board.square_center(legal[0])) == Remove(actor, legal[0])
    assert game.owner(legal[0]) is None


def test_the_cartouche_2_removal_goes_through_the_engine() -> None:
    game = position(
        temples=[["B B B .", ". . . .", ". . . ."], "............", "............", "............"],
        red={"hand": [1, 4, 2, 3]},
        blue={"hand": [4, 4, 4, 4]},
    )
    game.apply(Assign(RED, (1, 3, 2, 4)))
    game.apply(Assign(BLUE, (4, 4, 4, 4)))
    assert game.phase is Phase.REMOVE and game.actor is RED
    board = BoardView(game, controls=(RED,))
    assert set(board.legal_squares()) == {(1, 0), (1, 1), (1, 2)}
    assert "remove 1 counter of Blue in temples 1 and 2" in text_of(board.message.value)
    assert board.handle_click(*board.square_center((1, 1))) == Remove(RED, (1, 1))
    assert game.owner((1, 1)) is None and game.kingdom == [BLUE]


def test_keyboard_arrows_and_enter_choose_a_square() -> None:
    game = placing_game()
    board = BoardView(game, controls=(BLUE,))
    board.handle_key("ArrowRight")  # the focus starts on the first legal square, then moves right
    assert "Temple 1, row 1, column 2" in text_of(board.info.value)
    assert "cursor:1-1" in {s.tag for s in board.scene.overlay}  # type: ignore[union-attr]
    for _ in range(3):
        board.handle_key("ArrowRight")
    board.handle_key("ArrowDown")
    assert board.handle_key("Enter") == Place(BLUE, (2, 4))
    board.handle_key("Escape")
    assert not any(s.tag.startswith("cursor:") for s in board.scene.overlay)  # type: ignore[union-attr]


def test_after_a_placement_by_keyboard_the_cursor_goes_to_the_next_legal_square() -> None:
    game = placing_game()
    board = BoardView(game, controls=(BLUE,))
    board.handle_key("Enter")  # the cursor shows on the first legal square
    played = []
    for _ in range(4):  # blue's four counters: four presses of Enter, no arrow
        cursor = board.model.cursor
        assert cursor is not None and cursor in game.legal_squares(BLUE), cursor
        assert board.handle_key("Enter") == Place(BLUE, cursor)
        played.append(cursor)
    assert len(set(played)) == 4 and played == sorted(played)
    assert game.to_act == (RED,)

    # the turn passed: the cursor waits on the square played, and goes on once a square may be chosen again
    game = placing_game()
    board = BoardView(game, controls=(RED,))
    board.model.move_cursor((1, 0))
    board.model.played_by_keyboard((1, 0))
    assert board.model.cursor == (1, 0)  # blue's turn: nothing to go on to
    while game.to_act == (BLUE,):
        game.apply(game.legal_actions(BLUE)[0])
    board.refresh()
    legal = game.legal_squares(RED)
    assert legal and board.model.cursor == min(square for square in legal if square > (1, 0))
    assert "cursor:" + "-".join(map(str, board.model.cursor)) in {s.tag for s in board.scene.overlay}  # type: ignore[union-attr]

    # an arrow pressed meanwhile: the cursor stays where the person put it
    game = placing_game()
    board = BoardView(game, controls=(RED,))
    board.model.move_cursor((1, 0))
    board.model.played_by_keyboard((1, 0))
    board.handle_key("ArrowDown")
    where = board.model.cursor
    while game.to_act == (BLUE,):
        game.apply(game.legal_actions(BLUE)[0])
    board.refresh()
    assert board.model.cursor == where


def test_the_square_picker_lists_the_legal_squares_and_plays_one() -> None:
    game = placing_game()
    board = BoardView(game, controls=(BLUE,))
    assert board.picker_box.layout.display != "none"
    assert [value for _label, value in board.picker.options] == game.legal_squares(BLUE)
    board.picker.value = (3, 2)
    board.choose_button.click()
    assert game.owner((3, 2)) is BLUE
    board.lang = "fr"
    assert board.picker.options[0][0].startswith("Temple 1, rangée 1, colonne 1 : case dorée")
    assert BoardView(game).picker_box.layout.display == "none"


def test_hover_describes_the_square_and_repaints_only_the_overlay() -> None:
    board = BoardView(placing_game(), controls=(BLUE,))
    counts = dict(board.paint_counts)
    board.handle_move(*board.square_center((1, 8)))
    assert "bonus square +1" in text_of(board.info.value) and "scores 1" in text_of(board.info.value)
    assert board.paint_counts == {**counts, "overlay": counts["overlay"] + 1}
    board.handle_move(*board.square_center((1, 8)))  # the same target: nothing is sent again
    assert board.paint_counts["overlay"] == counts["overlay"] + 1
    board.handle_out()
    assert text_of(board.info.value) == ""  # no words; where the keyboard would act stays for the page
    assert 'data-focus-y="' in board.info.value


def test_only_changed_layers_are_repainted_and_a_new_browser_gets_everything() -> None:
    game = placing_game()
    board = BoardView(game, controls=(BLUE,))
    assert board.paint_counts == {"static": 1, "pieces": 1, "overlay": 1}
    board.handle_click(*board.square_center((1, 1)))
    assert board.paint_counts == {"static": 1, "pieces": 2, "overlay": 2}
    board.lang = "fr"
    assert board.paint_counts["static"] == 2
    ipycanvas.canvas._CANVAS_MANAGER._current_canvas = board.canvas[0]
    board.redraw()  # what on_client_ready calls
    assert board.paint_counts == {"static": 3, "pieces": 4, "overlay": 3}
    assert board.canvas.width == round(GEOMETRY.width * 2) and "aton-board" in board.canvas._dom_classes


def test_refresh_marks_what_others_did() -> None:
    game = placing_game()
    board = BoardView(game, controls=(RED,))
    mark = len(game.events)
    for square in game.legal_squares(BLUE)[:2]:
        game.apply(Place(BLUE, square))
    board.refresh()
    placed = {s.tag for s in board.scene.overlay if s.tag.startswith("placed:")}  # type: ignore[union-attr]
    squares = [e.square for e in game.events[mark:] if isinstance(e, CounterPlaced)]
    assert len(squares) >= 2 and placed == {f"placed:{t}-{i}" for t, i in squares}
    board.refresh()  # nothing new: the marks stay
    assert {s.tag for s in board.scene.overlay if s.tag.startswith("placed:")} == placed  # type: ignore[union-attr]


def test_a_board_on_a_players_view_refuses_to_play_it_with_a_reason() -> None:
    view = placing_game().view(BLUE)
    board = BoardView(view, controls=(BLUE,))
    assert board.handle_click(*board.square_center((1, 1))) is None
    assert "view cannot be played" in text_of(board.message.value)


def test_a_viewer_never_gets_the_opponents_hidden_cards() -> None:
    game = position(red={"hand": [1, 2, 3, 4]}, blue={"hand": [2, 2, 3, 3]})
    game.apply(Assign(RED, (4, 3, 2, 1)))
    for viewer in (BLUE, None):
        board = BoardView(game, viewer=viewer)
        assert board.state is not None and board.state.assignment(RED) in (None, (4, 3, 2, 1))
        assert not any(":up:" in s.tag for s in board.scene.shapes)  # type: ignore[union-attr]
        cells = re.findall(r"<tr><th scope=\"row\">Red</th>(.*?)</tr>", board.twin.value)
        assert cells and "face down" in cells[-1] and not re.search(r"<td>\d</td>", cells[-1])
    own = BoardView(game, viewer=RED)
    assert {"card:red:1:up:4", "card:red:4:up:1"} <= {s.tag for s in own.scene.pieces}  # type: ignore[union-attr]
    own.set_viewer(None)  # handing the screen over: the twin must forget Red's eyes too
    cells = re.findall(r"<tr><th scope=\"row\">Red</th>(.*?)</tr>", own.twin.value)
    assert cells and "face down" in cells[-1] and not re.search(r"<td>\d</td>", cells[-1])


def test_the_text_twin_follows_the_board() -> None:
    game = placing_game()
    board = BoardView(game, controls=(BLUE,))
    assert board.twin.value == twin_html(board.state, Highlights(legal=frozenset(board.legal_squares())))  # type: ignore[arg-type]
    board.handle_click(*board.square_center((2, 5)))
    assert "blue counter; <strong>just placed</strong>" in board.twin.value
    assert '<td class="aton-stock">28</td>' in board.twin.value


def test_the_text_twin_is_navigable_and_escaped() -> None:
    game = random_game(5, actions=12)
    html = twin_html(game, lang="fr")
    assert html.count("<caption>") == data.TEMPLE_COUNT + 2
    assert html.count('<th scope="row">Rangée') == data.TEMPLE_COUNT * data.ROWS_PER_TEMPLE
    assert html.count('<th scope="col">Colonne') == data.TEMPLE_COUNT * data.COLUMNS_PER_TEMPLE
    assert "Royaume des Morts" in html and "d&#x27;" in html  # apostrophes are escaped
    twin = TextTwin(game)
    assert "aton-text-twin" in twin._dom_classes and twin.value == twin_html(game)
    twin.lang = "fr"
    assert twin.value == html


# ------------------------------------------------------------ the assignment
def test_the_panel_shows_only_its_players_hand_and_previews_the_choice() -> None:
    game = position(red={"hand": [1, 2, 3, 4]}, blue={"hand": [2, 2, 3, 3]})
    panel = AssignPanel(game, RED)
    assert [b.description for b in panel.card_buttons] == ["Card 1", "Card 2", "Card 3", "Card 4"]
    panel.select_card(1)  # the 2
    assert panel.card_buttons[1].description == "Card 2 (chosen)"
    panel.put_on(3)
    assert panel.cards == (None, None, 2, None)
    assert "Cartouche 3 = 2: you may act in temples 1 and 2." in text_of(panel.preview.value)
    assert panel.confirm_button.disabled
    panel.select_card(3)
    panel.put_on(1)
    panel.swap(1, 2)
    assert panel.cards == (None, 4, 2, None)
    panel.put_on(2)  # no card chosen: the card comes back
    assert panel.cards == (None, None, 2, None)
    assert panel.confirm() is None and "each of the four cartouches" in text_of(panel.status.value)
    blue = AssignPanel(game, BLUE)
    assert [b.description for b in blue.card_buttons] == ["Card 2", "Card 2", "Card 3", "Card 3"]


def test_confirm_applies_the_assignment_through_the_engine() -> None:
    game = position(red={"hand": [1, 2, 3, 4]}, blue={"hand": [2, 2, 3, 3]})
    panel = AssignPanel(game, RED)
    applied: list[aton.Action] = []
    panel.on_action(applied.append)
    panel.choose((4, 1, 2, 3))
    assert not panel.confirm_button.disabled
    panel.confirm_button.click()
    assert applied == [Assign(RED, (4, 1, 2, 3))] and game.has_assigned(RED)
    assert "Waiting for Blue" in text_of(panel.status.value)
    assert all(b.disabled for b in panel.slot_buttons) and panel.cards == (4, 1, 2, 3)
    with pytest.raises(ValueError, match="cards in hand"):
        AssignPanel(game, BLUE).choose((4, 4, 4, 4))


def test_exchange_draws_new_cards_and_disappears() -> None:
    game = aton.new_game(seed=11)
    panel = AssignPanel(game, BLUE)
    old = panel.hand
    assert panel.exchange_button.layout.display != "none"
    panel.exchange_button.click()
    assert not game.exchange_available(BLUE) and game.actions == [Exchange(BLUE)]
    assert panel.hand == game.hand(BLUE) and len(panel.hand) == data.HAND_SIZE
    assert panel.exchange_button.layout.display == "none" and "drew 4 new cards" in text_of(panel.status.value)
    assert sorted(old) == sorted(game.discard(BLUE))


def test_the_panel_speaks_french_and_follows_new_rounds() -> None:
    game = aton.new_game(seed=3)
    panel = AssignPanel(game, RED, lang="fr")
    assert panel.confirm_button.description == "Valider" and panel.card_buttons[0].description.startswith("Carte")
    panel.choose((1, 2, 3, 3))
    panel.confirm()
    assert "En attente de Bleu" in text_of(panel.status.value)
    chooser = random.Random(3)
    while game.round == 1:
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    panel.refresh()
    assert panel.editable and panel.hand == game.hand(RED) and panel.cards == (None,) * 4


# ------------------------------------------------------------- the stepper
def test_the_stepper_walks_a_recorded_round_forward_and_back_matching_the_engine() -> None:
    game = random_game(2, until="round_start")  # the first round
    while game.round == 1:
        game.apply(random.Random(len(game.actions)).choice(game.legal_actions(game.to_act[0])))
    record = game.record()
    stepper = Stepper(record)
    steps = stepper.steps
    assert len(steps) == len(aton.replay(record).events) and stepper.index == 0

    def check(index: int) -> None:
        step = steps[index]
        shown = stepper.board.state
        assert shown is not None and shown is step.state
        # the state shown is the engine's: replaying the decisions taken so far gives the same board
        if index + 1 == len(steps) or steps[index + 1].actions_done > step.actions_done:
            prefix = aton.replay({**record, "actions": record["actions"][: step.actions_done]})
            for square in aton.SQUARES:
                assert shown.owner(square) == prefix.owner(square)
            assert [shown.score(p) for p in aton.PLAYERS] == [prefix.score(p) for p in aton.PLAYERS]
            assert [shown.stock(p) for p in aton.PLAYERS] == [prefix.stock(p) for p in aton.PLAYERS]
            assert shown.kingdom == prefix.kingdom
        assert aton.explain(step.event) in text_of(stepper.explanation.value)
        assert aton.rule_of(step.event) in text_of(stepper.explanation.value)
        assert f"Step {index + 1} of {len(steps)}" in text_of(stepper.explanation.value)

    for index in range(len(steps)):
        stepper.go(index) if index == 0 else stepper.forward()
        assert stepper.index == index
        check(index)
    assert stepper.forward_button.disabled
    for index in reversed(range(len(steps) - 1)):
        stepper.back()
        check(index)
    assert stepper.back_button.disabled
    place = next(i for i, step in enumerate(steps) if step.event.kind == "place")
    stepper.go(place)
    square = steps[place].event.to_dict()["square"]
    assert f"placed:{square[0]}-{square[1]}" in {s.tag for s in stepper.board.scene.overlay}  # type: ignore[union-attr]


def test_the_stepper_jumps_to_the_end_of_the_round_and_plays_on() -> None:
    game = random_game(4, actions=14)
    stepper = Stepper(game.record())
    stepper.end_of_round()
    assert stepper.step is not None and stepper.step.event.kind == "round_end" and stepper.step.state.round == 1
    first_end = stepper.index
    stepper.end_of_round()
    assert stepper.index > first_end
    stepper.first()
    assert stepper.index == 0
    stepper.play()
    assert stepper.playing and stepper.play_button.description == "Pause"
    stepper.ticker.value = 5  # a tick from the browser's timer
    assert stepper.index == 5
    stepper.speed.value = 400
    assert stepper.interval == 400
    stepper.pause()
    assert not stepper.playing and stepper.play_button.description == "Play"


def test_the_stepper_respects_its_viewer() -> None:
    game = position(red={"hand": [1, 2, 3, 4]}, blue={"hand": [2, 2, 3, 3]})
    game.apply(Assign(RED, (4, 3, 2, 1)))
    stepper = Stepper(game, viewer=BLUE)
    assert isinstance(stepper.board.state, aton.GameView)
    for index in range(len(stepper.steps)):
        stepper.go(index)
        assert not any(":up:" in s.tag for s in stepper.board.scene.shapes)  # type: ignore[union-attr]
        assert "4, 3, 2, 1" not in stepper.explanation.value


def test_the_stepper_can_change_its_viewer_on_the_same_step() -> None:
    game = position(red={"hand": [1, 2, 3, 4]}, blue={"hand": [2, 2, 3, 3]})
    game.apply(Assign(RED, (4, 3, 2, 1)))
    stepper = Stepper(game, viewer=BLUE)
    index = stepper.index
    stepper.set_viewer(RED)
    assert stepper.index == index and stepper.board.viewer is RED
    assert "card:red:1:up:4" in {s.tag for s in stepper.board.scene.pieces}  # type: ignore[union-attr]


def test_the_stepper_follows_a_live_game() -> None:
    game = placing_game()
    stepper = Stepper(game)
    assert stepper.index == len(stepper.steps) - 1
    game.apply(Place(BLUE, game.legal_squares(BLUE)[0]))
    stepper.refresh()
    assert stepper.index == len(stepper.steps) - 1 and stepper.step is not None
    assert stepper.step.event.kind == "place"
    stepper.first()
    game.apply(Place(BLUE, game.legal_squares(BLUE)[0]))
    stepper.refresh()
    assert stepper.index == 0


def test_one_switch_changes_the_language_of_every_component() -> None:
    game = placing_game()
    board = BoardView(game, controls=(BLUE,))
    panel = AssignPanel(game, RED)
    stepper = Stepper(game.record())
    switch = LanguageSwitch(board, panel, stepper)
    assert "aton-language" in switch._dom_classes
    switch.value = "fr"
    assert board.lang == panel.lang == stepper.lang == stepper.board.lang == "fr"
    assert switch.description == "Langue" and stepper.first_button.description == "Début"
    assert "Bleu : placez 4 pierres" in text_of(board.message.value)  # no counter placed yet: no "encore"
    assert "Temple 1" in board.scene.texts() and "Royaume des Morts 0/8" in board.scene.texts()  # type: ignore[union-attr]
    assert "Étape" in text_of(stepper.explanation.value)
    with pytest.raises(Exception, match="unknown language"):
        board.lang = "de"


# ------------------------------------------------------------- one writer per game
def test_widgets_alone_share_their_games_one_referee() -> None:
    from aton.widgets.referee import GameReferee, referee_for

    game = placing_game()
    board = BoardView(game, controls=(BLUE,))
    panel = AssignPanel(game, RED)
    referee = referee_for(game)
    assert isinstance(referee, GameReferee) and board.referee is referee and panel.referee is referee
    heard: list[aton.Action] = []
    referee.on_applied(lambda outcome: heard.append(outcome.action))
    assert board.handle_click(*board.square_center((2, 5))) == Place(BLUE, (2, 5))
    assert board.handle_click(*board.square_center((4, 0))) is None  # refused: not counted
    assert heard == [Place(BLUE, (2, 5))] and referee.applied == 1 and len(game.actions) == 3
    other = aton.new_game(seed=3)
    assert referee_for(other) is not referee and BoardView(other).referee is referee_for(other)


def test_a_board_hands_its_clicks_to_an_attached_referee() -> None:
    from aton.widgets.referee import Outcome

    game = placing_game()
    before = game.to_json()
    chosen: list[aton.Action] = []

    class Strict:
        """A referee that refuses everything, as an app's controller may."""

        def submit(self, action: aton.Action, draw: object = None) -> Outcome:
            chosen.append(action)  # it does not draw: the board then shows the outcome itself
            return Outcome.refused(action, lambda lang: {"en": "not now", "fr": "pas maintenant"}[lang])

    board = BoardView(game, controls=(BLUE,), referee=Strict())
    assert board.handle_click(*board.square_center((2, 5))) is None
    assert chosen == [Place(BLUE, (2, 5))] and game.to_json() == before
    assert "Not now" in text_of(board.message.value)
    board.lang = "fr"
    assert "Pas maintenant" in text_of(board.message.value)
    board.attach(None)  # back to the game's own referee
    assert board.handle_click(*board.square_center((2, 5))) == Place(BLUE, (2, 5))


def test_a_language_owned_elsewhere_drives_the_switch_and_every_component() -> None:
    from aton.widgets import Language

    game = placing_game()
    board = BoardView(game, controls=(BLUE,))
    panel = AssignPanel(game, RED)
    language = Language("en")
    switch = LanguageSwitch(board, panel, language=language)
    language.set("fr")
    assert switch.value == "fr" and board.lang == panel.lang == "fr" and switch.description == "Langue"
    switch.value = "en"
    assert language.value == "en" and board.lang == panel.lang == "en"


def test_the_page_language_comes_from_the_browser_and_a_choice_is_kept_there() -> None:
    import json

    from aton.i18n import LANG_KEY
    from aton.widgets.i18n import Language
    from aton.widgets.language import LanguageKeeper

    def written(keeper: LanguageKeeper) -> str:
        return "".join(str(output["data"]["application/javascript"]) for output in keeper.writer.outputs)

    french_browser = LanguageKeeper(Language("en"))
    french_browser.bridge.value = json.dumps({"query": None, "kept": None, "browser": ["fr-FR", "fr"]})
    assert french_browser.language.value == "fr"
    assert written(french_browser) == ""  # the browser's own language is not kept: it says it every time
    french_browser.language.set("en")  # the switch tapped
    assert f'localStorage.setItem("{LANG_KEY}", "en")' in written(french_browser)

    asked = LanguageKeeper(Language("en"))
    asked.bridge.value = json.dumps({"query": "en", "kept": "fr", "browser": ["fr-FR"]})
    assert asked.language.value == "en" and f'"{LANG_KEY}", "en"' in written(asked)

    kept = LanguageKeeper(Language("en"))
    kept.bridge.value = json.dumps({"query": "de", "kept": "fr", "browser": ["en-US"]})
    assert kept.language.value == "fr"

    tapped_first = LanguageKeeper(Language("en"))
    tapped_first.language.set("fr")
    tapped_first.bridge.value = json.dumps({"query": None, "kept": None, "browser": ["en-US"]})
    assert tapped_first.language.value == "fr"

    for bad in ("not json", "[1]", json.dumps({"query": 3, "kept": ["fr"], "browser": "fr"})):
        keeper = LanguageKeeper(Language("fr"))
        keeper.bridge.value = bad
        assert keeper.language.value in ("fr", "en")
    assert LanguageKeeper(Language("fr")).layout.display == "none"
