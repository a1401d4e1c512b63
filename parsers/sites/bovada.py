"""Bovada, Bodog and Ignition (one network, one format): the line grammar's transformer and
the hand it makes.

`grammars/bovada.lark` says what each line is; the transformer below adds to the rules
every site shares (`common_lines.CommonLines`) the ones only Bovada has. What Bovada does
its own way:

- players are anonymous: a stud player is his seat ("Seat+3"), the hero his seat and
  "[ME]". The hero is named `HERO` here, as FPDB names him, so that a player's own hands
  are one player's whatever the table and seat;
- the heading prints no stakes (a tournament's "Level 1 (0/0)" neither): the small bet is
  read from the hand's own bets (`_small_bet`);
- until 2012/09 no line starts the streets after "*** HOLE CARDS ***": a street starts at
  its first card dealt after the betting, or at a second card dealt to one player;
- "All-in 245" names what it adds (a call, a bet or a raise: the street's totals say
  which), "All-in(raise) 1054" the street's total, as "Raises 600" does; "Raises $7.50 to
  $10" (2012/08 on) names both, the total counting;
- a stud completion is written as a raise ("Raises 10" over a bring-in of 5);
- the showdown prints the best five ("Showdown [Js Jd Ac Td 9d]"), at hi/lo the high five
  then the low five, repeating cards: a show is the distinct cards printed;
- the summary names seats by number ("Seat 3:  $0.09 [Does not show]"), and its total pot
  names no rake in tournaments ("Total Pot(97)") nor in some cash hands ("Total Pot($150)",
  2014): the rake is then what the pot has that nobody collects.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import field, replace
from decimal import Decimal
from functools import cache
from typing import Any, Final

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, CommonLines, action, note
from parsers.lines.hand_assembly import DealtLine, StructureError, marked_hero
from parsers.lines.hand_lines import (
    LIMITS,
    AllInLine,
    HandFormat,
    all_ins_resolved,
    completions_from_raises,
    site_line_parser,
    stakes_of,
)
from parsers.lines.line_parser import Ignored, LineParser, Text
from parsers.model.conventions import OddChip, SiteConventions
from parsers.model.events import (
    ZERO,
    Action,
    ActionKind,
    Collect,
    Event,
    Game,
    HandHeader,
    LimitKind,
    MoneyKind,
    Muck,
    Post,
    PostKind,
    PotTotals,
    Seat,
    SeatSummary,
    Show,
    StreetStart,
    SummaryStart,
    Tournament,
    TournamentFinish,
)
from parsers.model.games import Street
from parsers.model.immutable import immutable
from parsers.sites.site_format import SiteFormat
from parsers.text.site_time import clock_to_utc

SITE: Final = "bovada"
NAME: Final = "Bovada"  # as players know it: every screen and message
# Inferred: no real Bovada hand shows a fixed-limit raise after a short all-in raise; the
# default, PokerStars' rule, stands until one does. The odd chip of a hi/lo split goes to
# the high hand (7 Card Stud Hi/Lo 2633952287: $4.65 shared $2.33 high, $2.32 low).
# No real hand shows tied winners with a chip left over: any sharing of one among them
# is accepted, with an `odd_chip` warning.
CONVENTIONS = SiteConventions(odd_chip=OddChip.UNKNOWN)

HERO: Final = "Hero"
"""The player whose history it is, "Seat+3 [ME]" in the file, at whatever seat."""

HAND_START = re.compile(
    r"^\ufeff?(?:Ignition|Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #C?\d+", re.MULTILINE
)

GAMES: dict[str, Game] = {  # lowercased; flop games (HOLDEM, OMAHA...) are skipped
    "7card": Game.SEVEN_STUD,
    "7card hilo": Game.SEVEN_STUD_HILO,
    "7card_hl": Game.SEVEN_STUD_HILO,  # inferred: FPDB's game table
}

_STREET_MARKS: dict[str, Street] = {
    "*** HOLE CARDS ***": Street.THIRD,
    "*** 3RD STREET ***": Street.THIRD,
    "*** 4TH STREET ***": Street.FOURTH,
    "*** 5TH STREET ***": Street.FIFTH,
    "*** 6TH STREET ***": Street.SIXTH,
    "*** 7TH STREET ***": Street.SEVENTH,  # inferred
    "*** RIVER ***": Street.SEVENTH,
}

_SEAT_NUMBER: Final = re.compile(r"\d+")


def _table(text: str) -> str:
    """ "TBL#1178621" -> "1178621"; "Zone Poker ID#1708" -> "Zone Poker 1708"."""
    prefix, number = text.split("#")
    return number if prefix == "TBL" else f"Zone Poker {number}"


CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "STREET_MARK": _STREET_MARKS.__getitem__,
    "HERO": lambda _text: HERO,
    "TABLE": _table,
}


@immutable
class HeaderLine:
    """The hand's one heading line: number, table, game, limit, tournament and clock."""

    hand_number: str
    game: str
    table: str | None
    limit: str | None
    date: str
    time: str
    utc: bool  # the 2021 "[MVS]" version says its clock is UTC; before, US Eastern
    tournament_id: str | None = None
    tournament_table: int | None = None
    level: int | None = None
    line: int = field(default=0, compare=False)


def _seat(name: str, stack: Decimal, line: int = 0) -> Seat:
    """ "Seat+3: $0.50 in chips" is Seat+3 at seat 3; "Seat+3 [ME]: ..." the hero there."""
    match = _SEAT_NUMBER.search(name)
    assert match is not None  # the grammar's SEAT_NAME and HERO hold the number
    return Seat(int(match[0]), HERO if "[ME]" in name else name, stack, line=line)


@immutable
class TotalPotLine:
    """ "Total Pot($0.59) | Rake ($0.02)", or "Total Pot(97)" with no rake said."""

    total: Decimal
    rake: Decimal | None = None
    line: int = field(default=0, compare=False)


@immutable
class SummarySeatLine:
    """A summary seat line, its player named by seat ("Seat 3:") or by name ("Seat+3:"):
    `who` as printed, resolved against the seat list (`_summary_read`). A hi/lo winner may
    win both halves: "HI $2 ... LO $1" (`won`, `won_low`)."""

    who: str
    outcome: str
    won: Decimal | None = None
    won_low: Decimal | None = None
    cards: tuple[str, ...] | None = None
    description: str | None = None
    street: Street | None = None
    line: int = field(default=0, compare=False)


@immutable
class PrizeLine:
    """Inferred: "Seat+1 : Prize Cash [$61.20]", the prize of the place his ranking says."""

    player: str
    prize: Decimal
    line: int = field(default=0, compare=False)


@v_args(inline=True)
class BovadaLines(CommonLines):
    """Bovada's own rules (the shared ones are `CommonLines`'), terminals unconverted."""

    def header(self, _room, hand_id, table, game, terms, date, time, zone):
        return HeaderLine, {
            "hand_number": hand_id,
            "game": game,
            "table": table,
            "date": date,
            "time": time,
            "utc": zone is not None,
            **terms,
        }

    def terms(self, tournament, _heads_up, limit, level, _mvs):
        """What follows the game: "Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0)"."""
        return {"limit": limit, "level": level, **(tournament or {})}

    def tournament(self, number, table):
        return {"tournament_id": number, "tournament_table": table}

    def level(self, number, low, high):
        return number  # the stakes: "(0/0)" in stud tournaments, the blinds in flop games

    def seat(self, name, stack):
        return _seat, {"name": Text(name), "stack": stack}

    def post(self, player, amount):
        return super().post(player, PostKind.ANTE, amount, None)

    def bring_in(self, player, _words, amount):
        return super().bring_in(player, amount, None)

    def fold(self, player, _word):
        return super().fold(player)

    def call(self, player, _word, amount):
        return super().call(player, amount, None)

    def bet(self, player, _word, amount):
        return super().bet(player, amount, None)

    def raise_total(self, player, _word, total):
        return super().raise_total(player, total, None)

    def raise_added_to(self, player, _word, added, total):
        """ "Raises $7.50 to $10": 7.50 is what the player adds, not the raise (5 over 5)."""
        event, fields = action(ActionKind.RAISE, player, None, total, None)
        return event, {**fields, "_": Ignored(added)}

    def all_in_adding(self, player, added):
        return AllInLine, {"player": player, "added": added}

    def all_in_total(self, player, total):
        return AllInLine, {"player": player, "total": total}

    def all_in_added_to(self, player, added, total):
        return AllInLine, {"player": player, "total": total, "_": Ignored(added)}

    def deal(self, player, cards):
        return super().deal(player, cards, None)

    def uncalled(self, player, amount):
        return super().uncalled(amount, player)

    def show(self, player, _word, cards, description):
        return super().show(player, cards, description)

    def muck(self, player, cards, _description):
        return Muck, {"player": player, "cards": cards}

    def no_show(self, player, _cards, *_shown_and_description):
        return note("no_show", player)

    def shows_rank(self, player, description):
        return note("shows_rank", player, Text(description))

    def collect(self, player, _result, amount):
        return super().collect(player, amount, "pot")

    def finish(self, player, place):
        return TournamentFinish, {"player": player, "place": place}

    def prize_cash(self, player, amount):
        return PrizeLine, {"player": player, "prize": amount}

    def prize_ticket(self, player, text):
        return note("prize", player, Text(text))

    def bounty(self, player, amount):
        return note("bounty", player, Text(amount))

    def adds(self, player, _word, amount):
        return note("adds", player, Text(amount))

    def joins(self, player, _word):
        return note("joins", player)

    def leaves(self, player, _word):
        return note("leaves", player)

    def returned(self, player, _word):
        return note("returned", player)

    def draw_for_dealer(self, player, _cards):
        return note("draw_for_dealer", player)

    def totals(self, total, rake):
        return TotalPotLine, {"total": total, "rake": rake}

    def seat_summary(self, who, outcome):
        return SummarySeatLine, {"who": who, **outcome}

    def collected(self, amount):
        return {"outcome": "collected", "won": amount}

    def mucked(self, cards):
        return {"outcome": "mucked", "cards": cards}

    def won(self, _high, amount, description, cards, low):
        return _showed(cards, description, amount, low)

    def won_unsaid(self, _high, amount, cards, low):
        return _showed(cards, None, amount, low)

    def won_low(self, description, cards, low):
        return _showed(cards, description, None, low)

    def lost(self, _lost, description, cards):
        return _showed(cards, description, None, None)

    def low_half(self, _word, amount, _cards):
        return amount

    def hand_cards(self, held, _best_five):
        return held

    def held(self, *cards):
        return tuple(cards)

    def loose_cards(self, *cards):
        return tuple(cards)

    def folded(self, street):
        return {"outcome": "folded", "street": street}


def _showed(cards: Any, description: Any, won: Any, won_low: Any) -> dict[str, Any]:
    return {
        "outcome": "showed",
        "cards": cards,
        "description": description,
        "won": won,
        "won_low": won_low,
    }


@cache
def line_parser() -> LineParser:
    """The Bovada line parser (built once per process)."""
    return site_line_parser("bovada.lark", BovadaLines(), CONVERTERS)


# ---------------------------------------------------------------------------- the header


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    (head,) = heading
    tournament = None
    if head.tournament_id is not None:
        money, currency = MoneyKind.TOURNAMENT, None
        tournament = Tournament(head.tournament_id, level=str(head.level))
        table = f"{head.tournament_id} {head.tournament_table}"
    else:
        # FPDB: a cash game is in dollars (Bovada's one currency).
        money, currency, table = MoneyKind.REAL, "USD", head.table or ""
    # Stud is fixed limit at Bovada (FPDB: no other stud); a tournament heading may print
    # its speed ("Turbo", "Normal") where the limit goes.
    limit = LIMITS.get((head.limit or "").lower(), LimitKind.FIXED)
    small = _small_bet(game, events)
    clock = f"{head.date} {head.time}"
    return HandHeader(
        site=SITE,
        hand_number=head.hand_number,
        game=game,
        limit=limit,
        stakes=stakes_of(limit, small, None if small is None else 2 * small, events),
        money=money,
        currency=currency,
        started_at_utc=clock_to_utc(clock.replace("-", "/"), "UTC" if head.utc else "ET"),
        site_time=f"{clock} UTC" if head.utc else clock,
        table=table,
        tournament=tournament,
        hero=marked_hero(HERO, events),
    )


# Bovada's $0.05/$0.10 stud brings in for $0.02 (the real 2012/05 file); its tournaments
# (5 for 10/20) and its $5/$10 (FPDB's 2014 file: $2.50) for half the small bet.
_SMALL_BET_OF_BRING_IN: Final = {Decimal("0.02"): Decimal("0.05")}


def _small_bet(game: Game, events: Sequence[Event]) -> Decimal | None:
    """The small bet, which no heading prints: a third-street completion (or a bet where
    nobody brought in), else half a big-bet street's bet, else a fourth-street bet (a
    double bet over an open pair if it is four bring-ins or more), else, in a hand nobody
    bets in, what Bovada's structures make of the bring-in."""
    big_streets = game.rules.big_bet_streets
    street, bring_in, fourth = None, None, None
    for event in events:
        if type(event) is StreetStart:
            street = event.street
        elif type(event) is Action and not event.all_in:
            kind, amount = event.kind, event.amount
            if kind is ActionKind.BRING_IN:
                bring_in = amount
            elif street is Street.THIRD and kind in (ActionKind.BET, ActionKind.COMPLETE):
                return amount if kind is ActionKind.BET else event.raise_to
            elif street in big_streets and kind is ActionKind.BET and amount is not None:
                return amount / 2
            elif street is Street.FOURTH and kind is ActionKind.BET and fourth is None:
                fourth = amount
    if fourth is not None:
        return fourth / 2 if bring_in is not None and fourth >= 4 * bring_in else fourth
    if bring_in is not None:
        return _SMALL_BET_OF_BRING_IN.get(bring_in, 2 * bring_in)
    return None


# ---------------------------------------------------------------------------- site habits


def _undo_habits(game: Game, seats: Sequence[Seat], records: list[object]) -> list[object]:
    """Bovada's records as the site-neutral assembly expects them."""
    records = _forced_all_ins(_streets_dealt(game, records))
    records = completions_from_raises(game, all_ins_resolved(game, records))
    return _summary_read(seats, records)


def _streets_dealt(game: Game, records: list[object]) -> list[object]:
    """Each street started where Bovada prints no line for it (2012/05-06): at the first
    card dealt after a bet or a check, or at a second card dealt to one player (all-in
    players are dealt street after street with no betting between)."""
    streets = game.rules.streets
    normalized: list[object] = []
    index, acted, dealt = -1, False, set[str]()
    for record in records:
        if isinstance(record, StreetStart):
            index, acted, dealt = streets.index(record.street), False, set()
        elif isinstance(record, DealtLine):
            player, line = record.player, record.line
            if index >= 0 and (acted or player in dealt):
                index += 1
                if index >= len(streets):
                    raise StructureError(line, f"more streets dealt than {game} has")
                normalized.append(StreetStart(streets[index], line=line))
                acted, dealt = False, set()
            dealt.add(player)
        elif isinstance(record, (Action, AllInLine)):
            acted = True
        normalized.append(record)
    return normalized


def _forced_all_ins(records: list[object]) -> list[object]:
    """The forced bets a short stack makes all-in: an "All-in" before the cards is an ante
    for all the player has (inferred, FPDB), one opening the first street its bring-in.
    Every other is a call, a bet or a raise (`hand_lines.all_ins_resolved`)."""
    if not any(type(record) is AllInLine for record in records):
        return records
    normalized: list[object] = []
    streets, opened = 0, False  # opened: anyone has put chips in on the street
    for record in records:
        if isinstance(record, StreetStart):
            streets, opened = streets + 1, False
        elif type(record) is AllInLine:
            amount = record.added if record.added is not None else record.total
            if streets == 0:
                record = Post(record.player, PostKind.ANTE, amount or ZERO, True, record.line)
            elif streets == 1 and not opened and amount:
                record = Action(
                    record.player, ActionKind.BRING_IN, amount, all_in=True, line=record.line
                )
            opened = True
        elif type(record) is Action and (record.amount is not None or record.raise_to is not None):
            opened = True
        normalized.append(record)
    return normalized


def _summary_read(seats: Sequence[Seat], records: list[object]) -> list[object]:
    """The summary in the events' terms: each seat line's player by his seat, a total pot
    with no rake said raked by what nobody collects, a prize joined to the ranking before
    it; each show the distinct cards printed. A summary that leaves out a player dealt in
    was cut short."""
    seat_of = {seat.player: seat.seat for seat in seats}
    by_number = {seat.seat: seat.player for seat in seats}
    normalized: list[object] = []
    collected = ZERO
    dealt_in: set[str] = set()
    listed: set[str] | None = None  # None: no summary (yet)
    for record in records:
        if isinstance(record, (Post, Action, DealtLine)):
            dealt_in.add(record.player)
        elif isinstance(record, Collect):
            collected += record.amount
        elif isinstance(record, SummaryStart):
            listed = set()
        elif isinstance(record, SummarySeatLine):
            record = _seat_summary(record, seat_of, by_number)
            if listed is not None:
                listed.add(record.player)
        elif isinstance(record, TotalPotLine):
            rake = record.total - collected if record.rake is None else record.rake
            record = PotTotals(record.total, rake, line=record.line)
        elif isinstance(record, Show):
            record = _distinct_cards(record)
        elif isinstance(record, PrizeLine):
            _join_prize(normalized, record)
            continue
        normalized.append(record)
    if listed is not None and dealt_in - listed:
        raise StructureError(
            max(getattr(r, "line", 0) for r in records),
            f"the summary lists {len(listed & dealt_in)} of the {len(dealt_in)} players dealt "
            "in (truncated)",
            truncated=True,
        )
    return normalized


def _distinct_cards(show: Show) -> Show:
    """ "Showdown [Ad Jh 7h 6d 4h Ad 2s 3s 4h 6d]" (hi/lo: the high five, the low five)."""
    if len(set(show.cards)) == len(show.cards):
        return show
    return Show(show.player, tuple(dict.fromkeys(show.cards)), show.description, line=show.line)


def _seat_summary(
    line: SummarySeatLine, seat_of: dict[str, int], by_number: dict[int, str]
) -> SeatSummary:
    """A summary seat line's player: named ("Seat+1:" where Seat+1 is seated), or found by
    his seat's number ("Seat 3:", and "Seat+2:" for the hero)."""
    player: str | None = line.who
    if player not in seat_of:
        number = _SEAT_NUMBER.search(line.who)
        player = by_number.get(int(number[0])) if number else None
        if player is None:
            raise StructureError(line.line, f"the summary's {line.who} is not seated")
    won = None
    if line.won is not None or line.won_low is not None:
        won = (line.won or ZERO) + (line.won_low or ZERO)
    return SeatSummary(
        seat_of[player],
        player,
        line.outcome,
        won=won,
        cards=line.cards,
        description=line.description,
        street=line.street,
        line=line.line,
    )


def _join_prize(normalized: list[object], prize: PrizeLine) -> None:
    """Inferred: "Ranking 2" then "Prize Cash [$61.20]" make one finish with its prize."""
    for index in range(len(normalized) - 1, -1, -1):
        finish = normalized[index]
        if isinstance(finish, TournamentFinish) and finish.player == prize.player:
            normalized[index] = replace(finish, prize=prize.prize)
            return
    normalized.append(TournamentFinish(prize.player, None, prize.prize, line=prize.line))


FORMAT = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=((HeaderLine, "the hand's 'Bovada Hand #...' line"),),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_undo_habits,
    summary_lists_every_seat=False,  # a seat sitting out is listed, not marked: see above
    hand_number_pattern=re.compile(r"Hand #(C?\d+)"),
    seat_line=re.compile(r"Seat\+\d+( {1,2}\[ME\])?: "),
)

parse_hand = FORMAT.read
"""Read one Bovada hand; raises `HandParseError` with the file, line and column."""

SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("bovada.lark",),
)
