"""Seats given back, by the keyboard alone on a phone-sized window (390 x 844) in French: the class page's Seats
form hands a seat on, and the dashboard's "Leave the room" choices (end, keep, stay) answer Tab and Enter.

No mouse event reaches the pages (counted).  Each step presses Tab until the control wanted has the focus (as a
person does, a key at a time), checks that the focused control is on the screen and that nothing is wider than
the window, and saves a screenshot in ``$TMPDIR/seats-keyboard`` (``seats-keyboard-*.png``).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import dashboard_server
from dashboard_page import TIMEOUT, local_page

import aton
from aton import rooms

pytestmark = pytest.mark.browser

CODE = "SEAT-K3Y"
PHONE = {"width": 390, "height": 844}
SHOTS = Path(tempfile.gettempdir()) / "seats-keyboard"
COUNT_MOUSE_JS = """() => {
  window.__atonMouse = 0;
  for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'touchstart'])
    document.addEventListener(kind, () => { window.__atonMouse += 1; }, {capture: true, passive: true});
}"""


@pytest.fixture(scope="module")
def served(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    folder = tmp_path_factory.mktemp("seats-keyboard")
    store_url = f"sqlite:///{folder}/rooms.db"
    with dashboard_server(folder, {"ATON_ROOMS": store_url, "ATON_TEACHER_CODE": CODE}) as base:
        yield base, store_url


class Keys:
    """A page driven by the keyboard only."""

    def __init__(self, page: Any, name: str) -> None:
        self.page, self.name, self.shots = page, name, 0

    def focused(self, selector: str) -> bool:
        return bool(
            self.page.evaluate(
                "(s) => { const e = document.activeElement; return !!e && (e.matches(s) || !!e.closest(s)); }",
                selector,
            )
        )

    def tab_to(self, selector: str, limit: int = 120, key: str = "Tab") -> int:
        """Press Tab until the focus is on (or in) ``selector``; how many presses it took."""
        for count in range(1, limit + 1):
            on_board = self.focused("canvas.aton-board")
            self.page.keyboard.press(key)
            if on_board:  # the board keeps every key: the page's kernel moves the focus on, when it can
                self.page.wait_for_function(
                    "() => !document.activeElement?.matches('canvas.aton-board')", timeout=TIMEOUT
                )
            if self.focused(selector):
                self.check_focus_shown()
                return count
        raise AssertionError(f"{self.name}: {limit} presses of {key} never reached {selector}")

    def check_focus_shown(self) -> None:
        """The focused control is on the screen (scrolled to) and the page is no wider than the window."""
        box = self.page.evaluate(
            "() => { const r = document.activeElement.getBoundingClientRect();"
            " return [r.left, r.right, r.top, r.bottom, document.documentElement.scrollWidth, window.innerWidth]; }"
        )
        left, right, top, bottom, scroll_width, width = box
        assert scroll_width <= width + 1, f"{self.name}: the page is {scroll_width} px wide in a {width} px window"
        assert left >= -1 and right <= width + 1, f"{self.name}: the focused control sticks out: {box}"
        assert bottom >= 0 and top <= PHONE["height"], f"{self.name}: the focused control is off the screen: {box}"

    def shot(self, what: str) -> None:
        self.shots += 1
        SHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"seats-keyboard-{self.name}-{self.shots:02d}-{what}.png"))

    def mouse_events(self) -> int:
        return int(self.page.evaluate("() => window.__atonMouse"))


def phone_page(browser: Any, errors: list[str], made: list[Any], saved: str | None = None) -> Any:
    context = browser.new_context(viewport=PHONE, is_mobile=False, locale="fr-FR")
    made.append(context)
    context.add_init_script(f"({COUNT_MOUSE_JS})();")
    if saved is not None:
        context.add_init_script(f"window.localStorage.setItem('aton-room', {json.dumps(saved)});")
    return local_page(context, errors, timeout=60_000)


@pytest.fixture
def made(browser: Any) -> Iterator[list[Any]]:
    contexts: list[Any] = []
    yield contexts
    for context in contexts:
        context.close()


def test_the_seats_form_by_keyboard_on_a_phone_in_french(
    browser: Any, served: tuple[str, str], made: list[Any]
) -> None:
    store = rooms.open_store(served[1])
    try:
        code = store.create(seed=5)
        store.join(code, aton.RED, nickname="Ana")
        store.join(code, aton.BLUE, nickname="Ben")
    finally:
        store.dispose()
    errors: list[str] = []
    page = phone_page(browser, errors, made)
    page.goto(served[0] + "/class?lang=fr")
    keys = Keys(page, "class")
    page.wait_for_selector(".aton-class-code input", timeout=TIMEOUT)
    keys.tab_to(".aton-class-code input")
    page.keyboard.type(CODE)
    page.keyboard.press("Enter")
    card = f".aton-class-table:has([data-code='{code}'])"
    page.wait_for_selector(card, timeout=TIMEOUT)
    keys.shot("tables")
    keys.tab_to(f"{card} .aton-class-seats")
    keys.shot("seats-focused")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{card} .aton-class-seats-form .aton-class-give", state="visible", timeout=TIMEOUT)
    keys.shot("form")
    keys.tab_to(f"{card} .aton-class-seat-colour button:nth-child(2)")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(s) => document.querySelector(s)?.classList.contains('mod-active')",
        arg=f"{card} .aton-class-seat-colour button:nth-child(2)",
        timeout=TIMEOUT,
    )
    keys.tab_to(f"{card} .aton-class-seat-name input")
    page.keyboard.type("Dan")
    keys.shot("form-filled")
    keys.tab_to(f"{card} .aton-class-give")
    page.keyboard.press("Enter")
    page.wait_for_selector(".aton-class-handed .aton-class-qr svg", timeout=TIMEOUT)
    keys.shot("handed")
    handed = page.locator(".aton-class-handed").inner_text()
    assert "Dan" in handed and "Bleu" in handed, handed
    assert keys.mouse_events() == 0
    assert not errors, errors


def wait_focus(page: Any, selector: str) -> None:
    """Wait until the keyboard's focus is on ``selector`` (the page moved it there: no key pressed)."""
    page.wait_for_function(
        "(s) => !!document.activeElement && document.activeElement.matches(s)", arg=selector, timeout=TIMEOUT
    )


def leave_asks(keys: Keys, page: Any) -> None:
    """With the keyboard: to the room's tab (the fourth), then "Leave the room", which asks; the focus is then on
    "Stay", the harmless answer, without a key more."""
    keys.tab_to(".aton-right .lm-TabBar-tab.lm-mod-current")
    for _ in range(4):  # the tabs answer the arrow keys; Enter shows the tab focused
        if page.evaluate("() => document.activeElement === document.querySelectorAll('.aton-right .lm-TabBar-tab')[3]"):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector(".aton-friend-leave", state="visible", timeout=TIMEOUT)
    keys.tab_to(".aton-friend-leave")
    keys.shot("leave-focused")
    page.keyboard.press("Enter")
    page.wait_for_selector(".aton-friend-stay", state="visible", timeout=TIMEOUT)
    wait_focus(page, ".aton-friend-stay")
    keys.check_focus_shown()


def test_the_leave_choices_by_keyboard_on_a_phone_in_french(
    browser: Any, served: tuple[str, str], made: list[Any]
) -> None:
    store = rooms.open_store(served[1])
    try:
        code = store.create(seed=5)
        ana_key = store.join(code, aton.RED, nickname="Ana")
        store.join(code, aton.BLUE, nickname="Ben")
    finally:
        store.dispose()
    errors: list[str] = []
    page = phone_page(browser, errors, made, saved=json.dumps({"code": code, "token": ana_key}))
    page.goto(served[0] + "/?lang=fr")
    page.wait_for_selector(".aton-status-line[data-mode='friend']", state="attached", timeout=TIMEOUT)
    keys = Keys(page, "leave")
    keys.shot("seated")
    leave_asks(keys, page)
    keys.shot("asks")
    text = page.locator(".aton-friend-leave-ask").inner_text()
    assert "Ben" in text, text
    # Stay: nothing changes, and the focus is back on "Leave the room"
    keys.shot("stay-focused")
    page.keyboard.press("Enter")
    page.wait_for_selector(".aton-friend-stay", state="hidden", timeout=TIMEOUT)
    wait_focus(page, ".aton-friend-leave")
    page.wait_for_selector(".aton-status-line[data-mode='friend']", state="attached", timeout=TIMEOUT)
    # Keep my seat (Shift+Tab from "Stay"): the link to come back by
    page.keyboard.press("Enter")
    wait_focus(page, ".aton-friend-stay")
    keys.tab_to(".aton-friend-keep", limit=3, key="Shift+Tab")
    keys.shot("keep-focused")
    page.keyboard.press("Enter")
    page.wait_for_selector(".aton-friend-kept-link a", timeout=TIMEOUT)
    keys.shot("kept")
    print("Tab presses from the page's top to the kept link:", keys.tab_to(".aton-friend-kept-link a"))
    keys.shot("kept-link-focused")
    # back in the room by the browser's kept seat (a reload), then end the game: Ben wins by forfeit
    page.reload()
    page.wait_for_selector(".aton-status-line[data-mode='friend']", state="attached", timeout=TIMEOUT)
    page.wait_for_selector(".aton-friend-leave", state="attached", timeout=TIMEOUT)
    leave_asks(keys, page)
    keys.tab_to(".aton-friend-end", limit=3, key="Shift+Tab")
    keys.shot("end-focused")
    page.keyboard.press("Enter")
    page.wait_for_selector(".aton-status-line[data-mode='bot']", state="attached", timeout=TIMEOUT)
    keys.shot("ended")
    store = rooms.open_store(served[1])
    try:
        assert store.info(code).state == "over"
    finally:
        store.dispose()
    assert keys.mouse_events() == 0
    assert not errors, errors
