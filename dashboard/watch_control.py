"""Starting and stopping `studdraw watch` from the dashboard.

The watch runs as its own process, the same command a player starts from a terminal
(`--started-from dashboard`), so that it outlives a closed browser tab and keeps the
one-watch-per-database rule (`pipeline.watch.watch_state`). The dashboard only starts it,
reads its claim file for the status, and asks it to stop.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from pipeline.watch import watch_state
from pipeline.watch.watch_state import WatchState

START_SECONDS = 15.0  # a new watch claims the database within this (imports start after)

_started: list[subprocess.Popen[bytes]] = []  # this server's watches, reaped when they end


def running_watch(database: Path) -> WatchState | None:
    """The database's live watch, whoever started it."""
    _reap()
    return watch_state.current_watch(database)


def start_watch(database: Path, folders: list[Path]) -> WatchState | str:
    """Start a watch of `folders` into `database`: its claim, or why it did not start
    (another watch's particulars, a folder missing)."""
    running = running_watch(database)
    if running is not None:
        return f"The database is {watch_state.AlreadyWatched(running)}."
    log = database.with_name(database.name + ".watch.log")
    command = [
        sys.executable, "-m", "pipeline.cli.command", "watch", *map(str, folders),
        "--db", str(database), "--started-from", "dashboard",
    ]  # fmt: skip
    with log.open("wb") as said:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=said,
            stderr=said,
            start_new_session=True,  # not stopped with the dashboard's terminal
        )
    _started.append(process)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        state = watch_state.current_watch(database)
        if state is not None and state.pid == process.pid:
            return state
        if process.poll() is not None:
            return _last_line(log)
        time.sleep(0.1)
    return "the watch did not start in time; see " + str(log)


def _last_line(log: Path) -> str:
    """Why a watch stopped at once, for the browser: the log's last line (its own
    one-line refusal), never a traceback with the server's paths."""
    lines = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    return f"it stopped: {lines[-1].strip()}" if lines else "it stopped"


def stop_watch(database: Path) -> None:
    """Ask the database's watch to stop (it ends within a second or two)."""
    watch_state.request_stop(database)


def _reap() -> None:
    for process in list(_started):
        if process.poll() is not None:
            _started.remove(process)
