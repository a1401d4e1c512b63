"""A million mutated hands of every site through parse and replay.

    python bench/fuzz.py                       # 1,000,000 mutations, every core
    python bench/fuzz.py --hands 20000 --seed 3

Every real hand under ../shared/histories/real/ (and each one PHH can say, exported as
PHH) is mutated at random, seeded: lines dropped, doubled, swapped or cut; digits,
cards, names and bytes changed; lines of other hands spliced in. Each mutation is split,
parsed and, if it still reads as a hand, replayed. The contract: nothing raises (a
parser's answer is a `HandParseError`), the engine never reports a fault of its own
(`engine_fault`: an exception it caught), and no hand takes over a second. Failures
are written to bench-output/fuzz/ to be replayed by hand.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
import traceback
from collections import Counter
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parsers.events import Hand
from parsers.history_file import history_files, parse_bytes
from parsers.sites import conventions_of
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from pipeline.writers.phh import Unexportable, phh_fields, phh_text

REAL = Path(__file__).resolve().parents[2] / "shared" / "histories" / "real"
OUT = Path(__file__).resolve().parents[1] / "bench-output" / "fuzz"
SLOW_SECONDS = 1.0
JUNK = ["", " ", "\x00", "ÿ", "€", "\t", "[", "]", "(", ")", ":", "$", "-", "999999999999", "0"]
CARDS = "23456789TJQKA"


@cache
def corpus() -> tuple[tuple[str, str], ...]:
    """(file name, hand text) of every real hand that reads, and its PHH export."""
    hands = []
    for path in history_files([REAL]):
        for chunk, outcome in parse_bytes(path.name, path.read_bytes()):
            if not isinstance(outcome, Hand):
                continue
            hands.append((path.name, "\n".join(chunk.lines)))
            result = replay(outcome, conventions_of(outcome.site))
            fields = phh_fields(outcome, result) if not result.errors else None
            if fields is not None and not isinstance(fields, Unexportable):
                hands.append((f"{path.stem}.phh", phh_text(fields)))
    return tuple(hands)


def mutate(text: str, rng: random.Random, others: tuple[tuple[str, str], ...]) -> str:
    """One to four random changes to a hand's text."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(lines)) if lines else 0
        kind = rng.randrange(9)
        if not lines:
            lines = [rng.choice(JUNK)]
        elif kind == 0:
            del lines[at]
        elif kind == 1:
            lines.insert(at, lines[at])
        elif kind == 2:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == 3:
            lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
        elif kind == 4:  # a digit changed
            digits = [i for i, c in enumerate(lines[at]) if c.isdigit()]
            if digits:
                i = rng.choice(digits)
                lines[at] = lines[at][:i] + rng.choice("0123456789") + lines[at][i + 1 :]
        elif kind == 5:  # a card rank changed (a card dealt twice, say)
            ranks = [i for i, c in enumerate(lines[at]) if c in CARDS]
            if ranks:
                i = rng.choice(ranks)
                lines[at] = lines[at][:i] + rng.choice(CARDS) + lines[at][i + 1 :]
        elif kind == 6:  # junk inserted in a line
            i = rng.randrange(len(lines[at]) + 1)
            lines[at] = lines[at][:i] + rng.choice(JUNK) + lines[at][i:]
        elif kind == 7:  # a line of another hand
            other_text = rng.choice(others)[1].split("\n")
            lines.insert(at, rng.choice(other_text))
        else:  # a name swapped for another word of the hand
            words = lines[at].split(" ")
            if len(words) > 1:
                words[rng.randrange(len(words))] = rng.choice(text.split())
                lines[at] = " ".join(words)
    return "\n".join(lines) + "\n\n"


def run_share(arguments: tuple[int, int, int]) -> tuple[Counter[str], float, list[str]]:
    """`count` mutations from `seed`: outcome counts, the slowest hand, failures."""
    worker, count, seed = arguments
    rng = random.Random(seed * 1_000 + worker)
    hands = corpus()
    counts: Counter[str] = Counter()
    slowest, failures = 0.0, []
    for number in range(count):
        name, text = rng.choice(hands)
        mutated = mutate(text, rng, hands)
        started = time.perf_counter()
        try:
            for _chunk, outcome in parse_bytes(name, mutated.encode("utf-8", "surrogatepass")):
                if isinstance(outcome, Hand):
                    result = replay(outcome, conventions_of(outcome.site))
                    if any(f.code is Code.ENGINE_FAULT for f in result.errors):
                        raise AssertionError(result.errors[0].message)
                    counts["rejected by the engine" if result.errors else "replayed"] += 1
                else:
                    counts[type(outcome).__name__] += 1
        except Exception:
            failures.append(_kept(worker, number, name, mutated, traceback.format_exc()))
            counts["FAILURE"] += 1
        seconds = time.perf_counter() - started
        slowest = max(slowest, seconds)
        if seconds > SLOW_SECONDS:
            failures.append(_kept(worker, number, name, mutated, f"{seconds:.2f} s"))
            counts["SLOW"] += 1
    return counts, slowest, failures


def _kept(worker: int, number: int, name: str, text: str, why: str) -> str:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{worker}-{number}-{Path(name).name}"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return f"{path}: {why.strip().splitlines()[-1]}"


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=1_000_000)
    options.add_argument("--seed", type=int, default=2026)
    options.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = options.parse_args()
    print(f"{len(corpus()):,} real hands and PHH exports to mutate", flush=True)
    shares = [
        (worker, args.hands // args.jobs + (worker < args.hands % args.jobs), args.seed)
        for worker in range(args.jobs)
    ]
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        results = pool.map(run_share, shares)
    seconds = time.perf_counter() - started
    counts: Counter[str] = Counter()
    for share_counts, _slowest, _failures in results:
        counts.update(share_counts)
    slowest = max(slowest for _c, slowest, _f in results)
    failures = [failure for _c, _s, share_failures in results for failure in share_failures]
    print(f"{args.hands:,} mutated hands in {seconds:.0f} s ({args.hands / seconds:,.0f}/s)")
    for outcome, count in counts.most_common():
        print(f"  {count:10,d}  {outcome}")
    print(f"slowest hand: {slowest * 1000:.0f} ms")
    for failure in failures[:20]:
        print("FAILED", failure)
    if failures:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
