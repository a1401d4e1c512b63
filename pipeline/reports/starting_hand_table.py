"""`studdraw stats --starting-hands`: the starting_hands macro's rows as a stud or draw
player reads them: one block per unit of money (never added together), in it one table
per player and game, the categories in the report's order (stud: rolled up, pairs, ...;
razz: the best low first; draw: pat, draws one, ...), each with its hands, its rates and
its win rates with their 95% intervals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal

from rich import box
from rich.console import Console
from rich.rule import Rule
from rich.table import Table

from parsers.model.games import GAME_RULES
from parsers.sites import site_name
from pipeline.reports.terminal_text import as_text
from pipeline.storage.money_units import CHIPS, format_money, unit_title
from pipeline.storage.win_rate import signed

Row = Mapping[str, object]

_GAME_NAMES = {game.value: rules.name for game, rules in GAME_RULES.items()}

REPORT_ORDER = (
    "site, player, unit, game, category_order, detail_order, door_live DESC NULLS LAST, "
    "hands DESC, detail"
)
"""The starting_hands macro's rows in a report's order (its own ORDER BY, for a query
that filters them again)."""


def print_starting_hand_blocks(rows: Iterable[Row], console: Console) -> None:
    """A rule per unit of money (most hands first), then a table per site, player and
    game: a line per category (or detail, or door card live / dead)."""
    by_unit: dict[str, list[Row]] = {}
    for row in rows:
        by_unit.setdefault(str(row.get("unit") or ""), []).append(row)
    for unit in sorted(by_unit, key=lambda u: -sum(_int(r["hands"]) for r in by_unit[u])):
        console.print(Rule(as_text(unit_title(unit)), style="bold"))
        tables: dict[tuple[object, ...], list[Row]] = {}
        for row in by_unit[unit]:
            tables.setdefault((row["site"], row["player"], row["game"]), []).append(row)
        for (site, player, game), table_rows in tables.items():
            game_name = _GAME_NAMES.get(str(game), str(game))
            title = f"{site_name(str(site))} · {player} · {game_name}"
            console.print(_table(title, table_rows, unit))


def _table(title: str, rows: list[Row], unit: str) -> Table:
    hands = sum(_int(row["hands"]) for row in rows)
    detailed = any(row.get("detail") is not None for row in rows)
    doors = any(row.get("door_live") is not None for row in rows)
    table = Table(
        title=as_text(f"{title}: {hands:,} hands with known starting cards"),
        box=box.SIMPLE_HEAD,
        caption="BB/100: big bets won per 100 hands ± half its 95% interval; adj.: all-in adjusted",
    )
    # a detail wraps when long ("three to a straight flush, queen high" in 80 columns)
    table.add_column("starting hand", no_wrap=not detailed)
    if doors:
        table.add_column("door", no_wrap=True)
    for header in ("hands", "VPIP", "raise", "net", "BB/100", "adj."):  # short: room for labels
        table.add_column(header, justify="right", no_wrap=True)
    shown_category = None
    for row in rows:
        category = str(row["category"])
        if detailed and category != shown_category:  # a heading line, the details under it
            table.add_row(as_text(category, "bold"))
        cells = [category if category != shown_category else ""]
        if detailed:
            cells = [f"  {_under(category, str(row.get('detail') or ''))}"]
        shown_category = category
        if doors:
            live = row.get("door_live")
            cells.append("" if live is None else "live" if live else "dead")
        cells += [
            f"{_int(row['hands']):,}",
            _pct(row.get("vpip_pct")),
            _pct(row.get("first_round_raise_pct")),
            _money(row.get("net_won"), unit),
            # the interval under the rate: narrow columns leave the labels room
            rate_with_interval(row, "big_bets_per_100").replace(" ", "\n"),
            rate_with_interval(row, "ev_big_bets_per_100").replace(" ", "\n"),
        ]
        table.add_row(*(as_text(cell, lines=True) for cell in cells))
    return table


def _under(category: str, detail: str) -> str:
    """A detail under its category's heading, without the words the heading says:
    "ace high" under "three to a flush", "to 7-6-4-2" under "draws one".

    >>> _under("three to a flush", "three to a straight flush, queen high")
    'straight flush, queen high'
    >>> _under("draws one", "draws one to 7-6-4-2"), _under("split pair", "split kings")
    ('to 7-6-4-2', 'split kings')
    """
    for said in (f"{category}, ", f"{category} ", "three to a "):
        if detail.startswith(said) and detail != said.strip():
            return detail.removeprefix(said)
    return detail


def rate_with_interval(row: Row, rate: str) -> str:
    """'+5.23 ±6.43': the rate and half its 95% interval (which is symmetric: the ends are
    in --csv and --json); the rate alone under 30 hands (no interval), '' without a rate.

    >>> rate_with_interval({"r": 5.234, "r_low": -1.2, "r_high": 11.66}, "r")
    '+5.23 ±6.43'
    """
    value, low, high = (row.get(rate + suffix) for suffix in ("", "_low", "_high"))
    if not isinstance(value, int | float | Decimal):
        return ""
    if not isinstance(low, int | float | Decimal) or not isinstance(high, int | float | Decimal):
        return signed(float(value))
    return f"{signed(float(value))} ±{(float(high) - float(low)) / 2:.2f}"


def _pct(value: object) -> str:
    return f"{float(value):.1f}" if isinstance(value, int | float | Decimal) else ""


def _money(value: object, unit: str) -> str:
    """Net won in its unit ("+$0.59"); chips as a bare count, the block's rule names them."""
    if not isinstance(value, Decimal):
        return ""
    if unit == CHIPS:
        return f"{round(value, 0):+,.0f}"
    return format_money(value, unit, signed=True)


def _int(value: object) -> int:
    return int(value) if isinstance(value, int | float | Decimal) else 0
