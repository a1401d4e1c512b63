"""The note on a player, written where the player is looked at: one click saves it.

A text area sends its text to the server when it loses focus, so a Save button drawn
disabled "until the text changes" is still disabled under the first click (which only
takes the focus away): the note needed a second click. Here the button is never disabled,
and its callback saves the text before the page is drawn again, so the page drawn after
the click shows the note just saved.
"""

from __future__ import annotations

import streamlit as st

from dashboard.connection import database_path, is_dataset
from dashboard.queries import annotations as annotation_queries
from pipeline.storage.annotations import MAX_NOTE_CHARACTERS, set_note
from pipeline.storage.database import Database


def note_editor(site: str, player: str, key: str = "opponents_note") -> None:
    """The note on `player` of `site`, to read and write (nothing on a read-only Parquet
    dataset). Widgets: the text `{key}_{site}_{player}`, the button `{key}_save`."""
    if is_dataset():
        return  # notes live in a database; a Parquet dataset is read-only
    saved = annotation_queries.notes(site, [player]).get(player, "")
    text_key = f"{key}_{site}_{player}"
    st.text_area(
        f"Your note on {player}",
        value=saved,
        key=text_key,
        placeholder="How he plays: shown here, on Live tables and in the replayer",
        max_chars=MAX_NOTE_CHARACTERS,  # counted as typed; the server keeps no more
        help=f"Up to {MAX_NOTE_CHARACTERS:,} characters.",
    )
    # Never disabled: the browser sends the text typed with the click (its blur first),
    # and the callback saves it before the page is drawn again.
    st.button("Save note", key=f"{key}_save", on_click=_save, args=(site, player, text_key))
    done = st.session_state.pop(_SAVED, None)
    if done is not None and done[:2] == (site, player):
        with st.container(key=f"{key}_saved"):
            st.caption(f"Saved: {done[2]}" if done[2] else "Note removed.")


_SAVED = "note_just_saved"  # (site, player, note) the last click saved, shown once


def _save(site: str, player: str, text_key: str) -> None:
    """The button's callback: runs before the page is drawn again, with the text the
    browser sent with the click."""
    text = str(st.session_state.get(text_key) or "").strip()
    set_note(Database(database_path()), site, player, text)
    st.session_state[_SAVED] = (site, player, text)
    st.toast("Note saved" if text else "Note removed")
