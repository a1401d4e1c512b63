"""A hand's state as the engine replays it: who is dealt in, and what the replay has found.

The replay is one object built in layers, a module each, each layer a subclass of the one
before: this state; the cards each player holds (`dealt_cards`); whose turn it is
(`turn_order`); the chips each puts in (`betting`); the pots and who collects them
(`settlement`). A layer uses what the layers under it record, never what those over it do.
mypyc compiles a class with one native base, hence a line of layers and not mixins;
`pipeline.engine.replay` puts the whole together and plays a hand's events through it.

Every layer's state starts here, in `HandState.__init__`: one place says what a replay holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from parsers.model.conventions import SiteConventions
from parsers.model.events import (
    ZERO,
    Card,
    DealtInEvent,
    Event,
    Hand,
    MoneyKind,
    PotTotals,
    Seat,
    SeatSummary,
    Street,
    players_dealt_in,
)
from parsers.model.games import GameRules
from pipeline.engine.findings import Code, Finding
from pipeline.engine.variants import VARIANTS, Variant


@dataclass(slots=True)
class PlayerState:
    name: str
    seat: int
    stack: Decimal
    put_in: Decimal
    street_bet: Decimal
    uncalled: Decimal
    folded: bool
    all_in: bool
    fold_street: Street | None
    all_in_street: Street | None
    down: list[Card]
    up: list[Card]
    shown: tuple[Card, ...] | None
    # A hand run more than once: the cards of each run after the first, as drawn or shown,
    # and whether the player drew once the betting was over (cards that differ by run).
    run_cards: dict[int, tuple[Card, ...]]
    drew_per_run: bool
    by_street: dict[str, Decimal]
    collected: dict[str, Decimal]
    total_collected: Decimal

    def __init__(self, name: str, seat: int, stack: Decimal) -> None:
        """Written out so that mypyc compiles it (`pipeline.engine.results` says why): a
        player starts every hand with nothing in and nothing known."""
        self.name = name
        self.seat = seat
        self.stack = stack
        self.put_in = self.street_bet = self.uncalled = self.total_collected = ZERO
        self.folded = self.all_in = self.drew_per_run = False
        self.fold_street = self.all_in_street = None
        self.down, self.up, self.shown = [], [], None
        self.run_cards, self.by_street, self.collected = {}, {}, {}

    @property
    def can_act(self) -> bool:
        return not self.folded and not self.all_in

    def known_cards(self) -> list[Card]:
        return self.down + self.up


class HandState:
    """The state of a hand as it is replayed, event by event."""

    def __init__(self, hand: Hand, conventions: SiteConventions) -> None:
        self.hand = hand
        self.rules: GameRules = hand.game.rules
        self.variant: Variant = VARIANTS[hand.game]
        self.conventions = conventions
        stakes = hand.header.stakes
        self.small_bet = stakes.small_bet or stakes.big_blind or ZERO
        self.big_bet = stakes.big_bet or (self.small_bet * 2)
        self.chip = Decimal(1) if hand.header.money is MoneyKind.TOURNAMENT else conventions.chip
        participants = players_dealt_in(hand.events)
        self.players: dict[str, PlayerState] = {
            seat.player: PlayerState(seat.player, seat.seat, seat.stack)
            for seat in hand.seats
            if seat.player in participants
        }
        self.order = sorted(self.players.values(), key=lambda p: p.seat)
        self.findings: list[Finding] = []
        self.street: Street | None = None
        self.street_name = Street.PREDRAW.value  # blinds are booked to the first round
        self.current_bet = ZERO
        self.bets_in_round = 0  # the bet (or blind, or completion) and raises so far
        self.last_raise = ZERO
        self.full_bet = ZERO  # fixed limit: the last bet level a full bet or raise made
        self.raise_closed: set[str] = set()  # who faces a short all-in raise: call or fold
        self.big_unit_made = False
        self.to_act: set[str] = set()
        self.next_actor: str | None = None
        self.first_action_pending = False
        self.dealt: set[Card] = set()
        self.showdown = False
        self.totals: PotTotals | None = None
        self.summaries: list[SeatSummary] = []
        self.draw_hands: dict[str, list[Card]] = {}
        self.runs = 1  # how many times the last cards were dealt ("Run 2: ... shows")
        # Each player's net as the summary prints it (KingsClub: "Seat 2: Hero (681.96)
        # +8.50", a "net" note), and whether the hand was settled from them.
        self.nets: dict[str, Decimal] = {}
        self.settled_from_nets = False
        seats_of: dict[str, list[Seat]] = {}
        for seat in hand.seats:
            seats_of.setdefault(seat.player, []).append(seat)
        for name, seats in seats_of.items():
            if len(seats) > 1:
                numbers = " and ".join(str(seat.seat) for seat in seats)
                message = f"{name} sits in seats {numbers}: whose actions are whose is unknown"
                self.findings.append(Finding(Code.SEATED_TWICE, message, seats[1].line, name))

    # ------------------------------------------------------------------ findings
    def find(
        self, code: Code, message: str, event: Event | None = None, player: str | None = None
    ) -> None:
        line = getattr(event, "line", 0) if event is not None else 0
        self.findings.append(Finding(code, message, line, player))

    # ------------------------------------------------------------------ dispatch
    def player_of(self, event: DealtInEvent) -> PlayerState | None:
        name = event.player
        player = self.players.get(name)
        if player is None:
            self.find(Code.UNKNOWN_PLAYER, f"{name!r} is not dealt in this hand", event, name)
        return player
