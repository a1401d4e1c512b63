"""The SQL console's engine: the user's SQL on a connection that can change nothing, in
a process of its own that cannot take the dashboard down.

Only statements that read are run: DuckDB's own parser says what each statement is
(`duckdb.extract_statements`), and anything but a query (SELECT, WITH, FROM, SHOW,
DESCRIBE, SUMMARIZE, or EXPLAIN of one) is refused before it runs, whatever it would
write: `CREATE TEMP TABLE`, `COPY ... TO`, `ATTACH`, `INSTALL`, `SET`, `PRAGMA`. A
Parquet dataset (`--parquet DIR`) is read through a connection of its own that could
write, so this is the guard that keeps its pieces whole. Under it, the connection is
read-only (no statement can write to the file), spilling to disk is off (a big sort
stops for memory instead of filling `<db>.tmp`), external access is switched off (no
reading other files: `read_csv('/etc/passwd')`, extensions) and the configuration is
locked, so that no statement can switch any of it back (`SET`, `RESET`). This module
words each refusal for a person and never lets a traceback out.

Each query runs in a child process (`python -m dashboard.console`) whose memory is
capped (`MEMORY_MB`) and whose time is limited (`TIMEOUT_SECONDS`, then killed): a
runaway query (`repeat('a', 1e9)`, a cross join of millions) stops with a message there,
while the dashboard, its cache and its other sessions go on. At most `CHILDREN` run at
once (a session waits its turn), and the rows a session keeps are cut at `ROW_LIMIT`
rows and `RESULT_MEGABYTES`, so that sessions cannot add up to the server's memory.
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import duckdb
import polars as pl

from pipeline.dataset.as_database import open_dataset
from pipeline.storage.database import MEMORY_LIMIT
from pipeline.storage.read_only import connect_for_reading

ROW_LIMIT = 10_000  # rows shown (and offered as CSV); the query itself is not cut
RESULT_MEGABYTES = 32  # at most this much of them is kept and shown (before the CSV's text)
TIMEOUT_SECONDS = 30.0
MEMORY_MB = 1024  # the query's process: DuckDB's buffers, and any one value it builds
CHILDREN = 2  # console queries running at once, over every session of the server
_GRACE_SECONDS = 15.0  # past the timeout, before a process that did not stop is killed
OUT_OF_MEMORY = f"Stopped: the query needed more memory than the console allows ({MEMORY_MB:,} MB)."


def _too_long(timeout: float) -> str:
    return f"Stopped: the query ran longer than {timeout:g} seconds."


EXAMPLES: dict[str, str] = {
    "Hero net by game": """SELECT h.game, count(*) AS hands, sum(hp.net) AS net_won,
       round(100 * sum(hp.net / h.big_unit) / count(*), 2) AS big_bets_per_100
FROM hand_players AS hp
JOIN hands AS h USING (site, hand_number)
WHERE hp.is_hero
GROUP BY h.game
ORDER BY hands DESC""",
    "Biggest pots": """SELECT site, hand_number, game, started_at, players, total_pot, rake
FROM hands
ORDER BY total_pot DESC
LIMIT 25""",
    "Stats macro: the hero, every game": """SELECT *
FROM player_stats(player := '{hero}')""",
    "Stats macro: the hero over all games": """SELECT *
FROM player_stats(player := '{hero}', by_game := false)""",
    "Win rate with its 95% interval, by stakes": """SELECT unit, game, big_unit, count(*) AS hands,
       round(100 * avg(big_bets_won), 2) AS big_bets_per_100,
       round(stat_win_rate_low(big_bets_won), 2) AS low_95,
       round(stat_win_rate_high(big_bets_won), 2) AS high_95,
       round(stat_win_rate_sd(big_bets_won), 1) AS sd_per_100
FROM player_hands_filtered(player := '{hero}')
GROUP BY unit, game, big_unit
ORDER BY unit, hands DESC""",
    "Street by street (razz)": """SELECT round, street, hands_seen, saw_pct, af, afq_pct, afq_n
FROM player_street_stats(player := '{hero}', game := 'razz')""",
    "Opponents with most hands": """SELECT player, game, hands, vpip_pct, went_to_showdown_pct,
       won_at_showdown_pct
FROM player_stats(money := 'cash')
WHERE player <> '{hero}' AND hands >= 20
ORDER BY hands DESC
LIMIT 25""",
    "Hands per day": """SELECT CAST(started_at AS DATE) AS day, count(*) AS hands,
       count(DISTINCT table_name) AS tables
FROM hands
GROUP BY day
ORDER BY day""",
    "Engine findings by code": """SELECT code, severity, count(*) AS findings,
       any_value(message) AS example
FROM findings
GROUP BY code, severity
ORDER BY findings DESC""",
    "Rejected hands by reason": """SELECT kind, reason, count(*) AS hands
FROM rejects
GROUP BY kind, reason
ORDER BY hands DESC""",
    "Tables and columns": """SELECT table_name, column_name, data_type
FROM information_schema.columns
WHERE table_schema = 'main'
ORDER BY table_name, ordinal_position""",
}


def example(title: str, hero: str | None) -> str:
    """An example with the hero's name in it (quotes doubled, as SQL wants them)."""
    name = (hero or "studdraw_hero").replace("'", "''")
    return EXAMPLES[title].replace("{hero}", name)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the console shows: rows, or a message saying why there are none."""

    frame: pl.DataFrame | None
    truncated: bool = False
    error: str | None = None
    refused: bool = False  # a statement the console does not allow (not a mistake)
    seconds: float = 0.0


_READS = duckdb.StatementType.SELECT  # SHOW, DESCRIBE, SUMMARIZE, VALUES, TABLE too
_EXPLAINED = re.compile(r"\s*EXPLAIN(?:\s+ANALY[SZ]E)?\s+(?P<query>.*)", re.IGNORECASE | re.DOTALL)
_FILE_STATEMENTS = frozenset(
    getattr(duckdb.StatementType, name)
    for name in ("COPY", "EXPORT", "ATTACH", "DETACH", "LOAD", "EXTENSION", "COPY_DATABASE")
)
_SETTING_STATEMENTS = frozenset(
    getattr(duckdb.StatementType, name) for name in ("SET", "VARIABLE_SET", "PRAGMA")
)
_QUERIES = "queries (SELECT, WITH, FROM, SHOW, DESCRIBE, SUMMARIZE, EXPLAIN)"


def refusal(sql: str) -> str | None:
    """Why the console will not run `sql`, or None when every statement in it only reads.

    Told by DuckDB's parser, not by the words: `CREATE TEMP TABLE` inside a comment-led
    or multi-statement text is still a CREATE. Text the parser cannot read is left to
    the run, which refuses it whole (DuckDB parses every statement before running one).
    """
    try:
        statements = [(s.type, s.query) for s in duckdb.extract_statements(sql)]
    except duckdb.ParserException:
        return None
    except Exception:  # a statement this duckdb's Python API cannot even name
        return f"Refused: the SQL console runs only {_QUERIES}."
    for kind, text in statements:
        if kind == _READS or (kind == duckdb.StatementType.EXPLAIN and _explains_a_query(text)):
            continue
        name = kind.name.replace("_", " ")
        if kind in _FILE_STATEMENTS:
            return (
                "Refused: the SQL console cannot reach the file system. Reading or writing "
                f"files (COPY, EXPORT), ATTACH and extensions are switched off ({name})."
            )
        if kind in _SETTING_STATEMENTS:
            return (
                f"Refused: settings cannot be changed from the SQL console ({name}); "
                "`FROM duckdb_settings()` and `FROM pragma_table_info('hands')` read them."
            )
        return (
            f"Refused: the SQL console is read-only: it runs {_QUERIES}, not {name} "
            "statements (CREATE, INSERT, UPDATE, DELETE, DROP, ...). Use `studdraw import` "
            "to add hands."
        )
    return None


def _explains_a_query(text: str) -> bool:
    """EXPLAIN (ANALYZE, which runs it) of statements that only read."""
    explained = _EXPLAINED.match(text)
    if explained is None:
        return False
    try:
        kinds = [statement.type for statement in duckdb.extract_statements(explained["query"])]
    except Exception:
        return False
    return bool(kinds) and all(kind == _READS for kind in kinds)


def explain(error: BaseException, timeout: float = TIMEOUT_SECONDS) -> tuple[str, bool]:
    """A person's words for DuckDB's refusal or error; True when it is a refusal."""
    message = str(error)
    lowered = message.lower()
    if "read-only mode" in lowered or "read only" in lowered:
        return (
            "Refused: the SQL console is read-only. Statements that change the database "
            "(CREATE, INSERT, UPDATE, DELETE, DROP, ...) are not allowed here; use "
            "`studdraw import` to add hands.\n\n" + message,
            True,
        )
    if isinstance(error, duckdb.PermissionException) or "disabled by configuration" in lowered:
        return (
            "Refused: the SQL console cannot reach the file system. Reading or writing "
            "files (read_csv, COPY ... TO, EXPORT), ATTACH and extensions are switched "
            "off.\n\n" + message,
            True,
        )
    if "configuration has been locked" in lowered:
        return (
            "Refused: settings cannot be changed from the SQL console (SET, RESET).\n\n" + message,
            True,
        )
    if isinstance(error, duckdb.OutOfMemoryException):  # DuckDB's own limit, not spilled
        return (
            "Stopped: the query needed more memory than the console gives DuckDB "
            f"({MEMORY_LIMIT}; nothing is spilled to disk).",
            False,
        )
    if isinstance(error, duckdb.InterruptException):
        return _too_long(timeout), False
    return f"{type(error).__name__}: {message}", False


def _lock_down(connection: duckdb.DuckDBPyConnection, dataset: Path | None = None) -> None:
    """No file access (but to the `dataset` folder the tables are views over), no
    spilling to disk, and no way back: for the whole database instance.

    DuckDB shares these settings between every connection the process has open on the
    file; another console run may already have locked them, which is the state wanted.
    Checked afterwards either way: the user's SQL never runs on an unlocked connection.
    """

    def settings() -> tuple[bool, bool, str]:
        row = connection.execute(
            "SELECT current_setting('enable_external_access'), "
            "current_setting('lock_configuration'), current_setting('temp_directory')"
        ).fetchall()[0]
        return bool(row[0]), bool(row[1]), str(row[2])

    external, locked, spill = settings()
    if not locked:
        if dataset is not None:
            folder = str(dataset.resolve()).replace("'", "''") + "/"
            connection.execute(f"SET allowed_directories = ['{folder}']").fetchall()
        if spill:  # no `<db>.tmp` (or `./.tmp`): a query past the memory limit stops
            connection.execute("SET temp_directory = ''").fetchall()
        if external:
            connection.execute("SET enable_external_access = false").fetchall()
        connection.execute("SET lock_configuration = true").fetchall()
    if settings() != (False, True, ""):
        raise RuntimeError("the console could not lock its connection down")


def _fetch(relation: duckdb.DuckDBPyRelation) -> pl.DataFrame:
    """The rows as Polars; through pandas for the types Polars cannot take from Arrow
    (DuckDB's INTERVAL), so that any SELECT shows."""
    try:
        return relation.pl()
    except pl.exceptions.ComputeError:
        return pl.from_pandas(relation.df())


_RUNNING = threading.BoundedSemaphore(CHILDREN)
"""The console's child processes running now: Streamlit runs every session's script in a
thread of this one process, so this counts them over every browser tab."""


def run(
    path: Path,
    sql: str,
    row_limit: int = ROW_LIMIT,
    timeout: float = TIMEOUT_SECONDS,
    wait: float = TIMEOUT_SECONDS + _GRACE_SECONDS,
) -> Outcome:
    """Run the user's SQL in a capped child process, once one of the `CHILDREN` is free
    (within `wait` seconds); never raises for bad SQL."""
    if not sql.strip():
        return Outcome(None, error="Write a query first.")
    if not _RUNNING.acquire(timeout=wait):
        return Outcome(
            None,
            error=f"Busy: {CHILDREN} console queries are already running on this dashboard; "
            "run yours again when one has finished.",
        )
    try:
        return _run_child(path, sql, row_limit, timeout)
    finally:
        _RUNNING.release()


def _run_child(path: Path, sql: str, row_limit: int, timeout: float) -> Outcome:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="studdraw-console-") as folder:
        rows = Path(folder) / "rows.arrow"
        command = [sys.executable, "-m", "dashboard.console", str(path), str(row_limit)]
        try:
            child = subprocess.run(
                [*command, str(timeout), str(rows)],
                input=sql,
                capture_output=True,
                text=True,
                timeout=timeout + _GRACE_SECONDS,
                preexec_fn=_cap_memory,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return Outcome(None, error=_too_long(timeout))
        seconds = time.perf_counter() - started
        try:
            said = json.loads(child.stdout)
        except json.JSONDecodeError:
            return Outcome(None, error=_died(child), seconds=seconds)
        frame = pl.read_ipc(rows) if said["rows"] else None
    return Outcome(frame, said["truncated"], said["error"], said["refused"], seconds)


def csv_text(frame: pl.DataFrame) -> str:
    """The rows as CSV, every column written as text CSV can hold: a MAP, STRUCT or
    LIST as JSON, a BLOB (or BIT, UUID as bytes) as hex, an INTERVAL as written in
    Python, where Polars' CSV writer would refuse the whole file."""
    return frame.with_columns(
        _as_text(frame[name]) for name, dtype in frame.schema.items() if _needs_text(dtype)
    ).write_csv()


def _needs_text(dtype: pl.DataType) -> bool:
    return dtype.is_nested() or isinstance(dtype, (pl.Binary, pl.Duration, pl.Object))


def _as_text(column: pl.Series) -> pl.Series:
    if column.dtype == pl.Binary:
        return column.bin.encode("hex")

    def text(value: object) -> str | None:
        if value is None:
            return None
        if column.dtype.is_nested():
            return json.dumps(value, default=str, ensure_ascii=False)
        return str(value)

    return pl.Series(column.name, [text(value) for value in column.to_list()], pl.String)


def _cap_memory() -> None:
    """In the child, before it starts: its memory capped."""
    limit = MEMORY_MB * 2**20
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def _died(child: subprocess.CompletedProcess[str]) -> str:
    if "MemoryError" in child.stderr or "bad_alloc" in child.stderr or child.returncode < 0:
        return OUT_OF_MEMORY
    last = (child.stderr.strip().splitlines() or ["no message"])[-1]
    return f"Stopped: the query's process failed ({last})."


def run_here(path: Path, sql: str, row_limit: int, timeout: float) -> Outcome:
    """Run the user's SQL on a locked read-only connection, in this process (the child)."""
    started = time.perf_counter()
    why = refusal(sql)
    if why is not None:
        return Outcome(None, error=why, refused=True)
    connection = open_dataset(path) if path.is_dir() else connect_for_reading(path, wait=5.0)
    try:
        _lock_down(connection, path if path.is_dir() else None)
        timer = threading.Timer(timeout, connection.interrupt)
        timer.start()
        try:
            relation = connection.sql(sql)
            if relation is None:
                return Outcome(None, seconds=time.perf_counter() - started)
            frame = _fetch(relation.limit(row_limit + 1))
        except Exception as error:  # every DuckDB error, and Polars' on odd types
            text, refused = explain(error, timeout)
            return Outcome(None, error=text, refused=refused, seconds=time.perf_counter() - started)
        finally:
            timer.cancel()
    finally:
        connection.close()
    kept = _rows_within(_readable_times(frame.head(row_limit)), RESULT_MEGABYTES * 2**20)
    truncated = frame.height > kept.height
    return Outcome(kept, truncated, seconds=time.perf_counter() - started)


_EPOCH = datetime(1970, 1, 1)
_FIRST, _LAST = datetime(1, 1, 1), datetime(9999, 12, 31, 23, 59, 59)
_PER_SECOND = {"ms": 10**3, "us": 10**6, "ns": 10**9}


def _readable_times(frame: pl.DataFrame) -> pl.DataFrame:
    """Dates and times Polars can write. DuckDB's `'infinity'::timestamp` (or a date past
    year 9999) arrives as an extreme number that Polars panics on when it formats it,
    which left the page "running" for good: such a column becomes text, those values
    `infinity` or `-infinity`, the others as Polars writes them."""
    columns = []
    for name, dtype in frame.schema.items():
        if isinstance(dtype, pl.Date):
            low, high = (_FIRST - _EPOCH).days, (_LAST - _EPOCH).days
        elif isinstance(dtype, pl.Datetime):
            per = _PER_SECOND[dtype.time_unit]
            low = int((_FIRST - _EPOCH).total_seconds()) * per
            high = int((_LAST - _EPOCH).total_seconds()) * per
        else:
            continue
        physical = pl.col(name).to_physical()
        beyond = (physical < low) | (physical > high)
        if not frame.select(beyond.any()).item():
            continue
        written = pl.when(beyond).then(None).otherwise(physical).cast(dtype).cast(pl.String)
        columns.append(
            pl.when(beyond & (physical > 0))
            .then(pl.lit("infinity"))
            .when(beyond)
            .then(pl.lit("-infinity"))
            .otherwise(written)
            .alias(name)
        )
    return frame.with_columns(columns) if columns else frame


def _rows_within(frame: pl.DataFrame, size: int) -> pl.DataFrame:
    """The first rows of `frame` that together take at most `size` bytes (Polars'
    estimate, which a slice takes in proportion): what the dashboard keeps per session."""
    if frame.estimated_size() <= size:
        return frame
    fits, too_many = 0, frame.height
    while too_many - fits > 1:
        middle = (fits + too_many) // 2
        if frame.head(middle).estimated_size() <= size:
            fits = middle
        else:
            too_many = middle
    return frame.head(fits)


def _child() -> None:
    """`python -m dashboard.console PATH ROW_LIMIT TIMEOUT ROWS_FILE`, the SQL on stdin:
    the outcome as JSON on stdout, its rows as Arrow IPC in ROWS_FILE."""
    path, row_limit, timeout, rows = sys.argv[1:5]
    outcome = run_here(Path(path), sys.stdin.read(), int(row_limit), float(timeout))
    if outcome.frame is not None:
        outcome.frame.write_ipc(rows)
    said = {
        "rows": outcome.frame is not None,
        "truncated": outcome.truncated,
        "error": outcome.error,
        "refused": outcome.refused,
    }
    sys.stdout.write(json.dumps(said))


if __name__ == "__main__":
    _child()
