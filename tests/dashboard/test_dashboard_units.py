"""Money is never added across units (issue 47): one player's dollars, pounds, euros,
play money and tournament chips (tests/support/multi_unit.py), every total on the Overview,
Stats and Opponents pages per unit, equal to what the SQL sums, written with its unit;
tournament money from buy-ins and prizes; every header in words."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.money import CHIPS, format_money, unit_key
from tests.conftest import HANG_SECONDS, REPO
from tests.support.multi_unit import HEROES, UNITS, build_multi_unit_database, truth

APP = REPO / "dashboard" / "app.py"


@pytest.fixture(scope="module")
def multi_unit_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_multi_unit_database(tmp_path_factory.mktemp("units") / "units.duckdb")


@pytest.fixture
def app(multi_unit_database: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("STUDDRAW_DB", str(multi_unit_database))
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.radio(key="filter_money").set_value("All").run()
    return at


@pytest.fixture(scope="module")
def sums(multi_unit_database: Path) -> dict[str, tuple[int, Decimal]]:
    with duckdb.connect(str(multi_unit_database), read_only=True) as connection:
        found = truth(connection)
    assert set(found) == set(UNITS)  # the database holds every unit
    return found  # type: ignore[return-value]


def _no_exceptions(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _table(at: AppTest, key: str):
    node = at.get_by_key(key)
    return (node if node.type == "dataframe" else node.dataframe[0]).value


def _headers_in_words(at: AppTest) -> None:
    """No table shows a raw column name: every column shown has a label in words."""
    for frame in at.dataframe:
        config = json.loads(frame.proto.columns)
        shown = [
            name for name in frame.value.columns if config.get(name, {}).get("hidden") is not True
        ]
        for name in shown:
            label = config.get(name, {}).get("label") or name
            assert not re.search(r"[a-z]_[a-z]", label), (name, label)


def _block_metrics(at: AppTest, unit: str) -> dict[str, str]:
    block = at.get_by_key(f"overview_block_{unit_key(unit)}")
    return {m.label: m.value for m in block.get("metric")}


def test_the_sidebar_offers_the_names_with_their_sites_and_keeps_the_users_set(
    app: AppTest,
) -> None:
    _no_exceptions(app)
    heroes = app.multiselect(key="filter_heroes")
    assert heroes.value == list(HEROES)  # the set remembered in the database
    labels = [heroes.format_func(option) for option in heroes.options]
    assert any(re.fullmatch(r"Hero — PokerStars, .+, \d+ hands", label) for label in labels)


def test_the_overview_shows_a_block_per_unit_equal_to_the_sql(
    app: AppTest, sums: dict[str, tuple[int, Decimal]]
) -> None:
    _no_exceptions(app)
    for unit, (hands, net) in sums.items():
        key = unit_key(unit)
        shown = _block_metrics(app, unit)
        assert shown["Hands"] == f"{hands:,}", unit
        net_label = "Chips won in hands" if unit == CHIPS else "Net won"
        assert shown[net_label] == format_money(net, unit, signed=True), unit
        for table in ("by_game", "by_stakes", "by_name"):
            rows = _table(app, f"overview_{table}_{key}")
            assert rows["hands"].sum() == hands, (unit, table)
            assert sum(Decimal(str(v)) for v in rows["net_won"]) == net, (unit, table)
        assert len(app.get_by_key(f"overview_graph_{key}").children) == 1
    # the tournaments in money: buy-ins and prizes of the finished ones, never chips
    metrics = app.get_by_key("overview_tournament_money").get("metric")
    money = {m.label: m.value for m in metrics[:4]}  # a row per buy-in currency
    # three in dollars, two with a known result (the Triple Stud MTT still runs)
    assert metrics[0].label == "Tournaments in US dollars" and metrics[0].value == "2 of 3"
    assert money["Buy-ins"] == "$2.70" and money["Prizes"] == "$1.60"
    assert money["Tournament net"] == "-$1.10"
    _headers_in_words(app)

    # one unit picked in the sidebar: its block alone
    app.selectbox(key="filter_unit").select("EUR").run()
    assert [m.label for m in app.metric].count("Hands") == 1
    assert _block_metrics(app, "EUR")["Net won"] == format_money(sums["EUR"][1], "EUR", True)


def test_the_stats_page_gives_each_unit_its_table(
    app: AppTest, sums: dict[str, tuple[int, Decimal]], multi_unit_database: Path
) -> None:
    """The stat set per unit: each name's player_stats row of that unit added up (the
    macro counts a player's decisions: a hand two of the names played counts for each,
    and the page says how many such hands there are)."""
    with duckdb.connect(str(multi_unit_database), read_only=True) as connection:
        macro = {
            unit: (hands, net)
            for unit, hands, net in connection.execute(
                "SELECT unit, CAST(sum(hands) AS BIGINT), sum(net_won) FROM ("
                + " UNION ALL ".join(
                    f"SELECT * FROM player_stats(player := ${i}, by_game := false)"
                    for i in range(1, len(HEROES) + 1)
                )
                + ") GROUP BY unit",
                list(HEROES),
            ).fetchall()
        }
        (shared,) = connection.execute(
            "SELECT count(*) FROM (SELECT 1 FROM player_hands WHERE list_contains($1, player) "
            "GROUP BY site, hand_number HAVING count(*) > 1)",
            [list(HEROES)],
        ).fetchone()
    app.switch_page("views/stats.py").run()
    _no_exceptions(app)
    # two of the names sat at one table: each name apart at first ...
    assert app.toggle(key="stats_per_name").value is True
    chips = _table(app, f"stats_results_{unit_key(CHIPS)}")
    every_game = chips[chips["game"] == "All games"]
    assert set(every_game["player"]) == set(HEROES)
    assert every_game["hands"].sum() == macro[CHIPS][0]
    _headers_in_words(app)
    # ... and together on request, saying which hands count twice
    app.toggle(key="stats_per_name").set_value(False).run()
    for unit, (hands, net) in sums.items():
        macro_hands, macro_net = macro[unit]
        results = _table(app, f"stats_results_{unit_key(unit)}")
        assert results["game"].iloc[0] == "All games"
        assert results["hands"].iloc[0] == macro_hands, unit
        assert Decimal(str(results["net_won"].iloc[0])) == macro_net, unit
        assert results["hands"].iloc[1:].sum() == macro_hands  # its games add up to it
        if unit != CHIPS:
            assert (macro_hands, macro_net) == (hands, net)  # no name sat with another
    assert shared == sums_shared(macro, sums) > 0
    assert any(f"{shared:,} hands had two of these names" in c.value for c in app.caption)
    _headers_in_words(app)


def sums_shared(macro: dict, sums: dict) -> int:
    """Hands counted twice by the per-name stats: the macro's hands less the hands."""
    return sum(macro[unit][0] - sums[unit][0] for unit in sums)


def test_the_opponents_page_shows_one_unit_at_a_time(
    app: AppTest, sums: dict[str, tuple[int, Decimal]], multi_unit_database: Path
) -> None:
    with duckdb.connect(str(multi_unit_database), read_only=True) as connection:
        their_nets = dict(
            connection.execute(
                "SELECT h.unit, sum(o.net) FROM hero_player_hands($heroes) AS h "
                "JOIN player_hands AS o USING (site, hand_number) "
                "WHERE NOT list_contains($heroes, o.player) GROUP BY h.unit",
                {"heroes": list(HEROES)},
            ).fetchall()
        )
    assert set(their_nets) == set(sums)
    app.switch_page("views/opponents.py").run()
    _no_exceptions(app)
    app.number_input(key="opponents_min_hands").set_value(1).run()
    assert app.radio(key="opponents_unit").value == CHIPS  # the most hands first
    for unit, their_net in their_nets.items():
        app.radio(key="opponents_unit").set_value(unit).run()
        _no_exceptions(app)
        table = _table(app, "opponents_table")
        assert sum(Decimal(str(v)) for v in table["their_net"]) == their_net, unit
    _headers_in_words(app)


def test_the_stakes_filter_names_the_games_played_at_each_stake(app: AppTest) -> None:
    _no_exceptions(app)
    stakes = app.selectbox(key="filter_stakes")
    labels = [stakes.format_func(option) for option in stakes.options[1:]]
    # PokerStars' stud and razz both at $0.04/$0.08: one choice, both games named
    assert any("$0.04/$0.08" in label and "7 Card Stud" in label for label in labels), labels
    assert all(label.endswith(")") for label in labels), labels
