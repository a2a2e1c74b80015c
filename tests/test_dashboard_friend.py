"""The dashboard's "Play a friend" flow without a browser: two pages (two flows, two stores) on one SQLite file."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import aton
from aton import rooms
from aton.apps.dashboard.controller import DashboardController
from aton.apps.dashboard.friend import Follower, FriendFlow
from aton.apps.dashboard.session import Mode
from aton.apps.identity import ALIVE_PATH, SERVER_ID_VARIABLE
from aton.game import GameView


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rooms.db'}"


@pytest.fixture
def pages(url: str) -> Iterator[list[FriendFlow]]:
    made: list[FriendFlow] = []
    yield made
    for flow in made:
        flow.close()


def page(pages: list[FriendFlow], url: str) -> FriendFlow:
    flow = FriendFlow(url)  # its own store, as each page's kernel opens its own
    pages.append(flow)
    return flow


def catch_up(flow: FriendFlow, version: int, seconds: float = 2.0) -> float:
    """Poll until ``flow`` shows ``version``; the seconds it took."""
    start = time.monotonic()
    while flow.status.version < version:
        flow.poll(0.5)
        assert time.monotonic() - start < seconds, f"{flow.code} stuck at {flow.status.version} < {version}"
    return time.monotonic() - start


def mover(flows: list[FriendFlow]) -> FriendFlow:
    """The seated page whose turn it is (red first when both must decide)."""
    for flow in flows:
        if flow.status.my_turn:
            return flow
    raise AssertionError("nobody's turn")


def test_a_whole_round_between_two_pages(pages: list[FriendFlow], url: str) -> None:
    ana, ben = page(pages, url), page(pages, url)
    assert ana.create("Ana")
    assert ana.status.state == "waiting" and ana.turn_text("en").startswith("Waiting for your opponent")
    assert ana.turn_text("fr") != ana.turn_text("en")
    assert ben.join(f"http://class.local:8866/?room={ana.code}", "Ben")
    assert ben.seat is aton.BLUE and ben.status.opponent == "Ana"
    joined = ana.poll(1.0)
    assert joined is not None and joined.event == "joined"
    ana.note_event(joined)
    assert ana.message is not None and ana.message("en") == "Ben joined the room."
    waits: list[float] = []
    start_round = ana.status.view.round
    while ana.status.view.round == start_round and ana.status.state == "playing":
        flow = mover([ana, ben])
        other = ben if flow is ana else ana
        assert flow.seat is not None
        view = flow.status.view
        assert isinstance(view, GameView) and view.viewer is flow.seat
        assert view.hand(flow.seat.other) is None  # only its own seat's view, never the full game
        assert flow.send(view.legal_actions(flow.seat)[0]), flow.message and flow.message("en")
        waits.append(catch_up(other, flow.status.version))
        assert other.status.version == flow.status.version
    assert ana.status.view.round == start_round + 1
    assert ana.status.view.score(aton.RED) == ben.status.view.score(aton.RED)
    assert max(waits) < 0.5, waits  # the opponent's move is seen within half a second
    # the steps of the resolution, each as this page may see it
    steps = ana.steps()
    assert len(steps) == len(ana.status.view.events)
    assert all(isinstance(step.state, GameView) and step.state.viewer is aton.RED for step in steps)


def test_a_reload_resumes_the_seat_and_a_wrong_key_cannot_act(pages: list[FriendFlow], url: str) -> None:
    ana, ben = page(pages, url), page(pages, url)
    ana.create("Ana")
    ben.join(ana.code or "", "Ben")
    saved = ana.saved_text()
    assert json.loads(saved)["code"] == ana.code
    again = page(pages, url)  # the same browser after a reload: a new kernel reads the key back
    assert again.resume(saved)
    assert again.seat is aton.RED and again.status.view.hand(aton.RED) == ana.status.view.hand(aton.RED)
    assert again.message is not None and "back in room" in again.message("en")
    assert again.send(again.status.view.legal_actions(aton.RED)[0])
    catch_up(ben, again.status.version)
    # a forged key: refused with a message in both languages, nothing played
    forged = page(pages, url)
    bad = json.dumps({"code": ana.code, "token": "x" * 24})
    assert not forged.resume(bad)
    assert forged.client is None and forged.message is not None
    assert "seat key is not valid" in forged.message("en") and "clé" in forged.message("fr")
    # a truncated key, and text that is no saved seat at all
    assert not page(pages, url).resume(json.dumps({"code": ana.code, "token": saved[:10]}))
    assert not page(pages, url).resume("not json") and not page(pages, url).resume("[1]")
    assert ben.status.version == again.status.version  # nothing landed


def test_a_third_person_watches_and_sees_no_hidden_card(pages: list[FriendFlow], url: str) -> None:
    ana, ben, eve = page(pages, url), page(pages, url), page(pages, url)
    ana.create("Ana")
    ben.join(ana.code or "", "Ben")
    assert eve.join(ana.code or "", "Eve")
    assert eve.spectating and eve.seat is None
    assert eve.message is not None and "full" in eve.message("en") and "complète" in eve.message("fr")
    assert eve.status.view.hand(aton.RED) is None and eve.status.view.hand(aton.BLUE) is None
    assert eve.turn_text("en").startswith("You watch room")
    assert not eve.send(aton.Assign(aton.RED, (1, 1, 1, 1)))
    assert eve.message is not None and eve.message("en") == "You watch this room: you cannot play in it."
    ana.send(ana.status.view.legal_actions(aton.RED)[0])
    catch_up(eve, ana.status.version)
    assert eve.status.view.hand(aton.RED) is None
    assert not any(step.state.hand(aton.RED) for step in eve.steps())  # public views at every step
    assert eve.status.view.seed == 0  # no seed before the end


def test_unknown_code_stale_move_and_store_faults(
    pages: list[FriendFlow], url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    lost = page(pages, url)
    assert not lost.join("ZZZZZZ", "Zoe")
    assert lost.message is not None and "no room ZZZZZZ" in lost.message("en")
    assert "ZZZZZZ" in lost.message("fr") and lost.message("fr") != lost.message("en")
    assert not lost.join("!!", "Zoe") and lost.message is not None
    ana, ben = page(pages, url), page(pages, url)
    ana.create("Ana")
    ben.join(ana.code or "", "Ben")
    ana.poll(0.1)
    # both assign; Ana's page has not seen Ben's move when she sends hers: stale, refreshed, said
    assert ben.send(ben.status.view.legal_actions(aton.BLUE)[0])
    version = ben.status.version
    assert not ana.send(ana.status.view.legal_actions(aton.RED)[0])
    assert ana.message is not None and ana.message("en").startswith("Your move was not played: the game moved on")
    assert ana.message("fr").startswith("Votre coup n'a pas été joué")
    assert ana.status.version == version  # the page shows the game as it is now
    assert ana.send(ana.status.view.legal_actions(aton.RED)[0])
    # a locked store: the move did not land, the page says so, and neither page shows it
    catch_up(ben, ana.status.version)
    mover_page = mover([ana, ben])
    before = mover_page.status.version

    def busy(*args: object, **kwargs: object) -> int:
        raise rooms.StoreError("busy")

    monkeypatch.setattr(mover_page.store, "play", busy)
    assert mover_page.seat is not None
    assert not mover_page.send(mover_page.status.view.legal_actions(mover_page.seat)[0])
    assert mover_page.message is not None and "not played" in mover_page.message("en")
    assert rooms.RoomStore(url).version(ana.code or "") == before
    assert ana.status.version == ben.status.version == before


def test_a_damaged_store_file_is_a_message(pages: list[FriendFlow], tmp_path: Path) -> None:
    broken = tmp_path / "broken.db"
    broken.write_bytes(b"this is not a database" * 100)
    flow = page(pages, f"sqlite:///{broken}")
    assert not flow.create("Ana")
    assert flow.message is not None and flow.message("en") != flow.message("fr")


def test_the_follower_delivers_the_opponents_move(pages: list[FriendFlow], url: str) -> None:
    ana, ben = page(pages, url), page(pages, url)
    ana.create("Ana")
    ben.join(ana.code or "", "Ben")
    seen: list[int] = []
    follower = Follower(ana, lambda status: seen.append(status.version), interval=0.2)
    try:
        time.sleep(0.3)
        seen.clear()
        ben.send(ben.status.view.legal_actions(aton.BLUE)[0])
        sent = time.monotonic()
        while ben.status.version not in seen:
            assert time.monotonic() - sent < 1.0
            time.sleep(0.01)
        assert time.monotonic() - sent < 0.5
    finally:
        follower.stop()


def deliver(controller: DashboardController, room: FriendFlow, version: int) -> None:
    """What the page's follower does: poll until the room reaches ``version``, then hand it to the controller."""
    catch_up(room, version)
    controller.room_changed(room.status)


def test_two_dashboards_play_a_round_through_the_store(pages: list[FriendFlow], url: str) -> None:
    ana_room, ben_room = page(pages, url), page(pages, url)
    ana, ben = DashboardController(seed=1), DashboardController(seed=2)
    assert ana_room.create("Ana")
    ana.enter_room(ana_room)
    assert ana.mode is Mode.FRIEND and "Room" in ana.message_text("en")
    assert ana.turn_text("en") == "" or "Waiting" in ana.turn_text("en")
    assert ben_room.join(ana_room.link("http://h:8866/"), "Ben")
    ben.enter_room(ben_room)
    joined = ana_room.poll(1.0)
    ana.room_changed(joined)
    assert ana.message_text("en") == "Ben joined the room." and ana.message_text("fr") == "Ben a rejoint la salle."
    # a move for the other seat is refused by the controller, nothing is sent
    refused = ana.submit(aton.Assign(aton.BLUE, (1, 1, 1, 1)))
    assert not refused.accepted and "played by your opponent" in ana.message_text("en")
    pages_by_seat = {aton.RED: (ana, ana_room), aton.BLUE: (ben, ben_room)}
    start_round = ana.game.round
    moves = 0
    while ana.game.round == start_round and moves < 60:
        for controller, _room in pages_by_seat.values():
            while not controller.live:
                controller.skip()
        seat = next(p for p in aton.PLAYERS if p in ana.game.to_act and p in ben.game.to_act)
        controller, room = pages_by_seat[seat]
        other, other_room = pages_by_seat[seat.other]
        for game in (ana.game, ben.game):
            assert isinstance(game, GameView)  # each page holds its seat's view only
        assert controller.game.hand(seat.other) is None
        outcome = controller.submit(controller.game.legal_actions(seat)[0])
        assert outcome.accepted, controller.message_text("en")
        assert room.status is not None
        deliver(other, other_room, room.status.version)
        assert len(other.game.events) == len(controller.game.events)
        moves += 1
    assert ana.game.round == start_round + 1 == ben.game.round
    for player in aton.PLAYERS:
        assert ana.game.score(player) == ben.game.score(player)
    steps = ana.steps()  # the step-through reads the store's steps, each as Red sees them
    assert len(steps) == len(ana.game.events) and all(s.state.hand(aton.BLUE) is None for s in steps)
    # the coach advises from the seat's own view
    ana.ask_coach()
    assert ana.hint is not None or ana.coach_note is not None


def test_the_static_site_says_playing_a_friend_needs_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    from aton.apps.dashboard import friend
    from aton.apps.dashboard.form import GameForm

    assert friend.rooms_available()
    monkeypatch.setattr(friend.sys, "platform", "emscripten")  # Pyodide, as on the static site
    assert not friend.rooms_available()
    form = GameForm()
    form.mode_choice.value = "friend"
    form.relabel("fr")
    panel = form.friend
    assert not panel.available and panel.children == (panel.server_only,)
    assert "serveur" in panel.server_only.value and form.friend.layout.display == ""
    assert form.start_button.layout.display == "none"
    form.relabel("en")
    assert "needs the server" in panel.server_only.value


def test_the_page_reads_what_the_browser_holds() -> None:
    from aton.apps.dashboard.friend_panel import FriendPanel

    panel = FriendPanel()
    seen: list[dict[str, str]] = []
    panel.on_bridge(seen.append)
    panel.bridge.value = json.dumps({"query": "?lang=fr&room=ktx-hma", "saved": '{"code":"KTXHMA"}', "base": "x"})
    assert seen == [{"room": "KTXHMA", "saved": '{"code":"KTXHMA"}', "base": ""}]
    for junk in ("not json", "[]", json.dumps({"query": "?room=!!"}), "x" * 5000):
        panel.bridge.value = junk
    assert seen[1:] == [{"room": "", "saved": "", "base": ""}]  # a bad code is dropped, the rest ignored
    panel.keep('{"code":"KTXHMA","token":"abc"}')
    assert "localStorage.setItem" in panel.keeper.outputs[0]["data"]["application/javascript"]
    panel.keep("")
    assert "removeItem" in panel.keeper.outputs[0]["data"]["application/javascript"]


def test_the_page_says_when_the_opponent_left_and_came_back(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from aton.rooms import client as client_module

    class Clock:
        now = 1_800_000_000.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    monkeypatch.setattr(client_module, "TOUCH_SECONDS", 0.0)
    one, two = rooms.RoomStore(url, clock=clock), rooms.RoomStore(url, clock=clock)  # two kernels
    try:
        ana, ben = FriendFlow(store=one), FriendFlow(store=two)
        ana.create("Ana")
        ben.join(ana.code or "", "Ben")
        page = DashboardController()
        page.enter_room(ana)
        page.room_changed(ana.poll(0.1))
        assert page.message_text("en") == "Ben joined the room."
        clock.now += rooms.PRESENCE_SECONDS + 1  # Ben's page is gone: it no longer says it is there
        left = ana.poll(0.1)
        assert left is not None and left.event == "left"
        page.room_changed(left)
        assert page.message_text("en") == "Ben left the room: their page is closed."
        assert "Ben left" in page.turn_text("en") and "Ben est parti" in page.turn_text("fr")
        ben.poll(0.1)  # Ben's page is back and says so
        back = ana.poll(0.1)
        assert back is not None and back.event == "came_back"
        page.room_changed(back)
        assert page.message_text("en") == "Ben came back." and page.message_text("fr") == "Ben est revenu."
    finally:
        one.dispose()
        two.dispose()


def test_a_page_that_leaves_reads_away_at_once(pages: list[FriendFlow], url: str) -> None:
    ana, ben = page(pages, url), page(pages, url)
    ana.create("Ana")
    ben.join(ana.code or "", "Ben")
    joined = ana.poll(0.1)
    assert joined is not None and joined.opponent_present
    ben.leave()
    left = ana.poll(0.1)  # no 15 seconds to wait for Ben's last touch to grow old
    assert left is not None and left.event == "left" and not left.opponent_present
    assert ana.store.info(ana.code or "").seat(aton.BLUE).nickname == "Ben"  # the seat is kept


KERNEL = """
import json, sys
from aton.apps.dashboard.controller import DashboardController
from aton.apps.dashboard.friend_page import FriendPage
from aton.apps.dashboard.friend_panel import FriendPanel

url, saved = sys.argv[1], sys.argv[2]
page = FriendPage(DashboardController(), FriendPanel(), url=url)
assert page.room.resume(saved), page.room.message
page.room.poll(0.0)
print(page.room.store.info(page.room.code).seat(page.room.seat).present)
"""


def test_a_page_whose_kernel_stops_reads_away_at_once(url: str) -> None:
    """A closed or reloaded page has its kernel shut down: the kernel's exit marks its seat away."""
    import subprocess
    import sys

    store = rooms.open_store(url)
    try:
        code = store.create(seed=5)
        red = store.join(code, aton.RED, nickname="Ana")
        store.join(code, aton.BLUE, nickname="Ben")
        store.away(code, red)
        saved = json.dumps({"code": code, "token": red})
        done = subprocess.run(
            [sys.executable, "-c", KERNEL, url, saved], capture_output=True, text=True, timeout=120, check=False
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["True"]  # the page was there while its kernel ran
        assert not store.info(code).seat(aton.RED).present  # and reads away as soon as it stopped
        assert store.info(code).seat(aton.BLUE).present
    finally:
        store.dispose()


def test_the_link_given_to_the_opponent_names_the_server_on_the_network(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The creator typed localhost: the link shown (and its QR code) names the machine's network address."""
    from aton.apps.dashboard.friend_page import FriendPage
    from aton.apps.dashboard.friend_panel import FriendPanel
    from aton.rooms import client as client_module

    monkeypatch.setattr(client_module, "network_address", lambda: "10.20.30.40")
    panel = FriendPanel()
    page = FriendPage(DashboardController(), panel, url=url)
    try:
        panel.bridge.value = json.dumps({"query": "", "saved": None, "base": "http://localhost:8866/"})
        assert page.room.create("Ana")
        page.render("en")
        link = f"http://10.20.30.40:8866/?room={page.room.code}"
        assert f">{link}</a>" in panel.room.value and "localhost" not in panel.room.value
        panel.bridge.value = json.dumps({"query": "", "saved": None, "base": "http://class.local:8866/"})
        page.render("en")  # a name the creator typed is kept (it may be the school's proxy)
        assert f">http://class.local:8866/?room={page.room.code}</a>" in panel.room.value
    finally:
        page.close()


def test_a_refused_nickname_leaves_no_empty_room(pages: list[FriendFlow], url: str) -> None:
    ana = page(pages, url)
    assert not ana.create("<Ana>")
    assert ana.client is None and ana.message is not None and "nickname" in ana.message("en")
    assert ana.store.tables(include_closed=True) == []  # nothing for the class page to list
    assert ana.create("Ana") and len(ana.store.tables()) == 1


def test_no_card_panel_before_the_opponent_joins(pages: list[FriendFlow], url: str) -> None:
    """Confirm is not offered while the room waits for the opponent (the store would refuse the cards)."""
    ana, ben = page(pages, url), page(pages, url)
    assert ana.create("Ana")
    controller = DashboardController()
    controller.enter_room(ana)
    assert ana.status.state == "waiting" and controller.assigning_person() is None
    assert ben.join(ana.code or "", "Ben")
    joined = ana.poll(0.5)
    assert joined is not None and joined.state == "playing"
    controller.room_changed(joined)
    assert controller.assigning_person() == aton.RED


def test_a_spectators_board_says_only_the_players_move(pages: list[FriendFlow], url: str) -> None:
    from aton.apps.dashboard.boards import BoardPanes
    from aton.widgets.scene import GEOMETRY

    ana, ben, eve = page(pages, url), page(pages, url), page(pages, url)
    ana.create("Ana")
    ben.join(ana.code or "", "Ben")
    assert eve.join(ana.code or "", "Eve") and eve.spectating
    boards = {}
    for flow in (eve, ben):
        controller = DashboardController()
        controller.enter_room(flow)
        panes = BoardPanes(controller, "en", geometry=lambda: (GEOMETRY, 1.0), on_leave=print, on_action=print)
        boards[flow.seat] = panes.board.model
    model = boards[None]
    model.choose((1, 0))  # Eve clicks a square
    assert model.message is not None and model.message("en").startswith("You are watching: only the two players")
    assert "seuls les deux joueurs" in model.message("fr") and "elsewhere" not in model.message("en")
    assert boards[aton.BLUE].read_only is None  # a player's board keeps its own words


def test_the_card_line_addresses_only_those_who_choose(pages: list[FriendFlow], url: str) -> None:
    """A spectator (and a player whose cards are laid) is told whom the game waits for, not to choose cards."""
    from aton.widgets.words import prompt

    ana, ben = page(pages, url), page(pages, url)
    ana.create("Ana")
    ben.join(ana.code or "", "Ben")
    game = ana.status.view
    assert prompt(game, "en", (aton.RED,)) == "Red and Blue: choose your cards for the four cartouches."
    watching = prompt(game, "en", ())
    assert watching == "Waiting for Red and Blue to choose cards for the four cartouches."
    assert "votre" not in prompt(game, "fr", ()) and "vos" not in prompt(game, "fr", ())
    assert ben.send(ben.status.view.legal_actions(aton.BLUE)[0])  # Ben's cards are laid: Red still chooses
    assert prompt(ben.status.view, "en", (aton.BLUE,)).startswith("Waiting for Red to choose")


def play_moves(flows: list[FriendFlow], count: int) -> None:
    """Play ``count`` legal moves through the seated pages, each from its own view (the first legal one)."""
    for _ in range(count):
        for flow in flows:
            flow.poll(0.0)
        flow = mover(flows)
        assert flow.seat is not None
        assert flow.send(flow.status.view.legal_actions(flow.seat)[0]), flow.message and flow.message("en")


def test_a_spectator_follows_the_game_live_and_may_step_through(pages: list[FriendFlow], url: str) -> None:
    """A spectator who joins late sees the game as it is now, and each later move at once: no debt of steps."""
    ana, ben, eve = page(pages, url), page(pages, url), page(pages, url)
    ana.create("Ana")
    ben.join(ana.code or "", "Ben")
    play_moves([ana, ben], 30)
    assert eve.join(ana.code or "", "Eve") and eve.spectating
    watcher = DashboardController()
    watcher.enter_room(eve)
    assert watcher.live and watcher.pending == 0
    named = 0
    for _ in range(3):
        play_moves([ana, ben], 4)
        deliver(watcher, eve, max(ana.status.version, ben.status.version))
        truth = eve.store.watch(eve.code)
        assert watcher.live and watcher.pending == 0, watcher.pending
        assert watcher.shown_state().round == truth.round and len(watcher.game.events) == len(truth.events)
        assert "Watch the steps" not in watcher.turn_text("en")
        waiting = watcher.game.to_act  # the spectator is told whom the game waits for, by name
        if len(waiting) == 1:
            name = "Red (Ana)" if waiting[0] is aton.RED else "Blue (Ben)"
            assert watcher.turn_text("en").endswith(f"{name} to play."), watcher.turn_text("en")
            assert "de jouer" in watcher.turn_text("fr")
            named += 1
        elif waiting:
            assert watcher.turn_text("en").endswith("Both players choose their cards.")
    assert named, "no move waited for one player"
    # stepping through is a choice: the next moves wait to be watched, until the choice is undone
    watcher.set_step_through(True)
    play_moves([ana, ben], 4)
    deliver(watcher, eve, max(ana.status.version, ben.status.version))
    assert not watcher.live and watcher.pending > 0
    watcher.next_step()
    watcher.set_step_through(False)
    assert watcher.live and watcher.pending == 0


def test_a_player_sees_the_opponents_move_at_once_and_marked(pages: list[FriendFlow], url: str) -> None:
    """The opponent's move is played on the board at once, and marked there until the next move."""
    from aton.apps.dashboard.boards import BoardPanes
    from aton.apps.dashboard.html import step_html
    from aton.widgets.scene import GEOMETRY

    ana_room, ben_room = page(pages, url), page(pages, url)
    ana_room.create("Ana")
    ben_room.join(ana_room.code or "", "Ben")
    ana = DashboardController()
    ana.enter_room(ana_room)
    panes = BoardPanes(ana, "en", geometry=lambda: (GEOMETRY, 1.0), on_leave=print, on_action=print)
    marked: list[frozenset[aton.Square]] = []
    revealed = False
    for _ in range(80):  # until the opponent places a counter
        ben_room.poll(0.0)
        flow = mover([ana_room, ben_room])
        action = flow.status.view.legal_actions(flow.seat)[0]
        if flow is ana_room:
            assert ana.submit(action).accepted, ana.message_text("en")
            assert ana.live  # this page's own move needs no watching either
        else:
            assert ben_room.send(action)
            deliver(ana, ana_room, ben_room.status.version)
            assert ana.live and ana.pending == 0
        panes.render_board(below=False, playing=True)
        assert panes.board.game is ana.game
        if any(isinstance(event, aton.events.Revealed) for event in ana.game.events[ana.last_move :]):
            said = step_html(ana, "en")  # the cards laid last, by either page, turn them all face up
            assert "The last move" in said and "The cards are turned face up" in said, said
            assert "Le dernier coup" in step_html(ana, "fr")
            revealed = True
        if flow is ben_room and isinstance(action, aton.Place):
            marked.append(panes.board.model.highlights().placed)
            assert action.square in marked[-1]
            break
    assert marked, "the opponent never placed a counter"
    assert revealed, "no reveal was said"
    # a change of presence only (no move) keeps the mark
    panes.render_board(below=False, playing=True)
    assert panes.board.model.highlights().placed == marked[-1]


def test_a_board_following_a_room_marks_the_last_move_until_the_next() -> None:
    from aton.widgets.board import BoardView

    game = aton.Game(seed=4)
    board = BoardView(game.view(aton.RED), viewer=aton.RED)
    while game.phase is not aton.game.Phase.PLACE or game.actor is None:
        game.apply(game.legal_actions(game.to_act[0])[0])
    board.follow(game.view(aton.RED))
    square = game.legal_squares(game.actor)[0]
    game.apply(aton.Place(game.actor, square))
    board.follow(game.view(aton.RED))
    assert square in board.model.highlights().placed
    board.follow(game.view(aton.RED))  # nothing new: the mark stays
    assert square in board.model.highlights().placed
    board.follow(aton.Game(seed=5).view(aton.RED))  # another game: nothing marked
    assert not board.model.highlights().placed


def test_a_spectators_reload_watches_the_room_of_the_address(pages: list[FriendFlow], url: str) -> None:
    """A spectator's address names the room (``?room=CODE&watch=1``): the reloaded page watches it again."""
    from aton.apps.dashboard.friend_page import FriendPage
    from aton.apps.dashboard.friend_panel import FriendPanel

    ana, ben = page(pages, url), page(pages, url)
    ana.create("Ana")
    ben.join(ana.code or "", "Ben")
    code = ana.code or ""
    made: list[FriendPage] = []
    try:
        for _reload in range(2):
            panel = FriendPanel()
            controller = DashboardController()
            friend = FriendPage(controller, panel, url=url)
            made.append(friend)
            query = f"?lang=fr&room={code}" + ("&watch=1" if made[1:] else "")
            panel.bridge.value = json.dumps({"query": query, "saved": None, "base": "http://h:8866/"})
        first, second = made
        assert first.room.client is None and first.panel.code.value == code  # a link offers to join, no more
        assert second.room.spectating and second.controller.mode is Mode.FRIEND  # the spectator's reload
        script = second.panel.addresser.outputs[0]["data"]["application/javascript"]
        assert f'"{code}"' in script and "watch" in script and "replaceState" in script
        second.leave()
        assert "delete('room')" in second.panel.addresser.outputs[0]["data"]["application/javascript"]
    finally:
        for friend in made:
            friend.close()
    panel = FriendPanel()
    facts = panel.read_bridge(json.dumps({"query": f"?room={code}&watch=1", "saved": None, "base": ""}))
    assert facts is not None and facts["watch"] == "1"
    facts = panel.read_bridge(json.dumps({"query": "?watch=1", "saved": None, "base": ""}))
    assert facts is not None and "watch" not in facts


def test_after_a_store_outage_the_error_goes_and_nobody_came_back(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store out, then back: the page's error goes at the first answer, and Ben, who never left, is not
    said to have left or come back although his seat could not be touched meanwhile."""
    from aton.apps.dashboard import friend as friend_module
    from aton.rooms import client as client_module

    class Clock:
        now = 1_800_000_000.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    monkeypatch.setattr(client_module, "TOUCH_SECONDS", 0.0)
    one, two = rooms.RoomStore(url, clock=clock), rooms.RoomStore(url, clock=clock)
    try:
        ana, ben = FriendFlow(store=one), FriendFlow(store=two)
        ana.create("Ana")
        ben.join(ana.code or "", "Ben")
        page = DashboardController()
        page.enter_room(ana)
        page.room_changed(ana.poll(0.1))
        assert page.message_text("en") == "Ben joined the room."

        def down(*args: object, **kwargs: object) -> None:
            raise rooms.StoreError("connection_lost")

        with monkeypatch.context() as outage:
            outage.setattr(one, "wait_for_change", down)
            page.room_changed(ana.poll(0.1))
            assert "connection to the room store was lost" in page.message_text("en")
        clock.now += rooms.PRESENCE_SECONDS + 1  # nobody could touch the store meanwhile
        status = ana.poll(0.1)  # the store answers again
        assert status is not None
        page.room_changed(status)
        assert page.message_text("en") == "", page.message_text("en")
        assert "left" not in page.turn_text("en")
        ben.poll(0.1)  # Ben's page touches again
        back = ana.poll(0.1)
        if back is not None:
            page.room_changed(back)
        assert "came back" not in page.message_text("en") and "left" not in page.message_text("en")
        # once the quiet time is over, a real departure is said again
        monkeypatch.setattr(friend_module, "QUIET_SECONDS", 0.0)
        ana._quiet_until = 0.0
        clock.now += rooms.PRESENCE_SECONDS + 1
        left = ana.poll(0.1)
        assert left is not None and left.event == "left"
        page.room_changed(left)
        assert page.message_text("en") == "Ben left the room: their page is closed."
    finally:
        one.dispose()
        two.dispose()


def test_the_kernel_beats_for_the_page_to_watch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The beat the page watches: a new number every second with the banner's words; only on a Voila page."""
    from aton.apps.dashboard.connection import WATCH_SCRIPT, ConnectionWatch, served_by_voila

    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    assert not served_by_voila()  # JupyterLab: a stopped kernel is the person's choice, no reload
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    assert served_by_voila()
    watch = ConnectionWatch()
    watch.render("fr")
    assert "La connexion au serveur est perdue" in watch.beat.value
    ran: list[int] = []
    watch.start(lambda tick: (tick(), ran.append(watch.count)))
    try:
        start = time.monotonic()
        while len(ran) < 2:
            assert time.monotonic() - start < 20, "the kernel never beat"
            time.sleep(0.05)
    finally:
        watch.stop()
    assert ran[:2] == [1, 2] and f'data-beat="{watch.count}"' in watch.beat.value
    assert ALIVE_PATH in WATCH_SCRIPT and ".inert" in WATCH_SCRIPT and "location.reload" in WATCH_SCRIPT
    monkeypatch.setenv(SERVER_ID_VARIABLE, "a1b2")
    watch.render("en")
    assert 'data-server="a1b2"' in watch.beat.value  # the page tells another server's answer from its own
