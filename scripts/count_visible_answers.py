"""Count the tutorials' exercises whose position was stepped through (or answered) on the page before them.

Usage: ``.venv/bin/python scripts/count_visible_answers.py [tutorials folder]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from aton.teaching.pages import page_exercises


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "tutorials"
    total = visible = 0
    for path in sorted(folder.glob("*.ipynb")):
        for item in page_exercises(path):
            total += 1
            if item.answer_visible:
                visible += 1
                print(f"{path.name} exercise {item.number}: {item.exercise.kind} ({item.exercise.rule})")
    print(f"{visible} of {total} exercises have a position the page played out before them")


if __name__ == "__main__":
    main()
