"""Hands as JSON: the `parse` command's output and a stable exchange form.

Money stays exact (decimal strings), times are ISO 8601, enums are their string ids, and
every event says its `type` ("post", "action", "draw", ...).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from parsers.model.events import Hand


def hand_json(hand: Hand) -> str:
    """The hand as one line of JSON (without its newline)."""
    return _ENCODER.encode(
        {
            "site": hand.site,
            "hand_number": hand.hand_number,
            "game": hand.game.value,
            "header": hand.header,
            "seats": hand.seats,
            "events": [_TypedEvent(event) for event in hand.events],
            "warnings": hand.warnings,
        }
    )


class _TypedEvent:
    """An event, written with its `type` first."""

    __slots__ = ("event",)

    def __init__(self, event: object) -> None:
        self.event = event


def _plain(value: Any) -> Any:
    """What JSON cannot hold as it is, as what it can: the encoder asks for each such
    value (records, enums, money, times) and writes the rest, lists and text, itself."""
    kind = type(value)
    convert = _CONVERTERS.get(kind)
    if convert is None:
        convert = _CONVERTERS[kind] = _converter(kind)
    return convert(value)


def _converter(kind: type) -> Callable[[Any], Any]:
    """How a value of this class is made plain: chosen once a class, a hand holding
    hundreds of values. 5,000 stud hands took 3.35 s to write when each value was asked
    what it is and made a plain copy first (lists and text included), 0.93 s so."""
    if kind is _TypedEvent:
        return lambda typed: {"type": _type_name(typed.event), **_plain(typed.event)}
    if issubclass(kind, Enum):
        return lambda value: value.value
    if issubclass(kind, Decimal):
        return str
    if issubclass(kind, datetime):
        return datetime.isoformat
    if is_dataclass(kind):
        names = tuple(field.name for field in fields(kind))
        return lambda value: {name: getattr(value, name) for name in names}
    raise TypeError(f"{kind.__name__} has no JSON form")


def _type_name(event: object) -> str:
    kind = type(event)
    name = _TYPE_NAMES.get(kind)
    if name is None:
        name = _TYPE_NAMES[kind] = re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()
    return name


_TYPE_NAMES: dict[type, str] = {}
_CONVERTERS: dict[type, Callable[[Any], Any]] = {}
_ENCODER = json.JSONEncoder(ensure_ascii=False, default=_plain)
