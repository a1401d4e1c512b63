"""The odds calculator page through Streamlit's AppTest, with no database at all: a stud
hi/lo and a 2-7 draw situation whose answers are worked out by hand, and a typo refused
with its field named."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import HANG_SECONDS, REPO

pytestmark = pytest.mark.slow  # Streamlit's AppTest: some 20 s in all

APP = REPO / "dashboard" / "app.py"


@pytest.fixture
def calculator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("STUDDRAW_DB", str(tmp_path / "none.duckdb"))
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/calculator.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert [title.value for title in at.title] == ["Odds calculator"]
    return at


def _rows(at: AppTest) -> list[dict[str, str]]:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at.get_by_key("calc_result").dataframe[0].value.to_dict("records")


def _counted(at: AppTest) -> str:
    return next(c.value for c in at.caption if c.value.startswith("How it was counted"))


def test_stud_hi_lo_with_a_card_to_come_counted_by_hand(
    calculator: AppTest, tmp_path: Path
) -> None:
    """Sixth street: Ann (Ac 2d) 3h 6s 4d 2c has her 6-4 low made; Bob (Kc Kd) Kh 9s Tc Jd
    has trip kings and no low. 40 cards unseen, 40 x 39 runouts. Ann takes the low half in
    each; the high only with a five (4 cards: a six-high straight) when Bob does not fill
    up (a 9, T or J: 9 cards, the last king) nor make his king-high straight (a queen: 4):
    4 x (39 - 14) = 100 runouts, 6.4%, each a scoop. Ann's equity: 1/2 + 100/1560/2, 53.2%.
    """
    at = calculator
    at.selectbox(key="calc_game").set_value("seven_stud_hilo").run()
    at.text_input(key="calc_stud_1_down").set_value("Ac 2d")
    at.text_input(key="calc_stud_1_up").set_value("3h 6s 4d 2c")
    at.text_input(key="calc_stud_2_down").set_value("kc kd")
    at.text_input(key="calc_stud_2_up").set_value("Kh9sTcJd")
    at.button(key="calc_go").click().run()
    assert _rows(at) == [
        {
            "Player": "Player 1",
            "Cards": "(Ac 2d) 3h 6s 4d 2c, 1 to come",
            "Equity": "53.2%",
            "High": "6.4%",
            "Low": "100.0%",
            "Scoop": "6.4%",
        },
        {
            "Player": "Player 2",
            "Cards": "(Kc Kd) Kh 9s Tc Jd, 1 to come",
            "Equity": "46.8%",
            "High": "93.6%",
            "Low": "0.0%",
            "Scoop": "0.0%",
        },
    ]
    assert _counted(at) == "How it was counted: every runout counted (1,560)."
    assert any("is made in **100.0%** of the runouts" in m.value for m in at.markdown)
    assert not (tmp_path / "none.duckdb").exists()  # the page needs no database


def test_a_one_card_draw_against_a_pat_hand_counted_by_its_outs(calculator: AppTest) -> None:
    """2-7 triple draw, three players: 7-5-4-2 draws one; 8-6-4-3-2 and K-Q-9-8-5 are pat;
    the 6s is dead. 37 cards unseen; Player 1 wins with a 3 (3c 3d 3s) or a 6 (6c 6h):
    5 of 37. Else the pat 8-6 wins (an 8 gives Player 1 8-7, worse)."""
    at = calculator
    at.selectbox(key="calc_game").set_value("triple_draw_27").run()
    at.number_input(key="calc_players").set_value(3).run()
    at.text_input(key="calc_draw_1_kept").set_value("7c 5d 4h 2s")
    at.text_input(key="calc_draw_2_kept").set_value("8c 6d 4c 3h 2c")
    at.selectbox(key="calc_draw_2_draws").set_value("0")
    at.text_input(key="calc_draw_3_kept").set_value("Kd Qh 9h 8s 5s")
    at.text_input(key="calc_dead").set_value("6s")
    at.button(key="calc_go").click().run()
    rows = _rows(at)
    assert [(row["Cards"], row["Equity"], row["Wins alone"]) for row in rows] == [
        ("7c 5d 4h 2s, draws 1", "13.5%", "13.5%"),
        ("8c 6d 4c 3h 2c, pat", "86.5%", "86.5%"),
        ("Kd Qh 9h 8s 5s, pat", "0.0%", "0.0%"),
    ]
    assert _counted(at) == "How it was counted: every runout counted (37)."
    assert any("the next draw only" in c.value for c in at.caption)


def test_a_typo_is_refused_naming_its_field(calculator: AppTest) -> None:
    at = calculator
    at.text_input(key="calc_stud_2_up").set_value("Kx")
    at.button(key="calc_go").click().run()
    assert [e.value for e in at.error] == ["Player 2's up cards: 'Kx' is not a card"]
    assert not at.exception


def test_a_random_hand_against_a_random_hand_is_sampled_with_its_error(
    calculator: AppTest,
) -> None:
    at = calculator
    at.button(key="calc_go").click().run()
    rows = _rows(at)
    assert [row["Cards"] for row in rows] == ["a random hand (7 cards)"] * 2
    assert "runouts drawn at random (seeded)" in _counted(at)
    assert "±0.2" in _counted(at)  # to 0.25% or better


def test_a_range_is_drawn_from_and_said_so(calculator: AppTest) -> None:
    at = calculator
    at.selectbox(key="calc_game").set_value("triple_draw_27").run()
    at.text_input(key="calc_draw_1_kept").set_value("any 8-low draw")
    at.text_input(key="calc_draw_2_kept").set_value("8c 6d 4c 3h 2c")
    at.selectbox(key="calc_draw_2_draws").set_value("0")
    at.button(key="calc_go").click().run()
    rows = _rows(at)
    assert [row["Cards"] for row in rows] == ["any 8-low draw, draws 1", "8c 6d 4c 3h 2c, pat"]
    assert "runouts drawn at random (seeded)" in _counted(at)
    assert any(
        c.value.startswith("Player 1 holds 'any 8-low draw': one of its 4,005 hands of 4 cards")
        for c in at.caption
    )
