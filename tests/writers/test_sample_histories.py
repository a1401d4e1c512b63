"""The bundled sample histories: the README demo's input must be flawless."""

from __future__ import annotations

from collections import Counter

from parsers.model.events import Hand
from parsers.sites import conventions_of
from parsers.text.history_file import history_files, parse_file
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from tests.conftest import REPO

SAMPLES = REPO / "sample_histories"


def test_every_sample_hand_parses_and_validates() -> None:
    games: Counter[str] = Counter()
    heroes: Counter[str] = Counter()
    for path in history_files([SAMPLES]):
        for _chunk, outcome in parse_file(path):
            assert isinstance(outcome, Hand), outcome
            result = replay(outcome, conventions_of(outcome.site))
            # The simulator gives an odd chip by the card-room rule; PokerStars' own rule
            # is unknown, so the engine says which it saw: a word on the site, not an error.
            said = tuple(f for f in result.findings if f.code is not Code.ODD_CHIP)
            assert said == (), (outcome.hand_number, result.findings)
            games[outcome.game.value] += 1
            heroes[outcome.header.hero] += 1
    assert set(games) >= {
        "seven_stud",
        "seven_stud_hilo",
        "razz",
        "triple_draw_27",
        "single_draw_27",
        "badugi",
        "five_draw",
    }
    assert list(heroes) == ["studdraw_hero"]  # the hero of every hand, as each file marks him
