"""The leak list (issue 52.5): the intervals and the test against published numbers, the
flag on cases built to flag and not to, and the macro leak_list on the sample database
against player_stats read by other means."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import duckdb
import pytest

from pipeline.storage.leaks import (
    MIN_HANDS,
    SHARES,
    WIN_RATE,
    LeakBlock,
    Side,
    compare,
    leak_blocks,
    leak_query,
    sentence,
    stat_phrase,
)
from pipeline.storage.proportions import Mean, mean_interval, share_difference, wilson

HERO = "studdraw_hero"


# ------------------------------------------------------------------ the statistics
@pytest.mark.parametrize(
    ("part", "n", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857, table II, method 3 (score)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_matches_the_published_values(
    part: int, n: int, low: float, high: float
) -> None:
    interval = wilson(part, n)
    assert interval is not None
    assert (round(interval.low, 4), round(interval.high, 4)) == (low, high)


def test_wilson_has_no_interval_without_a_sample() -> None:
    assert wilson(0, 0) is None


@pytest.mark.parametrize(
    ("a", "n_a", "b", "n_b", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:873, table II, method 10
        (56, 70, 48, 80, 0.0524, 0.3339),
        (9, 10, 3, 10, 0.1705, 0.8090),
        (5, 56, 0, 29, -0.0381, 0.1926),
        (0, 10, 0, 20, -0.1611, 0.2775),
        (0, 10, 0, 10, -0.2775, 0.2775),
        (10, 10, 0, 20, 0.6791, 1.0000),
        (10, 10, 0, 10, 0.6075, 1.0000),
    ],
)
def test_difference_interval_matches_the_published_values(
    a: int, n_a: int, b: int, n_b: int, low: float, high: float
) -> None:
    interval = share_difference(a, n_a, b, n_b)
    assert interval is not None
    assert (round(interval.low, 4), round(interval.high, 4)) == (low, high)


def test_mean_interval_is_docs_worked_example() -> None:
    # docs/stats.md: 20,000 hands at +1.50 BB/100, one hand's SD 1.6 big bets
    interval = mean_interval(Mean(0.015, 1.6, 20_000))
    assert (round(100 * interval.low, 2), round(100 * interval.high, 2)) == (-0.72, 3.72)


def test_mean_from_sums_is_the_sample_sd() -> None:
    values = [2.0, -1.0, 0.5, -0.25, 3.0]
    mean = Mean.from_sums(sum(values), sum(v * v for v in values), len(values))
    assert mean is not None
    assert mean.mean == pytest.approx(0.85)
    assert mean.sd == pytest.approx(statistics.stdev(values))
    assert Mean.from_sums(1.0, 1.0, 1) is None


# ------------------------------------------------------------------ the flag
def test_a_difference_beyond_sampling_error_is_flagged() -> None:
    # 12 bring-ins completed of 100 against 310 of 1,000: the interval of the difference,
    # about -26 to -11 points, misses 0
    row = compare("bring_in_complete_pct", Side(12, 100), Side(310, 1000))
    assert row.flagged
    assert row.difference is not None and row.difference.high < 0
    assert row.hero.interval is not None
    assert (round(row.hero.interval.low), round(row.hero.interval.high)) == (7, 20)


def test_a_difference_within_sampling_error_is_not_flagged() -> None:
    # 25 of 100 against 310 of 1,000: 6 points apart, but 100 chances cannot tell
    row = compare("bring_in_complete_pct", Side(25, 100), Side(310, 1000))
    assert not row.flagged
    assert row.difference is not None and row.difference.low < 0 < row.difference.high
    # the same 6 points on 2,000 chances is beyond it
    assert compare("bring_in_complete_pct", Side(500, 2000), Side(310, 1000)).flagged


def test_no_sample_on_a_side_is_never_flagged() -> None:
    row = compare("steal_pct", Side(0, 0), Side(40, 100))
    assert not row.flagged and row.difference is None and row.hero.value is None


def test_win_rates_differ_by_the_normal_approximation() -> None:
    def side(mean: float, sd: float, n: int) -> Side:
        # sum and sum of squares of n results with this mean and sample SD
        return Side(mean * n, n, sd * sd * (n - 1) + mean * mean * n)

    # -5 against +3 BB/100, SD 2 big bets a hand: 2,000 hands each cannot tell them
    # apart (standard error of the difference 6.3 BB/100), 20,000 each can (2.0)
    assert not compare(WIN_RATE, side(-0.05, 2, 2_000), side(0.03, 2, 2_000)).flagged
    row = compare(WIN_RATE, side(-0.05, 2, 20_000), side(0.03, 2, 20_000))
    assert row.flagged
    assert row.hero.value == pytest.approx(-5)
    assert row.difference is not None
    assert row.difference.low == pytest.approx(-8 - 1.96 * 200 / 20_000**0.5 * 2**0.5)


def test_sentence_is_a_fact_in_the_issues_form() -> None:
    row = compare("bring_in_complete_pct", Side(12, 100), Side(310, 1000))
    block = LeakBlock("USD", "seven_stud", 1_500, 9, 12_345, (row,))
    assert sentence(block, row) == (
        "you complete the bring-in 12% [7.0-20%]; winning players in this database "
        "31% [28-34%] (12,345 hands of 9 players)"
    )


@pytest.mark.parametrize("game", ["seven_stud", "five_stud", "razz", "triple_draw_27", "badugi"])
def test_every_stat_is_said_without_advice(game: str) -> None:
    for stat in (WIN_RATE, *SHARES):
        phrase = stat_phrase(stat, game)
        assert phrase.startswith(("you ", "your ")), phrase
        assert not re.search(r"\b(should|too|must|better|worse|leak)\b", phrase), phrase
    assert stat_phrase("saw_round_2_pct", "five_stud") == "you see 3rd street"
    assert stat_phrase("saw_round_2_pct", "razz") == "you see 4th street"


# ------------------------------------------------------------------ the macro
def _connection(path: Path) -> duckdb.DuckDBPyConnection:
    return duckdb.connect(str(path), read_only=True)


def _leaks(connection: duckdb.DuckDBPyConnection, min_hands: int, *arguments: str) -> list[dict]:
    sql = leak_query(list(arguments))
    params = {"heroes": [HERO], "min_hands": min_hands}
    return connection.sql(sql, params=params).pl().to_dicts()


def test_leak_list_compares_every_percentage_of_player_stats(sample_database: Path) -> None:
    with _connection(sample_database) as connection:
        columns = [
            row[0] for row in connection.execute("DESCRIBE SELECT * FROM player_stats()").fetchall()
        ]
        rows = _leaks(connection, 100)
    assert tuple(c for c in columns if c.endswith("_pct")) == SHARES
    stats = {row["stat"] for row in rows}
    assert stats <= {WIN_RATE, *SHARES}
    assert {"bring_in_complete_pct", "steal_pct", "snow_pct", WIN_RATE} <= stats


def test_leak_list_pools_the_winning_players_of_each_game(sample_database: Path) -> None:
    """The winners and their counts worked out from player_stats' rows in Python."""
    with _connection(sample_database) as connection:
        everyone = connection.sql("SELECT * FROM player_stats()").pl().to_dicts()
        rows = _leaks(connection, 100)
    blocks = {(b.unit, b.game): b for b in leak_blocks(rows)}
    # the hero's nine tables: eight cash games in dollars, one razz tournament
    assert len(blocks) == 9
    assert blocks["tournament chips", "razz"].hero_hands == 200
    for (unit, game), block in blocks.items():
        mine = [r for r in everyone if (r["unit"], r["game"]) == (unit, game)]
        winners = [
            r
            for r in mine
            if r["player"] != HERO and r["hands"] >= 100 and r["ev_big_bets_per_100"] > 0
        ]
        assert block.winners == len(winners)
        assert block.winners_hands == sum(r["hands"] for r in winners)
        hero = next(r for r in mine if r["player"] == HERO)
        for row in block.rows:
            if row.stat == WIN_RATE:
                assert row.hero.n == hero["hands"]
                assert row.hero.value == pytest.approx(hero["ev_big_bets_per_100"])
                assert row.hero.interval is not None
                assert row.hero.interval.low == pytest.approx(hero["ev_big_bets_per_100_low"])
                continue
            sample = row.stat.removesuffix("_pct") + "_n"
            assert row.hero.n == hero[sample]
            assert row.winners.n == sum(r[sample] for r in winners)
            assert row.winners.part == sum(
                round((r[row.stat] or 0) * r[sample] / 100) for r in winners
            )
    stud = blocks["USD", "seven_stud"]
    assert stud.winners == 4 and stud.winners_hands == 543
    assert stud.rows[0].stat == WIN_RATE
    flags = [row.flagged for row in stud.rows[1:]]
    assert flags == sorted(flags, reverse=True)  # flagged stats first


def test_leak_list_has_no_winners_below_the_sample_floor(sample_database: Path) -> None:
    # no player of the samples has 500 hands of a game: nobody to compare with
    assert MIN_HANDS == 500
    with _connection(sample_database) as connection:
        blocks = leak_blocks(_leaks(connection, MIN_HANDS))
    assert len(blocks) == 9
    assert all(b.winners == 0 and not b.flagged for b in blocks)


def test_leak_list_takes_the_stat_filters(sample_database: Path) -> None:
    with _connection(sample_database) as connection:
        rows = _leaks(connection, 100, "money := 'tournament'")
        razz = _leaks(connection, 100, "game := 'razz'")
    assert {(r["unit"], r["game"]) for r in rows} == {("tournament chips", "razz")}
    assert {(r["unit"], r["game"]) for r in razz} == {
        ("USD", "razz"),
        ("tournament chips", "razz"),
    }


def test_the_sql_intervals_are_the_python_ones(sample_database: Path) -> None:
    """leak_list's own value and interval columns (for SQL clients) agree with
    proportions.py, and its Wilson macro with the published values."""
    with _connection(sample_database) as connection:
        rows = _leaks(connection, 100)
        low, high = connection.execute(
            "SELECT stat_wilson_low(81, 263), stat_wilson_high(81, 263)"
        ).fetchall()[0]
    assert (round(low, 2), round(high, 2)) == (25.53, 36.62)
    checked = 0
    for row in rows:
        for side in ("hero", "winners"):
            numbers = Side(row[f"{side}_part"], row[f"{side}_n"], row[f"{side}_squares"])
            bounds = numbers.interval
            assert row[f"{side}_value"] == pytest.approx(numbers.value, abs=1e-9)
            if bounds is None:
                assert row[f"{side}_low"] is None and row[f"{side}_high"] is None
                continue
            assert row[f"{side}_low"] == pytest.approx(bounds.low, abs=1e-9)
            assert row[f"{side}_high"] == pytest.approx(bounds.high, abs=1e-9)
            checked += 1
    assert checked > 250
