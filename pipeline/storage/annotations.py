"""The player's own words in the database: notes on opponents, tags on hands.

Both are written from the dashboard (one short write each, waiting out an import's batch
like any writer) and read with the rest; an import never touches them, so they survive
re-imports. Query them like any table: `studdraw query "SELECT * FROM player_notes"`.
"""

from __future__ import annotations

from pipeline.storage.database import Database

SUGGESTED_TAGS = ("review", "bad beat", "cooler", "hero call", "misplayed", "big pot")

MAX_NOTE_CHARACTERS = 5_000
"""A note is a few lines on how a player plays. One of megabytes would be stored, then
read and drawn wherever the player is shown (Opponents, Live tables, the replayer)."""


class NoteTooLong(ValueError):
    """A note over `MAX_NOTE_CHARACTERS`: not saved, with why."""


def set_note(database: Database, site: str, player: str, note: str) -> None:
    """Write (or with blank text, remove) the note on a player; the file is let go.
    `NoteTooLong` for a note over `MAX_NOTE_CHARACTERS` (nothing written)."""
    if len(note.strip()) > MAX_NOTE_CHARACTERS:
        raise NoteTooLong(
            f"a note holds at most {MAX_NOTE_CHARACTERS:,} characters; this one has "
            f"{len(note.strip()):,}: not saved"
        )
    try:
        connection = database.connection
        if note.strip():
            connection.execute(
                "INSERT OR REPLACE INTO player_notes VALUES (?, ?, ?, now())",
                [site, player, note.strip()],
            )
        else:
            connection.execute(
                "DELETE FROM player_notes WHERE site = ? AND player = ?", [site, player]
            )
    finally:
        database.close()


def set_tags(database: Database, site: str, hand_number: str, tags: list[str]) -> None:
    """Make the hand's tags exactly `tags` (a tag kept keeps its time); the file is let go."""
    wanted = sorted({tag.strip() for tag in tags if tag.strip()})
    try:
        connection = database.connection
        connection.execute(
            "DELETE FROM hand_tags "
            "WHERE site = ? AND hand_number = ? AND NOT list_contains(?, tag)",
            [site, hand_number, wanted],
        )
        for tag in wanted:
            connection.execute(
                "INSERT OR IGNORE INTO hand_tags VALUES (?, ?, ?, now())", [site, hand_number, tag]
            )
    finally:
        database.close()
