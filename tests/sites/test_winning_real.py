"""Every real Winning (ACR) history, in its 2016 and its current format: each hand parses."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import Collect, Deal, Game, MoneyKind, PotTotals, Show, Street
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from tests.support import real_sites

FOLDER = "Winning"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Stud/7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt": (4, 0),
    "cash/Stud/7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt": (1, 0),
    "extra/NiCrook+PokerVector/tests__fixtures__stud_hl.txt": (1, 0),
    "extra/poker-apprentice+hand-history-parser/src____fixtures____hands__acr.ts__embedded__"
    "line1_hand1903647457.txt": (1, 0),
}

HEADER = re.compile(r"^(?:Game started at: |(?:Game )?Hand #\d+ - )")
HAND_NUMBER = re.compile(r"^(?:Game ID: |(?:Game )?Hand #)(\d+)", re.MULTILINE)
FLOP_GAME = re.compile(r"Hold'em|Holdem|Omaha")
FORMAT_2016 = "cash/Stud/7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
CURRENT = next(name for name in EXPECTED if "acr" in name)
NOT_SHOWN = "cash/Stud/7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt"
WITH_ANTE = "extra/NiCrook+PokerVector/tests__fixtures__stud_hl.txt"


(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(FOLDER, EXPECTED, HEADER, HAND_NUMBER, FLOP_GAME)


SETTLEMENT = re.compile(
    r"^\*?Player (\S+) .*Bets: ([\d.]+)\. Collects: ([\d.]+)\. (Wins|Loses): ([\d.]+)\.$",
    re.MULTILINE,
)


def test_2016_summary_figures_match_the_engine(real_histories) -> None:
    """The 2016 summary prints each player's bets, collection and result: read from the
    text alone, they are what the engine computes from the hand's lines."""
    path = real_histories / FOLDER / FORMAT_2016
    printed = SETTLEMENT.findall(real_sites.text_of(path))
    computed = [
        (p.name, p.put_in, p.collected, p.net)
        for hand in real_sites.hands(path)
        for p in sorted(replay(hand, conventions_of(hand.site)).players, key=lambda p: p.seat)
    ]
    assert len(printed) == len(computed) == 8
    for (name, bets, collects, word, result), (player, put_in, collected, net) in zip(
        printed, computed, strict=True
    ):
        assert (name, Decimal(bets), Decimal(collects)) == (player, put_in, collected)
        assert Decimal(result) * (1 if word == "Wins" else -1) == net


def test_2016_cards_one_line_each(real_histories) -> None:
    """ "received card: [Qc]", "[10s]", "[7d]" make one third-street deal: two down, one up;
    the seventh street card is down; the cards shown in the summary are a show."""
    hand = real_sites.hands(real_histories / FOLDER / FORMAT_2016)[2]
    assert (hand.header.game, hand.header.money, hand.header.currency) == (
        Game.SEVEN_STUD,
        MoneyKind.REAL,
        "USD",
    )
    assert (hand.header.stakes.small_bet, hand.header.stakes.bring_in) == (
        Decimal(1),
        Decimal("0.40"),
    )
    assert hand.header.started_at_utc == datetime(2016, 8, 2, 11, 18, 18, tzinfo=UTC)
    deals = [e for e in hand.events if isinstance(e, Deal) and e.player == "ChazDazzle"]
    assert deals[0] == Deal("ChazDazzle", Street.THIRD, down=("Qc", "Ts"), up=("7d",))
    assert deals[1].street is Street.FOURTH and deals[1].up == ("9c",)
    assert deals[-1] == Deal("ChazDazzle", Street.SEVENTH, down=("7h",))
    (show,) = [e for e in hand.events if isinstance(e, Show)]
    assert show.cards == ("Qc", "Ts", "7d", "9c", "6c", "Qd", "7h")
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("ChazDazzle", Decimal("8.95"))
    ]


def test_pots_are_printed_after_rake_and_jackpot_fee(real_histories) -> None:
    """ "Pot: 8.15. Rake 0.11. JP fee 0.04" and "Total pot $8.96 | Rake $0.08 | JP Fee $0.02"."""
    old = real_sites.hands(real_histories / FOLDER / FORMAT_2016)[1]
    (current,) = real_sites.hands(real_histories / FOLDER / CURRENT)
    totals = [next(e for e in h.events if isinstance(e, PotTotals)) for h in (old, current)]
    assert [(t.total, t.rake) for t in totals] == [
        (Decimal("8.30"), Decimal("0.15")),
        (Decimal("9.06"), Decimal("0.10")),
    ]


def test_current_header(real_histories) -> None:
    (hand,) = real_sites.hands(real_histories / FOLDER / CURRENT)
    header = hand.header
    assert (header.game, header.currency, header.table, header.max_seats) == (
        Game.SEVEN_STUD_HILO,
        "USD",
        "Crainville",
        8,
    )
    assert (header.stakes.small_bet, header.stakes.ante, header.stakes.bring_in) == (
        Decimal("0.10"),
        Decimal("0.02"),
        Decimal("0.05"),
    )
    assert header.started_at_utc == datetime(2023, 10, 22, 2, 49, 52, tzinfo=UTC)


def test_a_pot_nobody_contested_is_collected_from_the_summary(real_histories) -> None:
    """ "Player2 does not show" prints no amount; "Seat 7: Player2 did not show and won
    $0.36" does, and is the pot left once the rake is taken ("Total pot $0.36 | Rake $0.01")."""
    path = real_histories / FOLDER / NOT_SHOWN
    text = real_sites.text_of(path)
    assert "Player2 does not show\n" in text and " collected " not in text
    (hand,) = real_sites.hands(path)
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Player2", Decimal("0.36"))
    ]
    (totals,) = [e for e in hand.events if isinstance(e, PotTotals)]
    assert (totals.total, totals.rake) == (Decimal("0.37"), Decimal("0.01"))
    assert replay(hand, conventions_of(hand.site)).findings == ()


def test_2026_header_prints_the_ante_and_no_rake(real_histories) -> None:
    """ "7Stud H/L (Fixed Limit) - $0.04/$0.08, Ante $0.01" and "Total pot $0.13" alone."""
    (hand,) = real_sites.hands(real_histories / FOLDER / WITH_ANTE)
    header = hand.header
    assert (header.game, header.currency, header.table) == (Game.SEVEN_STUD_HILO, "USD", "Kappa")
    stakes = header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (
        Decimal("0.01"),
        Decimal("0.02"),
        Decimal("0.04"),
        Decimal("0.08"),
    )
    (totals,) = [e for e in hand.events if isinstance(e, PotTotals)]
    assert (totals.total, totals.rake) == (Decimal("0.13"), Decimal(0))
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("POPCHOW288", Decimal("0.13"))
    ]
