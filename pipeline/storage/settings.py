"""The player's own choices for a database, kept in it (`settings` table).

The hero is known from the files (whose down cards they show), and a player with several
screen names, or who imports a friend's histories, says once which names are his.
"""

from __future__ import annotations

import json

import duckdb

from pipeline.storage.database import Database

HERO_NAMES = "hero_names"
HEROES_FOUND_SQL = (
    "SELECT hero, count(*) AS hands FROM hands WHERE hero IS NOT NULL "
    "GROUP BY hero ORDER BY hands DESC, hero"
)
"""The heroes the files show (whose down cards they deal), most hands first."""


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
