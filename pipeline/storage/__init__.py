"""Storage: the DuckDB schema, rows built from replayed hands, and batch loading."""
