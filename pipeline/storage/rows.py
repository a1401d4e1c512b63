"""Hands and their replays as table rows, gathered column by column for loading.

`Batch` holds one list per column of every table; it is what a worker builds and the
loader turns into Polars frames, so nothing goes to the database row by row.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import polars as pl

from parsers.errors import HandParseError
from parsers.events import (
    Action,
    ActionKind,
    Deal,
    Draw,
    Hand,
    LimitKind,
    Post,
    PostKind,
    Show,
    StreetStart,
)
from parsers.reading import HandText
from pipeline.engine.results import HandResult
from pipeline.engine.variants import VARIANTS

TABLES = ("hands", "hand_players", "actions", "draws", "pots", "findings", "rejects")

_VOLUNTARY = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})
_AGGRESSIVE = frozenset({ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})


@dataclass(frozen=True, slots=True)
class FileProgress:
    """A row of `import_files`: how far one file has been read and stored."""

    path: str
    size: int
    mtime: datetime
    prefix_sha256: str
    offset_reached: int
    hands: int
    finished: bool


@dataclass
class Batch:
    """Column lists for every table, filled hand by hand."""

    columns: dict[str, dict[str, list[Any]]] = field(
        default_factory=lambda: {table: {} for table in TABLES}
    )
    hands: int = 0
    rejected: int = 0

    def add(self, table: str, **row: Any) -> None:
        columns = self.columns[table]
        if not columns:
            for name in row:
                columns[name] = []
        for name, value in row.items():
            columns[name].append(value)


def add_hand(batch: Batch, chunk: HandText, hand: Hand, result: HandResult) -> None:
    """A validated hand: its row, its players, actions, draws, pots and warnings."""
    header, stakes = hand.header, hand.header.stakes
    key = {"site": header.site, "hand_number": header.hand_number}
    hero = hero_of(hand)
    tournament = header.tournament
    batch.add(
        "hands",
        **key,
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
    )
    _add_players(batch, key, hand, result, hero)
    _add_actions_and_draws(batch, key, hand)
    for pot in result.pots:
        batch.add(
            "pots",
            **key,
            pot_index=pot.index,
            amount=pot.amount,
            eligible=list(pot.eligible),
            high_winners=list(pot.high_winners),
            low_winners=list(pot.low_winners),
        )
    for finding in result.findings:
        batch.add(
            "findings",
            **key,
            code=finding.code.value,
            severity=finding.severity.value,
            message=finding.message,
            line=finding.line or None,
            player=finding.player,
        )
    batch.hands += 1


def add_reject(
    batch: Batch,
    chunk: HandText,
    kind: str,
    reason: str,
    line: int | None,
    site: str | None = None,
    hand_number: str | None = None,
) -> None:
    """A hand kept whole with the reason it was not imported."""
    raw = chunk.text
    batch.add(
        "rejects",
        reject_id=hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest(),
        source_file=chunk.path,
        byte_offset=chunk.byte_offset,
        first_line=chunk.first_line,
        site=site,
        hand_number=hand_number,
        kind=kind,
        reason=reason,
        line=line,
        raw_text=raw,
        rejected_at=datetime.now(UTC),
    )
    batch.rejected += 1


def add_parse_reject(batch: Batch, chunk: HandText, error: HandParseError) -> None:
    reason = error.message
    if error.expected:
        reason += f" (expected {', '.join(error.expected[:8])})"
    add_reject(batch, chunk, error.kind.value, reason, error.line, None, error.hand_number)


def add_engine_reject(batch: Batch, chunk: HandText, result: HandResult) -> None:
    first = result.errors[0]
    reasons = "; ".join(f"{f.code}: {f.message}" for f in result.errors)
    hand = result.hand
    add_reject(batch, chunk, "engine", reasons, first.line or None, hand.site, hand.hand_number)


def hero_of(hand: Hand) -> str | None:
    """The player whose down cards the history shows: whose history it is."""
    for event in hand.events:
        if isinstance(event, Deal) and event.down:
            return event.player
    return None


def _add_players(
    batch: Batch, key: dict[str, str], hand: Hand, result: HandResult, hero: str | None
) -> None:
    down: dict[str, list[str]] = {}
    up: dict[str, list[str]] = {}
    shown: dict[str, str] = {}
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
        elif isinstance(event, Show):
            shown[event.player] = " ".join(event.cards)
        elif isinstance(event, Action):
            if event.kind is ActionKind.FOLD:
                folded.add(event.player)
            if street_index == 0:
                first_round.setdefault(event.player, set()).add(event.kind)
    stacks = {seat.player: seat.stack for seat in hand.seats}
    for player in result.players:
        kinds = first_round.get(player.name, set())
        batch.add(
            "hand_players",
            **key,
            seat=player.seat,
            player=player.name,
            is_hero=player.name == hero,
            stack=stacks[player.name],
            cards_down=" ".join(down.get(player.name, ())) or None,
            cards_up=" ".join(up.get(player.name, ())) or None,
            cards_shown=shown.get(player.name),
            put_in=player.put_in,
            uncalled=player.uncalled,
            collected=player.collected,
            net=player.net,
            rake_share=player.rake_share,
            went_to_showdown=player.went_to_showdown,
            won_at_showdown=player.won_at_showdown,
            won_high=player.won_high,
            won_low=player.won_low,
            fold_street=player.fold_street.value if player.fold_street else None,
            all_in_street=player.all_in_street.value if player.all_in_street else None,
            streets_seen=max(streets[player.name], 1),
            vpip=bool(kinds & _VOLUNTARY),
            first_round_raise=bool(kinds & _AGGRESSIVE),
        )


def _add_actions_and_draws(batch: Batch, key: dict[str, str], hand: Hand) -> None:
    first_street = VARIANTS[hand.game].streets[0].value  # blinds belong to the first round
    street, street_index, seq = "ante", 0, 0
    draw_number = 0
    for event in hand.events:
        if isinstance(event, StreetStart):
            street_index += street != "ante"
            street = event.street.value
            if street.startswith("draw_"):
                draw_number = int(street[-1])
        elif isinstance(event, Post | Action):
            post = isinstance(event, Post)
            batch.add(
                "actions",
                **key,
                seq=seq,
                street=_post_street(event, street, first_street) if post else street,  # type: ignore[arg-type]
                street_index=street_index,
                player=event.player,
                action=event.kind.value,
                amount=event.amount,
                raise_to=None if post else event.raise_to,  # type: ignore[union-attr]
                all_in=event.all_in,
                line=event.line,
            )
            seq += 1
        elif isinstance(event, Draw):
            batch.add(
                "draws",
                **key,
                seq=seq,
                street=event.street.value,
                draw_number=draw_number,
                player=event.player,
                discard_count=event.discard_count,
                stood_pat=event.stood_pat,
                discarded=" ".join(event.discarded) if event.discarded is not None else None,
                drawn=" ".join(event.drawn) if event.drawn is not None else None,
                kept=" ".join(event.kept) if event.kept is not None else None,
            )
            seq += 1


def _post_street(post: Post, street: str, first_street: str) -> str:
    """Antes are their own street; a blind belongs to the round it opens."""
    if post.kind is PostKind.ANTE:
        return "ante"
    return first_street if street == "ante" else street


# ------------------------------------------------------------------ columns to frames
MONEY = pl.Decimal(18, 4)
NAMES = pl.List(pl.String)
UTC_TIME = pl.Datetime("us", "UTC")

# Column types where inference from Python values could go wrong (None-only columns,
# Decimal precision, time zones, lists).
_TYPES: dict[str, pl.DataType] = {
    **{
        name: MONEY
        for name in [
            "small_bet",
            "big_bet",
            "ante",
            "bring_in",
            "small_blind",
            "big_blind",
            "big_unit",
            "buy_in",
            "fee",
            "bounty",
            "total_pot",
            "rake",
            "stack",
            "put_in",
            "uncalled",
            "collected",
            "net",
            "rake_share",
            "amount",
            "raise_to",
        ]
    },
    **{name: pl.Int32 for name in ["max_seats", "button_seat", "players", "first_line", "seat"]},
    **{name: pl.Int32 for name in ["streets_seen", "seq", "street_index", "draw_number"]},
    **{name: pl.Int32 for name in ["discard_count", "pot_index", "line"]},
    "byte_offset": pl.Int64,
    "started_at": UTC_TIME,
    "rejected_at": UTC_TIME,
    "eligible": NAMES,
    "high_winners": NAMES,
    "low_winners": NAMES,
}


def batch_frame(columns: dict[str, list[object]]) -> pl.DataFrame:
    """A table's columns as a frame; types fixed where inference could guess wrong."""
    return pl.DataFrame(columns, schema={name: _TYPES.get(name) for name in columns}, strict=False)
