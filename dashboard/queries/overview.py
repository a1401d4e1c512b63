"""The Overview page: totals, the results graph, results by game and stakes, sessions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from dashboard.connection import fetch_many
from dashboard.hand_filters import Filters
from dashboard.queries.hero_hands import hero_hands, hero_rows

MAX_POINTS = 2_000  # the results graph: enough for the eye, cheap for the browser
SESSION_GAP_MINUTES = 30  # a pause this long starts a new session

_TOTALS = """
    count(*) AS hands,
    sum(net) AS net_won,
    100 * sum(big_bets) / nullif(count(big_bets), 0) AS big_bets_per_100,
    coalesce(sum(net) FILTER (WHERE went_to_showdown), 0) AS showdown_won,
    coalesce(sum(net) FILTER (WHERE NOT went_to_showdown), 0) AS non_showdown_won,
    sum(ev_net) AS ev_net_won,
    100 * sum(ev_big_bets) / nullif(count(ev_big_bets), 0) AS ev_big_bets_per_100,
    count(*) FILTER (WHERE all_in_adjusted) AS all_in_adjusted
"""
# The order of the graph (a hand two of the hero's names played comes twice)
_HAND_ORDER = "started_at, site, hand_number, hero"
_STAKES = ("limit_kind", "big_unit", "small_bet", "big_bet", "small_blind", "big_blind", "currency")

_OVERVIEW_TOTALS = f"""SELECT {_TOTALS},
    count(DISTINCT coalesce(currency, money)) AS money_kinds,
    string_agg(DISTINCT coalesce(currency, money), ', ') AS money_list,
    any_value(currency) AS currency
FROM hero_hands"""


def _results_curve(hero_rows: str) -> str:
    """Cumulative results (all, showdown, non-showdown; money and big bets) after every
    k-th hand, k chosen so that at most $max_points points come back: hands are numbered
    once, summed per block of k in one pass, and only the blocks are accumulated. The
    graph starts from 0 at hand 0. (The count is read apart, from the hero's rows: a
    second reading of hero_hands would make DuckDB keep a copy of it.)"""
    return f""",
numbered AS (
    SELECT row_number() OVER (ORDER BY {_HAND_ORDER}) AS hand, t.total,
        started_at, net, big_bets, went_to_showdown, ev_net, ev_big_bets
    FROM hero_hands, (SELECT count(*) AS total {hero_rows}) AS t
),
blocks AS (
    SELECT
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
    GROUP BY block
)
SELECT 0 AS hand, NULL AS started_at, 0 AS net_won, 0 AS showdown, 0 AS non_showdown,
    0.0 AS big_bets_won, 0.0 AS showdown_big_bets, 0.0 AS non_showdown_big_bets,
    0 AS ev_net_won, 0.0 AS ev_big_bets_won
UNION ALL
SELECT hand, started_at,
    sum(net_won) OVER running, sum(showdown) OVER running, sum(non_showdown) OVER running,
    sum(big_bets_won) OVER running, sum(showdown_big_bets) OVER running,
    sum(non_showdown_big_bets) OVER running,
    sum(ev_net_won) OVER running, sum(ev_big_bets_won) OVER running
FROM blocks
WINDOW running AS (ORDER BY block ROWS UNBOUNDED PRECEDING)
ORDER BY hand"""


def _results_by(keys: Sequence[str]) -> str:
    columns = ", ".join(keys)
    return f"""SELECT {columns}, {_TOTALS}
FROM hero_hands GROUP BY {columns} ORDER BY hands DESC, {columns}"""


# The most recent sessions: hands with no pause of more than $gap minutes between them,
# over every table at once (multi-tabling is one session). Hands are first summed per
# stretch of $gap minutes (and game and money): two hands of a stretch are never more
# than $gap apart, so a session can only start at a stretch's first hand, when the
# previous stretch with hands ended more than $gap minutes before. Only those few rows
# are put in order, not every hand.
_SESSIONS = """,
per_stretch AS (
    SELECT epoch_us(started_at) // (CAST($gap AS BIGINT) * 60000000) AS stretch, game,
        coalesce(currency, money) AS money,
        min(started_at) AS first_hand, max(started_at) AS last_hand,
        count(*) AS hands, sum(net) AS net_won,
        sum(big_bets) AS big_bets, count(big_bets) AS big_bets_n
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
    timezone('UTC', min(first_hand)) AS started,
    timezone('UTC', max(last_hand)) AS last_hand,
    date_diff('second', min(first_hand), max(last_hand)) AS duration_seconds,
    CAST(sum(hands) AS BIGINT) AS hands,
    sum(net_won) AS net_won,
    100 * sum(big_bets) / nullif(sum(big_bets_n), 0) AS big_bets_per_100,
    string_agg(DISTINCT game, ', ') AS games,
    string_agg(DISTINCT money, ', ') AS money
FROM per_stretch
JOIN numbered USING (stretch)
GROUP BY session
ORDER BY min(first_hand) DESC
LIMIT $limit"""


@dataclass(frozen=True, slots=True)
class Overview:
    """The Overview page's numbers, read together."""

    totals: pl.DataFrame  # one row: hands, net won, BB/100, showdown split, money kinds
    curve: pl.DataFrame  # the results graph's points
    by_game: pl.DataFrame
    by_stakes: pl.DataFrame
    sessions: pl.DataFrame  # the most recent first


def overview(
    filters: Filters,
    max_points: int = MAX_POINTS,
    gap_minutes: int = SESSION_GAP_MINUTES,
    sessions: int = 20,
) -> Overview:
    """Every Overview number, read on one connection: each from the hero's rows of
    player_hand_facts."""
    if gap_minutes < 1:
        raise ValueError("a session gap is at least a minute")
    cte, params = hero_hands(filters)
    with_hands = f"WITH {cte}"
    rows, _same_params = hero_rows(filters)
    frames = fetch_many(
        [
            (f"{with_hands}\n{_OVERVIEW_TOTALS}", params),
            (with_hands + _results_curve(rows), params | {"max_points": max_points}),
            (f"{with_hands}\n{_results_by(['game'])}", params),
            (f"{with_hands}\n{_results_by(_STAKES)}", params),
            (f"{with_hands}{_SESSIONS}", params | {"gap": gap_minutes, "limit": sessions}),
        ]
    )
    return Overview(*frames)
