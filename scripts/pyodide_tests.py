"""Run the engine's tests, or an ``aton`` command such as ``aton bench``, in Pyodide (Python on WebAssembly) under Node.

    python scripts/pyodide_tests.py [pytest arguments]    # the engine's tests (default: ENGINE_TESTS)
    python scripts/pyodide_tests.py --bench [--games N]   # aton bench, in Pyodide
    python scripts/pyodide_tests.py --aton COMMAND ...    # any aton command, e.g. simulate --red hard --blue easy

Proves the engine on WebAssembly instead of assuming it: Pyodide comes from the npm package ``pyodide``
(the version the site uses), micropip from PyPI; the project's wheel (built from a copy of the tree)
and the pytest and Hypothesis wheels (at the versions of this environment) are installed in it with
micropip.  Needs ``node`` and ``npm``; downloads are cached in ``.cache/site/``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_site

ROOT = build_site.ROOT
PYODIDE = build_site.CACHE / "node-pyodide"
WHEELS = build_site.CACHE / "node-wheels"

ENGINE_TESTS = (
    "tests/test_rules.py",
    "tests/test_properties.py",
    "tests/test_bad_input.py",
    "tests/test_bots.py",
    "tests/test_coach.py",
    "tests/test_explain.py",
    "tests/test_lessons.py",
    "tests/test_mastery.py",
    "tests/test_learner_record.py",
    "tests/test_recorded_games.py",
    "tests/test_tournament.py",
)
"""Test files that need only the standard library, pytest and Hypothesis (no widgets, no subprocess)."""
ENGINE_PACKAGES = ("bots", "teaching", "cli")
"""The subpackages of ``aton`` that run in Pyodide without widgets (see ``docs/architecture.md``)."""
HYPOTHESIS = "6.155.7"
"""The last Hypothesis release with a pure-Python wheel (later ones are built per platform, not for Pyodide)."""


def prepare() -> None:
    """Pyodide with micropip in ``PYODIDE``; the project's and the test wheels in ``WHEELS``."""
    if not (PYODIDE / "pyodide-lock.json").exists():
        build_site.self_hosted_pyodide(PYODIDE, ("micropip",))
    shutil.rmtree(WHEELS, ignore_errors=True)
    WHEELS.mkdir(parents=True)
    build_site.project_wheel(WHEELS)
    wanted = {"pytest": metadata.version("pytest"), "hypothesis": HYPOTHESIS}
    download = build_site.CACHE / "node-test-wheels"
    if not all(any(download.glob(f"{name}-{version}-*.whl")) for name, version in wanted.items()):
        pip = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary", ":all:", "--python-version", "3.13"]
        pip += ["--implementation", "py", "--abi", "none", "--platform", "any", "--dest", str(download)]
        subprocess.run([*pip, *(f"{name}=={version}" for name, version in wanted.items())], check=True)
    for wheel in download.glob("*.whl"):
        shutil.copy2(wheel, WHEELS / wheel.name)
    for wheel in build_site.download(build_site.runtime_pins()).values():  # the engine's own dependencies
        shutil.copy2(wheel, WHEELS / wheel.name)


def engine_modules() -> list[str]:
    """The modules whose doctests run on the installed wheel (``aton.game``, ...).

    They are the engine's, the bots', teaching's and the command line's: all that needs only the standard
    library and Babel.

    ``__init__`` and ``__main__`` are left out: named with ``--pyargs`` a package collects all of itself,
    widgets included, and the command line module runs when imported.
    """
    packages = (ROOT / "aton", *(ROOT / "aton" / name for name in ENGINE_PACKAGES))
    paths = sorted(path for package in packages for path in package.glob("*.py"))
    return [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in paths if not p.stem.startswith("__")]


def node(mode: str, arguments: list[str]) -> int:
    """Run ``scripts/pyodide_tests.mjs`` in ``mode`` (``test`` or ``aton``); return its exit code."""
    command = ["node", str(ROOT / "scripts" / "pyodide_tests.mjs"), str(PYODIDE), str(WHEELS), str(ROOT)]
    return subprocess.run([*command, mode, *arguments], cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    """Command line: see the module's docstring."""
    prepare()
    if argv[:1] == ["--bench"]:
        return node("aton", ["bench", *argv[1:]])
    if argv[:1] == ["--aton"]:
        return node("aton", argv[1:])
    if not argv:  # the engine's tests, and the doctests of the installed engine (not its widgets)
        argv = [*ENGINE_TESTS, "--doctest-modules", "--pyargs", *engine_modules()]
    return node("test", ["-p", "no:cacheprovider", "--rootdir=/work", "-o", "addopts=", "-q", *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
