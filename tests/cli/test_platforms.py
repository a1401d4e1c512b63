"""Windows and macOS, as far as a Linux machine can prove (issue 50, point 4): each
system's client folders and a typed path's reading built with that system's pure path
class from a fake home and environment; a Windows client's UTF-16 file under a
non-ASCII folder; `watch` by polling, asked for or fallen back to; and a database held
by another process said in one line. What only the real systems can show is listed in
docs/platforms.md, with how a player checks it."""

from __future__ import annotations

import codecs
import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path, PurePosixPath, PureWindowsPath

import duckdb
import pytest

from pipeline.cli.app import app, utf8_when_redirected
from pipeline.sources.client_folders import ClientFolder, client_folders, default_places
from pipeline.sources.user_paths import interpreted_path
from pipeline.storage import database as database_module
from pipeline.storage.database import Database, is_lock_error
from pipeline.watch import watch_state, watching
from pipeline.watch.watching import FolderWatch, WatchStatus
from pipeline.workers import worker_pool
from tests.cli.test_cli import runner
from tests.conftest import HANG_SECONDS, REPO

RAZZ = (
    REPO / "sample_histories/PokerStars/HandHistory/studdraw_hero"
) / "HH20261114 T3958246017 Razz Limit.txt"
ZOE = PureWindowsPath("C:\\Users\\Zoë")
WINDOWS_ENVIRONMENT = {  # as Windows 11 sets them, names in the case it uses
    "USERPROFILE": str(ZOE),
    "LOCALAPPDATA": str(ZOE / "AppData" / "Local"),
    "APPDATA": str(ZOE / "AppData" / "Roaming"),
    "SystemDrive": "C:",
    "ProgramFiles": "C:\\Program Files",
    "ProgramFiles(x86)": "C:\\Program Files (x86)",
    "OneDrive": str(ZOE / "OneDrive"),
}


def _places(platform: str, home: object, environ: dict[str, str]) -> dict[str, set[str]]:
    """Each client's patterns, as text."""
    places: dict[str, set[str]] = {}
    for place in default_places(platform, home, environ):  # type: ignore[arg-type]
        places.setdefault(place.client, set()).add(str(place.pattern))
    return places


def _histories(hands: int = 3) -> str:
    """The first `hands` hands of a real PokerStars razz tournament file."""
    text = RAZZ.read_text(encoding="utf-8-sig")
    return "".join(hand.strip("\n") + "\n\n\n" for hand in text.split("\n\n\n")[:hands])


# ---------------------------------------------------------------- the clients' folders


def test_windows_places_are_windows_paths_under_the_users_own_folders() -> None:
    places = default_places("win32", ZOE, WINDOWS_ENVIRONMENT)
    assert places and all(isinstance(place.pattern, PureWindowsPath) for place in places)
    found = _places("win32", ZOE, WINDOWS_ENVIRONMENT)
    assert "C:\\Users\\Zoë\\AppData\\Local\\PokerStars*\\HandHistory" in found["PokerStars"]
    assert "C:\\Program Files (x86)\\PokerStars*\\HandHistory" in found["PokerStars"]
    assert {  # Documents, and OneDrive's Documents where its backup moved them
        "C:\\Users\\Zoë\\Documents\\HandHistory",
        "C:\\Users\\Zoë\\OneDrive\\Documents\\HandHistory",
    } <= found["Full Tilt"]
    assert (
        "C:\\Users\\Zoë\\AppData\\Roaming\\[Ww]inamax\\documents\\accounts\\*\\history"
        in found["Winamax"]
    )
    assert {
        "C:\\ACR Poker\\handHistory",
        "C:\\Users\\Zoë\\Documents\\AmericasCardroom\\handHistory",
    } <= found["ACR"]
    assert "C:\\Users\\Zoë\\AppData\\Local\\*\\data\\*\\History\\Data\\Tables" in found["iPoker"]
    assert "C:\\Programs\\*\\*\\HandHistory" in found["PartyPoker"]
    # every place is on drive C or under the user's profile: none is a Linux or Mac one
    assert all(
        place.pattern.drive == "C:" and "Library" not in place.pattern.parts for place in places
    )


def test_windows_places_follow_the_variables_whatever_their_case_and_a_roaming_share() -> None:
    """A profile on another drive and a roaming AppData on a share (\\\\server\\share):
    the variables win over the profile's layout; names are read as Windows does."""
    environ = {
        "userprofile": "D:\\Users\\Zoë",
        "appdata": "\\\\server\\profiles\\Zoë\\AppData\\Roaming",
        "systemdrive": "D:",
    }
    places = default_places("win32", "C:\\ignored", environ)
    winamax = [p.pattern for p in places if p.client == "Winamax" and "Roaming" in str(p.pattern)]
    assert winamax and all(pattern.drive == "\\\\server\\profiles" for pattern in winamax)
    assert winamax[0].anchor == "\\\\server\\profiles\\"
    local = {str(p.pattern) for p in places if p.client == "PokerStars"}
    assert "D:\\Users\\Zoë\\AppData\\Local\\PokerStars*\\HandHistory" in local  # from the profile
    assert "D:\\Program Files\\PokerStars*\\HandHistory" in local  # from the system drive


def test_windows_places_without_any_variable_come_from_the_home_folder() -> None:
    found = _places("win32", ZOE, {})
    assert "C:\\Users\\Zoë\\AppData\\Local\\PokerStars*\\HandHistory" in found["PokerStars"]
    assert "C:\\Users\\Zoë\\Documents\\HandHistory" in found["Full Tilt"]
    assert not any("OneDrive" in pattern for patterns in found.values() for pattern in patterns)


def test_mac_places_are_in_the_users_library_and_found_there(tmp_path: Path) -> None:
    places = default_places("darwin", "/Users/zoë", {})
    assert all(isinstance(place.pattern, PurePosixPath) for place in places)
    found = _places("darwin", "/Users/zoë", {})
    assert "/Users/zoë/Library/Application Support/PokerStars*/HandHistory" in found["PokerStars"]
    assert "/Users/zoë/Downloads/AmericasCardroom/handHistory" in found["ACR"]
    windows_folders = [p for ps in found.values() for p in ps if "AppData" in p or "C:" in p]
    assert all("/drive_c/" in pattern for pattern in windows_folders)  # Wine's (CrossOver)
    assert "/Users/zoë/Library/Application Support/CrossOver/Bottles/*/drive_c/users/*" in {
        pattern.split("/AppData")[0] for pattern in windows_folders
    }
    library = PurePosixPath("/Users/zoë/Library")
    for place in places:  # never "every app's folder": macOS would ask leave for each
        for protected in (library / "Application Support", library / "Containers"):
            if place.pattern.is_relative_to(protected):
                assert place.pattern.relative_to(protected).parts[0] != "*", place
    home = tmp_path / "zoë"
    support = home / "Library" / "Application Support"
    stars = support / "PokerStars" / "HandHistory"
    stars_fr = support / "PokerStarsFR" / "HandHistory"  # the French client: no dot on a Mac
    winamax = support / "winamax" / "documents" / "accounts" / "Zoë" / "history"
    ipoker = home / "Library/Containers/fr.pmu.poker.macos/Data/Library/Application Support"
    ipoker_tables = ipoker / "PMU PLAY" / "Zoë" / "History" / "Data" / "Tables"
    for folder in (stars / "Zoë", stars_fr / "Zoë", winamax, ipoker_tables):
        folder.mkdir(parents=True)
    assert set(client_folders(home, {}, "darwin")) == {
        ClientFolder("PokerStars", stars),
        ClientFolder("PokerStars", stars_fr),
        ClientFolder("Winamax", winamax),
        ClientFolder("iPoker", ipoker_tables),
    }
    assert client_folders(home, {}, "linux") == []  # a Mac's folders are not Linux's


def test_linux_finds_the_native_client_and_every_wine_prefix(tmp_path: Path) -> None:
    home = tmp_path / "home"
    native = tmp_path / "config" / "winamax" / "documents" / "accounts" / "Zoë" / "history"
    prefix = tmp_path / "elsewhere" / "poker-prefix"  # named by $WINEPREFIX
    stars = prefix / "drive_c" / "users" / "zoë" / "AppData" / "Local" / "PokerStars.FR"
    bottle = home / ".local/share/bottles/bottles/Poker/drive_c"
    ipoker = bottle / "users/zoë/AppData/Local/Red Star Poker/data/Zoë/History/Data/Tables"
    party = bottle / "Programs/PartyGaming/PartyPoker/HandHistory"
    for folder in (native, stars / "HandHistory" / "Zoë", ipoker, party):
        folder.mkdir(parents=True)
    environ = {"WINEPREFIX": str(prefix), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    assert set(client_folders(home, environ, "linux")) == {
        ClientFolder("Winamax", native),
        ClientFolder("PokerStars", stars / "HandHistory"),
        ClientFolder("iPoker", ipoker),
        ClientFolder("PartyPoker", party),
    }
    without_variables = set(client_folders(home, {}, "linux"))  # the bottle, found alone
    assert without_variables == {ClientFolder("iPoker", ipoker), ClientFolder("PartyPoker", party)}


def test_a_home_whose_name_reads_as_a_pattern_is_taken_as_it_is(tmp_path: Path) -> None:
    """A "[" in a user's folder (Zoë [poker]) is part of its name, not a set of
    characters: the places under it are found, on this disk and in Windows' patterns."""
    home = tmp_path / "zoë [poker]"
    stars = home / ".wine/drive_c/users/zoë/AppData/Local/PokerStars/HandHistory"
    (stars / "Zoë").mkdir(parents=True)
    (tmp_path / "zoë p").mkdir()  # what "[poker]" as a set would match instead: nothing
    assert client_folders(home, {}, "linux") == [ClientFolder("PokerStars", stars)]
    windows = default_places("win32", "C:\\Users\\Zoë [poker]", {})[0].pattern
    assert windows == PureWindowsPath(
        "C:/Users/Zoë [[]poker]/AppData/Local/PokerStars*/HandHistory"
    )


# ---------------------------------------------------------------------- typed paths


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("C:\\Users\\Zoë\\HandHistory", "C:\\Users\\Zoë\\HandHistory"),
        ("C:/Users/Zoë/HandHistory", "C:\\Users\\Zoë\\HandHistory"),  # forward slashes
        ('C:\\My Hands"', "C:\\My Hands"),  # "C:\My Hands\" as the C runtime passes it
        ('"C:\\My Hands"', "C:\\My Hands"),
        (
            "%LOCALAPPDATA%\\PokerStars\\HandHistory",
            "C:\\Users\\Zoë\\AppData\\Local\\PokerStars\\HandHistory",
        ),
        ("%localappdata%\\PokerStars", "C:\\Users\\Zoë\\AppData\\Local\\PokerStars"),  # as cmd
        ("%NOT_SET%\\hands", "%NOT_SET%\\hands"),  # kept, as cmd.exe keeps it
        ("~\\Documents\\HandHistory", "C:\\Users\\Zoë\\Documents\\HandHistory"),
        ("\\\\server\\share\\HandHistory", "\\\\server\\share\\HandHistory"),
        ("hands\\today", "hands\\today"),  # relative: to the current folder
    ],
)
def test_a_path_typed_on_windows_is_read_as_the_player_meant(typed: str, meant: str) -> None:
    path = interpreted_path(typed, "win32", ZOE, WINDOWS_ENVIRONMENT)
    assert isinstance(path, PureWindowsPath)
    assert path == PureWindowsPath(meant)


def test_unc_and_drive_paths_keep_their_anchor_on_windows() -> None:
    share = interpreted_path("\\\\server\\share\\HandHistory\\Zoë", "win32", ZOE, {})
    assert (share.drive, share.anchor) == ("\\\\server\\share", "\\\\server\\share\\")
    assert share.parts[1:] == ("HandHistory", "Zoë")
    drive = interpreted_path("d:/hands", "win32", ZOE, {})
    assert drive.drive == "d:" and drive.is_absolute()
    assert interpreted_path("C:\\HANDS", "win32", ZOE, {}) == PureWindowsPath("c:\\hands")


def test_a_backslash_is_part_of_a_name_on_linux_and_a_quoted_tilde_is_home() -> None:
    name = interpreted_path("hands\\today", "linux", "/home/zoë", {})
    assert name == PurePosixPath("hands\\today") and len(name.parts) == 1
    assert interpreted_path("~/hands", "darwin", "/Users/zoë", {}) == PurePosixPath(
        "/Users/zoë/hands"
    )
    assert interpreted_path("~other/hands", "linux", "/home/zoë", {}) == PurePosixPath(
        "~other/hands"
    )


def test_import_of_a_quoted_home_path_and_a_windows_clients_utf16_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Windows client's file (UTF-16 big-endian, a byte-order mark, CRLF) in a folder
    named with an accent, named as "~/..." (quoted: no shell expanded it): imported, the
    same hands as the UTF-8 file."""
    monkeypatch.setenv("HOME", str(tmp_path))
    folder = tmp_path / "Zoë" / "HandHistory"
    folder.mkdir(parents=True)
    text = _histories()
    windows_bytes = codecs.BOM_UTF16_BE + text.replace("\n", "\r\n").encode("utf-16-be")
    (folder / "HH20261114 Razz.txt").write_bytes(windows_bytes)
    database = tmp_path / "mine.duckdb"
    result = runner().invoke(
        app, ["import", "~/Zoë/HandHistory", "--db", str(database), "--jobs", "1"]
    )
    assert result.exit_code == 0, result.stderr
    assert "3 hands imported" in result.stderr
    with duckdb.connect(str(database), read_only=True) as connection:
        stored = connection.execute("SELECT count(*), count(DISTINCT hand_number) FROM hands")
        assert stored.fetchall() == [(3, 3)]


# ---------------------------------------------------------------------------- watch


def _watched(
    folder: Path, database: Path, poll: bool
) -> tuple[FolderWatch, list[WatchStatus], threading.Event, threading.Thread]:
    statuses: list[WatchStatus] = []
    watch = FolderWatch([folder], Database(database), statuses.append, poll=poll)
    stop = threading.Event()
    thread = threading.Thread(target=watch.run, args=(stop,), daemon=True)
    thread.start()
    return watch, statuses, stop, thread


def _until_imported(statuses: list[WatchStatus], hands: int) -> None:
    started = time.monotonic()
    while not statuses or statuses[-1].hands_today < hands:
        assert time.monotonic() - started < HANG_SECONDS, "the watch never stored the hands"
        time.sleep(0.05)


@pytest.mark.parametrize("why", ["asked (--poll)", "the system's notifier cannot start"])
def test_a_polling_watch_stores_a_file_written_after_it_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, why: str
) -> None:
    """Polling is what a share needs (its changes made by another machine are never
    told), and what is left when inotify is out of watches: a file appearing is stored
    all the same, told by the polling observer (the whole search every ten seconds is
    pushed out of the test's reach)."""
    monkeypatch.setattr(watching, "RESCAN_SECONDS", HANG_SECONDS * 10)
    if why != "asked (--poll)":

        class NoNotifier(watching.Observer):  # type: ignore[misc,valid-type]
            def schedule(self, *_args: object, **_kwargs: object) -> object:
                raise OSError(28, "inotify watch limit reached")

        monkeypatch.setattr(watching, "Observer", NoNotifier)
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    watch, statuses, stop, thread = _watched(folder, tmp_path / "w.duckdb", why == "asked (--poll)")
    try:
        _until_imported(statuses, 0)  # the first import, of nothing
        assert watch.polling is True
        (folder / "HH20261114 Razz.txt").write_text(_histories(), encoding="utf-8")
        _until_imported(statuses, 3)
    finally:
        stop.set()
        watch.wake()
        thread.join(HANG_SECONDS)
    assert not thread.is_alive()
    assert statuses[-1].files == 1


@pytest.mark.parametrize("options", [["--poll"], []])
def test_the_watch_command_takes_poll_and_says_when_it_fell_back_to_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, options: list[str]
) -> None:
    """`studdraw watch --poll` reaches the watch; a watch that polls unasked (the
    notifier could not start) says so once. The watch stops at once here, leaving this
    process's priority and Ctrl+C as they were."""
    asked: list[bool] = []

    def polling_then_stopped(self: FolderWatch, stop: threading.Event) -> None:
        asked.append(self.poll)
        self.polling = True  # asked for, or fallen back to
        for _ in range(2):
            assert self.on_status is not None
            self.on_status(WatchStatus(1, 0, 0, 0, None))
        stop.set()

    monkeypatch.setattr(FolderWatch, "run", polling_then_stopped)
    monkeypatch.setattr(worker_pool, "lower_priority", lambda: None)
    monkeypatch.setattr(signal, "signal", lambda *_args: None)
    database = tmp_path / "w.duckdb"
    result = runner().invoke(app, ["watch", str(tmp_path), *options, "--db", str(database)])
    assert result.exit_code == 0, result.stderr
    assert asked == [options == ["--poll"]]
    fell_back = "notifier could not start"
    assert result.stderr.count(fell_back) == (0 if options else 1), result.stderr


# ----------------------------------------------------------------- a held database

HOLDER = """
import sys, duckdb
connection = duckdb.connect(sys.argv[1])
connection.execute("CREATE TABLE IF NOT EXISTS held (x INTEGER)")
print("held", flush=True)
sys.stdin.read()
connection.close()
"""


def test_a_database_another_process_writes_is_said_busy_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DuckDB lets one process have the file for writing: another process's import
    waits `LOCK_WAIT_SECONDS`, then says the database is busy (no traceback) and leaves
    it as it was."""
    database = tmp_path / "held.duckdb"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(database)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        monkeypatch.setattr(database_module, "LOCK_WAIT_SECONDS", 0.5)
        command = ["import", str(RAZZ), "--jobs", "1", "--db", str(database)]
        result = runner().invoke(app, command)
        assert result.exit_code == 1, result.stderr
        assert "the database is busy" in result.stderr, result.stderr
        assert result.exception is None or isinstance(result.exception, SystemExit)
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(HANG_SECONDS)
    with duckdb.connect(str(database), read_only=True) as connection:
        tables = {name for (name,) in connection.execute("SHOW TABLES").fetchall()}
    assert tables == {"held"}  # nothing written by the refused import


def test_a_file_windows_says_is_used_by_another_process_is_waited_for() -> None:
    """On Windows a program that opened the file without sharing it (an antivirus, a
    backup) makes DuckDB say so in Windows' words: a hold to wait out like a lock."""
    sharing = duckdb.IOException(
        'Cannot open file "C:\\Users\\Zoë\\studdraw.duckdb": The process cannot access the '
        "file because it is being used by another process."
    )
    assert is_lock_error(sharing)
    assert not is_lock_error(duckdb.IOException('Cannot open file "x": Access is denied.'))


def test_a_watch_state_windows_will_not_replace_while_read_is_retried_then_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On Windows a file another process has open (the dashboard reading the watch's
    state) cannot be replaced: `os.replace` raises PermissionError there. The watch
    tries again, and if the reader never lets go keeps the last status and goes on."""
    database = tmp_path / "hands.duckdb"
    state = watch_state.claim(database, [tmp_path], "command line")
    real_replace, refusals = os.replace, [2]

    def held_by_a_reader(source: str, target: Path) -> None:
        if refusals[0]:
            refusals[0] -= 1
            raise PermissionError(13, "Access is denied", str(target))
        real_replace(source, target)

    monkeypatch.setattr(watch_state.os, "replace", held_by_a_reader)
    state = watch_state.report(database, state, "3 files watched")  # refused twice, then
    assert refusals == [0]
    assert watch_state.current_watch(database) == state
    refusals[0] = watch_state.REPLACE_TRIES  # a reader that never lets go
    watch_state.report(database, state, "4 files watched")
    assert watch_state.current_watch(database) == state  # the last status stays
    assert sorted(path.name for path in tmp_path.iterdir()) == ["hands.duckdb.watch"]
    watch_state.release(database)


# ------------------------------------------------------------------ output on Windows


def _redirected(encoding: str) -> tuple[io.BytesIO, io.TextIOWrapper]:
    raw = io.BytesIO()
    return raw, io.TextIOWrapper(raw, encoding=encoding, newline="")


def test_output_redirected_on_windows_is_utf8_so_any_screen_name_is_written() -> None:
    """`studdraw query --csv > hands.csv` on Windows: Python writes a file or pipe in the
    ANSI code page there (cp1252), where "Łukasz" stopped the command."""
    raw, stream = _redirected("cp1252")
    with pytest.raises(UnicodeEncodeError):
        stream.write("Łukasz,王\n")
        stream.flush()
    raw, stream = _redirected("cp1252")
    utf8_when_redirected(stream, "win32", {})
    stream.write("Łukasz,王\n")
    stream.flush()
    assert raw.getvalue() == "Łukasz,王\n".encode()
    for platform, environ in (("linux", {}), ("win32", {"PYTHONIOENCODING": "cp1252"})):
        raw, stream = _redirected("cp1252")
        utf8_when_redirected(stream, platform, environ)  # left as it was
        assert stream.encoding == "cp1252"
