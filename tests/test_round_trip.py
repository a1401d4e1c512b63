"""Round trip: simulated hands -> PokerStars text -> parser -> engine = the simulator's books.

For every game a PokerStars history can hold, 2,000 hands (some from a stacked deck, so
that ties, quartered lows and rare lines happen) are written from the hero's seat, read
back and replayed. The engine must find no error and must agree with the simulator on
every player's net, the rake, the pots and, wherever the cards were shown, the winners.
The coverage report counts what the run exercised; every count must be non-zero.
(`bench/round_trip.py` runs the same on 100,000 hands per game.)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache

import pytest

from parsers.events import Game, Hand
from parsers.history_file import parse_bytes
from pipeline.engine.replay import replay
from pipeline.simulation.generate import POKERSTARS_GAMES
from pipeline.simulation.pokerstars_writer import HAND_END, write_hand
from pipeline.simulation.simulator import HERO, SimulatedHand, default_spec, simulate_hands

HANDS_PER_GAME = 2_000
RIGGED = 400  # of them, from a stacked deck
SEED = 7

COVERAGE = (
    "all_in",
    "side_pot",
    "split",
    "quartered",
    "open_pair_big_bet",
    "community",
    "reshuffle",
    "capped",
)


def simulated(game: Game) -> list[SimulatedHand]:
    plain = default_spec(game)
    rigged = replace(plain, rig_rate=0.3, first_hand_number=plain.first_hand_number + 10_000_000)
    return [
        *simulate_hands(plain, HANDS_PER_GAME - RIGGED, SEED),
        *simulate_hands(rigged, RIGGED, SEED + 1),
    ]


@cache
def round_trip(game: Game) -> tuple[tuple[SimulatedHand, Hand], ...]:
    hands = simulated(game)
    text = "".join(write_hand(s.hand, HERO) + HAND_END for s in hands)
    parsed = [outcome for _chunk, outcome in parse_bytes(f"{game}.txt", text.encode())]
    assert all(isinstance(p, Hand) for p in parsed), [p for p in parsed if not isinstance(p, Hand)][
        :1
    ]
    assert len(parsed) == len(hands)
    return tuple(zip(hands, parsed, strict=True))  # type: ignore[arg-type]


@pytest.mark.parametrize("game", POKERSTARS_GAMES, ids=lambda g: g.value)
def test_round_trip_gives_the_simulators_results(game: Game) -> None:
    for original, parsed in round_trip(game):
        assert parsed.hand_number == original.hand.hand_number
        result = replay(parsed)
        assert result.errors == (), (parsed.hand_number, result.errors)
        assert {p.name: p.net for p in result.players} == {
            name: net for name, net in original.nets.items()
        }, parsed.hand_number
        assert result.rake == original.rake
        assert [pot.amount for pot in result.pots] == [pot.amount for pot in original.pots]
        for judged, books in zip(result.pots, original.pots, strict=True):
            assert judged.eligible == books.eligible
            if judged.high_winners:  # the cards were shown: the engine judged this pot
                assert set(judged.high_winners) == set(books.high_winners), parsed.hand_number
                assert set(judged.low_winners) == set(books.low_winners), parsed.hand_number


def test_coverage_report() -> None:
    """Every rare case happened somewhere in the run (the report prints with -s)."""
    counts: Counter[str] = Counter()
    for game in POKERSTARS_GAMES:
        for original, _parsed in round_trip(game):
            counts.update(original.features & set(COVERAGE))
    print("round-trip coverage:", ", ".join(f"{k} {counts[k]}" for k in COVERAGE))
    assert {name: counts[name] for name in COVERAGE if counts[name] == 0} == {}
