"""Every hand of the histories found, read on every core, reported in file order.

`validate` and `parse` say something of each hand. What they say is worked out by the
worker that read the hand (a `reader`, given the hands of one file or one piece of a
large file), so that only the report crosses back to this process, and both commands
go as fast a hand as `import` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from parsers.formats.phh_notation import is_phh
from parsers.model.outcomes import ParseOutcome
from parsers.text.history_file import file_chunks, parse_chunk
from pipeline.sources.file_pieces import (
    PIECE_BYTES,
    Piece,
    file_pieces,
    piece_sizes_for,
    read_piece,
)
from pipeline.sources.history_sources import (
    Refused,
    Source,
    SourceRefusal,
    read_refusal,
    reader_failure,
)
from pipeline.workers.worker_pool import OrderedMap, executor

Report = TypeVar("Report")
Reader = Callable[[Iterator[ParseOutcome]], Report]
"""Turns the hands of a file or piece, in order, into what a command says of them; a
top-level function (or a `functools.partial` of one), for a worker to be sent it."""

SMALL_INPUT_BYTES = 4 * 2**20
"""Below this much text one process reads faster than two: a worker takes about half a
second to start (its grammars built), and a megabyte reads in about that."""


@dataclass(frozen=True, slots=True)
class _Work(Generic[Report]):
    source: Source
    piece: Piece | None
    reader: Reader[Report]


def read_sources(
    found: Iterable[Source | Refused],
    reader: Reader[Report],
    jobs: int,
    piece_bytes: int = PIECE_BYTES,
) -> Iterator[Report | Refused]:
    """`reader`'s report of each file (or piece of one, in order), or why it was not read;
    a file larger than `piece_bytes` is read in pieces."""
    found = list(found)
    total = sum(s.size for s in found if isinstance(s, Source))
    jobs = 1 if total < SMALL_INPUT_BYTES else jobs
    work: list[_Work[Report] | Refused] = []
    for source, sizes in zip(found, piece_sizes_for(found, jobs, piece_bytes), strict=True):
        if isinstance(source, Refused):
            work.append(source)
            continue
        pieces: list[Piece] | None = None
        if not source.members and not is_phh(source.name):
            pieces = file_pieces(source.path, 0, source.size, sizes)
        if pieces:
            work.extend(_Work(source, piece, reader) for piece in pieces)
        else:
            work.append(_Work(source, None, reader))
    with executor(jobs, _read.__module__) as pool:
        yield from OrderedMap(pool, _read, work, window=2 * jobs)


def _read(work: _Work[Report] | Refused) -> Report | Refused:
    if isinstance(work, Refused):
        return work
    source, piece = work.source, work.piece
    label = source.name if source.members else source.path
    try:
        if piece is None:
            return work.reader(map(parse_chunk, file_chunks(label, source.read())))
        data = read_piece(source.path, piece, "read it again")
        return work.reader(map(parse_chunk, file_chunks(label, data, piece.reading)))
    except SourceRefusal as refusal:
        return Refused(label, str(refusal))
    except OSError as error:
        return Refused(label, str(read_refusal(error, "it")))
    except Exception as error:  # a reader that failed (a crafted file): this file not read
        return Refused(label, str(reader_failure(error)))
