"""OnGame (and its skins: Goalwin, Betfair, bwin): the line grammar's transformer and the
hand it makes.

`grammars/ongame.lark` says what each line is; the transformer below adds to the rules
every site shares (`common_lines.CommonLines`) the ones only OnGame has. What OnGame does
its own way:

- a raise names what it adds, then a total that is the whole hand's on a later stud
  street ("raises $1 to $1.37", 0.37 being third and fourth street's): what it adds is
  read, the round's total worked out in the hand's order (`raises_to_street_totals`);
- a bet nobody calls, and the part of a big blind nobody matched, go back to their
  maker without a line: the return is written in where the betting ends
  (`uncalled_returned`);
- a draw game's draw has no line of its own: its first "changed" line starts it. The
  hero's hand after the draw is printed whole ("New hand for Hero: [8h, 9h, 6s, Ah,
  Jh]"), the cards kept in place: the cards drawn are those not held before. The Goalwin
  skin (2011) prints no "Hero changed" line at all: the new hand says how many;
- a hand may come without its street lines ("Dealing pocket cards", "---", "Dealing
  4th street"): the streets are then found from the deals (`_streets_from_deals`);
- a dead small blind follows the big blind ("posts big blind ($0.05) / posts dead blind
  ($0.02)");
- the bring-in may be a full bet ("Hero big bring in $1"): a completion;
- there is no showdown section: the summary prints each pot before rake with its winners
  ("Main pot: $0.22 won by x Diabolo666 ($0.21) / Rake taken: $0.01"), and the cards
  shown on the seat lines ("Seat 10: Hero ($0.90), net: -$0.10, [8h, ...] (HIGH_CARD
  ACE)"). The shows and the pots won are put before the summary, as every site has them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import field, replace
from decimal import Decimal
from functools import cache
from typing import Any, Final

from lark import v_args

from parsers.lines.common_lines import PIECE_CONVERTERS, CommonLines, note, pot_label
from parsers.lines.hand_assembly import DealtLine, DrawLine, StructureError, marked_hero
from parsers.lines.hand_lines import (
    AddedRaiseLine,
    HandFormat,
    dead_and_live_blinds,
    raises_to_street_totals,
    site_line_parser,
    stakes_of,
    uncalled_returned,
)
from parsers.lines.line_parser import Ignored, LineParser, Text
from parsers.model.amounts import currency_symbol_of, parse_amount
from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
from parsers.model.events import (
    ZERO,
    Action,
    ActionKind,
    Card,
    Collect,
    Event,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Post,
    PostKind,
    PotTotals,
    Seat,
    SeatSummary,
    Show,
    Stakes,
    StreetStart,
    SummaryStart,
    Tournament,
)
from parsers.model.games import Street
from parsers.model.immutable import immutable
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites.site_format import SiteFormat
from parsers.text.hand_texts import HandText
from parsers.text.site_time import clock_to_utc

SITE: Final = "ongame"
NAME: Final = "OnGame"  # as players know it: every screen and message

# The summary prints each pot before rake: "Main pot: $0.22 won by x Diabolo666 ($0.21) /
# Rake taken: $0.01". Inferred: no real OnGame hand shows a fixed-limit raise after a short
# all-in raise, nor a capped round; the defaults stand until one does.
# Odd chips: no real OnGame hand splits a pot with a chip left over; any sharing within a
# chip of the exact one is accepted, with an `odd_chip` warning naming who took it.
CONVENTIONS = SiteConventions(
    pots_printed_net_of_rake=False,
    odd_chip_half=OddChipHalf.UNKNOWN,
    odd_chip=OddChip.UNKNOWN,
)

HAND_START = re.compile(r"^\ufeff?\*{5} History for hand [A-Z\d]+-", re.MULTILINE)

GAMES: dict[str, Game] = {
    "seven_card_stud": Game.SEVEN_STUD,
    "seven_card_stud_hi_lo": Game.SEVEN_STUD_HILO,
    "razz": Game.RAZZ,  # inferred: FPDB's game table
    "five_card_draw": Game.FIVE_DRAW,
}

LIMITS: Final[dict[str, LimitKind]] = {
    "LIMIT": LimitKind.FIXED,
    "Limit": LimitKind.FIXED,
    "POT_LIMIT": LimitKind.POT,
    "Pot Limit": LimitKind.POT,
    "NO_LIMIT": LimitKind.NO,
}

MONEY: Final[dict[str, MoneyKind]] = {
    "Real money": MoneyKind.REAL,
    "Play money": MoneyKind.PLAY,
    "TC": MoneyKind.TOURNAMENT,
    "Chips": MoneyKind.TOURNAMENT,
}

STREETS: dict[str, Street] = {  # the words after "Dealing "
    "pocket cards": Street.PREDRAW,  # a stud game's first street: see `_whole`
    "4th street": Street.FOURTH,
    "5th street": Street.FIFTH,
    "6th street": Street.SIXTH,
    "river": Street.SEVENTH,
}

BLINDS: dict[str, PostKind] = {
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "dead blind": PostKind.DEAD_BLIND,
    "small & big blind": PostKind.SMALL_AND_BIG_BLINDS,
}

MONTHS: Final = {
    name: number
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
        start=1,
    )
}


def _capital_card(text: str) -> Card:
    """ "KC" -> "Kc"."""
    return text[0] + text[1].lower()


CONVERTERS: Final = {
    **PIECE_CONVERTERS,
    "STREET_MARK": lambda text: STREETS[text.removeprefix("Dealing ")],
    "BLIND": BLINDS.__getitem__,
    "CAPITAL_CARD": _capital_card,
    "POT_NAME": pot_label,
    "TOURNAMENT_NAME": lambda text: text.strip('"'),
}


# ---------------------------------------------------------------------------- line records


@immutable
class HistoryLine:
    """ "***** History for hand R5-81962116-232 *****", and a tournament's id and buy-in."""

    hand_number: str
    tournament: bool = False
    tournament_name: str | None = None
    tournament_id: str | None = None
    buy_in: str | None = None  # as printed, sign included
    line: int = field(default=0, compare=False)


@immutable
class StartLine:
    """ "Start hand: Mon Sep 13 00:21:02 GMT+0100 2010"."""

    date: str
    line: int = field(default=0, compare=False)


@immutable
class TableLine:
    """ "Table: Suez [81962116] (LIMIT FIVE_CARD_DRAW $0.05/$0.10, Real money)"."""

    table: str
    game: str
    limit: str
    low: str  # the stakes as printed, sign included
    high: str
    ante: str | None
    money: str
    line: int = field(default=0, compare=False)


@immutable
class UserLine:
    """ "User: Hero": whose history it is."""

    user: str
    line: int = field(default=0, compare=False)


@immutable
class ButtonLine:
    button_seat: int
    line: int = field(default=0, compare=False)


@immutable
class PlayersLine:
    """ "Players in round: 2 (5)": those dealt in, and (not always) the table's seats."""

    count: int
    max_seats: int | None = None
    line: int = field(default=0, compare=False)


@immutable
class NewHandLine:
    """ "New hand for Hero: [8h, 9h, 6s, Ah, Jh]": the hand after the draw, whole."""

    player: str
    cards: tuple[Card, ...]
    line: int = field(default=0, compare=False)


@immutable
class PotLine:
    """ "Main pot: $0.22 won by x Diabolo666 ($0.21)": the pot before rake, the first
    winner's share, and the other winners as printed (", sagi34 ($1.36)"), read once the
    seated names are known (`_winners`)."""

    pot: str
    amount: Decimal
    player: str
    won: Decimal
    others: str | None = None
    line: int = field(default=0, compare=False)


@immutable
class RakeLine:
    rake: Decimal
    line: int = field(default=0, compare=False)


@immutable
class SeatEndLine:
    """A summary seat line: "Seat 10: Hero ($0.90), net: -$0.10, [8h, ...] (HIGH_CARD
    ACE)"; no net for a player who put nothing in."""

    seat: int
    player: str
    put_in: bool
    cards: tuple[Card, ...] | None = None
    description: str | None = None
    line: int = field(default=0, compare=False)


@immutable
class Separator:
    """ "---"."""

    line: int = field(default=0, compare=False)


@immutable
class EndLine:
    """ "***** End of hand R5-81962116-232 *****": the hand is whole."""

    hand_number: str
    line: int = field(default=0, compare=False)


# ---------------------------------------------------------------------------- transformer


@v_args(inline=True)
class OnGameLines(CommonLines):
    """OnGame's own rules (the shared ones are `CommonLines'`), terminals unconverted."""

    def history(self, number, tournament):
        return HistoryLine, {"hand_number": number, **(tournament or {})}

    def tournament(self, name, tournament_id, buy_in):
        return {
            "tournament": True,
            "tournament_name": name,
            "tournament_id": tournament_id,
            "buy_in": Text(buy_in) if buy_in is not None else None,
        }

    def start(self, date):
        return StartLine, {"date": date}

    def table(self, _speed, name, number, limit, game, low, high, ante, money):
        return TableLine, {
            "table": name,
            "_number": Ignored(number),  # the table's id, in the hand number too
            "game": game,
            "limit": limit,
            "low": Text(low),
            "high": Text(high),
            "ante": Text(ante) if ante is not None else None,
            "money": money,
        }

    def user(self, name):
        return UserLine, {"user": name}

    def button(self, seat):
        return ButtonLine, {"button_seat": seat}

    def players(self, count, max_seats):
        return PlayersLine, {"count": count, "max_seats": max_seats}

    def seat(self, number, player, stack):
        return super().seat(number, player, stack, None)

    def blind(self, player, kind, amount, all_in):
        return super().post(player, kind, amount, all_in)

    def ante(self, player, amount, all_in):
        return super().post(player, PostKind.ANTE, amount, all_in)

    def raise_adding(self, player, added, total, all_in):
        """ "raises $1 to $1.37": the total may be the hand's, not the round's (see the
        module's docstring); what the raise adds is read."""
        return AddedRaiseLine, {
            "player": player,
            "added": added,
            "_total": Ignored(total),
            "all_in": all_in is not None,
        }

    def draw(self, player, count):
        return super().discard(player, count, None)

    def deal(self, player, cards):
        return super().deal(player, cards, None)

    def new_hand(self, player, cards):
        return NewHandLine, {"player": player, "cards": cards}

    def cards(self, *cards):
        return tuple(card for card in cards if card.type != "HIDDEN")

    def show(self, player, *cards):
        return Show, {"player": player, "cards": tuple(cards)}

    def separator(self):
        return Separator, {}

    def pot(self, pot, amount, player, won, _half, others):
        return PotLine, {
            "pot": pot,
            "amount": amount,
            "player": player,
            "won": won,
            "others": Text(others) if others is not None else None,
        }

    def rake(self, amount):
        return RakeLine, {"rake": amount}

    def seat_summary(self, number, player, stack, net, cards, description):
        return SeatEndLine, {
            "seat": number,
            "player": player,
            "put_in": net is not None,
            "cards": cards,
            "description": Text(description) if description is not None else None,
            "_stack": Ignored(stack),  # the stack after the hand, and the net: the replay's
            **({"_net": Ignored(net)} if net is not None else {}),  # to work out
        }

    def sits_out(self, player):
        return note("sits_out", player)

    def end(self, number):
        return EndLine, {"hand_number": number}


@cache
def line_parser() -> LineParser:
    """The OnGame line parser (built once per process)."""
    return site_line_parser("ongame.lark", OnGameLines(), CONVERTERS)


# ---------------------------------------------------------------------------- the header


def _utc_of(date: str) -> tuple[Any, str]:
    """ "Mon Sep 13 00:21:02 GMT+0100 2010" -> (its UTC time, the site's clock as
    printed)."""
    _weekday, month, day, clock, zone, year = date.split(" ")
    return clock_to_utc(f"{year}/{MONTHS[month]}/{day} {clock}", zone), date


def _hand_header(heading: tuple[Any, ...], game: Game, events: tuple[Event, ...]) -> HandHeader:
    history, start, table, user, *rest = heading  # user: "User: Hero", whose history it is
    button = next((r.button_seat for r in rest if isinstance(r, ButtonLine)), None)
    players = next(r for r in rest if isinstance(r, PlayersLine))
    limit = LIMITS[table.limit]
    low, high = parse_amount(table.low), parse_amount(table.high)
    ante = parse_amount(table.ante) if table.ante else None
    started_at_utc, site_time = _utc_of(start.date)
    return HandHeader(
        site=SITE,
        hand_number=history.hand_number,
        game=game,
        limit=limit,
        stakes=_with_dead_small_blind(stakes_of(limit, low, high, events, ante), events),
        money=MONEY[table.money],
        currency=currency_symbol_of(table.low),
        started_at_utc=started_at_utc,
        site_time=site_time,
        table=table.table,
        max_seats=players.max_seats,
        button_seat=button,
        tournament=_tournament(history),
        hero=marked_hero(user.user, events),
    )


def _tournament(history: HistoryLine) -> Tournament | None:
    if not history.tournament:
        return None
    if history.tournament_id is None:  # "(TOURNAMENT: )": FPDB keeps such hands out too
        raise StructureError(history.line, "the tournament line names no tournament")
    buy_in = history.buy_in
    return Tournament(
        tournament_id=history.tournament_id,
        buy_in=parse_amount(buy_in) if buy_in else None,
        currency=currency_symbol_of(buy_in) if buy_in else None,
    )


def _with_dead_small_blind(stakes: Stakes, events: Sequence[Event]) -> Stakes:
    """A hand whose small blind is only posted dead, with the big blind ("Hero posts big
    blind ($0.10) / Hero posts dead blind ($0.05)", no small blind posted): the small
    blind is that dead part, which the engine needs to tell it from the live."""
    if stakes.small_blind is not None:
        return stakes
    both = next(
        (e for e in events if type(e) is Post and e.kind is PostKind.SMALL_AND_BIG_BLINDS), None
    )
    big_blind = stakes.big_blind or stakes.small_bet
    if both is None or big_blind is None or both.amount <= big_blind:
        return stakes
    return replace(stakes, small_blind=both.amount - big_blind)


# ---------------------------------------------------------------------------- the body


def _undo_habits(game: Game, seats: Sequence[Seat], records: list[object]) -> list[object]:
    """OnGame's records as the site-neutral assembly expects them (see the module's
    docstring). The raises and the returns are worked out before the dead blinds join
    the big ones: neither counts toward what a player has in the round. Each rare habit
    is undone only in the hands that show it: parsing speed is spent per line."""
    records = _whole(game, records)
    kinds = set(map(type, records))
    if NewHandLine in kinds and game.is_stud:
        line = next(r.line for r in records if type(r) is NewHandLine)
        raise StructureError(line, f"a 'New hand for' line in a {game} hand")
    if DrawLine in kinds or NewHandLine in kinds:
        records = _draws(records)
    records = _summary_in_order([seat.player for seat in seats], records)
    if AddedRaiseLine in kinds:
        records = raises_to_street_totals(records)
    records = uncalled_returned(records, _ends_betting)
    dead = any(type(r) is Post and r.kind is PostKind.DEAD_BLIND for r in records)
    return dead_and_live_blinds(records) if dead else records


def _whole(game: Game, records: list[object]) -> list[object]:
    """The records without the separators and the end line, which must be the last;
    "Dealing pocket cards" made a stud game's first street."""
    if not records or type(records[-1]) is not EndLine:
        line = getattr(records[-1], "line", 0) if records else 0
        raise StructureError(
            line, "the hand stops before its '***** End of hand' line (truncated)", truncated=True
        )
    first = game.rules.streets[0]
    whole = [r for r in records[:-1] if type(r) is not Separator]
    for index, record in enumerate(whole):
        if type(record) is StreetStart and record.street is Street.PREDRAW:
            if first is not Street.PREDRAW:
                whole[index] = replace(record, street=first)
            return whole
    return _streets_from_deals(game, whole)


_DEALT_OR_PLAYED: Final = (DealtLine, Action, DrawLine, NewHandLine)


def _streets_from_deals(game: Game, records: list[object]) -> list[object]:
    """A hand without its "Dealing pocket cards" (nor, in stud, "Dealing 4th street" and
    the rest): the first street starts with the first card dealt or the first action
    after the forced bets; in stud, a player dealt a second time starts the next street.
    Inferred: FPDB's markStreets finds the draw at its first "changed" line (as `_draws`
    does) and the streets at their "Dealing" lines; no real file lacks them."""
    streets = game.rules.streets
    normalized: list[object] = []
    street = -1
    dealt: set[str] = set()
    for record in records:
        kind = type(record)
        if street < 0 and kind in _DEALT_OR_PLAYED:
            street = 0
            normalized.append(StreetStart(streets[0], line=getattr(record, "line", 0)))
        elif kind is DealtLine and game.is_stud and street + 1 < len(streets):
            player = getattr(record, "player", "")
            if player in dealt:
                street += 1
                dealt = set()
                normalized.append(StreetStart(streets[street], line=getattr(record, "line", 0)))
        if kind is DealtLine:
            dealt.add(getattr(record, "player", ""))
        normalized.append(record)
    return normalized


def _draws(records: list[object]) -> list[object]:
    """The draw started at its first line, and each "New hand for" made the cards kept
    and drawn (those not held before), with the discards on the draw line; a new hand
    with no "changed" line before it (Goalwin) brings its own."""
    normalized: list[object] = []
    held: dict[str, tuple[Card, ...]] = {}
    draw_lines: dict[str, int] = {}  # player -> index of his draw line in `normalized`
    drawing = False
    for record in records:
        if type(record) is DealtLine:
            held[record.player] = record.cards
        elif type(record) in (DrawLine, NewHandLine) and not drawing:
            normalized.append(StreetStart(Street.DRAW_1, line=getattr(record, "line", 0)))
            drawing = True
        if type(record) is DrawLine:
            draw_lines[record.player] = len(normalized)
        elif type(record) is NewHandLine:
            before = held.get(record.player, ())
            kept = tuple(card for card in record.cards if card in before)
            drawn = tuple(card for card in record.cards if card not in before)
            discarded = tuple(card for card in before if card not in record.cards)
            index = draw_lines.pop(record.player, None)
            if index is None:
                normalized.append(DrawLine(record.player, len(drawn), line=record.line))
                index = len(normalized) - 1
            draw = normalized[index]
            assert isinstance(draw, DrawLine)
            if before and len(discarded) == draw.discard_count:
                normalized[index] = replace(draw, discarded=discarded)
            held[record.player] = record.cards
            record = DealtLine(record.player, kept, drawn, line=record.line)
        normalized.append(record)
    return normalized


def _ends_betting(record: object) -> bool:
    """What ends the last round: a show, a pot won, the summary."""
    return type(record) in (Show, Collect, SummaryStart)


def _summary_in_order(names: Sequence[str], records: list[object]) -> list[object]:
    """The summary's shows and pots won put before it, as every site has them, and its
    pots and rake made the summary's total line (the pots are printed before rake)."""
    start = next((i for i, r in enumerate(records) if type(r) is SummaryStart), None)
    if start is None:
        return records
    body, summary = records[:start], records[start:]
    shown = {r.player for r in body if type(r) is Show}
    folded = {r.player for r in body if type(r) is Action and r.kind is ActionKind.FOLD}
    shows: list[object] = []
    collects: list[Collect] = []
    pots: list[PotLine] = []
    rake = ZERO
    rest: list[object] = []
    for record in summary[1:]:
        if type(record) is PotLine:
            pots.append(record)
            collects.extend(_winners(names, record))
        elif type(record) is RakeLine:
            rake = record.rake
        elif type(record) is SeatEndLine and record.cards and record.player not in shown:
            shows.append(Show(record.player, record.cards, record.description, line=record.line))
            rest.append(record)
        else:
            rest.append(record)
    won: dict[str, Decimal] = {}
    for collect in collects:
        won[collect.player] = won.get(collect.player, ZERO) + collect.amount
    seat_lines = sorted(  # in seat order, as every site lists them (OnGame: from the button)
        (_seat_summary(r, folded, won) for r in rest if type(r) is SeatEndLine),
        key=lambda summary: summary.seat,
    )
    notes = [r for r in rest if type(r) is not SeatEndLine]
    totals: list[object] = []
    if pots:
        main = next((p.amount for p in pots if p.pot == "main"), None)
        totals.append(
            PotTotals(
                sum((p.amount for p in pots), ZERO),
                rake,
                main=main,
                sides=tuple(p.amount for p in pots if p.pot != "main"),
                line=pots[0].line,
            )
        )
    return [*body, *shows, *collects, summary[0], *totals, *seat_lines, *notes]


_SHARE: Final = re.compile(r" \((?P<amount>[$€£]?[\d,]+(?:\.\d+)?)(?: High| Low)?\)(?:, |$)")


def _winners(names: Sequence[str], pot: PotLine) -> list[Collect]:
    """A pot's collects: the first winner, read by the grammar, and each other one in
    ", sagi34 ($1.36)", its name one of the seated (names may hold anything, ", " too)."""
    collects = [Collect(pot.player, pot.won, pot.pot, line=pot.line)]
    rest = (pot.others or "").removeprefix(", ")
    while rest:
        for name in names:  # longest first
            share = _SHARE.match(rest, len(name)) if rest.startswith(name) else None
            if share is not None:
                amount = parse_amount(share["amount"])
                collects.append(Collect(name, amount, pot.pot, line=pot.line))
                rest = rest[share.end() :]
                break
        else:
            raise StructureError(pot.line, f"a pot won by no seated player: {rest!r}")
    return collects


def _seat_summary(line: SeatEndLine, folded: set[str], won: dict[str, Decimal]) -> SeatSummary:
    """What the seat line says happened, in the words of the other sites' summaries: the
    cards shown; else a fold; else the pots won; else, money put in, a loss not shown."""
    if line.cards:
        outcome = "showed"
    elif line.player in folded:
        outcome = "folded"
    elif line.player in won:
        outcome = "collected"
    else:
        outcome = "mucked" if line.put_in else "sat out"
    return SeatSummary(
        line.seat,
        line.player,
        outcome,
        won=won.get(line.player),
        cards=line.cards or None,
        description=line.description,
        line=line.line,
    )


# ---------------------------------------------------------------------------- the format

_HEADING = (
    (HistoryLine, "the '***** History for hand ... *****' line"),
    (StartLine, "the 'Start hand: ...' line"),
    (TableLine, "the 'Table: ...' line"),
    (UserLine, "the 'User: ...' line"),
)
_PLAYERS = (PlayersLine, "the 'Players in round: ...' line")

FORMAT: Final = HandFormat(
    site=SITE,
    name=NAME,
    line_parser=line_parser,
    heading=(*_HEADING, (ButtonLine, "the 'Button: seat ...' line"), _PLAYERS),
    games=GAMES,
    hand_header=_hand_header,
    normalize=_undo_habits,
    hand_number_pattern=re.compile(r"History for hand ([A-Z\d]+(?:-[A-Z\d]+)+)"),
    read_into=((RakeLine, "the pot totals"),),
    carries_nothing=((Separator, "separator '---'"), (EndLine, "end of hand")),
)
WITHOUT_BUTTON: Final = replace(FORMAT, heading=(*_HEADING, _PLAYERS))
"""Most stud hands have no button line."""


def parse_hand(chunk: HandText) -> Hand | SkippedHand | CancelledHand:
    """Read one OnGame hand; raises `HandParseError` with the file, line and column."""
    lines = [line for line in chunk.lines[:8] if line]
    with_button = len(lines) > 4 and lines[4].startswith("Button: ")
    return (FORMAT if with_button else WITHOUT_BUTTON).read(chunk)


SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    grammars=("ongame.lark",),
)
