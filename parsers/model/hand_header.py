"""The head of a hand: what its history says before the first event. `HandHeader` holds
the site, the game and its limit, the stakes, the table, the tournament and the clock;
`Seat`, each seated player and his stack.

Part of the event contract (`parsers.model.events`, which names these too, as the site
parsers import them from there): frozen dataclasses compiled by mypyc, each `__init__`
written out for the reasons given there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from parsers.model.games import Game
from parsers.model.immutable import interpreted_inits
from parsers.model.record import Record


class LimitKind(StrEnum):
    FIXED = "fixed_limit"
    POT = "pot_limit"
    NO = "no_limit"
    HALF_POT = "half_pot_limit"  # Merge's "Half Pot Limit": a raise of at most half the pot


class MoneyKind(StrEnum):
    """What the chips are worth: real money, play money or tournament chips."""

    REAL = "real"
    PLAY = "play"
    TOURNAMENT = "tournament"


@dataclass(frozen=True, slots=True)
class Stakes(Record):
    """The stakes as the header states them, completed from the hand's own forced bets.

    Fixed-limit games have a small and a big bet; blind games have blinds; stud has an
    ante and a bring-in. Whatever the history does not say stays None.
    """

    small_bet: Decimal | None = None
    big_bet: Decimal | None = None
    ante: Decimal | None = None
    bring_in: Decimal | None = None
    small_blind: Decimal | None = None
    big_blind: Decimal | None = None

    def __init__(
        self,
        small_bet: Decimal | None = None,
        big_bet: Decimal | None = None,
        ante: Decimal | None = None,
        bring_in: Decimal | None = None,
        small_blind: Decimal | None = None,
        big_blind: Decimal | None = None,
    ) -> None:
        self.small_bet = small_bet  # type: ignore[misc]
        self.big_bet = big_bet  # type: ignore[misc]
        self.ante = ante  # type: ignore[misc]
        self.bring_in = bring_in  # type: ignore[misc]
        self.small_blind = small_blind  # type: ignore[misc]
        self.big_blind = big_blind  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Tournament(Record):
    tournament_id: str
    buy_in: Decimal | None = None
    fee: Decimal | None = None
    bounty: Decimal | None = None
    currency: str | None = None
    level: str | None = None  # as printed: "XXXI", "I"
    match_round: str | None = None  # shootouts and home-game matches

    def __init__(
        self,
        tournament_id: str,
        buy_in: Decimal | None = None,
        fee: Decimal | None = None,
        bounty: Decimal | None = None,
        currency: str | None = None,
        level: str | None = None,
        match_round: str | None = None,
    ) -> None:
        self.tournament_id = tournament_id  # type: ignore[misc]
        self.buy_in = buy_in  # type: ignore[misc]
        self.fee = fee  # type: ignore[misc]
        self.bounty = bounty  # type: ignore[misc]
        self.currency = currency  # type: ignore[misc]
        self.level = level  # type: ignore[misc]
        self.match_round = match_round  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class HandHeader(Record):
    site: str
    hand_number: str
    game: Game
    limit: LimitKind
    stakes: Stakes
    money: MoneyKind
    currency: str | None
    started_at_utc: datetime
    site_time: str  # the site's own clock, as printed, with its zone: "2013/01/03 16:27:43 EET"
    table: str = ""
    max_seats: int | None = None
    button_seat: int | None = None
    tournament: Tournament | None = None
    mixed_game: str | None = None  # "8-Game", "HORSE", "Triple Stud", ...
    home_game: str | None = None  # the home-game club name
    # Whose history it is, as the site marks him ("Dealt to Hero [Ah Kd] [5c]", Bovada's
    # "[ME]", iPoker's <nickname>): None where the file does not say (an observed table,
    # a hero not dealt in, PHH).
    hero: str | None = None

    def __init__(
        self,
        site: str,
        hand_number: str,
        game: Game,
        limit: LimitKind,
        stakes: Stakes,
        money: MoneyKind,
        currency: str | None,
        started_at_utc: datetime,
        site_time: str,
        table: str = "",
        max_seats: int | None = None,
        button_seat: int | None = None,
        tournament: Tournament | None = None,
        mixed_game: str | None = None,
        home_game: str | None = None,
        hero: str | None = None,
    ) -> None:
        self.site = site  # type: ignore[misc]
        self.hand_number = hand_number  # type: ignore[misc]
        self.game = game  # type: ignore[misc]
        self.limit = limit  # type: ignore[misc]
        self.stakes = stakes  # type: ignore[misc]
        self.money = money  # type: ignore[misc]
        self.currency = currency  # type: ignore[misc]
        self.started_at_utc = started_at_utc  # type: ignore[misc]
        self.site_time = site_time  # type: ignore[misc]
        self.table = table  # type: ignore[misc]
        self.max_seats = max_seats  # type: ignore[misc]
        self.button_seat = button_seat  # type: ignore[misc]
        self.tournament = tournament  # type: ignore[misc]
        self.mixed_game = mixed_game  # type: ignore[misc]
        self.home_game = home_game  # type: ignore[misc]
        self.hero = hero  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Seat(Record):
    seat: int
    player: str
    stack: Decimal
    sitting_out: bool = False
    bounty: Decimal | None = None
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        seat: int,
        player: str,
        stack: Decimal,
        sitting_out: bool = False,
        bounty: Decimal | None = None,
        line: int = 0,
    ) -> None:
        self.seat = seat  # type: ignore[misc]
        self.player = player  # type: ignore[misc]
        self.stack = stack  # type: ignore[misc]
        self.sitting_out = sitting_out  # type: ignore[misc]
        self.bounty = bounty  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


interpreted_inits(__file__, Stakes, Tournament, HandHeader, Seat)
