"""`studdraw import --to parquet` on a local Dask cluster of two worker processes: the
dataset, read through DuckDB, equals a plain import of the same files table by table;
again after a worker or the whole run is killed mid-way and run again; a second run adds
nothing; `studdraw compact` changes nothing a reader sees."""

from __future__ import annotations

import io
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from pipeline.dataset.as_database import open_dataset
from pipeline.dataset.cluster import import_to_dataset
from pipeline.dataset.compaction import compact
from pipeline.dataset.layout import DATASET_TABLES, DONE_FOLDER, records
from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database
from tests.conftest import HANG_SECONDS, REPO
from tests.storage.test_import_crash import GAMES, HANDS_PER_FILE

pytestmark = pytest.mark.slow  # clusters started, runs killed

VOLATILE = {"rejected_at"}  # the clock of the run, not the data
WHERE_FOUND = ["source_file", "byte_offset", "first_line"]
IN_TWO_FILES = {("pokerstars", "35874676388"), ("merge", "33423082-14")}  # real hands


def tables(connection: duckdb.DuckDBPyConnection) -> dict[str, pl.DataFrame]:
    frames = {}
    for table in DATASET_TABLES:
        frame = connection.sql(f"SELECT * FROM {table}").pl()
        frame = frame.drop([column for column in frame.columns if column in VOLATILE])
        frames[table] = frame.sort(frame.columns)
    return frames


def database_tables(path: Path) -> dict[str, pl.DataFrame]:
    with duckdb.connect(str(path), read_only=True) as connection:
        return tables(connection)


def dataset_tables(directory: Path) -> dict[str, pl.DataFrame]:
    with open_dataset(directory) as connection:
        return tables(connection)


def assert_same(dataset: dict[str, pl.DataFrame], database: dict[str, pl.DataFrame]) -> None:
    """Equal table by table, column by column. A hand stored in two files is the one
    exception: the database keeps the copy it met first, the dataset the copy of the piece
    named first, so where it was found (file, offset, line numbers) may differ, and
    nothing else."""
    key = ["site", "hand_number"]
    hands = dataset["hands"]
    moved = hands.join(database["hands"], on=hands.columns, how="anti", nulls_equal=True)
    assert set(moved.select(key).iter_rows()) <= IN_TWO_FILES
    for table in DATASET_TABLES:
        ours, theirs = dataset[table], database[table]
        assert ours.columns == theirs.columns, table
        if "hand_number" in ours.columns:
            place = [c for c in (*WHERE_FOUND, "line") if c in ours.columns]
            ours, theirs = (
                pl.concat(
                    [
                        frame.join(moved, on=key, how="anti", nulls_equal=True),
                        frame.join(moved.select(key), on=key, how="semi").with_columns(
                            pl.lit(None).cast(frame.schema[c]).alias(c) for c in place
                        ),
                    ]
                )
                for frame in (ours, theirs)
            )
        assert ours.sort(ours.columns).equals(theirs.sort(theirs.columns)), table


@pytest.fixture(scope="module")
def corpus(
    tmp_path_factory: pytest.TempPathFactory, real_histories: Path, generated_histories: Path
) -> Path:
    """Generated files large enough to be cut in pieces, and every real history."""
    folder = tmp_path_factory.mktemp("corpus")
    shutil.copytree(generated_histories, folder / "generated")
    shutil.copytree(real_histories, folder / "real")
    return folder


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of one local cluster of two worker processes, as `--jobs 2` starts, for
    the runs that need not start their own (each start costs seconds): `--jobs 2` starting
    its own is the killed run's and the samples'."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as local:
        yield local.scheduler_address


@pytest.fixture(scope="module")
def reference(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, pl.DataFrame]:
    path = tmp_path_factory.mktemp("reference") / "plain.duckdb"
    with Database(path) as database:
        summary = import_histories([corpus], database)
    assert summary.hands_imported > len(GAMES) * HANDS_PER_FILE + 700  # and the real ones
    return database_tables(path)


def test_the_dataset_reads_as_a_plain_import_and_a_second_run_adds_nothing(
    corpus: Path, reference: dict[str, pl.DataFrame], tmp_path: Path, cluster: str
) -> None:
    directory = tmp_path / "dataset"
    first = import_to_dataset([corpus], directory, cluster, piece_bytes=2**20)
    assert first.workers == 2
    assert first.pieces_written > 2 * len(GAMES)  # generated files cut, real ones grouped
    assert not first.refused
    assert_same(dataset_tables(directory), reference)
    # Each copy of a hand in two files written, or skipped in the piece that met it twice:
    assert first.hands_written + first.duplicates == reference["hands"].height + len(IN_TWO_FILES)
    copies = first.hands_written - reference["hands"].height  # read once, stored twice

    again = import_to_dataset([corpus], directory, cluster, piece_bytes=2**20)
    assert again.files_unchanged == again.files == first.files
    assert again.pieces_written == again.hands_written == 0

    pieces = len(records(directory))
    compacted = compact(directory)
    assert (compacted.pieces_before, compacted.copies_removed) == (pieces, copies)
    assert len(records(directory)) == 1
    assert_same(dataset_tables(directory), reference)
    after = import_to_dataset([corpus], directory, cluster)  # the compacted piece's marks
    assert after.files_unchanged == after.files


def test_new_files_add_their_hands_and_a_copy_of_a_file_adds_none(
    corpus: Path, tmp_path: Path, cluster: str
) -> None:
    folder = tmp_path / "histories"
    folder.mkdir()
    first_file = corpus / "generated" / f"{GAMES[0]}.txt"
    shutil.copy(first_file, folder / "one.txt")
    directory = tmp_path / "dataset"
    import_to_dataset([folder], directory, cluster)
    with open_dataset(directory) as connection:
        assert connection.sql("SELECT count(*) FROM hands").fetchall() == [(HANDS_PER_FILE,)]

    shutil.copy(corpus / "generated" / f"{GAMES[1]}.txt", folder / "two.txt")
    shutil.copy(first_file, folder / "one again.txt")  # the same bytes, another name
    second = import_to_dataset([folder], directory, cluster)
    assert second.files_unchanged == 1
    assert second.hands_written == HANDS_PER_FILE  # two.txt's; the copy's pieces are there
    with open_dataset(directory) as connection:
        assert connection.sql("SELECT count(*) FROM hands").fetchall() == [(2 * HANDS_PER_FILE,)]


def test_a_worker_killed_mid_run_changes_nothing(
    corpus: Path, reference: dict[str, pl.DataFrame], tmp_path: Path
) -> None:
    from distributed import Client, LocalCluster

    directory = tmp_path / "dataset"
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        outcome: list[object] = []
        run = threading.Thread(
            target=lambda: outcome.append(
                import_to_dataset([corpus], directory, cluster.scheduler_address)
            )
        )
        run.start()
        busy = _busy_worker(client, directory)
        os.kill(client.run(os.getpid)[busy], signal.SIGKILL)
        run.join(timeout=HANG_SECONDS)
    (summary,) = outcome
    assert not summary.refused  # the killed worker's task was run again
    assert_same(dataset_tables(directory), reference)


def _busy_worker(client: object, directory: Path) -> str:
    """A worker in the middle of a task, once at least one piece is written."""
    deadline = time.monotonic() + HANG_SECONDS
    while time.monotonic() < deadline:
        working = [w for w, tasks in client.processing().items() if tasks]  # type: ignore[attr-defined]
        if (
            working
            and (directory / DONE_FOLDER).is_dir()
            and any((directory / DONE_FOLDER).iterdir())
        ):
            return working[0]
        time.sleep(0.05)
    raise AssertionError("no worker was ever busy after a first piece")


def test_a_run_killed_mid_way_then_run_again_ends_as_an_uninterrupted_one(
    corpus: Path, reference: dict[str, pl.DataFrame], tmp_path: Path, cluster: str
) -> None:
    """The driver and its local cluster killed at once (SIGKILL to the process group),
    with pieces written and others half-done; the next run goes on from there."""
    directory = tmp_path / "dataset"
    command = [
        sys.executable,
        "-c",
        "from pipeline.cli.app import app; app()",
        "import",
        str(corpus),
    ]
    command += ["--to", "parquet", str(directory), "--jobs", "2"]
    run = subprocess.Popen(command, start_new_session=True, stderr=subprocess.DEVNULL)
    done = directory / DONE_FOLDER
    deadline = time.monotonic() + HANG_SECONDS
    while not (done.is_dir() and any(done.glob("*.json"))):
        assert run.poll() is None and time.monotonic() < deadline, "no piece was written"
        time.sleep(0.02)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    written = len(records(directory))

    again = import_to_dataset([corpus], directory, cluster)
    assert written > 0 and again.pieces_already + again.files_unchanged > 0
    assert 0 < again.hands_written < reference["hands"].height  # killed before the end
    assert_same(dataset_tables(directory), reference)


# ---------------------------------------------------------------------------- reading it
@pytest.fixture(scope="module")
def sample_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_histories/ (1,800 generated hands) as a dataset."""
    directory = tmp_path_factory.mktemp("samples") / "dataset"
    summary = import_to_dataset([REPO / "sample_histories"], directory, jobs=2)
    assert summary.hands_written == 1800
    return directory


def test_query_and_stats_read_the_dataset_as_they_read_the_database(
    sample_dataset: Path, sample_database: Path
) -> None:
    from typer.testing import CliRunner

    from pipeline.cli.app import app

    def said(*arguments: str) -> str:
        result = CliRunner().invoke(app, [*arguments, "--csv"])
        assert result.exit_code == 0, result.output
        return result.stdout

    sql = "SELECT game, count(*) AS hands, sum(net) AS net FROM player_hands GROUP BY 1 ORDER BY 1"
    for command in (["query", sql], ["stats", "--player", "studdraw_hero"], ["stats", "--streets"]):
        from_dataset = pl.read_csv(io.StringIO(said(*command, "--parquet", str(sample_dataset))))
        from_database = pl.read_csv(io.StringIO(said(*command, "--db", str(sample_database))))
        assert from_dataset.height > 2
        # Money to the cent; rates to the rounding of sums taken in another order.
        assert_frame_equal(from_dataset, from_database, check_exact=False, rel_tol=1e-9)


def test_the_dashboard_shows_a_dataset_read_only(
    sample_dataset: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from streamlit.testing.v1 import AppTest

    from dashboard import console

    monkeypatch.setenv("STUDDRAW_PARQUET", str(sample_dataset))
    at = AppTest.from_file(REPO / "dashboard" / "app.py", default_timeout=HANG_SECONDS).run()
    assert not at.exception, [e.value for e in at.exception]
    assert next(m.value for m in at.metric if m.label == "Hands") == "1,600"  # cash first
    assert any("Parquet dataset" in caption.value for caption in at.sidebar.caption)
    for page in ("stats", "opponents", "tournaments", "replayer", "live_tables", "sql"):
        at.switch_page(f"views/{'sql_console' if page == 'sql' else page}.py").run()
        assert not at.exception, (page, [e.value for e in at.exception])
    at.switch_page("views/import_page.py").run()
    assert any("Parquet dataset" in info.value for info in at.info)  # and no import offered

    ran = console.run(sample_dataset, "SELECT count(*) AS hands FROM hands")
    assert ran.error is None and ran.frame is not None and ran.frame["hands"][0] == 1800
    refused = console.run(sample_dataset, "SELECT * FROM read_csv('/etc/passwd')")
    assert refused.error and "/etc/passwd" in refused.error
