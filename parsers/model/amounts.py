"""Money as printed in histories, read exactly."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from parsers.model.events import MAX_DECIMALS, MAX_WHOLE_DIGITS

CURRENCY_BY_SYMBOL: Final = {"$": "USD", "€": "EUR", "£": "GBP"}


class AmountOutOfRange(ValueError):
    """An amount studdraw cannot store exactly: its hand is rejected, not rounded."""


def parse_amount(text: str) -> Decimal:
    """ "$1,250.50" -> Decimal("1250.50"); chips "2500" -> Decimal("2500")."""
    printed = text
    if text[0] in CURRENCY_BY_SYMBOL:
        text = text[1:]
    if "," in text:
        text = text.replace(",", "")
    point = text.find(".")
    whole = point if point >= 0 else len(text)
    if whole > MAX_WHOLE_DIGITS or (point >= 0 and len(text) - point - 1 > MAX_DECIMALS):
        raise AmountOutOfRange(
            f"the amount {printed} is beyond what studdraw stores exactly "
            f"(up to {MAX_WHOLE_DIGITS} digits before the point and {MAX_DECIMALS} after)"
        )
    return Decimal(text)


def currency_symbol_of(text: str) -> str | None:
    """The ISO code of an amount's currency symbol, or None for bare chips."""
    return CURRENCY_BY_SYMBOL.get(text[:1])


_MONEY_SIGNS: Final = "$€£¥ \u00a0"
_DECIMAL_COMMA: Final = re.compile(r"\d,\d{1,2}$")
_CURRENCY_WORD: Final = re.compile(r"\s*(?:[A-Z]{3}|kr|RSD)$")


def parse_loose_amount(text: str) -> Decimal:
    """An amount as the XML sites print it, read exactly: the sign before or after, a code
    after ("$4.02", "€0.05", "0,05€", "1,440" chips, "1 500", "2.00", "12 kr"). A comma
    followed by one or two digits at the end is a decimal comma (iPoker's French skins:
    "0,02€"); any other comma or space groups thousands. ValueError if no number is left."""
    plain = text[1:] if text[:1] in CURRENCY_BY_SYMBOL else text
    if plain.replace(".", "", 1).isdigit():  # most amounts: "€0.02", "2.00", "1440"
        return parse_amount(plain)
    printed = text
    text = _CURRENCY_WORD.sub("", text.strip()).strip(_MONEY_SIGNS)
    if _DECIMAL_COMMA.search(text) and "." not in text:
        text = text.replace(",", ".")
    text = text.replace(",", "").replace(" ", "").replace("\u00a0", "")
    if not text or not text.replace(".", "", 1).isdigit():
        raise ValueError(f"unreadable amount {printed!r}")
    return parse_amount(text)
