"""The game review: verdicts, the missed win, hidden cards never read, seeds, progress and the command line.

Reviews here use small budgets (``iterations``, ``samples``) so the file runs
in well under a minute; ``aton bench-review`` measures the default strength.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import aton
from aton.bots import make_bot
from aton.bots.heuristics import BoardInfo, class_representatives
from aton.bots.review import (
    THRESHOLDS,
    Review,
    ReviewCancelled,
    Verdict,
    at_least,
    judge,
    recorded_game,
    review,
    verdict_of,
)
from aton.teaching.lessons import position_json

DATA = Path(__file__).resolve().parent / "data"
SMALL = {"iterations": 60, "samples": 4}


def missed_yellow_win() -> aton.Game:
    """Red holds 13 of the 14 yellow squares, places its last counter elsewhere."""
    game = aton.Game.from_json(position_json("victory-yellow"))
    assert game.to_act == (aton.RED,) and game.phase is aton.Phase.PLACE
    game.apply(aton.Place(aton.RED, (1, 11)))
    assert game.result is None
    return game


def test_passing_up_the_last_yellow_square_is_a_blunder_named_in_both_languages() -> None:
    result = review(missed_yellow_win(), aton.RED, **SMALL)
    (judged,) = result.decisions
    assert judged.verdict is Verdict.BLUNDER
    assert judged.best == aton.Place(aton.RED, (2, 6))
    assert judged.best_chance == 1.0 and judged.played_chance < 0.8
    assert "wins the game at once: every yellow square is yours" in judged.text["en"]
    assert "gagne la partie aussitôt : toutes les cases dorées (jaunes) sont à vous" in judged.text["fr"]
    assert "temple 2, row 2, column 3" in judged.text["en"]
    assert result.worst() == [judged]
    text = result.text("en")
    assert "blunder" in text and "every yellow square" in text
    assert "gaffe" in result.text("fr")


def test_taking_the_last_yellow_square_is_good() -> None:
    game = aton.Game.from_json(position_json("victory-yellow"))
    game.apply(aton.Place(aton.RED, (2, 6)))
    result = review(game, aton.RED, **SMALL)
    (judged,) = result.decisions
    assert judged.verdict is Verdict.GOOD and judged.text == {}
    assert result.curve[-1].chance == 1.0 and result.result == ("red", "yellow", 24, 27)


def test_thresholds_are_ordered_and_name_every_verdict_but_good() -> None:
    limits = [limit for _verdict, limit in THRESHOLDS]
    assert limits == sorted(limits, reverse=True) and all(0 < limit < 1 for limit in limits)
    assert {verdict for verdict, _ in THRESHOLDS} == set(Verdict) - {Verdict.GOOD}
    for verdict, limit in THRESHOLDS:
        assert verdict_of(limit) is verdict
        assert at_least(verdict_of(limit + 0.001), verdict)
    assert verdict_of(min(limits) - 0.001) is Verdict.GOOD


def close_to_forty(blue_hand: list[int]) -> aton.Game:
    """The 'victory-points' position (Red 36 points, hand 1 2 3 4) with Blue's hidden hand chosen."""
    raw = json.loads(position_json("victory-points"))
    raw["blue"]["hand"] = blue_hand
    return aton.Game.from_dict(raw)


def test_the_verdict_does_not_depend_on_the_opponents_hidden_cards() -> None:
    """Two games that agree on everything Red can see, but Blue's hand and face-down cards differ."""
    weak, strong = close_to_forty([1, 1, 2, 3]), close_to_forty([3, 4, 4, 4])
    weak.apply(aton.Assign(aton.BLUE, (1, 2, 3, 1)))
    strong.apply(aton.Assign(aton.BLUE, (4, 3, 4, 4)))
    assert weak.view(aton.RED) == strong.view(aton.RED)
    assert weak != strong
    played = aton.Assign(aton.RED, (1, 2, 3, 4))  # the 4 is not on cartouche 1: 40 points not tried
    weak.apply(played)
    strong.apply(played)
    first, second = review(weak, aton.RED, **SMALL), review(strong, aton.RED, **SMALL)
    assert weak.score(aton.RED) != strong.score(aton.RED) or weak.events != strong.events
    a, b = first.decisions[0], second.decisions[0]
    assert a.verdict is not None and a.verdict is b.verdict
    assert (a.best, a.best_chance, a.played_chance, a.text) == (b.best, b.best_chance, b.played_chance, b.text)
    # The graph up to Red's decision is the same too (from Red's view only; after it the cards are revealed).
    assert first.curve[:2] == second.curve[:2]
    assert at_least(a.verdict, Verdict.MISTAKE)
    assert "40 points" in a.text["en"] and "40 points" in a.text["fr"]


def test_judge_reads_only_a_view() -> None:
    game = close_to_forty([1, 1, 2, 3])
    with pytest.raises(ValueError, match="view"):
        judge(game, aton.Assign(aton.RED, (4, 3, 2, 1)))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not legal"):
        judge(game.view(aton.RED), aton.Assign(aton.RED, (4, 4, 4, 4)))


def test_the_same_game_and_seed_give_the_same_review() -> None:
    record = recorded_game("close-game")
    short = dict(record, actions=record["actions"][:14])
    first = review(short, aton.RED, seed=3, **SMALL)
    again = review(aton.replay(short), aton.RED, seed=3, **SMALL)
    assert first.to_dict() == again.to_dict()
    assert first == again


def play(red: str, blue: str, seed: int, decisions: int) -> aton.Game:
    game = aton.new_game(seed)
    bots = {aton.RED: make_bot(red), aton.BLUE: make_bot(blue)}
    generators = {player: random.Random(f"{seed}/{player.label}") for player in aton.PLAYERS}
    while game.result is None and len(game.actions) < decisions:
        player = game.to_act[0]
        game.apply(bots[player].choose(game.view(player), generators[player]))
    return game


def flagged(result: Review) -> int:
    """Decisions judged an inaccuracy or worse."""
    return sum(1 for j in result.decisions if j.verdict is not None and at_least(j.verdict, Verdict.INACCURACY))


def test_the_strongest_bot_makes_far_fewer_faults_than_random_play(capsys: pytest.CaptureFixture[str]) -> None:
    """40 decisions of ``hard`` against itself (stored) against 40 decisions of random play, Red reviewed.

    The review searches with the fitted model and reads its chances mapped: of random play's first 40
    decisions it calls eight inaccuracies or worse (one mistake, one blunder), of ``hard``'s one inaccuracy."""
    strong_record = json.loads((DATA / "review" / "hard-vs-hard.json").read_text(encoding="utf-8"))
    strong = review(strong_record, aton.RED, iterations=80, samples=2)
    weak = review(play("random", "random", 3, len(strong_record["actions"])), aton.RED, iterations=80, samples=2)
    with capsys.disabled():
        print(
            f"\ninaccuracies or worse by Red in 40 decisions: hard vs hard {flagged(strong)} "
            f"(of {len(strong.judged())} judged), random vs random {flagged(weak)} (of {len(weak.judged())} judged)"
        )
    assert len(strong.judged()) >= 10 and len(weak.judged()) >= 10
    assert flagged(weak) >= 5
    assert flagged(strong) * 3 <= flagged(weak)


def test_forced_decisions_are_not_judged() -> None:
    record = recorded_game("close-game")
    game = aton.replay(record)
    result = review(game, aton.RED, iterations=8, samples=1)
    info = BoardInfo.of(game.rules.layout)
    replayed = aton.new_game(record["seed"])
    forced = 0
    by_number = {j.number: j for j in result.decisions}
    for number, action in enumerate(game.actions, start=1):
        if action.player is aton.RED:
            alike = len(class_representatives(replayed.legal_actions(aton.RED), info)) == 1
            assert (by_number[number].verdict is None) == alike
            forced += alike
        replayed.apply(action)
    assert forced >= 1, "this game has forced decisions"
    assert len(result.decisions) == sum(1 for a in game.actions if a.player is aton.RED)
    assert len(result.curve) == len(game.actions) + 1


def test_progress_is_reported_and_the_review_can_be_stopped() -> None:
    record = recorded_game("close-game")
    short = dict(record, actions=record["actions"][:10])
    seen: list[float] = []
    review(short, aton.RED, iterations=8, samples=1, on_progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) >= 10

    calls: list[float] = []

    def stop_halfway(fraction: float) -> bool:
        calls.append(fraction)
        return fraction < 0.5

    with pytest.raises(ReviewCancelled):
        review(short, aton.RED, iterations=8, samples=1, on_progress=stop_halfway)
    assert calls[-1] >= 0.5 and calls[-1] < 1.0


def test_bad_input_is_refused_with_a_message() -> None:
    game = missed_yellow_win()
    with pytest.raises(ValueError, match="not a view"):
        review(game.view(aton.RED), aton.RED)
    with pytest.raises(ValueError, match="iterations"):
        review(game, aton.RED, iterations=0)
    with pytest.raises(ValueError, match="player"):
        review(game, "red")  # type: ignore[arg-type]
    with pytest.raises(aton.ReplayError, match="action 2"):
        review({"seed": 1, "actions": ["red assign 1 1 2 3", "blue fly"]}, aton.RED)


# ----------------------------------------------------------------- command line
def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aton", *args], capture_output=True, text=True, timeout=300, check=False
    )


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(missed_yellow_win().record()), encoding="utf-8")
    return path


def test_cli_review_text_and_french(record_file: Path) -> None:
    done = run("review", str(record_file), "--player", "red", "--iterations", "60")
    assert done.returncode == 0, done.stderr
    assert "Review of Red's decisions" in done.stdout and "blunder" in done.stdout
    assert "every yellow square is yours" in done.stdout
    french = run("review", str(record_file), "--player", "red", "--iterations", "60", "--lang", "fr")
    assert french.returncode == 0, french.stderr
    assert "Analyse des décisions de Rouge" in french.stdout and "gaffe" in french.stdout


def test_cli_review_json(record_file: Path) -> None:
    done = run("review", str(record_file), "--player", "red", "--iterations", "60", "--json")
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    assert data["player"] == "red" and data["counts"]["blunder"] == 1
    (decision,) = data["decisions"]
    assert decision["played"] == "red place 1-11" and decision["verdict"] == "blunder"
    assert aton.parse_action(decision["best"]) == aton.Place(aton.RED, (2, 6))
    assert set(decision["text"]) == {"en", "fr"}
    assert len(data["curve"]) == 2 and all(0 <= point["chance"] <= 1 for point in data["curve"])


def test_cli_review_refuses_bad_files(tmp_path: Path) -> None:
    missing = run("review", str(tmp_path / "nothing.json"), "--player", "red")
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    done = run("review", str(garbage), "--player", "blue")
    assert done.returncode == 1 and "not readable JSON" in done.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"seed": 1, "actions": ["red assign 1 1 2 3", "blue place 9-9"]}), encoding="utf-8")
    done = run("review", str(bad), "--player", "red")
    assert done.returncode == 1 and "action 2" in done.stderr and done.stdout == ""
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]", encoding="utf-8")
    done = run("review", str(listed), "--player", "red")
    assert done.returncode == 1 and "holds no game" in done.stderr
    no_player = run("review", str(bad))
    assert no_player.returncode == 2 and "--player" in no_player.stderr


# ----------------------------------------------------------------- judging a loss near a threshold
def test_two_measures_pool_as_one_sample() -> None:
    """Pooled measures keep the mean and the spread of all their imagined games together."""
    from aton.bots.mcts import OptionStats, SearchResult
    from aton.bots.review import _Measure

    first_results, second_results = [1.0, 0.0, 1.0, 1.0], [0.0, 0.5, 0.5, 1.0, 0.0, 0.0]

    def found(results: list[float]) -> SearchResult:
        mean = sum(results) / len(results)
        spread = (sum((r - mean) ** 2 for r in results) / len(results)) ** 0.5
        option = OptionStats(aton.Exchange(aton.RED), len(results), mean, {"first": mean}, spread)
        return SearchResult(option.action, [option], len(results), 0.0, line_rate=mean)

    pooled = _Measure.of(found(first_results)).pooled(_Measure.of(found(second_results)))
    everything = first_results + second_results
    mean = sum(everything) / len(everything)
    spread = (sum((r - mean) ** 2 for r in everything) / len(everything)) ** 0.5
    assert pooled.visits == 10
    assert abs(pooled.rate - mean) < 1e-12 and abs(pooled.extra["first"] - mean) < 1e-12
    assert abs(pooled.error - spread / 10**0.5) < 1e-12


def test_only_a_loss_near_a_threshold_is_measured_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The missed yellow win is a blunder far beyond 20 points: one measure. Told that every loss is near
    a threshold, the review measures it again (as often as allowed), and both chances rest on all the
    imagined games."""
    from aton.bots import review as module

    for _verdict, limit in THRESHOLDS:
        assert module._near_threshold(limit, 0.01) and not module._near_threshold(limit + 0.03, 0.01)
    view = aton.Game.from_json(position_json("victory-yellow")).view(aton.RED)
    played = aton.Place(aton.RED, (1, 11))
    once = round(60 * module.MEASURE_SHARE)
    judged = judge(view, played, iterations=60)
    assert judged.verdict is Verdict.BLUNDER and judged.games == (once, once)
    monkeypatch.setattr(module, "REMEASURE_NEAR", 1e9)
    twice = judge(view, played, iterations=60)
    assert twice.games == (once + module.REMEASURE_TIMES * round(60 * module.REMEASURE_SHARE),) * 2
    assert twice.verdict is Verdict.BLUNDER and twice.best == judged.best


# ----------------------------------------------------------------- the move played, measured with care
def round_ten_placement() -> tuple[aton.GameView, aton.Action]:
    """Red's view before its round-10 placement ``1-6`` in the recorded ``close-game`` (decision 107), and
    the placement: Blue refutes it (two placements later Red loses the game), which only a search that
    follows Blue's replies sees; ``2-7`` wins."""
    from aton.bots.review import _start

    game, actions = _start(recorded_game("close-game"))
    for action in actions[:106]:
        game.apply(action)
    played = actions[106]
    assert played == aton.Place(aton.RED, (1, 6))
    return game.view(aton.RED), played


def test_the_chance_of_a_refuted_move_follows_the_refutation() -> None:
    """The mean of every imagined game after a move counts the replies tried before the refutation was
    found; read along the line both players prefer, the chance falls to what a ten times longer search
    measures."""
    from dataclasses import replace

    from aton.bots.mcts import ANALYSIS, MctsBot

    view, played = round_ten_placement()
    short = MctsBot(replace(ANALYSIS, iterations=120)).search(view, random.Random(0), only=played)
    deep = MctsBot(replace(ANALYSIS, iterations=1200)).search(view, random.Random(1), only=played)
    assert short.reply_rate is not None and deep.reply_rate is not None and short.line_rate is not None
    assert short.options[0].win_rate - short.reply_rate > 0.15  # the mean lags behind the refutation
    assert abs(short.reply_rate - deep.options[0].win_rate) < 0.15
    assert short.reply_rate <= short.line_rate
    # Without an opponent's reply in the line (the move that wins), both readings agree.
    winning = MctsBot(replace(ANALYSIS, iterations=120)).search(
        view, random.Random(0), only=aton.Place(aton.RED, (2, 7))
    )
    assert winning.reply_rate == winning.line_rate


def test_the_refuted_placement_is_a_blunder_measured_near_the_deep_review() -> None:
    """At the default strength, on three seeds: a blunder, the move played within 0.2 of the deep measure."""
    view, played = round_ten_placement()
    for seed in range(3):
        judged = judge(view, played, seed=seed, number=107)
        assert judged.verdict is Verdict.BLUNDER
        assert judged.best == aton.Place(aton.RED, (2, 7))
        assert judged.played_chance < 0.25 and judged.best_chance > 0.9


def test_an_exchange_the_first_search_ranks_low_is_measured() -> None:
    """Red's round-7 cards in a recorded game of ``medium`` against ``greedy`` (decision 64): the deep review
    finds the exchange 26 points better.  On seed 1 the first search tries the exchange fifth, 12 times against
    19 for its first choice; measured as a rival, it shows the cards laid are not good."""
    from aton.bots.review import _start

    record = json.loads((Path(__file__).parent / "data" / "review" / "medium-vs-greedy-23.json").read_text("utf-8"))
    game, actions = _start(record)
    for action in actions[:63]:
        game.apply(action)
    played = actions[63]
    assert isinstance(played, aton.Assign) and game.exchange_available(aton.RED)
    judged = judge(game.view(aton.RED), played, seed=1, number=64)
    assert judged.verdict is not Verdict.GOOD and isinstance(judged.best, aton.Exchange)


def test_a_drop_in_the_chance_deepens_the_judgement_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the chance falls by :data:`DEEPEN_DROP` between two judged decisions, the first is judged again
    with :data:`DEEPEN_TIMES` the imagined games (as :func:`judge` at that budget would); elsewhere not."""
    from aton.bots import review as module

    record = json.loads((DATA / "review" / "hard-vs-hard.json").read_text(encoding="utf-8"))
    record["actions"] = record["actions"][:16]
    small = {"iterations": 20, "samples": 2}
    monkeypatch.setattr(module, "DEEPEN_DROP", 2.0)  # never
    plain = review(record, aton.RED, **small)
    monkeypatch.setattr(module, "DEEPEN_DROP", -2.0)  # always
    deepened = review(record, aton.RED, **small)
    judged = [j.number for j in plain.decisions if j.verdict is not None]
    assert len(judged) >= 3
    game, actions = module._start(record)
    for number, action in enumerate(actions, start=1):
        if action.player is aton.RED and number in judged:
            view = game.view(aton.RED)
            once = judge(view, action, iterations=20, number=number)
            deeper = judge(view, action, iterations=20 * module.DEEPEN_TIMES, number=number)
            mine = {j.number: j for j in plain.decisions}[number]
            theirs = {j.number: j for j in deepened.decisions}[number]
            assert mine == once
            assert theirs == (deeper if number != judged[-1] else once)
        game.apply(action)
    assert any(
        {j.number: j for j in plain.decisions}[n].games != {j.number: j for j in deepened.decisions}[n].games
        for n in judged[:-1]
    )
