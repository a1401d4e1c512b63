"""Full Tilt Poker: the line grammar's transformer and the hand it makes.

`grammars/fulltilt.lark` says what each line is; the transformer below adds to the rules
every site shares (`common_lines.CommonLines`) the ones only Full Tilt has, and
`parse_hand` reads a hand the way every site does (`hand_lines.read_hand`). What Full
Tilt does its own way is undone here, before the site-neutral assembly:

- a player coming back posts a dead small blind and a live big blind on two lines
  ("posts a dead small blind of $1.25", "posts $2.50"): one post of both, as PokerStars'
  "posts small & big blinds $3.75" is;
- the button is printed in the body ("The button is in seat #4"), kept as a note and read
  into the header;
- an ante no one can match is returned before the first street's line ("Player0 antes 6,
  and is all in" / "Uncalled bet of 1 returned to Hero" / "*** 3RD STREET ***"): the return
  is moved into the first street, where the other sites print it;
- "Ante of 25 returned to Hero" (inferred): the ante of a player who timed out is taken
  back, he plays no part in the hand;
- the archive export's line of stars before each hand is passed over, and a hand marked
  "(partial)" is refused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import field, replace
from decimal import Decimal
from functools import cache
from typing import Any, Final

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, CommonLines, note
from parsers.lines.hand_assembly import dealt_hero
from parsers.lines.hand_lines import (
    LIMITS,
    HandFormat,
    dead_and_live_blinds,
    site_line_parser,
    stakes_of,
)
from parsers.lines.line_accounting import carries_nothing
from parsers.lines.line_parser import Ignored, LineParser, Text
from parsers.model.amounts import currency_symbol_of, parse_amount
from parsers.model.conventions import OddChip, OddChipHalf, ShortAllInRaise, SiteConventions
from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import (
    Collect,
    Event,
    Game,
    Hand,
    HandHeader,
    MoneyKind,
    Note,
    Post,
    PostKind,
    Seat,
    Street,
    StreetStart,
    Tournament,
    UncalledReturn,
)
from parsers.model.immutable import immutable
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites.site_format import SiteFormat
from parsers.text.hand_texts import HandText
from parsers.text.site_time import clock_to_utc

SITE: Final = "fulltilt"
NAME: Final = "Full Tilt"  # as players know it: every screen and message

# The summary prints each pot before rake: "Total pot $95.10 Main pot $85.10. Side pot $10.
# | Rake $3" (10-Game, 2011: the players collect 41.05 x 2 + 5 x 2 = 92.10).
# Fixed limit, the next raise goes from a short all-in raise (5 Card Stud MTT, 2013, bets
# of 800: "Player0 completes it to 800" / "Player4 raises to 1,345, and is all in" /
# "Player0 raises to 2,145").
# Odd chips: no real Full Tilt hand splits a pot with a chip left over; any sharing within a
# chip of the exact one is accepted, with an `odd_chip` warning naming who took it.
CONVENTIONS = SiteConventions(
    odd_chip_half=OddChipHalf.UNKNOWN,
    odd_chip=OddChip.UNKNOWN,
    pots_printed_net_of_rake=False,
    short_all_in_raise=ShortAllInRaise.FROM_ALL_IN,
)

# A hand starts at its "Full Tilt Poker Game #" line. Full Tilt's archive export
# ("FullTiltPoker Game #", 2011) puts a numbered line of stars and a blank line before it,
# and a blank line between it and the seat list:
#     ******************** # 1 *************************
#
#     FullTiltPoker Game #27088270000: Table harrington25 (6 max) - $1,500/$3,000 - ...
#
#     Seat 1: Player1 ($103,461)
# (any number of blank lines, and none, in copies). The match takes in those lines, so
# that the blank lines inside it end no hand
# (`hand_texts.split_hands`); `parse_hand` passes the line of stars over.
HAND_START = re.compile(
    r"^\ufeff?(?:\*+ # \d+ \*+[ \t\r]*\n(?:[ \t\r\ufeff]*\n)*\ufeff?)?"
    r"(?:Full Tilt Poker|FullTiltPoker) Game #(?:[^\n]*\n(?:[ \t\r]*\n)+(?=Seat \d+: ))?",
    re.MULTILINE,
)
ARCHIVE_SEPARATOR: Final = re.compile(r"\ufeff?\*+ # \d+ \*+$")
"""The archive export's line of stars before a hand: file decoration, no line of the hand."""

GAMES: dict[str, Game] = {
    "stud hi": Game.SEVEN_STUD,
    "7 card stud": Game.SEVEN_STUD,
    "stud h/l": Game.SEVEN_STUD_HILO,
    "7 card stud hi/lo": Game.SEVEN_STUD_HILO,
    "razz": Game.RAZZ,
    "5 card stud": Game.FIVE_STUD,
    "5-card stud hi": Game.FIVE_STUD,
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


CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "STREET": STREETS.__getitem__,
    "POST_KIND": POST_KINDS.__getitem__,
    "POSITION": lambda text: text[2:-1],
    "CONNECTION": lambda text: text.removeprefix("been "),
}


@immutable
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
    partial: bool = False
    line: int = field(default=0, compare=False)


@v_args(inline=True)
class FullTiltLines(CommonLines):
    """Full Tilt's own rules (the shared ones are `CommonLines`'), terminals unconverted."""

    # -- header
    def header(self, _site, number, tournament, table, terms, when, partial):
        return HeaderLine, {
            "hand_number": number,
            **(tournament or {}),
            **table,
            **terms,
            **when,
            "partial": partial is not None,
        }

    def stakes_first(self, stakes, _cap, game):
        return {**stakes, **game}

    def game_first(self, _cap, game, stakes):
        return {**stakes, **game}

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
    def street(self, name, pot_so_far):
        return StreetStart, {"street": name, **(pot_so_far or {})}

    def pot_so_far(self, pot, players=None, all_in=None):
        """Checked like any field, kept by no event (see `Ignored`)."""
        fields = {"pot_so_far": Ignored(pot)}
        if players is not None:
            fields["players_in_pot"] = Ignored(players)
        if all_in is not None:
            fields["players_all_in"] = Ignored(all_in)
        return fields

    def glued_seat_summary(self, _empty_seat_line, *seat_summary):
        return self.seat_summary(*seat_summary)

    def wins(self, player, _wins, pot, amount, description):
        fields = {"player": player, "amount": amount, "pot": pot}
        if description is not None:  # free text (`FREE_TEXT`): checked, not kept
            fields["_description"] = Ignored(description)
        return Collect, fields

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

    def duration(self, seconds):
        return note("duration", None, Text(seconds))

    def ante_returned(self, amount, player):
        return note("ante_returned", player, Text(amount))

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


# A hand's description, as free as a number (see `LineParser`): "Bob shows [...] a full
# house, Aces full of Nines", "Bob wins the pot ($3.47) with 9,8,6,4,3", "... mucked [...]
# - two pair". Not "Dealt to Bob [Ah] [7c]", nor the "and lost" of "showed [...] and lost
# with ...", whose description comes after its " with ".
FREE_TEXT: Final = re.compile(r"(?:\] (?!\[|and |- )|\] - | with )([^\[\]()]+)\Z")


@cache
def line_parser() -> LineParser:
    """The Full Tilt line parser (built once per process)."""
    return site_line_parser("fulltilt.lark", FullTiltLines(), CONVERTERS, free_text=FREE_TEXT)


def _antes_returned(records: list[object]) -> list[object]:
    """ "Ante of 25 returned to Hero": Full Tilt took the ante of a player who had timed
    out and gave it back; he is not in the hand, so neither is the ante (the return line
    stays a note)."""
    returned = {
        record.player
        for record in records
        if isinstance(record, Note) and record.kind == "ante_returned"
    }
    if not returned:
        return records
    return [
        record
        for record in records
        if not (
            isinstance(record, Post) and record.kind is PostKind.ANTE and record.player in returned
        )
    ]


def _ante_uncalled_in_first_street(records: list[object]) -> list[object]:
    """ "Player0 antes 6, and is all in" / "Uncalled bet of 1 returned to Hero" /
    "*** 3RD STREET ***": Full Tilt returns the ante no one can match before the first
    street's line; every other site, and the assembly, puts the return in the betting."""
    first_street = next((i for i, r in enumerate(records) if type(r) is StreetStart), None)
    if first_street is None:
        return records
    early = [r for r in records[:first_street] if isinstance(r, UncalledReturn)]
    if not early:
        return records
    before = [r for r in records[:first_street] if not isinstance(r, UncalledReturn)]
    return [*before, records[first_street], *early, *records[first_street + 1 :]]


def _normalize(game: Game, seats: Sequence[Seat], records: list[object]) -> list[object]:
    records = _ante_uncalled_in_first_street(_antes_returned(records))
    return dead_and_live_blinds(records)


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    (header,) = heading
    limit = LIMITS[_LIMIT_WORDS.get(header.limit, header.limit).lower()]
    low, high = _stake(header.stake_low), _stake(header.stake_high)
    ante = _stake(header.ante) if header.ante else None
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
    started = clock_to_utc(_clock_text(clock[0], clock[1]), clock[2])

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
        hero=dealt_hero(events),
    )


# "FL Badugi", "NL Hold'em", "PL 5 Card Omaha Hi": the 2013 header's abbreviations.
_LIMIT_WORDS: Final = {"FL": "Limit", "NL": "No Limit", "PL": "Pot Limit"}
_MULTIPLIERS: Final = {"K": 1_000, "M": 1_000_000, "B": 1_000_000_000}


def _stake(text: str) -> Decimal:
    """ "$0.10" -> 0.10; tournament blinds in thousands and up: "50K" -> 50000, "2B"."""
    multiplier = _MULTIPLIERS.get(text[-1])
    if multiplier is None:
        return parse_amount(text)
    return parse_amount(text[:-1]) * multiplier


_MONTHS: Final = {
    "January": 1,
    "February": 2,
    "March": 3,
    "April": 4,
    "May": 5,
    "June": 6,
    "July": 7,
    "August": 8,
    "September": 9,
    "October": 10,
    "November": 11,
    "December": 12,
}
_LONG_DATE: Final = re.compile(r"[A-Z][a-z]{2}, ([A-Z][a-z]+) (\d{1,2}), (\d{4})")


def _clock_text(date: str, time: str) -> str:
    """ "2010/07/21", "15:13:00" as they are; the short-lived 2010 form "Wed, July 21,
    2010", "15:13" (no seconds) -> "2010/7/21 15:13:00"."""
    if time.count(":") == 1:
        time += ":00"
    long_date = _LONG_DATE.fullmatch(date)
    if long_date is None:
        return f"{date} {time}"
    month_name, day, year = long_date.groups()
    month = _MONTHS.get(month_name)
    if month is None:
        raise ValueError(f"unknown month {month_name!r} in {date!r}")
    return f"{year}/{month}/{day} {time}"


_BUY_IN: Final = re.compile(r"([$€£]?[\d,]+(?:\.\d+)?) \+ ([$€£]?[\d,]+(?:\.\d+)?)\b")
_MAX_SEATS: Final = re.compile(r"\b(\d+) max\b")


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


FORMAT: Final = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=((HeaderLine, "the hand's 'Full Tilt Poker Game #...' line"),),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_normalize,
    # Inferred: no real line at hand; FPDB's FulltiltToFpdb.py rejects hands holding
    # "Hand #<number> has been canceled" (its re_Cancelled), spelt with one l or two.
    cancelled=re.compile(r"Hand #\d+ has been cancell?ed"),
)


def parse_hand(chunk: HandText) -> Hand | SkippedHand | CancelledHand:
    """Read one Full Tilt hand; raises `HandParseError` with the file, line and column.

    The archive export's "******************** # 1 *************************" line
    before a hand (`HAND_START`) is passed over; a hand Full Tilt marks "(partial)" is
    refused: the client recorded it from its middle, so its money cannot be followed.
    """
    if ARCHIVE_SEPARATOR.match(chunk.lines[0]):
        carries_nothing(chunk.first_line, "archive separator")
        chunk = replace(chunk, lines=chunk.lines[1:], first_line=chunk.first_line + 1)
    header = next((line for line in chunk.lines if line), "")
    if header.endswith(" (partial)"):
        number = re.search(r"#(\d+)", header)
        raise HandParseError(
            ErrorKind.TRUNCATED,
            "Full Tilt marks this hand '(partial)': its history starts in the middle of the hand",
            chunk.path,
            chunk.first_line + chunk.lines.index(header),
            len(header) - len("(partial)") + 1,
            number.group(1) if number else None,
            header,
        )
    return FORMAT.read(chunk)


SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("fulltilt.lark",),
    writer="pipeline.writers.fulltilt",
)
