"""A large history file cut into pieces, so that one big export keeps every core busy and
no worker holds all of it.

A piece starts at a hand's first line that follows a blank line: a place where the hand
splitter (`parsers.text.hand_texts.split_hands`) starts a chunk anyway, so the pieces read one by
one give the hands, line numbers and byte offsets of the whole file. Only files whose
encoding writes ASCII as single bytes (UTF-8, cp1252) are cut, with that encoding found
once for the whole file; UTF-16 files are read whole.
"""

from __future__ import annotations

import codecs
import hashlib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import BinaryIO

from parsers.sites import ANY_HAND_START
from parsers.text.hand_texts import EncodingGuess, FilePiece, hand_start_after, is_utf16
from pipeline.sources.history_sources import (
    MAX_READ_BYTES,
    Refused,
    Source,
    SourceRefusal,
    too_large_to_read,
)

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


@dataclass(frozen=True, slots=True)
class PieceSizes:
    """How a file is cut: pieces of at most `largest` bytes (the last one may take the
    sliver after it, half a megabyte at most), and, for several workers, finer and finer
    toward the end of all there is to read (`bytes_after`: what is read after this file).

    Each piece is then a quarter (two workers) of what is left from it on, never below
    `MIN_PIECE_BYTES`: few files are cut finely enough to busy every worker, and the last
    pieces of many are small, so that the workers finish together and the importer's
    loader, which can store a piece's hands only once it is read whole, is not left alone
    with the last large ones."""

    largest: int = PIECE_BYTES
    jobs: int = 1
    bytes_after: int = 0

    def cut_targets(self, start: int, size: int) -> list[int]:
        """The offsets to cut [start, size) near (at the first hand after each)."""
        if self.jobs > 1:
            tapered = self._tapered(start, size)
            if len(tapered) < MAX_PIECES:
                return tapered
        # One worker cuts only to bound its memory: equal pieces, as few as can be, and
        # more than MAX_PIECES rather than pieces near the most read at once.
        count = max(
            min(MAX_PIECES, -(-(size - start) // self.largest)),
            -(-(size - start) // (MAX_READ_BYTES // 2)),
        )
        return [start + (size - start) * k // count for k in range(1, count)]

    def _tapered(self, start: int, size: int) -> list[int]:
        """Cuts for pieces of a quarter (two workers) of what is left; `MAX_PIECES` of
        them at most (too many: the caller cuts evenly instead)."""
        sliver = min(self.largest, MIN_PIECE_BYTES) // 2  # no last piece smaller
        targets: list[int] = []
        position = start
        while len(targets) < MAX_PIECES:
            left = size - position + self.bytes_after
            position += min(self.largest, max(MIN_PIECE_BYTES, left // (2 * self.jobs)))
            if position >= size - sliver:
                break
            targets.append(position)
        return targets


def piece_sizes_for(
    found: Sequence[Source | Refused], jobs: int, largest: int = PIECE_BYTES
) -> list[PieceSizes]:
    """How each file found is cut, read in this order by `jobs` workers."""
    sizes = [s.size if isinstance(s, Source) and not s.members else 0 for s in found]
    after = list(itertools.accumulate(reversed(sizes), initial=0))[-2::-1]
    return [PieceSizes(largest, jobs, bytes_after) for bytes_after in after]


def file_pieces(path: str, start: int, size: int, sizes: PieceSizes) -> list[Piece] | None:
    """Bytes [start, size) of the file in pieces (`sizes`); None when it is read whole
    (small, UTF-16, or no hand to cut before).

    A file over `MAX_READ_BYTES` is never read whole if it can be helped: what is left
    of it to read is one piece at least (a watched file grown by a hand since the last
    run, past that size), and a file whose pieces would not all be under that size
    (a gigabyte of NULs, with no hand to cut before) is left to be read whole, where it
    is refused (`history_sources.read_whole`)."""
    too_large = size > MAX_READ_BYTES  # read whole, it would be refused
    targets = sizes.cut_targets(start, size)
    if not targets and not too_large:
        return None
    with open(path, "rb") as file:
        head = file.read(4096)
        if is_utf16(head):
            return None
        cuts = [start]
        for target in targets:
            if target - cuts[-1] >= MAX_READ_BYTES:  # a piece over it already: read whole
                return None  # (a gigabyte of NULs: after one window, not all of them)
            cut = _hand_start_after(file, target, size)
            if cut is not None and cuts[-1] < cut < size:
                cuts.append(cut)
        bounds = list(itertools.pairwise([*cuts, size]))
        if (len(cuts) == 1 and not too_large) or _longest(bounds) > MAX_READ_BYTES:
            return None
        encoding, lines = _encoding_and_line_numbers(file, size, cuts, head)
    if len(lines) < len(cuts):  # cut short between the two reads: rewritten, read it whole
        return None
    return [
        Piece(begin, end, FilePiece(begin, line, encoding), end == size)
        for (begin, end), line in zip(bounds, lines, strict=True)
    ]


def _longest(bounds: list[tuple[int, int]]) -> int:
    return max(end - begin for begin, end in bounds)


def read_piece(path: str, piece: Piece, advice: str) -> bytes:
    """The piece's bytes; `SourceRefusal` if the file is now shorter than when it was cut
    (`advice`: what the player should do then)."""
    if piece.end - piece.start > MAX_READ_BYTES:  # file_pieces makes none: a caller's own
        raise SourceRefusal(too_large_to_read(piece.end - piece.start))
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


def _encoding_and_line_numbers(
    file: BinaryIO, size: int, cuts: list[int], head: bytes
) -> tuple[str, list[int]]:
    """The whole file's encoding as `decode_history` would find it ('utf-8' with a
    byte-order mark, else `EncodingGuess`'s), and the line number at each cut, as the
    hand splitter counts lines, in one pass over the file (`head`: its first bytes)."""
    guess = None if head.startswith(codecs.BOM_UTF8) else EncodingGuess(size)
    file.seek(0)
    lines: list[int] = []
    breaks, position, after_cr = 0, 0, False
    pending = iter(cuts)
    cut = next(pending, None)
    while position < size:
        block = file.read(min(_BLOCK, size - position))
        if not block:
            break
        while cut is not None and cut <= position + len(block):
            lines.append(1 + breaks + line_breaks(block[: cut - position], after_cr))
            cut = next(pending, None)
        breaks += line_breaks(block, after_cr)
        after_cr = block.endswith(b"\r")
        if guess is not None:
            guess.feed(block)
        position += len(block)
    return ("utf-8" if guess is None else guess.encoding), lines


def line_breaks(data: bytes, after_cr: bool = False) -> int:
    """The line breaks in `data` as the hand splitter counts them: an LF, a CRLF or a lone
    CR is one. `after_cr`: the byte before `data` is a CR, counted already, so an LF
    that starts `data` only ends its CRLF."""
    breaks = data.count(b"\n")
    if b"\r" in data:  # a pass many times faster than a count: of 119 real files, one has a CR
        breaks += data.count(b"\r") - data.count(b"\r\n")
    return breaks - 1 if after_cr and data.startswith(b"\n") else breaks
