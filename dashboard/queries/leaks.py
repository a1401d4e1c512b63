"""The Leak list page: the macro leak_list under the sidebar's filters, as blocks."""

from __future__ import annotations

from collections.abc import Sequence

from dashboard.connection import fetch
from dashboard.hand_filters import Filters
from pipeline.storage.leaks import LeakBlock, leak_blocks, leak_query


def leak_list(names: Sequence[str], filters: Filters, min_hands: int) -> list[LeakBlock]:
    """The hero's stats beside the winning players', a block per unit and game (the
    hero's most played first). One query: the rows are per stat, never per player."""
    if not names:
        return []
    arguments, params = filters.macro_arguments()
    sql = leak_query([arguments] if arguments else [])
    frame = fetch(sql, params | {"heroes": list(names), "min_hands": int(min_hands)})
    return leak_blocks(frame.iter_rows(named=True))
