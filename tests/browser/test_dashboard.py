"""Journeys through the dashboard in a real browser (Voila + Chromium), each failing on any page error.

One Voila server serves the session (``voila_url``); every test opens a fresh page, which gets
its own kernel.  The page's public state is read from the status line's ``data-*`` attributes,
the text twin and the canvas pixels; hidden cards are looked for in the page's HTML and in every
widget model the page holds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from dashboard_page import MODEL_STATES_JS, TIMEOUT, DashboardPage
from playwright.sync_api import expect

import aton
from aton.widgets.i18n import tr
from aton.widgets.scene import GEOMETRY, PALETTE

pytestmark = pytest.mark.browser

DATA = Path(__file__).parent / "data"
SEED = 7
TWO_SEED = 11


def open_page(page: Any, voila_url: str) -> DashboardPage:
    return DashboardPage(page, voila_url).open()


def cartouche_point(player: aton.Player, number: int) -> tuple[float, float]:
    """A point on the card lying on a cartouche, away from its value and its pattern."""
    box = GEOMETRY.card_box(player, number)
    return (box.x + 4, box.y + box.h - 4)


def counter_colour(letter: str) -> str:
    return PALETTE["red"] if letter == "R" else PALETTE["blue"]


def test_the_dashboard_loads_and_draws_the_board(page: Any, voila_url: str) -> None:
    dash = open_page(page, voila_url)
    layout = aton.Layout()
    for square in [(1, 0), (1, 2), (1, 9), (2, 8), (3, 8), (4, 11)]:
        dash.wait_square_colour(square, PALETTE[layout.kind(square).code])
    status = dash.status()
    assert status["round"] == "1" and status["phase"] == "assign" and status["live"] == "true"
    assert status["red-score"] == "0" and status["blue-score"] == "0"
    expect(page.locator(".aton-assign")).to_be_visible()  # the card panel may follow the status line a moment later
    cells = dash.twin_cells()
    assert len(cells) == 48 and all("empty" in text for text in cells.values())
    html = page.content()
    assert "Traceback" not in html and "jp-OutputArea-error" not in html


def test_a_full_round_against_the_easy_bot(page: Any, voila_url: str) -> None:
    dash = open_page(page, voila_url)
    dash.new_game(mode="bot", seed=SEED, level="easy", human="red")
    engine = aton.new_game(seed=SEED)
    hand = dash.hand()
    assert sorted(hand) == engine.hand(aton.RED)
    # the bot chooses its cards only once red has chosen theirs: nothing of the bot's lies face down yet
    dash.wait_status(thinking="")
    assert page.locator(".aton-board-area .aton-twin").inner_text().count(tr("card_face_down", "en")) == 0
    low, second, third, high = sorted(hand)
    dash.assign([second, low, third, high])

    explanations: list[str] = []
    placed: list[tuple[int, int]] = []
    for _ in range(20):
        explanations += dash.catch_up()
        status = dash.status()
        if status["round"] == "2" and status["phase"] == "assign":
            break
        assert status["to-act"] == "red", status
        for square in dash.play_squares("red"):
            placed.append(square)
            dash.wait_pixel(dash.counter_point(square), PALETTE["red"])
    else:
        raise AssertionError("round 2 never came")
    assert any(text.startswith("The cards are turned face up") for text in explanations)
    assert any(text.startswith("Cartouche 1 (points)") for text in explanations)
    assert placed, "red placed no counter"

    # the page agrees with the engine: the saved file is the engine's own snapshot of what red may see
    status = dash.status()
    hand = dash.hand()
    saved = dash.saved_file()
    for secret in ("deck", "rng", "seed", "events", "actions"):
        assert secret not in saved and secret not in saved["red"]
    assert "hand" not in saved["blue"] and saved["red"]["hand"] == sorted(hand)
    scores = dash.twin_scores()
    for colour in ("red", "blue"):
        assert scores[colour] == (saved[colour]["score"], saved[colour]["stock"])
        assert status[f"{colour}-score"] == str(saved[colour]["score"])
    cells = dash.twin_cells()
    for temple, rows in enumerate(saved["temples"], start=1):
        letters = "".join(rows).replace(" ", "")
        for index, letter in enumerate(letters):
            text = cells[f"{temple}-{index}"]
            expected = {"R": "red counter", "B": "blue counter", ".": "empty"}[letter]
            assert expected in text, (temple, index, text)
            if letter != ".":
                dash.wait_pixel(dash.counter_point((temple, index)), counter_colour(letter))
    loaded = aton.Game.from_dict(saved)
    assert (loaded.score(aton.RED), loaded.score(aton.BLUE)) == (scores["red"][0], scores["blue"][0])


def test_two_people_take_turns_behind_the_cover(page: Any, voila_url: str) -> None:
    dash = open_page(page, voila_url)
    dash.new_game(mode="two", seed=TWO_SEED)
    engine = aton.new_game(seed=TWO_SEED)
    dash.wait_status(cover="true")
    expect(page.locator(".aton-cover")).to_be_visible()
    expect(page.locator(".aton-body")).to_be_hidden()
    assert page.locator(".aton-card").count() == 0
    assert not any('"description":"Card ' in state for state in dash.model_states())

    dash.click(".aton-cover-ready")
    dash.wait_status(cover="false", at_screen="red")
    assert dash.text(".aton-assign .aton-assign-title") == tr("assign.title", "en", player="Red")
    red_hand = dash.hand()
    assert sorted(red_hand) == engine.hand(aton.RED)
    red_cards = sorted(red_hand, reverse=True)
    dash.assign(red_cards)

    # the screen passes: nothing of red's choice may stay in the page
    dash.wait_status(cover="true", at_screen="")
    red_slots = [
        tr("assign.slot_card", "en", number=n, meaning=tr(f"cartouche_short.{n}", "en"), value=v)
        for n, v in enumerate(red_cards, start=1)
    ]
    red_title = tr("assign.title", "en", player="Red")

    def assert_red_hidden() -> None:
        html = page.content()
        states = "\n".join(dash.model_states())
        for secret in [*red_slots, red_title]:
            assert secret not in html and json.dumps(secret)[1:-1] not in states, secret
        assert page.locator(".aton-board-area .aton-twin").inner_text().count(tr("card_face_down", "en")) == 4

    # the page closes red's panel just after the status says the cover is up (and after the focus moves to
    # the cover's button): wait for the close, then check that nothing of red's choice stayed
    page.wait_for_function(
        f"async (secret) => !(await ({MODEL_STATES_JS})()).some((state) => state.includes(secret))",
        arg=json.dumps(red_slots[0])[1:-1],
        timeout=TIMEOUT,
    )
    assert_red_hidden()
    assert page.locator(".aton-card").count() == 0
    assert not any('"description":"Card ' in state for state in dash.model_states())

    dash.click(".aton-cover-ready")
    dash.wait_status(cover="false", at_screen="blue")
    assert dash.text(".aton-assign .aton-assign-title") == tr("assign.title", "en", player="Blue")
    assert sorted(dash.hand()) == engine.hand(aton.BLUE)
    assert_red_hidden()
    for number in range(1, 5):  # red's cards are backs on the canvas too
        dash.wait_pixel(cartouche_point(aton.RED, number), PALETTE["card_back"])
    dash.assign(sorted(dash.hand()))

    for _ in range(20):
        dash.catch_up()
        status = dash.status()
        if status["round"] == "2":
            break
        for square in dash.play_squares(status["to-act"]):
            dash.wait_pixel(dash.counter_point(square), PALETTE[status["to-act"]])
    else:
        raise AssertionError("round 2 never came")
    dash.wait_status(round=2, cover="true")
    assert page.locator(".aton-card").count() == 0


def test_a_loaded_position_plays_into_a_scoring_explained_line_by_line(page: Any, voila_url: str) -> None:
    dash = open_page(page, voila_url)
    content = (DATA / "one-round-from-scoring.json").read_bytes()
    dash.upload("one-round-from-scoring.json", content)
    dash.wait_status(round=5, phase="assign", red_score=12, blue_score=9, kingdom=7)
    assert "Loaded one-round-from-scoring.json" in dash.text(".aton-app-message")
    assert sorted(dash.hand()) == [3, 3, 4, 4]
    dash.assign([3, 4, 3, 4])

    explanations: list[str] = []
    for _ in range(30):
        explanations += dash.catch_up()
        status = dash.status()
        if status["round"] == "6" or status["over"] == "true":
            break
        dash.play_squares(status["to-act"])
    else:
        raise AssertionError("the round never ended")
    start = next(
        i for i, text in enumerate(explanations) if text.startswith("Scoring: the Kingdom of the Dead is full")
    )
    lines = explanations[start + 1 : start + 7]
    prefixes = [
        "Temple 1 (",
        "Temple 2 (",
        "Temple 3 (",
        "Temple 4 (",
        "Black squares of all temples (",
        "Bonus squares:",
    ]
    assert [line.split(" ", 2)[0] for line in lines] == [p.split(" ", 2)[0] for p in prefixes]
    for line, prefix in zip(lines, prefixes, strict=True):
        assert line.startswith(prefix), (line, prefix)
    dash.tab_by_class(2)
    page.wait_for_function("() => document.querySelector('.aton-log').textContent.includes('Bonus squares')")
    log = dash.text(".aton-log")
    assert all(line in log for line in lines)


def test_a_broken_file_gets_a_message_and_the_game_goes_on(page: Any, voila_url: str) -> None:
    dash = open_page(page, voila_url)
    before = dash.status()
    hand = dash.hand()
    problems = {
        "broken.json": (b'{"temples": [', "not readable JSON"),
        "picture.json": (b"\x89PNG\r\n\x1a\n\x00\xff", "not text"),
        "impossible.json": (json.dumps({"temples": ["R R R R R R R R R R R R R", "", "", ""]}).encode(), "temple 1"),
    }
    for name, (content, words) in problems.items():
        dash.upload(name, content)
        page.wait_for_function(
            "(name) => { const m = document.querySelector('.aton-app-message [role=alert]');"
            " return m && m.textContent.includes(name); }",
            arg=name,
        )
        message = dash.text(".aton-app-message")
        assert f"{name} cannot be loaded" in message and words in message and "current game goes on" in message
        after = dash.status()
        assert {k: after[k] for k in ("game", "round", "phase", "shown")} == {
            k: before[k] for k in ("game", "round", "phase", "shown")
        }
    assert "Traceback" not in page.content()
    assert sorted(dash.hand()) == sorted(hand)
    dash.assign(sorted(hand))
    page.wait_for_function(
        "(shown) => document.querySelector('.aton-status-line').dataset.shown !== shown", arg=before["shown"]
    )


def test_french_and_back(page: Any, voila_url: str) -> None:
    dash = open_page(page, voila_url)
    dash.page.locator(".aton-language button", has_text="Français").click()
    page.wait_for_function("() => document.querySelector('.aton-status-line').textContent.includes('Manche 1')")
    assert "posez vos cartes" in dash.text(".aton-board-view .aton-message")
    assert dash.text(".aton-assign .aton-assign-title") == tr("assign.title", "fr", player="Rouge")
    assert page.locator(".aton-right .lm-TabBar-tab", has_text="Jouer").count() == 1
    assert "vide" in dash.twin_cells()["1-0"]
    dash.page.locator(".aton-language button", has_text="English").click()
    page.wait_for_function("() => document.querySelector('.aton-status-line').textContent.includes('Round 1')")
    assert "choose your cards" in dash.text(".aton-board-view .aton-message")
    assert dash.text(".aton-assign .aton-assign-title") == tr("assign.title", "en", player="Red")
    assert "empty" in dash.twin_cells()["1-0"]


def test_coach_log_explainer_and_dark_theme(page: Any, voila_url: str) -> None:
    dash = open_page(page, voila_url)
    dash.tab_by_class(1)
    dash.click(".aton-hint-button")
    page.wait_for_function("() => document.querySelector('.aton-hint').textContent.includes('Suggestion for Red')")
    assert "chance to win" in dash.text(".aton-hint")
    dash.tab_by_class(2)
    page.wait_for_function("() => document.querySelector('.aton-log').textContent.includes('draws 4 cards')")
    assert "Round 1" in dash.text(".aton-log")
    dash.tab("Step by step", right=False)
    page.wait_for_selector(".aton-explainer .aton-stepper .aton-step-text")
    first = dash.text(".aton-explainer .aton-step-text")
    dash.click(".aton-explainer .aton-step-first")
    page.wait_for_function(
        "(first) => document.querySelector('.aton-explainer .aton-step-text').textContent !== first", arg=first
    )
    assert dash.text(".aton-explainer .aton-step-text").startswith("Round 1 begins")
    dash.page.locator(".aton-theme button").nth(1).click()
    page.wait_for_selector(".aton-dashboard.aton-dark")
    background = page.eval_on_selector(".aton-dashboard", "e => getComputedStyle(e).backgroundColor")
    assert background == "rgb(21, 19, 15)"
