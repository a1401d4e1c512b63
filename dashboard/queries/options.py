"""What the sidebar's filters offer."""

from __future__ import annotations

import json

import duckdb
import polars as pl

from dashboard.connection import fetch, fetch_many
from pipeline.storage.settings import HEROES_FOUND_SQL


def filter_options() -> dict[str, pl.DataFrame]:
    """What the sidebar offers: heroes (most hands first), sites, games, limits, stakes,
    the first and last day played, the hands of each kind of money (cash first when
    as many), and of each unit of money (money_unit: 'USD', 'play money'...). The heroes
    are HEROES_FOUND_SQL's rows: (hero, site, hands), a row per name and site."""
    names = ("heroes", "sites", "games", "limits", "stakes", "dates", "money", "units")
    frames = fetch_many(
        [
            (HEROES_FOUND_SQL, None),
            ("SELECT DISTINCT site FROM hands ORDER BY site", None),
            ("SELECT game, count(*) AS hands FROM hands GROUP BY game ORDER BY hands DESC", None),
            ("SELECT DISTINCT limit_kind FROM hands ORDER BY limit_kind", None),
            (
                "SELECT limit_kind, big_unit, small_bet, big_bet, small_blind, big_blind, "
                "currency, list(DISTINCT game ORDER BY game) AS games FROM hands "
                "WHERE big_unit IS NOT NULL GROUP BY ALL "
                "ORDER BY big_unit, limit_kind, currency NULLS LAST",
                None,
            ),
            (
                "SELECT CAST(timezone('UTC', min(started_at)) AS DATE) AS first_day, "
                "CAST(timezone('UTC', max(started_at)) AS DATE) AS last_day FROM hands",
                None,
            ),
            (
                "SELECT CASE WHEN money = 'tournament' THEN 'tournament' ELSE 'cash' END AS kind, "
                "count(*) AS hands FROM hands GROUP BY kind ORDER BY hands DESC, kind",
                None,
            ),
            (
                "SELECT money_unit(money, currency) AS unit, "
                "CASE WHEN money = 'tournament' THEN 'tournament' ELSE 'cash' END AS kind, "
                "count(*) AS hands FROM hands GROUP BY ALL ORDER BY hands DESC, unit",
                None,
            ),
        ]
    )
    return dict(zip(names, frames, strict=True))


def stored_hero_names() -> tuple[str, ...] | None:
    """The hero's screen names as set for this database (`studdraw hero`, the sidebar);
    None if never set, or the file is older than its settings."""
    try:
        frame = fetch("SELECT value FROM settings WHERE name = 'hero_names'")
    except duckdb.CatalogException:
        return None
    return tuple(json.loads(frame["value"][0])) if frame.height else None
