"""A watch's run, from its claim on the database to its stop: the status on a live
line of the terminal, stopped by Ctrl+C (after the batch being stored; a second one
now, the batch rolled back) or by a stop asked through `watch_state` (the dashboard's
Stop button), checked every second."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

from rich.console import Console
from rich.live import Live

from pipeline.storage.database import Database
from pipeline.watch import watch_state
from pipeline.watch.watching import FolderWatch, WatchStatus

STOP_CHECK_SECONDS = 1.0


def run_watch(
    database_file: Path,
    folders: list[Path],
    jobs: int,
    console: Console,
    *,
    poll: bool = False,
    started_from: str = "command line",
) -> None:
    """Import what `folders` hold into the database, then each hand written there, until
    stopped; `watch_state.AlreadyWatched` when another watch has the database. The
    claim is released however the run ends; the database's own errors are raised."""
    state = watch_state.claim(database_file, folders, started_from)
    stop = threading.Event()
    polling_said = False

    def show_status(status: WatchStatus) -> None:
        nonlocal state, polling_said
        if watch.polling and not poll and not polling_said:  # why hands come a second later
            polling_said = True
            live.console.print("the system's notifier could not start: looking every second")
        live.update(status.line(live.console.width))
        state = watch_state.report(database_file, state, status.line())

    def stop_when_asked() -> None:  # the dashboard's Stop button, or anyone's
        while not stop.wait(STOP_CHECK_SECONDS):
            if watch_state.stop_requested(database_file):
                stop.set()
                watch.wake()

    def on_interrupt(_signal: int, _frame: object) -> None:
        if stop.is_set():
            raise KeyboardInterrupt  # a second Ctrl+C: the batch rolls back
        stop.set()
        watch.wake()
        live.console.print("stopping after the batch being stored (Ctrl+C again: now)")

    try:
        with (
            Database(database_file) as database,
            Live("starting: importing what the folders hold", console=console) as live,
        ):
            watch = FolderWatch(folders, database, show_status, jobs, poll=poll)
            signal.signal(signal.SIGINT, on_interrupt)
            threading.Thread(target=stop_when_asked, daemon=True).start()
            watch.run(stop)
    finally:
        watch_state.release(database_file)
