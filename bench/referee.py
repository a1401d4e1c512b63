"""PokerKit as second referee on simulated tables, and PHH export speed.

python bench/referee.py                  # 10,000 hands of each of the six PHH games
python bench/referee.py --hands 1000

Each hand is simulated, replayed by our engine, exported to PHH and played through
PokerKit (tests/support/phh_referee.py); the counts say how many agree, agree but for a named
site rule, or could not be exported (and why). Export speed is the PHH writing alone.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parsers.formats.phh_notation import VARIANTS
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from pipeline.simulation.simulator import simulate_hands
from pipeline.simulation.table_spec import default_spec
from pipeline.writers.phh import Unexportable, phh_fields, phh_text
from tests.support.phh_referee import Verdict, referee

GAMES = tuple(VARIANTS)  # the (game, betting) pairs PHH names


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=10_000, help="per game")
    options.add_argument("--seed", type=int, default=2026)
    hands_per_game = options.parse_args().hands
    seed = options.parse_args().seed
    total_export, exported_all = 0.0, 0
    for game, limit in GAMES:
        hands = [
            one.hand for one in simulate_hands(default_spec(game, limit), hands_per_game, seed)
        ]
        results = [replay(hand, conventions_of(hand.site)) for hand in hands]
        started = time.perf_counter()
        texts = [
            phh_text(fields)
            for hand, result in zip(hands, results, strict=True)
            if not isinstance(fields := phh_fields(hand, result), Unexportable)
        ]
        total_export += time.perf_counter() - started
        exported_all += len(texts)
        verdicts: Counter[str] = Counter()
        for hand, result in zip(hands, results, strict=True):
            if result.errors:
                verdicts["engine error"] += 1
                continue
            verdict = referee(hand, result)
            if isinstance(verdict, Verdict):
                rules = " + ".join(rule.name.lower() for rule in verdict.rules)
                verdicts[f"{verdict.outcome}{f' ({rules})' if rules else ''}"] += 1
            else:
                verdicts[f"not exported: {verdict.reason}"] += 1
        print(f"{game.value} ({limit.value}), {len(hands):,} hands:")
        for verdict_text, count in verdicts.most_common():
            print(f"  {count:7,d}  {verdict_text}")
    print(
        f"PHH export: {exported_all:,} hands in {total_export:.2f} s "
        f"({exported_all / total_export:,.0f} hands/s)"
    )


if __name__ == "__main__":
    main()
