"""A table from hand to hand: seats, stacks, the button, the clock and the levels."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from parsers.model.events import (
    LimitKind,
    MoneyKind,
)
from pipeline.simulation.books import SimulatedHand
from pipeline.simulation.game_shapes import RULES
from pipeline.simulation.hand_play import HandPlay
from pipeline.simulation.strategy import Style
from pipeline.simulation.table_spec import TableSpec
from pipeline.simulation.table_view import ChipMoney, ChipStakes, Occupant


class Table:
    """Seats, stacks, button and clock, carried from hand to hand."""

    def __init__(self, spec: TableSpec, rng: random.Random) -> None:
        self.spec = spec
        self.rng = rng
        self.rules = RULES[spec.game]
        self.unit = Decimal(1) if spec.money is MoneyKind.TOURNAMENT else Decimal("0.01")
        self.money = ChipMoney(self.unit)
        self.hand_number = spec.first_hand_number
        self.clock = spec.start.replace(microsecond=0)
        self.played = 0
        self.remaining = spec.tournament.entrants if spec.tournament else 0
        self.button: int | None = None
        self.left: dict[str, int] = {}  # who left the table, and when
        self.seats: dict[int, Occupant | None] = dict.fromkeys(range(1, spec.seats + 1))
        hero_seat = rng.randint(1, spec.seats)
        for seat in self.seats:
            name = spec.hero if seat == hero_seat else self.free_name()
            self.seats[seat] = self.newcomer(name)

    # ------------------------------------------------------------------ people
    def free_name(self) -> str:
        """A name not at the table, nor one that left it lately (a newcomer is new)."""
        seated = {o.name for o in self.seats.values() if o is not None}
        recent = {name for name, hand in self.left.items() if self.played - hand < 50}
        free = [n for n in self.spec.players if n not in seated and n != self.spec.hero]
        return self.rng.choice([n for n in free if n not in recent] or free)

    def newcomer(self, name: str) -> Occupant:
        style = Style(self.rng.uniform(0.1, 0.9), self.rng.uniform(0.1, 0.9))
        return Occupant(name, self.buy_in(), style)

    def buy_in(self) -> int:
        """Stacks vary on purpose: short ones make all-ins and side pots."""
        stakes = self.stakes()
        rng = self.rng
        roll = rng.random()
        if self.spec.tournament is not None:
            # a player moved in from another table, with chips in line with the level
            start = self.spec.tournament.starting_stack * self.level_factor()
            factor = rng.uniform(0.15, 0.6) if roll < 0.25 else rng.uniform(0.6, 3.0)
            return max(int(start * factor), self.min_stack(stakes) * 2)
        unit = stakes.big_bet or stakes.big_blind or stakes.small_bet
        deep = self.spec.limit is not LimitKind.FIXED
        if roll < 0.25:
            multiple = rng.uniform(1.5, 6.0)
        elif roll < 0.8:
            multiple = rng.uniform(30.0, 100.0) if deep else rng.uniform(10.0, 40.0)
        else:
            multiple = rng.uniform(100.0, 200.0) if deep else rng.uniform(40.0, 100.0)
        if self.rules.ceilings:
            multiple *= 3  # five-up: players must cover the raises they may face
        return max(int(unit * multiple), self.min_stack(stakes) + 1)

    def min_stack(self, stakes: ChipStakes) -> int:
        """Enough for every forced bet and then some: no one is all-in on an ante or blind."""
        if self.rules.stud:
            return stakes.ante + stakes.small_bet + 1
        return stakes.ante + stakes.big_blind + 1

    # ------------------------------------------------------------------ stakes
    def level(self) -> int:
        tournament = self.spec.tournament
        return self.played // tournament.hands_per_level if tournament else 0

    def level_factor(self) -> float:
        return LEVEL_FACTORS[min(self.level(), len(LEVEL_FACTORS) - 1)]

    def stakes(self) -> ChipStakes:
        return ChipStakes.of(self.spec.stakes, self.unit, self.level_factor())

    # ------------------------------------------------------------------ between hands
    def refresh(self) -> list[int]:
        """Rebuys, replacements, comings and goings; the seats dealt in this hand."""
        rng = self.rng
        spec = self.spec
        stakes = self.stakes()
        for seat, occupant in self.seats.items():
            if occupant is None:
                if rng.random() < 0.3:
                    self.seats[seat] = self.newcomer(self.free_name())
                continue
            if occupant.stack < self.min_stack(stakes):
                if spec.tournament is None or occupant.name == spec.hero:
                    occupant.stack = self.buy_in()  # a rebuy (the hero re-enters)
                else:
                    self.left[occupant.name] = self.played
                    self.seats[seat] = self.newcomer(self.free_name())  # a new player
            elif (
                spec.tournament is None
                and occupant.name != spec.hero
                and rng.random() < 0.01
                and sum(o is not None for o in self.seats.values()) > 3
            ):
                self.left[occupant.name] = self.played
                self.seats[seat] = None  # leaves the table
        active = [s for s, o in self.seats.items() if o is not None]
        if spec.tournament is None:
            for seat in list(active):
                occupant = self.seats[seat]
                assert occupant is not None
                sits_out = occupant.name != spec.hero and rng.random() < spec.sit_out_rate
                if sits_out and len(active) > 2:
                    active.remove(seat)
        return active

    def move_button(self, active: list[int]) -> int:
        if self.button is None:
            self.button = self.rng.choice(active)
        else:
            later = [s for s in active if s > self.button]
            self.button = later[0] if later else active[0]
        return self.button

    def play_next(self) -> SimulatedHand:
        active = self.refresh()
        button = None if self.rules.stud else self.move_button(active)
        self.hand_number += self.rng.randint(1_000, 90_000)
        self.clock += timedelta(seconds=self.rng.randint(30, 90))
        self.clock = unambiguous_eastern(self.clock)
        play = HandPlay(self, active, button)
        result = play.run()
        for p in play.players:
            occupant = self.seats[p.seat]
            assert occupant is not None
            occupant.stack = p.stack
        if self.spec.tournament is not None:
            self.remaining = max(2, self.remaining - len(play.busted))
        self.played += 1
        return result


LEVEL_FACTORS = (1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100)


EASTERN = ZoneInfo("America/New_York")


def unambiguous_eastern(moment: datetime) -> datetime:
    """Skip the hour the Eastern clock repeats in autumn: a history prints ET wall time,
    and that hour would read back as another instant."""
    local = moment.astimezone(EASTERN).replace(tzinfo=None)
    if local.replace(tzinfo=EASTERN).astimezone(UTC) != moment:
        return moment + timedelta(hours=1)
    return moment
