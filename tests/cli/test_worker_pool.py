"""Worker processes: results in the order asked, and a worker set up for its work."""

from __future__ import annotations

import ctypes
import gc
import os
import signal
import subprocess
import sys

import pytest

from pipeline.workers.worker_pool import WATCH_NICENESS, OrderedMap, executor
from tests.conftest import REPO

ROOT = REPO


def _worker_state(item: int) -> tuple[int, bool, bool, int, int]:
    niceness = os.nice(0) if hasattr(os, "nice") else 0
    frozen = gc.get_freeze_count() > 0
    return item, frozen, "colorsys" in sys.modules, gc.get_threshold()[0], niceness


def test_workers_load_their_module_then_leave_what_they_loaded_to_the_collector() -> None:
    """...and run at the priority of the process that started them: an import's workers
    at a lower one waited behind any other busy program (`WATCH_NICENESS`)."""
    with executor(2, "colorsys") as pool:
        states = list(OrderedMap(pool, _worker_state, range(6), window=4))
    assert [state[0] for state in states] == list(range(6))  # in the order asked
    for _, frozen, loaded, threshold, niceness in states:
        assert frozen and loaded
        assert threshold > gc.get_threshold()[0]  # fewer passes than this process makes
        assert niceness == (os.nice(0) if hasattr(os, "nice") else 0)


_MALLINFO2_FIELDS = (
    *("arena", "ordblks", "smblks", "hblks", "hblkhd"),
    *("usmblks", "fsmblks", "uordblks", "fordblks", "keepcost"),
)


class _MallocInfo(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in _MALLINFO2_FIELDS]  # glibc's, all size_t


def _mapped_bytes() -> int:
    mallinfo2 = ctypes.CDLL(None).mallinfo2
    mallinfo2.restype = _MallocInfo
    return mallinfo2().hblkhd


def _mapped_after_a_large_block_is_freed(_item: int) -> int:
    """How much more glibc holds in mappings of their own once a 1 MB block is made,
    after a 16 MB block (a file's text) was freed."""
    text = bytes(16 * 2**20)
    del text
    before = _mapped_bytes()
    block = bytes(2**20)
    grown = _mapped_bytes() - before
    del block
    return grown


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not hasattr(ctypes.CDLL(None), "mallinfo2"),
    reason="glibc 2.33 or later tells this",
)
def test_a_worker_gives_back_the_memory_of_each_file() -> None:
    """A block freed no longer lifts glibc's threshold for mapping blocks apart: a 1 MB
    block made after a 16 MB one was freed is a mapping of its own (given back when freed),
    not heap that a worker's memory would keep growing by."""
    with executor(2, None) as pool:
        grown = next(OrderedMap(pool, _mapped_after_a_large_block_is_freed, [0], window=1))
    assert grown >= 2**20


def _python(code: str) -> list[str]:
    """The lines `code` prints, run by a new interpreter (one thread, nothing loaded)."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout.split()


def _loaded(module: str) -> bool:
    return module in sys.modules


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork on Linux alone")
def test_workers_fork_from_a_process_of_one_thread_alone() -> None:
    """A forked worker starts with the modules its parent loaded; a process with threads
    of its own, Python's or a library's (polars starts some as it loads), spawns them."""
    assert _python(
        "import threading; from pipeline.workers.worker_pool import start_method; "
        "print(start_method()); stop = threading.Event(); "
        "threading.Thread(target=stop.wait).start(); print(start_method()); stop.set()"
    ) == ["fork", "spawn"]
    assert _python(
        "import polars; from pipeline.workers.worker_pool import start_method; "
        "print(start_method())"
    ) == ["spawn"]
    inherited = (
        "import colorsys; from pipeline.workers.worker_pool import executor, OrderedMap; "
        "from tests.cli.test_worker_pool import _loaded\n"
        "with executor(2, None) as pool: print(*OrderedMap(pool, _loaded, ['colorsys'], 1))"
    )
    assert _python(inherited) == ["True"]
    assert _python("import polars\n" + inherited) == ["False"]  # spawned: loaded nothing


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no niceness on Windows")
def test_a_process_that_lowers_its_priority_starts_its_workers_lower_too() -> None:
    """`studdraw watch` does (beside the poker client): its first import's workers run at
    its lowered priority, not at its starter's (a child's is its parent's, forked or
    spawned). In a new interpreter: this one's priority stays as it is."""
    lowered = (
        "import os; from pipeline.workers.worker_pool import executor, lower_priority, OrderedMap; "
        "from tests.cli.test_worker_pool import _worker_state\n"
        "lower_priority(); print(os.nice(0))\n"
        "with executor(2, None) as pool: "
        "print(*(state[-1] for state in OrderedMap(pool, _worker_state, range(2), 2)))"
    )
    assert _python(lowered) == [str(min(os.nice(0) + WATCH_NICENESS, 19))] * 3


def test_a_worker_loads_neither_the_command_line_nor_duckdb() -> None:
    """A spawned worker runs the `studdraw` script's module again, then its work's: the
    command line's libraries and duckdb (the loader's alone) would cost each worker a
    third of a second of start-up."""
    code = (
        "import sys, pipeline.cli.command, pipeline.importing.importer; "
        "print(sorted(m for m in ('duckdb', 'typer', 'rich') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_pool_given_no_work_stops_its_workers_where_they_are() -> None:
    """Every file unchanged: the workers started at once are stopped, not waited for
    while they load their module; given work, they finish and leave as usual."""
    idle = executor(2, "colorsys")
    with idle:
        started = list(idle._processes.values())  # type: ignore[attr-defined]
    assert len(started) == 2
    assert {process.exitcode for process in started} == {-signal.SIGTERM}
    idle.shutdown()  # again: nothing left to stop

    busy = executor(2, "colorsys")
    with busy:
        working = list(busy._processes.values())  # type: ignore[attr-defined]
        states = list(OrderedMap(busy, _worker_state, range(2), window=2))
    assert [state[0] for state in states] == [0, 1]
    assert {process.exitcode for process in working} == {0}
