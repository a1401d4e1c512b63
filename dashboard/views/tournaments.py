"""Tournaments: the hero's results (ROI, in the money), by game and buy-in, and each
tournament's hands one click away."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import filters, navigation
from dashboard.games import game_name
from dashboard.queries import tournaments as tournament_queries


def _money(label: str) -> object:
    return st.column_config.NumberColumn(label, format="%.2f")


RESULT_COLUMNS = {
    "currency": st.column_config.TextColumn("Money", help="Chips: play money or freerolls."),
    "tournaments": st.column_config.NumberColumn("Tournaments"),
    "finished": st.column_config.NumberColumn(
        "Finished", help="Tournaments whose finish the histories tell (the others: no result)."
    ),
    "cost": _money("Buy-ins"),
    "prizes": _money("Prizes"),
    "net": _money("Net"),
    "roi_pct": st.column_config.NumberColumn(
        "ROI %", format="%.1f", help="Net over buy-ins (with fees), of the finished ones."
    ),
    "itm_pct": st.column_config.NumberColumn(
        "ITM %", format="%.1f", help="Finished with a prize, of the finished ones."
    ),
    "hands": st.column_config.NumberColumn("Hands"),
    "game": st.column_config.TextColumn("Game"),
}


def main() -> None:
    st.title("Tournaments")
    active = filters.current()
    if not active.heroes:
        st.info("No hero selected: pick one in the sidebar (the player whose histories these are).")
        return
    totals, by_game, by_buy_in = tournament_queries.results_by(active)
    if totals.is_empty():
        st.info("No tournament hands match the filters.")
        return
    st.caption(
        "From the tournaments' own hands: the buy-in in their header, the finish and prize "
        "in the hero's last hand. Money is added up per currency only."
    )
    with st.container(key="tournaments_totals"):
        st.dataframe(_named(totals), hide_index=True, placeholder="—", column_config=RESULT_COLUMNS)
    left, right = st.columns(2)
    with left:
        st.subheader("By game")
        st.dataframe(
            _named(by_game), hide_index=True, placeholder="—", column_config=RESULT_COLUMNS
        )
    with right:
        st.subheader("By buy-in")
        config = RESULT_COLUMNS | {"cost": _money("Buy-in")}
        st.dataframe(_named(by_buy_in), hide_index=True, placeholder="—", column_config=config)
    st.subheader("Tournaments")
    st.markdown("Newest first. Select one to list its hands.")
    listed = tournament_queries.tournament_list(active)
    event = st.dataframe(
        _named(listed),
        hide_index=True,
        placeholder="—",
        key="tournaments_list",
        on_select="rerun",
        selection_mode="single-row",
        column_config={
            "site": None,
            "mixed_game": None,
            "buy_in": None,
            "fee": None,
            "bounty": None,
            "tournament_id": st.column_config.TextColumn("Tournament"),
            "started_at": st.column_config.DatetimeColumn(
                "Started (UTC)", format="YYYY-MM-DD HH:mm"
            ),
            "game": st.column_config.TextColumn("Game"),
            "currency": RESULT_COLUMNS["currency"],
            "cost": _money("Buy-in"),
            "hands": st.column_config.NumberColumn("Hands"),
            "finish": st.column_config.NumberColumn("Finish"),
            "prize": _money("Prize"),
            "net": _money("Net"),
        },
    )
    rows = event.selection.rows if event is not None else []  # type: ignore[union-attr]
    if rows:
        _hands_of(listed.row(rows[0], named=True), active.heroes)


def _hands_of(tournament: dict, heroes: tuple[str, ...]) -> None:
    site, number = tournament["site"], tournament["tournament_id"]
    st.markdown(f"**Tournament {number}**: its hands. Select one to replay it.")
    hands = tournament_queries.tournament_hands(site, number, heroes)
    event = st.dataframe(
        hands.with_columns(pl.col("game").map_elements(game_name, return_dtype=pl.String)),
        hide_index=True,
        placeholder="—",
        key="tournament_hands",
        on_select="rerun",
        selection_mode="single-row",
        column_config={
            "site": None,
            "hand_number": st.column_config.TextColumn("Hand"),
            "started_at": st.column_config.DatetimeColumn("Time (UTC)", format="HH:mm:ss"),
            "game": st.column_config.TextColumn("Game"),
            "tournament_level": st.column_config.TextColumn("Level"),
            "total_pot": _money("Pot"),
            "hero_net": _money("Hero's net"),
            "hero_ev_net": _money("All-in adjusted"),
        },
    )
    navigation.replay_selected(event, hands, "tournament_replay")


def _named(frame: pl.DataFrame) -> pl.DataFrame:
    """Game ids as players name them; chips where no currency."""
    if "game" in frame.columns:
        frame = frame.with_columns(pl.col("game").map_elements(game_name, return_dtype=pl.String))
    if "currency" in frame.columns:
        frame = frame.with_columns(pl.col("currency").fill_null("chips"))
    return frame


main()
