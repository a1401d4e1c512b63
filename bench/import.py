"""End-to-end import (read, parse, replay, load) of generated hands: time and peak memory.

Targets on this 2-core machine: >= 2,000 hands/s and <= 1 GB at 100,000 hands; time
linear in the hand count, memory flat. The CPU time printed is the whole process tree's.

    python bench/import.py                      # 10,000 and 100,000 hands
    python bench/import.py --sizes 10000 100000 1000000 --jobs 2

On a busy machine: the default import (a worker a core) against one process, while two
loops keep both cores busy, three interleaved runs of each, on the real histories:

    python bench/import.py --folder ../shared/histories/real --jobs 2 1 --busy 2 --repeat 3
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from corpus import corpus_folder, proportional_kb, tree_rss_kb  # bench/corpus.py

_IMPORTED = re.compile(r"([\d,]+) hands? imported")


def measure(folder: Path, jobs: int) -> None:
    """One `studdraw import` of `folder` into a new database, as a user runs it."""
    with tempfile.TemporaryDirectory() as scratch:
        database = Path(scratch) / "bench.duckdb"
        command = [
            sys.executable, "-m", "pipeline.cli.command", "import", str(folder),
            "--db", str(database), "--jobs", str(jobs),
        ]  # fmt: skip
        started = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        peak = main_peak = worker_peak = proportional_peak = 0
        while process.poll() is None:
            tree = tree_rss_kb(process.pid)
            peak = max(peak, sum(tree.values()))
            proportional_peak = max(proportional_peak, proportional_kb(tree))
            main_peak = max(main_peak, tree.get(process.pid, 0))
            worker_peak = max(
                [worker_peak, *(kb for pid, kb in tree.items() if pid != process.pid)]
            )
            time.sleep(0.2)
        seconds = time.perf_counter() - started
        cpu = _cpu_seconds(resource.getrusage(resource.RUSAGE_CHILDREN)) - _cpu_seconds(before)
        report = process.stderr.read() if process.stderr else ""
        if process.returncode:
            raise SystemExit(report)
        imported = _IMPORTED.search(report)
        hands = int(imported.group(1).replace(",", "")) if imported else 0
        print(
            f"{hands:>9,} hands, jobs={jobs}: {seconds:7.1f} s, {hands / seconds:6,.0f} hands/s, "
            f"CPU {cpu:.1f} s, "
            f"peak memory {peak / 1024:6.0f} MB (main {main_peak / 1024:.0f}, largest worker "
            f"{worker_peak / 1024:.0f}; shared libraries counted once: "
            f"{proportional_peak / 1024:.0f}), database {database.stat().st_size / 1e6:.0f} MB"
        )


def _cpu_seconds(usage: resource.struct_rusage) -> float:
    """User and system time of the processes waited for: the command, and its workers
    (which it waits for). This machine's wall clock drifts by a third from run to run;
    the CPU time a run takes drifts far less, and compares two builds better."""
    return usage.ru_utime + usage.ru_stime


@contextmanager
def busy_loops(count: int) -> Iterator[None]:
    """`count` processes spinning at the normal priority meanwhile: other programs using
    the processors, as on a player's computer (a client, a browser, a game)."""
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        time.sleep(0.5 if loops else 0)  # spinning before the first import starts
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    options.add_argument(
        "--folder", type=Path, help="import this folder instead of generated hands (--sizes)"
    )
    options.add_argument(
        "--jobs", type=int, nargs="+", default=[2], help="each value in turn: 2 1 compares"
    )
    options.add_argument(
        "--busy", type=int, default=0, help="busy loops running beside the imports"
    )
    options.add_argument("--repeat", type=int, default=1, help="interleaved runs of each")
    args = options.parse_args()
    folders = [args.folder] if args.folder else [corpus_folder(hands) for hands in args.sizes]
    if args.busy:
        print(f"beside {args.busy} busy loops")
    with busy_loops(args.busy):
        for folder in folders:
            for _ in range(args.repeat):
                for jobs in args.jobs:
                    measure(folder, jobs)


if __name__ == "__main__":
    main()
