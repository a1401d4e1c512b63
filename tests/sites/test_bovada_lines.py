"""Bovada's line forms that the real files do not hold, as FPDB's converter and its regression
files record them (other years, other brands, flop games): each read into the events a real
line of its kind gives, the hand replayed without error, or skipped as a flop game."""

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
    Note,
    Post,
    PostKind,
    SeatSummary,
    Show,
    Street,
    StreetStart,
    TournamentFinish,
)
from parsers.model.outcomes import SkippedHand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay

# A $0.25/$0.50 hand in the 2012/09 form (a line per street), the hero at seat 2.
HAND = """Bovada Hand #2633952288 TBL#2027664 7CARD Fixed Limit - 2012-09-19 13:11:08
Seat+1: $5.03 in chips
Seat+2 [ME]: $6.53 in chips
Seat+4: $12.16 in chips
Seat+1 : Ante chip $0.05
Seat+2 [ME] : Ante chip $0.05
Seat+4 : Ante chip $0.05
*** 3RD STREET ***
Seat+1 : Card dealt to a spot [6d Ad 2s]
Seat+2 [ME] : Card dealt to a spot [4d Qd Ac]
Seat+4 : Card dealt to a spot [7s As 4c]
Seat+1 : Bring_in chip $0.10
Seat+2 [ME] : Raises $0.25 to $0.25
Seat+4 : Folds
Seat+1 : Calls $0.15
*** 4TH STREET ***
Seat+1 : Card dealt to a spot [3s]
Seat+2 [ME] : Card dealt to a spot [5c]
Seat+2 [ME] : Bets $0.25
Seat+1 : Raises $0.50 to $0.50
Seat+2 [ME] : Calls $0.25
*** 5TH STREET ***
Seat+1 : Card dealt to a spot [7h]
Seat+2 [ME] : Card dealt to a spot [Qh]
Seat+2 [ME] : Checks
Seat+1 : Checks
*** 6TH STREET ***
Seat+1 : Card dealt to a spot [4h]
Seat+2 [ME] : Card dealt to a spot [9h]
Seat+2 [ME] : Checks
Seat+1 : Checks
*** RIVER ***
Seat+1 : Card dealt to a spot [Jh]
Seat+2 [ME] : Card dealt to a spot [Qs]
Seat+2 [ME] : Bets $0.50
Seat+1 : Folds
Seat+2 [ME] : Return uncalled portion of bet $0.50
Seat+2 [ME] : Does not show [Qs Qh Qd Ac 9h] (Three of a kind)
Seat+2 [ME] : Hand result $1.55
*** SUMMARY ***
Total Pot($1.65) | Rake ($0.10)
Seat+1:  Folded on the RIVER
Seat+2:  $1.55 [Does not show]
Seat+4:  Folded on the 3rd STREET
"""

HEADING = "Bovada Hand #2633952288 TBL#2027664 7CARD Fixed Limit - 2012-09-19 13:11:08"


def _read(text: str) -> object:
    [(_chunk, outcome)] = list(parse_bytes("bovada.txt", text.encode() + b"\n\n"))
    return outcome


def _replayed(text: str) -> Hand:
    hand = _read(text)
    assert isinstance(hand, Hand), hand
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == (), result.errors
    return hand


def _event(hand: Hand, line_start: str) -> object:
    """The event of the hand's line starting so."""
    number = 1 + next(i for i, line in enumerate(HAND.splitlines()) if line.startswith(line_start))
    return next(e for e in hand.events if getattr(e, "line", None) == number)


def test_the_base_hand_replays_and_the_2012_09_raise_names_its_total() -> None:
    """ "Seat+2 [ME] : Raises $0.25 to $0.25" completes the bring-in; "Seat+1 : Raises $0.50
    to $0.50" (adding 0.50 to nothing) raises the hero's 0.25 to 0.50."""
    hand = _replayed(HAND)
    raises = [
        (e.player, e.kind, e.raise_to)
        for e in hand.events
        if isinstance(e, Action) and e.raise_to is not None
    ]
    assert raises == [
        ("Hero", ActionKind.COMPLETE, Decimal("0.25")),
        ("Seat+1", ActionKind.RAISE, Decimal("0.50")),
    ]
    assert hand.header.stakes.small_bet == Decimal("0.25")


@pytest.mark.parametrize(
    "heading",
    [
        "Ignition Hand #3340409736 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:41:32",
        "Bodog.eu Hand #3598529418 TBL#15069462 HOLDEM No Limit - 2018-04-28 21:52:54",
        "Bodog UK Hand #2635581996 TBL#2076847 HOLDEM No Limit - 2012-09-26 16:42:02",
        "Bodog.com Hand #4107052743 TBL#24061052 HOLDEM No Limit [MVS] - 2021-04-23 11:09:26 UTC",
        "Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:25:23",
        "Bovada Hand #4101241030  Zone Poker ID#1708 HOLDEMZonePoker No Limit - "
        "2021-04-11 01:51:42",
        "Bovada Hand #2902233667 TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05 00:56:59",
        "Bovada Hand #2607979051: HOLDEM Tournament #616027 TBL#5, Normal- Level 5 (75/150) - "
        "2012-04-01 17:12:29",
        "Ignition Hand #4300979169: HOLDEM Tournament #M-20210422003411 TBL#18, Turbo- Level 7 "
        "(75/150) [MVS] - 2021-04-22 01:42:48 UTC",
    ],
)
def test_flop_games_of_every_brand_are_skipped_by_name(heading: str) -> None:
    skipped = _read(HAND.replace(HEADING, heading))
    assert isinstance(skipped, SkippedHand)
    assert skipped.hand_number == heading.split("#")[1].split()[0].rstrip(":")


def test_the_2021_mvs_clock_is_utc_and_said() -> None:
    """ "[MVS] - 2021-03-11 22:58:57 UTC": read as UTC (FPDB reads every Bovada clock as
    Eastern, the MVS one too), where the 2012 clock is Eastern."""
    text = HAND.replace(
        HEADING,
        "Bovada Hand #4086249181 TBL#23799796 7CARD Fixed Limit [MVS] - 2021-03-11 22:58:57 UTC",
    )
    header = _replayed(text).header
    assert header.started_at_utc == datetime(2021, 3, 11, 22, 58, 57, tzinfo=UTC)
    assert header.site_time == "2021-03-11 22:58:57 UTC"
    assert _replayed(HAND).header.started_at_utc == datetime(2012, 9, 19, 17, 11, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    ("heading", "game", "hand_number"),
    [
        ("Ignition Hand #3340409736 TBL#10916521 7CARD_HL Fixed Limit - 2016-08-09 12:41:32",
         Game.SEVEN_STUD_HILO, "3340409736"),
        ("Bodog88 Hand #C3340409736 TBL#10916521 7CARD HiLo Fixed Limit - 2016-08-09 12:41:32",
         Game.SEVEN_STUD_HILO, "C3340409736"),
        ("Bovada Hand #2607979051: 7CARD Tournament #616027 TBL#5, Normal- Level 5 (75/150) - "
         "2012-04-01 17:12:29", Game.SEVEN_STUD, "2607979051"),
        ("Bovada Hand #2607979051: 7CARD Tournament #616027 TBL#5, 1 on 1 Turbo- Level 5 "
         "(75/150) - 2012-04-01 17:12:29", Game.SEVEN_STUD, "2607979051"),
    ],
)  # fmt: skip
def test_stud_headings_of_other_brands_and_speeds(
    heading: str, game: Game, hand_number: str
) -> None:
    """Inferred headings: a stud game named "7CARD_HL" (FPDB's game table), a hand number
    "#C..." kept as printed, a tournament naming its speed where the limit goes ("Normal",
    "Turbo": stud is fixed limit at Bovada), heads-up ("1 on 1")."""
    hand = _replayed(HAND.replace(HEADING, heading))
    assert (hand.game, hand.hand_number, hand.header.limit) == (game, hand_number, LimitKind.FIXED)


@pytest.mark.parametrize(
    ("line", "replacement", "expected"),
    [
        ("Seat+4 : Folds", "Seat+4 : Fold(Blind Disconnected)", Action("Seat+4", ActionKind.FOLD)),
        ("Seat+4 : Folds", "Seat+4 : Folds (timeout)", Action("Seat+4", ActionKind.FOLD)),
        ("Seat+4 : Folds", "Seat+4 : Folds & Shows [7s As 4c]", Action("Seat+4", ActionKind.FOLD)),
        ("Seat+1 : Calls $0.15", "Seat+1 : Call(timeout) $0.15",
         Action("Seat+1", ActionKind.CALL, Decimal("0.15"))),
        ("Seat+2 [ME] : Bets $0.25", "Seat+2  [ME] : bets $0.25",
         Action("Hero", ActionKind.BET, Decimal("0.25"))),
        ("Seat+2 [ME] : Bets $0.25", "Seat+2 [ME] : Bets chip info(timeout) $0.25",
         Action("Hero", ActionKind.BET, Decimal("0.25"))),
        ("Seat+1 : Raises $0.50 to $0.50", "Seat+1 : Raises(timeout) $0.50 to $0.50",
         Action("Seat+1", ActionKind.RAISE, raise_to=Decimal("0.50"))),
        ("Seat+1 : Raises $0.50 to $0.50", "Seat+1 : raises $0.50",
         Action("Seat+1", ActionKind.RAISE, raise_to=Decimal("0.50"))),
        ("Seat+1 : Bring_in chip $0.10", "Seat+1 : Bring in $0.10",
         Action("Seat+1", ActionKind.BRING_IN, Decimal("0.10"))),
        ("Seat+1 : Bring_in chip $0.10", "Seat+1 : Big Blind/Bring in (timeout) $0.10",
         Action("Seat+1", ActionKind.BRING_IN, Decimal("0.10"))),
        ("Seat+2 [ME] : Hand result $1.55", "Seat+2 [ME] : Hand result-Side pot $1.55",
         Collect("Hero", Decimal("1.55"))),
        ("Seat+1 : Checks", "Seat+1 : Checks (timeout)", Action("Seat+1", ActionKind.CHECK)),
        ("*** RIVER ***", "*** 7TH STREET ***", StreetStart(Street.SEVENTH)),
        ("Seat+2 [ME] : Does not show [Qs Qh Qd Ac 9h] (Three of a kind)",
         "Seat+2 [ME] : Does not show [Qs Qh] Show1 [Qh] (Three of a kind)",
         Note("no_show", "", "Hero")),
        ("Seat+2 [ME] : Does not show [Qs Qh Qd Ac 9h] (Three of a kind)",
         "Seat+2 [ME] : Shows [Qs Qh Qd Ac 9h] (Three of a kind)",
         Show("Hero", ("Qs", "Qh", "Qd", "Ac", "9h"), "Three of a kind")),
        ("Seat+2 [ME] : Does not show [Qs Qh Qd Ac 9h] (Three of a kind)",
         "Seat+2 [ME] : Showdown [Qs Qh Qd Ac 9h]", Show("Hero", ("Qs", "Qh", "Qd", "Ac", "9h"))),
        ("Seat+2 [ME] : Does not show [Qs Qh Qd Ac 9h] (Three of a kind)",
         "Seat+2 [ME] : Showdown(Three of a kind)", Note("shows_rank", "Three of a kind", "Hero")),
        ("Seat+4 : Folds", "Seat+4 : Folds\nSeat+4 : Table deposit $20",
         Action("Seat+4", ActionKind.FOLD)),
    ],
)  # fmt: skip
def test_action_and_showdown_forms_fpdb_knows(
    line: str, replacement: str, expected: object
) -> None:
    hand = _replayed(HAND.replace(line, replacement))
    assert _event(hand, line) == expected


@pytest.mark.parametrize(
    ("line", "kind", "player"),
    [
        ("Seat+4 : Enter(Auto)", "joins", "Seat+4"),
        ("Seat+2 [ME] : Leave(Auto)", "leaves", "Hero"),
        ("Seat+4 : Seat sit down", "joins", "Seat+4"),
        ("Seat+4 : Seat re-join", "returned", "Seat+4"),
        ("Seat+4 : Sitout (wait for bb)", "sits_out", "Seat+4"),
        ("Seat+7 : Table enter user", "joins", "Seat+7"),  # not seated
        ("Seat+4 : Table deposit $20", "adds", "Seat+4"),
        ("Seat+4 : Rebuyin 1500", "adds", "Seat+4"),
        ("Seat+4 : Double rebuys 3000", "adds", "Seat+4"),
        ("Seat+4 : Addon 1500", "adds", "Seat+4"),
        ("Seat+4 : Draw for dealer [5s]", "draw_for_dealer", "Seat+4"),
        ("Seat+4 : Prize Tournament Ticket [Monthly Milly - $500 Gtd]", "prize", "Seat+4"),
        ("Seat+4 : BOUNTY PRIZE [$5]", "bounty", "Seat+4"),
        ("Table deposit $20", "remark", None),
        ("Enter(Auto)", "remark", None),
        ("Seat sit down", "remark", None),
        ("Dealer : Set dealer/Bring in spot [3]", "remark", None),
        ("Set dealer/Bring in spot", "remark", None),
    ],
)
def test_notes_fpdb_knows(line: str, kind: str, player: str | None) -> None:
    """Lines that change no money in the hand: kept as notes (an "adds" is the next hand's)."""
    hand = _replayed(HAND.replace("Seat+4 : Folds\n", f"Seat+4 : Folds\n{line}\n"))
    [note] = [e for e in hand.events if isinstance(e, Note) and e.kind != "no_show"]
    assert (note.kind, note.player) == (kind, player)


def test_a_ranking_and_its_prize_make_one_finish() -> None:
    """Inferred: "Seat+4 : Ranking 3" then "Seat+4 : Prize Cash [$61.20]"."""
    text = HAND.replace(
        "Seat+4 : Folds\n", "Seat+4 : Folds\nSeat+4 : Ranking 3\nSeat+4 : Prize Cash [$61.20]\n"
    )
    [finish] = [e for e in _replayed(text).events if isinstance(e, TournamentFinish)]
    assert (finish.player, finish.place, finish.prize) == ("Seat+4", 3, Decimal("61.20"))


HELD = ("4d", "Qd", "Ac", "5c", "Qh", "9h", "Qs")  # the hero's seven cards


@pytest.mark.parametrize(
    ("summary", "won", "cards"),
    [
        ("Seat+2:  HI $1.55  with Three of a kind [4d Qd Ac 5c Qh 9h Qs-Qs Qh Qd Ac 9h]",
         Decimal("1.55"), HELD),
        ("Seat+2:  HI $1 [4d Qd Ac 5c Qh 9h Qs-Qs Qh Qd Ac 9h] LOW $0.55 "
         "[4d Qd Ac 5c Qh 9h Qs-Qs Qh Qd Ac 9h]", Decimal("1.55"), HELD),
        ("Seat+2:  HI $1  with Three of a kind [4d Qd Ac 5c Qh 9h Qs-Qs Qh Qd Ac 9h] LO $0.55 "
         "[4d Qd Ac 5c Qh 9h Qs-Ac 5c 4d]", Decimal("1.55"), HELD),
        ("Seat 2:  $1.55 [Does not show]", Decimal("1.55"), None),
    ],
)  # fmt: skip
def test_summary_forms_both_halves_and_seat_numbers(
    summary: str, won: Decimal, cards: object
) -> None:
    """A hi/lo winner of both halves, "HI ... LO(W) ...", won their sum; the 2012/05 summary
    names the seat by number ("Seat 2:")."""
    hand = _replayed(HAND.replace("Seat+2:  $1.55 [Does not show]", summary))
    [seat] = [e for e in hand.events if isinstance(e, SeatSummary) and e.player == "Hero"]
    assert (seat.seat, seat.won, seat.cards) == (2, won, cards)


def test_an_all_in_ante_before_the_cards_is_an_ante() -> None:
    """FPDB: an "All-in" before the cards is the ante of a player who has no more."""
    text = HAND.replace("Seat+4: $12.16", "Seat+4: $0.03").replace(
        "Seat+4 : Ante chip $0.05", "Seat+4 : All-in $0.03"
    )
    hand = _replayed(text.replace("Total Pot($1.65)", "Total Pot($1.63)").replace("$1.55", "$1.53"))
    assert Post("Seat+4", PostKind.ANTE, Decimal("0.03"), all_in=True) in hand.events


def test_a_summary_missing_a_player_dealt_in_is_truncated() -> None:
    error = _read(HAND.replace("Seat+4:  Folded on the 3rd STREET\n", ""))
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.TRUNCATED


def test_an_unknown_line_is_an_error_naming_its_line_and_column() -> None:
    error = _read(HAND.replace("Seat+4 : Folds", "Seat+4 : Dances"))
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.SYNTAX
    assert (error.line, error.column, error.hand_number) == (14, 10, "2633952288")


def test_an_all_in_line_of_a_player_no_seat_names_is_an_error() -> None:
    """A note may name a player who is not seated ("Seat+7 : Table enter user"), an action
    may not."""
    error = _read(HAND.replace("Seat+4 : Folds", "Seat+7 : Folds"))
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.SYNTAX
