"""What the hostile-input probes share: a few real-looking hands to hide among the
traps, an import into a fresh database, and clocks that fail a probe that hangs: wall
time in minutes, or its own processor time, never a busy machine's slowness."""

from __future__ import annotations

import resource
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.importing.importer import ImportSummary, import_histories
from pipeline.storage.database import Database
from tests.conftest import REPO

RAZZ = next(p for p in sorted((REPO / "sample_histories").rglob("*.txt")) if "Razz" in p.name)
HANDS = 3


@pytest.fixture(scope="session")
def history() -> bytes:
    """The first three hands of a sample razz file, as a client writes them."""
    text = RAZZ.read_bytes()
    cut = -1
    for _ in range(HANDS + 1):
        cut = text.index(b"PokerStars Hand #", cut + 1)
    return text[:cut]


def import_into(tmp_path: Path, *paths: Path) -> ImportSummary:
    with Database(tmp_path / "probe.duckdb") as database:
        return import_histories(list(paths), database)


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 200 sample razz hands in a database of their own, one per test module (the
    console and server probes read it, and check that nothing is written beside it)."""
    folder = tmp_path_factory.mktemp("razz_database")
    assert import_into(folder, RAZZ).hands_imported == 200
    return folder / "probe.duckdb"


HANG_SECONDS = 300
"""A probe's wall-clock limit: minutes, which a busy machine never comes near; only a probe
that blocks (a FIFO read) waits for it."""
SPIN_CPU_SECONDS = 60
"""A probe's limit in processor time of its own process (every thread): a probe spinning
(a bomb inflated, a regular expression backtracking) fails in a minute of its own work,
however slowly a busy machine lets it run."""


def cpu_seconds() -> float:
    """Processor time of this process and of the children it has waited for (an import's
    workers): what a probe costs, whatever else the machine is doing."""
    own, children = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.fixture(autouse=True)
def fails_if_it_hangs(request: pytest.FixtureRequest) -> Iterator[None]:
    """A probe that blocks or spins fails in minutes, not in CI's 90 min: past
    `HANG_SECONDS` of wall time or `SPIN_CPU_SECONDS` of its process's processor time, each
    lengthened by the probe's `hang_limit` (seconds) when it needs more."""
    marker = request.node.get_closest_marker("hang_limit")
    limit = marker.args[0] if marker else 0

    def hung(_signal: int, _frame: object) -> None:
        raise TimeoutError("the probe hung")

    previous = {number: signal.signal(number, hung) for number in (signal.SIGALRM, signal.SIGPROF)}
    signal.alarm(max(limit, HANG_SECONDS))
    signal.setitimer(signal.ITIMER_PROF, max(limit, SPIN_CPU_SECONDS))
    yield
    signal.setitimer(signal.ITIMER_PROF, 0)
    signal.alarm(0)
    for number, handler in previous.items():
        signal.signal(number, handler)
