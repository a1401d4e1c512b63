"""Worker processes for reading histories on every core, results in the order asked.

`import`, `validate` and `parse` all hand a worker one file, or one piece of a large file
(`pipeline.file_pieces`), and take its result back in file order, so that what they store
or print is the same whatever the number of workers.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import TypeVar

Work = TypeVar("Work")
Result = TypeVar("Result")


def executor(jobs: int) -> Executor:
    """`jobs` spawned worker processes, or this process alone when `jobs` is 1."""
    if jobs > 1:
        return ProcessPoolExecutor(
            jobs, mp_context=multiprocessing.get_context("spawn"), initializer=_leave_interrupts
        )
    return InProcess()


def _leave_interrupts() -> None:
    """A worker leaves Ctrl+C (sent to the terminal's whole process group) to the process
    that started it, which stops between two batches instead of losing its workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class InProcess(Executor):
    """The same interface without processes: one job, or tests."""

    def submit(self, fn, /, *args, **kwargs):  # untyped, as Executor
        future: Future[object] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def ordered_map(
    pool: Executor, fn: Callable[[Work], Result], work: Iterable[Work], window: int
) -> Iterator[Result]:
    """Results in order, with at most `window` items in flight: workers faster than their
    consumer must not pile finished results up in memory."""
    pending: deque[Future[Result]] = deque()
    for item in work:
        pending.append(pool.submit(fn, item))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()
