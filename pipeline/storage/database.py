"""The DuckDB file: schema, batch loading, and the import log.

Every batch goes in one transaction: its hands (those not already stored), their rows in
every child table, the stats' facts about them (player_hand_facts), its rejects, and the
import-log entries saying how far each file has been read. Killed at any moment, the
database holds whole batches only, and the next import resumes after the last one.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import duckdb
import platformdirs

from pipeline.storage.empty_database import copied_empty, keep_empty
from pipeline.storage.file_progress import FileProgress
from pipeline.storage.rows import HAND_TABLES, TABLES
from pipeline.storage.stats import (
    FACT_SOURCES,
    FACTS_TABLE,
    add_facts,
    install_stats,
    make_stats_readable,
    recount_days,
)

if TYPE_CHECKING:  # loaded by whoever has frames to store: opening a file needs no Polars
    import polars as pl

SCHEMA = Path(__file__).with_name("schema.sql")

_HAND_KEY = "site, hand_number"


def default_database() -> Path:
    """$STUDDRAW_DB, else studdraw.duckdb in the user's data folder."""
    configured = os.environ.get("STUDDRAW_DB")
    if configured:
        return Path(configured)
    return Path(platformdirs.user_data_dir("studdraw")) / "studdraw.duckdb"


LOCK_WAIT_SECONDS = 30.0
"""How long to wait for another process's hold on the file before giving up."""

MEMORY_LIMIT = "256MB"
"""DuckDB's buffer pool (its default is 80% of the machine); it spills to disk beyond."""

T = TypeVar("T")


class DatabaseBusy(Exception):
    """Another writer kept the file for the whole wait."""


class DatabaseWriteFailed(Exception):
    """A batch could not be written (a full disk, most often); it was rolled back."""


class DatabaseRefused(Exception):
    """The file named is not one studdraw can use; it was left exactly as it was."""


SCHEMA_VERSION = 1
"""The tables' version, kept in the file (`studdraw_schema`): a studdraw that finds a
newer one stops rather than write tables it does not know."""

STUDDRAW_TABLES = frozenset({*TABLES, "import_files"})
_DUCKDB_MAGIC = b"DUCK"  # bytes 8 to 12 of every DuckDB file


def refuse_unless_usable(path: Path) -> None:
    """Raise `DatabaseRefused` unless `path` is absent, empty, or a DuckDB file holding
    studdraw's tables (or none) of this version or older. Reads only: a file refused is
    never written to, not even by DuckDB's opening of it."""
    if not path.exists():
        return
    if not path.is_file():
        raise DatabaseRefused(f"{path} is not a file")
    with path.open("rb") as file:
        header = file.read(16)
    if not header:
        return
    if header[8:12] != _DUCKDB_MAGIC:
        raise DatabaseRefused(f"{path} is not a DuckDB database (nor a studdraw one)")
    try:
        connection = retry_while_locked(
            lambda: duckdb.connect(str(path), read_only=True), LOCK_WAIT_SECONDS
        )
    except duckdb.Error as error:
        first = str(error).splitlines()[0]
        raise DatabaseRefused(f"{path} cannot be opened: {first}") from None
    with connection:
        tables = {name for (name,) in connection.execute("SHOW TABLES").fetchall()}
        version = 0
        if "studdraw_schema" in tables:
            [(version,)] = connection.execute("SELECT max(version) FROM studdraw_schema").fetchall()
    if tables and not tables & STUDDRAW_TABLES:
        shown = ", ".join(sorted(tables)[:5])
        raise DatabaseRefused(f"{path} is a DuckDB database, but not studdraw's (tables: {shown})")
    if (version or 0) > SCHEMA_VERSION:
        raise DatabaseRefused(
            f"{path} was written by a newer studdraw (schema {version}; this one knows "
            f"{SCHEMA_VERSION}): update studdraw to use it"
        )


def is_lock_error(error: duckdb.Error) -> bool:
    """Another process holds the file ("Could not set lock on file"; on Windows also a
    program that opened it unshared, an antivirus or a backup: "being used by another
    process"), or this process has it open under another configuration (read-only beside
    read-write) or attached for writing ("already attached", `connect`)."""
    message = str(error).lower()
    return (
        (isinstance(error, duckdb.IOException) and "lock" in message)
        or (isinstance(error, duckdb.IOException) and "used by another process" in message)
        or (isinstance(error, duckdb.ConnectionException) and "different configuration" in message)
        or (isinstance(error, duckdb.ResourceInUseException) and "already attached" in message)
    )


def retry_while_locked(attempt: Callable[[], T], seconds: float = LOCK_WAIT_SECONDS) -> T:
    """`attempt()`, tried again every few milliseconds while the file is held elsewhere
    (an import lets go between two batches), for at most `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return attempt()
        except duckdb.Error as error:
            if not is_lock_error(error):
                raise
            if time.monotonic() >= deadline:
                raise DatabaseBusy(
                    "An import is writing to the database; try again in a moment."
                ) from error
        time.sleep(0.02)


def connect(path: Path, read_only: bool, wait: float | None = None) -> duckdb.DuckDBPyConnection:
    """Open the file, waiting while another process holds it (`LOCK_WAIT_SECONDS`, read
    when called, unless `wait` says)."""
    wait = LOCK_WAIT_SECONDS if wait is None else wait
    config: dict[str, str | bool | int | float | list[str]] = {"memory_limit": MEMORY_LIMIT}
    if read_only:
        return retry_while_locked(
            lambda: duckdb.connect(str(path), read_only=True, config=config), wait
        )
    return retry_while_locked(lambda: _attached_for_writing(path, config), wait)


ROW_GROUP_ROWS = 16_384
"""Rows of a row group in the tables studdraw writes (DuckDB's default: 122,880). Each
batch ends in a checkpoint, which writes every table's last, part-filled row group again
whole: smaller groups rewrite less per batch, at a little more disk (the figures are in
docs/performance.md, "Tuned constants")."""

_WRITING_ALIAS = "studdraw"


def _attached_for_writing(
    path: Path, config: dict[str, str | bool | int | float | list[str]]
) -> duckdb.DuckDBPyConnection:
    """The file, attached to an in-memory DuckDB: the only way to choose its row groups'
    size (`ROW_GROUP_ROWS`), which `duckdb.connect` does not take."""
    connection = duckdb.connect(config=config)
    try:
        quoted = "'" + str(path).replace("'", "''") + "'"
        connection.execute(f"ATTACH {quoted} AS {_WRITING_ALIAS} (ROW_GROUP_SIZE {ROW_GROUP_ROWS})")
        connection.execute(f"USE {_WRITING_ALIAS}")
    except BaseException:
        connection.close()
        raise
    return connection


@dataclass(frozen=True, slots=True)
class Stored:
    hands: int
    duplicates: int
    rejects: int
    hands_by_site: dict[str, int] = field(default_factory=dict)  # of `hands`


class Database:
    """The studdraw file, held open only while in use.

    DuckDB lets one process write a file, and nobody read it meanwhile. So a writer holds
    the file for one batch at a time (`store` releases it after its commit), and the
    dashboard or `studdraw query` can read between two batches: each side waits a moment
    for the other (`LOCK_WAIT_SECONDS`). Closing also hands DuckDB's caches back, which
    keeps a long import's memory flat.
    """

    def __init__(
        self, path: Path | str, read_only: bool = False, prepared_when_used: bool = False
    ) -> None:
        """Open the file, making it (its tables, the stat views) if it is not there yet,
        else bringing them up to date; with `prepared_when_used`, that waits for
        `prepare`, which a store calls first: `studdraw import` reads the import log and
        gives its workers their first pieces meanwhile."""
        path = Path(path)
        self.path = path
        self.read_only = read_only
        self._connection: duckdb.DuckDBPyConnection | None = None
        refuse_unless_usable(path)
        self._existed = path.exists()
        self.prepared = read_only
        if not prepared_when_used:
            self.prepare()

    def prepare(self) -> None:
        """Make the file, or bring its tables and stat views up to date, if not done."""
        if self.prepared:
            return
        self.prepared = True
        if not self._existed:
            refuse_unless_usable(self.path)  # made meanwhile by another process?
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if copied_empty(self.path):  # not if a file is there
                return
        made = not self.path.exists()
        self.connection.execute(SCHEMA.read_text(encoding="utf-8"))
        # The stat views and macros live in the file, so any DuckDB client finds them.
        install_stats(self.connection)
        if made:  # kept for the next new file
            self.close()
            keep_empty(self.path)

    @property
    def connection(self) -> duckdb.DuckDBPyConnection:
        """The open connection, opened (waiting out another process's lock) if need be."""
        if self._connection is None:
            self._connection = connect(self.path, self.read_only)
            if self.read_only:
                make_stats_readable(self._connection)
        return self._connection

    def close(self) -> None:
        """Let go of the file (the next use opens it again)."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def file_progress(self, path: str) -> FileProgress | None:
        """How far the file `path` was read, as the import log says."""
        if not self.prepared and not self.path.exists():
            return None  # nothing read into a file not made yet
        try:
            rows = self.connection.execute(
                "SELECT path, size, mtime, prefix_sha256, offset_reached, hands, finished "
                "FROM import_files WHERE path = ?",
                [path],
            ).fetchall()  # read to the end: an unfinished result would block the connection
        except duckdb.CatalogException:
            if self.prepared:
                raise
            return None  # a file older than the import log, not yet brought up to date
        return FileProgress(*rows[0]) if rows else None

    def scalar(self, sql: str) -> Any:
        """The single value of a query, fetched completely."""
        return self.connection.execute(sql).fetchall()[0][0]

    def store(
        self,
        frames: dict[str, pl.DataFrame],
        progress: Iterable[FileProgress],
        keep_open: bool = False,
    ) -> Stored:
        """One batch (a frame per table), all or nothing, with the files' progress; then
        the file is let go, unless `keep_open` (another batch follows at once).

        `frames` is emptied as DuckDB copies each frame: a batch is then not held twice
        while the stats' facts are worked out (the loader's peak 15-25 MB lower)."""
        self.prepare()
        con = self.connection
        con.execute("SET threads = 1")  # for a batch, more threads spend more CPU than time
        committed = False
        con.begin()
        try:
            stored = self._store(frames)
            for file in progress:
                con.execute(
                    "INSERT OR REPLACE INTO import_files VALUES (?, ?, ?, ?, ?, ?, ?, now())",
                    [
                        file.path,
                        file.size,
                        file.mtime,
                        file.prefix_sha256,
                        file.offset_reached,
                        file.hands,
                        file.finished,
                    ],
                )
            con.commit()
            committed = True
        except duckdb.Error as error:
            with contextlib.suppress(duckdb.Error):  # a failed commit has ended it already
                con.rollback()
            first = str(error).splitlines()[0]
            advice = "make room on the disk and " if isinstance(error, duckdb.IOException) else ""
            raise DatabaseWriteFailed(
                f"{self.path} could not be written ({first}); the batch was not stored: "
                f"{advice}import again, it goes on where it stopped"
            ) from error
        except BaseException:
            with contextlib.suppress(duckdb.Error):
                con.rollback()
            raise
        finally:
            if not (keep_open and committed):
                self.close()  # readers may come in between two batches
        return stored

    def _store(self, frames: dict[str, pl.DataFrame]) -> Stored:
        con = self.connection
        new_hands = duplicates = rejects = 0
        hands_by_site: dict[str, int] = {}
        if "hands" in frames:
            hands = frames.pop("hands")
            unique_hands = hands.unique(subset=["site", "hand_number"], keep="first")
            duplicates += hands.height - unique_hands.height
            batch_tables = {"hands": "batch_hands"}
            _temporary_table(con, "batch_hands", unique_hands)
            batch_hands, unique_batch_hands = hands.height, unique_hands.height
            del hands, unique_hands
            con.execute(
                "CREATE OR REPLACE TEMP TABLE new_keys AS SELECT site, hand_number "
                f"FROM batch_hands ANTI JOIN hands USING ({_HAND_KEY})"
            )
            _history_over_phh_copies(con)
            hands_by_site = dict(
                con.execute("SELECT site, count(*) FROM new_keys GROUP BY site").fetchall()
            )
            new_hands = sum(hands_by_site.values())
            duplicates += unique_batch_hands - new_hands
            # The batch's rows of the new hands: all of them, most often (a batch's hands
            # are unique, `PendingBatches`), without a join to find them.
            all_new = new_hands == batch_hands
            new_rows = "" if all_new else f" SEMI JOIN new_keys USING ({_HAND_KEY})"
            for table in HAND_TABLES:
                if table != "hands" and table in frames:
                    batch_tables[table] = f"batch_{table}"
                    _temporary_table(con, batch_tables[table], frames.pop(table))
                if table in batch_tables:
                    con.execute(
                        f"INSERT INTO {table} BY NAME SELECT b.* FROM {batch_tables[table]} AS b"
                        + new_rows
                    )
            if new_hands:
                # The stats' per-hand facts, from the batch's rows (not the whole tables).
                add_facts(
                    con,
                    {
                        table: (
                            f"SELECT b.* FROM {batch_tables[table]} AS b" + new_rows
                            if table in batch_tables
                            else f"SELECT * FROM {table} WHERE false"
                        )
                        for table in FACT_SOURCES
                    },
                )
        if "tournament_summaries" in frames:
            self._store_summaries(frames.pop("tournament_summaries"))
        if "rejects" in frames:
            incoming = frames.pop("rejects").unique(subset=["reject_id"], keep="first")
            register(con, "incoming", incoming)
            before = int(self.scalar("SELECT count(*) FROM rejects"))
            con.execute(
                "INSERT INTO rejects BY NAME SELECT incoming.* FROM incoming "
                "ANTI JOIN rejects USING (reject_id)"
            )
            rejects = int(self.scalar("SELECT count(*) FROM rejects")) - before
            con.unregister("incoming")
        return Stored(new_hands, duplicates, rejects, hands_by_site)

    def _store_summaries(self, summaries: pl.DataFrame) -> None:
        """One row per tournament: a summary replaces the one stored unless it was
        written while the tournament ran and the stored one after it ended (a player's
        folder may hold both, in any order)."""
        con = self.connection
        finished_first = summaries.sort("finished_at", descending=True, nulls_last=True)
        incoming = finished_first.unique(subset=["site", "tournament_id"], keep="first")
        register(con, "incoming_summaries", incoming)
        try:
            con.execute(
                "DELETE FROM tournament_summaries AS t USING incoming_summaries AS i "
                "WHERE t.site = i.site AND t.tournament_id = i.tournament_id "
                "AND (i.finished_at IS NOT NULL OR t.finished_at IS NULL)"
            )
            con.execute(
                "INSERT INTO tournament_summaries BY NAME SELECT i.* FROM incoming_summaries AS i "
                "ANTI JOIN tournament_summaries USING (site, tournament_id)"
            )
        finally:
            _unregister(con, "incoming_summaries")


@dataclass(frozen=True, slots=True)
class ArrowStream:
    """A frame as DuckDB reads it through the Arrow C stream interface, each statement
    that scans it taking a stream of its own. A Polars frame registered as such is first
    converted to a pyarrow table: pyarrow loaded (0.15 s of CPU, once a process) and its
    columns converted; so, DuckDB reads the frame's own buffers."""

    frame: pl.DataFrame

    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        return self.frame.__arrow_c_stream__(requested_schema)


def register(connection: duckdb.DuckDBPyConnection, name: str, frame: pl.DataFrame) -> None:
    """Let `connection` read `frame` as the view `name` (`ArrowStream`). A column of
    nothing but nulls (a stud file's `mixed_game`) goes as text: DuckDB refuses Arrow's
    null type from a stream ("a non-zero null count but no validity bitmap")."""
    import polars as pl  # loaded: the frame is one of its

    untyped = [column for column, dtype in frame.schema.items() if dtype == pl.Null]
    if untyped:
        frame = frame.with_columns(pl.col(untyped).cast(pl.String))
    connection.register(name, ArrowStream(frame))


def _temporary_table(connection: duckdb.DuckDBPyConnection, name: str, frame: pl.DataFrame) -> None:
    """`frame` copied into the temporary table `name`, which goes with the connection
    (`store` closes it after each batch). A batch's rows are read more than once (stored,
    then by the facts query): registered as a view, a frame is converted at every read."""
    register(connection, "incoming_frame", frame)
    try:
        connection.execute(f"CREATE OR REPLACE TEMP TABLE {name} AS SELECT * FROM incoming_frame")
    finally:
        _unregister(connection, "incoming_frame")


def _unregister(connection: duckdb.DuckDBPyConnection, name: str) -> None:
    """Let go of a frame registered for a batch. After a failed statement DuckDB refuses
    even this ("transaction is aborted"): the failure's own error is the one to tell."""
    with contextlib.suppress(duckdb.Error):
        connection.unregister(name)


def _annotations_to_histories(con: duckdb.DuckDBPyConnection) -> None:
    """The player's tags on a PHH copy giving way (`replaced_copies`) move to its history,
    and his notes on the copy's players are copied to the same names at the history's
    site where those have none: what he wrote is never lost with the copy."""
    con.execute(
        "INSERT INTO hand_tags SELECT substr(t.site, 5), t.hand_number, t.tag, t.tagged_at "
        "FROM hand_tags AS t SEMI JOIN replaced_copies AS c "
        "ON t.site = c.site AND t.hand_number = c.hand_number ON CONFLICT DO NOTHING"
    )
    con.execute(
        "DELETE FROM hand_tags AS t USING replaced_copies AS c "
        "WHERE t.site = c.site AND t.hand_number = c.hand_number"
    )
    con.execute(
        "INSERT INTO player_notes SELECT substr(n.site, 5), n.player, n.note, n.updated_at "
        "FROM player_notes AS n WHERE (n.site, n.player) IN ("
        "SELECT (p.site, p.player) FROM hand_players AS p SEMI JOIN replaced_copies AS c "
        "ON p.site = c.site AND p.hand_number = c.hand_number) ON CONFLICT DO NOTHING"
    )


def _history_over_phh_copies(con: duckdb.DuckDBPyConnection) -> None:
    """A hand read from its site's history and a PHH copy of it ('phh:pokerstars', the
    same number: `phh_notation.phh_site`) are one hand, counted once: the history's, which
    no PHH author can forge. A copy whose history is stored or in the batch is dropped from
    `new_keys` (a duplicate); a stored copy gives way to its history arriving now."""
    if con.execute("SELECT count(*) FROM new_keys WHERE site LIKE 'phh:%'").fetchall()[0][0]:
        con.execute(
            "DELETE FROM new_keys AS k WHERE k.site LIKE 'phh:%' AND EXISTS ("
            "SELECT 1 FROM (SELECT site, hand_number FROM hands UNION ALL "
            "SELECT site, hand_number FROM batch_hands) AS h "
            "WHERE h.site = substr(k.site, 5) AND h.hand_number = k.hand_number)"
        )
    stored_copy = "SELECT count(*) FROM (FROM hands WHERE site LIKE 'phh:%' LIMIT 1)"
    if not con.execute(stored_copy).fetchall()[0][0]:
        return  # no copy stored (most archives): nothing to give way
    con.execute(
        "CREATE OR REPLACE TEMP TABLE replaced_copies AS "
        "SELECT 'phh:' || k.site AS site, k.hand_number FROM new_keys AS k "
        "SEMI JOIN hands AS h ON h.site = 'phh:' || k.site AND h.hand_number = k.hand_number"
    )
    if con.execute("SELECT count(*) FROM replaced_copies").fetchall()[0][0]:
        _annotations_to_histories(con)
        con.execute(
            "CREATE OR REPLACE TEMP TABLE replaced_days AS SELECT h.site, h.started_at "
            "FROM hands AS h SEMI JOIN replaced_copies AS c "
            "ON h.site = c.site AND h.hand_number = c.hand_number"
        )
        for table in (*HAND_TABLES, FACTS_TABLE):
            con.execute(
                f"DELETE FROM {table} AS t USING replaced_copies AS c "
                "WHERE t.site = c.site AND t.hand_number = c.hand_number"
            )
        recount_days(con, "SELECT * FROM replaced_days")
