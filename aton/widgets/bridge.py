"""The page's side of a kernel's hidden fields: one script that tells the kernel what the browser keeps.

A kernel never sees the page's address nor the browser's storage (a preheated kernel ran before any browser
came).  So a page that needs them draws a hidden text field (a bridge) and runs a small script, which waits
for the field, types into it a JSON object of what the browser holds, and fires ``input`` so the widget's
value reaches the kernel.  Writing goes the other way: a hidden output whose JavaScript runs one line.  Every
page that keeps something in the browser (the seat keys, the game kept on the static site, the learner's key
or record, the language, the teacher's code for a tab's session) uses these two pieces.

>>> source = bridge_reader("aton-x-bridge", {"kept": "aton-x"})
>>> '".aton-x-bridge input"' in source and "localStorage.getItem" in source
True
>>> script_outputs("1;")[0]["data"]["application/javascript"]
'1;'
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["bridge_reader", "script_outputs"]

_READER = """(function () {
BEFORE
  var tries = 0;
  var timer = setInterval(function () {
    var field = document.querySelector(BRIDGE);
    if (!field && ++tries < 600) { return; }
    clearInterval(timer);
    if (!field) { return; }
    var facts = PAGE_FACTS, stored = STORED;
    Object.keys(stored).forEach(function (name) {
      try { facts[name] = window.STORAGE.getItem(stored[name]); } catch (error) { facts[name] = null; }
    });
    field.value = JSON.stringify(facts);
    field.dispatchEvent(new Event('input', {bubbles: true}));
  }, 100);
})();"""


def bridge_reader(
    bridge: str,
    stored: dict[str, str],
    page_facts: str = "{}",
    *,
    storage: str = "localStorage",
    before: str = "",
) -> str:
    """The script that types into the field of CSS class ``bridge`` (once the page has drawn it, within a minute)
    a JSON object: ``page_facts`` (a script expression for an object, such as the page's address) and, for each
    ``name: key`` of ``stored``, the text the browser keeps under ``key`` in ``storage`` (``localStorage``, or
    ``sessionStorage`` for what lives as long as the tab; ``null``: none, or storage refused).  ``before``: a
    statement run once first."""
    if storage not in ("localStorage", "sessionStorage"):
        raise ValueError(f"storage is localStorage or sessionStorage, not {storage!r}")
    return (
        _READER.replace("BEFORE", before)
        .replace("BRIDGE", json.dumps(f".{bridge} input"))
        .replace("PAGE_FACTS", page_facts)
        .replace("STORED", json.dumps(stored))
        .replace("STORAGE", storage)
    )


def script_outputs(source: str) -> tuple[dict[str, Any], ...]:
    """The outputs of an ``Output`` widget that runs ``source`` in the page (a new value runs it again)."""
    return ({"output_type": "display_data", "data": {"application/javascript": source}, "metadata": {}},)
