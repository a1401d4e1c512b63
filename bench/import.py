"""End-to-end import (read, parse, replay, load) of generated hands: time and peak memory.

Targets on this 2-core machine: >= 2,000 hands/s and <= 1 GB at 100,000 hands; time
linear in the hand count, memory flat. The CPU time printed is the whole process tree's.

    python bench/import.py                      # 10,000 and 100,000 hands
    python bench/import.py --sizes 10000 100000 1000000 --jobs 2
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from corpus import corpus_folder, proportional_kb, tree_rss_kb  # bench/corpus.py


def measure(hands: int, jobs: int) -> None:
    folder = corpus_folder(hands)
    with tempfile.TemporaryDirectory() as scratch:
        database = Path(scratch) / "bench.duckdb"
        command = [
            sys.executable, "-m", "pipeline.command", "import", str(folder),
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


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    options.add_argument("--jobs", type=int, default=2)
    args = options.parse_args()
    for hands in args.sizes:
        measure(hands, args.jobs)


if __name__ == "__main__":
    main()
