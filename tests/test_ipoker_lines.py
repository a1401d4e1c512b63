# ruff: noqa: E501  (iPoker writes a whole round on one line, as the hand below does)
"""iPoker's XML, hand-written: the forms FPDB's converter knows and no real file here
shows (other games and limits, dates, euros with a decimal comma), and hostile files."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.amounts import parse_loose_amount
from parsers.errors import ErrorKind, HandParseError
from parsers.events import Game, Hand, LimitKind, MoneyKind
from parsers.history_file import parse_bytes
from parsers.ipoker import start_time
from parsers.outcomes import SkippedHand
from parsers.xml_reading import card_of

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
    assert parse_loose_amount("1,440") == 1440
    assert parse_loose_amount("0,05€") == Decimal("0.05")
    assert parse_loose_amount("$4.02") == Decimal("4.02")
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
