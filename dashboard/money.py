"""Amounts as a player reads them: "$0.10", "€2.50", "1,500 chips".

Money stays `Decimal` until it is written: the database stores DECIMAL(18,4), and a
float would show $0.30000000000000004 where the history says $0.30.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "C$", "INR": "₹"}


def format_amount(amount: Decimal | None, currency: str | None = None, signed: bool = False) -> str:
    """An amount with its currency sign; tournament chips (no currency) as whole numbers.

    `signed` writes a "+" before gains, for results.
    """
    if amount is None:
        return ""
    sign = "-" if amount < 0 else "+" if signed and amount > 0 else ""
    magnitude = abs(amount)
    # Whole chips, or cents; a fraction finer than that (fractional-cent rake shares) is
    # written out rather than rounded away.
    places = 0 if currency is None else 2
    exact = magnitude == round(magnitude, places)
    text = f"{magnitude:,.{places}f}" if exact else f"{magnitude.normalize():,f}"
    if currency is None:
        return f"{sign}{text}"
    symbol = _SYMBOLS.get(currency)
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency}"


def format_stakes(
    limit_kind: str,
    small_bet: Decimal | None,
    big_bet: Decimal | None,
    small_blind: Decimal | None,
    big_blind: Decimal | None,
    currency: str | None,
) -> str:
    """A game's stakes the way sites print them: "$0.10/$0.20" fixed, "$0.25/$0.50 NL"."""
    if limit_kind == "fixed_limit" and small_bet is not None and big_bet is not None:
        return f"{format_amount(small_bet, currency)}/{format_amount(big_bet, currency)}"
    short = {"pot_limit": "PL", "no_limit": "NL", "half_pot_limit": "HPL"}.get(
        limit_kind, limit_kind
    )
    if small_blind is not None and big_blind is not None:
        blinds = f"{format_amount(small_blind, currency)}/{format_amount(big_blind, currency)}"
        return f"{blinds} {short}"
    return short


# What the money columns count (the SQL macro money_unit): a currency code, or these two
PLAY_MONEY = "play money"
CHIPS = "tournament chips"
_UNIT_TITLES = {
    "USD": "US dollars",
    "EUR": "Euros",
    "GBP": "Pounds sterling",
    "CAD": "Canadian dollars",
    "INR": "Indian rupees",
    PLAY_MONEY: "Play money",
    CHIPS: "Tournament chips",
}
_COLUMN_FORMATS = {"USD": "dollar", "EUR": "euro", CHIPS: "localized"}


def unit_title(unit: str | None) -> str:
    """A unit as a heading: "US dollars", "Euros", "Play money", "Tournament chips"."""
    if unit is None:
        return "Unknown money"
    return _UNIT_TITLES.get(unit, unit)


def unit_short(unit: str | None) -> str:
    """A unit in a header or a choice: "$", "€", "play money", "chips"."""
    if unit == CHIPS:
        return "chips"
    if unit in _SYMBOLS:
        return _SYMBOLS[unit]
    return unit or "?"


def format_money(amount: Decimal | None, unit: str | None, signed: bool = False) -> str:
    """An amount in its unit: "$1,643.40", "€12.00", "2,109 chips", "1.50 play money".

    Never a bare number: a sum of one unit is always written with it."""
    if amount is None:
        return "—"
    if unit == CHIPS:
        return f"{format_amount(amount, None, signed)} chips"
    if unit is None or unit == PLAY_MONEY or (unit not in _SYMBOLS and len(unit) != 3):
        text = format_amount(amount, "XXX", signed).removesuffix(" XXX")
        return f"{text} {unit or 'unknown money'}"
    return format_amount(amount, unit, signed)


def column_format(unit: str | None) -> str:
    """The number format of a money column of one unit (st.column_config.NumberColumn):
    "$1,643.40", "€12.00", "2,109" (chips: the header says so), "1.50"."""
    if unit in _COLUMN_FORMATS:
        return _COLUMN_FORMATS[unit]
    if unit in _SYMBOLS:
        return f"{_SYMBOLS[unit]}%.2f"
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
    return st.column_config.NumberColumn(label, help=help, format=fmt)  # type: ignore[arg-type]
