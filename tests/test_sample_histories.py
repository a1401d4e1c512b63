"""The bundled sample histories: the README demo's input must be flawless."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from parsers.events import Hand
from parsers.history_file import history_files, parse_file
from parsers.sites import conventions_of
from pipeline.engine.replay import replay

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"


def test_every_sample_hand_parses_and_validates() -> None:
    games: Counter[str] = Counter()
    heroes: Counter[str] = Counter()
    for path in history_files([SAMPLES]):
        for _chunk, outcome in parse_file(path):
            assert isinstance(outcome, Hand), outcome
            result = replay(outcome, conventions_of(outcome.site))
            assert result.findings == (), (outcome.hand_number, result.findings)
            games[outcome.game.value] += 1
            heroes.update(e.player for e in outcome.events if type(e).__name__ == "Deal" and e.down)
    assert set(games) >= {
        "seven_stud",
        "seven_stud_hilo",
        "razz",
        "triple_draw_27",
        "single_draw_27",
        "badugi",
        "five_draw",
    }
    assert list(heroes) == ["studdraw_hero"]  # one hero across every file
