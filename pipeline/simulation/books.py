"""The simulator's own books: the pots a hand makes, the rake, who wins each and what
each player nets, kept apart from the engine's so that the round trip compares the two."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from parsers.model.events import (
    Card,
    Hand,
)
from pipeline.simulation.game_shapes import Evaluator


@dataclass(frozen=True, slots=True)
class SimulatedPot:
    """A pot as the simulator settled it: gross amount, its part of the rake, its winners."""

    amount: Decimal
    rake: Decimal
    eligible: tuple[str, ...]
    high_winners: tuple[str, ...]
    low_winners: tuple[str, ...]
    shares: tuple[tuple[str, Decimal], ...]


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """A simulated hand and the simulator's own books for it.

    `nets` holds every player dealt in (collected less put in, uncalled bets given back);
    `features` tags what the hand exercises ("all_in", "side_pot", "split", "quartered",
    "community", "reshuffle", "capped", "open_pair_big_bet", ...) so that a test can check
    that a run covered the rare cases.
    """

    hand: Hand
    nets: dict[str, Decimal]
    rake: Decimal
    pots: tuple[SimulatedPot, ...]
    winners: frozenset[str]
    features: frozenset[str]


@dataclass(frozen=True, slots=True)
class Settled:
    amount: int
    rake: int
    eligible: tuple[str, ...]
    high: tuple[str, ...]
    low: tuple[str, ...]
    shares: dict[str, int]


def build_pots(
    contributions: list[tuple[str, int]], live: list[str]
) -> list[tuple[int, tuple[str, ...]]]:
    """Main pot then side pots, cut at each live player's total: a pot is shared by the
    live players who reached its level; folded money stays in the pots it reached."""
    put_in = dict(contributions)
    levels = sorted({put_in[name] for name in live if put_in[name] > 0})
    pots: list[tuple[int, tuple[str, ...]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for _, c in contributions)
        eligible = tuple(name for name in live if put_in[name] >= level)
        pots.append((amount, eligible))
        previous = level
    return pots


def rake_by_pot(amounts: list[int], rake: int, percent: Decimal) -> list[int]:
    """The rake comes out of the main pot first, then the side pots, each pot giving at
    most the house's percentage of it; what rounding leaves comes out of the largest pot
    (so a pot of a chip or two is not raked to nothing)."""
    if not amounts:
        return []
    parts = []
    left = rake
    for amount in amounts:
        part = min(left, int(amount * percent))
        parts.append(part)
        left -= part
    largest = max(range(len(amounts)), key=lambda i: amounts[i] - parts[i])
    parts[largest] += left
    return parts


def best(hands: dict[str, tuple[Card, ...]], evaluate: Evaluator | None) -> tuple[str, ...]:
    if evaluate is None:
        return ()
    values = {name: evaluate(cards) for name, cards in hands.items()}
    qualified = [v for v in values.values() if v is not None]
    if not qualified:
        return ()
    best = max(qualified)
    return tuple(name for name, value in values.items() if value == best)


def split(
    net: int,
    high: tuple[str, ...],
    low: tuple[str, ...],
    seats: dict[str, int],
    button: int | None,
) -> dict[str, int]:
    """Halves for high and low (the odd chip to the high half), then equal parts, odd
    chips to the winners nearest the dealer's left (stud has no button: seat order)."""
    halves = [(high, net)]
    if low:
        high_half = (net + 1) // 2
        halves = [(high, high_half), (low, net - high_half)]
    shares: dict[str, int] = {}
    anchor = button or 0
    for winners, amount in halves:
        ordered = sorted(winners, key=lambda name: (seats[name] <= anchor, seats[name]))
        part, odd = divmod(amount, len(ordered))
        for index, name in enumerate(ordered):
            shares[name] = shares.get(name, 0) + part + (1 if index < odd else 0)
    return shares
