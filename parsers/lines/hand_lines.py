"""What every site's `parse_hand` shares: one hand's lines read in the order every format
follows, and whatever goes wrong turned into a `HandParseError` that locates it.

Every site's hand is a few *heading* lines (the hand number, game, stakes, time, table),
the seat list (where player names are learnt), then the body, read with the seated names.
A site format is data, a `HandFormat`: its line parser, the record types its heading lines
make, its game names, how its header is built from the records, and the few site habits
that must be undone before the site-neutral assembly (`hand_assembly`) orders the events.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from decimal import Decimal
from typing import Any, Final

from lark import Transformer

from parsers.build.grammar_cache import cached_grammar
from parsers.lines.hand_assembly import StructureError, assemble_events
from parsers.lines.line_accounting import HandLines, read_into, recording
from parsers.lines.line_parser import PLAYER_MARKER, Converter, LineParser, LineSyntaxError
from parsers.model.amounts import AmountOutOfRange
from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import (
    ZERO,
    Action,
    ActionKind,
    Collect,
    Event,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    Muck,
    Note,
    ParseWarning,
    Post,
    PostKind,
    PotTotals,
    SeatSummary,
    Show,
    Stakes,
    StreetStart,
    UncalledReturn,
    players_dealt_in,
)
from parsers.model.events import Seat as SeatRecord
from parsers.model.immutable import immutable
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.text.hand_texts import HandText
from parsers.text.site_time import UnknownTimeZone


def site_line_parser(
    grammar_file: str,
    transformer: Transformer[Any, Any],
    converters: Mapping[str, Converter],
    free_text: re.Pattern[str] | None = None,
) -> LineParser:
    """A site format's line parser: its grammar (`grammars/<grammar_file>`, LALR with the
    contextual lexer, started at `line`) and its transformer, built once per machine
    (`grammar_cache`) and kept by each site for the process."""
    grammar = cached_grammar(
        grammar_file, lexer="contextual", start="line", maybe_placeholders=True
    )
    return LineParser(
        grammar,
        transformer,
        converters,
        unreadable_terminal="UNREADABLE_CARD",
        free_text=free_text,
    )


HeaderBuilder = Callable[[tuple[Any, ...], Game, tuple[Event, ...]], HandHeader]
"""(heading records, game, events) -> the hand's header."""

Normalizer = Callable[[Game, Sequence[SeatRecord], list[object]], list[object]]
"""(game, seats, body records) -> the records as the site-neutral assembly expects them."""


@immutable
class HandFormat:
    """One site format, as `read_hand` needs it.

    `heading` lists the record type of each line before the seat list, with how to name
    the line in an error ("the 'Table ...' line"); the first heading record with a
    `hand_number` attribute names the hand, the first with a `game` attribute decides
    whether it is read at all (`games` maps the lowercased site wording to a `Game`; a
    name not there is a flop game, skipped). `summary_lists_every_seat`: the site's
    summary has a line for every seat dealt in, so a missing one means a cut hand.
    """

    site: str
    name: str  # as players know it, for messages: "PokerStars", "Full Tilt"
    line_parser: Callable[[], LineParser]
    heading: tuple[tuple[type, str], ...]
    games: Mapping[str, Game]
    hand_header: HeaderBuilder
    normalize: Normalizer | None = None
    summary_lists_every_seat: bool = True
    has_summary: bool = True  # False: the hand ends with its pots won (Everleaf)
    # Heading lines a hand may lack (PartyPoker: "Seat 0 is the button" and "Total number
    # of players : 7/8" in one export, not in another): None in the heading records.
    optional_heading: frozenset[type] = frozenset()
    hand_number_pattern: re.Pattern[str] = re.compile(r"#(\d+)")
    cancelled: re.Pattern[str] | None = None  # a line's start saying the hand was called off
    names_in_lines: bool = True  # False: the body names seats, not players (Merge)
    # A heading written once per file (`HandText.file_heading`, Merge's description of the
    # game and stakes): read as if it stood after this many of the hand's own lines, and
    # named so in an error. None: every hand has all its heading lines.
    file_heading: tuple[int, str] | None = None
    # How a seat-list line starts, matched at the line's start: "Seat 1: ..." at every site
    # but Bovada ("Seat+1: $0.57 in chips", its body lines "Seat+1 : Ante chip $0.01") and
    # Merge ('  <player seat="1" nickname="Player1" balance="$4.66" dealtin="true" />').
    seat_line: re.Pattern[str] = re.compile("Seat ")
    # The line records that make no event of their own (`line_accounting`): those whose
    # fact the site's `normalize` reads into another event ("read_into": OnGame's "Rake
    # taken: $0.50" into the pot totals), and those that carry nothing, by kind
    # ("carries_nothing": a time stamp, the end-of-hand line).
    read_into: tuple[tuple[type, str], ...] = ()
    carries_nothing: tuple[tuple[type, str], ...] = ()

    def read(self, chunk: HandText) -> Hand | SkippedHand | CancelledHand:
        """Read one hand of this format; raises `HandParseError` with the file, line and
        column (a site module's `parse_hand`)."""
        return read_hand(self, chunk)


def read_hand(site: HandFormat, chunk: HandText) -> Hand | SkippedHand | CancelledHand:
    """Read one hand; raises `HandParseError` with the file, line and column."""
    parser = site.line_parser()
    account = recording()  # None but in tests/parsers/test_line_accounting.py
    body: list[tuple[int, type]] = []  # the body's lines and record types, if accounting
    heading_lines: list[tuple[int, str]] = []
    # Blank lines inside a chunk come from double-spaced files: passed over, numbers kept.
    numbered = [(chunk.first_line + i, line) for i, line in enumerate(chunk.lines) if line]
    hand_number: str | None = None
    line_number = chunk.first_line
    try:
        if not numbered:
            raise StructureError(chunk.first_line, "an empty hand (truncated)", truncated=True)
        if site.file_heading is not None:
            numbered = _with_file_heading(site.file_heading, chunk, numbered)
        heading: list[Any] = []
        game: Game | None = None
        position = 0
        record = None  # the line at `position`, parsed: kept when an optional kind misses it
        for kind, description in site.heading:
            optional = kind in site.optional_heading
            if position >= len(numbered):
                if optional:
                    heading.append(None)
                    continue
                stop = "after its first line" if position == 1 else f"before {description}"
                raise StructureError(line_number, f"the hand stops {stop}", truncated=True)
            if record is None:
                line_number, text = numbered[position]
                record, _ = parser.parse(text.lstrip("\ufeff"), (), line_number)
            if not isinstance(record, kind):
                if optional:
                    heading.append(None)
                    continue
                raise StructureError(line_number, f"expected {description}")
            heading.append(record)
            hand_number = hand_number or getattr(record, "hand_number", None)
            game_name = getattr(record, "game", None)
            if game_name is not None and game is None:
                game = site.games.get(game_name.lower())
                if game is None:
                    assert hand_number is not None
                    return SkippedHand(
                        site.site, hand_number, game_name, chunk.path, chunk.first_line
                    )
            position += 1
            record = None
        if game is None:  # a mixed game's heading that never names the hand's game
            raise StructureError(numbered[0][0], "no heading line names the hand's game")
        assert hand_number is not None, f"{site.name}: no heading line numbers the hand"
        cancellation = _cancellation(site, chunk)
        if cancellation is not None:
            line_number, text = cancellation
            return CancelledHand(
                site.site, hand_number, game.value, chunk.path, line_number, text.strip()
            )

        seats: list[SeatRecord] = []
        while position < len(numbered) and site.seat_line.match(numbered[position][1]):
            line_number, text = numbered[position]
            record, _ = parser.parse(text, (), line_number)
            if not isinstance(record, SeatRecord):
                break
            seats.append(record)
            position += 1
        if not seats:
            at_end = position >= len(numbered)
            line_number = numbered[min(position, len(numbered) - 1)][0]
            raise StructureError(
                line_number,
                "the hand stops before its seat list (truncated)"
                if at_end
                else "expected the seat list",
                truncated=at_end,
            )

        names = sorted({seat.player for seat in seats}, key=len, reverse=True)
        if any(PLAYER_MARKER in name for name in names):
            raise StructureError(
                seats[0].line, "a player name holds U+E000, a character studdraw reserves"
            )
        opening = {kind for kind, _ in site.heading} | {SeatRecord}
        records: list[object] = []
        warnings: list[ParseWarning] = []
        for line_number, text in numbered[position:]:
            record, unreadable = parser.parse(
                text, names if site.names_in_lines else (), line_number
            )
            if type(record) in opening:
                raise StructureError(line_number, f"a {type(record).__name__} line inside a hand")
            records.append(record)
            if unreadable:
                warnings.extend(
                    ParseWarning(line_number, f"unreadable card {text!r} recorded as unknown")
                    for text in unreadable
                )
        last_line = numbered[-1][0]
        if account is not None:
            body = [(n, type(r)) for (n, _), r in zip(numbered[position:], records, strict=True)]
            heading_lines = numbered[: position - len(seats)]
        if site.normalize is not None:
            records = site.normalize(game, seats, records)
        dead = _dead_hand(records)
        if dead is not None:
            return CancelledHand(
                site.site, hand_number, game.value, chunk.path, dead.line, DEAD_HAND
            )
        events = assemble_events(game, records, last_line, site.has_summary)
        if site.summary_lists_every_seat:
            _check_summary_lists_every_seat(seats, events, last_line)
        line_number = numbered[0][0]  # the heading's amounts (stakes, buy-in) are read now
        header = site.hand_header(tuple(heading), game, events)
        if account is not None:
            _account_for(site, account, heading_lines, body, events)
    except LineSyntaxError as error:
        raise HandParseError(
            ErrorKind.SYNTAX,
            f"this line is not a {site.name} history line this parser knows",
            chunk.path,
            line_number,
            error.column,
            hand_number or _hand_number_guess(site, chunk),
            error.line_text,
            error.expected,
        ) from None
    except StructureError as fault:  # a name of its own: mypyc gives a name one type
        # A site's normalizer may find a fault with no line of its own (nothing after the
        # seats): the hand's last line is where it shows.
        line = fault.line or chunk.first_line + len(chunk.lines) - 1
        offset = line - chunk.first_line
        raise HandParseError(
            ErrorKind.TRUNCATED if fault.truncated else ErrorKind.STRUCTURE,
            str(fault),
            chunk.path,
            line,
            1,
            hand_number or _hand_number_guess(site, chunk),
            chunk.lines[offset] if 0 <= offset < len(chunk.lines) else "",
        ) from None
    except AmountOutOfRange as too_large:
        text = dict(numbered).get(line_number, "")
        raise HandParseError(
            ErrorKind.SYNTAX, str(too_large), chunk.path, line_number, 1, hand_number, text
        ) from None
    except (UnknownTimeZone, ValueError, OverflowError) as bad_date:  # impossible dates
        first_line, first_text = numbered[0]
        raise HandParseError(
            ErrorKind.SYNTAX, str(bad_date), chunk.path, first_line, 1, hand_number, first_text
        ) from None
    return Hand(header, tuple(seats), events, tuple(warnings))


def _account_for(
    site: HandFormat,
    account: HandLines,
    heading: Sequence[tuple[int, str]],
    body: Sequence[tuple[int, type]],
    events: Sequence[Event],
) -> None:
    """Tell `line_accounting` what became of the hand's lines that made no event: the
    heading and seat lines read into the header and seats, and the body's records the
    site names (`HandFormat.read_into`, `carries_nothing`). A record neither names is
    left unclaimed (merges claim their lines where they merge)."""
    for line, _ in heading:
        account.read.setdefault(line, "header")
    kept = {event.line for event in events}
    read_into, carries_nothing = dict(site.read_into), dict(site.carries_nothing)
    for line, kind in body:
        if line in kept or line in account.read:
            continue
        into = read_into.get(kind)
        if into is not None:
            account.read[line] = into
            continue
        nothing = carries_nothing.get(kind)
        if nothing is not None:
            account.nothing[line] = nothing


def _with_file_heading(
    file_heading: tuple[int, str], chunk: HandText, numbered: list[tuple[int, str]]
) -> list[tuple[int, str]]:
    """The hand's numbered lines with the file's heading line among them, where the
    format reads it (keeping its own line number, for errors)."""
    after, name = file_heading
    if chunk.file_heading is None:
        raise StructureError(
            chunk.first_line,
            f"{name}, which alone names the game and stakes of the file's hands, is not "
            "before this hand (a piece of a file read without its first line)",
        )
    return [*numbered[:after], chunk.file_heading, *numbered[after:]]


DEAD_HAND: Final = "a dead hand: no cards dealt, a total pot of 0"


def _dead_hand(records: Sequence[object]) -> PotTotals | None:
    """The summary's total of a hand dealt no cards and whose pot is empty: the site called
    it off before the deal, every post given back. Full Tilt, 2011 (FPDB's "Dead.hand"):
    "Villain posts the small blind of $5 / Hero is sitting out / *** SUMMARY *** /
    Total pot $0 | Rake $0"."""
    if StreetStart in map(type, records):
        return None
    totals = next((r for r in records if isinstance(r, PotTotals)), None)
    return totals if totals is not None and totals.total == 0 else None


def _cancellation(site: HandFormat, chunk: HandText) -> tuple[int, str] | None:
    """The line (number, text) saying the site cancelled the hand, if there is one. One
    search of the hand's text (a match per line would cost every hand a few percent); the
    pattern is unanchored so that the search can skip ahead on its literal words, and a
    match counts where it starts a line, indented or not (not inside a player's chat)."""
    if site.cancelled is None:
        return None
    text = chunk.text
    for found in site.cancelled.finditer(text):
        start = found.start()
        line_start = text.rfind("\n", 0, start) + 1
        if not text[line_start:start].strip(" \t"):
            offset = text.count("\n", 0, start)
            return chunk.first_line + offset, chunk.lines[offset]
    return None


def _check_summary_lists_every_seat(
    seats: Sequence[SeatRecord], events: tuple[Event, ...], last_line: int
) -> None:
    listed = {event.player for event in events if isinstance(event, SeatSummary)}
    dealt_in = players_dealt_in(events) | {seat.player for seat in seats if not seat.sitting_out}
    missing = [seat.player for seat in seats if seat.player in dealt_in - listed]
    if missing:
        raise StructureError(
            last_line,
            f"the summary lists {len(listed)} of the {len(listed) + len(missing)} seats "
            "dealt in (truncated)",
            truncated=True,
        )


def _hand_number_guess(site: HandFormat, chunk: HandText) -> str | None:
    match = site.hand_number_pattern.search("\n".join(chunk.lines[:4]))
    return match.group(1) if match else None


# ---------------------------------------------------------------------------- headers

LIMITS: dict[str, LimitKind] = {
    "limit": LimitKind.FIXED,
    "fixed limit": LimitKind.FIXED,
    "pot limit": LimitKind.POT,
    "half pot limit": LimitKind.HALF_POT,
    "no limit": LimitKind.NO,
}
"""Betting structures as the sites name them, lowercased."""


def forced_bet_sizes(events: Sequence[object]) -> dict[str, Decimal]:
    """Ante, bring-in and blinds as the hand posts them (headers give only the bets)."""
    sizes: dict[str, Decimal] = {}
    names = {
        PostKind.ANTE: "ante",
        PostKind.SMALL_BLIND: "small_blind",
        PostKind.BIG_BLIND: "big_blind",
    }
    for event in events:
        if isinstance(event, Post) and not event.all_in and event.kind in names:
            sizes.setdefault(names[event.kind], event.amount)
        elif isinstance(event, Action):
            if event.kind is ActionKind.BRING_IN and not event.all_in and event.amount:
                sizes["bring_in"] = event.amount
            break  # forced bets are all made before the first voluntary action
    return sizes


def stakes_of(
    limit: LimitKind,
    low: Decimal | None,
    high: Decimal | None,
    events: Sequence[object],
    ante: Decimal | None = None,
) -> Stakes:
    """The header's two stakes read as the betting structure means them: fixed limit
    prints the small and big bets, pot and no limit the blinds; the forced bets the hand
    posts (and an ante the header prints) complete them."""
    forced = forced_bet_sizes(events)
    if ante is not None:
        forced["ante"] = ante
    if limit is LimitKind.FIXED:
        return Stakes(small_bet=low, big_bet=high, **forced)
    return Stakes(
        ante=forced.get("ante"),
        bring_in=forced.get("bring_in"),
        small_blind=low,
        big_blind=high,
    )


# ---------------------------------------------------------------------------- site habits


@immutable
class AddedRaiseLine:
    """A raise naming what it adds, not the street's total: Winamax's all-in "Player0
    raises -6.10€ to 18.90€" (adds 18.90€), Everleaf's "raises [€ 0.10 EURO]". The total
    needs what the player has already put in on the street, known only in the hand's order
    (`raises_to_street_totals`)."""

    player: str
    added: Decimal
    all_in: bool = False
    line: int = field(default=0, compare=False)


def raises_to_street_totals(records: list[object]) -> list[object]:
    """A raise naming what it adds (Winamax's "Player0 raises -6.10€ to 18.90€", having
    brought in 10€; Everleaf's every "raises [€ 0.10 EURO]") made a raise to the street's
    total (28.90€). The blinds, posted before the first street's line, are in its total
    (OnGame's "Player4 raises $1.50 to $2" over his $0.50 small blind)."""
    normalized: list[object] = []
    put_in: dict[str, Decimal] = {}  # on the street so far (the blinds: the first street's)
    started = False
    for record in records:
        if isinstance(record, StreetStart):
            if started:
                put_in.clear()
            started = True
        elif isinstance(record, AddedRaiseLine):
            total = put_in.get(record.player, ZERO) + record.added
            record = Action(
                record.player,
                ActionKind.RAISE,
                raise_to=total,
                all_in=record.all_in,
                line=record.line,
            )
        count_street_put_in(record, put_in)
        normalized.append(record)
    return normalized


@immutable
class AllInLine:
    """An all-in naming what it adds (`added`), not what it is: PartyPoker's "Player8 is
    all-In [3,000]", Cereus's "Player - All-In $1.47", Bovada's "All-in 245", Winning
    2016's "allin (40.40)", Merge's "ALL_IN", iPoker's type 7; or naming the street's total
    it makes (`total`), Bovada's "All-in(raise) 1054". A call, a bet or a raise according
    to what is in on the street (`all_in_action`)."""

    player: str
    added: Decimal | None = None
    total: Decimal | None = None
    line: int = field(default=0, compare=False)


def all_ins_resolved(
    game: Game, records: list[object], blinds_count: bool = True, bet_first: bool = False
) -> list[object]:
    """Each `AllInLine` made the action it is (`all_in_action`), from what each player has
    put in on the street so far: a raise on a stud game's first street over a bring-in
    alone is a completion. The blinds, posted before the first street's line (Boss), are
    in its total, unless `blinds_count` is False (Merge)."""
    if not any(type(record) is AllInLine for record in records):
        return records
    normalized: list[object] = []
    put_in: dict[str, Decimal] = {}
    raised = False  # a bet, a completion or a raise on the street, over any bring-in
    first_street = True
    for record in records:
        if isinstance(record, StreetStart):
            first_street = record.street == game.rules.streets[0]
            if not first_street or not blinds_count:
                put_in.clear()
            raised = False
        elif type(record) is AllInLine:
            completes = game.is_stud and first_street and not raised
            record = all_in_action(record, put_in, completes, bet_first)
        if isinstance(record, Action) and record.kind in _OVER_BRING_IN:
            raised = True
        count_street_put_in(record, put_in)
        normalized.append(record)
    return normalized


_OVER_BRING_IN: Final = frozenset({ActionKind.BET, ActionKind.COMPLETE, ActionKind.RAISE})


def all_in_action(
    record: AllInLine,
    put_in: Mapping[str, Decimal],
    completes: bool = False,
    bet_first: bool = False,
) -> Action:
    """What an all-in is, from what each player has in on the street (`put_in`): a call
    when the player's new total tops nobody's, a bet when nobody has anything in, else a
    raise to the new total (a completion where `completes`). Adding nothing where nothing
    is in is a call of nothing, or with `bet_first` a bet of nothing (PartyPoker, Cereus
    and Boss have always been read so)."""
    player, line = record.player, record.line
    before = put_in.get(player, ZERO)
    if record.added is not None:
        added, total = record.added, before + record.added
    else:
        total = record.total if record.total is not None else before
        added = total - before
    top = max(put_in.values(), default=ZERO)
    if total <= top and not (bet_first and top == 0):
        return Action(player, ActionKind.CALL, amount=added, all_in=True, line=line)
    if top == 0:
        return Action(player, ActionKind.BET, amount=added, all_in=True, line=line)
    kind = ActionKind.COMPLETE if completes else ActionKind.RAISE
    return Action(player, kind, raise_to=total, all_in=True, line=line)


def unmatched_bet(put_in: Mapping[str, Decimal]) -> tuple[str, Decimal] | None:
    """Who put in the most, and how much more than anyone else: a bet nobody matched, to
    go back to its maker (None when the most is matched, or nothing was put in)."""
    top_player: str | None = None  # the first to put in the most
    top = ZERO
    second: Decimal | None = None  # the most anyone else put in
    for player, amount in put_in.items():
        if top_player is None:
            top_player, top = player, amount
        elif amount > top:
            top_player, top, second = player, amount, top
        elif second is None or amount > second:
            second = amount
    if top_player is None:
        return None
    excess = top - (second or ZERO)
    return (top_player, excess) if excess > 0 else None


def count_street_put_in(record: object, put_in: dict[str, Decimal]) -> None:
    """What each player has in on the street after `record`, a blind or an action (the
    caller empties `put_in` at each street). Sites whose lines name only what an action
    adds (Winamax's "raises -6.10€ to 18.90€", Winning 2016's "allin (40.40)") need that
    total to say what the action makes it."""
    if type(record) is Post:
        if record.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND):
            put_in[record.player] = put_in.get(record.player, ZERO) + record.amount
    elif type(record) is Action:
        if record.raise_to is not None:
            put_in[record.player] = record.raise_to
        elif record.amount is not None:
            put_in[record.player] = put_in.get(record.player, ZERO) + record.amount


def completions_from_raises(game: Game, records: list[object]) -> list[object]:
    """Sites with no "completes" wording (Winamax, Winning) print a stud completion as a
    raise ("Hero raises 25€ to 25€" after a 10€ bring-in): on a stud game's first street,
    the first raise over a bring-in alone is a completion, to the total it names."""
    if not game.is_stud:
        return records
    normalized = list(records)
    streets = 0
    for index, record in enumerate(normalized):
        if isinstance(record, StreetStart):
            streets += 1
            if streets > 1:
                break
        if not isinstance(record, Action):
            continue
        if record.kind in (ActionKind.BET, ActionKind.COMPLETE):
            break
        if record.kind is ActionKind.RAISE:
            normalized[index] = Action(
                record.player,
                ActionKind.COMPLETE,
                raise_to=record.raise_to,
                all_in=record.all_in,
                line=record.line,
            )
            break
    return normalized


def dead_and_live_blinds(records: list[object]) -> list[object]:
    """A dead small blind and the big blind one player posts together, as one post of
    both: Full Tilt's "X posts a dead small blind of $1.25 / X posts $2.50", OnGame's
    "grommek posts big blind ($0.05) / grommek posts dead blind ($0.02)". The dead part
    is no bet of the round: the call and the raise are counted from the live blind."""
    merged: list[object] = []
    for index, record in enumerate(records):
        if type(record) is StreetStart:  # forced bets are all posted before the first street
            return merged + records[index:]
        previous = merged[-1] if merged else None
        if (
            type(record) is Post
            and type(previous) is Post
            and previous.player == record.player
            and {previous.kind, record.kind} == {PostKind.DEAD_BLIND, PostKind.BIG_BLIND}
        ):
            read_into(record.line, f"the blinds of line {previous.line}")
            merged[-1] = Post(
                record.player,
                PostKind.SMALL_AND_BIG_BLINDS,
                previous.amount + record.amount,
                all_in=record.all_in or previous.all_in,
                line=previous.line,
            )
        else:
            merged.append(record)
    return merged


def betting_is_over(record: object) -> bool:
    """A show, a muck, a "does not show" or a pot won: the betting is over."""
    return isinstance(record, (Show, Muck, Collect)) or (
        isinstance(record, Note) and record.kind == "no_show"
    )


def uncalled_returned(
    records: list[object], ends_betting: Callable[[object], bool] = betting_is_over
) -> list[object]:
    """Each round's bet nobody matched, returned where the round ends, for sites that
    never say so (Everleaf: "Player4: bets [$ 0.10 USD] / Player2 folds / Player4 wins $
    0.08 USD from main pot"; KingsClub: "Player0 bets 44 / Player5 folds / *** SUMMARY
    ***"; PartyPoker, OnGame, iPoker). A round with actions ends at the next street, or at
    the first record `ends_betting` names (a show, a pot won, OnGame's and KingsClub's
    summary). The blinds are the first round's bets; a return the history does print is
    taken into account, not made twice."""
    normalized: list[object] = []
    put_in: dict[str, Decimal] = {}  # on the round so far: the blinds are the first's
    betting, last_line = False, 0  # betting: an action since the last round ended
    for record in records:
        if betting and (isinstance(record, StreetStart) or ends_betting(record)):
            normalized.extend(_return_of(put_in, getattr(record, "line", 0)))
            put_in, betting = {}, False
        if type(record) is Action:
            betting = True
            last_line = record.line
        if type(record) in (Action, Post):
            count_street_put_in(record, put_in)
        elif type(record) is UncalledReturn and record.player in put_in:
            put_in[record.player] -= record.amount
        normalized.append(record)
    normalized.extend(_return_of(put_in, last_line) if betting else ())
    return normalized


def _return_of(put_in: dict[str, Decimal], line: int) -> list[UncalledReturn]:
    """The return of the round's top bet over the second, dated at the line ending the
    round (the history has no line of its own for it)."""
    unmatched = unmatched_bet(put_in)
    return [] if unmatched is None else [UncalledReturn(*unmatched, line=line)]
