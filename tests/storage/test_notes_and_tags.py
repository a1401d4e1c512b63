"""Notes on opponents and tags on hands: written from the dashboard, kept in the
database through re-imports, shown where the player looks, queryable like any table."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from pipeline.cli.app import app as cli
from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database
from tests.cli.test_cli import runner
from tests.conftest import HANG_SECONDS, REPO

APP = REPO / "dashboard" / "app.py"
NOTE = "Calls third street with any three to a low; never folds a pair of aces."


@pytest.fixture
def database(writable_database: Path) -> Path:
    return writable_database


def _rows(database: Path, sql: str) -> list[tuple]:
    with duckdb.connect(str(database), read_only=True) as connection:
        return connection.execute(sql).fetchall()


def test_a_note_written_on_opponents_survives_a_reimport_and_shows_everywhere(
    database: Path,
) -> None:
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/opponents.py").run()
    at.session_state["opponents_table"] = {"selection": {"rows": [0], "columns": []}}
    at.run()
    player = next(s.value for s in at.subheader)
    at.text_area(key=f"opponents_note_pokerstars_{player}").input(NOTE).run()
    at.button(key="opponents_note_save").click().run()
    assert not at.exception
    assert _rows(database, "SELECT site, player, note FROM player_notes") == [
        ("pokerstars", player, NOTE)
    ]

    with Database(database) as again:  # the same histories imported again
        summary = import_histories([REPO / "sample_histories"], again)
    assert summary.hands_imported == 0
    assert _rows(database, "SELECT note FROM player_notes") == [(NOTE,)]

    at.switch_page("views/live_tables.py").run()
    noted = [row for t in at.table for _, row in t.value.iterrows() if row["Player"] == player]
    assert noted and all(row["Note"] == NOTE for row in noted)

    shown = runner().invoke(cli, ["query", "SELECT player, note FROM player_notes", "--json"])
    exported = [json.loads(line) for line in shown.stdout.splitlines()]  # a row a line
    assert shown.exit_code == 0 and exported == [{"player": player, "note": NOTE}]

    at.switch_page("views/opponents.py").run()
    at.session_state["opponents_table"] = {"selection": {"rows": [0], "columns": []}}
    at.run()
    at.text_area(key=f"opponents_note_pokerstars_{player}").input("").run()
    at.button(key="opponents_note_save").click().run()
    assert _rows(database, "SELECT * FROM player_notes") == []  # a blank note is removed


def test_tags_set_in_the_replayer_are_kept_exactly(database: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/replayer.py").run()
    (hand,) = _rows(database, "SELECT hand_number FROM hands ORDER BY hand_number LIMIT 1")[0]
    at.text_input(key="replay_number").input(hand).run()
    tags = at.multiselect(key=f"replay_tags_pokerstars_{hand}")
    tags.set_value(["review", "slowrolled me"]).run()
    assert not at.exception
    assert _rows(database, "SELECT tag FROM hand_tags ORDER BY tag") == [
        ("review",),
        ("slowrolled me",),
    ]
    at.multiselect(key=f"replay_tags_pokerstars_{hand}").set_value(["review"]).run()
    assert _rows(database, "SELECT hand_number, tag FROM hand_tags") == [(hand, "review")]
    at.switch_page("views/overview.py").run()
    at.switch_page("views/replayer.py").run()  # shown again: the tag is read back
    assert at.multiselect(key=f"replay_tags_pokerstars_{hand}").value == ["review"]
    at.selectbox(key="replay_result").select("Tagged").run()  # the tagged hands, listed
    assert not at.exception
    listed = next(d.value for d in at.dataframe if "hand_number" in d.value.columns)
    assert list(listed["hand_number"]) == [hand]
