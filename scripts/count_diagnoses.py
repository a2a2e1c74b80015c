"""Measure the feedback of the tutorials' exercises: the share of wrong options that get a sentence of
their own (a diagnosis saying what that answer would mean), the same for wrong sets of temples and wrong
squares, and which of the issue's typical mistakes do.

Usage: ``.venv/bin/python scripts/count_diagnoses.py``.
"""

from __future__ import annotations

from aton.teaching.diagnoses import (
    TYPICAL_MISTAKES,
    typical_mistakes_diagnosed,
    wrong_choices_diagnosed,
    wrong_options_diagnosed,
)


def main() -> None:
    diagnosed, total = wrong_options_diagnosed()
    print(f"wrong options with a diagnosis: {diagnosed} of {total} ({100 * diagnosed / total:.0f}%)")
    diagnosed, total = wrong_choices_diagnosed()
    print(f"wrong sets of temples and squares with a diagnosis: {diagnosed} of {total}")
    found = typical_mistakes_diagnosed()
    print(f"typical mistakes diagnosed: {sum(found.values())} of {len(TYPICAL_MISTAKES)}")
    for (name, answer), ok in found.items():
        if not ok:
            print(f"  not diagnosed: {name} answered {answer!r}")


if __name__ == "__main__":
    main()
