"""Tournaments from their hands: every finish line stored, the `tournaments` view's
result for the hero as the files' own lines say it, and the Tournaments page."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database
from tests.conftest import HANG_SECONDS, REPO
from tests.support.real_sites import history_files, text_of

pytestmark = pytest.mark.slow  # a database imported per module

FINISH = re.compile(
    r"^(?P<player>.+?) (?:finished the tournament in (?P<place>\d+)\w\w place"
    r"(?: and received \$(?P<prize>[\d.]+)\.)?|wins the tournament and receives "
    r"\$(?P<won>[\d.]+) - congratulations!)$",
    re.MULTILINE,
)
APP = REPO / "dashboard" / "app.py"


@pytest.fixture(scope="module")
def tournament_database(real_histories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tournaments") / "studdraw.duckdb"
    with Database(path) as database:
        import_histories([real_histories / "PokerStars" / "tour"], database)
    return path


def _finish_lines(folder: Path) -> set[tuple[str, int, Decimal | None]]:
    lines = set()
    for path in history_files(folder):
        for found in FINISH.finditer(text_of(path)):
            place = int(found["place"]) if found["place"] else 1
            prize = found["prize"] or found["won"]
            lines.add((found["player"], place, Decimal(prize) if prize else None))
    return lines


def test_every_finish_line_is_stored_with_its_tournament(
    tournament_database: Path, real_histories: Path
) -> None:
    with Database(tournament_database, read_only=True) as database:
        stored = database.connection.execute(
            "SELECT player, place, prize, tournament_id FROM tournament_finishes"
        ).fetchall()
        tournaments = {
            row[0]
            for row in database.connection.execute(
                "SELECT DISTINCT tournament_id FROM hands"
            ).fetchall()
        }
    expected = _finish_lines(real_histories / "PokerStars" / "tour")
    assert len(expected) == 16
    assert {(p, place, prize) for p, place, prize, _t in stored} == expected
    assert {t for *_rest, t in stored} <= tournaments


def test_the_heros_result_is_his_finish_line_less_what_entering_cost(
    tournament_database: Path,
) -> None:
    """The 8-player badugi sit-and-go (hero Player5): "Player5 finished the tournament in
    3rd place and received $1.60." on a $1 + $0.20 buy-in: +0.40. The heads-up single
    draw: "Hero finished the tournament in 2nd place" on $1.40 + $0.10: -1.50, no prize.
    A file whose hero never busts nor wins has no result."""
    with Database(tournament_database, read_only=True) as database:
        rows = database.connection.execute(
            "SELECT tournament_id, game, currency, cost, hero, finish, prize, net, hands "
            "FROM tournaments ORDER BY tournament_id"
        ).fetchall()
    by_id = {row[0]: row[1:] for row in rows}
    assert by_id["330855877"] == (
        "badugi",
        "USD",
        Decimal("1.20"),
        "Player5",
        3,
        Decimal("1.60"),
        Decimal("0.40"),
        104,
    )
    assert by_id["476454368"][:7] == (
        "single_draw_27",
        "USD",
        Decimal("1.50"),
        "Hero",
        2,
        Decimal(0),
        Decimal("-1.50"),
    )
    assert by_id["169962475"][4:7] == (None, None, None)  # no finish line in its file


def test_the_tournaments_page_shows_roi_and_opens_a_tournaments_hands(
    tournament_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STUDDRAW_DB", str(tournament_database))
    app = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    app.multiselect(key="filter_heroes").set_value(["Player5"]).run()
    app.switch_page("views/tournaments.py").run()
    assert not app.exception, [e.value for e in app.exception]
    totals = app.get_by_key("tournaments_totals").dataframe[0].value
    assert list(totals["unit"]) == ["USD"]
    counted = totals["counted"].iloc[0]
    assert totals["itm_pct"].iloc[0] == pytest.approx(100 / counted)
    listed = app.get_by_key("tournaments_list").value
    sit_and_go = list(listed["tournament_id"]).index("330855877")
    app.session_state["tournaments_list"] = {"selection": {"rows": [sit_and_go], "columns": []}}
    app.run()
    hands = app.get_by_key("tournament_hands").value
    assert len(hands) == 104
    app.session_state["tournament_hands"] = {"selection": {"rows": [0], "columns": []}}
    app.run()
    app.button(key="tournament_replay").click().run()
    assert not app.exception
    assert any(f"hand #{hands['hand_number'].iloc[0]}" in s.value for s in app.subheader)


# Summary files in the forms FPDB's real summaries show (regression-test-files/summaries):
# no real summary is among the shared histories.
STARS_SUMMARY = """PokerStars Tournament #330855877, Limit Badugi
Buy-In: $1.00/$0.20 USD
8 players
Total Prize Pool: $8.00 USD
Tournament started 2010/11/07 14:17:59 ET

  1: Player3 (Germany), $4.00 (50%)
  2: Player1 (Canada), $2.40 (30%)
  3: Player5 (United States), $1.60 (20%)
  4: Player0 (Sweden),
  5: Player7 (Russia),
  6: Player2 (Brazil),
  7: Player4 (Austria),
  8: Player6 (Finland),

You finished in 3rd place.
"""
STARS_SUMMARY_PLAY = """PokerStars Tournament #743144019, 8-Game
Buy-In: 100/9
2 players
Total Prize Pool: 200
Tournament started 2013/06/05 23:30:00 ET

  1: Hero (United States), 200 (100%)
  2: Player0 (United States),

You finished in 1st place (eliminated at hand #99632835084).
"""
FULLTILT_SUMMARY = (
    (
        "Full Tilt Poker Tournament Summary $10 Heads-Up Sit & Go (243560420) "
        "2-7 Triple Draw Limit (Turbo, Heads Up)\n"
    )
    + """
Buy-In: $9.60 + $0.40

Buy-In Chips: 1500

2 Entries

Total Prize Pool: $19.20

Tournament started: 2012/11/07 10:31:56 ET

Tournament finished: 2012/11/07 10:46:49 ET

1: Player0, $19.20

2: OrangeWater

OrangeWater finished in 2nd place
"""
)


def test_summary_files_complete_the_tournaments_their_hands_tell(
    tournament_database: Path, tmp_path: Path
) -> None:
    """The badugi sit-and-go's summary adds its entrants and prize pool to what its 104
    hands say; a summary without hands is a tournament of its own; a line no grammar knows
    rejects the file with the line named."""
    import shutil

    database_path = tmp_path / "copy.duckdb"
    shutil.copy(tournament_database, database_path)
    folder = tmp_path / "summaries"
    folder.mkdir()
    (folder / "TS20101107 T330855877.txt").write_text(STARS_SUMMARY, encoding="utf-8")
    (folder / "TS20130605 T743144019.txt").write_text(STARS_SUMMARY_PLAY, encoding="utf-8")
    (folder / "FT summary 243560420.txt").write_text(FULLTILT_SUMMARY, encoding="utf-16")
    (folder / "TS broken.txt").write_text(
        STARS_SUMMARY.replace("8 players", "8 players, give or take"), encoding="utf-8"
    )
    with Database(database_path) as database:
        summary = import_histories([folder], database)
        assert summary.tournament_summaries == 3 and summary.hands_imported == 0
        assert dict(summary.rejected) == {"syntax": 1}
        reason, line = database.connection.execute(
            "SELECT reason, line FROM rejects WHERE source_file LIKE '%broken%'"
        ).fetchone()
        assert "summary line not understood" in reason and line == 3
        rows = {
            row[0]: row[1:]
            for row in database.connection.execute(
                "SELECT tournament_id, hands, entrants, prize_pool, currency, cost, hero, "
                "finish, prize, net FROM tournaments"
            ).fetchall()
        }
    assert rows["330855877"] == (
        104, 8, Decimal("8.00"), "USD", Decimal("1.20"), "Player5", 3, Decimal("1.60"),
        Decimal("0.40"),
    )  # fmt: skip
    assert rows["743144019"] == (
        0, 2, Decimal(200), None, Decimal(109), "Hero", 1, Decimal(200), Decimal(91),
    )  # fmt: skip
    assert rows["243560420"] == (
        0, 2, Decimal("19.20"), "USD", Decimal("10.00"), "OrangeWater", 2, Decimal(0),
        Decimal("-10.00"),
    )  # fmt: skip


def test_a_summary_written_while_running_never_replaces_the_finished_one(tmp_path: Path) -> None:
    """Both in one folder (one transaction), then the running one again on its own: the
    finished summary stays."""
    finished = STARS_SUMMARY.replace(
        "Tournament started 2010/11/07 14:17:59 ET",
        "Tournament started 2010/11/07 14:17:59 ET\nTournament finished 2010/11/07 15:02:10 ET",
    )
    running = STARS_SUMMARY.replace("You finished in 3rd place.", "You are still playing.")
    folder = tmp_path / "summaries"
    folder.mkdir()
    (folder / "a running.txt").write_text(running, encoding="utf-8")
    (folder / "b finished.txt").write_text(finished, encoding="utf-8")
    again = tmp_path / "later"
    again.mkdir()
    (again / "c running.txt").write_text(running, encoding="utf-8")
    with Database(tmp_path / "studdraw.duckdb") as database:
        for batch in (folder, again):
            import_histories([batch], database)
            rows = database.connection.execute(
                "SELECT finish, prize, finished_at IS NOT NULL FROM tournament_summaries"
            ).fetchall()
            assert rows == [(3, Decimal("1.60"), True)]


# ------------------------------------------------------------ the real archive's tournaments
@pytest.fixture(scope="module")
def archive_database(real_histories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every shared real history: tournaments in dollars, in play money (a PokerStars
    home game's 8-Game), and with no buy-in printed (Bovada, Full Tilt's hand files)."""
    path = tmp_path_factory.mktemp("archive") / "studdraw.duckdb"
    with Database(path) as database:
        import_histories([real_histories], database)
    return path


def _tournaments_page(database: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("STUDDRAW_DB", str(database))
    app = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    app.switch_page("views/tournaments.py").run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def test_tournament_totals_are_per_unit_and_say_which_tournaments_they_cover(
    archive_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The money of the tournaments whose buy-in and result are known, per unit (never
    dollars and play money added), each total saying how many tournaments it covers, and
    the tournaments of unknown buy-in counted as tournaments only."""
    app = _tournaments_page(archive_database, monkeypatch)
    heroes = tuple(app.multiselect(key="filter_heroes").value)
    with Database(archive_database, read_only=True) as database:
        expected = database.connection.execute(
            f"""SELECT coalesce(unit, 'unknown'), count(*), count(net), sum(cost) FILTER (
                WHERE net IS NOT NULL), sum(net)
            FROM tournaments WHERE hero IN ({", ".join("?" for _ in heroes)})
            GROUP BY unit ORDER BY unit IS NULL, count(*) DESC""",
            list(heroes),
        ).fetchall()
    totals = app.get_by_key("tournaments_totals").dataframe[0].value
    assert list(totals["unit"]) == ["USD", "play money", "unknown"] == [r[0] for r in expected]
    assert list(totals["tournaments"]) == [r[1] for r in expected]
    assert list(totals["counted"]) == [r[2] for r in expected]
    usd = expected[0]
    assert usd[2] < usd[1]  # a total over fewer tournaments than listed: it says so
    assert totals["buy_ins"].iloc[0] == f"${usd[3]:.2f}"
    assert totals["net"].iloc[0] == (f"-${-usd[4]:.2f}" if usd[4] < 0 else f"+${usd[4]:.2f}")
    unknown = totals.iloc[2]
    assert pd.isna(unknown["buy_ins"]) and pd.isna(unknown["net"])  # shown "—", never 0.00
    lines = [m.value for m in app.get_by_key("tournaments_coverage").markdown]
    assert lines[0].startswith(
        f"**USD**: {usd[1]} tournaments, {usd[2]} with a known buy-in and result: "
        f"buy-ins \\${usd[3]:.2f}, "
    )
    assert lines[2].startswith(f"**Buy-in unknown**: {expected[2][1]} tournaments")
    listed = app.get_by_key("tournaments_list").value
    no_buy_in = listed[listed["unit"] == "unknown"]
    assert len(no_buy_in) == expected[2][1] and set(no_buy_in["cost"]) == {"unknown"}
    assert listed.loc[listed["tournament_id"] == "743144019", "cost"].item() == "109 play money"


def test_a_mixed_tournament_has_one_name_everywhere_and_headers_are_words(
    archive_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The home game's 8-Game rotates four games: "8-Game" in the list and under "By
    game" alike; every column shown has a header in words (no `cost_1`)."""
    app = _tournaments_page(archive_database, monkeypatch)
    listed = app.get_by_key("tournaments_list").value
    assert listed.loc[listed["tournament_id"] == "743144019", "game"].item() == "8-Game"
    by_game = app.get_by_key("tournaments_by_game").dataframe[0].value
    assert "8-Game" in set(by_game["game"]) and "mixed" not in set(by_game["game"])
    for key in ("tournaments_totals", "tournaments_by_game", "tournaments_by_buy_in"):
        frame = app.get_by_key(key).dataframe[0]
        assert set(frame.value.columns) <= set(_labels(frame)), key
    assert set(listed.columns) <= set(_labels(app.get_by_key("tournaments_list")))


def _labels(frame) -> dict[str, str]:
    """The dataframe's columns that carry a header of their own (column_config)."""
    import json

    config = json.loads(frame.proto.columns)
    return {name: c.get("label") for name, c in config.items() if c.get("label") or c.get("hidden")}
