"""How sure a win rate is, in words: the 95% interval the SQL computes (`stat_win_rate_*`
in stats.sql, columns `big_bets_per_100_low/_high`) said the same way by the CLI and the
dashboard, and how many more hands would halve the interval.

The interval's width goes as 1 / sqrt(hands): four times the hands, half the width. A
player with n hands therefore needs 3 n more to halve it, whatever his results.
"""

from __future__ import annotations

from pipeline.reports.wording import counted

MORE_HANDS_TO_HALVE = 3
"""More hands, as a multiple of the hands so far, that halve the 95% interval."""

INTERVAL_HANDS = 30
"""The fewest hands a win rate gets an SD and an interval for (stats.sql's
`stat_interval_hands()`): under them the normal approximation says nothing worth
reading, and hands all alike (four folds of the ante) would claim a rate known exactly."""


def hands_to_halve(hands: int) -> int:
    """More hands that would halve the interval of a win rate over `hands` hands."""
    return MORE_HANDS_TO_HALVE * hands


def signed(value: float) -> str:
    """A win rate as a stud player reads it.

    >>> signed(5.234), signed(-0.4)
    ('+5.23', '-0.40')
    """
    return f"{value:+.2f}"


def interval_text(rate: float | None, low: float | None, high: float | None) -> str:
    """The rate, half the interval's width and its ends; the rate alone when there is no
    interval (under INTERVAL_HANDS hands), '' when there is no rate.

    >>> interval_text(5.23, -1.2, 11.66)
    '+5.23 ±6.43 (95%: -1.20 to +11.66)'
    >>> interval_text(5.23, None, None), interval_text(None, None, None)
    ('+5.23', '')
    """
    if rate is None:
        return ""
    if low is None or high is None:
        return signed(rate)
    return f"{signed(rate)} ±{(high - low) / 2:.2f} (95%: {signed(low)} to {signed(high)})"


def halving_sentence(hands: int, low: float | None, high: float | None) -> str:
    """How many more hands would halve the interval, or why there is no interval yet.

    >>> halving_sentence(1_600, -1.2, 11.66)
    'About 4,800 more hands would halve this interval (to ±3.21).'
    """
    if low is None or high is None:
        return (
            f"Under {INTERVAL_HANDS} hands: too few to say how sure the rate is, "
            "so no interval yet."
        )
    more = counted(hands_to_halve(hands), "more hand")
    return f"About {more} would halve this interval (to ±{(high - low) / 4:.2f})."
