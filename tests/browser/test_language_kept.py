"""The page's language: the browser's at the first visit, ``?lang=`` over it, and the choice kept by the browser.

Every page of the server follows the same rules: the dashboard, the class page, the front page (which offers the
tutorials in that language) and the tutorials (``?lang=`` leads to the same tutorial in that language).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from dashboard_page import STATUS, local_page

pytestmark = pytest.mark.browser

ROUND_WORD = {"en": "Round 1", "fr": "Manche 1"}


@pytest.fixture
def french_browser(browser: Any) -> Iterator[Any]:
    """A browser set to French (``navigator.language`` is ``fr-FR``)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="fr-FR")
    yield context
    context.close()


def dashboard_speaks(page: Any, lang: str) -> None:
    """Wait until the dashboard speaks ``lang`` (its status line and the page's ``lang``)."""
    page.wait_for_selector(STATUS, state="attached", timeout=60_000)
    page.wait_for_function(
        "([word, lang]) => document.querySelector('.aton-status-line').textContent.includes(word)"
        " && document.documentElement.lang === lang",
        arg=[ROUND_WORD[lang], lang],
        timeout=30_000,
    )


def test_a_french_browser_gets_french_and_the_address_wins(french_browser: Any, voila_url: str) -> None:
    errors: list[str] = []
    page = local_page(french_browser, errors)
    assert page.evaluate("navigator.language") == "fr-FR"
    page.goto(f"{voila_url}/")
    dashboard_speaks(page, "fr")
    assert page.locator(".aton-language button.mod-active").inner_text() == "Français"

    page.goto(f"{voila_url}/?lang=en")  # the address wins over the browser, and is kept
    dashboard_speaks(page, "en")
    page.wait_for_function("() => window.localStorage.getItem('aton-lang') === 'en'")
    page.goto(f"{voila_url}/")
    dashboard_speaks(page, "en")
    assert not errors, errors


def test_the_language_tapped_is_kept_for_the_next_visit(page: Any, voila_url: str) -> None:
    page.goto(f"{voila_url}/")
    dashboard_speaks(page, "en")  # an English browser: English
    page.locator(".aton-language button", has_text="Français").click()
    dashboard_speaks(page, "fr")
    page.wait_for_function("() => window.localStorage.getItem('aton-lang') === 'fr'")
    page.reload()
    dashboard_speaks(page, "fr")
    # the class page of the same browser speaks it too
    page.goto(f"{voila_url}/class")
    page.wait_for_function(
        "() => { const h = document.querySelector('.aton-classroom h1'); return h && h.innerText === 'La classe'; }",
        timeout=60_000,
    )


def test_the_class_page_speaks_the_browsers_language(french_browser: Any, voila_url: str) -> None:
    errors: list[str] = []
    page = local_page(french_browser, errors)
    page.goto(f"{voila_url}/class")
    page.wait_for_function(
        "() => { const h = document.querySelector('.aton-classroom h1'); return h && h.innerText === 'La classe'; }",
        timeout=60_000,
    )
    page.goto(f"{voila_url}/class?lang=en")
    page.wait_for_function(
        "() => { const h = document.querySelector('.aton-classroom h1'); return h && h.innerText === 'The class'; }",
        timeout=60_000,
    )
    assert not errors, errors


def test_the_front_page_offers_the_tutorials_in_the_kept_language(french_browser: Any, voila_url: str) -> None:
    errors: list[str] = []
    page = local_page(french_browser, errors)
    page.goto(f"{voila_url}/home")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator("section#fr").is_visible() and not page.locator("section#en").is_visible()
    assert page.locator("section#fr ol li a:visible").count() == 9
    assert "Tutoriels" in page.locator("main").inner_text()

    page.locator('nav a[data-lang="en"]').click()  # the other language, chosen and kept
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.locator("section#en ol li a:visible").count() == 9 and not page.locator("section#fr").is_visible()
    page.goto(f"{voila_url}/home")
    assert page.evaluate("document.documentElement.lang") == "en"

    # a tutorial asked for in French: the same tutorial in French, and French kept
    page.goto(f"{voila_url}/tutorials/05-scoring.ipynb?lang=fr")
    page.wait_for_url("**/tutorials/fr/05-le-decompte.ipynb")
    assert page.evaluate("window.localStorage.getItem('aton-lang')") == "fr"
    page.goto(f"{voila_url}/home")
    assert page.locator("section#fr").is_visible() and not page.locator("section#en").is_visible()
    assert not errors, errors
