# ruff: noqa: E501  (Boss writes a whole element on one line, as the hands below do)
"""Boss Media's XML, hand-written: the forms FPDB's converter and its regression files
know and the real file here does not show (pot and no limit, the calls that name what
they add, all-ins, dead and double blinds, antes, tournaments, the files with no
`<ROOT>`, Windows-1252 table names), and hostile hands."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Draw,
    Hand,
    LimitKind,
    MoneyKind,
    Muck,
    Post,
    PostKind,
    Show,
    Street,
    Tournament,
    UncalledReturn,
)
from parsers.model.outcomes import SkippedHand
from parsers.sites import conventions_of, site_name
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay

OPENING = '<HISTORY ID="{number}" SESSION="session698382390.xml" TABLE="{table}" GAME="{game}" GAMETYPE="GAMETYPE_REAL" GAMEKIND="{kind}" TABLECURRENCY="EUR" LIMIT="{limit}" STAKES="{stakes}" DATE="1374605236" TABLETOURNEYID="" WIN="3.60" LOSS="0.00" ENDTIME="1374605262">'
SEATS = """<PLAYER NAME="UNKNOWN" SEAT="1" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<PLAYER NAME="Hero" SEAT="3" AMOUNT="60.06" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="Player0" SEAT="4" AMOUNT="14.18" STATE="STATE_PLAYING" DEALER="N"></PLAYER>"""
DEALS = """<ACTION TYPE="HAND_DEAL" PLAYER="Player0">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Hero">
<CARD LINK="26"></CARD>
<CARD LINK="32"></CARD>
<CARD LINK="9"></CARD>
<CARD LINK="42"></CARD>
<CARD LINK="50"></CARD></ACTION>"""

# FPDB's regression file 5CD-PL-EUR-0.50-1.00-201307.txt: no declaration, no <ROOT>, the
# loser's mucked cards printed.
POT_LIMIT_HAND = f"""{
    OPENING.format(
        number="3042344309",
        game="GAME_FCD",
        limit="PL",
        stakes="0.50/1.00",
        kind="GAMEKIND_CASH",
        table="Table FCD 59",
    )
}
{SEATS}
<ACTION TYPE="HAND_BLINDS" PLAYER="Hero" KIND="HAND_SB" VALUE="0.50"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Player0" KIND="HAND_BB" VALUE="1.00"></ACTION>
{DEALS}
<ACTION TYPE="ACTION_RAISE" PLAYER="Hero" VALUE="2.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Player0" VALUE="2.00"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="4.00" RAKE="0.00" MAINPOT="4.00" LEFTPOT="" RIGHTPOT=""></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Player0" COUNT="2">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Hero" COUNT="3">
<CARD LINK="26"></CARD>
<CARD LINK="45"></CARD>
<CARD LINK="25"></CARD>
<CARD LINK="12"></CARD>
<CARD LINK="50"></CARD></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Player0"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Hero" VALUE="2.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Player0" VALUE="2.00"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="7.60" RAKE="0.40" MAINPOT="7.60" LEFTPOT="" RIGHTPOT="">
<RESULT PLAYER="Player0" WIN="0.00" HAND="$(STR_G_MUCK)" WINCARDS="">
<CARD LINK="49"></CARD>
<CARD LINK="10"></CARD>
<CARD LINK="0"></CARD>
<CARD LINK="20"></CARD>
<CARD LINK="37"></CARD></RESULT>
<RESULT PLAYER="Hero" WIN="7.60" HAND="$(STR_G_WIN_PAIR) $(STR_G_CARDS_KINGS)" WINCARDS="25 12 26 50 45 ">
<CARD LINK="25"></CARD>
<CARD LINK="12"></CARD>
<CARD LINK="26"></CARD>
<CARD LINK="50"></CARD>
<CARD LINK="45"></CARD></RESULT></SHOWDOWN></HISTORY>"""


def history(
    body: str,
    *,
    number: str = "3042344309",
    game: str = "GAME_FCD",
    limit: str = "PL",
    stakes: str = "0.50/1.00",
    kind: str = "GAMEKIND_CASH",
    table: str = "Table FCD 59",
    seats: str = SEATS,
) -> str:
    opening = OPENING.format(
        number=number, game=game, limit=limit, stakes=stakes, kind=kind, table=table
    )
    return f"{opening}\n{seats}\n{body}</HISTORY>"


def outcome(text: str | bytes, root: bool = True) -> object:
    data = text if isinstance(text, bytes) else text.encode()
    if root:
        data = b'<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n' + data + b"</ROOT>"
    [(_chunk, result)] = list(parse_bytes("boss.xml", data))
    return result


def replayed(hand: object) -> Hand:
    assert isinstance(hand, Hand), hand
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == (), result.errors
    assert sum((p.net for p in result.players), Decimal(0)) + result.rake == 0
    return hand


def test_a_file_with_no_root_pot_limit_and_a_muck_with_its_cards() -> None:
    """FPDB's 2013 pot-limit file: the hand alone, no declaration, no `<ROOT>`."""
    hand = replayed(outcome(POT_LIMIT_HAND, root=False))
    assert site_name(hand.site) == "Boss Media"
    header = hand.header
    assert (header.limit, header.currency, header.money) == (LimitKind.POT, "EUR", MoneyKind.REAL)
    assert (header.stakes.small_blind, header.stakes.big_blind) == (Decimal("0.50"), Decimal(1))
    assert header.started_at_utc == datetime(2013, 7, 23, 18, 47, 16, tzinfo=UTC)
    # 49 10 0 20 37, 25 12 26 50 45
    assert Muck("Player0", ("Js", "Jd", "Ad", "8c", "Qh")) in hand.events
    assert Show("Hero", ("Kc", "Kd", "Ah", "Qs", "7s")) in hand.events
    assert [e for e in hand.events if isinstance(e, Collect)] == [Collect("Hero", Decimal("7.60"))]


BLINDS = """<ACTION TYPE="HAND_BLINDS" PLAYER="Hero" KIND="HAND_SB" VALUE="0.50"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Player0" KIND="HAND_BB" VALUE="1.00"></ACTION>
"""


def _showdown(pot: str, rake: str, winner: str) -> str:
    return (
        f'<SHOWDOWN NAME="HAND_SHOWDOWN" POT="{pot}" RAKE="{rake}">\n'
        f'<RESULT PLAYER="{winner}" WIN="{pot}" HAND="$(STR_BY_DEFAULT)"></RESULT></SHOWDOWN>'
    )


def test_a_call_that_names_what_it_adds() -> None:
    """Inferred (FPDB's NLHE-SEK-2.00-4.00-201307.add.call): the big blind of 1.00
    calls a raise to 3.00 with VALUE="2.00", what it adds."""
    body = (
        BLINDS
        + DEALS
        + """
<ACTION TYPE="ACTION_RAISE" PLAYER="Hero" VALUE="3.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Player0" VALUE="2.00"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="6.00"></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Player0"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Hero" VALUE="6.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Player0"></ACTION>
"""
        + _showdown("5.70", "0.30", "Hero")
    )
    hand = replayed(outcome(history(body)))
    actions = [e for e in hand.events if isinstance(e, Action)]
    assert actions[1] == Action("Player0", ActionKind.CALL, Decimal(2))
    assert UncalledReturn("Hero", Decimal(6)) in hand.events


def test_an_all_in_names_the_rounds_total_and_a_short_call() -> None:
    """Inferred (FPDB: ACTION_ALLIN is the round's total): Hero raises to 3, Player0
    raises all in to his 14.18, Hero calls to 14.18; they stand pat (ACTION_STAND,
    inferred; and a CHANGECARD of none) and show down."""
    body = (
        BLINDS
        + DEALS
        + """
<ACTION TYPE="ACTION_RAISE" PLAYER="Hero" VALUE="3.00"></ACTION>
<ACTION TYPE="ACTION_ALLIN" PLAYER="Player0" VALUE="14.18"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Hero" VALUE="14.18"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="28.36"></ACTION>
<ACTION TYPE="ACTION_STAND" PLAYER="Player0"></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Hero" COUNT="0">
<CARD LINK="26"></CARD>
<CARD LINK="32"></CARD>
<CARD LINK="9"></CARD>
<CARD LINK="42"></CARD>
<CARD LINK="50"></CARD></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="27.36" RAKE="1.00">
<RESULT PLAYER="Player0" WIN="0.00" HAND="$(STR_G_WIN_HIGHCARD)">
<CARD LINK="11"></CARD>
<CARD LINK="23"></CARD>
<CARD LINK="33"></CARD>
<CARD LINK="3"></CARD>
<CARD LINK="17"></CARD></RESULT>
<RESULT PLAYER="Hero" WIN="27.36" HAND="$(STR_G_WIN_PAIR)">
<CARD LINK="26"></CARD>
<CARD LINK="32"></CARD>
<CARD LINK="9"></CARD>
<CARD LINK="42"></CARD>
<CARD LINK="50"></CARD></RESULT></SHOWDOWN>"""
    )
    hand = replayed(outcome(history(body, limit="NL")))
    assert hand.header.limit is LimitKind.NO  # Inferred: FPDB BossToFpdb.py re_GameInfo (LIMIT)
    actions = [e for e in hand.events if isinstance(e, Action)]
    assert actions == [
        Action("Hero", ActionKind.RAISE, raise_to=Decimal(3)),
        Action("Player0", ActionKind.RAISE, raise_to=Decimal("14.18"), all_in=True),
        Action("Hero", ActionKind.CALL, Decimal("11.18")),
    ]
    draws = [e for e in hand.events if isinstance(e, Draw)]
    assert [(d.player, d.discard_count) for d in draws] == [("Player0", 0), ("Hero", 0)]
    assert draws[1].street is Street.DRAW_1 and draws[1].kept == ("Ah", "7h", "Td", "4s", "Qs")


THREE_SEATS = """<PLAYER NAME="Hero" SEAT="3" AMOUNT="60.06" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Player0" SEAT="4" AMOUNT="14.18" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Player1" SEAT="5" AMOUNT="20.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>"""
THIRD_DEAL = """
<ACTION TYPE="HAND_DEAL" PLAYER="Player1">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>"""


@pytest.mark.parametrize(
    ("blinds", "posts", "pot"),
    [
        # inferred (FPDB: NLHE-SEK-5.00-10.00-201207.secondsb): a second small blind is dead
        (
            '<ACTION TYPE="HAND_BLINDS" PLAYER="Player1" KIND="HAND_SB" VALUE="0.50"></ACTION>',
            [(PostKind.DEAD_BLIND, "0.50")],
            "6.50",
        ),
        # inferred (FPDB: PLO8-CAD-0.05-0.10-201703.dead.small): a dead small blind, then
        # the big blind
        (
            '<ACTION TYPE="HAND_BLINDS" PLAYER="Player1" KIND="HAND_DSB" VALUE="0.50"></ACTION>\n'
            '<ACTION TYPE="HAND_BLINDS" PLAYER="Player1" KIND="HAND_BB" VALUE="1.00"></ACTION>',
            [(PostKind.SMALL_AND_BIG_BLINDS, "1.50")],
            "7.50",
        ),
        # inferred (FPDB: LHE-10-20-USD-201105.post.both): both blinds at once
        (
            '<ACTION TYPE="HAND_BLINDS" PLAYER="Player1" KIND="HAND_AB" VALUE="1.50"></ACTION>',
            [(PostKind.SMALL_AND_BIG_BLINDS, "1.50")],
            "7.50",
        ),
    ],
)
def test_dead_and_double_blinds(blinds: str, posts: list, pot: str) -> None:
    """Player1, on the button, posts on coming in and folds; Hero raises to 3 from the
    small blind, Player0 calls, and folds to Hero's bet after the draw."""
    body = (
        BLINDS
        + blinds
        + "\n"
        + DEALS
        + THIRD_DEAL
        + """
<ACTION TYPE="ACTION_FOLD" PLAYER="Player1"></ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Hero" VALUE="3.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Player0" VALUE="3.00"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="6.50"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Hero" VALUE="3.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Player0"></ACTION>
"""
        + _showdown(pot, "0.00", "Hero")
    )
    hand = replayed(outcome(history(body, seats=THREE_SEATS)))
    player1 = [
        (e.kind, str(e.amount))
        for e in hand.events
        if isinstance(e, Post) and e.player == "Player1"
    ]
    assert player1 == posts
    assert UncalledReturn("Hero", Decimal(3)) in hand.events


def test_a_tournament_hand_with_antes_in_chips() -> None:
    """Inferred (FPDB: GAMEKIND_TOURNAMENT, HAND_ANTE; the number is the session's when
    TABLETOURNEYID is empty); the table's name in Windows-1252 in a file that says UTF-8."""
    body = (
        """<ACTION TYPE="HAND_ANTE" PLAYER="Hero" VALUE="0.25"></ACTION>
<ACTION TYPE="HAND_ANTE" PLAYER="Player0" VALUE="0.25"></ACTION>
"""
        + BLINDS
        + DEALS
        + """
<ACTION TYPE="ACTION_FOLD" PLAYER="Hero"></ACTION>
"""
        + _showdown("1.50", "0.00", "Player0")
    )
    text = history(body, kind="GAMEKIND_TOURNAMENT", table="S\u00f6ndagssteken \u20ac500")
    hand = replayed(outcome(text.encode("cp1252")))
    header = hand.header
    assert (header.money, header.currency) == (MoneyKind.TOURNAMENT, None)
    assert header.tournament == Tournament("698382390", currency="EUR")
    assert header.table == "Söndagssteken €500"
    assert header.stakes.ante == Decimal("0.25")


def test_the_older_seat_list_names_only_the_players() -> None:
    """FPDB's 2009-2011 files: `<PLAYER NAME= SEAT= AMOUNT=>`, no state, no dealer."""
    seats = """<PLAYER NAME="Hero" SEAT="3" AMOUNT="60.06"></PLAYER>
<PLAYER NAME="Player0" SEAT="4" AMOUNT="14.18"></PLAYER>"""
    body = BLINDS + DEALS + '\n<ACTION TYPE="ACTION_FOLD" PLAYER="Hero"></ACTION>\n'
    body += _showdown("1.00", "0.00", "Player0")
    hand = replayed(outcome(history(body, seats=seats, limit="FL", stakes="1.00/2.00")))
    assert (hand.header.button_seat, hand.header.max_seats) == (None, None)
    assert hand.header.stakes.small_bet == Decimal(1)


@pytest.mark.parametrize("game", ["GAME_THM", "GAME_OMA", "GAME_OMATU", "GAME_OMAHL"])
def test_flop_games_are_skipped(game: str) -> None:
    result = outcome(history("", game=game))
    assert isinstance(result, SkippedHand)
    assert (result.hand_number, result.game) == ("3042344309", game)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('GAME="GAME_FCD"', 'GAME="GAME_7CS"'), "unknown Boss game 'GAME_7CS'"),
        (('LIMIT="PL"', 'LIMIT="XL"'), "unknown Boss limit 'XL'"),
        (('<CARD LINK="26">', '<CARD LINK="52">'), "unreadable card '52'"),
        (('VALUE="2.00"></ACTION>', 'VALUE="two"></ACTION>'), "unreadable amount 'two'"),
        (('PLAYER="Player0" COUNT="2"', 'PLAYER="Nobody" COUNT="2"'), "'Nobody' is not seated"),
        (('TYPE="ACTION_BET"', 'TYPE="ACTION_DANCE"'), "unknown Boss action 'ACTION_DANCE'"),
        (('COUNT="3"', 'COUNT="2"'), "a draw of 2 cards changes 3"),
        (('DATE="1374605236"', 'DATE="yesterday"'), "the date 'yesterday' is not a Unix time"),
    ],
)
def test_a_bad_hand_is_an_error_naming_its_line(change: tuple[str, str], message: str) -> None:
    text = POT_LIMIT_HAND.replace(*change, 1)
    result = outcome(text)
    assert isinstance(result, HandParseError), result
    assert message in result.message
    assert result.hand_number == "3042344309" and result.path == "boss.xml"
    assert result.line >= 3


def test_a_hand_cut_short_and_broken_xml() -> None:
    cut = outcome(POT_LIMIT_HAND.split("<SHOWDOWN")[0] + "</HISTORY>")
    assert isinstance(cut, HandParseError) and cut.kind is ErrorKind.TRUNCATED
    broken = outcome(POT_LIMIT_HAND.replace("</ACTION>", "", 1))
    assert isinstance(broken, HandParseError) and broken.kind is ErrorKind.SYNTAX
