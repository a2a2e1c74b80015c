"""A class served from one machine reaches the tutorials: the front page, a tutorial in each language, an exercise.

The session's server is the one ``./run dashboard`` starts (the dashboard at ``/``); its front page
(``/home``) links the dashboard, every tutorial in English and in French, and the class page.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

TUTORIAL_TIMEOUT = 120_000  # a tutorial runs all its cells in a fresh kernel before its last exercise shows


def answer_first_exercise(page: Any) -> tuple[str, str]:
    """Give the page's first exercise an answer and check it: (the check button's words, the feedback)."""
    page.wait_for_selector(".aton-exercise .aton-exercise-check", timeout=TUTORIAL_TIMEOUT)
    exercise = page.locator(".aton-exercise").first
    exercise.scroll_into_view_if_needed()
    choices = exercise.locator(".aton-exercise-answer button")
    if choices.count():
        choices.first.click()
    else:
        exercise.locator(".aton-exercise-answer select").first.select_option(index=1)
    check = exercise.locator(".aton-exercise-check").first
    words = check.inner_text().strip()
    check.click()
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
        page.goto(f"{voila_url}/home")
        page.locator(f'section#{lang} a[href$="/{link}"]').click()
        page.wait_for_url(f"**/tutorials/{'fr/' if lang == 'fr' else ''}{link}")
        words, feedback = answer_first_exercise(page)
        assert words == check_words, (lang, words)
        assert feedback, lang

    page.goto(f"{voila_url}/home")
    page.locator('section#fr a[href="./"]').click()
    page.wait_for_url(f"{voila_url}/")
    assert page.request.get(f"{voila_url}/tutorials/fr/99-none.ipynb").status == 404
    assert page.request.get(f"{voila_url}/tutorials/..%2Frun").status == 404
