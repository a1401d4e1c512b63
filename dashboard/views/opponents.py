"""Opponents: everyone the hero played with, and a closer look at one of them."""

from __future__ import annotations

from dataclasses import replace

import polars as pl
import streamlit as st

from dashboard import filters, navigation
from dashboard.column_types import Columns
from dashboard.games import game_name
from dashboard.hand_filters import Filters
from dashboard.literal import literal
from dashboard.money import money_column, unit_title
from dashboard.notes import note_editor
from dashboard.queries import opponents as opponent_queries
from parsers.sites import site_name

HELP = {
    "hands": "Hands the player and the hero were both dealt into (under the filters).",
    "their_net": "The player's own net in those hands.",
    "hero_net": "The hero's net in those hands: how the hero did with this player at the table.",
    "vpip_pct": "Voluntarily put money in the pot on the first betting round.",
    "first_round_raise_pct": "Bet, completed or raised on the first betting round.",
    "af": "Aggression factor: bets, raises and completes divided by calls, every round.",
    "af_n": "Sample size of the aggression factor: calls.",
    "afq_pct": "Aggression frequency: bets, raises and completes as a share of decisions.",
    "afq_n": "Sample size of the aggression frequency: decisions.",
    "went_to_showdown_pct": "Of the hands in which the player saw 4th street (the first "
    "draw), how often he went to showdown.",
    "went_to_showdown_n": "Sample size of WTSD: hands in which he saw round 2.",
    "won_at_showdown_pct": "Of the player's showdowns, how often he won money there.",
    "won_at_showdown_n": "Sample size of W$SD: showdowns.",
}


def _config(unit: str) -> Columns:
    number = st.column_config.NumberColumn
    return {
        "site": st.column_config.TextColumn("Site"),
        "player": st.column_config.TextColumn("Player", pinned=True),
        "game": st.column_config.TextColumn("Game"),
        "hands": number("Hands", help=HELP["hands"]),
        "their_net": money_column("Their net", unit, help=HELP["their_net"]),
        "hero_net": money_column("Hero's net", unit, help=HELP["hero_net"]),
        "vpip_pct": number("VPIP %", help=HELP["vpip_pct"], format="%.1f"),
        "first_round_raise_pct": number(
            "1st-round raise %", help=HELP["first_round_raise_pct"], format="%.1f"
        ),
        "af": number("AF", help=HELP["af"], format="%.2f"),
        "af_n": number("AF n", help=HELP["af_n"]),
        "afq_pct": number("AFq %", help=HELP["afq_pct"], format="%.1f"),
        "afq_n": number("AFq n", help=HELP["afq_n"]),
        "went_to_showdown_pct": number("WTSD %", help=HELP["went_to_showdown_pct"], format="%.1f"),
        "went_to_showdown_n": number("WTSD n", help=HELP["went_to_showdown_n"]),
        "won_at_showdown_pct": number("W$SD %", help=HELP["won_at_showdown_pct"], format="%.1f"),
        "won_at_showdown_n": number("W$SD n", help=HELP["won_at_showdown_n"]),
        "games": st.column_config.TextColumn("Games"),
    }


def _games(text: str | None) -> str:
    return ", ".join(game_name(g) for g in (text or "").split(", ") if g)


def main() -> None:
    st.title("Opponents")
    active = filters.current()
    if not active.heroes:
        st.info("No hero selected: pick one in the sidebar.")
        return
    active, unit = _one_unit(active)
    if unit is None:
        st.info("No hands match the filters.")
        return
    min_hands = st.number_input(
        "Minimum hands together", min_value=1, value=10, step=5, key="opponents_min_hands"
    )
    table = opponent_queries.opponents(active, int(min_hands))
    if table.is_empty():
        st.info("Nobody played that many hands with the hero under these filters.")
        return
    st.caption(
        f"{table.height:,} players (at most {opponent_queries.OPPONENT_LIMIT}, most hands first). "
        "Select a row for a closer look."
    )
    event = st.dataframe(
        table.with_columns(
            pl.col("games").map_elements(_games, return_dtype=pl.String),
            pl.col("site").map_elements(site_name, return_dtype=pl.String),
        ),
        hide_index=True,
        placeholder="—",
        key="opponents_table",
        on_select="rerun",
        selection_mode="single-row",
        column_config=_config(unit),
    )
    rows = event.selection.rows if event is not None else []
    if rows:
        row = table.row(rows[0], named=True)
        _player_view(active, unit, row["site"], row["player"])


def _one_unit(active: Filters) -> tuple[Filters, str | None]:
    """The filters kept to one unit of money: the sidebar's, else the user's choice
    among the hero's units (the one with most hands first). Nets of two units are never
    added, and an opponent's rates are those of the hands of that unit."""
    units = opponent_queries.hero_units(active)["unit"].to_list()
    if active.unit is not None or len(units) < 2:
        return active, active.unit or (units[0] if units else None)
    picked = st.radio(
        "Money",
        units,
        horizontal=True,
        key="opponents_unit",
        format_func=unit_title,
        help="Your hands are played for several kinds of money, never added: the "
        "opponents of one at a time.",
    )
    unit = picked or units[0]
    return replace(active, unit=unit), unit


def _player_view(active: Filters, unit: str, site: str, player: str) -> None:
    """One opponent: game by game, the hands together, and links onwards."""
    st.subheader(literal(player))
    if st.button(f"Full stats for {literal(player)}", key="opponents_full_stats"):
        navigation.open_player(site, player)
    _note(site, player)
    games = opponent_queries.opponent_by_game(active, site, player)
    with st.container(key="opponents_games"):
        st.dataframe(
            games.with_columns(pl.col("game").map_elements(game_name, return_dtype=pl.String)),
            hide_index=True,
            placeholder="—",
            column_config=_config(unit),
        )
    st.markdown("**Hands together** (newest first). Select one to replay it.")
    hands = opponent_queries.hands_with(active, site, player)
    event = st.dataframe(
        hands.with_columns(pl.col("game").map_elements(game_name, return_dtype=pl.String)),
        hide_index=True,
        placeholder="—",
        key="opponents_hands",
        on_select="rerun",
        selection_mode="single-row",
        column_config={
            "site": None,
            "currency": None,
            "hand_number": st.column_config.TextColumn("Hand"),
            "started_at": st.column_config.DatetimeColumn("Time (UTC)", format="YYYY-MM-DD HH:mm"),
            "game": st.column_config.TextColumn("Game"),
            "total_pot": money_column("Pot", unit),
            "hero_net": money_column("Hero's net", unit),
            "their_net": money_column("Their net", unit),
            "they_showed_down": st.column_config.CheckboxColumn("Showdown"),
        },
    )
    navigation.replay_selected(event, hands, "opponents_replay")


def _note(site: str, player: str) -> None:
    """The player's note: read, written, kept in the database (survives re-imports)."""
    note_editor(site, player)


main()
