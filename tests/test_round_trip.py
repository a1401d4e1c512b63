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

import pytest

from parsers.events import Game
from pipeline.engine.replay import replay
from pipeline.simulation.generate import POKERSTARS_GAMES
from tests.generated_corpus import round_trip

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


@pytest.mark.parametrize("game", POKERSTARS_GAMES, ids=lambda g: g.value)
def test_round_trip_gives_the_simulators_results(game: Game) -> None:
    for original, _text, parsed in round_trip(game):
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
        for original, _text, _parsed in round_trip(game):
            counts.update(original.features & set(COVERAGE))
    print("round-trip coverage:", ", ".join(f"{k} {counts[k]}" for k in COVERAGE))
    assert {name: counts[name] for name in COVERAGE if counts[name] == 0} == {}
