"""Round trip: simulated hands -> site text -> parser -> engine = the simulator's books.

For every game a PokerStars history can hold, 2,000 hands (some from a stacked deck, so
that ties, quartered lows and rare lines happen) are written from the hero's seat, read
back and replayed; for every game a Full Tilt history can hold, 500 hands, written as
Full Tilt text and read by the Full Tilt parser. The engine must find no error and must
agree with the simulator on every player's net, the rake, the pots and, wherever the
cards were shown, the winners. The coverage report counts what each site's run
exercised; every count must be non-zero. (`bench/round_trip.py [--site fulltilt]` runs
the same on 100,000 hands per game.)
"""

from __future__ import annotations

from collections import Counter

import pytest

from parsers.model.events import Game
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from pipeline.writers.sites import WRITERS
from tests.support.generated_corpus import round_trip

pytestmark = pytest.mark.slow  # 14,000 simulated hands written, read back and replayed

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
UNSAID = {"fulltilt": {"community"}}
"""What a site's histories cannot hold, so that its run cannot cover it (Full Tilt:
no real history shows stud's community card; such hands are not written)."""

SITE_GAMES = [(site, game) for site, writer in WRITERS.items() for game in writer.games]


@pytest.mark.parametrize(
    ("site", "game"), SITE_GAMES, ids=[f"{site}-{game.value}" for site, game in SITE_GAMES]
)
def test_round_trip_gives_the_simulators_results(site: str, game: Game) -> None:
    for original, _text, parsed in round_trip(game, site):
        assert parsed.hand_number == original.hand.hand_number
        result = replay(parsed, conventions_of(parsed.site))
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


@pytest.mark.parametrize("site", WRITERS)
def test_coverage_report(site: str) -> None:
    """Every rare case happened somewhere in the run (the report prints with -s)."""
    covered = [name for name in COVERAGE if name not in UNSAID.get(site, set())]
    counts: Counter[str] = Counter()
    for game in WRITERS[site].games:
        for original, _text, _parsed in round_trip(game, site):
            counts.update(original.features & set(covered))
    print(f"{site} round-trip coverage:", ", ".join(f"{k} {counts[k]}" for k in covered))
    assert {name: counts[name] for name in covered if counts[name] == 0} == {}
