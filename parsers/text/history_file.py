"""Read history files into hands: the parsers' front door."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from parsers.formats import phh
from parsers.formats.phh_notation import PHH_SUFFIXES, is_phh
from parsers.formats.tournament_summaries import is_summary
from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Hand
from parsers.model.hand_limits import MAX_PLAYERS, count_refusal, size_refusal
from parsers.model.outcomes import ParseOutcome
from parsers.sites import SITES
from parsers.text.hand_texts import FilePiece, HandText, split_hands

HISTORY_SUFFIXES = (".txt", ".log", ".hh", ".xml", *PHH_SUFFIXES)
_OPENING_LINES = 8  # more than a site's hand start spans (blank lines included)


def parse_bytes(path: str, data: bytes) -> Iterator[tuple[HandText, ParseOutcome]]:
    """Every hand of one file's bytes with its outcome; never raises for bad input."""
    for chunk in file_chunks(path, data):
        yield chunk, parse_chunk(chunk)


def file_chunks(path: str, data: bytes, piece: FilePiece | None = None) -> Iterator[HandText]:
    """The text of each hand of a file (or piece of one): a site's history, or PHH. An
    XML history is read whole (never cut into pieces: it has no blank line before a hand).
    A tournament summary holds no hand (an import reads it apart: `tournament_summaries`)."""
    if (piece is None or piece.start == 0) and is_summary(data):
        return iter(())
    if is_phh(path):
        return phh.split_phh(path, data)
    xml = SITES.xml_format_of(data) if piece is None or piece.start == 0 else None
    if xml is not None and xml.split_file is not None:
        return xml.split_file(path, data)
    return with_file_headings(split_hands(path, data, SITES.any_hand_start, piece))


def with_file_headings(chunks: Iterable[HandText]) -> Iterator[HandText]:
    """The hands, each with the file's heading line read before it, if the file has one.

    Merge writes the game, limit and stakes once, on the file's first line
    ('<description type="Razz" stakes="Limit $0.50/$1"/>'), not in each hand: that line
    is no hand of its own, and every hand after it needs it. A piece of a large file
    read alone (`FilePiece`) has none: its hands say so.
    """
    heading: tuple[int, str] | None = None
    for chunk in chunks:
        if (
            not chunk.is_hand
            and len(chunk.lines) == 1
            and SITES.any_file_heading.match(chunk.lines[0])
        ):
            heading = (chunk.first_line, chunk.lines[0])
        elif heading is not None and chunk.is_hand:
            yield replace(chunk, file_heading=heading)
        else:
            yield chunk


def parse_chunk(chunk: HandText) -> ParseOutcome:
    """A hand's outcome: the hand read, or why not. A hand larger than any
    (`hand_limits`: bytes, lines, players) is rejected with the reason, unread."""
    too_large = size_refusal(chunk) if chunk.is_hand else None  # else: no hand, said so
    outcome = _parsed(chunk) if too_large is None else None
    if isinstance(outcome, Hand):
        too_large = count_refusal("players", len(outcome.seats), MAX_PLAYERS)
    if too_large is None and outcome is not None:
        return outcome
    read = outcome if isinstance(outcome, Hand) else None
    return HandParseError(
        ErrorKind.STRUCTURE,
        str(too_large),
        chunk.path,
        chunk.first_line,
        hand_number=None if read is None else read.hand_number,
        line_text=chunk.lines[0][:300] if chunk.lines else "",
        site=phh.SITE if is_phh(chunk.path) else None if read is None else read.site,
    )


def _parsed(chunk: HandText) -> ParseOutcome:
    if is_phh(chunk.path):
        try:
            return phh.parse_hand(chunk)
        except HandParseError as error:
            error.site = phh.SITE
            return error
    # A site's opening may span lines (Full Tilt's archive: a line of stars, a blank line,
    # the header): match the chunk's first lines, not the whole hand joined.
    opening = "\n".join(chunk.lines[:_OPENING_LINES])
    site = SITES.site_of(opening) if chunk.is_hand else None
    if site is None:
        return HandParseError(
            ErrorKind.NOT_A_HAND,
            f"{len(chunk.lines)} line(s) of text that is not a hand history of a known site",
            chunk.path,
            chunk.first_line,
            line_text=chunk.lines[0],
        )
    try:
        return site.parse_hand(chunk)
    except HandParseError as error:
        error.site = site.site
        return error


def parse_file(path: str | Path) -> Iterator[tuple[HandText, ParseOutcome]]:
    path = Path(path)
    yield from parse_bytes(str(path), path.read_bytes())


def history_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, and the history files found under the folders named, in order."""
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in HISTORY_SUFFIXES
            )
        else:
            yield path
