"""The Tournaments page: the hero's tournaments (the `tournaments` view), their results
by game and by buy-in, and one tournament's hands.

Money is only ever added up within one currency: a group is (its key, currency), and
play-money or freeroll chips (no currency) stay a group of their own.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from dashboard.connection import fetch, fetch_many
from dashboard.hand_filters import Filters

_LIST_LIMIT = 1_000

# Over the tournaments whose finish the files tell (a tournament still running in them,
# or whose last hands are missing, has no result yet).
_RESULTS = """
    count(*) AS tournaments,
    count(finish) AS finished,
    sum(cost) FILTER (WHERE finish IS NOT NULL) AS cost,
    sum(prize) AS prizes,
    sum(net) AS net,
    100 * sum(net) / nullif(sum(cost) FILTER (WHERE finish IS NOT NULL), 0) AS roi_pct,
    100 * count(*) FILTER (WHERE prize > 0) / nullif(count(finish), 0) AS itm_pct,
    sum(hands) AS hands"""


def _where(filters: Filters) -> tuple[str, dict[str, Any]]:
    """The sidebar's filters that mean something for a tournament: hero, site, game,
    dates (of its first hand)."""
    hero, params = filters.hero_condition("t", "hero")
    conditions = [hero]
    for column, value in (("site", filters.site), ("game", filters.game)):
        if value is not None:
            conditions.append(f"t.{column} = $t_{column}")
            params[f"t_{column}"] = value
    hands, hand_params = filters.hand_conditions("t")
    dates = [c for c in hands.split(" AND ") if "started_at" in c]
    conditions.extend(dates)
    params |= {k: v for k, v in hand_params.items() if k in ("f_since", "f_until")}
    return " AND ".join(conditions), params


def tournament_list(filters: Filters) -> pl.DataFrame:
    """The hero's tournaments, the newest first."""
    where, params = _where(filters)
    sql = f"""SELECT site, tournament_id, timezone('UTC', started_at) AS started_at, game,
        mixed_game, currency, cost, buy_in, fee, bounty, hands, finish, prize, net
    FROM tournaments AS t WHERE {where}
    ORDER BY started_at DESC LIMIT {_LIST_LIMIT}"""
    return fetch(sql, params)


def results_by(filters: Filters) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """Totals, then results by game and by buy-in (its cost), each per currency."""
    where, params = _where(filters)
    grouped = [
        f"SELECT {keys} currency, {_RESULTS} FROM tournaments AS t WHERE {where} "
        f"GROUP BY ALL ORDER BY {order}"
        for keys, order in (
            ("", "tournaments DESC"),
            ("coalesce(mixed_game, game) AS game,", "tournaments DESC, game"),
            ("cost,", "currency, cost"),
        )
    ]
    totals, by_game, by_buy_in = fetch_many([(sql, params) for sql in grouped])
    return totals, by_game, by_buy_in


def tournament_hands(site: str, tournament_id: str, heroes: tuple[str, ...]) -> pl.DataFrame:
    """A tournament's hands in order, with the hero's result in each."""
    names = {f"h_{i}": name for i, name in enumerate(heroes)}
    among = ", ".join(f"${key}" for key in names) or "NULL"
    sql = f"""SELECT h.site, h.hand_number, timezone('UTC', h.started_at) AS started_at,
        h.game, h.tournament_level, h.total_pot, hp.net AS hero_net, hp.ev_net AS hero_ev_net
    FROM hands AS h
    LEFT JOIN hand_players AS hp
        ON hp.site = h.site AND hp.hand_number = h.hand_number AND hp.player IN ({among})
    WHERE h.site = $site AND h.tournament_id = $tournament_id
    ORDER BY h.started_at, h.hand_number"""
    return fetch(sql, {"site": site, "tournament_id": tournament_id, **names})
