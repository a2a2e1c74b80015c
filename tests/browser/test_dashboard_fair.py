"""Fair play in a real browser: no seed and no hidden card reach the page before they may, and the board stays put.

Every websocket frame between the page and its kernel is recorded (Playwright's ``websocket`` event),
in both directions.  The checks look for the seed as the page would write it (the status attribute,
the header, the result, a file name) and for a hidden assignment as the text twin would write it (a
player's cartouche row with four card values).  Each check is shown to find what it looks for once
it may be there (the seed after the game is over, the cards after the reveal), so it can fail.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from dashboard_page import BOARD, TIMEOUT, DashboardPage, settled

import aton
from aton.widgets.scene import GEOMETRY, PALETTE

pytestmark = pytest.mark.browser

LAST_ROUND = {
    "format": "aton/1",
    "title": "The last round",
    "description": "Round 5 of a game limited to 5 rounds: the game ends with this round. No seed and no hands: "
    "the cards are dealt from a new random seed when the file is loaded.",
    "rules": {"round_limit": 5},
    "round": 5,
    "temples": [
        ["R B . .", "R . B .", "R . . B"],
        ["B R . .", "R . . .", ". . . ."],
        ["R . . .", ". B . .", ". . . ."],
        [". . . .", ". . . .", ". . . ."],
    ],
    "kingdom": ["red", "blue", "blue", "red", "blue", "red", "blue"],
    "red": {"score": 12, "exchange": False},
    "blue": {"score": 9, "exchange": False},
}


GAME_OVER = ('data-over="true"', "Game over")
"""What the page sends first once the game is over: the status attribute, or the result box."""


class Frames(list[str]):
    """Every websocket frame of the page, as text (JSON escapes undone so HTML reads as HTML)."""

    def record(self, page: Any) -> None:
        def on_socket(socket: Any) -> None:
            socket.on("framereceived", self._add)
            socket.on("framesent", self._add)

        page.on("websocket", on_socket)

    def _add(self, payload: Any) -> None:
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else str(payload)
        self.append(text.replace('\\"', '"').replace("\\\\", "\\"))

    def first(self, *needles: str, start: int = 0) -> int:
        """The index of the first frame from ``start`` holding one of ``needles``."""
        for index in range(start, len(self)):
            if any(needle in self[index] for needle in needles):
                return index
        raise AssertionError(f"no frame holds {needles!r}")


def seed_marks(seed: str) -> list[str]:
    """How the page would write the seed."""
    return [f'data-seed="{seed}"', f"Seed {seed}", f"Graine {seed}", f"seed was {seed}", f"seed-{seed}"]


def shows_seed(text: str, seed: str) -> bool:
    return any(mark in text for mark in seed_marks(seed))


def shows_cards(text: str, player: aton.Player, cards: tuple[int, ...]) -> bool:
    """Whether ``text`` holds the twin's cartouche row of ``player`` with ``cards`` face up."""
    word = "Red" if player is aton.RED else "Blue"
    for row in re.findall(rf'<tr><th scope="row">{word}</th>(.*?)</tr>', text):
        if tuple(int(v) for v in re.findall(r"<td>(\d)</td>", row)) == cards:
            return True
    return False


def last_assignment(saved: dict[str, Any], player: aton.Player) -> tuple[int, ...]:
    """The cards ``player`` put on the cartouches in the last round of a finished game's file."""
    game = aton.Game.from_dict(saved)
    assigned = [a for a in game.actions if isinstance(a, aton.Assign) and a.player is player]
    assert assigned, "nobody assigned in the file"
    return tuple(assigned[-1].cards)


def play_to_the_end(dash: DashboardPage) -> None:
    for _ in range(30):
        dash.catch_up()
        status = dash.status()
        if status["over"] == "true":
            return
        dash.play_squares(status["to-act"])
    raise AssertionError("the game never ended")


def open_with_frames(page: Any, voila_url: str) -> tuple[DashboardPage, Frames]:
    frames = Frames()
    frames.record(page)
    return DashboardPage(page, voila_url).open(), frames


def test_against_the_bot_no_seed_nor_hidden_card_before_the_end(page: Any, voila_url: str) -> None:
    dash, frames = open_with_frames(page, voila_url)
    dash.upload("last-round.json", json.dumps(LAST_ROUND).encode())
    dash.wait_status(round=5, phase="assign", mode="bot", thinking="")
    assert dash.status()["seed"] == ""
    dash.assign(sorted(dash.hand()))
    before_end = page.content()
    play_to_the_end(dash)
    status = dash.wait_status(over="true")
    seed = status["seed"]
    assert re.fullmatch(r"\d+", seed), status
    saved = dash.saved_file()
    assert str(saved["seed"]) == seed and saved["result"] is not None
    blue = last_assignment(saved, aton.BLUE)

    over = frames.first(*GAME_OVER)
    reveal = frames.first("The cards are turned face up")
    assert not any(shows_seed(text, seed) for text in frames[:over])
    assert not shows_seed(before_end, seed)
    assert any(shows_seed(text, seed) for text in frames[over:])  # the check finds the seed once it may show
    assert shows_seed(page.content(), seed)
    assert not any(shows_cards(text, aton.BLUE, blue) for text in frames[:reveal])
    assert any(shows_cards(text, aton.BLUE, blue) for text in frames[reveal:])  # found once face up


def test_two_people_no_seed_nor_hidden_card_before_the_end(page: Any, voila_url: str) -> None:
    dash, frames = open_with_frames(page, voila_url)
    dash.new_game(mode="two", seed="")
    dash.click(".aton-cover-ready")  # the files are behind the cover, with the rest of the page
    dash.wait_status(cover="false", at_screen="red")
    dash.upload("last-round.json", json.dumps(LAST_ROUND).encode())
    dash.wait_status(round=5, phase="assign", mode="two", cover="true")
    dash.click(".aton-cover-ready")
    dash.wait_status(cover="false", at_screen="red")
    red = tuple(sorted(dash.hand(), reverse=True))
    dash.assign(list(red))
    dash.wait_status(cover="true", at_screen="")
    covered = frames.first('data-cover="true"', start=frames.first('data-at-screen="red"'))
    dash.click(".aton-cover-ready")
    dash.wait_status(cover="false", at_screen="blue")
    dash.assign(sorted(dash.hand()))
    play_to_the_end(dash)
    seed = dash.wait_status(over="true")["seed"]
    assert re.fullmatch(r"\d+", seed)
    saved = dash.saved_file()
    assert last_assignment(saved, aton.RED) == red

    over = frames.first(*GAME_OVER)
    reveal = frames.first("The cards are turned face up", start=covered)
    assert not any(shows_seed(text, seed) for text in frames[:over])
    assert any(shows_seed(text, seed) for text in frames[over:])
    # once red has laid their cards and the screen passed, nothing of them reaches the page until the reveal
    assert not any(shows_cards(text, aton.RED, red) for text in frames[covered:reveal])
    assert any(shows_cards(text, aton.RED, red) for text in frames[reveal:])


def test_a_refused_click_or_a_message_does_not_move_the_board(page: Any, voila_url: str) -> None:
    dash = DashboardPage(page, voila_url).open()
    board = page.locator(BOARD)
    before = dict(settled(board.bounding_box, lambda box: box is not None))  # once the page has placed it
    shown = dash.status()["shown"]
    dash.click_square((1, 0))  # cards first: the board refuses and says why
    page.wait_for_selector(".aton-board-area .aton-board-view .aton-message [role=alert]", timeout=TIMEOUT)
    assert "not allowed" in dash.text(".aton-board-area .aton-board-view .aton-message")
    assert board.bounding_box() == before and dash.status()["shown"] == shown
    dash.upload("broken.json", b'{"temples": ["')
    page.wait_for_selector(".aton-app-message [role=alert]", timeout=TIMEOUT)
    assert "starting at line 1" in dash.text(".aton-app-message") and "at at" not in dash.text(".aton-app-message")
    dash.tab_by_class(0)
    assert board.bounding_box() == before
    hand = dash.hand()
    dash.assign(sorted(hand))  # the message goes away: the board stays put
    page.wait_for_function("() => !document.querySelector('.aton-app-message [role=alert]')", timeout=TIMEOUT)
    assert board.bounding_box() == before


def test_cards_being_chosen_show_on_their_cartouche_before_confirming(page: Any, voila_url: str) -> None:
    dash = DashboardPage(page, voila_url).open()
    box = GEOMETRY.card_box(aton.RED, 2)
    point = (box.x + 4, box.y + box.h - 4)  # on the card's face, away from its value
    dash.hand()
    assert max(abs(a - b) for a, b in zip(dash.pixel(point)[:3], (255, 255, 255), strict=True)) > 3
    page.locator(".aton-assign .aton-card:not([disabled])").first.click()
    page.locator(".aton-assign .aton-cartouche-slot").nth(1).click()
    dash.wait_pixel(point, PALETTE["card"], tolerance=3)  # face up on red's cartouche 2, not confirmed yet
    assert dash.status()["to-act"] == "red blue"  # not confirmed: the bot chooses its cards after red
    page.locator(".aton-assign .aton-clear").click()
    dash.wait_pixel(point, PALETTE["cartouche"], tolerance=3)


def test_the_load_button_reads_without_a_count(page: Any, voila_url: str) -> None:
    dash = DashboardPage(page, voila_url).open()
    dash.tab_by_class(3)
    button = page.locator("button.aton-load")
    label = button.evaluate("b => getComputedStyle(b, '::before').content")
    assert label == '"Load a file"'
    assert button.evaluate("b => getComputedStyle(b).fontSize") == "0px"
