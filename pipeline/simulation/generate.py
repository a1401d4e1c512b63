"""Streams of simulated hands for the `generate` command, the sample histories and the
benchmarks: one game at one table, or a mixed table rotating every game in blocks, and
the same hands as a site's history text (`written`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from itertools import islice

from parsers.model.events import Game, Hand
from pipeline.simulation.books import SimulatedHand
from pipeline.simulation.simulator import simulate_hands
from pipeline.simulation.table_spec import HERO, TableSpec, default_spec
from pipeline.writers.history_writer import UnwritableHand
from pipeline.writers.sites import DEFAULT_SITE, WRITERS

MIXED = "mixed"
MIXED_LABEL = "8-Game"
MIXED_BLOCK = 8  # hands of each game before the table moves on, as the mixed tables play


def game_ids() -> list[str]:
    """What `--game` accepts: every game id, and `mixed`."""
    return [game.value for game in Game] + [MIXED]


def generate(game: str, count: int, seed: int, site: str = DEFAULT_SITE) -> Iterator[SimulatedHand]:
    """`count` hands of one game id, or of `mixed`: the site's games in turn."""
    return islice(_stream(game, seed, site), count)


def written(
    game: str, count: int, seed: int, site: str = DEFAULT_SITE, hero: str | None = HERO
) -> Iterator[tuple[SimulatedHand, str]]:
    """`count` hands and their text as the site writes them from `hero`'s seat.

    A hand the site's histories cannot say (Full Tilt: stud's community card) is passed
    over and the table plays on, so that every hand written is one the site prints.
    """
    writer = WRITERS[site]
    if game != MIXED and Game(game) not in writer.games:
        raise ValueError(f"{site} does not write {game} hands")
    produced = 0
    for simulated in _stream(game, seed, site):
        if produced == count:
            return
        try:
            text = writer.write_hand(simulated.hand, hero)
        except UnwritableHand:
            continue
        produced += 1
        yield simulated, text


_ENDLESS = 10**15  # the streams are lazy: as many hands as are taken


def _stream(game: str, seed: int, site: str) -> Iterator[SimulatedHand]:
    if game != MIXED:
        spec = default_spec(Game(game))
        yield from simulate_hands(numbered(spec, seed, site), _ENDLESS, seed)
        return
    streams = [
        simulate_hands(numbered(default_spec(one, seats=6), seed, site), _ENDLESS, seed + index)
        for index, one in enumerate(WRITERS[site].games)
    ]
    first: Hand | None = None
    for produced in range(_ENDLESS):
        simulated = next(streams[(produced // MIXED_BLOCK) % len(streams)])
        first = first or simulated.hand
        yield _as_mixed(simulated, first, produced)


def numbered(spec: TableSpec, seed: int, site: str = DEFAULT_SITE) -> TableSpec:
    """Hand numbers of their own for each game and seed, so that generated files can be
    imported side by side: (site, hand number) identifies a hand."""
    first = 260_000_000_000 + list(Game).index(spec.game) * 10**10 + (seed % 1000) * 10**7
    return replace(spec, first_hand_number=first, site=site)


def _as_mixed(simulated: SimulatedHand, first: Hand, index: int) -> SimulatedHand:
    """One table's clock and hand numbers, and the mixed-game label, across the games."""
    header = replace(
        simulated.hand.header,
        hand_number=str(int(first.hand_number) + index),
        started_at_utc=first.header.started_at_utc + timedelta(seconds=75 * index),
        mixed_game=MIXED_LABEL,
    )
    return replace(simulated, hand=replace(simulated.hand, header=header))
