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
    print("| exercise | rule | answers over seeds | most common | rule and case kept | ms per variant (mean, most) |")
    print("|---|---|---|---|---|---|")
    for name in curriculum.EXERCISES:
        original = curriculum.exercise(name)
        if not has_variants(original):
            reason = NO_VARIANTS.get(type(original), "?")
            print(f"| {name} | {original.rule} | none: {reason} | | | |")
            continue
        answers: Counter[Hashable] = Counter()
        kept = 0
        times = []
        for seed in range(seeds):
            start = time.perf_counter()
            variant = another_like(original, seed=seed)
            times.append(1000 * (time.perf_counter() - start))
            if variant is None:
                answers["(none found)"] += 1
                continue
            answers[answer_key(variant)] += 1
            kept += same_case(variant, original)
        if original.answer_type == "square":  # a set of good squares: say how many different sets came
            spread = f"{len(answers)} different sets of squares"
        else:
            spread = ", ".join(f"{_shown(key)}: {count}" for key, count in answers.most_common())
        share = f"{100 * answers.most_common(1)[0][1] / seeds:.0f}%"
        took = f"{sum(times) / seeds:.0f}, {max(times):.0f}"
        print(f"| {name} | {original.rule} | {spread} | {share} | {kept}/{seeds} | {took} |", flush=True)


if __name__ == "__main__":
    main()
