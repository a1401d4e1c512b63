"""Every real PartyPoker history (7 Card Stud 2011, Stud Hi-Lo 2010, a 2012 tournament):
each hand parses, with what PartyPoker leaves unsaid (a bet nobody called, returned and
counted in the winner's "wins") said in the events."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    MoneyKind,
    Muck,
    Note,
    Post,
    Show,
    Street,
    Tournament,
    UncalledReturn,
)
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from tests.support import real_sites

FOLDER = "PartyPoker"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Stud/7-Stud-USD-1-2-201104.txt": (1, 0),
    "cash/Stud/7-StudHL-USD-0.50-1.00-201008.txt": (1, 0),
    "tour/Stud/7-Stud-USD-MTT-6.00-201205.txt": (1, 0),
}

HEADER = re.compile(r"^\*{5} Hand History [fF]or Game ")
HAND_NUMBER = re.compile(r"^\*{5} Hand History [fF]or Game (\w+)", re.MULTILINE)
FLOP_GAME = re.compile(r"Hold'?em|Omaha|Short Deck")
STUD = "cash/Stud/7-Stud-USD-1-2-201104.txt"
HILO = "cash/Stud/7-StudHL-USD-0.50-1.00-201008.txt"
TOURNAMENT = "tour/Stud/7-Stud-USD-MTT-6.00-201205.txt"

(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(FOLDER, EXPECTED, HEADER, HAND_NUMBER, FLOP_GAME, totals_printed=False)


def _hand(real_histories, name: str):
    [hand] = real_sites.hands(real_histories / FOLDER / name)
    return hand


def test_the_heading_gives_stakes_table_and_the_utc_clock(real_histories) -> None:
    """ "$0.50/$1 USD 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011" / "Table Table
    136419 (Real Money)" / "Seat 0 is the button" / "Total number of players : 7/8"."""
    hand = _hand(real_histories, STUD)
    header = hand.header
    assert (header.site, header.hand_number, header.game, header.money, header.currency) == (
        "partypoker",
        "10399817763",
        Game.SEVEN_STUD,
        MoneyKind.REAL,
        "USD",
    )
    stakes = header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (
        Decimal("0.05"),
        Decimal("0.25"),
        Decimal("0.50"),
        Decimal("1"),
    )
    assert header.started_at_utc == datetime(2011, 4, 25, 18, 20, 12, tzinfo=UTC)
    assert header.site_time == "2011/04/25 14:20:12 EDT"
    assert (header.table, header.max_seats, header.button_seat) == ("Table 136419", 8, None)
    assert (hand.seats[0].seat, hand.seats[0].player, hand.seats[0].stack) == (
        7,
        "Player7",
        Decimal("31.15"),
    )


def test_a_summer_time_in_helsinki_is_read_as_such(real_histories) -> None:
    """ "Monday, August 30, 20:20:17 EEST 2010": UTC+3."""
    header = _hand(real_histories, HILO).header
    assert header.game is Game.SEVEN_STUD_HILO
    assert header.started_at_utc == datetime(2010, 8, 30, 17, 20, 17, tzinfo=UTC)


def test_raises_name_what_they_add(real_histories) -> None:
    """Sixth street: "Player8 bets [$1 USD] / Player4 raises [$2 USD] / Player8 raises [$2
    USD] / Player4 calls [$1 USD]": raises to 2, then to 3."""
    hand = _hand(real_histories, STUD)
    sixth = [
        e
        for e in hand.events
        if isinstance(e, Action) and e.line in range(45, 49)  # the sixth street's actions
    ]
    assert [(e.player, e.kind, e.amount, e.raise_to) for e in sixth] == [
        ("Player8", ActionKind.BET, Decimal("1"), None),
        ("Player4", ActionKind.RAISE, None, Decimal("2")),
        ("Player8", ActionKind.RAISE, None, Decimal("3")),
        ("Player4", ActionKind.CALL, Decimal("1"), None),
    ]


def test_the_uncalled_bet_comes_back_out_of_the_winners_wins(real_histories) -> None:
    """ "Player8 bets [$1 USD] / Player4 folds / Player8 does not show cards. / Player8 wins
    $13.20 USD": 12.80 was bet before the river, so the 13.20 holds his own 1 back; the pot
    he wins is 12.20, and 0.60 was raked."""
    hand = _hand(real_histories, STUD)
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [
        UncalledReturn("Player8", Decimal("1"))
    ]
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Player8", Decimal("12.20"), "main")
    ]
    result = replay(hand, conventions_of(hand.site))
    assert (result.total_pot, result.rake) == (Decimal("12.80"), Decimal("0.60"))
    nets = {p.name: p.net for p in result.players}
    assert (nets["Player8"], nets["Player4"]) == (Decimal("6.15"), Decimal("-6.05"))


def test_the_heros_cards_come_street_by_street(real_histories) -> None:
    """ "Dealt to Hero [  3h 8c 7c ]" (two down, one up), "Dealt to Hero [  2c ]"; nobody
    else's cards are printed until the showdown."""
    hand = _hand(real_histories, STUD)
    deals = [(e.player, e.street, e.down, e.up) for e in hand.events if isinstance(e, Deal)]
    assert deals == [
        ("Hero", Street.THIRD, ("3h", "8c"), ("7c",)),
        ("Hero", Street.FOURTH, (), ("2c",)),
    ]


def test_a_hi_lo_showdown_with_no_low(real_histories) -> None:
    """ "PPPPPositive shows [ Ad, Qd, Ah, 2d, 7d, Th, 6d ]a flush, Ace high." / "strandalleen
    doesn't show [ 5h, ... ]a pair of Nines." / "... wins $8.45 USD from the main pot with
    a flush, Ace high." / "There was no qualifying low hand"."""
    hand = _hand(real_histories, HILO)
    [show] = [e for e in hand.events if isinstance(e, Show)]
    assert show.player == "PPPPPositive" and show.cards[:3] == ("Ad", "Qd", "Ah")
    assert show.description == "a flush, Ace high."
    [muck] = [e for e in hand.events if isinstance(e, Muck)]
    assert muck.player == "strandalleen" and len(muck.cards) == 7
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("PPPPPositive", Decimal("8.45"), "main")
    ]
    remarks = [e.text for e in hand.events if isinstance(e, Note) and e.kind == "remark"]
    assert remarks == ["There was no qualifying low hand"]
    result = replay(hand, conventions_of(hand.site))
    assert (result.total_pot, result.rake) == (Decimal("8.85"), Decimal("0.40"))


def test_the_tournament_heading_has_no_starts_line(real_histories) -> None:
    """ "#Game No : 11792805420" first, then "FL 7 Card Stud $6 USD Buy-in Trny:69784932
    Level:2  Stakes-Antes(60/120-10) - Wednesday, May 30, 14:41:43 EDT 2012"."""
    hand = _hand(real_histories, TOURNAMENT)
    header = hand.header
    assert (header.hand_number, header.money, header.currency) == (
        "11792805420",
        MoneyKind.TOURNAMENT,
        None,
    )
    assert header.tournament == Tournament("69784932", Decimal("6"), None, None, "USD", "2")
    stakes = header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (
        Decimal("10"),
        Decimal("20"),
        Decimal("60"),
        Decimal("120"),
    )
    assert header.table == "Regular (2629813) Table #2"
    assert header.started_at_utc == datetime(2012, 5, 30, 18, 41, 43, tzinfo=UTC)


def test_a_double_bet_is_the_big_bet_of_an_open_pair(real_histories) -> None:
    """ "Player4 double bets [120]" on fourth street at 60/120, raised twice by 120 each:
    "Player6 raises [240] / Player4 raises [240]" make 240 and 360."""
    hand = _hand(real_histories, TOURNAMENT)
    fourth = [e for e in hand.events if isinstance(e, Action) and e.line in range(38, 46)]
    assert [(e.player, e.kind, e.amount, e.raise_to) for e in fourth if e.kind != "fold"] == [
        ("Player4", ActionKind.BET, Decimal("120"), None),
        ("Player5", ActionKind.CALL, Decimal("120"), None),
        ("Player1", ActionKind.CALL, Decimal("120"), None),
        ("Player6", ActionKind.RAISE, None, Decimal("240")),
        ("Player4", ActionKind.RAISE, None, Decimal("360")),
        ("Player6", ActionKind.CALL, Decimal("120"), None),
    ]
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Player6", Decimal("2560"), "main")
    ]
    result = replay(hand, conventions_of(hand.site))
    assert (result.total_pot, result.rake) == (Decimal("2560"), Decimal("0"))


# FPDB's PartyPoker converter compiles its per-hand action pattern with "(EUR|DOL)" where
# the files write "USD": "Player4 raises [$2 USD]" does not match, and every cash action
# naming dollars is dropped (bring-ins, completions, bets, calls, raises); only folds,
# checks and the antes (read by a pattern of their own) are booked. Tournament chips have
# no code, and FPDB reads the tournament hand right. (hand, what FPDB books as bet, what
# the hand's players put in, the bet returned included)
FPDB_DROPPED_BETS = {
    STUD: ("10399817763", Decimal("0.30"), Decimal("13.80")),
    HILO: ("9581478205", Decimal("0.35"), Decimal("8.85")),
}


def test_fpdb_books_the_cash_hands_with_their_antes_alone(real_histories) -> None:
    for name, (number, fpdb_bet, bet) in FPDB_DROPPED_BETS.items():
        hand = _hand(real_histories, name)
        assert hand.hand_number == number
        antes = sum((e.amount for e in hand.events if isinstance(e, Post)), Decimal(0))
        returned = sum((e.amount for e in hand.events if isinstance(e, UncalledReturn)), Decimal(0))
        pot = replay(hand, conventions_of(hand.site)).total_pot
        assert (antes, pot + returned) == (fpdb_bet, bet), number
