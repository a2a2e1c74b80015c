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
>>> "crypto.getRandomValues" in key_maker({"go": ".go"}, "aton-x-key", "aton-x-pending")
True
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["bridge_reader", "key_maker", "script_outputs"]

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


_KEY_MAKER = """(function () {
  if (window.FLAG) { return; }
  window.FLAG = true;
  var letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  var buttons = BUTTONS, fields = FIELDS;
  document.addEventListener('click', function (event) {
    var target = event.target && event.target.closest ? event.target : null, pressed = null, button = null;
    Object.keys(buttons).forEach(function (name) {
      var found = target ? target.closest(buttons[name]) : null;
      if (found && !button) { pressed = name; button = found; }
    });
    var field = document.querySelector(FIELD);
    if (!button || button.disabled || !field || !window.crypto || !window.crypto.getRandomValues) { return; }
    var bytes = new Uint8Array(LENGTH), record = {key: '', pressed: pressed};
    window.crypto.getRandomValues(bytes);
    for (var i = 0; i < bytes.length; i++) { record.key += letters.charAt(bytes[i] & 63); }
    Object.keys(fields).forEach(function (name) {
      var input = document.querySelector(fields[name]);
      record[name] = input ? String(input.value).slice(0, 100) : '';
    });
    var text = JSON.stringify(record);
    try { window.localStorage.setItem(STORED, text); } catch (error) {}
    field.value = text;
    field.dispatchEvent(new Event('input', {bubbles: true}));
  }, true);
})();"""


def key_maker(
    buttons: dict[str, str], field: str, stored: str, fields: dict[str, str] | None = None, length: int = 24
) -> str:
    """The script that, when a button matching one of the CSS selectors of ``buttons`` (``name: selector``) is
    pressed (mouse, touch or keyboard: every one ends in a ``click``), makes a random key of ``length`` URL-safe
    characters in the browser (``crypto.getRandomValues``, 6 bits a character) and, before the button's own click
    reaches the kernel, keeps in ``localStorage`` under ``stored`` and types into the hidden field of CSS class
    ``field`` the JSON object ``{"key": ..., "pressed": name, ...}`` with, for each ``name: selector`` of
    ``fields``, the value of that input (what was asked: a code, a nickname).

    So the browser holds a secret, and what it was for, before the kernel acts on it (a seat key: a reload at any
    moment after the press finds the seat again, or asks for it again).  The kernel checks the key's form as it
    would any input.  Without a script or a random source nothing is typed, and the kernel draws the key itself."""
    return (
        _KEY_MAKER.replace("FLAG", "atonKeyMaker_" + "".join(c if c.isalnum() else "_" for c in stored))
        .replace("BUTTONS", json.dumps(buttons))
        .replace("FIELDS", json.dumps(fields or {}))
        .replace("FIELD", json.dumps(f".{field} input"))
        .replace("STORED", json.dumps(stored))
        .replace("LENGTH", str(int(length)))
    )
