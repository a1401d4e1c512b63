"""The player's notes and tags, as the pages show them (written by
`pipeline.storage.annotations`)."""

from __future__ import annotations

import duckdb
import polars as pl

from dashboard.connection import fetch


def notes(site: str, players: list[str]) -> dict[str, str]:
    """The note on each of these players that has one ({} for a file older than notes:
    the next write adds the table)."""
    if not players:
        return {}
    names = {f"player_{i}": player for i, player in enumerate(players)}
    placeholders = ", ".join(f"${key}" for key in names)
    try:
        frame = fetch(
            "SELECT player, note FROM player_notes "
            f"WHERE site = $site AND player IN ({placeholders})",
            {"site": site, **names},
        )
    except duckdb.CatalogException:
        return {}
    return dict(frame.iter_rows())


def hand_tags(site: str, hand_number: str) -> list[str]:
    """The hand's tags, sorted."""
    try:
        frame = fetch(
            "SELECT tag FROM hand_tags WHERE site = $site AND hand_number = $hand ORDER BY tag",
            {"site": site, "hand": hand_number},
        )
    except duckdb.CatalogException:
        return []
    return frame["tag"].to_list()


def known_tags() -> list[str]:
    """Every tag used so far, the most used first."""
    try:
        frame: pl.DataFrame = fetch(
            "SELECT tag FROM hand_tags GROUP BY tag ORDER BY count(*) DESC, tag"
        )
    except duckdb.CatalogException:
        return []
    return frame["tag"].to_list()
