"""The SQL behind the pages, set-based: DuckDB aggregates, Python only draws.

One module per page or concept (`overview`, `player_stats`, `opponents`, `hands`,
`rejects`, the sidebar's `options`), each reading the hero's hands the one way
`hero_hands` says. Each function builds one query from the shared `Filters` and returns
its whole result
through `dashboard.connection` (short-lived read-only connection, cached until the file
changes). Nothing pulls per-hand rows into Python except the results graph, which is
downsampled in SQL to at most `MAX_POINTS` points, and the lists of hands, which are
limited. Money stays DECIMAL (Polars Decimal) all the way to the screen.

The per-player-hand rows come from `player_hand_facts` (the stats' table, filled at
import: see docs/schema.md) rather than `hand_players` joined with `hands`: it carries the
hand's game, stakes, money and time beside the player's result and flags, so that the
filters apply to one table and no join is needed to find the hero's hands.
"""
