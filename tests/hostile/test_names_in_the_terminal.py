"""A player named `[/]x[link=file:///etc/passwd]y ESC[31m z ESC]0;title BEL`, in a file
whose name has markup and an escape too: `import`, `stats`, `query` and `validate` print
the name as written, its control characters shown escaped (`\\x1b`), never as markup (no
MarkupError, no hyperlink) nor as an escape sequence reaching the terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.cli.app import app
from tests.cli.test_cli import ANSI, REAL, runner

RAZZ = REAL / "PokerStars" / "cash" / "Stud" / "Razz-USD-0.04-0.08-200911.txt"
NAME = "[/]x[link=file:///etc/passwd]y\x1b[31mz\x1b]0;title\x07"
SHOWN = "[/]x[link=file:///etc/passwd]y\\x1b[31mz\\x1b]0;title\\x07"
FILE_NAME = "razz [bold]\x1b[31m[link=file:passwd]x.txt"  # no "/" in a file's name
FILE_SHOWN = "razz [bold]\\x1b[31m[link=file:passwd]x.txt"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The razz file with SilkZone renamed, imported; and a copy of it with one of his
    lines broken (a hand `validate` rejects, quoting the line)."""
    folder = tmp_path_factory.mktemp("names")
    text = RAZZ.read_text(encoding="utf-8-sig").replace("SilkZone", NAME)
    history = folder / FILE_NAME
    history.write_text(text, encoding="utf-8")
    broken = folder / "broken" / FILE_NAME
    broken.parent.mkdir()
    broken.write_text(text.replace(f"{NAME}: calls $0.02", f"{NAME}: dances $0.02", 1))
    database = folder / "hands.duckdb"
    result = _run("import", "--jobs", "1", "--db", str(database), str(history))
    assert result.exit_code == 0 and "9 hands imported" in result.stderr
    return database, broken


def _run(*args: str):
    result = runner().invoke(app, list(args), env={"FORCE_COLOR": "1", "COLUMNS": "400"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result


def _safe(output: str) -> None:
    """Nothing of the name reached the terminal as an escape: no hyperlink or title
    (operating system commands, ESC ]), no colour the name chose."""
    assert "\x1b]" not in output
    assert "\x1b[31mz" not in output and "\x07" not in output


def test_stats_print_the_name_as_written(hostile: tuple[Path, Path]) -> None:
    database, _broken = hostile
    result = _run("stats", "--everyone", "--db", str(database))
    assert result.exit_code == 0, result.stderr
    # The table's title (the site, the name, the game) wraps at the table's width.
    title = re.sub(r"\s", "", ANSI.sub("", result.stdout))
    assert re.sub(r"\s", "", f"PokerStars · {SHOWN} · Razz") in title
    _safe(result.stdout + result.stderr)


def test_query_prints_the_name_as_written(hostile: tuple[Path, Path]) -> None:
    database, _broken = hostile
    result = _run("query", "SELECT DISTINCT player FROM hand_players", "--db", str(database))
    assert result.exit_code == 0, result.stderr
    assert SHOWN in result.stdout
    _safe(result.stdout + result.stderr)


def test_validate_quotes_the_line_and_names_the_file_as_written(
    hostile: tuple[Path, Path],
) -> None:
    _database, broken = hostile
    result = _run("validate", "--jobs", "1", str(broken))
    assert result.exit_code == 1  # a hand rejected, as documented
    assert f"{SHOWN}: dances $0.02" in result.stderr
    assert FILE_SHOWN in result.stderr
    _safe(result.stdout + result.stderr)


def test_a_file_not_read_is_named_as_written(tmp_path: Path) -> None:
    """A file refused (`validate` of a PHH file nested too deep) is named in red, its
    name as text: no markup of its own."""
    deep = tmp_path / f"{FILE_NAME}.phh"
    deep.write_bytes(b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    result = _run("validate", "--jobs", "1", str(deep))
    assert result.exit_code == 1
    assert f"{FILE_SHOWN}.phh: nested too deep to read" in result.stderr
    _safe(result.stdout + result.stderr)
