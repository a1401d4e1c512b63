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
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

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
from pipeline.file_pieces import Piece, read_piece
from pipeline.history_sources import Refused, Source, SourceRefusal, read_refusal
from pipeline.importer import BATCH_HANDS, FileWork, PendingBatches, read_work
from pipeline.storage.database import MEMORY_LIMIT, SCHEMA
from pipeline.storage.stats import install_stats

PIECE_NAME_LENGTH = 32  # hex digits of the SHA-256 kept: 128 bits


@dataclass(frozen=True, slots=True)
class DatasetWork:
    """A task: a file (or a piece of it) to read into the dataset at `directory`."""

    directory: str
    source: Source
    piece: Piece | None = None


@dataclass(frozen=True, slots=True)
class DatasetOutcome:
    """What a task did: its piece's record (`already`: it was in the dataset before), or
    why the file could not be read."""

    name: str
    record: PieceRecord | None = None
    already: bool = False
    left_for_next_run: int = 0
    refused: Refused | None = None


def write_piece(work: DatasetWork) -> DatasetOutcome:
    """Read the work's bytes into the dataset, unless a piece of the same bytes is there."""
    directory, source, piece = Path(work.directory), work.source, work.piece
    try:
        data = source.read() if piece is None else read_piece(source.path, piece, "run it again")
    except (SourceRefusal, OSError) as error:
        refusal = error if isinstance(error, SourceRefusal) else read_refusal(error, "it")
        return DatasetOutcome(source.name, refused=Refused(source.name, str(refusal)))
    name = hashlib.sha256(data).hexdigest()[:PIECE_NAME_LENGTH]
    recorded = is_recorded(directory, name)
    if recorded is not None:
        return DatasetOutcome(source.name, recorded, already=True)

    with tempfile.TemporaryDirectory(prefix="studdraw-piece-") as spool:
        start = 0 if piece is None else piece.start
        hands_before = None if piece is None else 0
        outcome = read_work(FileWork(source, None, BATCH_HANDS, spool, piece, hands_before))
        if outcome.refused is not None:
            return DatasetOutcome(source.name, refused=outcome.refused)
        pending = PendingBatches()
        for frame_files, progress in outcome.batches:
            pending.add(frame_files, progress)
        frames = pending.tables()
    with _schema_connection() as connection:
        _load(connection, frames)
        place_tables(connection, directory, name)
    by_site: dict[str, int] = {}
    if "hands" in frames:
        by_site = dict(frames["hands"]["site"].value_counts().iter_rows())
    mark = SourceMark(
        source.name,
        source.size,
        source.mtime.isoformat(),
        start,
        start + len(data),
        complete=outcome.left_for_next_run == 0,
    )
    record = PieceRecord(
        piece=name,
        marks=(mark,),
        hands=sum(by_site.values()),
        hands_by_site=by_site,
        duplicates=outcome.duplicates + pending.duplicates,
        rejected=dict(outcome.rejected),
        flop_games_skipped=outcome.flop_games_skipped,
        cancelled=outcome.cancelled,
        tournament_summaries=outcome.tournament_summaries,
    )
    record_piece(directory, record)
    return DatasetOutcome(source.name, record, left_for_next_run=outcome.left_for_next_run)


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
        connection.register("incoming", frame)
        # A reject or a summary met twice in one piece is one row, as in the database.
        ignore = "OR IGNORE " if table in ("rejects", "tournament_summaries") else ""
        connection.execute(f"INSERT {ignore}INTO {table} BY NAME SELECT * FROM incoming")
        connection.unregister("incoming")
    install_stats(connection)  # the facts of every hand there, by the stats' own SQL


def place_tables(connection: duckdb.DuckDBPyConnection, directory: Path, piece: str) -> None:
    """Write every table the connection holds rows of as the piece's Parquet files: into a
    staging folder first, then each renamed into place (a rename never leaves half a
    file; a piece whose record is not yet written is not read)."""
    staging = directory / STAGING_FOLDER / f"{piece}-{uuid.uuid4().hex}"
    placed: list[tuple[Path, Path]] = []
    try:
        connection.execute(
            "CREATE OR REPLACE TEMP TABLE partition_of AS SELECT site, hand_number, "
            f"site AS p_site, game AS p_game, {_month('started_at')} AS p_month FROM hands"
        )
        for table in DATASET_TABLES:
            for site, game, month, rows in _partitions(connection, table):
                target = table_file(directory, table, site, game, month, piece)
                staged = staging / target.relative_to(directory)
                staged.parent.mkdir(parents=True, exist_ok=True)
                connection.execute(
                    f"COPY ({rows}) TO {_literal(str(staged))} (FORMAT parquet, COMPRESSION zstd)"
                )
                placed.append((staged, target))
        for staged, target in placed:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _partitions(
    connection: duckdb.DuckDBPyConnection, table: str
) -> list[tuple[str, str, str, str]]:
    """(site, game, month, the query of its rows) for each partition the table has rows in."""
    if table == "hands" or table in ROWS_OF_A_HAND:
        found = connection.execute(
            "SELECT DISTINCT p_site, p_game, p_month FROM partition_of "
            f"SEMI JOIN {table} USING (site, hand_number) ORDER BY ALL"
        ).fetchall()
        return [
            (
                site,
                game,
                month,
                f"SELECT * FROM {table} SEMI JOIN (SELECT site, hand_number FROM partition_of "
                f"WHERE p_site = {_literal(site)} AND p_game = {_literal(game)} "
                f"AND p_month = {_literal(month)}) USING (site, hand_number)",
            )
            for site, game, month in found
        ]
    month = _month("started_at") if table == "tournament_summaries" else f"'{UNKNOWN}'"
    found = connection.execute(
        f"SELECT DISTINCT coalesce(site, '{UNKNOWN}'), {month} FROM {table} ORDER BY ALL"
    ).fetchall()
    return [
        (
            site,
            UNKNOWN,
            when,
            f"SELECT * FROM {table} WHERE coalesce(site, '{UNKNOWN}') = {_literal(site)} "
            f"AND {month} = {_literal(when)}",
        )
        for site, when in found
    ]


def _month(column: str) -> str:
    """The partition month of a time, in UTC ('2026-11'), whatever the session's zone."""
    return f"coalesce(strftime(timezone('UTC', {column}), '%Y-%m'), '{UNKNOWN}')"


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"
