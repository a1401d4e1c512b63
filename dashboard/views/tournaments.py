"""Tournaments: the hero's results (ROI, in the money), by game and buy-in, and each
tournament's hands one click away.

Money is added up per unit only (dollars, euros, play money), over the tournaments whose
buy-in and result the files tell; every total says which tournaments it covers. A buy-in
the files do not tell is shown as unknown, never as 0.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import polars as pl
import streamlit as st

from dashboard import filters, navigation
from dashboard.games import game_name
from dashboard.money import format_amount
from dashboard.queries import tournaments as tournament_queries
from parsers.sites import site_name

UNKNOWN = "unknown"
MONEY_COLUMNS = ("buy_ins", "prizes", "net", "entry", "cost", "prize")
SIGNED = ("net",)

RESULT_COLUMNS: dict[str, Any] = {
    "unit": st.column_config.TextColumn(
        "Money",
        help="What the buy-ins and prizes are counted in. 'unknown': the files do not tell "
        "the buy-in, so neither its amount nor its currency.",
    ),
    "tournaments": st.column_config.NumberColumn("Tournaments"),
    "finished": st.column_config.NumberColumn(
        "Finished", help="Tournaments whose finish the histories tell (the others: no result)."
    ),
    "counted": st.column_config.NumberColumn(
        "Counted",
        help="Tournaments with a known buy-in and a known result: the money columns, ROI "
        "and ITM are over these only.",
    ),
    "buy_ins": st.column_config.TextColumn("Buy-ins", help="Of the counted tournaments."),
    "prizes": st.column_config.TextColumn("Prizes", help="Of the counted tournaments."),
    "net": st.column_config.TextColumn("Net", help="Prizes less buy-ins (with fees)."),
    "roi_pct": st.column_config.NumberColumn(
        "ROI %", format="%.1f", help="Net over buy-ins (with fees), of the counted ones."
    ),
    "itm_pct": st.column_config.NumberColumn(
        "ITM %", format="%.1f", help="Finished with a prize, of the counted ones."
    ),
    "hands": st.column_config.NumberColumn("Hands"),
    "game": st.column_config.TextColumn("Game"),
    "entry": st.column_config.TextColumn("Buy-in", help="With the fee (and bounty)."),
}

LIST_COLUMNS: dict[str, Any] = {
    "site": st.column_config.TextColumn("Site"),
    "buy_in": None,
    "fee": None,
    "bounty": None,
    "entrants": None,
    "tournament_id": st.column_config.TextColumn("Tournament"),
    "started_at": st.column_config.DatetimeColumn("Started (UTC)", format="YYYY-MM-DD HH:mm"),
    "game": st.column_config.TextColumn("Game"),
    "unit": RESULT_COLUMNS["unit"],
    "cost": st.column_config.TextColumn("Buy-in", help="With the fee (and bounty)."),
    "hands": st.column_config.NumberColumn("Hands"),
    "finish": st.column_config.TextColumn("Finish"),
    "prize": st.column_config.TextColumn("Prize"),
    "net": st.column_config.TextColumn("Net"),
}


def main() -> None:
    st.title("Tournaments")
    active = filters.current()
    if not active.heroes:
        st.info("No hero selected: pick one in the sidebar (the player whose histories these are).")
        return
    st.caption(
        "Sidebar filters used here: hero, site, game, limit and dates (of the start). "
        "Stakes and 'Cash or tournament' do not apply: a tournament's stakes rise with its "
        "levels, and this page shows tournaments only. A mixed tournament (8-Game, HORSE) "
        "is its own game."
    )
    totals, by_game, by_buy_in = tournament_queries.results_by(active)
    if totals.is_empty():
        st.info("No tournament matches the filters.")
        return
    with st.container(key="tournaments_coverage"):
        for line in coverage_lines(totals):
            st.markdown(line)
    with st.container(key="tournaments_totals"):
        st.dataframe(_shown(totals), hide_index=True, placeholder="—", column_config=RESULT_COLUMNS)
    st.subheader("By game")
    with st.container(key="tournaments_by_game"):
        st.dataframe(
            _shown(by_game), hide_index=True, placeholder="—", column_config=RESULT_COLUMNS
        )
    st.subheader("By buy-in")
    with st.container(key="tournaments_by_buy_in"):
        st.dataframe(
            _shown(by_buy_in), hide_index=True, placeholder="—", column_config=RESULT_COLUMNS
        )
    st.subheader("Tournaments")
    st.markdown("Newest first. Select one to list its hands.")
    listed = tournament_queries.tournament_list(active)
    event = st.dataframe(
        _shown(listed).with_columns(pl.col("site").map_elements(site_name, return_dtype=pl.String)),
        hide_index=True,
        placeholder="—",
        key="tournaments_list",
        on_select="rerun",
        selection_mode="single-row",
        column_config=LIST_COLUMNS,
    )
    rows = event.selection.rows if event is not None else []
    if rows:
        _hands_of(listed.row(rows[0], named=True), active.heroes)


def _currency(unit: str | None) -> str | None:
    """format_amount's currency for a unit: play money is written as whole chips."""
    return None if unit in (None, "play money") else unit


def amount(value: Decimal | None, unit: str | None, signed: bool = False) -> str | None:
    """An amount as a player reads it ("$4.90", "-€1.00", "109 play money"); None (shown
    "—") when there is none; "unknown" when the unit is (the buy-in was never printed)."""
    if unit is None:
        return UNKNOWN if value is None else None
    if value is None:
        return None
    text = format_amount(value, _currency(unit), signed=signed)
    return f"{text} play money" if unit == "play money" else text


def coverage_lines(totals: pl.DataFrame) -> list[str]:
    """One sentence per unit saying which tournaments its money covers: "USD: 12
    tournaments, 3 with a known buy-in and result: buy-ins $4.90, prizes $1.60, net -$3.30
    (ROI -67.3%, 1 of 3 in the money)." """
    lines = []
    for row in totals.iter_rows(named=True):
        count = _tournaments(row["tournaments"])
        unit = row["unit"]
        if unit is None:
            finished = f", {row['finished']} of them finished" if row["finished"] else ""
            lines.append(
                f"**Buy-in unknown**: {count}{finished}. The files print no buy-in for "
                "them, so their money is not counted."
            )
            continue
        counted = row["counted"]
        if not counted:
            lines.append(f"**{unit}**: {count}, none with a known result: no money counted.")
            continue
        itm = round(row["itm_pct"] * counted / 100) if row["itm_pct"] is not None else 0
        roi = "" if row["roi_pct"] is None else f"ROI {row['roi_pct']:+.1f}%, "
        lines.append(
            f"**{unit}**: {count}, {counted} with a known buy-in and result: "
            f"buy-ins {amount(row['buy_ins'], unit)}, prizes {amount(row['prizes'], unit)}, "
            f"net {amount(row['net'], unit, signed=True)} ({roi}{itm} of {counted} in the "
            "money)."
        )
    return [line.replace("$", r"\$") for line in lines]  # markdown would read $...$ as math


def _tournaments(count: int) -> str:
    return f"{count:,} tournament{'s' if count != 1 else ''}"


def _ordinal(place: int | None, entrants: int | None) -> str | None:
    if place is None:
        return None
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}" + (f" of {entrants:,}" if entrants else "")


def game_label(game: str | None) -> str | None:
    """The tournament's game: the mixed game's name as the site prints it ('8-Game'),
    else the game's name; several games with no mixed name: "Mixed games"."""
    if game == "mixed":
        return "Mixed games"
    return game_name(game) if game is not None else None


def _shown(frame: pl.DataFrame) -> pl.DataFrame:
    """Game names; money as text in its unit; unknown buy-ins said to be unknown."""
    if "game" in frame.columns:
        frame = frame.with_columns(pl.col("game").map_elements(game_label, return_dtype=pl.String))
    if "finish" in frame.columns:
        places = [
            _ordinal(place, entrants)
            for place, entrants in zip(
                frame["finish"],
                frame["entrants"] if "entrants" in frame.columns else [None] * frame.height,
                strict=True,
            )
        ]
        frame = frame.with_columns(pl.Series("finish", places, dtype=pl.String))
    if "unit" not in frame.columns:
        return frame
    units = frame["unit"].to_list()
    for column in MONEY_COLUMNS:
        if column not in frame.columns:
            continue
        signed = column in SIGNED
        texts = [
            _money_cell(column, value, unit, signed)
            for value, unit in zip(frame[column], units, strict=True)
        ]
        frame = frame.with_columns(pl.Series(column, texts, dtype=pl.String))
    return frame.with_columns(pl.col("unit").fill_null(UNKNOWN))


def _money_cell(column: str, value: Decimal | None, unit: str | None, signed: bool) -> str | None:
    """A buy-in (`cost`, `entry`) of unknown unit is "unknown"; a tournament's prize of
    unknown currency is its bare amount (0 out of the money); sums and nets of unknown
    unit are not counted ("—")."""
    if unit is None:
        if column in ("cost", "entry"):
            return UNKNOWN
        return format_amount(value) if column == "prize" and value is not None else None
    return amount(value, unit, signed=signed)


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
            "total_pot": st.column_config.NumberColumn("Pot (chips)", format="%.0f"),
            "hero_net": st.column_config.NumberColumn("Hero's net (chips)", format="%.0f"),
            "hero_ev_net": st.column_config.NumberColumn("All-in adjusted (chips)", format="%.0f"),
        },
    )
    navigation.replay_selected(event, hands, "tournament_replay")


main()
