"""`studdraw import PATH... --to parquet DIR`: the import's workers as tasks on a Dask
cluster (docs/cluster.md says why Dask and not Ray), writing a Parquet dataset.

Without an address, a local cluster of one single-threaded worker process per core;
with one, that cluster's workers, which must have studdraw installed and see the history
files and DIR at the same paths (a shared file system). Several runs may write to one
dataset at once: each task stages its files in a folder of its own.

A file whose every byte is already in the dataset is not sent; a piece whose bytes are
is skipped by its task; so a run killed anywhere (a worker, this process) and run again
ends with each hand once. A worker that dies mid-task has its task run again by Dask on
another (three times at most: a file that kills every worker that reads it is then
reported, not retried without end).
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.dataset.layout import read_completely, records
from pipeline.dataset.writing import DatasetOutcome, DatasetWork, Part, write_piece
from pipeline.sources.file_pieces import PieceSizes, file_pieces
from pipeline.sources.history_sources import Refused, Source, sources

if TYPE_CHECKING:  # loaded only when a run starts: the rest of studdraw never needs it
    from distributed import Client

PIECE_BYTES = 4 * 2**20
"""A task's share of a large file: about 2,000 hands, a few seconds of a worker. Fixed,
not fitted to the run as the database import's pieces are: a file is then cut at the
same places by every run, so that a piece already in the dataset is known by its name."""

GROUP_BYTES = 2**20
"""Files smaller than this share a task, up to this size together (about 500 hands): a
task costs a tenth of a second whatever it reads (its DuckDB, the facts query, a Parquet
file per table), and a player's folder holds thousands of table sessions of 50 hands."""

Progress = Callable[[int, int], None]
"""Told (files done, hands seen) as the run goes."""


@dataclass
class DatasetSummary:
    files: int = 0
    files_unchanged: int = 0  # every byte already in the dataset: not sent
    pieces_written: int = 0
    pieces_already: int = 0  # a task found its piece recorded (a re-run, a copied file)
    hands_written: int = 0
    imported_by_site: Counter[str] = field(default_factory=Counter)
    duplicates: int = 0  # a hand twice in one piece, written once
    flop_games_skipped: int = 0
    cancelled: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    left_for_next_run: int = 0
    tournament_summaries: int = 0
    refused: list[Refused] = field(default_factory=list)
    workers: int = 0


def import_to_dataset(
    paths: Iterable[str | Path],
    directory: Path,
    address: str | None = None,
    jobs: int = os.cpu_count() or 1,
    progress: Progress | None = None,
    piece_bytes: int = PIECE_BYTES,
) -> DatasetSummary:
    """Read every history under `paths` into the dataset at `directory`, a file larger
    than `piece_bytes` in pieces."""
    directory = directory.resolve()  # as the workers, maybe elsewhere, must find it
    directory.mkdir(parents=True, exist_ok=True)
    if address is not None:  # a remote worker's working folder is not this one's
        paths = [Path(path).resolve() for path in paths]
    summary = DatasetSummary()
    found = list(sources(paths))
    done = read_completely(records(directory))
    files: Counter[str] = Counter()  # the tasks of each file still to come back
    with _client(address, jobs) as client:
        summary.workers = sum(client.nthreads().values())
        parts = []
        for source in found:
            if isinstance(source, Refused):
                summary.refused.append(source)
                continue
            summary.files += 1
            if (source.name, source.size, source.mtime.isoformat()) in done:
                summary.files_unchanged += 1
                continue
            parts.extend(_parts(source, piece_bytes))
        work = [DatasetWork(str(directory), group) for group in _grouped(parts)]
        for task in work:
            files.update(part.source.name for part in task.parts)
        finished = summary.files_unchanged
        for outcome in _outcomes(client, work):
            _count(summary, outcome)
            for name in outcome.names:
                files[name] -= 1
                finished += files[name] == 0
            if progress:
                progress(finished, summary.hands_written + summary.duplicates)
    return summary


def _parts(source: Source, piece_bytes: int) -> list[Part]:
    """A file whole, or its pieces when it is a large file on disk."""
    pieces = None
    if not source.members and source.size > piece_bytes:
        pieces = file_pieces(source.path, 0, source.size, PieceSizes(piece_bytes))
    return [Part(source, piece) for piece in pieces] if pieces else [Part(source)]


def _grouped(parts: list[Part]) -> Iterator[tuple[Part, ...]]:
    """The tasks: a piece or a file of `GROUP_BYTES` or more alone, smaller files together
    up to about that (in the order found: the same files make the same groups)."""
    group: list[Part] = []
    size = 0
    for part in parts:
        if part.piece is not None or part.source.size >= GROUP_BYTES:
            yield (part,)
            continue
        group.append(part)
        size += part.source.size
        if size >= GROUP_BYTES:
            yield tuple(group)
            group, size = [], 0
    if group:
        yield tuple(group)


def _outcomes(client: Client, work: list[DatasetWork]) -> Iterator[DatasetOutcome]:
    """Each task's outcome as it comes back; a task that failed (its worker killed more
    times than Dask retries, or an error studdraw did not foresee) as its files refused."""
    from distributed import as_completed

    futures = client.map(write_piece, work, pure=False)
    tasks = {future.key: task for future, task in zip(futures, work, strict=True)}
    for future in as_completed(futures):
        names = tuple(part.source.name for part in tasks[future.key].parts)
        try:
            yield future.result()
        except Exception as error:  # told to the player; the run goes on
            reason = f"its reading failed ({type(error).__name__}: {error}): run it again"
            yield DatasetOutcome(names, refused=tuple(Refused(name, reason) for name in names))
        finally:
            future.release()


def _count(summary: DatasetSummary, outcome: DatasetOutcome) -> None:
    for refused in outcome.refused:
        if refused not in summary.refused:
            summary.refused.append(refused)
    record = outcome.record
    if record is None:
        return
    summary.left_for_next_run += outcome.left_for_next_run
    if outcome.already:
        summary.pieces_already += 1
        return
    summary.pieces_written += 1
    summary.hands_written += record.hands
    summary.imported_by_site.update(record.hands_by_site)
    summary.duplicates += record.duplicates
    summary.flop_games_skipped += record.flop_games_skipped
    summary.cancelled += record.cancelled
    summary.tournament_summaries += record.tournament_summaries
    summary.rejected.update(record.rejected)


@contextlib.contextmanager
def _client(address: str | None, jobs: int) -> Iterator[Client]:
    """A client of the cluster at `address`, or of a local one of `jobs` worker processes."""
    from distributed import Client, LocalCluster

    if address is not None:
        with Client(address) as client:
            yield client
        return
    with (
        LocalCluster(
            n_workers=jobs,
            threads_per_worker=1,  # parsing holds the GIL: processes, not threads
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client
