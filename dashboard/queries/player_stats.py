"""The Stats page: a player's stat set (the stat macros), several screen names as one."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from dashboard.connection import fetch
from dashboard.hand_filters import Filters


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
    if column in ("hands", "net_won", "big_bets_won", "ev_net_won", "ev_big_bets_won"):
        return f"sum({column}) AS {column}"
    if column in ("big_bets_per_100", "ev_big_bets_per_100"):
        won = column.replace("_per_100", "_won")
        return f"100 * sum({won}) / nullif(sum(hands), 0) AS {column}"
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
