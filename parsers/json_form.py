"""Hands as JSON-ready dicts: the `parse` command's output and a stable exchange form.

Money stays exact (decimal strings), times are ISO 8601, enums are their string ids, and
every event says its `type` ("post", "action", "draw", ...).
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from parsers.events import Hand


def hand_to_json(hand: Hand) -> dict[str, Any]:
    return {
        "site": hand.site,
        "hand_number": hand.hand_number,
        "game": hand.game.value,
        "header": _plain(hand.header),
        "seats": [_plain(seat) for seat in hand.seats],
        "events": [{"type": _type_name(event), **_plain(event)} for event in hand.events],
        "warnings": [_plain(warning) for warning in hand.warnings],
    }


def _type_name(event: object) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value
