"""Single-process parse throughput (hands/s, MB/s) on a corpus of PokerStars hands.

Until the simulator exists, the corpus repeats the real PokerStars hands of
../shared/histories/real with fresh hand numbers; `--rename` also gives the players new
names on every repetition (every seat line is then a name the parser has never seen,
the worst case for its shape cache).

    python bench/parse.py                       # 7 Card Stud, 20,000+ hands
    python bench/parse.py --game all --rename   # every stud/draw game, new names
    python bench/parse.py --profile             # cProfile of the hot path
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import time
from pathlib import Path

from parsers.events import Hand
from parsers.history_file import parse_bytes

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT.parent / "shared" / "histories" / "real" / "PokerStars"
_HAND_NUMBER = re.compile(r"(PokerStars (?:Home Game )?(?:Game|Hand) #)(\d+)")


def real_hands(game: str) -> list[tuple[str, tuple[str, ...]]]:
    """(text, player names) of every real PokerStars hand of the game ("all": any)."""
    hands = []
    for path in sorted(REAL.rglob("*.txt")):
        for chunk, outcome in parse_bytes(str(path), path.read_bytes()):
            if isinstance(outcome, Hand) and game in ("all", outcome.game.value):
                names = tuple(seat.player for seat in outcome.seats)
                hands.append((chunk.text, names))
    return hands


def build_corpus(game: str, minimum: int, rename: bool) -> bytes:
    hands = real_hands(game)
    if not hands:
        raise SystemExit(f"no real hands of game {game!r}")
    texts, number, repetition = [], 10_000_000_000, 0
    while len(texts) < minimum:
        for text, names in hands:
            number += 1
            text = _HAND_NUMBER.sub(lambda m, n=number: f"{m.group(1)}{n}", text, count=1)
            if rename:
                text = _renamed(text, names, repetition)
            texts.append(text)
        repetition += 1
    return ("\n\n\n".join(texts) + "\n").encode("utf-8")


def _renamed(text: str, names: tuple[str, ...], repetition: int) -> str:
    for index, name in enumerate(sorted(names, key=len, reverse=True)):
        text = re.sub(rf"(?<![\w]){re.escape(name)}(?![\w])", f"\0{index}\0", text)
    for index, name in enumerate(sorted(names, key=len, reverse=True)):
        text = text.replace(f"\0{index}\0", f"{name} r{repetition}")
    return text


def measure(corpus: bytes) -> tuple[int, int, float]:
    start = time.perf_counter()
    parsed = failed = 0
    for _chunk, outcome in parse_bytes("corpus.txt", corpus):
        if isinstance(outcome, Hand):
            parsed += 1
        else:
            failed += 1
    return parsed, failed, time.perf_counter() - start


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--game", default="seven_stud", help="game id, or 'all'")
    options.add_argument("--hands", type=int, default=20_000)
    options.add_argument("--rename", action="store_true", help="new player names per repeat")
    options.add_argument("--profile", action="store_true")
    args = options.parse_args()

    corpus = build_corpus(args.game, args.hands, args.rename)
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
    parsed, failed, seconds = measure(corpus)
    if args.profile:
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    megabytes = len(corpus) / 1e6
    print(
        f"game={args.game} rename={args.rename} hands={parsed} failed={failed} "
        f"size={megabytes:.1f} MB time={seconds:.2f} s "
        f"-> {parsed / seconds:,.0f} hands/s, {megabytes / seconds:.2f} MB/s"
    )


if __name__ == "__main__":
    main()
