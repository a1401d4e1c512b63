"""Each PokerStars line kind and header form, read into the right event."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.lines.hand_assembly import DrawLine
from parsers.lines.line_parser import LineSyntaxError
from parsers.model.errors import ErrorKind
from parsers.model.events import (
    UNKNOWN_CARD,
    Action,
    ActionKind,
    Collect,
    CommunityCards,
    Deal,
    Draw,
    Game,
    LimitKind,
    MoneyKind,
    Muck,
    Note,
    Post,
    PostKind,
    PotTotals,
    Seat,
    SeatSummary,
    Show,
    Street,
    StreetStart,
    TournamentFinish,
    UncalledReturn,
)
from parsers.model.outcomes import SkippedHand
from parsers.sites.pokerstars import CommunityStreet, line_parser
from tests.support.one_hand import outcome_of, parse_error, parse_one

D = Decimal
NAMES = ["VISTA GIRL", "fnJ's", "drachensüss", "Bob [NL]", "a:b: c", "(x).y", "Hero"]


def line(text: str, names: list[str] = NAMES) -> object:
    event, _ = line_parser().parse(text, sorted(names, key=len, reverse=True), 7)
    return event


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("VISTA GIRL: posts the ante $0.02", Post("VISTA GIRL", PostKind.ANTE, D("0.02"))),
        ("fnJ's: posts small blind 10", Post("fnJ's", PostKind.SMALL_BLIND, D("10"))),
        ("Hero: posts big blind $0.10", Post("Hero", PostKind.BIG_BLIND, D("0.10"))),
        (
            "Hero: posts small & big blinds $0.15",
            Post("Hero", PostKind.SMALL_AND_BIG_BLINDS, D("0.15")),
        ),
        (
            "a:b: c: posts small blind $0.25 and is all-in",
            Post("a:b: c", PostKind.SMALL_BLIND, D("0.25"), all_in=True),
        ),
        ("Bob [NL]: folds", Action("Bob [NL]", ActionKind.FOLD)),
        ("(x).y: checks", Action("(x).y", ActionKind.CHECK)),
        ("Hero: calls $0.02", Action("Hero", ActionKind.CALL, D("0.02"))),
        (
            "drachensüss: calls $0.18 and is all-in",
            Action("drachensüss", ActionKind.CALL, D("0.18"), all_in=True),
        ),
        ("Hero: bets 1,500", Action("Hero", ActionKind.BET, D("1500"))),
        (
            "Hero: raises $0.06 to $0.10",
            Action("Hero", ActionKind.RAISE, D("0.06"), D("0.10")),
        ),
        (
            "Hero: raises 175 to 250 and is all-in",
            Action("Hero", ActionKind.RAISE, D("175"), D("250"), all_in=True),
        ),
        ("Hero: brings in for $0.02", Action("Hero", ActionKind.BRING_IN, D("0.02"))),
        ("Hero: completes it to $0.10", Action("Hero", ActionKind.COMPLETE, None, D("0.10"))),
        ("Uncalled bet ($0.08) returned to VISTA GIRL", UncalledReturn("VISTA GIRL", D("0.08"))),
        ("fnJ's collected $16.35 from pot", Collect("fnJ's", D("16.35"), "pot")),
        ("Hero collected 300 from main pot", Collect("Hero", D("300"), "main")),
        ("Hero collected $2.55 from side pot", Collect("Hero", D("2.55"), "side-1")),
        ("Hero collected 40 from side pot-2", Collect("Hero", D("40"), "side-2")),
        (
            "Bob [NL]: shows [9d 5c 3s 6h 2h 2c 4h] (Lo: 6,5,4,3,2)",
            Show("Bob [NL]", ("9d", "5c", "3s", "6h", "2h", "2c", "4h"), "Lo: 6,5,4,3,2"),
        ),
        (
            "Hero: shows [3s Jc Ah 6h Ks 7h 5c] (HI: high card Ace; LO: 7,6,5,3,A)",
            Show(
                "Hero",
                ("3s", "Jc", "Ah", "6h", "Ks", "7h", "5c"),
                "HI: high card Ace; LO: 7,6,5,3,A",
            ),
        ),
        ("Hero: shows [Ah Kd]", Show("Hero", ("Ah", "Kd"))),
        ("fnJ's: mucks hand", Muck("fnJ's")),
        ("Hero: doesn't show hand", Note("doesnt_show", "", "Hero")),
        ("*** 3rd STREET ***", StreetStart(Street.THIRD)),
        ("*** 6th STREET ***", StreetStart(Street.SIXTH)),
        ("*** RIVER ***", StreetStart(Street.SEVENTH)),
        # stud's deck ran out: the street line deals the community card
        ("*** RIVER *** [6h]", CommunityStreet(Street.SEVENTH, ("6h",))),
        ("*** DEALING HANDS ***", StreetStart(Street.PREDRAW)),
        ("*** SECOND DRAW ***", StreetStart(Street.DRAW_2)),
        ("Total pot $0.67 | Rake $0.03", PotTotals(D("0.67"), D("0.03"))),
        (
            "Total pot 300 Main pot 200. Side pot 100. | Rake 0",
            PotTotals(D("300"), D("0"), D("200"), (D("100"),)),
        ),
        (
            "Total pot $9 Main pot $3. Side pot-1 $4. Side pot-2 $2. | Rake $0",
            PotTotals(D("9"), D("0"), D("3"), (D("4"), D("2"))),
        ),
        ("Board [Ks]", CommunityCards(("Ks",))),
        (
            "Seat 3: fnJ's showed [9d 5c 3s 6h 2h 2c 4h] and won ($16.35) with Lo: 6,5,4,3,2",
            SeatSummary(
                3,
                "fnJ's",
                "showed",
                (),
                D("16.35"),
                ("9d", "5c", "3s", "6h", "2h", "2c", "4h"),
                "Lo: 6,5,4,3,2",
            ),
        ),
        (
            "Seat 8: Hero showed [8c 5d 7s Th] and lost with a Badugi: T,8,7,5",
            SeatSummary(
                8, "Hero", "showed", (), None, ("8c", "5d", "7s", "Th"), "a Badugi: T,8,7,5"
            ),
        ),
        (
            "Seat 1: Hero (button) (small blind) folded before the Draw (didn't bet)",
            SeatSummary(
                1,
                "Hero",
                "folded",
                ("button", "small blind"),
                street=Street.PREDRAW,
                didnt_bet=True,
            ),
        ),
        (
            "Seat 2: VISTA GIRL folded on the 3rd Street",
            SeatSummary(2, "VISTA GIRL", "folded", street=Street.THIRD),
        ),
        (
            "Seat 2: Bob [NL] (button) mucked [Ad Jc Qs Ah]",
            SeatSummary(2, "Bob [NL]", "mucked", ("button",), cards=("Ad", "Jc", "Qs", "Ah")),
        ),
        (
            "Seat 5: Hero (big blind) collected ($0.64)",
            SeatSummary(5, "Hero", "collected", ("big blind",), D("0.64")),
        ),
        (
            "Hero finished the tournament in 28th place",
            TournamentFinish("Hero", 28),
        ),
        (
            "Hero finished the tournament in 3rd place and received $4.50.",
            TournamentFinish("Hero", 3, D("4.50")),
        ),
        (
            "Hero wins the tournament and receives 1000 - congratulations!",
            TournamentFinish("Hero", 1, D("1000")),
        ),
        ('Hero said, "nh: [9s] 2 pair"', Note("said", "nh: [9s] 2 pair", "Hero")),
        ("RoadDevil joins the table at seat #6", Note("joins", "6", "RoadDevil")),
        ("VISTA GIRL joins the table at seat #6", Note("joins", "6", "VISTA GIRL")),
        ("cuchiku leaves the table", Note("leaves", "", "cuchiku")),
        ("cuchiku: sits out", Note("sits_out", "", "cuchiku")),
        ("dantho: is sitting out", Note("sits_out", "", "dantho")),
        ("Hero has returned", Note("returned", "", "Hero")),
        ("Hero has timed out while disconnected", Note("timed_out", "", "Hero")),
        ("kurczak is disconnected", Note("connection", "disconnected", "kurczak")),
        ("Hero is connected", Note("connection", "connected", "Hero")),
        (
            "oooDestroyoo will be allowed to play after the button",
            Note("waits_for_button", "", "oooDestroyoo"),
        ),
        (
            "poconoman was removed from the table for failing to post",
            Note("removed", "", "poconoman"),
        ),
        ("Betting is capped", Note("remark", "Betting is capped")),
        (
            "Pair on board - a double bet is allowed",
            Note("remark", "Pair on board - a double bet is allowed"),
        ),
        ("No low hand qualified", Note("remark", "No low hand qualified")),
        ("The deck is reshuffled", Note("remark", "The deck is reshuffled")),
        (
            "VISTA GIRL wins the $0.27 bounty for eliminating fnJ's",
            Note("bounty", "$0.27", "VISTA GIRL"),
        ),
        (
            "Hero, fnJ's split the $50 bounty for eliminating (x).y",
            Note("bounty", "$50", "Hero, fnJ's"),
        ),
        (
            "Hero wins $18.75 for eliminating fnJ's and their own bounty increases by $18.75 "
            "to $56.25",
            Note("bounty", "$18.75", "Hero"),
        ),
        (
            "Hero wins $4.60 for splitting the elimination of fnJ's and their own bounty "
            "increases by $4.59 to $41.32",
            Note("bounty", "$4.60", "Hero"),
        ),
        ("Hero re-buys and receives 3000 chips for $10.00", Note("rebuy", "$10.00", "Hero")),
        ("fnJ's re-buys and receives 600 chips for 2 FPPs", Note("rebuy", "2 FPPs", "fnJ's")),
        (
            "a:b: c re-buys and receives 3000 chips for 250 StarsCoin",
            Note("rebuy", "250 StarsCoin", "a:b: c"),
        ),
    ],
)
def test_line_kind(text: str, expected: object) -> None:
    assert line(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Seat 1: Hero ($1.60 in chips)", Seat(1, "Hero", D("1.60"))),
        ("Seat 3: Nikolay Zem ($1.84 in chips)", Seat(3, "Nikolay Zem", D("1.84"))),
        (
            "Seat 7: Player6 (2500 in chips) is sitting out",
            Seat(7, "Player6", D("2500"), sitting_out=True),
        ),
        (  # a tournament seat not dealt in: the summary leaves it out
            "Seat 4: Player21 (1500 in chips) out of hand (moved from another table into "
            "small blind)",
            Seat(4, "Player21", D("1500"), sitting_out=True),
        ),
        (
            "Seat 4: a (b) c: d ($2 in chips, $2.50 bounty)",
            Seat(4, "a (b) c: d", D("2"), bounty=D("2.50")),
        ),
        ("Seat 2: Seat 9: (5 in chips) (10 in chips)", Seat(2, "Seat 9: (5 in chips)", D("10"))),
    ],
)
def test_seat_line_learns_any_name(text: str, expected: Seat) -> None:
    assert line(text, []) == expected


def test_name_resolution_never_guesses() -> None:
    """A player named like a line's own words still reads right."""
    names = ["Dealt", "Dealt to", "to", "calls", "Bob"]
    assert line("Dealt to: calls $1", names) == Action("Dealt to", ActionKind.CALL, D("1"))
    assert line("Dealt: calls $1", names) == Action("Dealt", ActionKind.CALL, D("1"))
    dealt = line("Dealt to to [Ah]", names)
    assert dealt.player == "to" and dealt.cards == ("Ah",)
    assert line("Uncalled bet ($2) returned to calls", names) == UncalledReturn("calls", D("2"))
    assert line("Bob: calls $1", ["Bob", "Bob2"]).player == "Bob"
    assert line("Bob2: calls $1", ["Bob", "Bob2"]).player == "Bob2"


def test_unknown_line_reports_column_in_the_original_text() -> None:
    with pytest.raises(LineSyntaxError) as caught:
        line("VISTA GIRL: dances $1")
    assert caught.value.line_text == "VISTA GIRL: dances $1"
    assert caught.value.column == len("VISTA GIRL") + 1
    assert "': calls '" in caught.value.expected


# ---------------------------------------------------------------------------- whole hands

STUD_HAND = """\
PokerStars Game #35874004239:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET
Table 'Atalante II' 8-max
Seat 1: Hero ($1.60 in chips)
Seat 3: Nikolay Zem ($1.84 in chips)
Seat 8: a [b]: c ($2.49 in chips)
Hero: posts the ante $0.01
Nikolay Zem: posts the ante $0.01
a [b]: c: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [3d Th As]
Dealt to Nikolay Zem [9s]
Dealt to a [b]: c [2c]
a [b]: c: brings in for $0.02
Hero: calls $0.02
Nikolay Zem: folds
*** 4th STREET ***
Dealt to Hero [3d Th As] [Qc]
Dealt to a [b]: c [2c] [8c]
Hero: bets $0.04
a [b]: c: folds
Uncalled bet ($0.04) returned to Hero
Hero collected $0.07 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $0.07 | Rake $0
Seat 1: Hero collected ($0.07)
Seat 3: Nikolay Zem folded on the 3rd Street (didn't bet)
Seat 8: a [b]: c folded on the 4th Street
"""


def test_stud_hand_events_and_stakes() -> None:
    hand = parse_one(STUD_HAND)
    header = hand.header
    assert (header.site, header.hand_number, header.game) == (
        "pokerstars",
        "35874004239",
        Game.SEVEN_STUD,
    )
    assert header.limit is LimitKind.FIXED and header.money is MoneyKind.REAL
    assert header.currency == "USD"
    assert (header.stakes.small_bet, header.stakes.big_bet) == (D("0.04"), D("0.08"))
    assert (header.stakes.ante, header.stakes.bring_in) == (D("0.01"), D("0.02"))
    assert header.started_at_utc == datetime(2009, 11, 26, 15, 8, 43, tzinfo=UTC)  # EST = UTC-5
    assert header.table == "Atalante II" and header.max_seats == 8
    assert [seat.player for seat in hand.seats] == ["Hero", "Nikolay Zem", "a [b]: c"]
    deals = [e for e in hand.events if isinstance(e, Deal)]
    assert deals[0] == Deal("Hero", Street.THIRD, down=("3d", "Th"), up=("As",))
    assert deals[1] == Deal("Nikolay Zem", Street.THIRD, up=("9s",))
    assert deals[3] == Deal("Hero", Street.FOURTH, up=("Qc",), shown_before=("3d", "Th", "As"))
    bring_in = next(e for e in hand.events if isinstance(e, Action))
    assert bring_in == Action("a [b]: c", ActionKind.BRING_IN, D("0.02"))
    assert bring_in.line == 13


def test_seventh_street_card_is_down() -> None:
    text = (
        "PokerStars Hand #91733835979: Tournament #664712833, $2.00+$0.20 USD Triple Stud "
        "(7 Card Stud Limit) - Level XXXI (250/500) - 2013/01/03 16:27:43 EET "
        "[2013/01/03 9:27:43 ET]\n"
    )
    hand = parse_one(text + STUD_HAND.split("\n", 1)[1].replace("*** 4th STREET ***\n", "", 0))
    assert hand.header.mixed_game == "Triple Stud"
    assert hand.header.money is MoneyKind.TOURNAMENT and hand.header.currency is None
    tournament = hand.header.tournament
    assert tournament is not None
    assert (tournament.tournament_id, tournament.buy_in, tournament.fee) == (
        "664712833",
        D("2.00"),
        D("0.20"),
    )
    assert (tournament.currency, tournament.level) == ("USD", "XXXI")
    assert hand.header.site_time == "2013/01/03 16:27:43 EET"
    assert hand.header.started_at_utc == datetime(2013, 1, 3, 14, 27, 43, tzinfo=UTC)
    assert (hand.header.stakes.small_bet, hand.header.stakes.big_bet) == (D("250"), D("500"))


def test_unreadable_card_is_kept_as_unknown_with_a_warning() -> None:
    text = STUD_HAND.replace("Dealt to Hero [3d Th As] [Qc]", "Dealt to Hero [3d Th As] [of]")
    hand = parse_one(text)
    deal = next(e for e in hand.events if isinstance(e, Deal) and e.street is Street.FOURTH)
    assert deal.up == (UNKNOWN_CARD,)
    assert len(hand.warnings) == 1
    assert hand.warnings[0].line == 17 and "'of'" in hand.warnings[0].message


@pytest.mark.parametrize(
    ("header", "game", "limit", "money", "currency", "check"),
    [
        (
            "PokerStars Game #15043388146:  7 Card Stud Hi/Lo Limit ($0.10/$0.20) - "
            "2008/02/03 - 22:04:15 (ET)",
            Game.SEVEN_STUD_HILO,
            LimitKind.FIXED,
            MoneyKind.REAL,
            "USD",
            lambda h: h.started_at_utc == datetime(2008, 2, 4, 3, 4, 15, tzinfo=UTC),
        ),
        (
            "PokerStars Game #29356803849: TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO "
            "LIMIT - LEVEL I (25/50) - 2009/06/14 11:45:00 ET",
            Game.SEVEN_STUD_HILO,
            LimitKind.FIXED,
            MoneyKind.TOURNAMENT,
            None,
            lambda h: h.tournament.buy_in == D("10") and h.tournament.level == "I",
        ),
        (
            "PokerStars Hand #182639671213:  Razz Limit (10/20) - 2018/02/17 16:08:46 WET "
            "[2018/02/17 11:08:46 ET]",
            Game.RAZZ,
            LimitKind.FIXED,
            MoneyKind.PLAY,
            None,
            lambda h: h.stakes.small_bet == D("10") and h.site_time.endswith("WET"),
        ),
        (
            "PokerStars Hand #1:  HORSE (Razz Limit, €2/€4 EUR) - 2018/07/17 16:08:46 CET "
            "[2018/07/17 10:08:46 ET]",
            Game.RAZZ,
            LimitKind.FIXED,
            MoneyKind.REAL,
            "EUR",
            lambda h: (
                h.mixed_game == "HORSE"
                and h.started_at_utc == datetime(2018, 7, 17, 14, 8, 46, tzinfo=UTC)
            ),
        ),
        (
            "PokerStars Home Game Hand #96929960245: {Dazzle's Room} Tournament #746539093, "
            "100+9 8-Game (Razz Limit) - Match Round I, Level IV (30/60) - 2013/06/09 19:33:08 ET",
            Game.RAZZ,
            LimitKind.FIXED,
            MoneyKind.TOURNAMENT,
            None,
            lambda h: (
                h.home_game == "Dazzle's Room"
                and h.tournament.match_round == "I"
                and h.tournament.buy_in == D("100")
                and h.tournament.currency is None
            ),
        ),
        (
            "PokerStars Hand #2: Tournament #3, $10+$10+$2 USD 7 Card Stud Limit - Level II "
            "(20/40) - 2020/01/01 12:00:00 ET",
            Game.SEVEN_STUD,
            LimitKind.FIXED,
            MoneyKind.TOURNAMENT,
            None,
            lambda h: (
                (h.tournament.buy_in, h.tournament.bounty, h.tournament.fee)
                == (D("10"), D("10"), D("2"))
            ),
        ),
        (
            "PokerStars Hand #4: Tournament #5, Freeroll  7 Card Stud Limit - Level I (10/20) - "
            "2020/01/01 12:00:00 ET",
            Game.SEVEN_STUD,
            LimitKind.FIXED,
            MoneyKind.TOURNAMENT,
            None,
            lambda h: h.tournament.buy_in is None,
        ),
    ],
)
def test_header_forms(header, game, limit, money, currency, check) -> None:
    hand = parse_one(header + "\n" + STUD_HAND.split("\n", 1)[1])
    assert (hand.game, hand.header.limit, hand.header.money) == (game, limit, money)
    assert hand.header.currency == currency
    assert check(hand.header)


@pytest.mark.parametrize(
    ("header", "check"),
    [
        (  # PokerTracker 2's export upper-cases the first line (2007)
            "POKERSTARS GAME #13177128246:  7 CARD STUD LIMIT ($2/$4) - 2007/11/11 - 13:27:23 (ET)",
            lambda h: h.game is Game.SEVEN_STUD and h.stakes.big_bet == D("4"),
        ),
        (
            "PokerStars Home Game #1: {chipchipchip}  Razz Limit (1/2) - 2012/01/28 20:58:29 ET",
            lambda h: h.home_game == "chipchipchip" and h.money is MoneyKind.PLAY,
        ),
        (
            "PokerStars Hand #2: Tournament #1407056458, 250 SC 7 Card Stud Limit - Level XI "
            "(600/1200) - 2015/12/20 19:25:19 CET [2015/12/20 13:25:19 ET]",
            lambda h: (
                (h.tournament.buy_in, h.tournament.fee, h.tournament.currency)
                == (D("250"), None, "SC")
            ),
        ),
        (
            "PokerStars Game #3: Tournament #999999999, 1FPP Razz Limit - Level I (25/50) - "
            "2010/06/04 19:46:11 WET [2010/06/04 14:46:11 ET]",
            lambda h: (h.tournament.buy_in, h.tournament.currency) == (D("1"), "FPP"),
        ),
        (  # a 2006 shootout prints no buy-in
            "PokerStars Hand #4: Tournament #35055742, Razz Limit - Match Round I, Level I "
            "(15/30) - 2006/11/03 9:33:53 ET",
            lambda h: h.tournament.buy_in is None and h.tournament.match_round == "I",
        ),
        (
            "PokerStars Hand #5: Zoom Tournament #932545562, $3.00+$0.30 USD Razz Limit - "
            "Level X (100/200) - 2014/07/20 9:26:31 ET",
            lambda h: h.tournament.tournament_id == "932545562",
        ),
        (
            "PokerStars Hand #6: Tournament #3, $10+$1 USD 7 Card Stud Fixed Limit - Level 5 "
            "(20/40) - 2020/01/01 12:00:00 ET",
            lambda h: h.limit is LimitKind.FIXED and h.tournament.level == "5",
        ),
        (
            "PokerStars Hand #7:  7 Card Stud Limit (€0.04/€0.08 EUR) [AAMS ID: 1A2B3C] - "
            "2011/01/01 12:00:00 CET [2011/01/01 6:00:00 ET]",
            lambda h: h.currency == "EUR",
        ),
        (
            "PokerStars Hand #8:  8-GAME (Razz Limit, $0.04/$0.08 USD) - 2011/01/01 12:00:00 ET",
            lambda h: h.mixed_game == "8-GAME" and h.game is Game.RAZZ,
        ),
    ],
)
def test_header_forms_of_other_clients(header, check) -> None:
    hand = parse_one(header + "\n" + STUD_HAND.split("\n", 1)[1])
    assert check(hand.header)


def test_table_with_no_seat_count() -> None:
    """2005: "Table 'Teucer II' Seat #5 is the button"."""
    text = STUD_HAND.replace("Table 'Atalante II' 8-max", "Table 'Teucer II' Seat #5 is the button")
    header = parse_one(text).header
    assert (header.table, header.max_seats, header.button_seat) == ("Teucer II", None, 5)


@pytest.mark.parametrize(
    "header",
    [
        "PokerStars Hand #211860382557:  6 Card Omaha Pot Limit ($0.25/$0.50 USD) - "
        "2020/04/12 13:14:23 ET",
        "PokerStars Hand #184487904738:  Split Hold'em No Limit ($1/$2 USD) - "
        "2018/03/01 12:00:00 ET",
        "PokerStars Hand #78916422016:  Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - "
        "2012/04/15 21:33:56 EET [2012/04/15 14:33:56 ET]",
        "PokerStars Hand #86183965766: Tournament #2012090038, $200+$15 USD Hold'em Pot Limit "
        "Pre-Flop, No Limit Post-Flop - Level I (10/20) - 2012/09/14 17:05:13 ET",
    ],
)
def test_flop_games_of_every_name_are_skipped(header) -> None:
    outcome = outcome_of((header + "\n" + STUD_HAND.split("\n", 1)[1]).encode())
    assert isinstance(outcome, SkippedHand)


DRAW_HAND = (
    "PokerStars Game #49900000007:  5 Card Draw Pot Limit ($0.50/$1.00 USD) - "
    "2010/09/20 20:00:00 PT [2010/09/20 20:00:00 ET]\n"
    """\
Table 'Table II' 6-max Seat #3 is the button
Seat 1: Player1 ($106.80 in chips)
Seat 4: Hero ($40 in chips)
Hero: posts small blind $0.50
Player1: posts big blind $1
*** DEALING HANDS ***
Dealt to Hero [6s Jh 7d 2h 3s]
Hero: calls $0.50
Player1: checks
Hero: discards 1 card [Jh]
Dealt to Hero [6s 7d 2h 3s] [Qs]
Player1: stands pat
Hero: bets $2
Player1: folds
Uncalled bet ($2) returned to Hero
Hero collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: Player1 (big blind) folded after the Draw
Seat 4: Hero (small blind) collected ($2)
"""
)


def test_draw_with_unprinted_cards() -> None:
    """ "Hero: discards 2 cards []": the cards thrown are not printed."""
    assert line("Hero: discards 2 cards []") == DrawLine("Hero", 2)


def test_a_draw_dealt_more_cards_than_it_discarded_leaves_the_cards_unknown() -> None:
    text = DRAW_HAND.replace("Dealt to Hero [6s 7d 2h 3s] [Qs]", "Dealt to Hero [6s 7d 2h] [Qs Jh]")
    hand = parse_one(text)
    (note,) = [e for e in hand.events if isinstance(e, Note) and e.kind == "cards_contradicted"]
    assert (note.player, note.line) == ("Hero", 12)
    assert note.text == "Hero discards 1 but the history deals [6s 7d 2h] [Qs Jh]: cards unknown"
    (draw,) = [e for e in hand.events if isinstance(e, Draw) and e.player == "Hero"]
    assert (draw.kept, draw.drawn) == (None, None)
    assert parse_one(DRAW_HAND).events.count(note) == 0


def test_single_draw_gets_its_draw_street() -> None:
    hand = parse_one(DRAW_HAND)
    assert hand.header.limit is LimitKind.POT
    assert (hand.header.stakes.small_blind, hand.header.stakes.big_blind) == (D("0.50"), D("1.00"))
    assert hand.header.button_seat == 3
    streets = [e.street for e in hand.events if isinstance(e, StreetStart)]
    assert streets == [Street.PREDRAW, Street.DRAW_1]
    draws = [e for e in hand.events if isinstance(e, Draw)]
    assert draws == [
        Draw(
            "Hero",
            Street.DRAW_1,
            1,
            discarded=("Jh",),
            drawn=("Qs",),
            kept=("6s", "7d", "2h", "3s"),
        ),
        Draw("Player1", Street.DRAW_1, 0),
    ]
    assert draws[1].stood_pat


def test_truncated_hand_is_a_precise_error() -> None:
    cut = STUD_HAND.split("*** SUMMARY ***")[0]
    error = parse_error(cut)
    assert error.kind is ErrorKind.TRUNCATED
    assert error.hand_number == "35874004239"
    assert error.line == cut.count("\n")  # the last line of the cut hand
    assert "summary" in error.message


def test_line_out_of_place_is_a_precise_error() -> None:
    text = STUD_HAND.replace("*** 3rd STREET ***\n", "Hero: calls $0.02\n*** 3rd STREET ***\n", 1)
    error = parse_error(text)
    assert error.kind is ErrorKind.STRUCTURE
    assert error.line == 9
    assert error.line_text == "Hero: calls $0.02"
    assert "cannot come before the betting streets" in error.message


def test_unknown_line_is_a_syntax_error_with_expectations() -> None:
    error = parse_error(STUD_HAND.replace("Hero: bets $0.04", "Hero: bets lots"))
    assert error.kind is ErrorKind.SYNTAX
    assert (error.line, error.column) == (19, len("Hero: bets ") + 1)
    assert error.line_text == "Hero: bets lots"
    assert "AMOUNT" in error.expected
    assert "hand.txt:19:12 (hand #35874004239)" in str(error)


def test_draw_line_in_a_stud_hand_is_refused() -> None:
    error = parse_error(STUD_HAND.replace("Hero: bets $0.04", "Hero: stands pat"))
    assert error.kind is ErrorKind.STRUCTURE and error.line == 19


def test_a_draw_of_the_whole_hand_deals_the_new_hand_in_one_bracket() -> None:
    """ "Hero: discards 5 cards [Kh As Kd 8h 2d]" then "Dealt to Hero [6h Td 2c 5h 3s]"
    (homeGame shootout, 2013): all new cards, no contradiction."""
    text = DRAW_HAND.replace(
        "Hero: discards 1 card [Jh]", "Hero: discards 5 cards [6s Jh 7d 2h 3s]"
    )
    text = text.replace("Dealt to Hero [6s 7d 2h 3s] [Qs]", "Dealt to Hero [Qs 8c 5d 4c 9h]")
    hand = parse_one(text)
    assert not any(isinstance(e, Note) and e.kind == "cards_contradicted" for e in hand.events)
    (draw,) = [e for e in hand.events if isinstance(e, Draw) and e.player == "Hero"]
    assert (draw.kept, draw.drawn) == ((), ("Qs", "8c", "5d", "4c", "9h"))


def test_hand_cancelled_said_in_chat_cancels_nothing() -> None:
    text = DRAW_HAND.replace(
        "Player1: checks\n", 'Player1: checks\nPlayer1 said, "Hand cancelled"\n'
    )
    assert parse_one(text).hand_number == "49900000007"
