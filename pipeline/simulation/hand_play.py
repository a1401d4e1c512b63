"""One hand played by the rules: forced bets, deals, draws, turns, bet sizes, caps, the
showdown and the payout, recorded as the events a parser would emit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from parsers.model.events import (
    Action,
    ActionKind,
    Card,
    Collect,
    CommunityCards,
    Deal,
    Draw,
    Event,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    Muck,
    Note,
    Post,
    PostKind,
    Seat,
    Show,
    ShowdownStart,
    Stakes,
    Street,
    StreetStart,
    Tournament,
    TournamentFinish,
    UncalledReturn,
)
from pipeline.engine.hand_ranks import HIGH_RANK, LOW_RANK, RANKS
from pipeline.simulation.books import (
    Settled,
    SimulatedHand,
    SimulatedPot,
    best,
    build_pots,
    rake_by_pot,
    split,
)
from pipeline.simulation.strategy import (
    CALL,
    CHECK,
    FOLD,
    Style,
    bet_size,
    bets_big_on_open_pair,
    choose,
    completes_bring_in,
    draw_strength,
    plan_draw,
    rigged_ranks,
    shows_a_beaten_hand,
    stud_strength,
)
from pipeline.simulation.table_spec import level_name

if TYPE_CHECKING:  # the table makes the hand: it imports this module
    from pipeline.simulation.table import Table

SUITS = "cdhs"


DECK: tuple[Card, ...] = tuple(r + s for r in RANKS for s in SUITS)


CAP_BETS = 4  # PokerStars caps a fixed-limit round at four bets, heads-up too


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


class HandPlay:
    """Deal and play one hand, recording the events as the parser would emit them."""

    def __init__(self, table: Table, active: list[int], button: int | None) -> None:
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
            pairs = [tuple(rng.sample(SUITS, 2)) for _ in ranks]
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

    # ------------------------------------------------------------------ the hand
    def run(self) -> SimulatedHand:
        if self.rules.stud:
            self.play_stud()
        else:
            self.play_draw()
        return self.finish()

    def start_street(self, index: int) -> None:
        self.street_index = index
        self.street = self.rules.streets[index]
        self.events.append(StreetStart(self.street))
        if index > 0:  # the first round keeps its blinds
            for p in self.players:
                p.street_bet = 0
            self.current = 0
            self.bets = 0
            self.last_raise = 0
        self.big_unit = False
        self.blocked = False
        self.aggressor = None
        self.to_act = {p for p in self.players if p.can_act}

    def betting_needed(self) -> bool:
        if self.live_count < 2 or not self.acting_count:
            return False
        if self.acting_count >= 2:
            return True
        return next(p for p in self.players if p.can_act).street_bet < self.current

    # ------------------------------------------------------------------ stud
    def play_stud(self) -> None:
        for p in self.players:
            if self.stakes.ante:
                self.post(p, PostKind.ANTE, self.stakes.ante)
        for index, (down, up) in enumerate(self.rules.deal):
            self.start_street(index)
            self.deal_stud(down, up, last=index == len(self.rules.deal) - 1)
            if index == 0 and self.rules.bring_in:
                self.bring_in_round()
            elif self.betting_needed():
                self.betting_round(self.stud_first_actor())
            self.return_uncalled()
            if self.live_count < 2:
                return

    def deal_stud(self, down: int, up: int, last: bool) -> None:
        live = self.live()
        if last and len(self.deck) < len(live) * (down + up):
            card = self.deck.pop()
            self.community.append(card)
            self.events.append(CommunityCards((card,)))
            self.features.add("community")
            self.rate_stud()
            return
        for p in live:
            # the "[cards so far]" reprint, as a history that shows every card prints it
            before = tuple(p.cards)
            new_down = self.take(down, p)
            new_up = self.take(up, p)
            p.cards.extend(new_down)
            p.cards.extend(new_up)
            p.up.extend(new_up)
            self.events.append(Deal(p.name, self.street, new_down, new_up, before))
        if self.street == self.rules.open_pair and any(
            len(p.up) >= 2 and p.up[-1][0] == p.up[-2][0] for p in live
        ):
            self.events.append(Note("remark", "Pair on board - a double bet is allowed"))
        self.rate_stud()

    def rate_stud(self) -> None:
        for p in self.players:
            if p.can_act:
                cards = p.cards + self.community if self.community else p.cards
                p.strength = stud_strength(self.rules, cards)

    def bring_in_order(self, player: PlayerInHand) -> tuple[int, int]:
        card = player.up[0]
        ranks = LOW_RANK if self.rules.bring_in == "highest" else HIGH_RANK  # razz: aces low
        return ranks[card[0]], SUITS.index(card[1])

    def bring_in_round(self) -> None:
        if self.rules.bring_in in ("highest", "highest_ace_high"):
            chosen = max(self.players, key=self.bring_in_order)
        else:
            chosen = min(self.players, key=self.bring_in_order)
        self.bring_in_player = chosen
        stakes = self.stakes
        complete = completes_bring_in(self.rng, chosen.strength, chosen.style)
        if complete and chosen.stack > stakes.small_bet:
            self.bet_or_raise(chosen, stakes.small_bet)
        else:
            all_in = self.pay(chosen, stakes.bring_in)
            self.current = chosen.street_bet
            self.events.append(Action(chosen.name, ActionKind.BRING_IN, self.q(stakes.bring_in),
                                      all_in=all_in))  # fmt: skip
        self.to_act.discard(chosen)
        self.betting_round(self.following(chosen))

    def stud_first_actor(self) -> PlayerInHand | None:
        board = self.rules.board
        assert board is not None
        live = [p for p in self.live() if p.up]
        best = max(live, key=lambda p: (board(p.up), -p.seat))
        if best.can_act:
            return best
        return self.next_after(best.seat, [p for p in self.players if p.can_act])

    # ------------------------------------------------------------------ draw
    def play_draw(self) -> None:
        assert self.button is not None
        self.place_blinds()
        for p in self.players:
            if self.stakes.ante:
                self.post(p, PostKind.ANTE, self.stakes.ante)
        small, big = self.blinds  # type: ignore[misc]  # place_blinds set them
        self.post(small, PostKind.SMALL_BLIND, self.stakes.small_blind)
        self.post(big, PostKind.BIG_BLIND, self.stakes.big_blind)
        self.current = big.street_bet
        self.bets = 1
        self.last_raise = self.current
        self.start_street(0)
        size = self.rules.hand_size
        for p in self.players:
            p.cards = list(self.take(size, p))
            self.events.append(Deal(p.name, Street.PREDRAW, tuple(p.cards)))
        draws_left = len(self.rules.streets) - 1
        self.rate_draw(draws_left)
        self.betting_round(self.next_after(big.seat, [p for p in self.players if p.can_act]))
        self.return_uncalled()
        for index in range(1, len(self.rules.streets)):
            if self.live_count < 2:
                return
            self.start_street(index)
            self.draw_round(len(self.rules.streets) - 1 - index)
            if self.betting_needed():
                acting = [p for p in self.players if p.can_act]
                self.betting_round(self.next_after(self.button, acting))
            self.return_uncalled()

    def place_blinds(self) -> None:
        button = self.button
        assert button is not None
        seats = self.players
        if len(seats) == 2:
            small = next(p for p in seats if p.seat == button)
        else:
            small = self.next_after(button, seats)  # type: ignore[assignment]  # asserted next
        assert small is not None
        big = self.next_after(small.seat, seats)
        assert big is not None
        self.blinds = (small, big)

    def post(self, player: PlayerInHand, kind: PostKind, chips: int) -> None:
        if kind is not PostKind.ANTE:
            self.pay(player, chips)
        else:
            player.stack -= chips
            player.put_in += chips
            self.pot += chips
        self.events.append(Post(player.name, kind, self.q(chips)))

    def rate_draw(self, draws_left: int) -> None:
        """Plan each live player's next draw, and rate the hand by that plan."""
        game = self.spec.game
        for p in self.players:
            if not p.folded:
                p.plan = plan_draw(game, p.cards, draws_left, self.rng) if draws_left else ()
                p.strength = draw_strength(game, p.cards, p.plan, draws_left)

    def draw_round(self, draws_left: int) -> None:
        """Each live player draws, from the left of the button. A stub that runs out is
        rebuilt from the discards, which leaves out the cards of the players still to draw
        (theirs are not discarded yet); the discards always suffice, as every player served
        put back as many cards as they took."""
        assert self.button is not None
        live = self.live()
        start = self.next_after(self.button, live)
        assert start is not None
        index = live.index(start)
        order = live[index:] + live[:index]
        for p in order:
            # The site reprints the kept cards in the order they were held.
            kept = tuple(c for c in p.cards if c in p.plan)
            discarded = tuple(c for c in p.cards if c not in kept)
            drawn: list[Card] = []
            while len(drawn) < len(discarded):
                if not self.deck:
                    self.deck = self.discards
                    self.discards = []
                    self.rng.shuffle(self.deck)
                    self.events.append(Note("remark", "The deck is reshuffled"))
                    self.features.add("reshuffle")
                drawn.append(self.deck.pop())
            if discarded:
                self.discards.extend(discarded)
                p.cards = [*kept, *drawn]
                draw = Draw(p.name, self.street, len(discarded), discarded, tuple(drawn), kept)
            else:  # "stands pat on [cards]": the parser fills only `kept`
                draw = Draw(p.name, self.street, 0, kept=tuple(p.cards))
            self.events.append(draw)
        self.rate_draw(draws_left)

    # ------------------------------------------------------------------ betting
    def betting_round(self, actor: PlayerInHand | None) -> None:
        """Players act in turn until no one owes an action or one player is left."""
        while actor is not None and self.live_count > 1:
            self.act(actor)
            self.to_act.discard(actor)
            actor = self.following(actor)

    def act(self, player: PlayerInHand) -> None:
        due = self.current - player.street_bet
        choice = choose(
            self.rng,
            player.strength,
            player.style,
            due=due,
            pot=self.pot,
            raising=self.can_raise(player, due),
            loose=self.loose,
        )
        if choice == FOLD:
            player.folded = True
            self.live_count -= 1
            self.acting_count -= 1
            self.events.append(Action(player.name, ActionKind.FOLD))
        elif choice == CHECK:
            self.events.append(Action(player.name, ActionKind.CHECK))
        elif choice == CALL:
            chips = min(due, player.stack)
            all_in = self.pay(player, chips)
            self.events.append(Action(player.name, ActionKind.CALL, self.q(chips), all_in=all_in))
        else:
            self.bet_or_raise(player, self.raise_total(player))

    def can_raise(self, player: PlayerInHand, due: int) -> bool:
        if self.blocked or player.stack <= due:
            return False
        if self.spec.limit is LimitKind.FIXED and self.bets >= CAP_BETS:
            return False
        # A raise needs someone who could answer it: a player who can only call
        # all-in (or less) cannot, and sites then offer just call or fold.
        return any(
            other is not player and other.can_act and other.street_bet + other.stack > self.current
            for other in self.players
        )

    def raise_total(self, player: PlayerInHand) -> int:
        """The round total this bet or raise makes, within the limit and the stack."""
        most = player.street_bet + player.stack
        if self.spec.limit is LimitKind.FIXED:
            return min(most, self.fixed_total(player))
        minimum = self.current + max(self.last_raise, self.min_bet())
        if self.spec.limit is LimitKind.POT:
            ceiling = self.current + self.pot + (self.current - player.street_bet)
        else:
            ceiling = most
        if self.rules.ceilings:
            ceiling = min(ceiling, self.current + self.min_bet() * self.rules.ceilings[
                self.street_index])  # fmt: skip
        ceiling = min(ceiling, most)
        if ceiling <= minimum:
            return ceiling
        pot = self.pot + self.current - player.street_bet
        return bet_size(self.rng, self.current, minimum, ceiling, pot, most)

    def min_bet(self) -> int:
        return self.stakes.big_blind or self.stakes.small_bet

    def fixed_total(self, player: PlayerInHand) -> int:
        stakes = self.stakes
        if self.street_index == 0 and self.bets == 0 and self.current > 0:
            return stakes.small_bet  # completing the bring-in
        big = self.street in self.rules.big_streets or self.big_unit
        unit = stakes.big_bet if big else stakes.small_bet
        if (
            self.bets == 0
            and not big
            and self.street == self.rules.open_pair
            and any(len(p.up) >= 2 and p.up[-1][0] == p.up[-2][0] for p in self.live())
            and player.street_bet + player.stack >= self.current + stakes.big_bet
            and bets_big_on_open_pair(self.rng)
        ):
            # Only a player who covers the big bet makes it: the engine refuses an all-in
            # for less than the big bet but more than the small one (see the report).
            self.features.add("open_pair_big_bet")
            return self.current + stakes.big_bet
        return self.current + unit

    def bet_or_raise(self, player: PlayerInHand, total: int) -> None:
        added = total - player.street_bet
        before = self.current
        all_in = self.pay(player, added)
        if before == 0:
            self.events.append(Action(player.name, ActionKind.BET, self.q(added), all_in=all_in))
        else:
            self.events.append(
                Action(
                    player.name,
                    ActionKind.RAISE,
                    self.q(total - before),
                    self.q(total),
                    all_in=all_in,
                )
            )
        increment = total - before
        if self.spec.limit is LimitKind.FIXED:
            full = total >= self.fixed_full_total(before)
            if (
                self.bets == 0
                and self.street == self.rules.open_pair
                and increment == self.stakes.big_bet != self.stakes.small_bet
            ):
                self.big_unit = True  # the open pair's big bet holds for the round
        else:
            full = increment >= max(self.last_raise, self.min_bet())
        if not full:
            self.blocked = True
        self.last_raise = max(self.last_raise, increment)
        self.current = total
        self.bets += 1
        self.aggressor = player
        self.to_act = {p for p in self.players if p.can_act and p is not player}
        if self.spec.limit is LimitKind.FIXED and self.bets == CAP_BETS:
            self.events.append(Note("remark", "Betting is capped"))
            self.features.add("capped")

    def fixed_full_total(self, before: int) -> int:
        stakes = self.stakes
        if self.street_index == 0 and self.bets == 0 and before > 0 and self.rules.stud:
            return stakes.small_bet
        big = self.street in self.rules.big_streets or self.big_unit
        return before + (stakes.big_bet if big else stakes.small_bet)

    def return_uncalled(self) -> None:
        if not self.players:
            return
        top = max(self.players, key=lambda p: p.street_bet)
        second = max((p.street_bet for p in self.players if p is not top), default=0)
        excess = top.street_bet - second
        if excess > 0:
            top.street_bet -= excess
            top.put_in -= excess
            top.stack += excess
            self.pot -= excess
            if top.all_in:
                top.all_in = False
                self.acting_count += 1
            self.events.append(UncalledReturn(top.name, self.q(excess)))
            self.features.add("uncalled")

    # ------------------------------------------------------------------ the end
    def finish(self) -> SimulatedHand:
        live = self.live()
        total = self.pot
        first_round_only = self.street_index == 0 and len(live) == 1
        rake = self.rake(total, first_round_only)
        pots = build_pots([(p.name, p.put_in) for p in self.players], [p.name for p in live])
        if len(pots) > 1:
            self.features.add("side_pot")
            if len(pots[0][1]) >= 3:
                self.features.add("side_pot_multiway")  # three or more all in it
        pot_rakes = rake_by_pot([amount for amount, _ in pots], rake, self.rake_percent())
        settled = [
            self.settle(amount, eligible, pot_rake)
            for (amount, eligible), pot_rake in zip(pots, pot_rakes, strict=True)
        ]
        if len(live) > 1:
            self.showdown(settled)
        else:
            self.collect(settled, labels=["pot"])
        for p in self.players:
            p.stack += p.collected
        self.tournament_finishes()
        if len(live) == 1:
            self.events.append(Note("doesnt_show", "", live[0].name))
        elif self.rules.low is not None and any(
            len(pot.eligible) > 1 and not pot.low for pot in settled
        ):
            self.events.append(Note("remark", "No low hand qualified"))
        if self.sitting_out:
            self.features.add("sitting_out")
        return self.result(rake, settled)

    def rake_percent(self) -> Decimal:
        return self.spec.rake.percent if self.spec.rake else Decimal(0)

    def rake(self, total: int, first_round_only: bool) -> int:
        policy = self.spec.rake
        if policy is None or (policy.no_flop_no_drop and first_round_only):
            return 0
        chips = int(total * policy.percent)
        if policy.cap is not None:
            chips = min(chips, int(policy.cap / self.table.unit))
        return chips

    def settle(self, amount: int, eligible: tuple[str, ...], rake: int) -> Settled:
        net = amount - rake
        if len(eligible) == 1:
            return Settled(amount, rake, eligible, eligible, (), {eligible[0]: net})
        by_name = {p.name: p for p in self.players}
        hands = {name: self.final_cards(by_name[name]) for name in eligible}
        high = best(hands, self.rules.high)
        low = best(hands, self.rules.low) if self.rules.low else ()
        seats = {name: by_name[name].seat for name in eligible}
        shares = split(net, high, low, seats, self.button)
        if len(shares) > 1:
            self.features.add("split")
        if low:
            if set(high) != set(low) or len(high) > 1:
                self.features.add("split")
            if (len(low) > 1 or len(high) > 1) and set(high) != set(low):
                self.features.add("quartered")
        elif self.rules.low is not None:
            self.features.add("no_low")
        if len(high) > 1 or len(low) > 1:
            self.features.add("tie")
        return Settled(amount, rake, eligible, high, low, shares)

    def final_cards(self, player: PlayerInHand) -> tuple[Card, ...]:
        return tuple(player.cards + self.community)

    def showdown(self, settled: list[Settled]) -> None:
        self.features.add("showdown")
        self.events.append(ShowdownStart())
        winners = {name for pot in settled for name in pot.shares if pot.shares[name] > 0}
        live = self.live()
        first = self.aggressor  # the last round's last bettor shows first
        if first is None or first.folded:
            anchor = self.bring_in_player.seat if self.bring_in_player else (self.button or 0)
            first = self.next_after(anchor, live)
        assert first is not None
        index = live.index(first)
        order = live[index:] + live[:index]
        shown: set[str] = set()
        best_high: int | None = None
        for p in order:
            cards = self.final_cards(p)
            value = self.rules.high(cards)
            shows = (
                not shown
                or p.name in winners
                or p.all_in
                or (best_high is not None and value is not None and value >= best_high)
                or shows_a_beaten_hand(self.rng)
            )
            if shows:
                shown.add(p.name)
                self.events.append(Show(p.name, cards))  # the writer words the hand
                if value is not None and (best_high is None or value > best_high):
                    best_high = value
            else:
                self.events.append(Muck(p.name, cards))  # the summary reveals them
                self.features.add("muck")
        labels = (
            ["pot"]
            if len(settled) == 1
            else ["main"] + [f"side-{i}" for i in range(1, len(settled))]
        )
        self.collect(settled, labels)

    def collect(self, settled: list[Settled], labels: list[str]) -> None:
        by_name = {p.name: p for p in self.players}
        for index in reversed(range(len(settled))):
            pot = settled[index]
            for p in self.players:
                share = pot.shares.get(p.name, 0)
                if share > 0:
                    by_name[p.name].collected += share
                    self.events.append(Collect(p.name, self.q(share), labels[index]))

    def tournament_finishes(self) -> None:
        if self.spec.tournament is None:
            return
        busted = [p for p in self.players if p.stack == 0]
        place = self.table.remaining  # the shortest starting stack finishes last
        for p in sorted(busted, key=lambda p: p.start_stack):
            self.events.append(TournamentFinish(p.name, place))
            place -= 1
        self.busted = busted

    # ------------------------------------------------------------------ the record
    def header(self) -> HandHeader:
        spec = self.spec
        table = self.table
        tournament = None
        if spec.tournament is not None:
            t = spec.tournament
            tournament = Tournament(
                t.tournament_id, t.buy_in, t.fee, None, t.currency, level_name(table.level() + 1)
            )
        return HandHeader(
            site=spec.site,
            hand_number=str(table.hand_number),
            game=spec.game,
            limit=spec.limit,
            stakes=self.header_stakes(),
            money=spec.money,
            currency=None if spec.tournament is not None else spec.currency,
            started_at_utc=table.clock,
            site_time="",  # no site's clock: the writer prints the time as its site does
            table=spec.table,
            max_seats=spec.seats,
            button_seat=self.button,
            tournament=tournament,
        )

    def header_stakes(self) -> Stakes:
        """As the parser builds them: the header's two amounts, completed from the first
        forced bets posted (not all-in), and the bring-in if the first action is one."""
        q = self.q
        stakes = self.stakes
        posted: dict[PostKind, Decimal] = {}
        bring_in = None
        for event in self.events:
            if isinstance(event, Post) and not event.all_in:
                posted.setdefault(event.kind, event.amount)
            elif isinstance(event, Action):
                if event.kind is ActionKind.BRING_IN and not event.all_in and event.amount:
                    bring_in = event.amount
                break
        if self.spec.game is Game.FIVE_UP_STUD:
            return Stakes(small_bet=q(stakes.small_bet), ante=posted.get(PostKind.ANTE))
        if self.spec.limit is LimitKind.FIXED:
            return Stakes(
                small_bet=q(stakes.small_bet),
                big_bet=q(stakes.big_bet),
                ante=posted.get(PostKind.ANTE),
                bring_in=bring_in,
                small_blind=posted.get(PostKind.SMALL_BLIND),
                big_blind=posted.get(PostKind.BIG_BLIND),
            )
        return Stakes(
            ante=posted.get(PostKind.ANTE),
            bring_in=bring_in,
            small_blind=q(stakes.small_blind),
            big_blind=q(stakes.big_blind),
        )

    def seats(self) -> tuple[Seat, ...]:
        by_seat = {p.seat: p for p in self.players}
        seats = []
        for seat in sorted([*by_seat, *self.sitting_out]):
            player = by_seat.get(seat)
            if player is not None:
                seats.append(Seat(seat, player.name, self.q(player.start_stack)))
            else:
                occupant = self.table.seats[seat]
                assert occupant is not None
                seats.append(Seat(seat, occupant.name, self.q(occupant.stack), sitting_out=True))
        return tuple(seats)

    def result(self, rake: int, settled: list[Settled]) -> SimulatedHand:
        q = self.q
        hand = Hand(self.header(), self.seats(), tuple(self.events))
        nets = {p.name: q(p.collected - p.put_in) for p in self.players}
        pots = tuple(
            SimulatedPot(
                q(pot.amount),
                q(pot.rake),
                pot.eligible,
                pot.high,
                pot.low,
                tuple((name, q(share)) for name, share in pot.shares.items()),
            )
            for pot in settled
        )
        winners = frozenset(p.name for p in self.players if p.collected > 0)
        return SimulatedHand(hand, nets, q(rake), pots, winners, frozenset(self.features))
