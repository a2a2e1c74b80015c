"""Every event the engine logs is explained in English and French, with the rule it applies.

The events come from the recorded games of ``tests/data/`` and from a few
scenarios that reach the rarer branches (a war that runs out, the first
round, a draw at the round limit...).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from scenario import board, pile, reveal, round_with_scoring

import aton
from aton import Event
from aton.events import CardsDrawn, GameOver, KingdomFull, RemovalAllowed, Reshuffled, ScoringRemoval, SentToKingdom
from aton.explain import RULES
from aton.i18n import render

DATA = Path(__file__).resolve().parent / "data"
LANGS = ("en", "fr")


def rule_text(key: str, lang: str) -> str:
    """The rule ``key`` (an event kind, or ``score_line.<category>``) in ``lang``."""
    return render(RULES[f"rule {key}"], lang)


def scenario_games() -> Iterator[aton.Game]:
    """Games that reach branches random play rarely does."""
    hand = (1, 2, 3, 4)
    same = [1] * 8 + [2] * 8 + [3] * 8 + [4] * 8
    yield reveal(hand, hand, red={"deck": same}, blue={"deck": same})[0]  # war to the end: Red first
    yield reveal(hand, hand, rules={"war_cards": "discard"}, red={"deck": pile([2], hand)})[0]
    yield reveal((2, 1, 1, 3), (2, 4, 1, 3), round=1, temples=board(["R B . .", ". . . .", ". . . ."]))[0]
    yield reveal((1, 1, 1, 1), hand, temples=board(["R . . .", ". . . .", ". . . ."]))[0]
    yield reveal((1, 4, 1, 2), (4, 4, 4, 4), temples=board(["B B . .", "....", "...."]), kingdom=["red"] * 7)[0]
    game, _ = reveal((1, 2, 1, 1), (1, 1, 2, 1), rules={"round_limit": 2}, red={"score": 3}, blue={"score": 3})
    while game.result is None:
        game.apply(game.legal_actions(game.to_act[0])[0])
    yield game  # a draw at the round limit
    temples = board(["R B R B", "R B R R", "R B B B"], None, None, [". . . .", ". . . R", "R . R ."])
    yield round_with_scoring(temples, ["red"] * 7, red={"score": 39}, blue={"score": 39})[0]


@cache
def all_events() -> tuple[Event, ...]:
    """Every distinct event of the recorded games and the scenarios."""
    games = [
        aton.replay(json.loads(path.read_text(encoding="utf-8"))["record"]) for path in sorted(DATA.glob("*.json"))
    ]
    games += list(scenario_games())
    distinct: dict[str, Event] = {}
    for game in games:
        for event in game.events:
            distinct.setdefault(json.dumps(event.to_dict(), sort_keys=True), event)
    return tuple(distinct.values())


def test_every_event_kind_is_produced_somewhere() -> None:
    assert {event.kind for event in all_events()} == set(aton.EVENT_KINDS)


def test_every_order_reason_and_every_ending_is_produced() -> None:
    events = all_events()
    assert {e.to_dict()["reason"] for e in events if e.kind == "order"} == {
        "lower_card",
        "cartouche1",
        "war",
        "war_exhausted",
    }
    endings = {(e.to_dict()["reason"], e.to_dict()["winner"] is None) for e in events if e.kind == "game_over"}
    assert {reason for reason, _ in endings} == {reason.value for reason in aton.EndReason}
    assert ("points", True) in endings and ("round_limit", True) in endings


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_is_explained_and_names_its_rule(lang: str) -> None:
    for event in all_events():
        text = aton.explain(event, lang)
        rule = aton.rule_of(event, lang)
        assert text[0].isupper() or text[0].isdigit(), (event, text)
        assert text.endswith("."), text
        assert not re.search(r"None|\{|\}|\[|\]|_", text), f"a raw value leaked into {text!r}"
        assert rule and rule.endswith("."), rule
        if event.kind == "score_line":
            assert rule == rule_text(f"score_line.{event.to_dict()['category']}", lang)
        elif event.kind == "remove" and event.to_dict().get("scoring"):
            assert rule == rule_text("scoring_removal", lang)  # back to stock, not to the Kingdom
        elif event.kind == "game_over":
            assert rule == rule_text(f"game_over.{event.to_dict()['reason']}", lang)  # the ending's own rule
        elif not (event.kind == "war_cards" and event.to_dict()["destination"] == "discard"):
            assert rule == rule_text(event.kind, lang)
        assert aton.explain(event.to_dict(), lang) == text, "the dict form explains the same"
        assert aton.explain(aton.event_from_dict(json.loads(json.dumps(event.to_dict()))), lang) == text


def test_french_and_english_differ_for_every_event() -> None:
    for event in all_events():
        if event.kind == "reveal":
            continue  # only numbers and names... still different words
        assert aton.explain(event, "fr") != aton.explain(event, "en"), event
    for kind in aton.EVENT_KINDS:
        assert rule_text(kind, "fr") != rule_text(kind, "en")


def test_french_says_cases_dorees_for_yellow_and_cases_grises_for_black() -> None:
    named = {"Y": ("yellow", "case dorée"), "K": ("black", "case grise")}
    checked = set()
    for event in all_events():
        en, fr = aton.explain(event, "en"), aton.explain(event, "fr")
        if event.kind == "place" and event.to_dict()["square_kind"] in named:
            english, french = named[event.to_dict()["square_kind"]]
            assert english in en and french in fr, (en, fr)
            checked.add(event.to_dict()["square_kind"])
        if event.kind == "score_line" and event.to_dict()["category"] == "black":
            assert "Black squares" in en and "Cases grises" in fr
            checked.add("black line")
        if event.kind == "game_over" and event.to_dict()["reason"] == "yellow":
            assert "yellow" in en and "cases dorées" in fr
            checked.add("yellow victory")
        if event.kind == "scoring_start":
            assert "black squares" in en and "cases grises" in fr
    assert checked == {"Y", "K", "black line", "yellow victory"}
    assert "cases dorées" in rule_text("game_over", "fr")
    assert "cases grises" in rule_text("scoring_start", "fr")


def test_explanations_carry_the_facts_of_the_event() -> None:
    for event in all_events():
        d, en = event.to_dict(), aton.explain(event, "en")
        if event.kind == "cartouche1" and d["scorer"] is not None:
            assert f"= {d['points']} points" in en
        if event.kind == "removal_allowed" and d["target"] == d["player"]:
            assert f"{d['player'].capitalize()} played a 1" in en and "one of their own counters" in en
        if event.kind in ("place", "remove"):
            temple, index = d["square"]
            assert f"temple {temple}, row {index // 4 + 1}, column {index % 4 + 1}" in en
            assert ("automatically" in en) == bool(d["automatic"])
        if event.kind == "order":
            expected = {"lower_card": "lower card", "cartouche1": "cartouche 1", "war": "war", "war_exhausted": "Red"}
            assert expected[d["reason"]] in en
        if event.kind == "war_turn":
            assert f"Red turns up a {d['red']}, Blue turns up a {d['blue']}" in en


def test_the_learner_reads_why_a_1_removes_an_own_counter() -> None:
    game, mark = reveal((1, 1, 1, 1), (1, 2, 3, 4), temples=board(["R . . .", ". . . .", ". . . ."]))
    allowed = next(e for e in game.events[mark:] if e.kind == "removal_allowed")
    assert aton.explain(allowed) == (
        "Cartouche 2 (removal): Red played a 1, so Red must remove one of their own counters from temple 1 only."
    )
    assert aton.explain(allowed, "fr") == (
        "Cartouche 2 (retrait) : Rouge a joué un 1 et doit retirer une de ses propres pierres dans le temple 1 "
        "seulement."
    )
    assert aton.rule_of(allowed) == "Cartouche 2: remove card - 2 opponent counters; a 1 removes one of your own."


def test_french_singular_forms() -> None:
    removal = RemovalAllowed(player="red", target="blue", count=2, temples=1, present=1, card=4)
    assert aton.explain(removal, "fr").endswith("il n'y en a qu'une, elle est retirée.")
    assert aton.explain(SentToKingdom(player="red", count=1), "fr").endswith("; 1 y va.")
    assert aton.explain(SentToKingdom(player="red", count=2), "fr").endswith("; 2 y vont.")
    assert "1 pierre qui n'a pas trouvé" in aton.explain(KingdomFull(player="red", count=1), "fr")


@pytest.mark.parametrize(
    ("count", "en", "fr"),
    [
        (0, "Blue has no counter in the temples", "Bleu n'a aucune pierre dans les temples"),
        (1, "Blue has only 1 counter in the temples", "Bleu n'a qu'une pierre dans les temples"),
        (3, "only 3 counters in the temples (fewer than 4), so all of them", "il les remet toutes dans sa réserve"),
        (4, "first one from each temple where they have one (temples 1 and 3)", "d'abord une dans chaque temple"),
    ],
)
def test_the_removal_after_a_scoring_is_explained_for_each_count(count: int, en: str, fr: str) -> None:
    event = ScoringRemoval(player="blue", count=count, temples=[1, 3][: min(count, 2)])
    assert en in aton.explain(event) and fr in aton.explain(event, "fr")


def test_unknown_languages_and_kinds_are_refused() -> None:
    event = all_events()[0]
    with pytest.raises(ValueError, match="unknown language"):
        aton.explain(event, "de")
    with pytest.raises(ValueError, match="unknown language"):
        aton.rule_of(event, "de")
    with pytest.raises(ValueError, match="cannot explain event 'dance'"):
        aton.explain({"kind": "dance"})
    with pytest.raises(ValueError, match="missing field"):
        aton.explain({"kind": "cartouche1", "red": 1})
    with pytest.raises(ValueError, match="no rule for event kind 'dance'"):
        aton.rule_of({"kind": "dance"})


@pytest.mark.parametrize("lang", LANGS)
def test_no_explanation_holds_a_negative_count(lang: str) -> None:
    for event in all_events():
        text = aton.explain(event, lang)
        assert not re.search(r"(?<![\w)])-\s?\d", text.replace(" - ", " minus ")), text


def test_counters_that_find_no_square_are_counted_once_between_the_kingdom_and_the_stock() -> None:
    """3 counters find no square, the Kingdom of the Dead has room for 2: 2 go there and 1 stays in stock."""
    game, mark = reveal(
        (1, 2, 1, 3), (1, 3, 1, 1), temples=board(["R B R B", "R B R B", "R B R B"]), kingdom=["red"] * 6
    )
    events = [e for e in game.events[mark:] if isinstance(e, SentToKingdom | KingdomFull)]
    assert events == [SentToKingdom(player="red", count=2), KingdomFull(player="red", count=1)]
    sent, kept = (aton.explain(e) for e in events)
    assert "2 counters of Red found no empty square" not in sent, "3 found none, not 2"
    assert "Red's counters that find no empty square" in sent and sent.endswith("; 2 go there.")
    assert "1 counter that found no empty square stays in Red's stock" in kept
    sent_fr, kept_fr = (aton.explain(e, "fr") for e in events)
    assert "tant qu'il y a de la place ; 2 y vont." in sent_fr
    assert "1 pierre qui n'a pas trouvé de case vide reste dans la réserve de Rouge" in kept_fr


def test_the_draw_is_told_in_its_true_order() -> None:
    """The cards left in the pile are drawn, then the discard pile is reshuffled, then the rest is drawn."""
    cards = (4, 2, 1, 1)
    full = ["R B R B", "R B R R", "R B B B"]
    game, mark = reveal(
        cards, (3, 2, 1, 4), temples=board(full), red={"deck": [4, 4], "discard": pile([], cards, [4, 4])}
    )
    told = [aton.explain(e) for e in game.events[mark:] if isinstance(e, CardsDrawn | Reshuffled) and e.player == "red"]
    assert told == [
        "Red draws 2 cards (only Red sees them).",
        "Red's draw pile ran out: the discard pile is shuffled into a new face-down pile of 34 cards.",
        "Red draws 2 cards (only Red sees them).",
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_the_take_back_after_a_scoring_says_the_leader_goes_first(lang: str) -> None:
    first, where, rule = {
        "en": ("The leader after the scoring takes back first", "where they have one", "the leader first"),
        "fr": ("le joueur qui mène", "où il en a une", "celui qui mène en premier"),
    }[lang]
    for count in (4, 3, 0):
        assert first in aton.explain(ScoringRemoval(player="blue", count=count, temples=[1, 3][:count]), lang)
    event = ScoringRemoval(player="blue", count=4, temples=[1, 3])
    assert where in aton.explain(event, lang)
    assert rule in aton.rule_of(event, lang) and where in aton.rule_of(event, lang)


def test_the_end_after_a_scoring_says_whether_both_passed_40() -> None:
    both = GameOver(winner="blue", reason="points", red=41, blue=45, at_scoring=True)
    one = GameOver(winner="red", reason="points", red=42, blue=30, at_scoring=True)
    assert aton.explain(both) == (
        "After the scoring both players have 40 or more points: the most points wins, so Blue wins (Red 41, Blue 45)."
    )
    assert "a player has 40" not in aton.explain(both)
    assert aton.explain(one) == "After the scoring Red has 40 or more points and wins (Red 42, Blue 30)."
    assert "les deux joueurs ont 40 points ou plus" in aton.explain(both, "fr")
    assert "les deux" not in aton.explain(one, "fr")
    tie = GameOver(winner=None, reason="points", red=44, blue=44, at_scoring=True)
    assert "both players have 40 or more points" in aton.explain(tie) and "a draw" in aton.explain(tie)
