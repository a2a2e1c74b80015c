"""The engine on WebAssembly: its tests and doctests run in Pyodide under Node, from the project's wheel.

``scripts/pyodide_tests.py`` assembles Pyodide from the npm registry and the test wheels from PyPI
(cached in ``.cache/site/``).  Without ``node``/``npm`` the test is skipped, unless
``ATON_REQUIRE_BROWSER=1`` (CI), which makes that a failure.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.pyodide


def in_pyodide(*arguments: str) -> tuple[int, str]:
    """Run ``scripts/pyodide_tests.py`` with ``arguments``; return its exit code and output."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        if os.environ.get("ATON_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail("node and npm are needed to run the engine in Pyodide")
        pytest.skip("node and npm are needed to run the engine in Pyodide")
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "pyodide_tests.py"), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    return result.returncode, result.stdout + result.stderr


def test_an_aton_command_runs_in_pyodide() -> None:
    code, output = in_pyodide("--aton", "bench", "--games", "20", "--repeats", "1")
    assert "on emscripten" in output and code == 0, output[-3000:]
    assert re.search(r"20 random games x 1 runs.*\ngames/s: +best [0-9,]+", output), output[-3000:]


def test_the_engine_tests_pass_in_pyodide() -> None:
    code, output = in_pyodide()
    assert "on emscripten" in output, output[-3000:]  # it really ran on WebAssembly
    assert code == 0, output[-6000:]
    passed = re.search(r"(\d+) passed", output)
    assert passed is not None and int(passed.group(1)) >= 300, output[-3000:]
