"""``scripts/strength_probes.py``: the probes play what they say (the true cards dealt; the search for one half;
the model's coefficients set)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import aton
from aton.bots import GreedyBot, MctsBot
from aton.bots.evaluation import FEATURE_NAMES, Evaluation
from aton.bots.mcts import PRESETS
from aton.game import Phase

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "strength_probes.py"


def _probes() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength_probes", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["strength_probes"] = module
    spec.loader.exec_module(module)
    return module


def test_the_sighted_search_is_dealt_the_true_hidden_cards() -> None:
    """Blue's hidden hand, then its face-down cards (dealt as a hand or as laid), and both piles in order."""
    probes = _probes()
    game = aton.new_game(seed=4)
    for blue_has_laid in (False, True):
        if blue_has_laid:
            game.apply(GreedyBot().choose(game.view(aton.BLUE), random.Random(0)))
        view = game.view(aton.RED)
        for as_laid in ("assigned", "hand"):
            deal, _build = probes._true_dealer(game, view, hidden_assignment=as_laid)
            dealt = deal(random.Random(1))
            assert dealt.decks == [game._deck[aton.RED], game._deck[aton.BLUE]]
            assert dealt.rng == game._rng
            if not blue_has_laid:
                assert dealt.hand == game._hand[aton.BLUE] and dealt.assigned is None
            elif as_laid == "assigned":
                assert dealt.assigned == game._assigned[aton.BLUE] and dealt.hand is None
            else:
                assert dealt.hand == sorted(game._assigned[aton.BLUE] or ())


def test_a_split_bot_searches_one_half_and_plays_greedy_in_the_other() -> None:
    probes = _probes()
    searched_assignment = searched_square = False
    for assignments in (True, False):
        bot = probes.SplitBot("easy", assignments)
        probe = aton.new_game(seed=2)
        while probe.result is None and not (searched_assignment and searched_square):
            player = probe.to_act[0]
            view = probe.view(player)
            chosen = bot.choose(view, random.Random(3))
            assert bot.decide(view, player, random.Random(3), None) == chosen
            searched = (view.phase is Phase.ASSIGN) == assignments
            expected = (MctsBot(PRESETS["easy"]) if searched else GreedyBot()).choose(view, random.Random(3))
            assert chosen == expected
            searched_assignment |= searched and assignments
            searched_square |= searched and not assignments
            probe.apply(chosen)
    assert searched_assignment and searched_square


def test_the_model_probe_replaces_the_named_coefficients_and_refuses_others() -> None:
    probes = _probes()
    model = Evaluation.load()
    kept = model.coefficients
    try:
        assert probes.set_coefficients(["kingdom=0", "score=0.5"]) == "kingdom=0,score=0.5"
        changed = dict(zip(FEATURE_NAMES, model.coefficients, strict=True))
        assert changed["kingdom"] == 0.0 and changed["score"] == 0.5
        assert [v for n, v in changed.items() if n not in ("kingdom", "score")] == [
            v for n, v in zip(FEATURE_NAMES, kept, strict=True) if n not in ("kingdom", "score")
        ]
        for wrong in ("kingdm=0", "kingdom=none"):
            with pytest.raises(SystemExit):
                probes.set_coefficients([wrong])
    finally:
        model.coefficients = kept
