"""The per-day counts the stat reports sum (day_counts.sql: player_day_counts,
start_day_counts) are always the counts of the hands stored: after each batch, after
hands give way, after a change of version; and a report off whole UTC days, which
counts from the hands themselves, agrees with one on whole days."""

from __future__ import annotations

import shutil
from datetime import UTC, timedelta
from pathlib import Path

import duckdb
import pytest

from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database
from pipeline.storage.read_only import bring_up_to_date, stats_out_of_date
from pipeline.storage.stats import (
    DAY_COUNT_TABLES,
    counts_version,
    day_count_sums,
    stat_counts_call,
)

pytestmark = pytest.mark.hang_limit(600)


def day_counts_disagree(connection: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Per count table, the rows it has (added up by key: a batch appends its own) that
    the stored hands' own counts (stat_counts, worked out now) lack, and the rows it
    lacks: {} when the tables are current."""
    wrong = {}
    for table, by_start in DAY_COUNT_TABLES.items():
        counted = f"SELECT * FROM {stat_counts_call(by_start)}"
        kept = day_count_sums(connection, table)
        extra, missing = (
            connection.execute(f"SELECT count(*) FROM ({a} EXCEPT ALL {b})").fetchall()[0][0]
            for a, b in ((kept, counted), (counted, kept))
        )
        if extra or missing:
            wrong[table] = extra + missing
    return wrong


def _rows(connection: duckdb.DuckDBPyConnection, table: str) -> int:
    return connection.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]


def test_each_batch_of_real_histories_keeps_the_counts_current(
    tmp_path: Path, real_histories: Path
) -> None:
    """Every real site, imported a few sites at a time in small batches (so that batches
    share days): after each import the tables equal the hands' counts, and they sum to
    every player-hand (start_day_counts: to each one whose start is known)."""
    sites = sorted(p for p in real_histories.iterdir() if p.is_dir())
    path = tmp_path / "real.duckdb"
    for group in (sites[:4], sites[4:9], sites[9:], sites[:2]):  # the last: all again
        with Database(path) as database:
            import_histories(group, database, batch_hands=50)
        with duckdb.connect(str(path), read_only=True) as connection:
            assert day_counts_disagree(connection) == {}, [p.name for p in group]
    with duckdb.connect(str(path), read_only=True) as connection:
        facts = _rows(connection, "player_hand_facts")
        started = connection.execute(
            "SELECT count(*) FROM player_hand_facts WHERE start_category IS NOT NULL"
        ).fetchall()[0][0]
        summed = {
            table: connection.execute(f"SELECT sum(hands) FROM {table}").fetchall()[0][0]
            for table in DAY_COUNT_TABLES
        }
        assert summed == {"player_day_counts": facts, "start_day_counts": started}
        assert facts > 3_000 and _rows(connection, "player_day_counts") < facts


def test_tables_of_another_version_or_not_adding_up_are_made_again(
    tmp_path: Path, real_histories: Path
) -> None:
    path = tmp_path / "razz.duckdb"
    with Database(path) as database:
        import_histories([real_histories / "PokerStars" / "cash" / "Stud"], database)
    with duckdb.connect(str(path)) as connection:
        connection.execute("COMMENT ON TABLE player_day_counts IS 'counts 0000'")
        connection.execute("DELETE FROM start_day_counts WHERE hands > 1")
    Database(path).close()
    with duckdb.connect(str(path), read_only=True) as connection:
        assert day_counts_disagree(connection) == {}
        comments = connection.execute(
            "SELECT table_name, comment FROM duckdb_tables() WHERE table_name LIKE '%day_counts'"
        ).fetchall()
        assert sorted(comments) == sorted((table, counts_version()) for table in DAY_COUNT_TABLES)


def test_a_file_without_this_versions_counts_is_read_right_then_brought_up_to_date(
    sample_database: Path, tmp_path: Path
) -> None:
    """As an older studdraw left it: read-only, views count the facts at each reading;
    the first reader that may write makes the tables (as the dashboard does)."""
    path = tmp_path / "older.duckdb"
    shutil.copy(sample_database, path)
    sql = "SELECT * FROM player_stats() ORDER BY site, player, unit, game"
    with duckdb.connect(str(path)) as connection:
        expected = connection.execute(sql).fetchall()
        for table in DAY_COUNT_TABLES:
            connection.execute(f"DROP TABLE {table}")
    assert stats_out_of_date(path)
    with Database(path, read_only=True) as database:
        _assert_same_stats(database.connection.execute(sql).fetchall(), expected)
    assert bring_up_to_date(path)
    assert not stats_out_of_date(path)
    with duckdb.connect(str(path), read_only=True) as connection:
        assert day_counts_disagree(connection) == {}
        _assert_same_stats(connection.execute(sql).fetchall(), expected)


def _assert_same_stats(rows: list, expected: list) -> None:
    """Equal, float sums to their last bits (added in another order, which varies with
    DuckDB's threads)."""
    assert len(rows) == len(expected) > 10
    for row, expected_row in zip(rows, expected, strict=True):
        for got, want in zip(row, expected_row, strict=True):
            assert got == (pytest.approx(want, rel=1e-9) if isinstance(want, float) else want)


@pytest.fixture(scope="module")
def tampered(sample_database: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the sample database whose player_day_counts says each player put money
    in voluntarily once more every day than his hands did: a report that reads the
    table shows it, one counted from the hands does not."""
    path = tmp_path_factory.mktemp("tampered") / "samples.duckdb"
    shutil.copy(sample_database, path)
    with duckdb.connect(str(path)) as connection:
        connection.execute("UPDATE player_day_counts SET vpip = vpip + 1")
    return path


def _stats(path: Path, since: str) -> dict[tuple[str, str], tuple[object, ...]]:
    with duckdb.connect(str(path), read_only=True) as connection:
        rows = connection.execute(
            "SELECT player, game, hands, vpip_pct, big_bets_per_100, big_bets_per_100_sd, "
            "net_won FROM player_stats(since := ?)",
            [since],
        ).fetchall()
    return {(player, game): rest for player, game, *rest in rows}


def test_whole_days_read_the_counts_other_times_the_hands(
    sample_database: Path, tampered: Path
) -> None:
    """A since at a midnight UTC is answered from player_day_counts; a microsecond
    earlier (no hand is played in it), from the hands: the same hands, the same stats,
    except where the table was tampered with."""
    with duckdb.connect(str(sample_database), read_only=True) as connection:
        first, last = connection.execute(
            "SELECT min(started_at), max(started_at) FROM hands"
        ).fetchall()[0]
        middle = first + (last - first) / 2
        midnight = middle.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
        earlier = midnight - timedelta(microseconds=1)
        between = connection.execute(
            "SELECT count(*) FROM hands WHERE started_at >= ? AND started_at < ?",
            [earlier, midnight],
        ).fetchall()[0][0]
        assert between == 0
    whole, off = (f"{moment:%Y-%m-%d %H:%M:%S.%f}+00" for moment in (midnight, earlier))
    counted, from_hands = _stats(sample_database, whole), _stats(sample_database, off)
    assert counted.keys() == from_hands.keys() and len(counted) > 10
    _assert_same_stats([counted[key] for key in counted], [from_hands[key] for key in counted])
    tampered_whole, tampered_off = _stats(tampered, whole), _stats(tampered, off)
    _assert_same_stats([tampered_off[key] for key in counted], [from_hands[key] for key in counted])
    assert all(tampered_whole[key][1] > row[1] for key, row in from_hands.items())
