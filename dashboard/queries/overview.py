"""The Overview page: totals, the results graph, results by game and stakes, sessions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl

from dashboard.connection import fetch_many
from dashboard.hand_filters import Filters
from dashboard.queries.hero_hands import hero_hands_table
from dashboard.queries.tournaments import RESULTS, tournament_conditions

MAX_POINTS = 2_000  # the results graph: enough for the eye, cheap for the browser (a unit)
SESSION_GAP_MINUTES = 30  # a pause this long starts a new session

# Each win rate with its 95% interval and SD per 100 hands (stats.sql's stat_win_rate_*
# macros, player_stats' columns of the same names), NULL under 30 hands
_TOTALS = """
    count(*) AS hands,
    sum(net) AS net_won,
    100 * sum(big_bets) / nullif(count(big_bets), 0) AS big_bets_per_100,
    stat_win_rate_low(big_bets) AS big_bets_per_100_low,
    stat_win_rate_high(big_bets) AS big_bets_per_100_high,
    stat_win_rate_sd(big_bets) AS big_bets_per_100_sd,
    coalesce(sum(net) FILTER (WHERE went_to_showdown), 0) AS showdown_won,
    coalesce(sum(net) FILTER (WHERE NOT went_to_showdown), 0) AS non_showdown_won,
    sum(ev_net) AS ev_net_won,
    100 * sum(ev_big_bets) / nullif(count(ev_big_bets), 0) AS ev_big_bets_per_100,
    stat_win_rate_low(ev_big_bets) AS ev_big_bets_per_100_low,
    stat_win_rate_high(ev_big_bets) AS ev_big_bets_per_100_high,
    stat_win_rate_sd(ev_big_bets) AS ev_big_bets_per_100_sd,
    count(*) FILTER (WHERE all_in_adjusted) AS all_in_adjusted
"""
_HAND_ORDER = "started_at, site, hand_number"
_STAKES = (
    "game",
    "limit_kind",
    "big_unit",
    "small_bet",
    "big_bet",
    "small_blind",
    "big_blind",
    "currency",
)

# One row per unit (money is never added across units), the unit with most hands first
# (rated_hands: the hands with a big bet, which the win rate is over)
_OVERVIEW_TOTALS = f"""SELECT unit, {_TOTALS},
    count(big_bets) AS rated_hands,
    count(DISTINCT hero) AS names,
    count(DISTINCT tournament_id) AS tournaments
FROM hero_hands GROUP BY unit ORDER BY hands DESC, unit"""


# Cumulative results (all, showdown, non-showdown; money and big bets) of each unit after
# every k-th hand of that unit, k chosen so that at most $max_points points come back per
# unit: hands are numbered once, summed per block of k in one pass, and only the blocks
# are accumulated. Each unit's graph starts from 0 at hand 0.
_RESULTS_CURVE = f"""WITH numbered AS (
    SELECT unit,
        row_number() OVER (PARTITION BY unit ORDER BY {_HAND_ORDER}) AS hand,
        count(*) OVER (PARTITION BY unit) AS total,
        started_at, net, big_bets, went_to_showdown, ev_net, ev_big_bets
    FROM hero_hands
),
blocks AS (
    SELECT unit,
        (hand - 1) // greatest(1, CAST(ceil(total / $max_points) AS BIGINT)) AS block,
        max(hand) AS hand,
        timezone('UTC', max(started_at)) AS started_at,
        sum(net) AS net_won,
        coalesce(sum(net) FILTER (WHERE went_to_showdown), 0) AS showdown,
        coalesce(sum(net) FILTER (WHERE NOT went_to_showdown), 0) AS non_showdown,
        coalesce(sum(big_bets), 0) AS big_bets_won,
        coalesce(sum(big_bets) FILTER (WHERE went_to_showdown), 0) AS showdown_big_bets,
        coalesce(sum(big_bets) FILTER (WHERE NOT went_to_showdown), 0)
            AS non_showdown_big_bets,
        sum(ev_net) AS ev_net_won,
        coalesce(sum(ev_big_bets), 0) AS ev_big_bets_won
    FROM numbered
    GROUP BY unit, block
)
SELECT unit, 0 AS hand, NULL AS started_at, 0 AS net_won, 0 AS showdown,
    0 AS non_showdown, 0.0 AS big_bets_won, 0.0 AS showdown_big_bets,
    0.0 AS non_showdown_big_bets, 0 AS ev_net_won, 0.0 AS ev_big_bets_won
FROM (SELECT DISTINCT unit FROM blocks)
UNION ALL
SELECT unit, hand, started_at,
    sum(net_won) OVER running, sum(showdown) OVER running, sum(non_showdown) OVER running,
    sum(big_bets_won) OVER running, sum(showdown_big_bets) OVER running,
    sum(non_showdown_big_bets) OVER running,
    sum(ev_net_won) OVER running, sum(ev_big_bets_won) OVER running
FROM blocks
WINDOW running AS (PARTITION BY unit ORDER BY block ROWS UNBOUNDED PRECEDING)
ORDER BY unit, hand"""


def _results_by(keys: Sequence[str]) -> str:
    columns = ", ".join(keys)
    return f"""SELECT unit, {columns}, {_TOTALS}
FROM hero_hands GROUP BY unit, {columns} ORDER BY unit, hands DESC, {columns}"""


# The most recent sessions: hands with no pause of more than $gap minutes between them,
# over every table at once (multi-tabling is one session). Hands are first summed per
# stretch of $gap minutes (and game and unit): two hands of a stretch are never more
# than $gap apart, so a session can only start at a stretch's first hand, when the
# previous stretch with hands ended more than $gap minutes before. Only those few rows
# are put in order, not every hand. A session of two units has a row for each; the
# $limit newest of each unit are kept.
_SESSIONS = """WITH per_stretch AS (
    SELECT epoch_us(started_at) // (CAST($gap AS BIGINT) * 60000000) AS stretch, game,
        unit,
        min(started_at) AS first_hand, max(started_at) AS last_hand,
        count(*) AS hands, sum(net) AS net_won,
        sum(big_bets) AS big_bets, count(big_bets) AS big_bets_n,
        sum(big_bets * big_bets) AS big_bets_squares
    FROM hero_hands
    GROUP BY ALL
),
stretches AS (
    SELECT stretch,
        CASE WHEN min(first_hand) - lag(max(last_hand)) OVER (ORDER BY stretch)
                  <= to_minutes(CAST($gap AS BIGINT))
             THEN 0 ELSE 1 END AS starts_session
    FROM per_stretch
    GROUP BY stretch
),
numbered AS (
    SELECT stretch,
        sum(starts_session) OVER (ORDER BY stretch ROWS UNBOUNDED PRECEDING) AS session
    FROM stretches
)
SELECT
    p.unit,
    timezone('UTC', min(p.first_hand)) AS started,
    timezone('UTC', max(p.last_hand)) AS last_hand,
    date_diff('second', min(p.first_hand), max(p.last_hand)) AS duration_seconds,
    CAST(sum(p.hands) AS BIGINT) AS hands,
    sum(p.net_won) AS net_won,
    stat_counted_rate(p.big_bets, p.big_bets_n) AS big_bets_per_100,
    stat_counted_low(p.big_bets, p.big_bets_squares, p.big_bets_n) AS big_bets_per_100_low,
    stat_counted_high(p.big_bets, p.big_bets_squares, p.big_bets_n) AS big_bets_per_100_high,
    stat_counted_sd(p.big_bets, p.big_bets_squares, p.big_bets_n) AS big_bets_per_100_sd,
    string_agg(DISTINCT p.game, ', ') AS games
FROM per_stretch AS p
JOIN numbered USING (stretch)
GROUP BY session, p.unit
QUALIFY row_number() OVER (PARTITION BY p.unit ORDER BY min(p.first_hand) DESC) <= $limit
ORDER BY min(p.first_hand) DESC, p.unit"""

# The hero's names one by one (a coaching archive: several people's histories)
_BY_NAME = f"""SELECT unit, hero, site, {_TOTALS}
FROM hero_hands GROUP BY unit, hero, site ORDER BY unit, hands DESC, hero, site"""


def _tournament_money(filters: Filters) -> tuple[str, dict[str, Any]]:
    """The hero's tournaments' money per currency of the buy-in (the `tournaments` view:
    buy-ins and prizes, never chips), under the Tournaments page's own filters and sums."""
    where, params = tournament_conditions(filters)
    sql = f"""SELECT t.unit AS currency, {RESULTS}
    FROM tournaments AS t WHERE {where}
    GROUP BY t.unit ORDER BY t.unit IS NULL, tournaments DESC, t.unit"""
    return sql, params


@dataclass(frozen=True, slots=True)
class Overview:
    """The Overview page's numbers, read together; every frame has a `unit` column (or,
    for tournaments, the buy-in's `currency`): money is summed within one only."""

    totals: pl.DataFrame  # one row a unit: hands, net won, BB/100, showdown split
    curve: pl.DataFrame  # the results graph's points, per unit
    by_game: pl.DataFrame
    by_stakes: pl.DataFrame
    sessions: pl.DataFrame  # the most recent first; a row per session and unit
    by_name: pl.DataFrame  # per screen name and site
    tournaments: pl.DataFrame  # tournament money per buy-in currency

    def units(self) -> list[str]:
        """The units of the hero's hands, the one with most hands first."""
        return self.totals["unit"].to_list()


def overview(
    filters: Filters,
    max_points: int = MAX_POINTS,
    gap_minutes: int = SESSION_GAP_MINUTES,
    sessions: int = 20,
) -> Overview:
    """Every Overview number, read on one connection: each from the hero's hands (one row
    a hand, `hero_hands_table`), per unit of money."""
    if gap_minutes < 1:
        raise ValueError("a session gap is at least a minute")
    table, params = hero_hands_table(filters)
    tournaments, tournament_params = _tournament_money(filters)
    want_tournaments = filters.money in (None, "tournament") and filters.unit in (
        None,
        "tournament chips",
    )
    # The hero's hands worked out once (one row a hand takes a join and a window), then
    # read by every query: a temporary table of the connection fetch_many opens.
    _made, *frames = fetch_many(
        [
            (table, params),
            (_OVERVIEW_TOTALS, None),
            (_RESULTS_CURVE, {"max_points": max_points}),
            (_results_by(["game"]), None),
            (_results_by(_STAKES), None),
            (_SESSIONS, {"gap": gap_minutes, "limit": sessions}),
            (_BY_NAME, None),
            (
                tournaments if want_tournaments else f"{tournaments} LIMIT 0",
                tournament_params,
            ),
        ]
    )
    return Overview(*frames)
