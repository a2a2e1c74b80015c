"""The widget gallery notebook runs from top to bottom, and is committed clean."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

GALLERY = Path(__file__).resolve().parents[1] / "notebooks" / "widgets.ipynb"

pytestmark = pytest.mark.notebook


def test_the_gallery_is_committed_without_outputs() -> None:
    notebook = nbformat.read(GALLERY, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


def test_the_gallery_shows_every_component() -> None:
    source = "\n".join(cell.source for cell in nbformat.read(GALLERY, as_version=4).cells)
    for name in ("BoardView", "AssignPanel", "Stepper", "TextTwin", "LanguageSwitch", "build_scene", "seed="):
        assert name in source


def test_the_gallery_runs_without_error() -> None:
    notebook = nbformat.read(GALLERY, as_version=4)
    client = NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(GALLERY.parent)}}
    )
    client.execute()
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs]
    assert not [output for output in outputs if output.output_type == "error"]
    shown = [output["data"]["text/plain"] for output in outputs if output.output_type == "execute_result"]
    for widget in ("BoardView(", "AssignPanel(", "Stepper(", "TextTwin(", "LanguageSwitch("):
        assert any(widget in text for text in shown), widget
    assert any("application/vnd.jupyter.widget-view+json" in output.get("data", {}) for output in outputs)
