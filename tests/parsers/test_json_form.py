"""`parse`'s JSON form of a hand: every record's every field, money exact, cards in order,
enums as their ids, times in ISO 8601; each event says its type."""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum

from parsers.formats.json_form import hand_json
from tests.conftest import REAL_HISTORIES
from tests.support.real_sites import hands, history_files


def _as_written(value: object) -> object:
    """What a value reads as in the JSON, worked out field by field."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [_as_written(item) for item in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {field.name: _as_written(getattr(value, field.name)) for field in fields(value)}
    return value


def test_every_real_hand_reads_back_as_its_records() -> None:
    read = 0
    for path in history_files(REAL_HISTORIES):
        for hand in hands(path):
            written = json.loads(hand_json(hand))
            assert written["header"] == _as_written(hand.header)
            assert written["seats"] == _as_written(hand.seats)
            assert written["warnings"] == _as_written(hand.warnings)
            assert [event.pop("type") for event in written["events"]] == [
                "".join(f"_{c.lower()}" if c.isupper() else c for c in type(e).__name__)[1:]
                for e in hand.events
            ]
            assert written["events"] == [_as_written(event) for event in hand.events]
            read += 1
    assert read > 800
