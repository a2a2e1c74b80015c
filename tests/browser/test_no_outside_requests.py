"""No request leaves the server: the dashboard, the class page, the front page and a tutorial ask this machine only.

A school network may have no internet, and a page that reaches for another server (Voila's template took
Font Awesome from a public CDN) waits for it and tells that server who opens it.  Every request of each page
is recorded (requests elsewhere are also blocked, so none leaves during the test), and any address other
than the server's fails the test.  The icons still show: Voila's own scripts bring Font Awesome, served here.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import PageErrors
from dashboard_page import DashboardPage, local_page

pytestmark = pytest.mark.browser

TUTORIAL = "/tutorials/02-a-round.ipynb"
ICON_FONT_JS = """async () => {
  await document.fonts.ready;
  return Array.from(document.fonts).filter((f) => f.family.includes('Font Awesome') && f.status === 'loaded').length;
}"""


def recorded(page: Any) -> list[str]:
    """Every request ``page`` makes from now on (its address), those blocked included."""
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def outside(urls: list[str], base: str) -> list[str]:
    """The addresses that are not the server's (``data:`` and ``blob:`` stay in the page)."""
    websocket = base.replace("http://", "ws://", 1)
    return [url for url in urls if not url.startswith((base + "/", websocket + "/", "data:", "blob:"))]


def test_the_recorder_sees_a_request_to_another_server(browser: Any, voila_url: str, page_errors: PageErrors) -> None:
    context = browser.new_context()
    try:
        page = local_page(context, page_errors)
        urls = recorded(page)
        page.goto(f"{voila_url}/home")
        page.evaluate("() => fetch('https://cdn.jsdelivr.net/npm/nothing.css').catch(() => null)")
        page.wait_for_timeout(200)
        assert outside(urls, voila_url) == ["https://cdn.jsdelivr.net/npm/nothing.css"]  # blocked, and seen
    finally:
        context.close()


def test_every_page_asks_this_server_only(browser: Any, voila_url: str, page_errors: PageErrors) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = local_page(context, page_errors, timeout=120_000)
        urls = recorded(page)
        DashboardPage(page, voila_url + "/").open()
        page.wait_for_load_state("networkidle")
        assert outside(urls, voila_url) == [], "the dashboard"
        assert any(url.startswith(voila_url + "/voila/static/") for url in urls)  # the recorder saw the page's own

        for path, ready in (("/class", ".aton-classroom"), ("/home", "a[href]"), (TUTORIAL, ".aton-exercise")):
            urls.clear()
            page.goto(voila_url + path)
            page.wait_for_selector(ready, state="attached")
            page.wait_for_load_state("networkidle")
            assert urls and outside(urls, voila_url) == [], path
        page.wait_for_selector(".fa", state="attached")  # the step-through's icon button
        assert page.evaluate(ICON_FONT_JS) > 0, "the icons' font came from this server"
    finally:
        context.close()
    assert not page_errors, page_errors
