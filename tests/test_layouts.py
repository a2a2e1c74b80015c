"""The board's narrow geometry and the dashboard's phone, tablet and wide layouts, without a browser.

The browser tests (``tests/browser/test_dashboard_layouts.py``) measure the same page in Chromium; here the
scene is checked as data: everything inside the board, every square where a tap finds it, the temples two by
two, and no text under the smallest size.
"""

from __future__ import annotations

import itertools

import pytest

import aton
from aton.apps.dashboard.app import NARROW_SCALE, UPRIGHT_SCALE, Dashboard
from aton.apps.dashboard.style import dashboard_css, page_layout
from aton.game import SQUARES
from aton.widgets.i18n import LANGUAGES, tr
from aton.widgets.scene import GEOMETRY, NARROW, UPRIGHT, Circle, Geometry, Highlights, Polygon, Rect, Text, build_scene
from aton.widgets.shapes import Box

PHONE_BOARD_CSS_WIDTH = 360
UPRIGHT_PADDING = 30
"""How much of an upright tablet's width is not the board (measured in Chromium: 738 px of 768)."""
"""How wide the narrow board shows on a 390-pixel phone (measured in Chromium: the page's padding and the
strip left for scrolling take the rest)."""


def _bounds(shape: object) -> Box | None:
    if isinstance(shape, Rect):
        return Box(shape.x, shape.y, shape.w, shape.h)
    if isinstance(shape, Circle):
        return Box(shape.x - shape.r, shape.y - shape.r, 2 * shape.r, 2 * shape.r)
    if isinstance(shape, Polygon):
        xs = [x for x, _ in shape.points]
        ys = [y for _, y in shape.points]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return None


def _busy_game() -> aton.Game:
    """A game some rounds in: counters in the temples, scores, cards face up."""
    game = aton.new_game(seed=11)
    for _ in range(120):
        if game.result is not None or game.round > 4:
            break
        player = game.to_act[0]
        game.apply(game.legal_actions(player)[0])
    return game


def _glyph(shape: Text, lang: str) -> bool:
    """The letter drawn inside a blue counter: part of the counter's shape, sized with it."""
    return shape.text == tr("counter_letter.blue", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("geometry", [GEOMETRY, UPRIGHT, NARROW], ids=["wide", "upright", "narrow"])
def test_every_shape_lies_inside_the_board(geometry: Geometry, lang: str) -> None:
    game = _busy_game()
    highlights = Highlights(legal=frozenset(SQUARES[:6]), kingdom=True, score=True, temples=frozenset({1, 4}))
    scene = build_scene(game, highlights, lang=lang, geometry=geometry)
    for shape in scene.shapes:
        box = _bounds(shape)
        if box is None:
            continue
        assert box.x >= -4 and box.y >= -4, shape
        assert box.x + box.w <= geometry.width + 4 and box.y + box.h <= geometry.height + 4, shape
    for shape in scene.shapes:
        if isinstance(shape, Text):
            assert 0 <= shape.x <= geometry.width and 0 <= shape.y <= geometry.height, shape
            if shape.max_width is not None:
                assert shape.x + shape.max_width <= geometry.width + 2, shape


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_of_the_narrow_board_is_small(lang: str) -> None:
    scene = build_scene(_busy_game(), lang=lang, geometry=NARROW)
    sizes = [shape.size for shape in scene.shapes if isinstance(shape, Text) and not _glyph(shape, lang)]
    assert min(sizes) >= NARROW.min_text
    shown = PHONE_BOARD_CSS_WIDTH / NARROW.width
    assert min(sizes) * shown >= 12, "text under 12 CSS pixels on a phone"
    assert NARROW.square * shown >= 36, "squares under 36 CSS pixels on a phone"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page_width", [701, 768, 834, 900])
def test_the_upright_board_is_no_smaller_than_the_phones(lang: str, page_width: int) -> None:
    """A tablet held upright (and any page from 701 to 900 px): squares of the phone's size or more, text of 12."""
    scene = build_scene(_busy_game(), lang=lang, geometry=UPRIGHT)
    sizes = [shape.size for shape in scene.shapes if isinstance(shape, Text) and not _glyph(shape, lang)]
    shown = (page_width - UPRIGHT_PADDING) / UPRIGHT.width
    assert min(sizes) * shown >= 12, f"text under 12 CSS pixels {page_width} px wide"
    phone = NARROW.square * PHONE_BOARD_CSS_WIDTH / NARROW.width
    wide = GEOMETRY.square * (page_width - UPRIGHT_PADDING) / GEOMETRY.width
    assert UPRIGHT.square * shown >= min(phone, 36), f"squares of {UPRIGHT.square * shown:.1f} CSS px"
    if page_width >= 768:
        assert UPRIGHT.square * shown >= phone
    if page_width == 768:
        assert phone > wide  # the wide board would show smaller squares than the phone's there
    temples = [UPRIGHT.temple_box(t) for t in range(1, 5)]
    assert len({box.y for box in temples}) == 1  # side by side, as on the wide board


def test_the_narrow_board_puts_the_temples_two_by_two() -> None:
    one, two, three, four = (NARROW.temple_box(t) for t in range(1, 5))
    assert one.y == two.y < three.y == four.y
    assert one.x == three.x < two.x == four.x
    assert three.y > one.y + one.h  # the second row starts below the first one
    wide = [GEOMETRY.temple_box(t) for t in range(1, 5)]
    assert len({box.y for box in wide}) == 1 and [box.x for box in wide] == sorted(box.x for box in wide)


@pytest.mark.parametrize("geometry", [GEOMETRY, UPRIGHT, NARROW], ids=["wide", "upright", "narrow"])
def test_every_square_is_found_where_it_is_drawn(geometry: Geometry) -> None:
    scene = build_scene(aton.new_game(seed=3), geometry=geometry)
    for square in SQUARES:
        drawn = scene.tagged(f"square:{square[0]}-{square[1]}")[0]
        assert isinstance(drawn, Rect)
        assert scene.hit_test(drawn.x + drawn.w / 2, drawn.y + drawn.h / 2) == aton_target(square)
    boxes = [geometry.square_box(square) for square in SQUARES]
    for a, b in itertools.combinations(boxes, 2):
        assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y, (a, b)
    parts = [geometry.kingdom, geometry.track] + [geometry.player_box(p) for p in aton.PLAYERS]
    parts += [geometry.cartouche_box(p, n) for p in aton.PLAYERS for n in range(1, 5)]
    parts += [geometry.temple_box(t).grown(6) for t in range(1, 5)]
    for a, b in itertools.combinations(parts, 2):
        assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y, (a, b)


def aton_target(square: tuple[int, int]) -> object:
    from aton.widgets.scene import Target

    return Target("square", square=square)


def test_the_score_track_wraps_on_the_narrow_board() -> None:
    assert NARROW.track_rows == 2 and GEOMETRY.track_rows == 1
    assert NARROW.track_box(20).y == NARROW.track_box(0).y < NARROW.track_box(21).y == NARROW.track_box(40).y
    assert NARROW.track_box(21).x == NARROW.track_box(0).x
    assert NARROW.track.contains(*NARROW.track_box(40).center) and NARROW.track.contains(*NARROW.track_box(0).center)
    assert NARROW.track_box(99) == NARROW.track_box(40)


def test_the_page_width_names_the_layout() -> None:
    assert [page_layout(w) for w in (0, 320, 390, 700, 701, 1024, 1180, 1181, 1280, 1920)] == [
        "wide",
        "phone",
        "phone",
        "phone",
        "tablet",
        "tablet",
        "tablet",
        "wide",
        "wide",
        "wide",
    ]
    css = dashboard_css()
    assert ".aton-layout-phone" in css and ".aton-layout-tablet" in css


def test_the_dashboard_follows_the_width_the_page_reports() -> None:
    dash = Dashboard(background=False, seed=7)
    assert dash.page_layout == "wide" and "aton-layout-wide" in dash._dom_classes
    assert dash.board.geometry is GEOMETRY
    dash.page_width.value = "390"
    assert dash.page_layout == "phone" and "aton-layout-phone" in dash._dom_classes
    assert "aton-layout-wide" not in dash._dom_classes
    assert dash.board.geometry is NARROW
    assert dash.board.canvas.width == round(NARROW.width * NARROW_SCALE)
    x, y = NARROW.square_box((3, 4)).center
    assert dash.board.target_at(x * NARROW_SCALE, y * NARROW_SCALE) == aton_target((3, 4))
    scene = dash.board.scene
    assert scene is not None and scene.geometry is NARROW
    dash.page_width.value = "not a width"  # ignored
    assert dash.page_layout == "phone"
    dash.page_width.value = "768"  # a tablet held upright
    assert dash.page_layout == "tablet" and dash.board.geometry is UPRIGHT
    assert "aton-board-upright" in dash._dom_classes
    assert dash.board.canvas.width == round(UPRIGHT.width * UPRIGHT_SCALE)
    dash.page_width.value = "1024"
    assert dash.page_layout == "tablet" and dash.board.geometry is GEOMETRY
    assert "aton-board-upright" not in dash._dom_classes
    dash.new_game(5)  # a new board keeps the layout of the page
    dash.page_width.value = "390"
    dash.new_game(6)
    assert dash.board.geometry is NARROW
    dash.left_tabs.selected_index = 1  # the explainer's board too
    assert dash._stepper is not None and dash._stepper.board.geometry is NARROW
    dash.page_width.value = "1600"
    assert dash._stepper.board.geometry is GEOMETRY and dash.board.geometry is GEOMETRY
    dash.close()


@pytest.mark.parametrize("width", ["390", "1024"])
def test_the_words_say_the_step_buttons_are_below_the_board(width: str) -> None:
    dash = Dashboard(background=False, seed=7)
    dash.page_width.value = width
    panel = dash.panel
    assert panel is not None
    panel.choose(sorted(panel.hand))
    panel.confirm()
    assert dash.pending > 0
    message = dash.board.message.value
    assert "buttons are below the board" in message and "right" not in message
    dash.right_tabs.selected_index = 1
    assert "“Play” tab below the board" in dash.board.message.value
    dash.lang = "fr"
    assert "« Jouer »" in dash.board.message.value and "sous le plateau" in dash.board.message.value
    dash.right_tabs.selected_index = 0
    assert "les boutons sont sous le plateau" in dash.board.message.value
    assert "à droite" not in dash.board.message.value
    dash.page_width.value = "1400"  # the window grew: the buttons are on the right again
    assert "les boutons sont à droite" in dash.board.message.value
    assert "aton-lang-fr" in dash._dom_classes and "aton-lang-en" not in dash._dom_classes
    dash.close()


def _side_by_side(square: tuple[int, int], d_row: int, d_column: int) -> tuple[int, int]:
    """The move on a grid of four temples side by side, 3 rows of 16 squares (stops at the edges)."""
    temple, index = square
    row, column = divmod(index, 4)
    row = min(max(row + d_row, 0), 2)
    wide = min(max((temple - 1) * 4 + column + d_column, 0), 15)
    return (wide // 4 + 1, row * 4 + wide % 4)


def test_the_arrow_keys_follow_the_board_as_drawn() -> None:
    for square in SQUARES:  # the wide board: the same moves as the grid of temples side by side
        for d_row, d_column in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            assert GEOMETRY.neighbour(square, d_row, d_column) == _side_by_side(square, d_row, d_column), square
    assert NARROW.neighbour((1, 8), 1, 0) == (3, 0)  # below temple 1 comes temple 3
    assert NARROW.neighbour((3, 0), -1, 0) == (1, 8)
    assert NARROW.neighbour((1, 3), 0, 1) == (2, 0)
    assert NARROW.neighbour((2, 3), 0, 1) == (2, 3)  # the right edge
    assert NARROW.neighbour((4, 11), 1, 0) == (4, 11)  # the bottom edge
    assert GEOMETRY.neighbour((1, 8), 1, 0) == (1, 8)


def test_a_board_without_a_geometry_follows_the_room_it_has() -> None:
    """A tutorial's board (no geometry given) takes the layout of the width the page reports for it."""
    from aton.widgets.board import BoardView

    board = BoardView(aton.new_game(seed=3))
    assert board.width_field is not None and board.geometry is GEOMETRY
    for width, geometry in (("360", NARROW), ("738", UPRIGHT), ("1100", GEOMETRY), ("not a width", GEOMETRY)):
        board.width_field.value = width
        assert board.geometry is geometry, width
        assert board.canvas.width == round(geometry.width * board.scale)
    board.width_field.value = "360"
    x, y = NARROW.square_box((3, 4)).center
    assert board.target_at(x * board.scale, y * board.scale) == aton_target((3, 4))
    assert BoardView(geometry=GEOMETRY).width_field is None  # the dashboard lays its boards out itself
    marks = {c for c in BoardView().width_field._dom_classes if c.startswith("aton-fit-")}  # type: ignore[union-attr]
    assert len(marks) == 1 and marks != {c for c in board.width_field._dom_classes if c.startswith("aton-fit-")}


def test_a_finger_is_told_to_tap_and_a_mouse_to_click() -> None:
    """The card panel's help and the turn's words say "tap" where a finger points (a touch screen, or the phone's
    layout) and "click" with a mouse; in both languages."""
    import random

    from aton.apps.dashboard.text import say

    dash = Dashboard(background=False, seed=7)
    panel = dash.panel
    assert panel is not None
    assert dash.flow.touch is False and "Click a card" in panel.help.value
    dash.page_width.value = "1280 touch"  # a touch screen as wide as a laptop's
    assert dash.flow.touch is True and "Tap a card" in panel.help.value and "Click" not in panel.help.value
    dash.page_width.value = "1024"  # a mouse on a tablet's width
    assert dash.flow.touch is False and "Click a card" in panel.help.value
    dash.page_width.value = "390"  # the phone's layout: a finger
    assert dash.flow.touch is True and "Tap a card" in panel.help.value
    dash.lang = "fr"
    assert "Touchez une carte" in panel.help.value
    panel.select_card(0)
    assert "touchez maintenant un cartouche" in panel.status.value

    flow = dash.flow
    chooser = random.Random(1)
    for _ in range(50):  # on to the person's first square
        while not flow.live:
            flow.skip()
        if flow.game.phase.value in ("place", "remove") and flow.deciding_person() is not None:
            break
        person = flow.deciding_person()
        assert person is not None
        flow.play(chooser.choice(flow.game.legal_actions(person)))
    phase = flow.game.phase.value
    assert flow.turn_text("fr") == say(f"turn.{phase}.touch", "fr") and "touchez" in flow.turn_text("fr")
    flow.set_touch(False)
    assert flow.turn_text("en") == say(f"turn.{phase}", "en") and "click" in flow.turn_text("en")
    assert flow.turn_text("fr") != say(f"turn.{phase}.touch", "fr")
    dash.close()


def test_the_main_steps_help_says_what_the_box_does_now() -> None:
    dash = Dashboard(background=False, seed=7)
    play = dash.play
    assert play.main_steps.value is False
    assert "Off:" in play.main_steps_help.value and "On:" not in play.main_steps_help.value
    play.main_steps.value = True
    assert dash.flow.main_only is True
    assert "On:" in play.main_steps_help.value and play.main_steps.tooltip.startswith("On:")
    dash.lang = "fr"
    assert "Activé" in play.main_steps_help.value
    play.main_steps.value = False
    assert "Désactivé" in play.main_steps_help.value
    dash.close()
