"""Simulated hands written as a site's text (PokerStars, Full Tilt) and read back, once
per test session."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import NamedTuple

from parsers.model.events import Game, Hand
from parsers.text.hand_texts import HandText
from parsers.text.history_file import parse_bytes
from pipeline.simulation.books import SimulatedHand
from pipeline.simulation.simulator import simulate_hands
from pipeline.simulation.table_spec import HERO, default_spec
from pipeline.writers.history_writer import UnwritableHand
from pipeline.writers.sites import DEFAULT_SITE, WRITERS

HANDS_PER_GAME = 2_000
RIGGED = 400  # of them, from a stacked deck: ties, quartered lows, rare lines
SEED = 7
SITE_HANDS = {"pokerstars": (HANDS_PER_GAME, RIGGED), "fulltilt": (500, 100)}
"""Hands per game, and how many of them rigged, by site (Full Tilt's run is shorter)."""


class RoundTrip(NamedTuple):
    simulated: SimulatedHand
    text: HandText
    parsed: Hand


@cache
def round_trip(game: Game, site: str = DEFAULT_SITE) -> tuple[RoundTrip, ...]:
    """The hands the site can print (Full Tilt: all but those with stud's community
    card), written, read back and paired with their simulation."""
    writer = WRITERS[site]
    count, rigged_count = SITE_HANDS[site]
    plain = replace(default_spec(game), site=site)
    rigged = replace(plain, rig_rate=0.3, first_hand_number=plain.first_hand_number + 10**7)
    simulated = [
        *simulate_hands(plain, count - rigged_count, SEED),
        *simulate_hands(rigged, rigged_count, SEED + 1),
    ]
    hands, texts = [], []
    for one in simulated:
        try:
            texts.append(writer.write_hand(one.hand, HERO) + writer.hand_end)
        except UnwritableHand:
            if site == DEFAULT_SITE:
                raise  # every simulated hand of a PokerStars game is printable
            continue
        hands.append(one)
    outcomes = list(parse_bytes(f"{game}.txt", "".join(texts).encode(writer.encoding)))
    failures = [outcome for _chunk, outcome in outcomes if not isinstance(outcome, Hand)]
    assert failures == []
    assert len(outcomes) == len(hands)
    return tuple(
        RoundTrip(simulated, chunk, parsed)  # type: ignore[arg-type]
        for simulated, (chunk, parsed) in zip(hands, outcomes, strict=True)
    )
