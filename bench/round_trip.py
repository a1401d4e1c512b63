"""The round trip at scale: simulate -> write a site's text -> parse -> replay, and
compare the engine's books with the simulator's, with the time of every stage.

    python bench/round_trip.py                       # 100,000 hands of every PokerStars game
    python bench/round_trip.py --game razz --hands 20000
    python bench/round_trip.py --site fulltilt --game seven_stud --hands 20000

Full Tilt text passes over the hands its histories cannot print (stud's community card):
"simulate" counts those too, "write" and the later stages only the hands written.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from parsers.model.events import Hand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay
from pipeline.simulation.generate import generate
from pipeline.simulation.table_spec import HERO
from pipeline.writers.history_writer import UnwritableHand
from pipeline.writers.sites import DEFAULT_SITE, WRITERS


def round_trip(game: str, hands: int, seed: int, site: str = DEFAULT_SITE) -> None:
    writer = WRITERS[site]
    clock = time.perf_counter()
    generated = list(generate(game, hands, seed, site))
    simulate_s, clock = time.perf_counter() - clock, time.perf_counter()
    simulated, texts = [], []
    for one in generated:
        try:
            texts.append(writer.write_hand(one.hand, HERO) + writer.hand_end)
        except UnwritableHand:
            continue
        simulated.append(one)
    text = "".join(texts).encode(writer.encoding)
    write_s, clock = time.perf_counter() - clock, time.perf_counter()
    parsed = [outcome for _chunk, outcome in parse_bytes("bench.txt", text)]
    parse_s, clock = time.perf_counter() - clock, time.perf_counter()
    results = [
        replay(hand, conventions_of(hand.site)) if isinstance(hand, Hand) else None
        for hand in parsed
    ]
    replay_s = time.perf_counter() - clock

    problems: Counter[str] = Counter()
    features: Counter[str] = Counter()
    for original, result in zip(simulated, results, strict=True):
        features.update(original.features)
        if result is None:
            problems["not parsed"] += 1
        elif result.errors:
            problems.update(f.code.value for f in result.errors)
        elif {p.name: p.net for p in result.players} != original.nets:
            problems["net mismatch"] += 1
        elif result.rake != original.rake:
            problems["rake mismatch"] += 1
    done = len(simulated)
    rate = ", ".join(
        f"{stage} {count / seconds:,.0f}/s"
        for stage, count, seconds in (
            ("simulate", hands, simulate_s),
            ("write", done, write_s),
            ("parse", done, parse_s),
            ("replay", done, replay_s),
        )
    )
    skipped = f" ({hands - done} not printable)" if done < hands else ""
    print(
        f"{site} {game}: {done} hands{skipped}, {len(text) / 1e6:.0f} MB; {rate}; "
        f"problems: {dict(problems)}"
    )
    rare = ("all_in", "side_pot", "split", "quartered", "community", "reshuffle", "capped")
    print("    " + ", ".join(f"{name} {features[name]}" for name in rare))


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--game", help="one game id (default: every game of the site)")
    options.add_argument("--site", choices=sorted(WRITERS), default=DEFAULT_SITE)
    options.add_argument("--hands", type=int, default=100_000)
    options.add_argument("--seed", type=int, default=11)
    args = options.parse_args()
    for game in [args.game] if args.game else [g.value for g in WRITERS[args.site].games]:
        round_trip(game, args.hands, args.seed, args.site)


if __name__ == "__main__":
    main()
