"""The database commands as a player types them: `studdraw import`, `query` and `stats`
on the sample histories (summaries, refusals, agreement with the SQL macros), and an
older database brought up to date by the first `stats` instead of every query paying."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pytest

from pipeline.cli.app import app
from pipeline.storage import database as database_module
from pipeline.storage.database import DatabaseBusy
from pipeline.storage.stats import FACTS_TABLE
from tests.cli.test_cli import runner
from tests.conftest import REAL_HISTORIES, REPO

SAMPLES = REPO / "sample_histories"


def _razz_file() -> Path:
    return next(path for path in sorted(SAMPLES.rglob("*.txt")) if "Razz" in path.name)


def _hands_in(path: Path) -> int:
    return path.read_text(encoding="utf-8-sig").count("PokerStars Hand #")


def test_import_prints_its_summary_and_a_second_run_skips_the_unchanged_file(
    tmp_path: Path,
) -> None:
    history, database = _razz_file(), tmp_path / "mine.duckdb"
    first = runner().invoke(app, ["import", str(history), "--db", str(database), "--jobs", "1"])
    assert first.exit_code == 0, first.stderr
    assert f"{_hands_in(history)} hands imported into {database}" in first.stderr
    assert "0 hands rejected" in first.stderr

    again = runner().invoke(app, ["import", str(history), "--db", str(database), "--jobs", "1"])
    assert again.exit_code == 0, again.stderr
    assert "0 hands imported" in again.stderr and "1 unchanged and skipped" in again.stderr


def test_import_summary_names_each_site_with_its_hands(
    tmp_path: Path, real_histories: Path
) -> None:
    razz = _razz_file()
    everleaf = real_histories / "Everleaf/cash/Stud/7-Stud-USD-0.05-0.10.201107.txt"
    database = tmp_path / "sites.duckdb"
    arguments = ["import", str(razz), str(everleaf), "--db", str(database), "--jobs", "1"]
    result = runner().invoke(app, arguments)
    assert result.exit_code == 0, result.stderr
    per_site = dict(
        reversed(line.split(maxsplit=1))
        for line in result.stderr.splitlines()
        if line.startswith("  ") and line.split(maxsplit=1)[0].replace(",", "").isdigit()
    )
    assert per_site == {"PokerStars": str(_hands_in(razz)), "Everleaf": "19"}


def test_query_prints_csv_and_refuses_to_write(sample_database: Path) -> None:
    sql = "SELECT game, count(*) AS hands FROM hands GROUP BY game ORDER BY game"
    result = runner().invoke(app, ["query", sql, "--db", str(sample_database), "--csv"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "game,hands"
    assert sum(int(line.split(",")[1]) for line in lines[1:]) == 1800

    refused = runner().invoke(
        app, ["query", "CREATE TABLE mine (a INTEGER)", "--db", str(sample_database)]
    )
    assert refused.exit_code == 1
    assert "read-only" in refused.stderr.lower()


def test_stats_rows_are_the_player_stats_macro(sample_database: Path) -> None:
    arguments = ["--player", "studdraw_hero", "--game", "razz", "--json"]
    result = runner().invoke(app, ["stats", *arguments, "--db", str(sample_database)])
    assert result.exit_code == 0, result.stderr
    rows = {row["unit"]: row for row in map(json.loads, result.stdout.splitlines())}
    with duckdb.connect(str(sample_database), read_only=True) as connection:
        truth = connection.execute(
            "SELECT unit, hands, vpip_pct, net_won FROM player_stats("
            "player := 'studdraw_hero', game := 'razz')"
        ).fetchall()
    assert len(truth) > 1  # the samples play razz for dollars and for tournament chips
    for unit, hands, vpip, net in truth:
        assert rows[unit]["hands"] == hands > 0
        assert rows[unit]["vpip_pct"] == pytest.approx(float(vpip), rel=1e-11)
        assert str(rows[unit]["net_won"]) == f"{net.normalize():f}"  # exact digits


def test_stats_brings_an_older_database_up_to_date_once(
    sample_database: Path, tmp_path: Path
) -> None:
    path = tmp_path / "older.duckdb"
    shutil.copy(sample_database, path)
    with duckdb.connect(str(path)) as connection:
        connection.execute(f"DROP TABLE {FACTS_TABLE}")  # as an older studdraw wrote it

    first = runner().invoke(app, ["stats", "--db", str(path), "--csv"])
    assert first.exit_code == 0, first.stderr
    assert "Bringing the database up to date" in first.stderr
    with duckdb.connect(str(path), read_only=True) as connection:
        facts, players = connection.execute(
            f"SELECT (SELECT count(*) FROM {FACTS_TABLE}), (SELECT count(*) FROM hand_players)"
        ).fetchall()[0]
    assert facts == players > 0

    second = runner().invoke(app, ["stats", "--db", str(path), "--csv"])
    assert "Bringing" not in second.stderr
    assert second.stdout == first.stdout


def test_a_database_kept_busy_is_said_without_a_traceback(
    sample_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def busy(*_args: object, **_kwargs: object) -> None:
        raise DatabaseBusy("An import is writing to the database; try again in a moment.")

    monkeypatch.setattr(database_module, "retry_while_locked", busy)  # the whole wait is over
    for command in (["query", "SELECT 1"], ["stats"], ["import", str(_razz_file())]):
        result = runner().invoke(app, [*command, "--db", str(sample_database)])
        assert result.exit_code == 1, command
        assert "the database is busy" in result.stderr and "try again" in result.stderr
        assert not isinstance(result.exception, DatabaseBusy)


def test_a_hand_the_site_cancelled_is_counted_as_cancelled_not_rejected(tmp_path: Path) -> None:
    """PokerStars, 2008: "Hand cancelled" after the small blind, then "collected ($0)"."""
    history = REAL_HISTORIES / "PokerStars/cash/Draw/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"
    database = tmp_path / "mine.duckdb"
    result = runner().invoke(app, ["import", str(history), "--db", str(database), "--jobs", "1"])
    assert result.exit_code == 0, result.stderr
    assert "0 hands imported" in result.stderr
    assert "1 hand cancelled by the site (no money moved)" in result.stderr
    assert "0 hands rejected" in result.stderr
    with duckdb.connect(str(database), read_only=True) as connection:
        for table in ("hands", "rejects", "actions"):
            assert connection.execute(f"SELECT count(*) FROM {table}").fetchall() == [(0,)]

    validated = runner().invoke(app, ["validate", str(history)])
    assert validated.exit_code == 0, validated.stderr
    (row,) = [line.split() for line in validated.stderr.splitlines() if line.startswith("poker")]
    assert row == ["pokerstars", "1", "0", "0", "1", "0", "0"]

    parsed = runner().invoke(app, ["parse", str(history)])
    assert parsed.exit_code == 0 and parsed.stdout == ""
    assert "(hand #20349633663): cancelled by the site ('Hand cancelled')" in parsed.stderr
    as_json = runner().invoke(app, ["validate", "--json", str(history)])
    assert json.loads(as_json.stdout) == {
        "site": "pokerstars",
        "hand_number": "20349633663",
        "game": "triple_draw_27",
        "cancelled": True,
        "reason": "Hand cancelled",
        "path": str(history),
        "line": 7,
    }


def test_export_from_a_database_takes_the_hands_the_stats_filters_choose(
    sample_database: Path, tmp_path: Path
) -> None:
    chosen = ["--player", "Kestrel99", "--game", "seven_stud", "--until", "2026-11-14 23:00"]
    result = runner().invoke(
        app, ["export", "--db", str(sample_database), "--out", str(tmp_path), *chosen]
    )
    assert result.exit_code == 0, result.stderr
    with duckdb.connect(str(sample_database), read_only=True) as connection:
        from pipeline.storage.stats import make_stats_readable

        make_stats_readable(connection)
        expected = connection.sql(
            "SELECT hand_number FROM player_hands_filtered(player := 'Kestrel99', "
            "game := 'seven_stud', until := '2026-11-14 23:00')"
        ).fetchall()
    written = sorted(path.stem.removeprefix("pokerstars-") for path in tmp_path.glob("*.phh"))
    assert written == sorted(number for (number,) in expected)
    assert len(written) > 50
    assert f"{len(written)} hands written as PHH" in result.stderr


def test_export_from_a_database_counts_the_hands_whose_file_is_gone_or_edited(
    tmp_path: Path,
) -> None:
    history, database = tmp_path / "razz.txt", tmp_path / "mine.duckdb"
    shutil.copy(_razz_file(), history)
    imported = runner().invoke(app, ["import", str(history), "--db", str(database), "--jobs", "1"])
    assert imported.exit_code == 0, imported.stderr

    history.write_bytes(b"\r\n\r\n" + history.read_bytes())  # every hand moved
    moved = runner().invoke(app, ["export", "--db", str(database), "--out", str(tmp_path / "a")])
    counted = [int(line.split()[0]) for line in moved.stderr.replace(",", "").splitlines()]
    assert sum(counted) == _hands_in(history)  # written, or skipped for PHH's own reasons
    assert "history file" not in moved.stderr

    history.unlink()
    gone = runner().invoke(app, ["export", "--db", str(database), "--out", str(tmp_path / "b")])
    assert "0 hands written" in gone.stderr
    assert f"{_hands_in(_razz_file())}  skipped: its history file is gone" in gone.stderr


def test_export_takes_files_or_a_database_and_filters_only_with_a_database(
    tmp_path: Path,
) -> None:
    both = runner().invoke(app, ["export", str(_razz_file()), "--db", "x", "--out", str(tmp_path)])
    assert both.exit_code == 2 and "one of the two" in both.stderr
    filtered = runner().invoke(
        app, ["export", str(_razz_file()), "--game", "razz", "--out", str(tmp_path)]
    )
    assert filtered.exit_code == 2 and "add --db" in filtered.stderr
