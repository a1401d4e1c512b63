"""A hand the engine itself fails on (a case it was never taught) is a rejected hand with
its reason, never an exception that stops `import`, `validate` or `export`."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import duckdb
import pytest

from parsers.model.events import Deal
from parsers.sites import conventions_of
from parsers.text.history_file import parse_file
from pipeline.engine import replay as replay_module
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database
from tests.conftest import REPO

RAZZ = next(p for p in sorted((REPO / "sample_histories").rglob("*.txt")) if "Razz" in p.name)


@pytest.fixture
def engine_failing_on_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(_state: object, _deal: Deal) -> None:
        raise ValueError("substring not found")

    handlers = dict(replay_module._HANDLERS)
    handlers[Deal] = fail
    monkeypatch.setattr(replay_module, "_HANDLERS", handlers)


@pytest.mark.usefixtures("engine_failing_on_deals")
def test_an_engine_fault_is_the_hands_error_with_its_line() -> None:
    _chunk, hand = next(iter(parse_file(RAZZ)))
    result = replay(hand, conventions_of(hand.site))  # type: ignore[arg-type]
    [fault] = result.errors
    assert fault.code is Code.ENGINE_FAULT
    assert "ValueError: substring not found" in fault.message
    first_deal = next(e for e in hand.events if isinstance(e, Deal))  # type: ignore[union-attr]
    assert fault.line == first_deal.line > 0


@pytest.mark.usefixtures("engine_failing_on_deals")
def test_an_import_keeps_every_hand_the_engine_fails_on_as_rejected(tmp_path: Path) -> None:
    database_path = tmp_path / "faults.duckdb"
    with Database(database_path) as database:
        summary = import_histories([RAZZ], database)
    hands = sum(1 for _ in parse_file(RAZZ))
    assert summary.rejected == {"engine: engine_fault": hands}
    with duckdb.connect(str(database_path), read_only=True) as connection:
        kept = connection.sql("SELECT count(*) FROM rejects WHERE kind = 'engine'").fetchall()
    assert kept == [(hands,)]


def test_one_name_in_two_seats_is_rejected_for_that_not_replayed() -> None:
    # A cp1252 file read as another encoding, or a site's bug, can seat a name twice.
    _chunk, hand = next(iter(parse_file(RAZZ)))
    first, second, *others = hand.seats  # type: ignore[union-attr]
    twice = dataclasses.replace(
        hand, seats=(first, dataclasses.replace(second, player=first.player), *others)
    )
    [error] = replay(twice, conventions_of(twice.site)).errors
    assert error.code is Code.SEATED_TWICE
    assert error.message == (
        f"{first.player} sits in seats {first.seat} and {second.seat}: "
        "whose actions are whose is unknown"
    )
