"""Who wins a pot at showdown, and how a split pot is shared to the chip."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
from parsers.model.events import UNKNOWN_CARD, ZERO, Card
from parsers.model.immutable import interpreted_inits
from pipeline.engine.variants import Evaluator, Variant, card_order


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


def _best(hands: Mapping[str, Sequence[Card]], evaluate: Evaluator) -> tuple[str, ...]:
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
    cards: Mapping[str, Sequence[Card]] | None = None,
    high_ranks_low: bool = False,
    aces_low: bool = True,
) -> dict[str, Decimal]:
    """Each winner's share of `amount`: halves for high and low, then equal parts; chips
    that cannot be split go by the site's odd-chip rules (`OddChipHalf`, `OddChip`; where
    the site's is unknown, the card-room rule's: the caller says whether another sharing
    is accepted). `cards` (stud) lets the chip go by the highest card by suit; the "high"
    side of a low game (`high_ranks_low`: razz) and a low half take the lowest card, aces
    low if `aces_low`."""
    shares: dict[str, Decimal] = {}
    only_low = not high and bool(low)
    if not (high and low):  # one side only (a hand the engine could not judge): all to it
        high, low = high or low, ()
    if not high:
        return shares
    if low:
        lower_half = _round_down_to_chip(amount / 2, chip)
        high_half = amount - lower_half
        if conventions.odd_chip_half is OddChipHalf.LOW:
            high_half = lower_half
        halves = [(high, high_half, high_ranks_low), (low, amount - high_half, True)]
    else:
        halves = [(high, amount, high_ranks_low or only_low)]
    for winners, half, lowest in halves:
        ordered = _odd_chip_order(
            winners, seats, button_seat, conventions.odd_chip, cards, lowest, aces_low
        )
        part = _round_down_to_chip(half / len(ordered), chip)
        odd = half - part * len(ordered)
        for index, name in enumerate(ordered):
            extra = chip if index < int(odd / chip) else ZERO
            shares[name] = shares.get(name, ZERO) + part + extra
    return shares


def exact_parts(
    amount: Decimal, high: Sequence[str], low: Sequence[str]
) -> list[tuple[tuple[str, ...], Decimal]]:
    """The pot's parts before any rounding: each half (or the whole pot) with its winners."""
    if not (high and low):
        winners = tuple(high or low)
        return [(winners, amount)] if winners else []
    return [(tuple(high), amount / 2), (tuple(low), amount / 2)]


def odd_chips_in(
    amount: Decimal, high: Sequence[str], low: Sequence[str], chip: Decimal
) -> tuple[bool, bool]:
    """Whether a chip is left over between the halves of a hi/lo pot (won by different
    hands), and among tied winners of a half (whichever half takes the odd chip) or of
    the pot."""
    if not (high and low):
        winners = high or low
        return False, len(winners) > 1 and not _divides(amount, len(winners), chip)
    lower_half = _round_down_to_chip(amount / 2, chip)
    between_halves = lower_half * 2 != amount and set(high) != set(low)  # a scoop: no matter
    among_ties = False
    for winners in (high, low):
        for half in (lower_half, amount - lower_half):
            if len(winners) > 1 and not _divides(half, len(winners), chip):
                among_ties = True
    return between_halves, among_ties


def _divides(amount: Decimal, parts: int, chip: Decimal) -> bool:
    return _round_down_to_chip(amount / parts, chip) * parts == amount


def within_a_chip(
    parts: Sequence[tuple[tuple[str, ...], Decimal]],
    actual: Mapping[str, Decimal],
    chip: Decimal,
) -> bool:
    """`actual` shares out the parts' money, each winner within one chip of his exact
    share of each part he wins (a rule unknown: any odd-chip rule gives such a sharing)."""
    exact: dict[str, Decimal] = {}
    tolerance: dict[str, Decimal] = {}
    for winners, part in parts:
        for name in winners:
            exact[name] = exact.get(name, ZERO) + part / len(winners)
            tolerance[name] = tolerance.get(name, ZERO) + chip
    if any(name not in exact for name in actual):
        return False
    if sum(actual.values(), ZERO) != sum((part for _winners, part in parts), ZERO):
        return False
    return all(abs(actual.get(name, ZERO) - exact[name]) < tolerance[name] for name in exact)


def odd_chip_rules_seen(
    amount: Decimal,
    high: Sequence[str],
    low: Sequence[str],
    seats: Mapping[str, int],
    button_seat: int | None,
    chip: Decimal,
    actual: Mapping[str, Decimal],
    cards: Mapping[str, Sequence[Card]] | None = None,
    high_ranks_low: bool = False,
    aces_low: bool = True,
) -> str:
    """The odd-chip rules a sharing follows, in words ("the low half", "the first seat
    left of the button"...), for a warning where the site's rule is unknown."""
    between_halves, among_ties = odd_chips_in(amount, high, low, chip)
    halves: list[OddChipHalf] = []
    ties: list[OddChip] = []
    for half in (OddChipHalf.HIGH, OddChipHalf.LOW):
        for tie in (OddChip.FIRST_SEAT_LEFT_OF_BUTTON, OddChip.HIGH_CARD_BY_SUIT):
            if tie is OddChip.HIGH_CARD_BY_SUIT and cards is None:
                continue  # no cards to go by (a draw game): by seat only
            rules = SiteConventions(odd_chip_half=half, odd_chip=tie)
            shares = split_shares(
                amount, high, low, seats, button_seat, chip, rules, cards, high_ranks_low, aces_low
            )
            if {k: v for k, v in shares.items() if v} == {k: v for k, v in actual.items() if v}:
                if half not in halves:
                    halves.append(half)
                if tie not in ties:
                    ties.append(tie)
    words: list[str] = []
    if between_halves and halves:
        words.append(" or ".join(f"the {half.value} half" for half in halves))
    if among_ties and ties:
        words.append(" or ".join(_TIE_WORDS[tie] for tie in ties))
    if (between_halves and not halves) or (among_ties and not ties):
        return "a winner no odd-chip rule the engine knows names"
    return ", then ".join(words)


_TIE_WORDS: dict[OddChip, str] = {
    OddChip.FIRST_SEAT_LEFT_OF_BUTTON: "the first seat left of the button",
    OddChip.HIGH_CARD_BY_SUIT: "the best card by suit",
    OddChip.UNKNOWN: "any winner",
}


def run_parts(amount: Decimal, runs: int, chip: Decimal) -> list[Decimal]:
    """A pot run `runs` times, cut in equal parts to the chip, one per run; a chip that
    cannot be cut goes to the first run (inferred: no real hand run twice has an odd
    chip)."""
    if runs == 1:
        return [amount]
    part = _round_down_to_chip(amount / runs, chip)
    odd_chips = int((amount - part * runs) / chip)
    return [part + (chip if run < odd_chips else ZERO) for run in range(runs)]


def _odd_chip_order(
    names: Sequence[str],
    seats: Mapping[str, int],
    button_seat: int | None,
    rule: OddChip,
    cards: Mapping[str, Sequence[Card]] | None,
    lowest: bool,
    aces_low: bool,
) -> list[str]:
    """The winners in the order odd chips reach them."""
    ordered = _from_left_of_button(names, seats, button_seat)
    if rule is not OddChip.HIGH_CARD_BY_SUIT or cards is None:
        return ordered
    known: dict[str, list[tuple[int, int]]] = {}
    for name in ordered:
        held = [
            card_order(card, aces_low and lowest)
            for card in cards.get(name, ())
            if card != UNKNOWN_CARD
        ]
        if not held:
            return ordered  # a winner's cards unknown: by seat
        known[name] = held
    if lowest:
        return sorted(ordered, key=lambda name: min(known[name]))
    return sorted(ordered, key=lambda name: max(known[name]), reverse=True)


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
