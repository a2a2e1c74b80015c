"""The tournament API: seeded series, the same results with any executor, totals that add up."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import aton
from aton.bots.tournament import ENDINGS, SerialExecutor, ending, play_game, play_many, wilson
from aton.runtime import CAN_START_PROCESSES, CAN_START_THREADS


@pytest.mark.skipif(not (CAN_START_PROCESSES and CAN_START_THREADS), reason="processes and threads cannot start here")
def test_process_pool_threads_and_serial_give_the_same_games() -> None:
    serial = play_many("greedy", "random", games=6, seed=3, executor=SerialExecutor(), alternate=True)
    with ProcessPoolExecutor(max_workers=2) as pool:
        processes = play_many("greedy", "random", games=6, seed=3, executor=pool, alternate=True)
    with ThreadPoolExecutor(max_workers=2) as threads:
        threaded = play_many("greedy", "random", games=6, seed=3, executor=threads, alternate=True)
    expected = serial.to_dict(timing=False)
    assert processes.to_dict(timing=False) == expected
    assert threaded.to_dict(timing=False) == expected
    assert [g.number for g in processes.games] == list(range(6))


def test_a_game_depends_only_on_its_seed_not_on_the_series() -> None:
    long = play_many("random", "greedy", games=5, seed=20, executor=SerialExecutor())
    short = play_many("random", "greedy", games=2, seed=23, executor=SerialExecutor())
    assert [g.scores for g in long.games[3:]] == [g.scores for g in short.games]
    _game, alone = play_game("random", "greedy", 23)
    assert alone.score_curve == long.games[3].score_curve


def test_colours_alternate_and_totals_add_up() -> None:
    result = play_many("greedy", "random", games=8, seed=0, executor=SerialExecutor(), alternate=True)
    assert [g.red for g in result.games[:2]] == ["greedy", "random"]
    assert [g.swapped for g in result.games[:2]] == [False, True]
    assert result.wins["red"] + result.wins["blue"] + result.draws == 8
    assert result.wins_of(0) + result.wins_of(1) + result.draws == 8
    assert result.wins_of(0) >= 6
    assert sum(result.endings.values()) == 8 and tuple(result.endings) == ENDINGS
    low, high = result.confidence(0)
    assert low <= result.win_rate(0) <= high
    assert result.average_rounds == pytest.approx(sum(g.rounds for g in result.games) / 8)
    rows = result.rows()
    assert len(rows) == 8 and {"seed", "winner", "ending", "rounds", "red_score", "blue_score"} <= set(rows[0])
    assert {row["winner_name"] for row in rows} <= {"greedy", "random", None}
    assert sum(row["winner_name"] == "greedy" for row in rows) == result.wins_of(0)
    text = result.text()
    assert "Win rate of greedy" in text and "95% CI" in text


def test_summaries_hold_curves_and_first_cartouche_cards() -> None:
    game, summary = play_game("greedy", "greedy", seed=5)
    assert game.result is not None
    assert len(summary.score_curve) in (summary.rounds, summary.rounds + 1)
    assert summary.score_curve[-1] == game.result.scores
    curve_red = [red for red, _ in summary.score_curve]
    assert curve_red == sorted(curve_red)  # scores never go down
    assert len(summary.first_cartouche) in (summary.rounds - 1, summary.rounds)
    assert all(1 <= card <= 4 for pair in summary.first_cartouche for card in pair)
    assert summary.ending in ENDINGS
    assert sum(summary.decisions) == len(game.actions)


def test_endings_name_how_games_end() -> None:
    assert ending(aton.Result(aton.RED, aton.EndReason.POINTS, (40, 3))) == "40 points"
    assert ending(aton.Result(aton.RED, aton.EndReason.POINTS, (44, 30), at_scoring=True)) == "scoring"
    assert ending(aton.Result(None, aton.EndReason.ROUND_LIMIT, (12, 12))) == "round limit"
    assert ending(aton.Result(aton.BLUE, aton.EndReason.YELLOW, (0, 3))) == "yellow"


def test_wilson_interval() -> None:
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0
    low, high = wilson(95, 100)
    assert 0.88 < low < 0.89 and 0.97 < high < 0.98


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        play_many("greedy", "nobody", games=2, executor=SerialExecutor())
    with pytest.raises(ValueError, match="at least 1"):
        play_many("greedy", "random", games=0, executor=SerialExecutor())


def test_a_series_can_be_stopped_between_two_games_and_keeps_what_was_played() -> None:
    seen: list[int] = []

    def on_game(summary: object) -> bool:
        seen.append(summary.number)
        return len(seen) < 3

    stopped = play_many("greedy", "random", games=8, seed=5, executor=SerialExecutor(), on_game=on_game)
    full = play_many("greedy", "random", games=8, seed=5, executor=SerialExecutor())
    assert seen == [0, 1, 2]
    same = lambda games: [(g.number, g.scores, g.score_curve, g.decisions) for g in games]
    assert same(stopped.games) == same(full.games[:3])


def test_the_default_executor_plays_in_the_calling_process_where_processes_cannot_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import aton.bots.tournament as tournament

    monkeypatch.setattr(tournament, "CAN_START_PROCESSES", False)
    monkeypatch.setattr(tournament, "ProcessPoolExecutor", None)  # would fail if it were used
    numbers: list[int] = []
    result = play_many("random", "random", games=3, seed=1, on_game=lambda s: numbers.append(s.number))
    assert numbers == [0, 1, 2] and len(result.games) == 3
