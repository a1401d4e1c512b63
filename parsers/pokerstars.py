"""PokerStars: the line grammar's transformer and the hand it makes.

`grammars/pokerstars.lark` says what each line is; the transformer below says which
event each grammar rule becomes and which terminals feed which fields (terminals stay
raw: `LineParser` converts them, which is what lets it reuse one parse for every line of
the same shape). `parse_hand` then puts header, seats and events together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Transformer, v_args

from parsers.amounts import currency_symbol_of, parse_amount
from parsers.conventions import SiteConventions
from parsers.errors import ErrorKind, HandParseError
from parsers.events import (
    UNKNOWN_CARD,
    Action,
    ActionKind,
    Collect,
    CommunityCards,
    Deal,
    Draw,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Muck,
    Note,
    ParseWarning,
    Post,
    PostKind,
    PotTotals,
    Seat,
    SeatSummary,
    Show,
    ShowdownStart,
    Stakes,
    Street,
    StreetStart,
    SummaryStart,
    Tournament,
    TournamentFinish,
    UncalledReturn,
)
from parsers.hand_assembly import DealtLine, DrawLine, StructureError, assemble_events
from parsers.line_parser import PLAYER_MARKER, LineParser, LineSyntaxError, Text
from parsers.outcomes import SkippedHand
from parsers.reading import HandText
from parsers.site_time import UnknownTimeZone, to_utc

SITE = "pokerstars"

# Stars caps heads-up too (Razz, 2009: "kobreli: bets $0.08 / SilkZone: raises $0.08 to
# $0.16 / kobreli: raises $0.08 to $0.24 / SilkZone: raises $0.08 to $0.32 /
# Betting is capped", two players left).
CONVENTIONS = SiteConventions(uncapped_heads_up=False)
GRAMMARS = Path(__file__).parent / "grammars"

HAND_START = re.compile(
    r"^\ufeff?PokerStars (?:Home Game )?(?:Game|Hand|Zoom Hand) #", re.MULTILINE
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

LIMITS: dict[str, LimitKind] = {
    "limit": LimitKind.FIXED,
    "pot limit": LimitKind.POT,
    "no limit": LimitKind.NO,
}


def _pot_label(text: str) -> str:
    """ "pot" -> "pot", "main pot" -> "main", "side pot" -> "side-1", "side pot-2" -> "side-2"."""
    if text == "pot":
        return "pot"
    if text == "main pot":
        return "main"
    return "side-" + (text.partition("-")[2] or "1")


CONVERTERS = {
    "AMOUNT": parse_amount,
    "INT": int,
    "CARD": str,
    "UNREADABLE_CARD": lambda _text: UNKNOWN_CARD,
    "STREET": STREETS.__getitem__,
    "POST_KIND": POST_KINDS.__getitem__,
    "POT": _pot_label,
    "POSITION": lambda text: text[2:-1],
    "QUOTED": lambda text: text[1:-1],
    "SPACED_CURRENCY": str.strip,
    "FOLD_STREET": lambda text: text.removeprefix("on the "),
}


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class TableLine:
    table: str
    max_seats: int
    button_seat: int | None = None
    play_money: bool = False
    line: int = field(default=0, compare=False)


@v_args(inline=True)
class PokerStarsLines(Transformer[Any, Any]):
    """Grammar rule -> (event class, fields); terminals are passed through unconverted."""

    # -- header
    def header(self, home, _word, number, club, game, when):
        return HeaderLine, {
            "hand_number": number,
            "home_game": home is not None,
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
            **buy_in,
            **game,
            **level,
        }

    def paid_buy_in(self, buy_in, second, third, currency):
        if third is None:  # buy-in + fee
            amounts = {"buy_in": Text(buy_in), "fee": Text(second)}
        else:  # knockout: buy-in + bounty + fee
            amounts = {"buy_in": Text(buy_in), "bounty": Text(second), "fee": Text(third)}
        return {**amounts, "buy_in_currency": currency}

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
        return Seat, {
            "seat": number,
            "player": player,
            "stack": stack,
            "bounty": bounty,
            "sitting_out": state is not None and "sitting out" in state,
        }

    # -- forced bets and actions
    def post(self, player, kind, amount, all_in):
        return Post, {
            "player": player,
            "kind": kind,
            "amount": amount,
            "all_in": all_in is not None,
        }

    def fold(self, player):
        return Action, {"player": player, "kind": ActionKind.FOLD}

    def check(self, player):
        return Action, {"player": player, "kind": ActionKind.CHECK}

    def call(self, player, amount, all_in):
        return _action(ActionKind.CALL, player, amount, None, all_in)

    def bet(self, player, amount, all_in):
        return _action(ActionKind.BET, player, amount, None, all_in)

    def raise_to(self, player, amount, total, all_in):
        return _action(ActionKind.RAISE, player, amount, total, all_in)

    def bring_in(self, player, amount, all_in):
        return _action(ActionKind.BRING_IN, player, amount, None, all_in)

    def complete(self, player, total, all_in):
        return _action(ActionKind.COMPLETE, player, None, total, all_in)

    # -- cards
    def cards(self, *cards):
        return tuple(cards)

    def deal(self, player, cards, new_cards):
        return DealtLine, {"player": player, "cards": cards, "new_cards": new_cards}

    def discard(self, player, count, cards):
        return DrawLine, {"player": player, "discard_count": count, "discarded": cards}

    def stand_pat(self, player, cards):
        return DrawLine, {"player": player, "discard_count": 0, "kept": cards}

    def street(self, name):
        return StreetStart, {"street": name}

    def showdown(self):
        return ShowdownStart, {}

    def summary(self):
        return SummaryStart, {}

    # -- pots and showdown
    def uncalled(self, amount, player):
        return UncalledReturn, {"player": player, "amount": amount}

    def collect(self, player, amount, pot):
        return Collect, {"player": player, "amount": amount, "pot": pot}

    def show(self, player, cards, description):
        return Show, {"player": player, "cards": cards, "description": description}

    def muck(self, player):
        return Muck, {"player": player}

    def no_show(self, player):
        return _note("doesnt_show", player)

    def totals(self, total, side_pots, rake):
        return PotTotals, {"total": total, "rake": rake, **side_pots}

    def side_pots(self, *amounts):
        # [main, (side number or None, side amount) ...], or nothing when there is one pot
        if not amounts:
            return {}
        return {"main": amounts[0], "sides": tuple(amounts[2::2])}

    def board(self, cards):
        return CommunityCards, {"cards": cards}

    def seat_summary(self, number, player, *rest):
        *positions, outcome = rest
        return SeatSummary, {
            "seat": number,
            "player": player,
            "positions": tuple(positions),
            **outcome,
        }

    def folded(self, street, didnt_bet):
        return {"outcome": "folded", "street": street, "didnt_bet": didnt_bet is not None}

    def showed_won(self, cards, amount, description):
        return {"outcome": "showed", "cards": cards, "won": amount, "description": description}

    def showed_lost(self, cards, description):
        return {"outcome": "showed", "cards": cards, "description": description}

    def showed(self, cards):
        return {"outcome": "showed", "cards": cards}

    def mucked(self, cards):
        return {"outcome": "mucked", "cards": cards}

    def collected(self, amount):
        return {"outcome": "collected", "won": amount}

    def sat_out(self):
        return {"outcome": "sat out"}

    # -- tournament results
    def finished(self, player, place, _suffix, prize):
        return TournamentFinish, {"player": player, "place": place, "prize": prize}

    def won_tournament(self, player, prize):
        return TournamentFinish, {"player": player, "place": 1, "prize": prize}

    # -- notes
    def joins(self, player, seat):
        return _note("joins", player, Text(seat))

    def leaves(self, player):
        return _note("leaves", player)

    def sits_out(self, player, _wording):
        return _note("sits_out", player)

    def returned(self, player):
        return _note("returned", player)

    def timed_out(self, player):
        return _note("timed_out", player)

    def connection(self, player, state):
        return _note("connection", player, state)

    def said(self, player, quoted):
        return _note("said", player, quoted)

    def waits_for_button(self, player):
        return _note("waits_for_button", player)

    def removed(self, player):
        return _note("removed", player)

    def remark(self, text):
        return _note("remark", None, text)


def _action(kind: ActionKind, player, amount, total, all_in):
    return Action, {
        "player": player,
        "kind": kind,
        "amount": amount,
        "raise_to": total,
        "all_in": all_in is not None,
    }


def _note(kind: str, player, text=""):
    return Note, {"kind": kind, "player": player, "text": text}


@cache
def line_parser() -> LineParser:
    """The PokerStars line parser (built once per process: the grammar takes ~30 ms)."""
    grammar = Lark.open(
        str(GRAMMARS / "pokerstars.lark"),
        parser="lalr",
        lexer="contextual",
        start="line",
        maybe_placeholders=True,
    )
    return LineParser(grammar, PokerStarsLines(), CONVERTERS, unreadable_terminal="UNREADABLE_CARD")


def parse_hand(chunk: HandText) -> Hand | SkippedHand:
    """Read one PokerStars hand; raises `HandParseError` with the file, line and column."""
    parser = line_parser()
    lines = chunk.lines
    hand_number: str | None = None
    index = 0
    try:
        header_line, _ = parser.parse(lines[0].lstrip("\ufeff"), (), chunk.first_line)
        if not isinstance(header_line, HeaderLine):
            raise StructureError(chunk.first_line, "expected the hand's 'PokerStars ...' line")
        hand_number = header_line.hand_number
        game = GAMES.get(header_line.game.lower())
        if game is None:
            return SkippedHand(SITE, hand_number, header_line.game, chunk.path, chunk.first_line)
        index = 1
        if len(lines) < 2:
            raise StructureError(chunk.first_line, "the hand stops after its first line", True)
        table_line, _ = parser.parse(lines[1], (), chunk.first_line + 1)
        if not isinstance(table_line, TableLine):
            raise StructureError(chunk.first_line + 1, "expected the 'Table ...' line")

        seats: list[Seat] = []
        index = 2
        while index < len(lines) and lines[index].startswith("Seat "):
            record, _ = parser.parse(lines[index], (), chunk.first_line + index)
            if not isinstance(record, Seat):
                break
            seats.append(record)
            index += 1
        if not seats:
            at_end = index >= len(lines)
            raise StructureError(
                chunk.first_line + min(index, len(lines) - 1),
                "the hand stops before its seat list (truncated)"
                if at_end
                else "expected the seat list",
                truncated=at_end,
            )

        names = sorted({seat.player for seat in seats}, key=len, reverse=True)
        if any(PLAYER_MARKER in name for name in names):
            raise StructureError(
                chunk.first_line + 2, "a player name holds U+E000, a character studdraw reserves"
            )
        records: list[object] = []
        warnings: list[ParseWarning] = []
        body_start = index
        for index in range(body_start, len(lines)):
            line_number = chunk.first_line + index
            record, unreadable = parser.parse(lines[index], names, line_number)
            if type(record) in _OPENING_LINES:
                raise StructureError(line_number, f"a {type(record).__name__} line inside a hand")
            records.append(record)
            if unreadable:
                warnings.extend(
                    ParseWarning(line_number, f"unreadable card {text!r} recorded as unknown")
                    for text in unreadable
                )
        last_line = chunk.first_line + len(lines) - 1
        events = assemble_events(game, records, last_line)
        listed = {event.player for event in events if isinstance(event, SeatSummary)}
        dealt_in = {e.player for e in events if type(e) in _PLAYING} | {  # type: ignore[attr-defined]
            seat.player for seat in seats if not seat.sitting_out
        }
        missing = [seat.player for seat in seats if seat.player in dealt_in - listed]
        if missing:
            # PokerStars lists every seat dealt in: one missing means the hand was cut.
            raise StructureError(
                last_line,
                f"the summary lists {len(listed)} of the {len(listed) + len(missing)} seats "
                "dealt in (truncated)",
                truncated=True,
            )
        header = _hand_header(header_line, table_line, game, records)
    except LineSyntaxError as error:
        line = chunk.first_line + index
        raise HandParseError(
            ErrorKind.SYNTAX,
            "this line is not a PokerStars history line this parser knows",
            chunk.path,
            line,
            error.column,
            hand_number or _hand_number_guess(lines[0]),
            error.line_text,
            error.expected,
        ) from None
    except StructureError as error:
        offset = error.line - chunk.first_line
        raise HandParseError(
            ErrorKind.TRUNCATED if error.truncated else ErrorKind.STRUCTURE,
            str(error),
            chunk.path,
            error.line,
            1,
            hand_number or _hand_number_guess(lines[0]),
            lines[offset] if 0 <= offset < len(lines) else "",
        ) from None
    except (UnknownTimeZone, ValueError, OverflowError) as error:  # impossible dates
        raise HandParseError(
            ErrorKind.SYNTAX, str(error), chunk.path, chunk.first_line, 1, hand_number, lines[0]
        ) from None
    return Hand(header, tuple(seats), events, tuple(warnings))


_OPENING_LINES = frozenset({HeaderLine, TableLine, Seat})
_PLAYING = frozenset({Post, Action, Deal, Draw, Show, Muck, Collect, UncalledReturn})


def _hand_number_guess(first_line: str) -> str | None:
    match = re.search(r"#(\d+)", first_line)
    return match.group(1) if match else None


def _hand_header(
    header: HeaderLine, table: TableLine, game: Game, records: list[object]
) -> HandHeader:
    limit = LIMITS[header.limit.lower()]
    low = parse_amount(header.stake_low) if header.stake_low else None
    high = parse_amount(header.stake_high) if header.stake_high else None
    forced = _forced_bet_sizes(records)
    if limit is LimitKind.FIXED:
        stakes = Stakes(small_bet=low, big_bet=high, **forced)
    else:
        stakes = Stakes(
            ante=forced.get("ante"),
            bring_in=forced.get("bring_in"),
            small_blind=low,
            big_blind=high,
        )

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
    started = to_utc(datetime.strptime(utc_source.replace(" - ", " "), "%Y/%m/%d %H:%M:%S"), zone)

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
    )


def _forced_bet_sizes(records: list[object]) -> dict[str, Decimal]:
    """Ante, bring-in and blinds as the hand posts them (the header gives only the bets)."""
    sizes: dict[str, Decimal] = {}
    names = {
        PostKind.ANTE: "ante",
        PostKind.SMALL_BLIND: "small_blind",
        PostKind.BIG_BLIND: "big_blind",
    }
    for record in records:
        if isinstance(record, Post) and not record.all_in and record.kind in names:
            sizes.setdefault(names[record.kind], record.amount)
        elif isinstance(record, Action):
            if record.kind is ActionKind.BRING_IN and not record.all_in and record.amount:
                sizes["bring_in"] = record.amount
            break  # forced bets are all made before the first voluntary action
    return sizes
