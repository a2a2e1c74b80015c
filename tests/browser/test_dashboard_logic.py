"""The dashboard without a browser: files, hidden cards, turns, bots and messages.

These run with no kernel attached (ipywidgets uses a dummy channel) and bots deciding at once
(``background=False``), so they need neither Voila nor Chromium.
"""

from __future__ import annotations

import json
import random
import re
import string
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

import aton
from aton import BLUE, RED, Phase
from aton.apps.dashboard.app import Dashboard
from aton.apps.dashboard.session import (
    LoadError,
    Mode,
    Session,
    Setup,
    read_game_file,
    save_file,
)
from aton.apps.dashboard.text import DASHBOARD_STRINGS, say
from aton.apps.work import Job, Worker, bot_work
from aton.bots import make_bot
from aton.bots.mcts import PRESETS, STEP_ITERATIONS, MctsBot

ROOT = Path(__file__).resolve().parents[2]


def random_game(seed: int, actions: int) -> aton.Game:
    game = aton.new_game(seed=seed)
    chooser = random.Random(seed)
    while game.result is None and len(game.actions) < actions:
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    return game


def public_facts(game: aton.Game, viewer: aton.Player | None) -> dict[str, Any]:
    """What ``viewer`` (or everyone) may know, from the engine's queries."""
    facts: dict[str, Any] = {
        "round": game.round,
        "phase": game.phase,
        "squares": [game.owner(square) for square in aton.SQUARES],
        "kingdom": game.kingdom,
        "revealed": game.revealed,
    }
    for player in aton.PLAYERS:
        facts[player.label] = (
            game.score(player),
            game.stock(player),
            game.exchange_available(player),
            game.discard(player),
            game.assignment(player) if game.revealed or player is viewer else None,
            game.hand(player) if player is viewer else None,
        )
    if game.phase is not Phase.ASSIGN:
        facts["actor"] = (game.actor, game.removals_left, game.placements_left)
    return facts


# ------------------------------------------------------------------ files
@pytest.mark.parametrize("seed", range(12))
def test_a_saved_position_keeps_what_the_viewer_may_know_and_nothing_hidden(seed: int) -> None:
    game = random_game(seed, actions=seed * 4 + 1)
    if game.result is not None:
        pytest.skip("the game ended early")
    for viewer in (RED, BLUE, None):
        saved = save_file(game, viewer)
        assert not saved.full
        raw = json.loads(saved.text)
        assert not {"seed", "rng", "events", "actions", "start"} & set(raw)
        for player in aton.PLAYERS:
            assert "deck" not in raw[player.label]
            if player is not viewer:
                assert "hand" not in raw[player.label]
                if not game.revealed:
                    assert raw[player.label]["assignment"] is None
        loaded = read_game_file(saved.text.encode(), saved.name, seed_if_missing=99)
        assert loaded.seed == 99
        if viewer is not None and not game.revealed and game.has_assigned(viewer.other):
            # the opponent's face-down cards are dealt again: they choose again after loading
            assert not loaded.has_assigned(viewer.other)
            continue
        assert public_facts(loaded, viewer) == public_facts(game, viewer)


def test_a_finished_game_is_saved_whole() -> None:
    game = random_game(3, actions=10_000)
    assert game.result is not None
    saved = save_file(game, RED)
    assert saved.full
    assert aton.Game.from_json(saved.text) == game
    assert read_game_file(saved.text.encode(), saved.name, seed_if_missing=1) == game


def test_a_record_is_replayed() -> None:
    game = random_game(4, actions=40)
    loaded = read_game_file(json.dumps(game.record()).encode(), "record.json", seed_if_missing=1)
    assert loaded == game


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe\x00bad", "not text"),
        (b'{"temples": [', "not readable JSON"),
        (b"[1, 2, 3]", "JSON object"),
        (json.dumps({"temples": ["RRRRRRRRRRRRR", "", "", ""]}).encode(), "temple 1"),
        (json.dumps({"red": {"score": 50}}).encode(), "40"),
        (json.dumps({"format": "aton-record/1", "seed": 1, "actions": ["red place 9-9"]}).encode(), "action 1"),
        (json.dumps({"nonsense": True}).encode(), "unknown fields"),
        (b" " * 2_000_001, "too large"),
    ],
)
def test_a_broken_file_says_what_is_wrong(content: bytes, words: str) -> None:
    with pytest.raises(LoadError, match=re.escape(words)):
        read_game_file(content, "file.json", seed_if_missing=1)


# ------------------------------------------------------------------ background work
def test_the_worker_queues_callbacks_instead_of_nesting_them() -> None:
    worker: Worker[int] = Worker()
    order: list[str] = []

    def done(job: Job, result: int | None, error: BaseException | None) -> None:
        order.append(f"done {result}")
        if result == 1:
            worker.run(Job("second"), lambda report: 2, done)
            order.append("after starting the second")

    worker.run(Job("first"), lambda report: 1, done)
    assert order == ["done 1", "after starting the second", "done 2"]


def test_a_cancelled_job_is_asked_to_stop() -> None:
    worker: Worker[bool] = Worker()
    job = Job("bot")
    job.cancel()
    answers: list[bool | None] = []
    worker.run(job, lambda report: report(0.5), lambda job, result, error: answers.append(result))
    assert answers == [False]


def test_threads_take_quicker_turns_only_while_work_runs() -> None:
    import sys

    before = sys.getswitchinterval()
    seen: list[float] = []
    worker: Worker[float] = Worker()
    worker.run(Job("bot"), lambda report: sys.getswitchinterval(), lambda job, result, error: seen.append(result or 0))
    assert seen[0] <= 0.001 and sys.getswitchinterval() == before


# ------------------------------------------------------------------ the dashboard
def dashboard(**options: Any) -> Dashboard:
    return Dashboard(background=False, **options)


def play_squares(board: Any, limit: int = 200) -> None:
    for _ in range(limit):
        squares = board.legal_squares()
        if not squares:
            return
        board.choose(squares[0])


def test_against_a_bot_a_round_goes_by_step_by_step() -> None:
    dash = dashboard(seed=7)
    game = dash.game
    assert dash.session.controller(BLUE) == "bot" and not game.has_assigned(BLUE) and dash.live
    assert dash.panel is not None and dash.panel.player is RED
    dash.panel.choose(sorted(game.hand(RED)))
    dash.panel.confirm()  # the bot chooses its cards now, and they are turned face up
    assert not dash.live and dash.pending > 0 and dash.panel is None
    assert dash.board.showing
    seen = []
    while not dash.live:
        dash.next_step()
        seen.append(dash.play.step_explain.value)
    assert any("turned face up" in text for text in seen)
    for _ in range(20):
        play_squares(dash.board)
        dash.skip()
        if game.round == 2 and dash.live:
            break
    assert game.round == 2 and game.phase is Phase.ASSIGN and dash.panel is not None
    assert 'data-round="2"' in dash.status.value


def test_the_bot_assignment_does_not_exist_before_the_person_commits() -> None:
    """The bot chooses its cards once the person has confirmed theirs: before, there is nothing to find."""
    dash = dashboard(seed=21)
    assert dash.game.assignment(BLUE) is None and dash.board.twin.value.count("face down") == 0
    assert dash.panel is not None
    dash.panel.choose(sorted(dash.game.hand(RED)))  # chosen, not yet confirmed: still nothing of the bot's
    assert dash.game.assignment(BLUE) is None and not dash.flow.jobs
    dash.panel.confirm()
    assert dash.game.revealed and dash.game.assignment(BLUE) is not None


def all_html(widget: Any) -> list[Any]:
    found = [widget] if hasattr(widget, "value") and isinstance(widget.value, str) else []
    for child in getattr(widget, "children", ()):
        found += all_html(child)
    return found


def test_two_people_pass_the_screen_and_the_panel_leaves_with_them() -> None:
    dash = dashboard(seed=5, mode="two")
    game = dash.game
    assert dash.covered and dash.panel is None and dash.at_screen is None
    dash.lift_cover()
    red_panel = dash.panel
    assert red_panel is not None and red_panel.player is RED and not dash.covered
    red_panel.choose(sorted(game.hand(RED), reverse=True))
    red_panel.confirm()
    assert dash.covered and dash.panel is None
    assert red_panel.comm is None and all(button.comm is None for button in red_panel.card_buttons)
    assert "face down" in dash.board.twin.value and dash.board.viewer is BLUE
    dash.lift_cover()
    assert dash.panel is not None and dash.panel.player is BLUE
    assert dash.panel.hand == sorted(game.hand(BLUE))
    dash.panel.choose(sorted(game.hand(BLUE)))
    dash.panel.confirm()
    assert game.revealed and not dash.covered
    for _ in range(30):
        dash.skip()
        play_squares(dash.board)
        if game.round == 2 and dash.live:
            break
    assert game.round == 2 and dash.covered


def test_two_bots_play_on_while_watched() -> None:
    dash = dashboard(seed=8, mode="watch")
    assert dash.session.controls == () and dash.play.auto_button.value
    for _ in range(500):
        if dash.game.round >= 3 or dash.game.result is not None:
            break
        dash.skip()
    assert dash.game.round >= 3 or dash.game.result is not None


def test_a_new_game_from_the_form_and_a_bad_seed() -> None:
    dash = dashboard(seed=1)
    dash.form.seed_text.value = "twelve"
    dash.form.start_button.click()
    assert "seed must be a whole number" in dash.message.value and dash.game.seed == 1
    dash.form.seed_text.value = "12"
    dash.form.mode_choice.value = "bot"
    dash.form.human_choice.value = "blue"
    dash.form.level_choice.value = "medium"
    dash.form.start_button.click()
    assert dash.game.seed == 12 and dash.session.setup.human is BLUE and dash.session.bots[RED].name == "medium"
    assert dash.session.viewer is BLUE


def test_loading_keeps_the_game_when_the_file_is_broken() -> None:
    dash = dashboard(seed=3)
    game = dash.game
    assert not dash.load_bytes(b"{oops", "oops.json")
    assert dash.game is game and "oops.json cannot be loaded" in dash.message.value
    position = (ROOT / "tests" / "browser" / "data" / "one-round-from-scoring.json").read_bytes()
    assert dash.load_bytes(position, "scoring.json")
    assert dash.game.round == 5 and dash.session.source == "scoring.json"
    assert "Loaded scoring.json" in dash.message.value


def test_a_finished_game_shows_the_victory_and_why() -> None:
    dash = dashboard(seed=3)
    finished = random_game(6, actions=10_000)
    assert finished.result is not None and dash.load_bytes(finished.to_json().encode(), "finished.json")
    assert dash.live and "Game over" in dash.play.result_html.value
    winner = "Red" if finished.result.winner is RED else "Blue"
    assert f"{winner} wins" in dash.play.result_html.value
    assert 'data-over="true"' in dash.status.value and dash.panel is None
    dash.save()
    assert "nothing is hidden any more" in dash.form.download.value


def test_an_unexpected_error_becomes_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    dash = dashboard(seed=3)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr("aton.apps.dashboard.controller.read_game_file", broken)
    assert dash.load_bytes(b"{}", "x.json") is None
    assert "Something went wrong: the disk is on fire" in dash.message.value
    assert 'role="alert"' in dash.message.value


def test_a_failing_bot_is_reported_and_the_game_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name = "broken"

        def choose_steps(self, *args: object, **kwargs: object) -> Iterator[None]:
            yield
            raise ValueError("no idea")

    monkeypatch.setattr("aton.apps.dashboard.session.make_bot", lambda level: Broken())
    dash = dashboard(seed=3, human=BLUE)  # red is the bot: it chooses its cards once blue has chosen theirs
    assert dash.panel is not None and dash.panel.player is BLUE and "could not decide" not in dash.message.value
    dash.panel.choose(sorted(dash.game.hand(BLUE)))
    dash.panel.confirm()
    assert "Red could not decide: no idea" in dash.message.value
    assert not dash.game.has_assigned(RED) and dash.game.has_assigned(BLUE)


def test_the_coach_answers_for_the_person_who_decides() -> None:
    dash = dashboard(seed=2)
    dash.ask_coach()
    assert "Suggestion for Red" in dash.hint_html.value and "chance to win" in dash.hint_html.value
    # what the search tried: a table with a bar per move, the suggestion first
    assert "What the search tried:" in dash.hint_html.value and "aton-search-bar" in dash.hint_html.value
    assert dash.hint_html.value.count("aton-search-bar") == len(dash.flow.hint.candidates) > 1
    dash.lang = "fr"
    assert dash.hint_html.value == ""


def test_french_everywhere_and_back() -> None:
    dash = dashboard(seed=2)
    dash.lang = "fr"
    assert "Manche 1" in dash.status.value and dash.board.lang == "fr" and dash.panel is not None
    assert dash.panel.lang == "fr" and dash.right_tabs.titles[0] == "Jouer"
    dash.language.value = "en"
    assert dash.lang == "en" and "Round 1" in dash.status.value


def test_every_dashboard_text_renders_in_both_languages() -> None:
    for key, message in DASHBOARD_STRINGS.items():
        fields: dict[str, object] = {name: "7" for _, name, _, _ in string.Formatter().parse(message.singular) if name}
        if message.plural is not None:
            fields["count"] = 2
        assert say(key, "en", **fields).strip() and say(key, "fr", **fields).strip(), key


def test_the_setup_refuses_unknown_levels() -> None:
    with pytest.raises(ValueError, match="easy, medium, hard"):
        Setup(level="wizard")
    assert Session(Setup(mode=Mode.WATCH, seed=1)).controls == ()


# ------------------------------------------------------------------ serving
def test_the_notebook_is_thin_clean_and_hides_its_code() -> None:
    notebook = nbformat.read(ROOT / "notebooks" / "aton.ipynb", as_version=4)
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    # One cell: with preheated kernels, Voila resumes a notebook taken mid-way from another task, and with a
    # second cell that froze the server (measured with voila 0.5.13).
    assert len(code) == 1
    assert code[0].outputs == [] and code[0].execution_count is None
    assert code[0].metadata["jupyter"]["source_hidden"] is True
    lines = [line for line in code[0].source.splitlines() if line.strip()]
    assert lines == [
        "from aton.apps.dashboard.app import Dashboard",
        "from aton.apps.learner import learner_bar",
        "from aton.serving.loading import starting_notice",
        "starting_notice()",
        "dashboard = Dashboard()",
        "learner = learner_bar()  # who is learning (a nickname, asked once in a class); the answers are kept",
        "dashboard.language.connect(learner)",  # the learner's bar (aton/apps/learner) speaks the page's language
        "display(learner, dashboard)",
    ]


def test_voila_never_leaves_a_page_blank_and_culls_idle_kernels() -> None:
    config = json.loads((ROOT / "voila.json").read_text())
    assert config["VoilaExecutor"]["iopub_timeout"] >= 60
    assert config["VoilaConfiguration"]["multi_kernel_manager_class"].endswith("ClassroomKernelManager")
    assert config["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert config["MappingKernelManager"]["cull_connected"] is False


def test_voila_preheats_kernels_and_shows_no_tracebacks() -> None:
    config = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    assert config["show_tracebacks"] is False and config["preheat_kernel"] is True
    assert config["default_pool_size"] >= 1 and config["template"] == "lab"


@pytest.mark.notebook
def test_in_a_kernel_the_bot_thinks_in_a_thread_and_answers_on_the_kernel_thread() -> None:
    from nbclient import NotebookClient

    notebook = nbformat.read(ROOT / "notebooks" / "aton.ipynb", as_version=4)
    notebook.cells += [
        nbformat.v4.new_code_cell(
            "import threading, time\n"
            "import aton\n"
            "d = Dashboard(seed=3, level='medium')\n"
            "d.flow.play(aton.Assign(aton.RED, tuple(d.game.hand(aton.RED))))  # the bot chooses after red\n"
            "started = (d.worker.threaded, d.thinking, d.game.has_assigned(aton.BLUE))"
        ),
        nbformat.v4.new_code_cell("time.sleep(3)"),
        nbformat.v4.new_code_cell(
            "print(started, d.thinking, d.game.has_assigned(aton.BLUE), threading.current_thread().name)"
        ),
    ]
    client = NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}})
    client.execute()
    errors = [o for cell in notebook.cells for o in cell.get("outputs", []) if o.output_type == "error"]
    assert not errors
    printed = notebook.cells[-1].outputs[0]["text"].strip()
    # thinking in a thread at first; then its cards are on the cartouches, answered on the kernel's thread (after
    # the reveal the bot may think again about its counters: what it does then is not this test's)
    assert printed.startswith("(True, ['bot:blue'], False) [") and printed.endswith("] True MainThread"), printed


def _run_loop_briefly(loop: Any) -> None:
    """Run ``loop`` for a moment on a thread of its own, then close it.

    The browser tests' Playwright session keeps an event loop running on the main thread, and asyncio
    refuses to run a second one there."""
    import asyncio
    import threading

    runner = threading.Thread(target=loop.run_until_complete, args=(asyncio.sleep(0.05),))
    runner.start()
    runner.join(timeout=10)
    loop.close()


def test_in_the_event_loop_work_waits_for_the_handler_and_shows_progress_as_it_goes() -> None:
    import asyncio

    loop = asyncio.new_event_loop()
    worker: Worker[int] = Worker(loop.call_soon, in_loop=True)
    worker.PROGRESS_EVERY = 0.0
    order: list[str] = []

    def work(report: Any) -> int:
        order.append("work")
        report(0.5)
        order.append("after progress")
        return 3

    worker.run(
        Job("bot"), work, lambda job, result, error: order.append(f"done {result}"), lambda job, f: order.append(f"{f}")
    )
    order.append("handler returned")
    assert not worker.threaded
    _run_loop_briefly(loop)
    assert order == ["handler returned", "work", "0.5", "after progress", "done 3"]


def test_in_the_event_loop_a_job_cancelled_before_its_turn_never_computes() -> None:
    import asyncio

    loop = asyncio.new_event_loop()
    worker: Worker[int] = Worker(loop.call_soon, in_loop=True)
    job = Job("coach")
    seen: list[object] = []
    worker.run(job, lambda report: seen.append("work") or 1, lambda job, result, error: seen.append(result))
    job.cancel()
    _run_loop_briefly(loop)
    assert seen == [None]


def test_in_the_event_loop_stepped_work_lets_the_page_in_between_and_stops_once_cancelled() -> None:
    pending: deque[Any] = deque()
    worker: Worker[str] = Worker(pending.append, in_loop=True)
    worker.SLICE = 0.0  # one step a turn
    job = Job("bot")
    seen: list[str] = []

    def work(report: Any) -> Iterator[None]:
        for number in range(100):
            seen.append(f"step {number}")
            yield
        return "finished"  # never reached: the click below stops it

    worker.run(job, work, lambda job, result, error: seen.append(f"done {result} {error}"))
    assert seen == []  # nothing runs inside the handler
    while "step 2" not in seen:
        pending.popleft()()
    pending.append(lambda: (seen.append("click on stop"), job.cancel()))
    while pending:
        pending.popleft()()
    assert seen == ["step 0", "step 1", "step 2", "step 3", "click on stop", "done None None"]


def test_in_the_event_loop_a_bot_thinks_in_slices_and_chooses_as_it_would_at_once() -> None:
    game = aton.new_game(seed=5)
    view = game.view(RED)
    bot = make_bot("medium")
    expected = bot.choose(view, random.Random(9))
    pending: deque[Any] = deque()
    worker: Worker[Any] = Worker(pending.append, in_loop=True)
    worker.SLICE = 0.0
    outcome: list[Any] = []
    worker.run(Job("bot"), bot_work(bot, view, random.Random(9)), lambda job, result, error: outcome.append(result))
    turns = 0
    while pending:
        pending.popleft()()
        turns += 1
    assert outcome == [expected] and game.is_legal(expected)
    assert turns > 300 // 16  # a pause every few iterations of the search


def test_a_search_in_steps_is_the_search() -> None:
    view = aton.new_game(seed=6).view(BLUE)
    bot = MctsBot(PRESETS["easy"])
    steps = bot.search_steps(view, random.Random(4))
    pauses = 0
    while True:
        try:
            next(steps)
            pauses += 1
        except StopIteration as end:
            stepped = end.value
            break
    whole = bot.search(view, random.Random(4))
    assert (stepped.action, stepped.options, stepped.iterations) == (whole.action, whole.options, whole.iterations)
    assert pauses == PRESETS["easy"].iterations // STEP_ITERATIONS
