"""Write the recorded game that the review tutorial and ``aton bench-review`` use (run it by hand).

    .venv/bin/python scripts/make_review_game.py

Red is the ``greedy`` bot (one-step rules of thumb, much like a learner),
Blue the ``easy`` search bot; game seed 5, each bot's generator seeded from
the game seed and its colour.  The game is close (Blue wins 48 to 44 after
110 decisions), so the review has something to find.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import aton
from aton.bots import make_bot

TARGET = Path(__file__).resolve().parent.parent / "aton" / "recorded" / "close-game.json"
SEED = 5
BOTS = {aton.RED: "greedy", aton.BLUE: "easy"}


def main() -> None:
    """Play the game and write its record with a title and a description in English and French."""
    game = aton.new_game(SEED)
    bots = {player: make_bot(name) for player, name in BOTS.items()}
    generators = {player: random.Random(f"{SEED}/{player.label}") for player in aton.PLAYERS}
    while game.result is None:
        player = game.to_act[0]
        game.apply(bots[player].choose(game.view(player), generators[player]))
    result = game.result
    record = {
        "title": {"en": "A close game", "fr": "Une partie serrée"},
        "description": {
            "en": f"Red plays by rules of thumb (the greedy bot), Blue is the easy search bot. Blue wins "
            f"{result.scores[1]} to {result.scores[0]} after {len(game.actions)} decisions.",
            "fr": f"Rouge joue selon des règles simples (le robot glouton), Bleu est le robot de recherche facile. "
            f"Bleu gagne {result.scores[1]} à {result.scores[0]} après {len(game.actions)} décisions.",
        },
        **game.record(),
    }
    TARGET.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {TARGET}: {len(game.actions)} decisions, {result}")


if __name__ == "__main__":
    main()
