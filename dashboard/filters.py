"""The filters every page shares (sidebar): hero, site, game, limit, stakes, money, dates.

The widgets' answer is a `Filters` value (`dashboard.hand_filters`), kept in the session
for every page to read.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import polars as pl
import streamlit as st

from dashboard.connection import database_path, is_dataset
from dashboard.games import game_name, limit_name
from dashboard.hand_filters import Filters
from dashboard.money import unit_title
from dashboard.queries.options import filter_options, stored_hero_names
from parsers.sites import site_name
from pipeline.storage.database import Database
from pipeline.storage.settings import default_hero_names, set_hero_names

STATE_KEY = "filters"
MONEY_CHOSEN = "money_chosen"
ALL = "All"
MONEY_CHOICES = {ALL: None, "Cash": "cash", "Tournament": "tournament"}
PERIODS = ("All time", "Last day played", "Last 7 days", "Last 30 days", "Custom")


def current() -> Filters:
    """The filters the sidebar set on this run (no filter when a page runs alone)."""
    value = st.session_state.get(STATE_KEY)
    return value if isinstance(value, Filters) else Filters()


def sidebar() -> Filters:
    """Draw the filter widgets in the sidebar and remember what they say."""
    options = filter_options()
    heroes = options["heroes"]
    with st.sidebar:
        st.header("Filters")
        found = _heroes_found(heroes)
        stored = stored_hero_names()
        default = list(stored) if stored else list(default_hero_names(heroes.iter_rows()))
        offered = [*found, *(name for name in default if name not in found)]
        if "filter_heroes" not in st.session_state:
            st.session_state["filter_heroes"] = [n for n in default if n in offered]
        chosen_heroes = st.multiselect(
            "Hero",
            offered,
            key="filter_heroes",
            format_func=lambda name: found.get(name, name),
            help="Your screen names: the hands are counted as yours when one of them "
            "played it (once a hand, even when two of them sat at the table). Until you "
            "remember a set, each site's most frequent hero is used.",
        )
        changed = bool(chosen_heroes) and tuple(chosen_heroes) != stored
        if (
            changed
            and not is_dataset()
            and st.button("Remember as my screen names", key="filter_heroes_remember")
        ):
            set_hero_names(Database(database_path()), tuple(chosen_heroes))
            st.rerun()
        site = _choice(
            "Site", options["sites"]["site"].to_list(), "filter_site", format_func=site_name
        )
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
        if "filter_money" not in st.session_state:
            # The last choice (kept under a key of its own: Streamlit forgets a widget's
            # state on another page), else the kind of money most hands are played for.
            kinds = options["money"]["kind"].to_list() or [None]
            main = next(label for label, kind in MONEY_CHOICES.items() if kind == kinds[0])
            st.session_state["filter_money"] = st.session_state.get(MONEY_CHOSEN, main)
        money = st.radio(
            "Cash or tournament",
            list(MONEY_CHOICES),
            key="filter_money",
            horizontal=True,
            help="Cash and tournament money are never added together: the hands of the "
            "kind you play most are shown first. 'All' mixes them (counts, rates and "
            "big bets still mean something).",
        )
        st.session_state[MONEY_CHOSEN] = money
        unit = _unit_choice(options["units"], MONEY_CHOICES[money or ALL])
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
        unit,
    )
    st.session_state[STATE_KEY] = active
    return active


def _heroes_found(heroes: pl.DataFrame) -> dict[str, str]:
    """Each hero name the sites mark, most hands first, with its label: "Hero —
    PokerStars, Full Tilt +6 sites, 398 hands"."""
    sites: dict[str, list[str]] = {}
    hands: dict[str, int] = {}
    for name, site, count in heroes.iter_rows():
        sites.setdefault(name, []).append(site_name(site))
        hands[name] = hands.get(name, 0) + count
    labels = {}
    for name in sorted(hands, key=lambda n: (-hands[n], n)):
        where = ", ".join(sites[name][:2])
        if len(sites[name]) > 2:
            where += f" +{len(sites[name]) - 2} sites"
        labels[name] = f"{name} — {where}, {hands[name]:,} hands"
    return labels


def _unit_choice(units: pl.DataFrame, money: str | None) -> str | None:
    """The money the pages count in: all the units the Cash / tournament choice leaves
    (each shown apart), or one ("USD", "EUR", "Play money", "Tournament chips")."""
    offered = [
        row["unit"] for row in units.iter_rows(named=True) if money is None or row["kind"] == money
    ]
    offered = list(dict.fromkeys(offered))
    if len(offered) < 2:
        return None
    picked = st.selectbox(
        "Currency",
        [None, *offered],
        key="filter_unit",
        format_func=lambda unit: "Each apart" if unit is None else unit_title(unit),
        help="Money of two units is never added: with 'Each apart' every page shows one "
        "block (or row) per unit.",
    )
    return picked


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
    """big_unit -> "$0.10/$0.20 (7 Card Stud, Razz) · 240/480 (Badugi)": every stake
    printed with that unit, each with the games played at it."""
    from dashboard.money import stakes_of

    labels: dict[Decimal, list[str]] = {}
    for row in stakes.iter_rows(named=True):
        games = [game_name(game) for game in row["games"]]
        shown = ", ".join(games[:3]) + (f" +{len(games) - 3}" if len(games) > 3 else "")
        text = stakes_of(row) + f" ({shown})"
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
