"""The cluster import against the database import, on the same generated files.

`studdraw import DIR --to parquet OUT --jobs J` (a local Dask cluster of J workers) and
`studdraw import DIR --db FILE --jobs J`: wall time, hands/s and the peak memory of the
whole process tree of each; then, from the time each task recorded (`PieceRecord.seconds`),
an estimate of the cluster import on N machines of J cores; then one stat query on each.

    python bench/cluster.py                          # 100,000 mixed-game hands
    python bench/cluster.py --hands 1000000 --jobs 2   # 100,000 simulated, renumbered
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from corpus import large_corpus_folder, tree_rss_kb  # bench/corpus.py

from pipeline.dataset.layout import records

MACHINES = (1, 2, 4, 8, 16, 32, 64)
STATS = ["stats", "--player", "studdraw_hero", "--all-games", "--csv"]


def run(arguments: list[str]) -> tuple[float, float]:
    """Wall seconds and peak memory (MB) of the process tree of one studdraw command."""
    command = [sys.executable, "-c", "from pipeline.cli.app import app; app()", *arguments]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    while process.poll() is None:
        peak = max(peak, sum(tree_rss_kb(process.pid).values()))
        time.sleep(0.2)
    seconds = time.perf_counter() - started
    if process.returncode:
        raise SystemExit(process.stderr.read().decode() if process.stderr else "failed")
    return seconds, peak / 1024


def size_mb(path: Path) -> float:
    files = [path] if path.is_file() else list(path.rglob("*"))
    return sum(file.stat().st_size for file in files if file.is_file()) / 1e6


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=100_000)
    options.add_argument("--jobs", type=int, default=2)
    args = options.parse_args()
    folder, jobs = large_corpus_folder(args.hands), str(args.jobs)
    with tempfile.TemporaryDirectory() as scratch:
        database, dataset = Path(scratch) / "bench.duckdb", Path(scratch) / "dataset"
        plain = run(["import", str(folder), "--db", str(database), "--jobs", jobs])
        cluster = run(["import", str(folder), "--to", "parquet", str(dataset), "--jobs", jobs])
        for name, (seconds, peak), output in (
            ("studdraw import --db", plain, database),
            ("studdraw import --to parquet", cluster, dataset),
        ):
            print(
                f"{name:<30} {args.hands:>9,} hands, jobs={jobs}: {seconds:7.1f} s, "
                f"{args.hands / seconds:6,.0f} hands/s, peak memory {peak:6.0f} MB, "
                f"output {size_mb(output):5.0f} MB"
            )
        estimate(records(dataset), cluster[0], args.jobs)
        stats_time("the database", ["--db", str(database)])
        stats_time("the dataset", ["--parquet", str(dataset)])
        seconds, peak = run(["compact", str(dataset)])
        print(f"studdraw compact: {seconds:.1f} s, peak memory {peak:.0f} MB")
        stats_time("the dataset, compacted", ["--parquet", str(dataset)])


def stats_time(name: str, where: list[str]) -> None:
    seconds, _peak = run([*STATS, *where])
    print(f"studdraw stats (the hero, every game) on {name}: {seconds:5.2f} s")


def estimate(found: list, wall: float, jobs: int) -> None:  # PieceRecord
    """The run's time on N machines of `jobs` cores: what is not the tasks' own work
    (start-up, listing, scheduling: the wall time less the tasks' time spread over this
    machine's cores), plus the tasks spread over N times as many cores, but never less
    than the longest task."""
    task_seconds = [record.seconds for record in found]
    hands = sum(record.hands for record in found)
    busy = sum(task_seconds)
    fixed = max(wall - busy / jobs, 0.0)
    print(
        f"{len(found)} tasks, {busy:.1f} s of work ({busy / hands * 1e3:.2f} ms a hand, "
        f"longest task {max(task_seconds):.1f} s); not the tasks' own work: {fixed:.1f} s"
    )
    for machines in MACHINES:
        seconds = fixed + max(max(task_seconds), busy / (jobs * machines))
        print(
            f"  estimate on {machines:3d} machines of {jobs} cores: {seconds:7.1f} s, "
            f"{hands / seconds:9,.0f} hands/s"
        )


if __name__ == "__main__":
    main()
