"""The Starting hands page: the hero's results by starting hand, from player_hand_facts.

The same numbers as the SQL macro starting_hands(...) (stats.sql), for the sidebar's
hero, who may be several screen names counted as one: one scan of player_hand_facts
under the sidebar's filters, grouped by unit of money (never added together), game and
category. The names were worked out at import (starting_hand_facts.py); nothing is
named here.
"""

from __future__ import annotations

import polars as pl

from dashboard.connection import fetch
from dashboard.hand_filters import Filters

_RESULTS = """
    count(*) AS hands,
    100.0 * count(*) FILTER (WHERE f.vpip) / count(*) AS vpip_pct,
    100.0 * count(*) FILTER (WHERE f.first_round_raise) / count(*) AS first_round_raise_pct,
    sum(f.net) AS net_won,
    100.0 * sum(f.net / nullif(f.big_unit, 0))
        / nullif(count(f.net / nullif(f.big_unit, 0)), 0) AS big_bets_per_100,
    stat_win_rate_low(f.net / nullif(f.big_unit, 0)) AS big_bets_per_100_low,
    stat_win_rate_high(f.net / nullif(f.big_unit, 0)) AS big_bets_per_100_high,
    stat_win_rate_sd(f.net / nullif(f.big_unit, 0)) AS big_bets_per_100_sd,
    sum(f.ev_net) AS ev_net_won,
    100.0 * sum(f.ev_net / nullif(f.big_unit, 0))
        / nullif(count(f.ev_net / nullif(f.big_unit, 0)), 0) AS ev_big_bets_per_100,
    stat_win_rate_low(f.ev_net / nullif(f.big_unit, 0)) AS ev_big_bets_per_100_low,
    stat_win_rate_high(f.ev_net / nullif(f.big_unit, 0)) AS ev_big_bets_per_100_high,
    count(*) FILTER (WHERE f.all_in_adjusted) AS all_in_adjusted_n
"""


def _where(filters: Filters) -> tuple[str, dict[str, object]]:
    where, params = filters.hand_conditions("f")
    hero, names = filters.hero_condition("f")
    return f"{hero} AND {where} AND f.start_category IS NOT NULL", params | names


def games(filters: Filters) -> pl.DataFrame:
    """The games the hero has starting hands in under the filters, most hands first:
    game, family, hands."""
    where, params = _where(filters)
    sql = f"""SELECT f.game, any_value(f.family) AS family, count(*) AS hands
    FROM player_hand_facts AS f WHERE {where}
    GROUP BY f.game ORDER BY hands DESC, f.game"""
    return fetch(sql, params)


def categories(
    filters: Filters, game: str, by_door: bool = False, category: str | None = None
) -> pl.DataFrame:
    """The hero's results in `game` per unit and category (with `by_door`, per door card
    live or dead too; with `category`, per detail of that category), in the report's
    order; units most hands first. Columns: unit, category, detail, door_live, hands,
    the rates and the win rates with their 95% interval."""
    where, params = _where(filters)
    params |= {"game": game}
    door = "f.door_seen = 0" if by_door else "NULL::BOOLEAN"
    detail = "f.start_detail" if category is not None else "NULL::VARCHAR"
    if category is not None:
        where += " AND f.start_category = $category"
        params["category"] = category
    # a category's details in their order, each live then dead; categories the same way
    order = "detail_order, door_live DESC NULLS LAST"
    if category is None:
        order = "door_live DESC NULLS LAST, detail_order"
    sql = f"""WITH grouped AS (
        SELECT
            money_unit(f.money, f.currency) AS unit,
            f.start_category AS category,
            {detail} AS detail,
            {door} AS door_live,
            min(f.start_order) AS category_order,
            min(f.detail_order) AS detail_order,
            {_RESULTS}
        FROM player_hand_facts AS f
        WHERE {where} AND f.game = $game
        GROUP BY ALL
    )
    SELECT * EXCLUDE (unit_hands) FROM (
        SELECT *, sum(hands) OVER (PARTITION BY unit) AS unit_hands FROM grouped
    )
    ORDER BY unit_hands DESC, unit, category_order, {order}, hands DESC, detail"""
    return fetch(sql, params)


def doors(filters: Filters, game: str) -> pl.DataFrame:
    """Stud: the hero's results per unit with his door card live (no card of its rank
    among the other door cards) and dead, whatever the category; units most hands first."""
    where, params = _where(filters)
    sql = f"""WITH grouped AS (
        SELECT money_unit(f.money, f.currency) AS unit, f.door_seen = 0 AS door_live,
            {_RESULTS}
        FROM player_hand_facts AS f
        WHERE {where} AND f.game = $game AND f.door_seen IS NOT NULL
        GROUP BY ALL
    )
    SELECT * EXCLUDE (unit_hands) FROM (
        SELECT *, sum(hands) OVER (PARTITION BY unit) AS unit_hands FROM grouped
    )
    ORDER BY unit_hands DESC, unit, door_live DESC"""
    return fetch(sql, params | {"game": game})
