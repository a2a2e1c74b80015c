"""Honest chances: the mappings of :mod:`aton.bots.calibration`, how they are chosen and measured
(:mod:`aton.cli.calibration_bench`), and what the app says of a chance on few imagined games."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

import aton
from aton.bots.calibration import (
    FORMS,
    IDENTITY,
    SOURCES,
    Calibration,
    bootstrap,
    brier,
    chance_words,
    curve,
    ece,
    fit_form,
    from_dict,
    load,
    progress,
    view_progress,
)
from aton.cli import calibration_bench as bench


def _games(
    count: int, seed: int, gain: float = 0.5, drift: float = 0.0, steps: int = 10
) -> list[tuple[float, float, float, int]]:
    """Synthetic games: each has a true chance ``q`` and one outcome; at progress ``t`` its points show the
    chance whose logit times ``gain + drift * t`` is the true logit (overconfident for a factor below 1)."""
    chooser = random.Random(seed)
    rows = []
    for game in range(count):
        q = chooser.uniform(0.03, 0.97)
        outcome = 1.0 if chooser.random() < q else 0.0
        for step in range(steps):
            t = step / max(1, steps - 1)
            shown = 1 / (1 + math.exp(-math.log(q / (1 - q)) / (gain + drift * t)))
            rows.append((shown, outcome, t, game))
    return rows


def _samples(rows: list[tuple[float, float, float, int]]) -> list[bench.Sample]:
    return [(p, 400, y, n, t) for p, y, t, n in rows]


def test_every_form_fits_an_overconfident_chance_and_makes_it_honest() -> None:
    rows = _games(6000, 1, steps=2)  # many games: each game's single outcome is the noise
    data = [(p, y, t) for p, y, t, _n in rows]
    raw = [(p, y) for p, y, _t, _n in rows]
    for form in FORMS:
        params = fit_form(form, data)
        mapped = [(curve(form, params, p, t), y) for p, y, t in data]
        assert ece(mapped) < 0.03 < ece(raw), form
        assert brier(mapped) < brier(raw), form
        assert abs(curve(form, params, 0.9, 0.5) - 1 / (1 + 9 ** (-1 / 2))) < 0.05, form  # the true chance


def test_cross_validation_prefers_the_progress_form_when_the_error_grows_with_the_game() -> None:
    samples = _samples(_games(400, 2, gain=1.0, drift=-0.7, steps=5))
    scores = bench.cross_validate(samples, "graph")
    assert min(scores, key=lambda form: scores[form][0]) == "platt-progress"
    assert scores["platt-progress"][0] < scores["platt"][0] < scores["identity"][0]


def test_a_calibrated_source_gains_nothing_from_a_mapping() -> None:
    samples = _samples(_games(400, 3, gain=1.0, steps=5))
    scores = bench.cross_validate(samples, "coach")
    assert scores["platt"][0] >= scores["identity"][0] - 0.002
    assert scores["identity"][1] < 0.06


def test_the_interval_over_games_holds_the_figure_and_narrows_with_more_games() -> None:
    def interval(count: int) -> tuple[float, float, float]:
        rows = _games(count, 4, gain=1.0)
        groups: dict[int, list[tuple[float, float]]] = {}
        for p, y, _t, n in rows:
            groups.setdefault(n, []).append((p, y))
        low, high = bootstrap(list(groups.values()), resamples=300)["ece"]
        return low, ece([(p, y) for p, y, _t, _n in rows]), high

    few, many = interval(40), interval(640)
    assert few[0] <= few[1] <= few[2] and many[0] <= many[1] <= many[2]
    assert many[2] - many[0] < (few[2] - few[0]) / 2
    assert few[2] > 0.05  # 40 games cannot show an ECE under 0.05, even for honest chances


def test_a_mapping_is_kept_only_where_it_makes_the_held_out_games_better(tmp_path: Path) -> None:
    distorted, honest = _games(200, 5, steps=5), _games(200, 6, gain=1.0, steps=5)
    fit_set = {"graph": _samples(distorted), "judged": _samples(honest), "coach": _samples(distorted)}
    test_set = {
        "graph": _samples(_games(200, 7, steps=5)),
        "judged": _samples(_games(200, 8, gain=1.0, steps=5)),
        "coach": _samples(_games(200, 9, steps=5)),
    }
    saved = tmp_path / "chances.json"
    saved.write_text(json.dumps({"games": 200, "fit": fit_set, "test": test_set, "timing": []}), encoding="utf-8")
    written = tmp_path / "calibration.json"
    report = bench.run(0, load_path=saved, write_fit=True, fit_path=written, diagram_path=tmp_path / "d.svg")
    assert "200 games of mixed strength to fit" in report and "1000" in report  # games and points
    assert "[" in report  # the intervals
    kept = json.loads(written.read_text(encoding="utf-8"))
    assert set(kept["mappings"]) >= {"graph", "coach"}
    assert "judged" not in kept["mappings"] or kept["forms"]["judged"] != "isotonic"
    mapping = from_dict(kept)
    for source in kept["mappings"]:
        raw = bench.measure(test_set[source], IDENTITY, source)
        assert bench.better(raw, bench.measure(test_set[source], mapping, source))
    svg = (tmp_path / "d.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "mapped" in svg and svg.count("<polyline") == 6
    assert svg == bench.diagram(test_set, mapping)  # the mapping written
    bench.run(0, load_path=saved, diagram_path=tmp_path / "shipped.svg")
    shown = (tmp_path / "shipped.svg").read_text(encoding="utf-8")
    assert shown == bench.diagram(test_set, load()) != svg  # without --fit: the mapping shipped


def test_a_refit_that_does_no_better_keeps_the_mapping_in_use(tmp_path: Path) -> None:
    """--fit writes, per source, the better of the refit and the mapping in use: a refit that does no better
    (here one fitted on honest chances, so none is kept) never drops a mapping that makes the held-out games better."""
    honest = _games(200, 6, gain=1.0, steps=5)
    fit_set = {source: _samples(honest) for source in SOURCES}
    test_set = {source: _samples(_games(200, 7 + index, steps=5)) for index, source in enumerate(SOURCES)}
    saved = tmp_path / "chances.json"
    saved.write_text(json.dumps({"games": 200, "fit": fit_set, "test": test_set, "timing": []}), encoding="utf-8")
    distorted = {source: _samples(_games(200, 20 + index, steps=5)) for index, source in enumerate(SOURCES)}
    in_use = Calibration(
        {s: bench.fit_source(distorted[s], s, "platt").mappings[s] for s in SOURCES}, dict.fromkeys(SOURCES, "platt")
    )
    raw = {s: bench.measure(test_set[s], IDENTITY, s) for s in SOURCES}
    helped = {s for s in SOURCES if bench.better(raw[s], bench.measure(test_set[s], in_use, s))}
    assert len(helped) >= 2
    written = tmp_path / "calibration.json"
    report = bench.run(0, load_path=saved, write_fit=True, fit_path=written, in_use=in_use)
    kept = from_dict(json.loads(written.read_text(encoding="utf-8")))
    assert set(kept.mappings) == helped, report
    for source in helped:  # the mapping in use, as written (to 6 decimals)
        again, before = bench.measure(test_set[source], kept, source), bench.measure(test_set[source], in_use, source)
        assert (again["ece"], again["brier"]) == pytest.approx((before["ece"], before["brier"]), abs=1e-6)


def test_serial_and_parallel_gathering_give_the_same_chances() -> None:
    serial = bench.collect(1, jobs=1, coach_iterations=30)
    parallel = bench.collect(1, jobs=2, coach_iterations=30)
    assert serial[:2] == parallel[:2]
    fit_set, test_set, timing = serial
    assert len(timing) == 2 and all(timing[0][part] > 0 for part in ("play", "review", "coach"))
    for source in SOURCES:
        assert fit_set[source] and test_set[source]
        assert all(0.0 <= raw <= 1.0 and 0.0 <= t <= 1.0 for raw, _g, _y, _n, t in fit_set[source])
    outcomes = [y for _r, _g, y, _n, _t in fit_set["graph"]]
    assert set(outcomes) in ({0.0, 1.0}, {0.5})  # both players' views: one won what the other lost
    assert abs(sum(outcomes) / len(outcomes) - 0.5) < 0.1


def test_the_bench_reads_the_chances_the_review_and_the_coach_show() -> None:
    """Every chance the bench reads, put through the shipped mapping, is the one the app shows at that
    decision: the review's graph point, the review's settled judgement (judged again deeper where the review
    does so), the coach's shown candidate."""
    from aton.bots.coach import CANDIDATES_SHOWN, search_candidates
    from aton.bots.heuristics import BoardInfo, class_representatives
    from aton.bots.review import review
    from aton.bots.tournament import play_game
    from aton.position import record_start

    number, iterations = 0, 12
    game, _summary = play_game(*bench.PAIRS[number], bench.FIT_SEED + number)
    assert game.result is not None and game.result.winner is not None
    samples, times = bench.read_chances(game, number, coach_iterations=40, review_iterations=iterations)
    shipped = load()
    for player in (aton.RED, aton.BLUE):
        outcome = float(game.result.winner is player)
        shown = review(game, player, seed=number, iterations=iterations)
        mine = [s for s in samples["graph"] if s[2] == outcome]
        curve = [point.chance for point in shown.curve[: len(mine)]]
        assert len(mine) == len(shown.curve) - 1  # the last point is the finished game: exact, not read
        mapped = [shipped.apply("graph", raw, games, t) for raw, games, _y, _n, t in mine]
        assert mapped == pytest.approx(curve, abs=1e-12)
        turns = list(shown.decisions)
        sampled = [j for k, j in enumerate(turns) if (k + number) % bench.JUDGE_EVERY == 0 and j.verdict is not None]
        mine = [s for s in samples["judged"] if s[2] == outcome]
        assert len(mine) == len(sampled) > 3
        mapped = [shipped.apply("judged", raw, games, t) for raw, games, _y, _n, t in mine]
        assert mapped == pytest.approx([j.played_chance for j in sampled], abs=1e-12)
    assert times["deeper"] > 0, "no sampled decision was judged deeper: the game does not test that path"
    start, texts = record_start(game.record())
    info = BoardInfo.of(start.rules.layout)
    decided = {aton.RED: 0, aton.BLUE: 0}
    expected = []
    for text in texts:
        action = aton.parse_action(text)
        view = start.view(action.player)
        turn = decided[action.player] + number
        if turn % bench.COACH_EVERY == 0 and len(class_representatives(view.legal_actions(action.player), info)) > 1:
            for candidate in search_candidates(view, iterations=40, seed=number)[:CANDIDATES_SHOWN]:
                if bench._alike(candidate.action, action, info):
                    expected.append(candidate.win_rate)
                    break
        decided[action.player] += 1
        start.apply(action)
    mapped = [shipped.apply("coach", raw, games, t) for raw, games, _y, _n, t in samples["coach"]]
    assert expected and sorted(mapped) == pytest.approx(sorted(expected), abs=1e-12)


def test_games_kept_by_save_are_taken_again_and_only_the_rest_is_played(tmp_path: Path) -> None:
    first = bench.collect(1, coach_iterations=30)
    saved = tmp_path / "chances.json"
    saved.write_text(json.dumps({"games": 1, "fit": first[0], "test": first[1], "timing": first[2]}), encoding="utf-8")
    played: list[str] = []
    fit_set, test_set, timing = bench.collect(2, coach_iterations=30, known=bench.kept_games(saved), log=played.append)
    assert [line.split(" (")[0].strip() for line in played] == ["fit game 2", "test game 2"]
    assert len(timing) == 4 and timing[:2] == first[2]
    for source in SOURCES:
        assert [list(s) for s in fit_set[source] if s[3] == 0] == [list(s) for s in first[0][source]]
        assert [list(s) for s in test_set[source] if s[3] == 0] == [list(s) for s in first[1][source]]
        assert any(s[3] == 1 for s in fit_set[source]) and any(s[3] == 1 for s in test_set[source])
    saved.write_text(json.dumps({"games": 2, "fit": fit_set, "test": test_set, "timing": timing[:3]}), encoding="utf-8")
    with pytest.raises(ValueError, match="3 game times for 2 games"):
        bench.kept_games(saved)
    fit_set["graph"].append((0.5, 20, 1.0, 7, 0.5))
    saved.write_text(json.dumps({"games": 2, "fit": fit_set, "test": test_set, "timing": timing}), encoding="utf-8")
    with pytest.raises(ValueError, match="a chance of game 7, not one of its 2 games"):
        bench.kept_games(saved)


def test_progress_grows_through_a_game() -> None:
    game = aton.new_game(seed=1)
    assert view_progress(game) == 0.0
    assert progress(12, (0, 0)) == 1.0 and progress(2, (20, 3)) == 0.5


def test_the_shipped_mapping_reads_and_keeps_few_games_humble() -> None:
    mapping = load()
    for source in mapping.mappings:
        assert source in SOURCES
        low = mapping.apply(source, 0.05, 400, 0.5)
        high = mapping.apply(source, 0.95, 400, 0.5)
        assert 0.0 < low < high < 1.0
        assert mapping.apply(source, 1.0, 10, 0.9) < 1.0  # all ten imagined games won: not a certainty
        assert mapping.apply(source, 1.0, 0) == 1.0  # a finished game is exact
    assert chance_words(mapping.apply("coach", 1.0, 12, 0.5), 12).startswith("between")
    assert chance_words(mapping.apply("judged", 0.0, 8, 0.5), 8, "fr").startswith("entre")


@pytest.mark.parametrize(
    "raw",
    [
        {"mappings": {"graph": [0.0, 0.1]}},
        {"mappings": {"graph": [1.0, 0.1, 0.2]}},
        {"mappings": {"graph": [0.1, 0.9, 0.5, 0.2]}, "forms": {"graph": "isotonic"}},
        {"mappings": {"graph": [1.0, 0.1]}, "forms": {"graph": "spline"}},
    ],
)
def test_a_broken_mapping_file_is_refused(raw: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        from_dict(raw)


def test_the_review_and_the_coach_apply_the_mapping_they_are_given() -> None:
    from aton.bots.coach import search_candidates
    from aton.bots.review import review

    game = aton.new_game(seed=4)
    view = game.view(aton.RED)
    lower = Calibration({"coach": (1.0, -1.0)})
    raw = search_candidates(view, iterations=40, calibration=IDENTITY)
    mapped = search_candidates(view, iterations=40, calibration=lower)
    assert [c.action for c in raw] == [c.action for c in mapped]
    assert all(m.win_rate < r.win_rate for r, m in zip(raw, mapped, strict=True) if 0 < r.win_rate < 1)
    for _ in range(4):
        game.apply(aton.bots.make_bot("random").choose(game.view(game.to_act[0]), random.Random(1)))
    plain = review(game, aton.RED, iterations=20, samples=4, calibration=IDENTITY)
    shifted = review(game, aton.RED, iterations=20, samples=4, calibration=Calibration({"graph": (1.0, 1.0)}))
    assert all(s.chance > p.chance for p, s in zip(plain.curve, shifted.curve, strict=True) if 0 < p.chance < 1)
    assert [j.verdict for j in plain.decisions] == [j.verdict for j in shifted.decisions]


def test_the_verdicts_read_the_chances_as_people_read_them() -> None:
    from aton.bots.review import Verdict, at_least, review, verdict_of

    game = aton.new_game(seed=5)
    chooser = random.Random(2)
    for _ in range(6):
        player = game.to_act[0]
        game.apply(aton.bots.make_bot("random").choose(game.view(player), chooser))
    reviews = {
        name: review(game, aton.RED, iterations=30, samples=2, calibration=Calibration({"judged": params}))
        for name, params in (("squeezed", (0.3, -0.5)), ("plain", (1.0, 0.0)), ("stretched", (3.0, 0.0)))
    }
    for result in reviews.values():
        for judgement in result.judged():
            # the loss shown, less one standard error, gives the verdict: never worse than the loss shown
            assert at_least(verdict_of(judgement.best_chance - judgement.played_chance), judgement.verdict)

    def flagged(name: str) -> int:
        return sum(at_least(j.verdict, Verdict.INACCURACY) for j in reviews[name].judged())

    assert flagged("squeezed") < flagged("plain") < flagged("stretched")


def test_the_candidates_table_tells_a_chance_on_few_visits_as_a_range() -> None:
    from aton.bots.coach import Candidate
    from aton.widgets.thinking import candidates_html

    game = aton.new_game(seed=1)
    view = game.view(aton.RED)
    action = view.legal_actions(aton.RED)[0]
    table = candidates_html(view, [Candidate(action, 400, 0.62, 0.9), Candidate(action, 6, 0.9, 0.1)], "en")
    assert "62%" in table and "between" in table


@pytest.mark.parametrize("option", ["--load", "--reuse"])
def test_the_command_refuses_a_file_that_holds_no_kept_chances(tmp_path: Path, option: str) -> None:
    forged = tmp_path / "chances.json"
    forged.write_text(json.dumps({"games": 1, "fit": {"graph": [[0.5]]}}), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "aton", "bench-calibration", option, str(forged), "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert "does not hold chances kept by --save" in done.stderr and "Traceback" not in done.stderr
