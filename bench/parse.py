"""Single-process parse throughput (hands/s, MB/s).

python bench/parse.py                        # 100,000 generated 7 Card Stud hands
python bench/parse.py --game mixed           # every PokerStars game in rotation
python bench/parse.py --source real --hands 20000 [--rename] [--game all]
python bench/parse.py --source real --hands 20000 --game all --site fulltilt  # any read site
python bench/parse.py --source real --site absolute --game all --hands 20000 --versus-pokerstars
                                             # the same hands, as PokerStars prints them
python bench/parse.py --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from corpus import SITE_FOLDERS, corpus, same_hands_as_pokerstars  # bench/corpus.py

from parsers.model.events import Hand
from parsers.text.history_file import parse_bytes


def measure(data: bytes) -> tuple[int, int, float]:
    """Hands parsed, failed, and the seconds of CPU time they took. CPU time, not wall
    time: this machine is shared, and its wall-clock speed drifts by a third from one
    minute to the next, while the CPU time a process is given drifts far less."""
    start = time.process_time()
    parsed = failed = 0
    for _chunk, outcome in parse_bytes("corpus.txt", data):
        if isinstance(outcome, Hand):
            parsed += 1
        else:
            failed += 1
    return parsed, failed, time.process_time() - start


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--game", default="seven_stud", help="game id, 'mixed' or (real) 'all'")
    options.add_argument("--hands", type=int, default=100_000)
    options.add_argument("--source", choices=("generated", "real"), default="generated")
    options.add_argument("--rename", action="store_true", help="real: new names per repeat")
    options.add_argument(
        "--site",
        choices=tuple(SITE_FOLDERS),
        default="pokerstars",
        help="real: whose real histories",
    )
    options.add_argument(
        "--versus-pokerstars",
        action="store_true",
        help="real: the site's hands PokerStars could print, and those hands as it prints them",
    )
    options.add_argument("--profile", action="store_true")
    args = options.parse_args()
    if args.versus_pokerstars:
        compare_with_pokerstars(args.game, args.hands, args.site)
        return

    if args.site != "pokerstars" and args.source != "real":
        options.error("--site goes with --source real (only PokerStars hands are generated)")
    data = corpus(args.game, args.hands, args.source, args.rename, args.site)
    profile = cProfile.Profile() if args.profile else None
    if profile:
        profile.enable()
    parsed, failed, seconds = measure(data)
    if profile:
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    megabytes = len(data) / 1e6
    print(
        f"{args.source} site={args.site} game={args.game} hands={parsed} failed={failed} "
        f"size={megabytes:.1f} MB cpu time={seconds:.2f} s "
        f"-> {parsed / seconds:,.0f} hands/s, {megabytes / seconds:.2f} MB/s"
    )


def compare_with_pokerstars(game: str, hands: int, site: str) -> None:
    """Each of the same hands parsed from the site's text and from PokerStars' (best of 2)."""
    own, stars = same_hands_as_pokerstars(game, hands, site)
    speeds = {}
    for name, data in ((site, own), ("pokerstars", stars)):
        parsed, failed, seconds = min((measure(data) for _ in range(2)), key=lambda m: m[2])
        speeds[name] = parsed / seconds
        print(
            f"{name:>10}: hands={parsed} failed={failed} size={len(data) / 1e6:.1f} MB "
            f"-> {parsed / seconds:,.0f} hands/s"
        )
    print(f"{site} / pokerstars, the same hands: {speeds[site] / speeds['pokerstars']:.2f}")


if __name__ == "__main__":
    main()
