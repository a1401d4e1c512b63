"""Streams of simulated hands for the `generate` command, the sample histories and the
benchmarks: one game at one table, or a mixed table rotating every game in blocks."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta

from parsers.events import Game, Hand
from pipeline.simulation.simulator import (
    SimulatedHand,
    TableSpec,
    default_spec,
    simulate_hands,
)

MIXED = "mixed"
MIXED_LABEL = "8-Game"
MIXED_BLOCK = 8  # hands of each game before the table moves on, as the mixed tables play

# The games a PokerStars history can hold; five card stud and the casino five-up stud are
# simulated (and judged by the engine) but no PokerStars client writes them.
POKERSTARS_GAMES: tuple[Game, ...] = (
    Game.SEVEN_STUD,
    Game.SEVEN_STUD_HILO,
    Game.RAZZ,
    Game.TRIPLE_DRAW_27,
    Game.SINGLE_DRAW_27,
    Game.TRIPLE_DRAW_A5,
    Game.BADUGI,
    Game.FIVE_DRAW,
)


def game_ids() -> list[str]:
    """What `--game` accepts: every game id, and `mixed`."""
    return [game.value for game in Game] + [MIXED]


def generate(game: str, count: int, seed: int) -> Iterator[SimulatedHand]:
    """`count` hands of one game id, or of `mixed`: the PokerStars games in turn."""
    if game != MIXED:
        spec = default_spec(Game(game))
        yield from simulate_hands(numbered(spec, seed), count, seed)
        return
    streams = [
        simulate_hands(numbered(default_spec(one, seats=6), seed), count, seed + index)
        for index, one in enumerate(POKERSTARS_GAMES)
    ]
    first: Hand | None = None
    for produced in range(count):
        simulated = next(streams[(produced // MIXED_BLOCK) % len(streams)])
        first = first or simulated.hand
        yield _as_mixed(simulated, first, produced)


def numbered(spec: TableSpec, seed: int) -> TableSpec:
    """Hand numbers of their own for each game and seed, so that generated files can be
    imported side by side: (site, hand number) identifies a hand."""
    first = 260_000_000_000 + list(Game).index(spec.game) * 10**10 + (seed % 1000) * 10**7
    return replace(spec, first_hand_number=first)


def _as_mixed(simulated: SimulatedHand, first: Hand, index: int) -> SimulatedHand:
    """One table's clock and hand numbers, and the mixed-game label, across the games."""
    header = replace(
        simulated.hand.header,
        hand_number=str(int(first.hand_number) + index),
        started_at_utc=first.header.started_at_utc + timedelta(seconds=75 * index),
        mixed_game=MIXED_LABEL,
    )
    return replace(simulated, hand=replace(simulated.hand, header=header))
