"""The Import page: the hands an import rejected, with their reasons and text."""

from __future__ import annotations

import polars as pl

from dashboard.connection import fetch
from dashboard.queries.hands import HAND_LIST_LIMIT


def recent_rejects(limit: int = HAND_LIST_LIMIT) -> pl.DataFrame:
    """The latest rejected hands with their reasons (not their text: see reject_text)."""
    sql = """SELECT reject_id, timezone('UTC', rejected_at) AS rejected_at, kind, reason, site,
        hand_number, source_file, first_line, line
    FROM rejects ORDER BY rejected_at DESC, source_file, byte_offset LIMIT $limit"""
    return fetch(sql, {"limit": limit})


def reject_text(reject_id: str) -> str | None:
    frame = fetch("SELECT raw_text FROM rejects WHERE reject_id = $id", {"id": reject_id})
    return frame["raw_text"][0] if frame.height else None
