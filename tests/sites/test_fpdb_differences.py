"""The real hands FPDB, the one open tracker for these games, books wrong: for each, the
figure FPDB's converter gives (read from its code and regression files), the figure
studdraw gives, and the evidence that ours is right. Each is proved again here by the
engine's replay; the site's own test module holds the longer story.

FPDB's figures come from reading `*ToFpdb.py` (jejellyroll-fr/fpdb-3), not from running it:
- PartyPoker: its action pattern is rebuilt with "(EUR|DOL)" where the files write "USD",
  so every cash bet, call and raise is dropped; only antes remain in the pot;
- Bovada: "Total Pot($...)" in the summary stops its pot rebuild, and "Return uncalled
  portion of bet" is never read: the bettor pays for the bet nobody called;
- KingsClub: "posts blind 44" is booked as a big blind alone, and "Rake 5" is ignored;
- OnGame: "raises $1 to $1.37" is read as a raise to 1.37 on the street, where 1.37 is
  the player's total for the hand;
- iPoker: a player's "win" is booked as collected, though it holds his returned bet;
- Absolute: "PLAYER7 - Bring-In $0.01" matches neither its bring-in nor its action pattern;
- Merge: the start time is taken as Eastern time, though Merge's clock is UTC-5 all year
  (each hand's first event timestamp, in milliseconds since 1970, says so).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from parsers.model.events import Action, ActionKind, Collect, Hand
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from tests.support import real_sites

D = Decimal


def net(player: str) -> Callable[[Hand], object]:
    def figure(hand: Hand) -> object:
        result = replay(hand, conventions_of(hand.site))
        assert result.errors == ()
        return next(p.net for p in result.players if p.name == player)

    return figure


def total_pot(hand: Hand) -> object:
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == ()
    return result.total_pot


def collected(player: str) -> Callable[[Hand], object]:
    def figure(hand: Hand) -> object:
        return sum(e.amount for e in hand.events if isinstance(e, Collect) and e.player == player)

    return figure


def raise_to(player: str) -> Callable[[Hand], object]:
    def figure(hand: Hand) -> object:
        [raised] = [
            e
            for e in hand.events
            if isinstance(e, Action) and e.kind is ActionKind.RAISE and e.player == player
        ]
        return raised.raise_to

    return figure


def started_at(hand: Hand) -> object:
    return hand.header.started_at_utc


# (file, hand, what, the figure, FPDB's, ours, the evidence)
WRONG = [
    (
        "PartyPoker/cash/Stud/7-Stud-USD-1-2-201104.txt",
        "10399817763",
        "the pot",
        total_pot,
        D("0.30"),
        D("12.80"),
        "the winner's 'wins $13.20', his $1 river bet among it",
    ),
    (
        "PartyPoker/cash/Stud/7-StudHL-USD-0.50-1.00-201008.txt",
        "9581478205",
        "the pot",
        total_pot,
        D("0.35"),
        D("8.85"),
        "the pots won",
    ),
    (
        "Bovada/cash/Stud/7-Stud-USD-2.00-4.00-201205.txt",
        "2604291510",
        "Hero's net",
        net("Hero"),
        D("-0.04"),
        D("0.06"),
        "Hero's stack next hand: $0.50 -> $0.56",
    ),
    (
        "Bovada/cash/Stud/7-Stud-USD-2.00-4.00-201205.txt",
        "2604291577",
        "Seat+5's net",
        net("Seat+5"),
        D("0.24"),
        D("0.34"),
        "Seat+5's stack next hand: $0.48 -> $0.82",
    ),
    (
        "KingsClub/cash/Draw/2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt",
        "39879543",
        "Player1's net",
        net("Player1"),
        D("-55"),
        D("-77"),
        "the summary: Player1 -77",
    ),
    (
        "OnGame/cash/Stud/7-StudHL-USD-0.25-0.50-201008.All.streets.txt",
        "R5-78227816-62",
        "Hero's fifth-street raise, to",
        raise_to("Hero"),
        D("1.37"),
        D("1"),
        "the summary: 'Hero ($27.47), net: +$2.47'",
    ),
    (
        "iPoker/cash/Stud/7-StudL-USD-0.05-0.10-201009.txt",
        "2418630592",
        "komanchi7's pot won",
        collected("komanchi7"),
        D("0.43"),
        D("0.33"),
        "'win=0.43' holds his 0.10 bet nobody called",
    ),
    (
        "Absolute/cash/Stud/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt",
        "1300000000",
        "PLAYER7's net",
        net("PLAYER7"),
        D("-0.09"),
        D("-0.10"),
        "'PLAYER7 - Bring-In $0.01', then $0.09 more",
    ),
    (
        "Merge/cash/Draw/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt",
        "33423082-1",
        "the start, UTC",
        started_at,
        datetime(2011, 4, 19, 12, 52, 11, tzinfo=UTC),
        datetime(2011, 4, 19, 13, 52, 11, tzinfo=UTC),
        "the first event's timestamp",
    ),
]


@pytest.mark.parametrize(
    ("name", "number", "what", "figure", "fpdb", "ours", "evidence"),
    WRONG,
    ids=[f"{row[0].split('/')[0]}-{row[1]}" for row in WRONG],
)
def test_a_hand_fpdb_books_wrong_is_booked_right(
    real_histories: Path,
    name: str,
    number: str,
    what: str,
    figure: Callable[[Hand], object],
    fpdb: object,
    ours: object,
    evidence: str,
) -> None:
    [hand] = [h for h in real_sites.hands(real_histories / name) if h.hand_number == number]
    assert figure(hand) == ours != fpdb, (what, evidence)
