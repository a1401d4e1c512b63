"""Money as printed in histories, read exactly: one reader for every site's amounts, one
table of the currencies their signs name."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from parsers.model.events import MAX_DECIMALS, MAX_WHOLE_DIGITS

CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "kr": "SEK", "RSD": "RSD"}
"""The currencies a history names by a sign before or after an amount, or by a word after
it (iPoker's "12 kr"), and their ISO codes."""


class AmountOutOfRange(ValueError):
    """An amount studdraw cannot store exactly: its hand is rejected, not rounded."""


def currency_symbol_of(text: str) -> str | None:
    """The ISO code of an amount's leading sign ("$0.10" -> "USD"), or None for bare chips."""
    return CURRENCIES.get(text[:1])


def currency_named_in(text: str) -> str | None:
    """The currency of the first sign or word of `CURRENCIES` a text holds anywhere
    ("25€", "7 Card Stud L kr5/kr10"), or None."""
    return next((code for sign, code in CURRENCIES.items() if sign in text), None)


_MONEY_SIGNS: Final = "$€£₹¥ \u00a0"
_DECIMAL_COMMA: Final = re.compile(r"\d,\d{1,2}$")
_CURRENCY_WORD: Final = re.compile(r"\s*(?:[A-Z]{3}|EURO|[Cc]hips|kr)$")


def parse_amount(text: str) -> Decimal:
    """Any site's amount, read exactly: "$1,250.50" -> Decimal("1250.50"), chips "2500" ->
    Decimal("2500"). A sign may stand before or after the number ("€0.05", "0,05€"), and
    a code or a word after it ("$ 0.54 USD", "€ 0.10 EURO", "1,500 Chips", "12 kr").
    A lone comma followed by one or two digits at the end is a decimal comma (Winamax's
    buy-ins, iPoker's French skins: "0,02€"); any other comma or space groups thousands.
    `AmountOutOfRange` past what studdraw stores, ValueError if no number is left."""
    plain = text.strip(_MONEY_SIGNS)
    if not plain.replace(".", "", 1).isdigit():  # most amounts are: "$0.02", "12.50€", "1440"
        plain = _grouped_number(plain, text)
    point = plain.find(".")
    whole = point if point >= 0 else len(plain)
    if whole > MAX_WHOLE_DIGITS or (point >= 0 and len(plain) - point - 1 > MAX_DECIMALS):
        raise AmountOutOfRange(
            f"the amount {text.strip()} is beyond what studdraw stores exactly "
            f"(up to {MAX_WHOLE_DIGITS} digits before the point and {MAX_DECIMALS} after)"
        )
    return Decimal(plain)


def _grouped_number(text: str, printed: str) -> str:
    """The digits and point of an amount that has more than a sign around them: thousands
    commas or spaces, a decimal comma, a code or a word after it."""
    grouped = text.replace(",", "")
    if grouped.replace(".", "", 1).isdigit() and not _decimal_comma(text):
        return grouped  # "2,500", "1,250.50": the common case, without the regular expressions
    text = _CURRENCY_WORD.sub("", text).strip(_MONEY_SIGNS)
    if _decimal_comma(text):
        text = text.replace(",", ".")
    text = text.replace(",", "").replace(" ", "").replace("\u00a0", "")
    if not text or not text.replace(".", "", 1).isdigit():
        raise ValueError(f"unreadable amount {printed!r}")
    return text


def _decimal_comma(text: str) -> bool:
    return "." not in text and text.count(",") == 1 and _DECIMAL_COMMA.search(text) is not None
