"""Simulation and writing throughput (hands/s), per game and per site writer.

The simulator feeds the samples, the round trip and every other benchmark; the writers
print its hands (and real ones) as site text. Neither is on an import's path, but a
pathological slowdown in either makes the test suite and the benchmarks crawl.

    python bench/simulate_write.py               # 2,000 hands per game
    python bench/simulate_write.py --hands 20000
"""

from __future__ import annotations

import argparse
import contextlib
import time

from parsers.model.events import Game
from pipeline.simulation.simulator import simulate_hands
from pipeline.simulation.table_spec import HERO, default_spec
from pipeline.writers.history_writer import UnwritableHand
from pipeline.writers.sites import WRITERS


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=2_000, help="hands per game")
    options.add_argument("--seed", type=int, default=1)
    args = options.parse_args()

    print(f"{'game':<18}{'simulate':>12}" + "".join(f"{site:>14}" for site in WRITERS))
    for game in Game:
        started = time.perf_counter()
        hands = [
            simulated.hand
            for simulated in simulate_hands(default_spec(game), args.hands, args.seed)
        ]
        rates = [f"{len(hands) / (time.perf_counter() - started):>12,.0f}"]
        for writer in WRITERS.values():
            if game not in writer.games:
                rates.append(f"{'-':>14}")
                continue
            started, written = time.perf_counter(), 0
            for hand in hands:
                with contextlib.suppress(UnwritableHand):  # Full Tilt: no community card
                    writer.write_hand(hand, HERO)
                    written += 1
            rates.append(f"{written / (time.perf_counter() - started):>14,.0f}")
        print(f"{game.value:<18}" + "".join(rates))
    print("hands/s")


if __name__ == "__main__":
    main()
