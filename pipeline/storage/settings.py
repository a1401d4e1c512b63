"""The player's own choices for a database, kept in it (`settings` table).

The hero of each hand is the player its site marks (`hands.hero`). The hero of the
database is the user's: until he says which names are his (`studdraw hero NAME...`, the
dashboard's sidebar), it is the one name with most hands on each site, never every name
that was ever a hero (a friend's files, a coach's, a sit & go's other seat).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import duckdb

from pipeline.storage.database import Database

HERO_NAMES = "hero_names"
HEROES_FOUND_SQL = (
    "SELECT hero, site, count(*) AS hands FROM hands WHERE hero IS NOT NULL "
    "GROUP BY hero, site ORDER BY hands DESC, hero, site"
)
"""The heroes the sites mark, per site, most hands first."""


def hero_names(connection: duckdb.DuckDBPyConnection) -> tuple[str, ...] | None:
    """The hero's screen names as set for this database; None if never set (or the file
    predates settings)."""
    try:
        rows = connection.execute(
            "SELECT value FROM settings WHERE name = ?", [HERO_NAMES]
        ).fetchall()
    except duckdb.CatalogException:
        return None
    return tuple(json.loads(rows[0][0])) if rows else None


def default_hero_names(found: Iterable[tuple[str, str, int]]) -> tuple[str, ...]:
    """The hero set before the user chose one: on each site, the name the site marks as
    hero in most hands (`found`: rows of HEROES_FOUND_SQL, most hands first)."""
    best: dict[str, str] = {}
    for name, site, _hands in found:
        best.setdefault(site, name)
    return tuple(dict.fromkeys(best.values()))


def heroes_in_use(connection: duckdb.DuckDBPyConnection) -> tuple[str, ...]:
    """The names counted as the user's: those he set, else the default per site."""
    chosen = hero_names(connection)
    if chosen is not None:
        return chosen
    return default_hero_names(connection.execute(HEROES_FOUND_SQL).fetchall())


def set_hero_names(database: Database, names: tuple[str, ...] | None) -> None:
    """Set (or with None, forget) the hero's screen names, and let the file go."""
    try:
        connection = database.connection
        connection.execute("DELETE FROM settings WHERE name = ?", [HERO_NAMES])
        if names is not None:
            connection.execute(
                "INSERT INTO settings VALUES (?, ?)",
                [HERO_NAMES, json.dumps(list(names), ensure_ascii=False)],
            )
    finally:
        database.close()
