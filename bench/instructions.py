"""Instructions a hand, counted by callgrind: a cost that does not drift.

This machine's wall clock drifts by a third from one minute to the next, and even the
CPU time a process is given by ±15%: two timings of the same code differ more than most
optimizations do. `valgrind --tool=callgrind` counts the instructions a run executes,
the same on every run. Each figure is one warm pass: the reading is run once and twice in
two processes, and the difference is divided by the hands (so start-up, imports and the
first pass's grammar parses drop out). Instructions are not time (a cache miss costs
more than an add), but for this Python code they follow it closely.

    python bench/instructions.py                        # every site's real hands
    python bench/instructions.py --site merge --hands 1000
    python bench/instructions.py --stage import         # read, parse, replay, columns
    python bench/instructions.py --source generated     # generated 7 Card Stud

Needs valgrind (Debian's `valgrind` package). A minute or two a site.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from corpus import SITE_FOLDERS, corpus  # bench/corpus.py

HERE = Path(__file__).resolve().parent
_COLLECTED = re.compile(r"Collected : (\d+)")


def run_passes(path: str, passes: int, stage: str) -> None:
    """The child: read the file `passes` times (parse only, or a worker's whole job)."""
    if stage == "parse":
        from parsers.history_file import parse_bytes

        data = Path(path).read_bytes()
        for _ in range(passes):
            for _ in parse_bytes(path, data):
                pass
        return
    from pipeline.history_sources import Source, sources
    from pipeline.importer import FileWork, read_work

    (source,) = (s for s in sources([path]) if isinstance(s, Source))
    with tempfile.TemporaryDirectory() as spool:
        for _ in range(passes):
            read_work(FileWork(source, None, 5_000, spool))


def instructions(path: Path, passes: int, stage: str) -> int:
    command = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
        sys.executable, str(HERE / "instructions.py"), "--child", str(path), str(passes), stage,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"callgrind said no count:\n{done.stderr[-2000:]}")
    return int(found[1])


def per_hand(data: bytes, stage: str) -> tuple[int, float]:
    """The hands in `data`, and the instructions of one warm pass over them, a hand."""
    from parsers.events import Hand
    from parsers.history_file import parse_bytes

    hands = sum(isinstance(outcome, Hand) for _, outcome in parse_bytes("corpus", data))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.txt"
        path.write_bytes(data)
        once, twice = (instructions(path, passes, stage) for passes in (1, 2))
    return hands, (twice - once) / hands


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--site", nargs="+", default=list(SITE_FOLDERS))
    options.add_argument(
        "--hands",
        type=int,
        default=300,
        help="at least, per site: a site's few real hands repeated, so that what a file "
        "costs once (decoding, finding the site) weighs on a hand as little as it does in "
        "a real archive",
    )
    options.add_argument("--stage", choices=("parse", "import"), default="parse")
    options.add_argument("--source", choices=("real", "generated"), default="real")
    options.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = options.parse_args()
    if args.child:
        path, passes, stage = args.child
        run_passes(path, int(passes), stage)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is missing: apt install valgrind")
    if args.source == "generated":
        hands, cost = per_hand(corpus("seven_stud", args.hands), args.stage)
        print(f"generated seven_stud: {hands} hands, {cost / 1e6:.2f} M instructions a hand")
        return
    sites = ["pokerstars", *(s for s in args.site if s != "pokerstars")]
    costs = {}
    for site in sites:
        hands, costs[site] = per_hand(corpus("all", args.hands, "real", site=site), args.stage)
        speed = costs["pokerstars"] / costs[site]  # as `bench/parse.py` ratios read
        print(
            f"{site:>12}: {hands:5} hands, {costs[site] / 1e6:5.2f} M instructions a hand, "
            f"{speed:.2f}x PokerStars' speed",
            flush=True,
        )


if __name__ == "__main__":
    main()
