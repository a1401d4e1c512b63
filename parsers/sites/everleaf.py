"""Everleaf Gaming: the line grammar's transformer and the hand it makes.

`grammars/everleaf.lark` says what each line is; the transformer below adds to the rules
every site shares (`common_lines.CommonLines`) the ones only Everleaf has. What Everleaf
does its own way:

- a raise names what it adds ("raises [€ 0.10 EURO]"), never the total it makes: the
  total is worked out in the hand's order (`raises_to_street_totals`);
- a bet nobody calls is never mentioned again: it goes back to its maker without a line
  ("Player4: bets [$ 0.10 USD] / Player2 folds / Player4 wins $ 0.08 USD from main pot",
  the 0.08 being the antes and the calls). The return is written in as an
  `UncalledReturn`, where the betting stops, so that the events add up as on any site;
- there is no summary, no rake line and no button (stud only): the engine works the rake
  out from what was bet and what was won;
- the 2011/07 files print no cards at all, not even the hero's; the 2011/08 ones print
  every up card and the hero's down cards, one street at a time.
"""

from __future__ import annotations

import re
from dataclasses import field, replace
from functools import cache
from typing import Any, Final

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, UnmarkedLines, note
from parsers.lines.hand_assembly import dealt_hero
from parsers.lines.hand_lines import (
    LIMITS,
    HandFormat,
    raises_to_street_totals,
    site_line_parser,
    stakes_of,
    uncalled_returned,
)
from parsers.lines.line_parser import LineParser
from parsers.model.amounts import currency_symbol_of, parse_amount
from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
from parsers.model.events import (
    Event,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Muck,
    PostKind,
    Tournament,
)
from parsers.model.games import Street
from parsers.model.immutable import immutable
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites.site_format import SiteFormat
from parsers.text.hand_texts import HandText
from parsers.text.site_time import clock_to_utc

SITE: Final = "everleaf"
NAME: Final = "Everleaf"  # as players know it: every screen and message
# Inferred: no real Everleaf hand shows a fixed-limit raise after a short all-in raise; the
# default, PokerStars' rule, stands until one does.
# Odd chips: no real Everleaf hand splits a pot with a chip left over; any sharing within a
# chip of the exact one is accepted, with an `odd_chip` warning naming who took it.
CONVENTIONS = SiteConventions(odd_chip_half=OddChipHalf.UNKNOWN, odd_chip=OddChip.UNKNOWN)

HAND_START = re.compile(r"^\ufeff?Everleaf Gaming Game #\d+", re.MULTILINE)

GAMES: dict[str, Game] = {
    "7 card stud": Game.SEVEN_STUD,
    "razz": Game.RAZZ,  # inferred: FPDB's game table
}

STREETS: Final[dict[str, Street]] = {  # the words between "Dealing" and the closing stars
    "down cards": Street.THIRD,
    "4th street": Street.FOURTH,
    "5th street": Street.FIFTH,
    "6th street": Street.SIXTH,
    "river": Street.SEVENTH,
}
_STREET_NAME: Final = re.compile(r"[dD]ealing (.+?) \*")


def _street(text: str) -> Street:
    match = _STREET_NAME.search(text)
    assert match is not None  # the grammar's STREET_MARK has the words
    return STREETS[match[1].lower()]


CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "MONEY": parse_amount,
    "STREET_MARK": _street,
    "POST_KIND": {"ante": PostKind.ANTE}.__getitem__,
}


@immutable
class HandNumberLine:
    hand_number: str
    line: int = field(default=0, compare=False)


@immutable
class HistoryLine:
    """ "***** Hand history for game #285997460 *****": the number again."""

    hand_number: str
    line: int = field(default=0, compare=False)


@immutable
class GameLine:
    """ "$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53", read but not interpreted."""

    game: str
    low: str  # the stakes as printed, sign included
    high: str
    limit: str | None
    date: str
    time: str
    max_seats: int | None = None
    line: int = field(default=0, compare=False)


@immutable
class TableLine:
    table: str
    line: int = field(default=0, compare=False)


@immutable
class PlayersLine:
    """ "Total number of players: 4": those seated."""

    count: int
    line: int = field(default=0, compare=False)


@v_args(inline=True)
class EverleafLines(UnmarkedLines):
    """Everleaf's own rules (the shared ones are `UnmarkedLines`'), terminals unconverted."""

    def hand_number(self, number):
        return HandNumberLine, {"hand_number": number}

    def history(self, number):
        return HistoryLine, {"hand_number": number}

    def game(self, low, high, limit, game, max_seats, date, time):
        return GameLine, {
            "game": game,
            "low": low,
            "high": high,
            "limit": limit,
            "max_seats": max_seats,
            "date": date,
            "time": time,
        }

    def table(self, name):
        return TableLine, {"table": name}

    def players(self, count):
        return PlayersLine, {"count": count}

    def muck(self, player, cards, _description):
        return Muck, {"player": player, "cards": cards}

    def no_show(self, player):
        return note("no_show", player)

    def collect(self, player, amount, pot, _description):
        return super().collect(player, amount, pot)


@cache
def line_parser() -> LineParser:
    """The Everleaf line parser (built once per process)."""
    return site_line_parser("everleaf.lark", EverleafLines(), CONVERTERS)


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    number, _history, game_line, table, _players = heading
    limit = LIMITS[game_line.limit] if game_line.limit else LimitKind.FIXED
    currency = currency_symbol_of(game_line.low)
    low, high = parse_amount(game_line.low), parse_amount(game_line.high)
    site_time = f"{game_line.date} {game_line.time}"
    return HandHeader(
        site=SITE,
        hand_number=number.hand_number,
        game=game,
        limit=limit,
        stakes=stakes_of(limit, low, high, events),
        # Inferred: FPDB reads stakes with no currency sign as tournament chips.
        money=MoneyKind.REAL if currency else MoneyKind.TOURNAMENT,
        currency=currency,
        started_at_utc=clock_to_utc(site_time, "UTC"),  # FPDB: "Everleaf time is GMT/UTC"
        site_time=f"{game_line.date} - {game_line.time}",
        table=table.table,
        max_seats=game_line.max_seats,
        button_seat=None,
        hero=dealt_hero(events),
    )


def _undo_habits(game: Game, _seats: object, records: list[object]) -> list[object]:
    """Everleaf's records as the site-neutral assembly expects them."""
    return uncalled_returned(raises_to_street_totals(records))


FORMAT = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=(
        (HandNumberLine, "the hand's 'Everleaf Gaming Game #...' line"),
        (HistoryLine, "the '***** Hand history for game #... *****' line"),
        (GameLine, "the stakes, game and date line"),
        (TableLine, "the 'Table ...' line"),
        (PlayersLine, "the 'Total number of players: ...' line"),
    ),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_undo_habits,
    summary_lists_every_seat=False,
    has_summary=False,
    hand_number_pattern=re.compile(r"Game #(\d+)"),
)

# Inferred (no real tournament file here): FPDB EverleafToFpdb.py re_TourneyInfoFromFilename,
# its tournament files "TID_1337923-1.txt": the tournament's number, then the table's.
_TOURNAMENT_FILE: Final = re.compile(r"TID_(?P<number>\d+)-(?P<table>\d+)")
_FILE_NAME_END: Final = re.compile(r"[\\/!]")  # the name alone: no folder, no archive ("a.zip!b")


def parse_hand(chunk: HandText) -> Hand | SkippedHand | CancelledHand:
    """Read one Everleaf hand; raises `HandParseError` with the file, line and column."""
    hand = FORMAT.read(chunk)
    if isinstance(hand, Hand):
        return with_file_tournament(hand, chunk.path)
    return hand


def with_file_tournament(hand: Hand, path: str) -> Hand:
    """A tournament hand's number from its file's name. The hand says it is a tournament's
    (its amounts are chips, no sign) and never which: the file exported for the tournament
    does ("TID_1337923-1.txt": tournament 1337923, table 1). The name gives only that
    number; the hand's own table ("Table 1") and money stay as the hand says them, and a
    hand in money in a file so named is no tournament's."""
    header = hand.header
    if header.money is not MoneyKind.TOURNAMENT or header.tournament is not None:
        return hand
    found = _TOURNAMENT_FILE.search(_FILE_NAME_END.split(path)[-1])
    if found is None:
        return hand
    tournament = Tournament(tournament_id=found["number"])
    return replace(hand, header=replace(header, tournament=tournament))


SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("everleaf.lark",),
)
