"""Take the screenshots of "predict, then see" in English and French (Voila + Playwright + Chromium).

    .venv/bin/python scripts/screenshots_predict.py [--out docs/img]

Writes ``predict-en.png`` and ``predict-fr.png``: the step-through in "predict first" mode on the
scoring practice round, after the questions before the scoring were answered right and a first wrong
try at temple 2's line (the diagnosis and the hint show; the line itself does not yet).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots import ROOT, shoot

SOURCE = """\
from aton.events import ScoreLine
from aton.teaching import lessons
from aton.widgets import BoardView, Stepper

scored = lessons.play_round(lessons.load_position("scoring-practice"), (3, 2, 1, 2), (4, 2, 1, 1))
stepper = Stepper(scored, lang="{lang}", at="first", predict=True, board=BoardView(show_twin=False, lang="{lang}"))
while True:
    stepper.forward()
    if stepper.flow.pending is None:
        continue
    event = stepper.steps[stepper.flow.pending.index].event
    question = stepper.question.exercise
    if isinstance(event, ScoreLine) and event.category == "temple2":
        stepper.answer((0, 5))  # a first wrong try: the diagnosis and a hint, not the line yet
        break
    stepper.answer(question.shown_answer())
stepper
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "img"), help="folder for the PNG files")
    options = parser.parse_args()
    shoot({f"predict-{lang}": SOURCE.replace("{lang}", lang) for lang in ("en", "fr")}, Path(options.out))


if __name__ == "__main__":
    main()
