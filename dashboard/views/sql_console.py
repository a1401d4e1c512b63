"""SQL console: read-only queries over the database, with examples and CSV download."""

from __future__ import annotations

import streamlit as st

from dashboard import console, filters, navigation
from dashboard.connection import NoDatabase, database_path

TEXT = "sql_text"
RESULT = "sql_result"
CHOOSE = "Choose an example…"


def _on_example() -> None:
    title = st.session_state.get("sql_example")
    if title and title != CHOOSE:
        heroes = filters.current().heroes
        st.session_state[TEXT] = console.example(title, heroes[0] if heroes else None)


def main() -> None:
    st.title("SQL console")
    st.caption(
        "DuckDB SQL over the tables in docs/schema.md and the stat macros in docs/stats.md. "
        "The console is read-only: it runs queries only (SELECT, WITH, SHOW, DESCRIBE, "
        "SUMMARIZE, EXPLAIN), creates and writes nothing, and cannot reach files. A result "
        f"shows at most {console.ROW_LIMIT:,} rows and {console.RESULT_MEGABYTES} MB. The "
        "sidebar's filters do not apply here: the query says what it reads."
    )
    st.selectbox("Examples", [CHOOSE, *console.EXAMPLES], key="sql_example", on_change=_on_example)
    if TEXT not in st.session_state:
        st.session_state[TEXT] = console.example("Hero net by game", None)
    sql = st.text_area("SQL", key=TEXT, height=180)
    if st.button("Run query", key="sql_run", type="primary"):
        path = database_path()
        if not path.exists():
            raise NoDatabase(str(path))
        st.session_state[RESULT] = console.run(path, sql or "")
    outcome = st.session_state.get(RESULT)
    if not isinstance(outcome, console.Outcome):
        return
    if outcome.error:
        st.error(outcome.error)
        return
    if outcome.frame is None:
        st.success(f"Done in {outcome.seconds:.2f} s (no rows).")
        return
    frame = outcome.frame
    more = (
        f" (the first rows only: at most {console.ROW_LIMIT:,} rows and "
        f"{console.RESULT_MEGABYTES} MB are shown)"
        if outcome.truncated
        else ""
    )
    st.caption(f"{frame.height:,} rows{more} in {outcome.seconds:.2f} s")
    replayable = {"site", "hand_number"} <= set(frame.columns)
    with st.container(key="sql_results"):
        event = st.dataframe(
            frame,
            hide_index=True,
            placeholder="—",
            key="sql_table",
            on_select="rerun" if replayable else "ignore",
            selection_mode="single-row",
        )
    st.download_button(
        "Download CSV",
        console.csv_text(frame),
        file_name="studdraw-query.csv",
        mime="text/csv",
        key="sql_download",
    )
    # streamlit types the event loosely
    rows = event.selection.rows if replayable and event is not None else []  # type: ignore[union-attr]
    if rows:
        row = frame.row(rows[0], named=True)
        if st.button(f"Replay hand #{row['hand_number']}", key="sql_replay"):
            navigation.open_hand(row["site"], str(row["hand_number"]))


main()
