"""The teacher hands a seat to a new key or frees it, from the class page, without a browser.

Each test runs on SQLite and, when ATON_TEST_POSTGRES is set, on PostgreSQL (see rooms_support).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from rooms_support import BACKENDS, play_some, play_to_end, seated_room, store_url

import aton
from aton import rooms
from aton.apps.classroom.flow import Answer, ClassroomFlow, Locked, TeacherGate
from aton.apps.classroom.panel import ClassroomPanel

CODE = "KTXH-M4RA"


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[rooms.RoomStore]:
    for url in store_url(request.param, tmp_path):
        opened = rooms.open_store(url)
        yield opened
        opened.dispose()


def open_flow(store: rooms.RoomStore) -> ClassroomFlow:
    flow = ClassroomFlow(store=store, gate=TeacherGate(CODE))
    assert flow.unlock(CODE).answer is Answer.OPEN
    return flow


def test_nothing_is_handed_on_before_the_teachers_code(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    flow = ClassroomFlow(store=store, gate=TeacherGate(CODE))
    with pytest.raises(Locked):
        flow.give_seat(code, "red", "Dan")
    with pytest.raises(Locked):
        flow.free_seat(code, "red")
    with pytest.raises(Locked):
        flow.ask_seats(code)
    assert store.seat_of(code, tokens[aton.RED]) is aton.RED


def test_a_seat_handed_to_a_named_student_gets_a_new_link(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store, seed=6)
    play_some(store, code, tokens, 3)
    flow = open_flow(store)
    flow.dashboard_base = "http://10.0.0.5:8866/"
    flow.ask_seats(code.lower())
    assert flow.seating == code
    handed = flow.give_seat(code, "blue", " Dan ")
    assert flow.seating is None and handed.seat is aton.BLUE and handed.nickname == "Dan"
    assert handed.link.startswith(f"http://10.0.0.5:8866/?room={code}#seat=")
    key = rooms.seat_key(handed.link.partition("#")[2])
    assert key is not None and store.seat_of(code, key) is aton.BLUE
    with pytest.raises(rooms.BadToken):  # the old key stops at once
        store.view(code, tokens[aton.BLUE])
    assert flow.row(code) is not None and flow.row(code).blue == "Dan"  # type: ignore[union-attr]
    en, fr = flow.handed_words("en"), flow.handed_words("fr")
    assert en.startswith(f"Table {code}: Blue's seat now belongs to a new key. Give Dan this link")
    assert "Dan" in fr and "Bleu" in fr and fr != en
    svg = handed.qr_svg()
    assert svg.startswith("<svg") and key not in svg  # the key is drawn, not written
    # the game goes on with the new key where it stood
    assert play_some(store, code, {aton.RED: tokens[aton.RED], aton.BLUE: key}, 3) == 3


def test_a_freed_seat_and_a_refused_name(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    flow = open_flow(store)
    with pytest.raises(rooms.BadRequest):
        flow.give_seat(code, "red", "=SUM(A1)")
    assert store.seat_of(code, tokens[aton.RED]) is aton.RED and flow.handed is None
    handed = flow.free_seat(code, "red")
    assert handed.link == "" and handed.qr_svg() == ""
    assert (
        flow.handed_words("en") == f"Table {code}: Red's seat is free. Whoever joins the room with its code takes it."
    )
    assert flow.row(code) is not None and flow.row(code).red == ""  # type: ignore[union-attr]
    assert "place libre" in flow.summary(flow.row(code), "fr")  # type: ignore[arg-type]
    without = open_flow(store)  # no address known: a link from the server's root
    assert without.give_seat(code, "red").link.startswith(f"/?room={code}#seat=")


def test_a_forfeit_shows_in_the_results_in_words(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    store.forfeit(code, tokens[aton.RED])
    other, more = seated_room(store, seed=3)
    play_to_end(store, other, more)
    flow = open_flow(store)
    _header, rows = flow.results("fr")
    reasons = {row[0]: row[6] for row in rows}
    assert reasons[code] == "forfait" and reasons[other] != "forfait"
    assert {row[0]: row[6] for row in flow.results("en")[1]}[code] == "forfeit"


def test_the_panel_hands_a_seat_and_shows_its_link_and_qr_code(store: rooms.RoomStore) -> None:
    code, tokens = seated_room(store)
    panel = ClassroomPanel(store=store, gate=TeacherGate(CODE), background=False)
    panel.session.bridge.value = json.dumps({"address": "http://localhost:8866/", "kept": None})
    panel.unlock(CODE)
    card = panel._cards[code]
    assert card.seats is not None
    assert card.seats_button.description == "Seats"
    card.seats_button.click()
    assert card.seats in card.children and card.buttons not in card.children
    card.seats.colour.value = "blue"
    card.seats.name.value = "Dan"
    card.seats.give_button.click()
    text = unescape(panel.handed.text.value)
    link = panel.flow.handed.link if panel.flow.handed is not None else ""
    assert "localhost" not in link  # the students' machines cannot open "localhost"
    assert link in text and "<svg" in text and "Give Dan this link" in text
    assert card.buttons in card.children  # the form closed
    with pytest.raises(rooms.BadToken):
        store.view(code, tokens[aton.BLUE])
    panel.lang = "fr"
    assert "Donnez ce lien à Dan" in unescape(panel.handed.text.value) and card.seats_button.description == "Places"
    assert [label for label, _value in card.seats.colour.options] == ["Rouge", "Bleu"]
    assert card.seats.colour.value == "blue"
    # freeing, then a closed room: refused in words, nothing changes
    card.seats_button.click()
    card.seats.colour.value = "red"
    card.seats.free_button.click()
    assert "est libre" in unescape(panel.handed.text.value)
    store.close(code)
    card.seats_button.click()
    card.seats.give_button.click()
    assert "fermée" in unescape(panel.message.value)
    card.seats_button.click()
    card.seats.cancel_button.click()
    assert panel.flow.seating is None
