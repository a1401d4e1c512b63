"""Site clocks read as UTC: the offset remembered per hour of the clock is the zone's own."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from parsers.text.site_time import ZONE_BY_ABBREVIATION, _hour_offset, clock_to_utc, to_utc


def _asked_of_the_zone(local: datetime, zone: str) -> datetime:
    return local.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC)


def _hours_around_changes(year: int) -> list[datetime]:
    """Every hour of the weeks in which the zones of the table change their clocks."""
    weeks = [(3, 7), (3, 24), (3, 29), (4, 1), (9, 24), (10, 1), (10, 25), (11, 1)]
    return [
        datetime(year, month, day) + timedelta(hours=hour)
        for month, day in weeks
        for hour in range(24 * 8)
    ]


@pytest.mark.parametrize("abbreviation", sorted(ZONE_BY_ABBREVIATION))
def test_every_minute_of_a_changing_week_reads_as_the_zone_reads_it(abbreviation: str) -> None:
    zone = ZONE_BY_ABBREVIATION[abbreviation]
    for year in (2009, 2026):
        for hour in _hours_around_changes(year):
            for minute in (0, 29, 30, 59):
                local = hour.replace(minute=minute, second=7)
                assert to_utc(local, abbreviation) == _asked_of_the_zone(local, zone), local


def test_an_hour_whose_offset_changes_at_half_past_is_not_given_one_offset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Lord Howe Island moves its clocks by half an hour: in October 2:00 becomes 2:30, so
    # from 2:30 on the hour is an hour of daylight time.
    monkeypatch.setitem(ZONE_BY_ABBREVIATION, "LHST", "Australia/Lord_Howe")
    assert _hour_offset(datetime(2026, 10, 4, 2), "LHST") is None
    assert _hour_offset(datetime(2026, 10, 4, 3), "LHST") == timedelta(hours=11)
    assert _hour_offset(datetime(2026, 10, 4, 1), "LHST") == timedelta(hours=10, minutes=30)
    local = datetime(2026, 10, 4, 2, 45)
    assert to_utc(local, "LHST") == _asked_of_the_zone(local, "Australia/Lord_Howe")


def test_a_fixed_offset_and_the_clock_forms_read_alike() -> None:
    assert to_utc(datetime(2013, 6, 1, 12, 0), "GMT+0100") == datetime(2013, 6, 1, 11, tzinfo=UTC)
    assert clock_to_utc("2016/8/2 11:19:4", "ET") == datetime(2016, 8, 2, 15, 19, 4, tzinfo=UTC)
    # The repeated hour of November reads as its first pass, daylight time (UTC-4).
    assert clock_to_utc("2026/11/01 01:30:00", "ET") == datetime(2026, 11, 1, 5, 30, tzinfo=UTC)
