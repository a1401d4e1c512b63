"""Line shapes: a history line with its names, cards and amounts masked.

Two lines have the same shape when they differ only in who, which cards and how much:
comparing the shapes of generated and real histories shows whether generated text is
written the way the site writes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from parsers.model.events import Hand
from parsers.text.history_file import parse_file

_CARDS = re.compile(r"\[(?:[2-9TJQKA][cdhs]|\?\?)(?: (?:[2-9TJQKA][cdhs]|\?\?))*\]")
_NUMBER = re.compile(r"[$€£]?\d+(?:[.,:/]\d+)*")
_RANK_WORD = re.compile(
    r"\b(?:Deuce|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace)(?:e?s)?\b"
)
_RANK_LIST = re.compile(r"\b(?:[2-9TJQKA]|N)(?:,(?:[2-9TJQKA]|N))+\b|(?<=: )[TJQKA]\b")
_TABLE = re.compile(r"^Table '.*?' ")
_CLOCK = re.compile(r"N N (?=[A-Z]{1,5}\b)")


_POSITIONS = re.compile(r"(?<=<P>)(?: \((?:button|small blind|big blind)\))+")
_HEADER_GAME = re.compile(r"^(PokerStars .*?#N: +)([^(]+?)( \(N/N)")
_SIDE_POTS = re.compile(r"(Side pot-N N\. )+")
_HALF = re.compile(r"^(?:HI|LO|Lo): ")
_SHOWN = re.compile(r"(: shows \[C\] \()(.+)(\))$")
_WITH = re.compile(r"( with )(.+)$")


def line_shape(line: str, names: Iterable[str]) -> str:
    """Names -> <P>, cards -> [C], amounts and dates -> N, ranks in hand descriptions -> R;
    a summary seat's positions and any hand description are factored out (see
    `description_shapes`), so that a line's form is compared apart from its contents."""
    line = _masked(line, names)
    line = _POSITIONS.sub("", line)
    line = _HEADER_GAME.sub(r"\1G\3", line)
    line = _SIDE_POTS.sub("Side pot-N N. ", line)
    line = _SHOWN.sub(r"\1D\3", line)
    return _WITH.sub(r"\1D", line)


def description_shapes(line: str, names: Iterable[str]) -> set[str]:
    """The hand descriptions in a showdown or summary line, one per half ("HI: ...")."""
    line = _masked(line, names)
    match = _SHOWN.search(line) or _WITH.search(line)
    if match is None or not line.startswith(("<P>: shows", "Seat N:")):
        return set()
    return {_HALF.sub("", part.strip()) for part in match.group(2).split(";")}


def _masked(line: str, names: Iterable[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, "<P>")
    line = _CARDS.sub("[C]", line.rstrip())
    line = _TABLE.sub("Table 'T' ", line)
    line = _NUMBER.sub("N", line)
    line = _RANK_WORD.sub("R", line)
    line = _RANK_LIST.sub("R", line)
    return _CLOCK.sub("N ", line)


def shapes_by_game(chunks: Iterable[tuple[Sequence[str], Hand]]) -> dict[str, set[str]]:
    """Every line shape and hand description of the hands, per game id; descriptions
    are marked with a leading "D: "."""
    shapes: dict[str, set[str]] = {}
    for lines, hand in chunks:
        names = [seat.player for seat in hand.seats]
        game = shapes.setdefault(hand.game.value, set())
        for line in lines:
            game.add(line_shape(line, names))
            game.update(f"D: {d}" for d in description_shapes(line, names))
    return shapes


def file_hands(paths: Iterable[Path]) -> Iterator[tuple[Sequence[str], Hand]]:
    for path in paths:
        for chunk, outcome in parse_file(path):
            if isinstance(outcome, Hand):
                yield chunk.lines, outcome


# ---------------------------------------------------------------------------- Full Tilt

_FT_SEAT = re.compile(r"^Seat \d+: (.+) \(\$[\d,.]+\)(?:, is sitting out)?$")
_FT_HEADER = re.compile(
    r"^(Full Tilt Poker Game #N: Table )(.+?)((?: \(N max\))? - N/N(?: Ante N)? - )(.+?)( - N )"
)
_FT_DESCRIBED = (
    re.compile(r"^(.* shows \[[^\]]*\] )(.+)$"),
    re.compile(r"^(Seat \d+: .* mucked \[[^\]]*\] - )(.+)$"),
    re.compile(r"^((?:.* wins |Seat \d+: ).* with )(.+)$"),
)
_FT_HALVES = re.compile(
    r"^(?:(.+), for high and (.+), for low|(.+), for high|HI: (.+?)(?:; LO: (.+))?)$"
)
_FT_RANK_WORD = re.compile(
    r"\b(?:Two|Deuce|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace)(?:e?s)?\b"
)
_FT_SIDE_POTS = re.compile(r"(Side pot-N N\. )+")
_FT_RANK_LIST = re.compile(r"\b[2-9TJQKA](?:, ?[2-9TJQKA])+\b")


def fulltilt_names(lines: Sequence[str]) -> list[str]:
    """The players of a Full Tilt hand, from its seat lines."""
    return [match[1] for line in lines if (match := _FT_SEAT.match(line))]


def fulltilt_shapes(lines: Sequence[str]) -> set[str]:
    """Every line shape of a Full Tilt hand, its hand descriptions as "D: ...", and the
    forms of its hi/lo descriptions as "F: ..." ("D, for high and D, for low", "HI: D").

    As `line_shape`, with Full Tilt's own forms: the table name and game of the header
    are factored out, and so are the descriptions after "shows [..] ", "mucked [..] - "
    and " with " (a line's shape has "D" for the whole of one)."""
    names = fulltilt_names(lines)
    shapes: set[str] = set()
    for line in lines:
        described = None
        for pattern in _FT_DESCRIBED:
            if match := pattern.match(line):
                line, described = match[1], match[2]
                break
        shape = _masked(line, names) + (" " if described is not None else "")
        shape = _POSITIONS.sub("", _FT_HEADER.sub(r"\1T\3G\5", shape))
        shape = _FT_SIDE_POTS.sub("Side pot-N N. ", shape)
        if described is not None:
            halves = _FT_HALVES.match(described)
            parts = [part for part in halves.groups() if part] if halves else [described]
            form = described
            for part in parts:
                form = form.replace(part, "D", 1)
                shapes.add("D: " + _FT_RANK_LIST.sub("L", _FT_RANK_WORD.sub("R", part)))
            shapes.add("F: " + form)
            shape += "D"
        shapes.add(shape)
    return shapes
