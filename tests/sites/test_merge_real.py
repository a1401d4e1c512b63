"""Every real Merge text history (2011 draw and stud, 2014 HORSE): each hand parses, with
the file's one description line read into every hand, seats named, and what Merge says
its own way (cards as the hand so far, ALL_IN as what it adds) said in the events.

The Merge XML reader (`merge_xml`) reads the folder's .xml file; these are the .txt ones.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Draw,
    Game,
    LimitKind,
    MoneyKind,
    Post,
    PostKind,
    Show,
    Street,
    UncalledReturn,
)
from parsers.sites.merge import CONVENTIONS
from pipeline.engine.replay import replay
from tests.support import real_sites

FOLDER = "Merge"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Draw/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt": (15, 0),
    "cash/Draw/3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt": (1, 0),
    "cash/Draw/3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt": (1, 0),
    "cash/Draw/3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt": (1, 0),
    "cash/Draw/A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt": (1, 0),
    "cash/Draw/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt": (1, 0),
    "cash/Draw/Badugi-PL-USD-0.05-0.10-201101.Sample.txt": (1, 0),
    "cash/Stud/7-Stud-USD-0.50-1.00-201102.Sample.txt": (1, 0),
    "cash/Stud/7-StudHL-USD-0.25-0.50-201111.txt": (1, 0),
    # The same lines in an .xml file: read alike.
    "cash/Stud/7-StudHL-USD-0.25-0.50-201307.no.null.xml": (1, 0),
    "cash/Stud/Razz-USD-0.50-1.00-201111.allIn.txt": (1, 0),
    "extra/jejellyroll-fr+fpdb-3/regression-test-files__cash__Merge__Mixed__HORSE-8max-USD-0.25-0.50-201409.new.format.txt": (  # noqa: E501
        3,
        0,
    ),
}

HPL = "cash/Draw/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt"

HEADER = re.compile(r'^[ \t]*<game id="')
HAND_NUMBER = re.compile(r'<game id="(\d+-\d+)"')
FLOP_GAME = re.compile(r'gametype="(?:1|2|4|9|23|25|34|35|37)"')
MULTI = "cash/Draw/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"
HORSE = (
    "extra/jejellyroll-fr+fpdb-3/"
    "regression-test-files__cash__Merge__Mixed__HORSE-8max-USD-0.25-0.50-201409.new.format.txt"
)


(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(FOLDER, EXPECTED, HEADER, HAND_NUMBER, FLOP_GAME, totals_printed=False)


def _hand(real_histories, name: str, number: str):
    return next(
        h for h in real_sites.hands(real_histories / FOLDER / name) if h.hand_number == number
    )


def test_the_files_description_reaches_every_hand_of_it(real_histories) -> None:
    """'<description type="2-7 Lowball" stakes="Limit $1/$2"/>' is the file's first line
    only: the fifteenth hand has its game and stakes all the same."""
    hands = real_sites.hands(real_histories / FOLDER / MULTI)
    assert [h.hand_number for h in hands] == [f"33423082-{n}" for n in range(1, 16)]
    for hand in hands:
        header = hand.header
        assert (header.game, header.limit, header.money, header.currency) == (
            Game.TRIPLE_DRAW_27,
            LimitKind.FIXED,
            MoneyKind.REAL,
            "USD",
        )
        assert (header.stakes.small_bet, header.stakes.big_bet) == (Decimal(1), Decimal(2))
        assert header.table == "Minnehaha (33423082)"


def test_the_clock_is_five_hours_behind_utc_summer_and_winter(real_histories) -> None:
    """ "20110419085211" in April: 13:52:11 UTC, as the hand's first event stamps it
    (1303221132531 ms: 13:52:12.5), not the 12:52 that Eastern summer time would make."""
    hand = _hand(real_histories, MULTI, "33423082-1")
    assert hand.header.started_at_utc == datetime(2011, 4, 19, 13, 52, 11, tzinfo=UTC)
    assert hand.header.site_time == "2011/04/19 08:52:11 -0500"
    winter = real_sites.hands(
        real_histories / FOLDER / "cash/Draw/Badugi-PL-USD-0.05-0.10-201101.Sample.txt"
    )[0]
    assert winter.header.started_at_utc == datetime(2011, 1, 30, 3, 40, 38, tzinfo=UTC)


def test_seats_are_named_from_their_numbers_and_the_button_is_the_dealer(
    real_histories,
) -> None:
    hand = _hand(real_histories, MULTI, "33423082-1")
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Villain", Decimal("30.00")),
        (3, "Hero", Decimal("50.00")),
    ]
    assert hand.header.button_seat == 3
    posts = [(e.player, e.kind, e.amount) for e in hand.events if isinstance(e, Post)]
    assert posts == [
        ("Hero", PostKind.SMALL_BLIND, Decimal("0.50")),
        ("Villain", PostKind.BIG_BLIND, Decimal("1.00")),
    ]


def test_a_draw_tells_the_cards_kept_drawn_and_thrown(real_histories) -> None:
    """ "Qh,Tc,4s,6h,7h", then DRAW text="2" and "9d,9c,4s,6h,7h"; the villain draws one,
    unseen. Both show at the end, and the villain's 8-7 wins 13.50."""
    hand = _hand(real_histories, MULTI, "33423082-14")
    draws = [e for e in hand.events if isinstance(e, Draw)]
    assert (draws[0].player, draws[0].street, draws[0].discard_count) == (
        "Hero",
        Street.DRAW_1,
        2,
    )
    assert (draws[0].discarded, draws[0].drawn, draws[0].kept) == (
        ("Qh", "Tc"),
        ("9d", "9c"),
        ("4s", "6h", "7h"),
    )
    assert (draws[1].player, draws[1].discard_count, draws[1].drawn) == ("Villain", 1, None)
    shows = {e.player: e.cards for e in hand.events if isinstance(e, Show)}
    assert shows == {
        "Hero": ("3c", "9c", "4s", "6h", "7h"),
        "Villain": ("2d", "6c", "4c", "8s", "7c"),
    }
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Villain", Decimal("13.50"), "main")
    ]


def test_all_in_names_what_it_adds(real_histories) -> None:
    """Pot limit: "RAISE 0.30 / RAISE 0.90 / RAISE 2.70 / ALL_IN 3.85 / CALL 2.05": the
    all-in puts 3.85 on the 0.90 in, a raise to 4.75 (Villain's whole $4.75)."""
    hand = _hand(
        real_histories,
        "cash/Draw/3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt",
        "31691047-4",
    )
    actions = [
        (e.player, e.kind, e.amount, e.raise_to, e.all_in)
        for e in hand.events
        if isinstance(e, Action)
    ]
    assert actions[:5] == [
        ("Hero", ActionKind.RAISE, None, Decimal("0.30"), False),
        ("Villain", ActionKind.RAISE, None, Decimal("0.90"), False),
        ("Hero", ActionKind.RAISE, None, Decimal("2.70"), False),
        ("Villain", ActionKind.RAISE, None, Decimal("4.75"), True),
        ("Hero", ActionKind.CALL, Decimal("2.05"), None, False),
    ]
    assert hand.header.stakes.big_blind == Decimal("0.10")


def test_stud_cards_are_dealt_as_they_are_new(real_histories) -> None:
    """Razz: "null,null,6c" then "null,null,6c,2c": Player1's up cards one a street; the
    hero's three, then one; and after the all-in shows, the seventh card face down."""
    hand = _hand(real_histories, "cash/Stud/Razz-USD-0.50-1.00-201111.allIn.txt", "43618199-14")
    deals = [(e.player, e.street, e.down, e.up) for e in hand.events if isinstance(e, Deal)]
    assert deals[:3] == [
        ("Player1", Street.THIRD, (), ("6c",)),
        ("Player2", Street.THIRD, (), ("5c",)),
        ("Hero", Street.THIRD, ("As", "7h"), ("Kc",)),
    ]
    assert ("Player1", Street.SEVENTH, ("9d",), ()) in deals
    all_in = next(e for e in hand.events if isinstance(e, Action) and e.all_in)
    assert (all_in.player, all_in.kind, all_in.raise_to) == (
        "Hero",
        ActionKind.RAISE,
        Decimal("0.91"),
    )


def test_horse_hands_take_their_game_from_the_multigametype(real_histories) -> None:
    """'<description type="HORSE" .../>', 'gametype="75" ... multigametype="43"': Stud
    Hi/Lo, the high and low halves both won by seat 7 (2.30 + 2.29)."""
    hand = _hand(real_histories, HORSE, "78854953-355")
    assert (hand.header.game, hand.header.mixed_game, hand.header.max_seats) == (
        Game.SEVEN_STUD_HILO,
        "HORSE",
        8,
    )
    assert hand.header.table == "Pony II"
    assert hand.seats[0].stack == Decimal("10.00")  # "10.00": no dollar sign in 2014
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Player3", Decimal("2.30"), "main"),
        Collect("Player3", Decimal("2.29"), "main"),
    ]


def test_a_winner_uncalled_is_a_bet_given_back(real_histories) -> None:
    """2014: '<winner amount="0.25" uncalled="true" potnumber="2" player="1" .../>'."""
    hand = _hand(real_histories, HORSE, "78854953-356")
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [
        UncalledReturn("Player0", Decimal("0.25"))
    ]
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Player0", Decimal("0.24"), "main")
    ]


def test_half_pot_limit_bets_at_most_half_the_pot(real_histories) -> None:
    """'stakes="Half Pot Limit ($0.50/$0.50)"': FPDB's "hp". Over three antes of 0.50,
    "BET 0.75" is half the 1.50 pot; over 3.00, "BET 1.50": each the most allowed."""
    [hand] = real_sites.hands(real_histories / FOLDER / HPL)
    assert hand.header.limit is LimitKind.HALF_POT
    bets = [e.amount for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.BET]
    assert bets == [Decimal("0.75"), Decimal("1.50")]
    assert replay(hand, CONVENTIONS).errors == ()
    too_much = tuple(
        replace(e, amount=Decimal("0.76"))
        if isinstance(e, Action) and e.amount == Decimal("0.75") and e.kind is ActionKind.BET
        else e
        for e in hand.events
    )
    errors = replay(replace(hand, events=too_much), CONVENTIONS).errors
    assert errors[0].message == "Player3 raises to 0.76; the half pot limit is 0.75"
