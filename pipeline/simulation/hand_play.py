"""One hand played by the rules: forced bets, deals, draws, turns, bet sizes, caps, the
showdown and the payout, recorded as the events a parser would emit.

The play of the streets is here; the state it plays on is `hand_state`'s, the betting
`betting`'s, the end of the hand `settlement`'s and the record `hand_record`'s."""

from __future__ import annotations

from parsers.model.events import (
    Action,
    ActionKind,
    Card,
    CommunityCards,
    Deal,
    Draw,
    Note,
    PostKind,
    Street,
)
from pipeline.engine.hand_ranks import HIGH_RANK, LOW_RANK
from pipeline.simulation.betting import Betting
from pipeline.simulation.books import SimulatedHand
from pipeline.simulation.hand_state import SUITS, PlayerInHand
from pipeline.simulation.settlement import Settlement
from pipeline.simulation.strategy import (
    completes_bring_in,
    draw_strength,
    plan_draw,
    stud_strength,
)


class HandPlay(Betting, Settlement):
    """Deal and play one hand, recording the events as the parser would emit them."""

    def run(self) -> SimulatedHand:
        if self.rules.stud:
            self.play_stud()
        else:
            self.play_draw()
        return self.finish()

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
