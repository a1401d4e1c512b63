"""What all-in adjusted results cost an import: the worker's CPU per hand with and without.

A worker reads, parses, replays and turns each hand into rows; since all-in adjusted
results, it also works out the equities of every hand decided all in with cards to come.
This runs a worker's whole job (`importer.read_work`) over the benchmark's mixed-game
corpus (bench/import.py's) twice, the second time with the adjustment switched off, and
prints the CPU time of each, the spots found and what one costs.

    python bench/all_in.py                  # the 10,000-hand corpus
    python bench/all_in.py --hands 100000
"""

from __future__ import annotations

import argparse
import importlib
import tempfile
import time
from collections import Counter
from pathlib import Path

from parsers.model.events import Hand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.all_in import AllInAdjustment, all_in_adjustment
from pipeline.engine.replay import replay
from pipeline.importing import importer
from pipeline.sources.history_sources import Source, sources

bench_import = importlib.import_module("import")  # bench/import.py: its corpus


def worker_seconds(paths: list[Path], adjust: bool) -> float:
    """CPU seconds of a worker's job on every file, the adjustment on or off."""
    importer.all_in_adjustment = all_in_adjustment if adjust else (lambda _result: None)  # type: ignore[assignment]
    found = [s for s in sources(paths) if isinstance(s, Source)]
    with tempfile.TemporaryDirectory() as spool:
        start = time.process_time()
        for source in found:
            importer.read_work(importer.FileWork(source, None, 5_000, spool))
        return time.process_time() - start


def spots(paths: list[Path]) -> tuple[Counter[str], float]:
    """The adjustments' kinds, and the CPU seconds working them out took."""
    kinds: Counter[str] = Counter()
    spent = 0.0
    for path in paths:
        for _chunk, hand in parse_bytes(str(path), path.read_bytes()):
            if not isinstance(hand, Hand):
                continue
            result = replay(hand, conventions_of(hand.site))
            start = time.process_time()
            adjustment = all_in_adjustment(result)
            spent += time.process_time() - start
            if isinstance(adjustment, AllInAdjustment):
                kinds["exact" if adjustment.exact else "sampled"] += 1
            elif adjustment is not None:
                kinds["kept"] += 1
    return kinds, spent


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=10_000)
    args = options.parse_args()
    paths = sorted(bench_import.corpus_folder(args.hands).glob("*.txt"))
    kinds, spent = spots(paths)
    adjusted = kinds["exact"] + kinds["sampled"]
    print(f"{args.hands:,} hands: {dict(kinds)}; {spent:.2f} s CPU for the adjustments,")
    print(f"  {1000 * spent / max(adjusted, 1):.1f} ms an adjusted hand")
    without = worker_seconds(paths, adjust=False)
    with_ = worker_seconds(paths, adjust=True)
    print(
        f"worker CPU: {without:.2f} s without, {with_:.2f} s with "
        f"({100 * (with_ - without) / without:+.1f}%)"
    )


if __name__ == "__main__":
    main()
