"""Site clocks to UTC.

Histories print local times with a zone abbreviation ("ET", "CET", "WET"). The
abbreviations are ambiguous in general but each site uses a small, known set; they map
to IANA zones so that daylight saving is applied for the hand's own date.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from typing import Final
from zoneinfo import ZoneInfo

ZONE_BY_ABBREVIATION: Final[dict[str, str]] = {
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
    "GST": "Asia/Dubai",  # OnGame (2013, FPDB's reading: Gulf Standard Time)
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


# A fixed offset as Java clients print it (OnGame: "GMT+0100", the same all year round).
_GMT_OFFSET: Final = re.compile(r"GMT([+-])(\d\d)(\d\d)")


@lru_cache(maxsize=64)
def _zone(abbreviation: str) -> tzinfo:
    offset = _GMT_OFFSET.fullmatch(abbreviation)
    if offset is not None:
        sign, hours, minutes = offset.groups()
        delta = timedelta(hours=int(hours), minutes=int(minutes))
        return timezone(-delta if sign == "-" else delta)
    try:
        return ZoneInfo(ZONE_BY_ABBREVIATION[abbreviation])
    except KeyError:
        raise UnknownTimeZone(f"unknown time zone {abbreviation!r}") from None


def to_utc(local: datetime, abbreviation: str) -> datetime:
    """A naive site-local time, read in the named zone (or a "GMT+0100" offset), as an
    aware UTC datetime."""
    utc = _clock_to_utc(
        local.year, local.month, local.day, local.hour, local.minute, local.second, abbreviation
    )
    return utc.replace(microsecond=local.microsecond) if local.microsecond else utc


def _clock_to_utc(
    year: int, month: int, day: int, hour: int, minute: int, second: int, abbreviation: str
) -> datetime:
    """The zone's offset is looked up once an hour of the clock: asking the zone for every
    hand cost 12k of the 30k instructions a PokerStars hand's clock took. An hour that
    holds a change of offset (a change of daylight saving time at half past) is asked
    per hand."""
    key = (abbreviation, year, month, day, hour)
    offset = _HOUR_OFFSETS.get(key, _UNKNOWN)
    if offset is _UNKNOWN:
        if len(_HOUR_OFFSETS) >= _MAX_HOURS:
            _HOUR_OFFSETS.clear()
        offset = _HOUR_OFFSETS[key] = _hour_offset(datetime(year, month, day, hour), abbreviation)
    if offset is None:
        local = datetime(year, month, day, hour, minute, second, 0, _zone(abbreviation))
        return local.astimezone(UTC)
    assert isinstance(offset, timedelta)
    return datetime(year, month, day, hour, minute, second, 0, UTC) - offset


def _hour_offset(start: datetime, abbreviation: str) -> timedelta | None:
    """The zone's offset from UTC all through the hour that `start` begins (read as
    `astimezone` reads a naive time: fold 0, the first of a repeated hour), or None
    where it changes within the hour."""
    start = start.replace(tzinfo=_zone(abbreviation))
    first, last = start.utcoffset(), (start + _LAST_OF_THE_HOUR).utcoffset()
    return first if first == last else None


_HOUR_OFFSETS: Final[dict[tuple[str, int, int, int, int], object]] = {}
_MAX_HOURS: Final = 4_096  # a year of a player's hours at one zone, well under a MB
_UNKNOWN: Final = object()
_LAST_OF_THE_HOUR: Final = timedelta(minutes=59, seconds=59, microseconds=999_999)


_CLOCK: Final = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})")


def clock_to_utc(text: str, abbreviation: str) -> datetime:
    """ "2013/01/03 16:27:43" or "2016/8/2 11:19:4" (the sites' clock, zero-padded or not)
    read in the named zone, as UTC; ValueError for an impossible date.

    Reads the numbers itself: `datetime.strptime` costs ~70 µs, a tenth of a hand's parse.
    """
    match = _CLOCK.fullmatch(text)
    if match is None:
        raise ValueError(f"unreadable date and time {text!r}")
    year, month, day, hour, minute, second = map(int, match.groups())
    return _clock_to_utc(year, month, day, hour, minute, second, abbreviation)
