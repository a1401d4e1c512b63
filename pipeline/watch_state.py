"""One watch per database, and what it is doing, for whoever asks (the Import page).

A watch claims its database with a small JSON file beside it (`studdraw.duckdb.watch`):
its process id, its folders, when and from where it started, and its last status. A
second watch of the same database is refused with the first one's particulars; a file
left by a watch that died is taken over. Anyone may ask a watch to stop by creating the
file's `.stop` sibling, which the watch looks for every second: that works the same on
every system, for a watch started from a terminal or from the dashboard.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path


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
    return state if _alive(state.pid) else None


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
    """Record the watch's status line; the state it wrote."""
    state = WatchState(state.pid, state.folders, state.started_at, state.started_from, status)
    _write(database, state)
    return state


def release(database: Path) -> None:
    """The watch has stopped."""
    state_path(database).unlink(missing_ok=True)
    stop_path(database).unlink(missing_ok=True)


def request_stop(database: Path) -> None:
    """Ask the database's watch to stop (it does within a second or two)."""
    stop_path(database).touch()


def stop_requested(database: Path) -> bool:
    return stop_path(database).exists()


def _write(database: Path, state: WatchState) -> None:
    """Written whole then renamed: a reader never sees half a file."""
    target = state_path(database)
    partial = target.with_name(target.name + f".{os.getpid()}")
    partial.write_text(json.dumps(asdict(state)), encoding="utf-8")
    partial.replace(target)


def _alive(pid: int) -> bool:
    if sys.platform == "win32":  # os.kill(pid, 0) would end the process there
        import ctypes

        handle = ctypes.windll.kernel32.OpenProcess(0x1000, False, pid)  # type: ignore[attr-defined]
        if not handle:
            return False
        code = ctypes.c_ulong()
        ctypes.windll.kernel32.GetExitCodeProcess(handle, ctypes.byref(code))  # type: ignore[attr-defined]
        ctypes.windll.kernel32.CloseHandle(handle)  # type: ignore[attr-defined]
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, another user's
    return True
