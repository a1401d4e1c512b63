"""Overview: how the hero did — results graph, win rate, by game and stakes, sessions.

Money of two units (dollars, euros, play money, tournament chips) is never added: the
page draws one block per unit the filters leave, the unit with most hands first, each
with its own totals, graph and tables. Tournament results in money (buy-ins and prizes)
sit in the tournament chips' block: chips won in hands are not money.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import altair as alt
import polars as pl
import streamlit as st

from dashboard import filters
from dashboard.column_types import Columns
from dashboard.games import game_name, limit_name
from dashboard.literal import literal
from dashboard.money import (
    CHIPS,
    PLAY_MONEY,
    format_money,
    money_column,
    stakes_of,
    unit_key,
    unit_title,
)
from dashboard.queries import overview as overview_queries
from parsers.sites import site_name
from pipeline.reports.wording import counted
from pipeline.storage.win_rate import halving_sentence, signed

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
    units = numbers.units()
    if not units:
        st.info("No hands match the filters.")
        return
    names = ", ".join(map(literal, active.heroes))
    if len(units) > 1:
        st.caption(
            f"The hands of {names} are played for {len(units)} kinds of money: "
            f"{', '.join(unit_title(u) for u in units)}. Money is never added across them: "
            "one block each below. Pick one in the sidebar's Currency to see it alone."
        )
    else:
        st.caption(f"The hands of {names}, under the sidebar's filters.")
    for unit in units:
        with st.container(border=True, key=f"overview_block_{unit_key(unit)}"):
            _block(numbers, unit, several_names=len(active.heroes) > 1)


def _of(frame: pl.DataFrame, unit: str, table: bool = True) -> pl.DataFrame:
    """One unit's rows; in a table, an all-in expectation in chips to the chip."""
    rows = frame.filter(pl.col("unit") == unit).drop("unit")
    if table and unit == CHIPS and "ev_net_won" in rows.columns:
        rows = rows.with_columns(pl.col("ev_net_won").cast(pl.Float64).round(0))
    return rows


def _block(numbers: overview_queries.Overview, unit: str, several_names: bool) -> None:
    """One unit's numbers: totals, graph, by game and stakes, per name, sessions."""
    totals = _of(numbers.totals, unit, table=False).row(0, named=True)
    key = unit_key(unit)
    kind = "tournaments" if unit == CHIPS else "play money" if unit == PLAY_MONEY else "cash"
    st.subheader(f"{unit_title(unit)} — {totals['hands']:,} hands")
    hands, net, rate, showdown, non_showdown = st.columns(5)
    hands.metric("Hands", f"{totals['hands']:,}")
    net.metric(
        "Chips won in hands" if unit == CHIPS else "Net won",
        _money(totals["net_won"], unit),
        help="Tournament chips, not money: the money is the buy-ins and prizes below."
        if unit == CHIPS
        else f"Won minus put in, rake out, in {unit_title(unit).lower()} ({kind}).",
    )
    rate.metric(
        "Big bets / 100",
        _rate(totals["big_bets_per_100"]),
        help="Big bets won per 100 hands: each hand's result divided by its big bet (the "
        "big blind in pot and no limit). " + _sure(totals, "big_bets_per_100", "The win rate"),
    )
    showdown.metric("Showdown", _money(totals["showdown_won"], unit))
    non_showdown.metric("Non-showdown", _money(totals["non_showdown_won"], unit))
    with st.container(key=f"overview_win_rate_{key}"):
        st.caption(_sure(totals, "big_bets_per_100", "Win rate", halving=True))
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
        _money(_cents(totals["ev_net_won"], unit), unit),
        help=f"Net won with the luck after all-ins taken out: {luck}.",
    )
    adjusted_rate.metric(
        "All-in adjusted BB / 100",
        _rate(totals["ev_big_bets_per_100"]),
        help=f"Big bets per 100 hands with the luck after all-ins taken out: {luck}. "
        + _sure(totals, "ev_big_bets_per_100", "This win rate"),
    )
    with st.container(key=f"overview_adjusted_win_rate_{key}"):
        st.caption(_sure(totals, "ev_big_bets_per_100", "All-in adjusted win rate"))
    if unit == CHIPS:
        _tournament_money(numbers.tournaments)

    _graph(_of(numbers.curve, unit, table=False), unit)
    # one above the other: each win rate has its interval and SD beside it
    games = _of(numbers.by_game, unit).with_columns(
        pl.col("game").map_elements(game_name, return_dtype=pl.String)
    )
    _results_table("**By game**", f"overview_by_game_{key}", games, unit)
    stakes = _stakes_table(_of(numbers.by_stakes, unit))
    _results_table("**By game and stakes**", f"overview_by_stakes_{key}", stakes, unit)
    if several_names:
        names = _of(numbers.by_name, unit).with_columns(
            pl.col("site").map_elements(site_name, return_dtype=pl.String)
        )
        title = "**By screen name** (each name's hands on each site)"
        _results_table(title, f"overview_by_name_{key}", names, unit)
    st.markdown(
        f"**Recent sessions** — a session ends after {overview_queries.SESSION_GAP_MINUTES} "
        "minutes without a hand, whatever the table. Times are UTC."
    )
    recent = _of(numbers.sessions, unit)
    with st.container(key=f"overview_sessions_{key}"):
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
                "net_won": money_column("Net won", unit),
                "big_bets_per_100": st.column_config.NumberColumn("BB/100", format="%.1f"),
                **_interval_columns("big_bets_per_100", "", digits="%.1f"),
                "games": st.column_config.TextColumn("Games"),
            },
        )


def _tournament_money(tournaments: pl.DataFrame) -> None:
    """The hero's tournaments in money, per currency of the buy-in (buy-ins and prizes,
    never chips), saying which tournaments the sums cover."""
    if tournaments.is_empty():
        return
    with st.container(key="overview_tournament_money"):
        for row in tournaments.iter_rows(named=True):
            currency = row["currency"]
            played = counted(row["tournaments"], "tournament")
            if currency is None:
                st.caption(
                    f"And {played} whose buy-in the files do not print "
                    f"({row['finished']:,} finished): their money is not counted."
                )
                continue
            if currency == PLAY_MONEY:
                st.caption(
                    f"And {played} for play money ({row['counted']:,} with a known result: "
                    f"buy-ins {format_money(row['buy_ins'], currency)}, prizes "
                    f"{format_money(row['prizes'], currency)})."
                )
                continue
            count, cost, prizes, net = st.columns(4)
            count.metric(
                f"Tournaments in {unit_title(currency)}",
                f"{row['counted']:,} of {row['tournaments']:,}",
                help=f"{row['counted']:,} of {played} have a known buy-in and result: the "
                "money here is theirs alone (one still running in the files has no result "
                f"yet; {row['finished']:,} finished).",
            )
            cost.metric("Buy-ins", format_money(row["buy_ins"], currency))
            prizes.metric("Prizes", format_money(row["prizes"], currency))
            roi = row["roi_pct"]
            net.metric(
                "Tournament net",
                format_money(row["net"], currency, signed=True),
                help="Prizes minus buy-ins, fees and bounties of the tournaments counted"
                + ("" if roi is None else f": ROI {roi:+.1f} %."),
            )


def _money(amount: Decimal | None, unit: str) -> str:
    return format_money(amount, unit, signed=True)


def _cents(expected: Decimal | None, unit: str) -> Decimal | None:
    """An expectation (kept to 4 places) to the cent (to the chip), as money is shown."""
    if expected is None:
        return None
    return expected.quantize(Decimal("1") if unit == CHIPS else Decimal("0.01"))


def _rate(value: float | None) -> str:
    return "—" if value is None else f"{value:+.2f}"


def _sure(totals: dict[str, Any], rate: str, what: str, halving: bool = False) -> str:
    """How sure a win rate is, in one sentence: its 95% interval and SD per 100 hands
    (docs/stats.md), and with `halving` how many more hands would halve the interval."""
    value, low, high, sd = (totals[rate + suffix] for suffix in ("", "_low", "_high", "_sd"))
    if value is None:
        return f"{what}: no hand with a big bet to count it in."
    if low is None or high is None:
        return f"{what} {signed(value)} BB/100 over one hand: no interval yet."
    sentence = (
        f"{what} {signed(value)} BB/100, 95% interval {signed(low)} to {signed(high)} "
        f"(±{(high - low) / 2:.2f}): {_against_zero(low, high)}. "
        f"SD {sd:,.1f} big bets per 100 hands."
    )
    if halving:
        sentence += " " + halving_sentence(totals["rated_hands"], low, high)
    return sentence


def _against_zero(low: float, high: float) -> str:
    """Where the interval lies against break-even: the question a win rate's interval
    answers first."""
    if low > 0:
        return "all of it above zero"
    if high < 0:
        return "all of it below zero"
    return "zero is inside it, so these hands do not yet tell a winning rate from a losing one"


def _duration(seconds: int | None) -> str:
    hours, rest = divmod(int(seconds or 0), 3600)
    return f"{hours} h {rest // 60:02d} min" if hours else f"{rest // 60} min"


def _game_list(games: str | None) -> str:
    return ", ".join(game_name(g) for g in (games or "").split(", ") if g)


def _result_columns(unit: str) -> Columns:
    return {
        "game": st.column_config.TextColumn("Game"),
        "hero": st.column_config.TextColumn("Screen name"),
        "site": st.column_config.TextColumn("Site"),
        "stakes": st.column_config.TextColumn("Game and stakes"),
        "limit": st.column_config.TextColumn("Limit"),
        "hands": st.column_config.NumberColumn("Hands"),
        "net_won": money_column("Net won", unit),
        "big_bets_per_100": st.column_config.NumberColumn(
            "BB/100", format="%.2f", help="Big bets won per 100 hands."
        ),
        **_interval_columns("big_bets_per_100", ""),
        "ev_net_won": money_column("All-in adjusted", unit, help="Net won, all-in luck taken out."),
        "ev_big_bets_per_100": st.column_config.NumberColumn(
            "Adjusted BB/100", format="%.2f", help="Big bets per 100, all-in luck taken out."
        ),
        **_interval_columns("ev_big_bets_per_100", "Adj. "),
        "all_in_adjusted": None,  # the count, shown in the metric's help
        "showdown_won": money_column("Showdown", unit),
        "non_showdown_won": money_column("Non-showdown", unit),
    }


def _interval_columns(rate: str, prefix: str, digits: str = "%.2f") -> Columns:
    """A win rate's 95% interval and SD per 100 hands, as table columns (the interval
    with the rate's own digits)."""
    return {
        f"{rate}_low": st.column_config.NumberColumn(
            f"{prefix}95% low",
            format=digits,
            help="The low end of the win rate's 95% interval (BB/100): the normal "
            "approximation on the hands' results, empty under 30 hands.",
        ),
        f"{rate}_high": st.column_config.NumberColumn(
            f"{prefix}95% high", format=digits, help="The high end of the 95% interval (BB/100)."
        ),
        f"{rate}_sd": st.column_config.NumberColumn(
            f"{prefix}SD/100",
            format="%.1f",
            help="Standard deviation of 100 hands' results, in big bets: one hand's SD x 10.",
        ),
    }


def _results_table(title: str, key: str, frame: pl.DataFrame, unit: str) -> None:
    """A table of results in one unit, under its title, in a container of its own key."""
    st.markdown(title)
    with st.container(key=key):
        st.dataframe(frame, hide_index=True, placeholder="—", column_config=_result_columns(unit))


_RATE_SUFFIXES = ("", "_low", "_high", "_sd")


def _stakes_table(frame: pl.DataFrame) -> pl.DataFrame:
    """Each game at each stake: "Razz $0.10/$0.20" (two games at one stake are two rows
    that say which is which)."""
    labels = [f"{game_name(row['game'])} " + stakes_of(row) for row in frame.iter_rows(named=True)]
    return frame.select(
        pl.Series("stakes", labels, dtype=pl.String),
        pl.col("limit_kind").map_elements(limit_name, return_dtype=pl.String).alias("limit"),
        "hands",
        "net_won",
        *(f"big_bets_per_100{suffix}" for suffix in _RATE_SUFFIXES),
        "ev_net_won",
        *(f"ev_big_bets_per_100{suffix}" for suffix in _RATE_SUFFIXES),
        "showdown_won",
        "non_showdown_won",
    )


def _graph(curve: pl.DataFrame, unit: str) -> None:
    """Cumulative results with the showdown / non-showdown split (downsampled in SQL)."""
    shown_in = st.radio(
        "Graph in",
        [unit_title(unit).lower(), "big bets"],
        horizontal=True,
        key=f"overview_graph_in_{unit_key(unit)}",
    )
    lines = _LINES["big bets" if shown_in == "big bets" else "money"]
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
            y=alt.Y("won:Q", title=f"Won ({shown_in})"),
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
        .properties(height=280)
    )
    with st.container(key=f"overview_graph_{unit_key(unit)}"):
        st.altair_chart(chart, width="stretch")


main()
