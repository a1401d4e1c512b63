"""Hands and their replays as table rows.

`Batch` holds a list of row tuples per table; it is what a worker builds. A worker sends
each table's rows to the loader as Arrow columns (`pipeline.storage.arrow_rows`), which
the loader reads as Polars frames (`pipeline.storage.frames`), typed by what each column
holds (`pipeline.storage.column_kinds`): nothing goes to the database row by row, and a
worker never loads Polars.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Final, NamedTuple

from parsers.formats.tournament_summaries import TournamentSummary
from parsers.model.errors import HandParseError
from parsers.model.events import (
    Action,
    ActionKind,
    CommunityCards,
    Deal,
    Draw,
    Hand,
    LimitKind,
    Muck,
    Post,
    PostKind,
    SeatSummary,
    Show,
    StreetStart,
    TournamentFinish,
)
from parsers.model.games import Street
from parsers.text.hand_texts import HandText
from pipeline.engine.all_in import AllInAdjustment, NotAdjusted
from pipeline.engine.results import HandResult, PlayerResult
from pipeline.storage.column_kinds import unstorable

HAND_TABLES = (  # a stored hand's rows: each keyed by (site, hand_number)
    "hands",
    "hand_players",
    "actions",
    "draws",
    "pots",
    "findings",
    "tournament_finishes",
)
TABLES: Final = (*HAND_TABLES, "tournament_summaries", "rejects")

_VOLUNTARY: Final = frozenset(
    {ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE}
)
_AGGRESSIVE: Final = frozenset({ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})


# One row type per table, its fields the table's columns (schema.sql; the loader inserts
# by name): built by keyword, cheaper than a dict and checked by name. The rows a hand has
# dozens of (actions, draws) and its players' are built as plain tuples in the same order:
# a NamedTuple's `__new__` is interpreted Python, 0.6 µs a row by position and 1.5 by
# keyword, where a tuple costs 0.08 µs.
class HandRow(NamedTuple):
    site: str
    hand_number: str
    game: str
    mixed_game: str | None
    limit_kind: str
    small_bet: Decimal | None
    big_bet: Decimal | None
    ante: Decimal | None
    bring_in: Decimal | None
    small_blind: Decimal | None
    big_blind: Decimal | None
    big_unit: Decimal | None
    money: str
    currency: str | None
    tournament_id: str | None
    buy_in: Decimal | None
    fee: Decimal | None
    bounty: Decimal | None
    tournament_level: str | None
    table_name: str | None
    max_seats: int | None
    button_seat: int | None
    players: int
    started_at: datetime | None
    site_time: str | None
    total_pot: Decimal
    rake: Decimal
    hero: str | None
    has_warnings: bool
    source_file: str
    byte_offset: int
    first_line: int
    board: str | None
    ev_method: str
    ev_street: str | None
    ev_runouts: int | None
    ev_standard_error: float | None
    ev_note: str | None
    buy_in_currency: str | None


class PlayerRow(NamedTuple):
    site: str
    hand_number: str
    seat: int
    player: str
    is_hero: bool
    stack: Decimal
    cards_down: str | None
    cards_up: str | None
    cards_shown: str | None
    put_in: Decimal
    uncalled: Decimal
    collected: Decimal
    net: Decimal
    rake_share: Decimal
    went_to_showdown: bool
    won_at_showdown: bool
    won_high: bool
    won_low: bool
    fold_street: str | None
    all_in_street: str | None
    streets_seen: int
    vpip: bool
    first_round_raise: bool
    cards_mucked: str | None
    all_in_equity: float | None
    ev_net: Decimal


class ActionRow(NamedTuple):
    site: str
    hand_number: str
    seq: int
    street: str
    street_index: int
    player: str
    action: str
    amount: Decimal | None
    raise_to: Decimal | None
    all_in: bool
    line: int


class DrawRow(NamedTuple):
    site: str
    hand_number: str
    seq: int
    street: str
    draw_number: int
    player: str
    discard_count: int | None
    stood_pat: bool
    discarded: str | None
    drawn: str | None
    kept: str | None


class PotRow(NamedTuple):
    site: str
    hand_number: str
    pot_index: int
    amount: Decimal
    eligible: list[str]
    high_winners: list[str]
    low_winners: list[str]


class FindingRow(NamedTuple):
    site: str
    hand_number: str
    code: str
    severity: str
    message: str
    line: int | None
    player: str | None


class FinishRow(NamedTuple):
    site: str
    hand_number: str
    tournament_id: str
    player: str
    place: int | None
    prize: Decimal | None


class SummaryRow(NamedTuple):
    site: str
    tournament_id: str
    name: str
    buy_in: Decimal | None
    fee: Decimal | None
    bounty: Decimal | None
    currency: str | None
    entrants: int | None
    prize_pool: Decimal | None
    started_at: datetime | None
    finished_at: datetime | None
    hero: str | None
    finish: int | None
    prize: Decimal | None
    source_file: str


class RejectRow(NamedTuple):
    reject_id: str
    source_file: str
    byte_offset: int
    first_line: int
    site: str | None
    hand_number: str | None
    kind: str
    reason: str
    line: int | None
    raw_text: str
    rejected_at: datetime


@dataclass
class Batch:
    """The rows of every table, filled hand by hand: a list of row tuples per table
    (a tuple per row is the cheapest thing to build in the worker's hot loop)."""

    hands: list[HandRow] = field(default_factory=list)
    hand_players: list[tuple[object, ...]] = field(default_factory=list)  # PlayerRow's columns
    actions: list[tuple[object, ...]] = field(default_factory=list)  # ActionRow's
    draws: list[tuple[object, ...]] = field(default_factory=list)  # DrawRow's
    pots: list[PotRow] = field(default_factory=list)
    findings: list[FindingRow] = field(default_factory=list)
    tournament_finishes: list[FinishRow] = field(default_factory=list)
    tournament_summaries: list[SummaryRow] = field(default_factory=list)
    rejects: list[RejectRow] = field(default_factory=list)

    def tables(self) -> dict[str, list[tuple[object, ...]]]:
        """Each table's rows, for the tables that have any."""
        return {table: rows for table in TABLES if (rows := getattr(self, table))}

    def sizes(self) -> tuple[int, ...]:
        """How many rows each table holds: a mark to check, or take back, a hand's rows by."""
        return tuple(len(getattr(self, table)) for table in TABLES)

    def unstorable_since(self, sizes: tuple[int, ...]) -> str | None:
        """Why a row added since `sizes` cannot be stored (`unstorable`), or None."""
        for table, size in zip(TABLES, sizes, strict=True):
            rows: list[tuple[object, ...]] = getattr(self, table)
            for row in rows[size:]:
                why = unstorable(TABLE_COLUMNS[table], row)
                if why is not None:
                    return why
        return None

    def drop_since(self, sizes: tuple[int, ...]) -> None:
        """Take back every row added since `sizes`."""
        for table, size in zip(TABLES, sizes, strict=True):
            del getattr(self, table)[size:]


ROW_TYPES: dict[str, type[tuple[object, ...]]] = {
    "hands": HandRow,
    "hand_players": PlayerRow,
    "actions": ActionRow,
    "draws": DrawRow,
    "pots": PotRow,
    "findings": FindingRow,
    "tournament_finishes": FinishRow,
    "tournament_summaries": SummaryRow,
    "rejects": RejectRow,
}
"""Each table's row type: its fields name the columns of the table's rows, in order."""

TABLE_COLUMNS: Final[dict[str, tuple[str, ...]]] = {
    "hands": HandRow._fields,
    "hand_players": PlayerRow._fields,
    "actions": ActionRow._fields,
    "draws": DrawRow._fields,
    "pots": PotRow._fields,
    "findings": FindingRow._fields,
    "tournament_finishes": FinishRow._fields,
    "tournament_summaries": SummaryRow._fields,
    "rejects": RejectRow._fields,
}
"""Each table's columns, in its rows' order (its row type's fields)."""


class EvColumns(NamedTuple):
    """A hand's all-in adjustment, as the hands table keeps it."""

    site: str
    hand_number: str
    ev_method: str
    ev_street: str | None
    ev_runouts: int | None
    ev_standard_error: float | None
    ev_note: str | None


Adjustment = AllInAdjustment | NotAdjusted | None


def ev_columns(key: tuple[str, str], adjustment: Adjustment) -> EvColumns:
    if adjustment is None:
        return EvColumns(*key, "none", None, None, None, None)
    if isinstance(adjustment, NotAdjusted):
        return EvColumns(*key, "kept", adjustment.street.value, None, None, adjustment.reason)
    method = "exact" if adjustment.exact else "sampled"
    error = None if adjustment.exact else adjustment.standard_error
    return EvColumns(*key, method, adjustment.street.value, adjustment.runouts, error, None)


def player_ev(adjustment: Adjustment, player: PlayerResult) -> tuple[float | None, Decimal]:
    """The player's equity at the all-in (None if not adjusted) and his all-in adjusted
    net (his net, if not adjusted)."""
    if isinstance(adjustment, AllInAdjustment):
        for share in adjustment.shares:
            if share.player == player.name:
                return float(share.equity), share.ev_net
    return None, player.net


def add_hand(
    batch: Batch, chunk: HandText, hand: Hand, result: HandResult, adjustment: Adjustment
) -> None:
    """A validated hand: its row, its players, actions, draws, pots and warnings, with
    its all-in adjustment (`pipeline.engine.all_in`)."""
    header, stakes = hand.header, hand.header.stakes
    key = (header.site, header.hand_number)  # every row of the hand starts with it
    ev = ev_columns(key, adjustment)
    hero = hero_of(hand)
    tournament = header.tournament
    batch.hands.append(
        HandRow(
            *key,
            game=header.game.value,
            mixed_game=header.mixed_game,
            limit_kind=header.limit.value,
            small_bet=stakes.small_bet,
            big_bet=stakes.big_bet,
            ante=stakes.ante,
            bring_in=stakes.bring_in,
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            big_unit=stakes.big_bet if header.limit is LimitKind.FIXED else stakes.big_blind,
            money=header.money.value,
            currency=header.currency,
            tournament_id=tournament.tournament_id if tournament else None,
            buy_in=tournament.buy_in if tournament else None,
            fee=tournament.fee if tournament else None,
            bounty=tournament.bounty if tournament else None,
            tournament_level=tournament.level if tournament else None,
            table_name=header.table,
            max_seats=header.max_seats,
            button_seat=header.button_seat,
            players=len(result.players),
            started_at=header.started_at_utc,
            site_time=header.site_time,
            total_pot=result.total_pot,
            rake=result.rake,
            hero=hero,
            has_warnings=bool(result.findings),
            source_file=chunk.path,
            byte_offset=chunk.byte_offset,
            first_line=chunk.first_line,
            board=_board(hand),
            ev_method=ev.ev_method,
            ev_street=ev.ev_street,
            ev_runouts=ev.ev_runouts,
            ev_standard_error=ev.ev_standard_error,
            ev_note=ev.ev_note,
            buy_in_currency=tournament.currency if tournament else None,
        )
    )
    _add_players(batch, key, hand, result, hero, adjustment)
    _add_actions_and_draws(batch, key, hand)
    for pot in result.pots:
        batch.pots.append(
            PotRow(
                *key,
                pot_index=pot.index,
                amount=pot.amount,
                eligible=list(pot.eligible),
                high_winners=list(pot.high_winners),
                low_winners=list(pot.low_winners),
            )
        )
    if tournament is not None:
        for event in hand.events:
            if isinstance(event, TournamentFinish):
                batch.tournament_finishes.append(
                    FinishRow(
                        *key,
                        tournament_id=tournament.tournament_id,
                        player=event.player,
                        place=event.place,
                        prize=event.prize,
                    )
                )
    for finding in result.findings:
        batch.findings.append(
            FindingRow(
                *key,
                code=finding.code.value,
                severity=finding.severity.value,
                message=finding.message,
                line=finding.line or None,
                player=finding.player,
            )
        )


MAX_KEPT_TEXT: Final = 2**20  # characters; the longest real hand is a few thousand


def add_reject(
    batch: Batch,
    chunk: HandText,
    kind: str,
    reason: str,
    line: int | None,
    site: str | None = None,
    hand_number: str | None = None,
) -> None:
    """A hand kept whole with the reason it was not imported. Text far longer than any
    hand (a 50 MB file of one line) is kept up to `MAX_KEPT_TEXT`, saying where the rest is:
    the database must not become a copy of whatever was on the disk."""
    raw = chunk.text
    kept = raw
    if len(raw) > MAX_KEPT_TEXT:
        rest = len(raw) - MAX_KEPT_TEXT
        kept = f"{raw[:MAX_KEPT_TEXT]}\n[... {rest:,} more characters, not a hand: in the file]"
    batch.rejects.append(
        RejectRow(
            reject_id=hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest(),
            source_file=chunk.path,
            byte_offset=chunk.byte_offset,
            first_line=chunk.first_line,
            site=site,
            hand_number=hand_number,
            kind=kind,
            reason=reason,
            line=line,
            raw_text=kept,
            rejected_at=datetime.now(UTC),
        )
    )


def add_summary(batch: Batch, summary: TournamentSummary) -> None:
    """A tournament summary file's row (`parsers.formats.tournament_summaries`)."""
    batch.tournament_summaries.append(
        SummaryRow(
            site=summary.site,
            tournament_id=summary.tournament_id,
            name=summary.name,
            buy_in=summary.buy_in,
            fee=summary.fee,
            bounty=summary.bounty,
            currency=summary.currency,
            entrants=summary.entrants,
            prize_pool=summary.prize_pool,
            started_at=summary.started_at,
            finished_at=summary.finished_at,
            hero=summary.hero,
            finish=summary.finish,
            prize=summary.prize,
            source_file=summary.path,
        )
    )


def add_parse_reject(batch: Batch, chunk: HandText, error: HandParseError) -> None:
    reason = error.message
    if error.expected:
        reason += f" (expected {', '.join(error.expected[:8])})"
    # The site whose format the hand was read in (None: text of no known site).
    add_reject(batch, chunk, error.kind.value, reason, error.line, error.site, error.hand_number)


def add_engine_reject(batch: Batch, chunk: HandText, result: HandResult) -> None:
    first = result.errors[0]
    reasons = "; ".join(f"{f.code}: {f.message}" for f in result.errors)
    hand = result.hand
    add_reject(batch, chunk, "engine", reasons, first.line or None, hand.site, hand.hand_number)


def hero_of(hand: Hand) -> str | None:
    """Whose history it is, as the site marks him (`HandHeader.hero`: "Dealt to Hero
    [...]", Bovada's "[ME]", iPoker's <nickname>); None where the file does not say."""
    return hand.header.hero


def _board(hand: Hand) -> str | None:
    """The shared cards dealt face up to everyone (stud, when the deck runs out)."""
    boards = [" ".join(e.cards) for e in hand.events if isinstance(e, CommunityCards)]
    return " ".join(boards) or None


def _add_players(
    batch: Batch,
    key: tuple[str, str],
    hand: Hand,
    result: HandResult,
    hero: str | None,
    adjustment: Adjustment,
) -> None:
    down: dict[str, list[str]] = {}
    up: dict[str, list[str]] = {}
    shown: dict[str, str] = {}
    mucked: dict[str, str] = {}  # "Seat 2: vatt110 (big blind) mucked [4h Ks 3s Jc 7h]"
    streets = {player.name: 0 for player in result.players}  # rounds seen, not folded
    folded: set[str] = set()
    street_index = -1
    first_round: dict[str, set[ActionKind]] = {}
    for event in hand.events:
        if isinstance(event, StreetStart):
            street_index += 1
            for name in streets.keys() - folded:
                streets[name] += 1
        elif isinstance(event, Deal):
            down.setdefault(event.player, []).extend(event.down)
            up.setdefault(event.player, []).extend(event.up)
        elif isinstance(event, Draw) and event.drawn is not None and event.kept is not None:
            down[event.player] = [*event.kept, *event.drawn]
        elif isinstance(event, Show) and event.run <= 1:  # run twice: the first run's hand
            shown[event.player] = " ".join(event.cards)
        elif isinstance(event, (Muck, SeatSummary)) and event.cards:
            if isinstance(event, Muck) or event.outcome == "mucked":
                mucked[event.player] = " ".join(event.cards)
        elif isinstance(event, Action):
            if event.kind is ActionKind.FOLD:
                folded.add(event.player)
            if street_index == 0:
                first_round.setdefault(event.player, set()).add(event.kind)
    stacks = {seat.player: seat.stack for seat in hand.seats}
    site, hand_number = key
    for player in result.players:
        name = player.name
        kinds = first_round.get(name, set())
        equity, ev_net = player_ev(adjustment, player)
        batch.hand_players.append(
            (  # PlayerRow's columns, in order
                site,
                hand_number,
                player.seat,
                name,
                name == hero,  # is_hero
                stacks[name],
                " ".join(down.get(name, ())) or None,  # cards_down
                " ".join(up.get(name, ())) or None,  # cards_up
                shown.get(name),  # cards_shown
                player.put_in,
                player.uncalled,
                player.collected,
                player.net,
                player.rake_share,
                player.went_to_showdown,
                player.won_at_showdown,
                player.won_high,
                player.won_low,
                _street_name(player.fold_street),
                _street_name(player.all_in_street),
                max(streets[name], 1),  # streets_seen
                bool(kinds & _VOLUNTARY),  # vpip
                bool(kinds & _AGGRESSIVE),  # first_round_raise
                mucked.get(name),  # cards_mucked
                equity,  # all_in_equity
                ev_net,
            )
        )


def _add_actions_and_draws(batch: Batch, key: tuple[str, str], hand: Hand) -> None:
    site, hand_number = key
    first_street = hand.game.rules.streets[0]._value_  # blinds belong to the first round
    street, street_index, seq = "ante", 0, 0
    draw_number = 0
    for event in hand.events:
        if isinstance(event, StreetStart):
            street_index += street != "ante"
            street = event.street._value_
            if street.startswith("draw_"):
                draw_number = int(street[-1])
        elif isinstance(event, (Post, Action)):
            if isinstance(event, Post):
                action_street, raise_to = _post_street(event, street, first_street), None
            else:
                action_street, raise_to = street, event.raise_to
            batch.actions.append(
                (  # ActionRow's columns, in order
                    site,
                    hand_number,
                    seq,
                    action_street,
                    street_index,
                    event.player,
                    event.kind._value_,
                    event.amount,
                    raise_to,
                    event.all_in,
                    event.line,
                )
            )
            seq += 1
        elif isinstance(event, Draw):
            batch.draws.append(
                (  # DrawRow's columns, in order
                    site,
                    hand_number,
                    seq,
                    event.street._value_,
                    draw_number,
                    event.player,
                    event.discard_count,
                    event.stood_pat,
                    " ".join(event.discarded) if event.discarded is not None else None,
                    " ".join(event.drawn) if event.drawn is not None else None,
                    " ".join(event.kept) if event.kept is not None else None,
                )
            )
            seq += 1


def _street_name(street: Street | None) -> str | None:
    """A street's name as stored. `_value_`, not `value`, wherever rows are built: the
    enum's `value` is a property written in Python, 0.2 µs a read."""
    return street._value_ if street is not None else None


def _post_street(post: Post, street: str, first_street: str) -> str:
    """Antes are their own street; a blind belongs to the round it opens."""
    if post.kind is PostKind.ANTE:
        return "ante"
    return first_street if street == "ante" else street
