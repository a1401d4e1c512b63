"""The hero, known from the files, set once for the database: `studdraw hero` and the
dashboard's sidebar both write it, and every page then counts those names as the hero."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from pipeline.cli.app import app
from pipeline.storage.database import Database
from pipeline.storage.settings import hero_names, set_hero_names
from tests.cli.test_cli import runner
from tests.conftest import HANG_SECONDS, REPO

APP = REPO / "dashboard" / "app.py"


@pytest.fixture
def database(writable_database: Path) -> Path:
    return writable_database


def _stored(database: Path) -> tuple[str, ...] | None:
    with duckdb.connect(str(database), read_only=True) as connection:
        return hero_names(connection)


def test_the_hero_command_sets_shows_and_forgets_the_names(database: Path) -> None:
    shown = runner().invoke(app, ["hero", "--db", str(database)])
    assert shown.exit_code == 0
    assert "no screen names set: counted as yours" in shown.stderr
    assert "most hands on each: studdraw_hero" in shown.stderr
    assert "│ 1,800 │ studdraw_hero │ PokerStars │" in shown.stderr
    set_ = runner().invoke(app, ["hero", "studdraw_hero", "Mads L", "--db", str(database)])
    assert set_.exit_code == 0 and "studdraw_hero, Mads L" in set_.stderr
    assert _stored(database) == ("studdraw_hero", "Mads L")
    forgot = runner().invoke(app, ["hero", "--forget", "--db", str(database)])
    assert forgot.exit_code == 0 and _stored(database) is None


def test_the_sidebar_starts_from_the_names_set_and_can_remember_a_choice(database: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    assert at.multiselect(key="filter_heroes").value == ["studdraw_hero"]  # from the files
    with Database(database) as writable:
        set_hero_names(writable, ("Mads L",))
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    assert at.multiselect(key="filter_heroes").value == ["Mads L"]  # set once, kept
    at.multiselect(key="filter_heroes").set_value(["studdraw_hero", "Mads L"]).run()
    at.button(key="filter_heroes_remember").click().run()
    assert not at.exception
    assert _stored(database) == ("studdraw_hero", "Mads L")
