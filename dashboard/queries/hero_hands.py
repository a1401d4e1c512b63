"""The hero's hands under the filters: the one reading every page starts from.

Each is a row of player_hand_facts, which repeats the hand's game, stakes, money and
time beside the player's result, so the filters apply to one table. A hand is counted
once whatever the number of the user's names at its table (two of his accounts, a
heads-up sit & go whose both seats are in the hero set): the rule of the SQL macro
`hero_player_hands`, the name the site marks as the hero there, else the lowest seat.
Every row carries its `unit` (money_unit: 'USD', 'EUR', 'play money', 'tournament
chips'): money is summed per unit, never across.
"""

from __future__ import annotations

from typing import Any

from dashboard.hand_filters import Filters

HERO_HAND_COLUMNS = """f.site, f.hand_number, f.game, f.limit_kind, f.big_unit, f.small_bet,
    f.big_bet, f.small_blind, f.big_blind, f.money, f.currency,
    money_unit(f.money, f.currency) AS unit, f.tournament_id, f.started_at,
    f.player AS hero, f.net, f.went_to_showdown, f.net / nullif(f.big_unit, 0) AS big_bets,
    f.ev_net, f.ev_net / nullif(f.big_unit, 0) AS ev_big_bets, f.all_in_adjusted"""

# hero_player_hands' rule: one row a hand, the site's hero first, else the lowest seat
ONE_ROW_A_HAND = """QUALIFY row_number() OVER (
        PARTITION BY f.site, f.hand_number
        ORDER BY f.player IS NOT DISTINCT FROM f.hero DESC, hp.seat, f.player
    ) = 1"""


def _hero_hands_query(filters: Filters) -> tuple[str, dict[str, Any]]:
    """One row per hand the hero played under the filters, with its game, stakes, money,
    unit and time, and his result in it (`net`, `big_bets`)."""
    hands_where, params = filters.hand_conditions("f")
    hero_where, hero_params = filters.hero_condition("f")
    if len(filters.heroes) <= 1:  # a name seated twice is rejected: a row is a hand
        sql = f"""SELECT {HERO_HAND_COLUMNS}
    FROM player_hand_facts AS f
    WHERE {hero_where} AND {hands_where}"""
    else:  # the seats break a tie between two of his names (the join costs the most)
        sql = f"""SELECT {HERO_HAND_COLUMNS}
    FROM player_hand_facts AS f
    LEFT JOIN hand_players AS hp
        ON hp.site = f.site AND hp.hand_number = f.hand_number AND hp.player = f.player
    WHERE {hero_where} AND {hands_where}
    {ONE_ROW_A_HAND}"""
    return sql, params | hero_params


def hero_hands(filters: Filters) -> tuple[str, dict[str, Any]]:
    """The CTE `hero_hands` (`_hero_hands_query`), for a query that reads it once."""
    query, params = _hero_hands_query(filters)
    return f"hero_hands AS (\n    {query}\n)", params


def hero_hands_table(filters: Filters) -> tuple[str, dict[str, Any]]:
    """The same rows as the temporary table `hero_hands`, for several queries on one
    connection: worked out once (the join and the window cost the most), not per query."""
    query, params = _hero_hands_query(filters)
    return f"CREATE TEMPORARY TABLE hero_hands AS {query}", params
