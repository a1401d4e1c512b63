"""Absolute Poker / Ultimate Bet (the Cereus network): the line grammar's transformer and
the hand it makes.

`grammars/absolute.lark` says what each line is; the transformer below adds to the rules
every site shares (`common_lines.CommonLines`) the ones only Cereus has. What Cereus does
its own way:

- every street reprints each player's cards so far, "H" for a card nobody sees
  ("PLAYER1 - Pocket [H H Js 10d]"), and keeps reprinting a folded hero's: the street's
  new cards are worked out from the count (`_pockets_dealt`);
- a raise names what it adds ("Raises $0.20 to $0.30" after 0.10 in), and an all-in what
  it adds too, a bet, a call or a raise by what is in on the street;
- the summary's "Total Pot" is before rake, the rake printed beside it (plus a jackpot
  rake, which the pot loses all the same); "won Total" is all a player collects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from typing import Any, Final

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, UnmarkedLines, note
from parsers.lines.hand_assembly import DealtLine, dealt_hero
from parsers.lines.hand_lines import (
    AddedRaiseLine,
    AllInLine,
    HandFormat,
    all_ins_resolved,
    raises_to_street_totals,
    site_line_parser,
    stakes_of,
)
from parsers.lines.line_accounting import carries_nothing
from parsers.lines.line_parser import LineParser, Text
from parsers.model.amounts import currency_symbol_of, parse_amount
from parsers.model.conventions import OddChip, SiteConventions
from parsers.model.events import (
    UNKNOWN_CARD,
    ZERO,
    Card,
    Event,
    Game,
    HandHeader,
    LimitKind,
    MoneyKind,
    PostKind,
    PotTotals,
    StreetStart,
    Tournament,
)
from parsers.model.games import Street
from parsers.model.immutable import immutable, interpreted_inits
from parsers.sites.site_format import SiteFormat
from parsers.text.site_time import clock_to_utc

SITE: Final = "absolute"
NAME: Final = "Absolute Poker"  # as players know it: every screen and message
# Inferred: no real Cereus hand shows a fixed-limit raise after a short all-in raise; the
# default, PokerStars' rule, stands until one does.
# Odd chips: a hi/lo pot's goes to the high half (7 Stud Hi/Lo 2009, $0.39 shared
# $0.20 high, $0.19 low); no real hand shows tied
# winners with a chip left over, so any sharing of one among them is accepted, warned.
CONVENTIONS = SiteConventions(odd_chip=OddChip.UNKNOWN)

HAND_START = re.compile(r"^\ufeff?Stage #C?\d+", re.MULTILINE)

GAMES: dict[str, Game] = {
    "seven card hi/lo": Game.SEVEN_STUD_HILO,
    "7 card stud": Game.SEVEN_STUD,  # inferred: FPDB's game table
    "seven card stud": Game.SEVEN_STUD,  # inferred: the hi/lo game's wording
    "razz": Game.RAZZ,  # inferred: FPDB's game table
}

STREETS: Final[dict[str, Street]] = {
    "3rd street": Street.THIRD,
    "4th street": Street.FOURTH,
    "5th street": Street.FIFTH,
    "6th street": Street.SIXTH,
    "river": Street.SEVENTH,
}

LIMITS: Final[dict[str, LimitKind]] = {
    "normal": LimitKind.FIXED,
    "limit": LimitKind.FIXED,
    "no limit": LimitKind.NO,
    "pot limit": LimitKind.POT,
}
HIDDEN: Final[Card] = "H"  # a card the history does not show, until `_pockets_dealt` drops it


def _card(text: str) -> Card:
    """ "10d" -> "Td"; other cards as printed."""
    return "T" + text[2] if text.startswith("10") else text


_BRACKET: Final = re.compile(r"\[([^\]]*)\]")
_PRINTED_CARD = r"(?:10|[2-9TJQKA])[cdhs]"
# One match for a whole list, not one a card.
_PRINTED_CARDS: Final = re.compile(rf"{_PRINTED_CARD}(?: {_PRINTED_CARD})*")


def summary_cards(text: str) -> tuple[Card, ...] | None:
    """The cards of a summary's first bracket: "[3d 5d 6s Ah 8c Jc As - P:As,B:Ah,...]"
    -> the seven cards; "[Does not show]" and the like -> None."""
    found = _BRACKET.search(text)
    if found is None:
        return None
    words = found[1].split(" - ", 1)[0].split()
    if not words or _PRINTED_CARDS.fullmatch(" ".join(words)) is None:
        return None
    return tuple(["T" + word[2] if word[0] == "1" else word for word in words])  # `_card`, inlined


def _street(text: str) -> Street:
    return STREETS[text.strip("* ").lower()]


def _pot_list(text: str) -> tuple[Decimal, ...]:
    """ "3,750,1,730" -> (3750, 1730): thousands commas and pot commas told apart by the
    three digits a thousands group always has."""
    return tuple(
        parse_amount(pot) for pot in re.findall(r"[$€]?\d{1,3}(?:,\d{3})*(?:\.\d+)?", text)
    )


CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "MONEY": parse_amount,
    "PRINTED_CARD": _card,
    "HIDDEN_CARD": lambda _text: HIDDEN,
    "STREET_MARK": _street,
    "POST_KIND": {"Ante": PostKind.ANTE}.__getitem__,
    "POT_LIST": _pot_list,
    "POSITION": lambda text: "button" if text == "dealer" else text,
    "HALVES": summary_cards,
    "SUMMARY_CARDS": summary_cards,
}


# ---------------------------------------------------------------------------- heading


@immutable
class StageLine:
    """ "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00
    (ET)": number, game, stakes and clock, read but not interpreted (`_hand_header`
    does). A HORSE hand names its game on a "Game Type:" line: `game` is None here."""

    hand_number: str
    game: str | None
    stakes: str
    date: str
    limit: str | None = None
    zone: str | None = None
    ante: str | None = None
    tournament_id: str | None = None
    mixed: str | None = None
    line: int = field(default=0, compare=False)


@immutable
class TableLine:
    table: str
    button_seat: int | None = None
    line: int = field(default=0, compare=False)


@immutable
class GameTypeLine:
    """Inferred (FPDB): a HORSE hand's "Game Type: Limit Holdem"."""

    game: str
    limit: str
    line: int = field(default=0, compare=False)


# ---------------------------------------------------------------------------- body


@dataclass(frozen=True, slots=True)
class PocketLine:
    """ "PLAYER1 - Pocket [H H Js 10d]": the player's cards so far, hidden ones "H".
    A third of Cereus's lines: its `__init__` is written out, to be compiled
    (`parsers.model.immutable`: 0.5 µs a line otherwise)."""

    player: str
    cards: tuple[Card, ...]
    line: int = field(default=0, compare=False)

    def __init__(self, player: str, cards: tuple[Card, ...], line: int = 0) -> None:
        self.player = player  # type: ignore[misc]
        self.cards = cards  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


interpreted_inits(__file__, PocketLine)


@v_args(inline=True)
class AbsoluteLines(UnmarkedLines):
    """Cereus's own rules (the shared ones are `UnmarkedLines`'), terminals unconverted."""

    def stage(
        self,
        number,
        tournament_id,
        game,
        _kind,
        limit,
        stakes,
        ante,
        _turbo,
        _seven_two,
        date,
        zone,
        _clock_copy,
    ):
        mixed = str(game).upper() == "HORSE"
        return StageLine, {
            "hand_number": Text(number),
            "game": None if mixed else game,
            "limit": limit,
            "stakes": Text(stakes),
            "ante": Text(ante) if ante is not None else None,
            "date": Text(date),
            "zone": zone,
            "tournament_id": tournament_id,
            "mixed": "HORSE" if mixed else None,
        }

    def tourney(self, number):
        return Text(number)

    def table(self, name, button):
        return TableLine, {"table": name, "button_seat": button}

    def game_type(self, limit, game):
        return GameTypeLine, {"game": game, "limit": limit}

    def raise_to(self, player, _added, total):
        return super().raise_total(player, total, None)

    def all_in(self, player, added):
        return AllInLine, {"player": player, "added": added}

    def all_in_raise(self, player, _added, total):
        return super().raise_total(player, total, True)

    def all_in_timeout(self, player):
        return note("all_in_timeout", player)

    def sits_out(self, player, *_reason):
        return note("sits_out", player)

    def deal(self, player, cards):
        return PocketLine, {"player": player, "cards": cards}

    def uncalled(self, player, amount):
        return super().uncalled(amount, player)

    def no_show(self, player):
        return note("no_show", player)

    def totals(self, total, pots, rake, jackpot_rake, _proposition):
        fields: dict[str, Any] = {"total": total}
        if rake is not None:
            fields["rake"] = rake
        if pots is not None:
            fields["pots"] = pots
        if jackpot_rake is not None:
            fields["jackpot_rake"] = jackpot_rake
        return _pot_totals, fields

    def folded(self, street):
        return super().folded(street, None)

    def won(self, word, amount, halves):
        shown = halves is not None and "Does not show" not in str(halves)
        return {
            "outcome": "showed" if shown else "collected",
            "won": amount,
            "cards": halves if shown else None,
        }

    def lost(self, description, cards):
        return {"outcome": "showed", "cards": cards, "description": description}

    def mucked(self, cards):
        return {"outcome": "mucked", "cards": cards}


def _pot_totals(
    total: Decimal,
    rake: Decimal = ZERO,
    pots: tuple[Decimal, ...] = (),
    jackpot_rake: Decimal = ZERO,
    line: int = 0,
) -> PotTotals:
    """ "Total Pot($26) | Rake ($1.30) | Jackpot Rake ($0.50)": the pot before rake, and
    all it loses; "Total Pot(5,480:3,750,1,730)": the main and side pots after the colon."""
    taken = rake + jackpot_rake
    main, sides = (pots[0], pots[1:]) if pots else (None, ())
    return PotTotals(total, taken, main=main, sides=sides, line=line)


@cache
def line_parser() -> LineParser:
    """The Cereus line parser (built once per process)."""
    return site_line_parser("absolute.lark", AbsoluteLines(), CONVERTERS)


# ---------------------------------------------------------------------------- header


def _stakes(text: str) -> tuple[str | None, Decimal, Decimal | None]:
    """ "$0.02/$0.04" -> ("USD", 0.02, 0.04); "10" -> (None, 10, None)."""
    low, _, high = text.partition("/")
    return currency_symbol_of(low.strip()), parse_amount(low), parse_amount(high) if high else None


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    stage, table, game_type = heading
    limit_word = (game_type.limit if game_type is not None else stage.limit) or "Normal"
    limit = LIMITS[limit_word.lower()]
    currency, low, high = _stakes(stage.stakes)
    if high is None:
        # Inferred (FPDB): one stake is the big bet, or the big blind; the other its half.
        low, high = low / 2, low
    tournament = Tournament(stage.tournament_id) if stage.tournament_id else None
    money = MoneyKind.REAL if currency and tournament is None else MoneyKind.TOURNAMENT
    zone = stage.zone or "ET"  # FPDB: Eastern time when the zone is missing
    clock = stage.date.split(".")[0].replace("-", "/")
    ante = parse_amount(stage.ante) if stage.ante else None
    return HandHeader(
        site=SITE,
        hand_number=stage.hand_number,
        game=game,
        limit=limit,
        stakes=stakes_of(limit, low, high, events, ante),
        money=money,
        currency=currency if money is MoneyKind.REAL else None,
        started_at_utc=clock_to_utc(clock, zone),
        site_time=f"{clock} {zone}",
        table=table.table if table is not None else "",
        button_seat=table.button_seat if table is not None else None,
        tournament=tournament,
        mixed_game=stage.mixed,
        hero=dealt_hero(events),
    )


# ---------------------------------------------------------------------------- site habits


def _undo_habits(game: Game, _seats: object, records: list[object]) -> list[object]:
    """Cereus's records as the site-neutral assembly expects them. The raise and all-in
    passes walk the hand only when it holds their lines (most hands hold neither)."""
    records = _pockets_dealt(game, records)
    kinds = set(map(type, records))
    if AddedRaiseLine in kinds:
        records = raises_to_street_totals(records)
    return all_ins_resolved(game, records, bet_first=True) if AllInLine in kinds else records


def _pockets_dealt(game: Game, records: list[object]) -> list[object]:
    """Each "Pocket [...]" reprint made the deal of the street's new cards: the cards
    past those the player's last line held, hidden ones dropped ("[H H Js 10d]" after
    "[H H Js]" deals 10d, shown before it Js). A reprint dealing nothing seen (a folded
    hero's "[10c 5c 7s]" again, another player's river "[... H]") is no deal."""
    normalized: list[object] = []
    held: dict[str, int] = {}
    dealt = _cards_dealt(game, game.rules.streets[0])
    for record in records:
        if not isinstance(record, PocketLine):  # isinstance, not type(): read natively
            if isinstance(record, StreetStart):
                dealt = _cards_dealt(game, record.street)
            normalized.append(record)
            continue
        cards = record.cards
        before = held.get(record.player, 0)
        held[record.player] = len(cards)
        if before == 0:  # first seen now: the street's cards are new
            before = max(len(cards) - dealt, 0)
        new = tuple([c for c in cards[before:] if c != HIDDEN]) if before < len(cards) else ()
        if new:
            seen_before = tuple([c for c in cards[:before] if c != HIDDEN])
            old, added = (seen_before, new) if seen_before else (new, None)
            normalized.append(DealtLine(record.player, old, added, line=record.line))
        else:
            carries_nothing(record.line, "pocket reprint dealing nothing seen")
    return normalized


def _cards_dealt(game: Game, street: Street) -> int:
    """How many cards a street deals each player (all of them, for a street the game
    does not know)."""
    deal = game.rules.deal_on(street)
    return 99 if deal is None else deal.down + deal.up


FORMAT = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=(
        (StageLine, "the hand's 'Stage #...' line"),
        (TableLine, "the 'Table: ...' line"),
        (GameTypeLine, "the 'Game Type: ...' line"),
    ),
    optional_heading=frozenset({TableLine, GameTypeLine}),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_undo_habits,
    summary_lists_every_seat=False,
    hand_number_pattern=re.compile(r"Stage #(C?\d+)"),
)

parse_hand = FORMAT.read
"""Read one Absolute Poker / Ultimate Bet hand; raises `HandParseError` with the file,
line and column."""

# A Card value that cannot come from a history, kept out of events.
assert HIDDEN != UNKNOWN_CARD

SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("absolute.lark",),
)
