"""Every real Everleaf history (2011, 7 Card Stud, dollars and euros): each hand parses,
with what Everleaf leaves unsaid (a bet nobody called, returned) said in the events."""

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
    MoneyKind,
    Show,
    Street,
    UncalledReturn,
)
from tests.support import real_sites

FOLDER = "Everleaf"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Stud/7-Stud-EUR-0.05-0.10.201108-new-format.txt": (6, 0),
    "cash/Stud/7-Stud-USD-0.05-0.10.201107.txt": (19, 0),
}

HEADER = re.compile(r"^Everleaf Gaming Game #")
HAND_NUMBER = re.compile(r"^Everleaf Gaming Game #(\d+)", re.MULTILINE)
FLOP_GAME = re.compile(r"Hold'em|Omaha")
EUROS = "cash/Stud/7-Stud-EUR-0.05-0.10.201108-new-format.txt"
DOLLARS = "cash/Stud/7-Stud-USD-0.05-0.10.201107.txt"


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


def test_the_heading_gives_stakes_table_and_the_utc_clock(real_histories) -> None:
    hand = _hand(real_histories, DOLLARS, "285997460")
    header = hand.header
    assert (header.site, header.game, header.money, header.currency) == (
        "everleaf",
        Game.SEVEN_STUD,
        MoneyKind.REAL,
        "USD",
    )
    stakes = header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (
        Decimal("0.01"),
        Decimal("0.02"),
        Decimal("0.05"),
        Decimal("0.10"),
    )
    assert (header.table, header.button_seat) == ("Clarkdale 20", None)
    assert header.started_at_utc == datetime(2011, 7, 8, 0, 8, 53, tzinfo=UTC)
    first = hand.seats[0]
    assert (first.seat, first.player, first.stack) == (1, "Player1", Decimal("0.54"))


def test_a_bet_nobody_calls_comes_back_unsaid(real_histories) -> None:
    """ "Player4: bets [$ 0.10 USD] / Player2 folds / Player4 does not show cards /
    Player4 wins $ 0.08 USD from main pot": the 0.10 went back without a line."""
    hand = _hand(real_histories, DOLLARS, "285997460")
    returned = [e for e in hand.events if isinstance(e, UncalledReturn)]
    assert returned == [UncalledReturn("Player4", Decimal("0.10"))]
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Player4", Decimal("0.08"), "main")
    ]


def test_a_raise_names_what_it_adds(real_histories) -> None:
    """ "MOURINHO_: bets [€ 0.05 EURO] / EricBlade raises [€ 0.10 EURO] / MOURINHO_ raises
    [€ 0.10 EURO] / EricBlade calls [€ 0.05 EURO]": raises to 0.10, then to 0.15."""
    hand = _hand(real_histories, EUROS, "295679620")
    assert hand.header.currency == "EUR"
    raises = [e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.RAISE]
    assert [(e.player, e.raise_to) for e in raises][:2] == [
        ("EricBlade", Decimal("0.10")),
        ("MOURINHO_", Decimal("0.15")),
    ]


def test_up_cards_and_the_heros_cards_are_dealt_street_by_street(real_histories) -> None:
    hand = _hand(real_histories, EUROS, "295679620")
    deals = [(e.player, e.street, e.down, e.up) for e in hand.events if isinstance(e, Deal)]
    assert deals[:2] == [
        ("MOURINHO_", Street.THIRD, (), ("2d",)),
        ("EricBlade", Street.THIRD, ("5c", "4d"), ("Ks",)),
    ]
    assert ("EricBlade", Street.SEVENTH, ("Js",), ()) in deals
    shows = [e for e in hand.events if isinstance(e, Show)]
    assert all(len(show.cards) == 7 for show in shows)


def test_the_2011_07_files_print_no_cards(real_histories) -> None:
    for hand in real_sites.hands(real_histories / FOLDER / DOLLARS):
        assert not [e for e in hand.events if isinstance(e, Deal)], hand.hand_number
