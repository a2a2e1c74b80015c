"""Browser tests: one Voila server per test session, Debian's Chromium driven by Playwright.

A browser is found from ``ATON_CHROMIUM``, then the usual executable names.  Without one the
tests are skipped with the reason, unless ``ATON_REQUIRE_BROWSER=1`` (set by CI), which makes a
missing browser a failure.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dashboard_page import local_page

from aton.serving.launch import (
    CHROMIUM_FLAGS,
    NO_CHROMIUM,
    SERVER_MODULE,
    find_chromium,
    free_port,
    wait_until_up,
)

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = "notebooks/aton.ipynb"


def browser_required() -> bool:
    """Whether a missing browser must fail the run (CI) rather than skip."""
    return os.environ.get("ATON_REQUIRE_BROWSER", "") not in ("", "0")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The browser to drive, or a skip (a failure under ATON_REQUIRE_BROWSER)."""
    path = find_chromium()
    if path is None:
        reason = NO_CHROMIUM
        if browser_required():
            pytest.fail(reason)
        pytest.skip(reason)
    return path


def rooms_url(factory: pytest.TempPathFactory) -> str:
    """The room store of the test server's pages: a SQLite file of this session (the tests open it too)."""
    folder = factory.getbasetemp() / "rooms"
    folder.mkdir(exist_ok=True)
    return f"sqlite:///{folder / 'rooms.db'}"


@contextlib.contextmanager
def dashboard_server(folder: Path, environment: dict[str, str], *options: str) -> Iterator[str]:
    """A dashboard server of its own, as ``./run dashboard`` starts it but on 127.0.0.1, with ``environment``
    added to this process's and Voila's ``options``; its log in ``folder``.  Yields its base URL; stopped after."""
    port = free_port()
    with (folder / "voila.log").open("wb") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                SERVER_MODULE,  # the dashboard at /, the class page at /class, as ./run dashboard serves them
                DASHBOARD,
                "--no-browser",
                f"--port={port}",
                "--Voila.port_retries=0",
                "--Voila.ip=127.0.0.1",
                # on a loaded machine a kernel may take longer than the default 4 s to answer while it runs
                # the notebook, and the page then stays blank for good (see JUPYTER-NOTES)
                "--VoilaExecutor.iopub_timeout=60",
                *options,
            ],
            cwd=ROOT,
            env={**os.environ, **environment},
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{base}/voila/static/", process)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="session")
def voila_url(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start one Voila server on the dashboard (and the class page) for the whole session; yield its base URL."""
    with dashboard_server(tmp_path_factory.mktemp("voila"), {"ATON_ROOMS": rooms_url(tmp_path_factory)}) as base:
        yield base


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    """A headless Chromium for the session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path, args=list(CHROMIUM_FLAGS))
        yield launched
        launched.close()


class PageErrors(list[str]):
    """Errors the page raised; a test fails if any is left at teardown."""


@pytest.fixture
def page_errors() -> PageErrors:
    """Collected ``pageerror`` messages of the current test's page."""
    return PageErrors()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test item, so the page fixture knows whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def page(
    browser: Any, voila_url: str, page_errors: PageErrors, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Any]:
    """A fresh page (1280 x 720) whose requests leave only for localhost; fails on any page error."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, accept_downloads=True)
    page = local_page(context, page_errors)
    yield page
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed:
        shot = tmp_path / "failure.png"
        page.screenshot(path=str(shot))
        print(f"screenshot of the failing page: {shot}")
    context.close()
    assert not page_errors, f"the page raised errors: {page_errors}"
