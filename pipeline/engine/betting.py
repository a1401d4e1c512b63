"""The replay's betting: the chips each forced bet and action puts in, checked by the rules.

Antes and blinds, then each fold, check, call, bring-in, bet and raise, sized by the
game's limit (fixed, pot or no limit) and the site's house rules (the cap, a short all-in
raise, a raise over a completion), every chip booked to its street; an uncalled bet comes
back. A layer of the replay (`hand_state` says how they stack).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from parsers.model.conventions import ShortAllInRaise
from parsers.model.events import (
    UNKNOWN_CARD,
    ZERO,
    Action,
    ActionKind,
    Event,
    LimitKind,
    Post,
    PostKind,
    Street,
    UncalledReturn,
)
from pipeline.engine.findings import Code
from pipeline.engine.hand_state import PlayerState
from pipeline.engine.turn_order import TurnOrder

ANTE: Final = "ante"


class Betting(TurnOrder):
    """The hand's state, cards and turn order, with the chips put in."""

    # ------------------------------------------------------------------ forced bets
    def on_post(self, post: Post) -> None:
        player = self.player_of(post)
        if player is None:
            return
        if post.kind is PostKind.ANTE:
            self.pay(player, post.amount, post, ANTE, counts_to_round=False, all_in=post.all_in)
            return
        if post.kind is PostKind.DEAD_BLIND:
            # posted alone, dead money: in the pot, no bet of the round (FPDB's "secondsb")
            self.pay(player, post.amount, post, Street.PREDRAW.value, False, all_in=post.all_in)
            return
        live = post.amount
        dead = ZERO
        if post.kind is PostKind.SMALL_AND_BIG_BLINDS and self.hand.header.stakes.small_blind:
            dead = self.hand.header.stakes.small_blind
            live = post.amount - dead
        if dead:
            self.pay(player, dead, post, Street.PREDRAW.value, counts_to_round=False)
        self.pay(player, live, post, Street.PREDRAW.value, all_in=post.all_in)
        if post.kind in (PostKind.BIG_BLIND, PostKind.SMALL_AND_BIG_BLINDS):
            self.current_bet = max(self.current_bet, player.street_bet)
            self.bets_in_round = 1
            self.last_raise = self.current_bet
            self.full_bet = self.small_bet if post.all_in else self.current_bet
        else:
            self.current_bet = max(self.current_bet, player.street_bet)

    def pay(
        self,
        player: PlayerState,
        amount: Decimal,
        event: Event,
        bucket: str,
        counts_to_round: bool = True,
        all_in: bool = False,
    ) -> None:
        if amount > player.stack:
            self.find(
                Code.OVER_STACK,
                f"{player.name} puts in {amount} with only {player.stack} behind",
                event,
                player.name,
            )
        player.stack -= amount
        player.put_in += amount
        player.by_street[bucket] = player.by_street.get(bucket, ZERO) + amount
        if counts_to_round:
            player.street_bet += amount
        went_all_in = player.stack <= 0
        if went_all_in and not player.all_in:
            player.all_in = True
            player.all_in_street = self.street
        if all_in != went_all_in and type(event) in (Action, Post):
            said = "says all-in" if all_in else "does not say all-in"
            self.find(
                Code.ALL_IN_FLAG,
                f"{player.name} {said} but has {player.stack} behind",
                event,
                player.name,
            )

    # ------------------------------------------------------------------ actions
    def on_action(self, action: Action) -> None:
        player = self.player_of(action)
        if player is None:
            return
        if player.folded:
            self.find(
                Code.ACTED_AFTER_FOLD, f"{player.name} acts after folding", action, player.name
            )
            return
        if player.all_in and action.kind is ActionKind.FOLD:
            # PokerStars lets a sitting-out player who is all-in from a blind fold it away.
            self.find(Code.ALL_IN_FOLD, f"{player.name} folds while all-in", action, player.name)
            self.do_fold(player, action)
            return
        self.check_turn(player, action)
        handler = _ACTIONS[action.kind]
        handler(self, player, action)
        self.to_act.discard(player.name)
        self.next_actor = self.following(player)

    def unit(self) -> Decimal:
        street = self.street
        if street in self.rules.big_bet_streets or self.big_unit_made:
            return self.big_bet
        return self.small_bet

    def open_pair_showing(self) -> bool:
        """Whether a live board pairs on fourth street. Up cards the history does not
        print (Everleaf 2011 prints none) or prints unknown might pair: the big bet is
        then not held against the player."""
        if self.street != self.rules.open_pair_street:
            return False
        for player in self.order:
            if player.folded:
                continue
            last_two = player.up[-2:]
            if len(last_two) < 2 or UNKNOWN_CARD in last_two or last_two[0][0] == last_two[1][0]:
                return True
        return False

    def due(self, player: PlayerState) -> Decimal:
        return max(ZERO, self.current_bet - player.street_bet)

    def do_fold(self, player: PlayerState, action: Action) -> None:
        player.folded = True
        player.fold_street = self.street

    def do_check(self, player: PlayerState, action: Action) -> None:
        if self.due(player) > 0:
            self.find(
                Code.CHECK_FACING_BET,
                f"{player.name} checks facing a bet of {self.current_bet}",
                action,
                player.name,
            )

    def do_call(self, player: PlayerState, action: Action) -> None:
        amount = action.amount or ZERO
        expected = min(self.due(player), player.stack)
        if amount != expected:
            self.find(
                Code.CALL_AMOUNT,
                f"{player.name} calls {amount}; the call is {expected}",
                action,
                player.name,
            )
        self.pay(player, amount, action, self.bucket(), all_in=action.all_in)

    def do_bring_in(self, player: PlayerState, action: Action) -> None:
        amount = action.amount or ZERO
        if not self.needs_bring_in() or self.current_bet > 0:
            self.find(Code.BRING_IN_AMOUNT, f"a bring-in on {self.street}", action, player.name)
        elif amount <= 0 or (amount >= self.small_bet > 0 and not action.all_in):
            # (a small bet of 0: unknown, as in a tournament hand that prints no stakes
            # and bets nothing over its bring-in; a bring-in is then not judged by it)
            self.find(
                Code.BRING_IN_AMOUNT,
                f"bring-in of {amount} with a small bet of {self.small_bet}",
                action,
                player.name,
            )
        self.pay(player, amount, action, self.bucket(), all_in=action.all_in)
        self.current_bet = max(self.current_bet, player.street_bet)

    def do_bet(self, player: PlayerState, action: Action) -> None:
        amount = action.amount or ZERO
        facing_bring_in = self.bets_in_round == 0 and self.current_bet > 0
        if self.current_bet > 0 and not facing_bring_in:
            self.find(
                Code.BET_SIZE,
                f"{player.name} bets into a bet of {self.current_bet}",
                action,
                player.name,
            )
        self.raise_to(player, action, player.street_bet + amount)

    def do_raise(self, player: PlayerState, action: Action) -> None:
        total = action.raise_to if action.raise_to is not None else player.street_bet
        added = action.amount
        if added is not None and action.kind is ActionKind.RAISE:
            increment = total - self.current_bet
            if added != increment:
                self.find(
                    Code.RAISE_SIZE,
                    f"{player.name} raises {added} to {total}, but {total} is {increment} "
                    f"more than the bet of {self.current_bet}",
                    action,
                    player.name,
                )
        self.raise_to(player, action, total)

    def raise_to(self, player: PlayerState, action: Action, total: Decimal) -> None:
        """A bet, completion or raise that makes the player's round total `total`."""
        limit = self.hand.header.limit
        increment = total - self.current_bet
        # All-in is what the stack says, not only the history's word for it (Winamax
        # 2016 writes a raise for the whole stack without "and is all-in").
        short_all_in = action.all_in or total - player.street_bet >= player.stack
        if player.name in self.raise_closed and total > self.current_bet:
            self.find(
                Code.RAISE_NOT_REOPENED,
                f"{player.name} raises, but a short all-in raise does not reopen the betting "
                f"to a player who has acted: only a call or a fold",
                action,
                player.name,
            )
        unit = self.unit()
        minimum = max(self.last_raise, self.hand.header.stakes.big_blind or self.small_bet)
        opens_over_bring_in = self.bets_in_round == 0 and self.current_bet > 0
        if limit is not LimitKind.FIXED and opens_over_bring_in:
            # Pot and no limit: the bring-in is no bet; the first bet over it is at least
            # the small bet in all (a completion), and a raise of its whole size.
            increment = total
        if limit is LimitKind.FIXED:
            self.check_fixed_size(player, action, total, increment, short_all_in)
        elif limit is LimitKind.NO:
            if increment < minimum and not short_all_in:
                self.find(
                    Code.RAISE_SIZE,
                    f"{player.name} raises by {increment}; the minimum is {minimum}",
                    action,
                    player.name,
                )
        else:
            # After his call, a player may raise by the pot (half of it at half pot limit).
            room = sum((p.put_in for p in self.order), ZERO) + self.due(player)
            if limit is LimitKind.HALF_POT:
                room /= 2
            maximum = self.current_bet + room
            if opens_over_bring_in:  # completing is allowed, however small the pot
                maximum = max(maximum, self.small_bet)
            if total > maximum:
                self.find(
                    Code.RAISE_SIZE,
                    f"{player.name} raises to {total}; the {limit.value.replace('_', ' ')} is "
                    f"{maximum}",
                    action,
                    player.name,
                )
        if self.rules.raise_ceilings and self.street in self.rules.streets:
            ceiling = (
                self.small_bet * self.rules.raise_ceilings[self.rules.streets.index(self.street)]
            )
            if increment > ceiling:
                self.find(
                    Code.RAISE_SIZE,
                    f"{player.name} raises by {increment}; this round's ceiling is {ceiling}",
                    action,
                    player.name,
                )
        self.pay(player, total - player.street_bet, action, self.bucket(), all_in=action.all_in)
        if total > self.current_bet:
            if limit is LimitKind.FIXED:
                full = total >= self.raise_base() + unit or total in self.raise_over_completion()
                reopens = full or (
                    self.conventions.half_bet_reopens and 2 * (total - self.full_bet) >= unit
                )
                if full or self.conventions.short_all_in_raise is ShortAllInRaise.FROM_ALL_IN:
                    self.full_bet = total
            else:
                reopens = increment >= minimum
            acted = {p.name for p in self.order if p.can_act and p.name not in self.to_act}
            self.raise_closed = set() if reopens else (self.raise_closed | acted) - {player.name}
            self.last_raise = max(self.last_raise, increment)
            self.current_bet = total
            self.bets_in_round += 1
            self.to_act = {p.name for p in self.order if p.can_act and p is not player}

    def raise_over_completion(self) -> tuple[Decimal, ...]:
        """The total a site lets stud's first raise over a completion make besides the
        small bet's: the completion plus the bring-in (KingsClub's house rule)."""
        bring_in = self.hand.header.stakes.bring_in
        if (
            not self.conventions.raise_over_completion_adds_bring_in
            or bring_in is None
            or self.bets_in_round != 1
            or self.street is not self.rules.streets[0]
        ):
            return ()
        return (self.small_bet + bring_in,)

    def raise_base(self) -> Decimal:
        """Fixed limit: the level a raise adds one bet to (the site's rule after a short
        all-in raise: the last full bet, or the all-in itself)."""
        if self.conventions.short_all_in_raise is ShortAllInRaise.FROM_LAST_FULL_BET:
            return self.full_bet
        return self.current_bet

    def check_fixed_size(
        self, player: PlayerState, action: Action, total: Decimal, increment: Decimal, short: bool
    ) -> None:
        # Lists, not sets: a Decimal's hash costs 3,800 instructions, a comparison 100.
        unit = self.unit()
        allowed = [unit]
        if self.open_pair_showing():  # anyone may bet or raise the big bet (RULES.md)
            allowed.append(self.big_bet)
        if self.bets_in_round == 0 and self.current_bet > 0:
            # completing a bring-in: up to one small bet in all
            expected_totals = [self.small_bet]
        else:
            expected_totals = [self.raise_base() + size for size in allowed]
            expected_totals.extend(self.raise_over_completion())
        if total not in expected_totals and not (short and total < max(expected_totals)):
            self.find(
                Code.RAISE_SIZE if self.bets_in_round else Code.BET_SIZE,
                f"{player.name} makes it {total}; fixed limit allows "
                f"{' or '.join(str(t) for t in sorted(set(expected_totals)))}",
                action,
                player.name,
            )
        if total == self.current_bet + self.big_bet and unit != self.big_bet:
            self.big_unit_made = True
        live = [p for p in self.order if not p.folded]
        heads_up = len(live) <= 2 and self.conventions.uncapped_heads_up
        if self.bets_in_round >= self.conventions.cap_bets and not heads_up:
            self.find(
                Code.CAP_EXCEEDED,
                f"{player.name} raises a round already capped at {self.conventions.cap_bets} bets",
                action,
                player.name,
            )

    def bucket(self) -> str:
        """Where this street's chips are booked ("third", "predraw", ...)."""
        return self.street_name

    # ------------------------------------------------------------------ uncalled bets
    def on_uncalled(self, uncalled: UncalledReturn) -> None:
        player = self.player_of(uncalled)
        if player is None:
            return
        others = [p for p in self.order if p is not player]
        excess = player.street_bet - max((p.street_bet for p in others), default=ZERO)
        # An ante nobody else matched (an opponent all-in for less than the ante) comes
        # back too: "Hero: posts the ante 1 and is all-in / Player0: posts the ante 25 /
        # Player0: posts big blind 100 / Uncalled bet (124) returned to Player0". An ante
        # only one player posts (a big blind ante) is dead: nobody was to match it.
        antes = [p.by_street[ANTE] for p in others if ANTE in p.by_street]
        own_ante = player.by_street.get(ANTE, ZERO)
        unmatched_ante = max(ZERO, own_ante - max(antes)) if antes else ZERO
        if uncalled.amount != excess + unmatched_ante:
            self.find(
                Code.UNCALLED_AMOUNT,
                f"{uncalled.amount} returned to {player.name}; the uncalled part is "
                f"{excess + unmatched_ante}",
                uncalled,
                player.name,
            )
        from_round = min(uncalled.amount, player.street_bet)
        from_ante = min(uncalled.amount - from_round, unmatched_ante)
        player.street_bet -= from_round
        for bucket, amount in ((self.bucket(), from_round), (ANTE, from_ante)):
            player.put_in -= amount
            player.uncalled += amount
            player.stack += amount
            player.by_street[bucket] = player.by_street.get(bucket, ZERO) - amount
        if player.all_in and player.stack > 0:
            player.all_in = False
        self.current_bet = max((p.street_bet for p in self.order), default=ZERO)


_ACTIONS: Final = {
    ActionKind.FOLD: Betting.do_fold,
    ActionKind.CHECK: Betting.do_check,
    ActionKind.CALL: Betting.do_call,
    ActionKind.BET: Betting.do_bet,
    ActionKind.RAISE: Betting.do_raise,
    ActionKind.COMPLETE: Betting.do_raise,
    ActionKind.BRING_IN: Betting.do_bring_in,
}
