"""Winamax: the line grammar's transformer and the hand it makes.

`grammars/winamax.lark` says what each line is (both the 2016 and the 2022 format); the
transformer below adds to the rules every site shares (`common_lines.CommonLines`) the
ones only Winamax has. What Winamax does its own way:

- cards nobody has seen are printed as "X" ("Dealt to Player0 [X X 9h]"): they are left
  out, as the other sites leave them unprinted; a line that shows no card at all (an
  opponent's seventh-street card, "[X X 9h Kh Kd Qc] [X]") is kept as a note;
- a stud completion is written as a raise ("raises 25€ to 25€" over a 10€ bring-in, 2016;
  "raises 0.03€ to 0.05€" over 0.02€, 2022): read as the completion it is;
- a bet nobody calls is not returned: it stays in the pot the bettor collects (and is
  raked with it). The events say what the history says;
- the summary's "Total pot" is what is left once the rake is taken: the event's total is
  that plus the rake (`common_lines.pot_after_rake`).
"""

from __future__ import annotations

import re
from dataclasses import field, replace
from decimal import Decimal
from functools import cache
from typing import Any, Final

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, CommonLines, note
from parsers.lines.hand_assembly import DrawLine, dealt_hero
from parsers.lines.hand_lines import (
    LIMITS,
    AddedRaiseLine,
    HandFormat,
    completions_from_raises,
    raises_to_street_totals,
    site_line_parser,
    stakes_of,
)
from parsers.lines.line_accounting import read_into
from parsers.lines.line_parser import Ignored, LineParser, Text
from parsers.model.amounts import currency_named_in, parse_amount
from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
from parsers.model.events import (
    ZERO,
    Event,
    Game,
    HandHeader,
    MoneyKind,
    Post,
    PostKind,
    Seat,
    SeatSummary,
    Street,
    StreetStart,
    Tournament,
)
from parsers.model.immutable import immutable
from parsers.sites.site_format import SiteFormat
from parsers.text.site_time import clock_to_utc

SITE: Final = "winamax"
NAME: Final = "Winamax"  # as players know it: every screen and message
# Inferred: no real Winamax hand at hand shows a fixed-limit raise after a short all-in
# raise; the default, PokerStars' rule (the next raise goes from the last full bet), stands
# until one does (a real hand breaking it fails tests/engine/test_engine_real_sites.py).
# Odd chips: no real Winamax hand splits a pot with a chip left over; any sharing within a
# chip of the exact one is accepted, with an `odd_chip` warning naming who took it.
CONVENTIONS = SiteConventions(odd_chip_half=OddChipHalf.UNKNOWN, odd_chip=OddChip.UNKNOWN)

HAND_START = re.compile(r"^\ufeff?Winamax Poker - ", re.MULTILINE)

GAMES: dict[str, Game] = {
    "7-card stud": Game.SEVEN_STUD,
    "7stud": Game.SEVEN_STUD,  # 2016 play money
    "7-card stud hi/lo": Game.SEVEN_STUD_HILO,
    "7stud8": Game.SEVEN_STUD_HILO,  # FPDB's game table
    "razz": Game.RAZZ,
    "2-7 triple draw": Game.TRIPLE_DRAW_27,
    "lowball27": Game.TRIPLE_DRAW_27,  # 2016 play money
}

STREETS: dict[str, Street] = {
    "3rd STREET": Street.THIRD,
    "4th STREET": Street.FOURTH,
    "5th STREET": Street.FIFTH,
    "6th STREET": Street.SIXTH,
    "7th STREET": Street.SEVENTH,
    "THIRD": Street.THIRD,  # 2016 play money
    "FOURTH": Street.FOURTH,
    "FIFTH": Street.FIFTH,
    "SIXTH": Street.SIXTH,
    "SEVENTH": Street.SEVENTH,
    "FIRST-BET": Street.PREDRAW,
    "FIRST-DRAW": Street.DRAW_1,
    "SECOND-DRAW": Street.DRAW_2,
    "THIRD-DRAW": Street.DRAW_3,
}


CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "MONEY": parse_amount,
    "STREET": STREETS.__getitem__,
    "POST_KIND": {
        "ante": PostKind.ANTE,
        "small blind": PostKind.SMALL_BLIND,
        "big blind": PostKind.BIG_BLIND,
    }.__getitem__,
    "POSITION": lambda text: text[2:-1],
    "NO_RAKE": lambda _text: ZERO,
}


@immutable
class HeaderLine:
    """The first line of a hand, read but not yet interpreted."""

    hand_number: str
    game: str
    limit: str
    stakes: tuple[Decimal, ...]
    stakes_as_printed: str  # the first stake, as printed: "25€", or "10" in play money
    date: str
    time: str
    zone: str
    fast_fold: str | None = None  # 'Go Fast "Buzau"': the pool's name
    tournament_name: str | None = None
    buy_in: str | None = None  # as printed: "0,90€", "0.93", "18€"
    fee: str | None = None
    bounty: str | None = None
    buy_in_currency: str | None = None  # an ISO code, when printed
    free_entry: str | None = None  # "Gratuit", "Free", "Ticket", "Ticket only"
    level: str | None = None
    line: int = field(default=0, compare=False)


@immutable
class TableLine:
    table: str
    max_seats: int
    play_money: bool
    button_seat: int | None = None
    line: int = field(default=0, compare=False)


@immutable
class DeadBlindLine:
    """ "Player2 posts dead blind (0.25€)": a dead blind, whatever its size (inferred)."""

    player: str
    amount: Decimal
    all_in: bool = False
    line: int = field(default=0, compare=False)


_OUT_OF_POSITION: Final = {
    "ante": PostKind.ANTE,
    "small blind": PostKind.DEAD_BLIND,
    "big blind": PostKind.BIG_BLIND,
}


@v_args(inline=True)
class WinamaxLines(CommonLines):
    """Winamax's own rules (the shared ones are `CommonLines`'), terminals unconverted."""

    def header(self, kind, number, game, limit, stakes, date, time, zone):
        return HeaderLine, {
            "hand_number": number,
            "game": game,
            "limit": limit,
            "stakes": stakes,
            "stakes_as_printed": Text(stakes[0]),
            "date": date,
            "time": time,
            "zone": zone,
            **kind,
        }

    def cash_game(self):
        return {}

    def fast_fold(self, _kind, name):
        return {"fast_fold": Text(name)}

    def tournament(self, name, buy_in, level):
        return {"tournament_name": Text(name), **buy_in, "level": Text(level)}

    def paid_buy_in(self, buy_in, fee, bounty, currency):
        return {
            "buy_in": Text(buy_in),
            "fee": Text(fee),
            "bounty": None if bounty is None else Text(bounty),
            "buy_in_currency": currency,
        }

    def free_entry(self, word):
        return {"free_entry": word}

    def stakes(self, *amounts):
        return tuple(amount for amount in amounts if amount is not None)

    def seat(self, number, player, stack, bounty, sitting_out):
        return Seat, {
            "seat": number,
            "player": player,
            "stack": stack,
            "bounty": bounty,
            "sitting_out": sitting_out is not None,
        }

    def post_out_of_position(self, player, kind, amount, _words):
        """A blind posted out of turn: a big blind is live, a small blind dead (or both
        blinds, `_undo_habits` decides by its size)."""
        return Post, {"player": player, "kind": _OUT_OF_POSITION[str(kind)], "amount": amount}

    def post_dead_blind(self, player, amount, all_in):
        """ "Player2 posts dead blind (0.25€)" (inferred: FPDB's re_post_dead): dead money,
        kept apart from a small blind out of turn, which may be both blinds at once."""
        return DeadBlindLine, {"player": player, "amount": amount, "all_in": all_in is not None}

    def denies(self, player, kind):
        return note("denies_blind", player, Text(kind))

    def raise_adding(self, player, _short_of_the_bet, added, all_in):
        return AddedRaiseLine, {
            "player": player,
            "added": added,
            "all_in": all_in is not None,
            "short": Ignored(_short_of_the_bet),
        }

    def folded_on(self, street):
        return {"outcome": "folded", "street": street}

    def table(self, name, max_seats, money_kind, button):
        return TableLine, {
            "table": name,
            "max_seats": max_seats,
            "play_money": money_kind == "play money",
            "button_seat": button,
        }

    # -- cards ("X", a card nobody has seen, is left out by `CommonLines.cards`)
    def discard(self, player, count, cards):
        return DrawLine, {"player": player, "discard_count": count, "discarded": cards or None}

    def stand_pat(self, player, cards):
        return DrawLine, {"player": player, "discard_count": 0, "kept": cards or None}

    def betting(self, name):
        return note("betting_round", None, name)

    def forced_bets(self):
        return note("forced_bets", None)


@cache
def line_parser() -> LineParser:
    """The Winamax line parser (built once per process)."""
    return site_line_parser("winamax.lark", WinamaxLines(), CONVERTERS)


_TOURNAMENT_TABLE: Final = re.compile(r"^(?P<name>.*)\((?P<id>\d+)\)#(?P<table>\d+)$")


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    header, table = heading
    limit = LIMITS[header.limit]
    amounts = list(header.stakes)
    ante = amounts.pop(0) if len(amounts) == 3 else None  # stud: "(5€/25€/50€)"
    low, high = amounts
    site_time = f"{header.date} {header.time}"
    tournament = _tournament(header, table)
    if tournament is not None:
        money, currency = MoneyKind.TOURNAMENT, None
    else:
        currency = None if table.play_money else currency_named_in(header.stakes_as_printed)
        money = MoneyKind.REAL if currency else MoneyKind.PLAY
    table_name = table.table
    if tournament is not None and (match := _TOURNAMENT_TABLE.match(table_name)):
        table_name = match["table"]
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
        # "Seat #0 is the button" (a 2016 stud table): no button.
        button_seat=table.button_seat or None,
        tournament=tournament,
        hero=dealt_hero(events),
    )


def _tournament(header: HeaderLine, table: TableLine) -> Tournament | None:
    """The tournament a hand is played in: its number is in the table's name ("Freeroll
    150€(5142226)#784"), its buy-in in the header ("0,90€ + 0,10€", "0.93-0.07", "Ticket")."""
    if header.tournament_name is None:
        return None
    match = _TOURNAMENT_TABLE.match(table.table)
    buy_in = fee = bounty = None
    currency = header.buy_in_currency
    if header.buy_in is not None:
        # "0,90€": a buy-in may write a decimal comma (`parse_amount` reads it)
        assert header.fee is not None  # the grammar's buy-in has its fee
        buy_in, fee = parse_amount(header.buy_in), parse_amount(header.fee)
        bounty = parse_amount(header.bounty) if header.bounty else None
        # "0.93-0.07" at a real-money table: euros, the site's currency.
        real = None if table.play_money else "EUR"
        currency = currency or currency_named_in(header.buy_in) or real
    elif header.free_entry is not None:
        buy_in, fee = ZERO, ZERO
    return Tournament(
        tournament_id=match["id"] if match else header.tournament_name,
        buy_in=buy_in,
        fee=fee,
        bounty=bounty,
        currency=currency,
        level=header.level,
    )


def _undo_habits(game: Game, _seats: object, records: list[object]) -> list[object]:
    """Winamax's records as the site-neutral assembly expects them. Each habit is rare, so
    each is undone only in the hands that show it: parsing speed is spent per line."""
    kinds = list(map(type, records))
    if AddedRaiseLine in kinds:
        records = raises_to_street_totals(records)
    forced_bets = records[: kinds.index(StreetStart)] if StreetStart in kinds else records
    if any(type(r) is Post and r.kind is PostKind.DEAD_BLIND for r in forced_bets):
        records = _large_dead_blinds_as_both_blinds(records)
    if DeadBlindLine in kinds:
        records = [
            Post(r.player, PostKind.DEAD_BLIND, r.amount, r.all_in, line=r.line)
            if type(r) is DeadBlindLine
            else r
            for r in records
        ]
    if game is Game.SEVEN_STUD_HILO:
        records = _one_summary_line_per_winner(records)
    return completions_from_raises(game, records)


def _large_dead_blinds_as_both_blinds(records: list[object]) -> list[object]:
    """A small blind posted out of turn that is more than the small blind is both blinds
    at once."""
    small_blind = next(
        (r.amount for r in records if type(r) is Post and r.kind is PostKind.SMALL_BLIND), None
    )
    if small_blind is None:
        return records
    return [
        replace(record, kind=PostKind.SMALL_AND_BIG_BLINDS)
        if type(record) is Post
        and record.kind is PostKind.DEAD_BLIND
        and record.amount > small_blind
        else record
        for record in records
    ]


def _one_summary_line_per_winner(records: list[object]) -> list[object]:
    """Hi/Lo: "Seat 2: Player0 won 114€" once per half: one seat line, all it won."""
    normalized: list[object] = []
    summaries: dict[str, tuple[int, SeatSummary]] = {}
    for record in records:
        if isinstance(record, SeatSummary) and record.won is not None:
            earlier = summaries.get(record.player)
            if earlier is not None:
                index, first = earlier
                normalized[index] = replace(first, won=(first.won or ZERO) + record.won)
                read_into(record.line, f"the summary seat of line {first.line}")
                continue
            summaries[record.player] = (len(normalized), record)
        normalized.append(record)
    return normalized


FORMAT = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=(
        (HeaderLine, "the hand's 'Winamax Poker - ...' line"),
        (TableLine, "the 'Table: ...' line"),
    ),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_undo_habits,
    summary_lists_every_seat=False,  # only those who showed or won
    hand_number_pattern=re.compile(r"HandId: #([\d-]+)"),
)

parse_hand = FORMAT.read
"""Read one Winamax hand; raises `HandParseError` with the file, line and column."""

SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("winamax.lark",),
)
