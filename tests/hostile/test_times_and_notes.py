"""Small probes of issue 49: a hand's time that is none ('infinity', a zone nobody knows,
a date past the calendar) and a note of megabytes.

A PHH hand whose `time` was no time of day started at midnight, and one whose zone was
unknown (or a path) was taken as UTC, silently: now each is rejected with the reason,
in the rejects table, and the import goes on with the next file. A note is at most
`MAX_NOTE_CHARACTERS` (5,000): the dashboard's text area says so, counts and stops there,
and any other writer is refused with why (`NoteTooLong`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from pipeline.storage.annotations import MAX_NOTE_CHARACTERS, NoteTooLong, set_note
from pipeline.storage.database import Database
from tests.conftest import HANG_SECONDS, REPO
from tests.hostile.test_crafted_files import GOOD, _import_twice, phh_hand  # noqa: F401

pytestmark = pytest.mark.hang_limit(180)  # each probe imports twice, with two workers


def _set(text: str, field: str, value: str) -> str:
    """The PHH hand with `field = value` (its line replaced, or added)."""
    lines = [line for line in text.split("\n") if not line.startswith(f"{field} = ")]
    return "\n".join([*lines, f"{field} = {value}"])


_TIMES: dict[str, tuple[Callable[[str], str], str]] = {
    "time 'infinity'": (
        lambda text: _set(text, "time", '"infinity"'),
        "time 'infinity' is not a time of day",
    ),
    "time_zone 'infinity'": (
        lambda text: _set(text, "time_zone", '"infinity"'),
        "time_zone 'infinity' is no time zone's name",
    ),
    "time_zone a path": (
        lambda text: _set(text, "time_zone", '"../../../../etc/localtime"'),
        "time_zone '../../../../etc/localtime' is no time zone's name",
    ),
    "year inf": (lambda text: _set(text, "year", "inf"), "year holds Infinity, not an amount"),
    "past 9999 in UTC": (
        lambda text: _set(
            _set(_set(_set(text, "year", "9999"), "month", "12"), "day", "31"),
            "time_zone",
            '"Etc/GMT+12"',
        ).replace("time = 15:24:42", "time = 23:59:59"),
        "date value out of range",
    ),
}


@pytest.mark.parametrize("probe", list(_TIMES))
def test_a_phh_hand_whose_time_is_none_is_rejected_with_why(
    tmp_path: Path,
    phh_hand: str,  # noqa: F811
    probe: str,
) -> None:
    craft, reason = _TIMES[probe]
    crafted = craft(phh_hand)
    assert crafted != phh_hand
    said, db = _import_twice(tmp_path, "a_time.phh", crafted.encode())
    assert "1 hand rejected" in said[0]
    [(kind, why, source)] = db.execute("SELECT kind, reason, source_file FROM rejects").fetchall()
    assert kind == "structure" and reason in why and source.endswith("a_time.phh")


def test_a_history_whose_date_is_infinity_is_rejected_with_why(tmp_path: Path) -> None:
    history = GOOD.read_text(encoding="utf-8")
    first = history.split("\n\n\n")[0]
    crafted = first.replace("2009/11/26 10:24:42 ET", "infinity ET") + "\n\n\n"
    assert crafted.count("infinity") == 1
    said, db = _import_twice(tmp_path, "a_time.txt", crafted.encode())
    assert "1 hand rejected" in said[0]
    [(source, line, why)] = db.execute(
        "SELECT source_file, first_line, reason FROM rejects"
    ).fetchall()
    assert source.endswith("a_time.txt") and line == 1 and "expected DATE" in why


def test_a_note_over_the_limit_is_not_saved_and_says_why(tmp_path: Path) -> None:
    database = tmp_path / "notes.duckdb"
    with Database(database) as db:
        db.prepare()
    longest = "x" * MAX_NOTE_CHARACTERS
    set_note(Database(database), "pokerstars", "Kestrel99", longest)
    with pytest.raises(NoteTooLong, match=f"at most {MAX_NOTE_CHARACTERS:,} characters"):
        set_note(Database(database), "pokerstars", "Kestrel99", "y" * 10_000_000)
    with duckdb.connect(str(database), read_only=True) as connection:
        notes = connection.execute("SELECT note FROM player_notes").fetchall()
    assert notes == [(longest,)]  # the note before, whole


PAGE = """
from dashboard.notes import note_editor

note_editor("pokerstars", "Kestrel99")
"""


@pytest.mark.slow  # Streamlit
def test_the_note_editor_keeps_a_note_to_the_limit_and_says_it(
    writable_database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The text area counts the characters up to the limit and stops there (Streamlit's
    server cuts a longer value sent past the browser to it): never more is stored."""
    monkeypatch.syspath_prepend(str(REPO))
    script = tmp_path / "note_page.py"
    script.write_text(PAGE, encoding="utf-8")
    at = AppTest.from_file(str(script), default_timeout=HANG_SECONDS).run()
    key = "opponents_note_pokerstars_Kestrel99"
    area = at.text_area(key=key)
    assert area.max_chars == MAX_NOTE_CHARACTERS
    assert area.help == f"Up to {MAX_NOTE_CHARACTERS:,} characters."
    too_long = "z" * (MAX_NOTE_CHARACTERS + 1)
    assert area.input(too_long).value == ""  # the browser stops there
    area.set_value(too_long)  # sent past the browser
    at.button(key="opponents_note_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    with duckdb.connect(str(writable_database), read_only=True) as connection:
        notes = connection.execute("SELECT note FROM player_notes").fetchall()
    assert notes == [("z" * MAX_NOTE_CHARACTERS,)]
