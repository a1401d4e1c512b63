"""Everleaf's line forms that the real files do not hold, as FPDB's converter records
them: each read into the events a real line of its kind gives, or skipped as a flop game."""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.model.events import Collect, Game, Hand, LimitKind, MoneyKind, Muck, Tournament
from parsers.model.outcomes import SkippedHand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay

HAND = """Everleaf Gaming Game #285997460
***** Hand history for game #285997460 *****
$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53
Table Clarkdale 20
Total number of players: 2
Seat 2: Player2 (  $ 1.29 USD )
Seat 4: Player4 (  $ 1.58 USD )
Player2: posts ante [$ 0.01 USD]
Player4: posts ante [$ 0.01 USD]
** Dealing down cards **
Player2 posts bring-in $0.02.
Player4 calls [$ 0.02 USD]
**** dealing 4th street ****
Player4 checks
Player2 checks
**** dealing 5th street ****
Player4 checks
Player2 checks
**** dealing 6th street ****
Player2 checks
Player4 checks
**** dealing river ****
Player2 checks
Player4 checks
Player2 shows [ Qd, 3s, 3h, 9c, 4s, Jd, 8c ] a pair of threes
Player4 mucks [ 2s, 5c, 7d, 8h, Ts, Kc, 6d ]
Player2 wins $ 0.06 USD from main pot with a pair of threes [ 3s, 3h, Qd, Jd, 9c ]
"""


def _read(text: str) -> object:
    [(_chunk, outcome)] = list(parse_bytes("everleaf.txt", text.encode() + b"\n\n"))
    return outcome


def test_a_muck_showing_cards_is_a_muck_and_the_hand_replays() -> None:
    hand = _read(HAND)
    assert isinstance(hand, Hand)
    [muck] = [e for e in hand.events if isinstance(e, Muck)]
    assert muck.player == "Player4" and muck.cards == ("2s", "5c", "7d", "8h", "Ts", "Kc", "6d")
    assert replay(hand, conventions_of(hand.site)).errors == ()


def test_razz_and_side_pots_read_as_fpdb_records_them() -> None:
    text = HAND.replace("7 Card Stud", "Razz").replace("from main pot", "from side pot #1")
    hand = _read(text)
    assert isinstance(hand, Hand) and hand.game is Game.RAZZ
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Player2", Decimal("0.06"), "side-1")
    ]


@pytest.mark.parametrize(
    "game_line",
    [
        "Blinds $0.5/$1 NL Hold'em - 2011/07/08 - 00:08:53",
        "$0.5/$1 PL Omaha - 6 Max - 2011/07/08 - 00:08:53",
    ],
)
def test_a_flop_game_is_skipped_by_name(game_line: str) -> None:
    text = HAND.replace("$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53", game_line)
    skipped = _read(text)
    assert isinstance(skipped, SkippedHand)
    assert skipped.hand_number == "285997460"


def test_a_hand_cut_before_its_pots_are_won_is_truncated() -> None:
    cut = HAND[: HAND.index("Player2 wins")]
    error = _read(cut)
    assert getattr(error, "kind", None) is not None and error.kind.value == "truncated"  # type: ignore[attr-defined]


def test_fixed_limit_is_the_only_stud_limit() -> None:
    hand = _read(HAND)
    assert isinstance(hand, Hand) and hand.header.limit is LimitKind.FIXED


# A sit-and-go's hand in chips, in the forms of FPDB's tournament files (TID_1337923-1.txt:
# "Seat 1: Player1 (  16476 Chips )", "posts ante [ 100 Chips]", "calls [ 1,000 Chips]",
# "wins 5500 chips from main pot"), on a stud table.
CHIPS_HAND = (
    HAND.replace("$0.05/$0.10 7 Card Stud", "100/200 7 Card Stud")
    .replace("Table Clarkdale 20", "Table 1")
    .replace("(  $ 1.29 USD )", "(  1,290 Chips )")
    .replace("(  $ 1.58 USD )", "(  1,580 Chips )")
    .replace("[$ 0.01 USD]", "[ 10 Chips]")
    .replace("posts bring-in $0.02.", "posts bring-in 20.")
    .replace("calls [$ 0.02 USD]", "calls [ 20 Chips]")
    .replace("wins $ 0.06 USD", "wins 60 chips")
)


def _read_file(name: str, text: str) -> object:
    [(_chunk, outcome)] = list(parse_bytes(name, text.encode() + b"\n\n"))
    return outcome


def test_a_tournament_hand_takes_its_number_from_the_file_name() -> None:
    """Inferred, FPDB EverleafToFpdb.py re_TourneyInfoFromFilename: a hand in chips says
    it is a tournament's, the file "TID_1337923-1.txt" which one; the table stays the
    hand's own."""
    hand = _read_file("TID_99-1.zip!Everleaf/tour/TID_1337923-1.txt", CHIPS_HAND)
    assert isinstance(hand, Hand), hand
    assert hand.header.money is MoneyKind.TOURNAMENT and hand.header.table == "1"
    assert hand.header.tournament == Tournament("1337923")
    assert hand.seats[0].stack == 1290
    assert replay(hand, conventions_of(hand.site)).errors == ()
    unnamed = _read_file("everleaf.txt", CHIPS_HAND)
    assert isinstance(unnamed, Hand) and unnamed.header.money is MoneyKind.TOURNAMENT
    assert unnamed.header.tournament is None


def test_a_file_name_never_makes_a_hand_in_money_a_tournaments() -> None:
    hand = _read_file("TID_1337923-1.txt", HAND)
    assert isinstance(hand, Hand), hand
    assert (hand.header.money, hand.header.tournament) == (MoneyKind.REAL, None)
