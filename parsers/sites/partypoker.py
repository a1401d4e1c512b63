"""PartyPoker: the line grammar's transformer and the hand it makes.

`grammars/partypoker.lark` says what each line is; the transformer below adds to the rules
every site shares (`common_lines.CommonLines`) the ones only PartyPoker has. What
PartyPoker does its own way:

- a hand opens with up to three lines naming it ("Game #N starts.", a blank line,
  "#Game No : N", "***** Hand History for Game N *****"), the first two not always there
  (the 2012 tournament file has neither), and the button and player count lines may be
  missing too: they are optional heading lines;
- every bracketed amount is what the action adds: a raise ("raises [$2 USD]") and an
  all-in ("is all-In  [3,000]") are made street totals in the hand's order;
- a bet nobody calls is never mentioned: it goes back to its maker without a line, and the
  winner's "wins" counts it in ("Player8 bets [$1 USD] / Player4 folds / ... / Player8 wins
  $13.20 USD", 12.80 bet before it and 0.60 raked). The return is written in as an
  `UncalledReturn` and taken out of what he wins, so that the events add up as on any site;
- there is no summary and no rake line: the engine works the rake out; only the hero's
  cards are dealt, and some files start and end with a NUL byte (a "padding" note).
"""

from __future__ import annotations

import re
from dataclasses import field, replace
from datetime import datetime
from decimal import Decimal
from functools import cache
from typing import Any, Final

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, UnmarkedLines, note
from parsers.lines.hand_assembly import dealt_hero
from parsers.lines.hand_lines import (
    AllInLine,
    HandFormat,
    all_ins_resolved,
    raises_to_street_totals,
    site_line_parser,
    stakes_of,
    uncalled_returned,
)
from parsers.lines.line_parser import LineParser, Text
from parsers.model.amounts import currency_symbol_of, parse_amount
from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
from parsers.model.events import (
    ZERO,
    Collect,
    Event,
    Game,
    HandHeader,
    LimitKind,
    MoneyKind,
    Muck,
    PostKind,
    Tournament,
    TournamentFinish,
    UncalledReturn,
)
from parsers.model.games import Street
from parsers.model.immutable import immutable
from parsers.sites.site_format import SiteFormat
from parsers.text.site_time import clock_to_utc

SITE: Final = "partypoker"
NAME: Final = "PartyPoker"  # as players know it: every screen and message
# Inferred: no real PartyPoker hand shows a fixed-limit raise after a short all-in raise;
# the default, PokerStars' rule, stands until one does.
# Odd chips: no real PartyPoker hand splits a pot with a chip left over; any sharing within a
# chip of the exact one is accepted, with an `odd_chip` warning naming who took it.
CONVENTIONS = SiteConventions(odd_chip_half=OddChipHalf.UNKNOWN, odd_chip=OddChip.UNKNOWN)

# "Game #N starts.", blank lines, "#Game No : N", then the "***** Hand History" line: the
# match takes the blank lines in, so that they end no hand (`hand_texts.split_hands`).
HAND_START = re.compile(
    r"^[\ufeff\x00]*(?:Game #\d+ starts\.[ \t\r]*\n(?:[ \t\r]*\n)*)?"
    r"(?:#Game No : \d+[ \t\r]*\n)?\*{5} Hand History [fF]or Game ",
    re.MULTILINE,
)

GAMES: dict[str, Game] = {
    "7 card stud": Game.SEVEN_STUD,
    "7 card stud hi-lo": Game.SEVEN_STUD_HILO,
}

STREETS: Final[dict[str, Street]] = {
    "** Dealing **": Street.THIRD,
    "** Dealing Fourth street **": Street.FOURTH,
    "** Dealing Fifth street **": Street.FIFTH,
    "** Dealing Sixth street **": Street.SIXTH,
    "** Dealing River **": Street.SEVENTH,
}

LIMITS: Final = {
    "FL": LimitKind.FIXED,
    "Limit": LimitKind.FIXED,
    "NL": LimitKind.NO,
    "PL": LimitKind.POT,
}
MONTHS: Final = {
    name: number
    for number, names in enumerate(
        (
            ("January", "Jan"),
            ("February", "Feb"),
            ("March", "Mar"),
            ("April", "Apr"),
            ("May",),
            ("June", "Jun"),
            ("July", "Jul"),
            ("August", "Aug"),
            ("September", "Sep"),
            ("October", "Oct"),
            ("November", "Nov"),
            ("December", "Dec"),
        ),
        start=1,
    )
    for name in names
}
_DATE: Final = re.compile(
    r"[A-Za-z]+,? ?(?P<month>[A-Za-z]+) (?P<day>\d+),? (?P<time>[\d:]+) +(?:(?P<zone>[A-Z]+) +)?"
    r"(?P<year>\d{4})"
)
_BLINDS: Final = re.compile(r"\((?P<low>[\d, ]+)/(?P<high>[\d, ]+)(?:\s*-\s*(?P<ante>[\d, ]+))?\)")


def _street(text: str) -> Street:
    return STREETS[text]


CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "MONEY": parse_amount,
    "STREET_MARK": _street,
    "POST_KIND": {"ante": PostKind.ANTE}.__getitem__,
}


# ---------------------------------------------------------------------------- heading


@immutable
class StartsLine:
    """ "Game #10399817763 starts.": the number, given again below."""

    number: str
    line: int = field(default=0, compare=False)


@immutable
class GameNumberLine:
    """ "#Game No : 10399817763": the same number, except in FPDB's "Mac format" files."""

    number: str
    line: int = field(default=0, compare=False)


@immutable
class HistoryLine:
    """ "***** Hand History for Game 10399817763 *****": the hand's number, as the client
    shows it (FPDB too takes it from here)."""

    hand_number: str
    line: int = field(default=0, compare=False)


@immutable
class GameLine:
    """The stakes, game and date line, read but not interpreted (`_hand_header` does)."""

    game: str
    date: str
    low: str | None = None  # the stakes as printed, sign included
    high: str | None = None
    currency: str | None = None  # "USD", "EUR"
    limit: str | None = None
    tournament_id: str | None = None
    level: str | None = None
    blinds: str | None = None  # "Stakes-Antes(60/120-10)"
    buy_in: str | None = None
    fee: str | None = None
    line: int = field(default=0, compare=False)


@immutable
class TableLine:
    table: str
    play_money: bool = False
    button_seat: int | None = None  # the Game Table export's " -- Seat 1 is the button"
    line: int = field(default=0, compare=False)


@immutable
class ButtonLine:
    """ "Seat 0 is the button": stud has none, and says seat 0."""

    seat: int
    line: int = field(default=0, compare=False)


@immutable
class PlayersLine:
    """ "Total number of players : 7/8": seated, and the table's seats."""

    count: int
    max_seats: int | None = None
    line: int = field(default=0, compare=False)


# ---------------------------------------------------------------------------- body


@v_args(inline=True)
class PartyPokerLines(UnmarkedLines):
    """PartyPoker's own rules (the shared ones are `UnmarkedLines`'), terminals unconverted."""

    def starts(self, _nul, number):
        return StartsLine, {"number": number}

    def game_number(self, number):
        return GameNumberLine, {"number": number}

    def history(self, number, _converter_site=None):
        return HistoryLine, {"hand_number": number}

    def cash_game(self, low, high, currency, _speed, limit, game, date):
        return GameLine, {
            "game": game,
            "date": date,
            "low": low,
            "high": high,
            "currency": currency,
            "limit": limit,
        }

    def tournament_game(self, limit, game, buy_in, level, date):
        fields = {"game": game, "date": date, "limit": limit, **(buy_in or {}), **(level or {})}
        return GameLine, fields

    def buy_in(self, amount, currency, fee):
        return {"buy_in": amount, "currency": currency, "fee": fee}

    def level(self, tournament_id, level, blinds):
        return {"tournament_id": Text(tournament_id), "level": Text(level), "blinds": blinds}

    def table_game(self, low, high, game, limit, _kind, tournament_id, buy_in, fee, date):
        return GameLine, {
            "game": game,
            "date": date,
            "low": low,
            "high": high,
            "limit": limit,
            "tournament_id": Text(tournament_id) if tournament_id is not None else None,
            "buy_in": buy_in,
            "fee": fee,
        }

    def table(self, name, money_kind, button):
        return TableLine, {
            "table": name,
            "play_money": money_kind == "Play",
            "button_seat": button,
        }

    def button(self, seat):
        return ButtonLine, {"seat": seat}

    def players(self, count, max_seats):
        return PlayersLine, {"count": count, "max_seats": max_seats}

    def seat(self, number, player, stack, _stats):
        return super().seat(number, player, stack)

    def amount(self, money):
        return money

    def opens(self, player):
        return note("opens", player)

    def raise_to(self, player, amount, total):
        return super().raise_to(player, amount, total, None)

    def all_in(self, player, added):
        return AllInLine, {"player": player, "added": added}

    def muck(self, player, cards, description):
        return Muck, {"player": player, "cards": cards}

    def no_show(self, player):
        return note("no_show", player)

    def low_hand(self, player, cards):
        return note("low_hand", player, cards)

    def collect(self, player, amount, pot, _description):
        return super().collect(player, amount, pot or "main")

    def remark(self, text):
        return note("remark", None, text)

    def said(self, player, text):
        return note("said", player, text)

    def joins(self, name):
        return note("joins", name)

    def leaves(self, name):
        return note("leaves", name)

    def sits_out(self, player):
        return note("sits_out", player)

    def timed_out(self, player):
        return note("timed_out", player)

    def padding(self, _nul):
        return note("padding", None)

    def finished(self, player, place, prize):
        return TournamentFinish, {"player": player, "place": place, "prize": prize}


@cache
def line_parser() -> LineParser:
    """The PartyPoker line parser (built once per process)."""
    return site_line_parser("partypoker.lark", PartyPokerLines(), CONVERTERS)


# ---------------------------------------------------------------------------- header


def _utc(date: str) -> tuple[datetime, str]:
    """ "Monday, April 25, 14:20:12 EDT 2011" as UTC, and as the site's clock with its zone.
    A date with no zone is Eastern time, as FPDB reads it."""
    found = _DATE.fullmatch(date)
    if found is None or found["month"] not in MONTHS:
        raise ValueError(f"unreadable date {date!r}")
    zone = found["zone"] or "ET"
    clock = f"{found['year']}/{MONTHS[found['month']]:02d}/{int(found['day']):02d} {found['time']}"
    return clock_to_utc(clock, zone), f"{clock} {zone}"


def _stake(text: str | None) -> Decimal | None:
    return None if text is None else parse_amount(text)


def _tournament(game_line: GameLine) -> Tournament | None:
    if game_line.tournament_id is None and game_line.buy_in is None:
        return None
    buy_in = game_line.buy_in
    return Tournament(
        tournament_id=game_line.tournament_id or "",
        buy_in=_stake(buy_in),
        fee=_stake(game_line.fee),
        currency=game_line.currency or currency_symbol_of((buy_in or "").lstrip()),
        level=game_line.level,
    )


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    _starts, _number, history, game_line, table, button, players = heading
    limit = LIMITS[game_line.limit] if game_line.limit else LimitKind.FIXED
    tournament = _tournament(game_line)
    low, high, ante = _stake(game_line.low), _stake(game_line.high), None
    if game_line.blinds is not None:  # "Stakes-Antes(60/120-10)": the tournament's level
        blinds = _BLINDS.search(game_line.blinds)
        assert blinds is not None  # the grammar's BLINDS has them
        low, high = parse_amount(blinds["low"].strip()), parse_amount(blinds["high"].strip())
        ante = parse_amount(blinds["ante"].strip()) if blinds["ante"] else None
    started_at_utc, site_time = _utc(game_line.date)
    if tournament is not None:
        money, currency = MoneyKind.TOURNAMENT, None
    elif table.play_money:
        money, currency = MoneyKind.PLAY, None
    else:
        currency = game_line.currency or currency_symbol_of(game_line.low or "") or "USD"
        money = MoneyKind.REAL
    button_seat = table.button_seat if button is None else button.seat
    return HandHeader(
        site=SITE,
        hand_number=history.hand_number,
        game=game,
        limit=limit,
        stakes=stakes_of(limit, low, high, events, ante),
        money=money,
        currency=currency,
        started_at_utc=started_at_utc,
        site_time=site_time,
        table=" ".join(table.table.split()),
        max_seats=players.max_seats if players is not None else None,
        button_seat=button_seat or None,  # stud: "Seat 0 is the button", no button
        tournament=tournament,
        hero=dealt_hero(events),
    )


# ---------------------------------------------------------------------------- site habits


def _undo_habits(game: Game, _seats: object, records: list[object]) -> list[object]:
    """PartyPoker's records as the site-neutral assembly expects them."""
    records = all_ins_resolved(game, raises_to_street_totals(records), bet_first=True)
    return _returns_taken_from_wins(uncalled_returned(records))


def _returns_taken_from_wins(records: list[object]) -> list[object]:
    """PartyPoker's "wins" is what the winner takes off the table: his own bet nobody called
    comes back in it (hand 10399817763: 12.80 bet before "Player8 bets [$1 USD]" nobody
    calls, and "Player8 wins $13.20 USD"). The return being an event of its own, it is
    taken out of his first win large enough to hold it."""
    owed = {r.player: r.amount for r in records if isinstance(r, UncalledReturn)}
    if not owed:
        return records
    normalized: list[object] = []
    for record in records:
        if isinstance(record, Collect) and owed.get(record.player, ZERO) > 0:
            returned = owed.pop(record.player)
            if record.amount >= returned:
                record = replace(record, amount=record.amount - returned)
            else:
                owed[record.player] = returned
        normalized.append(record)
    return normalized


# ---------------------------------------------------------------------------- the hand

FORMAT = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=(
        (StartsLine, "the 'Game #... starts.' line"),
        (GameNumberLine, "the '#Game No : ...' line"),
        (HistoryLine, "the '***** Hand History for Game ... *****' line"),
        (GameLine, "the stakes, game and date line"),
        (TableLine, "the 'Table ... (Real Money)' line"),
        (ButtonLine, "the 'Seat ... is the button' line"),
        (PlayersLine, "the 'Total number of players : ...' line"),
    ),
    optional_heading=frozenset({StartsLine, GameNumberLine, ButtonLine, PlayersLine}),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_undo_habits,
    summary_lists_every_seat=False,
    has_summary=False,
    hand_number_pattern=re.compile(r"(?:[fF]or Game |Game #)(\w+)"),
    # Inferred: FPDB drops hands holding "Table Closed" as partial.
    cancelled=re.compile(r"Table Closed"),
)


parse_hand = FORMAT.read
"""Read one PartyPoker hand; raises `HandParseError` with the file, line and column."""

SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("partypoker.lark",),
)
