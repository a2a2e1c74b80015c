"""The static site's build steps that need no network: notebooks for the browser, stand-in wheels, the lock."""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402 - a script, not a package


def test_every_notebook_gets_a_hidden_install_cell_first_and_the_browser_kernel(tmp_path: Path) -> None:
    build_site.contents(tmp_path)
    notebooks = sorted(tmp_path.rglob("*.ipynb"))
    english = len(list((ROOT / "tutorials").glob("*.ipynb")))
    french = len(list((ROOT / "tutorials" / "fr").glob("*.ipynb")))
    assert len(notebooks) == 2 + english + french
    for path in notebooks:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        first = notebook["cells"][0]
        assert first["id"] == build_site.INSTALL_CELL_ID and first["metadata"]["jupyter"]["source_hidden"]
        assert "".join(first["source"]).splitlines()[-1].startswith("%pip install -q aton")
        assert notebook["metadata"]["kernelspec"]["name"] == "python"
        assert sum(cell.get("id") == build_site.INSTALL_CELL_ID for cell in notebook["cells"]) == 1
    dashboard = json.loads((tmp_path / "aton.ipynb").read_text(encoding="utf-8"))
    assert "ipycanvas" in "".join(dashboard["cells"][0]["source"])
    lab = json.loads((tmp_path / "simulation-lab.ipynb").read_text(encoding="utf-8"))
    assert "matplotlib" in "".join(lab["cells"][0]["source"])
    # the notebooks of the repository stay as they are
    original = json.loads((ROOT / "notebooks" / "aton.ipynb").read_text(encoding="utf-8"))
    assert original["cells"][0]["id"] != build_site.INSTALL_CELL_ID


def test_a_stand_in_wheel_is_named_like_the_package_it_replaces_and_lists_its_files(tmp_path: Path) -> None:
    source = ROOT / "tests" / "site" / "standins" / "numpy"
    wheel = build_site.stand_in_wheel(source, "numpy", "2.2.5", tmp_path)
    assert wheel.name == "numpy-2.2.5-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        record = archive.read("numpy-2.2.5.dist-info/RECORD").decode()
    assert "numpy/__init__.py" in names
    assert all(name in record for name in names)


def test_the_lock_closure_follows_dependencies_with_registry_names() -> None:
    packages = {
        "ipython": {"depends": ["Prompt_Toolkit", "traitlets"]},
        "prompt-toolkit": {"depends": ["wcwidth"]},
        "traitlets": {"depends": []},
        "wcwidth": {"depends": []},
        "numpy": {"depends": []},
    }
    assert sorted(build_site.closure(packages, ["IPython", "not-in-the-lock"])) == [
        "ipython",
        "prompt-toolkit",
        "traitlets",
        "wcwidth",
    ]


@pytest.mark.skipif(sys.version_info < (3, 12), reason="a Python class exports a buffer from Python 3.12 on")
def test_the_numpy_stand_in_packs_points_as_ipycanvas_does() -> None:
    path = ROOT / "tests" / "site" / "standins" / "numpy" / "__init__.py"
    spec = importlib.util.spec_from_file_location("numpy_stand_in", path)  # not under numpy's own name
    assert spec is not None and spec.loader is not None
    stand_in = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stand_in)
    assert stand_in.__version__ == "0.0-stand-in"
    points = stand_in.require([[1.0, 2.0], [3.0, 4.5]], requirements=["C"])
    assert points.shape == (2, 2) and points.dtype == "float64"
    flat = stand_in.concatenate([points.ravel(), stand_in.asarray([5.0, 6.0])])
    assert memoryview(flat).tolist() == [1.0, 2.0, 3.0, 4.5, 5.0, 6.0]
    assert memoryview(stand_in.frombuffer(b"ab", dtype=stand_in.uint8)).tobytes() == b"ab"
