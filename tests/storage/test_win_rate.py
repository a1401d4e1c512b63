"""How sure a win rate is (issue 52, point 2): every BB/100 comes with its standard
deviation per 100 hands and its 95% interval (normal approximation on the per-hand
results in big bets, docs/stats.md).

The SQL is held to a Python computation (statistics.stdev) on imported hands, and to
a simulation whose true win rate and SD are known: the interval must cover the true rate
about 95% of the time, and the SD must come out as the true one.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import re
import statistics
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import duckdb
import polars as pl
import pytest

from pipeline.cli.app import app
from pipeline.storage.database import Database
from pipeline.storage.stats import STATS_SQL, sync_day_counts
from pipeline.storage.win_rate import (
    INTERVAL_HANDS,
    halving_sentence,
    hands_to_halve,
    interval_text,
)
from tests.cli.test_cli import runner

HERO = "studdraw_hero"
RATES = ("big_bets_per_100", "ev_big_bets_per_100")
SPREAD = ("_low", "_high", "_sd")


def _expected(results: list[float]) -> dict[str, float | None]:
    """A win rate over `results` (big bets a hand) with its SD per 100 hands and 95%
    interval, by the formula docs/stats.md states."""
    rate = 100 * statistics.fmean(results)
    if len(results) < INTERVAL_HANDS:
        return {"": rate, "_low": None, "_high": None, "_sd": None}
    sd_per_100 = 10 * statistics.stdev(results)
    half = 1.96 * sd_per_100 / math.sqrt(len(results) / 100)
    return {"": rate, "_low": rate - half, "_high": rate + half, "_sd": sd_per_100}


def _check(row: dict[str, Any], rate: str, results: list[float]) -> None:
    for suffix, expected in _expected(results).items():
        got = row[rate + suffix]
        if expected is None:
            assert got is None, rate + suffix
        else:
            assert got == pytest.approx(expected, rel=1e-9, abs=1e-9), rate + suffix


def _hero_results(database: Path, by: str = "") -> dict[tuple[Any, ...], dict[str, list[float]]]:
    """The hero's results in big bets, hand by hand, per (unit, game) and per unit
    (game 'all'), or per (unit, game, `by`), read from the imported tables (not from the
    stats' facts): exact decimals divided in Python."""
    with duckdb.connect(str(database), read_only=True) as connection:
        rows = connection.execute(
            "SELECT money_unit(h.money, h.currency), h.game, hp.net, hp.ev_net, h.big_unit, "
            f"{by or 'NULL'} FROM hand_players AS hp JOIN hands AS h USING (site, hand_number) "
            "WHERE hp.player = ? AND h.big_unit IS NOT NULL",
            [HERO],
        ).fetchall()
    results: dict[tuple[Any, ...], dict[str, list[float]]] = defaultdict(
        lambda: {rate: [] for rate in RATES}
    )
    for unit, game, net, ev_net, big_unit, extra in rows:
        assert isinstance(net, Decimal) and isinstance(big_unit, Decimal)
        for key in [(unit, game, extra)] if by else [(unit, game), (unit, "all")]:
            results[key]["big_bets_per_100"].append(float(net / big_unit))
            results[key]["ev_big_bets_per_100"].append(float(ev_net / big_unit))
    return results


def test_the_interval_and_sd_are_the_hands_own(sample_database: Path) -> None:
    """player_stats' spread of each win rate, per game and over every game, is the one
    Python finds from the same hands (statistics.stdev, the sample SD)."""
    results = _hero_results(sample_database)
    with duckdb.connect(str(sample_database), read_only=True) as connection:
        per_game = connection.sql(f"SELECT * FROM player_stats(player := '{HERO}')").pl()
        overall = connection.sql(
            f"SELECT * FROM player_stats(player := '{HERO}', by_game := false)"
        ).pl()
    rows = [*per_game.iter_rows(named=True), *overall.iter_rows(named=True)]
    assert len(rows) == len(results) == 11  # 8 cash games, razz in chips, 2 units
    for row in rows:
        hands = results[row["unit"], row["game"] or "all"]
        assert row["hands"] == len(hands["big_bets_per_100"])
        for rate in RATES:
            _check(row, rate, hands[rate])
    dollars = next(r for r in overall.iter_rows(named=True) if r["unit"] == "USD")
    assert dollars["big_bets_per_100_low"] < dollars["big_bets_per_100"]
    assert dollars["big_bets_per_100"] < dollars["big_bets_per_100_high"]


def test_the_overview_has_the_same_intervals(
    sample_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Overview's totals, by game, by stakes and by session (its own queries over
    the hero's hands) carry the same intervals and SDs as player_stats."""
    from dashboard.hand_filters import Filters
    from dashboard.queries.overview import overview

    monkeypatch.setenv("STUDDRAW_DB", str(sample_database))
    results = _hero_results(sample_database)
    numbers = overview(Filters(heroes=(HERO,)))
    for row in numbers.totals.iter_rows(named=True):
        hands = results[row["unit"], "all"]
        assert row["rated_hands"] == len(hands["big_bets_per_100"])
        for rate in RATES:
            _check(row, rate, hands[rate])
    for row in numbers.by_game.iter_rows(named=True):
        for rate in RATES:
            _check(row, rate, results[row["unit"], row["game"]][rate])
    for row in numbers.sessions.iter_rows(named=True):  # its hands: those of its time
        during = (
            f"CASE WHEN money_unit(h.money, h.currency) = '{row['unit']}' AND "
            f"timezone('UTC', h.started_at) BETWEEN '{row['started']}' AND '{row['last_hand']}'"
            " THEN 'yes' END"
        )
        hands = [
            result
            for key, results in _hero_results(sample_database, by=during).items()
            if key[2] == "yes"  # every game of the session
            for result in results["big_bets_per_100"]
        ]
        assert row["hands"] == len(hands)
        _check(row, "big_bets_per_100", hands)
    by_stakes = _hero_results(sample_database, by="h.big_unit")
    assert len(numbers.by_stakes) > len(numbers.by_game)  # the tournament's levels
    for row in numbers.by_stakes.iter_rows(named=True):
        for rate in RATES:
            _check(row, rate, by_stakes[row["unit"], row["game"], row["big_unit"]][rate])


# ------------------------------------------------------------- a known win rate

# One hand's result in big bets, as a stud player's hands go: mostly the ante or the
# bring-in lost, sometimes a few bets lost, now and then a pot won. The true win rate
# and SD are worked out exactly from this table, not estimated.
_SHAPE = ((-0.05, 55), (-0.5, 17), (-2.0, 12), (-5.0, 5), (1.5, 6), (4.0, 3), (12.0, 2))
REPETITIONS = 400
HANDS = 2_000


def _distribution() -> tuple[list[Decimal], list[int], Fraction, Fraction]:
    """The shape above moved and stretched to a true mean of 0.05 big bets a hand (5
    BB/100) and SD 2.5, then rounded to the 4 places the database keeps; returns the
    values, their weights, and the rounded table's exact mean and variance."""
    weights = [w for _, w in _SHAPE]
    total = sum(weights)
    mean = sum(Fraction(v) * w for v, w in _SHAPE) / total
    variance = sum((Fraction(v) - mean) ** 2 * w for v, w in _SHAPE) / total
    scale = 2.5 / math.sqrt(variance)
    values = [
        Decimal(0.05 + (v - float(mean)) * scale).quantize(Decimal("0.0001")) for v, _ in _SHAPE
    ]
    true_mean = sum(Fraction(v) * w for v, w in zip(values, weights, strict=True)) / total
    true_variance = (
        sum((Fraction(v) - true_mean) ** 2 * w for v, w in zip(values, weights, strict=True))
        / total
    )
    return values, weights, true_mean, true_variance


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """REPETITIONS players of HANDS hands each, drawn with a fixed seed from a known
    distribution, stored as the facts player_stats reads (big bet 1, so net is big
    bets); their player_stats rows, with the truth."""
    values, weights, true_mean, true_variance = _distribution()
    rng = random.Random(52)
    players, nets = [], []
    for repetition in range(REPETITIONS):
        players += [f"p{repetition:03d}"] * HANDS
        nets += rng.choices(values, weights, k=HANDS)
    # and small samples whose answer is known by hand: +1 and -1 big bet in turn
    for name, hands in (("one hand", 1), ("two hands", 2), ("29 hands", 29), ("30 hands", 30)):
        players += [name] * hands
        nets += [Decimal(3)] if hands == 1 else [Decimal(1 - 2 * (i % 2)) for i in range(hands)]
    facts = pl.DataFrame(
        {
            "site": "simulated",
            "hand_number": [str(i) for i in range(len(nets))],
            "player": players,
            "game": "razz",
            "limit_kind": "fixed_limit",
            "big_unit": Decimal(1),
            "money": "real",
            "currency": "USD",
            "net": nets,
        },
        schema_overrides={"net": pl.Decimal(18, 4), "big_unit": pl.Decimal(18, 4)},
    ).with_columns(ev_net=pl.col("net"))
    path = tmp_path_factory.mktemp("win_rate") / "simulated.duckdb"
    with Database(path) as database:
        connection = database.connection
        connection.register("simulated_facts", facts)
        connection.execute(
            "INSERT INTO player_hand_facts BY NAME SELECT * FROM simulated_facts"
        ).fetchall()
        sync_day_counts(connection)  # facts written by hand: their counts made again
        stats = connection.sql("SELECT * FROM player_stats() ORDER BY player").pl()
    return {
        "rows": {row["player"]: row for row in stats.iter_rows(named=True)},
        "rate": float(100 * true_mean),
        "sd": 10 * math.sqrt(true_variance),
    }


def test_the_interval_covers_a_known_win_rate_95_times_in_100(simulated: dict[str, Any]) -> None:
    """400 players of 2,000 hands, each truly winning 5 BB/100 with an SD of 25 BB per
    100 hands (skewed as real results are): about 95% of their intervals hold 5."""
    assert simulated["rate"] == pytest.approx(5, abs=0.01)
    assert simulated["sd"] == pytest.approx(25, abs=0.01)
    rows = [row for name, row in simulated["rows"].items() if name.startswith("p")]
    assert len(rows) == REPETITIONS and {row["hands"] for row in rows} == {HANDS}
    covered = sum(
        row["big_bets_per_100_low"] <= simulated["rate"] <= row["big_bets_per_100_high"]
        for row in rows
    )
    coverage = covered / REPETITIONS
    print(f"coverage {coverage:.1%} of {REPETITIONS}, true rate {simulated['rate']:.4f}")
    assert 0.90 <= coverage <= 0.99, coverage
    # the interval's half width is 1.96 SDs of the mean: 1.96 x 25 / sqrt(20) = 10.96
    widths = [(row["big_bets_per_100_high"] - row["big_bets_per_100_low"]) / 2 for row in rows]
    assert statistics.fmean(widths) == pytest.approx(1.96 * 25 / math.sqrt(20), rel=0.02)
    # the all-in adjusted rate is the same here (no all-in): the same intervals
    assert all(row["ev_big_bets_per_100_low"] == row["big_bets_per_100_low"] for row in rows)


def test_the_sd_comes_out_as_the_true_one(simulated: dict[str, Any]) -> None:
    rows = [row for name, row in simulated["rows"].items() if name.startswith("p")]
    errors = [row["big_bets_per_100_sd"] / simulated["sd"] - 1 for row in rows]
    assert abs(statistics.fmean(errors)) < 0.01  # no bias worth the name
    assert statistics.median(abs(e) for e in errors) < 0.05  # each within a few %
    print(
        f"SD: mean error {statistics.fmean(errors):+.2%}, median |error| "
        f"{statistics.median(abs(e) for e in errors):.2%}, 95th percentile "
        f"{sorted(abs(e) for e in errors)[int(0.95 * REPETITIONS)]:.2%}"
    )
    assert sorted(abs(e) for e in errors)[int(0.95 * REPETITIONS)] < 0.12


def test_small_samples(simulated: dict[str, Any]) -> None:
    """Under INTERVAL_HANDS hands a rate gets no SD and no interval (two hands of +1 and
    -1 would claim +-196, four folds of the ante +-0). At 30 hands of +1 and -1 big bet in
    turn: a hand's SD is sqrt(30 / 29), 10.17 per 100 hands; the interval is
    0 +- 1.96 x 100 x sqrt(30 / 29) / sqrt(30) = +-196 / sqrt(29)."""
    sql_minimum = re.search(r"MACRO stat_interval_hands\(\) AS (\d+);", STATS_SQL.read_text())
    assert sql_minimum and int(sql_minimum[1]) == INTERVAL_HANDS == 30  # the words' minimum
    one = simulated["rows"]["one hand"]
    assert one["big_bets_per_100"] == 300
    for name in ("one hand", "two hands", "29 hands"):
        row = simulated["rows"][name]
        assert [row[f"big_bets_per_100{s}"] for s in SPREAD] == [None, None, None], name
    thirty = simulated["rows"]["30 hands"]
    assert thirty["big_bets_per_100"] == 0
    assert thirty["big_bets_per_100_sd"] == pytest.approx(10 * math.sqrt(30 / 29))
    assert thirty["big_bets_per_100_low"] == pytest.approx(-196 / math.sqrt(29))
    assert thirty["big_bets_per_100_high"] == pytest.approx(196 / math.sqrt(29))


def test_the_words() -> None:
    assert interval_text(5.234, -1.2, 11.668) == "+5.23 ±6.43 (95%: -1.20 to +11.67)"
    assert interval_text(300.0, None, None) == "+300.00"
    assert interval_text(None, None, None) == ""
    assert hands_to_halve(1_600) == 4_800  # 4 times the hands: half the width
    assert halving_sentence(1_600, -42.78, -5.38) == (
        "About 4,800 more hands would halve this interval (to ±9.35)."
    )
    assert "no interval" in halving_sentence(1, None, None)


# ----------------------------------------------------------------------------- CLI


def test_the_cli_shows_the_interval_and_writes_its_columns(sample_database: Path) -> None:
    where = ["--game", "razz", "--money", "USD", "--db", str(sample_database)]
    as_json = runner().invoke(app, ["stats", *where, "--json"])
    assert as_json.exit_code == 0, as_json.stderr
    (row,) = map(json.loads, as_json.stdout.splitlines())
    _check(
        row, "big_bets_per_100", _hero_results(sample_database)["USD", "razz"]["big_bets_per_100"]
    )
    columns = list(row)
    for rate in RATES:  # each rate followed by its interval and SD
        start = columns.index(rate)
        assert columns[start : start + 4] == [rate, *(rate + s for s in SPREAD)]

    as_csv = runner().invoke(app, ["stats", *where, "--csv"])
    assert as_csv.exit_code == 0, as_csv.stderr
    (line,) = csv.DictReader(io.StringIO(as_csv.stdout))
    assert float(line["big_bets_per_100_high"]) == pytest.approx(row["big_bets_per_100_high"])

    shown = runner().invoke(app, ["stats", *where])
    assert shown.exit_code == 0, shown.stderr
    rate, low, high, sd = (row["big_bets_per_100" + s] for s in ("", *SPREAD))
    text = interval_text(rate, low, high)
    assert text.startswith("-5.71 ±26.66 (95%: -32.37 to +20.95)")  # razz: 200 hands
    lines = shown.stdout.splitlines()
    assert any("BB/100 " in ln and text in ln for ln in lines), shown.stdout
    assert any("BB/100 SD" in ln and f"{sd:,.2f}" in ln for ln in lines), shown.stdout
    assert "95% low" not in shown.stdout  # the interval's ends are on the rate's line


def test_the_sql_consoles_example_uses_the_macros(sample_database: Path) -> None:
    """The SQL console's example query gives a stake's interval as player_stats does."""
    from dashboard.console import EXAMPLES

    sql = EXAMPLES["Win rate with its 95% interval, by stakes"].replace("{hero}", HERO)
    with duckdb.connect(str(sample_database), read_only=True) as connection:
        rows = connection.sql(sql).pl().filter(pl.col("game") == "razz", pl.col("unit") == "USD")
        (expected,) = (
            connection.sql(
                f"SELECT * FROM player_stats(player := '{HERO}', game := 'razz', unit := 'USD')"
            )
            .pl()
            .iter_rows(named=True)
        )
    (row,) = rows.iter_rows(named=True)
    assert row["hands"] == expected["hands"] == 200
    assert row["low_95"] == round(expected["big_bets_per_100_low"], 2)
    assert row["high_95"] == round(expected["big_bets_per_100_high"], 2)
    assert row["sd_per_100"] == round(expected["big_bets_per_100_sd"], 1)
