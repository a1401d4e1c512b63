"""A new database file, copied from the empty one this studdraw made before.

Making a database (its tables, the stat views and macros) costs DuckDB 0.065 s of
statements, in the time a first import's workers read; copying the same empty file costs
0.001 s. The empty file is kept in the user's cache folder, named by a digest of all
that makes one (the storage package's SQL and Python, DuckDB's version): a studdraw that
makes them otherwise never copies another's.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from functools import cache
from pathlib import Path

import duckdb

from parsers.build.user_cache import user_cache_folder

_STORAGE = Path(__file__).parent


def copied_empty(path: Path) -> bool:
    """Copy the kept empty database to `path`, where no file is; False if none is kept
    (or a file came there meanwhile): then the caller makes it, and `keep_empty`."""
    kept = _kept_file()
    if kept is None or not kept.is_file():
        return False
    try:
        with kept.open("rb") as source, path.open("xb") as copy:
            shutil.copyfileobj(source, copy)
    except FileExistsError:
        return False
    except OSError:
        path.unlink(missing_ok=True)  # half copied: made instead
        return False
    return True


def keep_empty(path: Path) -> None:
    """Keep the database just made at `path` (empty, closed) for the next new one."""
    kept = _kept_file()
    if kept is None or kept.is_file():
        return
    try:
        handle, partial = tempfile.mkstemp(dir=kept.parent, suffix=".partial")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as copy, path.open("rb") as source:
            shutil.copyfileobj(source, copy)
        os.replace(partial, kept)  # whole or not at all, beside another process
    except OSError:
        Path(partial).unlink(missing_ok=True)


@cache
def _kept_file() -> Path | None:
    """`<user cache folder>/databases/empty-<digest>.duckdb`; None without a cache
    folder."""
    digest = hashlib.sha256(duckdb.__version__.encode())
    for source in sorted(_STORAGE.glob("*.sql")) + sorted(_STORAGE.glob("*.py")):
        digest.update(source.name.encode() + source.read_bytes())
    folder = user_cache_folder("databases")
    return None if folder is None else folder / f"empty-{digest.hexdigest()[:24]}.duckdb"
