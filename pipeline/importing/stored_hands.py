"""Hands of a database, read again from the history files they were imported from.

The database keeps each hand's results, not its text: `hands.source_file` and
`byte_offset` say where the text is ("/home/me/hh/razz.txt", or "/home/me/hh.zip!razz.txt"
for a file inside an archive). A hand is read back from that place, or found by its
number if the file was edited before it; a file gone, or no longer holding the hand,
is a reason the caller counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from parsers.formats.phh_notation import is_phh
from parsers.model.events import Hand
from parsers.text.hand_texts import HandText
from parsers.text.history_file import file_chunks, parse_chunk
from pipeline.sources.file_pieces import PieceSizes, file_pieces, read_piece
from pipeline.sources.history_sources import SourceRefusal, read_member, read_refusal, read_whole


@dataclass(frozen=True, slots=True)
class StoredHand:
    """Where a stored hand's text is."""

    site: str
    hand_number: str
    source_file: str
    byte_offset: int


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A stored hand whose text cannot be read again, and why."""

    hand: StoredHand
    reason: str


def read_stored(stored: Iterable[StoredHand]) -> Iterator[Hand | Unreadable]:
    """Each hand, parsed again from its file (each file read once, a large one a piece at
    a time, as an import reads it), in file order."""
    in_order = sorted(stored, key=lambda s: (s.source_file, s.byte_offset))
    for source_file, grouped in groupby(in_order, key=lambda s: s.source_file):
        in_file = list(grouped)
        wanted = {place.byte_offset for place in in_file}
        try:
            chunks = {c.byte_offset: c for c in _chunks(source_file) if c.byte_offset in wanted}
        except (OSError, SourceRefusal) as error:
            yield from (Unreadable(s, _unreadable(error)) for s in in_file)
            continue
        moved: dict[tuple[str, str], Hand] | None = None  # the hands sought, if one moved
        for place in in_file:
            chunk = chunks.get(place.byte_offset)
            parsed = parse_chunk(chunk) if chunk is not None else None
            key = (place.site, place.hand_number)
            if isinstance(parsed, Hand) and (parsed.site, parsed.hand_number) == key:
                yield parsed
                continue
            if moved is None:  # the file was edited before the hand: look for it by number
                moved = _hands_sought(source_file, {(s.site, s.hand_number) for s in in_file})
            yield moved.get(key) or Unreadable(place, "its history file no longer holds it")


def _hands_sought(source_file: str, keys: set[tuple[str, str]]) -> dict[tuple[str, str], Hand]:
    """The hands of the file with these keys, wherever they are in it now."""
    try:
        return {
            (hand.site, hand.hand_number): hand
            for hand in map(parse_chunk, _chunks(source_file))
            if isinstance(hand, Hand) and (hand.site, hand.hand_number) in keys
        }
    except (OSError, SourceRefusal):
        return {}


def _unreadable(error: OSError | SourceRefusal) -> str:
    if isinstance(error, FileNotFoundError):
        return "its history file is gone"
    refusal = error if isinstance(error, SourceRefusal) else read_refusal(error, "it")
    return f"its history file cannot be read: {refusal}"


def _chunks(source_file: str) -> Iterator[HandText]:
    """The file's hands' text, from disk or from inside its archive(s); a large file on
    disk a piece at a time (`file_pieces`), never more than `MAX_READ_BYTES` at once.
    `FileNotFoundError` if it is gone, `SourceRefusal` if it cannot be read."""
    path, *members = source_file.split("!")
    archive, chain = path, tuple(members)
    while chain and not archive.endswith(".zip"):  # a "!" in the folder's own name
        archive, chain = f"{archive}!{chain[0]}", chain[1:]
    if chain and not Path(source_file).is_file():
        if not Path(archive).exists():
            raise FileNotFoundError(archive)
        yield from file_chunks(source_file, read_member(archive, chain))
        return
    size = Path(source_file).stat().st_size  # FileNotFoundError: gone
    pieces = None if is_phh(source_file) else file_pieces(source_file, 0, size, PieceSizes())
    if pieces is None:
        yield from file_chunks(source_file, read_whole(source_file))
        return
    for piece in pieces:
        data = read_piece(source_file, piece, "import it again")
        yield from file_chunks(source_file, data, piece.reading)
