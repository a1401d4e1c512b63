"""The database file under abuse: `--db` naming something that is not studdraw's (a text
file, another program's DuckDB, a newer studdraw's, a corrupt one) is refused without a
byte changed; a disk that fills mid-import stops it with one line and the next run
finishes; two imports at once give what one gives."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from pipeline.cli.app import app
from tests.cli.test_cli import runner
from tests.conftest import REPO

SAMPLES = REPO / "sample_histories"
TABLES = ("hands", "hand_players", "actions", "draws", "pots", "findings", "import_files")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _foreign_duckdb(path: Path) -> None:
    with duckdb.connect(str(path)) as connection:
        connection.execute("CREATE TABLE sales AS SELECT range AS id FROM range(10000)")


def _newer_studdraw(path: Path) -> None:
    with duckdb.connect(str(path)) as connection:
        connection.execute("CREATE TABLE hands (site VARCHAR)")
        connection.execute("CREATE TABLE studdraw_schema (version INTEGER)")
        connection.execute("INSERT INTO studdraw_schema VALUES (99)")


def _corrupt(path: Path) -> None:
    _foreign_duckdb(path)
    data = path.read_bytes()
    path.write_bytes(data[:4096] + bytes(len(data) - 4096))


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda p: p.write_text("my poker notes\n"), "is not a DuckDB database"),
        (_foreign_duckdb, "a DuckDB database, but not studdraw's (tables: sales)"),
        (_newer_studdraw, "written by a newer studdraw (schema 99"),
        (_corrupt, "cannot be opened"),
    ],
    ids=["text", "foreign", "newer", "corrupt"],
)
def test_a_file_that_is_not_studdraws_is_refused_untouched(
    tmp_path: Path, make: object, said: str
) -> None:
    target = tmp_path / "mine.duckdb"
    make(target)  # type: ignore[operator]
    before = _digest(target)
    for command in (
        ["import", str(SAMPLES), "--db", str(target), "--jobs", "1"],
        ["stats", "--db", str(target)],
        ["query", "SELECT 1", "--db", str(target)],
        ["export", "--db", str(target), "--out", str(tmp_path / "phh")],
        ["dashboard", "--db", str(target)],
    ):
        result = runner().invoke(app, command)
        assert result.exit_code == 2, (command, result.stderr)
        assert said in result.stderr and "it was left as it was" in result.stderr
        assert "Traceback" not in result.stderr
    assert _digest(target) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "phh") == ["mine.duckdb"]


_IMPORT = """
import sys
{setup}
from pipeline.cli.app import app
sys.argv = ["studdraw", "import", sys.argv[1], "--db", sys.argv[2], "--jobs", "1"]
app()
"""
_SMALL_DISK = """
import resource, signal
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writing past the limit fails (EFBIG)
resource.setrlimit(resource.RLIMIT_FSIZE, (3_000_000, 3_000_000))
"""


def _import(database: Path, small_disk: bool = False) -> subprocess.CompletedProcess[str]:
    code = _IMPORT.format(setup=_SMALL_DISK if small_disk else "")
    return subprocess.run(
        [sys.executable, "-c", code, str(SAMPLES), str(database)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _counts(database: Path) -> dict[str, int]:
    with duckdb.connect(str(database), read_only=True) as connection:
        return {t: connection.sql(f"SELECT count(*) FROM {t}").fetchall()[0][0] for t in TABLES}


@pytest.mark.slow
def test_a_full_disk_stops_the_import_in_one_line_and_the_next_run_finishes(
    tmp_path: Path,
) -> None:
    cramped, roomy = tmp_path / "cramped.duckdb", tmp_path / "roomy.duckdb"
    stopped = _import(cramped, small_disk=True)
    assert stopped.returncode == 1, stopped.stderr
    assert "could not be written" in stopped.stderr and "Traceback" not in stopped.stderr
    assert _import(cramped).returncode == 0
    assert _import(roomy).returncode == 0
    assert _counts(cramped) == _counts(roomy)
    assert _counts(cramped)["hands"] == 1800


@pytest.mark.slow
def test_two_imports_at_once_give_what_one_gives(tmp_path: Path) -> None:
    shared, alone = tmp_path / "shared.duckdb", tmp_path / "alone.duckdb"
    command = [
        sys.executable,
        "-m",
        "pipeline.cli.command",
        "import",
        str(SAMPLES),
        "--db",
        str(shared),
    ]
    both = [
        subprocess.Popen([*command, "--jobs", "1"], cwd=REPO, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    for process in both:
        _out, errors = process.communicate(timeout=300)
        assert process.returncode == 0, errors
    assert _import(alone).returncode == 0
    assert _counts(shared) == _counts(alone)
