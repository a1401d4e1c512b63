"""Odd chips by site (issue 48): who takes the chip a split cannot share is the site's
rule (`parsers.model.conventions.OddChipHalf`, `OddChip`); where a site's rule is unknown, any
sharing within a chip of the exact one is accepted, with an `odd_chip` warning naming the
rule the history followed.

Held to the real hands that split a pot with a chip left over (every one a Stud Hi/Lo
pot whose halves are an odd number of cents), to a Winning 2016 Stud Hi/Lo hand written in
the site's own lines (the hand issue 48 kept aside: 7.05 shared, the odd cent to the low
half), and to hands built as events for each rule.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.model.conventions import CARD_ROOM_RULES, OddChip, OddChipHalf, SiteConventions
from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Post,
    PostKind,
    PotTotals,
    Seat,
    Show,
    Stakes,
    Street,
    StreetStart,
)
from parsers.sites import conventions_of
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from pipeline.engine.showdown import odd_chip_rules_seen, split_shares
from tests.conftest import REAL_HISTORIES
from tests.support import real_sites
from tests.support.one_hand import parse_one

D = Decimal
CENT = D("0.01")

# ---------------------------------------------------------------------------- real hands

# Every real hand whose split leaves a chip over: (site folder file, hand, the high hand's
# winner and share, the low hand's). Each gives the odd cent to the high half.
REAL_ODD_CHIPS = [
    (
        "PokerStars/cash/Stud/7-StudHL-USD-0.04-0.08-200911.txt",
        "35874576282",
        ("u.pressure", D("0.37")),
        ("gashpor", D("0.36")),
    ),
    (
        "Bovada/cash/Stud/7-StudHL-USD-0.25-0.50-201209.txt",
        "2633952287",
        ("Seat+4", D("2.33")),
        ("Seat+1", D("2.32")),
    ),
    (
        "Absolute/cash/Stud/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt",
        "1300000000",
        ("PLAYER6", D("0.20")),
        ("PLAYER3", D("0.19")),
    ),
    (
        "Merge/extra/jejellyroll-fr+fpdb-3/regression-test-files__cash__Merge__Mixed__"
        "HORSE-8max-USD-0.25-0.50-201409.new.format.txt",
        "78854953-357",
        ("Player1", D("2.10")),
        ("Hero", D("2.09")),
    ),
]


def _real(path: str, number: str) -> Hand:
    [hand] = [h for h in real_sites.hands(REAL_HISTORIES / path) if h.hand_number == number]
    return hand


@pytest.mark.parametrize(("path", "number", "high", "low"), REAL_ODD_CHIPS)
def test_real_hi_lo_splits_give_the_odd_chip_to_the_high_half(
    real_histories, path: str, number: str, high, low
) -> None:
    hand = _real(path, number)
    conventions = conventions_of(hand.site)
    assert conventions.odd_chip_half is OddChipHalf.HIGH
    result = replay(hand, conventions)
    assert result.findings == ()
    [pot] = result.pots
    assert (pot.high_winners, pot.low_winners) == ((high[0],), (low[0],))
    assert {p.name: p.collected for p in result.players if p.collected} == dict([high, low])
    # The rule is the site's, and the engine holds it: the low half's would refuse it.
    low_half = dataclasses.replace(conventions, odd_chip_half=OddChipHalf.LOW)
    assert [f.code for f in replay(hand, low_half).errors] == [Code.SPLIT]


def test_each_site_declares_its_odd_chip_rule() -> None:
    rules = {
        site: (conventions_of(site).odd_chip_half, conventions_of(site).odd_chip)
        for site in (
            "pokerstars",
            "bovada",
            "absolute",
            "merge",
            "winning",
            "fulltilt",
            "kingsclub",
            "ipoker",
            "boss",
            "everleaf",
            "partypoker",
            "ongame",
            "winamax",
        )
    }
    high = {s for s, (half, _tie) in rules.items() if half is OddChipHalf.HIGH}
    assert high == {"pokerstars", "bovada", "absolute", "merge"}
    assert rules["winning"] == (OddChipHalf.LOW, OddChip.UNKNOWN)
    # No real hand of any site shows tied winners with a chip left over.
    assert {tie for _half, tie in rules.values()} == {OddChip.UNKNOWN}
    assert (CARD_ROOM_RULES.odd_chip_half, CARD_ROOM_RULES.odd_chip) == (
        OddChipHalf.HIGH,
        OddChip.FIRST_SEAT_LEFT_OF_BUTTON,
    )


# ---------------------------------------------------------------------------- Winning 2016

# Winning's 2016 client, Stud Hi/Lo 1/2 heads-up: 3.55 each, 0.05 raked, 7.05 to share.
# KickAzzJohnny's two pairs take the high half, ChazDazzle's 7-6-4-2-A the low; the
# settlement lines are the ones FPDB's WinningToFpdb.py quotes from such a hand.
WINNING_HI_LO_LINES = """\
Game started at: 2016/8/9 21:04:33
Game ID: 695123456 1/2 (PRR) La Llorona - 3 (Seven Cards Stud HiLow)
Seat 1: ChazDazzle (20).
Seat 5: KickAzzJohnny (30).
Player ChazDazzle ante (0.15)
Player KickAzzJohnny ante (0.15)
Player ChazDazzle received card: [6h]
Player ChazDazzle received card: [10d]
Player KickAzzJohnny received a card.
Player KickAzzJohnny received a card.
Player ChazDazzle received card: [2c]
Player KickAzzJohnny received card: [3s]
Player ChazDazzle bring in (0.40)
Player KickAzzJohnny calls (0.40)
*** Third street ***
Player ChazDazzle received card: [As]
Player KickAzzJohnny received card: [6s]
Player ChazDazzle bets (1)
Player KickAzzJohnny calls (1)
*** Fourth street ***
Player ChazDazzle received card: [7d]
Player KickAzzJohnny received card: [8s]
Player ChazDazzle bets (2)
Player KickAzzJohnny calls (2)
*** Fifth street ***
Player ChazDazzle received card: [4d]
Player KickAzzJohnny received card: [8h]
Player KickAzzJohnny checks
Player ChazDazzle checks
*** Sixth street ***
Player ChazDazzle received card: [9s]
Player KickAzzJohnny received a card.
Player KickAzzJohnny checks
Player ChazDazzle checks
------ Summary ------
Pot: 7.05. Rake 0.05
*Player ChazDazzle shows: High card A [6h 10d 2c As 7d 4d 9s] Low hand (A A 2 4 6 7 ).{LOW}
*Player KickAzzJohnny shows: Two pairs. 8s and 3s [5d 3d 3s 6s 8s 8h Ad]. {HIGH}
Game ended at: 2016/8/9 21:06:02
"""
# Each player's settlement, after his cards: the low hand collects the odd cent.
LOW_SHARE = "Bets: 3.55. Collects: 3.53. Loses: 0.02."
HIGH_SHARE = "Bets: 3.55. Collects: 3.52. Loses: 0.03."


def _winning_hand(low: str = LOW_SHARE, high: str = HIGH_SHARE) -> str:
    return WINNING_HI_LO_LINES.replace("{LOW}", low).replace("{HIGH}", high)


def test_winning_gives_the_odd_cent_of_a_hi_lo_split_to_the_low_half() -> None:
    hand = parse_one(_winning_hand())
    assert hand.site == "winning" and hand.game is Game.SEVEN_STUD_HILO
    result = replay(hand, conventions_of(hand.site))
    assert result.findings == ()
    [pot] = result.pots
    assert (pot.high_winners, pot.low_winners) == (("KickAzzJohnny",), ("ChazDazzle",))
    assert result.player("ChazDazzle").collected == D("3.53")
    # Before issue 48 the engine gave the high half the odd cent at every site:
    assert [f.code for f in replay(hand, CARD_ROOM_RULES).errors] == [Code.SPLIT]


def test_winning_refuses_the_odd_cent_given_to_the_high_half() -> None:
    swapped = _winning_hand(low=HIGH_SHARE, high=LOW_SHARE)
    [finding] = replay(parse_one(swapped), conventions_of("winning")).findings
    assert finding.code is Code.SPLIT
    assert finding.message == (
        "the pot of 7.05 should be shared ChazDazzle 3.53, KickAzzJohnny 3.52; "
        "the history shares it ChazDazzle 3.52, KickAzzJohnny 3.53"
    )


def test_a_site_whose_half_rule_is_unknown_accepts_either_half_and_says_which() -> None:
    unknown = SiteConventions(odd_chip_half=OddChipHalf.UNKNOWN, odd_chip=OddChip.UNKNOWN)
    [finding] = replay(parse_one(_winning_hand()), unknown).findings
    assert finding.code is Code.ODD_CHIP and finding.severity.value == "warning"
    assert finding.message == (
        "the pot of 7.05 is shared ChazDazzle 3.53, KickAzzJohnny 3.52: the odd chip goes to "
        "the low half; winning's odd-chip rule is unknown"
    )


# ---------------------------------------------------------------------------- built hands


def _tie(collected: dict[str, Decimal], button: int | None = None) -> Hand:
    """Five card stud, cents: a and b hold the same ace-high straight-less hand, c folds.
    Antes 0.03 and three bring-ins of 0.02: 0.09 to share, a cent over. b holds the best
    card by suit (the ace of spades); a sits first left of the button (none: seat 1)."""
    header = HandHeader(
        site="somesite",
        hand_number="1",
        game=Game.FIVE_STUD,
        limit=LimitKind.FIXED,
        stakes=Stakes(small_bet=D("0.10"), big_bet=D("0.20"), ante=CENT, bring_in=D("0.02")),
        money=MoneyKind.REAL,
        currency="USD",
        started_at_utc=datetime(2026, 11, 21, tzinfo=UTC),
        site_time="",
        button_seat=button,
    )
    seats = (Seat(1, "a", D(10)), Seat(2, "b", D(10)), Seat(3, "c", D(10)))
    events: list[object] = [Post(p, PostKind.ANTE, CENT) for p in "abc"]
    events += [
        StreetStart(Street.SECOND),
        Deal("a", Street.SECOND, down=("Ad",), up=("Kh",)),
        Deal("b", Street.SECOND, down=("As",), up=("Ks",)),
        Deal("c", Street.SECOND, down=("7c",), up=("2c",)),
        Action("c", ActionKind.BRING_IN, D("0.02")),
        Action("a", ActionKind.CALL, D("0.02")),
        Action("b", ActionKind.CALL, D("0.02")),
        StreetStart(Street.THIRD),
        Deal("a", Street.THIRD, up=("Qd",)),
        Deal("b", Street.THIRD, up=("Qc",)),
        Deal("c", Street.THIRD, up=("3d",)),
    ]
    events += [Action("a", ActionKind.CHECK), Action("b", ActionKind.CHECK)]
    events.append(Action("c", ActionKind.FOLD))
    for street, a_card, b_card in ((Street.FOURTH, "Jc", "Jh"), (Street.FIFTH, "9h", "9d")):
        events += [
            StreetStart(street),
            Deal("a", street, up=(a_card,)),
            Deal("b", street, up=(b_card,)),
            Action("a", ActionKind.CHECK),
            Action("b", ActionKind.CHECK),
        ]
    events += [
        Show("a", ("Ad", "Kh", "Qd", "Jc", "9h")),
        Show("b", ("As", "Ks", "Qc", "Jh", "9d")),
    ]
    events += [Collect(name, amount) for name, amount in collected.items()]
    events.append(PotTotals(D("0.09"), D(0)))
    return Hand(header, seats, tuple(events))  # type: ignore[arg-type]


A_ODD = {"a": D("0.05"), "b": D("0.04")}
B_ODD = {"a": D("0.04"), "b": D("0.05")}
BY_SEAT = SiteConventions(odd_chip=OddChip.FIRST_SEAT_LEFT_OF_BUTTON)
BY_CARD = SiteConventions(odd_chip=OddChip.HIGH_CARD_BY_SUIT)
UNKNOWN = SiteConventions(odd_chip=OddChip.UNKNOWN)


def _codes(hand: Hand, rules: SiteConventions) -> list[Code]:
    return [f.code for f in replay(hand, rules).findings]


def test_the_built_tie_is_judged_a_tie() -> None:
    [pot] = replay(_tie(A_ODD), BY_SEAT).pots
    assert pot.high_winners == ("a", "b")


def test_first_seat_left_of_the_button_takes_the_odd_chip() -> None:
    assert _codes(_tie(A_ODD), BY_SEAT) == []
    assert _codes(_tie(B_ODD), BY_SEAT) == [Code.SPLIT]
    # the button on seat 1: b, seat 2, is the first left of it
    assert _codes(_tie(B_ODD, button=1), BY_SEAT) == []
    assert _codes(_tie(A_ODD, button=1), BY_SEAT) == [Code.SPLIT]


def test_the_best_card_by_suit_takes_the_odd_chip() -> None:
    assert _codes(_tie(B_ODD), BY_CARD) == []  # b's ace of spades over a's of diamonds
    assert _codes(_tie(A_ODD), BY_CARD) == [Code.SPLIT]


def test_an_unknown_tie_rule_accepts_either_winner_and_names_the_rule_seen() -> None:
    [by_seat] = replay(_tie(A_ODD), UNKNOWN).findings
    [by_card] = replay(_tie(B_ODD), UNKNOWN).findings
    assert by_seat.code is by_card.code is Code.ODD_CHIP
    assert by_seat.message == (
        "the pot of 0.09 is shared a 0.05, b 0.04: the odd chip goes to the first seat left "
        "of the button; somesite's odd-chip rule is unknown"
    )
    assert "goes to the best card by suit;" in by_card.message


def test_an_unknown_rule_still_refuses_a_sharing_more_than_a_chip_off() -> None:
    assert _codes(_tie({"a": D("0.06"), "b": D("0.03")}), UNKNOWN) == [Code.SPLIT]
    assert _codes(_tie({"a": D("0.09")}), UNKNOWN) == [Code.WINNER]  # b wins half of it


def test_a_known_half_with_unknown_ties_holds_the_half() -> None:
    """PokerStars' rule: the high half takes the odd chip, ties unknown. Two low winners
    split 0.03 of a 0.07 pot: either may take the cent; the high hand's 0.04 stands."""
    stars = SiteConventions(odd_chip_half=OddChipHalf.HIGH, odd_chip=OddChip.UNKNOWN)
    seats = {"h": 1, "l1": 2, "l2": 3}
    shares = split_shares(D("0.07"), ["h"], ["l1", "l2"], seats, None, CENT, stars)
    assert shares == {"h": D("0.04"), "l1": D("0.02"), "l2": D("0.01")}
    seen = odd_chip_rules_seen(
        D("0.07"),
        ["h"],
        ["l1", "l2"],
        seats,
        None,
        CENT,
        {"h": D("0.03"), "l1": D("0.02"), "l2": D("0.02")},
    )
    assert seen == "the low half, then the first seat left of the button"


# ---------------------------------------------------------------------------- split_shares


def test_low_half_rule_halves_down_for_the_high_hand() -> None:
    low = SiteConventions(odd_chip_half=OddChipHalf.LOW)
    shares = split_shares(D("7.05"), ["hi"], ["lo"], {"hi": 5, "lo": 1}, None, CENT, low)
    assert shares == {"hi": D("3.52"), "lo": D("3.53")}


def test_a_tied_low_half_goes_by_the_lowest_card_by_suit() -> None:
    """Stud Hi/Lo, the low half tied: the lowest card by suit (aces low) takes the chip."""
    cards = {
        "hi": ["Kd", "Kc", "Ks", "9h", "9c", "Td", "Jd"],
        "l1": ["Ah", "2d", "3c", "4s", "5h", "Qd", "Qc"],
        "l2": ["Ac", "2h", "3d", "4c", "5d", "Jh", "Js"],  # the ace of clubs: lowest
    }
    seats = {"hi": 1, "l1": 2, "l2": 3}
    shares = split_shares(D("0.10"), ["hi"], ["l1", "l2"], seats, None, CENT, BY_CARD, cards)
    assert shares == {"hi": D("0.05"), "l1": D("0.02"), "l2": D("0.03")}
