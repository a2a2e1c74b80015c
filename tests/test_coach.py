"""The coach: a legal suggestion, words from the search, the same hint for the same view, nothing hidden."""

from __future__ import annotations

import random

import pytest

import aton
from aton import BLUE, RED, Phase
from aton.bots.coach import Hint, hint


def _advance_to(phase: Phase, seed: int) -> aton.Game:
    game = aton.new_game(seed)
    chooser = random.Random(seed)
    while game.phase is not phase or game.round < 2:
        options = game.legal_actions(game.to_act[0])
        game.apply(options[chooser.randrange(len(options))])
        assert game.result is None
    return game


def test_an_assignment_hint_quotes_cartouche_1_and_the_order() -> None:
    game = aton.new_game(seed=2)
    advice = hint(game.view(RED), iterations=60)
    assert isinstance(advice, Hint)
    assert game.is_legal(advice.action)
    if isinstance(advice.action, aton.Assign):
        assert advice.text.startswith("Put ")
        assert "cartouche 1" in advice.text and "points" in advice.text
        assert "cartouche 2" in advice.text
    assert "Estimated chance to win" in advice.text
    assert 0.0 <= advice.win_rate <= 1.0
    assert all(game.is_legal(alt.action) for alt in advice.alternatives)
    assert all(0.0 <= alt.share <= 1.0 for alt in advice.alternatives)


def test_a_placement_hint_names_the_square_in_both_languages() -> None:
    game = _advance_to(Phase.PLACE, seed=8)
    player = game.to_act[0]
    english = hint(game.view(player), iterations=40)
    french = hint(game.view(player), "fr", iterations=40)
    assert english.action == french.action
    assert game.is_legal(english.action)
    assert english.text.startswith("Place a counter on the ")
    assert "temple" in english.text and "row" in english.text
    assert french.text.startswith("Placez une pierre sur ")
    assert "Chance de gagner" in french.text


def test_a_removal_hint() -> None:
    game = _advance_to(Phase.REMOVE, seed=6)
    player = game.to_act[0]
    advice = hint(game.view(player), iterations=30)
    assert game.is_legal(advice.action)
    assert advice.text.startswith("Remove ")


def test_the_same_view_gives_the_same_hint_and_hidden_cards_do_not_matter() -> None:
    game = aton.new_game(seed=14)
    game.apply(aton.Assign(BLUE, tuple(game.hand(BLUE) or ())))
    twin = game.view(RED).sample(random.Random(5), events=True)
    assert twin.assignment(BLUE) != game.assignment(BLUE) or twin.deck(BLUE) != game.deck(BLUE)
    first = hint(game.view(RED), iterations=50)
    assert hint(game.view(RED), iterations=50) == first
    assert hint(twin.view(RED), iterations=50) == first


def test_the_coach_refuses_what_it_cannot_answer() -> None:
    game = aton.new_game(seed=1)
    with pytest.raises(ValueError, match="language"):
        hint(game.view(RED), "de")
    with pytest.raises(ValueError, match="view"):
        hint(game)  # type: ignore[arg-type]
    game.apply(game.legal_actions(RED)[0])
    with pytest.raises(ValueError, match="nothing to decide"):
        hint(game.view(RED))


def test_the_coach_reports_progress_and_can_be_stopped() -> None:
    game = aton.new_game(seed=3)
    seen: list[float] = []
    full = hint(game.view(aton.RED), on_progress=lambda fraction: seen.append(fraction) is None)
    assert seen and seen[-1] == 1.0 and game.is_legal(full.action)
    stopped = hint(game.view(aton.RED), on_progress=lambda fraction: False)
    assert game.is_legal(stopped.action)
