"""The round trip at scale: simulate -> write PokerStars text -> parse -> replay, and
compare the engine's books with the simulator's, with the time of every stage.

    python bench/round_trip.py                       # 100,000 hands of every PokerStars game
    python bench/round_trip.py --game razz --hands 20000
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from parsers.events import Hand
from parsers.history_file import parse_bytes
from pipeline.engine.replay import replay
from pipeline.simulation.generate import POKERSTARS_GAMES, generate
from pipeline.simulation.pokerstars_writer import HAND_END, write_hand
from pipeline.simulation.simulator import HERO


def round_trip(game: str, hands: int, seed: int) -> None:
    clock = time.perf_counter()
    simulated = list(generate(game, hands, seed))
    simulate_s, clock = time.perf_counter() - clock, time.perf_counter()
    text = "".join(write_hand(s.hand, HERO) + HAND_END for s in simulated).encode()
    write_s, clock = time.perf_counter() - clock, time.perf_counter()
    parsed = [outcome for _chunk, outcome in parse_bytes("bench.txt", text)]
    parse_s, clock = time.perf_counter() - clock, time.perf_counter()
    results = [replay(hand) if isinstance(hand, Hand) else None for hand in parsed]
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
    rate = ", ".join(
        f"{stage} {hands / seconds:,.0f}/s"
        for stage, seconds in (
            ("simulate", simulate_s),
            ("write", write_s),
            ("parse", parse_s),
            ("replay", replay_s),
        )
    )
    print(f"{game}: {hands} hands, {len(text) / 1e6:.0f} MB; {rate}; problems: {dict(problems)}")
    rare = ("all_in", "side_pot", "split", "quartered", "community", "reshuffle", "capped")
    print("    " + ", ".join(f"{name} {features[name]}" for name in rare))


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--game", help="one game id (default: every PokerStars game)")
    options.add_argument("--hands", type=int, default=100_000)
    options.add_argument("--seed", type=int, default=11)
    args = options.parse_args()
    for game in [args.game] if args.game else [g.value for g in POKERSTARS_GAMES]:
        round_trip(game, args.hands, args.seed)


if __name__ == "__main__":
    main()
