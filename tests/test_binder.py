"""Binder installs exactly what the `app` extra pins, and the aton package itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


def _pins(lines: list[str]) -> dict[str, str]:
    pins = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        match = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([A-Za-z0-9_.\-+]+)", line)
        assert match, f"binder requirement {line!r} is not pinned exactly (name==version)"
        pins[match[1].lower().replace("_", "-")] = match[2]
    return pins


def test_binder_requirements_pin_the_app_extra() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    app = _pins(extras["app"])
    binder = _pins((BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines())
    assert binder == app, "binder/requirements.txt must name the same pinned versions as the `app` extra"
    # Every pin in Binder agrees with any other extra that names the same package.
    for name, requirements in extras.items():
        for package, version in _pins(requirements).items():
            if package in binder:
                assert binder[package] == version, f"{package}: binder pins {binder[package]}, extra {name} {version}"


def test_binder_installs_the_package_and_names_python() -> None:
    post_build = (BINDER / "postBuild").read_text(encoding="utf-8")
    requirements = (BINDER / "requirements.txt").read_text(encoding="utf-8")
    assert ("pip install" in post_build and "-e ." in post_build) or "-e ." in requirements
    assert (BINDER / "postBuild").stat().st_mode & 0o111, "postBuild must be executable"
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    assert re.fullmatch(r"python-3\.1[0-9]", runtime), runtime
    required = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    minimum = re.fullmatch(r">=\s*3\.(\d+)", required)
    assert minimum and int(runtime.split(".")[1]) >= int(minimum[1])
