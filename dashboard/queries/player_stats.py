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
    if column == "hands":
        return "CAST(sum(hands) AS BIGINT) AS hands"
    if column in ("net_won", "big_bets_won", "ev_net_won", "ev_big_bets_won"):
        return f"sum({column}) AS {column}"
    if column in ("big_bets_per_100", "ev_big_bets_per_100"):
        won = column.replace("_per_100", "_won")
        return f"100 * sum({won}) / nullif(sum(hands), 0) AS {column}"
    for suffix in ("_sd", "_low", "_high"):
        rate = column.removesuffix(suffix)
        if column.endswith(suffix) and rate in ("big_bets_per_100", "ev_big_bets_per_100"):
            return f"{_win_rate_spread(rate, suffix)} AS {column}"
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
    return None  # site, player, unit, game: the grouping; anything else is not summable


def _win_rate_spread(rate: str, suffix: str) -> str:
    """A win rate's SD per 100 hands (`_sd`) or 95% interval end (`_low`, `_high`) over
    several rows, exactly as player_stats over their hands together (stat_mean_sd,
    stat_mean_margin).

    Each row gives back its hands' sum of squares in big bets from its count n, its sum
    W and its SD per 100 (one hand's SD s = SD / 10): (n - 1) s^2 + W^2 / n (a row of
    one hand has no SD: W^2 alone). Like the combined BB/100, n is the hands.
    """
    won = rate.replace("_per_100", "_won")
    total, hands = f"sum({won})", "sum(hands)"
    squares = f"sum((hands - 1) * power(coalesce({rate}_sd, 0) / 10, 2) + power({won}, 2) / hands)"
    if suffix == "_sd":
        return f"stat_mean_sd({total}, {squares}, {hands})"
    sign = "-" if suffix == "_low" else "+"
    return f"100 * {total} / {hands} {sign} stat_mean_margin({total}, {squares}, {hands})"


def player_stats(names: Sequence[str], filters: Filters, per_name: bool = False) -> pl.DataFrame:
    """The stat set for one player or several screen names counted as one, per unit of
    money (money_unit: money is never added across units, and rates are per unit too):
    for each unit, a first row for all games together (game = 'all'), then a row per
    game. With `per_name`, the same for each screen name (and site) apart.

    One player_stats(player := ...) call per name (the macro takes one name), combined
    exactly in SQL. The units come most hands first.
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
    keys = "unit, player, site" if per_name else "unit"
    players = "player" if per_name else "string_agg(DISTINCT player, ', ') AS players"
    sites = "site" if per_name else "string_agg(DISTINCT site, ', ') AS site"
    sql = f"""WITH per_name AS ({" UNION ALL ".join(calls)}),
    unit_hands AS (SELECT unit, sum(hands) AS unit_hands FROM per_name GROUP BY unit)
    SELECT
        unit,
        CASE WHEN grouping(game) = 1 THEN 'all' ELSE game END AS game,
        {players},
        {sites},
        {", ".join(combined)}
    FROM per_name
    JOIN unit_hands USING (unit)
    GROUP BY GROUPING SETS (({keys}, unit_hands), ({keys}, unit_hands, game))
    ORDER BY unit_hands DESC, unit, {"player, site," if per_name else ""}
        grouping(game) DESC, hands DESC, game"""
    return fetch(sql, params)


def shared_hands(names: Sequence[str], filters: Filters) -> int:
    """Hands in which two or more of these names sat (under the filters): each name's
    decisions count in their combined stats."""
    if len(names) < 2:
        return 0
    from dashboard.hand_filters import Filters as _Filters

    where, params = filters.hand_conditions("f")
    hero, names_params = _Filters(heroes=tuple(names)).hero_condition("f")
    sql = f"""SELECT count(*) AS n FROM (
        SELECT 1 FROM player_hand_facts AS f WHERE {hero} AND {where}
        GROUP BY f.site, f.hand_number HAVING count(*) > 1
    )"""
    return int(fetch(sql, params | names_params)["n"][0])


def find_players(text: str, limit: int = 50) -> pl.DataFrame:
    """Screen names containing `text` (any case), most hands first."""
    sql = """SELECT site, player, count(*) AS hands FROM hand_players
    WHERE player ILIKE '%' || $text || '%' ESCAPE '\\'
    GROUP BY site, player ORDER BY hands DESC, player LIMIT $limit"""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return fetch(sql, {"text": escaped, "limit": limit})
