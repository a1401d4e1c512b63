"""The replayer's equity street by street: what one hand costs, both views, every street.

Target (issue 52): a replayed hand's every street in under 0.5 s. This reads the hands of
a database (by default the bundled sample histories, imported into a temporary file),
builds each hand's replay as the page does, and times `street_equities` on it: the
median, the 95th percentile and the slowest hand, in CPU seconds of this process (what
the hand costs, whatever else the machine runs) and in wall seconds.

    python bench/street_equity.py                          # sample_histories/, imported
    python bench/street_equity.py --db real.duckdb --hands 500
    python bench/street_equity.py --game badugi
    STUDDRAW_PURE_PYTHON=1 python bench/street_equity.py   # the sources, not the build
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

# bench/dashboard.py, beside this script, would shadow the dashboard package
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent.resolve()]

import duckdb  # noqa: E402

from dashboard.queries.hands import every_hand_rows  # noqa: E402
from dashboard.replay_steps import HandRows, build_replay  # noqa: E402
from dashboard.street_equity import MAX_EXACT, MAX_SAMPLES, TARGET_ERROR, street_equities  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def hand_rows(database: Path, game: str | None, limit: int) -> list[HandRows]:
    """The database's hands (the first `limit`, in hand order), as the replayer reads them."""
    connection = duckdb.connect(str(database), read_only=True)
    try:
        return every_hand_rows(connection, game, limit)
    finally:
        connection.close()


def sample_database(folder: Path) -> Path:
    """sample_histories/ imported into a new file in `folder`."""
    from pipeline.importing.importer import import_histories
    from pipeline.storage.database import Database

    path = folder / "samples.duckdb"
    with Database(path) as database:
        import_histories([REPO / "sample_histories"], database)
    return path


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--db", type=Path, help="a studdraw database (default: the samples)")
    options.add_argument("--hands", type=int, default=1_000_000, help="at most this many")
    options.add_argument("--game", help="one game id (seven_stud_hilo, badugi...)")
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = args.db or sample_database(Path(folder))
        hands = hand_rows(database, args.game, args.hands)
    cpu: list[float] = []
    wall: list[float] = []
    slowest = (0.0, "")
    views: Counter[str] = Counter()
    for rows in hands:
        replay = build_replay(rows)
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        equities = street_equities(replay)
        spent = time.process_time() - start_cpu
        cpu.append(spent)
        wall.append(time.perf_counter() - start_wall)
        if spent > slowest[0]:
            slowest = (spent, f"{replay.game} {replay.site} #{replay.hand_number}")
        for equity in equities:
            for view in (equity.shown, equity.hero):
                if view.odds is None:
                    views["not counted"] += 1
                elif view.same_as_shown:
                    views["hero's view = shown"] += 1
                else:
                    views["exact" if view.odds.exact else "sampled"] += 1
    print(
        f"{len(cpu):,} hands ({args.game or 'every game'}); precision: exact up to "
        f"{MAX_EXACT:,} runouts, else to ±{TARGET_ERROR:.1%} or {MAX_SAMPLES:,} runouts"
    )
    print(f"views: {dict(views)}")
    for name, times in (("CPU", cpu), ("wall", wall)):
        print(
            f"{name}: median {statistics.median(times):.3f} s, "
            f"95th percentile {percentile(times, 0.95):.3f} s, slowest {max(times):.3f} s"
        )
    print(f"slowest hand (CPU): {slowest[1]}, {slowest[0]:.3f} s")
    print(f"hands over 0.5 s CPU: {sum(t > 0.5 for t in cpu)}")


if __name__ == "__main__":
    main()
