"""A played hand as the simulator returns it: the `Hand` a parser would read from its
history (header, seats, events) with the simulator's own books beside it (pots, rake,
shares, nets), for a round trip to compare with the engine's."""

from __future__ import annotations

from decimal import Decimal

from parsers.model.events import (
    Action,
    ActionKind,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    Post,
    PostKind,
    Seat,
    Stakes,
    Tournament,
)
from pipeline.simulation.books import Settled, SimulatedHand, SimulatedPot
from pipeline.simulation.hand_state import HandState
from pipeline.simulation.table_spec import level_name


def record(play: HandState, rake: int, settled: list[Settled]) -> SimulatedHand:
    """The hand and the books it was settled by."""
    q = play.q
    hand = Hand(header(play), seats(play), tuple(play.events))
    nets = {p.name: q(p.collected - p.put_in) for p in play.players}
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
    winners = frozenset(p.name for p in play.players if p.collected > 0)
    return SimulatedHand(hand, nets, q(rake), pots, winners, frozenset(play.features))


def header(play: HandState) -> HandHeader:
    spec = play.spec
    table = play.table
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
        stakes=header_stakes(play),
        money=spec.money,
        currency=None if spec.tournament is not None else spec.currency,
        started_at_utc=table.clock,
        site_time="",  # no site's clock: the writer prints the time as its site does
        table=spec.table,
        max_seats=spec.seats,
        button_seat=play.button,
        tournament=tournament,
    )


def header_stakes(play: HandState) -> Stakes:
    """As the parser builds them: the header's two amounts, completed from the first
    forced bets posted (not all-in), and the bring-in if the first action is one."""
    q = play.q
    stakes = play.stakes
    posted: dict[PostKind, Decimal] = {}
    bring_in = None
    for event in play.events:
        if isinstance(event, Post) and not event.all_in:
            posted.setdefault(event.kind, event.amount)
        elif isinstance(event, Action):
            if event.kind is ActionKind.BRING_IN and not event.all_in and event.amount:
                bring_in = event.amount
            break
    if play.spec.game is Game.FIVE_UP_STUD:
        return Stakes(small_bet=q(stakes.small_bet), ante=posted.get(PostKind.ANTE))
    if play.spec.limit is LimitKind.FIXED:
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


def seats(play: HandState) -> tuple[Seat, ...]:
    by_seat = {p.seat: p for p in play.players}
    listed = []
    for seat in sorted([*by_seat, *play.sitting_out]):
        player = by_seat.get(seat)
        if player is not None:
            listed.append(Seat(seat, player.name, play.q(player.start_stack)))
        else:
            occupant = play.table.seats[seat]
            assert occupant is not None
            listed.append(Seat(seat, occupant.name, play.q(occupant.stack), sitting_out=True))
    return tuple(listed)
