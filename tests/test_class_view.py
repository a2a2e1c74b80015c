"""The teacher's view of the class without a browser: the teacher's code, the tables, watching, closing, results."""

from __future__ import annotations

import base64
import csv
import io
import json
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from rooms_support import play_some, play_to_end, seated_room

import aton
from aton import rooms
from aton.apps.classroom.flow import (
    FREE_TRIES,
    Answer,
    ClassroomFlow,
    Locked,
    TeacherGate,
    configured_code,
    new_teacher_code,
    words,
)
from aton.game import SpectatorView

CODE = "KTXH-M4RA"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[rooms.RoomStore]:
    opened = rooms.open_store(f"sqlite:///{tmp_path}/rooms.db")
    yield opened
    opened.dispose()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def open_flow(store: rooms.RoomStore) -> ClassroomFlow:
    flow = ClassroomFlow(store=store, gate=TeacherGate(CODE))
    assert flow.unlock(CODE).answer is Answer.OPEN
    return flow


# ---------------------------------------------------------------- the teacher's code
def test_a_wrong_code_is_refused_and_nothing_of_the_class_is_read(store: rooms.RoomStore) -> None:
    seated_room(store)
    flow = ClassroomFlow(store=store, gate=TeacherGate(CODE))
    attempt = flow.unlock("KTXH-M4RB")
    assert attempt.answer is Answer.WRONG and not flow.is_open
    assert attempt.text("en") == "That is not the teacher's code."
    assert attempt.text("fr") == "Ce n'est pas le code enseignant."
    assert flow.tables == ()
    for call in (flow.refresh, flow.results_csv, lambda: flow.watch("ABCDEF"), lambda: flow.ask_close("ABCDEF")):
        with pytest.raises(Locked):
            call()
    assert flow.unlock("").answer is Answer.EMPTY and flow.unlock(None).answer is Answer.EMPTY
    # typed with small letters, spaces or without the dash, the right code opens
    assert flow.unlock(" ktxh m4ra").answer is Answer.OPEN and flow.is_open and len(flow.tables) == 1


def test_wrong_tries_slow_down() -> None:
    clock = Clock()
    gate = TeacherGate(CODE, clock=clock)
    for _ in range(FREE_TRIES - 1):
        assert gate.attempt("WRONG").answer is Answer.WRONG
    assert gate.attempt("WRONG").answer is Answer.WRONG  # the last free try: now each try waits
    waiting = gate.attempt(CODE)  # even the right code is not compared while waiting
    assert waiting.answer is Answer.WAIT and waiting.wait == pytest.approx(2.0) and not gate.is_open
    assert waiting.text("fr") == "Trop de codes erronés : réessayez dans 2 s."
    clock.now += 2.0
    assert gate.attempt("WRONG").answer is Answer.WRONG
    assert gate.attempt(CODE).wait == pytest.approx(4.0)  # the wait doubles
    for _ in range(10):
        clock.now += 100.0
        gate.attempt("WRONG")
    assert gate.attempt(CODE).wait == pytest.approx(60.0)  # at most a minute
    clock.now += 60.0
    assert gate.attempt(CODE).answer is Answer.OPEN and gate.is_open


def test_without_a_configured_code_nothing_opens(store: rooms.RoomStore) -> None:
    assert configured_code({}) is None and configured_code({"ATON_TEACHER_CODE": "  "}) is None
    assert configured_code({"ATON_TEACHER_CODE": "ktxh-m4ra"}) == "KTXHM4RA"
    flow = ClassroomFlow(store=store, gate=TeacherGate(None))
    attempt = flow.unlock("")
    assert attempt.answer is Answer.NOT_CONFIGURED and not flow.is_open
    assert "./run dashboard --class N" in attempt.text("en") and "ATON_TEACHER_CODE" in attempt.text("fr")
    assert flow.unlock("anything").answer is Answer.NOT_CONFIGURED
    with pytest.raises(Locked):
        flow.refresh()


def test_new_codes_differ_and_read_back() -> None:
    codes = {new_teacher_code() for _ in range(50)}
    assert len(codes) == 50
    code = codes.pop()
    assert TeacherGate(code).attempt(code.lower().replace("-", " ")).answer is Answer.OPEN


# ---------------------------------------------------------------- the tables
def test_tables_appear_with_players_rounds_scores_and_states(store: rooms.RoomStore) -> None:
    flow = open_flow(store)
    assert flow.tables == () and words("empty", "en").startswith("No table yet")
    first, tokens = seated_room(store, seed=11)
    play_some(store, first, tokens, 30, seed=1)
    waiting = store.create(seed=12)
    store.join(waiting, aton.RED, nickname="Zoé")
    with_bot = store.create(seed=13)
    store.join(with_bot, aton.BLUE, nickname="Léa")
    store.add_bot(with_bot, aton.RED, "greedy")
    assert flow.refresh() is True and flow.refresh() is False
    assert {row.code for row in flow.tables} == {first, waiting, with_bot}
    played = flow.row(first)
    assert played is not None and played.state == "playing" and played.round >= 2
    line = flow.summary(played, "en")
    assert line.startswith("Ana (Red) against Ben (Blue) · round ") and "playing" in line
    assert f"{played.scores[0]} to {played.scores[1]}" in line
    assert flow.summary(played, "fr").startswith("Ana (Rouge) contre Ben (Bleu) · manche ")
    row = flow.row(waiting)
    assert row is not None
    assert flow.summary(row, "en") == (
        "Zoé (Red) against free seat (Blue) · round 1 · 0 to 0 · waiting for a second player"
    )
    assert flow.summary(row, "fr") == (
        "Zoé (Rouge) contre place libre (Bleu) · manche 1 · 0 à 0 · en attente d'un second joueur"
    )
    row = flow.row(with_bot)
    assert row is not None and flow.seat_words(row, "red", "fr") == "robot (greedy) (Rouge)"
    assert flow.updated_words("en").startswith("3 tables, updated at ")
    # a move shows up in the next refresh
    before = flow.row(first)
    play_some(store, first, tokens, 1, seed=3)
    assert flow.refresh() is True and flow.row(first) != before


def test_a_table_away_and_an_old_closed_one(store: rooms.RoomStore) -> None:
    clock = Clock()
    flow = ClassroomFlow(store=store, gate=TeacherGate(CODE), clock=clock)
    flow.unlock(CODE)
    code, _tokens = seated_room(store)
    store.close(code)
    clock.now = store.info(code).updated + 60
    flow.refresh()
    row = flow.row(code)
    assert row is not None and row.state == "closed" and flow.state_words(row, "fr") == "fermée par l'enseignant"
    clock.now += 4 * 3600  # a closed table from an earlier lesson is not listed
    flow.refresh()
    assert flow.row(code) is None


# ---------------------------------------------------------------- watching
def test_watching_shows_a_spectator_view_without_hidden_cards_or_seed(store: rooms.RoomStore) -> None:
    seed = 987_654_321
    code, tokens = seated_room(store, seed)
    game = aton.new_game(seed=seed)
    red_assign = next(a for a in game.legal_actions(aton.RED) if isinstance(a, aton.Assign))
    store.play(code, tokens[aton.RED], red_assign, version=0)  # red's cards lie face down, blue holds 4
    flow = open_flow(store)
    view = flow.watch(code.lower())
    assert isinstance(view, SpectatorView) and view.viewer is None and flow.watching == code
    text = json.dumps(view.to_dict())
    assert str(seed) not in text and view.seed == 0
    assert view.hand(aton.RED) is None and view.hand(aton.BLUE) is None
    assert view.to_dict()["red"]["assignment"] is None and str(red_assign) not in text
    assert not view.to_dict()["red"]["deck"] and not view.to_dict()["blue"]["deck"]
    # a move in the room: the next refresh says the watched table moved
    assert flow.watched_moved() is False
    blue_assign = store.view(code, tokens[aton.BLUE]).legal_actions(aton.BLUE)[0]
    store.play(code, tokens[aton.BLUE], blue_assign, version=1)
    flow.refresh()
    assert flow.watched_moved() is True
    assert flow.watch(code).events[-1] == store.watch(code).events[-1] and flow.watched_moved() is False
    flow.stop_watching()
    assert flow.watching is None


# ---------------------------------------------------------------- closing and results
def test_closing_asks_first_and_then_closes(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    flow = open_flow(store)
    flow.ask_close(code)
    assert flow.closing == code and store.info(code).state == "playing"
    flow.cancel_close()
    assert flow.closing is None and store.info(code).state == "playing"
    flow.ask_close(code)
    assert flow.confirm_close() == code and store.info(code).state == "closed"
    row = flow.row(code)
    assert row is not None and row.state == "closed"
    with pytest.raises(rooms.RoomClosed):
        play_some(store, code, tokens, 1)
    assert flow.confirm_close() is None
    with pytest.raises(rooms.BadRequest):
        flow.ask_close("not a code")


def test_results_as_a_table_and_a_csv_download(store: rooms.RoomStore) -> None:
    flow = open_flow(store)
    assert flow.results("en") == (
        ["Table", "Game", "Finished", "Red", "Blue", "Winner", "Won by", "Red's points", "Blue's points", "Rounds"],
        [],
    )
    code, tokens = seated_room(store, seed=21)
    play_to_end(store, code, tokens, seed=4)
    other, others = seated_room(store, seed=22)
    play_to_end(store, other, others, seed=5)
    header, rows = flow.results("fr")
    assert header[:3] == ["Table", "Partie", "Fin"] and len(rows) == 2
    assert {row[0] for row in rows} == {code, other} and all(row[3:5] == ["Ana", "Ben"] for row in rows)
    first = store.watch(code)
    assert first.result is not None
    mine = next(row for row in rows if row[0] == code)
    winner = first.result.winner
    assert mine[5] == ("égalité" if winner is None else {aton.RED: "Rouge", aton.BLUE: "Bleu"}[winner])
    assert mine[7:9] == [str(first.result.scores[0]), str(first.result.scores[1])]
    assert mine[6] in {"les points", "un temple entier", "toutes les cases jaunes", "toutes les cases vertes"}
    # the download: the store's CSV, every game with its seed
    href = flow.csv_href()
    prefix = "data:text/csv;charset=utf-8;base64,"
    assert href.startswith(prefix)
    text = base64.b64decode(href[len(prefix) :]).decode("utf-8")
    assert text == store.results_csv()
    lines = list(csv.DictReader(io.StringIO(text)))
    assert [line["room"] for line in lines] == [code, other] or [line["room"] for line in lines] == [other, code]
    assert {line["seed"] for line in lines} == {"21", "22"}
    assert all(line["red"] == "Ana" and line["blue"] == "Ben" for line in lines)


# ---------------------------------------------------------------- the panel, driven without a browser
def test_the_panel_shows_nothing_before_the_code(store: rooms.RoomStore) -> None:
    from aton.apps.classroom.panel import ClassroomPanel

    code, tokens = seated_room(store, seed=31)
    panel = ClassroomPanel(store=store, gate=TeacherGate(CODE), background=False)
    assert panel.class_box.layout.display == "none" and code not in repr(panel.tables_box.children)
    assert panel.unlock("AAAA-AAAA") is Answer.WRONG
    assert "That is not the teacher's code." in unescape(panel.message.value)
    assert panel.class_box.layout.display == "none"
    panel.lang = "fr"
    assert "Ce n'est pas le code enseignant." in unescape(panel.message.value)
    assert panel.unlock(CODE) is Answer.OPEN and panel.class_box.layout.display == ""
    assert panel.message.value == ""
    (card,) = panel.tables_box.children
    assert f'data-code="{code}"' in card.text.value and "Ana (Rouge) contre Ben (Bleu)" in card.text.value
    card.watch_button.click()
    assert panel.board is not None and isinstance(panel.board.state, SpectatorView)
    assert panel.board.controls == () and "Vous regardez la table" in panel.watched_title.value
    panel.lang = "en"
    assert panel.board.lang == "en" and "Watching table" in panel.watched_title.value
    events = len(panel.board.state.events)
    play_some(store, code, tokens, 2, seed=1)
    panel.poll()
    assert len(panel.board.state.events) > events
    card.close_button.click()
    assert card.confirm in card.children and "Close table" in card.confirm_text.value
    card.cancel_button.click()
    assert store.info(code).state == "playing"
    card.close_button.click()
    card.confirm_button.click()
    assert store.info(code).state == "closed" and "is closed" in unescape(panel.message.value)
    panel.results_button.click()
    assert "No game has finished yet." in panel.results_html.value
    other, others = seated_room(store, seed=32)
    play_to_end(store, other, others, seed=2)
    panel.poll()
    panel.results_button.click()
    assert 'download="results.csv"' in panel.results_html.value and other in panel.results_html.value


def test_the_panel_says_how_to_set_a_code(store: rooms.RoomStore) -> None:
    from aton.apps.classroom.panel import ClassroomPanel

    panel = ClassroomPanel(store=store, gate=TeacherGate(None), background=False)
    assert "ATON_TEACHER_CODE" in panel.gate_text.value and panel.gate_row.layout.display == "none"
    assert panel.class_box.layout.display == "none"


def test_the_code_box_appears_once_the_page_language_is_known(store: rooms.RoomStore) -> None:
    """A label changed while a code is typed would empty the box in the page (a widget's view takes its model's
    value back at any change): the box waits for the browser's language, then shows in that language."""
    from aton.apps.classroom.panel import ClassroomPanel

    panel = ClassroomPanel(store=store, gate=TeacherGate(CODE), background=False)
    assert panel.gate_row.layout.display == "none" and panel.gate.layout.display == ""
    panel.language_keeper.read(json.dumps({"query": "fr", "kept": None, "browser": ["en-US"]}))
    assert panel.gate_row.layout.display == "" and panel.lang == "fr"
    assert panel.code_box.description == words("code_label", "fr")
    other = ClassroomPanel(store=store, gate=TeacherGate(CODE), background=False)
    other.language_keeper.read("not what the script types")  # heard, but nothing to read: English stays
    assert other.gate_row.layout.display == "" and other.lang == "en"


def test_a_wrong_code_then_the_button_says_the_code_is_wrong(store: rooms.RoomStore) -> None:
    """The button takes the focus from the box: the box sends its code first, which is tried and emptied."""
    from aton.apps.classroom.panel import ClassroomPanel

    panel = ClassroomPanel(store=store, gate=TeacherGate(CODE), background=False)
    panel.open_button.click()  # nothing typed yet
    assert "Type the code first." in unescape(panel.message.value)
    panel.code_box.value = "AAAA-AAAA"  # the focus leaves the box for the button...
    panel.open_button.click()  # ...then the click arrives, the box already emptied by the try
    assert "That is not the teacher's code." in unescape(panel.message.value)
    panel.open_button.click()  # a second click on the empty box asks for the code
    assert "Type the code first." in unescape(panel.message.value)
    panel.code_box.value = CODE
    panel.open_button.click()
    assert panel.class_box.layout.display == "" and panel.message.value == ""


def written(panel: Any) -> str:
    """The last script the page's session keeper ran."""
    return str(panel.session.writer.outputs[0]["data"]["application/javascript"])


def test_the_code_that_opened_the_class_is_kept_for_the_tab_and_opens_it_after_a_reload(
    store: rooms.RoomStore,
) -> None:
    from aton.apps.classroom.panel import ClassroomPanel

    panel = ClassroomPanel(store=store, gate=TeacherGate(CODE), background=False)
    assert panel.unlock(CODE) is Answer.OPEN
    assert "sessionStorage.setItem" in written(panel) and CODE in written(panel)
    assert "localStorage" not in written(panel).replace("sessionStorage", "")

    reloaded = ClassroomPanel(store=store, gate=TeacherGate(CODE), background=False)
    assert not reloaded.flow.is_open
    reloaded.session.bridge.value = json.dumps({"address": "http://x/", "kept": CODE})  # as the page's script types it
    assert reloaded.flow.is_open and reloaded.gate.layout.display == "none"


def test_a_kept_code_that_no_longer_opens_the_class_is_dropped_without_a_word(store: rooms.RoomStore) -> None:
    from aton.apps.classroom.panel import ClassroomPanel

    panel = ClassroomPanel(store=store, gate=TeacherGate("NEWC-0DE1"), background=False)
    panel.session.bridge.value = json.dumps({"kept": CODE})  # kept before the server was restarted with another code
    assert not panel.flow.is_open
    assert "sessionStorage.removeItem" in written(panel)
    assert panel.message.value == "" and panel.gate.layout.display == ""
