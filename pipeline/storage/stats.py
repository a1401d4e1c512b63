"""The stud/draw stat set: installs stats.sql on a connection, keeps the table of per-hand
facts it reads filled, and says what each stat means.

The stats are SQL (views and table macros in stats.sql) so that any DuckDB client can
read them, not only studdraw: `SELECT * FROM player_stats(player := 'studdraw_hero')`.
What they count for each player in each hand (the steal, the 3-bet, each round's
decisions...) needs the hand's actions in betting order; working that out is the slow
part, so it is done once per hand, when the hand is stored (`add_facts`, facts.sql), and
kept in the table player_hand_facts that the views and macros read.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from collections.abc import Mapping
from datetime import datetime, timedelta
from pathlib import Path

import duckdb

from pipeline.storage import starting_hand_facts, starting_hands
from pipeline.storage.starting_hand_facts import (
    START_COLUMN_TYPES,
    START_COLUMNS,
    STARTS_TABLE,
    stage_starting_hands,
    unstage_starting_hands,
)

STAT_HELPERS_SQL = Path(__file__).with_name("stat_helpers.sql")
STATS_SQL = Path(__file__).with_name("stats.sql")
DAY_COUNTS_SQL = Path(__file__).with_name("day_counts.sql")
STAT_REPORTS_SQL = Path(__file__).with_name("stat_reports.sql")
FACTS_SQL = Path(__file__).with_name("facts.sql")
FACTS_TABLE_SQL = Path(__file__).with_name("facts_table.sql")
TOURNAMENTS_SQL = Path(__file__).with_name("tournaments.sql")
STARTING_HAND_SOURCES = tuple(
    Path(module.__file__ or "") for module in (starting_hands, starting_hand_facts)
)
"""The Python files that name the starting hands of player_hand_facts."""

FACTS_TABLE = "player_hand_facts"
FACT_SOURCES = ("hands", "hand_players", "actions", "draws", "pots")
"""The tables facts.sql reads."""

BACKFILL_HANDS = 10_000
"""Hands per transaction when the facts of hands already stored are worked out."""

DAY_COUNT_TABLES = {"player_day_counts": False, "start_day_counts": True}
"""The tables of day_counts.sql -> whether they count by starting hand (stat_counts'
by_start)."""
DAY_COUNT_KEYS = (
    "site", "player", "unit", "game", "limit_kind", "big_unit", "money", "currency", "day",
    "start_category", "start_detail", "start_order", "detail_order", "door_live",
)  # fmt: skip
"""What a row of those tables counts (the others are its counts)."""
ADDED_FACTS = "added_facts"
"""The temporary table of a batch's new facts, counted before it is dropped."""

# The views and macros stat_helpers.sql and stats.sql create, in creation order.
OBJECTS = (
    "stat_games",
    "stat_pct",
    "stat_ratio",
    "stat_rank_letters",
    "stat_suit_count",
    "stat_made_hand",
    "money_unit",
    "player_rounds",
    "player_hands",
    "stat_filters_pass",
    "player_hands_filtered",
    "stat_hands_filtered",
    "stat_interval_hands",
    "stat_win_rate_sd",
    "stat_win_rate_margin",
    "stat_win_rate_low",
    "stat_win_rate_high",
    "stat_spread",
    "stat_mean_margin",
    "stat_mean_sd",
    "stat_counts",
    "stat_whole_days",
    "stat_counts_filtered",
    "stat_counts_in_big_bets",
    "stat_counted_rate",
    "stat_counted_low",
    "stat_counted_high",
    "stat_counted_sd",
    "player_stats",
    "player_street_stats",
    "starting_hands",
    "hero_player_hands",
    "stat_wilson_low",
    "stat_wilson_high",
    "leak_list",
    "tournaments",
)

_CREATE = re.compile(r"^CREATE OR REPLACE (VIEW|MACRO) ", re.MULTILINE)


def facts_table_sql() -> str:
    """The CREATE TABLE IF NOT EXISTS statement of player_hand_facts."""
    return FACTS_TABLE_SQL.read_text(encoding="utf-8")


def facts_version() -> str:
    """Changes whenever what player_hand_facts holds may change: the whole text of each
    file it is made from (its columns, facts.sql, the helpers facts.sql uses, and the
    Python that names the starting hands)."""
    digest = hashlib.sha256()
    for file in (FACTS_TABLE_SQL, FACTS_SQL, STAT_HELPERS_SQL, *STARTING_HAND_SOURCES):
        digest.update(file.read_bytes())
    return "facts " + digest.hexdigest()[:16]


def stats_version() -> str:
    """Changes whenever a view or macro may change: the whole text of the files that
    make them. Kept as the comment of the view player_hands, so that a file whose views
    an older studdraw made is read with this version's (for the connection alone, when
    it cannot be written)."""
    digest = hashlib.sha256()
    for file in (STAT_HELPERS_SQL, STATS_SQL, STAT_REPORTS_SQL, TOURNAMENTS_SQL):
        digest.update(file.read_bytes())
    return "stats " + digest.hexdigest()[:16]


def counts_version() -> str:
    """Changes whenever what the tables of day_counts.sql hold may change: the facts they
    count and the files that count them. Kept as each table's comment."""
    digest = hashlib.sha256(facts_version().encode())
    for file in (STAT_HELPERS_SQL, STATS_SQL, DAY_COUNTS_SQL):
        digest.update(file.read_bytes())
    return "counts " + digest.hexdigest()[:16]


def _with_sources(sources: Mapping[str, str]) -> str:
    """The WITH clause that makes each query of `sources` stand for its table."""
    ctes = ",\n".join(f"{table} AS NOT MATERIALIZED ({sql})" for table, sql in sources.items())
    return f"WITH {ctes}" if ctes else ""


def facts_query(sources: Mapping[str, str]) -> str:
    """facts.sql over other rows than the whole tables: `sources` maps a table it reads
    (FACT_SOURCES) to a query standing for it; the others are read whole. Its rows lack
    the starting hands (START_COLUMNS), which Python names (`add_facts`)."""
    query = FACTS_SQL.read_text(encoding="utf-8")
    ctes = _with_sources(sources)
    return f"{ctes}\nSELECT * FROM (\n{query}\n)" if ctes else query


def stat_counts_call(by_start: bool, arguments: str = "") -> str:
    """The call of stat_counts that fills a table of DAY_COUNT_TABLES (`arguments`: more
    of its named arguments, each after a comma)."""
    return f"stat_counts(by_start := {str(by_start).lower()}{arguments})"


def add_facts(connection: duckdb.DuckDBPyConnection, sources: Mapping[str, str]) -> None:
    """Insert the facts of the hands `sources` stand for (see facts_query), in the
    caller's transaction, with the starting hands Python names for them
    (starting_hand_facts: one pass over the rows whose cards are known), and append
    their counts to the tables of day_counts.sql. Not sorted: the joins give each hand's
    rows together (one run of rows a hand, in a 5,000-hand import), which compress as
    well as sorted ones (100,000 hands: 101 MB either way); sorting them cost the loader
    0.4 s of CPU. A caller that removed facts first recounts their days (`recount_days`)."""
    stage_starting_hands(connection, _with_sources(sources), sources)
    starts = ", ".join(f"s.{column}" for column in START_COLUMNS)
    connection.execute(
        f"CREATE OR REPLACE TEMPORARY TABLE {ADDED_FACTS} AS FROM {FACTS_TABLE} LIMIT 0"
    )
    connection.execute(
        f"INSERT INTO {ADDED_FACTS} BY NAME SELECT f.*, {starts} "
        f"FROM ({facts_query(sources)}) AS f LEFT JOIN {STARTS_TABLE} AS s "
        "ON s.site = f.site AND s.hand_number = f.hand_number AND s.player = f.player"
    ).fetchall()
    unstage_starting_hands(connection)
    connection.execute(f"INSERT INTO {FACTS_TABLE} SELECT * FROM {ADDED_FACTS}")
    added = f", facts := '{ADDED_FACTS}'"
    for table, by_start in DAY_COUNT_TABLES.items():
        connection.execute(
            f"INSERT INTO {table} BY NAME SELECT * FROM {stat_counts_call(by_start, added)}"
        )
    connection.execute(f"DROP TABLE {ADDED_FACTS}")


def _scalar(connection: duckdb.DuckDBPyConnection, sql: str, params: list[object] | None = None):
    return connection.execute(sql, params or []).fetchall()[0][0]


def _resolves(connection: duckdb.DuckDBPyConnection, name: str) -> bool:
    """A table or view of this name is there for the connection."""
    try:
        connection.execute(f"SELECT * FROM {name} LIMIT 0").fetchall()
    except duckdb.CatalogException:
        return False
    return True


def install_stats(connection: duckdb.DuckDBPyConnection, temporary: bool = False) -> None:
    """Create (or replace) the stat views and macros on `connection`.

    Persistent by default, so that the database file carries them to every other DuckDB
    client; then player_hand_facts is brought up to date (`sync_facts`). `temporary=True`
    creates them for this connection only, which is what a read-only connection allows
    (e.g. a database written before the stats existed); if the file has no
    player_hand_facts either, a temporary view stands for it, working the facts out from
    the hands at every reading (slow on a large database: open it for writing once
    instead, as `studdraw import` and the dashboard do).
    """
    counted = _read(STAT_HELPERS_SQL, STATS_SQL)  # what the count tables are made with
    reports = _read(STAT_REPORTS_SQL, TOURNAMENTS_SQL)  # what reads them
    if not temporary:
        connection.execute(facts_table_sql()).fetchall()  # a file older than the table
        _renew_if_changed(connection)  # before the views, which read its columns
        # Read the (empty) result to the end: an unread result would block the connection.
        connection.execute(counted).fetchall()
        sync_day_counts(connection)  # before the reports, which read the tables
        connection.execute(reports).fetchall()
        connection.execute(f"COMMENT ON VIEW player_hands IS '{stats_version()}'").fetchall()
        sync_facts(connection)
        return
    missing = not _resolves(connection, FACTS_TABLE)
    if missing:  # an empty stand-in while the views are created (they need its columns)
        temporary_table = facts_table_sql().replace(
            "CREATE TABLE IF NOT EXISTS", "CREATE TEMPORARY TABLE"
        )
        connection.execute(temporary_table).fetchall()
    connection.execute(_temporary(counted)).fetchall()
    if not day_counts_current(connection):  # counted from the facts at every reading
        connection.execute(
            _read(DAY_COUNTS_SQL).replace(
                "CREATE OR REPLACE TABLE", "CREATE OR REPLACE TEMPORARY VIEW"
            )
        ).fetchall()
    connection.execute(_temporary(reports)).fetchall()
    if missing:  # then the facts, worked out from the hands whenever a stat is read
        connection.execute(f"DROP TABLE temp.main.{FACTS_TABLE}").fetchall()
        unnamed = ", ".join(  # no starting hands: Python names them, at a write
            f"NULL::{kind} AS {column}" for column, kind in START_COLUMN_TYPES.items()
        )
        connection.execute(
            f"CREATE TEMPORARY VIEW {FACTS_TABLE} AS SELECT *, {unnamed} FROM ({facts_query({})})"
        ).fetchall()


def _read(*files: Path) -> str:
    return "\n".join(file.read_text(encoding="utf-8") for file in files)


def _temporary(sql: str) -> str:
    """The views and macros of `sql` for this connection alone."""
    return _CREATE.sub(r"CREATE OR REPLACE TEMPORARY \1 ", sql)


def stats_installed(connection: duckdb.DuckDBPyConnection) -> bool:
    """Every view and macro of this version resolves on the connection (in the file, or
    created for the connection alone)."""
    placeholders = ", ".join("?" for _ in OBJECTS)
    found = _scalar(
        connection,
        "SELECT count(DISTINCT name) FROM ("
        "SELECT view_name AS name FROM duckdb_views() WHERE NOT internal "
        "UNION ALL SELECT function_name FROM duckdb_functions() "
        "WHERE function_type IN ('macro', 'table_macro')"
        f") WHERE name IN ({placeholders})",
        list(OBJECTS),
    )
    current = _scalar(
        connection,
        "SELECT count(*) FROM duckdb_views() WHERE view_name = 'player_hands' "
        "AND (temporary OR comment = ?)",
        [stats_version()],
    )
    return found == len(OBJECTS) and current > 0


def make_stats_readable(connection: duckdb.DuckDBPyConnection) -> None:
    """On a read-only connection to a file written before this version's stats (or its
    day counts): create them for this connection alone. A file that is not studdraw's is
    left as it is."""
    if not (stats_installed(connection) and day_counts_current(connection)):
        with contextlib.suppress(duckdb.CatalogException):  # no studdraw tables to read
            install_stats(connection, temporary=True)


def facts_are_current(connection: duckdb.DuckDBPyConnection) -> bool:
    """The file's player_hand_facts has this version's definition and a row per row of
    hand_players: nothing for `sync_facts` to do."""
    comment = _scalar(
        connection,
        "SELECT max(comment) FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = 'main' AND table_name = ?",
        [FACTS_TABLE],
    )
    stored = _scalar(connection, "SELECT count(*) FROM hand_players")
    return (
        comment == facts_version()
        and _scalar(connection, f"SELECT count(*) FROM {FACTS_TABLE}") == stored
    )


def sync_facts(connection: duckdb.DuckDBPyConnection, chunk_hands: int = BACKFILL_HANDS) -> int:
    """Make player_hand_facts hold the facts of every stored hand; returns the rows added.

    The loader adds a batch's facts with the batch, so this only has work to do on a
    database written before the table existed (or before its definition changed: the
    table's comment holds the `facts_version` it was filled with, and another version
    empties it), or whose tables were written by hand. The missing hands are done
    `chunk_hands` at a time, one transaction each: interrupted, it goes on from there the
    next time.
    """
    _renew_if_changed(connection)
    return _fill_missing(connection, chunk_hands)


def _renew_if_changed(connection: duckdb.DuckDBPyConnection) -> None:
    """Empty player_hand_facts, with this version's columns, if it was filled by another
    version (its comment holds the `facts_version` it was filled with)."""
    version = facts_version()
    comment = _scalar(
        connection,
        "SELECT comment FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = 'main' AND table_name = ?",
        [FACTS_TABLE],
    )
    if comment != version:
        connection.begin()
        connection.execute(f"DROP TABLE {FACTS_TABLE}")
        connection.execute(facts_table_sql())
        connection.execute(f"COMMENT ON TABLE {FACTS_TABLE} IS '{version}'")
        connection.commit()


def _fill_missing(connection: duckdb.DuckDBPyConnection, chunk_hands: int) -> int:
    """Add the facts of the hands player_hand_facts lacks, `chunk_hands` hands per
    transaction (the query's memory stays bounded); returns the rows added."""
    facts = _scalar(connection, f"SELECT count(*) FROM {FACTS_TABLE}")
    if facts == _scalar(connection, "SELECT count(*) FROM hand_players"):
        return 0
    connection.execute(
        "CREATE OR REPLACE TEMPORARY TABLE facts_missing AS "
        "SELECT site, hand_number, "
        f"(row_number() OVER (ORDER BY site, hand_number) - 1) // {int(chunk_hands)} AS chunk "
        "FROM hands ANTI JOIN "
        f"(SELECT DISTINCT site, hand_number FROM {FACTS_TABLE}) USING (site, hand_number)"
    )
    chunks = _scalar(connection, "SELECT coalesce(max(chunk) + 1, 0) FROM facts_missing")
    for chunk in range(chunks):
        keys = f"SELECT site, hand_number FROM facts_missing WHERE chunk = {chunk}"
        connection.begin()
        add_facts(
            connection,
            {
                table: f"SELECT x.* FROM {table} AS x SEMI JOIN ({keys}) USING (site, hand_number)"
                for table in FACT_SOURCES
            },
        )
        connection.commit()
    connection.execute("DROP TABLE facts_missing")
    return _scalar(connection, f"SELECT count(*) FROM {FACTS_TABLE}") - facts


def day_counts_current(connection: duckdb.DuckDBPyConnection) -> bool:
    """The file's count tables were made by this version (their comments say)."""
    found = _scalar(
        connection,
        "SELECT count(*) FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = 'main' AND list_contains(?, table_name) AND comment = ?",
        [list(DAY_COUNT_TABLES), counts_version()],
    )
    return found == len(DAY_COUNT_TABLES)


def _day_counts_add_up(connection: duckdb.DuckDBPyConnection) -> bool:
    """Each count table counts every player-hand of player_hand_facts it should: a check
    as cheap as it is telling, for tables written by hand or by an interrupted studdraw."""
    for table, by_start in DAY_COUNT_TABLES.items():
        counted = _scalar(connection, f"SELECT coalesce(sum(hands), 0) FROM {table}")
        where = " WHERE start_category IS NOT NULL" if by_start else ""
        if counted != _scalar(connection, f"SELECT count(*) FROM {FACTS_TABLE}{where}"):
            return False
    return True


def sync_day_counts(connection: duckdb.DuckDBPyConnection) -> None:
    """Make the tables of day_counts.sql again, unless this version made them and they add
    up to player_hand_facts (stat_counts must be installed). A month of hands at a time,
    each in its own transaction: the whole at once would not fit studdraw's memory limit
    on a large database; interrupted, the tables lack their comment and are made again."""
    if day_counts_current(connection) and _day_counts_add_up(connection):
        _compact_day_counts(connection)
        return
    for table, by_start in DAY_COUNT_TABLES.items():
        connection.execute(
            f"CREATE OR REPLACE TABLE {table} AS SELECT * FROM {stat_counts_call(by_start)} LIMIT 0"
        )
    months = connection.execute(
        "SELECT DISTINCT date_trunc('month', timezone('UTC', started_at)) AS month "
        f"FROM {FACTS_TABLE} ORDER BY month NULLS LAST"
    ).fetchall()
    for (month,) in months:
        connection.begin()
        _count_days(connection, month and (month, _next_month(month)))
        connection.commit()
    for table in DAY_COUNT_TABLES:
        connection.execute(f"COMMENT ON TABLE {table} IS '{counts_version()}'")


def day_count_sums(connection: duckdb.DuckDBPyConnection, table: str) -> str:
    """A query of `table`'s rows added up by key: one row a key, as stat_counts gives."""
    described = connection.execute(f"SELECT column_name FROM (DESCRIBE {table})").fetchall()
    sums = ", ".join(
        f"sum({name}) AS {name}" for (name,) in described if name not in DAY_COUNT_KEYS
    )
    return f"SELECT {', '.join(DAY_COUNT_KEYS)}, {sums} FROM {table} GROUP BY ALL"


def _compact_day_counts(connection: duckdb.DuckDBPyConnection) -> None:
    """Each import appends its batches' counts: a day's key may have a row per batch.
    Once a table holds twice the rows of its keys, add each key's rows into one."""
    for table in DAY_COUNT_TABLES:
        rows, distinct = connection.execute(
            f"SELECT count(*), count(DISTINCT ({', '.join(DAY_COUNT_KEYS)})) FROM {table}"
        ).fetchall()[0]
        if rows < 2 * distinct:
            continue
        connection.begin()
        connection.execute(
            "CREATE OR REPLACE TEMPORARY TABLE compacted AS "
            f"{day_count_sums(connection, table)} ORDER BY site, day"
        )
        connection.execute(f"DELETE FROM {table}")
        connection.execute(f"INSERT INTO {table} BY NAME SELECT * FROM compacted")
        connection.execute("DROP TABLE compacted")
        connection.commit()


def _next_month(month: datetime) -> datetime:
    return month.replace(year=month.year + month.month // 12, month=month.month % 12 + 1)


def _count_days(
    connection: duckdb.DuckDBPyConnection,
    period: tuple[datetime, datetime] | None,
    days: str | None = None,
) -> None:
    """Add to the count tables the counts of the hands played in `period` (UTC, from and
    before; None: the hands without a time), only on `days` (a table of site and day)
    if given."""
    if period is None:
        bounds, undated = "", " WHERE c.day IS NULL"
    else:
        first, last = (f"TIMESTAMPTZ '{moment:%Y-%m-%d %H:%M:%S}+00'" for moment in period)
        bounds, undated = f", since := {first}, until := {last}", ""
    chosen = (
        f" SEMI JOIN {days} AS d ON c.site = d.site AND c.day IS NOT DISTINCT FROM d.day"
        if days
        else ""
    )
    for table, by_start in DAY_COUNT_TABLES.items():
        connection.execute(
            f"INSERT INTO {table} BY NAME SELECT c.* "
            f"FROM {stat_counts_call(by_start, bounds)} AS c"
            f"{chosen}{undated}"
        )


def recount_days(connection: duckdb.DuckDBPyConnection, hands: str) -> None:
    """Count again, in the tables of day_counts.sql, every day (UTC, per site) on which a
    hand of `hands` (a query with the columns site and started_at) was played: called in
    the transaction that removed those hands' facts (hands giving way, facts worked out
    again). Only those days' facts are read again, not the whole table."""
    connection.execute(
        "CREATE OR REPLACE TEMPORARY TABLE recounted_days AS "
        "SELECT DISTINCT h.site, CAST(timezone('UTC', h.started_at) AS DATE) AS day "
        f"FROM ({hands}) AS h"
    )
    first, last, undated = connection.execute(
        "SELECT min(day), max(day), count(*) FILTER (WHERE day IS NULL) FROM recounted_days"
    ).fetchall()[0]
    for table in DAY_COUNT_TABLES:
        connection.execute(
            f"DELETE FROM {table} AS c USING recounted_days AS d "
            "WHERE c.site = d.site AND c.day IS NOT DISTINCT FROM d.day"
        )
    if first is not None:
        midnight = datetime.min.time()
        period = (
            datetime.combine(first, midnight),
            datetime.combine(last + timedelta(days=1), midnight),
        )
        _count_days(connection, period, "recounted_days")
    if undated:
        _count_days(connection, None, "recounted_days")
    connection.execute("DROP TABLE recounted_days")


# Betting round -> what players call it: seven-card stud and razz / draw games.
# (Five-card stud has four rounds, 2nd to 5th street: round k is street k + 1.)
ROUND_NAMES = {
    1: "3rd street / before the first draw",
    2: "4th street / after the first draw",
    3: "5th street / after the second draw",
    4: "6th street / after the third draw",
    5: "7th street",
}


def _definitions() -> dict[str, str]:
    def sample(stat: str, over: str) -> str:
        return f"Sample size of {stat} (its denominator): {over}."

    d: dict[str, str] = {
        "site": "The poker site the hands were played on.",
        "player": "The player's screen name on that site.",
        "unit": "What the money columns count: the currency of real money ('USD', 'EUR'), "
        "'play money' or 'tournament chips'; each unit has rows of its own, never added.",
        "game": "The game id ('razz', 'triple_draw_27', ...); NULL when by_game := false "
        "puts every game together.",
        "hands": "Hands the player was dealt into.",
        "net_won": "Money (or tournament chips) collected minus money put in, summed over the "
        "hands, in the row's unit; the rake is already out of what was collected.",
        "big_bets_won": "Net won counted in big bets: each hand's result divided by that "
        "hand's big bet (the big blind in pot and no limit).",
        "big_bets_per_100": "Big bets won per 100 hands: the win rate, comparable across stakes.",
        "big_bets_per_100_low": "Low end of the win rate's 95% interval: BB/100 minus 1.96 x "
        "the SD per 100 / sqrt(hands / 100) (the normal approximation); NULL under 30 hands.",
        "big_bets_per_100_high": "High end of the win rate's 95% interval: BB/100 plus 1.96 x "
        "the SD per 100 / sqrt(hands / 100); NULL under 30 hands.",
        "big_bets_per_100_sd": "Standard deviation of the win rate per 100 hands, in big "
        "bets: how much 100 hands' results spread (one hand's SD x 10); NULL under 30 hands.",
        "ev_net_won": "Net won with the luck after all-ins taken out: in a hand decided all "
        "in with cards to come, what the player's equity in each pot was worth.",
        "ev_big_bets_won": "Big bets won, all-in adjusted: each hand's adjusted result "
        "divided by its big bet.",
        "ev_big_bets_per_100": "Big bets per 100 hands, all-in adjusted: the win rate the "
        "decisions earned, whatever the cards after the all-ins.",
        "ev_big_bets_per_100_low": "Low end of the all-in adjusted win rate's 95% interval "
        "(as for BB/100); NULL under 30 hands.",
        "ev_big_bets_per_100_high": "High end of the all-in adjusted win rate's 95% interval "
        "(as for BB/100); NULL under 30 hands.",
        "ev_big_bets_per_100_sd": "Standard deviation per 100 hands of the all-in adjusted "
        "win rate, in big bets (one hand's SD x 10); NULL under 30 hands.",
        "all_in_adjusted_n": "Hands of the player decided all in with cards to come whose "
        "result was adjusted (every live hand known).",
        "vpip_pct": "Voluntarily put money in the pot on the first betting round (called, "
        "completed, bet or raised); antes, blinds and the bring-in post do not count.",
        "vpip_n": sample("VPIP", "hands dealt"),
        "first_round_raise_pct": "Bet, completed or raised on the first betting round "
        "(3rd street, or before the first draw).",
        "first_round_raise_n": sample("first-round raise", "hands dealt"),
        "bring_in_complete_pct": "Stud: when the player had the low card (the bring-in), how "
        "often he completed to a full small bet instead of posting the bring-in.",
        "bring_in_complete_n": sample("bring-in complete", "hands in which he had the bring-in"),
        "steal_pct": "Stud: when everyone before him had folded to the bring-in and he was one "
        "of the last two players to act on 3rd street, how often he completed or raised.",
        "steal_n": sample("steal", "hands in which he had that chance"),
        "fold_to_steal_pct": "Stud: when the player had posted the bring-in and faced a steal "
        "with no re-raise behind it, how often he folded.",
        "fold_to_steal_n": sample("fold to steal", "steals he faced"),
        "three_bet_pct": "Draw games: when the player faced exactly one raise before the first "
        "draw, how often he re-raised.",
        "three_bet_n": sample("3-bet", "times he faced exactly one raise before the first draw"),
        "went_to_showdown_pct": "Of the hands in which the player saw 4th street (the first "
        "draw), how often he went to showdown.",
        "went_to_showdown_n": sample("went to showdown", "hands in which he saw round 2"),
        "won_at_showdown_pct": "Of the player's showdowns, how often he won money there (all "
        "or part of a pot).",
        "won_at_showdown_n": sample("won at showdown", "showdowns"),
        "won_without_showdown_pct": "Hands in which the player won a pot without a showdown "
        "(everyone else folded), per hand dealt.",
        "won_without_showdown_n": sample("won without showdown", "hands dealt"),
        "won_when_saw_round_2_pct": "Of the hands in which the player saw 4th street (the "
        "first draw), how often he won money (all or part of a pot).",
        "won_when_saw_round_2_n": sample("won when saw round 2", "hands in which he saw round 2"),
        "scoop_pct": "Hi/lo: of the player's showdowns, how often he won the whole main pot "
        "(both halves alone, or the high alone when no low qualified).",
        "scoop_n": sample("scoop", "hi/lo showdowns"),
        "quartered_pct": "Hi/lo: of the player's showdowns, how often he got a quarter of the "
        "main pot or less, but not nothing (a half shared with others).",
        "quartered_n": sample("quartered", "hi/lo showdowns"),
        "snow_pct": "Draw games: of the pat hands on the first draw whose cards are known, how "
        "often the pat hand was not made (a pair or worse) and the player then bet or raised.",
        "snow_n": sample("snow", "known pat hands on the first draw"),
    }
    for k in range(2, 6):
        d[f"saw_round_{k}_pct"] = (
            f"How often the player was still in the hand for betting round {k} ({ROUND_NAMES[k]})."
        )
        d[f"saw_round_{k}_n"] = sample(f"saw round {k}", f"hands in games that have a round {k}")
    for k in range(1, 6):
        where = f"betting round {k} ({ROUND_NAMES[k]})"
        d[f"af_round_{k}"] = (
            f"Aggression factor on {where}: bets, raises and completes divided by calls."
        )
        d[f"af_round_{k}_n"] = sample(f"the aggression factor on round {k}", "calls")
        d[f"afq_round_{k}_pct"] = (
            f"Aggression frequency on {where}: bets, raises and completes as a share of the "
            "player's decisions there (bets, raises, completes, calls, checks, folds)."
        )
        d[f"afq_round_{k}_n"] = sample(f"aggression frequency on round {k}", "decisions")
    for k in range(1, 4):
        d[f"stood_pat_draw_{k}_pct"] = (
            f"Draw games: how often the player stood pat (drew no card) on draw {k}."
        )
        d[f"stood_pat_draw_{k}_n"] = sample(f"stood pat on draw {k}", f"draws {k} he took part in")
        d[f"cards_drawn_draw_{k}_avg"] = (
            f"Draw games: the average number of cards the player drew on draw {k}, a pat "
            "counted as 0."
        )
        d[f"cards_drawn_draw_{k}_n"] = sample(
            f"cards drawn on draw {k}", f"draws {k} he took part in"
        )
    # player_street_stats: one row per betting round
    d |= {
        "round": "The betting round: 1 is the first (3rd street, or before the first draw).",
        "street": "The betting round's name in the game ('third', 'fourth', 'predraw', "
        "'draw_1', ...); NULL when by_game := false.",
        "hands_seen": "Hands in which the player was dealt into this betting round.",
        "saw_pct": "How often the player was still in the hand for this betting round.",
        "saw_n": sample("saw", "hands in games that have this round"),
        "aggressive": "The player's bets, raises and completes on this round.",
        "calls": "The player's calls on this round.",
        "checks": "The player's checks on this round.",
        "folds": "The player's folds on this round.",
        "af": "Aggression factor on this round: bets, raises and completes divided by calls.",
        "af_n": sample("the aggression factor", "calls"),
        "afq_pct": "Aggression frequency on this round: bets, raises and completes as a share "
        "of the player's decisions there.",
        "afq_n": sample("aggression frequency", "decisions"),
    }
    return d


STAT_DEFINITIONS: dict[str, str] = _definitions()
"""Output column of player_stats / player_street_stats -> what it means, in one sentence."""
