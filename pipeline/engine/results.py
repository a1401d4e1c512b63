"""What a replay gives: each player's money, the pots, and the findings.

These are frozen dataclasses compiled by mypyc, each with its `__init__` written out: a
compiled dataclass's generated `__init__` is interpreted Python that sets every field
with `object.__setattr__` (1.4 µs for a `PlayerResult`, built for every player of every
hand); written out, it is compiled and stores the fields directly (0.08 µs). Frozenness
still holds everywhere else (mypy and the dataclass's `__setattr__` refuse a change): the
`__init__` is the one place that assigns a field, and says `type: ignore[misc]` to do it.
Run interpreted, they take `parsers.model.immutable`'s slot-setting `__init__` instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from parsers.model.events import Hand, Street
from parsers.model.immutable import interpreted_inits
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

    def __init__(
        self,
        name: str,
        seat: int,
        put_in: Decimal,
        uncalled: Decimal,
        collected: Decimal,
        net: Decimal,
        rake_share: Decimal,
        put_in_by_street: tuple[tuple[str, Decimal], ...],
        collected_by_pot: tuple[tuple[str, Decimal], ...],
        went_to_showdown: bool,
        won_at_showdown: bool,
        won_high: bool,
        won_low: bool,
        fold_street: Street | None,
        all_in_street: Street | None,
    ) -> None:
        self.name = name  # type: ignore[misc]
        self.seat = seat  # type: ignore[misc]
        self.put_in = put_in  # type: ignore[misc]
        self.uncalled = uncalled  # type: ignore[misc]
        self.collected = collected  # type: ignore[misc]
        self.net = net  # type: ignore[misc]
        self.rake_share = rake_share  # type: ignore[misc]
        self.put_in_by_street = put_in_by_street  # type: ignore[misc]
        self.collected_by_pot = collected_by_pot  # type: ignore[misc]
        self.went_to_showdown = went_to_showdown  # type: ignore[misc]
        self.won_at_showdown = won_at_showdown  # type: ignore[misc]
        self.won_high = won_high  # type: ignore[misc]
        self.won_low = won_low  # type: ignore[misc]
        self.fold_street = fold_street  # type: ignore[misc]
        self.all_in_street = all_in_street  # type: ignore[misc]


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

    def __init__(
        self,
        index: int,
        amount: Decimal,
        eligible: tuple[str, ...],
        high_winners: tuple[str, ...] = (),
        low_winners: tuple[str, ...] = (),
    ) -> None:
        self.index = index  # type: ignore[misc]
        self.amount = amount  # type: ignore[misc]
        self.eligible = eligible  # type: ignore[misc]
        self.high_winners = high_winners  # type: ignore[misc]
        self.low_winners = low_winners  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class HandResult:
    hand: Hand
    total_pot: Decimal
    rake: Decimal
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    findings: tuple[Finding, ...]

    def __init__(
        self,
        hand: Hand,
        total_pot: Decimal,
        rake: Decimal,
        players: tuple[PlayerResult, ...],
        pots: tuple[PotResult, ...],
        findings: tuple[Finding, ...],
    ) -> None:
        self.hand = hand  # type: ignore[misc]
        self.total_pot = total_pot  # type: ignore[misc]
        self.rake = rake  # type: ignore[misc]
        self.players = players  # type: ignore[misc]
        self.pots = pots  # type: ignore[misc]
        self.findings = findings  # type: ignore[misc]

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.WARNING)

    def player(self, name: str) -> PlayerResult:
        return next(p for p in self.players if p.name == name)


interpreted_inits(__file__, PlayerResult, PotResult, HandResult)
