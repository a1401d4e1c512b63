"""Query results as a player reads them: CSV and JSON lines a spreadsheet takes as they
are, and the stats as one block per unit of money, each stat in words beside its sample.

Money columns are DECIMAL in the database and stay exact here ("10.83", never
"10.829999999999998"); a ratio the SQL computed as a double is written with 12
significant digits, which is all a double's arithmetic noise leaves true. A list or a
struct (the pots' winners) is written as JSON text in its cell. Text from histories
(player names) is never read as markup.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, TextIO

from rich.console import Console
from rich.table import Table

from parsers.model.games import GAME_RULES
from parsers.sites import site_name
from pipeline.reports.terminal_text import as_text
from pipeline.storage.money_units import CHIPS, format_money, unit_title
from pipeline.storage.stat_labels import stat_label
from pipeline.storage.win_rate import interval_text

if TYPE_CHECKING:
    import polars as pl

_GAME_NAMES = {game.value: rules.name for game, rules in GAME_RULES.items()}
_MONEY_STATS = ("net_won", "ev_net_won")
_WIN_RATES = ("big_bets_per_100", "ev_big_bets_per_100")


def plain_value(value: object) -> object:
    """A cell's value as CSV and JSON write it: exact decimals as their digits, doubles
    to 12 significant digits, times in ISO form, lists and structs as JSON text."""
    if isinstance(value, Decimal):
        return _decimal_text(value)
    if isinstance(value, float):
        return float(f"{value:.12g}")
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, timedelta):
        return str(value)
    if isinstance(value, list | tuple | dict):
        return json.dumps(value, default=_json_default, ensure_ascii=False)
    if isinstance(value, bytes):
        return value.hex()
    return value


def _decimal_text(value: Decimal) -> str:
    text = f"{value.normalize():f}"
    return "0" if text in ("-0", "0") else text


def _json_default(value: object) -> object:
    shown = plain_value(value)
    return shown if shown is not value else str(value)


def write_csv(frame: pl.DataFrame, out: TextIO | None = None) -> None:
    """The frame as CSV (on stdout by default): a header of its column names, one line
    a row."""
    import csv

    writer = csv.writer(out or sys.stdout, lineterminator="\n")
    writer.writerow(frame.columns)
    for row in frame.iter_rows():
        writer.writerow(["" if v is None else plain_value(v) for v in row])


def write_json_lines(frame: pl.DataFrame, out: TextIO | None = None) -> None:
    """One JSON object a row (on stdout by default); a decimal is a JSON number with its
    exact digits."""
    for row in frame.iter_rows(named=True):
        (out or sys.stdout).write("{" + ", ".join(_json_pair(k, v) for k, v in row.items()) + "}\n")


def _json_pair(name: str, value: object) -> str:
    key = json.dumps(name, ensure_ascii=False)
    if isinstance(value, Decimal):
        return f"{key}: {_decimal_text(value)}"
    shown = plain_value(value)
    if isinstance(value, list | tuple | dict):  # nested stays nested in JSON
        shown = json.loads(str(shown))
    return f"{key}: {json.dumps(shown, ensure_ascii=False)}"


def print_table(frame: pl.DataFrame, console: Console) -> None:
    """A query's result as a table; every value as text, never as markup."""
    table = Table()
    for column in frame.columns:  # a PIVOT's columns are named by values
        table.add_column(as_text(column))
    for row in frame.iter_rows():
        table.add_row(*(as_text("" if v is None else plain_value(v)) for v in row))
    console.print(table)


_KEYS = ("site", "player", "unit", "game", "round", "street")


def print_stat_blocks(rows: Iterable[Mapping[str, object]], console: Console) -> None:
    """One block per unit of money, headed by it (the unit with most hands first); in
    each, one table per row of the stat macro (a player at a site, in a game): each stat
    in words, its value, its sample."""
    from rich.rule import Rule

    by_unit: dict[str, list[Mapping[str, object]]] = {}
    for row in rows:
        by_unit.setdefault(str(row.get("unit") or ""), []).append(row)
    for unit, unit_rows in by_unit.items():
        if unit:
            console.print(Rule(as_text(unit_title(unit)), style="bold"))
        for row in unit_rows:
            console.print(_stat_table(row, unit))


def _stat_table(row: Mapping[str, object], unit: str) -> Table:
    title = " · ".join(
        _key_text(key, row[key]) for key in _KEYS if key != "unit" and row.get(key) is not None
    )
    table = Table("stat", "value", "sample", title=as_text(title))
    for name, value in row.items():
        if name in _KEYS or name.endswith("_n") or _spread_of(name):
            continue  # a sample beside its stat; a win rate's interval on the rate's line
        sample = row.get("hands") if name in _WIN_RATES else row.get(_sample_column(name))
        if value is None and not sample:
            continue  # a stat this game never gives a chance at (a 5th draw in badugi)
        text = _win_rate(row, name) if name in _WIN_RATES else _stat_text(name, value, unit)
        table.add_row(stat_label(name), text, "" if sample is None else f"{sample:,}")
    return table


def _spread_of(column: str) -> bool:
    """A win rate's interval end (`big_bets_per_100_low`...): on the rate's line."""
    return any(column == rate + suffix for rate in _WIN_RATES for suffix in ("_low", "_high"))


def _win_rate(row: Mapping[str, object], rate: str) -> str:
    """'+5.23 ±6.43 (95%: -1.20 to +11.66)': the SD has a line of its own (a line this
    long fits an 80-column terminal)."""
    low, high = (_number(row.get(rate + suffix)) for suffix in ("_low", "_high"))
    return interval_text(_number(row.get(rate)), low, high)


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, int | float | Decimal) else None


def _key_text(key: str, value: object) -> str:
    if key == "site":
        return site_name(str(value))
    if key == "game":
        return _GAME_NAMES.get(str(value), str(value))
    return str(value)


def _sample_column(stat: str) -> str:
    return stat.removesuffix("_pct").removesuffix("_avg") + "_n"


def _stat_text(name: str, value: object, unit: str) -> str:
    if value is None:
        return ""
    if name in _MONEY_STATS and isinstance(value, Decimal):
        if name == "ev_net_won":  # an expectation, not money paid: to the cent (the chip)
            value = round(value, 0 if unit == CHIPS else 2)
        return format_money(value, unit, signed=True)
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)
