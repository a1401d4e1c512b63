"""Importing from the dashboard: uploaded files to a folder, then the ordinary importer.

The Import page runs `pipeline.importing.importer.import_histories` in the dashboard's own
process (one worker: no process pool inside a web server), with the same database,
log and rejects as `studdraw import`. While it runs, that page does not query; other
pages retry and then say the database is busy (see `dashboard.connection`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path, PurePath

from parsers.text.history_file import HISTORY_SUFFIXES
from pipeline.importing.importer import ImportSummary, import_histories
from pipeline.sources.history_sources import Source, sources
from pipeline.storage.database import Database, retry_while_locked

UPLOAD_MEGABYTES = 200  # the most Streamlit takes per uploaded file (`studdraw dashboard`)
UPLOAD_SUFFIXES = (*HISTORY_SUFFIXES, ".zip")

Progress = Callable[[int, int, int], None]
"""Told (files done, files in all, hands seen) as the import goes."""


def save_uploads(files: Iterable[tuple[str, bytes]], folder: Path) -> list[Path]:
    """Write uploaded (name, content) pairs into `folder`, one file each.

    Only the name's last part is kept (a browser may send a path; nothing may be
    written outside `folder`), and a name given twice gets a number so that no upload
    overwrites another.
    """
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, content in files:
        base = PurePath(name.replace("\\", "/")).name or "upload.txt"
        if base in (".", ".."):
            base = "upload.txt"
        target = folder / base
        counter = 1
        while target in written or target.exists():
            target = folder / f"{Path(base).stem} ({counter}){Path(base).suffix}"
            counter += 1
        target.write_bytes(content)
        written.append(target)
    return written


def count_files(paths: Iterable[Path]) -> int:
    """The history files an import of `paths` will read (for the progress bar)."""
    return sum(isinstance(found, Source) for found in sources(paths))


def run_import(
    paths: list[Path], database: Path, progress: Progress | None = None
) -> ImportSummary:
    """Import `paths` into `database`, telling `progress` after each file."""
    total = count_files(paths)

    def advance(files: int, hands: int) -> None:
        if progress is not None:
            progress(files, total, hands)

    with retry_while_locked(lambda: Database(database)) as target:
        return import_histories(paths, target, advance)
