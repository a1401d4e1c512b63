"""Absolute Poker / Ultimate Bet line forms the real file does not hold, as FPDB's
converter and its regression files (flop games, Absolute and UB) record them: each read
into the events a real line of its kind gives, skipped as a flop game, or refused with
the line named."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Game,
    Hand,
    LimitKind,
    MoneyKind,
    Muck,
    Note,
    PotTotals,
    SeatSummary,
    UncalledReturn,
)
from parsers.model.outcomes import SkippedHand
from parsers.sites import conventions_of, site_name
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay

# Two players, every inferred action form: a raise naming what it adds ("Raises $0.04"),
# one naming both ("Raises $0.04 to $0.08"), the client's notes, a bet nobody called
# returned, a muck, and the summary's inferred forms.
HAND = """Stage #C1571362962: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-08-05 15:24:06 (ET)
Table: TORONTO AVE (Real Money)
Seat 1 - Alice ($1 in chips)
Seat 4 - Bob ($2.50 in chips)
Alice - Ante $0.01
Bob - Ante $0.01
*** 3rd STREET ***
Alice - Pocket [H H Kc]
Bob - Pocket [Ah 10s 2d]
Bob - Bring-In $0.01.
Alice - Completes to $0.02
Bob - Raises $0.03 (Preselection)
Alice - Calls $0.02
*** 4TH STREET ***
Alice - Pocket [H H Kc Qd]
Bob - Pocket [Ah 10s 2d 3c]
Alice - Bets $0.02
Bob - Raises $0.04 to $0.04
Alice - Calls $0.02 (Preselection)
*** 5TH STREET ***
Alice - Pocket [H H Kc Qd Jh]
Bob - Pocket [Ah 10s 2d 3c 4h]
Alice - Checks (Timeout)
Bob - Bets $0.04
Alice - Calls $0.04
*** 6TH STREET ***
Alice - Pocket [H H Kc Qd Jh 9s]
Bob - Pocket [Ah 10s 2d 3c 4h 6s]
Alice - Bets $0.04
Bob - Calls $0.04
*** RIVER ***
Alice - Pocket [H H Kc Qd Jh 9s H]
Bob - Pocket [Ah 10s 2d 3c 4h 6s Jd]
Alice - Bets $0.04
Bob - Folds (Fold & Show [Ah 10s])
Alice - returned ($0.04) : not called
*** SHOW DOWN ***
Alice - Does not show
Alice Collects $0.32 from main pot
*** SUMMARY ***
Total Pot($0.34) | Rake ($0.01) | Jackpot Rake ($0.01)
Seat 1: Alice (dealer) collected Total ($0.32) HI:($0.32)  [Does not show]
Seat 4: Bob Folded on the RIVER
"""


def _read(text: str) -> object:
    [(_chunk, outcome)] = list(parse_bytes("absolute.txt", text.encode("utf-8") + b"\n\n"))
    return outcome


def _hand(text: str = HAND) -> Hand:
    hand = _read(text)
    assert isinstance(hand, Hand), hand
    return hand


def test_ultimate_bets_ids_and_the_table_line() -> None:
    """UB's "Stage #C1571362962" keeps its letter: the id a player quotes."""
    header = _hand().header
    assert (header.site, header.hand_number, header.table) == (
        "absolute",
        "C1571362962",
        "TORONTO AVE",
    )
    assert site_name(header.site) == "Absolute Poker"
    assert header.started_at_utc == datetime(2009, 8, 5, 19, 24, 6, tzinfo=UTC)


def test_raises_name_what_they_add() -> None:
    """ "Bob - Bring-In $0.01. / Alice - Completes to $0.02 / Bob - Raises $0.03": to
    0.04 (0.01 in, 0.03 added); "Raises $0.04 to $0.04" over a 0.02 bet: to 0.04."""
    hand = _hand()
    moves = [
        (e.player, e.kind, e.amount, e.raise_to)
        for e in hand.events
        if isinstance(e, Action) and e.kind in (ActionKind.COMPLETE, ActionKind.RAISE)
    ]
    assert moves == [
        ("Alice", ActionKind.COMPLETE, None, Decimal("0.02")),
        ("Bob", ActionKind.RAISE, None, Decimal("0.04")),
        ("Bob", ActionKind.RAISE, None, Decimal("0.04")),
    ]


def test_the_return_the_muck_and_the_jackpot_rake_replay() -> None:
    """ "returned ($0.04) : not called"; "Total Pot($0.34) | Rake ($0.01) | Jackpot Rake
    ($0.01)": the pot loses 0.02, and Alice collects the 0.32 the summary says."""
    hand = _hand()
    assert UncalledReturn("Alice", Decimal("0.04")) in hand.events
    [totals] = [e for e in hand.events if isinstance(e, PotTotals)]
    assert (totals.total, totals.rake) == (Decimal("0.34"), Decimal("0.02"))
    [alice] = [e for e in hand.events if isinstance(e, SeatSummary) and e.player == "Alice"]
    assert (alice.outcome, alice.won, alice.positions) == (
        "collected",
        Decimal("0.32"),
        ("button",),
    )
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == ()
    assert {p.name: p.net for p in result.players} == {
        "Alice": Decimal("0.15"),
        "Bob": Decimal("-0.17"),
    }


def test_all_ins_name_what_they_add() -> None:
    """ "Alice - All-In $0.03" after her 0.02 bet and Bob's raise to 0.04: a raise to 0.05
    (what it adds, 0.03, on her 0.02); "All-In(Raise) $0.03 to $0.05": the same, said."""
    for line in ("Alice - All-In $0.03", "Alice - All-In(Raise) $0.03 to $0.05"):
        hand = _hand(HAND.replace("Alice - Calls $0.02 (Preselection)", line))
        [all_in] = [e for e in hand.events if isinstance(e, Action) and e.all_in]
        assert (all_in.player, all_in.kind, all_in.raise_to) == (
            "Alice",
            ActionKind.RAISE,
            Decimal("0.05"),
        )


def test_a_muck_and_a_lost_hand_in_the_summary() -> None:
    """ "Player4 - Mucks", "Seat 3: Player4 HI: [Mucked] [Kd 6c]", "HI:lost with ..."."""
    text = HAND.replace(
        "Alice - Does not show", "Alice - Shows [4c 7h Kc Qd Jh 9s 2h] (king high)\nBob - Mucks"
    )
    hand = _hand(
        text.replace(
            "Seat 4: Bob Folded on the RIVER", "Seat 4: Bob HI: [Mucked] [Ah 10s 2d 3c 4h 6s Jd]"
        )
    )
    assert Muck("Bob") in hand.events
    [bob] = [e for e in hand.events if isinstance(e, SeatSummary) and e.player == "Bob"]
    assert (bob.outcome, bob.cards) == ("mucked", ("Ah", "Ts", "2d", "3c", "4h", "6s", "Jd"))
    lost = text.replace(
        "Seat 4: Bob Folded on the RIVER",
        "Seat 4: Bob HI:lost with One pair, jacks(king kicker) [Ah 10s 2d 3c 4h 6s Jd - B:Jd]",
    )
    [bob] = [e for e in _hand(lost).events if isinstance(e, SeatSummary) and e.player == "Bob"]
    assert (bob.outcome, bob.description) == ("showed", "One pair, jacks(king kicker)")


@pytest.mark.parametrize(
    ("stage", "game", "limit", "money", "stakes"),
    [
        # FPDB's game table: Razz and 7 Card Stud; capitals; no zone (Eastern time)
        (
            "Stage #1: Razz  Normal $1/$2 - 2010-01-02 03:04:05 (ET)",
            Game.RAZZ,
            LimitKind.FIXED,
            MoneyKind.REAL,
            ("1", "2"),
        ),
        (
            "Stage #1: 7 CARD STUD NORMAL $1/$2 - 2010-01-02 03:04:05",
            Game.SEVEN_STUD,
            LimitKind.FIXED,
            MoneyKind.REAL,
            ("1", "2"),
        ),
        # euros, as FPDB's pattern writes them: " €0.02/ €0.04"
        (
            "Stage #1: 7 Card Stud  Normal €0.02/ €0.04 - 2010-01-02 03:04:05 (ET)",
            Game.SEVEN_STUD,
            LimitKind.FIXED,
            MoneyKind.REAL,
            ("0.02", "0.04"),
        ),
        # a tournament: chips, no sign, no colon; one stake (the big bet)
        (
            "Stage #525691746 Tourney ID 5945889 7 Card Stud Multi Normal Tournament Normal 40"
            " - 2011-01-16 17:03:29 (ET)",
            Game.SEVEN_STUD,
            LimitKind.FIXED,
            MoneyKind.TOURNAMENT,
            ("20", "40"),
        ),
        # heads-up, milliseconds and the clock repeated
        (
            "Stage #1828549717: Seven Card Hi/Lo (1 on 1)  Normal $30/$60"
            " - 2009-12-31 18:23:36.005 (ET) [ 2009-12-31 18:23:36 ]",
            Game.SEVEN_STUD_HILO,
            LimitKind.FIXED,
            MoneyKind.REAL,
            ("30", "60"),
        ),
    ],
)
def test_stage_lines_fpdb_knows(stage, game, limit, money, stakes) -> None:
    text = HAND.replace(HAND.splitlines()[0], stage)
    if money is MoneyKind.TOURNAMENT:
        text = text.replace("$", "")
    if "€" in stage:
        text = text.replace("$", "€")
    header = _hand(text).header
    assert (header.game, header.limit, header.money) == (game, limit, money)
    assert (header.stakes.small_bet, header.stakes.big_bet) == tuple(Decimal(s) for s in stakes)
    assert header.started_at_utc.tzinfo is UTC
    if money is MoneyKind.TOURNAMENT:
        assert header.tournament is not None and header.tournament.tournament_id == "5945889"


@pytest.mark.parametrize(
    "stage",
    [
        "Stage #1483940000: Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)",
        "Stage #1773383021: Holdem  No Limit $1, $0.25 ante - 2009-11-30 15:50:12 (ET)",
        "Stage #1981698003: Holdem  No Limit $4 (7-2) - 2010-04-01 17:48:42 (ET)",
        "Stage #C1: Holdem  No Limit $0.25 Turbo - 2010-12-07 12:00:00 (ET)",
        "Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60"
        " - 2009-12-31 18:23:36.005 (ET) [ 2009-12-31 18:23:36 ]",
        "Stage #525691746 Tourney ID 5945889 Holdem Multi Normal Tournament No Limit 10"
        " - 2011-01-16 17:03:29 (ET)",
    ],
)
def test_flop_games_are_skipped(stage: str) -> None:
    outcome = _read(
        stage + "\nTable: X (Real Money) Seat #1 is the dealer\nSeat 1 - A ($1 in chips)\n"
    )
    assert isinstance(outcome, SkippedHand)


def test_horse_names_its_game_on_the_game_type_line() -> None:
    """FPDB: a HORSE hand's game is on "Game Type: Limit ..." (its file: Holdem, skipped);
    a HORSE hand with no such line is refused, not guessed."""
    horse = "Stage #1: HORSE  Normal $0.02/$0.04 - 2009-08-05 15:24:06 (ET)"
    lines = HAND.splitlines()
    text = "\n".join([horse, lines[1], "Game Type: Limit Seven Card Hi/Lo", *lines[2:]])
    hand = _hand(text)
    assert (hand.header.game, hand.header.mixed_game) == (Game.SEVEN_STUD_HILO, "HORSE")
    assert isinstance(_read(text.replace("Limit Seven Card Hi/Lo", "Limit Holdem")), SkippedHand)
    refused = _read("\n".join([horse, *lines[1:]]))
    assert isinstance(refused, HandParseError) and refused.kind is ErrorKind.STRUCTURE


def test_side_pots_and_tournament_totals() -> None:
    """ "Total Pot(5,480:3,750,1,730)": the main pot and a side pot, thousands commas
    told apart from the pots'; "from side pot-1"."""
    text = HAND.replace(
        "Total Pot($0.34) | Rake ($0.01) | Jackpot Rake ($0.01)", "Total Pot(5,480:3,750,1,730)"
    )
    text = text.replace(
        "Alice Collects $0.32 from main pot", "Alice Collects $0.32 from side pot-1"
    )
    hand = _read(text)
    assert isinstance(hand, Hand)
    [totals] = [e for e in hand.events if isinstance(e, PotTotals)]
    assert (totals.total, totals.rake, totals.main, totals.sides) == (
        Decimal(5480),
        Decimal(0),
        Decimal(3750),
        (Decimal(1730),),
    )
    assert Collect("Alice", Decimal("0.32"), "side-1") in hand.events


def test_a_timed_out_all_in_and_a_sitout_are_notes() -> None:
    text = HAND.replace("Alice - Checks (Timeout)", "Alice - Checks\nBob - sitout (wait for BB)")
    notes = [e for e in _hand(text).events if isinstance(e, Note)]
    assert [(n.kind, n.player) for n in notes] == [("sits_out", "Bob"), ("no_show", "Alice")]


def test_an_unknown_line_is_refused_with_its_line_number() -> None:
    error = _read(HAND.replace("Bob - Calls $0.04", "Bob - Juggles $0.04"))
    assert isinstance(error, HandParseError)
    assert (error.kind, error.line, error.hand_number) == (ErrorKind.SYNTAX, 30, "C1571362962")
