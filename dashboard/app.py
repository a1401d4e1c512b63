"""studdraw's dashboard: `studdraw dashboard [--db FILE]` or `streamlit run dashboard/app.py`.

The entry point of a Streamlit multipage app: it draws the shared filters in the
sidebar, then runs the page chosen in the navigation. The database is
$STUDDRAW_DB (which `--db` sets), else studdraw.duckdb in the user's data folder.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from dashboard import filters
from dashboard.connection import NoDatabase, database_path, is_dataset
from dashboard.navigation import PAGES
from pipeline.storage.database import DatabaseBusy

# Served by the dashboard itself: a Material icon as page icon makes the browser fetch it
# from fonts.gstatic.com, and the dashboard fetches nothing from the internet. (A comment,
# not a docstring: Streamlit's magic would show a bare string on every page.)
FAVICON = Path(__file__).with_name("favicon.png")


def main() -> None:
    st.set_page_config(page_title="studdraw", page_icon=str(FAVICON), layout="wide")
    pages = [
        st.Page(PAGES["overview"], title="Overview", icon=":material/monitoring:", default=True),
        st.Page(PAGES["stats"], title="Stats", url_path="stats", icon=":material/bar_chart:"),
        st.Page(
            PAGES["starting_hands"],
            title="Starting hands",
            url_path="starting_hands",
            icon=":material/style:",
        ),
        st.Page(
            PAGES["leaks"], title="Leak list", url_path="leaks", icon=":material/compare_arrows:"
        ),
        st.Page(
            PAGES["opponents"], title="Opponents", url_path="opponents", icon=":material/groups:"
        ),
        st.Page(
            PAGES["tournaments"],
            title="Tournaments",
            url_path="tournaments",
            icon=":material/emoji_events:",
        ),
        st.Page(
            PAGES["replayer"],
            title="Hand replayer",
            url_path="replayer",
            icon=":material/playing_cards:",
        ),
        st.Page(
            PAGES["calculator"],
            title="Odds calculator",
            url_path="calculator",
            icon=":material/calculate:",
        ),
        st.Page(
            PAGES["live"], title="Live tables", url_path="live", icon=":material/table_restaurant:"
        ),
        st.Page(PAGES["import"], title="Import", url_path="import", icon=":material/upload_file:"),
        st.Page(PAGES["sql"], title="SQL console", url_path="sql", icon=":material/terminal:"),
    ]
    page = st.navigation(pages)
    path = database_path()
    shown = f"Parquet dataset: `{path}`" if is_dataset(path) else f"Database: `{path}`"
    try:
        filters.sidebar()
    except NoDatabase:
        st.sidebar.info("No database yet: import hand histories on the Import page.")
    except DatabaseBusy:
        # the page's own queries would wait as long again: say so at once
        st.sidebar.caption(shown)
        st.warning("An import is writing to the database; try again in a moment.")
        return
    st.sidebar.caption(shown)
    try:
        page.run()
    except NoDatabase:
        st.info(
            f"There is no database at `{path}` yet. Import hand histories on the Import "
            "page, or run `studdraw import PATH`."
        )
    except DatabaseBusy:
        st.warning("An import is writing to the database; try again in a moment.")


main()
