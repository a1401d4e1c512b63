"""No line of a real hand goes nowhere (issue 48, point 4).

Every non-blank line of every hand read from `../shared/histories/real` is accounted for:
an event or a seat stands on it (their `line`), or the reader said what became of it
(`parsers.lines.line_accounting`): read into the hand another way (the heading into the
header, a "Dealt to" line into the draw it completes), or a kind of line that carries
nothing, by name ("closing tag", "separator '---'"). A line none of these claims is a
fact a reader may have dropped: the test names its file, line and text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from parsers.lines.hand_lines import read_hand
from parsers.lines.line_accounting import HandLines, accounting, recording
from parsers.model.events import Action, Hand
from parsers.sites import pokerstars
from parsers.text.hand_texts import HandText
from parsers.text.history_file import file_chunks, parse_chunk
from tests.sites.test_real_inventory import READ

REAL_FILES = sorted(f"{folder}/{name}" for folder, expected in READ.items() for name in expected)


def test_every_real_file_is_accounted_for() -> None:
    assert len(REAL_FILES) == 119


def unclaimed(chunk: HandText, hand: Hand, lines: HandLines) -> Iterator[tuple[int, str]]:
    """The hand's non-blank lines that went nowhere: (line, text)."""
    claimed = {event.line for event in hand.events} | {seat.line for seat in hand.seats}
    claimed |= lines.read.keys() | lines.nothing.keys()
    for offset, text in enumerate(chunk.lines):
        line = chunk.first_line + offset
        if text.strip() and line not in claimed:
            yield line, text


def accounted_hands(path: Path) -> Iterator[tuple[HandText, Hand, HandLines]]:
    for chunk in file_chunks(str(path), path.read_bytes()):
        with accounting() as lines:
            outcome = parse_chunk(chunk)
        if isinstance(outcome, Hand):
            yield chunk, outcome, lines


@pytest.mark.parametrize("name", REAL_FILES)
def test_no_line_of_a_real_hand_goes_nowhere(real_histories: Path, name: str) -> None:
    path = real_histories / name
    lost = [
        f"{name}:{line} (hand #{hand.hand_number}): {text.strip()!r}"
        for chunk, hand, lines in accounted_hands(path)
        for line, text in unclaimed(chunk, hand, lines)
    ]
    assert not lost, "lines read into nothing:\n" + "\n".join(lost)


def test_a_line_a_reader_drops_is_found(real_histories: Path) -> None:
    """The test's own check: a reader that loses a bet is caught, at that line."""
    path = (
        real_histories
        / "PokerStars/cash/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt"
    )
    chunk = next(chunk for chunk in file_chunks(str(path), path.read_bytes()) if chunk.is_hand)

    def losing_the_first_bet(game, seats, records):  # type: ignore[no-untyped-def]
        first = next(i for i, r in enumerate(records) if isinstance(r, Action))
        return pokerstars.FORMAT.normalize(game, seats, records[:first] + records[first + 1 :])  # type: ignore[misc]

    with accounting() as lines:
        hand = read_hand(replace(pokerstars.FORMAT, normalize=losing_the_first_bet), chunk)
    assert isinstance(hand, Hand)
    lost = list(unclaimed(chunk, hand, lines))
    assert len(lost) == 1
    assert lost[0][1].startswith("Player")  # the bring-in or first bet of the hand


def test_an_ordinary_read_records_nothing(real_histories: Path) -> None:
    assert recording() is None
    path = real_histories / REAL_FILES[0]
    assert [
        outcome
        for chunk in file_chunks(str(path), path.read_bytes())
        for outcome in (parse_chunk(chunk),)
    ]
    assert recording() is None


def test_the_kinds_of_lines_carrying_nothing_are_named(real_histories: Path) -> None:
    """A sample of the kinds named, site by site (the counts: the report of issue 48)."""
    kinds: Counter[str] = Counter()
    for name in REAL_FILES:
        if name.startswith(("OnGame/", "iPoker/", "KingsClub/")):
            for _chunk, _hand, lines in accounted_hands(real_histories / name):
                kinds.update(lines.nothing.values())
    assert {"separator '---'", "end of hand", "closing tag", "betting round heading"} <= set(kinds)
