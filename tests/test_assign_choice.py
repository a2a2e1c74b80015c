"""The choice of cards for the cartouches, without widgets (the card panel's plain part)."""

from __future__ import annotations

import pytest

import aton
from aton import BLUE, RED, Assign
from aton.widgets.assign_choice import CardChoice, Face, waiting_text
from aton.widgets.i18n import tr


def test_cards_go_down_swap_and_come_back() -> None:
    choice = CardChoice([4, 1, 4, 2])
    assert choice.select(2) and choice.selected == 2
    choice.put_on(1)
    assert choice.cards == (4, None, None, None) and choice.selected is None
    assert not choice.select(2)  # on a cartouche already: not in hand
    assert not choice.select(7)
    choice.swap(1, 3)
    assert choice.cards == (None, None, 4, None)
    choice.put_on(3)  # nothing chosen: the cartouche's card comes back
    assert choice.cards == (None, None, None, None)


def test_choosing_all_four_needs_the_cards_in_hand() -> None:
    choice = CardChoice([4, 1, 4, 2])
    choice.choose([2, 4, 1, 4])
    assert choice.cards == (2, 4, 1, 4) and sorted(p for p in choice.slots if p is not None) == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="four cards in hand"):
        choice.choose([2, 4, 1, 3])


def test_the_buttons_faces_follow_the_choice() -> None:
    choice = CardChoice([3, 5, 1])  # a hand shorter than the buttons: the last is hidden
    choice.select(1)
    faces = choice.card_faces("en", editable=True)
    assert faces[1].style == "info" and not faces[1].disabled
    assert faces[0] == Face(tr("assign.card", "en", value=3))
    assert faces[-1].hidden and faces[-1].disabled
    choice.put_on(2)
    faces = choice.card_faces("en", editable=False)
    assert faces[1].disabled and faces[0].disabled
    slots = choice.slot_faces("en", editable=True)
    assert slots[1].style == "warning" and "5" in slots[1].description and slots[0].style == ""


def test_a_player_who_assigned_is_told_whom_the_game_waits_for() -> None:
    game = aton.new_game(seed=3)
    assert waiting_text(game, RED, "en") == ""  # still to assign
    game.apply(Assign(RED, (1, 2, 3, 3)))
    told = waiting_text(game, RED, "en")
    assert told and told != tr("assign.done_all", "en")
    game.apply(Assign(BLUE, (1, 1, 3, 4)))
    assert waiting_text(game, RED, "en") == tr("assign.done_all", "en")
    assert waiting_text(None, RED, "en") == ""
