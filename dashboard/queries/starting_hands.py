"""The Starting hands page: the hero's results by starting hand, from their day counts.

The same numbers as the SQL macro starting_hands(...) (stat_reports.sql), for the
sidebar's hero, who may be several screen names counted as one: one read of the
starting-hand counts (start_day_counts) under the sidebar's filters, grouped by unit of
money (never added together), game and category. The names were worked out at import
(starting_hand_facts.py); nothing is named here.
"""

from __future__ import annotations

import polars as pl

from dashboard.connection import fetch
from dashboard.hand_filters import Filters

_RESULTS = """
    sum(c.hands)::BIGINT AS hands,
    stat_pct(sum(c.vpip), sum(c.hands)) AS vpip_pct,
    stat_pct(sum(c.first_round_raise), sum(c.hands)) AS first_round_raise_pct,
    sum(c.net_won) AS net_won,
    stat_counted_rate(c.big_bets_won, c.big_bets_hands) AS big_bets_per_100,
    stat_counted_low(c.big_bets_won, c.big_bets_squares, c.big_bets_hands)
        AS big_bets_per_100_low,
    stat_counted_high(c.big_bets_won, c.big_bets_squares, c.big_bets_hands)
        AS big_bets_per_100_high,
    stat_counted_sd(c.big_bets_won, c.big_bets_squares, c.big_bets_hands)
        AS big_bets_per_100_sd,
    sum(c.ev_net_won) AS ev_net_won,
    stat_counted_rate(c.ev_big_bets_won, c.ev_big_bets_hands) AS ev_big_bets_per_100,
    stat_counted_low(c.ev_big_bets_won, c.ev_big_bets_squares, c.ev_big_bets_hands)
        AS ev_big_bets_per_100_low,
    stat_counted_high(c.ev_big_bets_won, c.ev_big_bets_squares, c.ev_big_bets_hands)
        AS ev_big_bets_per_100_high,
    sum(c.all_in_adjusted)::BIGINT AS all_in_adjusted_n
"""


def _hero_counts(filters: Filters) -> tuple[str, dict[str, object]]:
    """The hero's rows of the starting-hand counts under the filters (the day counts of
    start_day_counts: a fraction of his hands' rows)."""
    arguments, params = filters.macro_arguments()
    hero, names = filters.hero_condition("c")
    counts = f"stat_counts_in_big_bets({arguments}{', ' if arguments else ''}by_start := true)"
    return f"(SELECT * FROM {counts} AS c WHERE {hero})", params | names


def games(filters: Filters) -> pl.DataFrame:
    """The games the hero has starting hands in under the filters, most hands first:
    game, family, hands."""
    counts, params = _hero_counts(filters)
    sql = f"""SELECT c.game, any_value(g.family) AS family, sum(c.hands)::BIGINT AS hands
    FROM {counts} AS c LEFT JOIN stat_games AS g ON g.game = c.game
    GROUP BY c.game ORDER BY hands DESC, c.game"""
    return fetch(sql, params)


def tables(filters: Filters, game: str, by_door: bool = False) -> pl.DataFrame:
    """Everything the page shows of `game`, in one scan (GROUPING SETS): rows of `level`
    'category' (per unit and category; with `by_door`, per door card live or dead too),
    'detail' (per detail of each category, likewise) and 'door' (stud: per unit and door
    card live or dead, whatever the category), in the report's order, units most hands
    first. Columns: level, unit, category, detail, door_live, hands, the rates and the
    win rates with their 95% interval."""
    counts, params = _hero_counts(filters)
    params |= {"game": game}
    split = "c.door_live" if by_door else "NULL::BOOLEAN"
    sql = f"""WITH hero AS (
        SELECT c.*, {split} AS door_split, c.door_live AS door_any
        FROM {counts} AS c
        WHERE c.game = $game
    ),
    grouped AS (
        SELECT
            CASE
                WHEN grouping(c.start_category) = 1 THEN 'door'
                WHEN grouping(c.start_detail) = 1 THEN 'category'
                ELSE 'detail'
            END AS level,
            c.unit,
            c.start_category AS category,
            c.start_detail AS detail,
            CASE WHEN grouping(c.start_category) = 1 THEN c.door_any ELSE c.door_split END
                AS door_live,
            min(c.start_order) AS category_order,
            min(c.detail_order) AS detail_order,
            {_RESULTS}
        FROM hero AS c
        GROUP BY GROUPING SETS (
            (c.unit, c.start_category, c.door_split),
            (c.unit, c.start_category, c.start_detail, c.door_split),
            (c.unit, c.door_any)
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
