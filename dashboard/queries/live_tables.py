"""The Live tables page: the tables the hero is playing, and what each opponent does.

"Now" is the hero's newest hand, not the clock: the page shows the tables of his hands in
the minutes before it, each with the players of its newest hand. Each player's stats are
those of the stats reference (`docs/stats.md`: same names, same definitions, each with
its sample size `_n`), over all his hands of the table's game, with the hands he played
with the hero counted apart.
"""

from __future__ import annotations

import polars as pl

from dashboard.connection import fetch
from dashboard.hand_filters import Filters

RECENT_MINUTES = 15


def _rate(part: str, whole: str, name: str) -> str:
    """A documented rate and its sample size, as the stats macros write them."""
    return (
        f"stat_pct(count(*) FILTER (WHERE {part}), count(*) FILTER (WHERE {whole})) AS {name}_pct,"
        f" count(*) FILTER (WHERE {whole}) AS {name}_n"
    )


def _draw_columns() -> str:
    columns = []
    for k in range(1, 4):
        taken = f"f.cards_drawn_draw_{k} IS NOT NULL"
        columns.append(_rate(f"f.stood_pat_draw_{k}", taken, f"stood_pat_draw_{k}"))
        columns.append(f"avg(f.cards_drawn_draw_{k}) AS cards_drawn_draw_{k}_avg")
    return ",\n        ".join(columns)


_ROUNDS = range(1, 6)
_AGGRESSIVE = " + ".join(f"coalesce(f.aggressive_round_{k}, 0)" for k in _ROUNDS)
_CALLS = " + ".join(f"coalesce(f.calls_round_{k}, 0)" for k in _ROUNDS)


def live_tables(filters: Filters, minutes: int = RECENT_MINUTES) -> pl.DataFrame:
    """One row per seat of each table the hero played in the `minutes` before his newest
    hand: the table, the seat, the player and his stats in the table's game.

    Every sidebar filter applies, to the hero's hands (which tables) and to the hands
    each player's stats count (his cash stats under Cash, at those stakes, those dates)."""
    hero_where, params = filters.hero_condition("h", "hero")
    hand_where, hand_params = filters.hand_conditions("h")
    fact_where, fact_params = filters.hand_conditions("f")
    params |= hand_params | fact_params  # the same names and values for both
    sql = f"""
WITH hero_hands AS (
    SELECT h.site, h.table_name, h.hand_number, h.game, h.started_at, h.hero
    FROM hands AS h WHERE {hero_where} AND {hand_where}
),
recent AS (
    SELECT site, table_name,
        arg_max(hand_number, started_at) AS hand_number,
        arg_max(game, started_at) AS game,
        arg_max(hero, started_at) AS hero,
        max(started_at) AS last_hand
    FROM hero_hands
    WHERE started_at >= (SELECT max(started_at) FROM hero_hands) - to_minutes($minutes)
    GROUP BY site, table_name
),
seated AS (
    SELECT r.*, hp.seat, hp.player
    FROM recent AS r
    JOIN hand_players AS hp USING (site, hand_number)
),
stats AS (
    SELECT s.site, s.table_name, s.player,
        count(*) AS hands,
        count(*) FILTER (WHERE f.hero = s.hero) AS hands_together,
        {_rate("f.vpip", "TRUE", "vpip")},
        {_rate("f.first_round_raise", "TRUE", "first_round_raise")},
        {_rate("f.steal_attempt", "f.steal_opportunity", "steal")},
        {_rate("f.folded_to_steal", "f.fold_to_steal_opportunity", "fold_to_steal")},
        {_rate("f.three_bet", "f.three_bet_opportunity", "three_bet")},
        {_rate("f.went_to_showdown", "f.streets_seen >= 2", "went_to_showdown")},
        {_rate("f.won_at_showdown", "f.went_to_showdown", "won_at_showdown")},
        stat_ratio(sum({_AGGRESSIVE}), sum({_CALLS})) AS aggression,
        sum({_CALLS}) AS aggression_n,
        {_draw_columns()}
    FROM seated AS s
    JOIN player_hand_facts AS f
        ON f.site = s.site AND f.player = s.player AND f.game = s.game
    WHERE {fact_where}
    GROUP BY s.site, s.table_name, s.player
)
SELECT s.site, s.table_name, s.game, timezone('UTC', s.last_hand) AS last_hand, s.seat,
    s.player, s.player = s.hero AS is_hero, st.* EXCLUDE (site, table_name, player)
FROM seated AS s
LEFT JOIN stats AS st USING (site, table_name, player)
ORDER BY s.last_hand DESC, s.site, s.table_name, s.seat
"""
    return fetch(sql, params | {"minutes": minutes})
