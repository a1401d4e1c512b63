"""`studdraw export` writes only inside `--out`, and only files it can name safely: a
link planted at `hands.phhs` or at a hand's `.phh` is never written through (its target
stays as it was; one line names the file), an `--out` that is a file is refused in one
line, and a hand number holding a NUL or 300 characters makes a file of a safe name."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from parsers.model.events import Hand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes, parse_file
from pipeline.cli.app import app
from pipeline.engine.replay import replay
from pipeline.writers.export_files import MAX_NAME_CHARACTERS, hand_file_name
from pipeline.writers.phh import phh_fields, phh_text
from tests.cli.test_cli import ANSI, REAL, runner
from tests.conftest import REPO

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")

RAZZ = REAL / "PokerStars" / "cash" / "Stud" / "Razz-USD-0.04-0.08-200911.txt"
RAZZ_HANDS = 9
SAMPLES = REPO / "sample_histories"
SECRET = "the victim's own text\n"


def _export(*arguments: str) -> tuple[int, str]:
    result = runner().invoke(app, ["export", *arguments])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    said = ANSI.sub("", result.stderr)
    assert "Traceback" not in said
    return result.exit_code, said


def _victim(tmp_path: Path) -> Path:
    victim = tmp_path / "victim.txt"
    victim.write_text(SECRET)
    return victim


def test_a_link_planted_at_hands_phhs_is_not_followed(tmp_path: Path) -> None:
    victim, out = _victim(tmp_path), tmp_path / "out"
    out.mkdir()
    (out / "hands.phhs").symlink_to(victim)
    code, said = _export("--out", str(out), "--collection", str(RAZZ))
    assert code == 1
    [line] = [line for line in said.splitlines() if "hands.phhs" in line]
    assert line.startswith("not written:") and "symbolic link" in line
    assert victim.read_text() == SECRET
    assert (out / "hands.phhs").is_symlink()
    assert sorted(p.name for p in out.iterdir()) == ["hands.phhs"]  # no partial file left


def test_a_link_planted_at_one_hand_file_refuses_that_file_alone(tmp_path: Path) -> None:
    victim, out = _victim(tmp_path), tmp_path / "out"
    out.mkdir()
    _chunk, first = next(parse_file(RAZZ))
    assert isinstance(first, Hand)
    planted = out / hand_file_name(first.site, first.hand_number)
    planted.symlink_to(victim)
    code, said = _export("--out", str(out), str(RAZZ))
    assert code == 1
    assert f"{RAZZ_HANDS - 1} hands written as PHH" in said
    [line] = [line for line in said.splitlines() if planted.name in line]
    assert line.startswith("not written:") and "symbolic link" in line
    assert victim.read_text() == SECRET
    assert len(list(out.glob("pokerstars-*.phh"))) == RAZZ_HANDS


def test_an_earlier_export_is_replaced_not_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    for _run in range(2):
        code, said = _export("--out", str(out), "--collection", str(RAZZ))
        assert code == 0 and f"{RAZZ_HANDS} hands written" in said
    assert sorted(p.name for p in out.iterdir()) == ["hands.phhs"]


def test_an_out_that_is_a_file_is_refused_in_one_line(tmp_path: Path) -> None:
    victim = _victim(tmp_path)
    code, said = _export("--out", str(victim), str(RAZZ))
    assert code == 2
    assert said.strip() == f"--out names a file, not a folder: {victim}"
    assert victim.read_text() == SECRET


@pytest.mark.parametrize(
    ("number", "toml"),
    [("a\x00b", '"a\\u0000b"'), ("9" * 300, '"' + "9" * 300 + '"'), ("../../x", '"../../x"')],
    ids=["NUL", "300 characters", "a path"],
)
def test_a_hand_number_makes_a_file_of_a_safe_name(tmp_path: Path, number: str, toml: str) -> None:
    _chunk, hand = next(parse_file(RAZZ))
    assert isinstance(hand, Hand)
    fields = phh_fields(hand, replay(hand, conventions_of(hand.site)))
    assert isinstance(fields, dict)
    text = phh_text(fields).replace(f'hand = "{hand.hand_number}"', f"hand = {toml}")
    source = tmp_path / "crafted.phh"
    source.write_text(text, encoding="utf-8")
    [(_chunk, crafted)] = list(parse_bytes(str(source), source.read_bytes()))
    assert isinstance(crafted, Hand) and crafted.hand_number == number
    out = tmp_path / "out"
    code, said = _export("--out", str(out), str(source))
    assert code == 0 and "1 hand written as PHH" in said
    [written] = list(out.iterdir())
    assert written.parent == out and len(written.name) <= MAX_NAME_CHARACTERS + 30
    assert "\x00" not in written.name and "/" not in written.name
    [(_chunk, back)] = list(parse_bytes(str(written), written.read_bytes()))
    assert isinstance(back, Hand) and back.hand_number == number  # the number kept whole


def test_hand_file_names_never_collide_when_made_safe() -> None:
    assert hand_file_name("pokerstars", "123") == "pokerstars-123.phh"
    assert hand_file_name("phh:pokerstars", "1") != hand_file_name("phh_pokerstars", "1")
    assert hand_file_name("phh", "a/b") != hand_file_name("phh", "a_b")


def _imported(tmp_path: Path, history: Path) -> Path:
    database = tmp_path / "hands.duckdb"
    result = runner().invoke(app, ["import", "--db", str(database), "--jobs", "1", str(history)])
    assert result.exit_code == 0, result.stderr
    return database


def test_export_from_a_database_whose_file_became_4_gb_reads_none_of_it(tmp_path: Path) -> None:
    """The hands' history file grown to a sparse 4 GB since the import: read again in
    pieces of at most `MAX_READ_BYTES`, or, with no hand to cut before, not read: each
    hand skipped with the reason (before: the whole file read into memory)."""
    history = tmp_path / "razz.txt"
    history.write_bytes(RAZZ.read_bytes())
    database = _imported(tmp_path, history)
    os.truncate(history, 4 * 2**30)
    code, said = _export("--db", str(database), "--out", str(tmp_path / "out"))
    assert code == 0 and "0 hands written as PHH" in said
    assert f"{RAZZ_HANDS}  skipped: its history file cannot be read: 4,294,967,296 bytes" in said


def test_export_from_a_database_reads_a_large_file_in_pieces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the most read at once lowered to 64 KiB, a 400 KB sample file is read again
    in pieces: every hand found at its place."""
    from pipeline.sources import file_pieces, history_sources

    sample = next(p for p in sorted(SAMPLES.rglob("*.txt")) if "Razz" in p.name)
    history = tmp_path / "razz.txt"
    history.write_bytes(sample.read_bytes())
    database = _imported(tmp_path, history)
    whole = _export("--db", str(database), "--out", str(tmp_path / "whole"), "--collection")
    monkeypatch.setattr(history_sources, "MAX_READ_BYTES", 2**16)
    monkeypatch.setattr(file_pieces, "MAX_READ_BYTES", 2**16)
    assert history.stat().st_size > 4 * 2**16
    out = tmp_path / "pieces"
    code, said = _export("--db", str(database), "--out", str(out), "--collection")
    assert code == 0 and "history file" not in said
    assert said.replace(str(out), "") == whole[1].replace(str(tmp_path / "whole"), "")
    assert (out / "hands.phhs").read_text() == (tmp_path / "whole" / "hands.phhs").read_text()
