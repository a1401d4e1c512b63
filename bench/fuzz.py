"""A million mutated hands of every site through parse and replay.

    python bench/fuzz.py                       # 1,000,000 mutations, every core
    python bench/fuzz.py --hands 20000 --seed 3

Every real hand under ../shared/histories/real/ (and each one PHH can say, exported as
PHH), and the tournament summaries of tests/storage/test_tournaments.py (no real one is shared),
is mutated at random, seeded: lines dropped, doubled, swapped or cut; digits, cards,
names and bytes changed; lines of other hands spliced in; and what an attacker writes
(issue 49): numbers of 5,000 digits or 1e999999, infinities and NaN, a line repeated
2,000 times (a table of 2,000 players), brackets nested 100,000 deep, markup and
escapes in names. Each mutation is split, parsed and, if it still reads as a hand,
replayed and turned into the rows an import stores (all-in adjustment aside: its exact
counts would make the run days long). The contract: nothing raises (a parser's answer is
a `HandParseError`) but what an import refuses a whole file for by design, the engine
never reports a fault of its own (`engine_fault`: an exception it caught), a row the
database cannot hold is found before it is stored, and no hand takes over a second of CPU
time, a millisecond a line and 5 µs a byte. Failures are written to bench-output/fuzz/ to
be replayed by hand.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parsers.formats.tournament_summaries import TournamentSummary, read_summary
from parsers.model.events import Hand
from parsers.sites import conventions_of
from parsers.text.history_file import history_files, parse_bytes
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from pipeline.storage.rows import Batch, add_hand, add_summary
from pipeline.writers.phh import Unexportable, phh_fields, phh_text
from tests.storage.test_tournaments import FULLTILT_SUMMARY, STARS_SUMMARY, STARS_SUMMARY_PLAY

REAL = Path(__file__).resolve().parents[2] / "shared" / "histories" / "real"
OUT = Path(__file__).resolve().parents[1] / "bench-output" / "fuzz"
SLOW_SECONDS = 1.0
SLOW_SECONDS_A_LINE = 0.001  # a line repeated 2,000 times is 2,000 lines to read
SLOW_SECONDS_A_BYTE = 0.000005  # and 200,000 nested brackets 200 KB (Lark: 1 s a line)
JUNK = ["", " ", "\x00", "ÿ", "€", "\t", "[", "]", "(", ")", ":", "$", "-", "999999999999", "0"]
CARDS = "23456789TJQKA"
HUGE_NUMBERS = ["9" * 5_000, "1e999999", "99999999999999999999999", "-0", "1" + "0" * 30]
NOT_NUMBERS = ["inf", "-inf", "Infinity", "infinity", "nan", "NaN", "1e309"]
MARKUP = [
    "[/]",
    "[link=file:///etc/passwd]me[/link]",
    "\x1b[31mred\x1b[0m",
    "\x1b]0;title\x07",
    "![x](http://evil.example/x.png)",
    ":red[me]",
    "<script>alert(1)</script>",
    "$x^2$",
    "**bold**",
]
HEAVY_SHARE = 0.01
"""The share of changes that repeat a line 2,000 times or nest 100,000 deep: a hundred
times the work of another, so rarer, or they would be the whole run."""
SUMMARIES = (
    ("TS20101107 T330855877.txt", STARS_SUMMARY),
    ("TS20130605 T743144019.txt", STARS_SUMMARY_PLAY),
    ("FT summary 243560420.txt", FULLTILT_SUMMARY),
)


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
    return (*hands, *SUMMARIES)


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def mutate(text: str, rng: random.Random, others: tuple[tuple[str, str], ...]) -> str:
    """One to four random changes to a hand's text."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(lines)) if lines else 0
        kind = rng.randrange(12) if rng.random() > HEAVY_SHARE else rng.choice((12, 13))
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
        elif kind == 8:  # a name swapped for another word of the hand
            words = lines[at].split(" ")
            if len(words) > 1:
                words[rng.randrange(len(words))] = rng.choice(text.split())
                lines[at] = " ".join(words)
        elif kind in (9, 10):  # a number made huge, or not a number
            numbers = list(_NUMBER.finditer(lines[at]))
            if numbers:
                found = rng.choice(numbers)
                new = rng.choice(HUGE_NUMBERS if kind == 9 else NOT_NUMBERS)
                lines[at] = lines[at][: found.start()] + new + lines[at][found.end() :]
        elif kind == 11:  # markup or escapes in place of a word (a player's name)
            words = lines[at].split(" ")
            words[rng.randrange(len(words))] = rng.choice(MARKUP)
            lines[at] = " ".join(words)
        elif kind == 12:  # a line repeated: 2,000 seats, 2,000 raises
            lines[at:at] = [lines[at]] * 2_000
        else:  # nesting 100,000 deep (a PHH list, a bracket in a text line)
            depth = 100_000
            i = rng.randrange(len(lines[at]) + 1)
            lines[at] = lines[at][:i] + "[" * depth + "]" * depth + lines[at][i:]
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
        started = time.process_time()
        try:
            for outcome in _outcomes(name, mutated.encode("utf-8", "surrogatepass")):
                counts[outcome] += 1
        except (RecursionError, ValueError) as error:
            if not _refused_whole(error):
                failures.append(_kept(worker, number, name, mutated, traceback.format_exc()))
            counts["file refused" if _refused_whole(error) else "FAILURE"] += 1
        except Exception:
            failures.append(_kept(worker, number, name, mutated, traceback.format_exc()))
            counts["FAILURE"] += 1
        seconds = time.process_time() - started
        slowest = max(slowest, seconds)
        allowed = SLOW_SECONDS + mutated.count("\n") * SLOW_SECONDS_A_LINE
        if seconds > allowed + len(mutated) * SLOW_SECONDS_A_BYTE:
            failures.append(_kept(worker, number, name, mutated, f"{seconds:.2f} s"))
            counts["SLOW"] += 1
    return counts, slowest, failures


def _outcomes(name: str, data: bytes) -> Iterator[str]:
    """What an import makes of a file's mutated text, outcome by outcome."""
    batch = Batch()
    if name in dict(SUMMARIES):
        summary = read_summary(name, data)
        if isinstance(summary, TournamentSummary):
            add_summary(batch, summary)
            yield _stored(batch, "summary read")
        else:
            yield "summary refused"
        return
    for chunk, outcome in parse_bytes(name, data):
        if not isinstance(outcome, Hand):
            yield type(outcome).__name__
            continue
        result = replay(outcome, conventions_of(outcome.site))
        if any(f.code is Code.ENGINE_FAULT for f in result.errors):
            raise AssertionError(result.errors[0].message)
        if result.errors:
            yield "rejected by the engine"
            continue
        add_hand(batch, chunk, outcome, result, None)
        yield _stored(batch, "replayed")


def _refused_whole(error: Exception) -> bool:
    """A crafted file the import refuses whole, by design (`history_sources.reader_failure`):
    TOML nested past Python's recursion limit, an integer past its 4,300 digits."""
    return isinstance(error, RecursionError) or "Exceeds the limit" in str(error)


def _stored(batch: Batch, outcome: str) -> str:
    """The outcome, or "unstorable" when a row holds what the database cannot; the rows
    are dropped either way (the fuzz stores nothing)."""
    unstorable = batch.unstorable_since(Batch().sizes())
    batch.drop_since(Batch().sizes())
    return outcome if unstorable is None else "unstorable"


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
