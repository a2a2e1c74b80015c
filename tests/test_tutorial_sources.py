"""Each tutorial's code is kept once: the French tutorials hold the English ones' code cells, only ``LANG`` differs.

``scripts/sync_tutorials.py`` copies the code; what the code prints goes through the catalogs
(``say = tutorial_words(LANG)``), so the French pages print French.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from aton.i18n import TUTORIAL_CONTEXT, gtext
from aton.i18n_extract import extract_tutorials

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("sync_tutorials", ROOT / "scripts" / "sync_tutorials.py")
assert _spec is not None and _spec.loader is not None
sync = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sync)

PAIRS = sync.translations()


def code_cells(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [sync.source_of(cell) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def test_every_french_tutorial_has_its_english_source() -> None:
    assert len(PAIRS) == 9
    assert [(english.name[:2], french.name[:2], lang) for english, french, lang in PAIRS] == [
        (f"{n:02d}", f"{n:02d}", "fr") for n in range(1, 10)
    ]


@pytest.mark.parametrize("english, french, lang", PAIRS, ids=[pair[1].name for pair in PAIRS])
def test_the_code_cells_are_the_english_ones_but_for_the_language(english: Path, french: Path, lang: str) -> None:
    mine, theirs = code_cells(english), code_cells(french)
    assert len(theirs) == len(mine), f"{french.name}: run scripts/sync_tutorials.py"
    for number, (source, copy) in enumerate(zip(mine, theirs, strict=True), start=1):
        assert copy == sync.for_language(source, lang), (
            f"{french.name}, code cell {number}: run scripts/sync_tutorials.py"
        )
        assert copy.count(f'LANG = "{lang}"') == source.count('LANG = "en"')
    assert any('LANG = "en"' in source for source in mine), english.name


def test_the_sync_script_finds_nothing_to_copy() -> None:
    assert sync.main(["--check"]) == 0


def test_no_code_line_is_written_twice() -> None:
    """The figure of the issue: code lines of the French tutorials that repeat English ones outside the source."""
    differing = 0
    for english, french, _lang in PAIRS:
        for source, copy in zip(code_cells(english), code_cells(french), strict=True):
            differing += sum(a != b for a, b in zip(source.splitlines(), copy.splitlines(), strict=True))
    assert differing == sum('LANG = "en"' in "\n".join(code_cells(english)) for english, _, _ in PAIRS)


def _notebook(*cells: tuple[str, str, str]) -> dict[str, Any]:
    return {
        "cells": [{"cell_type": kind, "id": cell_id, "metadata": {}, "source": [text]} for kind, cell_id, text in cells]
    }


def test_a_code_cell_added_in_english_is_inserted_before_the_next_one() -> None:
    english = _notebook(
        ("markdown", "m1", "Hello"),
        ("code", "c1", 'LANG = "en"'),
        ("markdown", "m2", "New"),
        ("code", "new", "print(1)"),
        ("code", "c2", "print(2)"),
        ("code", "tail", "print(3)"),
    )
    french = _notebook(
        ("markdown", "m1", "Bonjour"),
        ("code", "c1", 'LANG = "fr"'),
        ("markdown", "m3", "Suite"),
        ("code", "c2", "vieux"),
    )
    result = sync.synced(english, french, "fr")
    assert [(cell["id"], "".join(cell["source"])) for cell in result["cells"]] == [
        ("m1", "Bonjour"),
        ("c1", 'LANG = "fr"'),
        ("m3", "Suite"),
        ("new", "print(1)"),
        ("c2", "print(2)"),
        ("tail", "print(3)"),
    ]
    with pytest.raises(ValueError, match="not in the English tutorial"):
        sync.synced(_notebook(("code", "c1", "x")), _notebook(("code", "c1", "x"), ("code", "gone", "y")), "fr")


def test_what_the_tutorials_print_is_translated() -> None:
    said = []
    for english, _, _ in PAIRS:
        with english.open("rb") as handle:
            said += [text for _line, _kind, (_context, text), _comments in extract_tutorials(handle, {}, (), {})]
    assert len(said) >= 10
    for text in said:
        fields = dict.fromkeys(re.findall(r"\{(\w+)\}", text), "7")
        assert gtext("fr", TUTORIAL_CONTEXT, text, **fields) != gtext("en", TUTORIAL_CONTEXT, text, **fields), text


def test_the_extractor_reads_say_calls_only() -> None:
    notebook = _notebook(
        ("code", "a", 'say("Hello")\nprint("not this")\nsay(text)'), ("markdown", "b", 'say("nor this")')
    )
    found = list(extract_tutorials(io.BytesIO(json.dumps(notebook).encode()), {}, (), {}))
    assert [message for _line, _kind, message, _comments in found] == [(TUTORIAL_CONTEXT, "Hello")]
