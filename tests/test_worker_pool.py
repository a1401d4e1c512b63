"""Worker processes: results in the order asked, and a worker set up for its work."""

from __future__ import annotations

import gc
import signal
import subprocess
import sys

from pipeline.worker_pool import executor, ordered_map


def _worker_state(item: int) -> tuple[int, bool, bool, int]:
    return item, gc.get_freeze_count() > 0, "colorsys" in sys.modules, gc.get_threshold()[0]


def test_workers_load_their_module_then_leave_what_they_loaded_to_the_collector() -> None:
    with executor(2, "colorsys") as pool:
        states = list(ordered_map(pool, _worker_state, range(6), window=4))
    assert [state[0] for state in states] == list(range(6))  # in the order asked
    for _, frozen, loaded, threshold in states:
        assert frozen and loaded
        assert threshold > gc.get_threshold()[0]  # fewer passes than this process makes


def test_a_worker_loads_neither_the_command_line_nor_duckdb() -> None:
    """A spawned worker runs the `studdraw` script's module again, then its work's: the
    command line's libraries and duckdb (the loader's alone) would cost each worker a
    third of a second of start-up."""
    code = (
        "import sys, pipeline.command, pipeline.importer; "
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
        states = list(ordered_map(busy, _worker_state, range(2), window=2))
    assert [state[0] for state in states] == [0, 1]
    assert {process.exitcode for process in working} == {0}
