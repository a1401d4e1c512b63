"""A PHH file's `site` is its author's word: a copy of a real PokerStars hand that says
`site = "pokerstars"` (PHH's own field, or studdraw's `_studdraw_site`) with the hand's
real number must not take the genuine hand's place. The PHH hand is read as
'phh:pokerstars'; stored beside the history of the same hand, it is one hand counted once:
the history's, whichever came first (a forged copy gives way, an honest one is a
duplicate)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from parsers.model.events import Hand
from parsers.sites import conventions_of, site_name
from parsers.text.history_file import parse_bytes, parse_file
from pipeline.cli.app import app
from pipeline.engine.replay import replay
from pipeline.storage.rows import HAND_TABLES
from pipeline.writers.phh import phh_fields, phh_text
from tests.cli.test_cli import ANSI, REAL, runner
from tests.storage.test_day_counts import day_counts_disagree

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
    assert _stored(database) == [("pokerstars", GENUINE_HANDS, ["z_razz.txt"])]
    # and the copy again, after its history: a duplicate, not a second hand
    again = tmp_path / "again"
    again.mkdir()
    (again / "a_copy.phh").write_text(text, encoding="utf-8")
    result = runner().invoke(app, ["import", "--db", str(database), str(again)])
    said = ANSI.sub("", result.stderr)
    assert "0 hands imported" in said and "1 duplicate skipped" in said, said
    assert _stored(database) == [("pokerstars", GENUINE_HANDS, ["z_razz.txt"])]


def test_a_phh_copy_alone_is_kept_until_its_history_comes(tmp_path: Path) -> None:
    """Without its history the copy is all there is: stored, as PokerStars (PHH)."""
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "a_copy.phh").write_text(_plain_copy(), encoding="utf-8")
    database = tmp_path / "hands.duckdb"
    result = runner().invoke(app, ["import", "--db", str(database), str(folder)])
    assert result.exit_code == 0, result.stderr
    assert _stored(database) == [("phh:pokerstars", 1, ["a_copy.phh"])]
    copy_site, number = "phh:pokerstars", _first_hand().hand_number
    player = _first_hand().seats[0].player
    with duckdb.connect(str(database)) as db:  # the player's own words on the copy
        db.execute(
            "INSERT INTO hand_tags VALUES (?, ?, 'review', now()), (?, ?, 'bad beat', now())",
            [copy_site, number, copy_site, number],
        )
        db.execute(
            "INSERT INTO player_notes VALUES (?, ?, 'calls down light', now())", [copy_site, player]
        )
    # its history arrives: the copy gives way, with every row of it
    result = runner().invoke(app, ["import", "--db", str(database), str(GENUINE)])
    assert result.exit_code == 0, result.stderr
    assert _stored(database) == [("pokerstars", GENUINE_HANDS, [GENUINE.name])]
    with duckdb.connect(str(database), read_only=True) as db:
        for table in HAND_TABLES:
            rows = db.execute(f"SELECT count(*) FROM {table} WHERE site LIKE 'phh%'")
            assert rows.fetchall() == [(0,)], table
        # what the player wrote follows the hand to its history
        tags = db.execute("SELECT site, hand_number, tag FROM hand_tags ORDER BY tag")
        assert tags.fetchall() == [
            ("pokerstars", number, "bad beat"),
            ("pokerstars", number, "review"),
        ]
        notes = db.execute("SELECT site, player, note FROM player_notes ORDER BY site")
        assert notes.fetchall() == [
            (copy_site, player, "calls down light"),  # his other copied hands keep it
            ("pokerstars", player, "calls down light"),
        ]


def _stored(database: Path) -> list[tuple[object, ...]]:
    """Hands by site, with their files; and the stats' facts and counts agree."""
    with duckdb.connect(str(database), read_only=True) as db:
        stored = db.execute(
            "SELECT site, count(*), list_distinct(list(parse_filename(source_file)))"
            " FROM hands GROUP BY site ORDER BY site"
        ).fetchall()
        facts = db.execute("SELECT count(DISTINCT (site, hand_number)) FROM player_hand_facts")
        assert facts.fetchall() == [(sum(count for _site, count, _files in stored),)]
        assert day_counts_disagree(db) == {}  # a copy giving way leaves no count behind
    return stored


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
