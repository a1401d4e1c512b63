"""Each Full Tilt line kind and header form, read into the right event.

Lines are real ones from ../shared/histories/real/FullTilt, names changed to awkward ones;
those marked "inferred" have no real example and follow the closest real wording.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.lines.line_parser import LineSyntaxError
from parsers.model.errors import ErrorKind
from parsers.model.events import (
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
    UncalledReturn,
)
from parsers.model.outcomes import CancelledHand
from parsers.sites import conventions_of
from parsers.sites.fulltilt import GAMES, line_parser
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay
from tests.support.one_hand import parse_error, parse_one

D = Decimal
NAMES = ["VISTA GIRL", "fnJ's", "1Incubator1", "Bob [NL]", "a:b: c", "Hero"]


def line(text: str, names: list[str] = NAMES) -> object:
    event, _ = line_parser().parse(text, sorted(names, key=len, reverse=True), 7)
    return event


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fnJ's antes $0.05", Post("fnJ's", PostKind.ANTE, D("0.05"))),
        (
            "VISTA GIRL posts the small blind of $0.10",
            Post("VISTA GIRL", PostKind.SMALL_BLIND, D("0.10")),
        ),
        ("Hero posts the big blind of $150", Post("Hero", PostKind.BIG_BLIND, D("150"))),
        (
            "a:b: c posts a dead small blind of $1.25",
            Post("a:b: c", PostKind.DEAD_BLIND, D("1.25")),
        ),
        ("1Incubator1 posts $2.50", Post("1Incubator1", PostKind.BIG_BLIND, D("2.50"))),
        (  # inferred
            "Hero antes 25, and is all in",
            Post("Hero", PostKind.ANTE, D("25"), all_in=True),
        ),
        ("Bob [NL] folds", Action("Bob [NL]", ActionKind.FOLD)),
        ("Hero checks", Action("Hero", ActionKind.CHECK)),
        ("Hero calls $1,425", Action("Hero", ActionKind.CALL, D("1425"))),
        (
            "VISTA GIRL calls $45.05, and is all in",
            Action("VISTA GIRL", ActionKind.CALL, D("45.05"), all_in=True),
        ),
        ("Hero bets $0.80", Action("Hero", ActionKind.BET, D("0.80"))),
        ("Hero raises to $0.60", Action("Hero", ActionKind.RAISE, None, D("0.60"))),
        (
            "1Incubator1 raises to $10.90, and is all in",
            Action("1Incubator1", ActionKind.RAISE, None, D("10.90"), all_in=True),
        ),
        ("fnJ's brings in for $0.50", Action("fnJ's", ActionKind.BRING_IN, D("0.50"))),
        (
            "Hero brings in for 9, and is all in",
            Action("Hero", ActionKind.BRING_IN, D("9"), all_in=True),
        ),
        ("Hero completes it to $2", Action("Hero", ActionKind.COMPLETE, None, D("2"))),
        ("Uncalled bet of $1.50 returned to Bob [NL]", UncalledReturn("Bob [NL]", D("1.50"))),
        ("Hero wins the pot ($6)", Collect("Hero", D("6"), "pot")),
        ("Hero wins the pot ($3.47) with 9,8,6,4,3", Collect("Hero", D("3.47"), "pot")),
        (
            "fnJ's wins the high pot ($64.70) with two pair, Kings and Jacks",
            Collect("fnJ's", D("64.70"), "pot"),
        ),
        ("Hero wins the low pot ($64.70) with 8,7,6,3,2", Collect("Hero", D("64.70"), "pot")),
        (
            "Hero wins the high main pot ($41.05) with two pair, Aces and Queens",
            Collect("Hero", D("41.05"), "main"),
        ),
        ("Hero wins the low side pot ($5) with 8,7,5,3,2", Collect("Hero", D("5"), "side-1")),
        ("Hero wins side pot #2 ($5)", Collect("Hero", D("5"), "side-2")),  # inferred
        ("Hero ties for the high pot ($2.50) with a flush", Collect("Hero", D("2.50"), "pot")),
        (
            "Hero shows [Td 9d Kc 9s Tc 9c 7h] a full house, Nines full of Tens",
            Show(
                "Hero",
                ("Td", "9d", "Kc", "9s", "Tc", "9c", "7h"),
                "a full house, Nines full of Tens",
            ),
        ),
        (
            "a:b: c shows [Js 7d 5c 3c 2d] J,7,5,3,2",
            Show("a:b: c", ("Js", "7d", "5c", "3c", "2d"), "J,7,5,3,2"),
        ),
        ("Hero shows [5d Ad Js Qc]", Show("Hero", ("5d", "Ad", "Js", "Qc"))),
        ("fnJ's mucks", Muck("fnJ's")),
        ("*** 3RD STREET ***", StreetStart(Street.THIRD)),
        ("*** 7TH STREET ***", StreetStart(Street.SEVENTH)),
        ("*** 2ND STREET ***", StreetStart(Street.SECOND)),  # inferred: five card stud
        ("*** HOLE CARDS ***", StreetStart(Street.PREDRAW)),
        ("*** DRAW *** (Pot: $2.05)", StreetStart(Street.DRAW_1)),
        ("*** FIRST DRAW *** (Pot: $1,425)", StreetStart(Street.DRAW_1)),
        ("*** THIRD DRAW *** (Pot: $2,925)", StreetStart(Street.DRAW_3)),
        ("*** FIRST DRAW *** (Total Pot: 180, 2 Players)", StreetStart(Street.DRAW_1)),
        ("*** SECOND DRAW *** (Total Pot: $0.45, 2 Players)", StreetStart(Street.DRAW_2)),
        (
            "*** 3RD STREET *** (Total Pot: 6,935, 3 Players, 1 All-In)",
            StreetStart(Street.THIRD),
        ),
        ("*** 2ND STREET *** (Total Pot: 1,050, 7 Players)", StreetStart(Street.SECOND)),
        ("Total pot $3.65 | Rake $0.18", PotTotals(D("3.65"), D("0.18"))),
        (
            "Total pot $95.10 Main pot $85.10. Side pot $10. | Rake $3",
            PotTotals(D("95.10"), D("3"), D("85.10"), (D("10"),)),
        ),
        ("Board: [Ks]", CommunityCards(("Ks",))),  # inferred for stud
        (
            "Seat 2: fnJ's folded on 3rd St.",
            SeatSummary(2, "fnJ's", "folded", street=Street.THIRD),
        ),
        (
            "Seat 1: Hero (button) folded before the Draw (didn't bet)",
            SeatSummary(1, "Hero", "folded", ("button",), street=Street.PREDRAW, didnt_bet=True),
        ),
        (
            "Seat 6: Hero (small blind) folded before the draw",
            SeatSummary(6, "Hero", "folded", ("small blind",), street=Street.PREDRAW),
        ),
        (  # the glued line of a seat taken during the hand (2012)
            "Seat 3: paulmeoff Seat 4: Hero (big blind) collected ($0.50), mucked",
            SeatSummary(4, "Hero", "collected", ("big blind",), D("0.50")),
        ),
        (
            "Seat 1: Hero (big blind) folded after the 2nd Draw",
            SeatSummary(1, "Hero", "folded", ("big blind",), street=Street.DRAW_2),
        ),
        (
            "Seat 3: Bob [NL] didn't bet (folded)",
            SeatSummary(3, "Bob [NL]", "folded", didnt_bet=True),
        ),
        (
            "Seat 1: Hero collected ($6), mucked",
            SeatSummary(1, "Hero", "collected", won=D("6")),
        ),
        (
            "Seat 5: VISTA GIRL (small blind) showed [9s 8s 6c 4h 3d] and won ($3.47) "
            "with 9,8,6,4,3",
            SeatSummary(
                5,
                "VISTA GIRL",
                "showed",
                ("small blind",),
                D("3.47"),
                ("9s", "8s", "6c", "4h", "3d"),
                "9,8,6,4,3",
            ),
        ),
        (
            "Seat 6: Hero (big blind) showed [Td 9d 8c 7h 3h] and lost with T,9,8,7,3",
            SeatSummary(
                6,
                "Hero",
                "showed",
                ("big blind",),
                cards=("Td", "9d", "8c", "7h", "3h"),
                description="T,9,8,7,3",
            ),
        ),
        (
            "Seat 5: Hero mucked [7h 7c 8c 5d 3d] - a pair of Sevens",
            SeatSummary(
                5,
                "Hero",
                "mucked",
                cards=("7h", "7c", "8c", "5d", "3d"),
                description="a pair of Sevens",
            ),
        ),
        (
            "Seat 4: fnJ's (button) is sitting out",
            SeatSummary(4, "fnJ's", "sat out", ("button",)),
        ),
        ("The button is in seat #4", Note("button", "4")),
        ("Hero is low with [3c]", Note("bring_in_card", "3c", "Hero")),
        ("Hero is high with [Ks]", Note("bring_in_card", "Ks", "Hero")),
        ("fnJ's is dealt 2 cards", Note("dealt_count", "2", "fnJ's")),
        ("Hero is dealt 1 card", Note("dealt_count", "1", "Hero")),
        ("Hero has 15 seconds left to act", Note("time_left", "15", "Hero")),
        ("5 seconds left to act", Note("time_left", "5")),
        ("Hero has requested TIME", Note("requested_time", "", "Hero")),
        ("Hero has timed out", Note("timed_out", "", "Hero")),
        ("Hero has returned", Note("returned", "", "Hero")),
        ("Hero has been disconnected", Note("connection", "disconnected", "Hero")),
        ("Hero has reconnected", Note("connection", "reconnected", "Hero")),
        ("Hero is feeling confused", Note("feeling", "confused", "Hero")),
        ("Hero is sitting out", Note("sits_out", "", "Hero")),
        ("Hero sits out", Note("sits_out", "", "Hero")),  # inferred
        ("Ante of 25 returned to fnJ's", Note("ante_returned", "25", "fnJ's")),  # inferred
        ("Duration 24s", Note("duration", "24")),
        ("Hero sits down", Note("sits_down", "", "Hero")),
        ("paulmeoff sits down", Note("sits_down", "", "paulmeoff")),
        ("1Incubator9 sits down", Note("sits_down", "", "1Incubator9")),
        ("paulmeoff adds $1", Note("adds", "$1", "paulmeoff")),
        ("Hero adds $17.50", Note("adds", "$17.50", "Hero")),
        ("Hero stands up", Note("stands_up", "", "Hero")),
        ("fnJ's: im in 5 10", Note("said", "im in 5 10", "fnJ's")),
        (
            "Hero: allie, grim: we have one more table running",
            Note("said", "allie, grim: we have one more table running", "Hero"),
        ),
        ("No low hand qualified", Note("remark", "No low hand qualified")),
    ],
)
def test_line_kind(text: str, expected: object) -> None:
    assert line(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dealt to Hero [4s Ah Ts 8h 5c]", ("Hero", ("4s", "Ah", "Ts", "8h", "5c"), None)),
        ("Dealt to Hero [Ac 9h] [3s]", ("Hero", ("Ac", "9h"), ("3s",))),
        ("Dealt to fnJ's [9c] [9d]", ("fnJ's", ("9c",), ("9d",))),
        ("Dealt to Hero [4s 8h 5c] [Qc 5s]", ("Hero", ("4s", "8h", "5c"), ("Qc", "5s"))),
    ],
)
def test_dealt_lines(text: str, expected: tuple) -> None:
    dealt = line(text)
    assert (dealt.player, dealt.cards, dealt.new_cards) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hero discards 2 cards [Ah Ts]", ("Hero", 2, ("Ah", "Ts"), None)),
        ("fnJ's discards 1 card", ("fnJ's", 1, None, None)),
        ("fnJ's stands pat", ("fnJ's", 0, None, None)),
        ("Hero stands pat on [4h 9c 2h Th 5h]", ("Hero", 0, None, ("4h", "9c", "2h", "Th", "5h"))),
    ],
)
def test_draw_lines(text: str, expected: tuple) -> None:
    draw = line(text)
    assert (draw.player, draw.discard_count, draw.discarded, draw.kept) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Seat 1: mrsjoanmac ($20.28)", Seat(1, "mrsjoanmac", D("20.28"))),
        ("Seat 1: Player1 ($6,411)", Seat(1, "Player1", D("6411"))),
        (
            "Seat 4: N804SY ($17.75), is sitting out",
            Seat(4, "N804SY", D("17.75"), sitting_out=True),
        ),
        ("Seat 2: a (b) c: d ($2)", Seat(2, "a (b) c: d", D("2"))),
        ("Seat 3: Bob (1,500)", Seat(3, "Bob", D("1500"))),
        ("Seat 2: Bob (0), is sitting out", Seat(2, "Bob", D("0"), sitting_out=True)),  # inferred
    ],
)
def test_seat_line_learns_any_name(text: str, expected: Seat) -> None:
    assert line(text, []) == expected


def test_unknown_line_reports_column_in_the_original_text() -> None:
    with pytest.raises(LineSyntaxError) as caught:
        line("VISTA GIRL dances $1")
    assert caught.value.line_text == "VISTA GIRL dances $1"
    assert caught.value.column == len("VISTA GIRL ") + 1


# ---------------------------------------------------------------------------- whole hands

STUD_HAND = (
    "Full Tilt Poker Game #11111111062: Table Fpdb - $2/$4 Ante $0.40 - Limit Stud Hi - "
    "13:51:45 ET - 2010/06/10\n"
    """\
Seat 1: Hero2 ($83.40)
Seat 3: Hero ($147.90)
Seat 4: a [b]: c ($74.10)
Hero antes $0.40
a [b]: c antes $0.40
Hero2 antes $0.40
*** 3RD STREET ***
Dealt to Hero2 [As]
Dealt to Hero [7h 6s] [8d]
Dealt to a [b]: c [2d]
a [b]: c is low with [2d]
a [b]: c brings in for $0.50
Hero2 completes it to $2
Hero calls $2
a [b]: c calls $1.50
*** 4TH STREET ***
Dealt to Hero2 [As] [5d]
Dealt to Hero [7h 6s 8d] [Qc]
Dealt to a [b]: c [2d] [3h]
Hero2 bets $2
Hero folds
a [b]: c folds
Uncalled bet of $2 returned to Hero2
Hero2 mucks
Hero2 wins the pot ($7.20)
*** SUMMARY ***
Total pot $7.20 | Rake $0
Seat 1: Hero2 collected ($7.20), mucked
Seat 3: Hero folded on 4th St.
Seat 4: a [b]: c folded on 4th St.
"""
)

DRAW_HAND = (
    "Full Tilt Poker Game #25325990000: Table David's Draw (6 max) - $150/$300 - Limit 2-7 "
    "Triple Draw - 10:00:00 ET - 2010/12/20\n"
    """\
Seat 1: Player1 ($6,411)
Seat 2: Hero ($1,747)
Seat 3: Player3 ($4,941), is sitting out
Hero posts the small blind of $75
Player1 posts the big blind of $150
The button is in seat #3
*** HOLE CARDS ***
Dealt to Hero [2h Qd 4s Tc 2c]
Hero calls $75
Player1 checks
*** FIRST DRAW *** (Pot: $300)
Hero discards 2 cards [Qd 2c]
Player1 discards 1 card
Dealt to Hero [2h 4s Tc] [7d 3c]
Player1 is dealt 1 card
Hero bets $150
Player1 folds
Uncalled bet of $150 returned to Hero
Hero mucks
Hero wins the pot ($297)
*** SUMMARY ***
Total pot $300 | Rake $3
Seat 1: Player1 (big blind) folded after the 1st Draw
Seat 2: Hero (small blind) collected ($297), mucked
Seat 3: Player3 (button) is sitting out
"""
)


def test_stud_hand_events_and_stakes() -> None:
    hand = parse_one(STUD_HAND)
    header = hand.header
    assert (header.site, header.hand_number, header.game) == (
        "fulltilt",
        "11111111062",
        Game.SEVEN_STUD,
    )
    assert (header.limit, header.money, header.currency) == (LimitKind.FIXED, MoneyKind.REAL, "USD")
    stakes = header.stakes
    assert (stakes.small_bet, stakes.big_bet, stakes.ante, stakes.bring_in) == (
        D("2"),
        D("4"),
        D("0.40"),
        D("0.50"),
    )
    assert header.started_at_utc == datetime(2010, 6, 10, 17, 51, 45, tzinfo=UTC)  # EDT
    assert (header.table, header.max_seats, header.button_seat) == ("Fpdb", None, None)
    deals = [e for e in hand.events if isinstance(e, Deal)]
    assert deals[1] == Deal("Hero", Street.THIRD, down=("7h", "6s"), up=("8d",))
    assert deals[4] == Deal("Hero", Street.FOURTH, up=("Qc",), shown_before=("7h", "6s", "8d"))
    assert [s.player for s in hand.seats] == ["Hero2", "Hero", "a [b]: c"]


def test_draw_hand_matches_the_draw_with_the_cards_drawn() -> None:
    hand = parse_one(DRAW_HAND)
    assert hand.header.button_seat == 3 and hand.header.max_seats == 6
    assert (hand.header.stakes.small_bet, hand.header.stakes.small_blind) == (D("150"), D("75"))
    draws = [e for e in hand.events if isinstance(e, Draw)]
    assert draws == [
        Draw("Hero", Street.DRAW_1, 2, ("Qd", "2c"), ("7d", "3c"), ("2h", "4s", "Tc")),
        Draw("Player1", Street.DRAW_1, 1),
    ]


def test_utf16_double_spaced_hand_counts_its_blank_lines() -> None:
    text = DRAW_HAND.replace("\n", "\n\n")
    hand = parse_one(text, "utf-16")
    assert hand.seats[1].line == 5  # "Seat 2: Hero" is the file's fifth line
    error = parse_error(text.replace("Player1 checks", "Player1 dances"), "utf-16")
    assert (error.kind, error.line) == (ErrorKind.SYNTAX, 21)


@pytest.mark.parametrize(
    ("header", "check"),
    [
        (  # inferred: the later clients' name
            "FullTiltPoker Game #33109425311: Table Rapid (6 max) - $2/$4 Ante $0.40 - Limit "
            "Stud Hi - 13:51:45 ET - 2012/06/10",
            lambda h: h.header.hand_number == "33109425311" and h.header.max_seats == 6,
        ),
        (  # inferred: a sit-and-go
            "Full Tilt Poker Game #10781580185: $10 + $1 Sit & Go (114411475), Table 1 - 15/30 "
            "Ante 5 - Limit Stud Hi - 11:40:29 ET - 2009/02/08",
            lambda h: (
                h.header.money is MoneyKind.TOURNAMENT
                and h.header.tournament.tournament_id == "114411475"
                and (h.header.tournament.buy_in, h.header.tournament.fee) == (D("10"), D("1"))
                and h.header.table == "1"
                and h.header.stakes.ante == D("5")
            ),
        ),
        (  # inferred: a heads-up match
            "Full Tilt Poker Game #10781580186: $2 + $0.25 Heads Up Sit & Go (45617254), "
            "Match 2 - 10/20 Ante 2 - Limit Stud Hi - 11:40:29 ET - 2009/02/08",
            lambda h: h.header.tournament.match_round == "2",
        ),
        (
            "Full Tilt Poker Game #29704938956: Table Jackrabbit (6 max) - $2.50/$5 Ante $0.40 - "
            "Limit Stud H/L - 20:11:01 CET - 2011/04/07 [14:11:01 ET - 2011/04/07]",
            lambda h: (
                h.game is Game.SEVEN_STUD_HILO
                and h.header.site_time == "20:11:01 CET - 2011/04/07"
                and h.header.started_at_utc == datetime(2011, 4, 7, 18, 11, 1, tzinfo=UTC)
            ),
        ),
        (
            "Full Tilt Poker Game #29705691274: Table Jackrabbit (6 max) - $2.50/$5 Ante $0.40 - "
            "Limit Razz - 20:40:04 CET - 2011/04/07 [14:40:04 ET - 2011/04/07]",
            lambda h: h.game is Game.RAZZ,
        ),
    ],
)
def test_stud_header_forms(header, check) -> None:
    hand = parse_one(header + "\n" + STUD_HAND.split("\n", 1)[1])
    assert check(hand)


@pytest.mark.parametrize(
    ("wording", "game", "limit"),
    [
        ("Limit 2-7 Triple Draw", Game.TRIPLE_DRAW_27, LimitKind.FIXED),
        ("Limit A-5 Triple Draw", Game.TRIPLE_DRAW_A5, LimitKind.FIXED),  # inferred
        ("Limit Badugi", Game.BADUGI, LimitKind.FIXED),
        ("Pot Limit 5 Card Draw", Game.FIVE_DRAW, LimitKind.POT),
    ],
)
def test_draw_game_names(wording, game, limit) -> None:
    hand = parse_one(DRAW_HAND.replace("Limit 2-7 Triple Draw", wording))
    assert (hand.game, hand.header.limit) == (game, limit)


def test_five_card_stud_is_inferred_from_the_stud_wording() -> None:
    text = (
        STUD_HAND.replace("Limit Stud Hi", "Limit 5 Card Stud")
        .replace("*** 3RD STREET ***", "*** 2ND STREET ***")
        .replace("*** 4TH STREET ***", "*** 3RD STREET ***")
        .replace("Dealt to Hero [7h 6s] [8d]", "Dealt to Hero [7h] [8d]")
        .replace("Dealt to Hero [7h 6s 8d] [Qc]", "Dealt to Hero [7h 8d] [Qc]")
        .replace("folded on 4th St.", "folded on 3rd St.")
    )
    hand = parse_one(text)
    assert hand.game is Game.FIVE_STUD
    hero = [e for e in hand.events if isinstance(e, Deal) and e.player == "Hero"]
    assert hero[0] == Deal("Hero", Street.SECOND, down=("7h",), up=("8d",))


def test_flop_game_is_skipped() -> None:
    text = DRAW_HAND.replace("Limit 2-7 Triple Draw", "No Limit Hold'em")
    (outcome,) = [o for _c, o in parse_bytes("hand.txt", text.encode())]
    assert type(outcome).__name__ == "SkippedHand" and outcome.game == "Hold'em"


def test_truncated_hand_is_a_precise_error() -> None:
    cut = STUD_HAND.split("*** SUMMARY ***")[0]
    error = parse_error(cut)
    assert error.kind is ErrorKind.TRUNCATED
    assert error.hand_number == "11111111062"
    assert error.line == cut.count("\n")
    assert "summary" in error.message


def test_summary_missing_a_seat_is_truncated() -> None:
    error = parse_error(STUD_HAND.rsplit("Seat 4:", 1)[0])
    assert error.kind is ErrorKind.TRUNCATED and "2 of the 3 seats" in error.message


def test_unknown_line_is_a_syntax_error_with_file_line_column_and_hand() -> None:
    error = parse_error(STUD_HAND.replace("Hero2 bets $2", "Hero2 bets lots"))
    assert error.kind is ErrorKind.SYNTAX
    assert (error.line, error.column) == (21, len("Hero2 bets ") + 1)
    assert error.line_text == "Hero2 bets lots"
    assert "AMOUNT" in error.expected
    assert "hand.txt:21:12 (hand #11111111062)" in str(error)


def test_line_out_of_place_is_a_precise_error() -> None:
    error = parse_error(
        STUD_HAND.replace("*** 3RD STREET ***\n", "Hero calls $2\n*** 3RD STREET ***\n")
    )
    assert (error.kind, error.line, error.line_text) == (ErrorKind.STRUCTURE, 8, "Hero calls $2")


# ---------------------------------------------------------------------------- header forms


def _with_header(hand_text: str, header: str) -> str:
    return header + "\n" + hand_text.split("\n", 1)[1]


@pytest.mark.parametrize(
    ("header", "check"),
    [
        (  # 2013: the game before the stakes, the limit abbreviated, the ante after them
            "Full Tilt Poker Game #32617272180: Table Clackers (New to the Game) - FL Stud Hi "
            "- $2/$4 Ante $0.40 - 10:18:16 ET - 2013/05/08",
            lambda h: (
                h.header.limit is LimitKind.FIXED
                and (h.header.stakes.small_bet, h.header.stakes.ante) == (D("2"), D("0.40"))
                and h.header.table == "Clackers"
            ),
        ),
        (  # inferred: FPDB re_HandInfo TOURPAREN, "$5 Sit & Go (Super Turbo) (253843023)"
            "Full Tilt Poker Game #32654487081: $5 Sit & Go (Super Turbo) (253843023), Table 1 "
            "- FL Razz - 15/30 Ante 5 - 19:02:47 ET - 2013/05/14",
            lambda h: (
                h.game is Game.RAZZ
                and h.header.tournament.tournament_id == "253843023"
                and h.header.stakes.small_bet == D("15")
            ),
        ),
        (  # inferred: FPDB re_GameInfo NUM "KMB" ("50K/100K Ante 10000")
            "Full Tilt Poker Game #29537846954: $7,000 KO Guarantee (229436420), Table 11 - "
            "50K/100K Ante 10000 - Limit Stud Hi - 16:06:40 ET - 2011/04/01",
            lambda h: (
                (h.header.stakes.small_bet, h.header.stakes.big_bet, h.header.stakes.ante)
                == (D("50000"), D("100000"), D("10000"))
            ),
        ),
        (  # inferred: FPDB re_DateTime's short-lived 2010 form
            "Full Tilt Poker Game #22488827305: Table Flash - $2/$4 Ante $0.40 - Limit Stud Hi - "
            "15:13 ET - Wed, July 21, 2010",
            lambda h: (
                h.header.started_at_utc == datetime(2010, 7, 21, 19, 13, tzinfo=UTC)
                and h.header.site_time == "15:13 ET - Wed, July 21, 2010"
            ),
        ),
        (  # inferred: FPDB re_HandInfo TABLEATTRIBUTES "(6 max, shallow)"
            "Full Tilt Poker Game #31318697695: Table Rymer (6 max, shallow) - $2/$4 Ante $0.40 "
            "- Limit Stud Hi - 17:00:14 CET - 2012/11/06 [11:00:14 ET - 2012/11/06]",
            lambda h: h.header.max_seats == 6 and h.header.table == "Rymer",
        ),
        (  # inferred: "(heads up, deep)"
            "Full Tilt Poker Game #29937911949: Table King of the Hill (heads up, deep) - "
            "$2/$4 Ante $0.40 - Limit Stud Hi - 21:40:27 ET - 2011/04/15",
            lambda h: h.header.max_seats == 2 and h.header.table == "King of the Hill",
        ),
        (  # inferred: play chips ("Table .COM Play 6118 (6 max, deep) - PL ... - 5/10")
            "Full Tilt Poker Game #32635624005: Table .COM Play 6118 (6 max, deep) - FL Stud Hi "
            "- 2/4 Ante 1 - 14:39:50 ET - 2013/05/11",
            lambda h: h.header.money is MoneyKind.PLAY and h.header.currency is None,
        ),
        (  # inferred: FPDB re_GameInfo GAME "5(-|\s)Card\sStud(\sHi)?"
            "Full Tilt Poker Game #32412111031: Table Fpdb - $2/$4 Ante $0.40 - Limit 7 Card "
            "Stud Hi/Lo - 12:14:59 CT - 2013/01/06 [13:14:59 ET - 2013/01/06]",
            lambda h: (
                h.game is Game.SEVEN_STUD_HILO
                and h.header.started_at_utc == datetime(2013, 1, 6, 18, 14, 59, tzinfo=UTC)
            ),
        ),
        (
            "Full Tilt Poker Game #32641750796: $750 Guarantee (253683109), Table 86 - Limit "
            "Stud Hi - 120/240 Ante 25 - 18:51:19 UTC - 2013/05/12 [14:51:19 ET - 2013/05/12]",
            lambda h: h.header.stakes.ante == D("25"),
        ),
    ],
)
def test_more_stud_header_forms(header, check) -> None:
    assert check(parse_one(_with_header(STUD_HAND, header)))


def test_five_card_stud_hi_hyphenated_is_five_card_stud() -> None:
    """Inferred: FPDB's games table has "5-Card Stud Hi" besides "5 Card Stud"."""
    line_read = line(
        "Full Tilt Poker Game #1: Table X - $2/$4 Ante $0.40 - Limit 5-Card Stud Hi - "
        "10:00:00 ET - 2013/01/01",
        [],
    )
    assert line_read.game == "5-Card Stud Hi"
    assert GAMES[line_read.game.lower()] is Game.FIVE_STUD


@pytest.mark.parametrize(
    ("terms", "game"),
    [
        ("$25/$50 - $2,000 Cap Pot Limit Omaha Hi", "Omaha Hi"),  # inferred
        ("$5/$10 - $400 Pot Limit Omaha Hi", "Omaha Hi"),  # inferred
        ("CAP NL Hold'em - $0.01/$0.02", "Hold'em"),  # inferred
        ("$2/$4 - No Limit Irish", "Irish"),  # inferred
        ("PL 6 Card Omaha Hi - $0.50/$1", "6 Card Omaha Hi"),  # inferred
        ("PL Courchevel Hi - 25/50", "Courchevel Hi"),  # inferred
        ("$1/$2 - Limit Omaha Hi/Lo", "Omaha Hi/Lo"),  # inferred
    ],
)
def test_flop_game_headers_are_read_and_skipped(terms, game) -> None:
    header = (
        f"Full Tilt Poker Game #24378450480: Table Pam (6 max) - {terms} - 15:35:09 ET - 2010/10/02"
    )
    (outcome,) = [o for _c, o in parse_bytes("hand.txt", _with_header(DRAW_HAND, header).encode())]
    assert type(outcome).__name__ == "SkippedHand" and outcome.game == game


@pytest.mark.parametrize(
    ("terms", "game", "limit"),
    [
        ("NL 2-7 Single Draw - $0.10/$0.20 Ante $0.05", Game.SINGLE_DRAW_27, LimitKind.NO),
        ("PL 5 Card Draw - $0.10/$0.25", Game.FIVE_DRAW, LimitKind.POT),
        ("FL 2-7 Triple Draw - $150/$300", Game.TRIPLE_DRAW_27, LimitKind.FIXED),
    ],
)
def test_game_first_draw_headers(terms, game, limit) -> None:
    header = (
        "Full Tilt Poker Game #32617272181: Table Tam (6 max) - " + terms + " - 15:37:47 ET - "
        "2013/05/23"
    )
    hand = parse_one(_with_header(DRAW_HAND, header))
    assert (hand.game, hand.header.limit, hand.header.max_seats) == (game, limit, 6)


def test_partial_hand_is_refused_as_truncated() -> None:
    """Inferred: FPDB re_HandInfo PARTIAL; its example is the header, then the summary."""
    text = (
        "Full Tilt Poker Game #27020940000: Table High Breeze (6 max) - $20/$40 - Limit 2-7 "
        "Triple Draw - 03:32:00 ET - 2011/01/06 (partial)\n"
        "*** SUMMARY ***\n"
        "Total pot $100 | Rake $2\n"
        "Seat 2: Andy (small blind) collected ($98), mucked\n"
    )
    error = parse_error(text)
    assert (error.kind, error.line, error.hand_number) == (ErrorKind.TRUNCATED, 1, "27020940000")
    assert "(partial)" in error.message


# ---------------------------------------------------------------------------- whole hands


def _archived(hand_text: str, number: int) -> str:
    """A hand as the archive export writes it: a line of stars, blank lines around the header."""
    header, rest = hand_text.split("\n", 1)
    stars = f"******************** # {number} *************************"
    return f"{stars}\n\n{header.replace('Full Tilt Poker', 'FullTiltPoker')}\n\n{rest}"


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_archive_export_hands(newline: str) -> None:
    text = "\ufeff" + _archived(DRAW_HAND, 1) + "\n\n\n" + _archived(STUD_HAND, 2)
    outcomes = [o for _c, o in parse_bytes("archive.txt", text.replace("\n", newline).encode())]
    assert [type(o).__name__ for o in outcomes] == ["Hand", "Hand"]
    draw, stud = outcomes
    assert (draw.hand_number, draw.seats[0].line) == ("25325990000", 5)
    first_stud_line = DRAW_HAND.count("\n") + 4 + 3  # after the draw hand and 3 blank lines
    assert stud.hand_number == "11111111062" and stud.seats[0].line == first_stud_line + 4


def test_archive_line_of_stars_alone_is_not_a_hand() -> None:
    text = "******************** # 1 *************************\n\nsomething else\n"
    (outcome,) = [o for _c, o in parse_bytes("x.txt", text.encode())]
    assert outcome.kind is ErrorKind.NOT_A_HAND


def test_ante_returned_to_a_player_who_timed_out() -> None:
    """Inferred (FPDB re_ReturnsAnte: he timed out and sits out): the ante and its return
    are no part of the hand; the line stays a note."""
    text = (
        STUD_HAND.replace(
            "Seat 4: a [b]: c ($74.10)\n", "Seat 4: a [b]: c ($74.10)\nSeat 5: Zed ($9)\n"
        )
        .replace("Hero2 antes $0.40\n", "Hero2 antes $0.40\nZed antes $0.40\n")
        .replace("*** 3RD STREET ***\n", "Ante of $0.40 returned to Zed\n*** 3RD STREET ***\n")
        + "Seat 5: Zed is sitting out\n"
    )
    hand = parse_one(text)
    assert [e.player for e in hand.events if isinstance(e, Post)] == ["Hero", "a [b]: c", "Hero2"]
    assert Note("ante_returned", "$0.40", "Zed") in hand.events
    assert replay(hand, conventions_of(hand.site)).errors == ()


# Inferred: no real line at hand. FPDB keeps this 2011 Full Tilt hand as "Dead.hand" and
# skips it as "not dealt (dead hand)": a post, nobody dealt in, an empty pot.
DEAD_HAND = (
    "Full Tilt Poker Game #26884156000: Table Gilmerton (heads up) - $10/$20 - "
    "Limit 2-7 Triple Draw - 15:25:00 ET - 2011/01/01\n"
    """\
Seat 1: Villain ($500)
Seat 2: Hero ($572.50)
Villain posts the small blind of $5
Hero is sitting out
*** SUMMARY ***
Total pot $0 | Rake $0
Seat 1: Villain (big blind) is sitting out
Seat 2: Hero is sitting out
"""
)


def test_a_dead_hand_is_cancelled_not_refused() -> None:
    (outcome,) = [o for _chunk, o in parse_bytes("dead.txt", DEAD_HAND.encode())]
    assert isinstance(outcome, CancelledHand)
    assert (outcome.site, outcome.hand_number, outcome.game) == (
        "fulltilt",
        "26884156000",
        "triple_draw_27",
    )
    assert (outcome.line, outcome.reason) == (7, "a dead hand: no cards dealt, a total pot of 0")


def test_a_hand_with_an_empty_pot_but_cards_dealt_is_no_dead_hand() -> None:
    dealt = DEAD_HAND.replace(
        "Hero is sitting out\n", "Hero is sitting out\n*** HOLE CARDS ***\n", 1
    )
    (outcome,) = [o for _chunk, o in parse_bytes("dead.txt", dealt.encode())]
    assert not isinstance(outcome, CancelledHand)


# Inferred: no real line at hand; FPDB's FulltiltToFpdb.py re_Cancelled, "Hand #N has been
# canceled", drops the hand as partial. Built in the lines of the real 2-7 Triple Draw
# $5/$10 hand of 2012/11/23 (3-Draw-Limit-USD-5-10-201211.txt).
CANCELED = (
    "Full Tilt Poker Game #31497971190: Table Tam (6 max) - $5/$10 - "
    "Limit 2-7 Triple Draw - 15:38:47 ET - 2012/11/23\n"
    """\
Seat 1: Hero ($320.50)
Seat 2: Player0 ($53)
Seat 3: Player1 ($216.65)
Hero posts the small blind of $2.50
Player0 posts the big blind of $5
The button is in seat #3
*** HOLE CARDS ***
Dealt to Hero [Qc 8d Tc 2h Th]
Player1 folds
Hand #31497971190 has been canceled
"""
)


@pytest.mark.parametrize("word", ["canceled", "cancelled"])
def test_a_canceled_hand_is_counted_cancelled_and_moves_no_money(word: str) -> None:
    text = CANCELED.replace("canceled", word)
    (outcome,) = [o for _chunk, o in parse_bytes("canceled.txt", text.encode())]
    assert isinstance(outcome, CancelledHand), outcome
    assert (outcome.site, outcome.hand_number, outcome.game) == (
        "fulltilt",
        "31497971190",
        "triple_draw_27",
    )
    assert (outcome.line, outcome.reason) == (11, f"Hand #31497971190 has been {word}")
