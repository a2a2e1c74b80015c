"""The simulation lab's tournament panel: the same games wherever they run, a stop that keeps what was played,
plots that never break the rest.  No browser: the page's loop is a queue the test drives."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest

from aton.apps.lab import panel as lab_module
from aton.apps.lab.flow import LabState, TournamentFlow, lab_words
from aton.apps.lab.panel import TournamentPanel
from aton.apps.work import Worker
from aton.bots.tournament import SerialExecutor, play_many

PAIRINGS = [("greedy", "random", 3), ("random", "greedy", 2)]


def outcomes(games: list[Any]) -> list[tuple[int, str, str, str | None, tuple[int, int]]]:
    return [(g.seed, g.red, g.blue, g.winner, g.scores) for g in games]


def test_the_panel_plays_the_games_of_play_many() -> None:
    panel = TournamentPanel(PAIRINGS, seed=7, worker=Worker())
    panel.start()
    assert panel.flow.state is LabState.DONE and panel.flow.played == 5
    for (first, second, games), result in zip(PAIRINGS, panel.flow.results, strict=True):
        expected = play_many(first, second, games, seed=7, alternate=True, executor=SerialExecutor())
        assert outcomes(result.games) == outcomes(expected.games)
        assert result.bots == (first, second)
    assert panel.report.value.count("<pre ") == 2 and "greedy vs random: 3 games" in panel.report.value
    assert panel.progress.value == panel.progress.max == 5
    assert panel.status.value.startswith("5 games played in ")
    assert panel.stop_button.layout.display == "none" and not panel.start_button.disabled
    assert panel.start_button.description == "Play them again"


def test_a_pairing_may_be_written_as_a_list() -> None:
    assert TournamentFlow([["greedy", "random", 2]], seed=1).pairings == [("greedy", "random", 2)]


@pytest.mark.parametrize(
    ("pairings", "words"),
    [
        ([], "at least one pairing"),
        ([("greedy", "random")], "(first bot, second bot, number of games)"),
        (["greedy random 3"], "(first bot, second bot, number of games)"),
        ([("greedy", "random", 0)], "at least 1"),
        ([("greedy", "random", True)], "whole number of games"),
        ([("greedy", "nobody", 3)], "nobody"),
    ],
)
def test_a_wrong_pairing_is_refused_with_what_is_expected(pairings: list[Any], words: str) -> None:
    with pytest.raises(ValueError) as refused:
        TournamentFlow(pairings, seed=1)
    assert words in str(refused.value)


def test_in_the_page_loop_a_stop_takes_effect_mid_way_and_keeps_the_games_played() -> None:
    """A browser page: the games run in slices of the page's loop, and the click on "stop" gets in between."""
    pending: deque[Any] = deque()
    worker: Worker[None] = Worker(pending.append, in_loop=True)
    worker.SLICE = 0.0  # one step a turn: a bot's decision, or a pause inside its search
    panel = TournamentPanel([("easy", "random", 4)], seed=3, worker=worker)
    panel.start()
    assert panel.flow.state is LabState.RUNNING and panel.flow.played == 0  # nothing runs inside the click
    assert panel.start_button.disabled and panel.stop_button.layout.display == ""
    turns = 0
    while panel.flow.played < 1:
        pending.popleft()()
        turns += 1
    assert turns > 50  # one game is many slices, not one block
    pending.append(panel.stop)  # the click on "stop", between two slices
    while pending:
        pending.popleft()()
    assert panel.flow.state is LabState.STOPPED and panel.flow.played == 1
    assert panel.status.value == "Stopped after 1 of 4 games: the results and the plots count the game played."
    assert outcomes(panel.flow.results[0].games) == outcomes(
        play_many("easy", "random", 1, seed=3, alternate=True, executor=SerialExecutor()).games
    )
    panel.start()  # again, from the first game, to the end this time
    while pending:
        pending.popleft()()
    assert panel.flow.state is LabState.DONE and panel.flow.played == 4


def test_a_stop_between_two_steps_does_not_wait_for_the_end_of_the_game() -> None:
    """A thread drives the steps without pausing: the stop is asked between two of them, within a game."""
    flow = TournamentFlow([("easy", "random", 3)], seed=2)
    stopping = False
    steps = flow.steps(lambda _fraction: True, lambda: stopping)
    for _ in range(20):  # well inside the first game
        next(steps)
    stopping = True
    with pytest.raises(StopIteration):
        next(steps)
    flow.finish(None, stopped=True)
    assert flow.played == 0 and flow.state is LabState.STOPPED


def test_a_plot_cell_run_again_replaces_its_plot() -> None:
    panel = TournamentPanel([("greedy", "random", 1)], seed=1, worker=Worker())

    def curve(_results: list[Any], plt: Any) -> Any:
        return plt.figure()

    panel.plot(curve)
    panel.plot(curve)
    panel.plot(lambda _results, plt: plt.figure())
    assert [drawer for drawer, _ in panel._plots] == [curve, panel._plots[1][0]]


def test_a_panel_that_starts_stops_another_still_playing() -> None:
    """The cell run again makes a new panel: the old one's games stop rather than share the processor."""
    pending: deque[Any] = deque()
    old = TournamentPanel([("easy", "random", 3)], seed=1, worker=Worker(pending.append, in_loop=True))
    old.start()
    for _ in range(5):
        pending.popleft()()
    new = TournamentPanel([("greedy", "random", 2)], seed=1, worker=Worker(pending.append, in_loop=True))
    new.start()
    while pending:
        pending.popleft()()
    assert old.flow.state is LabState.STOPPED and new.flow.state is LabState.DONE


def test_plots_wait_for_the_games_then_show_as_images_and_a_broken_one_stays_in_its_place() -> None:
    pending: deque[Any] = deque()
    panel = TournamentPanel([("greedy", "random", 2)], seed=1, worker=Worker(pending.append, in_loop=True))
    seen: list[int] = []

    def bars(results: list[Any], plt: Any) -> Any:
        seen.append(len(results[0].games))
        fig, ax = plt.subplots()
        ax.bar(["greedy"], [results[0].win_rate(0)])
        return fig

    def broken(_results: list[Any], _plt: Any) -> Any:
        raise KeyError("no such column")

    panel.plot(bars)
    panel.plot(broken)
    good, bad = (box for _, box in panel._plots)
    assert good.children[0].value == "This plot appears once games have been played."
    panel.start()
    assert good.children[0].value == "This plot appears once games have been played."  # still playing
    while pending:
        pending.popleft()()
    assert seen == [2]
    assert good.children[0].value[:8] == b"\x89PNG\r\n\x1a\n"
    panel.start()  # played again: the plot of the earlier games goes until the new ones are over
    assert good.children[0].value == "This plot appears once games have been played."
    while pending:
        pending.popleft()()
    assert seen == [2, 2] and good.children[0].value[:8] == b"\x89PNG\r\n\x1a\n"
    assert bad.children[0].value == "This plot could not be drawn: KeyError(&#x27;no such column&#x27;)"
    import matplotlib.pyplot as plt

    assert plt.get_fignums() == []  # drawn as images, the figures are closed


def test_without_matplotlib_the_plots_say_so_and_the_report_is_there(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab_module, "_pyplot", lambda: None)
    panel = TournamentPanel([("greedy", "random", 2)], seed=1, worker=Worker(), lang="fr")
    panel.plot(lambda results, plt: plt.figure())
    panel.start()
    ((_, box),) = panel._plots
    assert "matplotlib" in box.children[0].value and "ne peut pas charger" in box.children[0].value
    assert "<pre " in panel.report.value and panel.status.value.startswith("2 parties jouées en ")


def test_the_words_of_the_panel_in_french() -> None:
    flow = TournamentFlow([("easy", "random", 1)], seed=0)
    assert flow.status("fr") == "1 partie à jouer. Elle commence avec « Jouer les parties »."
    assert flow.status("en") == "1 game to play. It starts with “Play the games”."
    flow.start()
    assert flow.status("fr") == "Partie 1 sur 1 : easy contre random"
    flow.finish(None, stopped=True)
    assert flow.status("fr") == "Arrêté avant la fin de la première partie : il n'y a encore rien à compter."
    assert lab_words("stop", "fr") == "Arrêter" and lab_words("again", "fr") == "Les rejouer"
    flow.finish(RuntimeError("boom"))
    assert flow.status("en") == "The games stopped on an error: boom"
    with pytest.raises(KeyError, match="no lab panel text"):
        lab_words("nonsense", "en")
