"""The command line through a subprocess: exit codes, JSON shape, --jobs equals serial, replay, play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import aton
from aton.actions import Assign, Exchange, Place, Remove, square_text
from aton.cli.play_text import TextGame


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aton", *args], capture_output=True, text=True, input=stdin, timeout=300, check=False
    )


def test_simulate_prints_the_statistics() -> None:
    done = run("simulate", "--red", "greedy", "--blue", "random", "--games", "4", "--seed", "1", "--alternate")
    assert done.returncode == 0, done.stderr
    for words in ("Wins:", "Win rate of greedy", "95% CI", "Average rounds", "Endings:", "Time per game"):
        assert words in done.stdout


def test_simulate_json_shape_and_jobs_equal_serial() -> None:
    common = ["simulate", "--red", "random", "--blue", "greedy", "--games", "6", "--seed", "7", "--json", "--per-game"]
    serial = run(*common)
    parallel = run(*common, "--jobs", "2")
    assert serial.returncode == parallel.returncode == 0, serial.stderr + parallel.stderr
    first, second = json.loads(serial.stdout), json.loads(parallel.stdout)
    assert first["games"] == 6
    assert set(first["wins"]) == {"red", "blue"}
    assert first["wins"]["red"] + first["wins"]["blue"] + first["draws"] == 6
    assert set(first["endings"]) == {"40 points", "scoring", "temple", "yellow", "green", "round limit"}
    assert len(first["ci95"]) == 2 and 0 <= first["ci95"][0] <= first["win_rate"] <= first["ci95"][1] <= 1
    assert "seconds_per_game" in first["timing"]
    for data in (first, second):
        data.pop("timing")
        for game in data["per_game"]:
            game.pop("seconds")
            game.pop("think_seconds")
    assert first == second


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--red", "wizard", "--blue", "random"], "unknown bot 'wizard'"),
        (["simulate", "--red", "greedy", "--blue", "random", "--games", "many"], "expected a whole number"),
        (["simulate", "--red", "greedy", "--blue", "random", "--games", "0"], "at least 1"),
        (["simulate", "--red", "mcts:speed=3", "--blue", "random"], "unknown search option"),
        (["play", "--blue", "nobody"], "unknown bot"),
    ],
)
def test_clear_errors_for_bad_arguments(args: list[str], message: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_every_command_has_help() -> None:
    """``aton --help`` and each command's help print (argparse reads a bare % in a help text as a format)."""
    import argparse
    import contextlib
    import io

    from aton.cli.commands import build_parser

    parser = build_parser()
    choices = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert {"simulate", "replay", "play", "bench", "bench-strength", "answer-sheet"} <= set(choices)
    listed = run("--help")
    assert listed.returncode == 0 and all(command in listed.stdout for command in choices)
    for command in ["", *choices]:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed), pytest.raises(SystemExit) as ended:
            parser.parse_args([command, "--help"] if command else ["--help"])
        assert ended.value.code == 0
        assert f"usage: aton {command}".strip() in printed.getvalue()


def _finished_record(tmp_path: Path) -> tuple[Path, aton.Game]:
    from aton.bots.tournament import play_game

    game, _ = play_game("greedy", "random", seed=3)
    full = aton.replay(game.record())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(full.record()), encoding="utf-8")
    return path, full


def test_replay_prints_the_board_and_the_result(tmp_path: Path) -> None:
    path, game = _finished_record(tmp_path)
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert "Temple 1" in done.stdout and "Result:" in done.stdout
    assert game.result is not None
    assert f"red {game.result.scores[0]} - blue {game.result.scores[1]}" in done.stdout
    explained = run("replay", str(path), "--explain", "--lang", "fr")
    assert explained.returncode == 0 and "La manche 1 commence" in explained.stdout


def test_replay_names_the_first_bad_action(tmp_path: Path) -> None:
    path, _game = _finished_record(tmp_path)
    record = json.loads(path.read_text(encoding="utf-8"))
    record["actions"][5] = "red place 4-11"
    record["actions"][9] = "nonsense"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode == 1
    assert "action 6" in done.stderr and "red place 4-11" in done.stderr
    assert "Traceback" not in done.stderr


def test_replay_of_unreadable_files(tmp_path: Path) -> None:
    missing = run("replay", str(tmp_path / "absent.json"))
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    done = run("replay", str(broken))
    assert done.returncode == 1 and "not readable JSON" in done.stderr
    for text, words in (("[" * 5000 + "]" * 5000, "nested too deeply"), ('{"seed": ' + "9" * 5000 + "}", "digits")):
        broken.write_text(text, encoding="utf-8")
        done = run("replay", str(broken))
        assert done.returncode == 1 and words in done.stderr and "Traceback" not in done.stderr


def test_play_leaves_cleanly_at_end_of_input() -> None:
    done = run("play", "--red", "human", "--blue", "random", "--seed", "2", stdin="")
    assert done.returncode == 0
    assert "Goodbye" in done.stdout
    assert "Your cards" in done.stdout and "Traceback" not in done.stderr


def test_play_between_two_bots_runs_to_the_end() -> None:
    done = run("play", "--red", "greedy", "--blue", "random", "--seed", "4", "--lang", "fr")
    assert done.returncode == 0, done.stderr
    assert "La partie est terminée." in done.stdout
    assert "Cartouche 1 (points)" in done.stdout


def test_a_human_game_in_the_terminal_explains_every_step() -> None:
    """Drive the text game with answers taken from the legal actions (and one hint and one mistake)."""
    lines: list[str] = []
    answers = iter(["?", "9 9 9 9"])
    holder: dict[str, TextGame] = {}

    def read(prompt: str) -> str:
        lines.append(prompt)
        scripted = next(answers, None)
        if scripted is not None:
            return scripted
        game = holder["game"].game
        action = game.legal_actions(game.to_act[0])[-1]
        if isinstance(action, Exchange):
            action = game.legal_actions(game.to_act[0])[0]
        if isinstance(action, Assign):
            return " ".join(map(str, action.cards))
        assert isinstance(action, (Place, Remove))
        return square_text(action.square)

    text_game = TextGame("human", "random", seed=6, read=read, write=lines.append)
    holder["game"] = text_game
    assert text_game.run() == 0
    assert text_game.game.result is not None
    out = "\n".join(lines)
    assert "Hint:" in out
    assert "Those are not your cards" in out
    assert "Red puts one card face down" in out
    assert "The game is over." in out
