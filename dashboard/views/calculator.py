"""Odds calculator: pick a game, type each player's known cards and the dead cards, and
read each player's equity (high, low and scoop in split-pot games) with how it was
counted. It needs no database: nothing here queries one, so it works before any import.
"""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard.odds_input import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    InputError,
    PlayerInput,
    Situation,
    read_situation,
    result_rows,
)
from parsers.model.games import GAME_RULES, Family, Game, Ranking
from pipeline.engine.odds import Odds

# Tighter than the all-in adjustment's default (0.5%): one situation, not a whole import.
TARGET_ERROR = 0.0025
MAX_SAMPLES = 50_000
ASKED = "calc_asked"  # the fields as last calculated: (game, players, dead)

HELP = """
**How the odds are counted.** Every way the cards still unknown can fall (a *runout*)
is dealt from the deck less every card named: each player's known cards and the dead
cards. Each runout is judged as a showdown: the high half to the best high, the low half
to the best qualifying low (no low: the whole pot to the high), ties sharing. When there
are at most 50,000 runouts every one is counted and the figures are exact; otherwise
runouts are drawn at random with a fixed seed (the same answer every time) until each
equity is within ±0.25% (one standard error), at most 50,000 of them.

**Unknown cards.** Stud: the cards to come are the game's total (7, or 5 in five card
stud) less the cards you name; an unknown down card is dealt like a card to come.
Draw: a player's hand is the cards he keeps plus the cards he draws (leave *Draws* as it
is for the hand size less the cards kept; 0 = pat); his cards you leave out are dealt
from the deck like his draw. A player with no cards named holds a random hand.

**Ranges** (2-7 and A-5 draw games): type `any 8-low draw` (or 7, 9, 10...) in place of
the cards kept: every hand of different ranks, each that rank or lower (2-7: deuce up,
no ace; A-5: ace up), not using a card named; a one-card draw unless *Draws* says more.
His hand is drawn from it at random (seeded), each hand as likely as any other, and the
runouts of each hand drawn are counted: a sample always, its error stated.

**Draw games with more than one draw to come** count the next draw only: the hands are
compared as they stand after it. What each player would throw on a later draw is his
decision, which no count can make for him.

Cards: `As Kd`, `AsKd`, `as kd`, `A♠ K♦`, `10h` (= `Th`).
"""


COLUMN_HELP = {
    "Equity": "His expected part of the pot, over every runout counted.",
    "High": "His part of the high half (of the whole pot when no low qualifies).",
    "Low": "His part of the low half (none in the runouts where no low qualifies).",
    "Badugi half": "His part of the half that goes to the best badugi.",
    "2-7 half": "His part of the half that goes to the best deuce-to-seven low.",
    "A-5 half": "His part of the half that goes to the best ace-to-five low.",
    "Scoop": "The whole pot to him alone.",
    "Wins alone": "The whole pot to him alone.",
    "Split pots (his part)": "What he wins in the pots he splits: equity less wins alone.",
}


# A resource, not data: kept as it is, never pickled (the compiled engine's frozen
# results cannot be rebuilt by pickle), and immutable, so sharing it is safe.
@st.cache_resource(max_entries=64, show_spinner=False)
def _odds(situation: Situation) -> Odds:
    return situation.odds(target_error=TARGET_ERROR, max_samples=MAX_SAMPLES)


def _player_fields(game: Game, players: int) -> list[PlayerInput]:
    """One row of fields a player: stud's down and up cards, draw's cards and draws."""
    rules = GAME_RULES[game]
    family = rules.family.value
    typed = []
    for number in range(1, players + 1):
        name = f"Player {number}"
        if rules.family is Family.STUD:
            label, down_col, up_col = st.columns((1, 3, 3), vertical_alignment="bottom")
            label.markdown(f"**{name}**")
            down = down_col.text_input(
                "Down cards",
                key=f"calc_{family}_{number}_down",
                placeholder="e.g. As 2d (unknown: leave empty)",
            )
            up = up_col.text_input(
                "Up cards", key=f"calc_{family}_{number}_up", placeholder="e.g. 3h 7c"
            )
            typed.append(PlayerInput(name, down=down, up=up))
        else:
            label, kept_col, draws_col = st.columns((1, 4, 2), vertical_alignment="bottom")
            label.markdown(f"**{name}**")
            kept = kept_col.text_input(
                "Cards kept",
                key=f"calc_{family}_{number}_kept",
                placeholder="e.g. 7c 5d 4h 2s, or: any 8-low draw (unknown: leave empty)",
            )
            choices = ["", *map(str, range(rules.hand_size + 1))]
            draws = draws_col.selectbox(
                "Draws",
                choices,
                key=f"calc_{family}_{number}_draws",
                format_func=lambda value: value or "the cards not kept",
                help="How many cards he draws: 0 is pat.",
            )
            typed.append(PlayerInput(name, kept=kept, draws=draws))
    return typed


def _show(game: Game, players: list[PlayerInput], situation: Situation, result: Odds) -> None:
    with st.container(key="calc_result"):
        st.dataframe(
            pl.DataFrame(result_rows(game, players, situation, result)),
            hide_index=True,
            column_config={
                name: st.column_config.TextColumn(name, help=text)
                for name, text in COLUMN_HELP.items()
            },
        )
    if result.low_made is not None and GAME_RULES[game].split_ranking is Ranking.EIGHT_OR_BETTER:
        st.markdown(
            f"A qualifying low (eight or better) is made in **{float(result.low_made):.1%}** "
            "of the runouts; in the others the high takes the whole pot."
        )
    st.caption(f"How it was counted: {result.how()}.")
    for name, size in situation.range_sizes().items():
        low_draw = situation.player_ranges[name]
        st.caption(
            f"{name} holds '{low_draw.text}': one of its {size:,} hands of {low_draw.kept} "
            "cards (less the cards named), drawn at random, each as likely as any other."
        )
    if GAME_RULES[game].draws > 1:
        st.caption("Draw games: the next draw only; the hands are compared as they stand after it.")


def main() -> None:
    st.title("Odds calculator")
    st.caption(
        "Each player's chance to win from the cards you know, for every stud and draw "
        "game. No database needed."
    )
    with st.expander("How the odds are counted"):
        st.markdown(HELP)
    game_column, players_column = st.columns((3, 1))
    game = game_column.selectbox(
        "Game", list(GAME_RULES), key="calc_game", format_func=lambda game: GAME_RULES[game].name
    )
    most = MAX_PLAYERS[GAME_RULES[game].family]
    count = players_column.number_input(
        "Players", min_value=MIN_PLAYERS, max_value=most, value=MIN_PLAYERS, key="calc_players"
    )
    with st.form("calc_form", border=False):
        players = _player_fields(game, int(count))
        dead = st.text_input(
            "Dead cards",
            key="calc_dead",
            placeholder="folded up cards, known discards: e.g. Kc 9s 9d",
        )
        if st.form_submit_button("Calculate", key="calc_go", type="primary"):
            st.session_state[ASKED] = (game, players, dead)
    asked = st.session_state.get(ASKED)
    if asked != (game, players, dead):
        return  # nothing asked yet, or the fields changed since: no stale answer
    try:
        situation = read_situation(game, players, dead)
        with st.spinner("Counting…"):
            result = _odds(situation)
    except InputError as error:
        st.error(str(error))
        return
    _show(game, players, situation, result)


main()
