"""One watch per database, and what it is doing, for whoever asks (the Import page).

A watch claims its database with a small JSON file beside it (`studdraw.duckdb.watch`):
its process id, its folders, when and from where it started, and its last status. A
second watch of the same database is refused with the first one's particulars; a file
left by a watch that died is taken over. Anyone may ask a watch to stop by creating the
file's `.stop` sibling, which the watch looks for every second: that works the same on
every system, for a watch started from a terminal or from the dashboard.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from pipeline.workers.process_life import alive


@dataclass(frozen=True, slots=True)
class WatchState:
    pid: int
    folders: tuple[str, ...]
    started_at: str  # ISO 8601, UTC
    started_from: str  # "command line" or "dashboard"
    status: str = ""  # the status line, as the watch last said it


class AlreadyWatched(Exception):
    """The database has a live watch already."""

    def __init__(self, state: WatchState) -> None:
        self.state = state
        super().__init__(
            f"already watched by process {state.pid}, started {state.started_at[:19]} UTC "
            f"from the {state.started_from}, watching {', '.join(state.folders)}"
        )


def state_path(database: Path) -> Path:
    return database.with_name(database.name + ".watch")


def stop_path(database: Path) -> Path:
    return database.with_name(database.name + ".watch.stop")


def current_watch(database: Path) -> WatchState | None:
    """The live watch of the database, if there is one."""
    try:
        fields = json.loads(state_path(database).read_text(encoding="utf-8"))
        state = WatchState(**{**fields, "folders": tuple(fields["folders"])})
    except (OSError, ValueError, TypeError, KeyError):
        return None
    return state if alive(state.pid) else None


def claim(database: Path, folders: list[Path], started_from: str) -> WatchState:
    """This process's watch of the database, or `AlreadyWatched`."""
    running = current_watch(database)
    if running is not None and running.pid != os.getpid():
        raise AlreadyWatched(running)
    stop_path(database).unlink(missing_ok=True)  # a request meant for an earlier watch
    state = WatchState(
        os.getpid(),
        tuple(str(folder) for folder in folders),
        datetime.now(UTC).isoformat(),
        started_from,
    )
    _write(database, state)
    return state


def report(database: Path, state: WatchState, status: str) -> WatchState:
    """Record the watch's status line; the state it wrote. Where the file stays held
    (Windows, a reader that does not let go) the last status stays: the next replaces
    it, and the watch goes on."""
    state = WatchState(state.pid, state.folders, state.started_at, state.started_from, status)
    with contextlib.suppress(PermissionError):
        _write(database, state)
    return state


def release(database: Path) -> None:
    """The watch has stopped."""
    state_path(database).unlink(missing_ok=True)
    stop_path(database).unlink(missing_ok=True)


def request_stop(database: Path) -> None:
    """Ask the database's watch to stop (it does within a second or two). The file is
    made anew, never opened through a link planted at its name (which would create or
    touch the link's target)."""
    path = stop_path(database)
    path.unlink(missing_ok=True)
    with contextlib.suppress(FileExistsError):  # asked at the same moment by another: asked
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, 0o644))


def stop_requested(database: Path) -> bool:
    return os.path.lexists(stop_path(database))


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # not on Windows, where O_EXCL is enough
REPLACE_TRIES = 50  # 20 ms apart: a reader holds the state file for a moment


def _write(database: Path, state: WatchState) -> None:
    """Written whole then renamed: a reader never sees half a file. The partial file has
    a name nobody can foresee, made by this call alone (a link planted at a foreseeable
    one, `<db>.watch.<pid>`, had the watch write through it), and the rename replaces
    whatever is at the state file's name, a link included, without following it."""
    target = state_path(database)
    descriptor, partial = tempfile.mkstemp(dir=target.parent, prefix=target.name + ".")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(json.dumps(asdict(state)))
        _replace(partial, target)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise


def _replace(partial: str, target: Path) -> None:
    """`os.replace`, tried again while it is refused: on Windows a file another process
    has open (the dashboard reading the state) cannot be replaced, which POSIX allows."""
    for tried in range(1, REPLACE_TRIES + 1):
        try:
            os.replace(partial, target)
            return
        except PermissionError:
            if tried == REPLACE_TRIES:
                raise
            time.sleep(0.02)
