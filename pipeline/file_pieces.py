"""A large history file cut into pieces, so that one big export keeps every core busy and
no worker holds all of it.

A piece starts at a hand's first line that follows a blank line: a place where the hand
splitter (`parsers.reading.split_hands`) starts a chunk anyway, so the pieces read one by
one give the hands, line numbers and byte offsets of the whole file. Only files whose
encoding writes ASCII as single bytes (UTF-8, cp1252) are cut, with that encoding found
once for the whole file; UTF-16 files are read whole.
"""

from __future__ import annotations

import codecs
import hashlib
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import BinaryIO

from parsers.reading import FilePiece, hand_start_after
from parsers.sites import ANY_HAND_START
from pipeline.history_sources import Refused, Source, SourceRefusal

PIECE_BYTES = 16 * 2**20
"""About how much of a file one worker reads at a time."""

MIN_PIECE_BYTES = 2**20  # about 500 hands: smaller pieces cost more to start than they save

MAX_PIECES = 64

_BLOCK = 2**20
_WINDOW = 2**20  # where to look for a hand to cut before, after each cut point


@dataclass(frozen=True, slots=True)
class Piece:
    """Bytes [start, end) of a file, and where they stand in it."""

    start: int
    end: int
    reading: FilePiece
    last: bool  # it ends at the end of the file (where a hand may be half-written)


def file_pieces(
    path: str, start: int, size: int, piece_bytes: int = PIECE_BYTES
) -> list[Piece] | None:
    """Bytes [start, size) of the file in pieces of about `piece_bytes`; None when it is
    read whole (small, UTF-16, or no hand to cut before)."""
    if size - start <= piece_bytes:
        return None
    with open(path, "rb") as file:
        head = file.read(4096)
        if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or (
            head.count(0) > len(head) // 4
        ):
            return None
        count = min(MAX_PIECES, -(-(size - start) // piece_bytes))
        cuts = [start]
        for k in range(1, count):
            cut = _hand_start_after(file, start + (size - start) * k // count, size)
            if cut is not None and cuts[-1] < cut < size:
                cuts.append(cut)
        if len(cuts) == 1:
            return None
        encoding, lines = _encoding_and_line_numbers(file, size, cuts)
    if len(lines) < len(cuts):  # cut short between the two reads: rewritten, read it whole
        return None
    bounds = list(itertools.pairwise([*cuts, size]))
    return [
        Piece(begin, end, FilePiece(begin, line, encoding), end == size)
        for (begin, end), line in zip(bounds, lines, strict=True)
    ]


def piece_bytes_for(found: Iterable[Source | Refused], jobs: int, largest: int) -> int:
    """How much of a file one worker reads: files are cut finer when they are too few to
    keep every worker busy (a day's export on two cores: two pieces a worker), never below
    `MIN_PIECE_BYTES`, never above `largest`."""
    if jobs <= 1:
        return largest
    total = sum(s.size for s in found if isinstance(s, Source) and not s.members)
    return min(largest, max(MIN_PIECE_BYTES, total // (2 * jobs)))


def read_piece(path: str, piece: Piece, advice: str) -> bytes:
    """The piece's bytes; `SourceRefusal` if the file is now shorter than when it was cut
    (`advice`: what the player should do then)."""
    with open(path, "rb") as file:
        file.seek(piece.start)
        data = file.read(piece.end - piece.start)
    if len(data) < piece.end - piece.start:
        raise SourceRefusal(f"it shrank while it was being read: {advice}")
    return data


def prefix_sha256(path: str, end: int) -> hashlib._Hash:
    """A hash of the file's first `end` bytes, read a block at a time, to go on from."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        left = end
        while left > 0:
            block = file.read(min(_BLOCK, left))
            if not block:
                break
            digest.update(block)
            left -= len(block)
    return digest


def _hand_start_after(file: BinaryIO, position: int, size: int) -> int | None:
    """The first hand after `position` that follows a blank line: its byte offset."""
    file.seek(position)
    found = hand_start_after(file.read(min(_WINDOW, size - position)), ANY_HAND_START)
    return None if found is None else position + found


def _encoding_and_line_numbers(file: BinaryIO, size: int, cuts: list[int]) -> tuple[str, list[int]]:
    """The whole file's encoding as `decode_history` would find it ('utf-8' unless a
    byte is not UTF-8 before its last character: then 'cp1252'), and the line number
    at each cut, in one pass over the file."""
    file.seek(0)
    decoder = codecs.getincrementaldecoder("utf-8")()
    encoding = "utf-8"
    lines, newlines, position = [], 0, 0
    pending = iter(cuts)
    cut = next(pending, None)
    while position < size:
        block = file.read(min(_BLOCK, size - position))
        if not block:
            break
        while cut is not None and cut <= position + len(block):
            lines.append(1 + newlines + block.count(b"\n", 0, cut - position))
            cut = next(pending, None)
        newlines += block.count(b"\n")
        if encoding == "utf-8":
            try:
                decoder.decode(block, final=False)
            except UnicodeDecodeError as error:
                if position + error.start < size - 3:
                    encoding = "cp1252"
        position += len(block)
    return encoding, lines
