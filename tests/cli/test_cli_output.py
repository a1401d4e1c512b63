"""What the CLI prints reads right: totals per unit of money, typos refused with what
exists, exact money in CSV and JSON, counts in the singular for one, a status line
that fits the terminal, --version."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from pipeline.cli.app import app
from pipeline.reports.wording import counted
from pipeline.watch.watching import WatchStatus
from tests.cli.test_cli import runner


def _lines(text: str) -> list[str]:
    """stderr's own lines, without the warning a stale compiled build adds."""
    return [
        line
        for line in text.splitlines()
        if line.strip() and "install_guard" not in line and "RuntimeWarning" not in line
    ]


@pytest.mark.parametrize(
    ("option", "value", "named"),
    [
        ("--player", "Studdraw_Hero", "did you mean studdraw_hero?"),  # names are case-sensitive
        ("--player", "NoSuchPlayer", "studdraw_hero"),  # the players with most hands
        ("--game", "holdem", "razz"),
        ("--site", "pokerstar", "did you mean pokerstars (PokerStars)?"),
        ("--money", "dollars", "USD"),
        ("--stakes", "0.33", "0.2"),
        ("--limit", "nolimit", "did you mean no_limit"),
    ],
)
def test_a_typo_is_refused_in_one_line_saying_what_exists(
    sample_database: Path, option: str, value: str, named: str
) -> None:
    for command in (["stats"], ["export", "--out", "unused"]):
        result = runner().invoke(app, [*command, option, value, "--db", str(sample_database)])
        assert result.exit_code == 2, (command, result.stderr)
        (line,) = _lines(result.stderr)
        assert f"{value!r}" in line and named in line
        assert result.stdout == ""


def test_names_of_values_in_words_are_understood(sample_database: Path) -> None:
    words = ["--site", "PokerStars", "--game", "Razz", "--money", "usd", "--limit", "fixed limit"]
    result = runner().invoke(app, ["stats", *words, "--json", "--db", str(sample_database)])
    assert result.exit_code == 0, result.stderr
    (row,) = map(json.loads, result.stdout.splitlines())
    assert (row["site"], row["game"], row["unit"]) == ("pokerstars", "razz", "USD")


def test_stats_print_one_block_per_unit_never_a_sum_of_two(sample_database: Path) -> None:
    result = runner().invoke(app, ["stats", "--all-games", "--db", str(sample_database)])
    assert result.exit_code == 0, result.stderr
    assert "your stats as studdraw_hero" in result.stderr  # the hero by default
    with duckdb.connect(str(sample_database), read_only=True) as connection:
        nets = dict(
            connection.execute(
                "SELECT money_unit(h.money, h.currency), sum(hp.net) FROM hand_players AS hp "
                "JOIN hands AS h USING (site, hand_number) WHERE hp.player = 'studdraw_hero' "
                "GROUP BY ALL"
            ).fetchall()
        )
    assert set(nets) == {"USD", "tournament chips"}
    out = result.stdout
    dollars, chips = out.index("US dollars"), out.index("Tournament chips")
    dollar_block, chip_block = (
        (out[dollars:chips], out[chips:])
        if dollars < chips
        else (out[dollars:], out[chips:dollars])
    )
    assert f"${abs(nets['USD']):,.2f}" in dollar_block
    assert f"{abs(nets['tournament chips']):,.0f} chips" in chip_block
    assert "chips" not in dollar_block and "$" not in chip_block.replace("W$SD", "")
    summed = nets["USD"] + nets["tournament chips"]
    assert f"{abs(summed):,.2f}" not in out and f"{abs(summed):,.0f}" not in out


def test_csv_and_json_keep_money_exact_and_lists_as_json(sample_database: Path) -> None:
    sql = (
        "SELECT hand_number, amount, eligible, 0.1::DOUBLE + 0.2::DOUBLE AS ratio "
        "FROM pots WHERE pot_index = 0 ORDER BY hand_number LIMIT 3"
    )
    as_csv = runner().invoke(app, ["query", sql, "--csv", "--db", str(sample_database)])
    assert as_csv.exit_code == 0, as_csv.stderr
    rows = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert len(rows) == 3
    for row in rows:
        assert json.loads(row["eligible"]) and all(
            isinstance(n, str) for n in json.loads(row["eligible"])
        )
        assert row["ratio"] == "0.3"  # not 0.30000000000000004
        assert "." not in row["amount"] or not row["amount"].endswith("0")  # 1.2, not 1.2000
    as_json = runner().invoke(app, ["query", sql, "--json", "--db", str(sample_database)])
    assert as_json.exit_code == 0, as_json.stderr
    for line, row in zip(as_json.stdout.splitlines(), rows, strict=True):
        parsed = json.loads(line)
        assert isinstance(parsed["eligible"], list)
        assert f'"amount": {row["amount"]}' in line  # a number with the exact digits


def test_the_version_is_said() -> None:
    result = runner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.startswith("studdraw ")


def test_one_is_singular() -> None:
    assert counted(1, "folder") == "1 folder"
    assert counted(0, "hand") == "0 hands"
    assert counted(12_000, "hand") == "12,000 hands"
    assert counted(2, "tournament summary", "tournament summaries") == "2 tournament summaries"


@pytest.mark.parametrize("width", [40, 60, 80, 100, 200])
def test_the_watch_line_fits_the_terminal_and_keeps_its_figures(width: int) -> None:
    status = WatchStatus(
        folders=3,
        files=1_204,
        hands_today=12_345,
        rejected_today=2,
        last_hand=datetime(2026, 11, 28, 10, 22, 59, tzinfo=UTC),
    )
    line = status.line(width)
    assert len(line) < width
    assert "12,345" in line and "10:22:59" in line
    assert status.line().startswith("watching 1,204 files in 3 folders")


@pytest.fixture(scope="module")
def multi_unit_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.support.multi_unit import build_multi_unit_database

    return build_multi_unit_database(tmp_path_factory.mktemp("units") / "units.duckdb")


def test_every_cli_total_of_five_units_is_its_own(multi_unit_database: Path) -> None:
    """Dollars, pounds, euros, play money and tournament chips of one player's two
    names: `stats` (JSON and its blocks) gives each name and unit its own sum, as the
    stored hands add up; `query` on hero_player_hands each unit's, a hand once."""
    from tests.support.multi_unit import HEROES, UNITS, truth

    with duckdb.connect(str(multi_unit_database), read_only=True) as connection:
        per_hand = truth(connection)
        stored = {
            (player, unit): (hands, net)
            for player, unit, hands, net in connection.execute(
                "SELECT hp.player, CASE h.money WHEN 'tournament' THEN 'tournament chips' "
                "WHEN 'play' THEN 'play money' ELSE h.currency END, count(*), sum(hp.net) "
                "FROM hand_players AS hp JOIN hands AS h USING (site, hand_number) "
                "WHERE list_contains(?, hp.player) GROUP BY ALL",
                [list(HEROES)],
            ).fetchall()
        }
    assert set(per_hand) == set(UNITS) == {unit for _player, unit in stored}
    db = ["--db", str(multi_unit_database)]
    as_json = runner().invoke(app, ["stats", "--all-games", "--json", *db])
    assert as_json.exit_code == 0, as_json.stderr
    shown: dict[tuple[str, str], tuple[int, Decimal]] = {}
    for row in map(json.loads, as_json.stdout.splitlines()):
        hands, net = shown.get((row["player"], row["unit"]), (0, Decimal(0)))
        shown[row["player"], row["unit"]] = (
            hands + row["hands"],
            net + Decimal(str(row["net_won"])),
        )
    assert shown == stored
    blocks = runner().invoke(app, ["stats", "--all-games", *db])
    assert blocks.exit_code == 0, blocks.stderr
    headings = ("US dollars", "Pounds sterling", "Euros", "Play money")
    for heading in (*headings, "Tournament chips"):
        assert blocks.stdout.count(heading) == 1, heading
    sql = f"SELECT unit, sum(net) AS net FROM hero_player_hands({list(HEROES)}) GROUP BY unit"
    queried = runner().invoke(app, ["query", sql, "--json", *db])
    got = {r["unit"]: Decimal(str(r["net"])) for r in map(json.loads, queried.stdout.splitlines())}
    assert got == {unit: net for unit, (_hands, net) in per_hand.items()}
    for unit in UNITS:  # one unit chosen: its rows alone
        one = runner().invoke(app, ["stats", "--all-games", "--money", unit, "--json", *db])
        assert {json.loads(line)["unit"] for line in one.stdout.splitlines()} == {unit}


def test_a_stat_block_shows_what_the_game_gives_and_each_rate_its_sample(
    sample_database: Path,
) -> None:
    """Badugi has three draws and no bring-in: no "Saw rd 5" or "Bring-in complete" row
    with nothing in it; the win rate's sample is the hands; the all-in adjusted net, an
    expectation, to the cent."""
    result = runner().invoke(app, ["stats", "--game", "badugi", "--db", str(sample_database)])
    assert result.exit_code == 0, result.stderr
    rows = {
        cells[0]: cells[1:]
        for line in result.stdout.splitlines()
        if len(cells := [cell.strip() for cell in line.split("│")[1:-1]]) == 3
    }
    assert "Saw rd 4 %" in rows and "Saw rd 5 %" not in rows
    assert "Bring-in complete %" not in rows and "Steal %" not in rows
    hands = rows["Hands"][0]
    assert rows["BB/100"][1] == hands and rows["All-in adj. BB/100"][1] == hands
    assert re.fullmatch(r"[+-]\$\d[\d,]*\.\d\d", rows["All-in adj. net"][0])
