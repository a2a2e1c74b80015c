"""A class served from one machine reaches the tutorials: the front page, a tutorial in each language, an exercise.

The session's server is the one ``./run dashboard`` starts (the dashboard at ``/``); its front page
(``/home``) links the dashboard, every tutorial in English and in French, and the class page.
"""

from __future__ import annotations

from typing import Any

import pytest
from dashboard_page import local_page

from aton.widgets.scene import NARROW

pytestmark = pytest.mark.browser

TUTORIAL_TIMEOUT = 120_000  # a tutorial runs all its cells in a fresh kernel before its last exercise shows


def answer_first_exercise(page: Any, touch: bool = False) -> tuple[str, str]:
    """Give the page's first exercise an answer and check it: (the check button's words, the feedback).

    ``touch``: with taps (the page must have touch), else with clicks."""
    page.wait_for_selector(".aton-exercise .aton-exercise-check", timeout=TUTORIAL_TIMEOUT)
    exercise = page.locator(".aton-exercise").first
    exercise.scroll_into_view_if_needed()
    choices = exercise.locator(".aton-exercise-answer button")
    if choices.count():
        choices.first.tap() if touch else choices.first.click()
    else:
        exercise.locator(".aton-exercise-answer select").first.select_option(index=1)
    check = exercise.locator(".aton-exercise-check").first
    words = check.inner_text().strip()
    check.tap() if touch else check.click()
    feedback = exercise.locator(".aton-exercise-feedback").first
    page.wait_for_function(
        "(box) => box.classList.contains('aton-exercise-right') || box.classList.contains('aton-exercise-wrong')",
        arg=feedback.element_handle(),
        timeout=30_000,
    )
    return words, feedback.inner_text().strip()


def test_the_front_page_leads_to_a_tutorial_in_each_language_whose_exercise_answers(page: Any, voila_url: str) -> None:
    page.goto(f"{voila_url}/home")
    for lang in ("en", "fr"):
        assert page.locator(f"section#{lang} ol li a").count() == 9, lang
    assert page.locator("section#fr").inner_text().count("Tutoriels") == 1
    assert page.locator('section#en a[href="./"]').count() == 1
    assert page.locator('section#en a[href="class"]').count() == 1

    for lang, link, check_words in (("en", "01-the-board.ipynb", "Check"), ("fr", "01-le-plateau.ipynb", "Vérifier")):
        page.goto(f"{voila_url}/home?lang={lang}")  # the page shows one language: the one asked for
        page.locator(f'section#{lang} a[href$="/{link}"]').click()
        page.wait_for_url(f"**/tutorials/{'fr/' if lang == 'fr' else ''}{link}")
        words, feedback = answer_first_exercise(page)
        assert words == check_words, (lang, words)
        assert feedback, lang

    page.goto(f"{voila_url}/home?lang=fr")
    page.locator('section#fr a[href="./"]').click()
    page.wait_for_url(f"{voila_url}/")
    assert page.request.get(f"{voila_url}/tutorials/fr/99-none.ipynb").status == 404
    assert page.request.get(f"{voila_url}/tutorials/..%2Frun").status == 404


def test_a_tutorial_on_a_phone_draws_its_boards_for_the_phone(browser: Any, voila_url: str) -> None:
    """At 390 x 844 (touch) a tutorial's boards take the narrow geometry (temples two by two), the page does not
    scroll sideways, and the exercise answers to taps."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    errors: list[str] = []
    page = local_page(context, errors)
    try:
        page.goto(f"{voila_url}/tutorials/fr/01-le-plateau.ipynb")
        page.wait_for_selector(".aton-exercise .aton-exercise-check", timeout=TUTORIAL_TIMEOUT)
        narrow = round(NARROW.width * 2)  # a tutorial's board draws at twice its size
        page.wait_for_function(
            "(w) => { const boards = [...document.querySelectorAll('canvas.aton-board')];"
            " return boards.length > 0 && boards.every((c) => c.width === w); }",
            arg=narrow,
            timeout=TUTORIAL_TIMEOUT,
        )
        shown = page.eval_on_selector("canvas.aton-board", "c => c.getBoundingClientRect().width")
        assert NARROW.square * shown / NARROW.width >= 33, shown  # was 17 px with the wide board shrunk
        assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        scroller = page.evaluate(
            "() => { const r = document.querySelector('#rendered_cells');"
            " return r ? r.scrollWidth <= r.clientWidth : true; }"
        )
        assert scroller, "the tutorial scrolls sideways on a phone"
        words, feedback = answer_first_exercise(page, touch=True)
        assert words == "Vérifier" and feedback
        assert not errors, errors
    finally:
        context.close()
