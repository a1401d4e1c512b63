"""What a replay gives: each player's money, the pots, and the findings."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from parsers.events import Hand, Street
from pipeline.engine.findings import Finding, Severity


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's hand in money. `put_in` is net of any uncalled bet returned."""

    name: str
    seat: int
    put_in: Decimal
    uncalled: Decimal
    collected: Decimal
    net: Decimal
    rake_share: Decimal
    put_in_by_street: tuple[tuple[str, Decimal], ...]  # ("ante", 0.01), ("third", 0.02)...
    collected_by_pot: tuple[tuple[str, Decimal], ...]  # ("pot", 0.64), ("side-1", ...)
    went_to_showdown: bool
    won_at_showdown: bool
    won_high: bool
    won_low: bool
    fold_street: Street | None
    all_in_street: Street | None


@dataclass(frozen=True, slots=True)
class PotResult:
    """A pot as the engine builds it from the contributions, with the winners it judged.

    `high_winners`/`low_winners` are empty when the showdown could not be judged (cards
    unknown) and for a pot with a single eligible player, who wins it uncontested.
    """

    index: int  # 0 main pot, 1.. side pots
    amount: Decimal
    eligible: tuple[str, ...]
    high_winners: tuple[str, ...] = ()
    low_winners: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HandResult:
    hand: Hand
    total_pot: Decimal
    rake: Decimal
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.WARNING)

    def player(self, name: str) -> PlayerResult:
        return next(p for p in self.players if p.name == name)
