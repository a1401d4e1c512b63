"""The SQL behind the pages, set-based: DuckDB aggregates, Python only draws.

Each function builds one query from the shared `Filters` and returns its whole result
through `dashboard.connection` (short-lived read-only connection, cached until the file
changes). Nothing pulls per-hand rows into Python except the results graph, which is
downsampled in SQL to at most `MAX_POINTS` points, and the lists of hands, which are
limited. Money stays DECIMAL (Polars Decimal) all the way to the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import polars as pl

from dashboard.connection import fetch, fetch_many
from dashboard.replay_steps import HandRows

if TYPE_CHECKING:
    from dashboard.filters import Filters

MAX_POINTS = 2_000  # the results graph: enough for the eye, cheap for the browser
SESSION_GAP_MINUTES = 30  # a pause this long starts a new session
HAND_LIST_LIMIT = 200
OPPONENT_LIMIT = 500


def filter_options() -> dict[str, pl.DataFrame]:
    """What the sidebar offers: heroes (most hands first), sites, games, limits, stakes,
    and the first and last day played."""
    names = ("heroes", "sites", "games", "limits", "stakes", "dates")
    frames = fetch_many(
        [
            (
                "SELECT hero, count(*) AS hands FROM hands WHERE hero IS NOT NULL "
                "GROUP BY hero ORDER BY hands DESC, hero",
                None,
            ),
            ("SELECT DISTINCT site FROM hands ORDER BY site", None),
            ("SELECT game, count(*) AS hands FROM hands GROUP BY game ORDER BY hands DESC", None),
            ("SELECT DISTINCT limit_kind FROM hands ORDER BY limit_kind", None),
            (
                "SELECT DISTINCT limit_kind, big_unit, small_bet, big_bet, small_blind, "
                "big_blind, currency FROM hands WHERE big_unit IS NOT NULL "
                "ORDER BY big_unit, limit_kind, currency NULLS LAST",
                None,
            ),
            (
                "SELECT CAST(timezone('UTC', min(started_at)) AS DATE) AS first_day, "
                "CAST(timezone('UTC', max(started_at)) AS DATE) AS last_day FROM hands",
                None,
            ),
        ]
    )
    return dict(zip(names, frames, strict=True))


def _hero_hands_select(filters: Filters) -> tuple[str, dict[str, Any]]:
    """One row per hand the hero played under the filters: the hand's game, stakes and
    money, and the hero's result in it."""
    hands_where, params = filters.hand_conditions("h")
    hero_where, hero_params = filters.hero_condition("hp")
    sql = f"""
        SELECT h.site, h.hand_number, h.game, h.limit_kind, h.big_unit, h.small_bet,
               h.big_bet, h.small_blind, h.big_blind, h.money, h.currency, h.started_at,
               h.total_pot, h.players, h.has_warnings, hp.player AS hero, hp.net,
               hp.collected, hp.went_to_showdown,
               hp.net / nullif(h.big_unit, 0) AS big_bets
        FROM hand_players AS hp
        JOIN hands AS h ON h.site = hp.site AND h.hand_number = hp.hand_number
        WHERE {hero_where} AND {hands_where}"""
    return sql, params | hero_params


def _hero_hands(filters: Filters) -> tuple[str, dict[str, Any]]:
    """The same as a CTE named `hero_hands`."""
    sql, params = _hero_hands_select(filters)
    return f"hero_hands AS ({sql})", params


_TOTALS = """
    count(*) AS hands,
    sum(net) AS net_won,
    100 * sum(big_bets) / nullif(count(big_bets), 0) AS big_bets_per_100,
    coalesce(sum(net) FILTER (WHERE went_to_showdown), 0) AS showdown_won,
    coalesce(sum(net) FILTER (WHERE NOT went_to_showdown), 0) AS non_showdown_won
"""
_HAND_ORDER = "started_at, site, hand_number"  # one order for every window: one sort
_STAKES = ("limit_kind", "big_unit", "small_bet", "big_bet", "small_blind", "big_blind", "currency")

# Over the temporary table hero_hands (see `overview`).
_OVERVIEW_TOTALS = f"""SELECT {_TOTALS},
    count(DISTINCT coalesce(currency, money)) AS money_kinds,
    string_agg(DISTINCT coalesce(currency, money), ', ') AS money_list,
    any_value(currency) AS currency
FROM hero_hands"""

# Cumulative results (all, showdown, non-showdown; money and big bets) after every k-th
# hand, k chosen so that at most $max_points points come back: hands are numbered once,
# summed per block of k in one pass, and only the blocks are accumulated. The graph
# starts from 0 at hand 0.
_RESULTS_CURVE = f"""WITH numbered AS (
    SELECT row_number() OVER (ORDER BY {_HAND_ORDER}) AS hand, count(*) OVER () AS total,
        started_at, net, big_bets, went_to_showdown
    FROM hero_hands
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
            AS non_showdown_big_bets
    FROM numbered
    GROUP BY block
)
SELECT 0 AS hand, NULL AS started_at, 0 AS net_won, 0 AS showdown, 0 AS non_showdown,
    0.0 AS big_bets_won, 0.0 AS showdown_big_bets, 0.0 AS non_showdown_big_bets
UNION ALL
SELECT hand, started_at,
    sum(net_won) OVER running, sum(showdown) OVER running, sum(non_showdown) OVER running,
    sum(big_bets_won) OVER running, sum(showdown_big_bets) OVER running,
    sum(non_showdown_big_bets) OVER running
FROM blocks
WINDOW running AS (ORDER BY block ROWS UNBOUNDED PRECEDING)
ORDER BY hand"""


def _results_by(keys: Sequence[str]) -> str:
    columns = ", ".join(keys)
    return f"""SELECT {columns}, {_TOTALS}
FROM hero_hands GROUP BY {columns} ORDER BY hands DESC, {columns}"""


# The most recent sessions: hands with no pause of $gap minutes between them, over every
# table at once (multi-tabling is one session).
_SESSIONS = f"""WITH marked AS (
    SELECT *,
        CASE WHEN started_at - lag(started_at) OVER (ORDER BY {_HAND_ORDER})
                  <= to_minutes(CAST($gap AS BIGINT))
             THEN 0 ELSE 1 END AS starts_session
    FROM hero_hands
),
numbered AS (
    SELECT *,
        sum(starts_session) OVER (ORDER BY {_HAND_ORDER} ROWS UNBOUNDED PRECEDING) AS session
    FROM marked
)
SELECT
    timezone('UTC', min(started_at)) AS started,
    timezone('UTC', max(started_at)) AS last_hand,
    date_diff('second', min(started_at), max(started_at)) AS duration_seconds,
    count(*) AS hands,
    sum(net) AS net_won,
    100 * sum(big_bets) / nullif(count(big_bets), 0) AS big_bets_per_100,
    string_agg(DISTINCT game, ', ') AS games,
    string_agg(DISTINCT coalesce(currency, money), ', ') AS money
FROM numbered
GROUP BY session
ORDER BY min(started_at) DESC
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
    """Every Overview number on one connection: the hero's hands are joined once into a
    temporary table (the connection's own: a read-only file allows it), and the totals,
    graph, tables and sessions are aggregated from it."""
    select, params = _hero_hands_select(filters)
    frames = fetch_many(
        [
            (f"CREATE OR REPLACE TEMPORARY TABLE hero_hands AS {select}", params),
            (_OVERVIEW_TOTALS, None),
            (_RESULTS_CURVE, {"max_points": max_points}),
            (_results_by(["game"]), None),
            (_results_by(_STAKES), None),
            (_SESSIONS, {"gap": gap_minutes, "limit": sessions}),
        ]
    )
    return Overview(*frames[1:])


# ------------------------------------------------------------------------------ stats
def stat_columns() -> list[str]:
    """player_stats' output columns, in order (read from the macro, so that new stats
    appear without a dashboard change)."""
    frame = fetch("DESCRIBE SELECT * FROM player_stats()")
    return frame["column_name"].to_list()


def _combined(column: str, columns: set[str]) -> str | None:
    """How one player_stats column adds up over several rows (screen names, games).

    Every rate has its sample size beside it (X_pct / X_n), so rows combine exactly:
    the part is rate x sample. The aggression factor's part (bets and raises) is the
    aggression frequency x its decisions.
    """
    if column in ("hands", "net_won", "big_bets_won"):
        return f"sum({column}) AS {column}"
    if column == "big_bets_per_100":
        return "100 * sum(big_bets_won) / nullif(sum(hands), 0) AS big_bets_per_100"
    if column.endswith("_n"):
        return f"CAST(sum({column}) AS BIGINT) AS {column}"
    for suffix in ("_pct", "_avg"):
        sample = column.removesuffix(suffix) + "_n"
        if column.endswith(suffix) and sample in columns:
            return (
                f"CASE WHEN sum({sample}) > 0 THEN sum({column} * {sample}) / sum({sample}) "
                f"END AS {column}"
            )
    if column.startswith("af_round_"):
        k = column.removeprefix("af_round_")
        return (
            f"CASE WHEN sum({column}_n) > 0 THEN "
            f"sum(round(coalesce(afq_round_{k}_pct, 0) * afq_round_{k}_n / 100)) "
            f"/ sum({column}_n) END AS {column}"
        )
    return None  # site, player, game: the grouping; anything else is not summable


def player_stats(names: Sequence[str], filters: Filters) -> pl.DataFrame:
    """The stat set for one player or several screen names counted as one: a row per
    game, and a first row for all games together (game = 'all').

    One player_stats(player := ...) call per name (the macro takes one name), combined
    exactly in SQL.
    """
    if not names:
        return pl.DataFrame()
    columns = stat_columns()
    arguments, params = filters.macro_arguments()
    calls = []
    for i, name in enumerate(names):
        params[f"player_{i}"] = name
        extra = f", {arguments}" if arguments else ""
        calls.append(f"SELECT * FROM player_stats(player := $player_{i}{extra})")
    available = set(columns)
    combined = [expr for column in columns if (expr := _combined(column, available))]
    sql = f"""WITH per_name AS ({" UNION ALL ".join(calls)})
    SELECT
        CASE WHEN grouping(game) = 1 THEN 'all' ELSE game END AS game,
        string_agg(DISTINCT player, ', ') AS players,
        {", ".join(combined)}
    FROM per_name
    GROUP BY GROUPING SETS ((), (game))
    ORDER BY grouping(game) DESC, hands DESC, game"""
    return fetch(sql, params)


def find_players(text: str, limit: int = 50) -> pl.DataFrame:
    """Screen names containing `text` (any case), most hands first."""
    sql = """SELECT site, player, count(*) AS hands FROM hand_players
    WHERE player ILIKE '%' || $text || '%' ESCAPE '\\'
    GROUP BY site, player ORDER BY hands DESC, player LIMIT $limit"""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return fetch(sql, {"text": escaped, "limit": limit})


# -------------------------------------------------------------------------- opponents
_DECISIONS = "('bet', 'raise', 'complete', 'call', 'check', 'fold')"
_AGGRESSIVE = "('bet', 'raise', 'complete')"


def opponents(filters: Filters, min_hands: int, limit: int = OPPONENT_LIMIT) -> pl.DataFrame:
    """Everyone the hero played with, in the hands the filters keep: hands together,
    their net and the hero's net in those hands, VPIP, aggression, showdowns.

    Light stats straight from hand_players and actions over the hero's hands (not the
    stat macros, which would judge every player's every hand)."""
    cte, params = _hero_hands(filters)
    hero_where, hero_params = filters.hero_condition("o")
    sql = f"""WITH {cte},
    together AS (
        SELECT o.site, o.player,
            count(*) AS hands,
            sum(o.net) AS their_net,
            sum(hh.net) AS hero_net,
            100.0 * count(*) FILTER (WHERE o.vpip) / count(*) AS vpip_pct,
            100.0 * count(*) FILTER (WHERE o.first_round_raise) / count(*)
                AS first_round_raise_pct,
            count(*) FILTER (WHERE o.streets_seen >= 2) AS went_to_showdown_n,
            100.0 * count(*) FILTER (WHERE o.went_to_showdown AND o.streets_seen >= 2)
                / nullif(count(*) FILTER (WHERE o.streets_seen >= 2), 0)
                AS went_to_showdown_pct,
            count(*) FILTER (WHERE o.went_to_showdown) AS won_at_showdown_n,
            100.0 * count(*) FILTER (WHERE o.won_at_showdown)
                / nullif(count(*) FILTER (WHERE o.went_to_showdown), 0) AS won_at_showdown_pct,
            string_agg(DISTINCT hh.game, ', ') AS games
        FROM hand_players AS o
        JOIN hero_hands AS hh ON hh.site = o.site AND hh.hand_number = o.hand_number
        WHERE NOT ({hero_where})
        GROUP BY o.site, o.player
        HAVING count(*) >= $min_hands
        ORDER BY hands DESC, o.player
        LIMIT $limit
    ),
    aggression AS (
        SELECT a.site, a.player,
            count(*) FILTER (WHERE a.action IN {_AGGRESSIVE}) AS aggressive,
            count(*) FILTER (WHERE a.action = 'call') AS calls,
            count(*) FILTER (WHERE a.action IN {_DECISIONS}) AS decisions
        FROM actions AS a
        JOIN hero_hands AS hh ON hh.site = a.site AND hh.hand_number = a.hand_number
        SEMI JOIN together AS t ON t.site = a.site AND t.player = a.player
        GROUP BY a.site, a.player
    )
    SELECT t.site, t.player, t.hands, t.their_net, t.hero_net, t.vpip_pct,
        t.first_round_raise_pct,
        CASE WHEN g.calls > 0 THEN g.aggressive / g.calls END AS af,
        coalesce(g.calls, 0) AS af_n,
        CASE WHEN g.decisions > 0 THEN 100.0 * g.aggressive / g.decisions END AS afq_pct,
        coalesce(g.decisions, 0) AS afq_n,
        t.went_to_showdown_pct, t.went_to_showdown_n, t.won_at_showdown_pct,
        t.won_at_showdown_n, t.games
    FROM together AS t
    LEFT JOIN aggression AS g ON g.site = t.site AND g.player = t.player
    ORDER BY t.hands DESC, t.player"""
    params |= hero_params | {"min_hands": min_hands, "limit": limit}
    return fetch(sql, params)


def opponent_by_game(filters: Filters, site: str, player: str) -> pl.DataFrame:
    """One opponent, game by game, in the hero's hands: hands together, both nets, VPIP,
    showdowns."""
    cte, params = _hero_hands(filters)
    sql = f"""WITH {cte}
    SELECT hh.game, count(*) AS hands, sum(o.net) AS their_net, sum(hh.net) AS hero_net,
        100.0 * count(*) FILTER (WHERE o.vpip) / count(*) AS vpip_pct,
        100.0 * count(*) FILTER (WHERE o.went_to_showdown AND o.streets_seen >= 2)
            / nullif(count(*) FILTER (WHERE o.streets_seen >= 2), 0) AS went_to_showdown_pct,
        count(*) FILTER (WHERE o.streets_seen >= 2) AS went_to_showdown_n
    FROM hero_hands AS hh
    JOIN hand_players AS o ON o.site = hh.site AND o.hand_number = hh.hand_number
    WHERE o.site = $site AND o.player = $player
    GROUP BY hh.game ORDER BY hands DESC, hh.game"""
    return fetch(sql, params | {"site": site, "player": player})


def hands_with(
    filters: Filters, site: str, player: str, limit: int = HAND_LIST_LIMIT
) -> pl.DataFrame:
    """The hero's hands with one opponent, newest first: to open in the replayer."""
    cte, params = _hero_hands(filters)
    sql = f"""WITH {cte}
    SELECT hh.site, hh.hand_number, timezone('UTC', hh.started_at) AS started_at, hh.game,
        hh.total_pot, hh.currency,
        hh.net AS hero_net, o.net AS their_net, o.went_to_showdown AS they_showed_down
    FROM hero_hands AS hh
    JOIN hand_players AS o ON o.site = hh.site AND o.hand_number = hh.hand_number
    WHERE o.site = $site AND o.player = $player
    ORDER BY hh.started_at DESC, hh.hand_number DESC
    LIMIT $limit"""
    return fetch(sql, params | {"site": site, "player": player, "limit": limit})


# --------------------------------------------------------------------------- replayer
RESULTS = {
    "Any result": ("TRUE", "started_at DESC, hand_number DESC"),
    "Won": ("net > 0", "started_at DESC, hand_number DESC"),
    "Lost": ("net < 0", "started_at DESC, hand_number DESC"),
    "Went to showdown": ("went_to_showdown", "started_at DESC, hand_number DESC"),
    "Biggest pots": ("TRUE", "total_pot DESC, started_at DESC"),
    "Biggest wins": ("net > 0", "net DESC, started_at DESC"),
    "Biggest losses": ("net < 0", "net ASC, started_at DESC"),
    "With findings": ("has_warnings", "started_at DESC, hand_number DESC"),
}

_HAND_LIST_COLUMNS = """site, hand_number, timezone('UTC', started_at) AS started_at, game,
    limit_kind, small_bet, big_bet, small_blind, big_blind, currency, players, total_pot,
    net AS hero_net, went_to_showdown, has_warnings"""


def hero_hand_list(filters: Filters, result: str, limit: int = HAND_LIST_LIMIT) -> pl.DataFrame:
    """The hero's hands under the filters and a result choice (see RESULTS)."""
    where, order = RESULTS[result]
    cte, params = _hero_hands(filters)
    sql = f"""WITH {cte}
    SELECT {_HAND_LIST_COLUMNS} FROM hero_hands WHERE {where} ORDER BY {order} LIMIT $limit"""
    return fetch(sql, params | {"limit": limit})


def hands_numbered(number: str) -> pl.DataFrame:
    """Hands with this number on any site, whoever played them (filters do not apply:
    a number names one hand)."""
    sql = """SELECT h.site, h.hand_number, timezone('UTC', h.started_at) AS started_at, h.game,
        h.limit_kind, h.small_bet, h.big_bet, h.small_blind, h.big_blind, h.currency, h.players,
        h.total_pot, hp.net AS hero_net, hp.went_to_showdown, h.has_warnings
    FROM hands AS h
    LEFT JOIN hand_players AS hp
        ON hp.site = h.site AND hp.hand_number = h.hand_number AND hp.is_hero
    WHERE h.hand_number = $number
    ORDER BY h.site"""
    return fetch(sql, {"number": number.strip().lstrip("#")})


_HAND_TABLES = ("hands", "hand_players", "actions", "draws", "pots", "findings")


def hand_rows(site: str, hand_number: str) -> HandRows | None:
    """One hand's rows from every table, read on one connection; None if not stored."""
    key = {"site": site, "hand_number": hand_number}
    frames = fetch_many(
        [
            (f"SELECT * FROM {table} WHERE site = $site AND hand_number = $hand_number", key)
            for table in _HAND_TABLES
        ]
    )
    hand, players, actions, draws, pots, findings = (frame.to_dicts() for frame in frames)
    if not hand:
        return None
    return HandRows(hand[0], players, actions, draws, pots, findings)


# ----------------------------------------------------------------------------- import
def recent_rejects(limit: int = HAND_LIST_LIMIT) -> pl.DataFrame:
    """The latest rejected hands with their reasons (not their text: see reject_text)."""
    sql = """SELECT reject_id, timezone('UTC', rejected_at) AS rejected_at, kind, reason, site,
        hand_number, source_file, first_line, line
    FROM rejects ORDER BY rejected_at DESC, source_file, byte_offset LIMIT $limit"""
    return fetch(sql, {"limit": limit})


def reject_counts() -> pl.DataFrame:
    return fetch("SELECT kind, count(*) AS hands FROM rejects GROUP BY kind ORDER BY hands DESC")


def reject_text(reject_id: str) -> str | None:
    frame = fetch("SELECT raw_text FROM rejects WHERE reject_id = $id", {"id": reject_id})
    return frame["raw_text"][0] if frame.height else None


def database_counts() -> pl.DataFrame:
    """Hands, players and rejects stored: the Import page's "what is in there"."""
    return fetch(
        "SELECT (SELECT count(*) FROM hands) AS hands, "
        "(SELECT count(*) FROM rejects) AS rejects, "
        "(SELECT count(*) FROM import_files) AS files"
    )
