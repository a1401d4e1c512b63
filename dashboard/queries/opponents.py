"""The Opponents page: everyone the hero played with, and one of them closely."""

from __future__ import annotations

from typing import Any

import polars as pl

from dashboard.connection import fetch
from dashboard.hand_filters import Filters
from dashboard.queries.hands import HAND_LIST_LIMIT
from dashboard.queries.hero_hands import hero_hands

OPPONENT_LIMIT = 500


def _sum_rounds(column: str) -> str:
    """A player_hand_facts count over the five betting rounds (NULL: not dealt into it)."""
    return " + ".join(f"coalesce(o.{column}_round_{k}, 0)" for k in range(1, 6))


def _heroes_own_their_hands(filters: Filters) -> bool:
    """No hand has one of the hero's names in it other than as the player whose history
    it is (`hero`): then "the hands the hero played" are the hands of his histories."""
    hero_where, params = filters.hero_condition("f")
    frame = fetch(
        "SELECT count(*) AS n FROM player_hand_facts AS f "
        f"WHERE {hero_where} AND f.hero IS DISTINCT FROM f.player",
        params,
    )
    return frame["n"][0] == 0


def _opponent_rows(filters: Filters) -> tuple[str, dict[str, Any]]:
    """A CTE `together`: every player's rows of player_hand_facts in the hands the hero
    played under the filters, each with the hero's net in the hand (`hero_net`).

    Usually the hero's names only ever appear as the player whose history it is: then
    these are the rows whose `hero` is one of them, and `hero_net` is stored with each.
    Otherwise (a hero name seen at another hero's table) the hero's own rows are found
    and joined by hand. Both give the same rows; the first reads one table once."""
    others_where, params = filters.hand_conditions("o")
    if _heroes_own_their_hands(filters):
        hero_where, hero_params = filters.hero_condition("o", "hero")
        sql = f"""together AS (
        SELECT o.*
        FROM player_hand_facts AS o
        WHERE {hero_where} AND {others_where}
    )"""
        return sql, params | hero_params
    hero, params = hero_hands(filters)
    sql = f"""{hero},
    together AS (
        SELECT o.* REPLACE (hh.net AS hero_net)
        FROM player_hand_facts AS o
        JOIN hero_hands AS hh ON hh.site = o.site AND hh.hand_number = o.hand_number
        WHERE {others_where}
    )"""
    return sql, params


def hero_units(filters: Filters) -> pl.DataFrame:
    """The units of money of the hero's hands under the filters (unit, hands), most hands
    first: the Opponents page shows one at a time (money is never added across units)."""
    cte, params = hero_hands(filters)
    return fetch(
        f"WITH {cte} SELECT unit, count(*) AS hands FROM hero_hands "
        "GROUP BY unit ORDER BY hands DESC, unit",
        params,
    )


def opponents(filters: Filters, min_hands: int, limit: int = OPPONENT_LIMIT) -> pl.DataFrame:
    """Everyone the hero played with, in the hands the filters keep: hands together,
    their net and the hero's net in those hands, VPIP, aggression, showdowns.

    The stats' own facts (player_hand_facts) over the hero's hands, made rates by the
    stats' own helpers (stat_pct, stat_ratio): the player_stats macro itself would count
    every player's every hand, not only those with the hero. Summed per game first, then
    per player: the list of games comes from a few rows, not from every hand."""
    ctes, params = _opponent_rows(filters)
    hero_where, _ = filters.hero_condition("o")
    sql = f"""WITH {ctes},
    per_game AS (
        SELECT o.site, o.player, o.game AS game,
            count(*) AS hands,
            sum(o.net) AS their_net,
            sum(o.hero_net) AS hero_net,
            count(*) FILTER (WHERE o.vpip) AS vpip,
            count(*) FILTER (WHERE o.first_round_raise) AS first_round_raise,
            count(*) FILTER (WHERE o.streets_seen >= 2) AS saw_round_2,
            count(*) FILTER (WHERE o.went_to_showdown AND o.streets_seen >= 2)
                AS went_to_showdown_2,
            count(*) FILTER (WHERE o.went_to_showdown) AS went_to_showdown,
            count(*) FILTER (WHERE o.won_at_showdown) AS won_at_showdown,
            sum({_sum_rounds("aggressive")}) AS aggressive,
            sum({_sum_rounds("calls")}) AS calls,
            sum({_sum_rounds("actions")}) AS decisions
        FROM together AS o
        WHERE NOT ({hero_where})
        GROUP BY o.site, o.player, o.game
    ),
    players AS (
        SELECT site, player,
            CAST(sum(hands) AS BIGINT) AS hands,
            sum(their_net) AS their_net,
            sum(hero_net) AS hero_net,
            sum(vpip) AS vpip,
            sum(first_round_raise) AS first_round_raise,
            CAST(sum(saw_round_2) AS BIGINT) AS saw_round_2,
            sum(went_to_showdown_2) AS went_to_showdown_2,
            CAST(sum(went_to_showdown) AS BIGINT) AS went_to_showdown,
            sum(won_at_showdown) AS won_at_showdown,
            CAST(sum(aggressive) AS BIGINT) AS aggressive,
            CAST(sum(calls) AS BIGINT) AS calls,
            CAST(sum(decisions) AS BIGINT) AS decisions,
            string_agg(game, ', ' ORDER BY game) AS games
        FROM per_game
        GROUP BY site, player
        HAVING sum(hands) >= $min_hands
        ORDER BY hands DESC, player
        LIMIT $limit
    )
    SELECT site, player, hands, their_net, hero_net,
        stat_pct(vpip, hands) AS vpip_pct,
        stat_pct(first_round_raise, hands) AS first_round_raise_pct,
        stat_ratio(aggressive, calls) AS af,
        calls AS af_n,
        stat_pct(aggressive, decisions) AS afq_pct,
        decisions AS afq_n,
        stat_pct(went_to_showdown_2, saw_round_2) AS went_to_showdown_pct,
        saw_round_2 AS went_to_showdown_n,
        stat_pct(won_at_showdown, went_to_showdown) AS won_at_showdown_pct,
        went_to_showdown AS won_at_showdown_n,
        games
    FROM players
    ORDER BY hands DESC, player"""
    params |= {"min_hands": min_hands, "limit": limit}
    return fetch(sql, params)


def opponent_by_game(filters: Filters, site: str, player: str) -> pl.DataFrame:
    """One opponent, game by game, in the hero's hands: hands together, both nets, VPIP,
    showdowns."""
    ctes, params = _opponent_rows(filters)
    sql = f"""WITH {ctes}
    SELECT o.game AS game, count(*) AS hands, sum(o.net) AS their_net,
        sum(o.hero_net) AS hero_net,
        stat_pct(count(*) FILTER (WHERE o.vpip), count(*)) AS vpip_pct,
        stat_pct(
            count(*) FILTER (WHERE o.went_to_showdown AND o.streets_seen >= 2),
            count(*) FILTER (WHERE o.streets_seen >= 2)
        ) AS went_to_showdown_pct,
        count(*) FILTER (WHERE o.streets_seen >= 2) AS went_to_showdown_n
    FROM together AS o
    WHERE o.site = $site AND o.player = $player
    GROUP BY o.game ORDER BY hands DESC, o.game"""
    return fetch(sql, params | {"site": site, "player": player})


def hands_with(
    filters: Filters, site: str, player: str, limit: int = HAND_LIST_LIMIT
) -> pl.DataFrame:
    """The hero's hands with one opponent, newest first: to open in the replayer."""
    ctes, params = _opponent_rows(filters)
    sql = f"""WITH {ctes},
    newest AS (
        SELECT o.site, o.hand_number, o.started_at, o.game, o.currency,
            o.hero_net, o.net, o.went_to_showdown
        FROM together AS o
        WHERE o.site = $site AND o.player = $player
        ORDER BY o.started_at DESC, o.hand_number DESC
        LIMIT $limit
    )
    SELECT n.site, n.hand_number, timezone('UTC', n.started_at) AS started_at,
        n.game AS game, h.total_pot, n.currency AS currency,
        n.hero_net, n.net AS their_net, n.went_to_showdown AS they_showed_down
    FROM newest AS n
    JOIN hands AS h ON h.site = n.site AND h.hand_number = n.hand_number
    ORDER BY n.started_at DESC, n.hand_number DESC"""
    return fetch(sql, params | {"site": site, "player": player, "limit": limit})
