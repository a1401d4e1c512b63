"""`studdraw stats --leaks` (issue 52.5) on the sample database: a block per unit and
game, the flagged stats' sentences, CSV and JSON rows with their intervals."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from pipeline.cli.app import app
from tests.cli.test_cli import runner


def _leaks(database: Path, *options: str):
    result = runner().invoke(app, ["stats", "--leaks", *options, "--db", str(database)])
    assert result.exit_code == 0, result.stderr
    return result


def test_leaks_print_a_table_per_unit_and_game_and_the_flags_as_facts(
    sample_database: Path,
) -> None:
    out = _leaks(sample_database, "--min-hands", "100", "--game", "7 Card Stud").stdout
    assert "US dollars" in out
    assert "7 Card Stud: you 200 hands; 4 winning players, 543 hands" in out
    for label in ("Bring-in complete", "Steal", "Saw 4th street", "AFq 6th street"):
        assert label in out
    assert "differs" in out
    sentences = " ".join(out.split())  # the terminal wraps them
    assert (
        "- you bet or raise on 6th street (of your decisions there) 24% [13-39%]; winning "
        "players in this database 43% [34-52%] (543 hands of 4 players)"
    ) in sentences
    assert " should " not in sentences and " too " not in sentences


def test_leaks_say_so_when_no_winner_has_enough_hands(sample_database: Path) -> None:
    out = _leaks(sample_database, "--money", "tournament").stdout
    assert "Tournament chips" in out and "Razz: you 200 hands." in out
    assert "No winning players to compare with: no other player has 500 hands" in " ".join(
        out.split()
    )


def test_leaks_as_csv_and_json(sample_database: Path) -> None:
    rows = list(
        csv.DictReader(io.StringIO(_leaks(sample_database, "--min-hands", "100", "--csv").stdout))
    )
    games = {(r["unit"], r["game"]) for r in rows}
    assert len(games) == 9 and ("tournament chips", "razz") in games
    flagged = [r for r in rows if r["flagged"] == "True"]
    assert flagged and all(r["sentence"] for r in flagged)
    lines = _leaks(sample_database, "--min-hands", "100", "--json", "--game", "razz").stdout
    records = [json.loads(line) for line in lines.splitlines()]
    bring_in = next(
        r for r in records if r["unit"] == "USD" and r["stat"] == "bring_in_complete_pct"
    )
    assert bring_in["hero_low"] <= bring_in["hero_value"] <= bring_in["hero_high"]
    assert bring_in["winners"] == 1 and bring_in["winners_hands"] == 123


def test_leaks_compare_one_player(sample_database: Path) -> None:
    result = runner().invoke(app, ["stats", "--leaks", "--everyone", "--db", str(sample_database)])
    assert result.exit_code == 2
    assert "--leaks compares one player's stats" in result.stderr
    out = _leaks(sample_database, "--player", "Kestrel99", "--min-hands", "100").stdout
    assert "Razz: you 200 hands" in out  # Kestrel99's razz tournament, against the others
