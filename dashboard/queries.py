"""The SQL behind the pages, set-based: DuckDB aggregates, Python only draws.

Each function builds one query from the shared `Filters` and returns its whole result
through `dashboard.connection` (short-lived read-only connection, cached until the file
changes). Nothing pulls per-hand rows into Python except the results graph, which is
downsampled in SQL to at most `MAX_POINTS` points, and the lists of hands, which are
limited. Money stays DECIMAL (Polars Decimal) all the way to the screen.

The per-player-hand rows come from `player_hand_facts` (the stats' table, filled at
import: see docs/schema.md) rather than `hand_players` joined with `hands`: it carries the
hand's game, stakes, money and time beside the player's result and flags, so that the
filters apply to one table and no join is needed to find the hero's hands.
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


def _hero_facts(filters: Filters, alias: str = "f") -> tuple[str, dict[str, Any]]:
    """The hero's rows of player_hand_facts under the filters: `FROM ... WHERE ...`."""
    hands_where, params = filters.hand_conditions(alias)
    hero_where, hero_params = filters.hero_condition(alias)
    sql = f"FROM player_hand_facts AS {alias} WHERE {hero_where} AND {hands_where}"
    return sql, params | hero_params


_TOTALS = """
    count(*) AS hands,
    sum(net) AS net_won,
    100 * sum(big_bets) / nullif(count(big_bets), 0) AS big_bets_per_100,
    coalesce(sum(net) FILTER (WHERE went_to_showdown), 0) AS showdown_won,
    coalesce(sum(net) FILTER (WHERE NOT went_to_showdown), 0) AS non_showdown_won
"""
# The order of the graph (a hand two of the hero's names played comes twice)
_HAND_ORDER = "started_at, site, hand_number, hero"
_STAKES = ("limit_kind", "big_unit", "small_bet", "big_bet", "small_blind", "big_blind", "currency")

# Every Overview statement starts from the hero's rows of player_hand_facts under the
# filters (`{hands}`): scanning that table's few columns is cheaper than keeping a copy.
_HERO_HANDS = """WITH hero_hands AS (
    SELECT f.site, f.hand_number, f.game, f.limit_kind, f.big_unit, f.small_bet, f.big_bet,
        f.small_blind, f.big_blind, f.money, f.currency, f.started_at, f.player AS hero,
        f.net, f.went_to_showdown, f.net / nullif(f.big_unit, 0) AS big_bets
    {hands}
)"""

_OVERVIEW_TOTALS = f"""SELECT {_TOTALS},
    count(DISTINCT coalesce(currency, money)) AS money_kinds,
    string_agg(DISTINCT coalesce(currency, money), ', ') AS money_list,
    any_value(currency) AS currency
FROM hero_hands"""

# Cumulative results (all, showdown, non-showdown; money and big bets) after every k-th
# hand, k chosen so that at most $max_points points come back: hands are numbered once,
# summed per block of k in one pass, and only the blocks are accumulated. The graph
# starts from 0 at hand 0. (The count is read apart, from `{hands}`: a second reading of
# hero_hands would make DuckDB keep a copy of it.)
_RESULTS_CURVE = f""",
numbered AS (
    SELECT row_number() OVER (ORDER BY {_HAND_ORDER}) AS hand, t.total,
        started_at, net, big_bets, went_to_showdown
    FROM hero_hands, (SELECT count(*) AS total {{hands}}) AS t
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


# The most recent sessions: hands with no pause of more than $gap minutes between them,
# over every table at once (multi-tabling is one session). Hands are first summed per
# stretch of $gap minutes (and game and money): two hands of a stretch are never more
# than $gap apart, so a session can only start at a stretch's first hand, when the
# previous stretch with hands ended more than $gap minutes before. Only those few rows
# are put in order, not every hand.
_SESSIONS = """,
per_stretch AS (
    SELECT epoch_us(started_at) // (CAST($gap AS BIGINT) * 60000000) AS stretch, game,
        coalesce(currency, money) AS money,
        min(started_at) AS first_hand, max(started_at) AS last_hand,
        count(*) AS hands, sum(net) AS net_won,
        sum(big_bets) AS big_bets, count(big_bets) AS big_bets_n
    FROM hero_hands
    GROUP BY ALL
),
stretches AS (
    SELECT stretch,
        CASE WHEN min(first_hand) - lag(max(last_hand)) OVER (ORDER BY stretch)
                  <= to_minutes(CAST($gap AS BIGINT))
             THEN 0 ELSE 1 END AS starts_session
    FROM per_stretch
    GROUP BY stretch
),
numbered AS (
    SELECT stretch,
        sum(starts_session) OVER (ORDER BY stretch ROWS UNBOUNDED PRECEDING) AS session
    FROM stretches
)
SELECT
    timezone('UTC', min(first_hand)) AS started,
    timezone('UTC', max(last_hand)) AS last_hand,
    date_diff('second', min(first_hand), max(last_hand)) AS duration_seconds,
    CAST(sum(hands) AS BIGINT) AS hands,
    sum(net_won) AS net_won,
    100 * sum(big_bets) / nullif(sum(big_bets_n), 0) AS big_bets_per_100,
    string_agg(DISTINCT game, ', ') AS games,
    string_agg(DISTINCT money, ', ') AS money
FROM per_stretch
JOIN numbered USING (stretch)
GROUP BY session
ORDER BY min(first_hand) DESC
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
    """Every Overview number, read on one connection: each from the hero's rows of
    player_hand_facts."""
    if gap_minutes < 1:
        raise ValueError("a session gap is at least a minute")
    hands, params = _hero_facts(filters)
    with_hands = _HERO_HANDS.format(hands=hands)
    frames = fetch_many(
        [
            (f"{with_hands}\n{_OVERVIEW_TOTALS}", params),
            (
                with_hands + _RESULTS_CURVE.format(hands=hands),
                params | {"max_points": max_points},
            ),
            (f"{with_hands}\n{_results_by(['game'])}", params),
            (f"{with_hands}\n{_results_by(_STAKES)}", params),
            (f"{with_hands}{_SESSIONS}", params | {"gap": gap_minutes, "limit": sessions}),
        ]
    )
    return Overview(*frames)


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
    hero, params = _hero_facts(filters, "f")
    sql = f"""hero_hands AS (
        SELECT f.site, f.hand_number, f.net {hero}
    ),
    together AS (
        SELECT o.* REPLACE (hh.net AS hero_net)
        FROM player_hand_facts AS o
        JOIN hero_hands AS hh ON hh.site = o.site AND hh.hand_number = o.hand_number
        WHERE {others_where}
    )"""
    return sql, params


def opponents(filters: Filters, min_hands: int, limit: int = OPPONENT_LIMIT) -> pl.DataFrame:
    """Everyone the hero played with, in the hands the filters keep: hands together,
    their net and the hero's net in those hands, VPIP, aggression, showdowns.

    Light stats from player_hand_facts over the hero's hands (not the stat macros, which
    would count every player's every hand). Summed per game first, then per player: the
    list of games comes from a few rows, not from every hand."""
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
        100.0 * vpip / hands AS vpip_pct,
        100.0 * first_round_raise / hands AS first_round_raise_pct,
        CASE WHEN calls > 0 THEN aggressive / calls END AS af,
        calls AS af_n,
        CASE WHEN decisions > 0 THEN 100.0 * aggressive / decisions END AS afq_pct,
        decisions AS afq_n,
        100.0 * went_to_showdown_2 / nullif(saw_round_2, 0) AS went_to_showdown_pct,
        saw_round_2 AS went_to_showdown_n,
        100.0 * won_at_showdown / nullif(went_to_showdown, 0) AS won_at_showdown_pct,
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
        100.0 * count(*) FILTER (WHERE o.vpip) / count(*) AS vpip_pct,
        100.0 * count(*) FILTER (WHERE o.went_to_showdown AND o.streets_seen >= 2)
            / nullif(count(*) FILTER (WHERE o.streets_seen >= 2), 0) AS went_to_showdown_pct,
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
