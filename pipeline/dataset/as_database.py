"""A Parquet dataset read as if it were the database: a DuckDB connection whose tables
are views over the dataset's files, with the stat views and macros on top.

Only recorded pieces are read (`layout`). A hand written by two pieces (the same hand in
two files, or a file read again after it grew) is read once, with all its rows from one
piece: the piece whose name sorts first. A reject is read once by its id; a tournament's
summary once, the one written after it ended preferred, as in the database.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from pipeline.dataset.layout import (
    DATASET_TABLES,
    DONE_FOLDER,
    ROWS_OF_A_HAND,
    Partition,
    current_pieces,
    records,
    table_files,
)
from pipeline.storage.database import MEMORY_LIMIT, SCHEMA
from pipeline.storage.stats import facts_table_sql, install_stats


class DatasetMissing(Exception):
    """The folder holds no studdraw dataset."""


def open_dataset(
    directory: Path, partition: Partition | None = None, stats: bool = True
) -> duckdb.DuckDBPyConnection:
    """An in-memory connection on which the dataset (or one partition of it: every table's
    rows in one site's, game's and month's folders) reads as the database's tables, with
    the stat views and macros unless `stats` is false."""
    directory = directory.resolve()  # the views name their files by absolute paths
    if not (directory / DONE_FOLDER).is_dir():
        raise DatasetMissing(
            f"{directory} holds no studdraw dataset: write one with "
            f"'studdraw import PATH... --to parquet {directory}'"
        )
    connection = duckdb.connect(config={"memory_limit": MEMORY_LIMIT})
    try:
        connection.execute(SCHEMA.read_text(encoding="utf-8"))
        connection.execute(facts_table_sql()).fetchall()
        create_views(connection, directory, partition)
        if stats:
            install_stats(connection, temporary=True)
    except BaseException:
        connection.close()
        raise
    return connection


def create_views(
    connection: duckdb.DuckDBPyConnection, directory: Path, partition: Partition | None = None
) -> None:
    """Replace each table that has files in the dataset by a view over them (a table
    with none stays, empty, so that every query still finds its columns)."""
    pieces = current_pieces(records(directory))
    hand_files = table_files(directory, "hands", pieces, partition)
    if hand_files:
        connection.execute(
            "CREATE OR REPLACE TEMP VIEW dataset_hand_pieces AS "
            f"SELECT h.site, h.hand_number, min({_piece('h')}) AS piece "
            f"FROM {_files(hand_files)} AS h GROUP BY h.site, h.hand_number"
        )
    for table in DATASET_TABLES:
        files = table_files(directory, table, pieces, partition)
        if not files or (table in ROWS_OF_A_HAND and not hand_files):
            continue
        connection.execute(f"DROP TABLE {table}")
        connection.execute(f"CREATE VIEW {table} AS {_read_once(table, _files(files))}")


def _read_once(table: str, files: str) -> str:
    """The table's rows, each once (module docstring). Every column is named with its
    table's alias: DuckDB confuses a view's bare `site` with a stat macro's parameter of
    that name when the macro reads the view."""
    if table == "hands" or table in ROWS_OF_A_HAND:
        return (
            f"SELECT r.* EXCLUDE (filename) FROM {files} AS r SEMI JOIN dataset_hand_pieces AS p "
            "ON r.site = p.site AND r.hand_number = p.hand_number "
            f"AND {_piece('r')} = p.piece"
        )
    if table == "rejects":
        order, key = "r.filename", "r.reject_id"
    else:  # tournament_summaries
        order = "r.finished_at IS NULL, r.finished_at DESC, r.filename"
        key = "r.site, r.tournament_id"
    return (
        f"SELECT r.* EXCLUDE (filename) FROM {files} AS r "
        f"QUALIFY row_number() OVER (PARTITION BY {key} ORDER BY {order}) = 1"
    )


def _piece(alias: str) -> str:
    """The piece a row's file belongs to (`layout.piece_of`)."""
    return f"split_part(parse_filename({alias}.filename), '.', 1)"


def _files(paths: list[Path]) -> str:
    """read_parquet over these files, their partition folders not read as columns (each
    file holds its table's columns whole)."""
    listed = ", ".join("'" + str(path).replace("'", "''") + "'" for path in paths)
    return f"read_parquet([{listed}], filename = true, hive_partitioning = false)"
