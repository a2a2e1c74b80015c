"""Measure "Another one like this": for every exercise of the tutorials, the answers of its variants over
seeds 0-19 (the most common one's share), whether each variant keeps the rule and its case (a tie stays a
tie, a war a war), and the time one variant takes here.

Usage: ``.venv/bin/python scripts/count_variants.py [--seeds N]``; prints a Markdown table.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Hashable

from aton.teaching import curriculum
from aton.teaching.variants import NO_VARIANTS, another_like, answer_key, has_variants, same_case


def _shown(key: Hashable) -> str:
    if isinstance(key, frozenset):
        return "{" + ",".join(str(t) for t in sorted(key)) + "}"
    return "nobody/goes on" if key is None else str(getattr(key, "value", key))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=20)
    seeds = parser.parse_args().seeds
    print("| exercise | rule | answers over seeds | most common | rule and case kept | ms per variant |")
    print("|---|---|---|---|---|---|")
    for name in curriculum.EXERCISES:
        original = curriculum.exercise(name)
        if not has_variants(original):
            reason = NO_VARIANTS.get(type(original), "?")
            print(f"| {name} | {original.rule} | none: {reason} | | | |")
            continue
        answers: Counter[Hashable] = Counter()
        kept = 0
        start = time.perf_counter()
        for seed in range(seeds):
            variant = another_like(original, seed=seed)
            if variant is None:
                answers["(none found)"] += 1
                continue
            answers[answer_key(variant)] += 1
            kept += same_case(variant, original)
        took = 1000 * (time.perf_counter() - start) / seeds
        spread = ", ".join(f"{_shown(key)}: {count}" for key, count in answers.most_common())
        top = answers.most_common(1)[0][1]
        print(
            f"| {name} | {original.rule} | {spread} | {100 * top / seeds:.0f}% | {kept}/{seeds} | {took:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
