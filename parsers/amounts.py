"""Money as printed in histories, read exactly."""

from __future__ import annotations

from decimal import Decimal

CURRENCY_BY_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP"}


def parse_amount(text: str) -> Decimal:
    """ "$1,250.50" -> Decimal("1250.50"); chips "2500" -> Decimal("2500")."""
    if text[0] in CURRENCY_BY_SYMBOL:
        text = text[1:]
    if "," in text:
        text = text.replace(",", "")
    return Decimal(text)


def currency_symbol_of(text: str) -> str | None:
    """The ISO code of an amount's currency symbol, or None for bare chips."""
    return CURRENCY_BY_SYMBOL.get(text[:1])
