"""The Replayer: lists of the hero's hands, a hand found by number, one hand's rows."""

from __future__ import annotations

import duckdb
import polars as pl

from dashboard.connection import fetch, fetch_many
from dashboard.hand_filters import Filters
from dashboard.queries.hero_hands import hero_hands
from dashboard.replay_steps import HandRows

HAND_LIST_LIMIT = 200

RESULTS = {
    "Any result": ("TRUE", "started_at DESC, hand_number DESC"),
    "Won": ("net > 0", "started_at DESC, hand_number DESC"),
    "Lost": ("net < 0", "started_at DESC, hand_number DESC"),
    "Went to showdown": ("went_to_showdown", "started_at DESC, hand_number DESC"),
    "Biggest pots": ("TRUE", "total_pot DESC, started_at DESC"),
    "Biggest wins": ("net > 0", "net DESC, started_at DESC"),
    "Biggest losses": ("net < 0", "net ASC, started_at DESC"),
    "With findings": ("has_warnings", "started_at DESC, hand_number DESC"),
    "Tagged": (
        "EXISTS (SELECT 1 FROM hand_tags AS t "
        "WHERE t.site = listed.site AND t.hand_number = listed.hand_number)",
        "started_at DESC, hand_number DESC",
    ),
}

_HAND_LIST_COLUMNS = """site, hand_number, timezone('UTC', started_at) AS started_at, game,
    limit_kind, small_bet, big_bet, small_blind, big_blind, currency, players, total_pot,
    net AS hero_net, went_to_showdown, has_warnings"""


def hero_hand_list(filters: Filters, result: str, limit: int = HAND_LIST_LIMIT) -> pl.DataFrame:
    """The hero's hands under the filters and a result choice (see RESULTS)."""
    where, order = RESULTS[result]
    cte, params = hero_hands(filters)
    sql = f"""WITH {cte},
    listed AS (
        SELECT hh.*, h.players, h.total_pot, h.has_warnings
        FROM hero_hands AS hh
        JOIN hands AS h ON h.site = hh.site AND h.hand_number = hh.hand_number
    )
    SELECT {_HAND_LIST_COLUMNS} FROM listed WHERE {where} ORDER BY {order} LIMIT $limit"""
    try:
        return fetch(sql, params | {"limit": limit})
    except duckdb.CatalogException:  # a file older than tags, read-only: nothing tagged
        if result != "Tagged":
            raise
        return hero_hand_list(filters, "Any result", limit=0)


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


def every_hand_rows(
    connection: duckdb.DuckDBPyConnection, game: str | None = None, limit: int | None = None
) -> list[HandRows]:
    """Every stored hand's rows (of one game; the first `limit` in hand order), read
    table by table: for checking or timing what the replayer does on a whole database."""
    where = "WHERE game = $game" if game else ""
    params: dict[str, object] = {"game": game} if game else {}
    if limit is not None:
        where += " ORDER BY site, hand_number LIMIT $limit"
        params["limit"] = limit
    hands = connection.sql(f"SELECT * FROM hands {where}", params=params).pl().to_dicts()
    grouped: dict[str, dict[tuple[str, str], list[dict[str, object]]]] = {}
    for table in _HAND_TABLES[1:]:
        rows: dict[tuple[str, str], list[dict[str, object]]] = {}
        for row in connection.sql(f"SELECT * FROM {table}").pl().iter_rows(named=True):
            rows.setdefault((row["site"], row["hand_number"]), []).append(row)
        grouped[table] = rows
    hands.sort(key=lambda hand: (hand["site"], hand["hand_number"]))
    return [
        HandRows(
            hand,
            *(grouped[t].get((hand["site"], hand["hand_number"]), []) for t in _HAND_TABLES[1:]),
        )
        for hand in hands
    ]
