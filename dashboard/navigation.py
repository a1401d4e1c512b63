"""The pages, and links between them: open a hand in the replayer, a player in Stats.

A link leaves its target in session state under a key of its own (not a widget's key:
Streamlit drops the state of widgets that were not drawn on the run that set it), and
the target page takes it on its next run, before drawing its widgets.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

PAGES = {
    "overview": "views/overview.py",
    "stats": "views/stats.py",
    "starting_hands": "views/starting_hands.py",
    "leaks": "views/leaks.py",
    "opponents": "views/opponents.py",
    "tournaments": "views/tournaments.py",
    "replayer": "views/replayer.py",
    "calculator": "views/calculator.py",
    "live": "views/live_tables.py",
    "import": "views/import_page.py",
    "sql": "views/sql_console.py",
}

HAND_TARGET = "open_hand"
PLAYER_TARGET = "open_player"


def open_hand(site: str, hand_number: str) -> None:
    """Go to the replayer showing this hand from its first street."""
    st.session_state[HAND_TARGET] = (site, hand_number)
    st.switch_page(PAGES["replayer"])


def replay_selected(event: Any, hands: Any, key: str) -> None:
    """Under a table of hands (one row selectable, `event` its selection): a button that
    replays the hand selected."""
    rows = event.selection.rows if event is not None else []
    if rows:
        hand = hands.row(rows[0], named=True)
        if st.button(f"Replay hand #{hand['hand_number']}", key=key):
            open_hand(hand["site"], hand["hand_number"])


def open_player(site: str, player: str) -> None:
    """Go to the Stats page showing this player."""
    st.session_state[PLAYER_TARGET] = (site, player)
    st.switch_page(PAGES["stats"])


def take(key: str) -> Any:
    """The target a link left for this page, once."""
    return st.session_state.pop(key, None)
