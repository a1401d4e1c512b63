"""A PHH file's `site` is its author's word: a copy of a real PokerStars hand that says
`site = "pokerstars"` (PHH's own field, or studdraw's `_studdraw_site`) with the hand's
real number, imported before the PokerStars history, must not take the genuine hand's
place. The PHH hand is kept as 'phh:pokerstars', the genuine one as 'pokerstars': both
stored, neither skipped as a duplicate of the other."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from parsers.events import Hand
from parsers.history_file import parse_bytes, parse_file
from parsers.sites import conventions_of, site_name
from pipeline.cli import app
from pipeline.engine.replay import replay
from pipeline.writers.phh import phh_fields, phh_text
from tests.test_cli import ANSI, REAL, runner

pytestmark = pytest.mark.hang_limit(180)

GENUINE = REAL / "PokerStars" / "cash" / "Stud" / "Razz-USD-0.04-0.08-200911.txt"
GENUINE_HANDS = 9


def _first_hand() -> Hand:
    _chunk, hand = next(parse_file(GENUINE))
    assert isinstance(hand, Hand) and hand.site == "pokerstars"
    return hand


def _studdraw_copy() -> str:
    """The genuine first hand as `studdraw export` writes it (`_studdraw_site`)."""
    hand = _first_hand()
    fields = phh_fields(hand, replay(hand, conventions_of(hand.site)))
    assert isinstance(fields, dict)
    return phh_text(fields)


def _plain_copy() -> str:
    """The same hand as another tool writes it: PHH's own `site` and `hand` fields."""
    kept = [
        line
        for line in _studdraw_copy().split("\n")
        if not line.startswith(("_studdraw_", "site ", "hand "))
    ]
    number = _first_hand().hand_number
    return "\n".join(['site = "pokerstars"', f"hand = {number}", *kept])


@pytest.mark.parametrize("copy", [_studdraw_copy, _plain_copy], ids=["studdraw", "plain"])
def test_a_phh_copy_claiming_a_pokerstars_hand_never_takes_its_place(
    tmp_path: Path, copy: object
) -> None:
    text = copy()  # type: ignore[operator]
    [(_chunk, claimed)] = list(parse_bytes("a_copy.phh", text.encode()))
    assert isinstance(claimed, Hand)
    assert (claimed.site, claimed.hand_number) == ("phh:pokerstars", _first_hand().hand_number)
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "a_copy.phh").write_text(text, encoding="utf-8")  # read first
    (folder / "z_razz.txt").write_bytes(GENUINE.read_bytes())
    database = tmp_path / "hands.duckdb"
    result = runner().invoke(app, ["import", "--db", str(database), "--jobs", "1", str(folder)])
    assert result.exit_code == 0, result.stderr
    said = ANSI.sub("", result.stderr)
    assert f"{GENUINE_HANDS + 1} hands imported" in said and "0 duplicates skipped" in said
    with duckdb.connect(str(database), read_only=True) as db:
        stored = db.execute(
            "SELECT site, count(*), list_distinct(list(parse_filename(source_file)))"
            " FROM hands GROUP BY site ORDER BY site"
        ).fetchall()
    assert stored == [
        ("phh:pokerstars", 1, ["a_copy.phh"]),
        ("pokerstars", GENUINE_HANDS, ["z_razz.txt"]),  # the genuine hand among them
    ]


def test_a_phh_hand_naming_a_site_plays_by_its_rules_and_says_it_is_phh() -> None:
    assert conventions_of("phh:pokerstars") == conventions_of("pokerstars")
    assert site_name("phh:pokerstars") == "PokerStars (PHH)"
    assert site_name("pokerstars") == "PokerStars"
    [(_chunk, again)] = list(parse_bytes("again.phh", _studdraw_copy().encode()))
    assert isinstance(again, Hand)
    fields = phh_fields(again, replay(again, conventions_of(again.site)))
    assert isinstance(fields, dict)
    [(_chunk, twice)] = list(parse_bytes("twice.phh", phh_text(fields).encode()))
    assert isinstance(twice, Hand) and twice.site == "phh:pokerstars"  # not phh:phh:...
