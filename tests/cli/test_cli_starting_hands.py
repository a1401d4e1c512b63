"""`studdraw stats --starting-hands` on the sample histories: a block per unit of money,
the categories in the report's order with their samples and intervals, the details and
the door card on request, and CSV / JSON rows that are the starting_hands macro's."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import duckdb

from pipeline.cli.app import app
from tests.cli.test_cli import runner


def _stats(database: Path, *arguments: str) -> str:
    result = runner().invoke(app, ["stats", "--starting-hands", *arguments, "--db", str(database)])
    assert result.exit_code == 0, result.stderr
    return str(result.stdout)


def _macro(database: Path, sql: str) -> list[tuple[object, ...]]:
    with duckdb.connect(str(database), read_only=True) as connection:
        return connection.execute(sql).fetchall()


def test_a_block_per_unit_the_categories_in_order(sample_database: Path) -> None:
    out = _stats(sample_database, "--game", "razz")
    dollars, chips = out.index("US dollars"), out.index("Tournament chips")
    assert "200 hands with known starting cards" in out[dollars:]
    assert "200 hands with known starting cards" in out[chips:]
    dollar_block = out[dollars:chips] if dollars < chips else out[dollars:]
    categories = [
        str(category)
        for (category,) in _macro(
            sample_database,
            "SELECT category FROM starting_hands(player := 'studdraw_hero', game := 'razz', "
            "unit := 'USD')",
        )
    ]
    assert categories[0].startswith(("2-low", "3-low"))  # by the low's top card, best first
    positions = [dollar_block.index(f"  {category} ") for category in categories]
    assert positions == sorted(positions)
    assert "±" in dollar_block  # the win rates' 95% intervals
    assert "chips" not in dollar_block


def test_draw_categories_and_stud_details_with_the_door_card(sample_database: Path) -> None:
    out = _stats(sample_database, "--game", "triple_draw_27")
    places = [out.index(f"  {c} ") for c in ("pat", "draws one", "draws two", "no draw")]
    assert places == sorted(places)
    detailed = _stats(sample_database, "--game", "seven_stud", "--detail", "--door")
    assert "buried pair" in detailed and " live " in detailed and " dead " in detailed
    assert "rolled-up" in detailed  # a detail under its category


def test_json_and_csv_rows_are_the_macros(sample_database: Path) -> None:
    out = _stats(sample_database, "--game", "seven_stud", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    truth = _macro(
        sample_database,
        "SELECT unit, category, hands, net_won FROM starting_hands(player := 'studdraw_hero', "
        "game := 'seven_stud')",
    )
    assert len(rows) == len(truth) > 5
    got = {(r["unit"], r["category"]): (r["hands"], str(r["net_won"])) for r in rows}
    for unit, category, hands, net in truth:
        assert isinstance(net, Decimal)
        assert got[(unit, category)] == (hands, f"{net.normalize():f}")  # money exact
    csv = _stats(sample_database, "--game", "seven_stud", "--csv").splitlines()
    assert csv[0].startswith("site,player,unit,game,category,detail,door_live")
    assert len(csv) == len(truth) + 1
