"""PokerStars: the line grammar's transformer and the hand it makes.

`grammars/pokerstars.lark` says what each line is; the transformer below says which
event each grammar rule becomes and which terminals feed which fields (terminals stay
raw: `LineParser` converts them, which is what lets it reuse one parse for every line of
the same shape); the rules all sites share are `common_lines.CommonLines`'.
`parse_hand` reads a hand the way every site does (`hand_lines.read_hand`) with the
header built here.
"""

from __future__ import annotations

import re
from dataclasses import field
from functools import cache
from typing import Any, Final

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, CommonLines, note
from parsers.lines.hand_assembly import dealt_hero
from parsers.lines.hand_lines import LIMITS, HandFormat, site_line_parser, stakes_of
from parsers.lines.line_accounting import carries_nothing
from parsers.lines.line_parser import Ignored, LineParser, Text
from parsers.model.amounts import currency_symbol_of, parse_amount
from parsers.model.conventions import OddChip, SiteConventions
from parsers.model.events import (
    CommunityCards,
    Event,
    Game,
    HandHeader,
    MoneyKind,
    Note,
    PostKind,
    Seat,
    Street,
    StreetStart,
    SummaryStart,
    Tournament,
)
from parsers.model.immutable import immutable
from parsers.sites.site_format import SiteFormat
from parsers.text.site_time import clock_to_utc

SITE: Final = "pokerstars"
NAME: Final = "PokerStars"  # as players know it: every screen and message

# Stars caps heads-up too (Razz, 2009: "kobreli: bets $0.08 / SilkZone: raises $0.08 to
# $0.16 / kobreli: raises $0.08 to $0.24 / SilkZone: raises $0.08 to $0.32 /
# Betting is capped", two players left).
# Odd chips: a hi/lo pot's goes to the high half (7 Stud Hi/Lo 2009, $0.73 shared
# $0.37 high, $0.36 low); no real hand shows tied
# winners with a chip left over, so any sharing of one among them is accepted, warned.
CONVENTIONS = SiteConventions(uncapped_heads_up=False, odd_chip=OddChip.UNKNOWN)

HAND_START = re.compile(
    r"^\ufeff?(?:PokerStars|POKERSTARS) (?:Home Game (?:Hand )?|Game |Hand |Zoom Hand |GAME )#",
    re.MULTILINE,
)

GAMES: dict[str, Game] = {
    "7 card stud": Game.SEVEN_STUD,
    "7 card stud hi/lo": Game.SEVEN_STUD_HILO,
    "razz": Game.RAZZ,
    "5 card stud": Game.FIVE_STUD,
    "triple draw 2-7 lowball": Game.TRIPLE_DRAW_27,
    "single draw 2-7 lowball": Game.SINGLE_DRAW_27,
    "triple draw a-5 lowball": Game.TRIPLE_DRAW_A5,
    "badugi": Game.BADUGI,
    "5 card draw": Game.FIVE_DRAW,
}

STREETS: dict[str, Street] = {
    "2nd STREET": Street.SECOND,  # five card stud
    "3rd STREET": Street.THIRD,
    "4th STREET": Street.FOURTH,
    "5th STREET": Street.FIFTH,
    "6th STREET": Street.SIXTH,
    "7th STREET": Street.SEVENTH,
    "RIVER": Street.SEVENTH,  # stud's seventh street; flop games never get this far
    "DEALING HANDS": Street.PREDRAW,
    "FIRST DRAW": Street.DRAW_1,
    "SECOND DRAW": Street.DRAW_2,
    "THIRD DRAW": Street.DRAW_3,
}

POST_KINDS: dict[str, PostKind] = {
    "the ante": PostKind.ANTE,
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "small & big blinds": PostKind.SMALL_AND_BIG_BLINDS,
}


CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "STREET": STREETS.__getitem__,
    "POST_KIND": POST_KINDS.__getitem__,
    "POSITION": lambda text: text[2:-1],
    "QUOTED": lambda text: text[1:-1],
    "SPACED_CURRENCY": str.strip,
}


@immutable
class HeaderLine:
    """The first line of a hand, read but not yet interpreted."""

    hand_number: str
    game: str
    limit: str
    site_time: tuple[str, ...]
    site_zone: str
    stake_low: str | None = None
    stake_high: str | None = None
    currency: str | None = None
    home_game: bool = False
    club: str | None = None
    mixed: str | None = None
    tournament_id: str | None = None
    buy_in: str | None = None
    bounty: str | None = None
    fee: str | None = None
    buy_in_currency: str | None = None
    level: str | None = None
    match_round: str | None = None
    et_time: str | None = None
    et_zone: str | None = None
    line: int = field(default=0, compare=False)


@immutable
class TableLine:
    table: str
    max_seats: int | None
    button_seat: int | None = None
    play_money: bool = False
    line: int = field(default=0, compare=False)


@immutable
class CommunityStreet:
    """ "*** RIVER *** [6h]": stud's last street when the deck runs out, its one card dealt
    face up to everyone on the street line. `_community_streets` makes it two events."""

    street: Street
    cards: tuple[str, ...]
    line: int = field(default=0, compare=False)


@v_args(inline=True)
class PokerStarsLines(CommonLines):
    """PokerStars' own rules (the shared ones are `CommonLines`'), terminals unconverted."""

    # -- header
    def header(self, _site, home, word, number, club, game, _regulator_id, when):
        return HeaderLine, {
            "hand_number": number,
            "home_game": home is not None or word == "Home Game",
            "club": club,
            **game,
            **when,
        }

    def club(self, name):
        return name

    def cash_game(self, game, stakes):
        return {**game, **stakes}

    def mixed_cash_game(self, mixed, game, stakes):
        return {"mixed": mixed, **game, **stakes}

    def stakes(self, low, high, currency):
        return {"stake_low": Text(low), "stake_high": Text(high), "currency": currency}

    def tournament(self, _word, tournament_id, buy_in, game, match_round, level):
        return {
            "tournament_id": tournament_id,
            "match_round": match_round,
            **(buy_in or {}),
            **game,
            **level,
        }

    def paid_buy_in(self, buy_in, second, third, currency):
        if third is None:  # buy-in + fee
            amounts = {"buy_in": Text(buy_in), "fee": Text(second)}
        else:  # knockout: buy-in + bounty + fee
            amounts = {"buy_in": Text(buy_in), "bounty": Text(second), "fee": Text(third)}
        return {**amounts, "buy_in_currency": currency}

    def points_buy_in(self, amount, currency):
        """ "250 SC", "1FPP": one amount, in Stars coin or player points."""
        return {"buy_in": Text(amount), "buy_in_currency": currency}

    def freeroll(self, _word):
        return {}

    def mixed_game(self, mixed, game):
        return {"mixed": mixed, **game}

    def level(self, label, low, high):
        return {"level": label, "stake_low": Text(low), "stake_high": Text(high)}

    def game(self, name, limit):
        return {"game": name, "limit": limit}

    def when(self, timestamp, zone, et_timestamp, et_zone):
        return {
            "site_time": (timestamp,),
            "site_zone": zone,
            "et_time": et_timestamp,
            "et_zone": et_zone,
        }

    def old_when(self, date, time, zone):
        return {"site_time": (date, time), "site_zone": zone}

    # -- table and seats
    def table(self, name, max_seats, play_money, button):
        return TableLine, {
            "table": name,
            "max_seats": max_seats,
            "button_seat": button,
            "play_money": play_money is not None,
        }

    def seat(self, number, player, stack, bounty, state):
        # Neither a seat "is sitting out" nor one "out of hand (moved from another table
        # into small blind)" is dealt in by the seat list's say-so; the summary leaves the
        # second out (tournament 329147852, 2010).
        return Seat, {
            "seat": number,
            "player": player,
            "stack": stack,
            "bounty": bounty,
            "sitting_out": state is not None,
        }

    def community_street(self, name, cards):
        return CommunityStreet, {"street": name, "cards": cards}

    def discard_unshown(self, player, count):
        return self.discard(player, count, None)

    # -- pots and showdown
    def no_show(self, player):
        return note("doesnt_show", player)

    # -- knockouts and re-buys: tournament money, not chips in play; the note keeps the
    # money won or paid as printed
    def bounty(self, player, amount, _knocked_out):
        return note("bounty", player, Text(amount))

    def split_bounty(self, players, amount, _knocked_out):
        return note("bounty", players, Text(amount))

    def progressive_bounty(self, player, amount, _elimination, increase, total):
        return Note, {
            "kind": "bounty",
            "player": player,
            "text": Text(amount),
            "_increase": Ignored(increase),
            "_total": Ignored(total),
        }

    def rebuy(self, player, chips, price):
        return Note, {
            "kind": "rebuy",
            "player": player,
            "text": Text(price),
            "_chips": Ignored(chips),
        }

    # -- notes
    def connection(self, player, state):
        return note("connection", player, state)

    def waits_for_button(self, player):
        return note("waits_for_button", player)

    def removed(self, player):
        return note("removed", player)


# A hand's description, as free as a number: "Bob: shows [...] (a full house, Aces full of
# Nines)", "Seat 3: Bob showed [...] and won ($12.40) with two pair, Kings and Fives".
FREE_TEXT: Final = re.compile(r"(?:\] \(| with )([^()]+)\)?\Z")


@cache
def line_parser() -> LineParser:
    """The PokerStars line parser (built once per process)."""
    return site_line_parser("pokerstars.lark", PokerStarsLines(), CONVERTERS, free_text=FREE_TEXT)


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    header, table = heading
    limit = LIMITS[header.limit.lower()]
    low = parse_amount(header.stake_low) if header.stake_low else None
    high = parse_amount(header.stake_high) if header.stake_high else None
    stakes = stakes_of(limit, low, high, events)

    tournament = None
    if header.tournament_id is not None:
        money, currency = MoneyKind.TOURNAMENT, None
        tournament = Tournament(
            tournament_id=header.tournament_id,
            buy_in=parse_amount(header.buy_in) if header.buy_in else None,
            fee=parse_amount(header.fee) if header.fee else None,
            bounty=parse_amount(header.bounty) if header.bounty else None,
            currency=header.buy_in_currency
            or (currency_symbol_of(header.buy_in) if header.buy_in else None),
            level=header.level.split()[-1] if header.level else None,
            match_round=header.match_round.split()[-1] if header.match_round else None,
        )
    else:
        currency = header.currency or (
            currency_symbol_of(header.stake_low) if header.stake_low else None
        )
        money = MoneyKind.REAL if currency and not table.play_money else MoneyKind.PLAY
        if money is MoneyKind.PLAY:
            currency = None

    site_time = " ".join(header.site_time)
    if header.et_time is not None and header.et_zone is not None:
        utc_source, zone = header.et_time, header.et_zone
    else:
        utc_source, zone = site_time, header.site_zone
    started = clock_to_utc(utc_source.replace(" - ", " "), zone)

    return HandHeader(
        site=SITE,
        hand_number=header.hand_number,
        game=game,
        limit=limit,
        stakes=stakes,
        money=money,
        currency=currency,
        started_at_utc=started,
        site_time=f"{site_time} {header.site_zone}",
        table=table.table,
        max_seats=table.max_seats,
        button_seat=table.button_seat,
        tournament=tournament,
        mixed_game=header.mixed,
        home_game=(header.club or "") if header.home_game else None,
        hero=dealt_hero(events),
    )


def _community_streets(_game: Game, _seats: object, records: list[object]) -> list[object]:
    """ "*** RIVER *** [6h]" is the street's start and the community card; the summary's
    "Board [6h]" only repeats that card, and is dropped so that the card is dealt once."""
    if CommunityStreet not in map(type, records):  # the rare case: one C-level scan
        return records
    normalized: list[object] = []
    dealt: list[str] = []
    in_summary = False
    for record in records:
        if isinstance(record, CommunityStreet):
            normalized.append(StreetStart(record.street, line=record.line))
            normalized.append(CommunityCards(record.cards, line=record.line))
            dealt.extend(record.cards)
            continue
        in_summary = in_summary or isinstance(record, SummaryStart)
        if in_summary and isinstance(record, CommunityCards) and list(record.cards) == dealt:
            carries_nothing(record.line, "board repeated in the summary")
            continue
        normalized.append(record)
    return normalized


FORMAT = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=((HeaderLine, "the hand's 'PokerStars ...' line"), (TableLine, "the 'Table ...' line")),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_community_streets,
    # "Hand cancelled", then a summary where every post comes back: "collected ($0)".
    cancelled=re.compile(r"Hand cancelled[ \t]*(?=\n|\Z)"),
)

parse_hand = FORMAT.read
"""Read one PokerStars hand; raises `HandParseError` with the file, line and column."""

SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("pokerstars.lark",),
    writer="pipeline.writers.pokerstars",
)
