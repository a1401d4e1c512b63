"""Leak list: the hero's stats in each game beside the same stats of the database's
winning players, flagged where the difference is larger than its sampling error.

Said as facts, never as advice: a difference in a stat shows how two groups played, not
what made the winners win (docs/stats.md, "Leak list").
"""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import filters
from dashboard.games import game_name
from dashboard.literal import literal
from dashboard.money import unit_key, unit_title
from dashboard.queries.leaks import leak_list
from pipeline.storage.leaks import (
    MIN_HANDS,
    WIN_RATE,
    Comparison,
    LeakBlock,
    no_winners_text,
    sentence,
    stat_title,
    value_text,
)
from pipeline.storage.stat_labels import stat_label
from pipeline.storage.stats import STAT_DEFINITIONS

FLAG = "differs"  # the difference is larger than its sampling error (no docstring: magic)
ROW_PIXELS = 35  # a table row's height: the whole table shown, no scrolling inside it


def _difference_text(row: Comparison) -> str:
    """'-19 points [-26 to -11]' (BB/100 for the win rate); '' without both sides."""
    if row.difference is None or row.hero.value is None or row.winners.value is None:
        return ""
    gap = row.hero.value - row.winners.value
    low, high = row.difference.low, row.difference.high
    if row.stat == WIN_RATE:
        return f"{gap:+.2f} [{low:+.2f} to {high:+.2f}]"
    return f"{_points(gap)} points [{_points(low)} to {_points(high)}]"


def _points(value: float) -> str:
    """Whole percentage points, signed: '+4', '-19', '0' (never '-0')."""
    whole = round(value)
    return f"{whole:+d}" if whole else "0"


def _table(block: LeakBlock) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "stat": [stat_title(row.stat, block.game) for row in block.rows],
            "you": [value_text(row.stat, row.hero) for row in block.rows],
            "you_n": [row.hero.n for row in block.rows],
            "winners": [value_text(row.stat, row.winners) for row in block.rows],
            "winners_n": [row.winners.n for row in block.rows],
            "difference": [_difference_text(row) for row in block.rows],
            "flag": [FLAG if row.flagged else "" for row in block.rows],
        },
        schema={
            "stat": pl.String,
            "you": pl.String,
            "you_n": pl.Int64,
            "winners": pl.String,
            "winners_n": pl.Int64,
            "difference": pl.String,
            "flag": pl.String,
        },
    )


def _column_config() -> dict[str, object]:
    sample = "Its sample: the hands, chances or decisions the rate is a share of."
    return {
        "stat": st.column_config.TextColumn("Stat", pinned=True),
        "you": st.column_config.TextColumn("You [95%]"),
        "you_n": st.column_config.NumberColumn("Your n", help=sample),
        "winners": st.column_config.TextColumn(
            "Winning players [95%]", help="Their chances pooled, as if one player."
        ),
        "winners_n": st.column_config.NumberColumn("Their n", help=sample),
        "difference": st.column_config.TextColumn(
            "Difference [95%]", help="You minus the winning players, with its 95% interval."
        ),
        "flag": st.column_config.TextColumn(
            "Flag",
            help="The difference is larger than its sampling error: its 95% interval misses 0.",
        ),
    }


def _block(block: LeakBlock, min_hands: int) -> None:
    st.subheader(f"{literal(game_name(block.game))} · {literal(unit_title(block.unit))}")
    if not block.winners:
        st.caption(f"You: {block.hero_hands:,} hands.")
        st.info(no_winners_text(min_hands))
        return
    players = f"{block.winners:,} winning player{'' if block.winners == 1 else 's'}"
    st.caption(
        f"You: {block.hero_hands:,} hands. {players}: {block.winners_hands:,} hands. "
        f"{len(block.flagged)} of {len(block.rows)} stats differ beyond sampling error."
    )
    with st.container(key=f"leaks_{unit_key(block.unit)}_{block.game}"):
        st.dataframe(
            _table(block),
            hide_index=True,
            height=ROW_PIXELS * (len(block.rows) + 1) + 3,
            column_config=_column_config(),  # type: ignore[arg-type]
        )
    if block.flagged:
        said = [sentence(block, row) for row in block.flagged]
        st.markdown("\n".join(f"- {literal(text[0].upper() + text[1:])}" for text in said))


def main() -> None:
    st.title("Leak list")
    active = filters.current()
    if not active.heroes:
        st.info("No hero selected: pick your screen names in the sidebar.")
        return
    min_hands = st.number_input(
        "Winning players: least hands of the game",
        min_value=10,
        value=MIN_HANDS,
        step=100,
        key="leaks_min_hands",
        help="A player counts as a winning player in a game when he has at least this "
        "many hands of it (in the same money) and an all-in adjusted win rate above 0.",
    )
    blocks = leak_list(active.heroes, active, int(min_hands))
    if not blocks:
        st.info("No hands of yours match the filters.")
        return
    st.caption(
        "Your stats in each game beside the same stats of this database's winning "
        f"players: every other player with {int(min_hands):,} hands or more of the game "
        "(in the same money, under the sidebar's filters) and an all-in adjusted win rate "
        "above 0, their hands pooled. [low-high] is a 95% interval. A stat is flagged when "
        "the difference is larger than its sampling error (its own 95% interval misses "
        "0): flagged ones first. With twenty stats a game, about one in twenty flags by "
        "chance alone. These are differences in how you and they played, not their cause."
    )
    definitions = {stat_label(k).removesuffix(" %"): v for k, v in STAT_DEFINITIONS.items()}
    with st.expander("What each stat counts"):
        for label in sorted(
            {stat_label(r.stat).removesuffix(" %") for b in blocks for r in b.rows}
        ):
            st.markdown(f"**{literal(label)}**: {literal(definitions.get(label, ''))}")
    for block in blocks:
        _block(block, int(min_hands))


main()
