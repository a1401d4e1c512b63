"""A new database is a copy of the empty one made the first time, kept in the cache
folder by a digest of what makes one: the same tables, views and macros as one made."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from pipeline.storage import database as database_module
from pipeline.storage import empty_database
from pipeline.storage.database import Database


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    empty_database._kept_file.cache_clear()
    yield tmp_path / "cache" / "studdraw" / "databases"
    empty_database._kept_file.cache_clear()


def _catalog(path: Path) -> list[tuple[object, ...]]:
    with duckdb.connect(str(path), read_only=True) as connection:
        return connection.execute(
            "SELECT 'table', table_name, sql, comment FROM duckdb_tables() WHERE NOT internal "
            "UNION ALL SELECT 'view', view_name, sql, comment FROM duckdb_views() "
            "WHERE NOT internal "
            "UNION ALL SELECT function_type, function_name, macro_definition::VARCHAR, NULL "
            "FROM duckdb_functions() WHERE NOT internal "
            "UNION ALL SELECT 'schema', version::VARCHAR, NULL, NULL FROM studdraw_schema "
            "ORDER BY ALL"
        ).fetchall()


def test_a_new_database_is_a_copy_of_the_empty_one_made_first(
    tmp_path: Path, cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[object] = []
    install = database_module.install_stats

    def installing(connection: duckdb.DuckDBPyConnection) -> None:
        made.append(connection)
        install(connection)

    monkeypatch.setattr(database_module, "install_stats", installing)
    with Database(tmp_path / "first.duckdb"):
        pass
    (kept,) = cache_folder.glob("empty-*.duckdb")
    with Database(tmp_path / "second" / "copied.duckdb") as database:
        assert database.scalar("SELECT count(*) FROM hands") == 0
    assert len(made) == 1  # the second was copied, not made
    assert _catalog(tmp_path / "second" / "copied.duckdb") == _catalog(tmp_path / "first.duckdb")
    assert _catalog(kept) == _catalog(tmp_path / "first.duckdb")
    assert len(_catalog(kept)) > 25  # 15 tables, the stat views and macros


def test_another_make_of_database_keeps_another_empty_one(
    tmp_path: Path, cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Database(tmp_path / "one.duckdb"):
        pass
    storage = tmp_path / "storage"
    storage.mkdir()
    (storage / "schema.sql").write_text("-- another schema\n")
    monkeypatch.setattr(empty_database, "_STORAGE", storage)
    empty_database._kept_file.cache_clear()
    with Database(tmp_path / "two.duckdb"):
        pass
    assert len(list(cache_folder.glob("empty-*.duckdb"))) == 2


def test_a_file_put_where_the_new_database_goes_is_not_overwritten(
    tmp_path: Path, cache_folder: Path
) -> None:
    with Database(tmp_path / "one.duckdb"):
        pass
    path = tmp_path / "two.duckdb"
    path.write_bytes(b"")  # empty: usable, but no longer absent
    assert not empty_database.copied_empty(path)
    assert path.read_bytes() == b""
