"""Line shapes: a history line with its names, cards and amounts masked.

Two lines have the same shape when they differ only in who, which cards and how much:
comparing the shapes of generated and real histories shows whether generated text is
written the way the site writes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from parsers.events import Hand
from parsers.history_file import parse_file

_CARDS = re.compile(r"\[(?:[2-9TJQKA][cdhs]|\?\?)(?: (?:[2-9TJQKA][cdhs]|\?\?))*\]")
_NUMBER = re.compile(r"[$€£]?\d+(?:[.,:/]\d+)*")
_RANK_WORD = re.compile(
    r"\b(?:Deuce|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace)(?:e?s)?\b"
)
_RANK_LIST = re.compile(r"\b(?:[2-9TJQKA]|N)(?:,(?:[2-9TJQKA]|N))+\b|(?<=: )[TJQKA]\b")
_TABLE = re.compile(r"^Table '.*?' ")
_CLOCK = re.compile(r"N N (?=[A-Z]{1,5}\b)")


def line_shape(line: str, names: Iterable[str]) -> str:
    """Names -> <P>, cards -> [C], amounts and dates -> N, ranks in hand descriptions -> R."""
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, "<P>")
    line = _CARDS.sub("[C]", line.rstrip())
    line = _TABLE.sub("Table 'T' ", line)
    line = _NUMBER.sub("N", line)
    line = _RANK_WORD.sub("R", line)
    line = _RANK_LIST.sub("R", line)
    return _CLOCK.sub("N ", line)


def shapes_by_game(paths: Iterable[Path]) -> dict[str, set[str]]:
    """Every line shape of every stud/draw hand in the files, per game id."""
    shapes: dict[str, set[str]] = {}
    for path in paths:
        for chunk, outcome in parse_file(path):
            if isinstance(outcome, Hand):
                names = [seat.player for seat in outcome.seats]
                game = shapes.setdefault(outcome.game.value, set())
                game.update(line_shape(line, names) for line in chunk.lines)
    return shapes
