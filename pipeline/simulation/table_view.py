"""What a hand reads of its table: the stakes and the money in chips, who sits where, and
the table's own state (`TableView`). The table makes the hand, so the hand knows the
table by this shape (`table.Table` has it) rather than by importing the table back."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Protocol

from parsers.model.events import Stakes
from pipeline.simulation.game_shapes import GameShape
from pipeline.simulation.strategy import Style
from pipeline.simulation.table_spec import TableSpec


@dataclass(slots=True)
class Occupant:
    name: str
    stack: int
    style: Style


@dataclass(frozen=True, slots=True)
class ChipStakes:
    """The stakes in chips (cents for cash): all the arithmetic is integer."""

    small_bet: int
    big_bet: int
    ante: int
    bring_in: int
    small_blind: int
    big_blind: int

    @classmethod
    def of(cls, stakes: Stakes, unit: Decimal, factor: float) -> ChipStakes:
        def chips(amount: Decimal | None) -> int:
            if not amount:
                return 0
            return max(1, round(float(amount / unit) * factor))

        return cls(
            chips(stakes.small_bet),
            chips(stakes.big_bet),
            chips(stakes.ante),
            chips(stakes.bring_in),
            chips(stakes.small_blind),
            chips(stakes.big_blind),
        )


class ChipMoney:
    """Chips to `Decimal`, memoised: a hand makes dozens of amounts."""

    def __init__(self, unit: Decimal) -> None:
        self.unit = unit
        self.cache: dict[int, Decimal] = {}

    def __call__(self, chips: int) -> Decimal:
        amount = self.cache.get(chips)
        if amount is None:
            amount = self.cache[chips] = Decimal(chips) * self.unit
        return amount


class TableView(Protocol):
    """The table as a hand plays at it (see `table.Table`)."""

    spec: TableSpec
    rules: GameShape
    rng: random.Random
    unit: Decimal
    money: ChipMoney
    seats: dict[int, Occupant | None]
    hand_number: int
    clock: datetime
    remaining: int

    def stakes(self) -> ChipStakes: ...

    def level(self) -> int: ...
