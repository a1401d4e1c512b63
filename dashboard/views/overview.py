"""Overview: how the hero did — results graph, win rate, by game and stakes, sessions."""

from __future__ import annotations

from decimal import Decimal

import altair as alt
import polars as pl
import streamlit as st

from dashboard import filters
from dashboard.games import game_name, limit_name
from dashboard.money import format_amount, format_stakes
from dashboard.queries import overview as overview_queries

_LINES = {
    "money": {
        "net_won": "All hands",
        "showdown": "Showdown",
        "non_showdown": "Non-showdown",
        "ev_net_won": "All-in adjusted",
    },
    "big bets": {
        "big_bets_won": "All hands",
        "showdown_big_bets": "Showdown",
        "non_showdown_big_bets": "Non-showdown",
        "ev_big_bets_won": "All-in adjusted",
    },
}


def main() -> None:
    st.title("Overview")
    active = filters.current()
    if not active.heroes:
        st.info("No hero selected: pick one in the sidebar (the player whose histories these are).")
        return
    numbers = overview_queries.overview(active)
    totals = numbers.totals.row(0, named=True)
    if not totals["hands"]:
        st.info("No hands match the filters.")
        return
    currency = totals["currency"] if totals["money_kinds"] == 1 else None
    mixed = totals["money_kinds"] > 1
    hands, net, rate, showdown, non_showdown = st.columns(5)
    hands.metric("Hands", f"{totals['hands']:,}")
    net.metric("Net won", _money(totals["net_won"], currency))
    rate.metric(
        "Big bets / 100",
        _rate(totals["big_bets_per_100"]),
        help="Big bets won per 100 hands: each hand's result divided by its big bet (the "
        "big blind in pot and no limit).",
    )
    showdown.metric("Showdown", _money(totals["showdown_won"], currency))
    non_showdown.metric("Non-showdown", _money(totals["non_showdown_won"], currency))
    luck = (
        f"in the {totals['all_in_adjusted']:,} hands decided all in with cards to come, each "
        "player's share of the pot by his equity, not by the cards that came"
    )
    adjusted_hands, adjusted, adjusted_rate, _, _ = st.columns(5)
    adjusted_hands.metric(
        "All-in adjusted hands",
        f"{totals['all_in_adjusted']:,}",
        help="The hero's hands decided all in with cards to come, every live hand known.",
    )
    adjusted.metric(
        "All-in adjusted net",
        _money(_cents(totals["ev_net_won"]), currency),
        help=f"Net won with the luck after all-ins taken out: {luck}.",
    )
    adjusted_rate.metric(
        "All-in adjusted BB / 100",
        _rate(totals["ev_big_bets_per_100"]),
        help=f"Big bets per 100 hands with the luck after all-ins taken out: {luck}.",
    )
    if mixed:
        st.caption(
            f"These hands mix {totals['money_list']}: money totals add them up as numbers. "
            "Pick Cash or Tournament in the sidebar, or read the graph in big bets."
        )

    _graph(numbers.curve, mixed)
    by_game, by_stakes = st.columns(2)
    with by_game:
        st.subheader("By game")
        frame = numbers.by_game
        with st.container(key="overview_by_game"):
            st.dataframe(
                frame.with_columns(pl.col("game").map_elements(game_name, return_dtype=pl.String)),
                hide_index=True,
                placeholder="—",
                column_config=_result_columns(),
            )
    with by_stakes:
        st.subheader("By stakes")
        frame = numbers.by_stakes
        with st.container(key="overview_by_stakes"):
            st.dataframe(
                _stakes_table(frame),
                hide_index=True,
                placeholder="—",
                column_config=_result_columns(),
            )
    st.subheader("Recent sessions")
    st.caption(
        f"A session ends after {overview_queries.SESSION_GAP_MINUTES} minutes without a hand, "
        "whatever the table. Times are UTC."
    )
    recent = numbers.sessions
    with st.container(key="overview_sessions"):
        st.dataframe(
            recent.with_columns(
                pl.col("duration_seconds")
                .map_elements(_duration, return_dtype=pl.String)
                .alias("duration_seconds"),
                pl.col("games").map_elements(_game_list, return_dtype=pl.String),
            ),
            hide_index=True,
            placeholder="—",
            column_config={
                "started": st.column_config.DatetimeColumn(
                    "Started (UTC)", format="YYYY-MM-DD HH:mm"
                ),
                "last_hand": st.column_config.DatetimeColumn("Last hand", format="HH:mm"),
                "duration_seconds": st.column_config.TextColumn(
                    "Duration", help="From the first hand's start to the last hand's start."
                ),
                "hands": st.column_config.NumberColumn("Hands"),
                "net_won": st.column_config.NumberColumn("Net won", format="%.2f"),
                "big_bets_per_100": st.column_config.NumberColumn("BB/100", format="%.1f"),
                "games": st.column_config.TextColumn("Games"),
                "money": st.column_config.TextColumn("Money"),
            },
        )


def _money(amount: object, currency: str | None) -> str:
    return format_amount(amount, currency, signed=True)  # type: ignore[arg-type]  # a Decimal cell


def _cents(expected: Decimal | None) -> Decimal | None:
    """An expectation (kept to 4 places) to the cent, as money is shown."""
    return None if expected is None else expected.quantize(Decimal("0.01"))


def _rate(value: float | None) -> str:
    return "—" if value is None else f"{value:+.2f}"


def _duration(seconds: int | None) -> str:
    hours, rest = divmod(int(seconds or 0), 3600)
    return f"{hours} h {rest // 60:02d} min" if hours else f"{rest // 60} min"


def _game_list(games: str | None) -> str:
    return ", ".join(game_name(g) for g in (games or "").split(", ") if g)


def _result_columns() -> dict[str, object]:
    return {
        "game": st.column_config.TextColumn("Game"),
        "stakes": st.column_config.TextColumn("Stakes"),
        "limit": st.column_config.TextColumn("Limit"),
        "currency": st.column_config.TextColumn("Money"),
        "hands": st.column_config.NumberColumn("Hands"),
        "net_won": st.column_config.NumberColumn("Net won", format="%.2f"),
        "big_bets_per_100": st.column_config.NumberColumn(
            "BB/100", format="%.2f", help="Big bets won per 100 hands."
        ),
        "ev_net_won": st.column_config.NumberColumn(
            "All-in adjusted", format="%.2f", help="Net won, all-in luck taken out."
        ),
        "ev_big_bets_per_100": st.column_config.NumberColumn(
            "Adjusted BB/100", format="%.2f", help="Big bets per 100, all-in luck taken out."
        ),
        "all_in_adjusted": None,  # the count, shown in the metric's help
        "showdown_won": st.column_config.NumberColumn("Showdown", format="%.2f"),
        "non_showdown_won": st.column_config.NumberColumn("Non-showdown", format="%.2f"),
    }


def _stakes_table(frame: pl.DataFrame) -> pl.DataFrame:
    labels = [
        format_stakes(
            row["limit_kind"],
            row["small_bet"],
            row["big_bet"],
            row["small_blind"],
            row["big_blind"],
            row["currency"],
        )
        for row in frame.iter_rows(named=True)
    ]
    return frame.select(
        pl.Series("stakes", labels, dtype=pl.String),
        pl.col("limit_kind").map_elements(limit_name, return_dtype=pl.String).alias("limit"),
        pl.col("currency").fill_null("chips"),
        "hands",
        "net_won",
        "big_bets_per_100",
        "ev_net_won",
        "ev_big_bets_per_100",
        "showdown_won",
        "non_showdown_won",
    )


def _graph(curve: pl.DataFrame, mixed: bool) -> None:
    """Cumulative results with the showdown / non-showdown split (downsampled in SQL)."""
    unit = st.radio(
        "Graph in",
        list(_LINES),
        index=1 if mixed else 0,
        horizontal=True,
        key="overview_unit",
    )
    lines = _LINES[unit or "money"]
    long = (
        curve.select(
            "hand",
            *(pl.col(column).cast(pl.Float64).alias(label) for column, label in lines.items()),
        )
        .unpivot(index="hand", variable_name="line", value_name="won")
        .to_pandas()
    )
    chart = (
        alt.Chart(long)
        .mark_line()
        .encode(
            x=alt.X("hand:Q", title="Hands"),
            y=alt.Y("won:Q", title=f"Won ({unit})"),
            color=alt.Color(
                "line:N",
                title=None,
                scale=alt.Scale(
                    domain=list(lines.values()),
                    range=["#1e88e5", "#e53935", "#43a047", "#fb8c00"],
                ),
            ),
            tooltip=["hand:Q", "line:N", alt.Tooltip("won:Q", format=",.2f")],
        )
        .properties(height=320)
    )
    with st.container(key="overview_graph"):
        st.altair_chart(chart, width="stretch")


main()
