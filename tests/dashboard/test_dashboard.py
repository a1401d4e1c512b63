"""The dashboard's pages, driven through Streamlit's AppTest on the sample database.

AppTest runs the real app script (dashboard/app.py, its navigation and its pages) in
this process and exposes every element and widget; it renders no pixels, so the
replayer's table is read as the HTML it hands to `st.html`.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import time
import zipfile
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import duckdb
import pandas as pd
import polars as pl
import pytest
from streamlit.testing.v1 import AppTest

from dashboard import connection
from pipeline.storage.database import retry_while_locked
from pipeline.storage.stats import STAT_DEFINITIONS
from tests.conftest import HANG_SECONDS, REPO

pytestmark = pytest.mark.slow  # every page through Streamlit's AppTest

APP = REPO / "dashboard" / "app.py"
SAMPLES = REPO / "sample_histories" / "PokerStars" / "HandHistory" / "studdraw_hero"
STUD_HAND = "260260056045"  # 7 Card Stud, goes to a showdown on 7th street
TRIPLE_DRAW_HAND = "310290093148"  # 2-7 triple draw, three draws, ends on a fold


@pytest.fixture
def app(sample_database: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("STUDDRAW_DB", str(sample_database))
    return AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def metrics(at: AppTest, label: str) -> list[str]:
    """The metric `label` of every block (one per unit of money), in order."""
    return [m.value for m in at.metric if m.label == label]


def table(at: AppTest, key: str) -> pd.DataFrame:
    """The rows of the table drawn in the container (or selectable table) `key`."""
    node = at.get_by_key(key)
    frame = node if node.type == "dataframe" else node.dataframe[0]
    return frame.value


def every_hand(at: AppTest) -> None:
    """Cash and tournament hands together (the sidebar starts with the main kind only)."""
    at.radio(key="filter_money").set_value("All").run()


def no_exceptions(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


# ---------------------------------------------------------------------------- overview
def test_overview_shows_the_heros_results_and_filters_change_them(app: AppTest) -> None:
    no_exceptions(app)
    assert app.multiselect(key="filter_heroes").value == ["studdraw_hero"]
    # cash and tournament money are not added up: the main kind (1,600 cash hands) first
    assert app.radio(key="filter_money").value == "Cash"
    assert metrics(app, "Hands") == ["1,600"]
    app.radio(key="filter_money").set_value("All").run()
    # dollars and tournament chips: a block each, never added
    assert metrics(app, "Hands") == ["1,600", "200"]
    by_game = table(app, "overview_by_game_usd")
    assert by_game["hands"].sum() == 1600 and len(by_game) == 8
    assert table(app, "overview_by_game_tournament_chips")["hands"].sum() == 200
    assert len(app.get_by_key("overview_graph_usd").children) == 1  # the results graph

    app.selectbox(key="filter_game").select("razz").run()
    assert metrics(app, "Hands") == ["200", "200"]
    assert list(table(app, "overview_by_game_usd")["game"]) == ["Razz"]

    app.radio(key="filter_money").set_value("Tournament").run()
    assert metric(app, "Hands") == "200"  # the razz tournament
    app.radio(key="filter_money").set_value("Cash").run()
    assert metric(app, "Hands") == "200"  # the $1/$2 razz table

    app.selectbox(key="filter_game").select(None).run()
    app.selectbox(key="filter_period").select("Last day played").run()
    later = int(metric(app, "Hands").replace(",", ""))
    assert 0 < later < 1600  # the samples run past midnight UTC
    app.selectbox(key="filter_period").select("Custom").run()
    first, _last = app.date_input(key="filter_dates").value
    app.date_input(key="filter_dates").set_value((first, first)).run()
    assert int(metric(app, "Hands").replace(",", "")) == 1600 - later
    no_exceptions(app)


def test_overview_sessions_and_stakes(app: AppTest) -> None:
    every_hand(app)
    sessions = table(app, "overview_sessions_usd")
    assert sessions["hands"].sum() == 1600  # every hand is in one session or another
    assert table(app, "overview_sessions_tournament_chips")["hands"].sum() == 200
    stakes = table(app, "overview_by_stakes_usd")
    assert "Razz $1.00/$2.00" in set(stakes["stakes"])  # the game named with its stakes
    assert stakes["hands"].sum() == 1600
    assert len(set(stakes["stakes"])) == len(stakes)


def test_overview_says_how_sure_each_win_rate_is(app: AppTest) -> None:
    """Issue 52, point 2: the win rate's 95% interval and SD per 100 hands under the
    totals, how many more hands would halve the interval, and the interval of every
    game and stake in its table (the numbers: tests/storage/test_win_rate.py)."""
    no_exceptions(app)
    (said,) = (c.value for c in app.get_by_key("overview_win_rate_usd").caption)
    assert said == (
        "Win rate -24.07 BB/100, 95% interval -42.78 to -5.37 (±18.71): all of it below "
        "zero. SD 38.2 big bets per 100 hands. About 4,800 more hands would halve this "
        "interval (to ±9.35)."
    )
    (adjusted,) = (c.value for c in app.get_by_key("overview_adjusted_win_rate_usd").caption)
    assert adjusted.startswith("All-in adjusted win rate -24.14 BB/100, 95% interval -42.82")
    (rate,) = (m for m in app.metric if m.label == "Big bets / 100")
    assert rate.value == "-24.07" and "95% interval -42.78 to -5.37" in rate.proto.help
    for key in ("overview_by_game_usd", "overview_by_stakes_usd"):
        rows = table(app, key)
        columns = list(rows.columns)
        _win_rate_then_its_interval(columns)
        assert "ev_big_bets_per_100_low" in columns
        assert (rows["big_bets_per_100_low"] < rows["big_bets_per_100"]).all()
        assert (rows["big_bets_per_100"] < rows["big_bets_per_100_high"]).all()
    every_hand(app)  # the tournament's 200 hands: 600 more halve theirs
    (chips,) = (c.value for c in app.get_by_key("overview_win_rate_tournament_chips").caption)
    assert "About 600 more hands would halve this interval" in chips
    app.selectbox(key="filter_game").select("razz").run()  # razz cash: -32.37 to +20.95
    (razz,) = (c.value for c in app.get_by_key("overview_win_rate_usd").caption)
    assert "(±26.66): zero is inside it, so these hands do not yet tell a winning" in razz


def _win_rate_then_its_interval(columns: list[str]) -> None:
    """Each table shows the win rate, then its 95% interval's ends and its SD."""
    start = columns.index("big_bets_per_100")
    assert columns[start : start + 4] == [
        "big_bets_per_100",
        "big_bets_per_100_low",
        "big_bets_per_100_high",
        "big_bets_per_100_sd",
    ]


def test_without_a_hero_the_overview_says_so(app: AppTest) -> None:
    app.multiselect(key="filter_heroes").set_value([]).run()
    assert any("No hero selected" in info.value for info in app.info)


# ------------------------------------------------------------------------------- stats
def _help_of(at: AppTest, key: str) -> dict[str, str]:
    """Column -> hover help, from the table's column configuration."""
    columns = json.loads(at.get_by_key(key).dataframe[0].proto.columns)
    return {name: config.get("help", "") for name, config in columns.items()}


def test_stats_show_the_stat_set_with_samples_and_definitions(app: AppTest) -> None:
    every_hand(app)
    app.switch_page("views/stats.py").run()
    no_exceptions(app)
    results = table(app, "stats_results_usd")
    assert results["game"].iloc[0] == "All games"
    assert results["hands"].iloc[0] == 1600
    assert table(app, "stats_results_tournament_chips")["hands"].iloc[0] == 200
    first_round = table(app, "stats_first_round_usd")
    columns = list(first_round.columns)
    assert columns.index("vpip_n") == columns.index("vpip_pct") + 1  # sample beside rate
    helps = _help_of(app, "stats_first_round_usd")
    assert helps["vpip_pct"] == STAT_DEFINITIONS["vpip_pct"]
    assert helps["steal_n"] == STAT_DEFINITIONS["steal_n"]

    _win_rate_then_its_interval(list(results.columns))
    assert results["big_bets_per_100_low"].iloc[0] == pytest.approx(-42.7815, abs=1e-4)
    assert results["big_bets_per_100_sd"].iloc[0] == pytest.approx(38.1784, abs=1e-4)
    helps = _help_of(app, "stats_results_usd")
    assert helps["ev_big_bets_per_100_high"] == STAT_DEFINITIONS["ev_big_bets_per_100_high"]

    app.selectbox(key="filter_game").select("badugi").run()
    results = table(app, "stats_results_usd")
    assert list(results["hands"]) == [200, 200]  # all games (= badugi), badugi


def test_stats_for_any_player(app: AppTest) -> None:
    every_hand(app)
    app.switch_page("views/stats.py").run()
    app.radio(key="stats_who").set_value("Another player").run()
    app.text_input(key="stats_search").input("kestrel").run()
    assert app.selectbox(key="stats_player").value == "Kestrel99 (PokerStars)"
    results = table(app, "stats_results_usd")
    assert results["hands"].iloc[0] == _kestrel_hands("USD")  # hero present or not
    assert any(s.value == "Kestrel99" for s in app.subheader)


def test_grouped_screen_names_combine_exactly(sample_database: Path, monkeypatch) -> None:
    """The dashboard adds several rows of player_stats into one; the sum over games must
    equal the macro's own by_game := false row, stat by stat, in each unit of money."""
    from dashboard.hand_filters import Filters
    from dashboard.queries.player_stats import player_stats

    monkeypatch.setenv("STUDDRAW_DB", str(sample_database))
    combined = player_stats(["studdraw_hero"], Filters()).filter(pl.col("game") == "all")
    con = duckdb.connect(str(sample_database), read_only=True)
    try:
        truth = con.sql(
            "SELECT * FROM player_stats(player := 'studdraw_hero', by_game := false) "
            "ORDER BY hands DESC"
        ).pl()
    finally:
        con.close()
    assert combined["unit"].to_list() == truth["unit"].to_list() == ["USD", "tournament chips"]
    for mine, expected_row in zip(
        combined.iter_rows(named=True), truth.iter_rows(named=True), strict=True
    ):
        for column, expected in expected_row.items():
            if column in ("site", "player", "game", "unit"):
                continue
            got = mine[column]
            if expected is None:
                assert got is None, column
            else:
                assert float(got) == pytest.approx(float(expected), rel=1e-9, abs=1e-9), column


# --------------------------------------------------------------------------- opponents
def _kestrel_hands(unit: str) -> int:
    """Kestrel99's hands in `unit` (in the samples, every hand has the hero in it)."""
    with duckdb.connect(os.environ["STUDDRAW_DB"], read_only=True) as connection:
        (count,) = connection.execute(
            "SELECT count(*) FROM player_hands WHERE player = 'Kestrel99' AND unit = ?", [unit]
        ).fetchone()
    return count


def test_opponents_table_filter_and_click_through(app: AppTest) -> None:
    every_hand(app)
    app.switch_page("views/opponents.py").run()
    no_exceptions(app)
    # dollars and tournament chips: one at a time, the dollars (most hands) first
    assert app.radio(key="opponents_unit").value == "USD"
    kestrel_usd = _kestrel_hands("USD")
    everyone = table(app, "opponents_table")
    assert everyone["player"].iloc[0] == "Kestrel99"
    assert everyone["hands"].iloc[0] == kestrel_usd
    assert {"vpip_pct", "af", "went_to_showdown_pct", "hero_net"} <= set(everyone.columns)

    app.number_input(key="opponents_min_hands").set_value(800).run()
    fewer = table(app, "opponents_table")
    assert 0 < len(fewer) < len(everyone) and fewer["hands"].min() >= 800

    app.session_state["opponents_table"] = {"selection": {"rows": [0], "columns": []}}
    app.run()
    assert any(s.value == "Kestrel99" for s in app.subheader)
    games = table(app, "opponents_games")
    assert games["hands"].sum() == kestrel_usd
    app.button(key="opponents_full_stats").click().run()
    no_exceptions(app)
    assert app.radio(key="stats_who").value == "Another player"
    assert table(app, "stats_results_usd")["hands"].iloc[0] == kestrel_usd
    assert table(app, "stats_results_tournament_chips")["hands"].iloc[0] == 1049 - kestrel_usd
    app.switch_page("views/opponents.py").run()
    app.radio(key="opponents_unit").set_value("tournament chips").run()
    assert table(app, "opponents_table")["hands"].iloc[0] == 1049 - kestrel_usd


def test_opponents_hand_list_opens_the_replayer(app: AppTest) -> None:
    app.switch_page("views/opponents.py").run()
    app.session_state["opponents_table"] = {"selection": {"rows": [0], "columns": []}}
    app.run()
    hands = table(app, "opponents_hands")
    app.session_state["opponents_hands"] = {"selection": {"rows": [0], "columns": []}}
    app.run()
    app.button(key="opponents_replay").click().run()
    no_exceptions(app)
    assert any(hands["hand_number"].iloc[0] in s.value for s in app.subheader)


# ---------------------------------------------------------------------------- replayer
def _table(at: AppTest) -> str:
    return next(h.value for h in at.html if 'class="sd-table"' in h.value)


def _pot(html: str) -> str:
    match = re.search(r'data-pot="([^"]+)"', html)
    assert match
    return match.group(1)


def _cards(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def _open(at: AppTest, number: str) -> AppTest:
    at.switch_page("views/replayer.py").run()
    at.text_input(key="replay_number").input(number).run()
    no_exceptions(at)
    return at


def test_the_replayer_steps_through_a_stud_hand(app: AppTest) -> None:
    at = _open(app, STUD_HAND)
    assert any(f"hand #{STUD_HAND}" in s.value for s in at.subheader)
    seen = []
    for _ in range(6):
        html = _table(at)
        seen.append((at.select_slider(key="replay_step").value, _pot(html), _cards(html)))
        at.button(key="replay_next").click().run()
    steps = [s for s, _, _ in seen]
    assert steps == [0, 1, 2, 3, 4, 5]
    pots = [p for _, p, _ in seen]
    assert pots == ["0.5100", "0.7100", "1.1100", "1.5100", "1.9100", "1.9100"]
    cards = [c for _, _, c in seen]
    # the hero's three cards on 3rd street; Kestrel99's ace pair appears on 4th
    assert cards[0][:0] == [] and {"Jc", "2d", "5h"} <= set(cards[0])
    assert "Ah" not in cards[0] and "Ah" in cards[1]
    assert len(cards[1]) > len(cards[0]) - 0 and cards[1] != cards[0]
    # opponents' down cards are backs until the showdown, then shown
    assert "2s" not in cards[4] and "back" in cards[4]
    assert {"2s", "4c", "5d"} <= set(cards[5])
    final = _table(at)
    assert "Showdown" in final and "+$1.00" in final  # Kestrel99's net
    result = next(h.value for h in at.html if 'data-result="1"' in h.value)
    assert "Main pot $1.91" in result and "Kestrel99" in result and "rake $0.09" in result
    # and back
    at.button(key="replay_previous").click().run()
    assert at.select_slider(key="replay_step").value == 4
    at.button(key="replay_first").click().run()
    assert at.select_slider(key="replay_step").value == 0


def test_the_replayer_steps_through_a_triple_draw_hand(app: AppTest) -> None:
    at = _open(app, TRIPLE_DRAW_HAND)
    first = _table(at)
    assert {"As", "Th", "6h", "6c", "5d"} <= set(_cards(first))  # the hero's deal
    assert _pot(first) == "0.4000"
    at.button(key="replay_next").click().run()
    after_draw = _table(at)
    log = next(h.value for h in at.html if 'class="sd-log"' in h.value)
    assert {"8s", "8d", "3h"} <= set(_cards(after_draw))  # drawn
    assert "As" not in _cards(after_draw)  # discarded
    assert "discards" in log and "stands pat" in log and "draws 4 cards" in log
    assert _pot(after_draw) == "1.0000"
    at.select_slider(key="replay_step").set_value(3).run()
    assert "Qc" in _cards(_table(at))  # the third draw's card
    at.button(key="replay_last").click().run()
    final = _table(at)
    assert "Result" in final
    result = next(h.value for h in at.html if 'data-result="1"' in h.value)
    assert "Results" in result and "Main pot" in result
    no_exceptions(at)


def test_showing_opponents_down_cards_from_the_start(app: AppTest) -> None:
    at = _open(app, STUD_HAND)
    assert "2s" not in _cards(_table(at))
    at.toggle(key="replay_hide").set_value(False).run()
    assert {"2s", "4c"} <= set(_cards(_table(at)))  # Kestrel99's down cards, 3rd street


def test_the_replayer_lists_the_heros_hands_by_result(app: AppTest) -> None:
    app.switch_page("views/replayer.py").run()
    app.selectbox(key="replay_result").select("Biggest pots").run()
    listed = table(app, "replay_list")
    shown = list(listed["total_pot"])  # in their money: the samples' cash hands, dollars
    assert all(pot.startswith("$") for pot in shown)
    pots = [Decimal(pot.removeprefix("$").replace(",", "")) for pot in shown]
    assert pots == sorted(pots, reverse=True)
    app.session_state["replay_list"] = {"selection": {"rows": [1], "columns": []}}
    app.run()
    assert any(listed["hand_number"].iloc[1] in s.value for s in app.subheader)
    app.text_input(key="replay_number").input("999").run()
    assert any("No hand numbered 999" in w.value for w in app.warning)


# ------------------------------------------------------------------------------ import
@pytest.fixture
def empty_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "fresh.duckdb"
    monkeypatch.setenv("STUDDRAW_DB", str(target))
    return target


def _razz_file() -> Path:
    return next(SAMPLES.glob("*Quintilla V*Razz*"))


def test_importing_a_folder_shows_the_summary(
    empty_database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STUDDRAW_FOLDERS", str(tmp_path))  # `studdraw dashboard --folder`
    folder = tmp_path / "histories"
    folder.mkdir()
    shutil.copy(_razz_file(), folder)
    (folder / "broken.txt").write_text(
        "PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2026/11/14 16:00:00 ET\nnonsense\n\n\n",
        encoding="utf-8",
    )
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/import_page.py").run()
    no_exceptions(at)
    at.text_input(key="import_folder").input(str(folder)).run()
    at.button(key="import_folder_button").click().run()
    no_exceptions(at)
    assert metric(at, "Hands imported") == "200"
    assert metric(at, "Hands rejected") == "1"
    reasons = table(at, "import_rejected_reasons")
    assert reasons["hands"].sum() == 1
    rejects = table(at, "import_rejects")
    assert len(rejects) == 1
    at.session_state["import_rejects"] = {"selection": {"rows": [0], "columns": []}}
    at.run()
    assert any("nonsense" in code.value for code in at.code)  # the raw text
    # the same folder again: nothing new
    at.button(key="import_folder_button").click().run()
    assert metric(at, "Hands imported") == "0"
    # and the other pages now see the hands
    at.switch_page("views/overview.py").run()
    assert metric(at, "Hands") == "200"


def test_importing_an_uploaded_file_shows_the_summary(empty_database: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/import_page.py").run()
    data = _razz_file().read_bytes()
    at.file_uploader(key="import_files").upload("razz.txt", data, "text/plain").run()
    at.button(key="import_upload").click().run()
    no_exceptions(at)
    assert metric(at, "Hands imported") == "200"
    assert metric(at, "Duplicates skipped") == "0"
    assert empty_database.exists()


# --------------------------------------------------------------------------------- SQL
@pytest.mark.parametrize(
    ("sql", "why"),
    [
        ("CREATE TABLE stolen AS SELECT * FROM hands", "read-only"),
        ("COPY hands TO '/tmp/studdraw-leak.csv'", "cannot reach the file system"),
        ("SELECT * FROM read_csv('/etc/passwd')", "cannot reach the file system"),
        ("SET enable_external_access = true", "settings cannot be changed"),
        ("ATTACH '/tmp/other.duckdb'", "cannot reach the file system"),
        ("DELETE FROM hands", "read-only"),
    ],
)
def test_the_sql_console_refuses_with_a_clear_message(app: AppTest, sql: str, why: str) -> None:
    app.switch_page("views/sql_console.py").run()
    app.text_area(key="sql_text").input(sql).run()
    app.button(key="sql_run").click().run()
    no_exceptions(app)
    assert len(app.error) == 1
    assert app.error[0].value.startswith("Refused") and why in app.error[0].value
    assert not Path("/tmp/studdraw-leak.csv").exists()


def test_the_sql_console_runs_examples_with_csv_download(app: AppTest) -> None:
    app.switch_page("views/sql_console.py").run()
    app.selectbox(key="sql_example").select("Stats macro: the hero, every game").run()
    assert "player := 'studdraw_hero'" in app.text_area(key="sql_text").value
    app.button(key="sql_run").click().run()
    no_exceptions(app)
    rows = table(app, "sql_results")
    # a row per game and unit: the 8 games in dollars, razz in tournament chips too
    assert len(rows) == 9 and "vpip_pct" in rows.columns
    assert sorted(rows["unit"].unique()) == ["USD", "tournament chips"]
    assert app.download_button(key="sql_download").label == "Download CSV"
    app.text_area(key="sql_text").input("SELECT * FROM hands ORDER BY total_pot DESC").run()
    app.button(key="sql_run").click().run()
    app.session_state["sql_table"] = {"selection": {"rows": [0], "columns": []}}
    app.run()
    app.button(key="sql_replay").click().run()
    assert any("hand #" in s.value for s in app.subheader)
    app.switch_page("views/sql_console.py").run()
    app.text_area(key="sql_text").input("SELEC 1").run()
    app.button(key="sql_run").click().run()
    assert "ParserException" in app.error[0].value and not app.exception


# ------------------------------------------------------------------------------ locking
@pytest.fixture
def locked_copy(sample_database: Path, tmp_path: Path, monkeypatch) -> Iterator[Path]:
    """A copy of the sample database held open for writing, as an import holds it."""
    copy = tmp_path / "locked.duckdb"
    shutil.copy(sample_database, copy)
    monkeypatch.setenv("STUDDRAW_DB", str(copy))
    monkeypatch.setattr(connection, "RETRY_SECONDS", 0.3)
    writer = duckdb.connect(str(copy))
    yield copy
    writer.close()


def test_a_locked_database_gives_a_friendly_message(locked_copy: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    no_exceptions(at)
    assert any("an import is writing" in w.value.lower() for w in at.warning)


def test_lock_errors_are_retried_until_the_file_is_free() -> None:
    attempts = []

    def attempt() -> str:
        attempts.append(1)
        if len(attempts) < 3:
            raise duckdb.IOException('Could not set lock on file "x.duckdb": Conflicting lock')
        return "connected"

    assert retry_while_locked(attempt, seconds=2) == "connected"
    assert len(attempts) == 3
    with pytest.raises(duckdb.CatalogException):  # other errors are not retried
        retry_while_locked(lambda: (_ for _ in ()).throw(duckdb.CatalogException()))


def test_the_cache_key_follows_the_file(tmp_path: Path) -> None:
    path = tmp_path / "db.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE t AS SELECT 1 AS a")
    con.close()
    before = connection.file_version(path)
    con = duckdb.connect(str(path))
    con.execute("INSERT INTO t VALUES (2)")
    con.close()
    assert connection.file_version(path) != before


def _watch_status(database: Path) -> str:
    from pipeline.watch import watch_state

    running = watch_state.current_watch(database)
    return running.status if running else ""


@pytest.mark.slow
def test_the_import_page_starts_shows_and_stops_a_watch(
    empty_database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pipeline.watch import watch_state

    monkeypatch.setenv("STUDDRAW_FOLDERS", str(tmp_path))  # `studdraw dashboard --folder`
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/import_page.py").run()
    at.text_area(key="watch_folders").input(str(folder)).run()
    at.button(key="watch_start").click().run()
    no_exceptions(at)
    running = watch_state.current_watch(empty_database)
    try:
        assert running is not None and running.started_from == "dashboard"
        assert running.folders == (str(folder),)
        assert any(str(folder) in m.value for m in at.markdown)  # "Watching `...`"
        shutil.copy(_razz_file(), folder)  # the client writes: the watch imports
        started = time.monotonic()
        while (
            "200 hands imported today"
            not in (watch_state.current_watch(empty_database) or running).status
        ):
            assert time.monotonic() - started < HANG_SECONDS, "the watch did not import the file"
            time.sleep(0.1)
        at.run()
        assert any("200 hands imported today" in c.value for c in at.caption)
        at.button(key="watch_stop").click().run()
        started = time.monotonic()
        while watch_state.current_watch(empty_database) is not None:
            assert time.monotonic() - started < HANG_SECONDS, "the watch did not stop"
            time.sleep(0.1)
        at.run()
        assert at.button(key="watch_start") is not None  # can be started again
    finally:
        watch_state.request_stop(empty_database)


# ------------------------------------------------------------------------------ live tables
def test_live_tables_show_each_seat_with_the_documented_stats(app: AppTest) -> None:
    """Every table of the samples' last minutes, its seats, the hero marked, and each
    stat as the stats macro (`player_stats`, docs/stats.md) counts it, with its sample."""
    app.switch_page("views/live_tables.py").run()
    no_exceptions(app)
    assert app.radio(key="filter_money").value == "Cash"  # the samples' main kind
    tables = [element.value for element in app.table]
    assert len(tables) == len(app.subheader) >= 2
    with duckdb.connect(os.environ["STUDDRAW_DB"], read_only=True) as connection:
        for (title, seats), caption in zip(
            zip((s.value for s in app.subheader), tables, strict=True),
            [c.value for c in app.caption if "newest hand" in c.value],
            strict=True,
        ):
            table_name = title.split(" — ")[0]
            game, hand = connection.execute(
                "SELECT game, hand_number FROM hands WHERE table_name = ? "
                "ORDER BY started_at DESC LIMIT 1",
                [table_name],
            ).fetchone()
            seated = connection.execute(
                "SELECT player FROM hand_players WHERE hand_number = ? ORDER BY seat", [hand]
            ).fetchall()
            assert [p.removesuffix(" (hero)") for p in seats["Player"]] == [p for (p,) in seated]
            assert list(seats["Player"]).count("studdraw_hero (hero)") == 1
            for _, row in seats.iterrows():
                player = row["Player"].removesuffix(" (hero)")
                stats = connection.execute(  # under the sidebar's filters: Cash
                    "SELECT hands, vpip_pct, vpip_n, went_to_showdown_pct, went_to_showdown_n "
                    "FROM player_stats(player := ?, game := ?, money := 'cash')",
                    [player, game],
                ).fetchone()
                hands, vpip, vpip_n, wtsd, wtsd_n = stats
                assert row["Hands"] == f"{hands:,}"
                assert row["VPIP"] == f"{float(vpip):.0f}% · {vpip_n}"
                shown_wtsd = "—" if wtsd is None else f"{float(wtsd):.0f}%"
                assert row["WTSD"] == f"{shown_wtsd} · {wtsd_n}"
            assert "PokerStars · newest hand" in caption  # the site by name


def test_an_uploaded_archive_member_not_read_is_named_with_its_reason(
    empty_database: Path,
) -> None:
    """A zip bomb beside honest hands: the hands imported, and the member not read named
    with why (the page said "0 files" and nothing else)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("razz.txt", _razz_file().read_bytes())
        archive.writestr("zeros.txt", bytes(2**24))  # 16 MiB of zeros in about 16 KB
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/import_page.py").run()
    at.file_uploader(key="import_files").upload("hands.zip", buffer.getvalue(), "application/zip")
    at.run()
    at.button(key="import_upload").click().run()
    no_exceptions(at)
    assert metric(at, "Hands imported") == "200"
    assert any(warning.value == "1 file not read" for warning in at.warning)
    refused = table(at, "import_refused_files")
    [(name, reason)] = zip(refused["file"], refused["reason"], strict=True)
    assert name == "hands.zip!zeros.txt"
    assert "zip bomb" in reason
