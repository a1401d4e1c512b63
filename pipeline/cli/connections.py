"""The database (or Parquet dataset) a command reads or writes: opened, queried, and
what goes wrong said in one line on stderr, with the command's exit status, never as a
traceback."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pipeline.cli.console import stderr
from pipeline.reports.terminal_text import as_text, joined

if TYPE_CHECKING:
    import duckdb
    import polars as pl

    from pipeline.storage.stat_filters import StatFilters


def database_path(db: Path | None) -> Path:
    """The database `--db` names, or the default one."""
    from pipeline.storage.database import default_database

    return db or default_database()


@contextlib.contextmanager
def database_errors_as_messages() -> Iterator[None]:
    """Another process kept the database for the whole wait, or the file is not one
    studdraw can use: say so in one line, no traceback."""
    from pipeline.storage.database import DatabaseBusy, DatabaseRefused, DatabaseWriteFailed

    try:
        yield
    except DatabaseBusy as error:
        stderr.print(f"[red]the database is busy:[/] {error}")
        raise typer.Exit(1) from None
    except DatabaseWriteFailed as error:
        stderr.print(f"[red]import stopped:[/] {error}", highlight=False)
        raise typer.Exit(1) from None
    except DatabaseRefused as error:
        stderr.print(f"[red]not used:[/] {error}; it was left as it was", highlight=False)
        raise typer.Exit(2) from None


def database_connection(db: Path | None) -> duckdb.DuckDBPyConnection:
    """The database opened read-only (brought up to date first, if it is older)."""
    from pipeline.storage.read_only import open_for_reading

    target = database_path(db)
    if not target.exists():
        stderr.print(f"[red]no database at {target}[/]: run 'studdraw import' first")
        raise typer.Exit(2)
    with database_errors_as_messages():
        return open_for_reading(target, announce=note_on_stderr)


def dataset_connection(directory: Path) -> duckdb.DuckDBPyConnection:
    """The Parquet dataset in `directory`, read as the database is."""
    from pipeline.dataset.as_database import DatasetMissing, open_dataset

    try:
        return open_dataset(directory)
    except DatasetMissing as error:
        stderr.print(f"[red]no dataset:[/] {error}", highlight=False)
        raise typer.Exit(2) from None


def note_on_stderr(note: str) -> contextlib.AbstractContextManager[None]:
    """What opening the database has to say (an older file brought up to date)."""
    stderr.print(note)
    return contextlib.nullcontext()


def read_only_frame(
    db: Path | None, sql: str, parameters: dict[str, str], parquet: Path | None = None
) -> pl.DataFrame:
    """A query's result from the database opened read-only (or the Parquet dataset)."""
    connection = dataset_connection(parquet) if parquet else database_connection(db)
    with connection:
        return query_frame(connection, sql, parameters)


def query_frame(
    connection: duckdb.DuckDBPyConnection, sql: str, parameters: dict[str, str]
) -> pl.DataFrame:
    """A query's result; the user's SQL errors said as such, in one line."""
    try:
        return connection.sql(sql, params=parameters or None).pl()
    except Exception as error:  # duckdb raises many kinds; all are about the input
        stderr.print(joined((f"{type(error).__name__}:", "red"), " ", (error, "")))
        raise typer.Exit(1) from None


def checked_filters(connection: duckdb.DuckDBPyConnection, filters: StatFilters) -> StatFilters:
    """The filters as the database spells them; a value no hand has ends the command
    (exit 2) with one line saying what there is."""
    from pipeline.storage.stat_filters import UnknownValue, checked

    try:
        return checked(connection, filters)
    except UnknownValue as error:
        stderr.print(as_text(f"not counted: {error}", "red"))
        raise typer.Exit(2) from None
