"""The dashboard's parts that need no page: uploads, the console's guard, cards, money,
filters, and the `studdraw dashboard` command."""

from __future__ import annotations

import os
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dashboard import console, importing
from dashboard.cards import card_html
from dashboard.hand_filters import Filters
from dashboard.money import format_amount, format_stakes
from dashboard.replay_steps import ShownCard
from pipeline.cli.app import app as cli
from tests.conftest import HANG_SECONDS, REPO


def test_uploads_are_written_inside_the_folder_under_their_own_names(tmp_path: Path) -> None:
    folder = tmp_path / "uploads"
    written = importing.save_uploads(
        [
            ("HH razz.txt", b"one"),
            ("../../escape.txt", b"two"),
            ("C:\\Users\\me\\HH razz.txt", b"three"),
            ("", b"four"),
        ],
        folder,
    )
    assert [p.name for p in written] == [
        "HH razz.txt",
        "escape.txt",
        "HH razz (1).txt",
        "upload.txt",
    ]
    assert all(p.parent == folder for p in written)
    assert [p.read_bytes() for p in written] == [b"one", b"two", b"three", b"four"]
    assert not (tmp_path / "escape.txt").exists()


def test_run_import_reports_progress_per_file(tmp_path: Path) -> None:
    samples = REPO / "sample_histories"
    razz = next(samples.rglob("*Quintilla V*Razz*"))
    seen: list[tuple[int, int, int]] = []
    summary = importing.run_import([razz], tmp_path / "db.duckdb", lambda *args: seen.append(args))
    assert summary.hands_imported == 200
    assert seen == [(1, 1, 200)]


@pytest.mark.parametrize(
    ("sql", "refused"),
    [
        ("CREATE TABLE t (a INTEGER)", True),
        ("INSERT INTO hands SELECT * FROM hands", True),
        ("DROP TABLE hands", True),
        ("COPY (SELECT 1) TO '/tmp/studdraw-console.csv'", True),
        ("SELECT * FROM read_csv('/etc/passwd')", True),
        ("SELECT * FROM '/etc/hostname'", False),  # not read: taken for a table name
        ("ATTACH ':memory:' AS other", False),  # nothing to reach; harmless
        ("SET enable_external_access = true", True),
        ("RESET lock_configuration", True),
        ("INSTALL httpfs", True),
        ("SELEC 1", False),
    ],
)
def test_the_console_refuses_writes_files_and_settings(
    sample_database: Path, sql: str, refused: bool
) -> None:
    outcome = console.run(sample_database, sql)
    if refused:
        assert outcome.refused and outcome.error and outcome.error.startswith("Refused")
    elif sql.startswith("SELEC "):
        assert not outcome.refused and outcome.error and "Parser" in outcome.error
    elif "hostname" in sql:
        assert outcome.frame is None and outcome.error and "Catalog" in outcome.error
    assert not Path("/tmp/studdraw-console.csv").exists()


def test_the_console_returns_rows_and_cuts_long_results(sample_database: Path) -> None:
    outcome = console.run(sample_database, "SELECT * FROM range(25)", row_limit=10)
    assert outcome.frame is not None and outcome.frame.height == 10 and outcome.truncated
    outcome = console.run(sample_database, "SELECT max(started_at) - min(started_at) FROM hands")
    assert outcome.frame is not None and outcome.error is None  # an INTERVAL shows
    slow = "SELECT count(*) FROM range(100000) a, range(100000) b, range(1000) c"
    outcome = console.run(sample_database, slow, timeout=0.5)
    assert outcome.error and outcome.error.startswith("Stopped")


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT length(repeat('a', 1000000000))",  # one value of a gigabyte
        "SELECT string_agg(repeat('x', 1000), '') FROM range(3000000)",  # 3 GB of buffers
    ],
)
def test_a_query_that_would_eat_the_memory_stops_in_its_own_process(
    sample_database: Path, sql: str
) -> None:
    # Minutes to run: on a busy machine the clock must not stop it before the memory cap.
    outcome = console.run(sample_database, sql, timeout=HANG_SECONDS, wait=HANG_SECONDS)
    assert outcome.error and outcome.error.startswith("Stopped: the query needed more memory")
    assert console.run(sample_database, "SELECT 1 AS one").frame is not None  # still up


def test_examples_quote_the_heros_name() -> None:
    sql = console.example("Stats macro: the hero, every game", "O'Brien 3")
    assert "player := 'O''Brien 3'" in sql


def test_cards_show_suits_and_how_they_were_dealt() -> None:
    up = card_html(ShownCard("Ah", down=False))
    down = card_html(ShownCard("Td", down=True, new=True))
    assert 'data-card="Ah"' in up and "sd-up" in up and "♥" in up and "#c62828" in up
    assert "sd-down" in down and "sd-new" in down and ">10<" in down and "#1565c0" in down
    assert 'data-card="back"' in card_html(ShownCard(None, down=True))
    assert 'data-card="back"' in card_html(ShownCard("Ks", down=True), hidden=True)


def test_money_is_written_as_players_read_it() -> None:
    assert format_amount(Decimal("0.1000"), "USD") == "$0.10"
    assert format_amount(Decimal("-1234.5"), "EUR", signed=True) == "-€1,234.50"
    assert format_amount(Decimal("1500.0000"), None) == "1,500"
    assert format_amount(Decimal("0.0125"), "USD") == "$0.0125"
    assert format_amount(Decimal("2"), "USD", signed=True) == "+$2.00"
    fixed = format_stakes("fixed_limit", Decimal("0.1"), Decimal("0.2"), None, None, "USD")
    assert fixed == "$0.10/$0.20"
    no_limit = format_stakes("no_limit", None, None, Decimal("0.25"), Decimal("0.5"), "USD")
    assert no_limit == "$0.25/$0.50 NL"


def test_filters_bind_every_value() -> None:
    filters = Filters(
        heroes=("O'Brien 3", "x"),
        site="pokerstars",
        game="razz",
        big_unit=Decimal("0.20"),
        money="cash",
        since=date(2026, 11, 14),
        until=date(2026, 11, 15),
    )
    where, params = filters.hand_conditions("h")
    assert "O'Brien" not in where and "'pokerstars'" not in where
    assert "h.money IN ('real', 'play')" in where
    assert params["f_since"] == "2026-11-14 00:00:00+00"
    hero, names = filters.hero_condition("hp")
    assert hero == "hp.player IN ($f_hero_0, $f_hero_1)"
    assert names == {"f_hero_0": "O'Brien 3", "f_hero_1": "x"}
    arguments, macro = filters.macro_arguments()
    assert "money := $m_money" in arguments and macro["m_money"] == "cash"
    assert Filters().hand_conditions() == ("TRUE", {})
    assert Filters().hero_condition() == ("FALSE", {})


def test_the_dashboard_command_serves_localhost_with_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[list[str], dict[str, str]]] = []

    def execve(program: str, command: list[str], env: dict[str, str]) -> None:
        assert program == command[0]
        calls.append((command, env))

    monkeypatch.setattr(os, "execve", execve)  # the command becomes the server
    result = CliRunner().invoke(cli, ["dashboard", "--db", str(tmp_path / "my.duckdb")])
    assert result.exit_code == 0, result.output
    command, env = calls[0]
    assert command[1:4] == ["-m", "streamlit", "run"]
    assert command[4].endswith(os.path.join("dashboard", "server.py"))  # app.py, guarded
    assert command[command.index("--server.address") + 1] == "localhost"
    assert command[command.index("--server.headless") + 1] == "true"
    assert command[command.index("--server.enableXsrfProtection") + 1] == "true"
    assert command[command.index("--server.maxUploadSize") + 1] == "200"
    assert command[command.index("--client.toolbarMode") + 1] == "viewer"
    assert command[command.index("--client.showErrorDetails") + 1] == "none"
    assert env["STUDDRAW_DB"] == str(tmp_path / "my.duckdb")
    assert env["STUDDRAW_FOLDERS"] == "" and env["STUDDRAW_ALLOWED_HOSTS"] == ""
    chosen = ["--folder", str(tmp_path), "--allow-host", "poker.lan", "--allow-host", "x.lan"]
    result = CliRunner().invoke(cli, ["dashboard", "--db", str(tmp_path / "my.duckdb"), *chosen])
    assert result.exit_code == 0, result.output
    env = calls[1][1]
    assert env["STUDDRAW_FOLDERS"] == str(tmp_path)
    assert env["STUDDRAW_ALLOWED_HOSTS"] == "poker.lan,x.lan"
    missing = ["--folder", str(tmp_path / "nowhere")]
    result = CliRunner().invoke(cli, ["dashboard", "--db", str(tmp_path / "my.duckdb"), *missing])
    assert result.exit_code == 2 and "no such folder" in result.output
    assert len(calls) == 2  # no server for a folder that is not there


def test_the_consoles_lock_does_not_break_other_sessions(sample_database: Path) -> None:
    """DuckDB shares settings between the connections a process has on one file: while
    another session's connection keeps the instance alive, the console's lock stays on
    it. Page queries change no setting, so they still run; a second console run finds
    the lock already on."""
    from dashboard import connection

    with connection.read_only(sample_database) as other_session:
        assert console.run(sample_database, "SELECT 1 AS one").frame is not None
        frame = connection.query(sample_database, "SELECT count(*) AS hands FROM hands")
        assert frame["hands"][0] == 1800
        again = console.run(sample_database, "SELECT * FROM read_csv('/etc/passwd')")
        assert again.refused
        assert other_session.sql("SELECT 2").fetchall() == [(2,)]
