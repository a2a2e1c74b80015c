"""The standard accessibility checker, axe-core, on every tab of the dashboard: both languages, both themes.

axe-core comes from npm, pinned (:data:`AXE_VERSION`), installed once into ``.cache/axe`` (ignored by git)
with the ``npm`` that CI installs.  Without npm or the package the test is skipped with the reason, unless
``ATON_REQUIRE_BROWSER=1`` (CI), which makes it a failure.

No serious or critical violation may remain, and neither may a heading out of order or content outside the
page's landmarks (:data:`KEPT_RULES`, moderate ones).  The counts by rule (every impact) are printed and written
to ``aton-axe-counts.json`` in the system's temporary folder, for the record.
"""

from __future__ import annotations

import collections
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from conftest import browser_required
from dashboard_page import DashboardPage, local_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE_VERSION = "4.14.1"
AXE_DIR = ROOT / ".cache" / "axe"
AXE_PACKAGE = AXE_DIR / "node_modules" / "axe-core"
SERIOUS = ("serious", "critical")
KEPT_RULES = ("heading-order", "region")
"""Moderate rules the pages keep too: headings in order (a page's outline for screen readers) and every content
inside a landmark."""


def refused(violation: dict[str, Any]) -> bool:
    """Whether a violation fails the pages: serious or critical, or one of :data:`KEPT_RULES`."""
    return violation["impact"] in SERIOUS or violation["id"] in KEPT_RULES


RUN_AXE_JS = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary || '').split('\\n').slice(1, 2).join('')}`),
  }));
}"""


def _installed() -> str | None:
    """The version of axe-core in the cache, or ``None``."""
    try:
        return str(json.loads((AXE_PACKAGE / "package.json").read_text())["version"])
    except (OSError, ValueError, KeyError):
        return None


def _missing(reason: str) -> None:
    if browser_required():
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script, installed from npm at the pinned version on first use."""
    if _installed() != AXE_VERSION:
        npm = shutil.which("npm")
        if npm is None:
            _missing(f"npm is not installed, so axe-core {AXE_VERSION} cannot be installed for the accessibility test")
        AXE_DIR.mkdir(parents=True, exist_ok=True)
        command = [str(npm), "install", "--prefix", str(AXE_DIR), "--no-save", "--no-audit", "--no-fund"]
        done = subprocess.run([*command, f"axe-core@{AXE_VERSION}"], capture_output=True, text=True, timeout=600)
        if done.returncode != 0 or _installed() != AXE_VERSION:
            _missing(f"npm could not install axe-core {AXE_VERSION}: {done.stderr.strip()[-400:]}")
    return (AXE_PACKAGE / "axe.min.js").read_text(encoding="utf-8")


def _tabs(page: Any) -> Any:
    return page.locator(".aton-dashboard .lm-TabBar-tab")


def _check_every_tab(page: Any, where: str, counts: collections.Counter[tuple[str, str]]) -> list[str]:
    """Run axe on each tab of the page; count every violation; return those that fail (:func:`refused`)."""
    serious = []
    for index in range(_tabs(page).count()):
        _tabs(page).nth(index).click()
        page.wait_for_timeout(200)
        for violation in page.evaluate(RUN_AXE_JS):
            counts[(violation["id"], violation["impact"])] += len(violation["nodes"])
            if refused(violation):
                serious += [
                    f"{where}, tab {index}: {violation['id']} ({violation['help']}) {node}"
                    for node in violation["nodes"]
                ]
    return serious


def test_axe_finds_no_serious_violation(page: Any, voila_url: str, axe_source: str) -> None:
    dash = DashboardPage(page, voila_url).open()
    page.add_script_tag(content=axe_source)
    page.locator(".aton-twin-box .jupyter-widget-Collapse-header").first.click()  # the text twin, open
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    serious: list[str] = []
    for language, round_word, lang in (("Français", "Manche 1", "fr"), ("English", "Round 1", "en")):
        page.locator(".aton-language button", has_text=language).click()
        page.wait_for_function(
            "(word) => document.querySelector('.aton-status-line').textContent.includes(word)", arg=round_word
        )
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
        for theme in (1, 0):  # dark, then light
            page.locator(".aton-theme button").nth(theme).click()
            page.wait_for_function(
                "(dark) => document.querySelector('.aton-dashboard').classList.contains('aton-dark') === dark",
                arg=theme == 1,
            )
            serious += _check_every_tab(page, f"{lang} {'dark' if theme else 'light'}, cards to choose", counts)
    # the steps of a resolution to watch, then a square to choose: other buttons, other words
    dash.assign(sorted(dash.hand()))
    for theme in (1, 0):
        page.locator(".aton-theme button").nth(theme).click()
        serious += _check_every_tab(page, f"en {'dark' if theme else 'light'}, steps to watch", counts)
    dash.tab_by_class(0)
    dash.catch_up()
    serious += _check_every_tab(page, "en light, playing", counts)
    record = {f"{rule} ({impact})": count for (rule, impact), count in sorted(counts.items())}
    (Path(tempfile.gettempdir()) / "aton-axe-counts.json").write_text(json.dumps(record, indent=1))
    print("axe-core violations by rule (nodes, all runs):", json.dumps(record, indent=1))
    assert not serious, "\n".join(sorted(set(serious)))
    assert page.evaluate("() => typeof axe.run") == "function"  # axe really ran in this page


DEVICES = {
    "phone": ({"width": 390, "height": 844}, ".aton-layout-phone"),
    "upright tablet": ({"width": 768, "height": 1024}, ".aton-layout-tablet.aton-board-upright"),
}


@pytest.mark.parametrize("device", list(DEVICES))
def test_axe_on_a_phone(browser: Any, voila_url: str, axe_source: str, device: str) -> None:
    """The phone layout (390 x 844, touch) and the upright tablet's (768 x 1024): every tab, French in the dark
    theme and English in the light one."""
    viewport, layout = DEVICES[device]
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=device == "phone")
    errors: list[str] = []
    page = local_page(context, errors)
    try:
        page.goto(voila_url)
        page.wait_for_function(f"() => document.querySelector('.aton-dashboard{layout} .aton-status-line')")
        page.add_script_tag(content=axe_source)
        counts: collections.Counter[tuple[str, str]] = collections.Counter()
        serious: list[str] = []
        for language, round_word, theme in (("Français", "Manche 1", 1), ("English", "Round 1", 0)):
            page.locator(".aton-language button", has_text=language).click()
            page.wait_for_function(
                "(word) => document.querySelector('.aton-status-line').textContent.includes(word)", arg=round_word
            )
            page.locator(".aton-theme button").nth(theme).click()
            page.wait_for_function(
                "(dark) => document.querySelector('.aton-dashboard').classList.contains('aton-dark') === dark",
                arg=theme == 1,
            )
            serious += _check_every_tab(page, f"{device}, {language}, {'dark' if theme else 'light'}", counts)
        print(f"axe-core on a {device}, by rule:", dict(counts))
        assert not serious, "\n".join(sorted(set(serious)))
        assert not errors, errors
    finally:
        context.close()


def test_a_missing_axe_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the package a run says why: a skip, or under ``ATON_REQUIRE_BROWSER`` a failure."""
    monkeypatch.setenv("ATON_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="axe-core"):
        _missing("npm could not install axe-core for the test")
    monkeypatch.setenv("ATON_REQUIRE_BROWSER", "")
    with pytest.raises(pytest.skip.Exception, match="axe-core"):
        _missing("npm could not install axe-core for the test")
    assert os.environ.get("ATON_REQUIRE_BROWSER") == ""
