"""Main and side pots from what each player put in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from parsers.model.events import ZERO
from parsers.model.immutable import interpreted_inits


@dataclass(frozen=True, slots=True)
class Pot:
    amount: Decimal
    eligible: tuple[str, ...]  # in seat order

    def __init__(self, amount: Decimal, eligible: tuple[str, ...]) -> None:
        # Written out to be compiled: `pipeline.engine.results` says why.
        self.amount = amount  # type: ignore[misc]
        self.eligible = eligible  # type: ignore[misc]


interpreted_inits(__file__, Pot)


def build_pots(contributions: Mapping[str, Decimal], live: Sequence[str]) -> list[Pot]:
    """Split the money into pots at each all-in level of the players still in (`live`,
    in seat order). Folded players' money stays in the pots it reached; money above the
    highest live contribution (an uncalled excess not returned) joins the last pot."""
    # Sorted, then each level once: a set would hash every Decimal (3,800 instructions).
    put_in = sorted(contributions[name] for name in live if contributions[name] > 0)
    levels = [level for i, level in enumerate(put_in) if i == 0 or level != put_in[i - 1]]
    if len(levels) == 1 and all(c <= levels[0] for c in contributions.values()):
        return [Pot(sum(contributions.values(), ZERO), tuple(live))]  # nobody all-in
    pots: list[Pot] = []
    previous = ZERO
    for level in levels:
        amount = sum((min(c, level) - min(c, previous) for c in contributions.values()), ZERO)
        eligible = tuple(name for name in live if contributions[name] >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    rest = sum((max(ZERO, c - previous) for c in contributions.values()), ZERO)
    if rest:
        if pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
        else:
            pots.append(Pot(rest, tuple(live)))
    return pots
