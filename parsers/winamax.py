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
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from typing import Any

from lark import v_args

from parsers.common_lines import PIECE_CONVERTERS, CommonLines, note
from parsers.conventions import SiteConventions
from parsers.events import (
    Event,
    Game,
    HandHeader,
    MoneyKind,
    PostKind,
    Street,
)
from parsers.hand_assembly import DealtLine, DrawLine
from parsers.hand_reading import (
    LIMITS,
    HandFormat,
    completions_from_raises,
    site_line_parser,
    stakes_of,
)
from parsers.line_parser import LineParser, Text
from parsers.site_time import clock_to_utc

SITE = "winamax"
CONVENTIONS = SiteConventions()

HAND_START = re.compile(r"^\ufeff?Winamax Poker - ", re.MULTILINE)

GAMES: dict[str, Game] = {
    "7-card stud": Game.SEVEN_STUD,
    "7-card stud hi/lo": Game.SEVEN_STUD_HILO,
    "razz": Game.RAZZ,
    "2-7 triple draw": Game.TRIPLE_DRAW_27,
}

STREETS: dict[str, Street] = {
    "3rd STREET": Street.THIRD,
    "4th STREET": Street.FOURTH,
    "5th STREET": Street.FIFTH,
    "6th STREET": Street.SIXTH,
    "7th STREET": Street.SEVENTH,
    "FIRST-BET": Street.PREDRAW,
    "FIRST-DRAW": Street.DRAW_1,
    "SECOND-DRAW": Street.DRAW_2,
    "THIRD-DRAW": Street.DRAW_3,
}


def parse_money(text: str) -> Decimal:
    """ "12.50€" -> Decimal("12.50"); play money "20" -> Decimal("20")."""
    return Decimal(text.removesuffix("€"))


def _pot_label(text: str) -> str:
    """ "pot" -> "pot", "main pot" -> "main", "side pot 2" -> "side-2"."""
    if text.startswith("side"):
        return "side-" + (text.removeprefix("side pot").strip() or "1")
    return "main" if text == "main pot" else "pot"


CONVERTERS = {
    **PIECE_CONVERTERS,
    "MONEY": parse_money,
    "STREET": STREETS.__getitem__,
    "POST_KIND": {
        "ante": PostKind.ANTE,
        "small blind": PostKind.SMALL_BLIND,
        "big blind": PostKind.BIG_BLIND,
    }.__getitem__,
    "POT": _pot_label,
    "POSITION": lambda text: text[2:-1],
    "NO_RAKE": lambda _text: Decimal(0),
}


@dataclass(frozen=True, slots=True)
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
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class TableLine:
    table: str
    max_seats: int
    play_money: bool
    button_seat: int | None = None
    line: int = field(default=0, compare=False)


@v_args(inline=True)
class WinamaxLines(CommonLines):
    """Winamax's own rules (the shared ones are `CommonLines`'), terminals unconverted."""

    def header(self, number, game, limit, stakes, date, time, zone):
        return HeaderLine, {
            "hand_number": number,
            "game": game,
            "limit": limit,
            "stakes": stakes,
            "stakes_as_printed": Text(stakes[0]),
            "date": date,
            "time": time,
            "zone": zone,
        }

    def stakes(self, *amounts):
        return tuple(amount for amount in amounts if amount is not None)

    def table(self, name, max_seats, money_kind, button):
        return TableLine, {
            "table": name,
            "max_seats": max_seats,
            "play_money": money_kind == "play money",
            "button_seat": button,
        }

    # -- cards: "X" is a card nobody has seen
    def cards(self, *cards):
        return tuple(card for card in cards if card.type != "HIDDEN_CARD")

    def deal(self, player, cards, new_cards):
        if not (new_cards if new_cards is not None else cards):
            return note("dealt_hidden", player)
        return DealtLine, {"player": player, "cards": cards, "new_cards": new_cards}

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


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    header, table = heading
    limit = LIMITS[header.limit]
    amounts = list(header.stakes)
    ante = amounts.pop(0) if len(amounts) == 3 else None  # stud: "(5€/25€/50€)"
    low, high = amounts
    play = table.play_money or not header.stakes_as_printed.endswith("€")
    site_time = f"{header.date} {header.time}"
    return HandHeader(
        site=SITE,
        hand_number=header.hand_number,
        game=game,
        limit=limit,
        stakes=stakes_of(limit, low, high, events, ante),
        money=MoneyKind.PLAY if play else MoneyKind.REAL,
        currency=None if play else "EUR",
        started_at_utc=clock_to_utc(site_time, header.zone),
        site_time=f"{site_time} {header.zone}",
        table=table.table,
        max_seats=table.max_seats,
        button_seat=table.button_seat,
    )


FORMAT = HandFormat(
    site=SITE,
    name="Winamax",
    line_parser=line_parser,
    heading=(
        (HeaderLine, "the hand's 'Winamax Poker - ...' line"),
        (TableLine, "the 'Table: ...' line"),
    ),
    games=GAMES,
    hand_header=_hand_header,
    normalize=lambda game, _seats, records: completions_from_raises(game, records),
    summary_lists_every_seat=False,  # only those who showed or won
    hand_number_pattern=re.compile(r"HandId: #([\d-]+)"),
)

parse_hand = FORMAT.read
"""Read one Winamax hand; raises `HandParseError` with the file, line and column."""
