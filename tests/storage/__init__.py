"""Rows, imports and the database: what is stored and the stats read from it."""
