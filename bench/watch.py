"""How soon `studdraw watch` stores a hand a client writes: seconds from a hand appended to
a watched file to its row in the database (target: under 2 s on an idle machine).

Measured here, not asserted in tests/cli/test_watch.py: a busy machine is slower, not wrong.

    python bench/watch.py              # 10 hands of the sample razz tournament, one by one
    python bench/watch.py --hands 30
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

REPO = Path(__file__).resolve().parents[1]
RAZZ = next((REPO / "sample_histories").rglob("*T3958246017 Razz Limit.txt"))


def stored(database: Path) -> int:
    """Hands stored, read as any reader would (waiting out the watch's batch)."""
    while True:
        try:
            with duckdb.connect(str(database), read_only=True) as connection:
                return connection.execute("SELECT count(*) FROM hands").fetchone()[0]
        except duckdb.CatalogException:  # the schema is not there yet
            return -1
        except duckdb.IOException:  # locked by the watch's batch
            time.sleep(0.01)


def wait_for(database: Path, count: int) -> float:
    started = time.perf_counter()
    while stored(database) != count:
        time.sleep(0.02)
    return time.perf_counter() - started


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=10)
    args = options.parse_args()
    text = RAZZ.read_text(encoding="utf-8-sig")
    hands = [hand.strip("\n") + "\n\n\n" for hand in text.split("\n\n\n") if hand.strip()]
    with tempfile.TemporaryDirectory() as scratch:
        folder, database = Path(scratch) / "HandHistory", Path(scratch) / "watch.duckdb"
        folder.mkdir()
        command = [sys.executable, "-m", "pipeline.cli.command", "watch", str(folder)]
        watch = subprocess.Popen(
            [*command, "--db", str(database)],
            cwd=REPO,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            wait_for(database, 0)
            time.sleep(1)  # and the folder watched
            table = folder / RAZZ.name
            waits = []
            for written, hand in enumerate(hands[: args.hands], start=1):
                with table.open("a", encoding="utf-8") as file:
                    file.write(hand)
                waits.append(wait_for(database, written))
        finally:
            os.killpg(watch.pid, signal.SIGINT)
            watch.wait()
    print(f"{len(waits)} hands written one by one; seconds from the write to the row:")
    print(f"  median {statistics.median(waits):.2f}, max {max(waits):.2f}")


if __name__ == "__main__":
    main()
