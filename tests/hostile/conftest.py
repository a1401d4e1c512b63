"""What the hostile-input probes share: a few real-looking hands to hide among the
traps, an import into a fresh database, and a clock that fails a probe that hangs."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.importer import ImportSummary, import_histories
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


@pytest.fixture(autouse=True)
def fails_if_it_hangs(request: pytest.FixtureRequest) -> Iterator[None]:
    """A probe that blocks (a FIFO read, a bomb inflated) fails in 20 s, not in CI's 90 min
    (a browser's probe, which visits every page, in its `hang_limit`)."""
    limit = request.node.get_closest_marker("hang_limit")

    def hung(_signal: int, _frame: object) -> None:
        raise TimeoutError("the probe hung")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(limit.args[0] if limit else 20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)
