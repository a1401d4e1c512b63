"""The end of a hand: the pots and their rake, who wins each share, the order the
hands are shown in, the payout and the tournament finishes."""

from __future__ import annotations

from decimal import Decimal

from parsers.model.events import Card, Collect, Muck, Note, Show, ShowdownStart, TournamentFinish
from pipeline.simulation.books import (
    Settled,
    SimulatedHand,
    best,
    build_pots,
    rake_by_pot,
    split,
)
from pipeline.simulation.hand_record import record
from pipeline.simulation.hand_state import HandState, PlayerInHand
from pipeline.simulation.strategy import shows_a_beaten_hand


class Settlement(HandState):
    """Settling a hand once its betting is over, by the simulator's own books (`books`):
    what the engine's settlement of the written history is compared with."""

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
        return record(self, rake, settled)

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
