"""PHH fields holding what no hand holds, found by the fuzz run's new mutations
(bench/fuzz.py, issue 49 point 6): each is a hand rejected with its reason, read in a
moment, never an exception out of the reader nor minutes of work."""

from __future__ import annotations

import re
import resource

import pytest

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Hand
from parsers.text.history_file import parse_bytes
from tests.hostile.test_crafted_files import phh_hand  # noqa: F401  (a fixture)

CPU_SECONDS = 30
"""Processor time for one crafted hand: a real one takes a millisecond; the seat number
1e999999 took 207 s (`int()` built a million-digit number)."""


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@pytest.mark.parametrize(
    ("field", "crafted"),
    [
        ("seats", "seats = [1e999999, 3, 5, 7, 8]"),
        ("seats", "seats = [1.5, 3, 5, 7, 8]"),
        ("seats", 'seats = ["one", 3, 5, 7, 8]'),
        ("time_zone", 'time_zone = "' + "U[" * 300 + '"'),
        ("time_zone", 'time_zone = "Mars/Olympus_Mons"'),
    ],
)
def test_a_phh_field_no_hand_holds_rejects_the_hand_at_once(
    phh_hand: str,  # noqa: F811
    field: str,
    crafted: str,
) -> None:
    line = next(line for line in phh_hand.splitlines() if line.startswith(f"{field} ="))
    text = phh_hand.replace(line, crafted)
    assert text != phh_hand
    started = _cpu()
    [(_chunk, outcome)] = list(parse_bytes("crafted.phh", text.encode()))
    assert _cpu() - started < CPU_SECONDS
    assert isinstance(outcome, HandParseError), outcome
    assert outcome.path == "crafted.phh"


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
@pytest.mark.parametrize("field", ["starting_stacks", "winnings", "_studdraw_collected"])
def test_a_phh_amount_that_is_not_a_number_rejects_the_hand_naming_the_field(
    phh_hand: str,  # noqa: F811
    field: str,
    value: str,
) -> None:
    """TOML writes `nan` and `inf` as floats; a collection of nan reached the engine
    ("cannot convert NaN to integer")."""
    line = next(line for line in phh_hand.splitlines() if line.startswith(f"{field} ="))
    first_number = re.search(r"(?<![\w.])\d+\.\d+", line)
    assert first_number is not None
    text = phh_hand.replace(line, line[: first_number.start()] + value + line[first_number.end() :])
    [(_chunk, outcome)] = list(parse_bytes("crafted.phh", text.encode()))
    assert isinstance(outcome, HandParseError), outcome
    assert outcome.kind is ErrorKind.STRUCTURE  # rejected, not left as half-written
    assert outcome.message.endswith("not an amount"), outcome.message


def test_a_time_zone_abbreviation_the_sites_print_is_read_as_its_zone(
    phh_hand: str,  # noqa: F811
) -> None:
    """PHH asks for an IANA name; another tool may write the site's own "ET": read as New
    York's time (the hand is from 2009/11/26 10:24:42 ET, 15:24:42 UTC), not refused."""
    line = next(line for line in phh_hand.splitlines() if line.startswith("time_zone ="))
    text = phh_hand.replace(line, 'time_zone = "ET"').replace("time = 15:24:42", "time = 10:24:42")
    [(_chunk, hand)] = list(parse_bytes("et.phh", text.encode()))
    assert isinstance(hand, Hand), hand
    assert hand.header.started_at_utc.isoformat() == "2009-11-26T15:24:42+00:00"
