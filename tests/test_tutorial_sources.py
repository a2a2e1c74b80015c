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


# ----------------------------------------------------------------- nothing answers a question before it is asked
def _english(number: str) -> Path:
    return next((ROOT / "tutorials").glob(f"{number}-*.ipynb"))


def test_a_board_above_the_exercises_on_its_position_starts_with_its_text_twin_closed() -> None:
    """Tutorial 01's board shows the position its exercises ask about: its words ("Temple 3 ... Counters:
    Red 3", "Kingdom of the Dead: 3 of 8") would give the answers, so the twin starts closed."""
    from aton.teaching import curriculum, lessons

    checked = 0
    for english, french, _lang in PAIRS:
        number = english.name[:2]
        if number not in {tutorial for tutorial, _build in curriculum.EXERCISES.values()}:
            continue
        asked = [exercise.game.to_dict() for exercise in curriculum.exercises(number)]
        for path in (english, french):
            for cell in code_cells(path):
                shown = re.search(r'(\w+) = lessons\.load_position\("([\w-]+)"\)', cell)
                board = re.search(r"BoardView\((\w+), [^)]*\)", cell)
                if not (shown and board and board.group(1) == shown.group(1)):
                    continue
                if lessons.load_position(shown.group(2)).to_dict() in asked:
                    assert "twin_open=False" in board.group(0), (path.name, cell)
                    checked += 1
    assert checked >= 16, "8 boards (tutorials 01, 02, 03, 04, 06) in both languages"


def test_the_stepper_after_the_predicted_scoring_opens_at_its_start() -> None:
    """Tutorial 05: the step-through after the predict-first scoring must not open on the final totals."""
    for path in (_english("05"), *(french for english, french, _ in PAIRS if english.name.startswith("05"))):
        cells = code_cells(path)
        after = next(cell for cell in cells if "after_steps = Stepper(" in cell)
        assert "after_steps.go(" not in after, path.name


def test_the_placement_question_does_not_carry_its_answer() -> None:
    """ "Red must place 3 counters; the open temples have 24 empty squares" gave the answer away."""
    from aton.teaching import lessons
    from aton.teaching.predict import PredictFlow

    game = lessons.play_round(lessons.load_position("cartouche-2"), red=(2, 4, 1, 3), blue=(2, 4, 1, 4))
    flow = PredictFlow(game)
    asked = 0
    while (question := flow.next_question()) is not None:
        if question.name == "predict_placement":
            for lang in ("en", "fr"):
                assert not re.search(r"\d", question.prompt(lang).replace("cartouche 4", "")), question.prompt(lang)
            asked += 1
        flow.reveal()
    assert asked == 2
