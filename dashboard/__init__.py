"""studdraw's Streamlit dashboard: results, stats, opponents, hand replayer, import, SQL.

`dashboard/app.py` is the entry point (`studdraw dashboard`, or `streamlit run
dashboard/app.py`). Every page reads the DuckDB file through short-lived read-only
connections (`dashboard.connection`), so that an import in another process can write
between two queries.
"""
