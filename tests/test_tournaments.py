"""Tournaments from their hands: every finish line stored, the `tournaments` view's
result for the hero as the files' own lines say it, and the Tournaments page."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from pipeline.importer import import_histories
from pipeline.storage.database import Database
from tests.real_sites import history_files, text_of

pytestmark = pytest.mark.slow  # a database imported per module

FINISH = re.compile(
    r"^(?P<player>.+?) (?:finished the tournament in (?P<place>\d+)\w\w place"
    r"(?: and received \$(?P<prize>[\d.]+)\.)?|wins the tournament and receives "
    r"\$(?P<won>[\d.]+) - congratulations!)$",
    re.MULTILINE,
)
APP = Path(__file__).resolve().parent.parent / "dashboard" / "app.py"


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
    app = AppTest.from_file(APP, default_timeout=30).run()
    app.multiselect(key="filter_heroes").set_value(["Player5"]).run()
    app.switch_page("views/tournaments.py").run()
    assert not app.exception, [e.value for e in app.exception]
    totals = app.get_by_key("tournaments_totals").dataframe[0].value
    assert list(totals["currency"]) == ["USD"]
    finished = totals["finished"].iloc[0]
    assert totals["itm_pct"].iloc[0] == pytest.approx(100 / finished)
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
