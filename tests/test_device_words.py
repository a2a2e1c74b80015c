"""Words for the device: where a text tells a mouse to "click", a finger is told to "tap", in every language.

The choice is the device's, never the language's: each such text has a twin in the catalogs (its context ending
in ``.touch``), and the widgets pick the twin where a finger is the page's main pointer.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from babel.messages.pofile import read_po

import aton
from aton.apps.dashboard.friend import FriendFlow
from aton.apps.review.panel import ReviewHook, ReviewPanel
from aton.bots.review import recorded_game
from aton.teaching import lessons
from aton.widgets.board import BoardView
from aton.widgets.exercises import ExerciseWidget
from aton.widgets.scene import GEOMETRY, NARROW

LOCALE = Path(aton.__file__).parent / "locale"
CLICK = re.compile(r"\bclick", re.IGNORECASE)


def _catalog(path: Path) -> dict[str, str]:
    """Every singular text of a catalog by context (the msgid for the template, the translation otherwise)."""
    with path.open("rb") as source:
        catalog = read_po(source)
    template = path.suffix == ".pot"
    found = {}
    for message in catalog:
        if not message.context:
            continue
        text = message.id if template else message.string
        found[message.context] = text[0] if isinstance(text, tuple) else text
    return found


def test_every_text_that_says_click_has_a_twin_that_says_tap_in_every_language() -> None:
    english = _catalog(LOCALE / "messages.pot")
    french = _catalog(LOCALE / "fr" / "LC_MESSAGES" / "aton.po")
    clicks = sorted(context for context, text in english.items() if CLICK.search(text))
    assert len(clicks) >= 10, clicks  # the card panel, the turn, the rematch, the review's graph, the exercises
    for context in clicks:
        twin = f"{context}.touch"
        assert twin in english, f"{context!r} says click, and has no text for a finger ({twin!r})"
        assert re.search(r"\btap", english[twin], re.IGNORECASE) and not CLICK.search(english[twin]), english[twin]
        assert "touch" in french[twin].lower() and "cliqu" not in french[twin].lower(), french[twin]
    for context in english:  # and a finger's text always has a mouse's
        if context.endswith(".touch"):
            assert context.removesuffix(".touch") in english, context


def test_a_board_that_follows_its_width_hears_whether_a_finger_points() -> None:
    board = BoardView(lessons.load_position("board-tour"))
    assert board.touch is False
    board.fit_width("390 touch")
    assert board.touch is True and board.geometry == NARROW
    board.fit_width("1280")
    assert board.touch is False and board.geometry == GEOMETRY
    board.fit_width("wide touch")  # not a width: nothing changes
    assert board.touch is False


def test_an_exercise_says_tap_the_board_where_its_board_hears_a_finger() -> None:
    exercise = lessons.placement_exercise(lessons.load_position("place-majority"), lessons.Goal("majority", "temple2"))
    widget = ExerciseWidget(exercise)
    assert widget.board is not None
    assert "click it on the board" in widget.hint.value
    widget.board.fit_width("390 touch")
    assert widget.touch is True and "tap it on the board" in widget.hint.value
    widget.lang = "fr"
    assert "touchez-la sur le plateau" in widget.hint.value
    widget.board.fit_width("1280")
    assert "cliquez dessus sur le plateau" in widget.hint.value


def test_the_review_graph_says_tap_for_a_finger_and_a_touch_on_it_shows_that_moment() -> None:
    record = recorded_game("close-game")
    panel = ReviewPanel(dict(record, actions=record["actions"][:24]), aton.RED, iterations=20, samples=2)
    panel.start()  # no kernel: the work runs at once
    assert "Click to see" in panel.graph_caption.value and "click a point" in panel.canvas.layout.aria_label
    panel.stepper.board.fit_width("390 touch")  # its own board hears the page's pointer
    assert "Tap it to see" in panel.graph_caption.value and "tap a point" in panel.canvas.layout.aria_label
    panel.set_lang("fr")
    assert "Touchez-la pour voir" in panel.graph_caption.value
    last = panel.stepper.index
    panel.canvas._touch_start_callbacks([(30.0, 50.0), (60.0, 50.0)])  # two fingers: a gesture, not a choice
    assert panel.stepper.index == last
    panel.canvas._touch_start_callbacks([(30.0, 50.0)])  # a finger at the graph's left edge
    assert panel.flow.moment == 0 and panel.stepper.index < last
    hook = ReviewHook()  # a page (the dashboard) says which pointer it has, and its review panel follows
    hook.panel = panel
    hook.update(None, (aton.RED,), "fr", False)
    assert hook.touch is False and "Cliquez pour voir" in panel.graph_caption.value


def test_a_rematch_offered_says_tap_rematch_to_a_finger(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    ana, ben = FriendFlow(url), FriendFlow(url)
    try:
        assert ana.create("Ana") and ben.join(ana.code, "Ben")
        ana.poll(0.5)
        ana.status = dataclasses.replace(ana.status, state="over", opponent_wants_rematch=True, rematch_asked=False)
        assert ana.turn_text("en") == "Ben wants a rematch: click Rematch to start a new game."
        assert ana.turn_text("en", touch=True) == "Ben wants a rematch: tap Rematch to start a new game."
        assert "touchez Revanche" in ana.turn_text("fr", touch=True)
        assert "cliquez sur Revanche" in ana.turn_text("fr")
    finally:
        ana.close()
        ben.close()
