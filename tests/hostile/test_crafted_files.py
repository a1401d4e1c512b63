"""Files crafted to stop an import: a PHH hand nested 100,000 deep, a 5,000-digit number,
a stack of `inf` or `1e999999`, a tournament summary of 10^23 players, PHH hands that
read whole but say nonsense (`nan`, month 13, `actions = [1]`), a 50 MB line. Each goes
first in a folder, before a real razz file: `studdraw import` refuses the file (one line
naming it and why) or rejects its hand (the reason kept), imports the razz file's hands,
exits 0 as for any file not read, and a rerun says the same and stores nothing twice."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from parsers.model.events import Hand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_file
from pipeline.cli.app import app
from pipeline.engine.replay import replay
from pipeline.writers.phh import phh_fields, phh_text
from tests.cli.test_cli import ANSI, REAL, runner

pytestmark = pytest.mark.hang_limit(180)  # each probe imports twice, with two workers

GOOD = REAL / "PokerStars" / "cash" / "Stud" / "Razz-USD-0.04-0.08-200911.txt"
GOOD_HANDS = 9


@pytest.fixture(scope="module")
def phh_hand() -> str:
    """The razz file's first hand, as `studdraw export` writes it in PHH."""
    _chunk, hand = next(parse_file(GOOD))
    assert isinstance(hand, Hand)
    fields = phh_fields(hand, replay(hand, conventions_of(hand.site)))
    assert isinstance(fields, dict)
    return phh_text(fields)


def _import_twice(
    tmp_path: Path, name: str, data: bytes
) -> tuple[list[str], duckdb.DuckDBPyConnection]:
    """The crafted file first in a folder, the real razz file after it, imported twice:
    each run's stderr (the same, but for timings), and the database, read-only."""
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / name).write_bytes(data)
    (folder / "z_razz.txt").write_bytes(GOOD.read_bytes())
    database = tmp_path / "hands.duckdb"
    said = []
    for _run in range(2):
        result = runner().invoke(app, ["import", "--db", str(database), "--jobs", "2", str(folder)])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
        assert result.exit_code == 0, result.stderr
        said.append(ANSI.sub("", result.stderr))
    connection = duckdb.connect(str(database), read_only=True)
    hands = connection.execute("SELECT count(*) FROM hands").fetchall()
    assert hands == [(GOOD_HANDS,)]  # the razz file's, once, whatever came before it
    assert f"{GOOD_HANDS} hands imported" in said[0]
    assert "0 hands imported" in said[1]
    for text in said:
        assert "Traceback" not in text and "half-written" not in text
    return said, connection


def _refused(said: list[str], name: str, reason: str) -> None:
    """Both runs: one line naming the file and the reason."""
    for text in said:
        [line] = [line for line in text.splitlines() if name in line]
        assert line.strip().endswith(reason) or reason in line, line


def test_a_phh_file_nested_100000_deep_is_refused(tmp_path: Path) -> None:
    deep = b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n"
    said, _db = _import_twice(tmp_path, "a_deep.phh", deep)
    _refused(said, "a_deep.phh", "nested too deep to read")


def test_a_5000_digit_integer_is_refused(tmp_path: Path, phh_hand: str) -> None:
    crafted = phh_hand.replace("seat_count = 8", "seat_count = " + "9" * 5000)
    assert crafted != phh_hand
    said, _db = _import_twice(tmp_path, "a_digits.phh", crafted.encode())
    _refused(said, "a_digits.phh", "Exceeds the limit (4300 digits)")


@pytest.mark.parametrize("stack", ["inf", "1e999999", "100000000000000"])
def test_a_stack_the_database_cannot_hold_rejects_its_hand(
    tmp_path: Path, phh_hand: str, stack: str
) -> None:
    """DECIMAL(18, 4) holds 14 digits before the point: a hand with more is rejected
    (infinity by the PHH reader itself, as no amount: tests/hostile/test_phh_field_values)."""
    crafted = phh_hand.replace("starting_stacks = [1.33,", f"starting_stacks = [{stack},")
    assert crafted != phh_hand
    said, db = _import_twice(tmp_path, "a_stack.phh", crafted.encode())
    expected = "structure" if stack == "inf" else "unstorable"
    assert "1 hand rejected" in said[0] and expected in said[0]
    [(kind, reason, source)] = db.execute(
        "SELECT kind, reason, source_file FROM rejects"
    ).fetchall()
    assert (kind, source.rsplit("/", 1)[-1]) == (expected, "a_stack.phh")
    assert reason.startswith(("stack ", "starting_stacks ")), reason
    assert "not an amount" in reason or "too large" in reason


def test_a_summary_of_10_to_the_23_players_is_refused(tmp_path: Path) -> None:
    summary = (
        "PokerStars Tournament #330855877, Limit Badugi\n"
        "Buy-In: $1.00/$0.20 USD\n"
        "99999999999999999999999 players\n"
        "Total Prize Pool: $8.00 USD\n"
        "Tournament started 2010/11/07 14:17:59 ET\n\n"
        "  1: Player3 (Germany), $4.00 (50%)\n\n"
        "You finished in 1st place.\n"
    )
    said, db = _import_twice(tmp_path, "TS20101107 T330855877.txt", summary.encode())
    _refused(said, "T330855877.txt", "is too large to store (under 2,147,483,648)")
    assert db.execute("SELECT count(*) FROM tournament_summaries").fetchall() == [(0,)]


_NONSENSE: dict[str, Callable[[str], str]] = {
    "nan": lambda text: text.replace("starting_stacks = [1.33,", "starting_stacks = [nan,"),
    "month 13": lambda text: text.replace("month = 11", "month = 13"),
    "actions = [1]": lambda text: "\n".join(
        "actions = [1]" if line.startswith("actions = ") else line for line in text.split("\n")
    ),
}


@pytest.mark.parametrize("nonsense", list(_NONSENSE))
def test_a_phh_hand_that_reads_whole_but_says_nonsense_is_rejected_not_parked(
    tmp_path: Path, phh_hand: str, nonsense: str
) -> None:
    crafted = _NONSENSE[nonsense](phh_hand)
    assert crafted != phh_hand
    said, db = _import_twice(tmp_path, "a_nonsense.phh", crafted.encode())
    assert "1 hand rejected" in said[0]
    [(kind, source)] = db.execute("SELECT kind, source_file FROM rejects").fetchall()
    assert kind == "structure" and source.endswith("a_nonsense.phh")


def test_a_50_mb_line_is_refused_unread(tmp_path: Path) -> None:
    """Over the most read in one go (`MAX_READ_BYTES`), and a PHH file is never cut."""
    said, db = _import_twice(tmp_path, "a_line.phh", b"x" * 50_000_000)
    _refused(said, "a_line.phh", "50,000,000 bytes and no place to cut it into pieces")
    assert db.execute("SELECT count(*) FROM rejects").fetchall() == [(0,)]


def test_a_20_mb_line_is_rejected_not_parked(tmp_path: Path) -> None:
    said, db = _import_twice(tmp_path, "a_line.phh", b"x" * 20_000_000)
    assert "1 hand rejected" in said[0]
    [(kind, reason, kept)] = db.execute(
        "SELECT kind, reason, length(raw_text) FROM rejects"
    ).fetchall()
    assert kind == "structure" and "far more than a hand holds" in reason
    assert kept < 2 * 2**20  # not a copy of the file
