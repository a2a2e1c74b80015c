"""Count what gives the tutorials' answers away before the learner has answered.

- positions: exercises whose position the page stepped through (or answered) before them;
- text twins: exercises whose answer is a fact of a board that the page shows above them with its text
  twin open (the kinds of squares, the counters of a temple, the Kingdom's count);
- wording: questions that state their answer, or every figure that decides it, in their own words
  (the exercises, and the questions the pages' "Predict first" step-throughs ask);
- first tries: first wrong tries whose text states the answer or every figure that decides it (every
  wrong answer of every exercise and of the predict questions of its round, in every language).

Usage: ``.venv/bin/python scripts/count_visible_answers.py [tutorials folder] [-v]`` (``-v`` lists them).
"""

from __future__ import annotations

import sys
from pathlib import Path

from aton.i18n import languages
from aton.teaching.diagnoses import first_try_leaks, predict_questions, wording_leak
from aton.teaching.pages import page_exercises, page_predictions


def main() -> None:
    arguments = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv[1:]
    root = Path(__file__).resolve().parent.parent / "tutorials"
    folders = [Path(arguments[0])] if arguments else [root, root / "fr"]
    paths = [path for folder in folders for path in sorted(folder.glob("*.ipynb"))]

    def show(line: str) -> None:
        if verbose:
            print("  " + line)

    total = visible = twins = 0
    for path in paths:
        for item in page_exercises(path):
            total += 1
            if item.answer_visible:
                visible += 1
                show(f"position: {path.name} exercise {item.number}: {item.exercise.kind} ({item.exercise.rule})")
            if item.twin_shows_answer:
                twins += 1
                show(f"text twin: {path.name} exercise {item.number}: {item.exercise.kind} ({item.exercise.rule})")
    print(f"{visible} of {total} exercises have a position the page played out before them")
    print(f"{twins} of {total} exercises have their answer in an open text twin above them")

    asked = worded = 0
    for path in paths:
        lang = "fr" if path.parent.name == "fr" else "en"
        items = [item.exercise for item in page_exercises(path)]
        items += [question for game in page_predictions(path) for question in predict_questions(game)]
        for question in items:
            asked += 1
            leak = wording_leak(question, lang)
            if leak is not None:
                worded += 1
                show(f"wording: {path.name} {question.kind}: {question.prompt(lang)!r} states {leak}")
    print(f"{worded} of {asked} questions of the pages (exercises and predictions) give their answer in their wording")

    leaks, tries = first_try_leaks()
    for attempt in leaks:
        show(f"first try: {attempt.name} ({attempt.lang}), answer {attempt.answer!r}: {attempt.leak}")
    print(f"{len(leaks)} of {tries} first-try texts give the answer away ({', '.join(languages())})")


if __name__ == "__main__":
    main()
