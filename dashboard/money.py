"""Amounts as a player reads them: "$0.10", "€2.50", "1,500 chips".

Money stays `Decimal` until it is written: the database stores DECIMAL(18,4), and a
float would show $0.30000000000000004 where the history says $0.30.
"""

from __future__ import annotations

from decimal import Decimal

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
