"""Memory with a bound (issue 49, point 2): nothing is read in one go past
`MAX_READ_BYTES` (32 MiB), and no hand past `hand_limits` (1 MiB, 10,000 lines, 10
players) is stored.

Before: a 4 GB sparse file ended the import in a MemoryError at 4.2 GB, a watched file
grown by `truncate -s +3G` killed the watch (3.5 GB), an 8 MB PHH hand of 1,000,000
players was stored (63 s, 2.19 GB). The sparse files here cost no disk; the code never
reads them whole, which the peak memory of the import's process tree shows."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from parsers.model.errors import HandParseError
from parsers.model.hand_limits import MAX_HAND_LINES, MAX_PLAYERS
from parsers.text.history_file import parse_bytes
from pipeline.importing.importer import import_histories
from pipeline.sources import file_pieces, history_sources
from pipeline.sources.file_pieces import PieceSizes
from pipeline.sources.history_sources import MAX_READ_BYTES
from pipeline.storage.database import Database
from tests.cli.test_cli import ANSI, REAL
from tests.conftest import REPO

pytestmark = pytest.mark.hang_limit(600)  # guards against a hang, in minutes: no timing

RAZZ = REAL / "PokerStars" / "cash" / "Stud" / "Razz-USD-0.04-0.08-200911.txt"
RAZZ_HANDS = 9
SAMPLE = next(p for p in sorted((REPO / "sample_histories").rglob("*.txt")) if "Razz" in p.name)
PEAK_MB = 700  # the import's whole tree: the loader with DuckDB and Polars, two workers

MEASURED = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
sys.stdout.write(done.stderr)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
sys.stdout.write(f"\\nexit {done.returncode} peak {peak} MB\\n")
"""


def _import(database: Path, *paths: Path) -> tuple[int, int, str]:
    """`studdraw import --jobs 2` in a process of its own: its exit code, the peak memory
    of its largest process in MB, and what it said."""
    command = [sys.executable, "-m", "pipeline.cli.command", "import", "--db", str(database)]
    done = subprocess.run(
        [sys.executable, "-c", MEASURED, *command, "--jobs", "2", *map(str, paths)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    said, _, last = ANSI.sub("", done.stdout).rstrip().rpartition("\n")
    _exit, code, _peak, peak, _mb = last.split()
    assert "Traceback" not in said, said
    return int(code), int(peak), said


def _sparse(path: Path, size: int, before: bytes = b"") -> Path:
    path.write_bytes(before)
    os.truncate(path, len(before) + size)
    return path


def _refusal(said: str, name: str) -> str:
    [line] = [line for line in said.splitlines() if name in line and "not read" in line]
    return line


def _stored_hands(database: Path) -> int:
    with duckdb.connect(str(database), read_only=True) as connection:
        [(count,)] = connection.execute("SELECT count(*) FROM hands").fetchall()
    return int(count)


def test_a_sparse_4_gb_file_is_refused_in_one_line_and_the_import_goes_on(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "histories"
    folder.mkdir()
    _sparse(folder / "a_huge.txt", 4 * 2**30)
    (folder / "z_razz.txt").write_bytes(RAZZ.read_bytes())
    code, peak, said = _import(tmp_path / "hands.duckdb", folder)
    assert code == 0 and f"{RAZZ_HANDS} hands imported" in said
    line = _refusal(said, "a_huge.txt")
    assert f"{4 * 2**30:,} bytes and no place to cut it into pieces" in line
    assert peak < PEAK_MB, said


def test_a_file_grown_by_3_gb_of_nuls_is_refused_and_its_hands_stay(tmp_path: Path) -> None:
    """What `truncate -s +3G` does to a watched file, imported again as the watch does."""
    database, table = tmp_path / "hands.duckdb", tmp_path / "razz.txt"
    table.write_bytes(RAZZ.read_bytes())
    code, _peak, said = _import(database, table)
    assert code == 0 and f"{RAZZ_HANDS} hands imported" in said
    os.truncate(table, table.stat().st_size + 3 * 2**30)
    code, peak, said = _import(database, table)
    assert code == 0 and "0 hands imported" in said
    assert "bytes and no place to cut it into pieces" in _refusal(said, "razz.txt")
    assert peak < PEAK_MB, said
    assert _stored_hands(database) == RAZZ_HANDS


def _stored_when_free(database: Path) -> int:
    """The hands stored, read once the watch lets go of the file (-1: not yet)."""
    try:
        with duckdb.connect(str(database), read_only=True) as connection:
            [(count,)] = connection.execute("SELECT count(*) FROM hands").fetchall()
    except (duckdb.IOException, duckdb.CatalogException):
        return -1
    return int(count)


def _wait_for_hands(database: Path, count: int) -> None:
    started = time.monotonic()
    while _stored_when_free(database) != count:
        assert time.monotonic() - started < 300, f"never {count} hands"
        time.sleep(0.1)


def test_a_watch_goes_on_past_a_file_grown_by_3_gb_of_nuls(tmp_path: Path) -> None:
    folder, database = tmp_path / "HandHistory", tmp_path / "watch.duckdb"
    folder.mkdir()
    table = folder / "HH20091126 Razz.txt"
    table.write_bytes(RAZZ.read_bytes())
    command = [sys.executable, "-m", "pipeline.cli.command", "watch", str(folder)]
    watch = subprocess.Popen(
        [*command, "--db", str(database)],
        cwd=REPO,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # Ctrl+C reaches its whole group, as from a terminal
    )
    try:
        _wait_for_hands(database, RAZZ_HANDS)
        os.truncate(table, table.stat().st_size + 3 * 2**30)
        other = folder / "HH20091127 Razz.txt"
        other.write_bytes(RAZZ.read_bytes().replace(b"Game #", b"Game #1"))  # new numbers
        _wait_for_hands(database, 2 * RAZZ_HANDS)  # it reads on after the grown file
        assert watch.poll() is None  # alive
        status = Path(f"/proc/{watch.pid}/status")
        if status.exists():
            peak = next(line for line in status.read_text().splitlines() if "VmHWM" in line)
            assert int(peak.split()[1]) // 1024 < PEAK_MB, peak
    finally:
        os.killpg(watch.pid, signal.SIGINT)
        _, said = watch.communicate(timeout=300)
    assert watch.returncode == 0, said
    line = _refusal(ANSI.sub("", said), "HH20091126 Razz.txt")
    assert "bytes and no place to cut it into pieces" in line


def test_a_large_file_is_read_in_pieces_never_over_the_limit() -> None:
    for size in (MAX_READ_BYTES + 1, 2**30, 4 * 2**30, 64 * 2**30):
        for jobs in (1, 2):
            targets = PieceSizes(jobs=jobs).cut_targets(0, size)
            bounds = list(zip([0, *targets], [*targets, size], strict=True))
            assert max(end - start for start, end in bounds) <= MAX_READ_BYTES // 2


@pytest.fixture
def low_limit(monkeypatch: pytest.MonkeyPatch) -> int:
    """The most read in one go lowered to 64 KiB: a sample file of 400 KB is "large"."""
    limit = 2**16
    monkeypatch.setattr(history_sources, "MAX_READ_BYTES", limit)
    monkeypatch.setattr(file_pieces, "MAX_READ_BYTES", limit)
    return limit


def _import_in_process(database: Path, path: Path) -> tuple[int, list[history_sources.Refused]]:
    with Database(database) as db:
        summary = import_histories([path], db)
    return summary.hands_imported, summary.refused


def test_a_file_over_the_limit_is_read_in_pieces_and_grows(tmp_path: Path, low_limit: int) -> None:
    """Cut into pieces under the limit, and, grown by a few hands past it, read from where
    it stopped as one piece: every hand, as read whole."""
    text = SAMPLE.read_bytes()
    assert len(text) > 4 * low_limit
    cut = text.index(b"PokerStars Hand #", len(text) - low_limit // 2)
    table = tmp_path / "razz.txt"
    table.write_bytes(text[:cut])
    hands, refused = _import_in_process(tmp_path / "hands.duckdb", table)
    assert refused == [] and hands > 0
    with table.open("ab") as file:  # the client writes the last hands
        file.write(text[cut:])
    more, refused = _import_in_process(tmp_path / "hands.duckdb", table)
    assert refused == [] and more > 0
    whole = tmp_path / "whole"
    whole.mkdir()
    (whole / "razz.txt").write_bytes(text)
    with Database(tmp_path / "whole.duckdb") as db:
        expected = import_histories([whole], db, piece_bytes=10**12).hands_imported
    assert hands + more == expected


def test_a_file_over_the_limit_that_cannot_be_cut_is_refused(
    tmp_path: Path, low_limit: int
) -> None:
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes(SAMPLE.read_text(encoding="utf-8")[:low_limit].encode("utf-16"))
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"no hand here\n" * low_limit)
    for path in (utf16, junk):
        hands, [refused] = _import_in_process(tmp_path / "hands.duckdb", path)
        assert hands == 0 and refused.name == str(path)
        assert refused.reason.startswith(f"{path.stat().st_size:,} bytes and no place to cut")


def test_an_8_mb_phh_hand_of_1000000_players_is_rejected_unread(tmp_path: Path) -> None:
    players = 1_000_000
    crafted = (
        'variant = "FR"\nantes = [0]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'
        f"starting_stacks = [{', '.join(['1'] * players)}]\nactions = []\n"
    )
    path = tmp_path / "crowd.phh"
    path.write_text(crafted)
    assert 2 * 2**20 < path.stat().st_size < 16 * 2**20
    database = tmp_path / "hands.duckdb"
    code, peak, said = _import(database, path)
    assert code == 0 and "1 hand rejected" in said
    assert peak < PEAK_MB
    with duckdb.connect(str(database), read_only=True) as connection:
        [(kind, reason)] = connection.execute("SELECT kind, reason FROM rejects").fetchall()
    assert kind == "structure" and "bytes: far more than a hand holds" in reason


def _razz_hand_of(players: int) -> str:
    """A razz hand PHH can say, every player dealt (the up cards all differ), the king
    bringing in and everybody folding to him: a hand the engine finds right."""
    ups = [*(f"{rank}c" for rank in "A23456789TJQ"[: players - 1]), "Kd"]
    actions = [f'"d dh p{seat} ????{up}"' for seat, up in enumerate(ups, start=1)]
    actions += [f'"p{players} pb"'] + [f'"p{seat} f"' for seat in range(1, players)]
    return (
        f'variant = "FR"\nantes = [{", ".join(["0"] * players)}]\nbring_in = 1\n'
        f"small_bet = 2\nbig_bet = 4\nstarting_stacks = [{', '.join(['100'] * players)}]\n"
        f"actions = [{', '.join(actions)}]\nseat_count = {players}\nhand = 7\n"
    )


def test_a_hand_of_more_players_than_a_table_seats_is_rejected(tmp_path: Path) -> None:
    """Eleven players at a razz table, a hand right by the rules: before, stored."""
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "a_crowd.phh").write_text(_razz_hand_of(MAX_PLAYERS + 1))
    (folder / "a_table.phh").write_text(_razz_hand_of(MAX_PLAYERS).replace("hand = 7", "hand = 8"))
    code, _peak, said = _import(tmp_path / "hands.duckdb", folder)
    assert code == 0 and "1 hand imported" in said and "1 hand rejected" in said
    with duckdb.connect(str(tmp_path / "hands.duckdb"), read_only=True) as connection:
        [(reason, source)] = connection.execute(
            "SELECT reason, source_file FROM rejects"
        ).fetchall()
        assert connection.execute("SELECT hand_number FROM hands").fetchall() == [("8",)]
    assert reason == f"{MAX_PLAYERS + 1} players: more than any hand has (at most {MAX_PLAYERS})"
    assert source.endswith("a_crowd.phh")


def test_a_phh_hand_of_100000_players_is_rejected_before_a_seat_is_made() -> None:
    crafted = (
        'variant = "FR"\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'
        f"starting_stacks = [{', '.join(['1'] * 100_000)}]\nactions = []\n"
    )
    [(_chunk, outcome)] = list(parse_bytes("crowd.phh", crafted.encode()))
    assert isinstance(outcome, HandParseError)
    assert "100,000 players: more than any hand has (at most 10)" in str(outcome)


def test_a_hand_of_more_lines_than_any_is_rejected_unread() -> None:
    first_hand = RAZZ.read_text(encoding="utf-8").split("\n\n")[0]
    chat = "".join(f'kobreli said, "{n}"\n' for n in range(MAX_HAND_LINES))
    crafted = f"{first_hand}\n{chat}\n\n"
    [(_chunk, outcome)] = list(parse_bytes("chatty.txt", crafted.encode()))
    assert isinstance(outcome, HandParseError)
    assert "lines: far more than a hand holds (at most 10,000)" in str(outcome)
