"""Replay throughput (hands/s) on the parsed corpus, against parse time.

Target: replay costs less than a quarter of parse time.

    python bench/replay.py                 # 100,000 generated 7 Card Stud hands
    python bench/replay.py --game mixed
    python bench/replay.py --source real --game all --hands 20000
    python bench/replay.py --profile
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import time

from corpus import corpus  # bench/corpus.py, beside this script

from parsers.model.events import Hand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--game", default="seven_stud", help="game id, 'mixed' or (real) 'all'")
    options.add_argument("--hands", type=int, default=100_000)
    options.add_argument("--source", choices=("generated", "real"), default="generated")
    options.add_argument("--profile", action="store_true")
    args = options.parse_args()

    data = corpus(args.game, args.hands, args.source)
    start = time.perf_counter()
    hands = [o for _c, o in parse_bytes("corpus.txt", data) if isinstance(o, Hand)]
    parse_seconds = time.perf_counter() - start

    gc.freeze()  # the parsed corpus stays alive; keep the collector from re-scanning it
    profile = cProfile.Profile() if args.profile else None
    if profile:
        profile.enable()
    start = time.perf_counter()
    errors = sum(1 for hand in hands if replay(hand, conventions_of(hand.site)).errors)
    replay_seconds = time.perf_counter() - start
    if profile:
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    print(
        f"{args.source} game={args.game} hands={len(hands)} with_errors={errors} "
        f"parse={parse_seconds:.2f} s ({len(hands) / parse_seconds:,.0f} hands/s) "
        f"replay={replay_seconds:.2f} s ({len(hands) / replay_seconds:,.0f} hands/s) "
        f"replay/parse={replay_seconds / parse_seconds:.2f}"
    )


if __name__ == "__main__":
    main()
