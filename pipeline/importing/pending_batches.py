"""The workers' batches, read back from the spool and stored together in transactions.

The loader's side of an import (`pipeline.importing.importer`): a worker writes each batch of rows
to the spool folder as Arrow IPC streams, and tells the loader where; the loader reads
them as Polars frames, drops hands already pending, and stores them in transactions of
about a batch's hands.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

from pipeline.storage.file_progress import FileProgress
from pipeline.storage.frames import spooled_frame

if TYPE_CHECKING:
    from pipeline.importing.import_summary import ImportSummary
    from pipeline.storage.database import Database

BATCH_PAUSE = 0.03  # seconds at least between two batches, the file let go
_HAND_KEY = ("site", "hand_number")


@dataclass
class PendingBatches:
    """Batches read back from the spool, waiting to be stored together.

    A transaction costs a good part of a second whatever its size (the facts query, then
    letting go of the file, which checkpoints it). With one a file, an archive of small
    files (a table session each, a few hundred hands) spent more time committing than
    reading: 40 files of 100 hands took 10 s, 4.5 s stored together. So the batches of
    several files, or of several pieces of one, are stored together, each file's
    progress in the same transaction as its hands.
    """

    frames: dict[str, list[pl.DataFrame]] = field(default_factory=dict)
    progress: dict[str, FileProgress] = field(default_factory=dict)  # each file's latest
    spooled: list[Path] = field(default_factory=list)
    keys: set[tuple[str, str]] = field(default_factory=set)  # (site, hand number)
    hands: int = 0  # hands and rejects
    duplicates: int = 0  # hands dropped for being pending already
    stored_at: float | None = None  # when the last store let the file go (monotonic)

    @property
    def unstored(self) -> int:
        """Hands seen but not yet stored (nor counted), for the progress bar."""
        return sum(frame.height for frame in self.frames.get("hands", [])) + self.duplicates

    def add(self, frame_files: dict[str, str], file_progress: FileProgress) -> None:
        spooled = {table: Path(path) for table, path in frame_files.items()}
        frames = {table: spooled_frame(path) for table, path in spooled.items()}
        self.spooled.extend(spooled.values())
        if "hands" in frames:
            frames = self._without_pending_hands(frames)
        for table, frame in frames.items():
            self.frames.setdefault(table, []).append(frame)
            if table in ("hands", "rejects"):
                self.hands += frame.height
        self.progress[file_progress.path] = file_progress

    def _without_pending_hands(self, frames: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame]:
        """A hand already among the pending ones (the same hand in two files) is a
        duplicate: the database would drop its row, but not the rows of its players,
        actions... which only the hand's key names."""
        keys = frames["hands"].select(_HAND_KEY)
        incoming = list(zip(*(keys[column].to_list() for column in _HAND_KEY), strict=True))
        repeated = keys.filter(pl.Series([key in self.keys for key in incoming]))
        self.keys.update(incoming)
        if repeated.is_empty():
            return frames
        self.duplicates += repeated.height
        return {
            table: frame if table == "rejects" else frame.join(repeated, on=_HAND_KEY, how="anti")
            for table, frame in frames.items()
        }

    def tables(self) -> dict[str, pl.DataFrame]:
        """The pending batches, a frame per table, each in one piece: DuckDB scans a frame
        of many small chunks (a worker's spooled batches) more slowly."""
        return {
            table: pl.concat(parts, how="vertical_relaxed", rechunk=True)
            for table, parts in self.frames.items()
        }

    def store(self, database: Database, summary: ImportSummary, keep_open: bool = False) -> None:
        """Store the pending batches in one transaction; then let the file go a moment,
        unless `keep_open`: the next store follows within a second (the import's last,
        `importer.store_before_the_rest`), and letting go and opening the file again
        between the two, with the pause a reader would get in by, cost 0.08 s."""
        if not self.progress:
            return
        if self.stored_at is not None:  # a reader waiting for the file gets its turn
            time.sleep(max(0.0, self.stored_at + BATCH_PAUSE - time.monotonic()))
        tables, self.frames = self.tables(), {}  # the store lets go of each once copied
        stored = database.store(tables, list(self.progress.values()), keep_open)
        self.stored_at = None if keep_open else time.monotonic()
        summary.hands_imported += stored.hands
        summary.imported_by_site.update(stored.hands_by_site)
        summary.duplicates += stored.duplicates + self.duplicates
        for path in self.spooled:  # read (maybe mapped) until stored
            path.unlink()
        self.frames, self.progress, self.spooled, self.keys = {}, {}, [], set()
        self.hands = self.duplicates = 0
