"""The filters every page shares (sidebar): hero, site, game, limit, stakes, money, dates.

A `Filters` value is what the sidebar's widgets say; it turns itself into SQL, either as
conditions on `hands` / `hand_players` or as the named arguments of the stat macros, so
that every page filters the same way. Parameters are always bound, never pasted into
the SQL (screen names contain quotes).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import polars as pl
import streamlit as st

from dashboard import queries
from dashboard.games import game_name, limit_name

STATE_KEY = "filters"
ALL = "All"
MONEY_CHOICES = {ALL: None, "Cash": "cash", "Tournament": "tournament"}
PERIODS = ("All time", "Last day played", "Last 7 days", "Last 30 days", "Custom")


@dataclass(frozen=True, slots=True)
class Filters:
    """What to look at. None (or empty heroes) means "no filter" for that field.

    `until` is exclusive: the day after the last day picked, as the stat macros expect.
    Dates are UTC days (the database's time).
    """

    heroes: tuple[str, ...] = ()
    site: str | None = None
    game: str | None = None
    limit_kind: str | None = None
    big_unit: Decimal | None = None
    money: str | None = None  # 'cash' (real and play money) or 'tournament'
    since: date | None = None
    until: date | None = None

    def hand_conditions(self, hands: str = "h") -> tuple[str, dict[str, Any]]:
        """Conditions on the `hands` table (aliased `hands`), and their parameters."""
        conditions: list[str] = []
        params: dict[str, Any] = {}
        for column, value in (
            ("site", self.site),
            ("game", self.game),
            ("limit_kind", self.limit_kind),
        ):
            if value is not None:
                conditions.append(f"{hands}.{column} = $f_{column}")
                params[f"f_{column}"] = value
        if self.big_unit is not None:
            conditions.append(f"{hands}.big_unit = CAST($f_big_unit AS DECIMAL(18, 4))")
            params["f_big_unit"] = str(self.big_unit)
        if self.money == "cash":
            conditions.append(f"{hands}.money IN ('real', 'play')")
        elif self.money is not None:
            conditions.append(f"{hands}.money = $f_money")
            params["f_money"] = self.money
        if self.since is not None:
            conditions.append(f"{hands}.started_at >= CAST($f_since AS TIMESTAMPTZ)")
            params["f_since"] = _utc_midnight(self.since)
        if self.until is not None:
            conditions.append(f"{hands}.started_at < CAST($f_until AS TIMESTAMPTZ)")
            params["f_until"] = _utc_midnight(self.until)
        return " AND ".join(conditions) or "TRUE", params

    def hero_condition(
        self, players: str = "hp", column: str = "player"
    ) -> tuple[str, dict[str, Any]]:
        """`players.player` (or another column) is one of the hero's screen names (FALSE
        with none)."""
        if not self.heroes:
            return "FALSE", {}
        names = {f"f_hero_{i}": name for i, name in enumerate(self.heroes)}
        placeholders = ", ".join(f"${key}" for key in names)
        return f"{players}.{column} IN ({placeholders})", names

    def macro_arguments(self) -> tuple[str, dict[str, Any]]:
        """The stat macros' named arguments for these filters (not the player)."""
        arguments: list[str] = []
        params: dict[str, Any] = {}
        for name, value in (
            ("site", self.site),
            ("game", self.game),
            ("limit_kind", self.limit_kind),
            ("money", self.money),
        ):
            if value is not None:
                arguments.append(f"{name} := $m_{name}")
                params[f"m_{name}"] = value
        if self.big_unit is not None:
            arguments.append("big_unit := CAST($m_big_unit AS DECIMAL(18, 4))")
            params["m_big_unit"] = str(self.big_unit)
        if self.since is not None:
            arguments.append("since := CAST($m_since AS TIMESTAMPTZ)")
            params["m_since"] = _utc_midnight(self.since)
        if self.until is not None:
            arguments.append("until := CAST($m_until AS TIMESTAMPTZ)")
            params["m_until"] = _utc_midnight(self.until)
        return ", ".join(arguments), params


def _utc_midnight(day: date) -> str:
    return f"{day.isoformat()} 00:00:00+00"


def current() -> Filters:
    """The filters the sidebar set on this run (no filter when a page runs alone)."""
    value = st.session_state.get(STATE_KEY)
    return value if isinstance(value, Filters) else Filters()


def sidebar() -> Filters:
    """Draw the filter widgets in the sidebar and remember what they say."""
    options = queries.filter_options()
    heroes = options["heroes"]
    with st.sidebar:
        st.header("Filters")
        hero_names = heroes["hero"].to_list()
        chosen_heroes = st.multiselect(
            "Hero",
            hero_names,
            default=hero_names,
            key="filter_heroes",
            help="The player whose histories these are (the one whose down cards they "
            "show). Pick several screen names to count them as one hero.",
        )
        site = _choice("Site", options["sites"]["site"].to_list(), "filter_site")
        game = _choice(
            "Game", options["games"]["game"].to_list(), "filter_game", format_func=game_name
        )
        limit_kind = _choice(
            "Limit", options["limits"]["limit_kind"].to_list(), "filter_limit", limit_name
        )
        stakes = _stakes_labels(options["stakes"])
        big_unit = _choice(
            "Stakes",
            list(stakes),
            "filter_stakes",
            format_func=lambda unit: stakes.get(unit, str(unit)),
            help="The big bet in fixed limit, the big blind in pot and no limit.",
        )
        money = st.radio(
            "Cash or tournament", list(MONEY_CHOICES), key="filter_money", horizontal=True
        )
        since, until = _period(options["dates"])
    active = Filters(
        tuple(chosen_heroes),
        site,
        game,
        limit_kind,
        big_unit,
        MONEY_CHOICES[money or ALL],
        since,
        until,
    )
    st.session_state[STATE_KEY] = active
    return active


def _choice(
    label: str, values: list[Any], key: str, format_func: Any = str, help: str | None = None
) -> Any:
    """A selectbox whose first entry, "All", means no filter (None)."""
    picked = st.selectbox(
        label,
        [None, *values],
        key=key,
        format_func=lambda value: ALL if value is None else format_func(value),
        help=help,
    )
    return picked


def _stakes_labels(stakes: pl.DataFrame) -> dict[Decimal, str]:
    """big_unit -> "$0.10/$0.20 · 240/480": every stake printed with that unit."""
    from dashboard.money import format_stakes

    labels: dict[Decimal, list[str]] = {}
    for row in stakes.iter_rows(named=True):
        text = format_stakes(
            row["limit_kind"],
            row["small_bet"],
            row["big_bet"],
            row["small_blind"],
            row["big_blind"],
            row["currency"],
        )
        entries = labels.setdefault(row["big_unit"], [])
        if text not in entries:
            entries.append(text)
    return {unit: " · ".join(texts) for unit, texts in labels.items()}


def _period(dates: pl.DataFrame) -> tuple[date | None, date | None]:
    """The date range: relative to the last hand played (histories are read after the
    session, not live), or custom."""
    first, last = dates["first_day"][0], dates["last_day"][0]
    period = st.selectbox("Dates (UTC)", PERIODS, key="filter_period")
    if first is None or last is None or period == "All time":
        return None, None
    after_last = last + timedelta(days=1)
    if period == "Last day played":
        return last, after_last
    if period == "Last 7 days":
        return last - timedelta(days=6), after_last
    if period == "Last 30 days":
        return last - timedelta(days=29), after_last
    picked = st.date_input(
        "From - to", value=(first, last), min_value=first, max_value=last, key="filter_dates"
    )
    days = list(picked) if isinstance(picked, tuple | list) else [picked]
    if not days:
        return None, None
    return days[0], (days[-1] if len(days) > 1 else days[0]) + timedelta(days=1)
