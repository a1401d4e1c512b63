"""The column settings a dashboard table takes, typed as Streamlit types them."""

from __future__ import annotations

from typing import TypeAlias

from streamlit.elements.lib.column_types import ColumnConfig

Columns: TypeAlias = dict[str, ColumnConfig | str | None]
"""`st.dataframe(column_config=...)`: a column's settings, its label, or None to hide it."""
