"""Every real iPoker history (XML sessions, 7 Card Stud: dollars 2010, euros 2014, a
dollar sit-and-go 2012): each hand read with its session's header, the bets nobody called
returned where iPoker says nothing, the tournament's stakes told from its bets."""

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
    LimitKind,
    MoneyKind,
    Post,
    Show,
    Street,
    Tournament,
    UncalledReturn,
)
from parsers.text.history_file import file_chunks
from tests.support import real_sites

FOLDER = "iPoker"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Stud/7-StudHL-EUR-0.05-0.10-201405.txt": (5, 0),
    "cash/Stud/7-StudL-USD-0.05-0.10-201009.txt": (2, 0),
    "tour/Stud/7-StudHi-USD-STT-5-201103.txt": (117, 0),
}

HEADER = re.compile(r'^.*<game gamecode="\d+"')  # one to a line, often after "</game>"
HAND_NUMBER = re.compile(r'<game gamecode="(\d+)"')
FLOP_GAME = re.compile(r"(?!)")  # the game is the session's: these three are stud
DOLLARS = "cash/Stud/7-StudL-USD-0.05-0.10-201009.txt"
EUROS = "cash/Stud/7-StudHL-EUR-0.05-0.10-201405.txt"
TOURNAMENT = "tour/Stud/7-StudHi-USD-STT-5-201103.txt"


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


def test_the_session_header_gives_game_stakes_table_and_clock(real_histories) -> None:
    hand = _hand(real_histories, DOLLARS, "2418629537")
    header = hand.header
    assert (header.site, header.game, header.limit, header.money, header.currency) == (
        "ipoker",
        Game.SEVEN_STUD,
        LimitKind.FIXED,
        MoneyKind.REAL,
        "USD",
    )
    stakes = header.stakes
    assert (stakes.small_bet, stakes.big_bet, stakes.ante, stakes.bring_in) == (
        Decimal("0.05"),
        Decimal("0.10"),
        Decimal("0.01"),
        Decimal("0.02"),
    )
    assert header.table == "Labyrinth"
    assert header.started_at_utc == datetime(2010, 9, 5, 13, 0, 46, tzinfo=UTC)
    assert header.button_seat == 1
    # ten seats, two empty (name=""), seven antes
    assert [s.seat for s in hand.seats] == [1, 2, 4, 5, 6, 7, 9, 10]
    assert [s.player for s in hand.seats if s.sitting_out] == ["ad1028"]
    assert sum(isinstance(e, Post) for e in hand.events) == 7


def test_actions_come_in_their_numbers_order_with_cards_suit_first(real_histories) -> None:
    hand = _hand(real_histories, DOLLARS, "2418629537")
    third = [e for e in hand.events if isinstance(e, Action)][:7]
    # no. 8 Hero brings in, 9-13 the others, 14 WurmX folds: printed seat by seat
    assert [(a.player, a.kind) for a in third[:3]] == [
        ("Hero", ActionKind.BRING_IN),
        ("FENGLIUDUSHENG", ActionKind.FOLD),
        ("komanchi7", ActionKind.FOLD),
    ]
    assert third[-1] == Action("WurmX", ActionKind.FOLD)
    deal = next(e for e in hand.events if isinstance(e, Deal) and e.player == "Hero")
    assert (deal.down, deal.up) == (("8h", "7d"), ("2c",))  # "H8 D7 C2"
    fourth = next(e for e in hand.events if isinstance(e, Deal) and e.street is Street.FOURTH)
    assert fourth.up == ("5c",)  # "C5"; "S10" reads "Ts"


def test_a_showdown_of_three_checks_shows_every_hand_printed(real_histories) -> None:
    hand = _hand(real_histories, DOLLARS, "2418629537")
    shows = {e.player: e.cards for e in hand.events if isinstance(e, Show)}
    assert shows["Qekz406"] == ("9h", "6s", "7c", "Ts", "Td", "2d", "Qd")
    assert set(shows) == {"Hero", "Qekz406", "Zsuzsanna"}
    assert [e for e in hand.events if isinstance(e, Collect)] == [Collect("Hero", Decimal("0.13"))]


def test_the_bet_nobody_calls_goes_back_and_win_counts_it(real_histories) -> None:
    """komanchi7 bets $0.10 on fifth street, both others fold: iPoker's win="$0.43"
    counts the $0.10 back; the pot he takes is $0.33."""
    hand = _hand(real_histories, DOLLARS, "2418630592")
    assert UncalledReturn("komanchi7", Decimal("0.10")) in hand.events
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("komanchi7", Decimal("0.33"))
    ]


def test_euros_in_a_file_that_says_utf8(real_histories) -> None:
    """The file declares UTF-8 and writes "€" as the Windows-1252 byte 0x80."""
    path = real_histories / FOLDER / EUROS
    assert b"\x80" in path.read_bytes() and b'encoding="utf-8"' in path.read_bytes()
    hand = _hand(real_histories, EUROS, "5710054735")
    # <tablecurrency>EUR</tablecurrency>, though the account's <currency> is USD
    assert (hand.header.game, hand.header.currency) == (Game.SEVEN_STUD_HILO, "EUR")
    assert hand.header.table == "Beignon, 826907366"
    assert hand.seats[1].stack == Decimal("2.86")
    # Hero, the low card, opens for the completion instead of bringing in
    first = next(e for e in hand.events if isinstance(e, Action))
    assert first == Action("Hero", ActionKind.BET, Decimal("0.05"))


def test_an_all_in_for_a_cent_more_is_a_raise_and_raise_to_totals(real_histories) -> None:
    hand = _hand(real_histories, EUROS, "5710056302")
    actions = [e for e in hand.events if isinstance(e, Action)]
    sixth = [(a.player, a.kind, a.amount, a.raise_to) for a in actions[-7:-3]]
    assert sixth == [
        ("Hero", ActionKind.BET, Decimal("0.10"), None),
        ("Player0", ActionKind.RAISE, None, Decimal("0.20")),
        ("Hero", ActionKind.RAISE, None, Decimal("0.30")),  # type="23" sum="€0.30": to
        ("Player0", ActionKind.CALL, Decimal("0.10"), None),
    ]
    assert actions[-2] == Action("Player0", ActionKind.RAISE, raise_to=Decimal("0.11"), all_in=True)
    assert actions[-1] == Action("Hero", ActionKind.CALL, Decimal("0.01"))
    assert [e for e in hand.events if isinstance(e, Collect)] == [Collect("Hero", Decimal("1.14"))]


def test_the_sit_and_go_in_chips(real_histories) -> None:
    hand = _hand(real_histories, TOURNAMENT, "4044858766")
    header = hand.header
    assert header.money is MoneyKind.TOURNAMENT and header.currency is None
    assert header.tournament == Tournament(
        "699476041", buy_in=Decimal(5), fee=Decimal("0.50"), currency="USD"
    )
    assert hand.seats[0].stack == Decimal(1440)  # chips="1,440"
    # "7 Card Stud L": no stakes printed; Player2 completes to 60 over the bring-in of 15
    stakes = header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (
        Decimal(8),
        Decimal(15),
        Decimal(60),
        Decimal(120),
    )


def test_a_tournament_hand_that_shows_no_bet_takes_its_level_by_its_ante(real_histories) -> None:
    """Player18, the low card with 274 chips after a 40 ante, goes all in at once: the
    level of 40 antes bets 300 and 600."""
    hand = _hand(real_histories, TOURNAMENT, "4044980507")
    assert hand.header.stakes.small_bet == Decimal(300)
    first = next(e for e in hand.events if isinstance(e, Action))
    assert first == Action("Player18", ActionKind.BET, Decimal(274), all_in=True)


def test_hands_keep_their_lines_and_bytes(real_histories) -> None:
    path = real_histories / FOLDER / DOLLARS
    data = path.read_bytes()
    chunks = list(file_chunks(str(path), data))
    assert [c.first_line for c in chunks] == [18, 47]  # as grep -n counts them
    for chunk in chunks:
        assert data[chunk.byte_offset :].startswith(b"<game gamecode=")
        assert data[: chunk.byte_end].endswith(b"</game>")
    hand = _hand(real_histories, DOLLARS, "2418629537")
    assert next(e for e in hand.events if isinstance(e, Post)).line == 26
