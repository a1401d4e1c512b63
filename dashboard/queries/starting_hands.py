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


def tables(filters: Filters, game: str, by_door: bool = False) -> pl.DataFrame:
    """Everything the page shows of `game`, in one scan (GROUPING SETS): rows of `level`
    'category' (per unit and category; with `by_door`, per door card live or dead too),
    'detail' (per detail of each category, likewise) and 'door' (stud: per unit and door
    card live or dead, whatever the category), in the report's order, units most hands
    first. Columns: level, unit, category, detail, door_live, hands, the rates and the
    win rates with their 95% interval."""
    where, params = _where(filters)
    params |= {"game": game}
    split = "f.door_seen = 0" if by_door else "NULL::BOOLEAN"
    sql = f"""WITH hero AS (
        SELECT
            f.*,
            money_unit(f.money, f.currency) AS unit,
            {split} AS door_split,
            f.door_seen = 0 AS door_any
        FROM player_hand_facts AS f
        WHERE {where} AND f.game = $game
    ),
    grouped AS (
        SELECT
            CASE
                WHEN grouping(f.start_category) = 1 THEN 'door'
                WHEN grouping(f.start_detail) = 1 THEN 'category'
                ELSE 'detail'
            END AS level,
            f.unit,
            f.start_category AS category,
            f.start_detail AS detail,
            CASE WHEN grouping(f.start_category) = 1 THEN f.door_any ELSE f.door_split END
                AS door_live,
            min(f.start_order) AS category_order,
            min(f.detail_order) AS detail_order,
            {_RESULTS}
        FROM hero AS f
        GROUP BY GROUPING SETS (
            (f.unit, f.start_category, f.door_split),
            (f.unit, f.start_category, f.start_detail, f.door_split),
            (f.unit, f.door_any)
        )
    )
    SELECT * EXCLUDE (unit_hands) FROM (
        SELECT *, sum(hands) FILTER (WHERE level = 'category') OVER (PARTITION BY unit)
            AS unit_hands
        FROM grouped
    )
    WHERE level <> 'door' OR door_live IS NOT NULL
    ORDER BY level, unit_hands DESC, unit, category_order, detail_order,
        door_live DESC NULLS LAST, hands DESC, detail"""
    return fetch(sql, params)
