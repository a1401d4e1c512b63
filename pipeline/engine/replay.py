"""Replay a hand's events and judge them: legal order, amounts, pots, showdown.

The engine trusts nothing the history totals up: it recomputes every contribution, pot
and winner from the events and reports each disagreement as a `Finding`. It is pure and
deterministic: a `Hand` in, a `HandResult` out.

This is the engine's front door. The replay's state is built in layers, a module each
(`pipeline.engine.hand_state` says which); here they are put together, each event is
handed to the layer that takes it, and a fault of the engine becomes the hand's finding.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Final

from parsers.model.conventions import SiteConventions
from parsers.model.events import (
    MAX_WHOLE_DIGITS,
    ZERO,
    Action,
    Collect,
    Deal,
    Draw,
    Hand,
    Note,
    Post,
    PotTotals,
    SeatSummary,
    Show,
    ShowdownStart,
    StreetStart,
    UncalledReturn,
)
from pipeline.engine.findings import Code, Finding
from pipeline.engine.results import HandResult
from pipeline.engine.settlement import Settlement


class _Replay(Settlement):
    """The whole replay: the settlement and every layer under it."""


_HANDLERS: dict[type, Callable[[_Replay, Any], None]] = {
    Post: _Replay.on_post,
    StreetStart: _Replay.on_street,
    Deal: _Replay.on_deal,
    Draw: _Replay.on_draw,
    Action: _Replay.on_action,
    UncalledReturn: _Replay.on_uncalled,
    Collect: _Replay.on_collect,
    Show: _Replay.on_show,
    ShowdownStart: _Replay.on_showdown,
    PotTotals: _Replay.on_totals,
    SeatSummary: _Replay.on_summary,
    Note: _Replay.on_note,
}


def replay(hand: Hand, conventions: SiteConventions) -> HandResult:
    """Replay a hand and judge it by the house rules of its site.

    The caller names the rules (`parsers.sites.conventions_of(hand.site)`, or
    `CARD_ROOM_RULES` for a hand of no site): the judge knows games, not sites.

    A hand the engine cannot replay (an exception: a case it was never taught) is
    returned judged with an `ENGINE_FAULT` error, never raised: one strange hand must
    not stop an import of a million, and it is kept with its reason like any rejected.
    """
    handlers = _HANDLERS
    event: object = None  # the one being replayed, for the fault's line
    try:
        state = _Replay(hand, conventions)
        if state.findings:  # the seating itself is impossible: there is nothing to replay
            return HandResult(hand, ZERO, ZERO, (), (), tuple(state.findings))
        for event in hand.events:
            handler = handlers.get(type(event))
            if handler is not None:
                handler(state, event)
        return state.finish()
    except Exception as error:  # any fault of ours becomes the hand's
        line = getattr(event, "line", 0)
        beyond = _amount_beyond_counting(hand) if isinstance(error, ArithmeticError) else None
        fault = (
            Finding(Code.AMOUNT_RANGE, beyond, line)
            if beyond is not None
            else Finding(
                Code.ENGINE_FAULT,
                f"the engine could not replay this hand ({type(error).__name__}: {error}); "
                "please report it",
                line,
            )
        )
        return HandResult(hand, ZERO, ZERO, (), (), (fault,))


def _amount_beyond_counting(hand: Hand) -> str | None:
    """The amount that made the replay's arithmetic fail, if one is past what any table
    plays for (more whole digits than studdraw stores): the hand's fault, not ours."""
    stakes = hand.header.stakes
    amounts = [seat.stack for seat in hand.seats]
    amounts.extend(
        amount
        for amount in (
            stakes.small_bet,
            stakes.big_bet,
            stakes.ante,
            stakes.bring_in,
            stakes.small_blind,
            stakes.big_blind,
        )
        if amount is not None
    )
    for event in hand.events:
        amounts.extend(
            value
            for value in (getattr(event, name, None) for name in _AMOUNT_FIELDS)
            if isinstance(value, Decimal)
        )
    for amount in amounts:
        if not amount.is_finite() or amount.adjusted() >= MAX_WHOLE_DIGITS:
            return f"an amount of {str(amount)[:30]} is beyond exact counting"
    return None


_AMOUNT_FIELDS: Final = ("amount", "raise_to", "total", "rake")
