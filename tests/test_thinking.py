"""The search made visible: the coach's candidates, their table and bar chart, and the positions where the
three bots disagree (tutorial 07)."""

from __future__ import annotations

import random

import pytest

import aton
from aton.bots import make_bot
from aton.bots.coach import action_words, candidates_table, hint, search_candidates
from aton.teaching import lessons


@pytest.fixture(scope="module")
def black_view() -> aton.GameView:
    return lessons.load_position("bots-disagree-black").view(aton.BLUE)


def test_candidates_are_the_coachs_search(black_view: aton.GameView) -> None:
    found = search_candidates(black_view, iterations=200)
    assert len(found) >= 3
    assert [c.visits for c in found] == sorted((c.visits for c in found), reverse=True)
    assert all(0.0 <= c.win_rate <= 1.0 and 0.0 < c.share <= 1.0 for c in found)
    assert found[0].action == hint(black_view, iterations=200).action  # the hint is the first candidate
    assert search_candidates(black_view, iterations=200) == found  # seeded: the same numbers again


def test_the_table_and_the_chart_in_both_languages(black_view: aton.GameView) -> None:
    from aton.widgets.thinking import SearchChart

    found = search_candidates(black_view, iterations=120)
    table = candidates_table(black_view, found)
    assert table.splitlines()[0] == "| move | visits | share of the search | estimated chance to win |"
    assert len(table.splitlines()) == 2 + len(found)
    assert "place on the black square in temple" in table
    assert "| coup | visites |" in candidates_table(black_view, found, "fr")
    chart = SearchChart(black_view, found)
    assert chart.value.count("aton-search-bar") == len(found)
    assert "width:100%;" in chart.value  # the most visited move has the longest bar
    chart.lang = "fr"
    assert "placer sur" in chart.value
    with pytest.raises(ValueError, match="no candidate"):
        SearchChart(black_view, [])


@pytest.mark.parametrize("name", ["bots-disagree-black", "bots-disagree-bonus"])
def test_the_three_bots_disagree_in_tutorial_7s_positions(name: str) -> None:
    view = lessons.load_position(name).view(aton.BLUE)
    picks = {bot: make_bot(bot).choose(view, random.Random(1)) for bot in ("random", "greedy", "easy")}
    words = {bot: action_words(view, action) for bot, action in picks.items()}
    assert len(set(words.values())) == 3, words


def test_nothing_to_decide_is_refused() -> None:
    game = lessons.load_position("bots-disagree-black")
    with pytest.raises(ValueError, match="nothing to decide"):
        search_candidates(game.view(aton.RED))
    with pytest.raises(ValueError, match="view"):
        search_candidates(game)  # type: ignore[arg-type]


def test_a_hint_keeps_the_moves_the_search_tried(black_view: aton.GameView) -> None:
    from aton.widgets.thinking import candidates_html

    advice = hint(black_view, iterations=200)
    assert advice.candidates[0].action == advice.action and len(advice.candidates) > 1
    assert [c.visits for c in advice.candidates] == sorted((c.visits for c in advice.candidates), reverse=True)
    table = candidates_html(black_view, list(advice.candidates), "fr")
    assert table.count("aton-search-bar") == len(advice.candidates) and "chance de gagner estimée" in table
