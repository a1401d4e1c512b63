"""The note on a player, written where the player is looked at: one click saves it.

The text and its Save button are one form: the click sends the text typed so far with it
(a text area alone sends its text when it loses focus, so a button drawn disabled "until
the text changes" is still disabled under the first click, and the note needed a
second), and the page drawn after the click shows the note just saved.
"""

from __future__ import annotations

import streamlit as st

from dashboard.connection import database_path, is_dataset
from dashboard.queries import annotations as annotation_queries
from pipeline.storage.annotations import set_note
from pipeline.storage.database import Database


def note_editor(site: str, player: str, key: str = "opponents_note") -> None:
    """The note on `player` of `site`, to read and write (nothing on a read-only Parquet
    dataset). Widgets: the text `{key}_{site}_{player}`, the button `{key}_save`."""
    if is_dataset():
        return  # notes live in a database; a Parquet dataset is read-only
    saved = annotation_queries.notes(site, [player]).get(player, "")
    with st.form(key=f"{key}_form_{site}_{player}", border=False, enter_to_submit=False):
        text = st.text_area(
            f"Your note on {player}",
            value=saved,
            key=f"{key}_{site}_{player}",
            placeholder="How he plays: shown here, on Live tables and in the replayer",
        )
        clicked = st.form_submit_button("Save note", key=f"{key}_save")
    if not clicked:
        return
    if text.strip() == saved:
        st.caption("The note is as saved." if saved else "No note to save.")
        return
    set_note(Database(database_path()), site, player, text)
    st.toast("Note saved" if text.strip() else "Note removed")
    with st.container(key=f"{key}_saved"):
        st.caption(f"Saved: {text.strip()}" if text.strip() else "Note removed.")
