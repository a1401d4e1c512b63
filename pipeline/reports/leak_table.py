"""`studdraw stats --leaks`: the leak list as a stud or draw player reads it in a
terminal: one block per unit of money (never added together), a table per game (the
hero's stat and the winning players', each with its 95% interval and sample, flagged
stats first), then each flagged stat as a sentence; and as rows for CSV and JSON."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl
from rich import box
from rich.console import Console
from rich.rule import Rule
from rich.table import Table

from parsers.model.games import GAME_RULES
from pipeline.reports.terminal_text import as_text
from pipeline.storage.leaks import (
    Comparison,
    LeakBlock,
    Side,
    no_winners_text,
    sentence,
    stat_title,
    value_text,
)
from pipeline.storage.money_units import unit_title

_GAME_NAMES = {game.value: rules.name for game, rules in GAME_RULES.items()}
FLAG = "differs"
"""The flag column's word: the difference is larger than its sampling error."""


def print_leak_blocks(blocks: Sequence[LeakBlock], min_hands: int, console: Console) -> None:
    """A rule per unit of money, then per game a table and the flagged stats' sentences
    (or why there is nothing to compare with)."""
    unit = None
    for block in blocks:
        if block.unit != unit:
            unit = block.unit
            console.print(Rule(as_text(unit_title(unit)), style="bold"))
        name = _GAME_NAMES.get(block.game, block.game)
        if not block.winners:
            console.print(as_text(f"{name}: you {block.hero_hands:,} hands."))
            console.print(as_text(no_winners_text(min_hands)))
            console.print()
            continue
        console.print(_table(block, name))
        for row in block.flagged:
            console.print(as_text(f"  - {sentence(block, row)}"))
        console.print()


def _table(block: LeakBlock, name: str) -> Table:
    players = f"{block.winners:,} winning player{'' if block.winners == 1 else 's'}"
    table = Table(
        title=as_text(
            f"{name}: you {block.hero_hands:,} hands; {players}, {block.winners_hands:,} hands"
        ),
        box=box.SIMPLE_HEAD,
        caption=f"[95% interval]; {FLAG}: the difference is larger than its sampling error",
    )
    table.add_column("stat", no_wrap=True)
    table.add_column("you", justify="right")
    table.add_column("n", justify="right")
    table.add_column("winning players", justify="right")
    table.add_column("n", justify="right")
    table.add_column("")
    for row in block.rows:
        table.add_row(
            stat_title(row.stat, block.game),
            _short(row, row.hero),
            f"{row.hero.n:,}",
            _short(row, row.winners),
            f"{row.winners.n:,}",
            FLAG if row.flagged else "",
        )
    return table


def _short(row: Comparison, side: Side) -> str:
    """The value and interval; the win rate without its unit (the stat says BB/100)."""
    return value_text(row.stat, side).replace(" BB/100", "")


def leak_frame(blocks: Sequence[LeakBlock]) -> pl.DataFrame:
    """Every comparison as a row with its numbers (percentages, or BB/100 for the win
    rate), for --csv and --json."""
    records = []
    for block in blocks:
        for row in block.rows:
            hero, winners = row.hero.interval, row.winners.interval
            records.append(
                {
                    "unit": block.unit,
                    "game": block.game,
                    "stat": row.stat,
                    "hero_hands": block.hero_hands,
                    "hero_value": row.hero.value,
                    "hero_low": None if hero is None else hero.low,
                    "hero_high": None if hero is None else hero.high,
                    "hero_n": row.hero.n,
                    "winners": block.winners,
                    "winners_hands": block.winners_hands,
                    "winners_value": row.winners.value,
                    "winners_low": None if winners is None else winners.low,
                    "winners_high": None if winners is None else winners.high,
                    "winners_n": row.winners.n,
                    "difference_low": None if row.difference is None else row.difference.low,
                    "difference_high": None if row.difference is None else row.difference.high,
                    "flagged": row.flagged,
                    "sentence": sentence(block, row) if block.winners else None,
                }
            )
    return pl.DataFrame(records, schema=_SCHEMA)


_SCHEMA = {
    "unit": pl.String,
    "game": pl.String,
    "stat": pl.String,
    "hero_hands": pl.Int64,
    "hero_value": pl.Float64,
    "hero_low": pl.Float64,
    "hero_high": pl.Float64,
    "hero_n": pl.Int64,
    "winners": pl.Int64,
    "winners_hands": pl.Int64,
    "winners_value": pl.Float64,
    "winners_low": pl.Float64,
    "winners_high": pl.Float64,
    "winners_n": pl.Int64,
    "difference_low": pl.Float64,
    "difference_high": pl.Float64,
    "flagged": pl.Boolean,
    "sentence": pl.String,
}
