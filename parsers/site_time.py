"""Site clocks to UTC.

Histories print local times with a zone abbreviation ("ET", "CET", "WET"). The
abbreviations are ambiguous in general but each site uses a small, known set; they map
to IANA zones so that daylight saving is applied for the hand's own date.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

ZONE_BY_ABBREVIATION: dict[str, str] = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "WET": "Europe/Lisbon",
    "GMT": "Europe/London",
    "BST": "Europe/London",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
    "UTC": "UTC",
}


class UnknownTimeZone(ValueError):
    pass


@lru_cache(maxsize=64)
def _zone(abbreviation: str) -> ZoneInfo:
    try:
        return ZoneInfo(ZONE_BY_ABBREVIATION[abbreviation])
    except KeyError:
        raise UnknownTimeZone(f"unknown time zone {abbreviation!r}") from None


def to_utc(local: datetime, abbreviation: str) -> datetime:
    """A naive site-local time, read in the named zone, as an aware UTC datetime."""
    return local.replace(tzinfo=_zone(abbreviation)).astimezone(UTC)
