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

from parsers.events import Hand
from parsers.history_file import file_chunks, parse_chunk
from pipeline.history_sources import SourceRefusal, read_member


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
    """Each hand, parsed again from its file (each file read once), in file order."""
    in_order = sorted(stored, key=lambda s: (s.source_file, s.byte_offset))
    for source_file, in_file in groupby(in_order, key=lambda s: s.source_file):
        data = _file_bytes(source_file)
        if data is None:
            yield from (Unreadable(s, "its history file is gone") for s in in_file)
            continue
        chunks = {chunk.byte_offset: chunk for chunk in file_chunks(source_file, data)}
        moved: dict[tuple[str, str], Hand] | None = None  # every hand, if one moved
        for place in in_file:
            chunk = chunks.get(place.byte_offset)
            parsed = parse_chunk(chunk) if chunk is not None else None
            key = (place.site, place.hand_number)
            if isinstance(parsed, Hand) and (parsed.site, parsed.hand_number) == key:
                yield parsed
                continue
            if moved is None:  # the file was edited before the hand: look for it by number
                moved = {
                    (hand.site, hand.hand_number): hand
                    for hand in map(parse_chunk, chunks.values())
                    if isinstance(hand, Hand)
                }
            yield moved.get(key) or Unreadable(place, "its history file no longer holds it")


def _file_bytes(source_file: str) -> bytes | None:
    """The file's bytes, from disk or from inside its archive(s); None if it is gone."""
    path, *members = source_file.split("!")
    archive, chain = path, tuple(members)
    while chain and not archive.endswith(".zip"):  # a "!" in the folder's own name
        archive, chain = f"{archive}!{chain[0]}", chain[1:]
    try:
        if not chain or Path(source_file).is_file():
            return Path(source_file).read_bytes()
        return read_member(archive, chain)
    except (OSError, SourceRefusal):
        return None
