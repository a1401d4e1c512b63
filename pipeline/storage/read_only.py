"""Opening a studdraw file to read it, the one way the CLI and the dashboard do.

Reading waits while an import holds the file (it lets go between batches). A file an
older studdraw wrote lacks this version's table of stat facts, or holds an older one:
every stat query would work the facts out again, which is slow on a large file. So the
first reader brings it up to date, once, as the next import would, and says so; a file
that cannot be written is read as it is (slower, still right).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import duckdb

from pipeline.storage.database import (
    LOCK_WAIT_SECONDS,
    Database,
    connect,
    refuse_unless_usable,
)
from pipeline.storage.stats import day_counts_current, facts_are_current, make_stats_readable

UPGRADE_NOTE = (
    "Bringing the database up to date for this version of studdraw "
    "(once: about two minutes per million hands)..."
)

Announce = Callable[[str], AbstractContextManager[object]]
"""Shows a note for as long as the `with` block it opens lasts (a spinner, a line)."""


def _silently(_note: str) -> AbstractContextManager[object]:
    return contextlib.nullcontext()


def stats_out_of_date(path: Path, wait: float = LOCK_WAIT_SECONDS) -> bool:
    """The file was imported by an older studdraw: its stats' table of per-hand facts, or
    the tables of their day counts, are missing or stale."""
    connection = connect(path, read_only=True, wait=wait)
    try:
        return not (facts_are_current(connection) and day_counts_current(connection))
    except duckdb.CatalogException:  # no hand_players: not a studdraw file, leave it be
        return False
    finally:
        connection.close()


def bring_up_to_date(
    path: Path, wait: float = LOCK_WAIT_SECONDS, announce: Announce = _silently
) -> bool:
    """Fill the stat facts of a file an older studdraw wrote (opening it for writing
    once, under `announce(UPGRADE_NOTE)`); True if there was anything to do."""
    if not stats_out_of_date(path, wait):
        return False
    with announce(UPGRADE_NOTE), contextlib.suppress(duckdb.Error, OSError):
        Database(path).close()  # a file that cannot be written: queries work the facts out
    return True


def connect_for_reading(path: Path, wait: float = LOCK_WAIT_SECONDS) -> duckdb.DuckDBPyConnection:
    """A read-only connection on which every stat view and macro resolves."""
    connection = connect(path, read_only=True, wait=wait)
    make_stats_readable(connection)
    return connection


def open_for_reading(
    path: Path, wait: float = LOCK_WAIT_SECONDS, announce: Announce = _silently
) -> duckdb.DuckDBPyConnection:
    """The file, brought up to date if an older studdraw wrote it, opened read-only
    (`DatabaseRefused` if it is not a studdraw file this version can read)."""
    refuse_unless_usable(path)
    bring_up_to_date(path, wait, announce)
    return connect_for_reading(path, wait)
