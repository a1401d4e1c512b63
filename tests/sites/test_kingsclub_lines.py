"""KingsClub's line forms that the real files do not hold, as FPDB's converter records
them: each read into the events a real line of its kind gives (the hand then replaying
as the real one does), skipped as a flop game, or refused with the line named."""

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
    MoneyKind,
    Note,
    Street,
    StreetStart,
    TournamentFinish,
    UncalledReturn,
)
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay

# Real: Razz 40/80, 2021-01-02 (Razz-USD-40-80-202101.txt).
STUD = """#39969356: Limit Razz - 40/80
2021-01-02 15:48:40
Table '8 Game Mix'
Seat 1: Player0 (1,060.38)
Seat 6: Hero (2,058.40)
Player0: posts ante 10
Hero: posts ante 10
Dealt to Player0: [X X Tc]
Dealt to Hero: [9d 3h 6d]
Player0 brings in for 10
Hero bets 40
Player0 calls 40
*** 3RD STREET ***
Dealt to Player0: [Qs]
Dealt to Hero: [2c]
Hero bets 40
Player0 folds
*** SUMMARY ***
Seat 1: Player0 (1,010.38) -50
Seat 6: Hero (2,107.40) +49
Rake 1
Hero wins pot (99)
"""

# Real: A-5 Single Draw 50/100, 2021-02-13 (A5-1-Draw-Limit-USD-50-100-202102.txt).
DRAW = """#41388325: Limit A-5 Single Draw - 50/100
2021-02-13 17:40:45
Table 'HU Single Draw Mix' Seat 1 is the button
Seat 1: Player0 (1,389)
Seat 2: Hero (874)
Player0: posts the small blind 25
Hero: posts the big blind 50
Dealt to Player0: [X X X X X]
Dealt to Hero: [Tc Ks Qc 4c As]
Player0 raises to 100
Hero calls 100
Hero discards [Tc Ks Qc] draws [7s 3h 3s]
Player0 stands pat
Hero checks
Player0 checks
Hero shows [7s 3h 3s 4c As]
Player0 shows [2d Jh 8h 5s 9s]
*** SUMMARY ***
Seat 1: Player0 (1,488) +99
Seat 2: Hero (774) -100
Rake 1
Player0 wins pot (199)
"""


def _read(text: str) -> object:
    [(_chunk, outcome)] = list(parse_bytes("kingsclub.txt", text.encode()))
    return outcome


def _replayed(text: str) -> Hand:
    hand = _read(text)
    assert isinstance(hand, Hand)
    assert replay(hand, conventions_of(hand.site)).errors == ()
    return hand


def _money(hand: Hand) -> list[tuple[str, ActionKind, Decimal | None]]:
    """Each action: who, what, and the chips it adds or the total it makes."""
    return [
        (e.player, e.kind, e.amount if e.raise_to is None else e.raise_to)
        for e in hand.events
        if isinstance(e, Action)
    ]


def test_the_real_hands_replay_as_the_base_of_the_forms_below() -> None:
    stud, draw = _replayed(STUD), _replayed(DRAW)
    assert (stud.game, draw.game) == (Game.RAZZ, Game.SINGLE_DRAW_A5)


@pytest.mark.parametrize(
    "game",
    ["Holdem", "Short Deck Holdem", "Omaha", "Omaha 5 Card", "Omaha Hi-Lo", "Big O", "Captain"],
)
def test_a_flop_game_is_skipped_by_name(game: str) -> None:
    skipped = _read(DRAW.replace("Limit A-5 Single Draw", f"Pot Limit {game}"))
    assert isinstance(skipped, SkippedHand)
    assert (skipped.hand_number, skipped.game) == ("41388325", game)


@pytest.mark.parametrize(
    ("name", "game"),
    [
        ("Badeucey", Game.BADEUCEY),
        ("5 Card Draw", Game.FIVE_DRAW),
        ("2-7 Single Draw", Game.SINGLE_DRAW_27),
    ],
)
def test_fpdbs_other_draw_games_are_read(name: str, game: Game) -> None:
    text = DRAW.replace("A-5 Single Draw", name)
    if game is Game.BADEUCEY:  # a triple draw: the draw opens its round with its heading
        text = text.replace("Hero discards", "*** 1ST DRAW ***\nHero discards")
    hand = _read(text)
    assert isinstance(hand, Hand) and hand.game is game


def test_the_table_line_in_every_form_fpdb_reads() -> None:
    text = DRAW.replace(
        "Table 'HU Single Draw Mix' Seat 1 is the button",
        "Table ID 'HU Mix' 6-max (Play Money) Seat #1 is the button",
    )
    header = _replayed(text).header
    assert (header.table, header.max_seats, header.button_seat) == ("HU Mix", 6, 1)
    assert (header.money, header.currency) == (MoneyKind.PLAY, None)


def test_a_tournament_table_names_the_tournament() -> None:
    """Inferred: FPDB's re_TourNo, a sit-and-go's "Table 'T4512 [3]'" (the tournament,
    then its table), chips with no currency."""
    text = DRAW.replace("'HU Single Draw Mix'", "'T4512 [3]'")
    header = _replayed(text).header
    assert (header.money, header.currency, header.table) == (MoneyKind.TOURNAMENT, None, "3")
    assert header.tournament is not None and header.tournament.tournament_id == "4512"


def test_an_unpadded_hour_is_read_in_eastern_time() -> None:
    """Inferred (FPDB's date pattern): "2021-02-13  7:40:45", EST: 12:40:45 UTC."""
    header = _replayed(DRAW.replace("2021-02-13 17:40:45", "2021-02-13  7:40:45")).header
    assert header.started_at_utc == datetime(2021, 2, 13, 12, 40, 45, tzinfo=UTC)


def test_fpdbs_other_wordings_of_the_actions_make_the_same_events() -> None:
    real = _replayed(STUD)
    for bring_in in ("brings-in for", "brings in low for", "brings-in low for"):
        hand = _replayed(STUD.replace("brings in for", bring_in))
        assert _money(hand) == _money(real)
    hand = _replayed(STUD.replace("Player0 folds", "Player0 folds (disconnect)"))
    assert _money(hand) == _money(real)
    draw = _replayed(DRAW)
    hand = _replayed(DRAW.replace("Player0 raises to 100", "Player0 raises 50 to 100"))
    assert [(p, k, a) for p, k, a in _money(hand)] == [(p, k, a) for p, k, a in _money(draw)]


def test_all_in_without_the_comma() -> None:
    text = DRAW.replace("Hero (874)", "Hero (100)").replace(
        "Hero calls 100", "Hero calls 100 and is all in"
    )
    text = text.replace("Hero checks\nPlayer0 checks\n", "")
    text = text.replace("Hero (774) -100", "Hero (0) -100")
    hand = _read(text)
    assert isinstance(hand, Hand)
    [call] = [e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.CALL]
    assert (call.amount, call.all_in) == (50, True)


def test_a_printed_return_is_not_made_twice() -> None:
    """Inferred (FPDB's re_Uncalled): "Uncalled bet (40) returned to Hero"."""
    text = STUD.replace("Player0 folds\n", "Player0 folds\nUncalled bet (40) returned to Hero\n")
    hand = _replayed(text)
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [
        UncalledReturn("Hero", Decimal(40))
    ]


def test_a_side_pot_won_before_its_amount() -> None:
    """Inferred (FPDB's collect pattern): "Hero wins side pot 1 (99)"."""
    hand = _read(STUD.replace("Hero wins pot (99)", "Hero wins side pot 1 (99)"))
    assert isinstance(hand, Hand)
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Hero", Decimal(99), "side-1")
    ]


def test_the_first_stud_round_under_its_own_heading() -> None:
    """Inferred: FPDB also reads a stud hand whose first round is "*** 3RD STREET ***" and
    whose next is "*** 4TH STREET ***": the same streets as the real, shifted, form."""
    text = STUD.replace("*** 3RD STREET ***", "*** 4TH STREET ***").replace(
        "Dealt to Player0: [X X Tc]", "*** 3RD STREET ***\nDealt to Player0: [X X Tc]"
    )
    streets = [e.street for e in _replayed(text).events if isinstance(e, StreetStart)]
    real = [e.street for e in _replayed(STUD).events if isinstance(e, StreetStart)]
    assert streets == real == [Street.THIRD, Street.FOURTH]


def test_notes_tournament_results_and_cancelled_hands() -> None:
    text = STUD.replace("Player0 folds\n", "Player0 folds\nPlayer0 sits out\n")
    text += "Player0 finished the tournament in 2nd place and received $4.50.\n"
    hand = _read(text)
    assert isinstance(hand, Hand)
    assert Note("sits_out", "", "Player0") in hand.events
    assert TournamentFinish("Player0", 2, Decimal("4.50")) in hand.events
    cancelled = _read(STUD.replace("Player0 folds\n", "Hand cancelled\n"))
    assert isinstance(cancelled, CancelledHand) and cancelled.reason == "Hand cancelled"


@pytest.mark.parametrize(
    ("cut_before", "message"),
    [
        ("Hero wins pot (99)", "the hand stops before its pots won (truncated)"),
        ("Seat 6: Hero (2,107.40)", "the hand stops before every seat's net (truncated)"),
        ("*** SUMMARY ***", "the hand stops before its summary (truncated)"),
    ],
)
def test_a_hand_cut_short_is_truncated(cut_before: str, message: str) -> None:
    error = _read(STUD[: STUD.index(cut_before)])
    assert isinstance(error, HandParseError)
    assert (error.kind, error.message) == (ErrorKind.TRUNCATED, message)


def test_a_line_no_form_knows_is_named_with_its_number() -> None:
    error = _read(STUD.replace("Hero bets 40\nPlayer0 folds", "Hero bets 40\nPlayer0 mucks"))
    assert isinstance(error, HandParseError)
    assert (error.kind, error.line, error.hand_number) == (ErrorKind.SYNTAX, 17, "39969356")
    assert error.line_text == "Player0 mucks"
