"""The dashboard: pages, queries and a real browser."""
