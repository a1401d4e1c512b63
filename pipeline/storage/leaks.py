"""The leak list (issue 52.5): the hero's stats beside the winning players' of the same
database, per unit of money and game, flagged where the difference is larger than its
sampling error, and said as facts.

The counting is SQL (the macro `leak_list` in stats.sql, over `player_stats`: the stats'
one definition, one scan however many players there are); this module turns its rows
(each stat's part and sample for both sides) into intervals, the test and sentences.

*Winning players*, for a unit and game: every player but the hero with at least
`MIN_HANDS` hands of that game in that unit (under the same filters) whose all-in
adjusted win rate is above 0. Their counts are pooled, as if they were one player: the
stat of the winners' hands together. docs/stats.md ("Leak list") says why, and what it
does not say.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parsers.model.games import GAME_RULES, Family, Street
from pipeline.storage.proportions import (
    Interval,
    Mean,
    mean_difference,
    mean_interval,
    share_difference,
    wilson,
)

MIN_HANDS = 500
"""Hands of a game (in one unit) a player needs to count as a winning player there.

Below a few hundred hands a player's result is a handful of pots: one rolled-up trip
decides its sign. 500 hands is where a fixed-limit stud player's win rate is known to
about +-15 BB/100 (an SD near 17 per 100 hands) and his first-round stats to a few
points; it still selects players who won here, not proven winners (that takes tens of
thousands of hands). `leak_list(..., min_hands := N)` and the page choose another."""

WIN_RATE = "ev_big_bets_per_100"
"""The row of the all-in adjusted win rate (BB/100) in leak_list's output."""

SHARES = (
    "vpip_pct",
    "first_round_raise_pct",
    "bring_in_complete_pct",
    "steal_pct",
    "fold_to_steal_pct",
    "three_bet_pct",
    *(f"saw_round_{k}_pct" for k in range(2, 6)),
    *(f"afq_round_{k}_pct" for k in range(1, 6)),
    "went_to_showdown_pct",
    "won_at_showdown_pct",
    "won_without_showdown_pct",
    "won_when_saw_round_2_pct",
    "scoop_pct",
    "quartered_pct",
    *(f"stood_pat_draw_{k}_pct" for k in range(1, 4)),
    "snow_pct",
)
"""The stats leak_list compares, in player_stats' order: every percentage (a share of
chances, so that Wilson's interval applies). Not the aggression factor (a ratio of bets
to calls: its share form is the AFq) nor the average cards drawn (a mean of 0 to 5)."""

_ORDER = {stat: i for i, stat in enumerate((WIN_RATE, *SHARES))}

_ORDINALS = {1: "first", 2: "second", 3: "third"}
_STREETS = {
    Street.SECOND: "2nd street",
    Street.THIRD: "3rd street",
    Street.FOURTH: "4th street",
    Street.FIFTH: "5th street",
    Street.SIXTH: "6th street",
    Street.SEVENTH: "7th street",
    Street.PREDRAW: "the first draw",
    Street.DRAW_1: "the first draw",
    Street.DRAW_2: "the second draw",
    Street.DRAW_3: "the third draw",
}


def leak_query(arguments: Sequence[str]) -> str:
    """The SQL of the leak list for the hero's names `$heroes` and `$min_hands`, under
    the stat macros' named filter arguments (`site := $site`, ...)."""
    extra = "".join(f", {argument}" for argument in arguments)
    return f"SELECT * FROM leak_list($heroes, min_hands := $min_hands{extra})"


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a comparison: a share (`part` of `n` chances) or, for the win rate,
    the per-hand results' sum (`part`), sum of squares and hands, in big bets."""

    part: float
    n: int
    squares: float | None = None

    @property
    def value(self) -> float | None:
        """The stat as shown: a percentage, or BB/100."""
        return 100 * self.part / self.n if self.n else None

    @property
    def mean(self) -> Mean | None:
        return None if self.squares is None else Mean.from_sums(self.part, self.squares, self.n)

    @property
    def interval(self) -> Interval | None:
        """The 95% interval, in the stat's unit (percent, BB/100)."""
        if self.squares is not None:
            mean = self.mean
            bounds = None if mean is None else mean_interval(mean)
        else:
            bounds = wilson(self.part, self.n)
        return None if bounds is None else Interval(100 * bounds.low, 100 * bounds.high)


@dataclass(frozen=True, slots=True)
class Comparison:
    """A stat of the hero's beside the winners'; `difference` (hero minus winners, in
    the stat's unit) is None when a side has no sample."""

    stat: str
    hero: Side
    winners: Side
    difference: Interval | None

    @property
    def flagged(self) -> bool:
        """The difference is larger than its sampling error: its 95% interval misses 0."""
        return self.difference is not None and self.difference.excludes_zero()


@dataclass(frozen=True, slots=True)
class LeakBlock:
    """The leak list of one unit of money and game."""

    unit: str
    game: str
    hero_hands: int
    winners: int
    winners_hands: int
    rows: tuple[Comparison, ...]  # the win rate first, then flagged stats, then the rest

    @property
    def flagged(self) -> tuple[Comparison, ...]:
        return tuple(row for row in self.rows if row.flagged)


def compare(stat: str, hero: Side, winners: Side) -> Comparison:
    """The two sides and the interval of their difference (in percentage points, or
    BB/100): Newcombe's for shares, the normal approximation's for win rates."""
    difference: Interval | None = None
    if stat == WIN_RATE:
        a, b = hero.mean, winners.mean
        if a is not None and b is not None:
            bounds = mean_difference(a, b)
            difference = Interval(100 * bounds.low, 100 * bounds.high)
    else:
        bounds_or_none = share_difference(hero.part, hero.n, winners.part, winners.n)
        if bounds_or_none is not None:
            difference = Interval(100 * bounds_or_none.low, 100 * bounds_or_none.high)
    return Comparison(stat, hero, winners, difference)


def leak_blocks(rows: Iterable[Mapping[str, Any]]) -> list[LeakBlock]:
    """leak_list's rows (one per unit, game and stat) as a block per unit and game, in
    the order the rows come (the hero's most played first)."""
    grouped: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for row in rows:
        grouped.setdefault((row["unit"], row["game"]), []).append(row)
    return [_block(unit, game, stats) for (unit, game), stats in grouped.items()]


def _block(unit: str, game: str, stats: list[Mapping[str, Any]]) -> LeakBlock:
    first = stats[0]
    comparisons = [
        compare(
            row["stat"],
            Side(
                float(row["hero_part"] or 0), int(row["hero_n"] or 0), _float(row["hero_squares"])
            ),
            Side(
                float(row["winners_part"] or 0),
                int(row["winners_n"] or 0),
                _float(row["winners_squares"]),
            ),
        )
        for row in stats
    ]
    comparisons.sort(key=lambda c: (c.stat != WIN_RATE, not c.flagged, _ORDER.get(c.stat, 99)))
    return LeakBlock(
        unit,
        game,
        int(first["hero_hands"] or 0),
        int(first["winners"] or 0),
        int(first["winners_hands"] or 0),
        tuple(comparisons),
    )


def _float(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) else None


# --------------------------------------------------------------------------- sentences
def percent(value: float) -> str:
    """A percentage as the sentences write it: whole points, a decimal under 10.

    >>> percent(31.4), percent(3.14), percent(0.0)
    ('31', '3.1', '0')
    """
    return f"{value:.1f}" if 0 < value < 10 else f"{value:.0f}"


def value_text(stat: str, side: Side) -> str:
    """'12% [8-16%]', '+5.23 BB/100 [-1.20 to +11.66]'; '—' without a sample."""
    value, bounds = side.value, side.interval
    if value is None:
        return "—"
    if stat == WIN_RATE:
        spread = "" if bounds is None else f" [{bounds.low:+.2f} to {bounds.high:+.2f}]"
        return f"{value:+.2f} BB/100{spread}"
    spread = "" if bounds is None else f" [{percent(bounds.low)}-{percent(bounds.high)}%]"
    return f"{percent(value)}%{spread}"


def sentence(block: LeakBlock, row: Comparison) -> str:
    """The comparison as a fact, in the issue's words: "you complete the bring-in 12%
    [8-16%]; winning players in this database 31% [28-34%] (1,234 hands of 9 players)".
    Nothing in it says what to do: the data shows a difference, not its cause."""
    players = f"{block.winners:,} player{'' if block.winners == 1 else 's'}"
    return (
        f"{stat_phrase(row.stat, block.game)} {value_text(row.stat, row.hero)}; "
        f"winning players in this database {value_text(row.stat, row.winners)} "
        f"({block.winners_hands:,} hands of {players})"
    )


def no_winners_text(min_hands: int) -> str:
    """What to say instead of an empty comparison."""
    return (
        f"No winning players to compare with: no other player has {min_hands:,} hands or "
        "more of this game in this unit with an all-in adjusted win rate above 0."
    )


def _round_words(game: str, k: int) -> tuple[str, bool]:
    """Betting round k's name in this game ('5th street', 'the first draw') and whether
    it is a draw game's."""
    rules = next((r for g, r in GAME_RULES.items() if g.value == game), None)
    if rules is None or k > len(rules.streets):
        return f"betting round {k}", False
    return _STREETS[rules.streets[k - 1]], rules.family is Family.DRAW


def _on_round(game: str, k: int) -> str:
    """'on 5th street', 'before the first draw', 'after the second draw'."""
    words, draw = _round_words(game, k)
    if not draw:
        return f"on {words}"
    return f"before {words}" if k == 1 else f"after {words}"


def _reached(game: str, k: int) -> str:
    """'you see 4th street', 'you are still in after the first draw'."""
    words, draw = _round_words(game, k)
    return f"you are still in {_on_round(game, k)}" if draw else f"you see {words}"


def _short_round(game: str, k: int) -> str:
    """'4th street', 'predraw', 'after draw 2': a round's name in a table's label."""
    words, draw = _round_words(game, k)
    if not draw:
        return words
    return "predraw" if k == 1 else f"after draw {k - 1}"


def stat_title(stat: str, game: str) -> str:
    """A stat's short label in a table of one game, its rounds named as the game names
    them ("Saw 4th street", "AFq after draw 2"); other stats as stat_labels has them.

    >>> stat_title("afq_round_4_pct", "seven_stud"), stat_title("saw_round_2_pct", "badugi")
    ('AFq 6th street', 'Saw after draw 1')
    """
    number = stat.removesuffix("_pct").rsplit("_", 1)[-1]
    k = int(number) if number.isdigit() else 0
    if stat.startswith("saw_round_"):
        return f"Saw {_short_round(game, k)}"
    if stat.startswith("afq_round_"):
        return f"AFq {_short_round(game, k)}"
    if stat == "won_when_saw_round_2_pct":
        return f"Won when saw {_short_round(game, 2)}"
    from pipeline.storage.stat_labels import stat_label  # it reads stats.py: duckdb

    return stat_label(stat).removesuffix(" %")


def stat_phrase(stat: str, game: str) -> str:
    """What the stat counts, as the start of a sentence about the hero ("you complete
    the bring-in"), in the game's own street names.

    >>> stat_phrase("afq_round_3_pct", "seven_stud")
    'you bet or raise on 5th street (of your decisions there)'
    >>> stat_phrase("saw_round_2_pct", "triple_draw_27")
    'you are still in after the first draw'
    """
    raise_words = "bet or raise"
    if _round_words(game, 1)[1] is False:
        raise_words = "bet, complete or raise"
    fixed = {
        WIN_RATE: "your all-in adjusted win rate",
        "vpip_pct": f"you put money in voluntarily {_on_round(game, 1)}",
        "first_round_raise_pct": f"you {raise_words} {_on_round(game, 1)}",
        "bring_in_complete_pct": "you complete the bring-in",
        "steal_pct": "you complete or raise when it is folded to you in the last two seats",
        "fold_to_steal_pct": "you fold the bring-in to a steal",
        "three_bet_pct": "you re-raise a single raise before the first draw",
        "went_to_showdown_pct": f"you go to showdown when {_reached(game, 2)}",
        "won_at_showdown_pct": "you win money at showdown",
        "won_without_showdown_pct": "you win a pot without a showdown",
        "won_when_saw_round_2_pct": f"you win money when {_reached(game, 2)}",
        "scoop_pct": "you scoop the main pot at showdown",
        "quartered_pct": "you are quartered (or less) at showdown",
        "snow_pct": "you bet an unmade pat hand after the first draw (snow)",
    }
    if stat in fixed:
        return fixed[stat]
    number = stat.removesuffix("_pct").rsplit("_", 1)[-1]
    k = int(number) if number.isdigit() else 0
    if stat.startswith("saw_round_"):
        return _reached(game, k)
    if stat.startswith("afq_round_"):
        words = raise_words if k == 1 else "bet or raise"
        return f"you {words} {_on_round(game, k)} (of your decisions there)"
    if stat.startswith("stood_pat_draw_"):
        return f"you stand pat on the {_ORDINALS.get(k, str(k))} draw"
    return stat
