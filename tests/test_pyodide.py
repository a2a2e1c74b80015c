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


def test_the_engine_tests_pass_in_pyodide() -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        if os.environ.get("ATON_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail("node and npm are needed to run the engine in Pyodide")
        pytest.skip("node and npm are needed to run the engine in Pyodide")
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "pyodide_tests.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    output = result.stdout + result.stderr
    assert "on emscripten" in output, output[-3000:]  # it really ran on WebAssembly
    assert result.returncode == 0, output[-6000:]
    passed = re.search(r"(\d+) passed", output)
    assert passed is not None and int(passed.group(1)) >= 300, output[-3000:]
