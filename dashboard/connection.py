"""The dashboard's only way to the database: short-lived read-only connections.

DuckDB lets one process hold a database file for writing, and while it does no other
process can open the file at all, not even read-only. An import running in another
process (or the Import page) must therefore find the file free between its batches, so
the dashboard never keeps a connection across reruns: each query opens a read-only
connection, fetches its whole result (an unread DuckDB result would block the
connection), and closes it. When the file is locked, the query retries with a short
back-off for a few seconds and then raises `DatabaseBusy`, which the app shows as "an
import is writing to the database; try again in a moment".

Results are cached with `st.cache_data`, keyed on the SQL, its parameters, the database
path and the file's version (modification time and size, and the write-ahead log's), so
that pages re-render at once and an import invalidates the cache by itself.

A file imported by an older studdraw lacks the stats' table of per-hand facts (or holds
an older one): the first query opens it for writing once, as the next import would, to
fill it (`bring_up_to_date`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import duckdb
import polars as pl
import streamlit as st

from dashboard.serving import DATASET_VARIABLE
from pipeline.dataset.as_database import DatasetMissing, open_dataset
from pipeline.dataset.layout import DONE_FOLDER
from pipeline.storage import read_only as reading
from pipeline.storage.database import default_database

Params = Mapping[str, Any]
T = TypeVar("T")

RETRY_SECONDS = 5.0  # how long a query waits for an import's batch to let the file go


class NoDatabase(Exception):
    """There is no database file yet: nothing has been imported."""


def database_path() -> Path:
    """What the dashboard shows: the Parquet dataset folder $STUDDRAW_PARQUET
    (`studdraw dashboard --parquet DIR`), else the database $STUDDRAW_DB, else the user
    data folder's.

    Read on every call (not once at import) so that `studdraw dashboard --db FILE` and
    tests can point the app at a file through the environment.
    """
    dataset = os.environ.get(DATASET_VARIABLE)
    return Path(dataset) if dataset else default_database()


def is_dataset(path: Path | None = None) -> bool:
    """The dashboard reads a Parquet dataset: read-only (notes, tags, the hero's names
    and imports belong to a database)."""
    return (path or database_path()).is_dir()


def file_version(path: Path) -> tuple[int, int, int, int]:
    """What changes when the file is written: its and its write-ahead log's time and size.

    An import that has committed but not yet checkpointed has changed only the `.wal`.
    A dataset changes when a piece is recorded (or compacted): its records' folder.
    """
    if is_dataset(path):
        done = path / DONE_FOLDER
        if not done.is_dir():
            return (0, 0, 0, 0)
        return (done.stat().st_mtime_ns, sum(1 for _ in done.iterdir()), 0, 0)
    version = [0, 0, 0, 0]
    for offset, file in enumerate((path, path.with_name(path.name + ".wal"))):
        try:
            stat = file.stat()
        except FileNotFoundError:
            continue
        version[2 * offset] = stat.st_mtime_ns
        version[2 * offset + 1] = stat.st_size
    return (version[0], version[1], version[2], version[3])


@contextmanager
def read_only(path: Path | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only connection for the length of one `with` block.

    It changes no setting: DuckDB shares one database instance (and its settings, the
    time zone included) between the connections a process opens on a file, so a SET
    here would reach other sessions' queries. Times are turned to UTC in the SQL
    (`timezone('UTC', started_at)`) and date filters carry their offset instead.
    """
    path = path or database_path()
    if not path.exists():
        raise NoDatabase(f"No database at {path}")
    connection = _open(path)
    try:
        yield connection
    finally:
        connection.close()


def _open(path: Path) -> duckdb.DuckDBPyConnection:
    if not is_dataset(path):
        return reading.connect_for_reading(path, wait=RETRY_SECONDS)
    try:
        return open_dataset(path)
    except DatasetMissing as error:
        raise NoDatabase(str(error)) from None


def _frame(connection: duckdb.DuckDBPyConnection, sql: str, params: Params | None) -> pl.DataFrame:
    relation = connection.sql(sql, params=dict(params) if params else None)
    if relation is None:  # a statement with no result
        return pl.DataFrame()
    return relation.pl()  # fetches everything: nothing left open on the connection


def query(path: Path, sql: str, params: Params | None = None) -> pl.DataFrame:
    """One query's whole result, uncached, on a connection of its own."""
    with read_only(path) as connection:
        return _frame(connection, sql, params)


def query_many(path: Path, statements: Sequence[tuple[str, Params | None]]) -> list[pl.DataFrame]:
    """Several queries on one connection (one hand's tables for the replayer)."""
    with read_only(path) as connection:
        return [_frame(connection, sql, params) for sql, params in statements]


@st.cache_data(max_entries=256, show_spinner=False)
def _cached(
    path: str, version: tuple[int, int, int, int], statements: tuple[tuple[str, Any], ...]
) -> list[pl.DataFrame]:
    del version  # part of the cache key only: a new version is a new entry
    return query_many(Path(path), [(sql, dict(params)) for sql, params in statements])


def _key(params: Params | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((params or {}).items()))


_CURRENT: set[tuple[str, tuple[int, int, int, int]]] = set()
"""(path, file version) pairs whose stat tables were found up to date."""


def bring_up_to_date(path: Path) -> None:
    """Fill the stats' table of per-hand facts if the file was imported by an older
    studdraw (as its next import would): once, instead of every query working the facts
    out again on a read-only connection. Checked once per version of the file."""
    key = (str(path), file_version(path))
    if key in _CURRENT or is_dataset(path):  # a dataset is written up to date
        return
    if reading.bring_up_to_date(path, wait=RETRY_SECONDS, announce=st.spinner):
        _fill_all_in_results(path)
    _CURRENT.add((str(path), file_version(path)))


def _fill_all_in_results(path: Path) -> None:
    """An older studdraw's file, just upgraded: its all-in adjusted results too (as the
    next import would), reading again the hands that may need them."""
    from pipeline.importing.all_in_fill import fill_all_in_results, hands_to_fill
    from pipeline.storage.database import Database

    with contextlib.suppress(duckdb.Error, OSError), Database(path) as database:
        if hands_to_fill(database):
            with st.spinner("Working out the all-in adjusted results of the hands stored"):
                fill_all_in_results(database)


def fetch(sql: str, params: Params | None = None) -> pl.DataFrame:
    """A query's result from the dashboard's database, cached until the file changes."""
    path = database_path()
    if not path.exists():
        raise NoDatabase(f"No database at {path}")
    bring_up_to_date(path)
    return _cached(str(path), file_version(path), ((sql, _key(params)),))[0]


def fetch_many(statements: Sequence[tuple[str, Params | None]]) -> list[pl.DataFrame]:
    """Several results read on one connection, cached together."""
    path = database_path()
    if not path.exists():
        raise NoDatabase(f"No database at {path}")
    bring_up_to_date(path)
    key = tuple((sql, _key(params)) for sql, params in statements)
    return _cached(str(path), file_version(path), key)
