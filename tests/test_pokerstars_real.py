"""Every real PokerStars history: each stud/draw hand parses, each flop-game hand is skipped."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from parsers.events import Collect, Hand, PotTotals, Seat, SeatSummary
from parsers.history_file import parse_file
from parsers.outcomes import SkippedHand

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt": (1, 0),
    "cash/Draw/3-Draw-Limit-USD-0.10-0.20-200911.txt": (17, 0),
    "cash/Draw/5-Carddraw-NL-USD-0.25-0.50.Sample.txt": (1, 0),
    "cash/Draw/5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt": (1, 0),
    "cash/Draw/5-Carddraw-USD-0.10-0.20-200911.txt": (30, 0),
    "cash/Draw/Badugi-USD-0.25-0.50-201009.txt": (4, 0),
    "cash/Draw/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt": (1, 0),
    "cash/Stud/7-Stud-USD-0.04-0.08-200911.txt": (11, 0),
    "cash/Stud/7-StudHL-USD-0.04-0.08-200911.txt": (7, 0),
    "cash/Stud/Razz-USD-0.04-0.08-200911.txt": (9, 0),
    "extra/jejellyroll-fr+fpdb-3/regression-test-files__tour__Stars__Mixed__"
    "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": (71, 66),
    "extra/philroberts+FPDB-for-OSX/regression-test__ps-studhilo-ring-showdown.txt": (2, 0),
    "extra/scott-ad-riley+poker-hand-parser/test__fixtures__8game.txt": (1, 0),
    "extra/scott-ad-riley+poker-hand-parser/test__fixtures__stud.txt": (1, 0),
    "tour/Draw/LBad-USD-SNG8-201011.txt": (104, 0),
    "tour/Stud/7-StudHL-USD-10-1-200906.PT2.export.txt": (1, 0),
    "tour/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt": (1, 0),
}

_HEADER = re.compile(r"^\ufeff?PokerStars .*#\d+:", re.MULTILINE)
_FLOP_GAME = re.compile(r"Hold'em|Omaha")


def _outcomes(path: Path) -> list[object]:
    return [outcome for _chunk, outcome in parse_file(path)]


def test_every_real_file_is_listed(real_histories: Path) -> None:
    found = {str(p.relative_to(real_histories / "PokerStars")) for p in _files(real_histories)}
    assert found == set(EXPECTED)


def _files(real_histories: Path) -> list[Path]:
    return sorted((real_histories / "PokerStars").rglob("*.txt"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file_parses_completely(real_histories: Path, name: str) -> None:
    path = real_histories / "PokerStars" / name
    outcomes = _outcomes(path)
    failures = [o for o in outcomes if not isinstance(o, Hand | SkippedHand)]
    assert failures == []
    hands = [o for o in outcomes if isinstance(o, Hand)]
    skipped = [o for o in outcomes if isinstance(o, SkippedHand)]
    assert (len(hands), len(skipped)) == EXPECTED[name]

    # Independently of the parser: one outcome per header line, flop games skipped.
    text_lines = path.read_text(encoding="utf-8-sig").splitlines()
    header_lines = [line for line in text_lines if _HEADER.match(line)]
    assert len(header_lines) == len(outcomes)
    assert len(skipped) == sum(1 for line in header_lines if _FLOP_GAME.search(line))
    assert {s.game for s in skipped} <= {"Hold'em", "Omaha", "Omaha Hi/Lo"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_amounts_are_read_exactly(real_histories: Path, name: str) -> None:
    """The summary's total less rake equals what the collect lines hand out, to the cent."""
    for outcome in _outcomes(real_histories / "PokerStars" / name):
        if not isinstance(outcome, Hand):
            continue
        totals = [e for e in outcome.events if isinstance(e, PotTotals)]
        collected = sum((e.amount for e in outcome.events if isinstance(e, Collect)), Decimal(0))
        assert len(totals) == 1
        assert totals[0].total - totals[0].rake == collected, outcome.hand_number


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_names_resolve_to_seated_players(real_histories: Path, name: str) -> None:
    for outcome in _outcomes(real_histories / "PokerStars" / name):
        if not isinstance(outcome, Hand):
            continue
        seated = {seat.player for seat in outcome.seats}
        for event in outcome.events:
            player = getattr(event, "player", None)
            if player is not None and not _is_visitor_note(event):
                assert player in seated, (outcome.hand_number, event)
        summarized = [e.seat for e in outcome.events if isinstance(e, SeatSummary)]
        assert summarized == sorted(summarized)
        assert all(isinstance(seat, Seat) for seat in outcome.seats)


def _is_visitor_note(event: object) -> bool:
    return type(event).__name__ == "Note"
