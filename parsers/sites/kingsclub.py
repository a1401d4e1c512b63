"""KingsClub (Kings Club Poker and Bobby's Room, 2020-2021): the line grammar's
transformer and the hand it makes.

`grammars/kingsclub.lark` says what each line is; the transformer below adds to the rules
every site shares (`common_lines.CommonLines`) the ones only KingsClub has. What KingsClub
does its own way, undone here before the site-neutral assembly:

- a call names the player's total for the round, not what it adds ("Player2 bets 44 /
  Player3 raises to 77.16 / Player2 calls 121.16": 77.16 more), and a stud completion is
  a bet ("Hero brings in for 16.58 / Player0 bets 22");
- the streets: a stud hand's first round has no heading, the second is headed "*** 3RD
  STREET ***" and the last "*** 6TH STREET ***"; a draw game's "*** 1ST BETTING ROUND ***"
  stands before the blinds, and each round after a draw has two headings (the draw, then
  the betting), single draw sometimes none;
- the hero's draw is one line, "Hero discards [Ts Jh] draws [3c 6c]": a draw, then the
  deal of the cards drawn beside the cards kept;
- "Player1: posts blind 44" is a player coming into the game: the big blind, live, and
  the small blind, dead, on top (the summary's net for him is -77: ante 11, 44 and 22);
- a missed small blind posted dead on coming back has no line at all: the seat's net
  says it (`_missed_small_blinds`);
- a bet nobody calls is never mentioned again: it is returned where the betting stops
  (`hand_lines.uncalled_returned`), as the summary's nets have it;
- the summary lists every seat's stack and net ("Seat 2: Hero (681.96) +8.50", kept as
  "net" notes), the rake ("Rake 5"), then the pots won, which are put before it; the total
  pot is what they hand out plus the rake;
- a hand run twice (No Limit single draw, everyone all in before the draw) prints each
  run's draw and hand: "Hero discards [Th] draws [8c] [Qs]" and "Run 2: Player4 shows
  [...]" (2021/08), or, with no discard line, "Dealt to Hero: [6h Ks Ks]" and "Dealt to
  Player3: [X X X X X X]" (2021/03: each run's cards, then those thrown away). They become
  one draw per player with the later runs' cards beside it, and a show per run.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import field, replace
from decimal import Decimal
from functools import cache
from typing import Any, Final, TypeGuard

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, CommonLines, pot_after_rake, pot_label
from parsers.lines.hand_assembly import DealtLine, DrawLine, StructureError, dealt_hero
from parsers.lines.hand_lines import (
    LIMITS,
    HandFormat,
    count_street_put_in,
    dead_and_live_blinds,
    site_line_parser,
    stakes_of,
    uncalled_returned,
)
from parsers.lines.line_parser import LineParser, Text
from parsers.model.amounts import currency_symbol_of
from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
from parsers.model.events import (
    UNKNOWN_CARD,
    ZERO,
    Action,
    ActionKind,
    Card,
    Collect,
    Event,
    Game,
    HandHeader,
    MoneyKind,
    Note,
    Post,
    PostKind,
    Seat,
    Show,
    StreetStart,
    SummaryStart,
    Tournament,
    UncalledReturn,
)
from parsers.model.games import DRAW_STREETS, Street
from parsers.model.immutable import immutable
from parsers.sites.site_format import SiteFormat
from parsers.text.site_time import clock_to_utc

SITE: Final = "kingsclub"
NAME: Final = "Kings Club"  # as players know it: every screen and message
# Inferred: no real KingsClub hand shows a fixed-limit raise after a short all-in raise, a
# split pot with an odd chip, or a capped multiway round; the defaults stand until one does.
# The first raise over a stud completion adds the bring-in: "Player2 bets 44 / Player3
# raises to 77.16" (bring-in 33.16), "Player3 bets 225, and is all in / Player4 raises to
# 625" (500/1,000, bring-in 125). Every real stud hand with such a raise says so.
# Odd chips: no real hand leaves one (the Badacey split, 336, and the runs of 2,528
# halve evenly); any sharing within a chip is accepted, with an `odd_chip` warning.
# The summary prints no total pot: the money is checked as what the players collect
# (each seat's net, `_summary_read`) and the rake against the bets.
CONVENTIONS = SiteConventions(
    raise_over_completion_adds_bring_in=True,
    odd_chip_half=OddChipHalf.UNKNOWN,
    odd_chip=OddChip.UNKNOWN,
    total_pot_printed=False,
)

HAND_START = re.compile(r"^#\d+: (?:No Limit|Pot Limit|Limit) ", re.MULTILINE)

# The site's game names, lowercased; the others (Holdem, Omaha, 2-7 Drawmaha...) are flop
# games, skipped.
GAMES: dict[str, Game] = {
    "seven card stud": Game.SEVEN_STUD,
    "seven card stud hi-lo": Game.SEVEN_STUD_HILO,
    "razz": Game.RAZZ,
    "2-7 razz": Game.RAZZ_27,
    "2-7 triple draw": Game.TRIPLE_DRAW_27,
    "2-7 single draw": Game.SINGLE_DRAW_27,
    "a-5 triple draw": Game.TRIPLE_DRAW_A5,
    "a-5 single draw": Game.SINGLE_DRAW_A5,
    "badacey": Game.BADACEY,
    "badeucey": Game.BADEUCEY,  # inferred: FPDB's game table and regression file
    "badugi": Game.BADUGI,  # inferred: idem
    "5 card draw": Game.FIVE_DRAW,  # inferred: FPDB's game table
}

CLOCK_ZONE: Final = "ET"  # FPDB: "just assume ET"; the histories print no zone

_DRAW_HEADINGS: Final = {
    "1ST DRAW": Street.DRAW_1,
    "2ND DRAW": Street.DRAW_2,
    "3RD DRAW": Street.DRAW_3,
}
_STUD_STREETS: Final = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
_TOURNAMENT_TABLE: Final = re.compile(r"T(?P<id>\d+) \[(?P<table>\d+)\]")

CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "POST_KIND": {
        "ante": PostKind.ANTE,
        "the small blind": PostKind.SMALL_BLIND,
        "the big blind": PostKind.BIG_BLIND,
        "blind": PostKind.SMALL_AND_BIG_BLINDS,  # the big blind's amount: see `_blinds_read`
    }.__getitem__,
    "SIDE_POT": pot_label,
}


# ---------------------------------------------------------------------------- line records


@immutable
class HeaderLine:
    """ "#40201390: Limit Badacey - 22/44": the number, game and stakes."""

    hand_number: str
    limit: str
    game: str
    low: Decimal
    high: Decimal
    stakes_as_printed: str  # for its currency sign, if any
    line: int = field(default=0, compare=False)


@immutable
class DateLine:
    """ "2021-01-02 15:42:06", the site's clock, no zone."""

    clock: str
    line: int = field(default=0, compare=False)


@immutable
class TableLine:
    table: str
    max_seats: int | None
    play_money: bool
    button_seat: int | None
    line: int = field(default=0, compare=False)


@immutable
class CallToLine:
    """ "Player0 calls 38.58": the round's total once called, not what the call adds."""

    player: str
    total: Decimal
    all_in: bool = False
    line: int = field(default=0, compare=False)


@immutable
class DiscardDrawLine:
    """ "Hero discards [Ts Jh] draws [3c 6c]"; run twice, a bracket of cards per run."""

    player: str
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    second_run: tuple[Card, ...] | None = None
    line: int = field(default=0, compare=False)


@immutable
class HeadingLine:
    """ "*** 3RD STREET ***", "*** 1ST DRAW ***", "*** 2ND BETTING ROUND ***": placed as
    streets by `_streets_placed`."""

    heading: str
    line: int = field(default=0, compare=False)


@immutable
class HiddenDealtLine:
    """ "Dealt to Player0: [X X X X X]": cards nobody has seen, counted."""

    player: str
    count: int
    line: int = field(default=0, compare=False)


@immutable
class SeatNetLine:
    """ "Seat 2: Hero (681.96) +8.50": the stack after the hand and the net, as printed."""

    seat: int
    player: str
    stack: Decimal
    net: str
    line: int = field(default=0, compare=False)


@immutable
class RakeLine:
    rake: Decimal
    line: int = field(default=0, compare=False)


@v_args(inline=True)
class KingsClubLines(CommonLines):
    """KingsClub's own rules (the shared ones are `CommonLines'`), terminals unconverted."""

    def header(self, number, limit, game, low, high):
        return HeaderLine, {
            "hand_number": number,
            "limit": limit,
            "game": game,
            "low": low,
            "high": high,
            "stakes_as_printed": Text(low),
        }

    def date(self, clock):
        return DateLine, {"clock": clock}

    def table(self, _id, name, max_seats, play_money, button):
        return TableLine, {
            "table": name,
            "max_seats": max_seats,
            "play_money": play_money is not None,
            "button_seat": button,
        }

    def seat(self, number, player, stack):
        return super().seat(number, player, stack, None)

    def fold(self, player, _disconnect):
        return super().fold(player)

    def check(self, player, _disconnect):
        return super().check(player)

    def call_to(self, player, total, all_in):
        return CallToLine, {"player": player, "total": total, "all_in": all_in is not None}

    def bring_in(self, player, _words, amount, all_in):
        return super().bring_in(player, amount, all_in)

    def deal_hidden(self, player, hidden, new_cards):
        if new_cards is not None:  # inferred: "[X X X] [4d]", a stud deal of an up card
            return super().deal(player, (), new_cards)
        return HiddenDealtLine, {"player": player, "count": hidden.count("X")}

    def discard_draw(self, player, discarded, drawn, second_run):
        return DiscardDrawLine, {
            "player": player,
            "discarded": discarded,
            "drawn": drawn,
            "second_run": second_run,
        }

    def draw_count(self, player, count):
        return DrawLine, {"player": player, "discard_count": count}

    def stand_pat(self, player):
        return DrawLine, {"player": player, "discard_count": 0}

    def street(self, heading):
        return HeadingLine, {"heading": heading}

    def betting_round(self, heading):
        return HeadingLine, {"heading": heading}

    def show(self, player, cards):
        return super().show(player, cards, None)

    def run_show(self, run, player, cards):
        return Show, {"player": player, "cards": cards, "run": run}

    def collect_pot(self, player, amount):
        return Collect, {"player": player, "amount": amount, "pot": "pot"}

    def collect_side(self, player, pot, amount):
        return Collect, {"player": player, "amount": amount, "pot": pot}

    def seat_net(self, number, player, stack, net):
        return SeatNetLine, {"seat": number, "player": player, "stack": stack, "net": Text(net)}

    def rake(self, amount):
        return RakeLine, {"rake": amount}


@cache
def line_parser() -> LineParser:
    """The KingsClub line parser (built once per process)."""
    return site_line_parser("kingsclub.lark", KingsClubLines(), CONVERTERS)


# ---------------------------------------------------------------------------- the header


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    header, date, table = heading
    limit = LIMITS[header.limit.lower()]
    tournament = _TOURNAMENT_TABLE.fullmatch(table.table)
    if tournament is not None:
        money, currency = MoneyKind.TOURNAMENT, None
    elif table.play_money:
        money, currency = MoneyKind.PLAY, None
    else:
        # Inferred: FPDB books every cash game in dollars; a sign, if one is printed, says.
        money, currency = MoneyKind.REAL, currency_symbol_of(header.stakes_as_printed) or "USD"
    day, clock = date.clock.split(maxsplit=1)
    return HandHeader(
        site=SITE,
        hand_number=header.hand_number,
        game=game,
        limit=limit,
        stakes=stakes_of(limit, header.low, header.high, events),
        money=money,
        currency=currency,
        started_at_utc=clock_to_utc(f"{day.replace('-', '/')} {clock.strip()}", CLOCK_ZONE),
        site_time=date.clock,
        table=tournament["table"] if tournament else table.table,
        max_seats=table.max_seats,
        button_seat=table.button_seat,
        tournament=Tournament(tournament["id"]) if tournament else None,
        hero=dealt_hero(events),
    )


# ---------------------------------------------------------------------------- site habits


def _undo_habits(game: Game, seats: Sequence[Seat], records: list[object]) -> list[object]:
    """KingsClub's records as the site-neutral assembly expects them."""
    records = _streets_placed(game, records)
    records = _draws_dealt(records)
    records = _money_read(game, records)
    records = _summary_read(seats, records)
    records = dead_and_live_blinds(uncalled_returned(records, _after_betting))
    return _missed_small_blinds(records)


def _after_betting(record: object) -> bool:
    """A show, a pot won or the summary: the betting is over."""
    return isinstance(record, (Show, Collect, SummaryStart))


def _opens_play(record: object) -> bool:
    """The first line of the first round: a deal, or an action where no deal is printed."""
    return isinstance(
        record, DealtLine | HiddenDealtLine | Action | CallToLine | DrawLine | DiscardDrawLine
    )


def _streets_placed(game: Game, records: list[object]) -> list[object]:
    """The headings as streets: the first round opened before its first deal (a stud
    hand's has no heading, a draw game's stands before the blinds), the draws opening
    theirs, the betting-round headings dropped. Stud headings name the street after the
    one they open ("*** 3RD STREET ***" opens the fourth), unless the first round has a
    heading of its own (inferred: FPDB reads that form too)."""
    placed: list[object] = []
    opened = False
    shift = 0  # stud: what to add to a heading's number
    for record in records:
        if isinstance(record, HeadingLine):
            street = _DRAW_HEADINGS.get(record.heading)
            if record.heading.endswith(" STREET"):
                number = int(record.heading[0]) + (shift if opened else 0)
                if not 3 <= number <= 7:
                    raise StructureError(
                        record.line, f"'*** {record.heading} ***' after a seventh street"
                    )
                street = _STUD_STREETS[number - 3]
            if street is not None:
                opened = True
                placed.append(StreetStart(street, line=record.line))
            continue  # "*** 2ND BETTING ROUND ***": the round its draw opened
        if not opened and _opens_play(record):
            opened, shift = True, 1
            first_line = getattr(record, "line", 0)
            placed.append(StreetStart(game.rules.streets[0], line=first_line))
        placed.append(record)
    return placed


def _draws_dealt(records: list[object]) -> list[object]:
    """Each draw as a draw and the deal that follows it: "Hero discards [Ts Jh] draws [3c
    6c]" deals the cards kept (the hand dealt less the discards) beside the cards drawn. A
    deal on a draw street with no draw before it is a draw run twice (2021/03)."""
    held: dict[str, tuple[Card, ...]] = {}
    drew: set[str] = set()  # who has drawn on this street
    on_draw_street = False
    dealt: list[object] = []
    for record in records:
        if isinstance(record, StreetStart):
            on_draw_street = record.street in DRAW_STREETS
            drew.clear()
        elif isinstance(record, DrawLine):
            drew.add(record.player)
        elif (
            on_draw_street
            and (isinstance(record, HiddenDealtLine) or _one_bracket(record))
            and record.player not in drew
        ):
            record = _run_twice_draw(record, held.get(record.player))
        if isinstance(record, DiscardDrawLine):
            player, discarded, drawn = record.player, record.discarded, record.drawn
            drew.add(player)
            others = () if record.second_run is None else (record.second_run,)
            dealt.append(
                DrawLine(player, len(discarded), discarded, other_runs=others, line=record.line)
            )
            hand = held.get(player)
            if hand is None:
                dealt.append(DealtLine(player, drawn, line=record.line))
                continue
            kept = tuple(card for card in hand if card not in discarded)
            held[player] = kept + drawn
            dealt.append(DealtLine(player, kept, drawn, line=record.line))
            continue
        if isinstance(record, HiddenDealtLine):
            record = Note("dealt_hidden", "", record.player, line=record.line)
        elif _one_bracket(record):
            held[record.player] = record.cards
        dealt.append(record)
    return dealt


def _one_bracket(record: object) -> TypeGuard[DealtLine]:
    """ "Dealt to Hero: [...]", the whole hand in one bracket."""
    return isinstance(record, DealtLine) and record.new_cards is None


def _run_twice_draw(
    record: DealtLine | HiddenDealtLine, hand: tuple[Card, ...] | None
) -> DiscardDrawLine | DrawLine:
    """ "Dealt to Hero: [6h Ks Ks]", "Dealt to Player3: [X X X X X X]": a draw run twice,
    as KingsClub printed it in 2021/03, the cards of the first run, of the second, then
    those thrown away. Inferred from its one real hand (#3857875): the hero throws the
    Ks, shows the 6h in its place, and each pot is split between him and a hand his
    shown one beats; the opponent is dealt six hidden cards, two a run and two thrown."""
    count = record.count if isinstance(record, HiddenDealtLine) else len(record.cards)
    drawn, odd = divmod(count, 3)
    if odd or not drawn:
        raise StructureError(
            record.line,
            f"{count} cards dealt to {record.player} on a draw with no discard: not a draw "
            "run twice (each run's cards, then the discards)",
        )
    if isinstance(record, HiddenDealtLine):
        unknown = (UNKNOWN_CARD,) * drawn
        return DrawLine(record.player, drawn, other_runs=(unknown,), line=record.line)
    first, second, discarded = (
        record.cards[index * drawn : (index + 1) * drawn] for index in range(3)
    )
    if hand is not None and any(card not in hand for card in discarded):
        raise StructureError(
            record.line,
            f"{record.player} throws {' '.join(discarded)} in a draw run twice, cards he "
            "was not dealt",
        )
    return DiscardDrawLine(record.player, discarded, first, second, line=record.line)


def _money_read(game: Game, records: list[object]) -> list[object]:
    """Calls made the chips they add (the line names the round's total), a stud
    completion made one (the line says "bets"), and both blinds posted at once made what
    they cost: the big blind named, live, and the small blind, dead."""
    small_blind = next(
        (r.amount for r in records if isinstance(r, Post) and r.kind is PostKind.SMALL_BLIND),
        None,
    )
    read: list[object] = []
    put_in: dict[str, Decimal] = {}  # on the round so far
    streets = 0
    opened = False  # stud's first round: a completion (or a bet) made
    for record in records:
        if isinstance(record, StreetStart):
            streets += 1
            if streets > 1:  # the blinds, posted before the first round opens, are in it
                put_in.clear()
        elif isinstance(record, Post) and record.kind is PostKind.SMALL_AND_BIG_BLINDS:
            put_in[record.player] = put_in.get(record.player, ZERO) + record.amount
            dead = small_blind if small_blind is not None else record.amount / 2
            # posted as two, the big blind live, until the bets nobody called are returned
            # (`uncalled_returned` counts the big blind), then merged back into one
            read.append(Post(record.player, PostKind.DEAD_BLIND, dead, line=record.line))
            read.append(replace(record, kind=PostKind.BIG_BLIND))
            continue
        elif isinstance(record, CallToLine):
            added = record.total - put_in.get(record.player, ZERO)
            record = Action(
                record.player, ActionKind.CALL, added, all_in=record.all_in, line=record.line
            )
        elif isinstance(record, Action) and game.is_stud and streets == 1 and not opened:
            if record.kind is ActionKind.BET:
                record = Action(
                    record.player,
                    ActionKind.COMPLETE,
                    raise_to=record.amount,
                    all_in=record.all_in,
                    line=record.line,
                )
            opened = record.kind in (ActionKind.COMPLETE, ActionKind.RAISE)
        count_street_put_in(record, put_in)
        read.append(record)
    return read


def _summary_read(seats: Sequence[Seat], records: list[object]) -> list[object]:
    """The pots won, printed after the summary's seats, put before the summary; the seats'
    nets kept as notes (the engine settles from them a pot no line names: "Player4 wins
    (2,200) from side pot 1" alone, the main pot's winner known by his net); the total
    pot made from the pots won and the rake (a total the site does not print:
    `CONVENTIONS.total_pot_printed`)."""
    start = next((i for i, r in enumerate(records) if isinstance(r, SummaryStart)), None)
    body = records if start is None else records[:start]
    misplaced = next((r for r in body if isinstance(r, (SeatNetLine, RakeLine))), None)
    if misplaced is not None:
        raise StructureError(misplaced.line, "a summary line before '*** SUMMARY ***'")
    if start is None:
        return records  # the assembly says the hand stops before its summary
    summary = records[start:]
    won = [r for r in summary if isinstance(r, Collect)]
    nets = [r for r in summary if isinstance(r, SeatNetLine)]
    last_line = getattr(records[-1], "line", 0)
    if len(nets) < len(seats) or not won:
        missing = "its pots won" if len(nets) == len(seats) else "every seat's net"
        raise StructureError(last_line, f"the hand stops before {missing} (truncated)", True)
    rake = sum((r.rake for r in summary if isinstance(r, RakeLine)), ZERO)
    collected = sum((r.amount for r in won), ZERO)
    kept = [
        Note("net", r.net, r.player, line=r.line) if isinstance(r, SeatNetLine) else r
        for r in summary
        if not isinstance(r, (Collect, RakeLine))
    ]
    return [*body, *won, *kept, pot_after_rake(collected, rake, line=last_line)]


def _missed_small_blinds(records: list[object]) -> list[object]:
    """A missed small blind, posted dead on coming back and printed nowhere: the seat's
    net says it. Real (FPDB's regression file NL-2-7-SD-USD-125-250-202103.missed.sb.txt,
    No Limit 2-7 Single Draw 125/250, hand #3516416): "Player0 raises to 500" and all
    fold, 250 of it returned, yet "Seat 1: Player0 (10,875) +875" from "Player0 wins pot
    (1,350)": he put in 475, his ante, 250 and 125 more, the small blind. A seat whose net
    says it put in exactly one small blind more than its lines is given that blind, dead,
    after the forced bets; any other gap is left for the engine to find."""
    small_blind = next(
        (r.amount for r in records if type(r) is Post and r.kind is PostKind.SMALL_BLIND), None
    )
    nets = [r for r in records if type(r) is Note and r.kind == "net" and r.player is not None]
    if small_blind is None or not nets:
        return records
    lines_put_in = _put_in_by_lines(records, small_blind)
    collected: dict[str, Decimal] = {}
    for record in records:
        if type(record) is Collect:
            collected[record.player] = collected.get(record.player, ZERO) + record.amount
    dead: list[object] = []
    for note in nets:
        player = note.player
        assert player is not None
        paid = collected.get(player, ZERO) - Decimal(note.text.replace(",", ""))
        if paid - lines_put_in.get(player, ZERO) == small_blind:
            dead.append(Post(player, PostKind.DEAD_BLIND, small_blind, line=note.line))
    if not dead:
        return records
    first_street = next((i for i, r in enumerate(records) if type(r) is StreetStart), len(records))
    forced = [i for i, r in enumerate(records[:first_street]) if type(r) is Post]
    at = forced[-1] + 1 if forced else first_street
    return [*records[:at], *dead, *records[at:]]


def _put_in_by_lines(records: list[object], small_blind: Decimal) -> dict[str, Decimal]:
    """What each player's lines put in the pot, returns taken off: antes, blinds (both at
    once: the small dead, the big live), the rounds' bets."""
    total: dict[str, Decimal] = {}
    street: dict[str, Decimal] = {}  # on the round so far (the blinds: the first's)
    streets = 0
    for record in records:
        if type(record) is StreetStart:
            streets += 1
            if streets > 1:
                for player, amount in street.items():
                    total[player] = total.get(player, ZERO) + amount
                street = {}
        elif type(record) is Post:
            if record.kind is PostKind.SMALL_AND_BIG_BLINDS:
                dead = min(small_blind, record.amount)
                total[record.player] = total.get(record.player, ZERO) + dead
                street[record.player] = street.get(record.player, ZERO) + record.amount - dead
            elif record.kind in (PostKind.ANTE, PostKind.DEAD_BLIND):
                total[record.player] = total.get(record.player, ZERO) + record.amount
            else:
                count_street_put_in(record, street)
        elif type(record) is Action:
            count_street_put_in(record, street)
        elif type(record) is UncalledReturn:
            total[record.player] = total.get(record.player, ZERO) - record.amount
    for player, amount in street.items():
        total[player] = total.get(player, ZERO) + amount
    return total


FORMAT = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=(
        (HeaderLine, "the hand's '#<number>: <limit> <game> - <stakes>' line"),
        (DateLine, "the date and time line"),
        (TableLine, "the 'Table ...' line"),
    ),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_undo_habits,
    summary_lists_every_seat=False,  # it does, with nets: `_summary_read` checks them
    hand_number_pattern=re.compile(r"^#(\d+):"),
    cancelled=re.compile(r"Hand cancelled"),  # inferred: FPDB's re_Cancelled
    read_into=((RakeLine, "the pot totals"),),
    # "*** 2ND BETTING ROUND ***": the round its draw's heading opened (the headings that
    # open a street are its `StreetStart`)
    carries_nothing=((HeadingLine, "betting round heading"),),
)

parse_hand = FORMAT.read
"""Read one KingsClub hand; raises `HandParseError` with the file, line and column."""

SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("kingsclub.lark",),
)
