"""The Winning Poker Network (Americas Cardroom, "ACR"): two formats, one site.

The current format (`grammars/winning.lark`, "Hand #1903647457 - 7Stud H/L(Fixed Limit)
- ...") reads much like PokerStars; the 2016 one (`grammars/winning_2016.lark`, "Game
started at: ...") is another language altogether. Each has its grammar, its transformer
(over the rules every site shares, `common_lines.CommonLines`) and its `HandFormat`;
`parse_hand` picks the format by the hand's first line. What the site does its own way,
undone here before the site-neutral assembly:

- both formats print the pot left once the rake and the jackpot fee are taken: the
  event's total adds them back, and its rake is both (`common_lines.pot_after_rake`);
- a stud completion is written as a raise (`hand_lines.completions_from_raises`);
- current format: a raise names what the player puts in, then the total ("raises $0.20 to
  $0.30" over a $0.10 bet after calling $0.10): only the total is kept, the first number
  not being the raise over the bet the event's `amount` means;
- 2016: one line per card, and no line opening the first street: the cards of a street
  are gathered into one deal per player (then, as for every site, the third street's
  first two are down and seventh street's card is down), the first street is opened
  before its first card, and "*** Third street ***" opens the fourth street;
- 2016: collections and shown cards are printed only in the summary's per-player lines
  ("*Player Nee mucks (does not show cards). Bets: 4.15. Collects: 8.15. Wins: 4."): each
  becomes the show and collect events other sites print before their summary, then the
  summary's seat line;
- 2016: the hand ends with "Game ended at:"; a hand without it was cut.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import field, replace
from decimal import Decimal
from functools import cache, lru_cache
from typing import Any, Final

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, CommonLines, note, pot_after_rake
from parsers.lines.hand_assembly import DealtLine, StructureError, dealt_hero
from parsers.lines.hand_lines import (
    LIMITS,
    AllInLine,
    HandFormat,
    all_ins_resolved,
    completions_from_raises,
    site_line_parser,
    stakes_of,
)
from parsers.lines.line_accounting import read_into
from parsers.lines.line_parser import Ignored, LineParser, Text
from parsers.model.amounts import currency_symbol_of, parse_amount
from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
from parsers.model.events import (
    ZERO,
    Action,
    ActionKind,
    Card,
    Collect,
    Event,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Muck,
    Note,
    PostKind,
    Seat,
    SeatSummary,
    Show,
    Street,
    StreetStart,
    SummaryStart,
    Tournament,
)
from parsers.model.immutable import immutable
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites.site_format import SiteFormat
from parsers.text.hand_texts import HandText
from parsers.text.site_time import clock_to_utc

SITE: Final = "winning"
NAME: Final = "Winning Poker Network"  # as players know it: every screen and message
# Inferred: no real Winning hand at hand shows a fixed-limit raise after a short all-in
# raise; the default, PokerStars' rule (the next raise goes from the last full bet), stands
# until one does (a real hand breaking it fails tests/engine/test_engine_real_sites.py).
# Odd chips: a hi/lo pot's goes to the LOW half (2016 Stud Hi/Lo, issue 48: $7.05 shared
# $3.53 to the low hand, $3.52 to the high, as FPDB's WinningToFpdb.py quotes it); no real
# hand shows tied winners with a chip left over: any sharing is accepted, warned.
CONVENTIONS = SiteConventions(odd_chip_half=OddChipHalf.LOW, odd_chip=OddChip.UNKNOWN)

HAND_START = re.compile(r"^\ufeff?(?:Game started at: |(?:Game )?Hand #\d+ - )", re.MULTILINE)
_HAND_START_2016: Final = re.compile(r"\ufeff?Game started at: ")


def parse_hand(chunk: HandText) -> Hand | SkippedHand | CancelledHand:
    """Read one Winning hand, of either format; raises `HandParseError` with the file, line
    and column."""
    if _HAND_START_2016.match(chunk.lines[0]):
        found = _TOURNAMENT_FILE_2016.search(_FILE_NAME_END.split(chunk.path)[-1])
        return (FORMAT_2016 if found is None else _format_2016_of(found["number"])).read(chunk)
    return FORMAT.read(chunk)


# ============================================================================ current format


@immutable
class HeaderLine:
    hand_number: str
    game: str
    limit: str
    stake_low: str
    stake_high: str
    date: str
    time: str
    zone: str
    ante: str | None = None  # ", Ante $0.01" (2026)
    tournament_id: str | None = None
    guarantee: str | None = None  # "$5,000 GTD "
    level: str | None = None  # "15", "IV"
    line: int = field(default=0, compare=False)


@immutable
class TableLine:
    table: str
    max_seats: int
    play_money: bool = False
    button_seat: int | None = None
    line: int = field(default=0, compare=False)


CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "STREET": {
        "3rd STREET": Street.THIRD,
        "4th STREET": Street.FOURTH,
        "5th STREET": Street.FIFTH,
        "6th STREET": Street.SIXTH,
        "7th STREET": Street.SEVENTH,
    }.__getitem__,
    "POST_KIND": {"ante": PostKind.ANTE}.__getitem__,
    "POSITION": lambda text: text[2:-1],
}


@v_args(inline=True)
class WinningLines(CommonLines):
    """The current format's own rules, terminals unconverted."""

    def header(self, _game_word, number, tournament, game, limit, stakes, date, time, zone):
        return HeaderLine, {
            "hand_number": number,
            "game": game,
            "limit": limit,
            "date": date,
            "time": time,
            "zone": zone,
            **(tournament or {}),
            **stakes,
        }

    def tournament(self, guarantee, tournament_id):
        return {
            "tournament_id": tournament_id,
            "guarantee": None if guarantee is None else Text(guarantee),
        }

    def cash_stakes(self, low, high, ante):
        return {
            "stake_low": Text(low),
            "stake_high": Text(high),
            "ante": None if ante is None else Text(ante),
        }

    def level_stakes(self, level, low, high):
        return {"level": Text(level), "stake_low": Text(low), "stake_high": Text(high)}

    def table(self, name, max_seats, play_money, button):
        return TableLine, {
            "table": name,
            "max_seats": max_seats,
            "play_money": play_money is not None,
            "button_seat": button,
        }

    def totals_after_rake(self, left, rake, jackpot_fee):
        """ "Total pot $0.13" alone (2026): no rake was taken."""
        if rake is None:
            return pot_after_rake, {"left": left, "rake": ZERO}
        return super().totals_after_rake(left, rake, jackpot_fee)

    def muck_showing(self, player, cards):
        return Muck, {"player": player, "cards": cards}

    def no_show(self, player):
        return note("no_show", player)

    def raise_putting_in(self, player, _put_in, total, all_in):
        action, fields = self.raise_total(player, total, all_in)
        return action, {**fields, "put_in": Ignored(_put_in)}

    def running_pot(self, text):
        return note("pot_so_far", None, text)


@cache
def line_parser() -> LineParser:
    """The current format's line parser (built once per process)."""
    return site_line_parser("winning.lark", WinningLines(), CONVERTERS)


_TOURNAMENT_TABLE: Final = re.compile(r"^Table '(?P<number>\d+)'$")


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    header, table = heading
    limit = LIMITS[header.limit.lower()]
    low, high = parse_amount(header.stake_low), parse_amount(header.stake_high)
    ante = parse_amount(header.ante) if header.ante else None
    site_time = f"{header.date} {header.time}"
    tournament = None
    table_name = table.table
    if header.tournament_id is not None:
        money, currency = MoneyKind.TOURNAMENT, None
        tournament = Tournament(tournament_id=header.tournament_id, level=header.level)
        if match := _TOURNAMENT_TABLE.match(table_name):
            table_name = match["number"]  # "Table '25'"
    else:
        currency = None if table.play_money else currency_symbol_of(header.stake_low)
        money = MoneyKind.REAL if currency else MoneyKind.PLAY
    return HandHeader(
        site=SITE,
        hand_number=header.hand_number,
        game=game,
        limit=limit,
        stakes=stakes_of(limit, low, high, events, ante),
        money=money,
        currency=currency,
        started_at_utc=clock_to_utc(site_time, header.zone),
        site_time=f"{site_time} {header.zone}",
        table=table_name,
        max_seats=table.max_seats,
        button_seat=table.button_seat,
        tournament=tournament,
        hero=dealt_hero(events),
    )


def _undo_current_habits(game: Game, _seats: object, records: list[object]) -> list[object]:
    """A pot nobody contested is collected in the summary alone ("Player2 does not show",
    then "Seat 7: Player2 did not show and won $0.36"): the collection is put where other
    sites print it, before the summary. Then completions written as raises."""
    collected = {record.player for record in records if isinstance(record, Collect)}
    summary_at = next((i for i, r in enumerate(records) if isinstance(r, SummaryStart)), None)
    missing = [
        Collect(record.player, record.won, line=record.line)
        for record in records
        if isinstance(record, SeatSummary)
        and record.won is not None
        and record.player not in collected
    ]
    if missing and summary_at is not None:
        records = [*records[:summary_at], *missing, *records[summary_at:]]
    return completions_from_raises(game, records)


FORMAT: Final = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=(
        (HeaderLine, "the hand's 'Hand #... - ...' line"),
        (TableLine, "the table line ('Crainville 8-max')"),
    ),
    games={"7stud": Game.SEVEN_STUD, "7stud h/l": Game.SEVEN_STUD_HILO},
    hand_header=_hand_header,
    normalize=_undo_current_habits,
)


# ============================================================================ 2016 format


@immutable
class StartedLine:
    """ "Game started at: 2016/8/2 11:17:19" (no zone)."""

    site_time: str
    line: int = field(default=0, compare=False)


@immutable
class GameIdLine:
    """ "Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)"."""

    hand_number: str
    stake_low: Decimal
    stake_high: Decimal
    table: str
    game: str
    line: int = field(default=0, compare=False)


@immutable
class DealtCardLine:
    """One card dealt face up to a player, or to the hero ("received card: [5d]")."""

    player: str
    card: Card
    line: int = field(default=0, compare=False)


@immutable
class SettlementLine:
    """A player's line in the 2016 summary: what was shown, bet and collected."""

    player: str
    bets: Decimal
    collects: Decimal
    winner: bool
    mucked: bool
    shown: tuple[Card, ...] | None = None
    description: str | None = None
    low: str | None = None  # Hi/Lo: "A A 2 4 6 7 " of "Low hand (A A 2 4 6 7 )"
    line: int = field(default=0, compare=False)


CONVERTERS_2016: Final = {
    **PIECE_CONVERTERS,
    "PRINTED_CARD": lambda text: "T" + text[2] if text.startswith("10") else text,
    "STREET": {  # named by the cards dealt before the street's betting
        "Third street": Street.FOURTH,
        "Fourth street": Street.FIFTH,
        "Fifth street": Street.SIXTH,
        "Sixth street": Street.SEVENTH,
    }.__getitem__,
    "POST_KIND": {"ante": PostKind.ANTE}.__getitem__,
}


@v_args(inline=True)
class Winning2016Lines(CommonLines):
    """The 2016 format's own rules, terminals unconverted."""

    def started(self, timestamp):
        return StartedLine, {"site_time": timestamp}

    def game_id(self, number, low, high, table, game, _max_seats):
        return GameIdLine, {
            "hand_number": number,
            "stake_low": low,
            "stake_high": high,
            "table": table or "",
            "game": game,
        }

    def post(self, player, kind, amount):
        return super().post(player, kind, amount, None)

    def dealt_card(self, player, card):
        return DealtCardLine, {"player": player, "card": card}

    def dealt_hidden(self, player):
        return note("dealt_hidden", player)

    def settlement(self, winner, player, showing, bets, collects, _net_word, _net):
        return SettlementLine, {
            "player": player,
            "bets": bets,
            "collects": collects,
            "winner": winner is not None,
            "net": Ignored(_net),
            **showing,
        }

    def mucks(self):
        return {"mucked": True}

    def hides(self):
        return {"mucked": False}

    def shows(self, description, *cards_and_low):
        *cards, low = cards_and_low
        return {"mucked": False, "shown": tuple(cards), "description": description, **low}

    def no_low(self):
        return {}

    def low_hand(self, low):
        return {"low": low}

    def all_in(self, player, amount):
        return AllInLine, {"player": player, "added": amount}

    def ended(self, timestamp):
        return note("game_ended", None, Text(timestamp))


@cache
def line_parser_2016() -> LineParser:
    """The 2016 format's line parser (built once per process)."""
    return site_line_parser("winning_2016.lark", Winning2016Lines(), CONVERTERS_2016)


def _undo_2016_habits(game: Game, seats: Sequence[Seat], records: list[object]) -> list[object]:
    """The 2016 lines as every site's assembly expects them (see the module's notes)."""
    if not records or not (isinstance(records[-1], Note) and records[-1].kind == "game_ended"):
        # the hand's last line: its last record's, or its seat list's when it stops there
        last = getattr(records[-1], "line", 0) if records else 0
        last = last or (seats[-1].line if seats else 0)
        raise StructureError(last, "the hand stops before 'Game ended at:' (truncated)", True)
    seat_of = {seat.player: seat.seat for seat in seats}
    folded = {r.player for r in records if type(r) is Action and r.kind is ActionKind.FOLD}
    normalized: list[object] = []
    dealt_this_street: dict[str, int] = {}  # player -> index of the street's deal so far
    before_summary: list[object] = []
    summary_at = None
    street_open = False
    # "allin (40.40)" adds 40.40: a call, a bet or a raise (FPDB WinningToFpdb.py reads so)
    for record in all_ins_resolved(game, records):
        if not street_open and (
            isinstance(record, DealtCardLine)
            or (isinstance(record, Note) and record.kind == "dealt_hidden")
        ):  # no line opens the first street: it opens with its first card
            normalized.append(StreetStart(Street.THIRD, line=record.line))
            street_open = True
        if isinstance(record, DealtCardLine):
            index = dealt_this_street.get(record.player)
            if index is None:
                dealt_this_street[record.player] = len(normalized)
                normalized.append(DealtLine(record.player, (record.card,), line=record.line))
            else:
                dealt = normalized[index]
                assert isinstance(dealt, DealtLine)
                normalized[index] = replace(dealt, cards=(*dealt.cards, record.card))
                read_into(record.line, f"the deal of line {dealt.line}")
            continue
        if isinstance(record, StreetStart):
            dealt_this_street.clear()
            street_open = True
        elif isinstance(record, SettlementLine):
            record = _seat_summary(record, seat_of, folded, before_summary)
        elif isinstance(record, SummaryStart):
            summary_at = len(normalized)
        normalized.append(record)
    if summary_at is not None:
        normalized[summary_at:summary_at] = before_summary
    return completions_from_raises(game, normalized)


def _seat_summary(
    record: SettlementLine, seat_of: dict[str, int], folded: set[str], before: list[object]
) -> SeatSummary:
    """The summary line's events: the show and the collection other sites print before
    their summary (added to `before`), and the seat's summary line."""
    description = record.description
    if record.low is not None:  # "High card A [...] Low hand (A A 2 4 6 7 )"
        description = f"{description} | Low hand ({record.low.strip()})"
    if record.shown is not None:
        before.append(Show(record.player, record.shown, description, line=record.line))
        outcome = "showed"
    elif record.collects:
        outcome = "collected"
    else:
        outcome = "folded" if record.player in folded else "mucked"
    if record.collects:
        before.append(Collect(record.player, record.collects, line=record.line))
    return SeatSummary(
        seat_of.get(record.player, 0),
        record.player,
        outcome,
        won=record.collects or None,
        cards=record.shown,
        description=description,
        line=record.line,
    )


_TABLE_KIND_2016: Final = re.compile(r"^\((?P<kind>[A-Z]+)\) ")
_TOURNAMENT_TABLE_2016: Final = re.compile(r"^(?P<tournament>.+), Table (?P<number>\d+)$")


# The 2016 client's file names: "HH20160914 G34835015.txt" a cash table's, "HH20160914
# T6106397-G34835015.txt" a tournament's, its number after the T. Inferred (the real
# files here are a cash table's, renamed): FPDB WinningToFpdb.py re_File1 and re_TourNo,
# and its tournament files ("NLHE-9max-USD-5.00 HH00000000 T5731520-G0-201608.Regular").
# The current client's names ("...SITGOID-TN-$15 PLO Hi{BACKSLASH}Lo Turbo - On Demand
# GAMETYPE...", "...SCHEDULEDID-...": FPDB re_File2) tell a tournament's name and kind, but
# its hands print their tournament ("Tournament #11212445"): read from the hand alone.
_TOURNAMENT_FILE_2016: Final = re.compile(r"HH\d{8} T(?P<number>\d+)-G\d+")
_FILE_NAME_END: Final = re.compile(r"[\\/!]")  # the name alone: no folder, no archive ("a.zip!b")


@lru_cache(maxsize=16)
def _format_2016_of(tournament_number: str) -> HandFormat:
    """The 2016 format, for the hands of a file whose name says it is a tournament's."""

    def header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
        return _hand_header_2016(heading, game, events, tournament_number)

    return replace(FORMAT_2016, hand_header=header)


def _hand_header_2016(
    heading: tuple[Any, ...],
    game: Game,
    events: tuple[Event, ...],
    file_tournament: str | None = None,
) -> HandHeader:
    """The 2016 header. The table says the money: "(PRR) Leyak" a real-money table, "PM
    Hold`em 5/10" a play-money one, "$5 Regular 9-Max, Table 1" a tournament's (FPDB
    WinningToFpdb.py reads them so: no line of the hand says it). A tournament's number
    is printed nowhere in the hand: the file's name gives it (`file_tournament`), and
    makes a hand whose table says nothing of its money ("", "PMS_27056799") that
    tournament's; a table that says cash or play money stays so."""
    started, game_id = heading
    site_time = started.site_time
    said = _TABLE_KIND_2016.match(game_id.table) is not None
    table = _TABLE_KIND_2016.sub("", game_id.table)
    tournament = None
    if match := _TOURNAMENT_TABLE_2016.match(table):
        money, currency = MoneyKind.TOURNAMENT, None
        tournament = Tournament(tournament_id=file_tournament or match["tournament"])
        table = match["number"]
    elif table.startswith("PM "):
        money, currency = MoneyKind.PLAY, None
    elif file_tournament is not None and not said:
        money, currency = MoneyKind.TOURNAMENT, None
        tournament = Tournament(tournament_id=file_tournament)
    else:
        # No sign: the network plays in dollars (the real file's name says USD).
        money, currency = MoneyKind.REAL, "USD"
    return HandHeader(
        site=SITE,
        hand_number=game_id.hand_number,
        game=game,
        limit=LimitKind.FIXED,  # the network's stud was fixed limit; the line does not say
        stakes=stakes_of(LimitKind.FIXED, game_id.stake_low, game_id.stake_high, events),
        money=money,
        currency=currency,
        # No zone printed: read as UTC, the zone the current format prints.
        started_at_utc=clock_to_utc(site_time, "UTC"),
        site_time=site_time,
        table=table,
        tournament=tournament,
        hero=dealt_hero(events),
    )


FORMAT_2016: Final = HandFormat(
    site=SITE,
    name=f"{NAME} (2016)",
    line_parser=line_parser_2016,
    heading=(
        (StartedLine, "the hand's 'Game started at:' line"),
        (GameIdLine, "the 'Game ID:' line"),
    ),
    games={"seven cards stud": Game.SEVEN_STUD, "seven cards stud hilow": Game.SEVEN_STUD_HILO},
    hand_header=_hand_header_2016,
    normalize=_undo_2016_habits,
    summary_lists_every_seat=False,  # its own check: the hand must end with "Game ended at:"
    hand_number_pattern=re.compile(r"Game ID: (\d+)"),
)

SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("winning.lark", "winning_2016.lark"),
)
