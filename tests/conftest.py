"""Where the shared real histories live: beside the checkout, as CI lays it out; and
Hypothesis told no example has a time limit (a busy machine is no failure: speed is
measured in bench/, never asserted in a test)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("studdraw", deadline=None)
settings.load_profile("studdraw")

REPO = Path(__file__).resolve().parents[1]
HANG_SECONDS = 300
"""How long a test waits for something that is sure to come (a dashboard's script run, a
server answering, a watch storing a file) before calling it hung: minutes, which a busy
machine never comes near. No test asserts how fast a thing is done: bench/ measures that."""
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
    from pipeline.importing.importer import import_histories
    from pipeline.storage.database import Database

    path = tmp_path_factory.mktemp("sample_db") / "samples.duckdb"
    with Database(path) as database:
        summary = import_histories([REPO / "sample_histories"], database)
    assert summary.hands_imported == 1800
    return path


@pytest.fixture(scope="session")
def generated_histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four games of 1,200 generated hands each (2.5 MB files: cut in pieces, long enough
    an import to be killed in), written once for the session; read, never written to."""
    from tests.storage.test_import_crash import write_corpus

    folder = tmp_path_factory.mktemp("generated") / "histories"
    write_corpus(folder)
    return folder


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


@pytest.fixture(autouse=True)
def main_module_kept() -> Iterator[None]:
    """Streamlit's AppTest leaves the page it ran as `__main__`; a worker pool started
    later (spawn) runs `__main__` again in each worker, and a page that fails there
    breaks the pool (BrokenProcessPool in tests/storage/test_import.py after a note-editor
    page). Each test gets the `__main__` it started with back."""
    main = sys.modules["__main__"]
    yield
    sys.modules["__main__"] = main
