"""Who wins a pot at showdown, and how a split pot is shared to the chip."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from parsers.conventions import OddChip, SiteConventions
from parsers.events import ZERO, Card
from parsers.immutable import interpreted_inits
from pipeline.engine.variants import Variant


@dataclass(frozen=True, slots=True)
class Verdict:
    high: tuple[str, ...]  # winners of the high half (or of the whole pot)
    low: tuple[str, ...] = ()  # winners of the low half; empty: no qualifying low

    def __init__(self, high: tuple[str, ...], low: tuple[str, ...] = ()) -> None:
        # Written out to be compiled: `pipeline.engine.results` says why.
        self.high = high  # type: ignore[misc]
        self.low = low  # type: ignore[misc]


interpreted_inits(__file__, Verdict)


def judge_pot(variant: Variant, hands: Mapping[str, Sequence[Card]]) -> Verdict:
    """The best hands among the pot's players (names kept in the mapping's order)."""
    assert variant.high is not None
    high = _best(hands, variant.high)
    low: tuple[str, ...] = ()
    if variant.low is not None:
        low = _best(hands, variant.low)
    return Verdict(high, low)


def _best(hands: Mapping[str, Sequence[Card]], evaluate) -> tuple[str, ...]:
    values = {name: evaluate(cards) for name, cards in hands.items()}
    qualified = {name: value for name, value in values.items() if value is not None}
    if not qualified:
        return ()
    best = max(qualified.values())
    return tuple(name for name, value in qualified.items() if value == best)


def split_shares(
    amount: Decimal,
    high: Sequence[str],
    low: Sequence[str],
    seats: Mapping[str, int],
    button_seat: int | None,
    chip: Decimal,
    conventions: SiteConventions,
) -> dict[str, Decimal]:
    """Each winner's share of `amount`: halves for high and low, then equal parts; chips
    that cannot be split go by the site's odd-chip rule."""
    shares: dict[str, Decimal] = {}
    if not (high and low):  # one side only (a hand the engine could not judge): all to it
        high, low = high or low, ()
    if not high:
        return shares
    if low:
        high_half = _round_up_to_chip(amount / 2, chip)
        if conventions.odd_chip is not OddChip.HIGH_HALF_THEN_FIRST_SEAT:
            high_half = _round_down_to_chip(amount / 2, chip)
        halves = [(high, high_half), (low, amount - high_half)]
    else:
        halves = [(high, amount)]
    for winners, half in halves:
        ordered = _from_left_of_button(winners, seats, button_seat)
        part = _round_down_to_chip(half / len(ordered), chip)
        odd = half - part * len(ordered)
        for index, name in enumerate(ordered):
            extra = chip if index < int(odd / chip) else ZERO
            shares[name] = shares.get(name, ZERO) + part + extra
    return shares


def run_parts(amount: Decimal, runs: int, chip: Decimal) -> list[Decimal]:
    """A pot run `runs` times, cut in equal parts to the chip, one per run; a chip that
    cannot be cut goes to the first run (inferred: no real hand run twice has an odd
    chip)."""
    if runs == 1:
        return [amount]
    part = _round_down_to_chip(amount / runs, chip)
    odd_chips = int((amount - part * runs) / chip)
    return [part + (chip if run < odd_chips else ZERO) for run in range(runs)]


def _from_left_of_button(
    names: Sequence[str], seats: Mapping[str, int], button_seat: int | None
) -> list[str]:
    button = button_seat or 0
    return sorted(names, key=lambda name: (seats[name] <= button, seats[name]))


def _round_down_to_chip(amount: Decimal, chip: Decimal) -> Decimal:
    return (amount / chip).to_integral_value(rounding=ROUND_DOWN) * chip


def _round_up_to_chip(amount: Decimal, chip: Decimal) -> Decimal:
    down = _round_down_to_chip(amount, chip)
    return down if down == amount else down + chip
