"""The temporary folders where an import's workers leave their batches for the loader
(`studdraw-import-...`) and a dataset's writer its pieces (`studdraw-piece-...`).

A run ends by removing its folder, but a run killed (`kill -9`, a power cut) cannot:
44 MB stayed behind after each, and no later run looked at them (issue 49). So a
folder's name says whose it is, `studdraw-import-<process id>-<random>`, and each run,
before making its own, removes the folders of this kind whose owner is gone. A folder
whose owner lives, or another user's, is left alone; so is a link.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Final

from pipeline.workers.process_life import alive

_OWNED: Final = re.compile(r"studdraw-(?:import|piece)-(\d+)-")


def spool_folder(kind: str) -> tempfile.TemporaryDirectory[str]:
    """A new folder, `studdraw-<kind>-<this process>-...`, removed when its context ends,
    made after those dead runs left are removed."""
    remove_dead_spools()
    return tempfile.TemporaryDirectory(prefix=f"studdraw-{kind}-{os.getpid()}-")


def remove_dead_spools(top: Path | None = None) -> list[Path]:
    """Remove the spool folders in `top` (the temporary folder) whose owner is gone; the
    folders removed."""
    removed = []
    for path in Path(top or tempfile.gettempdir()).glob("studdraw-*-*-*"):
        owned = _OWNED.match(path.name)
        if owned is None or not _own_folder(path):
            continue
        owner = int(owned.group(1))
        if owner == os.getpid() or alive(owner):
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path)
    return removed


def _own_folder(path: Path) -> bool:
    """A folder (not a link to one) of this user's."""
    try:
        info = path.lstat()
    except OSError:
        return False
    mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return stat.S_ISDIR(info.st_mode) and mine
