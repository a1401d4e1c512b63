"""Money on the dashboard: stakes as sites print them, money columns of one unit.

The amounts and units themselves are written by `pipeline.storage.money_units`, which
the CLI shares ("$1,643.40", "2,109 chips"): one writer, the same text everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from pipeline.storage.money_units import (
    CHIPS,
    CURRENCY_SIGNS,
    PLAY_MONEY,
    format_amount,
    format_money,
    unit_title,
)

__all__ = ["CHIPS", "PLAY_MONEY", "format_amount", "format_money", "unit_title"]


def format_stakes(
    limit_kind: str,
    small_bet: Decimal | None,
    big_bet: Decimal | None,
    small_blind: Decimal | None,
    big_blind: Decimal | None,
    currency: str | None,
) -> str:
    """A game's stakes the way sites print them.

    >>> from decimal import Decimal as D
    >>> format_stakes("fixed_limit", D("0.10"), D("0.20"), None, None, "USD")
    '$0.10/$0.20'
    >>> format_stakes("no_limit", None, None, D("0.25"), D("0.50"), "USD")
    '$0.25/$0.50 NL'
    """
    if limit_kind == "fixed_limit" and small_bet is not None and big_bet is not None:
        return f"{format_amount(small_bet, currency)}/{format_amount(big_bet, currency)}"
    short = {"pot_limit": "PL", "no_limit": "NL", "half_pot_limit": "HPL"}.get(
        limit_kind, limit_kind
    )
    if small_blind is not None and big_blind is not None:
        blinds = f"{format_amount(small_blind, currency)}/{format_amount(big_blind, currency)}"
        return f"{blinds} {short}"
    return short


_COLUMN_FORMATS = {"USD": "dollar", "EUR": "euro", CHIPS: "localized"}


def stakes_of(row: Mapping[str, Any]) -> str:
    """`format_stakes` of a row of the hands table (or a query keeping its columns)."""
    return format_stakes(
        row["limit_kind"],
        row["small_bet"],
        row["big_bet"],
        row["small_blind"],
        row["big_blind"],
        row["currency"],
    )


def unit_short(unit: str | None) -> str:
    """A unit in a header or a choice: "$", "€", "play money", "chips"."""
    if unit == CHIPS:
        return "chips"
    if unit in CURRENCY_SIGNS:
        return CURRENCY_SIGNS[unit]
    return unit or "?"


def column_format(unit: str | None) -> str:
    """The number format of a money column of one unit (st.column_config.NumberColumn):
    "$1,643.40", "€12.00", "2,109" (chips: the header says so), "1.50"."""
    if unit in _COLUMN_FORMATS:
        return _COLUMN_FORMATS[unit]
    if unit in CURRENCY_SIGNS:
        return f"{CURRENCY_SIGNS[unit]}%.2f"
    return "%.2f"


def unit_key(unit: str | None) -> str:
    """A unit in a widget's key: "usd", "play_money", "tournament_chips"."""
    return (unit or "unknown").lower().replace(" ", "_")


def money_column(label: str, unit: str | None, help: str | None = None) -> Any:
    """A money column of one unit: its values written with the unit ("$1,643.40"), or
    the unit in the header when the values cannot carry it ("Net won (chips)")."""
    import streamlit as st

    fmt = column_format(unit)
    if fmt == "%.2f" or unit == CHIPS:
        label = f"{label} ({unit_short(unit)})"
    return st.column_config.NumberColumn(label, help=help, format=fmt)
