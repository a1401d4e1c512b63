"""Hand replayer: find a hand, then step through it street by street as it happened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC
from typing import Any

import polars as pl
import streamlit as st

from dashboard import cards, equity_html, filters, navigation
from dashboard.connection import database_path, file_version, is_dataset
from dashboard.games import game_name
from dashboard.hand_filters import Filters
from dashboard.literal import literal
from dashboard.money import format_amount, stakes_of
from dashboard.queries import annotations as annotation_queries
from dashboard.queries import hands as hand_queries
from dashboard.replay_steps import Replay, build_replay, street_title
from dashboard.street_equity import StreetEquity, View, street_equities
from parsers.sites import site_name
from pipeline.storage.annotations import SUGGESTED_TAGS, set_tags
from pipeline.storage.database import Database

HAND = "replay_hand"  # (site, hand_number) on show
STEP = "replay_step"  # the select_slider's key: the step on show
STEP_HAND = "replay_step_hand"  # the hand STEP belongs to
LIST_PICKED = "replay_list_picked"  # the hand list's selection last acted upon
LIST_OF = "replay_list_of"  # what the hand list was last drawn for: (result, filters)


def _show(site: str, hand_number: str) -> None:
    st.session_state[HAND] = (site, hand_number)


def _on_number() -> None:
    number = (st.session_state.get("replay_number") or "").strip()
    if not number:
        return
    found = hand_queries.hands_numbered(number)
    if found.height:
        _show(found["site"][0], found["hand_number"][0])


def _move(delta: int, last: int) -> None:
    """A button: move `delta` streets, kept within the hand (first and last: big moves)."""
    current = int(st.session_state.get(STEP, 0))
    st.session_state[STEP] = min(max(current + delta, 0), last)


def _selected_rows() -> list[int]:
    """The hand list's selection as the session holds it (before the table is drawn)."""
    state = st.session_state.get("replay_list")
    try:
        return list(state["selection"]["rows"])  # type: ignore[index]
    except (KeyError, TypeError):
        return []


def _amounts(hands: pl.DataFrame, column: str, signed: bool = False) -> list[str]:
    """Each hand's amount in its money: "$1.91", "-€0.50", "1,600" (tournament chips)."""
    return [
        format_amount(value, currency, signed=signed)
        for value, currency in zip(hands[column], hands["currency"], strict=True)
    ]


def _finder(active: Filters, arrived: bool = False) -> None:
    """Search by number, or pick from the hero's hands under the filters and a result."""
    number, result = st.columns([1, 1])
    number.text_input(
        "Hand number", key="replay_number", on_change=_on_number, placeholder="e.g. 260260056045"
    )
    choice = result.selectbox("Hero's hands", list(hand_queries.RESULTS), key="replay_result")
    typed = (st.session_state.get("replay_number") or "").strip()
    if typed and hand_queries.hands_numbered(typed).is_empty():
        st.warning(f"No hand numbered {typed} in the database.")
    if not active.heroes:
        return
    hands = hand_queries.hero_hand_list(active, choice or "Any result")
    # A new list (another result picked, other sidebar filters) shows its first hand; a
    # hand opened from another page (`arrived`) stays on show the first time.
    listed_for = (choice, active)
    new_list = LIST_OF in st.session_state and st.session_state[LIST_OF] != listed_for
    st.session_state[LIST_OF] = listed_for
    if hands.height and (HAND not in st.session_state or (new_list and not arrived)):
        _show(hands["site"][0], hands["hand_number"][0])
    if new_list:
        st.session_state[LIST_PICKED] = list(_selected_rows())
    with st.expander(f"Hands ({hands.height:,} shown, under the sidebar's filters)"):
        stakes = [stakes_of(r) for r in hands.iter_rows(named=True)]
        event = st.dataframe(
            hands.select(
                "hand_number",
                "started_at",
                pl.col("game").map_elements(game_name, return_dtype=pl.String),
                pl.Series("stakes", stakes, dtype=pl.String),
                "players",
                pl.Series("total_pot", _amounts(hands, "total_pot"), dtype=pl.String),
                pl.Series("hero_net", _amounts(hands, "hero_net", signed=True), dtype=pl.String),
                "went_to_showdown",
                "has_warnings",
            ),
            hide_index=True,
            placeholder="—",
            key="replay_list",
            on_select="rerun",
            selection_mode="single-row",
            column_config={
                "hand_number": st.column_config.TextColumn("Hand"),
                "started_at": st.column_config.DatetimeColumn(
                    "Time (UTC)", format="YYYY-MM-DD HH:mm"
                ),
                "game": st.column_config.TextColumn("Game"),
                "stakes": st.column_config.TextColumn("Stakes"),
                "players": st.column_config.NumberColumn("Players"),
                "total_pot": st.column_config.TextColumn("Pot", help="Chips in tournaments."),
                "hero_net": st.column_config.TextColumn("Hero's net"),
                "went_to_showdown": st.column_config.CheckboxColumn("Showdown"),
                "has_warnings": st.column_config.CheckboxColumn("Findings"),
            },
        )
    # A newly selected row opens its hand (once: the selection stays while the hand
    # shown may change by number or by a link).
    rows = list(event.selection.rows) if event is not None else []
    if rows and rows != st.session_state.get(LIST_PICKED) and rows[0] < hands.height:
        _show(hands["site"][rows[0]], hands["hand_number"][rows[0]])
    st.session_state[LIST_PICKED] = rows


def _header(replay: Replay) -> None:
    hand = replay.hand
    stakes = stakes_of(hand)
    when = hand["started_at"].astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    mixed = f"{hand['mixed_game']}: " if hand.get("mixed_game") else ""  # HORSE, 8-Game
    st.subheader(f"{mixed}{game_name(replay.game)} {stakes} — hand #{replay.hand_number}")
    table = f"table '{literal(hand['table_name'])}'" if hand.get("table_name") else "table"
    tournament = f", tournament {hand['tournament_id']}" if hand.get("tournament_id") else ""
    st.caption(f"{site_name(replay.site)}, {table}{tournament}, {when}")
    if replay.findings:
        with st.expander(f"Engine findings for this hand ({len(replay.findings)})"):
            for finding in replay.findings:
                where = f"line {finding.line}: " if finding.line else ""
                message = literal(finding.message)
                st.warning(f"{finding.code} ({finding.severity}): {where}{message}")


def main() -> None:
    st.title("Hand replayer")
    target = navigation.take(navigation.HAND_TARGET)
    if target is not None:
        _show(*target)
    active = filters.current()
    _finder(active, arrived=target is not None)
    shown = st.session_state.get(HAND)
    if shown is None:
        st.info("No hand to show: search by number, or pick a hero in the sidebar.")
        return
    rows = hand_queries.hand_rows(*shown)
    if rows is None:
        st.warning(f"Hand #{shown[1]} is not in the database.")
        return
    replay = build_replay(rows)
    if st.session_state.get(STEP_HAND) != shown:
        st.session_state[STEP_HAND] = shown
        st.session_state[STEP] = 0
    last = len(replay.steps) - 1
    st.session_state[STEP] = min(int(st.session_state.get(STEP, 0)), last)
    _header(replay)

    first, previous, following, final, hide = st.columns([1, 1, 1, 1, 3])
    first.button("First street", key="replay_first", on_click=_move, args=(-last - 1, last))
    previous.button("Previous street", key="replay_previous", on_click=_move, args=(-1, last))
    following.button("Next street", key="replay_next", on_click=_move, args=(1, last))
    final.button("Last street", key="replay_last", on_click=_move, args=(last + 1, last))
    hidden = hide.toggle("Hide opponents' down cards until showdown", value=True, key="replay_hide")
    index = st.select_slider(
        "Street",
        options=list(range(len(replay.steps))),
        format_func=lambda i: replay.steps[i].title,
        key=STEP,
    )
    step = replay.steps[int(index)]
    table, log = st.columns([3, 2])
    with table:
        st.html(cards.table_html(replay, step, hide_opponents=hidden))
    with log:
        st.markdown(f"**{step.title}**")
        st.html(cards.log_html(replay, step))
        if step.final:
            st.html(cards.result_html(replay, step))
        for finding in step.findings:
            st.warning(f"Engine: {finding.code}: {literal(finding.message)}")
    pots = " · ".join(
        f"{s.title}: {format_amount(s.pot, replay.currency)}" for s in replay.steps[:-1]
    )
    st.caption(f"Pot after each street — {pots}")
    _equity(replay, int(index), hidden)
    _all_in(rows.hand, rows.players, replay.currency)
    _notes_and_tags(replay, [row["player"] for row in rows.players])


# A resource, not data: kept as it is, never pickled (the compiled engine's frozen
# results cannot be rebuilt by pickle), and immutable, so sharing it is safe.
@st.cache_resource(max_entries=64, show_spinner="Counting each street's equity…")
def _street_equities(
    site: str, hand_number: str, version: tuple[str, tuple[int, ...]], _replay: Replay
) -> tuple[StreetEquity, ...]:
    """Every street's equities, once per hand (the page re-renders on every click)."""
    del site, hand_number, version  # the cache key: the hand, in this file as it is now
    return street_equities(_replay)


def _equity(replay: Replay, index: int, hidden: bool) -> None:
    """The street on show: each player's chances, the hero's view beside them; and
    every street's equity at once."""
    path = database_path()
    equities = _street_equities(
        replay.site, replay.hand_number, (str(path), file_version(path)), replay
    )
    if not equities:
        return
    shown = min(index, len(equities) - 1)  # the showdown step: the last street's
    equity = equities[shown]
    # Down cards hidden until the showdown: the chances as the hands turned out would tell
    # them, so before it the hero's view (what he could see) stands alone.
    spoils = (
        hidden
        and not replay.steps[index].final
        and any(e.hero.odds is not None and not e.hero.same_as_shown for e in equities)
    )
    if spoils:
        mine = equity.hero if equity.hero.odds is not None else View(None, equity.hero.why_not)
        equity = replace(equity, shown=mine, hero=View(None))
    with st.container(key="replay_equity"):
        st.markdown(f"**{equity_html.heading(replay, shown)}**")
        st.html(equity_html.street_html(replay, equity, hide_opponents=hidden))
        if spoils:
            st.caption(
                "What you could see then. The chances as the hands turned out show at the "
                "showdown, or with opponents' down cards shown."
            )
        with st.expander("Equity street by street", expanded=True):
            st.html(equity_html.by_street_html(replay, equities, shown, hero_only=spoils))


def _all_in(
    hand: Mapping[str, Any], players: Sequence[Mapping[str, Any]], currency: str | None
) -> None:
    """Each player's equity when the hand was decided all in, and what it was worth."""
    method = hand.get("ev_method")
    if method not in ("exact", "sampled", "kept"):
        return
    after = street_title(hand["ev_street"], hand["game"])
    if method == "kept":
        st.caption(f"All in after {after}; the result stands: {hand['ev_note']}.")
        return
    how = (
        f"every one of {hand['ev_runouts']:,} runouts counted"
        if method == "exact"
        else f"{hand['ev_runouts']:,} runouts drawn, ±{100 * hand['ev_standard_error']:.1f}%"
    )
    parts = [
        f"{p['player']} {100 * p['all_in_equity']:.1f}% "
        f"(all-in adjusted {format_amount(p['ev_net'], currency)}, "
        f"result {format_amount(p['net'], currency)})"
        for p in players
        if p["all_in_equity"] is not None
    ]
    with st.container(key="replay_all_in"):
        st.markdown(f"**All in after {after}** — equity ({how}): " + " · ".join(parts))


def _notes_and_tags(replay: Replay, players: list[str]) -> None:
    """The hand's tags, to set; the notes on its players (written on Opponents)."""
    if is_dataset():
        return  # tags and notes live in a database; a Parquet dataset is read-only
    tags = annotation_queries.hand_tags(replay.site, replay.hand_number)
    offered = sorted({*SUGGESTED_TAGS, *annotation_queries.known_tags(), *tags})
    chosen = st.multiselect(
        "Tags",
        offered,
        default=tags,
        key=f"replay_tags_{replay.site}_{replay.hand_number}",
        accept_new_options=True,
        placeholder="Tag this hand: review, bad beat, or your own word",
    )
    if sorted(chosen) != tags:
        set_tags(Database(database_path()), replay.site, replay.hand_number, chosen)
        st.toast("Tags saved")
    for player, note in annotation_queries.notes(replay.site, players).items():
        st.caption(f"Note on {literal(player)}: {literal(note)}")


main()
