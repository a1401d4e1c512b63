"""The betting: forced bets, whose turn it is, what each player may bet or raise within
the limit, the cap and the stack, and the uncalled bet returned."""

from __future__ import annotations

from parsers.model.events import (
    Action,
    ActionKind,
    LimitKind,
    Note,
    Post,
    PostKind,
    StreetStart,
    UncalledReturn,
)
from pipeline.simulation.hand_state import HandState, PlayerInHand
from pipeline.simulation.strategy import (
    CALL,
    CHECK,
    FOLD,
    bet_size,
    bets_big_on_open_pair,
    choose,
)

CAP_BETS = 4  # PokerStars caps a fixed-limit round at four bets, heads-up too


class Betting(HandState):
    """The betting rounds of a hand: the same for stud and draw, whose streets differ only
    in what is dealt and who speaks first (`hand_play`)."""

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

    def post(self, player: PlayerInHand, kind: PostKind, chips: int) -> None:
        if kind is not PostKind.ANTE:
            self.pay(player, chips)
        else:
            player.stack -= chips
            player.put_in += chips
            self.pot += chips
        self.events.append(Post(player.name, kind, self.q(chips)))

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
