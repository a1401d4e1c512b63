"""PartyPoker's line forms that the real files do not hold, as FPDB's converter and its
regression files record them: each read into the events a real line of its kind gives,
skipped as a flop game, or refused with the line named."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Action, ActionKind, Collect, Hand, MoneyKind, Note, Show
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay

# The low half won apart, as FPDB's "wins.lo.pot" file shows it (2012): "Player1 shows8,5,
# 3,2,A  for low." and "Player1 wins Lo ($90.50 USD) from the main pot with 8,5,3,2,A.".
# No "Dealt to" line: with the hero's cards alone the engine cannot judge who opens.
HAND = """Game #11480841734 starts.

#Game No : 11480841734
***** Hand History for Game 11480841734 *****
$10/$20 USD FL 7 Card Stud Hi-Lo - Monday, February 27, 09:51:26 EST 2012
Table Table  125524 (Real Money)
Seat 0 is the button
Total number of players : 2/8
Seat 1: Alice ( $390 USD )
Seat 3: Bob ( $510 USD )
Alice posts ante [$1 USD]
Bob posts ante [$1 USD]
** Dealing **
Alice opens
Alice bring-ins [$3 USD]
Bob completes [$10 USD]
Alice raises [$17 USD]
Bob calls [$10 USD]
** Dealing Fourth street **
Bob opens
Bob bets [$10 USD]
Alice calls [$10 USD]
** Dealing Fifth street **
Bob opens
Bob bets [$20 USD]
Alice calls [$20 USD]
** Dealing Sixth street **
Bob opens
Bob bets [$20 USD]
Alice calls [$20 USD]
** Dealing River **
Bob opens
Bob bets [$20 USD]
Alice calls [$20 USD]
Bob shows [ Qc, 3d, Ac, 8h, 2s, 5h, Jc ]high card Ace.
Bob shows8,5,3,2,A  for low.
Alice shows [ Ah, 4h, 4d, Td, Qd, Kc, 8s ]a pair of Fours.
Alice wins $90.50 USD from the main pot with a pair of Fours.
Bob wins Lo ($90.50 USD) from the main pot with 8,5,3,2,A.
"""


GAME_LINE = "$10/$20 USD FL 7 Card Stud Hi-Lo - Monday, February 27, 09:51:26 EST 2012"


def _read(text: str) -> object:
    [(_chunk, outcome)] = list(parse_bytes("partypoker.txt", text.encode() + b"\n\n"))
    return outcome


def _replays(hand: object) -> Hand:
    assert isinstance(hand, Hand), hand
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == (), result.errors
    return hand


def test_the_low_half_is_won_apart_and_the_hand_replays() -> None:
    hand = _replays(_read(HAND))
    assert hand.header.started_at_utc == datetime(2012, 2, 27, 14, 51, 26, tzinfo=UTC)
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Alice", Decimal("90.50"), "main"),
        Collect("Bob", Decimal("90.50"), "main"),
    ]
    lows = [e for e in hand.events if isinstance(e, Note) and e.kind == "low_hand"]
    assert [(e.player, e.text) for e in lows] == [("Bob", "8,5,3,2,A")]
    result = replay(hand, conventions_of(hand.site))
    assert (result.total_pot, result.rake) == (Decimal("182"), Decimal("1"))


def test_a_raise_over_the_bring_in_adds_to_it() -> None:
    """ "Alice bring-ins [$3 USD] / Bob completes [$10 USD] / Alice raises [$17 USD]":
    Alice raises to 20."""
    hand = _read(HAND)
    assert isinstance(hand, Hand)
    raises = [e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.RAISE]
    assert [(e.player, e.raise_to) for e in raises] == [("Alice", Decimal("20"))]


def test_the_heading_may_lack_its_first_lines_and_its_counts() -> None:
    """No "Game #N starts.", no "#Game No", no button or player count (converted and
    emailed copies), "For Game": the hand reads the same."""
    text = HAND.replace("Game #11480841734 starts.\n\n#Game No : 11480841734\n", "")
    text = text.replace("Hand History for Game", "Hand History For Game")
    text = text.replace("Seat 0 is the button\nTotal number of players : 2/8\n", "")
    hand = _replays(_read(text))
    assert (hand.hand_number, hand.header.max_seats) == ("11480841734", None)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Alice posts ante [$1 USD]", "Alice posts ante of [$1 USD]."),
        ("Bob calls [$10 USD]", "Bob calls [$10 USD]."),
        ("Alice calls [$20 USD]\nBob shows", "Alice calls[$20 USD]\nBob shows"),
        ("Bob opens\nBob bets [$10 USD]", "Bob opens.\nBob bets [$10 USD] "),
        ("Alice opens\n", "Alice: good luck\nCarol has joined the table.\nAlice opens\n"),
        ("** Dealing **\n", "** Dealing **\nDealt to Alice [ Ah, 4h, 4d ]\n"),
    ],
)
def test_spacing_stops_and_chat_read_alike(before: str, after: str) -> None:
    """FPDB's files end some lines with a full stop or a space, glue a bracket to the
    word, write chat and joins, and (2021) cards with commas."""
    assert before in HAND
    hand = _read(HAND.replace(before, after))
    assert isinstance(hand, Hand), hand
    assert hand.events[-1] == Collect("Bob", Decimal("90.50"), "main")


def test_euros_and_a_date_with_no_zone() -> None:
    """ "€10/€20 EUR ..." stakes and "( €390 EUR )" stacks; a date printed with no zone
    ("Sunday, July 24, 19:32:00  2016") is Eastern time, as FPDB reads it."""
    text = HAND.replace("$", "€").replace("USD", "EUR")
    text = text.replace("Monday, February 27, 09:51:26 EST 2012", "Sunday, July 24, 19:32:00  2016")
    hand = _replays(_read(text))
    assert (hand.header.currency, hand.header.money) == ("EUR", MoneyKind.REAL)
    assert hand.header.started_at_utc == datetime(2016, 7, 24, 23, 32, tzinfo=UTC)


def test_an_all_in_names_what_it_adds() -> None:
    """ "Alice is all-In  [$20 USD]" facing a 20 bet: a call; "Bob is all-In  [$30 USD]"
    with nothing bet: a bet, Alice's all-in over it a raise to what she had in plus 40."""
    call = _read(
        HAND.replace("Alice calls [$20 USD]\nBob shows", "Alice is all-In  [$20 USD]\nBob shows")
    )
    assert isinstance(call, Hand)
    last = [e for e in call.events if isinstance(e, Action)][-1]
    assert (last.kind, last.amount, last.all_in) == (ActionKind.CALL, Decimal("20"), True)
    text = HAND.replace(
        "Bob opens\nBob bets [$20 USD]\nAlice calls [$20 USD]\nBob shows",
        "Bob opens\nBob is all-In  [$30 USD]\nAlice is all-In  [$40 USD]\nBob calls [$10 USD]\n"
        "Bob shows",
    ).replace("$90.50 USD", "$110.50 USD")
    hand = _read(text)
    assert isinstance(hand, Hand), hand
    river = [e for e in hand.events if isinstance(e, Action)][-3:]
    assert [(e.kind, e.amount, e.raise_to, e.all_in) for e in river] == [
        (ActionKind.BET, Decimal("30"), None, True),
        (ActionKind.RAISE, None, Decimal("40"), True),
        (ActionKind.CALL, Decimal("10"), None, False),
    ]


def test_a_side_pot_is_labelled() -> None:
    text = HAND.replace("from the main pot with 8", "from the side pot 1 with 8")
    hand = _read(text)
    assert isinstance(hand, Hand)
    assert hand.events[-1] == Collect("Bob", Decimal("90.50"), "side-1")


def test_the_tournament_forms() -> None:
    """ "FL 7 Card Stud  Trny: 71487580 Level: 1  Stakes(60/120)" (no buy-in, the 2012
    freeroll form), chips with thousands, "Player Bob finished in 2 place"."""
    text = (
        HAND.replace(
            "$10/$20 USD FL 7 Card Stud Hi-Lo",
            "FL 7 Card Stud Hi-Lo  Trny: 71487580 Level: 1  Stakes(10/20)",
        )
        .replace("$", "")
        .replace(" USD", "")
        .replace("( 390 )", "( 1,390 )")
        .replace("90.50", "91")  # no rake in a tournament
    )
    text += "Player Alice finished in 2 place and received $10 USD\n"
    hand = _replays(_read(text))
    assert hand.header.money is MoneyKind.TOURNAMENT
    assert hand.header.tournament is not None and hand.header.tournament.tournament_id == "71487580"
    assert hand.seats[0].stack == Decimal("1390")


@pytest.mark.parametrize(
    "game_line",
    [
        "$2 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010",
        "$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012",
        "$5  USD  NL  Texas Hold'em - Sunday, March 31, 09:30:36 CEST 2013",
        "$10 USD fastforward NL Texas Hold'em - Wednesday,August 31, 01:41:34 MESZ 2016",
        "$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST 2012",
        "$1/$2 USD NL Short Deck - Tuesday, April 16, 18:04:52 CEST 2019",
        "NL Texas Hold'em  Trny: 71487580 Level: 1  Blinds(20/40)"
        " - Friday, July 27, 23:00:33 MSKS 2012",
        "NL Texas Hold'em $30 Buy-in  + $3 Entry Fee  Trny:15286975 Level:4 Blinds(50/100)"
        " - Tuesday, August 30, 00:26:01 EDT 2005",
        "NL Texas Hold'em €1 EUR Buy-in  - Wednesday, November 28, 13:05:32 CET 2012",
        "NL Texas Hold'em $1 USD Buy-in Trny:1 Level:2  Blinds-Antes(10/20 -2)"
        " - Sunday, July 24, 19:32:00 CEST 2016",
        "Tourney Hand NL Texas Hold'em - Sunday, December 23, 07:21:56 ET 2018",
        "0.01/0.02 Texas Hold'em Game Table (NL)  -  Mon Jul 12 13:38:32 EDT 2010",
        "150/300 Tourney Texas Holdem Game Table (NL) (SNG Tournament #304152365)"
        " (Buyin $4.8 + $0.2) - Thu Apr 08 22:42:26 EDT 2021",
    ],
)
def test_a_flop_game_is_skipped_by_name(game_line: str) -> None:
    text = HAND.replace(GAME_LINE, game_line)
    skipped = _read(text)
    assert isinstance(skipped, SkippedHand), skipped
    assert skipped.hand_number == "11480841734"


def test_the_game_table_export_names_the_button_on_the_table_line() -> None:
    text = HAND.replace(
        "Table Table  125524 (Real Money)\nSeat 0 is the button\n",
        "Table 20BB Min Speed #1775757  (Real Money) -- Seat 1 is the button\n",
    ).replace(
        GAME_LINE,
        "0.01/0.02 Texas Hold'em Game Table (NL)  -  Mon Jul 12 13:38:32 EDT 2010",
    )
    assert isinstance(_read(text), SkippedHand)


def test_a_closed_table_cancels_the_hand() -> None:
    """FPDB drops a hand holding "Table Closed" as partial."""
    text = HAND.replace("Alice wins", "Table Closed\nAlice wins")
    cancelled = _read(text)
    assert isinstance(cancelled, CancelledHand)
    assert cancelled.hand_number == "11480841734"


def test_two_wins_glued_on_one_line_are_refused_not_half_read() -> None:
    """FPDB's files glue a split pot's two "wins" ("...Queens.Player4 wins $27.37 USD
    ..."): the line is refused, naming it, rather than one win dropped."""
    text = HAND.replace(
        "Alice wins $90.50 USD from the main pot with a pair of Fours.\nBob",
        "Alice wins $90.50 USD from the main pot with a pair of Fours.Bob",
    )
    error = _read(text)
    assert isinstance(error, HandParseError)
    glued = HAND.splitlines().index("Alice wins $90.50 USD from the main pot with a pair of Fours.")
    assert error.kind is ErrorKind.SYNTAX and error.line == glued + 1


def test_a_hand_cut_before_its_pots_are_won_is_truncated() -> None:
    error = _read(HAND[: HAND.index("Alice wins")])
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.TRUNCATED


def test_an_unreadable_card_is_kept_as_unknown_with_a_warning() -> None:
    hand = _read(HAND.replace("Alice shows [ Ah,", "Alice shows [ Zz,"))
    assert isinstance(hand, Hand)
    [show] = [e for e in hand.events if isinstance(e, Show) and e.player == "Alice"]
    assert show.cards[0] == "??" and hand.warnings


def test_a_lost_connection_is_a_note_that_moves_no_money() -> None:
    """Inferred: FPDB's re_Disconnected, "Connection Lost due to some reason" (it drops
    the hand when the heading is missing too): the line is kept as a remark, and the
    hand, its money untouched, replays as without it."""
    text = HAND.replace(
        "** Dealing Fifth street **\n",
        "** Dealing Fifth street **\nConnection Lost due to some reason\n",
    )
    hand = _replays(_read(text))
    assert Note("remark", "Connection Lost due to some reason") in hand.events
    plain = _read(HAND)
    assert isinstance(plain, Hand)
    assert [e for e in hand.events if not isinstance(e, Note)] == [
        e for e in plain.events if not isinstance(e, Note)
    ]


# Inferred: FPDB's re_GameInfoTrny1, a sit-and-go's heading: "***** Hand History For Game
# N *****" and the game line with the buy-in, its entry fee, the tournament and its level.
SNG_GAME_LINE = (
    "FL 7 Card Stud Hi-Lo $10 USD Buy-in  + $1 Entry Fee  Trny:71489999 Level:1  "
    "Stakes-Antes(10/20-1) - Monday, February 27, 09:51:26 EST 2012"
)


def test_a_sit_and_go_heading_reads_its_tournament() -> None:
    text = (
        HAND.replace("Hand History for Game", "Hand History For Game")
        .replace(GAME_LINE, "GAME LINE")
        .replace("$", "")  # tournament chips
        .replace(" USD", "")
        .replace("90.50", "91")  # no rake in a tournament
        .replace("GAME LINE", SNG_GAME_LINE)
    )
    hand = _replays(_read(text))
    assert (hand.header.money, hand.header.currency) == (MoneyKind.TOURNAMENT, None)
    tournament = hand.header.tournament
    assert tournament is not None
    assert (tournament.tournament_id, tournament.level) == ("71489999", "1")
    assert (tournament.buy_in, tournament.fee, tournament.currency) == (
        Decimal("10"),
        Decimal("1"),
        "USD",
    )
    assert (hand.header.stakes.small_bet, hand.header.stakes.ante) == (10, 1)
