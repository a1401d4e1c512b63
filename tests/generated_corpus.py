"""Simulated hands written as PokerStars text and read back, once per test session."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import NamedTuple

from parsers.events import Game, Hand
from parsers.history_file import parse_bytes
from parsers.reading import HandText
from pipeline.simulation.pokerstars_writer import HAND_END, write_hand
from pipeline.simulation.simulator import HERO, SimulatedHand, default_spec, simulate_hands

HANDS_PER_GAME = 2_000
RIGGED = 400  # of them, from a stacked deck: ties, quartered lows, rare lines
SEED = 7


class RoundTrip(NamedTuple):
    simulated: SimulatedHand
    text: HandText
    parsed: Hand


@cache
def round_trip(game: Game) -> tuple[RoundTrip, ...]:
    plain = default_spec(game)
    rigged = replace(plain, rig_rate=0.3, first_hand_number=plain.first_hand_number + 10**7)
    hands = [
        *simulate_hands(plain, HANDS_PER_GAME - RIGGED, SEED),
        *simulate_hands(rigged, RIGGED, SEED + 1),
    ]
    text = "".join(write_hand(s.hand, HERO) + HAND_END for s in hands)
    outcomes = list(parse_bytes(f"{game}.txt", text.encode()))
    failures = [outcome for _chunk, outcome in outcomes if not isinstance(outcome, Hand)]
    assert failures == []
    assert len(outcomes) == len(hands)
    return tuple(
        RoundTrip(simulated, chunk, parsed)  # type: ignore[arg-type]
        for simulated, (chunk, parsed) in zip(hands, outcomes, strict=True)
    )
