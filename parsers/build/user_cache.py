"""The user's cache folder, where studdraw keeps what it can make again but would rather
not: built grammars (`grammar_cache`), the empty database (`storage.empty_database`)."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache_folder(name: str) -> Path | None:
    """`$XDG_CACHE_HOME/studdraw/<name>` (`~/.cache/...`), made private; None if it
    cannot be made or written to (a read-only home)."""
    try:
        base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
        folder = Path(base) / "studdraw" / name
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except (OSError, RuntimeError):  # RuntimeError: no home directory to be found
        return None
    return folder if os.access(folder, os.W_OK) else None
