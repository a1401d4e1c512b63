"""The Starting hands page through Streamlit's AppTest on the sample database: the
categories of a stud and a draw game in the report's order, a table per unit of money,
the door card live or dead, and a category's details."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import HANG_SECONDS, REPO
from tests.dashboard.test_dashboard import every_hand, no_exceptions, table

pytestmark = pytest.mark.slow  # pages through Streamlit's AppTest

APP = REPO / "dashboard" / "app.py"


@pytest.fixture
def page(sample_database: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("STUDDRAW_DB", str(sample_database))
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/starting_hands.py").run()
    no_exceptions(at)
    return at


def test_stud_categories_doors_and_details(page: AppTest) -> None:
    assert [t.value for t in page.title] == ["Starting hands"]
    page.selectbox(key="starting_hands_game").select("seven_stud").run()
    rows = table(page, "starting_hands_usd")
    assert list(rows["category"])[:3] == ["rolled up", "split pair", "buried pair"]
    assert list(rows["category"])[-1] == "high card"
    assert rows["hands"].sum() == 200  # every hand of the hero's $ stud table
    assert {"big_bets_per_100", "interval", "ev_big_bets_per_100", "ev_interval"} <= set(
        rows.columns
    )
    doors = table(page, "starting_hands_doors_usd")
    assert list(doors["door"]) == ["live", "dead"] and doors["hands"].sum() == 200

    page.toggle(key="starting_hands_door").set_value(True).run()
    no_exceptions(page)
    split = table(page, "starting_hands_usd")
    assert set(split["door"]) == {"live", "dead"} and split["hands"].sum() == 200

    page.selectbox(key="starting_hands_category").select("split pair").run()
    details = table(page, "starting_hands_details_usd")
    assert all(detail.startswith("split ") for detail in details["detail"])
    assert details["hands"].sum() == split.loc[split["category"] == "split pair", "hands"].sum()


def test_draw_categories_and_a_table_per_unit(page: AppTest) -> None:
    page.selectbox(key="starting_hands_game").select("triple_draw_27").run()
    no_exceptions(page)
    rows = table(page, "starting_hands_usd")
    assert list(rows["category"]) == [
        "pat",
        "draws one",
        "draws two",
        "draws three or more",
        "no draw",
    ]
    assert "door" not in rows.columns  # no door card in a draw game
    assert not page.get("toggle")  # nor its toggle
    every_hand(page)  # razz: dollars and tournament chips, never added
    page.selectbox(key="starting_hands_game").select("razz").run()
    no_exceptions(page)
    assert table(page, "starting_hands_usd")["hands"].sum() == 200
    assert table(page, "starting_hands_tournament_chips")["hands"].sum() == 200
