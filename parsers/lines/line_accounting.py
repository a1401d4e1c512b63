"""What a reader made of each line of a hand, for the test that no line goes nowhere
(issue 48, point 4: tests/parsers/test_line_accounting.py).

A hand's events carry their lines (`line`), and so do its seats. Every other line a
reader reads must say what it was: read into the hand another way (its heading lines into
the header, a "Dealt to" line into the draw it completes, OnGame's "Rake taken" into the
pot totals), or a kind of line that carries nothing, named ("time stamp", "closing tag").
A line none of these claims went nowhere: a fact a reader may have dropped.

The readers tell it only while a hand is read under `accounting()`: a test's question,
never an import's. Reading costs one look at `recording()` a hand (None) and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class HandLines:
    """One hand's lines, by what the reader made of them beyond its events and seats."""

    def __init__(self) -> None:
        self.read: dict[int, str] = {}  # line -> what it was read into ("header", ...)
        self.nothing: dict[int, str] = {}  # line -> the kind of line, carrying nothing


_recording: list[HandLines] = []


def recording() -> HandLines | None:
    """The hand being accounted for, if a test asks (None: an ordinary read)."""
    return _recording[-1] if _recording else None


@contextmanager
def accounting() -> Iterator[HandLines]:
    """Account for the lines of the hand read inside the block (one hand)."""
    hand = HandLines()
    _recording.append(hand)
    try:
        yield hand
    finally:
        _recording.pop()


def read_into(line: int, what: str) -> None:
    """Say, if a test asks, that the line was read into `what` (not an event of its own:
    a "Dealt to" line into the draw it completes)."""
    if _recording:
        _recording[-1].read[line] = what


def carries_nothing(line: int, kind: str) -> None:
    """Say, if a test asks, that the line is of a kind that carries nothing."""
    if _recording:
        _recording[-1].nothing[line] = kind
