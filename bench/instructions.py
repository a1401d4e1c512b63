"""Instructions a hand, counted by callgrind: a cost that does not drift.

This machine's wall clock drifts by a third from one minute to the next, and even the
CPU time a process is given by ±15%: two timings of the same code differ more than most
optimizations do. `valgrind --tool=callgrind` counts the instructions a run executes,
the same on every run. Each figure is one warm pass: the reading is run once and twice in
two processes, and the difference is divided by the hands (so start-up, imports and the
first pass's grammar parses drop out). A second pass over the same hands finds every
line's text met before, which a worker reading an archive seldom does (a generated stud
hand: 1.07 M instructions so, 1.57 M as new hands, session 22's build): `--new-hands` reads other
hands first, then the measured ones. Instructions are not time (a cache miss costs
more than an add), but for this Python code they follow it closely.

    python bench/instructions.py                        # every site's real hands
    python bench/instructions.py --site merge --hands 1000
    python bench/instructions.py --stage import         # read, parse, replay, columns
    python bench/instructions.py --source generated     # generated 7 Card Stud
    python bench/instructions.py --source generated --new-hands  # as a worker meets them

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

from corpus import SITE_FOLDERS, corpus, generated  # bench/corpus.py

HERE = Path(__file__).resolve().parent
_COLLECTED = re.compile(r"Collected : (\d+)")


def read_files(paths: list[str], stage: str) -> None:
    """The child: read each file in turn (parse only, or a worker's whole job)."""
    if stage == "parse":
        from parsers.text.history_file import parse_bytes

        for path in paths:
            for _ in parse_bytes(path, Path(path).read_bytes()):
                pass
        return
    from pipeline.importing.importer import FileWork, read_work
    from pipeline.sources.history_sources import Source, sources

    with tempfile.TemporaryDirectory() as spool:
        for path in paths:
            (source,) = (s for s in sources([path]) if isinstance(s, Source))
            read_work(FileWork(source, None, 5_000, spool))


def instructions(paths: list[Path], stage: str) -> int:
    command = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
        sys.executable, str(HERE / "instructions.py"), "--stage", stage,
        "--child", *map(str, paths),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"callgrind said no count:\n{done.stderr[-2000:]}")
    return int(found[1])


def per_hand(data: bytes, stage: str, before: bytes | None = None) -> tuple[int, float]:
    """The hands in `data`, and the instructions of a pass over them, a hand: a second
    pass over the same hands (every line's text met before), or, given the hands read
    `before`, a first pass over new hands once those are read (every line's shape known,
    most of its texts new: what a worker meets in an archive)."""
    from parsers.model.events import Hand
    from parsers.text.history_file import parse_bytes

    hands = sum(isinstance(outcome, Hand) for _, outcome in parse_bytes("corpus", data))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.txt"
        path.write_bytes(data)
        first = path
        if before is not None:
            first = Path(folder) / "before.txt"
            first.write_bytes(before)
        once, twice = instructions([first], stage), instructions([first, path], stage)
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
    options.add_argument(
        "--new-hands",
        action="store_true",
        help="generated: hands not read before (after as many others), instead of a "
        "second pass over the same",
    )
    options.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = options.parse_args()
    if args.child:
        read_files(args.child, args.stage)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is missing: apt install valgrind")
    if args.source == "generated":
        before = generated("seven_stud", args.hands, seed=2) if args.new_hands else None
        hands, cost = per_hand(corpus("seven_stud", args.hands), args.stage, before)
        passed = "new hands" if args.new_hands else "a second pass"
        print(
            f"generated seven_stud: {hands} hands, {cost / 1e6:.2f} M instructions a hand "
            f"({passed})"
        )
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
