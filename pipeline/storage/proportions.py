"""How sure a share is, and whether two shares differ by more than their sampling error.

The leak list (leaks.py, docs/stats.md "Leak list") sets a stat of the hero's beside the
same stat of the database's winning players. A stat is a share of chances (12 bring-ins
completed of 100), so its uncertainty is a proportion's:

- the **Wilson score interval** for one share: unlike the textbook p +- 1.96 sqrt(p(1-p)/n)
  (the Wald interval), it stays inside 0-100% and keeps close to its 95% on the small
  samples a stud stat often has (9 steal chances, 0 completions);
- **Newcombe's hybrid score interval** for the difference of two shares (Newcombe 1998,
  method 10), made of the two Wilson intervals: the difference is larger than its
  sampling error when this interval does not hold 0 (a two-proportion test at 95%).

A win rate is a mean of per-hand results, not a share: `mean_interval` and
`mean_difference` are the normal approximation docs/stats.md uses for BB/100.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval, as stats.sql's win rates use it."""


@dataclass(frozen=True, slots=True)
class Interval:
    """The ends of a 95% interval, in the unit of what it bounds (a share from 0 to 1,
    a win rate in BB/100, or their difference)."""

    low: float
    high: float

    def excludes_zero(self) -> bool:
        """The whole interval lies on one side of 0: a difference beyond sampling error."""
        return self.low > 0 or self.high < 0


def wilson(part: float, n: int, z: float = Z95) -> Interval | None:
    """The Wilson score interval of the share `part / n`; None without a sample.

    Newcombe (1998), "Two-sided confidence intervals for the single proportion", table II:

    >>> i = wilson(81, 263); round(i.low, 4), round(i.high, 4)
    (0.2553, 0.3662)
    >>> i = wilson(0, 20); round(i.low, 4), round(i.high, 4)
    (0.0, 0.1611)
    """
    if n <= 0:
        return None
    p = part / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


def share_difference(
    part_a: float, n_a: int, part_b: float, n_b: int, z: float = Z95
) -> Interval | None:
    """Newcombe's hybrid score interval of `part_a / n_a - part_b / n_b`; None unless
    both sides have a sample.

    Each end moves away from the observed difference by the root of the two shares'
    distances to their Wilson ends on that side (Newcombe 1998, "Interval estimation
    for the difference between independent proportions", method 10; table II, 56/70
    against 48/80):

    >>> i = share_difference(56, 70, 48, 80); round(i.low, 4), round(i.high, 4)
    (0.0524, 0.3339)
    """
    a, b = wilson(part_a, n_a, z), wilson(part_b, n_b, z)
    if a is None or b is None:
        return None
    p_a, p_b = part_a / n_a, part_b / n_b
    difference = p_a - p_b
    below = math.sqrt((p_a - a.low) ** 2 + (b.high - p_b) ** 2)
    above = math.sqrt((a.high - p_a) ** 2 + (p_b - b.low) ** 2)
    return Interval(difference - below, difference + above)


@dataclass(frozen=True, slots=True)
class Mean:
    """A mean over `n` values, with the values' sample standard deviation."""

    mean: float
    sd: float
    n: int

    @classmethod
    def from_sums(cls, total: float, squares: float, n: int) -> Mean | None:
        """From the values' sum and sum of squares (how SQL hands them over, summed over
        rows); None without 2 values, where there is no spread to measure."""
        if n < 2:
            return None
        variance = max(squares - total * total / n, 0.0) / (n - 1)
        return cls(total / n, math.sqrt(variance), n)

    @property
    def standard_error(self) -> float:
        return self.sd / math.sqrt(self.n)


def mean_interval(mean: Mean, z: float = Z95) -> Interval:
    """The normal approximation's interval of a mean: mean +- z x sd / sqrt(n).

    >>> i = mean_interval(Mean(0.015, 1.6, 20_000)); round(100 * i.low, 2), round(100 * i.high, 2)
    (-0.72, 3.72)
    """
    half = z * mean.standard_error
    return Interval(mean.mean - half, mean.mean + half)


def mean_difference(a: Mean, b: Mean, z: float = Z95) -> Interval:
    """The interval of `a.mean - b.mean` for two independent samples (Welch's standard
    error, sqrt(se_a^2 + se_b^2), with the normal quantile: the samples are hands by the
    hundred)."""
    half = z * math.hypot(a.standard_error, b.standard_error)
    difference = a.mean - b.mean
    return Interval(difference - half, difference + half)
