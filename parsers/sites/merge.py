"""Merge Gaming Network (Carbon Poker and its skins): the line grammar's transformer and
the hand it makes, for the text histories (XML fragments, one element per line, no root).
The body's records and the passes that undo its habits are `merge_habits`'.

`grammars/merge.lark` says what each line is. What Merge does its own way:

- the game, the limit and the stakes are written once, on the file's first line
  ('<description type="Razz" stakes="Limit $0.50/$1"/>'), which every hand needs: it
  reaches each hand as `HandText.file_heading` (`history_file.with_file_headings`);
- players are named in the seat list only; every other line names a seat number (from
  0), which `merge_habits` turns into the name;
- cards come at the end of their round, as the whole hand so far: the hero's
  ('<cards type="HOLE" cards="8h,2s,3h,Jc" .../>') and the opponents' up cards
  ("null,null,7h,Qh"). Only the cards new on the street are dealt, at its start; a
  draw's new hand says what was kept, drawn and thrown away;
- "ALL_IN" names what the player adds, never whether it calls, bets or raises: the
  street's bets so far say which. From 2010-09-08 a raise names its total; before, what
  it adds (FPDB's "addCallandRaise" cut-off);
- there is no summary and no rake line: the hand ends with its pots won
  ('<winner amount="1.50" uncalled="false" potnumber="1" player="1" pottype="n"/>'), a bet
  given back being a winner "uncalled" (2014), or left in the pot its maker wins (2011);
- "Half Pot Limit" (FPDB's "hp": a raise of at most half the pot) is its own betting
  structure, `LimitKind.HALF_POT`;
- the stakes are the hand's own when its '<game>' line prints them (2015), else the
  description's: a fixed-limit table's bets ("Limit $0.50/$1"), a pot- or no-limit
  table's blinds, a no-limit stud table's ante, bring-in and bet ("No Limit
  ($0.01/$0.02/$0.10)"), a tournament level's blinds (a limit game's big blind its small
  bet). A tournament prints no amount at all ('stakes="Limit"'): a stud hand's small bet
  is then the one its own betting makes (`_small_bet_played`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import field, replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from functools import cache
from html import unescape
from typing import Any, Final

import lark.visitors  # noqa: F401  # mypyc's C names the module of a class decorator (v_args)
from lark import Transformer, v_args

from parsers.lines.common_lines import PIECE_CONVERTERS
from parsers.lines.hand_assembly import dealt_hero
from parsers.lines.hand_lines import (
    LIMITS,
    HandFormat,
    forced_bet_sizes,
    site_line_parser,
    stakes_of,
)
from parsers.lines.line_parser import Converter, Ignored, LineParser, Text
from parsers.model.amounts import currency_symbol_of, parse_amount
from parsers.model.conventions import OddChip, SiteConventions
from parsers.model.events import (
    ZERO,
    Action,
    ActionKind,
    CommunityCards,
    Deal,
    Event,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Note,
    Post,
    Seat,
    Stakes,
    Street,
    StreetStart,
    Tournament,
    players_dealt_in,
)
from parsers.model.immutable import immutable
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites.merge_habits import (
    CardsLine,
    EndTag,
    EventLine,
    RoundLine,
    WinnerLine,
    undo_habits,
    undo_habits_2010,
)
from parsers.sites.site_format import SiteFormat
from parsers.text.hand_texts import HandText

SITE: Final = "merge"
NAME: Final = "Merge Gaming"  # as players know it: every screen and message
# Inferred: no real Merge hand shows a fixed-limit raise after a short all-in raise; the
# default, PokerStars' rule, stands until one does.
# Odd chips: a hi/lo pot's goes to the high half (HORSE 2014, Stud Hi/Lo: $4.19 shared
# $2.10 high, $2.09 low); no real hand shows tied
# winners with a chip left over, so any sharing of one among them is accepted, warned.
CONVENTIONS = SiteConventions(odd_chip=OddChip.UNKNOWN)

HAND_START = re.compile(r'^[ \t]*<game id="\d+-\d+"', re.MULTILINE)
FILE_HEADING = re.compile(r"<description type=")

GAMES: dict[str, Game] = {  # the description's type (or a mixed game's multigametype)
    "2-7 lowball": Game.TRIPLE_DRAW_27,
    "a-5 lowball": Game.TRIPLE_DRAW_A5,
    "badugi": Game.BADUGI,
    "5-draw": Game.FIVE_DRAW,  # inferred: FPDB's regression file, gametype 55
    "7-stud": Game.SEVEN_STUD,
    "7-stud h/l8": Game.SEVEN_STUD_HILO,
    "razz": Game.RAZZ,
    "5-stud": Game.FIVE_STUD,  # inferred: FPDB's game table
}
"""Read games; FPDB's others are flop games, skipped (Holdem, Omaha, Omaha H/L8), and
"5-Draw w/Joker", a deck with a joker that no game here deals."""

MIXES: Final = frozenset({"HORSE", "RASH", "HOSE", "HAR", "HA", "HO", "SHOE"})
"""Mixed games: each hand's "multigametype" names the game it deals (FPDB's table)."""

GAME_CODES: Final[dict[str, str]] = {
    # cash (odd) and tournament (the next odd number): the gametype and multigametype
    # numbers of the real files and FPDB's, named as the description names the game.
    "1": "Holdem",
    "2": "Holdem",
    "4": "Omaha",
    "9": "Omaha",
    "23": "Holdem",
    "25": "Omaha",
    "34": "Omaha H/L8",
    "35": "Omaha H/L8",
    "37": "Omaha H/L8",
    "38": "7-Stud",
    "39": "7-Stud",
    "41": "7-Stud",
    "42": "7-Stud",
    "43": "7-Stud H/L8",
    "45": "7-Stud H/L8",
    "46": "Razz",
    "47": "Razz",
    "49": "Razz",
    "55": "5-Draw",
    "63": "A-5 Lowball",
    "67": "2-7 Lowball",
    "71": "Badugi",
}

# Merge's clock: "20110419085211" is five hours behind UTC all year, summer or not (every
# real hand's first event, stamped in milliseconds since 1970, says so); the 2012 form
# prints its offset ("2012/08/14 21:50:08 +0400").
_MERGE_OFFSET: Final = timedelta(hours=-5)
_START_DATE: Final = re.compile(r'starttime="(\d{4})/?(\d\d)/?(\d\d)')


def _start(text: str) -> tuple[datetime, str]:
    """ "20110419085211" or "2012/08/14 21:50:08 +0400": (UTC, the site's clock as printed
    with its zone). The clock is read as if it were UTC, less its offset, and printed from
    its own digits: no zone asked, nothing formatted (a hand's clock 49k -> 15k
    instructions)."""
    digits = text if text.isdecimal() else _NOT_DIGITS.sub("", text)
    year, month, day, hour, minute, second = (int(digits[i : i + w]) for i, w in _CLOCK_FIELDS)
    as_if_utc = datetime(year, month, day, hour, minute, second, 0, UTC)
    if len(digits) == 14:
        offset = _MERGE_OFFSET
        printed = (
            f"{digits[:4]}/{digits[4:6]}/{digits[6:8]} "
            f"{digits[8:10]}:{digits[10:12]}:{digits[12:]} -0500"
        )
    else:
        offset = timedelta(hours=int(digits[14:16]), minutes=int(digits[16:18]))
        offset, printed = (-offset if text[-5] == "-" else offset), text
    return as_if_utc - offset, printed


_CLOCK_FIELDS: Final = ((0, 4), (4, 2), (6, 2), (8, 2), (10, 2), (12, 2))
_NOT_DIGITS: Final = re.compile(r"\D")


def _card_list(text: str) -> tuple[str, ...]:
    """ "null,null,7h" -> ("", "", "7h"): a card not seen is ""."""
    return tuple("" if card == "null" else card for card in text.split(","))


CONVERTERS: Final[dict[str, Converter]] = {
    **PIECE_CONVERTERS,
    "BALANCE": parse_amount,
    "STAKE": str,
    "NICKNAME": unescape,
    "DEALT_IN": lambda text: text == "false",  # the seat's sitting_out
    "UNCALLED": lambda text: text == "true",
    "CARD_LIST": _card_list,
}

# ---------------------------------------------------------------------------- records


@immutable
class DescriptionLine:
    """The file's '<description type="2-7 Lowball" stakes="Limit $1/$2"/>'."""

    game_type: str
    tournament: bool
    limit: str
    stakes: tuple[str, ...] | None  # as printed, signs included: ("$1", "$2")
    level_blinds: tuple[int, int] | None = None  # tournaments: "Level 4 Blinds 40/80"
    line: int = field(default=0, compare=False)

    @property
    def game(self) -> str | None:
        """The game, or None for a mixed game (each hand's multigametype says)."""
        return None if self.game_type in MIXES else self.game_type


@immutable
class GameLine:
    """A hand's '<game id="33423082-1" starttime="20110419085211" ...>'."""

    hand_number: str
    start: str
    multigame: int | None
    seats: int | None
    real_money: bool
    data: str | None
    extra: str | None  # 2015 tournaments: ' buyIn="10.00" seatsPerTable="9" ...'
    # The hand's own stakes (2015): "Limit $0.10/$0.20", "No Limit Level 5 Ante 10,
    # Blinds 50/100"; None when the line has none (the file's description says them).
    stakes: str | None = None
    line: int = field(default=0, compare=False)

    @property
    def game(self) -> str | None:
        """A mixed game's hand: the game its multigametype names ("43": 7-Stud H/L8)."""
        if self.multigame is None:
            return None
        return GAME_CODES.get(str(self.multigame), f"multigametype {self.multigame}")


@immutable
class PlayersLine:
    """'<players dealer="3">': the button's seat."""

    button: int
    line: int = field(default=0, compare=False)


_NOTES: Final = {  # inferred: FPDB's event types that move no money
    "LEAVE": "leaves",
    "PLAYER_OUT": "player_out",
    "DISCONNECTED": "disconnected",
    "RECONNECTED": "reconnected",
}


@v_args(inline=True)
class MergeLines(Transformer[Any, Any]):
    """Grammar rule -> (record class, fields), terminals unconverted. Sequence numbers
    and timestamps are read but not kept (`Ignored`): every line of a shape shares one
    template whatever its numbers."""

    def description(self, game, tournament, limit, level, stakes, version):
        fields = {
            "game_type": game,
            "tournament": tournament is not None,
            "limit": limit,
            "stakes": stakes,
            "level_blinds": level,
        }
        if version is not None:
            fields["_version"] = Ignored(version)
        return DescriptionLine, fields

    def level(self, _level, small, big):
        return (small, big)

    def stakes(self, *amounts):
        return tuple(a for a in amounts if a is not None)

    def version(self, number):
        return number

    def game(
        self,
        number,
        start,
        holes,
        game_type,
        stakes,
        multi1,
        seats,
        real,
        multi2,
        data,
        extra,
        version,
    ):
        fields = {
            "hand_number": number,
            "start": start,
            "multigame": multi1 if multi1 is not None else multi2,
            "seats": seats,
            "real_money": real == "true",
            "data": Text(data) if data is not None else None,
            "extra": Text(extra) if extra is not None else None,
            "_holes": Ignored(holes),
            "_game_type": Ignored(game_type),
        }
        if version is not None:
            fields["_version"] = Ignored(version)
        if stakes is not None:
            fields["stakes"] = Text(stakes)
        return GameLine, fields

    def game_stakes(self, text):
        return text

    def multigame(self, number):
        return number

    def seats(self, number):
        return number

    def data(self, text):
        return text

    def players(self, button):
        return PlayersLine, {"button": button}

    def seat(self, number, nickname, balance, sitting_out):
        return Seat, {
            "seat": number,
            "player": nickname,
            "stack": balance,
            "sitting_out": sitting_out,
        }

    def round(self, name, sequence):
        return RoundLine, {"name": Text(name), "_sequence": Ignored(sequence)}

    def end_tag(self, _tag):
        return EndTag, {}

    def event(self, sequence, kind, timestamp, player, amount, text):
        fields: dict[str, Any] = {"_sequence": Ignored(sequence)}
        if timestamp is not None:
            fields["_timestamp"] = Ignored(timestamp)
        name = str(kind)
        if name == "CHAT":  # named by nickname
            return Note, {**fields, "kind": "said", "player": Text(player), "text": text}
        if name in _NOTES:
            return Note, {**fields, "kind": _NOTES[name], "player": Text(player), "text": ""}
        return EventLine, {
            **fields,
            "kind": name,
            "player": Text(player) if player is not None else "",
            "amount": amount,
            "text": Text(text) if text is not None else None,
        }

    def timestamp(self, number):
        return number

    def event_player(self, seat):
        return seat

    def amount(self, amount):
        return amount

    def text(self, text):
        return text

    def cards(self, kind, cards, player, _hand):
        if str(kind) == "COMMUNITY":
            return CommunityCards, {"cards": cards}
        return CardsLine, {"kind": Text(kind), "player": Text(player), "cards": cards}

    def cards_player(self, seat):
        return seat

    def hand(self, _name):
        return None

    def winner(self, amount, uncalled, pot, player, _hand, _pot_type, _hand_after):
        return WinnerLine, {
            "player": Text(player),
            "amount": amount,
            "uncalled": uncalled,
            "pot_number": pot,
        }


@cache
def line_parser() -> LineParser:
    """The Merge line parser (built once per process)."""
    return site_line_parser("merge.lark", MergeLines(), CONVERTERS)


# ---------------------------------------------------------------------------- header


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    game_line, description, players = heading
    limit = LIMITS[description.limit.lower()]
    stakes = description.stakes or ()
    blinds = description.level_blinds
    ante: str | None = None
    own = _stakes_text(game_line.stakes)
    if own is not None and (own.amounts or own.blinds):  # the hand's own, before the file's
        limit, stakes, blinds, ante = own.limit or limit, own.amounts, own.blinds, own.ante
    fields = _data_fields(game_line.data)
    tournament = None
    if description.tournament:
        money, currency = MoneyKind.TOURNAMENT, None
        tournament = Tournament(
            tournament_id=fields[2].split("-")[0] if len(fields) > 2 else "",
            buy_in=_buy_in(game_line.extra),
        )
    elif game_line.real_money:
        # FPDB: dollars, the network's, where no sign says otherwise
        currency = (currency_symbol_of(stakes[0]) if stakes else None) or "USD"
        money = MoneyKind.REAL
    else:
        money, currency = MoneyKind.PLAY, None
    started, site_time = _start(game_line.start)
    return HandHeader(
        site=SITE,
        hand_number=game_line.hand_number,
        game=game,
        limit=limit,
        stakes=_stakes(game, limit, stakes, blinds, ante, events),
        money=money,
        currency=currency,
        started_at_utc=started,
        site_time=site_time,
        table=unescape(fields[1]) if len(fields) > 1 else "",
        max_seats=game_line.seats,
        button_seat=players.button,
        tournament=tournament,
        mixed_game=description.game_type if description.game is None else None,
        hero=dealt_hero(events),
    )


@immutable
class _StakesText:
    """A hand's own 'stakes="..."' (2015, the game line's): "Limit $0.10/$0.20" (a stud
    hi/lo cash hand: philroberts/FPDB-for-OSX issue 6), "No Limit Level 5 Ante 10, Blinds
    50/100" (FPDB's 2015 tournament file). Inferred for stud and draw tournaments: the
    level's ante and blinds said the same way (FPDB's re_HandInfo reads the attribute, and
    skips it)."""

    limit: LimitKind | None
    amounts: tuple[str, ...]  # "$0.10", "$0.20": as the description prints its stakes
    blinds: tuple[str, str] | None  # a tournament level's "Blinds 50/100"
    ante: str | None  # its "Ante 10"


def _stakes_text(text: str | None) -> _StakesText | None:
    if not text:
        return None
    named = _LIMIT_NAMED.match(text)
    limit = LIMITS[named[1].lower()] if named else None
    blinds = _LEVEL_BLINDS.search(text)
    ante = _LEVEL_ANTE.search(text)
    rest = _LEVEL.sub("", text[named.end() :] if named else text)
    amounts = () if blinds or ante else tuple(_PRINTED_STAKE.findall(rest))
    return _StakesText(
        limit,
        amounts,
        (blinds[1], blinds[2]) if blinds else None,
        ante[1] if ante else None,
    )


_LIMIT_NAMED: Final = re.compile(r"(Half Pot Limit|Pot Limit|No Limit|Limit)\b")
_LEVEL: Final = re.compile(r"Level \d+")
_LEVEL_BLINDS: Final = re.compile(r"Blinds ([\d.,]+)/([\d.,]+)")
_LEVEL_ANTE: Final = re.compile(r"Ante ([\d.,]+)")
_PRINTED_STAKE: Final = re.compile(r"[$€£]?\d+(?:\.\d+)?")


def _stakes(
    game: Game,
    limit: LimitKind,
    printed: Sequence[str],
    blinds: tuple[Any, Any] | None,
    ante: str | None,
    events: Sequence[Event],
) -> Stakes:
    """The stakes as printed (the hand's own or the file's), read as the betting
    structure means them, the hand's forced bets completing them."""
    header_ante = parse_amount(ante) if ante else None
    if blinds is not None:  # a tournament level: "Level 4 Blinds 40/80"
        small, big = (parse_amount(str(amount)) for amount in blinds)
        if limit is LimitKind.FIXED:
            # Inferred: a limit game's big blind is its small bet (FPDB's Lim_Blinds:
            # "Limit $1/$2" is blinds 0.50/1), the stud games of a mixed level too.
            return stakes_of(limit, big, big * 2, events, header_ante)
        return stakes_of(limit, small, big, events, header_ante)
    amounts = [parse_amount(text) for text in printed]
    if len(amounts) == 3 and game.is_stud and limit is not LimitKind.FIXED:
        # Inferred: no-limit (pot-limit) stud's "No Limit ($0.01/$0.02/$0.10)": the ante,
        # the bring-in and the smallest bet (FPDB's re_GameInfo reads the first two as
        # blinds, the third as a "secondGame"). The hand's own forced bets come first.
        forced = forced_bet_sizes(events)
        return Stakes(
            small_bet=amounts[2],
            ante=forced.get("ante", amounts[0]),
            bring_in=forced.get("bring_in", amounts[1]),
        )
    if len(amounts) == 2:
        return stakes_of(limit, amounts[0], amounts[1], events, header_ante)
    if limit is LimitKind.FIXED and game.is_stud:
        # A tournament whose description says only 'stakes="Limit"' (FPDB's 2011
        # tournament files; a mixed game's stud hands have no blind to give the level, and
        # FPDB sets a stand-in 1/2 in readBringIn): the small bet is what the hand bets.
        played = _small_bet_played(game, events)
        return stakes_of(limit, played, played * 2 if played else None, events, header_ante)
    return stakes_of(limit, None, None, events, header_ante)


def _small_bet_played(game: Game, events: Sequence[Event]) -> Decimal | None:
    """A fixed-limit stud hand's small bet from its own betting: a completion of the
    bring-in, else half a bet on a big-bet street, else a bet on fourth street with no
    pair showing (a pair lets the big bet be made). All-in amounts say nothing."""
    rules = game.rules
    street: Street | None = None
    up: dict[str, list[str]] = {}
    fourth: Decimal | None = None
    for event in events:
        if isinstance(event, StreetStart):
            street = event.street
        elif isinstance(event, Deal):
            up.setdefault(event.player, []).extend(event.up)
        elif isinstance(event, Action) and not event.all_in:
            if event.kind is ActionKind.COMPLETE and event.raise_to:
                return event.raise_to
            if event.kind is not ActionKind.BET or not event.amount or street is None:
                continue
            if street in rules.big_bet_streets:
                return event.amount / 2
            if street == rules.open_pair_street and fourth is None:
                pairs = any(len(c) >= 2 and c[-1][0] == c[-2][0] for c in up.values())
                fourth = None if pairs else event.amount
    return fourth


def _data_fields(data: str | None) -> list[str]:
    """ "20110419|Minnehaha (33423082)|33423082|33423082-1|false" (2010: colons)."""
    return _DATA_FIELD_END.split(data) if data else []


_DATA_FIELD_END: Final = re.compile(r"[|:]")


def _buy_in(extra: str | None) -> Decimal | None:
    found = re.search(r'buyIn="([\d.]+)"', extra or "")
    return parse_amount(found[1]) if found else None


# ---------------------------------------------------------------------------- hands

_FORMAT_FIELDS: dict[str, Any] = {
    "site": SITE,
    "name": NAME,
    "line_parser": line_parser,
    "heading": (
        (GameLine, "the hand's '<game id=...>' line"),
        (DescriptionLine, "the file's '<description .../>' line"),
        (PlayersLine, "the '<players dealer=...>' line"),
    ),
    "games": GAMES,
    "hand_header": _hand_header,
    "summary_lists_every_seat": False,
    "has_summary": False,
    "hand_number_pattern": re.compile(r'<game id="(\d+-\d+)"'),
    "cancelled": re.compile(r'<event sequence="\d+" type="GAME_CANCELLED"'),
    "seat_line": re.compile(r"[ \t]*<player "),
    "names_in_lines": False,
    "file_heading": (1, "the file's '<description .../>' line"),
    # a round that opens no street ("BLINDS", "END_OF_GAME", the betting after a draw)
    "carries_nothing": ((EndTag, "closing tag"), (RoundLine, "round opening no street")),
}
FORMAT: Final = HandFormat(**_FORMAT_FIELDS, normalize=undo_habits)
FORMAT_2010: Final = HandFormat(**_FORMAT_FIELDS, normalize=undo_habits_2010)


def parse_hand(chunk: HandText) -> Hand | SkippedHand | CancelledHand:
    """Read one Merge hand; raises `HandParseError` with the file, line and column."""
    started = _START_DATE.search(chunk.lines[0]) if chunk.lines else None
    # raises name what they add before 2010-09-08, their total from then
    old = started is not None and tuple(map(int, started.groups())) < (2010, 9, 8)
    hand = (FORMAT_2010 if old else FORMAT).read(chunk)
    return _seated_as_played(hand) if isinstance(hand, Hand) else hand


def _seated_as_played(hand: Hand) -> Hand:
    """The seats as the hand shows them. FPDB: "We can't 100% trust the 'dealtin'
    field", so a seat that posts or acts is dealt in; and a tournament's balance is
    after the hand's forced bets (FPDB adds them back: inferred, no stud or draw
    tournament file), so they are added back."""
    played = players_dealt_in(hand.events)
    forced: dict[str, Decimal] = {}
    if hand.header.money is MoneyKind.TOURNAMENT:
        for event in hand.events:
            if isinstance(event, Post) or (
                isinstance(event, Action) and event.kind is ActionKind.BRING_IN
            ):
                amount = event.amount or ZERO
                forced[event.player] = forced.get(event.player, ZERO) + amount
    seats = tuple(
        replace(
            seat,
            sitting_out=seat.sitting_out and seat.player not in played,
            stack=seat.stack + forced.get(seat.player, ZERO),
        )
        if (seat.sitting_out and seat.player in played) or seat.player in forced
        else seat  # unchanged: a `replace` costs ~5 µs
        for seat in hand.seats
    )
    return hand if seats == hand.seats else replace(hand, seats=seats)


SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("merge.lark",),
    file_heading=FILE_HEADING,
)
