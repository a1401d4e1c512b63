"""Where the shared real histories live: beside the checkout, as CI lays it out."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REAL_HISTORIES = REPO.parent / "shared" / "histories" / "real"


@pytest.fixture(scope="session")
def real_histories() -> Path:
    if not REAL_HISTORIES.is_dir():
        pytest.fail(f"the shared real histories are missing: {REAL_HISTORIES}")
    return REAL_HISTORIES


@pytest.fixture(scope="session")
def sample_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_histories/ (1,800 generated hands) imported once into a DuckDB file, for
    the tests that read a realistic database (the dashboard's)."""
    from pipeline.importer import import_histories
    from pipeline.storage.database import Database

    path = tmp_path_factory.mktemp("sample_db") / "samples.duckdb"
    with Database(path) as database:
        summary = import_histories([REPO / "sample_histories"], database)
    assert summary.hands_imported == 1800
    return path


@pytest.fixture
def writable_database(
    sample_database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """A copy of the sample database, the dashboard's ($STUDDRAW_DB), for a test that
    writes to it (settings, notes, tags)."""
    copy = tmp_path / "mine.duckdb"
    shutil.copy(sample_database, copy)
    monkeypatch.setenv("STUDDRAW_DB", str(copy))
    return copy
