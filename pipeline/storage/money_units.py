"""The units money is counted in, and amounts written in them: "$1,643.40", "€12.00",
"2,109 chips", "1.50 play money".

A unit is what the SQL macro `money_unit` says of a hand: its currency for real money,
'play money', or 'tournament chips'. Two units are never added; every total shown (the
CLI's, the dashboard's) carries its unit. Money stays `Decimal` until it is written: a
float would show $0.30000000000000004 where the history says $0.30.
"""

from __future__ import annotations

from decimal import Decimal

PLAY_MONEY = "play money"
CHIPS = "tournament chips"
MONEY_KINDS = ("real", "play", "tournament", "cash")
"""The kinds of money a filter can name besides a unit ('cash': real and play money)."""

CURRENCY_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "C$", "INR": "₹"}
_UNIT_TITLES = {
    "USD": "US dollars",
    "EUR": "Euros",
    "GBP": "Pounds sterling",
    "CAD": "Canadian dollars",
    "INR": "Indian rupees",
    PLAY_MONEY: "Play money",
    CHIPS: "Tournament chips",
}


def unit_title(unit: str | None) -> str:
    """A unit as a heading: "US dollars", "Euros", "Play money", "Tournament chips"."""
    if unit is None:
        return "Unknown money"
    return _UNIT_TITLES.get(unit, unit)


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
    symbol = CURRENCY_SIGNS.get(currency)
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency}"


def format_money(amount: Decimal | None, unit: str | None, signed: bool = False) -> str:
    """An amount in its unit: "$1,643.40", "€12.00", "2,109 chips", "1.50 play money".

    Never a bare number: a sum of one unit is always written with it."""
    if amount is None:
        return "—"
    if unit == CHIPS:
        return f"{format_amount(amount, None, signed)} chips"
    if unit is None or unit == PLAY_MONEY or (unit not in CURRENCY_SIGNS and len(unit) != 3):
        text = format_amount(amount, "XXX", signed).removesuffix(" XXX")
        return f"{text} {unit or 'unknown money'}"
    return format_amount(amount, unit, signed)
