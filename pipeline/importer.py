"""Import hand histories into the database: incremental, idempotent, nothing lost.

For each file the import log says how far it was read. An unchanged file is skipped
without being opened past its size and time; a file that grew (the poker client appends
to it) is read from where the last import stopped, once the bytes before that point are
shown to be the same; any other file is read whole (hands already stored are skipped by
their (site, hand number)). A half-written last hand is left for the next run. Every
other hand is stored, or kept whole in `rejects` with its reason.
"""

from __future__ import annotations

import hashlib
import time
import zipfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from parsers.errors import ErrorKind, HandParseError
from parsers.events import Hand
from parsers.history_file import HISTORY_SUFFIXES, parse_chunk
from parsers.outcomes import SkippedHand
from parsers.reading import split_hands
from parsers.sites import ANY_HAND_START
from pipeline.engine.replay import replay
from pipeline.storage.database import Database, FileProgress
from pipeline.storage.rows import Batch, add_engine_reject, add_hand, add_parse_reject

BATCH_HANDS = 5_000
# A file whose last hand is complete ends with a blank line, whatever its encoding.
_BLANK_LINE_ENDINGS = (b"\n\n", b"\n\r\n", b"\n\x00\n\x00", b"\n\x00\r\x00\n\x00", b"\x00\n\x00\n")


@dataclass(frozen=True, slots=True)
class Source:
    """A history file, on disk or inside a zip archive ("archive.zip!member.txt")."""

    name: str
    size: int
    mtime: datetime
    read: Callable[[], bytes]


@dataclass
class ImportSummary:
    files: int = 0
    files_unchanged: int = 0
    hands_imported: int = 0
    duplicates: int = 0
    flop_games_skipped: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    left_for_next_run: int = 0
    seconds: float = 0.0

    @property
    def hands_seen(self) -> int:
        return self.hands_imported + self.duplicates + sum(self.rejected.values())


Progress = Callable[[int, int], None]
"""Told (files done, hands seen) as the import goes."""


def sources(paths: Iterable[str | Path]) -> Iterator[Source]:
    """The history files named, found in folders (recursively) or inside zip archives."""
    for path in map(Path, paths):
        if path.is_dir():
            for found in sorted(p for p in path.rglob("*") if p.is_file()):
                if found.suffix.lower() in (*HISTORY_SUFFIXES, ".zip"):
                    yield from sources([found])
        elif path.suffix.lower() == ".zip":
            yield from _archive(path)
        else:
            stat = path.stat()
            yield Source(
                str(path.resolve()),
                stat.st_size,
                datetime.fromtimestamp(stat.st_mtime, UTC),
                path.read_bytes,
            )


def _archive(path: Path) -> Iterator[Source]:
    with zipfile.ZipFile(path) as archive:
        members = [m for m in archive.infolist() if not m.is_dir()]
    for member in sorted(members, key=lambda m: m.filename):
        if Path(member.filename).suffix.lower() not in HISTORY_SUFFIXES:
            continue

        def read(member: zipfile.ZipInfo = member) -> bytes:
            with zipfile.ZipFile(path) as archive:
                return archive.read(member)

        yield Source(
            f"{path.resolve()}!{member.filename}",
            member.file_size,
            datetime(*member.date_time, tzinfo=UTC),
            read,
        )


def import_histories(
    paths: Iterable[str | Path],
    database: Database,
    progress: Progress | None = None,
    batch_hands: int = BATCH_HANDS,
) -> ImportSummary:
    """Import every history under `paths`; each `batch_hands` hands commit together."""
    summary = ImportSummary()
    started = time.perf_counter()
    for source in sources(paths):
        summary.files += 1
        _import_source(source, database, summary, batch_hands)
        if progress:
            progress(summary.files, summary.hands_seen)
    summary.seconds = time.perf_counter() - started
    return summary


def _import_source(
    source: Source, database: Database, summary: ImportSummary, batch_hands: int
) -> None:
    known = database.file_progress(source.name)
    if known and known.finished and (known.size, known.mtime) == (source.size, source.mtime):
        summary.files_unchanged += 1
        return
    data = source.read()
    start = 0
    if (
        known
        and len(data) >= known.offset_reached
        and _sha256(data[: known.offset_reached]) == (known.prefix_sha256)
    ):
        start = known.offset_reached  # the file grew: read only what is new
    stored_hands = known.hands if known and start else 0

    batch, reached = Batch(), start
    chunks = [c for c in split_hands(source.name, data, ANY_HAND_START) if c.byte_offset >= start]
    for index, chunk in enumerate(chunks):
        outcome = parse_chunk(chunk)
        last = index == len(chunks) - 1
        if _still_being_written(outcome, last, data):
            summary.left_for_next_run += 1
            break
        if isinstance(outcome, Hand):
            result = replay(outcome)
            if result.errors:
                add_engine_reject(batch, chunk, result)
                summary.rejected["engine: " + result.errors[0].code.value] += 1
            else:
                add_hand(batch, chunk, outcome, result)
        elif isinstance(outcome, SkippedHand):
            summary.flop_games_skipped += 1
        else:
            add_parse_reject(batch, chunk, outcome)
            summary.rejected[outcome.kind.value] += 1
        reached = chunk.byte_end
        if batch.hands + batch.rejected >= batch_hands:
            stored_hands += _flush(database, batch, source, data, reached, stored_hands, summary)
            batch = Batch()
    _flush(database, batch, source, data, reached, stored_hands, summary, finished=True)


def _still_being_written(outcome: object, last: bool, data: bytes) -> bool:
    """A last hand that does not read, with no blank line after it: the client is still
    writing it (cut anywhere, even mid-line), so it waits for the next import."""
    return (
        last
        and isinstance(outcome, HandParseError)
        and outcome.kind is not ErrorKind.NOT_A_HAND
        and not data.endswith(_BLANK_LINE_ENDINGS)
    )


def _flush(
    database: Database,
    batch: Batch,
    source: Source,
    data: bytes,
    reached: int,
    stored_hands: int,
    summary: ImportSummary,
    finished: bool = False,
) -> int:
    """Store a batch with the file's progress; until `finished`, a run killed later
    resumes from `reached` rather than taking the file for done."""
    progress = FileProgress(
        source.name,
        source.size,
        source.mtime,
        _sha256(data[:reached]),
        reached,
        stored_hands + batch.hands,
        finished,
    )
    stored = database.store(batch, [progress])
    summary.hands_imported += stored.hands
    summary.duplicates += stored.duplicates
    return batch.hands


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
