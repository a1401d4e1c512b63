"""The replay's settlement: the pots the bets make, who wins each, and what the history pays.

At the end of the hand the contributions make the pots (`pots`), each judged at showdown
(`showdown`), run by run for a hand run twice. The collect lines, the totals and the
summaries are checked against them, a split pot to the odd chip; where a site prints only
each player's net (KingsClub), the hand is settled from the nets. The top layer of the
replay (`hand_state` says how they stack).
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from typing import Final

from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
from parsers.model.events import (
    UNKNOWN_CARD,
    ZERO,
    Card,
    Collect,
    Note,
    PotTotals,
    SeatSummary,
    ShowdownStart,
)
from parsers.model.games import Family, Ranking
from pipeline.engine.betting import Betting
from pipeline.engine.findings import Code
from pipeline.engine.hand_state import PlayerState
from pipeline.engine.pots import Pot, build_pots
from pipeline.engine.results import HandResult, PlayerResult, PotResult
from pipeline.engine.showdown import (
    Verdict,
    exact_parts,
    judge_pot,
    odd_chip_rules_seen,
    odd_chips_in,
    run_parts,
    split_shares,
    within_a_chip,
)

NET_LABEL: Final = "net"  # what a player collects that only the summary's net says
_NET: Final = re.compile(r"[+-]?\d+(\.\d+)?")


class Settlement(Betting):
    """The whole hand as replayed, with its pots and who collects them."""

    # ------------------------------------------------------------------ pots
    def on_collect(self, collect: Collect) -> None:
        player = self.player_of(collect)
        if player is not None:
            player.collected[collect.pot] = player.collected.get(collect.pot, ZERO) + collect.amount
            player.total_collected += collect.amount

    def on_showdown(self, _start: ShowdownStart) -> None:
        if self.street is not None:
            self.close_round(_start)
        self.showdown = True

    def on_totals(self, totals: PotTotals) -> None:
        self.totals = totals

    def on_summary(self, summary: SeatSummary) -> None:
        self.summaries.append(summary)

    def on_note(self, note: Note) -> None:
        """A seat's net, as the summary prints it ("+1,550", "-125"): the truth the
        collections are checked against (`settle_from_nets`)."""
        if note.kind == "net" and note.player is not None:
            text = note.text.replace(",", "")
            if _NET.fullmatch(text):
                self.nets[note.player] = Decimal(text)

    # ------------------------------------------------------------------ the end
    def finish(self) -> HandResult:
        if self.street is not None and not self.showdown:
            self.close_round(self.totals or ShowdownStart())
        contributions = {p.name: p.put_in for p in self.order}
        live = [p.name for p in self.order if not p.folded]
        total = sum(contributions.values(), ZERO)
        pots = build_pots(contributions, live)
        self.settle_from_nets(pots)
        collected_total = sum((p.total_collected for p in self.order), ZERO)
        rake = self.totals.rake if self.totals else total - collected_total
        self.check_totals(total, pots, collected_total, rake)
        pot_results = [self.judge(index, pot, len(pots), rake) for index, pot in enumerate(pots)]
        if self.settled_from_nets:
            self.check_net_winners(pots, pot_results)
        self.check_summaries()

        winners_high = {name for pot in pot_results for name in pot.high_winners}
        winners_low = {name for pot in pot_results for name in pot.low_winners}
        shares = _rake_shares(self.order, rake, self.chip)
        went = self.showdown or len(live) > 1
        players = tuple(
            PlayerResult(
                name=p.name,
                seat=p.seat,
                put_in=p.put_in,
                uncalled=p.uncalled,
                collected=p.total_collected,
                net=p.total_collected - p.put_in,
                rake_share=shares[p.name],
                put_in_by_street=tuple([item for item in p.by_street.items() if item[1]]),
                collected_by_pot=tuple(p.collected.items()),
                went_to_showdown=went and not p.folded,
                won_at_showdown=went and not p.folded and p.total_collected > 0,
                won_high=p.name in winners_high,
                won_low=p.name in winners_low,
                fold_street=p.fold_street,
                all_in_street=p.all_in_street,
            )
            for p in self.order
        )
        return HandResult(self.hand, total, rake, players, tuple(pot_results), tuple(self.findings))

    def settle_from_nets(self, pots: list[Pot]) -> None:
        """A summary that gives every player's net but leaves some pots' winners out
        (KingsClub: "Player4 wins (2,200) from side pot 1", the main pot's winner named by
        his net alone): each player collects his net plus what he put in. The collect
        lines stand as part of it; the pots then check the nets (`check_totals`,
        `check_net_winners`)."""
        if not self.nets or any(p.name not in self.nets for p in self.order):
            return
        from_nets = {p.name: p.put_in + self.nets[p.name] for p in self.order}
        if all(from_nets[p.name] == p.total_collected for p in self.order):
            return  # the collect lines say it all
        for p in self.order:
            if from_nets[p.name] < p.total_collected or from_nets[p.name] < 0:
                self.find(
                    Code.COLLECTED,
                    f"the summary's net for {p.name} is {self.nets[p.name]}: he collects "
                    f"{from_nets[p.name]}, but the pots won give him {p.total_collected}",
                    None,
                    p.name,
                )
                return
        for p in self.order:
            unwritten = from_nets[p.name] - p.total_collected
            if unwritten:
                p.collected[NET_LABEL] = p.collected.get(NET_LABEL, ZERO) + unwritten
                p.total_collected += unwritten
        self.settled_from_nets = True
        # The nested pots: those a player can win are the first ones, up to the last he is
        # eligible for. Whoever can win only the first k pots collects no more than them.
        last_pot = {name: index for index, pot in enumerate(pots) for name in pot.eligible}
        for k in range(len(pots) + 1):
            limited = [p for p in self.order if last_pot.get(p.name, -1) < k and p.total_collected]
            most = sum((pot.amount for pot in pots[:k]), ZERO)
            collected = sum((p.total_collected for p in limited), ZERO)
            if collected > most:
                names = ", ".join(p.name for p in limited)
                self.find(
                    Code.WINNER,
                    f"by the summary's nets {names} collect {collected}, more than the "
                    f"pots they can win ({most})",
                )
                return

    def check_net_winners(self, pots: list[Pot], results: list[PotResult]) -> None:
        """Settled from the nets: each pot's judged winners collect, and every player who
        collects wins a pot judged his or one the engine could not judge."""
        could_win: set[str] = set()
        for pot, result in zip(pots, results, strict=True):
            winners = (*result.high_winners, *result.low_winners)
            if not winners:
                could_win.update(pot.eligible)
                continue
            could_win.update(winners)
            for name in winners:
                if not self.players[name].total_collected:
                    self.find(
                        Code.WINNER,
                        f"pot {result.index} ({pot.amount}) should go to {name}; the "
                        f"summary's net gives {name} nothing",
                    )
        for p in self.order:
            if p.total_collected and p.name not in could_win:
                self.find(
                    Code.WINNER,
                    f"the summary's net gives {p.name} {p.total_collected}, but he wins no pot",
                    None,
                    p.name,
                )

    def check_totals(
        self, total: Decimal, pots: list[Pot], collected: Decimal, rake: Decimal
    ) -> None:
        totals = self.totals
        if totals is None:
            return
        if not self.conventions.total_pot_printed:
            # The "total" is what the summary hands out plus the rake: what is checked is
            # that they account for the bets.
            if collected + rake != total:
                self.find(
                    Code.COLLECTED,
                    f"players collect {collected} and the rake is {rake}, "
                    f"but the bets add up to {total}",
                    totals,
                )
            return
        if totals.total != total:
            self.find(
                Code.TOTAL_POT,
                f"the history's total pot is {totals.total}; the bets add up to {total}",
                totals,
            )
        if totals.main is not None:
            printed = [totals.main, *totals.sides]
            computed = [pot.amount for pot in pots]
            if self.conventions.pots_printed_net_of_rake:
                # Each printed pot is the real pot less its part of the rake.
                consistent = (
                    len(printed) == len(computed)
                    and sum(printed, ZERO) + totals.rake == sum(computed, ZERO)
                    and all(
                        ZERO <= c - p <= totals.rake for p, c in zip(printed, computed, strict=True)
                    )
                )
            else:
                consistent = printed == computed
            if not consistent:
                self.find(
                    Code.SIDE_POTS,
                    f"the history's pots are {_amounts(printed)}; the bets make "
                    f"{_amounts(computed)}",
                    totals,
                )
        if collected + rake != totals.total:
            self.find(
                Code.COLLECTED,
                f"players collect {collected} and the rake is {rake}, "
                f"but the total pot is {totals.total}",
                totals,
            )

    def judge(self, index: int, pot: Pot, pot_count: int, rake: Decimal) -> PotResult:
        collectors = self.collectors(index, pot_count)
        if len(pot.eligible) == 1:
            (winner,) = pot.eligible
            if collectors is not None and collectors - {winner}:
                self.find(
                    Code.WINNER,
                    f"pot {index} belongs to {winner} uncontested, but "
                    f"{', '.join(sorted(collectors))} collect it",
                )
            return PotResult(index, pot.amount, pot.eligible)
        verdicts: list[Verdict] = []  # one per run
        for run in range(1, self.runs + 1):
            hands = {name: self.final_cards(self.players[name], run) for name in pot.eligible}
            if any(cards is None for cards in hands.values()):
                return PotResult(index, pot.amount, pot.eligible)
            verdicts.append(
                judge_pot(self.variant, {n: c for n, c in hands.items() if c is not None})
            )
        expected = {name for verdict in verdicts for name in (*verdict.high, *verdict.low)}
        if collectors is not None and collectors != expected:
            self.find(
                Code.WINNER,
                f"pot {index} ({pot.amount}) should go to {', '.join(sorted(expected))}; "
                f"the history gives it to {', '.join(sorted(collectors)) or 'nobody'}",
            )
        elif collectors is not None and pot_count == 1:
            self.check_split(pot.amount - rake, verdicts)
        high = tuple(dict.fromkeys(name for verdict in verdicts for name in verdict.high))
        low = tuple(dict.fromkeys(name for verdict in verdicts for name in verdict.low))
        return PotResult(index, pot.amount, pot.eligible, high, low)

    def collectors(self, index: int, pot_count: int) -> set[str] | None:
        """Who collects pot `index`, by the history's pot labels (None: cannot tell)."""
        if self.settled_from_nets:
            return None  # the nets say what each collects, not from which pot
        labels = {0: {"pot", "main"}} if index == 0 else {index: {f"side-{index}"}}
        wanted = labels[index]
        if pot_count == 1:
            wanted = {"pot", "main", "side-1"} if index == 0 else wanted
        names = {p.name for p in self.order for label in p.collected if label in wanted}
        uses_labels = (
            any(label != "pot" for p in self.order for label in p.collected) or pot_count == 1
        )
        return names if uses_labels else None

    def check_split(self, amount: Decimal, verdicts: list[Verdict]) -> None:
        """Each run's part of the pot (the whole pot, run once) shared among its winners,
        odd chips by the site's rules; where a rule is unknown, any sharing within a chip
        of the exact one, with a warning naming the rule the history followed."""
        conventions = self.conventions
        runs = run_parts(amount, len(verdicts), self.chip)
        actual = {p.name: p.total_collected for p in self.order if p.total_collected}
        expected = self.shared_by(conventions, runs, verdicts)
        between_halves = among_ties = False
        for part, verdict in zip(runs, verdicts, strict=True):
            halves, ties = odd_chips_in(part, verdict.high, verdict.low, self.chip)
            between_halves = between_halves or halves
            among_ties = among_ties or ties
        exercised = (conventions.odd_chip_half is OddChipHalf.UNKNOWN and between_halves) or (
            conventions.odd_chip is OddChip.UNKNOWN and among_ties
        )
        accepted = expected == actual
        if not accepted and exercised:
            accepted = self.odd_chip_allowed(runs, verdicts, actual)
        if not accepted:
            count = f", run {len(verdicts)} times," if len(verdicts) > 1 else ""
            self.find(
                Code.SPLIT,
                f"the pot of {amount}{count} should be shared {_shares(expected)}; "
                f"the history shares it {_shares(actual)}",
            )
        elif exercised:
            seen = "a winner of a run"
            if len(verdicts) == 1:
                seen = odd_chip_rules_seen(
                    amount,
                    verdicts[0].high,
                    verdicts[0].low,
                    {p.name: p.seat for p in self.order},
                    self.hand.header.button_seat,
                    self.chip,
                    actual,
                    self.odd_chip_cards(),
                    self.rules.ranking is not Ranking.HIGH,
                    self.low_aces(),
                )
            self.find(
                Code.ODD_CHIP,
                f"the pot of {amount} is shared {_shares(actual)}: the odd chip goes to "
                f"{seen}; {self.hand.header.site or 'this site'}'s odd-chip rule is unknown",
            )

    def shared_by(
        self, rules: SiteConventions, runs: list[Decimal], verdicts: list[Verdict]
    ) -> dict[str, Decimal]:
        """Each winner's share of the runs' parts by `rules` (the shares of nothing left out)."""
        seats = {p.name: p.seat for p in self.order}
        cards = self.odd_chip_cards()
        high_ranks_low = self.rules.ranking is not Ranking.HIGH
        aces_low = self.low_aces()
        total: dict[str, Decimal] = {}
        for part, verdict in zip(runs, verdicts, strict=True):
            shares = split_shares(
                part,
                verdict.high,
                verdict.low,
                seats,
                self.hand.header.button_seat,
                self.chip,
                rules,
                cards,
                high_ranks_low,
                aces_low,
            )
            for name, share in shares.items():
                total[name] = total.get(name, ZERO) + share
        return {name: share for name, share in total.items() if share}

    def odd_chip_allowed(
        self, runs: list[Decimal], verdicts: list[Verdict], actual: dict[str, Decimal]
    ) -> bool:
        """A sharing the site's rules allow where one of them is unknown: within a chip of
        the exact sharing, and true to the rule that is known."""
        parts = [
            item
            for part, verdict in zip(runs, verdicts, strict=True)
            for item in exact_parts(part, verdict.high, verdict.low)
        ]
        if not within_a_chip(parts, actual, self.chip):
            return False
        conventions = self.conventions
        if conventions.odd_chip is not OddChip.UNKNOWN:  # the half unknown: either half
            return any(
                self.shared_by(replace(conventions, odd_chip_half=half), runs, verdicts) == actual
                for half in (OddChipHalf.HIGH, OddChipHalf.LOW)
            )
        if conventions.odd_chip_half is OddChipHalf.UNKNOWN or len(verdicts) > 1:
            return True
        verdict = verdicts[0]
        if not (verdict.high and verdict.low) or set(verdict.high) & set(verdict.low):
            return True  # one side only, or a player in both halves: no half to add up
        by_seat = replace(conventions, odd_chip=OddChip.FIRST_SEAT_LEFT_OF_BUTTON)
        expected = self.shared_by(by_seat, runs, verdicts)
        high_half = sum((expected.get(name, ZERO) for name in verdict.high), ZERO)
        return sum((actual.get(name, ZERO) for name in verdict.high), ZERO) == high_half

    def odd_chip_cards(self) -> dict[str, tuple[Card, ...]] | None:
        """Stud: every player's cards known, for an odd chip by the best card by suit."""
        if self.rules.family is not Family.STUD:
            return None
        return {p.name: tuple(p.known_cards()) for p in self.order if not p.folded}

    def low_aces(self) -> bool:
        """Whether the game's low hands count aces low (razz, eight or better; not 2-7)."""
        return Ranking.DEUCE_TO_SEVEN not in (self.rules.ranking, self.rules.split_ranking)

    def final_cards(self, player: PlayerState, run: int = 1) -> tuple[Card, ...] | None:
        """The player's hand at showdown in `run`: a later run's own cards if it has any,
        else the hand's (a pat hand, or a stud hand, is the same in every run)."""
        size = self.rules.hand_size
        later = player.run_cards.get(run) if run > 1 else None
        if later is not None:
            cards = later
        elif run > 1 and player.drew_per_run:
            return None  # his draw in that run is not in the history
        elif player.shown is not None and len(player.shown) == size:
            cards = player.shown
        elif self.rules.family is Family.STUD:
            cards = tuple(player.known_cards())
        else:
            cards = tuple(self.draw_hands.get(player.name, ()))
        if not min(size, 5) <= len(cards) <= size or UNKNOWN_CARD in cards:
            return None  # not a hand to judge (a finding has said why, if it is wrong)
        return cards

    def check_summaries(self) -> None:
        for summary in self.summaries:
            player = self.players.get(summary.player)
            if player is None or summary.won is None:
                continue
            collected = player.total_collected
            if summary.won != collected:
                self.find(
                    Code.SUMMARY,
                    f"the summary says {player.name} won {summary.won}; "
                    f"the collect lines give {collected}",
                    summary,
                    player.name,
                )


def _rake_shares(players: list[PlayerState], rake: Decimal, chip: Decimal) -> dict[str, Decimal]:
    """Rake charged to winners in proportion to what they collect; shares sum to the rake."""
    shares = {p.name: ZERO for p in players}
    if rake <= 0:
        return shares
    collected = {p.name: p.total_collected for p in players}
    total = sum(collected.values(), ZERO)
    if total <= 0:
        return shares
    for name, amount in collected.items():
        shares[name] = (rake * amount / total).quantize(chip)
    biggest = max(collected, key=lambda name: collected[name])
    shares[biggest] += rake - sum(shares.values(), ZERO)
    return shares


def _amounts(amounts: list[Decimal]) -> str:
    return " + ".join(str(a) for a in amounts)


def _shares(shares: dict[str, Decimal]) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in sorted(shares.items()) if amount)
