"""Every real Full Tilt history: each stud/draw hand parses, each flop-game hand is skipped.

The files are of both kinds Full Tilt wrote: UTF-8/ASCII, and UTF-16 (four of them
double-spaced, every line followed by a blank one, and ending in half a code unit).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.events import Deal, Game, LimitKind, MoneyKind, Post, PostKind, Street
from tests import real_sites

FOLDER = "FullTilt"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Draw/1-Draw-NL-USD-0.10-0.20-201103.txt": (1, 0),
    "cash/Draw/3-Draw-Limit-USD-150-300-201012.txt": (1, 0),
    "cash/Draw/5-Carddraw-Limit-USD-0.10-0.20-201011.Sample.Not.UTF16.txt": (1, 0),
    "cash/Draw/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt": (1, 0),
    "cash/Stud/7-StudHL-USD-2-4-201006.Steal.examples.txt": (12, 0),
    "cash/Stud/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt": (1, 0),
    "extra/jejellyroll-fr+fpdb-3/regression-test-files__cash__FTP__Mix__"
    "10Game-6max-USD-2.50-5.201104.Sample.txt": (60, 24),
}

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
