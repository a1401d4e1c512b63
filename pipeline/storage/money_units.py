"""The units money is counted in, and amounts written in them: "$1,643.40", "€12.00",
"2,109 chips", "1,500 play money".

A unit is what the SQL macro `money_unit` says of a hand: its currency for real money,
'play money', or 'tournament chips'. Two units are never added; every total shown
carries its unit.
"""

from __future__ import annotations

from decimal import Decimal

PLAY_MONEY = "play money"
TOURNAMENT_CHIPS = "tournament chips"
MONEY_KINDS = ("real", "play", "tournament", "cash")
"""The kinds of money a filter can name besides a unit ('cash': real and play money)."""

CURRENCY_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "C$", "INR": "₹"}


def unit_title(unit: str) -> str:
    """A unit as a block's heading: "USD (real money)", "Tournament chips"."""
    if unit in (PLAY_MONEY, TOURNAMENT_CHIPS):
        return unit.capitalize()
    return f"{unit} (real money)"


def in_unit(amount: Decimal | None, unit: str, signed: bool = False) -> str:
    """An amount written in its unit: cents for money, whole chips, a finer fraction (a
    rake share of a tenth of a cent) written out rather than rounded away."""
    if amount is None:
        return ""
    sign = "-" if amount < 0 else "+" if signed and amount > 0 else ""
    magnitude = abs(amount)
    places = 0 if unit == TOURNAMENT_CHIPS else 2
    exact = magnitude == round(magnitude, places)
    text = f"{magnitude:,.{places}f}" if exact else f"{magnitude.normalize():,f}"
    if unit == TOURNAMENT_CHIPS:
        return f"{sign}{text} chips"
    if unit == PLAY_MONEY:
        return f"{sign}{text} play money"
    symbol = CURRENCY_SIGNS.get(unit)
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {unit}"
