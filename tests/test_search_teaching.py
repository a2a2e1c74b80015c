"""What tutorials 07 and 09 say about the search and the review is what the code does.

- Tutorial 07 (N1 of the teaching issue) says what a playout is, where it stops, and how the heuristic
  scores the position, and shows one imagined game; it no longer says the search "counts how often
  Blue wins".
- Tutorial 09 says the costliest decision of the recorded game is Red's round-10 cards (a 1 on
  cartouche 1), explained by the points given away and by acting first before the scoring.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import aton
from aton.bots.calibration import IDENTITY, Calibration, brier, chance_words, ece, fit
from aton.bots.heuristics import advantage, advantage_parts, win_probability
from aton.bots.mcts import imagine
from aton.bots.review import Verdict, recorded_game, review
from aton.events import RoundStarted, ScoringStarted
from aton.teaching import lessons

TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"


def _text(path: Path) -> str:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"])


def test_tutorial_07_tells_what_a_playout_is_and_shows_one() -> None:
    english = _text(TUTORIALS / "07-strategy.ipynb")
    french = _text(TUTORIALS / "fr" / "07-strategie.ipynb")
    assert "counts how often Blue wins" not in english
    assert "compte combien de fois Bleu gagne" not in french
    for words in ("**playout**", "end of the round", "heuristic", "imagine(black_view", "advantage_parts"):
        assert words in english, words
    for words in ("partie rapide", "fin de la manche", "heuristique", "imagine(black_view", "advantage_parts"):
        assert words in french, words


def test_the_imagined_game_of_tutorial_07_stops_at_the_end_of_the_round_after_the_scoring() -> None:
    view = lessons.load_position("bots-disagree-black").view(aton.BLUE)
    playout = imagine(view, random.Random(1))
    new_events = playout.end.events[len(playout.start.events) :]
    assert any(isinstance(event, ScoringStarted) for event in new_events)
    assert isinstance(new_events[-3], RoundStarted) and playout.end.result is None  # "the start of the next round"
    assert playout.end.round == view.round + 1
    assert playout.chance == win_probability(playout.end, aton.BLUE)
    parts = advantage_parts(playout.end, aton.BLUE)
    assert abs(sum(parts.values()) - advantage(playout.end, aton.BLUE)) < 1e-9
    assert len(playout.end.hand(aton.RED) or []) == 4  # "Red's next hand in this imagined game"


def test_the_review_finds_red_s_round_10_placement_and_cards_as_tutorial_09_says() -> None:
    result = review(recorded_game("close-game"), aton.RED, seed=0)  # as the tutorial runs it
    worst = result.worst()
    placement = worst[0]  # "decision 107, the costliest"
    assert placement.number == 107 and placement.verdict is Verdict.BLUNDER
    assert placement.played == aton.Place(aton.RED, (1, 6)) and placement.best == aton.Place(aton.RED, (2, 7))
    assert placement.played_chance < 0.10 < 0.99 < placement.best_chance  # "below 10%", "all but certain"
    assert "all but certain" in placement.text["en"] and "black square in temple 2" in placement.text["en"]
    cards = next(j for j in worst if j.number == 100)  # "decision 100, a blunder"
    assert cards.round == 10 and cards.played == aton.Assign(aton.RED, (1, 4, 2, 4))
    assert cards.verdict is Verdict.BLUNDER and cards.loss < placement.loss
    assert cards.best.cards[0] > 1  # type: ignore[attr-defined]
    assert "On cartouche 1 it expects about" in cards.text["en"]
    assert "end with a scoring: acting first" in cards.text["en"]
    assert "se terminent par un décompte" in cards.text["fr"]
    english = _text(TUTORIALS / "09-reviewing-a-game.ipynb")
    french = _text(TUTORIALS / "fr" / "09-analyser-une-partie.ipynb")
    assert "Round 10, as the engine saw it" in english and "La manche 10, telle que le moteur l'a vue" in french
    assert "decision 107, the costliest" in english and "décision 107, la plus coûteuse" in french
    assert 'What "good" means' in english and "Ce que « bon » veut dire" in french
    assert "iterations=" not in "".join(line for line in english.splitlines() if "review(" in line)
    game = aton.replay(recorded_game("close-game"))
    assert game.result is not None and game.result.scores == (44, 48)  # "48 to 44 for Blue"


def test_a_chance_on_few_imagined_games_is_told_as_a_range() -> None:
    assert chance_words(1.0, 12) == "between 76% and 100%"
    assert chance_words(0.5, 400) == "50%"
    assert chance_words(0.999, 400, "fr").startswith("plus de")
    assert IDENTITY.apply("judged", 1.0, 20) < 1.0
    assert IDENTITY.apply("judged", 1.0, 0) == 1.0


def test_a_fitted_mapping_corrects_an_overconfident_chance() -> None:
    chooser = random.Random(3)
    points = []
    for _ in range(4000):
        true = chooser.random()
        shown = 1 / (1 + ((1 - true) / true) ** 2) if 0 < true < 1 else true  # overconfident: logit doubled
        points.append((shown, 1.0 if chooser.random() < true else 0.0))
    a, b = fit(points)
    assert 0.4 < a < 0.6 and abs(b) < 0.1
    mapped = [(Calibration({"graph": (a, b)}).apply("graph", p), y) for p, y in points]
    assert ece(mapped) < ece(points) and brier(mapped) < brier(points)
    assert ece(mapped) < 0.03
