"""Each Winamax line kind and header form, read into the right event.

Lines are real ones from ../shared/histories/real/Winamax, names changed to awkward ones;
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
    Draw,
    Game,
    LimitKind,
    MoneyKind,
    Note,
    Post,
    PostKind,
    PotTotals,
    Seat,
    SeatSummary,
    Show,
    Street,
    StreetStart,
    Tournament,
    UncalledReturn,
)
from parsers.sites.winamax import AddedRaiseLine, line_parser
from parsers.text.history_file import parse_bytes
from tests.support.one_hand import parse_error, parse_one

D = Decimal
NAMES = ["VISTA GIRL", "fnJ's", "Bob [NL]", "a:b: c", "Hero", "Player0"]


def line(text: str, names: list[str] = NAMES) -> object:
    event, _ = line_parser().parse(text, sorted(names, key=len, reverse=True), 7)
    return event


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("*** ANTE/BLINDS ***", Note("forced_bets", "")),
        ("Hero posts ante 5€", Post("Hero", PostKind.ANTE, D("5"))),
        ("fnJ's posts ante 0.01€", Post("fnJ's", PostKind.ANTE, D("0.01"))),
        ("Player0 posts small blind 12.50€", Post("Player0", PostKind.SMALL_BLIND, D("12.50"))),
        ("Hero posts big blind 25€", Post("Hero", PostKind.BIG_BLIND, D("25"))),
        (  # inferred
            "Hero posts ante 5€ and is all-in",
            Post("Hero", PostKind.ANTE, D("5"), all_in=True),
        ),
        ("Player0 brings in 10€", Action("Player0", ActionKind.BRING_IN, D("10"))),
        ("a:b: c brings in 0.02€", Action("a:b: c", ActionKind.BRING_IN, D("0.02"))),
        ("Bob [NL] folds", Action("Bob [NL]", ActionKind.FOLD)),
        ("Hero checks", Action("Hero", ActionKind.CHECK)),
        ("Player0 calls 15€", Action("Player0", ActionKind.CALL, D("15"))),
        ("VISTA GIRL bets 0.10€", Action("VISTA GIRL", ActionKind.BET, D("0.10"))),
        (
            "Player0 raises 25€ to 50€",
            Action("Player0", ActionKind.RAISE, D("25"), D("50")),
        ),
        (
            "fnJ's raises 0.03€ to 0.05€",
            Action("fnJ's", ActionKind.RAISE, D("0.03"), D("0.05")),
        ),
        (  # inferred
            "Hero calls 3.50€ and is all-in",
            Action("Hero", ActionKind.CALL, D("3.50"), all_in=True),
        ),
        ("*** 3rd STREET ***", StreetStart(Street.THIRD)),
        ("*** 7th STREET ***", StreetStart(Street.SEVENTH)),
        ("*** FIRST-BET ***", StreetStart(Street.PREDRAW)),
        ("*** FIRST-DRAW ***", StreetStart(Street.DRAW_1)),
        ("*** THIRD-DRAW ***", StreetStart(Street.DRAW_3)),
        ("*** SECOND-BET ***", Note("betting_round", "SECOND-BET")),
        ("*** FOURTH-BET ***", Note("betting_round", "FOURTH-BET")),
        ("Hero collected 458€ from pot", Collect("Hero", D("458"), "pot")),
        ("Hero collected 10€ from main pot", Collect("Hero", D("10"), "main")),  # inferred
        ("Hero collected 4€ from side pot 1", Collect("Hero", D("4"), "side-1")),  # inferred
        ("Uncalled bet (10€) returned to Hero", UncalledReturn("Hero", D("10"))),  # inferred
        (
            "Player0 shows [8c Td 9h Kh Kd Qc Jc] (Straight King high)",
            Show("Player0", ("8c", "Td", "9h", "Kh", "Kd", "Qc", "Jc"), "Straight King high"),
        ),
        (
            "fnJ's shows [4s Qc Ah Qd 3s 6c 9c] (High card : 9)",
            Show("fnJ's", ("4s", "Qc", "Ah", "Qd", "3s", "6c", "9c"), "High card : 9"),
        ),
        ("Total pot 298€ | Rake 2€", PotTotals(D("300"), D("2"))),
        ("Total pot 0.09€ | No rake", PotTotals(D("0.09"), D("0"))),
        (
            "Seat 4: Player0 (small blind) (button) won 298€",
            SeatSummary(4, "Player0", "collected", ("small blind", "button"), D("298")),
        ),
        ("Seat 1: fnJ's won 0.35€", SeatSummary(1, "fnJ's", "collected", won=D("0.35"))),
        (
            "Seat 1: Hero showed [4h Ac Qd 3h Qh 5h Th] and won 458€ with Flush Queen high",
            SeatSummary(
                1,
                "Hero",
                "showed",
                won=D("458"),
                cards=("4h", "Ac", "Qd", "3h", "Qh", "5h", "Th"),
                description="Flush Queen high",
            ),
        ),
        (
            "Seat 2: a:b: c showed [4s Qc Ah Qd 3s 6c 9c] and lost with High card : 9",
            SeatSummary(
                2,
                "a:b: c",
                "showed",
                cards=("4s", "Qc", "Ah", "Qd", "3s", "6c", "9c"),
                description="High card : 9",
            ),
        ),
        ("Dealt to Player0 [X X X X X]", Note("dealt_hidden", "", "Player0")),
        ("Dealt to Player0 [X X 9h Kh Kd Qc] [X]", Note("dealt_hidden", "", "Player0")),
    ],
)
def test_line_kind(text: str, expected: object) -> None:
    assert line(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dealt to Hero [4h Ac Qd]", ("Hero", ("4h", "Ac", "Qd"), None)),
        ("Dealt to Player0 [X X 9h]", ("Player0", ("9h",), None)),
        ("Dealt to Hero [4h Ac Qd] [3h]", ("Hero", ("4h", "Ac", "Qd"), ("3h",))),
        ("Dealt to Player0 [X X 9h Kh] [Kd]", ("Player0", ("9h", "Kh"), ("Kd",))),
        ("Dealt to Hero [2h Td 8c 7c 8s]", ("Hero", ("2h", "Td", "8c", "7c", "8s"), None)),
    ],
)
def test_dealt_lines(text: str, expected: tuple) -> None:
    dealt = line(text)
    assert (dealt.player, dealt.cards, dealt.new_cards) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hero stands pat [2h Td 8c 7c 8s]", ("Hero", 0, None, ("2h", "Td", "8c", "7c", "8s"))),
        ("Player0 stands pat [X X X X X]", ("Player0", 0, None, None)),
        ("Hero discards 2 cards [8c 8s]", ("Hero", 2, ("8c", "8s"), None)),  # inferred
        ("Player0 discards 1 card [X]", ("Player0", 1, None, None)),  # inferred
    ],
)
def test_draw_lines(text: str, expected: tuple) -> None:
    draw = line(text)
    assert (draw.player, draw.discard_count, draw.discarded, draw.kept) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Seat 1: Hero (2047.50€)", Seat(1, "Hero", D("2047.50"))),
        ("Seat 4: Player0 (217.78€)", Seat(4, "Player0", D("217.78"))),
        ("Seat 2: a (b) c: d (2€)", Seat(2, "a (b) c: d", D("2"))),
        ("Seat 3: Bob (1500)", Seat(3, "Bob", D("1500"))),  # inferred: play money
    ],
)
def test_seat_line_learns_any_name(text: str, expected: Seat) -> None:
    assert line(text, []) == expected


def test_unknown_line_reports_column_in_the_original_text() -> None:
    with pytest.raises(LineSyntaxError) as caught:
        line("VISTA GIRL dances 1€")
    assert caught.value.column == len("VISTA GIRL") + 1  # where " bets ", " calls "... start


# ---------------------------------------------------------------------------- whole hands

STUD_HAND = (
    "Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud fixed limit "
    "(5€/25€/50€) - 2016/11/12 22:46:27 UTC\n"
    """\
Table: 'Pampelune' 6-max (real money)
Seat 1: Hero (1749.22€)
Seat 4: a [b]: c (426.06€)
*** ANTE/BLINDS ***
Hero posts ante 5€
a [b]: c posts ante 5€
*** 3rd STREET ***
Dealt to Hero [4h Ac Qd]
Dealt to a [b]: c [X X 9h]
a [b]: c brings in 10€
Hero raises 25€ to 25€
a [b]: c calls 15€
*** 4th STREET ***
Dealt to Hero [4h Ac Qd] [3h]
Dealt to a [b]: c [X X 9h] [Kh]
a [b]: c bets 25€
Hero folds
a [b]: c collected 84€ from pot
*** SUMMARY ***
Total pot 84€ | Rake 1€
Seat 4: a [b]: c won 84€
"""
)

DRAW_HAND = (
    "Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7 Triple Draw fixed limit "
    "(25€/50€) - 2016/11/12 22:24:21 UTC\n"
    """\
Table: 'Pampelune' 6-max (real money) Seat #4 is the button
Seat 1: Hero (2047.50€)
Seat 4: Player0 (217.78€)
*** ANTE/BLINDS ***
Player0 posts small blind 12.50€
Hero posts big blind 25€
*** FIRST-BET ***
Dealt to Player0 [X X X X X]
Dealt to Hero [2h Td 8c 7c 8s]
Player0 raises 25€ to 50€
Hero calls 25€
*** FIRST-DRAW ***
Hero discards 2 cards [8c 8s]
Dealt to Hero [2h Td 7c] [3d 4s]
Player0 stands pat [X X X X X]
*** SECOND-BET ***
Hero checks
Player0 bets 25€
Hero folds
Player0 collected 123€ from pot
*** SUMMARY ***
Total pot 123€ | Rake 2€
Seat 4: Player0 (small blind) (button) won 123€
"""
)


def test_stud_hand() -> None:
    hand = parse_one(STUD_HAND)
    header = hand.header
    assert (header.site, header.hand_number, header.game) == (
        "winamax",
        "9250793-470-1478990787",
        Game.SEVEN_STUD,
    )
    assert (header.stakes.ante, header.stakes.small_bet, header.stakes.big_bet) == (
        D(5),
        D(25),
        D(50),
    )
    completion = [e for e in hand.events if isinstance(e, Action)][1]
    assert completion == Action("Hero", ActionKind.COMPLETE, raise_to=D(25))


def test_draw_hand_plays_its_rounds() -> None:
    """The draw opens a round; "*** SECOND-BET ***" is the same round's betting."""
    hand = parse_one(DRAW_HAND)
    assert hand.header.button_seat == 4 and hand.header.limit is LimitKind.FIXED
    assert (hand.header.stakes.small_bet, hand.header.stakes.small_blind) == (D(25), D("12.50"))
    streets = [e.street for e in hand.events if isinstance(e, StreetStart)]
    assert streets == [Street.PREDRAW, Street.DRAW_1]
    draws = [e for e in hand.events if isinstance(e, Draw)]
    assert draws == [
        Draw("Hero", Street.DRAW_1, 2, ("8c", "8s"), ("3d", "4s"), ("2h", "Td", "7c")),
        Draw("Player0", Street.DRAW_1, 0),
    ]


@pytest.mark.parametrize(
    ("old", "new", "check"),
    [
        (
            "2016/11/12 22:46:27 UTC",
            "2022/02/20 20:29:17 UTC",
            lambda h: h.header.started_at_utc == datetime(2022, 2, 20, 20, 29, 17, tzinfo=UTC),
        ),
        (  # inferred
            "7-Card Stud fixed limit",
            "7-Card Stud Hi/Lo fixed limit",
            lambda h: h.game is Game.SEVEN_STUD_HILO,
        ),
        ("7-Card Stud fixed limit", "Razz fixed limit", lambda h: h.game is Game.RAZZ),
        (  # 2022: the table line ends with a blank
            "6-max (real money)\n",
            "6-max (real money) \n",
            lambda h: h.header.money is MoneyKind.REAL and h.header.currency == "EUR",
        ),
        (  # inferred: play money
            "(real money)",
            "(play money)",
            lambda h: h.header.money is MoneyKind.PLAY and h.header.currency is None,
        ),
    ],
)
def test_header_forms(old, new, check) -> None:
    assert old in STUD_HAND
    assert check(parse_one(STUD_HAND.replace(old, new)))


def test_flop_game_is_skipped() -> None:
    text = DRAW_HAND.replace("2-7 Triple Draw fixed limit", "Holdem no limit")
    (outcome,) = [o for _c, o in parse_bytes("hand.txt", text.encode())]
    assert (
        type(outcome).__name__ == "SkippedHand" and outcome.hand_number == "9250793-388-1478989461"
    )


def test_truncated_hand_is_a_precise_error() -> None:
    cut = STUD_HAND.split("*** SUMMARY ***")[0]
    error = parse_error(cut)
    assert error.kind is ErrorKind.TRUNCATED
    assert error.hand_number == "9250793-470-1478990787"
    assert error.line == cut.count("\n")


def test_unknown_line_is_a_syntax_error_with_file_line_column_and_hand() -> None:
    error = parse_error(STUD_HAND.replace("a [b]: c bets 25€", "a [b]: c bets lots"))
    assert error.kind is ErrorKind.SYNTAX
    assert (error.line, error.column) == (17, len("a [b]: c bets ") + 1)
    assert "hand.txt:17:15 (hand #9250793-470-1478990787)" in str(error)


def test_unknown_header_still_names_the_hand() -> None:
    error = parse_error(STUD_HAND.replace("CashGame", "SomethingElse"))
    assert (error.kind, error.line, error.hand_number) == (
        ErrorKind.SYNTAX,
        1,
        "9250793-470-1478990787",
    )


# ---------------------------------------------------------------------------- more forms


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Player0 bring-in 0.02", Action("Player0", ActionKind.BRING_IN, D("0.02"))),
        ("*** THIRD ***", StreetStart(Street.THIRD)),
        ("*** SEVENTH ***", StreetStart(Street.SEVENTH)),
        ("*** THIRD-DRAW ***", StreetStart(Street.DRAW_3)),
        ("*** THIRD-BET ***", Note("betting_round", "THIRD-BET")),
        ("Player0 collected 114€ from pot(HI)", Collect("Player0", D("114"), "pot")),
        ("Player0 collected 114€ from pot(LO)", Collect("Player0", D("114"), "pot")),
        ("Hero collected 4€ from side pot 1(LO)", Collect("Hero", D("4"), "side-1")),  # inferred
        (
            "Player0 posts big blind 0.50 out of position",
            Post("Player0", PostKind.BIG_BLIND, D("0.50")),
        ),
        (  # inferred
            "Player0 posts small blind 2€ out of position",
            Post("Player0", PostKind.DEAD_BLIND, D("2")),
        ),
        ("Hero denies big blind", Note("denies_blind", "big blind", "Hero")),  # inferred
        ("Hero bets $5", Action("Hero", ActionKind.BET, D("5"))),  # inferred
        ("Hero bets 5£", Action("Hero", ActionKind.BET, D("5"))),  # inferred
        ("Player0 raises -6.10€ to 18.90€", AddedRaiseLine("Player0", D("18.90"))),
        (  # inferred
            "Seat 1: Hero (small blind) folded on the pre-flop",
            SeatSummary(1, "Hero", "folded", ("small blind",), street=Street.PREDRAW),
        ),
        ("Seat 3: Hero folded", SeatSummary(3, "Hero", "folded")),  # inferred
    ],
)
def test_more_line_kinds(text: str, expected: object) -> None:
    assert line(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Player0 discard 2 cards", ("Player0", 2)),
        ("Player0 discard 1 card", ("Player0", 1)),
        ("Player0 discard 0 card", ("Player0", 0)),
    ],
)
def test_2016_play_money_draw_lines(text: str, expected: tuple) -> None:
    draw = line(text)
    assert (draw.player, draw.discard_count, draw.discarded, draw.kept) == (*expected, None, None)


def test_tournament_seat_with_a_bounty() -> None:
    """Inferred: FPDB's regression file, "Seat 1: Player0 (18694, 9€ bounty)"."""
    assert line("Seat 1: a (b) c (18694, 9€ bounty)", []) == Seat(
        1, "a (b) c", D("18694"), bounty=D("9")
    )


TABLE = "Table: 'Pampelune' 6-max (real money)"


@pytest.mark.parametrize(
    ("kind", "table", "check"),
    [
        (  # real (2016 play money): a stud table with seat 0 as its button
            "CashGame",
            "Table: 'Pampelune' 6-max (play money) Seat #0 is the button",
            lambda h: (h.header.money, h.header.button_seat) == (MoneyKind.PLAY, None),
        ),
        (  # inferred: FPDB's no-colon table and its zero-padded button
            "CashGame",
            "Table 'Pampelune' 6-max (real money) Seat 0000004 is the button",
            lambda h: (h.header.table, h.header.button_seat) == ("Pampelune", 4),
        ),
        (  # inferred: a fast-fold pool
            'Go Fast "Buzau"',
            TABLE,
            lambda h: (h.header.money, h.header.currency) == (MoneyKind.REAL, "EUR"),
        ),
        (  # inferred: tournaments, as FPDB's flop-game files print them
            'Tournament "No Limit Hold\'em" buyIn: 0,90€ + 0,10€ level: 0',
            "Table: 'No Limit Hold'em(1853325)#0' 10-max (real money) Seat #3 is the button",
            lambda h: (
                (h.header.money, h.header.table, h.header.tournament)
                == (
                    MoneyKind.TOURNAMENT,
                    "0",
                    Tournament("1853325", D("0.90"), D("0.10"), currency="EUR", level="0"),
                )
            ),
        ),
        (
            'Tournament "Quitte ou Double" buyIn: 0.93-0.07 level: 10',
            "Table: 'Quitte ou Double(27536269)#0' 10-max (real money)",
            lambda h: (
                h.header.tournament
                == Tournament("27536269", D("0.93"), D("0.07"), currency="EUR", level="10")
            ),
        ),
        (
            'Tournament "TEA TIME" buyIn: 18€ + 2€ level: 11',
            "Table: 'TEA TIME(548967895)#0037' 6-max (real money)",
            lambda h: (h.header.tournament.buy_in, h.header.table) == (D(18), "0037"),
        ),
        (
            'Tournament "Freeroll 150€" buyIn: Gratuit level: 0',
            "Table: 'Freeroll 150€(5142226)#784' 6-max (real money)",
            lambda h: (
                (h.header.tournament.buy_in, h.header.tournament.tournament_id) == (D(0), "5142226")
            ),
        ),
        (
            'Tournament "Super Freeroll Stade 1" buyIn: Ticket only level: 0',
            "Table: 'Super Freeroll Stade 1(26220213)#0' 10-max (real money)",
            lambda h: h.header.tournament.fee == D(0),
        ),
        (
            'Tournament "KING 5 - Stade 2C" buyIn: Ticket level: 7',
            "Table: 'KING 5 - Stade 2C(1468666)#118' 9-max (real money)",
            lambda h: h.header.tournament.level == "7",
        ),
        (  # inferred: FPDB re_hand_info's bounty and ISO code
            'Tournament "Sit & Go Expresso" buyIn: 5$ + 0.50$+5$ USD level: 1',
            "Table: 'Expresso(1)#2' 3-max (real money)",
            lambda h: (h.header.tournament.bounty, h.header.tournament.currency) == (D(5), "USD"),
        ),
    ],
)
def test_header_kinds(kind: str, table: str, check) -> None:
    text = STUD_HAND.replace("CashGame", kind).replace(TABLE, table)
    if kind.startswith("Tournament"):
        text = text.replace("€", "")
    assert check(parse_one(text))


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        ("7stud", Game.SEVEN_STUD),  # real, 2016 play money
        ("7stud8", Game.SEVEN_STUD_HILO),  # inferred: FPDB's game table
    ],
)
def test_2016_game_names(game: str, expected: Game) -> None:
    assert parse_one(STUD_HAND.replace("7-Card Stud", game)).game is expected


def test_2016_lowball27_play_money() -> None:
    """ "Lowball27 fixed limit (0.50/1)": 2-7 Triple Draw in play money (real, 2016)."""
    text = DRAW_HAND.replace("2-7 Triple Draw", "Lowball27").replace("€", "")
    hand = parse_one(text.replace("(real money)", "(play money)"))
    assert (hand.game, hand.header.money, hand.header.currency) == (
        Game.TRIPLE_DRAW_27,
        MoneyKind.PLAY,
        None,
    )


@pytest.mark.parametrize("text", ["*** 4rd STREET ***", "*** 3th STREET ***"])
def test_a_street_no_client_writes_is_refused_not_a_crash(text: str) -> None:
    """Found by the fuzzer: "[3-7](rd|th)" let "4rd" through to a street table without it."""
    line("*** 4th STREET ***")  # the shape first, as in a hand
    with pytest.raises(LineSyntaxError):
        line(text)
