"""Every real Full Tilt history: each stud/draw hand parses, each flop-game hand is skipped.

The files are of both kinds Full Tilt wrote: UTF-8/ASCII, and UTF-16 (four of them
double-spaced, every line followed by a blank one, and ending in half a code unit); one
is the archive export ("******************** # 1 ****..." before each hand). No file
has a fault of its own: every hand is read.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import (
    Deal,
    Game,
    LimitKind,
    MoneyKind,
    Note,
    Post,
    PostKind,
    SeatSummary,
    Street,
    StreetStart,
)
from tests.support import real_sites

FOLDER = "FullTilt"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Draw/1-Draw-NL-USD-0.10-0.20-201103.txt": (1, 0),
    "cash/Draw/1-Draw-NL-USD-0.20-0.40-201211.bad.collect.pot.txt": (1, 0),
    "cash/Draw/3-Draw-Limit-USD-0.10-0.20-201011.txt": (1, 0),
    "cash/Draw/3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt": (1, 0),
    "cash/Draw/3-Draw-Limit-USD-150-300-201012.txt": (1, 0),
    "cash/Draw/3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt": (1, 0),
    "cash/Draw/3-Draw-Limit-USD-5-10-201211.txt": (1, 0),
    "cash/Draw/5-Carddraw-Limit-USD-0.10-0.20-201011.Sample.Not.UTF16.txt": (1, 0),
    "cash/Draw/5-Carddraw-PL-0.10-0.25-201011.Sample.Not.UTF16.txt": (1, 0),
    "cash/Draw/A5-3-Draw-Limit-USD-0.05-0.10-201104.Sample.txt": (1, 0),
    "cash/Draw/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt": (1, 0),
    "cash/Draw/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt": (1, 0),
    "cash/Stud/7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt": (1, 0),
    "cash/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt": (1, 0),
    "cash/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure.txt": (1, 0),
    "cash/Stud/7-StudHL-USD-2-4-201006.Steal.examples.txt": (12, 0),
    "cash/Stud/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt": (1, 0),
    "cash/Stud/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt": (1, 0),
    "cash/Stud/Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt": (1, 0),
    "extra/jejellyroll-fr+fpdb-3/regression-test-files__cash__FTP__Mix__"
    "10Game-6max-USD-2.50-5.201104.Sample.txt": (60, 24),
    "extra/philroberts+FPDB-for-OSX/regression-test__known-broken__ftp-stud-hilo-ring-001.txt": (
        1,
        0,
    ),
    "tour/Draw/3-Draw-Limit-USD-STT-2max-10-201211.txt": (54, 0),
    "tour/Stud/5-Stud-USD-MTT-100-201303.txt": (1, 0),
    "tour/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt": (1, 0),
    "tour/Stud/Razz-USD-HUSNG-200-201211.all.in.ante.txt": (1, 0),
}

# Every hand header, both spellings; the archive export's header is a line of its own
# between its line of stars and the seat list, so it is counted like any other.
HEADER = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) Game #\d+: ")
HAND_NUMBER = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) Game #(\d+): ", re.MULTILINE)
FLOP_GAME = re.compile(r" - (?:Limit|Pot Limit|No Limit) (?:Hold'em|Omaha)")


(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(FOLDER, EXPECTED, HEADER, HAND_NUMBER, FLOP_GAME)


def hand(real_histories, name: str, number: str):
    (found,) = [
        h for h in real_sites.hands(real_histories / FOLDER / name) if h.hand_number == number
    ]
    return found


def test_double_spaced_utf16_hand_keeps_its_line_numbers(real_histories) -> None:
    """In the double-spaced file every line stands at an odd line number."""
    razz = hand(
        real_histories,
        "cash/Stud/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt",
        "26190453000",
    )
    assert razz.seats[0].line == 3 and razz.seats[-1].line == 15
    assert {event.line % 2 for event in razz.events} == {1}
    lines = real_sites.text_of(
        real_histories / FOLDER / "cash/Stud/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt"
    ).split("\n")
    bring_in = next(e for e in razz.events if getattr(e, "kind", None) == "bring_in")
    assert lines[bring_in.line - 1] == "Player5 brings in for $0.03"


def test_local_and_et_clocks(real_histories) -> None:
    """ "17:10:10 CCT - 2010/12/07 [04:10:10 ET - 2010/12/07]": both say 09:10:10 UTC."""
    razz = hand(
        real_histories,
        "cash/Stud/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt",
        "26190453000",
    )
    assert razz.header.site_time == "17:10:10 CCT - 2010/12/07"
    assert razz.header.started_at_utc == datetime(2010, 12, 7, 9, 10, 10, tzinfo=UTC)
    assert razz.header.game is Game.RAZZ and razz.header.table == "Mart"
    assert (razz.header.stakes.small_bet, razz.header.stakes.ante) == (
        Decimal("0.10"),
        Decimal("0.02"),
    )
    assert razz.header.stakes.bring_in == Decimal("0.03")


def test_no_limit_single_draw_header(real_histories) -> None:
    draw = hand(real_histories, "cash/Draw/1-Draw-NL-USD-0.10-0.20-201103.txt", "29178537030")
    header = draw.header
    assert (header.game, header.limit, header.money) == (
        Game.SINGLE_DRAW_27,
        LimitKind.NO,
        MoneyKind.REAL,
    )
    assert (header.currency, header.max_seats, header.button_seat) == ("USD", 6, 4)
    stakes = header.stakes
    assert (stakes.small_blind, stakes.big_blind, stakes.ante) == (
        Decimal("0.10"),
        Decimal("0.20"),
        Decimal("0.05"),
    )
    assert header.started_at_utc == datetime(2011, 3, 20, 5, 27, 48, tzinfo=UTC)  # EDT


def test_third_street_down_cards_are_down(real_histories) -> None:
    """ "Dealt to Hero [Ac 9h] [3s]": the first group is the down cards."""
    stud = real_sites.hands(
        real_histories / FOLDER / "cash/Stud/7-StudHL-USD-2-4-201006.Steal.examples.txt"
    )[0]
    deal = next(e for e in stud.events if isinstance(e, Deal) and e.player == "Hero")
    assert (deal.street, deal.down, deal.up, deal.shown_before) == (
        Street.THIRD,
        ("Ac", "9h"),
        ("3s",),
        (),
    )


def test_dead_small_blind_and_live_big_blind_are_one_post(real_histories) -> None:
    """ "grimyreaper1 posts a dead small blind of $1.25" / "grimyreaper1 posts $2.50"."""
    name = next(n for n in EXPECTED if "10Game" in n)
    triple = hand(real_histories, name, "29705537870")
    posts = [e for e in triple.events if isinstance(e, Post)]
    assert posts[-1] == Post("grimyreaper1", PostKind.SMALL_AND_BIG_BLINDS, Decimal("3.75"))


# ---------------------------------------------------------------------------- forms by file

STT = "tour/Draw/3-Draw-Limit-USD-STT-2max-10-201211.txt"
ARCHIVE = "cash/Draw/3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt"


def test_street_lines_with_the_pot_and_the_players_so_far(real_histories) -> None:
    """ "*** FIRST DRAW *** (Total Pot: 180, 2 Players)" (2012): the draw rounds start."""
    text = real_sites.text_of(real_histories / FOLDER / STT)
    assert "*** FIRST DRAW *** (Total Pot: 180, 2 Players)" in text
    draw = hand(real_histories, STT, "31331056644")
    streets = [e.street for e in draw.events if isinstance(e, StreetStart)]
    assert streets == [Street.PREDRAW, Street.DRAW_1, Street.DRAW_2, Street.DRAW_3]
    header = draw.header
    assert (header.money, header.max_seats, header.table) == (MoneyKind.TOURNAMENT, None, "1")
    assert header.tournament.tournament_id == "243560420"
    assert header.tournament.buy_in is None  # "$10 Heads-Up Sit & Go": no fee printed
    assert (header.stakes.small_bet, header.stakes.small_blind) == (Decimal(30), Decimal(15))


def test_five_card_stud_tournament_with_all_ins_in_the_street_lines(real_histories) -> None:
    """ "*** 2ND STREET *** (Total Pot: 1,050, 7 Players)", "*** 3RD STREET *** (Total Pot:
    6,935, 3 Players, 1 All-In)", in a tournament with no buy-in in its name."""
    name = "tour/Stud/5-Stud-USD-MTT-100-201303.txt"
    text = real_sites.text_of(real_histories / FOLDER / name)
    assert "*** 3RD STREET *** (Total Pot: 6,935, 3 Players, 1 All-In)" in text
    stud = hand(real_histories, name, "32412111030")
    assert stud.game is Game.FIVE_STUD
    streets = [e.street for e in stud.events if isinstance(e, StreetStart)]
    assert streets == [Street.SECOND, Street.THIRD, Street.FOURTH, Street.FIFTH]
    tournament = stud.header.tournament
    assert (tournament.tournament_id, tournament.buy_in) == ("251332389", None)
    assert stud.header.stakes.ante == Decimal(150)


def test_all_in_ante_returned_before_the_first_street(real_histories) -> None:
    """ "Player0 antes 6, and is all in" / "Uncalled bet of 1 returned to Hero" / "*** 3RD
    STREET ***": the return is read into the first street, where the betting is."""
    name = "tour/Stud/Razz-USD-HUSNG-200-201211.all.in.ante.txt"
    lines = real_sites.text_of(real_histories / FOLDER / name).splitlines()
    assert lines[4:7] == [
        "Player0 antes 6, and is all in",
        "Uncalled bet of 1 returned to Hero",
        "*** 3RD STREET *** (Total Pot: 12, 2 Players, 1 All-In)",
    ]
    razz = hand(real_histories, name, "31349767778")
    kinds = [type(e).__name__ for e in razz.events[:4]]
    assert kinds == ["Post", "Post", "StreetStart", "UncalledReturn"]
    assert razz.events[1] == Post("Player0", PostKind.ANTE, Decimal(6), all_in=True)


def test_archive_export_separators_and_blank_lines(real_histories) -> None:
    """The archive export: a numbered line of stars, a blank line, the "FullTiltPoker
    Game #" line, a blank line, the seat list; one hand, with its true line numbers."""
    lines = real_sites.text_of(real_histories / FOLDER / ARCHIVE).splitlines()
    assert lines[0] == "******************** # 1 *************************"
    assert lines[1] == "" and lines[3] == ""
    assert lines[2].startswith("FullTiltPoker Game #27088270000: ")
    (archived,) = real_sites.outcomes(real_histories / FOLDER / ARCHIVE)
    assert archived.hand_number == "27088270000"
    assert archived.seats[0].line == 5 and archived.header.max_seats == 6
    assert archived.header.stakes.small_bet == Decimal(1500)
    assert Note("duration", "106") in archived.events  # "Duration 106s"


def test_summary_seat_glued_to_the_next(real_histories) -> None:
    """Full Tilt's bug: "Seat 3: Player4 Seat 4: Player1 (big blind) collected ($0.50),
    mucked" - seat 3 is in no seat list (taken during the hand), its summary line has no
    outcome and no line break. Seat 4's line is read; seat 3 is no player of the hand."""
    name = "cash/Draw/1-Draw-NL-USD-0.20-0.40-201211.bad.collect.pot.txt"
    text = real_sites.text_of(real_histories / FOLDER / name)
    assert "\nSeat 3: Player4 Seat 4: Player1 (big blind) collected ($0.50), mucked\n" in text
    draw = hand(real_histories, name, "31349486094")
    assert [seat.seat for seat in draw.seats] == [1, 2, 4, 5, 6]
    summaries = [e for e in draw.events if isinstance(e, SeatSummary)]
    assert [s.seat for s in summaries] == [1, 2, 4, 5, 6]
    assert summaries[2] == SeatSummary(4, "Player1", "collected", ("big blind",), Decimal("0.50"))


def test_game_before_the_stakes_2013(real_histories) -> None:
    """ "Table Clackers (New to the Game) - FL Badugi - $0.10/$0.20 - 10:18:16 ET"."""
    badugi = hand(
        real_histories,
        "cash/Draw/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt",
        "32617272179",
    )
    header = badugi.header
    assert (header.game, header.limit, header.table) == (Game.BADUGI, LimitKind.FIXED, "Clackers")
    assert (header.stakes.small_bet, header.stakes.big_bet) == (Decimal("0.10"), Decimal("0.20"))
    assert (header.currency, header.max_seats) == ("USD", None)


def test_fulltiltpoker_files_of_2010(real_histories) -> None:
    """ "FullTiltPoker Game #...: ... - 8:19:00 ET - 2010/11/06", "Duration 24s" and "folded
    before the draw" (lowercase) in the summary."""
    name = "cash/Draw/3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt"
    text = real_sites.text_of(real_histories / FOLDER / name)
    assert "Duration 24s" in text and "folded before the draw" in text
    draw = hand(real_histories, name, "25314791161")
    assert draw.header.started_at_utc == datetime(2010, 11, 6, 12, 19, tzinfo=UTC)  # EDT
    assert [seat.sitting_out for seat in draw.seats] == [True, True, False, False, False]
    last = [e for e in draw.events if isinstance(e, SeatSummary)][-1]
    assert (last.outcome, last.street) == ("folded", Street.PREDRAW)  # "before the draw"
