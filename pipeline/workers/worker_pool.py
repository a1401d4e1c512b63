"""Worker processes for reading histories on every core, results in the order asked.

`import`, `validate` and `parse` all hand a worker one file, or one piece of a large file
(`pipeline.sources.file_pieces`), and take its result back in file order, so that what they store
or print is the same whatever the number of workers.
"""

from __future__ import annotations

import ctypes
import gc
import importlib
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Final, TypeVar

from pipeline.workers.process_life import end_with_parent

Work = TypeVar("Work")
Result = TypeVar("Result")


def executor(jobs: int, worker_module: str | None = None) -> Executor:
    """`jobs` worker processes (`start_method`), or this process alone when `jobs` is 1.
    `worker_module`, the module of the function the workers run, is loaded by each as it
    starts (`_start_worker`)."""
    if jobs > 1:
        return StartedPool(jobs, worker_module)
    return InProcess()


def start_method() -> str:
    """Workers forked where that is safe, else spawned.

    A forked worker starts with every module this process has loaded (`studdraw import`
    has loaded the parsers with its command line): a 5,000-hand file's import spent 0.4 s
    less CPU and 0.2 s less time so. But a fork copies the calling thread alone: a lock
    that another thread held (polars' and DuckDB's threads start with them; the
    dashboard's server has many) would never open in the worker. So only a process of one
    thread forks, and only on Linux (macOS's system libraries are not safe to fork; Windows
    has no fork). Spawned, a worker loads its modules itself, a third of a second."""
    if sys.platform.startswith("linux") and _threads() == 1:
        return "fork"
    return "spawn"


def _threads() -> int:
    """This process's threads, the libraries' own (which `threading` does not see)
    included."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 0  # not told: not safe to fork


class StartedPool(ProcessPoolExecutor):
    """Workers started at once, not at the first work given: a spawned worker takes a
    third of a second to start, which a caller that makes its pool first (`studdraw
    import`, before it loads its own modules and opens the database) spends meanwhile. A
    pool given no work (every file unchanged) stops its workers where they are instead of
    waiting for them to finish starting."""

    def __init__(self, jobs: int, worker_module: str | None) -> None:
        super().__init__(
            jobs,
            mp_context=multiprocessing.get_context(start_method()),
            initializer=_start_worker,
            initargs=(worker_module,),
        )
        self._given_work = False
        for _ in range(jobs):  # each task given while none is idle starts a worker
            super().submit(_ready)

    def submit(self, fn, /, *args, **kwargs):  # untyped, as Executor
        self._given_work = True
        return super().submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if not self._given_work:  # a worker starting holds nothing: stopped, it loses nothing
            started = self._processes or {}  # None once shut down
            for process in list(started.values()):
                process.terminate()
        super().shutdown(wait, cancel_futures=cancel_futures)


def _ready() -> None:
    """A worker's first task: nothing, once started."""


_M_MMAP_THRESHOLD: Final = -3  # glibc's mallopt parameter
_MAPPED_FROM: Final = 128 * 1024  # glibc's default, kept


def map_large_blocks() -> None:
    """Serve every block of 128 KB or more by a mapping of its own, given back when freed.

    That is glibc's default, but each such block freed raises the threshold to its size
    (up to 32 MB): a worker frees a file's text (16 MB) after every file, and from then on
    blocks that size come from the heap, which keeps what it is given. A worker's memory
    crept so over an archive (10 files of 10,000 hands: 110 → 155 MB, 123 MB held fixed).
    Nothing to do off Linux, nor where the C library is not glibc."""
    if not sys.platform.startswith("linux"):
        return  # Windows' ctypes cannot load the process's own symbols (CDLL(None))
    mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
    if mallopt is not None:
        mallopt(_M_MMAP_THRESHOLD, _MAPPED_FROM)


WATCH_NICENESS: Final = 10
"""How much lower than its starter's the priority `studdraw watch` runs at, with its workers
(a process's children inherit it): it runs beside the poker client, which must not stutter
while a hand is stored. At 10 it has a tenth of a busy program's share of a core, plenty
for the hands a table deals; at 19 anything busy starves it.

An import runs at its caller's priority, its workers too. They once ran at the lowest (19)
to leave the loader a core: on an idle machine it stores a batch whenever it has one, but
on a busy one any other program starved them, and two workers took three times as long as
`--jobs 1`."""


def lower_priority(steps: int = WATCH_NICENESS) -> None:
    """Lower this process's priority by `steps` (no higher than the lowest, 19), and that of
    the workers it starts from now on. Called before any thread is started: on Linux each
    thread has its own, and a new thread takes its starter's. Nothing on Windows."""
    if hasattr(os, "nice"):
        os.nice(steps)


# A worker's objects are a file's hands, events and rows: new, short-lived and free of
# cycles. The collector's default (a pass every 700 new objects) spent 4% of a worker.
_YOUNG_OBJECTS_BETWEEN_COLLECTIONS = 100_000


def _start_worker(worker_module: str | None) -> None:
    """A worker leaves Ctrl+C (sent to the terminal's whole process group) to the process
    that started it, which stops between two batches instead of losing its workers, and
    gives back the memory of each file it has read (`map_large_blocks`). It runs at its
    starter's priority (`WATCH_NICENESS` says why).

    It loads its work's module, then tells the cycle collector to leave every object it
    has so far for good (modules, grammars: they live as long as the worker) and to run
    less often: a worker's hands build many short-lived records and few cycles."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent()  # a starter killed (kill -9) leaves no worker running
    map_large_blocks()
    if worker_module is not None:
        importlib.import_module(worker_module)
    gc.freeze()
    gc.set_threshold(_YOUNG_OBJECTS_BETWEEN_COLLECTIONS, *gc.get_threshold()[1:])


class InProcess(Executor):
    """The same interface without processes: one job, or tests."""

    def submit(self, fn, /, *args, **kwargs):  # untyped, as Executor
        future: Future[object] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


class OrderedMap(Iterator[Result]):
    """`fn` of each item of `work`, done by `pool`, in order, with at most `window` items
    in flight: workers faster than their consumer must not pile finished results up in
    memory."""

    def __init__(
        self, pool: Executor, fn: Callable[[Work], Result], work: Iterable[Work], window: int
    ) -> None:
        self._pool = pool
        self._fn = fn
        self._work = iter(work)
        self._window = window
        self._pending: deque[Future[Result]] = deque()

    def give_out(self) -> None:
        """Give out work until `window` items are in flight or none is left: called first
        (before iterating), it lets the caller get ready while the workers start."""
        if len(self._pending) >= self._window:
            return
        for item in self._work:
            self._pending.append(self._pool.submit(self._fn, item))
            if len(self._pending) >= self._window:
                return

    def __next__(self) -> Result:
        self.give_out()
        if not self._pending:
            raise StopIteration
        return self._pending.popleft().result()
