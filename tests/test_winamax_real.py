"""Every real Winamax history (the 2016 and 2022 formats): each hand parses."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.events import Action, ActionKind, Deal, Game, MoneyKind, Note, PotTotals, Street
from tests import real_sites

FOLDER = "Winamax"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Draw/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt": (1, 0),
    "cash/Stud/7-Stud-6max-EUR-25-50-201611._8games_.txt": (1, 0),
    "extra/jejellyroll-fr+fpdb-3/test_hand__wina__razz__20220220_Munich 02_real_razz_"
    "fixed-limit copy.txt": (27, 0),
}

HEADER = re.compile(r"^Winamax Poker - CashGame - HandId: #")
HAND_NUMBER = re.compile(r"^Winamax Poker - CashGame - HandId: #([\d-]+) - ", re.MULTILINE)
FLOP_GAME = re.compile(r" - (?:Holdem|Omaha)")
STUD_2016 = "cash/Stud/7-Stud-6max-EUR-25-50-201611._8games_.txt"
RAZZ_2022 = next(name for name in EXPECTED if "razz" in name)


(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(FOLDER, EXPECTED, HEADER, HAND_NUMBER, FLOP_GAME)


def test_stud_header_reads_ante_and_bets(real_histories) -> None:
    (hand,) = real_sites.hands(real_histories / FOLDER / STUD_2016)
    header = hand.header
    assert (header.game, header.money, header.currency) == (Game.SEVEN_STUD, MoneyKind.REAL, "EUR")
    stakes = header.stakes
    assert (stakes.ante, stakes.small_bet, stakes.big_bet, stakes.bring_in) == (
        Decimal(5),
        Decimal(25),
        Decimal(50),
        Decimal(10),
    )
    assert (header.table, header.max_seats, header.button_seat) == ("Pampelune", 6, None)
    assert header.site_time == "2016/11/12 22:46:27 UTC"
    assert header.started_at_utc == datetime(2016, 11, 12, 22, 46, 27, tzinfo=UTC)


def test_hidden_cards_are_left_out(real_histories) -> None:
    """ "Dealt to Player0 [X X 9h]" deals the up card; "[X X 9h Kh Kd Qc] [X]" nothing seen."""
    (hand,) = real_sites.hands(real_histories / FOLDER / STUD_2016)
    player0 = [e for e in hand.events if getattr(e, "player", None) == "Player0"]
    deals = [e for e in player0 if isinstance(e, Deal)]
    assert deals[0] == Deal("Player0", Street.THIRD, up=("9h",))
    assert deals[1] == Deal("Player0", Street.FOURTH, up=("Kh",), shown_before=("9h",))
    assert Note("dealt_hidden", "", "Player0") in player0


def test_a_raise_over_the_bring_in_is_a_completion(real_histories) -> None:
    """2016: "Hero raises 25€ to 25€" over a 10€ bring-in; 2022: "raises 0.03€ to 0.05€"."""
    (stud,) = real_sites.hands(real_histories / FOLDER / STUD_2016)
    razz = real_sites.hands(real_histories / FOLDER / RAZZ_2022)[1]
    for hand, total in ((stud, Decimal(25)), (razz, Decimal("0.05"))):
        actions = [e for e in hand.events if isinstance(e, Action)]
        assert actions[0].kind is ActionKind.BRING_IN
        assert actions[1] == Action(actions[1].player, ActionKind.COMPLETE, raise_to=total)


def test_total_pot_is_printed_after_rake(real_histories) -> None:
    """ "Total pot 458€ | Rake 2€": 460€ were bet."""
    (stud,) = real_sites.hands(real_histories / FOLDER / STUD_2016)
    (totals,) = [e for e in stud.events if isinstance(e, PotTotals)]
    assert (totals.total, totals.rake) == (Decimal(460), Decimal(2))
