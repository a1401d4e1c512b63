"""The Leak list page (issue 52.5) through Streamlit's AppTest on the sample database."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from pipeline.storage.leaks import MIN_HANDS
from tests.conftest import HANG_SECONDS, REPO

pytestmark = pytest.mark.slow  # the page through Streamlit's AppTest

APP = REPO / "dashboard" / "app.py"


@pytest.fixture
def leaks(sample_database: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("STUDDRAW_DB", str(sample_database))
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.radio(key="filter_money").set_value("All").run()
    return at.switch_page("views/leaks.py").run()


def _table(at: AppTest, key: str) -> pd.DataFrame:
    return at.get_by_key(key).dataframe[0].value


def _no_exceptions(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def test_without_winners_of_enough_hands_it_says_so(leaks: AppTest) -> None:
    _no_exceptions(leaks)
    assert leaks.title[0].value == "Leak list"
    assert leaks.number_input(key="leaks_min_hands").value == MIN_HANDS
    # no player of the samples has 500 hands of one game: one note a game, no table
    notes = [i.value for i in leaks.info]
    assert len(notes) == 9
    assert all(n.startswith("No winning players to compare with") for n in notes)
    assert not leaks.dataframe


def test_stats_beside_the_winners_flagged_first_with_sentences(leaks: AppTest) -> None:
    leaks.number_input(key="leaks_min_hands").set_value(100).run()
    _no_exceptions(leaks)
    headings = [s.value for s in leaks.subheader]
    assert "7 Card Stud · US dollars" in headings and "Razz · Tournament chips" in headings
    stud = _table(leaks, "leaks_usd_seven_stud")
    assert list(stud.columns) == [
        "stat",
        "you",
        "you_n",
        "winners",
        "winners_n",
        "difference",
        "flag",
    ]
    assert stud["stat"].iloc[0] == "All-in adj. BB/100"
    flags = list(stud["flag"] != "")
    assert flags[1:] == sorted(flags[1:], reverse=True)  # flagged stats first
    assert "Bring-in complete" in set(stud["stat"])
    assert stud["you"].str.match(r"^(\+|-)?\d").all()  # '12% [8-16%]', '-49.98 BB/100 [...]'
    # every flagged row of every game has its sentence, in the words
    sentences = [
        line for m in leaks.markdown for line in m.value.splitlines() if line.startswith("- ")
    ]
    flagged = sum(
        int((_table(leaks, key)["flag"] != "").sum())
        for key in (
            f"leaks_{unit}_{game}"
            for unit, game in [
                ("usd", "seven_stud"),
                ("usd", "razz"),
                ("tournament_chips", "razz"),
            ]
        )
    )
    assert flagged > 0
    assert len(sentences) >= flagged
    assert any("winning players in this database" in s for s in sentences)
    assert not any(word in s for s in sentences for word in (" should ", " too "))


def test_the_sidebar_filters_apply(leaks: AppTest) -> None:
    leaks.number_input(key="leaks_min_hands").set_value(100).run()
    leaks.selectbox(key="filter_game").select("razz").run()
    _no_exceptions(leaks)
    headings = [s.value for s in leaks.subheader]
    assert len(headings) == 2 and all(h.startswith("Razz") for h in headings)
