"""`studdraw parse` run through Typer's test runner on real PokerStars histories.

stdout must carry only hands (one JSON object per line); the summary and the errors go
to stderr. Expectations come from the history text (header lines), not from the parser.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli.app import app
from tests.conftest import REAL_HISTORIES

REAL = REAL_HISTORIES
STARS = REAL / "PokerStars"
STUD_FILE = STARS / "cash" / "Stud" / "7-Stud-USD-0.04-0.08-200911.txt"
BADUGI_FILE = STARS / "cash" / "Draw" / "Badugi-USD-0.25-0.50-201009.txt"
EIGHT_GAME_FILE = (
    STARS
    / "extra"
    / "jejellyroll-fr+fpdb-3"
    / (
        "regression-test-files__tour__Stars__Mixed__8-Game-2max-STT-play-100-201306"
        ".homeGame.shootout.txt"
    )
)

HEADER = re.compile(r"^\ufeff?PokerStars (?:Home Game )?(?:Game|Hand|Zoom Hand) #(\d+)", re.M)
ANSI = re.compile(r"\x1b\[[0-9;]*m")
FLOP_GAMES = ("Hold'em", "Omaha")


def runner() -> CliRunner:
    """stdout and stderr kept apart: the default since click 8.2 / Typer's own runner."""
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        return CliRunner()


def run(*args: str):
    result = runner().invoke(app, ["parse", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result, ANSI.sub("", result.stderr)


def json_lines(stdout: str) -> list[dict]:
    def no_floats(text: str):
        raise AssertionError(f"a float in the JSON output: {text}")

    return [json.loads(line, parse_float=no_floats) for line in stdout.splitlines()]


def numbers_in(path: Path) -> list[str]:
    return HEADER.findall(path.read_bytes().decode("utf-8-sig"))


def hand_texts(path: Path) -> list[str]:
    text = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    return re.split(r"\n[ \t]*\n\s*", text.strip())


def test_parse_real_file_prints_one_json_hand_per_line():
    result, stderr = run(str(STUD_FILE))
    assert result.exit_code == 0
    hands = json_lines(result.stdout)
    assert [hand["hand_number"] for hand in hands] == numbers_in(STUD_FILE)
    for hand in hands:
        assert {"site", "hand_number", "game", "events"} <= hand.keys()
        assert hand["site"] == "pokerstars"
        assert hand["game"] == "seven_stud"
        assert hand["events"]
        assert all(isinstance(event["type"], str) for event in hand["events"])
    assert f"{len(hands)} hands parsed" in stderr
    assert "0 failed" in stderr


def test_json_amounts_are_decimal_strings():
    result, _ = run(str(STUD_FILE))
    first = json_lines(result.stdout)[0]
    stakes = first["header"]["stakes"]
    assert stakes["small_bet"] == "0.04"
    assert stakes["big_bet"] == "0.08"
    assert stakes["ante"] == "0.01"
    assert stakes["bring_in"] == "0.02"
    # "Seat 1: Hero ($1.60 in chips)": the trailing zero survives, as text
    assert (first["seats"][0]["player"], first["seats"][0]["stack"]) == ("Hero", "1.60")
    posts = [event for event in first["events"] if event["type"] == "post"]
    assert [post["amount"] for post in posts] == ["0.01"] * 5
    totals = next(event for event in first["events"] if event["type"] == "pot_totals")
    assert (totals["total"], totals["rake"]) == ("0.67", "0.03")
    # every amount anywhere in the output is a string that reads as a Decimal
    for hand in json_lines(result.stdout):
        for event in hand["events"]:
            for key in ("amount", "raise_to", "total", "rake", "won"):
                if event.get(key) is not None:
                    assert isinstance(event[key], str)
                    Decimal(event[key])


def test_eight_game_home_game_counts_flop_games_as_skipped():
    text = EIGHT_GAME_FILE.read_bytes().decode("utf-8-sig")
    games = re.findall(r"^PokerStars Home Game Hand #\d+: .*? 8-Game \(([^)]+)\)", text, re.M)
    assert len(games) == len(numbers_in(EIGHT_GAME_FILE))
    flop = Counter(
        re.sub(r" (?:Limit|Pot Limit|No Limit)$", "", game)
        for game in games
        if game.startswith(FLOP_GAMES)
    )
    expected_skipped = sum(flop.values())
    expected_parsed = len(games) - expected_skipped
    assert expected_skipped > 0 and expected_parsed > 0

    result, stderr = run(str(EIGHT_GAME_FILE))
    assert result.exit_code == 0
    summary = " ".join(stderr.split())  # immune to the console's line wrapping
    assert f"{expected_parsed} hands parsed" in summary
    skipped = re.search(r"(\d+) skipped as unsupported games \((.*?)\)", summary)
    assert skipped is not None, summary
    assert int(skipped.group(1)) == expected_skipped
    by_game = {
        game: int(count)
        for count, game in (item.split(" ", 1) for item in skipped.group(2).split(", "))
    }
    assert by_game == dict(flop)
    assert "0 failed" in summary
    printed = json_lines(result.stdout)
    assert len(printed) == expected_parsed
    assert not any(hand["game"].startswith(("hold", "omaha")) for hand in printed)


def _good_and_broken(folder: Path) -> tuple[str, int, str]:
    """A file with a good hand, then a hand with a line PokerStars never writes."""
    good, other = hand_texts(STUD_FILE)[:2]
    lines = other.split("\n")
    bad = "Nikolay Zem: juggles three chips"
    lines.insert(15, bad)
    text = good + "\n\n\n" + "\n".join(lines) + "\n"
    (folder / "broken.txt").write_text(text, encoding="utf-8")
    return numbers_in(STUD_FILE)[0], text.split("\n").index(bad) + 1, bad


def test_good_and_broken_hand_exit_1_with_error_location(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    good_number, bad_line, bad = _good_and_broken(tmp_path)

    result, stderr = run("broken.txt")
    assert result.exit_code == 1
    assert [hand["hand_number"] for hand in json_lines(result.stdout)] == [good_number]
    assert "1 hand parsed" in stderr
    assert "1 failed (1 syntax)" in stderr
    assert f"broken.txt:{bad_line}:" in stderr
    assert bad in stderr
    assert f"broken.txt:{bad_line}" not in result.stdout


def test_error_location_stays_on_one_line_for_a_long_path(tmp_path):
    folder = tmp_path
    for part in ("histories-of-the-year-2009-" * 4, "pokerstars-seven-card-stud-" * 4):
        folder = folder / part
    folder.mkdir(parents=True)
    _, bad_line, _ = _good_and_broken(folder)
    path = folder / "broken.txt"

    result, stderr = run(str(path))
    assert result.exit_code == 1
    assert any(f"{path}:{bad_line}:" in line for line in stderr.splitlines()), stderr


def test_folder_argument_parses_every_history_in_it():
    folder = STARS / "cash" / "Stud"
    files = sorted(folder.glob("*.txt"))
    assert len(files) == 6

    result, stderr = run(str(folder))
    assert result.exit_code == 0
    numbers = [hand["hand_number"] for hand in json_lines(result.stdout)]
    assert numbers == [number for file in files for number in numbers_in(file)]
    assert f"{len(numbers)} hands parsed" in stderr
    assert {hand["game"] for hand in json_lines(result.stdout)} == {
        "seven_stud",
        "seven_stud_hilo",
        "razz",
    }


def test_files_and_folders_mix_and_failures_are_summed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "more").mkdir()
    _good_and_broken(tmp_path / "more")

    result, stderr = run(str(BADUGI_FILE), "more", "missing.txt")
    assert result.exit_code == 1
    numbers = [hand["hand_number"] for hand in json_lines(result.stdout)]
    assert numbers == [*numbers_in(BADUGI_FILE), numbers_in(STUD_FILE)[0]]
    assert f"{len(numbers)} hands parsed" in stderr
    assert "no such file" in stderr and "missing.txt" in stderr
    assert "2 failed" in stderr


def test_non_ascii_names_reach_stdout_intact(tmp_path):
    text = hand_texts(STUD_FILE)[0].replace("Nikolay Zem", "drachensüss")
    path = tmp_path / "windows.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode("cp1252"))

    result, _ = run(str(path))
    assert result.exit_code == 0
    (hand,) = json_lines(result.stdout)
    assert [seat["player"] for seat in hand["seats"]][1] == "drachensüss"
    assert "drachensüss" in result.stdout  # ensure_ascii=False: not \u00fc
