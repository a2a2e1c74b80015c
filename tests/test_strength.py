"""``aton bench-strength``: the figures of a head to head, its saved games, and the frozen shipped bots."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest

import aton
from aton.bots import make_bot
from aton.bots.evaluation import FEATURE_NAMES, Evaluation
from aton.bots.mcts import PRESETS
from aton.bots.shipped import frozen_config, frozen_names, version
from aton.bots.tournament import GameSummary, TournamentResult, bot_random
from aton.cli.commands import main
from aton.cli.strength_bench import StrengthFileError, elo, join, load, mean_interval, play, save, strength


def _game(number: int, winner: str | None, margin: int) -> GameSummary:
    """A game of a series whose first bot wins (``winner`` from its side: ``first``, ``second`` or ``None``)
    by ``margin`` points, colours alternated."""
    swapped = number % 2 == 1
    first_colour, second_colour = ("blue", "red") if swapped else ("red", "blue")
    colour = {"first": first_colour, "second": second_colour, None: None}[winner]
    first_score, second_score = 20 + margin, 20
    scores = (second_score, first_score) if swapped else (first_score, second_score)
    return GameSummary(
        number=number,
        seed=number,
        red="b" if swapped else "a",
        blue="a" if swapped else "b",
        winner=colour,
        ending="temple",
        rounds=1,
        scores=scores,
        score_curve=(scores,),
        first_cartouche=(),
        decisions=(10, 20),
        think_seconds=(1.0, 4.0),
        seconds=1.0,
        swapped=swapped,
    )


def test_intervals_on_known_numbers() -> None:
    """180 wins of 200: the Wilson interval 85.1%-93.4%; margins 1, 3, 1, 3...: mean 2, standard error
    1.0025/sqrt(200); Elo from the score and from the Wilson bounds."""
    games = [_game(n, "first" if n < 180 else "second", 1 + 2 * (n % 2)) for n in range(200)]
    figures = strength(TournamentResult(("a", "b"), 0, True, games))
    assert (figures.wins, figures.draws, figures.losses, figures.games) == (180, 0, 20, 200)
    assert figures.win_rate.value == pytest.approx(0.9)
    assert (round(figures.win_rate.low, 3), round(figures.win_rate.high, 3)) == (0.851, 0.934)
    assert figures.margin.value == pytest.approx(2.0)
    half = 1.96 * math.sqrt(200 / 199) / math.sqrt(200)
    assert (figures.margin.low, figures.margin.high) == pytest.approx((2 - half, 2 + half))
    assert figures.elo.value == pytest.approx(400 * math.log10(9))  # 90%: nine to one
    assert figures.elo.low == pytest.approx(elo(figures.win_rate.low))
    assert figures.elo.high == pytest.approx(elo(figures.win_rate.high))
    # Each bot's own decisions: the first plays red in even games (10 decisions, 1 s), blue in odd ones.
    assert figures.seconds_per_decision[0] == pytest.approx((100 * 1.0 + 100 * 4.0) / (100 * 10 + 100 * 20))
    assert figures.processor_seconds == pytest.approx((500.0, 500.0))


def test_draws_count_half_in_the_elo_difference() -> None:
    games = [_game(n, "first" if n < 2 else None, 0 if n >= 2 else 5) for n in range(4)]
    figures = strength(TournamentResult(("a", "b"), 0, True, games))
    assert (figures.wins, figures.draws, figures.losses) == (2, 2, 0)
    assert figures.elo.value == pytest.approx(elo(0.75)) == pytest.approx(190.85, abs=0.01)
    assert mean_interval([4.0]).low == -math.inf
    assert elo(1.0) == math.inf and elo(0.0) == -math.inf and elo(0.5) == 0.0


def test_colours_alternate_and_margins_are_the_first_bots() -> None:
    result = play("greedy", "random", 4, seed=30)
    assert [(g.seed, g.red, g.blue, g.swapped) for g in result.games] == [
        (30, "greedy", "random", False),
        (31, "random", "greedy", True),
        (32, "greedy", "random", False),
        (33, "random", "greedy", True),
    ]
    figures = strength(result)
    margins = [(g.scores[1] - g.scores[0]) if g.swapped else (g.scores[0] - g.scores[1]) for g in result.games]
    assert figures.margin.value == pytest.approx(sum(margins) / 4)
    assert figures.wins + figures.draws + figures.losses == 4


def test_two_processes_play_the_serial_games(tmp_path: Path) -> None:
    serial = play("greedy", "random", 6, seed=3, jobs=1)
    parallel = play("greedy", "random", 6, seed=3, jobs=2)
    untimed = [replace(g, think_seconds=(0.0, 0.0), seconds=0.0) for g in serial.games]
    assert untimed == [replace(g, think_seconds=(0.0, 0.0), seconds=0.0) for g in parallel.games]


def test_saved_games_load_back(tmp_path: Path) -> None:
    result = play("greedy", "random", 4, seed=8)
    path = tmp_path / "games.json"
    save(result, path)
    loaded = load(path)
    assert loaded.bots == result.bots and loaded.seed == 8 and loaded.games == result.games
    assert strength(loaded) == strength(result)


def test_pieces_played_one_after_another_make_one_series(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = play("greedy", "random", 6, seed=5)
    paths = []
    for start, count in ((5, 2), (7, 4)):
        paths.append(tmp_path / f"from{start}.json")
        save(play("greedy", "random", count, seed=start), paths[-1])
    untimed = [replace(g, think_seconds=(0.0, 0.0), seconds=0.0) for g in whole.games]
    joined = join([load(path) for path in paths])
    assert [replace(g, think_seconds=(0.0, 0.0), seconds=0.0) for g in joined.games] == untimed
    args = ["bench-strength", "--load", str(paths[0]), "--load", str(paths[1]), "--save", str(tmp_path / "all.json")]
    assert main(args) == 0
    assert "6 games from seed 5" in capsys.readouterr().out
    assert load(tmp_path / "all.json").games == joined.games
    assert main(["bench-strength", "--load", str(paths[1]), "--load", str(paths[0])]) == 1
    assert "does not start where the one before ended" in capsys.readouterr().err
    odd, after = tmp_path / "odd.json", tmp_path / "after.json"
    save(play("greedy", "random", 1, seed=5), odd)
    save(play("greedy", "random", 2, seed=6), after)
    with pytest.raises(ValueError, match="odd number of games"):
        join([load(odd), load(after)])


def _forge(path: Path, change: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["games"][1].update(winner="green"), "winner must be red, blue or null"),
        (lambda d: d["games"][0].update(scores=[d["games"][0]["scores"][1] + 1, 0]), "score curve ends"),
        (lambda d: d["games"][2].update(swapped=True), "swapped is True"),
        (lambda d: d["games"].pop(1), "game 1: number is 2"),
        (lambda d: d["games"][0].update(seed=99), "seed is 99"),
        (lambda d: d["games"][0].pop("ending"), "exactly the fields"),
        (lambda d: d["games"][3].update(decisions=[0, 4]), "decisions"),
        (lambda d: d["games"][0].update(think_seconds=[-1.0, 0.0]), "times must be"),
        (lambda d: d.update(bots=["greedy", "wizard"]), "unknown bot 'wizard'"),
        (lambda d: d.update(kind="other"), "does not hold games"),
        (lambda d: d.update(games=[]), "at least one game"),
    ],
)
def test_a_forged_file_is_refused(tmp_path: Path, change: object, words: str) -> None:
    path = tmp_path / "games.json"
    save(play("greedy", "random", 4, seed=8), path)
    _forge(path, change)
    with pytest.raises(StrengthFileError, match=words.replace("(", r"\(")):
        load(path)


def test_a_winner_that_did_not_lead_is_refused(tmp_path: Path) -> None:
    """At a scoring or at 40 points the leader wins: a file saying otherwise was edited."""
    path = tmp_path / "games.json"
    result = play("greedy", "random", 12, seed=0)
    save(result, path)
    number = next(g.number for g in result.games if g.ending in ("scoring", "40 points") and g.winner)
    _forge(path, lambda d: d["games"][number].update(winner="blue" if d["games"][number]["winner"] == "red" else "red"))
    with pytest.raises(StrengthFileError, match="the winner is"):
        load(path)


def test_the_command_refuses_a_bad_file_with_status_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["bench-strength", "--load", str(path)]) == 1
    assert "is not JSON" in capsys.readouterr().err
    good = tmp_path / "good.json"
    assert main(["bench-strength", "--first", "greedy", "--second", "random", "--games", "2", "--save", str(good)]) == 0
    first = capsys.readouterr().out
    assert "greedy: 2 wins, 0 draws, 0 losses" in first and "Elo difference" in first
    assert main(["bench-strength", "--load", str(good)]) == 0
    assert capsys.readouterr().out.splitlines()[:6] == first.splitlines()[:6]


def test_frozen_copies_hold_todays_settings() -> None:
    assert frozen_names() == ("shipped-easy", "shipped-medium", "shipped-hard")
    assert version()
    stored = Evaluation.load().coefficients
    for preset, config in PRESETS.items():
        frozen = frozen_config(preset)
        assert replace(frozen, coefficients=None) == config
        assert frozen.weights == config.weights
        assert frozen.coefficients == stored
        assert len(stored) == len(FEATURE_NAMES)
    with pytest.raises(ValueError, match="no options"):
        make_bot("shipped-medium:iterations=3")


def test_frozen_copy_keeps_its_own_model() -> None:
    """The frozen copy scores its playouts with its stored coefficients, not with ``evaluation.json``."""
    config = frozen_config("medium")
    changed = replace(config, coefficients=tuple(-c for c in config.coefficients or ()))
    game = aton.new_game(seed=4)
    view = game.view(aton.RED)
    assert make_bot("shipped-medium").search(view, random.Random(1)).options[0].win_rate == pytest.approx(
        make_bot("medium").search(view, random.Random(1)).options[0].win_rate
    )
    from aton.bots import MctsBot

    flipped = MctsBot(changed).search(view, random.Random(1)).options[0].win_rate
    assert flipped != pytest.approx(make_bot("medium").search(view, random.Random(1)).options[0].win_rate)


@pytest.mark.parametrize("preset", ["easy", "medium"])
def test_frozen_copy_plays_as_todays_bot(preset: str) -> None:
    """A whole game of the preset against greedy, on one seed: at every one of its decisions the frozen copy,
    given the same view and the same random state, takes the same action (true on the day of the tag; after
    a change to the preset, this test is updated with the tag)."""
    today, frozen, greedy = make_bot(preset), make_bot(f"shipped-{preset}"), make_bot("greedy")
    game = aton.Game(12, events=False)
    generators = (bot_random(12, "red"), bot_random(12, "blue"))
    compared = 0
    while game.result is None:
        player = game.to_act[0]
        view = game.view(player)
        if player == aton.RED:
            twin = random.Random()
            twin.setstate(generators[player].getstate())
            action = today.choose(view, generators[player])
            assert frozen.choose(view, twin) == action, f"decision {compared}"
            compared += 1
        else:
            action = greedy.choose(view, generators[player])
        game.apply(action)
    assert compared > 20
