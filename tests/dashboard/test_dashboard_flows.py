"""What the player sees change when he acts: the replayer's hand list, the sidebar's
filters on Live tables, the rejected hands' site; driven through Streamlit's AppTest on
the sample database (and a copy of it where the test writes)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database
from tests.conftest import HANG_SECONDS, REPO
from tests.dashboard.test_dashboard import APP, no_exceptions, table

pytestmark = pytest.mark.slow  # every page through Streamlit's AppTest

TOURNAMENT_TABLE = "3958246017 1"  # the samples' razz tournament, played to the end


@pytest.fixture
def app(sample_database: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("STUDDRAW_DB", str(sample_database))
    return AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()


def _shown_hand(at: AppTest) -> str:
    title = next(s.value for s in at.subheader if "hand #" in s.value)
    return title.rsplit("#", 1)[1]


# ---------------------------------------------------------------------------- replayer
def test_the_replayers_list_shows_its_first_hand_then_the_hand_picked(app: AppTest) -> None:
    """Picking another result in "Hero's hands" shows the new list's first hand; picking a
    row shows that hand; a sidebar filter that changes the list does the same."""
    app.switch_page("views/replayer.py").run()
    first = table(app, "replay_list")["hand_number"].iloc[0]
    assert _shown_hand(app) == first
    for choice in ("Biggest pots", "Biggest losses", "Biggest wins"):
        app.selectbox(key="replay_result").select(choice).run()
        no_exceptions(app)
        listed = table(app, "replay_list")
        assert _shown_hand(app) == listed["hand_number"].iloc[0], choice
    app.session_state["replay_list"] = {"selection": {"rows": [2], "columns": []}}
    app.run()
    assert _shown_hand(app) == listed["hand_number"].iloc[2]
    app.selectbox(key="filter_game").select("razz").run()
    razz = table(app, "replay_list")
    assert set(razz["game"]) == {"Razz"} and _shown_hand(app) == razz["hand_number"].iloc[0]


def test_a_hand_opened_by_number_stays_until_the_list_changes(app: AppTest) -> None:
    app.switch_page("views/replayer.py").run()
    listed = table(app, "replay_list")
    last = listed["hand_number"].iloc[-1]
    app.text_input(key="replay_number").input(last).run()
    assert _shown_hand(app) == last
    app.run()  # a rerun of the same list keeps it
    assert _shown_hand(app) == last


# ------------------------------------------------------------------------- live tables
def _live_tables(at: AppTest) -> list[str]:
    return [s.value.split(" — ")[0] for s in at.subheader]


def test_live_tables_follow_the_sidebars_cash_or_tournament_filter(app: AppTest) -> None:
    """The samples' last minutes: eight cash tables and the razz tournament's. Cash shows
    the cash tables, Tournament the tournament's, each player's stats over those hands."""
    app.switch_page("views/live_tables.py").run()
    app.radio(key="filter_money").set_value("All").run()
    every = _live_tables(app)
    assert TOURNAMENT_TABLE in every and len(every) >= 2
    app.radio(key="filter_money").set_value("Cash").run()
    no_exceptions(app)
    assert _live_tables(app) == [name for name in every if name != TOURNAMENT_TABLE]
    app.radio(key="filter_money").set_value("Tournament").run()
    assert _live_tables(app) == [TOURNAMENT_TABLE]
    with duckdb.connect(_database(), read_only=True) as connection:
        for _, row in app.table[0].value.iterrows():
            player = row["Player"].removesuffix(" (hero)")
            (hands,) = connection.execute(
                "SELECT hands FROM player_stats(player := ?, game := 'razz', "
                "money := 'tournament', by_game := false)",
                [player],
            ).fetchone()
            assert row["Hands"] == f"{hands:,}"
    assert any("PokerStars · newest hand" in c.value for c in app.caption)
    app.selectbox(key="filter_game").select("badugi").run()
    assert _live_tables(app) == []  # no badugi in the tournament: said, not ignored
    assert any("under the sidebar's filters" in i.value for i in app.info)


def _database() -> str:
    return os.environ["STUDDRAW_DB"]


# ----------------------------------------------------------------------------- rejects
def test_rejected_hands_show_their_site_by_name_and_headers_in_words(
    sample_database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PokerStars hand with a line no grammar knows is rejected with its site (from the
    format it was read in), shown as "PokerStars" under a "Site" header, its number under
    "Hand"."""
    database = tmp_path / "rejects.duckdb"
    shutil.copy(sample_database, database)
    razz = next((REPO / "sample_histories").rglob("*Quintilla V*Razz*"))
    text = razz.read_text(encoding="utf-8-sig")
    mangled = text.replace(": brings in for ", ": brings in maybe ", 1)  # the first hand's
    folder = tmp_path / "mangled"
    folder.mkdir()
    (folder / "mangled.txt").write_text(mangled, encoding="utf-8")
    with Database(database) as writable:
        summary = import_histories([folder], writable)
        assert sum(summary.rejected.values()) == 1
        (site,) = writable.connection.execute("SELECT site FROM rejects").fetchone()
    assert site == "pokerstars"
    monkeypatch.setenv("STUDDRAW_DB", str(database))
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/import_page.py").run()
    no_exceptions(at)
    rejects = at.get_by_key("import_rejects")
    assert list(rejects.value["site"]) == ["PokerStars"]
    labels = {name: c.get("label") for name, c in json.loads(rejects.proto.columns).items()}
    assert labels["site"] == "Site" and labels["hand_number"] == "Hand"
    assert set(rejects.value.columns) <= set(labels)
