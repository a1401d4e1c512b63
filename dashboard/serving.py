"""What `studdraw dashboard` hands the app through the environment, in a module that
loads no Streamlit: the command reads it before it becomes the server, and Streamlit
loaded outside its runtime (an `st.cache_data` decorated at import) logs "No runtime
found" on the console."""

from __future__ import annotations

DATASET_VARIABLE = "STUDDRAW_PARQUET"
"""The Parquet dataset folder to show instead of a database (`--parquet DIR`)."""
