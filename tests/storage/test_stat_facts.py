"""player_hand_facts, the table the stat views and macros read: the loader fills it with
each batch, and it always equals its query (facts.sql) run over the whole database; a
database without it (or with an older definition) gets it filled on the next open for
writing, and a read-only connection to such a file works from a temporary copy."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database
from pipeline.storage.starting_hand_facts import START_COLUMNS
from pipeline.storage.stats import FACTS_TABLE, facts_query, facts_version, sync_facts
from tests.conftest import REPO

SAMPLES = REPO / "sample_histories"


def _copy(sample_database: Path, tmp_path: Path) -> Path:
    path = tmp_path / "copy.duckdb"
    shutil.copy(sample_database, path)
    return path


def _rows(connection: duckdb.DuckDBPyConnection, sql: str) -> list[tuple[object, ...]]:
    return sorted(connection.execute(sql).fetchall(), key=repr)


def _table_equals_its_query(connection: duckdb.DuckDBPyConnection) -> None:
    # the starting hands are named in Python, not by the query (test_starting_hand_facts.py)
    named = ", ".join(START_COLUMNS)
    table = _rows(connection, f"SELECT * EXCLUDE ({named}) FROM {FACTS_TABLE}")
    computed = _rows(connection, f"SELECT * FROM ({facts_query({})})")
    assert len(table) == connection.execute("SELECT count(*) FROM hand_players").fetchall()[0][0]
    assert table == computed


def test_the_loaded_table_equals_its_query_over_the_whole_database(
    sample_database: Path,
) -> None:
    with duckdb.connect(str(sample_database), read_only=True) as connection:
        _table_equals_its_query(connection)
        comment = connection.execute(
            "SELECT comment FROM duckdb_tables() WHERE table_name = ?", [FACTS_TABLE]
        ).fetchall()
        assert comment == [(facts_version(),)]


@pytest.mark.slow
def test_importing_again_adds_nothing(sample_database: Path, tmp_path: Path) -> None:
    path = _copy(sample_database, tmp_path)
    copies = tmp_path / "renamed"
    copies.mkdir()
    for number, file in enumerate(sorted(SAMPLES.rglob("*.txt"))):
        (copies / f"{number} {file.name}").write_bytes(file.read_bytes())
    with Database(path) as database:
        before = _rows(database.connection, f"SELECT * FROM {FACTS_TABLE}")
        again = import_histories([SAMPLES], database)  # unchanged files: skipped
        renamed = import_histories([copies], database, batch_hands=300)  # all duplicates
        assert again.hands_imported == renamed.hands_imported == 0
        assert renamed.duplicates == 1800
        assert _rows(database.connection, f"SELECT * FROM {FACTS_TABLE}") == before


def test_a_database_without_the_table_gets_it_filled(sample_database: Path, tmp_path: Path) -> None:
    path = _copy(sample_database, tmp_path)
    with duckdb.connect(str(path)) as connection:
        expected = _rows(connection, f"SELECT * FROM {FACTS_TABLE}")
        hero = connection.execute("SELECT * FROM player_stats(player := 'studdraw_hero')")
        hero_stats = hero.fetchall()
        connection.execute(f"DROP TABLE {FACTS_TABLE}")  # as an older studdraw wrote it
    with Database(path) as database:
        assert _rows(database.connection, f"SELECT * FROM {FACTS_TABLE}") == expected
        again = database.connection.execute(
            "SELECT * FROM player_stats(player := 'studdraw_hero')"
        ).fetchall()
        assert again == [_to_rounding(row) for row in hero_stats]


def _to_rounding(row: tuple[object, ...]) -> tuple[object, ...]:
    """A row of stats, its floating-point values equal to the last few digits: DuckDB
    adds DOUBLEs in the order it reads the rows, and the facts filled again come in
    another (their rows are the same, `_rows`)."""
    return tuple(pytest.approx(v, rel=1e-9) if isinstance(v, float) else v for v in row)


@pytest.mark.slow
def test_filling_goes_in_chunks_and_resumes(sample_database: Path, tmp_path: Path) -> None:
    path = _copy(sample_database, tmp_path)
    with duckdb.connect(str(path)) as connection:
        expected = _rows(connection, f"SELECT * FROM {FACTS_TABLE}")
        # half the hands' facts lost (an interrupted fill): the rest is added, 250 at a time
        connection.execute(f"DELETE FROM {FACTS_TABLE} WHERE hash(hand_number) % 2 = 0").fetchall()
        added = sync_facts(connection, chunk_hands=250)
        assert 0 < added < len(expected)
        assert _rows(connection, f"SELECT * FROM {FACTS_TABLE}") == expected
        assert sync_facts(connection) == 0  # nothing left to do


def test_a_changed_definition_rebuilds_the_table(sample_database: Path, tmp_path: Path) -> None:
    path = _copy(sample_database, tmp_path)
    with duckdb.connect(str(path)) as connection:
        expected = _rows(connection, f"SELECT * FROM {FACTS_TABLE}")
        connection.execute(f"UPDATE {FACTS_TABLE} SET vpip = NOT vpip")  # stale facts
        connection.execute(f"COMMENT ON TABLE {FACTS_TABLE} IS 'facts of an older studdraw'")
    with Database(path) as database:
        assert _rows(database.connection, f"SELECT * FROM {FACTS_TABLE}") == expected


def test_a_read_only_older_database_reads_temporary_facts(
    sample_database: Path, tmp_path: Path
) -> None:
    path = _copy(sample_database, tmp_path)
    sql = "SELECT * FROM player_stats(player := 'studdraw_hero', by_game := false)"
    with duckdb.connect(str(path)) as connection:
        expected = connection.execute(sql).fetchall()
        connection.execute(f"DROP TABLE {FACTS_TABLE}")
        connection.execute("DROP VIEW player_hands")  # the stats must be installed again
    with Database(path, read_only=True) as database:
        rows = database.connection.execute(sql).fetchall()
    assert len(rows) == len(expected) == 2  # dollars and tournament chips
    for row, expected_row in zip(rows, expected, strict=True):
        for got, want in zip(row, expected_row, strict=True):  # float sums: to the last bits
            assert got == (pytest.approx(want) if isinstance(want, float) else want)
    with duckdb.connect(str(path), read_only=True) as connection:  # the file is untouched
        tables = connection.execute("SELECT table_name FROM duckdb_tables()").fetchall()
        assert (FACTS_TABLE,) not in tables


@pytest.mark.slow
def test_the_dashboard_brings_an_older_database_up_to_date(
    sample_database: Path, tmp_path: Path
) -> None:
    from dashboard.connection import bring_up_to_date

    path = _copy(sample_database, tmp_path)
    with duckdb.connect(str(path)) as connection:
        expected = _rows(connection, f"SELECT * FROM {FACTS_TABLE}")
        connection.execute(f"DROP TABLE {FACTS_TABLE}")
    bring_up_to_date(path)  # the dashboard's first query: once, for writing
    with duckdb.connect(str(path), read_only=True) as connection:
        assert _rows(connection, f"SELECT * FROM {FACTS_TABLE}") == expected
