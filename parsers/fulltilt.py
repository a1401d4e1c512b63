"""Full Tilt Poker: the line grammar's transformer and the hand it makes.

`grammars/fulltilt.lark` says what each line is; the transformer below adds to the rules
every site shares (`common_lines.CommonLines`) the ones only Full Tilt has, and
`parse_hand` reads a hand the way every site does (`hand_reading.read_hand`). What Full
Tilt does its own way is undone here, before the site-neutral assembly:

- a player coming back posts a dead small blind and a live big blind on two lines
  ("posts a dead small blind of $1.25", "posts $2.50"): one post of both, as PokerStars'
  "posts small & big blinds $3.75" is;
- the button is printed in the body ("The button is in seat #4"), kept as a note and read
  into the header.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lark import v_args

from parsers.amounts import currency_symbol_of, parse_amount
from parsers.common_lines import PIECE_CONVERTERS, CommonLines, note
from parsers.conventions import SiteConventions
from parsers.events import (
    Collect,
    Event,
    Game,
    HandHeader,
    MoneyKind,
    Note,
    Post,
    PostKind,
    Seat,
    Street,
    StreetStart,
    Tournament,
)
from parsers.hand_reading import LIMITS, HandFormat, site_line_parser, stakes_of
from parsers.line_parser import Ignored, LineParser, Text
from parsers.site_time import clock_to_utc

SITE = "fulltilt"

# The summary prints each pot before rake: "Total pot $95.10 Main pot $85.10. Side pot $10.
# | Rake $3" (10-Game, 2011: the players collect 41.05 x 2 + 5 x 2 = 92.10).
CONVENTIONS = SiteConventions(pots_printed_net_of_rake=False)

HAND_START = re.compile(r"^\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #", re.MULTILINE)

GAMES: dict[str, Game] = {
    "stud hi": Game.SEVEN_STUD,
    "7 card stud": Game.SEVEN_STUD,
    "stud h/l": Game.SEVEN_STUD_HILO,
    "7 card stud hi/lo": Game.SEVEN_STUD_HILO,
    "razz": Game.RAZZ,
    "5 card stud": Game.FIVE_STUD,
    "2-7 triple draw": Game.TRIPLE_DRAW_27,
    "2-7 single draw": Game.SINGLE_DRAW_27,
    "a-5 triple draw": Game.TRIPLE_DRAW_A5,
    "badugi": Game.BADUGI,
    "5 card draw": Game.FIVE_DRAW,
}

STREETS: dict[str, Street] = {
    "2ND STREET": Street.SECOND,  # five card stud
    "3RD STREET": Street.THIRD,
    "4TH STREET": Street.FOURTH,
    "5TH STREET": Street.FIFTH,
    "6TH STREET": Street.SIXTH,
    "7TH STREET": Street.SEVENTH,
    "HOLE CARDS": Street.PREDRAW,
    "DRAW": Street.DRAW_1,  # single-draw games
    "FIRST DRAW": Street.DRAW_1,
    "SECOND DRAW": Street.DRAW_2,
    "THIRD DRAW": Street.DRAW_3,
}

POST_KINDS: dict[str, PostKind] = {
    "antes ": PostKind.ANTE,
    "posts the small blind of ": PostKind.SMALL_BLIND,
    "posts the big blind of ": PostKind.BIG_BLIND,
    "posts a dead small blind of ": PostKind.DEAD_BLIND,
    "posts ": PostKind.BIG_BLIND,
}


def _pot_label(text: str) -> str:
    """ "the pot", "the high pot" -> "pot"; "the low main pot" -> "main";
    "the side pot" -> "side-1"; "side pot #2" -> "side-2"."""
    if "#" in text:
        return "side-" + text.rpartition("#")[2]
    if "main" in text:
        return "main"
    if "side" in text:
        return "side-1"
    return "pot"


def _fold_street(text: str) -> str:
    """ "on 3rd St." -> "3rd St."; "on the Flop" -> "Flop"; "before the Draw" as it is."""
    return text.removeprefix("on ").removeprefix("the ")


CONVERTERS = {
    **PIECE_CONVERTERS,
    "STREET": STREETS.__getitem__,
    "POST_KIND": POST_KINDS.__getitem__,
    "POT": _pot_label,
    "POSITION": lambda text: text[2:-1],
    "FOLD_STREET": _fold_street,
    "CONNECTION": lambda text: text.removeprefix("been "),
}


@dataclass(frozen=True, slots=True)
class HeaderLine:
    """The first line of a hand, read but not yet interpreted."""

    hand_number: str
    game: str
    limit: str
    stake_low: str
    stake_high: str
    ante: str | None
    table: str
    table_attributes: str | None
    match: bool
    time: str
    zone: str
    date: str
    et_time: str | None = None
    et_zone: str | None = None
    et_date: str | None = None
    tournament_name: str | None = None
    tournament_id: str | None = None
    line: int = field(default=0, compare=False)


@v_args(inline=True)
class FullTiltLines(CommonLines):
    """Full Tilt's own rules (the shared ones are `CommonLines`'), terminals unconverted."""

    # -- header
    def header(self, _site, number, tournament, table, stakes, _cap, game, when):
        return HeaderLine, {
            "hand_number": number,
            **(tournament or {}),
            **table,
            **stakes,
            **game,
            **when,
        }

    def tournament(self, name, tournament_id):
        return {"tournament_name": Text(name), "tournament_id": tournament_id}

    def table(self, word, name, attributes):
        return {
            "table": Text(name),
            "table_attributes": Text(attributes) if attributes is not None else None,
            "match": word == "Match ",
        }

    def stakes(self, low, high, ante):
        return {
            "stake_low": Text(low),
            "stake_high": Text(high),
            "ante": Text(ante) if ante is not None else None,
        }

    def game(self, limit, name):
        return {"limit": limit, "game": name}

    def when(self, time, zone, date, et_time, et_zone, et_date):
        return {
            "time": time,
            "zone": zone,
            "date": date,
            "et_time": et_time,
            "et_zone": et_zone,
            "et_date": et_date,
        }

    # -- streets, pots and the summary
    def street(self, name, pot):
        fields: dict[str, Any] = {"street": name}
        if pot is not None:
            fields["pot_so_far"] = Ignored(pot)
        return StreetStart, fields

    def wins(self, player, _wins, pot, amount, description):
        return Collect, {"player": player, "amount": amount, "pot": pot}

    def didnt_bet(self):
        return {"outcome": "folded", "didnt_bet": True}

    # -- notes
    def button(self, seat):
        return note("button", None, Text(seat))

    def bring_in_card(self, player, _low_or_high, card):
        return note("bring_in_card", player, Text(card))

    def dealt_count(self, player, count):
        return note("dealt_count", player, Text(count))

    def time_left(self, player, seconds):
        return note("time_left", player, Text(seconds))

    def time_left_anyone(self, seconds):
        return note("time_left", None, Text(seconds))

    def requested_time(self, player):
        return note("requested_time", player)

    def connection(self, player, state):
        return note("connection", player, state)

    def feeling(self, player, mood):
        return note("feeling", player, Text(mood))

    def sits_down(self, player):
        return note("sits_down", player)

    def adds(self, player, amount):
        return note("adds", player, Text(amount))

    def stands_up(self, player):
        return note("stands_up", player)


@cache
def line_parser() -> LineParser:
    """The Full Tilt line parser (built once per process)."""
    return site_line_parser("fulltilt.lark", FullTiltLines(), CONVERTERS)


def _dead_and_live_blinds(game: Game, seats: Sequence[Seat], records: list[object]) -> list[object]:
    """ "X posts a dead small blind of $1.25" then "X posts $2.50": one post of both."""
    merged: list[object] = []
    for index, record in enumerate(records):
        if type(record) is StreetStart:  # forced bets are all posted before the first street
            return merged + records[index:]
        previous = merged[-1] if merged else None
        if (
            isinstance(record, Post)
            and record.kind is PostKind.BIG_BLIND
            and isinstance(previous, Post)
            and previous.kind is PostKind.DEAD_BLIND
            and previous.player == record.player
        ):
            merged[-1] = Post(
                record.player,
                PostKind.SMALL_AND_BIG_BLINDS,
                previous.amount + record.amount,
                all_in=record.all_in,
                line=previous.line,
            )
        else:
            merged.append(record)
    return merged


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    (header,) = heading
    limit = LIMITS[header.limit.lower()]
    low, high = parse_amount(header.stake_low), parse_amount(header.stake_high)
    ante = parse_amount(header.ante) if header.ante else None
    stakes = stakes_of(limit, low, high, events, ante)

    tournament = None
    if header.tournament_id is not None:
        money, currency = MoneyKind.TOURNAMENT, None
        buy_in = _BUY_IN.match(header.tournament_name or "")
        tournament = Tournament(
            tournament_id=header.tournament_id,
            buy_in=parse_amount(buy_in.group(1)) if buy_in else None,
            fee=parse_amount(buy_in.group(2)) if buy_in else None,
            currency=currency_symbol_of(buy_in.group(1)) if buy_in else None,
            match_round=header.table if header.match else None,
        )
    else:
        currency = currency_symbol_of(header.stake_low)
        play = currency is None or header.table.startswith("Play ")
        money = MoneyKind.PLAY if play else MoneyKind.REAL
        currency = None if play else currency

    if header.et_time is not None and header.et_zone is not None and header.et_date:
        clock = (header.et_date, header.et_time, header.et_zone)
    else:
        clock = (header.date, header.time, header.zone)
    started = clock_to_utc(f"{clock[0]} {clock[1]}", clock[2])

    return HandHeader(
        site=SITE,
        hand_number=header.hand_number,
        game=game,
        limit=limit,
        stakes=stakes,
        money=money,
        currency=currency,
        started_at_utc=started,
        site_time=f"{header.time} {header.zone} - {header.date}",
        table=header.table,
        max_seats=_max_seats(header.table_attributes),
        button_seat=_button_seat(events),
        tournament=tournament,
    )


_BUY_IN = re.compile(r"([$€£]?[\d,]+(?:\.\d+)?) \+ ([$€£]?[\d,]+(?:\.\d+)?)\b")
_MAX_SEATS = re.compile(r"\b(\d+) max\b")


def _max_seats(attributes: str | None) -> int | None:
    """ "6 max" -> 6, "heads up" -> 2; a table with no attributes does not say."""
    if attributes is None:
        return None
    match = _MAX_SEATS.search(attributes)
    if match:
        return int(match.group(1))
    return 2 if "heads up" in attributes else None


def _button_seat(events: tuple[Event, ...]) -> int | None:
    for event in events:
        if isinstance(event, Note) and event.kind == "button":
            return int(event.text)
    return None


FORMAT = HandFormat(
    site=SITE,
    name="Full Tilt",
    line_parser=line_parser,
    heading=((HeaderLine, "the hand's 'Full Tilt Poker Game #...' line"),),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_dead_and_live_blinds,
    # Inferred: no real line at hand; FPDB's FulltiltToFpdb.py rejects hands holding
    # "Hand #<number> has been canceled" (its re_Cancelled), spelt with one l or two.
    cancelled=re.compile(r"Hand #\d+ has been cancell?ed"),
)

parse_hand = FORMAT.read
"""Read one Full Tilt hand; raises `HandParseError` with the file, line and column."""
