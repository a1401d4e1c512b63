"""Every real Winamax history (the 2016 and 2022 formats): each hand parses."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Draw,
    Game,
    MoneyKind,
    Note,
    Post,
    PostKind,
    PotTotals,
    SeatSummary,
    Street,
    StreetStart,
)
from tests.support import real_sites

FOLDER = "Winamax"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Draw/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt": (1, 0),
    "cash/Draw/Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt": (1, 0),
    "cash/Stud/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt": (1, 0),
    "cash/Stud/7-Stud-6max-EUR-25-50-201611._8games_.txt": (1, 0),
    "cash/Stud/7-Stud-6max-play-0.5-0.10-201606.export.txt": (1, 0),
    "cash/Stud/7-StudHL-6max-EUR-25-50-201611._8games_.txt": (1, 0),
    "extra/jejellyroll-fr+fpdb-3/test_hand__wina__27__20220307_Plymouth_real_lowball27_"
    "fixed-limit.txt": (1, 0),
    "extra/jejellyroll-fr+fpdb-3/test_hand__wina__razz__20220220_Munich 02_real_razz_"
    "fixed-limit copy.txt": (27, 0),
}

HEADER = re.compile(r"^Winamax Poker - CashGame - HandId: #")
HAND_NUMBER = re.compile(r"^Winamax Poker - CashGame - HandId: #([\d-]+) - ", re.MULTILINE)
FLOP_GAME = re.compile(r" - (?:Holdem|Omaha)")
STUD_2016 = "cash/Stud/7-Stud-6max-EUR-25-50-201611._8games_.txt"
NEGATIVE_RAISE = "cash/Stud/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt"
STUD_HILO = "cash/Stud/7-StudHL-6max-EUR-25-50-201611._8games_.txt"
PLAY_STUD = "cash/Stud/7-Stud-6max-play-0.5-0.10-201606.export.txt"
PLAY_DRAW = "cash/Draw/Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt"
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


def test_a_raise_naming_what_it_adds_is_a_raise_to_the_street_total(real_histories) -> None:
    """ "Player0 raises -6.10€ to 18.90€" after bringing in 10€, facing 25€: he puts in his
    last 18.90€, to 28.90€; the 3.90€ called next is the difference."""
    path = real_histories / FOLDER / NEGATIVE_RAISE
    text = real_sites.text_of(path)
    assert "Player0 brings in 10€\n" in text and "Player0 raises -6.10€ to 18.90€\n" in text
    assert "Player1 calls 3.90€\n" in text
    (hand,) = real_sites.hands(path)
    actions = [e for e in hand.events if isinstance(e, Action) and e.player == "Player0"]
    assert actions[1] == Action("Player0", ActionKind.RAISE, raise_to=Decimal("28.90"))
    assert sum(e.amount for e in hand.events if isinstance(e, Collect)) == Decimal("70.30")


def test_hilo_halves_are_collected_and_summarized_once(real_histories) -> None:
    """ "collected 114€ from pot(HI)" and "from pot(LO)"; the summary's two "won 114€" lines
    for the seat make one line for 228€."""
    (hand,) = real_sites.hands(real_histories / FOLDER / STUD_HILO)
    assert hand.game is Game.SEVEN_STUD_HILO
    collects = [e for e in hand.events if isinstance(e, Collect)]
    assert collects == [Collect("Player0", Decimal(114)), Collect("Player0", Decimal(114))]
    (summary,) = [e for e in hand.events if isinstance(e, SeatSummary)]
    assert (summary.seat, summary.won) == (2, Decimal(228))


def test_2016_play_money_headers(real_histories) -> None:
    """ "7stud fixed limit (0.01/0.05/0.10)", "Lowball27 fixed limit (0.50/1)", "(play
    money)", and a stud table's "Seat #0 is the button"."""
    (stud,) = real_sites.hands(real_histories / FOLDER / PLAY_STUD)
    (draw,) = real_sites.hands(real_histories / FOLDER / PLAY_DRAW)
    assert (stud.game, stud.header.money, stud.header.currency) == (
        Game.SEVEN_STUD,
        MoneyKind.PLAY,
        None,
    )
    stakes = stud.header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (
        Decimal("0.01"),
        Decimal("0.02"),
        Decimal("0.05"),
        Decimal("0.10"),
    )
    assert stud.header.button_seat is None and stud.header.table == "Ceské Budejovice"
    streets = [e.street for e in stud.events if isinstance(e, StreetStart)]  # "*** THIRD ***"
    assert streets == [Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH]
    assert (draw.game, draw.header.money, draw.header.button_seat) == (
        Game.TRIPLE_DRAW_27,
        MoneyKind.PLAY,
        4,
    )


def test_2016_play_money_draws_show_no_cards(real_histories) -> None:
    """ "Player0 discard 2 cards", "Player2 discard 0 card"; "posts big blind 0.50 out of
    position" is a live big blind."""
    (draw,) = real_sites.hands(real_histories / FOLDER / PLAY_DRAW)
    draws = [e for e in draw.events if isinstance(e, Draw) and e.street is Street.DRAW_1]
    assert [(e.player, e.discard_count, e.discarded) for e in draws] == [
        ("Player0", 2, None),
        ("Hero", 2, None),
        ("Player4", 4, None),
        ("Player3", 2, None),
        ("Player2", 0, None),
    ]
    posts = [e for e in draw.events if isinstance(e, Post)]
    assert [e.kind for e in posts] == [PostKind.SMALL_BLIND] + [PostKind.BIG_BLIND] * 4
