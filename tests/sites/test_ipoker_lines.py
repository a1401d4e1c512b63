# ruff: noqa: E501  (iPoker writes a whole round on one line, as the hand below does)
"""iPoker's XML, hand-written: the forms FPDB's converter knows and no real file here
shows (other games and limits, dates, euros with a decimal comma), and hostile files."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.lines.xml_hands import card_of
from parsers.model.amounts import parse_amount
from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Game, Hand, LimitKind, MoneyKind, Note
from parsers.model.outcomes import SkippedHand
from parsers.sites.ipoker import start_time
from parsers.text.history_file import parse_bytes

HAND = """<game gamecode="7">
 <general><startdate>{date}</startdate><players>
  <player seat="1" name="Ann" chips="{a}" dealer="1" win="{won}" bet="{b}"/>
  <player seat="2" name="Bob" chips="{a}" dealer="0" win="{nothing}" bet="{b}"/>
 </players></general>
 <round no="0"><action no="1" player="Ann" type="15" sum="{b}" cards="[cards]"/><action no="2" player="Bob" type="15" sum="{b}" cards="[cards]"/></round>
 <round no="1"></round>
 <round no="2"><cards type="Third Street" player="Ann">X X HA</cards><cards type="Third Street" player="Bob">C2 S10 D3</cards><action no="3" player="Bob" type="16" sum="{b}"/><action no="4" player="Ann" type="{kind}" sum="{c}"/>
 </round>
</game>"""


def session(game: str, date: str = "2010-09-05 13:00:46", kind: str = "0", **money: str) -> bytes:
    amounts = {"a": "$1", "b": "$0.01", "c": "$0", "won": "$0", "nothing": "$0", **money}
    if kind == "0":
        amounts["won"], amounts["nothing"] = amounts["nothing"], "$0.03"
    hand = HAND.format(date=date, kind=kind, **amounts)
    return (
        '<?xml version="1.0" encoding="utf-8"?><session sessioncode="1"><general>'
        f"<mode>real</mode><gametype>{game}</gametype><tablename>T</tablename>"
        f"<currency>USD</currency><nickname>Bob</nickname></general>\n{hand}\n</session>"
    ).encode()


def outcome(data: bytes) -> object:
    [(_chunk, result)] = list(parse_bytes("s.xml", data))
    return result


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        ("7 Card Stud L $0.05/$0.10", Game.SEVEN_STUD),
        ("7 Card Stud Hi-Lo L $0.05/$0.10", Game.SEVEN_STUD_HILO),
        ("7 Card Stud HiLow Limit $0.05/$0.10", Game.SEVEN_STUD_HILO),  # inferred
        ("5 Card Stud L $0.05/$0.10", Game.FIVE_STUD),  # inferred
    ],
)
def test_stud_games(game: str, expected: Game) -> None:
    hand = outcome(session(game))
    assert isinstance(hand, Hand), hand
    assert (hand.game, hand.header.limit) == (expected, LimitKind.FIXED)
    assert hand.header.stakes.small_bet == Decimal("0.05")


@pytest.mark.parametrize(
    "game", ["Holdem NL $0.02/$0.04", "Omaha Hi-Lo PL $0.05/$0.10", "LH 0.02/0.04 x", "PL $1/$2"]
)
def test_flop_games_are_skipped(game: str) -> None:
    skipped = outcome(session(game))
    assert isinstance(skipped, SkippedHand) and skipped.hand_number == "7"


def test_euros_with_a_decimal_comma_and_the_sign_after() -> None:
    """FPDB: French skins write "0,02€"."""
    data = session("7 Card Stud L 0,05€/0,10€", a="1€", b="0,01€")
    hand = outcome(data)
    assert isinstance(hand, Hand), hand
    assert (hand.header.currency, hand.seats[0].stack) == ("EUR", Decimal(1))
    assert hand.header.stakes.ante == Decimal("0.01")


@pytest.mark.parametrize(
    "printed",
    ["2010-09-05 13:00:46", "2010/09/05 13:00:46", "05/09/2010 13:00:46", "05.09.2010 13:00:46",
     "05-Sep-2010 13:00:46"],
)  # fmt: skip
def test_dates(printed: str) -> None:
    assert start_time(printed) == datetime(2010, 9, 5, 13, 0, 46, tzinfo=UTC)


def test_pieces() -> None:
    assert [card_of(c) for c in ("S10", "HA", "D7", "X", "5h")] == ["Ts", "Ah", "7d", None, "5h"]
    assert parse_amount("1,440") == 1440
    assert parse_amount("0,05€") == Decimal("0.05")
    assert parse_amount("$4.02") == Decimal("4.02")
    with pytest.raises(ValueError):
        card_of("Z9")


def test_an_unknown_action_type_names_its_line() -> None:
    error = outcome(session("7 Card Stud L $0.05/$0.10", kind="42", c="$0.05"))
    assert isinstance(error, HandParseError)
    assert error.kind is ErrorKind.STRUCTURE and error.hand_number == "7"
    assert "unknown iPoker action type '42'" in error.message
    assert error.line == 9 and 'type="42"' in error.line_text


def test_a_hand_cut_short_does_not_read() -> None:
    data = session("7 Card Stud L $0.05/$0.10")
    error = outcome(data[: data.index(b'<round no="2">') + 20])
    assert isinstance(error, HandParseError) and error.hand_number == "7"


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE session [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
        '<!DOCTYPE session [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>',
    ],
)
def test_a_hostile_header_rejects_every_hand_with_its_reason(doctype: str) -> None:
    data = session("7 Card Stud L $0.05/$0.10").replace(
        b"?><session", b"?>" + doctype.encode() + b"<session"
    )
    error = outcome(data)
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.STRUCTURE
    assert "XML refused" in error.message and error.line == 2


def test_an_entity_inside_a_hand_is_not_expanded() -> None:
    data = session("7 Card Stud L $0.05/$0.10").replace(b'name="Ann"', b'name="&lol9;"')
    error = outcome(data)
    assert isinstance(error, HandParseError) and "undefined entity" in error.message


def test_play_money_and_money_kinds() -> None:
    data = session("7 Card Stud L $0.05/$0.10").replace(b"<mode>real", b"<mode>play")
    hand = outcome(data)
    assert isinstance(hand, Hand) and hand.header.money is MoneyKind.PLAY


# Inferred forms (issue 48): FPDB iPoker/base.py's regexes and its tournament files.


def test_a_seat_sitting_out_event_is_a_note_on_its_player() -> None:
    """Inferred, FPDB re_sits_out: '<event sequence="N" type="SIT_OUT" player="N"/>', the
    seat by its number; iPoker's own sitting out in the hand is the action of type 9."""
    data = session("7 Card Stud L $0.05/$0.10").replace(
        b'<round no="1"></round>',
        b'<round no="1"><event sequence="3" type="SIT_OUT" player="1"/></round>',
    )
    hand = outcome(data)
    assert isinstance(hand, Hand), hand
    assert Note("sits_out", "", "Ann", line=8) in hand.events
    other = outcome(data.replace(b'type="SIT_OUT" player="1"', b'type="SIT_OUT" player="5"'))
    assert isinstance(other, HandParseError) and "no player seated at seat '5'" in other.message
    unknown = outcome(data.replace(b'type="SIT_OUT"', b'type="TIP"'))
    assert (
        isinstance(unknown, HandParseError) and "unknown iPoker event type 'TIP'" in unknown.message
    )


@pytest.mark.parametrize(
    ("change", "message", "line"),
    [
        ((rb"<startdate>[^<]*</startdate>", b""), "its <general> has no <startdate>", 3),
        ((rb"<round.*?</round>\n?", b""), "its <game> has no <round>", 2),
        ((rb"</game>", b""), "its <game> is cut off before </game>", 12),
    ],
)
def test_a_partial_game_is_counted_truncated_with_its_reason(
    change: tuple[bytes, bytes], message: str, line: int
) -> None:
    """Inferred, FPDB re_partial ("iPoker hands lacking actions/starttime"): a <game>
    without its <startdate> or its rounds, or cut off, is a partial hand, never a whole one."""
    data = re.sub(change[0], change[1], session("7 Card Stud L $0.05/$0.10"), flags=re.S)
    error = outcome(data)
    assert isinstance(error, HandParseError), error
    assert (error.kind, error.hand_number, error.line) == (ErrorKind.TRUNCATED, "7", line)
    assert error.message == f"a partial hand: {message}"


def tournament_session(table: str, buy_in: str, code: str = "") -> bytes:
    """A multi-table tournament's header as FPDB's files print it (NLHE-EUR-MTT-30-201302:
    the name, the place, the buy-in after the other fields), on a stud hand in chips."""
    data = session("7 Card Stud L", a="5,350", b="10", nothing="30")
    return data.replace(
        b"<tablename>T</tablename>",
        f"<tablename>{table}</tablename><tournamentcurrency></tournamentcurrency>{code}".encode(),
    ).replace(
        b"</general>\n<game",
        f"<tournamentname>Irish Open</tournamentname><place>26</place><buyin>{buy_in}</buyin> "
        "<totalbuyin></totalbuyin> <win>€0.00</win></general>\n<game".encode(),
    )


@pytest.mark.parametrize(
    ("table", "buy_in", "code", "expected"),
    [
        ("Irish Open 2013 B SuperSat R/A, 799557276", "€30.00+€3.00", "", ("799557276", "30.00", "3.00", "USD")),
        ("€0.50 NLH Double Up 6 Gioc., 547028881 M2EFE101E4DDF2KD", "€0,50", "", ("547028881", "0.50", None, "USD")),
        ("Dusk Mini 0.50 Feeder, 823161661", "Pts 11.00+Pts 0.00", "", ("823161661", "11.00", "0.00", "FPP")),
        ("SPF $100 Daily Tournament, 611669111", "Einladung", "", ("611669111", None, None, "USD")),
        ("Table 14 $10,000 Guaranteed (10K Chips) 21387619", "$10+$1", "<tournamentcode>21387619</tournamentcode>", ("21387619", "10", "1", "USD")),
    ],
)  # fmt: skip
def test_a_multi_table_tournament_is_known_by_the_code_in_its_table_name(
    table: str, buy_in: str, code: str, expected: tuple[str, str | None, str | None, str]
) -> None:
    """Inferred, FPDB re_tablename_mtt, re_tour_no and the split on the last comma, re_fpp:
    the tables and buy-ins of FPDB's iPoker tournament files."""
    hand = outcome(tournament_session(table, buy_in, code))
    assert isinstance(hand, Hand), hand
    assert hand.header.money is MoneyKind.TOURNAMENT and hand.header.table == table
    given = hand.header.tournament
    assert given is not None
    number, paid, fee, currency = expected
    assert given.tournament_id == number
    assert given.buy_in == (None if paid is None else Decimal(paid))
    assert given.fee == (None if fee is None else Decimal(fee))
    assert given.currency == currency
    assert hand.seats[0].stack == 5350
