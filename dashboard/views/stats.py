"""Stats: the stud/draw stat set (player_stats) per game, for the hero or any player.

Every rate sits beside its sample size, and every column header explains itself on
hover (STAT_DEFINITIONS, the same sentences docs/stats.md opens with).
"""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import filters, navigation
from dashboard.games import game_name
from dashboard.hand_filters import Filters
from dashboard.queries import player_stats as stat_queries
from pipeline.storage.stats import STAT_DEFINITIONS

HERO = "Hero"
OTHER = "Another player"

# Tabs of related stats; each rate is followed by its sample size (_n).
GROUPS: dict[str, tuple[str, ...]] = {
    "Results": (
        "hands",
        "net_won",
        "big_bets_won",
        "big_bets_per_100",
        "ev_net_won",
        "ev_big_bets_per_100",
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

_NAMES = {
    "hands": "Hands",
    "net_won": "Net won",
    "big_bets_won": "Big bets won",
    "big_bets_per_100": "BB/100",
    "ev_net_won": "All-in adj. net",
    "ev_big_bets_per_100": "All-in adj. BB/100",
    "all_in_adjusted": "All-in adjusted",
    "vpip_pct": "VPIP",
    "first_round_raise_pct": "1st-round raise",
    "bring_in_complete_pct": "Bring-in complete",
    "steal_pct": "Steal",
    "fold_to_steal_pct": "Fold to steal",
    "three_bet_pct": "3-bet",
    "went_to_showdown_pct": "WTSD",
    "won_at_showdown_pct": "W$SD",
    "won_without_showdown_pct": "Won w/o SD",
    "won_when_saw_round_2_pct": "Won when saw rd 2",
    "scoop_pct": "Scoop",
    "quartered_pct": "Quartered",
    "snow_pct": "Snow",
}


def label(column: str) -> str:
    """A short header: "VPIP %", "AF rd 2", "VPIP n"."""
    if column.endswith("_n"):
        return label(_rate_of(column)).removesuffix(" %").removesuffix(" avg") + " n"
    if column in _NAMES:
        suffix = " %" if column.endswith("_pct") else ""
        return _NAMES[column] + suffix
    text = column
    for old, new in (
        ("afq_round_", "AFq rd "),
        ("af_round_", "AF rd "),
        ("saw_round_", "Saw rd "),
        ("stood_pat_draw_", "Pat draw "),
        ("cards_drawn_draw_", "Drawn draw "),
    ):
        text = text.replace(old, new)
    if text.endswith("_pct"):
        return text.removesuffix("_pct") + " %"
    if text.endswith("_avg"):
        return text.removesuffix("_avg") + " avg"
    return text


def _rate_of(sample: str) -> str:
    base = sample.removesuffix("_n")
    for candidate in (f"{base}_pct", f"{base}_avg", base):
        if candidate in STAT_DEFINITIONS:
            return candidate
    return base


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


def _column_config(columns: list[str]) -> dict[str, object]:
    config: dict[str, object] = {"game": st.column_config.TextColumn("Game", pinned=True)}
    for column in columns:
        help_text = STAT_DEFINITIONS.get(column)
        if column.endswith("_n") or column == "hands":
            config[column] = st.column_config.NumberColumn(label(column), help=help_text)
        elif column in ("net_won", "ev_net_won"):
            config[column] = st.column_config.NumberColumn(
                label(column), help=help_text, format="%.2f"
            )
        else:
            digits = "%.2f" if column.startswith("af_") or column.endswith("_avg") else "%.1f"
            config[column] = st.column_config.NumberColumn(
                label(column), help=help_text, format=digits
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
        st.session_state["stats_player"] = f"{player} ({site})"
    who = st.radio("Whose stats", (HERO, OTHER), horizontal=True, key="stats_who")
    active = filters.current()
    if who == HERO:
        if not active.heroes:
            st.info("No hero selected: pick one in the sidebar, or look at another player.")
        return list(active.heroes), None, " + ".join(active.heroes)
    search = st.text_input("Find a player", key="stats_search", placeholder="part of a name")
    found = stat_queries.find_players(search) if search else pl.DataFrame()
    choices = {
        f"{row['player']} ({row['site']})": (row["site"], row["player"])
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
        active = Filters(
            active.heroes,
            site,
            active.game,
            active.limit_kind,
            active.big_unit,
            active.money,
            active.since,
            active.until,
        )
    frame = stat_queries.player_stats(names, active)
    if frame.is_empty() or not frame["hands"][0]:
        st.info("No hands match the filters for this player.")
        return
    st.subheader(title)
    hands = frame["hands"][0]
    st.caption(
        f"{hands:,} hands under the sidebar's filters. Each rate is followed by its sample "
        "size (n): how many hands or chances it is a share of. Hover a header for its "
        "definition."
    )
    shown = frame.with_columns(
        pl.col("game").map_elements(
            lambda g: "All games" if g == "all" else game_name(g), return_dtype=pl.String
        )
    )
    available = set(frame.columns)
    tabs = st.tabs(list(GROUPS))
    for tab, (group, stats) in zip(tabs, GROUPS.items(), strict=True):
        with tab:
            columns = _with_samples(stats, available)
            with st.container(key="stats_" + group.lower().replace(" ", "_")):
                st.dataframe(
                    shown.select("game", *columns),
                    hide_index=True,
                    placeholder="—",
                    column_config=_column_config(columns),
                )


main()
