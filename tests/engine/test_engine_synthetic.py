"""Rules no real history shows (no site spreads them online, or no file here has the
case), on hands built by hand: five card stud's bring-in, the casino five-up stud's raise
ceilings, 2-7 razz's bring-in by an ace."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.conventions import CARD_ROOM_RULES
from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Post,
    PostKind,
    PotTotals,
    Seat,
    Stakes,
    Street,
    StreetStart,
    UncalledReturn,
)
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay

D = Decimal


def _hand(game: Game, limit: LimitKind, stakes: Stakes, events: list[object]) -> Hand:
    header = HandHeader(
        site="simulated",
        hand_number="1",
        game=game,
        limit=limit,
        stakes=stakes,
        money=MoneyKind.TOURNAMENT,
        currency=None,
        started_at_utc=datetime(2026, 11, 21, tzinfo=UTC),
        site_time="",
    )
    seats = (Seat(1, "a", D(1000)), Seat(2, "b", D(1000)), Seat(3, "c", D(1000)))
    return Hand(header, seats, tuple(events))  # type: ignore[arg-type]


def _five_up(raise_to: Decimal) -> Hand:
    """a shows the king and speaks first; b raises; everyone else folds."""
    return _hand(
        Game.FIVE_UP_STUD,
        LimitKind.NO,
        Stakes(small_bet=D(10)),
        [
            StreetStart(Street.SECOND),
            Deal("a", Street.SECOND, down=("2c",), up=("Kd",)),
            Deal("b", Street.SECOND, down=("3c",), up=("Qd",)),
            Deal("c", Street.SECOND, down=("4c",), up=("5d",)),
            Action("a", ActionKind.BET, D(10)),
            Action("b", ActionKind.RAISE, raise_to - D(10), raise_to),
            Action("c", ActionKind.FOLD),
            Action("a", ActionKind.FOLD),
            UncalledReturn("b", raise_to - D(10)),
            Collect("b", D(20)),
            PotTotals(D(20), D(0)),
        ],
    )


def test_five_up_raise_within_the_first_round_ceiling_is_legal() -> None:
    result = replay(_five_up(D(110)), CARD_ROOM_RULES)  # a raise of 100 = 10 x the minimum bet
    assert result.findings == ()
    assert result.player("b").net == D(10)


def test_five_up_raise_over_the_ceiling_is_refused() -> None:
    codes = [f.code for f in replay(_five_up(D(111)), CARD_ROOM_RULES).errors]
    assert codes == [Code.RAISE_SIZE]


def test_five_up_highest_card_speaks_first() -> None:
    hand = _five_up(D(110))
    events = list(hand.events)
    events[4], events[5] = (
        Action("b", ActionKind.BET, D(10)),
        Action("a", ActionKind.RAISE, D(100), D(110)),
    )
    events[6:] = [
        Action("c", ActionKind.FOLD),
        Action("b", ActionKind.FOLD),
        UncalledReturn("a", D(100)),
        Collect("a", D(20)),
        PotTotals(D(20), D(0)),
    ]
    swapped = Hand(hand.header, hand.seats, tuple(events))
    assert Code.FIRST_ACTOR in {f.code for f in replay(swapped, CARD_ROOM_RULES).errors}


def _five_stud(bring_in_player: str) -> Hand:
    stakes = Stakes(small_bet=D(20), big_bet=D(40), ante=D(2), bring_in=D(5))
    posts = [Post(p, PostKind.ANTE, D(2)) for p in "abc"]
    return _hand(
        Game.FIVE_STUD,
        LimitKind.FIXED,
        stakes,
        [
            *posts,
            StreetStart(Street.SECOND),
            Deal("a", Street.SECOND, down=("As",), up=("9h",)),
            Deal("b", Street.SECOND, down=("Ks",), up=("2d",)),  # lowest: brings in
            Deal("c", Street.SECOND, down=("Qs",), up=("2h",)),
            Action(bring_in_player, ActionKind.BRING_IN, D(5)),
            *[Action(p, ActionKind.FOLD) for p in "cab" if p != bring_in_player][:2],
            Collect(bring_in_player, D(11)),
            PotTotals(D(11), D(0)),
        ],
    )


def test_five_stud_lowest_card_brings_in_with_clubs_lowest() -> None:
    assert replay(_five_stud("b"), CARD_ROOM_RULES).errors == ()
    assert Code.BRING_IN_PLAYER in {f.code for f in replay(_five_stud("c"), CARD_ROOM_RULES).errors}


def _razz_27(bring_in_player: str) -> Hand:
    stakes = Stakes(small_bet=D(20), big_bet=D(40), ante=D(2), bring_in=D(5))
    posts = [Post(p, PostKind.ANTE, D(2)) for p in "abc"]
    return _hand(
        Game.RAZZ_27,
        LimitKind.FIXED,
        stakes,
        [
            *posts,
            StreetStart(Street.THIRD),
            Deal("a", Street.THIRD, down=("2s", "3s"), up=("Ah",)),  # the ace is high: brings in
            Deal("b", Street.THIRD, down=("4s", "5s"), up=("Ks",)),
            Deal("c", Street.THIRD, down=("6s", "7d"), up=("2c",)),
            Action(bring_in_player, ActionKind.BRING_IN, D(5)),
            *[Action(p, ActionKind.FOLD) for p in "bca" if p != bring_in_player][:2],
            Collect(bring_in_player, D(11)),
            PotTotals(D(11), D(0)),
        ],
    )


def test_27_razz_highest_card_brings_in_the_ace_high() -> None:
    """In razz the king would bring in (the ace is low); in 2-7 razz the ace does."""
    assert replay(_razz_27("a"), CARD_ROOM_RULES).errors == ()
    assert Code.BRING_IN_PLAYER in {f.code for f in replay(_razz_27("b"), CARD_ROOM_RULES).errors}


def test_who_brings_in_is_unknown_when_only_the_heros_cards_are_printed() -> None:
    """PartyPoker prints the hero's cards alone: his up card being the only one seen does
    not make him the bring-in (hands 9581478205 and 11792805420)."""
    hand = _five_stud("c")  # c's 2h is not the lowest: with every card printed, an error
    assert Code.BRING_IN_PLAYER in {f.code for f in replay(hand, CARD_ROOM_RULES).errors}
    heros_only = [e for e in hand.events if not (isinstance(e, Deal) and e.player != "c")]
    assert replay(Hand(hand.header, hand.seats, tuple(heros_only)), CARD_ROOM_RULES).errors == ()
