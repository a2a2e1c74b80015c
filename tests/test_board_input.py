"""Touch and keyboard on the board, and the dashboard's keyboard focus, without a browser.

Touches go in through ipycanvas's own message handler (what the page's touch events send), so the
tests cover the wiring too.  A tap must take the very path of a click: the board's
``handle_click``, then the one referee (the dashboard's controller) that plays it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets
import pytest
from scenario import Clock, placing_game

import aton
from aton import BLUE, RED, Place
from aton.apps.dashboard.app import Dashboard
from aton.apps.dashboard.focus import Focus, next_focus
from aton.widgets import BoardView
from aton.widgets.board import LONG_PRESS_SECONDS, TAP_SLOP


def send(board: BoardView, event: str, *points: tuple[float, float]) -> None:
    """What the page sends for a touch event: ``points`` are the fingers still on the canvas."""
    content = {"event": event, "touches": [{"x": x, "y": y} for x, y in points]}
    board.canvas._canvases[-1]._handle_frontend_event(board.canvas, content, [])


def tap(board: BoardView, point: tuple[float, float], clock: Clock, held: float = 0.1) -> None:
    send(board, "touch_start", point)
    clock.now += held
    send(board, "touch_end")


def touch_board(game: aton.Game, controls: tuple[aton.Player, ...] = (BLUE,)) -> tuple[BoardView, Clock]:
    board = BoardView(game, controls=controls)
    clock = Clock()
    board.clock = clock
    return board, clock


# ------------------------------------------------------------------ touch
def test_a_tap_on_a_legal_square_places_as_a_click_does() -> None:
    tapped, clicked = placing_game(), placing_game()
    board, clock = touch_board(tapped)
    played: list[aton.Action] = []
    board.on_action(played.append)
    square = board.legal_squares()[0]
    tap(board, board.square_center(square), clock)
    assert played == [Place(BLUE, square)] and tapped.owner(square) is BLUE

    mouse = BoardView(clicked, controls=(BLUE,))
    mouse.handle_click(*mouse.square_center(square))
    assert [e.to_dict() for e in tapped.events] == [e.to_dict() for e in clicked.events]
    assert board.message.value == mouse.message.value  # the same words after a tap as after a click


def test_a_tap_goes_through_the_click_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    board, clock = touch_board(placing_game())
    seen: list[tuple[float, float]] = []
    click = board.handle_click

    def spy(x: float, y: float) -> Any:
        seen.append((x, y))
        return click(x, y)

    monkeypatch.setattr(board, "handle_click", spy)
    point = board.square_center(board.legal_squares()[0])
    tap(board, point, clock)
    assert seen == [point]


def test_a_tap_on_a_square_not_allowed_is_refused_in_words() -> None:
    game = placing_game()
    board, clock = touch_board(game)
    refused: list[str] = []
    board.on_illegal(lambda _action, reason: refused.append(reason))
    occupied_or_closed = next(sq for sq in aton.SQUARES if sq not in board.legal_squares())
    tap(board, board.square_center(occupied_or_closed), clock)
    assert refused and "not allowed" in board.message.value
    assert len(game.actions) == 2


def test_in_the_dashboard_a_tap_is_played_by_the_controller() -> None:
    dash = Dashboard(seed=7, background=False)
    assert dash.panel is not None
    dash.panel.choose(sorted(dash.game.hand(RED)))
    dash.panel.confirm()
    dash.skip()
    for _ in range(10):
        if dash.board.legal_squares():
            break
        dash.skip()
    board = dash.board
    legal = board.legal_squares()
    assert legal and board.referee is dash.flow
    submitted: list[aton.Action] = []
    submit = dash.flow.submit
    dash.flow.submit = lambda action, draw=None: submitted.append(action) or submit(action, draw)  # type: ignore[method-assign]
    clock = Clock()
    board.clock = clock
    tap(board, board.square_center(legal[0]), clock)
    assert len(submitted) == 1 and submitted[0].square == legal[0]  # type: ignore[attr-defined]
    assert dash.game.actions[-1] == submitted[0]  # played: the engine holds it


def test_a_long_press_describes_and_plays_nothing() -> None:
    game = placing_game()
    board, clock = touch_board(game)
    square = board.legal_squares()[0]
    tap(board, board.square_center(square), clock, held=LONG_PRESS_SECONDS + 0.1)
    assert len(game.actions) == 2 and game.owner(square) is None
    temple, index = square
    assert f"Temple {temple}, row {index // 4 + 1}, column {index % 4 + 1}:" in board.info.value
    assert "hover" in {shape.tag for shape in board.scene.overlay}  # type: ignore[union-attr]
    tap(board, board.square_center(square), clock)  # a tap after it plays, and clears the outline
    assert game.owner(square) is BLUE
    assert "hover" not in {shape.tag for shape in board.scene.overlay}  # type: ignore[union-attr]


def test_a_slide_a_second_finger_or_a_cancel_play_nothing() -> None:
    game = placing_game()
    board, _clock = touch_board(game)
    x, y = board.square_center(board.legal_squares()[0])
    far = TAP_SLOP * board.scale + 1
    send(board, "touch_start", (x, y))
    send(board, "touch_move", (x + far, y))
    send(board, "touch_end")
    send(board, "touch_start", (x, y))
    send(board, "touch_start", (x, y), (x + 200, y))  # a pinch
    send(board, "touch_end", (x, y))
    send(board, "touch_end")
    send(board, "touch_start", (x, y))
    send(board, "touch_cancel")
    send(board, "touch_end")
    assert len(game.actions) == 2
    send(board, "touch_start", (x, y))  # a finger that wobbles a little still taps
    send(board, "touch_move", (x + far / 2, y - far / 3))
    send(board, "touch_end")
    assert len(game.actions) == 3


def test_a_tap_off_the_squares_describes_what_is_there() -> None:
    board, clock = touch_board(placing_game())
    x, y = board.geometry.kingdom.center
    tap(board, (x * board.scale, y * board.scale), clock)
    assert board.info.value and len(board.game.actions) == 2  # type: ignore[union-attr]


# ------------------------------------------------------------------ keys
def test_tab_shift_tab_and_escape_leave_the_board() -> None:
    board = BoardView(placing_game(), controls=(BLUE,))
    left: list[bool] = []
    board.on_leave(left.append)
    board.handle_key("ArrowRight")
    assert board.scene is not None and any(s.tag.startswith("cursor:") for s in board.scene.overlay)
    board.handle_key("Tab")
    assert left == [True] and not any(s.tag.startswith("cursor:") for s in board.scene.overlay)
    board.handle_key("Tab", shift=True)
    board.handle_key("Escape")
    board.handle_key("Tab", ctrl=True)  # the browser's own shortcut: not the board's
    assert left == [True, False, True]


def test_enter_first_shows_the_cursor_then_plays_its_square() -> None:
    game = placing_game()
    board = BoardView(game, controls=(BLUE,))
    first = board.legal_squares()[0]
    assert board.handle_key("Enter") is None and len(game.actions) == 2
    assert f'data-cursor="{first[0]}-{first[1]}"' in board.info.value
    assert board.handle_key(" ") == Place(BLUE, first)


def test_without_a_host_tab_goes_to_the_square_list_or_lets_go(monkeypatch: pytest.MonkeyPatch) -> None:
    board = BoardView(placing_game(), controls=(BLUE,))
    focused: list[str] = []
    monkeypatch.setattr(board.picker, "focus", lambda: focused.append("picker"))
    monkeypatch.setattr(board.canvas, "blur", lambda: focused.append("let go"))
    board.handle_key("Tab")
    board.handle_key("Tab", shift=True)  # backward, or with no square list: the canvas lets the focus go
    assert focused == ["picker", "let go"]
    looking = BoardView(placing_game())  # a board to look at: no square list
    monkeypatch.setattr(looking.canvas, "blur", lambda: focused.append("let go"))
    looking.handle_key("Tab")
    assert focused == ["picker", "let go", "let go"]


# ------------------------------------------------------------------ the dashboard's focus
def spy_focus(monkeypatch: pytest.MonkeyPatch, widgets: dict[str, Any]) -> list[str]:
    focused: list[str] = []
    for name, widget in widgets.items():
        monkeypatch.setattr(widget, "focus", lambda name=name: focused.append(name))
    return focused


def test_the_focus_follows_the_next_action(monkeypatch: pytest.MonkeyPatch) -> None:
    dash = Dashboard(seed=7, background=False)
    play = dash.play
    assert next_focus(dash.flow, board_legal=False) is Focus.CARDS
    panel = dash.panel
    assert panel is not None
    focused = spy_focus(
        monkeypatch,
        {
            "card": panel.card_buttons[0],
            "next": play.next_button,
            "skip": play.skip_button,
            "auto": play.auto_button,
            "main steps": play.main_steps,
            "board": dash.board,
        },
    )
    dash.board.handle_key("Tab")  # the board's Tab: the card panel's first card
    dash.board.handle_key("Tab", shift=True)  # Shift+Tab: the page's script goes to the tabs above the board
    assert focused == ["card"]
    dash.right_tabs.selected_index = 1  # another panel than Play: the page's script leads there, not the kernel
    dash.board.handle_key("Tab")
    assert focused == ["card"]
    dash.right_tabs.selected_index = 0
    focused.clear()

    dash.board.handle_key("ArrowRight")  # a cursor on the board, then the focus leaves the board for good:
    panel.choose(sorted(dash.game.hand(RED)))
    panel.confirm()  # after Confirm: "Next step", and the board's cursor is gone
    assert dash.pending and focused == ["next"]
    assert dash.board.scene is not None and not any(s.tag.startswith("cursor:") for s in dash.board.scene.overlay)
    focused.clear()

    for _ in range(40):  # after the last step: the board, once red must place
        if not dash.pending:
            break
        play.next_button.click()
    assert dash.board.legal_squares(), dash.flow.status_facts()
    assert focused[-1] == "board"


def test_a_tab_change_cancels_a_focus_wish(monkeypatch: pytest.MonkeyPatch) -> None:
    dash = Dashboard(seed=7, background=False)
    dash.keyboard.wanted = True
    dash.right_tabs.selected_index = 2
    assert not dash.keyboard.wanted


def test_two_people_the_focus_goes_to_the_cover_then_to_the_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    focused: list[str] = []  # the CSS classes of every widget the page is told to focus
    monkeypatch.setattr(ipywidgets.DOMWidget, "focus", lambda self: focused.append(" ".join(self._dom_classes)))
    dash = Dashboard(seed=11, mode="two", background=False)
    assert next_focus(dash.flow, board_legal=False) is Focus.COVER
    dash.cover.button.click()  # red looks: the focus goes to red's first card
    panel = dash.panel
    assert panel is not None and panel.player is RED
    assert focused == ["aton-card"] and panel.card_buttons[0]._dom_classes == ("aton-card",)
    panel.choose(sorted(dash.game.hand(RED)))
    panel.confirm()  # the screen passes: the cover's button
    assert dash.covered and focused == ["aton-card", "aton-cover-ready"]
