"""`studdraw demo`: what `make demo` does, with no make (Windows), from a checkout or a
wheel (which ships no sample histories: they are generated)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.cli.demo import sample_files, sample_folder
from pipeline.simulation.samples import sample_tables
from tests.conftest import REPO

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        return CliRunner()


@pytest.mark.slow  # 1,800 hands validated and imported
def test_demo_imports_the_samples_and_prints_the_heros_stats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_server(*_arguments: object) -> None:
        raise AssertionError("--no-dashboard started the dashboard")

    monkeypatch.setattr(os, "execve", no_server)
    database = tmp_path / "demo.duckdb"
    result = _runner().invoke(app, ["demo", "--db", str(database), "--no-dashboard", "--jobs", "2"])
    assert result.exit_code == 0, (result.stderr, result.exc_info)
    said = ANSI.sub("", result.stderr)
    assert "1,800 hands imported into" in said
    assert "your stats as studdraw_hero" in said
    shown = ANSI.sub("", result.stdout)
    # one block per unit of money: the cash tables in dollars, the razz tournament's chips
    assert "US dollars" in shown and "Tournament chips" in shown
    assert "VPIP %" in shown and "studdraw_hero" in shown
    with duckdb.connect(str(database), read_only=True) as connection:
        assert connection.execute("SELECT count(*) FROM hands").fetchone() == (1800,)

    again = _runner().invoke(app, ["demo", "--db", str(database), "--no-dashboard"])
    assert again.exit_code == 0, again.stderr
    assert "0 hands imported" in ANSI.sub("", again.stderr)  # incremental: nothing twice
    assert "VPIP %" in ANSI.sub("", again.stdout)


def test_an_installed_wheel_generates_the_samples_once(tmp_path: Path) -> None:
    """No bundled folder (a wheel): the simulator writes the samples into the user data
    folder, once, the same files as the bundled ones."""
    folder, written = sample_folder(bundled=tmp_path / "none", generated=tmp_path / "samples")
    assert written and folder == tmp_path / "samples"
    files = sample_files(folder)
    assert len(files) == len(sample_tables())
    bundled = REPO / "sample_histories"
    assert [f.relative_to(folder) for f in files] == [
        f.relative_to(bundled) for f in sample_files(bundled)
    ]
    assert files[0].read_bytes() == sorted(bundled.rglob("*.txt"))[0].read_bytes()
    assert sample_folder(bundled=tmp_path / "none", generated=folder) == (folder, False)
