"""The hero's hands under the filters: the one reading every page starts from.

Each is a row of player_hand_facts, which repeats the hand's game, stakes, money and
time beside the player's result, so the filters apply to one table and no join is
needed to find the hero's hands.
"""

from __future__ import annotations

from typing import Any

from dashboard.hand_filters import Filters

HERO_HAND_COLUMNS = """f.site, f.hand_number, f.game, f.limit_kind, f.big_unit, f.small_bet,
    f.big_bet, f.small_blind, f.big_blind, f.money, f.currency, f.started_at,
    f.player AS hero, f.net, f.went_to_showdown, f.net / nullif(f.big_unit, 0) AS big_bets,
    f.ev_net, f.ev_net / nullif(f.big_unit, 0) AS ev_big_bets, f.all_in_adjusted"""


def hero_rows(filters: Filters, alias: str = "f") -> tuple[str, dict[str, Any]]:
    """The hero's rows of player_hand_facts under the filters: `FROM ... WHERE ...`."""
    hands_where, params = filters.hand_conditions(alias)
    hero_where, hero_params = filters.hero_condition(alias)
    sql = f"FROM player_hand_facts AS {alias} WHERE {hero_where} AND {hands_where}"
    return sql, params | hero_params


def hero_hands(filters: Filters) -> tuple[str, dict[str, Any]]:
    """The CTE `hero_hands`: one row per hand the hero played under the filters, with its
    game, stakes, money and time, and his result in it (`net`, `big_bets`)."""
    rows, params = hero_rows(filters)
    return f"hero_hands AS (\n    SELECT {HERO_HAND_COLUMNS}\n    {rows}\n)", params
