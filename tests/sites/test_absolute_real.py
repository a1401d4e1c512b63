"""Every real Absolute Poker history (2009, Seven Card Hi/Lo, dollars): each hand parses,
its cumulative "Pocket" lines made the deals of each street, its split pot read."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import (
    Collect,
    Deal,
    Game,
    LimitKind,
    MoneyKind,
    PotTotals,
    SeatSummary,
    Show,
    Street,
)
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from tests.support import real_sites

FOLDER = "Absolute"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Stud/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt": (1, 0),
}

HEADER = re.compile(r"^Stage #")
HAND_NUMBER = re.compile(r"^Stage #(C?\d+)", re.MULTILINE)
FLOP_GAME = re.compile(r"Holdem|HOLDEM|Omaha|OMAHA")
HILO = "cash/Stud/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt"


(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(FOLDER, EXPECTED, HEADER, HAND_NUMBER, FLOP_GAME)


def _hand(real_histories):
    [hand] = real_sites.hands(real_histories / FOLDER / HILO)
    return hand


def test_the_stage_line_gives_game_stakes_and_the_utc_clock(real_histories) -> None:
    """ "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00
    (ET)": fixed limit, New York's clock (EDT since March 8th, 2009)."""
    header = _hand(real_histories).header
    assert (header.site, header.hand_number, header.game, header.limit) == (
        "absolute",
        "1300000000",
        Game.SEVEN_STUD_HILO,
        LimitKind.FIXED,
    )
    assert (header.money, header.currency, header.table) == (MoneyKind.REAL, "USD", "")
    stakes = header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (
        Decimal("0.01"),
        Decimal("0.01"),
        Decimal("0.02"),
        Decimal("0.04"),
    )
    assert header.started_at_utc == datetime(2009, 3, 18, 23, 10, tzinfo=UTC)
    assert header.site_time == "2009/03/18 19:10:00 ET"


def test_pocket_reprints_deal_each_street_once(real_histories) -> None:
    """ "PLAYER1 - Pocket [H H Js]" then "[H H Js 10d]": Js up on third, 10d (Td) on
    fourth; the hero's "[10c 5c 7s]" is his two down cards and his up card, and its
    reprints after he folds deal nothing; the river's "H" cards are no deal."""
    deals = [
        (e.player, e.street, e.down, e.up)
        for e in _hand(real_histories).events
        if isinstance(e, Deal)
    ]
    assert deals[:4] == [
        ("PLAYER1", Street.THIRD, (), ("Js",)),
        ("PLAYER2", Street.THIRD, (), ("7h",)),
        ("PLAYER3", Street.THIRD, (), ("6s",)),
        ("Hero", Street.THIRD, ("Tc", "5c"), ("7s",)),
    ]
    assert ("PLAYER1", Street.FOURTH, (), ("Td",)) in deals
    assert [d for d in deals if d[0] == "Hero"] == [deals[3]]
    assert not [d for d in deals if d[1] is Street.SEVENTH]
    assert len(deals) == 7 + 4 * 3


def test_the_split_pot_high_and_low(real_histories) -> None:
    """ "PLAYER3 Collects $0.19 from main pot / PLAYER6 Collects $0.20 from main pot",
    "Total Pot($0.43) | Rake ($0.04)": the low (A-3-5-6-8) to PLAYER3, the high (kings
    and tens) to PLAYER6 with the odd cent; the summary's "won Total" agrees."""
    hand = _hand(real_histories)
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("PLAYER3", Decimal("0.19"), "main"),
        Collect("PLAYER6", Decimal("0.20"), "main"),
    ]
    [totals] = [e for e in hand.events if isinstance(e, PotTotals)]
    assert (totals.total, totals.rake) == (Decimal("0.43"), Decimal("0.04"))
    won = {e.player: e.won for e in hand.events if isinstance(e, SeatSummary) and e.won}
    assert won == {"PLAYER3": Decimal("0.19"), "PLAYER6": Decimal("0.20")}
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == ()
    [pot] = result.pots
    assert (pot.high_winners, pot.low_winners) == (("PLAYER6",), ("PLAYER3",))
    nets = {p.name: p.net for p in result.players}
    assert nets["PLAYER3"] == Decimal("0.09") and nets["PLAYER1"] == Decimal("-0.10")
    assert sum(nets.values()) + result.rake == 0


def test_the_showdown_cards_read_tens(real_histories) -> None:
    """ "PLAYER1 - Shows [Jh 3h Js 10d Kh 2c 2h] (Two Pair, jacks and twos)"."""
    shows = [e for e in _hand(real_histories).events if isinstance(e, Show)]
    assert [s.player for s in shows] == ["PLAYER7", "PLAYER1", "PLAYER3", "PLAYER6"]
    assert shows[1].cards == ("Jh", "3h", "Js", "Td", "Kh", "2c", "2h")
    assert shows[1].description == "Two Pair, jacks and twos"
