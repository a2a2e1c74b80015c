"""The dashboard's flow without widgets or a browser: whole games in every mode, files, refusals.

The controller runs with no schedule, so bots and the coach decide at once; people's moves are
chosen by a seeded generator among the engine's legal actions.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import aton
from aton import BLUE, RED, Phase
from aton.apps.dashboard.controller import MAX_SEED_DIGITS, DashboardController, parse_seed
from aton.apps.dashboard.html import result_html, status_html, step_html
from aton.apps.work import Job, Worker
from aton.events import RoundEnded


def catch_up(flow: DashboardController) -> None:
    """Watch every step left (the bots of "watch" mode play on meanwhile)."""
    for _ in range(1000):
        if flow.live:
            return
        flow.skip()
    raise AssertionError("the steps never ended")


def seed_hidden(flow: DashboardController) -> None:
    """Nothing the page shows holds the seed while the game goes on."""
    assert flow.shown_seed is None and flow.status_facts()["seed"] == ""
    for lang in ("en", "fr"):
        words = " ".join(flow.status_parts(lang))
        assert "Seed" not in words and "Graine" not in words
        assert f'data-seed="{flow.game.seed}"' not in status_html(flow, lang)
        assert str(flow.game.seed) not in flow.message_text(lang)


def play_person(flow: DashboardController, chooser: random.Random) -> aton.Action:
    """The person who must decide plays a random legal action through the controller."""
    if flow.covered:
        flow.lift_cover()
    person = flow.deciding_person()
    assert person is not None, flow.status_facts()
    action = chooser.choice(flow.game.legal_actions(person))
    assert flow.play(action), flow.message_text("en")
    return action


def play_to_the_end(flow: DashboardController, chooser: random.Random, limit: int = 3000) -> list[str]:
    """Play a whole game through the controller; the kinds of the person's actions."""
    kinds = []
    for _ in range(limit):
        catch_up(flow)
        if flow.game.result is not None:
            return kinds
        seed_hidden(flow)
        kinds.append(type(play_person(flow, chooser)).__name__)
    raise AssertionError("the game never ended")


# ------------------------------------------------------------------ the bot's cards do not exist before the person's
@pytest.mark.parametrize("human", [RED, BLUE])
def test_the_bot_chooses_its_cards_only_once_the_person_has_committed_theirs(human: aton.Player) -> None:
    """Every round: while the person chooses, the bot has chosen nothing, in the game or in the kept game."""
    from aton.apps.dashboard.resume import BrowserStore, GameKeeper

    kept: list[str] = []
    flow = DashboardController(7, mode="bot", human=human)
    store = BrowserStore(kept.append)
    GameKeeper(flow, store=store).browser_said("")
    bot = human.other
    chooser = random.Random(7)
    rounds = 0
    for _ in range(3000):
        catch_up(flow)
        game = flow.game
        if game.result is not None:
            break
        if game.phase is Phase.ASSIGN and human in game.to_act:
            rounds += 1
            assert not game.has_assigned(bot) and not flow.jobs, game.round
            assert game.to_dict()[bot.label].get("assignment") is None
            if kept:  # what the browser keeps (the static site's localStorage) has no cards of the bot's either
                assert json.loads(json.loads(kept[-1])["game"])[bot.label].get("assignment") is None
        play_person(flow, chooser)
    assert flow.game.result is not None and rounds >= 3
    assert flow.game.record()["actions"], "the game was played"


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("seed", [3, 8])
def test_a_whole_game_against_the_bot(seed: int) -> None:
    flow = DashboardController(seed, mode="bot", human=BLUE)
    assert flow.session.controller(RED) == "bot" and not flow.game.has_assigned(RED)  # it chooses after the person
    assert flow.assigning_person() is BLUE and flow.board_viewer() is BLUE
    kinds = play_to_the_end(flow, random.Random(seed))
    assert {"Assign", "Place"} <= set(kinds)
    game = flow.game
    assert game.result is not None and flow.over and not flow.jobs and not flow.message_alert
    assert flow.shown_seed == seed and flow.status_facts()["seed"] == seed
    assert f"Seed {seed}" in flow.status_parts("en") and f"Graine {seed}" in flow.status_parts("fr")
    assert str(seed) in result_html(flow, "en") and step_html(flow, "en") == ""


def test_a_whole_game_of_two_people_behind_the_cover() -> None:
    flow = DashboardController(11, mode="two")
    chooser = random.Random(11)
    covers = 0
    for _ in range(3000):
        catch_up(flow)
        game = flow.game
        if game.result is not None:
            break
        seed_hidden(flow)
        if game.phase is Phase.ASSIGN:
            waiting = flow.cover_for()
            if waiting is not None:
                covers += 1
                assert flow.covered and flow.at_screen is None and flow.assigning_person() is None
                assert flow.hint is None and flow.deciding_person() is None
                other = waiting.other
                if not game.has_assigned(other):  # the other may not act while the screen waits for this one
                    assert not flow.play(aton.Assign(other, tuple(game.hand(other))))
                    assert "must take the screen first" in flow.message_text("en")
                flow.lift_cover()
                assert flow.at_screen is waiting and flow.assigning_person() is waiting
                assert flow.board_viewer() is waiting
        play_person(flow, chooser)
    assert flow.over and flow.shown_seed == 11
    assert covers >= 2 * flow.game.round - 1  # a cover before each person's cards, every round


def test_two_bots_play_a_whole_game_while_watched() -> None:
    flow = DashboardController(5, mode="watch", level="easy")
    assert flow.auto and flow.session.controls == ()
    rounds_seen = set()
    for _ in range(100_000):
        if flow.over:
            break
        seed_hidden(flow)
        rounds_seen.add(flow.shown_state().round)
        flow.tick()  # "Play the steps" keeps going from one round to the next while two bots play
        assert flow.auto or flow.game.result is not None
    assert flow.over and flow.shown_seed == 5 and not flow.auto
    assert not flow.message_alert, flow.message_text("en")  # no bot was ever asked out of turn
    assert len(rounds_seen) == flow.game.round


# ------------------------------------------------------------------ the steps
def test_play_the_steps_stops_at_the_end_of_a_round() -> None:
    flow = DashboardController(7)
    play_person(flow, random.Random(1))  # red assigns; the reveal and the resolution wait to be watched
    assert not flow.live
    flow.set_auto(True)
    chooser = random.Random(2)
    for _ in range(2000):
        if flow.live and flow.game.round == 1:
            play_person(flow, chooser)
            continue
        if not flow.auto:
            break
        flow.tick()
    assert not flow.auto
    shown = flow.game.events[flow.shown - 1]
    assert isinstance(shown, RoundEnded) and shown.round == 1
    before = flow.shown
    flow.tick()  # the timer goes on ticking in the page: nothing moves any more
    assert flow.shown == before


def test_the_person_own_step_needs_no_watching() -> None:
    flow = DashboardController(3)
    flow.play(aton.Assign(RED, tuple(flow.game.hand(RED))))
    catch_up(flow)
    if flow.deciding_person() is RED and flow.game.phase is Phase.PLACE:
        count = len(flow.game.events)
        play_person(flow, random.Random(0))
        assert flow.shown >= count + 1


# ------------------------------------------------------------------ refusals
def test_refusals_say_why_and_keep_the_game() -> None:
    flow = DashboardController(9)
    game = flow.game
    before = game.to_json()
    assert not flow.play(aton.Assign(BLUE, (1, 2, 3, 4)))
    assert flow.message_text("en") == "Blue is played by the bot: you play Red." and flow.message_alert
    assert "Bleu est joué par le robot" in flow.message_text("fr")
    assert not flow.play(aton.Place(RED, (1, 0)))
    assert flow.message_text("en").startswith("Not allowed: ")
    assert flow.message_text("fr").startswith("Interdit : ")
    assert game.to_json() == before
    flow.play(aton.Assign(RED, tuple(game.hand(RED))))
    assert not flow.live
    watching = game.to_json()
    legal = game.legal_actions(game.to_act[0]) if game.to_act and game.to_act[0] is RED else []
    if legal:
        assert not flow.play(legal[0]) and "Watch the steps" in flow.message_text("en")
    assert game.to_json() == watching


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("twelve", "must be a whole number such as 1234"),
        ("-5", "must be a whole number such as 1234"),
        ("١٢٣", "must be a whole number such as 1234"),
        ("9" * 4000, f"at most {MAX_SEED_DIGITS} digits"),
        ("9" * (MAX_SEED_DIGITS + 1), f"at most {MAX_SEED_DIGITS} digits"),
    ],
)
def test_a_bad_seed_is_refused_briefly(text: str, words: str) -> None:
    flow = DashboardController(1)
    game = flow.game
    assert not flow.start_from_form(text, mode="bot", level="easy", human=RED)
    message = flow.message_text("en")
    assert words in message and "current game goes on" in message and flow.game is game
    assert len(message) < 200 and not re.search(r"\d{30}", message)
    assert "graine" in flow.message_text("fr").lower()


def test_a_typed_seed_of_the_longest_size_starts_a_game() -> None:
    flow = DashboardController(1)
    seed = int("9" * MAX_SEED_DIGITS)
    assert flow.start_from_form(f" {seed} ", mode="two", level="hard", human=BLUE, names=("Ana", "Bo"))
    assert flow.game.seed == seed and flow.mode.value == "two" and flow.covered
    assert flow.shown_seed is None
    assert flow.message_text("en") == "A new game has begun. Its seed is shown when it is over."
    assert parse_seed("") is None and parse_seed("007") == 7


# ------------------------------------------------------------------ files
def test_save_and_load_through_the_controller() -> None:
    flow = DashboardController(4321)
    chooser = random.Random(4)
    for _ in range(12):
        catch_up(flow)
        play_person(flow, chooser)
    catch_up(flow)
    saved = flow.save()
    assert flow.saved is saved and not saved.full
    raw = json.loads(saved.text)
    assert "seed" not in raw and str(flow.game.seed) not in saved.name
    generation = flow.generation
    assert flow.load_bytes(saved.text.encode(), "mine.json")
    assert flow.generation == generation + 1 and flow.session.source == "mine.json" and flow.saved is None
    assert flow.game.round == raw["round"] and flow.live
    seed_hidden(flow)

    kept = flow.game
    assert not flow.load_bytes(b'{"temples": "', "broken.json")
    assert flow.game is kept and "broken.json cannot be loaded" in flow.message_text("en")
    assert "starting at line 1, column" in flow.message_text("en") and "at at" not in flow.message_text("en")
    assert not flow.load_bytes(b" " * 2_000_001, "big.json")
    assert "too large" in flow.message_text("en") and flow.game is kept


def test_a_finished_game_loads_over_with_its_seed() -> None:
    game = aton.new_game(seed=6)
    chooser = random.Random(6)
    while game.result is None:
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    flow = DashboardController(1)
    assert flow.load_bytes(game.to_json().encode(), "done.json")
    assert flow.over and flow.shown_seed == 6 and not flow.jobs
    saved = flow.save()
    assert saved.full and "seed-6" in saved.name


# ------------------------------------------------------------------ coach and listeners
def test_the_coach_marks_its_square_and_forgets_it_when_the_turn_passes() -> None:
    flow = DashboardController(2)
    flow.play(aton.Assign(RED, tuple(flow.game.hand(RED))))
    catch_up(flow)
    chooser = random.Random(3)
    for _ in range(200):
        if flow.deciding_person() is RED and flow.game.phase is Phase.PLACE:
            break
        play_person(flow, chooser)
        catch_up(flow)
    else:
        pytest.skip("red never placed")
    flow.ask_coach()
    advice = flow.hint
    assert advice is not None and flow.hint_player is RED
    assert isinstance(advice.action, aton.Place) and flow.suggested_square == advice.action.square
    flow.play(advice.action)
    assert flow.hint is None and flow.suggested_square is None


def test_listeners_hear_every_change() -> None:
    flow = DashboardController(12)
    heard: list[int] = []
    flow.on_change(lambda: heard.append(flow.shown))
    flow.play(aton.Assign(RED, tuple(flow.game.hand(RED))))
    flow.next_step()
    assert len(heard) >= 2


def test_the_background_runner_can_be_replaced() -> None:
    class Counting(Worker[Any]):
        """A runner that counts the work it is given (another runner could use a browser's event loop)."""

        def __init__(self) -> None:
            super().__init__()
            self.names: list[str] = []

        def run(self, job: Job, work: Any, done: Any, progress: Any = None) -> None:
            self.names.append(job.name)
            super().run(job, work, done, progress)

    runner = Counting()
    flow = DashboardController(12, worker=runner)
    assert runner.names == []  # the bot chooses its cards after the person
    assert flow.play(aton.Assign(RED, tuple(flow.game.hand(RED))))
    assert runner.names and set(runner.names) == {"bot:blue"}  # the bot's decisions went through it
    assert flow.game.has_assigned(BLUE) and flow.worker is runner


# ------------------------------------------------------------------ one writer
class Holding(Worker[Any]):
    """A runner that keeps the bots' work until :meth:`release` (a bot still thinking, frozen)."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[tuple[Any, ...]] = []

    def run(self, job: Job, work: Any, done: Any, progress: Any = None) -> None:
        self.held.append((job, work, done, progress))

    def release(self) -> None:
        held, self.held = self.held, []
        for job, work, done, progress in held:
            super().run(job, work, done, progress)


def test_a_board_click_for_the_bots_side_is_refused_and_the_game_is_unchanged() -> None:
    from aton.widgets import BoardView

    runner = Holding()
    flow = DashboardController(4, worker=runner)
    chooser = random.Random(4)
    for _ in range(500):
        runner.release()
        catch_up(flow)
        game = flow.game
        if game.phase in (Phase.PLACE, Phase.REMOVE) and game.actor is BLUE and "bot:blue" in flow.jobs:
            break
        if flow.deciding_person() is RED:
            play_person(flow, chooser)
    else:
        raise AssertionError("the bot never had to click the board")
    # a board that would speak for both colours: the controller, not the board, says who may act
    board = BoardView(game, controls=(RED, BLUE), referee=flow)
    square = game.legal_squares(BLUE)[0]
    before, applied = game.to_json(), flow.applied
    assert board.choose(square) is None
    assert game.to_json() == before and flow.applied == applied
    assert "Blue is played by the bot" in board.message.value and 'role="alert"' in board.message.value
    board.lang = "fr"
    assert "Bleu est joué par le robot" in board.message.value
    assert not flow.play(aton.Place(BLUE, square))  # a script's refusal becomes the page's message
    assert flow.message_alert and flow.message_text("en") == "Blue is played by the bot: you play Red."
    assert game.to_json() == before and flow.applied == applied
    runner.release()  # the bot still plays its own move afterwards
    assert flow.applied == applied + 1


def test_a_board_click_or_the_cards_of_the_other_person_are_refused_behind_the_cover() -> None:
    from aton.widgets import AssignPanel, BoardView

    flow = DashboardController(11, mode="two")
    game = flow.game
    assert flow.covered and flow.cover_for() is RED
    before = game.to_json()
    board = BoardView(game, controls=(RED, BLUE), referee=flow)
    refusals: list[tuple[aton.Action, str]] = []
    board.on_illegal(lambda action, reason: refusals.append((action, reason)))
    assert board.choose((1, 0)) is None
    assert refusals and "must take the screen first" in refusals[0][1]
    panel = AssignPanel(game, BLUE, referee=flow)
    panel.choose(tuple(game.hand(BLUE)))
    assert panel.confirm() is None and "must take the screen first" in panel.status.value
    assert game.to_json() == before and flow.applied == 0
    flow.lift_cover()
    red = AssignPanel(game, RED, referee=flow)
    red.choose(tuple(game.hand(RED)))
    assert red.confirm() is not None and game.has_assigned(RED) and flow.applied == 1


def test_the_controller_is_the_only_writer_in_the_apps_and_widgets() -> None:
    """No widget or app module applies an action to a game: only the referees do."""
    from pathlib import Path

    root = Path(aton.__file__).parent
    writers = {root / "widgets" / "referee.py", root / "apps" / "dashboard" / "controller.py"}
    found = []
    for folder in ("widgets", "apps"):
        for path in sorted((root / folder).rglob("*.py")):
            if path in writers:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if ".apply(" in line and not line.lstrip().startswith(">>>"):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    assert found == []
    assert ".apply(" in (root / "apps" / "dashboard" / "controller.py").read_text(encoding="utf-8")  # it can fail


@pytest.mark.parametrize("how", ["controller", "page"])
def test_the_language_has_one_owner(how: str) -> None:
    flow = DashboardController(12)
    heard: list[str] = []
    flow.on_change(lambda: heard.append(flow.lang))
    flow.language.on_change(heard.append)
    if how == "controller":
        flow.set_lang("fr")
    else:
        flow.language.set("fr")
    assert flow.lang == flow.language.value == "fr" and heard == ["fr", "fr"]
    with pytest.raises(ValueError, match="unknown language"):
        flow.set_lang("de")
    assert flow.lang == "fr"
