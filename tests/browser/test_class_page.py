"""The class page through Voila: the teacher's code, two tables two store clients play, watching one, closing,
the results as CSV, English and French, a phone's width; and the page without a configured code.

The server here is ``./run dashboard``'s (``aton.serving.server``) with a store in a temporary folder and a
teacher's code in its environment, as ``./run dashboard --class N`` starts it.  Screenshots are saved as
``classview-*.png`` in the temporary folder.
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import dashboard_server
from dashboard_page import local_page
from playwright.sync_api import expect

import aton
from aton import rooms
from aton.widgets.shapes import LAYOUTS

pytestmark = pytest.mark.browser

CODE = "TEST-C0DE"  # normalised to TESTC0DE
SHOTS = Path(tempfile.gettempdir())
CANVAS = ".aton-class-watched canvas.aton-board"
TABLE = ".aton-class-table"
PIXEL_JS = """([selector, x, y]) => {
  const canvas = document.querySelector(selector);
  if (!canvas || !canvas.width) return null;
  return Array.from(canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data);
}"""


@pytest.fixture(scope="module")
def served(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The server with a teacher's code and its own store; yields (base URL, store URL)."""
    folder = tmp_path_factory.mktemp("class-page")
    store_url = f"sqlite:///{folder}/rooms.db"
    with dashboard_server(
        folder, {"ATON_ROOMS": store_url, "ATON_TEACHER_CODE": CODE}, "--VoilaConfiguration.default_pool_size=1"
    ) as base:
        yield base, store_url


def seated_room(store: rooms.RoomStore, seed: int, red: str = "Ana", blue: str = "Ben") -> tuple[str, dict[Any, str]]:
    """A room with two people seated (what two pages' "Play a friend" make)."""
    code = store.create(seed=seed)
    return code, {
        aton.RED: store.join(code, aton.RED, nickname=red),
        aton.BLUE: store.join(code, aton.BLUE, nickname=blue),
    }


def play_some(store: rooms.RoomStore, code: str, tokens: dict[Any, str], count: int, seed: int) -> None:
    """Random legal actions through the store, each seat from its own view."""
    generator = random.Random(seed)
    for _ in range(count):
        watch = store.watch(code)
        if watch.result is not None:
            return
        player = watch.to_act[0]
        view = store.view(code, tokens[player])
        store.play(code, tokens[player], generator.choice(view.legal_actions(player)), version=store.version(code))


def play_to_end(store: rooms.RoomStore, code: str, tokens: dict[Any, str], seed: int) -> None:
    """Play on until the game is over."""
    play_some(store, code, tokens, 10_000, seed)


def new_page(browser: Any, errors: list[str], **options: Any) -> Any:
    context = browser.new_context(accept_downloads=True, **options)
    return local_page(context, errors, timeout=60_000)


def type_code(page: Any, code: str) -> None:
    box = page.locator(".aton-class-code input")
    box.fill(code)
    box.press("Enter")


def probes() -> list[list[float]]:
    """For each layout of the board: its logical width and height, and the point of temple 1's first square
    to read (where its yellow shows, clear of any counter)."""
    points = []
    for geometry in LAYOUTS.values():
        box = geometry.square_box((1, 0))
        points.append([geometry.width, geometry.height, box.x + box.w * 0.82, box.y + box.h * 0.85])
    return points


def wait_board_drawn(page: Any) -> None:
    """Wait until the watched board shows the yellow of temple 1's first square, in the layout it draws.

    The layout (wide, upright, narrow: a phone draws the narrow one) is read at every try from the canvas's
    shape, so a board that changes its layout once it knows its width is read where it now draws."""
    page.wait_for_function(
        f"""([selector, layouts]) => {{
          const canvas = document.querySelector(selector);
          if (!canvas || !canvas.width || !canvas.height) return false;
          const ratio = canvas.width / canvas.height;
          const [w, , x, y] = layouts.reduce((best, layout) =>
            Math.abs(layout[0] / layout[1] - ratio) < Math.abs(best[0] / best[1] - ratio) ? layout : best);
          const scale = canvas.width / w;
          const p = ({PIXEL_JS})([selector, x * scale, y * scale]);
          return p && Math.abs(p[0] - 240) <= 24 && Math.abs(p[1] - 228) <= 24 && Math.abs(p[2] - 66) <= 24;
        }}""",
        arg=[CANVAS, probes()],
    )


def card(page: Any, code: str) -> Any:
    return page.locator(TABLE).filter(has=page.locator(f'[data-code="{code}"]'))


def test_the_teacher_watches_two_tables_closes_one_and_downloads_the_results(
    served: tuple[str, str], browser: Any
) -> None:
    base, store_url = served
    store = rooms.open_store(store_url)
    errors: list[str] = []
    try:
        first, first_tokens = seated_room(store, seed=101)
        play_some(store, first, first_tokens, 12, seed=1)
        second, second_tokens = seated_room(store, seed=102, red="Zoé", blue="Léo")
        play_some(store, second, second_tokens, 6, seed=2)

        page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/class")
        page.wait_for_selector(".aton-class-code input")
        assert page.locator(TABLE).count() == 0
        assert first not in page.content() and "Ana" not in page.content()
        type_code(page, "WRONG-C0DE")
        page.wait_for_selector(".aton-class-message [role=alert]")
        assert "That is not the teacher's code." in page.inner_text(".aton-class-message")
        assert page.locator(TABLE).count() == 0 and "Ana" not in page.content()

        type_code(page, "test-c0de")
        page.wait_for_function(f"document.querySelectorAll('{TABLE}').length === 2")
        texts = page.locator(TABLE).all_inner_texts()
        assert any(first in text and "Ana (Red) against Ben (Blue)" in text for text in texts)
        assert any(second in text and "Zoé (Red) against Léo (Blue)" in text for text in texts)

        # the tables follow the games: a move in the first room shows up within about a second
        before = card(page, first).inner_text()
        play_some(store, first, first_tokens, 8, seed=3)
        page.wait_for_function(
            '([code, before]) => { const t = document.querySelector(`[data-code="${code}"]`);'
            " const c = t && t.closest('.aton-class-table'); return c && c.innerText !== before; }",
            arg=[first, before],
        )

        # watch the first table: a drawn board, spectator words, and never a hand
        card(page, first).locator(".aton-class-watch").click()
        page.wait_for_selector(CANVAS)
        wait_board_drawn(page)
        assert f"Watching table {first}" in page.inner_text(".aton-class-watched")
        page.wait_for_timeout(500)
        page.screenshot(path=str(SHOTS / "classview-en.png"), full_page=True)

        # French: every word of the page
        page.locator(".aton-language button", has_text="Français").click()
        page.wait_for_function("document.querySelector('.aton-classroom h1').innerText === 'La classe'")
        page.wait_for_function(  # the page's parts arrive one message after another
            "code => document.querySelector('.aton-class-watched').innerText.includes(`Vous regardez la table ${code}`)"
            " && document.querySelector('.aton-classroom').innerText.includes('Ana (Rouge) contre Ben (Bleu)')",
            arg=first,
        )
        assert f"Vous regardez la table {first}" in page.inner_text(".aton-class-watched")
        assert "Ana (Rouge) contre Ben (Bleu)" in card(page, first).inner_text()
        page.wait_for_timeout(500)
        page.screenshot(path=str(SHOTS / "classview-fr.png"), full_page=True)

        # close the second table: asked first, then closed in the store
        card(page, second).locator(".aton-class-close").click()
        card(page, second).locator(".aton-class-cancel").click()
        page.wait_for_timeout(300)
        assert store.info(second).state == "playing"
        card(page, second).locator(".aton-class-close").click()
        expect(card(page, second)).to_contain_text("Fermer la table")
        card(page, second).locator(".aton-class-confirm").click()
        page.wait_for_function(
            "(code) => document.querySelector(`[data-code=\"${code}\"]`).innerText.includes('fermée')", arg=second
        )
        assert store.info(second).state == "closed"

        # the results: a finished game, as a table and as a CSV file
        play_to_end(store, first, first_tokens, seed=4)
        page.locator(".aton-class-results-button").click()
        page.wait_for_selector(".aton-class-results a.aton-class-download")
        assert first in page.inner_text(".aton-class-results")
        with page.expect_download() as caught:
            page.locator(".aton-class-download").click()
        download = caught.value
        assert download.suggested_filename == "results.csv"
        assert Path(download.path()).read_text(encoding="utf-8") == store.results_csv()
        page.context.close()

        # a phone (390 px, touch): no sideways scrolling, a tap watches a table
        phone = new_page(browser, errors, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        phone.goto(f"{base}/class")
        phone.wait_for_selector(".aton-class-code input")
        type_code(phone, CODE)
        phone.wait_for_selector(TABLE)
        card(phone, first).locator(".aton-class-watch").tap()
        phone.wait_for_selector(CANVAS)
        narrow = LAYOUTS["narrow"]
        phone.wait_for_function(  # the board starts wide, then takes the narrow layout once it knows its width
            "([selector, ratio]) => { const c = document.querySelector(selector);"
            " return c && c.height && Math.abs(c.width / c.height - ratio) < 0.05; }",
            arg=[CANVAS, narrow.width / narrow.height],
        )
        wait_board_drawn(phone)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide at 390 px"
        phone.screenshot(path=str(SHOTS / "classview-phone.png"), full_page=True)
        phone.context.close()
    finally:
        store.dispose()
    assert not errors, f"the page raised errors: {errors}"


@pytest.mark.skipif(bool(os.environ.get("ATON_TEACHER_CODE")), reason="this run's environment sets a code")
def test_without_a_code_the_class_page_says_how_to_set_one(voila_url: str, page: Any) -> None:
    page.goto(f"{voila_url}/class")
    page.wait_for_selector(".aton-class-gate")
    page.wait_for_function("document.querySelector('.aton-class-gate').innerText.includes('ATON_TEACHER_CODE')")
    assert page.locator(".aton-class-code input").is_visible() is False
    assert page.locator(TABLE).count() == 0
