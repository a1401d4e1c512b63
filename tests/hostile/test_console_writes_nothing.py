"""The SQL console creates and writes nothing, in either mode: on a database (a read-only
connection, where DuckDB still allowed `CREATE TEMP TABLE` and spilled big sorts into
`<db>.tmp`) and on a Parquet dataset (`studdraw dashboard --parquet DIR`, an in-memory
connection over the pieces, where `COPY ... TO` overwrote a piece: 200 hands gone). What
it keeps of a result is bounded in bytes as well as rows, few of its processes run at
once, and its CSV download takes every column type."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pytest
from streamlit.testing.v1 import AppTest

from dashboard import console
from pipeline.dataset.cluster import import_to_dataset
from tests.conftest import HANG_SECONDS, REPO
from tests.hostile.conftest import RAZZ

WRITES = [
    "CREATE TEMP TABLE stolen AS SELECT * FROM hands",
    "CREATE TEMP VIEW v AS SELECT 1 AS one",
    "CREATE TEMP MACRO twice(x) AS 2 * x",
    "CREATE TEMP SEQUENCE counter",
    "CREATE TABLE t (a INTEGER)",
    "SELECT 1; CREATE TEMP TABLE hidden (a INTEGER)",
    "/* a comment first */ CREATE TEMP TABLE commented (a INTEGER)",
    "EXPLAIN ANALYZE CREATE TEMP TABLE explained AS SELECT 1",
    "INSERT INTO hands SELECT * FROM hands",
    "UPDATE hands SET rake = 0",
    "DELETE FROM hands",
    "DROP TABLE hands",
    "COPY (SELECT 1) TO '{folder}/copied.csv'",
    "EXPORT DATABASE '{folder}/exported'",
    "ATTACH '{folder}/attached.duckdb' AS other",
    "INSTALL httpfs",
    "LOAD json",
    "SET threads = 1",
    "SET VARIABLE x = 1",
    "PRAGMA enable_profiling",
    "CHECKPOINT",
    "PIVOT hands ON game USING count(*)",
]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same hands as a Parquet dataset."""
    directory = tmp_path_factory.mktemp("console_dataset") / "dataset"
    assert import_to_dataset([RAZZ], directory, jobs=1).hands_written == 200
    return directory


def _files(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under `folder`, with its size and modification time."""
    return {
        str(path.relative_to(folder)): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in folder.rglob("*")
        if path.is_file()
    }


@pytest.mark.parametrize("sql", WRITES)
@pytest.mark.parametrize("mode", ["database", "dataset"])
def test_the_console_refuses_every_statement_that_creates_or_writes(
    request: pytest.FixtureRequest, mode: str, sql: str
) -> None:
    target: Path = request.getfixturevalue(mode)
    folder = target if target.is_dir() else target.parent
    before = _files(folder)
    # What the console's process does with the SQL, run here: a process per case costs
    # a second or two (the probes of the dataset piece and of the spill go through it)
    outcome = console.run_here(target, sql.format(folder=folder), 10, 30.0)
    assert outcome.refused, outcome
    assert outcome.error is not None and outcome.error.startswith("Refused")
    assert "\n" not in outcome.error  # one line, saying why
    assert _files(folder) == before


def test_copy_into_a_dataset_piece_is_refused_and_the_piece_kept(dataset: Path) -> None:
    """The probe of issue 49: a piece of the dataset overwritten from the console."""
    [piece] = (dataset / "hands").rglob("*.parquet")
    kept = piece.read_bytes()
    sql = f"COPY (SELECT * FROM hands LIMIT 0) TO '{piece}' (FORMAT parquet)"
    outcome = console.run(dataset, sql)
    assert outcome.refused and outcome.error and "file system" in outcome.error
    assert piece.read_bytes() == kept
    counted = console.run(dataset, "SELECT count(*) AS hands FROM hands")
    assert counted.frame is not None and counted.frame["hands"][0] == 200


def test_queries_that_only_read_still_run(database: Path) -> None:
    for sql in (
        "SELECT count(*) AS hands FROM hands",
        "WITH h AS (SELECT * FROM hands) FROM h LIMIT 3",
        "SHOW TABLES",
        "DESCRIBE hands",
        "SUMMARIZE hands",
        "EXPLAIN SELECT * FROM hands",
        "FROM pragma_table_info('hands')",
    ):
        outcome = console.run_here(database, sql, 10, 30.0)
        assert outcome.error is None and outcome.frame is not None, (sql, outcome.error)


@pytest.mark.hang_limit(180)
def test_a_sort_past_the_memory_limit_stops_instead_of_spilling_beside_the_database(
    database: Path,
) -> None:
    """DuckDB spills what does not fit in memory into `<db>.tmp`: 3.47 GB in 23 s in the
    probe. The console's queries spill nowhere: they stop, saying why."""
    spill = database.with_name(database.name + ".tmp")
    seen: list[bool] = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            seen.append(spill.exists())
            time.sleep(0.02)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        outcome = console.run(
            database,
            "SELECT count(*) FROM (SELECT repeat('x', 1000) || range AS s "
            "FROM range(600000) ORDER BY s)",
            timeout=120,
        )
    finally:
        done.set()
        watcher.join()
    assert seen and not any(seen), "the query spilled beside the database"
    assert outcome.error and outcome.error.startswith("Stopped: the query needed more memory")


def test_a_result_is_cut_in_bytes_as_well_as_rows(database: Path) -> None:
    """1,000 rows of 100 kB each: 100 MB that a session would hold, and four sessions
    held 3.87 GB in the probe. What is kept fits the stated limit."""
    outcome = console.run(database, "SELECT repeat('x', 100000) AS big FROM range(1000)")
    assert outcome.error is None and outcome.frame is not None
    assert outcome.truncated
    assert 0 < outcome.frame.height < 1000
    assert outcome.frame.estimated_size() <= console.RESULT_MEGABYTES * 2**20


def test_console_processes_wait_their_turn(database: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With every slot taken by a running query, another is told the console is busy
    instead of starting one more 1 GB process."""
    monkeypatch.setattr(console, "_RUNNING", threading.BoundedSemaphore(1))
    slow = "SELECT count(*) FROM range(100000) AS a, range(100000) AS b, range(1000) AS c"
    finished: list[console.Outcome] = []
    running = threading.Thread(
        target=lambda: finished.append(console.run(database, slow, timeout=3))
    )
    running.start()
    try:
        busy = None
        while running.is_alive():
            answer = console.run(database, "SELECT 1 AS one", wait=0)
            if answer.error and answer.error.startswith("Busy"):
                busy = answer
                break
            time.sleep(0.05)
        assert busy is not None, "a second console process started beside the first"
    finally:
        running.join()
    assert finished and finished[0].error and finished[0].error.startswith("Stopped")
    after = console.run(database, "SELECT 1 AS one", wait=0)
    assert after.frame is not None  # the slot is free again


ODD_TYPES = (
    "SELECT MAP {'a': 1} AS a_map, 'ab\\x00'::BLOB AS a_blob, {'x': 1, 'y': 'z'} AS a_struct, "
    "[1, 2] AS a_list, [1, 2]::INTEGER[2] AS an_array, '101'::BIT AS a_bit, "
    "INTERVAL 1 DAY AS an_interval, [{'k': [1]}] AS nested"
)


@pytest.fixture
def console_page(database: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppTest]:
    monkeypatch.setenv("STUDDRAW_DB", str(database))
    at = AppTest.from_file(str(REPO / "dashboard" / "app.py"), default_timeout=HANG_SECONDS).run()
    at.switch_page("views/sql_console.py").run()
    yield at


def test_download_csv_writes_maps_blobs_structs_and_lists_as_text(
    console_page: AppTest,
) -> None:
    console_page.text_area(key="sql_text").input(ODD_TYPES).run()
    console_page.button(key="sql_run").click().run()
    assert not console_page.exception, [e.value for e in console_page.exception]
    assert console_page.download_button(key="sql_download").label == "Download CSV"
    frame = console_page.session_state["sql_result"].frame
    written = pl.read_csv(console.csv_text(frame).encode(), infer_schema=False)
    row = written.row(0, named=True)
    assert row["a_map"] == '{"a": 1}'
    assert row["a_blob"] == "616200"
    assert row["a_struct"] == '{"x": 1, "y": "z"}'
    assert row["a_list"] == row["an_array"] == "[1, 2]"
    assert row["nested"] == '[{"k": [1]}]'
    assert row["an_interval"] and row["a_bit"]


def test_infinite_dates_are_shown_and_downloaded_as_infinity(console_page: AppTest) -> None:
    """`'infinity'::timestamp` made Polars panic when it wrote the value: the page
    stayed "running". It shows, and downloads, as the word."""
    sql = (
        "SELECT * FROM (VALUES ('infinity'::TIMESTAMP, '-infinity'::DATE, "
        "'2026-11-28'::DATE), ('2026-11-28 12:00'::TIMESTAMP, NULL, NULL)) AS t(t, d, ok)"
    )
    console_page.text_area(key="sql_text").input(sql).run()
    console_page.button(key="sql_run").click().run()
    assert not console_page.exception, [e.value for e in console_page.exception]
    frame = console_page.session_state["sql_result"].frame
    assert frame["t"].to_list() == ["infinity", "2026-11-28 12:00:00.000000"]
    assert frame["d"].to_list() == ["-infinity", None]
    assert frame.schema["ok"] == pl.Date  # a column with no such value stays a date
    assert console.csv_text(frame).splitlines()[1] == "infinity,-infinity,2026-11-28"
