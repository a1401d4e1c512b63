"""One hand's state as it is dealt and played: the deck, the players in the hand, the
money in the pot and whose turn it is. The betting, the settlement and the play of the
streets (`betting`, `settlement`, `hand_play`) each work on it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from parsers.model.events import Card, Event, Game, Street
from pipeline.engine.hand_ranks import RANKS
from pipeline.simulation.strategy import Style, rigged_ranks
from pipeline.simulation.table_view import TableView

SUITS = "cdhs"


DECK: tuple[Card, ...] = tuple(r + s for r in RANKS for s in SUITS)


@dataclass(slots=True, eq=False)
class PlayerInHand:
    name: str
    seat: int
    stack: int
    style: Style
    start_stack: int
    put_in: int = 0
    street_bet: int = 0
    collected: int = 0
    folded: bool = False
    all_in: bool = False
    cards: list[Card] = field(default_factory=list)  # stud: in dealt order; draw: the hand
    up: list[Card] = field(default_factory=list)
    strength: float = 0.0
    plan: tuple[Card, ...] = ()  # draw games: the cards to keep at the next draw

    @property
    def can_act(self) -> bool:
        return not self.folded and not self.all_in


class HandState:
    """The state one hand is played on, and the moves every part of the play makes."""

    def __init__(self, table: TableView, active: list[int], button: int | None) -> None:
        self.table = table
        self.spec = table.spec
        self.rules = table.rules
        self.rng = table.rng
        self.q = table.money
        self.stakes = table.stakes()
        self.button = button
        self.players: list[PlayerInHand] = []
        for seat in active:
            occupant = table.seats[seat]
            assert occupant is not None
            self.players.append(
                PlayerInHand(occupant.name, seat, occupant.stack, occupant.style, occupant.stack)
            )
        self.sitting_out = [s for s, o in table.seats.items() if o is not None and s not in active]
        self.events: list[Event] = []
        self.features: set[str] = set()
        self.deck = list(DECK)
        self.rng.shuffle(self.deck)
        self.loose = self.rng.random() < self.spec.loose_rate
        self.queued: dict[str, list[Card]] = {}
        if len(self.players) >= 2 and self.rng.random() < self.spec.rig_rate:
            self.rig()
        self.street: Street = self.rules.streets[0]
        self.street_index = 0
        self.community: list[Card] = []
        self.busted: list[PlayerInHand] = []
        # the betting round
        self.current = 0
        self.last_raise = 0
        self.bets = 0
        self.big_unit = False
        self.blocked = False  # after a short all-in raise, no one raises again this round
        self.to_act: set[PlayerInHand] = set()
        self.live_count = len(self.players)
        self.acting_count = len(self.players)  # neither folded nor all-in
        self.pot = 0
        self.aggressor: PlayerInHand | None = None
        # draw games
        self.discards: list[Card] = []
        self.blinds: tuple[PlayerInHand, PlayerInHand] | None = None
        self.bring_in_player: PlayerInHand | None = None

    # ------------------------------------------------------------------ helpers
    def take(self, count: int, player: PlayerInHand | None = None) -> tuple[Card, ...]:
        """The next `count` cards off the top of the deck (a rigged player's first)."""
        if not count:
            return ()
        queued = self.queued.get(player.name) if player is not None else None
        if queued:
            mine = queued[:count]
            del queued[:count]
            return (*mine, *self.take(count - len(mine)))
        deck = self.deck
        cards = tuple(deck[-count:])
        del deck[-count:]
        return cards

    def rig(self) -> None:
        """Stack the deck for the cases chance makes rare: two players are dealt the same
        ranks (a tie to split; in hi/lo, a low to quarter) and nobody folds."""
        rng = self.rng
        first, second = rng.sample(self.players, 2)
        ranks = rigged_ranks(self.spec.game, rng)
        if self.spec.game is Game.BADUGI:
            suits = rng.sample(SUITS, 4)
            pairs = [(s, suits[(i + 1) % 4]) for i, s in enumerate(suits)]
        else:
            pairs = [(first, second) for first, second in (rng.sample(SUITS, 2) for _ in ranks)]
            for side in (0, 1):  # no flush: a flush would break the tie
                if len({pair[side] for pair in pairs}) == 1:
                    other = next(s for s in SUITS if s not in pairs[0])
                    pairs[0] = (other, pairs[0][1]) if side == 0 else (pairs[0][0], other)
        hands = ([r + a for r, (a, _) in zip(ranks, pairs, strict=True)],
                 [r + b for r, (_, b) in zip(ranks, pairs, strict=True)])  # fmt: skip
        for player, cards in zip((first, second), hands, strict=True):
            rng.shuffle(cards)
            self.queued[player.name] = cards
            for card in cards:
                self.deck.remove(card)
        self.loose = True
        self.features.add("rigged")

    def live(self) -> list[PlayerInHand]:
        return [p for p in self.players if not p.folded]

    def pay(self, player: PlayerInHand, chips: int) -> bool:
        """Move chips from stack to pot; whether the player is now all-in."""
        player.stack -= chips
        player.put_in += chips
        player.street_bet += chips
        self.pot += chips
        if player.stack == 0 and not player.all_in:
            player.all_in = True
            self.acting_count -= 1
            self.features.add("all_in")
        return player.all_in

    def next_after(self, seat: int, pool: Sequence[PlayerInHand]) -> PlayerInHand | None:
        """The first of `pool` clockwise after `seat` (pool in seat order)."""
        for player in pool:
            if player.seat > seat:
                return player
        return pool[0] if pool else None

    def following(self, player: PlayerInHand) -> PlayerInHand | None:
        """The next player clockwise who still owes an action this round."""
        players = self.players
        count = len(players)
        start = players.index(player)
        to_act = self.to_act
        for step in range(1, count + 1):
            other = players[(start + step) % count]
            if other in to_act and not other.folded and not other.all_in:
                return other
        return None
