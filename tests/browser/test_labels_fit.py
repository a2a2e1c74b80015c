"""No text is cut off: at the dashboard's default size, in English and French, light and dark.

Every visible button, label, tab title, drop-down and toggle of every tab is measured in Chromium:
an element whose text is wider than its box (``scrollWidth > clientWidth``) is cut off ("Charger un
fichi…"), and the test names it with its text.
"""

from __future__ import annotations

from typing import Any

import pytest
from dashboard_page import DashboardPage

pytestmark = pytest.mark.browser

CUT_OFF_JS = """
() => {
  const selectors = [
    'button', '.widget-label', '.widget-label-basic', '.lm-TabBar-tabLabel', 'select',
    '.widget-toggle-button', '.widget-inline-hbox label', 'summary', 'h3', 'h4'
  ];
  const found = [];
  for (const element of document.querySelectorAll(selectors.join(','))) {
    if (!element.closest('.aton-dashboard')) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || element.offsetParent === null) continue;
    if (getComputedStyle(element).clip === 'rect(0px, 0px, 0px, 0px)') continue;  // for screen readers only
    if (element.scrollWidth > element.clientWidth + 1) {
      const text = (element.innerText || element.value || '').trim();
      found.push(`${element.tagName.toLowerCase()}.${element.className}: "${text}" `
        + `(${element.scrollWidth} > ${element.clientWidth})`);
    }
  }
  // a drop-down's chosen option and an empty input's placeholder do not scroll: measure their words
  const context = document.createElement('canvas').getContext('2d');
  for (const element of document.querySelectorAll('.aton-dashboard select, .aton-dashboard input[placeholder]')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || element.offsetParent === null) continue;
    const style = getComputedStyle(element);
    const select = element.tagName === 'SELECT';
    const text = select ? (element.selectedOptions[0] || {}).text || '' : (element.value ? '' : element.placeholder);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      - (select ? 16 : 0);
    if (context.measureText(text).width > room + 1) {
      found.push(`${element.tagName.toLowerCase()}.${element.className}: "${text}" `
        + `(${Math.ceil(context.measureText(text).width)} > ${Math.floor(room)})`);
    }
  }
  return found;
}
"""


def _tabs(page: Any) -> Any:
    return page.locator(".aton-dashboard .lm-TabBar-tab")


PROBE_JS = """
() => {
  const probe = document.createElement('button');
  probe.textContent = 'Charger un fichier de partie';
  probe.style.width = '60px'; probe.style.whiteSpace = 'nowrap'; probe.style.overflow = 'hidden';
  document.querySelector('.aton-dashboard').appendChild(probe);
  return probe;
}
"""


def test_no_label_is_cut_off(page: Any, voila_url: str) -> None:
    """One page (one kernel) goes through both languages and both themes, every tab of each."""
    dash = DashboardPage(page, voila_url).open()
    cut: list[str] = []
    for language, round_word in (("Français", "Manche 1"), ("English", "Round 1")):
        dash.page.locator(".aton-language button", has_text=language).click()
        page.wait_for_function(
            "(word) => document.querySelector('.aton-status-line').textContent.includes(word)", arg=round_word
        )
        for theme in (1, 0):  # dark, then light
            dash.page.locator(".aton-theme button").nth(theme).click()
            page.wait_for_function(
                "(dark) => document.querySelector('.aton-dashboard').classList.contains('aton-dark') === dark",
                arg=theme == 1,
            )
            for index in range(_tabs(page).count()):
                _tabs(page).nth(index).click()
                page.wait_for_timeout(150)
                cut += [f"{language}, {'dark' if theme else 'light'}: {item}" for item in page.evaluate(CUT_OFF_JS)]
    assert not cut, sorted(set(cut))
    page.evaluate(PROBE_JS)  # the measure itself finds a button that is too narrow for its words
    assert any("Charger un fichier de partie" in item for item in page.evaluate(CUT_OFF_JS))
