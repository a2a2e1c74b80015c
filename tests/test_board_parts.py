"""The board's parts without widgets: what touches and keys mean, what the board shows and plays.

:class:`~aton.widgets.board_input.BoardInput` and :class:`~aton.widgets.board_model.BoardModel` import no
part of the notebook stack, so these tests need neither a canvas nor a browser.
"""

from __future__ import annotations

import ast
from pathlib import Path

from scenario import Clock, placing_game

import aton
from aton import BLUE, Place
from aton.actions import Square
from aton.widgets.board_input import (
    LONG_PRESS_SECONDS,
    TAP_SLOP,
    BoardInput,
    Choose,
    Leave,
    LongPress,
    MoveCursor,
    Tap,
)
from aton.widgets.board_model import BoardModel, Draw
from aton.widgets.i18n import tr
from aton.widgets.referee import Outcome
from aton.widgets.scene import GEOMETRY, Target

WIDGETS = Path(aton.__file__).parent / "widgets"


def beside(square: Square, rows: int, columns: int) -> Square:
    return GEOMETRY.neighbour(square, rows, columns)


# ------------------------------------------------------------------ input
def test_the_interpreter_and_the_model_import_no_notebook_stack() -> None:
    for name in ("board_input.py", "board_model.py"):
        tree = ast.parse((WIDGETS / name).read_text(encoding="utf-8"))
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not {m.split(".")[0] for m in names} & {"ipywidgets", "ipycanvas", "traitlets", "IPython"}, name


def test_keys_become_cursor_moves_choices_and_leaving() -> None:
    keys = BoardInput()
    first = (2, 5)
    assert keys.key("ArrowDown", cursor=None, first=first, neighbour=beside) == MoveCursor(beside(first, 1, 0))
    assert keys.key("ArrowLeft", cursor=(1, 6), first=first, neighbour=beside) == MoveCursor(beside((1, 6), 0, -1))
    assert keys.key("Enter", cursor=None, first=first, neighbour=beside) == MoveCursor(first)  # shown first
    assert keys.key(" ", cursor=(1, 6), first=first, neighbour=beside) == Choose((1, 6))
    assert keys.key("Tab", cursor=(1, 6), first=first, neighbour=beside) == Leave(forward=True)
    assert keys.key("Escape", shift=True, cursor=None, first=first, neighbour=beside) == Leave(forward=True)
    assert keys.key("Tab", shift=True, cursor=None, first=first, neighbour=beside) == Leave(forward=False)
    assert keys.key("Tab", ctrl=True, cursor=None, first=first, neighbour=beside) is None
    assert keys.key("a", cursor=None, first=first, neighbour=beside) is None


def test_a_short_touch_taps_a_long_one_describes_a_slide_or_a_pinch_does_nothing() -> None:
    clock = Clock()
    fingers = BoardInput(clock)
    fingers.touch_start([(30.0, 40.0)])
    clock.now += LONG_PRESS_SECONDS / 2
    assert fingers.touch_end([]) == Tap(30.0, 40.0)
    fingers.touch_start([(30.0, 40.0)])
    clock.now += LONG_PRESS_SECONDS
    assert fingers.touch_end([]) == LongPress(30.0, 40.0)
    fingers.touch_start([(30.0, 40.0)])
    fingers.touch_move([(30.0 + 2 * TAP_SLOP + 1, 40.0)], scale=2.0)
    assert fingers.touch_end([]) is None
    fingers.touch_start([(30.0, 40.0)])
    fingers.touch_move([(30.0 + 2 * TAP_SLOP - 1, 40.0)], scale=2.0)  # a wobble inside the slop still taps
    assert fingers.touch_end([]) == Tap(30.0, 40.0)
    fingers.touch_start([(30.0, 40.0)])
    fingers.touch_start([(30.0, 40.0), (90.0, 40.0)])
    assert fingers.touch_end([(30.0, 40.0)]) is None  # a finger still down: not over yet
    assert fingers.touch_end([]) is None
    fingers.touch_start([(30.0, 40.0)])
    fingers.touch_cancel()
    assert fingers.touch_end([]) is None


def test_a_finger_held_is_described_while_still_down() -> None:
    said: list[LongPress] = []
    fingers = BoardInput(Clock(), on_long_press=said.append)
    fingers.touch_start([(5.0, 6.0)])
    touch = fingers._touch
    assert touch is not None
    fingers._long_press_due(touch)  # what the event loop calls after LONG_PRESS_SECONDS
    fingers._long_press_due(touch)
    assert said == [LongPress(5.0, 6.0)]
    assert fingers.touch_end([]) == LongPress(5.0, 6.0)  # lifting it describes, never chooses


# ------------------------------------------------------------------ model
def test_the_model_hands_a_choice_to_the_referee_and_asks_for_a_redraw() -> None:
    game = placing_game()
    drawn: list[Draw] = []
    model = BoardModel(drawn.append, controls=(BLUE,))
    model.set_game(game)
    assert drawn == ["all"]
    square = model.legal_squares()[0]
    played: list[aton.Action] = []
    model.action_callbacks.append(played.append)
    assert model.choose(square) == Place(BLUE, square) == played[0]
    assert game.owner(square) is BLUE and drawn[-1] == "all"
    assert square in model.highlights().placed
    refused: list[str] = []
    model.illegal_callbacks.append(lambda _action, reason: refused.append(reason))
    assert model.choose(square) is None and refused  # taken already
    assert drawn[-1:] == ["message"] and model.message_alert
    assert "not allowed" in model.message_text("en")


def test_a_move_that_did_not_reach_the_game_is_not_called_not_allowed() -> None:
    """A room's store that did not answer refuses a legal move: the board says why, not that it is forbidden."""
    from aton.widgets.referee import Draw as Drawn

    game = placing_game()
    words = {"en": "Your move was not played: the store did not answer", "fr": "Votre coup n'a pas été joué"}

    class Unreachable:
        def submit(self, action: aton.Action, draw: Drawn | None = None) -> Outcome:
            outcome = Outcome.refused(action, words.__getitem__, by_rule=False)
            if draw is not None:
                draw(outcome)
            return outcome

    model = BoardModel(lambda _what: None, controls=(BLUE,), referee=Unreachable())
    model.set_game(game)
    square = model.legal_squares()[0]
    assert model.choose(square) is None and model.message_alert
    for lang, text in words.items():
        said = model.message_text(lang)
        assert text in said and "not allowed" not in said and "interdit" not in said, said
    assert game.owner(square) is None


def test_the_model_only_describes_on_a_board_to_look_at_or_a_shown_step() -> None:
    game = placing_game()
    model = BoardModel(lambda _what: None)
    model.set_game(game)
    square = game.legal_squares(BLUE)[0]
    assert model.legal_squares() == [] and model.choose(square) is None
    assert model.message_text("en").startswith(tr("read_only", "en"))  # and what the square is
    watching = BoardModel(lambda _what: None, controls=(BLUE,))
    watching.set_game(game)
    watching.show(game)
    assert watching.legal_squares() == [] and watching.choose(square) is None
    assert watching.info is not None and len(game.actions) == 2


def test_the_cursor_and_the_pointer_say_what_is_under_them() -> None:
    model = BoardModel(lambda _what: None, controls=(BLUE,))
    model.set_game(placing_game())
    first = model.first_focus()
    text, where, focus_y = model.info_line("en", GEOMETRY)
    assert text == "" and where is None and focus_y is not None  # where the keyboard would act
    model.move_cursor(first)
    text, where, _ = model.info_line("en", GEOMETRY)
    assert text and where == f"{first[0]}-{first[1]}" and model.highlights().cursor == first
    kingdom = Target("kingdom")
    assert model.point_at(kingdom) and not model.point_at(kingdom) and model.point_at(kingdom, again=True)
    assert model.info_line("en", GEOMETRY)[1] is None  # the pointer speaks, not the cursor
    assert model.point_away() and model.info_line("en", GEOMETRY)[1] == f"{first[0]}-{first[1]}"
