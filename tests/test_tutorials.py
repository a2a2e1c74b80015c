"""The tutorials and the simulation lab run top to bottom, and are committed without outputs.

Notebooks run with nbclient in a kernel of the Python that runs the tests
(the project's ``.venv``), offline, each well under a minute.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = sorted((ROOT / "tutorials").glob("*.ipynb"))
FRENCH = sorted((ROOT / "tutorials" / "fr").glob("*.ipynb"))
LAB = ROOT / "notebooks" / "simulation-lab.ipynb"
NOTEBOOKS = [*TUTORIALS, *FRENCH, LAB]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_every_tutorial_is_there() -> None:
    numbers = [path.name[:2] for path in TUTORIALS]
    assert numbers == [f"{n:02d}" for n in range(1, 10)], numbers
    assert [path.name[:2] for path in FRENCH] == [f"{n:02d}" for n in range(1, 10)]
    assert LAB.exists()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_committed_without_outputs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"{_name(path)}: a code cell has outputs; clear them before committing"
            assert cell.get("execution_count") is None, f"{_name(path)}: a code cell has an execution count"
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", [*TUTORIALS, *FRENCH], ids=_name)
def test_tutorial_links_point_at_notebooks_that_exist(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    text = "".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    for target in re.findall(r"\]\(([^)\s]+\.ipynb)\)", text):
        assert (path.parent / target).exists(), f"{_name(path)} links to missing {target}"


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_notebook_runs_top_to_bottom(path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    from jupyter_client.kernelspec import NATIVE_KERNEL_NAME

    notebook = nbformat.read(path, as_version=4)
    if path == LAB:  # its games play in the background: wait for them, then every plot must be an image
        notebook.cells.append(
            nbformat.v4.new_code_cell(
                "await lab.finished()\n"
                "kinds = [type(box.children[0]).__name__ for _, box in lab._plots]\n"
                "print(lab.flow.state.value, lab.flow.played, kinds)"
            )
        )
    # One more cell, in memory only: which Python does the kernel run?
    notebook.cells.append(nbformat.v4.new_code_cell("import sys\nprint(sys.executable)"))
    client = nbclient.NotebookClient(
        notebook,
        timeout=120,
        kernel_name=NATIVE_KERNEL_NAME,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "error" or (output.output_type == "stream" and output.name == "stderr")
    ]
    assert not errors, f"{_name(path)}: {errors[0]}"
    if path in FRENCH:  # what a French tutorial prints is French (Python values such as None or RED aside)
        from test_french_errors import english_words

        printed = [
            output.get("text") or output.get("data", {}).get("text/markdown", "")
            for cell in notebook.cells[:-1]
            if cell.cell_type == "code"
            for output in cell.outputs
            if output.output_type in ("stream", "display_data", "execute_result")
        ]
        english = [(words, text) for text in printed if (words := _english_in(english_words(text)))]
        assert not english, f"{_name(path)}: {english[0]}"
    if path == LAB:
        assert notebook.cells[-2].outputs[0]["text"].strip() == "done 124 ['Image', 'Image', 'Image', 'Image', 'Image']"
    kernel_python = notebook.cells[-1].outputs[0]["text"].strip()
    assert Path(kernel_python).resolve() == Path(sys.executable).resolve(), "the kernel must run this project's Python"


def _english_in(words: list[str]) -> list[str]:
    """English words of printed text, but Python's own values (``None``, ``RED``, ``Phase.PLACE``)."""
    return [word for word in words if not word.isupper() and word != "None"]


LANG_CALLS = re.compile(
    r"\b(explain|rule_of|hint|BoardView|Stepper|RoundPractice|Dashboard|exercise_list|board_text|text)\("
)


@pytest.mark.parametrize("path", FRENCH, ids=_name)
def test_french_tutorials_speak_french_to_the_api(path: Path) -> None:
    """Every call that renders text gets ``LANG`` (``"fr"``); nothing prints the English board, error or report."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    code = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert 'LANG = "fr"' in code[0], f"{_name(path)}: the first cell sets LANG"
    for source in code:
        for match in LANG_CALLS.finditer(source):
            call = _call_at(source, match.end() - 1)
            assert "LANG" in call, f"{_name(path)}: {match.group(1)}{call} does not pass LANG"
        for line in source.splitlines():
            assert not re.search(r"print\((game|view|error|fresh)\)", line), f"{_name(path)}: {line.strip()!r}"
            assert ".text())" not in line, f"{_name(path)}: {line.strip()!r}"


def _call_at(source: str, start: int) -> str:
    """The argument list that opens at ``source[start]`` (a ``(``), up to its matching ``)``."""
    depth = 0
    for end in range(start, len(source)):
        depth += {"(": 1, ")": -1}.get(source[end], 0)
        if depth == 0:
            return source[start : end + 1]
    return source[start:]
