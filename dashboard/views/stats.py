"""Stats: the stud/draw stat set (player_stats) per game, for the hero or any player.

Every rate sits beside its sample size, and every column header explains itself on
hover (STAT_DEFINITIONS, the same sentences docs/stats.md opens with).
"""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import filters, navigation
from dashboard.column_types import Columns
from dashboard.games import game_name
from dashboard.literal import literal
from dashboard.money import CHIPS, money_column, unit_key, unit_title
from dashboard.queries import player_stats as stat_queries
from dashboard.queries.options import stored_hero_names
from parsers.sites import site_name
from pipeline.storage.stat_labels import stat_label
from pipeline.storage.stats import STAT_DEFINITIONS

HERO = "Hero"
OTHER = "Another player"

# Tabs of related stats; each rate is followed by its sample size (_n).
GROUPS: dict[str, tuple[str, ...]] = {
    "Results": (
        "hands",
        "net_won",
        "big_bets_won",
        *(f"big_bets_per_100{suffix}" for suffix in ("", "_low", "_high", "_sd")),
        "ev_net_won",
        *(f"ev_big_bets_per_100{suffix}" for suffix in ("", "_low", "_high", "_sd")),
        "all_in_adjusted_n",
    ),
    "First round": (
        "vpip_pct",
        "first_round_raise_pct",
        "bring_in_complete_pct",
        "steal_pct",
        "fold_to_steal_pct",
        "three_bet_pct",
    ),
    "Streets seen": ("saw_round_2_pct", "saw_round_3_pct", "saw_round_4_pct", "saw_round_5_pct"),
    "Aggression": tuple(
        stat for k in range(1, 6) for stat in (f"af_round_{k}", f"afq_round_{k}_pct")
    ),
    "Showdown": (
        "went_to_showdown_pct",
        "won_at_showdown_pct",
        "won_without_showdown_pct",
        "won_when_saw_round_2_pct",
        "scoop_pct",
        "quartered_pct",
    ),
    "Draws": (
        *(
            stat
            for k in range(1, 4)
            for stat in (f"stood_pat_draw_{k}_pct", f"cards_drawn_draw_{k}_avg")
        ),
        "snow_pct",
    ),
}


def _with_samples(stats: tuple[str, ...], available: set[str]) -> list[str]:
    """The stats that exist, each followed by its sample size column."""
    columns: list[str] = []
    for stat in stats:
        if stat not in available:
            continue
        columns.append(stat)
        sample = stat.removesuffix("_pct").removesuffix("_avg") + "_n"
        if sample in available:
            columns.append(sample)
    return columns


def _column_config(columns: list[str], unit: str) -> Columns:
    config: Columns = {
        "game": st.column_config.TextColumn("Game", pinned=True),
        "player": st.column_config.TextColumn("Screen name", pinned=True),
        "site": st.column_config.TextColumn("Site", pinned=True),
    }
    for column in columns:
        help_text = STAT_DEFINITIONS.get(column)
        if column.endswith("_n") or column == "hands":
            config[column] = st.column_config.NumberColumn(stat_label(column), help=help_text)
        elif column in ("net_won", "ev_net_won"):
            config[column] = money_column(stat_label(column), unit, help=help_text)
        else:
            digits = "%.2f" if column.startswith("af_") or column.endswith("_avg") else "%.1f"
            config[column] = st.column_config.NumberColumn(
                stat_label(column), help=help_text, format=digits
            )
    return config


def _choose_player() -> tuple[list[str], str | None, str]:
    """Whose stats: the hero's names, or one player found by name. Returns the names,
    the site to keep to (a screen name belongs to a site), and a title."""
    target = navigation.take(navigation.PLAYER_TARGET)
    if target is not None:
        site, player = target
        st.session_state["stats_who"] = OTHER
        st.session_state["stats_search"] = player
        st.session_state["stats_player"] = f"{player} ({site_name(site)})"
    who = st.radio("Whose stats", (HERO, OTHER), horizontal=True, key="stats_who")
    active = filters.current()
    if who == HERO:
        if not active.heroes:
            st.info("No hero selected: pick one in the sidebar, or look at another player.")
        return list(active.heroes), None, " + ".join(active.heroes)
    search = st.text_input("Find a player", key="stats_search", placeholder="part of a name")
    found = stat_queries.find_players(search) if search else pl.DataFrame()
    choices = {
        f"{row['player']} ({site_name(row['site'])})": (row["site"], row["player"])
        for row in found.iter_rows(named=True)
    }
    if not choices:
        if search:
            st.info("No player's name contains that.")
        return [], None, ""
    picked = st.selectbox("Player", list(choices), key="stats_player")
    site, player = choices.get(picked or "", next(iter(choices.values())))
    return [player], site, player


def main() -> None:
    st.title("Stats")
    names, site, title = _choose_player()
    if not names:
        return
    active = filters.current()
    if site is not None:
        active = active.with_site(site)
    shared = stat_queries.shared_hands(names, active) if len(names) > 1 else 0
    if len(names) > 1 and "stats_per_name" not in st.session_state:
        # apart at first when the names may be several people's: the set was not chosen
        # by the user (each site's main hero), or two of them sat at one table
        st.session_state["stats_per_name"] = bool(shared) or stored_hero_names() is None
    per_name = len(names) > 1 and st.toggle(
        "Each screen name apart",
        key="stats_per_name",
        help="Your names' stats one by one (a coaching archive: several people's hands), "
        "rather than counted as one player.",
    )
    frame = stat_queries.player_stats(names, active, per_name=per_name)
    if frame.is_empty() or not frame["hands"].sum():
        st.info("No hands match the filters for this player.")
        return
    st.subheader(literal(title))
    units = list(dict.fromkeys(frame["unit"].to_list()))
    counts = ", ".join(
        f"{unit_title(unit)}: {hands:,} hand{'' if hands == 1 else 's'}"
        for unit, hands in frame.filter(pl.col("game") == "all")
        .group_by("unit", maintain_order=True)
        .agg(pl.col("hands").sum())
        .iter_rows()
    )
    st.caption(
        f"{counts} under the sidebar's filters. Money of two units is never added, nor are "
        "their rates: a table for each. Each rate is followed by its sample size (n): how "
        "many hands or chances it is a share of. Hover a header for its definition."
    )
    if shared and not per_name:
        st.caption(
            f"{shared:,} hands had two of these names at the table: each name's results "
            "and decisions count there, so one's win is the other's loss in these totals "
            "(the Overview counts such a hand once). See each screen name apart."
        )
    shown = frame.with_columns(
        pl.col("game").map_elements(
            lambda g: "All games" if g == "all" else game_name(g), return_dtype=pl.String
        ),
        pl.col("site").map_elements(
            lambda sites: ", ".join(site_name(s) for s in sites.split(", ")),
            return_dtype=pl.String,
        ),
    )
    if CHIPS in units:  # an expectation in chips, to the chip
        shown = shown.with_columns(
            pl.when(pl.col("unit") == CHIPS)
            .then(pl.col("ev_net_won").cast(pl.Float64).round(0))
            .otherwise(pl.col("ev_net_won").cast(pl.Float64))
            .alias("ev_net_won")
        )
    available = set(frame.columns)
    leading = ["player", "site", "game"] if per_name else ["game"]
    tabs = st.tabs(list(GROUPS))
    for tab, (group, stats) in zip(tabs, GROUPS.items(), strict=True):
        with tab:
            columns = _with_samples(stats, available)
            for unit in units:
                if len(units) > 1:
                    st.markdown(f"**{unit_title(unit)}**")
                key = f"stats_{group.lower().replace(' ', '_')}_{unit_key(unit)}"
                with st.container(key=key):
                    st.dataframe(
                        shown.filter(pl.col("unit") == unit).select(*leading, *columns),
                        hide_index=True,
                        placeholder="—",
                        column_config=_column_config(columns, unit),
                    )


main()
