"""Benchmark of the showdown evaluators: evaluations per second on seeded random hands.

Run from the repository root: `python bench/evaluators.py [--hands N]`. The replay engine
evaluates every showdown of millions of hands, so this is the number to watch when an
evaluator changes. Each evaluator is timed twice on the same hands: the "cold" pass starts
with empty memo tables (what a short run pays), the "warm" pass reuses them (what a long
replay converges to). The loop overhead of calling from Python is
included on purpose: that is how the engine calls them. Takes under 10 s on one core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

try:
    from pipeline.engine import evaluators as ev
except ImportError:  # run as a script from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from pipeline.engine import evaluators as ev

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def deal(rng: random.Random, count: int, size: int) -> list[tuple[str, ...]]:
    return [tuple(rng.sample(DECK, size)) for _ in range(count)]


def clear_memo_tables() -> None:
    """Empty the evaluators' lazily filled tables so that each cold pass starts cold."""
    for name, table in vars(ev).items():
        if name.startswith("_") and "_BY_" in name and isinstance(table, dict):
            table.clear()


def rate(evaluate: Callable[[Sequence[str]], object], hands: list[tuple[str, ...]]) -> float:
    start = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    return len(hands) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per evaluator")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n = args.hands
    cases: list[tuple[str, Callable[[Sequence[str]], object], int, int]] = [
        ("high_value, 7 cards (stud)", ev.high_value, 7, n),
        ("high_value, 5 cards (draw)", ev.high_value, 5, n),
        ("ace_to_five_low_value, 7 cards (razz)", ev.ace_to_five_low_value, 7, n),
        ("ace_to_five_low_value, 5 cards (A-5 draw)", ev.ace_to_five_low_value, 5, n),
        ("eight_or_better_low_value, 7 cards", ev.eight_or_better_low_value, 7, n),
        ("deuce_to_seven_low_value, 5 cards", ev.deuce_to_seven_low_value, 5, n),
        ("deuce_to_seven_low_value, 7 cards", ev.deuce_to_seven_low_value, 7, n // 20),
        ("badugi_value, 4 cards", ev.badugi_value, 4, n),
    ]
    print(f"{'evaluator':44} {'hands':>8} {'cold eval/s':>12} {'warm eval/s':>12}")
    total = time.perf_counter()
    for name, evaluate, size, count in cases:
        hands = deal(rng, count, size)
        clear_memo_tables()
        cold = rate(evaluate, hands)
        warm = rate(evaluate, hands)
        print(f"{name:44} {count:>8,} {cold:>12,.0f} {warm:>12,.0f}")
    print(f"total {time.perf_counter() - total:.1f} s (Python {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
