"""Checks every site's real histories get, file by file (tests/test_*_real.py).

The expected counts come from reading the files, and each is cross-checked against what
the parser cannot have influenced: the header lines counted in the text, decoded here
without `parsers.text.hand_texts`.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Collect, Hand, Note, PotTotals, Seat, SeatSummary
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.text.history_file import parse_file
from tests.conftest import REAL_HISTORIES

HISTORY_SUFFIXES = (".txt", ".xml")  # the real files' (an XML history may be either)


def site_files(site_folder: str) -> list[Path]:
    return history_files(REAL_HISTORIES / site_folder)


def history_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.suffix in HISTORY_SUFFIXES)


def listed_names(site_folder: str) -> set[str]:
    root = REAL_HISTORIES / site_folder
    return {str(path.relative_to(root)) for path in site_files(site_folder)}


@cache
def outcomes(path: Path) -> tuple[object, ...]:
    return tuple(outcome for _chunk, outcome in parse_file(path))


def hands(path: Path) -> list[Hand]:
    return [outcome for outcome in outcomes(path) if isinstance(outcome, Hand)]


def text_of(path: Path) -> str:
    """The file's text, decoded by its byte-order mark (a dangling byte dropped), else as
    UTF-8 or Windows-1252."""
    data = path.read_bytes()
    if data.startswith(codecs.BOM_UTF16_LE):
        body = data[2:]
        return body[: len(body) - len(body) % 2].decode("utf-16-le")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:  # Everleaf 2011 euros: Windows-1252, "€" as byte 0x80
        return data.decode("cp1252")


FileFaults = Mapping[str, Mapping[str, ErrorKind]]
"""Per file, the hands rejected for a fault of the file itself (cut short by whoever
copied it, edited by hand), by hand number, with the kind of error. Each one is also
named in a test of its own that shows the fault in the text."""

Cancellations = Mapping[str, frozenset[str]]
"""Per file, the hand numbers the site cancelled."""


def rejections(path: Path) -> dict[str | None, ErrorKind]:
    return {o.hand_number: o.kind for o in outcomes(path) if isinstance(o, HandParseError)}


def check_file_parses_completely(
    path: Path,
    expected: tuple[int, int],
    header: re.Pattern[str],
    hand_number: re.Pattern[str],
    flop_game: re.Pattern[str],
    faults: Mapping[str, ErrorKind] | None = None,
    cancelled: frozenset[str] = frozenset(),
) -> None:
    """No failure but the file's own `faults`; the `cancelled` hands cancelled; (hands
    parsed, flop-game hands skipped) as expected; and, from the text alone, one outcome
    per header line, in order, with the hand numbers the text prints (`hand_number`'s
    first group), and a skipped hand per flop-game header."""
    results = outcomes(path)
    assert rejections(path) == dict(faults or {})
    assert {o.hand_number for o in results if isinstance(o, CancelledHand)} == cancelled
    parsed = [o for o in results if isinstance(o, Hand)]
    skipped = [o for o in results if isinstance(o, SkippedHand)]
    assert (len(parsed), len(skipped)) == expected

    text = text_of(path)
    header_lines = [line for line in text.splitlines() if header.match(line)]
    assert len(header_lines) == len(results)
    numbers = [match.group(1) for match in hand_number.finditer(text)]
    assert [o.hand_number for o in results] == numbers  # type: ignore[attr-defined]
    assert len(skipped) == sum(1 for line in header_lines if flop_game.search(line))


def check_amounts_are_exact(path: Path, totals_printed: bool = True) -> None:
    """The summary's total less rake equals what the collect lines hand out, to the cent
    (a site with no summary, Everleaf: something is collected, in whole cents)."""
    for hand in hands(path):
        totals = [e for e in hand.events if isinstance(e, PotTotals)]
        collected = sum((e.amount for e in hand.events if isinstance(e, Collect)), Decimal(0))
        if totals_printed:
            assert len(totals) == 1
            assert totals[0].total - totals[0].rake == collected, hand.hand_number
        else:
            assert not totals and collected > 0, hand.hand_number
            assert collected == collected.quantize(Decimal("0.01")), hand.hand_number
        # Merge lists a seat with $0.00 that is not dealt in ('dealtin="false"')
        assert all(seat.stack > 0 or seat.sitting_out for seat in hand.seats), hand.hand_number


def check_names_resolve(path: Path) -> None:
    """Every event's player is seated (notes may name players who are not), and the
    summary lists seats in order."""
    for hand in hands(path):
        seated = {seat.player for seat in hand.seats}
        for event in hand.events:
            player = getattr(event, "player", None)
            if player is not None and not isinstance(event, Note):
                assert player in seated, (hand.hand_number, event)
        summarized = [e.seat for e in hand.events if isinstance(e, SeatSummary)]
        assert summarized == sorted(summarized)
        assert all(isinstance(seat, Seat) for seat in hand.seats)
        seat_of = {seat.player: seat.seat for seat in hand.seats}
        for summary in (e for e in hand.events if isinstance(e, SeatSummary)):
            assert seat_of[summary.player] == summary.seat, (hand.hand_number, summary)


def file_tests(
    folder: str,
    expected: dict[str, tuple[int, int]],
    header: re.Pattern[str],
    hand_number: re.Pattern[str],
    flop_game: re.Pattern[str],
    faults: FileFaults | None = None,
    cancelled: Cancellations | None = None,
    totals_printed: bool = True,
) -> tuple[Callable[..., None], ...]:
    """The tests every site's real files get, for a site's test module to take as its own:
    every file listed in `expected`, and each file parsed completely (but for the hands
    named in `faults` and `cancelled`), its amounts exact and its names resolved."""
    faults = faults or {}
    cancelled = cancelled or {}
    assert set(faults) <= set(expected) and set(cancelled) <= set(expected)
    names = sorted(expected)

    def test_every_real_file_is_listed(real_histories: Path) -> None:
        assert listed_names(folder) == set(expected)

    @pytest.mark.parametrize("name", names)
    def test_file_parses_completely(real_histories: Path, name: str) -> None:
        path = real_histories / folder / name
        check_file_parses_completely(
            path,
            expected[name],
            header,
            hand_number,
            flop_game,
            faults.get(name),
            cancelled.get(name, frozenset()),
        )

    @pytest.mark.parametrize("name", names)
    def test_amounts_are_read_exactly(real_histories: Path, name: str) -> None:
        check_amounts_are_exact(real_histories / folder / name, totals_printed)

    @pytest.mark.parametrize("name", names)
    def test_names_resolve_to_seated_players(real_histories: Path, name: str) -> None:
        check_names_resolve(real_histories / folder / name)

    return (
        test_every_real_file_is_listed,
        test_file_parses_completely,
        test_amounts_are_read_exactly,
        test_names_resolve_to_seated_players,
    )
