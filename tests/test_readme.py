"""The README stays true: its engine tour runs, and its first screen gives the two commands."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_engine_tour_runs_and_prints_what_it_says() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)
    assert blocks, "the README has a Python example"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(blocks[0], "README.md", "exec"), {})
    output = printed.getvalue()
    for comment in re.findall(r"#\s+((?:Cartouche|it is not|ce n'est).*)", blocks[0]):
        assert comment.strip() in output, f"the README promises {comment!r}"


def test_the_first_screen_gives_the_two_commands() -> None:
    first_screen = "\n".join(README.splitlines()[:30])
    assert "./run dashboard" in first_screen and "./run test" in first_screen
    script = (ROOT / "run").read_text(encoding="utf-8")
    assert "dashboard)" in script and "test)" in script
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "./run test" in ci, "CI runs the README's test command"
