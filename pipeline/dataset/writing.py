"""A worker's task: one history file, or a piece of a large one, into the dataset.

It is the import's own worker (`importer.read_work`: read, parse, replay, rows), whose
batches, instead of going to the database's loader, go into an in-memory DuckDB with
the database's schema: the same column types, and the stats' facts (facts.sql) worked
out by the same SQL. Each table is then written as Parquet, one file per partition,
named after the piece (`layout`).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import duckdb
import polars as pl

from pipeline.dataset.layout import (
    DATASET_TABLES,
    ROWS_OF_A_HAND,
    STAGING_FOLDER,
    UNKNOWN,
    PieceRecord,
    SourceMark,
    is_recorded,
    record_piece,
    table_file,
)
from pipeline.importing.importer import SPOOL_HANDS, FileWork, WorkOutcome, read_work
from pipeline.importing.pending_batches import PendingBatches
from pipeline.sources.file_pieces import Piece, read_piece
from pipeline.sources.history_sources import Refused, Source, SourceRefusal, read_refusal
from pipeline.storage.database import MEMORY_LIMIT, SCHEMA, register
from pipeline.storage.stats import install_stats
from pipeline.workers.spool_folders import spool_folder

PIECE_NAME_LENGTH = 32  # hex digits of the SHA-256 kept: 128 bits


@dataclass(frozen=True, slots=True)
class Part:
    """A file, or a piece of a large one."""

    source: Source
    piece: Piece | None = None

    def read(self) -> bytes:
        if self.piece is None:
            return self.source.read()
        return read_piece(self.source.path, self.piece, "run it again")


@dataclass(frozen=True, slots=True)
class DatasetWork:
    """A task: a piece of a large file, or several small files (a task costs a tenth of
    a second whatever its size: a file of a table session's 50 hands is not worth one),
    to read into the dataset at `directory`."""

    directory: str
    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class DatasetOutcome:
    """What a task did: its piece's record (`already`: it was in the dataset before), and
    the files that could not be read, with why."""

    names: tuple[str, ...]  # the files the task read, or tried to
    record: PieceRecord | None = None
    already: bool = False
    left_for_next_run: int = 0
    refused: tuple[Refused, ...] = ()


def write_piece(work: DatasetWork) -> DatasetOutcome:
    """Read the work's bytes into the dataset, unless a piece of the same bytes is there.

    The piece is named by the SHA-256 of its bytes (of each part's SHA-256, for several
    files): the same bytes read again, under any file name, are the same piece."""
    started = time.perf_counter()
    directory = Path(work.directory)
    names = tuple(part.source.name for part in work.parts)
    readable: list[tuple[Part, bytes]] = []
    refused: list[Refused] = []
    for part in work.parts:
        try:
            readable.append((part, part.read()))
        except (SourceRefusal, OSError) as error:
            refusal = error if isinstance(error, SourceRefusal) else read_refusal(error, "it")
            refused.append(Refused(part.source.name, str(refusal)))
    if not readable:
        return DatasetOutcome(names, refused=tuple(refused))
    name = _piece_name([data for _part, data in readable])
    recorded = is_recorded(directory, name)
    if recorded is not None:
        return DatasetOutcome(names, recorded, already=True, refused=tuple(refused))

    pending, marks = PendingBatches(), list[SourceMark]()
    counts = WorkOutcome()
    with spool_folder("piece") as spool:
        for part, data in readable:
            source, piece = part.source, part.piece
            hands_before = None if piece is None else 0
            outcome = read_work(FileWork(source, None, SPOOL_HANDS, spool, piece, hands_before))
            if outcome.refused is not None:
                refused.append(outcome.refused)
                continue
            for frame_files, progress in outcome.batches:
                pending.add(frame_files, progress)
            start = 0 if piece is None else piece.start
            complete = outcome.left_for_next_run == 0
            marks.append(
                SourceMark(
                    source.name, source.size, source.mtime.isoformat(), start, start + len(data),
                    complete,
                )
            )  # fmt: skip
            _add_counts(counts, outcome)
        frames = pending.tables()
    with _schema_connection() as connection:
        _load(connection, frames)
        place_tables(connection, directory, name)
    by_site: dict[str, int] = {}
    if "hands" in frames:
        by_site = dict(frames["hands"]["site"].value_counts().iter_rows())
    record = PieceRecord(
        piece=name,
        marks=tuple(marks),
        hands=sum(by_site.values()),
        hands_by_site=by_site,
        duplicates=counts.duplicates + pending.duplicates,
        rejected=dict(counts.rejected),
        flop_games_skipped=counts.flop_games_skipped,
        cancelled=counts.cancelled,
        tournament_summaries=counts.tournament_summaries,
        seconds=round(time.perf_counter() - started, 3),
    )
    record_piece(directory, record)
    return DatasetOutcome(
        names, record, left_for_next_run=counts.left_for_next_run, refused=tuple(refused)
    )


def _piece_name(parts: list[bytes]) -> str:
    digest = hashlib.sha256(parts[0])
    if len(parts) > 1:
        digest = hashlib.sha256(b"".join(hashlib.sha256(data).digest() for data in parts))
    return digest.hexdigest()[:PIECE_NAME_LENGTH]


def _add_counts(total: WorkOutcome, outcome: WorkOutcome) -> None:
    total.duplicates += outcome.duplicates
    total.rejected.update(outcome.rejected)
    total.flop_games_skipped += outcome.flop_games_skipped
    total.cancelled += outcome.cancelled
    total.tournament_summaries += outcome.tournament_summaries
    total.left_for_next_run += outcome.left_for_next_run


@contextmanager
def _schema_connection() -> Iterator[duckdb.DuckDBPyConnection]:
    """An in-memory DuckDB with the database's tables, empty."""
    connection = duckdb.connect(config={"memory_limit": MEMORY_LIMIT, "threads": 1})
    try:
        connection.execute(SCHEMA.read_text(encoding="utf-8"))
        yield connection
    finally:
        connection.close()


def _load(connection: duckdb.DuckDBPyConnection, frames: dict[str, pl.DataFrame]) -> None:
    """The piece's rows into the schema's tables (cast to its types), and their facts."""
    for table, frame in frames.items():
        if table == "tournament_summaries":  # the one written after it ended kept, as stored
            frame = frame.sort("finished_at", descending=True, nulls_last=True)
        register(connection, "incoming", frame)
        # A reject or a summary met twice in one piece is one row, as in the database.
        ignore = "OR IGNORE " if table in ("rejects", "tournament_summaries") else ""
        connection.execute(f"INSERT {ignore}INTO {table} BY NAME SELECT * FROM incoming")
        connection.unregister("incoming")
    install_stats(connection)  # the facts of every hand there, by the stats' own SQL


def place_tables(connection: duckdb.DuckDBPyConnection, directory: Path, piece: str) -> None:
    """Write every table the connection holds rows of as the piece's Parquet files: into a
    staging folder first, then each renamed into place (a rename never leaves half a
    file; a piece whose record is not yet written is not read). One COPY a table, which
    DuckDB cuts by partition, so that each table is read once (its rows may be a view
    over the whole dataset, when compacting)."""
    staging = directory / STAGING_FOLDER / f"{piece}-{uuid.uuid4().hex}"
    try:
        stage_tables(connection, staging)
        place_staged(staging, directory, piece)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def stage_tables(connection: duckdb.DuckDBPyConnection, staging: Path) -> None:
    """Write the connection's tables into `staging`, cut by partition by DuckDB (rows in
    any order, and spilling to disk beside it when compacting more than memory holds)."""
    staging.mkdir(parents=True, exist_ok=True)
    connection.execute("SET preserve_insertion_order = false")
    connection.execute(f"SET temp_directory = {_literal(str(staging) + '.spill')}")
    connection.execute(
        "CREATE OR REPLACE TEMP TABLE partition_of AS SELECT h.site, h.hand_number, "
        f"h.site AS p_site, h.game AS p_game, {_month('h.started_at')} AS p_month "
        "FROM hands AS h"
    )
    for table in DATASET_TABLES:
        connection.execute(
            f"COPY ({_with_partition(table)}) TO {_literal(str(staging / table))} "
            "(FORMAT parquet, PARTITION_BY (p_site, p_game, p_month), "
            "FILENAME_PATTERN 'part_{uuid}', COMPRESSION zstd, OVERWRITE_OR_IGNORE)"
        )


def place_staged(staging: Path, directory: Path, piece: str) -> None:
    """Rename each staged file to its place in the dataset, under the piece's name: the
    n files of a partition (one but for a large one) `<piece>`, `<piece>.1`...
    `<piece>.<n-1>`, the same names whenever the same piece is written again."""
    for folder in sorted({staged.parent for staged in staging.rglob("*.parquet")}):
        table, *values = folder.relative_to(staging).parts
        site, game, month = (unquote(value.partition("=")[2]) for value in values)
        for number, staged in enumerate(sorted(folder.glob("*.parquet"))):
            name = piece if number == 0 else f"{piece}.{number}"
            target = table_file(directory, table, site, game, month, name)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, target)


def _with_partition(table: str) -> str:
    """The table's rows, each with its partition: a hand's, for the rows of a hand."""
    if table == "hands" or table in ROWS_OF_A_HAND:
        return (
            f"SELECT t.*, p.p_site, p.p_game, p.p_month FROM {table} AS t JOIN partition_of AS p "
            "ON t.site = p.site AND t.hand_number = p.hand_number"
        )
    month = _month("t.started_at") if table == "tournament_summaries" else f"'{UNKNOWN}'"
    return (
        f"SELECT t.*, coalesce(t.site, '{UNKNOWN}') AS p_site, '{UNKNOWN}' AS p_game, "
        f"{month} AS p_month FROM {table} AS t"
    )


def _month(column: str) -> str:
    """The partition month of a time, in UTC ('2026-11'), whatever the session's zone."""
    return f"coalesce(strftime(timezone('UTC', {column}), '%Y-%m'), '{UNKNOWN}')"


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"
