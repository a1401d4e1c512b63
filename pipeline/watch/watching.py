"""Following the history folders while the player plays (`studdraw watch`).

A client appends each hand to its file as the hand ends. The file system says so
(watchdog: inotify, FSEvents, ReadDirectoryChangesW; polling where none of them works),
and the files named are imported by the ordinary incremental import: a growing file is
read on from where the last import stopped, a half-written hand waits for the rest, a
file rotated or renamed is read whole and the hands already stored are skipped.

Events are gathered for `SETTLE_SECONDS` (a client writes a hand in several writes),
and every `RESCAN_SECONDS` the folders are searched whole as well (an unchanged file
costs a look at its size and time), so a lost event makes a hand late, never missing.
Stopping waits for the batch being stored; and since each batch is one transaction,
even a killed watch loses nothing and doubles nothing.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from rich.console import Console
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver
from watchdog.observers.polling import PollingObserver

from parsers.text.history_file import HISTORY_SUFFIXES, history_files
from pipeline.importing.importer import ImportSummary, import_histories
from pipeline.reports.terminal_text import joined
from pipeline.reports.wording import counted
from pipeline.sources.history_sources import Refused
from pipeline.storage.database import Database, DatabaseBusy

SETTLE_SECONDS = 0.3
RESCAN_SECONDS = 10.0
POLL_SECONDS = 1.0  # between two looks at the folders, when polling


@dataclass(frozen=True, slots=True)
class WatchStatus:
    """What the status line says."""

    folders: int
    files: int  # history files in the watched folders, at the last search
    hands_today: int  # imported by this watch since midnight, local time
    rejected_today: int
    last_hand: datetime | None  # the newest hand in the database (its start, UTC)

    def line(self, width: int | None = None) -> str:
        """The status in one line, in as many words as `width` columns hold (a terminal's
        line is never cut mid-time: shorter forms drop words, not the figures)."""
        day = f"{self.last_hand:%Y-%m-%d}" if self.last_hand else ""
        clock = f"{self.last_hand:%H:%M:%S} UTC" if self.last_hand else "none yet"
        rejected = f", {self.rejected_today:,} rejected" if self.rejected_today else ""
        today = f"{counted(self.hands_today, 'hand')} imported today{rejected}"
        forms = (
            f"watching {counted(self.files, 'file')} in {counted(self.folders, 'folder')} · "
            f"{today} · last hand {day} {clock}".replace("  ", " "),
            f"{counted(self.files, 'file')} · {today} · last {day} {clock}".replace("  ", " "),
            f"{counted(self.hands_today, 'hand')} today{rejected} · last {clock}",
            f"{self.hands_today:,} today · {clock.removesuffix(' UTC')}",
        )
        if width is None:
            return forms[0]
        return next((form for form in forms if len(form) < width), forms[-1][: max(width - 1, 1)])


StatusListener = Callable[[WatchStatus], None]
RefusalListener = Callable[[Refused], None]


def say_not_read(refused: Refused) -> None:
    """One line on stderr: the file, and why it is not read. Under `studdraw watch`'s
    live status line, rich shows it above that line (a Live takes stderr's writes)."""
    line = joined(("not read:", "red"), f" {refused.name}: {refused.reason}")
    Console(stderr=True, highlight=False, soft_wrap=True).print(line)


class FolderWatch:
    """Imports what the clients write into `folders`, until told to stop."""

    def __init__(
        self,
        folders: Sequence[Path],
        database: Database,
        on_status: StatusListener | None = None,
        catch_up_jobs: int = 1,
        on_refused: RefusalListener | None = say_not_read,
        poll: bool = False,
    ) -> None:
        self.folders = list(folders)
        self.poll = poll  # look every second, never told (`studdraw watch --poll`)
        self.polling: bool | None = None  # how the running watch learns of changes
        self.database = database
        self.on_status = on_status
        self.on_refused = on_refused  # told once of each file not read, and why
        self._refusals_said: set[Refused] = set()
        self.catch_up_jobs = catch_up_jobs  # workers for the first import, of everything
        self._changed: set[Path] = set()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._files: set[Path] = set()
        self._day = date.today()
        self._hands_today = self._rejected_today = 0

    def run(self, stop: threading.Event) -> None:
        """Import everything once, then what changes, until `stop` is set (then `wake`)."""
        observer = _started_observer(self.folders, _HistoryEvents(self._note_change), self.poll)
        self.polling = isinstance(observer, PollingObserver)
        try:
            self._import(self.folders, self.catch_up_jobs, stop)
            while not stop.is_set():
                told = self._wake.wait(RESCAN_SECONDS)
                if told:
                    stop.wait(SETTLE_SECONDS)  # the rest of the hand's writes
                if stop.is_set():
                    break
                self._wake.clear()
                self._import(self._take_changed() if told else self.folders, 1, stop)
        finally:
            observer.stop()
            observer.join()

    def wake(self) -> None:
        """Interrupt the wait (after setting `stop`: the watch then ends at once)."""
        self._wake.set()

    def _note_change(self, path: Path) -> None:
        with self._lock:
            self._changed.add(path)
        self._wake.set()

    def _take_changed(self) -> list[Path]:
        with self._lock:
            changed, self._changed = self._changed, set()
        return sorted(path for path in changed if path.is_file())  # gone: nothing to read

    def _import(self, paths: Iterable[Path], jobs: int, stop: threading.Event) -> None:
        paths = list(paths)
        if paths == self.folders:
            self._files = set(history_files(self.folders))
        else:
            self._files.update(paths)
        try:
            summary = import_histories(paths, self.database, jobs=jobs, stop=stop)
            last = self.database.scalar("SELECT max(started_at) FROM hands")
        except DatabaseBusy:  # a reader kept the file past the wait: on the next round
            for path in paths:
                self._note_change(path)
            return
        finally:
            self.database.close()  # let a reader in until the next import
        self._count(summary)
        for refused in summary.refused:
            if self.on_refused is not None and refused not in self._refusals_said:
                self._refusals_said.add(refused)
                self.on_refused(refused)
        if self.on_status is not None:
            status = WatchStatus(
                len(self.folders), len(self._files), self._hands_today, self._rejected_today, last
            )
            self.on_status(status)

    def _count(self, summary: ImportSummary) -> None:
        if date.today() != self._day:
            self._day, self._hands_today, self._rejected_today = date.today(), 0, 0
        self._hands_today += summary.hands_imported
        self._rejected_today += sum(summary.rejected.values())


class _HistoryEvents(FileSystemEventHandler):
    """Tells the watch of every history file created, written to or moved into place."""

    def __init__(self, changed: Callable[[Path], None]) -> None:
        self.changed = changed

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type in ("deleted", "opened", "closed_no_write"):
            return
        path = Path(str(getattr(event, "dest_path", "") or event.src_path))
        if path.suffix.lower() in HISTORY_SUFFIXES or path.suffix.lower() == ".zip":
            self.changed(path)


def _started_observer(
    folders: Sequence[Path], handler: FileSystemEventHandler, poll: bool = False
) -> BaseObserver:
    """The system's own notifier, or polling every second where it cannot start (inotify
    out of watches, a network drive) or when asked to (`poll`: a share written by another
    machine, whose changes the system's notifier may never hear of)."""
    polling = functools.partial(PollingObserver, timeout=POLL_SECONDS)
    makers: tuple[Callable[[], BaseObserver], ...] = (polling,) if poll else (Observer, polling)
    for make in makers:
        observer = make()
        try:
            for folder in folders:
                observer.schedule(handler, str(folder), recursive=True)
            observer.start()
            return observer
        except OSError:
            continue
    raise OSError("the folders cannot be watched, not even by polling")
