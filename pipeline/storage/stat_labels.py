"""The stat columns' names as a player reads them ("VPIP %", "AF rd 2", "VPIP n"), for
every surface that shows them: the CLI's tables, the dashboard's headers, CSV headers on
request. The SQL keeps its snake_case names (users write queries with them)."""

from __future__ import annotations

from pipeline.storage.stats import STAT_DEFINITIONS

_NAMES = {
    "site": "Site",
    "player": "Player",
    "unit": "Unit",
    "game": "Game",
    "round": "Round",
    "street": "Street",
    "hands": "Hands",
    "net_won": "Net won",
    "big_bets_won": "Big bets won",
    "big_bets_per_100": "BB/100",
    "big_bets_per_100_low": "BB/100 95% low",
    "big_bets_per_100_high": "BB/100 95% high",
    "big_bets_per_100_sd": "BB/100 SD",
    "ev_net_won": "All-in adj. net",
    "ev_big_bets_won": "All-in adj. big bets",
    "ev_big_bets_per_100": "All-in adj. BB/100",
    "ev_big_bets_per_100_low": "All-in adj. 95% low",
    "ev_big_bets_per_100_high": "All-in adj. 95% high",
    "ev_big_bets_per_100_sd": "All-in adj. SD",
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
    "hands_seen": "Hands seen",
    "saw_pct": "Saw",
    "aggressive": "Bets and raises",
    "calls": "Calls",
    "checks": "Checks",
    "folds": "Folds",
    "af": "AF",
    "afq_pct": "AFq",
}

_PREFIXES = (
    ("afq_round_", "AFq rd "),
    ("af_round_", "AF rd "),
    ("saw_round_", "Saw rd "),
    ("stood_pat_draw_", "Pat draw "),
    ("cards_drawn_draw_", "Drawn draw "),
)


def stat_label(column: str) -> str:
    """A short header in words: "VPIP %", "AF rd 2", "VPIP n" (a rate's sample size)."""
    if column.endswith("_n"):
        return stat_label(rate_of(column)).removesuffix(" %").removesuffix(" avg") + " n"
    if column in _NAMES:
        suffix = " %" if column.endswith("_pct") else ""
        return _NAMES[column] + suffix
    text = column
    for old, new in _PREFIXES:
        text = text.replace(old, new)
    if text.endswith("_pct"):
        return text.removesuffix("_pct") + " %"
    if text.endswith("_avg"):
        return text.removesuffix("_avg") + " avg"
    return text.replace("_", " ")


def rate_of(sample: str) -> str:
    """The stat a sample-size column (`X_n`) belongs to: `X_pct`, `X_avg` or `X`."""
    base = sample.removesuffix("_n")
    for candidate in (f"{base}_pct", f"{base}_avg", base):
        if candidate in STAT_DEFINITIONS:
            return candidate
    return base
