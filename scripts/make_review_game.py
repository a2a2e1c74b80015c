"""Write the recorded games that the game review uses (run it by hand).

    .venv/bin/python scripts/make_review_game.py            # every game below
    .venv/bin/python scripts/make_review_game.py medium     # only the medium-vs-greedy games

``aton/recorded/close-game.json``, for the review tutorial and ``aton bench-review``:
Red is the ``greedy`` bot (one-step rules of thumb, much like a learner),
Blue the ``easy`` search bot; game seed 5, each bot's generator seeded from
the game seed and its colour.  The game is close (Blue wins 48 to 44 after
110 decisions), so the review has something to find.

``tests/data/review/hard-vs-hard.json``, for the review tests: the first
:data:`STRONG_DECISIONS` decisions of a game of the strongest bot (``hard``)
against itself, which the tests compare with random play.

``tests/data/review/medium-vs-greedy-<seed>.json``, for ``scripts/review_truth.py`` (how truthful the
review is): whole games of the ``medium`` search bot against ``greedy``, medium Red in the first and
Blue in the others (seeds :data:`MEDIUM_SEEDS`).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import aton
from aton.bots import make_bot

TARGET = Path(__file__).resolve().parent.parent / "aton" / "recorded" / "close-game.json"
SEED = 5
BOTS = {aton.RED: "greedy", aton.BLUE: "easy"}
STRONG = Path(__file__).resolve().parent.parent / "tests" / "data" / "review" / "hard-vs-hard.json"
STRONG_SEED = 3
STRONG_DECISIONS = 40
MEDIUM_SEEDS = (21, 22, 23)


def play(seed: int, bots: dict[aton.Player, str], decisions: int | None = None) -> aton.Game:
    """A seeded game between two bots (each bot's generator seeded from the game seed and its colour)."""
    game = aton.new_game(seed)
    players = {player: make_bot(name) for player, name in bots.items()}
    generators = {player: random.Random(f"{seed}/{player.label}") for player in aton.PLAYERS}
    while game.result is None and (decisions is None or len(game.actions) < decisions):
        player = game.to_act[0]
        game.apply(players[player].choose(game.view(player), generators[player]))
    return game


def main() -> None:
    """Play the games and write their records (the close game with a title and a description in English and French)."""
    if sys.argv[1:] != ["medium"]:
        write_close_and_strong()
    for index, seed in enumerate(MEDIUM_SEEDS):
        bots = {aton.RED: "medium", aton.BLUE: "greedy"} if index == 0 else {aton.RED: "greedy", aton.BLUE: "medium"}
        medium = play(seed, bots)
        target = STRONG.parent / f"medium-vs-greedy-{seed}.json"
        target.write_text(json.dumps(medium.record(), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {target}: {len(medium.actions)} decisions, {medium.result}")


def write_close_and_strong() -> None:
    """The close game (the bots have changed since it was written: it is kept, not written again by default)."""
    game = play(SEED, BOTS)
    result = game.result
    assert result is not None
    stored = {
        "title": {"en": "A close game", "fr": "Une partie serrée"},
        "description": {
            "en": f"Red plays by rules of thumb (the greedy bot), Blue is the easy search bot. Blue wins "
            f"{result.scores[1]} to {result.scores[0]} after {len(game.actions)} decisions.",
            "fr": f"Rouge joue selon des règles simples (le robot glouton), Bleu est le robot de recherche facile. "
            f"Bleu gagne {result.scores[1]} à {result.scores[0]} après {len(game.actions)} décisions.",
        },
        "record": game.record(),
    }
    TARGET.write_text(json.dumps(stored, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {TARGET}: {len(game.actions)} decisions, {result}")
    strong = play(STRONG_SEED, {aton.RED: "hard", aton.BLUE: "hard"}, STRONG_DECISIONS)
    STRONG.parent.mkdir(exist_ok=True)
    STRONG.write_text(json.dumps(strong.record(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {STRONG}: {len(strong.actions)} decisions")


if __name__ == "__main__":
    main()
