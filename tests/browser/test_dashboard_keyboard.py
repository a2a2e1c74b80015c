"""A whole game against the bot with the keyboard only: no mouse event reaches the page.

The player Tabs into the board, leaves it with Tab for the card panel, lays the cards and confirms
with Enter, skips the steps, and places counters with the arrow keys and Enter.  After each of
their actions the test waits for the focus to be where the next action is (the dashboard moves it
there), and never clicks.  Every wait is on a state of the page, so a loaded machine only makes it slower.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from dashboard_page import BOARD, LEGAL_CELLS, STATUS, TIMEOUT, DashboardPage, local_page, settled

from aton import data
from aton.widgets.scene import NARROW

pytestmark = pytest.mark.browser

CARD = ".aton-assign .aton-card"
SLOT = ".aton-assign .aton-cartouche-slot"
CONFIRM = ".aton-assign .aton-confirm"
NEXT = ".aton-next-step"
SKIP = ".aton-skip"
CURSOR = ".aton-board-area .aton-hover [data-cursor]"
ACTING = ("remove", "place", "scoring_remove")
IN_VIEW_JS = "(y) => y >= 0 && y <= window.innerHeight"
"""Whether a point ``y`` CSS pixels from the top of the window is on the screen."""

# mouse and pointer events reaching the page, counted from the start (the keyboard makes none)
COUNT_MOUSE_JS = """() => {
  window.__atonMouse = 0;
  for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'touchstart'])
    document.addEventListener(kind, () => { window.__atonMouse += 1; }, {capture: true, passive: true});
}"""


PRESS_PAUSE_MS = 40
"""Between two presses of :meth:`KeyboardPlayer.press_until`: as a person types, not 40 keys at once."""


class KeyboardPlayer:
    """Drives the dashboard with key presses only, reading the page's state to decide."""

    def __init__(self, page: Any, dash: DashboardPage) -> None:
        self.page = page
        self.arrows = 0
        """Arrow keys pressed to reach the squares played."""
        self.dash = dash

    def focused(self, selector: str) -> bool:
        return bool(
            self.page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector)
        )

    def wait_focus(self, selector: str) -> None:
        """Wait until the element matching ``selector`` has the keyboard focus."""
        self.page.wait_for_function(
            "(s) => !!document.activeElement && document.activeElement.matches(s)", arg=selector, timeout=TIMEOUT
        )

    def press_until(self, key: str, selector: str, limit: int = 40) -> None:
        """Press ``key`` until the focus is on an element matching ``selector``."""
        for _ in range(limit):
            if self.focused(selector):
                return
            self.page.keyboard.press(key)
            self.page.wait_for_timeout(PRESS_PAUSE_MS)  # the kernel may move the focus after a key
        here = self.page.evaluate("() => document.activeElement && document.activeElement.outerHTML.slice(0, 120)")
        raise AssertionError(f"{key} never reached {selector}; the focus is on {here}")

    def wait_shown_change(self, before: str) -> None:
        self.page.wait_for_function(
            f"(s) => document.querySelector('{STATUS}').dataset.shown !== s", arg=before, timeout=TIMEOUT
        )

    def wait_settled(self) -> dict[str, str]:
        """Wait until nothing moves by itself: steps to watch, or a live board with no bot thinking."""
        self.page.wait_for_function(
            f"() => {{ const d = document.querySelector('{STATUS}').dataset;"
            " return d.over === 'true' || d.pending !== '0' || (d.live === 'true' && !d.thinking.includes('bot')); }",
            timeout=TIMEOUT,
        )
        return self.dash.status()

    # ------------------------------------------------------------ the three kinds of action
    def lay_cards(self) -> None:
        """Put the cards in hand on cartouches 1-4 with Tab, Shift+Tab and Enter, then confirm."""
        self.wait_focus(f"{CARD}:not([disabled])")
        for number in range(1, data.CARTOUCHE_COUNT + 1):
            self.press_until("Shift+Tab", f"{CARD}:not([disabled])")
            self.page.keyboard.press("Enter")  # choose the card
            self.press_until("Tab", f"{SLOT}:nth-child({number})")
            self.page.keyboard.press("Enter")  # lay it on cartouche `number`
            self.page.wait_for_function(
                f"() => document.querySelectorAll('{CARD}[disabled]').length >= {number}", timeout=TIMEOUT
            )
        self.press_until("Tab", f"{CONFIRM}:not([disabled])")
        before = self.dash.status()["shown"]
        self.page.keyboard.press("Enter")
        self.wait_shown_change(before)

    def skip_steps(self) -> None:
        """From "Next step" (where the focus is), Tab to the skip button and press it."""
        before = self.dash.status()["shown"]
        self.press_until("Tab", SKIP, limit=6)
        self.page.keyboard.press("Enter")
        self.wait_shown_change(before)

    def cursor(self) -> tuple[int, int] | None:
        found = self.page.query_selector(CURSOR)
        if found is None:
            return None
        temple, index = str(found.get_attribute("data-cursor")).split("-")
        return int(temple), int(index)

    def wait_cursor(self, square: tuple[int, int], timeout: float = TIMEOUT) -> None:
        self.page.wait_for_function(
            f"(s) => {{ const e = document.querySelector('{CURSOR}'); return e && e.dataset.cursor === s; }}",
            arg=f"{square[0]}-{square[1]}",
            timeout=timeout,
        )

    def settled_board(self) -> tuple[tuple[int, int] | None, list[tuple[int, int]]]:
        """The cursor and the legal squares once they stay the same twice in a row, 0.4 s apart, with the cursor
        (if shown) on a legal square: on a loaded machine the board's squares and its cursor, which moves on by
        itself after a placement, arrive one after the other."""
        return settled(
            lambda: (self.cursor(), self.dash.legal_squares()),
            lambda seen: bool(seen[1]) and (seen[0] is None or seen[0] in seen[1]),
            pause=0.4,
        )

    def play_square(self) -> tuple[int, int]:
        """Move the board's cursor to the nearest legal square with the arrow keys and press Enter; the square
        played.  Where the cursor is not where the keys should have brought it (it moved by itself meanwhile),
        look again and move from there, as a person does."""
        start, legal = self.settled_board()
        if start is None:
            self.page.keyboard.press("Enter")  # the first Enter shows the cursor on the first legal square
            self.wait_cursor(legal[0])
            start = legal[0]
        target = min(legal, key=lambda square: distance(start, square))
        for _ in range(3):
            (row, wide), (to_row, to_wide) = grid(start), grid(target)
            keys = ["ArrowDown" if to_row > row else "ArrowUp"] * abs(to_row - row)
            keys += ["ArrowRight" if to_wide > wide else "ArrowLeft"] * abs(to_wide - wide)
            for key in keys:
                self.page.keyboard.press(key)
            self.arrows += len(keys)
            try:
                self.wait_cursor(target, timeout=10_000)
                break
            except Exception as error:  # Playwright's timeout: the cursor is elsewhere
                if "Timeout" not in type(error).__name__:
                    raise
                start, legal = self.settled_board()
                assert start is not None and target in legal, (start, target, legal)
        else:
            raise AssertionError(f"the arrow keys never brought the cursor to {target}: it is on {self.cursor()}")
        before = self.dash.status()["shown"]
        self.page.keyboard.press("Enter")
        self.wait_shown_change(before)
        return target


def grid(square: tuple[int, int]) -> tuple[int, int]:
    """Row and column of a square on the board's grid of temples side by side (the arrow keys' grid)."""
    temple, index = square
    row, column = divmod(index, data.COLUMNS_PER_TEMPLE)
    return row, (temple - 1) * data.COLUMNS_PER_TEMPLE + column


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    (row, wide), (to_row, to_wide) = grid(a), grid(b)
    return abs(row - to_row) + abs(wide - to_wide)


def test_a_whole_game_with_the_keyboard_only(page: Any, voila_url: str) -> None:
    page.add_init_script(f"({COUNT_MOUSE_JS})()")
    dash = DashboardPage(page, voila_url).open()
    player = KeyboardPlayer(page, dash)
    assert dash.status()["mode"] == "bot"
    human = dash.status().get("human", "red")

    # Tab from the top of the page reaches the board; the canvas does not keep Tab: it leaves for the cards
    player.press_until("Tab", BOARD)
    help_text = dash.text(".aton-board-area .aton-keys-help")
    assert "Escape" in help_text and "Enter" in help_text, help_text
    page.keyboard.press("Tab")
    player.wait_focus(f"{CARD}:not([disabled])")
    page.keyboard.press("Shift+Tab")  # and Shift+Tab on a card goes back up the page, out of the panel
    page.wait_for_function(f"() => !document.activeElement.matches('{CARD}')", timeout=TIMEOUT)
    player.press_until("Tab", BOARD)
    page.keyboard.press("Escape")  # Escape leaves the board too
    player.wait_focus(f"{CARD}:not([disabled])")

    rounds: set[str] = set()
    placed: list[tuple[int, int]] = []
    for _ in range(2000):
        status = player.wait_settled()
        if status["over"] == "true":
            break
        rounds.add(status["round"])
        if status["pending"] != "0":
            player.wait_focus(NEXT)  # after the player's action the focus waits on "Next step"
            player.skip_steps()
        elif status["phase"] == "assign":
            player.lay_cards()
            player.wait_focus(f"{NEXT}, {BOARD}")  # the focus left Confirm for the next action
        elif status["to-act"] == human and status["phase"] in ACTING:
            player.wait_focus(BOARD)  # the focus is on the board when the player must choose a square
            page.wait_for_function(f"() => document.querySelectorAll('{LEGAL_CELLS}').length > 0", timeout=TIMEOUT)
            placed.append(player.play_square())
        else:
            raise AssertionError(f"nothing to do for the keyboard, and nothing moves: {json.dumps(status)}")
    else:
        raise AssertionError("the game never ended")

    status = dash.status()
    assert status["over"] == "true" and status["seed"] != "", status
    assert len(rounds) >= 2 and placed, (rounds, placed)
    # after each placement the cursor went on to the next legal square: most squares need no arrow at all
    print(f"keyboard game: {len(placed)} squares played with {player.arrows} arrow presses")
    assert player.arrows < len(placed), (player.arrows, len(placed))
    assert page.locator(".aton-result").inner_text().strip()
    assert page.evaluate("() => window.__atonMouse") == 0, "a mouse or pointer event reached the page"
    print(f"keyboard game: {len(rounds)} rounds, {len(placed)} squares chosen, final {status}")


# where the focus is, as one word of the play order
PLACE_JS = """() => {
  const e = document.activeElement;
  if (!e || !e.closest('.aton-dashboard')) return 'out';
  if (e.matches('canvas.aton-board')) return 'board';
  if (e.closest('.aton-assign')) return 'cards';
  if (e.closest('.aton-steps')) return 'steps';
  if (e.matches('.aton-right > .lm-TabBar .lm-TabBar-tab')) return 'tabs';
  if (e.matches('.aton-left > .lm-TabBar .lm-TabBar-tab')) return 'board-tabs';
  return 'other:' + e.tagName + '.' + String(e.className).slice(0, 60);
}"""


def test_tab_goes_board_cards_steps_tabs_then_on(page: Any, voila_url: str) -> None:
    dash = DashboardPage(page, voila_url).open()
    player = KeyboardPlayer(page, dash)
    player.press_until("Tab", BOARD)
    forward = ["board"]
    for _ in range(40):  # real Tab presses, one at a time, until the focus leaves the dashboard
        page.keyboard.press("Tab")
        if forward[-1] == "board":  # Tab on the board goes through the kernel
            page.wait_for_function("() => !document.activeElement.matches('canvas.aton-board')", timeout=TIMEOUT)
        place = page.evaluate(PLACE_JS)
        if forward[-1] != place:
            forward.append(place)
        if place in ("tabs", "out"):
            break
    assert forward == ["board", "cards", "steps", "tabs"], forward
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Play"

    # Shift+Tab goes the same way back: from the tabs to the step controls, the cards, the board, the tabs above it
    backward = ["tabs"]
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        place = page.evaluate(PLACE_JS)
        if backward[-1] != place:
            backward.append(place)
        if place == "board-tabs":
            break
    assert backward == ["tabs", "steps", "cards", "board", "board-tabs"], backward

    # and from the tabs, Tab goes on to the rest of the page (no loop back into the panel)
    player.press_until("Tab", ".aton-right > .lm-TabBar .lm-TabBar-tab")
    page.keyboard.press("Tab")
    assert page.evaluate(PLACE_JS) == "out"

    # another panel than Play: Tab on the board goes to that panel's first control, then its tabs, then on
    dash.tab("Coach")
    player.press_until("Tab", BOARD)
    page.keyboard.press("Tab")
    player.wait_focus(".aton-hint-button")
    player.press_until("Tab", ".aton-right > .lm-TabBar .lm-TabBar-tab")
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Coach"
    page.keyboard.press("Tab")
    assert page.evaluate(PLACE_JS) == "out"


def test_on_a_phone_the_keyboard_sees_where_it_acts(browser: Any, voila_url: str) -> None:
    """390 x 844, French: the board is taller than the screen and the panels are below it.  When the focus comes
    back to the board (red must place) the page brings the first square to choose into view, and the cursor
    stays in view while the arrow keys move it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    errors: list[str] = []
    page = local_page(context, errors)
    try:
        dash = DashboardPage(page, voila_url, NARROW).open()
        page.wait_for_selector(".aton-dashboard.aton-layout-phone")
        page.locator(".aton-language button", has_text="Français").click()
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        player = KeyboardPlayer(page, dash)
        player.press_until("Tab", BOARD)
        page.keyboard.press("Tab")
        player.wait_focus(f"{CARD}:not([disabled])")
        player.lay_cards()
        for _ in range(40):
            status = player.wait_settled()
            if status["pending"] != "0":
                player.wait_focus(NEXT)  # the step buttons, below the board: in view when focused
                assert page.evaluate(
                    IN_VIEW_JS, page.evaluate("() => document.activeElement.getBoundingClientRect().top")
                )
                player.skip_steps()
            elif status["to-act"] == status.get("human", "red") and status["phase"] in ACTING:
                break
        else:
            raise AssertionError("red never had to place")
        player.wait_focus(BOARD)
        legal = dash.legal_squares()

        def wait_in_view(square: tuple[int, int]) -> None:
            for _ in range(100):
                y = dash.canvas_point(NARROW.square_box(square).center)[3]
                if page.evaluate(IN_VIEW_JS, y):
                    return
                page.wait_for_timeout(100)
            raise AssertionError(f"square {square} is off the screen (at y = {y:.0f})")

        wait_in_view(legal[0])
        page.keyboard.press("Enter")  # the cursor shows on the first square to choose
        player.wait_cursor(legal[0])
        for key in ["ArrowDown"] * 8:  # down through the temples, taller than the screen
            page.keyboard.press(key)
        page.wait_for_function(
            f"() => document.querySelector('{CURSOR}').dataset.cursor !== '{legal[0][0]}-{legal[0][1]}'"
        )
        page.wait_for_timeout(500)
        square = player.cursor()
        assert square is not None
        wait_in_view(square)
        assert not errors, errors
    finally:
        context.close()
