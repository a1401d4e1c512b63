"""Live tables: the tables the hero is playing, each opponent's stats, refreshed by itself.

Meant to sit beside the poker client while `studdraw watch` (or the Import page's watch)
imports each hand as it ends: the page reads the database again every few seconds,
without a click and without reloading.
"""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import filters
from dashboard.games import game_name
from dashboard.literal import literal
from dashboard.queries import annotations as annotation_queries
from dashboard.queries.live_tables import RECENT_MINUTES, live_tables
from parsers.model.games import Game
from parsers.sites import site_name

REFRESH_SECONDS = 3

_BOTH = (
    ("Hands", "hands"),
    ("With hero", "hands_together"),
    ("VPIP", "vpip"),
    ("1st-round raise", "first_round_raise"),
)
_STUD = (("Steal", "steal"), ("Fold to steal", "fold_to_steal"))
_DRAW = (("3-bet", "three_bet"),)
_SHOWDOWN = (("WTSD", "went_to_showdown"), ("W$SD", "won_at_showdown"), ("AF", "aggression"))


def _cell(row: dict[str, object], stat: str) -> str:
    """A stat as a player reads it at the table: the value and its sample ("23% · 48")."""
    if stat in ("hands", "hands_together"):
        return f"{row[stat] or 0:,}"
    if stat == "aggression":
        value = row["aggression"]
        shown = "—" if value is None else f"{float(value):.1f}"  # type: ignore[arg-type]
        return f"{shown} · {row['aggression_n'] or 0}"
    value = row[f"{stat}_pct"]
    shown = "—" if value is None else f"{float(value):.0f}%"  # type: ignore[arg-type]
    return f"{shown} · {row[f'{stat}_n'] or 0}"


def _draws(row: dict[str, object]) -> dict[str, str]:
    """Stand pat and cards drawn, draw by draw: "pat 10% · 2.3 cards"."""
    shown = {}
    for k in range(1, 4):
        if not row[f"stood_pat_draw_{k}_n"]:
            continue
        pat = float(row[f"stood_pat_draw_{k}_pct"] or 0)  # type: ignore[arg-type]
        cards = float(row[f"cards_drawn_draw_{k}_avg"] or 0)  # type: ignore[arg-type]
        sample = row[f"stood_pat_draw_{k}_n"]
        shown[f"Draw {k}"] = f"pat {pat:.0f}% · {cards:.1f} cards · {sample}"
    return shown


def _table(seats: pl.DataFrame, notes: dict[str, str]) -> pl.DataFrame:
    stud = Game(seats["game"][0]).is_stud
    columns = (*_BOTH, *(_STUD if stud else _DRAW), *_SHOWDOWN)
    rows = []
    for row in seats.iter_rows(named=True):
        player = row["player"] + (" (hero)" if row["is_hero"] else "")
        shown = {"Seat": str(row["seat"]), "Player": player}
        shown |= {label: _cell(row, stat) for label, stat in columns}
        if not stud:
            shown |= _draws(row)
        shown["Note"] = notes.get(row["player"], "")
        rows.append(shown)
    return pl.DataFrame(rows)


@st.fragment(run_every=REFRESH_SECONDS)
def _tables(minutes: int) -> None:
    seats = live_tables(filters.current(), minutes)
    if seats.is_empty():
        st.info(
            f"No hand of the hero under the sidebar's filters in the {minutes} minutes before "
            "his newest one. Start a watch on the Import page (or `studdraw watch`) and play: "
            "the tables appear here."
        )
        return
    for (site, table, game), table_seats in seats.group_by(
        ["site", "table_name", "game"], maintain_order=True
    ):
        last = table_seats["last_hand"][0]
        st.subheader(f"{literal(table)} — {game_name(str(game))}")
        st.caption(
            f"{site_name(str(site))} · newest hand {last:%Y-%m-%d %H:%M:%S} UTC · "
            "each stat: value · sample"
        )
        notes = annotation_queries.notes(str(site), table_seats["player"].to_list())
        st.table(_table(table_seats, notes))  # plain HTML: a few rows, nothing to select


def main() -> None:
    st.title("Live tables")
    st.caption(
        "Each opponent at the tables you are playing, with his stats in the table's game; "
        f"the page reads the database again every {REFRESH_SECONDS} seconds. Every sidebar "
        "filter applies: to the hero's hands (which tables) and to the hands each player's "
        "stats count (e.g. 'Cash': his cash hands only)."
    )
    minutes = st.slider(
        "Tables played in the last minutes (before your newest hand)",
        1,
        120,
        RECENT_MINUTES,
        key="live_minutes",
    )
    _tables(minutes)


main()
