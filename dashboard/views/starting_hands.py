"""Starting hands: the hero's results by the hand he started with (issue 52), one game
at a time: stud by its first three cards (rolled up, split and buried pairs, ...), razz by
the three-card low, draw games by the cards drawn at the first draw.

Every rate is over the hands of its row (the Hands column is its sample), every win rate
comes with its 95% interval, and money of two units is never added: a table per unit.
The categories are defined in docs/stats.md ("Starting hands").
"""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import filters
from dashboard.column_types import Columns
from dashboard.games import game_name
from dashboard.money import money_column, unit_key, unit_title
from dashboard.queries import starting_hands as queries
from pipeline.reports.wording import counted
from pipeline.storage.win_rate import INTERVAL_HANDS, signed

_SHOWN = (
    "category",
    "detail",
    "door",
    "hands",
    "vpip_pct",
    "first_round_raise_pct",
    "net_won",
    "big_bets_per_100",
    "interval",
    "ev_big_bets_per_100",
    "ev_interval",
)


_ROW_PIXELS = 35  # a row of st.dataframe


def _interval(low: float | None, high: float | None) -> str:
    """'-42.78 to -5.37'; under INTERVAL_HANDS hands, says why there is none."""
    if low is None or high is None:
        return f"under {INTERVAL_HANDS} hands"
    return f"{signed(low)} to {signed(high)}"


def _readable(frame: pl.DataFrame) -> pl.DataFrame:
    """The query's rows as the table shows them: the intervals as text, the door card in
    words, only the columns shown."""
    shown = frame.with_columns(
        pl.struct("big_bets_per_100_low", "big_bets_per_100_high")
        .map_elements(
            lambda r: _interval(r["big_bets_per_100_low"], r["big_bets_per_100_high"]),
            return_dtype=pl.String,
        )
        .alias("interval"),
        pl.struct("ev_big_bets_per_100_low", "ev_big_bets_per_100_high")
        .map_elements(
            lambda r: _interval(r["ev_big_bets_per_100_low"], r["ev_big_bets_per_100_high"]),
            return_dtype=pl.String,
        )
        .alias("ev_interval"),
        pl.when(pl.col("door_live"))
        .then(pl.lit("live"))
        .when(pl.col("door_live").not_())
        .then(pl.lit("dead"))
        .alias("door"),
    )
    keep = [c for c in _SHOWN if c in shown.columns and not shown[c].is_null().all()]
    return shown.select(keep)


def _columns(unit: str) -> Columns:
    return {
        "category": st.column_config.TextColumn("Starting hand", pinned=True),
        "detail": st.column_config.TextColumn("Detail", pinned=True),
        "door": st.column_config.TextColumn(
            "Door card",
            help="Live: no other player's door card is of its rank; dead: one or more are.",
        ),
        "hands": st.column_config.NumberColumn(
            "Hands", help="Hands dealt with this start: the sample of every rate in the row."
        ),
        "vpip_pct": st.column_config.NumberColumn(
            "VPIP %", format="%.1f", help="Put money in voluntarily on the first betting round."
        ),
        "first_round_raise_pct": st.column_config.NumberColumn(
            "Raise %", format="%.1f", help="Bet, completed or raised on the first betting round."
        ),
        "net_won": money_column("Net won", unit),
        "big_bets_per_100": st.column_config.NumberColumn(
            "BB/100", format="%.2f", help="Big bets won per 100 hands."
        ),
        "interval": st.column_config.TextColumn(
            "95% interval",
            width="medium",
            help="Where the true win rate lies, 19 times in 20 (the normal approximation on "
            f"the hands' results); none under {INTERVAL_HANDS} hands, too few to say.",
        ),
        "ev_big_bets_per_100": st.column_config.NumberColumn(
            "All-in adj. BB/100",
            format="%.2f",
            help="Big bets per 100 hands with the luck after all-ins taken out.",
        ),
        "ev_interval": st.column_config.TextColumn("Adj. 95% interval", width="medium"),
    }


def _tables(frame: pl.DataFrame, key: str) -> None:
    """A table per unit of money (most hands first), each in a container of its own key."""
    units = list(dict.fromkeys(frame["unit"].to_list()))
    for unit in units:
        rows = frame.filter(pl.col("unit") == unit)
        if len(units) > 1:
            st.markdown(f"**{unit_title(unit)}** · {counted(int(rows['hands'].sum()), 'hand')}")
        with st.container(key=f"{key}_{unit_key(unit)}"):
            st.dataframe(
                _readable(rows),
                hide_index=True,
                placeholder="—",
                column_config=_columns(unit),
                height=_ROW_PIXELS * (len(rows) + 1) + 3,  # every row, no inner scrolling
            )


def _choose_game(played: pl.DataFrame) -> str:
    """The game shown: the sidebar's, else one picked here (most hands first)."""
    hands = dict(zip(played["game"].to_list(), played["hands"].to_list(), strict=True))
    picked = st.selectbox(
        "Game",
        list(hands),
        key="starting_hands_game",
        format_func=lambda game: f"{game_name(game)} ({counted(hands[game], 'hand')})",
    )
    return str(picked or next(iter(hands)))


def main() -> None:
    st.title("Starting hands")
    active = filters.current()
    if not active.heroes:
        st.info("No hero selected: pick one in the sidebar (the player whose histories these are).")
        return
    played = queries.games(active)
    if played.is_empty():
        st.info("No hand whose starting cards are known under these filters.")
        return
    game = _choose_game(played)
    stud = played.filter(pl.col("game") == game)["family"][0] == "stud"
    door = stud and st.toggle(
        "Door card live or dead apart",
        key="starting_hands_door",
        help="Each category twice: with the door card live (no other door card of its rank) "
        "and dead.",
    )
    frame = queries.tables(active, game, by_door=door)  # one scan: every table below
    st.caption(
        f"{game_name(game)}: the hero's hands whose starting cards are known, by what he "
        "started with (stud: the two down cards and the door card; razz: the three-card "
        "low; draw: the cards drawn at the first draw, 'no draw' when the hand ended "
        "before it). Each rate is over the row's hands; BB/100 is big bets per 100 hands "
        "with its 95% interval. Definitions: docs/stats.md, 'Starting hands'."
    )
    categories = frame.filter(pl.col("level") == "category")
    _tables(categories, "starting_hands")
    if stud:
        st.subheader("Door card live or dead")
        st.caption(
            "Every start of the game, by whether another player's door card was of its "
            "door card's rank (dead) or none was (live)."
        )
        _tables(frame.filter(pl.col("level") == "door"), "starting_hands_doors")
    st.subheader("Details")
    category = st.selectbox(
        "Details of",
        list(dict.fromkeys(categories["category"].to_list())),
        key="starting_hands_category",
        help="The finer labels of a category.",
    )
    if category is not None:
        details = frame.filter((pl.col("level") == "detail") & (pl.col("category") == category))
        _tables(details.drop("category"), "starting_hands_details")


main()
