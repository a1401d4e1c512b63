"""The Tournaments page: the hero's tournaments (the `tournaments` view), their results
by game and by buy-in, and one tournament's hands.

Money is only ever added up within one unit (`tournaments.unit`: 'USD', 'EUR',
'play money'): a group is (its key, unit). A tournament whose buy-in the files do not
tell has no unit: it is counted as a tournament, never in money. The money columns add
up the tournaments with a known buy-in and a known result (`counted`) only, and say so.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from dashboard.connection import fetch, fetch_many
from dashboard.hand_filters import Filters

_LIST_LIMIT = 1_000

GAME = "coalesce(t.mixed_game, t.game)"
"""The tournament's game as the page names it, in the list and under "By game" alike:
the mixed game's name ('8-Game', 'HORSE') when it rotates games, else its game id."""


# Over the tournaments whose buy-in and result the files tell (`net` known): a
# tournament still running in them, or whose last hands or buy-in are missing, has none.
RESULTS = """
    count(*) AS tournaments,
    count(t.finish) AS finished,
    count(t.net) AS counted,
    sum(t.cost) FILTER (WHERE t.net IS NOT NULL) AS buy_ins,
    sum(t.prize) FILTER (WHERE t.net IS NOT NULL) AS prizes,
    sum(t.net) AS net,
    100 * sum(t.net) / nullif(sum(t.cost) FILTER (WHERE t.net IS NOT NULL), 0) AS roi_pct,
    100 * count(*) FILTER (WHERE t.net IS NOT NULL AND t.prize > 0) / nullif(count(t.net), 0)
        AS itm_pct,
    sum(t.hands) AS hands"""


def tournament_conditions(filters: Filters) -> tuple[str, dict[str, Any]]:
    """The sidebar's filters that mean something for a tournament: hero, site, game (a
    mixed tournament is its own game: filtering on razz leaves out an 8-Game), limit (one
    of its hands is of it), money unit (of its buy-in), dates (of its start). Stakes and
    cash-or-tournament do not apply: the page says so."""
    hero, params = filters.hero_condition("t", "hero")
    conditions = [hero]
    if filters.site is not None:
        conditions.append("t.site = $t_site")
        params["t_site"] = filters.site
    if filters.game is not None:
        conditions.append(f"{GAME} = $t_game")
        params["t_game"] = filters.game
    if filters.limit_kind is not None:
        conditions.append(
            "EXISTS (SELECT 1 FROM hands AS h WHERE h.site = t.site "
            "AND h.tournament_id = t.tournament_id AND h.limit_kind = $t_limit)"
        )
        params["t_limit"] = filters.limit_kind
    unit = getattr(filters, "unit", None)  # the sidebar's money unit, where it has one
    if unit is not None and unit != "tournament chips":  # buy-ins in that money
        conditions.append("t.unit = $t_unit")
        params["t_unit"] = unit
    _hands, hand_params = filters.hand_conditions("t")
    if "f_since" in hand_params:
        conditions.append("t.started_at >= CAST($t_since AS TIMESTAMPTZ)")
        params["t_since"] = hand_params["f_since"]
    if "f_until" in hand_params:
        conditions.append("t.started_at < CAST($t_until AS TIMESTAMPTZ)")
        params["t_until"] = hand_params["f_until"]
    return " AND ".join(conditions), params


def tournament_list(filters: Filters) -> pl.DataFrame:
    """The hero's tournaments, the newest first."""
    where, params = tournament_conditions(filters)
    sql = f"""SELECT t.site, t.tournament_id, timezone('UTC', t.started_at) AS started_at,
        {GAME} AS game, t.unit, t.cost, t.buy_in, t.fee, t.bounty, t.hands, t.entrants,
        t.finish, t.prize, t.net
    FROM tournaments AS t WHERE {where}
    ORDER BY t.started_at DESC NULLS LAST, t.site, t.tournament_id LIMIT {_LIST_LIMIT}"""
    return fetch(sql, params)


def results_by(filters: Filters) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """Totals, then results by game and by buy-in (`entry`: its cost), each per unit (a
    NULL unit: the tournaments whose buy-in is unknown)."""
    where, params = tournament_conditions(filters)
    grouped = [
        f"SELECT {keys}, {RESULTS} FROM tournaments AS t WHERE {where} "
        f"GROUP BY {keys} ORDER BY {order}"
        for keys, order in (
            ("t.unit", "t.unit IS NULL, tournaments DESC, t.unit"),
            (f"{GAME}, t.unit", f"tournaments DESC, {GAME}, t.unit NULLS LAST"),
            ("t.cost, t.unit", "t.unit NULLS LAST, t.cost"),
        )
    ]
    names = (["unit"], ["game", "unit"], ["entry", "unit"])
    frames = fetch_many([(sql, params) for sql in grouped])
    totals, by_game, by_buy_in = (
        frame.rename(dict(zip(frame.columns, keys, strict=False)))
        for frame, keys in zip(frames, names, strict=True)
    )
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
